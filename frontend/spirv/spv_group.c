/* Sub-group instructions and builtins (cl_khr_subgroups and the
 * cl_khr_subgroup_* extensions): OpGroup* with Subgroup scope and the
 * OpGroupNonUniform* family become IR_SUBGROUP (ir.h, ir_sg); the sub-group
 * builtins are computed from the local id and size and IR_WAVE_SIZE. A
 * sub-group is the wave: sub-group i of a work-group holds the work-items of
 * local linear id i*W .. i*W+W-1, as the simulator forms waves. */
#include <spirv/unified1/spirv.h>
#include <string.h>

#include "spv_internal.h"
#include "spv_tables.h"

#define W(k) spv_word(m, i, (k))

/* The value of 32-bit integer constant id, or -1 (no message) when id is not
 * one. */
static int64_t spv_group_const(spv_mod *m, uint32_t id) {
  if (id < m->bound && m->ids[id].kind == SPV_K_CONST && m->ins[m->ids[id].ins].op == SpvOpConstant)
    return spv_word(m, m->ids[id].ins, 3);
  return -1;
}

/* 1 when scope operand word k is Subgroup; an error naming what is missing
 * otherwise. */
static int spv_group_scope(spv_fn *x, uint32_t i, uint32_t k) {
  spv_mod *m = x->m;
  int64_t sc = spv_group_const(m, W(k));
  if (sc == SpvScopeSubgroup) return 1;
  /* the OpGroup* forms (not the NonUniform ones) also serve the work-group
   * collective functions (spv_wgroup.c) */
  uint16_t op = m->ins[i].op;
  if (sc == SpvScopeWorkgroup && op >= SpvOpGroupAll && op <= SpvOpGroupSMax) return 2;
  if (sc == SpvScopeWorkgroup)
    spv_error(m, x->line, "unsupported work-group scope of %s",
              spv_op_name(op) ? spv_op_name(op) : "a group instruction");
  else
    spv_error(m, x->line, "unsupported scope of %s (only Subgroup is supported)",
              spv_op_name(m->ins[i].op) ? spv_op_name(m->ins[i].op) : "a group instruction");
  return 0;
}

uint32_t spv_sg(spv_fn *x, ir_type t, uint32_t aux, uint32_t a, uint32_t b) {
  uint32_t o[2] = {a, b};
  uint32_t r = spv_emit(x, IR_SUBGROUP, t, b == IR_NONE ? 1 : 2, o);
  x->f->insts[r].aux = aux;
  return r;
}

/* bool -> I32 0/1 and back, for the logical and vote operations */
uint32_t spv_b2i(spv_fn *x, uint32_t b) {
  ir_type i32 = SPV_IRT(IR_T_I32);
  uint32_t o[3] = {b, spv_kconst(x, i32, 1), spv_kconst(x, i32, 0)};
  return spv_emit(x, IR_SELECT, i32, 3, o);
}
uint32_t spv_i2b(spv_fn *x, uint32_t v) {
  uint32_t r = spv_op2(x, IR_ICMP, SPV_IRT(IR_T_BOOL), v, spv_kconst(x, SPV_IRT(IR_T_I32), 0));
  x->f->insts[r].aux = IR_P_NE;
  return r;
}

/* OpGroup{IAdd,FAdd,S/U/FMin,S/U/FMax} and OpGroupNonUniform{IAdd..LogicalXor}:
 * result type, id, scope, GroupOperation, X [, ClusterSize]; arg: the
 * combining ir_op or IR_SG_FMIN/FMAX. Logical ones combine 0/1 as I32. */
