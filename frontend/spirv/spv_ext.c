/* Lowers OpExtInst of the OpenCL.std set (math, integer and vload/vstore
 * builtins) to IR; names in messages come from the grammar tables. */
#include <spirv/unified1/OpenCL.std.h>
#include <spirv/unified1/spirv.h>
#include <stdlib.h>
#include <string.h>

#include "spv_internal.h"
#include "spv_tables.h"

#define W(k) spv_word(m, i, (k))

typedef enum spv_xk { XK_MATH, XK_OP, XK_FMA, XK_MIX, XK_FCLAMP, XK_SCLAMP, XK_UCLAMP,
                      XK_SABS, XK_UABS, XK_MAD24, XK_RECIP_DIV, XK_ROTATE, XK_ABSDIFF,
                      XK_ADDSAT, XK_SUBSAT, XK_HADD, XK_RHADD, XK_SELECT } spv_xk;

typedef struct spv_xmap {
  uint32_t num;
  uint8_t kind; /* spv_xk */
  uint16_t op;  /* ir_op or ir_math */
} spv_xmap;

static const spv_xmap spv_clstd_map[] = {
  {OpenCLstd_Sqrt, XK_MATH, IR_M_SQRT}, {OpenCLstd_Native_sqrt, XK_MATH, IR_M_SQRT},
  {OpenCLstd_Half_sqrt, XK_MATH, IR_M_SQRT},
  {OpenCLstd_Rsqrt, XK_MATH, IR_M_RSQRT}, {OpenCLstd_Native_rsqrt, XK_MATH, IR_M_RSQRT},
  {OpenCLstd_Half_rsqrt, XK_MATH, IR_M_RSQRT},
  {OpenCLstd_Fabs, XK_MATH, IR_M_FABS},
  {OpenCLstd_Fmin, XK_MATH, IR_M_FMIN}, {OpenCLstd_Fmax, XK_MATH, IR_M_FMAX},
  {OpenCLstd_Exp, XK_MATH, IR_M_EXP}, {OpenCLstd_Native_exp, XK_MATH, IR_M_EXP},
  {OpenCLstd_Half_exp, XK_MATH, IR_M_EXP},
  {OpenCLstd_Exp2, XK_MATH, IR_M_EXP2}, {OpenCLstd_Native_exp2, XK_MATH, IR_M_EXP2},
  {OpenCLstd_Half_exp2, XK_MATH, IR_M_EXP2},
  {OpenCLstd_Log, XK_MATH, IR_M_LOG}, {OpenCLstd_Native_log, XK_MATH, IR_M_LOG},
  {OpenCLstd_Half_log, XK_MATH, IR_M_LOG},
  {OpenCLstd_Log2, XK_MATH, IR_M_LOG2}, {OpenCLstd_Native_log2, XK_MATH, IR_M_LOG2},
  {OpenCLstd_Half_log2, XK_MATH, IR_M_LOG2},
  {OpenCLstd_Sin, XK_MATH, IR_M_SIN}, {OpenCLstd_Native_sin, XK_MATH, IR_M_SIN},
  {OpenCLstd_Half_sin, XK_MATH, IR_M_SIN},
  {OpenCLstd_Cos, XK_MATH, IR_M_COS}, {OpenCLstd_Native_cos, XK_MATH, IR_M_COS},
  {OpenCLstd_Half_cos, XK_MATH, IR_M_COS},
  {OpenCLstd_Pow, XK_MATH, IR_M_POW}, {OpenCLstd_Powr, XK_MATH, IR_M_POW},
  {OpenCLstd_Native_powr, XK_MATH, IR_M_POW}, {OpenCLstd_Half_powr, XK_MATH, IR_M_POW},
  {OpenCLstd_Floor, XK_MATH, IR_M_FLOOR}, {OpenCLstd_Ceil, XK_MATH, IR_M_CEIL},
  {OpenCLstd_Trunc, XK_MATH, IR_M_TRUNC}, {OpenCLstd_Rint, XK_MATH, IR_M_RINT},
  {OpenCLstd_Fmod, XK_MATH, IR_M_FMOD},
  {OpenCLstd_Native_recip, XK_MATH, IR_M_NATIVE_RECIP},
  {OpenCLstd_Half_recip, XK_MATH, IR_M_NATIVE_RECIP},
  {OpenCLstd_Native_divide, XK_OP, IR_FDIV}, {OpenCLstd_Half_divide, XK_OP, IR_FDIV},
  {OpenCLstd_Fma, XK_FMA, IR_FMA}, {OpenCLstd_Mad, XK_FMA, IR_FMA},
  {OpenCLstd_SMin, XK_OP, IR_SMIN}, {OpenCLstd_SMax, XK_OP, IR_SMAX},
  {OpenCLstd_UMin, XK_OP, IR_UMIN}, {OpenCLstd_UMax, XK_OP, IR_UMAX},
  {OpenCLstd_SMul_hi, XK_OP, IR_MULHI_S}, {OpenCLstd_UMul_hi, XK_OP, IR_MULHI_U},
  {OpenCLstd_SMul24, XK_OP, IR_MUL}, {OpenCLstd_UMul24, XK_OP, IR_MUL},
  {OpenCLstd_SMad24, XK_MAD24, IR_MUL}, {OpenCLstd_UMad24, XK_MAD24, IR_MUL},
  {OpenCLstd_SAbs, XK_SABS, 0}, {OpenCLstd_UAbs, XK_UABS, 0},
  {OpenCLstd_Mix, XK_MIX, 0}, {OpenCLstd_FClamp, XK_FCLAMP, 0},
  {OpenCLstd_SClamp, XK_SCLAMP, 0}, {OpenCLstd_UClamp, XK_UCLAMP, 0},
  /* op: 1 for the signed variant */
  {OpenCLstd_Rotate, XK_ROTATE, 0},
  {OpenCLstd_SAbs_diff, XK_ABSDIFF, 1}, {OpenCLstd_UAbs_diff, XK_ABSDIFF, 0},
  {OpenCLstd_SAdd_sat, XK_ADDSAT, 1}, {OpenCLstd_UAdd_sat, XK_ADDSAT, 0},
  {OpenCLstd_SSub_sat, XK_SUBSAT, 1}, {OpenCLstd_USub_sat, XK_SUBSAT, 0},
  {OpenCLstd_SHadd, XK_HADD, 1}, {OpenCLstd_UHadd, XK_HADD, 0},
  {OpenCLstd_SRhadd, XK_RHADD, 1}, {OpenCLstd_URhadd, XK_RHADD, 0},
  {OpenCLstd_Select, XK_SELECT, 0},
};

