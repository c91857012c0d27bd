/* A compute unit's memory side (sim/sim_cu_mem.c) from the teaching config
 * (L1: 4 KiB, 64-byte lines, a line per cycle, latency 10; LDS latency 10)
 * and a stub L2 100 cycles away: its components are wired to each other
 * and to the L2 with the CU's index on every request, each CU's instances
 * are its own, the LDS takes turns on the L1's pipeline under
 * lds.shares_l1_port, the counters of several CUs add up, reset keeps the
 * caches' contents and launch start empties them (invalidate_on_launch). */
#include <check.h>
#include <stdlib.h>

#include "check_run.h"
#include "sim_access.h"
#include "sim_cu_mem.h"
#include "sim_stub.h"

/* Memory sides of CUs 0 and 1 of the teaching config with `sets`, both sending to l2. */
static sim_cu_mem *cm_make(const char *const *sets, size_t nsets, stub *l2) {
  cfg_device c;
  stub_cfg(&c, sets, nsets);
  sim_cu_mem_params p;
  sim_cu_mem_params_read(&p, &c);
  cfg_fini(&c);
  sim_port port = stub_port(l2, 100, 64, 32);
  sim_cu_mem *m = calloc(2, sizeof *m);
  ck_assert_ptr_nonnull(m);
  for (uint32_t i = 0; i < 2; i++) ck_assert_int_eq(sim_cu_mem_init(&m[i], &p, i, port), 0);
  return m;
}

static void cm_free(sim_cu_mem *m) {
  for (uint32_t i = 0; i < 2; i++) sim_cu_mem_fini(&m[i]);
  free(m);
}

/* A vector load, a scalar load and an image read each reach the L2 over
 * their CU's link, carrying its index; CU 1's L1 does not see CU 0's line. */
START_TEST(test_wiring) {
  stub l2;
  sim_cu_mem *m = cm_make(NULL, 0, &l2);
  uint32_t nreq;
  isa_access a = acc(0x1000, 16, 4, 4, ISA_F_LOAD); /* one whole line */
  ck_assert_uint_eq(sim_l1_access(&m[0].l1, 0, &a, &nreq), 100);
  ck_assert_uint_eq(l2.n, 1);
  ck_assert_uint_eq(l2.got[0].cu, 0);
  ck_assert_uint_eq(sim_l1_access(&m[1].l1, 0, &a, &nreq), 100);
  ck_assert_uint_eq(l2.n, 2);
  ck_assert_uint_eq(l2.got[1].cu, 1);
  sim_scache_load(&m[1].scache, 0, 0x2000);
  ck_assert_uint_eq(l2.n, 3);
  ck_assert_uint_eq(l2.got[2].cu, 1);
  ck_assert_uint_eq(l2.got[2].addr, 0x2000);
  /* CU 0's texture unit reads through CU 0's L1, which holds 0x1000: a hit, nothing sent */
  isa_tex_access *t = calloc(1, sizeof *t);
  ck_assert_ptr_nonnull(t);
  t->kind = ISA_F_LOAD;
  t->size = 4;
  t->taps = 1;
  t->mask = 1;
  t->ntaps[0] = 1;
  t->addr[0][0] = 0x1004;
  sim_tex_access(&m[0].tex, 500, t, &nreq);
  ck_assert_uint_eq(l2.n, 3);
  ck_assert_uint_eq(m[0].tex.stats.tex_hits, 1);
  /* ... and CU 1's a line CU 1 has not read: a miss over CU 1's link */
  t->addr[0][0] = 0x3000;
  sim_tex_access(&m[1].tex, 500, t, &nreq);
  ck_assert_uint_eq(l2.n, 4);
  ck_assert_uint_eq(l2.got[3].cu, 1);
  ck_assert_uint_eq(m[1].tex.stats.tex_misses, 1);
  free(t);
  cm_free(m);
}
END_TEST

/* Four lines hold the L1's pipeline until 4. An LDS access at 0 (one pass)
 * is back at 0 + 10 on its own pipeline, at 4 + 10 on the L1's. */
START_TEST(test_lds_shares_l1_port) {
  isa_access lines = acc(0x1000, 64, 4, 4, ISA_F_LOAD);
  isa_access words = acc(0, 32, 4, 4, ISA_F_LOAD);
  words.space = ISA_SPACE_LDS;
  const char *shared[] = {"lds.shares_l1_port=true"}, *apart[] = {"lds.shares_l1_port=false"};
  for (int share = 0; share < 2; share++) {
    stub l2;
    sim_cu_mem *m = cm_make(share ? shared : apart, 1, &l2);
    uint32_t nreq;
    uint64_t conflict;
    sim_l1_access(&m[0].l1, 0, &lines, &nreq);
    ck_assert_uint_eq(nreq, 4);
    ck_assert_uint_eq(sim_lds_access(&m[0].lds, 0, &words, 0, &conflict), (share ? 14u : 10u));
    /* CU 1's LDS never waits for CU 0's L1 */
    ck_assert_uint_eq(sim_lds_access(&m[1].lds, 0, &words, 0, &conflict), 10);
    cm_free(m);
  }
}
END_TEST

/* Two CUs' counters add up in a launch's statistics; reset zeroes them and
 * keeps the lines; launch start (teaching: l1.invalidate_on_launch) drops them. */
START_TEST(test_counters_and_launches) {
  stub l2;
  sim_cu_mem *m = cm_make(NULL, 0, &l2);
  uint32_t nreq;
  isa_access a = acc(0x1000, 16, 4, 4, ISA_F_LOAD);
  sim_l1_access(&m[0].l1, 0, &a, &nreq);
  sim_l1_access(&m[1].l1, 0, &a, &nreq);
  sim_l1_access(&m[1].l1, 500, &a, &nreq);
  sim_stats st;
  memset(&st, 0, sizeof st);
  st.l1_hits = 7; /* collect adds to what is there */
  for (uint32_t i = 0; i < 2; i++) sim_cu_mem_collect(&m[i], &st);
  ck_assert_uint_eq(st.l1_misses, 2);
  ck_assert_uint_eq(st.l1_hits, 7 + 1);
  ck_assert_uint_eq(st.l1_load_sectors, 3 * 2);
  sim_cu_mem_reset(&m[0], 0);
  ck_assert_uint_eq(m[0].l1.stats.l1_misses, 0);
  sim_l1_access(&m[0].l1, 1000, &a, &nreq); /* still there */
  ck_assert_uint_eq(m[0].l1.stats.l1_hits, 1);
  sim_cu_mem_clear_stats(&m[0]);
  ck_assert_uint_eq(m[0].l1.stats.l1_hits, 0);
  sim_cu_mem_reset(&m[0], 0);
  sim_cu_mem_launch_start(&m[0], 0);
  sim_l1_access(&m[0].l1, 2000, &a, &nreq); /* gone */
  ck_assert_uint_eq(m[0].l1.stats.l1_misses, 1);
  cm_free(m);
}
END_TEST

int main(void) {
  Suite *s = suite_create("sim_cu_mem");
  TCase *tc = tcase_create("core");
  tcase_add_test(tc, test_wiring);
  tcase_add_test(tc, test_lds_shares_l1_port);
  tcase_add_test(tc, test_counters_and_launches);
  suite_add_tcase(s, tc);
  return check_run(s);
}
