/* The memory hierarchy's CU side on the teaching config: coalescing into
 * lines and sectors, L1/L2 hit and miss counts for streaming, reused,
 * strided, set-conflicting and too-large patterns, exact latencies from idle,
 * MSHR back-pressure, the L1 write policies, and LDS bank passes
 * (gcd(stride, banks), broadcast). L2 slices: test_l2.c; DRAM: test_dram.c. */
#include <check.h>
#include <stdio.h>
#include <string.h>

#include "check_run.h"
#include "sim_access.h"
#include "sim_coalesce.h"
#include "sim_drain.h"
#include "sim_internal.h"

static sim_device *dev_set(const char *name, const char *const *sets, size_t nsets) {
  cfg_device c;
  char err[512];
  ck_assert_msg(cfg_load(NULL, name, sets, nsets, &c, err, sizeof err) == 0, "%s", err);
  sim_device *d = sim_device_create(&c, err, sizeof err);
  ck_assert_msg(d != NULL, "%s", err);
  cfg_fini(&c);
  return d;
}

static sim_device *dev(const char *name) {
  return dev_set(name, NULL, 0);
}

START_TEST(test_coalesce) {
  uint64_t lines[128], masks[128];
  isa_access a = acc(0x1000, 32, 4, 4, ISA_F_LOAD);
  ck_assert_uint_eq(sim_coalesce(&a, 64, 64, lines, masks), 2);
  ck_assert_uint_eq(lines[0], 0x1000);
  ck_assert_uint_eq(lines[1], 0x1040);
  ck_assert_uint_eq(masks[0], 1); /* unsectored: one bit per line */
  a = acc(0x1000, 32, 256, 4, ISA_F_LOAD);
  ck_assert_uint_eq(sim_coalesce(&a, 64, 64, lines, masks), 32);
  a = acc(0x1000, 32, 0, 4, ISA_F_LOAD); /* all lanes one word */
  ck_assert_uint_eq(sim_coalesce(&a, 64, 64, lines, masks), 1);
  a = acc(0x103e, 1, 0, 4, ISA_F_LOAD); /* straddles two lines */
  ck_assert_uint_eq(sim_coalesce(&a, 64, 64, lines, masks), 2);
  a = acc(0x103e, 1, 0, 4, ISA_F_LOAD); /* ... and with 16-byte sectors, the last and the first */
  ck_assert_uint_eq(sim_coalesce(&a, 64, 16, lines, masks), 2);
  ck_assert_uint_eq(masks[0], 0x8);
  ck_assert_uint_eq(masks[1], 0x1);
}
END_TEST

static uint32_t sectors(uint32_t lanes, uint64_t stride, uint8_t size, uint32_t *nlines) {
  uint64_t lines[128], masks[128];
  isa_access a = acc(0x10000, lanes, stride, size, ISA_F_LOAD);
  *nlines = sim_coalesce(&a, 128, 32, lines, masks);
  uint32_t n = 0;
  for (uint32_t i = 0; i < *nlines; i++) n += (uint32_t)__builtin_popcountll(masks[i]);
  return n;
}

/* 128-byte lines of 32-byte sectors (NVIDIA): a warp's float loads */
START_TEST(test_sectors) {
  uint32_t nl;
  ck_assert_uint_eq(sectors(32, 4, 4, &nl), 4); /* stride 1: 128 B, one line, 4 sectors */
  ck_assert_uint_eq(nl, 1);
  ck_assert_uint_eq(sectors(32, 8, 4, &nl), 8); /* stride 2: 256 B span, every sector touched */
  ck_assert_uint_eq(nl, 2);
  ck_assert_uint_eq(sectors(32, 128, 4, &nl), 32); /* stride 32: a sector per lane, not a line */
  ck_assert_uint_eq(nl, 32);
  /* stride 16: two lanes per line, different sectors */
  ck_assert_uint_eq(sectors(32, 64, 4, &nl), 32);
  ck_assert_uint_eq(nl, 16);
  ck_assert_uint_eq(sectors(16, 16, 16, &nl), 8); /* float4: 256 B */
  ck_assert_uint_eq(nl, 2);
  ck_assert_uint_eq(sectors(32, 0, 4, &nl), 1); /* one word for all */
  /* the same loads through the teaching L1 (64 B lines, 32 B sectors): DRAM
   * moves the touched sectors only */
  uint64_t strides[] = {4, 8, 128};
  uint64_t want_sectors[] = {4, 8, 32}, want_dram[] = {128, 256, 1024};
  for (int i = 0; i < 3; i++) {
    sim_device *d = dev("teaching");
    sim_stats st;
    memset(&st, 0, sizeof st);
    uint32_t nreq;
    isa_access a = acc(SIM_MEM_BASE, 32, strides[i], 4, ISA_F_LOAD);
    vec(d, 0, 0, &a, &st, &nreq);
    ck_assert_uint_eq(st.l1_load_sectors, want_sectors[i]);
    ck_assert_uint_eq(st.l2_read_sectors, want_sectors[i]);
    ck_assert_uint_eq(st.dram_read_bytes, want_dram[i]);
    sim_device_destroy(d);
  }
}
END_TEST

