// Structs passed by value to helpers that are not inlined by opt (noinline):
// the callee gets its own copy (the ByVal parameter attribute), so writes to
// it must not reach the caller's object, at every call in a loop, with the
// same object passed twice, through a nested by-value call, and for structs
// mixing char, int arrays, doubles and vectors (piglit calls-struct.cl and
// calls-large-struct.cl: the caller saw the callee's writes).
// RUN: kernel=struct_byval global=256 local=64
// +    args=in:buf:int:1024:rand(-1000,1000) o:buf:int:2048:zero
#pragma OPENCL EXTENSION cl_khr_fp64 : enable
typedef struct {
  char c;
  int a[33];
  double d;
  int4 v;
} Big;
typedef struct {
  short s;
  int x;
} Small;

__attribute__((noinline)) int leaf(Big b) {
  b.a[0] += 100;
  b.v.y = -b.v.y;
  int s = b.c + (int)b.d + b.v.x + b.v.y;
  for (int i = 0; i < 33; i++) s += b.a[i];
  return s;
}

__attribute__((noinline)) int nested(Big b, int k) {
  b.a[1] = k;
  b.d *= 2.0;
  return leaf(b) + b.a[0] + b.a[1] + (int)b.d;
}

__attribute__((noinline)) int pair(Small p, Small q) {
  p.x += 7;
  q.s = (short)(q.s * 3);
  return p.x * 2 + q.x + p.s + q.s;
}

static int inlined(Small p) {
  p.x = -p.x;
  return p.x;
}

__kernel void struct_byval(__global const int *in, __global int *o) {
  int i = get_global_id(0);
  Big b;
  b.c = (char)(i & 31);
  for (int j = 0; j < 33; j++) b.a[j] = in[(i * 4 + j) & 1023];
  b.d = (double)in[i * 4] * 0.5;
  b.v = (int4)(in[i * 4 + 1], in[i * 4 + 2], in[i * 4 + 3], i);
  Small p = {(short)in[i * 4 + 1], in[i * 4 + 2]};
  int acc = 0;
  for (int r = 0; r < 3; r++) {
    acc += leaf(b);
    acc += nested(b, r);
    b.a[2] += r;
  }
  o[i * 8 + 0] = acc;
  o[i * 8 + 1] = b.a[0];
  o[i * 8 + 2] = b.a[1];
  o[i * 8 + 3] = b.v.y;
  o[i * 8 + 4] = (int)b.d;
  o[i * 8 + 5] = pair(p, p);
  o[i * 8 + 6] = p.x + p.s;
  o[i * 8 + 7] = inlined(p) + p.x;
}
