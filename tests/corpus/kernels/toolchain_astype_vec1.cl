// Issue #32 item 1: `as_uint(as_char4(0x80FF7F01u))`, a constant as_type round trip through
// a vector type, made llvm-spirv 14 abort ("Unsupported vector type with the size of: 1", a
// stack dump in the build log): LLVM folds it to `bitcast (<1 x i32> ... to i32)`, a form the
// old textual legaliser did not match. frontend/legal/legal.c folds such constants as IR at
// any depth: inside a zext, as elements of a vector literal, beside run-time round trips.
// RUN: kernel=k global=8 local=8 args=x:buf:uint:8:iota o:buf:uint:48:zero
__kernel void k(__global const uint *x, __global uint *o) {
  size_t i = get_global_id(0);
  uint a = as_uint(as_char4(0x80FF7F01u));
  uint b = as_uint(as_uchar4(as_ushort2(x[i] * 0x01010101u)));
  o[i * 6 + 0] = a;
  o[i * 6 + 1] = b;
  o[i * 6 + 2] = as_uint(as_float(as_char4(as_short2(0x3F80u + (uint)i))));
  o[i * 6 + 3] = as_uint((char4)(as_char2((short)i), as_char2((ushort)0x7F80)));
  o[i * 6 + 4] = (uint)as_ushort(as_char2((ushort)255u));
  o[i * 6 + 5] = as_uint(as_float(as_uint(as_char4(as_float(1.5f)))) + (float)i);
}
