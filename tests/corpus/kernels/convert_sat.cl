// Saturating and explicitly rounded conversions: convert_*_sat between 8, 16,
// 32 and 64-bit integers of either signedness, float to int with saturation
// (NaN -> 0, +-inf clamp) and the _rte/_rtz/_rtp/_rtn modes. All exact.
// RUN: kernel=convert_sat global=1024 local=64
// +    args=a:buf:int:1024:rand(-2147483648,2147483647) l:buf:long:1024:rand(-9223372036854775808,9223372036854775807)
// +    f:buf:float:1024:nanmix(-70000,70000) g:buf:float:1024:rand(-5e9,5e9)
// +    out:buf:int:16384:zero
__kernel void convert_sat(__global const int *a, __global const long *l, __global const float *f,
                          __global const float *g, __global int *out) {
  int i = get_global_id(0);
  int x = a[i];
  if ((i & 3) == 1) x >>= 20; /* small values, inside the narrow ranges */
  uint u = (uint)x;
  long L = l[i];
  if ((i & 3) == 2) L >>= 40;
  float y = f[i], z = g[i];
  if ((i & 7) == 3) y = (float)(i - 512) * 0.25f; /* ties and fractions */
  __global int *o = out + i * 16;
  o[0] = convert_char_sat(x) | convert_uchar_sat(x) << 8 | convert_char_sat(u) << 16;
  o[1] = convert_short_sat(x) ^ (convert_ushort_sat(x) << 12) ^ convert_ushort_sat(u);
  o[2] = (int)convert_uint_sat(x) ^ convert_int_sat(u);
  o[3] = convert_int_sat(L) ^ (int)convert_uint_sat(L);
  o[4] = (int)convert_ulong_sat(x) ^ (int)(convert_long_sat(convert_ulong_sat(L)) >> 32);
  o[5] = convert_uchar_sat((short)x) | convert_char_sat((ushort)u) << 8 | convert_char_sat((short)x) << 16;
  o[6] = convert_int_sat(y);
  o[7] = (int)convert_uint_sat(y);
  o[8] = convert_char_sat(y) | convert_uchar_sat(y) << 8;
  o[9] = convert_short_sat(y) ^ (convert_ushort_sat(y) << 16);
  float w = isfinite(y) ? y : 2.5f; /* unsaturated conversions are undefined for NaN, inf */
  o[10] = convert_int_rte(w) ^ (convert_int_rtp(w) << 8);
  o[11] = convert_int_rtn(w) ^ (convert_int_rtz(w) << 8);
  o[12] = convert_int_sat_rte(z) ^ (int)convert_uint_sat_rtn(z);
  o[13] = convert_int_sat(z) ^ convert_short_sat_rtp(z);
  o[14] = convert_uchar_sat_rte(y) | convert_char_sat_rtn(y) << 8 | convert_uchar_sat_rtp(y * 0.01f) << 16;
  o[15] = (int)convert_uint_sat_rtp(y) ^ convert_short_sat_rte(y * 0.5f);
}
