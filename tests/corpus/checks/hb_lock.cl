// A spin lock (compare-exchange acquire, store release, device scope) guards
// a plain __global counter array that every work-item of four work-groups
// adds to: the lock orders the critical sections, so nothing is reported.
// The retry loop holds the critical section, so the lanes that lost keep
// going while the winner works (SIMT-safe).
// RUN: kernel=locked global=256 local=64 opts=-cl-std=CL2.0
// +    args=lock:buf:int:1:zero cnt:buf:int:8:zero
// CHECK: all,benign
__kernel void locked(__global atomic_int *lock, __global int *cnt) {
  int g = get_global_id(0);
  for (int done = 0; !done;) {
    int e = 0;
    if (atomic_compare_exchange_strong_explicit(lock, &e, 1, memory_order_acquire,
                                                memory_order_relaxed, memory_scope_device)) {
      for (int i = 0; i < 8; i++) cnt[i] += g + i;
      atomic_store_explicit(lock, 0, memory_order_release, memory_scope_device);
      done = 1;
    }
  }
}
