/* Backend tests: small kernels built as IR, compiled, compared with golden
 * ISA listings and run on isa_step with exact results. */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "be.h"
#include "be_testlib.h"
#include "check_run.h"
#include "isa.h"

#define I32 TB_T(IR_T_I32)
#define I64 TB_T(IR_T_I64)
#define F32 TB_T(IR_T_F32)
#define BOOL TB_T(IR_T_BOOL)
#define GPTR TB_P(IR_AS_GLOBAL)

static isa_program *compile_golden(ir_module *m, const char *golden, fe_target t) {
  isa_program *p = NULL;
  char *irt = NULL, *isat = NULL, err[512];
  int rc = be_compile_dump(m, &t, &p, &irt, &isat, err, sizeof err);
  ck_assert_msg(rc == 0, "compile failed: %s", err);
  if (golden) ck_assert_msg(tb_golden("golden", golden, isat) == 0, "golden %s differs", golden);
  free(irt);
  free(isat);
  ir_module_free(m);
  return p;
}

/* c[gid] = a[gid] + b[gid] */
static ir_module *build_vadd(void) {
  ir_module *m = tb_module();
  ir_type pt[3] = {GPTR, GPTR, GPTR};
  ir_function *f = tb_kernel(m, "vadd", 3, pt);
  uint32_t a = tb_op(f, 0, IR_PARAM, GPTR, 0, 0, 0, 0, 0);
  uint32_t b = tb_op(f, 0, IR_PARAM, GPTR, 1, 0, 0, 0, 0);
  uint32_t c = tb_op(f, 0, IR_PARAM, GPTR, 2, 0, 0, 0, 0);
  uint32_t gid = tb_op(f, 0, IR_GLOBAL_ID, I64, 0, 0, 0, 0, 0);
  uint32_t x = tb_op(f, 0, IR_LOAD, F32, 4, 1, tb_index(f, 0, a, gid, 4), 0, 0);
  uint32_t y = tb_op(f, 0, IR_LOAD, F32, 4, 1, tb_index(f, 0, b, gid, 4), 0, 0);
  uint32_t s = tb_op(f, 0, IR_FADD, F32, 0, 2, x, y, 0);
  tb_op(f, 0, IR_STORE, TB_T(IR_T_VOID), 4, 2, tb_index(f, 0, c, gid, 4), s, 0);
  tb_ret(f, 0);
  tb_finish(f);
  return m;
}

START_TEST(test_vadd) {
  isa_program *p = compile_golden(build_vadd(), "vadd", tb_target());
  const isa_kernel *k = &p->kernels[0];
  ck_assert_uint_eq(k->nargs, 3);
  ck_assert_uint_eq(k->args[2].offset, 16);
  ck_assert_uint_eq(k->args[2].kind, ISA_ARG_GLOBAL_PTR);
  ck_assert_uint_eq(k->kernarg_bytes, 24);
  float a[100], b[100], c[100];
  for (int i = 0; i < 100; i++) {
    a[i] = (float)i * 0.5f;
    b[i] = 1000.0f - (float)i;
    c[i] = -1;
  }
  tb_launch l = {.wave_size = 32, .local_size = 50, .groups = 2, .nbufs = 3};
  l.bufs[0] = (uint8_t *)a, l.bufs[1] = (uint8_t *)b, l.bufs[2] = (uint8_t *)c;
  l.sizes[0] = l.sizes[1] = l.sizes[2] = sizeof a;
  l.args[0] = TB_BUF | 0, l.args[1] = TB_BUF | 1, l.args[2] = TB_BUF | 2;
  char err[256];
  ck_assert_msg(tb_run(k, &l, err, sizeof err) == 0, "%s", err);
  for (int i = 0; i < 100; i++) ck_assert_float_eq(c[i], a[i] + b[i]);
  isa_program_destroy(p);
}
END_TEST

/* out[lid] = lid < 5 ? lid * 2 : lid + 100, through a divergent if/else */
static ir_module *build_ifelse(void) {
  ir_module *m = tb_module();
  ir_type pt[1] = {GPTR};
  ir_function *f = tb_kernel(m, "ifelse", 1, pt);
  uint32_t b1 = ir_add_block(f), b2 = ir_add_block(f), b3 = ir_add_block(f);
  uint32_t out = tb_op(f, 0, IR_PARAM, GPTR, 0, 0, 0, 0, 0);
  uint32_t lid = tb_op(f, 0, IR_LOCAL_ID, I64, 0, 0, 0, 0, 0);
  uint32_t l32 = tb_op(f, 0, IR_TRUNC, I32, 0, 1, lid, 0, 0);
  uint32_t c = tb_op(f, 0, IR_ICMP, BOOL, IR_P_SLT, 2, l32, tb_c32(f, 0, 5), 0);
  tb_cbr(f, 0, c, b1, b2);
  uint32_t t = tb_op(f, b1, IR_MUL, I32, 0, 2, l32, tb_c32(f, b1, 2), 0);
  tb_br(f, b1, b3);
  uint32_t e = tb_op(f, b2, IR_ADD, I32, 0, 2, l32, tb_c32(f, b2, 100), 0);
  tb_br(f, b2, b3);
  uint32_t vals[2] = {t, e}, blks[2] = {b1, b2};
  uint32_t r = tb_phi(f, b3, I32, 2, vals, blks);
  tb_op(f, b3, IR_STORE, TB_T(IR_T_VOID), 4, 2, tb_index(f, b3, out, lid, 4), r, 0);
  tb_ret(f, b3);
  tb_finish(f);
  return m;
}

