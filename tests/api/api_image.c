/* OpenCL 1.2 API conformance: images and samplers without kernels: device
 * limits, formats, creation and its errors, queries, and host data round
 * trips through write/read/copy/fill/map for every image type. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "api.h"

/* ---- device limits and formats -------------------------------------------- */

static int api_has_format(const cl_image_format *list, cl_uint n, cl_channel_order o,
                          cl_channel_type ty) {
  for (cl_uint i = 0; i < n; i++)
    if (list[i].image_channel_order == o && list[i].image_channel_data_type == ty) return 1;
  return 0;
}

static void api_image_limits(api *t) {
  CHECK(api_dev_ulong(t, CL_DEVICE_IMAGE_SUPPORT, sizeof(cl_bool)) == CL_TRUE);
  /* OpenCL 1.2 full-profile minimums (table 4.3) */
  CHECK(api_dev_ulong(t, CL_DEVICE_IMAGE2D_MAX_WIDTH, sizeof(size_t)) >= 8192);
  CHECK(api_dev_ulong(t, CL_DEVICE_IMAGE2D_MAX_HEIGHT, sizeof(size_t)) >= 8192);
  CHECK(api_dev_ulong(t, CL_DEVICE_IMAGE3D_MAX_WIDTH, sizeof(size_t)) >= 2048);
  CHECK(api_dev_ulong(t, CL_DEVICE_IMAGE3D_MAX_HEIGHT, sizeof(size_t)) >= 2048);
  CHECK(api_dev_ulong(t, CL_DEVICE_IMAGE3D_MAX_DEPTH, sizeof(size_t)) >= 2048);
  CHECK(api_dev_ulong(t, CL_DEVICE_IMAGE_MAX_BUFFER_SIZE, sizeof(size_t)) >= 65536);
  CHECK(api_dev_ulong(t, CL_DEVICE_IMAGE_MAX_ARRAY_SIZE, sizeof(size_t)) >= 2048);
  CHECK(api_dev_ulong(t, CL_DEVICE_MAX_READ_IMAGE_ARGS, sizeof(cl_uint)) >= 128);
  CHECK(api_dev_ulong(t, CL_DEVICE_MAX_WRITE_IMAGE_ARGS, sizeof(cl_uint)) >= 8);
  CHECK(api_dev_ulong(t, CL_DEVICE_MAX_SAMPLERS, sizeof(cl_uint)) >= 16);

  cl_uint n = 0;
  CHECK_ERR(
      clGetSupportedImageFormats(t->ctx, CL_MEM_READ_WRITE, CL_MEM_OBJECT_IMAGE2D, 0, NULL, &n),
      CL_SUCCESS);
  CHECK(n > 0);
  cl_image_format *list = calloc(n ? n : 1, sizeof *list);
  cl_uint n2 = 0;
  CHECK_ERR(
      clGetSupportedImageFormats(t->ctx, CL_MEM_READ_WRITE, CL_MEM_OBJECT_IMAGE2D, n, list, &n2),
      CL_SUCCESS);
  CHECK(n2 == n);
  /* the formats the full profile requires (5.3.2.1, table 5.8) */
  static const cl_channel_type rgba[] = {
      CL_UNORM_INT8,    CL_UNORM_INT16,    CL_SIGNED_INT8,    CL_SIGNED_INT16, CL_SIGNED_INT32,
      CL_UNSIGNED_INT8, CL_UNSIGNED_INT16, CL_UNSIGNED_INT32, CL_HALF_FLOAT,   CL_FLOAT};
  for (size_t i = 0; i < sizeof rgba / sizeof rgba[0]; i++)
    CHECK(api_has_format(list, n, CL_RGBA, rgba[i]));
  CHECK(api_has_format(list, n, CL_BGRA, CL_UNORM_INT8));
  free(list);
  cl_image_format one;
  CHECK_ERR(
      clGetSupportedImageFormats(t->ctx, CL_MEM_READ_ONLY, CL_MEM_OBJECT_IMAGE3D, 1, &one, NULL),
      CL_SUCCESS);
  CHECK_ERR(
      clGetSupportedImageFormats(t->ctx, CL_MEM_READ_WRITE, CL_MEM_OBJECT_IMAGE2D, 0, &one, NULL),
      CL_INVALID_VALUE);
  CHECK_ERR_POCL(
      clGetSupportedImageFormats(t->ctx, CL_MEM_READ_WRITE, CL_MEM_OBJECT_BUFFER, 1, &one, NULL),
      CL_INVALID_VALUE, "PoCL lists formats for a buffer type");
  CHECK_ERR_POCL(clGetSupportedImageFormats(t->ctx, CL_MEM_READ_ONLY | CL_MEM_WRITE_ONLY,
                                            CL_MEM_OBJECT_IMAGE2D, 1, &one, NULL),
                 CL_INVALID_VALUE, "PoCL does not check the flags");
  CHECK_BAD(clGetSupportedImageFormats(WRONG(cl_context, t->q), CL_MEM_READ_WRITE,
                                       CL_MEM_OBJECT_IMAGE2D, 1, &one, NULL),
            CL_INVALID_CONTEXT);
}

/* ---- creation errors ------------------------------------------------------ */

static cl_mem api_img(api *t, cl_mem_flags f, cl_image_format fmt, cl_image_desc d, void *host,
                      cl_int *e) {
  return clCreateImage(t->ctx, f, &fmt, &d, host, e);
}

static cl_image_desc api_desc(cl_mem_object_type ty, size_t w, size_t h, size_t d, size_t a) {
  cl_image_desc desc;
  memset(&desc, 0, sizeof desc);
  desc.image_type = ty;
  desc.image_width = w;
  desc.image_height = h;
  desc.image_depth = d;
  desc.image_array_size = a;
  return desc;
}

#define CREATE_ERR(f, fmt, desc, host, want)                                                       \
  do {                                                                                             \
    cl_int e_ = 1;                                                                                 \
    cl_mem m_ = api_img(t, f, fmt, desc, host, &e_);                                               \
    CHECK_ERR(e_, want);                                                                           \
    if (m_) clReleaseMemObject(m_);                                                                \
  } while (0)
#define CREATE_ERR_POCL(f, fmt, desc, host, want, why)                                             \
  do {                                                                                             \
    cl_int e_ = 1;                                                                                 \
    cl_mem m_ = api_img(t, f, fmt, desc, host, &e_);                                               \
    CHECK_ERR_POCL(e_, want, why);                                                                 \
    if (m_) clReleaseMemObject(m_);                                                                \
  } while (0)