START_TEST(test_streaming_and_repeat) {
  sim_device *d = dev("teaching");
  sim_stats st;
  memset(&st, 0, sizeof st);
  uint32_t nreq;
  isa_access a = acc(SIM_MEM_BASE, 32, 4, 4, ISA_F_LOAD);
  /* from idle: line 0 enters the L1 pipeline at 0, misses L1 and L2; DRAM
   * channel 0 opens its row (20) and moves 64 B at 32 B/cycle (2): data at
   * 22, + L2 latency 50 + DRAM latency 100 = 172. Line 1 enters at 1; it is
   * in the same 256-byte chunk, hence row: a row hit, but the bank is busy
   * until 22: 22 + 2 + 150 = 174 */
  ck_assert_uint_eq(vec(d, 0, 0, &a, &st, &nreq), 174);
  ck_assert_uint_eq(nreq, 2);
  ck_assert_uint_eq(st.l1_misses, 2);
  ck_assert_uint_eq(st.l2_misses, 2);
  ck_assert_uint_eq(st.dram_read_bytes, 128);
  ck_assert_uint_eq(st.dram_row_misses, 1);
  ck_assert_uint_eq(st.dram_row_hits, 1);
  /* the same access again much later: two L1 hits, 10 cycles + 1 for the second line */
  ck_assert_uint_eq(vec(d, 0, 1000, &a, &st, &nreq), 1011);
  ck_assert_uint_eq(st.l1_hits, 2);
  ck_assert_uint_eq(st.l1_mshr_merges, 0);
  /* right after the miss the line is still being filled: the hit merges
   * into the in-flight miss and waits for its fill (rows closed again by
   * the reset: 20 + 2 + 150) */
  dev_reset(d);
  isa_access b = acc(SIM_MEM_BASE + 4096, 16, 4, 4, ISA_F_LOAD);
  ck_assert_uint_eq(vec(d, 0, 0, &b, &st, &nreq), 172);
  ck_assert_uint_eq(vec(d, 0, 5, &b, &st, &nreq), 172);
  ck_assert_uint_eq(st.l1_mshr_merges, 1);
  /* another CU: L1 miss, L2 hit (50 cycles) */
  ck_assert_uint_eq(vec(d, 1, 500, &b, &st, &nreq), 550);
  ck_assert_uint_eq(st.l2_hits, 1);
  sim_device_destroy(d);
}
END_TEST

/* one lane per line over `bytes` from base, `passes` times, far apart in time */
static void sweep(sim_device *d, uint64_t base, uint64_t bytes, uint64_t stride, int passes,
                  sim_stats *st) {
  uint32_t nreq;
  uint64_t t = 0;
  for (int p = 0; p < passes; p++)
    for (uint64_t off = 0; off < bytes; off += stride) {
      isa_access a = acc(SIM_MEM_BASE + base + off, 1, 0, 4, ISA_F_LOAD);
      t = vec(d, 0, t + 1, &a, st, &nreq);
    }
}