void spv_h_group_arith(spv_fn *x, uint32_t i, uint32_t arg) {
  spv_mod *m = x->m;
  int scope = spv_group_scope(x, i, 3);
  if (scope == 2) {
    spv_wg_arith(x, i, arg);
    return;
  }
  if (!scope) return;
  uint32_t gop = W(4), kind, clog = 0;
  switch (gop) {
  case SpvGroupOperationReduce:
    kind = IR_SG_REDUCE;
    break;
  case SpvGroupOperationInclusiveScan:
    kind = IR_SG_SCAN_INCL;
    break;
  case SpvGroupOperationExclusiveScan:
    kind = IR_SG_SCAN_EXCL;
    break;
  case SpvGroupOperationClusteredReduce: {
    kind = IR_SG_REDUCE;
    int64_t c = m->ins[i].nw > 6 ? spv_group_const(m, W(6)) : -1;
    if (c < 1 || (c & (c - 1))) {
      spv_error(m, x->line,
                "sub_group_clustered_reduce_*: the cluster size must be a compile-time constant "
                "power of two (1, 2, 4, ... up to the sub-group size)");
      return;
    }
    while ((1ll << clog) < c) clog++;
    clog++;
    break;
  }
  default:
    spv_error(m, x->line, "unsupported group operation %u of a sub-group instruction", gop);
    return;
  }
  ir_type *t = spv_tbuf(x);
  uint32_t n = spv_rleaves(x, i);
  if (spv_val(x, W(5), x->a) != n || m->failed) {
    if (!m->failed) spv_error(m, x->line, "malformed SPIR-V: sub-group operand shape");
    return;
  }
  for (uint32_t k = 0; k < n; k++) {
    int logical = t[k].base == IR_T_BOOL;
    uint32_t v = logical ? spv_b2i(x, x->a[k]) : x->a[k];
    uint32_t r =
        spv_sg(x, logical ? SPV_IRT(IR_T_I32) : t[k], IR_SG_AUX(kind, arg, clog), v, IR_NONE);
    x->b[k] = logical ? spv_i2b(x, r) : r;
  }
  spv_set(x, W(2), x->b, n);
}

/* OpGroupAll / OpGroupAny and the NonUniform ones: scope, predicate; arg 1
 * for any. All lanes' 0/1 reduced with UMIN (all) or UMAX (any). */
void spv_h_group_vote(spv_fn *x, uint32_t i, uint32_t arg) {
  spv_mod *m = x->m;
  int scope = spv_group_scope(x, i, 3);
  if (!scope || spv_val(x, W(4), x->a) != 1) return;
  if (scope == 2) {
    uint32_t r = spv_wg_reduce(x, SPV_IRT(IR_T_I32), arg ? IR_UMAX : IR_UMIN, spv_b2i(x, x->a[0]));
    r = spv_i2b(x, r);
    spv_set(x, W(2), &r, 1);
    return;
  }
  uint32_t r = spv_sg(x, SPV_IRT(IR_T_I32), IR_SG_AUX(IR_SG_REDUCE, arg ? IR_UMAX : IR_UMIN, 0),
                      spv_b2i(x, x->a[0]), IR_NONE);
  r = spv_i2b(x, r);
  spv_set(x, W(2), &r, 1);
}

/* OpGroupBroadcast / OpGroupNonUniformBroadcast / OpGroupNonUniformShuffle*:
 * scope, value, lane (or mask, delta); arg: the ir_sg. */
void spv_h_group_shuffle(spv_fn *x, uint32_t i, uint32_t arg) {
  spv_mod *m = x->m;
  int scope = spv_group_scope(x, i, 3);
  if (scope == 2) {
    spv_wg_broadcast(x, i);
    return;
  }
  if (!scope) return;
  ir_type *t = spv_tbuf(x);
  uint32_t n = spv_rleaves(x, i);
  if (spv_val(x, W(4), x->a) != n || spv_val(x, W(5), x->c) != 1 || m->failed) {
    if (!m->failed) spv_error(m, x->line, "malformed SPIR-V: sub-group operand shape");
    return;
  }
  ir_type i32 = SPV_IRT(IR_T_I32);
  uint32_t lane = x->c[0];
  if (spv_rtype(x, lane).base != IR_T_I32) lane = spv_resize(x, lane, i32, 0);
  for (uint32_t k = 0; k < n; k++) {
    int logical = t[k].base == IR_T_BOOL;
    uint32_t v = logical ? spv_b2i(x, x->a[k]) : x->a[k];
    uint32_t r = spv_sg(x, logical ? i32 : t[k], IR_SG_AUX(arg, 0, 0), v, lane);
    x->b[k] = logical ? spv_i2b(x, r) : r;
  }
  spv_set(x, W(2), x->b, n);
}

/* ---- builtins -------------------------------------------------------------- */
/* The builtins depend only on the work-item, not on which lanes run: they are
 * computed at the function's entry, in 32 bits (local sizes and ids fit),
 * once per function. */
