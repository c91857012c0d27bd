// C11 atomics (OpenCL C 3.0, as PoCL runs them): every read-modify-write
// function on atomic_int/uint/long/ulong in __global memory, each with every
// memory order and the work-group and device scopes (one counter per
// combination, so every final value is exact whatever the order of the
// work-items), the same on __local counters, and the implicit seq_cst,
// device-scope forms. Return values depend on the interleaving and are
// not stored, except where they are exact: compare-exchange that only one
// work-item can win per counter, and atomic_load/store/exchange of float.
// RUN: kernel=rmw global=256 local=64 opts=-cl-std=CL3.0
// +   args=i:buf:int:80:const(7) u:buf:uint:80:const(7) l:buf:long:80:const(7) ul:buf:ulong:80:const(7)
// +   li:buf:int:320:zero ll:buf:long:320:zero
// RUN: kernel=misc global=256 local=64 opts=-cl-std=CL3.0
// +   args=c:buf:int:32:zero f:buf:float:8:zero d:buf:int:264:zero
// RUN: kernel=dbl global=256 local=64 opts=-cl-std=CL3.0 args=x:buf:double:4:zero y:buf:double:256:zero

#define V(T) ((T)get_global_id(0) * (T)0x10001 + (T)3)
#define M(T) ((T)1 << (get_global_id(0) % (8 * sizeof(T))))
#define ARG_add(T) V(T)
#define ARG_sub(T) V(T)
#define ARG_or(T) M(T)
#define ARG_xor(T) M(T)
#define ARG_and(T) (~M(T))
#define ARG_min(T) (V(T) - (T)300000)
#define ARG_max(T) (V(T) - (T)300000)
#define ONE(T, p, op, k, ord, sc) atomic_fetch_##op##_explicit((volatile __global atomic_##T *)&p[k], ARG_##op(T), memory_order_##ord, memory_scope_##sc);
#define LONE(T, p, op, k, ord) atomic_fetch_##op##_explicit((volatile __local atomic_##T *)&p[k], ARG_##op(T), memory_order_##ord, memory_scope_work_group);
__kernel void rmw(__global int *i, __global uint *u, __global long *l, __global ulong *ul,
                  __global int *li, __global long *ll) {
  __local int sli[35];
  __local long sll[35];
  int lid = get_local_id(0), grp = get_group_id(0);
  if (lid < 35) {
    atomic_init((volatile __local atomic_int *)&sli[lid], lid % 5 == 4 ? -1 : 5);
    atomic_init((volatile __local atomic_long *)&sll[lid], lid % 5 == 4 ? -1 : 5);
  }
  barrier(CLK_LOCAL_MEM_FENCE);
  ONE(int, i, add, 0, relaxed, work_group)
  ONE(int, i, add, 1, relaxed, device)
  ONE(int, i, add, 2, acquire, work_group)
  ONE(int, i, add, 3, acquire, device)
  ONE(int, i, add, 4, release, work_group)
  ONE(int, i, add, 5, release, device)
  ONE(int, i, add, 6, acq_rel, work_group)
  ONE(int, i, add, 7, acq_rel, device)
  ONE(int, i, add, 8, seq_cst, work_group)
  ONE(int, i, add, 9, seq_cst, device)
  ONE(int, i, sub, 10, relaxed, work_group)
  ONE(int, i, sub, 11, relaxed, device)
  ONE(int, i, sub, 12, acquire, work_group)
  ONE(int, i, sub, 13, acquire, device)
  ONE(int, i, sub, 14, release, work_group)
  ONE(int, i, sub, 15, release, device)
  ONE(int, i, sub, 16, acq_rel, work_group)
  ONE(int, i, sub, 17, acq_rel, device)
  ONE(int, i, sub, 18, seq_cst, work_group)
  ONE(int, i, sub, 19, seq_cst, device)
  ONE(int, i, or, 20, relaxed, work_group)
  ONE(int, i, or, 21, relaxed, device)
  ONE(int, i, or, 22, acquire, work_group)
  ONE(int, i, or, 23, acquire, device)
  ONE(int, i, or, 24, release, work_group)
  ONE(int, i, or, 25, release, device)
  ONE(int, i, or, 26, acq_rel, work_group)
  ONE(int, i, or, 27, acq_rel, device)
  ONE(int, i, or, 28, seq_cst, work_group)
  ONE(int, i, or, 29, seq_cst, device)
  ONE(int, i, xor, 30, relaxed, work_group)
  ONE(int, i, xor, 31, relaxed, device)
  ONE(int, i, xor, 32, acquire, work_group)
  ONE(int, i, xor, 33, acquire, device)
  ONE(int, i, xor, 34, release, work_group)
  ONE(int, i, xor, 35, release, device)
  ONE(int, i, xor, 36, acq_rel, work_group)
  ONE(int, i, xor, 37, acq_rel, device)
  ONE(int, i, xor, 38, seq_cst, work_group)
  ONE(int, i, xor, 39, seq_cst, device)
  ONE(int, i, and, 40, relaxed, work_group)
  ONE(int, i, and, 41, relaxed, device)
  ONE(int, i, and, 42, acquire, work_group)
  ONE(int, i, and, 43, acquire, device)
  ONE(int, i, and, 44, release, work_group)
  ONE(int, i, and, 45, release, device)
  ONE(int, i, and, 46, acq_rel, work_group)
  ONE(int, i, and, 47, acq_rel, device)
  ONE(int, i, and, 48, seq_cst, work_group)
  ONE(int, i, and, 49, seq_cst, device)
  ONE(int, i, min, 50, relaxed, work_group)
  ONE(int, i, min, 51, relaxed, device)
  ONE(int, i, min, 52, acquire, work_group)
  ONE(int, i, min, 53, acquire, device)
  ONE(int, i, min, 54, release, work_group)
  ONE(int, i, min, 55, release, device)
  ONE(int, i, min, 56, acq_rel, work_group)
  ONE(int, i, min, 57, acq_rel, device)
  ONE(int, i, min, 58, seq_cst, work_group)
  ONE(int, i, min, 59, seq_cst, device)
  ONE(int, i, max, 60, relaxed, work_group)
  ONE(int, i, max, 61, relaxed, device)
  ONE(int, i, max, 62, acquire, work_group)
  ONE(int, i, max, 63, acquire, device)
  ONE(int, i, max, 64, release, work_group)
  ONE(int, i, max, 65, release, device)
  ONE(int, i, max, 66, acq_rel, work_group)
  ONE(int, i, max, 67, acq_rel, device)
  ONE(int, i, max, 68, seq_cst, work_group)
  ONE(int, i, max, 69, seq_cst, device)
  atomic_fetch_add((volatile __global atomic_int *)&i[70], ARG_add(int)); atomic_fetch_sub((volatile __global atomic_int *)&i[71], ARG_sub(int)); atomic_fetch_or((volatile __global atomic_int *)&i[72], ARG_or(int)); atomic_fetch_xor((volatile __global atomic_int *)&i[73], ARG_xor(int)); atomic_fetch_and((volatile __global atomic_int *)&i[74], ARG_and(int)); atomic_fetch_min((volatile __global atomic_int *)&i[75], ARG_min(int)); atomic_fetch_max((volatile __global atomic_int *)&i[76], ARG_max(int));
  ONE(uint, u, add, 0, relaxed, work_group)
  ONE(uint, u, add, 1, relaxed, device)
  ONE(uint, u, add, 2, acquire, work_group)
  ONE(uint, u, add, 3, acquire, device)
  ONE(uint, u, add, 4, release, work_group)
  ONE(uint, u, add, 5, release, device)
  ONE(uint, u, add, 6, acq_rel, work_group)
  ONE(uint, u, add, 7, acq_rel, device)
  ONE(uint, u, add, 8, seq_cst, work_group)
  ONE(uint, u, add, 9, seq_cst, device)
  ONE(uint, u, sub, 10, relaxed, work_group)
  ONE(uint, u, sub, 11, relaxed, device)
  ONE(uint, u, sub, 12, acquire, work_group)
  ONE(uint, u, sub, 13, acquire, device)
  ONE(uint, u, sub, 14, release, work_group)
  ONE(uint, u, sub, 15, release, device)
  ONE(uint, u, sub, 16, acq_rel, work_group)
  ONE(uint, u, sub, 17, acq_rel, device)
  ONE(uint, u, sub, 18, seq_cst, work_group)
  ONE(uint, u, sub, 19, seq_cst, device)
  ONE(uint, u, or, 20, relaxed, work_group)
  ONE(uint, u, or, 21, relaxed, device)
  ONE(uint, u, or, 22, acquire, work_group)
  ONE(uint, u, or, 23, acquire, device)
  ONE(uint, u, or, 24, release, work_group)
  ONE(uint, u, or, 25, release, device)
  ONE(uint, u, or, 26, acq_rel, work_group)
  ONE(uint, u, or, 27, acq_rel, device)
  ONE(uint, u, or, 28, seq_cst, work_group)
  ONE(uint, u, or, 29, seq_cst, device)
  ONE(uint, u, xor, 30, relaxed, work_group)
  ONE(uint, u, xor, 31, relaxed, device)
  ONE(uint, u, xor, 32, acquire, work_group)
  ONE(uint, u, xor, 33, acquire, device)
  ONE(uint, u, xor, 34, release, work_group)
  ONE(uint, u, xor, 35, release, device)
  ONE(uint, u, xor, 36, acq_rel, work_group)
  ONE(uint, u, xor, 37, acq_rel, device)
  ONE(uint, u, xor, 38, seq_cst, work_group)
  ONE(uint, u, xor, 39, seq_cst, device)
  ONE(uint, u, and, 40, relaxed, work_group)
  ONE(uint, u, and, 41, relaxed, device)
  ONE(uint, u, and, 42, acquire, work_group)
  ONE(uint, u, and, 43, acquire, device)
  ONE(uint, u, and, 44, release, work_group)
  ONE(uint, u, and, 45, release, device)
  ONE(uint, u, and, 46, acq_rel, work_group)
  ONE(uint, u, and, 47, acq_rel, device)
  ONE(uint, u, and, 48, seq_cst, work_group)
  ONE(uint, u, and, 49, seq_cst, device)
  ONE(uint, u, min, 50, relaxed, work_group)
  ONE(uint, u, min, 51, relaxed, device)
  ONE(uint, u, min, 52, acquire, work_group)
  ONE(uint, u, min, 53, acquire, device)
  ONE(uint, u, min, 54, release, work_group)
  ONE(uint, u, min, 55, release, device)
  ONE(uint, u, min, 56, acq_rel, work_group)
  ONE(uint, u, min, 57, acq_rel, device)
  ONE(uint, u, min, 58, seq_cst, work_group)
  ONE(uint, u, min, 59, seq_cst, device)
  ONE(uint, u, max, 60, relaxed, work_group)
  ONE(uint, u, max, 61, relaxed, device)
  ONE(uint, u, max, 62, acquire, work_group)
  ONE(uint, u, max, 63, acquire, device)
  ONE(uint, u, max, 64, release, work_group)
  ONE(uint, u, max, 65, release, device)
  ONE(uint, u, max, 66, acq_rel, work_group)
  ONE(uint, u, max, 67, acq_rel, device)
  ONE(uint, u, max, 68, seq_cst, work_group)
  ONE(uint, u, max, 69, seq_cst, device)
  atomic_fetch_add((volatile __global atomic_uint *)&u[70], ARG_add(uint)); atomic_fetch_sub((volatile __global atomic_uint *)&u[71], ARG_sub(uint)); atomic_fetch_or((volatile __global atomic_uint *)&u[72], ARG_or(uint)); atomic_fetch_xor((volatile __global atomic_uint *)&u[73], ARG_xor(uint)); atomic_fetch_and((volatile __global atomic_uint *)&u[74], ARG_and(uint)); atomic_fetch_min((volatile __global atomic_uint *)&u[75], ARG_min(uint)); atomic_fetch_max((volatile __global atomic_uint *)&u[76], ARG_max(uint));
  ONE(long, l, add, 0, relaxed, work_group)
  ONE(long, l, add, 1, relaxed, device)
  ONE(long, l, add, 2, acquire, work_group)
  ONE(long, l, add, 3, acquire, device)
  ONE(long, l, add, 4, release, work_group)
  ONE(long, l, add, 5, release, device)
  ONE(long, l, add, 6, acq_rel, work_group)
  ONE(long, l, add, 7, acq_rel, device)
  ONE(long, l, add, 8, seq_cst, work_group)
  ONE(long, l, add, 9, seq_cst, device)
  ONE(long, l, sub, 10, relaxed, work_group)
  ONE(long, l, sub, 11, relaxed, device)
  ONE(long, l, sub, 12, acquire, work_group)
  ONE(long, l, sub, 13, acquire, device)
  ONE(long, l, sub, 14, release, work_group)
  ONE(long, l, sub, 15, release, device)
  ONE(long, l, sub, 16, acq_rel, work_group)
  ONE(long, l, sub, 17, acq_rel, device)
  ONE(long, l, sub, 18, seq_cst, work_group)
  ONE(long, l, sub, 19, seq_cst, device)
  ONE(long, l, or, 20, relaxed, work_group)
  ONE(long, l, or, 21, relaxed, device)
  ONE(long, l, or, 22, acquire, work_group)
  ONE(long, l, or, 23, acquire, device)
  ONE(long, l, or, 24, release, work_group)
  ONE(long, l, or, 25, release, device)
  ONE(long, l, or, 26, acq_rel, work_group)
  ONE(long, l, or, 27, acq_rel, device)
  ONE(long, l, or, 28, seq_cst, work_group)
  ONE(long, l, or, 29, seq_cst, device)
  ONE(long, l, xor, 30, relaxed, work_group)
  ONE(long, l, xor, 31, relaxed, device)
  ONE(long, l, xor, 32, acquire, work_group)
  ONE(long, l, xor, 33, acquire, device)
  ONE(long, l, xor, 34, release, work_group)
  ONE(long, l, xor, 35, release, device)
  ONE(long, l, xor, 36, acq_rel, work_group)
  ONE(long, l, xor, 37, acq_rel, device)
  ONE(long, l, xor, 38, seq_cst, work_group)
  ONE(long, l, xor, 39, seq_cst, device)
  ONE(long, l, and, 40, relaxed, work_group)
  ONE(long, l, and, 41, relaxed, device)
  ONE(long, l, and, 42, acquire, work_group)
  ONE(long, l, and, 43, acquire, device)
  ONE(long, l, and, 44, release, work_group)
  ONE(long, l, and, 45, release, device)
  ONE(long, l, and, 46, acq_rel, work_group)
  ONE(long, l, and, 47, acq_rel, device)
  ONE(long, l, and, 48, seq_cst, work_group)
  ONE(long, l, and, 49, seq_cst, device)
  ONE(long, l, min, 50, relaxed, work_group)
  ONE(long, l, min, 51, relaxed, device)
  ONE(long, l, min, 52, acquire, work_group)
  ONE(long, l, min, 53, acquire, device)
  ONE(long, l, min, 54, release, work_group)
  ONE(long, l, min, 55, release, device)
  ONE(long, l, min, 56, acq_rel, work_group)
  ONE(long, l, min, 57, acq_rel, device)
  ONE(long, l, min, 58, seq_cst, work_group)
  ONE(long, l, min, 59, seq_cst, device)
  ONE(long, l, max, 60, relaxed, work_group)
  ONE(long, l, max, 61, relaxed, device)
  ONE(long, l, max, 62, acquire, work_group)
  ONE(long, l, max, 63, acquire, device)
  ONE(long, l, max, 64, release, work_group)
  ONE(long, l, max, 65, release, device)
  ONE(long, l, max, 66, acq_rel, work_group)
  ONE(long, l, max, 67, acq_rel, device)
  ONE(long, l, max, 68, seq_cst, work_group)
  ONE(long, l, max, 69, seq_cst, device)
  atomic_fetch_add((volatile __global atomic_long *)&l[70], ARG_add(long)); atomic_fetch_sub((volatile __global atomic_long *)&l[71], ARG_sub(long)); atomic_fetch_or((volatile __global atomic_long *)&l[72], ARG_or(long)); atomic_fetch_xor((volatile __global atomic_long *)&l[73], ARG_xor(long)); atomic_fetch_and((volatile __global atomic_long *)&l[74], ARG_and(long)); atomic_fetch_min((volatile __global atomic_long *)&l[75], ARG_min(long)); atomic_fetch_max((volatile __global atomic_long *)&l[76], ARG_max(long));
  ONE(ulong, ul, add, 0, relaxed, work_group)
  ONE(ulong, ul, add, 1, relaxed, device)
  ONE(ulong, ul, add, 2, acquire, work_group)
  ONE(ulong, ul, add, 3, acquire, device)
  ONE(ulong, ul, add, 4, release, work_group)
  ONE(ulong, ul, add, 5, release, device)
  ONE(ulong, ul, add, 6, acq_rel, work_group)
  ONE(ulong, ul, add, 7, acq_rel, device)
  ONE(ulong, ul, add, 8, seq_cst, work_group)
  ONE(ulong, ul, add, 9, seq_cst, device)
  ONE(ulong, ul, sub, 10, relaxed, work_group)
  ONE(ulong, ul, sub, 11, relaxed, device)
  ONE(ulong, ul, sub, 12, acquire, work_group)
  ONE(ulong, ul, sub, 13, acquire, device)
  ONE(ulong, ul, sub, 14, release, work_group)
  ONE(ulong, ul, sub, 15, release, device)
  ONE(ulong, ul, sub, 16, acq_rel, work_group)
  ONE(ulong, ul, sub, 17, acq_rel, device)
  ONE(ulong, ul, sub, 18, seq_cst, work_group)
  ONE(ulong, ul, sub, 19, seq_cst, device)
  ONE(ulong, ul, or, 20, relaxed, work_group)
  ONE(ulong, ul, or, 21, relaxed, device)
  ONE(ulong, ul, or, 22, acquire, work_group)
  ONE(ulong, ul, or, 23, acquire, device)
  ONE(ulong, ul, or, 24, release, work_group)
  ONE(ulong, ul, or, 25, release, device)
  ONE(ulong, ul, or, 26, acq_rel, work_group)
  ONE(ulong, ul, or, 27, acq_rel, device)
  ONE(ulong, ul, or, 28, seq_cst, work_group)
  ONE(ulong, ul, or, 29, seq_cst, device)
  ONE(ulong, ul, xor, 30, relaxed, work_group)
  ONE(ulong, ul, xor, 31, relaxed, device)
  ONE(ulong, ul, xor, 32, acquire, work_group)
  ONE(ulong, ul, xor, 33, acquire, device)
  ONE(ulong, ul, xor, 34, release, work_group)
  ONE(ulong, ul, xor, 35, release, device)
  ONE(ulong, ul, xor, 36, acq_rel, work_group)
  ONE(ulong, ul, xor, 37, acq_rel, device)
  ONE(ulong, ul, xor, 38, seq_cst, work_group)
  ONE(ulong, ul, xor, 39, seq_cst, device)
  ONE(ulong, ul, and, 40, relaxed, work_group)
  ONE(ulong, ul, and, 41, relaxed, device)
  ONE(ulong, ul, and, 42, acquire, work_group)
  ONE(ulong, ul, and, 43, acquire, device)
  ONE(ulong, ul, and, 44, release, work_group)
  ONE(ulong, ul, and, 45, release, device)
  ONE(ulong, ul, and, 46, acq_rel, work_group)
  ONE(ulong, ul, and, 47, acq_rel, device)
  ONE(ulong, ul, and, 48, seq_cst, work_group)
  ONE(ulong, ul, and, 49, seq_cst, device)
  ONE(ulong, ul, min, 50, relaxed, work_group)
  ONE(ulong, ul, min, 51, relaxed, device)
  ONE(ulong, ul, min, 52, acquire, work_group)
  ONE(ulong, ul, min, 53, acquire, device)
  ONE(ulong, ul, min, 54, release, work_group)
  ONE(ulong, ul, min, 55, release, device)
  ONE(ulong, ul, min, 56, acq_rel, work_group)
  ONE(ulong, ul, min, 57, acq_rel, device)
  ONE(ulong, ul, min, 58, seq_cst, work_group)
  ONE(ulong, ul, min, 59, seq_cst, device)
  ONE(ulong, ul, max, 60, relaxed, work_group)
  ONE(ulong, ul, max, 61, relaxed, device)
  ONE(ulong, ul, max, 62, acquire, work_group)
  ONE(ulong, ul, max, 63, acquire, device)
  ONE(ulong, ul, max, 64, release, work_group)
  ONE(ulong, ul, max, 65, release, device)
  ONE(ulong, ul, max, 66, acq_rel, work_group)
  ONE(ulong, ul, max, 67, acq_rel, device)
  ONE(ulong, ul, max, 68, seq_cst, work_group)
  ONE(ulong, ul, max, 69, seq_cst, device)
  atomic_fetch_add((volatile __global atomic_ulong *)&ul[70], ARG_add(ulong)); atomic_fetch_sub((volatile __global atomic_ulong *)&ul[71], ARG_sub(ulong)); atomic_fetch_or((volatile __global atomic_ulong *)&ul[72], ARG_or(ulong)); atomic_fetch_xor((volatile __global atomic_ulong *)&ul[73], ARG_xor(ulong)); atomic_fetch_and((volatile __global atomic_ulong *)&ul[74], ARG_and(ulong)); atomic_fetch_min((volatile __global atomic_ulong *)&ul[75], ARG_min(ulong)); atomic_fetch_max((volatile __global atomic_ulong *)&ul[76], ARG_max(ulong));
  LONE(int, sli, add, 0, relaxed)
  LONE(int, sli, add, 1, acquire)
  LONE(int, sli, add, 2, release)
  LONE(int, sli, add, 3, acq_rel)
  LONE(int, sli, add, 4, seq_cst)
  LONE(int, sli, sub, 5, relaxed)
  LONE(int, sli, sub, 6, acquire)
  LONE(int, sli, sub, 7, release)
  LONE(int, sli, sub, 8, acq_rel)
  LONE(int, sli, sub, 9, seq_cst)
  LONE(int, sli, or, 10, relaxed)
  LONE(int, sli, or, 11, acquire)
  LONE(int, sli, or, 12, release)
  LONE(int, sli, or, 13, acq_rel)
  LONE(int, sli, or, 14, seq_cst)
  LONE(int, sli, xor, 15, relaxed)
  LONE(int, sli, xor, 16, acquire)
  LONE(int, sli, xor, 17, release)
  LONE(int, sli, xor, 18, acq_rel)
  LONE(int, sli, xor, 19, seq_cst)
  LONE(int, sli, and, 20, relaxed)
  LONE(int, sli, and, 21, acquire)
  LONE(int, sli, and, 22, release)
  LONE(int, sli, and, 23, acq_rel)
  LONE(int, sli, and, 24, seq_cst)
  LONE(int, sli, min, 25, relaxed)
  LONE(int, sli, min, 26, acquire)
  LONE(int, sli, min, 27, release)
  LONE(int, sli, min, 28, acq_rel)
  LONE(int, sli, min, 29, seq_cst)
  LONE(int, sli, max, 30, relaxed)
  LONE(int, sli, max, 31, acquire)
  LONE(int, sli, max, 32, release)
  LONE(int, sli, max, 33, acq_rel)
  LONE(int, sli, max, 34, seq_cst)
  LONE(long, sll, add, 0, relaxed)
  LONE(long, sll, add, 1, acquire)
  LONE(long, sll, add, 2, release)
  LONE(long, sll, add, 3, acq_rel)
  LONE(long, sll, add, 4, seq_cst)
  LONE(long, sll, sub, 5, relaxed)
  LONE(long, sll, sub, 6, acquire)
  LONE(long, sll, sub, 7, release)
  LONE(long, sll, sub, 8, acq_rel)
  LONE(long, sll, sub, 9, seq_cst)
  LONE(long, sll, or, 10, relaxed)
  LONE(long, sll, or, 11, acquire)
  LONE(long, sll, or, 12, release)
  LONE(long, sll, or, 13, acq_rel)
  LONE(long, sll, or, 14, seq_cst)
  LONE(long, sll, xor, 15, relaxed)
  LONE(long, sll, xor, 16, acquire)
  LONE(long, sll, xor, 17, release)
  LONE(long, sll, xor, 18, acq_rel)
  LONE(long, sll, xor, 19, seq_cst)
  LONE(long, sll, and, 20, relaxed)
  LONE(long, sll, and, 21, acquire)
  LONE(long, sll, and, 22, release)
  LONE(long, sll, and, 23, acq_rel)
  LONE(long, sll, and, 24, seq_cst)
  LONE(long, sll, min, 25, relaxed)
  LONE(long, sll, min, 26, acquire)
  LONE(long, sll, min, 27, release)
  LONE(long, sll, min, 28, acq_rel)
  LONE(long, sll, min, 29, seq_cst)
  LONE(long, sll, max, 30, relaxed)
  LONE(long, sll, max, 31, acquire)
  LONE(long, sll, max, 32, release)
  LONE(long, sll, max, 33, acq_rel)
  LONE(long, sll, max, 34, seq_cst)
  barrier(CLK_LOCAL_MEM_FENCE);
  if (lid < 35) {
    li[grp * 80 + lid] = atomic_load_explicit((volatile __local atomic_int *)&sli[lid], memory_order_relaxed, memory_scope_work_group);
    ll[grp * 80 + lid] = atomic_load((volatile __local atomic_long *)&sll[lid]);
  }
}