START_TEST(test_patterns) {
  sim_stats st;
  /* reuse within the L1 (4 KiB): 2 KiB twice, the second pass hits */
  sim_device *d = dev("teaching");
  memset(&st, 0, sizeof st);
  sweep(d, 0, 2048, 64, 2, &st);
  ck_assert_uint_eq(st.l1_misses, 32);
  ck_assert_uint_eq(st.l1_hits, 32);
  /* working set larger than the L1: 8 KiB twice; LRU evicts every line
   * before its reuse, the 32 KiB L2 keeps them all */
  memset(&st, 0, sizeof st);
  sweep(d, 65536, 8192, 64, 2, &st);
  ck_assert_uint_eq(st.l1_hits, 0);
  ck_assert_uint_eq(st.l1_misses, 256);
  ck_assert_uint_eq(st.l2_misses, 128);
  ck_assert_uint_eq(st.l2_hits, 128);
  /* strided: every other line of 4 KiB (32 lines, 2 KiB of them) fits, twice */
  memset(&st, 0, sizeof st);
  sweep(d, 131072, 4096, 128, 2, &st);
  ck_assert_uint_eq(st.l1_misses, 32);
  ck_assert_uint_eq(st.l1_hits, 32);
  /* one line per 2 KiB: 3 lines in one 2-way set, none survives */
  memset(&st, 0, sizeof st);
  sweep(d, 196608, 6144, 2048, 2, &st);
  ck_assert_uint_eq(st.l1_misses, 6);
  ck_assert_uint_eq(st.l1_hits, 0);
  sim_device_destroy(d);
}
END_TEST

START_TEST(test_set_conflicts) {
  sim_device *d = dev("teaching"); /* L1: 4 KiB, 64 B lines, 2 ways -> 32 sets, 2 KiB apart */
  sim_stats st;
  memset(&st, 0, sizeof st);
  uint32_t nreq;
  uint64_t t = 0;
  uint64_t addrs[] = {0, 2048, 4096, 0, 2048, 4096};
  for (int i = 0; i < 6; i++) {
    isa_access a = acc(SIM_MEM_BASE + addrs[i], 1, 0, 4, ISA_F_LOAD);
    t = vec(d, 0, t + 1000, &a, &st, &nreq);
  }
  /* three lines in one 2-way set: LRU evicts each before its reuse */
  ck_assert_uint_eq(st.l1_hits, 0);
  ck_assert_uint_eq(st.l1_misses, 6);
  /* L2 (128 sets, 8 KiB apart) holds all three */
  ck_assert_uint_eq(st.l2_misses, 3);
  ck_assert_uint_eq(st.l2_hits, 3);
  /* two lines in a set fit */
  memset(&st, 0, sizeof st);
  uint64_t two[] = {8192, 8192 + 2048, 8192, 8192 + 2048};
  for (int i = 0; i < 4; i++) {
    isa_access a = acc(SIM_MEM_BASE + two[i], 1, 0, 4, ISA_F_LOAD);
    t = vec(d, 0, t + 1000, &a, &st, &nreq);
  }
  ck_assert_uint_eq(st.l1_misses, 2);
  ck_assert_uint_eq(st.l1_hits, 2);
  /* a sector miss: the other half of a line present is a miss for its sector only */
  memset(&st, 0, sizeof st);
  isa_access lo = acc(SIM_MEM_BASE + 16384, 8, 4, 4, ISA_F_LOAD),
             whole = acc(SIM_MEM_BASE + 16384, 16, 4, 4, ISA_F_LOAD);
  vec(d, 0, t + 1000, &lo, &st, &nreq);
  vec(d, 0, t + 2000, &whole, &st, &nreq);
  vec(d, 0, t + 3000, &whole, &st, &nreq);
  ck_assert_uint_eq(st.l1_misses, 2);
  ck_assert_uint_eq(st.l1_hits, 1);
  ck_assert_uint_eq(st.l2_read_sectors, 2);
  ck_assert_uint_eq(st.dram_read_bytes, 64);
  sim_device_destroy(d);
}
END_TEST

