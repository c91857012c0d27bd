/* DRAM (sim/sim_dram.c) on the teaching config: channel/bank/row mapping,
 * exact row-hit and row-miss latencies under the open and closed policies,
 * a bank serializing while other banks overlap, per-channel bandwidth, and
 * the controller's utilization-dependent queueing (dram.queue_*). */
#include <check.h>
#include <stdlib.h>
#include <string.h>

#include "check_run.h"
#include "sim_dram.h"

/* The DRAM alone, built from the teaching config with `sets` applied: no
 * device, no L2. */
static sim_dram *dev_set(const char *const *sets, size_t nsets) {
  cfg_device c;
  char err[512];
  ck_assert_msg(cfg_load(NULL, "teaching", sets, nsets, &c, err, sizeof err) == 0, "%s", err);
  sim_dram_params p;
  sim_dram_params_read(&p, &c);
  cfg_fini(&c);
  sim_dram *d = malloc(sizeof *d);
  ck_assert_ptr_nonnull(d);
  ck_assert_int_eq(sim_dram_init(d, &p), 0);
  return d;
}

static void dram_free(sim_dram *d) {
  sim_dram_fini(d);
  free(d);
}

/* A read of sectors `mask` (32 B each) of the 64-byte line at addr through
 * the DRAM's port, as the L2 sends it. */
static uint64_t port_read(sim_dram *d, uint64_t addr, uint64_t mask, uint64_t t) {
  sim_req r = {
      .addr = addr, .mask = mask, .block = 64, .sector = 32, .kind = SIM_REQ_READ, .t = (double)t};
  return (uint64_t)sim_dram_request(d, &r);
}

/* teaching: 2 channels interleaved every 256 B, 2 banks of 1 KiB rows */
START_TEST(test_map) {
  sim_dram *d = dev_set(NULL, 0);
  uint32_t ch, bank;
  uint64_t row;
  sim_dram_map(d, 0, &ch, &bank, &row);
  ck_assert_uint_eq(ch, 0);
  ck_assert_uint_eq(bank, 0);
  ck_assert_uint_eq(row, 0);
  sim_dram_map(d, 256, &ch, &bank, &row);
  ck_assert_uint_eq(ch, 1);
  ck_assert_uint_eq(bank, 0);
  ck_assert_uint_eq(row, 0);
  /* a channel's 1 KiB row collects 4 of its chunks: bytes 0..2047 of the device */
  sim_dram_map(d, 1792, &ch, &bank, &row);
  ck_assert_uint_eq(ch, 1);
  ck_assert_uint_eq(bank, 0);
  ck_assert_uint_eq(row, 0);
  sim_dram_map(d, 2048, &ch, &bank, &row);
  ck_assert_uint_eq(ch, 0);
  ck_assert_uint_eq(bank, 1);
  ck_assert_uint_eq(row, 0);
  sim_dram_map(d, 4096, &ch, &bank, &row);
  ck_assert_uint_eq(ch, 0);
  ck_assert_uint_eq(bank, 0);
  ck_assert_uint_eq(row, 1);
  dram_free(d);
}
END_TEST

/* Open policy, 32 B per access at 32 B/cycle per channel (1 cycle), row
 * miss 20: a miss from idle ends at 21, a later hit in that row takes its
 * transfer only, a later access to another row of the bank pays 20 again. */
