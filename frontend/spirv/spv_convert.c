/* Lowers SPIR-V conversions to IR: integer resizing and saturation, float to
 * integer with rounding modes and saturation, correctly rounded integer to
 * float, and bitcasts between types of equal size (vectors included). */
#include <spirv/unified1/spirv.h>
#include <stdlib.h>
#include <string.h>

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

/* Integer or double to float, rounded as rnd says (SPIR-V rounding mode).
 * 64-bit integers are first made exact in a double: below 2^53 they are;
 * above, the bits under bit 11 fold into bit 11 (a sticky bit far under the
 * float's rounding bit), so one rounding to float stays correct. Directed
 * modes step the nearest-even result one ulp when it lies on the wrong side. */
static uint32_t spv_to_f32(spv_fn *x, uint32_t v, int sgn, uint32_t rnd) {
  ir_type st = spv_rtype(x, v), f32 = SPV_IRT(IR_T_F32), f64 = SPV_IRT(IR_T_F64);
  ir_type i64 = SPV_IRT(IR_T_I64), bt = SPV_IRT(IR_T_BOOL);
  uint32_t d = v, neg = IR_NONE;
  if (st.base != IR_T_F64) {
    if (ir_type_bytes(st) < 8)
      d = spv_op1(x, sgn ? IR_SITOFP : IR_UITOFP, f64, v);
    else {
      uint32_t a = v;
      if (sgn) { /* magnitude, as unsigned (2^63 for the minimum) */
        neg = spv_op2(x, IR_ICMP, bt, v, spv_kconst(x, i64, 0));
        x->f->insts[neg].aux = IR_P_SLT;
        uint32_t o[3] = {neg, spv_op2(x, IR_SUB, i64, spv_kconst(x, i64, 0), v), v};
        a = spv_emit(x, IR_SELECT, i64, 3, o);
      }
      uint32_t lowm = spv_op2(x, IR_AND, i64, a, spv_kconst(x, i64, 0x7ff));
      uint32_t nz = spv_op2(x, IR_ICMP, bt, lowm, spv_kconst(x, i64, 0));
      x->f->insts[nz].aux = IR_P_NE;
      uint32_t so[3] = {nz, spv_kconst(x, i64, 0x800), spv_kconst(x, i64, 0)};
      uint32_t st2 = spv_op2(x, IR_AND, i64, spv_op2(x, IR_OR, i64, a, spv_emit(x, IR_SELECT, i64, 3, so)),
                             spv_kconst(x, i64, ~(uint64_t)0x7ff));
      uint32_t big = spv_op2(x, IR_ICMP, bt, a, spv_kconst(x, i64, (uint64_t)1 << 53));
      x->f->insts[big].aux = IR_P_UGE;
      uint32_t bo[3] = {big, st2, a};
      a = spv_emit(x, IR_SELECT, i64, 3, bo);
      d = spv_op1(x, IR_UITOFP, f64, a);
      if (sgn) {
        uint32_t no[3] = {neg, spv_op1(x, IR_FNEG, f64, d), d};
        d = spv_emit(x, IR_SELECT, f64, 3, no);
      }
    }
  }
  uint32_t f = spv_op1(x, IR_FPTRUNC, f32, d);
  if (rnd == SpvFPRoundingModeRTE)
    return f;
  uint32_t back = spv_op1(x, IR_FPEXT, f64, f);
  uint32_t c, toward;
  if (rnd == SpvFPRoundingModeRTZ) { /* |f| > |d|: step toward zero */
    uint32_t ab = spv_op1(x, IR_MATH, f64, back), ad = spv_op1(x, IR_MATH, f64, d);
    x->f->insts[ab].aux = IR_M_FABS;
    x->f->insts[ad].aux = IR_M_FABS;
    c = spv_op2(x, IR_FCMP, bt, ab, ad);
    x->f->insts[c].aux = IR_P_OGT;
    toward = spv_kconst(x, f32, 0);
  } else {
    int up = rnd == SpvFPRoundingModeRTP;
    c = spv_op2(x, IR_FCMP, bt, back, d);
    x->f->insts[c].aux = up ? IR_P_OLT : IR_P_OGT;
    toward = spv_kconst(x, f32, up ? 0x7f800000u : 0xff800000u);
  }
  uint32_t no[2] = {f, toward};
  uint32_t nx = spv_emit(x, IR_MATH, f32, 2, no);
  x->f->insts[nx].aux = IR_M_NEXTAFTER;
  uint32_t so[3] = {c, nx, f};
  return spv_emit(x, IR_SELECT, f32, 3, so);
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
  int tof32 = (op == SpvOpConvertSToF || op == SpvOpConvertUToF || op == SpvOpFConvert) &&
              spv_tbuf(x) && spv_rleaves(x, i) && spv_tbuf(x)[0].base == IR_T_F32;
  if (rd->has_rounding && !f2i && !tof32 &&
      !((op == SpvOpConvertSToF || op == SpvOpConvertUToF || op == SpvOpFConvert) &&
        rd->rounding == SpvFPRoundingModeRTE)) {
    spv_error(m, x->line, "unsupported conversion rounding mode (convert_*_rt*); not implemented "
              "yet");
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
    /* plain 64-bit int -> float keeps the backend's cheap (not always
     * correctly rounded) form: it is common ((float)get_global_id(0)) and
     * this path costs double-precision ops; convert_float_rte is exact */
    if (tof32 && ((op != SpvOpFConvert && ir_type_bytes(st) == 8 && rd->has_rounding) ||
                  (st.base == IR_T_F64 && rd->has_rounding) ||
                  (op != SpvOpFConvert && rd->has_rounding && rd->rounding != SpvFPRoundingModeRTE))) {
      x->c[k] = spv_to_f32(x, v, op == SpvOpConvertSToF,
                           rd->has_rounding ? rd->rounding : SpvFPRoundingModeRTE);
      continue;
    }
    if (f2i && (rd->saturated || (rd->has_rounding && rd->rounding != SpvFPRoundingModeRTZ) ||
                ir_type_bytes(t[k]) == 8)) {
      if (spv_fp_to_int(x, &v, t[k], op == SpvOpConvertFToS, rd->saturated, rd->has_rounding,
                        rd->rounding)) {
        spv_error(m, x->line, "unsupported float to 64-bit integer conversion with saturation or "
                  "rounding (convert_long_sat/_rt*); not implemented yet");
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
    default: /* pointer casts between spaces: the value keeps its real space */
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
