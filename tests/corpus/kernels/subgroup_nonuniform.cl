// cl_khr_subgroup_non_uniform_arithmetic: sub_group_non_uniform_reduce,
// scan_inclusive and scan_exclusive of add, mul, min, max, and, or, xor and
// logical_and/or/xor, called inside divergent code (only the work-items whose
// input is not a multiple of 3 take part), on int, uint, long and float.
// Inactive work-items contribute nothing: the lowering feeds them the
// operation's identity. Work-groups of 100: partial last sub-groups too.
// REF: emulated ref/subgroup_nonuniform.cl
// RUN: kernel=nu_int global=200 local=100 opts=-cl-std=CL3.0 args=ni:buf:int:200:rand(-50,50) no:buf:int:3600:zero
// RUN: kernel=nu_uint global=200 local=100 opts=-cl-std=CL3.0 args=nu:buf:uint:200:rand(0,100) nuo:buf:uint:3600:zero
// RUN: kernel=nu_long global=200 local=100 opts=-cl-std=CL3.0 args=nl:buf:long:200:rand(-1000000,1000000) nlo:buf:long:3600:zero
// RUN: kernel=nu_float global=200 local=100 opts=-cl-std=CL3.0 args=nf:buf:float:200:rand(-2,2) nfo:buf:float:1800:zero
/* subgroup_full_wave_divergent.cl builds this file with -DFULL_WAVE: work-
 * groups of 64 as reqd_work_group_size, and the integer kernels' lanes leave
 * by a divergent return instead of skipping an if-body */
#ifdef FULL_WAVE
#define REQD __attribute__((reqd_work_group_size(64, 1, 1)))
#define ONLY_IF(c) if (!(c)) return;
#else
#define REQD
#define ONLY_IF(c) if (c)
#endif
#define INT_KERNEL(T, NAME)                                                     \
  REQD kernel void NAME(global const T *in, global T *out) {                   \
    size_t g = get_global_id(0);                                                \
    T x = in[g];                                                                \
    global T *o = out + g * 18;                                                 \
    ONLY_IF(x % 3 != 0) {                                                       \
      o[0] = sub_group_non_uniform_reduce_add(x);                               \
      o[1] = sub_group_non_uniform_reduce_mul(x);                               \
      o[2] = sub_group_non_uniform_reduce_min(x);                               \
      o[3] = sub_group_non_uniform_reduce_max(x);                               \
      o[4] = sub_group_non_uniform_reduce_and(x);                               \
      o[5] = sub_group_non_uniform_reduce_or(x);                                \
      o[6] = sub_group_non_uniform_reduce_xor(x);                               \
      o[7] = sub_group_non_uniform_scan_inclusive_add(x);                       \
      o[8] = sub_group_non_uniform_scan_inclusive_mul(x);                       \
      o[9] = sub_group_non_uniform_scan_inclusive_min(x);                       \
      o[10] = sub_group_non_uniform_scan_exclusive_max(x);                      \
      o[11] = sub_group_non_uniform_scan_exclusive_and(x);                      \
      o[12] = sub_group_non_uniform_scan_exclusive_or(x);                       \
      o[13] = sub_group_non_uniform_scan_inclusive_xor(x);                      \
      o[14] = sub_group_non_uniform_reduce_logical_and(x > 0);                  \
      o[15] = sub_group_non_uniform_reduce_logical_or(x > 40);                  \
      o[16] = sub_group_non_uniform_scan_inclusive_logical_xor(x & 1);          \
      o[17] = sub_group_non_uniform_scan_exclusive_logical_and(x > -40);        \
    }                                                                           \
  }
INT_KERNEL(int, nu_int)
INT_KERNEL(uint, nu_uint)
INT_KERNEL(long, nu_long)

REQD kernel void nu_float(global const float *in, global float *out) {
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