/* Eight L1 misses from one instruction on a CU with 4 MSHRs, all L2 hits
 * (warmed by the other CU): lines enter the pipeline at 0..3 (one 32-byte
 * sector each, one cycle) and fill at 50..53. The fifth waits for the first
 * MSHR to free at 50 (46 stall cycles), fills at 100; the rest find theirs
 * freed at 51, 52, 53: the last fills at 103. Without the limit: 7 + 50. */
START_TEST(test_mshr_backpressure) {
  const char *unlimited[] = {"l1.mshrs=0"};
  for (int limit = 1; limit >= 0; limit--) {
    sim_device *d = limit ? dev("teaching") : dev_set("teaching", unlimited, 1);
    sim_stats st;
    memset(&st, 0, sizeof st);
    uint32_t nreq;
    isa_access a = acc(SIM_MEM_BASE, 8, 64, 4, ISA_F_LOAD);
    vec(d, 1, 0, &a, &st, &nreq);
    dev_reset(d);
    memset(&st, 0, sizeof st);
    uint64_t done = vec(d, 0, 0, &a, &st, &nreq);
    ck_assert_uint_eq(st.l1_misses, 8);
    ck_assert_uint_eq(st.l2_hits, 8);
    ck_assert_uint_eq(done, (limit ? 103 : 57));
    ck_assert_uint_eq(st.l1_mshr_stall_cycles, (limit ? 46 : 0));
    /* the pipeline itself was held up: the next instruction, a hit on line
     * 0, enters at 54 (+10); without the limit it enters at 8 and merges
     * into line 0's fill at 50 */
    isa_access b = acc(SIM_MEM_BASE, 1, 0, 4, ISA_F_LOAD);
    ck_assert_uint_eq(vec(d, 0, 1, &b, &st, &nreq), (limit ? 64 : 50));
    sim_device_destroy(d);
  }
}
END_TEST

START_TEST(test_stores_write_back) {
  sim_device *d = dev("teaching"); /* L2: 32 KiB, 4 ways, 128 sets: 8 KiB apart share a set */
  sim_stats st;
  memset(&st, 0, sizeof st);
  uint32_t nreq;
  for (int i = 0; i < 5; i++) {
    isa_access a = acc(SIM_MEM_BASE + (uint64_t)i * 8192, 16, 4, 4, ISA_F_STORE);
    /* write-allocate without a fill: 50 cycles, no DRAM read */
    ck_assert_uint_eq(vec(d, 0, 1000u * (unsigned)i, &a, &st, &nreq), 1000u * (unsigned)i + 50);
  }
  ck_assert_uint_eq(st.l1_hits + st.l1_misses, 0); /* stores bypass L1 */
  ck_assert_uint_eq(st.l1_store_sectors, 10);
  ck_assert_uint_eq(st.l2_write_sectors, 10);
  ck_assert_uint_eq(st.dram_read_bytes, 0);
  ck_assert_uint_eq(st.dram_write_bytes, 64); /* the fifth line evicted the first, dirty */
  sim_device_destroy(d);
}
END_TEST

/* l1.write_policy=write_back: a store allocates in the L1 (no fetch, no L2
 * traffic), a load then hits it, and the dirty sectors reach L2 only when
 * the line is evicted. */
START_TEST(test_l1_write_back) {
  const char *wb[] = {"l1.write_policy=write_back"};
  sim_device *d = dev_set("teaching", wb, 1);
  sim_stats st;
  memset(&st, 0, sizeof st);
  uint32_t nreq;
  isa_access s = acc(SIM_MEM_BASE, 8, 4, 4, ISA_F_STORE); /* 32 B: sector 0 */
  ck_assert_uint_eq(vec(d, 0, 100, &s, &st, &nreq), 110);
  ck_assert_uint_eq(st.l2_write_sectors, 0);
  isa_access l = acc(SIM_MEM_BASE, 8, 4, 4, ISA_F_LOAD);
  ck_assert_uint_eq(vec(d, 0, 200, &l, &st, &nreq), 210);
  ck_assert_uint_eq(st.l1_hits, 1);
  /* two more lines of its set (2 KiB apart, 2 ways) evict it */
  for (uint64_t k = 1; k <= 2; k++) {
    isa_access e = acc(SIM_MEM_BASE + k * 2048, 1, 0, 4, ISA_F_LOAD);
    vec(d, 0, 1000 * k, &e, &st, &nreq);
  }
  ck_assert_uint_eq(st.l2_write_sectors, 1);
  ck_assert_uint_eq(st.l2_read_sectors, 2);
  sim_device_destroy(d);
}
END_TEST

