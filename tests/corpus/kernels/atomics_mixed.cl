// Global atomics of several kinds: counters, min/max, xchg, cmpxchg-based
// float add, and a stream compaction with an atomic cursor (order-free
// output checked through a per-slot histogram).
// RUN: kernel=atomics global=2048 local=128
// +    args=in:buf:int:2048:rand(-1000,1000) stats:buf:int:8:zero fsum:buf:float:1:zero
// +    marks:buf:int:2048:zero
__kernel void atomics(__global const int *in, __global int *stats, __global float *fsum,
                      __global int *marks) {
  int i = get_global_id(0);
  int v = in[i];
  atomic_add(&stats[0], v);
  atomic_min(&stats[1], v);
  atomic_max(&stats[2], v);
  atomic_or(&stats[3], v & 0x7ff);
  atomic_xor(&stats[4], v);
  if (v > 0) {
    int slot = atomic_inc(&stats[5]);
    atomic_inc(&marks[slot]);
  }
  /* float add through cmpxchg on exactly representable values */
  float add = (float)(v & 7);
  __global volatile int *p = (__global volatile int *)fsum;
  int old = *p, assumed;
  do {
    assumed = old;
    old = atomic_cmpxchg(p, assumed, as_int(as_float(assumed) + add));
  } while (old != assumed);
}
