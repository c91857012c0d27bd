/* Instruction selection: IR values to ISA instructions over virtual registers.
 * Uniform integers and pointers go to SGPRs (s_* ops), divergent values and
 * floats to VGPRs (v_* ops); bools are 0/1 SGPRs when uniform and lane masks
 * when divergent. Phis become parallel copies at the end of predecessors. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "be_isel.h"

const be_opnd isel_none = {BE_O_NONE, 0, 0, 0};

int isel_fail(isel *s, const char *fmt, ...) {
  char msg[400];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(msg, sizeof msg, fmt, ap);
  va_end(ap);
  snprintf(s->bf->err, s->bf->errlen, "%s:%u: %s", s->bf->file, s->line, msg);
  return -1;
}

int isel_is64(ir_type t) {
  return t.base == IR_T_I64 || t.base == IR_T_F64 ||
         (t.base == IR_T_PTR &&
          (t.space == IR_AS_GLOBAL || t.space == IR_AS_CONSTANT || t.space == IR_AS_GENERIC));
}

unsigned isel_bits(ir_type t) {
  switch ((ir_base)t.base) {
  case IR_T_BOOL: return 1;
  case IR_T_I8: return 8;
  case IR_T_I16: return 16;
  case IR_T_I64:
  case IR_T_F64: return 64;
  case IR_T_PTR: return isel_is64(t) ? 64 : 32;
  default: return 32;
  }
}

uint32_t isel_nv(isel *s, uint8_t file, uint8_t size) { return be_new_vreg(s->bf, file, size); }

be_mi *isel_e(isel *s, isa_opcode op) { return be_emit(s->bf, s->cur, op, s->line); }

uint32_t isel_e1(isel *s, isa_opcode op, uint8_t file, uint8_t size, be_opnd a, be_opnd b, be_opnd c) {
  uint32_t d = isel_nv(s, file, size);
  be_mi *mi = isel_e(s, op);
  mi->dst = be_vr(d);
  mi->src[0] = a;
  mi->src[1] = b;
  mi->src[2] = c;
  return d;
}

void isel_def(isel *s, uint32_t v, isel_cls cls, uint32_t reg) {
  isel_val *x = &s->val[v];
  x->cls = (uint8_t)cls;
  x->reg = reg;
  x->sub = 0;
  x->block = s->cur;
}

void isel_def_const(isel *s, uint32_t v, uint64_t imm) {
  s->val[v].cls = VC_CONST;
  s->val[v].imm = imm;
  s->val[v].block = s->cur;
}

static be_opnd isel_reg(const isel_val *x) {
  be_opnd o = be_vr(x->reg);
  o.sub = x->sub;
  return o;
}

static be_opnd isel_imm32(uint64_t x) { return be_imm(x & 0xffffffffu); }

/* A lane mask turned into 0/1 per lane. */
static uint32_t isel_vbool_of(isel *s, uint32_t v) {
  isel_val *x = &s->val[v];
  if (x->vbool != IR_NONE) return x->vbool;
  return isel_e1(s, ISA_OP_v_cndmask_b32, ISA_RF_V, 1, be_imm(0), be_imm(1), be_vr(x->reg));
}

be_opnd isel_A(isel *s, uint32_t v) {
  isel_val *x = &s->val[v];
  switch ((isel_cls)x->cls) {
  case VC_CONST: return isel_imm32(x->imm);
  case VC_S2:
  case VC_V2: return be_vr_half(x->reg, 0);
  case VC_MASK: return be_vr(isel_vbool_of(s, v));
  default: return isel_reg(x);
  }
}

be_opnd isel_A2(isel *s, uint32_t v) {
  isel_val *x = &s->val[v];
  switch ((isel_cls)x->cls) {
  case VC_CONST: return be_imm(x->imm);
  case VC_S2:
  case VC_V2: return be_vr(x->reg);
  case VC_S1:
  case VC_SBOOL: return be_vr(isel_e1(s, ISA_OP_s_zext_u64_u32, ISA_RF_S, 2, isel_reg(x), isel_none, isel_none));
  default: return be_vr(isel_e1(s, ISA_OP_v_zext_u64_u32, ISA_RF_V, 2, isel_A(s, v), isel_none, isel_none));
  }
}

be_opnd isel_B(isel *s, uint32_t v) {
  isel_val *x = &s->val[v];
  switch ((isel_cls)x->cls) {
  case VC_CONST: return isel_imm32(x->imm);
  case VC_S1:
  case VC_SBOOL: return isel_reg(x);
  case VC_S2: return be_vr_half(x->reg, 0);
  case VC_V2:
    return be_vr(isel_e1(s, ISA_OP_v_readfirstlane_b32, ISA_RF_S, 1, be_vr_half(x->reg, 0), isel_none, isel_none));
  case VC_MASK: {
    /* only reached for values the analysis proved uniform */
    be_mi *mi = isel_e(s, ISA_OP_s_cmp_ne_u64);
    mi->src[0] = be_vr(x->reg);
    mi->src[1] = be_imm(0);
    return be_vr(isel_e1(s, ISA_OP_s_cselect_b32, ISA_RF_S, 1, be_imm(1), be_imm(0), isel_none));
  }
  default:
    return be_vr(isel_e1(s, ISA_OP_v_readfirstlane_b32, ISA_RF_S, 1, isel_reg(x), isel_none, isel_none));
  }
}

/* A uniform 64-bit value computed in a VGPR pair, moved to a new SGPR pair
 * (both halves through readfirstlane). */
static uint32_t isel_v2_to_s2(isel *s, uint32_t vreg) {
  uint32_t lo = isel_e1(s, ISA_OP_v_readfirstlane_b32, ISA_RF_S, 1, be_vr_half(vreg, 0), isel_none, isel_none);
  uint32_t hi = isel_e1(s, ISA_OP_v_readfirstlane_b32, ISA_RF_S, 1, be_vr_half(vreg, 1), isel_none, isel_none);
  uint32_t l2 = isel_e1(s, ISA_OP_s_zext_u64_u32, ISA_RF_S, 2, be_vr(lo), isel_none, isel_none);
  uint32_t h2 = isel_e1(s, ISA_OP_s_zext_u64_u32, ISA_RF_S, 2, be_vr(hi), isel_none, isel_none);
  uint32_t hs = isel_e1(s, ISA_OP_s_lshl_b64, ISA_RF_S, 2, be_vr(h2), be_imm(32), isel_none);
  return isel_e1(s, ISA_OP_s_or_b64, ISA_RF_S, 2, be_vr(hs), be_vr(l2), isel_none);
}

be_opnd isel_B2(isel *s, uint32_t v) {
  isel_val *x = &s->val[v];
  switch ((isel_cls)x->cls) {
  case VC_CONST: return be_imm(x->imm);
  case VC_S2: return be_vr(x->reg);
  case VC_V2: return be_vr(isel_v2_to_s2(s, x->reg));
  default: return be_vr(isel_e1(s, ISA_OP_s_zext_u64_u32, ISA_RF_S, 2, isel_B(s, v), isel_none, isel_none));
  }
}

/* The VGPR copy of uniform value v (size 1 or 2 registers), one per block:
 * an unrolled loop's accesses through one uniform base share it. */
static be_opnd isel_vcopy(isel *s, uint32_t v, unsigned size) {
  isel_val *x = &s->val[v];
  if (x->vcopy_block != s->cur) {
    x->vcopy[0] = x->vcopy[1] = IR_NONE;
    x->vcopy_block = s->cur;
  }
  if (x->vcopy[size - 1] == IR_NONE) {
    be_opnd src = size == 2 ? isel_A2(s, v) : isel_A(s, v);
    uint32_t r = isel_e1(s, size == 2 ? ISA_OP_v_mov_b64 : ISA_OP_v_mov_b32, ISA_RF_V, (uint8_t)size, src, isel_none,
                         isel_none);
    s->val[v].vcopy[size - 1] = r; /* isel_e1 may have moved nothing, but x is re-read */
  }
  return be_vr(s->val[v].vcopy[size - 1]);
}

be_opnd isel_V(isel *s, uint32_t v) {
  isel_val *x = &s->val[v];
  if ((x->cls == VC_V1 || x->cls == VC_VBOOL)) return isel_reg(x);
  if (x->cls == VC_V2) return be_vr_half(x->reg, 0);
  return isel_vcopy(s, v, 1);
}

be_opnd isel_V2(isel *s, uint32_t v) {
  isel_val *x = &s->val[v];
  if (x->cls == VC_V2) return be_vr(x->reg);
  return isel_vcopy(s, v, 2);
}

be_opnd isel_S2(isel *s, uint32_t v) {
  isel_val *x = &s->val[v];
  if (x->cls == VC_S2) return be_vr(x->reg);
  be_opnd o = isel_B2(s, v);
  if (o.kind == BE_O_VREG) return o;
  return be_vr(isel_e1(s, ISA_OP_s_mov_b64, ISA_RF_S, 2, o, isel_none, isel_none));
}

/* SCC = (uniform bool v). Operands first: nothing may run between this and
 * the SCC reader the caller emits next. */
static void isel_scc(isel *s, be_opnd b) {
  be_mi *mi = isel_e(s, ISA_OP_s_cmp_ne_u32);
  mi->src[0] = b;
  mi->src[1] = be_imm(0);
}

