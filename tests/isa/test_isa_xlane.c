/* The cross-lane rows (isa_sem_xlane.c): the shuffles with their fallback
 * for sources outside the wave or inactive, v_set_inactive, whole-wave mode
 * and a whole reduction built from them over a partial wave, on wave32 and
 * wave64. */
#include <check.h>
#include <stdio.h>

#include "check_run.h"
#include "isa_test_util.h"

static uint64_t lanes(unsigned n) {
  return n >= 64 ? ~0ull : (1ull << n) - 1;
}

/* v0 = lane * 10, v1 = index per lane, v2 = fallback (1000 + lane), v3 = sentinel */
static tw *setup(unsigned ws) {
  tw *t = tw_new(ws, lanes(ws), 0);
  for (unsigned i = 0; i < ws; i++) {
    *tw_v(t, 0, i) = i * 10;
    *tw_v(t, 2, i) = 1000 + i;
    *tw_v(t, 3, i) = 0x5e5e;
  }
  return t;
}

START_TEST(test_shfl_indexed) {
  for (unsigned ws = 32; ws <= 64; ws += 32) {
    tw *t = setup(ws);
    for (unsigned i = 0; i < ws; i++)
      *tw_v(t, 1, i) = i % 3 == 0 ? ws - 1 - i : i % 3 == 1 ? ws + i : 5;
    t->w.exec = lanes(ws) & ~(1ull << 5); /* lane 5 inactive: reading it falls back */
    ck_assert_int_eq(tw_exec(t, "v_shfl_b32 v3, v0, v1, v2"), ISA_RUN);
    for (unsigned i = 0; i < ws; i++) {
      uint32_t want = i == 5 ? 0x5e5e : i % 3 == 0 ? (ws - 1 - i) * 10 : 1000 + i;
      ck_assert_msg(*tw_v(t, 3, i) == want, "ws %u lane %u: %u", ws, i, *tw_v(t, 3, i));
    }
    /* a uniform index (SGPR): a broadcast; dst may be the source */
    t->w.exec = lanes(ws);
    t->s[8] = 7;
    ck_assert_int_eq(tw_exec(t, "v_shfl_b32 v0, v0, s8, v2"), ISA_RUN);
    for (unsigned i = 0; i < ws; i++) ck_assert_uint_eq(*tw_v(t, 0, i), 70);
    tw_free(t);
  }
}
END_TEST

START_TEST(test_shfl_relative) {
  for (unsigned ws = 32; ws <= 64; ws += 32) {
    tw *t = setup(ws);
    ck_assert_int_eq(tw_exec(t, "v_shfl_xor_b32 v3, v0, 5, v2"), ISA_RUN);
    for (unsigned i = 0; i < ws; i++) ck_assert_uint_eq(*tw_v(t, 3, i), (i ^ 5) * 10);
    /* a mask reaching past the wave: every lane falls back */
    ck_assert_int_eq(tw_exec(t, "v_shfl_xor_b32 v3, v0, 64, v2"), ISA_RUN);
    for (unsigned i = 0; i < ws; i++) ck_assert_uint_eq(*tw_v(t, 3, i), 1000 + i);
    ck_assert_int_eq(tw_exec(t, "v_shfl_up_b32 v3, v0, 3, 77"), ISA_RUN);
    for (unsigned i = 0; i < ws; i++) ck_assert_uint_eq(*tw_v(t, 3, i), i < 3 ? 77 : (i - 3) * 10);
    ck_assert_int_eq(tw_exec(t, "v_shfl_down_b32 v3, v0, 4, v2"), ISA_RUN);
    for (unsigned i = 0; i < ws; i++)
      ck_assert_uint_eq(*tw_v(t, 3, i), i + 4 < ws ? (i + 4) * 10 : 1000 + i);
    /* an inactive source lane falls back too; inactive lanes keep dst */
    t->w.exec = lanes(ws) & ~(1ull << 2) & ~(1ull << 9);
    ck_assert_int_eq(tw_exec(t, "v_shfl_down_b32 v3, v0, 1, v2"), ISA_RUN);
    ck_assert_uint_eq(*tw_v(t, 3, 1), 1001); /* lane 2 is inactive */
    ck_assert_uint_eq(*tw_v(t, 3, 2), 60);   /* kept from the shuffle down by 4 */
    ck_assert_uint_eq(*tw_v(t, 3, 3), 40);
    tw_free(t);
  }
}
END_TEST