START_TEST(test_ifelse) {
  isa_program *p = compile_golden(build_ifelse(), "ifelse", tb_target());
  int32_t out[40];
  memset(out, 0xff, sizeof out);
  tb_launch l = {.wave_size = 32, .local_size = 40, .groups = 1, .nbufs = 1};
  l.bufs[0] = (uint8_t *)out, l.sizes[0] = sizeof out, l.args[0] = TB_BUF | 0;
  char err[256];
  ck_assert_msg(tb_run(&p->kernels[0], &l, err, sizeof err) == 0, "%s", err);
  for (int i = 0; i < 40; i++) ck_assert_int_eq(out[i], i < 5 ? i * 2 : i + 100);
  isa_program_destroy(p);
}
END_TEST

/* out[gid] = sum of a[0..n) : a loop with a uniform trip count */
static ir_module *build_uloop(void) {
  ir_module *m = tb_module();
  ir_type pt[3] = {GPTR, GPTR, I32};
  ir_function *f = tb_kernel(m, "uloop", 3, pt);
  uint32_t b1 = ir_add_block(f), b2 = ir_add_block(f), b3 = ir_add_block(f);
  uint32_t a = tb_op(f, 0, IR_PARAM, GPTR, 0, 0, 0, 0, 0);
  uint32_t out = tb_op(f, 0, IR_PARAM, GPTR, 1, 0, 0, 0, 0);
  uint32_t n = tb_op(f, 0, IR_PARAM, I32, 2, 0, 0, 0, 0);
  uint32_t gid = tb_op(f, 0, IR_GLOBAL_ID, I64, 0, 0, 0, 0, 0);
  uint32_t z = tb_c32(f, 0, 0), zf = tb_cf(f, 0, 0.0f);
  tb_br(f, 0, b1);
  uint32_t i1 = tb_op(f, b2, IR_ADD, I32, 0, 0, 0, 0, 0); /* operands set below */
  uint32_t acc1 = tb_op(f, b2, IR_FADD, F32, 0, 0, 0, 0, 0);
  uint32_t vi[2] = {z, i1}, va[2] = {zf, acc1}, bl[2] = {0, b2};
  uint32_t i = tb_phi(f, b1, I32, 2, vi, bl), acc = tb_phi(f, b1, F32, 2, va, bl);
  uint32_t c = tb_op(f, b1, IR_ICMP, BOOL, IR_P_SLT, 2, i, n, 0);
  tb_cbr(f, b1, c, b2, b3);
  /* body: rebuild b2 in order */
  f->blocks[b2].ninsts = 0;
  uint32_t ie = tb_op(f, b2, IR_SEXT, I64, 0, 1, i, 0, 0);
  uint32_t x = tb_op(f, b2, IR_LOAD, F32, 4, 1, tb_index(f, b2, a, ie, 4), 0, 0);
  ir_inst *ai = &f->insts[acc1];
  ai->nopnd = 2;
  ai->opnd = realloc(ai->opnd, 2 * sizeof(uint32_t));
  ai->opnd[0] = acc, ai->opnd[1] = x;
  uint32_t one = tb_c32(f, b2, 1);
  ir_inst *ii = &f->insts[i1];
  ii->nopnd = 2;
  ii->opnd = realloc(ii->opnd, 2 * sizeof(uint32_t));
  ii->opnd[0] = i, ii->opnd[1] = one;
  /* place acc1, i1 after their operands */
  ir_block *bb = &f->blocks[b2];
  bb->insts[bb->ninsts++] = acc1;
  bb->insts[bb->ninsts++] = i1;
  tb_br(f, b2, b1);
  tb_op(f, b3, IR_STORE, TB_T(IR_T_VOID), 4, 2, tb_index(f, b3, out, gid, 4), acc, 0);
  tb_ret(f, b3);
  tb_finish(f);
  return m;
}

