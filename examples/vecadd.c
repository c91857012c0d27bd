/* vecadd: c = a + b over floats, with a global size rounded up past n so the
 * kernel's bounds check matters; local size left to the implementation. */
#include <stdio.h>
#include <stdlib.h>

#include "ex_util.h"

static const char *kSource =
    "__kernel void vecadd(__global const float *a, __global const float *b,\n"
    "                     __global float *c, uint n) {\n"
    "  size_t i = get_global_id(0);\n"
    "  if (i < n)\n"
    "    c[i] = a[i] + b[i];\n"
    "}\n";

int main(int argc, char **argv) {
  ex_args args;
  if (ex_parse_args(argc, argv, 1000003, &args)) return 2;
  const size_t n = args.size;
  /* Round the NDRange up to a multiple of 256: the extra items must not write. */
  const size_t global = (n + 255) / 256 * 256;

  float *a = malloc(n * sizeof *a), *b = malloc(n * sizeof *b);
  float *c = malloc((n + 1) * sizeof *c);
  if (!a || !b || !c) {
    fprintf(stderr, "vecadd: out of host memory for n=%zu\n", n);
    return 1;
  }
  unsigned seed = 12345;
  for (size_t i = 0; i < n; i++) {
    /* Any finite normal floats: IEEE addition is correctly rounded everywhere. */
    a[i] = (float)(ex_rand(&seed) % 200001) / 64.0f - 1500.0f;
    b[i] = (float)(ex_rand(&seed) % 200001) / 1024.0f;
  }

  ex_cl cl;
  if (ex_open(&cl, 0)) return 1;
  if (ex_build(&cl, kSource, "") != CL_SUCCESS) return 1;
  cl_int err;
  cl_kernel k = clCreateKernel(cl.program, "vecadd", &err);
  EX_CHECK(err, "clCreateKernel(vecadd)");
  cl_mem da =
      clCreateBuffer(cl.context, CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, n * sizeof *a, a, &err);
  EX_CHECK(err, "clCreateBuffer(a)");
  cl_mem db =
      clCreateBuffer(cl.context, CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, n * sizeof *b, b, &err);
  EX_CHECK(err, "clCreateBuffer(b)");
  /* One extra element past n holding a sentinel shows the bounds check works. */
  const float sentinel = -12345.5f;
  for (size_t i = 0; i <= n; i++) c[i] = sentinel;
  cl_mem dc = clCreateBuffer(cl.context, CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR,
                             (n + 1) * sizeof *c, c, &err);
  EX_CHECK(err, "clCreateBuffer(c)");
  cl_uint nn = (cl_uint)n;
  EX_CHECK(clSetKernelArg(k, 0, sizeof da, &da), "clSetKernelArg(0)");
  EX_CHECK(clSetKernelArg(k, 1, sizeof db, &db), "clSetKernelArg(1)");
  EX_CHECK(clSetKernelArg(k, 2, sizeof dc, &dc), "clSetKernelArg(2)");
  EX_CHECK(clSetKernelArg(k, 3, sizeof nn, &nn), "clSetKernelArg(3)");
  EX_CHECK(clEnqueueNDRangeKernel(cl.queue, k, 1, NULL, &global, NULL, 0, NULL, NULL),
           "clEnqueueNDRangeKernel(vecadd)");
  EX_CHECK(clEnqueueReadBuffer(cl.queue, dc, CL_TRUE, 0, n * sizeof *c, c, 0, NULL, NULL),
           "clEnqueueReadBuffer(c)");
  float tail = 0;
  EX_CHECK(
      clEnqueueReadBuffer(cl.queue, dc, CL_TRUE, n * sizeof *c, sizeof tail, &tail, 0, NULL, NULL),
      "clEnqueueReadBuffer(c tail)");
  EX_CHECK(clFinish(cl.queue), "clFinish");

  size_t bad = 0;
  for (size_t i = 0; i < n; i++) {
    float want = a[i] + b[i];
    if (c[i] != want) {
      if (bad < 10) fprintf(stderr, "c[%zu] = %.9g, expected %.9g\n", i, c[i], want);
      bad++;
    }
  }
  if (tail != sentinel) {
    fprintf(stderr, "c[n] = %.9g: an item past n wrote (expected sentinel %.9g)\n", tail, sentinel);
    bad++;
  }
  int rc = 0;
  if (args.dump_path) rc = ex_dump(args.dump_path, c, n * sizeof *c);

  clReleaseMemObject(da);
  clReleaseMemObject(db);
  clReleaseMemObject(dc);
  clReleaseKernel(k);
  ex_close(&cl);
  free(a);
  free(b);
  free(c);
  return ex_report("vecadd", bad) | rc;
}