// misc: compare-exchange (strong and weak, every success/failure order pair
// allowed) where exactly one work-item per counter can win; exchange, load
// and store of float; atomic_flag set and cleared by every work-item in
// turn (a lock guarding plain data is tests/api/atomics_sync.c: the race
// checker orders accesses by barriers only).
__kernel void misc(__global int *c, __global float *f, __global int *d) {
  __local atomic_flag lock;
  __local int plain;
  int gid = get_global_id(0), lid = get_local_id(0), grp = get_group_id(0);
  if (lid == 0) {
    atomic_flag_clear_explicit(&lock, memory_order_relaxed, memory_scope_work_group);
    plain = 0;
  }
  barrier(CLK_LOCAL_MEM_FENCE);
  int e = 0;
  /* counter k: the work-item whose gid == k wins (expects 0, stores gid + 1) */
  if (gid < 8) {
    e = 0;
    if (atomic_compare_exchange_strong_explicit((volatile __global atomic_int *)&c[gid], &e, gid + 1,
                                                memory_order_acq_rel, memory_order_acquire,
                                                memory_scope_device))
      d[gid] = 1;
  }
  /* counter 8 + gid % 8: all 32 work-items with that residue try; the
   * first wins, the others see its value: the sum of wins is 8 */
  e = 0;
  int won = atomic_compare_exchange_strong((volatile __global atomic_int *)&c[8 + gid % 8], &e, 100 + gid % 8);
  int won2 = 0;
  for (int tries = 0; tries < 64 && !won2; tries++) { /* weak may fail spuriously: retry */
    int e2 = 0;
    won2 = atomic_compare_exchange_weak_explicit((volatile __global atomic_int *)&c[16 + gid % 8], &e2,
                                                 1000 + gid % 8, memory_order_seq_cst,
                                                 memory_order_relaxed, memory_scope_work_group);
    if (!won2 && e2 != 0) break; /* someone else won */
  }
  atomic_fetch_add((volatile __global atomic_int *)&c[24], won);
  atomic_fetch_add((volatile __global atomic_int *)&c[25], won2);
  /* float: store, load, exchange (the values exchanged in are all equal) */
  if (gid == 0)
    atomic_store_explicit((volatile __global atomic_float *)&f[0], 2.5f, memory_order_release,
                          memory_scope_device);
  atomic_exchange_explicit((volatile __global atomic_float *)&f[1], 4.25f, memory_order_relaxed,
                           memory_scope_device);
  /* every work-item sets the flag once; those that found it clear count */
  if (!atomic_flag_test_and_set_explicit(&lock, memory_order_acq_rel, memory_scope_work_group))
    atomic_fetch_add_explicit((volatile __local atomic_int *)&plain, 1, memory_order_relaxed,
                              memory_scope_work_group);
  atomic_work_item_fence(CLK_GLOBAL_MEM_FENCE, memory_order_release, memory_scope_device);
  barrier(CLK_LOCAL_MEM_FENCE);
  if (lid == 0) c[26 + grp] = plain;
  d[8 + gid] = (int)(atomic_load_explicit((volatile __global atomic_float *)&f[1], memory_order_acquire,
                                          memory_scope_device) * 4.0f);
}

// atomic_double (cl_khr_fp64 with the 64-bit atomics): store, load and
// exchange, the only operations C11 gives floating-point atomics here.
__kernel void dbl(__global double *x, __global double *y) {
  int gid = get_global_id(0);
  if (gid == 0)
    atomic_store_explicit((volatile __global atomic_double *)&x[0], 0.125, memory_order_release,
                          memory_scope_device);
  atomic_exchange((volatile __global atomic_double *)&x[1], -3.5);
  atomic_store((volatile __global atomic_double *)&x[2 + (gid & 1)], 1e300);
  barrier(CLK_GLOBAL_MEM_FENCE);
  /* x[0] is written by work-group 0 only: the others read x[1..3] */
  int k = get_group_id(0) == 0 ? gid & 3 : 1 + gid % 3;
  y[gid] = atomic_load_explicit((volatile __global atomic_double *)&x[k], memory_order_acquire,
                                memory_scope_work_group);
}