static uint32_t sg_e2(spv_fn *x, ir_op op, ir_type t, uint32_t a, uint32_t b) {
  uint32_t o[2] = {a, b};
  return spv_emit_entry(x, op, t, 2, o);
}
static uint32_t sg_e1(spv_fn *x, ir_op op, ir_type t, uint32_t a) {
  return spv_emit_entry(x, op, t, 1, &a);
}
static uint32_t spv_wi(spv_fn *x, ir_op op, uint32_t d) {
  uint32_t r = spv_emit_entry(x, op, SPV_IRT(IR_T_I64), 0, NULL);
  x->f->insts[r].aux = d;
  return sg_e1(x, IR_TRUNC, SPV_IRT(IR_T_I32), r);
}
uint32_t spv_sg_w(spv_fn *x) {
  if (!x->sg_w) x->sg_w = 1 + spv_emit_entry(x, IR_WAVE_SIZE, SPV_IRT(IR_T_I32), 0, NULL);
  return x->sg_w - 1;
}

/* The work-items of a work-group of the sizes op gives (I32). */
static uint32_t spv_sg_items(spv_fn *x, ir_op op) {
  ir_type i32 = SPV_IRT(IR_T_I32);
  uint32_t sx = spv_wi(x, op, 0), sy = spv_wi(x, op, 1), sz = spv_wi(x, op, 2);
  return sg_e2(x, IR_MUL, i32, sg_e2(x, IR_MUL, i32, sx, sy), sz);
}

/* The work-group's work-items (I32): this group's actual size, smaller than
 * the enqueued one in the last groups of a non-uniform launch. */
uint32_t spv_sg_total(spv_fn *x) {
  if (!x->sg_total) x->sg_total = 1 + spv_sg_items(x, IR_LOCAL_SIZE);
  return x->sg_total - 1;
}
/* The work-items of a work-group of the enqueued local size (I32): what
 * get_max_sub_group_size and get_enqueued_num_sub_groups are defined on, the
 * same in every group of the dispatch. */
static uint32_t spv_sg_enq_total(spv_fn *x) {
  if (!x->sg_enq_total) x->sg_enq_total = 1 + spv_sg_items(x, IR_ENQ_LOCAL_SIZE);
  return x->sg_enq_total - 1;
}
/* This work-item's local linear id (I32). */
uint32_t spv_sg_lin(spv_fn *x) {
  ir_type i32 = SPV_IRT(IR_T_I32);
  if (!x->sg_lin) {
    uint32_t sx = spv_wi(x, IR_LOCAL_SIZE, 0), sy = spv_wi(x, IR_LOCAL_SIZE, 1);
    uint32_t lx = spv_wi(x, IR_LOCAL_ID, 0), ly = spv_wi(x, IR_LOCAL_ID, 1),
             lz = spv_wi(x, IR_LOCAL_ID, 2);
    x->sg_lin = 1 + sg_e2(x, IR_ADD, i32, lx,
                          sg_e2(x, IR_MUL, i32, sx,
                                sg_e2(x, IR_ADD, i32, ly, sg_e2(x, IR_MUL, i32, sy, lz))));
  }
  return x->sg_lin - 1;
}

/* The sub-group builtin bi into out (one I32, or the four I32 of a
 * uint4 mask): the number of leaves, 0 when bi is not one. */
