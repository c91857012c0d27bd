// Reference for subgroup_extended.cl (OpenCL 1.2 on PoCL, -D SG_SIZE=W).
// Integer results do not depend on the combination order: plain loops.
#define MIN(a, b) ((b) < (a) ? (b) : (a))
#define MAX(a, b) ((b) > (a) ? (b) : (a))
#define SG_SETUP(T)                                                            \
  local T v[256];                                                              \
  int l = get_local_id(0), n = get_local_size(0);                              \
  size_t g = get_global_id(0);                                                 \
  v[l] = in[g];                                                                \
  barrier(CLK_LOCAL_MEM_FENCE);                                                \
  int base = l / SG_SIZE * SG_SIZE, sl = l % SG_SIZE;                          \
  int cnt = n - base < SG_SIZE ? n - base : SG_SIZE;
#define EX_KERNEL(T, NAME, TMAX, TMIN)                                         \
  kernel void NAME(global const T *in, global T *out) {                       \
    SG_SETUP(T)                                                                \
    global T *o = out + g * 7;                                                 \
    T s = 0, mn = TMAX, mx = TMIN, is = 0, em = TMAX, im = TMIN;               \
    for (int k = 0; k < cnt; k++) {                                            \
      T y = v[base + k];                                                       \
      s = (T)(s + y);                                                          \
      mn = MIN(mn, y);                                                         \
      mx = MAX(mx, y);                                                         \
      if (k <= sl) is = (T)(is + y), im = MAX(im, y);                          \
      if (k < sl) em = MIN(em, y);                                             \
    }                                                                          \
    o[0] = v[base + 1];                                                        \
    o[1] = s;                                                                  \
    o[2] = mn;                                                                 \
    o[3] = mx;                                                                 \
    o[4] = is;                                                                 \
    o[5] = em;                                                                 \
    o[6] = im;                                                                 \
  }
EX_KERNEL(char, ex_char, CHAR_MAX, CHAR_MIN)
EX_KERNEL(uchar, ex_uchar, UCHAR_MAX, 0)
EX_KERNEL(short, ex_short, SHRT_MAX, SHRT_MIN)
EX_KERNEL(ushort, ex_ushort, USHRT_MAX, 0)

kernel void ex_vec(global const int4 *vi, global const float2 *vf, global const char8 *vc,
                   global const long2 *vl, global int4 *oi, global float2 *of, global char8 *oc,
                   global long2 *ol) {
  local int4 si[256];
  local float2 sf[256];
  local char8 sc[256];
  local long2 sl2[256];
  int l = get_local_id(0), n = get_local_size(0);
  size_t g = get_global_id(0);
  si[l] = vi[g];
  sf[l] = vf[g];
  sc[l] = vc[g];
  sl2[l] = vl[g];
  barrier(CLK_LOCAL_MEM_FENCE);
  int base = l / SG_SIZE * SG_SIZE;
  int cnt = n - base < SG_SIZE ? n - base : SG_SIZE;
  uint last = cnt - 1;
  oi[g] = si[base + last];
  of[g] = sf[base + 2];
  oc[g] = sc[base + last / 3];
  ol[g] = sl2[base];
}
