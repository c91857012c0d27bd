// The cross-lane probes of validation/data/probes/xlane.cu as OpenCL
// sub-group kernels, for wavesim (docs/VALIDATION.md "Cross-lane
// operations"). Each kernel runs twice with a different iteration count n;
// (cycles(2n) - cycles(n)) / n is the cost of one iteration:
//   shfl   a dependent chain of sub_group_shuffle_xor (lat_shfl_xor)
//   red    a dependent chain of 32-value sub_group_reduce_add (lat_warp_reduce_shfl)
//   lred   the same sum as a __local tree with barriers, one sub-group
//   bsmem  256-value sum, __local tree with barriers (lat_block256_reduce_smem)
//   bshfl  256-value sum, sub-group reductions + 8 partials in __local
//          (lat_block256_reduce_shfl; the second step a clustered reduce of 8)
//   tshfl  independent shuffles on every CU (tput_shfl_xor)
//   gsmem/gshfl  bsmem/bshfl with 8 groups per CU (tput_block256_reduce_*)
//   gshfl_any    gshfl without the size declaration (below)
// CUDA's __shfl_xor_sync(0xffffffff, ...) promises a full warp; the OpenCL
// equivalent is a declared work-group size, a multiple of the sub-group size,
// in uniform work-groups (reqd_work_group_size, -cl-uniform-work-group-size):
// with it the compiler leaves out the whole-wave set-up of each reduction
// (docs/ARCHITECTURE.md "Sub-groups"). gshfl_any shows the cost without it.
// Run: WAVESIM_CONFIG=h100 WAVESIM_DB=x.db build/tests/corpus/clrun THIS out.bin
//      sqlite3 x.db 'select kernel, cycles from launches'
// RUN: kernel=shfl global=32 local=32 opts=-cl-std=CL3.0 opts=-cl-uniform-work-group-size
// +    args=o32:buf:int:32:zero n:int:1024
// RUN: kernel=shfl global=32 local=32 opts=-cl-std=CL3.0
// +    args=o32:buf:int:32:zero n:int:2048
// RUN: kernel=red global=32 local=32 opts=-cl-std=CL3.0
// +    args=o32:buf:int:32:zero n:int:256
// RUN: kernel=red global=32 local=32 opts=-cl-std=CL3.0
// +    args=o32:buf:int:32:zero n:int:512
// RUN: kernel=lred global=32 local=32 opts=-cl-std=CL3.0
// +    args=o32:buf:int:32:zero n:int:256
// RUN: kernel=lred global=32 local=32 opts=-cl-std=CL3.0
// +    args=o32:buf:int:32:zero n:int:512
// RUN: kernel=bsmem global=256 local=256 opts=-cl-std=CL3.0
// +    args=o256:buf:int:256:zero n:int:64
// RUN: kernel=bsmem global=256 local=256 opts=-cl-std=CL3.0
// +    args=o256:buf:int:256:zero n:int:128
// RUN: kernel=bshfl global=256 local=256 opts=-cl-std=CL3.0
// +    args=o256:buf:int:256:zero n:int:64
// RUN: kernel=bshfl global=256 local=256 opts=-cl-std=CL3.0
// +    args=o256:buf:int:256:zero n:int:128
// RUN: kernel=tshfl global=32768 local=256 opts=-cl-std=CL3.0
// +    args=o32768:buf:int:32768:zero n:int:64
// RUN: kernel=tshfl global=32768 local=256 opts=-cl-std=CL3.0
// +    args=o32768:buf:int:32768:zero n:int:128
// RUN: kernel=gsmem global=270336 local=256 opts=-cl-std=CL3.0
// +    args=o270336:buf:int:270336:zero n:int:8
// RUN: kernel=gsmem global=270336 local=256 opts=-cl-std=CL3.0
// +    args=o270336:buf:int:270336:zero n:int:16
// RUN: kernel=gshfl global=270336 local=256 opts=-cl-std=CL3.0
// +    args=o270336:buf:int:270336:zero n:int:8
// RUN: kernel=gshfl global=270336 local=256 opts=-cl-std=CL3.0
// +    args=o270336:buf:int:270336:zero n:int:16
// RUN: kernel=gshfl_any global=270336 local=256 opts=-cl-std=CL3.0
// +    args=o270336:buf:int:270336:zero n:int:8
// RUN: kernel=gshfl_any global=270336 local=256 opts=-cl-std=CL3.0
// +    args=o270336:buf:int:270336:zero n:int:16
#define WG32 __attribute__((reqd_work_group_size(32, 1, 1)))
#define WG256 __attribute__((reqd_work_group_size(256, 1, 1)))
WG32 kernel void shfl(global int *o, int n) {
  int v = get_local_id(0);
  for (int i = 0; i < n; i++) v = sub_group_shuffle_xor(v, 1);
  o[get_local_id(0)] = v;
}
WG32 kernel void red(global int *o, int n) {
  int v = get_local_id(0);
  for (int i = 0; i < n; i++) v = (sub_group_reduce_add(v) & 0xffff) + (int)get_local_id(0);
  o[get_local_id(0)] = v;
}
WG256 kernel void tshfl(global int *o, int n) {
  int l = get_local_id(0);
  int a = l, b = l + 1, c = l + 2, d = l + 3;
  for (int i = 0; i < n; i++) {
    for (int k = 0; k < 8; k++) {
      a = sub_group_shuffle_xor(a, 1); b = sub_group_shuffle_xor(b, 2);
      c = sub_group_shuffle_xor(c, 4); d = sub_group_shuffle_xor(d, 8);
    }
  }
  o[get_global_id(0)] = a + b + c + d;
}

