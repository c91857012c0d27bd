/* Microbenchmark family "memdep": a store and a load of the same address in
 * a loop, the pattern global accumulation makes. memdep_update computes
 * q[i] = p[i] * a + b ITERS times; p and q are not restrict, so every
 * iteration's load of p[i] must follow the previous iteration's store to
 * q[i]. The host passes the same buffer as p and q (variant alias: each load
 * reads the line the previous iteration just stored) or two buffers
 * (variant distinct: the same instructions, no address in common).
 * memdep_rmw is the global accumulator alone: q[i] += p[k * n + i] over k,
 * p and q distinct, reading a new line of p per iteration. */

__kernel void memdep_update(__global const float *p, __global float *q, const int iters,
                            const float a, const float b)
{
    const size_t i = get_global_id(0);
    for (int k = 0; k < iters; ++k)
        q[i] = p[i] * a + b;
}

__kernel void memdep_rmw(__global const float *p, __global float *q, const int iters, const int n)
{
    const int i = get_global_id(0);
    for (int k = 0; k < iters; ++k)
        q[i] += p[k * n + i];
}
