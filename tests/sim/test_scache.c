/* The scalar cache (sim/sim_scache.c) alone, from the teaching config
 * (1 KiB, 64-byte lines, 2 ways, hit latency latency.smem = 10) and a stub
 * link answering 100 cycles after a request: a miss fetches the whole line,
 * a hit costs the latency, a hit on a line still being filled waits, and
 * scache.invalidate_on_launch empties it. */
#include <check.h>
#include <stdlib.h>

#include "check_run.h"
#include "sim_scache.h"
#include "sim_stub.h"

START_TEST(test_scache) {
  cfg_device c;
  stub_cfg(&c, NULL, 0);
  sim_scache_params p;
  sim_scache_params_read(&p, &c);
  cfg_fini(&c);
  stub link;
  sim_scache s, s1; /* CU 0's and CU 1's, on one stub link */
  sim_port port = stub_port(&link, 100, 64, 32);
  ck_assert_int_eq(sim_scache_init(&s, &p, 0, port, NULL), 0);
  ck_assert_int_eq(sim_scache_init(&s1, &p, 1, port, NULL), 0);
  /* a miss: the whole 64-byte line (one 64-byte sector) from the L2, then the latency */
  ck_assert_uint_eq(sim_scache_load(&s, 5, 0x1010), 5 + 100 + 10);
  ck_assert_uint_eq(link.n, 1);
  ck_assert_uint_eq(link.got[0].addr, 0x1000);
  ck_assert_uint_eq(link.got[0].block, 64);
  ck_assert_uint_eq(link.got[0].kind, SIM_REQ_READ);
  ck_assert_uint_eq(s.stats.scalar_cache_misses, 1);
  /* the same line while it is filled: waits for it */
  ck_assert_uint_eq(sim_scache_load(&s, 6, 0x1020), 115);
  /* later: the latency only */
  ck_assert_uint_eq(sim_scache_load(&s, 500, 0x1000), 510);
  ck_assert_uint_eq(s.stats.scalar_cache_hits, 2);
  ck_assert_uint_eq(link.n, 1);
  /* another CU's cache is its own, with its own counters; its requests say which CU sends */
  sim_scache_load(&s1, 500, 0x1000);
  ck_assert_uint_eq(s1.stats.scalar_cache_misses, 1);
  ck_assert_uint_eq(s.stats.scalar_cache_misses, 1);
  ck_assert_uint_eq(link.got[1].cu, 1);
  sim_scache_launch_invalidate(&s); /* teaching: on */
  sim_scache_load(&s, 600, 0x1000);
  ck_assert_uint_eq(s.stats.scalar_cache_misses, 2);
  sim_scache_fini(&s1);
  sim_scache_fini(&s);
}
END_TEST

int main(void) {
  Suite *su = suite_create("sim_scache");
  TCase *tc = tcase_create("core");
  tcase_add_test(tc, test_scache);
  suite_add_tcase(su, tc);
  return check_run(su);
}
