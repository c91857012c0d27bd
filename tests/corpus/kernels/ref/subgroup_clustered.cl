// Reference for subgroup_clustered.cl (OpenCL 1.2 on PoCL, -D SG_SIZE=W):
// each cluster of C consecutive work-items of a sub-group reduced in the
// lowering's butterfly order over its own C lanes, lanes past the end of a
// partial sub-group holding the identity.
#define ADD(a, b) ((a) + (b))
#define MUL(a, b) ((a) * (b))
#define MIN(a, b) ((b) < (a) ? (b) : (a))
#define MAX(a, b) ((b) > (a) ? (b) : (a))
#define AND(a, b) ((a) & (b))
#define OR(a, b) ((a) | (b))
#define XOR(a, b) ((a) ^ (b))
#define SAME(x) (x)
#define AND3(x) ((x) & 3)
#define GTM45(x) ((x) > -45)
#define GT45(x) ((x) > 45)
#define ODD(x) ((x) & 1)

#define CLUSTER(T, OP, ID, F, C, R)                                             \
  {                                                                             \
    T t[SG_SIZE];                                                               \
    for (int k = 0; k < SG_SIZE; k++) t[k] = k < cnt ? F(v[base + k]) : (ID);   \
    for (int d = 1; d < (C); d <<= 1)                                           \
      for (int k = 0; k < SG_SIZE; k++)                                         \
        if (k < (k ^ d)) {                                                      \
          T a = t[k], b = t[k ^ d];                                             \
          t[k] = OP(a, b);                                                      \
          t[k ^ d] = OP(b, a);                                                  \
        }                                                                       \
    R = t[sl];                                                                  \
  }
#define PROLOGUE(T)                                                             \
  local T v[256];                                                               \
  int l = get_local_id(0), n = get_local_size(0);                               \
  size_t g = get_global_id(0);                                                  \
  v[l] = in[g];                                                                 \
  barrier(CLK_LOCAL_MEM_FENCE);                                                 \
  int base = l / SG_SIZE * SG_SIZE, sl = l % SG_SIZE;                           \
  int cnt = n - base < SG_SIZE ? n - base : SG_SIZE;                            \
  T x = v[l];

kernel void cl_int(global const int *in, global int *out) {
  PROLOGUE(int)
  global int *o = out + g * 12;
  CLUSTER(int, ADD, 0, SAME, 1, o[0])
  CLUSTER(int, ADD, 0, SAME, 2, o[1])
  CLUSTER(int, MUL, 1, AND3, 4, o[2])
  CLUSTER(int, MIN, INT_MAX, SAME, 8, o[3])
  CLUSTER(int, MAX, INT_MIN, SAME, 16, o[4])
  CLUSTER(int, ADD, 0, SAME, 32, o[5])
  CLUSTER(int, AND, -1, SAME, 2, o[6])
  CLUSTER(int, OR, 0, SAME, 4, o[7])
  CLUSTER(int, XOR, 0, SAME, 8, o[8])
  CLUSTER(int, AND, 1, GTM45, 16, o[9])
  CLUSTER(int, OR, 0, GT45, 4, o[10])
  CLUSTER(int, XOR, 0, ODD, 32, o[11])
  (void)x;
}

#define ULONGV(x) ((ulong)(x))
kernel void cl_long(global const long *in, global long *out) {
  PROLOGUE(long)
  global long *o = out + g * 6;
  CLUSTER(long, ADD, 0, SAME, 2, o[0])
  CLUSTER(long, MIN, LONG_MAX, SAME, 4, o[1])
  CLUSTER(long, MAX, LONG_MIN, SAME, 8, o[2])
  CLUSTER(long, XOR, 0, SAME, 16, o[3])
  {
    ulong r;
    CLUSTER(ulong, MIN, ULONG_MAX, ULONGV, 32, r)
    o[4] = r == (ulong)x;
  }
  CLUSTER(long, ADD, 0, SAME, 1, o[5])
}

kernel void cl_float(global const float *in, global float *out) {
  PROLOGUE(float)
  global float *o = out + g * 6;
  CLUSTER(float, ADD, -0.0f, SAME, 2, o[0])
  CLUSTER(float, ADD, -0.0f, SAME, 8, o[1])
  CLUSTER(float, ADD, -0.0f, SAME, 32, o[2])
  CLUSTER(float, MUL, 1.0f, SAME, 4, o[3])
  CLUSTER(float, MIN, INFINITY, SAME, 16, o[4])
  CLUSTER(float, MAX, -INFINITY, SAME, 1, o[5])
  (void)x;
}
