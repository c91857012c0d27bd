/* 32-bit integer division and remainder by a constant, rewritten as a
 * multiply-high and shifts (Granlund and Montgomery, "Division by invariant
 * integers using multiplication", PLDI 1994). GPU compilers do this: NVIDIA's
 * turns `k / 20` into IMAD.HI and a shift, where a division by a run-time
 * value is a ~20-instruction sequence (one IDIV in wavesim's ISA, costed as
 * that sequence). Without it a kernel indexing a tile with `k % 20` would pay
 * the general division's cost the real compiler never emits.
 *
 * The multipliers: for a divisor d and shift s, m = ceil(2^(32+s) / d) and
 * e = m * d - 2^(32+s) (0 <= e < d). Then x * m / 2^(32+s) = x / d + x * e /
 * (d * 2^(32+s)), and the second term stays below 1/d, so the floor is
 * exact, when x * e < 2^(32+s) for every x: e <= 2^s for unsigned x < 2^32,
 * e < 2^(s+1) for |x| <= 2^31. The smallest such s keeps m smallest. */
#include <stdint.h>

#include "pass.h"

int pass_udiv_magic(uint32_t d, uint32_t *mult, unsigned *shift) {
  unsigned l = 0;
  while (l < 32 && ((uint64_t)1 << l) < d) l++; /* l = ceil(log2 d) */
  for (unsigned s = 0; s <= l && s < 32; s++) {
    const uint64_t p = (uint64_t)1 << (32 + s);
    const uint64_t m = p / d + (p % d != 0), e = m * d - p;
    if (m >> 32) break; /* larger s only makes m larger */
    if (e <= ((uint64_t)1 << s)) {
      *mult = (uint32_t)m;
      *shift = s;
      return 0;
    }
  }
  /* m needs 33 bits (d < 2^31, so l <= 31): the caller adds x back (see
   * div_u below) and uses s = l, where e < d <= 2^l always holds. */
  const uint64_t p = (uint64_t)1 << (32 + l);
  *mult = (uint32_t)(p / d + (p % d != 0) - ((uint64_t)1 << 32));
  *shift = l;
  return 1;
}

void pass_sdiv_magic(uint32_t ad, uint32_t *mult, unsigned *shift) {
  for (unsigned s = 0;; s++) {
    const uint64_t p = (uint64_t)1 << (32 + s);
    const uint64_t m = p / ad + (p % ad != 0), e = m * ad - p;
    if (m < ((uint64_t)1 << 32) && e < ((uint64_t)2 << s)) {
      *mult = (uint32_t)m;
      *shift = s;
      return;
    }
  }
}

/* Instructions go in front of the division, in order, with its source line. */
typedef struct dc_emit {
  ir_function *f;
  uint32_t block, pos, line;
} dc_emit;

static uint32_t dc_const(dc_emit *e, uint32_t v) {
  const ir_type t = {IR_T_I32, 0};
  uint32_t id = pass_new_inst(e->f, IR_CONST, t, 0);
  e->f->insts[id].imm = v;
  e->f->insts[id].line = e->line;
  pass_insert(e->f, e->block, e->pos++, id);
  return id;
}

static uint32_t dc_op(dc_emit *e, ir_op op, uint32_t a, uint32_t b) {
  const ir_type t = {IR_T_I32, 0};
  uint32_t id = pass_new_inst(e->f, op, t, 2);
  e->f->insts[id].opnd[0] = a;
  e->f->insts[id].opnd[1] = b;
  e->f->insts[id].line = e->line;
  pass_insert(e->f, e->block, e->pos++, id);
  return id;
}

static uint32_t dc_opk(dc_emit *e, ir_op op, uint32_t a, uint32_t k) {
  return dc_op(e, op, a, dc_const(e, k));
}

static int dc_pow2(uint32_t v) {
  return v && !(v & (v - 1));
}

static unsigned dc_log2(uint32_t v) {
  unsigned k = 0;
  while (v > 1) v >>= 1, k++;
  return k;
}

/* floor(x / d) for unsigned x, 2 <= d < 2^31 or any power of two. */
static uint32_t div_u(dc_emit *e, uint32_t x, uint32_t d) {
  if (dc_pow2(d)) return dc_opk(e, IR_LSHR, x, dc_log2(d));
  uint32_t m;
  unsigned s;
  if (!pass_udiv_magic(d, &m, &s)) {
    uint32_t t = dc_opk(e, IR_MULHI_U, x, m);
    return s ? dc_opk(e, IR_LSHR, t, s) : t;
  }
  /* (x + t) / 2^s without overflowing 32 bits: ((x - t) / 2 + t) / 2^(s-1). */
  uint32_t t = dc_opk(e, IR_MULHI_U, x, m);
  uint32_t u = dc_opk(e, IR_LSHR, dc_op(e, IR_SUB, x, t), 1);
  u = dc_op(e, IR_ADD, u, t);
  return s > 1 ? dc_opk(e, IR_LSHR, u, s - 1) : u;
}

