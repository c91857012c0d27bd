// Out-of-bounds read with --check oob-fatal: the kernel faults with the
// message it always had (and the program's clFinish fails).
// CHECK: oob-fatal
// RUN: kernel=tail global=64 local=32
// +    args=in:buf:float:256:rand(-10,10) out:buf:float:64:zero n:uint:64
// EXPECT-FAIL
// EXPECT: wavesim: kernel 'tail' faulted: out-of-bounds global load of 16 bytes at 0x100000400 by work-item (63,0,0) at input.cl:11 (0 bytes past the end of the 1024-byte buffer at 0x100000000; check the index against the buffer size)
__kernel void tail(__global const float4 *in, __global float *out, uint n) {
  size_t i = get_global_id(0);
  float4 a = in[i];
  float4 next = in[i + 1]; /* i + 1 == n: one float4 past the end */
  out[i] = a.x + a.w + (i + 1 < n ? next.x + next.y + next.z + next.w : 0.0f);
}
