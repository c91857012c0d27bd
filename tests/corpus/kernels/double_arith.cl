// Double arithmetic with correctly rounded results (add, sub, mul, div, fma,
// sqrt, fmin/fmax, fabs, negation, floor/ceil/trunc/rint/round): must match
// PoCL byte for byte. The scalar argument travels as a by-value double.
// RUN: kernel=darith global=1024 local=64
// +    args=x:buf:double:1024:rand(-1000,1000) y:buf:double:1024:rand(-3,3)
// +         z:buf:double:9216:zero s:double:0.1
#pragma OPENCL EXTENSION cl_khr_fp64 : enable
__kernel void darith(__global const double *x, __global const double *y, __global double *z, double s) {
  size_t i = get_global_id(0);
  double a = x[i], b = y[i];
  __global double *o = z + i * 9;
  o[0] = a + b * s;
  o[1] = a - b;
  o[2] = a * b;
  o[3] = a / b;
  o[4] = fma(a, b, s);
  o[5] = sqrt(fabs(a));
  o[6] = fmin(a, b) + fmax(a, -b);
  o[7] = floor(a) + ceil(b) * 3.0 + trunc(-a) * 7.0;
  o[8] = rint(a * 0.5) + round(b * 2.0);
}
