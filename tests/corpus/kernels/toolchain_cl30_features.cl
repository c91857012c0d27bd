// -cl-std=CL3.0 on a device with doubles and images: every such build failed before with
// clang's "options cl_khr_fp64 and __opencl_c_fp64 are set to different values" (OpenCL C
// 3.0 names the 1.2 extensions again as features, and both names must agree), then with
// clang 14's header declaring read_write image builtins it itself rejects without
// __opencl_c_read_write_images (frontend/clc.c clc_push_ext says why it is set for 3.0).
// The -cl-std value was also read from freed memory after the options were parsed.
// RUN: kernel=kd global=16 local=8 opts=-cl-std=CL3.0 args=d:buf:double:16:edge(-100,100)
// RUN: kernel=kl global=16 local=8 opts=-cl-std=CL3.0 args=l:buf:long:16:edge(-100000,100000)
// RUN: kernel=ki global=4,4 local=4,4 opts=-cl-std=CL3.0 args=im:img:2d:rgba_float:4x4:rand(-8,8)
// +     f:buf:float:64:zero
// RUN: kernel=krw global=4,4 local=4,4 opts=-cl-std=CL3.0 args=rw:img:2d:r_float:4x4:rand(-8,8)
__kernel void kd(__global double *d) {
  size_t i = get_global_id(0);
  d[i] = fma(d[i], 3.0, 0.5);
}
__kernel void kl(__global long *l) {
  size_t i = get_global_id(0);
  l[i] = l[i] * 3 - (long)i;
}
__kernel void ki(__read_only image2d_t im, __global float4 *f) {
  int x = get_global_id(0), y = get_global_id(1);
  f[y * 4 + x] = read_imagef(im, (int2)(x, y)) * 2.0f;
}
/* read_write images are an OpenCL C 3.0 optional feature; wavesim runs them as PoCL does */
__kernel void krw(__read_write image2d_t rw) {
  int x = get_global_id(0), y = get_global_id(1);
  write_imagef(rw, (int2)(x, y), read_imagef(rw, (int2)(x, y)) + 1.0f);
}
