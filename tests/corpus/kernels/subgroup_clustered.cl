// cl_khr_subgroup_clustered_reduce: sub_group_clustered_reduce_* with every
// cluster size from 1 to 32 (a wave32 sub-group's), on int, long and float;
// the clusters are aligned runs of the sub-group's work-items, each reduced
// alone (the last ones of a partial sub-group hold fewer). Work-groups of 100.
// REF: emulated ref/subgroup_clustered.cl
// RUN: kernel=cl_int global=200 local=100 opts=-cl-std=CL3.0 args=ci:buf:int:200:rand(-50,50) co:buf:int:2400:zero
// RUN: kernel=cl_long global=200 local=100 opts=-cl-std=CL3.0 args=cl:buf:long:200:rand(-100000000000,100000000000) clo:buf:long:1200:zero
// RUN: kernel=cl_float global=200 local=100 opts=-cl-std=CL3.0 args=cf:buf:float:200:rand(-8,8) cfo:buf:float:1200:zero
kernel void cl_int(global const int *in, global int *out) {
  size_t g = get_global_id(0);
  int x = in[g];
  global int *o = out + g * 12;
  o[0] = sub_group_clustered_reduce_add(x, 1);
  o[1] = sub_group_clustered_reduce_add(x, 2);
  o[2] = sub_group_clustered_reduce_mul(x & 3, 4);
  o[3] = sub_group_clustered_reduce_min(x, 8);
  o[4] = sub_group_clustered_reduce_max(x, 16);
  o[5] = sub_group_clustered_reduce_add(x, 32);
  o[6] = sub_group_clustered_reduce_and(x, 2);
  o[7] = sub_group_clustered_reduce_or(x, 4);
  o[8] = sub_group_clustered_reduce_xor(x, 8);
  o[9] = sub_group_clustered_reduce_logical_and(x > -45, 16);
  o[10] = sub_group_clustered_reduce_logical_or(x > 45, 4);
  o[11] = sub_group_clustered_reduce_logical_xor(x & 1, 32);
}

kernel void cl_long(global const long *in, global long *out) {
  size_t g = get_global_id(0);
  long x = in[g];
  global long *o = out + g * 6;
  o[0] = sub_group_clustered_reduce_add(x, 2);
  o[1] = sub_group_clustered_reduce_min(x, 4);
  o[2] = sub_group_clustered_reduce_max(x, 8);
  o[3] = sub_group_clustered_reduce_xor(x, 16);
  o[4] = sub_group_clustered_reduce_min((ulong)x, 32) == (ulong)x;
  o[5] = sub_group_clustered_reduce_add(x, 1);
}

kernel void cl_float(global const float *in, global float *out) {
  size_t g = get_global_id(0);
  float x = in[g];
  global float *o = out + g * 6;
  o[0] = sub_group_clustered_reduce_add(x, 2);
  o[1] = sub_group_clustered_reduce_add(x, 8);
  o[2] = sub_group_clustered_reduce_add(x, 32);
  o[3] = sub_group_clustered_reduce_mul(x, 4);
  o[4] = sub_group_clustered_reduce_min(x, 16);
  o[5] = sub_group_clustered_reduce_max(x, 1);
}