START_TEST(test_whole_wave_mode) {
  for (unsigned ws = 32; ws <= 64; ws += 32) {
    tw *t = setup(ws);
    uint64_t exec = lanes(ws - 7) & ~(1ull << 4);
    t->w.exec = exec;
    /* v_set_inactive writes every lane whatever exec is */
    ck_assert_int_eq(tw_exec(t, "v_set_inactive_b32 v3, v0, 99"), ISA_RUN);
    for (unsigned i = 0; i < ws; i++)
      ck_assert_uint_eq(*tw_v(t, 3, i), ((exec >> i) & 1) ? i * 10 : 99);
    ck_assert_int_eq(tw_exec(t, "s_wwm_begin s[20:21]"), ISA_RUN);
    ck_assert_uint_eq(tw_s64(t, 20), exec);
    ck_assert_uint_eq(t->w.exec, lanes(ws));
    ck_assert_int_eq(tw_exec(t, "v_add_u32 v3, v3, 1"), ISA_RUN); /* every lane */
    ck_assert_int_eq(tw_exec(t, "s_wwm_end s[20:21]"), ISA_RUN);
    ck_assert_uint_eq(t->w.exec, exec);
    for (unsigned i = 0; i < ws; i++)
      ck_assert_uint_eq(*tw_v(t, 3, i), ((exec >> i) & 1) ? i * 10 + 1 : 100);
    ck_assert_int_eq(tw_exec(t, "s_wave_barrier"), ISA_RUN); /* orders memory only */
    ck_assert_uint_eq(t->w.exec, exec);
    tw_free(t);
  }
}
END_TEST

/* The backend's reduction: identity into the inactive lanes, log2(W)
 * butterfly steps in whole-wave mode; every active lane gets the sum of the
 * active lanes' values, with holes in exec and a partial wave. */
START_TEST(test_reduction_sequence) {
  for (unsigned ws = 32; ws <= 64; ws += 32) {
    char prog[2048];
    int n = snprintf(prog, sizeof prog, "  v_set_inactive_b32 v4, v0, 0\n  s_wwm_begin s[20:21]\n");
    for (unsigned d = 1; d < ws; d <<= 1)
      n += snprintf(prog + n, sizeof prog - (size_t)n,
                    "  v_shfl_xor_b32 v5, v4, %u, 0\n  v_add_u32 v4, v4, v5\n", d);
    snprintf(prog + n, sizeof prog - (size_t)n,
             "  s_wwm_end s[20:21]\n  v_mov_b32 v3, v4\n  s_endpgm\n");
    tw *t = setup(ws);
    tw_load(t, prog);
    uint64_t exec = lanes(ws - 5) & ~(1ull << 3) & ~(1ull << 17);
    ck_assert_int_eq(tw_run(t, exec, 1000), ISA_END);
    uint32_t sum = 0;
    for (unsigned i = 0; i < ws; i++)
      if ((exec >> i) & 1) sum += i * 10;
    for (unsigned i = 0; i < ws; i++)
      ck_assert_uint_eq(*tw_v(t, 3, i), ((exec >> i) & 1) ? sum : 0x5e5e);
    ck_assert_uint_eq(t->w.exec, exec);
    tw_free(t);
  }
}
END_TEST

START_TEST(test_table) {
  ck_assert_int_eq(isa_ops[ISA_OP_v_shfl_b32].unit, ISA_UNIT_XLANE);
  ck_assert_int_eq(isa_ops[ISA_OP_v_shfl_xor_b32].unit, ISA_UNIT_XLANE);
  ck_assert_int_eq(isa_ops[ISA_OP_v_shfl_up_b32].unit, ISA_UNIT_XLANE);
  ck_assert_int_eq(isa_ops[ISA_OP_v_shfl_down_b32].unit, ISA_UNIT_XLANE);
  ck_assert(isa_ops[ISA_OP_s_wwm_begin].flags & ISA_F_EXEC);
  ck_assert(isa_ops[ISA_OP_s_wwm_end].flags & ISA_F_EXEC);
  ck_assert(isa_ops[ISA_OP_s_wave_barrier].flags & ISA_F_ORDER);
}
END_TEST

static Suite *suite(void) {
  Suite *s = suite_create("isa_xlane");
  TCase *tc = tcase_create("core");
  tcase_add_test(tc, test_shfl_indexed);
  tcase_add_test(tc, test_shfl_relative);
  tcase_add_test(tc, test_whole_wave_mode);
  tcase_add_test(tc, test_reduction_sequence);
  tcase_add_test(tc, test_table);
  suite_add_tcase(s, tc);
  return s;
}

int main(void) {
  return check_run(suite());
}
