// Structs passed by value (C semantics: the callee gets a copy): a helper that writes
// its by-value struct must not change the caller's (piglit calls-struct), and a kernel
// that writes its by-value struct argument writes a private copy, not the argument
// every work-item shares. Read-only by-value structs are used in place.
// REF: oclgrind (PoCL shares a kernel's by-value struct argument between the work-items of
// a group: one work-item's write to it is seen by the next)
// RUN: kernel=k global=64 local=32 args=s:val:int:5:edge(-100,100) in:buf:int:64:edge(-100,100)
// +    o:buf:int:768:zero
typedef struct S { char c; int a[4]; } S;
typedef struct D { double d; long l; short s; } D;
__attribute__((noinline)) int f1(S st) {
  st.a[0] += 100;
  int sum = 0;
  for (int i = 0; i < 4; ++i) sum += st.a[i];
  return sum + st.c;
}
__attribute__((noinline)) S f2(S st) {
  st.c += 15;
  st.a[0] += 14;
  st.a[2] += 9;
  return st;
}
int f3(S st, int k) { /* inlined; writes on one path only */
  if (k < 0) {
    st.a[1] = k;
    return st.a[1] + st.a[0];
  }
  st.a[3] = -k;
  return st.a[3];
}
long f4(D d) {
  d.l += 7;
  d.s = (short)(d.s * 3);
  return d.l + d.s;
}
int f5(S st) { return st.a[0] - st.a[3] + st.c; } /* read only */
__kernel void k(S s, __global const int *in, __global int *o) {
  int id = get_global_id(0);
  __global int *p = o + id * 12;
  S st;
  st.c = 15;
  st.a[0] = 14;
  st.a[1] = -8;
  st.a[2] = in[id];
  st.a[3] = 900;
  p[0] = f1(st);
  p[1] = st.a[0];
  S s2 = f2(st);
  p[2] = s2.a[0] + s2.a[2] + s2.c;
  p[3] = st.a[0] + st.a[2] + st.c;
  p[4] = f3(st, in[id]);
  p[5] = st.a[1] * 1000 + st.a[3];
  D d = {1.5, in[id], (short)id};
  p[6] = (int)f4(d);
  p[7] = (int)d.l + d.s;
  p[8] = f1(s) + f5(s);
  s.a[id & 3] += id; /* this work-item's copy only */
  p[9] = s.a[0] + s.a[1] + s.a[2] + s.a[3];
  p[10] = f3(s, in[id]) + f5(s);
  p[11] = s.c;
}
