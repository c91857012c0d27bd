/* A host program for the traces tests: reverses each 64-element block of a
 * buffer with the kernel in the file argv[1] (a barrier and __local memory,
 * so the timeline has barrier waits), checks the result, exits 0. */
#define CL_TARGET_OPENCL_VERSION 120
#include <CL/cl.h>
#include <stdio.h>
#include <stdlib.h>

#define N 256
#define WG 64

#define CHECK(x)                                                        \
  do {                                                                  \
    cl_int e_ = (x);                                                    \
    if (e_ != CL_SUCCESS) {                                             \
      fprintf(stderr, "trace_app: %s failed: %d\n", #x, (int)e_);       \
      return 1;                                                         \
    }                                                                   \
  } while (0)

int main(int argc, char **argv) {
  if (argc != 2) {
    fprintf(stderr, "usage: trace_app KERNEL.cl\n");
    return 2;
  }
  static char src[8192];
  FILE *f = fopen(argv[1], "r");
  if (!f) {
    fprintf(stderr, "trace_app: cannot read %s\n", argv[1]);
    return 2;
  }
  size_t n = fread(src, 1, sizeof src - 1, f);
  fclose(f);
  src[n] = 0;
  const char *srcp = src;
  cl_platform_id p;
  cl_device_id d;
  cl_int err;
  CHECK(clGetPlatformIDs(1, &p, NULL));
  CHECK(clGetDeviceIDs(p, CL_DEVICE_TYPE_ALL, 1, &d, NULL));
  cl_context ctx = clCreateContext(NULL, 1, &d, NULL, NULL, &err);
  CHECK(err);
  cl_command_queue q = clCreateCommandQueue(ctx, d, 0, &err);
  CHECK(err);
  cl_program prog = clCreateProgramWithSource(ctx, 1, &srcp, NULL, &err);
  CHECK(err);
  CHECK(clBuildProgram(prog, 1, &d, NULL, NULL, NULL));
  cl_kernel k = clCreateKernel(prog, "reverse", &err);
  CHECK(err);
  static int a[N];
  for (int i = 0; i < N; i++) a[i] = i;
  cl_mem m = clCreateBuffer(ctx, CL_MEM_COPY_HOST_PTR, sizeof a, a, &err);
  CHECK(err);
  CHECK(clSetKernelArg(k, 0, sizeof m, &m));
  size_t g = N, l = WG;
  CHECK(clEnqueueNDRangeKernel(q, k, 1, NULL, &g, &l, 0, NULL, NULL));
  CHECK(clEnqueueReadBuffer(q, m, CL_TRUE, 0, sizeof a, a, 0, NULL, NULL));
  for (int i = 0; i < N; i++)
    if (a[i] != i / WG * WG + (WG - 1 - i % WG)) {
      fprintf(stderr, "trace_app: a[%d] = %d\n", i, a[i]);
      return 1;
    }
  clReleaseMemObject(m);
  clReleaseKernel(k);
  clReleaseProgram(prog);
  clReleaseCommandQueue(q);
  clReleaseContext(ctx);
  printf("trace_app: ok\n");
  return 0;
}
