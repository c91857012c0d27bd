/* The message boundary between the compute units and the L2 (sim/sim_msg.c):
 * the merge delivers messages in (t, cu, seq) order whatever order the CUs
 * produced them in, a message stamped at or past the quantum's end waits
 * for its own quantum, a pending operation resolves once with its
 * provisional completion moved by its latest answer's lateness, and an
 * L1's MSHR entry and line fill time are patched from P to R (teaching
 * config: l2.latency 50, so P = arrival + 50; the stub L2 answers
 * arrival + 100). */
#include <check.h>
#include <stdlib.h>

#include "check_run.h"
#include "sim_access.h"
#include "sim_cu_mem.h"
#include "sim_stub.h"

/* What the resolve callback saw. */
typedef struct seen {
  unsigned n;
  sim_msg_op op[8];
} seen;

static void record(void *ctx, const sim_msg_op *op) {
  seen *s = ctx;
  ck_assert_uint_lt(s->n, 8);
  s->op[s->n++] = *op;
}

/* One message of box b for the L2 line at addr, arriving at t, in a
 * request of its own (posted: nobody waits for it). */
static void post(sim_msgbox *b, uint64_t addr, uint64_t t) {
  uint32_t r = sim_msgbox_req_open(b, t + 50, 1);
  sim_req q = {.addr = addr,
               .mask = 1,
               .block = 64,
               .sector = 32,
               .cu = b->cu,
               .kind = SIM_REQ_READ,
               .t = (double)t};
  sim_msgbox_send(b, r, &q);
}

/* CU 1 produces its messages first, each CU out of time order; the L2 sees
 * them by arrival, then CU, then each CU's own order. A message at 12 is
 * past the quantum ending at 10: it waits for the next merge. */
START_TEST(test_merge_order) {
  sim_msgbox b[2];
  sim_msgbox *boxes[2] = {&b[0], &b[1]};
  for (uint32_t i = 0; i < 2; i++) sim_msgbox_init(&b[i], i, 50), sim_msgbox_reset(&b[i], 1);
  post(&b[1], 0xa00, 5);
  post(&b[0], 0xb00, 5);
  post(&b[0], 0xc00, 3);
  post(&b[1], 0xd00, 3);
  post(&b[0], 0xe00, 5);
  post(&b[0], 0xf00, 12);
  stub l2;
  sim_port port = stub_port(&l2, 100, 64, 32);
  seen s = {0};
  sim_msg_merge g = {0};
  uint64_t last = sim_msg_merge_run(&g, boxes, 2, 10, &port, record, &s);
  ck_assert_uint_eq(last, 105);
  ck_assert_uint_eq(l2.n, 5);
  const uint64_t want[] = {0xc00, 0xd00, 0xb00, 0xe00, 0xa00};
  const uint32_t cu[] = {0, 1, 0, 0, 1};
  for (unsigned i = 0; i < 5; i++) {
    ck_assert_uint_eq(l2.got[i].addr, want[i]);
    ck_assert_uint_eq(l2.got[i].cu, cu[i]);
  }
  ck_assert_uint_eq(s.n, 0); /* posted: no operation waits */
  ck_assert_int_eq(sim_msgbox_busy(&b[0]), 1);
  ck_assert_uint_eq(sim_msgbox_first(&b[0]), 12);
  ck_assert_int_eq(sim_msgbox_busy(&b[1]), 0);
  sim_msg_merge_run(&g, boxes, 2, 20, &port, record, &s);
  ck_assert_uint_eq(l2.n, 6);
  ck_assert_uint_eq(l2.got[5].addr, 0xf00);
  ck_assert_int_eq(sim_msgbox_busy(&b[0]), 0);
  ck_assert_uint_eq(g.messages, 6);
  ck_assert_uint_eq(g.merges, 2);
  sim_msg_merge_fini(&g);
  for (uint32_t i = 0; i < 2; i++) sim_msgbox_fini(&b[i]);
}
END_TEST

/* An operation of two requests: the first (P 50) sends messages at 0 and 2,
 * answered 100 and 102 (R - P = 52); the second (P 60) one at 10, answered
 * 110 (50). It resolves once, after its last answer, at its provisional
 * completion 65 + 52. */
