/* Image memory objects: creation and validation (clCreateImage, the 1.1
 * clCreateImage2D/3D), supported formats, clGetImageInfo, and the texel
 * walk that converts linear host rows to the device layout and back. */
#include <stdlib.h>
#include <string.h>

#include "rt.h"

_Static_assert(sizeof(isa_image_desc) == ISA_IMAGE_DESC_BYTES, "descriptor ABI is 64 bytes");

int rt_ctx_images(const struct _cl_context *ctx) {
  for (cl_uint i = 0; i < ctx->ndev; i++)
    if (ctx->devices[i]->cfg && ctx->devices[i]->cfg->image_support) return 1;
  return 0;
}

static int rt_is_image_type(cl_mem_object_type t) {
  return t == CL_MEM_OBJECT_IMAGE1D || t == CL_MEM_OBJECT_IMAGE1D_BUFFER ||
         t == CL_MEM_OBJECT_IMAGE1D_ARRAY || t == CL_MEM_OBJECT_IMAGE2D ||
         t == CL_MEM_OBJECT_IMAGE2D_ARRAY || t == CL_MEM_OBJECT_IMAGE3D;
}

/* Whether (order, dtype) is a format the specification defines (table
 * 5.6/5.7 and its notes on which pairs go together), supported or not: an
 * undefined pair is CL_INVALID_IMAGE_FORMAT_DESCRIPTOR, a defined one that
 * isa_image_formats lacks is CL_IMAGE_FORMAT_NOT_SUPPORTED. */
static int rt_format_defined(cl_channel_order o, cl_channel_type t) {
  int packed = t == CL_UNORM_SHORT_565 || t == CL_UNORM_SHORT_555 || t == CL_UNORM_INT_101010;
  int known_type = packed || (t >= CL_SNORM_INT8 && t <= CL_FLOAT);
  if (!known_type) return 0;
  switch (o) {
  case CL_R:
  case CL_A:
  case CL_RG:
  case CL_RA:
  case CL_RGBA:
  case CL_Rx:
  case CL_RGx:
    return !packed;
  case CL_RGB:
  case CL_RGBx:
    return packed;
  case CL_INTENSITY:
  case CL_LUMINANCE:
    return t == CL_UNORM_INT8 || t == CL_UNORM_INT16 || t == CL_SNORM_INT8 || t == CL_SNORM_INT16 ||
           t == CL_HALF_FLOAT || t == CL_FLOAT;
  case CL_ARGB:
  case CL_BGRA:
  case CL_ABGR:
    return t == CL_UNORM_INT8 || t == CL_SNORM_INT8 || t == CL_SIGNED_INT8 || t == CL_UNSIGNED_INT8;
  case CL_sRGB:
  case CL_sRGBx:
  case CL_sRGBA:
  case CL_sBGRA:
    return t == CL_UNORM_INT8;
  case CL_DEPTH:
    return t == CL_UNORM_INT16 || t == CL_FLOAT;
  default:
    return 0;
  }
}

static int rt_format_supported(const cl_image_format *f) {
  const uint32_t(*list)[2];
  size_t n = isa_image_formats(&list);
  for (size_t i = 0; i < n; i++)
    if (list[i][0] == f->image_channel_order && list[i][1] == f->image_channel_data_type) return 1;
  return 0;
}

CL_API_ENTRY cl_int CL_API_CALL clGetSupportedImageFormats(cl_context ctx, cl_mem_flags flags,
                                                           cl_mem_object_type type,
                                                           cl_uint num_entries,
                                                           cl_image_format *formats,
                                                           cl_uint *num_formats) {
  if (!RT_VALID(ctx, RT_MAGIC_CONTEXT)) return CL_INVALID_CONTEXT;
  if (rt_mem_check_flags(flags) != CL_SUCCESS || !rt_is_image_type(type) ||
      (num_entries == 0 && formats))
    return CL_INVALID_VALUE;
  /* Every supported format works with every image type and access flag. A
   * context without image support lists none (callers handle that). */
  const uint32_t(*list)[2];
  size_t n = rt_ctx_images(ctx) ? isa_image_formats(&list) : 0;
  for (size_t i = 0; formats && i < n && i < num_entries; i++) {
    formats[i].image_channel_order = list[i][0];
    formats[i].image_channel_data_type = list[i][1];
  }
  if (num_formats) *num_formats = (cl_uint)n;
  return CL_SUCCESS;
}

