/* ALU microbenchmarks ("alu" family of validation/hwbench.c): CHAINS independent
 * dependent chains of one operation per work-item, ITERS x UNROLL steps each.
 *
 * One chain on a few warps per SM measures the operation's dependent-issue
 * latency (each step waits for the previous result); eight chains at full
 * occupancy measure its throughput. Operands are kernel arguments and the
 * seeds depend on the work-item, so no compiler can fold a chain; the chains'
 * sum is stored and checked on the host.
 * Build defines: OP_<name> (one of the STEP definitions below), the chain type
 * (KIND_F32, KIND_U32, KIND_F64 or KIND_U64), CHAINS (1, 2, 4 or 8), UNROLL
 * (steps per loop iteration). */
#if defined(KIND_F64)
#pragma OPENCL EXTENSION cl_khr_fp64 : enable
typedef double T;
#define STORE(r) ((float)(r))
typedef float OUT_T;
#elif defined(KIND_U32)
typedef uint T;
#define STORE(r) (r)
typedef uint OUT_T;
#elif defined(KIND_U64)
typedef ulong T;
#define STORE(r) ((uint)((r) ^ ((r) >> 32)))
typedef uint OUT_T;
#else
typedef float T;
#define STORE(r) (r)
typedef float OUT_T;
#endif
#ifndef CHAINS
#define CHAINS 1
#endif
#ifndef UNROLL
#define UNROLL 16
#endif

#if defined(OP_ffma) || defined(OP_dfma)
#define STEP(x) x = fma(x, a, b)
#elif defined(OP_ffma_imm)
/* literal operands: two register reads per FFMA instead of three */
#define STEP(x) x = fma(x, 0.9990234375f, 0.0009765625f)
#elif defined(OP_fadd) || defined(OP_dadd)
#define STEP(x) x = x + a
#elif defined(OP_fmul)
#define STEP(x) x = x * a
#elif defined(OP_imad) || defined(OP_salu)
#define STEP(x) x = x * a + b
#elif defined(OP_ixoradd) || defined(OP_i64xoradd)
/* x + a alone would be folded to x + n * a; the xor keeps every step */
#define STEP(x) x = (x ^ a) + b
#elif defined(OP_rsq_native)
#define STEP(x) x = native_rsqrt(x)
#elif defined(OP_rsq)
#define STEP(x) x = rsqrt(x)
#elif defined(OP_sqrt_native)
#define STEP(x) x = native_sqrt(x)
#elif defined(OP_sqrt)
#define STEP(x) x = sqrt(x)
#elif defined(OP_exp2_native)
#define STEP(x) x = native_exp2(-x)
#elif defined(OP_exp2)
#define STEP(x) x = exp2(-x)
#elif defined(OP_sin_native)
/* sin(x + 1) converges (to 0.935), so rounding differences do not grow */
#define STEP(x) x = native_sin(x + a)
#elif defined(OP_sin)
#define STEP(x) x = sin(x + a)
#elif defined(OP_rcp_native)
#define STEP(x) x = native_recip(x)
#elif defined(OP_fdiv) || defined(OP_udiv) || defined(OP_u64div)
#define STEP(x) x = a / x
#else
#error "alu.cl: define one OP_<name>"
#endif

/* chain j's seed: positive floats (rsqrt, sqrt), divisors in [1, a] */
#if defined(OP_salu)
#define SEED(j) ((T)get_group_id(0) * 2u + 1u + (T)(j))
#elif defined(OP_udiv) || defined(OP_u64div)
#define SEED(j) ((T)((gid & 1023) + 1 + 3 * (j)))
#elif defined(OP_imad) || defined(OP_ixoradd)
#define SEED(j) ((T)((uint)gid * 0x9E3779B9u + (uint)(j) * 0x7F4A7C15u + 1u))
#elif defined(OP_i64xoradd)
#define SEED(j)                                                                \
  ((((T)((uint)gid * 0x9E3779B9u + (uint)(j) * 0x7F4A7C15u + 1u)) << 32) |     \
   (T)((uint)gid ^ 0x12345678u))
#else
#define SEED(j) ((T)1 + (T)(gid & 1023) * (T)(1.0 / 1024.0) + (T)0.125 * (T)(j))
#endif

__kernel void alu(__global OUT_T *out, const T a, const T b, const int iters)
{
    const int gid = get_global_id(0);
    T x0 = SEED(0);
#if CHAINS > 1
    T x1 = SEED(1);
#endif
#if CHAINS > 2
    T x2 = SEED(2);
#endif
#if CHAINS > 3
    T x3 = SEED(3);
#endif
#if CHAINS > 4
    T x4 = SEED(4);
    T x5 = SEED(5);
    T x6 = SEED(6);
    T x7 = SEED(7);
#endif
    for (int i = 0; i < iters; ++i) {
#pragma unroll
        for (int u = 0; u < UNROLL; ++u) {
            STEP(x0);
#if CHAINS > 1
            STEP(x1);
#endif
#if CHAINS > 2
            STEP(x2);
#endif
#if CHAINS > 3
            STEP(x3);
#endif
#if CHAINS > 4
            STEP(x4);
            STEP(x5);
            STEP(x6);
            STEP(x7);
#endif
        }
    }
    T r = x0;
#if CHAINS > 1
    r += x1;
#endif
#if CHAINS > 2
    r += x2;
#endif
#if CHAINS > 3
    r += x3;
#endif
#if CHAINS > 4
    r += x4;
    r += x5;
    r += x6;
    r += x7;
#endif
    out[gid] = STORE(r);
}
