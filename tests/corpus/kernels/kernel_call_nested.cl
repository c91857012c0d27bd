// Nested kernel calls, each level with its own __local array and barriers:
// level0 calls level1 and, in a loop, level2; level1 calls
// level2 and a helper taking a __local pointer. Every level is also launched on
// its own, so each kernel gets its own work-group memory layout.
// REF: majority (PoCL 3.1 occasionally returns a different out[] for these nested
// barrier-carrying calls under load: 1 run in ~700 in CI gave out[0] = 1792 for 1696)
// RUN: kernel=level2 global=256 local=64
// +    args=in:buf:int:256:rand(-100,100) out:buf:int:256:zero k:int:5
// RUN: kernel=level1 global=256 local=64
// +    args=in:buf out:buf k:int:3
// RUN: kernel=level0 global=256 local=64
// +    args=in:buf out:buf res:buf:int:256:zero
void shift_add(__local int *t, __global int *out, int k) {
  size_t l = get_local_id(0);
  barrier(CLK_LOCAL_MEM_FENCE);
  out[get_global_id(0)] += t[(l + k) & 63];
  barrier(CLK_LOCAL_MEM_FENCE);
}

__kernel void level2(__global const int *in, __global int *out, int k) {
  __local int t2[64];
  size_t l = get_local_id(0);
  t2[l] = in[get_global_id(0)] * k;
  shift_add(t2, out, k);
}

__kernel void level1(__global const int *in, __global int *out, int k) {
  __local short t1[64];
  size_t l = get_local_id(0);
  t1[l] = (short)(in[get_global_id(0)] + k);
  level2(in, out, k + 1);
  barrier(CLK_LOCAL_MEM_FENCE);
  out[get_global_id(0)] -= t1[63 - l];
}

__kernel void level0(__global const int *in, __global int *out, __global int *res) {
  __local long t0[64];
  size_t l = get_local_id(0);
  t0[l] = (long)in[get_global_id(0)] << 33;
  /* called unconditionally: PoCL 3.1 gives run-to-run different results
   * when this call (barriers inside) sits under a work-group-uniform `if` */
  level1(in, out, 1 + (int)(get_group_id(0) & 1));
  for (int r = 0; r < 2; r++)
    level2(in, out, r + 7);
  barrier(CLK_LOCAL_MEM_FENCE);
  res[get_global_id(0)] = out[get_global_id(0)] + (int)(t0[(l + 1) & 63] >> 33);
}