/* The image's extent in isa_image_texel_offset's (x, y, z): y is a 1D
 * array's layer, z a 2D array's layer or a 3D image's slice. */
void rt_image_extent(const rt_image *im, size_t ext[3]) {
  ext[0] = im->width;
  ext[1] = im->type == CL_MEM_OBJECT_IMAGE1D_ARRAY ? im->array_size : im->height ? im->height : 1;
  ext[2] = im->type == CL_MEM_OBJECT_IMAGE2D_ARRAY ? im->array_size : im->depth ? im->depth : 1;
}

/* Whether the device's image limits admit the image (CL_INVALID_IMAGE_SIZE
 * otherwise). width/height/depth/array as the descriptor gives them. */
static int rt_image_fits_dev(const cfg_device *c, cl_mem_object_type t, size_t w, size_t h,
                             size_t d, size_t a) {
  if (!c || !c->image_support) return 0;
  switch (t) {
  case CL_MEM_OBJECT_IMAGE1D_BUFFER:
    return w <= (uint64_t)c->image_max_buffer_size;
  case CL_MEM_OBJECT_IMAGE1D:
    return w <= (uint64_t)c->image_max_2d_width;
  case CL_MEM_OBJECT_IMAGE1D_ARRAY:
    return w <= (uint64_t)c->image_max_2d_width && a <= (uint64_t)c->image_max_array_size;
  case CL_MEM_OBJECT_IMAGE2D:
    return w <= (uint64_t)c->image_max_2d_width && h <= (uint64_t)c->image_max_2d_height;
  case CL_MEM_OBJECT_IMAGE2D_ARRAY:
    return w <= (uint64_t)c->image_max_2d_width && h <= (uint64_t)c->image_max_2d_height &&
           a <= (uint64_t)c->image_max_array_size;
  case CL_MEM_OBJECT_IMAGE3D:
    return w <= (uint64_t)c->image_max_3d_width && h <= (uint64_t)c->image_max_3d_height &&
           d <= (uint64_t)c->image_max_3d_depth;
  default:
    return 0;
  }
}

int rt_image_fits(const struct _cl_device_id *dev, const rt_image *im) {
  return rt_image_fits_dev(dev->cfg, im->type, im->width, im->height, im->depth, im->array_size);
}

/* Writes each device's descriptor: the layout with its own texel address. */
static void rt_image_write_descs(struct _cl_mem *m) {
  for (cl_uint i = 0; i < m->ctx->ndev; i++) {
    isa_image_desc d = m->img->layout;
    d.data = m->addr[i];
    void *p = sim_mem_host(m->ctx->devices[i]->sim, m->img->desc_addr[i], sizeof d);
    if (p) memcpy(p, &d, sizeof d);
  }
}

void rt_image_free(struct _cl_mem *m) {
  rt_image *im = m->img;
  for (cl_uint i = m->ctx->ndev; i-- > 0;)
    if (im->desc_addr[i]) sim_mem_free(m->ctx->devices[i]->sim, im->desc_addr[i]);
  for (rt_image_map *mp = im->maps; mp;) {
    rt_image_map *n = mp->next;
    free(mp->ptr);
    free(mp);
    mp = n;
  }
  free(im);
  m->img = NULL;
}

/* ---- the texel walk ------------------------------------------------------ */

/* Copies n texels of one row starting at (x0, y, z) between the device
 * bytes `dev` (laid out as d says) and linear host bytes. Runs of texels
 * contiguous in the device layout (a linear row, a tile's row) move with
 * one memcpy. Widens [*lo, *hi) to the device bytes touched. */
