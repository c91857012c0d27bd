/* Small IR editing helpers shared by the passes: creating, placing and
 * deleting instructions, use replacement, phi edge edits, block compaction. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "pass.h"

uint32_t pass_new_inst(ir_function *f, ir_op op, ir_type type, uint32_t nopnd) {
  return ir_append(f, IR_NONE, op, type, nopnd, NULL);
}

void pass_insert(ir_function *f, uint32_t block, uint32_t pos, uint32_t id) {
  ir_block *b = &f->blocks[block];
  if (b->ninsts == b->cap) {
    b->cap = b->cap ? b->cap * 2 : 8;
    b->insts = fe_xrealloc(f->oom, b->insts, b->cap * sizeof(uint32_t));
  }
  if (pos > b->ninsts) pos = b->ninsts;
  memmove(&b->insts[pos + 1], &b->insts[pos], (b->ninsts - pos) * sizeof(uint32_t));
  b->insts[pos] = id;
  b->ninsts++;
  f->insts[id].block = block;
}

void pass_delete(ir_function *f, uint32_t id) {
  ir_inst *in = &f->insts[id];
  if (in->block != IR_NONE) {
    ir_block *b = &f->blocks[in->block];
    for (uint32_t i = 0; i < b->ninsts; i++)
      if (b->insts[i] == id) {
        memmove(&b->insts[i], &b->insts[i + 1], (b->ninsts - i - 1) * sizeof(uint32_t));
        b->ninsts--;
        break;
      }
  }
  in->block = IR_NONE;
  in->nopnd = 0;
}

void pass_replace_uses(ir_function *f, uint32_t from, uint32_t to) {
  for (uint32_t i = 0; i < f->ninsts; i++) {
    ir_inst *in = &f->insts[i];
    if (in->block == IR_NONE) continue;
    for (uint32_t k = 0; k < in->nopnd; k++)
      if (in->opnd[k] == from) in->opnd[k] = to;
  }
}

void pass_phi_drop_pred(ir_function *f, uint32_t s, uint32_t b) {
  ir_block *sb = &f->blocks[s];
  for (uint32_t i = 0; i < sb->ninsts; i++) {
    ir_inst *in = &f->insts[sb->insts[i]];
    if (in->op != IR_PHI) continue;
    uint32_t w = 0;
    for (uint32_t k = 0; k < in->nopnd; k++) {
      if (in->phi_block[k] == b) continue;
      in->opnd[w] = in->opnd[k];
      in->phi_block[w] = in->phi_block[k];
      w++;
    }
    in->nopnd = w;
  }
}

void pass_phi_rename_pred(ir_function *f, uint32_t s, uint32_t from, uint32_t to) {
  ir_block *sb = &f->blocks[s];
  for (uint32_t i = 0; i < sb->ninsts; i++) {
    ir_inst *in = &f->insts[sb->insts[i]];
    if (in->op != IR_PHI) continue;
    for (uint32_t k = 0; k < in->nopnd; k++)
      if (in->phi_block[k] == from) in->phi_block[k] = to;
  }
}

uint32_t pass_remove_unreachable(ir_function *f) {
  uint32_t n = f->nblocks;
  uint8_t *seen = NULL;
  uint32_t mark = fe_oom_keep(f->oom, &seen);
  seen = fe_xcalloc(f->oom, n ? n : 1, 1);
  uint32_t *stack = fe_xmalloc(f->oom, (n ? n : 1) * sizeof(uint32_t));
  fe_oom_pop(f->oom, mark); /* nothing allocates until they are freed */
  uint32_t sp = 0;
  if (n) {
    seen[0] = 1;
    stack[sp++] = 0;
  }
  while (sp) {
    uint32_t b = stack[--sp];
    for (uint32_t s = 0; s < f->blocks[b].nsucc; s++) {
      uint32_t t = f->blocks[b].succ[s];
      if (t < n && !seen[t]) {
        seen[t] = 1;
        stack[sp++] = t;
      }
    }
  }
  uint32_t *map = stack; /* reuse: new number per old block */
  uint32_t w = 0;
  for (uint32_t b = 0; b < n; b++) map[b] = seen[b] ? w++ : IR_NONE;
  uint32_t removed = n - w;
  if (removed) {
    /* phis in live blocks lose the edges from dead ones */
    for (uint32_t b = 0; b < n; b++) {
      if (seen[b]) continue;
      for (uint32_t s = 0; s < f->blocks[b].nsucc; s++) {
        uint32_t t = f->blocks[b].succ[s];
        if (t < n && seen[t]) pass_phi_drop_pred(f, t, b);
      }
      for (uint32_t i = 0; i < f->blocks[b].ninsts; i++) {
        ir_inst *in = &f->insts[f->blocks[b].insts[i]];
        in->block = IR_NONE;
        in->nopnd = 0;
      }
      free(f->blocks[b].insts);
      free(f->blocks[b].pred);
    }
    for (uint32_t b = 0; b < n; b++) {
      if (!seen[b]) continue;
      ir_block nb = f->blocks[b];
      for (uint32_t s = 0; s < nb.nsucc; s++) nb.succ[s] = map[nb.succ[s]];
      f->blocks[map[b]] = nb;
    }
    f->nblocks = w;
    for (uint32_t i = 0; i < f->ninsts; i++) {
      ir_inst *in = &f->insts[i];
      if (in->block == IR_NONE) continue;
      in->block = map[in->block];
      if (in->op == IR_PHI)
        for (uint32_t k = 0; k < in->nopnd; k++) in->phi_block[k] = map[in->phi_block[k]];
    }
  }
  free(seen);
  free(stack);
  ir_compute_preds(f);
  return removed;
}

int pass_has_side_effect(const ir_inst *in) {
  return in->op < IR_OP_COUNT && (ir_ops[in->op].flags & IR_OF_SIDE_EFFECT);
}

uint32_t *pass_use_counts(const ir_function *f) {
  uint32_t *uses = fe_xcalloc(f->oom, f->ninsts ? f->ninsts : 1, sizeof(uint32_t));
  for (uint32_t i = 0; i < f->ninsts; i++) {
    const ir_inst *in = &f->insts[i];
    if (in->block == IR_NONE) continue;
    for (uint32_t k = 0; k < in->nopnd; k++)
      if (in->opnd[k] < f->ninsts) uses[in->opnd[k]]++;
  }
  return uses;
}

int pass_check(const ir_function *f, const char *pass, char *err, size_t errlen) {
#ifdef NDEBUG
  (void)f;
  (void)pass;
  (void)err;
  (void)errlen;
  return 0;
#else
  char msg[512];
  int rc = ir_validate(f, msg, sizeof msg);
  if (rc == 0) return 0;
  if (rc == -2) {
    snprintf(err, errlen,
             "error: out of memory while compiling kernel '%s' (validating the IR "
             "after pass %s); free host memory or build fewer programs at once",
             f->name ? f->name : "?", pass);
    return -1;
  }
  snprintf(err, errlen, "internal compiler error after pass %s: %s (please report)", pass, msg);
  return -1;
#endif
}
