/* Middle-end tests: analyses checked directly (post-dominators on an
 * irreducible CFG, sync and temporal divergence), inlining and its errors,
 * simplification, and the register-allocation checker. */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "be.h"
#include "be_internal.h"
#include "be_testlib.h"
#include "check_run.h"
#include "passes/pass.h"

#define I32 TB_T(IR_T_I32)
#define I64 TB_T(IR_T_I64)
#define F32 TB_T(IR_T_F32)
#define BOOL TB_T(IR_T_BOOL)
#define GPTR TB_P(IR_AS_GLOBAL)
#define VOID TB_T(IR_T_VOID)

/* entry -> A or B (divergent); A <-> B (irreducible cycle); both -> X */
START_TEST(test_postdom_irreducible) {
  ir_module *m = tb_module();
  ir_function *f = tb_kernel(m, "irr", 0, NULL);
  uint32_t A = ir_add_block(f), B = ir_add_block(f), X = ir_add_block(f);
  uint32_t lid = tb_op(f, 0, IR_LOCAL_ID, I64, 0, 0, 0, 0, 0);
  uint32_t c = tb_op(f, 0, IR_ICMP, BOOL, IR_P_ULT, 2, lid, tb_c64(f, 0, 3), 0);
  tb_cbr(f, 0, c, A, B);
  uint32_t ca = tb_op(f, A, IR_ICMP, BOOL, IR_P_ULT, 2, lid, tb_c64(f, A, 1), 0);
  tb_cbr(f, A, ca, B, X);
  uint32_t cb = tb_op(f, B, IR_ICMP, BOOL, IR_P_ULT, 2, lid, tb_c64(f, B, 2), 0);
  tb_cbr(f, B, cb, A, X);
  tb_ret(f, X);
  tb_finish(f);
  pass_dom d;
  char err[256];
  ck_assert_int_eq(pass_dom_compute(f, &d, err, sizeof err), 0);
  ck_assert_uint_eq(d.exit, X);
  ck_assert_uint_eq(d.idom[A], 0);
  ck_assert_uint_eq(d.idom[B], 0);
  ck_assert_uint_eq(d.idom[X], 0);
  ck_assert_uint_eq(d.ipdom[0], X);
  ck_assert_uint_eq(d.ipdom[A], X);
  ck_assert_uint_eq(d.ipdom[B], X);
  ck_assert_uint_eq(d.ipdom[X], IR_NONE);
  ck_assert(pass_dominates(&d, 0, X));
  ck_assert(!pass_dominates(&d, A, B));
  pass_uniformity u;
  ck_assert_int_eq(pass_uniformity_compute(f, &d, &u, err, sizeof err), 0);
  ck_assert(u.divergent_branch[0] && u.divergent_branch[A] && u.divergent_branch[B]);
  pass_uniformity_fini(&u);
  pass_dom_fini(&d);
  ir_module_free(m);
}
END_TEST

/* if (lid < 4) x = 1 else x = 2 (uniform constants, divergent branch):
 * the phi is divergent; a uniform branch's join phi stays uniform. */
START_TEST(test_uniformity_sync) {
  ir_module *m = tb_module();
  ir_type pt[1] = {I32};
  ir_function *f = tb_kernel(m, "sync", 1, pt);
  uint32_t b1 = ir_add_block(f), b2 = ir_add_block(f), b3 = ir_add_block(f);
  uint32_t u1 = ir_add_block(f), u2 = ir_add_block(f), u3 = ir_add_block(f);
  uint32_t n = tb_op(f, 0, IR_PARAM, I32, 0, 0, 0, 0, 0);
  uint32_t lid = tb_op(f, 0, IR_LOCAL_ID, I64, 0, 0, 0, 0, 0);
  uint32_t c = tb_op(f, 0, IR_ICMP, BOOL, IR_P_ULT, 2, lid, tb_c64(f, 0, 4), 0);
  tb_cbr(f, 0, c, b1, b2);
  uint32_t one = tb_op(f, b1, IR_ADD, I32, 0, 2, n, tb_c32(f, b1, 1), 0);
  tb_br(f, b1, b3);
  uint32_t two = tb_op(f, b2, IR_ADD, I32, 0, 2, n, tb_c32(f, b2, 2), 0);
  tb_br(f, b2, b3);
  uint32_t v1[2] = {one, two}, bl1[2] = {b1, b2};
  uint32_t phi = tb_phi(f, b3, I32, 2, v1, bl1);
  uint32_t cu = tb_op(f, b3, IR_ICMP, BOOL, IR_P_SLT, 2, n, tb_c32(f, b3, 9), 0);
  tb_cbr(f, b3, cu, u1, u2);
  uint32_t a1 = tb_op(f, u1, IR_MUL, I32, 0, 2, n, n, 0);
  tb_br(f, u1, u3);
  uint32_t a2 = tb_op(f, u2, IR_SUB, I32, 0, 2, n, n, 0);
  tb_br(f, u2, u3);
  uint32_t v2[2] = {a1, a2}, bl2[2] = {u1, u2};
  uint32_t phi2 = tb_phi(f, u3, I32, 2, v2, bl2);
  uint32_t sum = tb_op(f, u3, IR_ADD, I32, 0, 2, phi, phi2, 0);
  (void)sum;
  tb_ret(f, u3);
  tb_finish(f);
  pass_dom d;
  pass_uniformity u;
  char err[256];
  ck_assert_int_eq(pass_dom_compute(f, &d, err, sizeof err), 0);
  ck_assert_uint_eq(d.ipdom[0], b3);
  ck_assert_int_eq(pass_uniformity_compute(f, &d, &u, err, sizeof err), 0);
  ck_assert(u.divergent[c]);
  ck_assert(!u.divergent[one] && !u.divergent[two]);
  ck_assert(u.divergent[phi]);
  ck_assert(!u.divergent[cu]);
  ck_assert(!u.divergent_branch[b3]);
  ck_assert(!u.divergent[phi2]);
  ck_assert(u.divergent[sum]);
  pass_uniformity_fini(&u);
  pass_dom_fini(&d);
  ir_module_free(m);
}
END_TEST

