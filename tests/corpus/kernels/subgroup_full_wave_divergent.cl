// Non-uniform sub-group collectives in kernels whose waves all start full
// (reqd_work_group_size 64, uniform work-groups): the compiler must keep the
// whole-wave set-up where lanes are off, after a divergent return (nu_int,
// nu_long) and under a divergent branch (nu_float), so the results are those
// of subgroup_nonuniform.cl over the same lanes (its reference computes them).
// REF: emulated ref/subgroup_nonuniform.cl
// RUN: kernel=nu_int global=128 local=64 opts=-cl-std=CL3.0 opts=-cl-uniform-work-group-size
// +    args=ni:buf:int:128:rand(-50,50) no:buf:int:2304:zero
// RUN: kernel=nu_long global=128 local=64
// +    args=nl:buf:long:128:rand(-1000000,1000000) nlo:buf:long:2304:zero
// RUN: kernel=nu_float global=128 local=64 args=nf:buf:float:128:rand(-2,2) nfo:buf:float:1152:zero
#define INT_KERNEL(T, NAME)                                                     \
  __attribute__((reqd_work_group_size(64, 1, 1)))                               \
  kernel void NAME(global const T *in, global T *out) {                        \
    size_t g = get_global_id(0);                                                \
    T x = in[g];                                                                \
    global T *o = out + g * 18;                                                 \
    if (x % 3 == 0) return;                                                     \
    o[0] = sub_group_non_uniform_reduce_add(x);                                 \
    o[1] = sub_group_non_uniform_reduce_mul(x);                                 \
    o[2] = sub_group_non_uniform_reduce_min(x);                                 \
    o[3] = sub_group_non_uniform_reduce_max(x);                                 \
    o[4] = sub_group_non_uniform_reduce_and(x);                                 \
    o[5] = sub_group_non_uniform_reduce_or(x);                                  \
    o[6] = sub_group_non_uniform_reduce_xor(x);                                 \
    o[7] = sub_group_non_uniform_scan_inclusive_add(x);                         \
    o[8] = sub_group_non_uniform_scan_inclusive_mul(x);                         \
    o[9] = sub_group_non_uniform_scan_inclusive_min(x);                         \
    o[10] = sub_group_non_uniform_scan_exclusive_max(x);                        \
    o[11] = sub_group_non_uniform_scan_exclusive_and(x);                        \
    o[12] = sub_group_non_uniform_scan_exclusive_or(x);                         \
    o[13] = sub_group_non_uniform_scan_inclusive_xor(x);                        \
    o[14] = sub_group_non_uniform_reduce_logical_and(x > 0);                    \
    o[15] = sub_group_non_uniform_reduce_logical_or(x > 40);                    \
    o[16] = sub_group_non_uniform_scan_inclusive_logical_xor(x & 1);            \
    o[17] = sub_group_non_uniform_scan_exclusive_logical_and(x > -40);          \
  }
INT_KERNEL(int, nu_int)
INT_KERNEL(long, nu_long)

__attribute__((reqd_work_group_size(64, 1, 1)))
kernel void nu_float(global const float *in, global float *out) {
  size_t g = get_global_id(0);
  float x = in[g];
  global float *o = out + g * 9;
  if (x > -1.0f) {
    o[0] = sub_group_non_uniform_reduce_add(x);
    o[1] = sub_group_non_uniform_reduce_mul(x);
    o[2] = sub_group_non_uniform_reduce_min(x);
    o[3] = sub_group_non_uniform_reduce_max(x);
    o[4] = sub_group_non_uniform_scan_inclusive_add(x);
    o[5] = sub_group_non_uniform_scan_inclusive_mul(x);
    o[6] = sub_group_non_uniform_scan_exclusive_add(x);
    o[7] = sub_group_non_uniform_scan_exclusive_min(x);
    o[8] = sub_group_non_uniform_scan_inclusive_max(x);
  }
}
