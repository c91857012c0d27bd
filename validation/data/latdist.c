/* latdist: the distribution of single-load latencies on NVIDIA hardware, not
 * just their mean. One work-item per work-group follows a random cycle of
 * cache lines (a pointer chase: every load's address is the previous load's
 * value) and reads %clock64 around each load; the load's value is stored to
 * __local memory before the second read, so that read waits for the load.
 * GROUPS groups run at once, each from its own place in the cycle, and the
 * same launch runs twice: the first warms the caches (BYTES small enough for
 * the L2) and the second is recorded; with --cold a 256 MB fill before the
 * recorded launch leaves the lines in DRAM only; with --fresh the first
 * launch is recorded, right after the buffer's upload, with neither; with
 * --upload every recorded launch follows a clEnqueueWriteBuffer of the whole
 * buffer (what hwbench does before each timed launch); with --other MB, an
 * upload of MB megabytes to another buffer (what stays of the L2's lines
 * when a transfer passes through it). Recording the line each
 * load returned lets two runs be compared line by line (is a slow line slow
 * every time, from the same SM: an address's place, not chance).
 * Build: gcc -O2 -std=c11 validation/data/latdist.c -I$cu/include -L$cu/lib64 -lOpenCL
 * Usage: latdist BYTES GROUPS STEPS [--cold] [--fresh] [--upload] [--other MB]
 *               [--runs R] [--platform NAME]
 * Prints CSV: run,group,sm,step,line,cycles (cycles between the two clock
 * reads, which include the __local store: subtract the L1-hit case's
 * excess over the L1 latency for the load alone). */
#define CL_TARGET_OPENCL_VERSION 120
#include <CL/cl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cltool.h"

static const char src[] =
    "static inline ulong clk(void) { ulong t; asm volatile(\"mov.u64 %0, %%clock64;\" : \"=l\"(t) "
    ":: \"memory\"); return t; }\n"
    "static inline uint smid(void) { uint s; asm volatile(\"mov.u32 %0, %%smid;\" : \"=r\"(s)); "
    "return s; }\n"
    "__kernel void lat_chase(__global const uint *next, __global const uint *starts,\n"
    "                        __global uint *lat, __global uint *seen, __global uint *sm,\n"
    "                        const uint steps) {\n"
    "  __local uint sink[256];\n"
    "  if (get_local_id(0) != 0) return;\n"
    "  const uint g = get_group_id(0);\n"
    "  uint p = starts[g];\n"
    "  for (uint i = 0; i < steps; i++) {\n"
    "    const ulong t0 = clk();\n"
    "    p = next[p];\n"
    "    sink[i & 255] = p;\n"
    "    const ulong t1 = clk();\n"
    "    lat[(size_t)g * steps + i] = (uint)(t1 - t0);\n"
    "    seen[(size_t)g * steps + i] = p;\n"
    "  }\n"
    "  sm[g] = smid();\n"
    "  if (steps == 0xffffffffu) sm[g] = sink[0]; /* keeps the __local stores live */\n"
    "}\n";

#define CHECK(x) CLTOOL_CHECK("latdist", x)

/* xorshift64*: the cycle is the same on every run of the program */
static uint64_t rnd(uint64_t *s) {
  *s ^= *s >> 12;
  *s ^= *s << 25;
  *s ^= *s >> 27;
  return *s * 2685821657736338717ull;
}

