/* Whole-kernel family "scan": inclusive prefix sum of n uints. Every variant
 * is a three-phase device-wide scan: scan_block scans each work-group's
 * CHUNK of elements and writes the chunk total to sums[group]; the host
 * applies it again to sums (recursively) and add_offsets adds each chunk's
 * scanned predecessor total. The variants differ in the block algorithm:
 *   ALGO 0  Hillis-Steele (CHUNK = WG, log2(WG) steps of WG adds, double buffer)
 *   ALGO 1  Blelloch work-efficient (CHUNK = 2*WG, up-sweep + down-sweep)
 *   ALGO 2  per-work-item serial scan of 8 elements, then Blelloch over the
 *           WG per-item totals (CHUNK = 8*WG)
 * Build defines: ALGO, WG (a power of two). */
#ifndef WG
#define WG 256
#endif
#ifndef ALGO
#define ALGO 0
#endif
#if ALGO == 0
#define CHUNK WG
#elif ALGO == 1
#define CHUNK (2 * WG)
#else
#define SER 8
#define CHUNK (SER * WG)
#endif

/* Exclusive Blelloch scan of s[0..m) in place (m a power of two <= 2*WG);
 * returns the total. Called by all WG work-items. */
static uint blelloch(__local uint *s, const uint m, const uint tid)
{
    uint off = 1;
    for (uint d = m >> 1; d > 0; d >>= 1) {
        barrier(CLK_LOCAL_MEM_FENCE);
        if (tid < d) {
            const uint ai = off * (2 * tid + 1) - 1, bi = off * (2 * tid + 2) - 1;
            s[bi] += s[ai];
        }
        off <<= 1;
    }
    barrier(CLK_LOCAL_MEM_FENCE);
    const uint total = s[m - 1];
    barrier(CLK_LOCAL_MEM_FENCE);
    if (tid == 0) s[m - 1] = 0;
    for (uint d = 1; d < m; d <<= 1) {
        off >>= 1;
        barrier(CLK_LOCAL_MEM_FENCE);
        if (tid < d) {
            const uint ai = off * (2 * tid + 1) - 1, bi = off * (2 * tid + 2) - 1;
            const uint t = s[ai];
            s[ai] = s[bi];
            s[bi] += t;
        }
    }
    barrier(CLK_LOCAL_MEM_FENCE);
    return total;
}

__kernel __attribute__((reqd_work_group_size(WG, 1, 1)))
void scan_block(__global const uint *in, __global uint *out, __global uint *sums, const uint n)
{
    const uint tid = get_local_id(0), base = get_group_id(0) * CHUNK;
#if ALGO == 0
    __local uint s[2][WG];
    const uint i = base + tid;
    s[0][tid] = i < n ? in[i] : 0;
    uint src = 0;
    for (uint d = 1; d < WG; d <<= 1) {
        barrier(CLK_LOCAL_MEM_FENCE);
        const uint v = s[src][tid];
        s[1 - src][tid] = tid >= d ? v + s[src][tid - d] : v;
        src = 1 - src;
    }
    barrier(CLK_LOCAL_MEM_FENCE);
    if (i < n) out[i] = s[src][tid];
    if (tid == WG - 1) sums[get_group_id(0)] = s[src][tid];
#elif ALGO == 1
    __local uint s[2 * WG];
    const uint i0 = base + tid, i1 = base + tid + WG;
    const uint v0 = i0 < n ? in[i0] : 0, v1 = i1 < n ? in[i1] : 0;
    s[tid] = v0;
    s[tid + WG] = v1;
    const uint total = blelloch(s, 2 * WG, tid);
    if (i0 < n) out[i0] = s[tid] + v0;
    if (i1 < n) out[i1] = s[tid + WG] + v1;
    if (tid == 0) sums[get_group_id(0)] = total;
#else
    __local uint s[WG];
    uint v[SER];
    uint run = 0;
    /* Strided loads coalesce; each work-item then owns SER consecutive
     * elements, staged through __local in SER rounds. */
    __local uint stage[CHUNK];
    for (uint k = 0; k < SER; ++k) {
        const uint i = base + k * WG + tid;
        stage[k * WG + tid] = i < n ? in[i] : 0;
    }
    barrier(CLK_LOCAL_MEM_FENCE);
    for (uint k = 0; k < SER; ++k) {
        run += stage[tid * SER + k];
        v[k] = run;
    }
    s[tid] = run;
    const uint total = blelloch(s, WG, tid);
    const uint pre = s[tid];
    for (uint k = 0; k < SER; ++k)
        stage[tid * SER + k] = v[k] + pre;
    barrier(CLK_LOCAL_MEM_FENCE);
    for (uint k = 0; k < SER; ++k) {
        const uint i = base + k * WG + tid;
        if (i < n) out[i] = stage[k * WG + tid];
    }
    if (tid == 0) sums[get_group_id(0)] = total;
#endif
}

/* out[i] += scanned_sums[chunk - 1] for every chunk but the first. */
__kernel __attribute__((reqd_work_group_size(WG, 1, 1)))
void add_offsets(__global uint *out, __global const uint *scanned_sums, const uint n)
{
    const uint g = get_group_id(0);
    if (g == 0) return;
    const uint add = scanned_sums[g - 1];
    for (uint k = get_local_id(0); k < CHUNK; k += WG) {
        const uint i = g * CHUNK + k;
        if (i < n) out[i] = add + out[i];
    }
}
