/* The emission and value helpers every SPIR-V lowering file uses: appending IR,
 * hoisted constants, value leaves (constants, module variables, builtins). */
#include <spirv/unified1/spirv.h>
#include <stdlib.h>
#include <string.h>

#include "spv_internal.h"
#include "spv_tables.h"

#define W(k) spv_word(m, i, (k))

/* ---- emission helpers ----------------------------------------------------- */
uint32_t spv_emit(spv_fn *x, ir_op op, ir_type t, uint32_t n, const uint32_t *o) {
  uint32_t r = ir_append(x->f, x->block, op, t, n, o);
  x->f->insts[r].line = x->line;
  return r;
}

void spv_hoist(spv_fn *x, uint32_t inst) {
  if (x->nhoisted == x->choisted) {
    x->choisted = x->choisted ? x->choisted * 2 : 64;
    x->hoisted = fe_xrealloc(x->m->oom, x->hoisted, x->choisted * sizeof(uint32_t));
  }
  x->hoisted[x->nhoisted++] = inst;
}

/* Creates an instruction at the front of the entry block (moved there when the
 * function is finished), so it dominates every use. */
uint32_t spv_emit_entry(spv_fn *x, ir_op op, ir_type t, uint32_t n, const uint32_t *o) {
  uint32_t r = ir_append(x->f, 0, op, t, n, o);
  spv_hoist(x, r);
  return r;
}

uint32_t spv_kconst(spv_fn *x, ir_type t, uint64_t bits) {
  unsigned sz = ir_type_bytes(t);
  if (sz < 8) bits &= (1ull << (sz * 8)) - 1;
  if (t.base == IR_T_BOOL) bits = bits ? 1 : 0;
  for (uint32_t k = 0; k < x->nkconst; k++) {
    const ir_inst *in = &x->f->insts[x->kconst[k]];
    if (in->imm == bits && in->type.base == t.base && in->type.space == t.space)
      return x->kconst[k];
  }
  uint32_t r = ir_const(x->f, 0, t, bits);
  spv_hoist(x, r);
  if (x->nkconst == x->ckconst) {
    x->ckconst = x->ckconst ? x->ckconst * 2 : 64;
    x->kconst = fe_xrealloc(x->m->oom, x->kconst, x->ckconst * sizeof(uint32_t));
  }
  x->kconst[x->nkconst++] = r;
  return r;
}

/* The one place a float constant becomes bits: v rounded to t's own precision, so
 * a double operand never gets a float's bit pattern in a 64-bit register. F16
 * arithmetic is rejected by instruction selection, so F32 covers everything else. */
uint32_t spv_fconst(spv_fn *x, ir_type t, double v) {
  if (t.base == IR_T_F64) {
    uint64_t u;
    memcpy(&u, &v, sizeof u);
    return spv_kconst(x, t, u);
  }
  float f = (float)v;
  uint32_t u;
  memcpy(&u, &f, sizeof u);
  return spv_kconst(x, t, u);
}

ir_type spv_rtype(spv_fn *x, uint32_t ref) {
  return x->f->insts[ref].type;
}

uint32_t spv_op2(spv_fn *x, ir_op op, ir_type t, uint32_t a, uint32_t b) {
  uint32_t o[2] = {a, b};
  return spv_emit(x, op, t, 2, o);
}
uint32_t spv_op1(spv_fn *x, ir_op op, ir_type t, uint32_t a) {
  return spv_emit(x, op, t, 1, &a);
}

void spv_set(spv_fn *x, uint32_t id, const uint32_t *refs, uint32_t n) {
  if (x->nrefs + n > x->crefs) {
    while (x->nrefs + n > x->crefs) x->crefs = x->crefs ? x->crefs * 2 : 1024;
    x->refs = fe_xrealloc(x->m->oom, x->refs, x->crefs * sizeof(uint32_t));
  }
  memcpy(x->refs + x->nrefs, refs, n * sizeof(uint32_t));
  x->vref[id] = x->nrefs;
  x->nref[id] = n;
  x->nrefs += n;
  if (n == 1 && refs[0] < x->f->ninsts) { /* debug name, unless shared or already named */
    ir_inst *in = &x->f->insts[refs[0]];
    if (!in->name && in->op != IR_CONST && in->op != IR_UNDEF) in->name = x->m->ids[id].name;
  }
}

