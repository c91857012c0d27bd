/* Instruction-cache probe (validation/data/wgtrace.c): one warp per SM runs
 * LINES x 8 independent FFMAs, straight-line code of LINES x 128 bytes of
 * SASS, REPS times over. Built with REPS 1 and 2: the second pass runs from
 * a warm instruction cache, the first from whatever the launch found there
 * (wgtrace records the second of two launches, and with --cold one after a
 * 256 MB fill). Signature as wgtrace expects: (in, out, n). */
#ifndef REPS
#define REPS 1
#endif
#ifndef LINES
#define LINES 256
#endif
#ifndef WG_TRACE_ARG
#define WG_TRACE_ARG
#define WG_TRACE_BEGIN
#define WG_TRACE_END
#endif

__kernel void icache_lines(__global const float *in, __global float *out, const uint n WG_TRACE_ARG)
{
    WG_TRACE_BEGIN
    const uint i = get_global_id(0);
    float a0 = in[i % n], a1 = a0 + 1.0f, a2 = a0 + 2.0f, a3 = a0 + 3.0f;
    float a4 = a0 + 4.0f, a5 = a0 + 5.0f, a6 = a0 + 6.0f, a7 = a0 + 7.0f;
#pragma unroll 1
    for (int r = 0; r < REPS; r++) {
#pragma unroll
        for (int k = 0; k < LINES; k++) {
            const float c = 1.0f + (float)k * 1e-7f;
            a0 = a0 * c + 0.5f; a1 = a1 * c + 0.5f; a2 = a2 * c + 0.5f; a3 = a3 * c + 0.5f;
            a4 = a4 * c + 0.5f; a5 = a5 * c + 0.5f; a6 = a6 * c + 0.5f; a7 = a7 * c + 0.5f;
        }
    }
    out[i] = a0 + a1 + a2 + a3 + a4 + a5 + a6 + a7;
    WG_TRACE_END
}