static void rt_image_row(const isa_image_desc *d, uint8_t *dev, size_t x0, size_t y, size_t z,
                         size_t n, uint8_t *host, int to_dev, uint64_t *lo, uint64_t *hi) {
  size_t es = d->elem_size;
  int tiled = d->tile_w_log2 || d->tile_h_log2;
  size_t tw = (size_t)1 << d->tile_w_log2;
  for (size_t i = 0; i < n;) {
    size_t x = x0 + i, len = n - i;
    if (tiled && len > tw - (x & (tw - 1))) len = tw - (x & (tw - 1));
    uint64_t a = isa_image_texel_offset(d, (uint32_t)x, (uint32_t)y, (uint32_t)z);
    if (len > 1 &&
        isa_image_texel_offset(d, (uint32_t)(x + len - 1), (uint32_t)y, (uint32_t)z) - a !=
            (uint64_t)(len - 1) * es)
      len = 1; /* not contiguous after all: texel by texel */
    uint8_t *dp = dev + a, *hp = host + i * es;
    if (dp != hp) {
      if (to_dev)
        memmove(dp, hp, len * es);
      else
        memmove(hp, dp, len * es);
    }
    if (a < *lo) *lo = a;
    if (a + len * es > *hi) *hi = a + len * es;
    i += len;
  }
}

void rt_image_copy_host(struct _cl_mem *m, const size_t origin[3], const size_t region[3],
                        uint8_t *host, size_t ystride, size_t zstride, int to_dev, uint64_t *lo,
                        uint64_t *hi) {
  const isa_image_desc *d = &m->img->layout;
  uint8_t *dev = rt_mem_host(m, 0, m->size);
  *lo = UINT64_MAX;
  *hi = 0;
  if (!dev) return;
  for (size_t z = 0; z < region[2]; z++)
    for (size_t y = 0; y < region[1]; y++)
      rt_image_row(d, dev, origin[0], origin[1] + y, origin[2] + z, region[0],
                   host + z * zstride + y * ystride, to_dev, lo, hi);
}

/* ---- creation ------------------------------------------------------------ */

/* The host-pointer pitches of clCreateImage (defaults applied) and the
 * bytes the host memory spans. CL_SUCCESS or `bad` (the descriptor error). */
static cl_int rt_image_host_pitches(const cl_image_desc *desc, size_t es, size_t *row,
                                    size_t *slice, size_t *bytes, cl_int bad) {
  cl_mem_object_type t = desc->image_type;
  size_t w = desc->image_width;
  *row = desc->image_row_pitch ? desc->image_row_pitch : w * es;
  if (*row < w * es || *row % es) return bad;
  size_t rows =
      t == CL_MEM_OBJECT_IMAGE2D || t == CL_MEM_OBJECT_IMAGE2D_ARRAY || t == CL_MEM_OBJECT_IMAGE3D
          ? desc->image_height
          : 1;
  size_t min_slice = *row * rows;
  *slice = desc->image_slice_pitch ? desc->image_slice_pitch : min_slice;
  if (t == CL_MEM_OBJECT_IMAGE3D || t == CL_MEM_OBJECT_IMAGE2D_ARRAY ||
      t == CL_MEM_OBJECT_IMAGE1D_ARRAY) {
    if (*slice < min_slice || *slice % *row) return bad;
  } else {
    *slice = min_slice; /* 1D and 2D images: no slices (the value is ignored) */
  }
  size_t n = t == CL_MEM_OBJECT_IMAGE3D ? desc->image_depth
             : t == CL_MEM_OBJECT_IMAGE2D_ARRAY || t == CL_MEM_OBJECT_IMAGE1D_ARRAY
                 ? desc->image_array_size
                 : 1;
  *bytes = *slice * n;
  return CL_SUCCESS;
}

/* Checks a 1D buffer image's buffer and flags; the image inherits the
 * buffer's flags it does not give (5.3.1). */
