/* Control flow and the reconvergence stack, with programs written in ISA
 * text: divergent if/else, nested ifs, loops whose trip count differs per
 * lane, uniform branches, barriers (divergent ones fault), stack limits. */
#include <check.h>
#include <stdio.h>
#include <string.h>

#include "check_run.h"
#include "isa_test_util.h"

static uint64_t lanes(unsigned n) {
  return n >= 64 ? ~0ull : (1ull << n) - 1;
}

/* v0 = lane id, v3 = a sentinel that inactive lanes must keep */
static tw *setup(unsigned ws, const char *program) {
  tw *t = tw_new(ws, lanes(ws), 0);
  for (unsigned i = 0; i < ws; i++) {
    *tw_v(t, 0, i) = i;
    *tw_v(t, 3, i) = 0x5e5e;
  }
  tw_load(t, program);
  return t;
}

static const char *if_else = "  v_cmp_lt_u32 s[10:11], v0, 5\n"
                             "  s_cbranch_div s[10:11], then, else, join\n"
                             "then:\n"
                             "  v_mov_b32 v3, 100\n"
                             "  s_branch join\n"
                             "else:\n"
                             "  v_mov_b32 v3, 200\n"
                             "join:\n"
                             "  v_add_u32 v3, v3, v0   ; all lanes again\n"
                             "  s_endpgm\n";

START_TEST(test_if_else) {
  for (unsigned ws = 32; ws <= 64; ws += 32) {
    tw *t = setup(ws, if_else);
    uint64_t exec = lanes(ws - 3); /* a partial wave: the last 3 lanes hold no work-item */
    ck_assert_int_eq(tw_run(t, exec, 100), ISA_END);
    ck_assert_uint_eq(t->steps, 7); /* both sides executed */
    for (unsigned i = 0; i < ws; i++) {
      uint32_t want = i >= ws - 3 ? 0x5e5e : (i < 5 ? 100 : 200) + i;
      ck_assert_msg(*tw_v(t, 3, i) == want, "ws %u lane %u: %u", ws, i, *tw_v(t, 3, i));
    }
    ck_assert_uint_eq(t->w.sp, 1);
    ck_assert_uint_eq(t->w.exec, exec);
    /* uniform condition: no divergence, the else side is skipped */
    ck_assert_int_eq(tw_run(t, lanes(5), 100), ISA_END);
    ck_assert_uint_eq(t->steps, 6);
    ck_assert_uint_eq(*tw_v(t, 3, 4), 104);
    tw_free(t);
  }
}
END_TEST

/* s_cbranch_pred: a short if-body runs even when no lane takes it, with an
 * empty exec mask (writing nothing), then the wave goes on with its lanes;
 * with some lanes in it, it is s_cbranch_div. */
static const char *if_pred = "  v_cmp_lt_u32 s[10:11], v0, s4\n"
                             "  s_cbranch_pred s[10:11], then, join, join\n"
                             "then:\n"
                             "  v_mov_b32 v3, 100\n"
                             "join:\n"
                             "  v_add_u32 v3, v3, v0\n"
                             "  s_endpgm\n";

START_TEST(test_predicated_body) {
  tw *t = setup(32, if_pred);
  t->s[4] = 0; /* no lane takes the body: it still runs, with exec 0 */
  isa_wave_start(&t->w, lanes(32));
  ck_assert_int_eq(isa_step(&t->w), ISA_RUN);
  ck_assert_int_eq(isa_step(&t->w), ISA_RUN);
  ck_assert_uint_eq(t->w.pc, 2);
  ck_assert_uint_eq(t->w.exec, 0);
  ck_assert_uint_eq(t->w.diverged, 0);        /* the lanes go on together */
  ck_assert_int_eq(isa_step(&t->w), ISA_RUN); /* the body; reaching join restores the lanes */
  ck_assert_uint_eq(t->w.pc, 3);
  ck_assert_uint_eq(t->w.exec, lanes(32));
  ck_assert_uint_eq(t->w.sp, 1);
  ck_assert_int_eq(tw_run(t, lanes(32), 100), ISA_END);
  ck_assert_uint_eq(t->steps, 5);
  for (unsigned i = 0; i < 32; i++) ck_assert_uint_eq(*tw_v(t, 3, i), 0x5e5e + i);
  /* lanes 0-3 take it: the same results as s_cbranch_div */
  t->s[4] = 4;
  for (unsigned i = 0; i < 32; i++) *tw_v(t, 3, i) = 0x5e5e;
  ck_assert_int_eq(tw_run(t, lanes(32), 100), ISA_END);
  ck_assert_uint_eq(t->steps, 5);
  for (unsigned i = 0; i < 32; i++) ck_assert_uint_eq(*tw_v(t, 3, i), (i < 4 ? 100 : 0x5e5e) + i);
  /* every lane takes it: a plain jump */
  t->s[4] = 32;
  ck_assert_int_eq(tw_run(t, lanes(32), 100), ISA_END);
  ck_assert_uint_eq(*tw_v(t, 3, 31), 100 + 31);
  tw_free(t);
}
END_TEST

