/* Sub-group operations (IR_SUBGROUP) as cross-lane instructions: shuffles
 * are one v_shfl_* per 32-bit half; reductions and scans are log2 steps of a
 * shuffle and the combining VALU op in whole-wave mode, the lanes outside
 * the operation holding its identity, or without it where every lane is
 * provably active (docs/ARCHITECTURE.md "Sub-groups"). */
#include <string.h>

#include "be_isel.h"

/* The two whole-wave VGPR pairs of the function: live over the whole kernel
 * (be_vreg.whole), so the inactive lanes that whole-wave mode writes belong
 * to no other value. */
static void xl_temps(isel *s) {
  be_func *bf = s->bf;
  if (bf->wwm_made) return;
  uint32_t a = isel_nv(s, ISA_RF_V, 2), t = isel_nv(s, ISA_RF_V, 2);
  bf->vregs[a].whole = bf->vregs[t].whole = 1;
  bf->vregs[a].no_spill = bf->vregs[t].no_spill = 1;
  bf->wwm_acc = a;
  bf->wwm_tmp = t;
  bf->wwm_made = 1;
}

/* Register h (0 low, 1 high) of a 32- or 64-bit operand. */
static be_opnd xl_half(be_opnd o, unsigned h, int wide) {
  if (o.kind == BE_O_IMM) return be_imm(h ? o.imm >> 32 : o.imm & 0xffffffffu);
  if (!wide) return o;
  o.sub = (uint8_t)(h + 1);
  return o;
}

/* A view of whole-wave pair r holding a 32-bit (its low register) or 64-bit value. */
static be_opnd xl_view(uint32_t r, int wide) {
  return wide ? be_vr(r) : be_vr_half(r, 0);
}

static void xl_emit(isel *s, isa_opcode op, be_opnd d, be_opnd a, be_opnd b, be_opnd c) {
  be_mi *mi = isel_e(s, op);
  mi->dst = d;
  mi->src[0] = a;
  mi->src[1] = b;
  mi->src[2] = c;
}

/* The identity of the combining operation on type t: the value that leaves
 * the other operand unchanged, bit for bit (-0.0 for a float sum, so that
 * a sum of -0.0s stays -0.0), and what an exclusive scan's first work-item
 * gets. 8/16-bit values are extended to 32 bits (sign for smin/smax), so
 * their identities are the type's limits extended the same way. */
static uint64_t xl_identity(uint32_t comb, ir_type t) {
  unsigned bits = isel_bits(t);
  int wide = bits == 64;
  uint64_t ones = wide ? ~(uint64_t)0 : 0xffffffffu, top = (uint64_t)1 << (bits - 1);
  switch (comb) {
  case IR_MUL:
    return 1;
  case IR_FMUL:
    return wide ? 0x3ff0000000000000u : 0x3f800000u;
  case IR_FADD:
    return top; /* -0.0 */
  case IR_SMIN:
    return top - 1; /* the largest signed value */
  case IR_SMAX:
    return (ones & ~(top - 1)); /* the smallest, sign-extended */
  case IR_UMIN:
    return bits < 32 ? top * 2 - 1 : ones;
  case IR_AND:
    return ones;
  case IR_SG_FMIN:
    return wide ? 0x7ff0000000000000u : 0x7f800000u; /* +inf */
  case IR_SG_FMAX:
    return wide ? 0xfff0000000000000u : 0xff800000u; /* -inf */
  default:
    return 0; /* ADD, UMAX, OR, XOR */
  }
}

/* acc = comb(a, b) over whole-wave views (a, b are acc and tmp in some order). */
static void xl_combine(isel *s, isa_opcode op, int pred64, be_opnd acc, be_opnd a, be_opnd b) {
  if (pred64 < 0) {
    xl_emit(s, op, acc, a, b, isel_none);
    return;
  }
  /* 64-bit integer min/max: a where compare(a, b) holds, else b */
  uint32_t m = isel_e1(s, op, ISA_RF_S, 2, a, b, isel_none);
  xl_emit(s, ISA_OP_v_cndmask_b64, acc, b, a, be_vr(m));
}

