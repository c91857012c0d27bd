/* Whole-kernel family "dconv": direct convolutions read straight from global
 * memory, no __local tiles, literal coefficients, as in common benchmark
 * suites. The coefficients are dyadic and the inputs small integers, so every
 * order of summation gives the same bits.
 *
 * conv2d_3x3: one work-item per pixel of a W x H image, 3x3 window.
 * conv3d_loop: one work-item per (x, y) column of an NX x NY x NZ volume,
 *   looping over z: each step reads a 3x3x3 window, two planes of which the
 *   previous step also read.
 * conv3d_flat: one work-item per voxel, z folded into the second dimension
 *   of the NDRange (gid1 = z * NY + y). */

#define C3(a, b, c) (0.125f * (float)((a) + 2 * (b) - (c)))

__kernel void conv2d_3x3(__global const float *in, __global float *out, const int W, const int H)
{
    const int x = get_global_id(0), y = get_global_id(1);
    if (x > 0 && y > 0 && x < W - 1 && y < H - 1) {
        const int i = y * W + x;
        out[i] = 0.25f * in[i - W - 1] - 0.5f * in[i - W] + 0.125f * in[i - W + 1]
               + 0.5f * in[i - 1] + 1.0f * in[i] - 0.25f * in[i + 1]
               - 0.125f * in[i + W - 1] + 0.75f * in[i + W] + 0.5f * in[i + W + 1];
    }
}

static float window27(__global const float *in, const int i, const int NX, const int NXY)
{
    float acc = 0.0f;
    for (int dz = -1; dz <= 1; ++dz)
        for (int dy = -1; dy <= 1; ++dy)
            for (int dx = -1; dx <= 1; ++dx)
                acc += C3(dx + 1, dy + 1, dz + 1) * in[i + dz * NXY + dy * NX + dx];
    return acc;
}

__kernel void conv3d_loop(__global const float *in, __global float *out, const int NX,
                          const int NY, const int NZ)
{
    const int x = get_global_id(0), y = get_global_id(1);
    if (x > 0 && y > 0 && x < NX - 1 && y < NY - 1)
        for (int z = 1; z < NZ - 1; ++z) {
            const int i = (z * NY + y) * NX + x;
            out[i] = window27(in, i, NX, NX * NY);
        }
}

__kernel void conv3d_flat(__global const float *in, __global float *out, const int NX,
                          const int NY, const int NZ)
{
    const int x = get_global_id(0), zy = get_global_id(1);
    const int y = zy % NY, z = zy / NY;
    if (x > 0 && y > 0 && z > 0 && x < NX - 1 && y < NY - 1 && z < NZ - 1) {
        const int i = (z * NY + y) * NX + x;
        out[i] = window27(in, i, NX, NX * NY);
    }
}
