/* 64-bit atomics (global_atomic_*_64 / ds_atomic_*_64): register-pair data and
 * results, lane-ordered collisions, signed vs unsigned min/max, faults. */
#include <check.h>
#include <string.h>

#include "check_run.h"
#include "isa_test_util.h"

enum { BASE = 0x20000, SIZE = 256 };

typedef struct gmem {
  uint8_t b[SIZE];
  isa_region r;
  isa_memmap map;
} gmem;

static void gmem_init(gmem *g, tw *t) {
  memset(g->b, 0, SIZE);
  g->r = (isa_region){BASE, SIZE, g->b};
  g->map = (isa_memmap){&g->r, 1};
  t->w.global = &g->map;
}

static void set64(tw *t, unsigned reg, unsigned lane, uint64_t v) {
  *tw_v(t, reg, lane) = (uint32_t)v;
  *tw_v(t, reg + 1, lane) = (uint32_t)(v >> 32);
}

static uint64_t get64(tw *t, unsigned reg, unsigned lane) {
  return *tw_v(t, reg, lane) | (uint64_t)*tw_v(t, reg + 1, lane) << 32;
}

static uint64_t mem64(const uint8_t *p) {
  uint64_t v;
  memcpy(&v, p, 8);
  return v;
}

START_TEST(test_global_add_carries) {
  tw *t = tw_new(64, ~0ull, 0);
  gmem g;
  gmem_init(&g, t);
  for (unsigned i = 0; i < 64; i++) {
    set64(t, 6, i, BASE + 8);
    set64(t, 2, i, 0xffffffffull + i); /* every add carries into the high word */
  }
  ck_assert_int_eq(tw_exec(t, "global_atomic_add_u64 v[10:11], v[6:7], v[2:3]"), ISA_RUN);
  uint64_t sum = 0;
  for (unsigned i = 0; i < 64; i++) {
    ck_assert_uint_eq(get64(t, 10, i), sum); /* old value, lane order */
    sum += 0xffffffffull + i;
  }
  ck_assert_uint_eq(mem64(g.b + 8), sum);
  ck_assert_uint_eq(mem64(g.b), 0); /* neighbours untouched */
  ck_assert_uint_eq(mem64(g.b + 16), 0);
  ck_assert_uint_eq(t->w.access.size, 8);
  ck_assert_uint_eq(t->w.access.kind, ISA_F_ATOMIC);
  tw_free(t);
}
END_TEST

START_TEST(test_global_ops) {
  tw *t = tw_new(32, 1, 0);
  gmem g;
  gmem_init(&g, t);
  set64(t, 6, 0, BASE);
  static const struct {
    const char *op;
    uint64_t init, v, want;
  } ops[] = {
      {"global_atomic_sub_u64 v[10:11], v[6:7], v[2:3]", 1ull << 32, 1, 0xffffffffull},
      {"global_atomic_xchg_b64 v[10:11], v[6:7], v[2:3]", 5, 0x123456789ull, 0x123456789ull},
      {"global_atomic_min_i64 v[10:11], v[6:7], v[2:3]", 10, (uint64_t)-(1ll << 40), (uint64_t)-(1ll << 40)},
      {"global_atomic_max_i64 v[10:11], v[6:7], v[2:3]", 10, (uint64_t)-(1ll << 40), 10},
      {"global_atomic_min_u64 v[10:11], v[6:7], v[2:3]", 10, (uint64_t)-(1ll << 40), 10},
      {"global_atomic_max_u64 v[10:11], v[6:7], v[2:3]", 10, (uint64_t)-(1ll << 40), (uint64_t)-(1ll << 40)},
      /* signed compare must see the high word: 2^32 > 0x80000000 as int64 */
      {"global_atomic_max_i64 v[10:11], v[6:7], v[2:3]", 0x80000000ull, 1ull << 32, 1ull << 32},
      {"global_atomic_and_b64 v[10:11], v[6:7], v[2:3]", 0xff000000ff00ull, 0xf0000000f000ull,
       0xf0000000f000ull},
      {"global_atomic_or_b64 v[10:11], v[6:7], v[2:3]", 1ull << 63, 1, (1ull << 63) | 1},
      {"global_atomic_xor_b64 v[10:11], v[6:7], v[2:3]", ~0ull, 1ull << 40, ~(1ull << 40)},
      {"global_atomic_inc_u64 v[10:11], v[6:7]", 0xffffffffull, 0, 1ull << 32},
      {"global_atomic_dec_u64 v[10:11], v[6:7]", 1ull << 32, 0, 0xffffffffull},
  };
  for (size_t k = 0; k < sizeof ops / sizeof ops[0]; k++) {
    memcpy(g.b, &ops[k].init, 8);
    set64(t, 2, 0, ops[k].v);
    ck_assert_int_eq(tw_exec(t, ops[k].op), ISA_RUN);
    ck_assert_msg(mem64(g.b) == ops[k].want, "%s: got %llx", ops[k].op,
                  (unsigned long long)mem64(g.b));
    ck_assert_uint_eq(get64(t, 10, 0), ops[k].init);
  }
  tw_free(t);
}
END_TEST

