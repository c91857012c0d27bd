// Parallel sum reduction, interleaved addressing (divergent modulo test),
// one partial sum per work-group.
// REF: oclgrind (PoCL 3.x returns in[0]+in[1]-like sums here: it mishandles the
// barrier loop bounded by get_local_size(0); a constant bound works on PoCL)
// RUN: kernel=reduce_interleaved global=4096 local=128
// +    args=in:buf:int:4096:rand(0,1000) out:buf:int:32:zero scratch:local:int:128 n:uint:4096
__kernel void reduce_interleaved(__global const int *in, __global int *out, __local int *scratch,
                                 uint n) {
  uint lid = get_local_id(0);
  uint gid = get_global_id(0);
  scratch[lid] = gid < n ? in[gid] : 0;
  barrier(CLK_LOCAL_MEM_FENCE);
  for (uint s = 1; s < get_local_size(0); s *= 2) {
    if (lid % (2 * s) == 0) scratch[lid] += scratch[lid + s];
    barrier(CLK_LOCAL_MEM_FENCE);
  }
  if (lid == 0) out[get_group_id(0)] = scratch[0];
}
