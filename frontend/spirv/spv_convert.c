/* Lowers SPIR-V conversions to IR: integer resizing and saturation, float to
 * integer with rounding modes and saturation, integer and float to float or
 * double in every rounding mode, and bitcasts (vectors included). */
#include <spirv/unified1/spirv.h>
#include <stdlib.h>
#include <string.h>

#include "isa.h"
#include "spv_internal.h"
#include "spv_tables.h"

#define W(k) spv_word(m, i, (k))

uint32_t spv_resize(spv_fn *x, uint32_t v, ir_type to, int sign) {
  unsigned from = ir_type_bytes(spv_rtype(x, v)), tb = ir_type_bytes(to);
  if (spv_rtype(x, v).base == IR_T_PTR)
    v = spv_op1(x, IR_BITCAST, SPV_IRT(IR_T_I64), v), from = 8;
  if (from == tb)
    return spv_rtype(x, v).base == to.base ? v : spv_op1(x, IR_BITCAST, to, v);
  return spv_op1(x, from < tb ? (sign ? IR_SEXT : IR_ZEXT) : IR_TRUNC, to, v);
}

/* Saturating integer conversion (convert_*_sat, OpSatConvert*): clamp in 64
 * bits to the destination's range, then narrow. ss/ts: source/result signed. */
static uint32_t spv_int_sat(spv_fn *x, uint32_t v, int ss, ir_type to, int ts) {
  ir_type i64 = SPV_IRT(IR_T_I64);
  unsigned tb = ir_type_bytes(to) * 8;
  if (ir_type_bytes(spv_rtype(x, v)) < 8)
    v = spv_op1(x, ss ? IR_SEXT : IR_ZEXT, i64, v);
  uint64_t hi = ts ? ((uint64_t)1 << (tb - 1)) - 1 : tb == 64 ? ~(uint64_t)0 : ((uint64_t)1 << tb) - 1;
  uint64_t lo = ts ? (uint64_t)0 - ((uint64_t)1 << (tb - 1)) : 0;
  if (ss) {
    v = spv_op2(x, IR_SMAX, i64, v, spv_kconst(x, i64, lo));
    if (hi <= (uint64_t)INT64_MAX)
      v = spv_op2(x, IR_SMIN, i64, v, spv_kconst(x, i64, hi));
  } else {
    v = spv_op2(x, IR_UMIN, i64, v, spv_kconst(x, i64, hi));
  }
  return tb == 64 ? v : spv_op1(x, IR_TRUNC, to, v);
}

/* Float to integer with a rounding mode and/or saturation: round in the
 * source type, convert (the backend's conversions saturate, NaN -> 0), clamp
 * narrower results. Doubles and 64-bit results go through the double
 * conversions, which are exact for every float (a float widens exactly). */
static int spv_fp_to_int(spv_fn *x, uint32_t *v, ir_type to, int sgn, int sat, int has_rnd, uint32_t rnd) {
  ir_type ft = spv_rtype(x, *v), i32 = SPV_IRT(IR_T_I32), f64 = SPV_IRT(IR_T_F64);
  if (ft.base != IR_T_F32 && ft.base != IR_T_F64)
    return -1;
  uint32_t f = *v;
  int wide = ir_type_bytes(to) > 4;
  if (wide && ft.base == IR_T_F32) {
    f = spv_op1(x, IR_FPEXT, f64, f);
    ft = f64;
  }
  ir_math rm = IR_M_COUNT;
  if (has_rnd)
    rm = rnd == SpvFPRoundingModeRTE ? IR_M_RINT : rnd == SpvFPRoundingModeRTP ? IR_M_CEIL
       : rnd == SpvFPRoundingModeRTN ? IR_M_FLOOR : IR_M_COUNT;
  if (rm != IR_M_COUNT) {
    f = spv_op1(x, IR_MATH, ft, f);
    x->f->insts[f].aux = rm;
  }
  uint32_t r = spv_op1(x, sgn ? IR_FPTOSI : IR_FPTOUI, wide ? SPV_IRT(IR_T_I64) : i32, f);
  if (sat && ir_type_bytes(to) < 4)
    r = spv_int_sat(x, r, sgn, to, sgn);
  else if (ir_type_bytes(to) < 4)
    r = spv_op1(x, IR_TRUNC, to, r);
  *v = r;
  return 0;
}

