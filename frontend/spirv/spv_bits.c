/* Lowering of the extended bit operations (OpBitFieldInsert, OpBitFieldSExtract,
 * OpBitFieldUExtract, OpBitReverse) and the integer dot products of
 * SPV_KHR_integer_dot_product (OpSDot, OpUDot, OpSUDot and their AccSat forms),
 * and of the same OpenCL C builtins when a producer leaves them as calls of
 * their mangled names (llvm-spirv 14 does for dot_acc_sat and the packed
 * forms; our own pipeline rewrites them first, frontend/legal/legal_dot.c).
 *
 * The IR ops (BFE_U, BFE_S, BFI, BITREV, DOT4) work on I32. 8- and 16-bit
 * components are widened with the offset and count clamped to their width
 * (the clamp of isa.def's v_bfe at width W: offset' = min(offset, W), count' =
 * min(count, W - offset')), so in-range uses are exact and out-of-range ones,
 * undefined in OpenCL, stay deterministic; 64-bit ones are shifts and masks
 * under the same clamp. Done here rather than in the backend so constant
 * offsets and counts fold away (passes/simplify.c). */
#include <spirv/unified1/spirv.h>
#include <string.h>

#include "spv_internal.h"
#include "spv_tables.h"

#define W(k) spv_word(m, i, (k))
#define I32 SPV_IRT(IR_T_I32)
#define I64 SPV_IRT(IR_T_I64)

static uint32_t bits_k(spv_fn *x, ir_type t, uint64_t v) {
  return spv_kconst(x, t, v);
}

static uint32_t bits_cmp0(spv_fn *x, uint32_t v) {
  uint32_t r = spv_op2(x, IR_ICMP, SPV_IRT(IR_T_BOOL), v, bits_k(x, spv_rtype(x, v), 0));
  x->f->insts[r].aux = IR_P_EQ;
  return r;
}

static uint32_t bits_sel(spv_fn *x, ir_type t, uint32_t c, uint32_t a, uint32_t b) {
  uint32_t o[3] = {c, a, b};
  return spv_emit(x, IR_SELECT, t, 3, o);
}

/* An offset or count operand (any integer width) as I32; a 64-bit one past
 * 2^32 - 1 becomes 2^32 - 1, which the clamp then treats as out of range. */
static uint32_t bits_u32(spv_fn *x, uint32_t v) {
  ir_type t = spv_rtype(x, v);
  if (t.base == IR_T_I64) v = spv_op2(x, IR_UMIN, t, v, bits_k(x, t, 0xffffffffu));
  return t.base == IR_T_I32 ? v : spv_resize(x, v, I32, 0);
}

/* offset' = min(offset, w), count' = min(count, w - offset') */
static void bits_clamp(spv_fn *x, unsigned w, uint32_t *o, uint32_t *c) {
  *o = spv_op2(x, IR_UMIN, I32, *o, bits_k(x, I32, w));
  uint32_t room = spv_op2(x, IR_SUB, I32, bits_k(x, I32, w), *o);
  *c = spv_op2(x, IR_UMIN, I32, *c, room);
}

/* A 64-bit field: extract (ins == IR_NONE; arithmetic shift when sgn) or
 * insert of ins into base, with offset o and count c (I32). */
static uint32_t bits_field64(spv_fn *x, uint32_t base, uint32_t ins, uint32_t o, uint32_t c,
                             int sgn) {
  bits_clamp(x, 64, &o, &c);
  uint32_t none = bits_cmp0(x, c), m63 = bits_k(x, I64, 63), z = bits_k(x, I64, 0);
  uint32_t o64 = spv_resize(x, o, I64, 0), c64 = spv_resize(x, c, I64, 0);
  /* count 0 shifts by 64: masked to a defined count, its result not taken */
  uint32_t up = spv_op2(x, IR_AND, I64, spv_op2(x, IR_SUB, I64, bits_k(x, I64, 64), c64), m63);
  if (ins == IR_NONE) { /* (x << (64 - o - c)) >> (64 - c) */
    uint32_t l = spv_op2(x, IR_SUB, I64, spv_op2(x, IR_SUB, I64, bits_k(x, I64, 64), o64), c64);
    uint32_t r = spv_op2(x, IR_SHL, I64, base, spv_op2(x, IR_AND, I64, l, m63));
    r = spv_op2(x, sgn ? IR_ASHR : IR_LSHR, I64, r, up);
    return bits_sel(x, I64, none, z, r);
  }
  uint32_t at = spv_op2(x, IR_AND, I64, o64, m63);
  uint32_t mask = spv_op2(x, IR_LSHR, I64, bits_k(x, I64, ~(uint64_t)0), up);
  mask = bits_sel(x, I64, none, z, spv_op2(x, IR_SHL, I64, mask, at));
  uint32_t keep =
      spv_op2(x, IR_AND, I64, base, spv_op2(x, IR_XOR, I64, mask, bits_k(x, I64, ~0ull)));
  uint32_t put = spv_op2(x, IR_AND, I64, spv_op2(x, IR_SHL, I64, ins, at), mask);
  return spv_op2(x, IR_OR, I64, keep, put);
}

