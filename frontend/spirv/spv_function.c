/* Lowering of one SPIR-V function: parameters (kernel ABI and helper
 * flattening), the instruction loop, phis and the entry-block prologue. */
#include <spirv/unified1/spirv.h>
#include <stdlib.h>
#include <string.h>

#include "isa.h"
#include "spv_internal.h"

/* ---- function setup -------------------------------------------------------- */
/* Frees the lowering state of one function (also on an out-of-memory unwind). */
static void spv_fn_unwind(void *arg) {
  spv_fn *x = arg;
  free(x->vref);
  free(x->nref);
  free(x->label_block);
  free(x->marker);
  free(x->a);
  free(x->refs);
  free(x->edges);
  free(x->hoisted);
  free(x->kconst);
  memset(x, 0, sizeof *x);
}

static int spv_is_aggregate(const spv_type *t) {
  return t->tk == SPV_T_VEC || t->tk == SPV_T_ARRAY || t->tk == SPV_T_STRUCT;
}

static ir_param *spv_new_param(ir_function *f) {
  ir_param *p = fe_xrealloc(f->oom, f->params, (f->nparams + 1) * sizeof(ir_param));
  f->params = p;
  memset(&p[f->nparams], 0, sizeof(ir_param));
  return &p[f->nparams++];
}

static uint32_t spv_param_inst(spv_fn *x, ir_type t, uint32_t index, const char *name) {
  uint32_t r = spv_emit_entry(x, IR_PARAM, t, 0, NULL);
  x->f->insts[r].aux = index;
  x->f->insts[r].name = name;
  return r;
}

/* Kernel arguments keep one ir_param each (the runtime's argument index). */
static void spv_kernel_param(spv_fn *x, uint32_t pid, uint32_t tid) {
  spv_mod *m = x->m;
  spv_type *t = spv_type_of(m, tid, 0);
  if (!t)
    return;
  ir_function *f = x->f;
  uint32_t index = f->nparams;
  ir_param *p = spv_new_param(f);
  const char *name = m->ids[pid].name;
  p->name = name ? fe_xstrdup(m->oom, name) : NULL;
  p->type_name = spv_type_spelling(m, t->tk == SPV_T_PTR && m->ids[pid].byval ? t->elem : tid);
  if (t->img == SPV_IMG_IMAGE || t->img == SPV_IMG_SAMPLER) {
    /* an image: its descriptor's address (ISA_ARG_IMAGE); a sampler: the
     * sampler word in the low half of an 8-byte slot (ISA_ARG_SAMPLER) */
    p->is_image = t->img == SPV_IMG_IMAGE;
    p->is_sampler = t->img == SPV_IMG_SAMPLER;
    p->type = SPV_IRT(p->is_image ? IR_T_I64 : IR_T_I32);
    p->access = !p->is_image                                ? ISA_ACCESS_NONE
                : t->access == SpvAccessQualifierWriteOnly ? ISA_ACCESS_WRITE_ONLY
                : t->access == SpvAccessQualifierReadWrite ? ISA_ACCESS_READ_WRITE
                                                           : ISA_ACCESS_READ_ONLY;
    uint32_t r = spv_param_inst(x, p->type, index, m->ids[pid].name);
    spv_set(x, pid, &r, 1);
    return;
  }
  if (t->tk == SPV_T_OPAQUE) {
    spv_error(m, x->line, "unsupported kernel argument '%s' of type %s; not implemented yet",
              name ? name : "?", t->opaque_name);
    return;
  }
  ir_type cptr = {IR_T_PTR, IR_AS_CONSTANT};
  if (t->tk == SPV_T_PTR && m->ids[pid].byval) { /* struct by value */
    spv_type *et = spv_type_of(m, t->elem, 0);
    p->type = cptr;
    p->by_value_size = et ? et->size : 0;
    uint32_t r = spv_param_inst(x, cptr, index, m->ids[pid].name);
    spv_set(x, pid, &r, 1);
  } else if (spv_is_aggregate(t)) { /* vector by value: bytes in the argument segment */
    p->type = cptr;
    p->by_value_size = t->size;
    uint32_t r = spv_param_inst(x, cptr, index, m->ids[pid].name);
    spv_set(x, pid, &r, 1); /* replaced by the loaded leaves in spv_kernel_arg_loads */
  } else {
    p->type = spv_ir_type(m, tid, 0);
    p->by_value_size = t->tk == SPV_T_PTR ? 0 : t->size;
    uint32_t r = spv_param_inst(x, p->type, index, m->ids[pid].name);
    spv_set(x, pid, &r, 1);
  }
}

