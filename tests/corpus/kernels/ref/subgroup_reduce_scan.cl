// Reference for subgroup_reduce_scan.cl and, built with -DWITH_FP64 (its RUN
// options), subgroup_reduce_double.cl (OpenCL 1.2, run on PoCL with
// -D SG_SIZE=W): each work-item recomputes its sub-group's results from the
// work-group's values in __local memory, in the order wavesim's lowering
// combines them (a butterfly for reductions, Hillis-Steele for scans), with
// the operation's identity for the lanes past the end of a partial sub-group
// and, in the non-uniform kernel, for the inactive lanes.
#define ADD(a, b) ((a) + (b))
#define MIN(a, b) ((b) < (a) ? (b) : (a))
#define MAX(a, b) ((b) > (a) ? (b) : (a))
#define MUL(a, b) ((a) * (b))

/* lane k of the sub-group takes part when ACTIVE (an expression of k) */
#define LOAD(ACTIVE, ID)                                                       \
  for (int k = 0; k < SG_SIZE; k++) t[k] = (ACTIVE) ? v[base + k] : (ID);
#define REDUCE(T, OP, ID, ACTIVE, R)                                           \
  {                                                                            \
    T t[SG_SIZE];                                                              \
    LOAD(ACTIVE, ID)                                                           \
    for (int d = 1; d < SG_SIZE; d <<= 1)                                      \
      for (int k = 0; k < SG_SIZE; k++)                                        \
        if (k < (k ^ d)) {                                                     \
          T a = t[k], b = t[k ^ d];                                            \
          t[k] = OP(a, b);                                                     \
          t[k ^ d] = OP(b, a);                                                 \
        }                                                                      \
    R = t[sl];                                                                 \
  }
#define SCAN(T, OP, ID, FIRST, EXCL, ACTIVE, R)                                \
  {                                                                            \
    T t[SG_SIZE];                                                              \
    LOAD(ACTIVE, ID)                                                           \
    if (EXCL) {                                                                \
      for (int k = SG_SIZE - 1; k > 0; k--) t[k] = t[k - 1];                   \
      t[0] = (FIRST);                                                          \
    }                                                                          \
    for (int d = 1; d < SG_SIZE; d <<= 1)                                      \
      for (int k = SG_SIZE - 1; k >= 0; k--) t[k] = OP(k >= d ? t[k - d] : (ID), t[k]); \
    R = t[sl];                                                                 \
  }
#define SETUP(T)                                                               \
  local T v[256];                                                              \
  int l = get_local_id(0), n = get_local_size(0);                              \
  size_t g = get_global_id(0);                                                 \
  v[l] = in[g];                                                                \
  barrier(CLK_LOCAL_MEM_FENCE);                                                \
  int base = l / SG_SIZE * SG_SIZE, sl = l % SG_SIZE;                          \
  int cnt = n - base < SG_SIZE ? n - base : SG_SIZE;
/* NOUT outputs a work-item: the nine results, then (NOUT 10) the broadcast
 * of lane 2 */
#define SG_KERNEL(T, NAME, NOUT, ZERO, IDADD, TMAX, TMIN)                      \
  kernel void NAME(global const T *in, global T *out) {                       \
    SETUP(T)                                                                   \
    global T *o = out + g * NOUT;                                              \
    REDUCE(T, ADD, IDADD, k < cnt, o[0])                                       \
    REDUCE(T, MIN, TMAX, k < cnt, o[1])                                        \
    REDUCE(T, MAX, TMIN, k < cnt, o[2])                                        \
    SCAN(T, ADD, IDADD, ZERO, 0, k < cnt, o[3])                                \
    SCAN(T, MIN, TMAX, TMAX, 0, k < cnt, o[4])                                 \
    SCAN(T, MAX, TMIN, TMIN, 0, k < cnt, o[5])                                 \
    SCAN(T, ADD, IDADD, ZERO, 1, k < cnt, o[6])                                \
    SCAN(T, MIN, TMAX, TMAX, 1, k < cnt, o[7])                                 \
    SCAN(T, MAX, TMIN, TMIN, 1, k < cnt, o[8])                                 \
    if (NOUT > 9) o[9] = v[base + 2];                                          \
  }
SG_KERNEL(int, sg_int, 9, 0, 0, INT_MAX, INT_MIN)
SG_KERNEL(uint, sg_uint, 9, 0u, 0u, UINT_MAX, 0u)
SG_KERNEL(long, sg_long, 9, 0l, 0l, LONG_MAX, LONG_MIN)
SG_KERNEL(ulong, sg_ulong, 9, 0ul, 0ul, ULONG_MAX, 0ul)
SG_KERNEL(float, sg_float, 9, 0.0f, -0.0f, INFINITY, -INFINITY)

#ifdef WITH_FP64
#pragma OPENCL EXTENSION cl_khr_fp64 : enable
SG_KERNEL(double, sg_double, 10, 0.0, -0.0, INFINITY, -INFINITY)

/* the non-uniform ones: work-items with x <= -1 take no part (the identity) */
kernel void nu_double(global const double *in, global double *out) {
  SETUP(double)
  double x = v[l];
  global double *o = out + g * 5;
  o[4] = (sl ^ 1) < cnt ? v[base + (sl ^ 1)] : x;
  if (x > -1.0) {
    REDUCE(double, ADD, -0.0, k < cnt && v[base + k] > -1.0, o[0])
    REDUCE(double, MUL, 1.0, k < cnt && v[base + k] > -1.0, o[1])
    SCAN(double, MAX, -INFINITY, -INFINITY, 0, k < cnt && v[base + k] > -1.0, o[2])
    SCAN(double, ADD, -0.0, 0.0, 1, k < cnt && v[base + k] > -1.0, o[3])
  }
}
#endif
