/* Whole-kernel family "matmul": C = A * B, square N x N row-major floats.
 * Variants: naive, local-memory tiled 16x16, tiled 32x32 with 2x2 register blocking. */
#define TS 16

/* One output per work-item, every operand from global memory. */
__kernel __attribute__((reqd_work_group_size(TS, TS, 1)))
void matmul_naive(__global const float *A, __global const float *B, __global float *C,
                  const int N)
{
    const int col = get_global_id(0), row = get_global_id(1);
    float acc = 0.0f;
    for (int k = 0; k < N; ++k)
        acc += A[row * N + k] * B[k * N + col];
    C[row * N + col] = acc;
}

/* Two 16x16 tiles in __local, one output per work-item. */
__kernel __attribute__((reqd_work_group_size(TS, TS, 1)))
void matmul_tiled(__global const float *A, __global const float *B, __global float *C,
                  const int N)
{
    __local float As[TS][TS];
    __local float Bs[TS][TS];
    const int tx = get_local_id(0), ty = get_local_id(1);
    const int col = get_global_id(0), row = get_global_id(1);
    float acc = 0.0f;
    for (int t = 0; t < N; t += TS) {
        As[ty][tx] = A[row * N + t + tx];
        Bs[ty][tx] = B[(t + ty) * N + col];
        barrier(CLK_LOCAL_MEM_FENCE);
        for (int k = 0; k < TS; ++k)
            acc += As[ty][k] * Bs[k][tx];
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    C[row * N + col] = acc;
}

/* 16x16 work-items compute a 32x32 block of C, each a 2x2 set of outputs
 * (rows ty and ty+16, columns tx and tx+16) kept in registers; each __local
 * value loaded is used twice. Global size is (N/2, N/2). */
__kernel __attribute__((reqd_work_group_size(TS, TS, 1)))
void matmul_rb2x2(__global const float *A, __global const float *B, __global float *C,
                  const int N)
{
    __local float As[2 * TS][TS];
    __local float Bs[TS][2 * TS];
    const int tx = get_local_id(0), ty = get_local_id(1);
    const int row = get_group_id(1) * 2 * TS + ty;
    const int col = get_group_id(0) * 2 * TS + tx;
    float c00 = 0.0f, c01 = 0.0f, c10 = 0.0f, c11 = 0.0f;
    for (int t = 0; t < N; t += TS) {
        As[ty][tx] = A[row * N + t + tx];
        As[ty + TS][tx] = A[(row + TS) * N + t + tx];
        Bs[ty][tx] = B[(t + ty) * N + col];
        Bs[ty][tx + TS] = B[(t + ty) * N + col + TS];
        barrier(CLK_LOCAL_MEM_FENCE);
        for (int k = 0; k < TS; ++k) {
            const float a0 = As[ty][k], a1 = As[ty + TS][k];
            const float b0 = Bs[k][tx], b1 = Bs[k][tx + TS];
            c00 += a0 * b0;
            c01 += a0 * b1;
            c10 += a1 * b0;
            c11 += a1 * b1;
        }
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    C[row * N + col] = c00;
    C[row * N + col + TS] = c01;
    C[(row + TS) * N + col] = c10;
    C[(row + TS) * N + col + TS] = c11;
}

/* 16x16 work-items compute a 64x64 block of C, each a 4x4 set of outputs
 * (rows ty + 16i, columns tx + 16j) kept in registers; each __local value
 * loaded is used four times. A's 64x16 and B's 16x64 tiles in __local.
 * Global size (N/4, N/4). */
__kernel __attribute__((reqd_work_group_size(TS, TS, 1)))
void matmul_rb4x4(__global const float *A, __global const float *B, __global float *C,
                  const int N)
{
    __local float As[4 * TS][TS];
    __local float Bs[TS][4 * TS];
    const int tx = get_local_id(0), ty = get_local_id(1);
    const int row = get_group_id(1) * 4 * TS + ty;
    const int col = get_group_id(0) * 4 * TS + tx;
    float c[4][4];
#pragma unroll
    for (int i = 0; i < 4; ++i)
#pragma unroll
        for (int j = 0; j < 4; ++j)
            c[i][j] = 0.0f;
    for (int t = 0; t < N; t += TS) {
#pragma unroll
        for (int i = 0; i < 4; ++i) {
            As[ty + i * TS][tx] = A[(row + i * TS) * N + t + tx];
            Bs[ty][tx + i * TS] = B[(t + ty) * N + col + i * TS];
        }
        barrier(CLK_LOCAL_MEM_FENCE);
        for (int k = 0; k < TS; ++k) {
            float a[4], b[4];
#pragma unroll
            for (int i = 0; i < 4; ++i) {
                a[i] = As[ty + i * TS][k];
                b[i] = Bs[k][tx + i * TS];
            }
#pragma unroll
            for (int i = 0; i < 4; ++i)
#pragma unroll
                for (int j = 0; j < 4; ++j)
                    c[i][j] += a[i] * b[j];
        }
        barrier(CLK_LOCAL_MEM_FENCE);
    }
#pragma unroll
    for (int i = 0; i < 4; ++i)
#pragma unroll
        for (int j = 0; j < 4; ++j)
            C[(row + i * TS) * N + col + j * TS] = c[i][j];
}