static void api_image_create_errors(api *t) {
  static uint8_t host[64 * 64 * 16];
  const cl_image_format rgba8 = {CL_RGBA, CL_UNORM_INT8};
  cl_image_desc d2 = api_desc(CL_MEM_OBJECT_IMAGE2D, 16, 8, 0, 0);
  cl_int e;
  CHECK_BAD((clCreateImage(WRONG(cl_context, t->q), 0, &rgba8, &d2, NULL, &e), e),
            CL_INVALID_CONTEXT);
  CREATE_ERR(CL_MEM_READ_ONLY | CL_MEM_WRITE_ONLY, rgba8, d2, NULL, CL_INVALID_VALUE);
  CREATE_ERR(CL_MEM_USE_HOST_PTR | CL_MEM_COPY_HOST_PTR, rgba8, d2, host, CL_INVALID_VALUE);
  CREATE_ERR((cl_mem_flags)1 << 40, rgba8, d2, NULL, CL_INVALID_VALUE);
  clCreateImage(t->ctx, 0, NULL, &d2, NULL, &e);
  CHECK_ERR(e, CL_INVALID_IMAGE_FORMAT_DESCRIPTOR);
  /* formats the specification does not define */
  CREATE_ERR_POCL(0, ((cl_image_format){CL_RGB, CL_UNORM_INT8}), d2, NULL,
                  CL_INVALID_IMAGE_FORMAT_DESCRIPTOR,
                  "PoCL answers an undefined format with CL_INVALID_OPERATION");
  CREATE_ERR_POCL(0, ((cl_image_format){0x7777, CL_UNORM_INT8}), d2, NULL,
                  CL_INVALID_IMAGE_FORMAT_DESCRIPTOR,
                  "PoCL answers an undefined format with CL_INVALID_OPERATION");
  CREATE_ERR_POCL(0, ((cl_image_format){CL_RGBA, 0x7777}), d2, NULL,
                  CL_INVALID_IMAGE_FORMAT_DESCRIPTOR,
                  "PoCL answers an undefined format with CL_INVALID_OPERATION");
  /* a defined format the device does not list */
  cl_uint n = 0;
  clGetSupportedImageFormats(t->ctx, 0, CL_MEM_OBJECT_IMAGE2D, 0, NULL, &n);
  cl_image_format *list = calloc(n ? n : 1, sizeof *list);
  clGetSupportedImageFormats(t->ctx, 0, CL_MEM_OBJECT_IMAGE2D, n, list, NULL);
  static const cl_image_format cand[] = {{CL_RGB, CL_UNORM_SHORT_565},
                                         {CL_RGB, CL_UNORM_SHORT_555},
                                         {CL_RGB, CL_UNORM_INT_101010},
                                         {CL_RGBx, CL_UNORM_SHORT_565},
                                         {CL_ARGB, CL_SIGNED_INT8}};
  for (size_t i = 0; i < sizeof cand / sizeof cand[0]; i++)
    if (!api_has_format(list, n, cand[i].image_channel_order, cand[i].image_channel_data_type)) {
      CREATE_ERR_POCL(0, cand[i], d2, NULL, CL_IMAGE_FORMAT_NOT_SUPPORTED,
                      "PoCL answers an unsupported format with CL_INVALID_OPERATION");
      break;
    }
  free(list);

  clCreateImage(t->ctx, 0, &rgba8, NULL, NULL, &e);
  CHECK_ERR(e, CL_INVALID_IMAGE_DESCRIPTOR);
  CREATE_ERR_POCL(0, rgba8, api_desc(CL_MEM_OBJECT_BUFFER, 16, 8, 0, 0), NULL,
                  CL_INVALID_IMAGE_DESCRIPTOR,
                  "PoCL answers an unknown image type with "
                  "CL_INVALID_VALUE");
  CREATE_ERR_POCL(0, rgba8, api_desc(CL_MEM_OBJECT_IMAGE2D, 0, 8, 0, 0), NULL,
                  CL_INVALID_IMAGE_DESCRIPTOR,
                  "PoCL answers a zero size with CL_INVALID_BUFFER_SIZE");
  CREATE_ERR_POCL(0, rgba8, api_desc(CL_MEM_OBJECT_IMAGE3D, 4, 4, 0, 0), NULL,
                  CL_INVALID_IMAGE_DESCRIPTOR,
                  "PoCL answers a zero size with CL_INVALID_BUFFER_SIZE");
  CREATE_ERR_POCL(0, rgba8, api_desc(CL_MEM_OBJECT_IMAGE2D_ARRAY, 4, 4, 0, 0), NULL,
                  CL_INVALID_IMAGE_DESCRIPTOR,
                  "PoCL answers a zero size with CL_INVALID_BUFFER_SIZE");
  cl_image_desc mip = d2;
  mip.num_mip_levels = 2;
  CHECK_NOT_POCL((clCreateImage(t->ctx, 0, &rgba8, &mip, NULL, &e), e), CL_INVALID_IMAGE_DESCRIPTOR,
                 "PoCL aborts on mip levels (unimplemented)");
  cl_image_desc pitch = d2;
  pitch.image_row_pitch = 16 * 4;
  CREATE_ERR_POCL(0, rgba8, pitch, NULL, CL_INVALID_IMAGE_DESCRIPTOR,
                  "PoCL accepts a row pitch without a host pointer");
  pitch.image_row_pitch = 16 * 4 - 4; /* shorter than a row */
  CREATE_ERR_POCL(CL_MEM_COPY_HOST_PTR, rgba8, pitch, host, CL_INVALID_IMAGE_DESCRIPTOR,
                  "PoCL accepts a row pitch shorter than a row");
  pitch.image_row_pitch = 16 * 4 + 2; /* not a multiple of the element */
  CREATE_ERR_POCL(CL_MEM_COPY_HOST_PTR, rgba8, pitch, host, CL_INVALID_IMAGE_DESCRIPTOR,
                  "PoCL answers a row pitch that is no multiple of the element with "
                  "CL_INVALID_VALUE");
  cl_image_desc d3 = api_desc(CL_MEM_OBJECT_IMAGE3D, 4, 4, 4, 0);
  d3.image_slice_pitch = 4 * 4 * 3; /* less than row pitch x height */
  CREATE_ERR_POCL(CL_MEM_COPY_HOST_PTR, rgba8, d3, host, CL_INVALID_IMAGE_DESCRIPTOR,
                  "PoCL accepts a slice pitch shorter than a slice");
  CREATE_ERR(CL_MEM_COPY_HOST_PTR, rgba8, d2, NULL, CL_INVALID_HOST_PTR);
  CREATE_ERR(CL_MEM_USE_HOST_PTR, rgba8, d2, NULL, CL_INVALID_HOST_PTR);
  CREATE_ERR_POCL(0, rgba8, d2, host, CL_INVALID_HOST_PTR,
                  "PoCL accepts a host pointer without a host-pointer flag");

  /* sizes beyond the device's limits */
  size_t w2 = (size_t)api_dev_ulong(t, CL_DEVICE_IMAGE2D_MAX_WIDTH, sizeof(size_t));
  size_t h2 = (size_t)api_dev_ulong(t, CL_DEVICE_IMAGE2D_MAX_HEIGHT, sizeof(size_t));
  size_t d3max = (size_t)api_dev_ulong(t, CL_DEVICE_IMAGE3D_MAX_DEPTH, sizeof(size_t));
  size_t amax = (size_t)api_dev_ulong(t, CL_DEVICE_IMAGE_MAX_ARRAY_SIZE, sizeof(size_t));
  const char *pocl_size = "PoCL answers an image beyond the device limits with "
                          "CL_INVALID_OPERATION";
  CREATE_ERR_POCL(0, rgba8, api_desc(CL_MEM_OBJECT_IMAGE2D, w2 + 1, 1, 0, 0), NULL,
                  CL_INVALID_IMAGE_SIZE, pocl_size);
  CREATE_ERR_POCL(0, rgba8, api_desc(CL_MEM_OBJECT_IMAGE2D, 1, h2 + 1, 0, 0), NULL,
                  CL_INVALID_IMAGE_SIZE, pocl_size);
  CREATE_ERR_POCL(0, rgba8, api_desc(CL_MEM_OBJECT_IMAGE1D, w2 + 1, 0, 0, 0), NULL,
                  CL_INVALID_IMAGE_SIZE, pocl_size);
  CREATE_ERR_POCL(0, rgba8, api_desc(CL_MEM_OBJECT_IMAGE3D, 1, 1, d3max + 1, 0), NULL,
                  CL_INVALID_IMAGE_SIZE, pocl_size);
  CREATE_ERR_POCL(0, rgba8, api_desc(CL_MEM_OBJECT_IMAGE2D_ARRAY, 1, 1, 0, amax + 1), NULL,
                  CL_INVALID_IMAGE_SIZE, pocl_size);
  CREATE_ERR_POCL(0, rgba8, api_desc(CL_MEM_OBJECT_IMAGE1D_ARRAY, 1, 0, 0, amax + 1), NULL,
                  CL_INVALID_IMAGE_SIZE, pocl_size);

  /* 1D buffer images */
  cl_mem b = clCreateBuffer(t->ctx, CL_MEM_READ_WRITE, 256, NULL, &e);
  cl_image_desc db = api_desc(CL_MEM_OBJECT_IMAGE1D_BUFFER, 64, 0, 0, 0);
  CREATE_ERR_POCL(0, rgba8, db, NULL, CL_INVALID_IMAGE_DESCRIPTOR,
                  "PoCL answers a missing buffer with CL_INVALID_MEM_OBJECT");
  db.buffer = b;
  db.image_width = 65; /* 260 bytes of a 256-byte buffer */
  CREATE_ERR_POCL(0, rgba8, db, NULL, CL_INVALID_IMAGE_SIZE,
                  "PoCL answers a buffer too small with CL_INVALID_MEM_OBJECT");
  db.image_width = 64;
  CREATE_ERR_POCL(CL_MEM_USE_HOST_PTR, rgba8, db, host, CL_INVALID_VALUE,
                  "PoCL accepts host-pointer flags on a 1D buffer image");
  cl_image_desc d2b = d2;
  d2b.buffer = b;
  CREATE_ERR_POCL(0, rgba8, d2b, NULL, CL_INVALID_IMAGE_DESCRIPTOR,
                  "PoCL answers a buffer with a 2D image with CL_INVALID_OPERATION");
  cl_mem wo = clCreateBuffer(t->ctx, CL_MEM_WRITE_ONLY, 256, NULL, &e);
  db.buffer = wo;
  CREATE_ERR_POCL(CL_MEM_READ_ONLY, rgba8, db, NULL, CL_INVALID_VALUE,
                  "PoCL lets a 1D buffer image widen its buffer's access");
  db.buffer = b;
  cl_mem img = api_img(t, 0, rgba8, db, NULL, &e);
  CHECK_ERR(e, CL_SUCCESS);
  if (img) {
    cl_image_desc dbi = db;
    dbi.buffer = img; /* an image is not a buffer */
    CREATE_ERR_POCL(0, rgba8, dbi, NULL, CL_INVALID_IMAGE_DESCRIPTOR,
                    "PoCL makes a 1D buffer image of an image");
    clReleaseMemObject(img);
  }
  clReleaseMemObject(wo);
  clReleaseMemObject(b);

  /* the 1.1 entry points: sizes and pitches are CL_INVALID_IMAGE_SIZE */
  cl_mem m = clCreateImage2D(t->ctx, 0, &rgba8, 0, 8, 0, NULL, &e);
  CHECK_ERR_POCL(e, CL_INVALID_IMAGE_SIZE, "PoCL answers a zero size with CL_INVALID_BUFFER_SIZE");
  if (m) clReleaseMemObject(m);
  m = clCreateImage2D(t->ctx, 0, &rgba8, 8, 8, 64, NULL, &e);
  CHECK_ERR_POCL(e, CL_INVALID_IMAGE_SIZE, "PoCL accepts a row pitch without a host pointer");
  if (m) clReleaseMemObject(m);
  m = clCreateImage3D(t->ctx, 0, &rgba8, 8, 8, 1, 0, 0, NULL, &e);
  CHECK_ERR_POCL(e, CL_INVALID_IMAGE_SIZE, "PoCL accepts a 3D image of depth 1");
  if (m) clReleaseMemObject(m);
  m = clCreateImage2D(t->ctx, 0, NULL, 8, 8, 0, NULL, &e);
  CHECK_ERR(e, CL_INVALID_IMAGE_FORMAT_DESCRIPTOR);
  m = clCreateImage2D(t->ctx, 0, &rgba8, 8, 8, 0, NULL, &e);
  CHECK_ERR(e, CL_SUCCESS);
  if (m) {
    cl_mem_object_type ty = 0;
    CHECK_ERR(clGetMemObjectInfo(m, CL_MEM_TYPE, sizeof ty, &ty, NULL), CL_SUCCESS);
    CHECK(ty == CL_MEM_OBJECT_IMAGE2D);
    clReleaseMemObject(m);
  }
  m = clCreateImage3D(t->ctx, 0, &rgba8, 8, 8, 2, 0, 0, NULL, &e);
  CHECK_ERR(e, CL_SUCCESS);
  if (m) clReleaseMemObject(m);
}

