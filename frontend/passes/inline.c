/* Pass: inline every IR_CALL (kernels called as functions too, their __local
 * variables merged into the caller's), then drop the non-kernel functions.
 * Preconditions: callees are defined in the module (builtins were lowered by
 * the reader). The GPU has no call stack, so recursion is a build error. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "pass.h"

enum { INL_NEW, INL_ACTIVE, INL_DONE };

typedef struct inl_ctx {
  ir_module *m;
  uint8_t *state;
  char *err;
  size_t errlen;
  uint32_t depth; /* inl_function's recursion: the call chain's length */
} inl_ctx;

/* Bounds that keep a hostile module from exhausting the host: a call chain
 * recurses in inl_function (the C stack), and a function calling the next
 * one twice, n levels deep, inlines to 2^n copies. Real kernels stay far
 * below both (a few levels, thousands of instructions). */
#define INL_MAX_DEPTH 256
#define INL_MAX_INSTS (1u << 21)

/* Copy callee `g` into `f` in place of call `ci` (in block `b`, index `pos`). */
static void inl_expand(ir_function *f, const ir_function *g, uint32_t ci, uint32_t b, uint32_t pos) {
  /* 1. continuation block takes everything after the call */
  uint32_t cont = ir_add_block(f);
  ir_block *bb = &f->blocks[b];
  ir_block *cb = &f->blocks[cont];
  for (uint32_t i = pos + 1; i < bb->ninsts; i++) {
    uint32_t id = bb->insts[i];
    if (cb->ninsts == cb->cap) {
      cb->cap = cb->cap ? cb->cap * 2 : 8;
      cb->insts = fe_xrealloc(f->oom, cb->insts, cb->cap * sizeof(uint32_t));
    }
    cb->insts[cb->ninsts++] = id;
    f->insts[id].block = cont;
  }
  cb->nsucc = bb->nsucc;
  cb->succ[0] = bb->succ[0];
  cb->succ[1] = bb->succ[1];
  bb->ninsts = pos; /* drops the call too */
  for (uint32_t s = 0; s < cb->nsucc; s++) pass_phi_rename_pred(f, cb->succ[s], b, cont);

  /* 2. blocks and instructions of the callee */
  uint32_t gbase = f->nblocks;
  for (uint32_t k = 0; k < g->nblocks; k++) ir_add_block(f);
  uint32_t *map = NULL, *rv = NULL, *rb = NULL;
  uint32_t mark = fe_oom_keep(f->oom, &map);
  fe_oom_keep(f->oom, &rv);
  fe_oom_keep(f->oom, &rb);
  map = fe_xmalloc(f->oom, (g->ninsts ? g->ninsts : 1) * sizeof(uint32_t));
  uint32_t nret = 0;
  for (uint32_t i = 0; i < g->ninsts; i++) map[i] = IR_NONE;
  for (uint32_t k = 0; k < g->nblocks; k++) {
    const ir_block *gb = &g->blocks[k];
    for (uint32_t i = 0; i < gb->ninsts; i++) {
      uint32_t gi = gb->insts[i];
      const ir_inst *gin = &g->insts[gi];
      if (gin->op == IR_PARAM) {
        map[gi] = gin->aux < f->insts[ci].nopnd ? f->insts[ci].opnd[gin->aux] : IR_NONE;
        continue;
      }
      if (gin->op == IR_RET) nret++;
      uint32_t id = ir_append(f, gbase + k, (ir_op)gin->op, gin->type, gin->nopnd, gin->opnd);
      ir_inst *nin = &f->insts[id];
      nin->line = gin->line;
      nin->aux = gin->aux;
      nin->imm = gin->imm;
      nin->name = gin->name;
      if (gin->op == IR_PHI)
        for (uint32_t p = 0; p < gin->nopnd; p++) nin->phi_block[p] = gbase + gin->phi_block[p];
      map[gi] = id;
    }
    ir_block *nb = &f->blocks[gbase + k];
    nb->nsucc = gb->nsucc;
    for (uint32_t s = 0; s < gb->nsucc; s++) nb->succ[s] = gbase + gb->succ[s];
  }
  /* 3. operands through the map; returns become branches to `cont` */
  rv = fe_xcalloc(f->oom, nret + 1, sizeof(uint32_t));
  rb = fe_xcalloc(f->oom, nret + 1, sizeof(uint32_t));
  uint32_t nr = 0;
  for (uint32_t k = 0; k < g->nblocks; k++) {
    ir_block *nb = &f->blocks[gbase + k];
    for (uint32_t i = 0; i < nb->ninsts; i++) {
      ir_inst *nin = &f->insts[nb->insts[i]];
      for (uint32_t p = 0; p < nin->nopnd; p++) nin->opnd[p] = map[nin->opnd[p]];
      if (nin->op == IR_RET) {
        rv[nr] = nin->nopnd ? nin->opnd[0] : IR_NONE;
        rb[nr++] = gbase + k;
        nin->op = IR_BR;
        nin->nopnd = 0;
        nin->type = (ir_type){IR_T_VOID, 0};
        nb->nsucc = 1;
        nb->succ[0] = cont;
      }
    }
  }
  /* 4. the call's block jumps into the callee's entry */
  uint32_t br = ir_append(f, b, IR_BR, (ir_type){IR_T_VOID, 0}, 0, NULL);
  f->insts[br].line = f->insts[ci].line;
  f->blocks[b].nsucc = 1;
  f->blocks[b].succ[0] = gbase;
  /* 5. the call's value */
  uint32_t result = IR_NONE;
  if (f->insts[ci].type.base != IR_T_VOID) {
    if (nr == 1) {
      result = rv[0];
    } else if (nr == 0) {
      result = pass_new_inst(f, IR_UNDEF, f->insts[ci].type, 0);
      pass_insert(f, cont, 0, result);
    } else {
      result = pass_new_inst(f, IR_PHI, f->insts[ci].type, nr);
      ir_inst *phi = &f->insts[result];
      phi->line = f->insts[ci].line;
      for (uint32_t r = 0; r < nr; r++) {
        phi->opnd[r] = rv[r];
        phi->phi_block[r] = rb[r];
      }
      pass_insert(f, cont, 0, result);
    }
    pass_replace_uses(f, ci, result);
  }
  f->insts[ci].block = IR_NONE;
  f->insts[ci].nopnd = 0;
  fe_oom_pop(f->oom, mark);
  free(rv);
  free(rb);
  free(map);
}

