// Every work-group writes the same values to the same bytes: a benign race,
// not reported unless `benign` is asked for (benign_reported.cl).
// RUN: kernel=same global=128 local=64 args=out:buf:int:64:zero
// CHECK: races
__kernel void same(__global int *out) {
  int l = get_local_id(0);
  out[l] = l;
}