/* Whether every lane of the wave is active wherever the current block runs,
 * so a collective needs no whole-wave mode: every work-group has the
 * kernel's reqd_work_group_size, a multiple of W (built for uniform groups,
 * so no smaller last group: a multiple of W fills every wave), and no
 * divergent branch's region (the blocks before its reconvergence point,
 * early returns included) holds the block. Anything unproven keeps the
 * whole-wave lowering, which is exact for partial and divergent waves. */
static int xl_all_lanes(isel *s, uint32_t W) {
  const ir_function *f = s->f;
  const pass_uniformity *u = &s->bf->uni;
  uint64_t n = 1;
  for (int d = 0; d < 3; d++) n *= f->reqd_wg_size[d] ? f->reqd_wg_size[d] : 1;
  if (!f->is_kernel || !f->uniform_wg || !f->reqd_wg_size[0] || n % W) return 0;
  for (uint32_t b = 0; b < u->nblocks; b++)
    if (u->divergent_branch[b] && u->region && u->region[b] && u->region[b][s->cur]) return 0;
  return 1;
}

/* A fresh VGPR (pair) written by halves: spilling stores whole registers. */
static uint32_t xl_fresh(isel *s, int wide) {
  uint32_t r = isel_nv(s, ISA_RF_V, wide ? 2 : 1);
  if (wide) s->bf->vregs[r].no_spill = 1;
  return r;
}

/* The collective of xl_collective with every lane active (xl_all_lanes): the
 * same steps in the same order under the caller's exec, on fresh registers,
 * so the results are bit-identical to the whole-wave lowering's; a lane's
 * source outside the wave or cluster still reads the identity (the shuffles'
 * third operand). Saves v_set_inactive, s_wwm_begin/end and the final move. */
static void xl_collective_full(isel *s, uint32_t i, uint32_t kind, uint32_t comb, isa_opcode op,
                               int pred64, be_opnd x, uint32_t cluster, uint32_t W) {
  const ir_inst *in = &s->f->insts[i];
  int wide = isel_bits(in->type) == 64;
  unsigned nh = wide ? 2 : 1;
  be_opnd idop = be_imm(xl_identity(comb, in->type));
  uint32_t cur;
  if (x.kind == BE_O_VREG && x.sub == 0 && s->bf->vregs[x.reg].file == ISA_RF_V &&
      s->bf->vregs[x.reg].size == (wide ? 2 : 1)) {
    cur = x.reg;
  } else {
    cur = isel_nv(s, ISA_RF_V, wide ? 2 : 1);
    xl_emit(s, wide ? ISA_OP_v_mov_b64 : ISA_OP_v_mov_b32, be_vr(cur), x, isel_none, isel_none);
  }
  if (kind == IR_SG_SCAN_EXCL) {
    be_opnd first = comb == IR_FADD ? be_imm(0) : idop;
    uint32_t t = xl_fresh(s, wide);
    for (unsigned h = 0; h < nh; h++)
      xl_emit(s, ISA_OP_v_shfl_up_b32, wide ? be_vr_half(t, h) : be_vr(t),
              wide ? be_vr_half(cur, h) : be_vr(cur), be_imm(1), xl_half(first, h, 1));
    cur = t;
  }
  uint32_t end = kind == IR_SG_REDUCE ? cluster : W;
  isa_opcode sh = kind == IR_SG_REDUCE ? ISA_OP_v_shfl_xor_b32 : ISA_OP_v_shfl_up_b32;
  for (uint32_t d = 1; d < end; d <<= 1) {
    uint32_t t = xl_fresh(s, wide), r = isel_nv(s, ISA_RF_V, wide ? 2 : 1);
    for (unsigned h = 0; h < nh; h++)
      xl_emit(s, sh, wide ? be_vr_half(t, h) : be_vr(t), wide ? be_vr_half(cur, h) : be_vr(cur),
              be_imm(d), xl_half(idop, h, 1));
    /* a reduction's own partial first, a scan's lower lanes' first, as in xl_collective */
    if (kind == IR_SG_REDUCE)
      xl_combine(s, op, pred64, be_vr(r), be_vr(cur), be_vr(t));
    else
      xl_combine(s, op, pred64, be_vr(r), be_vr(t), be_vr(cur));
    cur = r;
  }
  if (cur == x.reg && x.kind == BE_O_VREG) { /* no step (a cluster of 1): a copy of x */
    uint32_t r = isel_nv(s, ISA_RF_V, wide ? 2 : 1);
    xl_emit(s, wide ? ISA_OP_v_mov_b64 : ISA_OP_v_mov_b32, be_vr(r), x, isel_none, isel_none);
    cur = r;
  }
  isel_def(s, i, wide ? VC_V2 : VC_V1, cur);
}

