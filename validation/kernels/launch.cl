/* Launch-cost microbenchmark ("launch" family of validation/hwbench.c): a
 * kernel that does almost nothing, launched with 1 to thousands of
 * work-groups, so its time is the fixed cost of a launch plus the cost of
 * dispatching and retiring work-groups. Every work-group's first work-item
 * writes its group id, so nothing can be skipped and the result is checked. */
__kernel void touch(__global uint *out)
{
    if (get_local_id(0) == 0)
        out[get_group_id(0)] = (uint)get_group_id(0) + 1u;
}

/* A short compute-bound kernel (4 independent fma chains of iters steps, no
 * memory traffic but the one store): launched at 32..1024 work-items per
 * group over the same items, its time changes only by how fast the GPU
 * starts and retires groups while the SMs are busy. */
__kernel void busy(__global float *out, const float a, const float b, const int iters)
{
    const uint gid = get_global_id(0);
    float x0 = (float)(gid & 1023) * (1.0f / 1024.0f);
    float x1 = x0 + 0.125f, x2 = x0 + 0.25f, x3 = x0 + 0.375f;
    for (int i = 0; i < iters; ++i) {
        x0 = fma(x0, a, b);
        x1 = fma(x1, a, b);
        x2 = fma(x2, a, b);
        x3 = fma(x3, a, b);
    }
    out[gid] = (x0 + x1) + (x2 + x3);
}
