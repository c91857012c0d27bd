/* Lowers OpExtInst of the OpenCL.std set (math, integer, geometric, shuffle and vload/vstore
 * builtins) to IR; names in messages come from the grammar tables. */
#include <spirv/unified1/OpenCL.std.h>
#include <spirv/unified1/spirv.h>
#include <stdlib.h>
#include <string.h>

#include "isa.h"
#include "spv_internal.h"
#include "spv_tables.h"

#define W(k) spv_word(m, i, (k))

/* The builtins one IR op or math builtin computes come from ir_ops.def and
 * ir_math.def (their IR_OP_CLSTD / IR_MATH_CLSTD rows); the rest expand to
 * several IR instructions, by kind. spv_internal.h declares the table. */
const spv_xmap spv_clstd_map[] = {
#define IR_OP(name, text, nmin, nmax, result, aux, flags, isel)
#define IR_OP_CLSTD(name, clstd) {OpenCLstd_##clstd, XK_OP, IR_##name},
#include "ir_ops.def"
#define IR_MATH(name, text, nopnd, flags, f32, f64)
#define IR_MATH_CLSTD(name, clstd) {OpenCLstd_##clstd, XK_MATH, IR_M_##name},
#include "ir_math.def"
    {OpenCLstd_Nan, XK_NAN, 0},
    /* op: 1 for maxmag */
    {OpenCLstd_Maxmag, XK_MAG, 1},
    {OpenCLstd_Minmag, XK_MAG, 0},
    {OpenCLstd_Popcount, XK_BITCNT, IR_M_POPCOUNT},
    {OpenCLstd_Clz, XK_BITCNT, IR_M_CLZ},
    {OpenCLstd_Ctz, XK_BITCNT, IR_M_CTZ},
    /* op: 1 for the signed variant */
    {OpenCLstd_SMul_hi, XK_MULHI, 1},
    {OpenCLstd_UMul_hi, XK_MULHI, 0},
    {OpenCLstd_SMad_hi, XK_MADHI, 1},
    {OpenCLstd_UMad_hi, XK_MADHI, 0},
    {OpenCLstd_S_Upsample, XK_UPSAMPLE, 1},
    {OpenCLstd_U_Upsample, XK_UPSAMPLE, 0},
    {OpenCLstd_Step, XK_STEP, 0},
    {OpenCLstd_Smoothstep, XK_SSTEP, 0},
    {OpenCLstd_Sign, XK_SIGN, 0},
    /* op: 1 for degrees (x * 180/pi), 0 for radians (x * pi/180) */
    {OpenCLstd_Degrees, XK_SCALE, 1},
    {OpenCLstd_Radians, XK_SCALE, 0},
    {OpenCLstd_SMad24, XK_MAD24, IR_MUL},
    {OpenCLstd_UMad24, XK_MAD24, IR_MUL},
    {OpenCLstd_SAbs, XK_SABS, 0},
    {OpenCLstd_UAbs, XK_UABS, 0},
    {OpenCLstd_Mix, XK_MIX, 0},
    {OpenCLstd_FClamp, XK_FCLAMP, 0},
    {OpenCLstd_SClamp, XK_SCLAMP, 0},
    {OpenCLstd_UClamp, XK_UCLAMP, 0},
    /* op: 1 for the signed variant */
    {OpenCLstd_Rotate, XK_ROTATE, 0},
    {OpenCLstd_SAbs_diff, XK_ABSDIFF, 1},
    {OpenCLstd_UAbs_diff, XK_ABSDIFF, 0},
    {OpenCLstd_SAdd_sat, XK_ADDSAT, 1},
    {OpenCLstd_UAdd_sat, XK_ADDSAT, 0},
    {OpenCLstd_SSub_sat, XK_SUBSAT, 1},
    {OpenCLstd_USub_sat, XK_SUBSAT, 0},
    {OpenCLstd_SHadd, XK_HADD, 1},
    {OpenCLstd_UHadd, XK_HADD, 0},
    {OpenCLstd_SRhadd, XK_RHADD, 1},
    {OpenCLstd_URhadd, XK_RHADD, 0},
    {OpenCLstd_Select, XK_SELECT, 0},
};
const size_t spv_clstd_nmap = sizeof spv_clstd_map / sizeof spv_clstd_map[0];

static uint32_t spv_x2(spv_fn *x, ir_op op, ir_type t, uint32_t a, uint32_t b) {
  uint32_t o[2] = {a, b};
  return spv_emit(x, op, t, 2, o);
}

static uint32_t spv_xcmp(spv_fn *x, ir_op op, ir_pred p, uint32_t a, uint32_t b);
static uint32_t spv_xsel(spv_fn *x, ir_type t, uint32_t c, uint32_t a, uint32_t b);

/* Saturating add/sub: unsigned by wrap detection; signed (up to 32 bits) in
 * 64-bit arithmetic clamped to the type's range; 64-bit signed by overflow test. */
static uint32_t spv_xsat(spv_fn *x, int sub, int sgn, ir_type t, uint32_t a, uint32_t b) {
  unsigned bits = ir_type_bytes(t) * 8;
  ir_type bt = SPV_IRT(IR_T_BOOL);
  if (!sgn) {
    if (sub) /* a - min(a, b) */
      return spv_x2(x, IR_SUB, t, a, spv_x2(x, IR_UMIN, t, a, b));
    uint32_t r = spv_x2(x, IR_ADD, t, a, b);
    uint32_t c = spv_x2(x, IR_ICMP, bt, r, a);
    x->f->insts[c].aux = IR_P_ULT;
    uint32_t o[3] = {c, spv_kconst(x, t, bits >= 64 ? ~(uint64_t)0 : ((uint64_t)1 << bits) - 1), r};
    return spv_emit(x, IR_SELECT, t, 3, o);
  }
  if (bits >= 64) { /* wrap, then saturate toward a's sign on overflow: for add the
                      * operands share a sign the result lacks; for sub they differ
                      * and the result's differs from a's */
    uint32_t r = spv_x2(x, sub ? IR_SUB : IR_ADD, t, a, b);
    uint32_t ov = spv_x2(x, IR_AND, t, spv_x2(x, IR_XOR, t, a, r),
                         spv_x2(x, IR_XOR, t, sub ? a : b, sub ? b : r));
    uint32_t z = spv_kconst(x, t, 0);
    uint32_t lim = spv_xsel(x, t, spv_xcmp(x, IR_ICMP, IR_P_SLT, a, z),
                            spv_kconst(x, t, (uint64_t)1 << 63), spv_kconst(x, t, ~((uint64_t)1 << 63)));
    return spv_xsel(x, t, spv_xcmp(x, IR_ICMP, IR_P_SLT, ov, z), lim, r);
  }
  ir_type i64 = SPV_IRT(IR_T_I64);
  uint32_t wa = spv_emit(x, IR_SEXT, i64, 1, &a), wb = spv_emit(x, IR_SEXT, i64, 1, &b);
  uint32_t r = spv_x2(x, sub ? IR_SUB : IR_ADD, i64, wa, wb);
  int64_t hi = (int64_t)(((uint64_t)1 << (bits - 1)) - 1), lo = -hi - 1;
  r = spv_x2(x, IR_SMIN, i64, r, spv_kconst(x, i64, (uint64_t)hi));
  r = spv_x2(x, IR_SMAX, i64, r, spv_kconst(x, i64, (uint64_t)lo));
  return spv_emit(x, IR_TRUNC, t, 1, &r);
}

static uint32_t spv_xmath(spv_fn *x, ir_math mth, ir_type t, uint32_t n, const uint32_t *o) {
  uint32_t r = spv_emit(x, IR_MATH, t, n, o);
  x->f->insts[r].aux = mth;
  return r;
}