/* loop { i++ } while (i < lid): i is uniform inside the loop but the value
 * seen after the loop differs per lane (temporal divergence). */
START_TEST(test_uniformity_temporal) {
  ir_module *m = tb_module();
  ir_function *f = tb_kernel(m, "temporal", 0, NULL);
  uint32_t H = ir_add_block(f), X = ir_add_block(f);
  uint32_t lid = tb_op(f, 0, IR_LOCAL_ID, I64, 0, 0, 0, 0, 0);
  uint32_t l32 = tb_op(f, 0, IR_TRUNC, I32, 0, 1, lid, 0, 0);
  uint32_t z = tb_c32(f, 0, 0);
  tb_br(f, 0, H);
  uint32_t inc = tb_op(f, H, IR_ADD, I32, 0, 2, z, tb_c32(f, H, 1), 0);
  uint32_t vals[2] = {z, inc}, bl[2] = {0, H};
  uint32_t i = tb_phi(f, H, I32, 2, vals, bl);
  f->insts[inc].opnd[0] = i;
  uint32_t k = tb_op(f, H, IR_MUL, I32, 0, 2, i, tb_c32(f, H, 3), 0); /* used after the loop */
  uint32_t c = tb_op(f, H, IR_ICMP, BOOL, IR_P_SLT, 2, inc, l32, 0);
  tb_cbr(f, H, c, H, X);
  uint32_t use = tb_op(f, X, IR_ADD, I32, 0, 2, k, tb_c32(f, X, 5), 0);
  tb_ret(f, X);
  tb_finish(f);
  pass_dom d;
  pass_uniformity u;
  char err[256];
  ck_assert_int_eq(pass_dom_compute(f, &d, err, sizeof err), 0);
  ck_assert_int_eq(pass_uniformity_compute(f, &d, &u, err, sizeof err), 0);
  /* the counter stays uniform: only values read after the loop diverge (a
   * value feeding a loop phi would drag the phi along, conservatively) */
  ck_assert(!u.divergent[i]);
  ck_assert(!u.divergent[inc]);
  ck_assert(u.divergent[k]);
  ck_assert(u.divergent[use]);
  ck_assert(u.divergent_branch[H]);
  pass_uniformity_fini(&u);
  pass_dom_fini(&d);
  ir_module_free(m);
}
END_TEST

/* for (j = 0; j < 8; j++) { if (lid & 1) continue; if (lid > j) break; }:
 * the `continue` branch reconverges only after the loop (the break path
 * avoids the latch), so lanes that continue run ahead in j while the others
 * wait: the counter must be divergent (a VGPR), not an SGPR. */
START_TEST(test_uniformity_run_ahead) {
  ir_module *m = tb_module();
  ir_function *f = tb_kernel(m, "runahead", 0, NULL);
  uint32_t H = ir_add_block(f), B = ir_add_block(f), C = ir_add_block(f), L = ir_add_block(f),
           X = ir_add_block(f);
  uint32_t lid = tb_op(f, 0, IR_LOCAL_ID, I64, 0, 0, 0, 0, 0);
  uint32_t l32 = tb_op(f, 0, IR_TRUNC, I32, 0, 1, lid, 0, 0);
  uint32_t odd = tb_op(f, 0, IR_AND, I32, 0, 2, l32, tb_c32(f, 0, 1), 0);
  uint32_t z = tb_c32(f, 0, 0);
  tb_br(f, 0, H);
  /* H: j = phi(0, j+1); if (j < 8) B else X */
  uint32_t inc = tb_op(f, L, IR_ADD, I32, 0, 2, z, tb_c32(f, L, 1), 0);
  uint32_t vals[2] = {z, inc}, bl[2] = {0, L};
  uint32_t j = tb_phi(f, H, I32, 2, vals, bl);
  f->insts[inc].opnd[0] = j;
  uint32_t lt = tb_op(f, H, IR_ICMP, BOOL, IR_P_SLT, 2, j, tb_c32(f, H, 8), 0);
  tb_cbr(f, H, lt, B, X);
  /* B: if (odd) continue (L) else C */
  uint32_t isodd = tb_op(f, B, IR_ICMP, BOOL, IR_P_NE, 2, odd, tb_c32(f, B, 0), 0);
  tb_cbr(f, B, isodd, L, C);
  /* C: if (lid > j) break (X) else L */
  uint32_t gt = tb_op(f, C, IR_ICMP, BOOL, IR_P_SGT, 2, l32, j, 0);
  tb_cbr(f, C, gt, X, L);
  tb_br(f, L, H);
  tb_ret(f, X);
  tb_finish(f);
  pass_dom d;
  pass_uniformity u;
  char err[256];
  ck_assert_int_eq(pass_dom_compute(f, &d, err, sizeof err), 0);
  ck_assert_int_eq(pass_uniformity_compute(f, &d, &u, err, sizeof err), 0);
  ck_assert(u.divergent_branch[B]);
  ck_assert_uint_eq(d.ipdom[B], X); /* reconverges after the loop */
  ck_assert(u.divergent[j]);
  ck_assert(u.divergent[inc]);
  pass_uniformity_fini(&u);
  pass_dom_fini(&d);
  ir_module_free(m);
}
END_TEST

