/* Lowering of SPIR-V memory access (variables, loads, stores, copies, access
 * chains, builtin variables), atomics and barriers. */
#include <spirv/unified1/spirv.h>
#include <stdlib.h>
#include <string.h>

#include "spv_internal.h"
#include "spv_tables.h"

#define W(k) spv_word(m, i, (k))

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
uint32_t spv_mem_leaves(spv_fn *x, uint32_t tid, uint32_t ptr, uint32_t align, uint32_t *vals,
                        int store) {
  spv_mod *m = x->m;
  spv_type *t = spv_type_of(m, tid, x->line);
  if (!t) return 0;
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
  if (ptr_id >= m->bound) return 0;
  spv_type *pt = spv_type_of(m, m->ids[ptr_id].type, x->line);
  if (!pt || pt->tk != SPV_T_PTR) {
    spv_error(m, x->line, "malformed SPIR-V: %%%u is not a pointer", ptr_id);
    return 0;
  }
  return pt->elem;
}

static const struct {
  uint32_t bi;
  ir_op op;
} spv_builtins[] = {
    {SpvBuiltInGlobalInvocationId, IR_GLOBAL_ID},
    {SpvBuiltInLocalInvocationId, IR_LOCAL_ID},
    {SpvBuiltInWorkgroupId, IR_GROUP_ID},
    {SpvBuiltInGlobalSize, IR_GLOBAL_SIZE},
    {SpvBuiltInWorkgroupSize, IR_LOCAL_SIZE},
    {SpvBuiltInEnqueuedWorkgroupSize, IR_ENQ_LOCAL_SIZE},
    {SpvBuiltInNumWorkgroups, IR_NUM_GROUPS},
    {SpvBuiltInGlobalOffset, IR_GLOBAL_OFFSET},
    {SpvBuiltInWorkDim, IR_WORK_DIM},
};

/* A builtin Input variable: its marker, or 0 with an error naming it. */
static uint32_t spv_builtin_marker(spv_fn *x, uint32_t var) {
  spv_mod *m = x->m;
  int32_t bi = m->ids[var].builtin;
  for (size_t k = 0; k < sizeof spv_builtins / sizeof spv_builtins[0]; k++)
    if ((int32_t)spv_builtins[k].bi == bi) return (uint32_t)spv_builtins[k].op << 8 | SPV_MK_VEC;
  const char *n = bi >= 0 ? spv_built_in_name((uint32_t)bi) : NULL;
  spv_error(m, x->line, "unsupported SPIR-V builtin %s; not implemented yet",
            n ? n : "(none: an Input variable without BuiltIn)");
  return 0;
}

/* get_global_linear_id() and get_local_linear_id(), SPIR-V's scalar
 * GlobalLinearId and LocalInvocationIndex: computed from the ids and sizes
 * (OpenCL C 6.15.1), the global one as
 * ((gid.z - off.z) * gs.y + gid.y - off.y) * gs.x + gid.x - off.x
 * (past work_dim an id is 0 and a size 1, so one formula serves 1-3 D).
 * Returns 0 when `var` is neither. */
static int spv_linear_id(spv_fn *x, uint32_t var, uint32_t rt, uint32_t rid) {
  spv_mod *m = x->m;
  int32_t bi = m->ids[var].builtin;
  if (bi != SpvBuiltInGlobalLinearId && bi != SpvBuiltInLocalInvocationIndex) return 0;
  ir_type i64 = SPV_IRT(IR_T_I64);
  uint32_t r = IR_NONE, size;
  if (bi == SpvBuiltInLocalInvocationIndex) {
    spv_local_linear_id(x, &r, &size);
  } else {
    for (int d = 2; d >= 0; d--) {
      uint32_t g = spv_emit(x, IR_GLOBAL_ID, i64, 0, NULL);
      x->f->insts[g].aux = (uint32_t)d;
      uint32_t o = spv_emit(x, IR_GLOBAL_OFFSET, i64, 0, NULL);
      x->f->insts[o].aux = (uint32_t)d;
      uint32_t id = spv_op2(x, IR_SUB, i64, g, o);
      if (r == IR_NONE) {
        r = id;
        continue;
      }
      uint32_t s = spv_emit(x, IR_GLOBAL_SIZE, i64, 0, NULL);
      x->f->insts[s].aux = (uint32_t)d;
      r = spv_op2(x, IR_ADD, i64, spv_op2(x, IR_MUL, i64, r, s), id);
    }
  }
  ir_type t = spv_ir_type(m, rt, x->line);
  if (m->failed) return 1;
  if (t.base != IR_T_I64) r = spv_resize(x, r, t, 0);
  spv_set(x, rid, &r, 1);
  return 1;
}

