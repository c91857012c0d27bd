// Reference for subgroup_ballot.cl (OpenCL 1.2 on PoCL, -D SG_SIZE=W): the
// sub-group's inputs through __local memory, ballots built bit by bit.
#define LIN (get_local_id(1) * get_local_size(0) + get_local_id(0))
#define NLOC (get_local_size(0) * get_local_size(1))
#define SGLID (LIN % SG_SIZE)
#define SGBASE (LIN / SG_SIZE * SG_SIZE)
#define SGSIZE (NLOC - SGBASE < SG_SIZE ? NLOC - SGBASE : SG_SIZE)
#define MAXSZ (NLOC < SG_SIZE ? NLOC : SG_SIZE)

static ulong range(void) { return MAXSZ >= 64 ? ~0ul : (1ul << MAXSZ) - 1; }
static uint popc(ulong m) { return popcount(m); }

kernel void bal(global const int *in, global uint *out) {
  local int v[256];
  size_t g = get_global_id(1) * get_global_size(0) + get_global_id(0);
  v[LIN] = in[g];
  barrier(CLK_LOCAL_MEM_FENCE);
  int x = v[LIN];
  uint l = SGLID;
  global uint *o = out + g * 16;
  ulong b = 0;
  for (uint k = 0; k < SGSIZE; k++)
    if (v[SGBASE + k] > 4) b |= 1ul << k;
  o[0] = (uint)b;
  o[1] = (uint)(b >> 32);
  o[2] = (b >> l) & 1;
  o[3] = (b >> 3) & 1;
  ulong eq = 1ul << l, lt = eq - 1, le = lt | eq;
  o[4] = popc(b & range());
  o[5] = popc(b & le);
  o[6] = popc(b & lt);
  o[7] = b ? (uint)(63 - clz(b & -b)) : 99;
  o[8] = b ? (uint)(63 - clz(b)) : 99;
  ulong ge = ~lt & range(), gt = ~le & range();
  o[9] = (uint)eq ^ ((uint)(eq >> 32) * 3u);
  o[10] = (uint)ge ^ ((uint)(ge >> 32) * 5u);
  o[11] = (uint)gt ^ ((uint)(gt >> 32) * 7u);
  o[12] = (uint)le ^ ((uint)(le >> 32) * 11u);
  o[13] = (uint)lt ^ ((uint)(lt >> 32) * 13u);
  if (x % 3 == 0) {
    ulong d = 0;
    for (uint k = 0; k < SGSIZE; k++)
      if (v[SGBASE + k] % 3 == 0 && v[SGBASE + k] != 6) d |= 1ul << k;
    o[14] = (uint)d;
    o[15] = (uint)(d >> 32);
  }
}

kernel void vote(global const int *in, global const float *fin, global int *out) {
  local int v[256];
  local float vf[256];
  size_t g = get_global_id(1) * get_global_size(0) + get_global_id(0);
  v[LIN] = in[g];
  vf[LIN] = fin[g];
  barrier(CLK_LOCAL_MEM_FENCE);
  int x = v[LIN];
  uint l = SGLID, b = SGBASE, n = SGSIZE;
  global int *o = out + g * 8;
  o[0] = l == 0;
  o[1] = v[b + 2] * 10 + 1;
  o[2] = v[b] + 100;
  if (x != 0) {
    uint first = 0;
    while (v[b + first] == 0) first++;
    o[3] = l == first;
    o[4] = v[b + first] * 7 + (int)first;
    int all = 1, any = 0, eq = 1, eqp = 1, eqf = 1;
    float f0 = vf[b + first] < 1.0f ? 0.5f : 1.5f;
    for (uint k = 0; k < n; k++) {
      int y = v[b + k];
      if (y == 0) continue;
      all &= y < 3;
      any |= y == 3;
      eq &= y == v[b + first];
      eqp &= (y > 0) == (v[b + first] > 0);
      eqf &= (vf[b + k] < 1.0f ? 0.5f : 1.5f) == f0;
    }
    o[5] = all + 2 * any;
    o[6] = eq + 2 * eqp;
    o[7] = eqf;
  }
}