START_TEST(test_op_resolves_with_latest_lateness) {
  sim_msgbox b;
  sim_msgbox *boxes[1] = {&b};
  sim_msgbox_init(&b, 0, 50);
  sim_msgbox_reset(&b, 1);
  int owner;
  sim_msgbox_op_begin(&b);
  sim_req q = {.addr = 0x100, .mask = 1, .block = 64, .sector = 32, .kind = SIM_REQ_READ};
  uint32_t r1 = sim_msgbox_req_open(&b, 50, 0);
  q.t = 0, sim_msgbox_send(&b, r1, &q);
  q.t = 2, q.addr = 0x140, sim_msgbox_send(&b, r1, &q);
  uint32_t r2 = sim_msgbox_req_open(&b, 60, 0);
  q.t = 10, q.addr = 0x180, sim_msgbox_send(&b, r2, &q);
  uint32_t op = sim_msgbox_op_end(&b, &owner, 7, 3, 65);
  ck_assert_uint_ne(op, SIM_MSG_NONE);
  /* an instruction that sent nothing waits for nothing */
  sim_msgbox_op_begin(&b);
  ck_assert_uint_eq(sim_msgbox_op_end(&b, &owner, 8, 3, 20), SIM_MSG_NONE);
  stub l2;
  sim_port port = stub_port(&l2, 100, 64, 32);
  seen s = {0};
  sim_msg_merge g = {0};
  sim_msg_merge_run(&g, boxes, 1, 5, &port, record, &s);
  ck_assert_uint_eq(s.n, 0); /* the message at 10 is still out */
  ck_assert_int_eq(sim_msgbox_busy(&b), 1);
  sim_msg_merge_run(&g, boxes, 1, 50, &port, record, &s);
  ck_assert_uint_eq(s.n, 1);
  ck_assert_ptr_eq(s.op[0].owner, &owner);
  ck_assert_uint_eq(s.op[0].pc, 7);
  ck_assert_uint_eq(s.op[0].kind, 3);
  ck_assert_uint_eq(s.op[0].prov + s.op[0].delta, 65 + 52);
  ck_assert_uint_eq(s.op[0].rmax, 110);
  ck_assert_int_eq(sim_msgbox_busy(&b), 0);
  sim_msg_merge_fini(&g);
  sim_msgbox_fini(&b);
}
END_TEST

/* An L1 miss at 0 (one 64-byte line: the link takes it in a cycle) gets the
 * provisional fill 50 in its MSHR and line; a second operation hitting the
 * line in flight at 5 joins the request. The merge answers 100: both
 * operations resolve at 100, the MSHR entry and the line's fill time become
 * 100, so a later hit waits for 100, not 50. */
START_TEST(test_l1_patched) {
  cfg_device c;
  stub_cfg(&c, NULL, 0);
  sim_cu_mem_params p;
  sim_cu_mem_params_read(&p, &c);
  cfg_fini(&c);
  stub l2;
  sim_port port = stub_port(&l2, 100, 64, 32);
  sim_cu_mem *m = calloc(1, sizeof *m);
  ck_assert_ptr_nonnull(m);
  ck_assert_int_eq(sim_cu_mem_init(m, &p, 0, port), 0);
  sim_cu_mem_reset(m, 1);
  sim_msgbox *boxes[1] = {&m->box};
  uint32_t nreq;
  isa_access a = acc(0x1000, 16, 4, 4, ISA_F_LOAD);
  int w1, w2;
  sim_msgbox_op_begin(&m->box);
  ck_assert_uint_eq(sim_l1_access(&m->l1, 0, &a, &nreq), 50);
  ck_assert_uint_ne(sim_msgbox_op_end(&m->box, &w1, 1, 0, 50), SIM_MSG_NONE);
  ck_assert_uint_eq(m->l1.mshr.n, 1);
  ck_assert_uint_eq(m->l1.mshr.e[0].t, 50);
  ck_assert_uint_eq(l2.n, 0); /* nothing reached the L2 yet */
  sim_msgbox_op_begin(&m->box);
  ck_assert_uint_eq(sim_l1_access(&m->l1, 5, &a, &nreq), 50);
  ck_assert_uint_ne(sim_msgbox_op_end(&m->box, &w2, 2, 0, 50), SIM_MSG_NONE);
  seen s = {0};
  sim_msg_merge g = {0};
  sim_msg_merge_run(&g, boxes, 1, 50, &port, record, &s);
  ck_assert_uint_eq(l2.n, 1);
  ck_assert_uint_eq(s.n, 2);
  for (unsigned i = 0; i < 2; i++) ck_assert_uint_eq(s.op[i].prov + s.op[i].delta, 100);
  ck_assert_uint_eq(m->l1.mshr.n, 1);
  ck_assert_uint_eq(m->l1.mshr.e[0].t, 100);
  ck_assert_uint_eq(sim_l1_access(&m->l1, 60, &a, &nreq), 100);
  ck_assert_uint_eq(m->l1.stats.l1_mshr_merges, 2);
  sim_msg_merge_fini(&g);
  sim_cu_mem_fini(m);
  free(m);
}
END_TEST