static cl_int rt_image_buffer_flags(struct _cl_context *ctx, const cl_image_desc *desc,
                                    cl_mem_flags *flags, void *host_ptr) {
  struct _cl_mem *b = desc->buffer;
  if (!RT_VALID(b, RT_MAGIC_MEM) || b->img || b->ctx != ctx) return CL_INVALID_IMAGE_DESCRIPTOR;
  cl_mem_flags f = *flags;
  if (f & (CL_MEM_USE_HOST_PTR | CL_MEM_ALLOC_HOST_PTR | CL_MEM_COPY_HOST_PTR))
    return CL_INVALID_VALUE;
  if (((b->flags & CL_MEM_WRITE_ONLY) && (f & (CL_MEM_READ_WRITE | CL_MEM_READ_ONLY))) ||
      ((b->flags & CL_MEM_READ_ONLY) && (f & (CL_MEM_READ_WRITE | CL_MEM_WRITE_ONLY))) ||
      ((b->flags & CL_MEM_HOST_WRITE_ONLY) && (f & CL_MEM_HOST_READ_ONLY)) ||
      ((b->flags & CL_MEM_HOST_READ_ONLY) && (f & CL_MEM_HOST_WRITE_ONLY)) ||
      ((b->flags & CL_MEM_HOST_NO_ACCESS) &&
       (f & (CL_MEM_HOST_READ_ONLY | CL_MEM_HOST_WRITE_ONLY))))
    return CL_INVALID_VALUE;
  if (host_ptr) return CL_INVALID_HOST_PTR;
  const cl_mem_flags rw = CL_MEM_READ_WRITE | CL_MEM_WRITE_ONLY | CL_MEM_READ_ONLY;
  const cl_mem_flags host = CL_MEM_HOST_WRITE_ONLY | CL_MEM_HOST_READ_ONLY | CL_MEM_HOST_NO_ACCESS;
  if (!(f & rw)) f |= b->flags & rw;
  if (!(f & host)) f |= b->flags & host;
  f |= b->flags & (CL_MEM_USE_HOST_PTR | CL_MEM_ALLOC_HOST_PTR | CL_MEM_COPY_HOST_PTR);
  *flags = f;
  return CL_SUCCESS;
}

/* The first device of the context with images: its config chooses the
 * tiling of the image's one storage. */
static const cfg_device *rt_image_cfg(const struct _cl_context *ctx) {
  for (cl_uint i = 0; i < ctx->ndev; i++)
    if (ctx->devices[i]->cfg && ctx->devices[i]->cfg->image_support) return ctx->devices[i]->cfg;
  return NULL;
}

static uint32_t rt_log2(int64_t v) {
  uint32_t l = 0;
  while (v > 1) v >>= 1, l++;
  return l;
}

/* clCreateImage and the 1.1 entry points (legacy: sizes and pitches that
 * are wrong are CL_INVALID_IMAGE_SIZE, as 1.1 lists them). */
