// A device without cl_khr_fp64 (the teaching preset: fp64: false) must reject
// double with clang's diagnostic that the type needs the extension, as the
// OpenCL C specification requires, instead of miscompiling.
// CONFIG: teaching
// BUILD-ERROR: cl_khr_fp64
__kernel void dscale(__global double *x, double a) {
  size_t i = get_global_id(0);
  x[i] = x[i] * a;
}