static uint32_t spv_cmp(spv_fn *x, ir_op op, ir_pred p, uint32_t a, uint32_t b) {
  uint32_t c = spv_op2(x, op, SPV_IRT(IR_T_BOOL), a, b);
  x->f->insts[c].aux = p;
  return c;
}

static uint32_t spv_sel(spv_fn *x, ir_type t, uint32_t c, uint32_t a, uint32_t b) {
  uint32_t o[3] = {c, a, b};
  return spv_emit(x, IR_SELECT, t, 3, o);
}

/* 64-bit integer to float or double (to), rounded as rnd says. Works on the
 * magnitude m (2^63 for LONG_MIN) so each lane rounds toward or away from
 * zero: r = m rounded to nearest even (the backend's conversion), then r's
 * exact integer value (r >= 2^64 cannot convert back: it is above every m)
 * says on which side of m it lies; when it lies on the wrong side for the
 * mode, the neighbour toward m (bit pattern -+ 1, r > 0 there) is the result.
 * A negative input rounds its magnitude the other way for rtp/rtn. */
static uint32_t spv_i64_to_fp(spv_fn *x, uint32_t v, int sgn, uint32_t rnd, ir_type to) {
  ir_type i64 = SPV_IRT(IR_T_I64), f64 = SPV_IRT(IR_T_F64);
  int dbl = to.base == IR_T_F64;
  ir_type bits = SPV_IRT(dbl ? IR_T_I64 : IR_T_I32);
  uint32_t m = v, neg = IR_NONE;
  if (sgn) {
    neg = spv_cmp(x, IR_ICMP, IR_P_SLT, v, spv_kconst(x, i64, 0));
    m = spv_sel(x, i64, neg, spv_op2(x, IR_SUB, i64, spv_kconst(x, i64, 0), v), v);
  }
  uint32_t r = spv_op1(x, IR_UITOFP, to, m), rd = dbl ? r : spv_op1(x, IR_FPEXT, f64, r);
  uint32_t back = spv_op1(x, IR_FPTOUI, i64, rd); /* saturates at 2^64 - 1 */
  uint32_t big = spv_cmp(x, IR_FCMP, IR_P_OGE, rd, spv_kconst(x, f64, 0x43f0000000000000ull));
  uint32_t above =
      spv_op2(x, IR_OR, SPV_IRT(IR_T_BOOL), big, spv_cmp(x, IR_ICMP, IR_P_UGT, back, m));
  uint32_t below = spv_cmp(x, IR_ICMP, IR_P_ULT, back, m);
  uint32_t rb = spv_op1(x, IR_BITCAST, bits, r), one = spv_kconst(x, bits, 1);
  uint32_t dn = spv_sel(x, bits, above, spv_op2(x, IR_SUB, bits, rb, one), rb);
  uint32_t upb = spv_sel(x, bits, below, spv_op2(x, IR_ADD, bits, rb, one), rb);
  uint32_t down = spv_op1(x, IR_BITCAST, to, dn), up = spv_op1(x, IR_BITCAST, to, upb);
  /* rtz and an unsigned rtn round the magnitude down, an unsigned rtp up */
  uint32_t res = rnd == SpvFPRoundingModeRTP ? up : down;
  if (!sgn)
    return res;
  if (rnd == SpvFPRoundingModeRTP)
    res = spv_sel(x, to, neg, down, up);
  else if (rnd == SpvFPRoundingModeRTN)
    res = spv_sel(x, to, neg, up, down);
  return spv_sel(x, to, neg, spv_op1(x, IR_FNEG, to, res), res);
}

/* Integer, float or double to float or double (to), rounded as rnd says (a
 * SPIR-V rounding mode). Round to nearest even is what the backend's
 * conversions do; exact cases (float -> double, 32-bit integer -> double)
 * ignore the mode. A 32-bit integer or a double to float: the value is exact
 * in a double d; f = d rounded to nearest even steps one ulp toward the mode's
 * direction when it lies on the wrong side of d (nextafter gives the right
 * neighbour across overflow: rtz of a huge d is FLT_MAX). */
