// A kernel calling another kernel like a plain function (OpenCL C allows it):
// saxpy_tile is launched on its own and called by saxpy_twice, once per half
// of the caller's buffer, with by-value scalar arguments and pointer offsets.
// RUN: kernel=saxpy_tile global=512 local=64
// +    args=x:buf:float:1024:rand(-10,10) y:buf:float:1024:rand(-10,10) a:float:2.5
// RUN: kernel=saxpy_twice global=512 local=64
// +    args=x:buf y:buf out:buf:float:1024:zero n:int:512
#pragma OPENCL FP_CONTRACT OFF
__kernel void saxpy_tile(__global const float *x, __global float *y, float a) {
  size_t i = get_global_id(0);
  y[i] = a * x[i] + y[i];
}

__kernel void saxpy_twice(__global const float *x, __global float *y, __global float *out, int n) {
  size_t i = get_global_id(0);
  saxpy_tile(x, y, 0.5f);         /* y[0..n) */
  saxpy_tile(x + n, y + n, -3.0f); /* y[n..2n) */
  out[i] = y[i] - y[i + n];
  out[i + n] = y[i] * 2.0f;
}
