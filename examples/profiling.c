/* profiling: times a saxpy kernel through a CL_QUEUE_PROFILING_ENABLE queue and
 * checks the event's QUEUED/SUBMIT/START/END timestamps are ordered. */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>

#include "ex_util.h"

static const char *kSource =
    "__kernel void saxpy(float a, __global const float *x, __global float *y, uint n) {\n"
    "  size_t i = get_global_id(0);\n"
    "  if (i < n)\n"
    "    y[i] = a * x[i] + y[i];\n"
    "}\n";

int main(int argc, char **argv) {
  ex_args args;
  if (ex_parse_args(argc, argv, 1 << 20, &args)) return 2;
  const size_t n = args.size;
  const size_t global = (n + 127) / 128 * 128, local = 128;
  float *x = malloc(n * sizeof *x), *y = malloc(n * sizeof *y), *out = malloc(n * sizeof *out);
  if (!x || !y || !out) {
    fprintf(stderr, "profiling: out of host memory for n=%zu\n", n);
    return 1;
  }
  /* a = 2 and quarter-integer data keep a*x+y exact with or without FMA
   * contraction, so every implementation must produce the same bits. */
  const float a = 2.0f;
  unsigned seed = 99;
  for (size_t i = 0; i < n; i++) {
    x[i] = (float)((int)(ex_rand(&seed) % 4001) - 2000) / 4.0f;
    y[i] = (float)((int)(ex_rand(&seed) % 4001) - 2000) / 4.0f;
  }

  ex_cl cl;
  if (ex_open(&cl, CL_QUEUE_PROFILING_ENABLE)) return 1;
  if (ex_build(&cl, kSource, "") != CL_SUCCESS) return 1;
  cl_int err;
  cl_kernel k = clCreateKernel(cl.program, "saxpy", &err);
  EX_CHECK(err, "clCreateKernel(saxpy)");
  cl_mem dx =
      clCreateBuffer(cl.context, CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, n * sizeof *x, x, &err);
  EX_CHECK(err, "clCreateBuffer(x)");
  cl_mem dy =
      clCreateBuffer(cl.context, CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR, n * sizeof *y, y, &err);
  EX_CHECK(err, "clCreateBuffer(y)");
  cl_uint nn = (cl_uint)n;
  EX_CHECK(clSetKernelArg(k, 0, sizeof a, &a), "clSetKernelArg(0)");
  EX_CHECK(clSetKernelArg(k, 1, sizeof dx, &dx), "clSetKernelArg(1)");
  EX_CHECK(clSetKernelArg(k, 2, sizeof dy, &dy), "clSetKernelArg(2)");
  EX_CHECK(clSetKernelArg(k, 3, sizeof nn, &nn), "clSetKernelArg(3)");
  cl_event ev;
  EX_CHECK(clEnqueueNDRangeKernel(cl.queue, k, 1, NULL, &global, &local, 0, NULL, &ev),
           "clEnqueueNDRangeKernel(saxpy)");
  EX_CHECK(clWaitForEvents(1, &ev), "clWaitForEvents");
  cl_int status = 0;
  EX_CHECK(clGetEventInfo(ev, CL_EVENT_COMMAND_EXECUTION_STATUS, sizeof status, &status, NULL),
           "clGetEventInfo(EXECUTION_STATUS)");

  size_t bad = 0;
  if (status != CL_COMPLETE) {
    fprintf(stderr, "kernel event status %d, expected CL_COMPLETE\n", (int)status);
    bad++;
  }
  static const cl_profiling_info kInfo[4] = {CL_PROFILING_COMMAND_QUEUED,
                                             CL_PROFILING_COMMAND_SUBMIT,
                                             CL_PROFILING_COMMAND_START, CL_PROFILING_COMMAND_END};
  static const char *const kInfoName[4] = {"QUEUED", "SUBMIT", "START", "END"};
  cl_ulong t[4];
  for (int i = 0; i < 4; i++) {
    err = clGetEventProfilingInfo(ev, kInfo[i], sizeof t[i], &t[i], NULL);
    if (EX_FAILED(err, "clGetEventProfilingInfo")) return 1;
    printf("  %-6s %" PRIu64 " ns\n", kInfoName[i], (uint64_t)t[i]);
  }
  for (int i = 0; i + 1 < 4; i++) {
    if (t[i] > t[i + 1]) {
      fprintf(stderr, "profiling: %s (%" PRIu64 ") is after %s (%" PRIu64 ")\n", kInfoName[i],
              (uint64_t)t[i], kInfoName[i + 1], (uint64_t)t[i + 1]);
      bad++;
    }
  }
  if (t[3] <= t[2]) {
    fprintf(stderr, "profiling: END (%" PRIu64 ") is not after START (%" PRIu64 ")\n",
            (uint64_t)t[3], (uint64_t)t[2]);
    bad++;
  }
  printf("saxpy kernel time: %.3f us (n=%zu)\n",
         t[3] >= t[2] ? (double)(t[3] - t[2]) / 1000.0 : 0.0, n);

  EX_CHECK(clEnqueueReadBuffer(cl.queue, dy, CL_TRUE, 0, n * sizeof *out, out, 0, NULL, NULL),
           "clEnqueueReadBuffer(y)");
  for (size_t i = 0; i < n; i++) {
    float want = a * x[i] + y[i];
    if (out[i] != want) {
      if (bad < 10) fprintf(stderr, "y[%zu] = %.9g, expected %.9g\n", i, out[i], want);
      bad++;
    }
  }
  int rc = 0;
  if (args.dump_path) rc = ex_dump(args.dump_path, out, n * sizeof *out);

  clReleaseEvent(ev);
  clReleaseMemObject(dx);
  clReleaseMemObject(dy);
  clReleaseKernel(k);
  ex_close(&cl);
  free(x);
  free(y);
  free(out);
  return ex_report("profiling", bad) | rc;
}