/* ---- queries -------------------------------------------------------------- */

static void api_image_info(api *t) {
  const cl_image_format fmt = {CL_RGBA, CL_UNSIGNED_INT16};
  cl_int e;
  cl_mem buf = clCreateBuffer(t->ctx, CL_MEM_READ_ONLY, 8 * 40, NULL, &e);
  static const struct {
    cl_mem_object_type ty;
    size_t w, h, d, a;
  } cases[] = {
      {CL_MEM_OBJECT_IMAGE1D, 40, 0, 0, 0},       {CL_MEM_OBJECT_IMAGE1D_BUFFER, 40, 0, 0, 0},
      {CL_MEM_OBJECT_IMAGE1D_ARRAY, 40, 0, 0, 3}, {CL_MEM_OBJECT_IMAGE2D, 40, 7, 0, 0},
      {CL_MEM_OBJECT_IMAGE2D_ARRAY, 40, 7, 0, 3}, {CL_MEM_OBJECT_IMAGE3D, 40, 7, 5, 0}};
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
    cl_image_desc d = api_desc(cases[i].ty, cases[i].w, cases[i].h, cases[i].d, cases[i].a);
    if (cases[i].ty == CL_MEM_OBJECT_IMAGE1D_BUFFER) d.buffer = buf;
    cl_mem m = api_img(t, 0, fmt, d, NULL, &e);
    CHECK_ERR(e, CL_SUCCESS);
    if (!m) continue;
    cl_image_format f = {0, 0};
    CHECK_ERR(clGetImageInfo(m, CL_IMAGE_FORMAT, sizeof f, &f, NULL), CL_SUCCESS);
    CHECK(f.image_channel_order == CL_RGBA && f.image_channel_data_type == CL_UNSIGNED_INT16);
    size_t v = 0;
    CHECK_ERR(clGetImageInfo(m, CL_IMAGE_ELEMENT_SIZE, sizeof v, &v, NULL), CL_SUCCESS);
    CHECK(v == 8);
    CHECK_ERR(clGetImageInfo(m, CL_IMAGE_WIDTH, sizeof v, &v, NULL), CL_SUCCESS);
    CHECK(v == cases[i].w);
    CHECK_ERR(clGetImageInfo(m, CL_IMAGE_HEIGHT, sizeof v, &v, NULL), CL_SUCCESS);
    CHECK(v == cases[i].h);
    CHECK_ERR(clGetImageInfo(m, CL_IMAGE_DEPTH, sizeof v, &v, NULL), CL_SUCCESS);
    CHECK(v == cases[i].d);
    CHECK_ERR(clGetImageInfo(m, CL_IMAGE_ARRAY_SIZE, sizeof v, &v, NULL), CL_SUCCESS);
    CHECK(v == cases[i].a);
    CHECK_ERR(clGetImageInfo(m, CL_IMAGE_ROW_PITCH, sizeof v, &v, NULL), CL_SUCCESS);
    CHECK(v >= 8 * cases[i].w);
    cl_mem ib = (cl_mem)1;
    CHECK_ERR(clGetImageInfo(m, CL_IMAGE_BUFFER, sizeof ib, &ib, NULL), CL_SUCCESS);
    CHECK(ib == (cases[i].ty == CL_MEM_OBJECT_IMAGE1D_BUFFER ? buf : NULL));
    cl_uint u = 7;
    CHECK_ERR(clGetImageInfo(m, CL_IMAGE_NUM_MIP_LEVELS, sizeof u, &u, NULL), CL_SUCCESS);
    CHECK(u == 0);
    cl_mem_object_type ty = 0;
    CHECK_ERR(clGetMemObjectInfo(m, CL_MEM_TYPE, sizeof ty, &ty, NULL), CL_SUCCESS);
    CHECK(ty == cases[i].ty);
    cl_mem_flags fl = 0;
    CHECK_ERR(clGetMemObjectInfo(m, CL_MEM_FLAGS, sizeof fl, &fl, NULL), CL_SUCCESS);
    /* a 1D buffer image inherits its buffer's access */
    CHECK(fl ==
          (cases[i].ty == CL_MEM_OBJECT_IMAGE1D_BUFFER ? CL_MEM_READ_ONLY : CL_MEM_READ_WRITE));
    cl_mem assoc = (cl_mem)1;
    CHECK_ERR(clGetMemObjectInfo(m, CL_MEM_ASSOCIATED_MEMOBJECT, sizeof assoc, &assoc, NULL),
              CL_SUCCESS);
    CHECK(assoc == (cases[i].ty == CL_MEM_OBJECT_IMAGE1D_BUFFER ? buf : NULL));
    CHECK_ERR(clGetImageInfo(m, 0x7fff, sizeof v, &v, NULL), CL_INVALID_VALUE);
    CHECK_ERR(clGetImageInfo(m, CL_IMAGE_WIDTH, 1, &v, NULL), CL_INVALID_VALUE);
    clReleaseMemObject(m);
  }
  size_t v;
  CHECK_ERR_POCL(clGetImageInfo(buf, CL_IMAGE_WIDTH, sizeof v, &v, NULL), CL_INVALID_MEM_OBJECT,
                 "PoCL answers image queries on a buffer");
  CHECK_BAD(clGetImageInfo(WRONG(cl_mem, t->q), CL_IMAGE_WIDTH, sizeof v, &v, NULL),
            CL_INVALID_MEM_OBJECT);
  clReleaseMemObject(buf);
}

