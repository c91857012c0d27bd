// Work-group collective functions on double (cl_khr_fp64): the kernel of
// workgroup_collective.cl instantiated for double, exact against the
// reference's same-order combination. Work-groups of 60.
// REF: emulated ref/workgroup_collective.cl
// NEEDS: fp64
// RUN: kernel=wg_double global=120 local=60 opts=-cl-std=CL3.0 opts=-DWITH_FP64 args=wd:buf:double:120:rand(-100,100) wdo:buf:double:1320:zero
#pragma OPENCL EXTENSION cl_khr_fp64 : enable
kernel void wg_double(global const double *in, global double *out) {
  size_t g = get_global_id(0);
  double x = in[g];
  global double *o = out + g * 11;
  o[0] = work_group_reduce_add(x);
  o[1] = work_group_reduce_min(x);
  o[2] = work_group_reduce_max(x);
  o[3] = work_group_scan_inclusive_add(x);
  o[4] = work_group_scan_inclusive_min(x);
  o[5] = work_group_scan_inclusive_max(x);
  o[6] = work_group_scan_exclusive_add(x);
  o[7] = work_group_scan_exclusive_min(x);
  o[8] = work_group_scan_exclusive_max(x);
  o[9] = work_group_broadcast(x, 37);
  o[10] = work_group_any(x == in[3]) + 2 * work_group_all(x != in[5]);
}
