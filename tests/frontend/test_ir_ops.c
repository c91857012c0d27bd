/* The IR operation tables derived from ir_ops.def and ir_math.def: names,
 * operand counts, flags and the OpenCL.std mapping are consistent, and the
 * validator enforces the operand counts and result types they state. */
#include <check.h>
#include <stdlib.h>
#include <string.h>

#include "check_run.h"
#include "ir.h"
#include "spv_internal.h"
#include "spv_tables.h"

START_TEST(test_op_table) {
  const uint32_t known = IR_OF_TERM | IR_OF_SIDE_EFFECT | IR_OF_DIVERGENT | IR_OF_COMM;
  for (unsigned op = 0; op < IR_OP_COUNT; op++) {
    const ir_opinfo *o = &ir_ops[op];
    ck_assert_msg(o->name && o->name[0], "op %u has no name", op);
    ck_assert_str_eq(ir_op_name((ir_op)op), o->name);
    for (unsigned k = 0; k < op; k++)
      ck_assert_msg(strcmp(ir_ops[k].name, o->name), "ops %u and %u are both '%s'", k, op, o->name);
    /* operands are an array: 8 is the widest fixed form (image_store) */
    ck_assert_msg(o->nmin <= 8 && (o->nmax == IR_N_ANY || (o->nmax <= 8 && o->nmin <= o->nmax)),
                  "%s: operand count %u..%u out of range", o->name, o->nmin, o->nmax);
    ck_assert_msg(o->result <= IR_RES_ANY && o->aux <= IR_AUX_DOT, "%s: bad result/aux", o->name);
    ck_assert_msg(!(o->flags & ~known), "%s: unknown flags 0x%x", o->name, o->flags);
    if (o->flags & IR_OF_TERM)
      ck_assert_msg((o->flags & IR_OF_SIDE_EFFECT) && o->result == IR_RES_VOID,
                    "%s: a terminator is void and never deleted", o->name);
    if (o->flags & IR_OF_COMM)
      ck_assert_msg(o->nmin == 2 && o->nmax == 2, "%s: commutative needs two operands", o->name);
  }
  ck_assert_str_eq(ir_op_name(IR_OP_COUNT), "?");
  /* facts other code relies on */
  ck_assert_str_eq(ir_ops[IR_ADD].name, "add");
  ck_assert_uint_eq(ir_ops[IR_SELECT].nmin, 3);
  ck_assert(ir_ops[IR_LOAD].flags & IR_OF_DIVERGENT);
  ck_assert(!(ir_ops[IR_LOAD].flags & IR_OF_SIDE_EFFECT));
  ck_assert_uint_eq(ir_ops[IR_PHI].nmax, IR_N_ANY);
}
END_TEST

START_TEST(test_math_table) {
  for (unsigned m = 0; m < IR_M_COUNT; m++) {
    const ir_mathinfo *x = &ir_maths[m];
    ck_assert_msg(x->name && x->name[0], "math %u has no name", m);
    for (unsigned k = 0; k < m; k++)
      ck_assert_msg(strcmp(ir_maths[k].name, x->name), "maths %u and %u are both '%s'", k, m,
                    x->name);
    ck_assert_msg(x->nopnd >= ir_ops[IR_MATH].nmin && x->nopnd <= ir_ops[IR_MATH].nmax,
                  "%s: %u operands, IR_MATH takes %u..%u", x->name, x->nopnd, ir_ops[IR_MATH].nmin,
                  ir_ops[IR_MATH].nmax);
    if (x->flags & IR_MF_I32_SRC1)
      ck_assert_msg(x->nopnd >= 2, "%s: an I32 second operand needs two", x->name);
  }
  ck_assert_uint_eq(ir_maths[IR_M_FMIN].nopnd, 2);
  ck_assert(ir_maths[IR_M_LDEXP].flags & IR_MF_I32_SRC1);
}
END_TEST