START_TEST(test_divergence_flag_and_stack) {
  tw *t = setup(32, if_else);
  isa_wave_start(&t->w, lanes(32));
  ck_assert_int_eq(isa_step(&t->w), ISA_RUN); /* cmp */
  ck_assert_uint_eq(t->w.diverged, 0);
  ck_assert_int_eq(isa_step(&t->w), ISA_RUN); /* div */
  ck_assert_uint_eq(t->w.diverged, 1);
  ck_assert_uint_eq(t->w.sp, 3);
  ck_assert_uint_eq(t->w.pc, 2); /* then */
  ck_assert_uint_eq(t->w.exec, 0x1f);
  ck_assert_uint_eq(t->w.stack[0].pc, 5); /* resumes at join */
  ck_assert_uint_eq(t->w.stack[1].pc, 4);
  ck_assert_uint_eq(t->w.stack[1].rpc, 5);
  ck_assert_uint_eq(t->w.stack[1].mask, 0xffffffe0u);
  ck_assert_int_eq(isa_step(&t->w), ISA_RUN); /* then: mov */
  ck_assert_uint_eq(t->w.diverged, 0);
  ck_assert_int_eq(isa_step(&t->w), ISA_RUN); /* branch to join: pops to else */
  ck_assert_uint_eq(t->w.sp, 2);
  ck_assert_uint_eq(t->w.pc, 4);
  ck_assert_uint_eq(t->w.exec, 0xffffffe0u);
  ck_assert_int_eq(isa_step(&t->w), ISA_RUN); /* else: mov, falls into join: pops */
  ck_assert_uint_eq(t->w.sp, 1);
  ck_assert_uint_eq(t->w.pc, 5);
  ck_assert_uint_eq(t->w.exec, 0xffffffffu);
  tw_free(t);
}
END_TEST

static const char *nested_if = "  v_cmp_lt_u32 s[10:11], v0, 16\n"
                               "  s_cbranch_div s[10:11], outer, join_outer, join_outer\n"
                               "outer:\n"
                               "  v_mov_b32 v3, 1\n"
                               "  v_and_b32 v4, v0, 1\n"
                               "  v_cmp_eq_u32 s[12:13], v4, 0\n"
                               "  s_cbranch_div s[12:13], even, odd, join_inner\n"
                               "even:\n"
                               "  v_add_u32 v3, v3, 10\n"
                               "  s_branch join_inner\n"
                               "odd:\n"
                               "  v_add_u32 v3, v3, 20\n"
                               "join_inner:\n"
                               "  v_add_u32 v3, v3, 100\n"
                               "join_outer:\n"
                               "  v_add_u32 v3, v3, 1000\n"
                               "  s_endpgm\n";

START_TEST(test_nested_if) {
  for (unsigned ws = 32; ws <= 64; ws += 32) {
    tw *t = setup(ws, nested_if);
    ck_assert_int_eq(tw_run(t, lanes(ws), 100), ISA_END);
    for (unsigned i = 0; i < ws; i++) {
      uint32_t want = i < 16 ? (i % 2 ? 1121 : 1111) : 0x5e5e + 1000;
      ck_assert_msg(*tw_v(t, 3, i) == want, "ws %u lane %u: %u", ws, i, *tw_v(t, 3, i));
    }
    ck_assert_uint_eq(t->w.sp, 1);
    tw_free(t);
  }
}
END_TEST

/* do { sum += i; i++; } while (i <= (lid & 7)); lanes leave at different
 * iterations and wait, parked, at the exit. */
static const char *do_while = "  v_mov_b32 v3, 0\n"
                              "  v_mov_b32 v4, 0\n"
                              "  v_and_b32 v5, v0, 7\n"
                              "loop:\n"
                              "  v_add_u32 v4, v4, v3\n"
                              "  v_add_u32 v3, v3, 1\n"
                              "  v_cmp_le_u32 s[10:11], v3, v5\n"
                              "  s_cbranch_div s[10:11], loop, exit, exit\n"
                              "exit:\n"
                              "  v_mul_lo_u32 v6, v4, 2\n"
                              "  s_endpgm\n";