/* ---- round trips ---------------------------------------------------------- */

/* One image under test and a host shadow of its texels (x fastest, then
 * y, then z in the extent's terms; layers count as y or z as the API's
 * origin/region do). */
typedef struct img_t {
  cl_mem m, buf; /* buf: a 1D buffer image's buffer */
  cl_mem_object_type ty;
  size_t ext[3], es;
  uint8_t *shadow;
} img_t;

static size_t api_off(const img_t *im, size_t x, size_t y, size_t z) {
  return ((z * im->ext[1] + y) * im->ext[0] + x) * im->es;
}

static int api_sliced(cl_mem_object_type ty) {
  return ty == CL_MEM_OBJECT_IMAGE3D || ty == CL_MEM_OBJECT_IMAGE2D_ARRAY ||
         ty == CL_MEM_OBJECT_IMAGE1D_ARRAY;
}

static void api_pattern(uint8_t *p, size_t n, unsigned seed) {
  for (size_t i = 0; i < n; i++) p[i] = (uint8_t)(i * 7 + seed * 31 + (i >> 8));
}

static int api_img_new(api *t, img_t *im, cl_mem_object_type ty, cl_image_format fmt, size_t es,
                       size_t w, size_t h, size_t d, size_t a) {
  memset(im, 0, sizeof *im);
  im->ty = ty;
  im->es = es;
  im->ext[0] = w;
  im->ext[1] = ty == CL_MEM_OBJECT_IMAGE1D_ARRAY ? a : h ? h : 1;
  im->ext[2] = ty == CL_MEM_OBJECT_IMAGE2D_ARRAY ? a : d ? d : 1;
  cl_image_desc desc = api_desc(ty, w, h, d, a);
  cl_int e;
  if (ty == CL_MEM_OBJECT_IMAGE1D_BUFFER) {
    im->buf = clCreateBuffer(t->ctx, CL_MEM_READ_WRITE, w * es, NULL, &e);
    desc.buffer = im->buf;
  }
  im->m = api_img(t, 0, fmt, desc, NULL, &e);
  CHECK_ERR(e, CL_SUCCESS);
  size_t bytes = im->ext[0] * im->ext[1] * im->ext[2] * es;
  im->shadow = malloc(bytes);
  if (!im->m || !im->shadow) return -1;
  api_pattern(im->shadow, bytes, (unsigned)ty);
  size_t o[3] = {0, 0, 0};
  CHECK_ERR(clEnqueueWriteImage(t->q, im->m, CL_TRUE, o, im->ext, 0, 0, im->shadow, 0, NULL, NULL),
            CL_SUCCESS);
  return 0;
}

static void api_img_free(img_t *im) {
  if (im->m) clReleaseMemObject(im->m);
  if (im->buf) clReleaseMemObject(im->buf);
  free(im->shadow);
}

/* Reads the whole image back and compares it with the shadow. */
static int api_img_same(api *t, img_t *im) {
  size_t bytes = im->ext[0] * im->ext[1] * im->ext[2] * im->es;
  uint8_t *got = malloc(bytes);
  size_t o[3] = {0, 0, 0};
  CHECK_ERR(clEnqueueReadImage(t->q, im->m, CL_TRUE, o, im->ext, 0, 0, got, 0, NULL, NULL),
            CL_SUCCESS);
  int same = memcmp(got, im->shadow, bytes) == 0;
  free(got);
  return same;
}

/* A region strictly inside the image where it can be (so both the region
 * and what surrounds it are checked). */
static void api_inner(const img_t *im, size_t o[3], size_t r[3]) {
  for (int i = 0; i < 3; i++) {
    o[i] = im->ext[i] > 2 ? 1 : 0;
    r[i] = im->ext[i] - o[i] - (im->ext[i] > 3 ? 1 : 0);
  }
}

/* Host pitches for a region: padded rows (and slices where the type has
 * them); ys/zs: the host strides of the region's y and z. */
static void api_pitches(const img_t *im, const size_t r[3], size_t *row, size_t *slice, size_t *ys,
                        size_t *zs) {
  *row = r[0] * im->es + 8;
  *slice = 0;
  *ys = *row;
  *zs = 0;
  if (im->ty == CL_MEM_OBJECT_IMAGE1D_ARRAY) {
    *slice = *row; /* a 1D array's layers are its slices (api_image_1darray_pitch) */
    *ys = *slice;
  } else if (api_sliced(im->ty)) {
    *slice = *row * r[1] + 40;
    *zs = *slice;
  }
}

