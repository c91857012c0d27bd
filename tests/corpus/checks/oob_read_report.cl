// Out-of-bounds read that hardware tolerates, default policy: the last
// work-item loads one float4 past the end of `in` and discards it; the
// launch completes (results: corpus oob_read_discard.cl) and the access is
// reported once per kernel and source line, over both launches.
// CHECK: none
// RUN: kernel=tail global=64 local=32
// +    args=in:buf:float:256:rand(-10,10) out:buf:float:64:zero n:uint:64
// RUN: kernel=tail global=64 local=32
// +    args=in:buf out:buf n:uint:64
// EXPECT: wavesim: kernel 'tail': out-of-bounds global load of 16 bytes at 0x100000400 by work-item (63,0,0) at input.cl:14 (0 bytes past the end of the 1024-byte buffer at 0x100000000; check the index against the buffer size); the load read zeros out of bounds, as GPUs do (reported once per source line; WAVESIM_CHECK=oob-fatal faults instead)
__kernel void tail(__global const float4 *in, __global float *out, uint n) {
  size_t i = get_global_id(0);
  float4 a = in[i];
  float4 next = in[i + 1]; /* i + 1 == n: one float4 past the end */
  out[i] = a.x + a.w + (i + 1 < n ? next.x + next.y + next.z + next.w : 0.0f);
}
