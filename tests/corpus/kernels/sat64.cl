// 64-bit signed add_sat/sub_sat (overflow saturates toward the first
// operand's sign), with random, small and extreme operands. Exact.
// RUN: kernel=sat64 global=512 local=64
// +    args=a:buf:long:512:edge(-9223372036854775808,9223372036854775807)
// +    b:buf:long:512:rand(-9223372036854775808,9223372036854775807)
// +    out:buf:long:2048:zero
__kernel void sat64(__global const long *a, __global const long *b, __global long *out) {
  int i = get_global_id(0);
  long x = a[i], y = b[i];
  if ((i & 3) == 1) y >>= 40;
  if ((i & 3) == 2) x >>= 30;
  long2 v = (long2)(x, y), u = (long2)(y, x);
  out[4 * i] = add_sat(x, y);
  out[4 * i + 1] = sub_sat(x, y);
  vstore2(sub_sat(u, v) ^ add_sat(v, u), 2 * i + 1, out);
}