uint32_t spv_subgroup_builtin(spv_fn *x, int32_t bi, uint32_t *out) {
  ir_type i32 = SPV_IRT(IR_T_I32), i64 = SPV_IRT(IR_T_I64);
  switch (bi) {
  case SpvBuiltInSubgroupSize:
  case SpvBuiltInSubgroupMaxSize:
  case SpvBuiltInNumSubgroups:
  case SpvBuiltInNumEnqueuedSubgroups:
  case SpvBuiltInSubgroupId:
  case SpvBuiltInSubgroupLocalInvocationId:
  case SpvBuiltInSubgroupEqMask:
  case SpvBuiltInSubgroupGeMask:
  case SpvBuiltInSubgroupGtMask:
  case SpvBuiltInSubgroupLeMask:
  case SpvBuiltInSubgroupLtMask:
    break;
  default:
    return 0;
  }
  /* OpenCL C 3.0, 6.15.2: get_num_sub_groups and get_sub_group_size describe
   * this work-group as it runs; get_enqueued_num_sub_groups and
   * get_max_sub_group_size the enqueued local size, so they are the same in
   * the last, smaller groups of a non-uniform launch as in the others. */
  uint32_t w = spv_sg_w(x);
  int enq = bi == SpvBuiltInNumEnqueuedSubgroups || bi == SpvBuiltInSubgroupMaxSize ||
            bi == SpvBuiltInSubgroupGeMask || bi == SpvBuiltInSubgroupGtMask;
  uint32_t total = enq ? spv_sg_enq_total(x) : spv_sg_total(x);
  if (bi == SpvBuiltInNumSubgroups || bi == SpvBuiltInNumEnqueuedSubgroups) {
    /* ceil(total / W) */
    uint32_t wm1 = sg_e2(x, IR_SUB, i32, w, spv_kconst(x, i32, 1));
    out[0] = sg_e2(x, IR_UDIV, i32, sg_e2(x, IR_ADD, i32, total, wm1), w);
    return 1;
  }
  uint32_t maxsz = sg_e2(x, IR_UMIN, i32, w, total);
  if (bi == SpvBuiltInSubgroupMaxSize) return out[0] = maxsz, 1;
  total = spv_sg_total(x);
  uint32_t lin = spv_sg_lin(x);
  uint32_t lid = sg_e2(x, IR_UREM, i32, lin, w);
  if (bi == SpvBuiltInSubgroupLocalInvocationId) return out[0] = lid, 1;
  uint32_t id = sg_e2(x, IR_UDIV, i32, lin, w);
  if (bi == SpvBuiltInSubgroupId) return out[0] = id, 1;
  if (bi == SpvBuiltInSubgroupSize) { /* the last sub-group holds what is left */
    uint32_t left = sg_e2(x, IR_SUB, i32, total, sg_e2(x, IR_MUL, i32, id, w));
    return out[0] = sg_e2(x, IR_UMIN, i32, w, left), 1;
  }
  /* the ballot masks: bits of the sub-group's lanes (below the maximum
   * sub-group size) compared with this work-item's */
  uint32_t ones = spv_kconst(x, i64, ~(uint64_t)0), one = spv_kconst(x, i64, 1);
  uint32_t lid64 = sg_e1(x, IR_ZEXT, i64, lid);
  uint32_t range =
      sg_e2(x, IR_LSHR, i64, ones,
            sg_e1(x, IR_ZEXT, i64, sg_e2(x, IR_SUB, i32, spv_kconst(x, i32, 64), maxsz)));
  uint32_t eq = sg_e2(x, IR_SHL, i64, one, lid64), lt = sg_e2(x, IR_SUB, i64, eq, one), m;
  switch (bi) {
  case SpvBuiltInSubgroupEqMask:
    m = eq;
    break;
  case SpvBuiltInSubgroupLtMask:
    m = lt;
    break;
  case SpvBuiltInSubgroupLeMask:
    m = sg_e2(x, IR_OR, i64, lt, eq);
    break;
  case SpvBuiltInSubgroupGeMask:
    m = sg_e2(x, IR_AND, i64, range, sg_e1(x, IR_NOT, i64, lt));
    break;
  default:
    m = sg_e2(x, IR_AND, i64, range, sg_e1(x, IR_NOT, i64, sg_e2(x, IR_OR, i64, lt, eq)));
    break;
  }
  out[0] = sg_e1(x, IR_TRUNC, i32, m);
  out[1] = sg_e1(x, IR_TRUNC, i32, sg_e2(x, IR_LSHR, i64, m, spv_kconst(x, i64, 32)));
  out[2] = out[3] = spv_kconst(x, i32, 0);
  return 4;
}

/* ---- ballots and votes (cl_khr_subgroup_ballot, _non_uniform_vote) --------- */
/* The active lanes whose predicate (a bool) holds, as an I64 mask. */
static uint32_t spv_sg_ballot(spv_fn *x, uint32_t pred) {
  return spv_sg(x, SPV_IRT(IR_T_I64), IR_SG_AUX(IR_SG_BALLOT, 0, 0), spv_b2i(x, pred), IR_NONE);
}

/* The first active lane's sub-group local id (I32). */
static uint32_t spv_sg_first(spv_fn *x) {
  ir_type i32 = SPV_IRT(IR_T_I32), i64 = SPV_IRT(IR_T_I64);
  uint32_t b = spv_sg_ballot(x, spv_kconst(x, SPV_IRT(IR_T_BOOL), 1));
  return spv_op1(x, IR_TRUNC, i32, spv_xbitcnt(x, IR_M_CTZ, i64, b));
}

uint32_t spv_sg_lid(spv_fn *x) {
  return sg_e2(x, IR_UREM, SPV_IRT(IR_T_I32), spv_sg_lin(x), spv_sg_w(x));
}

