// Work-group collectives (lowered to sub-group operations, __local scratch
// and barriers) in kernels with reqd_work_group_size built for uniform
// work-groups (-cl-uniform-work-group-size), where the sub-group steps in
// uniform control flow run without the whole-wave set-up when the size is a
// multiple of the wave size (be_isel_xlane.c): wg_int and wg_float (64) and
// wg_2d (16x4) are whole waves on wave32 and wave64, wg_uint (96) leaves a
// partial second wave on wave64. The kernels and outputs are
// workgroup_collective.cl's, so its reference computes them.
// REF: emulated ref/workgroup_collective.cl
// RUN: kernel=wg_int global=128 local=64 opts=-cl-std=CL3.0 opts=-cl-uniform-work-group-size
// +    args=wi:buf:int:128:rand(-100000,100000) wo:buf:int:1408:zero
// RUN: kernel=wg_uint global=192 local=96 args=wu:buf:uint:192:rand(0,100000) wuo:buf:uint:2112:zero
// RUN: kernel=wg_float global=128 local=64 args=wf:buf:float:128:rand(-100,100) wfo:buf:float:1408:zero
// RUN: kernel=wg_2d global=32,8 local=16,4 args=w2:buf:float:256:rand(-100,100) w2o:buf:float:1024:zero
#define WG_KERNEL(T, NAME, WG)                                                 \
  __attribute__((reqd_work_group_size(WG, 1, 1)))                              \
  kernel void NAME(global const T *in, global T *out) {                        \
    size_t g = get_global_id(0);                                               \
    T x = in[g];                                                               \
    global T *o = out + g * 11;                                                \
    o[0] = work_group_reduce_add(x);                                           \
    o[1] = work_group_reduce_min(x);                                           \
    o[2] = work_group_reduce_max(x);                                           \
    o[3] = work_group_scan_inclusive_add(x);                                   \
    o[4] = work_group_scan_inclusive_min(x);                                   \
    o[5] = work_group_scan_inclusive_max(x);                                   \
    o[6] = work_group_scan_exclusive_add(x);                                   \
    o[7] = work_group_scan_exclusive_min(x);                                   \
    o[8] = work_group_scan_exclusive_max(x);                                   \
    o[9] = work_group_broadcast(x, 37);                                        \
    o[10] = work_group_any(x == in[3]) + 2 * work_group_all(x != in[5]);       \
  }
WG_KERNEL(int, wg_int, 64)
WG_KERNEL(uint, wg_uint, 96)
WG_KERNEL(float, wg_float, 64)

__attribute__((reqd_work_group_size(16, 4, 1)))
kernel void wg_2d(global const float *in, global float *out) {
  size_t g = get_global_id(1) * get_global_size(0) + get_global_id(0);
  float x = in[g];
  global float *o = out + g * 4;
  o[0] = work_group_reduce_add(x);
  o[1] = work_group_scan_inclusive_add(x);
  o[2] = work_group_broadcast(x, 3, 2);
  o[3] = work_group_scan_exclusive_max(x);
}
