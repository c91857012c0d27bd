// 64-bit integer division is not supported by the backend yet: the build must
// fail naming the operation.
// BUILD-ERROR: 64-bit
__kernel void ldiv(__global long *x, __global const long *y) {
  size_t i = get_global_id(0);
  x[i] = x[i] / y[i];
}
