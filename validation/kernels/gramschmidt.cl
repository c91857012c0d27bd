/* Whole-kernel family "gramschmidt": modified Gram-Schmidt QR of an M x N
 * matrix as benchmark suites write it for GPUs: for each column k, three
 * launches: the column's norm by ONE work-item walking the column, the
 * column of Q by M work-items, and the update of the columns right of k by
 * one work-item per column, each walking its column twice (accumulating
 * R[k][j] in global memory). 3N short launches, most of them a few waves. */

__kernel void gs_norm(__global const float *A, __global float *R, const int k, const int M,
                      const int N)
{
    if (get_global_id(0) == 0) {
        float nrm = 0.0f;
        for (int i = 0; i < M; ++i)
            nrm += A[i * N + k] * A[i * N + k];
        R[k * N + k] = sqrt(nrm);
    }
}

__kernel void gs_scale(__global const float *A, __global const float *R, __global float *Q,
                       const int k, const int M, const int N)
{
    const int i = get_global_id(0);
    if (i < M)
        Q[i * N + k] = A[i * N + k] / R[k * N + k];
}

__kernel void gs_update(__global float *A, __global float *R, __global const float *Q,
                        const int k, const int M, const int N)
{
    const int j = get_global_id(0);
    if (j > k && j < N) {
        R[k * N + j] = 0.0f;
        for (int i = 0; i < M; ++i)
            R[k * N + j] += Q[i * N + k] * A[i * N + j];
        for (int i = 0; i < M; ++i)
            A[i * N + j] = A[i * N + j] - Q[i * N + k] * R[k * N + j];
    }
}