START_TEST(test_uniform_loop) {
  isa_program *p = compile_golden(build_uloop(), "uloop", tb_target());
  float a[10], out[64];
  for (int i = 0; i < 10; i++) a[i] = (float)(i + 1);
  tb_launch l = {.wave_size = 32, .local_size = 64, .groups = 1, .nbufs = 2};
  l.bufs[0] = (uint8_t *)a, l.sizes[0] = sizeof a, l.bufs[1] = (uint8_t *)out, l.sizes[1] = sizeof out;
  l.args[0] = TB_BUF | 0, l.args[1] = TB_BUF | 1, l.args[2] = 7;
  char err[256];
  ck_assert_msg(tb_run(&p->kernels[0], &l, err, sizeof err) == 0, "%s", err);
  for (int i = 0; i < 64; i++) ck_assert_float_eq(out[i], 28.0f);
  isa_program_destroy(p);
}
END_TEST

/* out[lid] = sum of i for i < lid: per-lane trip count (divergent exit,
 * temporal divergence of the accumulator) */
static ir_module *build_dloop(void) {
  ir_module *m = tb_module();
  ir_type pt[1] = {GPTR};
  ir_function *f = tb_kernel(m, "dloop", 1, pt);
  uint32_t b1 = ir_add_block(f), b2 = ir_add_block(f), b3 = ir_add_block(f);
  uint32_t out = tb_op(f, 0, IR_PARAM, GPTR, 0, 0, 0, 0, 0);
  uint32_t lid = tb_op(f, 0, IR_LOCAL_ID, I64, 0, 0, 0, 0, 0);
  uint32_t l32 = tb_op(f, 0, IR_TRUNC, I32, 0, 1, lid, 0, 0);
  uint32_t z = tb_c32(f, 0, 0), one = tb_c32(f, 0, 1);
  tb_br(f, 0, b1);
  /* b2 body first so the phis can name its values */
  uint32_t acc1 = tb_op(f, b2, IR_ADD, I32, 0, 2, z, z, 0);
  uint32_t i1 = tb_op(f, b2, IR_ADD, I32, 0, 2, z, one, 0);
  tb_br(f, b2, b1);
  uint32_t vi[2] = {z, i1}, va[2] = {z, acc1}, bl[2] = {0, b2};
  uint32_t i = tb_phi(f, b1, I32, 2, vi, bl), acc = tb_phi(f, b1, I32, 2, va, bl);
  f->insts[acc1].opnd[0] = acc, f->insts[acc1].opnd[1] = i;
  f->insts[i1].opnd[0] = i;
  uint32_t c = tb_op(f, b1, IR_ICMP, BOOL, IR_P_SLT, 2, i, l32, 0);
  tb_cbr(f, b1, c, b2, b3);
  tb_op(f, b3, IR_STORE, TB_T(IR_T_VOID), 4, 2, tb_index(f, b3, out, lid, 4), acc, 0);
  tb_ret(f, b3);
  tb_finish(f);
  return m;
}

START_TEST(test_divergent_loop) {
  isa_program *p = compile_golden(build_dloop(), "dloop", tb_target());
  int32_t out[64];
  memset(out, 0xff, sizeof out);
  tb_launch l = {.wave_size = 32, .local_size = 64, .groups = 1, .nbufs = 1};
  l.bufs[0] = (uint8_t *)out, l.sizes[0] = sizeof out, l.args[0] = TB_BUF | 0;
  char err[256];
  ck_assert_msg(tb_run(&p->kernels[0], &l, err, sizeof err) == 0, "%s", err);
  for (int i = 0; i < 64; i++) ck_assert_int_eq(out[i], i * (i - 1) / 2);
  isa_program_destroy(p);
}
END_TEST

/* tmp[lid] = in[gid]; barrier; out[gid] = tmp[lsize - 1 - lid] */
static ir_module *build_lds(void) {
  ir_module *m = tb_module();
  ir_type pt[2] = {GPTR, GPTR};
  ir_function *f = tb_kernel(m, "reverse", 2, pt);
  f->uniform_wg = 1; /* as OpenCL C 1.2 builds it: get_local_size is the enqueued size */
  uint32_t in = tb_op(f, 0, IR_PARAM, GPTR, 0, 0, 0, 0, 0);
  uint32_t out = tb_op(f, 0, IR_PARAM, GPTR, 1, 0, 0, 0, 0);
  uint32_t lv = tb_op(f, 0, IR_LOCAL_VAR, TB_P(IR_AS_LOCAL), 4, 0, 0, 0, 0);
  f->insts[lv].imm = 256;
  uint32_t lid = tb_op(f, 0, IR_LOCAL_ID, I64, 0, 0, 0, 0, 0);
  uint32_t gid = tb_op(f, 0, IR_GLOBAL_ID, I64, 0, 0, 0, 0, 0);
  uint32_t x = tb_op(f, 0, IR_LOAD, F32, 4, 1, tb_index(f, 0, in, gid, 4), 0, 0);
  tb_op(f, 0, IR_STORE, TB_T(IR_T_VOID), 4, 2, tb_index(f, 0, lv, lid, 4), x, 0);
  tb_op(f, 0, IR_BARRIER, TB_T(IR_T_VOID), 1, 0, 0, 0, 0);
  uint32_t ls = tb_op(f, 0, IR_LOCAL_SIZE, I64, 0, 0, 0, 0, 0);
  uint32_t t = tb_op(f, 0, IR_SUB, I64, 0, 2, ls, tb_c64(f, 0, 1), 0);
  uint32_t idx = tb_op(f, 0, IR_SUB, I64, 0, 2, t, lid, 0);
  uint32_t y = tb_op(f, 0, IR_LOAD, F32, 4, 1, tb_index(f, 0, lv, idx, 4), 0, 0);
  tb_op(f, 0, IR_STORE, TB_T(IR_T_VOID), 4, 2, tb_index(f, 0, out, gid, 4), y, 0);
  tb_ret(f, 0);
  tb_finish(f);
  return m;
}