/* sq(x) = x * x called twice; a second function calls sq. */
START_TEST(test_inline) {
  ir_module *m = tb_module();
  ir_type pt[1] = {GPTR}, it[1] = {I32};
  tb_kernel(m, "k", 1, pt);
  ir_function *sq = tb_function(m, "sq", 1, it, I32);
  uint32_t x = tb_op(sq, 0, IR_PARAM, I32, 0, 0, 0, 0, 0);
  uint32_t r = tb_op(sq, 0, IR_MUL, I32, 0, 2, x, x, 0);
  tb_op(sq, 0, IR_RET, VOID, 0, 1, r, 0, 0);
  tb_finish(sq);
  ir_function *f = &m->fns[0];
  uint32_t out = tb_op(f, 0, IR_PARAM, GPTR, 0, 0, 0, 0, 0);
  uint32_t lid = tb_op(f, 0, IR_LOCAL_ID, I64, 0, 0, 0, 0, 0);
  uint32_t l32 = tb_op(f, 0, IR_TRUNC, I32, 0, 1, lid, 0, 0);
  uint32_t c1 = tb_op(f, 0, IR_CALL, I32, 1, 1, l32, 0, 0);
  uint32_t c2 = tb_op(f, 0, IR_CALL, I32, 1, 1, c1, 0, 0);
  tb_op(f, 0, IR_STORE, VOID, 4, 2, tb_index(f, 0, out, lid, 4), c2, 0);
  tb_ret(f, 0);
  tb_finish(f);
  char err[256];
  ck_assert_int_eq(pass_inline(m, err, sizeof err), 0);
  ck_assert_uint_eq(m->nfns, 1);
  f = &m->fns[0];
  int calls = 0, muls = 0;
  for (uint32_t b = 0; b < f->nblocks; b++)
    for (uint32_t j = 0; j < f->blocks[b].ninsts; j++) {
      calls += f->insts[f->blocks[b].insts[j]].op == IR_CALL;
      muls += f->insts[f->blocks[b].insts[j]].op == IR_MUL;
    }
  ck_assert_int_eq(calls, 0);
  ck_assert_int_eq(muls, 3); /* two inlined squares + the index scaling */
  ck_assert_int_eq(pass_simplify(f, err, sizeof err), 0);
  /* run it: out[lid] = lid^4 */
  fe_target t = tb_target();
  isa_program *p = NULL;
  ck_assert_msg(be_compile(m, &t, &p, err, sizeof err) == 0, "%s", err);
  int32_t o[16];
  tb_launch l = {.wave_size = 32, .local_size = 16, .groups = 1, .nbufs = 1};
  l.bufs[0] = (uint8_t *)o, l.sizes[0] = sizeof o, l.args[0] = TB_BUF | 0;
  ck_assert_msg(tb_run(&p->kernels[0], &l, err, sizeof err) == 0, "%s", err);
  for (int q = 0; q < 16; q++) ck_assert_int_eq(o[q], q * q * q * q);
  isa_program_destroy(p);
  ir_module_free(m);
}
END_TEST

/* A kernel with a __local variable ("callee.t", 256 bytes) called twice by a
 * kernel with its own ("caller.m", 128 bytes): the two inlined copies of
 * callee.t merge into one variable in the caller's entry block, so the caller
 * needs 384 bytes of LDS and the callee launched alone 256. The caller stores
 * through one copy and loads through the other: out[lid] = lid. */
static uint32_t tb_local_var(ir_function *f, const char *name, uint64_t bytes) {
  uint32_t v = tb_op(f, 0, IR_LOCAL_VAR, TB_P(IR_AS_LOCAL), 4, 0, 0, 0, 0);
  f->insts[v].imm = bytes;
  f->insts[v].name = name;
  return v;
}

START_TEST(test_inline_local_vars) {
  ir_module *m = tb_module();
  ir_type pt[2] = {GPTR, I32};
  ir_function *g = tb_kernel(m, "callee", 2, pt);
  uint32_t out = tb_op(g, 0, IR_PARAM, GPTR, 0, 0, 0, 0, 0);
  uint32_t phase = tb_op(g, 0, IR_PARAM, I32, 1, 0, 0, 0, 0);
  uint32_t t = tb_local_var(g, "callee.t", 256);
  uint32_t lid = tb_op(g, 0, IR_LOCAL_ID, I64, 0, 0, 0, 0, 0);
  uint32_t l32 = tb_op(g, 0, IR_TRUNC, I32, 0, 1, lid, 0, 0);
  uint32_t st = ir_add_block(g), ld = ir_add_block(g), done = ir_add_block(g);
  uint32_t c = tb_op(g, 0, IR_ICMP, BOOL, IR_P_EQ, 2, phase, tb_c32(g, 0, 0), 0);
  tb_cbr(g, 0, c, st, ld);
  tb_op(g, st, IR_STORE, VOID, 4, 2, tb_index(g, st, t, lid, 4), l32, 0);
  tb_br(g, st, done);
  uint32_t v = tb_op(g, ld, IR_LOAD, I32, 4, 1, tb_index(g, ld, t, lid, 4), 0, 0);
  tb_op(g, ld, IR_STORE, VOID, 4, 2, tb_index(g, ld, out, lid, 4), v, 0);
  tb_br(g, ld, done);
  tb_ret(g, done);
  tb_finish(g);
  ir_function *f = tb_kernel(m, "caller", 1, pt);
  uint32_t fo = tb_op(f, 0, IR_PARAM, GPTR, 0, 0, 0, 0, 0);
  uint32_t mv = tb_local_var(f, "caller.m", 128);
  uint32_t flid = tb_op(f, 0, IR_LOCAL_ID, I64, 0, 0, 0, 0, 0);
  tb_op(f, 0, IR_STORE, VOID, 4, 2, tb_index(f, 0, mv, flid, 4), tb_c32(f, 0, 7), 0);
  uint32_t call1 = tb_op(f, 0, IR_CALL, VOID, 0, 2, fo, tb_c32(f, 0, 0), 0);
  tb_op(f, 0, IR_BARRIER, VOID, 1, 0, 0, 0, 0);
  uint32_t call2 = tb_op(f, 0, IR_CALL, VOID, 0, 2, fo, tb_c32(f, 0, 1), 0);
  (void)call1, (void)call2;
  tb_ret(f, 0);
  tb_finish(f);
  char err[256];
  ck_assert_int_eq(pass_inline(m, err, sizeof err), 0);
  ck_assert_uint_eq(m->nfns, 2);
  f = &m->fns[1];
  uint32_t nvars = 0;
  for (uint32_t b = 0; b < f->nblocks; b++)
    for (uint32_t j = 0; j < f->blocks[b].ninsts; j++)
      if (f->insts[f->blocks[b].insts[j]].op == IR_LOCAL_VAR) {
        nvars++;
        ck_assert_uint_eq(b, 0); /* hoisted to the entry block */
      }
  ck_assert_uint_eq(nvars, 2);
  fe_target tg = tb_target();
  isa_program *p = NULL;
  ck_assert_msg(be_compile(m, &tg, &p, err, sizeof err) == 0, "%s", err);
  ck_assert_uint_eq(p->kernels[0].lds_bytes, 256);
  ck_assert_uint_eq(p->kernels[1].lds_bytes, 384);
  int32_t o[16] = {0};
  tb_launch l = {.wave_size = 32, .local_size = 16, .groups = 1, .nbufs = 1};
  l.bufs[0] = (uint8_t *)o, l.sizes[0] = sizeof o, l.args[0] = TB_BUF | 0;
  ck_assert_msg(tb_run(&p->kernels[1], &l, err, sizeof err) == 0, "%s", err);
  for (int q = 0; q < 16; q++) ck_assert_int_eq(o[q], q);
  isa_program_destroy(p);
  ir_module_free(m);
}
END_TEST

