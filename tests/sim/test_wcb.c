/* The write-combining buffer (sim/sim_wcb.c) alone, from the teaching
 * config (64-byte lines, 32-byte sectors) and a stub link: partial stores
 * of one line merge and wait, a line completed by them leaves at once, a
 * new line past the buffer's size sends the oldest, and the launch-end
 * flush drains oldest first. */
#include <check.h>
#include <stdlib.h>

#include "check_run.h"
#include "sim_stub.h"
#include "sim_wcb.h"

/* CU cu's buffer sending to link (which it resets) */
static sim_wcb wcb_make(const char *entries, uint32_t cu, stub *link) {
  const char *sets[] = {entries, "l2.partial_write_fill=true"};
  cfg_device c;
  stub_cfg(&c, sets, 2);
  sim_wcb_params p;
  sim_wcb_params_read(&p, &c);
  cfg_fini(&c);
  sim_wcb w;
  ck_assert_int_eq(sim_wcb_init(&w, &p, cu, stub_port(link, 50, 64, 32)), 0);
  return w;
}

/* bytes [lo, hi) of a 64-byte line as per-sector byte masks */
static void cover(uint64_t cov[2], unsigned lo, unsigned hi) {
  cov[0] = cov[1] = 0;
  for (unsigned b = lo; b < hi; b++) cov[b / 32] |= 1ull << (b % 32);
}

START_TEST(test_merge_and_complete) {
  stub link;
  sim_wcb w = wcb_make("l1.write_combine_lines=2", 0, &link);
  ck_assert(sim_wcb_active(&w));
  uint64_t cov[2];
  cover(cov, 0, 16);
  /* buffered: acknowledged at l1.latency + l2.latency, nothing sent */
  ck_assert_uint_eq(sim_wcb_store(&w, 0x1000, cov, 5), 5 + 10 + 50);
  ck_assert_uint_eq(link.n, 0);
  cover(cov, 16, 64); /* the rest: the line is whole and leaves */
  ck_assert_uint_eq(sim_wcb_store(&w, 0x1000, cov, 6), 6 + 50);
  ck_assert_uint_eq(link.n, 1);
  ck_assert_uint_eq(link.got[0].mask, 3);
  ck_assert_uint_eq(link.got[0].part, 0);
  /* the buffer is empty again: a flush sends nothing */
  ck_assert_uint_eq(sim_wcb_flush(&w, 100), 100);
  ck_assert_uint_eq(link.n, 1);
  sim_wcb_fini(&w);
}
END_TEST

START_TEST(test_overflow_and_flush) {
  stub link;
  sim_wcb w1 = wcb_make("l1.write_combine_lines=2", 1, &link);
  sim_wcb w = wcb_make("l1.write_combine_lines=2", 0, &link);
  uint64_t cov[2];
  cover(cov, 0, 4);
  sim_wcb_store(&w, 0x1000, cov, 0);
  sim_wcb_store(&w, 0x2000, cov, 1);
  ck_assert_uint_eq(link.n, 0);
  /* a third line: the oldest (0x1000) goes, as a partial sector */
  sim_wcb_store(&w, 0x3000, cov, 2);
  ck_assert_uint_eq(link.n, 1);
  ck_assert_uint_eq(link.got[0].addr, 0x1000);
  ck_assert_uint_eq(link.got[0].mask, 0);
  ck_assert_uint_eq(link.got[0].part, 1);
  /* another CU's buffer is its own */
  sim_wcb_store(&w1, 0x1000, cov, 3);
  ck_assert_uint_eq(link.n, 1);
  /* the flush at t 200: 0x2000 then 0x3000, oldest first; then CU 1's */
  ck_assert_uint_eq(sim_wcb_flush(&w, 200), 250);
  ck_assert_uint_eq(link.n, 3);
  ck_assert_uint_eq(link.got[1].addr, 0x2000);
  ck_assert_uint_eq(link.got[2].addr, 0x3000);
  ck_assert_uint_eq(link.got[2].cu, 0);
  ck_assert_uint_eq(sim_wcb_flush(&w1, 200), 250);
  ck_assert_uint_eq(link.n, 4);
  ck_assert_uint_eq(link.got[3].addr, 0x1000);
  ck_assert_uint_eq(link.got[3].cu, 1);
  /* flushed: nothing left */
  ck_assert_uint_eq(sim_wcb_flush(&w1, 300), 300);
  ck_assert_uint_eq(link.n, 4);
  sim_wcb_fini(&w1);
  sim_wcb_fini(&w);
}
END_TEST

/* No entries: no buffer (a write-back L1 with entries is a config error). */
START_TEST(test_off) {
  stub link;
  sim_wcb w = wcb_make("l1.write_combine_lines=0", 0, &link);
  ck_assert(!sim_wcb_active(&w));
  sim_wcb_fini(&w);
}
END_TEST

int main(void) {
  Suite *s = suite_create("sim_wcb");
  TCase *tc = tcase_create("core");
  tcase_add_test(tc, test_merge_and_complete);
  tcase_add_test(tc, test_overflow_and_flush);
  tcase_add_test(tc, test_off);
  suite_add_tcase(s, tc);
  return check_run(s);
}