START_TEST(test_row_hit_and_miss) {
  sim_dram *d = dev_set(NULL, 0);
  ck_assert_double_eq(sim_dram_access(d, 0, 32, 0), 21);
  ck_assert_double_eq(sim_dram_access(d, 32, 32, 100), 101);
  ck_assert_double_eq(sim_dram_access(d, 4096, 32, 200), 221); /* bank 0, row 1 */
  ck_assert_double_eq(sim_dram_access(d, 0, 32, 300), 321); /* row 0 again: closed by row 1 */
  ck_assert_uint_eq(d->stats.dram_row_hits, 1);
  ck_assert_uint_eq(d->stats.dram_row_misses, 3);
  /* through its port: a read returns at ceil(end) + dram.latency 100, and
   * counts its bytes */
  sim_dram_reset(d);
  ck_assert_uint_eq(port_read(d, 0, 1, 0), 21 + 100);
  ck_assert_uint_eq(port_read(d, 0, 2, 500), 501 + 100);
  ck_assert_uint_eq(d->stats.dram_read_bytes, 64);
  dram_free(d);
  /* closed: every access activates its row and pays half the row-miss time */
  const char *closed[] = {"dram.row_policy=closed"};
  d = dev_set(closed, 1);
  ck_assert_double_eq(sim_dram_access(d, 0, 32, 0), 11);
  ck_assert_double_eq(sim_dram_access(d, 32, 32, 100), 111);
  ck_assert_uint_eq(d->stats.dram_row_hits, 0);
  ck_assert_uint_eq(d->stats.dram_row_misses, 2);
  dram_free(d);
}
END_TEST

/* Row misses at one instant: on one bank they serialize (21, then 21 + 20
 * + 1 = 42); on the other bank of the channel the activate overlaps and its
 * transfer takes the bus slot after the first one's (1..2, bandwidth is
 * counted in slots), so it too ends at 21; the other channel is independent. */
START_TEST(test_banks_and_channels) {
  sim_dram *d = dev_set(NULL, 0);
  ck_assert_double_eq(sim_dram_access(d, 0, 32, 0), 21);
  ck_assert_double_eq(sim_dram_access(d, 2048, 32, 0), 21); /* ch 0 bank 1 */
  ck_assert_double_eq(sim_dram_access(d, 4096, 32, 0), 42); /* ch 0 bank 0 row 1 */
  ck_assert_double_eq(sim_dram_access(d, 256, 32, 0), 21);  /* ch 1 */
  /* a row-hit stream is bandwidth bound: 8 sectors of one row on channel 1 */
  double end = 0;
  for (int i = 0; i < 8; i++) end = sim_dram_access(d, 256 + (uint64_t)(i % 8) * 32, 32, 100);
  ck_assert_double_eq(end, 108);
  dram_free(d);
}
END_TEST

/* Controller queueing (dram.queue_cycles 10, window 16 cycles = 8
 * sub-windows of 2): a request waits 10 * rho / (1 - rho) beyond its bus
 * slot, rho being the channel's transfer cycles that arrived in the 8
 * sub-windows before its own over 16. */
START_TEST(test_queue_wait) {
  const char *sets[] = {"dram.queue_cycles=10", "dram.queue_window=16"};
  sim_dram *d = dev_set(sets, 2);
  /* an idle channel adds nothing: row miss 20 + 4 cycles for 128 B; the
   * second line of the row waits for the first on its bank (24 + 4) */
  ck_assert_double_eq(sim_dram_access(d, 0, 128, 0), 24);
  ck_assert_double_eq(sim_dram_access(d, 128, 128, 0), 28);
  /* t = 16 (sub-window 8): sub-windows 0..7 carried 8 transfer cycles, rho
   * 0.5, wait 10; the row hit itself ends at bank 28 + 1 = 29 */
  ck_assert_double_eq(sim_dram_access(d, 0, 32, 16), 29 + 10);
  /* the same sub-window keeps its rho (its own arrivals count later) */
  ck_assert_double_eq(sim_dram_access(d, 32, 32, 17), 30 + 10);
  /* channel 1 was idle: a plain row miss */
  ck_assert_double_eq(sim_dram_access(d, 256, 32, 16), 16 + 20 + 1);
  /* t = 40 (sub-window 20): sub-windows 12..19 saw nothing on channel 0 */
  ck_assert_double_eq(sim_dram_access(d, 64, 32, 40), 41);
  /* a new launch starts with idle channels: the load of sub-window 0 is
   * forgotten (and the row closed), so t = 16 is a plain row miss */
  sim_dram_reset(d);
  ck_assert_double_eq(sim_dram_access(d, 0, 128, 0), 24);
  ck_assert_double_eq(sim_dram_access(d, 128, 128, 0), 28);
  sim_dram_reset(d);
  ck_assert_double_eq(sim_dram_access(d, 0, 32, 16), 16 + 20 + 1);
  dram_free(d);
}
END_TEST