START_TEST(test_inline_recursion_error) {
  ir_module *m = tb_module();
  ir_type it[1] = {I32};
  ir_function *f = tb_kernel(m, "k", 0, NULL);
  ir_function *g = tb_function(m, "fact", 1, it, I32);
  uint32_t x = tb_op(g, 0, IR_PARAM, I32, 0, 0, 0, 0, 0);
  uint32_t r = tb_op(g, 0, IR_CALL, I32, 1, 1, x, 0, 0);
  g->insts[r].line = 42;
  tb_op(g, 0, IR_RET, VOID, 0, 1, r, 0, 0);
  tb_finish(g);
  f = &m->fns[0];
  tb_op(f, 0, IR_CALL, I32, 1, 1, tb_c32(f, 0, 3), 0, 0);
  tb_ret(f, 0);
  tb_finish(f);
  char err[256];
  ck_assert_int_eq(pass_inline(m, err, sizeof err), -1);
  ck_assert_str_eq(err, "test.cl:42: recursive call to 'fact' from 'fact' (OpenCL C forbids recursion; "
                        "rewrite it as a loop)");
  ir_module_free(m);
}
END_TEST

START_TEST(test_double_error) {
  ir_module *m = tb_module();
  ir_type pt[1] = {GPTR};
  ir_function *f = tb_kernel(m, "d", 1, pt);
  uint32_t p = tb_op(f, 0, IR_PARAM, GPTR, 0, 0, 0, 0, 0);
  uint32_t v = tb_op(f, 0, IR_LOAD, TB_T(IR_T_F64), 8, 1, p, 0, 0);
  f->insts[v].line = 7;
  tb_op(f, 0, IR_STORE, VOID, 8, 2, p, v, 0);
  tb_ret(f, 0);
  tb_finish(f);
  fe_target t = tb_target();
  isa_program *prog = NULL;
  char err[256];
  /* doubles are selected now (cl_khr_fp64): a double copy is a 64-bit load/store */
  ck_assert_int_eq(be_compile(m, &t, &prog, err, sizeof err), 0);
  ck_assert_ptr_nonnull(prog);
  isa_program_destroy(prog);
  ir_module_free(m);
}
END_TEST

/* 64-bit division has vector instructions; a 64-bit IR mulhi has none (the
 * reader expands mul_hi(ulong) into 32-bit partial products instead). */
START_TEST(test_mulhi64_error) {
  ir_module *m = tb_module();
  ir_type pt[1] = {GPTR};
  ir_function *f = tb_kernel(m, "d", 1, pt);
  uint32_t p = tb_op(f, 0, IR_PARAM, GPTR, 0, 0, 0, 0, 0);
  uint32_t v = tb_op(f, 0, IR_LOAD, I64, 8, 1, p, 0, 0);
  uint32_t q = tb_op(f, 0, IR_MULHI_U, I64, 0, 2, v, tb_c64(f, 0, 3), 0);
  f->insts[q].line = 9;
  tb_op(f, 0, IR_STORE, VOID, 8, 2, p, q, 0);
  tb_ret(f, 0);
  tb_finish(f);
  fe_target t = tb_target();
  isa_program *prog = NULL;
  char err[256];
  ck_assert_int_eq(be_compile(m, &t, &prog, err, sizeof err), -1);
  ck_assert_str_eq(err, "test.cl:9: 64-bit integer 'mulhi_u' is not supported yet (use 32-bit operands)");
  ir_module_free(m);
}
END_TEST

