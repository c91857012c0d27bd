// vstore_half / vstore_halfN of doubles with each rounding mode: rounded once
// from the double (no double rounding through float), edge values, overflow,
// half denormals and mid-range values with every rounding case. Exact; stored
// NaNs canonicalised to 0x7e00 (the payload is unspecified, see half_storage).
// RUN: kernel=half_double global=256 local=64
// +    args=f:buf:double:512:edge(-70000,70000) g:buf:double:512:rand(-0.0001,0.0001)
// +    ho:buf:ushort:6144:zero
#pragma OPENCL EXTENSION cl_khr_fp64 : enable
__kernel void half_double(__global const double *f, __global const double *g,
                          __global half *ho) {
  int i = get_global_id(0);
  double x0 = f[2 * i], x1 = f[2 * i + 1], y0 = g[2 * i], y1 = g[2 * i + 1];
  double sc = (i & 7) == 5 ? 1e-3 : 1.0;
  y0 *= sc;
  y1 *= sc;
  if ((i & 7) == 6) {
    x0 = y0 * 524288.0;
    x1 = y1 * 524288.0;
  } else if ((i & 7) == 7) { /* just past a half tie, lost when rounded through float */
    x0 = 1.0 + 0x1p-11 + 0x1p-40;
    x1 = -(1.0 + 0x1p-11 + 0x1p-40);
  }
  double2 x = (double2)(x0, x1), y = (double2)(y0, y1);
  __global half *o = ho + 24 * i;
  vstore_half2(x, 0, o);
  vstore_half2_rtz(x, 1, o);
  vstore_half2_rtp(x, 2, o);
  vstore_half2_rtn(x, 3, o);
  vstore_half2_rte(y, 4, o);
  vstore_half2_rtz(y, 5, o);
  vstore_half2_rtp(y, 6, o);
  vstore_half2_rtn(y, 7, o);
  vstore_half(x.s0, 16, o);
  vstore_half_rtz(x.s1, 17, o);
  vstore_half_rtp(y.s0, 18, o);
  vstore_half_rtn(y.s1, 19, o);
  vstorea_half2_rte(x, 10, o);
  __global ushort *u = (__global ushort *)o;
  for (int k = 0; k < 24; k++)
    if ((u[k] & 0x7c00) == 0x7c00 && (u[k] & 0x3ff))
      u[k] = 0x7e00;
}
