/* Built by plain clang 14 + llvm-spirv 14 (tests/api/CMakeLists.txt), not by
 * wavesim's pipeline: the translator leaves dot_acc_sat and the packed dot
 * products as calls of their mangled names and declares the Shader capability
 * for the bitfield instructions; int_dot_bits.c loads the module with
 * clCreateProgramWithIL and checks the results against the host's.
 * (dot() itself is left out: llvm-spirv 14 makes it a float OpDot, which
 * SPIRV-Tools rejects.) */
kernel void il_dots(global const uint *a, global const uint *b, global const int *acc,
                    global int *o) {
  size_t i = get_global_id(0);
  uint x = a[i], y = b[i];
  const global int *c = acc + 4 * i;
  global int *r = o + 16 * i;
  r[4] = (int)dot_acc_sat(as_uchar4(x), as_uchar4(y), (uint)c[0]);
  r[5] = dot_acc_sat(as_char4(x), as_char4(y), c[1]);
  r[6] = dot_acc_sat(as_uchar4(x), as_char4(y), c[2]);
  r[7] = dot_acc_sat(as_char4(x), as_uchar4(y), c[3]);
  r[8] = (int)dot_4x8packed_uu_uint(x, y);
  r[9] = dot_4x8packed_ss_int(x, y);
  r[10] = dot_4x8packed_us_int(x, y);
  r[11] = dot_4x8packed_su_int(x, y);
  r[12] = (int)dot_acc_sat_4x8packed_uu_uint(x, y, (uint)c[0]);
  r[13] = dot_acc_sat_4x8packed_ss_int(x, y, c[1]);
  r[14] = dot_acc_sat_4x8packed_us_int(x, y, c[2]);
  r[15] = dot_acc_sat_4x8packed_su_int(x, y, c[3]);
}

kernel void il_bits_uint(global const uint *x, global const uint *y, global const uint *off,
                         global const uint *cnt, global uint *o) {
  size_t i = get_global_id(0);
  o[4 * i] = bitfield_insert(x[i], y[i], off[i], cnt[i]);
  o[4 * i + 1] = as_uint(bitfield_extract_signed(x[i], off[i], cnt[i]));
  o[4 * i + 2] = bitfield_extract_unsigned(x[i], off[i], cnt[i]);
  o[4 * i + 3] = bit_reverse(x[i]);
}
