// Reference for subgroup_shuffle.cl (OpenCL 1.2 on PoCL, -D SG_SIZE=W):
// values exchanged through __local memory; sub-group = local id / SG_SIZE.
#define SH_KERNEL(T, NAME)                                                     \
  kernel void NAME(global const T *in, global T *out) {                       \
    local T v[256];                                                            \
    uint lid = get_local_id(0), ln = get_local_size(0);                        \
    size_t g = get_global_id(0);                                               \
    v[lid] = in[g];                                                            \
    barrier(CLK_LOCAL_MEM_FENCE);                                              \
    uint base = lid / SG_SIZE * SG_SIZE, l = lid % SG_SIZE;                    \
    uint n = ln - base < SG_SIZE ? ln - base : SG_SIZE;                        \
    T x = v[lid];                                                              \
    out[g * 4 + 0] = v[base + (l * 7 + 3) % n];                                \
    out[g * 4 + 1] = (l ^ 5u) < n ? v[base + (l ^ 5u)] : x;                    \
    out[g * 4 + 2] = l >= 3 ? v[base + l - 3] : x;                             \
    out[g * 4 + 3] = l + 6 < n ? v[base + l + 6] : x;                          \
  }
SH_KERNEL(int, sh_int)
SH_KERNEL(long, sh_long)
SH_KERNEL(float, sh_float)
