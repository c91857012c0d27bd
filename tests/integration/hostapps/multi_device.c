/* tests/integration/hostapps/multi_device.c: one context over the first
 * platform's devices (the first two; one device serves both roles when there
 * is only one), a queue per device, a pipeline whose stages alternate
 * between the devices with events of the other device's queue as wait
 * lists, and every result checked on the host. Prints PASS. */
#include <string.h>

#include "hostapp.h"

#define N 4096
#define ROUNDS 4

static const char *kSource =
    "__kernel void scale_add(__global const float *x, __global float *y, float a) {\n"
    "  size_t i = get_global_id(0);\n"
    "  y[i] = a * x[i] + y[i];\n"
    "}\n"
    "__kernel void reduce_block(__global const float *y, __global float *part,\n"
    "                           __local float *tmp) {\n"
    "  size_t l = get_local_id(0), n = get_local_size(0);\n"
    "  tmp[l] = y[get_global_id(0)];\n"
    "  barrier(CLK_LOCAL_MEM_FENCE);\n"
    "  for (size_t s = n / 2; s > 0; s /= 2) {\n"
    "    if (l < s) tmp[l] += tmp[l + s];\n"
    "    barrier(CLK_LOCAL_MEM_FENCE);\n"
    "  }\n"
    "  if (l == 0) part[get_group_id(0)] = tmp[0];\n"
    "}\n";

