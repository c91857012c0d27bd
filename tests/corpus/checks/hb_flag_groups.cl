// Message passing between work-groups: group 0 writes data with plain
// stores, a barrier fences them, and its first work-item sets a flag with a
// release store; in group 1 the first work-item spins on an acquire load of
// the flag and a barrier passes what it acquired to the others, which read
// the data with plain loads. Correctly synchronised: nothing is reported.
// RUN: kernel=mp global=128 local=64 opts=-cl-std=CL2.0
// +    args=data:buf:int:64:zero flag:buf:int:1:zero got:buf:int:64:zero
// CHECK: all,benign
/* hb_flag_relaxed.cl and hb_flag_wg_scope.cl build this file with other
 * orders or scope (-D switches) */
#ifndef REL
#define REL memory_order_release
#define ACQ memory_order_acquire
#endif
#ifndef SCOPE
#define SCOPE memory_scope_device
#endif
__kernel void mp(__global int *data, __global atomic_int *flag, __global int *got) {
  int l = get_local_id(0);
  if (get_group_id(0) == 0) {
    data[l] = l * 7 + 1;
    barrier(CLK_GLOBAL_MEM_FENCE);
    if (l == 0) atomic_store_explicit(flag, 1, REL, SCOPE);
    return;
  }
  if (l == 0)
    for (int k = 0; k < 1000000; k++)
      if (atomic_load_explicit(flag, ACQ, SCOPE)) break;
  barrier(CLK_GLOBAL_MEM_FENCE);
  got[l] = data[(l + 1) % 64];
}
