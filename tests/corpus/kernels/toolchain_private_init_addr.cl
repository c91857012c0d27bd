// Issue #32 item 2: private aggregates initialised from aggregates that hold the address of a
// private variable, then copied (`struct S init = {{...}, {&u}}; c = init;`). clang keeps a
// constant part of such initialisers in a private-address-space global, which llvm-spirv 14
// makes a module-scope Function-storage variable ("Variables can not have a function storage
// class outside of a function"); frontend/legal/legal.c moves it to __constant when only
// memcpys read it and otherwise gives each function an initialised alloca. Nested
// aggregates, vectors, arrays of such structs, const ones, a copy changed after it is made.
// RUN: kernel=k global=16 local=8 args=x:buf:int:32:iota o:buf:int:128:zero
struct P { int *p; float4 f; int z[8]; };
struct S { int v[3]; struct P q; };
struct T { int4 v; int *q[2]; };
struct U { int v[8]; int *p; };
__kernel void k(__global const int *x, __global int *o) {
  size_t i = get_global_id(0);
  int u = x[i] + 5, w = 3;
  struct S init = {{1, 2, 3}, {&u, (float4)(1.0f, 2.0f, 3.0f, 4.0f), {1, 2, 3, 4, 5, 6, 7, 8}}};
  struct S c;
  c = init;
  *c.q.p += 1;
  o[i * 8 + 0] = c.v[i % 3] + c.q.z[i & 7];
  o[i * 8 + 1] = u;
  o[i * 8 + 2] = *init.q.p + (int)c.q.f.y;
  o[i * 8 + 3] = (int)(c.q.p == &u);
  const struct T t = {(int4)(1, 2, 3, 4), {&u, &w}};
  struct T d = t;
  o[i * 8 + 4] = *d.q[0] + d.v.y + *d.q[1];
  struct U a[2] = {{{1, 2, 3, 4, 5, 6, 7, 8}, &u}, {{1, 2, 3, 4, 5, 6, 7, 9}, &w}};
  struct U e;
  e = a[i & 1];
  for (int k = 0; k < x[2]; k++) e.v[k & 7] += k;
  o[i * 8 + 5] = *e.p + e.v[x[i] & 7];
  o[i * 8 + 6] = a[1].v[7] + a[0].v[i & 7];
  o[i * 8 + 7] = *a[(i >> 1) & 1].p;
}
