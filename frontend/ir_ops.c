/* The IR operation and math-builtin info tables, expanded from ir_ops.def and
 * ir_math.def; and the op name lookup. */
#include "ir.h"

#define IR_OP(name, text, nmin, nmax, result, aux, flags, isel)                                    \
  [IR_##name] = {text, nmin, IR_N_##nmax, IR_RES_##result, IR_AUX_##aux, (flags)},
/* nmax is a number or ANY: IR_N_<number> spells the number itself */
#define IR_N_0 0
#define IR_N_1 1
#define IR_N_2 2
#define IR_N_3 3
#define IR_N_4 4
#define IR_N_5 5
#define IR_N_8 8
const ir_opinfo ir_ops[IR_OP_COUNT] = {
#include "ir_ops.def"
};

const ir_mathinfo ir_maths[IR_M_COUNT] = {
#define IR_MATH(name, text, nopnd, flags, f32, f64) [IR_M_##name] = {text, nopnd, (flags)},
#include "ir_math.def"
};

const char *ir_op_name(ir_op op) {
  return (unsigned)op < IR_OP_COUNT && ir_ops[op].name ? ir_ops[op].name : "?";
}

_Static_assert(IR_OP_COUNT <= 1u << 16, "ir_inst.op is 16 bits");
