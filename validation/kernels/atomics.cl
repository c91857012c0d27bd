/* Atomic microbenchmarks ("atomics" family of validation/hwbench.c): the cost
 * of 32-bit atomic adds by contention level, on __global (L2) and __local memory.
 *
 * Work-item g updates word ((g >> shift) & mask) * scale (g: the work-item id
 * within the group for __local) iters times: shift 0 / mask 0 = one address for
 * everybody, shift 5 / scale 32 = one address and line per 32-item warp,
 * mask 31 = 32 addresses in one line
 * (distinct within a warp, shared by all warps), MASK ~0 = one per work-item.
 * Defines: INC uses atomic_inc instead of atomic_add(.., 1); RET sums the
 * returned old values and stores the sum (the result is used, so the issuing
 * warp waits for each atomic's round trip instead of firing and forgetting).
 * Four atomics per loop iteration keep the loop's own instructions minor. */
#ifdef INC
#define ATOM(p) atomic_inc(p)
#else
#define ATOM(p) atomic_add(p, 1u)
#endif

#ifdef RET
#define STEP(p) s += ATOM(p)
#else
#define STEP(p) ATOM(p)
#endif

__kernel void atom_global(__global uint *cnt, __global uint *sums, const uint shift,
                          const uint mask, const uint scale, const uint iters)
{
    const uint g = get_global_id(0);
    __global uint *p = cnt + ((g >> shift) & mask) * scale;
    uint s = 0;
    for (uint i = 0; i < iters; i += 4) {
        STEP(p);
        STEP(p);
        STEP(p);
        STEP(p);
    }
#ifdef RET
    sums[g] = s;
#else
    (void)s;
    (void)sums;
#endif
}

#define LWORDS 256

/* Each group zeroes its LWORDS local counters, updates them, then writes them
 * to its own LWORDS slots of cnt. */
__kernel __attribute__((reqd_work_group_size(256, 1, 1)))
void atom_local(__global uint *cnt, __global uint *sums, const uint shift, const uint mask,
                const uint scale, const uint iters)
{
    __local uint lb[LWORDS];
    const uint lid = get_local_id(0);
    lb[lid] = 0;
    barrier(CLK_LOCAL_MEM_FENCE);
    __local uint *p = lb + ((lid >> shift) & mask) * scale;
    uint s = 0;
    for (uint i = 0; i < iters; i += 4) {
        STEP(p);
        STEP(p);
        STEP(p);
        STEP(p);
    }
    barrier(CLK_LOCAL_MEM_FENCE);
    cnt[get_group_id(0) * LWORDS + lid] = lb[lid];
#ifdef RET
    sums[get_global_id(0)] = s;
#else
    (void)s;
    (void)sums;
#endif
}