/* l1.invalidate_on_launch / scache.invalidate_on_launch: the next launch
 * finds the L1 (and the scalar cache) empty, while the L2 keeps the line;
 * off, the line stays. A write_back L1's dirty sectors go to the L2 first. */
START_TEST(test_invalidate_on_launch) {
  for (int on = 0; on < 2; on++) {
    const char *sets[] = {on ? "l1.invalidate_on_launch=1" : "l1.invalidate_on_launch=0",
                          on ? "scache.invalidate_on_launch=1" : "scache.invalidate_on_launch=0"};
    sim_device *d = dev_set("teaching", sets, 2);
    sim_stats st;
    memset(&st, 0, sizeof st);
    uint32_t nreq;
    isa_access a = acc(SIM_MEM_BASE, 32, 4, 4, ISA_F_LOAD);
    vec(d, 0, 0, &a, &st, &nreq);
    ck_assert_uint_eq(st.l1_misses, 2);
    isa_access s = acc(SIM_MEM_BASE + 8192, 1, 0, 4, ISA_F_LOAD);
    s.space = ISA_SPACE_SCALAR;
    scal(d, 0, 0, &s, &st);
    uint64_t smiss = st.scalar_cache_misses;
    ck_assert_uint_eq(smiss, 1);
    dev_reset(d);
    inval(d, &st);
    /* the next launch: hits only with the caches kept */
    vec(d, 0, 0, &a, &st, &nreq);
    ck_assert_uint_eq(st.l1_hits, on ? 0 : 2);
    ck_assert_uint_eq(st.l1_misses, on ? 4 : 2);
    ck_assert_uint_eq(st.l2_hits, on ? 2 : 0); /* the L2 keeps its lines either way */
    scal(d, 0, 1000, &s, &st);
    ck_assert_uint_eq(st.scalar_cache_misses, on ? 2 : 1);
    sim_device_destroy(d);
  }
  const char *wb[] = {"l1.write_policy=write_back", "l1.invalidate_on_launch=1"};
  sim_device *d = dev_set("teaching", wb, 2);
  sim_stats st;
  memset(&st, 0, sizeof st);
  uint32_t nreq;
  isa_access w = acc(SIM_MEM_BASE, 16, 4, 4, ISA_F_STORE); /* 64 B: two sectors, dirty */
  vec(d, 0, 0, &w, &st, &nreq);
  ck_assert_uint_eq(st.l2_write_sectors, 0);
  dev_reset(d);
  inval(d, &st);
  ck_assert_uint_eq(st.l2_write_sectors, 2);
  isa_access l = acc(SIM_MEM_BASE, 16, 4, 4, ISA_F_LOAD);
  vec(d, 0, 0, &l, &st, &nreq);
  ck_assert_uint_eq(st.l1_hits, 0);
  sim_device_destroy(d);
}
END_TEST

static uint32_t lds_phased(uint32_t lanes, uint32_t stride_words, uint8_t size, int broadcast,
                           uint32_t phase_bytes, uint32_t *ideal) {
  isa_access a = acc(0, lanes, (uint64_t)stride_words * 4, size, ISA_F_LOAD);
  a.space = ISA_SPACE_LDS;
  return sim_lds_passes(&a, 32, 4, broadcast, phase_bytes, ideal);
}

static uint32_t lds_passes(uint32_t lanes, uint32_t stride_words, uint8_t size, int broadcast,
                           uint32_t *ideal) {
  return lds_phased(lanes, stride_words, size, broadcast, 0, ideal);
}

static uint32_t gcd(uint32_t a, uint32_t b) {
  return b ? gcd(b, a % b) : a;
}

