// cl_khr_extended_bit_ops: bitfield_insert, bitfield_extract_signed/unsigned
// and bit_reverse on every integer type, scalars and vectors (3 included),
// each work-item with its own offset and count, always in range (count 0 and
// offset + count equal to the width among them; out-of-range values are
// undefined in OpenCL, see tests/api/int_dot_bits.c for wavesim's clamp).
// wavesim runs the builtins; PoCL, which lacks the extension, runs the plain
// reference below, so the dumps compare the builtins with it.
// RUN: kernel=bits_char global=256 local=64
// +    args=x_char:buf:char:256:edge(-128,127) y_char:buf:char:256:rand(-128,127)
// +    off_char:buf:uint:256:rand(0,100) cnt_char:buf:uint:256:rand(0,100) o_char:buf:char:1024:zero
// RUN: kernel=bits_uchar global=256 local=64
// +    args=x_uchar:buf:uchar:256:edge(0,255) y_uchar:buf:uchar:256:rand(0,255)
// +    off_uchar:buf:uint:256:rand(0,100) cnt_uchar:buf:uint:256:rand(0,100) o_uchar:buf:uchar:1024:zero
// RUN: kernel=bits_short global=256 local=64
// +    args=x_short:buf:short:256:edge(-32768,32767) y_short:buf:short:256:rand(-32768,32767)
// +    off_short:buf:uint:256:rand(0,100) cnt_short:buf:uint:256:rand(0,100) o_short:buf:short:1024:zero
// RUN: kernel=bits_ushort global=256 local=64
// +    args=x_ushort:buf:ushort:256:edge(0,65535) y_ushort:buf:ushort:256:rand(0,65535)
// +    off_ushort:buf:uint:256:rand(0,100) cnt_ushort:buf:uint:256:rand(0,100) o_ushort:buf:ushort:1024:zero
// RUN: kernel=bits_int global=256 local=64
// +    args=x_int:buf:int:256:edge(-2147483648,2147483647) y_int:buf:int:256:rand(-2147483648,2147483647)
// +    off_int:buf:uint:256:rand(0,100) cnt_int:buf:uint:256:rand(0,100) o_int:buf:int:1024:zero
// RUN: kernel=bits_uint global=256 local=64
// +    args=x_uint:buf:uint:256:edge(0,4294967295) y_uint:buf:uint:256:rand(0,4294967295)
// +    off_uint:buf:uint:256:rand(0,100) cnt_uint:buf:uint:256:rand(0,100) o_uint:buf:uint:1024:zero
// RUN: kernel=bits_long global=256 local=64
// +    args=x_long:buf:long:256:edge(-9e18,9e18) y_long:buf:long:256:rand(-9e18,9e18)
// +    off_long:buf:uint:256:rand(0,100) cnt_long:buf:uint:256:rand(0,100) o_long:buf:long:1024:zero
// RUN: kernel=bits_ulong global=256 local=64
// +    args=x_ulong:buf:ulong:256:edge(0,1.8e19) y_ulong:buf:ulong:256:rand(0,1.8e19)
// +    off_ulong:buf:uint:256:rand(0,100) cnt_ulong:buf:uint:256:rand(0,100) o_ulong:buf:ulong:1024:zero
// RUN: kernel=bits_char16 global=64 local=32
// +    args=xv_char16:buf:char:1024:edge(-128,127) yv_char16:buf:char:1024:rand(-128,127)
// +    offv_char16:buf:uint:64:rand(0,100) cntv_char16:buf:uint:64:rand(0,100) ov_char16:buf:char:4096:zero
// RUN: kernel=bits_ushort8 global=64 local=32
// +    args=xv_ushort8:buf:ushort:512:edge(0,65535) yv_ushort8:buf:ushort:512:rand(0,65535)
// +    offv_ushort8:buf:uint:64:rand(0,100) cntv_ushort8:buf:uint:64:rand(0,100) ov_ushort8:buf:ushort:2048:zero
// RUN: kernel=bits_int4 global=64 local=32
// +    args=xv_int4:buf:int:256:edge(-2147483648,2147483647) yv_int4:buf:int:256:rand(-2147483648,2147483647)
// +    offv_int4:buf:uint:64:rand(0,100) cntv_int4:buf:uint:64:rand(0,100) ov_int4:buf:int:1024:zero
// RUN: kernel=bits_long2 global=64 local=32
// +    args=xv_long2:buf:long:128:edge(-9e18,9e18) yv_long2:buf:long:128:rand(-9e18,9e18)
// +    offv_long2:buf:uint:64:rand(0,100) cntv_long2:buf:uint:64:rand(0,100) ov_long2:buf:long:512:zero
// RUN: kernel=bits_uchar3 global=64 local=32
// +    args=xv_uchar3:buf:uchar:256:edge(0,255) yv_uchar3:buf:uchar:256:rand(0,255)
// +    offv_uchar3:buf:uint:64:rand(0,100) cntv_uchar3:buf:uint:64:rand(0,100) ov_uchar3:buf:uchar:1024:zero
#ifndef cl_khr_extended_bit_ops
/* the definitions of the extension, on the unsigned type U of width W */
#define REF(T, U, W)                                                                   \
  static U mask_##T(uint c) { return c == 0 ? (U)0 : (U)((U)~(U)0 >> (W - c)); }        \
  static T ref_insert_##T(T base, T ins, uint o, uint c) {                              \
    U m = (U)(mask_##T(c) << o);                                                         \
    return (T)(((U)base & (U)~m) | ((U)((U)ins << o) & m));                               \
  }                                                                                      \
  static T ref_extract_u_##T(T x, uint o, uint c) {                                     \
    return c == 0 ? (T)0 : (T)((U)((U)x >> o) & mask_##T(c));                            \
  }                                                                                      \
  static T ref_extract_s_##T(T x, uint o, uint c) {                                     \
    U f = (U)ref_extract_u_##T(x, o, c);                                                 \
    return (T)(c && ((f >> (c - 1)) & 1) ? (U)(f | (U)~mask_##T(c)) : f);                \
  }                                                                                      \
  static T ref_reverse_##T(T x) {                                                        \
    U r = 0;                                                                             \
    for (uint k = 0; k < W; k++) r |= (U)((U)(((U)x >> k) & 1) << (W - 1 - k));          \
    return (T)r;                                                                         \
  }
