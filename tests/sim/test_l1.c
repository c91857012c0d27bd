/* The vector L1 (sim/sim_l1.c) alone, from the teaching config (4 KiB,
 * 64-byte lines of two 32-byte sectors, 1 line per cycle, latency 10) and
 * a stub link answering 100 cycles after a request leaves: hits and
 * misses, the memory pipeline's order, MSHR back-pressure, write-through
 * and write-back stores, atomics passing by, and the shared-memory
 * carve-out. */
#include <check.h>
#include <stdlib.h>

#include "check_run.h"
#include "sim_access.h"
#include "sim_l1.h"
#include "sim_stub.h"

static sim_l1 *l1_make(const char *const *sets, size_t nsets, stub *link) {
  cfg_device c;
  stub_cfg(&c, sets, nsets);
  sim_l1_params p;
  sim_l1_params_read(&p, &c);
  cfg_fini(&c);
  sim_l1 *l1 = malloc(sizeof *l1);
  ck_assert_ptr_nonnull(l1);
  ck_assert_int_eq(sim_l1_init(l1, &p, 0, NULL, stub_port(link, 100, 64, 32), NULL), 0);
  return l1;
}

static void l1_free(sim_l1 *l1) {
  sim_l1_fini(l1);
  free(l1);
}

START_TEST(test_miss_then_hit) {
  stub link;
  sim_l1 *l1 = l1_make(NULL, 0, &link);
  uint32_t nreq;
  isa_access a = acc(0x1000, 16, 4, 4, ISA_F_LOAD); /* one whole line */
  ck_assert_uint_eq(sim_l1_access(l1, 0, &a, &nreq), 100);
  ck_assert_uint_eq(nreq, 1);
  ck_assert_uint_eq(l1->stats.l1_misses, 1);
  ck_assert_uint_eq(l1->stats.l1_load_sectors, 2);
  ck_assert_uint_eq(link.n, 1);
  ck_assert_uint_eq(link.got[0].kind, SIM_REQ_READ);
  ck_assert_uint_eq(link.got[0].mask, 3);
  /* again at 200: a hit, l1.latency later, nothing sent */
  ck_assert_uint_eq(sim_l1_access(l1, 200, &a, &nreq), 210);
  ck_assert_uint_eq(l1->stats.l1_hits, 1);
  ck_assert_uint_eq(link.n, 1);
  /* at 50 the fill was still on its way: the hit waits for it (a merge) */
  sim_l1_reset(l1);
  isa_access b = acc(0x2000, 16, 4, 4, ISA_F_LOAD);
  ck_assert_uint_eq(sim_l1_access(l1, 0, &b, &nreq), 100);
  ck_assert_uint_eq(sim_l1_access(l1, 50, &b, &nreq), 100);
  ck_assert_uint_eq(l1->stats.l1_mshr_merges, 1);
  l1_free(l1);
}
END_TEST

/* Four lines per wave take the pipeline a cycle each; with one MSHR each
 * miss waits for the previous fill. */
START_TEST(test_pipeline_and_mshrs) {
  stub link;
  const char *one[] = {"l1.mshrs=1"};
  sim_l1 *l1 = l1_make(one, 1, &link);
  uint32_t nreq;
  isa_access a = acc(0x1000, 64, 4, 4, ISA_F_LOAD); /* 4 lines */
  ck_assert_uint_eq(sim_l1_access(l1, 0, &a, &nreq), 400);
  ck_assert_uint_eq(nreq, 4);
  ck_assert_double_eq(link.got[1].t, 100);
  ck_assert_double_eq(link.got[3].t, 300);
  ck_assert_uint_eq(l1->stats.l1_mshr_stall_cycles, 99 + 99 + 99);
  l1_free(l1);
  l1 = l1_make(NULL, 0, &link); /* 4 MSHRs: all in flight, a cycle apart */
  ck_assert_uint_eq(sim_l1_access(l1, 0, &a, &nreq), 103);
  ck_assert_double_eq(link.got[3].t, 3);
  l1_free(l1);
}
END_TEST

