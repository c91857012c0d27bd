/* Whole-kernel family "gemm": C = alpha * A * B + beta * C on square N x N
 * row-major floats, written the plain way much public benchmark code is: one
 * work-item per element of C, 2-D work-groups of the host's choosing.
 *
 * gemm_global accumulates straight into C inside the k loop. With no
 * `restrict` the compiler must assume A or B may alias C, so every iteration
 * stores C's element and the next iteration's loads of A and B must follow
 * that store: the loop cannot be software-pipelined and each iteration waits
 * for its own loads. gemm_restrict is the same code with restrict-qualified
 * pointers (the compiler may keep the element in a register), gemm_private the
 * textbook private accumulator: together they separate what the global
 * accumulation costs from what the operand loads cost. */

__kernel void gemm_global(__global const float *A, __global const float *B, __global float *C,
                          const float alpha, const float beta, const int N)
{
    const int j = get_global_id(0), i = get_global_id(1);
    if (i < N && j < N) {
        C[i * N + j] *= beta;
        for (int k = 0; k < N; ++k)
            C[i * N + j] += alpha * A[i * N + k] * B[k * N + j];
    }
}

__kernel void gemm_restrict(__global const float *restrict A, __global const float *restrict B,
                            __global float *restrict C, const float alpha, const float beta,
                            const int N)
{
    const int j = get_global_id(0), i = get_global_id(1);
    if (i < N && j < N) {
        C[i * N + j] *= beta;
        for (int k = 0; k < N; ++k)
            C[i * N + j] += alpha * A[i * N + k] * B[k * N + j];
    }
}

__kernel void gemm_private(__global const float *A, __global const float *B, __global float *C,
                           const float alpha, const float beta, const int N)
{
    const int j = get_global_id(0), i = get_global_id(1);
    if (i < N && j < N) {
        float acc = 0.0f;
        for (int k = 0; k < N; ++k)
            acc += A[i * N + k] * B[k * N + j];
        C[i * N + j] = alpha * acc + beta * C[i * N + j];
    }
}
