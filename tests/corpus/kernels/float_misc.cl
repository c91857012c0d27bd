// Exact float builtins with NaN, infinities and -0.0 in the inputs: copysign,
// signbit, isnormal, isfinite, islessgreater, fdim, fract (both results), step,
// sign, fmin/fmax, degrees, radians. All correctly rounded or exact, so the
// comparison is exact (tol=0ulp: NaN payloads may differ between libraries).
// RUN: kernel=float_misc global=1024 local=64 tol=0ulp
// +    args=a:buf:float:1024:nanmix(-100,100) b:buf:float:1024:nanmix(-100,100)
// +    out:buf:float:14336:zero flags:buf:int:1024:zero
__kernel void float_misc(__global const float *a, __global const float *b, __global float *out,
                         __global int *flags) {
  int i = get_global_id(0);
  float x = a[i], y = b[i];
  if ((i & 15) == 6) x = 1e-40f * (float)(i - 500); /* denormals */
  if ((i & 15) == 8) y = (float)(i >> 4) * 0.5f - 16.0f; /* integers and halves */
  __global float *o = out + i * 14;
  o[0] = copysign(x, y);
  o[1] = fdim(x, y);
  float ip;
  o[2] = fract(y, &ip);
  o[3] = ip;
  o[4] = step(x, y);
  o[5] = sign(x);
  o[6] = fmin(x, y);
  o[7] = fmax(x, y);
  o[8] = degrees(x);
  o[9] = radians(y);
  float2 ip2;
  float2 fr = fract((float2)(x, -y), &ip2);
  o[10] = fr.x + fr.y;
  o[11] = ip2.x - ip2.y;
  o[12] = copysign(1.0f, x) * fdim(y, 1.0f);
  o[13] = sign(y) + step(0.5f, fract(x, &ip));
  int f = 0;
  f |= signbit(x) << 0;
  f |= signbit(y) << 1;
  f |= isnormal(x) << 2;
  f |= isnormal(y) << 3;
  f |= isfinite(x) << 4;
  f |= islessgreater(x, y) << 5;
  f |= isnan(x) << 6;
  f |= isinf(y) << 7;
  int4 v4 = signbit((float4)(x, y, -x, -y));
  f |= (v4.x & 1) << 8 | (v4.y & 1) << 9 | (v4.z & 1) << 10 | (v4.w & 1) << 11;
  flags[i] = f;
}
