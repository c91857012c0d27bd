/* Stable text form of the IR for golden tests and debugging, and the IR
 * opcode/predicate/math/atomic names (one table each, indexed by the enum). */
#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "fe_strbuf.h"
#include "ir.h"

static const char *const ir_op_names[IR_OP_COUNT] = {
  [IR_CONST] = "const", [IR_PARAM] = "param", [IR_UNDEF] = "undef",
  [IR_LOCAL_ID] = "local_id", [IR_GROUP_ID] = "group_id", [IR_GLOBAL_ID] = "global_id",
  [IR_LOCAL_SIZE] = "local_size", [IR_GLOBAL_SIZE] = "global_size",
  [IR_NUM_GROUPS] = "num_groups", [IR_GLOBAL_OFFSET] = "global_offset",
  [IR_WORK_DIM] = "work_dim",
  [IR_ADD] = "add", [IR_SUB] = "sub", [IR_MUL] = "mul", [IR_MULHI_U] = "mulhi_u",
  [IR_MULHI_S] = "mulhi_s", [IR_SDIV] = "sdiv", [IR_UDIV] = "udiv", [IR_SREM] = "srem",
  [IR_UREM] = "urem", [IR_AND] = "and", [IR_OR] = "or", [IR_XOR] = "xor", [IR_NOT] = "not",
  [IR_SHL] = "shl", [IR_LSHR] = "lshr", [IR_ASHR] = "ashr", [IR_SMIN] = "smin",
  [IR_SMAX] = "smax", [IR_UMIN] = "umin", [IR_UMAX] = "umax",
  [IR_FADD] = "fadd", [IR_FSUB] = "fsub", [IR_FMUL] = "fmul", [IR_FDIV] = "fdiv",
  [IR_FREM] = "frem", [IR_FNEG] = "fneg", [IR_FMA] = "fma", [IR_MATH] = "math",
  [IR_ICMP] = "icmp", [IR_FCMP] = "fcmp", [IR_SELECT] = "select",
  [IR_ZEXT] = "zext", [IR_SEXT] = "sext", [IR_TRUNC] = "trunc", [IR_FPTOSI] = "fptosi",
  [IR_FPTOUI] = "fptoui", [IR_SITOFP] = "sitofp", [IR_UITOFP] = "uitofp",
  [IR_FPEXT] = "fpext", [IR_FPTRUNC] = "fptrunc", [IR_BITCAST] = "bitcast",
  [IR_PTRADD] = "ptradd", [IR_LOAD] = "load", [IR_STORE] = "store", [IR_ATOMIC] = "atomic",
  [IR_ALLOCA] = "alloca", [IR_LOCAL_VAR] = "local_var", [IR_CONST_VAR] = "const_var",
  [IR_BARRIER] = "barrier", [IR_FENCE] = "fence", [IR_CALL] = "call",
  [IR_BR] = "br", [IR_CBR] = "cbr", [IR_RET] = "ret", [IR_UNREACHABLE] = "unreachable",
  [IR_PHI] = "phi", [IR_PRINTF_BUF] = "printf_buf",
  [IR_IMAGE_LOAD] = "image_load", [IR_IMAGE_SAMPLE] = "image_sample", [IR_IMAGE_CHAN] = "image_chan",
  [IR_IMAGE_STORE] = "image_store", [IR_IMAGE_QUERY] = "image_query",
};

static const char *const ir_pred_names[] = {
  [IR_P_EQ] = "eq", [IR_P_NE] = "ne", [IR_P_SLT] = "slt", [IR_P_SLE] = "sle",
  [IR_P_SGT] = "sgt", [IR_P_SGE] = "sge", [IR_P_ULT] = "ult", [IR_P_ULE] = "ule",
  [IR_P_UGT] = "ugt", [IR_P_UGE] = "uge", [IR_P_OEQ] = "oeq", [IR_P_ONE] = "one",
  [IR_P_OLT] = "olt", [IR_P_OLE] = "ole", [IR_P_OGT] = "ogt", [IR_P_OGE] = "oge",
  [IR_P_UEQ] = "ueq", [IR_P_UNE] = "une", [IR_P_ULT_F] = "ult", [IR_P_ULE_F] = "ule",
  [IR_P_UGT_F] = "ugt", [IR_P_UGE_F] = "uge", [IR_P_ORD] = "ord", [IR_P_UNO] = "uno",
};

