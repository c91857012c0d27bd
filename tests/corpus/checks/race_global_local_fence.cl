// A global race inside one work-group: the barrier between the write and
// the neighbour's read fences only __local memory.
// RUN: kernel=shift global=64 local=64 args=buf:buf:int:128:zero
// CHECK: races
// EXPECT: wavesim: kernel 'shift': data race on global buffer 0x100000000 + offset 4 (a 512-byte buffer): work-item (1,0,0) wrote at input.cl:9, work-item (0,0,0) read 4 bytes there at input.cl:11 with no barrier between (both in work-group (0,0,0))
__kernel void shift(__global int *buf) {
  int l = get_local_id(0);
  /* the fence should be CLK_GLOBAL_MEM_FENCE */
  buf[l] = l * 3;
  barrier(CLK_LOCAL_MEM_FENCE);
  buf[64 + l] = buf[(l + 1) % 64];
}
