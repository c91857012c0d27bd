// Sub-group reductions and scans where every lane may be provably active:
// kernels with reqd_work_group_size, built for uniform work-groups
// (-cl-uniform-work-group-size), the collectives in uniform control flow.
// Where the size is a multiple of the wave size the compiler leaves out the
// whole-wave set-up (be_isel_xlane.c); where it is not, a wave is partial
// and the set-up stays: sg_int (64) and sg_float (128) are whole waves on
// wave32 and wave64, sg_uint (32) a half wave on wave64, sg_ulong (96) a
// partial second wave on wave64, sg_long (64). The kernels and outputs are
// subgroup_reduce_scan.cl's, so its reference computes them.
// REF: emulated ref/subgroup_reduce_scan.cl
// RUN: kernel=sg_int global=128 local=64 opts=-cl-std=CL3.0 opts=-cl-uniform-work-group-size
// +    args=ii:buf:int:128:rand(-100000,100000) oi:buf:int:1152:zero
// RUN: kernel=sg_uint global=96 local=32 args=iu:buf:uint:96:rand(0,100000) ou:buf:uint:864:zero
// RUN: kernel=sg_long global=128 local=64
// +    args=il:buf:long:128:rand(-1000000000000,1000000000000) ol:buf:long:1152:zero
// RUN: kernel=sg_ulong global=192 local=96
// +    args=iul:buf:ulong:192:rand(0,1000000000000) oul:buf:ulong:1728:zero
// RUN: kernel=sg_float global=256 local=128 args=if:buf:float:256:rand(-100,100) of:buf:float:2304:zero
#define SG_KERNEL(T, NAME, WG)                                                 \
  __attribute__((reqd_work_group_size(WG, 1, 1)))                              \
  kernel void NAME(global const T *in, global T *out) {                        \
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
