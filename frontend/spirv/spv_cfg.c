/* Lowering of SPIR-V control flow: labels, branches, switches, phis, returns
 * and calls of helper functions. */
#include <spirv/unified1/spirv.h>
#include <stdlib.h>
#include <string.h>

#include "spv_internal.h"
#include "spv_tables.h"

#define W(k) spv_word(m, i, (k))

/* ---- control flow --------------------------------------------------------- */
static void spv_add_edge(spv_fn *x, uint32_t to_label) {
  if (x->nedges == x->cedges) {
    x->cedges = x->cedges ? x->cedges * 2 : 64;
    x->edges = fe_xrealloc(x->m->oom, x->edges, x->cedges * sizeof(spv_edge));
  }
  x->edges[x->nedges++] = (spv_edge){x->label, x->block, to_label};
}

static uint32_t spv_block_of(spv_fn *x, uint32_t label) {
  spv_mod *m = x->m;
  if (label >= m->bound || x->label_block[label] == IR_NONE) {
    spv_error(m, x->line, "malformed SPIR-V: branch to %%%u, which is not a label here", label);
    return IR_NONE;
  }
  return x->label_block[label];
}

static void spv_br(spv_fn *x, uint32_t label) {
  uint32_t b = spv_block_of(x, label);
  if (b == IR_NONE) return;
  spv_emit(x, IR_BR, SPV_IRT(IR_T_VOID), 0, NULL);
  x->f->blocks[x->block].succ[0] = b;
  x->f->blocks[x->block].nsucc = 1;
  spv_add_edge(x, label);
}

/* Conditional branch; to_label_f may be IR_NONE with an IR block in ir_f (switch chains). */
static void spv_cbr(spv_fn *x, uint32_t cond, uint32_t lt, uint32_t lf, uint32_t ir_f) {
  uint32_t bt = spv_block_of(x, lt);
  uint32_t bf = lf != IR_NONE ? spv_block_of(x, lf) : ir_f;
  if (bt == IR_NONE || bf == IR_NONE) return;
  if (bt == bf) {
    spv_br(x, lt);
    return;
  }
  spv_emit(x, IR_CBR, SPV_IRT(IR_T_VOID), 1, &cond);
  ir_block *b = &x->f->blocks[x->block];
  b->succ[0] = bt, b->succ[1] = bf, b->nsucc = 2;
  spv_add_edge(x, lt);
  if (lf != IR_NONE) spv_add_edge(x, lf);
}

/* OpSwitch: a chain of compare-and-branch blocks, in case order. */
static void spv_switch(spv_fn *x, uint32_t i) {
  spv_mod *m = x->m;
  if (spv_val(x, W(1), x->a) != 1) return;
  uint32_t sel = x->a[0], dflt = W(2);
  ir_type st = spv_rtype(x, sel);
  uint32_t lw = ir_type_bytes(st) == 8 ? 2 : 1; /* literal words per case */
  uint32_t ncase = (m->ins[i].nw - 3) / (lw + 1);
  if ((m->ins[i].nw - 3) % (lw + 1)) {
    spv_error(m, x->line, "malformed SPIR-V: OpSwitch operand count");
    return;
  }
  for (uint32_t c = 0; c < ncase && !m->failed; c++) {
    uint32_t k = 3 + c * (lw + 1);
    uint64_t v = W(k);
    if (lw == 2) v |= (uint64_t)W(k + 1) << 32;
    uint32_t target = W(k + lw);
    uint32_t cmp = spv_op2(x, IR_ICMP, SPV_IRT(IR_T_BOOL), sel, spv_kconst(x, st, v));
    x->f->insts[cmp].aux = IR_P_EQ;
    if (c + 1 == ncase) {
      spv_cbr(x, cmp, target, dflt, IR_NONE);
    } else {
      uint32_t next = ir_add_block(x->f);
      spv_cbr(x, cmp, target, IR_NONE, next);
      x->block = next;
    }
  }
  if (ncase == 0) spv_br(x, dflt);
}

/* 1 when pair q of OpPhi i names a parent an earlier pair named already:
 * llvm-spirv 14 writes one pair per LLVM edge, so a switch with two cases
 * going to one block gives its phis the (same) pair twice; the edges from
 * that parent are all read with the first pair (spv_module.c's validation
 * drops the repeats too). */
