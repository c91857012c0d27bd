/* image_blur: a separable 5-tap binomial blur of an RGBA8 image through
 * images and samplers (clamp-to-edge reads, integer formats, so every device
 * computes the same bytes), then a bilinear half-size resize of the result
 * (normalized coordinates, linear filtering); both checked against CPU
 * references. SIZE is the image width (height 3/4 of it). Dumps the blur as
 * int32 channels. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ex_util.h"

static const char *kSource =
    "const sampler_t edge = CLK_NORMALIZED_COORDS_FALSE | CLK_ADDRESS_CLAMP_TO_EDGE |\n"
    "                       CLK_FILTER_NEAREST;\n"
    "/* weights 1 4 6 4 1 along x: sums up to 16 * 255 in a uint16 image */\n"
    "__kernel void blur_x(read_only image2d_t src, write_only image2d_t tmp) {\n"
    "  int2 p = (int2)(get_global_id(0), get_global_id(1));\n"
    "  uint4 s = read_imageui(src, edge, p + (int2)(-2, 0)) + read_imageui(src, edge, p + "
    "(int2)(2, 0))\n"
    "          + 4 * (read_imageui(src, edge, p + (int2)(-1, 0)) + read_imageui(src, edge, p + "
    "(int2)(1, 0)))\n"
    "          + 6 * read_imageui(src, edge, p);\n"
    "  write_imageui(tmp, p, s);\n"
    "}\n"
    "/* the same along y, then divided by 256 with rounding into uint8 */\n"
    "__kernel void blur_y(read_only image2d_t tmp, write_only image2d_t dst) {\n"
    "  int2 p = (int2)(get_global_id(0), get_global_id(1));\n"
    "  uint4 s = read_imageui(tmp, edge, p + (int2)(0, -2)) + read_imageui(tmp, edge, p + "
    "(int2)(0, 2))\n"
    "          + 4 * (read_imageui(tmp, edge, p + (int2)(0, -1)) + read_imageui(tmp, edge, p + "
    "(int2)(0, 1)))\n"
    "          + 6 * read_imageui(tmp, edge, p);\n"
    "  write_imageui(dst, p, (s + 128) >> 8);\n"
    "}\n"
    "/* bilinear resize: the destination texel's centre in normalized coordinates */\n"
    "__kernel void resize(read_only image2d_t src, sampler_t lin, write_only image2d_t dst) {\n"
    "  int2 p = (int2)(get_global_id(0), get_global_id(1));\n"
    "  float2 c = ((float2)(p.x, p.y) + 0.5f) / (float2)(get_image_width(dst), "
    "get_image_height(dst));\n"
    "  write_imagef(dst, p, read_imagef(src, lin, c));\n"
    "}\n";

static unsigned clampi(int v, int hi) {
  return (unsigned)(v < 0 ? 0 : v > hi ? hi : v);
}

/* The blur on the CPU, exactly as the kernels compute it. */
static void blur_ref(const unsigned char *src, unsigned char *dst, int w, int h) {
  static const unsigned wt[5] = {1, 4, 6, 4, 1};
  unsigned *tmp = malloc((size_t)w * h * 4 * sizeof *tmp);
  if (!tmp) return;
  for (int y = 0; y < h; y++)
    for (int x = 0; x < w; x++)
      for (int c = 0; c < 4; c++) {
        unsigned s = 0;
        for (int k = -2; k <= 2; k++)
          s += wt[k + 2] * src[((size_t)y * w + clampi(x + k, w - 1)) * 4 + c];
        tmp[((size_t)y * w + x) * 4 + c] = s;
      }
  for (int y = 0; y < h; y++)
    for (int x = 0; x < w; x++)
      for (int c = 0; c < 4; c++) {
        unsigned s = 0;
        for (int k = -2; k <= 2; k++)
          s += wt[k + 2] * tmp[((size_t)clampi(y + k, h - 1) * w + x) * 4 + c];
        dst[((size_t)y * w + x) * 4 + c] = (unsigned char)((s + 128) >> 8);
      }
  free(tmp);
}

/* Bilinear sample of an RGBA unorm8 image at normalized (u, v), clamp to
 * edge (OpenCL 1.2, 8.2: u*w - 0.5, floor, weights of the fractions). */