static uint32_t spv_icmp(spv_fn *x, ir_op op, ir_pred p, uint32_t a, uint32_t b) {
  uint32_t r = spv_op2(x, op, SPV_IRT(IR_T_BOOL), a, b);
  x->f->insts[r].aux = p;
  return r;
}

/* OpGroupNonUniformBallot and the operations on a ballot (a uint4 of which
 * only the low 64 bits can name lanes); arg: the opcode. */
void spv_h_group_ballot(spv_fn *x, uint32_t i, uint32_t arg) {
  spv_mod *m = x->m;
  if (!spv_group_scope(x, i, 3)) return;
  ir_type i32 = SPV_IRT(IR_T_I32), i64 = SPV_IRT(IR_T_I64);
  uint32_t r[4];
  if (arg == SpvOpGroupNonUniformBallot) {
    if (spv_val(x, W(4), x->a) != 1) return;
    uint32_t b = spv_sg_ballot(x, x->a[0]);
    r[0] = spv_op1(x, IR_TRUNC, i32, b);
    r[1] = spv_op1(x, IR_TRUNC, i32, spv_op2(x, IR_LSHR, i64, b, spv_kconst(x, i64, 32)));
    r[2] = r[3] = spv_kconst(x, i32, 0);
    spv_set(x, W(2), r, 4);
    return;
  }
  /* the value: word 5 after a GroupOperation (BitCount), else word 4 */
  uint32_t vw = arg == SpvOpGroupNonUniformBallotBitCount ? 5 : 4;
  if (spv_val(x, W(vw), x->a) != 4 || m->failed) {
    if (!m->failed) spv_error(m, x->line, "malformed SPIR-V: a ballot is not a uint4");
    return;
  }
  uint32_t v =
      spv_op2(x, IR_OR, i64, spv_op1(x, IR_ZEXT, i64, x->a[0]),
              spv_op2(x, IR_SHL, i64, spv_op1(x, IR_ZEXT, i64, x->a[1]), spv_kconst(x, i64, 32)));
  uint32_t one = spv_kconst(x, i64, 1), zero = spv_kconst(x, i64, 0);
  uint32_t ones = spv_kconst(x, i64, ~(uint64_t)0);
  switch (arg) {
  case SpvOpGroupNonUniformInverseBallot:
  case SpvOpGroupNonUniformBallotBitExtract: {
    uint32_t bit = arg == SpvOpGroupNonUniformInverseBallot ? spv_sg_lid(x) : 0;
    if (arg == SpvOpGroupNonUniformBallotBitExtract) {
      if (spv_val(x, W(5), x->b) != 1) return;
      bit = x->b[0];
      if (spv_rtype(x, bit).base != IR_T_I32) bit = spv_resize(x, bit, i32, 0);
      bit = spv_op2(x, IR_AND, i32, bit, spv_kconst(x, i32, 63));
    }
    uint32_t s =
        spv_op2(x, IR_AND, i64, spv_op2(x, IR_LSHR, i64, v, spv_op1(x, IR_ZEXT, i64, bit)), one);
    r[0] = spv_icmp(x, IR_ICMP, IR_P_NE, s, zero);
    break;
  }
  default: {
    /* only the bits of the sub-group's lanes count: below its largest size */
    uint32_t w = spv_sg_w(x);
    uint32_t maxsz = spv_op2(x, IR_UMIN, i32, w, spv_sg_total(x));
    uint32_t range =
        spv_op2(x, IR_LSHR, i64, ones,
                spv_op1(x, IR_ZEXT, i64, spv_op2(x, IR_SUB, i32, spv_kconst(x, i32, 64), maxsz)));
    uint32_t mv = spv_op2(x, IR_AND, i64, v, range);
    if (arg == SpvOpGroupNonUniformBallotBitCount) {
      uint32_t gop = W(4);
      if (gop != SpvGroupOperationReduce && gop != SpvGroupOperationInclusiveScan &&
          gop != SpvGroupOperationExclusiveScan) {
        spv_error(m, x->line, "unsupported group operation %u of OpGroupNonUniformBallotBitCount",
                  gop);
        return;
      }
      if (gop != SpvGroupOperationReduce) { /* scans: the bits of lanes below (and at) this one */
        uint32_t eq = spv_op2(x, IR_SHL, i64, one, spv_op1(x, IR_ZEXT, i64, spv_sg_lid(x)));
        uint32_t lt = spv_op2(x, IR_SUB, i64, eq, one);
        mv = spv_op2(x, IR_AND, i64, mv,
                     gop == SpvGroupOperationInclusiveScan ? spv_op2(x, IR_OR, i64, lt, eq) : lt);
      }
      r[0] = spv_op1(x, IR_TRUNC, i32, spv_xbitcnt(x, IR_M_POPCOUNT, i64, mv));
    } else if (arg == SpvOpGroupNonUniformBallotFindLSB) {
      r[0] = spv_op1(x, IR_TRUNC, i32, spv_xbitcnt(x, IR_M_CTZ, i64, mv));
    } else { /* FindMSB: 63 - clz */
      uint32_t c = spv_op1(x, IR_TRUNC, i32, spv_xbitcnt(x, IR_M_CLZ, i64, mv));
      r[0] = spv_op2(x, IR_SUB, i32, spv_kconst(x, i32, 63), c);
    }
    break;
  }
  }
  spv_set(x, W(2), r, 1);
}