static cl_mem rt_image_create(cl_context ctx, cl_mem_flags flags, const cl_image_format *fmt,
                              const cl_image_desc *desc, void *host_ptr, int legacy,
                              cl_int *errcode_ret) {
  cl_int bad = legacy ? CL_INVALID_IMAGE_SIZE : CL_INVALID_IMAGE_DESCRIPTOR;
  cl_int e = CL_SUCCESS;
#define RT_FAIL(code)                                                                              \
  do {                                                                                             \
    rt_err(errcode_ret, code);                                                                     \
    return NULL;                                                                                   \
  } while (0)
  if (!RT_VALID(ctx, RT_MAGIC_CONTEXT)) RT_FAIL(CL_INVALID_CONTEXT);
  if (rt_mem_check_flags(flags) != CL_SUCCESS) RT_FAIL(CL_INVALID_VALUE);
  if (!fmt || !rt_format_defined(fmt->image_channel_order, fmt->image_channel_data_type))
    RT_FAIL(CL_INVALID_IMAGE_FORMAT_DESCRIPTOR);
  if (!desc || !rt_is_image_type(desc->image_type) || desc->num_mip_levels || desc->num_samples)
    RT_FAIL(CL_INVALID_IMAGE_DESCRIPTOR);
  cl_mem_object_type t = desc->image_type;
  int is3d = t == CL_MEM_OBJECT_IMAGE3D;
  int has_h = t == CL_MEM_OBJECT_IMAGE2D || t == CL_MEM_OBJECT_IMAGE2D_ARRAY || is3d;
  int is_array = t == CL_MEM_OBJECT_IMAGE1D_ARRAY || t == CL_MEM_OBJECT_IMAGE2D_ARRAY;
  size_t w = desc->image_width, h = has_h ? desc->image_height : 0;
  size_t dp = is3d ? desc->image_depth : 0, arr = is_array ? desc->image_array_size : 0;
  if (w == 0 || (has_h && h == 0) || (is3d && dp == 0) || (is_array && arr == 0)) RT_FAIL(bad);
  if ((t == CL_MEM_OBJECT_IMAGE1D_BUFFER) != (desc->buffer != NULL))
    RT_FAIL(CL_INVALID_IMAGE_DESCRIPTOR);
  if (!host_ptr && (desc->image_row_pitch || desc->image_slice_pitch) &&
      t != CL_MEM_OBJECT_IMAGE1D_BUFFER)
    RT_FAIL(bad);
  if (!rt_ctx_images(ctx)) RT_FAIL(CL_INVALID_OPERATION);
  if (!rt_format_supported(fmt)) RT_FAIL(CL_IMAGE_FORMAT_NOT_SUPPORTED);
  size_t es = isa_image_elem_size(fmt->image_channel_order, fmt->image_channel_data_type);
  if (es == 0) RT_FAIL(CL_IMAGE_FORMAT_NOT_SUPPORTED);
  /* The sizes must suit at least one device of the context (5.3.1). */
  int fits = 0;
  for (cl_uint i = 0; i < ctx->ndev; i++)
    fits |= rt_image_fits_dev(ctx->devices[i]->cfg, t, w, h, dp, arr);
  if (!fits) RT_FAIL(CL_INVALID_IMAGE_SIZE);
  struct _cl_mem *buf = NULL;
  if (t == CL_MEM_OBJECT_IMAGE1D_BUFFER) {
    if ((e = rt_image_buffer_flags(ctx, desc, &flags, host_ptr)) != CL_SUCCESS) RT_FAIL(e);
    buf = desc->buffer;
    if (w * es > buf->size) RT_FAIL(CL_INVALID_IMAGE_SIZE);
  } else {
    int wants_ptr = (flags & (CL_MEM_USE_HOST_PTR | CL_MEM_COPY_HOST_PTR)) != 0;
    if (wants_ptr != (host_ptr != NULL)) RT_FAIL(CL_INVALID_HOST_PTR);
  }
  size_t hrow = 0, hslice = 0, hbytes = 0;
  if (host_ptr && (e = rt_image_host_pitches(desc, es, &hrow, &hslice, &hbytes, bad)) != CL_SUCCESS)
    RT_FAIL(e);

  rt_image *im = calloc(1, sizeof *im);
  if (!im) RT_FAIL(CL_OUT_OF_HOST_MEMORY);
  im->format = *fmt;
  im->type = t;
  im->width = w;
  im->height = h;
  im->depth = dp;
  im->array_size = arr;
  /* Tiling applies to images in their own storage; a USE_HOST_PTR image's
   * storage is the user's rows, and a 1D buffer image is its buffer's bytes. */
  const cfg_device *c = rt_image_cfg(ctx);
  int linear = buf || (flags & CL_MEM_USE_HOST_PTR);
  uint32_t twl = linear ? 0 : rt_log2(c->image_tile_width);
  uint32_t thl = linear ? 0 : rt_log2(c->image_tile_height);
  uint64_t bytes = isa_image_layout(
      &im->layout, (uint32_t)t, fmt->image_channel_order, fmt->image_channel_data_type, (uint32_t)w,
      (uint32_t)(h ? h : 1), (uint32_t)(dp ? dp : 1), (uint32_t)(arr ? arr : 1), twl, thl);
  if (flags & CL_MEM_USE_HOST_PTR) { /* the user's pitches are the layout */
    im->layout.row_pitch = hrow;
    im->layout.slice_pitch = hslice;
    bytes = hbytes;
  }
  if (buf) bytes = w * es;
  if (bytes == 0) {
    free(im);
    RT_FAIL(CL_IMAGE_FORMAT_NOT_SUPPORTED);
  }
  if (!buf && bytes > rt_mem_max_alloc(ctx)) {
    free(im);
    RT_FAIL(CL_INVALID_IMAGE_SIZE);
  }
  /* CL_IMAGE_ROW/SLICE_PITCH: the user's, else those of linear rows. */
  im->row_pitch = hrow ? hrow : w * es;
  im->slice_pitch = hrow ? hslice : im->row_pitch * (has_h ? h : 1);
  if (t == CL_MEM_OBJECT_IMAGE1D || t == CL_MEM_OBJECT_IMAGE1D_BUFFER || t == CL_MEM_OBJECT_IMAGE2D)
    im->slice_pitch = 0;

  if (!(flags & (CL_MEM_READ_WRITE | CL_MEM_WRITE_ONLY | CL_MEM_READ_ONLY)))
    flags |= CL_MEM_READ_WRITE;
  struct _cl_mem *m = rt_mem_new(ctx, flags, (size_t)bytes);
  if (!m) {
    free(im);
    RT_FAIL(CL_OUT_OF_HOST_MEMORY);
  }
  m->img = im;
  rt_lock();
  int rc = 0, stored = 0;
  if (buf) {
    for (cl_uint i = 0; i < ctx->ndev; i++) m->addr[i] = buf->addr[i];
  } else {
    rc = rt_mem_storage_alloc(ctx, (size_t)bytes, (flags & CL_MEM_USE_HOST_PTR) ? host_ptr : NULL,
                              m->addr);
    stored = rc == 0;
  }
  for (cl_uint i = 0; rc == 0 && i < ctx->ndev; i++)
    if (!(im->desc_addr[i] = sim_mem_alloc(ctx->devices[i]->sim, ISA_IMAGE_DESC_BYTES, NULL)))
      rc = -1;
  if (rc != 0) {
    m->magic = RT_MAGIC_DEAD;
    rt_image_free(m);
    if (stored) rt_mem_storage_free(ctx, m->addr);
    rt_unlock();
    rt_context_release(ctx);
    free(m);
    RT_FAIL(CL_MEM_OBJECT_ALLOCATION_FAILURE);
  }
  if (buf) { /* the image holds its buffer (released with it, rt_mem_release) */
    m->parent = buf;
    buf->refs++;
  }
  rt_image_write_descs(m);
  if (flags & CL_MEM_USE_HOST_PTR) m->host_ptr = host_ptr;
  /* a 1D buffer image inherits COPY_HOST_PTR from its buffer, whose bytes
   * (its texels) were copied when the buffer was made: nothing to copy */
  if ((flags & CL_MEM_COPY_HOST_PTR) && !buf) {
    size_t origin[3] = {0, 0, 0}, region[3];
    rt_image_extent(im, region);
    uint64_t lo, hi;
    /* host rows: a 1D array's layers are its "rows" at the slice pitch */
    size_t ys = t == CL_MEM_OBJECT_IMAGE1D_ARRAY ? hslice : hrow;
    rt_image_copy_host(m, origin, region, host_ptr, ys, hslice, 1, &lo, &hi);
    /* the upload passes through each device's L2 (l2.host_write_bytes) */
    for (cl_uint i = 0; hi > lo && i < ctx->ndev; i++)
      if (ctx->devices[i]->sim) sim_mem_wrote(ctx->devices[i]->sim, m->addr[i] + lo, hi - lo);
  }
  rt_unlock();
  rt_err(errcode_ret, CL_SUCCESS);
  return m;
#undef RT_FAIL
}

