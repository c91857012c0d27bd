// sub_group_clustered_rotate with a cluster size that is not a power of two:
// a clear build error naming the rule.
// BUILD-ERROR: sub_group_clustered_rotate: the cluster size must be a compile-time constant power of two
// RUN: kernel=k global=64 local=64 opts=-cl-std=CL3.0 args=o:buf:int:64:zero
kernel void k(global int *o) { o[get_global_id(0)] = sub_group_clustered_rotate(1, 1, 3); }
