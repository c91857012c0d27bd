// A kernel calling a kernel that declares __local memory and synchronises with
// barriers. The callee's kernel-scope __local variable becomes work-group
// memory of the caller's launch, next to the caller's own __local array, and
// stays one variable however often it is called: stash_rev stores in one call
// (phase 0) and reads back, reversed, in the next (phase 1), as one object
// (calling a kernel with __local variables is implementation-defined in OpenCL
// C 1.2; like PoCL and other LLVM-based compilers wavesim shares the storage).
// REF: majority (PoCL 3.1 under load occasionally returns another work-group's
// stash for out2: CI gave out2[192] = 23065, which is out2[128]'s value, where
// in[255] ^ 0x5a5a = 23215, the value wavesim and unloaded PoCL give)
// RUN: kernel=rev_block global=256 local=64
// +    args=in:buf:int:256:rand(-1000,1000) out:buf:int:256:zero
// RUN: kernel=stash_rev global=256 local=64
// +    args=in:buf out2:buf:int:256:zero phase:int:0
// RUN: kernel=caller global=256 local=64
// +    args=in:buf out:buf out2:buf acc:buf:int:256:zero
__kernel void rev_block(__global const int *in, __global int *out) {
  __local int tile[64];
  size_t l = get_local_id(0), g = get_group_id(0) * 64;
  tile[l] = in[g + l];
  barrier(CLK_LOCAL_MEM_FENCE);
  out[g + l] = tile[63 - l] * 3;
  barrier(CLK_LOCAL_MEM_FENCE); /* tile is reused by the next call */
}

__kernel void stash_rev(__global const int *in, __global int *out, int phase) {
  __local int keep[64];
  size_t l = get_local_id(0), g = get_group_id(0) * 64;
  if (phase == 0)
    keep[l] = in[g + l] ^ 0x5a5a;
  barrier(CLK_LOCAL_MEM_FENCE);
  if (phase == 1)
    out[g + l] = keep[63 - l];
  barrier(CLK_LOCAL_MEM_FENCE);
}

__kernel void caller(__global const int *in, __global int *out, __global int *out2,
                     __global int *acc) {
  __local int mine[64];
  size_t l = get_local_id(0), gid = get_global_id(0);
  mine[l] = (int)l * 7 - in[gid];
  stash_rev(in, out2, 0);
  for (int r = 0; r < 3; r++) {
    rev_block(in, out);
    acc[gid] += out[gid] + r;
  }
  stash_rev(in, out2, 1);
  barrier(CLK_LOCAL_MEM_FENCE);
  acc[gid] += mine[63 - l]; /* not clobbered by the callees' __local arrays */
}