/* The scalar cache's line fill time is patched the same way: a miss at 0
 * answers P + latency.smem provisionally; after the merge (R = 100) a hit
 * waits for R + latency.smem. */
START_TEST(test_scache_patched) {
  cfg_device c;
  stub_cfg(&c, NULL, 0);
  sim_cu_mem_params p;
  sim_cu_mem_params_read(&p, &c);
  cfg_fini(&c);
  stub l2;
  sim_port port = stub_port(&l2, 100, 64, 32);
  sim_cu_mem *m = calloc(1, sizeof *m);
  ck_assert_ptr_nonnull(m);
  ck_assert_int_eq(sim_cu_mem_init(m, &p, 0, port), 0);
  sim_cu_mem_reset(m, 1);
  sim_msgbox *boxes[1] = {&m->box};
  uint64_t lat = p.scache.latency;
  int w;
  sim_msgbox_op_begin(&m->box);
  ck_assert_uint_eq(sim_scache_load(&m->scache, 0, 0x2000), 50 + lat);
  ck_assert_uint_ne(sim_msgbox_op_end(&m->box, &w, 1, 0, 50 + lat), SIM_MSG_NONE);
  seen s = {0};
  sim_msg_merge g = {0};
  sim_msg_merge_run(&g, boxes, 1, 50, &port, record, &s);
  ck_assert_uint_eq(s.n, 1);
  ck_assert_uint_eq(s.op[0].prov + s.op[0].delta, 100 + lat);
  ck_assert_uint_eq(sim_scache_load(&m->scache, 60, 0x2000), 100 + lat);
  sim_msg_merge_fini(&g);
  sim_cu_mem_fini(m);
  free(m);
}
END_TEST

/* With messages off (outside a timing launch) the link calls the L2 at once. */
START_TEST(test_off_is_synchronous) {
  cfg_device c;
  stub_cfg(&c, NULL, 0);
  sim_cu_mem_params p;
  sim_cu_mem_params_read(&p, &c);
  cfg_fini(&c);
  stub l2;
  sim_port port = stub_port(&l2, 100, 64, 32);
  sim_cu_mem *m = calloc(1, sizeof *m);
  ck_assert_ptr_nonnull(m);
  ck_assert_int_eq(sim_cu_mem_init(m, &p, 0, port), 0);
  uint32_t nreq;
  isa_access a = acc(0x1000, 16, 4, 4, ISA_F_LOAD);
  ck_assert_uint_eq(sim_l1_access(&m->l1, 0, &a, &nreq), 100);
  ck_assert_uint_eq(l2.n, 1);
  ck_assert_int_eq(sim_msgbox_busy(&m->box), 0);
  sim_cu_mem_fini(m);
  free(m);
}
END_TEST

int main(void) {
  Suite *s = suite_create("sim_msg");
  TCase *tc = tcase_create("core");
  tcase_add_test(tc, test_merge_order);
  tcase_add_test(tc, test_op_resolves_with_latest_lateness);
  tcase_add_test(tc, test_l1_patched);
  tcase_add_test(tc, test_scache_patched);
  tcase_add_test(tc, test_off_is_synchronous);
  suite_add_tcase(s, tc);
  return check_run(s);
}