be_opnd isel_mask(isel *s, uint32_t v) {
  isel_val *x = &s->val[v];
  switch ((isel_cls)x->cls) {
  case VC_CONST: return be_imm((x->imm & 1) ? ~(uint64_t)0 : 0);
  case VC_MASK:
    if (x->block == s->cur) return be_vr(x->reg);
    return be_vr(isel_e1(s, ISA_OP_v_cmp_ne_u32, ISA_RF_S, 2, be_vr(x->vbool), be_imm(0), isel_none));
  case VC_VBOOL:
  case VC_V1: return be_vr(isel_e1(s, ISA_OP_v_cmp_ne_u32, ISA_RF_S, 2, isel_reg(x), be_imm(0), isel_none));
  default: {
    be_opnd b = isel_B(s, v);
    isel_scc(s, b);
    return be_vr(isel_e1(s, ISA_OP_s_cselect_b64, ISA_RF_S, 2, be_imm(~(uint64_t)0), be_imm(0), isel_none));
  }
  }
}

/* ---- classes --------------------------------------------------------------- */
static isel_cls isel_class(isel *s, uint32_t i) {
  const ir_inst *in = &s->f->insts[i];
  int div = s->bf->uni.divergent[i];
  switch ((ir_base)in->type.base) {
  case IR_T_VOID: return VC_NONE;
  case IR_T_BOOL: return div ? (in->op == IR_PHI ? VC_VBOOL : VC_MASK) : VC_SBOOL;
  case IR_T_F32: return VC_V1;
  case IR_T_F64: return VC_V2; /* doubles live in VGPR pairs, like floats in VGPRs */
  default: break;
  }
  if (isel_is64(in->type)) return div ? VC_V2 : VC_S2;
  return div ? VC_V1 : VC_S1;
}

static uint32_t isel_new_for(isel *s, isel_cls c) {
  switch (c) {
  case VC_S1:
  case VC_SBOOL: return isel_nv(s, ISA_RF_S, 1);
  case VC_S2:
  case VC_MASK: return isel_nv(s, ISA_RF_S, 2);
  case VC_V2: return isel_nv(s, ISA_RF_V, 2);
  default: return isel_nv(s, ISA_RF_V, 1);
  }
}

/* Emit op with a destination of class c and define value i with it. */
static void isel_op(isel *s, uint32_t i, isel_cls c, isa_opcode op, be_opnd a, be_opnd b, be_opnd x) {
  uint32_t d = isel_new_for(s, c);
  be_mi *mi = isel_e(s, op);
  mi->dst = be_vr(d);
  mi->src[0] = a;
  mi->src[1] = b;
  mi->src[2] = x;
  isel_def(s, i, c, d);
}

/* Value i is the operand `o` reinterpreted: no code when the register file
 * already matches the class (a value can be divergent while its operand is
 * uniform, through temporal divergence: then it gets its own VGPR copy). */
static void isel_alias(isel *s, uint32_t i, isel_cls c, be_opnd o) {
  int vec = c == VC_V1 || c == VC_V2 || c == VC_VBOOL;
  int in_v = o.kind == BE_O_VREG && s->bf->vregs[o.reg].file == ISA_RF_V;
  if (vec && !in_v) {
    isel_op(s, i, c, c == VC_V2 ? ISA_OP_v_mov_b64 : ISA_OP_v_mov_b32, o, isel_none, isel_none);
    return;
  }
  if (!vec && o.kind == BE_O_IMM) {
    isel_def_const(s, i, o.imm);
    return;
  }
  if (!vec && in_v) {
    isel_op(s, i, c, ISA_OP_v_readfirstlane_b32, o, isel_none, isel_none);
    return;
  }
  isel_def(s, i, c, o.reg);
  s->val[i].sub = o.sub;
}

/* ---- sub-word normalization -------------------------------------------------- */
/* i8/i16 values keep unspecified upper bits; operations that look at them get
 * a zero- or sign-extended copy. */
be_opnd isel_ext(isel *s, uint32_t v, unsigned bits, int sign, int vec) {
  if (bits >= 32) return vec ? isel_A(s, v) : isel_B(s, v);
  isel_val *x = &s->val[v];
  if (x->cls == VC_CONST) {
    uint64_t m = ((uint64_t)1 << bits) - 1, y = x->imm & m;
    if (sign && (y >> (bits - 1))) y |= ~m;
    return isel_imm32(y);
  }
  if (vec) {
    be_opnd a = isel_A(s, v);
    if (!sign) return be_vr(isel_e1(s, ISA_OP_v_and_b32, ISA_RF_V, 1, a, be_imm(((uint32_t)1 << bits) - 1), isel_none));
    uint32_t t = isel_e1(s, ISA_OP_v_lshl_b32, ISA_RF_V, 1, a, be_imm(32 - bits), isel_none);
    return be_vr(isel_e1(s, ISA_OP_v_ashr_i32, ISA_RF_V, 1, be_vr(t), be_imm(32 - bits), isel_none));
  }
  be_opnd b = isel_B(s, v);
  if (!sign) return be_vr(isel_e1(s, ISA_OP_s_and_b32, ISA_RF_S, 1, b, be_imm(((uint32_t)1 << bits) - 1), isel_none));
  uint32_t t = isel_e1(s, ISA_OP_s_lshl_b32, ISA_RF_S, 1, b, be_imm(32 - bits), isel_none);
  return be_vr(isel_e1(s, ISA_OP_s_ashr_i32, ISA_RF_S, 1, be_vr(t), be_imm(32 - bits), isel_none));
}

/* ---- opcode tables, from ir_ops.def and ir_math.def ------------------------- */
#define ISEL_NOP ISA_OP_COUNT
#define ISA_OP_none ISEL_NOP /* "none" in the .def files: no such form */
typedef enum isel_extkind {
  ISEL_EXT_NONE,
  ISEL_EXT_ZERO,
  ISEL_EXT_SIGN,
  ISEL_EXT_ZERO_A,
  ISEL_EXT_SIGN_A
} isel_extkind;
typedef enum isel_family { ISEL_FAM_CUSTOM, ISEL_FAM_INT, ISEL_FAM_FLOAT } isel_family;
typedef struct isel_opsel {
  uint8_t family;                /* isel_family: which selector takes the op */
  isa_opcode s32, v32, s64, v64; /* ISEL_FAM_INT: per width and register file */
  isa_opcode f32, f64;           /* ISEL_FAM_FLOAT: per precision */
  uint8_t ext;   /* isel_extkind: 8/16-bit operands extended (both, or the first: _A) */
  int8_t pred64; /* ir_pred of 64-bit min/max (a compare and a select), -1 for others */
} isel_opsel;

