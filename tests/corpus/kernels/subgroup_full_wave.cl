// Sub-group reductions and scans where every lane may be provably active:
// kernels with reqd_work_group_size, built for uniform work-groups
// (-cl-uniform-work-group-size), the collectives in uniform control flow.
// Where the size is a multiple of the wave size the compiler leaves out the
// whole-wave set-up (be_isel_xlane.c); where it is not, a wave is partial
// and the set-up stays: sg_int (64) and sg_float (128) are whole waves on
// wave32 and wave64, sg_uint (32) a half wave on wave64, sg_ulong (96) a
// partial second wave on wave64, sg_long (64). The kernels are
// subgroup_reduce_scan.cl's, built with -DFULL_WAVE (their sizes as
// reqd_work_group_size), so its reference computes the outputs.
// SOURCE: subgroup_reduce_scan.cl
// REF: emulated ref/subgroup_reduce_scan.cl
// RUN: kernel=sg_int global=128 local=64 opts=-cl-std=CL3.0 opts=-cl-uniform-work-group-size opts=-DFULL_WAVE
// +    args=ii:buf:int:128:rand(-100000,100000) oi:buf:int:1152:zero
// RUN: kernel=sg_uint global=96 local=32 args=iu:buf:uint:96:rand(0,100000) ou:buf:uint:864:zero
// RUN: kernel=sg_long global=128 local=64
// +    args=il:buf:long:128:rand(-1000000000000,1000000000000) ol:buf:long:1152:zero
// RUN: kernel=sg_ulong global=192 local=96
// +    args=iul:buf:ulong:192:rand(0,1000000000000) oul:buf:ulong:1728:zero
// RUN: kernel=sg_float global=256 local=128 args=if:buf:float:256:rand(-100,100) of:buf:float:2304:zero
