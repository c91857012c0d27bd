// Reduction with a grid-stride accumulation loop, a loop for the large strides
// and the last six steps unrolled by hand, each followed by a barrier (no
// reliance on implicit lock-step execution). Block size from a build option.
// RUN: kernel=reduce_unrolled global=512 local=128 opts=-DBLOCK=128
// +    args=in:buf:uint:10000:rand(0,100000) out:buf:uint:4:zero n:uint:10000
__kernel void reduce_unrolled(__global const uint *in, __global uint *out, uint n) {
  __local volatile uint s[BLOCK];
  uint lid = get_local_id(0);
  uint acc = 0;
  for (uint i = get_global_id(0); i < n; i += get_global_size(0)) acc += in[i];
  s[lid] = acc;
  barrier(CLK_LOCAL_MEM_FENCE);
#pragma unroll 1
  for (uint st = BLOCK / 2; st > 32; st >>= 1) {
    if (lid < st) s[lid] += s[lid + st];
    barrier(CLK_LOCAL_MEM_FENCE);
  }
  if (lid < 32) s[lid] += s[lid + 32];
  barrier(CLK_LOCAL_MEM_FENCE);
  if (lid < 16) s[lid] += s[lid + 16];
  barrier(CLK_LOCAL_MEM_FENCE);
  if (lid < 8) s[lid] += s[lid + 8];
  barrier(CLK_LOCAL_MEM_FENCE);
  if (lid < 4) s[lid] += s[lid + 4];
  barrier(CLK_LOCAL_MEM_FENCE);
  if (lid < 2) s[lid] += s[lid + 2];
  barrier(CLK_LOCAL_MEM_FENCE);
  if (lid == 0) out[get_group_id(0)] = s[0] + s[1];
}
