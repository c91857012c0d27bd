/* Shared by the single-file measuring tools in this folder (wgtrace.c,
 * latdist.c): stop on a failed call, pick the first device of the platform whose name contains a
 * string, and build one program from source, printing the build log on
 * failure. Each tool still compiles with one gcc command; this header is
 * found next to it. */
#ifndef WAVESIM_VALIDATION_CLTOOL_H
#define WAVESIM_VALIDATION_CLTOOL_H

#include <CL/cl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* A measuring tool stops at the first failed OpenCL call, naming it. */
#define CLTOOL_CHECK(tool, x)                                                                      \
  do {                                                                                             \
    cl_int e_ = (x);                                                                               \
    if (e_ != CL_SUCCESS) {                                                                        \
      fprintf(stderr, "%s: %s failed (%d)\n", tool, #x, e_);                                       \
      exit(1);                                                                                     \
    }                                                                                              \
  } while (0)

/* The first device of the first platform whose name contains `want`, or
 * NULL (after a message naming `tool`). */
static cl_device_id cltool_device(const char *tool, const char *want) {
  cl_platform_id plats[16];
  cl_uint np = 0;
  if (clGetPlatformIDs(16, plats, &np) != CL_SUCCESS) np = 0;
  for (cl_uint i = 0; i < np && i < 16; ++i) {
    char name[256] = "";
    cl_device_id dev = NULL;
    clGetPlatformInfo(plats[i], CL_PLATFORM_NAME, sizeof name, name, NULL);
    if (strstr(name, want) &&
        clGetDeviceIDs(plats[i], CL_DEVICE_TYPE_ALL, 1, &dev, NULL) == CL_SUCCESS)
      return dev;
  }
  fprintf(stderr, "%s: no platform whose name contains \"%s\"\n", tool, want);
  return NULL;
}

/* Program `src` built for dev with `options`, or NULL (the build log goes to
 * stderr after a message naming `tool`). */
static cl_program cltool_build(const char *tool, cl_context ctx, cl_device_id dev, const char *src,
                               const char *options) {
  cl_int err;
  cl_program p = clCreateProgramWithSource(ctx, 1, &src, NULL, &err);
  if (err != CL_SUCCESS) {
    fprintf(stderr, "%s: clCreateProgramWithSource failed (%d)\n", tool, err);
    return NULL;
  }
  if (clBuildProgram(p, 1, &dev, options, NULL, NULL) != CL_SUCCESS) {
    static char log[1 << 16];
    clGetProgramBuildInfo(p, dev, CL_PROGRAM_BUILD_LOG, sizeof log, log, NULL);
    fprintf(stderr, "%s: build failed:\n%s\n", tool, log);
    clReleaseProgram(p);
    return NULL;
  }
  return p;
}

#endif
