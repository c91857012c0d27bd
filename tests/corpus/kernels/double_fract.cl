// fract and sincos on double scalars and vectors, with the pointer result in
// global, private and local memory: fract(x) = fmin(x - floor(x), 0x1.fffffffffffffp-1),
// exact; sin/cos within 4 ulp (tol is the largest bound).
// RUN: kernel=dfract global=256 local=64 tol=4ulp
// +    args=x:buf:double:256:edge(-1e300,1e300) y:buf:double:1024:rand(-50,50)
// +         o:buf:double:4096:zero
#pragma OPENCL EXTENSION cl_khr_fp64 : enable
__kernel void dfract(__global const double *x, __global const double *y, __global double *o) {
  __local double lf[64];
  size_t i = get_global_id(0), l = get_local_id(0);
  double a = x[i], ip;
  __global double *r = o + i * 16;
  r[0] = fract(a, &ip);
  r[1] = ip;
  double4 v = vload4(i, y), ip4;
  double4 f4 = fract(v, &ip4);
  vstore4(f4, 0, r + 2);
  vstore4(ip4, 0, r + 6);
  double2 c2;
  double2 s2 = sincos(vload2(i, y), &c2);
  vstore2(s2, 0, r + 10);
  vstore2(c2, 0, r + 12);
  r[14] = sincos(a * 1e-290, &lf[l]);
  barrier(CLK_LOCAL_MEM_FENCE);
  r[15] = lf[l];
}
