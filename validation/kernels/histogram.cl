/* Whole-kernel family "histogram": 256-bin histogram of n byte values (one
 * uint each). bins[] is zeroed by the host before every launch. */
#define BINS 256

/* One element per work-item, one global atomic each. */
__kernel void hist_global(__global const uint *in, __global uint *bins, const uint n)
{
    const uint i = get_global_id(0);
    if (i < n) atomic_inc(&bins[in[i] & (BINS - 1)]);
}

/* Per-work-group bins in __local (local atomics), then one global atomic add
 * per non-zero bin. The host launches n/16 work-items; each handles the
 * elements strided by the global size, so loads coalesce. */
__kernel __attribute__((reqd_work_group_size(256, 1, 1)))
void hist_local(__global const uint *in, __global uint *bins, const uint n)
{
    __local uint lb[BINS];
    const uint tid = get_local_id(0);
    lb[tid] = 0;
    barrier(CLK_LOCAL_MEM_FENCE);
    const uint stride = get_global_size(0);
    for (uint i = get_global_id(0); i < n; i += stride)
        atomic_inc(&lb[in[i] & (BINS - 1)]);
    barrier(CLK_LOCAL_MEM_FENCE);
    const uint c = lb[tid];
    if (c) atomic_add(&bins[tid], c);
}
