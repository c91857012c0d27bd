// Reference for workgroup_collective.cl and, built with -DWITH_FP64 (its RUN
// options), workgroup_collective_double.cl (OpenCL 1.2 on PoCL, -D SG_SIZE=W):
// each work-item recomputes the group's results from __local memory in the
// lowering's order: within each sub-group a butterfly (reductions) or
// Hillis-Steele scan, then across sub-groups a butterfly over lanes holding
// the sub-groups' results (the identity past them), combined with the
// work-item's own sub-group result last.
#define ADD(a, b) ((a) + (b))
#define MIN(a, b) ((b) < (a) ? (b) : (a))
#define MAX(a, b) ((b) > (a) ? (b) : (a))

/* butterfly over SG_SIZE values in t, result in lane `at` */
#define BFLY(T, OP, t)                                                          \
  for (int d = 1; d < SG_SIZE; d <<= 1)                                         \
    for (int k = 0; k < SG_SIZE; k++)                                           \
      if (k < (k ^ d)) {                                                        \
        T a_ = t[k], b_ = t[k ^ d];                                             \
        t[k] = OP(a_, b_);                                                      \
        t[k ^ d] = OP(b_, a_);                                                  \
      }
#define HS(T, OP, ID, t)                                                        \
  for (int d = 1; d < SG_SIZE; d <<= 1)                                         \
    for (int k = SG_SIZE - 1; k >= 0; k--) t[k] = OP(k >= d ? t[k - d] : (ID), t[k]);

/* sub-group j's values (identity past the group's end) into t */
#define LOADSG(j, ID)                                                           \
  for (int k = 0; k < SG_SIZE; k++) t[k] = (j) * SG_SIZE + k < n ? v[(j) * SG_SIZE + k] : (ID);

#define WG_REDUCE(T, OP, ID, R)                                                 \
  {                                                                             \
    T t[SG_SIZE], p[SG_SIZE];                                                   \
    for (int k = 0; k < SG_SIZE; k++) p[k] = (ID);                              \
    for (int j = 0; j < nsg; j++) {                                             \
      LOADSG(j, ID) BFLY(T, OP, t) p[j] = t[0];                                 \
    }                                                                           \
    BFLY(T, OP, p) R = p[0];                                                    \
  }
#define WG_SCAN(T, OP, ID, FIRST, EXCL, R)                                      \
  {                                                                             \
    T t[SG_SIZE], p[SG_SIZE], mine;                                             \
    for (int k = 0; k < SG_SIZE; k++) p[k] = (ID);                              \
    for (int j = 0; j < sg; j++) {                                              \
      int cnt = n - j * SG_SIZE < SG_SIZE ? n - j * SG_SIZE : SG_SIZE;          \
      LOADSG(j, ID) HS(T, OP, ID, t) p[j] = t[cnt - 1];                         \
    }                                                                           \
    BFLY(T, OP, p)                                                              \
    LOADSG(sg, ID)                                                              \
    if (EXCL) {                                                                 \
      for (int k = SG_SIZE - 1; k > 0; k--) t[k] = t[k - 1];                    \
      t[0] = (FIRST);                                                           \
    }                                                                           \
    HS(T, OP, ID, t) mine = t[sl];                                              \
    R = OP(p[0], mine);                                                         \
  }
#define SETUP(T)                                                                \
  local T v[256];                                                               \
  int l = get_local_id(1) * get_local_size(0) + get_local_id(0);                \
  int n = get_local_size(0) * get_local_size(1);                                \
  v[l] = in[g];                                                                 \
  barrier(CLK_LOCAL_MEM_FENCE);                                                 \
  int sg = l / SG_SIZE, sl = l % SG_SIZE, nsg = (n + SG_SIZE - 1) / SG_SIZE;    \
  T x = v[l];

#define WG_KERNEL(T, NAME, ZERO, IDADD, TMAX, TMIN)                             \
  kernel void NAME(global const T *in, global T *out) {                        \
    size_t g = get_global_id(0);                                                \
    SETUP(T)                                                                    \
    global T *o = out + g * 11;                                                 \
    WG_REDUCE(T, ADD, IDADD, o[0])                                              \
    WG_REDUCE(T, MIN, TMAX, o[1])                                               \
    WG_REDUCE(T, MAX, TMIN, o[2])                                               \
    WG_SCAN(T, ADD, IDADD, ZERO, 0, o[3])                                       \
    WG_SCAN(T, MIN, TMAX, TMAX, 0, o[4])                                        \
    WG_SCAN(T, MAX, TMIN, TMIN, 0, o[5])                                        \
    WG_SCAN(T, ADD, IDADD, ZERO, 1, o[6])                                       \
    WG_SCAN(T, MIN, TMAX, TMAX, 1, o[7])                                        \
    WG_SCAN(T, MAX, TMIN, TMIN, 1, o[8])                                        \
    o[9] = v[37];                                                               \
    int any = 0, all = 1;                                                       \
    for (int k = 0; k < n; k++) any |= v[k] == in[3], all &= v[k] != in[5];     \
    o[10] = any + 2 * all;                                                      \
    (void)x;                                                                    \
  }
WG_KERNEL(int, wg_int, 0, 0, INT_MAX, INT_MIN)
WG_KERNEL(uint, wg_uint, 0u, 0u, UINT_MAX, 0u)
WG_KERNEL(long, wg_long, 0l, 0l, LONG_MAX, LONG_MIN)
WG_KERNEL(ulong, wg_ulong, 0ul, 0ul, ULONG_MAX, 0ul)
WG_KERNEL(float, wg_float, 0.0f, -0.0f, INFINITY, -INFINITY)
#ifdef WITH_FP64
#pragma OPENCL EXTENSION cl_khr_fp64 : enable
WG_KERNEL(double, wg_double, 0.0, -0.0, INFINITY, -INFINITY)
#endif

kernel void wg_2d(global const float *in, global float *out) {
  size_t g = get_global_id(1) * get_global_size(0) + get_global_id(0);
  SETUP(float)
  global float *o = out + g * 4;
  WG_REDUCE(float, ADD, -0.0f, o[0])
  WG_SCAN(float, ADD, -0.0f, 0.0f, 0, o[1])
  o[2] = v[2 * get_local_size(0) + 3];
  WG_SCAN(float, MAX, -INFINITY, -INFINITY, 1, o[3])
  (void)x;
}