static uint32_t spv_xcmp(spv_fn *x, ir_op op, ir_pred p, uint32_t a, uint32_t b) {
  uint32_t c = spv_x2(x, op, SPV_IRT(IR_T_BOOL), a, b);
  x->f->insts[c].aux = p;
  return c;
}

static uint32_t spv_xsel(spv_fn *x, ir_type t, uint32_t c, uint32_t a, uint32_t b) {
  uint32_t o[3] = {c, a, b};
  return spv_emit(x, IR_SELECT, t, 3, o);
}

static uint32_t spv_xmath1(spv_fn *x, ir_math mth, ir_type t, uint32_t a) {
  uint32_t r = spv_emit(x, IR_MATH, t, 1, &a);
  x->f->insts[r].aux = mth;
  return r;
}

/* popcount/clz/ctz: the IR op works on I32; narrower types are widened (ctz
 * gets a stop bit at the type's width, clz drops the widening's zeros) and
 * 64-bit ones combine the two halves. */
uint32_t spv_xbitcnt(spv_fn *x, ir_math mth, ir_type t, uint32_t v) {
  ir_type i32 = SPV_IRT(IR_T_I32);
  unsigned bits = ir_type_bytes(t) * 8;
  if (bits == 32)
    return spv_xmath1(x, mth, i32, v);
  if (bits < 32) {
    uint32_t w = spv_emit(x, IR_ZEXT, i32, 1, &v);
    if (mth == IR_M_CTZ)
      w = spv_x2(x, IR_OR, i32, w, spv_kconst(x, i32, (uint64_t)1 << bits));
    uint32_t r = spv_xmath1(x, mth, i32, w);
    if (mth == IR_M_CLZ)
      r = spv_x2(x, IR_SUB, i32, r, spv_kconst(x, i32, 32 - bits));
    return spv_emit(x, IR_TRUNC, t, 1, &r);
  }
  uint32_t lo = spv_emit(x, IR_TRUNC, i32, 1, &v);
  uint32_t h64 = spv_x2(x, IR_LSHR, t, v, spv_kconst(x, t, 32));
  uint32_t hi = spv_emit(x, IR_TRUNC, i32, 1, &h64);
  uint32_t rl = spv_xmath1(x, mth, i32, lo), rh = spv_xmath1(x, mth, i32, hi), r;
  if (mth == IR_M_POPCOUNT) {
    r = spv_x2(x, IR_ADD, i32, rl, rh);
  } else { /* the far half counts only when the near half is all zeros */
    uint32_t nr = mth == IR_M_CLZ ? rh : rl, fr = mth == IR_M_CLZ ? rl : rh;
    uint32_t full = spv_xcmp(x, IR_ICMP, IR_P_EQ, nr, spv_kconst(x, i32, 32));
    r = spv_x2(x, IR_ADD, i32, nr, spv_xsel(x, i32, full, fr, spv_kconst(x, i32, 0)));
  }
  return spv_emit(x, IR_ZEXT, t, 1, &r);
}

/* mul_hi: 8/16/32-bit types have an IR op; 64-bit ones are built from four
 * 32x32->64 partial products, and the signed form corrects the unsigned high
 * half by subtracting b when a < 0 and a when b < 0. */
static uint32_t spv_xmulhi(spv_fn *x, int sgn, ir_type t, uint32_t a, uint32_t b) {
  if (ir_type_bytes(t) < 8)
    return spv_x2(x, sgn ? IR_MULHI_S : IR_MULHI_U, t, a, b);
  uint32_t m32 = spv_kconst(x, t, 0xffffffffu), s32 = spv_kconst(x, t, 32);
  uint32_t al = spv_x2(x, IR_AND, t, a, m32), ah = spv_x2(x, IR_LSHR, t, a, s32);
  uint32_t bl = spv_x2(x, IR_AND, t, b, m32), bh = spv_x2(x, IR_LSHR, t, b, s32);
  uint32_t p0 = spv_x2(x, IR_MUL, t, al, bl), p1 = spv_x2(x, IR_MUL, t, al, bh);
  uint32_t p2 = spv_x2(x, IR_MUL, t, ah, bl), p3 = spv_x2(x, IR_MUL, t, ah, bh);
  uint32_t mid = spv_x2(x, IR_ADD, t, spv_x2(x, IR_LSHR, t, p0, s32), spv_x2(x, IR_AND, t, p1, m32));
  mid = spv_x2(x, IR_ADD, t, mid, spv_x2(x, IR_AND, t, p2, m32));
  uint32_t hi = spv_x2(x, IR_ADD, t, p3, spv_x2(x, IR_LSHR, t, p1, s32));
  hi = spv_x2(x, IR_ADD, t, hi, spv_x2(x, IR_LSHR, t, p2, s32));
  hi = spv_x2(x, IR_ADD, t, hi, spv_x2(x, IR_LSHR, t, mid, s32));
  if (!sgn)
    return hi;
  uint32_t z = spv_kconst(x, t, 0);
  uint32_t ca = spv_xsel(x, t, spv_xcmp(x, IR_ICMP, IR_P_SLT, a, z), b, z);
  uint32_t cb = spv_xsel(x, t, spv_xcmp(x, IR_ICMP, IR_P_SLT, b, z), a, z);
  return spv_x2(x, IR_SUB, t, spv_x2(x, IR_SUB, t, hi, ca), cb);
}

/* bitselect(a, b, c) = (a & ~c) | (b & c), floats through their bits. */
static uint32_t spv_xbitsel(spv_fn *x, ir_type t, uint32_t a, uint32_t b, uint32_t c) {
  int fl = t.base == IR_T_F32 || t.base == IR_T_F64;
  ir_type it = SPV_IRT(t.base == IR_T_F64 ? IR_T_I64 : IR_T_I32);
  if (!fl)
    it = t;
  else {
    a = spv_emit(x, IR_BITCAST, it, 1, &a);
    b = spv_emit(x, IR_BITCAST, it, 1, &b);
    c = spv_emit(x, IR_BITCAST, it, 1, &c);
  }
  uint32_t nc = spv_x2(x, IR_XOR, it, c, spv_kconst(x, it, ~(uint64_t)0));
  uint32_t r = spv_x2(x, IR_OR, it, spv_x2(x, IR_AND, it, a, nc), spv_x2(x, IR_AND, it, b, c));
  return fl ? spv_emit(x, IR_BITCAST, t, 1, &r) : r;
}

/* mad_sat(a, b, c): up to 32 bits in 64-bit arithmetic clamped to the range; 64-bit from
 * the 128-bit product hi:lo plus c, saturating when hi is not lo's sign (zero) extension. */
