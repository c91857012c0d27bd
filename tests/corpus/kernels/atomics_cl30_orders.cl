// OpenCL C 3.0 atomics with explicit memory orders and scopes: the ones
// wavesim reports in CL_DEVICE_ATOMIC_MEMORY/FENCE_CAPABILITIES (relaxed,
// acquire/release, sequentially consistent; work-item, work-group and device
// scope), on __global and __local atomics, with fences, and a release/acquire
// flag handing a value from one work-item of a group to another. The results
// do not depend on the order the work-items run in.
// RUN: kernel=orders global=512 local=64 opts=-cl-std=CL3.0
// +    args=in:buf:int:512:rand(-1000,1000) sums:buf:int:8:zero out:buf:int:512:zero
__kernel void orders(__global const int *in, __global atomic_int *sums, __global int *out) {
  __local atomic_int lsum;
  __local atomic_int flag;
  __local int handoff;
  size_t i = get_global_id(0), l = get_local_id(0);
  int v = in[i];
  if (l == 0) {
    atomic_init(&lsum, 0);
    atomic_init(&flag, 0);
  }
  work_group_barrier(CLK_LOCAL_MEM_FENCE);
  atomic_fetch_add_explicit(&lsum, v, memory_order_relaxed, memory_scope_work_group);
  atomic_fetch_add_explicit(&sums[0], v, memory_order_seq_cst, memory_scope_device);
  atomic_fetch_max_explicit(&sums[1], v, memory_order_acq_rel, memory_scope_device);
  atomic_fetch_min_explicit(&sums[2], v, memory_order_release, memory_scope_device);
  atomic_fetch_or_explicit(&sums[3], v & 0xff, memory_order_acquire, memory_scope_device);
  atomic_fetch_add(&sums[4], 1); /* seq_cst, device scope */
  int expected = 0;
  /* exactly one work-item of the whole range wins */
  if (atomic_compare_exchange_strong_explicit(&sums[5], &expected, 1, memory_order_acq_rel,
                                              memory_order_relaxed, memory_scope_device))
    atomic_fetch_add_explicit(&sums[6], 1, memory_order_relaxed, memory_scope_device);
  atomic_work_item_fence(CLK_GLOBAL_MEM_FENCE, memory_order_seq_cst, memory_scope_work_item);
  atomic_work_item_fence(CLK_LOCAL_MEM_FENCE, memory_order_acq_rel, memory_scope_work_group);
  /* release/acquire through __local: work-item 0 publishes, the rest read
   * after the barrier */
  if (l == 0) {
    handoff = v * 3;
    atomic_store_explicit(&flag, 1, memory_order_release, memory_scope_work_group);
  }
  work_group_barrier(CLK_LOCAL_MEM_FENCE | CLK_GLOBAL_MEM_FENCE, memory_scope_work_group);
  int seen = atomic_load_explicit(&flag, memory_order_acquire, memory_scope_work_group);
  out[i] = seen ? handoff + atomic_load_explicit(&lsum, memory_order_seq_cst,
                                                 memory_scope_work_group)
                : -1;
  atomic_store(&sums[7], 42);
}
