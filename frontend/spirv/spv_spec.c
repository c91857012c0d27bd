/* SPIR-V specialization constants (clSetProgramSpecializationConstant): the
 * size a SpecId takes, and the module specialised, on the raw words (the
 * reader validates the result).
 *
 * Specialising sets each SpecId's value and then freezes every
 * specialization constant into a constant: OpSpecConstantTrue/False and
 * OpSpecConstant become OpConstantTrue/False and OpConstant (the value set,
 * else the default), OpSpecConstantComposite becomes OpConstantComposite,
 * and an OpSpecConstantOp on scalars is evaluated at build time into the
 * constant it computes (the OpenCL environment's opcodes on integers,
 * booleans and 32/64-bit floats, and CompositeExtract of a scalar from a
 * composite constant); the SpecId decorations go with them.
 * A big-endian module is turned little-endian first (the reader's order).
 * The reader then sees plain constants wherever one is used (array
 * lengths, initialisers, code). An OpSpecConstantOp on pointers (llvm-spirv's
 * address arithmetic in initialisers, which the reader relocates) or on
 * vectors stays as it is. */
#include <math.h>
#include <spirv/unified1/spirv.h>
#include <stdlib.h>
#include <string.h>

#include "fe.h"

/* What the specialiser knows of one id. */
enum { SPC_NONE, SPC_TINT, SPC_TFLOAT, SPC_TBOOL, SPC_CONST, SPC_COMPOSITE };

typedef struct spc_id {
  uint8_t kind;    /* SPC_T*: a scalar type; SPC_CONST: a scalar constant */
  uint8_t width;   /* a type's bits */
  uint8_t has_sid; /* decorated SpecId sid */
  uint32_t sid;
  uint32_t type; /* a constant's type id */
  uint64_t bits; /* a constant's value, zero-extended from its width; a
                  * composite's word offset in the module */
} spc_id;

/* The next instruction at word `at`: its word count, or 0 at the end or at
 * a malformed one (the reader reports that). */
static uint32_t spc_len(const uint32_t *w, size_t n, size_t at) {
  if (at >= n) return 0;
  uint32_t wc = w[at] >> 16;
  return wc && at + wc <= n ? wc : 0;
}

/* The module's ids, types, SpecIds and constants, in one table (NULL when
 * the header is unusable or memory runs out). */
static spc_id *spc_scan(const uint32_t *w, size_t n, uint32_t *bound) {
  if (n < 5 || w[0] != SpvMagicNumber || !w[3] || w[3] > 0x3FFFFF) return NULL;
  *bound = w[3];
  spc_id *ids = calloc(w[3], sizeof *ids);
  if (!ids) return NULL;
  for (size_t at = 5, wc; (wc = spc_len(w, n, at)); at += wc) {
    const uint32_t *in = w + at;
    uint16_t op = (uint16_t)(in[0] & 0xFFFF);
    if (op == SpvOpDecorate && wc >= 4 && in[2] == SpvDecorationSpecId && in[1] < *bound)
      ids[in[1]].has_sid = 1, ids[in[1]].sid = in[3];
    else if (op == SpvOpTypeBool && wc >= 2 && in[1] < *bound)
      ids[in[1]].kind = SPC_TBOOL, ids[in[1]].width = 1;
    else if ((op == SpvOpTypeInt || op == SpvOpTypeFloat) && wc >= 3 && in[1] < *bound &&
             (in[2] == 16 || in[2] == 32 || in[2] == 64 || (op == SpvOpTypeInt && in[2] == 8)))
      ids[in[1]].kind = op == SpvOpTypeInt ? SPC_TINT : SPC_TFLOAT,
      ids[in[1]].width = (uint8_t)in[2];
  }
  return ids;
}

/* The SpecId-decorated scalar specialization constant with SpecId `id`:
 * its word offset, or 0. */