static const char *const ir_math_names[IR_M_COUNT] = {
  [IR_M_SQRT] = "sqrt", [IR_M_RSQRT] = "rsqrt", [IR_M_FABS] = "fabs", [IR_M_FMIN] = "fmin",
  [IR_M_FMAX] = "fmax", [IR_M_EXP] = "exp", [IR_M_EXP2] = "exp2", [IR_M_LOG] = "log",
  [IR_M_LOG2] = "log2", [IR_M_SIN] = "sin", [IR_M_COS] = "cos", [IR_M_POW] = "pow",
  [IR_M_FLOOR] = "floor", [IR_M_CEIL] = "ceil", [IR_M_TRUNC] = "trunc", [IR_M_RINT] = "rint",
  [IR_M_FMOD] = "fmod", [IR_M_NATIVE_RECIP] = "native_recip",
  [IR_M_TAN] = "tan", [IR_M_ASIN] = "asin", [IR_M_ACOS] = "acos", [IR_M_ATAN] = "atan",
  [IR_M_ATAN2] = "atan2", [IR_M_SINH] = "sinh", [IR_M_COSH] = "cosh", [IR_M_TANH] = "tanh",
  [IR_M_EXP10] = "exp10", [IR_M_LOG10] = "log10", [IR_M_LOG1P] = "log1p", [IR_M_EXPM1] = "expm1",
  [IR_M_CBRT] = "cbrt", [IR_M_HYPOT] = "hypot", [IR_M_FDIM] = "fdim", [IR_M_ASINH] = "asinh",
  [IR_M_ACOSH] = "acosh", [IR_M_ATANH] = "atanh", [IR_M_COPYSIGN] = "copysign",
  [IR_M_POPCOUNT] = "popcount", [IR_M_CLZ] = "clz", [IR_M_CTZ] = "ctz",
  [IR_M_ROUND] = "round", [IR_M_ERF] = "erf", [IR_M_ERFC] = "erfc", [IR_M_TGAMMA] = "tgamma",
  [IR_M_LOGB] = "logb", [IR_M_REMAINDER] = "remainder", [IR_M_NEXTAFTER] = "nextafter",
  [IR_M_LDEXP] = "ldexp", [IR_M_HALF2F] = "half2f", [IR_M_F2HALF_RTE] = "f2half_rte",
  [IR_M_F2HALF_RTZ] = "f2half_rtz", [IR_M_F2HALF_RTP] = "f2half_rtp",
  [IR_M_F2HALF_RTN] = "f2half_rtn", [IR_M_SINPI] = "sinpi", [IR_M_COSPI] = "cospi",
  [IR_M_TANPI] = "tanpi", [IR_M_ASINPI] = "asinpi", [IR_M_ACOSPI] = "acospi",
  [IR_M_ATANPI] = "atanpi", [IR_M_ATAN2PI] = "atan2pi", [IR_M_POWR] = "powr",
  [IR_M_POWN] = "pown", [IR_M_ROOTN] = "rootn", [IR_M_LGAMMA] = "lgamma",
  [IR_M_LGAMMA_SIGN] = "lgamma_sign", [IR_M_FREXP_MANT] = "frexp_mant",
  [IR_M_FREXP_EXP] = "frexp_exp", [IR_M_ILOGB] = "ilogb", [IR_M_REMQUO_Q] = "remquo_q",
};

