// Work-efficient (Blelloch) exclusive scan: up-sweep and down-sweep over a
// block of 2*local elements in __local memory; also writes each block's total.
// RUN: kernel=scan_blelloch global=512 local=128
// +    args=in:buf:uint:1024:rand(0,1000) out:buf:uint:1024:zero sums:buf:uint:4:zero
// +    tmp:local:uint:256
__kernel void scan_blelloch(__global const uint *in, __global uint *out, __global uint *sums,
                            __local uint *tmp) {
  uint lid = get_local_id(0);
  uint n = 2 * get_local_size(0);
  uint base = get_group_id(0) * n;
  tmp[2 * lid] = in[base + 2 * lid];
  tmp[2 * lid + 1] = in[base + 2 * lid + 1];
  uint off = 1;
  for (uint d = n >> 1; d > 0; d >>= 1) {
    barrier(CLK_LOCAL_MEM_FENCE);
    if (lid < d) {
      uint ai = off * (2 * lid + 1) - 1, bi = off * (2 * lid + 2) - 1;
      tmp[bi] += tmp[ai];
    }
    off *= 2;
  }
  if (lid == 0) {
    sums[get_group_id(0)] = tmp[n - 1];
    tmp[n - 1] = 0;
  }
  for (uint d = 1; d < n; d *= 2) {
    off >>= 1;
    barrier(CLK_LOCAL_MEM_FENCE);
    if (lid < d) {
      uint ai = off * (2 * lid + 1) - 1, bi = off * (2 * lid + 2) - 1;
      uint t = tmp[ai];
      tmp[ai] = tmp[bi];
      tmp[bi] += t;
    }
  }
  barrier(CLK_LOCAL_MEM_FENCE);
  out[base + 2 * lid] = tmp[2 * lid];
  out[base + 2 * lid + 1] = tmp[2 * lid + 1];
}
