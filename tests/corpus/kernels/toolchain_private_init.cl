// Private aggregates with partly constant initialisers: clang puts the
// constant part in a global of the private address space, copied in with
// memcpy, which llvm-spirv 14 turns into a module-scope Function-storage
// variable SPIR-V forbids (frontend/legal/legal.c moves it to __constant).
// Indexed by run-time and by constant indices, in helper functions that
// return the aggregate, in arrays of structs, beside fully constant ones.
// RUN: kernel=private_init global=128 local=64
// +    args=o:buf:int:1024:zero f:buf:float:512:zero n:buf:int:128:rand(-100,100)
typedef struct { int a; float b; int c[16]; } S;
typedef struct { float4 v; int tag; short s[6]; } T;

S make(int n) {
  S s = {n, 2.5f, {3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18}};
  return s;
}

int pick(int n, int k) {
  int t[12] = {n, 1, 1, 2, 3, 5, 8, 13, 21, 34, 55, 89};
  return t[k % 12] + t[(k + 5) % 12];
}

kernel void private_init(global int *o, global float *f, global const int *n) {
  int i = get_global_id(0), v = n[i];
  S s = make(v);
  s.c[i & 15] += v;
  o[i * 8 + 0] = s.c[(v & 15)] + s.a;
  o[i * 8 + 1] = s.c[3] + s.c[9] + s.c[15]; /* constant indices */
  o[i * 8 + 2] = pick(v, i);
  T t[3] = {{(float4)(1, 2, 3, 4), v, {1, 2, 3, 4, 5, 6}},
            {(float4)(5, 6, 7, (float)v), 2, {7, 8, 9, 10, 11, 12}},
            {(float4)(0.5f), 3, {v, v, 13, 14, 15, -16}}};
  int j = (i + v) % 3;
  j = j < 0 ? -j : j;
  o[i * 8 + 3] = t[j].tag + t[(i & 1) + 1].s[i % 6] + t[0].s[v & 3];
  f[i * 4 + 0] = t[j].v.x + t[2 - j].v.w;
  const int full[8] = {10, 20, 30, 40, 50, 60, 70, 80}; /* fully constant */
  o[i * 8 + 4] = full[i & 7] - full[v & 7];
  int part[20] = {v, v + 1, 0, 0, 0, 100, 200, 300, 400, 500, 600, 700, 800, 900, 1000, 1100};
  for (int k = 0; k < 20; k += 3) part[k] += k;
  o[i * 8 + 5] = part[i % 20] + part[(v & 15) + 2];
  f[i * 4 + 1] = s.b * (float)s.c[v & 7];
}
