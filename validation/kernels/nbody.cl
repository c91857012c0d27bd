/* Whole-kernel family "nbody": acceleration of every body from all n bodies
 * (pos.w = mass, softening EPS2), one body per work-item.
 * Build define: WG (work-group size = tile size). */
#ifndef WG
#define WG 64
#endif
#define EPS2 0.01f

static float3 interact(float4 pi, float4 pj, float3 a)
{
    const float3 r = pj.xyz - pi.xyz;
    const float d2 = r.x * r.x + r.y * r.y + r.z * r.z + EPS2;
    const float inv = rsqrt(d2);
    const float s = pj.w * inv * inv * inv;
    return a + r * s;
}

/* Every body's position read from __global (the L1/L2 serve the reuse). */
__kernel __attribute__((reqd_work_group_size(WG, 1, 1)))
void nbody_naive(__global const float4 *pos, __global float4 *acc, const int n)
{
    const int i = get_global_id(0);
    const float4 pi = pos[i];
    float3 a = (float3)(0.0f, 0.0f, 0.0f);
    for (int j = 0; j < n; ++j)
        a = interact(pi, pos[j], a);
    acc[i] = (float4)(a, 0.0f);
}

/* WG positions at a time staged in __local, read by all work-items. */
__kernel __attribute__((reqd_work_group_size(WG, 1, 1)))
void nbody_tiled(__global const float4 *pos, __global float4 *acc, const int n)
{
    __local float4 t[WG];
    const int i = get_global_id(0), tid = get_local_id(0);
    const float4 pi = pos[i];
    float3 a = (float3)(0.0f, 0.0f, 0.0f);
    for (int b = 0; b < n; b += WG) {
        t[tid] = pos[b + tid];
        barrier(CLK_LOCAL_MEM_FENCE);
        for (int j = 0; j < WG; ++j)
            a = interact(pi, t[j], a);
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    acc[i] = (float4)(a, 0.0f);
}
