// benign_quiet.cl's kernel with `benign`: the same-value race is reported.
// RUN: kernel=same global=128 local=64 args=out:buf:int:64:zero
// CHECK: races,benign
// EXPECT: wavesim: kernel 'same': benign data race (both wrote the same value) on global buffer 0x100000000 + offset 0 (a 256-byte buffer): work-group (0,0,0) work-item (0,0,0) wrote at input.cl:7, work-group (1,0,0) work-item (64,0,0) wrote 4 bytes there at input.cl:7 within one launch
__kernel void same(__global int *out) {
  int l = get_local_id(0);
  out[l] = l;
}
