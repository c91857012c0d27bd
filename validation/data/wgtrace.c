/* wgtrace: when each work-group of a kernel ran, and on which SM, as NVIDIA's
 * hardware scheduled it: the per-work-group lifetimes and per-SM concurrency
 * that wavesim's --trace timeline shows for the simulated device.
 * The kernel file must leave three hooks that default to nothing:
 *   WG_TRACE_ARG    appended to the kernel's parameter list
 *   WG_TRACE_BEGIN  first statement of the kernel
 *   WG_TRACE_END    last statement of the kernel
 * (validation/kernels/reduction.cl has them). This program defines them with
 * PTX reads of %smid, %clock64 and %globaltimer (NVIDIA only) and runs
 * KERNEL(in, out, n, trace) over n floats, GROUPS groups of WG items, twice
 * with the input warm in the L2 (the second launch is recorded) and, with
 * --cold, once more after a 256 MB fill that evicts it; with --queued, once
 * more enqueued right behind another launch of it (no wait in between).
 * Build: gcc -O2 -std=c11 validation/data/wgtrace.c -I$cu/include -L$cu/lib64 -lOpenCL
 * Usage: wgtrace FILE.cl "OPTIONS" KERNEL N WG GROUPS [--cold] [--queued] [--platform NAME]
 * On a platform other than NVIDIA's (wavesim: run it under `wavesim run
 * --trace`) the hooks stay empty and only the launches run.
 * Prints CSV: mode,group,sm,clock_begin,clock_end,globaltimer_begin_ns; and per
 * recorded launch a row mode,-1,submit,start,end,queued with its profiling
 * times (ns, the device timer).
 * --chain: then runs KERNEL as a reduction does, twice (the second is
 * recorded as modes chain1, chain2, ...): pass 1 over N items in GROUPS
 * groups, each next pass over the previous pass's GROUPS outputs with
 * N / GROUPS items per group, until one group is left, every pass enqueued
 * right behind the last with no wait in between (hwbench's reduction). */
#define CL_TARGET_OPENCL_VERSION 120
#include <CL/cl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cltool.h"

static const char hooks[] =
    "static inline ulong wg_clock(void) { ulong t; asm volatile(\"mov.u64 %0, %%clock64;\" : "
    "\"=l\"(t)); return t; }\n"
    "static inline ulong wg_gtime(void) { ulong t; asm volatile(\"mov.u64 %0, %%globaltimer;\" : "
    "\"=l\"(t)); return t; }\n"
    "static inline uint wg_smid(void) { uint s; asm volatile(\"mov.u32 %0, %%smid;\" : \"=r\"(s)); "
    "return s; }\n"
    "#define WG_TRACE_ARG , __global ulong *wg_trace\n"
    "#define WG_TRACE_BEGIN ulong wg_c0 = wg_clock(), wg_g0 = wg_gtime();\n"
    "#define WG_TRACE_END if (get_local_id(0) == 0) { size_t g = get_group_id(0); "
    "wg_trace[4 * g] = wg_smid(); wg_trace[4 * g + 1] = wg_c0; wg_trace[4 * g + 2] = wg_clock(); "
    "wg_trace[4 * g + 3] = wg_g0; }\n";

#define CHECK(x) CLTOOL_CHECK("wgtrace", x)

/* Prints one launch's profiled times (group -1) and its groups' rows. */
static void print_launch(cl_command_queue q, const char *mode, cl_event ev, cl_mem tr,
                         size_t groups, uint64_t *t) {
  cl_ulong pt[4];
  const cl_profiling_info what[4] = {CL_PROFILING_COMMAND_QUEUED, CL_PROFILING_COMMAND_SUBMIT,
                                     CL_PROFILING_COMMAND_START, CL_PROFILING_COMMAND_END};
  for (int i = 0; i < 4; ++i)
    CHECK(clGetEventProfilingInfo(ev, what[i], sizeof pt[i], &pt[i], NULL));
  printf("%s,-1,%llu,%llu,%llu,%llu\n", mode, (unsigned long long)pt[1], (unsigned long long)pt[2],
         (unsigned long long)pt[3], (unsigned long long)pt[0]);
  CHECK(clEnqueueReadBuffer(q, tr, CL_TRUE, 0, groups * 32, t, 0, NULL, NULL));
  for (size_t g = 0; g < groups; ++g)
    printf("%s,%zu,%llu,%llu,%llu,%llu\n", mode, g, (unsigned long long)t[4 * g],
           (unsigned long long)t[4 * g + 1], (unsigned long long)t[4 * g + 2],
           (unsigned long long)t[4 * g + 3]);
}

