// 64-bit constants (double and long) on every path that materialises one: literals and
// constants from the builtin lowering and our folding passes, uniform and divergent,
// as select/phi operands, builtin operands, __constant/private data, stored and compared.
// RUN: kernel=k global=64 local=32 args=x:buf:double:64:edge(-4,4) l:buf:long:64:edge(-100,100) u:long:-3 o:buf:double:2048:zero q:buf:long:2048:zero
#pragma OPENCL EXTENSION cl_khr_fp64 : enable
__constant double ktab[4] = {0x1.0000000000001p0, -1.0e300, 3.0, 0x1p-1074};
__constant long ltab[3] = {0x100000001L, LONG_MIN, -2L};
__kernel void k(__global const double *x, __global const long *l, long u, __global double *o, __global long *q) {
  size_t i = get_global_id(0);
  double a = x[i];
  long b = l[i];
  double ua = (double)u;          /* uniform */
  long ub = u * 3;
  __global double *p = o + i * 32;
  __global long *r = q + i * 32;
  /* constants folded by our passes (builtins lowered to IR ops on constants) */
  p[0] = degrees(2.0);
  p[1] = sign(-3.0);
  p[2] = step(1.0, 2.0);
  p[3] = clamp(5.0, 1.0, 2.0);
  p[4] = radians((double)u);
  p[5] = sign(ua);
  p[6] = step(ua, 0.0);
  p[7] = smoothstep(ua, 2.0, 0.5);
  /* select / phi of 64-bit constants, uniform and divergent */
  p[8] = a > 0.0 ? 1.0e300 : -2.5e-300;
  p[9] = ua > 0.0 ? 3.0e200 : -7.0e-200;
  double t;
  if (a > 1.0) t = 1.0e100; else if (a < -1.0) t = -3.25; else t = a;
  p[10] = t;
  double s = 0x1.23456789abcdfp+500;
  for (int k = 0; k < (int)(i & 3); k++) s = s * 0.5 + 1.0;
  p[11] = s;
  p[12] = fmin(a, 1.0e-310);
  p[13] = fmax(a, -0x1.fffffffffffffp+1023);
  p[14] = fma(a, 0x1.0000000000001p0, 0x1p-1074);
  p[15] = copysign(0x1.8p1, a);
  p[16] = a == 0x1.0000000000001p0;
  p[17] = (a < 0x1.0000000000001p0) ? 1.0 : 0.0;
  p[18] = fdim(a, 0x1.0000000000001p0);
  p[19] = max(a, 0x1.0000000000001p0);
  p[20] = mix(a, 0x1.0000000000001p0, 0.125);
  double2 v2 = (double2)(a, 1.5);
  double2 w2 = sign(v2) + step((double2)(0.5, 2.0), v2) + degrees(v2);
  p[21] = w2.x; p[22] = w2.y;
  double4 v4 = clamp((double4)(a, ua, -a, 7.0), -0x1.0000000000001p0, 0x1.0000000000001p0);
  p[23] = v4.x; p[24] = v4.y; p[25] = v4.z; p[26] = v4.w;
  p[27] = (i & 1) ? 0x1.0000000000001p0 : -0x1.0000000000003p-3;
  p[28] = 0x1.0000000000001p0;
  p[29] = ktab[i & 3];
  double pr[3] = {0x1.0000000000003p0, a, -0.1};
  p[30] = pr[(i + (size_t)u) % 3];
  p[31] = ua * 0.1 + ktab[(size_t)(-u) & 3];
  /* longs */
  r[0] = b > 0 ? 0x123456789abcdefL : -0x7edcba9876543210L;
  r[1] = ub > 0 ? 0x123456789abcdefL : -0x7edcba9876543210L;
  long tt;
  if (b > 10) tt = 0x100000001L; else if (b < -10) tt = LONG_MIN; else tt = b;
  r[2] = tt;
  r[3] = max(b, 0x100000000L);
  r[4] = min(b, -0x100000001L);
  r[5] = clamp(b, -0x100000000L, 0x1ffffffffL);
  r[6] = abs(0L - 0x7fffffffffffffffL);
  r[7] = b * 0x100000003L;
  r[8] = b / 0x100000003L;
  r[9] = b % 1000000007L;
  r[10] = (ulong)b / 0x100000003UL;
  r[11] = b == 0x100000000L;
  r[12] = b ^ 0x5555555555555555L;
  r[13] = rotate(b, 33L);
  r[14] = mul_hi(b, 0x7fffffff00000001L);
  r[15] = ub * 0x100000003L + 0xffffffff00000000L;
  r[16] = (b & 1) ? 0xffffffff00000000L : 0x00000000ffffffffL;
  long2 lv = (long2)(b, ub);
  lv = clamp(lv, (long2)(-0x100000000L, 5), (long2)(0x100000000L, 0x7fffffffffL));
  r[17] = lv.x; r[18] = lv.y;
  r[19] = add_sat(b, 0x7ffffffffffffff0L);
  r[20] = sub_sat(b, 0x7ffffffffffffff0L);
  r[21] = hadd(b, 0x7fffffffffffffffL);
  r[22] = upsample(0x12345678, (uint)b);
  r[23] = select(0x100000001L, 0x200000002L, b);
  r[24] = (ulong)b >> 3 | 0x8000000000000000UL;
  r[25] = as_long(a) & 0x7ff0000000000000L;
  r[26] = convert_long_sat(a * 1.0e10);
  r[28] = ltab[i % 3];
  switch (b) { case 0x100000000L: r[29] = 1; break; case -1: r[29] = 0x300000000L; break; default: r[29] = -0x300000000L; }
  r[30] = ub == -9 ? 0x7fffffff80000000L : 0;
  r[27] = (b < 0x100000000L) + (b > -0x100000000L) * 2 + ((ulong)b < 0x100000000UL) * 4;
}