int main(int argc, char **argv) {
  if (argc < 4) {
    fprintf(
        stderr,
        "usage: latdist BYTES GROUPS STEPS [--cold] [--fresh] [--upload] [--other MB] [--runs R] "
        "[--platform NAME]\n");
    return 2;
  }
  const size_t bytes = strtoull(argv[1], NULL, 0), groups = strtoull(argv[2], NULL, 0),
               steps = strtoull(argv[3], NULL, 0);
  int cold = 0, fresh = 0, upload = 0, runs = 1;
  size_t other_bytes = 0;
  const char *want = "NVIDIA";
  for (int i = 4; i < argc; ++i) {
    if (!strcmp(argv[i], "--cold"))
      cold = 1;
    else if (!strcmp(argv[i], "--fresh"))
      fresh = 1;
    else if (!strcmp(argv[i], "--upload"))
      upload = 1;
    else if (!strcmp(argv[i], "--other") && i + 1 < argc)
      other_bytes = strtoull(argv[++i], NULL, 0) << 20;
    else if (!strcmp(argv[i], "--runs") && i + 1 < argc)
      runs = atoi(argv[++i]);
    else if (!strcmp(argv[i], "--platform") && i + 1 < argc)
      want = argv[++i];
  }
  const size_t line_words = 32, lines = bytes / 128;
  if (lines < 2 || groups * steps > lines) {
    fprintf(stderr, "latdist: GROUPS x STEPS (%zu) must fit in the %zu lines of BYTES\n",
            groups * steps, lines);
    return 2;
  }
  /* Sattolo's shuffle: one cycle through every line */
  uint32_t *perm = malloc(lines * sizeof *perm);
  uint32_t *next = calloc(lines * line_words, sizeof *next);
  uint64_t seed = 0x9e3779b97f4a7c15ull;
  for (size_t i = 0; i < lines; ++i) perm[i] = (uint32_t)i;
  for (size_t i = lines - 1; i > 0; --i) {
    size_t j = rnd(&seed) % i, t = perm[i];
    perm[i] = perm[j];
    perm[j] = (uint32_t)t;
  }
  for (size_t i = 0; i < lines; ++i)
    next[perm[i] * line_words] = perm[(i + 1) % lines] * (uint32_t)line_words;
  uint32_t *starts = malloc(groups * sizeof *starts);
  for (size_t g = 0; g < groups; ++g) starts[g] = perm[g * (lines / groups)] * (uint32_t)line_words;

  cl_device_id dev = cltool_device("latdist", want);
  if (!dev) return 2;
  cl_int err;
  cl_context ctx = clCreateContext(NULL, 1, &dev, NULL, NULL, &err);
  CHECK(err);
  cl_command_queue q = clCreateCommandQueue(ctx, dev, 0, &err);
  CHECK(err);
  cl_program p = cltool_build("latdist", ctx, dev, src, "-cl-std=CL1.2");
  if (!p) return 1;
  cl_kernel k = clCreateKernel(p, "lat_chase", &err);
  CHECK(err);
  const size_t n = groups * steps;
  cl_mem nb = clCreateBuffer(ctx, CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, lines * 128, next, &err);
  CHECK(err);
  cl_mem sb =
      clCreateBuffer(ctx, CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, groups * 4, starts, &err);
  CHECK(err);
  cl_mem lb = clCreateBuffer(ctx, CL_MEM_WRITE_ONLY, n * 4, NULL, &err);
  CHECK(err);
  cl_mem vb = clCreateBuffer(ctx, CL_MEM_WRITE_ONLY, n * 4, NULL, &err);
  CHECK(err);
  cl_mem mb = clCreateBuffer(ctx, CL_MEM_WRITE_ONLY, groups * 4, NULL, &err);
  CHECK(err);
  const size_t flush_bytes = (size_t)256 << 20;
  cl_mem flush = cold ? clCreateBuffer(ctx, CL_MEM_READ_WRITE, flush_bytes, NULL, &err) : NULL;
  if (cold) CHECK(err);
  cl_mem other = NULL;
  char *other_host = NULL;
  if (other_bytes) {
    other = clCreateBuffer(ctx, CL_MEM_READ_WRITE, other_bytes, NULL, &err);
    CHECK(err);
    other_host = calloc(other_bytes, 1);
  }
  cl_uint st = (cl_uint)steps;
  CHECK(clSetKernelArg(k, 0, sizeof nb, &nb));
  CHECK(clSetKernelArg(k, 1, sizeof sb, &sb));
  CHECK(clSetKernelArg(k, 2, sizeof lb, &lb));
  CHECK(clSetKernelArg(k, 3, sizeof vb, &vb));
  CHECK(clSetKernelArg(k, 4, sizeof mb, &mb));
  CHECK(clSetKernelArg(k, 5, sizeof st, &st));
  uint32_t *lat = malloc(n * 4), *seen = malloc(n * 4), *sm = malloc(groups * 4);
  const size_t global = groups * 32, local = 32;
  printf("run,group,sm,step,line,cycles\n");
  for (int run = fresh; run <= runs; ++run) {
    if (run > fresh && cold) {
      uint32_t pat = (uint32_t)run;
      CHECK(clEnqueueFillBuffer(q, flush, &pat, 4, 0, flush_bytes, 0, NULL, NULL));
    }
    if (run > 0 && other)
      CHECK(clEnqueueWriteBuffer(q, other, CL_TRUE, 0, other_bytes, other_host, 0, NULL, NULL));
    if (run > 0 && upload)
      CHECK(clEnqueueWriteBuffer(q, nb, CL_TRUE, 0, lines * 128, next, 0, NULL, NULL));
    CHECK(clEnqueueNDRangeKernel(q, k, 1, NULL, &global, &local, 0, NULL, NULL));
    CHECK(clFinish(q));
    if (run == 0) continue; /* the warming launch */
    CHECK(clEnqueueReadBuffer(q, lb, CL_TRUE, 0, n * 4, lat, 0, NULL, NULL));
    CHECK(clEnqueueReadBuffer(q, vb, CL_TRUE, 0, n * 4, seen, 0, NULL, NULL));
    CHECK(clEnqueueReadBuffer(q, mb, CL_TRUE, 0, groups * 4, sm, 0, NULL, NULL));
    for (size_t g = 0; g < groups; ++g)
      for (size_t i = 0; i < steps; ++i)
        printf("%d,%zu,%u,%zu,%u,%u\n", run, g, sm[g], i, seen[g * steps + i] / 32,
               lat[g * steps + i]);
  }
  return 0;
}