/* Every OpenCL.std entry is a real extended instruction, mapped once, to an
 * op or math builtin that exists. */
START_TEST(test_clstd_map) {
  ck_assert_uint_gt(spv_clstd_nmap, 100);
  unsigned nop = 0, nmath = 0;
  for (size_t k = 0; k < spv_clstd_nmap; k++) {
    const spv_xmap *e = &spv_clstd_map[k];
    ck_assert_msg(spv_clstd_name(e->num) != NULL, "entry %zu: OpenCL.std %u unknown", k, e->num);
    for (size_t j = 0; j < k; j++)
      ck_assert_msg(spv_clstd_map[j].num != e->num, "OpenCL.std %s mapped twice",
                    spv_clstd_name(e->num));
    if (e->kind == XK_OP) {
      ck_assert_msg(e->op < IR_OP_COUNT, "%s: op %u", spv_clstd_name(e->num), e->op);
      ck_assert_msg(ir_ops[e->op].result == IR_RES_VALUE && ir_ops[e->op].nmax != IR_N_ANY,
                    "%s: maps to %s, not an operation on values", spv_clstd_name(e->num),
                    ir_ops[e->op].name);
      nop++;
    }
    if (e->kind == XK_MATH) {
      ck_assert_msg(e->op < IR_M_COUNT, "%s: math %u", spv_clstd_name(e->num), e->op);
      nmath++;
    }
  }
  ck_assert_uint_gt(nop, 0);
  ck_assert_uint_gt(nmath, 0);
}
END_TEST

/* const; x = op(...); ret: the validator accepts it, then each broken shape
 * is reported with the op's name. */
START_TEST(test_validate_shapes) {
  ir_function f;
  memset(&f, 0, sizeof f);
  f.name = strdup("shapes"); /* ir_function_fini frees it */
  ir_type i32 = {.base = IR_T_I32}, f32 = {.base = IR_T_F32}, vd = {.base = IR_T_VOID};
  uint32_t b = ir_add_block(&f);
  uint32_t c = ir_const(&f, b, i32, 7), x = ir_const(&f, b, f32, 0x3f800000u);
  uint32_t add = ir_append(&f, b, IR_ADD, i32, 2, (uint32_t[]){c, c});
  uint32_t mth = ir_append(&f, b, IR_MATH, f32, 1, (uint32_t[]){x});
  f.insts[mth].aux = IR_M_SQRT;
  ir_append(&f, b, IR_RET, vd, 0, NULL);
  char err[256];
  ck_assert_int_eq(ir_validate(&f, err, sizeof err), 0);
  f.insts[add].nopnd = 1;
  ck_assert_int_eq(ir_validate(&f, err, sizeof err), -1);
  ck_assert_msg(strstr(err, "(add): 1 operands, needs 2"), "%s", err);
  f.insts[add].nopnd = 2;
  f.insts[add].type = vd;
  ck_assert_int_eq(ir_validate(&f, err, sizeof err), -1);
  ck_assert_msg(strstr(err, "(add): result type void"), "%s", err);
  f.insts[add].type = i32;
  f.insts[mth].aux = IR_M_POW;
  ck_assert_int_eq(ir_validate(&f, err, sizeof err), -1);
  ck_assert_msg(strstr(err, "math pow needs 2"), "%s", err);
  f.insts[mth].aux = IR_M_SQRT;
  ck_assert_int_eq(ir_validate(&f, err, sizeof err), 0);
  ir_function_fini(&f);
}
END_TEST

static Suite *ir_ops_suite(void) {
  Suite *s = suite_create("ir_ops");
  TCase *tc = tcase_create("core");
  tcase_add_test(tc, test_op_table);
  tcase_add_test(tc, test_math_table);
  tcase_add_test(tc, test_clstd_map);
  tcase_add_test(tc, test_validate_shapes);
  suite_add_tcase(s, tc);
  return s;
}

int main(void) {
  return check_run(ir_ops_suite());
}
