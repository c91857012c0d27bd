// Work-group sum of doubles through __local memory (tree order, so the
// rounding is the same on every device), then a max per group.
// RUN: kernel=dreduce global=4096 local=128
// +    args=x:buf:double:4096:rand(-1e6,1e6) s:buf:double:32:zero m:buf:double:32:zero
// +         t:local:double:128
#pragma OPENCL EXTENSION cl_khr_fp64 : enable
__kernel void dreduce(__global const double *x, __global double *s, __global double *m,
                      __local double *t) {
  size_t l = get_local_id(0), n = get_local_size(0);
  double v = x[get_global_id(0)];
  t[l] = v;
  barrier(CLK_LOCAL_MEM_FENCE);
  for (size_t k = n / 2; k > 0; k /= 2) {
    if (l < k) t[l] += t[l + k];
    barrier(CLK_LOCAL_MEM_FENCE);
  }
  if (l == 0) s[get_group_id(0)] = t[0];
  barrier(CLK_LOCAL_MEM_FENCE);
  t[l] = v;
  barrier(CLK_LOCAL_MEM_FENCE);
  for (size_t k = n / 2; k > 0; k /= 2) {
    if (l < k) t[l] = fmax(t[l], t[l + k]);
    barrier(CLK_LOCAL_MEM_FENCE);
  }
  if (l == 0) m[get_group_id(0)] = t[0];
}