static void api_img_roundtrip(api *t, img_t *im, const void *color, const uint8_t *texel,
                              const char *fill_pocl) {
  size_t es = im->es, o[3], r[3], row, slice, ys, zs;
  const char *name = im->ty == CL_MEM_OBJECT_IMAGE1D          ? "1D"
                     : im->ty == CL_MEM_OBJECT_IMAGE1D_BUFFER ? "1D buffer"
                     : im->ty == CL_MEM_OBJECT_IMAGE1D_ARRAY  ? "1D array"
                     : im->ty == CL_MEM_OBJECT_IMAGE2D        ? "2D"
                     : im->ty == CL_MEM_OBJECT_IMAGE2D_ARRAY  ? "2D array"
                                                              : "3D";
  printf("image round trips: %s %zux%zux%zu, %zu-byte texels\n", name, im->ext[0], im->ext[1],
         im->ext[2], es);
  CHECK(api_img_same(t, im));

  /* write and read a region with padded host pitches */
  api_inner(im, o, r);
  api_pitches(im, r, &row, &slice, &ys, &zs);
  size_t hbytes = (r[2] - 1) * zs + (r[1] - 1) * ys + r[0] * es;
  uint8_t *h = malloc(hbytes), *back = malloc(hbytes);
  api_pattern(h, hbytes, 99);
  CHECK_ERR(clEnqueueWriteImage(t->q, im->m, CL_TRUE, o, r, row, slice, h, 0, NULL, NULL),
            CL_SUCCESS);
  for (size_t z = 0; z < r[2]; z++)
    for (size_t y = 0; y < r[1]; y++)
      memcpy(im->shadow + api_off(im, o[0], o[1] + y, o[2] + z), h + z * zs + y * ys, r[0] * es);
  CHECK(api_img_same(t, im));
  memset(back, 0xee, hbytes);
  CHECK_ERR(clEnqueueReadImage(t->q, im->m, CL_TRUE, o, r, row, slice, back, 0, NULL, NULL),
            CL_SUCCESS);
  int ok = 1;
  for (size_t z = 0; z < r[2]; z++)
    for (size_t y = 0; y < r[1]; y++)
      ok &= memcmp(back + z * zs + y * ys, h + z * zs + y * ys, r[0] * es) == 0;
  CHECK(ok);

  if (t->pocl && im->ty == CL_MEM_OBJECT_IMAGE1D_BUFFER) {
    api_diverge(t, __FILE__, __LINE__, "1D buffer image copies, fills and maps",
                "PoCL rejects copies of 1D buffer images and crashes on the other commands");
    free(h);
    free(back);
    return;
  }
  /* copy to a second image of the same kind at its origin, and back */
  cl_image_format fmt;
  clGetImageInfo(im->m, CL_IMAGE_FORMAT, sizeof fmt, &fmt, NULL);
  size_t w = 0, hh = 0, d = 0, a = 0;
  clGetImageInfo(im->m, CL_IMAGE_WIDTH, sizeof w, &w, NULL);
  clGetImageInfo(im->m, CL_IMAGE_HEIGHT, sizeof hh, &hh, NULL);
  clGetImageInfo(im->m, CL_IMAGE_DEPTH, sizeof d, &d, NULL);
  clGetImageInfo(im->m, CL_IMAGE_ARRAY_SIZE, sizeof a, &a, NULL);
  img_t im2;
  if (api_img_new(t, &im2, im->ty, fmt, es, w, hh, d, a) == 0) {
    size_t zero[3] = {0, 0, 0};
    CHECK_ERR(clEnqueueCopyImage(t->q, im->m, im2.m, o, zero, r, 0, NULL, NULL), CL_SUCCESS);
    for (size_t z = 0; z < r[2]; z++)
      for (size_t y = 0; y < r[1]; y++)
        memcpy(im2.shadow + api_off(&im2, 0, y, z),
               im->shadow + api_off(im, o[0], o[1] + y, o[2] + z), r[0] * es);
    CHECK(api_img_same(t, &im2));
  }
  api_img_free(&im2);

  /* image -> buffer (at an offset), buffer -> image */
  size_t rb = r[0] * r[1] * r[2] * es;
  cl_int e;
  cl_mem b = clCreateBuffer(t->ctx, CL_MEM_READ_WRITE, rb + 64, NULL, &e);
  CHECK_ERR(clEnqueueCopyImageToBuffer(t->q, im->m, b, o, r, 64, 0, NULL, NULL), CL_SUCCESS);
  uint8_t *bb = malloc(rb);
  CHECK_ERR(clEnqueueReadBuffer(t->q, b, CL_TRUE, 64, rb, bb, 0, NULL, NULL), CL_SUCCESS);
  ok = 1;
  for (size_t z = 0; z < r[2]; z++)
    for (size_t y = 0; y < r[1]; y++)
      ok &= memcmp(bb + (z * r[1] + y) * r[0] * es,
                   im->shadow + api_off(im, o[0], o[1] + y, o[2] + z), r[0] * es) == 0;
  CHECK(ok);
  api_pattern(bb, rb, 5);
  CHECK_ERR(clEnqueueWriteBuffer(t->q, b, CL_TRUE, 0, rb, bb, 0, NULL, NULL), CL_SUCCESS);
  size_t zero[3] = {0, 0, 0};
  CHECK_ERR(clEnqueueCopyBufferToImage(t->q, b, im->m, 0, zero, r, 0, NULL, NULL), CL_SUCCESS);
  for (size_t z = 0; z < r[2]; z++)
    for (size_t y = 0; y < r[1]; y++)
      memcpy(im->shadow + api_off(im, 0, y, z), bb + (z * r[1] + y) * r[0] * es, r[0] * es);
  CHECK(api_img_same(t, im));
  free(bb);
  clReleaseMemObject(b);

  /* fill a region: the colour converted as write_image* would */
  CHECK_ERR(clEnqueueFillImage(t->q, im->m, color, o, r, 0, NULL, NULL), CL_SUCCESS);
  for (size_t z = 0; z < r[2]; z++)
    for (size_t y = 0; y < r[1]; y++)
      for (size_t x = 0; x < r[0]; x++)
        memcpy(im->shadow + api_off(im, o[0] + x, o[1] + y, o[2] + z), texel, es);
  int filled = api_img_same(t, im);
  CHECK_POCL(filled, fill_pocl);
  if (!filled) { /* go on from what the image holds */
    size_t z0[3] = {0, 0, 0};
    clEnqueueReadImage(t->q, im->m, CL_TRUE, z0, im->ext, 0, 0, im->shadow, 0, NULL, NULL);
  }

  /* map for reading and writing: the texels through the returned pitches */
  size_t mrow = 0, mslice = 0;
  uint8_t *p = clEnqueueMapImage(t->q, im->m, CL_TRUE, CL_MAP_READ | CL_MAP_WRITE, o, r, &mrow,
                                 &mslice, 0, NULL, NULL, &e);
  CHECK_ERR(e, CL_SUCCESS);
  if (p) {
    CHECK(mrow >= r[0] * es);
    CHECK(api_sliced(im->ty)
              ? mslice >= (im->ty == CL_MEM_OBJECT_IMAGE1D_ARRAY ? mrow : mrow * r[1])
              : mslice == 0);
    size_t mys = im->ty == CL_MEM_OBJECT_IMAGE1D_ARRAY ? mslice : mrow;
    size_t mzs = im->ty == CL_MEM_OBJECT_IMAGE1D_ARRAY ? 0 : mslice;
    ok = 1;
    for (size_t z = 0; z < r[2]; z++)
      for (size_t y = 0; y < r[1]; y++) {
        uint8_t *rowp = p + z * mzs + y * mys,
                *sh = im->shadow + api_off(im, o[0], o[1] + y, o[2] + z);
        ok &= memcmp(rowp, sh, r[0] * es) == 0;
        for (size_t i = 0; i < r[0] * es; i++) rowp[i] = (uint8_t)(rowp[i] ^ 0x5a);
        memcpy(sh, rowp, r[0] * es);
      }
    CHECK(ok);
    CHECK_ERR(clEnqueueUnmapMemObject(t->q, im->m, p, 0, NULL, NULL), CL_SUCCESS);
    CHECK(api_img_same(t, im));
  }
  /* map a whole image to write it without reading it first */
  p = clEnqueueMapImage(t->q, im->m, CL_TRUE, CL_MAP_WRITE_INVALIDATE_REGION, zero, im->ext, &mrow,
                        &mslice, 0, NULL, NULL, &e);
  CHECK_ERR(e, CL_SUCCESS);
  if (p) {
    size_t mys = im->ty == CL_MEM_OBJECT_IMAGE1D_ARRAY ? mslice : mrow;
    size_t mzs = im->ty == CL_MEM_OBJECT_IMAGE1D_ARRAY ? 0 : mslice;
    api_pattern(im->shadow, im->ext[0] * im->ext[1] * im->ext[2] * es, 77);
    for (size_t z = 0; z < im->ext[2]; z++)
      for (size_t y = 0; y < im->ext[1]; y++)
        memcpy(p + z * mzs + y * mys, im->shadow + api_off(im, 0, y, z), im->ext[0] * es);
    cl_uint mc = 0;
    CHECK_ERR(clGetMemObjectInfo(im->m, CL_MEM_MAP_COUNT, sizeof mc, &mc, NULL), CL_SUCCESS);
    CHECK(mc == 1);
    CHECK_ERR(clEnqueueUnmapMemObject(t->q, im->m, p, 0, NULL, NULL), CL_SUCCESS);
    CHECK_ERR(clFinish(t->q), CL_SUCCESS);
    CHECK(api_img_same(t, im));
  }
  free(h);
  free(back);
}

