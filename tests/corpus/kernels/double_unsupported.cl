// double precision is out of scope for the simulated device (no fp64): the
// build must fail with a clear message instead of miscompiling.
// BUILD-ERROR: double
#pragma OPENCL EXTENSION cl_khr_fp64 : enable
__kernel void dscale(__global double *x, double a) {
  size_t i = get_global_id(0);
  x[i] = x[i] * a;
}
