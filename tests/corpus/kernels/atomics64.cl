// 64-bit atomics (cl_khr_int64_base_atomics / _extended_atomics): a histogram
// with ulong counters that overflow 32 bits, signed/unsigned min/max, and/or/
// xor, xchg/inc/dec, both in __global and through __local bins.
// RUN: kernel=atomics64 global=1024 local=128
// +    args=data:buf:uint:4096:rand(0,1000000) hist:buf:ulong:64:zero
// +    st:buf:long:16:zero n:uint:4096
#pragma OPENCL EXTENSION cl_khr_int64_base_atomics : enable
#pragma OPENCL EXTENSION cl_khr_int64_extended_atomics : enable
__kernel void atomics64(__global const uint *data, __global ulong *hist, __global long *st,
                        uint n) {
  __local ulong bins[64];
  __local long lmin, lmax;
  uint lid = get_local_id(0);
  for (uint b = lid; b < 64; b += get_local_size(0)) bins[b] = 0;
  if (lid == 0) {
    lmin = LONG_MAX;
    lmax = LONG_MIN;
  }
  barrier(CLK_LOCAL_MEM_FENCE);
  for (uint i = get_global_id(0); i < n; i += get_global_size(0)) {
    uint v = data[i];
    /* counters that cross 2^32 */
    atom_add(&bins[v & 63], (ulong)v << 12);
    long s = (long)v * ((v & 1) ? -4099L : 4099L);
    atom_min(&lmin, s);
    atom_max(&lmax, s);
    atom_add(&st[0], s);
    atom_sub(&st[1], (long)v << 20);
    atom_min((__global ulong *)&st[2], (ulong)v << 33);
    atom_max((__global ulong *)&st[3], (ulong)v << 30);
    atom_or(&st[4], 1L << (v % 64));
    atom_xor(&st[5], (long)v * 0x9E3779B97F4A7C15L);
    atom_inc(&st[6]);
    atom_dec(&st[7]);
  }
  barrier(CLK_LOCAL_MEM_FENCE);
  for (uint b = lid; b < 64; b += get_local_size(0)) atom_add(&hist[b], bins[b]);
  if (lid == 0) {
    atom_min(&st[8], lmin);
    atom_max(&st[9], lmax);
  }
  if (get_global_id(0) == 0) {
    atom_and(&st[10], 0);
    atom_xchg(&st[11], 0x123456789abcLL);
  }
}