/* n dependent sums of the group's SIZE values as a __local tree with
 * barriers; the result of work-item t into o[OUT] */
#define TREE_REDUCE(NAME, SIZE, OUT)                                           \
  WG##SIZE kernel void NAME(global int *o, int n) {                           \
    __local int s[SIZE];                                                       \
    int t = get_local_id(0);                                                   \
    int v = t;                                                                 \
    for (int i = 0; i < n; i++) {                                              \
      s[t] = v;                                                                \
      barrier(CLK_LOCAL_MEM_FENCE);                                            \
      for (int off = (SIZE) / 2; off > 0; off >>= 1) {                         \
        if (t < off) s[t] += s[t + off];                                       \
        barrier(CLK_LOCAL_MEM_FENCE);                                          \
      }                                                                        \
      v = (s[0] & 0xffff) + t;                                                 \
      barrier(CLK_LOCAL_MEM_FENCE);                                            \
    }                                                                          \
    o[OUT] = v;                                                                \
  }
/* the same sums as sub-group reductions, their 8 partials through __local
 * and a clustered reduce of 8 */
#define SHFL_REDUCE(ATTR, NAME, OUT)                                                 \
  ATTR kernel void NAME(global int *o, int n) {                               \
    __local int part[8];                                                       \
    int t = get_local_id(0), lane = get_sub_group_local_id(), w = get_sub_group_id(); \
    int v = t;                                                                 \
    for (int i = 0; i < n; i++) {                                              \
      int x = sub_group_reduce_add(v);                                         \
      if (lane == 0) part[w] = x;                                              \
      barrier(CLK_LOCAL_MEM_FENCE);                                            \
      int y = lane < get_num_sub_groups() ? part[lane] : 0;                    \
      y = sub_group_clustered_reduce_add(y, 8);                                \
      v = (y & 0xffff) + t;                                                    \
      barrier(CLK_LOCAL_MEM_FENCE);                                            \
    }                                                                          \
    o[OUT] = v;                                                                \
  }
TREE_REDUCE(lred, 32, t)
TREE_REDUCE(bsmem, 256, t)
TREE_REDUCE(gsmem, 256, get_global_id(0))
SHFL_REDUCE(WG256, bshfl, t)
SHFL_REDUCE(WG256, gshfl, get_global_id(0))
/* gshfl without the size declaration */
SHFL_REDUCE(, gshfl_any, get_global_id(0))
