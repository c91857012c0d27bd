// An uninitialised read through a generic pointer (OpenCL C 2.0) whose
// space is chosen per lane: lanes 0-31 read a __local word nobody wrote,
// lanes 32-63 a private one (only pr[0] was written); each report names
// the real space. The exchange that sets t[l] for the other lanes
// (atomic_store) initialises without reading: no report for it.
// RUN: kernel=uninit global=64 local=64 opts=-cl-std=CL2.0 args=out:buf:int:64:zero
// CHECK: uninit
// EXPECT: wavesim: kernel 'uninit': work-item (0,0,0) read 4 bytes of __local memory at offset 256 that no work-item wrote, at input.cl:20
// EXPECT: wavesim: kernel 'uninit': work-item (32,0,0) read 4 bytes of private memory at offset 4 that it never wrote, at input.cl:20
__kernel void uninit(__global int *out) {
  __local int t[128];
  int pr[2];
  int l = get_local_id(0);
  pr[0] = l;
  atomic_store_explicit((volatile __local atomic_int *)&t[l], l, memory_order_relaxed,
                        memory_scope_work_group);
  barrier(CLK_LOCAL_MEM_FENCE);
  volatile int *p = l < 32 ? (volatile int *)&t[64 + l] : (volatile int *)&pr[(l >> 5) & 1];
  out[l] = 0;
  out[l] = *p;
}
