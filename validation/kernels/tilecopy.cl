/* One side of a tiled transpose on its own ("tilecopy" family of
 * validation/hwbench.c): tile_rd reads a group's tile of a W-float-wide
 * matrix (rows of TX floats, W floats apart) and writes it contiguously;
 * tile_wr reads contiguously and writes the tile. With 16x16 groups a
 * warp moves two 64-byte row pieces and the next group the other halves of
 * the same lines, as transpose/tile16 does; with 32x8 groups whole 128-byte
 * rows, as the 32x32 tiles do. */

/* The work-item's place in a contiguous layout: groups in order, items in
 * local row-major order. */
static int flat_id(void)
{
    const int group = get_group_id(1) * get_num_groups(0) + get_group_id(0);
    const int size = get_local_size(0) * get_local_size(1);
    return group * size + get_local_id(1) * get_local_size(0) + get_local_id(0);
}

__kernel void tile_rd(__global const float *in, __global float *out, const int W)
{
    out[flat_id()] = in[get_global_id(1) * W + get_global_id(0)];
}

__kernel void tile_wr(__global const float *in, __global float *out, const int W)
{
    out[get_global_id(1) * W + get_global_id(0)] = in[flat_id()];
}