/* An Input variable, or one decorated BuiltIn in another storage class
 * (older llvm-spirv: UniformConstant with Import linkage, as PyOpenCL's
 * example modules have them). */
static int spv_is_builtin_var(spv_fn *x, uint32_t id) {
  spv_mod *m = x->m;
  return id < m->bound && m->ids[id].kind == SPV_K_GVAR &&
         (spv_word(m, m->ids[id].ins, 3) == SpvStorageClassInput || m->ids[id].builtin >= 0);
}

static void spv_load(spv_fn *x, uint32_t i) {
  spv_mod *m = x->m;
  uint32_t rt = W(1), rid = W(2), ptr = W(3);
  if (spv_is_builtin_var(x, ptr) && spv_linear_id(x, ptr, rt, rid)) return;
  if (spv_is_builtin_var(x, ptr)) { /* the sub-group builtins (spv_group.c) */
    uint32_t nl = spv_subgroup_builtin(x, m->ids[ptr].builtin, x->c);
    if (nl == 1) { /* a scalar: the size_t or uint the program reads */
      ir_type rtt = spv_ir_type(m, rt, x->line);
      if (rtt.base != IR_T_I32) x->c[0] = spv_resize(x, x->c[0], rtt, 0);
    }
    if (nl) {
      spv_set(x, rid, x->c, nl);
      return;
    }
  }
  if (spv_is_builtin_var(x, ptr) || (ptr < m->bound && (x->marker[ptr] & SPV_MK_PTR))) {
    uint32_t mk =
        spv_is_builtin_var(x, ptr) ? spv_builtin_marker(x, ptr) : x->marker[ptr] & ~SPV_MK_PTR;
    if (!mk) return;
    ir_op op = (ir_op)(mk >> 8 & 0xffff);
    spv_type *t = spv_type_of(m, rt, x->line);
    if (t && t->tk != SPV_T_VEC) { /* scalar builtin (WorkDim) or one component */
      uint32_t r =
          spv_emit(x, op, op == IR_WORK_DIM ? SPV_IRT(IR_T_I32) : SPV_IRT(IR_T_I64), 0, NULL);
      x->f->insts[r].aux = (mk & 0xff) == SPV_MK_VEC ? 0 : mk & 0xff;
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
  if (m->failed || n != 1) return;
  spv_type *t = spv_type_of(m, rt, x->line);
  if (!t) return;
  uint32_t align = spv_mem_align(m, i, 4, t->align);
  n = spv_mem_leaves(x, rt, x->a[0], align, x->c, 0);
  if (!m->failed) spv_set(x, rid, x->c, n);
}

static void spv_store(spv_fn *x, uint32_t ptr, uint32_t val, uint32_t align) {
  spv_mod *m = x->m;
  uint32_t np = spv_val(x, ptr, x->a);
  uint32_t tid = val < m->bound ? m->ids[val].type : 0;
  if (m->failed || np != 1) return;
  spv_val(x, val, x->b);
  spv_type *t = spv_type_of(m, tid, x->line);
  if (!m->failed && t) spv_mem_leaves(x, tid, x->a[0], align ? align : t->align, x->b, 1);
}

/* Copies `size` bytes in the widest chunks the alignment allows. */
void spv_copy_bytes(spv_fn *x, uint32_t dst, uint32_t src, uint64_t size, uint32_t align) {
  static const ir_base by[9] = {0, IR_T_I8, IR_T_I16, 0, IR_T_I32, 0, 0, 0, IR_T_I64};
  uint32_t chunk = 8;
  while (chunk > 1 && (align % chunk || size < chunk)) chunk /= 2;
  for (uint64_t off = 0; off < size;) {
    while (chunk > 1 && off + chunk > size) chunk /= 2;
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
  if (spv_val(x, idx_id, x->b) != 1) return;
  uint32_t v = spv_resize(x, x->b[0], i64, 1);
  if (size != 1) v = spv_op2(x, IR_MUL, i64, v, spv_kconst(x, i64, size));
  *dyn = *dyn == IR_NONE ? v : spv_op2(x, IR_ADD, i64, *dyn, v);
}

static void spv_access_chain(spv_fn *x, uint32_t i, int has_element) {
  spv_mod *m = x->m;
  uint32_t rid = W(2), base = W(3), k = 4;
  if (spv_is_builtin_var(x, base)) { /* &GlobalInvocationId[d] */
    uint32_t mk = spv_builtin_marker(x, base);
    const spv_id *c = m->ins[i].nw > 4 ? &m->ids[W(4) < m->bound ? W(4) : 0] : NULL;
    if (!mk || !c || c->kind != SPV_K_CONST || m->ins[i].nw != 5) {
      if (mk) spv_error(m, x->line, "unsupported dynamic index into a builtin variable");
      return;
    }
    x->marker[rid] = (mk & ~0xffu) | (spv_word(m, c->ins, 3) & 3) | SPV_MK_PTR;
    return;
  }
  uint32_t tid = spv_pointee(x, base);
  if (spv_val(x, base, x->a) != 1 || !tid) return;
  uint32_t ptr = x->a[0], dyn = IR_NONE;
  int64_t kacc = 0;
  if (has_element) {
    spv_type *t = spv_type_of(m, tid, x->line);
    if (!t) return;
    spv_add_index(x, W(4), t->size, &kacc, &dyn);
    k = 5;
  }
  for (; k < m->ins[i].nw && !m->failed; k++) {
    spv_type *t = spv_type_of(m, tid, x->line);
    if (!t) return;
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
      if (!et) return;
      spv_add_index(x, W(k), et->size, &kacc, &dyn);
      tid = t->elem;
    } else {
      spv_error(m, x->line, "malformed SPIR-V: access chain indexes a scalar");
      return;
    }
  }
  if (m->failed) return;
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

/* Whether a memory barrier or an atomic with these scope and semantics
 * operands orders anything the model must wait for: an acquire, release,
 * acq_rel or seq_cst order at work-group scope or wider (a work-item or
 * sub-group scope is one wave's own program order, which the wave keeps). */
static int spv_orders(spv_fn *x, uint32_t scope_id, uint32_t sem_id, uint32_t mask) {
  uint32_t scope = spv_const_u32(x, scope_id), sem = spv_const_u32(x, sem_id);
  int wide = scope == SpvScopeCrossDevice || scope == SpvScopeDevice || scope == SpvScopeWorkgroup;
  return wide && (sem & mask) != 0;
}

enum {
  SPV_SEM_RELEASE = SpvMemorySemanticsReleaseMask | SpvMemorySemanticsAcquireReleaseMask |
                    SpvMemorySemanticsSequentiallyConsistentMask,
  SPV_SEM_ACQUIRE = SpvMemorySemanticsAcquireMask | SpvMemorySemanticsAcquireReleaseMask |
                    SpvMemorySemanticsSequentiallyConsistentMask,
};

/* The memory-model modifier (ir.h: imm of LOAD, ATOMIC, FENCE) of an atomic
 * or fence with these scope and semantics operands, its order bits limited
 * to `orders` (a load does not release, a store does not acquire). */
static uint8_t spv_sync(spv_fn *x, uint32_t scope_id, uint32_t sem_id, unsigned orders) {
  uint32_t scope = spv_const_u32(x, scope_id), sem = spv_const_u32(x, sem_id);
  isa_scope sc = scope == SpvScopeCrossDevice ? ISA_SCOPE_ALL
                 : scope == SpvScopeDevice    ? ISA_SCOPE_DEVICE
                 : scope == SpvScopeWorkgroup ? ISA_SCOPE_GROUP
                 : scope == SpvScopeSubgroup  ? ISA_SCOPE_SUBGROUP
                                              : ISA_SCOPE_ITEM;
  unsigned o =
      (sem & SPV_SEM_ACQUIRE ? ISA_SYNC_ACQ : 0u) | (sem & SPV_SEM_RELEASE ? ISA_SYNC_REL : 0u);
  return ISA_SYNC(o & orders, sc);
}

/* The fence an atomic's order puts before it (a release: earlier accesses
 * complete first) or after it (an acquire: later ones wait for it). */
static void spv_atomic_fence(spv_fn *x, uint32_t scope_id, uint32_t sem_id, uint32_t mask) {
  if (!spv_orders(x, scope_id, sem_id, mask)) return;
  uint32_t r = spv_emit(x, IR_FENCE, SPV_IRT(IR_T_VOID), 0, NULL);
  x->f->insts[r].aux = IR_FENCE_WAIT;
}

static void spv_atomic(spv_fn *x, uint32_t i, ir_atomic kind) {
  spv_mod *m = x->m;
  uint16_t op = m->ins[i].op;
  uint32_t rt = W(1), rid = W(2);
  if (spv_val(x, W(3), x->a) != 1) return;
  ir_type t = spv_ir_type(m, rt, x->line);
  uint32_t o[3] = {x->a[0], 0, 0}, n = 2;
  if (op == SpvOpAtomicIIncrement || op == SpvOpAtomicIDecrement) {
    o[1] = spv_kconst(x, t, 1);
  } else if (op == SpvOpAtomicCompareExchange || op == SpvOpAtomicCompareExchangeWeak) {
    /* the weak form may fail spuriously; here it never does, which C11 allows */
    if (spv_val(x, W(7), x->b) != 1 || spv_val(x, W(8), x->c) != 1) return;
    o[1] = x->b[0], o[2] = x->c[0], n = 3;
  } else {
    if (spv_val(x, W(6), x->b) != 1) return;
    o[1] = x->b[0];
  }
  spv_atomic_fence(x, W(4), W(5), SPV_SEM_RELEASE);
  uint32_t r = spv_emit(x, IR_ATOMIC, t, n, o);
  x->f->insts[r].aux = kind;
  /* a compare-exchange's: its Equal semantics (the order when it succeeds) */
  x->f->insts[r].imm = spv_sync(x, W(4), W(5), ISA_SYNC_ACQ | ISA_SYNC_REL);
  spv_set(x, rid, &r, 1);
  spv_atomic_fence(x, W(4), W(5), SPV_SEM_ACQUIRE);
}

/* ---- handlers (spv_inst.c's table; arg as the table gives it) ------------- */
void spv_h_variable(spv_fn *x, uint32_t i, uint32_t arg) {
  (void)arg;
  spv_mod *m = x->m;
  spv_type *pt = spv_type_of(m, W(1), x->line);
  spv_type *et = pt ? spv_type_of(m, pt->elem, x->line) : NULL;
  if (!et) return;
  uint32_t r = spv_emit_entry(x, IR_ALLOCA, (ir_type){IR_T_PTR, IR_AS_PRIVATE}, 0, NULL);
  x->f->insts[r].imm = et->size;
  x->f->insts[r].aux = m->ids[W(2)].align ? m->ids[W(2)].align : et->align;
  x->f->insts[r].name = m->ids[W(2)].name;
  spv_set(x, W(2), &r, 1);
  if (m->ins[i].nw > 4) spv_store(x, W(2), W(4), 0);
}

void spv_h_load(spv_fn *x, uint32_t i, uint32_t arg) {
  (void)arg;
  spv_load(x, i);
}

void spv_h_store(spv_fn *x, uint32_t i, uint32_t arg) {
  (void)arg;
  spv_mod *m = x->m;
  spv_type *t = W(2) < m->bound ? spv_type_of(m, m->ids[W(2)].type, x->line) : NULL;
  if (t) spv_store(x, W(1), W(2), spv_mem_align(m, i, 3, t->align));
}

/* OpCopyMemory, OpCopyMemorySized */
void spv_h_copy_memory(spv_fn *x, uint32_t i, uint32_t arg) {
  (void)arg;
  spv_mod *m = x->m;
  uint16_t op = m->ins[i].op;
  uint32_t nd = spv_val(x, W(1), x->a), ns = spv_val(x, W(2), x->b);
  if (m->failed || nd != 1 || ns != 1) return;
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
}

/* arg: 1 for the Ptr forms (a leading element index) */
void spv_h_access_chain(spv_fn *x, uint32_t i, uint32_t arg) {
  spv_access_chain(x, i, (int)arg);
}

/* arg: the ir_atomic */
void spv_h_atomic(spv_fn *x, uint32_t i, uint32_t arg) {
  spv_atomic(x, i, (ir_atomic)arg);
}

void spv_h_atomic_load(spv_fn *x, uint32_t i, uint32_t arg) {
  (void)arg;
  spv_mod *m = x->m;
  if (spv_val(x, W(3), x->a) != 1) return;
  ir_type t = spv_ir_type(m, W(1), x->line);
  uint32_t r = spv_op1(x, IR_LOAD, t, x->a[0]);
  x->f->insts[r].aux = ir_type_bytes(t);
  x->f->insts[r].imm = spv_sync(x, W(4), W(5), ISA_SYNC_ACQ);
  spv_set(x, W(2), &r, 1);
  spv_atomic_fence(x, W(4), W(5), SPV_SEM_ACQUIRE);
}

/* An atomic store: an exchange whose old value nobody reads, so that the
 * race checker sees an atomic access (a plain store next to the atomic
 * updates of the same word would be reported) and the store takes the
 * atomic path of its space, as a lock's release does on GPUs. */
static void spv_atomic_put(spv_fn *x, uint32_t p, uint32_t v, uint8_t sync) {
  uint32_t o[2] = {p, v};
  uint32_t r = spv_emit(x, IR_ATOMIC, spv_rtype(x, v), 2, o);
  x->f->insts[r].aux = IR_A_XCHG;
  x->f->insts[r].imm = sync;
}

void spv_h_atomic_store(spv_fn *x, uint32_t i, uint32_t arg) {
  (void)arg;
  spv_mod *m = x->m;
  if (spv_val(x, W(1), x->a) != 1 || spv_val(x, W(4), x->b) != 1) return;
  spv_atomic_fence(x, W(2), W(3), SPV_SEM_RELEASE);
  spv_atomic_put(x, x->a[0], x->b[0], spv_sync(x, W(2), W(3), ISA_SYNC_REL));
}

/* atomic_flag (OpenCL C 2.0): an int, 0 clear and 1 set. test_and_set is an
 * exchange with 1 whose old value, nonzero, says the flag was set; clear an
 * atomic store (spv_atomic_put) of 0. Their scope and order need nothing more: the model
 * performs every memory instruction whole and in one order (docs/
 * ARCHITECTURE.md, "Atomics, orders and scopes"). */
void spv_h_atomic_flag_test_and_set(spv_fn *x, uint32_t i, uint32_t arg) {
  (void)arg;
  spv_mod *m = x->m;
  if (spv_val(x, W(3), x->a) != 1) return;
  spv_atomic_fence(x, W(4), W(5), SPV_SEM_RELEASE);
  ir_type i32 = SPV_IRT(IR_T_I32);
  uint32_t o[2] = {x->a[0], spv_kconst(x, i32, 1)};
  uint32_t old = spv_emit(x, IR_ATOMIC, i32, 2, o);
  x->f->insts[old].aux = IR_A_XCHG;
  x->f->insts[old].imm = spv_sync(x, W(4), W(5), ISA_SYNC_ACQ | ISA_SYNC_REL);
  uint32_t c[2] = {old, spv_kconst(x, i32, 0)};
  uint32_t r = spv_emit(x, IR_ICMP, SPV_IRT(IR_T_BOOL), 2, c);
  x->f->insts[r].aux = IR_P_NE;
  spv_set(x, W(2), &r, 1);
  spv_atomic_fence(x, W(4), W(5), SPV_SEM_ACQUIRE);
}

void spv_h_atomic_flag_clear(spv_fn *x, uint32_t i, uint32_t arg) {
  (void)arg;
  spv_mod *m = x->m;
  if (spv_val(x, W(1), x->a) != 1) return;
  spv_atomic_fence(x, W(2), W(3), SPV_SEM_RELEASE);
  spv_atomic_put(x, x->a[0], spv_kconst(x, SPV_IRT(IR_T_I32), 0),
                 spv_sync(x, W(2), W(3), ISA_SYNC_REL));
}

void spv_h_control_barrier(spv_fn *x, uint32_t i, uint32_t arg) {
  (void)arg;
  spv_mod *m = x->m;
  /* sub_group_barrier: the wave runs in lockstep, so only its memory fence
   * is left to do */
  int wave = spv_const_u32(x, W(1)) == SpvScopeSubgroup;
  uint32_t r = spv_emit(x, wave ? IR_FENCE : IR_BARRIER, SPV_IRT(IR_T_VOID), 0, NULL);
  x->f->insts[r].aux = spv_fence_flags(spv_const_u32(x, W(3))) | (wave ? IR_FENCE_SUBGROUP : 0u);
}

void spv_h_memory_barrier(spv_fn *x, uint32_t i, uint32_t arg) {
  (void)arg;
  spv_mod *m = x->m;
  uint32_t r = spv_emit(x, IR_FENCE, SPV_IRT(IR_T_VOID), 0, NULL);
  int wait = spv_orders(x, W(1), W(2), SPV_SEM_RELEASE | SPV_SEM_ACQUIRE);
  x->f->insts[r].aux = spv_fence_flags(spv_const_u32(x, W(2))) | (wait ? IR_FENCE_WAIT : 0);
  /* what atomic_work_item_fence orders, for the race check; a fence that
   * waits for nothing (relaxed, or narrower than a work-group) emits no
   * instruction to carry it */
  if (wait) x->f->insts[r].imm = spv_sync(x, W(1), W(2), ISA_SYNC_ACQ | ISA_SYNC_REL);
}