/* Aggregate by-value kernel arguments: load their leaves after all params. */
static void spv_kernel_arg_loads(spv_fn *x, uint32_t first, uint32_t end) {
  spv_mod *m = x->m;
  for (uint32_t i = first; i < end && m->ins[i].op == SpvOpFunctionParameter && !m->failed; i++) {
    uint32_t tid = spv_word(m, i, 1), pid = spv_word(m, i, 2);
    spv_type *t = spv_type_of(m, tid, 0);
    if (!t || !spv_is_aggregate(t) || pid >= m->bound || x->vref[pid] == IR_NONE)
      continue;
    uint32_t r = x->refs[x->vref[pid]];
    uint32_t n = spv_mem_leaves(x, tid, r, t->align, x->c, 0);
    for (uint32_t k = 0; k < n; k++) { /* the loads belong to the prologue */
      ir_inst *li = &x->f->insts[x->c[k]];
      if (li->opnd[0] != r)
        spv_hoist(x, li->opnd[0]);
      spv_hoist(x, x->c[k]);
    }
    spv_set(x, pid, x->c, n);
  }
}

/* Helper parameters: one IR parameter per scalar leaf. */
static void spv_helper_param(spv_fn *x, uint32_t pid, uint32_t tid) {
  spv_mod *m = x->m;
  ir_type *types = spv_tbuf(x);
  uint32_t n = spv_leaf_types(m, tid, types, 0);
  for (uint32_t k = 0; k < n; k++) {
    ir_param *p = spv_new_param(x->f);
    p->type = types[k];
    const char *name = m->ids[pid].name;
    p->name = name ? fe_xstrdup(m->oom, name) : NULL;
    x->c[k] = spv_param_inst(x, types[k], x->f->nparams - 1, name);
  }
  spv_set(x, pid, x->c, n);
}

/* 1 when the function's body may write through pointer `pid` or let it escape:
 * any use of it, or of a pointer derived from it, other than as a load's or a
 * copy's source. Pointer derivations (access chains, casts, phis, selects) are
 * followed to a fixed point, since a loop's phi can name a later id. */
static int spv_ptr_maybe_written(spv_mod *m, uint32_t first, uint32_t end, uint32_t pid) {
  uint8_t *d = fe_xcalloc(m->oom, m->bound, 1); /* nothing below allocates */
  d[pid] = 1;
  int written = 0, grew = 1;
  while (grew && !written) {
    grew = 0;
    for (uint32_t i = first; i < end && !written; i++) {
      const spv_ins *in = &m->ins[i];
      /* no semantics, or no pointer operands: only literals that could read as ids */
      if (spv_is_debug_info(in) || in->op == SpvOpLine || in->op == SpvOpNoLine ||
          in->op == SpvOpSelectionMerge || in->op == SpvOpLoopMerge || in->op == SpvOpBranch ||
          in->op == SpvOpBranchConditional || in->op == SpvOpSwitch ||
          in->op == SpvOpCompositeExtract)
        continue;
      /* id operands; a load's, store's and copy's trailing memory-access literals
       * could read as ids */
      uint32_t k0 = in->type_id ? 3 : in->result_id ? 2 : 1, kn = in->nw, used = 0, rd = 0;
      if (in->op == SpvOpLoad)
        kn = 4;
      else if (in->op == SpvOpStore || in->op == SpvOpCopyMemory)
        kn = 3;
      else if (in->op == SpvOpCopyMemorySized)
        kn = 4;
      for (uint32_t k = k0; k < kn && k < in->nw && !used; k++) {
        uint32_t w = spv_word(m, i, k);
        used = w < m->bound && d[w];
        rd = k;
      }
      if (!used) continue;
      switch (in->op) {
      case SpvOpAccessChain:
      case SpvOpInBoundsAccessChain:
      case SpvOpPtrAccessChain:
      case SpvOpInBoundsPtrAccessChain:
      case SpvOpBitcast:
      case SpvOpCopyObject:
      case SpvOpPhi:
      case SpvOpSelect:
      case SpvOpPtrCastToGeneric:
      case SpvOpGenericCastToPtr:
      case SpvOpGenericCastToPtrExplicit:
        if (in->result_id < m->bound && !d[in->result_id]) d[in->result_id] = 1, grew = 1;
        break;
      case SpvOpLoad:
        written = rd != 3;
        break;
      case SpvOpCopyMemory:
      case SpvOpCopyMemorySized:
        written = rd != 2;
        break;
      case SpvOpLifetimeStart:
      case SpvOpLifetimeStop:
        break;
      default:
        written = 1;
        break;
      }
    }
  }
  free(d);
  return written;
}

