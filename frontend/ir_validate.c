/* ir_validate: checks the CFG and SSA invariants every pass must keep —
 * terminators, successor counts, operand counts and result types (from
 * ir_ops.def), operand references, phi shape, dominance. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ir.h"

typedef struct ir_vctx {
  const ir_function *f;
  char *err;
  unsigned errlen;
  uint32_t *idom; /* immediate dominator per block, IR_NONE if unreachable */
  uint32_t *rpo_num;
} ir_vctx;

static int ir_vfail(ir_vctx *v, uint32_t block, uint32_t inst, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));
static int ir_vfail(ir_vctx *v, uint32_t block, uint32_t inst, const char *fmt, ...) {
  char msg[256];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(msg, sizeof msg, fmt, ap);
  va_end(ap);
  if (v->err && v->errlen) {
    if (inst != IR_NONE)
      snprintf(v->err, v->errlen, "IR invalid in %s, bb%u, %%%u (%s): %s",
               v->f->name ? v->f->name : "?", block, inst,
               ir_op_name((ir_op)v->f->insts[inst].op), msg);
    else
      snprintf(v->err, v->errlen, "IR invalid in %s, bb%u: %s", v->f->name ? v->f->name : "?",
               block, msg);
  }
  return -1;
}

static int ir_is_term(uint16_t op) {
  return (ir_ops[op].flags & IR_OF_TERM) != 0;
}

static uint32_t ir_nsucc_of(uint16_t op) {
  return op == IR_BR ? 1 : op == IR_CBR ? 2 : 0;
}

/* Operand count and result type against the op's row in ir_ops.def (and the
 * math builtin's in ir_math.def); -1 with the message. */
static int ir_check_shape(ir_vctx *v, uint32_t b, uint32_t id) {
  const ir_inst *in = &v->f->insts[id];
  const ir_opinfo *oi = &ir_ops[in->op];
  if (in->nopnd < oi->nmin || (oi->nmax != IR_N_ANY && in->nopnd > oi->nmax)) {
    if (oi->nmax == IR_N_ANY)
      return ir_vfail(v, b, id, "%u operands, needs at least %u", in->nopnd, oi->nmin);
    if (oi->nmin == oi->nmax)
      return ir_vfail(v, b, id, "%u operands, needs %u", in->nopnd, oi->nmin);
    return ir_vfail(v, b, id, "%u operands, needs %u to %u", in->nopnd, oi->nmin, oi->nmax);
  }
  if (in->op == IR_MATH) {
    if (in->aux >= IR_M_COUNT) return ir_vfail(v, b, id, "unknown math builtin %u", in->aux);
    if (in->nopnd != ir_maths[in->aux].nopnd)
      return ir_vfail(v, b, id, "%u operands, math %s needs %u", in->nopnd, ir_maths[in->aux].name,
                      ir_maths[in->aux].nopnd);
  }
  ir_base t = (ir_base)in->type.base;
  switch ((ir_result)oi->result) {
  case IR_RES_VOID:
    if (t != IR_T_VOID) return ir_vfail(v, b, id, "has a result; it must be void");
    break;
  case IR_RES_VALUE:
    if (t == IR_T_VOID) return ir_vfail(v, b, id, "result type void; it needs a value");
    break;
  case IR_RES_BOOL:
    if (t != IR_T_BOOL) return ir_vfail(v, b, id, "result type is not i1");
    break;
  case IR_RES_PTR:
    if (t != IR_T_PTR) return ir_vfail(v, b, id, "result type is not a pointer");
    break;
  case IR_RES_ANY:
    break;
  }
  return 0;
}

