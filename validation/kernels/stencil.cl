/* Whole-kernel family "stencil": one Jacobi step of a 2D 5-point stencil on a
 * W x H float grid: out = C0*centre + C1*(north+south+west+east) inside,
 * out = in on the border. Work-groups of 32x8. */
#define C0 0.5f
#define C1 0.125f
#define BX 32
#define BY 8

__kernel __attribute__((reqd_work_group_size(BX, BY, 1)))
void stencil_naive(__global const float *in, __global float *out, const int W, const int H)
{
    const int x = get_global_id(0), y = get_global_id(1);
    const int i = y * W + x;
    if (x == 0 || y == 0 || x == W - 1 || y == H - 1) {
        out[i] = in[i];
        return;
    }
    out[i] = C0 * in[i] + C1 * (in[i - W] + in[i + W] + in[i - 1] + in[i + 1]);
}

/* The block plus a one-element halo goes through __local first; every
 * global element is read about once per work-group. */
__kernel __attribute__((reqd_work_group_size(BX, BY, 1)))
void stencil_tiled(__global const float *in, __global float *out, const int W, const int H)
{
    __local float t[BY + 2][BX + 2];
    const int tx = get_local_id(0), ty = get_local_id(1);
    const int x0 = get_group_id(0) * BX - 1, y0 = get_group_id(1) * BY - 1;
    for (int j = ty; j < BY + 2; j += BY)
        for (int k = tx; k < BX + 2; k += BX) {
            const int gx = clamp(x0 + k, 0, W - 1), gy = clamp(y0 + j, 0, H - 1);
            t[j][k] = in[gy * W + gx];
        }
    barrier(CLK_LOCAL_MEM_FENCE);
    const int x = x0 + 1 + tx, y = y0 + 1 + ty;
    const int lx = tx + 1, ly = ty + 1;
    if (x == 0 || y == 0 || x == W - 1 || y == H - 1) {
        out[y * W + x] = t[ly][lx];
        return;
    }
    out[y * W + x] = C0 * t[ly][lx] +
                     C1 * (t[ly - 1][lx] + t[ly + 1][lx] + t[ly][lx - 1] + t[ly][lx + 1]);
}