START_TEST(test_simplify_fold) {
  ir_module *m = tb_module();
  ir_type pt[1] = {GPTR};
  ir_function *f = tb_kernel(m, "s", 1, pt);
  uint32_t b1 = ir_add_block(f), b2 = ir_add_block(f);
  uint32_t p = tb_op(f, 0, IR_PARAM, GPTR, 0, 0, 0, 0, 0);
  uint32_t a = tb_op(f, 0, IR_ADD, I32, 0, 2, tb_c32(f, 0, 2), tb_c32(f, 0, 3), 0);
  uint32_t c = tb_op(f, 0, IR_ICMP, BOOL, IR_P_SGT, 2, a, tb_c32(f, 0, 4), 0);
  tb_cbr(f, 0, c, b1, b2);
  tb_op(f, b1, IR_STORE, VOID, 4, 2, p, a, 0);
  tb_ret(f, b1);
  tb_op(f, b2, IR_STORE, VOID, 4, 2, p, tb_c32(f, b2, 0), 0);
  tb_ret(f, b2);
  tb_finish(f);
  char err[256];
  ck_assert_int_eq(pass_simplify(f, err, sizeof err), 0);
  ck_assert_uint_eq(f->nblocks, 2); /* the false side is gone */
  ck_assert_uint_eq(f->insts[a].op, IR_CONST);
  ck_assert_uint_eq(f->insts[a].imm, 5);
  ck_assert_int_eq(pass_normalize_cfg(f, err, sizeof err), 0);
  ir_module_free(m);
}
END_TEST

/* Program-scope __constant data: the module's blob is copied into the
 * kernel, a hidden 8-byte kernarg slot follows the user arguments (not in
 * args[]), and the variable is that slot's address plus its blob offset. */
START_TEST(test_simplify_reassoc) {
  /* (x + 1) + 0xffffffff -> x + 0 (wrapping), and (x + 1) + 2 -> x + 3; the
   * inner add dies when nothing else uses it */
  ir_module *m = tb_module();
  ir_type pt[2] = {GPTR, I32};
  ir_function *f = tb_kernel(m, "r", 2, pt);
  uint32_t p = tb_op(f, 0, IR_PARAM, GPTR, 0, 0, 0, 0, 0);
  uint32_t x = tb_op(f, 0, IR_PARAM, I32, 1, 0, 0, 0, 0);
  uint32_t a1 = tb_op(f, 0, IR_ADD, I32, 0, 2, x, tb_c32(f, 0, 1), 0);
  uint32_t a2 = tb_op(f, 0, IR_ADD, I32, 0, 2, tb_c32(f, 0, 2), a1, 0);
  uint32_t a3 = tb_op(f, 0, IR_ADD, I32, 0, 2, a1, tb_c32(f, 0, 0xffffffffu), 0);
  tb_op(f, 0, IR_STORE, VOID, 4, 2, p, a2, 0);
  tb_op(f, 0, IR_STORE, VOID, 4, 2, p, a3, 0);
  tb_ret(f, 0);
  tb_finish(f);
  char err[256];
  ck_assert_int_eq(pass_simplify(f, err, sizeof err), 0);
  ck_assert_uint_eq(f->insts[a2].opnd[0], x);
  ck_assert_uint_eq(f->insts[f->insts[a2].opnd[1]].imm, 3);
  ck_assert_uint_eq(f->insts[a3].opnd[0], x);
  ck_assert_uint_eq(f->insts[f->insts[a3].opnd[1]].imm, 0);
  ck_assert_uint_eq(f->insts[a1].block, IR_NONE); /* dead */
  ir_module_free(m);
}
END_TEST

START_TEST(test_const_var_data) {
  ir_module *m = tb_module();
  static const uint8_t a_bytes[3] = {7, 8, 9};
  static const uint8_t b_bytes[8] = {1, 0, 0, 0, 2, 0, 0, 0};
  m->consts = calloc(2, sizeof(ir_const_data));
  m->nconsts = 2;
  m->consts[0].bytes = malloc(3), memcpy(m->consts[0].bytes, a_bytes, 3);
  m->consts[0].size = 3, m->consts[0].align = 1;
  m->consts[1].bytes = malloc(8), memcpy(m->consts[1].bytes, b_bytes, 8);
  m->consts[1].size = 8, m->consts[1].align = 4;
  m->consts[0].space = m->consts[1].space = IR_AS_CONSTANT;
  ir_type pt[2] = {GPTR, I32};
  ir_function *f = tb_kernel(m, "cv", 2, pt);
  uint32_t p = tb_op(f, 0, IR_PARAM, GPTR, 0, 0, 0, 0, 0);
  uint32_t cv = tb_op(f, 0, IR_CONST_VAR, TB_P(IR_AS_CONSTANT), 1, 0, 0, 0, 0);
  f->insts[cv].name = "table";
  uint32_t v = tb_op(f, 0, IR_LOAD, I32, 4, 1, cv, 0, 0);
  tb_op(f, 0, IR_STORE, VOID, 4, 2, p, v, 0);
  tb_ret(f, 0);
  tb_finish(f);
  fe_target t = tb_target();
  isa_program *prog = NULL;
  char *isa = NULL;
  char err[256];
  ck_assert_int_eq(be_compile_dump(m, &t, &prog, NULL, &isa, err, sizeof err), 0);
  const isa_kernel *k = &prog->kernels[0];
  ck_assert_uint_eq(k->nargs, 2); /* the hidden slot is no user argument */
  const isa_segment *cs = &prog->segs[ISA_SEG_CONSTANT];
  ck_assert_uint_eq(cs->size, 16); /* 3 bytes, pad to 4, 8 bytes, round to 16 */
  ck_assert_uint_eq(prog->segs[ISA_SEG_GLOBAL].size, 0);
  ck_assert_uint_eq(k->nhidden, 1);
  ck_assert_uint_eq(k->hidden[0].kind, ISA_HIDDEN_CONSTANT_SEGMENT);
  ck_assert_uint_eq(k->hidden[0].offset, 16);
  ck_assert_uint_eq(k->kernarg_bytes, 24);
  ck_assert_int_eq(memcmp(cs->data, a_bytes, 3), 0);
  ck_assert_int_eq(memcmp(cs->data + 4, b_bytes, 8), 0);
  ck_assert_ptr_nonnull(strstr(isa, "hidden constant_segment at kernarg offset 16"));
  ck_assert_ptr_nonnull(strstr(isa, "], offset:16\n")); /* s_load of the hidden slot */
  ck_assert_ptr_nonnull(strstr(isa, "s_add_u64")); /* + the variable's blob offset */
  free(isa);
  isa_program_destroy(prog);
  ir_module_free(m);
}
END_TEST

