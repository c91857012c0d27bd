/* Strided-access microbenchmark ("scatter" family of validation/hwbench.c):
 * the two halves of a naive transpose apart, over matrix shapes from 8 to
 * 16384 columns at a fixed element count. Work-groups of 32x8 as in
 * transpose.cl: lane x of warp y touches element x * H + y, so a warp's 32
 * accesses stride by H floats and the 8 warps of a group fill 32 whole
 * 32-byte sectors between them. H = 8 packs those sectors into 8 lines
 * (store.cl's store_merge pattern); H >= 32 puts each in its own line; larger
 * H spreads the lines over more of memory. Time per access tells whether the
 * memory system pays per sector, per line, per partial write or per stride. */

/* Strided writes only: what a naive transpose's write side costs. */
__kernel __attribute__((reqd_work_group_size(32, 8, 1)))
void scatter_wr(__global float *out, const int H)
{
    const int x = get_global_id(0), y = get_global_id(1);
    out[x * H + y] = (float)(x ^ y);
}

/* The same with 16x16 groups: a warp is 16 columns of two rows, so it
 * writes 8 bytes in each of 16 lines and the group fills 64-byte halves. */
__kernel __attribute__((reqd_work_group_size(16, 16, 1)))
void scatter_wr16(__global float *out, const int H)
{
    const int x = get_global_id(0), y = get_global_id(1);
    out[x * H + y] = (float)(x ^ y);
}

/* Strided reads, coalesced writes: the transpose that reads columns. */
__kernel __attribute__((reqd_work_group_size(32, 8, 1)))
void scatter_rd(__global const float *in, __global float *out, const int W, const int H)
{
    const int x = get_global_id(0), y = get_global_id(1);
    out[y * W + x] = in[x * H + y];
}