/* After inlining, a kernel-scope __local variable of a callee kernel (or of a
 * kernel inlined twice) has one IR_LOCAL_VAR per inlined copy. The variable is
 * one object per work-group, as in a kernel launched on its own (and as
 * LLVM-based implementations share it between calls), so the copies merge into
 * one: same name (the SPIR-V variable's, unique per variable), size and
 * alignment. Every IR_LOCAL_VAR then moves to the entry block, after the
 * parameters, in first-use order: it dominates every use and the backend lays
 * LDS out in that order. Unnamed ones (no OpName) are kept apart. */
static void inl_merge_local_vars(ir_function *f) {
  uint32_t n = 0, *vars = NULL;
  uint32_t mark = fe_oom_keep(f->oom, &vars);
  vars = fe_xmalloc(f->oom, (f->ninsts ? f->ninsts : 1) * sizeof(uint32_t));
  for (uint32_t b = 0; b < f->nblocks; b++)
    for (uint32_t i = 0; i < f->blocks[b].ninsts; i++)
      if (f->insts[f->blocks[b].insts[i]].op == IR_LOCAL_VAR) vars[n++] = f->blocks[b].insts[i];
  uint32_t at = 0; /* entry-block position after the params */
  while (at < f->blocks[0].ninsts && f->insts[f->blocks[0].insts[at]].op == IR_PARAM) at++;
  for (uint32_t k = 0; k < n; k++) {
    const ir_inst *v = &f->insts[vars[k]];
    uint32_t same = IR_NONE;
    for (uint32_t j = 0; j < k && same == IR_NONE; j++) {
      const ir_inst *w = &f->insts[vars[j]];
      if (w->block != IR_NONE && v->name && w->name && !strcmp(v->name, w->name) &&
          v->imm == w->imm && v->aux == w->aux)
        same = vars[j];
    }
    pass_delete(f, vars[k]);
    if (same != IR_NONE) {
      pass_replace_uses(f, vars[k], same);
      continue;
    }
    pass_insert(f, 0, at++, vars[k]);
  }
  fe_oom_pop(f->oom, mark);
  free(vars);
}

