// Reference for subgroup_rotate.cl (OpenCL 1.2 on PoCL, -D SG_SIZE=W): the
// source work-item of each rotate computed from the definitions, its value
// read from __local memory.
#define ROT_SRC(l, d, m) ((uint)(((int)(l) + (d) % (int)(m) + (int)(m)) % (int)(m)))
#define CL_SRC(l, d, c) ((((l) + (uint)(d)) & ((c) - 1)) + ((l) & ~((c) - 1)))
#define GET(s) ((s) < n ? v[b + (s)] : x)
#define SETUP(T)                                                               \
  local T v[256];                                                              \
  uint lid = get_local_id(0), ln = get_local_size(0);                          \
  size_t g = get_global_id(0);                                                 \
  v[lid] = in[g];                                                              \
  barrier(CLK_LOCAL_MEM_FENCE);                                                \
  uint b = lid / SG_SIZE * SG_SIZE, l = lid % SG_SIZE;                         \
  uint n = ln - b < SG_SIZE ? ln - b : SG_SIZE;                                \
  uint m = ln < SG_SIZE ? ln : SG_SIZE;                                        \
  T x = v[lid];
kernel void rot_int(global const int *in, global int *out) {
  SETUP(int)
  global int *o = out + g * 7;
  o[0] = GET(ROT_SRC(l, 1, m));
  o[1] = GET(ROT_SRC(l, -3, m));
  o[2] = GET(ROT_SRC(l, 37, m));
  o[3] = GET(CL_SRC(l, 1, 2u));
  o[4] = GET(CL_SRC(l, -2, 8u));
  o[5] = GET(CL_SRC(l, 5, 32u));
  o[6] = x;
}
kernel void rot_long(global const long *in, global long *out) {
  SETUP(long)
  out[g * 2] = GET(ROT_SRC(l, 2, m));
  out[g * 2 + 1] = GET(CL_SRC(l, 3, 4u));
}
kernel void rot_float(global const float *in, global float *out) {
  SETUP(float)
  out[g * 2] = GET(ROT_SRC(l, -1, m));
  out[g * 2 + 1] = GET(CL_SRC(l, 7, 16u));
}
kernel void rot_char(global const char *in, global char *out) {
  SETUP(char)
  out[g * 2] = GET(ROT_SRC(l, 4, m));
  out[g * 2 + 1] = GET(CL_SRC(l, 1, 8u));
}