static uint32_t spv_to_fp(spv_fn *x, uint32_t v, int sgn, uint32_t rnd, ir_type to) {
  ir_type st = spv_rtype(x, v), f32 = SPV_IRT(IR_T_F32), f64 = SPV_IRT(IR_T_F64);
  int fsrc = st.base == IR_T_F32 || st.base == IR_T_F64;
  if (st.base == to.base)
    return v;
  int exact = to.base == IR_T_F64 && (fsrc || ir_type_bytes(st) < 8);
  if (rnd == SpvFPRoundingModeRTE || exact)
    return spv_op1(x, !fsrc ? (sgn ? IR_SITOFP : IR_UITOFP) : exact ? IR_FPEXT : IR_FPTRUNC, to, v);
  if (!fsrc && ir_type_bytes(st) == 8)
    return spv_i64_to_fp(x, v, sgn, rnd, to);
  uint32_t d = fsrc ? v : spv_op1(x, sgn ? IR_SITOFP : IR_UITOFP, f64, v);
  uint32_t f = spv_op1(x, IR_FPTRUNC, f32, d);
  uint32_t back = spv_op1(x, IR_FPEXT, f64, f);
  uint32_t c, toward;
  if (rnd == SpvFPRoundingModeRTZ) { /* |f| > |d|: step toward zero */
    uint32_t ab = spv_op1(x, IR_MATH, f64, back), ad = spv_op1(x, IR_MATH, f64, d);
    x->f->insts[ab].aux = IR_M_FABS;
    x->f->insts[ad].aux = IR_M_FABS;
    c = spv_cmp(x, IR_FCMP, IR_P_OGT, ab, ad);
    toward = spv_kconst(x, f32, 0);
  } else {
    int up = rnd == SpvFPRoundingModeRTP;
    c = spv_cmp(x, IR_FCMP, up ? IR_P_OLT : IR_P_OGT, back, d);
    toward = spv_kconst(x, f32, up ? 0x7f800000u : 0xff800000u);
  }
  uint32_t no[2] = {f, toward};
  uint32_t nx = spv_emit(x, IR_MATH, f32, 2, no);
  x->f->insts[nx].aux = IR_M_NEXTAFTER;
  return spv_sel(x, f32, c, nx, f);
}

/* An address-space cast of pointer v to type t: a pointer bitcast, which
 * pass_generic resolves (a generic pointer traced to one space) or lowers to
 * aperture arithmetic (isa.h). A cast between two named spaces (undefined in
 * OpenCL C, but expressible) goes through generic. */
static uint32_t spv_ascast(spv_fn *x, uint32_t v, ir_type t) {
  ir_type st = spv_rtype(x, v);
  if (st.base != IR_T_PTR || t.base != IR_T_PTR || st.space == t.space) return v;
  if (st.space != IR_AS_GENERIC && t.space != IR_AS_GENERIC)
    v = spv_op1(x, IR_BITCAST, (ir_type){IR_T_PTR, IR_AS_GENERIC}, v);
  return spv_op1(x, IR_BITCAST, t, v);
}

/* Whether generic pointer g lies in `space` (a BOOL): its high word names the
 * aperture (isa.h); __global and __constant are everything else. */
static uint32_t spv_in_space(spv_fn *x, uint32_t g, ir_space space) {
  ir_type i64 = SPV_IRT(IR_T_I64), i32 = SPV_IRT(IR_T_I32);
  g = spv_ascast(x, g, (ir_type){IR_T_PTR, IR_AS_GENERIC});
  uint32_t a = spv_op1(x, IR_BITCAST, i64, g);
  uint32_t hi = spv_op1(x, IR_TRUNC, i32, spv_op2(x, IR_LSHR, i64, a, spv_kconst(x, i64, 32)));
  if (space == IR_AS_LOCAL || space == IR_AS_PRIVATE)
    return spv_cmp(
        x, IR_ICMP, IR_P_EQ, hi,
        spv_kconst(x, i32, space == IR_AS_LOCAL ? ISA_APERTURE_LOCAL_HI : ISA_APERTURE_PRIVATE_HI));
  uint32_t nl = spv_cmp(x, IR_ICMP, IR_P_NE, hi, spv_kconst(x, i32, ISA_APERTURE_LOCAL_HI));
  uint32_t np = spv_cmp(x, IR_ICMP, IR_P_NE, hi, spv_kconst(x, i32, ISA_APERTURE_PRIVATE_HI));
  return spv_op2(x, IR_AND, SPV_IRT(IR_T_BOOL), nl, np);
}