/* Cooper, Harvey & Kennedy's iterative dominator algorithm over reverse postorder. */
/* -1 when out of memory. */
static int ir_dominators(ir_vctx *v) {
  const ir_function *f = v->f;
  uint32_t n = f->nblocks;
  uint32_t *order = calloc(n ? n : 1, sizeof(uint32_t)), norder = 0;
  uint32_t *stack = calloc(n ? n : 1, sizeof(uint32_t) * 2);
  uint8_t *seen = calloc(n ? n : 1, 1);
  v->idom = malloc((n ? n : 1) * sizeof(uint32_t));
  v->rpo_num = malloc((n ? n : 1) * sizeof(uint32_t));
  if (!order || !stack || !seen || !v->idom || !v->rpo_num) {
    free(order);
    free(stack);
    free(seen);
    return -1; /* v->idom and v->rpo_num: ir_validate frees them */
  }
  for (uint32_t i = 0; i < n; i++)
    v->idom[i] = v->rpo_num[i] = IR_NONE;
  /* iterative DFS: stack of (block, next successor index) */
  uint32_t sp = 0;
  if (n) {
    stack[0] = 0, stack[1] = 0, sp = 1, seen[0] = 1;
  }
  while (sp) {
    uint32_t b = stack[2 * (sp - 1)], *k = &stack[2 * (sp - 1) + 1];
    if (*k < f->blocks[b].nsucc) {
      uint32_t s = f->blocks[b].succ[(*k)++];
      if (s < n && !seen[s]) {
        seen[s] = 1;
        stack[2 * sp] = s, stack[2 * sp + 1] = 0, sp++;
      }
    } else {
      order[norder++] = b;
      sp--;
    }
  }
  /* order is postorder; rpo number = norder-1-index */
  for (uint32_t i = 0; i < norder; i++)
    v->rpo_num[order[i]] = norder - 1 - i;
  if (n)
    v->idom[0] = 0;
  for (int changed = 1; changed;) {
    changed = 0;
    for (uint32_t i = norder; i-- > 0;) {
      uint32_t b = order[i];
      if (b == 0)
        continue;
      uint32_t nid = IR_NONE;
      for (uint32_t p = 0; p < n; p++) {
        const ir_block *pb = &f->blocks[p];
        int is_pred = 0;
        for (uint32_t s = 0; s < pb->nsucc; s++)
          is_pred |= pb->succ[s] == b;
        if (!is_pred || v->idom[p] == IR_NONE)
          continue;
        if (nid == IR_NONE) {
          nid = p;
          continue;
        }
        uint32_t x = p, y = nid;
        while (x != y) {
          while (v->rpo_num[x] > v->rpo_num[y]) x = v->idom[x];
          while (v->rpo_num[y] > v->rpo_num[x]) y = v->idom[y];
        }
        nid = x;
      }
      if (nid != v->idom[b]) {
        v->idom[b] = nid;
        changed = 1;
      }
    }
  }
  free(order);
  free(stack);
  free(seen);
  return 0;
}

static int ir_dominates(const ir_vctx *v, uint32_t a, uint32_t b) {
  if (v->idom[b] == IR_NONE)
    return 1; /* uses in unreachable code are not checked */
  for (;;) {
    if (a == b)
      return 1;
    if (b == 0 || v->idom[b] == IR_NONE)
      return 0;
    b = v->idom[b];
  }
}