/* __global and __constant program-scope variables go to their own segments,
 * a pointer between them becomes a relocation naming the target's segment,
 * and the kernel gets one hidden argument per segment it names. */
START_TEST(test_global_var_segments) {
  ir_module *m = tb_module();
  m->consts = calloc(2, sizeof(ir_const_data));
  m->nconsts = 2;
  m->consts[0].bytes = calloc(8, 1); /* __constant int c[2] */
  m->consts[0].size = 8, m->consts[0].align = 4, m->consts[0].space = IR_AS_CONSTANT;
  m->consts[1].bytes = calloc(16, 1); /* __global struct { int x; __constant int *p; } */
  m->consts[1].size = 16, m->consts[1].align = 8, m->consts[1].space = IR_AS_GLOBAL;
  m->consts[1].bytes[0] = 42;
  m->consts[1].relocs = calloc(1, sizeof(ir_const_reloc));
  m->consts[1].relocs[0] = (ir_const_reloc){8, 0, 4}; /* p = &c[1] */
  m->consts[1].nrelocs = 1;
  ir_type pt[1] = {GPTR};
  ir_function *f = tb_kernel(m, "gv", 1, pt);
  uint32_t p = tb_op(f, 0, IR_PARAM, GPTR, 0, 0, 0, 0, 0);
  uint32_t cv = tb_op(f, 0, IR_CONST_VAR, TB_P(IR_AS_CONSTANT), 0, 0, 0, 0, 0);
  uint32_t gv = tb_op(f, 0, IR_CONST_VAR, GPTR, 1, 0, 0, 0, 0);
  uint32_t a = tb_op(f, 0, IR_LOAD, I32, 4, 1, cv, 0, 0);
  uint32_t b = tb_op(f, 0, IR_LOAD, I32, 4, 1, gv, 0, 0);
  uint32_t sum = tb_op(f, 0, IR_ADD, I32, 0, 2, a, b, 0);
  tb_op(f, 0, IR_STORE, VOID, 4, 2, gv, sum, 0);
  tb_op(f, 0, IR_STORE, VOID, 4, 2, p, sum, 0);
  tb_ret(f, 0);
  tb_finish(f);
  fe_target t = tb_target();
  isa_program *prog = NULL;
  char err[256];
  ck_assert_msg(be_compile(m, &t, &prog, err, sizeof err) == 0, "%s", err);
  const isa_segment *cs = &prog->segs[ISA_SEG_CONSTANT], *gs = &prog->segs[ISA_SEG_GLOBAL];
  ck_assert_uint_eq(cs->size, 16); /* 8 bytes rounded to 16 */
  ck_assert_uint_eq(gs->size, 16);
  ck_assert_uint_eq(gs->data[0], 42);
  ck_assert_uint_eq(gs->nrelocs, 1);
  ck_assert_uint_eq(gs->relocs[0].at, 8);
  ck_assert_uint_eq(gs->relocs[0].seg, ISA_SEG_CONSTANT);
  ck_assert_uint_eq(gs->data[8], 4); /* c's offset 0 in its segment plus 4 */
  ck_assert_uint_eq(cs->nrelocs, 0);
  const isa_kernel *k = &prog->kernels[0];
  ck_assert_uint_eq(k->nhidden, 2);
  ck_assert_uint_eq(isa_kernel_hidden(k, ISA_HIDDEN_CONSTANT_SEGMENT)->offset, 8);
  ck_assert_uint_eq(isa_kernel_hidden(k, ISA_HIDDEN_GLOBAL_SEGMENT)->offset, 16);
  ck_assert_ptr_null(isa_kernel_hidden(k, ISA_HIDDEN_PRINTF_BUFFER));
  ck_assert_uint_eq(k->kernarg_bytes, 24);
  isa_program_destroy(prog);
  ir_module_free(m);
}
END_TEST

/* A kernel without program-scope constants gets no hidden slot. */
START_TEST(test_const_var_unused) {
  ir_module *m = tb_module();
  m->consts = calloc(1, sizeof(ir_const_data));
  m->nconsts = 1;
  m->consts[0].bytes = calloc(4, 1);
  m->consts[0].size = 4, m->consts[0].align = 4;
  ir_type pt[1] = {GPTR};
  ir_function *f = tb_kernel(m, "nocv", 1, pt);
  tb_op(f, 0, IR_PARAM, GPTR, 0, 0, 0, 0, 0);
  tb_ret(f, 0);
  tb_finish(f);
  fe_target t = tb_target();
  isa_program *prog = NULL;
  char err[256];
  ck_assert_int_eq(be_compile(m, &t, &prog, err, sizeof err), 0);
  ck_assert_uint_eq(prog->kernels[0].nhidden, 0);
  ck_assert_uint_eq(prog->segs[ISA_SEG_CONSTANT].size, 16); /* the program's, used or not */
  ck_assert_uint_eq(prog->kernels[0].kernarg_bytes, 8);
  isa_program_destroy(prog);
  ir_module_free(m);
}
END_TEST

/* udiv/urem by a power of two become a shift/mask (64-bit size_t math has
 * no divider in the backend). */
