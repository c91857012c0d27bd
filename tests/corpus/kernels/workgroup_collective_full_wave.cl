// Work-group collectives (lowered to sub-group operations, __local scratch
// and barriers) in kernels with reqd_work_group_size built for uniform
// work-groups (-cl-uniform-work-group-size), where the sub-group steps in
// uniform control flow run without the whole-wave set-up when the size is a
// multiple of the wave size (be_isel_xlane.c): wg_int and wg_float (64) and
// wg_2d (16x4) are whole waves on wave32 and wave64, wg_uint (96) leaves a
// partial second wave on wave64. The kernels are workgroup_collective.cl's,
// built with -DFULL_WAVE (their sizes as reqd_work_group_size), so its
// reference computes the outputs.
// SOURCE: workgroup_collective.cl
// REF: emulated ref/workgroup_collective.cl
// RUN: kernel=wg_int global=128 local=64 opts=-cl-std=CL3.0 opts=-cl-uniform-work-group-size opts=-DFULL_WAVE
// +    args=wi:buf:int:128:rand(-100000,100000) wo:buf:int:1408:zero
// RUN: kernel=wg_uint global=192 local=96 args=wu:buf:uint:192:rand(0,100000) wuo:buf:uint:2112:zero
// RUN: kernel=wg_float global=128 local=64 args=wf:buf:float:128:rand(-100,100) wfo:buf:float:1408:zero
// RUN: kernel=wg_2d global=32,8 local=16,4 args=w2:buf:float:256:rand(-100,100) w2o:buf:float:1024:zero
