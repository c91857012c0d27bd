// Work-item geometry queries in 2-D and 3-D, with and without offsets.
// RUN: kernel=geom global=12,10 local=4,5
// +    args=out:buf:uint:2048:zero
// RUN: kernel=geom global=8,6,4 local=2,3,2 offset=1,2,3 args=out:buf
__kernel void geom(__global uint *out) {
  uint d = get_work_dim();
  size_t lin = 0, stride = 1;
  for (uint k = 0; k < d; k++) {
    lin += (get_global_id(k) - get_global_offset(k)) * stride;
    stride *= get_global_size(k);
  }
  __global uint *o = out + (d == 3 ? 1024 : 0) + lin * 4;
  o[0] = d * 1000000 + get_num_groups(0) * 10000 + get_num_groups(1) * 100 + get_num_groups(2);
  o[1] = get_local_size(0) * 10000 + get_local_size(1) * 100 + get_local_size(2);
  o[2] = get_group_id(0) * 10000 + get_group_id(1) * 100 + get_group_id(2);
  o[3] = get_local_id(0) * 10000 + get_local_id(1) * 100 + get_local_id(2) +
         get_global_size(2) * 1000000 + (uint)get_global_id(d - 1) * 100000000;
}