/* OpGroupNonUniformElect: the active work-item of the lowest id. */
void spv_h_group_elect(spv_fn *x, uint32_t i, uint32_t arg) {
  (void)arg;
  spv_mod *m = x->m;
  if (!spv_group_scope(x, i, 3)) return;
  uint32_t r = spv_icmp(x, IR_ICMP, IR_P_EQ, spv_sg_lid(x), spv_sg_first(x));
  spv_set(x, W(2), &r, 1);
}

/* OpGroupNonUniformBroadcastFirst: the first active work-item's value. */
void spv_h_group_broadcast_first(spv_fn *x, uint32_t i, uint32_t arg) {
  (void)arg;
  spv_mod *m = x->m;
  if (!spv_group_scope(x, i, 3)) return;
  ir_type *t = spv_tbuf(x);
  uint32_t n = spv_rleaves(x, i);
  if (spv_val(x, W(4), x->a) != n || m->failed) return;
  uint32_t first = spv_sg_first(x);
  for (uint32_t k = 0; k < n; k++) {
    int logical = t[k].base == IR_T_BOOL;
    uint32_t v = logical ? spv_b2i(x, x->a[k]) : x->a[k];
    uint32_t r =
        spv_sg(x, logical ? SPV_IRT(IR_T_I32) : t[k], IR_SG_AUX(IR_SG_SHUFFLE, 0, 0), v, first);
    x->b[k] = logical ? spv_i2b(x, r) : r;
  }
  spv_set(x, W(2), x->b, n);
}

/* OpGroupNonUniformAllEqual: every active work-item's value equals the
 * first one's (floats compare as ==: a NaN is equal to nothing). */
void spv_h_group_all_equal(spv_fn *x, uint32_t i, uint32_t arg) {
  (void)arg;
  spv_mod *m = x->m;
  if (!spv_group_scope(x, i, 3) || spv_val(x, W(4), x->a) != 1) return;
  uint32_t v = x->a[0];
  ir_type t = spv_rtype(x, v);
  if (t.base == IR_T_BOOL) v = spv_b2i(x, v), t = SPV_IRT(IR_T_I32);
  uint32_t f = spv_sg(x, t, IR_SG_AUX(IR_SG_SHUFFLE, 0, 0), v, spv_sg_first(x));
  int fl = t.base == IR_T_F32 || t.base == IR_T_F64 || t.base == IR_T_F16;
  uint32_t eq = spv_icmp(x, fl ? IR_FCMP : IR_ICMP, fl ? IR_P_OEQ : IR_P_EQ, v, f);
  uint32_t r =
      spv_sg(x, SPV_IRT(IR_T_I32), IR_SG_AUX(IR_SG_REDUCE, IR_UMIN, 0), spv_b2i(x, eq), IR_NONE);
  r = spv_i2b(x, r);
  spv_set(x, W(2), &r, 1);
}

/* ---- rotates (cl_khr_subgroup_rotate) ------------------------------------------ */
/* Value leaves vals[0..n) rotated by delta within the sub-group (cluster 0:
 * the work-item (lid + delta) mod the largest sub-group size, delta signed
 * when sdelta) or within aligned clusters of `cluster` work-items (a power of
 * two: ((lid + delta) mod cluster) in the work-item's own cluster). */
