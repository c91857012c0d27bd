// An out-of-bounds read through a generic pointer (OpenCL C 2.0) whose
// space is chosen per lane: even work-items point into __local memory, odd
// ones into `in`, and the last reads one element past its end. The flat
// access routes each lane to its real space, so the report is a global
// load at the buffer's end, and the __local lanes are not reported.
// CHECK: none
// RUN: kernel=oob global=64 local=64 opts=-cl-std=CL2.0
// +    args=in:buf:int:64:iota out:buf:int:64:zero
// EXPECT: wavesim: kernel 'oob': out-of-bounds global load of 4 bytes at 0x100000100 by work-item (63,0,0) at input.cl:16 (0 bytes past the end of the 256-byte buffer at 0x100000000; check the index against the buffer size); the load read zeros out of bounds, as GPUs do (reported once per source line; WAVESIM_CHECK=oob-fatal faults instead)
__kernel void oob(__global const int *in, __global int *out) {
  __local int t[64];
  int l = get_local_id(0);
  t[l] = l;
  barrier(CLK_LOCAL_MEM_FENCE);
  int *p = (l & 1) ? (int *)&in[l == 63 ? 64 : l] : &t[l ^ 2];
  out[l] = *p;
}