START_TEST(test_udiv_pow2) {
  ir_module *m = tb_module();
  ir_type pt[1] = {I64};
  ir_function *f = tb_kernel(m, "d", 1, pt);
  uint32_t p = tb_op(f, 0, IR_PARAM, I64, 0, 0, 0, 0, 0);
  uint32_t gp = tb_op(f, 0, IR_BITCAST, GPTR, 0, 1, p, 0, 0);
  uint32_t c8 = tb_c64(f, 0, 8);
  uint32_t c6 = tb_c64(f, 0, 6);
  uint32_t q = tb_op(f, 0, IR_UDIV, I64, 0, 2, p, c8, 0);
  uint32_t r = tb_op(f, 0, IR_UREM, I64, 0, 2, q, c8, 0);
  uint32_t n = tb_op(f, 0, IR_UDIV, I64, 0, 2, r, c6, 0); /* not a power of two: kept */
  tb_op(f, 0, IR_STORE, VOID, 8, 2, gp, n, 0);
  tb_ret(f, 0);
  tb_finish(f);
  char err[256];
  ck_assert_int_eq(pass_simplify(f, err, sizeof err), 0);
  ck_assert_uint_eq(f->insts[q].op, IR_LSHR);
  ck_assert_uint_eq(f->insts[f->insts[q].opnd[1]].imm, 3);
  ck_assert_uint_eq(f->insts[r].op, IR_AND);
  ck_assert_uint_eq(f->insts[f->insts[r].opnd[1]].imm, 7);
  ck_assert_uint_eq(f->insts[n].op, IR_UDIV);
  ck_assert_uint_eq(f->insts[0].op, IR_PARAM); /* new constants go after the params */
  ir_module_free(m);
}
END_TEST

/* The kernel of test_sgpr_spill: n * (i + 3) for 32 values i, each used by
 * a chain in order and by one in reverse order, so about half of them are
 * live at once however the code is scheduled. */
static ir_module *many_uniforms(void) {
  ir_module *m = tb_module();
  ir_type pt[2] = {GPTR, I32};
  ir_function *f = tb_kernel(m, "many", 2, pt);
  uint32_t p = tb_op(f, 0, IR_PARAM, GPTR, 0, 0, 0, 0, 0);
  uint32_t n = tb_op(f, 0, IR_PARAM, I32, 1, 0, 0, 0, 0);
  uint32_t v[32];
  for (uint32_t i = 0; i < 32; i++) v[i] = tb_op(f, 0, IR_MUL, I32, 0, 2, n, tb_c32(f, 0, i + 3), 0);
  uint32_t s = v[0], r = v[31];
  for (uint32_t i = 1; i < 32; i++) s = tb_op(f, 0, IR_ADD, I32, 0, 2, s, v[i], 0);
  for (uint32_t i = 31; i-- > 0;) r = tb_op(f, 0, IR_XOR, I32, 0, 2, r, v[i], 0);
  tb_op(f, 0, IR_STORE, VOID, 4, 2, p, tb_op(f, 0, IR_SUB, I32, 0, 2, s, r, 0), 0);
  tb_ret(f, 0);
  tb_finish(f);
  return m;
}

/* More uniform values live at once than SGPRs: they are spilled to lanes of
 * a VGPR (v_writelane / v_readlane), the kernel stays within the SGPR limit,
 * the slot VGPR counts toward its VGPRs, and the result is right. */
START_TEST(test_sgpr_spill) {
  ir_module *m = many_uniforms();
  fe_target t = tb_target();
  t.max_sgprs = 12;
  isa_program *prog = NULL;
  char err[400];
  ck_assert_msg(be_compile(m, &t, &prog, err, sizeof err) == 0, "%s", err);
  const isa_kernel *k = &prog->kernels[0];
  ck_assert_uint_le(k->nsgprs, 12);
  uint32_t writes = 0, reads = 0, slot = UINT32_MAX;
  for (uint32_t pc = 0; pc < k->ncode; pc++) {
    if (k->code[pc].op == ISA_OP_v_writelane_b32) writes++, slot = k->code[pc].dst.reg;
    if (k->code[pc].op == ISA_OP_v_readlane_b32) reads++;
  }
  ck_assert_uint_gt(writes, 0);
  ck_assert_uint_gt(reads, 0);
  ck_assert_uint_gt(k->nvgprs, slot);     /* the slot VGPR is counted */
  ck_assert_uint_eq(k->private_bytes, 0); /* no scratch: lanes only */
  int32_t o[1] = {0};
  tb_launch l = {.wave_size = 32, .local_size = 32, .groups = 2, .nbufs = 1};
  l.bufs[0] = (uint8_t *)o, l.sizes[0] = sizeof o, l.args[0] = TB_BUF | 0, l.args[1] = 5;
  ck_assert_msg(tb_run(k, &l, err, sizeof err) == 0, "%s", err);
  uint32_t s = 0, r = 5u * 34u;
  for (uint32_t i = 0; i < 32; i++) s += 5u * (i + 3);
  for (uint32_t i = 31; i-- > 0;) r ^= 5u * (i + 3);
  ck_assert_int_eq(o[0], (int32_t)(s - r));
  isa_program_destroy(prog);
  ir_module_free(m);
}
END_TEST

/* Too few SGPRs for the ABI registers and one instruction's operands: even
 * spilling cannot help, and the error names the kernel, the limit and the fix. */
START_TEST(test_sgpr_limit_error) {
  ir_module *m = many_uniforms();
  fe_target t = tb_target();
  t.max_sgprs = 2;
  isa_program *prog = NULL;
  char err[400];
  ck_assert_int_eq(be_compile(m, &t, &prog, err, sizeof err), -1);
  ck_assert_str_eq(err,
                   "test.cl: kernel 'many' cannot be register-allocated within 2 SGPRs even with "
                   "SGPR spilling (one instruction's operands and the ABI registers need more: "
                   "raise the device's max_sgprs)");
  ck_assert_ptr_null(prog);
  ir_module_free(m);
}
END_TEST

/* Many values live at once with a tiny VGPR budget: spills to scratch, and
 * the checker confirms no two live values share a register. */
