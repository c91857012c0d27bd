/* Instruction selection of the extended bit operations and 4x8-bit dot
 * products (IR_BFE_U, IR_BFE_S, IR_BFI, IR_DOT4 on I32): VALU instructions of
 * isa.def's bit-operation section. BITREV is an ISEL_INT row of ir_ops.def. */
#include "be_isel.h"

/* by ir_dot: [saturating][signedness] */
static const isa_opcode bits_dot_ops[2][3] = {
    [0][IR_DOT_SS] = ISA_OP_v_dot4_i32_i8,     [0][IR_DOT_UU] = ISA_OP_v_dot4_u32_u8,
    [0][IR_DOT_SU] = ISA_OP_v_dot4_i32_iu8,    [1][IR_DOT_SS] = ISA_OP_v_dot4_sat_i32_i8,
    [1][IR_DOT_UU] = ISA_OP_v_dot4_sat_u32_u8, [1][IR_DOT_SU] = ISA_OP_v_dot4_sat_i32_iu8,
};

/* VGPR r as the value of instruction i; a uniform value goes back to an SGPR
 * (there are no scalar forms, as for division: isel_int does the same). */
static void bits_def(isel *s, uint32_t i, uint32_t r) {
  if (s->bf->uni.divergent[i]) {
    isel_def(s, i, VC_V1, r);
    return;
  }
  isel_def(s, i, VC_S1,
           isel_e1(s, ISA_OP_v_readfirstlane_b32, ISA_RF_S, 1, be_vr(r), isel_none, isel_none));
}

int isel_bitops(isel *s, uint32_t i) {
  const ir_inst *in = &s->f->insts[i];
  if (in->type.base != IR_T_I32)
    return isel_fail(s, "internal compiler error: %s on a type other than int",
                     ir_op_name((ir_op)in->op));
  const uint32_t *o = in->opnd;
  uint32_t r;
  switch ((ir_op)in->op) {
  case IR_BFE_U:
  case IR_BFE_S:
    r = isel_e1(s, in->op == IR_BFE_U ? ISA_OP_v_bfe_u32 : ISA_OP_v_bfe_i32, ISA_RF_V, 1,
                isel_A(s, o[0]), isel_A(s, o[1]), isel_A(s, o[2]));
    break;
  case IR_BFI: {
    /* base, insert, offset, count: the field's mask, the insert moved to the
     * offset (only bits under the mask count, so the shift's modulo-32 count
     * is harmless), then a bitwise select */
    uint32_t m =
        isel_e1(s, ISA_OP_v_bfm_b32, ISA_RF_V, 1, isel_A(s, o[3]), isel_A(s, o[2]), isel_none);
    uint32_t x =
        isel_e1(s, ISA_OP_v_lshl_b32, ISA_RF_V, 1, isel_A(s, o[1]), isel_A(s, o[2]), isel_none);
    r = isel_e1(s, ISA_OP_v_bfi_b32, ISA_RF_V, 1, be_vr(m), be_vr(x), isel_A(s, o[0]));
    break;
  }
  case IR_DOT4:
    if ((in->aux & 3) > IR_DOT_SU || in->aux > (IR_DOT_SAT | IR_DOT_SU))
      return isel_fail(s, "internal compiler error: dot product kind %u", in->aux);
    r = isel_e1(s, bits_dot_ops[(in->aux & IR_DOT_SAT) != 0][in->aux & 3], ISA_RF_V, 1,
                isel_A(s, o[0]), isel_A(s, o[1]), isel_A(s, o[2]));
    break;
  default:
    return isel_fail(s, "internal compiler error: %s is not a bit operation",
                     ir_op_name((ir_op)in->op));
  }
  bits_def(s, i, r);
  return 0;
}