static int ir_validate_inner(ir_vctx *v) {
  const ir_function *f = v->f;
  if (!f->nblocks)
    return ir_vfail(v, 0, IR_NONE, "function has no blocks");
  uint32_t *pos = malloc((f->ninsts ? f->ninsts : 1) * sizeof(uint32_t));
  if (!pos) return ir_vfail(v, 0, IR_NONE, "out of memory") * 2;
  for (uint32_t i = 0; i < f->ninsts; i++)
    pos[i] = IR_NONE;
  int rc = 0;
  for (uint32_t b = 0; b < f->nblocks && !rc; b++) {
    const ir_block *bl = &f->blocks[b];
    if (!bl->ninsts) {
      rc = ir_vfail(v, b, IR_NONE, "empty block (every block ends in a terminator)");
      break;
    }
    for (uint32_t i = 0; i < bl->ninsts && !rc; i++) {
      uint32_t id = bl->insts[i];
      if (id >= f->ninsts) {
        rc = ir_vfail(v, b, IR_NONE, "instruction index %u out of range", id);
        break;
      }
      const ir_inst *in = &f->insts[id];
      if (in->block != b)
        rc = ir_vfail(v, b, id, "listed in bb%u but its block field says bb%u", b, in->block);
      else if (pos[id] != IR_NONE)
        rc = ir_vfail(v, b, id, "listed twice");
      else if (in->op >= IR_OP_COUNT)
        rc = ir_vfail(v, b, id, "unknown opcode %u", in->op);
      else if (ir_is_term(in->op) != (i + 1 == bl->ninsts))
        rc = ir_vfail(v, b, id, ir_is_term(in->op) ? "terminator before the end of the block"
                                                    : "block does not end in a terminator");
      else if (in->op == IR_PHI && i > 0 && f->insts[bl->insts[i - 1]].op != IR_PHI)
        rc = ir_vfail(v, b, id, "phi after a non-phi instruction");
      else if (ir_is_term(in->op) && ir_nsucc_of(in->op) != bl->nsucc)
        rc = ir_vfail(v, b, id, "block has %u successors, terminator needs %u", bl->nsucc,
                      ir_nsucc_of(in->op));
      else if (ir_check_shape(v, b, id))
        rc = -1;
      else if (in->op == IR_CBR && f->insts[in->opnd[0]].type.base != IR_T_BOOL)
        rc = ir_vfail(v, b, id, "cbr needs one i1 condition");
      pos[id] = i;
    }
    for (uint32_t s = 0; s < bl->nsucc && !rc; s++)
      if (bl->succ[s] >= f->nblocks)
        rc = ir_vfail(v, b, IR_NONE, "successor bb%u out of range", bl->succ[s]);
  }
  if (!rc && ir_dominators(v)) rc = ir_vfail(v, 0, IR_NONE, "out of memory") * 2;
  for (uint32_t b = 0; b < f->nblocks && !rc; b++) {
    const ir_block *bl = &f->blocks[b];
    for (uint32_t i = 0; i < bl->ninsts && !rc; i++) {
      uint32_t id = bl->insts[i];
      const ir_inst *in = &f->insts[id];
      for (uint32_t k = 0; k < in->nopnd && !rc; k++) {
        uint32_t o = in->opnd[k];
        if (o >= f->ninsts || pos[o] == IR_NONE) {
          rc = ir_vfail(v, b, id, "operand %u refers to %%%u, which is not in any block", k, o);
          break;
        }
        uint32_t ob = f->insts[o].block;
        if (in->op == IR_PHI) {
          uint32_t pb = in->phi_block ? in->phi_block[k] : IR_NONE;
          int is_pred = 0;
          if (pb < f->nblocks)
            for (uint32_t s = 0; s < f->blocks[pb].nsucc; s++)
              is_pred |= f->blocks[pb].succ[s] == b;
          if (!is_pred)
            rc = ir_vfail(v, b, id, "phi operand %u comes from bb%u, not a predecessor", k, pb);
          else if (!ir_dominates(v, ob, pb))
            rc = ir_vfail(v, b, id, "phi operand %%%u does not dominate the end of bb%u", o, pb);
        } else if (ob == b ? pos[o] >= i : !ir_dominates(v, ob, b)) {
          rc = ir_vfail(v, b, id, "operand %%%u does not dominate its use", o);
        }
      }
      if (!rc && in->op == IR_PHI && v->idom[b] != IR_NONE) {
        uint32_t npred = 0;
        for (uint32_t p = 0; p < f->nblocks; p++)
          for (uint32_t s = 0; s < f->blocks[p].nsucc; s++)
            if (f->blocks[p].succ[s] == b && (s == 0 || f->blocks[p].succ[0] != b))
              npred++;
        if (npred != in->nopnd)
          rc = ir_vfail(v, b, id, "phi has %u operands for %u predecessors", in->nopnd, npred);
      }
    }
  }
  free(pos);
  return rc;
}

int ir_validate(const ir_function *f, char *err, unsigned errlen) {
  ir_vctx v = {.f = f, .err = err, .errlen = errlen};
  int rc = ir_validate_inner(&v);
  free(v.idom);
  free(v.rpo_num);
  return rc;
}