START_TEST(test_lds_banks) {
  uint32_t ideal;
  uint32_t strides[] = {1, 2, 3, 4, 8, 16, 32, 33, 64};
  for (int i = 0; i < 9; i++) {
    ck_assert_uint_eq(lds_passes(32, strides[i], 4, 1, &ideal), gcd(strides[i], 32));
    ck_assert_uint_eq(ideal, 1);
  }
  ck_assert_uint_eq(lds_passes(32, 0, 4, 1, &ideal), 1);  /* broadcast */
  ck_assert_uint_eq(lds_passes(32, 0, 4, 0, &ideal), 32); /* no broadcast: one bank, 32 accesses */
  ck_assert_uint_eq(lds_passes(64, 1, 4, 1, &ideal), 2);  /* wave64: two passes, no conflict */
  ck_assert_uint_eq(ideal, 2);
  ck_assert_uint_eq(lds_passes(32, 2, 8, 1, &ideal), 2); /* 8-byte lanes: 256 B in two passes */
  ck_assert_uint_eq(ideal, 2);
  ck_assert_uint_eq(lds_passes(0, 1, 4, 1, &ideal), 0);
}
END_TEST

/* lds.phase_bytes = 256 (NVIDIA): 16-byte lanes are served 16 at a time.
 * 32 distinct float4s: 2 phases of 256 B, 2 passes each = 4, as without
 * phases; one float4 for all lanes: a pass per phase = 2 (1 without), and
 * those 2 are the ideal, not a conflict; 16 active lanes fit one phase;
 * 4- and 8-byte lanes (128 and 256 B per warp) are never split. A float4
 * every 8 words: each phase's 16 lanes use banks 0-3, 8-11, 16-19 and 24-27
 * four times each, 4 passes a phase where 2 would do (2 of conflict). */
START_TEST(test_lds_phases) {
  uint32_t ideal;
  ck_assert_uint_eq(lds_phased(32, 4, 16, 1, 256, &ideal), 4);
  ck_assert_uint_eq(ideal, 4);
  ck_assert_uint_eq(lds_phased(32, 0, 16, 1, 256, &ideal), 2);
  ck_assert_uint_eq(ideal, 2);
  ck_assert_uint_eq(lds_phased(32, 0, 16, 1, 0, &ideal), 1);
  ck_assert_uint_eq(lds_phased(16, 0, 16, 1, 256, &ideal), 1);
  ck_assert_uint_eq(lds_phased(32, 0, 8, 1, 256, &ideal), 1);
  ck_assert_uint_eq(lds_phased(32, 2, 8, 1, 256, &ideal), 2);
  ck_assert_uint_eq(lds_phased(32, 1, 4, 1, 256, &ideal), 1);
  ck_assert_uint_eq(lds_phased(32, 8, 16, 1, 256, &ideal), 8);
  ck_assert_uint_eq(ideal, 4);
}
END_TEST

/* The memory keys' cross-key checks: what is wrong, and which key. */
static void bad_cfg(const char *set, const char *key, const char *msg) {
  cfg_device c;
  char err[512] = "", want[600];
  ck_assert_int_eq(cfg_load(NULL, "teaching", NULL, 0, &c, err, sizeof err), 0);
  ck_assert_int_eq(cfg_set_key(&c, key, strchr(set, '=') + 1, err, sizeof err), 0);
  const char *bad = NULL;
  ck_assert_int_eq(cfg_validate(&c, &bad, err, sizeof err), -1);
  ck_assert_str_eq(err, msg);
  ck_assert_str_eq(bad, key);
  cfg_fini(&c);
  /* --set names the assignment and keeps the config as it was */
  ck_assert_int_eq(cfg_load(NULL, "teaching", NULL, 0, &c, err, sizeof err), 0);
  ck_assert_int_eq(cfg_set(&c, set, err, sizeof err), -1);
  snprintf(want, sizeof want, "--set %s: %s", set, msg);
  ck_assert_str_eq(err, want);
  ck_assert_int_eq(cfg_validate(&c, NULL, err, sizeof err), 0);
  cfg_fini(&c);
}