static int xl_collective(isel *s, uint32_t i, uint32_t kind, uint32_t comb, uint32_t clog) {
  const ir_inst *in = &s->f->insts[i];
  ir_type t = in->type;
  unsigned bits = isel_bits(t);
  int wide = bits == 64, pred64;
  uint32_t W = s->bf->t ? s->bf->t->wave_size : 32;
  isa_opcode op = isel_combine_op(comb, t, &pred64);
  if (op == ISA_OP_COUNT)
    return isel_fail(
        s, "internal compiler error: no sub-group combining operation %u for this type", comb);
  uint32_t cluster = clog ? 1u << (clog - 1) : W;
  if (cluster > W)
    return isel_fail(s,
                     "error: clustered sub-group reduction with cluster size %u, larger than the "
                     "sub-group size %u of this device; use a cluster size of at most %u",
                     cluster, W, W);
  /* 8/16-bit min/max compare the extended values (sign for SMIN/SMAX) */
  int sign = comb == IR_SMIN || comb == IR_SMAX;
  be_opnd x = wide ? isel_A2(s, in->opnd[0])
                   : (bits < 32 ? isel_ext(s, in->opnd[0], bits, sign, 1) : isel_A(s, in->opnd[0]));
  if (xl_all_lanes(s, W)) {
    xl_collective_full(s, i, kind, comb, op, pred64, x, cluster, W);
    return 0;
  }
  xl_temps(s);
  uint32_t A = s->bf->wwm_acc, T = s->bf->wwm_tmp;
  unsigned nh = wide ? 2 : 1;
  uint64_t id = xl_identity(comb, t);
  be_opnd idop = be_imm(id);
  for (unsigned h = 0; h < nh; h++)
    xl_emit(s, ISA_OP_v_set_inactive_b32, be_vr_half(A, h), xl_half(x, h, wide),
            xl_half(idop, h, 1), isel_none);
  uint32_t save = isel_e1(s, ISA_OP_s_wwm_begin, ISA_RF_S, 2, isel_none, isel_none, isel_none);
  be_opnd acc = xl_view(A, wide), tmp = xl_view(T, wide);
  if (kind == IR_SG_REDUCE) {
    /* butterfly: after the step of distance d every lane holds the
     * combination of its aligned block of 2d lanes */
    for (uint32_t d = 1; d < cluster; d <<= 1) {
      for (unsigned h = 0; h < nh; h++)
        xl_emit(s, ISA_OP_v_shfl_xor_b32, be_vr_half(T, h), be_vr_half(A, h), be_imm(d),
                xl_half(idop, h, 1));
      xl_combine(s, op, pred64, acc, acc, tmp);
    }
  } else {
    /* then the inclusive scan (Hillis-Steele), the lower lanes' partial as
     * the first operand */
    /* exclusive: every lane first takes its lower neighbour's value; lane 0
     * the identity, but +0.0 for a float sum as the spec's identity is 0
     * (the -0.0 used inside keeps a sum of -0.0s exact) */
    be_opnd first = comb == IR_FADD ? be_imm(0) : idop;
    if (kind == IR_SG_SCAN_EXCL)
      for (unsigned h = 0; h < nh; h++)
        xl_emit(s, ISA_OP_v_shfl_up_b32, be_vr_half(A, h), be_vr_half(A, h), be_imm(1),
                xl_half(first, h, 1));
    for (uint32_t d = 1; d < W; d <<= 1) {
      for (unsigned h = 0; h < nh; h++)
        xl_emit(s, ISA_OP_v_shfl_up_b32, be_vr_half(T, h), be_vr_half(A, h), be_imm(d),
                xl_half(idop, h, 1));
      xl_combine(s, op, pred64, acc, tmp, acc);
    }
  }
  be_mi *end = isel_e(s, ISA_OP_s_wwm_end);
  end->src[0] = be_vr(save);
  uint32_t d = isel_e1(s, wide ? ISA_OP_v_mov_b64 : ISA_OP_v_mov_b32, ISA_RF_V, wide ? 2 : 1, acc,
                       isel_none, isel_none);
  isel_def(s, i, wide ? VC_V2 : VC_V1, d);
  return 0;
}

