/* The LDS (sim/sim_lds.c) as a component, from the teaching config (32
 * banks of 4 bytes, latency 10): an access's passes on the CU's pipeline,
 * conflicts counted beyond the conflict-free minimum, barrier arrivals
 * occupying the pipeline, and the pipeline shared with the L1's when
 * lds.shares_l1_port. (Bank arithmetic itself: test_sim_memsys.) */
#include <check.h>
#include <stdlib.h>

#include "check_run.h"
#include "sim_lds.h"
#include "sim_stub.h"

static isa_access acc(uint32_t n, uint64_t stride, uint8_t kind) {
  isa_access a;
  memset(&a, 0, sizeof a);
  a.space = ISA_SPACE_LDS;
  a.size = 4;
  a.kind = kind;
  a.mask = n >= 64 ? ~0ull : ((1ull << n) - 1);
  for (uint32_t i = 0; i < n; i++) a.addr[i] = i * stride;
  return a;
}

START_TEST(test_lds) {
  cfg_device c;
  stub_cfg(&c, NULL, 0);
  sim_lds_params p;
  sim_lds_params_read(&p, &c);
  cfg_fini(&c);
  sim_lds l, l1;
  sim_lds_init(&l, &p);
  sim_lds_init(&l1, &p);
  uint64_t conflict;
  /* 32 lanes, consecutive words: one pass, data back at 0 + 1 - 1 + 10 */
  isa_access a = acc(32, 4, ISA_F_LOAD);
  ck_assert_uint_eq(sim_lds_access(&l, 0, &a, 0, &conflict), 10);
  ck_assert_uint_eq(conflict, 0);
  /* stride 2 words: two lanes per bank, two passes; it starts at 1 */
  isa_access b = acc(32, 8, ISA_F_LOAD);
  ck_assert_uint_eq(sim_lds_access(&l, 0, &b, 0, &conflict), 1 + 2 - 1 + 10);
  ck_assert_uint_eq(conflict, 1);
  ck_assert_uint_eq(l.stats.lds_accesses, 2);
  ck_assert_uint_eq(l.stats.lds_bank_conflict_cycles, 1);
  /* 5 cycles of barrier arrivals at 3 push the next access to 8 */
  sim_lds_occupy(&l, 3, 5);
  ck_assert_uint_eq(sim_lds_access(&l, 0, &a, 0, &conflict), 8 + 10);
  /* another CU's LDS (another instance) has its own pipeline and counters...
   * until it shares one */
  ck_assert_uint_eq(sim_lds_access(&l1, 0, &a, 0, &conflict), 10);
  ck_assert_uint_eq(l1.stats.lds_accesses, 1);
  ck_assert_uint_eq(l.stats.lds_accesses, 3);
  sim_pipe shared = {100};
  sim_lds_share_pipe(&l1, &shared);
  ck_assert_uint_eq(sim_lds_access(&l1, 0, &a, 0, &conflict), 110);
  ck_assert_uint_eq(shared.free, 101);
  /* atomics: 4 lanes on one word serialize (lds.atomic_combine off) */
  isa_access at = acc(4, 0, ISA_F_ATOMIC);
  sim_lds_reset(&l);
  ck_assert_uint_eq(sim_lds_access(&l, 0, &at, 1, &conflict), 4 - 1 + 10);
  ck_assert_uint_eq(l.stats.lds_accesses, 1); /* reset zeroed them */
}
END_TEST

int main(void) {
  Suite *su = suite_create("sim_lds");
  TCase *tc = tcase_create("core");
  tcase_add_test(tc, test_lds);
  suite_add_tcase(su, tc);
  return check_run(su);
}