/* --chain: the reduction's passes back to back, twice; the second recorded. */
static void run_chain(cl_command_queue q, cl_kernel k, cl_mem in, size_t n, size_t wg,
                      size_t groups, int nv) {
  cl_int err;
  cl_context ctx;
  CHECK(clGetCommandQueueInfo(q, CL_QUEUE_CONTEXT, sizeof ctx, &ctx, NULL));
  const size_t per = (n + groups - 1) / groups;
  enum { MAXP = 16 };
  cl_mem buf[2], tr[MAXP];
  cl_event ev[MAXP];
  size_t ng[MAXP], np = 0;
  for (size_t g = groups; np < MAXP; g = (g + per - 1) / per) {
    ng[np++] = g;
    if (g == 1) break;
  }
  for (int i = 0; i < 2; ++i) {
    buf[i] = clCreateBuffer(ctx, CL_MEM_READ_WRITE, groups * 4, NULL, &err);
    CHECK(err);
  }
  for (size_t i = 0; i < np; ++i) {
    tr[i] = clCreateBuffer(ctx, CL_MEM_READ_WRITE, ng[i] * 32, NULL, &err);
    CHECK(err);
  }
  uint64_t *t = malloc(groups * 32);
  for (int run = 0; run < 2; ++run) {
    size_t len = n;
    for (size_t i = 0; i < np; ++i) {
      cl_mem src = i ? buf[(i - 1) & 1] : in, dst = buf[i & 1];
      cl_uint nn = (cl_uint)len;
      const size_t global = ng[i] * wg;
      CHECK(clSetKernelArg(k, 0, sizeof src, &src));
      CHECK(clSetKernelArg(k, 1, sizeof dst, &dst));
      CHECK(clSetKernelArg(k, 2, sizeof nn, &nn));
      if (nv) CHECK(clSetKernelArg(k, 3, sizeof tr[i], &tr[i]));
      CHECK(clEnqueueNDRangeKernel(q, k, 1, NULL, &global, &wg, 0, NULL, &ev[i]));
      len = ng[i];
    }
    CHECK(clFinish(q));
    for (size_t i = 0; i < np; ++i) {
      char mode[32];
      snprintf(mode, sizeof mode, "chain%zu", i + 1);
      if (run == 1 && nv) print_launch(q, mode, ev[i], tr[i], ng[i], t);
      clReleaseEvent(ev[i]);
    }
  }
  free(t);
}

int main(int argc, char **argv) {
  if (argc < 7) {
    fprintf(stderr, "usage: wgtrace FILE.cl OPTIONS KERNEL N WG GROUPS [--cold] [--queued] "
                    "[--chain] [--platform NAME]\n");
    return 2;
  }
  const size_t n = strtoull(argv[4], NULL, 0), wg = strtoull(argv[5], NULL, 0),
               groups = strtoull(argv[6], NULL, 0);
  int cold = 0, queued = 0, chain = 0;
  const char *want = "NVIDIA";
  for (int i = 7; i < argc; ++i) {
    if (!strcmp(argv[i], "--cold"))
      cold = 1;
    else if (!strcmp(argv[i], "--queued"))
      queued = 1;
    else if (!strcmp(argv[i], "--chain"))
      chain = 1;
    else if (!strcmp(argv[i], "--platform") && i + 1 < argc)
      want = argv[++i];
  }
  const int nv = strstr(want, "NVIDIA") != NULL;
  FILE *f = fopen(argv[1], "rb");
  if (!f) {
    fprintf(stderr, "wgtrace: cannot open %s\n", argv[1]);
    return 2;
  }
  static char src[1 << 20];
  size_t hl = nv ? strlen(hooks) : 0;
  memcpy(src, hooks, hl);
  size_t len = fread(src + hl, 1, sizeof src - hl - 1, f);
  fclose(f);
  src[hl + len] = 0;
  cl_device_id dev = cltool_device("wgtrace", want);
  if (!dev) return 2;
  cl_int err;
  cl_context ctx = clCreateContext(NULL, 1, &dev, NULL, NULL, &err);
  CHECK(err);
  cl_command_queue q = clCreateCommandQueue(ctx, dev, CL_QUEUE_PROFILING_ENABLE, &err);
  CHECK(err);
  cl_program p = cltool_build("wgtrace", ctx, dev, src, argv[2]);
  if (!p) return 1;
  cl_kernel k = clCreateKernel(p, argv[3], &err);
  CHECK(err);
  float *host = malloc(n * sizeof *host);
  for (size_t i = 0; i < n; ++i) host[i] = (float)(i % 7);
  cl_mem in = clCreateBuffer(ctx, CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, n * 4, host, &err);
  CHECK(err);
  cl_mem out = clCreateBuffer(ctx, CL_MEM_READ_WRITE, groups * wg * 4, NULL, &err);
  CHECK(err);
  cl_mem tr = clCreateBuffer(ctx, CL_MEM_READ_WRITE, groups * 32, NULL, &err);
  CHECK(err);
  const size_t flush_bytes = (size_t)256 << 20;
  cl_mem flush = cold ? clCreateBuffer(ctx, CL_MEM_READ_WRITE, flush_bytes, NULL, &err) : NULL;
  if (cold) CHECK(err);
  cl_uint nn = (cl_uint)n;
  CHECK(clSetKernelArg(k, 0, sizeof in, &in));
  CHECK(clSetKernelArg(k, 1, sizeof out, &out));
  CHECK(clSetKernelArg(k, 2, sizeof nn, &nn));
  if (nv) CHECK(clSetKernelArg(k, 3, sizeof tr, &tr));
  uint64_t *t = malloc(groups * 32);
  const size_t global = groups * wg;
  for (int run = 0; run < 3 + cold + queued; ++run) {
    const char *mode = run < 3 ? "warm" : run == 3 && cold ? "cold" : "queued";
    if (run == 3 && cold) {
      uint32_t pat = run;
      CHECK(clEnqueueFillBuffer(q, flush, &pat, 4, 0, flush_bytes, 0, NULL, NULL));
    }
    /* queued: the recorded launch waits behind a launch of the same kernel */
    if (!strcmp(mode, "queued"))
      CHECK(clEnqueueNDRangeKernel(q, k, 1, NULL, &global, &wg, 0, NULL, NULL));
    cl_event ev;
    CHECK(clEnqueueNDRangeKernel(q, k, 1, NULL, &global, &wg, 0, NULL, &ev));
    CHECK(clFinish(q));
    if (run >= 2 && nv) print_launch(q, mode, ev, tr, groups, t);
    clReleaseEvent(ev);
  }
  if (chain) run_chain(q, k, in, n, wg, groups, nv);
  return 0;
}
