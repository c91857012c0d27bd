/* The generic address space (passes/generic.c) on real OpenCL C 2.0: a
 * generic pointer traced to one space compiles to exactly the code of the
 * same kernel written with named spaces (no cost), and one whose space is
 * chosen per lane is routed to the LDS, scratch and global instructions,
 * each lane getting its own space's value. Kernels are run and checked. */
#include <check.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "be.h"
#include "be_testlib.h"
#include "check_run.h"
#include "fe_front.h"
#include "isa.h"
#include "pass.h"

static isa_program *build_std(const char *src, const char *opts) {
  fe_clc_tools tools = fe_front_default_tools();
  fe_sb log = {0};
  ir_module *m = NULL;
  fe_target t = tb_target();
  fe_status st = fe_front_source(&tools, src, opts, &m, &log);
  char *l = fe_sb_take(&log), err[1024] = "";
  isa_program *p = NULL;
  if (st == FE_OK && be_compile(m, &t, &p, err, sizeof err) != 0) p = NULL;
  ck_assert_msg(p != NULL, "build (%s) failed: %s%s", opts, l ? l : "", err);
  free(l);
  if (m) ir_module_free(m);
  return p;
}

static uint32_t count_op(const isa_kernel *k, isa_opcode op) {
  uint32_t n = 0;
  for (uint32_t pc = 0; pc < k->ncode; pc++) n += k->code[pc].op == op;
  return n;
}

/* Helpers taking generic pointers (OpenCL C 2.0), called with a __local and
 * a __global array: once inlined each call's space is known, and the kernel
 * is instruction for instruction the 1.2 kernel with named-space helpers. */
START_TEST(test_generic_static_is_free) {
  const char *body = "  __local int t[64];\n"
                     "  int l = get_local_id(0);\n"
                     "  t[l] = g[l] * 2;\n"
                     "  barrier(CLK_LOCAL_MEM_FENCE);\n"
                     "  out[l] = SUML(t, (l + 1) % 62) * 1000 + SUMG(g, l);\n"
                     "}\n";
  char a[2048], b[2048];
  snprintf(a, sizeof a,
           "int sum3(int *p, int i) { return p[i] + p[i + 1] + p[i + 2]; }\n"
           "#define SUML sum3\n#define SUMG sum3\n"
           "__kernel void k(__global int *out, __global int *g) {\n%s",
           body);
  snprintf(b, sizeof b,
           "int suml(__local int *p, int i) { return p[i] + p[i + 1] + p[i + 2]; }\n"
           "int sumg(__global int *p, int i) { return p[i] + p[i + 1] + p[i + 2]; }\n"
           "#define SUML suml\n#define SUMG sumg\n"
           "__kernel void k(__global int *out, __global int *g) {\n%s",
           body);
  isa_program *pg = build_std(a, "-cl-std=CL2.0"), *pn = build_std(b, "");
  const isa_kernel *kg = &pg->kernels[0], *kn = &pn->kernels[0];
  ck_assert_uint_eq(kg->ncode, kn->ncode);
  for (uint32_t pc = 0; pc < kg->ncode; pc++) ck_assert_uint_eq(kg->code[pc].op, kn->code[pc].op);
  int g[66], out[64];
  for (int i = 0; i < 66; i++) g[i] = i * 5 - 77;
  tb_launch l = {.wave_size = 32, .local_size = 64, .groups = 1, .nbufs = 2};
  l.bufs[0] = (uint8_t *)out, l.sizes[0] = sizeof out;
  l.bufs[1] = (uint8_t *)g, l.sizes[1] = sizeof g;
  l.args[0] = TB_BUF | 0, l.args[1] = TB_BUF | 1;
  tb_run_ok(kg, &l);
  for (int i = 0; i < 64; i++) {
    int j = (i + 1) % 62;
    ck_assert_int_eq(out[i], (g[j] + g[j + 1] + g[j + 2]) * 2 * 1000 + g[i] + g[i + 1] + g[i + 2]);
  }
  isa_program_destroy(pg);
  isa_program_destroy(pn);
}
END_TEST

/* A pointer into __local, private or __global memory by lane (l % 3): the
 * one load becomes a ds_read, a scratch_load and a global_load, each run by
 * its lanes; the store through the pointer likewise. */
