// A clustered reduction with a cluster size that is not a power of two: a
// clear build error naming the rule.
// BUILD-ERROR: the cluster size must be a compile-time constant power of two
// RUN: kernel=k global=64 local=64 opts=-cl-std=CL3.0 args=o:buf:int:64:zero
kernel void k(global int *o) { o[get_global_id(0)] = sub_group_clustered_reduce_add(1, 6); }
