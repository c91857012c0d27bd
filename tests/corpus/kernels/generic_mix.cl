// The generic address space (OpenCL C 2.0): a pointer chosen per work-item
// among a __global, a __local and a private object, so that the lanes of
// one wave mix all three spaces; it is stored in a private array and read
// back (its space known only at run time), dereferenced, classified with
// to_global/to_local/to_private (NULL outside their space) and get_fence,
// and written through.
// RUN: kernel=gmix global=256 local=64 opts=-cl-std=CL2.0
// +   args=out:buf:int:1024:zero in:buf:int:256:rand(-1000,1000)
__kernel void gmix(__global int *out, __global const int *in) {
  __local int tile[64];
  int priv[4];
  int lid = get_local_id(0), gid = get_global_id(0);
  tile[lid] = in[gid] * 3;
  for (int k = 0; k < 4; k++) priv[k] = gid * 10 + k;
  barrier(CLK_LOCAL_MEM_FENCE);
  int *p;
  int sel = gid % 3;
  if (sel == 0)
    p = (int *)&in[gid];
  else if (sel == 1)
    p = &tile[lid ^ 1];
  else
    p = &priv[gid & 3];
  int *arr[2];
  arr[gid & 1] = p;
  arr[(gid & 1) ^ 1] = &priv[0];
  int *q = arr[gid & 1];
  out[gid * 4 + 0] = *q;
  out[gid * 4 + 1] = (to_local(q) != 0) + 2 * (to_global(q) != 0) + 4 * (to_private(q) != 0);
  out[gid * 4 + 2] = get_fence(q);
  if (sel == 2) *q += 5;
  out[gid * 4 + 3] = priv[gid & 3];
}
