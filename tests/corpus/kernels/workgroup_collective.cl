// Work-group collective functions (OpenCL C 2.0 / 3.0 with
// __opencl_c_work_group_collective_functions): work_group_reduce, scan_inclusive
// and scan_exclusive of add, min and max on int, uint, long, ulong and float,
// work_group_broadcast (1-D and 2-D ids), work_group_any/all. Lowered to
// sub-group operations, __local scratch and barriers; floats combine in a fixed
// order (lanes, then sub-groups) that the reference reproduces. Work-groups of
// 60 (1-D: what the teaching preset's registers allow for the long kernel)
// and 10x7 (2-D): partial last sub-groups on both wave sizes.
// REF: emulated ref/workgroup_collective.cl
// RUN: kernel=wg_int global=120 local=60 opts=-cl-std=CL3.0 args=wi:buf:int:120:rand(-100000,100000) wo:buf:int:1320:zero
// RUN: kernel=wg_uint global=120 local=60 opts=-cl-std=CL3.0 args=wu:buf:uint:120:rand(0,100000) wuo:buf:uint:1320:zero
// RUN: kernel=wg_long global=120 local=60 opts=-cl-std=CL3.0 args=wl:buf:long:120:rand(-1000000000000,1000000000000) wlo:buf:long:1320:zero
// RUN: kernel=wg_ulong global=120 local=60 opts=-cl-std=CL3.0 args=wul:buf:ulong:120:rand(0,1000000000000) wulo:buf:ulong:1320:zero
// RUN: kernel=wg_float global=120 local=60 opts=-cl-std=CL3.0 args=wf:buf:float:120:rand(-100,100) wfo:buf:float:1320:zero
// RUN: kernel=wg_2d global=20,14 local=10,7 opts=-cl-std=CL3.0 args=w2:buf:float:280:rand(-100,100) w2o:buf:float:1120:zero
/* workgroup_collective_full_wave.cl builds this file with -DFULL_WAVE: each
 * kernel then has a reqd_work_group_size (its size below) */
#ifdef FULL_WAVE
#define REQD(X, Y) __attribute__((reqd_work_group_size(X, Y, 1)))
#else
#define REQD(X, Y)
#endif
#define WG_KERNEL(T, NAME, WG)                                                 \
  REQD(WG, 1) kernel void NAME(global const T *in, global T *out) {            \
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
WG_KERNEL(long, wg_long, 60)
WG_KERNEL(ulong, wg_ulong, 60)
WG_KERNEL(float, wg_float, 64)

REQD(16, 4) kernel void wg_2d(global const float *in, global float *out) {
  size_t g = get_global_id(1) * get_global_size(0) + get_global_id(0);
  float x = in[g];
  global float *o = out + g * 4;
  o[0] = work_group_reduce_add(x);
  o[1] = work_group_scan_inclusive_add(x);
  o[2] = work_group_broadcast(x, 3, 2);
  o[3] = work_group_scan_exclusive_max(x);
}
