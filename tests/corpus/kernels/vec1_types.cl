// One-element vectors (ext_vector_type(1)) through every place clang puts
// them: parameters and returns of non-inlined functions, locals and arrays
// of them in private memory (alloca/load/store, a GEP with a variable
// index), a struct holding them returned through sret, phis and selects,
// int and float arithmetic and comparisons, conversions to and from the
// scalar; and in a kernel's signature (global pointers to them, one by
// value, a struct of them by value), a __constant program-scope array and a
// __local array of them. llvm-spirv aborts on any <1 x T>; wavesim-legal
// scalarises them all (frontend/legal/legal.c).
// RUN: kernel=vec1_types global=256 local=64
// +    args=o:buf:float:1024:zero in:buf:float:256:rand(-8,8) n:buf:int:256:rand(-1000,1000)
// +    k:int:5
// RUN: kernel=vec1_args global=256 local=32
// +    args=p:buf:float:256:rand(-4,4) q:buf:int:256:rand(-9,9) s:val:float:1:const(2.5)
// RUN: kernel=vec1_local global=128 local=64
// +    args=lp:buf:float:128:rand(-4,4) lo:buf:float:128:zero ls:val:float:2:const(1.5)
typedef float float1 __attribute__((ext_vector_type(1)));
typedef int int1 __attribute__((ext_vector_type(1)));
typedef uchar uchar1 __attribute__((ext_vector_type(1)));

typedef struct pair1 {
  float1 a;
  int1 b;
  uchar1 c[3];
  float1 d[2];
} pair1;

__attribute__((noinline)) float1 twice(float1 x) { return x + x; }

__attribute__((noinline)) int1 clamp1(int1 v, int1 lo, int1 hi) {
  return v < lo ? lo : v > hi ? hi : v;
}

__attribute__((noinline)) pair1 make(float1 x, int1 i) {
  pair1 p;
  p.a = x * (float1)3.0f;
  p.b = i ^ (int1)0x55;
  for (int k = 0; k < 3; k++) p.c[k] = (uchar1)((uchar)(i.x + k));
  p.d[0] = x - (float1)1.0f;
  p.d[1] = -x;
  return p;
}

__attribute__((noinline)) float sum(const pair1 *p, int j) {
  return p->a.x + (float)p->b.x + (float)p->c[j % 3].x + p->d[j & 1].x;
}

__kernel void vec1_types(__global float *o, __global const float *in, __global const int *n,
                         int k) {
  int g = get_global_id(0);
  float1 v;
  v.x = in[g];
  int1 m = (int1)n[g];
  float1 arr[4];
  for (int i = 0; i < 4; i++) arr[i] = twice(v) + (float1)(float)i;
  float1 w = (g & 1) ? arr[(m.x + k) & 3] : v; /* a phi or a select */
  float1 acc = (float1)0.0f;
  for (int i = 0; i < (g & 7); i++) acc += w; /* a loop-carried phi */
  int1 c = clamp1(m, (int1)(-100), (int1)(100));
  pair1 p = make(w, c);
  o[4 * g + 0] = sum(&p, g);
  o[4 * g + 1] = acc.x;
  o[4 * g + 2] = (float)c.x + arr[g & 3].x;
  o[4 * g + 3] = (w > (float1)0.0f).x ? 1.0f : -1.0f;
}

__constant float1 tab[4] = {(float1)1.0f, (float1)2.0f, (float1)3.0f, (float1)4.0f};

__kernel void vec1_args(__global float1 *p, __global int1 *q, float1 s) {
  int g = get_global_id(0);
  p[g] = p[g] * s + tab[g & 3];
  q[g] = q[g] * (int1)3 + (int1)g;
}

typedef struct two1 {
  float1 a, b;
} two1;

__kernel void vec1_local(__global const float1 *p, __global float *o, two1 s) {
  __local float1 tile[64];
  int l = get_local_id(0), g = get_global_id(0);
  tile[l] = p[g] * s.a + s.b;
  barrier(CLK_LOCAL_MEM_FENCE);
  float1 v = tile[63 - l];
  o[g] = v.x + tile[l].x;
}