static int xl_shuffle(isel *s, uint32_t i, uint32_t kind) {
  const ir_inst *in = &s->f->insts[i];
  int wide = isel_bits(in->type) == 64;
  static const isa_opcode ops[] = {
      [IR_SG_SHUFFLE] = ISA_OP_v_shfl_b32,
      [IR_SG_SHUFFLE_XOR] = ISA_OP_v_shfl_xor_b32,
      [IR_SG_SHUFFLE_UP] = ISA_OP_v_shfl_up_b32,
      [IR_SG_SHUFFLE_DOWN] = ISA_OP_v_shfl_down_b32,
  };
  be_opnd x = wide ? isel_V2(s, in->opnd[0]) : isel_V(s, in->opnd[0]);
  be_opnd k = kind == IR_SG_SHUFFLE ? isel_A(s, in->opnd[1]) : isel_B(s, in->opnd[1]);
  uint32_t d = isel_nv(s, ISA_RF_V, wide ? 2 : 1);
  if (wide) s->bf->vregs[d].no_spill = 1; /* written piecewise: spilling stores whole registers */
  for (unsigned h = 0; h < (wide ? 2u : 1u); h++) {
    be_opnd xh = xl_half(x, h, wide);
    /* a source lane outside the wave or inactive: the spec leaves the
     * result undefined; the lane keeps its own value */
    xl_emit(s, ops[kind], wide ? be_vr_half(d, h) : be_vr(d), xh, k, xh);
  }
  isel_def(s, i, wide ? VC_V2 : VC_V1, d);
  return 0;
}

/* The lanes whose predicate is not 0, as a 64-bit value: a vector compare
 * gives the mask (inactive lanes read 0), moved to a VGPR pair. */
static int xl_ballot(isel *s, uint32_t i) {
  const ir_inst *in = &s->f->insts[i];
  uint32_t m =
      isel_e1(s, ISA_OP_v_cmp_ne_u32, ISA_RF_S, 2, isel_A(s, in->opnd[0]), be_imm(0), isel_none);
  uint32_t d = isel_e1(s, ISA_OP_v_mov_b64, ISA_RF_V, 2, be_vr(m), isel_none, isel_none);
  isel_def(s, i, VC_V2, d);
  return 0;
}

int isel_subgroup(isel *s, uint32_t i) {
  const ir_inst *in = &s->f->insts[i];
  uint32_t kind = in->aux & 0xff, comb = in->aux >> 8 & 0xff, clog = in->aux >> 16 & 0xff;
  if (in->type.base == IR_T_BOOL || in->type.base == IR_T_F16 || in->type.base == IR_T_VOID)
    return isel_fail(s, "sub-group operations on this type are not supported (use a 8/16/32/64-bit "
                        "integer, float or double)");
  switch ((ir_sg)kind) {
  case IR_SG_REDUCE:
  case IR_SG_SCAN_INCL:
  case IR_SG_SCAN_EXCL:
    return xl_collective(s, i, kind, comb, clog);
  case IR_SG_SHUFFLE:
  case IR_SG_SHUFFLE_XOR:
  case IR_SG_SHUFFLE_UP:
  case IR_SG_SHUFFLE_DOWN:
    return xl_shuffle(s, i, kind);
  case IR_SG_BALLOT:
    return xl_ballot(s, i);
  }
  return isel_fail(s, "internal compiler error: unknown sub-group operation %u", kind);
}