/* A unified L1 hands ways to shared memory (sim_cache_set_ways): a 4-set,
 * 4-way cache of 64 B lines restricted to 2 ways keeps two of the three lines
 * of set 0 (0, 256, 512 B apart by 4 lines), so the third evicts the LRU one;
 * given its 4 ways back, all three stay. Random replacement (a fixed xorshift
 * seed) keeps part of a cyclic 5-line sweep over a 4-way set where LRU keeps
 * nothing, and does so identically every time. */
START_TEST(test_ways_and_replacement) {
  sim_cache c;
  sim_cache_ref r;
  ck_assert_int_eq(sim_cache_init(&c, 1024, 64, 4), 0);
  sim_cache_set_ways(&c, 2);
  uint64_t seq[] = {0, 256, 0, 512, 256, 0};
  int hits = 0;
  for (int i = 0; i < 6; i++) {
    sim_cache_access(&c, seq[i], 1, &r);
    hits += r.hit;
  }
  ck_assert_int_eq(hits, 1); /* only the second access to 0 */
  sim_cache_set_ways(&c, 4);
  hits = 0;
  for (int i = 0; i < 6; i++) {
    sim_cache_access(&c, seq[i], 1, &r);
    hits += r.hit;
  }
  ck_assert_int_eq(hits, 5); /* 256 and 0 survived in ways 0-1; only 512 misses, once */
  sim_cache_fini(&c);

  int got[3];
  for (int pass = 0; pass < 3; pass++) {
    ck_assert_int_eq(sim_cache_init(&c, 1024, 64, 4), 0);
    c.rng = pass < 2 ? 0x9e3779b97f4a7c15ull : 0; /* passes 0, 1 random; pass 2 LRU */
    got[pass] = 0;
    for (int i = 0; i < 100; i++) {
      sim_cache_access(&c, (uint64_t)(i % 5) * 256, 1, &r);
      got[pass] += r.hit;
    }
    sim_cache_fini(&c);
  }
  ck_assert_int_eq(got[2], 0); /* LRU: every access of a 5-line cycle in 4 ways misses */
  ck_assert_int_gt(got[0], 30);
  ck_assert_int_eq(got[0], got[1]); /* deterministic */
  /* unknown policy names are rejected by the schema's enum check */
  cfg_device cd;
  char err[512];
  const char *bad[] = {"l1.replacement=fifo"};
  ck_assert_int_eq(cfg_load(NULL, "teaching", bad, 1, &cd, err, sizeof err), -1);
  ck_assert_msg(strstr(err, "l1.replacement") && strstr(err, "lru|random"), "%s", err);
}
END_TEST

/* l1.set_hash: a 4 KiB, 2-way cache of 64-byte lines has 32 sets. Eight
 * lines 2 KiB (32 lines) apart all fall in set 0 under the plain modulo, so
 * two sweeps over them miss 16 times; with the hash (line xor line >> 5)
 * each takes its own set and the second sweep hits 8 times. */
START_TEST(test_set_hash) {
  for (int hash = 0; hash <= 1; hash++) {
    sim_cache c;
    sim_cache_ref r;
    ck_assert_int_eq(sim_cache_init(&c, 4096, 64, 2), 0);
    if (hash) sim_cache_hash_sets(&c);
    int hits = 0;
    for (int pass = 0; pass < 2; pass++)
      for (uint64_t k = 0; k < 8; k++) {
        sim_cache_access(&c, SIM_MEM_BASE + k * 2048, 1, &r);
        hits += r.hit;
        ck_assert_int_eq(sim_cache_probe(&c, SIM_MEM_BASE + k * 2048), 1);
      }
    ck_assert_int_eq(hits, hash ? 8 : 0);
    sim_cache_fini(&c);
  }
  /* through the config: the same sweep as 4-byte loads on the teaching L1 */
  for (int hash = 0; hash <= 1; hash++) {
    const char *sets[] = {hash ? "l1.set_hash=true" : "l1.set_hash=false"};
    sim_device *d = dev_set("teaching", sets, 1);
    sim_stats st;
    memset(&st, 0, sizeof st);
    uint32_t nreq;
    isa_access a = acc(SIM_MEM_BASE, 8, 2048, 4, ISA_F_LOAD);
    vec(d, 0, 0, &a, &st, &nreq);
    vec(d, 0, 10000, &a, &st, &nreq);
    ck_assert_uint_eq(st.l1_hits, hash ? 8 : 0);
    sim_device_destroy(d);
  }
}
END_TEST

