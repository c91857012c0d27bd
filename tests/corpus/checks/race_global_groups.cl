// A global race between work-groups: every group writes out[0..63], each
// work-item storing its global id (different values).
// RUN: kernel=clash global=128 local=64 args=out:buf:int:64:zero
// CHECK: races
// EXPECT: wavesim: kernel 'clash': data race on global buffer 0x100000000 + offset 0 (a 256-byte buffer): work-group (0,0,0) work-item (0,0,0) wrote at input.cl:9, work-group (1,0,0) work-item (64,0,0) wrote 4 bytes there at input.cl:9 within one launch
__kernel void clash(__global int *out) {
  int l = get_local_id(0);
  /* should have been out[get_global_id(0)] */
  out[l] = get_global_id(0);
}