START_TEST(test_lds_barrier) {
  isa_program *p = compile_golden(build_lds(), "reverse", tb_target());
  ck_assert_uint_eq(p->kernels[0].lds_bytes, 256);
  float in[128], out[128];
  for (int i = 0; i < 128; i++) in[i] = (float)i;
  tb_launch l = {.wave_size = 32, .local_size = 64, .groups = 2, .nbufs = 2};
  l.bufs[0] = (uint8_t *)in, l.sizes[0] = sizeof in, l.bufs[1] = (uint8_t *)out, l.sizes[1] = sizeof out;
  l.args[0] = TB_BUF | 0, l.args[1] = TB_BUF | 1;
  char err[256];
  ck_assert_msg(tb_run(&p->kernels[0], &l, err, sizeof err) == 0, "%s", err);
  for (int g = 0; g < 2; g++)
    for (int i = 0; i < 64; i++) ck_assert_float_eq(out[g * 64 + i], in[g * 64 + 63 - i]);
  isa_program_destroy(p);
}
END_TEST

/* out[gid] = atomic_add(counter, 1) */
static ir_module *build_atomic(void) {
  ir_module *m = tb_module();
  ir_type pt[2] = {GPTR, GPTR};
  ir_function *f = tb_kernel(m, "count", 2, pt);
  uint32_t cnt = tb_op(f, 0, IR_PARAM, GPTR, 0, 0, 0, 0, 0);
  uint32_t out = tb_op(f, 0, IR_PARAM, GPTR, 1, 0, 0, 0, 0);
  uint32_t gid = tb_op(f, 0, IR_GLOBAL_ID, I64, 0, 0, 0, 0, 0);
  uint32_t old = tb_op(f, 0, IR_ATOMIC, I32, IR_A_ADD, 2, cnt, tb_c32(f, 0, 1), 0);
  tb_op(f, 0, IR_STORE, TB_T(IR_T_VOID), 4, 2, tb_index(f, 0, out, gid, 4), old, 0);
  tb_ret(f, 0);
  tb_finish(f);
  return m;
}

START_TEST(test_atomic) {
  isa_program *p = compile_golden(build_atomic(), "count", tb_target());
  int32_t cnt[1] = {0}, out[96];
  tb_launch l = {.wave_size = 32, .local_size = 48, .groups = 2, .nbufs = 2};
  l.bufs[0] = (uint8_t *)cnt, l.sizes[0] = sizeof cnt, l.bufs[1] = (uint8_t *)out, l.sizes[1] = sizeof out;
  l.args[0] = TB_BUF | 0, l.args[1] = TB_BUF | 1;
  char err[256];
  ck_assert_msg(tb_run(&p->kernels[0], &l, err, sizeof err) == 0, "%s", err);
  ck_assert_int_eq(cnt[0], 96);
  int seen[96] = {0};
  for (int i = 0; i < 96; i++) {
    ck_assert(out[i] >= 0 && out[i] < 96);
    seen[out[i]]++;
  }
  for (int i = 0; i < 96; i++) ck_assert_int_eq(seen[i], 1);
  isa_program_destroy(p);
}
END_TEST

Suite *be_suite(void);
Suite *be_suite(void) {
  Suite *s = suite_create("backend");
  TCase *tc = tcase_create("kernels");
  tcase_add_test(tc, test_vadd);
  tcase_add_test(tc, test_ifelse);
  tcase_add_test(tc, test_uniform_loop);
  tcase_add_test(tc, test_divergent_loop);
  tcase_add_test(tc, test_lds_barrier);
  tcase_add_test(tc, test_atomic);
  suite_add_tcase(s, tc);
  return s;
}

int main(void) {
  return check_run(be_suite());
}