uint32_t spv_leaf_types(spv_mod *m, uint32_t tid, ir_type *out, uint32_t line) {
  spv_type *t = spv_type_of(m, tid, line);
  if (!t) return 0;
  if (t->tk == SPV_T_VEC || t->tk == SPV_T_ARRAY || t->tk == SPV_T_STRUCT) {
    if (!t->leaves) {
      spv_error(m, line, "unsupported aggregate value (more than %d scalars or opaque members)",
                SPV_MAX_LEAVES);
      return 0;
    }
    for (uint32_t k = 0; k < t->nleaves; k++) out[k] = t->leaves[k].type;
    return t->nleaves;
  }
  if (t->tk == SPV_T_VOID) return 0;
  out[0] = spv_ir_type(m, tid, line);
  return m->failed ? 0 : 1;
}

/* ---- constants and module variables used as values ----------------------- */
static uint32_t spv_const_leaves(spv_fn *x, uint32_t id, uint32_t *out, uint32_t max, int depth) {
  spv_mod *m = x->m;
  const spv_id *c = &m->ids[id];
  uint32_t i = c->ins;
  ir_type lt[1];
  if (depth > 16) {
    spv_error(m, x->line, "unsupported constant nesting");
    return 0;
  }
  switch (m->ins[i].op) {
  case SpvOpConstant:
  case SpvOpSpecConstant: {
    if (!spv_leaf_types(m, c->type, lt, x->line) || max < 1) return 0;
    uint64_t v = W(3);
    if (ir_type_bytes(lt[0]) == 8) v |= (uint64_t)W(4) << 32;
    out[0] = spv_kconst(x, lt[0], v);
    return 1;
  }
  case SpvOpConstantSampler: /* the CLK_* word (spv_image.c) */
    if (max < 1) return 0;
    out[0] = spv_kconst(x, SPV_IRT(IR_T_I32), spv_sampler_word(m, i));
    return m->failed ? 0 : 1;
  case SpvOpConstantTrue:
  case SpvOpConstantFalse:
  case SpvOpSpecConstantTrue:
  case SpvOpSpecConstantFalse:
    out[0] = spv_kconst(x, SPV_IRT(IR_T_BOOL),
                        m->ins[i].op == SpvOpConstantTrue || m->ins[i].op == SpvOpSpecConstantTrue);
    return 1;
  case SpvOpConstantNull:
  case SpvOpUndef: {
    ir_type *types = fe_xmalloc(m->oom, SPV_MAX_LEAVES * sizeof(ir_type));
    uint32_t mark = fe_oom_keep(m->oom, &types);
    uint32_t n = types ? spv_leaf_types(m, c->type, types, x->line) : 0;
    if (n > max) n = 0;
    for (uint32_t k = 0; k < n; k++)
      out[k] = m->ins[i].op == SpvOpUndef ? spv_emit_entry(x, IR_UNDEF, types[k], 0, NULL)
                                          : spv_kconst(x, types[k], 0);
    fe_oom_pop(m->oom, mark);
    free(types);
    return n;
  }
  case SpvOpConstantComposite:
  case SpvOpSpecConstantComposite: {
    uint32_t n = 0;
    for (uint32_t k = 3; k < m->ins[i].nw && !m->failed; k++) {
      uint32_t sub = W(k);
      if (sub >= m->bound || (m->ids[sub].kind != SPV_K_CONST && m->ids[sub].kind != SPV_K_UNDEF)) {
        spv_error(m, x->line, "malformed SPIR-V: constituent %%%u is not a constant", sub);
        return 0;
      }
      n += spv_const_leaves(x, sub, out + n, max - n, depth + 1);
    }
    return m->failed ? 0 : n;
  }
  case SpvOpSpecConstantOp: {
    /* left by the specialiser (spv_spec.c evaluates those on numbers,
     * vectors and composite constants): name the operation it computes */
    const char *op = spv_op_name(W(3));
    spv_error(m, x->line,
              "unsupported SPIR-V instruction OpSpecConstantOp %s (%%%u) used in code: only "
              "one on constant numbers, vectors and composites is evaluated, not one on "
              "addresses or undefined values; not implemented yet",
              op ? op : "(unknown opcode)", id);
    return 0;
  }
  default:
    spv_error(m, x->line, "unsupported SPIR-V instruction %s; not implemented yet",
              spv_op_name(m->ins[i].op));
    return 0;
  }
}