CL_API_ENTRY cl_mem CL_API_CALL clCreateImage(cl_context ctx, cl_mem_flags flags,
                                              const cl_image_format *fmt, const cl_image_desc *desc,
                                              void *host_ptr, cl_int *errcode_ret) {
  return rt_image_create(ctx, flags, fmt, desc, host_ptr, 0, errcode_ret);
}

CL_API_ENTRY cl_mem CL_API_CALL clCreateImageWithProperties(
    cl_context ctx, const cl_mem_properties *props, cl_mem_flags flags, const cl_image_format *fmt,
    const cl_image_desc *desc, void *host_ptr, cl_int *errcode_ret) {
  if (props && props[0] != 0) {
    rt_err(errcode_ret, CL_INVALID_PROPERTY); /* no image properties are defined */
    return NULL;
  }
  return rt_image_create(ctx, flags, fmt, desc, host_ptr, 0, errcode_ret);
}

CL_API_ENTRY cl_mem CL_API_CALL clCreateImage2D(cl_context ctx, cl_mem_flags flags,
                                                const cl_image_format *fmt, size_t width,
                                                size_t height, size_t row_pitch, void *host_ptr,
                                                cl_int *errcode_ret) {
  cl_image_desc d = {.image_type = CL_MEM_OBJECT_IMAGE2D,
                     .image_width = width,
                     .image_height = height,
                     .image_row_pitch = row_pitch};
  return rt_image_create(ctx, flags, fmt, &d, host_ptr, 1, errcode_ret);
}

