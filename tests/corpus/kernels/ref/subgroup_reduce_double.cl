// Reference for subgroup_reduce_double.cl: as ref/subgroup_reduce_scan.cl
// (the same macros), on double, plus the broadcast of lane 2.
#pragma OPENCL EXTENSION cl_khr_fp64 : enable
#define ADD(a, b) ((a) + (b))
#define MIN(a, b) ((b) < (a) ? (b) : (a))
#define MAX(a, b) ((b) > (a) ? (b) : (a))

#define REDUCE(T, OP, ID, R)                                                   \
  {                                                                            \
    T t[SG_SIZE];                                                              \
    for (int k = 0; k < SG_SIZE; k++) t[k] = k < cnt ? v[base + k] : (ID);    \
    for (int d = 1; d < SG_SIZE; d <<= 1)                                      \
      for (int k = 0; k < SG_SIZE; k++)                                        \
        if (k < (k ^ d)) {                                                     \
          T a = t[k], b = t[k ^ d];                                            \
          t[k] = OP(a, b);                                                     \
          t[k ^ d] = OP(b, a);                                                 \
        }                                                                      \
    R = t[sl];                                                                 \
  }
#define SCAN(T, OP, ID, FIRST, EXCL, R)                                        \
  {                                                                            \
    T t[SG_SIZE];                                                              \
    for (int k = 0; k < SG_SIZE; k++) t[k] = k < cnt ? v[base + k] : (ID);    \
    if (EXCL) {                                                                \
      for (int k = SG_SIZE - 1; k > 0; k--) t[k] = t[k - 1];                   \
      t[0] = (FIRST);                                                          \
    }                                                                          \
    for (int d = 1; d < SG_SIZE; d <<= 1)                                      \
      for (int k = SG_SIZE - 1; k >= 0; k--) t[k] = OP(k >= d ? t[k - d] : (ID), t[k]); \
    R = t[sl];                                                                 \
  }
#define SG_KERNEL(T, NAME, ZERO, IDADD, TMAX, TMIN)                            \
  kernel void NAME(global const T *in, global T *out) {                       \
    local T v[256];                                                            \
    int l = get_local_id(0), n = get_local_size(0);                            \
    size_t g = get_global_id(0);                                               \
    v[l] = in[g];                                                              \
    barrier(CLK_LOCAL_MEM_FENCE);                                              \
    int base = l / SG_SIZE * SG_SIZE, sl = l % SG_SIZE;                        \
    int cnt = n - base < SG_SIZE ? n - base : SG_SIZE;                         \
    global T *o = out + g * 10;                                                 \
    REDUCE(T, ADD, IDADD, o[0])                                                \
    REDUCE(T, MIN, TMAX, o[1])                                                 \
    REDUCE(T, MAX, TMIN, o[2])                                                 \
    SCAN(T, ADD, IDADD, ZERO, 0, o[3])                                         \
    SCAN(T, MIN, TMAX, TMAX, 0, o[4])                                          \
    SCAN(T, MAX, TMIN, TMIN, 0, o[5])                                          \
    SCAN(T, ADD, IDADD, ZERO, 1, o[6])                                         \
    SCAN(T, MIN, TMAX, TMAX, 1, o[7])                                          \
    SCAN(T, MAX, TMIN, TMIN, 1, o[8])                                          \
    o[9] = v[base + 2];                                                        \
  }
SG_KERNEL(double, sg_double, 0.0, -0.0, INFINITY, -INFINITY)

/* the non-uniform ones: work-items with x <= -1 hold the identity */
#define MUL(a, b) ((a) * (b))
#define NU_REDUCE(OP, ID, R)                                                   \
  {                                                                            \
    double t[SG_SIZE];                                                         \
    for (int k = 0; k < SG_SIZE; k++)                                          \
      t[k] = k < cnt && v[base + k] > -1.0 ? v[base + k] : (ID);               \
    for (int d = 1; d < SG_SIZE; d <<= 1)                                      \
      for (int k = 0; k < SG_SIZE; k++)                                        \
        if (k < (k ^ d)) {                                                     \
          double a = t[k], b = t[k ^ d];                                       \
          t[k] = OP(a, b);                                                     \
          t[k ^ d] = OP(b, a);                                                 \
        }                                                                      \
    R = t[sl];                                                                 \
  }
#define NU_SCAN(OP, ID, FIRST, EXCL, R)                                        \
  {                                                                            \
    double t[SG_SIZE];                                                         \
    for (int k = 0; k < SG_SIZE; k++)                                          \
      t[k] = k < cnt && v[base + k] > -1.0 ? v[base + k] : (ID);               \
    if (EXCL) {                                                                \
      for (int k = SG_SIZE - 1; k > 0; k--) t[k] = t[k - 1];                   \
      t[0] = (FIRST);                                                          \
    }                                                                          \
    for (int d = 1; d < SG_SIZE; d <<= 1)                                      \
      for (int k = SG_SIZE - 1; k >= 0; k--) t[k] = OP(k >= d ? t[k - d] : (ID), t[k]); \
    R = t[sl];                                                                 \
  }
kernel void nu_double(global const double *in, global double *out) {
  local double v[256];
  int l = get_local_id(0), n = get_local_size(0);
  size_t g = get_global_id(0);
  v[l] = in[g];
  barrier(CLK_LOCAL_MEM_FENCE);
  int base = l / SG_SIZE * SG_SIZE, sl = l % SG_SIZE;
  int cnt = n - base < SG_SIZE ? n - base : SG_SIZE;
  double x = v[l];
  global double *o = out + g * 5;
  o[4] = (sl ^ 1) < cnt ? v[base + (sl ^ 1)] : x;
  if (x > -1.0) {
    NU_REDUCE(ADD, -0.0, o[0])
    NU_REDUCE(MUL, 1.0, o[1])
    NU_SCAN(MAX, -INFINITY, -INFINITY, 0, o[2])
    NU_SCAN(ADD, -0.0, 0.0, 1, o[3])
  }
}
