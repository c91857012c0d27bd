// The address of an object never equals a null pointer (C11 6.3.2.3, OpenCL C
// 6.3): wavesim puts the first private variable at scratch address 0 and the
// first __local variable or argument at LDS address 0, so its pointer values
// carry ISA_PTR_BIAS (isa/isa.h). Volatile pointers keep clang from folding
// the comparisons; a null pointer chosen at run time must stay null.
// RUN: kernel=priv_not_null global=64 local=32
// +    args=in:buf:uint:72:rand(0,1000) out:buf:uint:64:zero
// RUN: kernel=priv_mixed global=64 local=32
// +    args=in:buf out2:buf:uint:256:zero
// RUN: kernel=local_var_not_null global=64 local=32
// +    args=in:buf out3:buf:uint:128:zero
// RUN: kernel=local_arg_not_null global=64 local=32
// +    args=in:buf la:local:int:32 lb:local:float:8 out4:buf:uint:192:zero

__kernel void priv_not_null(__global const uint *in, __global uint *out) {
  size_t gid = get_global_id(0);
  int u[4] = {(int)in[gid], 1, 2, 3};
  int *volatile p = &u[in[gid + 8] & 0];
  out[gid] = p != 0; /* the reproducer: PoCL 1, wavesim used to give 0 */
}

__kernel void priv_mixed(__global const uint *in, __global uint *out) {
  size_t gid = get_global_id(0);
  int a = (int)in[gid];
  int b[3] = {a, a + 1, a + 2};
  int *volatile pa = &a;
  int *volatile pn = (gid & 1) ? &b[gid % 3] : 0; /* null on even items */
  int *volatile pb = &b[2];
  out[gid * 4 + 0] = (pa != 0) + 2 * (pn != 0) + 4 * (pn == 0);
  out[gid * 4 + 1] = pn ? (uint)*pn : 7777u;   /* dereferenced only when not null */
  out[gid * 4 + 2] = (uint)(pb - &b[0]) + 10u * (pb != pa);
  *pa += 5; /* the biased pointer still reaches the variable */
  out[gid * 4 + 3] = (uint)a + (uint)b[2];
}

__kernel void local_var_not_null(__global const uint *in, __global uint *out) {
  __local int x[32];
  size_t l = get_local_id(0), gid = get_global_id(0);
  x[l] = (int)in[gid];
  barrier(CLK_LOCAL_MEM_FENCE);
  __local int *volatile p = &x[in[gid] & 0];
  __local int *volatile q = (gid & 1) ? &x[31 - l] : 0;
  out[gid * 2] = (p != 0) + 2 * (q == 0);
  out[gid * 2 + 1] = q ? (uint)*q : (uint)*p;
}

__kernel void local_arg_not_null(__global const uint *in, __local int *la, __local float *lb,
                                 __global uint *out) {
  size_t l = get_local_id(0), gid = get_global_id(0);
  la[l] = (int)in[gid];
  if (l < 8) lb[l] = (float)l * 0.5f;
  barrier(CLK_LOCAL_MEM_FENCE);
  __local int *volatile p = la;
  __local float *volatile f = lb;
  __local int *volatile n = (gid & 2) ? 0 : la + (l ^ 1);
  out[gid * 3] = (p != 0) + 2 * (f != 0) + 4 * (n != 0);
  out[gid * 3 + 1] = (uint)p[31 - l] + (uint)f[l & 7];
  out[gid * 3 + 2] = n ? (uint)*n : 99u;
}
