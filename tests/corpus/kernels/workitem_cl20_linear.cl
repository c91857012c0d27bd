// OpenCL C 2.0/3.0 work-item functions in uniform launches (PoCL 3 has no
// non-uniform work-groups; tests/api/api_cl30.c checks those against the
// host): get_global_linear_id, get_local_linear_id, get_enqueued_local_size,
// with a global offset, in 1, 2 and 3 dimensions. -cl-std=CL2.0 builds too
// (wavesim does not list OpenCL C 2.0, which needs pipes and device enqueue,
// but clang accepts the programs and they run).
// RUN: kernel=lin global=96 local=32 offset=5 opts=-cl-std=CL3.0 args=o:buf:ulong:384:zero
// RUN: kernel=lin global=16,6 local=8,3 offset=1,2 opts=-cl-std=CL2.0 args=o2:buf:ulong:384:zero
// RUN: kernel=lin global=4,6,4 local=2,3,2 offset=3,0,1 opts=-cl-std=CL3.0
// +    args=o3:buf:ulong:384:zero
__kernel void lin(__global ulong *o) {
  size_t g = get_global_linear_id();
  __global ulong *r = o + 4 * g;
  r[0] = g;
  r[1] = get_local_linear_id();
  r[2] = get_enqueued_local_size(0) * 10000 + get_enqueued_local_size(1) * 100 +
         get_enqueued_local_size(2);
  r[3] = get_local_size(0) * 10000 + get_local_size(1) * 100 + get_local_size(2);
}
