// Reference for subgroup_reduce_scan.cl (OpenCL 1.2, run on PoCL with
// -D SG_SIZE=W): each work-item recomputes its sub-group's results from the
// work-group's values in __local memory, in the order wavesim's lowering
// combines them (a butterfly for reductions, Hillis-Steele for scans), with
// the operation's identity for the lanes past the end of a partial sub-group.
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
    global T *o = out + g * 9;                                                 \
    REDUCE(T, ADD, IDADD, o[0])                                                \
    REDUCE(T, MIN, TMAX, o[1])                                                 \
    REDUCE(T, MAX, TMIN, o[2])                                                 \
    SCAN(T, ADD, IDADD, ZERO, 0, o[3])                                         \
    SCAN(T, MIN, TMAX, TMAX, 0, o[4])                                          \
    SCAN(T, MAX, TMIN, TMIN, 0, o[5])                                          \
    SCAN(T, ADD, IDADD, ZERO, 1, o[6])                                         \
    SCAN(T, MIN, TMAX, TMAX, 1, o[7])                                          \
    SCAN(T, MAX, TMIN, TMIN, 1, o[8])                                          \
  }
SG_KERNEL(int, sg_int, 0, 0, INT_MAX, INT_MIN)
SG_KERNEL(uint, sg_uint, 0u, 0u, UINT_MAX, 0u)
SG_KERNEL(long, sg_long, 0l, 0l, LONG_MAX, LONG_MIN)
SG_KERNEL(ulong, sg_ulong, 0ul, 0ul, ULONG_MAX, 0ul)
SG_KERNEL(float, sg_float, 0.0f, -0.0f, INFINITY, -INFINITY)