static size_t spc_find(const uint32_t *w, size_t n, const spc_id *ids, uint32_t bound,
                       uint32_t id) {
  for (size_t at = 5, wc; (wc = spc_len(w, n, at)); at += wc) {
    uint16_t op = (uint16_t)(w[at] & 0xFFFF);
    if ((op == SpvOpSpecConstantTrue || op == SpvOpSpecConstantFalse || op == SpvOpSpecConstant) &&
        wc >= 3 && w[at + 2] < bound && ids[w[at + 2]].has_sid && ids[w[at + 2]].sid == id &&
        w[at + 1] < bound &&
        (ids[w[at + 1]].kind == SPC_TINT || ids[w[at + 1]].kind == SPC_TFLOAT ||
         ids[w[at + 1]].kind == SPC_TBOOL))
      return at;
  }
  return 0;
}

/* A big-endian module (its magic number reads byte-swapped) in the host's
 * little-endian words, malloc'd; NULL for any other module (used as it is)
 * or when memory runs out (*oom set). SPIR-V lets a producer write either. */
static uint32_t *spc_little(const uint32_t *w, size_t n, int *oom) {
  if (n < 1 || w[0] != 0x03022307u) return NULL;
  uint32_t *r = malloc(n * sizeof *r);
  if (!r) {
    *oom = 1;
    return NULL;
  }
  for (size_t k = 0; k < n; k++)
    r[k] = (w[k] >> 24) | ((w[k] >> 8) & 0xFF00u) | ((w[k] << 8) & 0xFF0000u) | (w[k] << 24);
  return r;
}

uint32_t fe_spirv_spec_size(const uint32_t *words, size_t nwords, uint32_t id) {
  int oom = 0;
  uint32_t *little = spc_little(words, nwords, &oom), bound = 0;
  if (little) words = little;
  spc_id *ids = oom ? NULL : spc_scan(words, nwords, &bound);
  if (!ids) {
    free(little);
    return 0;
  }
  size_t at = spc_find(words, nwords, ids, bound, id);
  /* a boolean takes one byte (the OpenCL API's rule); others their width */
  uint32_t size =
      at ? (ids[words[at + 1]].kind == SPC_TBOOL ? 1 : ids[words[at + 1]].width / 8u) : 0;
  free(ids);
  free(little);
  return size;
}

static uint64_t spc_mask(unsigned width) {
  return width >= 64 ? ~0ull : (1ull << width) - 1;
}

static int64_t spc_sext(uint64_t v, unsigned width) {
  if (width >= 64 || !width) return width ? (int64_t)v : 0;
  uint64_t sign = 1ull << (width - 1);
  return (int64_t)((v & spc_mask(width)) ^ sign) - (int64_t)sign;
}

static double spc_fp(uint64_t bits, unsigned width) {
  if (width == 64) {
    double d;
    memcpy(&d, &bits, sizeof d);
    return d;
  }
  uint32_t b = (uint32_t)bits;
  float f;
  memcpy(&f, &b, sizeof f);
  return f;
}

/* The bits of x in a float of `width` (32: rounded to float). */
static uint64_t spc_fp_bits(double x, unsigned width) {
  if (width == 64) {
    uint64_t b;
    memcpy(&b, &x, sizeof b);
    return b;
  }
  float f = (float)x;
  uint32_t b;
  memcpy(&b, &f, sizeof b);
  return b;
}

/* x converted to an integer of `width` bits as the device converts: toward
 * zero, saturating, NaN to 0. */
static uint64_t spc_fp_to_int(double x, unsigned width, int is_signed) {
  if (x != x) return 0;
  double lo = is_signed ? -ldexp(1.0, (int)width - 1) : 0.0;
  double hi = is_signed ? ldexp(1.0, (int)width - 1) : ldexp(1.0, (int)width);
  if (x <= lo) return (uint64_t)(int64_t)lo & spc_mask(width);
  if (x >= hi) return is_signed ? spc_mask(width - 1) : spc_mask(width);
  return (is_signed ? (uint64_t)(int64_t)trunc(x) : (uint64_t)trunc(x)) & spc_mask(width);
}

