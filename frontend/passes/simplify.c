/* Pass: integer constant folding, reassociation of constant additions, copy propagation (trivial phis, same-type
 * bitcasts, constant selects), constant branches, dead code and unreachable
 * blocks, iterated to a fixed point. Preconditions: valid SSA. Float folding is
 * left out on purpose: results must match the device's rounding bit for bit. */
#include <stdlib.h>
#include <string.h>

#include "pass.h"

static unsigned simp_bits(ir_type t) {
  switch ((ir_base)t.base) {
  case IR_T_BOOL: return 1;
  case IR_T_I8: return 8;
  case IR_T_I16: return 16;
  case IR_T_I32: return 32;
  case IR_T_I64:
  case IR_T_PTR: return 64;
  default: return 0;
  }
}

static uint64_t simp_mask(unsigned bits) { return bits >= 64 ? ~(uint64_t)0 : (((uint64_t)1 << bits) - 1); }

static int64_t simp_sx(uint64_t v, unsigned bits) {
  if (bits >= 64) return (int64_t)v;
  uint64_t m = (uint64_t)1 << (bits - 1);
  v &= simp_mask(bits);
  return (int64_t)((v ^ m) - m);
}

static int simp_is_const(const ir_function *f, uint32_t v) {
  return v < f->ninsts && f->insts[v].op == IR_CONST;
}

/* Folds an integer instruction whose operands are constants. 1 and *out on
 * success; 0 when not foldable (division by zero, non-integer types). */
static int simp_fold(const ir_function *f, const ir_inst *in, uint64_t *out) {
  unsigned bits = simp_bits(in->type);
  for (uint32_t k = 0; k < in->nopnd; k++)
    if (!simp_is_const(f, in->opnd[k])) return 0;
  if (in->op == IR_ICMP) {
    unsigned ob = simp_bits(f->insts[in->opnd[0]].type);
    if (!ob) return 0;
    uint64_t a = f->insts[in->opnd[0]].imm & simp_mask(ob), b = f->insts[in->opnd[1]].imm & simp_mask(ob);
    int64_t sa = simp_sx(a, ob), sb = simp_sx(b, ob);
    int r;
    switch ((ir_pred)in->aux) {
    case IR_P_EQ: r = a == b; break;
    case IR_P_NE: r = a != b; break;
    case IR_P_SLT: r = sa < sb; break;
    case IR_P_SLE: r = sa <= sb; break;
    case IR_P_SGT: r = sa > sb; break;
    case IR_P_SGE: r = sa >= sb; break;
    case IR_P_ULT: r = a < b; break;
    case IR_P_ULE: r = a <= b; break;
    case IR_P_UGT: r = a > b; break;
    case IR_P_UGE: r = a >= b; break;
    default: return 0;
    }
    *out = (uint64_t)r;
    return 1;
  }
  if (!bits || in->nopnd == 0) return 0;
  uint64_t m = simp_mask(bits);
  uint64_t a = f->insts[in->opnd[0]].imm & m;
  uint64_t b = in->nopnd > 1 ? f->insts[in->opnd[1]].imm & m : 0;
  int64_t sa = simp_sx(a, bits), sb = simp_sx(b, bits);
  uint64_t r;
  switch ((ir_op)in->op) {
  case IR_ADD: r = a + b; break;
  case IR_SUB: r = a - b; break;
  case IR_MUL: r = a * b; break;
  case IR_AND: r = a & b; break;
  case IR_OR: r = a | b; break;
  case IR_XOR: r = a ^ b; break;
  case IR_NOT: r = ~a; break;
  case IR_SHL: r = b < bits ? a << b : 0; break;
  case IR_LSHR: r = b < bits ? a >> b : 0; break;
  case IR_ASHR: r = (uint64_t)(b < bits ? sa >> b : (sa < 0 ? -1 : 0)); break;
  case IR_SMIN: r = (uint64_t)(sa < sb ? sa : sb); break;
  case IR_SMAX: r = (uint64_t)(sa > sb ? sa : sb); break;
  case IR_UMIN: r = a < b ? a : b; break;
  case IR_UMAX: r = a > b ? a : b; break;
  case IR_UDIV:
    if (!b) return 0;
    r = a / b;
    break;
  case IR_UREM:
    if (!b) return 0;
    r = a % b;
    break;
  case IR_SDIV:
    if (!b || (sb == -1 && sa == simp_sx(~(uint64_t)0 << (bits - 1), bits))) return 0;
    r = (uint64_t)(sa / sb);
    break;
  case IR_SREM:
    if (!b || sb == -1) return 0;
    r = (uint64_t)(sa % sb);
    break;
  case IR_ZEXT: {
    unsigned sbits = simp_bits(f->insts[in->opnd[0]].type);
    if (!sbits) return 0;
    r = f->insts[in->opnd[0]].imm & simp_mask(sbits);
    break;
  }
  case IR_SEXT: {
    unsigned sbits = simp_bits(f->insts[in->opnd[0]].type);
    if (!sbits) return 0;
    r = (uint64_t)simp_sx(f->insts[in->opnd[0]].imm, sbits);
    break;
  }
  case IR_TRUNC:
    if (!simp_bits(f->insts[in->opnd[0]].type)) return 0;
    r = f->insts[in->opnd[0]].imm;
    break;
  default:
    return 0;
  }
  *out = r & m;
  return 1;
}