/* One component of type t: extract (ins == IR_NONE, sign-extended when sgn)
 * or insert; o and c are I32. */
static uint32_t bits_field(spv_fn *x, ir_type t, uint32_t base, uint32_t ins, uint32_t o,
                           uint32_t c, int sgn) {
  unsigned w = ir_type_bytes(t) * 8;
  if (w == 64) return bits_field64(x, base, ins, o, c, sgn);
  if (w < 32) {
    bits_clamp(x, w, &o, &c);
    base = spv_resize(x, base, I32, 0);
    if (ins != IR_NONE) ins = spv_resize(x, ins, I32, 0);
  }
  uint32_t r;
  if (ins == IR_NONE) {
    uint32_t opnd[3] = {base, o, c};
    r = spv_emit(x, sgn ? IR_BFE_S : IR_BFE_U, I32, 3, opnd);
  } else {
    uint32_t opnd[4] = {base, ins, o, c};
    r = spv_emit(x, IR_BFI, I32, 4, opnd);
  }
  return w < 32 ? spv_resize(x, r, t, 0) : r;
}

/* bit_reverse of one component of type t */
static uint32_t bits_reverse(spv_fn *x, ir_type t, uint32_t v) {
  unsigned w = ir_type_bytes(t) * 8;
  if (w == 32) return spv_op1(x, IR_BITREV, I32, v);
  if (w < 32) {
    uint32_t r = spv_op1(x, IR_BITREV, I32, spv_resize(x, v, I32, 0));
    r = spv_op2(x, IR_LSHR, I32, r, bits_k(x, I32, 32 - w));
    return spv_resize(x, r, t, 0);
  }
  uint32_t lo = spv_resize(x, v, I32, 0);
  uint32_t hi = spv_resize(x, spv_op2(x, IR_LSHR, I64, v, bits_k(x, I64, 32)), I32, 0);
  uint32_t rlo = spv_resize(x, spv_op1(x, IR_BITREV, I32, lo), I64, 0); /* the new high half */
  uint32_t rhi = spv_resize(x, spv_op1(x, IR_BITREV, I32, hi), I64, 0);
  return spv_op2(x, IR_OR, I64, spv_op2(x, IR_SHL, I64, rlo, bits_k(x, I64, 32)), rhi);
}

/* The components of base (and insert) with scalar offset/count values,
 * through bits_field into x->c; the count of components, 0 on an error. */
static uint32_t bits_fields(spv_fn *x, const char *what, uint32_t base, uint32_t ins, uint32_t off,
                            uint32_t cnt, int sgn) {
  spv_mod *m = x->m;
  uint32_t n = spv_val(x, base, x->a), ni = ins ? spv_val(x, ins, x->b) : n;
  uint32_t no = spv_val(x, off, x->r);
  uint32_t o = x->r[0];
  uint32_t nc = spv_val(x, cnt, x->r);
  if (m->failed) return 0;
  if (ni != n || no != 1 || nc != 1) {
    spv_error(m, x->line, "malformed SPIR-V: %s operand shapes (offset and count are scalars)",
              what);
    return 0;
  }
  o = bits_u32(x, o);
  uint32_t c = bits_u32(x, x->r[0]);
  for (uint32_t k = 0; k < n; k++) {
    ir_type t = spv_rtype(x, x->a[k]);
    if (t.base < IR_T_I8 || t.base > IR_T_I64) {
      spv_error(m, x->line, "malformed SPIR-V: %s of a non-integer value", what);
      return 0;
    }
    x->c[k] = bits_field(x, t, x->a[k], ins ? x->b[k] : IR_NONE, o, c, sgn);
  }
  return n;
}

