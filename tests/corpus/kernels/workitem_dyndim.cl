// Work-item ids and offsets with a dimension known only at run time, in and
// out of range: OpenCL C 6.12.1 gives 0 for dim >= 3, which SPIR-V's
// OpVectorExtractDynamic leaves undefined (piglit global-offset "3d, input
// dependent"). The sizes (1 for dim >= 3) are checked in tests/api: PoCL and
// Oclgrind answer 0 there.
// RUN: kernel=dyndim global=4,2,2 local=2,1,2 offset=9,8,7
// +    args=out:buf:ulong:320:zero j:int:1
__kernel void dyndim(__global ulong *out, int j) {
  size_t lin = (get_global_id(2) - 7) * 8 + (get_global_id(1) - 8) * 4 + (get_global_id(0) - 9);
  __global ulong *o = out + lin * 20;
  for (int k = 0; k < 5; k++) {
    uint d = (uint)(j - 2 + k); /* 0xffffffff, 0, 1, 2, 3 */
    o[k * 4 + 0] = get_global_id(d);
    o[k * 4 + 1] = get_local_id(d);
    o[k * 4 + 2] = get_group_id(d);
    o[k * 4 + 3] = get_global_offset(d);
  }
}
