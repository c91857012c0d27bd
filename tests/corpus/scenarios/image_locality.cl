// The texture path's reason to exist (issue #26): a wave reading a 2D block.
// Work-groups of 8 x 32 work-items read a 256 x 256 float image, each item its
// own texel: a 32-lane wave covers 8 x 4 texels. From a row-major buffer those
// rows are 1 KB apart: 4 lines per wave per row band, none shared with the
// next band. From an image in h100's 16 x 8 tiles (512 bytes each, 4 lines of
// 128 bytes) the wave's 8 x 4 block lies in one tile: 2 lines.
// RUN: kernel=from_image global=256,256 local=8,32 args=img:img:2d:r_float:256x256:iota out:buf:float:65536:zero
// RUN: kernel=from_buffer global=256,256 local=8,32 args=src:buf:float:65536:iota out:buf
__kernel void from_image(read_only image2d_t img, __global float *out) {
  int x = get_global_id(0), y = get_global_id(1);
  out[y * 256 + x] = read_imagef(img, (int2)(x, y)).x;
}
__kernel void from_buffer(__global const float *src, __global float *out) {
  int x = get_global_id(0), y = get_global_id(1);
  out[y * 256 + x] = src[y * 256 + x];
}
