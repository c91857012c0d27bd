/* Pass: CFG normal form for the backend: a single exit block (so every
 * divergent branch has an immediate post-dominator to reconverge at) and no
 * critical edges (so phi copies have a block of their own on every edge).
 * Preconditions: kernels return void; unreachable blocks already removed. */
#include <stdlib.h>

#include "pass.h"

static uint32_t norm_terminator(const ir_function *f, uint32_t b) {
  const ir_block *bb = &f->blocks[b];
  return bb->ninsts ? bb->insts[bb->ninsts - 1] : IR_NONE;
}

static void norm_single_exit(ir_function *f) {
  uint32_t nexit = 0, last = IR_NONE;
  for (uint32_t b = 0; b < f->nblocks; b++) {
    uint32_t t = norm_terminator(f, b);
    if (t != IR_NONE && (f->insts[t].op == IR_RET || f->insts[t].op == IR_UNREACHABLE)) {
      nexit++;
      last = b;
    }
  }
  if (nexit == 1 && f->insts[norm_terminator(f, last)].op == IR_RET) return;
  uint32_t exit = ir_add_block(f);
  uint32_t ret = ir_append(f, exit, IR_RET, (ir_type){IR_T_VOID, 0}, 0, NULL);
  for (uint32_t b = 0; b < exit; b++) {
    uint32_t t = norm_terminator(f, b);
    if (t == IR_NONE || (f->insts[t].op != IR_RET && f->insts[t].op != IR_UNREACHABLE)) continue;
    f->insts[ret].line = f->insts[t].line;
    f->insts[t].op = IR_BR;
    f->insts[t].nopnd = 0; /* a kernel's RET carries no value */
    f->blocks[b].nsucc = 1;
    f->blocks[b].succ[0] = exit;
  }
}

static void norm_split_edges(ir_function *f) {
  ir_compute_preds(f);
  uint32_t n = f->nblocks;
  for (uint32_t b = 0; b < n; b++) {
    if (f->blocks[b].nsucc != 2) continue;
    for (uint32_t s = 0; s < 2; s++) {
      uint32_t t = f->blocks[b].succ[s];
      if (f->blocks[t].npred < 2) continue;
      uint32_t nb = ir_add_block(f);
      uint32_t br = ir_append(f, nb, IR_BR, (ir_type){IR_T_VOID, 0}, 0, NULL);
      uint32_t term = norm_terminator(f, b);
      f->insts[br].line = term != IR_NONE ? f->insts[term].line : 0;
      f->blocks[nb].nsucc = 1;
      f->blocks[nb].succ[0] = t;
      f->blocks[b].succ[s] = nb;
      pass_phi_rename_pred(f, t, b, nb);
    }
  }
  ir_compute_preds(f);
}

int pass_normalize_cfg(ir_function *f, char *err, size_t errlen) {
  norm_single_exit(f);
  norm_split_edges(f);
  return pass_check(f, "normalize_cfg", err, errlen);
}
