// The four matrix multiplies of docs/TUTORIAL.md: C = A x B for n x n floats
// (n a multiple of 16) in 16 x 16 work-groups. matmul_steps.c runs one of
// them; `wavesim compile` reports on this file as it is.
#define TILE 16

// naive: every product's operands come from global memory.
__kernel void naive(__global const float *A, __global const float *B,
                    __global float *C, uint n) {
  uint col = get_global_id(0), row = get_global_id(1);
  float acc = 0.0f;
  for (uint k = 0; k < n; k++)
    acc += A[row * n + k] * B[k * n + col];
  C[row * n + col] = acc;
}

// tiled: 16 x 16 tiles of A and B in __local memory, two barriers a tile.
// The k loops stay rolled (unroll 1): one LDS read per iteration, the unit
// the tutorial counts.
__kernel void tiled(__global const float *A, __global const float *B,
                    __global float *C, uint n) {
  __local float As[TILE][TILE];
  __local float Bs[TILE][TILE];
  uint tx = get_local_id(0), ty = get_local_id(1);
  uint col = get_global_id(0), row = get_global_id(1);
  float acc = 0.0f;
  for (uint t = 0; t < n; t += TILE) {
    As[ty][tx] = A[row * n + t + tx];
    Bs[ty][tx] = B[(t + ty) * n + col];
    barrier(CLK_LOCAL_MEM_FENCE);
#pragma unroll 1
    for (uint k = 0; k < TILE; k++)
      acc += As[ty][k] * Bs[k][tx];
    barrier(CLK_LOCAL_MEM_FENCE);
  }
  C[row * n + col] = acc;
}

// transposed: B's tile stored transposed (Bt[col][k]), a common slip: its
// reads go down a column of __local memory, so the lanes of a wave collide
// in the LDS banks.
__kernel void transposed(__global const float *A, __global const float *B,
                         __global float *C, uint n) {
  __local float As[TILE][TILE];
  __local float Bt[TILE][TILE];
  uint tx = get_local_id(0), ty = get_local_id(1);
  uint col = get_global_id(0), row = get_global_id(1);
  float acc = 0.0f;
  for (uint t = 0; t < n; t += TILE) {
    As[ty][tx] = A[row * n + t + tx];
    Bt[tx][ty] = B[(t + ty) * n + col];
    barrier(CLK_LOCAL_MEM_FENCE);
#pragma unroll 1
    for (uint k = 0; k < TILE; k++)
      acc += As[ty][k] * Bt[tx][k];
    barrier(CLK_LOCAL_MEM_FENCE);
  }
  C[row * n + col] = acc;
}

// padded: the same with each tile row one float longer (Bt[16][17]): a
// column's words fall in different banks again.
__kernel void padded(__global const float *A, __global const float *B,
                     __global float *C, uint n) {
  __local float As[TILE][TILE];
  __local float Bt[TILE][TILE + 1];
  uint tx = get_local_id(0), ty = get_local_id(1);
  uint col = get_global_id(0), row = get_global_id(1);
  float acc = 0.0f;
  for (uint t = 0; t < n; t += TILE) {
    As[ty][tx] = A[row * n + t + tx];
    Bt[tx][ty] = B[(t + ty) * n + col];
    barrier(CLK_LOCAL_MEM_FENCE);
#pragma unroll 1
    for (uint k = 0; k < TILE; k++)
      acc += As[ty][k] * Bt[tx][k];
    barrier(CLK_LOCAL_MEM_FENCE);
  }
  C[row * n + col] = acc;
}
