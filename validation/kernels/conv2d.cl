/* Whole-kernel family "conv2d": a 5x5 filter over a W x H float image,
 * out(x, y) = sum over (i, j) of f[j][i] * in(x + i - 2, y + j - 2), with
 * coordinates clamped to the image (edge replication). The filter is in
 * __constant. Work-groups of 16x16, one output per work-item. */
#define R 2
#define FW (2 * R + 1)
#define BS 16

__kernel __attribute__((reqd_work_group_size(BS, BS, 1)))
void conv2d_naive(__global const float *in, __constant float *f, __global float *out,
                  const int W, const int H)
{
    const int x = get_global_id(0), y = get_global_id(1);
    float acc = 0.0f;
    for (int j = 0; j < FW; ++j) {
        const int yy = clamp(y + j - R, 0, H - 1);
        for (int i = 0; i < FW; ++i)
            acc += f[j * FW + i] * in[yy * W + clamp(x + i - R, 0, W - 1)];
    }
    out[y * W + x] = acc;
}

/* The block plus its 2-element halo (20x20) goes through __local first,
 * loaded by the 256 work-items in two rounds. */
__kernel __attribute__((reqd_work_group_size(BS, BS, 1)))
void conv2d_tiled(__global const float *in, __constant float *f, __global float *out,
                  const int W, const int H)
{
    __local float t[BS + 2 * R][BS + 2 * R];
    const int tx = get_local_id(0), ty = get_local_id(1);
    const int x0 = get_group_id(0) * BS - R, y0 = get_group_id(1) * BS - R;
    for (int k = ty * BS + tx; k < (BS + 2 * R) * (BS + 2 * R); k += BS * BS) {
        const int lx = k % (BS + 2 * R), ly = k / (BS + 2 * R);
        t[ly][lx] = in[clamp(y0 + ly, 0, H - 1) * W + clamp(x0 + lx, 0, W - 1)];
    }
    barrier(CLK_LOCAL_MEM_FENCE);
    float acc = 0.0f;
    for (int j = 0; j < FW; ++j)
        for (int i = 0; i < FW; ++i)
            acc += f[j * FW + i] * t[ty + j][tx + i];
    out[(y0 + R + ty) * W + x0 + R + tx] = acc;
}
