__kernel void atomics(__global int *counter, __global int *minv, __local int *scratch) {
  int old = atomic_add(counter, 1);
  atomic_min(minv, old);
  atomic_inc(&counter[1]);
  atomic_cmpxchg(&counter[2], 0, old);
  atomic_xchg(&scratch[get_local_id(0)], old);
  atomic_or(&counter[3], 4);
}
