/* The host side the matrix-multiply examples share (matmul.c, matmul_steps.c):
 * inputs, one launch of a C = A x B kernel and its check against the host. */
#include "ex_matmul.h"

#include <stdio.h>
#include <stdlib.h>

/* Runs kernel(A, B, C, n) on cl's program and reads C back; 0, or 1 after
 * saying what failed. Releases what it made either way. */
static int ex_matmul_launch(ex_cl *cl, const char *kernel, size_t n, float *A, float *B, float *C) {
  const size_t bytes = n * n * sizeof(float);
  cl_mem d[3] = {NULL, NULL, NULL};
  int rc = 1;
  cl_int err;
  cl_kernel k = clCreateKernel(cl->program, kernel, &err);
  if (EX_FAILED(err, "clCreateKernel")) return 1;
  d[0] = clCreateBuffer(cl->context, CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, bytes, A, &err);
  if (EX_FAILED(err, "clCreateBuffer(A)")) goto done;
  d[1] = clCreateBuffer(cl->context, CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, bytes, B, &err);
  if (EX_FAILED(err, "clCreateBuffer(B)")) goto done;
  d[2] = clCreateBuffer(cl->context, CL_MEM_WRITE_ONLY, bytes, NULL, &err);
  if (EX_FAILED(err, "clCreateBuffer(C)")) goto done;
  cl_uint nn = (cl_uint)n;
  for (cl_uint i = 0; i < 3; i++)
    if (EX_FAILED(clSetKernelArg(k, i, sizeof d[i], &d[i]), "clSetKernelArg")) goto done;
  if (EX_FAILED(clSetKernelArg(k, 3, sizeof nn, &nn), "clSetKernelArg(n)")) goto done;
  const size_t global[2] = {n, n}, local[2] = {EX_MATMUL_TILE, EX_MATMUL_TILE};
  if (EX_FAILED(clEnqueueNDRangeKernel(cl->queue, k, 2, NULL, global, local, 0, NULL, NULL),
                "clEnqueueNDRangeKernel"))
    goto done;
  if (EX_FAILED(clEnqueueReadBuffer(cl->queue, d[2], CL_TRUE, 0, bytes, C, 0, NULL, NULL),
                "clEnqueueReadBuffer(C)"))
    goto done;
  rc = 0;
done:
  for (int i = 0; i < 3; i++)
    if (d[i]) clReleaseMemObject(d[i]);
  clReleaseKernel(k);
  return rc;
}

/* Mismatches of C against the host's product (the first ten printed). */
static size_t ex_matmul_check(size_t n, const float *A, const float *B, const float *C) {
  size_t bad = 0;
  for (size_t r = 0; r < n; r++)
    for (size_t c = 0; c < n; c++) {
      float want = 0.0f;
      for (size_t i = 0; i < n; i++) want += A[r * n + i] * B[i * n + c];
      if (C[r * n + c] != want && bad++ < 10)
        fprintf(stderr, "C[%zu][%zu] = %.9g, expected %.9g\n", r, c, C[r * n + c], want);
    }
  return bad;
}

int ex_matmul_run(const char *prog, const char *source, const char *kernel, const ex_args *args) {
  const size_t n = args->size;
  if (n % EX_MATMUL_TILE) {
    fprintf(stderr, "%s: size %zu must be a multiple of %d\n", prog, n, EX_MATMUL_TILE);
    return 2;
  }
  float *A = malloc(n * n * sizeof *A), *B = malloc(n * n * sizeof *B);
  float *C = malloc(n * n * sizeof *C);
  int rc = 1;
  if (!A || !B || !C) {
    fprintf(stderr, "%s: out of host memory for n=%zu\n", prog, n);
    goto out;
  }
  /* Quarter-integers in [-4, 4]: every product is a multiple of 1/16 below 16
   * in magnitude, so every partial sum (|s| <= 16 n, a multiple of 1/16) fits
   * the 24-bit float mantissa exactly for n <= 65536. The result therefore
   * does not depend on summation order or on FMA contraction, and every
   * implementation must agree bit for bit. */
  unsigned seed = 777;
  for (size_t i = 0; i < n * n; i++) {
    A[i] = (float)((int)(ex_rand(&seed) % 33) - 16) / 4.0f;
    B[i] = (float)((int)(ex_rand(&seed) % 33) - 16) / 4.0f;
  }
  ex_cl cl;
  if (ex_open(&cl, 0) == 0 && ex_build(&cl, source, "") == CL_SUCCESS &&
      ex_matmul_launch(&cl, kernel, n, A, B, C) == 0) {
    size_t bad = ex_matmul_check(n, A, B, C);
    int dumped = args->dump_path ? ex_dump(args->dump_path, C, n * n * sizeof *C) : 0;
    rc = ex_report(kernel, bad) | dumped;
  }
  ex_close(&cl);
out:
  free(A);
  free(B);
  free(C);
  return rc;
}