/* A ByVal pointer parameter (a struct passed by value) points at the caller's
 * object, or for a kernel at the argument segment all work-items share: a
 * function that may write it works on its own private copy, or its stores would
 * change the caller's struct (C's by-value semantics; piglit calls-struct) or
 * every work-item's argument. The copy is made at entry, before the body, and
 * the parameter's id names the copy; read-only parameters are used in place. */
static void spv_byval_copies(spv_fn *x, uint32_t first, uint32_t end) {
  spv_mod *m = x->m;
  uint32_t body = first;
  while (body < end && m->ins[body].op == SpvOpFunctionParameter) body++;
  for (uint32_t i = first; i < body && !m->failed; i++) {
    uint32_t tid = spv_word(m, i, 1), pid = spv_word(m, i, 2);
    spv_type *t = spv_type_of(m, tid, 0);
    if (!t || t->tk != SPV_T_PTR || !m->ids[pid].byval || x->vref[pid] == IR_NONE ||
        !spv_ptr_maybe_written(m, body, end, pid))
      continue;
    spv_type *et = spv_type_of(m, t->elem, 0);
    if (!et) continue;
    uint32_t src = x->refs[x->vref[pid]];
    uint32_t r = spv_emit_entry(x, IR_ALLOCA, (ir_type){IR_T_PTR, IR_AS_PRIVATE}, 0, NULL);
    x->f->insts[r].imm = et->size;
    x->f->insts[r].aux = et->align;
    x->f->insts[r].name = m->ids[pid].name;
    spv_copy_bytes(x, r, src, et->size, et->align);
    spv_set(x, pid, &r, 1);
  }
}

static void spv_finish_entry(spv_fn *x) {
  ir_function *f = x->f;
  ir_block *b0 = &f->blocks[0];
  uint8_t *is_h = fe_xcalloc(f->oom, f->ninsts + 1, 1);
  uint32_t mark = fe_oom_keep(f->oom, &is_h);
  uint32_t *order = fe_xmalloc(f->oom, (b0->ninsts + 1) * sizeof(uint32_t)), n = 0;
  fe_oom_pop(f->oom, mark);
  for (uint32_t k = 0; k < x->nhoisted; k++)
    if (!is_h[x->hoisted[k]] && f->insts[x->hoisted[k]].block == 0)
      is_h[x->hoisted[k]] = 1, order[n++] = x->hoisted[k];
  for (uint32_t k = 0; k < b0->ninsts; k++)
    if (!is_h[b0->insts[k]])
      order[n++] = b0->insts[k];
  memcpy(b0->insts, order, n * sizeof(uint32_t));
  free(order);
  free(is_h);
}