/* OpBitFieldInsert (arg 0), OpBitFieldSExtract (1), OpBitFieldUExtract (2) */
void spv_h_bitfield(spv_fn *x, uint32_t i, uint32_t arg) {
  spv_mod *m = x->m;
  uint32_t n = arg == 0 ? bits_fields(x, "OpBitFieldInsert", W(3), W(4), W(5), W(6), 0)
                        : bits_fields(x, arg == 1 ? "OpBitFieldSExtract" : "OpBitFieldUExtract",
                                      W(3), 0, W(4), W(5), arg == 1);
  if (n) spv_set(x, W(2), x->c, n);
}

/* bit_reverse of each component of value `val`, as value `res` */
static void bits_reverse_all(spv_fn *x, uint32_t val, uint32_t res) {
  spv_mod *m = x->m;
  uint32_t n = spv_val(x, val, x->a);
  for (uint32_t k = 0; k < n && !m->failed; k++) {
    ir_type t = spv_rtype(x, x->a[k]);
    if (t.base < IR_T_I8 || t.base > IR_T_I64) {
      spv_error(m, x->line, "malformed SPIR-V: bit reverse of a non-integer value");
      return;
    }
    x->c[k] = bits_reverse(x, t, x->a[k]);
  }
  if (!m->failed) spv_set(x, res, x->c, n);
}

void spv_h_bit_reverse(spv_fn *x, uint32_t i, uint32_t arg) {
  (void)arg;
  spv_mod *m = x->m;
  bits_reverse_all(x, W(3), W(2));
}

/* ---- integer dot products ---------------------------------------------------- */

/* A dot product operand as the I32 of its four bytes: a vector of four 8-bit
 * integers (DotProductInput4x8Bit) or, when packed, one 32-bit integer
 * (DotProductInput4x8BitPacked). IR_NONE (with an error) for another shape:
 * vectors of other types need DotProductInputAll, which is not supported. */
/* The I32 whose bytes v[0..3] are when they are its truncated shifts (the
 * reader's as_char4(uint) and every bitcast of a uint to a char4), so the
 * packed value is used as it is; IR_NONE otherwise. */
static uint32_t bits_bytes_of(spv_fn *x, const uint32_t *v) {
  const ir_function *f = x->f;
  uint32_t whole = IR_NONE;
  for (uint32_t k = 0; k < 4; k++) {
    const ir_inst *t = &f->insts[v[k]];
    if (t->op != IR_TRUNC || t->type.base != IR_T_I8) return IR_NONE;
    uint32_t src = t->opnd[0];
    if (k) { /* lshr src, 8k */
      const ir_inst *sh = &f->insts[src];
      if (sh->op != IR_LSHR || f->insts[sh->opnd[1]].op != IR_CONST ||
          (f->insts[sh->opnd[1]].imm & 0xffffffffu) != 8 * k)
        return IR_NONE;
      src = sh->opnd[0];
    }
    if (f->insts[src].type.base != IR_T_I32 || (k && src != whole)) return IR_NONE;
    whole = src;
  }
  return whole;
}

static uint32_t bits_dot_opnd(spv_fn *x, const uint32_t *v, uint32_t n, int packed,
                              const char *what) {
  if (packed && n == 1 && spv_rtype(x, v[0]).base == IR_T_I32) return v[0];
  if (!packed && n == 4 && bits_bytes_of(x, v) != IR_NONE) return bits_bytes_of(x, v);
  if (!packed && n == 4) {
    uint32_t r = IR_NONE;
    for (uint32_t k = 0; k < 4; k++) {
      if (spv_rtype(x, v[k]).base != IR_T_I8) break;
      uint32_t b = spv_resize(x, v[k], I32, 0);
      if (k) b = spv_op2(x, IR_SHL, I32, b, bits_k(x, I32, 8 * k));
      r = k ? spv_op2(x, IR_OR, I32, r, b) : b;
      if (k == 3) return r;
    }
  }
  spv_error(x->m, x->line,
            "unsupported operands of %s: only vectors of four 8-bit integers and packed 32-bit "
            "integers are supported (DotProductInputAll is not implemented yet)",
            what);
  return IR_NONE;
}

/* The dot product of a and b (leaves, na and nb of them) of kind dot
 * (ir_dot), plus acc (IR_NONE: none) as the result type rt wants. */