static int spv_phi_repeat(spv_mod *m, uint32_t i, uint32_t q) {
  for (uint32_t r = 0; r < q; r++)
    if (W(4 + 2 * r) == W(4 + 2 * q)) return 1;
  return 0;
}

void spv_finish_phis(spv_fn *x, const spv_phi *phis, uint32_t nphis) {
  spv_mod *m = x->m;
  for (uint32_t p = 0; p < nphis && !m->failed; p++) {
    uint32_t i = phis[p].ins, npairs = (m->ins[i].nw - 3) / 2;
    uint32_t cnt = 0;
    for (uint32_t e = 0; e < x->nedges; e++)
      for (uint32_t q = 0; q < npairs; q++)
        cnt += x->edges[e].to_label == phis[p].label && x->edges[e].from_label == W(4 + 2 * q) &&
               !spv_phi_repeat(m, i, q);
    for (uint32_t k = 0; k < phis[p].n; k++) {
      ir_inst *in = &x->f->insts[phis[p].first + k];
      in->opnd = fe_xcalloc(m->oom, cnt + 1, sizeof(uint32_t));
      in->phi_block = fe_xcalloc(m->oom, cnt + 1, sizeof(uint32_t));
    }
    uint32_t at = 0;
    for (uint32_t q = 0; q < npairs && !m->failed; q++) {
      uint32_t from = W(4 + 2 * q);
      int any = 0;
      if (spv_phi_repeat(m, i, q)) continue;
      for (uint32_t e = 0; e < x->nedges; e++) {
        if (x->edges[e].to_label != phis[p].label || x->edges[e].from_label != from) continue;
        any = 1;
        uint32_t save = x->line;
        x->line = x->f->insts[phis[p].first].line;
        uint32_t n = spv_val(x, W(3 + 2 * q), x->a);
        x->line = save;
        if (m->failed || n != phis[p].n) {
          spv_error(m, x->line, "malformed SPIR-V: OpPhi operand shape");
          return;
        }
        for (uint32_t k = 0; k < n; k++) {
          ir_inst *in = &x->f->insts[phis[p].first + k];
          in->opnd[at] = x->a[k];
          in->phi_block[at] = x->edges[e].ir_block;
          in->nopnd = at + 1;
        }
        at++;
      }
      (void)any; /* an unreachable predecessor contributes nothing */
    }
  }
}

static void spv_ret_value(spv_fn *x, uint32_t i) {
  spv_mod *m = x->m;
  uint32_t n = spv_val(x, W(1), x->a);
  if (m->failed) return;
  if (x->sret != IR_NONE) {
    uint32_t tid = m->ids[W(1)].type;
    spv_type *t = spv_type_of(m, tid, x->line);
    if (t) spv_mem_leaves(x, tid, x->sret, t->align, x->a, 1);
    spv_emit(x, IR_RET, SPV_IRT(IR_T_VOID), 0, NULL);
  } else if (n == 1) {
    spv_emit(x, IR_RET, SPV_IRT(IR_T_VOID), 1, x->a);
  } else {
    spv_error(m, x->line, "malformed SPIR-V: OpReturnValue shape");
  }
}