/* the isel column of ir_ops.def */
/* clang-format off */
#define ISEL_INT(s32, v32, s64, v64, ext) \
  {ISEL_FAM_INT, ISA_OP_##s32, ISA_OP_##v32, ISA_OP_##s64, ISA_OP_##v64, ISEL_NOP, ISEL_NOP, \
   ISEL_EXT_##ext, -1}
#define ISEL_MINMAX(s32, v32, ext, pred) \
  {ISEL_FAM_INT, ISA_OP_##s32, ISA_OP_##v32, ISEL_NOP, ISEL_NOP, ISEL_NOP, ISEL_NOP, \
   ISEL_EXT_##ext, IR_P_##pred}
#define ISEL_FLOAT(f32, f64) \
  {ISEL_FAM_FLOAT, ISEL_NOP, ISEL_NOP, ISEL_NOP, ISEL_NOP, ISA_OP_##f32, ISA_OP_##f64, 0, -1}
#define ISEL_CUSTOM {ISEL_FAM_CUSTOM, ISEL_NOP, ISEL_NOP, ISEL_NOP, ISEL_NOP, ISEL_NOP, ISEL_NOP, 0, -1}
/* clang-format on */
static const isel_opsel isel_ops[IR_OP_COUNT] = {
#define IR_OP(name, text, nmin, nmax, result, aux, flags, isel) [IR_##name] = isel,
#include "ir_ops.def"
};
#undef ISEL_INT
#undef ISEL_MINMAX
#undef ISEL_FLOAT
#undef ISEL_CUSTOM

/* The compare tables are indexed by ir_pred: the integer predicates first
 * (signed ones together), then the float ones from OEQ to UNO. */
_Static_assert(IR_P_EQ == 0 && IR_P_UGE == 9 && IR_P_SLT + 3 == IR_P_SGE &&
                   IR_P_UGE + 1 == IR_P_OEQ && IR_P_OEQ + 13 == IR_P_UNO,
               "ir_pred order changed: update the compare tables and their range checks");

/* compares indexed by ir_pred (integer part) */
static const isa_opcode isel_icmp_ops[10][4] = {
  {ISA_OP_s_cmp_eq_u32, ISA_OP_v_cmp_eq_u32, ISA_OP_s_cmp_eq_u64, ISA_OP_v_cmp_eq_u64},
  {ISA_OP_s_cmp_ne_u32, ISA_OP_v_cmp_ne_u32, ISA_OP_s_cmp_ne_u64, ISA_OP_v_cmp_ne_u64},
  {ISA_OP_s_cmp_lt_i32, ISA_OP_v_cmp_lt_i32, ISA_OP_s_cmp_lt_i64, ISA_OP_v_cmp_lt_i64},
  {ISA_OP_s_cmp_le_i32, ISA_OP_v_cmp_le_i32, ISA_OP_s_cmp_le_i64, ISA_OP_v_cmp_le_i64},
  {ISA_OP_s_cmp_gt_i32, ISA_OP_v_cmp_gt_i32, ISA_OP_s_cmp_gt_i64, ISA_OP_v_cmp_gt_i64},
  {ISA_OP_s_cmp_ge_i32, ISA_OP_v_cmp_ge_i32, ISA_OP_s_cmp_ge_i64, ISA_OP_v_cmp_ge_i64},
  {ISA_OP_s_cmp_lt_u32, ISA_OP_v_cmp_lt_u32, ISA_OP_s_cmp_lt_u64, ISA_OP_v_cmp_lt_u64},
  {ISA_OP_s_cmp_le_u32, ISA_OP_v_cmp_le_u32, ISA_OP_s_cmp_le_u64, ISA_OP_v_cmp_le_u64},
  {ISA_OP_s_cmp_gt_u32, ISA_OP_v_cmp_gt_u32, ISA_OP_s_cmp_gt_u64, ISA_OP_v_cmp_gt_u64},
  {ISA_OP_s_cmp_ge_u32, ISA_OP_v_cmp_ge_u32, ISA_OP_s_cmp_ge_u64, ISA_OP_v_cmp_ge_u64},
};

static const isa_opcode isel_fcmp_ops[] = {
  [IR_P_OEQ - IR_P_OEQ] = ISA_OP_v_cmp_oeq_f32, [IR_P_ONE - IR_P_OEQ] = ISA_OP_v_cmp_one_f32,
  [IR_P_OLT - IR_P_OEQ] = ISA_OP_v_cmp_olt_f32, [IR_P_OLE - IR_P_OEQ] = ISA_OP_v_cmp_ole_f32,
  [IR_P_OGT - IR_P_OEQ] = ISA_OP_v_cmp_ogt_f32, [IR_P_OGE - IR_P_OEQ] = ISA_OP_v_cmp_oge_f32,
  [IR_P_UEQ - IR_P_OEQ] = ISA_OP_v_cmp_ueq_f32, [IR_P_UNE - IR_P_OEQ] = ISA_OP_v_cmp_une_f32,
  [IR_P_ULT_F - IR_P_OEQ] = ISA_OP_v_cmp_ult_f32, [IR_P_ULE_F - IR_P_OEQ] = ISA_OP_v_cmp_ule_f32,
  [IR_P_UGT_F - IR_P_OEQ] = ISA_OP_v_cmp_ugt_f32, [IR_P_UGE_F - IR_P_OEQ] = ISA_OP_v_cmp_uge_f32,
  [IR_P_ORD - IR_P_OEQ] = ISA_OP_v_cmp_o_f32, [IR_P_UNO - IR_P_OEQ] = ISA_OP_v_cmp_u_f32,
};

/* IR_MATH per precision (FABS is a bit operation, below); ISEL_NOP: no
 * double form. Double-operand F2HALF and the I32-result builtins are
 * selected by the double operand. */
static const isa_opcode isel_math_ops[IR_M_COUNT] = {
#define IR_MATH(name, text, nopnd, flags, f32, f64) [IR_M_##name] = ISA_OP_##f32,
#include "ir_math.def"
};
static const isa_opcode isel_math_f64_ops[IR_M_COUNT] = {
#define IR_MATH(name, text, nopnd, flags, f32, f64) [IR_M_##name] = ISA_OP_##f64,
#include "ir_math.def"
};

/* math whose second operand is an I32 (an exponent or root index), not the float type */
static int isel_math_int_src1(uint32_t m) {
  return (ir_maths[m].flags & IR_MF_I32_SRC1) != 0;
}

static const isa_opcode isel_fcmp_f64_ops[] = {
  [IR_P_OEQ - IR_P_OEQ] = ISA_OP_v_cmp_oeq_f64, [IR_P_ONE - IR_P_OEQ] = ISA_OP_v_cmp_one_f64,
  [IR_P_OLT - IR_P_OEQ] = ISA_OP_v_cmp_olt_f64, [IR_P_OLE - IR_P_OEQ] = ISA_OP_v_cmp_ole_f64,
  [IR_P_OGT - IR_P_OEQ] = ISA_OP_v_cmp_ogt_f64, [IR_P_OGE - IR_P_OEQ] = ISA_OP_v_cmp_oge_f64,
  [IR_P_UEQ - IR_P_OEQ] = ISA_OP_v_cmp_ueq_f64, [IR_P_UNE - IR_P_OEQ] = ISA_OP_v_cmp_une_f64,
  [IR_P_ULT_F - IR_P_OEQ] = ISA_OP_v_cmp_ult_f64, [IR_P_ULE_F - IR_P_OEQ] = ISA_OP_v_cmp_ule_f64,
  [IR_P_UGT_F - IR_P_OEQ] = ISA_OP_v_cmp_ugt_f64, [IR_P_UGE_F - IR_P_OEQ] = ISA_OP_v_cmp_uge_f64,
  [IR_P_ORD - IR_P_OEQ] = ISA_OP_v_cmp_o_f64, [IR_P_UNO - IR_P_OEQ] = ISA_OP_v_cmp_u_f64,
};

int isel_is_uniform_cls(isel_cls c) { return c == VC_S1 || c == VC_S2 || c == VC_SBOOL; }

isa_opcode isel_combine_op(uint32_t comb, ir_type t, int *pred64) {
  int wide = isel_bits(t) == 64, fl = t.base == IR_T_F32 || t.base == IR_T_F64;
  *pred64 = -1;
  if (comb == IR_SG_FMIN || comb == IR_SG_FMAX) {
    uint32_t m = comb == IR_SG_FMIN ? IR_M_FMIN : IR_M_FMAX;
    return wide ? isel_math_f64_ops[m] : isel_math_ops[m];
  }
  if (comb >= IR_OP_COUNT) return ISEL_NOP;
  const isel_opsel *o = &isel_ops[comb];
  if (fl) return o->family == ISEL_FAM_FLOAT ? (wide ? o->f64 : o->f32) : ISEL_NOP;
  if (o->family != ISEL_FAM_INT) return ISEL_NOP;
  if (wide && o->v64 == ISEL_NOP && o->pred64 >= 0) {
    *pred64 = o->pred64;
    return isel_icmp_ops[o->pred64][3];
  }
  return wide ? o->v64 : o->v32;
}

/* ---- integer arithmetic -------------------------------------------------------- */
static int isel_bool_logic(isel *s, uint32_t i) {
  const ir_inst *in = &s->f->insts[i];
  isel_cls c = isel_class(s, i);
  if (c == VC_SBOOL) {
    if (in->op == IR_NOT) {
      isel_op(s, i, c, ISA_OP_s_xor_b32, isel_B(s, in->opnd[0]), be_imm(1), isel_none);
      return 0;
    }
    isa_opcode op = in->op == IR_AND ? ISA_OP_s_and_b32 : in->op == IR_OR ? ISA_OP_s_or_b32 : ISA_OP_s_xor_b32;
    be_opnd a = isel_B(s, in->opnd[0]), b = isel_B(s, in->opnd[1]);
    isel_op(s, i, c, op, a, b, isel_none);
    return 0;
  }
  if (in->op == IR_NOT) {
    be_opnd a = isel_mask(s, in->opnd[0]);
    uint32_t e = isel_e1(s, ISA_OP_s_getexec_b64, ISA_RF_S, 2, isel_none, isel_none, isel_none);
    isel_op(s, i, VC_MASK, ISA_OP_s_xor_b64, a, be_vr(e), isel_none);
    return 0;
  }
  isa_opcode op = in->op == IR_AND ? ISA_OP_s_and_b64 : in->op == IR_OR ? ISA_OP_s_or_b64 : ISA_OP_s_xor_b64;
  be_opnd a = isel_mask(s, in->opnd[0]), b = isel_mask(s, in->opnd[1]);
  isel_op(s, i, VC_MASK, op, a, b, isel_none);
  return 0;
}

static int isel_int(isel *s, uint32_t i) {
  const ir_inst *in = &s->f->insts[i];
  if (in->type.base == IR_T_BOOL) {
    if (in->op == IR_AND || in->op == IR_OR || in->op == IR_XOR || in->op == IR_NOT) return isel_bool_logic(s, i);
    return isel_fail(s, "arithmetic '%s' on bool values is not supported", ir_op_name((ir_op)in->op));
  }
  const isel_opsel *t = &isel_ops[in->op];
  isel_cls c = isel_class(s, i);
  unsigned bits = isel_bits(in->type);
  int uni = isel_is_uniform_cls(c);
  uint32_t a = in->opnd[0], b = in->nopnd > 1 ? in->opnd[1] : IR_NONE;
  if (bits == 64) {
    isa_opcode op = uni ? t->s64 : t->v64;
    if (in->op == IR_NOT && !uni) {
      isel_op(s, i, c, ISA_OP_v_xor_b64, isel_A2(s, a), be_imm(~(uint64_t)0), isel_none);
      return 0;
    }
    if (t->pred64 >= 0) { /* min/max: a compare and a select */
      isa_opcode cmp = isel_icmp_ops[t->pred64][uni ? 2 : 3];
      if (uni) {
        be_opnd x = isel_B2(s, a), y = isel_B2(s, b);
        be_mi *mi = isel_e(s, cmp);
        mi->src[0] = x;
        mi->src[1] = y;
        isel_op(s, i, c, ISA_OP_s_cselect_b64, x, y, isel_none);
      } else {
        be_opnd x = isel_A2(s, a), y = isel_A2(s, b);
        uint32_t m = isel_e1(s, cmp, ISA_RF_S, 2, x, y, isel_none);
        isel_op(s, i, c, ISA_OP_v_cndmask_b64, y, x, be_vr(m));
      }
      return 0;
    }
    if (uni && op == ISEL_NOP && t->v64 != ISEL_NOP) {
      /* no scalar form (division): vector op, then both halves back to SGPRs */
      uint32_t r = isel_e1(s, t->v64, ISA_RF_V, 2, isel_A2(s, a), isel_A2(s, b), isel_none);
      isel_op(s, i, c, ISA_OP_s_mov_b64, be_vr(isel_v2_to_s2(s, r)), isel_none, isel_none);
      return 0;
    }
    if (op == ISEL_NOP)
      return isel_fail(s, "64-bit integer '%s' is not supported yet (use 32-bit operands)", ir_op_name((ir_op)in->op));
    if (in->op == IR_SHL || in->op == IR_LSHR || in->op == IR_ASHR) {
      be_opnd x = uni ? isel_B2(s, a) : isel_A2(s, a);
      be_opnd y = uni ? isel_B(s, b) : isel_A(s, b);
      isel_op(s, i, c, op, x, y, isel_none);
      return 0;
    }
    be_opnd x = uni ? isel_B2(s, a) : isel_A2(s, a);
    be_opnd y = b == IR_NONE ? isel_none : uni ? isel_B2(s, b) : isel_A2(s, b);
    isel_op(s, i, c, op, x, y, isel_none);
    return 0;
  }
  /* 8/16/32-bit in 32-bit registers */
  if (bits < 32 && (in->op == IR_MULHI_U || in->op == IR_MULHI_S)) {
    int sg = in->op == IR_MULHI_S;
    be_opnd x = isel_ext(s, a, bits, sg, !uni), y = isel_ext(s, b, bits, sg, !uni);
    uint32_t p = isel_e1(s, uni ? ISA_OP_s_mul_i32 : ISA_OP_v_mul_lo_u32, uni ? ISA_RF_S : ISA_RF_V, 1, x, y, isel_none);
    isa_opcode sh = uni ? (sg ? ISA_OP_s_ashr_i32 : ISA_OP_s_lshr_b32) : (sg ? ISA_OP_v_ashr_i32 : ISA_OP_v_lshr_b32);
    isel_op(s, i, c, sh, be_vr(p), be_imm(bits), isel_none);
    return 0;
  }
  if (in->op == IR_ADD && bits == 32 && !uni) {
    /* x * y + z in one v_mad_u32, as GPUs issue it (IMAD, v_mad_u32_u24):
     * index arithmetic like row * width + col is half as many dependent
     * steps. The multiply stays only if something else reads it (isel_dce). */
    for (int q = 0; q < 2; q++) {
      uint32_t m = in->opnd[q], z = in->opnd[1 - q];
      const ir_inst *mi = &s->f->insts[m];
      if (mi->op != IR_MUL || mi->block != in->block || isel_bits(mi->type) != 32) continue;
      if (isel_is_uniform_cls((isel_cls)s->val[m].cls) || s->val[m].cls == VC_CONST) continue;
      isel_op(s, i, c, ISA_OP_v_mad_u32, isel_A(s, mi->opnd[0]), isel_A(s, mi->opnd[1]), isel_A(s, z));
      return 0;
    }
  }
  /* extension of each operand: 0 none, 1 zero, 2 sign */
  int e0 = t->ext == ISEL_EXT_ZERO || t->ext == ISEL_EXT_ZERO_A   ? 1
           : t->ext == ISEL_EXT_SIGN || t->ext == ISEL_EXT_SIGN_A ? 2
                                                                  : 0;
  int e1 = t->ext == ISEL_EXT_ZERO ? 1 : t->ext == ISEL_EXT_SIGN ? 2 : 0;
  int scalar = uni && t->s32 != ISEL_NOP;
  be_opnd x = e0 ? isel_ext(s, a, bits, e0 == 2, !scalar) : scalar ? isel_B(s, a) : isel_A(s, a);
  be_opnd y = isel_none;
  if (b != IR_NONE) y = e1 ? isel_ext(s, b, bits, e1 == 2, !scalar) : scalar ? isel_B(s, b) : isel_A(s, b);
  if (scalar) {
    isel_op(s, i, c, t->s32, x, y, isel_none);
  } else if (uni) {
    /* no scalar form (division, high multiply): vector op, then back to an SGPR */
    uint32_t r = isel_e1(s, t->v32, ISA_RF_V, 1, x, y, isel_none);
    isel_op(s, i, c, ISA_OP_v_readfirstlane_b32, be_vr(r), isel_none, isel_none);
  } else {
    isel_op(s, i, c, t->v32, x, y, isel_none);
  }
  return 0;
}

/* Double arithmetic: every operand a 64-bit source (VGPR pair, SGPR pair or
 * literal), the result a VGPR pair. */
static int isel_float_f64(isel *s, uint32_t i) {
  const ir_inst *in = &s->f->insts[i];
  isel_cls c = VC_V2;
  be_opnd a = isel_A2(s, in->opnd[0]);
  be_opnd b = isel_none, x = isel_none;
  if (in->nopnd > 1)
    b = in->op == IR_MATH && isel_math_int_src1(in->aux) ? isel_A(s, in->opnd[1]) : isel_A2(s, in->opnd[1]);
  if (in->nopnd > 2) x = isel_A2(s, in->opnd[2]);
  switch ((ir_op)in->op) {
  case IR_FNEG:
    isel_op(s, i, c, ISA_OP_v_xor_b64, a, be_imm((uint64_t)1 << 63), isel_none);
    break;
  case IR_MATH:
    if (in->aux >= IR_M_COUNT) return isel_fail(s, "unknown math builtin %u", in->aux);
    if (in->aux == IR_M_FABS) {
      isel_op(s, i, c, ISA_OP_v_and_b64, a, be_imm(~((uint64_t)1 << 63)), isel_none);
    } else if (isel_math_f64_ops[in->aux] == ISEL_NOP) {
      return isel_fail(s, "math builtin %u has no double-precision form", in->aux);
    } else {
      isel_op(s, i, c, isel_math_f64_ops[in->aux], a, b, isel_none);
    }
    break;
  default: /* one opcode (ir_ops.def); x is none but for FMA */
    if (isel_ops[in->op].f64 == ISEL_NOP)
      return isel_fail(s, "unexpected double op %s", ir_op_name((ir_op)in->op));
    isel_op(s, i, c, isel_ops[in->op].f64, a, b, x);
    break;
  }
  return 0;
}

static int isel_float(isel *s, uint32_t i) {
  const ir_inst *in = &s->f->insts[i];
  if (in->type.base == IR_T_F64) return isel_float_f64(s, i);
  isel_cls c = VC_V1;
  if (in->op == IR_MATH && in->aux < IR_M_COUNT &&
      s->f->insts[in->opnd[0]].type.base == IR_T_F64) { /* double -> half bits or an I32 */
    isa_opcode op = isel_math_f64_ops[in->aux];
    if (op == ISEL_NOP)
      return isel_fail(s, "math builtin %u has no double-precision form", in->aux);
    be_opnd a = isel_A2(s, in->opnd[0]), b = in->nopnd > 1 ? isel_A2(s, in->opnd[1]) : isel_none;
    if (isel_is_uniform_cls(isel_class(s, i))) { /* VALU result, back to an SGPR */
      uint32_t r = isel_e1(s, op, ISA_RF_V, 1, a, b, isel_none);
      isel_op(s, i, isel_class(s, i), ISA_OP_v_readfirstlane_b32, be_vr(r), isel_none, isel_none);
    } else {
      isel_op(s, i, c, op, a, b, isel_none);
    }
    return 0;
  }
  be_opnd a = isel_A(s, in->opnd[0]);
  be_opnd b = in->nopnd > 1 ? isel_A(s, in->opnd[1]) : isel_none;
  be_opnd x = in->nopnd > 2 ? isel_A(s, in->opnd[2]) : isel_none;
  switch ((ir_op)in->op) {
  case IR_FNEG:
    isel_op(s, i, c, ISA_OP_v_xor_b32, a, be_imm(0x80000000u), isel_none);
    break;
  case IR_MATH:
    if (in->aux >= IR_M_COUNT) return isel_fail(s, "unknown math builtin %u", in->aux);
    if (in->aux == IR_M_FABS) {
      isel_op(s, i, c, ISA_OP_v_and_b32, a, be_imm(0x7fffffffu), isel_none);
    } else if (in->type.base != IR_T_F32 && isel_is_uniform_cls(isel_class(s, i))) {
      /* integer bit counts of a uniform value: VALU result, back to an SGPR */
      uint32_t r = isel_e1(s, isel_math_ops[in->aux], ISA_RF_V, 1, a, b, isel_none);
      isel_op(s, i, isel_class(s, i), ISA_OP_v_readfirstlane_b32, be_vr(r), isel_none, isel_none);
    } else
      isel_op(s, i, c, isel_math_ops[in->aux], a, b, isel_none);
    break;
  default: /* one opcode (ir_ops.def); x is none but for FMA */
    if (isel_ops[in->op].f32 == ISEL_NOP)
      return isel_fail(s, "unexpected float op %s", ir_op_name((ir_op)in->op));
    isel_op(s, i, c, isel_ops[in->op].f32, a, b, x);
    break;
  }
  return 0;
}

/* With scc_only, a uniform compare stops once SCC holds the result. */
static int isel_cmp(isel *s, uint32_t i, int scc_only) {
  const ir_inst *in = &s->f->insts[i];
  isel_cls c = isel_class(s, i);
  ir_type ot = s->f->insts[in->opnd[0]].type;
  uint32_t a = in->opnd[0], b = in->opnd[1];
  if (in->op == IR_FCMP) {
    if (in->aux < IR_P_OEQ || in->aux > IR_P_UNO) return isel_fail(s, "bad float predicate %u", in->aux);
    int dbl = ot.base == IR_T_F64;
    be_opnd x = dbl ? isel_A2(s, a) : isel_A(s, a), y = dbl ? isel_A2(s, b) : isel_A(s, b);
    isa_opcode op = (dbl ? isel_fcmp_f64_ops : isel_fcmp_ops)[in->aux - IR_P_OEQ];
    uint32_t m = isel_e1(s, op, ISA_RF_S, 2, x, y, isel_none);
    if (c == VC_MASK) {
      isel_def(s, i, c, m);
      return 0;
    }
    /* uniform: every active lane agrees, so the mask is zero iff false */
    be_mi *mi = isel_e(s, ISA_OP_s_cmp_ne_u64);
    mi->src[0] = be_vr(m);
    mi->src[1] = be_imm(0);
    if (!scc_only) isel_op(s, i, c, ISA_OP_s_cselect_b32, be_imm(1), be_imm(0), isel_none);
    return 0;
  }
  if (in->aux > IR_P_UGE) return isel_fail(s, "bad integer predicate %u", in->aux);
  if (ot.base == IR_T_BOOL) {
    if (in->aux != IR_P_EQ && in->aux != IR_P_NE) return isel_fail(s, "ordered compare of bools is not supported");
    if (c == VC_SBOOL) {
      be_opnd x = isel_B(s, a), y = isel_B(s, b);
      if (in->aux == IR_P_NE) {
        isel_op(s, i, c, ISA_OP_s_xor_b32, x, y, isel_none);
        return 0;
      }
      uint32_t t = isel_e1(s, ISA_OP_s_xor_b32, ISA_RF_S, 1, x, y, isel_none);
      isel_op(s, i, c, ISA_OP_s_xor_b32, be_vr(t), be_imm(1), isel_none);
      return 0;
    }
    be_opnd x = isel_mask(s, a), y = isel_mask(s, b);
    uint32_t t = isel_e1(s, ISA_OP_s_xor_b64, ISA_RF_S, 2, x, y, isel_none);
    if (in->aux == IR_P_NE) {
      isel_def(s, i, c, t);
      return 0;
    }
    uint32_t e = isel_e1(s, ISA_OP_s_getexec_b64, ISA_RF_S, 2, isel_none, isel_none, isel_none);
    isel_op(s, i, c, ISA_OP_s_xor_b64, be_vr(t), be_vr(e), isel_none);
    return 0;
  }
  unsigned bits = isel_bits(ot);
  int sg = in->aux >= IR_P_SLT && in->aux <= IR_P_SGE;
  int uni = c == VC_SBOOL;
  isa_opcode op = isel_icmp_ops[in->aux][(bits == 64 ? 2 : 0) + (uni ? 0 : 1)];
  be_opnd x, y;
  if (bits == 64) {
    x = uni ? isel_B2(s, a) : isel_A2(s, a);
    y = uni ? isel_B2(s, b) : isel_A2(s, b);
  } else {
    x = isel_ext(s, a, bits, sg, !uni);
    y = isel_ext(s, b, bits, sg, !uni);
  }
  if (!uni) {
    isel_op(s, i, c, op, x, y, isel_none);
    return 0;
  }
  be_mi *mi = isel_e(s, op);
  mi->src[0] = x;
  mi->src[1] = y;
  if (!scc_only) isel_op(s, i, c, ISA_OP_s_cselect_b32, be_imm(1), be_imm(0), isel_none);
  return 0;
}

static int isel_select(isel *s, uint32_t i) {
  const ir_inst *in = &s->f->insts[i];
  isel_cls c = isel_class(s, i);
  uint32_t cond = in->opnd[0], a = in->opnd[1], b = in->opnd[2];
  switch (c) {
  case VC_SBOOL:
  case VC_S1: {
    be_opnd x = isel_B(s, a), y = isel_B(s, b), k = isel_B(s, cond);
    isel_scc(s, k);
    isel_op(s, i, c, ISA_OP_s_cselect_b32, x, y, isel_none);
    return 0;
  }
  case VC_S2: {
    be_opnd x = isel_B2(s, a), y = isel_B2(s, b), k = isel_B(s, cond);
    isel_scc(s, k);
    isel_op(s, i, c, ISA_OP_s_cselect_b64, x, y, isel_none);
    return 0;
  }
  case VC_MASK: {
    be_opnd m = isel_mask(s, cond), x = isel_mask(s, a), y = isel_mask(s, b);
    uint32_t t = isel_e1(s, ISA_OP_s_and_b64, ISA_RF_S, 2, x, m, isel_none);
    uint32_t f = isel_e1(s, ISA_OP_s_andn2_b64, ISA_RF_S, 2, y, m, isel_none);
    isel_op(s, i, c, ISA_OP_s_or_b64, be_vr(t), be_vr(f), isel_none);
    return 0;
  }
  case VC_V2: {
    be_opnd x = isel_A2(s, a), y = isel_A2(s, b), m = isel_mask(s, cond);
    isel_op(s, i, c, ISA_OP_v_cndmask_b64, y, x, m);
    return 0;
  }
  default: {
    be_opnd x = isel_A(s, a), y = isel_A(s, b), m = isel_mask(s, cond);
    isel_op(s, i, VC_V1, ISA_OP_v_cndmask_b32, y, x, m);
    return 0;
  }
  }
}

/* Widening of v (bits wide) to 32 or 64 bits. */
static int isel_extend(isel *s, uint32_t i, int sign) {
  const ir_inst *in = &s->f->insts[i];
  isel_cls c = isel_class(s, i);
  uint32_t a = in->opnd[0];
  ir_type st = s->f->insts[a].type;
  unsigned sb = isel_bits(st), db = isel_bits(in->type);
  int uni = isel_is_uniform_cls(c);
  if (st.base == IR_T_BOOL) {
    uint64_t one = sign ? ~(uint64_t)0 : 1;
    if (!uni) {
      be_opnd m = isel_mask(s, a);
      if (db == 64)
        isel_op(s, i, c, ISA_OP_v_cndmask_b64, be_imm(0), be_imm(one), m);
      else
        isel_op(s, i, c, ISA_OP_v_cndmask_b32, be_imm(0), be_imm(one & 0xffffffffu), m);
      return 0;
    }
    be_opnd x = isel_B(s, a);
    if (sign) x = be_vr(isel_e1(s, ISA_OP_s_sub_u32, ISA_RF_S, 1, be_imm(0), x, isel_none));
    if (db == 64)
      isel_op(s, i, c, sign ? ISA_OP_s_sext_i64_i32 : ISA_OP_s_zext_u64_u32, x, isel_none, isel_none);
    else
      isel_alias(s, i, c, x);
    return 0;
  }
  be_opnd x = isel_ext(s, a, sb, sign, !uni);
  if (db == 64 && sb < 64) {
    isa_opcode op = uni ? (sign ? ISA_OP_s_sext_i64_i32 : ISA_OP_s_zext_u64_u32)
                        : (sign ? ISA_OP_v_sext_i64_i32 : ISA_OP_v_zext_u64_u32);
    isel_op(s, i, c, op, x, isel_none, isel_none);
    return 0;
  }
  isel_alias(s, i, c, x);
  return 0;
}

static int isel_trunc(isel *s, uint32_t i) {
  const ir_inst *in = &s->f->insts[i];
  isel_cls c = isel_class(s, i);
  uint32_t a = in->opnd[0];
  int uni = isel_is_uniform_cls(c);
  be_opnd x = uni ? isel_B(s, a) : isel_A(s, a); /* low 32 bits */
  if (in->type.base != IR_T_BOOL) {
    isel_alias(s, i, c, x);
    return 0;
  }
  if (uni) {
    isel_op(s, i, c, ISA_OP_s_and_b32, x, be_imm(1), isel_none);
    return 0;
  }
  uint32_t t = isel_e1(s, ISA_OP_v_and_b32, ISA_RF_V, 1, x, be_imm(1), isel_none);
  isel_op(s, i, c, ISA_OP_v_cmp_ne_u32, be_vr(t), be_imm(0), isel_none);
  return 0;
}

/* Conversions with a double on either side: FPEXT/FPTRUNC, double to and from
 * integers (64-bit ones exactly, through the FP64 unit's own conversions).
 * Integer results stay in VGPRs; uniform users read them back as they do
 * float-derived values. */
static int isel_cvt_f64(isel *s, uint32_t i) {
  const ir_inst *in = &s->f->insts[i];
  uint32_t a = in->opnd[0];
  ir_type st = s->f->insts[a].type;
  unsigned sb = isel_bits(st), db = isel_bits(in->type);
  switch ((ir_op)in->op) {
  case IR_FPEXT:
    if (st.base != IR_T_F32 || in->type.base != IR_T_F64) break;
    isel_op(s, i, VC_V2, ISA_OP_v_cvt_f64_f32, isel_A(s, a), isel_none, isel_none);
    return 0;
  case IR_FPTRUNC:
    if (st.base != IR_T_F64 || in->type.base != IR_T_F32) break;
    isel_op(s, i, VC_V1, ISA_OP_v_cvt_f32_f64, isel_A2(s, a), isel_none, isel_none);
    return 0;
  case IR_FPTOSI:
  case IR_FPTOUI: {
    int sg = in->op == IR_FPTOSI;
    be_opnd x = isel_A2(s, a);
    if (db == 64) {
      isel_op(s, i, VC_V2, sg ? ISA_OP_v_cvt_i64_f64 : ISA_OP_v_cvt_u64_f64, x, isel_none, isel_none);
      return 0;
    }
    if (in->type.base == IR_T_BOOL) break;
    /* narrower integers keep unspecified upper bits, as everywhere */
    isel_op(s, i, VC_V1, sg ? ISA_OP_v_cvt_i32_f64 : ISA_OP_v_cvt_u32_f64, x, isel_none, isel_none);
    return 0;
  }
  case IR_SITOFP:
  case IR_UITOFP: {
    int sg = in->op == IR_SITOFP;
    if (st.base == IR_T_BOOL) {
      uint64_t one = sg ? 0xbff0000000000000ull : 0x3ff0000000000000ull; /* -1.0 : 1.0 */
      isel_op(s, i, VC_V2, ISA_OP_v_cndmask_b64, be_imm(0), be_imm(one), isel_mask(s, a));
      return 0;
    }
    if (sb == 64) {
      isel_op(s, i, VC_V2, sg ? ISA_OP_v_cvt_f64_i64 : ISA_OP_v_cvt_f64_u64, isel_A2(s, a), isel_none, isel_none);
      return 0;
    }
    be_opnd x = isel_ext(s, a, sb, sg, 1);
    isel_op(s, i, VC_V2, sg ? ISA_OP_v_cvt_f64_i32 : ISA_OP_v_cvt_f64_u32, x, isel_none, isel_none);
    return 0;
  }
  default: break;
  }
  return isel_fail(s, "conversion %s between these types is not supported", ir_op_name((ir_op)in->op));
}

static int isel_cvt(isel *s, uint32_t i) {
  const ir_inst *in = &s->f->insts[i];
  isel_cls c = isel_class(s, i);
  uint32_t a = in->opnd[0];
  ir_type st = s->f->insts[a].type;
  unsigned sb = isel_bits(st), db = isel_bits(in->type);
  if (st.base == IR_T_F64 || in->type.base == IR_T_F64) return isel_cvt_f64(s, i);
  if (in->op == IR_FPTOSI || in->op == IR_FPTOUI) {
    int sg = in->op == IR_FPTOSI;
    /* 64-bit results go through 32 bits: values past 2^31 (2^32) saturate */
    uint32_t r = isel_e1(s, sg ? ISA_OP_v_cvt_i32_f32 : ISA_OP_v_cvt_u32_f32, ISA_RF_V, 1, isel_A(s, a), isel_none,
                         isel_none);
    if (db == 64) {
      if (isel_is_uniform_cls(c)) {
        uint32_t r1 = isel_e1(s, ISA_OP_v_readfirstlane_b32, ISA_RF_S, 1, be_vr(r), isel_none, isel_none);
        isel_op(s, i, c, sg ? ISA_OP_s_sext_i64_i32 : ISA_OP_s_zext_u64_u32, be_vr(r1), isel_none, isel_none);
      } else {
        isel_op(s, i, c, sg ? ISA_OP_v_sext_i64_i32 : ISA_OP_v_zext_u64_u32, be_vr(r), isel_none, isel_none);
      }
      return 0;
    }
    isel_alias(s, i, c, be_vr(r));
    return 0;
  }
  /* int to float */
  int sg = in->op == IR_SITOFP;
  if (st.base == IR_T_BOOL) {
    isel_op(s, i, VC_V1, ISA_OP_v_cndmask_b32, be_imm(0), be_imm(sg ? 0xbf800000u : 0x3f800000u), isel_mask(s, a));
    return 0;
  }
  if (sb == 64) {
    isel_op(s, i, VC_V1, sg ? ISA_OP_v_cvt_f32_i64 : ISA_OP_v_cvt_f32_u64, isel_A2(s, a), isel_none,
            isel_none);
    return 0;
  }
  be_opnd x = isel_ext(s, a, sb, sg, 1);
  isel_op(s, i, VC_V1, sg ? ISA_OP_v_cvt_f32_i32 : ISA_OP_v_cvt_f32_u32, x, isel_none, isel_none);
  return 0;
}

static int isel_bitcast(isel *s, uint32_t i) {
  const ir_inst *in = &s->f->insts[i];
  isel_cls c = isel_class(s, i);
  uint32_t a = in->opnd[0];
  unsigned sb = isel_bits(s->f->insts[a].type), db = isel_bits(in->type);
  int uni = isel_is_uniform_cls(c);
  if (db == 64) {
    if (sb == 64) {
      isel_alias(s, i, c, uni ? isel_B2(s, a) : isel_A2(s, a));
      return 0;
    }
    /* 32-bit pointer (LDS/private offset) to a 64-bit integer */
    isel_op(s, i, c, uni ? ISA_OP_s_zext_u64_u32 : ISA_OP_v_zext_u64_u32, uni ? isel_B(s, a) : isel_A(s, a), isel_none,
            isel_none);
    return 0;
  }
  if (c == VC_V1 && s->val[a].cls == VC_S1 && s->val[a].sub == 0 && in->type.base == IR_T_F32) {
    /* a uniform int viewed as float may stay in its SGPR: vector ops read it */
    isel_def(s, i, VC_S1, s->val[a].reg);
    return 0;
  }
  isel_alias(s, i, c, uni ? isel_B(s, a) : isel_A(s, a));
  return 0;
}

/* Matches a byte offset of the form ext64(x) * C, ext64(x) << C or ext64(x)
 * (x a 32-bit integer, C a constant): *x, the multiplier and whether the
 * extension is signed. The sext/mul chain this replaces is dropped by
 * isel_dce when nothing else reads it. */
int isel_scaled_index(isel *s, uint32_t o, uint32_t *x, uint64_t *scale, int *sign) {
  const ir_inst *in = &s->f->insts[o];
  uint64_t k = 1;
  if ((in->op == IR_MUL || in->op == IR_SHL) && s->val[in->opnd[1]].cls == VC_CONST) {
    uint64_t c = s->val[in->opnd[1]].imm;
    if (in->op == IR_SHL && c >= 31) return 0;
    k = in->op == IR_SHL ? 1ull << c : c;
    in = &s->f->insts[in->opnd[0]];
  } else if (in->op == IR_MUL && s->val[in->opnd[0]].cls == VC_CONST) {
    k = s->val[in->opnd[0]].imm;
    in = &s->f->insts[in->opnd[1]];
  }
  if ((in->op != IR_SEXT && in->op != IR_ZEXT) || k == 0 || k > 0x7fffffffu) return 0;
  const ir_inst *src = &s->f->insts[in->opnd[0]];
  if (src->type.base != IR_T_I32 || s->val[in->opnd[0]].cls == VC_CONST) return 0;
  *x = in->opnd[0];
  *scale = k;
  *sign = in->op == IR_SEXT;
  return 1;
}

be_opnd isel_scaled32(isel *s, uint32_t x, uint64_t k) {
  isel_val *v = &s->val[x];
  if (v->sidx_block == s->cur && v->sidx_k == k) return be_vr(v->sidx_reg);
  if (k == 1) return isel_V(s, x);
  uint32_t sh = (uint32_t)__builtin_ctzll(k);
  uint32_t r = k == 1ull << sh
                   ? isel_e1(s, ISA_OP_v_lshl_b32, ISA_RF_V, 1, isel_A(s, x), be_imm(sh), isel_none)
                   : isel_e1(s, ISA_OP_v_mul_lo_u32, ISA_RF_V, 1, isel_A(s, x), be_imm(k), isel_none);
  v = &s->val[x];
  v->sidx_reg = r, v->sidx_block = s->cur, v->sidx_k = k;
  return be_vr(r);
}

static int isel_ptradd(isel *s, uint32_t i) {
  const ir_inst *in = &s->f->insts[i];
  isel_cls c = isel_class(s, i);
  int uni = isel_is_uniform_cls(c);
  uint32_t p = in->opnd[0], o = in->opnd[1], x;
  uint64_t k;
  int sign;
  /* base + index * size in one fused op (global) or a 32-bit scale (LDS and
   * private offsets are 32-bit: only the low half of the product matters) */
  if (!uni && isel_scaled_index(s, o, &x, &k, &sign)) {
    if (isel_is64(in->type)) {
      isel_op(s, i, c, sign ? ISA_OP_v_mad_i64_i32 : ISA_OP_v_mad_u64_u32, isel_A(s, x),
              be_imm(k), isel_A2(s, p));
      return 0;
    }
    be_opnd off = isel_scaled32(s, x, k);
    if (s->val[p].cls == VC_CONST && (s->val[p].imm & 0xffffffffu) == 0)
      isel_def(s, i, c, off.reg);
    else
      isel_op(s, i, c, ISA_OP_v_add_u32, isel_A(s, p), off, isel_none);
    return 0;
  }
  if (isel_is64(in->type)) {
    if (uni)
      isel_op(s, i, c, ISA_OP_s_add_u64, isel_B2(s, p), isel_B2(s, o), isel_none);
    else
      isel_op(s, i, c, ISA_OP_v_add_u64, isel_A2(s, p), isel_A2(s, o), isel_none);
    return 0;
  }
  /* LDS and private pointers are 32-bit offsets: add the low half */
  if (s->val[p].cls == VC_CONST && s->val[o].cls == VC_CONST) {
    isel_def_const(s, i, (s->val[p].imm + s->val[o].imm) & 0xffffffffu);
    return 0;
  }
  if (uni)
    isel_op(s, i, c, ISA_OP_s_add_u32, isel_B(s, p), isel_B(s, o), isel_none);
  else
    isel_op(s, i, c, ISA_OP_v_add_u32, isel_A(s, p), isel_A(s, o), isel_none);
  return 0;
}

static int isel_inst(isel *s, uint32_t i) {
  const ir_inst *in = &s->f->insts[i];
  s->line = in->line;
  if (in->op < IR_OP_COUNT && isel_ops[in->op].family == ISEL_FAM_INT) return isel_int(s, i);
  if (in->op < IR_OP_COUNT && isel_ops[in->op].family == ISEL_FAM_FLOAT) return isel_float(s, i);
  switch ((ir_op)in->op) {
  case IR_CONST: isel_def_const(s, i, in->imm); return 0;
  case IR_UNDEF: isel_def_const(s, i, 0); return 0;
  case IR_PARAM: return isel_param(s, i);
  case IR_LOCAL_ID:
  case IR_GROUP_ID:
  case IR_GLOBAL_ID:
  case IR_LOCAL_SIZE:
  case IR_ENQ_LOCAL_SIZE:
  case IR_GLOBAL_SIZE:
  case IR_NUM_GROUPS:
  case IR_GLOBAL_OFFSET:
  case IR_WORK_DIM:
    return isel_builtin(s, i);
  case IR_ICMP:
  case IR_FCMP:
    if (s->defer[i]) return 0;
    return isel_cmp(s, i, 0);
  case IR_SELECT: return isel_select(s, i);
  case IR_ZEXT: return isel_extend(s, i, 0);
  case IR_SEXT: return isel_extend(s, i, 1);
  case IR_TRUNC: return isel_trunc(s, i);
  case IR_FPTOSI: case IR_FPTOUI: case IR_SITOFP: case IR_UITOFP: return isel_cvt(s, i);
  case IR_FPEXT:
  case IR_FPTRUNC:
    if (s->f->insts[in->opnd[0]].type.base == IR_T_F16 || in->type.base == IR_T_F16)
      return isel_fail(s, "conversions to or from half are not supported yet (use float)");
    return isel_cvt_f64(s, i);
  case IR_BITCAST: return isel_bitcast(s, i);
  case IR_PTRADD: return isel_ptradd(s, i);
  case IR_LOAD: return isel_load(s, i);
  case IR_STORE: return isel_store(s, i);
  case IR_ATOMIC: return isel_atomic(s, i);
  case IR_ALLOCA: {
    uint32_t al = in->aux ? in->aux : 4;
    uint32_t off = (s->bf->private_bytes + al - 1) / al * al;
    s->bf->private_bytes = off + (uint32_t)in->imm;
    isel_def_const(s, i, off + ISA_PTR_BIAS); /* a pointer value (isa.h) */
    return 0;
  }
  case IR_LOCAL_VAR: {
    /* ISA_LDS_ALIGN, not the type's own alignment: a kernel may cast any
     * __local variable to the largest vector type (isa.h, ABI). */
    uint32_t al = in->aux > ISA_LDS_ALIGN ? in->aux : ISA_LDS_ALIGN;
    uint32_t off = (s->bf->lds_bytes + al - 1) / al * al;
    s->bf->lds_bytes = off + (uint32_t)in->imm;
    isel_def_const(s, i, off + ISA_PTR_BIAS); /* a pointer value (isa.h) */
    return 0;
  }
  case IR_CONST_VAR: return isel_const_var(s, i);
  case IR_SUBGROUP: return isel_subgroup(s, i);
  case IR_WAVE_SIZE: return isel_fail(s, "internal compiler error: wave_size left after pass_lower_wave_size");
  case IR_PRINTF_BUF: return isel_printf_buf(s, i);
  case IR_BFE_U: case IR_BFE_S: case IR_BFI: case IR_DOT4: return isel_bitops(s, i);
  case IR_IMAGE_LOAD: case IR_IMAGE_SAMPLE: case IR_IMAGE_CHAN: case IR_IMAGE_STORE:
  case IR_IMAGE_QUERY: return isel_image(s, i);
  case IR_BARRIER: /* aux: CLK_*_MEM_FENCE; 2 = CLK_GLOBAL_MEM_FENCE */
    isel_e(s, (in->aux & 2) ? ISA_OP_s_barrier : ISA_OP_s_barrier_local);
    return 0;
  case IR_FENCE: /* memory is coherent at instruction granularity in the model: an ordering
                  * fence costs the wait for the wave's memory work (isa.def s_waitmem) */
    if (in->aux & IR_FENCE_WAIT) isel_e(s, ISA_OP_s_waitmem)->sync = (uint8_t)in->imm;
    if (in->aux & IR_FENCE_SUBGROUP) isel_e(s, ISA_OP_s_wave_barrier);
    return 0;
  case IR_CALL: return isel_fail(s, "internal compiler error: call left after inlining");
  case IR_PHI: return 0; /* registers made up front, copies at predecessors */
  case IR_BR: case IR_CBR: case IR_RET: case IR_UNREACHABLE: return 0; /* see isel_terminator */
  default: return isel_fail(s, "IR op %s is not supported by the backend", ir_op_name((ir_op)in->op));
  }
}

/* ---- phis: parallel copies at the end of a predecessor ------------------------ */
static isa_opcode isel_mov_for(const be_vreg *v) {
  if (v->file == ISA_RF_S) return v->size == 2 ? ISA_OP_s_mov_b64 : ISA_OP_s_mov_b32;
  return v->size == 2 ? ISA_OP_v_mov_b64 : ISA_OP_v_mov_b32;
}

static void isel_phi_copies(isel *s, uint32_t pred, uint32_t succ) {
  const ir_block *sb = &s->f->blocks[succ];
  uint32_t n = 0;
  for (uint32_t k = 0; k < sb->ninsts; k++)
    if (s->f->insts[sb->insts[k]].op == IR_PHI) n++;
  if (!n) return;
  uint32_t *dst = NULL;
  be_opnd *src = NULL;
  uint32_t mark = fe_oom_keep(BE_OOM(s->bf), &dst);
  fe_oom_keep(BE_OOM(s->bf), &src);
  dst = fe_xmalloc(BE_OOM(s->bf), n * sizeof(uint32_t));
  src = fe_xmalloc(BE_OOM(s->bf), n * sizeof(be_opnd));
  uint32_t m = 0;
  for (uint32_t k = 0; k < sb->ninsts; k++) {
    uint32_t p = sb->insts[k];
    const ir_inst *phi = &s->f->insts[p];
    if (phi->op != IR_PHI) continue;
    uint32_t v = IR_NONE;
    for (uint32_t q = 0; q < phi->nopnd; q++)
      if (phi->phi_block[q] == pred) v = phi->opnd[q];
    if (v == IR_NONE) continue;
    s->line = phi->line;
    isel_val *d = &s->val[p];
    be_opnd o;
    /* operands in the phi's class; conversions read sources before any copy */
    switch ((isel_cls)d->cls) {
    case VC_S1:
    case VC_SBOOL: o = isel_B(s, v); break;
    case VC_S2: o = isel_B2(s, v); break;
    case VC_V2: o = isel_A2(s, v); break;
    case VC_VBOOL:
      if (s->val[v].cls == VC_MASK)
        o = be_vr(s->val[v].block == s->cur ? isel_vbool_of(s, v) : s->val[v].vbool);
      else
        o = isel_A(s, v);
      break;
    default: o = isel_A(s, v); break;
    }
    if (o.kind == BE_O_VREG && o.reg == d->reg && !o.sub) continue;
    dst[m] = d->reg;
    src[m++] = o;
  }
  /* sequentialize: a copy is safe once no pending copy reads its destination;
   * a cycle is broken by saving one destination in a temporary */
  while (m) {
    uint32_t pick = UINT32_MAX;
    for (uint32_t a = 0; a < m && pick == UINT32_MAX; a++) {
      int read = 0;
      for (uint32_t b = 0; b < m && !read; b++)
        read = b != a && src[b].kind == BE_O_VREG && src[b].reg == dst[a];
      if (!read) pick = a;
    }
    if (pick == UINT32_MAX) {
      const be_vreg *dv = &s->bf->vregs[dst[0]];
      uint32_t t = isel_e1(s, isel_mov_for(dv), dv->file, dv->size, be_vr(dst[0]), isel_none, isel_none);
      for (uint32_t b = 0; b < m; b++)
        if (src[b].kind == BE_O_VREG && src[b].reg == dst[0]) src[b].reg = t;
      continue;
    }
    be_mi *mi = isel_e(s, isel_mov_for(&s->bf->vregs[dst[pick]]));
    mi->dst = be_vr(dst[pick]);
    mi->src[0] = src[pick];
    dst[pick] = dst[m - 1];
    src[pick] = src[m - 1];
    m--;
  }
  fe_oom_pop(BE_OOM(s->bf), mark);
  free(dst);
  free(src);
}

static int isel_terminator(isel *s, uint32_t b) {
  const ir_block *bb = &s->f->blocks[b];
  if (!bb->ninsts) return isel_fail(s, "internal compiler error: empty block %u", b);
  const ir_inst *t = &s->f->insts[bb->insts[bb->ninsts - 1]];
  s->line = t->line;
  switch ((ir_op)t->op) {
  case IR_BR: {
    isel_phi_copies(s, b, bb->succ[0]);
    s->line = t->line;
    isel_e(s, ISA_OP_s_branch)->target[0] = bb->succ[0];
    return 0;
  }
  case IR_CBR: {
    for (uint32_t k = 0; k < 2; k++)
      for (uint32_t q = 0; q < s->f->blocks[bb->succ[k]].ninsts; q++)
        if (s->f->insts[s->f->blocks[bb->succ[k]].insts[q]].op == IR_PHI)
          return isel_fail(s, "internal compiler error: critical edge from block %u not split", b);
    uint32_t cond = t->opnd[0];
    isel_cls cc = (isel_cls)s->val[cond].cls;
    if (cc == VC_MASK || cc == VC_VBOOL) {
      be_mi *mi;
      be_opnd m = isel_mask(s, cond);
      mi = isel_e(s, ISA_OP_s_cbranch_div);
      mi->src[0] = m;
      mi->target[0] = bb->succ[0];
      mi->target[1] = bb->succ[1];
      uint32_t r = s->bf->dom.ipdom[b];
      mi->target[2] = r == IR_NONE ? s->bf->dom.exit : r;
      return 0;
    }
    if (s->defer[cond]) {
      s->line = s->f->insts[cond].line;
      if (isel_cmp(s, cond, 1)) return -1;
      s->line = t->line;
      isel_e(s, ISA_OP_s_cbranch_scc1)->target[0] = bb->succ[0];
      isel_e(s, ISA_OP_s_branch)->target[0] = bb->succ[1];
      return 0;
    }
    if (cc == VC_CONST) {
      isel_e(s, ISA_OP_s_branch)->target[0] = bb->succ[(s->val[cond].imm & 1) ? 0 : 1];
      return 0;
    }
    isel_scc(s, isel_B(s, cond));
    isel_e(s, ISA_OP_s_cbranch_scc1)->target[0] = bb->succ[0];
    isel_e(s, ISA_OP_s_branch)->target[0] = bb->succ[1];
    return 0;
  }
  case IR_RET:
  case IR_UNREACHABLE: isel_e(s, ISA_OP_s_endpgm); return 0;
  default: return isel_fail(s, "internal compiler error: block %u does not end in a terminator", b);
  }
}

/* Remove instructions whose results are never read (folded address parts,
 * unused builtins), to a fixed point. */
static void isel_dce(be_func *bf) {
  uint32_t *uses = fe_xcalloc(BE_OOM(bf), bf->nvregs ? bf->nvregs : 1, sizeof(uint32_t));
  for (uint32_t b = 0; b < bf->nblocks; b++)
    for (uint32_t j = 0; j < bf->blocks[b].n; j++)
      for (int k = 0; k < 3; k++)
        if (bf->blocks[b].code[j].src[k].kind == BE_O_VREG) uses[bf->blocks[b].code[j].src[k].reg]++;
  int changed = 1;
  while (changed) {
    changed = 0;
    for (uint32_t b = 0; b < bf->nblocks; b++) {
      be_mblock *mb = &bf->blocks[b];
      uint32_t w = 0;
      for (uint32_t j = 0; j < mb->n; j++) {
        be_mi *mi = &mb->code[j];
        uint32_t fl = isa_ops[mi->op].flags;
        int pure = mi->dst.kind == BE_O_VREG && !(fl & (ISA_F_STORE | ISA_F_ATOMIC | ISA_F_BRANCH | ISA_F_END)) &&
                   !uses[mi->dst.reg] && bf->vregs[mi->dst.reg].fixed < 0;
        if (pure) {
          for (int k = 0; k < 3; k++)
            if (mi->src[k].kind == BE_O_VREG) uses[mi->src[k].reg]--;
          changed = 1;
          continue;
        }
        mb->code[w++] = *mi;
      }
      mb->n = w;
    }
  }
  free(uses);
}

static int isel_check_types(isel *s) {
  for (uint32_t i = 0; i < s->f->ninsts; i++) {
    const ir_inst *in = &s->f->insts[i];
    if (in->block == IR_NONE) continue;
    s->line = in->line;
    if (in->type.base == IR_T_F16) return isel_fail(s, "half precision arithmetic is not supported yet (use float)");
  }
  return 0;
}

int be_isel(be_func *bf, isa_kernel *k) {
  const ir_function *f = bf->f;
  isel s;
  memset(&s, 0, sizeof s);
  s.bf = bf;
  s.f = f;
  s.k = k;
  if (isel_check_types(&s)) return -1;
  fe_oom *o = BE_OOM(bf);
  uint32_t mark = fe_oom_keep(o, &s.val);
  fe_oom_keep(o, &s.cross);
  fe_oom_keep(o, &s.defer);
  s.val = fe_xcalloc(o, f->ninsts ? f->ninsts : 1, sizeof(isel_val));
  s.cross = fe_xcalloc(o, f->ninsts ? f->ninsts : 1, 1);
  s.defer = fe_xcalloc(o, f->ninsts ? f->ninsts : 1, 1);
  uint32_t *uses = pass_use_counts(f);
  for (uint32_t b = 0; b < f->nblocks; b++) {
    const ir_block *bb = &f->blocks[b];
    if (!bb->ninsts) continue;
    const ir_inst *t = &f->insts[bb->insts[bb->ninsts - 1]];
    if (t->op != IR_CBR) continue;
    uint32_t c = t->opnd[0];
    const ir_inst *ci = &f->insts[c];
    int bool_eq = ci->op == IR_ICMP && f->insts[ci->opnd[0]].type.base == IR_T_BOOL;
    if ((ci->op == IR_ICMP || ci->op == IR_FCMP) && !bool_eq && ci->block == b && uses[c] == 1 &&
        !bf->uni.divergent[c])
      s.defer[c] = 1;
  }
  free(uses);
  for (uint32_t i = 0; i < f->ninsts; i++)
    s.val[i].vbool = s.val[i].vcopy_block = s.val[i].sidx_block = IR_NONE;
  bf->blocks = fe_xcalloc(o, f->nblocks ? f->nblocks : 1, sizeof(be_mblock));
  bf->nblocks = f->nblocks; /* after: be_func_fini walks blocks[nblocks] */
  /* ABI registers */
  s.kernarg = be_new_vreg(bf, ISA_RF_S, 2);
  bf->vregs[s.kernarg].fixed = ISA_ABI_SGPR_KERNARG;
  s.dispatch = be_new_vreg(bf, ISA_RF_S, 2);
  bf->vregs[s.dispatch].fixed = ISA_ABI_SGPR_DISPATCH;
  for (int d = 0; d < 3; d++) {
    s.gid[d] = be_new_vreg(bf, ISA_RF_S, 1);
    bf->vregs[s.gid[d]].fixed = (int16_t)(ISA_ABI_SGPR_GROUP_ID + d);
    s.lid[d] = be_new_vreg(bf, ISA_RF_V, 1);
    bf->vregs[s.lid[d]].fixed = (int16_t)(ISA_ABI_VGPR_LOCAL_ID + d);
  }
  /* divergent bools read in another block keep a 0/1 VGPR copy */
  for (uint32_t i = 0; i < f->ninsts; i++) {
    const ir_inst *in = &f->insts[i];
    if (in->block == IR_NONE) continue;
    for (uint32_t q = 0; q < in->nopnd; q++) {
      uint32_t v = in->opnd[q];
      uint32_t ub = in->op == IR_PHI ? in->phi_block[q] : in->block;
      if (v < f->ninsts && f->insts[v].block != ub) s.cross[v] = 1;
    }
  }
  /* phi registers first: back edges read them before their block is selected */
  for (uint32_t i = 0; i < f->ninsts; i++) {
    const ir_inst *in = &f->insts[i];
    if (in->block == IR_NONE || in->op != IR_PHI) continue;
    isel_cls c = isel_class(&s, i);
    if (c == VC_MASK) c = VC_VBOOL;
    s.val[i].cls = (uint8_t)c;
    s.val[i].reg = isel_new_for(&s, c);
    s.val[i].block = in->block;
  }
  int rc = 0;
  for (uint32_t r = 0; r < bf->dom.nrpo && !rc; r++) {
    uint32_t b = bf->dom.rpo[r];
    s.cur = b;
    const ir_block *bb = &f->blocks[b];
    for (uint32_t j = 0; j < bb->ninsts && !rc; j++) {
      uint32_t i = bb->insts[j];
      rc = isel_inst(&s, i);
      if (!rc && s.val[i].cls == VC_MASK && s.cross[i]) s.val[i].vbool = isel_vbool_of(&s, i);
    }
  }
  for (uint32_t r = 0; r < bf->dom.nrpo && !rc; r++) {
    s.cur = bf->dom.rpo[r];
    rc = isel_terminator(&s, s.cur);
  }
  fe_oom_pop(o, mark);
  free(s.val);
  free(s.cross);
  free(s.defer);
  if (!rc) isel_dce(bf);
  return rc;
}
