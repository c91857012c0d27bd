/* matmul_steps: the matrix multiply of docs/TUTORIAL.md in four steps,
 * C = A x B for N x N floats (N a multiple of 16), 16x16 work-groups:
 *   naive       every product's operands from global memory;
 *   tiled       16x16 tiles of A and B in __local memory, two barriers a tile;
 *   transposed  B's tile stored transposed (Bt[col][k]), a common slip: its
 *               reads go down a column of __local memory, so the lanes of a
 *               wave collide in the LDS banks;
 *   padded      the same with each tile row one float longer (Bt[16][17]):
 *               a column's words fall in different banks again.
 * The k loops over a tile stay rolled (#pragma unroll 1) so that each
 * iteration is one LDS read per tile, the unit the tutorial counts.
 * usage: matmul_steps [naive|tiled|transposed|padded] [N] [--dump FILE] */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ex_util.h"

#define TILE 16

static const char *kSource =
    "#define TILE 16\n"
    "__kernel void naive(__global const float *A, __global const float *B,\n"
    "                    __global float *C, uint n) {\n"
    "  uint col = get_global_id(0), row = get_global_id(1);\n"
    "  float acc = 0.0f;\n"
    "  for (uint k = 0; k < n; k++)\n"
    "    acc += A[row * n + k] * B[k * n + col];\n"
    "  C[row * n + col] = acc;\n"
    "}\n"
    "\n"
    "__kernel void tiled(__global const float *A, __global const float *B,\n"
    "                    __global float *C, uint n) {\n"
    "  __local float As[TILE][TILE];\n"
    "  __local float Bs[TILE][TILE];\n"
    "  uint tx = get_local_id(0), ty = get_local_id(1);\n"
    "  uint col = get_global_id(0), row = get_global_id(1);\n"
    "  float acc = 0.0f;\n"
    "  for (uint t = 0; t < n; t += TILE) {\n"
    "    As[ty][tx] = A[row * n + t + tx];\n"
    "    Bs[ty][tx] = B[(t + ty) * n + col];\n"
    "    barrier(CLK_LOCAL_MEM_FENCE);\n"
    "#pragma unroll 1\n"
    "    for (uint k = 0; k < TILE; k++)\n"
    "      acc += As[ty][k] * Bs[k][tx];\n"
    "    barrier(CLK_LOCAL_MEM_FENCE);\n"
    "  }\n"
    "  C[row * n + col] = acc;\n"
    "}\n"
    "\n"
    "__kernel void transposed(__global const float *A, __global const float *B,\n"
    "                         __global float *C, uint n) {\n"
    "  __local float As[TILE][TILE];\n"
    "  __local float Bt[TILE][TILE];\n"
    "  uint tx = get_local_id(0), ty = get_local_id(1);\n"
    "  uint col = get_global_id(0), row = get_global_id(1);\n"
    "  float acc = 0.0f;\n"
    "  for (uint t = 0; t < n; t += TILE) {\n"
    "    As[ty][tx] = A[row * n + t + tx];\n"
    "    Bt[tx][ty] = B[(t + ty) * n + col];\n"
    "    barrier(CLK_LOCAL_MEM_FENCE);\n"
    "#pragma unroll 1\n"
    "    for (uint k = 0; k < TILE; k++)\n"
    "      acc += As[ty][k] * Bt[tx][k];\n"
    "    barrier(CLK_LOCAL_MEM_FENCE);\n"
    "  }\n"
    "  C[row * n + col] = acc;\n"
    "}\n"
    "\n"
    "__kernel void padded(__global const float *A, __global const float *B,\n"
    "                     __global float *C, uint n) {\n"
    "  __local float As[TILE][TILE];\n"
    "  __local float Bt[TILE][TILE + 1];\n"
    "  uint tx = get_local_id(0), ty = get_local_id(1);\n"
    "  uint col = get_global_id(0), row = get_global_id(1);\n"
    "  float acc = 0.0f;\n"
    "  for (uint t = 0; t < n; t += TILE) {\n"
    "    As[ty][tx] = A[row * n + t + tx];\n"
    "    Bt[tx][ty] = B[(t + ty) * n + col];\n"
    "    barrier(CLK_LOCAL_MEM_FENCE);\n"
    "#pragma unroll 1\n"
    "    for (uint k = 0; k < TILE; k++)\n"
    "      acc += As[ty][k] * Bt[tx][k];\n"
    "    barrier(CLK_LOCAL_MEM_FENCE);\n"
    "  }\n"
    "  C[row * n + col] = acc;\n"
    "}\n";

int main(int argc, char **argv) {
  ex_args args;
  if (ex_parse_args(argc, argv, 64, &args)) return 2;
  const char *step = args.mode ? args.mode : "tiled";
  if (strcmp(step, "naive") && strcmp(step, "tiled") && strcmp(step, "transposed") &&
      strcmp(step, "padded")) {
    fprintf(stderr, "matmul_steps: unknown step '%s' (naive, tiled, transposed or padded)\n", step);
    return 2;
  }
  const size_t n = args.size;
  if (n % TILE) {
    fprintf(stderr, "matmul_steps: size %zu must be a multiple of %d\n", n, TILE);
    return 2;
  }
  float *A = malloc(n * n * sizeof *A), *B = malloc(n * n * sizeof *B);
  float *C = malloc(n * n * sizeof *C);
  if (!A || !B || !C) {
    fprintf(stderr, "matmul_steps: out of host memory for n=%zu\n", n);
    return 1;
  }
  /* quarter-integers in [-4, 4], as in matmul.c: exact whatever the order */
  unsigned seed = 777;
  for (size_t i = 0; i < n * n; i++) {
    A[i] = (float)((int)(ex_rand(&seed) % 33) - 16) / 4.0f;
    B[i] = (float)((int)(ex_rand(&seed) % 33) - 16) / 4.0f;
  }
  ex_cl cl;
  if (ex_open(&cl, 0)) return 1;
  if (ex_build(&cl, kSource, "") != CL_SUCCESS) return 1;
  cl_int err;
  cl_kernel k = clCreateKernel(cl.program, step, &err);
  EX_CHECK(err, "clCreateKernel");
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
           "clEnqueueNDRangeKernel");
  EX_CHECK(clEnqueueReadBuffer(cl.queue, dC, CL_TRUE, 0, bytes, C, 0, NULL, NULL),
           "clEnqueueReadBuffer(C)");
  size_t bad = 0;
  for (size_t r = 0; r < n; r++)
    for (size_t c = 0; c < n; c++) {
      float want = 0.0f;
      for (size_t i = 0; i < n; i++) want += A[r * n + i] * B[i * n + c];
      if (C[r * n + c] != want && bad++ < 10)
        fprintf(stderr, "C[%zu][%zu] = %.9g, expected %.9g\n", r, c, C[r * n + c], want);
    }
  int rc = args.dump_path ? ex_dump(args.dump_path, C, bytes) : 0;
  clReleaseMemObject(dA);
  clReleaseMemObject(dB);
  clReleaseMemObject(dC);
  clReleaseKernel(k);
  ex_close(&cl);
  free(A);
  free(B);
  free(C);
  return ex_report(step, bad) | rc;
}
