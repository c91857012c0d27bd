// Input of explain_test.sh (not a corpus kernel): a mismatch planted in the output dump
// must be reported with the work-item and every buffer's inputs for that item.
// RUN: kernel=twice global=16 local=4 offset=3
// +    args=a:buf:int:16:iota b:buf:short:32:const(7) o:buf:int:16:zero
__kernel void twice(__global const int *a, __global const short *b, __global int *o) {
  size_t i = get_global_id(0) - get_global_offset(0);
  o[i] = a[i] * 2 + b[2 * i];
}
