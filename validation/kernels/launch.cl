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