/* Value that `in` is a copy of, or IR_NONE. */
static uint32_t simp_copy_of(const ir_function *f, uint32_t id) {
  const ir_inst *in = &f->insts[id];
  switch ((ir_op)in->op) {
  case IR_PHI: {
    uint32_t same = IR_NONE;
    for (uint32_t k = 0; k < in->nopnd; k++) {
      uint32_t v = in->opnd[k];
      if (v == id || v == same) continue;
      if (same != IR_NONE) return IR_NONE;
      same = v;
    }
    return same;
  }
  case IR_BITCAST: {
    const ir_inst *s = &f->insts[in->opnd[0]];
    return s->type.base == in->type.base && s->type.space == in->type.space ? in->opnd[0] : IR_NONE;
  }
  case IR_SELECT:
    if (in->opnd[1] == in->opnd[2]) return in->opnd[1];
    if (simp_is_const(f, in->opnd[0])) return (f->insts[in->opnd[0]].imm & 1) ? in->opnd[1] : in->opnd[2];
    return IR_NONE;
  default:
    return IR_NONE;
  }
}

/* A constant for `t` early in the entry block, so it dominates every use. */
static uint32_t simp_new_const(ir_function *f, ir_type t, uint64_t imm) {
  uint32_t nc = pass_new_inst(f, IR_CONST, t, 0); /* may move f->insts */
  f->insts[nc].imm = imm;
  uint32_t pos = 0; /* after the entry's IR_PARAMs, like the reader's constants */
  while (pos < f->blocks[0].ninsts && f->insts[f->blocks[0].insts[pos]].op == IR_PARAM) pos++;
  pass_insert(f, 0, pos, nc);
  return nc;
}

/* Strength reduction of unsigned division and remainder by a power of two
 * (size_t arithmetic such as get_local_size(0) / 2 is 64-bit, and the backend
 * has no 64-bit divider): x / 2^k -> x >> k, x % 2^k -> x & (2^k - 1). The new
 * constant goes early in the entry block so it dominates every use. 1 when
 * rewritten. */
static int simp_strength(ir_function *f, uint32_t i) {
  ir_inst *in = &f->insts[i];
  if ((in->op != IR_UDIV && in->op != IR_UREM) || in->nopnd != 2 || !simp_is_const(f, in->opnd[1])) return 0;
  unsigned bits = simp_bits(in->type);
  if (!bits) return 0;
  uint64_t c = f->insts[in->opnd[1]].imm & simp_mask(bits);
  if (!c || (c & (c - 1))) return 0;
  unsigned k = 0;
  while (((uint64_t)1 << k) != c) k++;
  uint32_t nc = simp_new_const(f, in->type, in->op == IR_UDIV ? k : c - 1);
  in = &f->insts[i];
  in->op = in->op == IR_UDIV ? IR_LSHR : IR_AND;
  in->opnd[1] = nc;
  return 1;
}

/* (x + c1) + c2 -> x + (c1 + c2), exact in wrapping integer arithmetic. An
 * unrolled loop counts i+1, (i+1)+1, ...: this makes every step depend on i
 * alone, and the intermediate counters die when only the chain used them. */
