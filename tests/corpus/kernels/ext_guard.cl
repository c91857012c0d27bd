// The usual extension guard: on a device without cl_khr_fp64 (the teaching
// preset) the macro must be undefined so the float path compiles; with it
// (PoCL) the double path gives the same exactly representable results.
// CONFIG: teaching
// RUN: kernel=ext_guard global=1024 local=64
// +    args=x:buf:float:1024:rand(-1000,1000) y:buf:float:1024:zero
#ifdef cl_khr_fp64
#pragma OPENCL EXTENSION cl_khr_fp64 : enable
typedef double real;
#else
typedef float real;
#endif
__kernel void ext_guard(__global const float *x, __global float *y) {
  size_t i = get_global_id(0);
  real v = (real)x[i];
  y[i] = (float)(v * (real)2.0 + (real)0.5);
}