START_TEST(test_global_cmpxchg) {
  tw *t = tw_new(32, 0xf, 0);
  gmem g;
  gmem_init(&g, t);
  uint64_t init = 0x100000001ull;
  memcpy(g.b, &init, 8);
  for (unsigned i = 0; i < 4; i++) {
    set64(t, 6, i, BASE);
    set64(t, 2, i, init);            /* comparator */
    set64(t, 4, i, (7ull << 32) + i); /* stored when equal */
  }
  /* a comparator equal only in the low word must not match */
  set64(t, 2, 0, 1);
  ck_assert_int_eq(tw_exec(t, "global_atomic_cmpxchg_b64 v[10:11], v[6:7], v[2:3], v[4:5]"), ISA_RUN);
  ck_assert_uint_eq(mem64(g.b), (7ull << 32) + 1); /* lane 1 wins, later lanes see its value */
  ck_assert_uint_eq(get64(t, 10, 0), init);
  ck_assert_uint_eq(get64(t, 10, 1), init);
  ck_assert_uint_eq(get64(t, 10, 2), (7ull << 32) + 1);
  ck_assert_uint_eq(get64(t, 10, 3), (7ull << 32) + 1);
  tw_free(t);
}
END_TEST

START_TEST(test_global_fault) {
  tw *t = tw_new(32, 3, 0);
  gmem g;
  gmem_init(&g, t);
  set64(t, 6, 0, BASE);
  set64(t, 6, 1, BASE + SIZE - 4); /* 8-byte access straddles the end */
  set64(t, 2, 0, 9);
  set64(t, 2, 1, 9);
  set64(t, 10, 0, 0x55);
  ck_assert_int_eq(tw_exec(t, "global_atomic_add_u64 v[10:11], v[6:7], v[2:3]"), ISA_FAULTED);
  ck_assert_uint_eq(t->w.fault.lane, 1);
  ck_assert_uint_eq(t->w.fault.addr, BASE + SIZE - 4);
  ck_assert_uint_eq(t->w.fault.size, 8);
  ck_assert_uint_eq(mem64(g.b), 0); /* lane 0 did not run either */
  ck_assert_uint_eq(get64(t, 10, 0), 0x55);
  tw_free(t);
}
END_TEST

START_TEST(test_lds) {
  tw *t = tw_new(32, ~0u, 0);
  for (unsigned i = 0; i < 32; i++) {
    *tw_v(t, 5, i) = 16;
    set64(t, 2, i, (uint64_t)i << 35);
  }
  ck_assert_int_eq(tw_exec(t, "ds_atomic_add_u64 v[10:11], v5, v[2:3]"), ISA_RUN);
  ck_assert_uint_eq(mem64(t->lds + 16), (uint64_t)(31 * 32 / 2) << 35);
  ck_assert_uint_eq(get64(t, 10, 2), (uint64_t)1 << 35);
  ck_assert_uint_eq(mem64(t->lds + 8), 0);
  ck_assert_int_eq(tw_exec(t, "ds_atomic_max_u64 v[10:11], v5, v[2:3]"), ISA_RUN);
  ck_assert_uint_eq(mem64(t->lds + 16), (uint64_t)(31 * 32 / 2) << 35);
  ck_assert_int_eq(tw_exec(t, "ds_atomic_min_i64 v[10:11], v5, v[2:3]"), ISA_RUN);
  ck_assert_uint_eq(mem64(t->lds + 16), 0); /* lane 0's value */
  t->w.exec = 1;
  set64(t, 2, 0, 0);
  set64(t, 12, 0, 1ull << 50);
  ck_assert_int_eq(tw_exec(t, "ds_atomic_cmpxchg_b64 v[10:11], v5, v[2:3], v[12:13]"), ISA_RUN);
  ck_assert_uint_eq(mem64(t->lds + 16), 1ull << 50);
  ck_assert_int_eq(tw_exec(t, "ds_atomic_dec_u64 v[10:11], v5"), ISA_RUN);
  ck_assert_uint_eq(mem64(t->lds + 16), (1ull << 50) - 1);
  /* fault: the last 4 bytes of LDS cannot hold 8 */
  *tw_v(t, 5, 0) = 1020;
  ck_assert_int_eq(tw_exec(t, "ds_atomic_inc_u64 v[10:11], v5"), ISA_FAULTED);
  ck_assert_uint_eq(t->w.fault.addr, 1020);
  ck_assert_uint_eq(t->w.fault.size, 8);
  tw_free(t);
}
END_TEST

START_TEST(test_table) {
  /* access size and flags come from isa.def; the text form takes pairs */
  char err[256] = "";
  isa_inst in;
  ck_assert_int_eq(isa_parse_inst("global_atomic_add_u64 v[10:11], v[6:7], v[2:3]", &in, err, sizeof err), 0);
  ck_assert_int_eq(in.op, ISA_OP_global_atomic_add_u64);
  ck_assert_int_eq(isa_access_size(ISA_OP_global_atomic_xor_b64), 8);
  ck_assert_int_eq(isa_access_size(ISA_OP_ds_atomic_cmpxchg_b64), 8);
  ck_assert(isa_ops[ISA_OP_ds_atomic_add_u64].flags & ISA_F_ATOMIC);
}
END_TEST

static Suite *suite(void) {
  Suite *s = suite_create("isa_atomic64");
  TCase *tc = tcase_create("core");
  tcase_add_test(tc, test_global_add_carries);
  tcase_add_test(tc, test_global_ops);
  tcase_add_test(tc, test_global_cmpxchg);
  tcase_add_test(tc, test_global_fault);
  tcase_add_test(tc, test_lds);
  tcase_add_test(tc, test_table);
  suite_add_tcase(s, tc);
  return s;
}

int main(void) {
  return check_run(suite());
}
