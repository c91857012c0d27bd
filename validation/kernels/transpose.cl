/* Whole-kernel family "transpose": out (W rows x H cols) = transpose of in
 * (H rows x W cols), floats. Work-groups of 32x8; the tiled variants move a
 * 32x32 tile, each work-item 4 rows of it. */
#define TILE 32
#define ROWS 8

/* One element per work-item: reads coalesce, writes stride by H. */
__kernel __attribute__((reqd_work_group_size(TILE, ROWS, 1)))
void transpose_naive(__global const float *in, __global float *out, const int W, const int H)
{
    const int x = get_global_id(0), y = get_global_id(1);
    out[x * H + y] = in[y * W + x];
}

#ifndef PAD
#define PAD 0
#endif
/* Tile through __local so both global reads and writes coalesce. PAD=0: the
 * column read of tile[][32] hits one bank 32 times; PAD=1 (tile[][33])
 * spreads it over all banks. Global size (W, H/4). */
__kernel __attribute__((reqd_work_group_size(TILE, ROWS, 1)))
void transpose_tiled(__global const float *in, __global float *out, const int W, const int H)
{
    __local float tile[TILE][TILE + PAD];
    const int tx = get_local_id(0), ty = get_local_id(1);
    int x = get_group_id(0) * TILE + tx;
    int y = get_group_id(1) * TILE + ty;
    for (int j = 0; j < TILE; j += ROWS)
        tile[ty + j][tx] = in[(y + j) * W + x];
    barrier(CLK_LOCAL_MEM_FENCE);
    x = get_group_id(1) * TILE + tx;
    y = get_group_id(0) * TILE + ty;
    for (int j = 0; j < TILE; j += ROWS)
        out[(y + j) * H + x] = tile[tx][ty + j];
}

/* 16x16 tiles, one element per work-item. PAD=0: in the column read
 * tile[tx][ty] the lanes of a warp (two rows, ty and ty+1) fall on 4 banks,
 * 8 lanes each: an 8-way conflict; PAD=1 (tile[16][17]): none. Work-groups
 * of 16x16, global size (W, H). */
#define T16 16
__kernel __attribute__((reqd_work_group_size(T16, T16, 1)))
void transpose_tile16(__global const float *in, __global float *out, const int W, const int H)
{
    __local float tile[T16][T16 + PAD];
    const int tx = get_local_id(0), ty = get_local_id(1);
    tile[ty][tx] = in[(get_group_id(1) * T16 + ty) * W + get_group_id(0) * T16 + tx];
    barrier(CLK_LOCAL_MEM_FENCE);
    out[(get_group_id(0) * T16 + ty) * H + get_group_id(1) * T16 + tx] = tile[tx][ty];
}
