/* L2-residency microbenchmark ("l2fit" family of validation/hwbench.c): the
 * same buffer is read (rd) or copied (cp) by several launches in a row, so
 * the time per launch shows whether the footprint stays in the L2 from one
 * launch to the next (L2 bandwidth) or comes from DRAM each time. Every
 * work-item moves one float4. rd writes only when a sum equals never (the
 * inputs' sums stay below 1024): a store every lane's load decides keeps
 * the compiler from sinking the load into a store by one lane only. */
__kernel void rd(__global const float4 *in, __global float *out, const float never)
{
    const float4 v = in[get_global_id(0)];
    const float s = (v.x + v.y) + (v.z + v.w);
    if (s == never)
        out[get_group_id(0)] = s;
}

__kernel void cp(__global const float4 *in, __global float4 *out)
{
    const uint g = get_global_id(0);
    out[g] = in[g];
}
