// 2D images without a sampler: read_imagef/ui/i with int coordinates (out of
// range ones read the border colour) and write_imagef/ui/i, with format
// conversion (unorm8 -> float -> float image, float -> unorm8/snorm16/half
// with rounding and saturation, uint8 -> uint32, sint16 -> sint8 saturating).
// unorm -> float conversion may differ by 1.5 ulp (OpenCL 1.2, 8.3.1.1).
// RUN: kernel=rw_f global=20,12 tol=2
// +    args=src:img:2d:rgba_unorm8:17x10:rand(0,255) dst:img:2d:rgba_float:20x12:zero
// RUN: kernel=rw_norm global=16,8
// +    args=fsrc:img:2d:rgba_float:16x8:rand(-1.5,1.5) nu8:img:2d:rgba_unorm8:16x8:zero
// +    ns16:img:2d:r_snorm16:16x8:zero nh:img:2d:rgba_half:16x8:zero
// RUN: kernel=rw_u global=20,12
// +    args=usrc:img:2d:rgba_uint8:17x10:rand(0,255) udst:img:2d:rgba_uint32:20x12:zero
// RUN: kernel=rw_i global=20,12
// +    args=isrc:img:2d:r_sint16:17x10:rand(-32768,32767) idst:img:2d:rgba_sint8:20x12:zero
__kernel void rw_norm(read_only image2d_t src, write_only image2d_t u8, write_only image2d_t s16,
                      write_only image2d_t h) {
  int2 p = (int2)(get_global_id(0), get_global_id(1));
  float4 v = read_imagef(src, p);
  write_imagef(u8, p, v);  /* saturates to [0, 1], rounds to nearest even */
  write_imagef(s16, p, v); /* [-1, 1] */
  write_imagef(h, p, v * 1000.0f); /* half: rounds to nearest even */
}

__kernel void rw_f(read_only image2d_t src, write_only image2d_t dst) {
  int2 p = (int2)(get_global_id(0), get_global_id(1));
  float4 v = read_imagef(src, p);
  write_imagef(dst, p, v * 2.0f); /* exact: keeps the ulp distance */
}

__kernel void rw_u(read_only image2d_t src, write_only image2d_t dst) {
  int2 p = (int2)(get_global_id(0), get_global_id(1));
  uint4 v = read_imageui(src, p);
  write_imageui(dst, p, (uint4)(v.x * 1000u + v.y, v.z * v.w, 0u, 0u));
}

__kernel void rw_i(read_only image2d_t src, write_only image2d_t dst) {
  int2 p = (int2)(get_global_id(0), get_global_id(1));
  int4 v = read_imagei(src, p);
  write_imagei(dst, p, (int4)(v.x, v.x / 256, v.y - 3, v.z + 5)); /* CL_R: y = z = 0 */
}
