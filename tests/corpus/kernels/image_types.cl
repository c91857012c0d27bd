// Every image type: 1D, 1D buffer, 1D array, 2D array and 3D reads with and
// without a sampler (program-scope sampler constants, int coordinates with a
// sampler, linear filtering across layers' and slices' edges, the array
// layer rounding rule) and writes to each type (3D through
// cl_khr_3d_image_writes); integer formats read with read_imagei/ui. (No CL_R
// image with a border: PoCL gives its border colour alpha 0, the spec 1.)
// RUN: kernel=types global=24 tol=4 atol=2e-6
// +    args=i1:img:1d:rgba_unorm16:20:rand(0,65535) ib:img:1dbuf:rgba_uint16:24:rand(0,65535)
// +    ia:img:1darr:rgba_float:9x3:rand(-2,2) i2a:img:2darr:rgba_float:7x5x4:rand(-2,2)
// +    i3:img:3d:rgba_sint8:6x5x4:rand(-128,127) i3f:img:3d:rgba_unorm8:6x5x4:rand(0,255)
// +    fc:buf:float:96:rand(-2,11) out:buf:float:1152:zero iout:buf:int:480:zero
// RUN: kernel=writes global=6,5,4
// +    args=w1:img:1d:rgba_float:6:zero wb:img:1dbuf:rgba_sint32:6:zero
// +    wa:img:1darr:rgba_unorm8:6x5:zero w2a:img:2darr:rgba_uint16:6x5x4:zero
// +    w3:img:3d:rgba_float:6x5x4:zero
#pragma OPENCL EXTENSION cl_khr_3d_image_writes : enable
const sampler_t s_edge = CLK_NORMALIZED_COORDS_FALSE | CLK_ADDRESS_CLAMP_TO_EDGE | CLK_FILTER_NEAREST;
const sampler_t s_clamp = CLK_NORMALIZED_COORDS_FALSE | CLK_ADDRESS_CLAMP | CLK_FILTER_NEAREST;
const sampler_t s_lin = CLK_NORMALIZED_COORDS_FALSE | CLK_ADDRESS_CLAMP | CLK_FILTER_LINEAR;
const sampler_t s_nrep = CLK_NORMALIZED_COORDS_TRUE | CLK_ADDRESS_REPEAT | CLK_FILTER_LINEAR;

/* a helper taking images: inlined into the kernel */
static float4 at2(read_only image1d_array_t a, int x, int layer, sampler_t s) {
  return read_imagef(a, s, (int2)(x, layer));
}

__kernel void types(read_only image1d_t i1, read_only image1d_buffer_t ib,
                    read_only image1d_array_t ia, read_only image2d_array_t i2a,
                    read_only image3d_t i3, read_only image3d_t i3f, __global const float4 *fc,
                    __global float4 *out, __global int4 *iout) {
  int i = get_global_id(0);
  float4 c = fc[i];
  __global float4 *o = out + i * 12;
  __global int4 *io = iout + i * 5;
  o[0] = read_imagef(i1, i - 2);                      /* no sampler: border outside */
  o[1] = read_imagef(i1, s_lin, c.x);
  o[2] = read_imagef(i1, s_nrep, c.y * 0.3f);
  o[3] = read_imagef(ia, s_lin, (float2)(c.x, c.y * 0.4f)); /* layer = rint, clamped */
  o[4] = read_imagef(ia, (int2)(i % 11 - 1, i % 3));
  o[5] = at2(ia, i - 3, i % 4 - 1, s_edge);
  o[6] = read_imagef(i2a, s_lin, (float4)(c.x, c.y * 0.5f, c.z * 0.4f, 0.0f));
  o[7] = read_imagef(i2a, (int4)(i % 8, i % 6, i % 4, 0));
  o[8] = read_imagef(i2a, s_clamp, (int4)(i % 9 - 1, i % 7 - 1, i % 5, 0)); /* layer 4 -> 3 */
  o[9] = read_imagef(i3f, s_lin, (float4)(c.x * 0.6f, c.y * 0.5f, c.z * 0.4f, 0.0f));
  o[10] = read_imagef(i3f, s_nrep, (float4)(c.x * 0.1f, c.y * 0.1f, c.w * 0.1f, 0.0f));
  o[11] = read_imagef(i3f, (int4)(i % 6, i % 5, i % 4, 0));
  io[0] = as_int4(read_imageui(ib, i));
  io[1] = read_imagei(i3, (int4)(i % 7 - 1, i % 5, i % 4, 0));
  io[2] = read_imagei(i3, s_clamp, (float4)(c.x * 0.6f, c.y * 0.5f, c.z * 0.4f, 0.0f));
  io[3] = read_imagei(i3, s_edge, (int4)(i % 8 - 1, i % 6, i % 5 - 1, 0));
  io[4] = as_int4(read_imageui(ib, i + 1)); /* the last one outside: border (0,0,0,0) */
}

__kernel void writes(write_only image1d_t w1, write_only image1d_buffer_t wb,
                     write_only image1d_array_t wa, write_only image2d_array_t w2a,
                     write_only image3d_t w3) {
  int x = get_global_id(0), y = get_global_id(1), z = get_global_id(2);
  float f = x * 0.25f + y * 1.5f - z * 3.0f;
  if (y == 0 && z == 0) {
    write_imagef(w1, x, (float4)(f, -f, f * 0.5f, 7.0f));
    write_imagei(wb, x, (int4)(x, -x, x * 1000000, -7));
  }
  if (z == 0) write_imagef(wa, (int2)(x, y), (float4)(f * 0.1f, -1.0f, 2.0f, 0.5f));
  write_imageui(w2a, (int4)(x, y, z, 0), (uint4)(x * 10000u, y, z, 70000u)); /* saturates */
  write_imagef(w3, (int4)(x, y, z, 0), (float4)(f, x, y, z));
}
