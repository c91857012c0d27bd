// Inclusive Hillis-Steele scan of each work-group's block, double-buffered in
// __local memory.
// RUN: kernel=scan_hillis global=1024 local=256
// +    args=in:buf:int:1024:rand(-100,100) out:buf:int:1024:zero
// +    tmp:local:int:512
__kernel void scan_hillis(__global const int *in, __global int *out, __local int *tmp) {
  int lid = get_local_id(0), n = get_local_size(0);
  int pout = 0, pin = 1;
  tmp[pout * n + lid] = in[get_global_id(0)];
  barrier(CLK_LOCAL_MEM_FENCE);
  for (int off = 1; off < n; off <<= 1) {
    pout = 1 - pout;
    pin = 1 - pout;
    int v = tmp[pin * n + lid];
    if (lid >= off) v += tmp[pin * n + lid - off];
    tmp[pout * n + lid] = v;
    barrier(CLK_LOCAL_MEM_FENCE);
  }
  out[get_global_id(0)] = tmp[pout * n + lid];
}
