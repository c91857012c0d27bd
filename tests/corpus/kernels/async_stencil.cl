// Tiled 1-D convolution that loads its tile (with halo) into __local memory by
// async_work_group_copy, waits, convolves, and writes the result back with an
// async copy from __local to __global; prefetch is a hint that must compile.
// RUN: kernel=async_conv global=1024 local=64
// +    args=x:buf:float:1090:rand(-10,10) w:buf:float:5:rand(-1,1) y:buf:float:1024:zero
#define R 2
#define TILE 64
__kernel void async_conv(__global const float *x, __global const float *w, __global float *y) {
  __local float tile[TILE + 2 * R];
  __local float out[TILE];
  size_t base = get_group_id(0) * TILE;
  prefetch(w, 5);
  event_t e = async_work_group_copy(tile, x + base, TILE + 2 * R, 0);
  wait_group_events(1, &e);
  size_t l = get_local_id(0);
  float acc = 0.0f;
  for (int k = 0; k < 2 * R + 1; k++) acc = fma(tile[l + k], w[k], acc);
  out[l] = acc;
  barrier(CLK_LOCAL_MEM_FENCE);
  e = async_work_group_copy(y + base, out, TILE, 0);
  wait_group_events(1, &e);
}
