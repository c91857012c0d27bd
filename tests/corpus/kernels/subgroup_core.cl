// cl_khr_subgroups: the sub-group builtins, sub_group_broadcast (int, uint,
// long, ulong, float), sub_group_all / sub_group_any, and sub_group_barrier
// ordering a __local exchange inside a sub-group. 2-D work-groups of 10x7
// (70 work-items: wave32 gives 32, 32, 6; wave64 64, 6), so the local linear
// id, not x alone, decides the sub-group.
// REF: emulated ref/subgroup_core.cl
// RUN: kernel=sg_builtins global=20,14 local=10,7 opts=-cl-std=CL3.0 args=ob:buf:uint:1680:zero
// RUN: kernel=sg_vote global=20,14 local=10,7 opts=-cl-std=CL3.0 args=iv:buf:int:280:rand(0,40) ov:buf:int:1120:zero
// RUN: kernel=sg_bcast global=20,14 local=10,7 opts=-cl-std=CL3.0 args=bi:buf:int:280:rand(-1000,1000) bl:buf:long:280:rand(-100000000000,100000000000) bf:buf:float:280:rand(-10,10) bo:buf:int:840:zero blo:buf:long:560:zero bfo:buf:float:280:zero
// RUN: kernel=sg_barrier global=20,14 local=10,7 opts=-cl-std=CL3.0 args=ei:buf:int:280:iota eo:buf:int:280:zero scratch:local:int:70
kernel void sg_builtins(global uint *out) {
  size_t g = get_global_id(1) * get_global_size(0) + get_global_id(0);
  global uint *o = out + g * 6;
  o[0] = get_sub_group_size();
  o[1] = get_max_sub_group_size();
  o[2] = get_num_sub_groups();
  o[3] = get_enqueued_num_sub_groups();
  o[4] = get_sub_group_id();
  o[5] = get_sub_group_local_id();
}

kernel void sg_vote(global const int *in, global int *out) {
  size_t g = get_global_id(1) * get_global_size(0) + get_global_id(0);
  int x = in[g];
  out[g * 4 + 0] = sub_group_all(x < 39);
  out[g * 4 + 1] = sub_group_any(x == 0);
  out[g * 4 + 2] = sub_group_all(x >= 0);
  out[g * 4 + 3] = sub_group_any(x > 40);
}

kernel void sg_bcast(global const int *bi, global const long *bl, global const float *bf,
                     global int *bo, global long *blo, global float *bfo) {
  size_t g = get_global_id(1) * get_global_size(0) + get_global_id(0);
  uint last = get_sub_group_size() - 1;
  bo[g * 3 + 0] = sub_group_broadcast(bi[g], 0);
  bo[g * 3 + 1] = sub_group_broadcast(bi[g], last);
  bo[g * 3 + 2] = (int)sub_group_broadcast((uint)bi[g], 5u % get_sub_group_size());
  blo[g * 2 + 0] = sub_group_broadcast(bl[g], 1u % get_sub_group_size());
  blo[g * 2 + 1] = (long)sub_group_broadcast((ulong)bl[g], last);
  bfo[g] = sub_group_broadcast(bf[g], last / 2);
}

// each work-item writes its slot, then after sub_group_barrier reads its
// neighbour's within the same sub-group (no work-group barrier needed)
kernel void sg_barrier(global const int *in, global int *out, local int *scratch) {
  size_t g = get_global_id(1) * get_global_size(0) + get_global_id(0);
  uint l = get_local_id(1) * get_local_size(0) + get_local_id(0);
  scratch[l] = in[g] * 3;
  sub_group_barrier(CLK_LOCAL_MEM_FENCE);
  uint sl = get_sub_group_local_id(), n = get_sub_group_size();
  out[g] = scratch[l - sl + (sl + 1) % n];
}