START_TEST(test_regalloc_spill) {
  ir_module *m = tb_module();
  ir_type pt[1] = {GPTR};
  ir_function *f = tb_kernel(m, "spill", 1, pt);
  uint32_t out = tb_op(f, 0, IR_PARAM, GPTR, 0, 0, 0, 0, 0);
  uint32_t lid = tb_op(f, 0, IR_LOCAL_ID, I64, 0, 0, 0, 0, 0);
  uint32_t l32 = tb_op(f, 0, IR_TRUNC, I32, 0, 1, lid, 0, 0);
  enum { N = 20 };
  uint32_t v[N];
  for (uint32_t i = 0; i < N; i++) v[i] = tb_op(f, 0, IR_MUL, I32, 0, 2, l32, tb_c32(f, 0, i + 1), 0);
  /* a chain in order and one in reverse: about N/2 values live at once
   * however the code is scheduled (subtractions, which do not fuse with the
   * multiplies into v_mad_u32 as additions would) */
  uint32_t s = v[0], r = v[N - 1];
  for (uint32_t i = 1; i < N; i++) s = tb_op(f, 0, i & 1 ? IR_XOR : IR_SUB, I32, 0, 2, s, v[i], 0);
  for (uint32_t i = N - 1; i-- > 0;) r = tb_op(f, 0, IR_SUB, I32, 0, 2, r, v[i], 0);
  s = tb_op(f, 0, IR_XOR, I32, 0, 2, s, r, 0);
  tb_op(f, 0, IR_STORE, VOID, 4, 2, tb_index(f, 0, out, lid, 4), s, 0);
  tb_ret(f, 0);
  tb_finish(f);
  fe_target t = tb_target();
  t.max_vgprs = 8;
  isa_program *p = NULL;
  char err[512];
  ck_assert_msg(be_compile(m, &t, &p, err, sizeof err) == 0, "%s", err);
  const isa_kernel *k = &p->kernels[0];
  ck_assert_uint_le(k->nvgprs, 8);
  ck_assert_uint_gt(k->private_bytes, 0);
  int32_t o[32];
  tb_launch l = {.wave_size = 32, .local_size = 32, .groups = 1, .nbufs = 1};
  l.bufs[0] = (uint8_t *)o, l.sizes[0] = sizeof o, l.args[0] = TB_BUF | 0;
  ck_assert_msg(tb_run(k, &l, err, sizeof err) == 0, "%s", err);
  for (int q = 0; q < 32; q++) {
    int32_t e = q;
    int32_t back = q * N;
    for (int i = 1; i < N; i++) e = (i & 1) ? (e ^ (q * (i + 1))) : (e - q * (i + 1));
    for (int i = N - 1; i-- > 0;) back -= q * (i + 1);
    ck_assert_int_eq(o[q], e ^ back);
  }
  isa_program_destroy(p);
  ir_module_free(m);
}
END_TEST

/* The checker itself catches a bad allocation. */
START_TEST(test_regalloc_verify_detects) {
  be_func bf;
  memset(&bf, 0, sizeof bf);
  ir_module *m = tb_module();
  ir_function *f = tb_kernel(m, "v", 0, NULL);
  tb_ret(f, 0);
  tb_finish(f);
  char err[256];
  ck_assert_int_eq(pass_dom_compute(f, &bf.dom, err, sizeof err), 0);
  ck_assert_int_eq(pass_uniformity_compute(f, &bf.dom, &bf.uni, err, sizeof err), 0);
  bf.f = f;
  bf.nblocks = 1;
  bf.blocks = calloc(1, sizeof(be_mblock));
  uint32_t a = be_new_vreg(&bf, ISA_RF_V, 1), b = be_new_vreg(&bf, ISA_RF_V, 1), c = be_new_vreg(&bf, ISA_RF_V, 1);
  be_mi *mi = be_emit(&bf, 0, ISA_OP_v_mov_b32, 1);
  mi->dst = be_vr(a), mi->src[0] = be_imm(1);
  mi = be_emit(&bf, 0, ISA_OP_v_mov_b32, 2);
  mi->dst = be_vr(b), mi->src[0] = be_imm(2);
  mi = be_emit(&bf, 0, ISA_OP_v_add_u32, 3);
  mi->dst = be_vr(c), mi->src[0] = be_vr(a), mi->src[1] = be_vr(b);
  bf.vregs[a].phys = 3, bf.vregs[b].phys = 4, bf.vregs[c].phys = 3;
  ck_assert_int_eq(be_regalloc_verify(&bf, err, sizeof err), 0);
  bf.vregs[b].phys = 3;
  ck_assert_int_eq(be_regalloc_verify(&bf, err, sizeof err), -1);
  ck_assert_str_eq(err, "block 0 inst 1: vregs 0 and 1 share v3");
  be_func_fini(&bf);
  ir_module_free(m);
}
END_TEST

Suite *passes_suite(void);
Suite *passes_suite(void) {
  Suite *s = suite_create("passes");
  TCase *tc = tcase_create("analyses");
  tcase_add_test(tc, test_postdom_irreducible);
  tcase_add_test(tc, test_uniformity_sync);
  tcase_add_test(tc, test_uniformity_temporal);
  tcase_add_test(tc, test_uniformity_run_ahead);
  tcase_add_test(tc, test_inline);
  tcase_add_test(tc, test_inline_local_vars);
  tcase_add_test(tc, test_inline_recursion_error);
  tcase_add_test(tc, test_double_error);
  tcase_add_test(tc, test_mulhi64_error);
  tcase_add_test(tc, test_simplify_fold);
  tcase_add_test(tc, test_simplify_reassoc);
  tcase_add_test(tc, test_const_var_data);
  tcase_add_test(tc, test_const_var_unused);
  tcase_add_test(tc, test_global_var_segments);
  tcase_add_test(tc, test_udiv_pow2);
  tcase_add_test(tc, test_sgpr_spill);
  tcase_add_test(tc, test_sgpr_limit_error);
  tcase_add_test(tc, test_regalloc_spill);
  tcase_add_test(tc, test_regalloc_verify_detects);
  suite_add_tcase(s, tc);
  return s;
}

int main(void) {
  return check_run(passes_suite());
}