static void api_image_roundtrips(api *t) {
  /* Odd sizes, so that tiled layouts have partial tiles at the edges. */
  const cl_image_format rgba8 = {CL_RGBA, CL_UNORM_INT8}, rgba16i = {CL_RGBA, CL_SIGNED_INT16},
                        rgbaf = {CL_RGBA, CL_FLOAT}, r8u = {CL_R, CL_UNSIGNED_INT8},
                        rgba16 = {CL_RGBA, CL_UNORM_INT16};
  /* fill colours and the texels the specification's conversions give */
  const float cf[4] = {0.0f, 1.0f, 0.2f, 0.6f};
  const uint8_t t8[4] = {0, 255, 51, 153};
  const cl_int ci[4] = {-5, 7, 40000, -40000}; /* the last two saturate */
  const int16_t t16i[4] = {-5, 7, 32767, -32768};
  const float cff[4] = {1.5f, -2.25f, 0.0f, 1e10f};
  const cl_uint cu[4] = {300, 1, 2, 3};
  const uint8_t tu8[1] = {255};
  /* 32767.5 rounds to even, 2 and -1 saturate, 16383.75 rounds up */
  const float crg[4] = {0.5f, 2.0f, -1.0f, 0.25f};
  const uint16_t trg[4] = {32768, 65535, 0, 16384};
  static const struct {
    cl_mem_object_type ty;
    size_t w, h, d, a;
    int fmt;
  } cases[] = {
      {CL_MEM_OBJECT_IMAGE1D, 37, 0, 0, 0, 0},
      {CL_MEM_OBJECT_IMAGE1D_BUFFER, 29, 0, 0, 0, 1},
      {CL_MEM_OBJECT_IMAGE1D_ARRAY, 21, 0, 0, 5, 3},
      {CL_MEM_OBJECT_IMAGE2D, 19, 13, 0, 0, 0},
      {CL_MEM_OBJECT_IMAGE2D, 23, 9, 0, 0, 2},
      {CL_MEM_OBJECT_IMAGE2D, 17, 11, 0, 0, 4},
      {CL_MEM_OBJECT_IMAGE2D_ARRAY, 11, 10, 0, 4, 1},
      {CL_MEM_OBJECT_IMAGE3D, 10, 9, 6, 0, 0},
  };
  const cl_image_format *fmts[] = {&rgba8, &rgba16i, &rgbaf, &r8u, &rgba16};
  const size_t es[] = {4, 8, 16, 1, 8};
  const void *colors[] = {cf, ci, cff, cu, crg};
  const uint8_t *texels[] = {t8, (const uint8_t *)t16i, (const uint8_t *)cff, tu8,
                             (const uint8_t *)trg};
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
    int f = cases[i].fmt;
    img_t im;
    if (api_img_new(t, &im, cases[i].ty, *fmts[f], es[f], cases[i].w, cases[i].h, cases[i].d,
                    cases[i].a) == 0)
      api_img_roundtrip(t, &im, colors[f], texels[f],
                        f == 4 ? "PoCL truncates the fill colour to UNORM_INT16 where the "
                                 "spec rounds to nearest even"
                               : NULL);
    api_img_free(&im);
  }
}

/* Images with host pointers: COPY_HOST_PTR takes padded rows, a
 * USE_HOST_PTR image maps to the user's own memory. */
static void api_image_host_ptr(api *t) {
  const cl_image_format fmt = {CL_RGBA, CL_UNORM_INT8};
  size_t w = 9, h = 7, dd = 3, row = w * 4 + 12, slice = row * (h + 1);
  uint8_t *host = malloc(slice * dd);
  api_pattern(host, slice * dd, 3);
  cl_image_desc d = api_desc(CL_MEM_OBJECT_IMAGE3D, w, h, dd, 0);
  d.image_row_pitch = row;
  d.image_slice_pitch = slice;
  cl_int e;
  cl_mem m = api_img(t, CL_MEM_COPY_HOST_PTR, fmt, d, host, &e);
  CHECK_ERR(e, CL_SUCCESS);
  uint8_t *got = malloc(w * h * dd * 4);
  size_t o[3] = {0, 0, 0}, r[3] = {w, h, dd};
  if (m) {
    CHECK_ERR(clEnqueueReadImage(t->q, m, CL_TRUE, o, r, 0, 0, got, 0, NULL, NULL), CL_SUCCESS);
    int ok = 1;
    for (size_t z = 0; z < dd; z++)
      for (size_t y = 0; y < h; y++)
        ok &= memcmp(got + ((z * h + y) * w) * 4, host + z * slice + y * row, w * 4) == 0;
    CHECK(ok);
    clReleaseMemObject(m);
  }
  /* USE_HOST_PTR (2D, padded rows): the mapped pointer is in the user's
   * memory (5.4.2) and it holds the image's texels there */
  cl_image_desc d2 = api_desc(CL_MEM_OBJECT_IMAGE2D, w, h, 0, 0);
  d2.image_row_pitch = row;
  m = api_img(t, CL_MEM_USE_HOST_PTR, fmt, d2, host, &e);
  CHECK_ERR(e, CL_SUCCESS);
  if (m) {
    void *hp = NULL;
    CHECK_ERR(clGetMemObjectInfo(m, CL_MEM_HOST_PTR, sizeof hp, &hp, NULL), CL_SUCCESS);
    CHECK(hp == host);
    size_t rp = 0;
    CHECK_ERR(clGetImageInfo(m, CL_IMAGE_ROW_PITCH, sizeof rp, &rp, NULL), CL_SUCCESS);
    CHECK(rp == row);
    size_t mo[3] = {2, 3, 0}, mr[3] = {4, 2, 1}, mrow = 0;
    uint8_t *p =
        clEnqueueMapImage(t->q, m, CL_TRUE, CL_MAP_READ, mo, mr, &mrow, NULL, 0, NULL, NULL, &e);
    CHECK_ERR(e, CL_SUCCESS);
    CHECK(p == host + 3 * row + 2 * 4);
    CHECK(mrow == row);
    if (p) {
      CHECK(memcmp(p, host + 3 * row + 8, 16) == 0);
      CHECK_ERR(clEnqueueUnmapMemObject(t->q, m, p, 0, NULL, NULL), CL_SUCCESS);
    }
    CHECK_ERR(clFinish(t->q), CL_SUCCESS);
    clReleaseMemObject(m);
  }
  free(got);
  free(host);
}

/* A 1D image array's layers in host memory are slice_pitch apart ("the
 * size in bytes of ... each image of a 1D or 2D image array", 5.3.3). */
static void api_image_1darray_pitch(api *t) {
  const cl_image_format fmt = {CL_R, CL_UNSIGNED_INT8};
  cl_int e;
  cl_mem m = api_img(t, 0, fmt, api_desc(CL_MEM_OBJECT_IMAGE1D_ARRAY, 8, 0, 0, 3), NULL, &e);
  CHECK_ERR(e, CL_SUCCESS);
  if (!m) return;
  uint8_t host[3 * 16], got[3 * 8];
  api_pattern(host, sizeof host, 11);
  size_t o[3] = {0, 0, 0}, r[3] = {8, 3, 1};
  CHECK_ERR(clEnqueueWriteImage(t->q, m, CL_TRUE, o, r, 8, 16, host, 0, NULL, NULL), CL_SUCCESS);
  CHECK_ERR(clEnqueueReadImage(t->q, m, CL_TRUE, o, r, 0, 0, got, 0, NULL, NULL), CL_SUCCESS);
  int ok = 1;
  for (int l = 0; l < 3; l++) ok &= memcmp(got + 8 * l, host + 16 * l, 8) == 0;
  CHECK_POCL(ok, "PoCL steps a 1D image array's layers by the row pitch");
  CHECK_ERR_POCL(clEnqueueReadImage(t->q, m, CL_TRUE, o, r, 8, 7, got, 0, NULL, NULL),
                 CL_INVALID_VALUE, "PoCL accepts a 1D array slice pitch shorter than a row");
  clReleaseMemObject(m);
}

/* ---- command errors -------------------------------------------------------- */

