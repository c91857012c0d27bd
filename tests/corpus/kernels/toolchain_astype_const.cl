// as_type of constants between scalars and vectors of the same size: LLVM
// folds every constant scalar-to-vector bitcast to `bitcast (<1 x T> ...)`,
// on which llvm-spirv 14 aborts (frontend/legal/legal.c folds it). Every
// size-matching scalar -> vector pair, with ordinary, negative, NaN and
// infinity bit patterns, beside the same casts of run-time values.
// RUN: kernel=astype_const global=32 local=32
// +    args=o:buf:uint:2048:zero x:buf:uint:64:edge(0,100000)
#pragma OPENCL EXTENSION cl_khr_fp64 : enable

/* every result is stored as its bytes, so the comparison is bit-exact */
#define ST(T, N, v)                                                                \
  do {                                                                             \
    T##N t_ = (v);                                                                 \
    for (int b_ = 0; b_ < (int)sizeof(t_); b_++)                                   \
      ((global uchar *)o)[(size_t)gid * 2048 / 32 * 4 + (k++ % 256)] ^=            \
          ((uchar *)&t_)[b_] + (uchar)b_;                                          \
  } while (0)

kernel void astype_const(global uint *o, global const uint *x) {
  int gid = get_global_id(0), k = 0;
  uint u = x[gid];
  ST(uchar, 2, as_uchar2((ushort)0x1234));
  ST(char, 2, as_char2((short)-2));
  ST(uchar, 4, as_uchar4(0xdeadbeefu));
  ST(char, 4, as_char4(7u));
  ST(short, 2, as_short2(-65536));
  ST(ushort, 2, as_ushort2(1.0f));
  ST(uchar, 4, as_uchar4(-0.0f));
  ST(uchar, 4, as_uchar4(NAN));
  ST(ushort, 2, as_ushort2(INFINITY));
  ST(uchar, 8, as_uchar8(0x0102030405060708ul));
  ST(short, 4, as_short4(-3l));
  ST(int, 2, as_int2(0x7fffffff80000000ul));
  ST(float, 2, as_float2(0x3f80000040000000ul));
  ST(float, 2, as_float2(1.0));
  ST(uint, 2, as_uint2(-2.5));
  ST(ushort, 4, as_ushort4(M_PI));
  ST(uchar, 8, as_uchar8(-(double)INFINITY));
  ST(float, 2, as_float2(0x7fc000017f800001ul)); /* a quiet and a signalling NaN */
  ST(uchar, 4, as_uchar4(as_uint((uchar4)(1, 2, 3, 4))));
  ST(char, 4, as_char4((uchar4)(1, 200, 3, 255)));
  ST(uint, , as_uint((uchar4)(9, 8, 7, 6)));
  ST(uint, 2, as_uint2((float2)(1.0f, -2.0f)));
  /* the same casts of run-time values */
  ST(uchar, 4, as_uchar4(u));
  ST(short, 2, as_short2(u * 3u));
  ST(float, 2, as_float2(upsample(u, u ^ 0x55u)));
  ST(uchar, 8, as_uchar8(convert_double(u)));
  ST(char, 4, as_char4(u) + (char4)(1, 2, 3, 4));
}