static const char *const ir_atomic_names[] = {
  [IR_A_ADD] = "add", [IR_A_SUB] = "sub", [IR_A_XCHG] = "xchg", [IR_A_CMPXCHG] = "cmpxchg",
  [IR_A_SMIN] = "smin", [IR_A_SMAX] = "smax", [IR_A_UMIN] = "umin", [IR_A_UMAX] = "umax",
  [IR_A_AND] = "and", [IR_A_OR] = "or", [IR_A_XOR] = "xor", [IR_A_INC] = "inc",
  [IR_A_DEC] = "dec",
};

#define IR_NAME(tab, i) \
  ((unsigned)(i) < sizeof(tab) / sizeof(tab[0]) && tab[i] ? tab[i] : "?")

const char *ir_op_name(ir_op op) { return IR_NAME(ir_op_names, op); }

static const char *const ir_space_names[] = {"private", "global", "constant", "local"};

static void ir_print_type(fe_sb *b, ir_type t) {
  static const char *const base[] = {"void", "i1", "i8", "i16", "i32", "i64",
                                     "f16", "f32", "f64", "ptr"};
  fe_sb_printf(b, "%s", IR_NAME(base, t.base));
  if (t.base == IR_T_PTR)
    fe_sb_printf(b, ".%s", IR_NAME(ir_space_names, t.space));
}

static void ir_print_const(fe_sb *b, const ir_inst *in) {
  uint64_t v = in->imm;
  switch (in->type.base) {
  case IR_T_F32: {
    float x;
    uint32_t w = (uint32_t)v;
    memcpy(&x, &w, 4);
    fe_sb_printf(b, "%.9g (0x%08" PRIx32 ")", (double)x, w);
    return;
  }
  case IR_T_F64: {
    double x;
    memcpy(&x, &v, 8);
    fe_sb_printf(b, "%.17g (0x%016" PRIx64 ")", x, v);
    return;
  }
  case IR_T_F16: fe_sb_printf(b, "0x%04" PRIx64, v & 0xffff); return;
  case IR_T_BOOL: fe_sb_printf(b, "%s", v ? "true" : "false"); return;
  case IR_T_I8: fe_sb_printf(b, "%d", (int)(int8_t)v); return;
  case IR_T_I16: fe_sb_printf(b, "%d", (int)(int16_t)v); return;
  case IR_T_I32: fe_sb_printf(b, "%" PRId32, (int32_t)v); return;
  default: fe_sb_printf(b, "%" PRId64, (int64_t)v); return;
  }
}

