/* Stable text form of the IR for golden tests and debugging, and the
 * predicate/atomic names (op and math names come from ir_ops.def/ir_math.def). */
#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "fe_strbuf.h"
#include "ir.h"

static const char *const ir_pred_names[] = {
  [IR_P_EQ] = "eq", [IR_P_NE] = "ne", [IR_P_SLT] = "slt", [IR_P_SLE] = "sle",
  [IR_P_SGT] = "sgt", [IR_P_SGE] = "sge", [IR_P_ULT] = "ult", [IR_P_ULE] = "ule",
  [IR_P_UGT] = "ugt", [IR_P_UGE] = "uge", [IR_P_OEQ] = "oeq", [IR_P_ONE] = "one",
  [IR_P_OLT] = "olt", [IR_P_OLE] = "ole", [IR_P_OGT] = "ogt", [IR_P_OGE] = "oge",
  [IR_P_UEQ] = "ueq", [IR_P_UNE] = "une", [IR_P_ULT_F] = "ult", [IR_P_ULE_F] = "ule",
  [IR_P_UGT_F] = "ugt", [IR_P_UGE_F] = "uge", [IR_P_ORD] = "ord", [IR_P_UNO] = "uno",
};

static const char *const ir_atomic_names[] = {
  [IR_A_ADD] = "add", [IR_A_SUB] = "sub", [IR_A_XCHG] = "xchg", [IR_A_CMPXCHG] = "cmpxchg",
  [IR_A_SMIN] = "smin", [IR_A_SMAX] = "smax", [IR_A_UMIN] = "umin", [IR_A_UMAX] = "umax",
  [IR_A_AND] = "and", [IR_A_OR] = "or", [IR_A_XOR] = "xor", [IR_A_INC] = "inc",
  [IR_A_DEC] = "dec",
};

#define IR_NAME(tab, i) \
  ((unsigned)(i) < sizeof(tab) / sizeof(tab[0]) && tab[i] ? tab[i] : "?")

static const char *const ir_space_names[] = {"private", "global", "constant", "local", "generic"};

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
  switch (in->op < IR_OP_COUNT ? (ir_auxkind)ir_ops[in->op].aux : IR_AUX_NONE) {
  case IR_AUX_IMM:
    fe_sb_printf(b, " ");
    ir_print_const(b, in);
    break;
  case IR_AUX_NUM:
    fe_sb_printf(b, " %u", in->aux);
    break;
  case IR_AUX_MATH:
    fe_sb_printf(b, " %s", in->aux < IR_M_COUNT ? ir_maths[in->aux].name : "?");
    break;
  case IR_AUX_PRED:
    fe_sb_printf(b, " %s", IR_NAME(ir_pred_names, in->aux));
    break;
  case IR_AUX_ATOMIC:
    fe_sb_printf(b, " %s", IR_NAME(ir_atomic_names, in->aux));
    break;
  case IR_AUX_ALLOC:
    fe_sb_printf(b, " %" PRIu64 " align %u", in->imm, in->aux);
    break;
  case IR_AUX_FLAGS:
    fe_sb_printf(b, " 0x%x", in->aux);
    break;
  case IR_AUX_CALLEE:
    fe_sb_printf(b, " fn%u", in->aux);
    break;
  case IR_AUX_FAMILY:
    fe_sb_printf(b, " %s", in->aux == 0 ? "f" : in->aux == 1 ? "i" : "u");
    break;
  case IR_AUX_DOT: /* ir_dot */
    fe_sb_printf(b, " %s%s", (in->aux & 3) == IR_DOT_SS   ? "ss"
                             : (in->aux & 3) == IR_DOT_UU ? "uu"
                                                          : "su",
                 in->aux & IR_DOT_SAT ? ".sat" : "");
    break;
  case IR_AUX_WRAP:
    if (in->aux & IR_NUW) fe_sb_printf(b, " nuw");
    if (in->aux & IR_NSW) fe_sb_printf(b, " nsw");
    break;
  case IR_AUX_NONE:
  case IR_AUX_ALIGN:
    break; /* ALIGN: after the operands */
  }
  for (uint32_t i = 0; i < in->nopnd; i++) {
    fe_sb_printf(b, "%s", i ? ", " : " ");
    if (in->op == IR_PHI)
      fe_sb_printf(b, "[%%%u, bb%u]", in->opnd[i], in->phi_block ? in->phi_block[i] : IR_NONE);
    else
      fe_sb_printf(b, "%%%u", in->opnd[i]);
  }
  if (in->op < IR_OP_COUNT && ir_ops[in->op].aux == IR_AUX_ALIGN)
    fe_sb_printf(b, " align %u", in->aux);
  if ((in->op == IR_LOAD || in->op == IR_ATOMIC || in->op == IR_FENCE) && in->imm)
    fe_sb_printf(b, " sync 0x%" PRIx64, in->imm);
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
