// Reference for subgroup_nonuniform.cl (OpenCL 1.2 on PoCL, -D SG_SIZE=W):
// each taking work-item recomputes its sub-group's results from __local
// memory in the lowering's order (butterfly reductions, Hillis-Steele scans),
// work-items that do not take part holding the identity.
#define ADD(a, b) ((a) + (b))
#define MUL(a, b) ((a) * (b))
#define MIN(a, b) ((b) < (a) ? (b) : (a))
#define MAX(a, b) ((b) > (a) ? (b) : (a))
#define AND(a, b) ((a) & (b))
#define OR(a, b) ((a) | (b))
#define XOR(a, b) ((a) ^ (b))

#define LOAD(T, ID, F)                                                          \
  for (int k = 0; k < SG_SIZE; k++) t[k] = k < cnt && ON(v[base + k]) ? F(v[base + k]) : (ID);
#define REDUCE(T, OP, ID, F, R)                                                 \
  {                                                                             \
    T t[SG_SIZE];                                                               \
    LOAD(T, ID, F)                                                              \
    for (int d = 1; d < SG_SIZE; d <<= 1)                                       \
      for (int k = 0; k < SG_SIZE; k++)                                         \
        if (k < (k ^ d)) {                                                      \
          T a = t[k], b = t[k ^ d];                                             \
          t[k] = OP(a, b);                                                      \
          t[k ^ d] = OP(b, a);                                                  \
        }                                                                       \
    R = t[sl];                                                                  \
  }
#define SCAN(T, OP, ID, FIRST, EXCL, F, R)                                      \
  {                                                                             \
    T t[SG_SIZE];                                                               \
    LOAD(T, ID, F)                                                              \
    if (EXCL) {                                                                 \
      for (int k = SG_SIZE - 1; k > 0; k--) t[k] = t[k - 1];                    \
      t[0] = (FIRST);                                                           \
    }                                                                           \
    for (int d = 1; d < SG_SIZE; d <<= 1)                                       \
      for (int k = SG_SIZE - 1; k >= 0; k--) t[k] = OP(k >= d ? t[k - d] : (ID), t[k]); \
    R = t[sl];                                                                  \
  }
#define SAME(x) (x)
#define POS(x) ((x) > 0)
#define GT40(x) ((x) > 40)
#define ODD(x) ((x) & 1)
#define GTM40(x) ((x) > -40)

#define PROLOGUE(T)                                                             \
  local T v[256];                                                               \
  int l = get_local_id(0), n = get_local_size(0);                               \
  size_t g = get_global_id(0);                                                  \
  v[l] = in[g];                                                                 \
  barrier(CLK_LOCAL_MEM_FENCE);                                                 \
  int base = l / SG_SIZE * SG_SIZE, sl = l % SG_SIZE;                           \
  int cnt = n - base < SG_SIZE ? n - base : SG_SIZE;                            \
  T x = v[l];

#define ON(x) ((x) % 3 != 0)
#define INT_KERNEL(T, NAME, TMAX, TMIN)                                         \
  kernel void NAME(global const T *in, global T *out) {                        \
    PROLOGUE(T)                                                                 \
    global T *o = out + g * 18;                                                 \
    if (!ON(x)) return;                                                         \
    REDUCE(T, ADD, 0, SAME, o[0])                                               \
    REDUCE(T, MUL, 1, SAME, o[1])                                               \
    REDUCE(T, MIN, TMAX, SAME, o[2])                                            \
    REDUCE(T, MAX, TMIN, SAME, o[3])                                            \
    REDUCE(T, AND, (T)~(T)0, SAME, o[4])                                        \
    REDUCE(T, OR, 0, SAME, o[5])                                                \
    REDUCE(T, XOR, 0, SAME, o[6])                                               \
    SCAN(T, ADD, 0, 0, 0, SAME, o[7])                                           \
    SCAN(T, MUL, 1, 1, 0, SAME, o[8])                                           \
    SCAN(T, MIN, TMAX, TMAX, 0, SAME, o[9])                                     \
    SCAN(T, MAX, TMIN, TMIN, 1, SAME, o[10])                                    \
    SCAN(T, AND, (T)~(T)0, (T)~(T)0, 1, SAME, o[11])                            \
    SCAN(T, OR, 0, 0, 1, SAME, o[12])                                           \
    SCAN(T, XOR, 0, 0, 0, SAME, o[13])                                          \
    {                                                                           \
      int r;                                                                    \
      REDUCE(int, AND, 1, POS, r) o[14] = r;                                    \
      REDUCE(int, OR, 0, GT40, r) o[15] = r;                                    \
      SCAN(int, XOR, 0, 0, 0, ODD, r) o[16] = r;                                \
      SCAN(int, AND, 1, 1, 1, GTM40, r) o[17] = r;                              \
    }                                                                           \
  }
INT_KERNEL(int, nu_int, INT_MAX, INT_MIN)
INT_KERNEL(uint, nu_uint, UINT_MAX, 0u)
INT_KERNEL(long, nu_long, LONG_MAX, LONG_MIN)
#undef ON

#define ON(x) ((x) > -1.0f)
kernel void nu_float(global const float *in, global float *out) {
  PROLOGUE(float)
  global float *o = out + g * 9;
  if (!ON(x)) return;
  REDUCE(float, ADD, -0.0f, SAME, o[0])
  REDUCE(float, MUL, 1.0f, SAME, o[1])
  REDUCE(float, MIN, INFINITY, SAME, o[2])
  REDUCE(float, MAX, -INFINITY, SAME, o[3])
  SCAN(float, ADD, -0.0f, 0.0f, 0, SAME, o[4])
  SCAN(float, MUL, 1.0f, 1.0f, 0, SAME, o[5])
  SCAN(float, ADD, -0.0f, 0.0f, 1, SAME, o[6])
  SCAN(float, MIN, INFINITY, INFINITY, 1, SAME, o[7])
  SCAN(float, MAX, -INFINITY, -INFINITY, 0, SAME, o[8])
}