/* OpSpecConstantOp `opc` on constants a, b, c (ids; operand kinds
 * checked by the caller) with result type rt: *out its value; 0, or -1 for
 * an opcode or type this does not fold. Results SPIR-V leaves undefined
 * (division by zero, a shift by the width or more) fold to 0. */
static int spc_eval(const spc_id *ids, uint32_t opc, uint32_t rt, const uint32_t *op, unsigned nop,
                    uint64_t *out) {
  unsigned rw = ids[rt].width, aw = nop ? ids[ids[op[0]].type].width : 0;
  uint64_t a = nop > 0 ? ids[op[0]].bits : 0, b = nop > 1 ? ids[op[1]].bits : 0;
  uint64_t m = spc_mask(rw);
  int fa = nop && ids[ids[op[0]].type].kind == SPC_TFLOAT;
  if ((fa || ids[rt].kind == SPC_TFLOAT) &&
      ((fa && aw != 32 && aw != 64) || (ids[rt].kind == SPC_TFLOAT && rw != 32 && rw != 64)))
    return -1; /* half: not folded */
  double x = fa ? spc_fp(a, aw) : 0, y = nop > 1 && fa ? spc_fp(b, aw) : 0;
  int64_t sa = spc_sext(a, aw), sb = spc_sext(b, aw);
  switch (opc) {
  case SpvOpIAdd:
    *out = (a + b) & m;
    return 0;
  case SpvOpISub:
    *out = (a - b) & m;
    return 0;
  case SpvOpIMul:
    *out = (a * b) & m;
    return 0;
  case SpvOpUDiv:
    *out = b ? a / b : 0;
    return 0;
  case SpvOpUMod:
    *out = b ? a % b : 0;
    return 0;
  case SpvOpSDiv:
  case SpvOpSRem:
  case SpvOpSMod: {
    if (!sb || (sb == -1 && sa == spc_sext(1ull << (aw - 1), aw))) {
      *out = 0;
      return 0;
    }
    int64_t r = opc == SpvOpSDiv ? sa / sb : sa % sb;
    if (opc == SpvOpSMod && r && ((r < 0) != (sb < 0))) r += sb; /* the sign of the divisor */
    *out = (uint64_t)r & m;
    return 0;
  }
  case SpvOpShiftLeftLogical:
    *out = b < aw ? (a << b) & m : 0;
    return 0;
  case SpvOpShiftRightLogical:
    *out = b < aw ? a >> b : 0;
    return 0;
  case SpvOpShiftRightArithmetic:
    *out = b < aw ? (uint64_t)(sa >> b) & m : 0;
    return 0;
  case SpvOpBitwiseOr:
    *out = a | b;
    return 0;
  case SpvOpBitwiseXor:
    *out = a ^ b;
    return 0;
  case SpvOpBitwiseAnd:
    *out = a & b;
    return 0;
  case SpvOpNot:
    *out = ~a & m;
    return 0;
  case SpvOpSNegate:
    *out = (0 - a) & m;
    return 0;
  case SpvOpSConvert:
    *out = (uint64_t)sa & m;
    return 0;
  case SpvOpUConvert:
    *out = a & m;
    return 0;
  case SpvOpIEqual:
  case SpvOpLogicalEqual:
    *out = a == b;
    return 0;
  case SpvOpINotEqual:
  case SpvOpLogicalNotEqual:
    *out = a != b;
    return 0;
  case SpvOpULessThan:
    *out = a < b;
    return 0;
  case SpvOpUGreaterThan:
    *out = a > b;
    return 0;
  case SpvOpULessThanEqual:
    *out = a <= b;
    return 0;
  case SpvOpUGreaterThanEqual:
    *out = a >= b;
    return 0;
  case SpvOpSLessThan:
    *out = sa < sb;
    return 0;
  case SpvOpSGreaterThan:
    *out = sa > sb;
    return 0;
  case SpvOpSLessThanEqual:
    *out = sa <= sb;
    return 0;
  case SpvOpSGreaterThanEqual:
    *out = sa >= sb;
    return 0;
  case SpvOpLogicalOr:
    *out = a || b;
    return 0;
  case SpvOpLogicalAnd:
    *out = a && b;
    return 0;
  case SpvOpLogicalNot:
    *out = !a;
    return 0;
  case SpvOpSelect:
    if (nop != 3) return -1;
    *out = a ? b : ids[op[2]].bits;
    return 0;
  case SpvOpFNegate:
    *out = spc_fp_bits(-x, rw);
    return 0;
  case SpvOpFAdd:
    *out = spc_fp_bits(aw == 32 ? (double)((float)x + (float)y) : x + y, rw);
    return 0;
  case SpvOpFSub:
    *out = spc_fp_bits(aw == 32 ? (double)((float)x - (float)y) : x - y, rw);
    return 0;
  case SpvOpFMul:
    *out = spc_fp_bits(aw == 32 ? (double)((float)x * (float)y) : x * y, rw);
    return 0;
  case SpvOpFDiv:
    *out = spc_fp_bits(aw == 32 ? (double)((float)x / (float)y) : x / y, rw);
    return 0;
  case SpvOpFRem:
    *out = spc_fp_bits(fmod(x, y), rw);
    return 0;       /* the sign of the dividend */
  case SpvOpFMod: { /* the sign of the divisor */
    double r = fmod(x, y);
    if (r != 0 && (signbit(r) != signbit(y))) r += y;
    *out = spc_fp_bits(r, rw);
    return 0;
  }
  case SpvOpFConvert:
    *out = spc_fp_bits(x, rw);
    return 0;
  /* straight to float: through double would round twice */
  case SpvOpConvertSToF:
    *out = spc_fp_bits(rw == 32 ? (double)(float)sa : (double)sa, rw);
    return 0;
  case SpvOpConvertUToF:
    *out = spc_fp_bits(rw == 32 ? (double)(float)a : (double)a, rw);
    return 0;
  case SpvOpConvertFToS:
    *out = spc_fp_to_int(x, rw, 1);
    return 0;
  case SpvOpConvertFToU:
    *out = spc_fp_to_int(x, rw, 0);
    return 0;
  default:
    return -1;
  }
}