static uint32_t bits_dot(spv_fn *x, const char *what, unsigned dot, const uint32_t *a, uint32_t na,
                         const uint32_t *b, uint32_t nb, int packed, uint32_t acc, ir_type rt) {
  spv_mod *m = x->m;
  uint32_t pa = bits_dot_opnd(x, a, na, packed, what);
  uint32_t pb = pa == IR_NONE ? IR_NONE : bits_dot_opnd(x, b, nb, packed, what);
  if (pb == IR_NONE) return IR_NONE;
  int sat = (dot & IR_DOT_SAT) != 0, sg = (dot & 3) != IR_DOT_UU;
  if (rt.base < IR_T_I8 || rt.base > IR_T_I64 || (sat && spv_rtype(x, acc).base != rt.base)) {
    spv_error(m, x->line, "malformed SPIR-V: %s result and accumulator types", what);
    return IR_NONE;
  }
  int direct = rt.base == IR_T_I32;
  uint32_t opnd[3] = {pa, pb, sat && direct ? acc : bits_k(x, I32, 0)};
  uint32_t r = spv_emit(x, IR_DOT4, I32, 3, opnd);
  x->f->insts[r].aux = direct ? dot : dot & 3;
  if (direct) return r;
  /* other widths: the exact product (|sum| < 2^31) taken modulo the width,
   * or accumulated and clamped here */
  if (!sat) return spv_resize(x, r, rt, sg);
  if (rt.base != IR_T_I64) { /* 8/16 bits: the sum is exact in 32 */
    unsigned w = ir_type_bytes(rt) * 8;
    uint32_t v = spv_op2(x, IR_ADD, I32, r, spv_resize(x, acc, I32, sg));
    if (sg) {
      v = spv_op2(x, IR_SMIN, I32, v, bits_k(x, I32, (1u << (w - 1)) - 1));
      v = spv_op2(x, IR_SMAX, I32, v, bits_k(x, I32, (uint32_t) - (1 << (w - 1))));
    } else { /* both terms are unsigned: only the top can be passed */
      v = spv_op2(x, IR_UMIN, I32, v, bits_k(x, I32, (1u << w) - 1));
    }
    return spv_resize(x, v, rt, 0);
  }
  /* 64 bits: acc + the product, clamped when the addition wraps */
  uint32_t d = spv_resize(x, r, I64, sg), sum = spv_op2(x, IR_ADD, I64, acc, d);
  ir_type b1 = SPV_IRT(IR_T_BOOL);
  if (!sg) {
    uint32_t wrap = spv_op2(x, IR_ICMP, b1, sum, acc);
    x->f->insts[wrap].aux = IR_P_ULT;
    return bits_sel(x, I64, wrap, bits_k(x, I64, ~0ull), sum);
  }
  uint32_t up = spv_op2(x, IR_ICMP, b1, sum, acc),
           pos = spv_op2(x, IR_ICMP, b1, d, bits_k(x, I64, 0));
  x->f->insts[up].aux = IR_P_SLT, x->f->insts[pos].aux = IR_P_SGT;
  uint32_t down = spv_op2(x, IR_ICMP, b1, sum, acc),
           neg = spv_op2(x, IR_ICMP, b1, d, bits_k(x, I64, 0));
  x->f->insts[down].aux = IR_P_SGT, x->f->insts[neg].aux = IR_P_SLT;
  uint32_t hi = spv_op2(x, IR_AND, b1, up, pos), lo = spv_op2(x, IR_AND, b1, down, neg);
  uint32_t v = bits_sel(x, I64, hi, bits_k(x, I64, (uint64_t)INT64_MAX), sum);
  return bits_sel(x, I64, lo, bits_k(x, I64, (uint64_t)INT64_MIN), v);
}

/* OpSDot, OpUDot, OpSUDot, and with IR_DOT_SAT in arg their AccSat forms:
 * Vector 1, Vector 2 [, Accumulator] [, Packed Vector Format] */