START_TEST(test_generic_routed_per_lane) {
  isa_program *p =
      build_std("__kernel void k(__global int *out, __global int *g) {\n"
                "  __local int t[64];\n"
                "  int pr[2];\n"
                "  int l = get_local_id(0);\n"
                "  t[l] = l * 3;\n"
                "  pr[0] = -l; pr[1] = l + 1000;\n"
                "  barrier(CLK_LOCAL_MEM_FENCE);\n"
                "  int *q = l % 3 == 0 ? (int *)&t[l ^ 1] : l % 3 == 1 ? (int *)&pr[l & 1]\n"
                "                                                      : (int *)&g[l];\n"
                "  int v = *q;\n"
                "  *q = v + 1;\n"
                "  out[l] = v * 10 + (l % 3 == 1 ? pr[l & 1] : 0);\n"
                "}\n",
                "-cl-std=CL2.0");
  const isa_kernel *k = &p->kernels[0];
  ck_assert_uint_ge(count_op(k, ISA_OP_ds_read_b32), 1);
  ck_assert_uint_ge(count_op(k, ISA_OP_scratch_load_b32), 1);
  ck_assert_uint_ge(count_op(k, ISA_OP_global_load_b32), 1);
  ck_assert_uint_ge(count_op(k, ISA_OP_ds_write_b32), 2);
  int g[64], g0[64], out[64];
  for (int i = 0; i < 64; i++) g[i] = g0[i] = 7 * i - 100;
  tb_launch l = {.wave_size = 32, .local_size = 64, .groups = 1, .nbufs = 2};
  l.bufs[0] = (uint8_t *)out, l.sizes[0] = sizeof out;
  l.bufs[1] = (uint8_t *)g, l.sizes[1] = sizeof g;
  l.args[0] = TB_BUF | 0, l.args[1] = TB_BUF | 1;
  tb_run_ok(k, &l);
  for (int i = 0; i < 64; i++) {
    int m = i % 3, v = m == 0 ? (i ^ 1) * 3 : m == 1 ? ((i & 1) ? i + 1000 : -i) : g0[i];
    ck_assert_int_eq(out[i], v * 10 + (m == 1 ? v + 1 : 0));
    ck_assert_int_eq(g[i], m == 2 ? g0[i] + 1 : g0[i]);
  }
  isa_program_destroy(p);
}
END_TEST

/* The pass itself on the reader's IR (inlined): the result passes
 * ir_validate, and no load, store or atomic is left on a generic pointer,
 * for a kernel with every kind of generic value (phi, select, stored in a
 * private array, loaded back, cast back with to_local). */
START_TEST(test_generic_ir_valid) {
  fe_clc_tools tools = fe_front_default_tools();
  fe_sb log = {0};
  ir_module *m = NULL;
  fe_status st = fe_front_source(
      &tools,
      "__kernel void k(__global int *out, __global int *g, int n) {\n"
      "  __local int t[64];\n"
      "  int pr[4], l = get_local_id(0);\n"
      "  t[l] = l; pr[l & 3] = l;\n"
      "  barrier(CLK_LOCAL_MEM_FENCE);\n"
      "  int *arr[2], *p = (int *)&g[l];\n"
      "  for (int k = 0; k < n; k++)\n"
      "    p = k % 3 == 0 ? (int *)&t[k] : k % 3 == 1 ? (int *)&pr[k & 3] : p + 1;\n"
      "  arr[l & 1] = p; arr[(l & 1) ^ 1] = (int *)&t[0];\n"
      "  int *q = arr[l & 1];\n"
      "  atomic_fetch_add((volatile atomic_int *)q, 1);\n"
      "  *q += 2;\n"
      "  __local int *lq = to_local(q);\n"
      "  out[l] = *q + (lq ? *lq : 0) + get_fence(q);\n"
      "}\n",
      "-cl-std=CL2.0", &m, &log);
  char *l = fe_sb_take(&log), err[1024] = "";
  ck_assert_msg(st == FE_OK, "%s", l ? l : "");
  free(l);
  ck_assert_int_eq(pass_inline(m, err, sizeof err), 0);
  ir_function *f = &m->fns[0];
  ck_assert_msg(pass_generic(f, err, sizeof err) == 0, "%s", err);
  ck_assert_msg(ir_validate(f, err, sizeof err) == 0, "%s", err);
  uint32_t routed = 0;
  for (uint32_t i = 0; i < f->ninsts; i++) {
    const ir_inst *in = &f->insts[i];
    if (in->block == IR_NONE) continue;
    if (in->op == IR_LOAD || in->op == IR_STORE || in->op == IR_ATOMIC) {
      ck_assert_uint_ne(f->insts[in->opnd[0]].type.space, IR_AS_GENERIC);
      routed += f->insts[in->opnd[0]].type.space == IR_AS_PRIVATE;
    }
  }
  ck_assert_uint_ge(routed, 2); /* the load and the store through q, private path */
  ir_module_free(m);
}
END_TEST

Suite *generic_suite(void);
Suite *generic_suite(void) {
  Suite *s = suite_create("generic");
  TCase *tc = tcase_create("core");
  tcase_set_timeout(tc, 120);
  tcase_add_test(tc, test_generic_static_is_free);
  tcase_add_test(tc, test_generic_routed_per_lane);
  tcase_add_test(tc, test_generic_ir_valid);
  suite_add_tcase(s, tc);
  return s;
}

int main(void) {
  return check_run(generic_suite());
}