/* Writes the constant of scalar type `type`, id `id`, value bits at o. */
static size_t spc_emit(uint32_t *o, const spc_id *ids, uint32_t type, uint32_t id, uint64_t bits) {
  if (ids[type].kind == SPC_TBOOL) {
    o[0] = (3u << 16) | (bits ? SpvOpConstantTrue : SpvOpConstantFalse);
    o[1] = type, o[2] = id;
    return 3;
  }
  size_t nw = ids[type].width > 32 ? 5 : 4;
  o[0] = (uint32_t)(nw << 16) | SpvOpConstant;
  o[1] = type, o[2] = id, o[3] = (uint32_t)bits;
  if (nw == 5) o[4] = (uint32_t)(bits >> 32);
  return nw;
}

uint32_t *fe_spirv_specialize(const uint32_t *words, size_t nwords, const fe_spec_value *vals,
                              size_t nvals, size_t *nout) {
  int oom = 0;
  uint32_t *little = spc_little(words, nwords, &oom);
  uint32_t *o = oom ? NULL : malloc((nwords ? nwords : 1) * sizeof *o);
  if (!o) {
    free(little);
    return NULL;
  }
  if (little) words = little;
  uint32_t bound = 0;
  spc_id *ids = spc_scan(words, nwords, &bound);
  if (!ids) { /* nothing to specialise here: the reader reports the header */
    memcpy(o, words, nwords * sizeof *o);
    *nout = nwords;
    free(little);
    return o;
  }
  memcpy(o, words, 5 * sizeof *o);
  size_t n = 5, at = 5, wc;
  for (; (wc = spc_len(words, nwords, at)); at += wc) {
    const uint32_t *in = words + at;
    uint16_t op = (uint16_t)(in[0] & 0xFFFF);
    uint32_t rt = wc >= 3 ? in[1] : 0, id = wc >= 3 ? in[2] : 0;
    int scalar =
        rt < bound && id < bound &&
        (ids[rt].kind == SPC_TINT || ids[rt].kind == SPC_TFLOAT || ids[rt].kind == SPC_TBOOL);
    if (op == SpvOpDecorate && wc >= 3 && in[2] == SpvDecorationSpecId) continue;
    /* (each rewrite is no longer than the instruction: checked here) */
    if ((op == SpvOpConstant || op == SpvOpSpecConstant) && scalar && ids[rt].kind != SPC_TBOOL &&
        wc >= (ids[rt].width > 32 ? 5u : 4u)) {
      uint64_t bits = in[3] | (wc >= 5 ? (uint64_t)in[4] << 32 : 0);
      for (size_t k = 0; op == SpvOpSpecConstant && ids[id].has_sid && k < nvals; k++)
        if (vals[k].id == ids[id].sid) bits = vals[k].bits; /* the last set wins */
      ids[id].kind = SPC_CONST, ids[id].type = rt;
      ids[id].bits = bits & spc_mask(ids[rt].width);
      n += spc_emit(o + n, ids, rt, id, ids[id].bits);
      continue;
    }
    if ((op == SpvOpConstantTrue || op == SpvOpConstantFalse || op == SpvOpSpecConstantTrue ||
         op == SpvOpSpecConstantFalse) &&
        scalar && ids[rt].kind == SPC_TBOOL) {
      uint64_t bits = op == SpvOpConstantTrue || op == SpvOpSpecConstantTrue;
      for (size_t k = 0;
           op != SpvOpConstantTrue && op != SpvOpConstantFalse && ids[id].has_sid && k < nvals; k++)
        if (vals[k].id == ids[id].sid) bits = vals[k].bits != 0;
      ids[id].kind = SPC_CONST, ids[id].type = rt, ids[id].bits = bits;
      n += spc_emit(o + n, ids, rt, id, bits);
      continue;
    }
    if ((op == SpvOpConstantComposite || op == SpvOpSpecConstantComposite) && id < bound) {
      ids[id].kind = SPC_COMPOSITE, ids[id].bits = at;
    }
    /* an element of a composite constant (its one literal index) */
    if (op == SpvOpSpecConstantOp && scalar && wc == 6 && in[3] == SpvOpCompositeExtract &&
        in[4] < bound && ids[in[4]].kind == SPC_COMPOSITE) {
      size_t c = (size_t)ids[in[4]].bits;
      size_t k = in[5];
      uint32_t e = 3 + k < (words[c] >> 16) ? words[c + 3 + k] : bound;
      if (e < bound && ids[e].kind == SPC_CONST && ids[e].type == rt) {
        ids[id].kind = SPC_CONST, ids[id].type = rt, ids[id].bits = ids[e].bits;
        n += spc_emit(o + n, ids, rt, id, ids[id].bits);
        continue;
      }
    }
    if (op == SpvOpSpecConstantOp && scalar && wc >= 5 && wc <= 7) {
      unsigned nop = (unsigned)wc - 4;
      int known = 1;
      for (unsigned k = 0; k < nop && known; k++)
        known = in[4 + k] < bound && ids[in[4 + k]].kind == SPC_CONST;
      uint64_t bits = 0;
      if (known && !spc_eval(ids, in[3], rt, in + 4, nop, &bits)) {
        ids[id].kind = SPC_CONST, ids[id].type = rt;
        ids[id].bits = ids[rt].kind == SPC_TBOOL ? bits != 0 : bits & spc_mask(ids[rt].width);
        n += spc_emit(o + n, ids, rt, id, ids[id].bits);
        continue;
      }
    }
    memcpy(o + n, in, wc * sizeof *o);
    if (op == SpvOpSpecConstantComposite) o[n] = (o[n] & 0xFFFF0000u) | SpvOpConstantComposite;
    n += wc;
  }
  /* a malformed tail is kept for the reader to report */
  memcpy(o + n, words + at, (nwords - at) * sizeof *o);
  *nout = n + (nwords - at);
  free(ids);
  free(little);
  return o;
}
