// A race through a generic pointer (OpenCL C 2.0) whose space is known only
// at run time: even work-items point into __local memory, odd ones into
// their __global slot. The __local lanes race (t[l] written, t[l + 2] read
// with no barrier between); the report names the real space, __local, as
// the flat access routes each lane to the LDS or the memory pipeline.
// RUN: kernel=race global=64 local=64 opts=-cl-std=CL2.0 args=out:buf:int:64:zero
// CHECK: races
// EXPECT: wavesim: kernel 'race': data race on __local memory: work-item (2,0,0) wrote at input.cl:16, work-item (0,0,0) read 4 bytes at local offset 8 at input.cl:17 with no barrier between
__kernel void race(__global int *out) {
  __local int t[64];
  int l = get_local_id(0);
  int *p = (l & 1) ? (int *)&out[l] : &t[l];
  int *q = (l & 1) ? (int *)&out[l] : &t[(l + 2) % 64];
  volatile int *vp = p;
  /* missing: barrier(CLK_LOCAL_MEM_FENCE) between the two lines */
  *vp = l;
  out[l] = *q;
}
