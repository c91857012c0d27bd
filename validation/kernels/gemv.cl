/* Whole-kernel family "gemv": y = A x (row) or y = A^T x (col) on an N x N
 * row-major matrix, one work-item per output, as matrix-vector code is
 * commonly written.
 *
 * The row kernels walk a row each: at every step the 32 lanes of a warp read
 * 32 addresses N floats apart (one sector of 32 different lines), and those
 * lines are re-read over the next steps. The col kernels walk a column each:
 * a warp reads one contiguous 128-byte line per step. The *_global variants
 * accumulate into y in global memory inside the loop (y[i] += ...), with no
 * restrict, as in many benchmark suites: a store and a dependent reload
 * ordering every iteration. */

__kernel void gemv_row(__global const float *A, __global const float *x, __global float *y,
                       const int N)
{
    const int i = get_global_id(0);
    if (i < N) {
        float acc = 0.0f;
        for (int j = 0; j < N; ++j)
            acc += A[i * N + j] * x[j];
        y[i] = acc;
    }
}

__kernel void gemv_row_global(__global const float *A, __global const float *x, __global float *y,
                              const int N)
{
    const int i = get_global_id(0);
    if (i < N) {
        y[i] = 0.0f;
        for (int j = 0; j < N; ++j)
            y[i] += A[i * N + j] * x[j];
    }
}

__kernel void gemv_col(__global const float *A, __global const float *x, __global float *y,
                       const int N)
{
    const int j = get_global_id(0);
    if (j < N) {
        float acc = 0.0f;
        for (int i = 0; i < N; ++i)
            acc += A[i * N + j] * x[i];
        y[j] = acc;
    }
}

__kernel void gemv_col_global(__global const float *A, __global const float *x, __global float *y,
                              const int N)
{
    const int j = get_global_id(0);
    if (j < N) {
        y[j] = 0.0f;
        for (int i = 0; i < N; ++i)
            y[j] += A[i * N + j] * x[i];
    }
}
