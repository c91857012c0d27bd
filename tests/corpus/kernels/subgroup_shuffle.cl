// cl_khr_subgroup_shuffle and _shuffle_relative: sub_group_shuffle with a
// per-work-item index, _xor, _up and _down, on int, uint, long, ulong, float,
// only where the spec defines the result (the source work-item exists in
// the sub-group); the others keep the input. Work-groups of 100 (partial
// last sub-groups on wave32 and wave64).
// REF: emulated ref/subgroup_shuffle.cl
// RUN: kernel=sh_int global=200 local=100 opts=-cl-std=CL3.0 args=si:buf:int:200:rand(-100000,100000) so:buf:int:800:zero
// RUN: kernel=sh_long global=200 local=100 opts=-cl-std=CL3.0 args=sl:buf:long:200:rand(-1000000000000,1000000000000) slo:buf:long:800:zero
// RUN: kernel=sh_float global=200 local=100 opts=-cl-std=CL3.0 args=sf:buf:float:200:rand(-10,10) sfo:buf:float:800:zero
#define SH_KERNEL(T, NAME)                                                     \
  kernel void NAME(global const T *in, global T *out) {                       \
    size_t g = get_global_id(0);                                               \
    uint l = get_sub_group_local_id(), n = get_sub_group_size();               \
    T x = in[g];                                                               \
    uint idx = (l * 7 + 3) % n;                                                \
    T a = sub_group_shuffle(x, idx);                                           \
    T b = sub_group_shuffle_xor(x, 5u);                                        \
    T c = sub_group_shuffle_up(x, 3u);                                         \
    T d = sub_group_shuffle_down(x, 6u);                                       \
    out[g * 4 + 0] = a;                                                        \
    out[g * 4 + 1] = (l ^ 5u) < n ? b : x;                                     \
    out[g * 4 + 2] = l >= 3 ? c : x;                                           \
    out[g * 4 + 3] = l + 6 < n ? d : x;                                        \
  }
SH_KERNEL(int, sh_int)
SH_KERNEL(long, sh_long)
SH_KERNEL(float, sh_float)