static void api_image_cmd_errors(api *t) {
  const cl_image_format rgba8 = {CL_RGBA, CL_UNORM_INT8}, r32 = {CL_R, CL_FLOAT};
  cl_int e;
  cl_mem im = api_img(t, 0, rgba8, api_desc(CL_MEM_OBJECT_IMAGE2D, 16, 8, 0, 0), NULL, &e);
  cl_mem im3 = api_img(t, 0, rgba8, api_desc(CL_MEM_OBJECT_IMAGE3D, 8, 8, 4, 0), NULL, &e);
  cl_mem other = api_img(t, 0, r32, api_desc(CL_MEM_OBJECT_IMAGE2D, 16, 8, 0, 0), NULL, &e);
  cl_mem noacc = api_img(t, CL_MEM_HOST_NO_ACCESS, rgba8,
                         api_desc(CL_MEM_OBJECT_IMAGE2D, 16, 8, 0, 0), NULL, &e);
  cl_mem ronly = api_img(t, CL_MEM_HOST_READ_ONLY, rgba8,
                         api_desc(CL_MEM_OBJECT_IMAGE2D, 16, 8, 0, 0), NULL, &e);
  cl_mem buf = clCreateBuffer(t->ctx, CL_MEM_READ_WRITE, 1024, NULL, &e);
  if (!im || !im3 || !other || !noacc || !ronly || !buf) {
    CHECK(0);
    return;
  }
  static uint8_t host[16 * 8 * 4 * 4];
  size_t o[3] = {0, 0, 0}, r[3] = {16, 8, 1}, big[3] = {17, 8, 1}, deep[3] = {16, 8, 2};
  size_t zr[3] = {0, 8, 1}, off[3] = {1, 0, 0};
  CHECK_ERR(clEnqueueReadImage(t->q, im, CL_TRUE, o, r, 0, 0, NULL, 0, NULL, NULL),
            CL_INVALID_VALUE);
  CHECK_ERR(clEnqueueReadImage(t->q, im, CL_TRUE, NULL, r, 0, 0, host, 0, NULL, NULL),
            CL_INVALID_VALUE);
  CHECK_ERR(clEnqueueReadImage(t->q, im, CL_TRUE, o, NULL, 0, 0, host, 0, NULL, NULL),
            CL_INVALID_VALUE);
  CHECK_ERR(clEnqueueReadImage(t->q, im, CL_TRUE, o, big, 0, 0, host, 0, NULL, NULL),
            CL_INVALID_VALUE);
  CHECK_ERR(clEnqueueReadImage(t->q, im, CL_TRUE, off, r, 0, 0, host, 0, NULL, NULL),
            CL_INVALID_VALUE);
  CHECK_ERR(clEnqueueReadImage(t->q, im, CL_TRUE, o, deep, 0, 0, host, 0, NULL, NULL),
            CL_INVALID_VALUE);
  CHECK_ERR_POCL(clEnqueueReadImage(t->q, im, CL_TRUE, o, zr, 0, 0, host, 0, NULL, NULL),
                 CL_INVALID_VALUE, "PoCL accepts a region of zero width");
  CHECK_ERR_POCL(clEnqueueReadImage(t->q, im, CL_TRUE, o, r, 16 * 4 - 1, 0, host, 0, NULL, NULL),
                 CL_INVALID_VALUE, "PoCL accepts a row pitch shorter than the region's row");
  CHECK_ERR_POCL(clEnqueueReadImage(t->q, im, CL_TRUE, o, r, 0, 16 * 8 * 4, host, 0, NULL, NULL),
                 CL_INVALID_VALUE, "PoCL accepts a slice pitch for a 2D image");
  CHECK_ERR_POCL(clEnqueueReadImage(t->q, buf, CL_TRUE, o, r, 0, 0, host, 0, NULL, NULL),
                 CL_INVALID_MEM_OBJECT, "PoCL reads a buffer as an image");
  CHECK_ERR_POCL(clEnqueueReadBuffer(t->q, im, CL_TRUE, 0, 16, host, 0, NULL, NULL),
                 CL_INVALID_MEM_OBJECT, "PoCL reads an image as a buffer");
  CHECK_BAD(clEnqueueReadImage(WRONG(cl_command_queue, t->ctx), im, CL_TRUE, o, r, 0, 0, host, 0,
                               NULL, NULL),
            CL_INVALID_COMMAND_QUEUE);
  CHECK_ERR(clEnqueueReadImage(t->q, noacc, CL_TRUE, o, r, 0, 0, host, 0, NULL, NULL),
            CL_INVALID_OPERATION);
  CHECK_ERR(clEnqueueWriteImage(t->q, noacc, CL_TRUE, o, r, 0, 0, host, 0, NULL, NULL),
            CL_INVALID_OPERATION);
  CHECK_ERR(clEnqueueWriteImage(t->q, ronly, CL_TRUE, o, r, 0, 0, host, 0, NULL, NULL),
            CL_INVALID_OPERATION);
  CHECK_ERR(clEnqueueReadImage(t->q, ronly, CL_TRUE, o, r, 0, 0, host, 0, NULL, NULL), CL_SUCCESS);
  CHECK_ERR(clEnqueueWriteImage(t->q, im, CL_TRUE, o, big, 0, 0, host, 0, NULL, NULL),
            CL_INVALID_VALUE);
  size_t r3[3] = {8, 8, 4}, s3 = 8 * 4 * 8;
  CHECK_ERR_POCL(clEnqueueWriteImage(t->q, im3, CL_TRUE, o, r3, 0, s3 - 1, host, 0, NULL, NULL),
                 CL_INVALID_VALUE, "PoCL accepts a slice pitch shorter than the region's slice");
  CHECK_ERR(clEnqueueWriteImage(t->q, im3, CL_TRUE, o, r3, 0, s3, host, 0, NULL, NULL), CL_SUCCESS);

  /* copies */
  CHECK_ERR(clEnqueueCopyImage(t->q, im, other, o, o, r, 0, NULL, NULL), CL_IMAGE_FORMAT_MISMATCH);
  size_t half[3] = {8, 8, 1}, o4[3] = {4, 0, 0}, o8[3] = {8, 0, 0};
  CHECK_ERR(clEnqueueCopyImage(t->q, im, im, o, o4, half, 0, NULL, NULL), CL_MEM_COPY_OVERLAP);
  CHECK_ERR(clEnqueueCopyImage(t->q, im, im, o, o8, half, 0, NULL, NULL), CL_SUCCESS);
  CHECK_ERR(clEnqueueCopyImage(t->q, im, ronly, o8, o8, r, 0, NULL, NULL), CL_INVALID_VALUE);
  size_t o3[3] = {0, 0, 2};
  CHECK_ERR(clEnqueueCopyImage(t->q, im, im3, o, o3, half, 0, NULL, NULL), CL_SUCCESS);
  CHECK_ERR_POCL(clEnqueueCopyImage(t->q, im, buf, o, o, half, 0, NULL, NULL),
                 CL_INVALID_MEM_OBJECT, "PoCL copies into a buffer as if an image");
  /* 512 bytes past offset 513 of a 1024-byte buffer */
  CHECK_ERR(clEnqueueCopyImageToBuffer(t->q, im, buf, o, r, 513, 0, NULL, NULL), CL_INVALID_VALUE);
  CHECK_ERR(clEnqueueCopyImageToBuffer(t->q, im, buf, o, r, 0, 0, NULL, NULL), CL_SUCCESS);
  CHECK_ERR(clEnqueueCopyBufferToImage(t->q, buf, im, 513, o, r, 0, NULL, NULL), CL_INVALID_VALUE);
  CHECK_ERR(clEnqueueCopyBufferToImage(t->q, buf, im, 0, o, big, 0, NULL, NULL), CL_INVALID_VALUE);
  CHECK_ERR_POCL(clEnqueueCopyImageToBuffer(t->q, im, im3, o, half, 0, 0, NULL, NULL),
                 CL_INVALID_MEM_OBJECT, "PoCL copies into an image as if a buffer");
  CHECK_ERR_POCL(clEnqueueCopyBufferToImage(t->q, buf, buf, 0, o, half, 0, NULL, NULL),
                 CL_INVALID_MEM_OBJECT, "PoCL copies into a buffer as if an image");

  /* fills */
  const float color[4] = {0, 0, 0, 0};
  CHECK_ERR(clEnqueueFillImage(t->q, im, NULL, o, r, 0, NULL, NULL), CL_INVALID_VALUE);
  CHECK_ERR(clEnqueueFillImage(t->q, im, color, o, big, 0, NULL, NULL), CL_INVALID_VALUE);
  CHECK_ERR(clEnqueueFillImage(t->q, im, color, NULL, r, 0, NULL, NULL), CL_INVALID_VALUE);
  CHECK_ERR_POCL(clEnqueueFillImage(t->q, buf, color, o, r, 0, NULL, NULL), CL_INVALID_MEM_OBJECT,
                 "PoCL fills a buffer as if an image");

  /* maps */
  size_t rp = 0, sp = 0;
  clEnqueueMapImage(t->q, im, CL_TRUE, CL_MAP_READ, o, r, NULL, NULL, 0, NULL, NULL, &e);
  CHECK_ERR(e, CL_INVALID_VALUE);
  clEnqueueMapImage(t->q, im3, CL_TRUE, CL_MAP_READ, o, r3, &rp, NULL, 0, NULL, NULL, &e);
  CHECK_ERR(e, CL_INVALID_VALUE);
  void *mp = clEnqueueMapImage(t->q, im, CL_TRUE, CL_MAP_READ | CL_MAP_WRITE_INVALIDATE_REGION, o,
                               r, &rp, &sp, 0, NULL, NULL, &e);
  CHECK_ERR_POCL(e, CL_INVALID_VALUE,
                 "PoCL maps with CL_MAP_READ | CL_MAP_WRITE_INVALIDATE_REGION");
  if (mp) clEnqueueUnmapMemObject(t->q, im, mp, 0, NULL, NULL);
  clEnqueueMapImage(t->q, im, CL_TRUE, CL_MAP_READ, o, big, &rp, &sp, 0, NULL, NULL, &e);
  CHECK_ERR(e, CL_INVALID_VALUE);
  clEnqueueMapImage(t->q, noacc, CL_TRUE, CL_MAP_READ, o, r, &rp, &sp, 0, NULL, NULL, &e);
  CHECK_ERR(e, CL_INVALID_OPERATION);
  clEnqueueMapImage(t->q, ronly, CL_TRUE, CL_MAP_WRITE, o, r, &rp, &sp, 0, NULL, NULL, &e);
  CHECK_ERR(e, CL_INVALID_OPERATION);
  CHECK_ERR_POCL(clEnqueueUnmapMemObject(t->q, im, host, 0, NULL, NULL), CL_INVALID_VALUE,
                 "PoCL accepts unmapping a pointer it never mapped");
  cl_buffer_region br = {0, 64};
  clCreateSubBuffer(im, 0, CL_BUFFER_CREATE_TYPE_REGION, &br, &e);
  CHECK_ERR_POCL(e, CL_INVALID_MEM_OBJECT, "PoCL makes a sub-buffer of an image");
  CHECK_ERR(clFinish(t->q), CL_SUCCESS);
  clReleaseMemObject(buf);
  clReleaseMemObject(ronly);
  clReleaseMemObject(noacc);
  clReleaseMemObject(other);
  clReleaseMemObject(im3);
  clReleaseMemObject(im);
}

