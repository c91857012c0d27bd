/* Lowers SPIR-V function bodies to IR: values, memory, control flow, builtins,
 * atomics and barriers (conversions: spv_convert.c). Conventions are in
 * spv_reader.h. */
#include <spirv/unified1/OpenCL.std.h>
#include <spirv/unified1/spirv.h>
#include <stdlib.h>
#include <string.h>

#include "spv_internal.h"
#include "spv_tables.h"

#define W(k) spv_word(m, i, (k))
/* marker bits: (ir op << 8) | dim, dim 0xff = the whole vector; bit 24: pointer */
#define MK_VEC 0xffu
#define MK_PTR (1u << 24)

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
  if (sz < 8)
    bits &= (1ull << (sz * 8)) - 1;
  if (t.base == IR_T_BOOL)
    bits = bits ? 1 : 0;
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

ir_type spv_rtype(spv_fn *x, uint32_t ref) { return x->f->insts[ref].type; }

uint32_t spv_op2(spv_fn *x, ir_op op, ir_type t, uint32_t a, uint32_t b) {
  uint32_t o[2] = {a, b};
  return spv_emit(x, op, t, 2, o);
}
uint32_t spv_op1(spv_fn *x, ir_op op, ir_type t, uint32_t a) {
  return spv_emit(x, op, t, 1, &a);
}

void spv_set(spv_fn *x, uint32_t id, const uint32_t *refs, uint32_t n) {
  if (x->nrefs + n > x->crefs) {
    while (x->nrefs + n > x->crefs)
      x->crefs = x->crefs ? x->crefs * 2 : 1024;
    x->refs = fe_xrealloc(x->m->oom, x->refs, x->crefs * sizeof(uint32_t));
  }
  memcpy(x->refs + x->nrefs, refs, n * sizeof(uint32_t));
  x->vref[id] = x->nrefs;
  x->nref[id] = n;
  x->nrefs += n;
  if (n == 1 && refs[0] < x->f->ninsts) { /* debug name, unless shared or already named */
    ir_inst *in = &x->f->insts[refs[0]];
    if (!in->name && in->op != IR_CONST && in->op != IR_UNDEF)
      in->name = x->m->ids[id].name;
  }
}

