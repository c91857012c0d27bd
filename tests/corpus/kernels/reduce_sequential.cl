// Parallel reduction with sequential addressing and two loads per work-item
// (first add during load); computes sum, min and max per group.
// RUN: kernel=reduce_seq global=2048 local=256
// +    args=in:buf:int:4096:rand(-50000,50000) sums:buf:int:8:zero mins:buf:int:8:zero
// +    maxs:buf:int:8:zero
__kernel void reduce_seq(__global const int *in, __global int *sums, __global int *mins,
                         __global int *maxs) {
  __local int s_sum[256];
  __local int s_min[256];
  __local int s_max[256];
  size_t lid = get_local_id(0);
  size_t i = get_group_id(0) * get_local_size(0) * 2 + lid;
  int a = in[i], b = in[i + get_local_size(0)];
  s_sum[lid] = a + b;
  s_min[lid] = min(a, b);
  s_max[lid] = max(a, b);
  barrier(CLK_LOCAL_MEM_FENCE);
  for (size_t s = get_local_size(0) / 2; s > 0; s >>= 1) {
    if (lid < s) {
      s_sum[lid] += s_sum[lid + s];
      s_min[lid] = min(s_min[lid], s_min[lid + s]);
      s_max[lid] = max(s_max[lid], s_max[lid + s]);
    }
    barrier(CLK_LOCAL_MEM_FENCE);
  }
  if (lid == 0) {
    sums[get_group_id(0)] = s_sum[0];
    mins[get_group_id(0)] = s_min[0];
    maxs[get_group_id(0)] = s_max[0];
  }
}