static void spv_call(spv_fn *x, uint32_t i) {
  spv_mod *m = x->m;
  uint32_t rt = W(1), rid = W(2), callee = W(3);
  if (callee >= m->bound || m->ids[callee].kind != SPV_K_FUNC) {
    spv_error(m, x->line, "malformed SPIR-V: call of a non-function");
    return;
  }
  uint32_t fi = m->ids[callee].ins;
  int has_body = 0;
  for (uint32_t k = fi + 1; k < m->nins && m->ins[k].op != SpvOpFunctionEnd; k++)
    if (m->ins[k].op == SpvOpLabel) {
      has_body = 1;
      break;
    }
  if (!has_body && spv_builtin_call(x, i, m->ids[callee].name)) return;
  if (!has_body) {
    const char *n = m->ids[callee].name;
    if (n && spv_bits_call(x, i, n)) return; /* a builtin left as a call (spv_bits.c) */
    spv_error(m, x->line,
              "call to undefined function '%s' (an OpenCL builtin we do not "
              "implement, or a function declared but never defined); not implemented yet",
              n ? n : "?");
    return;
  }
  uint32_t *args = fe_xmalloc(m->oom, (SPV_MAX_LEAVES + 1) * sizeof(uint32_t)), nargs = 0;
  uint32_t mark = fe_oom_keep(m->oom, &args);
  for (uint32_t k = 4; k < m->ins[i].nw && !m->failed; k++) {
    uint32_t n = spv_val(x, W(k), x->a);
    if (nargs + n > SPV_MAX_LEAVES) {
      spv_error(m, x->line, "unsupported call with more than %d scalar arguments", SPV_MAX_LEAVES);
      break;
    }
    memcpy(args + nargs, x->a, n * sizeof(uint32_t));
    nargs += n;
  }
  spv_type *t = spv_type_of(m, rt, x->line);
  if (m->failed || !t) {
    fe_oom_pop(m->oom, mark);
    free(args);
    return;
  }
  int agg = t->tk == SPV_T_VEC || t->tk == SPV_T_ARRAY || t->tk == SPV_T_STRUCT;
  uint32_t sret = IR_NONE;
  if (agg) {
    sret = spv_emit_entry(x, IR_ALLOCA, (ir_type){IR_T_PTR, IR_AS_PRIVATE}, 0, NULL);
    x->f->insts[sret].imm = t->size;
    x->f->insts[sret].aux = t->align;
    args[nargs++] = sret;
  }
  ir_type r = agg ? SPV_IRT(IR_T_VOID) : spv_ir_type(m, rt, x->line);
  uint32_t c = spv_emit(x, IR_CALL, r, nargs, args);
  x->f->insts[c].aux = m->fn_index[callee];
  fe_oom_pop(m->oom, mark);
  free(args);
  if (agg) {
    uint32_t n = spv_mem_leaves(x, rt, sret, t->align, x->c, 0);
    spv_set(x, rid, x->c, n);
  } else if (r.base != IR_T_VOID) {
    spv_set(x, rid, &c, 1);
  }
}

/* ---- handlers (spv_inst.c's table; arg as the table gives it) ------------- */
void spv_h_label(spv_fn *x, uint32_t i, uint32_t arg) {
  (void)arg;
  spv_mod *m = x->m;
  x->label = W(1);
  x->block = spv_block_of(x, x->label);
  x->line = 0;
}

/* IR phis now, their operands when the function is done (spv_finish_phis) */
void spv_h_phi(spv_fn *x, uint32_t i, uint32_t arg) {
  (void)arg;
  spv_mod *m = x->m;
  ir_type *t = spv_tbuf(x);
  uint32_t n = spv_rleaves(x, i);
  if (m->failed) return;
  *x->phis = fe_xrealloc(m->oom, *x->phis, (*x->nphis + 1) * sizeof(spv_phi));
  uint32_t first = x->f->ninsts;
  for (uint32_t k = 0; k < n; k++) x->c[k] = spv_emit(x, IR_PHI, t[k], 0, NULL);
  (*x->phis)[(*x->nphis)++] = (spv_phi){i, x->label, first, n};
  spv_set(x, W(2), x->c, n);
}

void spv_h_branch(spv_fn *x, uint32_t i, uint32_t arg) {
  (void)arg;
  spv_mod *m = x->m;
  spv_br(x, W(1));
}

void spv_h_branch_conditional(spv_fn *x, uint32_t i, uint32_t arg) {
  (void)arg;
  spv_mod *m = x->m;
  if (spv_val(x, W(1), x->a) == 1) spv_cbr(x, x->a[0], W(2), W(3), IR_NONE);
}

void spv_h_switch(spv_fn *x, uint32_t i, uint32_t arg) {
  (void)arg;
  spv_switch(x, i);
}

/* OpReturn, OpUnreachable: arg is the ir_op (IR_RET / IR_UNREACHABLE) */
void spv_h_terminator(spv_fn *x, uint32_t i, uint32_t arg) {
  (void)i;
  spv_emit(x, (ir_op)arg, SPV_IRT(IR_T_VOID), 0, NULL);
}

void spv_h_return_value(spv_fn *x, uint32_t i, uint32_t arg) {
  (void)arg;
  spv_ret_value(x, i);
}

void spv_h_call(spv_fn *x, uint32_t i, uint32_t arg) {
  (void)arg;
  spv_call(x, i);
}
