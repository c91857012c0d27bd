/* DRAM (sim/sim_dram.c) on the teaching config: channel/bank/row mapping,
 * exact row-hit and row-miss latencies under the open and closed policies,
 * a bank serializing while other banks overlap, and per-channel bandwidth. */
#include <check.h>
#include <string.h>

#include "sim_internal.h"

static sim_device *dev_set(const char *const *sets, size_t nsets) {
  cfg_device c;
  char err[512];
  ck_assert_msg(cfg_load("teaching", sets, nsets, &c, err, sizeof err) == 0, "%s", err);
  sim_device *d = sim_device_create(&c, err, sizeof err);
  ck_assert_msg(d != NULL, "%s", err);
  cfg_fini(&c);
  return d;
}

/* teaching: 2 channels interleaved every 256 B, 2 banks of 1 KiB rows */
START_TEST(test_map) {
  sim_device *d = dev_set(NULL, 0);
  uint32_t ch, bank;
  uint64_t row;
  sim_dram_map(&d->mem, 0, &ch, &bank, &row);
  ck_assert_uint_eq(ch, 0);
  ck_assert_uint_eq(bank, 0);
  ck_assert_uint_eq(row, 0);
  sim_dram_map(&d->mem, 256, &ch, &bank, &row);
  ck_assert_uint_eq(ch, 1);
  ck_assert_uint_eq(bank, 0);
  ck_assert_uint_eq(row, 0);
  /* a channel's 1 KiB row collects 4 of its chunks: bytes 0..2047 of the device */
  sim_dram_map(&d->mem, 1792, &ch, &bank, &row);
  ck_assert_uint_eq(ch, 1);
  ck_assert_uint_eq(bank, 0);
  ck_assert_uint_eq(row, 0);
  sim_dram_map(&d->mem, 2048, &ch, &bank, &row);
  ck_assert_uint_eq(ch, 0);
  ck_assert_uint_eq(bank, 1);
  ck_assert_uint_eq(row, 0);
  sim_dram_map(&d->mem, 4096, &ch, &bank, &row);
  ck_assert_uint_eq(ch, 0);
  ck_assert_uint_eq(bank, 0);
  ck_assert_uint_eq(row, 1);
  sim_device_destroy(d);
}
END_TEST

/* Open policy, 32 B per access at 32 B/cycle per channel (1 cycle), row
 * miss 20: a miss from idle ends at 21, a later hit in that row takes its
 * transfer only, a later access to another row of the bank pays 20 again. */
START_TEST(test_row_hit_and_miss) {
  sim_device *d = dev_set(NULL, 0);
  sim_stats st;
  memset(&st, 0, sizeof st);
  ck_assert_double_eq(sim_dram_access(&d->mem, 0, 32, 0, &st), 21);
  ck_assert_double_eq(sim_dram_access(&d->mem, 32, 32, 100, &st), 101);
  ck_assert_double_eq(sim_dram_access(&d->mem, 4096, 32, 200, &st), 221); /* bank 0, row 1 */
  ck_assert_double_eq(sim_dram_access(&d->mem, 0, 32, 300, &st),
                      321); /* row 0 again: closed by row 1 */
  ck_assert_uint_eq(st.dram_row_hits, 1);
  ck_assert_uint_eq(st.dram_row_misses, 3);
  /* through the L2: a read miss returns at ceil(end) + L2 50 + DRAM 100 */
  sim_memsys_reset_queues(&d->mem);
  ck_assert_uint_eq(sim_l2_request(&d->mem, SIM_MEM_BASE, 1, 0, SIM_L2_READ, 0, &st), 21 + 150);
  ck_assert_uint_eq(sim_l2_request(&d->mem, SIM_MEM_BASE + 32, 2, 500, SIM_L2_READ, 0, &st),
                    501 + 150);
  sim_device_destroy(d);
  /* closed: every access activates its row and pays half the row-miss time */
  const char *closed[] = {"dram.row_policy=closed"};
  d = dev_set(closed, 1);
  memset(&st, 0, sizeof st);
  ck_assert_double_eq(sim_dram_access(&d->mem, 0, 32, 0, &st), 11);
  ck_assert_double_eq(sim_dram_access(&d->mem, 32, 32, 100, &st), 111);
  ck_assert_uint_eq(st.dram_row_hits, 0);
  ck_assert_uint_eq(st.dram_row_misses, 2);
  sim_device_destroy(d);
}
END_TEST

/* Row misses at one instant: on one bank they serialize (21, then 21 + 20
 * + 1 = 42); on the other bank of the channel the activate overlaps and its
 * transfer takes the bus slot after the first one's (1..2, bandwidth is
 * counted in slots), so it too ends at 21; the other channel is independent. */
START_TEST(test_banks_and_channels) {
  sim_device *d = dev_set(NULL, 0);
  sim_stats st;
  memset(&st, 0, sizeof st);
  ck_assert_double_eq(sim_dram_access(&d->mem, 0, 32, 0, &st), 21);
  ck_assert_double_eq(sim_dram_access(&d->mem, 2048, 32, 0, &st), 21); /* ch 0 bank 1 */
  ck_assert_double_eq(sim_dram_access(&d->mem, 4096, 32, 0, &st), 42); /* ch 0 bank 0 row 1 */
  ck_assert_double_eq(sim_dram_access(&d->mem, 256, 32, 0, &st), 21);  /* ch 1 */
  /* a row-hit stream is bandwidth bound: 8 sectors of one row on channel 1 */
  double end = 0;
  for (int i = 0; i < 8; i++)
    end = sim_dram_access(&d->mem, 256 + (uint64_t)(i % 8) * 32, 32, 100, &st);
  ck_assert_double_eq(end, 108);
  sim_device_destroy(d);
}
END_TEST

int main(void) {
  Suite *s = suite_create("dram");
  TCase *tc = tcase_create("dram");
  tcase_add_test(tc, test_map);
  tcase_add_test(tc, test_row_hit_and_miss);
  tcase_add_test(tc, test_banks_and_channels);
  suite_add_tcase(s, tc);
  SRunner *r = srunner_create(s);
  srunner_run_all(r, CK_NORMAL);
  int failed = srunner_ntests_failed(r);
  srunner_free(r);
  return failed ? 1 : 0;
}
