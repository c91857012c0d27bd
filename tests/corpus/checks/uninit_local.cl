// Reading __local memory no work-item wrote: only the first half of the
// group fills the tile, every work-item reads a mirrored element.
// RUN: kernel=mirror global=64 local=64 args=out:buf:int:64:zero
// CHECK: uninit
// EXPECT: wavesim: kernel 'mirror': work-item (0,0,0) read 4 bytes of __local memory at offset 252 that no work-item wrote, at input.cl:12
__kernel void mirror(__global int *out) {
  __local int t[64];
  int l = get_local_id(0);
  if (l < 32)
    t[l] = l;
  barrier(CLK_LOCAL_MEM_FENCE);
  out[l] = t[63 - l];
}
