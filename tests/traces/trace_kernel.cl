__kernel void reverse(__global int *a) {
  __local int tmp[64];
  size_t l = get_local_id(0);
  tmp[l] = a[get_global_id(0)];
  barrier(CLK_LOCAL_MEM_FENCE);
  a[get_global_id(0)] = tmp[63 - l];
}
