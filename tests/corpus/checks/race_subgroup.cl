// A __local race inside a sub-group: each work-item writes t[l] and reads its
// neighbour's with neither a barrier nor a sub_group_barrier between (the
// wave runs in lockstep, but OpenCL orders the accesses only with one; the
// same code with sub_group_barrier is corpus kernel subgroup_core.cl).
// RUN: kernel=race global=64 local=64 opts=-cl-std=CL3.0 args=out:buf:int:64:zero
// CHECK: races
// EXPECT: wavesim: kernel 'race': data race on __local memory: work-item (1,0,0) wrote at input.cl:12, work-item (0,0,0) read 4 bytes at local offset 4 at input.cl:13 with no barrier between
__kernel void race(__global int *out) {
  __local int t[64];
  int l = get_local_id(0);
  /* missing: sub_group_barrier(CLK_LOCAL_MEM_FENCE) between the two lines */
  t[l] = l;
  out[l] = t[(l & ~31) + (l + 1) % 32];
}
