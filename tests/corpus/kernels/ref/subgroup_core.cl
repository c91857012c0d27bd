// Reference for subgroup_core.cl (OpenCL 1.2 on PoCL, -D SG_SIZE=W): the
// sub-group of a work-item is its local linear id / SG_SIZE; values are
// exchanged through __local memory and work-group barriers.
#define LIN (get_local_id(1) * get_local_size(0) + get_local_id(0))
#define NLOC (get_local_size(0) * get_local_size(1))
#define SGID (LIN / SG_SIZE)
#define SGLID (LIN % SG_SIZE)
#define SGBASE (SGID * SG_SIZE)
#define SGSIZE (NLOC - SGBASE < SG_SIZE ? NLOC - SGBASE : SG_SIZE)

kernel void sg_builtins(global uint *out) {
  size_t g = get_global_id(1) * get_global_size(0) + get_global_id(0);
  global uint *o = out + g * 6;
  o[0] = SGSIZE;
  o[1] = NLOC < SG_SIZE ? NLOC : SG_SIZE;
  o[2] = (NLOC + SG_SIZE - 1) / SG_SIZE;
  o[3] = (NLOC + SG_SIZE - 1) / SG_SIZE;
  o[4] = SGID;
  o[5] = SGLID;
}

kernel void sg_vote(global const int *in, global int *out) {
  local int v[256];
  size_t g = get_global_id(1) * get_global_size(0) + get_global_id(0);
  v[LIN] = in[g];
  barrier(CLK_LOCAL_MEM_FENCE);
  int a0 = 1, a1 = 0, a2 = 1, a3 = 0;
  for (uint k = SGBASE; k < SGBASE + SGSIZE; k++) {
    a0 &= v[k] < 39;
    a1 |= v[k] == 0;
    a2 &= v[k] >= 0;
    a3 |= v[k] > 40;
  }
  out[g * 4 + 0] = a0;
  out[g * 4 + 1] = a1;
  out[g * 4 + 2] = a2;
  out[g * 4 + 3] = a3;
}

kernel void sg_bcast(global const int *bi, global const long *bl, global const float *bf,
                     global int *bo, global long *blo, global float *bfo) {
  local int vi[256];
  local long vl[256];
  local float vf[256];
  size_t g = get_global_id(1) * get_global_size(0) + get_global_id(0);
  vi[LIN] = bi[g];
  vl[LIN] = bl[g];
  vf[LIN] = bf[g];
  barrier(CLK_LOCAL_MEM_FENCE);
  uint last = SGSIZE - 1, b = SGBASE;
  bo[g * 3 + 0] = vi[b];
  bo[g * 3 + 1] = vi[b + last];
  bo[g * 3 + 2] = vi[b + 5u % SGSIZE];
  blo[g * 2 + 0] = vl[b + 1u % SGSIZE];
  blo[g * 2 + 1] = vl[b + last];
  bfo[g] = vf[b + last / 2];
}

kernel void sg_barrier(global const int *in, global int *out, local int *scratch) {
  size_t g = get_global_id(1) * get_global_size(0) + get_global_id(0);
  scratch[LIN] = in[g] * 3;
  barrier(CLK_LOCAL_MEM_FENCE);
  out[g] = scratch[SGBASE + (SGLID + 1) % SGSIZE];
}
