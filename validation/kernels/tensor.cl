/* Whole-kernel family "tensor": contractions of a 4-D tensor, one work-item
 * per output element, a private accumulator, as tensor code is commonly
 * written before anyone tiles it.
 *
 * doitgen: out[r][q][p] = sum_s A[r][q][s] * W[s][p]; lanes vary p: A's element
 *   is the same for the warp (a broadcast), W's row is contiguous.
 * inner:   out[a][b][c] = sum_d T[a][b][c][d] * v[d]; lanes vary c, so a
 *   warp reads 32 addresses ND floats apart per step (a strided walk).
 * outer:   out[a][c][d] = sum_b T[a][b][c][d] * v[b]; lanes vary d
 *   (contiguous), successive steps NC * ND floats apart. */

__kernel void tensor_doitgen(__global const float *A, __global const float *W,
                             __global float *out, const int NP, const int NQ, const int NS)
{
    const int p = get_global_id(0), rq = get_global_id(1);
    if (p < NP) {
        float acc = 0.0f;
        for (int s = 0; s < NS; ++s)
            acc += A[rq * NS + s] * W[s * NP + p];
        out[rq * NP + p] = acc;
    }
}

__kernel void tensor_inner(__global const float *T, __global const float *v, __global float *out,
                           const int NC, const int ND)
{
    const int c = get_global_id(0), ab = get_global_id(1);
    if (c < NC) {
        float acc = 0.0f;
        for (int d = 0; d < ND; ++d)
            acc += T[(ab * NC + c) * ND + d] * v[d];
        out[ab * NC + c] = acc;
    }
}

__kernel void tensor_outer(__global const float *T, __global const float *v, __global float *out,
                           const int NB, const int NC, const int ND)
{
    const int d = get_global_id(0), ac = get_global_id(1);
    const int a = ac / NC, c = ac % NC;
    if (d < ND) {
        float acc = 0.0f;
        for (int b = 0; b < NB; ++b)
            acc += T[((a * NB + b) * NC + c) * ND + d] * v[b];
        out[ac * ND + d] = acc;
    }
}
