/* Probes of what a barrier-synchronized work-group costs on one SM, run by
 * validation/data/wgtrace.c (per-work-group lifetimes) on the H100 and by
 * wavesim: ITER steps of a barrier alone (bar); of LDS reads with and
 * without a barrier, by every warp or the first only (LDS_STEPS); of the
 * reduction tree's read-read-add-write step (TREE_STEP, tree_step_nobar);
 * of LDS stores (sts_loop). validation/data/README.md has the results.
 * Signature of every kernel: (in, out, n); in is unused past its first
 * element, out gets one value per work-item so nothing is dead. */
#ifndef WG
#define WG 256
#endif
#ifndef ITER
#define ITER 256
#endif
#ifndef WG_TRACE_ARG
#define WG_TRACE_ARG
#define WG_TRACE_BEGIN
#define WG_TRACE_END
#endif

__kernel __attribute__((reqd_work_group_size(WG, 1, 1)))
void bar(__global const float *in, __global float *out, const uint n WG_TRACE_ARG)
{
    WG_TRACE_BEGIN
    for (uint i = 0; i < ITER; i++) barrier(CLK_LOCAL_MEM_FENCE);
    out[get_global_id(0)] = (float)n;
    WG_TRACE_END
}

/* LDS reads by the work-items for which ACTIVE holds: all (1), or the
 * first warp (tid < 32), whose siblings' LDS NVIDIA predicates off when the
 * step ends in a barrier (kernels_sass/sync.sass); SYNC: the barrier, or
 * nothing. */
#define LDS_STEPS(NAME, ACTIVE, SYNC)                                               \
__kernel __attribute__((reqd_work_group_size(WG, 1, 1)))                             \
void NAME(__global const float *in, __global float *out, const uint n WG_TRACE_ARG) \
{                                                                                   \
    WG_TRACE_BEGIN                                                                  \
    __local float s[WG];                                                            \
    const uint tid = get_local_id(0);                                               \
    s[tid] = in[0] + (float)tid;                                                    \
    barrier(CLK_LOCAL_MEM_FENCE);                                                   \
    float v = 0.0f;                                                                 \
    for (uint i = 0; i < ITER; i++) {                                               \
        if (ACTIVE) v += s[(tid + i) & (WG - 1)];                                   \
        SYNC;                                                                       \
    }                                                                               \
    out[get_global_id(0)] = v;                                                      \
    WG_TRACE_END                                                                    \
}
LDS_STEPS(lds_bar, 1, barrier(CLK_LOCAL_MEM_FENCE))
LDS_STEPS(lds_one_warp_bar, tid < 32, barrier(CLK_LOCAL_MEM_FENCE))
LDS_STEPS(lds_loop, 1, )
LDS_STEPS(lds_loop_one_warp, tid < 32, )

/* The reduction tree's step: read two, add, write back, barrier; by every
 * work-item (ACTIVE 1) or by the first warp only (tid < 32), as in the
 * reduction's late steps. */
#define TREE_STEP(NAME, ACTIVE)                                                     \
__kernel __attribute__((reqd_work_group_size(WG, 1, 1)))                             \
void NAME(__global const float *in, __global float *out, const uint n WG_TRACE_ARG) \
{                                                                                   \
    WG_TRACE_BEGIN                                                                  \
    __local float s[2 * WG];                                                        \
    const uint tid = get_local_id(0);                                               \
    s[tid] = in[0] + (float)tid;                                                    \
    s[tid + WG] = 1.0f;                                                             \
    barrier(CLK_LOCAL_MEM_FENCE);                                                   \
    for (uint i = 0; i < ITER; i++) {                                               \
        if (ACTIVE) s[tid] += s[tid + WG];                                  \
        barrier(CLK_LOCAL_MEM_FENCE);                                               \
    }                                                                               \
    out[get_global_id(0)] = s[tid];                                                 \
    WG_TRACE_END                                                                    \
}
TREE_STEP(tree_step, 1)
TREE_STEP(tree_step_one_warp, tid < 32)

/* The tree step with no barrier (each work-item reads only its own words,
 * so there is no race; volatile keeps the accesses): LDS, LDS, STS per
 * warp, to tell what the barrier adds to tree_step. */
__kernel __attribute__((reqd_work_group_size(WG, 1, 1)))
void tree_step_nobar(__global const float *in, __global float *out, const uint n WG_TRACE_ARG)
{
    WG_TRACE_BEGIN
    __local volatile float s[2 * WG];
    const uint tid = get_local_id(0);
    s[tid] = in[0] + (float)tid;
    s[tid + WG] = 1.0f;
    barrier(CLK_LOCAL_MEM_FENCE);
    for (uint i = 0; i < ITER; i++) s[tid] += s[tid + WG];
    out[get_global_id(0)] = s[tid];
    WG_TRACE_END
}

/* LDS stores only: what an STS costs against an LDS (lds_loop). */
__kernel __attribute__((reqd_work_group_size(WG, 1, 1)))
void sts_loop(__global const float *in, __global float *out, const uint n WG_TRACE_ARG)
{
    WG_TRACE_BEGIN
    __local volatile float s[WG];
    const uint tid = get_local_id(0);
    const float v = in[0] + (float)tid;
    for (uint i = 0; i < ITER; i++) s[(tid + i) & (WG - 1)] = v + (float)i;
    barrier(CLK_LOCAL_MEM_FENCE);
    out[get_global_id(0)] = s[tid];
    WG_TRACE_END
}
