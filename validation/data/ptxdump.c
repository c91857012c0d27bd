/* ptxdump: builds one OpenCL C file on a platform and prints the program binary
 * (PTX on NVIDIA's driver), to see which instructions the vendor compiler chose.
 * Build: gcc -O2 -std=c11 validation/data/ptxdump.c -lOpenCL
 * Usage: ptxdump PLATFORM-SUBSTRING FILE.cl [BUILD OPTIONS] */
#define CL_TARGET_OPENCL_VERSION 120
#include <CL/cl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int main(int argc, char **argv) {
  if (argc < 3) {
    fprintf(stderr, "usage: ptxdump PLATFORM-SUBSTRING FILE.cl [BUILD OPTIONS]\n");
    return 2;
  }
  FILE *f = fopen(argv[2], "rb");
  if (!f) {
    fprintf(stderr, "ptxdump: cannot open %s\n", argv[2]);
    return 2;
  }
  static char src[1 << 20];
  size_t n = fread(src, 1, sizeof src - 1, f);
  fclose(f);
  src[n] = 0;
  cl_platform_id plats[16];
  cl_uint np = 0;
  clGetPlatformIDs(16, plats, &np);
  for (cl_uint i = 0; i < np; ++i) {
    char name[256] = "";
    clGetPlatformInfo(plats[i], CL_PLATFORM_NAME, sizeof name, name, NULL);
    if (!strstr(name, argv[1])) continue;
    cl_device_id dev;
    if (clGetDeviceIDs(plats[i], CL_DEVICE_TYPE_ALL, 1, &dev, NULL) != CL_SUCCESS) continue;
    cl_int err;
    cl_context ctx = clCreateContext(NULL, 1, &dev, NULL, NULL, &err);
    const char *s = src;
    cl_program p = clCreateProgramWithSource(ctx, 1, &s, NULL, &err);
    err = clBuildProgram(p, 1, &dev, argc > 3 ? argv[3] : "", NULL, NULL);
    if (err != CL_SUCCESS) {
      static char log[1 << 16];
      clGetProgramBuildInfo(p, dev, CL_PROGRAM_BUILD_LOG, sizeof log, log, NULL);
      fprintf(stderr, "ptxdump: build failed (%d):\n%s\n", err, log);
      return 1;
    }
    size_t sz = 0;
    clGetProgramInfo(p, CL_PROGRAM_BINARY_SIZES, sizeof sz, &sz, NULL);
    unsigned char *bin = malloc(sz + 1);
    clGetProgramInfo(p, CL_PROGRAM_BINARIES, sizeof bin, &bin, NULL);
    fwrite(bin, 1, sz, stdout);
    free(bin);
    return 0;
  }
  fprintf(stderr, "ptxdump: no platform whose name contains \"%s\"\n", argv[1]);
  return 2;
}
