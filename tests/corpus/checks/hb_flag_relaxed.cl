// hb_flag_groups.cl with relaxed orders: the flag's store and load are
// atomic but order nothing, so the data handed over races (OpenCL 2.x memory
// model; the simulator runs it in order, yet the program is wrong).
// SOURCE: hb_flag_groups.cl
// RUN: kernel=mp global=128 local=64 opts=-cl-std=CL2.0 opts=-DREL=memory_order_relaxed opts=-DACQ=memory_order_relaxed
// +    args=data:buf:int:64:zero flag:buf:int:1:zero got:buf:int:64:zero
// CHECK: races
// EXPECT: wavesim: kernel 'mp': data race on global buffer 0x100000000 + offset 4 (a 256-byte buffer): work-group (0,0,0) work-item (1,0,0) wrote at input.cl:21, work-group (1,0,0) work-item (64,0,0) read 4 bytes there at input.cl:30 within one launch
