/* Tests for sim/sim_hb.c, the race check's happens-before through atomics:
 * release/acquire across work-groups, scopes, relaxed orders, release
 * sequences, fences, failed compare-exchanges, barriers, the group barrier
 * count and the bound on its state. Wave size 32 throughout; items are
 * (group, local index). */
#include <check.h>
#include <stdlib.h>

#include "check_run.h"
#include "isa.h"
#include "sim_hb.h"

#define REL(scope) ISA_SYNC(ISA_SYNC_REL, ISA_SCOPE_##scope)
#define ACQ(scope) ISA_SYNC(ISA_SYNC_ACQ, ISA_SCOPE_##scope)
#define AR(scope) ISA_SYNC(ISA_SYNC_ACQ | ISA_SYNC_REL, ISA_SCOPE_##scope)
#define RLX(scope) ISA_SYNC(0, ISA_SCOPE_##scope)
#define NOBAR UINT32_MAX
#define FLAG 0x1000u /* a location */

/* Two resident groups: 0 in slot 0, 1 in slot 1. */
static sim_hb *two_groups(void) {
  sim_hb *h = sim_hb_create(2, 32, SIM_HB_MAX_ENTRIES);
  ck_assert_ptr_nonnull(h);
  sim_hb_group(h, 0, 0);
  sim_hb_group(h, 1, 1);
  return h;
}

/* Item (0, 3) accessed at clock t0, released FLAG at `rel`; item (1, 5)
 * acquires it with `acq`: whether the access is ordered before (1, 5). */
static int handoff(uint8_t rel, uint8_t acq) {
  sim_hb *h = two_groups();
  uint32_t t0 = sim_hb_clock(h, 0, 3);
  ck_assert_uint_eq(t0, 1);
  ck_assert_int_eq(sim_hb_atomic(h, 0, 0, 3, FLAG, rel, 1, 0), 0);
  ck_assert_int_eq(sim_hb_atomic(h, 1, 1, 5, FLAG, acq, 0, 0), 0);
  int r = sim_hb_before(h, 1, 1, 5, 0, 3, t0, NOBAR);
  sim_hb_destroy(h);
  return r;
}

START_TEST(test_release_acquire_device) {
  ck_assert_int_eq(handoff(REL(DEVICE), ACQ(DEVICE)), 1);
  ck_assert_int_eq(handoff(AR(ALL), AR(DEVICE)), 1);
  /* relaxed on either side: nothing */
  ck_assert_int_eq(handoff(RLX(DEVICE), ACQ(DEVICE)), 0);
  ck_assert_int_eq(handoff(REL(DEVICE), RLX(DEVICE)), 0);
  /* a store does not acquire, a load does not release */
  ck_assert_int_eq(handoff(ACQ(DEVICE), ACQ(DEVICE)), 0);
}
END_TEST

START_TEST(test_scopes) {
  /* work-group scope on either side does not hold two groups */
  ck_assert_int_eq(handoff(REL(GROUP), ACQ(DEVICE)), 0);
  ck_assert_int_eq(handoff(REL(DEVICE), ACQ(GROUP)), 0);
  /* within a group: work-group scope does; sub-group scope only in one wave */
  sim_hb *h = two_groups();
  ck_assert_int_eq(sim_hb_atomic(h, 0, 0, 3, FLAG, REL(GROUP), 1, 0), 0);
  ck_assert_int_eq(sim_hb_atomic(h, 0, 0, 40, FLAG, ACQ(GROUP), 0, 0), 0);
  ck_assert_int_eq(sim_hb_before(h, 0, 0, 40, 0, 3, 1, NOBAR), 1);
  ck_assert_int_eq(sim_hb_atomic(h, 0, 0, 7, FLAG + 8, REL(SUBGROUP), 1, 0), 0);
  ck_assert_int_eq(sim_hb_atomic(h, 0, 0, 41, FLAG + 8, ACQ(SUBGROUP), 0, 0), 0); /* wave 1 */
  ck_assert_int_eq(sim_hb_before(h, 0, 0, 41, 0, 7, 1, NOBAR), 0);
  ck_assert_int_eq(sim_hb_atomic(h, 0, 0, 9, FLAG + 8, ACQ(SUBGROUP), 0, 0), 0); /* wave 0 */
  ck_assert_int_eq(sim_hb_before(h, 0, 0, 9, 0, 7, 1, NOBAR), 1);
  sim_hb_destroy(h);
}
END_TEST

/* what a release publishes is what came before it: the releaser's later
 * accesses (a higher clock) are not ordered, nor are the acquirer's
 * earlier ones relevant (it acquires at the point it reads) */
