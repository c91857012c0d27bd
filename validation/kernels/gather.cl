/* Loaded-latency microbenchmark ("gather" family of validation/hwbench.c):
 * every work-item follows its own place in one random cycle over a working
 * set (one node per 128-byte line), so each step of a warp is a gather of
 * 32 distinct lines and the next step waits for all of them. With W warps
 * per SM, W x 32 lines are in flight per SM; the time per step is the
 * memory system's round trip at that load, from one warp (the unloaded
 * latency) up to the point where bandwidth, not latency, sets it. The
 * working set picks the level: 4 MB stays in the L2, 256 MB goes to DRAM. */
__kernel void gather_chase(__global const uint *next, __global uint *out, const uint nodes,
                           const int steps)
{
    const uint gid = get_global_id(0);
    /* spread the starts over the cycle's positions: node 0 and every
     * 7919th one after it (a prime, so starts of nearby items are far apart) */
    uint p = (uint)(((ulong)gid * 7919u) % nodes) * 32u;
    for (int i = 0; i < steps; ++i)
        p = next[p];
    out[gid] = p;
}