static uint32_t spv_xmadsat(spv_fn *x, int sgn, ir_type t, uint32_t a, uint32_t b, uint32_t c) {
  unsigned bits = ir_type_bytes(t) * 8;
  if (bits < 64) {
    ir_type i64 = SPV_IRT(IR_T_I64);
    ir_op ext = sgn ? IR_SEXT : IR_ZEXT;
    uint32_t wa = spv_emit(x, ext, i64, 1, &a), wb = spv_emit(x, ext, i64, 1, &b);
    uint32_t wc = spv_emit(x, ext, i64, 1, &c);
    uint32_t r = spv_x2(x, IR_ADD, i64, spv_x2(x, IR_MUL, i64, wa, wb), wc);
    if (sgn) {
      int64_t hi = (int64_t)(((uint64_t)1 << (bits - 1)) - 1), lo = -hi - 1;
      r = spv_x2(x, IR_SMIN, i64, r, spv_kconst(x, i64, (uint64_t)hi));
      r = spv_x2(x, IR_SMAX, i64, r, spv_kconst(x, i64, (uint64_t)lo));
    } else {
      r = spv_x2(x, IR_UMIN, i64, r, spv_kconst(x, i64, ((uint64_t)1 << bits) - 1));
    }
    return spv_emit(x, IR_TRUNC, t, 1, &r);
  }
  uint32_t hi = spv_xmulhi(x, sgn, t, a, b), lo = spv_x2(x, IR_MUL, t, a, b);
  uint32_t s = spv_x2(x, IR_ADD, t, lo, c);
  uint32_t one = spv_kconst(x, t, 1), z = spv_kconst(x, t, 0);
  uint32_t carry = spv_xsel(x, t, spv_xcmp(x, IR_ICMP, IR_P_ULT, s, lo), one, z);
  if (!sgn) {
    uint32_t h = spv_x2(x, IR_ADD, t, hi, carry); /* 0 unless the sum passed 2^64 */
    return spv_xsel(x, t, spv_xcmp(x, IR_ICMP, IR_P_NE, h, z), spv_kconst(x, t, ~(uint64_t)0), s);
  }
  uint32_t s63 = spv_kconst(x, t, 63);
  uint32_t h = spv_x2(x, IR_ADD, t, spv_x2(x, IR_ADD, t, hi, spv_x2(x, IR_ASHR, t, c, s63)), carry);
  uint32_t ok = spv_xcmp(x, IR_ICMP, IR_P_EQ, h, spv_x2(x, IR_ASHR, t, s, s63));
  uint32_t lim = spv_xsel(x, t, spv_xcmp(x, IR_ICMP, IR_P_SLT, h, z),
                          spv_kconst(x, t, (uint64_t)1 << 63),
                          spv_kconst(x, t, ~((uint64_t)1 << 63)));
  return spv_xsel(x, t, ok, s, lim);
}

/* Sum of squares of v[0..n) (fma chain, as dot). */
static uint32_t spv_xsumsq(spv_fn *x, ir_type t, uint32_t n, const uint32_t *v) {
  uint32_t r = spv_x2(x, IR_FMUL, t, v[0], v[0]);
  for (uint32_t k = 1; k < n; k++) {
    uint32_t o[3] = {v[k], v[k], r};
    r = spv_emit(x, IR_FMA, t, 3, o);
  }
  return r;
}

/* length / normalize of v[0..n) (distance passes the difference). The plain sum of squares
 * is used while it is in [2^-100, inf) (2^-900 for double), where no square lost accuracy;
 * otherwise the vector is first divided by its largest magnitude m, as a careful hypot does.
 * length: 0 for m == 0, inf when m is inf (even with NaNs, as hypot). normalize: the zero
 * vector stays itself; infinite elements count as +-1 and finite ones as +-0 (OpenCL 2.0's
 * rule); any NaN element makes every element NaN. Result leaves go to out. */
static void spv_xgeo_len(spv_fn *x, int norm, ir_type t, uint32_t n, uint32_t *v, uint32_t *out) {
  uint32_t m = spv_xmath1(x, IR_M_FABS, t, v[0]);
  for (uint32_t k = 1; k < n; k++) {
    uint32_t o[2] = {m, spv_xmath1(x, IR_M_FABS, t, v[k])};
    m = spv_xmath(x, IR_M_FMAX, t, 2, o);
  }
  uint32_t zero = spv_fconst(x, t, 0.0), one = spv_fconst(x, t, 1.0);
  uint32_t inf = spv_kconst(x, t, t.base == IR_T_F64 ? 0x7ff0000000000000ull : 0x7f800000u);
  uint32_t isinf = spv_xcmp(x, IR_FCMP, IR_P_OEQ, m, inf);
  uint32_t iszero = spv_xcmp(x, IR_FCMP, IR_P_OEQ, m, zero);
  uint32_t nan = IR_NONE;
  if (norm) {
    for (uint32_t k = 0; k < n; k++) {
      uint32_t u = spv_xcmp(x, IR_FCMP, IR_P_UNO, v[k], v[k]);
      nan = k ? spv_x2(x, IR_OR, SPV_IRT(IR_T_BOOL), nan, u) : u;
      uint32_t ik = spv_xcmp(x, IR_FCMP, IR_P_OEQ, spv_xmath1(x, IR_M_FABS, t, v[k]), inf);
      uint32_t co[2] = {spv_xsel(x, t, ik, one, zero), v[k]};
      v[k] = spv_xsel(x, t, isinf, spv_xmath(x, IR_M_COPYSIGN, t, 2, co), v[k]);
    }
    m = spv_xsel(x, t, isinf, one, m);
  }
  uint32_t s = spv_xsumsq(x, t, n, v);
  uint32_t thr = spv_fconst(x, t, t.base == IR_T_F64 ? 0x1p-900 : 0x1p-100);
  uint32_t plain = spv_x2(x, IR_AND, SPV_IRT(IR_T_BOOL), spv_xcmp(x, IR_FCMP, IR_P_OGE, s, thr),
                          spv_xcmp(x, IR_FCMP, IR_P_OLT, s, inf));
  uint32_t u[16] = {0}; /* n >= 1; zeroed for -O3's may-be-uninitialized */
  for (uint32_t k = 0; k < n; k++)
    u[k] = spv_xsel(x, t, plain, v[k], spv_x2(x, IR_FDIV, t, v[k], m));
  uint32_t l = spv_xmath1(x, IR_M_SQRT, t, spv_xsel(x, t, plain, s, spv_xsumsq(x, t, n, u)));
  if (!norm) {
    l = spv_xsel(x, t, plain, l, spv_x2(x, IR_FMUL, t, l, m));
    l = spv_xsel(x, t, iszero, zero, l);
    out[0] = spv_xsel(x, t, isinf, inf, l);
    return;
  }
  uint32_t qnan = spv_kconst(x, t, t.base == IR_T_F64 ? 0x7ff8000000000000ull : 0x7fc00000u);
  for (uint32_t k = 0; k < n; k++) {
    uint32_t r = spv_xsel(x, t, iszero, v[k], spv_x2(x, IR_FDIV, t, u[k], l));
    out[k] = spv_xsel(x, t, nan, qnan, r);
  }
}

/* bitselect, shuffle/shuffle2, mad_sat and the geometric functions (cross, length, distance,
 * normalize and their fast_ forms, which share the careful code). */
