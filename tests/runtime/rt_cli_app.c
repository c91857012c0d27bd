/* A small OpenCL host program for the runtime's loader and CLI tests: adds
 * two vectors twice through whatever platform the ICD loader offers first,
 * checks the result, and exits 0 on success (argv[1], if given, is the exit
 * status to use instead, to test that `wavesim run` passes it on; "kill"
 * makes it SIGKILL itself after both launches, with everything still open;
 * "leak" exits 0 after them without releasing anything; "wait" prints
 * "ready" after them and waits, everything open, to be killed). */
#define CL_TARGET_OPENCL_VERSION 120
#include <CL/cl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define N 1024

static const char *src =
    "__kernel void vadd(__global const int *a, __global const int *b, __global int *c) {\n"
    "  size_t i = get_global_id(0);\n"
    "  c[i] = a[i] + b[i];\n"
    "}\n";

#define CHECK(x)                                                                                   \
  do {                                                                                             \
    cl_int e_ = (x);                                                                               \
    if (e_ != CL_SUCCESS) {                                                                        \
      fprintf(stderr, "rt_cli_app: %s failed: %d\n", #x, (int)e_);                                 \
      return 1;                                                                                    \
    }                                                                                              \
  } while (0)

int main(int argc, char **argv) {
  cl_platform_id p;
  cl_device_id d;
  cl_int err;
  char name[128];
  CHECK(clGetPlatformIDs(1, &p, NULL));
  CHECK(clGetPlatformInfo(p, CL_PLATFORM_NAME, sizeof name, name, NULL));
  printf("platform: %s\n", name);
  CHECK(clGetDeviceIDs(p, CL_DEVICE_TYPE_GPU, 1, &d, NULL));
  cl_context ctx = clCreateContext(NULL, 1, &d, NULL, NULL, &err);
  CHECK(err);
  cl_command_queue q = clCreateCommandQueue(ctx, d, 0, &err);
  CHECK(err);
  cl_program prog = clCreateProgramWithSource(ctx, 1, &src, NULL, &err);
  CHECK(err);
  CHECK(clBuildProgram(prog, 1, &d, NULL, NULL, NULL));
  cl_kernel k = clCreateKernel(prog, "vadd", &err);
  CHECK(err);
  static int a[N], b[N], c[N];
  for (int i = 0; i < N; i++) a[i] = i, b[i] = 7 * i;
  cl_mem ma = clCreateBuffer(ctx, CL_MEM_COPY_HOST_PTR, sizeof a, a, &err);
  cl_mem mb = clCreateBuffer(ctx, CL_MEM_COPY_HOST_PTR, sizeof b, b, &err);
  cl_mem mc = clCreateBuffer(ctx, CL_MEM_WRITE_ONLY, sizeof c, NULL, &err);
  CHECK(err);
  CHECK(clSetKernelArg(k, 0, sizeof ma, &ma));
  CHECK(clSetKernelArg(k, 1, sizeof mb, &mb));
  CHECK(clSetKernelArg(k, 2, sizeof mc, &mc));
  size_t g = N, l = 128;
  for (int rep = 0; rep < 2; rep++) {
    CHECK(clEnqueueNDRangeKernel(q, k, 1, NULL, &g, rep ? NULL : &l, 0, NULL, NULL));
    CHECK(clEnqueueReadBuffer(q, mc, CL_TRUE, 0, sizeof c, c, 0, NULL, NULL));
    for (int i = 0; i < N; i++)
      if (c[i] != 8 * i) {
        fprintf(stderr, "rt_cli_app: c[%d] = %d, expected %d\n", i, c[i], 8 * i);
        return 1;
      }
  }
  if (argc > 1 && strcmp(argv[1], "kill") == 0) raise(SIGKILL);
  if (argc > 1 && strcmp(argv[1], "leak") == 0) exit(0);
  if (argc > 1 && strcmp(argv[1], "wait") == 0) {
    printf("ready\n");
    fflush(stdout);
    for (;;) pause();
  }
  clReleaseMemObject(ma);
  clReleaseMemObject(mb);
  clReleaseMemObject(mc);
  clReleaseKernel(k);
  clReleaseProgram(prog);
  clReleaseCommandQueue(q);
  clReleaseContext(ctx);
  printf("rt_cli_app: ok\n");
  return argc > 1 ? atoi(argv[1]) : 0;
}
