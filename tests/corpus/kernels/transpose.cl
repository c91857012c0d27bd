// Matrix transpose through a __local tile padded by one column to avoid bank
// conflicts; the matrix is not a multiple of the tile in one dimension.
// RUN: kernel=transpose global=112,64 local=16,16
// +    args=out:buf:float:6720:zero in:buf:float:6720:rand(-100,100) w:int:105 h:int:64
#define TILE 16
__kernel void transpose(__global float *out, __global const float *in, int w, int h) {
  __local float tile[TILE][TILE + 1];
  int x = get_global_id(0), y = get_global_id(1);
  int lx = get_local_id(0), ly = get_local_id(1);
  if (x < w && y < h) tile[ly][lx] = in[y * w + x];
  barrier(CLK_LOCAL_MEM_FENCE);
  int ox = get_group_id(1) * TILE + lx;
  int oy = get_group_id(0) * TILE + ly;
  if (ox < h && oy < w) out[oy * h + ox] = tile[lx][ly];
}