/* OpGenericPtrMemSemantics (get_fence): WorkgroupMemory (0x100) for a
 * __local address, CrossWorkgroupMemory (0x200) otherwise (llvm-spirv's
 * get_fence shifts it down to CLK_LOCAL_MEM_FENCE / CLK_GLOBAL_MEM_FENCE). */
void spv_generic_ptr_mem_semantics(spv_fn *x, uint32_t i) {
  spv_mod *m = x->m;
  uint32_t na = spv_val(x, W(3), x->a);
  if (m->failed || na != 1) {
    spv_error(m, x->line, "malformed SPIR-V: OpGenericPtrMemSemantics needs one pointer");
    return;
  }
  ir_type i32 = SPV_IRT(IR_T_I32);
  uint32_t c = spv_in_space(x, x->a[0], IR_AS_LOCAL);
  uint32_t r = spv_sel(x, i32, c, spv_kconst(x, i32, 0x100), spv_kconst(x, i32, 0x200));
  spv_set(x, W(2), &r, 1);
}

void spv_convert(spv_fn *x, uint32_t i) {
  spv_mod *m = x->m;
  uint16_t op = m->ins[i].op;
  uint32_t rid = W(2);
  const spv_id *rd = &m->ids[rid];
  int f2i = op == SpvOpConvertFToS || op == SpvOpConvertFToU;
  int isat = op == SpvOpSatConvertSToU || op == SpvOpSatConvertUToS ||
             (rd->saturated && (op == SpvOpSConvert || op == SpvOpUConvert));
  if (rd->saturated && !f2i && !isat) {
    spv_error(m, x->line, "unsupported saturating conversion (convert_*_sat) of %s; not implemented "
              "yet", spv_op_name(op));
    return;
  }
  int tofp = (op == SpvOpConvertSToF || op == SpvOpConvertUToF || op == SpvOpFConvert) &&
             spv_tbuf(x) && spv_rleaves(x, i) &&
             (spv_tbuf(x)[0].base == IR_T_F32 || spv_tbuf(x)[0].base == IR_T_F64);
  /* a rounding mode on an integer to integer conversion changes nothing */
  int toint = op == SpvOpSConvert || op == SpvOpUConvert || isat;
  if (rd->has_rounding && !f2i && !tofp && !toint) {
    spv_error(m, x->line, "unsupported conversion rounding mode (convert_*_rt*) on %s to a type "
              "other than float, double or an integer; not implemented yet", spv_op_name(op));
    return;
  }
  ir_type *t = spv_tbuf(x);
  uint32_t n = spv_rleaves(x, i), na = spv_val(x, W(3), x->a);
  if (m->failed || n != na) {
    spv_error(m, x->line, "malformed SPIR-V: operand shape differs in %s", spv_op_name(op));
    return;
  }
  for (uint32_t k = 0; k < n; k++) {
    uint32_t v = x->a[k];
    ir_type st = spv_rtype(x, v);
    /* without a mode, conversions to float round to nearest even: the
     * backend's conversions do (64-bit integers included) */
    if (tofp && rd->has_rounding) {
      x->c[k] = spv_to_fp(x, v, op == SpvOpConvertSToF, rd->rounding, t[k]);
      continue;
    }
    if (f2i && (rd->saturated || (rd->has_rounding && rd->rounding != SpvFPRoundingModeRTZ) ||
                ir_type_bytes(t[k]) == 8)) {
      if (spv_fp_to_int(x, &v, t[k], op == SpvOpConvertFToS, rd->saturated, rd->has_rounding,
                        rd->rounding)) {
        spv_error(m, x->line, "unsupported conversion from half to an integer with saturation "
                  "or a rounding mode (convert_*_sat/_rt*); not implemented yet (convert the half "
                  "to float first)");
        return;
      }
      x->c[k] = v;
      continue;
    }
    if (isat) {
      int ss = op == SpvOpSConvert || op == SpvOpSatConvertSToU;
      int ts = op == SpvOpSConvert || op == SpvOpSatConvertUToS;
      x->c[k] = spv_int_sat(x, v, ss, t[k], ts);
      continue;
    }
    switch (op) {
    case SpvOpConvertFToS: v = spv_op1(x, IR_FPTOSI, t[k], v); break;
    case SpvOpConvertFToU: v = spv_op1(x, IR_FPTOUI, t[k], v); break;
    case SpvOpConvertSToF: v = spv_op1(x, IR_SITOFP, t[k], v); break;
    case SpvOpConvertUToF: v = spv_op1(x, IR_UITOFP, t[k], v); break;
    case SpvOpUConvert: v = spv_resize(x, v, t[k], 0); break;
    case SpvOpSConvert: v = spv_resize(x, v, t[k], 1); break;
    case SpvOpFConvert:
      if (ir_type_bytes(st) != ir_type_bytes(t[k]))
        v = spv_op1(x, ir_type_bytes(st) < ir_type_bytes(t[k]) ? IR_FPEXT : IR_FPTRUNC, t[k], v);
      break;
    case SpvOpConvertPtrToU: v = spv_resize(x, v, t[k], 0); break;
    case SpvOpConvertUToPtr:
      if (ir_type_bytes(st) != 8)
        v = spv_op1(x, IR_ZEXT, SPV_IRT(IR_T_I64), v);
      v = spv_op1(x, IR_BITCAST, t[k], v);
      break;
    case SpvOpPtrCastToGeneric:
    case SpvOpGenericCastToPtr:
      v = spv_ascast(x, v, t[k]);
      break;
    case SpvOpGenericCastToPtrExplicit: /* to_global/to_local/to_private: NULL outside */
      v = spv_sel(x, t[k], spv_in_space(x, v, (ir_space)t[k].space), spv_ascast(x, v, t[k]),
                  spv_kconst(x, t[k], 0));
      break;
    default:
      break;
    }
    x->c[k] = v;
  }
  spv_set(x, rid, x->c, n);
}

