// Vector selects on a scalar condition (`c ? a4 : b4`, if/else assigning
// vectors) for every element type and widths 2, 3, 4, 8, 16, with uniform and
// divergent conditions: the optimiser makes `select i1, <N x T>`, which
// llvm-spirv 14 emits as an OpSelect SPIR-V 1.2 forbids (frontend/legal/legal.c).
// RUN: kernel=vsel_int global=64 local=32
// +    args=a:buf:int:1024:edge(-1000,1000) b:buf:int:1024:rand(-1000,1000) o:buf:int:1600:zero n:int:5
// RUN: kernel=vsel_float global=64 local=32
// +    args=fa:buf:float:1024:edge(-10,10) fb:buf:float:1024:rand(-10,10) fo:buf:float:1088:zero n:int:3
// RUN: kernel=vsel_small global=64 local=16
// +    args=ca:buf:char:1024:edge(-100,100) sa:buf:short:1024:rand(-30000,30000) lo:buf:long:1024:zero
// +    co:buf:uchar:1024:zero n:int:9
// RUN: kernel=vsel_double global=64 local=64
// +    args=da:buf:double:1024:edge(-10,10) db:buf:double:1024:rand(-10,10) dout:buf:double:1024:zero n:int:2
#pragma OPENCL EXTENSION cl_khr_fp64 : enable

kernel void vsel_int(global const int *a, global const int *b, global int *o, int n) {
  int i = get_global_id(0);
  int4 x4 = vload4(i, a), y4 = vload4(i, b);
  int4 r4;
  if (a[i] > b[i]) r4 = x4; else r4 = y4;          /* divergent */
  vstore4(n > 3 ? r4 : y4 + 1, i, o);              /* uniform */
  int2 x2 = vload2(i, a + 256), y2 = vload2(i, b + 256);
  vstore2((i & 1) ? x2 : y2 * 3, i, o + 256);
  int3 x3 = vload3(i, a + 384), y3 = vload3(i, b + 384);
  vstore3((a[i] & 2) ? x3 : y3, i, o + 384);
  int8 x8 = vload8(i, a + 512), y8 = vload8(i, b + 512);
  int8 acc = (int8)0;
  for (int k = 0; k < n; k++) acc += (k & 1) ? x8 : y8; /* in a loop */
  vstore8(acc, i, o + 576);
  /* unsigned 16-wide */
  uint16 u = vload16(i & 31, (global const uint *)a), v = vload16(i & 31, (global const uint *)b);
  if (i < 32) vstore16(((uint)i % 3u == 0u) ? u : v, i, (global uint *)o + 1088);
}

kernel void vsel_float(global const float *a, global const float *b, global float *o, int n) {
  int i = get_global_id(0);
  float4 x = vload4(i, a), y = vload4(i, b);
  vstore4(a[i] < b[i] ? x * 2.0f : y, i, o);
  float2 x2 = vload2(i, a + 256), y2 = vload2(i, b + 256);
  float2 r2 = y2;
  if (n == 3) r2 = x2;
  vstore2(r2, i, o + 256);
  float3 x3 = vload3(i, a + 384), y3 = vload3(i, b + 384);
  vstore3(isnan(a[i]) ? x3 : y3, i, o + 384);
  float8 x8 = vload8(i, a + 512), y8 = vload8(i, b + 512);
  vstore8((i % 3) ? x8 : -y8, i, o + 576);
}

kernel void vsel_small(global const char *a, global const short *s, global long *lo,
                       global uchar *co, int n) {
  int i = get_global_id(0);
  char16 c = vload16(i & 31, a), d = vload16(i & 31, a + 512);
  vstore16(as_uchar16(a[i] > 0 ? c : d), i, co);
  short4 p = vload4(i, s), q = vload4(i, s + 256);
  short4 r = (s[i] & 1) ? p : q;
  long2 l = convert_long2(r.xy), m = convert_long2(r.zw) * 7;
  vstore2((n > i) ? l : m, i, lo);
  ushort8 u = vload8(i, (global const ushort *)s + 512), w = vload8(i, (global const ushort *)s);
  vstore8(convert_long8(i & 4 ? u : w), i, lo + 128);
}

kernel void vsel_double(global const double *a, global const double *b, global double *o, int n) {
  int i = get_global_id(0);
  double2 x = vload2(i, a), y = vload2(i, b);
  vstore2(a[i] >= b[i] ? x : y, i, o);
  double4 x4 = vload4(i, a + 128), y4 = vload4(i, b + 128);
  double4 r4;
  if (n & 2) r4 = x4 + 1.0; else r4 = y4;
  vstore4(r4, i, o + 128);
  double3 x3 = vload3(i, a + 384), y3 = vload3(i, b + 384);
  vstore3((i & 1) ? x3 : y3, i, o + 384);
}
