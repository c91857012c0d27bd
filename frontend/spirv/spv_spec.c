/* SPIR-V specialization constants (clSetProgramSpecializationConstant): the
 * size a SpecId takes, and the module specialised, on the raw words (the
 * reader validates the result).
 *
 * Specialising sets each SpecId's value and then freezes every
 * specialization constant into a constant: OpSpecConstantTrue/False and
 * OpSpecConstant become OpConstantTrue/False and OpConstant (the value set,
 * else the default), OpSpecConstantComposite becomes OpConstantComposite,
 * and an OpSpecConstantOp is evaluated at build time into the constant it
 * computes, on scalars and vectors alike (spv_specop.def lists the opcodes
 * SPIR-V allows there and how each is evaluated: one evaluator per
 * component for arithmetic, conversions, comparisons and Select, and the
 * shape operations VectorShuffle, CompositeExtract/Insert and Bitcast). A
 * vector result is written as its component constants, under ids past the
 * old bound (the header's bound grows), and an OpConstantComposite of them.
 * The SpecId decorations go with them.
 * A big-endian module is turned little-endian first (the reader's order).
 * The reader then sees plain constants wherever one is used (array
 * lengths, initialisers, code). An OpSpecConstantOp on pointers (llvm-spirv's
 * address arithmetic in initialisers, which the reader relocates) stays as
 * it is. */
#include <math.h>
#include <spirv/unified1/spirv.h>
#include <stdlib.h>
#include <string.h>

#include "fe.h"
#include "spv_internal.h"

/* What the specialiser knows of one id. */
enum {
  SPC_NONE,
  SPC_TINT,
  SPC_TFLOAT,
  SPC_TBOOL,
  SPC_TVEC, /* a vector of one of the three */
  SPC_CONST,
  SPC_VEC,      /* a vector constant, its components known */
  SPC_COMPOSITE /* any other composite constant */
};

/* The most components a vector has (OpenCL's 16). */
#define SPC_MAX_COMP 16