static int spv_xvec(spv_fn *x, uint32_t i, uint32_t num) {
  spv_mod *m = x->m;
  ir_type *t = (ir_type *)(void *)x->r;
  uint32_t n = spv_leaf_types(m, W(1), t, x->line);
  uint32_t nargs = m->ins[i].nw - 5;
  uint32_t *ops[3] = {x->a, x->b, x->c}, cnt[3] = {0, 0, 0};
  for (uint32_t k = 0; k < nargs && k < 3; k++)
    cnt[k] = spv_val(x, W(5 + k), ops[k]);
  if (m->failed)
    return -1;
  uint32_t res[32], v[32];
  ir_type tk = t[0];
  int bad = nargs > 3 || !n || n > 16 || cnt[0] > 16;
  switch (num) {
  case OpenCLstd_Bitselect: case OpenCLstd_SMad_sat: case OpenCLstd_UMad_sat:
    if (bad || nargs != 3 || cnt[0] != n || cnt[1] != n || cnt[2] != n)
      break;
    for (uint32_t k = 0; k < n; k++)
      res[k] = num == OpenCLstd_Bitselect
                 ? spv_xbitsel(x, t[k], x->a[k], x->b[k], x->c[k])
                 : spv_xmadsat(x, num == OpenCLstd_SMad_sat, t[k], x->a[k], x->b[k], x->c[k]);
    spv_set(x, W(2), res, n);
    return 0;
  case OpenCLstd_Shuffle: case OpenCLstd_Shuffle2: {
    /* each result element: select chain over the sources, indexed by the mask element's
     * low log2(width) bits (the spec ignores the others) */
    int two = num == OpenCLstd_Shuffle2;
    uint32_t w = cnt[0], *mk = two ? x->c : x->b, nm = two ? cnt[2] : cnt[1];
    if (bad || nargs != (two ? 3u : 2u) || nm != n || (two && cnt[1] != w) || (w & (w - 1)))
      break;
    for (uint32_t k = 0; k < w; k++) {
      v[k] = x->a[k];
      if (two)
        v[w + k] = x->b[k];
    }
    uint32_t tot = two ? 2 * w : w;
    for (uint32_t k = 0; k < n; k++) {
      ir_type mt = x->f->insts[mk[k]].type;
      uint32_t idx = spv_x2(x, IR_AND, mt, mk[k], spv_kconst(x, mt, tot - 1));
      uint32_t r = v[0];
      for (uint32_t j = 1; j < tot; j++)
        r = spv_xsel(x, t[k], spv_xcmp(x, IR_ICMP, IR_P_EQ, idx, spv_kconst(x, mt, j)), v[j], r);
      res[k] = r;
    }
    spv_set(x, W(2), res, n);
    return 0;
  }
  case OpenCLstd_Cross:
    if (bad || nargs != 2 || (n != 3 && n != 4) || cnt[0] != n || cnt[1] != n)
      break;
    for (uint32_t k = 0; k < 3; k++) {
      uint32_t p = (k + 1) % 3, q = (k + 2) % 3;
      res[k] = spv_x2(x, IR_FSUB, tk, spv_x2(x, IR_FMUL, tk, x->a[p], x->b[q]),
                      spv_x2(x, IR_FMUL, tk, x->a[q], x->b[p]));
    }
    if (n == 4)
      res[3] = spv_fconst(x, tk, 0.0);
    spv_set(x, W(2), res, n);
    return 0;
  default: { /* length, distance, normalize and fast_ forms */
    int dist = num == OpenCLstd_Distance || num == OpenCLstd_Fast_distance;
    int norm = num == OpenCLstd_Normalize || num == OpenCLstd_Fast_normalize;
    uint32_t w = cnt[0];
    if (bad || nargs != (dist ? 2u : 1u) || !w || (dist && cnt[1] != w) || n != (norm ? w : 1))
      break;
    for (uint32_t k = 0; k < w; k++)
      v[k] = dist ? spv_x2(x, IR_FSUB, tk, x->a[k], x->b[k]) : x->a[k];
    spv_xgeo_len(x, norm, tk, w, v, res);
    spv_set(x, W(2), res, n);
    return 0;
  }
  }
  spv_error(m, x->line, "malformed SPIR-V: %s operand shapes", spv_clstd_name(num));
  return -1;
}


/* fract(x, *iptr): floor to *iptr, min(x - floor(x), 0x1.fffffep-1f) returned;
 * NaN stays NaN and +-inf gives +-0 (as the spec's table asks).
 * sincos(x, *cosval): sin returned, cos stored. */
static int spv_fract(spv_fn *x, uint32_t i, int sincos) {
  spv_mod *m = x->m;
  ir_type *t = (ir_type *)(void *)x->r;
  uint32_t n = spv_leaf_types(m, W(1), t, x->line);
  uint32_t na = spv_val(x, W(5), x->a), np = spv_val(x, W(6), x->b);
  if (m->failed || na != n || np != 1 || !n ||
      (t[0].base != IR_T_F32 && t[0].base != IR_T_F64)) {
    spv_error(m, x->line, "unsupported %s operand type (float or double only)",
              sincos ? "sincos" : "fract");
    return -1;
  }
  int dbl = t[0].base == IR_T_F64;
  uint32_t esz = dbl ? 8u : 4u;
  /* fract's clamp: the largest value below 1.0 (0x1.fffffep-1f / 0x1.fffffffffffffp-1) */
  uint64_t below1 = dbl ? 0x3fefffffffffffffull : 0x3f7fffffu;
  uint64_t infb = dbl ? 0x7ff0000000000000ull : 0x7f800000u;
  ir_type i64 = SPV_IRT(IR_T_I64);
  uint32_t base = x->b[0];
  for (uint32_t k = 0; k < n; k++) {
    ir_type tk = t[k];
    uint32_t v = x->a[k];
    uint32_t fl = spv_xmath1(x, sincos ? IR_M_COS : IR_M_FLOOR, tk, v);
    uint32_t p = k ? spv_x2(x, IR_PTRADD, x->f->insts[base].type, base, spv_kconst(x, i64, (uint64_t)esz * k))
                   : base;
    uint32_t st = spv_x2(x, IR_STORE, SPV_IRT(IR_T_VOID), p, fl);
    x->f->insts[st].aux = esz;
    if (sincos) {
      x->c[k] = spv_xmath1(x, IR_M_SIN, tk, v);
      continue;
    }
    uint32_t mo[2] = {spv_x2(x, IR_FSUB, tk, v, fl), spv_kconst(x, tk, below1)};
    uint32_t r = spv_xmath(x, IR_M_FMIN, tk, 2, mo);
    uint32_t ab = spv_xmath1(x, IR_M_FABS, tk, v);
    uint32_t inf = spv_xcmp(x, IR_FCMP, IR_P_OEQ, ab, spv_kconst(x, tk, infb));
    uint32_t co[2] = {spv_kconst(x, tk, 0), v};
    r = spv_xsel(x, tk, inf, spv_xmath(x, IR_M_COPYSIGN, tk, 2, co), r);
    r = spv_xsel(x, tk, spv_xcmp(x, IR_FCMP, IR_P_UNO, v, v), v, r);
    x->c[k] = r;
  }
  spv_set(x, W(2), x->c, n);
  return 0;
}

/* modf(x, *iptr), frexp(x, *exp), lgamma_r(x, *signp), remquo(x, y, *quo) on float or double
 * scalars and vectors: per element, the returned value and the stored one are separate IR
 * results (two IR_MATHs, or for modf trunc and copysign(x - trunc(x) or 0 for infinities, x)),
 * the stored one going through the pointer, in any address space, at the element's offset. */
