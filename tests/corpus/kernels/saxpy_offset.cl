// SAXPY over a sub-range selected by a global work offset.
// RUN: kernel=saxpy global=600 offset=100 local=50
// +    args=x:buf:float:1000:rand(-10,10) y:buf:float:1000:rand(-10,10) a:float:2.5
#pragma OPENCL FP_CONTRACT OFF
__kernel void saxpy(__global const float *x, __global float *y, float a) {
  size_t i = get_global_id(0);
  y[i] = a * x[i] + y[i] + (float)get_global_offset(0);
}
