// A clustered reduction with clusters larger than the device's sub-groups
// (64 on a wave32 preset): a clear build error saying the limit.
// CONFIG: default
// BUILD-ERROR: cluster size 64, larger than the sub-group size 32 of this device
// RUN: kernel=k global=64 local=64 opts=-cl-std=CL3.0 args=o:buf:int:64:zero
kernel void k(global int *o) { o[get_global_id(0)] = sub_group_clustered_reduce_add(1, 64); }
