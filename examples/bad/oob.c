/* oob: one work-item writes just past the end of its buffer.
 * Modes "" and "far" (256 MiB past the end) expect the launch to fail
 * (negative event status or CL_EXEC_STATUS_ERROR_FOR_EVENTS_IN_WAIT_LIST):
 * wavesim with WAVESIM_CHECK=oob-fatal (or fatal). Modes "report" and
 * "far-report" expect wavesim's default instead: the launch completes, the
 * bad store is dropped (reported on stderr) and every other store lands.
 * Either way neighbouring device buffers and host memory stay intact.
 * wavesim only: PoCL does not check bounds. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ex_util.h"

static const char *kSource = "__kernel void oob(__global int *out, uint n, uint past) {\n"
                             "  size_t i = get_global_id(0);\n"
                             "  out[i] = (int)i;\n"
                             "  if (i == 7)\n"
                             "    out[n + past] = 0x0badf00d;\n" /* the one bad store, line 5 */
                             "}\n";

#define CANARY 0x5a5a5a5a
#define GUARD_INTS 1024

static size_t count_changed(const cl_int *p, size_t n, const char *what) {
  size_t bad = 0;
  for (size_t i = 0; i < n; i++) {
    if (p[i] != CANARY) {
      if (bad < 5) fprintf(stderr, "oob: %s[%zu] changed to 0x%x\n", what, i, (unsigned)p[i]);
      bad++;
    }
  }
  return bad;
}

/* Runs the kernel once on `out` and returns the number of failed checks:
 * the launch must fail (`tolerated` 0) or complete with out[i] == i. */
static size_t launch_expect_error(ex_cl *cl, cl_kernel k, cl_mem out, size_t n, cl_uint past,
                                  int tolerated, const char *what) {
  cl_uint nn = (cl_uint)n;
  size_t global = n, local = 64, bad = 0;
  if (EX_FAILED(clSetKernelArg(k, 0, sizeof out, &out), "clSetKernelArg(0)") ||
      EX_FAILED(clSetKernelArg(k, 1, sizeof nn, &nn), "clSetKernelArg(1)") ||
      EX_FAILED(clSetKernelArg(k, 2, sizeof past, &past), "clSetKernelArg(2)"))
    return 1;
  cl_event ev;
  cl_int err = clEnqueueNDRangeKernel(cl->queue, k, 1, NULL, &global, &local, 0, NULL, &ev);
  if (err != CL_SUCCESS) {
    /* Rejecting the launch up front is not what this test is about. */
    EX_FAILED(err, "clEnqueueNDRangeKernel(oob)");
    return 1;
  }
  cl_int werr = clWaitForEvents(1, &ev);
  cl_int status = CL_COMPLETE;
  cl_int ierr = clGetEventInfo(ev, CL_EVENT_COMMAND_EXECUTION_STATUS, sizeof status, &status, NULL);
  cl_int ferr = clFinish(cl->queue);
  printf("oob (%s): clWaitForEvents -> %s, event status %d, clFinish -> %s\n", what,
         ex_err_name(werr), (int)status, ex_err_name(ferr));
  if (EX_FAILED(ierr, "clGetEventInfo(EXECUTION_STATUS)")) bad++;
  if (tolerated) {
    if (werr != CL_SUCCESS || status != CL_COMPLETE) {
      fprintf(stderr, "oob (%s): the launch failed; expected it to complete (the store dropped)\n",
              what);
      bad++;
    } else {
      cl_int *got = malloc(n * sizeof *got);
      if (!got || EX_FAILED(clEnqueueReadBuffer(cl->queue, out, CL_TRUE, 0, n * sizeof *got, got, 0,
                                                NULL, NULL),
                            "clEnqueueReadBuffer(out)")) {
        bad++;
      } else {
        for (size_t i = 0; i < n; i++)
          if (got[i] != (cl_int)i) {
            if (bad < 5)
              fprintf(stderr, "oob (%s): out[%zu] = %d, expected %zu\n", what, i, got[i], i);
            bad++;
          }
      }
      free(got);
    }
  } else if (werr != CL_EXEC_STATUS_ERROR_FOR_EVENTS_IN_WAIT_LIST && status >= 0) {
    fprintf(stderr,
            "oob (%s): the out-of-bounds store was not reported: expected "
            "clWaitForEvents to return CL_EXEC_STATUS_ERROR_FOR_EVENTS_IN_WAIT_LIST or "
            "a negative event status\n",
            what);
    bad++;
  }
  clReleaseEvent(ev);
  return bad;
}

