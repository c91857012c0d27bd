/* The CU-to-L2 link (sim/sim_noc.c, an instance per CU) alone, from the teaching config and a
 * stub L2: bandwidth per CU and direction, a block split into the L2's
 * lines and sectors, written-whole and written-in-part sectors sent apart,
 * and an atomic's lanes counted once. */
#include <check.h>
#include <stdlib.h>

#include "check_run.h"
#include "sim_noc.h"
#include "sim_stub.h"

static sim_noc noc_make(const char *const *sets, size_t nsets, stub *l2, uint32_t line,
                        uint32_t sector) {
  cfg_device c;
  stub_cfg(&c, sets, nsets);
  sim_noc_params p;
  sim_noc_params_read(&p, &c);
  cfg_fini(&c);
  sim_noc n;
  sim_noc_init(&n, &p, stub_port(l2, 50, line, sector), NULL);
  return n;
}

static sim_req req(uint32_t cu, uint64_t addr, uint64_t mask, int kind, uint64_t t) {
  return (sim_req){.addr = addr,
                   .mask = mask,
                   .block = 64,
                   .sector = 32,
                   .cu = cu,
                   .kind = (uint8_t)kind,
                   .t = (double)t};
}

/* noc.bytes_per_cycle 16: a 64-byte line holds CU 0's outgoing link 4
 * cycles; the next request leaving at 0 goes at 4. CU 1's link (another
 * instance) and CU 0's incoming one are separate wires. */
START_TEST(test_link_bandwidth) {
  const char *sets[] = {"noc.bytes_per_cycle=16"};
  stub l2;
  sim_noc n1 = noc_make(sets, 1, &l2, 64, 32);
  sim_noc n = noc_make(sets, 1, &l2, 64, 32);
  sim_req w = req(0, 0x1000, 3, SIM_REQ_WRITE, 0);
  ck_assert_double_eq(sim_noc_request(&n, &w), 50);
  ck_assert_double_eq(sim_noc_request(&n, &w), 54);
  ck_assert_double_eq(l2.got[1].t, 4);
  sim_req w1 = req(1, 0x1000, 3, SIM_REQ_WRITE, 0);
  ck_assert_double_eq(sim_noc_request(&n1, &w1), 50);
  ck_assert_uint_eq(l2.got[2].cu, 1);
  sim_req r0 = req(0, 0x1000, 1, SIM_REQ_READ, 0);
  ck_assert_double_eq(sim_noc_request(&n, &r0), 50);
  /* half a line: 2 cycles; the incoming link is now free at 2 */
  ck_assert_double_eq(sim_noc_request(&n, &r0), 52);
  sim_noc_reset(&n);
  ck_assert_double_eq(sim_noc_request(&n, &w), 50);
}
END_TEST

/* noc.bytes_per_cycle 0: unlimited, the request passes at once. */
START_TEST(test_unlimited) {
  const char *sets[] = {"noc.bytes_per_cycle=0"};
  stub l2;
  sim_noc n = noc_make(sets, 1, &l2, 64, 32);
  sim_req w = req(0, 0x1000, 3, SIM_REQ_WRITE, 7);
  for (int i = 0; i < 4; i++) ck_assert_double_eq(sim_noc_request(&n, &w), 57);
}
END_TEST

/* A 128-byte block of four 32-byte sectors to an L2 of 64-byte lines with
 * 64-byte sectors: sectors 1 and 2 land in two lines, one L2 sector each;
 * an atomic's lanes ride on the first part only. */
START_TEST(test_split) {
  stub l2;
  sim_noc n = noc_make(NULL, 0, &l2, 64, 64);
  sim_req a = {.addr = 0x2000,
               .mask = 0x6,
               .block = 128,
               .sector = 32,
               .kind = SIM_REQ_ATOMIC,
               .steps = 3,
               .lanes = 7,
               .t = 0};
  sim_noc_request(&n, &a);
  ck_assert_uint_eq(l2.n, 2);
  ck_assert_uint_eq(l2.got[0].addr, 0x2000);
  ck_assert_uint_eq(l2.got[0].mask, 1);
  ck_assert_uint_eq(l2.got[0].lanes, 7);
  ck_assert_uint_eq(l2.got[1].addr, 0x2040);
  ck_assert_uint_eq(l2.got[1].mask, 1);
  ck_assert_uint_eq(l2.got[1].lanes, 0);
  ck_assert_uint_eq(l2.got[1].steps, 3);
  ck_assert_uint_eq(l2.got[1].kind, SIM_REQ_ATOMIC);
}
END_TEST

/* A store's whole and partial sectors cross the link together (one
 * booking of both) and reach the L2 as two requests. */
START_TEST(test_whole_and_part) {
  const char *sets[] = {"noc.bytes_per_cycle=16"};
  stub l2;
  sim_noc n = noc_make(sets, 1, &l2, 64, 32);
  sim_req w = req(0, 0x3000, 1, SIM_REQ_WRITE, 0);
  w.part = 2;
  ck_assert_double_eq(sim_noc_request(&n, &w), 50);
  ck_assert_uint_eq(l2.n, 2);
  ck_assert_uint_eq(l2.got[0].kind, SIM_REQ_WRITE);
  ck_assert_uint_eq(l2.got[0].mask, 1);
  ck_assert_uint_eq(l2.got[1].kind, SIM_REQ_WRITE_PARTIAL);
  ck_assert_uint_eq(l2.got[1].mask, 2);
  /* the next one waits for both sectors' 4 cycles */
  ck_assert_double_eq(sim_noc_request(&n, &w), 54);
}
END_TEST

static Suite *suite(void) {
  Suite *s = suite_create("sim_noc");
  TCase *tc = tcase_create("core");
  tcase_add_test(tc, test_link_bandwidth);
  tcase_add_test(tc, test_unlimited);
  tcase_add_test(tc, test_split);
  tcase_add_test(tc, test_whole_and_part);
  suite_add_tcase(s, tc);
  return s;
}

int main(void) {
  return check_run(suite());
}
