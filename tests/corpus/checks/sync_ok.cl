// Correctly synchronised code reports nothing under every check: barriers
// with the right fences, __local and global atomics, a compare-and-swap loop,
// async copies waited for, a tree reduction, a private array fully written.
// RUN: kernel=sync global=256 local=64 args=in:buf:int:256:rand(0,100) out:buf:int:256:zero
// +    cnt:buf:int:2:zero
// CHECK: all,benign
__kernel void sync(__global const int *in, __global int *out, __global int *cnt) {
  __local int tile[64], red[64];
  __local int lcount;
  int l = get_local_id(0), g = get_global_id(0);
  if (l == 0) lcount = 0;
  event_t e = async_work_group_copy(tile, in + get_group_id(0) * 64, 64, 0);
  wait_group_events(1, &e);
  red[l] = tile[l];
  barrier(CLK_LOCAL_MEM_FENCE);
  for (int s = 32; s > 0; s >>= 1) {
    if (l < s) red[l] += red[l + s];
    barrier(CLK_LOCAL_MEM_FENCE);
  }
  atomic_inc(&lcount);
  atomic_add(&cnt[0], tile[l]);
  int old = cnt[1], seen;
  while ((seen = atomic_cmpxchg(&cnt[1], old, old + 1)) != old) old = seen;
  int p[8];
  for (int i = 0; i < 8; i++) p[i] = tile[(l + i) % 64];
  out[g] = p[tile[l] % 8];
  barrier(CLK_GLOBAL_MEM_FENCE | CLK_LOCAL_MEM_FENCE);
  out[get_group_id(0) * 64 + (l + 1) % 64] += red[0] + lcount;
}