static uint32_t spv_gvar(spv_fn *x, uint32_t id) {
  spv_mod *m = x->m;
  const spv_id *g = &m->ids[id];
  uint32_t i = g->ins, sc = W(3);
  spv_type *pt = spv_type_of(m, g->type, x->line);
  spv_type *et = pt ? spv_type_of(m, pt->elem, x->line) : NULL;
  if (!et) return IR_NONE;
  ir_type t = {IR_T_PTR, (uint8_t)spv_space(sc)};
  uint32_t r;
  if (sc == SpvStorageClassWorkgroup) {
    r = spv_emit_entry(x, IR_LOCAL_VAR, t, 0, NULL);
    x->f->insts[r].imm = et->size;
    x->f->insts[r].aux = g->align ? g->align : et->align;
  } else if (sc == SpvStorageClassUniformConstant || sc == SpvStorageClassCrossWorkgroup) {
    /* program-scope __constant or __global data (its segment from t.space) */
    r = spv_emit_entry(x, IR_CONST_VAR, t, 0, NULL);
    x->f->insts[r].aux = g->const_index;
  } else {
    const char *sn = spv_storage_class_name(sc);
    spv_error(m, x->line,
              "unsupported program-scope variable '%s' in storage class %s; not "
              "implemented yet",
              g->name ? g->name : "?", sn ? sn : "?");
    return IR_NONE;
  }
  x->f->insts[r].name = g->name;
  return r;
}

static uint32_t spv_builtin_dims(spv_fn *x, uint32_t mk, uint32_t *out) {
  ir_op op = (ir_op)(mk >> 8 & 0xffff);
  for (uint32_t d = 0; d < 3; d++) {
    out[d] = spv_emit(x, op, SPV_IRT(IR_T_I64), 0, NULL);
    x->f->insts[out[d]].aux = d;
  }
  return 3;
}

uint32_t spv_val(spv_fn *x, uint32_t id, uint32_t *out) {
  spv_mod *m = x->m;
  if (m->failed) return 0;
  if (id >= m->bound) {
    spv_error(m, x->line, "malformed SPIR-V: id %u out of bound", id);
    return 0;
  }
  if (x->vref[id] == IR_NONE) {
    uint32_t n = 0;
    switch (m->ids[id].kind) {
    case SPV_K_CONST:
    case SPV_K_UNDEF:
      n = spv_const_leaves(x, id, out, SPV_MAX_LEAVES, 0);
      if (n) spv_set(x, id, out, n);
      return n;
    case SPV_K_GVAR:
      out[0] = spv_gvar(x, id);
      if (out[0] == IR_NONE) return 0;
      spv_set(x, id, out, 1);
      return 1;
    default:
      if (x->marker[id] && !(x->marker[id] & SPV_MK_PTR)) /* builtin vector used whole */
        return spv_builtin_dims(x, x->marker[id], out);
      if (m->ids[id].kind == SPV_K_GVAR || x->marker[id])
        spv_error(m, x->line, "unsupported use of a builtin variable; not implemented yet");
      else
        spv_error(m, x->line, "malformed SPIR-V: %%%u used before its definition", id);
      return 0;
    }
  }
  memcpy(out, x->refs + x->vref[id], x->nref[id] * sizeof(uint32_t));
  return x->nref[id];
}

/* ---- helpers for common shapes ------------------------------------------- */
ir_type *spv_tbuf(spv_fn *x) {
  return (ir_type *)(void *)x->r;
}

/* Result type leaves of instruction i (word 1), into the type buffer. */
uint32_t spv_rleaves(spv_fn *x, uint32_t i) {
  spv_mod *m = x->m;
  return spv_leaf_types(m, W(1), spv_tbuf(x), x->line);
}