/* while (i < lid / 4) { sum += lid; i++; }: lanes 0..3 never enter */
static const char *while_loop = "  v_mov_b32 v3, 0\n"
                                "  v_mov_b32 v4, 0\n"
                                "  v_lshr_b32 v5, v0, 2\n"
                                "head:\n"
                                "  v_cmp_lt_u32 s[10:11], v3, v5\n"
                                "  s_cbranch_div s[10:11], body, exit, exit\n"
                                "body:\n"
                                "  v_add_u32 v4, v4, v0\n"
                                "  v_add_u32 v3, v3, 1\n"
                                "  s_branch head\n"
                                "exit:\n"
                                "  s_endpgm\n";

/* a divergent if inside a divergent loop: odd iterations add 1, even add 10 */
static const char *loop_with_if = "  v_mov_b32 v3, 0\n"
                                  "  v_mov_b32 v4, 0\n"
                                  "  v_and_b32 v5, v0, 3\n"
                                  "head:\n"
                                  "  v_cmp_lt_u32 s[10:11], v3, v5\n"
                                  "  s_cbranch_div s[10:11], body, exit, exit\n"
                                  "body:\n"
                                  "  v_and_b32 v7, v3, 1\n"
                                  "  v_cmp_ne_u32 s[12:13], v7, 0\n"
                                  "  s_cbranch_div s[12:13], odd, even, latch\n"
                                  "odd:\n"
                                  "  v_add_u32 v4, v4, 1\n"
                                  "  s_branch latch\n"
                                  "even:\n"
                                  "  v_add_u32 v4, v4, 10\n"
                                  "latch:\n"
                                  "  v_add_u32 v3, v3, 1\n"
                                  "  s_branch head\n"
                                  "exit:\n"
                                  "  s_endpgm\n";

START_TEST(test_loops_per_lane_trip_count) {
  for (unsigned ws = 32; ws <= 64; ws += 32) {
    tw *t = setup(ws, do_while);
    ck_assert_int_eq(tw_run(t, lanes(ws), 1000), ISA_END);
    for (unsigned i = 0; i < ws; i++) {
      uint32_t n = i & 7;
      ck_assert_msg(*tw_v(t, 4, i) == n * (n + 1) / 2, "ws %u lane %u: %u", ws, i, *tw_v(t, 4, i));
      ck_assert_uint_eq(*tw_v(t, 6, i), n * (n + 1));
      ck_assert_uint_eq(*tw_v(t, 3, i), n + 1);
    }
    ck_assert_uint_eq(t->w.sp, 1);
    ck_assert_uint_eq(t->w.exec, lanes(ws));
    tw_free(t);

    t = setup(ws, while_loop);
    ck_assert_int_eq(tw_run(t, lanes(ws), 10000), ISA_END);
    for (unsigned i = 0; i < ws; i++)
      ck_assert_msg(*tw_v(t, 4, i) == i * (i / 4), "ws %u lane %u: %u", ws, i, *tw_v(t, 4, i));
    ck_assert_uint_eq(t->w.sp, 1);
    tw_free(t);

    t = setup(ws, loop_with_if);
    ck_assert_int_eq(tw_run(t, lanes(ws), 10000), ISA_END);
    for (unsigned i = 0; i < ws; i++) {
      static const uint32_t want[4] = {0, 10, 11, 21};
      ck_assert_msg(*tw_v(t, 4, i) == want[i & 3], "ws %u lane %u: %u", ws, i, *tw_v(t, 4, i));
    }
    ck_assert_uint_eq(t->w.sp, 1);
    tw_free(t);
  }
}
END_TEST

START_TEST(test_uniform_loop_scc) {
  tw *t = setup(32, "  s_mov_b32 s7, 0\n"
                    "  s_mov_b32 s8, 0\n"
                    "loop:\n"
                    "  s_add_u32 s8, s8, s7\n"
                    "  s_add_u32 s7, s7, 1\n"
                    "  s_cmp_lt_u32 s7, 10\n"
                    "  s_cbranch_scc1 loop\n"
                    "  s_cmp_eq_u32 s8, 45\n"
                    "  s_cbranch_scc0 bad\n"
                    "  v_mov_b32 v3, s8\n"
                    "  s_endpgm\n"
                    "bad:\n"
                    "  v_mov_b32 v3, 0\n"
                    "  s_endpgm\n");
  ck_assert_int_eq(tw_run(t, lanes(32), 1000), ISA_END);
  ck_assert_uint_eq(t->s[8], 45);
  ck_assert_uint_eq(*tw_v(t, 3, 31), 45);
  ck_assert_uint_eq(t->steps, 2 + 10 * 4 + 4);
  tw_free(t);
}
END_TEST

