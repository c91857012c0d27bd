// half as a storage type: vload_half/vload_halfN/vloada_halfN of raw binary16
// bits (every pattern: NaNs, infinities, denormals) and vstore_half(N) with
// each rounding mode (rte, rtz, rtp, rtn), vstorea_halfN, of float edge values,
// overflowing values and values in the half denormal range. All exact, except
// that stored NaNs are canonicalised to 0x7e00: the spec leaves their payload
// open and PoCL itself differs between forms (0x7fff from vstore_half_rte,
// 0x7e00 from vstore_half4).
// RUN: kernel=half_storage global=256 local=64
// +    args=h:buf:ushort:1024:rand(0,65535) f:buf:float:1024:edge(-70000,70000)
// +    g:buf:float:1024:rand(-0.0001,0.0001) lo:buf:float:1024:zero
// +    ho:buf:ushort:12288:zero
__kernel void half_storage(__global const half *h, __global const float *f,
                           __global const float *g, __global float *lo, __global half *ho) {
  int i = get_global_id(0);
  float4 v;
  switch (i & 3) {
  case 0: v = vload_half4(i, h); break;
  case 1: v = vloada_half4(i, h); break;
  case 2: v = (float4)(vload_half(4 * i, h), vload_half3(0, h + 4 * i + 1)); break;
  default: v = (float4)(vload_half2(2 * i, h), vloada_half2(2 * i + 1, h)); break;
  }
  vstore4(v, i, lo);
  float4 x = vload4(i, f), y = vload4(i, g);
  y *= (i & 7) == 5 ? 1e-3f : 1.0f; /* deep in the denormals and below */
  if ((i & 7) == 6) { /* mid-range values with every rounding case */
    x.s0 = y.s0 * 524288.0f;
    x.s1 = y.s1 * 524288.0f;
    x.s2 = y.s2 * 524288.0f;
    x.s3 = y.s3 * 524288.0f;
  }
  __global half *o = ho + 48 * i;
  vstore_half4(x, 0, o);
  vstore_half4_rtz(x, 1, o);
  vstore_half4_rtp(x, 2, o);
  vstore_half4_rtn(x, 3, o);
  vstore_half4_rte(y, 4, o);
  vstore_half4_rtz(y, 5, o);
  vstore_half4_rtp(y, 6, o);
  vstore_half4_rtn(y, 7, o);
  vstore_half(x.s0, 32, o);
  vstore_half_rte(x.s1, 33, o);
  vstore_half_rtz(x.s2, 34, o);
  vstore_half_rtp(x.s3, 35, o);
  vstorea_half3(x.xyz, 9, o);
  vstore_half2_rtn(y.xy, 20, o);
  vstore_half3_rtp(y.xyz, 14, o);
  vstorea_half2_rtz(y.zw, 23, o);
  __global ushort *u = (__global ushort *)o;
  for (int k = 0; k < 48; k++)
    if ((u[k] & 0x7c00) == 0x7c00 && (u[k] & 0x3ff))
      u[k] = 0x7e00;
}
