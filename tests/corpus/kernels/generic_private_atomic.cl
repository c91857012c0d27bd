// An atomic on private memory through a generic pointer (OpenCL C 2.0):
// OpenCL defines atomics on __global and __local memory only, and a
// generic pointer the compiler traces to a private variable is rejected at
// build time, naming the kernel and line.
// BUILD-ERROR: atomics on private or __constant memory are not supported
// RUN: kernel=k global=64 local=64 opts=-cl-std=CL2.0 args=out:buf:int:64:zero
__kernel void k(__global int *out) {
  int x = (int)get_global_id(0);
  atomic_fetch_add((volatile atomic_int *)&x, 1);
  out[get_global_id(0)] = x;
}
