/* A kernel reading CL_DEVICE_MAX_READ_IMAGE_ARGS (128 on wavesim) images,
 * one read_imagef from each, summed: its descriptors outnumber the scalar
 * registers, so it builds only with SGPR spilling (issue #32, item 3).
 * usage: image_args_max PLATFORM-NAME-SUBSTRING; exit 0 when the sums match
 * the host's, 1 otherwise (the first difference printed). */
#define CL_TARGET_OPENCL_VERSION 120
#define CL_USE_DEPRECATED_OPENCL_1_1_APIS /* clCreateImage2D: the 1.1 call PoCL and wavesim share  \
                                           */
#include <CL/cl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define W 4 /* image width and height: one work-item per texel */
#define N_WI (W * W)

/* Texel (x, y) of image k: small integers, so every sum below is exact in
 * float whatever order the device adds in. */
static float texel(unsigned k, unsigned x, unsigned y) {
  return (float)((k * 7 + x * 3 + y * 5) % 61);
}

static int fail(const char *what, cl_int err) {
  fprintf(stderr, "image_args_max: %s failed (%d)\n", what, err);
  return 1;
}

/* "read_only image2d_t i0, ..., __global float *out" and the sum of
 * (k + 1) * read_imagef(ik, coord).x over all n images. */
static char *kernel_source(unsigned n) {
  size_t cap = 200 + (size_t)n * 100;
  char *s = malloc(cap), *p = s;
  if (!s) return NULL;
  p += sprintf(p, "__kernel void many(");
  for (unsigned k = 0; k < n; k++) p += sprintf(p, "read_only image2d_t i%u, ", k);
  p += sprintf(p,
               "__global float *out) {\n"
               "  int x = get_global_id(0) %% %d, y = get_global_id(0) / %d;\n"
               "  float s = 0.0f;\n",
               W, W);
  for (unsigned k = 0; k < n; k++)
    p += sprintf(p, "  s += %u.0f * read_imagef(i%u, (int2)(x, y)).x;\n", k + 1, k);
  sprintf(p, "  out[get_global_id(0)] = s;\n}\n");
  return s;
}

static int run(cl_platform_id plat) {
  cl_device_id dev;
  cl_int err = clGetDeviceIDs(plat, CL_DEVICE_TYPE_ALL, 1, &dev, NULL);
  if (err) return fail("clGetDeviceIDs", err);
  cl_uint n = 0;
  clGetDeviceInfo(dev, CL_DEVICE_MAX_READ_IMAGE_ARGS, sizeof n, &n, NULL);
  if (n < 128) {
    fprintf(stderr,
            "image_args_max: the device reports CL_DEVICE_MAX_READ_IMAGE_ARGS = %u, "
            "below OpenCL 1.2's 128\n",
            n);
    return 1;
  }
  n = 128; /* the case (and the spec's minimum): what every device must take */
  cl_context ctx = clCreateContext(NULL, 1, &dev, NULL, NULL, &err);
  if (err) return fail("clCreateContext", err);
  cl_command_queue q = clCreateCommandQueue(ctx, dev, 0, &err);
  if (err) return fail("clCreateCommandQueue", err);
  char *src = kernel_source(n);
  if (!src) return fail("malloc", 0);
  cl_program prog = clCreateProgramWithSource(ctx, 1, (const char **)&src, NULL, &err);
  free(src);
  if (err) return fail("clCreateProgramWithSource", err);
  err = clBuildProgram(prog, 1, &dev, "", NULL, NULL);
  if (err) {
    char log[8192] = "";
    clGetProgramBuildInfo(prog, dev, CL_PROGRAM_BUILD_LOG, sizeof log - 1, log, NULL);
    fprintf(stderr, "build log:\n%s\n", log);
    return fail("clBuildProgram", err);
  }
  cl_kernel kern = clCreateKernel(prog, "many", &err);
  if (err) return fail("clCreateKernel", err);
  cl_image_format fmt = {CL_RGBA, CL_FLOAT};
  cl_mem img[128];
  for (unsigned k = 0; k < n; k++) {
    float px[N_WI * 4];
    for (unsigned y = 0; y < W; y++)
      for (unsigned x = 0; x < W; x++)
        for (unsigned c = 0; c < 4; c++) px[(y * W + x) * 4 + c] = c ? -1.0f : texel(k, x, y);
    img[k] = clCreateImage2D(ctx, CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, &fmt, W, W, 0, px, &err);
    if (err) return fail("clCreateImage2D", err);
    err = clSetKernelArg(kern, k, sizeof(cl_mem), &img[k]);
    if (err) return fail("clSetKernelArg (image)", err);
  }
  cl_mem out = clCreateBuffer(ctx, CL_MEM_WRITE_ONLY, N_WI * sizeof(float), NULL, &err);
  if (err) return fail("clCreateBuffer", err);
  err = clSetKernelArg(kern, n, sizeof out, &out);
  if (err) return fail("clSetKernelArg (out)", err);
  size_t global = N_WI;
  err = clEnqueueNDRangeKernel(q, kern, 1, NULL, &global, NULL, 0, NULL, NULL);
  if (err) return fail("clEnqueueNDRangeKernel", err);
  float got[N_WI];
  err = clEnqueueReadBuffer(q, out, CL_TRUE, 0, sizeof got, got, 0, NULL, NULL);
  if (err) return fail("clEnqueueReadBuffer", err);
  int bad = 0;
  for (unsigned i = 0; i < N_WI && !bad; i++) {
    float want = 0.0f;
    for (unsigned k = 0; k < n; k++) want += (float)(k + 1) * texel(k, i % W, i / W);
    if (got[i] != want) {
      fprintf(stderr, "image_args_max: work-item %u: got %g, expected %g\n", i, got[i], want);
      bad = 1;
    }
  }
  if (!bad) printf("image_args_max: %u images, %d work-items: sums match\n", n, N_WI);
  for (unsigned k = 0; k < n; k++) clReleaseMemObject(img[k]);
  clReleaseMemObject(out);
  clReleaseKernel(kern);
  clReleaseProgram(prog);
  clReleaseCommandQueue(q);
  clReleaseContext(ctx);
  return bad;
}

int main(int argc, char **argv) {
  if (argc != 2) {
    fprintf(stderr, "usage: image_args_max PLATFORM-NAME-SUBSTRING\n");
    return 2;
  }
  cl_platform_id plats[8];
  cl_uint np = 0;
  if (clGetPlatformIDs(8, plats, &np) || np == 0) return fail("clGetPlatformIDs", 0);
  for (cl_uint i = 0; i < np && i < 8; i++) {
    char name[256] = "";
    clGetPlatformInfo(plats[i], CL_PLATFORM_NAME, sizeof name, name, NULL);
    if (strstr(name, argv[1])) return run(plats[i]);
  }
  fprintf(stderr, "image_args_max: no platform named like '%s' (check OCL_ICD_VENDORS)\n", argv[1]);
  return 1;
}
