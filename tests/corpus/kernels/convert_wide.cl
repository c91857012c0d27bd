// float -> long/ulong (plain, _sat, _rte/_rtz/_rtp/_rtn) through the double
// conversions; double -> int/long/short/uchar with _sat and rounding modes;
// long/ulong -> float correctly rounded (each explicit mode); int/uint ->
// float and double -> float with _rtz/_rtp/_rtn. All exact: byte-exact vs PoCL.
// RUN: kernel=convert_wide global=512 local=64
// +    args=f:buf:float:512:nanmix(-2e19,2e19) d:buf:double:512:nanmix(-1e10,1e10)
// +    l:buf:long:512:rand(-9223372036854775808,9223372036854775807)
// +    a:buf:int:512:rand(-2147483648,2147483647)
// +    lo:buf:long:8192:zero fo:buf:float:8192:zero
#pragma OPENCL EXTENSION cl_khr_fp64 : enable
__kernel void convert_wide(__global const float *f, __global const double *d,
                           __global const long *l, __global const int *a,
                           __global long *lo, __global float *fo) {
  int i = get_global_id(0);
  float x = f[i];
  double y = d[i];
  long L = l[i];
  int A = a[i];
  if ((i & 3) == 1) x *= 1e-9f;  /* ordinary magnitudes */
  if ((i & 3) == 2) L >>= (i >> 2) & 63;
  if ((i & 7) == 3) y = (double)(i - 256) * 0.25; /* ties and fractions */
  if ((i & 7) == 5) x = (float)(i - 256) * 0.25f;
  __global long *o = lo + 16 * i;
  o[0] = convert_long_sat(x);
  o[1] = (long)convert_ulong_sat(x);
  o[2] = convert_long_sat_rte(x) ^ (convert_long_sat_rtp(x) << 1);
  o[3] = convert_long_sat_rtn(x) ^ (convert_long_sat_rtz(x) << 2);
  o[4] = (long)(convert_ulong_sat_rtp(x) ^ convert_ulong_sat_rtn(x));
  float w = isfinite(x) && fabs(x) < 9e18f ? x : 2.5f; /* plain ones undefined outside */
  o[5] = convert_long(w) ^ (convert_long_rte(w) << 3) ^ (convert_long_rtp(w) << 7);
  o[6] = convert_long_rtn(w);
  o[7] = convert_long_sat(y) ^ ((long)convert_ulong_sat(y) << 1);
  o[8] = convert_int_sat(y) | ((long)convert_int_sat_rte(y) << 32);
  o[9] = convert_int_sat_rtp(y) | ((long)convert_int_sat_rtn(y) << 32);
  o[10] = convert_short_sat(y) | ((long)convert_uchar_sat(y) << 20) | ((long)convert_uint_sat(y) << 32);
  o[11] = convert_long_sat_rte(y) ^ (convert_long_sat_rtp(y) << 5) ^ (convert_long_sat_rtn(y) << 9);
  o[12] = (long)convert_ulong_sat_rtz(y);
  __global float *p = fo + 16 * i;
  p[0] = convert_float_rte(L);
  p[1] = convert_float_rtz(L);
  p[2] = convert_float_rtp(L);
  p[3] = convert_float_rtn(L);
  p[4] = convert_float_rte((ulong)L);
  p[5] = convert_float_rtz((ulong)L);
  p[6] = convert_float_rtp((ulong)L);
  p[7] = convert_float_rtn((ulong)L);
  p[8] = convert_float_rtz(A);
  p[9] = convert_float_rtp(A);
  p[10] = convert_float_rtn((uint)A);
  p[11] = convert_float_rte(A);
  p[12] = convert_float_rtz(y);
  p[13] = convert_float_rtp(y);
  p[14] = convert_float_rtn(y);
  p[15] = convert_float(y);
}