static int simp_reassoc(ir_function *f, uint32_t i) {
  const ir_inst *in = &f->insts[i];
  unsigned bits = simp_bits(in->type);
  if (in->op != IR_ADD || in->nopnd != 2 || !bits || in->type.base == IR_T_PTR) return 0;
  int ck = simp_is_const(f, in->opnd[1]) ? 1 : simp_is_const(f, in->opnd[0]) ? 0 : -1;
  if (ck < 0) return 0;
  const ir_inst *inner = &f->insts[in->opnd[1 - ck]];
  if (inner->op != IR_ADD || inner->nopnd != 2 || inner->type.base != in->type.base) return 0;
  int ik = simp_is_const(f, inner->opnd[1]) ? 1 : simp_is_const(f, inner->opnd[0]) ? 0 : -1;
  if (ik < 0 || simp_is_const(f, inner->opnd[1 - ik])) return 0;
  uint64_t c1 = f->insts[in->opnd[ck]].imm & simp_mask(bits), c2 = f->insts[inner->opnd[ik]].imm & simp_mask(bits);
  uint64_t c = (c1 + c2) & simp_mask(bits);
  /* x + (c1 + c2) keeps a no-wrap promise both adds made when the constants'
   * own sum does not wrap: its exact value is then the outer add's */
  int64_t ssum;
  uint64_t usum;
  uint32_t keep = in->aux & inner->aux;
  if (__builtin_add_overflow(simp_sx(c1, bits), simp_sx(c2, bits), &ssum) || simp_sx((uint64_t)ssum, bits) != ssum)
    keep &= ~IR_NSW;
  if (__builtin_add_overflow(c1, c2, &usum) || usum > simp_mask(bits)) keep &= ~IR_NUW;
  uint32_t x = inner->opnd[1 - ik];
  uint32_t nc = simp_new_const(f, in->type, c);
  f->insts[i].opnd[0] = x;
  f->insts[i].opnd[1] = nc;
  f->insts[i].aux = keep;
  return 1;
}

/* Branch folding: constant conditions and two edges to the same block. */
static int simp_branch(ir_function *f, uint32_t b) {
  ir_block *bb = &f->blocks[b];
  if (!bb->ninsts) return 0;
  ir_inst *t = &f->insts[bb->insts[bb->ninsts - 1]];
  if (t->op != IR_CBR || bb->nsucc != 2) return 0;
  uint32_t keep;
  if (bb->succ[0] == bb->succ[1])
    keep = 0;
  else if (simp_is_const(f, t->opnd[0]))
    keep = (f->insts[t->opnd[0]].imm & 1) ? 0 : 1;
  else
    return 0;
  uint32_t drop = bb->succ[1 - keep];
  if (drop != bb->succ[keep]) pass_phi_drop_pred(f, drop, b);
  bb->succ[0] = bb->succ[keep];
  bb->succ[1] = IR_NONE;
  bb->nsucc = 1;
  t->op = IR_BR;
  t->nopnd = 0;
  return 1;
}

int pass_simplify(ir_function *f, char *err, size_t errlen) {
  int changed = 1;
  while (changed) {
    changed = 0;
    for (uint32_t b = 0; b < f->nblocks; b++) changed |= simp_branch(f, b);
    if (pass_remove_unreachable(f)) changed = 1;
    for (uint32_t i = 0; i < f->ninsts; i++) {
      ir_inst *in = &f->insts[i];
      if (in->block == IR_NONE) continue;
      uint64_t v;
      if (in->op != IR_CONST && simp_fold(f, in, &v)) {
        in->op = IR_CONST;
        in->imm = v;
        in->aux = 0;
        in->nopnd = 0;
        changed = 1;
        continue;
      }
      if (simp_strength(f, i) || simp_reassoc(f, i)) {
        changed = 1;
        continue;
      }
      uint32_t c = simp_copy_of(f, i);
      if (c != IR_NONE) {
        pass_replace_uses(f, i, c);
        pass_delete(f, i);
        changed = 1;
      }
    }
    /* dead code, to a fixed point through the use counts */
    uint32_t *uses = pass_use_counts(f); /* pass_delete does not allocate */
    int dead = 1;
    while (dead) {
      dead = 0;
      for (uint32_t i = 0; i < f->ninsts; i++) {
        ir_inst *in = &f->insts[i];
        if (in->block == IR_NONE || uses[i] || pass_has_side_effect(in)) continue;
        for (uint32_t k = 0; k < in->nopnd; k++)
          if (in->opnd[k] < f->ninsts && uses[in->opnd[k]]) uses[in->opnd[k]]--;
        pass_delete(f, i);
        dead = changed = 1;
      }
    }
    free(uses);
  }
  return pass_check(f, "simplify", err, errlen);
}
