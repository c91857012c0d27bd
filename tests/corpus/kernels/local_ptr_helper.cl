// A non-kernel function taking __local pointers: a work-group tree reduction
// helper applied to two static __local arrays of the kernel and to a __local
// kernel argument (dynamic work-group memory), plus a helper that returns a
// __local pointer into one of them.
// RUN: kernel=group_stats global=1024 local=128
// +    args=in:buf:int:1024:rand(-5000,5000) sums:buf:int:8:zero maxs:buf:int:8:zero
// +    sq:buf:int:8:zero tmp:local:int:128
int group_reduce(__local int *s, int v, int use_max) {
  uint l = get_local_id(0);
  s[l] = v;
  barrier(CLK_LOCAL_MEM_FENCE);
  for (uint k = get_local_size(0) / 2; k > 0; k >>= 1) {
    if (l < k)
      s[l] = use_max ? max(s[l], s[l + k]) : s[l] + s[l + k];
    barrier(CLK_LOCAL_MEM_FENCE);
  }
  int r = s[0];
  barrier(CLK_LOCAL_MEM_FENCE); /* s is reused by the caller's next reduction */
  return r;
}

__local int *mirror(__local int *s) { return s + (get_local_size(0) - 1 - get_local_id(0)); }

__kernel void group_stats(__global const int *in, __global int *sums, __global int *maxs,
                          __global int *sq, __local int *tmp) {
  __local int a[128];
  __local int b[128];
  int v = in[get_global_id(0)];
  int s = group_reduce(a, v, 0);
  int m = group_reduce(b, *mirror(a) + v, 1); /* a holds the first reduction's partial sums */
  int q = group_reduce(tmp, (v % 100) * (v % 100), 0);
  if (get_local_id(0) == 0) {
    sums[get_group_id(0)] = s;
    maxs[get_group_id(0)] = m;
    sq[get_group_id(0)] = q;
  }
}