static int spv_ptrout(spv_fn *x, uint32_t i, uint32_t num) {
  spv_mod *m = x->m;
  ir_type *t = (ir_type *)(void *)x->r;
  uint32_t n = spv_leaf_types(m, W(1), t, x->line);
  int two = num == OpenCLstd_Remquo;
  uint32_t nw = m->ins[i].nw, na = 0, nb = 0, np = 0;
  if (nw == (two ? 8u : 7u)) {
    na = spv_val(x, W(5), x->a);
    nb = two ? spv_val(x, W(6), x->b) : n;
    np = spv_val(x, W(two ? 7 : 6), x->c);
  }
  if (m->failed)
    return -1;
  if (!n || n > 16 || na != n || nb != n || np != 1) {
    spv_error(m, x->line, "malformed SPIR-V: %s operand shapes", spv_clstd_name(num));
    return -1;
  }
  if (t[0].base != IR_T_F32 && t[0].base != IR_T_F64) {
    spv_error(m, x->line, "unsupported %s operand type (float or double only)",
              spv_clstd_name(num));
    return -1;
  }
  ir_type i32 = SPV_IRT(IR_T_I32), i64 = SPV_IRT(IR_T_I64);
  uint32_t base = x->c[0], res[16];
  for (uint32_t k = 0; k < n; k++) {
    ir_type tk = t[k];
    uint32_t v = x->a[k], st, esz = 4;
    if (num == OpenCLstd_Modf) {
      int dbl = tk.base == IR_T_F64;
      esz = dbl ? 8 : 4;
      st = spv_xmath1(x, IR_M_TRUNC, tk, v);
      uint32_t ab = spv_xmath1(x, IR_M_FABS, tk, v);
      uint32_t inf = spv_xcmp(x, IR_FCMP, IR_P_OEQ, ab,
                              spv_kconst(x, tk, dbl ? 0x7ff0000000000000ull : 0x7f800000u));
      uint32_t fr = spv_xsel(x, tk, inf, spv_fconst(x, tk, 0.0), spv_x2(x, IR_FSUB, tk, v, st));
      uint32_t co[2] = {fr, v}; /* -3.0 gives -0.0, -inf gives -0.0 */
      res[k] = spv_xmath(x, IR_M_COPYSIGN, tk, 2, co);
    } else if (num == OpenCLstd_Remquo) {
      uint32_t o[2] = {v, x->b[k]};
      res[k] = spv_xmath(x, IR_M_REMAINDER, tk, 2, o);
      st = spv_xmath(x, IR_M_REMQUO_Q, i32, 2, o);
    } else {
      int fx = num == OpenCLstd_Frexp;
      res[k] = spv_xmath1(x, fx ? IR_M_FREXP_MANT : IR_M_LGAMMA, tk, v);
      st = spv_xmath1(x, fx ? IR_M_FREXP_EXP : IR_M_LGAMMA_SIGN, i32, v);
    }
    uint32_t p = k ? spv_x2(x, IR_PTRADD, x->f->insts[base].type, base,
                            spv_kconst(x, i64, (uint64_t)esz * k))
                   : base;
    uint32_t sto = spv_x2(x, IR_STORE, SPV_IRT(IR_T_VOID), p, st);
    x->f->insts[sto].aux = esz;
  }
  spv_set(x, W(2), res, n);
  return 0;
}

/* vloadn(offset, p) / vstoren(data, offset, p): n scalar accesses at
 * p + offset * n * sizeof(elem). */
static int spv_vload_store(spv_fn *x, uint32_t i, int store) {
  spv_mod *m = x->m;
  ir_type *types = (ir_type *)(void *)x->r;
  uint32_t n, vals = 0;
  if (store) {
    n = spv_val(x, W(5), x->c);
    vals = 1;
  } else {
    n = spv_leaf_types(m, W(1), types, x->line);
  }
  uint32_t no = spv_val(x, W(store ? 6 : 5), x->a), np = spv_val(x, W(store ? 7 : 6), x->b);
  if (m->failed || no != 1 || np != 1 || !n)
    return -1;
  ir_type et = store ? x->f->insts[x->c[0]].type : types[0];
  unsigned esz = ir_type_bytes(et);
  ir_type i64 = SPV_IRT(IR_T_I64);
  uint32_t off = x->a[0];
  if (ir_type_bytes(x->f->insts[off].type) < 8)
    off = spv_emit(x, IR_ZEXT, i64, 1, &off);
  off = spv_x2(x, IR_MUL, i64, off, spv_kconst(x, i64, (uint64_t)n * esz));
  uint32_t base = spv_x2(x, IR_PTRADD, x->f->insts[x->b[0]].type, x->b[0], off);
  for (uint32_t k = 0; k < n; k++) {
    uint32_t p = k ? spv_x2(x, IR_PTRADD, x->f->insts[base].type, base,
                            spv_kconst(x, i64, (uint64_t)k * esz))
                   : base;
    uint32_t r;
    if (store) {
      r = spv_x2(x, IR_STORE, SPV_IRT(IR_T_VOID), p, x->c[k]);
    } else {
      r = spv_emit(x, IR_LOAD, et, 1, &p);
      x->c[k] = r;
    }
    x->f->insts[r].aux = esz;
  }
  (void)vals;
  if (!store)
    spv_set(x, W(2), x->c, n);
  return 0;
}

/* vload_half[n] / vloada_halfn (offset, p[, n]) and vstore_half[n][_r] /
 * vstorea_halfn[_r] (data, offset, p[, n][, mode]): 16-bit accesses at
 * p + offset * stride * 2 (stride n, 4 for the aligned 3-vectors), converted
 * exactly by IR_M_HALF2F / IR_M_F2HALF_*; without a mode stores round to
 * nearest even. */
static int spv_vhalf(spv_fn *x, uint32_t i, uint32_t num) {
  spv_mod *m = x->m;
  int store = num != OpenCLstd_Vload_half && num != OpenCLstd_Vload_halfn &&
              num != OpenCLstd_Vloada_halfn;
  int aligned = num == OpenCLstd_Vloada_halfn || num == OpenCLstd_Vstorea_halfn ||
                num == OpenCLstd_Vstorea_halfn_r;
  int has_r = num == OpenCLstd_Vstore_half_r || num == OpenCLstd_Vstore_halfn_r ||
              num == OpenCLstd_Vstorea_halfn_r;
  uint32_t nw = m->ins[i].nw, n;
  ir_type *types = (ir_type *)(void *)x->r;
  if (store)
    n = spv_val(x, W(5), x->c);
  else
    n = spv_leaf_types(m, W(1), types, x->line);
  uint32_t no = spv_val(x, W(store ? 6 : 5), x->a), np = spv_val(x, W(store ? 7 : 6), x->b);
  if (m->failed || no != 1 || np != 1 || !n || n > 16 || nw < (store ? 8u : 7u))
    return -1;
  uint32_t mth = IR_M_F2HALF_RTE;
  if (has_r) {
    uint32_t mode = W(nw - 1);
    mth = mode == SpvFPRoundingModeRTZ ? IR_M_F2HALF_RTZ
        : mode == SpvFPRoundingModeRTP ? IR_M_F2HALF_RTP
        : mode == SpvFPRoundingModeRTN ? IR_M_F2HALF_RTN : IR_M_F2HALF_RTE;
  }
  if (store) {
    ir_base eb = (ir_base)x->f->insts[x->c[0]].type.base;
    if (eb != IR_T_F32 && eb != IR_T_F64) {
      spv_error(m, x->line, "unsupported %s data type (float or double elements only)",
                spv_clstd_name(num));
      return -1;
    }
  }
  uint64_t stride = aligned && n == 3 ? 4 : n;
  ir_type i64 = SPV_IRT(IR_T_I64), i32 = SPV_IRT(IR_T_I32), i16 = SPV_IRT(IR_T_I16);
  uint32_t off = x->a[0];
  if (ir_type_bytes(x->f->insts[off].type) < 8)
    off = spv_emit(x, IR_ZEXT, i64, 1, &off);
  off = spv_x2(x, IR_MUL, i64, off, spv_kconst(x, i64, stride * 2));
  uint32_t base = spv_x2(x, IR_PTRADD, x->f->insts[x->b[0]].type, x->b[0], off);
  for (uint32_t k = 0; k < n; k++) {
    uint32_t p = k ? spv_x2(x, IR_PTRADD, x->f->insts[base].type, base, spv_kconst(x, i64, 2ull * k))
                   : base;
    if (store) {
      uint32_t h = spv_xmath1(x, (ir_math)mth, i32, x->c[k]);
      h = spv_emit(x, IR_TRUNC, i16, 1, &h);
      uint32_t st = spv_x2(x, IR_STORE, SPV_IRT(IR_T_VOID), p, h);
      x->f->insts[st].aux = 2;
    } else {
      uint32_t h = spv_emit(x, IR_LOAD, i16, 1, &p);
      x->f->insts[h].aux = 2;
      h = spv_emit(x, IR_ZEXT, i32, 1, &h);
      x->a[k] = spv_xmath1(x, IR_M_HALF2F, SPV_IRT(IR_T_F32), h);
    }
  }
  if (!store)
    spv_set(x, W(2), x->a, n);
  return 0;
}

