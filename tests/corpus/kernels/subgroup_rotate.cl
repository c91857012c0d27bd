// cl_khr_subgroup_rotate (declared by wavesim's force-included header, as
// clang 14 lacks it): sub_group_rotate by positive and negative deltas
// (modulo the largest sub-group size) and sub_group_clustered_rotate within
// aligned clusters of 1 to 32, on int, long, float and char. A result is kept
// only where its source work-item exists (the spec leaves the rest
// undefined); elsewhere the input is stored. Work-groups of 100.
// REF: emulated ref/subgroup_rotate.cl
// RUN: kernel=rot_int global=200 local=100 opts=-cl-std=CL3.0 args=ri:buf:int:200:rand(-100000,100000) ro:buf:int:1400:zero
// RUN: kernel=rot_long global=200 local=100 opts=-cl-std=CL3.0 args=rl:buf:long:200:rand(-10000000000,10000000000) rlo:buf:long:400:zero
// RUN: kernel=rot_float global=200 local=100 opts=-cl-std=CL3.0 args=rf:buf:float:200:rand(-10,10) rfo:buf:float:400:zero
// RUN: kernel=rot_char global=200 local=100 opts=-cl-std=CL3.0 args=rc:buf:char:200:rand(-100,100) rco:buf:char:400:zero
#define ROT_SRC(l, d, m) ((uint)(((int)(l) + (d) % (int)(m) + (int)(m)) % (int)(m)))
#define CL_SRC(l, d, c) ((((l) + (uint)(d)) & ((c) - 1)) + ((l) & ~((c) - 1)))
/* the rotate runs in uniform control flow first; only then is its result
 * kept or not (a call inside the ?: would run in divergent code) */
#define KEEP(r, s, x) ((s) < n ? (r) : (x))
kernel void rot_int(global const int *in, global int *out) {
  size_t g = get_global_id(0);
  uint l = get_sub_group_local_id(), n = get_sub_group_size(), m = get_max_sub_group_size();
  int x = in[g];
  global int *o = out + g * 7;
  __typeof__(x) r1 = sub_group_rotate(x, 1);
  o[0] = KEEP(r1, ROT_SRC(l, 1, m), x);
  __typeof__(x) r2 = sub_group_rotate(x, -3);
  o[1] = KEEP(r2, ROT_SRC(l, -3, m), x);
  __typeof__(x) r3 = sub_group_rotate(x, 37);
  o[2] = KEEP(r3, ROT_SRC(l, 37, m), x);
  __typeof__(x) r4 = sub_group_clustered_rotate(x, 1, 2);
  o[3] = KEEP(r4, CL_SRC(l, 1, 2u), x);
  __typeof__(x) r5 = sub_group_clustered_rotate(x, -2, 8);
  o[4] = KEEP(r5, CL_SRC(l, -2, 8u), x);
  __typeof__(x) r6 = sub_group_clustered_rotate(x, 5, 32);
  o[5] = KEEP(r6, CL_SRC(l, 5, 32u), x);
  o[6] = sub_group_clustered_rotate(x, 3, 1);
}
kernel void rot_long(global const long *in, global long *out) {
  size_t g = get_global_id(0);
  uint l = get_sub_group_local_id(), n = get_sub_group_size(), m = get_max_sub_group_size();
  long x = in[g];
  __typeof__(x) r7 = sub_group_rotate(x, 2);
  out[g * 2] = KEEP(r7, ROT_SRC(l, 2, m), x);
  __typeof__(x) r8 = sub_group_clustered_rotate(x, 3, 4);
  out[g * 2 + 1] = KEEP(r8, CL_SRC(l, 3, 4u), x);
}
kernel void rot_float(global const float *in, global float *out) {
  size_t g = get_global_id(0);
  uint l = get_sub_group_local_id(), n = get_sub_group_size(), m = get_max_sub_group_size();
  float x = in[g];
  __typeof__(x) r9 = sub_group_rotate(x, -1);
  out[g * 2] = KEEP(r9, ROT_SRC(l, -1, m), x);
  __typeof__(x) r10 = sub_group_clustered_rotate(x, 7, 16);
  out[g * 2 + 1] = KEEP(r10, CL_SRC(l, 7, 16u), x);
}
kernel void rot_char(global const char *in, global char *out) {
  size_t g = get_global_id(0);
  uint l = get_sub_group_local_id(), n = get_sub_group_size(), m = get_max_sub_group_size();
  char x = in[g];
  __typeof__(x) r11 = sub_group_rotate(x, 4);
  out[g * 2] = KEEP(r11, ROT_SRC(l, 4, m), x);
  __typeof__(x) r12 = sub_group_clustered_rotate(x, 1, 8);
  out[g * 2 + 1] = KEEP(r12, CL_SRC(l, 1, 8u), x);
}
