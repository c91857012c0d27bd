// Bitonic sort: each work-group sorts its 256-element block in __local memory
// (ascending/descending by group parity), then global merge steps finish a
// 512-element bitonic merge.
// RUN: kernel=bitonic_local global=256 local=128
// +    args=data:buf:int:512:rand(-100000,100000)
// RUN: kernel=bitonic_step global=256 local=64 args=data:buf k:uint:512 j:uint:256
// RUN: kernel=bitonic_step global=256 local=64 args=data:buf k:uint:512 j:uint:128
// RUN: kernel=bitonic_merge_local global=256 local=128 args=data:buf
__kernel void bitonic_local(__global int *data) {
  __local int s[256];
  uint lid = get_local_id(0);
  uint base = get_group_id(0) * 256;
  s[lid] = data[base + lid];
  s[lid + 128] = data[base + lid + 128];
  int desc = get_group_id(0) & 1;
  for (uint k = 2; k <= 256; k <<= 1) {
    for (uint j = k >> 1; j > 0; j >>= 1) {
      barrier(CLK_LOCAL_MEM_FENCE);
      uint i = 2 * lid - (lid & (j - 1));
      uint l = i + j;
      int up = ((i & k) == 0) ^ desc;
      if (k == 256) up = !desc;
      int a = s[i], b = s[l];
      if ((a > b) == up) {
        s[i] = b;
        s[l] = a;
      }
    }
  }
  barrier(CLK_LOCAL_MEM_FENCE);
  data[base + lid] = s[lid];
  data[base + lid + 128] = s[lid + 128];
}
__kernel void bitonic_step(__global int *data, uint k, uint j) {
  uint t = get_global_id(0);
  uint i = 2 * t - (t & (j - 1));
  uint l = i + j;
  int up = (i & k) == 0;
  int a = data[i], b = data[l];
  if ((a > b) == up) {
    data[i] = b;
    data[l] = a;
  }
}
__kernel void bitonic_merge_local(__global int *data) {
  __local int s[256];
  uint lid = get_local_id(0);
  uint base = get_group_id(0) * 256;
  s[lid] = data[base + lid];
  s[lid + 128] = data[base + lid + 128];
  for (uint j = 64; j > 0; j >>= 1) {
    barrier(CLK_LOCAL_MEM_FENCE);
    uint i = 2 * lid - (lid & (j - 1));
    int a = s[i], b = s[i + j];
    if (a > b) {
      s[i] = b;
      s[i + j] = a;
    }
  }
  barrier(CLK_LOCAL_MEM_FENCE);
  data[base + lid] = s[lid];
  data[base + lid + 128] = s[lid + 128];
}
