// A __local flag hands data from one work-item to another of the same
// work-group with no barrier between: work-item 0 fills a __local array and
// sets the flag with a release store (work-group scope); work-item 64, of
// another sub-group, spins on an acquire load and then reads the array.
// Correctly synchronised: nothing is reported.
// RUN: kernel=handoff global=128 local=128 opts=-cl-std=CL2.0 args=out:buf:int:16:zero
// CHECK: all,benign
__kernel void handoff(__global int *out) {
  __local int t[16];
  __local atomic_int flag;
  int l = get_local_id(0);
  if (l == 0) atomic_store_explicit(&flag, 0, memory_order_relaxed, memory_scope_work_group);
  barrier(CLK_LOCAL_MEM_FENCE);
  if (l == 0) {
    for (int i = 0; i < 16; i++) t[i] = i * 3;
    atomic_store_explicit(&flag, 1, memory_order_release, memory_scope_work_group);
  } else if (l == 64) {
    for (int k = 0; k < 1000000; k++)
      if (atomic_load_explicit(&flag, memory_order_acquire, memory_scope_work_group)) break;
    for (int i = 0; i < 16; i++) out[i] = t[i];
  }
}
