/* Hot-line microbenchmark ("bcast" family of validation/hwbench.c): one-warp
 * work-groups each follow a pointer chain through a 4 MB working set (one
 * node per 128-byte line, so every step misses the L1 and hits the L2), all
 * 32 lanes on the same address. Started on the same node, every group asks
 * the L2 for the same line at about the same time (the access pattern of a
 * naive n-body's position loads); started apart, they ask for different
 * ones. The time per step shows what a line requested by every SM at once
 * costs beyond one SM's round trip. */
__kernel __attribute__((reqd_work_group_size(32, 1, 1)))
void chase_all(__global const uint *next, __global uint *out, const uint spread, const int steps)
{
    const uint g = get_group_id(0);
    uint p = (g * spread) % (uint)(4u << 20 >> 7) * 32u;
    for (int i = 0; i < steps; ++i)
        p = next[p];
    if (get_local_id(0) == 0)
        out[g] = p;
}
