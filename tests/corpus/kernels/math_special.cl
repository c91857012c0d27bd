// Special functions on the TRANS unit (libm single precision on wavesim) with
// NaN, infinities and -0.0 mixed in. OpenCL 1.2 single-precision bounds
// (table 7.1): tan 5, asin/acos 4, atan 5, atan2 6, sinh/cosh 4, tanh 5,
// asinh/acosh 4, atanh 5, exp10/log10 3, log1p 2, expm1 3, cbrt 2, hypot 4
// ulp; smoothstep is implementation-defined. Both sides may err, so the
// comparison allows the largest bound plus one ulp.
// RUN: kernel=math_special global=1024 local=64 tol=7ulp
// +    args=a:buf:float:1024:nanmix(-4,4) b:buf:float:1024:nanmix(-30,30)
// +    out:buf:float:20480:zero
__kernel void math_special(__global const float *a, __global const float *b, __global float *out) {
  int i = get_global_id(0);
  float x = a[i], y = b[i];
  float u = x * 0.25f; /* mostly inside [-1, 1] */
  __global float *o = out + i * 20;
  o[0] = tan(x);
  o[1] = asin(u);
  o[2] = acos(u);
  o[3] = atan(y);
  o[4] = atan2(x, y);
  o[5] = sinh(x);
  o[6] = cosh(y * 0.25f);
  o[7] = tanh(x);
  o[8] = exp10(x);
  o[9] = log10(y);
  o[10] = log1p(x);
  o[11] = expm1(x);
  o[12] = cbrt(y);
  o[13] = hypot(x, y);
  o[14] = asinh(y);
  o[15] = acosh(y);
  o[16] = atanh(u);
  o[17] = smoothstep(-1.0f, 2.0f, x);
  float4 v = (float4)(x, y, u, -x);
  float4 r = atan2(v, v.wzyx), t = tanh(v);
  o[18] = r.y;
  o[19] = t.w;
}
