/* IR construction and teardown helpers declared in ir.h: blocks, instructions,
 * constants, predecessor lists and type sizes. */
#include <stdlib.h>
#include <string.h>

#include "fe_oom.h"
#include "ir.h"

/* Out-of-memory is the one failure these helpers cannot report as a value:
 * it unwinds the compile through f->oom (fe_oom.h), leaving f freeable
 * (counts are bumped only after their storage exists). */
static void *ir_xrealloc(ir_function *f, void *p, size_t n) {
  return fe_xrealloc(f->oom, p, n);
}

uint32_t ir_add_block(ir_function *f) {
  if (f->nblocks == f->bcap) {
    f->bcap = f->bcap ? f->bcap * 2 : 8;
    f->blocks = ir_xrealloc(f, f->blocks, f->bcap * sizeof(ir_block));
  }
  ir_block *b = &f->blocks[f->nblocks];
  memset(b, 0, sizeof(*b));
  b->succ[0] = b->succ[1] = IR_NONE;
  return f->nblocks++;
}

uint32_t ir_append(ir_function *f, uint32_t block, ir_op op, ir_type type, uint32_t nopnd,
                   const uint32_t *opnd) {
  if (f->ninsts == f->cap) {
    f->cap = f->cap ? f->cap * 2 : 64;
    f->insts = ir_xrealloc(f, f->insts, f->cap * sizeof(ir_inst));
  }
  uint32_t id = f->ninsts++;
  ir_inst *in = &f->insts[id];
  memset(in, 0, sizeof(*in));
  in->op = (uint16_t)op;
  in->type = type;
  in->block = block;
  in->nopnd = nopnd;
  if (nopnd) {
    in->opnd = ir_xrealloc(f, NULL, nopnd * sizeof(uint32_t));
    if (opnd)
      memcpy(in->opnd, opnd, nopnd * sizeof(uint32_t));
    else
      memset(in->opnd, 0xff, nopnd * sizeof(uint32_t));
    if (op == IR_PHI) {
      in->phi_block = ir_xrealloc(f, NULL, nopnd * sizeof(uint32_t));
      memset(in->phi_block, 0xff, nopnd * sizeof(uint32_t));
    }
  }
  if (block != IR_NONE) {
    ir_block *b = &f->blocks[block];
    if (b->ninsts == b->cap) {
      b->cap = b->cap ? b->cap * 2 : 8;
      b->insts = ir_xrealloc(f, b->insts, b->cap * sizeof(uint32_t));
    }
    b->insts[b->ninsts++] = id;
  }
  return id;
}

uint32_t ir_const(ir_function *f, uint32_t block, ir_type type, uint64_t bits) {
  uint32_t id = ir_append(f, block, IR_CONST, type, 0, NULL);
  f->insts[id].imm = bits;
  return id;
}

void ir_compute_preds(ir_function *f) {
  for (uint32_t b = 0; b < f->nblocks; b++) {
    free(f->blocks[b].pred);
    f->blocks[b].pred = NULL;
    f->blocks[b].npred = 0;
  }
  for (uint32_t b = 0; b < f->nblocks; b++) {
    for (uint32_t s = 0; s < f->blocks[b].nsucc; s++) {
      uint32_t t = f->blocks[b].succ[s];
      if (t >= f->nblocks)
        continue;
      if (s == 1 && f->blocks[b].succ[0] == t)
        continue; /* both edges to one block: one predecessor entry */
      ir_block *tb = &f->blocks[t];
      tb->pred = ir_xrealloc(f, tb->pred, (tb->npred + 1) * sizeof(uint32_t));
      tb->pred[tb->npred++] = b;
    }
  }
}

void ir_function_fini(ir_function *f) {
  for (uint32_t i = 0; i < f->ninsts; i++) {
    free(f->insts[i].opnd);
    free(f->insts[i].phi_block);
  }
  free(f->insts);
  for (uint32_t b = 0; b < f->nblocks; b++) {
    free(f->blocks[b].insts);
    free(f->blocks[b].pred);
  }
  free(f->blocks);
  for (uint32_t p = 0; p < f->nparams; p++) {
    free(f->params[p].name);
    free(f->params[p].type_name);
  }
  free(f->params);
  free(f->name);
  free(f->attributes);
  memset(f, 0, sizeof(*f));
}

void ir_module_free(ir_module *m) {
  if (!m)
    return;
  for (uint32_t i = 0; i < m->nfns; i++)
    ir_function_fini(&m->fns[i]);
  free(m->fns);
  for (uint32_t i = 0; i < m->nconsts; i++) {
    free(m->consts[i].bytes);
    free(m->consts[i].relocs);
  }
  free(m->consts);
  free(m->source_file);
  free(m->name_pool);
  for (uint32_t k = 0; k < m->nprintf; k++) {
    free(m->printf_fmts[k]);
    free(m->printf_layouts[k]);
  }
  free(m->printf_fmts);
  free(m->printf_layouts);
  free(m); /* modules are heap objects (spv_read returns one) */
}

unsigned ir_type_bytes(ir_type t) {
  switch ((ir_base)t.base) {
  case IR_T_VOID: return 0;
  case IR_T_BOOL: return 1;
  case IR_T_I8: return 1;
  case IR_T_I16: return 2;
  case IR_T_I32: return 4;
  case IR_T_I64: return 8;
  case IR_T_F16: return 2;
  case IR_T_F32: return 4;
  case IR_T_F64: return 8;
  case IR_T_PTR: return 8;
  }
  return 0;
}
