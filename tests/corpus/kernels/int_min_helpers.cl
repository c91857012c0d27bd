// Helper functions with control flow (early returns, phis, swaps through a loop) computing
// abs/sign/division-like results on int/long/short, divergent inputs that include INT_MIN,
// LONG_MIN, SHRT_MIN, -1 and 0 (edge fill); no undefined behaviour (INT_MIN / -1 is guarded).
// RUN: kernel=k global=256 local=64 args=a:buf:int:256:edge(-50,50) b:buf:int:256:edge(-5,5) la:buf:long:256:edge(-50,50) sa:buf:short:256:edge(-50,50) o:buf:int:4096:zero lo:buf:long:1024:zero
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
__kernel void k(__global const int *a, __global const int *b, __global const long *la,
                __global const short *sa, __global int *o, __global long *lo) {
  size_t i = get_global_id(0);
  int x = a[i], y = b[i];
  __global int *p = o + i * 16;
  int acc = 0, s0 = x, s1 = y;
  for (int k = 0; k < (int)(i & 7); k++) {
    acc += isign(s0) * 3 + cmpabs(s0, s1);
    int t = s0; s0 = s1; s1 = t;   /* swap through phis */
    s0 = safe_div(s0, k - 2);
  }
  p[0] = acc; p[1] = s0; p[2] = s1;
  p[3] = iabs_(x); p[4] = isign(x) + isign(y) * 4;
  p[5] = safe_div(x, y); p[6] = safe_div(y, x); p[7] = cmpabs(x, y);
  p[8] = ssat(sa[i]);
  int m = x;
  while (m != 0 && m != INT_MIN && iabs_(m) > 3) m = safe_div(m, -2);
  p[9] = m;
  __global long *q = lo + i * 4;
  long lx = la[i], ly = (long)y;
  q[0] = lsign(lx); q[1] = lsafe_div(lx, ly); q[2] = lsafe_div(ly, lx);
  long la2 = lx; int cnt = 0;
  while (la2 != 0 && la2 != LONG_MIN && cnt < 70) { la2 = lsafe_div(la2, -3); cnt++; }
  q[3] = la2 * 100 + cnt;
}
