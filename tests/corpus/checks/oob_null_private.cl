// A null private or __local pointer dereference, default policy: reported as
// out of bounds (a null pointer is 0; the first variable's address is not,
// isa.h ISA_PTR_BIAS), not a silent read of the first variable.
// CHECK: none
// RUN: kernel=nullp global=64 local=32
// +    args=in:buf:uint:64:rand(0,1000) out:buf:uint:128:zero
// EXPECT: wavesim: kernel 'nullp': out-of-bounds private load of 4 bytes at offset 4294901760 by work-item (5,0,0) at input.cl:17 (through a null pointer, 0 bytes past it); the load read zeros out of bounds, as GPUs do (reported once per source line; WAVESIM_CHECK=oob-fatal faults instead)
// EXPECT: wavesim: kernel 'nullp': out-of-bounds __local load of 4 bytes at offset 4294901768 by work-item (9,0,0) at input.cl:18 (through a null pointer, 8 bytes past it); the load read zeros out of bounds, as GPUs do (reported once per source line; WAVESIM_CHECK=oob-fatal faults instead)
__kernel void nullp(__global const uint *in, __global uint *out) {
  size_t i = get_global_id(0);
  __local int t[32];
  int u[4] = {(int)in[i], 1, 2, 3};
  t[get_local_id(0)] = (int)in[i];
  barrier(CLK_LOCAL_MEM_FENCE);
  int *volatile p = i == 5 ? 0 : &u[in[i] & 3];
  __local int *volatile q = i == 9 ? 0 : &t[in[i] & 15];
  out[i] = (uint)*p;
  out[i + 64] = (uint)q[2]; /* a field past a null pointer: still out of bounds */
}