static void spv_sg_rotate(spv_fn *x, uint32_t i, const uint32_t *vals, uint32_t n, uint32_t delta,
                          int sdelta, uint32_t cluster) {
  spv_mod *m = x->m;
  ir_type i32 = SPV_IRT(IR_T_I32), *t = spv_tbuf(x);
  if (spv_rleaves(x, i) != n) {
    spv_error(m, x->line, "malformed SPIR-V: sub-group rotate operand shape");
    return;
  }
  if (spv_rtype(x, delta).base != IR_T_I32) delta = spv_resize(x, delta, i32, sdelta);
  uint32_t lid = spv_sg_lid(x), idx;
  if (cluster) {
    uint32_t cm = spv_kconst(x, i32, cluster - 1);
    idx = spv_op2(x, IR_ADD, i32, spv_op2(x, IR_AND, i32, spv_op2(x, IR_ADD, i32, lid, delta), cm),
                  spv_op2(x, IR_AND, i32, lid, spv_op1(x, IR_NOT, i32, cm)));
  } else {
    uint32_t w = spv_sg_w(x);
    uint32_t size = spv_op2(x, IR_UMIN, i32, w, spv_sg_total(x));
    /* delta mod size in [0, size), then (lid + it) mod size */
    uint32_t d =
        sdelta ? spv_op2(x, IR_SREM, i32, delta, size) : spv_op2(x, IR_UREM, i32, delta, size);
    if (sdelta) d = spv_op2(x, IR_UREM, i32, spv_op2(x, IR_ADD, i32, d, size), size);
    idx = spv_op2(x, IR_UREM, i32, spv_op2(x, IR_ADD, i32, lid, d), size);
  }
  for (uint32_t k = 0; k < n; k++) {
    int logical = t[k].base == IR_T_BOOL;
    uint32_t v = logical ? spv_b2i(x, vals[k]) : vals[k];
    uint32_t r = spv_sg(x, logical ? i32 : t[k], IR_SG_AUX(IR_SG_SHUFFLE, 0, 0), v, idx);
    x->b[k] = logical ? spv_i2b(x, r) : r;
  }
  spv_set(x, W(2), x->b, n);
}

/* The cluster size of a clustered rotate: a constant power of two (0 with an
 * error otherwise). */
static uint32_t spv_rotate_cluster(spv_fn *x, uint32_t id) {
  int64_t c = spv_group_const(x->m, id);
  if (c < 1 || (c & (c - 1))) {
    spv_error(x->m, x->line,
              "sub_group_clustered_rotate: the cluster size must be a compile-time constant "
              "power of two (1, 2, 4, ... up to the sub-group size)");
    return 0;
  }
  return (uint32_t)c;
}

/* OpGroupNonUniformRotateKHR: scope, value, delta (unsigned) [, cluster size]. */
void spv_h_group_rotate(spv_fn *x, uint32_t i, uint32_t arg) {
  (void)arg;
  spv_mod *m = x->m;
  if (!spv_group_scope(x, i, 3)) return;
  uint32_t n = spv_val(x, W(4), x->a);
  if (spv_val(x, W(5), x->c) != 1 || m->failed) return;
  uint32_t cluster = 0;
  if (m->ins[i].nw > 6 && !(cluster = spv_rotate_cluster(x, W(6)))) return;
  spv_sg_rotate(x, i, x->a, n, x->c[0], 0, cluster);
}

/* Calls of clc.c's force-included declarations: _Z16sub_group_rotate<T>i and
 * _Z26sub_group_clustered_rotate<T>ij (value, int delta[, uint cluster]). */
int spv_builtin_name(const char *name) {
  if (name && !strncmp(name, "_Z16sub_group_rotate", 20)) return 1;
  if (name && !strncmp(name, "_Z26sub_group_clustered_rotate", 30)) return 2;
  return 0;
}

int spv_builtin_call(spv_fn *x, uint32_t i, const char *name) {
  spv_mod *m = x->m;
  int kind = spv_builtin_name(name), clustered = kind == 2;
  if (!kind) return 0;
  if (m->ins[i].nw != 6u + (unsigned)clustered) {
    spv_error(m, x->line, "malformed call of %s", name);
    return 1;
  }
  uint32_t n = spv_val(x, W(4), x->a);
  if (spv_val(x, W(5), x->c) != 1 || m->failed) return 1;
  uint32_t cluster = 0;
  if (clustered && !(cluster = spv_rotate_cluster(x, W(6)))) return 1;
  spv_sg_rotate(x, i, x->a, n, x->c[0], 1, cluster);
  return 1;
}
