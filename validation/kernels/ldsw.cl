/* Microbenchmark family "ldsw": how many LDS passes (NVIDIA: shared-memory
 * wavefronts) a __local load of 4, 8 or 16 bytes per lane takes, with every
 * lane on its own element or groups of 2^shift consecutive lanes on one.
 * Eight independent loads per iteration from elements 64 apart (the same
 * banks), consumed in pairs by four multiply-adds, so with many warps per SM
 * the LDS pipeline, not the issue slots or the load latency, sets the time.
 * The next index depends on the sum through a run-time mask the host sets
 * to 0, so the loads stay in the loop and stay loads.
 * Build defines: VEC (1, 2 or 4 floats per element), ITERS, WG. */
#ifndef VEC
#define VEC 4
#endif
#ifndef ITERS
#define ITERS 64
#endif
#ifndef WG
#define WG 256
#endif
#define SIZE 512 /* elements: 8 KB of float4 */

#if VEC == 1
typedef float vt;
#define FIRST(v) (v)
#define SUM(v) (v)
#elif VEC == 2
typedef float2 vt;
#define FIRST(v) ((v).x)
#define SUM(v) ((v).x + (v).y)
#else
typedef float4 vt;
#define FIRST(v) ((v).x)
#define SUM(v) (((v).x + (v).y) + ((v).z + (v).w))
#endif

__kernel __attribute__((reqd_work_group_size(WG, 1, 1)))
void ldsw(__global float *out, const int shift, const int zero_mask)
{
    __local vt arr[SIZE];
    const int lid = get_local_id(0);
    for (int i = lid; i < SIZE; i += WG)
        arr[i] = (vt)((float)(i & 7) * 0.125f);
    barrier(CLK_LOCAL_MEM_FENCE);

    const int base = (lid >> shift) & 63;
    int idx = base;
    vt acc = (vt)(0.0f);
    for (int it = 0; it < ITERS; ++it) {
        const vt v0 = arr[idx], v1 = arr[idx + 64], v2 = arr[idx + 128], v3 = arr[idx + 192];
        const vt v4 = arr[idx + 256], v5 = arr[idx + 320], v6 = arr[idx + 384], v7 = arr[idx + 448];
        acc = fma(v0, v1, acc);
        acc = fma(v2, v3, acc);
        acc = fma(v4, v5, acc);
        acc = fma(v6, v7, acc);
        idx = base + (as_int(FIRST(acc)) & zero_mask);
    }
    out[get_global_id(0)] = SUM(acc);
}
