/* Whole-kernel family "conv1d": out[i] = sum_j in[i + j] * f[j], j < K, for
 * i < n (in holds n + K - 1 values). Build defines: K (taps), WG. */
#ifndef K
#define K 33
#endif
#ifndef WG
#define WG 256
#endif

/* Filter and input both from __global. */
__kernel __attribute__((reqd_work_group_size(WG, 1, 1)))
void conv_global(__global const float *in, __global const float *f, __global float *out,
                 const uint n)
{
    const uint i = get_global_id(0);
    if (i >= n) return;
    float acc = 0.0f;
    for (int j = 0; j < K; ++j)
        acc += in[i + j] * f[j];
    out[i] = acc;
}

/* Filter in __constant: every work-item of a warp reads the same tap. */
__kernel __attribute__((reqd_work_group_size(WG, 1, 1)))
void conv_constant(__global const float *in, __constant float *f, __global float *out,
                   const uint n)
{
    const uint i = get_global_id(0);
    if (i >= n) return;
    float acc = 0.0f;
    for (int j = 0; j < K; ++j)
        acc += in[i + j] * f[j];
    out[i] = acc;
}

/* The group's input window (WG + K - 1 values) goes to __local first;
 * filter in __constant. */
__kernel __attribute__((reqd_work_group_size(WG, 1, 1)))
void conv_tiled(__global const float *in, __constant float *f, __global float *out,
                const uint n)
{
    __local float t[WG + K - 1];
    const uint tid = get_local_id(0), base = get_group_id(0) * WG;
    for (uint k = tid; k < WG + K - 1; k += WG)
        if (base + k < n + K - 1) t[k] = in[base + k];
    barrier(CLK_LOCAL_MEM_FENCE);
    const uint i = base + tid;
    if (i >= n) return;
    float acc = 0.0f;
    for (int j = 0; j < K; ++j)
        acc += t[tid + j] * f[j];
    out[i] = acc;
}