/* ---- printf --------------------------------------------------------------
 * printf(fmt, ...) becomes: reserve a record in the launch's printf buffer
 * with a global atomic add on its write offset, store the record there (or,
 * when it does not fit, into the buffer's spill area and count it dropped;
 * branch-free so the reader never splits blocks), and return 0 or -1. The
 * format (a constant string, read here) and the slot layout are kept per call
 * site in ir_module.printf_*; isa_program documents the buffer and records. */

/* The bytes of a __constant string a pointer value points at, or NULL. */
static const char *spv_printf_cstr(spv_fn *x, uint32_t v, uint32_t *avail) {
  uint64_t off = 0;
  for (;;) {
    const ir_inst *in = &x->f->insts[v];
    if (in->op == IR_BITCAST) {
      v = in->opnd[0];
    } else if (in->op == IR_PTRADD && x->f->insts[in->opnd[1]].op == IR_CONST) {
      off += x->f->insts[in->opnd[1]].imm;
      v = in->opnd[0];
    } else if (in->op == IR_CONST_VAR && in->aux < x->m->out->nconsts) {
      const ir_const_data *c = &x->m->out->consts[in->aux];
      /* a __global array may change before the call: not a format */
      if (off >= c->size || !c->bytes || c->space != IR_AS_CONSTANT) return NULL;
      *avail = c->size - (uint32_t)off;
      return (const char *)c->bytes + off;
    } else {
      return NULL;
    }
  }
}

/* Site index for (fmt, layout) in the module table, adding it when new. */
static int spv_printf_site(spv_mod *m, const char *fmt, size_t fmtlen, const char *layout,
                           uint32_t *site) {
  ir_module *o = m->out;
  for (uint32_t k = 0; k < o->nprintf; k++)
    if (strlen(o->printf_fmts[k]) == fmtlen && !memcmp(o->printf_fmts[k], fmt, fmtlen) &&
        !strcmp(o->printf_layouts[k], layout)) {
      *site = k;
      return 0;
    }
  char **nf = realloc(o->printf_fmts, (o->nprintf + 1) * sizeof(char *));
  if (nf) o->printf_fmts = nf;
  char **nl = realloc(o->printf_layouts, (o->nprintf + 1) * sizeof(char *));
  if (nl) o->printf_layouts = nl;
  char *f = malloc(fmtlen + 1), *l = strdup(layout);
  if (!nf || !nl || !f || !l) {
    free(f);
    free(l);
    return -1;
  }
  memcpy(f, fmt, fmtlen);
  f[fmtlen] = 0;
  o->printf_fmts[o->nprintf] = f;
  o->printf_layouts[o->nprintf] = l;
  *site = o->nprintf++;
  return 0;
}

static uint32_t spv_pf_op(spv_fn *x, ir_op op, ir_base t, uint32_t a, uint32_t b, uint32_t aux) {
  uint32_t o[2] = {a, b};
  uint32_t r = spv_emit(x, op, SPV_IRT(t), b == IR_NONE ? 1 : 2, o);
  x->f->insts[r].aux = aux;
  return r;
}

static uint32_t spv_pf_at(spv_fn *x, uint32_t ptr, uint32_t off) {
  uint32_t o[2] = {ptr, spv_kconst(x, SPV_IRT(IR_T_I64), off)};
  return spv_emit(x, IR_PTRADD, x->f->insts[ptr].type, 2, o);
}

static void spv_pf_store(spv_fn *x, uint32_t ptr, uint32_t off, uint32_t val, uint32_t align) {
  uint32_t o[2] = {spv_pf_at(x, ptr, off), val};
  uint32_t r = spv_emit(x, IR_STORE, SPV_IRT(IR_T_VOID), 2, o);
  x->f->insts[r].aux = align;
}

enum { SPV_PF_MAX_SLOTS = 256 };

static int spv_lower_printf(spv_fn *x, uint32_t i) {
  spv_mod *m = x->m;
  uint32_t nw = m->ins[i].nw;
  if (nw < 6) {
    spv_error(m, x->line, "malformed SPIR-V: printf without a format");
    return -1;
  }
  if (spv_val(x, W(5), x->a) != 1) return -1;
  uint32_t avail = 0;
  const char *fmt = spv_printf_cstr(x, x->a[0], &avail);
  size_t fmtlen = fmt ? strnlen(fmt, avail) : 0;
  if (!fmt || fmtlen == avail) {
    spv_error(m, x->line, "unsupported printf format: not a NUL-terminated __constant string "
              "literal; pass the format as a string literal");
    return -1;
  }
  /* argument slots: value refs and layout characters */
  uint32_t slot[SPV_PF_MAX_SLOTS];
  char layout[SPV_PF_MAX_SLOTS + 1];
  uint32_t ns = 0;
  for (uint32_t k = 6; k < nw; k++) {
    uint32_t n = spv_val(x, W(k), x->b);
    if (m->failed) return -1;
    if (ns + n > SPV_PF_MAX_SLOTS) {
      spv_error(m, x->line, "unsupported printf: more than %d argument components",
                SPV_PF_MAX_SLOTS);
      return -1;
    }
    for (uint32_t c = 0; c < n; c++) {
      uint32_t v = x->b[c];
      const ir_inst *in = &x->f->insts[v];
      char kind;
      switch ((ir_base)in->type.base) {
      case IR_T_BOOL:
        v = spv_emit(x, IR_SELECT, SPV_IRT(IR_T_I32), 3,
                     (uint32_t[]){v, spv_kconst(x, SPV_IRT(IR_T_I32), 1),
                                  spv_kconst(x, SPV_IRT(IR_T_I32), 0)});
        kind = 'i';
        break;
      case IR_T_I8: case IR_T_I16:
        v = spv_pf_op(x, IR_SEXT, IR_T_I32, v, IR_NONE, 0);
        kind = 'i';
        break;
      case IR_T_I32: kind = 'i'; break;
      case IR_T_I64: kind = 'l'; break;
      case IR_T_F32: kind = 'f'; break;
      case IR_T_F64: {
        /* varargs promote float to double; keep the float when it is one */
        double d;
        memcpy(&d, &in->imm, 8);
        if (in->op == IR_FPEXT && x->f->insts[in->opnd[0]].type.base == IR_T_F32) {
          v = in->opnd[0];
          kind = 'f';
        } else if (in->op == IR_CONST && (double)(float)d == d) {
          float fl = (float)d;
          uint32_t bits;
          memcpy(&bits, &fl, 4);
          v = spv_kconst(x, SPV_IRT(IR_T_F32), bits);
          kind = 'f';
        } else {
          v = spv_pf_op(x, IR_BITCAST, IR_T_I64, v, IR_NONE, 0);
          kind = 'd';
        }
        break;
      }
      case IR_T_PTR: v = spv_pf_op(x, IR_BITCAST, IR_T_I64, v, IR_NONE, 0); kind = 'p'; break;
      default:
        spv_error(m, x->line, "unsupported printf argument type (half); convert it to float");
        return -1;
      }
      slot[ns] = v;
      layout[ns++] = kind;
    }
  }
  layout[ns] = 0;
  uint32_t site;
  if (spv_printf_site(m, fmt, fmtlen, layout, &site)) {
    spv_error(m, x->line, "out of memory recording a printf format");
    return -1;
  }
  uint32_t bytes = ISA_PRINTF_RECORD_HEADER + 8 * ns;
  ir_type gptr = {.base = IR_T_PTR, .space = IR_AS_GLOBAL};
  uint32_t buf = spv_emit(x, IR_PRINTF_BUF, gptr, 0, NULL);
  uint32_t cap = spv_emit(x, IR_LOAD, SPV_IRT(IR_T_I32), 1, (uint32_t[]){spv_pf_at(x, buf, 8)});
  x->f->insts[cap].aux = 4;
  uint32_t ksize = spv_kconst(x, SPV_IRT(IR_T_I32), bytes);
  uint32_t old = spv_pf_op(x, IR_ATOMIC, IR_T_I32, buf, ksize, IR_A_ADD);
  uint32_t end = spv_pf_op(x, IR_ADD, IR_T_I32, old, ksize, 0);
  uint32_t ok = spv_pf_op(x, IR_ICMP, IR_T_BOOL, end, cap, IR_P_ULE);
  uint32_t zero = spv_kconst(x, SPV_IRT(IR_T_I32), 0), one = spv_kconst(x, SPV_IRT(IR_T_I32), 1);
  uint32_t dst = spv_emit(x, IR_SELECT, SPV_IRT(IR_T_I32), 3, (uint32_t[]){ok, old, cap});
  uint32_t drop = spv_emit(x, IR_SELECT, SPV_IRT(IR_T_I32), 3, (uint32_t[]){ok, zero, one});
  spv_pf_op(x, IR_ATOMIC, IR_T_I32, spv_pf_at(x, buf, 4), drop, IR_A_ADD);
  uint32_t dst64 = spv_pf_op(x, IR_ZEXT, IR_T_I64, dst, IR_NONE, 0);
  uint32_t rec = spv_emit(x, IR_PTRADD, gptr, 2, (uint32_t[]){spv_pf_at(x, buf, ISA_PRINTF_HEADER), dst64});
  spv_pf_store(x, rec, 0, ksize, 8);
  spv_pf_store(x, rec, 4, spv_kconst(x, SPV_IRT(IR_T_I32), site), 4);
  for (uint32_t d = 0; d < 3; d++) {
    uint32_t g = spv_emit(x, IR_GLOBAL_ID, SPV_IRT(IR_T_I64), 0, NULL);
    x->f->insts[g].aux = d;
    spv_pf_store(x, rec, 8 + 4 * d, spv_pf_op(x, IR_TRUNC, IR_T_I32, g, IR_NONE, 0), 4);
  }
  spv_pf_store(x, rec, 20, zero, 4);
  for (uint32_t k = 0; k < ns; k++)
    spv_pf_store(x, rec, ISA_PRINTF_RECORD_HEADER + 8 * k, slot[k],
                 layout[k] == 'i' || layout[k] == 'f' ? 4 : 8);
  uint32_t ret = spv_emit(x, IR_SELECT, SPV_IRT(IR_T_I32), 3,
                          (uint32_t[]){ok, zero, spv_kconst(x, SPV_IRT(IR_T_I32), UINT32_MAX)});
  spv_set(x, W(2), &ret, 1);
  return 0;
}

