// Dense matrix-vector product, one row per work-group: strided partial dot
// products in __local, then a tree reduction.
// RUN: kernel=matvec global=2048 local=64
// +    args=A:buf:float:8000:rand(-1,1) x:buf:float:250:rand(-1,1) y:buf:float:32:zero
// +    rows:int:32 cols:int:250 part:local:float:64
#pragma OPENCL FP_CONTRACT OFF
__kernel void matvec(__global const float *A, __global const float *x, __global float *y, int rows,
                     int cols, __local float *part) {
  int row = get_group_id(0), lid = get_local_id(0), ls = get_local_size(0);
  if (row >= rows) return;
  float acc = 0.0f;
  for (int c = lid; c < cols; c += ls) acc += A[row * cols + c] * x[c];
  part[lid] = acc;
  barrier(CLK_LOCAL_MEM_FENCE);
  for (int s = ls / 2; s > 0; s >>= 1) {
    if (lid < s) part[lid] += part[lid + s];
    barrier(CLK_LOCAL_MEM_FENCE);
  }
  if (lid == 0) y[row] = part[0];
}
