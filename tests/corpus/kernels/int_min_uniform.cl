// The helpers of int_min_helpers.cl on uniform values (scalar arguments: SGPR/SALU paths),
// one RUN per edge combination of INT_MIN, LONG_MIN, SHRT_MIN, -1, 0 and the maxima.
// RUN: kernel=k global=64 local=64 args=x:int:-2147483648 y:int:-1 lx:long:-9223372036854775808 sv:short:-32768 off:int:0 o:buf:int:6144:zero lo:buf:long:1536:zero
// RUN: kernel=k global=64 local=64 args=x:int:-1 y:int:-2147483648 lx:long:-1 sv:short:-1 off:int:1 o:buf:int:6144:zero lo:buf:long:1536:zero
// RUN: kernel=k global=64 local=64 args=x:int:0 y:int:-1 lx:long:0 sv:short:0 off:int:2 o:buf:int:6144:zero lo:buf:long:1536:zero
// RUN: kernel=k global=64 local=64 args=x:int:2147483647 y:int:-2147483648 lx:long:9223372036854775807 sv:short:32767 off:int:3 o:buf:int:6144:zero lo:buf:long:1536:zero
// RUN: kernel=k global=64 local=64 args=x:int:-2147483648 y:int:-2147483648 lx:long:-9223372036854775807 sv:short:-32767 off:int:4 o:buf:int:6144:zero lo:buf:long:1536:zero
// RUN: kernel=k global=64 local=64 args=x:int:-7 y:int:3 lx:long:-9223372036854775808 sv:short:5 off:int:5 o:buf:int:6144:zero lo:buf:long:1536:zero
int isign(int x) { if (x > 0) return 1; if (x < 0) return -1; return 0; }
int iabs_(int x) { if (x == INT_MIN) return INT_MIN; if (x < 0) return -x; return x; }
int cmpabs(int x, int y) {
  uint ax = x < 0 ? 0u - (uint)x : (uint)x, ay = y < 0 ? 0u - (uint)y : (uint)y;
  if (ax > ay) return 1;
  if (ax < ay) return -1;
  return 0;
}
int safe_div(int x, int y) {
  if (y == 0) return x < 0 ? INT_MIN : INT_MAX;
  if (y == -1) { if (x == INT_MIN) return INT_MAX; return -x; }
  return x / y;
}
long lsign(long x) { if (x > 0) return 1; if (x < 0) return -1; return 0; }
long lsafe_div(long x, long y) {
  if (y == 0) return x < 0 ? LONG_MIN : LONG_MAX;
  if (y == -1) { if (x == LONG_MIN) return LONG_MAX; return -x; }
  return x / y;
}
int ssat(short x) { if (x == SHRT_MIN) return -1000000; if (x < 0) return -(int)x; return x * 2; }
__kernel void k(int x, int y, long lx, short sv, int off, __global int *o, __global long *lo) {
  size_t i = get_global_id(0);
  __global int *p = o + (off * 64 + i) * 16;
  int acc = 0, s0 = x, s1 = y;
  for (int k = 0; k < 5; k++) {
    acc += isign(s0) * 3 + cmpabs(s0, s1);
    int t = s0; s0 = s1; s1 = t;
    s0 = safe_div(s0, k - 2);
  }
  p[0] = acc; p[1] = s0; p[2] = s1;
  p[3] = iabs_(x); p[4] = isign(x) + isign(y) * 4;
  p[5] = safe_div(x, y); p[6] = safe_div(y, x); p[7] = cmpabs(x, y);
  p[8] = ssat(sv);
  int m = x;
  while (m != 0 && m != INT_MIN && iabs_(m) > 3) m = safe_div(m, -2);
  p[9] = m;
  p[10] = abs(x); p[11] = abs_diff(x, y); int yy = y == -1 ? 7 : (y | 1); p[12] = x / yy; p[13] = x % yy; p[14] = hadd(x, y); p[15] = (int)abs(sv);
  __global long *q = lo + (off * 64 + i) * 4;
  long ly = (long)y;
  q[0] = lsign(lx); q[1] = lsafe_div(lx, ly); q[2] = lsafe_div(ly, lx);
  long l2 = ly == -1 ? 7 : (ly | 1); q[3] = (long)abs(lx) + lx / l2 + lx % l2;
}