static float bilinear(const unsigned char *img, int w, int h, float u, float v, int c) {
  float x = u * (float)w - 0.5f, y = v * (float)h - 0.5f;
  int i0 = (int)floorf(x), j0 = (int)floorf(y);
  float a = x - floorf(x), b = y - floorf(y);
  float t00 = img[((size_t)clampi(j0, h - 1) * w + clampi(i0, w - 1)) * 4 + c] / 255.0f;
  float t10 = img[((size_t)clampi(j0, h - 1) * w + clampi(i0 + 1, w - 1)) * 4 + c] / 255.0f;
  float t01 = img[((size_t)clampi(j0 + 1, h - 1) * w + clampi(i0, w - 1)) * 4 + c] / 255.0f;
  float t11 = img[((size_t)clampi(j0 + 1, h - 1) * w + clampi(i0 + 1, w - 1)) * 4 + c] / 255.0f;
  return (1 - a) * (1 - b) * t00 + a * (1 - b) * t10 + (1 - a) * b * t01 + a * b * t11;
}

int main(int argc, char **argv) {
  ex_args args;
  if (ex_parse_args(argc, argv, 256, &args)) return 2;
  const int w = (int)args.size, h = (int)(args.size * 3 / 4 + 1), rw = w / 2 + 1, rh = h / 2 + 1;
  if (w < 4 || w > 8192) {
    fprintf(stderr, "image_blur: SIZE must be 4..8192 (the image width), not %zu\n", args.size);
    return 2;
  }
  size_t npix = (size_t)w * h, rpix = (size_t)rw * rh;
  unsigned char *src = malloc(npix * 4), *want = malloc(npix * 4), *got = malloc(npix * 4);
  unsigned char *rgot = malloc(rpix * 4);
  int *dump = malloc(npix * 4 * sizeof *dump);
  if (!src || !want || !got || !rgot || !dump) {
    fprintf(stderr, "image_blur: out of host memory for %dx%d\n", w, h);
    return 1;
  }
  unsigned seed = 2626;
  for (size_t i = 0; i < npix * 4; i++) src[i] = (unsigned char)(ex_rand(&seed) & 0xff);
  blur_ref(src, want, w, h);

  ex_cl cl;
  if (ex_open(&cl, 0)) return 1;
  cl_bool has_images = CL_FALSE;
  clGetDeviceInfo(cl.device, CL_DEVICE_IMAGE_SUPPORT, sizeof has_images, &has_images, NULL);
  if (!has_images) {
    fprintf(stderr, "image_blur: the device has no image support (CL_DEVICE_IMAGE_SUPPORT)\n");
    return 1;
  }
  if (ex_build(&cl, kSource, "") != CL_SUCCESS) return 1;
  cl_int err;
  const cl_image_format u8 = {CL_RGBA, CL_UNSIGNED_INT8}, u16 = {CL_RGBA, CL_UNSIGNED_INT16},
                        n8 = {CL_RGBA, CL_UNORM_INT8};
  cl_image_desc d;
  memset(&d, 0, sizeof d);
  d.image_type = CL_MEM_OBJECT_IMAGE2D;
  d.image_width = (size_t)w;
  d.image_height = (size_t)h;
  cl_mem isrc =
      clCreateImage(cl.context, CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, &u8, &d, src, &err);
  EX_CHECK(err, "clCreateImage(src)");
  cl_mem itmp = clCreateImage(cl.context, CL_MEM_READ_WRITE, &u16, &d, NULL, &err);
  EX_CHECK(err, "clCreateImage(tmp)");
  cl_mem idst = clCreateImage(cl.context, CL_MEM_READ_WRITE, &u8, &d, NULL, &err);
  EX_CHECK(err, "clCreateImage(dst)");
  cl_mem inorm = clCreateImage(cl.context, CL_MEM_READ_ONLY, &n8, &d, NULL, &err);
  EX_CHECK(err, "clCreateImage(blurred, unorm8)");
  d.image_width = (size_t)rw;
  d.image_height = (size_t)rh;
  cl_mem ismall = clCreateImage(cl.context, CL_MEM_WRITE_ONLY, &n8, &d, NULL, &err);
  EX_CHECK(err, "clCreateImage(resized)");
  cl_sampler lin =
      clCreateSampler(cl.context, CL_TRUE, CL_ADDRESS_CLAMP_TO_EDGE, CL_FILTER_LINEAR, &err);
  EX_CHECK(err, "clCreateSampler");

  cl_kernel kx = clCreateKernel(cl.program, "blur_x", &err);
  EX_CHECK(err, "clCreateKernel(blur_x)");
  cl_kernel ky = clCreateKernel(cl.program, "blur_y", &err);
  EX_CHECK(err, "clCreateKernel(blur_y)");
  cl_kernel kr = clCreateKernel(cl.program, "resize", &err);
  EX_CHECK(err, "clCreateKernel(resize)");
  EX_CHECK(clSetKernelArg(kx, 0, sizeof isrc, &isrc), "clSetKernelArg(blur_x, 0)");
  EX_CHECK(clSetKernelArg(kx, 1, sizeof itmp, &itmp), "clSetKernelArg(blur_x, 1)");
  EX_CHECK(clSetKernelArg(ky, 0, sizeof itmp, &itmp), "clSetKernelArg(blur_y, 0)");
  EX_CHECK(clSetKernelArg(ky, 1, sizeof idst, &idst), "clSetKernelArg(blur_y, 1)");
  EX_CHECK(clSetKernelArg(kr, 0, sizeof inorm, &inorm), "clSetKernelArg(resize, 0)");
  EX_CHECK(clSetKernelArg(kr, 1, sizeof lin, &lin), "clSetKernelArg(resize, 1)");
  EX_CHECK(clSetKernelArg(kr, 2, sizeof ismall, &ismall), "clSetKernelArg(resize, 2)");
  size_t g[2] = {(size_t)w, (size_t)h}, rg[2] = {(size_t)rw, (size_t)rh};
  size_t origin[3] = {0, 0, 0}, region[3] = {(size_t)w, (size_t)h, 1},
         rregion[3] = {(size_t)rw, (size_t)rh, 1};
  EX_CHECK(clEnqueueNDRangeKernel(cl.queue, kx, 2, NULL, g, NULL, 0, NULL, NULL),
           "clEnqueueNDRangeKernel(blur_x)");
  EX_CHECK(clEnqueueNDRangeKernel(cl.queue, ky, 2, NULL, g, NULL, 0, NULL, NULL),
           "clEnqueueNDRangeKernel(blur_y)");
  EX_CHECK(clEnqueueReadImage(cl.queue, idst, CL_TRUE, origin, region, 0, 0, got, 0, NULL, NULL),
           "clEnqueueReadImage(dst)");
  /* the blurred bytes again as unorm8, for the filtered resize */
  EX_CHECK(clEnqueueWriteImage(cl.queue, inorm, CL_TRUE, origin, region, 0, 0, got, 0, NULL, NULL),
           "clEnqueueWriteImage(blurred)");
  EX_CHECK(clEnqueueNDRangeKernel(cl.queue, kr, 2, NULL, rg, NULL, 0, NULL, NULL),
           "clEnqueueNDRangeKernel(resize)");
  EX_CHECK(
      clEnqueueReadImage(cl.queue, ismall, CL_TRUE, origin, rregion, 0, 0, rgot, 0, NULL, NULL),
      "clEnqueueReadImage(resized)");

  size_t bad = 0;
  for (size_t i = 0; i < npix * 4; i++)
    if (got[i] != want[i] && bad++ < 10)
      fprintf(stderr, "blur: pixel (%zu, %zu) channel %zu = %u, expected %u\n", i / 4 % (size_t)w,
              i / 4 / (size_t)w, i % 4, got[i], want[i]);
  /* linear filtering is exact only to the specification's tolerance: one
   * unorm8 step either way */
  for (int y = 0; y < rh; y++)
    for (int x = 0; x < rw; x++)
      for (int c = 0; c < 4; c++) {
        float r = bilinear(want, w, h, (x + 0.5f) / (float)rw, (y + 0.5f) / (float)rh, c) * 255.0f;
        unsigned v = rgot[((size_t)y * rw + x) * 4 + c];
        if (fabsf((float)v - r) > 1.0f && bad++ < 10)
          fprintf(stderr, "resize: pixel (%d, %d) channel %d = %u, expected %.2f\n", x, y, c, v, r);
      }
  int rc = 0;
  if (args.dump_path) {
    for (size_t i = 0; i < npix * 4; i++) dump[i] = got[i];
    rc = ex_dump(args.dump_path, dump, npix * 4 * sizeof *dump);
  }
  clReleaseSampler(lin);
  clReleaseMemObject(isrc);
  clReleaseMemObject(itmp);
  clReleaseMemObject(idst);
  clReleaseMemObject(inorm);
  clReleaseMemObject(ismall);
  clReleaseKernel(kx);
  clReleaseKernel(ky);
  clReleaseKernel(kr);
  ex_close(&cl);
  free(src);
  free(want);
  free(got);
  free(rgot);
  free(dump);
  return ex_report("image_blur", bad) | rc;
}
