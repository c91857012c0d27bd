/* Microbenchmark family "stchain": what a store costs a dependent chain of
 * loads, the shape of a loop that accumulates into global memory.
 *
 * Each work-item runs ITERS steps of c = fma(c, 0.5, B[row * 32 + lane]);
 * all warps read the same 128-byte row of B at step k (as a naive GEMM's
 * warps read B[k][j]), row = k & rows_mask: 4096 rows (512 KB: an L1 miss
 * per row per SM, an L2 hit) or 8 rows (L1 hits).
 * STORE=1: C[gid] = c every step. B and C are not restrict, so the next
 *   step's load cannot move above the store, and the store needs c: a
 *   load -> fma -> store -> load chain.
 * STORE=0: no store in the loop; the next load's address depends on c
 *   instead (as_int(c) & zero, zero = 0 at run time): load -> fma -> and ->
 *   add -> load. */

__kernel void stchain(__global const float *B, __global float *C, const int iters,
                      const int rows_mask, const int zero)
{
    const int lane = get_local_id(0) & 31, g = get_global_id(0);
    float c = 0.0f;
    int dep = 0;
    for (int k = 0; k < iters; ++k) {
        c = fma(c, 0.5f, B[((k & rows_mask) << 5) + lane + dep]);
#if STORE
        C[g] = c;
#else
        dep = as_int(c) & zero;
#endif
    }
#if !STORE
    C[g] = c;
#endif
}
