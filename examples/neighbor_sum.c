/* neighbor_sum: each item adds its left and right neighbours within its
 * work-group through a __local array sized by clSetKernelArg(NULL); the kernel
 * runs twice in place with the arguments set once, so run 2 reads run 1's output. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ex_util.h"

#define WG 64

static const char *kSource =
    "__kernel void neighbor_sum(__global int *data, __local int *tmp, uint n) {\n"
    "  size_t g = get_global_id(0);\n"
    "  size_t l = get_local_id(0);\n"
    "  size_t ls = get_local_size(0);\n"
    "  tmp[l] = g < n ? data[g] : 0;\n"
    "  barrier(CLK_LOCAL_MEM_FENCE);\n"
    "  if (g < n) {\n"
    "    int s = tmp[l];\n"
    "    if (l > 0) s += tmp[l - 1];\n"
    "    if (l + 1 < ls && g + 1 < n) s += tmp[l + 1];\n"
    "    data[g] = s;\n"
    "  }\n"
    "}\n";

/* The CPU reference: one application of the kernel to x in place. */
static void reference(int *x, size_t n, size_t wg) {
  int *old = malloc(n * sizeof *old);
  if (!old) return;
  memcpy(old, x, n * sizeof *old);
  for (size_t g = 0; g < n; g++) {
    size_t l = g % wg;
    int s = old[g];
    if (l > 0) s += old[g - 1];
    if (l + 1 < wg && g + 1 < n) s += old[g + 1];
    x[g] = s;
  }
  free(old);
}

static size_t compare(const int *got, const int *want, size_t n, int run) {
  size_t bad = 0;
  for (size_t i = 0; i < n; i++) {
    if (got[i] != want[i]) {
      if (bad < 10)
        fprintf(stderr, "run %d: data[%zu] = %d, expected %d\n", run, i, got[i], want[i]);
      bad++;
    }
  }
  return bad;
}

int main(int argc, char **argv) {
  ex_args args;
  if (ex_parse_args(argc, argv, 100000, &args)) return 2;
  const size_t n = args.size;
  const size_t global = (n + WG - 1) / WG * WG, local = WG;
  int *x = malloc(n * sizeof *x), *want = malloc(n * sizeof *want), *got = malloc(n * sizeof *got);
  if (!x || !want || !got) {
    fprintf(stderr, "neighbor_sum: out of host memory for n=%zu\n", n);
    return 1;
  }
  unsigned seed = 4242;
  for (size_t i = 0; i < n; i++) x[i] = (int)(ex_rand(&seed) % 2001) - 1000;
  memcpy(want, x, n * sizeof *x);

  ex_cl cl;
  if (ex_open(&cl, 0)) return 1;
  if (ex_build(&cl, kSource, "") != CL_SUCCESS) return 1;
  cl_int err;
  cl_kernel k = clCreateKernel(cl.program, "neighbor_sum", &err);
  EX_CHECK(err, "clCreateKernel(neighbor_sum)");
  cl_mem d =
      clCreateBuffer(cl.context, CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR, n * sizeof *x, x, &err);
  EX_CHECK(err, "clCreateBuffer(data)");
  cl_uint nn = (cl_uint)n;
  /* Set once; both launches below reuse these arguments unchanged. */
  EX_CHECK(clSetKernelArg(k, 0, sizeof d, &d), "clSetKernelArg(0)");
  EX_CHECK(clSetKernelArg(k, 1, local * sizeof(cl_int), NULL), "clSetKernelArg(1, __local)");
  EX_CHECK(clSetKernelArg(k, 2, sizeof nn, &nn), "clSetKernelArg(2)");

  size_t bad = 0;
  for (int run = 1; run <= 2; run++) {
    EX_CHECK(clEnqueueNDRangeKernel(cl.queue, k, 1, NULL, &global, &local, 0, NULL, NULL),
             "clEnqueueNDRangeKernel(neighbor_sum)");
    EX_CHECK(clEnqueueReadBuffer(cl.queue, d, CL_TRUE, 0, n * sizeof *got, got, 0, NULL, NULL),
             "clEnqueueReadBuffer(data)");
    reference(want, n, local);
    bad += compare(got, want, n, run);
  }
  int rc = 0;
  if (args.dump_path) rc = ex_dump(args.dump_path, got, n * sizeof *got);

  clReleaseMemObject(d);
  clReleaseKernel(k);
  ex_close(&cl);
  free(x);
  free(want);
  free(got);
  return ex_report("neighbor_sum", bad) | rc;
}