START_TEST(test_config_errors) {
  bad_cfg(
      "l1.sector=24", "l1.sector",
      "l1.sector = 24 must be 0 or a power of two dividing l1.line = 64 into at most 64 sectors");
  bad_cfg(
      "l1.sector=128", "l1.sector",
      "l1.sector = 128 must be 0 or a power of two dividing l1.line = 64 into at most 64 sectors");
  bad_cfg(
      "l2.sector=512", "l2.sector",
      "l2.sector = 512 must be 0 or a power of two dividing l2.line = 64 into at most 64 sectors");
  bad_cfg("dram.interleave=32", "dram.interleave",
          "dram.interleave = 32 must be a power of two of at least l2.line = 64 (a line never "
          "straddles channels or rows)");
  bad_cfg("dram.row_bytes=1000", "dram.row_bytes",
          "dram.row_bytes = 1000 must be a power of two of at least l2.line = 64 (a line never "
          "straddles channels or rows)");
  /* 4096-byte lines in 16-byte sectors would need 256 mask bits */
  cfg_device c;
  char err[512];
  ck_assert_int_eq(cfg_load(NULL, "teaching", NULL, 0, &c, err, sizeof err), 0);
  c.l1_line = 4096, c.l1_sector = 16, c.l1_bytes = 65536, c.l2_line = 4096, c.l2_bytes = 65536 * 4;
  ck_assert_int_eq(cfg_validate(&c, NULL, err, sizeof err), -1);
  ck_assert_str_eq(err, "l1.sector = 16 must be 0 or a power of two dividing l1.line = 4096 into "
                        "at most 64 sectors");
  cfg_fini(&c);
  /* the write-combining buffer keeps each sector's bytes in a 64-bit mask,
   * and a write_back L1 already holds its stores */
  const char *wb[] = {"l1.write_policy=write_back", "l1.write_combine_lines=4"};
  ck_assert_int_eq(cfg_load(NULL, "teaching", wb, 2, &c, err, sizeof err), -1);
  ck_assert_msg(strstr(err, "l1.write_combine_lines = 4 combines a write-through L1's stores; a "
                            "write_back L1 (l1.write_policy) already keeps them: set it to 0"),
                "%s", err);
  ck_assert_int_eq(cfg_load(NULL, "teaching", NULL, 0, &c, err, sizeof err), 0);
  c.l1_write_combine_lines = 8, c.l1_line = 128, c.l1_sector = 0, c.l2_line = 128;
  const char *badkey = NULL;
  ck_assert_int_eq(cfg_validate(&c, &badkey, err, sizeof err), -1);
  ck_assert_str_eq(err, "l1.write_combine_lines = 8 needs L1 sectors of at most 64 bytes "
                        "(l1.sector = 0, l1.line = 128); set l1.sector, e.g. 32");
  ck_assert_str_eq(badkey, "l1.write_combine_lines");
  c.l1_sector = 32;
  ck_assert_int_eq(cfg_validate(&c, NULL, err, sizeof err), 0);
  cfg_fini(&c);
}
END_TEST

int main(void) {
  Suite *s = suite_create("memsys");
  TCase *tc = tcase_create("memsys");
  tcase_add_test(tc, test_coalesce);
  tcase_add_test(tc, test_sectors);
  tcase_add_test(tc, test_streaming_and_repeat);
  tcase_add_test(tc, test_patterns);
  tcase_add_test(tc, test_set_conflicts);
  tcase_add_test(tc, test_mshr_backpressure);
  tcase_add_test(tc, test_stores_write_back);
  tcase_add_test(tc, test_l1_write_back);
  tcase_add_test(tc, test_invalidate_on_launch);
  tcase_add_test(tc, test_config_errors);
  tcase_add_test(tc, test_set_hash);
  tcase_add_test(tc, test_ways_and_replacement);
  tcase_add_test(tc, test_lds_banks);
  tcase_add_test(tc, test_lds_phases);
  suite_add_tcase(s, tc);
  return check_run(s);
}
