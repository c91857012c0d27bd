// hb_flag_groups.cl with relaxed orders: the flag's store and load are
// atomic but order nothing, so the data handed over races (OpenCL 2.x memory
// model; the simulator runs it in order, yet the program is wrong).
// RUN: kernel=mp global=128 local=64 opts=-cl-std=CL2.0
// +    args=data:buf:int:64:zero flag:buf:int:1:zero got:buf:int:64:zero
// CHECK: races
// EXPECT: wavesim: kernel 'mp': data race on global buffer 0x100000000 + offset 4 (a 256-byte buffer): work-group (0,0,0) work-item (1,0,0) wrote at input.cl:11, work-group (1,0,0) work-item (64,0,0) read 4 bytes there at input.cl:20 within one launch
__kernel void mp(__global int *data, __global atomic_int *flag, __global int *got) {
  int l = get_local_id(0);
  if (get_group_id(0) == 0) {
    data[l] = l * 7 + 1;
    barrier(CLK_GLOBAL_MEM_FENCE);
    if (l == 0) atomic_store_explicit(flag, 1, memory_order_relaxed, memory_scope_device);
    return;
  }
  if (l == 0)
    for (int k = 0; k < 1000000; k++)
      if (atomic_load_explicit(flag, memory_order_relaxed, memory_scope_device)) break;
  barrier(CLK_GLOBAL_MEM_FENCE);
  got[l] = data[(l + 1) % 64];
}