/* rho stops at dram.queue_max_util: a saturated window (16 transfer cycles
 * in 16) counts as 0.75, a wait of 10 * 0.75 / 0.25 = 30. */
START_TEST(test_queue_max_util) {
  const char *sets[] = {"dram.queue_cycles=10", "dram.queue_window=16", "dram.queue_max_util=0.75"};
  sim_dram *d = dev_set(sets, 3);
  /* four lines of bank 0 row 0 on channel 0 (bytes 0..255 and 512..767) */
  ck_assert_double_eq(sim_dram_access(d, 0, 128, 0), 24);
  ck_assert_double_eq(sim_dram_access(d, 128, 128, 0), 28);
  ck_assert_double_eq(sim_dram_access(d, 512, 128, 0), 32);
  ck_assert_double_eq(sim_dram_access(d, 640, 128, 0), 36);
  ck_assert_double_eq(sim_dram_access(d, 0, 32, 16), 37 + 30);
  dram_free(d);
  /* out of range: the wait would be infinite at 1 */
  cfg_device c;
  char err[1024];
  ck_assert_int_eq(cfg_load(NULL, "teaching", NULL, 0, &c, err, sizeof err), 0);
  ck_assert_int_eq(cfg_set(&c, "dram.queue_max_util=1", err, sizeof err), -1);
  ck_assert_str_eq(err, "--set: key 'dram.queue_max_util' = '1' is out of range [0, 0.999]: "
                        "Utilization at which the dram.queue_cycles wait stops growing (beyond "
                        "it the channel's bandwidth queue itself holds requests back)");
  cfg_fini(&c);
}
END_TEST

/* dram.channel_hash on 80 channels of 256-byte chunks: every run of 80
 * consecutive chunks still takes each channel exactly once, and a 16 KiB
 * stride (64 chunks; a plain modulo gives 80 / gcd(64, 80) = 5 channels)
 * reaches all 80, none more than twice the even share (800 steps: 19 at
 * most where an even spread gives 10; the rotation is a hash, so the
 * stride's steps fall like random ones). Off, the same stride uses exactly 5. */
START_TEST(test_channel_hash) {
  for (int hash = 0; hash <= 1; hash++) {
    const char *sets[] = {"dram.channels=80", hash ? "dram.channel_hash=1" : "dram.channel_hash=0"};
    sim_dram *d = dev_set(sets, 2);
    uint32_t ch, bank, seen[80];
    uint64_t row;
    for (uint64_t run = 0; run < 50; run++) {
      memset(seen, 0, sizeof seen);
      for (uint64_t k = 0; k < 80; k++) {
        sim_dram_map(d, (run * 80 + k) * 256, &ch, &bank, &row);
        seen[ch]++;
      }
      for (int c = 0; c < 80; c++) ck_assert_uint_eq(seen[c], 1);
    }
    memset(seen, 0, sizeof seen);
    for (uint64_t k = 0; k < 800; k++) {
      sim_dram_map(d, k * 16384, &ch, &bank, &row);
      seen[ch]++;
    }
    uint32_t used = 0, most = 0;
    for (int c = 0; c < 80; c++) {
      used += seen[c] != 0;
      if (seen[c] > most) most = seen[c];
    }
    ck_assert_uint_eq(used, hash ? 80 : 5);
    if (hash) ck_assert_uint_le(most, 2 * 10);
    dram_free(d);
  }
}
END_TEST

int main(void) {
  Suite *s = suite_create("dram");
  TCase *tc = tcase_create("dram");
  tcase_add_test(tc, test_map);
  tcase_add_test(tc, test_row_hit_and_miss);
  tcase_add_test(tc, test_banks_and_channels);
  tcase_add_test(tc, test_queue_wait);
  tcase_add_test(tc, test_queue_max_util);
  tcase_add_test(tc, test_channel_hash);
  suite_add_tcase(s, tc);
  return check_run(s);
}