static uint32_t spv_x2(spv_fn *x, ir_op op, ir_type t, uint32_t a, uint32_t b) {
  uint32_t o[2] = {a, b};
  return spv_emit(x, op, t, 2, o);
}

/* Saturating add/sub: unsigned by wrap detection; signed (up to 32 bits) in
 * 64-bit arithmetic clamped to the type's range. 64-bit signed: IR_NONE. */
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
  if (bits >= 64)
    return IR_NONE;
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

int spv_lower_clstd(spv_fn *x, uint32_t i) {
  spv_mod *m = x->m;
  uint32_t num = W(4);
  if (num == OpenCLstd_Vloadn)
    return spv_vload_store(x, i, 0);
  if (num == OpenCLstd_Vstoren)
    return spv_vload_store(x, i, 1);
  const spv_xmap *e = NULL;
  for (size_t k = 0; k < sizeof spv_clstd_map / sizeof spv_clstd_map[0]; k++)
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
  uint32_t *res = malloc((n + 1) * sizeof(uint32_t));
  if (!res)
    abort();
  for (uint32_t k = 0; k < n; k++) {
    uint32_t o[3];
    for (uint32_t j = 0; j < nargs; j++)
      o[j] = ops[j][cnt[j] == 1 ? 0 : k];
    ir_type tk = t[k];
    switch ((spv_xk)e->kind) {
    case XK_MATH: res[k] = spv_xmath(x, (ir_math)e->op, tk, nargs, o); break;
    case XK_OP: res[k] = spv_emit(x, (ir_op)e->op, tk, nargs, o); break;
    case XK_FMA: res[k] = spv_emit(x, IR_FMA, tk, 3, o); break;
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
  free(res);
  return 0;
}
