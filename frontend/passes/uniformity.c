/* Analysis: which values are uniform (equal in every active lane of a wave)
 * and which branches diverge. Sources of divergence are local/global ids and
 * every memory read (loads, atomics); it spreads through data dependence,
 * through sync dependence (phis where paths from a divergent branch join),
 * through lanes running ahead (loop phis on a cycle through a divergent branch
 * whose reconvergence point is outside the loop) and through temporal
 * divergence (values of a loop with a divergent exit used after it: lanes
 * left at different iterations). Preconditions: single exit
 * block, post-dominators computed. Iterates to a fixed point. */
#include <stdlib.h>
#include <string.h>

#include "pass.h"

void pass_region(const ir_function *f, uint32_t b, uint32_t stop, uint8_t *out) {
  uint32_t n = f->nblocks, sp = 0;
  uint32_t *stack = fe_xmalloc(f->oom, (n + 1) * sizeof(uint32_t)); /* the last allocation */
  memset(out, 0, n);
  for (uint32_t s = 0; s < f->blocks[b].nsucc; s++) {
    uint32_t t = f->blocks[b].succ[s];
    if (t != stop && !out[t]) {
      out[t] = 1;
      stack[sp++] = t;
    }
  }
  while (sp) {
    uint32_t x = stack[--sp];
    for (uint32_t s = 0; s < f->blocks[x].nsucc; s++) {
      uint32_t t = f->blocks[x].succ[s];
      if (t != stop && !out[t]) {
        out[t] = 1;
        stack[sp++] = t;
      }
    }
  }
  free(stack);
}

/* Sources of divergence: IR_OF_DIVERGENT in ir_ops.def. */
static int uni_source(const ir_inst *in) {
  return in->op < IR_OP_COUNT && (ir_ops[in->op].flags & IR_OF_DIVERGENT);
}

/* Reachability from one successor (flags), used to find true joins. */
static void uni_reach(const ir_function *f, uint32_t from, uint8_t *out) {
  uint32_t n = f->nblocks, sp = 0;
  uint32_t *stack = fe_xmalloc(f->oom, (n + 1) * sizeof(uint32_t)); /* the last allocation */
  memset(out, 0, n);
  out[from] = 1;
  stack[sp++] = from;
  while (sp) {
    uint32_t x = stack[--sp];
    for (uint32_t s = 0; s < f->blocks[x].nsucc; s++) {
      uint32_t t = f->blocks[x].succ[s];
      if (!out[t]) {
        out[t] = 1;
        stack[sp++] = t;
      }
    }
  }
  free(stack);
}

/* Blocks from which `to` can be reached (backwards search over preds). */
static uint8_t *uni_reaches(const ir_function *f, uint32_t to) {
  uint32_t n = f->nblocks, sp = 0;
  uint8_t *out = NULL;
  uint32_t mark = fe_oom_keep(f->oom, &out);
  out = fe_xcalloc(f->oom, n ? n : 1, 1);
  uint32_t *stack = fe_xmalloc(f->oom, (n + 1) * sizeof(uint32_t));
  fe_oom_pop(f->oom, mark);
  out[to] = 1;
  stack[sp++] = to;
  while (sp) {
    uint32_t x = stack[--sp];
    for (uint32_t p = 0; p < f->blocks[x].npred; p++) {
      uint32_t t = f->blocks[x].pred[p];
      if (!out[t]) {
        out[t] = 1;
        stack[sp++] = t;
      }
    }
  }
  free(stack);
  return out;
}

