__kernel void int_dot_bits(__global int *o, __global const uint *a, __global const char4 *c,
                           __global const ushort *s) {
  size_t i = get_global_id(0);
  o[0] = dot(as_char4(a[i]), c[i]);
  o[1] = dot_acc_sat(as_uchar4(a[i]), c[i], o[1]);
  o[2] = (int)dot_acc_sat_4x8packed_uu_uint(a[i], a[i + 1], (uint)o[2]);
  o[3] = bitfield_insert(o[3], (int)a[i], 4, 8);
  o[4] = bitfield_extract_signed(o[4], a[i], 3);
  o[5] = (int)bit_reverse(a[i]);
  o[6] = bitfield_extract_unsigned(s[i], 4, a[i]);
}
