__kernel void local_barrier(__global float *out, __global const float *in) {
  __local float tile[64];
  size_t l = get_local_id(0);
  tile[l] = in[get_global_id(0)];
  barrier(CLK_LOCAL_MEM_FENCE);
  out[get_global_id(0)] = tile[63 - l] + (float)get_group_id(0) + (float)get_local_size(0);
}
