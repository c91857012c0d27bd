/* matmul: tiled C = A x B for square N x N floats, two 16x16 __local tiles,
 * barriers between the load and compute phases, 2-D NDRange of 16x16 groups. */
#include <stdio.h>
#include <stdlib.h>

#include "ex_util.h"

#define TILE 16

static const char *kSource =
    "#define TILE 16\n"
    "__kernel void matmul(__global const float *A, __global const float *B,\n"
    "                     __global float *C, uint n) {\n"
    "  __local float As[TILE][TILE];\n"
    "  __local float Bs[TILE][TILE];\n"
    "  uint tx = get_local_id(0), ty = get_local_id(1);\n"
    "  uint col = get_global_id(0), row = get_global_id(1);\n"
    "  float acc = 0.0f;\n"
    "  for (uint t = 0; t < n; t += TILE) {\n"
    "    As[ty][tx] = A[row * n + t + tx];\n"
    "    Bs[ty][tx] = B[(t + ty) * n + col];\n"
    "    barrier(CLK_LOCAL_MEM_FENCE);\n"
    "    for (uint k = 0; k < TILE; k++)\n"
    "      acc += As[ty][k] * Bs[k][tx];\n"
    "    barrier(CLK_LOCAL_MEM_FENCE);\n"
    "  }\n"
    "  C[row * n + col] = acc;\n"
    "}\n";

int main(int argc, char **argv) {
  ex_args args;
  if (ex_parse_args(argc, argv, 256, &args)) return 2;
  const size_t n = args.size;
  if (n % TILE) {
    fprintf(stderr, "matmul: size %zu must be a multiple of %d\n", n, TILE);
    return 2;
  }
  float *A = malloc(n * n * sizeof *A), *B = malloc(n * n * sizeof *B);
  float *C = malloc(n * n * sizeof *C);
  if (!A || !B || !C) {
    fprintf(stderr, "matmul: out of host memory for n=%zu\n", n);
    return 1;
  }
  /* Quarter-integers in [-4, 4]: every product is a multiple of 1/16 below 16
   * in magnitude, so every partial sum (|s| <= 16 n, a multiple of 1/16) fits
   * the 24-bit float mantissa exactly for n <= 65536. The result therefore does not depend on
   * summation order or on FMA contraction, and every implementation must agree bit for bit. */
  unsigned seed = 777;
  for (size_t i = 0; i < n * n; i++) {
    A[i] = (float)((int)(ex_rand(&seed) % 33) - 16) / 4.0f;
    B[i] = (float)((int)(ex_rand(&seed) % 33) - 16) / 4.0f;
  }

  ex_cl cl;
  if (ex_open(&cl, 0)) return 1;
  if (ex_build(&cl, kSource, "") != CL_SUCCESS) return 1;
  cl_int err;
  cl_kernel k = clCreateKernel(cl.program, "matmul", &err);
  EX_CHECK(err, "clCreateKernel(matmul)");
  size_t bytes = n * n * sizeof(float);
  cl_mem dA = clCreateBuffer(cl.context, CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, bytes, A, &err);
  EX_CHECK(err, "clCreateBuffer(A)");
  cl_mem dB = clCreateBuffer(cl.context, CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, bytes, B, &err);
  EX_CHECK(err, "clCreateBuffer(B)");
  cl_mem dC = clCreateBuffer(cl.context, CL_MEM_WRITE_ONLY, bytes, NULL, &err);
  EX_CHECK(err, "clCreateBuffer(C)");
  cl_uint nn = (cl_uint)n;
  EX_CHECK(clSetKernelArg(k, 0, sizeof dA, &dA), "clSetKernelArg(0)");
  EX_CHECK(clSetKernelArg(k, 1, sizeof dB, &dB), "clSetKernelArg(1)");
  EX_CHECK(clSetKernelArg(k, 2, sizeof dC, &dC), "clSetKernelArg(2)");
  EX_CHECK(clSetKernelArg(k, 3, sizeof nn, &nn), "clSetKernelArg(3)");
  const size_t global[2] = {n, n}, local[2] = {TILE, TILE};
  EX_CHECK(clEnqueueNDRangeKernel(cl.queue, k, 2, NULL, global, local, 0, NULL, NULL),
           "clEnqueueNDRangeKernel(matmul)");
  EX_CHECK(clEnqueueReadBuffer(cl.queue, dC, CL_TRUE, 0, bytes, C, 0, NULL, NULL),
           "clEnqueueReadBuffer(C)");

  size_t bad = 0;
  for (size_t r = 0; r < n; r++) {
    for (size_t c = 0; c < n; c++) {
      float want = 0.0f;
      for (size_t i = 0; i < n; i++) want += A[r * n + i] * B[i * n + c];
      float got = C[r * n + c];
      if (got != want) {
        if (bad < 10) fprintf(stderr, "C[%zu][%zu] = %.9g, expected %.9g\n", r, c, got, want);
        bad++;
      }
    }
  }
  int rc = 0;
  if (args.dump_path) rc = ex_dump(args.dump_path, C, bytes);

  clReleaseMemObject(dA);
  clReleaseMemObject(dB);
  clReleaseMemObject(dC);
  clReleaseKernel(k);
  ex_close(&cl);
  free(A);
  free(B);
  free(C);
  return ex_report("matmul", bad) | rc;
}
