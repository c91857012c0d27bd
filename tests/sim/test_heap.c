/* The timing model's primitives (sim/sim_res.h, sim_heap.c): a reservation
 * starts a request at max(arrival, free) and moves on by its occupancy; the
 * heap pops in (time, id) order, ties broken by id, growing as it fills. */
#include <check.h>
#include <stdlib.h>

#include "check_run.h"
#include "sim_res.h"

START_TEST(test_res) {
  sim_res r = {0};
  ck_assert_double_eq(sim_res_take(&r, 5, 2.5), 5);
  ck_assert_double_eq(sim_res_take(&r, 6, 1), 7.5); /* busy until 7.5 */
  ck_assert_double_eq(r.free, 8.5);
  ck_assert_double_eq(sim_res_take(&r, 20, 0), 20);
  sim_pipe p = {0};
  ck_assert_uint_eq(sim_pipe_take(&p, 3, 4), 3);
  ck_assert_uint_eq(sim_pipe_take(&p, 0, 1), 7);
  ck_assert_uint_eq(sim_ceil(7.0), 7);
  ck_assert_uint_eq(sim_ceil(7.25), 8);
}
END_TEST

START_TEST(test_heap) {
  sim_heap h;
  ck_assert_int_eq(sim_heap_init(&h, 2), 0);
  /* more than the initial room, with ties on time */
  const uint64_t t[] = {50, 10, 30, 10, 70, 30, 10, 5, 90, 30};
  for (uint32_t i = 0; i < 10; i++) ck_assert_int_eq(sim_heap_push(&h, t[i], 9 - i), 0);
  uint64_t last_t = 0;
  uint32_t last_id = 0;
  for (int i = 0; i < 10; i++) {
    sim_hent e = sim_heap_pop(&h);
    ck_assert(e.t > last_t || (e.t == last_t && (i == 0 || e.id > last_id)));
    last_t = e.t, last_id = e.id;
  }
  ck_assert_uint_eq(h.n, 0);
  sim_heap_fini(&h);
  ck_assert_int_eq(sim_heap_init(&h, 0), 0);
  ck_assert_int_eq(sim_heap_push(&h, 4, 1), 0);
  ck_assert_uint_eq(sim_heap_pop(&h).t, 4);
  sim_heap_fini(&h);
}
END_TEST

/* sim_heap_delay: an entry found by id moves to a later time and takes a
 * new id (an MSHR's provisional fill made real, sim_msg.h); never earlier,
 * id 0 matches nothing, a missing id changes nothing. */
START_TEST(test_heap_delay) {
  sim_heap h;
  ck_assert_int_eq(sim_heap_init(&h, 4), 0);
  ck_assert_int_eq(sim_heap_push(&h, 50, 1), 0);
  ck_assert_int_eq(sim_heap_push(&h, 60, 2), 0);
  ck_assert_int_eq(sim_heap_push(&h, 70, 0), 0);
  ck_assert_int_eq(sim_heap_delay(&h, 1, 100, 0), 1); /* 50 -> 100: now the latest */
  ck_assert_int_eq(sim_heap_delay(&h, 2, 10, 0), 1);  /* never earlier: stays 60, id 0 */
  ck_assert_int_eq(sim_heap_delay(&h, 7, 10, 0), 0);
  ck_assert_int_eq(sim_heap_delay(&h, 0, 10, 0), 0);
  sim_hent a = sim_heap_pop(&h), b = sim_heap_pop(&h), c = sim_heap_pop(&h);
  ck_assert_uint_eq(a.t, 60);
  ck_assert_uint_eq(a.id, 0);
  ck_assert_uint_eq(b.t, 70);
  ck_assert_uint_eq(c.t, 100);
  ck_assert_uint_eq(c.id, 0);
  sim_heap_fini(&h);
}
END_TEST

int main(void) {
  Suite *s = suite_create("sim_heap");
  TCase *tc = tcase_create("core");
  tcase_add_test(tc, test_res);
  tcase_add_test(tc, test_heap);
  tcase_add_test(tc, test_heap_delay);
  suite_add_tcase(s, tc);
  return check_run(s);
}