int spv_lower_function(spv_mod *m, uint32_t fid, ir_function *f, int is_kernel) {
  uint32_t first = m->ids[fid].ins, end = first;
  while (end < m->nins && m->ins[end].op != SpvOpFunctionEnd)
    end++;
  const char *fname = m->ids[fid].name;
  f->oom = m->oom;
  m->oom->kernel = fname;
  f->name = fe_xstrdup(m->oom, fname ? fname : "fn");
  f->is_kernel = is_kernel;
  spv_fn fx = {.m = m, .f = f, .fid = fid, .sret = IR_NONE};
  spv_fn *x = &fx;
  spv_phi *phis = NULL;
  /* an unwind frees the lowering state (f itself is the module's) */
  uint32_t mark = fe_oom_push(m->oom, spv_fn_unwind, x);
  fe_oom_keep(m->oom, &phis);
  x->vref = fe_xmalloc(m->oom, m->bound * sizeof(uint32_t));
  x->nref = fe_xcalloc(m->oom, m->bound, sizeof(uint32_t));
  x->label_block = fe_xmalloc(m->oom, m->bound * sizeof(uint32_t));
  x->marker = fe_xcalloc(m->oom, m->bound, sizeof(uint32_t));
  x->a = fe_xmalloc(m->oom, SPV_MAX_LEAVES * sizeof(uint32_t) * 4);
  if (!x->vref || !x->nref || !x->label_block || !x->marker || !x->a) {
    spv_error(m, 0, "out of memory"); /* only reached with no fe_oom */
    goto out;
  }
  x->b = x->a + SPV_MAX_LEAVES, x->c = x->b + SPV_MAX_LEAVES, x->r = x->c + SPV_MAX_LEAVES;
  memset(x->vref, 0xff, m->bound * sizeof(uint32_t));
  memset(x->label_block, 0xff, m->bound * sizeof(uint32_t));
  uint32_t nphis = 0, i = first + 1;
  x->phis = &phis, x->nphis = &nphis;

  for (uint32_t k = i; k < end; k++)
    if (m->ins[k].op == SpvOpLabel) {
      uint32_t l = spv_word(m, k, 1);
      if (l < m->bound)
        x->label_block[l] = ir_add_block(f);
    }
  if (!f->nblocks) {
    spv_error(m, 0, "function '%s' has no body (declared but not defined)", f->name);
    goto out;
  }
  /* the line of the function's first OpLine, for messages about parameters */
  for (uint32_t k = i; k < end && !x->line; k++)
    if (m->ins[k].op == SpvOpLine)
      x->line = spv_word(m, k, 2);
  uint32_t rtid = spv_word(m, first, 1);
  spv_type *rt = spv_type_of(m, rtid, 0);
  if (!rt)
    goto out;
  for (; i < end && m->ins[i].op == SpvOpFunctionParameter && !m->failed; i++) {
    uint32_t tid = spv_word(m, i, 1), pid = spv_word(m, i, 2);
    if (pid >= m->bound)
      goto out;
    if (is_kernel)
      spv_kernel_param(x, pid, tid);
    else
      spv_helper_param(x, pid, tid);
  }
  if (spv_is_aggregate(rt) && !is_kernel) {
    ir_param *p = spv_new_param(f);
    p->type = (ir_type){IR_T_PTR, IR_AS_PRIVATE};
    p->name = fe_xstrdup(m->oom, "sret");
    x->sret = spv_param_inst(x, p->type, f->nparams - 1, NULL);
  } else {
    f->ret = rt->tk == SPV_T_VOID ? SPV_IRT(IR_T_VOID) : spv_ir_type(m, rtid, 0);
  }
  x->line = 0;
  if (is_kernel)
    spv_kernel_arg_loads(x, first + 1, end);
  spv_byval_copies(x, first + 1, end);
  for (; i < end && !m->failed; i++)
    spv_inst(x, i);
  if (!m->failed)
    spv_finish_phis(x, phis, nphis);
  if (!m->failed) {
    spv_finish_entry(x);
    ir_compute_preds(f);
    for (uint32_t b = 0; b < f->nblocks && !m->failed; b++) {
      const ir_block *bl = &f->blocks[b];
      if (!bl->ninsts || (!bl->nsucc && f->insts[bl->insts[bl->ninsts - 1]].op != IR_RET &&
                             f->insts[bl->insts[bl->ninsts - 1]].op != IR_UNREACHABLE))
        spv_error(m, 0, "malformed SPIR-V: a block of '%s' has no terminator", f->name);
    }
  }
out:
  fe_oom_pop(m->oom, mark);
  free(phis);
  spv_fn_unwind(x);
  return m->failed ? -1 : 0;
}