REF(char, uchar, 8)
REF(uchar, uchar, 8)
REF(short, ushort, 16)
REF(ushort, ushort, 16)
REF(int, uint, 32)
REF(uint, uint, 32)
REF(long, ulong, 64)
REF(ulong, ulong, 64)
#endif

/* offset in [0, W], count in [0, W - offset] */
#define FIELD(T, i)                                                                      \
  uint w = 8 * sizeof(T), of = off[i] % (w + 1), c = cnt[i] % (w - of + 1);

#ifdef cl_khr_extended_bit_ops
#define SCALAR(T)                                                                        \
  __kernel void bits_##T(__global const T *x, __global const T *y, __global const uint *off, \
                         __global const uint *cnt, __global T *o) {                      \
    size_t i = get_global_id(0);                                                         \
    FIELD(T, i)                                                                          \
    o[4 * i] = bitfield_insert(x[i], y[i], of, c);                                       \
    o[4 * i + 1] = as_##T(bitfield_extract_signed(x[i], of, c));                         \
    o[4 * i + 2] = as_##T(bitfield_extract_unsigned(x[i], of, c));                       \
    o[4 * i + 3] = bit_reverse(x[i]);                                                    \
  }
#define VECTOR(T, N)                                                                     \
  __kernel void bits_##T##N(__global const T *x, __global const T *y, __global const uint *off, \
                            __global const uint *cnt, __global T *o) {                   \
    size_t i = get_global_id(0);                                                         \
    FIELD(T, i)                                                                          \
    T##N xv = vload##N(i, x), yv = vload##N(i, y);                                       \
    vstore##N(bitfield_insert(xv, yv, of, c), 4 * i, o);                                 \
    vstore##N(as_##T##N(bitfield_extract_signed(xv, of, c)), 4 * i + 1, o);              \
    vstore##N(as_##T##N(bitfield_extract_unsigned(xv, of, c)), 4 * i + 2, o);            \
    vstore##N(bit_reverse(xv), 4 * i + 3, o);                                            \
  }
#else
#define SCALAR(T)                                                                        \
  __kernel void bits_##T(__global const T *x, __global const T *y, __global const uint *off, \
                         __global const uint *cnt, __global T *o) {                      \
    size_t i = get_global_id(0);                                                         \
    FIELD(T, i)                                                                          \
    o[4 * i] = ref_insert_##T(x[i], y[i], of, c);                                        \
    o[4 * i + 1] = ref_extract_s_##T(x[i], of, c);                                       \
    o[4 * i + 2] = ref_extract_u_##T(x[i], of, c);                                       \
    o[4 * i + 3] = ref_reverse_##T(x[i]);                                                \
  }
#define VECTOR(T, N)                                                                     \
  __kernel void bits_##T##N(__global const T *x, __global const T *y, __global const uint *off, \
                            __global const uint *cnt, __global T *o) {                   \
    size_t i = get_global_id(0);                                                         \
    FIELD(T, i)                                                                          \
    for (uint k = 0; k < N; k++) {                                                       \
      T a = x[N * i + k], b = y[N * i + k];                                              \
      o[N * (4 * i) + k] = ref_insert_##T(a, b, of, c);                                  \
      o[N * (4 * i + 1) + k] = ref_extract_s_##T(a, of, c);                              \
      o[N * (4 * i + 2) + k] = ref_extract_u_##T(a, of, c);                              \
      o[N * (4 * i + 3) + k] = ref_reverse_##T(a);                                       \
    }                                                                                    \
  }
#endif

SCALAR(char)
SCALAR(uchar)
SCALAR(short)
SCALAR(ushort)
SCALAR(int)
SCALAR(uint)
SCALAR(long)
SCALAR(ulong)
VECTOR(char, 16)
VECTOR(ushort, 8)
VECTOR(int, 4)
VECTOR(long, 2)
VECTOR(uchar, 3)