/* OpBitcast: same shape casts per leaf; differing shapes (uchar4 <-> uint ...)
 * are repacked through integers, little-endian. */
void spv_bitcast(spv_fn *x, uint32_t i) {
  spv_mod *m = x->m;
  ir_type *t = spv_tbuf(x);
  uint32_t n = spv_rleaves(x, i), na = spv_val(x, W(3), x->a);
  if (m->failed || !n || !na)
    return;
  if (n == na) {
    for (uint32_t k = 0; k < n; k++) {
      ir_type st = spv_rtype(x, x->a[k]);
      if (st.base == t[k].base && (st.base != IR_T_PTR || t[k].space == st.space ||
                                   t[k].space == IR_AS_GLOBAL))
        x->c[k] = x->a[k]; /* pointer to pointer: same address, keep the real space */
      else if (st.base == IR_T_PTR && t[k].base == IR_T_PTR)
        x->c[k] = x->a[k];
      else
        x->c[k] = spv_op1(x, IR_BITCAST, t[k], x->a[k]);
    }
    spv_set(x, W(2), x->c, n);
    return;
  }
  unsigned sb = ir_type_bytes(spv_rtype(x, x->a[0])), db = ir_type_bytes(t[0]);
  static const ir_base ints[9] = {0, IR_T_I8, IR_T_I16, 0, IR_T_I32, 0, 0, 0, IR_T_I64};
  ir_type si = SPV_IRT(ints[sb]), di = SPV_IRT(ints[db]);
  for (uint32_t k = 0; k < na; k++) /* sources as integers */
    if (spv_rtype(x, x->a[k]).base != si.base)
      x->a[k] = spv_op1(x, IR_BITCAST, si, x->a[k]);
  if (sb > db) { /* split */
    uint32_t per = sb / db;
    for (uint32_t k = 0; k < n; k++) {
      uint32_t v = x->a[k / per], sh = (k % per) * db * 8;
      if (sh)
        v = spv_op2(x, IR_LSHR, si, v, spv_kconst(x, si, sh));
      x->c[k] = spv_op1(x, IR_TRUNC, di, v);
    }
  } else { /* join */
    uint32_t per = db / sb;
    for (uint32_t k = 0; k < n; k++) {
      uint32_t acc = IR_NONE;
      for (uint32_t j = 0; j < per; j++) {
        uint32_t v = spv_op1(x, IR_ZEXT, di, x->a[k * per + j]);
        if (j)
          v = spv_op2(x, IR_SHL, di, v, spv_kconst(x, di, j * sb * 8));
        acc = acc == IR_NONE ? v : spv_op2(x, IR_OR, di, acc, v);
      }
      x->c[k] = acc;
    }
  }
  for (uint32_t k = 0; k < n; k++)
    if (t[k].base != di.base)
      x->c[k] = spv_op1(x, IR_BITCAST, t[k], x->c[k]);
  spv_set(x, W(2), x->c, n);
}
