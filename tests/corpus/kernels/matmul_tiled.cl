// Tiled single-precision matrix multiply (C = A*B) with two __local tiles and
// non-multiple-of-tile sizes.
// RUN: kernel=matmul_tiled global=48,40 local=8,8
// +    args=A:buf:float:1850:rand(-1,1) B:buf:float:2250:rand(-1,1) C:buf:float:1665:zero
// +    M:int:37 N:int:45 K:int:50
#pragma OPENCL FP_CONTRACT OFF
#define T 8
__kernel void matmul_tiled(__global const float *A, __global const float *B, __global float *C,
                           int M, int N, int K) {
  __local float As[T][T];
  __local float Bs[T][T];
  int col = get_global_id(0), row = get_global_id(1);
  int lx = get_local_id(0), ly = get_local_id(1);
  float acc = 0.0f;
  for (int t = 0; t < K; t += T) {
    As[ly][lx] = (row < M && t + lx < K) ? A[row * K + t + lx] : 0.0f;
    Bs[ly][lx] = (col < N && t + ly < K) ? B[(t + ly) * N + col] : 0.0f;
    barrier(CLK_LOCAL_MEM_FENCE);
    for (int k = 0; k < T; k++) acc += As[ly][k] * Bs[k][lx];
    barrier(CLK_LOCAL_MEM_FENCE);
  }
  if (row < M && col < N) C[row * N + col] = acc;
}