/* A divergent branch at b: mark sync- and temporally-divergent values. */
static void uni_branch(const ir_function *f, const pass_dom *d, pass_uniformity *u, uint32_t b) {
  uint32_t n = f->nblocks, stop = d->ipdom[b] == IR_NONE ? d->exit : d->ipdom[b];
  uint8_t *reg = fe_xmalloc(f->oom, n ? n : 1);
  u->region[b] = reg; /* u's owner frees it */
  pass_region(f, b, stop, reg);
  uint8_t *r0 = NULL, *r1 = NULL, *back = NULL;
  uint32_t mark = fe_oom_keep(f->oom, &r0);
  fe_oom_keep(f->oom, &r1);
  fe_oom_keep(f->oom, &back);
  r0 = fe_xmalloc(f->oom, n ? n : 1);
  r1 = fe_xmalloc(f->oom, n ? n : 1);
  uni_reach(f, f->blocks[b].succ[0], r0);
  uni_reach(f, f->blocks[b].succ[1], r1);
  for (uint32_t j = 0; j < n; j++) {
    if (!(reg[j] || j == stop)) continue;
    const ir_block *jb = &f->blocks[j];
    int join = j == stop;
    if (!join) {
      /* two different predecessors fed from the two sides */
      for (uint32_t a = 0; a < jb->npred && !join; a++)
        for (uint32_t c = 0; c < jb->npred && !join; c++) {
          uint32_t pa = jb->pred[a], pc = jb->pred[c];
          if (pa == pc) continue;
          int from0 = r0[pa] || (pa == b && f->blocks[b].succ[0] == j);
          int from1 = r1[pc] || (pc == b && f->blocks[b].succ[1] == j);
          join = from0 && from1;
        }
    }
    if (!join) continue;
    for (uint32_t i = 0; i < jb->ninsts; i++)
      if (f->insts[jb->insts[i]].op == IR_PHI) u->divergent[jb->insts[i]] = 1;
  }
  /* Lanes run ahead in iterations: when the region holds a cycle back to the
   * branch (its reconvergence point lies outside a loop around it), the side
   * that runs first may go round the loop while the other waits, so a loop-
   * carried value kept in an SGPR would be overwritten for the waiting lanes.
   * Every phi on such a cycle (a block of the region that reaches the branch
   * again) is therefore divergent. A side that branches straight to the
   * reconvergence point has no work in the region (its lanes are parked
   * there), so a plain loop exit keeps the loop's counters uniform. */
  int both = f->blocks[b].succ[0] != stop && f->blocks[b].succ[1] != stop;
  back = uni_reaches(f, b);
  for (uint32_t j = 0; both && j < n; j++) {
    if (!reg[j] || !back[j]) continue;
    const ir_block *jb = &f->blocks[j];
    for (uint32_t i = 0; i < jb->ninsts; i++)
      if (f->insts[jb->insts[i]].op == IR_PHI) u->divergent[jb->insts[i]] = 1;
  }
  fe_oom_pop(f->oom, mark);
  free(back);
  back = NULL;
  /* temporal divergence: defined inside the region, used outside it (only
   * possible when the region contains a cycle back to the branch) */
  for (uint32_t i = 0; i < f->ninsts; i++) {
    const ir_inst *in = &f->insts[i];
    if (in->block == IR_NONE) continue;
    for (uint32_t k = 0; k < in->nopnd; k++) {
      uint32_t v = in->opnd[k];
      if (v >= f->ninsts || f->insts[v].block == IR_NONE) continue;
      uint32_t db = f->insts[v].block;
      uint32_t ub = in->op == IR_PHI ? in->phi_block[k] : in->block;
      if (reg[db] && !reg[ub]) u->divergent[v] = 1;
    }
  }
  free(r0);
  free(r1);
}

int pass_uniformity_compute(const ir_function *f, const pass_dom *d, pass_uniformity *u, char *err,
                            size_t errlen) {
  (void)err;
  (void)errlen;
  memset(u, 0, sizeof *u);
  u->nblocks = f->nblocks;
  u->ninsts = f->ninsts;
  /* u's arrays belong to its owner (be_func_fini frees them on an unwind) */
  u->divergent = fe_xcalloc(f->oom, f->ninsts ? f->ninsts : 1, 1);
  u->divergent_branch = fe_xcalloc(f->oom, f->nblocks ? f->nblocks : 1, 1);
  u->region = fe_xcalloc(f->oom, f->nblocks ? f->nblocks : 1, sizeof(uint8_t *));
  for (uint32_t i = 0; i < f->ninsts; i++)
    if (f->insts[i].block != IR_NONE && uni_source(&f->insts[i])) u->divergent[i] = 1;
  int changed = 1;
  while (changed) {
    changed = 0;
    for (uint32_t i = 0; i < f->ninsts; i++) {
      const ir_inst *in = &f->insts[i];
      if (in->block == IR_NONE || u->divergent[i]) continue;
      for (uint32_t k = 0; k < in->nopnd; k++)
        if (in->opnd[k] < f->ninsts && u->divergent[in->opnd[k]]) {
          u->divergent[i] = 1;
          changed = 1;
          break;
        }
    }
    for (uint32_t b = 0; b < f->nblocks; b++) {
      const ir_block *bb = &f->blocks[b];
      if (u->divergent_branch[b] || !bb->ninsts || bb->nsucc != 2) continue;
      const ir_inst *t = &f->insts[bb->insts[bb->ninsts - 1]];
      if (t->op != IR_CBR || !u->divergent[t->opnd[0]]) continue;
      u->divergent_branch[b] = 1;
      uni_branch(f, d, u, b);
      changed = 1;
    }
  }
  return 0;
}

void pass_uniformity_fini(pass_uniformity *u) {
  if (u->region)
    for (uint32_t b = 0; b < u->nblocks; b++) free(u->region[b]);
  free(u->region);
  free(u->divergent);
  free(u->divergent_branch);
  memset(u, 0, sizeof *u);
}
