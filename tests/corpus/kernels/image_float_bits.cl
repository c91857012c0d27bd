// read_imagei/ui and write_imagei/ui on float images (undefined in OpenCL):
// wavesim, like GPUs and PoCL, moves the registers' bits through the float
// format, so a CL_FLOAT texel reads as its raw 32-bit patterns and a
// write stores them. Programs keep doubles in float images this way (a
// sparse-matrix benchmark stores its values in an RG/FLOAT image; PoCL has
// no CL_RG, so here two doubles share an RGBA/FLOAT texel). On a half
// image the integer forms are the float forms on the same bits too.
// RUN: kernel=put global=8,4
// +    args=d:buf:double:64:edge(-1e300,1e300) img:img:2d:rgba_float:8x4:zero
// RUN: kernel=get global=8,4
// +    args=img:img out:buf:double:64:zero
// RUN: kernel=raw global=8,4
// +    args=src:img:2d:rgba_float:8x4:nanmix(-100,100) u:buf:uint:128:zero i:buf:int:128:zero
// +    f:buf:float:128:zero
// RUN: kernel=half_bits global=8,4
// +    args=hsrc:img:2d:rgba_half:8x4:rand(0,31743) hu:buf:uint:128:zero
// +    hdst:img:2d:rgba_half:8x4:zero
#pragma OPENCL EXTENSION cl_khr_fp64 : enable

__kernel void put(__global const double2 *d, write_only image2d_t img) {
  int2 p = (int2)(get_global_id(0), get_global_id(1));
  write_imageui(img, p, as_uint4(d[p.y * 8 + p.x]));
}

__kernel void get(read_only image2d_t img, __global double2 *out) {
  int2 p = (int2)(get_global_id(0), get_global_id(1));
  out[p.y * 8 + p.x] = as_double2(read_imageui(img, p));
}

__kernel void raw(read_only image2d_t src, __global uint4 *u, __global int4 *i,
                  __global float4 *f) {
  int2 p = (int2)(get_global_id(0), get_global_id(1));
  int k = p.y * 8 + p.x;
  u[k] = read_imageui(src, p);
  i[k] = read_imagei(src, p);
  f[k] = read_imagef(src, p);
}

/* half texels read as the bits of their float value; write_imagei stores
 * as_float(v) rounded to half (here small normal floats, exact in half) */
__kernel void half_bits(read_only image2d_t src, __global uint4 *u, write_only image2d_t dst) {
  int2 p = (int2)(get_global_id(0), get_global_id(1));
  uint4 v = read_imageui(src, p);
  u[p.y * 8 + p.x] = v;
  write_imagei(dst, p, as_int4(as_float4(v) * 2.0f));
}
