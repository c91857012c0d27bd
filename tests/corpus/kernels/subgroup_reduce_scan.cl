// cl_khr_subgroups: sub_group_reduce/scan_inclusive/scan_exclusive of add,
// min and max on int, uint, long, ulong and float. Work-groups of 100: on
// wave32 three full sub-groups and one of 4, on wave64 one full and one of
// 36, so partial last sub-groups are covered on both. Float sums are exact
// against the reference because both combine in the same fixed order (a
// butterfly for reductions, Hillis-Steele for scans: docs/ARCHITECTURE.md).
// REF: emulated ref/subgroup_reduce_scan.cl
// RUN: kernel=sg_int global=200 local=100 opts=-cl-std=CL3.0 args=ii:buf:int:200:rand(-100000,100000) oi:buf:int:1800:zero
// RUN: kernel=sg_uint global=200 local=100 opts=-cl-std=CL3.0 args=iu:buf:uint:200:rand(0,100000) ou:buf:uint:1800:zero
// RUN: kernel=sg_long global=200 local=100 opts=-cl-std=CL3.0 args=il:buf:long:200:rand(-1000000000000,1000000000000) ol:buf:long:1800:zero
// RUN: kernel=sg_ulong global=200 local=100 opts=-cl-std=CL3.0 args=iul:buf:ulong:200:rand(0,1000000000000) oul:buf:ulong:1800:zero
// RUN: kernel=sg_float global=200 local=100 opts=-cl-std=CL3.0 args=if:buf:float:200:rand(-100,100) of:buf:float:1800:zero
/* subgroup_full_wave.cl builds this file with -DFULL_WAVE: each kernel then
 * has a reqd_work_group_size (its size below) */
#ifdef FULL_WAVE
#define REQD(X) __attribute__((reqd_work_group_size(X, 1, 1)))
#else
#define REQD(X)
#endif
#define SG_KERNEL(T, NAME, WG)                                                 \
  REQD(WG) kernel void NAME(global const T *in, global T *out) {               \
    size_t g = get_global_id(0);                                               \
    T x = in[g];                                                               \
    global T *o = out + g * 9;                                                 \
    o[0] = sub_group_reduce_add(x);                                            \
    o[1] = sub_group_reduce_min(x);                                            \
    o[2] = sub_group_reduce_max(x);                                            \
    o[3] = sub_group_scan_inclusive_add(x);                                    \
    o[4] = sub_group_scan_inclusive_min(x);                                    \
    o[5] = sub_group_scan_inclusive_max(x);                                    \
    o[6] = sub_group_scan_exclusive_add(x);                                    \
    o[7] = sub_group_scan_exclusive_min(x);                                    \
    o[8] = sub_group_scan_exclusive_max(x);                                    \
  }
SG_KERNEL(int, sg_int, 64)
SG_KERNEL(uint, sg_uint, 32)
SG_KERNEL(long, sg_long, 64)
SG_KERNEL(ulong, sg_ulong, 96)
SG_KERNEL(float, sg_float, 128)
