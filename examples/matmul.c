/* matmul: tiled C = A x B for square N x N floats, two 16x16 __local tiles,
 * barriers between the load and compute phases, 2-D NDRange of 16x16 groups;
 * the host side is ex_matmul.c, shared with matmul_steps.c. */
#include "ex_matmul.h"

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
  return ex_matmul_run("matmul", kSource, "matmul", &args);
}
