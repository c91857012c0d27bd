/* Store microbenchmark ("store" family of validation/hwbench.c): work-item g
 * writes W bytes (a uint, uint2, uint4 or uint8, every component g) at
 * element (g * stride) & mask of out, so a warp's 32 stores cover whole
 * 32-byte sectors (stride 1, W >= 4), or one part of 32 different sectors
 * (stride 32/W elements). Same instruction count whatever W: time per store
 * tells whether the memory system pays for bytes, sectors or partial
 * sectors. Build define: W (4, 8, 16 or 32). */
#ifndef W
#define W 4
#endif
#if W == 4
typedef uint T;
#elif W == 8
typedef uint2 T;
#elif W == 16
typedef uint4 T;
#else
typedef uint8 T;
#endif

__kernel void store(__global T *out, const uint stride, const uint mask)
{
    const uint g = get_global_id(0);
    out[(g * stride) & mask] = (T)(g);
}

/* Every sector written whole, but by 8 warps: in a group of 256, warp j
 * writes word j of 32 consecutive sectors (the write pattern of a naive
 * transpose with 32x8 groups). W = 4 only. */
__kernel __attribute__((reqd_work_group_size(256, 1, 1)))
void store_merge(__global uint *out)
{
    const uint l = get_local_id(0), g = get_global_id(0);
    out[get_group_id(0) * 256 + (l % 32) * 8 + l / 32] = g;
}
