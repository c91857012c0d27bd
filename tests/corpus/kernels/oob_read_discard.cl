// Out-of-bounds reads that hardware tolerates (issue #32): like a merge sort
// of a well-known benchmark suite, the last work-item loads one float4 just
// past the end of its buffer and throws the value away. GPUs and PoCL return
// something; wavesim reports the access once per source line on stderr (and
// in the statistics database) and reads zeros, so the results equal PoCL's.
// checks/oob_read_{report,fatal}.cl check the report, and the fault with
// --check oob-fatal.
// RUN: kernel=tail global=64 local=32
// +    args=in:buf:float:256:rand(-10,10) out:buf:float:64:zero n:uint:64
__kernel void tail(__global const float4 *in, __global float *out, uint n) {
  size_t i = get_global_id(0);
  float4 a = in[i];
  float4 next = in[i + 1]; /* i + 1 == n: one float4 past the end */
  out[i] = a.x + a.w + (i + 1 < n ? next.x + next.y + next.z + next.w : 0.0f);
}