START_TEST(test_barriers) {
  tw *t = setup(64, "  v_cmp_lt_u32 s[10:11], v0, 3\n"
                    "  s_barrier\n"
                    "  s_cbranch_div s[10:11], then, join, join\n"
                    "then:\n"
                    "  s_barrier\n"
                    "join:\n"
                    "  s_endpgm\n");
  isa_wave_start(&t->w, lanes(64));
  ck_assert_int_eq(isa_step(&t->w), ISA_RUN);
  ck_assert_int_eq(isa_step(&t->w), ISA_BARRIER); /* uniform: wait for the group */
  ck_assert_uint_eq(t->w.pc, 2);
  ck_assert_int_eq(isa_step(&t->w), ISA_RUN);
  ck_assert_int_eq(isa_step(&t->w), ISA_FAULTED);
  ck_assert_uint_eq(t->w.fault.kind, ISA_FAULT_DIVERGENT_BARRIER);
  ck_assert_uint_eq(t->w.fault.pc, 3);
  ck_assert_uint_eq(t->w.fault.lane, 0);
  ck_assert_uint_eq(t->w.pc, 3);
  /* all lanes take the branch: no divergence, the barrier is fine */
  ck_assert_int_eq(tw_run(t, lanes(3), 10), ISA_BARRIER);
  ck_assert_int_eq(tw_run(t, lanes(3), 10), ISA_BARRIER);
  tw_free(t);
}
END_TEST

START_TEST(test_bad_pc) {
  tw *t = setup(32, "s_branch @7\n");
  ck_assert_int_eq(tw_run(t, lanes(32), 10), ISA_FAULTED);
  ck_assert_uint_eq(t->w.fault.kind, ISA_FAULT_BAD_PC);
  ck_assert_uint_eq(t->w.fault.pc, 7);
  /* running off the end of the code */
  tw_load(t, "s_nop\n");
  ck_assert_int_eq(tw_run(t, lanes(32), 10), ISA_FAULTED);
  ck_assert_uint_eq(t->w.fault.kind, ISA_FAULT_BAD_PC);
  ck_assert_uint_eq(t->w.fault.pc, 1);
  tw_free(t);
}
END_TEST

START_TEST(test_stack_limit) {
  tw *t = setup(32, "  s_cbranch_div s[10:11], a, b, c\n"
                    "a:\n"
                    "  s_cbranch_div s[10:11], a, c, c\n"
                    "b:\n"
                    "  s_nop\n"
                    "c:\n"
                    "  s_endpgm\n");
  t->s[10] = 1;
  t->s[11] = 0;
  /* two pushes need two free entries */
  isa_wave_start(&t->w, lanes(32));
  t->w.sp = ISA_SIMT_DEPTH - 1;
  for (unsigned k = 0; k < ISA_SIMT_DEPTH - 1; k++)
    t->w.stack[k] = (isa_simt_entry){0, 100 + k, lanes(32)};
  ck_assert_int_eq(isa_step(&t->w), ISA_FAULTED);
  ck_assert_uint_eq(t->w.fault.kind, ISA_FAULT_STACK_OVERFLOW);
  ck_assert_uint_eq(t->w.fault.pc, 0);
  ck_assert_uint_eq(t->w.sp, ISA_SIMT_DEPTH - 1); /* untouched */
  ck_assert_uint_eq(t->w.stack[ISA_SIMT_DEPTH - 2].pc, 0);
  /* one push fits in the last entry */
  t->w.pc = 1;
  ck_assert_int_eq(isa_step(&t->w), ISA_RUN);
  ck_assert_uint_eq(t->w.sp, ISA_SIMT_DEPTH);
  ck_assert_uint_eq(t->w.exec, 1);
  ck_assert_uint_eq(t->w.stack[ISA_SIMT_DEPTH - 2].pc, 3); /* waits at c */
  tw_free(t);
}
END_TEST

static Suite *suite(void) {
  Suite *s = suite_create("isa_simt");
  TCase *tc = tcase_create("core");
  tcase_add_test(tc, test_if_else);
  tcase_add_test(tc, test_predicated_body);
  tcase_add_test(tc, test_divergence_flag_and_stack);
  tcase_add_test(tc, test_nested_if);
  tcase_add_test(tc, test_loops_per_lane_trip_count);
  tcase_add_test(tc, test_uniform_loop_scc);
  tcase_add_test(tc, test_barriers);
  tcase_add_test(tc, test_bad_pc);
  tcase_add_test(tc, test_stack_limit);
  suite_add_tcase(s, tc);
  return s;
}

int main(void) {
  return check_run(suite());
}
