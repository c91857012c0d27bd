// `fatal`: the race of race_local.cl fails the launch (clrun exits non-zero).
// RUN: kernel=race global=64 local=64 args=out:buf:int:64:zero
// CHECK: races,fatal
// EXPECT-FAIL
// EXPECT: wavesim: kernel 'race': data race on __local memory: work-item (1,0,0) wrote at input.cl:11, work-item (0,0,0) read 4 bytes at local offset 4 at input.cl:12 with no barrier between
// EXPECT: wavesim: kernel 'race' failed its checks: 1 report(s) above (WAVESIM_CHECK has 'fatal')
__kernel void race(__global int *out) {
  __local int t[64];
  int l = get_local_id(0);
  /* missing barrier */
  t[l] = l;
  out[l] = t[(l + 1) % 64];
}