int main(int argc, char **argv) {
  ex_args args;
  if (ex_parse_args(argc, argv, 1024, &args)) return 2;
  const size_t n = (args.size + 63) / 64 * 64;
  const char *mode = args.mode ? args.mode : "";
  const int far = !strcmp(mode, "far") || !strcmp(mode, "far-report");
  const int tolerated = !strcmp(mode, "report") || !strcmp(mode, "far-report");
  if (*mode && !far && !tolerated) {
    fprintf(stderr, "oob: unknown mode '%s' (expected far, report, far-report or nothing)\n", mode);
    return 2;
  }
  const cl_uint past = far ? (256u << 20) / 4 : 0;

  ex_cl cl;
  if (ex_open(&cl, 0)) return 1;
  if (ex_build(&cl, kSource, "") != CL_SUCCESS) return 1;
  cl_int err;
  cl_kernel k = clCreateKernel(cl.program, "oob", &err);
  EX_CHECK(err, "clCreateKernel(oob)");

  /* Device buffers: canaries allocated right before and after the target. */
  cl_int *pattern = malloc(n * sizeof *pattern);
  if (!pattern) return 1;
  for (size_t i = 0; i < n; i++) pattern[i] = CANARY;
  cl_mem before = clCreateBuffer(cl.context, CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR,
                                 n * sizeof(cl_int), pattern, &err);
  EX_CHECK(err, "clCreateBuffer(before)");
  cl_mem out = clCreateBuffer(cl.context, CL_MEM_READ_WRITE, n * sizeof(cl_int), NULL, &err);
  EX_CHECK(err, "clCreateBuffer(out)");
  cl_mem after = clCreateBuffer(cl.context, CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR,
                                n * sizeof(cl_int), pattern, &err);
  EX_CHECK(err, "clCreateBuffer(after)");

  /* Host memory: a USE_HOST_PTR buffer in the middle of a guarded host block. */
  cl_int *host = malloc((n + 2 * GUARD_INTS) * sizeof *host);
  if (!host) return 1;
  for (size_t i = 0; i < n + 2 * GUARD_INTS; i++) host[i] = CANARY;
  cl_mem hout = clCreateBuffer(cl.context, CL_MEM_READ_WRITE | CL_MEM_USE_HOST_PTR,
                               n * sizeof(cl_int), host + GUARD_INTS, &err);
  EX_CHECK(err, "clCreateBuffer(host, USE_HOST_PTR)");

  size_t bad = launch_expect_error(&cl, k, out, n, past, tolerated, "device buffer");
  bad += launch_expect_error(&cl, k, hout, n, past, tolerated, "host buffer");

  /* Read the canaries on a fresh queue: the failed launches may have put the
   * first queue in an error state, which is allowed. */
  cl_command_queue q2 = clCreateCommandQueue(cl.context, cl.device, 0, &err);
  EX_CHECK(err, "clCreateCommandQueue(readback)");
  cl_int *back = malloc(n * sizeof *back);
  if (!back) return 1;
  EX_CHECK(clEnqueueReadBuffer(q2, before, CL_TRUE, 0, n * sizeof *back, back, 0, NULL, NULL),
           "clEnqueueReadBuffer(before)");
  bad += count_changed(back, n, "device canary before");
  EX_CHECK(clEnqueueReadBuffer(q2, after, CL_TRUE, 0, n * sizeof *back, back, 0, NULL, NULL),
           "clEnqueueReadBuffer(after)");
  bad += count_changed(back, n, "device canary after");
  EX_CHECK(clFinish(q2), "clFinish(readback)");
  bad += count_changed(host, GUARD_INTS, "host guard before");
  bad += count_changed(host + GUARD_INTS + n, GUARD_INTS, "host guard after");

  clReleaseCommandQueue(q2);
  clReleaseMemObject(before);
  clReleaseMemObject(out);
  clReleaseMemObject(after);
  clReleaseMemObject(hout);
  clReleaseKernel(k);
  ex_close(&cl);
  free(pattern);
  free(host);
  free(back);
  return ex_report("oob", bad);
}
