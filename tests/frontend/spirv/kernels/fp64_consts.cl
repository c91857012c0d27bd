// Builtins lowered with float constants (degrees, radians, step, smoothstep, sign)
// on double and float: each constant must carry its operand's own width.
#pragma OPENCL EXTENSION cl_khr_fp64 : enable
__kernel void fp64_consts(__global double *d, __global float *f) {
  d[0] = degrees(d[0]) + radians(d[1]);
  d[1] = step(d[2], d[3]) + smoothstep(d[4], d[5], d[6]);
  d[2] = sign(d[7]);
  f[0] = degrees(f[0]) + radians(f[1]);
  f[1] = step(f[2], f[3]) + sign(f[4]);
}