static int inl_function(inl_ctx *c, uint32_t fi);

static int inl_function(inl_ctx *c, uint32_t fi) {
  c->state[fi] = INL_ACTIVE;
  for (uint32_t b = 0; b < c->m->fns[fi].nblocks; b++) {
    for (uint32_t i = 0; i < c->m->fns[fi].blocks[b].ninsts; i++) {
      ir_function *f = &c->m->fns[fi];
      uint32_t ci = f->blocks[b].insts[i];
      if (f->insts[ci].op != IR_CALL) continue;
      uint32_t callee = f->insts[ci].aux;
      const char *file = c->m->source_file ? c->m->source_file : "<source>";
      if (callee >= c->m->nfns || c->m->fns[callee].nblocks == 0) {
        snprintf(c->err, c->errlen,
                 "%s:%u: call to a function without a body from '%s' (only functions "
                 "defined in the program can be called; link or define it)",
                 file, f->insts[ci].line, f->name ? f->name : "?");
        return -1;
      }
      if (c->state[callee] == INL_ACTIVE) {
        snprintf(c->err, c->errlen,
                 "%s:%u: recursive call to '%s' from '%s' (OpenCL C forbids recursion; "
                 "rewrite it as a loop)",
                 file, f->insts[ci].line, c->m->fns[callee].name ? c->m->fns[callee].name : "?",
                 f->name ? f->name : "?");
        return -1;
      }
      if (c->state[callee] == INL_NEW) {
        if (c->depth >= INL_MAX_DEPTH) {
          snprintf(c->err, c->errlen,
                   "%s:%u: calls nested more than %u deep from '%s' (not supported; flatten "
                   "the call chain)",
                   file, f->insts[ci].line, INL_MAX_DEPTH, f->name ? f->name : "?");
          return -1;
        }
        c->depth++;
        int rc = inl_function(c, callee);
        c->depth--;
        if (rc) return -1;
      }
      f = &c->m->fns[fi];
      if ((uint64_t)f->ninsts + c->m->fns[callee].ninsts > INL_MAX_INSTS) {
        snprintf(c->err, c->errlen,
                 "%s:%u: '%s' grows past %u instructions with its calls inlined (not "
                 "supported; call fewer or smaller functions)",
                 file, f->insts[ci].line, f->name ? f->name : "?", INL_MAX_INSTS);
        return -1;
      }
      inl_expand(f, &c->m->fns[callee], ci, b, i);
      /* the rest of block b moved to a new block, scanned later */
      break;
    }
  }
  inl_merge_local_vars(&c->m->fns[fi]);
  ir_compute_preds(&c->m->fns[fi]);
  c->state[fi] = INL_DONE;
  return 0;
}

int pass_inline(ir_module *m, char *err, size_t errlen) {
  fe_oom *o = m->nfns ? m->fns[0].oom : NULL;
  inl_ctx c = {m, NULL, err, errlen, 0};
  uint32_t mark = fe_oom_keep(o, &c.state);
  c.state = fe_xcalloc(o, m->nfns ? m->nfns : 1, 1);
  int rc = 0;
  for (uint32_t i = 0; i < m->nfns && rc == 0; i++)
    if (m->fns[i].is_kernel && c.state[i] == INL_NEW) rc = inl_function(&c, i);
  for (uint32_t i = 0; i < m->nfns && rc == 0; i++)
    if (m->fns[i].is_kernel) rc = pass_check(&m->fns[i], "inline", err, errlen);
  fe_oom_pop(o, mark);
  free(c.state);
  if (rc) return rc;
  uint32_t w = 0;
  for (uint32_t i = 0; i < m->nfns; i++) {
    if (m->fns[i].is_kernel)
      m->fns[w++] = m->fns[i];
    else
      ir_function_fini(&m->fns[i]);
  }
  m->nfns = w;
  return 0;
}