/* x / d rounded toward zero for signed x, |d| >= 2, d != INT_MIN. */
static uint32_t div_s(dc_emit *e, uint32_t x, int32_t d) {
  const uint32_t ad = d < 0 ? (uint32_t)(-(int64_t)d) : (uint32_t)d;
  uint32_t q;
  if (dc_pow2(ad)) {
    /* add ad - 1 to negative x so the arithmetic shift rounds toward zero */
    const unsigned k = dc_log2(ad);
    uint32_t bias = dc_opk(e, IR_LSHR, dc_opk(e, IR_ASHR, x, 31), 32 - k);
    q = dc_opk(e, IR_ASHR, dc_op(e, IR_ADD, x, bias), k);
  } else {
    uint32_t m;
    unsigned s;
    pass_sdiv_magic(ad, &m, &s);
    /* m >= 2^31 is negative as a signed operand: mulhi(x, m - 2^32) + x. */
    uint32_t t = dc_opk(e, IR_MULHI_S, x, m);
    if (m >> 31) t = dc_op(e, IR_ADD, t, x);
    if (s) t = dc_opk(e, IR_ASHR, t, s);
    /* floor -> toward zero: +1 for negative x (exact multiples included:
     * the estimate lies strictly above them, see the header) */
    q = dc_op(e, IR_ADD, t, dc_opk(e, IR_LSHR, x, 31));
  }
  return d < 0 ? dc_op(e, IR_SUB, dc_const(e, 0), q) : q;
}

/* Which divisors are rewritten: not 0 (undefined; left to the division),
 * not 1 / -1 (pass_simplify's business), not INT_MIN for signed ops, and
 * for unsigned ones not above 2^31 unless a power of two (a compare would
 * do; rare enough to leave). */
static int dc_wanted(ir_op op, uint32_t d) {
  if (op == IR_UDIV || op == IR_UREM) return d >= 2 && (d < 0x80000000u || dc_pow2(d));
  return d != 0 && d != 1 && d != 0xffffffffu && d != 0x80000000u;
}

/* Quotients already computed in the current block: `k / 20` and `k % 20`
 * share one multiply-high, as in NVIDIA's code. */
typedef struct dc_seen {
  uint32_t x, d, q;
  int sign;
} dc_seen;

int pass_div_const(ir_function *f, char *err, size_t errlen) {
  dc_seen seen[16];
  for (uint32_t b = 0; b < f->nblocks; b++) {
    unsigned nseen = 0;
    for (uint32_t pos = 0; pos < f->blocks[b].ninsts; pos++) {
      const uint32_t i = f->blocks[b].insts[pos];
      const ir_inst *in = &f->insts[i];
      if (in->type.base != IR_T_I32 || in->nopnd != 2) continue;
      const ir_op op = (ir_op)in->op;
      if (op != IR_UDIV && op != IR_UREM && op != IR_SDIV && op != IR_SREM) continue;
      const ir_inst *dv = &f->insts[in->opnd[1]];
      if (dv->op != IR_CONST) continue;
      const uint32_t d = (uint32_t)dv->imm, x = in->opnd[0];
      if (!dc_wanted(op, d)) continue;
      const int sign = op == IR_SDIV || op == IR_SREM;
      dc_emit e = {f, b, pos, in->line};
      uint32_t q = IR_NONE;
      for (unsigned k = 0; k < nseen; k++)
        if (seen[k].x == x && seen[k].d == d && seen[k].sign == sign) q = seen[k].q;
      if (q == IR_NONE) {
        q = sign ? div_s(&e, x, (int32_t)d) : div_u(&e, x, d);
        if (nseen < sizeof seen / sizeof seen[0]) seen[nseen++] = (dc_seen){x, d, q, sign};
      }
      uint32_t r = q;
      if (op == IR_UREM || op == IR_SREM) /* x - q * d */
        r = dc_op(&e, IR_SUB, x, dc_opk(&e, IR_MUL, q, d));
      pass_replace_uses(f, i, r);
      pass_delete(f, i); /* the division sat at e.pos */
      pos = e.pos - 1;
    }
  }
  return pass_check(f, "div_const", err, errlen);
}
