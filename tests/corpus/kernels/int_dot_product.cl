// cl_khr_integer_dot_product: every builtin (dot, dot_acc_sat, the packed
// forms) for the four sign combinations, on edge bytes (-128, 127, 0, -1...)
// and edge accumulators (INT_MIN, INT_MAX, MAX-1, MIN+1: saturating both
// ways). wavesim runs the builtins; PoCL, which lacks the extension, runs the
// plain reference below, so the dumps compare the builtins with it.
// (tests/api/int_dot_bits.c fails if wavesim stops advertising the
// extension, so the reference path cannot stand in for it unnoticed.)
// RUN: kernel=dots global=256 local=64
// +    args=a:buf:char:1024:edge(-128,127) b:buf:char:1024:edge(-128,127)
// +    acc:buf:int:1024:edge(-2147483648,2147483647) o:buf:int:5120:zero
#ifndef cl_khr_integer_dot_product
/* the exact sum of the byte products; each operand's bytes signed when sx/sy */
static long ref_dot(uint x, uint y, int sx, int sy) {
  long r = 0;
  for (int k = 0; k < 4; k++) {
    long p = (x >> (8 * k)) & 0xff, q = (y >> (8 * k)) & 0xff;
    if (sx && p > 127) p -= 256;
    if (sy && q > 127) q -= 256;
    r += p * q;
  }
  return r;
}
static int sat_s(long v) { return (int)(v > INT_MAX ? INT_MAX : v < INT_MIN ? INT_MIN : v); }
static uint sat_u(long v) { return (uint)(v > (long)UINT_MAX ? (long)UINT_MAX : v); }
#endif

__kernel void dots(__global const char4 *a, __global const char4 *b, __global const int *acc,
                   __global int *o) {
  size_t i = get_global_id(0);
  uint x = as_uint(a[i]), y = as_uint(b[i]);
  const __global int *c = acc + 4 * i;
  __global int *r = o + 20 * i;
#ifdef cl_khr_integer_dot_product
  uchar4 ux = as_uchar4(a[i]), uy = as_uchar4(b[i]);
  char4 sx = a[i], sy = b[i];
  r[0] = (int)dot(ux, uy);
  r[1] = dot(sx, sy);
  r[2] = dot(ux, sy);
  r[3] = dot(sx, uy);
  r[4] = (int)dot_acc_sat(ux, uy, (uint)c[0]);
  r[5] = dot_acc_sat(sx, sy, c[1]);
  r[6] = dot_acc_sat(ux, sy, c[2]);
  r[7] = dot_acc_sat(sx, uy, c[3]);
  r[8] = (int)dot_4x8packed_uu_uint(x, y);
  r[9] = dot_4x8packed_ss_int(x, y);
  r[10] = dot_4x8packed_us_int(x, y);
  r[11] = dot_4x8packed_su_int(x, y);
  r[12] = (int)dot_acc_sat_4x8packed_uu_uint(x, y, (uint)c[0]);
  r[13] = dot_acc_sat_4x8packed_ss_int(x, y, c[1]);
  r[14] = dot_acc_sat_4x8packed_us_int(x, y, c[2]);
  r[15] = dot_acc_sat_4x8packed_su_int(x, y, c[3]);
  /* the same products with the accumulators the other way round */
  r[16] = (int)dot_acc_sat(ux, uy, (uint)c[3]);
  r[17] = dot_acc_sat(sx, sy, c[2]);
  r[18] = dot_acc_sat_4x8packed_us_int(x, y, c[1]);
  r[19] = dot_acc_sat_4x8packed_su_int(x, y, c[0]);
#else
  long uu = ref_dot(x, y, 0, 0), ss = ref_dot(x, y, 1, 1);
  long us = ref_dot(x, y, 0, 1), su = ref_dot(x, y, 1, 0);
  r[0] = r[8] = (int)uu;
  r[1] = r[9] = (int)ss;
  r[2] = r[10] = (int)us;
  r[3] = r[11] = (int)su;
  r[4] = r[12] = (int)sat_u(uu + (uint)c[0]);
  r[5] = r[13] = sat_s(ss + c[1]);
  r[6] = r[14] = sat_s(us + c[2]);
  r[7] = r[15] = sat_s(su + c[3]);
  r[16] = (int)sat_u(uu + (uint)c[3]);
  r[17] = sat_s(ss + c[2]);
  r[18] = sat_s(us + c[1]);
  r[19] = sat_s(su + c[0]);
#endif
}