CL_API_ENTRY cl_mem CL_API_CALL clCreateImage3D(cl_context ctx, cl_mem_flags flags,
                                                const cl_image_format *fmt, size_t width,
                                                size_t height, size_t depth, size_t row_pitch,
                                                size_t slice_pitch, void *host_ptr,
                                                cl_int *errcode_ret) {
  /* 1.1: a 3D image has a depth of at least 2. */
  if (RT_VALID(ctx, RT_MAGIC_CONTEXT) && depth == 1) {
    rt_err(errcode_ret, CL_INVALID_IMAGE_SIZE);
    return NULL;
  }
  cl_image_desc d = {.image_type = CL_MEM_OBJECT_IMAGE3D,
                     .image_width = width,
                     .image_height = height,
                     .image_depth = depth,
                     .image_row_pitch = row_pitch,
                     .image_slice_pitch = slice_pitch};
  return rt_image_create(ctx, flags, fmt, &d, host_ptr, 1, errcode_ret);
}

CL_API_ENTRY cl_int CL_API_CALL clGetImageInfo(cl_mem m, cl_image_info param, size_t size,
                                               void *value, size_t *size_ret) {
  if (!RT_VALID(m, RT_MAGIC_MEM) || !m->img) return CL_INVALID_MEM_OBJECT;
  const rt_image *im = m->img;
  switch (param) {
  case CL_IMAGE_FORMAT:
    return rt_info(size, value, size_ret, &im->format, sizeof im->format);
  case CL_IMAGE_ELEMENT_SIZE:
    RT_INFO_VAL(size_t, im->layout.elem_size);
  case CL_IMAGE_ROW_PITCH:
    RT_INFO_VAL(size_t, im->row_pitch);
  case CL_IMAGE_SLICE_PITCH:
    RT_INFO_VAL(size_t, im->slice_pitch);
  case CL_IMAGE_WIDTH:
    RT_INFO_VAL(size_t, im->width);
  case CL_IMAGE_HEIGHT:
    RT_INFO_VAL(size_t, im->height);
  case CL_IMAGE_DEPTH:
    RT_INFO_VAL(size_t, im->depth);
  case CL_IMAGE_ARRAY_SIZE:
    RT_INFO_VAL(size_t, im->array_size);
  case CL_IMAGE_BUFFER:
    RT_INFO_VAL(cl_mem, im->type == CL_MEM_OBJECT_IMAGE1D_BUFFER ? m->parent : NULL);
  case CL_IMAGE_NUM_MIP_LEVELS:
  case CL_IMAGE_NUM_SAMPLES:
    RT_INFO_VAL(cl_uint, 0);
  default:
    return CL_INVALID_VALUE;
  }
}
