// 64-bit compare-and-swap loops: a float-free fixed-point max with payload
// (value in the high word, index in the low word) and a lock-free 64-bit
// accumulation by atom_cmpxchg retry, in __global and __local memory.
// RUN: kernel=atom64_cas global=2048 local=256
// +    args=x:buf:uint:2048:rand(0,4000000000) best:buf:ulong:1:zero sum:buf:ulong:2:zero
#pragma OPENCL EXTENSION cl_khr_int64_base_atomics : enable
__kernel void atom64_cas(__global const uint *x, __global ulong *best, __global ulong *sum) {
  __local ulong lsum;
  uint gid = get_global_id(0);
  if (get_local_id(0) == 0) lsum = 0;
  barrier(CLK_LOCAL_MEM_FENCE);
  ulong mine = ((ulong)x[gid] << 32) | gid;
  ulong cur = *best;
  while (cur < mine) {
    ulong prev = atom_cmpxchg(best, cur, mine);
    if (prev == cur) break;
    cur = prev;
  }
  ulong old = lsum, seen;
  while ((seen = atom_cmpxchg(&lsum, old, old + (ulong)x[gid] * 3u)) != old) old = seen;
  barrier(CLK_LOCAL_MEM_FENCE);
  if (get_local_id(0) == 0) atom_add(&sum[0], lsum);
  old = sum[1];
  while ((seen = atom_cmpxchg(&sum[1], old, old + x[gid])) != old) old = seen;
}
