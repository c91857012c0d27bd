/* Work-group async copies (OpGroupAsyncCopy, OpGroupWaitEvents): lowered in the
 * reader to the cooperative loop and barrier that OpenCL specifies. */
#include <spirv/unified1/spirv.h>
#include <stdlib.h>

#include "spv_internal.h"

#define W(k) spv_word(m, i, (k))

static uint32_t as_op2(spv_fn *x, ir_op op, ir_type t, uint32_t a, uint32_t b) {
  uint32_t o[2] = {a, b};
  return spv_emit(x, op, t, 2, o);
}

/* A size_t operand as I64 (spir32 modules give 32-bit sizes). */
static uint32_t as_size(spv_fn *x, uint32_t id) {
  if (spv_val(x, id, x->a) != 1) {
    if (!x->m->failed) spv_error(x->m, x->line, "malformed SPIR-V: OpGroupAsyncCopy size operand");
    return IR_NONE;
  }
  uint32_t v = x->a[0];
  ir_type t = x->f->insts[v].type;
  if (t.base == IR_T_I64) return v;
  if (t.base != IR_T_I32) {
    spv_error(x->m, x->line, "malformed SPIR-V: OpGroupAsyncCopy size operand is not an integer");
    return IR_NONE;
  }
  return spv_emit(x, IR_ZEXT, SPV_IRT(IR_T_I64), 1, &v);
}

/* The work-item's linear id in its group and the group's size, both I64
 * (this group's size: a partial last group's copy loop strides by it). */
void spv_local_linear_id(spv_fn *x, uint32_t *lid, uint32_t *lsize) {
  ir_type i64 = SPV_IRT(IR_T_I64);
  uint32_t id = IR_NONE, size = IR_NONE;
  for (int d = 2; d >= 0; d--) {
    uint32_t l = spv_emit(x, IR_LOCAL_ID, i64, 0, NULL);
    uint32_t s = spv_emit(x, IR_LOCAL_SIZE, i64, 0, NULL);
    x->f->insts[l].aux = (uint32_t)d;
    x->f->insts[s].aux = (uint32_t)d;
    /* id = ((lid2 * ls1) + lid1) * ls0 + lid0, size = ls0 * ls1 * ls2 */
    id = id == IR_NONE ? l : as_op2(x, IR_ADD, i64, as_op2(x, IR_MUL, i64, id, s), l);
    size = size == IR_NONE ? s : as_op2(x, IR_MUL, i64, size, s);
  }
  *lid = id;
  *lsize = size;
}

/* event_t async_work_group_[strided_]copy(dst, src, n, [stride,] event):
 *   for (i = local_linear_id; i < n; i += local_size) dst[i*ds] = src[i*ss];
 * the stride applies on the global side. Every work-item runs the loop, so
 * the copy is done when each leaves it; wait_group_events' barrier makes the
 * data visible. The event is an integer (the reader maps OpTypeEvent to one)
 * passed through unchanged, or 0 for a null event. */
void spv_async_copy(spv_fn *x, uint32_t i) {
  spv_mod *m = x->m;
  uint32_t rid = W(2), dst_id = W(4), src_id = W(5);
  if (spv_val(x, dst_id, x->a) != 1) return;
  uint32_t dst = x->a[0];
  if (spv_val(x, src_id, x->a) != 1) return;
  uint32_t src = x->a[0];
  spv_type *pt = dst_id < m->bound ? spv_type_of(m, m->ids[dst_id].type, x->line) : NULL;
  if (!pt || pt->tk != SPV_T_PTR) {
    if (!m->failed)
      spv_error(m, x->line, "malformed SPIR-V: OpGroupAsyncCopy destination is not a pointer");
    return;
  }
  uint32_t etid = pt->elem;
  spv_type *et = spv_type_of(m, etid, x->line);
  if (!et) return;
  uint32_t n = as_size(x, W(6)), stride = as_size(x, W(7));
  if (n == IR_NONE || stride == IR_NONE) return;
  ir_type i64 = SPV_IRT(IR_T_I64), bt = SPV_IRT(IR_T_BOOL);
  uint32_t esize = spv_kconst(x, i64, et->size);
  int dst_global = x->f->insts[dst].type.space != IR_AS_LOCAL;
  uint32_t gstep = as_op2(x, IR_MUL, i64, stride, esize);
  uint32_t dstep = dst_global ? gstep : esize, sstep = dst_global ? esize : gstep;
  uint32_t lid, lsize;
  spv_local_linear_id(x, &lid, &lsize);

  ir_function *f = x->f;
  uint32_t pre = x->block, head = ir_add_block(f), body = ir_add_block(f), done = ir_add_block(f);
  spv_emit(x, IR_BR, SPV_IRT(IR_T_VOID), 0, NULL);
  f->blocks[pre].succ[0] = head;
  f->blocks[pre].nsucc = 1;

  x->block = head;
  uint32_t phi = spv_emit(x, IR_PHI, i64, 0, NULL);
  uint32_t c = as_op2(x, IR_ICMP, bt, phi, n);
  f->insts[c].aux = IR_P_ULT;
  spv_emit(x, IR_CBR, SPV_IRT(IR_T_VOID), 1, &c);
  f->blocks[head].succ[0] = body;
  f->blocks[head].succ[1] = done;
  f->blocks[head].nsucc = 2;

  x->block = body;
  uint32_t sp = as_op2(x, IR_PTRADD, f->insts[src].type, src, as_op2(x, IR_MUL, i64, phi, sstep));
  uint32_t dp = as_op2(x, IR_PTRADD, f->insts[dst].type, dst, as_op2(x, IR_MUL, i64, phi, dstep));
  uint32_t align = et->align ? et->align : 1;
  uint32_t *vals = x->c;
  uint32_t nl = spv_mem_leaves(x, etid, sp, align, vals, 0);
  if (m->failed) return;
  if (spv_mem_leaves(x, etid, dp, align, vals, 1) != nl || m->failed) return;
  uint32_t next = as_op2(x, IR_ADD, i64, phi, lsize);
  spv_emit(x, IR_BR, SPV_IRT(IR_T_VOID), 0, NULL);
  f->blocks[body].succ[0] = head;
  f->blocks[body].nsucc = 1;

  /* the phi's operands: lid from the preheader, next from the body (f->insts
   * may have moved while emitting) */
  ir_inst *in = &f->insts[phi];
  in->opnd = fe_xcalloc(f->oom, 2, sizeof(uint32_t));
  in->phi_block = fe_xcalloc(f->oom, 2, sizeof(uint32_t));
  if (!in->opnd || !in->phi_block) return; /* only with no fe_oom */
  in->opnd[0] = lid, in->phi_block[0] = pre;
  in->opnd[1] = next, in->phi_block[1] = body;
  in->nopnd = 2;

  x->block = done;
  /* the result event: the one passed in (null events read as 0) */
  uint32_t ev;
  if (spv_val(x, W(8), x->a) == 1)
    ev = x->a[0];
  else
    return;
  spv_set(x, rid, &ev, 1);
}

/* wait_group_events(n, events): every copy finished inside its loop, so all
 * that is left is the barrier that makes the data visible to the group. */
void spv_wait_events(spv_fn *x, uint32_t i) {
  (void)i;
  uint32_t r = spv_emit(x, IR_BARRIER, SPV_IRT(IR_T_VOID), 0, NULL);
  x->f->insts[r].aux = 3; /* CLK_LOCAL_MEM_FENCE | CLK_GLOBAL_MEM_FENCE */
}
