// async_work_group_strided_copy in both directions with vector and scalar
// element types, chained events, and a 2-D work-group (linear local id):
// gathers every 3rd int4 into __local, transposes a column of shorts, and
// scatters back with stride 2.
// RUN: kernel=async_strided global=16,8 local=8,4
// +    args=a:buf:int:3072:rand(-100000,100000) s:buf:short:4096:rand(-3000,3000)
// +    o:buf:int:1024:zero p:buf:short:1024:zero
__kernel void async_strided(__global const int4 *a, __global const short *s, __global int4 *o,
                            __global short *p) {
  __local int4 v[32];
  __local short c[40];
  size_t g = get_group_id(1) * get_num_groups(0) + get_group_id(0);
  event_t e = async_work_group_strided_copy(v, a + g * 96, 32, 3, 0);
  e = async_work_group_strided_copy(c, s + g, 40, 8, e);
  wait_group_events(1, &e);
  size_t l = get_local_id(1) * get_local_size(0) + get_local_id(0);
  v[l] = v[l] * 3 + (int4)(c[l], c[l + 1], c[l + 8], (short)l);
  barrier(CLK_LOCAL_MEM_FENCE);
  event_t ev[2];
  ev[0] = async_work_group_strided_copy(o + g * 64, v, 32, 2, 0);
  ev[1] = async_work_group_strided_copy(p + g * 32 + 1, c, 16, 2, 0);
  wait_group_events(2, ev);
}