typedef struct spc_id {
  uint8_t kind;    /* SPC_T*: a type; SPC_CONST, SPC_VEC, SPC_COMPOSITE: a constant */
  uint8_t width;   /* a scalar type's bits; a vector type's components */
  uint8_t has_sid; /* decorated SpecId sid */
  uint32_t sid;
  uint32_t type; /* a constant's type id; a vector type's component type */
  uint64_t bits; /* a scalar constant's value, zero-extended from its width;
                  * a vector constant's first component in spc_ctx.pool; a
                  * composite's word offset in the output */
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
    else if (op == SpvOpTypeVector && wc >= 4 && in[1] < *bound && in[2] < *bound &&
             ids[in[2]].kind >= SPC_TINT && ids[in[2]].kind <= SPC_TBOOL && in[3] >= 2 &&
             in[3] <= SPC_MAX_COMP)
      ids[in[1]].kind = SPC_TVEC, ids[in[1]].type = in[2], ids[in[1]].width = (uint8_t)in[3];
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

/* A half's value (exact in a double). */
static double spc_half_value(uint32_t h) {
  unsigned e = (h >> 10) & 31, f = h & 1023;
  double v = e == 0 ? ldexp(f, -24) : e == 31 ? (f ? NAN : INFINITY) : ldexp(1024 + f, (int)e - 25);
  return h & 0x8000 ? -v : v;
}

/* x rounded to a half (to nearest, ties to even: one rounding from the
 * double, which holds every sum, product and quotient of halves closely
 * enough that rounding twice cannot differ). */
static uint32_t spc_half_bits(double x) {
  uint32_t s = signbit(x) ? 0x8000u : 0;
  if (x != x) return s | 0x7E00u;
  x = fabs(x);
  if (x >= 65520.0) return s | 0x7C00u;      /* past the largest half's half-way point */
  if (x < ldexp(1.0, -14))                   /* subnormal: in units of 2^-24 */
    return s | (uint32_t)rint(ldexp(x, 24)); /* 1024 is the smallest normal's encoding */
  int e;
  double q = rint(ldexp(frexp(x, &e), 11)); /* 11 significant bits */
  if (q == 2048.0) q = 1024.0, e++;
  unsigned he = (unsigned)(e + 14);
  return he >= 31 ? s | 0x7C00u : s | (he << 10) | ((uint32_t)q - 1024u);
}

static double spc_fp(uint64_t bits, unsigned width) {
  if (width == 64) {
    double d;
    memcpy(&d, &bits, sizeof d);
    return d;
  }
  if (width == 16) return spc_half_value((uint32_t)bits);
  uint32_t b = (uint32_t)bits;
  float f;
  memcpy(&f, &b, sizeof f);
  return f;
}

/* The bits of x in a float of `width` (32: rounded to float, 16: to half). */
static uint64_t spc_fp_bits(double x, unsigned width) {
  if (width == 64) {
    uint64_t b;
    memcpy(&b, &x, sizeof b);
    return b;
  }
  if (width == 16) return spc_half_bits(x);
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

/* One component of OpSpecConstantOp `opc` (an ALU row of spv_specop.def):
 * operands v[0..nop) of scalar type `at` (the first operand's; Select's
 * values follow its boolean), result scalar type rt: *out its value; 0, or
 * -1 for an opcode or type this does not fold. Results SPIR-V leaves
 * undefined (division by zero, a shift by the width or more) fold to 0. */
static int spc_alu(const spc_id *ids, uint32_t opc, uint32_t rt, uint32_t at, const uint64_t *v,
                   unsigned nop, uint64_t *out) {
  unsigned rw = ids[rt].width, aw = nop ? ids[at].width : 0;
  uint64_t a = nop > 0 ? v[0] : 0, b = nop > 1 ? v[1] : 0;
  uint64_t m = spc_mask(rw);
  int fa = nop && ids[at].kind == SPC_TFLOAT;
  if (ids[rt].kind == SPC_TBOOL) m = 1;
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
    *out = a ? b : v[2];
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

/* How the specialiser evaluates each opcode OpSpecConstantOp may compute
 * (spv_specop.def); SPC_EV_NONE: not allowed there. */
enum { SPC_EV_NONE, SPC_EV_ALU, SPC_EV_SHAPE, SPC_EV_ADDR };

static int spc_how(uint32_t opc) {
  switch (opc) {
#define SPC_OP(name, how)                                                                          \
  case SpvOp##name:                                                                                \
    return SPC_EV_##how;
#include "spv_specop.def"
#undef SPC_OP
  default:
    return SPC_EV_NONE;
  }
}

int spv_specop_allowed(uint32_t opc) {
  return spc_how(opc) != SPC_EV_NONE;
}

/* The specialiser's state: what it knows of each id, the components of
 * vector constants, and the module it writes (which may grow: a vector
 * result is written as its component constants, under ids past the old
 * bound, and an OpConstantComposite of them). */
typedef struct spc_ctx {
  spc_id *ids;
  uint32_t bound, next; /* the module's bound; the next fresh id */
  uint64_t *pool;
  size_t npool, cpool;
  uint32_t *o;
  size_t n, cap;
  size_t limit; /* composite copies stop here (SPC_GROWTH) */
  int oom;
} spc_ctx;

/* How far folding may write in a module of n words: past it, an
 * OpSpecConstantOp stays as it is (copies of composites for
 * CompositeInsert could otherwise grow a module quadratically). The output
 * is at most this plus the input: 21 * n + 4096 words. */
#define SPC_GROWTH(n) (20 * (size_t)(n) + 4096)

/* Room for `more` words of output; 0 when memory runs out (ctx->oom). */
static int spc_room(spc_ctx *c, size_t more) {
  if (c->n + more <= c->cap) return 1;
  size_t cap = c->cap * 2 > c->n + more ? c->cap * 2 : c->n + more + 64;
  uint32_t *o = c->oom ? NULL : realloc(c->o, cap * sizeof *o);
  if (!o) {
    c->oom = 1;
    return 0;
  }
  c->o = o, c->cap = cap;
  return 1;
}

/* Writes the constant of scalar type `type`, id `id`, value bits. */
static void spc_emit(spc_ctx *c, uint32_t type, uint32_t id, uint64_t bits) {
  if (!spc_room(c, 5)) return;
  uint32_t *o = c->o + c->n;
  if (c->ids[type].kind == SPC_TBOOL) {
    o[0] = (3u << 16) | (bits ? SpvOpConstantTrue : SpvOpConstantFalse);
    o[1] = type, o[2] = id;
    c->n += 3;
    return;
  }
  size_t nw = c->ids[type].width > 32 ? 5 : 4;
  o[0] = (uint32_t)(nw << 16) | SpvOpConstant;
  o[1] = type, o[2] = id, o[3] = (uint32_t)bits;
  if (nw == 5) o[4] = (uint32_t)(bits >> 32);
  c->n += nw;
}

/* Components of type `t` (1 for a scalar, 0 for anything else) and their
 * scalar type. */
static unsigned spc_ncomp(const spc_ctx *c, uint32_t t, uint32_t *ct) {
  if (t >= c->bound) return 0;
  const spc_id *x = &c->ids[t];
  if (x->kind == SPC_TVEC) {
    *ct = x->type;
    return x->width;
  }
  *ct = t;
  return x->kind == SPC_TINT || x->kind == SPC_TFLOAT || x->kind == SPC_TBOOL;
}

/* Whether id is a scalar or vector constant the specialiser knows. */
static int spc_known(const spc_ctx *c, uint32_t id) {
  return id < c->bound && (c->ids[id].kind == SPC_CONST || c->ids[id].kind == SPC_VEC);
}

/* Component k of known constant id. */
static uint64_t spc_comp(const spc_ctx *c, uint32_t id, unsigned k) {
  const spc_id *x = &c->ids[id];
  return x->kind == SPC_VEC ? c->pool[x->bits + k] : x->bits;
}

/* Defines id, of scalar or vector type rt, as the constant with components
 * v (each masked to its width; a boolean is 0 or 1), and writes it when
 * `write` is set; a fresh id (past the module's bound) is written, not
 * recorded. */
static void spc_define(spc_ctx *c, uint32_t rt, uint32_t id, uint64_t *v, int write) {
  uint32_t ct = 0;
  unsigned n = spc_ncomp(c, rt, &ct);
  for (unsigned k = 0; k < n; k++)
    v[k] = c->ids[ct].kind == SPC_TBOOL ? v[k] != 0 : v[k] & spc_mask(c->ids[ct].width);
  spc_id fresh, *x = id < c->bound ? &c->ids[id] : &fresh;
  x->type = rt;
  if (c->ids[rt].kind != SPC_TVEC) {
    x->kind = SPC_CONST, x->bits = v[0];
    if (write) spc_emit(c, rt, id, v[0]);
    return;
  }
  if (x != &fresh && c->npool + n > c->cpool) {
    size_t cap = c->cpool * 2 + SPC_MAX_COMP;
    uint64_t *p = realloc(c->pool, cap * sizeof *p);
    if (!p) {
      c->oom = 1;
      return;
    }
    c->pool = p, c->cpool = cap;
  }
  if (x != &fresh) {
    x->kind = SPC_VEC, x->bits = c->npool;
    memcpy(c->pool + c->npool, v, n * sizeof *v);
    c->npool += n;
  }
  if (!write) return;
  uint32_t comp[SPC_MAX_COMP];
  for (unsigned k = 0; k < n; k++) {
    comp[k] = c->next++;
    spc_emit(c, ct, comp[k], v[k]);
  }
  if (!spc_room(c, 3 + n)) return;
  c->o[c->n] = ((3u + n) << 16) | SpvOpConstantComposite;
  c->o[c->n + 1] = rt, c->o[c->n + 2] = id;
  memcpy(c->o + c->n + 3, comp, n * sizeof *comp);
  c->n += 3 + n;
}

/* An ALU row on scalars or vectors, component by component (a scalar
 * operand of a vector operation, Select's condition, applies to each). */
static int spc_eval_alu(spc_ctx *c, uint32_t opc, uint32_t rt, const uint32_t *op, unsigned nop,
                        uint64_t *v) {
  uint32_t rct = 0, act = 0, ct = 0;
  unsigned n = spc_ncomp(c, rt, &rct);
  if (!n || nop < 1 || nop > 3) return -1;
  unsigned nc[3];
  for (unsigned j = 0; j < nop; j++) {
    if (!spc_known(c, op[j])) return -1;
    nc[j] = spc_ncomp(c, c->ids[op[j]].type, j ? &ct : &act);
    if (nc[j] != n && nc[j] != 1) return -1;
  }
  for (unsigned k = 0; k < n; k++) {
    uint64_t a[3];
    for (unsigned j = 0; j < nop; j++) a[j] = spc_comp(c, op[j], nc[j] == 1 ? 0 : k);
    if (spc_alu(c->ids, opc, rct, opc == SpvOpSelect ? rct : act, a, nop, &v[k])) return -1;
  }
  return 0;
}

/* The words of composite constant id written to the output (its word
 * offset, recorded when it was written), or NULL. */
static const uint32_t *spc_composite(const spc_ctx *c, uint32_t id, uint32_t *nconst) {
  if (id >= c->bound || c->ids[id].kind != SPC_COMPOSITE) return NULL;
  const uint32_t *w = c->o + c->ids[id].bits;
  *nconst = (w[0] >> 16) - 3;
  return w + 3;
}

/* Bitcast of a number: the operand's bytes (little-endian components)
 * read as rt's; the sizes must match. */
static int spc_bitcast(spc_ctx *c, uint32_t rt, uint32_t a, uint64_t *v) {
  uint32_t act = 0, rct = 0;
  unsigned na = spc_known(c, a) ? spc_ncomp(c, c->ids[a].type, &act) : 0;
  unsigned nr = spc_ncomp(c, rt, &rct);
  unsigned aw = c->ids[act].width, rw = c->ids[rct].width;
  if (!na || !nr || c->ids[act].kind == SPC_TBOOL || c->ids[rct].kind == SPC_TBOOL ||
      na * aw != nr * rw)
    return -1;
  uint8_t bytes[SPC_MAX_COMP * 8];
  for (unsigned k = 0; k < na; k++)
    for (unsigned b = 0; b < aw / 8; b++)
      bytes[k * (aw / 8) + b] = (uint8_t)(spc_comp(c, a, k) >> (8 * b));
  for (unsigned k = 0; k < nr; k++) {
    v[k] = 0;
    for (unsigned b = 0; b < rw / 8; b++) v[k] |= (uint64_t)bytes[k * (rw / 8) + b] << (8 * b);
  }
  return 0;
}

/* CompositeExtract: through composite constants' constituents by the
 * literal indexes, the last one possibly into a vector's components. */
static int spc_extract(spc_ctx *c, uint32_t rt, uint32_t id, const uint32_t *idx, unsigned nidx,
                       uint64_t *v) {
  uint32_t ct = 0;
  unsigned n = spc_ncomp(c, rt, &ct);
  for (unsigned k = 0; k < nidx; k++) {
    uint32_t nconst;
    const uint32_t *cs = spc_composite(c, id, &nconst);
    if (cs) {
      if (idx[k] >= nconst) return -1;
      id = cs[idx[k]];
      continue;
    }
    if (k + 1 != nidx || !spc_known(c, id) || c->ids[id].kind != SPC_VEC || n != 1 ||
        idx[k] >= c->ids[c->ids[id].type].width || c->ids[c->ids[id].type].type != rt)
      return -1;
    v[0] = spc_comp(c, id, idx[k]);
    return 0;
  }
  if (!n || !spc_known(c, id) || c->ids[id].type != rt) return -1;
  for (unsigned k = 0; k < n; k++) v[k] = spc_comp(c, id, k);
  return 0;
}

/* CompositeInsert of object `obj` into composite constant `comp` at the
 * literal indexes, defining `id`: a vector's component, or a constituent of
 * a struct or array, whose copy (and each copy of an enclosing constituent,
 * under fresh ids) is written as an OpConstantComposite. */
static int spc_insert(spc_ctx *c, uint32_t rt, uint32_t id, uint32_t obj, uint32_t comp,
                      const uint32_t *idx, unsigned nidx) {
  /* (a nesting deeper than any real constant stops: this recurses) */
  if (!nidx || nidx > 32 || comp >= c->bound || c->ids[comp].type != rt) return -1;
  if (c->ids[comp].kind == SPC_VEC) {
    uint32_t ct = 0;
    unsigned n = spc_ncomp(c, rt, &ct);
    if (nidx != 1 || idx[0] >= n || !spc_known(c, obj) || c->ids[obj].type != ct) return -1;
    uint64_t v[SPC_MAX_COMP];
    for (unsigned k = 0; k < n; k++) v[k] = spc_comp(c, comp, k);
    v[idx[0]] = c->ids[obj].bits;
    spc_define(c, rt, id, v, 1);
    return 0;
  }
  uint32_t nconst;
  const uint32_t *cs = spc_composite(c, comp, &nconst);
  if (!cs || idx[0] >= nconst) return -1;
  uint32_t part = obj;
  if (nidx > 1) {
    uint32_t sub = cs[idx[0]];
    if (sub >= c->bound) return -1;
    part = c->next++;
    if (spc_insert(c, c->ids[sub].type, part, obj, sub, idx + 1, nidx - 1)) return -1;
  }
  if (c->n + 3 + nconst > c->limit || !spc_room(c, 3 + nconst)) return -1;
  cs = spc_composite(c, comp, &nconst);
  uint32_t *o = c->o + c->n;
  o[0] = ((3u + nconst) << 16) | SpvOpConstantComposite;
  o[1] = rt, o[2] = id;
  memcpy(o + 3, cs, nconst * sizeof *o);
  o[3 + idx[0]] = part;
  if (id < c->bound) c->ids[id].kind = SPC_COMPOSITE, c->ids[id].type = rt, c->ids[id].bits = c->n;
  c->n += 3 + nconst;
  return 0;
}

/* OpSpecConstantOp `in` (wc words) evaluated and written as the constant
 * it computes; -1 when it stays as it is (an address, or operands not
 * known). */
static int spc_fold(spc_ctx *c, const uint32_t *in, size_t wc) {
  uint32_t rt = in[1], id = in[2], opc = in[3], ct = 0;
  const uint32_t *op = in + 4;
  unsigned nop = (unsigned)wc - 4;
  unsigned n = spc_ncomp(c, rt, &ct);
  uint64_t v[SPC_MAX_COMP];
  int r = -1;
  if (c->n + 6 * SPC_MAX_COMP + 3 > c->limit) return -1; /* a vector's words at most */
  switch (spc_how(opc)) {
  case SPC_EV_ALU:
    r = n ? spc_eval_alu(c, opc, rt, op, nop, v) : -1;
    break;
  case SPC_EV_SHAPE:
    if (opc == SpvOpBitcast && nop == 1) {
      r = spc_bitcast(c, rt, op[0], v);
    } else if (opc == SpvOpCompositeExtract && nop >= 2) {
      r = n ? spc_extract(c, rt, op[0], op + 1, nop - 1, v) : -1;
    } else if (opc == SpvOpCompositeInsert && nop >= 3) {
      return spc_insert(c, rt, id, op[0], op[1], op + 2, nop - 2);
    } else if (opc == SpvOpVectorShuffle && nop >= 2 && n == nop - 2 && spc_known(c, op[0]) &&
               spc_known(c, op[1])) {
      uint32_t t1 = 0, t2 = 0;
      unsigned n1 = spc_ncomp(c, c->ids[op[0]].type, &t1);
      unsigned n2 = spc_ncomp(c, c->ids[op[1]].type, &t2);
      r = n1 > 1 && n2 > 1 && t1 == ct && t2 == ct ? 0 : -1;
      for (unsigned k = 0; !r && k < n; k++) {
        uint32_t s = op[2 + k]; /* 0xFFFFFFFF: undefined, 0 here */
        r = s != 0xFFFFFFFFu && s >= n1 + n2 ? -1 : 0;
        v[k] = s == 0xFFFFFFFFu ? 0 : s < n1 ? spc_comp(c, op[0], s) : spc_comp(c, op[1], s - n1);
      }
    }
    break;
  default: /* addresses: the reader's */
    break;
  }
  if (r) return -1;
  spc_define(c, rt, id, v, 1);
  return 0;
}

uint32_t *fe_spirv_specialize(const uint32_t *words, size_t nwords, const fe_spec_value *vals,
                              size_t nvals, size_t *nout) {
  int oom = 0;
  uint32_t *little = spc_little(words, nwords, &oom);
  spc_ctx c = {0};
  c.cap = nwords + 64;
  c.o = oom ? NULL : malloc(c.cap * sizeof *c.o);
  if (!c.o) {
    free(little);
    return NULL;
  }
  if (little) words = little;
  c.ids = spc_scan(words, nwords, &c.bound);
  if (!c.ids) { /* nothing to specialise here: the reader reports the header */
    memcpy(c.o, words, nwords * sizeof *c.o);
    *nout = nwords;
    free(little);
    return c.o;
  }
  c.next = c.bound;
  c.limit = SPC_GROWTH(nwords);
  memcpy(c.o, words, 5 * sizeof *c.o);
  c.n = 5;
  size_t at = 5, wc;
  spc_id *ids = c.ids;
  for (; !c.oom && (wc = spc_len(words, nwords, at)); at += wc) {
    const uint32_t *in = words + at;
    uint16_t op = (uint16_t)(in[0] & 0xFFFF);
    uint32_t rt = wc >= 3 ? in[1] : 0, id = wc >= 3 ? in[2] : 0;
    int scalar =
        rt < c.bound && id < c.bound &&
        (ids[rt].kind == SPC_TINT || ids[rt].kind == SPC_TFLOAT || ids[rt].kind == SPC_TBOOL);
    if (op == SpvOpDecorate && wc >= 3 && in[2] == SpvDecorationSpecId) continue;
    if ((op == SpvOpConstant || op == SpvOpSpecConstant) && scalar && ids[rt].kind != SPC_TBOOL &&
        wc >= (ids[rt].width > 32 ? 5u : 4u)) {
      uint64_t bits = in[3] | (wc >= 5 ? (uint64_t)in[4] << 32 : 0);
      for (size_t k = 0; op == SpvOpSpecConstant && ids[id].has_sid && k < nvals; k++)
        if (vals[k].id == ids[id].sid) bits = vals[k].bits; /* the last set wins */
      spc_define(&c, rt, id, &bits, 1);
      continue;
    }
    if ((op == SpvOpConstantTrue || op == SpvOpConstantFalse || op == SpvOpSpecConstantTrue ||
         op == SpvOpSpecConstantFalse) &&
        scalar && ids[rt].kind == SPC_TBOOL) {
      uint64_t bits = op == SpvOpConstantTrue || op == SpvOpSpecConstantTrue;
      for (size_t k = 0;
           op != SpvOpConstantTrue && op != SpvOpConstantFalse && ids[id].has_sid && k < nvals; k++)
        if (vals[k].id == ids[id].sid) bits = vals[k].bits != 0;
      spc_define(&c, rt, id, &bits, 1);
      continue;
    }
    if (op == SpvOpSpecConstantOp && wc >= 5 && rt < c.bound && id < c.bound &&
        !spc_fold(&c, in, wc))
      continue;
    if (!spc_room(&c, wc)) break;
    memcpy(c.o + c.n, in, wc * sizeof *c.o);
    if (op == SpvOpSpecConstantComposite)
      c.o[c.n] = (c.o[c.n] & 0xFFFF0000u) | SpvOpConstantComposite;
    if ((op == SpvOpConstantComposite || op == SpvOpSpecConstantComposite) && wc >= 3 &&
        id < c.bound && rt < c.bound) {
      /* a vector of known scalars is a vector constant; others are found
       * by their words (CompositeExtract, CompositeInsert) */
      uint32_t ct = 0;
      unsigned n = ids[rt].kind == SPC_TVEC ? spc_ncomp(&c, rt, &ct) : 0;
      int known = n && wc == 3 + n;
      for (unsigned k = 0; known && k < n; k++)
        known =
            in[3 + k] < c.bound && ids[in[3 + k]].kind == SPC_CONST && ids[in[3 + k]].type == ct;
      ids[id].type = rt;
      if (known) {
        uint64_t v[SPC_MAX_COMP];
        for (unsigned k = 0; k < n; k++) v[k] = ids[in[3 + k]].bits;
        spc_define(&c, rt, id, v, 0); /* the composite as written stays */
        c.n += wc;
        continue;
      }
      ids[id].kind = SPC_COMPOSITE, ids[id].bits = c.n;
    }
    if (op == SpvOpConstantNull && wc >= 3 && id < c.bound && rt < c.bound) {
      uint32_t ct = 0;
      unsigned n = spc_ncomp(&c, rt, &ct);
      uint64_t v[SPC_MAX_COMP] = {0};
      if (n) spc_define(&c, rt, id, v, 0);
    }
    c.n += wc;
  }
  /* a malformed tail is kept for the reader to report */
  if (!c.oom && spc_room(&c, nwords - at)) {
    memcpy(c.o + c.n, words + at, (nwords - at) * sizeof *c.o);
    c.n += nwords - at;
    c.o[3] = c.next;
  }
  *nout = c.n;
  free(c.ids);
  free(c.pool);
  free(little);
  if (c.oom) {
    free(c.o);
    return NULL;
  }
  return c.o;
}
