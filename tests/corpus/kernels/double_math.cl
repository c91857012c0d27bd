// Double transcendental builtins within the OpenCL C double ULP bounds
// (exp/log/exp2/log2 3 ulp, sin/cos/tan 4, pow 16: tol is the largest).
// RUN: kernel=dmath global=1024 local=64 tol=16ulp
// +    args=x:buf:double:1024:rand(0.01,20) y:buf:double:1024:rand(-4,4)
// +         z:buf:double:8192:zero
#pragma OPENCL EXTENSION cl_khr_fp64 : enable
__kernel void dmath(__global const double *x, __global const double *y, __global double *z) {
  size_t i = get_global_id(0);
  double a = x[i], b = y[i];
  __global double *o = z + i * 8;
  o[0] = exp(b);
  o[1] = log(a);
  o[2] = sin(b * 3.0);
  o[3] = cos(b * 3.0);
  o[4] = pow(a, b);
  o[5] = exp2(b) + log2(a);
  o[6] = tan(b * 0.3);
  o[7] = atan2(b, a) + cbrt(b);
}
