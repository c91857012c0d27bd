// A __local race: each work-item writes t[l] and reads its neighbour's
// t[l + 1] with no barrier between (the example of issue #24).
// RUN: kernel=race global=64 local=64 args=out:buf:int:64:zero
// CHECK: races
// EXPECT: wavesim: kernel 'race': data race on __local memory: work-item (1,0,0) wrote at input.cl:10, work-item (0,0,0) read 4 bytes at local offset 4 at input.cl:11 with no barrier between
__kernel void race(__global int *out) {
  __local int t[64];
  int l = get_local_id(0);
  /* missing: barrier(CLK_LOCAL_MEM_FENCE) between the two lines */
  t[l] = l;
  out[l] = t[(l + 1) % 64];
}
