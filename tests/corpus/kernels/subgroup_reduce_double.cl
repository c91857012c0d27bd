// cl_khr_subgroups on double (cl_khr_fp64): reductions, scans and broadcast,
// and the non-uniform reductions, scans and shuffles in divergent code,
// exact against the reference's same-order combination. Work-groups of 100.
// REF: emulated ref/subgroup_reduce_scan.cl
// NEEDS: fp64
// RUN: kernel=sg_double global=200 local=100 opts=-cl-std=CL3.0 opts=-DWITH_FP64 args=id:buf:double:200:rand(-100,100) od:buf:double:2000:zero
// RUN: kernel=nu_double global=200 local=100 opts=-cl-std=CL3.0 args=nd:buf:double:200:rand(-2,2) ndo:buf:double:1000:zero
#pragma OPENCL EXTENSION cl_khr_fp64 : enable
kernel void sg_double(global const double *in, global double *out) {
  size_t g = get_global_id(0);
  double x = in[g];
  global double *o = out + g * 10;
  o[0] = sub_group_reduce_add(x);
  o[1] = sub_group_reduce_min(x);
  o[2] = sub_group_reduce_max(x);
  o[3] = sub_group_scan_inclusive_add(x);
  o[4] = sub_group_scan_inclusive_min(x);
  o[5] = sub_group_scan_inclusive_max(x);
  o[6] = sub_group_scan_exclusive_add(x);
  o[7] = sub_group_scan_exclusive_min(x);
  o[8] = sub_group_scan_exclusive_max(x);
  o[9] = sub_group_broadcast(x, 2);
}

kernel void nu_double(global const double *in, global double *out) {
  size_t g = get_global_id(0);
  double x = in[g];
  global double *o = out + g * 5;
  double s = sub_group_shuffle_xor(x, 1u);
  o[4] = (get_sub_group_local_id() ^ 1u) < get_sub_group_size() ? s : x;
  if (x > -1.0) {
    o[0] = sub_group_non_uniform_reduce_add(x);
    o[1] = sub_group_non_uniform_reduce_mul(x);
    o[2] = sub_group_non_uniform_scan_inclusive_max(x);
    o[3] = sub_group_non_uniform_scan_exclusive_add(x);
  }
}
