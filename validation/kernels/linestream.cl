/* Microbenchmark family "linestream": how many whole-line loads one SM keeps
 * in flight, and at what rate, when each warp has exactly K independent
 * 128-byte loads outstanding (a column walk's unrolled loop).
 *
 * Each warp reads K lines per step from an L2-resident buffer, `stride`
 * lines apart, sums them, and makes the next step's addresses depend on the
 * sum (as_int(s) & zero, zero = 0 at run time), so no more than K loads are
 * ever in flight per warp whatever the compiler does. */

__kernel void linestream(__global const float *A, __global float *out, const int steps,
                         const int lines_mask, const int zero, const int stride)
{
    const int lane = get_local_id(0) & 31;
    const int w = get_global_id(0) >> 5;
    /* stride 1: consecutive lines from a scattered start per warp; stride S:
     * warp w reads lines w, w + S, w + 2S ... (S = 64 with 64 warps: a column
     * walk of a 2048-float-wide row-major matrix, as gemv_col's warps do) */
    const int start = stride == 1 ? w * 977 : w;
    float s = 0.0f;
    int dep = 0;
    for (int t = 0; t < steps; ++t) {
        float v = 0.0f;
#pragma unroll
        for (int i = 0; i < K; ++i)
            v += A[(((start + (t * K + i) * stride) & lines_mask) << 5) + lane + dep];
        s += v;
        dep = as_int(s) & zero;
    }
    out[get_global_id(0)] = s;
}