int main(void) {
  cl_platform_id plat;
  CHECK(clGetPlatformIDs(1, &plat, NULL));
  cl_device_id all[8];
  cl_uint nall = 0;
  CHECK(clGetDeviceIDs(plat, CL_DEVICE_TYPE_ALL, 8, all, &nall));
  cl_uint ndev = nall < 2 ? 1 : 2;
  cl_device_id dev[2] = {all[0], all[ndev - 1]};
  for (cl_uint i = 0; i < ndev; i++) {
    char name[256] = "";
    CHECK(clGetDeviceInfo(dev[i], CL_DEVICE_NAME, sizeof name, name, NULL));
    printf("device %u: %s\n", i, name);
  }
  cl_int err;
  cl_context ctx = clCreateContext(NULL, ndev, dev, NULL, NULL, &err);
  CHECK_ERR(err);
  cl_uint nctx = 0;
  CHECK(clGetContextInfo(ctx, CL_CONTEXT_NUM_DEVICES, sizeof nctx, &nctx, NULL));
  EXPECT_EQ(nctx, ndev);
  cl_command_queue q[2];
  for (int i = 0; i < 2; i++) {
    q[i] = clCreateCommandQueue(ctx, dev[i], CL_QUEUE_PROFILING_ENABLE, &err);
    CHECK_ERR(err);
  }
  cl_program prog = clCreateProgramWithSource(ctx, 1, &kSource, NULL, &err);
  CHECK_ERR(err);
  err = clBuildProgram(prog, 0, NULL, "", NULL, NULL);
  for (cl_uint i = 0; i < ndev; i++) {
    cl_build_status st;
    CHECK(clGetProgramBuildInfo(prog, dev[i], CL_PROGRAM_BUILD_STATUS, sizeof st, &st, NULL));
    if (st != CL_BUILD_SUCCESS) {
      char log[8192] = "";
      clGetProgramBuildInfo(prog, dev[i], CL_PROGRAM_BUILD_LOG, sizeof log, log, NULL);
      fprintf(stderr, "build on device %u failed:\n%s\n", i, log);
      return 1;
    }
  }
  CHECK_ERR(err);
  size_t bin_sizes[2] = {0, 0}, bsz = 0;
  CHECK(clGetProgramInfo(prog, CL_PROGRAM_BINARY_SIZES, sizeof bin_sizes, bin_sizes, &bsz));
  EXPECT_EQ(bsz, ndev * sizeof(size_t));
  cl_kernel saxpy = clCreateKernel(prog, "scale_add", &err);
  CHECK_ERR(err);
  cl_kernel reduce = clCreateKernel(prog, "reduce_block", &err);
  CHECK_ERR(err);

  static float hx[N], hy[N], want[N];
  for (int i = 0; i < N; i++) {
    hx[i] = (float)(i % 97) * 0.25f;
    hy[i] = (float)(i % 13);
    want[i] = hy[i];
  }
  cl_mem x = clCreateBuffer(ctx, CL_MEM_READ_ONLY, sizeof hx, NULL, &err);
  CHECK_ERR(err);
  cl_mem y = clCreateBuffer(ctx, CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR, sizeof hy, hy, &err);
  CHECK_ERR(err);
  const size_t local = 64, groups = N / 64;
  cl_mem part = clCreateBuffer(ctx, CL_MEM_WRITE_ONLY, groups * sizeof(float), NULL, &err);
  CHECK_ERR(err);

  /* x is written through device 1's queue; the first stage runs on device 0. */
  cl_event prev;
  CHECK(clEnqueueWriteBuffer(q[1], x, CL_FALSE, 0, sizeof hx, hx, 0, NULL, &prev));
  CHECK(clFlush(q[1]));
  size_t g = N;
  cl_event stage[ROUNDS];
  for (int r = 0; r < ROUNDS; r++) {
    /* Stage r on device r % 2, after stage r-1 on the other device. */
    float a = (float)(r + 1);
    CHECK(clSetKernelArg(saxpy, 0, sizeof x, &x));
    CHECK(clSetKernelArg(saxpy, 1, sizeof y, &y));
    CHECK(clSetKernelArg(saxpy, 2, sizeof a, &a));
    CHECK(clEnqueueNDRangeKernel(q[r % 2], saxpy, 1, NULL, &g, &local, 1, &prev, &stage[r]));
    CHECK(clFlush(q[r % 2]));
    CHECK(clReleaseEvent(prev));
    CHECK(clRetainEvent(stage[r]));
    prev = stage[r];
    for (int i = 0; i < N; i++) want[i] = a * hx[i] + want[i];
  }
  /* The reduction on device 1 reads y as the last stage (on device 1) left it. */
  CHECK(clSetKernelArg(reduce, 0, sizeof y, &y));
  CHECK(clSetKernelArg(reduce, 1, sizeof part, &part));
  CHECK(clSetKernelArg(reduce, 2, local * sizeof(float), NULL));
  cl_event red;
  CHECK(clEnqueueNDRangeKernel(q[1], reduce, 1, NULL, &g, &local, 1, &prev, &red));
  CHECK(clReleaseEvent(prev));
  /* Read y on device 0's queue and the partial sums on device 1's. */
  static float got[N];
  float parts[N / 64];
  CHECK(clEnqueueReadBuffer(q[0], y, CL_TRUE, 0, sizeof got, got, 1, &red, NULL));
  CHECK(clEnqueueReadBuffer(q[1], part, CL_TRUE, 0, sizeof parts, parts, 0, NULL, NULL));
  CHECK(clFinish(q[0]));
  CHECK(clFinish(q[1]));
  int bad = 0;
  for (int i = 0; i < N; i++)
    if (got[i] != want[i] && bad++ < 5)
      fprintf(stderr, "y[%d] = %g, want %g\n", i, (double)got[i], (double)want[i]);
  for (size_t b = 0; b < groups; b++) {
    /* Exact: every value is a multiple of 1/4 far below 2^24. */
    float s = 0;
    for (size_t i = 0; i < local; i++) s += want[b * local + i];
    if (parts[b] != s && bad++ < 10)
      fprintf(stderr, "part[%zu] = %g, want %g\n", b, (double)parts[b], (double)s);
  }
  /* Each stage started after the one it waited for had ended. */
  for (int r = 1; r < ROUNDS; r++) {
    cl_ulong end_prev, start;
    CHECK(clGetEventProfilingInfo(stage[r - 1], CL_PROFILING_COMMAND_END, sizeof end_prev,
                                  &end_prev, NULL));
    CHECK(
        clGetEventProfilingInfo(stage[r], CL_PROFILING_COMMAND_START, sizeof start, &start, NULL));
    if (ndev == 2 && start < end_prev && bad++ < 12)
      fprintf(stderr, "stage %d started at %llu before stage %d ended at %llu\n", r,
              (unsigned long long)start, r - 1, (unsigned long long)end_prev);
  }
  for (int r = 0; r < ROUNDS; r++) CHECK(clReleaseEvent(stage[r]));
  CHECK(clReleaseEvent(red));
  CHECK(clReleaseMemObject(x));
  CHECK(clReleaseMemObject(y));
  CHECK(clReleaseMemObject(part));
  CHECK(clReleaseKernel(saxpy));
  CHECK(clReleaseKernel(reduce));
  CHECK(clReleaseProgram(prog));
  for (int i = 0; i < 2; i++) CHECK(clReleaseCommandQueue(q[i]));
  CHECK(clReleaseContext(ctx));
  if (bad) {
    printf("multi_device: FAIL (%d mismatches)\n", bad);
    return 1;
  }
  printf("multi_device (%u devices): PASS\n", ndev);
  return 0;
}