START_TEST(test_clock_advances) {
  sim_hb *h = two_groups();
  ck_assert_int_eq(sim_hb_atomic(h, 0, 0, 3, FLAG, REL(DEVICE), 1, 0), 0);
  uint32_t after = sim_hb_clock(h, 0, 3);
  ck_assert_uint_eq(after, 2);
  ck_assert_int_eq(sim_hb_atomic(h, 1, 1, 5, FLAG, ACQ(DEVICE), 0, 0), 0);
  ck_assert_int_eq(sim_hb_before(h, 1, 1, 5, 0, 3, 1, NOBAR), 1);
  ck_assert_int_eq(sim_hb_before(h, 1, 1, 5, 0, 3, after, NOBAR), 0);
  /* another item of group 1 acquired nothing */
  ck_assert_int_eq(sim_hb_before(h, 1, 1, 6, 0, 3, 1, NOBAR), 0);
  /* an unknown clock (0) is never ordered */
  ck_assert_int_eq(sim_hb_before(h, 1, 1, 5, 0, 3, 0, NOBAR), 0);
  sim_hb_destroy(h);
}
END_TEST

/* a lock handed on: each holder acquires what every earlier one released */
START_TEST(test_lock_chain) {
  sim_hb *h = sim_hb_create(4, 32, SIM_HB_MAX_ENTRIES);
  for (uint32_t g = 0; g < 4; g++) sim_hb_group(h, g, g);
  for (uint32_t g = 0; g < 4; g++) {
    ck_assert_int_eq(sim_hb_atomic(h, g, g, 0, FLAG, ACQ(DEVICE), 1, 0), 0); /* lock */
    ck_assert_int_eq(sim_hb_atomic(h, g, g, 0, FLAG, REL(DEVICE), 1, 0), 0); /* unlock */
  }
  ck_assert_int_eq(sim_hb_atomic(h, 3, 3, 1, FLAG, ACQ(DEVICE), 1, 0), 0);
  for (uint32_t g = 0; g < 4; g++) ck_assert_int_eq(sim_hb_before(h, 3, 3, 1, g, 0, 1, NOBAR), 1);
  ck_assert_uint_gt(sim_hb_entries(h), 0);
  sim_hb_destroy(h);
}
END_TEST

/* an RMW of another item continues the release sequence; a failed
 * compare-exchange (no store) does not release */
START_TEST(test_release_sequence_and_failed_cas) {
  sim_hb *h = two_groups();
  ck_assert_int_eq(sim_hb_atomic(h, 0, 0, 3, FLAG, REL(DEVICE), 1, 0), 0);
  ck_assert_int_eq(sim_hb_atomic(h, 0, 0, 4, FLAG, RLX(DEVICE), 1, 0), 0);
  ck_assert_int_eq(sim_hb_atomic(h, 1, 1, 5, FLAG, ACQ(DEVICE), 0, 0), 0);
  ck_assert_int_eq(sim_hb_before(h, 1, 1, 5, 0, 3, 1, NOBAR), 1);
  ck_assert_int_eq(sim_hb_before(h, 1, 1, 5, 0, 4, 1, NOBAR), 0); /* relaxed: not a release */
  ck_assert_int_eq(sim_hb_atomic(h, 0, 0, 8, FLAG + 4, AR(DEVICE), 0, 0), 0); /* failed */
  ck_assert_int_eq(sim_hb_atomic(h, 1, 1, 9, FLAG + 4, ACQ(DEVICE), 0, 0), 0);
  ck_assert_int_eq(sim_hb_before(h, 1, 1, 9, 0, 8, 1, NOBAR), 0);
  sim_hb_destroy(h);
}
END_TEST

/* release fence then relaxed store; relaxed load then acquire fence */
START_TEST(test_fences) {
  sim_hb *h = two_groups();
  ck_assert_int_eq(sim_hb_fence(h, 0, 0, 3, REL(DEVICE), 0), 0);
  uint32_t between = sim_hb_clock(h, 0, 3); /* an access between fence and store */
  ck_assert_int_eq(sim_hb_atomic(h, 0, 0, 3, FLAG, RLX(DEVICE), 1, 0), 0);
  ck_assert_int_eq(sim_hb_atomic(h, 1, 1, 5, FLAG, RLX(DEVICE), 0, 0), 0);
  ck_assert_int_eq(sim_hb_before(h, 1, 1, 5, 0, 3, 1, NOBAR), 0); /* no acquire fence yet */
  ck_assert_int_eq(sim_hb_fence(h, 1, 1, 5, ACQ(GROUP), 0), 0);   /* too narrow */
  ck_assert_int_eq(sim_hb_before(h, 1, 1, 5, 0, 3, 1, NOBAR), 0);
  ck_assert_int_eq(sim_hb_fence(h, 1, 1, 5, ACQ(DEVICE), 0), 0);
  ck_assert_int_eq(sim_hb_before(h, 1, 1, 5, 0, 3, 1, NOBAR), 1);
  ck_assert_int_eq(sim_hb_before(h, 1, 1, 5, 0, 3, between, NOBAR), 0);
  /* an acquire load of the flag takes the fence's release at once */
  ck_assert_int_eq(sim_hb_atomic(h, 1, 1, 6, FLAG, ACQ(DEVICE), 0, 0), 0);
  ck_assert_int_eq(sim_hb_before(h, 1, 1, 6, 0, 3, 1, NOBAR), 1);
  sim_hb_destroy(h);
}
END_TEST

