/* Lowering of SPIR-V arithmetic, logic, comparisons, selects and composites
 * (vectors, structs, arrays as leaves); conversions are in spv_convert.c. */
#include <spirv/unified1/spirv.h>
#include <stdlib.h>
#include <string.h>

#include "spv_internal.h"
#include "spv_tables.h"

#define W(k) spv_word(m, i, (k))

static void spv_binop(spv_fn *x, uint32_t i, ir_op op) {
  spv_mod *m = x->m;
  ir_type *t = spv_tbuf(x);
  uint32_t n = spv_rleaves(x, i);
  uint32_t na = spv_val(x, W(3), x->a), nb = spv_val(x, W(4), x->b);
  if (m->failed) return;
  if (na != n || nb != n) {
    spv_error(m, x->line, "malformed SPIR-V: operand shapes differ in %s",
              spv_op_name(m->ins[i].op));
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
  if (m->failed) return;
  if (na != n) {
    spv_error(m, x->line, "malformed SPIR-V: operand shape differs in %s",
              spv_op_name(m->ins[i].op));
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
/* ---- composites ------------------------------------------------------------ */
/* Leaf range selected by literal indices into type tid. */
static int spv_leaf_range(spv_fn *x, uint32_t tid, uint32_t i, uint32_t k0, uint32_t *start,
                          uint32_t *count) {
  spv_mod *m = x->m;
  *start = 0;
  for (uint32_t k = k0; k < m->ins[i].nw; k++) {
    spv_type *t = spv_type_of(m, tid, x->line);
    if (!t) return -1;
    uint32_t idx = W(k);
    if (t->tk == SPV_T_STRUCT) {
      if (idx >= t->count) goto bad;
      for (uint32_t j = 0; j < idx; j++) {
        spv_type *mt = spv_type_of(m, t->members[j], x->line);
        *start += mt && mt->leaves ? mt->nleaves : 1;
      }
      tid = t->members[idx];
    } else if (t->tk == SPV_T_VEC || t->tk == SPV_T_ARRAY) {
      if (idx >= t->count) goto bad;
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

/* ---- handlers (spv_inst.c's table; arg as the table gives it) ------------- */
void spv_h_binop(spv_fn *x, uint32_t i, uint32_t arg) {
  spv_binop(x, i, (ir_op)arg);
}
void spv_h_unop(spv_fn *x, uint32_t i, uint32_t arg) {
  spv_unop(x, i, (ir_op)arg);
}
void spv_h_shift(spv_fn *x, uint32_t i, uint32_t arg) {
  spv_shift(x, i, (ir_op)arg);
}
void spv_h_icmp(spv_fn *x, uint32_t i, uint32_t arg) {
  spv_cmp(x, i, IR_ICMP, (ir_pred)arg);
}
void spv_h_fcmp(spv_fn *x, uint32_t i, uint32_t arg) {
  spv_cmp(x, i, IR_FCMP, (ir_pred)arg);
}

void spv_h_undef(spv_fn *x, uint32_t i, uint32_t arg) {
  (void)arg;
  spv_mod *m = x->m;
  ir_type *t = spv_tbuf(x);
  uint32_t n = spv_rleaves(x, i);
  for (uint32_t k = 0; k < n; k++) x->c[k] = spv_emit_entry(x, IR_UNDEF, t[k], 0, NULL);
  spv_set(x, W(2), x->c, n);
}

/* popcount(); the result width may differ from the operand's */
void spv_h_bitcount(spv_fn *x, uint32_t i, uint32_t arg) {
  (void)arg;
  spv_mod *m = x->m;
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
}

/* OpIsNan, OpIsInf, OpIsFinite, OpIsNormal, OpSignBitSet */
void spv_h_fclass(spv_fn *x, uint32_t i, uint32_t arg) {
  (void)arg;
  spv_mod *m = x->m;
  uint16_t op = m->ins[i].op;
  uint32_t n = spv_val(x, W(3), x->a);
  for (uint32_t k = 0; k < n; k++) {
    uint32_t v = x->a[k], r;
    ir_type ft = spv_rtype(x, v);
    int f64 = ft.base == IR_T_F64;
    if (op == SpvOpSignBitSet) { /* the sign bit, also for -0.0 and NaNs */
      ir_type it = SPV_IRT(f64 ? IR_T_I64 : IR_T_I32);
      r = spv_op2(x, IR_ICMP, SPV_IRT(IR_T_BOOL), spv_op1(x, IR_BITCAST, it, v),
                  spv_kconst(x, it, 0));
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
}

/* OpAny, OpAll */
void spv_h_any_all(spv_fn *x, uint32_t i, uint32_t arg) {
  (void)arg;
  spv_mod *m = x->m;
  uint16_t op = m->ins[i].op;
  uint32_t n = spv_val(x, W(3), x->a);
  uint32_t r = n ? x->a[0] : IR_NONE;
  for (uint32_t k = 1; k < n; k++)
    r = spv_op2(x, op == SpvOpAny ? IR_OR : IR_AND, SPV_IRT(IR_T_BOOL), r, x->a[k]);
  if (n) spv_set(x, W(2), &r, 1);
}

void spv_h_select(spv_fn *x, uint32_t i, uint32_t arg) {
  (void)arg;
  spv_mod *m = x->m;
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
}

void spv_h_copy_object(spv_fn *x, uint32_t i, uint32_t arg) {
  (void)arg;
  spv_mod *m = x->m;
  uint32_t n = spv_val(x, W(3), x->a);
  if (!m->failed) spv_set(x, W(2), x->a, n);
}

/* The pointee's size in bytes of pointer value id, 0 (reported) when its
 * type is not a pointer to a sized type. */
static uint32_t spv_pointee_size(spv_fn *x, uint32_t id) {
  spv_mod *m = x->m;
  spv_type *pt = id < m->bound ? spv_type_of(m, m->ids[id].type, x->line) : NULL;
  spv_type *et = pt && pt->tk == SPV_T_PTR ? spv_type_of(m, pt->elem, x->line) : NULL;
  if (!m->failed && (!et || !et->size))
    spv_error(m, x->line, "malformed SPIR-V: not a pointer to a sized type");
  return et && !m->failed ? et->size : 0;
}

/* OpSizeOf (SPIR-V 1.1): the pointee's size, a constant of the result type */
void spv_h_size_of(spv_fn *x, uint32_t i, uint32_t arg) {
  (void)arg;
  spv_mod *m = x->m;
  ir_type *t = spv_tbuf(x);
  uint32_t size = spv_pointee_size(x, W(3));
  if (m->failed || spv_rleaves(x, i) != 1) return;
  uint32_t r = spv_kconst(x, t[0], size);
  spv_set(x, W(2), &r, 1);
}

/* OpPtrDiff (SPIR-V 1.4): (a - b) / the element size, signed, in the result
 * type's width (the pointers point into the same object) */
void spv_h_ptr_diff(spv_fn *x, uint32_t i, uint32_t arg) {
  (void)arg;
  spv_mod *m = x->m;
  ir_type *t = spv_tbuf(x), i64 = SPV_IRT(IR_T_I64);
  uint32_t size = spv_pointee_size(x, W(3));
  if (m->failed || spv_rleaves(x, i) != 1 || spv_val(x, W(3), x->a) != 1 ||
      spv_val(x, W(4), x->b) != 1)
    return;
  uint32_t a = spv_resize(x, x->a[0], i64, 0), b = spv_resize(x, x->b[0], i64, 0);
  uint32_t r = spv_op2(x, IR_SDIV, i64, spv_op2(x, IR_SUB, i64, a, b), spv_kconst(x, i64, size));
  r = spv_resize(x, r, t[0], 1);
  spv_set(x, W(2), &r, 1);
}

void spv_h_composite_extract(spv_fn *x, uint32_t i, uint32_t arg) {
  (void)arg;
  spv_mod *m = x->m;
  uint32_t comp = W(3);
  if (comp < m->bound && x->marker[comp] && !(x->marker[comp] & SPV_MK_PTR)) {
    uint32_t d = W(4);
    ir_op bop = (ir_op)(x->marker[comp] >> 8 & 0xffff);
    uint32_t r = spv_emit(x, bop, SPV_IRT(IR_T_I64), 0, NULL);
    x->f->insts[r].aux = d;
    spv_set(x, W(2), &r, 1);
    return;
  }
  uint32_t n = spv_val(x, comp, x->a), start, count;
  if (m->failed || spv_leaf_range(x, m->ids[comp].type, i, 4, &start, &count)) return;
  if (start + count > n) {
    spv_error(m, x->line, "malformed SPIR-V: composite index out of range");
    return;
  }
  spv_set(x, W(2), x->a + start, count);
}

void spv_h_composite_insert(spv_fn *x, uint32_t i, uint32_t arg) {
  (void)arg;
  spv_mod *m = x->m;
  uint32_t no = spv_val(x, W(3), x->b), n = spv_val(x, W(4), x->a), start, count;
  if (m->failed || spv_leaf_range(x, W(1), i, 5, &start, &count)) return;
  if (start + count > n || no != count) {
    spv_error(m, x->line, "malformed SPIR-V: OpCompositeInsert shapes");
    return;
  }
  memcpy(x->a + start, x->b, count * sizeof(uint32_t));
  spv_set(x, W(2), x->a, n);
}

void spv_h_composite_construct(spv_fn *x, uint32_t i, uint32_t arg) {
  (void)arg;
  spv_mod *m = x->m;
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
  if (!m->failed) spv_set(x, W(2), x->c, n);
}

void spv_h_vector_shuffle(spv_fn *x, uint32_t i, uint32_t arg) {
  (void)arg;
  spv_mod *m = x->m;
  uint32_t n1 = spv_val(x, W(3), x->a), n2 = spv_val(x, W(4), x->a + SPV_MAX_LEAVES / 2);
  ir_type *t = spv_tbuf(x);
  uint32_t n = spv_rleaves(x, i);
  if (m->failed || n1 > SPV_MAX_LEAVES / 2 || n != m->ins[i].nw - 5u) return;
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
}

/* OpVectorExtractDynamic, OpVectorInsertDynamic */
void spv_h_vector_dynamic(spv_fn *x, uint32_t i, uint32_t arg) {
  (void)arg;
  spv_mod *m = x->m;
  uint16_t op = m->ins[i].op;
  int ins = op == SpvOpVectorInsertDynamic;
  uint32_t n = spv_val(x, W(3), x->a), ni = spv_val(x, W(ins ? 5 : 4), x->b);
  uint32_t comp = IR_NONE;
  if (ins && spv_val(x, W(4), x->c) == 1) comp = x->c[0];
  if (m->failed || ni != 1 || !n) return;
  uint32_t idx = x->b[0], r = x->a[0], first = ins ? 0 : 1;
  ir_type it = spv_rtype(x, idx);
  uint32_t src = W(3);
  if (!ins && x->marker[src] && !(x->marker[src] & SPV_MK_PTR)) {
    /* get_global_id(dim) etc. with a dim known only at run time: OpenCL
     * C (6.12.1) gives 1 for a size and 0 for an id or offset when dim is
     * not below 3 (SPIR-V would leave it undefined). */
    ir_op bop = (ir_op)(x->marker[src] >> 8 & 0xffff);
    int one = bop == IR_GLOBAL_SIZE || bop == IR_LOCAL_SIZE || bop == IR_ENQ_LOCAL_SIZE ||
              bop == IR_NUM_GROUPS;
    r = spv_kconst(x, spv_rtype(x, x->a[0]), one ? 1 : 0);
    first = 0;
  }
  for (uint32_t k = first; k < n; k++) {
    uint32_t eq = spv_op2(x, IR_ICMP, SPV_IRT(IR_T_BOOL), idx, spv_kconst(x, it, k));
    x->f->insts[eq].aux = IR_P_EQ;
    uint32_t o[3] = {eq, ins ? comp : x->a[k], ins ? x->a[k] : r};
    r = spv_emit(x, IR_SELECT, spv_rtype(x, x->a[k]), 3, o);
    if (ins) x->c[k] = r;
  }
  if (ins)
    spv_set(x, W(2), x->c, n);
  else
    spv_set(x, W(2), &r, 1);
}

void spv_h_vector_times_scalar(spv_fn *x, uint32_t i, uint32_t arg) {
  (void)arg;
  spv_mod *m = x->m;
  ir_type *t = spv_tbuf(x);
  uint32_t n = spv_rleaves(x, i), na = spv_val(x, W(3), x->a), nb = spv_val(x, W(4), x->b);
  if (m->failed || na != n || nb != 1) return;
  for (uint32_t k = 0; k < n; k++) x->c[k] = spv_op2(x, IR_FMUL, t[k], x->a[k], x->b[0]);
  spv_set(x, W(2), x->c, n);
}

void spv_h_dot(spv_fn *x, uint32_t i, uint32_t arg) {
  (void)arg;
  spv_mod *m = x->m;
  ir_type t = spv_ir_type(m, W(1), x->line);
  uint32_t na = spv_val(x, W(3), x->a), nb = spv_val(x, W(4), x->b);
  if (m->failed || na != nb || !na) return;
  uint32_t r = spv_op2(x, IR_FMUL, t, x->a[0], x->b[0]);
  for (uint32_t k = 1; k < na; k++) {
    uint32_t o[3] = {x->a[k], x->b[k], r};
    r = spv_emit(x, IR_FMA, t, 3, o);
  }
  spv_set(x, W(2), &r, 1);
}
