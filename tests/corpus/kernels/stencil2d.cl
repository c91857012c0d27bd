// 2-D 5-point Jacobi stencil with clamped borders, run twice (ping-pong).
// RUN: kernel=jacobi5 global=64,48 local=16,8
// +    args=a:buf:float:3072:rand(0,1) b:buf:float:3072:zero w:int:64 h:int:48
// RUN: kernel=jacobi5 global=64,48 local=16,8 args=b:buf a:buf w:int:64 h:int:48
#pragma OPENCL FP_CONTRACT OFF
__kernel void jacobi5(__global const float *in, __global float *out, int w, int h) {
  int x = get_global_id(0), y = get_global_id(1);
  if (x >= w || y >= h) return;
  int xl = max(x - 1, 0), xr = min(x + 1, w - 1);
  int yu = max(y - 1, 0), yd = min(y + 1, h - 1);
  float c = in[y * w + x];
  float s = in[y * w + xl] + in[y * w + xr] + in[yu * w + x] + in[yd * w + x];
  out[y * w + x] = 0.5f * c + 0.125f * s;
}
