/* Whole-kernel family "reduction": float sum of n values. One pass reduces
 * each work-group's chunk to one partial sum (out[group]); the host repeats
 * passes until one value is left. Out-of-range elements read as 0.
 * Build define: WG (work-group size, a power of two). */
#ifndef WG
#define WG 256
#endif
/* Per-work-group timing hooks: validation/data/wgtrace.c defines them on
 * NVIDIA's driver (clock reads in PTX); everywhere else they are empty. */
#ifndef WG_TRACE_ARG
#define WG_TRACE_ARG
#define WG_TRACE_BEGIN
#define WG_TRACE_END
#endif

/* Interleaved addressing: tid % (2s) selects the adders, so every warp
 * diverges at every step. */
__kernel __attribute__((reqd_work_group_size(WG, 1, 1)))
void reduce_interleaved(__global const float *in, __global float *out, const uint n WG_TRACE_ARG)
{
    WG_TRACE_BEGIN
    __local float s[WG];
    const uint tid = get_local_id(0), i = get_global_id(0);
    s[tid] = i < n ? in[i] : 0.0f;
    barrier(CLK_LOCAL_MEM_FENCE);
    for (uint d = 1; d < WG; d *= 2) {
        if (tid % (2 * d) == 0) s[tid] += s[tid + d];
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    if (tid == 0) out[get_group_id(0)] = s[0];
    WG_TRACE_END
}

/* Sequential addressing: the active work-items are contiguous, no bank
 * conflicts, whole warps retire from the loop. */
__kernel __attribute__((reqd_work_group_size(WG, 1, 1)))
void reduce_sequential(__global const float *in, __global float *out, const uint n WG_TRACE_ARG)
{
    WG_TRACE_BEGIN
    __local float s[WG];
    const uint tid = get_local_id(0), i = get_global_id(0);
    s[tid] = i < n ? in[i] : 0.0f;
    barrier(CLK_LOCAL_MEM_FENCE);
    for (uint d = WG / 2; d > 0; d >>= 1) {
        if (tid < d) s[tid] += s[tid + d];
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    if (tid == 0) out[get_group_id(0)] = s[0];
    WG_TRACE_END
}

/* First add during the load (a group covers 2*WG elements), then the tree
 * fully unrolled at compile time. Every step keeps its barrier: no
 * warp-synchronous tricks, so it is correct for any sub-group size. */
__kernel __attribute__((reqd_work_group_size(WG, 1, 1)))
void reduce_firstadd(__global const float *in, __global float *out, const uint n WG_TRACE_ARG)
{
    WG_TRACE_BEGIN
    __local float s[WG];
    const uint tid = get_local_id(0);
    const uint i = get_group_id(0) * (2 * WG) + tid;
    float v = i < n ? in[i] : 0.0f;
    if (i + WG < n) v += in[i + WG];
    s[tid] = v;
    barrier(CLK_LOCAL_MEM_FENCE);
#pragma unroll
    for (uint d = WG / 2; d > 0; d >>= 1) {
        if (tid < d) s[tid] += s[tid + d];
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    if (tid == 0) out[get_group_id(0)] = s[0];
    WG_TRACE_END
}

/* Grid-stride accumulation: a fixed grid of work-items sums the input in
 * registers (consecutive work-items read consecutive elements), then each
 * group's tree with sequential addressing. The host runs a few hundred
 * groups in the first pass and one group for the partial sums. */
__kernel __attribute__((reqd_work_group_size(WG, 1, 1)))
void reduce_gridstride(__global const float *in, __global float *out, const uint n WG_TRACE_ARG)
{
    WG_TRACE_BEGIN
    __local float s[WG];
    const uint tid = get_local_id(0);
    float v = 0.0f;
    for (uint i = get_global_id(0); i < n; i += get_global_size(0))
        v += in[i];
    s[tid] = v;
    barrier(CLK_LOCAL_MEM_FENCE);
    for (uint d = WG / 2; d > 0; d >>= 1) {
        if (tid < d) s[tid] += s[tid + d];
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    if (tid == 0) out[get_group_id(0)] = s[0];
    WG_TRACE_END
}