static void ir_print_inst(fe_sb *b, const ir_function *f, uint32_t id) {
  const ir_inst *in = &f->insts[id];
  fe_sb_printf(b, "  ");
  if (in->type.base != IR_T_VOID) {
    fe_sb_printf(b, "%%%u:", id);
    ir_print_type(b, in->type);
    fe_sb_printf(b, " = ");
  }
  fe_sb_printf(b, "%s", ir_op_name((ir_op)in->op));
  switch ((ir_op)in->op) {
  case IR_CONST: fe_sb_printf(b, " "); ir_print_const(b, in); break;
  case IR_PARAM: case IR_CONST_VAR: fe_sb_printf(b, " %u", in->aux); break;
  case IR_LOCAL_ID: case IR_GROUP_ID: case IR_GLOBAL_ID: case IR_LOCAL_SIZE:
  case IR_GLOBAL_SIZE: case IR_NUM_GROUPS: case IR_GLOBAL_OFFSET:
    fe_sb_printf(b, " %u", in->aux);
    break;
  case IR_MATH: fe_sb_printf(b, " %s", IR_NAME(ir_math_names, in->aux)); break;
  case IR_ICMP: case IR_FCMP: fe_sb_printf(b, " %s", IR_NAME(ir_pred_names, in->aux)); break;
  case IR_ATOMIC: fe_sb_printf(b, " %s", IR_NAME(ir_atomic_names, in->aux)); break;
  case IR_ALLOCA: case IR_LOCAL_VAR:
    fe_sb_printf(b, " %" PRIu64 " align %u", in->imm, in->aux);
    break;
  case IR_BARRIER: case IR_FENCE: fe_sb_printf(b, " 0x%x", in->aux); break;
  case IR_CALL: fe_sb_printf(b, " fn%u", in->aux); break;
  case IR_IMAGE_LOAD: case IR_IMAGE_SAMPLE: case IR_IMAGE_STORE:
    fe_sb_printf(b, " %s", in->aux == 0 ? "f" : in->aux == 1 ? "i" : "u");
    break;
  case IR_IMAGE_CHAN: case IR_IMAGE_QUERY: fe_sb_printf(b, " %u", in->aux); break;
  case IR_ADD: case IR_SUB: case IR_MUL: case IR_SHL:
    if (in->aux & IR_NUW) fe_sb_printf(b, " nuw");
    if (in->aux & IR_NSW) fe_sb_printf(b, " nsw");
    break;
  default: break;
  }
  for (uint32_t i = 0; i < in->nopnd; i++) {
    fe_sb_printf(b, "%s", i ? ", " : " ");
    if (in->op == IR_PHI)
      fe_sb_printf(b, "[%%%u, bb%u]", in->opnd[i], in->phi_block ? in->phi_block[i] : IR_NONE);
    else
      fe_sb_printf(b, "%%%u", in->opnd[i]);
  }
  if (in->op == IR_LOAD || in->op == IR_STORE)
    fe_sb_printf(b, " align %u", in->aux);
  if (in->op == IR_BR && in->block < f->nblocks)
    fe_sb_printf(b, " bb%u", f->blocks[in->block].succ[0]);
  if (in->op == IR_CBR && in->block < f->nblocks)
    fe_sb_printf(b, ", bb%u, bb%u", f->blocks[in->block].succ[0], f->blocks[in->block].succ[1]);
  if (in->line || in->name) {
    fe_sb_printf(b, "    ;");
    if (in->line)
      fe_sb_printf(b, " line %u", in->line);
    if (in->name)
      fe_sb_printf(b, " %s", in->name);
  }
  fe_sb_printf(b, "\n");
}

char *ir_print_function(const ir_function *f) {
  fe_sb b = {0};
  fe_sb_printf(&b, "%s %s -> ", f->is_kernel ? "kernel" : "function", f->name ? f->name : "?");
  ir_print_type(&b, f->ret);
  fe_sb_printf(&b, "\n");
  if (f->reqd_wg_size[0])
    fe_sb_printf(&b, "  reqd_work_group_size %u %u %u\n", f->reqd_wg_size[0],
                 f->reqd_wg_size[1], f->reqd_wg_size[2]);
  for (uint32_t p = 0; p < f->nparams; p++) {
    const ir_param *pa = &f->params[p];
    fe_sb_printf(&b, "  arg%u ", p);
    ir_print_type(&b, pa->type);
    fe_sb_printf(&b, " %s", pa->name ? pa->name : "_");
    if (pa->type_name)
      fe_sb_printf(&b, " \"%s\"", pa->type_name);
    if (pa->by_value_size)
      fe_sb_printf(&b, " by_value %u", pa->by_value_size);
    fe_sb_printf(&b, "\n");
  }
  for (uint32_t bi = 0; bi < f->nblocks; bi++) {
    const ir_block *bl = &f->blocks[bi];
    fe_sb_printf(&b, "bb%u:", bi);
    if (bl->npred) {
      fe_sb_printf(&b, "  ; preds");
      for (uint32_t i = 0; i < bl->npred; i++)
        fe_sb_printf(&b, " bb%u", bl->pred[i]);
    }
    fe_sb_printf(&b, "\n");
    for (uint32_t i = 0; i < bl->ninsts; i++)
      if (bl->insts[i] < f->ninsts)
        ir_print_inst(&b, f, bl->insts[i]);
  }
  return fe_sb_take(&b);
}
