// 256-bin histogram: per-group bins in __local with atomic_inc, then merged
// into the global histogram with atomic_add.
// RUN: kernel=histogram256 global=1024 local=128
// +    args=data:buf:uchar:65536:rand(0,255) hist:buf:uint:256:zero n:uint:65536
__kernel void histogram256(__global const uchar *data, __global uint *hist, uint n) {
  __local uint bins[256];
  for (uint b = get_local_id(0); b < 256; b += get_local_size(0)) bins[b] = 0;
  barrier(CLK_LOCAL_MEM_FENCE);
  for (uint i = get_global_id(0); i < n; i += get_global_size(0)) atomic_inc(&bins[data[i]]);
  barrier(CLK_LOCAL_MEM_FENCE);
  for (uint b = get_local_id(0); b < 256; b += get_local_size(0))
    if (bins[b]) atomic_add(&hist[b], bins[b]);
}