uint32_t spv_leaf_types(spv_mod *m, uint32_t tid, ir_type *out, uint32_t line) {
  spv_type *t = spv_type_of(m, tid, line);
  if (!t)
    return 0;
  if (t->tk == SPV_T_VEC || t->tk == SPV_T_ARRAY || t->tk == SPV_T_STRUCT) {
    if (!t->leaves) {
      spv_error(m, line, "unsupported aggregate value (more than %d scalars or opaque members)",
                SPV_MAX_LEAVES);
      return 0;
    }
    for (uint32_t k = 0; k < t->nleaves; k++)
      out[k] = t->leaves[k].type;
    return t->nleaves;
  }
  if (t->tk == SPV_T_VOID)
    return 0;
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
    if (!spv_leaf_types(m, c->type, lt, x->line) || max < 1)
      return 0;
    uint64_t v = W(3);
    if (ir_type_bytes(lt[0]) == 8)
      v |= (uint64_t)W(4) << 32;
    out[0] = spv_kconst(x, lt[0], v);
    return 1;
  }
  case SpvOpConstantTrue: case SpvOpConstantFalse:
  case SpvOpSpecConstantTrue: case SpvOpSpecConstantFalse:
    out[0] = spv_kconst(x, SPV_IRT(IR_T_BOOL),
                        m->ins[i].op == SpvOpConstantTrue || m->ins[i].op == SpvOpSpecConstantTrue);
    return 1;
  case SpvOpConstantNull:
  case SpvOpUndef: {
    ir_type *types = fe_xmalloc(m->oom, SPV_MAX_LEAVES * sizeof(ir_type));
    uint32_t mark = fe_oom_keep(m->oom, &types);
    uint32_t n = types ? spv_leaf_types(m, c->type, types, x->line) : 0;
    if (n > max)
      n = 0;
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
  if (!et)
    return IR_NONE;
  ir_type t = {IR_T_PTR, (uint8_t)spv_space(sc)};
  uint32_t r;
  if (sc == SpvStorageClassWorkgroup) {
    r = spv_emit_entry(x, IR_LOCAL_VAR, t, 0, NULL);
    x->f->insts[r].imm = et->size;
    x->f->insts[r].aux = g->align ? g->align : et->align;
  } else if (sc == SpvStorageClassUniformConstant) {
    r = spv_emit_entry(x, IR_CONST_VAR, t, 0, NULL);
    x->f->insts[r].aux = g->const_index;
  } else {
    const char *sn = spv_storage_class_name(sc);
    spv_error(m, x->line, "unsupported program-scope variable '%s' in storage class %s; not "
              "implemented yet", g->name ? g->name : "?", sn ? sn : "?");
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
  if (m->failed)
    return 0;
  if (id >= m->bound) {
    spv_error(m, x->line, "malformed SPIR-V: id %u out of bound", id);
    return 0;
  }
  if (x->vref[id] == IR_NONE) {
    uint32_t n = 0;
    switch (m->ids[id].kind) {
    case SPV_K_CONST: case SPV_K_UNDEF:
      n = spv_const_leaves(x, id, out, SPV_MAX_LEAVES, 0);
      if (n)
        spv_set(x, id, out, n);
      return n;
    case SPV_K_GVAR:
      out[0] = spv_gvar(x, id);
      if (out[0] == IR_NONE)
        return 0;
      spv_set(x, id, out, 1);
      return 1;
    default:
      if (x->marker[id] && !(x->marker[id] & MK_PTR)) /* builtin vector used whole */
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
ir_type *spv_tbuf(spv_fn *x) { return (ir_type *)(void *)x->r; }

static void spv_unsupported(spv_fn *x, uint32_t i, const char *hint) {
  spv_mod *m = x->m;
  const char *n = spv_op_name(m->ins[i].op);
  spv_error(m, x->line, "unsupported SPIR-V instruction %s%s%s%s; not implemented yet",
            n ? n : "(unknown opcode)", hint ? " (" : "", hint ? hint : "", hint ? ")" : "");
}

static const char *spv_hint(uint16_t op) {
  switch (op) {
  case SpvOpSampledImage: case SpvOpImageSampleExplicitLod: return "read_image with a sampler";
  case SpvOpImageRead: return "read_image";
  case SpvOpImageWrite: return "write_image";
  case SpvOpImageQuerySize: case SpvOpImageQuerySizeLod: return "get_image_*";
  case SpvOpGroupAll: case SpvOpGroupAny: case SpvOpGroupBroadcast: case SpvOpGroupIAdd:
  case SpvOpGroupFAdd: case SpvOpGroupUMin: case SpvOpGroupSMin: case SpvOpGroupFMin:
  case SpvOpGroupUMax: case SpvOpGroupSMax: case SpvOpGroupFMax:
    return "work_group_* collective";
  case SpvOpEnqueueKernel: return "enqueue_kernel";
  default: return NULL;
  }
}

/* Result type leaves of instruction i (word 1), into the type buffer. */
uint32_t spv_rleaves(spv_fn *x, uint32_t i) {
  spv_mod *m = x->m;
  return spv_leaf_types(m, W(1), spv_tbuf(x), x->line);
}

static void spv_binop(spv_fn *x, uint32_t i, ir_op op) {
  spv_mod *m = x->m;
  ir_type *t = spv_tbuf(x);
  uint32_t n = spv_rleaves(x, i);
  uint32_t na = spv_val(x, W(3), x->a), nb = spv_val(x, W(4), x->b);
  if (m->failed)
    return;
  if (na != n || nb != n) {
    spv_error(m, x->line, "malformed SPIR-V: operand shapes differ in %s", spv_op_name(m->ins[i].op));
    return;
  }
  uint8_t wrap = (op == IR_ADD || op == IR_SUB || op == IR_MUL) ? m->ids[W(2)].wrap : 0;
  for (uint32_t k = 0; k < n; k++) {
    x->c[k] = spv_op2(x, op, t[k], x->a[k], x->b[k]);
    x->f->insts[x->c[k]].aux = wrap;
  }
  spv_set(x, W(2), x->c, n);
}

static void spv_unop(spv_fn *x, uint32_t i, ir_op op) {
  spv_mod *m = x->m;
  ir_type *t = spv_tbuf(x);
  uint32_t n = spv_rleaves(x, i);
  uint32_t na = spv_val(x, W(3), x->a);
  if (m->failed)
    return;
  if (na != n) {
    spv_error(m, x->line, "malformed SPIR-V: operand shape differs in %s", spv_op_name(m->ins[i].op));
    return;
  }
  for (uint32_t k = 0; k < n; k++) {
    if (op == IR_SUB) /* OpSNegate: 0 - a */
      x->c[k] = spv_op2(x, IR_SUB, t[k], spv_kconst(x, t[k], 0), x->a[k]);
    else
      x->c[k] = spv_op1(x, op, t[k], x->a[k]);
  }
  spv_set(x, W(2), x->c, n);
}

/* Shifts: the count is converted to the value's width and masked to it. */
static void spv_shift(spv_fn *x, uint32_t i, ir_op op) {
  spv_mod *m = x->m;
  ir_type *t = spv_tbuf(x);
  uint32_t n = spv_rleaves(x, i);
  uint32_t na = spv_val(x, W(3), x->a), nb = spv_val(x, W(4), x->b);
  if (m->failed || na != n || nb != n) {
    spv_error(m, x->line, "malformed SPIR-V: operand shapes differ in a shift");
    return;
  }
  for (uint32_t k = 0; k < n; k++) {
    unsigned bits = ir_type_bytes(t[k]) * 8, cb = ir_type_bytes(spv_rtype(x, x->b[k])) * 8;
    uint32_t cnt = x->b[k];
    const ir_inst *ci = &x->f->insts[cnt];
    if (ci->op == IR_CONST) {
      cnt = spv_kconst(x, t[k], ci->imm & (bits - 1));
    } else {
      if (cb < bits)
        cnt = spv_op1(x, IR_ZEXT, t[k], cnt);
      else if (cb > bits)
        cnt = spv_op1(x, IR_TRUNC, t[k], cnt);
      cnt = spv_op2(x, IR_AND, t[k], cnt, spv_kconst(x, t[k], bits - 1));
    }
    x->c[k] = spv_op2(x, op, t[k], x->a[k], cnt);
    if (op == IR_SHL) x->f->insts[x->c[k]].aux = m->ids[W(2)].wrap;
  }
  spv_set(x, W(2), x->c, n);
}

static void spv_cmp(spv_fn *x, uint32_t i, ir_op op, ir_pred p) {
  spv_mod *m = x->m;
  uint32_t na = spv_val(x, W(3), x->a), nb = spv_val(x, W(4), x->b);
  if (m->failed || na != nb) {
    spv_error(m, x->line, "malformed SPIR-V: operand shapes differ in a comparison");
    return;
  }
  for (uint32_t k = 0; k < na; k++) {
    x->c[k] = spv_op2(x, op, SPV_IRT(IR_T_BOOL), x->a[k], x->b[k]);
    x->f->insts[x->c[k]].aux = p;
  }
  spv_set(x, W(2), x->c, na);
}

/* Integer width change: zext/sext when wider, trunc when narrower. */
/* ---- composites ------------------------------------------------------------ */
/* Leaf range selected by literal indices into type tid. */
static int spv_leaf_range(spv_fn *x, uint32_t tid, uint32_t i, uint32_t k0, uint32_t *start,
                          uint32_t *count) {
  spv_mod *m = x->m;
  *start = 0;
  for (uint32_t k = k0; k < m->ins[i].nw; k++) {
    spv_type *t = spv_type_of(m, tid, x->line);
    if (!t)
      return -1;
    uint32_t idx = W(k);
    if (t->tk == SPV_T_STRUCT) {
      if (idx >= t->count)
        goto bad;
      for (uint32_t j = 0; j < idx; j++) {
        spv_type *mt = spv_type_of(m, t->members[j], x->line);
        *start += mt && mt->leaves ? mt->nleaves : 1;
      }
      tid = t->members[idx];
    } else if (t->tk == SPV_T_VEC || t->tk == SPV_T_ARRAY) {
      if (idx >= t->count)
        goto bad;
      spv_type *et = spv_type_of(m, t->elem, x->line);
      *start += idx * (et && et->leaves ? et->nleaves : 1);
      tid = t->elem;
    } else {
      goto bad;
    }
  }
  spv_type *t = spv_type_of(m, tid, x->line);
  *count = t && t->leaves ? t->nleaves : 1;
  return 0;
bad:
  spv_error(m, x->line, "malformed SPIR-V: composite index out of range");
  return -1;
}

/* ---- memory ------------------------------------------------------------------ */
static uint32_t spv_mem_align(spv_mod *m, uint32_t i, uint32_t k, uint32_t dflt) {
  if (k < m->ins[i].nw && (W(k) & SpvMemoryAccessAlignedMask) && k + 1 < m->ins[i].nw)
    return W(k + 1);
  return dflt;
}

static uint32_t spv_ptradd(spv_fn *x, uint32_t base, uint32_t off_ref) {
  return spv_op2(x, IR_PTRADD, spv_rtype(x, base), base, off_ref);
}

static uint32_t spv_leaf_ptr(spv_fn *x, uint32_t base, uint32_t off) {
  return off ? spv_ptradd(x, base, spv_kconst(x, SPV_IRT(IR_T_I64), off)) : base;
}

static uint32_t spv_align_at(uint32_t align, uint32_t off) {
  uint32_t low = off & (~off + 1);
  return off && low < align ? low : align;
}

/* Loads or stores every leaf of a value of type tid at pointer ptr. */
uint32_t spv_mem_leaves(spv_fn *x, uint32_t tid, uint32_t ptr, uint32_t align,
                               uint32_t *vals, int store) {
  spv_mod *m = x->m;
  spv_type *t = spv_type_of(m, tid, x->line);
  if (!t)
    return 0;
  ir_type *types = spv_tbuf(x);
  uint32_t n = spv_leaf_types(m, tid, types, x->line);
  for (uint32_t k = 0; k < n; k++) {
    uint32_t off = t->leaves ? t->leaves[k].off : 0;
    uint32_t p = spv_leaf_ptr(x, ptr, off), a = spv_align_at(align, off);
    uint32_t r;
    if (store) {
      uint32_t o[2] = {p, vals[k]};
      r = spv_emit(x, IR_STORE, SPV_IRT(IR_T_VOID), 2, o);
    } else {
      r = vals[k] = spv_op1(x, IR_LOAD, types[k], p);
    }
    x->f->insts[r].aux = a;
  }
  return n;
}

static uint32_t spv_pointee(spv_fn *x, uint32_t ptr_id) {
  spv_mod *m = x->m;
  if (ptr_id >= m->bound)
    return 0;
  spv_type *pt = spv_type_of(m, m->ids[ptr_id].type, x->line);
  if (!pt || pt->tk != SPV_T_PTR) {
    spv_error(m, x->line, "malformed SPIR-V: %%%u is not a pointer", ptr_id);
    return 0;
  }
  return pt->elem;
}

static const struct { uint32_t bi; ir_op op; } spv_builtins[] = {
  {SpvBuiltInGlobalInvocationId, IR_GLOBAL_ID}, {SpvBuiltInLocalInvocationId, IR_LOCAL_ID},
  {SpvBuiltInWorkgroupId, IR_GROUP_ID}, {SpvBuiltInGlobalSize, IR_GLOBAL_SIZE},
  {SpvBuiltInWorkgroupSize, IR_LOCAL_SIZE}, {SpvBuiltInEnqueuedWorkgroupSize, IR_LOCAL_SIZE},
  {SpvBuiltInNumWorkgroups, IR_NUM_GROUPS}, {SpvBuiltInGlobalOffset, IR_GLOBAL_OFFSET},
  {SpvBuiltInWorkDim, IR_WORK_DIM},
};

/* A builtin Input variable: its marker, or 0 with an error naming it. */
static uint32_t spv_builtin_marker(spv_fn *x, uint32_t var) {
  spv_mod *m = x->m;
  int32_t bi = m->ids[var].builtin;
  for (size_t k = 0; k < sizeof spv_builtins / sizeof spv_builtins[0]; k++)
    if ((int32_t)spv_builtins[k].bi == bi)
      return (uint32_t)spv_builtins[k].op << 8 | MK_VEC;
  const char *n = bi >= 0 ? spv_built_in_name((uint32_t)bi) : NULL;
  spv_error(m, x->line, "unsupported SPIR-V builtin %s; not implemented yet",
            n ? n : "(none: an Input variable without BuiltIn)");
  return 0;
}

static int spv_is_builtin_var(spv_fn *x, uint32_t id) {
  spv_mod *m = x->m;
  return id < m->bound && m->ids[id].kind == SPV_K_GVAR &&
         spv_word(m, m->ids[id].ins, 3) == SpvStorageClassInput;
}

static void spv_load(spv_fn *x, uint32_t i) {
  spv_mod *m = x->m;
  uint32_t rt = W(1), rid = W(2), ptr = W(3);
  if (spv_is_builtin_var(x, ptr) || (ptr < m->bound && (x->marker[ptr] & MK_PTR))) {
    uint32_t mk = spv_is_builtin_var(x, ptr) ? spv_builtin_marker(x, ptr) : x->marker[ptr] & ~MK_PTR;
    if (!mk)
      return;
    ir_op op = (ir_op)(mk >> 8 & 0xffff);
    spv_type *t = spv_type_of(m, rt, x->line);
    if (t && t->tk != SPV_T_VEC) { /* scalar builtin (WorkDim) or one component */
      uint32_t r = spv_emit(x, op, op == IR_WORK_DIM ? SPV_IRT(IR_T_I32) : SPV_IRT(IR_T_I64), 0,
                            NULL);
      x->f->insts[r].aux = (mk & 0xff) == MK_VEC ? 0 : mk & 0xff;
      if (op == IR_WORK_DIM || spv_ir_type(m, rt, x->line).base == IR_T_I64)
        spv_set(x, rid, &r, 1);
      else
        r = spv_resize(x, r, spv_ir_type(m, rt, x->line), 0), spv_set(x, rid, &r, 1);
      return;
    }
    x->marker[rid] = mk;
    return;
  }
  uint32_t n = spv_val(x, ptr, x->a);
  if (m->failed || n != 1)
    return;
  spv_type *t = spv_type_of(m, rt, x->line);
  if (!t)
    return;
  uint32_t align = spv_mem_align(m, i, 4, t->align);
  n = spv_mem_leaves(x, rt, x->a[0], align, x->c, 0);
  if (!m->failed)
    spv_set(x, rid, x->c, n);
}

static void spv_store(spv_fn *x, uint32_t ptr, uint32_t val, uint32_t align) {
  spv_mod *m = x->m;
  uint32_t np = spv_val(x, ptr, x->a);
  uint32_t tid = val < m->bound ? m->ids[val].type : 0;
  if (m->failed || np != 1)
    return;
  spv_val(x, val, x->b);
  spv_type *t = spv_type_of(m, tid, x->line);
  if (!m->failed && t)
    spv_mem_leaves(x, tid, x->a[0], align ? align : t->align, x->b, 1);
}

/* Copies `size` bytes in the widest chunks the alignment allows. */
void spv_copy_bytes(spv_fn *x, uint32_t dst, uint32_t src, uint64_t size, uint32_t align) {
  static const ir_base by[9] = {0, IR_T_I8, IR_T_I16, 0, IR_T_I32, 0, 0, 0, IR_T_I64};
  uint32_t chunk = 8;
  while (chunk > 1 && (align % chunk || size < chunk))
    chunk /= 2;
  for (uint64_t off = 0; off < size;) {
    while (chunk > 1 && off + chunk > size)
      chunk /= 2;
    uint32_t s = spv_leaf_ptr(x, src, (uint32_t)off), d = spv_leaf_ptr(x, dst, (uint32_t)off);
    uint32_t v = spv_op1(x, IR_LOAD, SPV_IRT(by[chunk]), s);
    x->f->insts[v].aux = chunk;
    uint32_t o[2] = {d, v};
    uint32_t st = spv_emit(x, IR_STORE, SPV_IRT(IR_T_VOID), 2, o);
    x->f->insts[st].aux = chunk;
    off += chunk;
  }
}

/* Adds sext(index) * size to the running constant or dynamic byte offset. */
static void spv_add_index(spv_fn *x, uint32_t idx_id, uint64_t size, int64_t *kacc, uint32_t *dyn) {
  spv_mod *m = x->m;
  const spv_id *c = &m->ids[idx_id];
  ir_type i64 = SPV_IRT(IR_T_I64);
  if (c->kind == SPV_K_CONST && m->ins[c->ins].op == SpvOpConstant) {
    spv_type *t = spv_type_of(m, c->type, x->line);
    int64_t v = (int64_t)spv_word(m, c->ins, 3);
    if (t && t->width == 64)
      v = (int64_t)((uint64_t)(uint32_t)v | (uint64_t)spv_word(m, c->ins, 4) << 32);
    else if (t && t->width > 0 && t->width < 64)
      v = (int64_t)((uint64_t)v << (64 - t->width)) >> (64 - t->width);
    /* wrap like the 64-bit address arithmetic it models: a huge constant
     * index must not be signed-overflow UB in the compiler */
    *kacc = (int64_t)((uint64_t)*kacc + (uint64_t)v * size);
    return;
  }
  if (spv_val(x, idx_id, x->b) != 1)
    return;
  uint32_t v = spv_resize(x, x->b[0], i64, 1);
  if (size != 1)
    v = spv_op2(x, IR_MUL, i64, v, spv_kconst(x, i64, size));
  *dyn = *dyn == IR_NONE ? v : spv_op2(x, IR_ADD, i64, *dyn, v);
}

static void spv_access_chain(spv_fn *x, uint32_t i, int has_element) {
  spv_mod *m = x->m;
  uint32_t rid = W(2), base = W(3), k = 4;
  if (spv_is_builtin_var(x, base)) { /* &GlobalInvocationId[d] */
    uint32_t mk = spv_builtin_marker(x, base);
    const spv_id *c = m->ins[i].nw > 4 ? &m->ids[W(4) < m->bound ? W(4) : 0] : NULL;
    if (!mk || !c || c->kind != SPV_K_CONST || m->ins[i].nw != 5) {
      if (mk)
        spv_error(m, x->line, "unsupported dynamic index into a builtin variable");
      return;
    }
    x->marker[rid] = (mk & ~0xffu) | (spv_word(m, c->ins, 3) & 3) | MK_PTR;
    return;
  }
  uint32_t tid = spv_pointee(x, base);
  if (spv_val(x, base, x->a) != 1 || !tid)
    return;
  uint32_t ptr = x->a[0], dyn = IR_NONE;
  int64_t kacc = 0;
  if (has_element) {
    spv_type *t = spv_type_of(m, tid, x->line);
    if (!t)
      return;
    spv_add_index(x, W(4), t->size, &kacc, &dyn);
    k = 5;
  }
  for (; k < m->ins[i].nw && !m->failed; k++) {
    spv_type *t = spv_type_of(m, tid, x->line);
    if (!t)
      return;
    if (t->tk == SPV_T_STRUCT) {
      const spv_id *c = &m->ids[W(k) < m->bound ? W(k) : 0];
      uint32_t idx = c->kind == SPV_K_CONST ? spv_word(m, c->ins, 3) : UINT32_MAX;
      if (idx >= t->count) {
        spv_error(m, x->line, "malformed SPIR-V: struct member index out of range");
        return;
      }
      kacc = (int64_t)((uint64_t)kacc + t->moff[idx]);
      tid = t->members[idx];
    } else if (t->tk == SPV_T_ARRAY || t->tk == SPV_T_VEC) {
      spv_type *et = spv_type_of(m, t->elem, x->line);
      if (!et)
        return;
      spv_add_index(x, W(k), et->size, &kacc, &dyn);
      tid = t->elem;
    } else {
      spv_error(m, x->line, "malformed SPIR-V: access chain indexes a scalar");
      return;
    }
  }
  if (m->failed)
    return;
  ir_type i64 = SPV_IRT(IR_T_I64);
  uint32_t off = dyn;
  if (kacc)
    off = dyn == IR_NONE ? spv_kconst(x, i64, (uint64_t)kacc)
                         : spv_op2(x, IR_ADD, i64, dyn, spv_kconst(x, i64, (uint64_t)kacc));
  uint32_t r = off == IR_NONE ? ptr : spv_ptradd(x, ptr, off);
  spv_set(x, rid, &r, 1);
}

/* ---- atomics and barriers ------------------------------------------------- */
static uint32_t spv_const_u32(spv_fn *x, uint32_t id) {
  spv_mod *m = x->m;
  if (id < m->bound && m->ids[id].kind == SPV_K_CONST && m->ins[m->ids[id].ins].op == SpvOpConstant)
    return spv_word(m, m->ids[id].ins, 3);
  spv_error(m, x->line, "unsupported non-constant memory semantics or scope");
  return 0;
}

static uint32_t spv_fence_flags(uint32_t sem) {
  return (sem & SpvMemorySemanticsWorkgroupMemoryMask ? 1u : 0) |
         (sem & SpvMemorySemanticsCrossWorkgroupMemoryMask ? 2u : 0) |
         (sem & SpvMemorySemanticsImageMemoryMask ? 4u : 0);
}

static void spv_atomic(spv_fn *x, uint32_t i, ir_atomic kind) {
  spv_mod *m = x->m;
  uint16_t op = m->ins[i].op;
  uint32_t rt = W(1), rid = W(2);
  if (spv_val(x, W(3), x->a) != 1)
    return;
  ir_type t = spv_ir_type(m, rt, x->line);
  uint32_t o[3] = {x->a[0], 0, 0}, n = 2;
  if (op == SpvOpAtomicIIncrement || op == SpvOpAtomicIDecrement) {
    o[1] = spv_kconst(x, t, 1);
  } else if (op == SpvOpAtomicCompareExchange) {
    if (spv_val(x, W(7), x->b) != 1 || spv_val(x, W(8), x->c) != 1)
      return;
    o[1] = x->b[0], o[2] = x->c[0], n = 3;
  } else {
    if (spv_val(x, W(6), x->b) != 1)
      return;
    o[1] = x->b[0];
  }
  uint32_t r = spv_emit(x, IR_ATOMIC, t, n, o);
  x->f->insts[r].aux = kind;
  spv_set(x, rid, &r, 1);
}

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
  if (b == IR_NONE)
    return;
  spv_emit(x, IR_BR, SPV_IRT(IR_T_VOID), 0, NULL);
  x->f->blocks[x->block].succ[0] = b;
  x->f->blocks[x->block].nsucc = 1;
  spv_add_edge(x, label);
}

/* Conditional branch; to_label_f may be IR_NONE with an IR block in ir_f (switch chains). */
static void spv_cbr(spv_fn *x, uint32_t cond, uint32_t lt, uint32_t lf, uint32_t ir_f) {
  uint32_t bt = spv_block_of(x, lt);
  uint32_t bf = lf != IR_NONE ? spv_block_of(x, lf) : ir_f;
  if (bt == IR_NONE || bf == IR_NONE)
    return;
  if (bt == bf) {
    spv_br(x, lt);
    return;
  }
  spv_emit(x, IR_CBR, SPV_IRT(IR_T_VOID), 1, &cond);
  ir_block *b = &x->f->blocks[x->block];
  b->succ[0] = bt, b->succ[1] = bf, b->nsucc = 2;
  spv_add_edge(x, lt);
  if (lf != IR_NONE)
    spv_add_edge(x, lf);
}

/* OpSwitch: a chain of compare-and-branch blocks, in case order. */
static void spv_switch(spv_fn *x, uint32_t i) {
  spv_mod *m = x->m;
  if (spv_val(x, W(1), x->a) != 1)
    return;
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
    if (lw == 2)
      v |= (uint64_t)W(k + 1) << 32;
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
  if (ncase == 0)
    spv_br(x, dflt);
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
        if (x->edges[e].to_label != phis[p].label || x->edges[e].from_label != from)
          continue;
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

/* ---- the instruction loop -------------------------------------------------- */
static void spv_ret_value(spv_fn *x, uint32_t i) {
  spv_mod *m = x->m;
  uint32_t n = spv_val(x, W(1), x->a);
  if (m->failed)
    return;
  if (x->sret != IR_NONE) {
    uint32_t tid = m->ids[W(1)].type;
    spv_type *t = spv_type_of(m, tid, x->line);
    if (t)
      spv_mem_leaves(x, tid, x->sret, t->align, x->a, 1);
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
  if (!has_body) {
    const char *n = m->ids[callee].name;
    spv_error(m, x->line, "call to undefined function '%s' (an OpenCL builtin we do not "
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

/* One SPIR-V instruction of a function body. */
void spv_inst(spv_fn *x, uint32_t i, spv_phi **phis, uint32_t *nphis) {
  spv_mod *m = x->m;
  uint16_t op = m->ins[i].op;
  switch (op) {
  case SpvOpLine: x->line = W(2); return;
  case SpvOpNoLine: x->line = 0; return;
  case SpvOpLabel:
    x->label = W(1);
    x->block = spv_block_of(x, x->label);
    x->line = 0;
    return;
  case SpvOpNop: case SpvOpLifetimeStart: case SpvOpLifetimeStop: case SpvOpSelectionMerge:
  case SpvOpLoopMerge: case SpvOpName: case SpvOpDecorate:
    return;
  case SpvOpUndef: {
    ir_type *t = spv_tbuf(x);
    uint32_t n = spv_rleaves(x, i);
    for (uint32_t k = 0; k < n; k++)
      x->c[k] = spv_emit_entry(x, IR_UNDEF, t[k], 0, NULL);
    spv_set(x, W(2), x->c, n);
    return;
  }
  case SpvOpExtInst: {
    uint32_t set = W(3);
    if (set < m->bound && m->ids[set].ext == 2)
      return; /* OpenCL.DebugInfo.100: line info comes from OpLine */
    if (set < m->bound && m->ids[set].ext == 1) {
      if (W(4) == OpenCLstd_Prefetch) /* prefetch is only a cache hint: nothing */
        return;
      spv_lower_clstd(x, i);
      return;
    }
    spv_error(m, x->line, "unsupported extended instruction set '%s'; not implemented yet",
              set < m->bound && m->ids[set].str ? m->ids[set].str : "?");
    return;
  }
  case SpvOpVariable: {
    spv_type *pt = spv_type_of(m, W(1), x->line);
    spv_type *et = pt ? spv_type_of(m, pt->elem, x->line) : NULL;
    if (!et)
      return;
    uint32_t r = spv_emit_entry(x, IR_ALLOCA, (ir_type){IR_T_PTR, IR_AS_PRIVATE}, 0, NULL);
    x->f->insts[r].imm = et->size;
    x->f->insts[r].aux = m->ids[W(2)].align ? m->ids[W(2)].align : et->align;
    x->f->insts[r].name = m->ids[W(2)].name;
    spv_set(x, W(2), &r, 1);
    if (m->ins[i].nw > 4)
      spv_store(x, W(2), W(4), 0);
    return;
  }
  case SpvOpLoad: spv_load(x, i); return;
  case SpvOpStore: {
    spv_type *t = W(2) < m->bound ? spv_type_of(m, m->ids[W(2)].type, x->line) : NULL;
    if (t)
      spv_store(x, W(1), W(2), spv_mem_align(m, i, 3, t->align));
    return;
  }
  case SpvOpCopyMemory:
  case SpvOpCopyMemorySized: {
    uint32_t nd = spv_val(x, W(1), x->a), ns = spv_val(x, W(2), x->b);
    if (m->failed || nd != 1 || ns != 1)
      return;
    uint64_t size;
    uint32_t k = 3;
    if (op == SpvOpCopyMemorySized) {
      const spv_id *c = &m->ids[W(3) < m->bound ? W(3) : 0];
      if (c->kind != SPV_K_CONST || m->ins[c->ins].op != SpvOpConstant) {
        spv_error(m, x->line, "unsupported memcpy of a run-time size; not implemented yet");
        return;
      }
      size = spv_word(m, c->ins, 3);
      k = 4;
    } else {
      spv_type *t = spv_type_of(m, spv_pointee(x, W(1)), x->line);
      size = t ? t->size : 0;
    }
    if (size > (1u << 20)) {
      spv_error(m, x->line, "unsupported memory copy of %llu bytes", (unsigned long long)size);
      return;
    }
    spv_copy_bytes(x, x->a[0], x->b[0], size, spv_mem_align(m, i, k, 1));
    return;
  }
  case SpvOpAccessChain: case SpvOpInBoundsAccessChain: spv_access_chain(x, i, 0); return;
  case SpvOpPtrAccessChain: case SpvOpInBoundsPtrAccessChain: spv_access_chain(x, i, 1); return;

  case SpvOpIAdd: spv_binop(x, i, IR_ADD); return;
  case SpvOpISub: spv_binop(x, i, IR_SUB); return;
  case SpvOpIMul: spv_binop(x, i, IR_MUL); return;
  case SpvOpSDiv: spv_binop(x, i, IR_SDIV); return;
  case SpvOpUDiv: spv_binop(x, i, IR_UDIV); return;
  case SpvOpSRem: spv_binop(x, i, IR_SREM); return;
  case SpvOpUMod: spv_binop(x, i, IR_UREM); return;
  case SpvOpBitwiseAnd: case SpvOpLogicalAnd: spv_binop(x, i, IR_AND); return;
  case SpvOpBitwiseOr: case SpvOpLogicalOr: spv_binop(x, i, IR_OR); return;
  case SpvOpBitwiseXor: case SpvOpLogicalNotEqual: spv_binop(x, i, IR_XOR); return;
  case SpvOpFAdd: spv_binop(x, i, IR_FADD); return;
  case SpvOpFSub: spv_binop(x, i, IR_FSUB); return;
  case SpvOpFMul: spv_binop(x, i, IR_FMUL); return;
  case SpvOpFDiv: spv_binop(x, i, IR_FDIV); return;
  case SpvOpFRem: spv_binop(x, i, IR_FREM); return;
  case SpvOpNot: case SpvOpLogicalNot: spv_unop(x, i, IR_NOT); return;
  case SpvOpSNegate: spv_unop(x, i, IR_SUB); return;
  case SpvOpBitCount: { /* popcount(); the result width may differ from the operand's */
    ir_type *t = spv_tbuf(x);
    uint32_t n = spv_rleaves(x, i), na = spv_val(x, W(3), x->a);
    if (m->failed || n != na) {
      spv_error(m, x->line, "malformed SPIR-V: OpBitCount operand shape");
      return;
    }
    for (uint32_t k = 0; k < n; k++) {
      uint32_t v = spv_xbitcnt(x, IR_M_POPCOUNT, spv_rtype(x, x->a[k]), x->a[k]);
      x->c[k] = spv_resize(x, v, t[k], 0);
    }
    spv_set(x, W(2), x->c, n);
    return;
  }
  case SpvOpFNegate: spv_unop(x, i, IR_FNEG); return;
  case SpvOpShiftLeftLogical: spv_shift(x, i, IR_SHL); return;
  case SpvOpShiftRightLogical: spv_shift(x, i, IR_LSHR); return;
  case SpvOpShiftRightArithmetic: spv_shift(x, i, IR_ASHR); return;
  case SpvOpIEqual: case SpvOpLogicalEqual: spv_cmp(x, i, IR_ICMP, IR_P_EQ); return;
  case SpvOpINotEqual: spv_cmp(x, i, IR_ICMP, IR_P_NE); return;
  case SpvOpSLessThan: spv_cmp(x, i, IR_ICMP, IR_P_SLT); return;
  case SpvOpSLessThanEqual: spv_cmp(x, i, IR_ICMP, IR_P_SLE); return;
  case SpvOpSGreaterThan: spv_cmp(x, i, IR_ICMP, IR_P_SGT); return;
  case SpvOpSGreaterThanEqual: spv_cmp(x, i, IR_ICMP, IR_P_SGE); return;
  case SpvOpULessThan: spv_cmp(x, i, IR_ICMP, IR_P_ULT); return;
  case SpvOpULessThanEqual: spv_cmp(x, i, IR_ICMP, IR_P_ULE); return;
  case SpvOpUGreaterThan: spv_cmp(x, i, IR_ICMP, IR_P_UGT); return;
  case SpvOpUGreaterThanEqual: spv_cmp(x, i, IR_ICMP, IR_P_UGE); return;
  case SpvOpFOrdEqual: spv_cmp(x, i, IR_FCMP, IR_P_OEQ); return;
  case SpvOpFOrdNotEqual: spv_cmp(x, i, IR_FCMP, IR_P_ONE); return;
  case SpvOpFOrdLessThan: spv_cmp(x, i, IR_FCMP, IR_P_OLT); return;
  case SpvOpFOrdLessThanEqual: spv_cmp(x, i, IR_FCMP, IR_P_OLE); return;
  case SpvOpFOrdGreaterThan: spv_cmp(x, i, IR_FCMP, IR_P_OGT); return;
  case SpvOpFOrdGreaterThanEqual: spv_cmp(x, i, IR_FCMP, IR_P_OGE); return;
  case SpvOpFUnordEqual: spv_cmp(x, i, IR_FCMP, IR_P_UEQ); return;
  case SpvOpFUnordNotEqual: spv_cmp(x, i, IR_FCMP, IR_P_UNE); return;
  case SpvOpFUnordLessThan: spv_cmp(x, i, IR_FCMP, IR_P_ULT_F); return;
  case SpvOpFUnordLessThanEqual: spv_cmp(x, i, IR_FCMP, IR_P_ULE_F); return;
  case SpvOpFUnordGreaterThan: spv_cmp(x, i, IR_FCMP, IR_P_UGT_F); return;
  case SpvOpFUnordGreaterThanEqual: spv_cmp(x, i, IR_FCMP, IR_P_UGE_F); return;
  case SpvOpOrdered: spv_cmp(x, i, IR_FCMP, IR_P_ORD); return;
  case SpvOpUnordered: spv_cmp(x, i, IR_FCMP, IR_P_UNO); return;
  case SpvOpLessOrGreater: spv_cmp(x, i, IR_FCMP, IR_P_ONE); return;
  case SpvOpIsNan: case SpvOpIsInf: case SpvOpIsFinite: case SpvOpIsNormal: case SpvOpSignBitSet: {
    uint32_t n = spv_val(x, W(3), x->a);
    for (uint32_t k = 0; k < n; k++) {
      uint32_t v = x->a[k], r;
      ir_type ft = spv_rtype(x, v);
      int f64 = ft.base == IR_T_F64;
      if (op == SpvOpSignBitSet) { /* the sign bit, also for -0.0 and NaNs */
        ir_type it = SPV_IRT(f64 ? IR_T_I64 : IR_T_I32);
        r = spv_op2(x, IR_ICMP, SPV_IRT(IR_T_BOOL), spv_op1(x, IR_BITCAST, it, v), spv_kconst(x, it, 0));
        x->f->insts[r].aux = IR_P_SLT;
      } else if (op == SpvOpIsNormal) { /* FLT_MIN <= |x| < inf */
        uint32_t ab = spv_op1(x, IR_MATH, ft, v);
        x->f->insts[ab].aux = IR_M_FABS;
        uint32_t lo = spv_op2(x, IR_FCMP, SPV_IRT(IR_T_BOOL), ab,
                              spv_kconst(x, ft, f64 ? 0x0010000000000000ull : 0x00800000u));
        x->f->insts[lo].aux = IR_P_OGE;
        uint32_t hi = spv_op2(x, IR_FCMP, SPV_IRT(IR_T_BOOL), ab,
                              spv_kconst(x, ft, f64 ? 0x7ff0000000000000ull : 0x7f800000u));
        x->f->insts[hi].aux = IR_P_OLT;
        r = spv_op2(x, IR_AND, SPV_IRT(IR_T_BOOL), lo, hi);
      } else if (op == SpvOpIsNan) {
        r = spv_op2(x, IR_FCMP, SPV_IRT(IR_T_BOOL), v, v);
        x->f->insts[r].aux = IR_P_UNO;
      } else {
        uint32_t ab = spv_op1(x, IR_MATH, ft, v);
        x->f->insts[ab].aux = IR_M_FABS;
        uint64_t inf = ft.base == IR_T_F64 ? 0x7ff0000000000000ull : 0x7f800000u;
        r = spv_op2(x, IR_FCMP, SPV_IRT(IR_T_BOOL), ab, spv_kconst(x, ft, inf));
        x->f->insts[r].aux = op == SpvOpIsInf ? IR_P_OEQ : IR_P_OLT;
      }
      x->c[k] = r;
    }
    spv_set(x, W(2), x->c, n);
    return;
  }
  case SpvOpAny: case SpvOpAll: {
    uint32_t n = spv_val(x, W(3), x->a);
    uint32_t r = n ? x->a[0] : IR_NONE;
    for (uint32_t k = 1; k < n; k++)
      r = spv_op2(x, op == SpvOpAny ? IR_OR : IR_AND, SPV_IRT(IR_T_BOOL), r, x->a[k]);
    if (n)
      spv_set(x, W(2), &r, 1);
    return;
  }
  case SpvOpSelect: {
    ir_type *t = spv_tbuf(x);
    uint32_t n = spv_rleaves(x, i), nc = spv_val(x, W(3), x->a);
    uint32_t nt = spv_val(x, W(4), x->b), nf = spv_val(x, W(5), x->c);
    if (m->failed || nt != n || nf != n || (nc != 1 && nc != n)) {
      spv_error(m, x->line, "malformed SPIR-V: OpSelect operand shapes");
      return;
    }
    for (uint32_t k = 0; k < n; k++) {
      uint32_t o[3] = {x->a[nc == 1 ? 0 : k], x->b[k], x->c[k]};
      x->b[k] = spv_emit(x, IR_SELECT, t[k], 3, o);
    }
    spv_set(x, W(2), x->b, n);
    return;
  }
  case SpvOpConvertFToS: case SpvOpConvertFToU: case SpvOpConvertSToF: case SpvOpConvertUToF:
  case SpvOpUConvert: case SpvOpSConvert: case SpvOpFConvert: case SpvOpConvertPtrToU:
  case SpvOpSatConvertSToU: case SpvOpSatConvertUToS:
  case SpvOpConvertUToPtr: case SpvOpPtrCastToGeneric: case SpvOpGenericCastToPtr:
  case SpvOpGenericCastToPtrExplicit:
    spv_convert(x, i);
    return;
  case SpvOpBitcast: spv_bitcast(x, i); return;
  case SpvOpCopyObject: {
    uint32_t n = spv_val(x, W(3), x->a);
    if (!m->failed)
      spv_set(x, W(2), x->a, n);
    return;
  }
  case SpvOpCompositeExtract: {
    uint32_t comp = W(3);
    if (comp < m->bound && x->marker[comp] && !(x->marker[comp] & MK_PTR)) {
      uint32_t d = W(4);
      ir_op bop = (ir_op)(x->marker[comp] >> 8 & 0xffff);
      uint32_t r = spv_emit(x, bop, SPV_IRT(IR_T_I64), 0, NULL);
      x->f->insts[r].aux = d;
      spv_set(x, W(2), &r, 1);
      return;
    }
    uint32_t n = spv_val(x, comp, x->a), start, count;
    if (m->failed || spv_leaf_range(x, m->ids[comp].type, i, 4, &start, &count))
      return;
    if (start + count > n) {
      spv_error(m, x->line, "malformed SPIR-V: composite index out of range");
      return;
    }
    spv_set(x, W(2), x->a + start, count);
    return;
  }
  case SpvOpCompositeInsert: {
    uint32_t no = spv_val(x, W(3), x->b), n = spv_val(x, W(4), x->a), start, count;
    if (m->failed || spv_leaf_range(x, W(1), i, 5, &start, &count))
      return;
    if (start + count > n || no != count) {
      spv_error(m, x->line, "malformed SPIR-V: OpCompositeInsert shapes");
      return;
    }
    memcpy(x->a + start, x->b, count * sizeof(uint32_t));
    spv_set(x, W(2), x->a, n);
    return;
  }
  case SpvOpCompositeConstruct: {
    uint32_t n = 0;
    for (uint32_t k = 3; k < m->ins[i].nw && !m->failed; k++) {
      uint32_t c = spv_val(x, W(k), x->a);
      if (n + c > SPV_MAX_LEAVES) {
        spv_error(m, x->line, "unsupported aggregate of more than %d scalars", SPV_MAX_LEAVES);
        return;
      }
      memcpy(x->c + n, x->a, c * sizeof(uint32_t));
      n += c;
    }
    if (!m->failed)
      spv_set(x, W(2), x->c, n);
    return;
  }
  case SpvOpVectorShuffle: {
    uint32_t n1 = spv_val(x, W(3), x->a), n2 = spv_val(x, W(4), x->a + SPV_MAX_LEAVES / 2);
    ir_type *t = spv_tbuf(x);
    uint32_t n = spv_rleaves(x, i);
    if (m->failed || n1 > SPV_MAX_LEAVES / 2 || n != m->ins[i].nw - 5u)
      return;
    for (uint32_t k = 0; k < n; k++) {
      uint32_t s = W(5 + k);
      if (s == 0xffffffffu)
        x->c[k] = spv_emit_entry(x, IR_UNDEF, t[k], 0, NULL);
      else if (s < n1)
        x->c[k] = x->a[s];
      else if (s - n1 < n2)
        x->c[k] = x->a[SPV_MAX_LEAVES / 2 + s - n1];
      else {
        spv_error(m, x->line, "malformed SPIR-V: shuffle index %u out of range", s);
        return;
      }
    }
    spv_set(x, W(2), x->c, n);
    return;
  }
  case SpvOpVectorExtractDynamic:
  case SpvOpVectorInsertDynamic: {
    int ins = op == SpvOpVectorInsertDynamic;
    uint32_t n = spv_val(x, W(3), x->a), ni = spv_val(x, W(ins ? 5 : 4), x->b);
    uint32_t comp = IR_NONE;
    if (ins && spv_val(x, W(4), x->c) == 1)
      comp = x->c[0];
    if (m->failed || ni != 1 || !n)
      return;
    uint32_t idx = x->b[0], r = x->a[0], first = ins ? 0 : 1;
    ir_type it = spv_rtype(x, idx);
    uint32_t src = W(3);
    if (!ins && x->marker[src] && !(x->marker[src] & MK_PTR)) {
      /* get_global_id(dim) etc. with a dim known only at run time: OpenCL
       * C (6.12.1) gives 1 for a size and 0 for an id or offset when dim is
       * not below 3 (SPIR-V would leave it undefined). */
      ir_op bop = (ir_op)(x->marker[src] >> 8 & 0xffff);
      int one = bop == IR_GLOBAL_SIZE || bop == IR_LOCAL_SIZE || bop == IR_NUM_GROUPS;
      r = spv_kconst(x, spv_rtype(x, x->a[0]), one ? 1 : 0);
      first = 0;
    }
    for (uint32_t k = first; k < n; k++) {
      uint32_t eq = spv_op2(x, IR_ICMP, SPV_IRT(IR_T_BOOL), idx, spv_kconst(x, it, k));
      x->f->insts[eq].aux = IR_P_EQ;
      uint32_t o[3] = {eq, ins ? comp : x->a[k], ins ? x->a[k] : r};
      r = spv_emit(x, IR_SELECT, spv_rtype(x, x->a[k]), 3, o);
      if (ins)
        x->c[k] = r;
    }
    if (ins)
      spv_set(x, W(2), x->c, n);
    else
      spv_set(x, W(2), &r, 1);
    return;
  }
  case SpvOpVectorTimesScalar: {
    ir_type *t = spv_tbuf(x);
    uint32_t n = spv_rleaves(x, i), na = spv_val(x, W(3), x->a), nb = spv_val(x, W(4), x->b);
    if (m->failed || na != n || nb != 1)
      return;
    for (uint32_t k = 0; k < n; k++)
      x->c[k] = spv_op2(x, IR_FMUL, t[k], x->a[k], x->b[0]);
    spv_set(x, W(2), x->c, n);
    return;
  }
  case SpvOpDot: {
    ir_type t = spv_ir_type(m, W(1), x->line);
    uint32_t na = spv_val(x, W(3), x->a), nb = spv_val(x, W(4), x->b);
    if (m->failed || na != nb || !na)
      return;
    uint32_t r = spv_op2(x, IR_FMUL, t, x->a[0], x->b[0]);
    for (uint32_t k = 1; k < na; k++) {
      uint32_t o[3] = {x->a[k], x->b[k], r};
      r = spv_emit(x, IR_FMA, t, 3, o);
    }
    spv_set(x, W(2), &r, 1);
    return;
  }
  case SpvOpPhi: {
    ir_type *t = spv_tbuf(x);
    uint32_t n = spv_rleaves(x, i);
    if (m->failed)
      return;
    *phis = fe_xrealloc(m->oom, *phis, (*nphis + 1) * sizeof(spv_phi));
    uint32_t first = x->f->ninsts;
    for (uint32_t k = 0; k < n; k++)
      x->c[k] = spv_emit(x, IR_PHI, t[k], 0, NULL);
    (*phis)[(*nphis)++] = (spv_phi){i, x->label, first, n};
    spv_set(x, W(2), x->c, n);
    return;
  }
  case SpvOpBranch: spv_br(x, W(1)); return;
  case SpvOpBranchConditional:
    if (spv_val(x, W(1), x->a) == 1)
      spv_cbr(x, x->a[0], W(2), W(3), IR_NONE);
    return;
  case SpvOpSwitch: spv_switch(x, i); return;
  case SpvOpReturn: spv_emit(x, IR_RET, SPV_IRT(IR_T_VOID), 0, NULL); return;
  case SpvOpReturnValue: spv_ret_value(x, i); return;
  case SpvOpUnreachable: spv_emit(x, IR_UNREACHABLE, SPV_IRT(IR_T_VOID), 0, NULL); return;
  case SpvOpFunctionCall: spv_call(x, i); return;
  case SpvOpControlBarrier: {
    uint32_t r = spv_emit(x, IR_BARRIER, SPV_IRT(IR_T_VOID), 0, NULL);
    x->f->insts[r].aux = spv_fence_flags(spv_const_u32(x, W(3)));
    return;
  }
  case SpvOpMemoryBarrier: {
    uint32_t r = spv_emit(x, IR_FENCE, SPV_IRT(IR_T_VOID), 0, NULL);
    x->f->insts[r].aux = spv_fence_flags(spv_const_u32(x, W(2)));
    return;
  }
  case SpvOpGroupAsyncCopy: spv_async_copy(x, i); return;
  case SpvOpGroupWaitEvents: spv_wait_events(x, i); return;
  case SpvOpAtomicIAdd: case SpvOpAtomicIIncrement: spv_atomic(x, i, IR_A_ADD); return;
  case SpvOpAtomicISub: case SpvOpAtomicIDecrement: spv_atomic(x, i, IR_A_SUB); return;
  case SpvOpAtomicExchange: spv_atomic(x, i, IR_A_XCHG); return;
  case SpvOpAtomicCompareExchange: spv_atomic(x, i, IR_A_CMPXCHG); return;
  case SpvOpAtomicSMin: spv_atomic(x, i, IR_A_SMIN); return;
  case SpvOpAtomicSMax: spv_atomic(x, i, IR_A_SMAX); return;
  case SpvOpAtomicUMin: spv_atomic(x, i, IR_A_UMIN); return;
  case SpvOpAtomicUMax: spv_atomic(x, i, IR_A_UMAX); return;
  case SpvOpAtomicAnd: spv_atomic(x, i, IR_A_AND); return;
  case SpvOpAtomicOr: spv_atomic(x, i, IR_A_OR); return;
  case SpvOpAtomicXor: spv_atomic(x, i, IR_A_XOR); return;
  case SpvOpAtomicLoad: {
    if (spv_val(x, W(3), x->a) != 1)
      return;
    ir_type t = spv_ir_type(m, W(1), x->line);
    uint32_t r = spv_op1(x, IR_LOAD, t, x->a[0]);
    x->f->insts[r].aux = ir_type_bytes(t);
    spv_set(x, W(2), &r, 1);
    return;
  }
  case SpvOpAtomicStore: {
    if (spv_val(x, W(1), x->a) != 1 || spv_val(x, W(4), x->b) != 1)
      return;
    uint32_t o[2] = {x->a[0], x->b[0]};
    uint32_t r = spv_emit(x, IR_STORE, SPV_IRT(IR_T_VOID), 2, o);
    x->f->insts[r].aux = ir_type_bytes(spv_rtype(x, x->b[0]));
    return;
  }
  default:
    spv_unsupported(x, i, spv_hint(op));
    return;
  }
}

