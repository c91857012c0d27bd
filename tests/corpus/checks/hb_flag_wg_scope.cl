// hb_flag_groups.cl with release and acquire at memory_scope_work_group:
// that scope does not hold both work-groups, so the two do not synchronise
// and the data handed over races.
// SOURCE: hb_flag_groups.cl
// RUN: kernel=mp global=128 local=64 opts=-cl-std=CL2.0 opts=-DSCOPE=memory_scope_work_group
// +    args=data:buf:int:64:zero flag:buf:int:1:zero got:buf:int:64:zero
// CHECK: races
// EXPECT: wavesim: kernel 'mp': data race on global buffer 0x100000000 + offset 4 (a 256-byte buffer): work-group (0,0,0) work-item (1,0,0) wrote at input.cl:21, work-group (1,0,0) work-item (64,0,0) read 4 bytes there at input.cl:30 within one launch
