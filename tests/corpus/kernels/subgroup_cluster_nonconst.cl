// A clustered reduction whose cluster size is not a compile-time constant:
// a clear build error naming the rule.
// BUILD-ERROR: the cluster size must be a compile-time constant power of two
// RUN: kernel=k global=64 local=64 opts=-cl-std=CL3.0 args=o:buf:int:64:zero n:uint:4
kernel void k(global int *o, uint n) { o[get_global_id(0)] = sub_group_clustered_reduce_add(1, n); }