int spv_lower_clstd(spv_fn *x, uint32_t i) {
  spv_mod *m = x->m;
  uint32_t num = W(4);
  if (num == OpenCLstd_Vloadn)
    return spv_vload_store(x, i, 0);
  if (num == OpenCLstd_Vstoren)
    return spv_vload_store(x, i, 1);
  if (num == OpenCLstd_Printf)
    return spv_lower_printf(x, i);
  if (num >= OpenCLstd_Vload_half && num <= OpenCLstd_Vstorea_halfn_r)
    return spv_vhalf(x, i, num);
  if (num == OpenCLstd_Fract || num == OpenCLstd_Sincos)
    return spv_fract(x, i, num == OpenCLstd_Sincos);
  if (num == OpenCLstd_Modf || num == OpenCLstd_Frexp || num == OpenCLstd_Lgamma_r ||
      num == OpenCLstd_Remquo)
    return spv_ptrout(x, i, num);
  if (num == OpenCLstd_Bitselect || num == OpenCLstd_Shuffle || num == OpenCLstd_Shuffle2 ||
      num == OpenCLstd_SMad_sat || num == OpenCLstd_UMad_sat ||
      (num >= OpenCLstd_Cross && num <= OpenCLstd_Fast_normalize))
    return spv_xvec(x, i, num);
  const spv_xmap *e = NULL;
  for (size_t k = 0; k < spv_clstd_nmap; k++)
    if (spv_clstd_map[k].num == num)
      e = &spv_clstd_map[k];
  if (!e) {
    const char *n = spv_clstd_name(num);
    spv_error(m, x->line, "unsupported OpenCL.std instruction %s; not implemented yet",
              n ? n : "(unknown number)");
    return -1;
  }
  ir_type *t = (ir_type *)(void *)x->r;
  uint32_t n = spv_leaf_types(m, W(1), t, x->line);
  uint32_t nargs = m->ins[i].nw - 5;
  uint32_t *ops[3] = {x->a, x->b, x->c};
  if (nargs > 3 || nargs == 0) {
    spv_error(m, x->line, "malformed SPIR-V: %s with %u operands", spv_clstd_name(num), nargs);
    return -1;
  }
  uint32_t cnt[3] = {0, 0, 0};
  for (uint32_t k = 0; k < nargs; k++)
    cnt[k] = spv_val(x, W(5 + k), ops[k]);
  if (m->failed)
    return -1;
  for (uint32_t k = 0; k < nargs; k++)
    if (cnt[k] != n && cnt[k] != 1) {
      spv_error(m, x->line, "malformed SPIR-V: %s operand shapes", spv_clstd_name(num));
      return -1;
    }
  uint32_t *res = fe_xmalloc(m->oom, (n + 1) * sizeof(uint32_t));
  uint32_t mark = fe_oom_keep(m->oom, &res);
  for (uint32_t k = 0; k < n; k++) {
    uint32_t o[3];
    for (uint32_t j = 0; j < nargs; j++)
      o[j] = ops[j][cnt[j] == 1 ? 0 : k];
    ir_type tk = t[k];
    switch ((spv_xk)e->kind) {
    case XK_MATH: res[k] = spv_xmath(x, (ir_math)e->op, tk, nargs, o); break;
    case XK_OP:
      res[k] = spv_emit(x, (ir_op)e->op, tk, nargs, o);
      break;
    case XK_MAD24: res[k] = spv_x2(x, IR_ADD, tk, spv_x2(x, IR_MUL, tk, o[0], o[1]), o[2]); break;
    case XK_SABS: res[k] = spv_x2(x, IR_SMAX, tk, o[0],
                                  spv_x2(x, IR_SUB, tk, spv_kconst(x, tk, 0), o[0])); break;
    case XK_UABS: res[k] = o[0]; break;
    case XK_MIX: { /* x + (y - x) * a */
      uint32_t d = spv_x2(x, IR_FSUB, tk, o[1], o[0]);
      res[k] = spv_x2(x, IR_FADD, tk, o[0], spv_x2(x, IR_FMUL, tk, d, o[2]));
      break;
    }
    case XK_FCLAMP: {
      uint32_t lo[2] = {o[0], o[1]};
      uint32_t v = spv_xmath(x, IR_M_FMAX, tk, 2, lo);
      uint32_t hi[2] = {v, o[2]};
      res[k] = spv_xmath(x, IR_M_FMIN, tk, 2, hi);
      break;
    }
    case XK_SCLAMP: case XK_UCLAMP: {
      int s = e->kind == XK_SCLAMP;
      uint32_t v = spv_x2(x, s ? IR_SMAX : IR_UMAX, tk, o[0], o[1]);
      res[k] = spv_x2(x, s ? IR_SMIN : IR_UMIN, tk, v, o[2]);
      break;
    }
    case XK_RECIP_DIV: res[k] = o[0]; break;
    case XK_BITCNT: res[k] = spv_xbitcnt(x, (ir_math)e->op, tk, o[0]); break;
    case XK_MULHI: res[k] = spv_xmulhi(x, (int)e->op, tk, o[0], o[1]); break;
    case XK_MADHI: res[k] = spv_x2(x, IR_ADD, tk, spv_xmulhi(x, (int)e->op, tk, o[0], o[1]), o[2]); break;
    case XK_UPSAMPLE: { /* (hi << w) | lo, in the doubled result type */
      uint32_t lo = spv_emit(x, IR_ZEXT, tk, 1, &o[1]), hi = spv_emit(x, IR_ZEXT, tk, 1, &o[0]);
      uint64_t w = ir_type_bytes(tk) * 4;
      res[k] = spv_x2(x, IR_OR, tk, spv_x2(x, IR_SHL, tk, hi, spv_kconst(x, tk, w)), lo);
      break;
    }
    case XK_STEP: /* step(edge, x) = x < edge ? 0 : 1 */
      res[k] = spv_xsel(x, tk, spv_xcmp(x, IR_FCMP, IR_P_OLT, o[1], o[0]), spv_fconst(x, tk, 0.0),
                        spv_fconst(x, tk, 1.0));
      break;
    case XK_SSTEP: { /* t = clamp((x - e0) / (e1 - e0), 0, 1); t * t * (3 - 2t) */
      uint32_t d = spv_x2(x, IR_FDIV, tk, spv_x2(x, IR_FSUB, tk, o[2], o[0]),
                          spv_x2(x, IR_FSUB, tk, o[1], o[0]));
      uint32_t lo[2] = {d, spv_fconst(x, tk, 0.0)};
      uint32_t hi[2] = {spv_xmath(x, IR_M_FMAX, tk, 2, lo), spv_fconst(x, tk, 1.0)};
      uint32_t c = spv_xmath(x, IR_M_FMIN, tk, 2, hi);
      uint32_t p = spv_x2(x, IR_FSUB, tk, spv_fconst(x, tk, 3.0),
                          spv_x2(x, IR_FMUL, tk, spv_fconst(x, tk, 2.0), c));
      res[k] = spv_x2(x, IR_FMUL, tk, spv_x2(x, IR_FMUL, tk, c, c), p);
      break;
    }
    case XK_SIGN: { /* 1 / -1 / x itself for +-0; NaN gives 0 */
      uint32_t z = spv_fconst(x, tk, 0.0);
      uint32_t r = spv_xsel(x, tk, spv_xcmp(x, IR_FCMP, IR_P_OLT, o[0], z),
                            spv_fconst(x, tk, -1.0), o[0]);
      r = spv_xsel(x, tk, spv_xcmp(x, IR_FCMP, IR_P_OGT, o[0], z), spv_fconst(x, tk, 1.0), r);
      res[k] = spv_xsel(x, tk, spv_xcmp(x, IR_FCMP, IR_P_UNO, o[0], o[0]), z, r);
      break;
    }
    case XK_MAG: { /* the operand of larger (smaller) magnitude; ties and NaNs: fmax (fmin) */
      uint32_t ax = spv_xmath1(x, IR_M_FABS, tk, o[0]), ay = spv_xmath1(x, IR_M_FABS, tk, o[1]);
      ir_pred p = e->op ? IR_P_OGT : IR_P_OLT;
      uint32_t r = spv_xmath(x, e->op ? IR_M_FMAX : IR_M_FMIN, tk, 2, o);
      r = spv_xsel(x, tk, spv_xcmp(x, IR_FCMP, p, ay, ax), o[1], r);
      res[k] = spv_xsel(x, tk, spv_xcmp(x, IR_FCMP, p, ax, ay), o[0], r);
      break;
    }
    case XK_SCALE: /* the factor rounded once, to the operand's own precision */
      res[k] =
          spv_x2(x, IR_FMUL, tk, o[0],
                 spv_fconst(x, tk, e->op ? 57.295779513082320876798 : 0.017453292519943295769237));
      break;
    case XK_NAN: { /* nan(code): the quiet NaN whose other mantissa bits are code's */
      int dbl = tk.base == IR_T_F64;
      ir_type it = SPV_IRT(dbl ? IR_T_I64 : IR_T_I32);
      uint32_t c = spv_x2(x, IR_AND, it, o[0], spv_kconst(x, it, dbl ? 0xfffffffffffffull : 0x7fffffu));
      c = spv_x2(x, IR_OR, it, c, spv_kconst(x, it, dbl ? 0x7ff8000000000000ull : 0x7fc00000u));
      res[k] = spv_emit(x, IR_BITCAST, tk, 1, &c);
      break;
    }
    case XK_ROTATE: { /* (v << (n & w-1)) | (v >> (-n & w-1)): counts masked per IR */
      uint64_t wm = ir_type_bytes(tk) * 8 - 1;
      uint32_t l = spv_x2(x, IR_AND, tk, o[1], spv_kconst(x, tk, wm));
      uint32_t r = spv_x2(x, IR_AND, tk, spv_x2(x, IR_SUB, tk, spv_kconst(x, tk, 0), o[1]),
                          spv_kconst(x, tk, wm));
      res[k] = spv_x2(x, IR_OR, tk, spv_x2(x, IR_SHL, tk, o[0], l), spv_x2(x, IR_LSHR, tk, o[0], r));
      break;
    }
    case XK_ABSDIFF: /* max - min, wrapping into the unsigned result */
      res[k] = spv_x2(x, IR_SUB, tk, spv_x2(x, e->op ? IR_SMAX : IR_UMAX, tk, o[0], o[1]),
                      spv_x2(x, e->op ? IR_SMIN : IR_UMIN, tk, o[0], o[1]));
      break;
    case XK_ADDSAT: case XK_SUBSAT:
      res[k] = spv_xsat(x, e->kind == XK_SUBSAT, e->op, tk, o[0], o[1]);
      if (res[k] == IR_NONE) {
        spv_error(m, x->line, "unsupported 64-bit signed %s; not implemented yet", spv_clstd_name(num));
        fe_oom_pop(m->oom, mark);
        free(res);
        return -1;
      }
      break;
    case XK_HADD: case XK_RHADD: { /* (a >> 1) + (b >> 1) + ((a & b | a | b) & 1) */
      ir_op sh = e->op ? IR_ASHR : IR_LSHR;
      uint32_t one = spv_kconst(x, tk, 1);
      uint32_t h = spv_x2(x, IR_ADD, tk, spv_x2(x, sh, tk, o[0], one), spv_x2(x, sh, tk, o[1], one));
      uint32_t lsb = spv_x2(x, e->kind == XK_HADD ? IR_AND : IR_OR, tk, o[0], o[1]);
      res[k] = spv_x2(x, IR_ADD, tk, h, spv_x2(x, IR_AND, tk, lsb, one));
      break;
    }
    case XK_SELECT: { /* scalar: c != 0 ? b : a; vector: the MSB of c picks b */
      ir_type ct = x->f->insts[o[2]].type;
      uint32_t c = spv_x2(x, IR_ICMP, SPV_IRT(IR_T_BOOL), o[2], spv_kconst(x, ct, 0));
      x->f->insts[c].aux = n > 1 ? IR_P_SLT : IR_P_NE;
      uint32_t so[3] = {c, o[1], o[0]};
      res[k] = spv_emit(x, IR_SELECT, tk, 3, so);
      break;
    }
    }
  }
  spv_set(x, W(2), res, n);
  fe_oom_pop(m->oom, mark);
  free(res);
  return 0;
}