START_TEST(test_stores) {
  stub link;
  sim_l1 *l1 = l1_make(NULL, 0, &link);
  uint32_t nreq;
  /* write-through: sent, the L1 unchanged (a later load misses) */
  isa_access s = acc(0x1000, 16, 4, 4, ISA_F_STORE);
  ck_assert_uint_eq(sim_l1_access(l1, 0, &s, &nreq), 100);
  ck_assert_uint_eq(link.got[0].kind, SIM_REQ_WRITE);
  ck_assert_uint_eq(l1->stats.l1_store_sectors, 2);
  isa_access ld = acc(0x1000, 16, 4, 4, ISA_F_LOAD);
  sim_l1_access(l1, 10, &ld, &nreq);
  ck_assert_uint_eq(l1->stats.l1_misses, 1);
  l1_free(l1);
  /* write-back: kept dirty (done at l1.latency), written back on eviction:
   * three lines of one set in a 2-way cache */
  const char *wb[] = {"l1.write_policy=write_back"};
  l1 = l1_make(wb, 1, &link);
  ck_assert_uint_eq(sim_l1_access(l1, 0, &s, &nreq), 10);
  ck_assert_uint_eq(link.n, 0);
  isa_access s2 = acc(0x1000 + 2048, 16, 4, 4, ISA_F_STORE);
  isa_access s3 = acc(0x1000 + 4096, 16, 4, 4, ISA_F_STORE);
  sim_l1_access(l1, 1, &s2, &nreq);
  sim_l1_access(l1, 2, &s3, &nreq);
  ck_assert_uint_eq(link.n, 1);
  ck_assert_uint_eq(link.got[0].addr, 0x1000);
  ck_assert_uint_eq(link.got[0].mask, 3);
  /* launch-start invalidation sends the other two dirty lines at cycle 0 */
  sim_l1_launch_invalidate(l1);
  ck_assert_uint_eq(link.n, 3);
  ck_assert_double_eq(link.got[2].t, 0);
  l1_free(l1);
}
END_TEST

/* Atomics pass the L1: one request per line with its lanes and the
 * atomic unit's steps (4 lanes on one address: 4 steps). */
START_TEST(test_atomics) {
  stub link;
  sim_l1 *l1 = l1_make(NULL, 0, &link);
  uint32_t nreq;
  isa_access a = acc(0x1000, 4, 0, 4, ISA_F_ATOMIC);
  sim_l1_access(l1, 0, &a, &nreq);
  ck_assert_uint_eq(link.n, 1);
  ck_assert_uint_eq(link.got[0].kind, SIM_REQ_ATOMIC);
  ck_assert_uint_eq(link.got[0].lanes, 4);
  ck_assert_uint_eq(link.got[0].steps, 4);
  ck_assert_uint_eq(l1->stats.l1_misses + l1->stats.l1_hits, 0);
  l1_free(l1);
}
END_TEST

/* l1.unified_with_lds: 2 KiB of the 4 KiB for shared memory leaves one way
 * of two; 0 leaves both (at least l1.min_lds_carveout is taken). */
START_TEST(test_carve_out) {
  stub link;
  const char *sets[] = {"l1.unified_with_lds=true", "l1.min_lds_carveout=0"};
  sim_l1 *l1 = l1_make(sets, 2, &link);
  uint32_t nreq;
  sim_l1_carve_out(l1, 2048);
  /* two lines of one set: the second evicts the first */
  isa_access a = acc(0x1000, 16, 4, 4, ISA_F_LOAD), b = acc(0x1000 + 2048, 16, 4, 4, ISA_F_LOAD);
  sim_l1_access(l1, 0, &a, &nreq);
  sim_l1_access(l1, 1, &b, &nreq);
  sim_l1_access(l1, 300, &a, &nreq);
  ck_assert_uint_eq(l1->stats.l1_misses, 3);
  sim_l1_carve_out(l1, 0);
  sim_l1_access(l1, 400, &b, &nreq);
  sim_l1_access(l1, 600, &a, &nreq);
  ck_assert_uint_eq(l1->stats.l1_hits, 1);
  l1_free(l1);
}
END_TEST

int main(void) {
  Suite *s = suite_create("sim_l1");
  TCase *tc = tcase_create("core");
  tcase_add_test(tc, test_miss_then_hit);
  tcase_add_test(tc, test_pipeline_and_mshrs);
  tcase_add_test(tc, test_stores);
  tcase_add_test(tc, test_atomics);
  tcase_add_test(tc, test_carve_out);
  suite_add_tcase(s, tc);
  return check_run(s);
}