/* a barrier (global fence) passes what one item acquired to its whole
 * group; accesses after it are not covered by it */
START_TEST(test_barrier_passes_acquired) {
  sim_hb *h = two_groups();
  ck_assert_int_eq(sim_hb_atomic(h, 0, 0, 3, FLAG, REL(DEVICE), 1, 0), 0);
  ck_assert_int_eq(sim_hb_atomic(h, 1, 1, 0, FLAG, ACQ(DEVICE), 0, 0), 0);
  ck_assert_int_eq(sim_hb_before(h, 1, 1, 7, 0, 3, 1, NOBAR), 0);
  uint32_t before = sim_hb_clock(h, 1, 0);
  ck_assert_int_eq(sim_hb_barrier(h, 1), 0);
  ck_assert_int_eq(sim_hb_before(h, 1, 1, 7, 0, 3, 1, NOBAR), 1);
  ck_assert_int_eq(sim_hb_before(h, 1, 1, 7, 1, 0, before, NOBAR), 1);
  ck_assert_int_eq(sim_hb_before(h, 1, 1, 7, 1, 0, sim_hb_clock(h, 1, 0), NOBAR), 0);
  /* a new group in the slot starts without it */
  sim_hb_group(h, 1, 2);
  ck_assert_int_eq(sim_hb_before(h, 1, 2, 7, 0, 3, 1, NOBAR), 0);
  sim_hb_destroy(h);
}
END_TEST

/* a release after the releaser's group passed barriers orders every item
 * of that group's global accesses from before them (obar: their count) */
START_TEST(test_group_barrier_count) {
  sim_hb *h = two_groups();
  ck_assert_int_eq(sim_hb_atomic(h, 0, 0, 0, FLAG, REL(DEVICE), 1, 2), 0);
  ck_assert_int_eq(sim_hb_atomic(h, 1, 1, 5, FLAG, ACQ(DEVICE), 0, 0), 0);
  ck_assert_int_eq(sim_hb_before(h, 1, 1, 5, 0, 9, 1, 1), 1);     /* item 9, before barrier 2 */
  ck_assert_int_eq(sim_hb_before(h, 1, 1, 5, 0, 9, 1, 2), 0);     /* after it */
  ck_assert_int_eq(sim_hb_before(h, 1, 1, 5, 0, 9, 1, NOBAR), 0); /* __local: not compared */
  sim_hb_destroy(h);
}
END_TEST

/* a group that ended gives its items' clocks back; the others still name
 * its items' clocks */
START_TEST(test_ended_group_freed) {
  sim_hb *h = two_groups();
  ck_assert_int_eq(sim_hb_atomic(h, 0, 0, 3, FLAG, REL(DEVICE), 1, 0), 0);
  ck_assert_int_eq(sim_hb_atomic(h, 1, 1, 5, FLAG, AR(DEVICE), 1, 0), 0);
  size_t held = sim_hb_entries(h);
  sim_hb_group(h, 1, 2); /* group 1 ended */
  ck_assert_uint_lt(sim_hb_entries(h), held);
  ck_assert_int_eq(sim_hb_atomic(h, 1, 2, 0, FLAG, ACQ(DEVICE), 0, 0), 0);
  ck_assert_int_eq(sim_hb_before(h, 1, 2, 0, 0, 3, 1, NOBAR), 1);
  ck_assert_int_eq(sim_hb_before(h, 1, 2, 0, 1, 5, 1, NOBAR), 1);
  sim_hb_destroy(h);
}
END_TEST

/* past the entry bound every call fails and says so */
START_TEST(test_bound) {
  sim_hb *h = sim_hb_create(8, 32, 6);
  for (uint32_t g = 0; g < 8; g++) sim_hb_group(h, g, g);
  int rc = 0;
  for (uint32_t g = 0; g < 8 && rc == 0; g++) {
    rc = sim_hb_atomic(h, g, g, 0, FLAG, ACQ(DEVICE), 1, 0);
    if (rc == 0) rc = sim_hb_atomic(h, g, g, 0, FLAG, REL(DEVICE), 1, 0);
  }
  ck_assert_int_eq(rc, -1);
  ck_assert_int_eq(sim_hb_full(h), 1);
  ck_assert_uint_le(sim_hb_entries(h), 6);
  sim_hb_destroy(h);
  sim_hb_destroy(NULL);
}
END_TEST

int main(void) {
  Suite *s = suite_create("sim_hb");
  TCase *tc = tcase_create("hb");
  tcase_add_test(tc, test_release_acquire_device);
  tcase_add_test(tc, test_scopes);
  tcase_add_test(tc, test_clock_advances);
  tcase_add_test(tc, test_lock_chain);
  tcase_add_test(tc, test_release_sequence_and_failed_cas);
  tcase_add_test(tc, test_fences);
  tcase_add_test(tc, test_barrier_passes_acquired);
  tcase_add_test(tc, test_group_barrier_count);
  tcase_add_test(tc, test_ended_group_freed);
  tcase_add_test(tc, test_bound);
  suite_add_tcase(s, tc);
  return check_run(s);
}
