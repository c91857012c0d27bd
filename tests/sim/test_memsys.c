/* The memory hierarchy on the teaching config: coalescing, L1/L2 hit and
 * miss counts for streaming, repeated and set-conflicting patterns, exact
 * latencies from idle, and LDS bank passes (gcd(stride, banks), broadcast). */
#include <check.h>
#include <string.h>

#include "sim_internal.h"

static sim_device *dev(const char *name) {
  cfg_device c;
  char err[512];
  ck_assert_msg(cfg_load(name, NULL, 0, &c, err, sizeof err) == 0, "%s", err);
  sim_device *d = sim_device_create(&c, err, sizeof err);
  ck_assert_msg(d != NULL, "%s", err);
  cfg_fini(&c);
  return d;
}

/* lanes [0, n) access base + lane * stride, size bytes each */
static isa_access acc(uint64_t base, uint32_t n, uint64_t stride, uint8_t size, uint8_t kind) {
  isa_access a;
  memset(&a, 0, sizeof a);
  a.space = ISA_SPACE_GLOBAL;
  a.size = size;
  a.kind = kind;
  a.mask = n >= 64 ? ~0ull : ((1ull << n) - 1);
  for (uint32_t i = 0; i < n; i++) a.addr[i] = base + i * stride;
  return a;
}

START_TEST(test_coalesce) {
  uint64_t lines[128];
  isa_access a = acc(0x1000, 32, 4, 4, ISA_F_LOAD);
  ck_assert_uint_eq(sim_coalesce(&a, 64, lines), 2);
  ck_assert_uint_eq(lines[0], 0x1000);
  ck_assert_uint_eq(lines[1], 0x1040);
  a = acc(0x1000, 32, 256, 4, ISA_F_LOAD);
  ck_assert_uint_eq(sim_coalesce(&a, 64, lines), 32);
  a = acc(0x1000, 32, 0, 4, ISA_F_LOAD); /* all lanes one word */
  ck_assert_uint_eq(sim_coalesce(&a, 64, lines), 1);
  a = acc(0x103e, 1, 0, 4, ISA_F_LOAD); /* straddles two lines */
  ck_assert_uint_eq(sim_coalesce(&a, 64, lines), 2);
}
END_TEST

START_TEST(test_streaming_and_repeat) {
  sim_device *d = dev("teaching");
  sim_stats st;
  memset(&st, 0, sizeof st);
  uint32_t nreq;
  isa_access a = acc(SIM_MEM_BASE, 32, 4, 4, ISA_F_LOAD);
  /* from idle: line 0 at cycle 0 misses everywhere: DRAM transfer 1 cycle
   * (64 B at 64 B/cycle) + L2 50 + DRAM 100 = 151; line 1 enters the L1
   * pipeline a cycle later and queues one cycle behind in L2 and DRAM: 152 */
  ck_assert_uint_eq(sim_mem_vector(&d->mem, 0, 0, &a, &st, &nreq), 152);
  ck_assert_uint_eq(nreq, 2);
  ck_assert_uint_eq(st.l1_misses, 2);
  ck_assert_uint_eq(st.l2_misses, 2);
  ck_assert_uint_eq(st.dram_read_bytes, 128);
  /* the same access again much later: two L1 hits, 10 cycles + 1 for the second line */
  ck_assert_uint_eq(sim_mem_vector(&d->mem, 0, 1000, &a, &st, &nreq), 1011);
  ck_assert_uint_eq(st.l1_hits, 2);
  /* right after the miss the lines are still being filled: hits wait for the fill */
  sim_memsys_reset_queues(&d->mem);
  isa_access b = acc(SIM_MEM_BASE + 4096, 16, 4, 4, ISA_F_LOAD);
  ck_assert_uint_eq(sim_mem_vector(&d->mem, 0, 0, &b, &st, &nreq), 151);
  ck_assert_uint_eq(sim_mem_vector(&d->mem, 0, 5, &b, &st, &nreq), 151);
  /* another CU: L1 miss, L2 hit (50 cycles) */
  ck_assert_uint_eq(sim_mem_vector(&d->mem, 1, 500, &b, &st, &nreq), 550);
  ck_assert_uint_eq(st.l2_hits, 1);
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
    t = sim_mem_vector(&d->mem, 0, t + 1000, &a, &st, &nreq);
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
    t = sim_mem_vector(&d->mem, 0, t + 1000, &a, &st, &nreq);
  }
  ck_assert_uint_eq(st.l1_misses, 2);
  ck_assert_uint_eq(st.l1_hits, 2);
  sim_device_destroy(d);
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
    ck_assert_uint_eq(sim_mem_vector(&d->mem, 0, 1000u * (unsigned)i, &a, &st, &nreq), 1000u * (unsigned)i + 50);
  }
  ck_assert_uint_eq(st.l1_hits + st.l1_misses, 0); /* stores bypass L1 */
  ck_assert_uint_eq(st.dram_read_bytes, 0);
  ck_assert_uint_eq(st.dram_write_bytes, 64); /* the fifth line evicted the first, dirty */
  sim_device_destroy(d);
}
END_TEST

static uint32_t lds_passes(uint32_t lanes, uint32_t stride_words, uint8_t size, int broadcast, uint32_t *ideal) {
  isa_access a = acc(0, lanes, (uint64_t)stride_words * 4, size, ISA_F_LOAD);
  a.space = ISA_SPACE_LDS;
  return sim_lds_passes(&a, 32, 4, broadcast, ideal);
}

static uint32_t gcd(uint32_t a, uint32_t b) { return b ? gcd(b, a % b) : a; }

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
  ck_assert_uint_eq(lds_passes(32, 2, 8, 1, &ideal), 2);  /* 8-byte lanes: 256 B in two passes */
  ck_assert_uint_eq(ideal, 2);
  ck_assert_uint_eq(lds_passes(0, 1, 4, 1, &ideal), 0);
}
END_TEST

int main(void) {
  Suite *s = suite_create("memsys");
  TCase *tc = tcase_create("memsys");
  tcase_add_test(tc, test_coalesce);
  tcase_add_test(tc, test_streaming_and_repeat);
  tcase_add_test(tc, test_set_conflicts);
  tcase_add_test(tc, test_stores_write_back);
  tcase_add_test(tc, test_lds_banks);
  suite_add_tcase(s, tc);
  SRunner *r = srunner_create(s);
  srunner_run_all(r, CK_NORMAL);
  int failed = srunner_ntests_failed(r);
  srunner_free(r);
  return failed ? 1 : 0;
}
