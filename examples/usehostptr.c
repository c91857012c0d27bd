/* usehostptr: vector add whose output buffer wraps a host array
 * (CL_MEM_USE_HOST_PTR) that the host reads directly after clFinish, with no
 * read or map command; the inputs use COPY_HOST_PTR and ALLOC_HOST_PTR. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ex_util.h"

static const char *kSource =
    "__kernel void add(__global const int *a, __global const int *b, __global int *c, uint n) {\n"
    "  size_t i = get_global_id(0);\n"
    "  if (i < n)\n"
    "    c[i] = a[i] + b[i];\n"
    "}\n";

int main(int argc, char **argv) {
  ex_args args;
  if (ex_parse_args(argc, argv, 65536, &args)) return 2;
  const size_t n = args.size;
  const size_t global = (n + 63) / 64 * 64;
  /* 4 KiB-aligned, padded to whole pages: the alignment implementations like
   * for zero-copy host pointers. */
  const size_t bytes = n * sizeof(cl_int), padded = (bytes + 4095) / 4096 * 4096;
  cl_int *a = malloc(bytes), *b = malloc(bytes);
  cl_int *c = aligned_alloc(4096, padded);
  if (!a || !b || !c) {
    fprintf(stderr, "usehostptr: out of host memory for n=%zu\n", n);
    return 1;
  }
  unsigned seed = 2024;
  for (size_t i = 0; i < n; i++) {
    a[i] = (cl_int)(ex_rand(&seed) % 1000000) - 500000;
    b[i] = (cl_int)(ex_rand(&seed) % 1000000);
    c[i] = -1;
  }

  ex_cl cl;
  if (ex_open(&cl, 0)) return 1;
  if (ex_build(&cl, kSource, "") != CL_SUCCESS) return 1;
  cl_int err;
  cl_kernel k = clCreateKernel(cl.program, "add", &err);
  EX_CHECK(err, "clCreateKernel(add)");
  cl_mem da = clCreateBuffer(cl.context, CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, bytes, a, &err);
  EX_CHECK(err, "clCreateBuffer(a, COPY_HOST_PTR)");
  cl_mem db =
      clCreateBuffer(cl.context, CL_MEM_READ_ONLY | CL_MEM_ALLOC_HOST_PTR, bytes, NULL, &err);
  EX_CHECK(err, "clCreateBuffer(b, ALLOC_HOST_PTR)");
  cl_mem dc = clCreateBuffer(cl.context, CL_MEM_WRITE_ONLY | CL_MEM_USE_HOST_PTR, bytes, c, &err);
  EX_CHECK(err, "clCreateBuffer(c, USE_HOST_PTR)");

  /* Fill the ALLOC_HOST_PTR input through a map, the way such buffers are meant to be used. */
  void *pb = clEnqueueMapBuffer(cl.queue, db, CL_TRUE, CL_MAP_WRITE, 0, bytes, 0, NULL, NULL, &err);
  EX_CHECK(err, "clEnqueueMapBuffer(b)");
  memcpy(pb, b, bytes);
  EX_CHECK(clEnqueueUnmapMemObject(cl.queue, db, pb, 0, NULL, NULL), "clEnqueueUnmapMemObject(b)");

  cl_uint nn = (cl_uint)n;
  EX_CHECK(clSetKernelArg(k, 0, sizeof da, &da), "clSetKernelArg(0)");
  EX_CHECK(clSetKernelArg(k, 1, sizeof db, &db), "clSetKernelArg(1)");
  EX_CHECK(clSetKernelArg(k, 2, sizeof dc, &dc), "clSetKernelArg(2)");
  EX_CHECK(clSetKernelArg(k, 3, sizeof nn, &nn), "clSetKernelArg(3)");
  EX_CHECK(clEnqueueNDRangeKernel(cl.queue, k, 1, NULL, &global, NULL, 0, NULL, NULL),
           "clEnqueueNDRangeKernel(add)");
  EX_CHECK(clFinish(cl.queue), "clFinish");

  /* No clEnqueueReadBuffer/MapBuffer: the results must already be in c. */
  size_t bad = 0;
  for (size_t i = 0; i < n; i++) {
    cl_int want = a[i] + b[i];
    if (c[i] != want) {
      if (bad < 10) fprintf(stderr, "c[%zu] = %d, expected %d\n", i, (int)c[i], (int)want);
      bad++;
    }
  }
  int rc = 0;
  if (args.dump_path) rc = ex_dump(args.dump_path, c, bytes);

  clReleaseMemObject(da);
  clReleaseMemObject(db);
  clReleaseMemObject(dc);
  clReleaseKernel(k);
  ex_close(&cl);
  free(a);
  free(b);
  free(c);
  return ex_report("usehostptr", bad) | rc;
}
