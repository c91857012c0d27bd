/* The shared L2 (sim/sim_l2.c): xor-folded slice hashing spreading a
 * power-of-two stride, per-slice bandwidth queues, and atomics executed at
 * the slice, lanes on one address serializing. */
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

/* 16 slices; lines 16 apart (a 1 KiB stride) would all land in one slice
 * under a plain modulo. The fold brings the stride's bits down: each slice
 * gets exactly one. */
START_TEST(test_slice_hash_spreads_stride) {
  const char *sets[] = {"l2.slices=16"};
  sim_device *d = dev_set(sets, 1);
  uint32_t seen[16] = {0};
  for (uint64_t k = 0; k < 16; k++) seen[sim_l2_slice(&d->mem, SIM_MEM_BASE + k * 16 * 64)]++;
  for (int s = 0; s < 16; s++) ck_assert_uint_eq(seen[s], 1);
  /* consecutive lines spread too: 64 lines, 4 per slice */
  memset(seen, 0, sizeof seen);
  for (uint64_t k = 0; k < 64; k++) seen[sim_l2_slice(&d->mem, SIM_MEM_BASE + k * 64)]++;
  for (int s = 0; s < 16; s++) ck_assert_uint_eq(seen[s], 4);
  /* the busiest slice count follows: 16 strided requests, one per slice */
  sim_stats st;
  memset(&st, 0, sizeof st);
  for (uint64_t k = 0; k < 16; k++)
    sim_l2_request(&d->mem, SIM_MEM_BASE + 65536 + k * 1024, 1, 0, SIM_L2_WRITE, 0, &st);
  ck_assert_uint_eq(st.l2_slice_max_requests, 1);
  /* a non-power-of-two count still covers every slice */
  sim_device_destroy(d);
  const char *sets80[] = {"l2.slices=80"};
  d = dev_set(sets80, 1);
  uint32_t seen80[80] = {0};
  for (uint64_t k = 0; k < 8000; k++) seen80[sim_l2_slice(&d->mem, SIM_MEM_BASE + k * 64)]++;
  for (int s = 0; s < 80; s++) ck_assert_uint_gt(seen80[s], 0);
  sim_device_destroy(d);
}
END_TEST

/* Two writes to one slice queue behind each other at 32 B/cycle; a write to
 * the other slice does not. Teaching: 2 slices, L2 latency 50. */
START_TEST(test_slice_queues) {
  sim_device *d = dev_set(NULL, 0);
  sim_stats st;
  memset(&st, 0, sizeof st);
  uint64_t a = SIM_MEM_BASE, b = SIM_MEM_BASE + 64; /* line numbers 2^26 and 2^26 + 1 */
  ck_assert_uint_ne(sim_l2_slice(&d->mem, a), sim_l2_slice(&d->mem, b));
  uint64_t c = SIM_MEM_BASE + 192; /* 2^26 + 3: a's slice */
  ck_assert_uint_eq(sim_l2_slice(&d->mem, a), sim_l2_slice(&d->mem, c));
  /* a 64-byte line (2 sectors) occupies its slice 2 cycles */
  ck_assert_uint_eq(sim_l2_request(&d->mem, a, 3, 0, SIM_L2_WRITE, 0, &st), 50);
  ck_assert_uint_eq(sim_l2_request(&d->mem, b, 3, 0, SIM_L2_WRITE, 0, &st), 50);
  ck_assert_uint_eq(sim_l2_request(&d->mem, c, 3, 0, SIM_L2_WRITE, 0, &st), 52);
  ck_assert_uint_eq(st.l2_slice_max_requests, 2);
  ck_assert_uint_eq(st.l2_write_sectors, 6);
  sim_device_destroy(d);
}
END_TEST

/* Atomics on a line the L2 holds (warmed by a load from CU 1, queues reset):
 * L2 latency 50 + 2 cycles per serialized step (l2.atomic_cycles). */
static uint64_t atomic_at(sim_device *d, const isa_access *a, sim_stats *st) {
  uint32_t nreq;
  isa_access warm = acc(a->addr[0] & ~63ull, 16, 4, 4, ISA_F_LOAD);
  sim_mem_vector(&d->mem, 1, 0, &warm, st, &nreq);
  sim_memsys_reset_queues(&d->mem);
  memset(st, 0, sizeof *st);
  return sim_mem_vector(&d->mem, 0, 0, a, st, &nreq);
}

START_TEST(test_atomics_serialize) {
  sim_device *d = dev_set(NULL, 0);
  sim_stats st;
  /* 32 lanes on one address: 32 steps */
  isa_access same = acc(SIM_MEM_BASE, 32, 0, 4, ISA_F_ATOMIC | ISA_F_LOAD | ISA_F_STORE);
  ck_assert_uint_eq(atomic_at(d, &same, &st), 50 + 32 * 2);
  ck_assert_uint_eq(st.l2_atomic_ops, 32);
  ck_assert_uint_eq(st.l2_atomic_cycles, 64);
  ck_assert_uint_eq(st.l1_hits + st.l1_misses, 0); /* atomics bypass the L1 */
  ck_assert_uint_eq(st.l2_hits, 1);
  ck_assert_uint_eq(st.l2_write_sectors, 1);
  /* 16 lanes on 16 addresses of one line: one step */
  isa_access distinct = acc(SIM_MEM_BASE + 1024, 16, 4, 4, ISA_F_ATOMIC | ISA_F_LOAD | ISA_F_STORE);
  ck_assert_uint_eq(atomic_at(d, &distinct, &st), 50 + 2);
  /* 16 lanes on 4 addresses, 4 lanes each: 4 steps */
  isa_access four = distinct;
  for (int i = 0; i < 16; i++) four.addr[i] = SIM_MEM_BASE + 2048 + (uint64_t)(i % 4) * 4;
  ck_assert_uint_eq(atomic_at(d, &four, &st), 50 + 8);
  /* a second same-address atomic enters the pipeline at 1 and waits for
   * the slice: the first holds it 1 (one sector) + 64 cycles */
  uint32_t nreq;
  ck_assert_uint_eq(atomic_at(d, &same, &st), 114);
  ck_assert_uint_eq(sim_mem_vector(&d->mem, 0, 0, &same, &st, &nreq), 65 + 50 + 64);
  sim_device_destroy(d);
}
END_TEST

int main(void) {
  Suite *s = suite_create("l2");
  TCase *tc = tcase_create("l2");
  tcase_add_test(tc, test_slice_hash_spreads_stride);
  tcase_add_test(tc, test_slice_queues);
  tcase_add_test(tc, test_atomics_serialize);
  suite_add_tcase(s, tc);
  SRunner *r = srunner_create(s);
  srunner_run_all(r, CK_NORMAL);
  int failed = srunner_ntests_failed(r);
  srunner_free(r);
  return failed ? 1 : 0;
}