void spv_h_int_dot(spv_fn *x, uint32_t i, uint32_t arg) {
  spv_mod *m = x->m;
  const char *what = spv_op_name(m->ins[i].op);
  uint32_t nopnd = (arg & IR_DOT_SAT) ? 3 : 2;
  int packed = m->ins[i].nw > 3 + nopnd;
  if (packed && W(3 + nopnd) != SpvPackedVectorFormatPackedVectorFormat4x8Bit) {
    spv_error(m, x->line, "unsupported packed vector format %u in %s", W(3 + nopnd), what);
    return;
  }
  uint32_t na = spv_val(x, W(3), x->a), nb = spv_val(x, W(4), x->b), acc = IR_NONE;
  if (nopnd == 3 && spv_val(x, W(5), x->r) == 1) acc = x->r[0];
  if (m->failed) return;
  if (nopnd == 3 && acc == IR_NONE) {
    spv_error(m, x->line, "malformed SPIR-V: %s accumulator shape", what);
    return;
  }
  ir_type *t = spv_tbuf(x);
  if (spv_rleaves(x, i) != 1) {
    spv_error(m, x->line, "malformed SPIR-V: %s with a vector result", what);
    return;
  }
  uint32_t r = bits_dot(x, what, arg, x->a, na, x->b, nb, packed, acc, t[0]);
  if (r != IR_NONE) spv_set(x, W(2), &r, 1);
}

/* ---- the builtins as calls of their mangled names ------------------------------ */

/* The sixteen OpenCL C dot product builtins (int_dot.def): kind, and whether
 * the operands swap (the us forms: the SPIR-V and ISA mixed form takes the
 * signed first). */
static const struct {
  const char *name;
  uint8_t dot, swap, packed;
} bits_dot_calls[] = {
#define INT_DOT(builtin, spirv, sign, sat, swap, packed)                                           \
  {#builtin, IR_DOT_##sign | ((sat) ? IR_DOT_SAT : 0), swap, packed},
#include "int_dot.def"
#undef INT_DOT
};

/* The bit operation builtins: their signedness is the operation's, not the
 * operand types', so the base name decides (the parameters follow it). */
static const struct {
  const char *prefix;
  int op; /* spv_h_bitfield's arg, or -1 for bit_reverse */
} bits_bit_calls[] = {
    {"_Z15bitfield_insert", 0},
    {"_Z23bitfield_extract_signed", 1},
    {"_Z25bitfield_extract_unsigned", 2},
    {"_Z11bit_reverse", -1},
};

/* OpFunctionCall i of a function without a body named `name`: 1 when it is
 * one of the builtins above (lowered, or an error set), 0 otherwise. */
int spv_bits_call(spv_fn *x, uint32_t i, const char *name) {
  spv_mod *m = x->m;
  uint32_t nargs = m->ins[i].nw > 4 ? m->ins[i].nw - 4u : 0;
  for (size_t k = 0; k < sizeof bits_dot_calls / sizeof bits_dot_calls[0]; k++) {
    if (strcmp(name, bits_dot_calls[k].name)) continue;
    unsigned dot = bits_dot_calls[k].dot;
    if (nargs != ((dot & IR_DOT_SAT) ? 3u : 2u)) {
      spv_error(m, x->line, "malformed SPIR-V: call of %s with %u arguments", name, nargs);
      return 1;
    }
    int sw = bits_dot_calls[k].swap;
    uint32_t na = spv_val(x, W(4 + sw), x->a), nb = spv_val(x, W(5 - sw), x->b), acc = IR_NONE;
    if ((dot & IR_DOT_SAT) && spv_val(x, W(6), x->r) == 1) acc = x->r[0];
    if (m->failed) return 1;
    if ((dot & IR_DOT_SAT) && acc == IR_NONE) {
      spv_error(m, x->line, "malformed SPIR-V: accumulator of %s", name);
      return 1;
    }
    uint32_t r = bits_dot(x, name, dot, x->a, na, x->b, nb, bits_dot_calls[k].packed, acc,
                          spv_ir_type(m, W(1), x->line));
    if (r != IR_NONE) spv_set(x, W(2), &r, 1);
    return 1;
  }
  for (size_t k = 0; k < sizeof bits_bit_calls / sizeof bits_bit_calls[0]; k++) {
    const char *p = bits_bit_calls[k].prefix;
    if (strncmp(name, p, strlen(p))) continue;
    int op = bits_bit_calls[k].op;
    uint32_t want = op < 0 ? 1 : op == 0 ? 4 : 3, n;
    if (nargs != want) {
      spv_error(m, x->line, "malformed SPIR-V: call of %s with %u arguments", name, nargs);
      return 1;
    }
    if (op < 0) {
      bits_reverse_all(x, W(4), W(2));
      return 1;
    }
    n = op == 0 ? bits_fields(x, name, W(4), W(5), W(6), W(7), 0)
                : bits_fields(x, name, W(4), 0, W(5), W(6), op == 1);
    if (n) spv_set(x, W(2), x->c, n);
    return 1;
  }
  return 0;
}
