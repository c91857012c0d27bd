// cl_khr_subgroup_extended_types: 8- and 16-bit integers (char, uchar,
// short, ushort) in sub_group_broadcast, reduce and scans (add wraps, min and
// max compare the values as their type), and vector broadcasts (int4,
// float2, char8, long2). Work-groups of 100.
// REF: emulated ref/subgroup_extended.cl
// RUN: kernel=ex_char global=200 local=100 opts=-cl-std=CL3.0 args=xc:buf:char:200:rand(-128,127) xco:buf:char:1400:zero
// RUN: kernel=ex_uchar global=200 local=100 opts=-cl-std=CL3.0 args=xu:buf:uchar:200:rand(0,255) xuo:buf:uchar:1400:zero
// RUN: kernel=ex_short global=200 local=100 opts=-cl-std=CL3.0 args=xs:buf:short:200:rand(-32768,32767) xso:buf:short:1400:zero
// RUN: kernel=ex_ushort global=200 local=100 opts=-cl-std=CL3.0 args=xus:buf:ushort:200:rand(0,65535) xuso:buf:ushort:1400:zero
// RUN: kernel=ex_vec global=200 local=100 opts=-cl-std=CL3.0 args=vi:buf:int:800:rand(-1000,1000) vf:buf:float:400:rand(-5,5) vc:buf:char:1600:rand(-100,100) vl:buf:long:400:rand(-99999999999,99999999999) voi:buf:int:800:zero vof:buf:float:400:zero voc:buf:char:1600:zero vol:buf:long:400:zero
#define EX_KERNEL(T, NAME)                                                     \
  kernel void NAME(global const T *in, global T *out) {                       \
    size_t g = get_global_id(0);                                               \
    T x = in[g];                                                               \
    global T *o = out + g * 7;                                                 \
    o[0] = sub_group_broadcast(x, 1);                                          \
    o[1] = sub_group_reduce_add(x);                                            \
    o[2] = sub_group_reduce_min(x);                                            \
    o[3] = sub_group_reduce_max(x);                                            \
    o[4] = sub_group_scan_inclusive_add(x);                                    \
    o[5] = sub_group_scan_exclusive_min(x);                                    \
    o[6] = sub_group_scan_inclusive_max(x);                                    \
  }
EX_KERNEL(char, ex_char)
EX_KERNEL(uchar, ex_uchar)
EX_KERNEL(short, ex_short)
EX_KERNEL(ushort, ex_ushort)

kernel void ex_vec(global const int4 *vi, global const float2 *vf, global const char8 *vc,
                   global const long2 *vl, global int4 *oi, global float2 *of, global char8 *oc,
                   global long2 *ol) {
  size_t g = get_global_id(0);
  uint last = get_sub_group_size() - 1;
  oi[g] = sub_group_broadcast(vi[g], last);
  of[g] = sub_group_broadcast(vf[g], 2);
  oc[g] = sub_group_broadcast(vc[g], last / 3);
  ol[g] = sub_group_broadcast(vl[g], 0);
}
