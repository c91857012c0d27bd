/* OpenCL 1.2 API conformance: the per-device shape of context and program
 * answers over every device of the platform (one on PoCL, several on wavesim
 * with WAVESIM_CONFIG=a,b), and the order of profiling timestamps. */
#include <stdlib.h>
#include <string.h>

#include "api.h"

#define API_MAX_DEV 8

static const char *api_multi_src =
    "__kernel void inc(__global int *a) { a[get_global_id(0)] += 1; }\n";

void api_multi_device(api *t) {
  cl_device_id devs[API_MAX_DEV], dup[2 * API_MAX_DEV];
  cl_uint n = 0;
  CHECK_ERR(clGetDeviceIDs(t->plat, CL_DEVICE_TYPE_ALL, API_MAX_DEV, devs, &n), CL_SUCCESS);
  if (n == 0 || n > API_MAX_DEV) {
    CHECK(n > 0 && n <= API_MAX_DEV);
    return;
  }
  cl_int err;
  /* Duplicates in the device list are ignored (5.4, clCreateContext). */
  for (cl_uint i = 0; i < n; i++) dup[2 * i] = dup[2 * i + 1] = devs[i];
  cl_context ctx = clCreateContext(NULL, 2 * n, dup, NULL, NULL, &err);
  CHECK_ERR(err, CL_SUCCESS);
  if (!ctx) return;
  cl_uint nctx = 0;
  size_t sz = 0;
  cl_device_id got[2 * API_MAX_DEV];
  CHECK_ERR(clGetContextInfo(ctx, CL_CONTEXT_NUM_DEVICES, sizeof nctx, &nctx, NULL), CL_SUCCESS);
  CHECK(nctx == n);
  CHECK_ERR(clGetContextInfo(ctx, CL_CONTEXT_DEVICES, sizeof got, got, &sz), CL_SUCCESS);
  CHECK(sz == n * sizeof(cl_device_id));
  for (cl_uint i = 0; i < n && sz == n * sizeof(cl_device_id); i++) CHECK(got[i] == devs[i]);
  CHECK_ERR(clGetContextInfo(ctx, CL_CONTEXT_DEVICES, sizeof(cl_device_id) * n - 1, got, NULL),
            CL_INVALID_VALUE);

  /* A program of the context has every device; per-device answers are
   * arrays in CL_PROGRAM_DEVICES order. */
  cl_program p = clCreateProgramWithSource(ctx, 1, &api_multi_src, NULL, &err);
  CHECK_ERR(err, CL_SUCCESS);
  CHECK_ERR(clBuildProgram(p, 0, NULL, "", NULL, NULL), CL_SUCCESS);
  cl_uint np = 0;
  CHECK_ERR(clGetProgramInfo(p, CL_PROGRAM_NUM_DEVICES, sizeof np, &np, NULL), CL_SUCCESS);
  CHECK(np == n);
  CHECK_ERR(clGetProgramInfo(p, CL_PROGRAM_DEVICES, sizeof got, got, &sz), CL_SUCCESS);
  CHECK(sz == n * sizeof(cl_device_id));
  size_t sizes[API_MAX_DEV];
  CHECK_ERR(clGetProgramInfo(p, CL_PROGRAM_BINARY_SIZES, sizeof sizes, sizes, &sz), CL_SUCCESS);
  CHECK(sz == n * sizeof(size_t));
  unsigned char *bins[API_MAX_DEV];
  for (cl_uint i = 0; i < n; i++) {
    CHECK(sizes[i] > 0);
    bins[i] = malloc(sizes[i] ? sizes[i] : 1);
  }
  CHECK_ERR(clGetProgramInfo(p, CL_PROGRAM_BINARIES, n * sizeof bins[0] - 1, bins, NULL),
            CL_INVALID_VALUE);
  CHECK_ERR(clGetProgramInfo(p, CL_PROGRAM_BINARIES, n * sizeof bins[0], bins, &sz), CL_SUCCESS);
  CHECK(sz == n * sizeof(unsigned char *));
  for (cl_uint i = 0; i < n; i++) {
    cl_build_status st = CL_BUILD_NONE;
    CHECK_ERR(clGetProgramBuildInfo(p, devs[i], CL_PROGRAM_BUILD_STATUS, sizeof st, &st, NULL),
              CL_SUCCESS);
    CHECK(st == CL_BUILD_SUCCESS);
  }
  /* From every device's binary: a program for those devices that builds. */
  cl_int bst[API_MAX_DEV];
  cl_program pb =
      clCreateProgramWithBinary(ctx, n, devs, sizes, (const unsigned char **)bins, bst, &err);
  CHECK_ERR(err, CL_SUCCESS);
  for (cl_uint i = 0; i < n; i++) CHECK_ERR(bst[i], CL_SUCCESS);
  if (pb) {
    CHECK_ERR(clBuildProgram(pb, n, devs, "", NULL, NULL), CL_SUCCESS);
    CHECK_ERR(clGetProgramInfo(pb, CL_PROGRAM_NUM_DEVICES, sizeof np, &np, NULL), CL_SUCCESS);
    CHECK(np == n);
    clReleaseProgram(pb);
  }
  for (cl_uint i = 0; i < n; i++) free(bins[i]);

  /* One buffer, a queue per device: each increments it in turn, waiting for
   * the previous device's event; timestamps are ordered per command. */
  cl_kernel k = clCreateKernel(p, "inc", &err);
  CHECK_ERR(err, CL_SUCCESS);
  int host[64] = {0};
  cl_mem buf = clCreateBuffer(ctx, CL_MEM_COPY_HOST_PTR, sizeof host, host, &err);
  CHECK_ERR(err, CL_SUCCESS);
  CHECK_ERR(clSetKernelArg(k, 0, sizeof buf, &buf), CL_SUCCESS);
  cl_command_queue qs[API_MAX_DEV];
  cl_event prev = NULL;
  size_t g = 64;
  for (cl_uint i = 0; i < n; i++) {
    qs[i] = clCreateCommandQueue(ctx, devs[i], CL_QUEUE_PROFILING_ENABLE, &err);
    CHECK_ERR(err, CL_SUCCESS);
    cl_event ev = NULL;
    CHECK_ERR(
        clEnqueueNDRangeKernel(qs[i], k, 1, NULL, &g, NULL, prev ? 1 : 0, prev ? &prev : NULL, &ev),
        CL_SUCCESS);
    CHECK_ERR(clFlush(qs[i]), CL_SUCCESS);
    if (prev) clReleaseEvent(prev);
    prev = ev;
  }
  CHECK_ERR(clEnqueueReadBuffer(qs[n - 1], buf, CL_TRUE, 0, sizeof host, host, 1, &prev, NULL),
            CL_SUCCESS);
  int ok = 1;
  for (int i = 0; i < 64; i++) ok &= host[i] == (int)n;
  CHECK(ok);
  cl_ulong ts[4];
  const cl_profiling_info what[4] = {CL_PROFILING_COMMAND_QUEUED, CL_PROFILING_COMMAND_SUBMIT,
                                     CL_PROFILING_COMMAND_START, CL_PROFILING_COMMAND_END};
  for (int j = 0; j < 4; j++)
    CHECK_ERR(clGetEventProfilingInfo(prev, what[j], sizeof ts[j], &ts[j], NULL), CL_SUCCESS);
  CHECK(ts[0] <= ts[1] && ts[1] <= ts[2] && ts[2] <= ts[3]);
  clReleaseEvent(prev);
  for (cl_uint i = 0; i < n; i++) clReleaseCommandQueue(qs[i]);
  clReleaseMemObject(buf);
  clReleaseKernel(k);
  clReleaseProgram(p);
  clReleaseContext(ctx);
}
