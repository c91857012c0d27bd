// More float builtins with NaN, infinities and -0.0 mixed in: round, logb,
// remainder, nextafter, ldexp, maxmag, minmag (exact), sincos (4 ulp), erf,
// erfc, tgamma (16 ulp, OpenCL 1.2 table 7.1). Both sides may err, so the
// comparison allows the largest bound plus one ulp.
// RUN: kernel=math_more global=1024 local=64 tol=17ulp
// +    args=a:buf:float:1024:nanmix(-6,6) b:buf:float:1024:nanmix(-40,40)
// +    e:buf:int:1024:rand(-140,140) out:buf:float:15360:zero
__kernel void math_more(__global const float *a, __global const float *b, __global const int *e,
                        __global float *out) {
  int i = get_global_id(0);
  float x = a[i], y = b[i];
  if ((i & 15) == 6) x = (float)((i >> 4) - 32) * 0.5f; /* halves: rounding ties */
  if ((i & 15) == 9) y = x;
  __global float *o = out + i * 15;
  o[0] = round(x);
  o[1] = logb(y);
  o[2] = remainder(y, x);
  o[3] = nextafter(x, y);
  o[4] = ldexp(x, e[i]);
  o[5] = maxmag(x, y);
  o[6] = minmag(x, y);
  float c;
  o[7] = sincos(y, &c);
  o[8] = c;
  o[9] = erf(x);
  o[10] = erfc(x);
  o[11] = tgamma(x);
  float2 c2;
  float2 s2 = sincos((float2)(x, y * 0.5f), &c2);
  o[12] = s2.y;
  o[14] = c2.x;
  o[13] = ldexp((float2)(x, y), e[i] >> 2).y;
}