/* ---- samplers --------------------------------------------------------------- */

static void api_samplers(api *t) {
  cl_int e;
  cl_sampler s = clCreateSampler(t->ctx, CL_TRUE, CL_ADDRESS_REPEAT, CL_FILTER_LINEAR, &e);
  CHECK_ERR(e, CL_SUCCESS);
  if (s) {
    cl_bool nb = 0;
    CHECK_ERR(clGetSamplerInfo(s, CL_SAMPLER_NORMALIZED_COORDS, sizeof nb, &nb, NULL), CL_SUCCESS);
    CHECK(nb == CL_TRUE);
    cl_addressing_mode am = 0;
    CHECK_ERR(clGetSamplerInfo(s, CL_SAMPLER_ADDRESSING_MODE, sizeof am, &am, NULL), CL_SUCCESS);
    CHECK(am == CL_ADDRESS_REPEAT);
    cl_filter_mode fm = 0;
    CHECK_ERR(clGetSamplerInfo(s, CL_SAMPLER_FILTER_MODE, sizeof fm, &fm, NULL), CL_SUCCESS);
    CHECK(fm == CL_FILTER_LINEAR);
    cl_context c = NULL;
    CHECK_ERR(clGetSamplerInfo(s, CL_SAMPLER_CONTEXT, sizeof c, &c, NULL), CL_SUCCESS);
    CHECK(c == t->ctx);
    CHECK_ERR(clRetainSampler(s), CL_SUCCESS);
    cl_uint refs = 0;
    CHECK_ERR(clGetSamplerInfo(s, CL_SAMPLER_REFERENCE_COUNT, sizeof refs, &refs, NULL),
              CL_SUCCESS);
    CHECK(refs == 2);
    CHECK_ERR(clReleaseSampler(s), CL_SUCCESS);
    CHECK_ERR(clGetSamplerInfo(s, 0x7fff, sizeof refs, &refs, NULL), CL_INVALID_VALUE);
    CHECK_ERR(clGetSamplerInfo(s, CL_SAMPLER_FILTER_MODE, 1, &fm, NULL), CL_INVALID_VALUE);
    CHECK_ERR(clReleaseSampler(s), CL_SUCCESS);
  }
  s = clCreateSampler(t->ctx, CL_FALSE, CL_ADDRESS_NONE, CL_FILTER_NEAREST, &e);
  CHECK_ERR(e, CL_SUCCESS);
  if (s) clReleaseSampler(s);
  s = clCreateSampler(t->ctx, CL_TRUE, 0x7777, CL_FILTER_NEAREST, &e);
  CHECK_ERR_POCL(e, CL_INVALID_VALUE, "PoCL accepts an unknown addressing mode");
  if (s) clReleaseSampler(s);
  s = clCreateSampler(t->ctx, CL_TRUE, CL_ADDRESS_CLAMP, 0x7777, &e);
  CHECK_ERR_POCL(e, CL_INVALID_VALUE, "PoCL accepts an unknown filter mode");
  if (s) clReleaseSampler(s);
  s = clCreateSampler(t->ctx, 2, CL_ADDRESS_CLAMP, CL_FILTER_NEAREST, &e);
  CHECK_ERR_POCL(e, CL_INVALID_VALUE, "PoCL accepts a cl_bool other than CL_TRUE/CL_FALSE");
  if (s) clReleaseSampler(s);
  CHECK_BAD(
      (clCreateSampler(WRONG(cl_context, t->q), CL_TRUE, CL_ADDRESS_CLAMP, CL_FILTER_NEAREST, &e),
       e),
      CL_INVALID_CONTEXT);
  cl_uint refs;
  CHECK_BAD(clGetSamplerInfo(WRONG(cl_sampler, t->q), CL_SAMPLER_REFERENCE_COUNT, sizeof refs,
                             &refs, NULL),
            CL_INVALID_SAMPLER);
  CHECK_BAD(clRetainSampler(WRONG(cl_sampler, t->q)), CL_INVALID_SAMPLER);
  CHECK_BAD(clReleaseSampler(WRONG(cl_sampler, t->q)), CL_INVALID_SAMPLER);
}

void api_image(api *t) {
  if (api_dev_ulong(t, CL_DEVICE_IMAGE_SUPPORT, sizeof(cl_bool)) != CL_TRUE) {
    CHECK(!"the device supports images");
    return;
  }
  api_image_limits(t);
  api_image_create_errors(t);
  api_image_info(t);
  api_image_roundtrips(t);
  api_image_host_ptr(t);
  api_image_1darray_pitch(t);
  api_image_cmd_errors(t);
  api_samplers(t);
}
