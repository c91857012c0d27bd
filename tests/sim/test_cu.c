/* The compute-unit model on the teaching config: hand-computed cycle counts
 * for the wave schedulers, instruction fetch (icache misses, buffer refill),
 * issue ports, divergence costs and dispatcher placement. */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check_run.h"
#include "sim_tkernel.h"

static void kernel_init(isa_kernel *k, const char *text, uint32_t nvgprs) {
  stk_kernel_init(k, "cu", text, nvgprs, 16);
}

/* The teaching device with `n` --set overrides (NULL-terminated list). */
static sim_device *dev_set(const char *const *sets) { return stk_device("teaching", sets); }

/* Runs k over `global` work-items in groups of `local`; returns the stats. */
static sim_stats run(const char *const *sets, const isa_kernel *k, uint64_t global, uint64_t local,
                     int functional) {
  sim_device *d = dev_set(sets);
  sim_launch l;
  memset(&l, 0, sizeof l);
  l.kernel = k;
  l.work_dim = 1;
  l.global_size[0] = global;
  l.local_size[0] = local;
  l.global_size[1] = l.global_size[2] = l.local_size[1] = l.local_size[2] = 1;
  l.functional_only = functional;
  sim_stats st;
  char err[512] = "";
  sim_status s = sim_run(d, &l, &st, err, sizeof err);
  ck_assert_msg(s == SIM_OK, "status %d: %s", s, err);
  sim_device_destroy(d);
  return st;
}

static uint64_t cycles_of(const char *const *sets, const isa_kernel *k, uint64_t global,
                          uint64_t local) {
  sim_stats st = run(sets, k, global, local, 0);
  sim_stats_fini(&st);
  return st.cycles;
}

/* Two one-wave work-groups on one SIMD take different paths: group 0 (wave
 * A, the older) a dependent chain, group 1 (wave B) four independent moves.
 * Teaching: SALU latency 1, VALU latency 4, taken branch 2.
 *   oldest: A0@0 A1@1(taken, next 3) B0@2 A7@3 B1@4 B2@5 B3@6 A8@7 B4@8 B5@9
 *           B6@10 (B done at v6 = 13) A9@11 A10@12: A done at v3 = 15 -> 15
 *   round_robin: A0@0 B0@1 A1@2(taken, next 4) B1@3 A7@4 B2@5 B3@6 B4@7 A8@8
 *           B5@9 B6@10 (v6 = 13) A9@12 A10@13: v3 = 16 -> 16
 *   gto:    A0@0 A1@1 B0@2, then B keeps issuing while ready: B1@3 .. B6@8
 *           (v6 = 11); A7@9 A8@13 A9@17 A10@18: v3 = 21 -> 21 */
static const char *sched_src = "s_cmp_eq_u32 s4, 0\n"
                               "s_cbranch_scc1 chain\n"
                               "v_mov_b32 v3, 1\n"
                               "v_mov_b32 v4, 1\n"
                               "v_mov_b32 v5, 1\n"
                               "v_mov_b32 v6, 1\n"
                               "s_endpgm\n"
                               "chain:\n"
                               "v_mov_b32 v3, 1\n"
                               "v_add_u32 v3, v3, v3\n"
                               "v_add_u32 v3, v3, v3\n"
                               "s_endpgm\n";

START_TEST(test_schedulers) {
  isa_kernel k;
  kernel_init(&k, sched_src, 8);
  const char *oldest[] = {"cu.count=1", "cu.simds=1", "cu.scheduler=oldest", NULL};
  const char *rr[] = {"cu.count=1", "cu.simds=1", "cu.scheduler=round_robin", NULL};
  const char *gto[] = {"cu.count=1", "cu.simds=1", "cu.scheduler=gto", NULL};
  ck_assert_uint_eq(cycles_of(oldest, &k, 64, 32), 15);
  ck_assert_uint_eq(cycles_of(rr, &k, 64, 32), 16);
  ck_assert_uint_eq(cycles_of(gto, &k, 64, 32), 21);
  stk_kernel_fini(&k);
}
END_TEST

/* Idle cycles are skipped, not ticked: four waves each wait out three
 * dependent 10,000-cycle divisions (teaching, one SIMD), and the model
 * handles a few events per instruction, not one per cycle. */
START_TEST(test_idle_skipped) {
  isa_kernel k;
  kernel_init(&k,
              "v_mov_b32 v3, 7\n"
              "v_mov_b32 v4, 3\n"
              "v_div_u32 v3, v3, v4\n"
              "v_div_u32 v3, v3, v4\n"
              "v_div_u32 v3, v3, v4\n"
              "s_endpgm\n",
              8);
  const char *sets[] = {"cu.count=1", "cu.simds=1", "latency.idiv=10000", NULL};
  sim_stats st = run(sets, &k, 128, 32, 0);
  ck_assert_uint_gt(st.cycles, 30000);
  ck_assert_uint_le(st.sim_events, 4 * 6 * 3); /* at most 3 per instruction (41 here) */
  ck_assert_uint_ge(st.sim_events, 6);
  sim_stats_fini(&st);
  stk_kernel_fini(&k);
}
END_TEST

/* s_waitmem (a release/acquire fence) holds the wave until its memory work
 * is done: an LDS store of 10,000 cycles, then a division of 10,000. With
 * s_nop in its place the division overlaps the store (the wave's end waits
 * for both: ~10,000 cycles); with the fence they add up (~20,000). */
START_TEST(test_waitmem) {
  uint64_t cyc[2];
  const char *fence[2] = {"s_nop", "s_waitmem"};
  for (int f = 0; f < 2; f++) {
    char src[512];
    snprintf(src, sizeof src,
             "v_mov_b32 v3, 7\n"
             "v_mov_b32 v4, 3\n"
             "v_lshl_b32 v5, v0, 2\n"
             "ds_write_b32 v5, v3\n"
             "%s\n"
             "v_div_u32 v3, v3, v4\n"
             "s_endpgm\n",
             fence[f]);
    isa_kernel k;
    kernel_init(&k, src, 8);
    k.lds_bytes = 128;
    const char *sets[] = {"cu.count=1", "cu.simds=1", "lds.latency=10000", "latency.idiv=10000",
                          NULL};
    sim_stats st = run(sets, &k, 32, 32, 0);
    cyc[f] = st.cycles;
    sim_stats_fini(&st);
    stk_kernel_fini(&k);
  }
  ck_assert_uint_ge(cyc[0], 10000);
  ck_assert_uint_lt(cyc[0], 15000);
  ck_assert_uint_ge(cyc[1], 20000);
}
END_TEST

/* Four 12-byte moves and a 4-byte s_endpgm at bytes 0, 12, 24, 36, 48: with
 * 32-byte icache lines, line 0 holds instructions 0-2 and line 1 holds 3-4.
 * Fetch hit 1 cycle, miss 20 (below). */
static const char *fetch_src = "v_mov_b32 v3, 1\n"
                               "v_mov_b32 v4, 2\n"
                               "v_mov_b32 v5, 3\n"
                               "v_mov_b32 v6, 4\n"
                               "s_endpgm\n";

START_TEST(test_fetch_miss_and_refill) {
  isa_kernel k;
  kernel_init(&k, fetch_src, 8);
  /* ideal fetch: issue at 0..4, v6 lands at 7 */
  const char *ideal[] = {"cu.count=1", "cu.simds=1", NULL};
  ck_assert_uint_eq(cycles_of(ideal, &k, 32, 32), 7);
  /* 4 entries: line 0 (3 instructions) misses at 0 and arrives at 20; line 1
   * fits only after the first issue, so it is fetched at 21 and misses too
   * (41). Issue 20, 21, 22, then 41, 42; v6 lands at 45. The 18 cycles from
   * 23 to 40 are fetch stalls (the first 20 were an empty SIMD). */
  const char *e4[] = {
      "cu.count=1",        "cu.simds=1",       "cu.ibuffer_entries=4",   "icache.line=32",
      "icache.bytes=1024", "icache.latency=1", "icache.miss_latency=20", NULL};
  sim_stats st = run(e4, &k, 32, 32, 0);
  ck_assert_uint_eq(st.cycles, 45);
  ck_assert_uint_eq(st.icache_misses, 2);
  ck_assert_uint_eq(st.icache_hits, 0);
  ck_assert_uint_eq(st.stall_fetch, 18);
  sim_stats_fini(&st);
  /* 2 entries: line 0 arrives in two parts. Instructions 0-1 miss at 0 (20);
   * after issuing 0 at 20, instruction 2 is fetched at 21 (a hit, 22); after
   * 1 at 21 line 1 (2 instructions) does not fit yet; after 2 at 22 it is
   * fetched at 23 and misses (43). Issue 43, 44; v6 lands at 47. */
  const char *e2[] = {
      "cu.count=1",        "cu.simds=1",       "cu.ibuffer_entries=2",   "icache.line=32",
      "icache.bytes=1024", "icache.latency=1", "icache.miss_latency=20", NULL};
  st = run(e2, &k, 32, 32, 0);
  ck_assert_uint_eq(st.cycles, 47);
  ck_assert_uint_eq(st.icache_misses, 2);
  ck_assert_uint_eq(st.icache_hits, 1);
  sim_stats_fini(&st);
  /* two waves on one SIMD, one fetch per cycle: A fetches line 0 at 0 (miss,
   * 20), B at 1 (a hit on the line in flight: it waits for the fill, 20).
   * A issues 20-22 and fetches line 1 at 21 (miss, 41); B issues 23-25 and
   * fetches line 1 at 24 (hit in flight, 41). A issues 41, 42 (v6 at 45), B
   * 43, 44 (v6 at 47). */
  st = run(e4, &k, 64, 64, 0);
  ck_assert_uint_eq(st.cycles, 47);
  ck_assert_uint_eq(st.icache_misses, 2);
  ck_assert_uint_eq(st.icache_hits, 2);
  sim_stats_fini(&st);
  /* sequential prefetch of one line: line 0 misses at 0 (20) and line 1 is
   * requested with it, arriving a fill interval after it (fill_cycles 5:
   * 25). The refill at 21 hits the line in flight: instruction 3 issues at
   * 25, v6 lands at 29. With fill_cycles 0 line 1 arrives with line 0 (20):
   * the hit at 21 is ready at 22, issue 20, 21, 22, 23, v6 at 27. */
  const char *pf[] = {"cu.count=1",
                      "cu.simds=1",
                      "cu.ibuffer_entries=4",
                      "icache.line=32",
                      "icache.bytes=1024",
                      "icache.latency=1",
                      "icache.miss_latency=20",
                      "icache.prefetch_lines=1",
                      "icache.fill_cycles=5",
                      NULL};
  st = run(pf, &k, 32, 32, 0);
  ck_assert_uint_eq(st.cycles, 29);
  ck_assert_uint_eq(st.icache_misses, 1);
  ck_assert_uint_eq(st.icache_hits, 1);
  sim_stats_fini(&st);
  pf[8] = "icache.fill_cycles=0";
  st = run(pf, &k, 32, 32, 0);
  ck_assert_uint_eq(st.cycles, 27);
  ck_assert_uint_eq(st.icache_misses, 1);
  ck_assert_uint_eq(st.icache_hits, 1);
  sim_stats_fini(&st);
  /* no icache: every fetch misses, nothing is kept */
  const char *nocache[] = {
      "cu.count=1",     "cu.simds=1",       "cu.ibuffer_entries=4",   "icache.line=32",
      "icache.bytes=0", "icache.latency=1", "icache.miss_latency=20", NULL};
  st = run(nocache, &k, 64, 64, 0);
  ck_assert_uint_eq(st.icache_misses, 4);
  ck_assert_uint_eq(st.icache_hits, 0);
  sim_stats_fini(&st);
  stk_kernel_fini(&k);
}
END_TEST

/* A taken branch empties the buffer and refetches from its target. Bytes:
 * s_branch 0-7, the skipped move 8-19, the target move 20-31 (line 0),
 * s_endpgm 32 (line 1). At 0 line 0 misses (ready 20) and line 1 too (the
 * second fetch slot, 1: ready 21). The branch issues at 20; from 21 the
 * target's line is fetched again (a hit, 22) and line 1 (slot 22, a hit,
 * 23). */
START_TEST(test_fetch_redirect) {
  isa_kernel k;
  kernel_init(&k, "s_branch skip\nv_mov_b32 v3, 1\nskip:\nv_mov_b32 v4, 2\ns_endpgm\n", 8);
  const char *e4[] = {
      "cu.count=1",        "cu.simds=1",       "cu.ibuffer_entries=4",   "icache.line=32",
      "icache.bytes=1024", "icache.latency=1", "icache.miss_latency=20", NULL};
  /* s_branch@20, v_mov v4@22 (lands 26), s_endpgm@23 */
  sim_stats st = run(e4, &k, 32, 32, 0);
  ck_assert_uint_eq(st.cycles, 26);
  ck_assert_uint_eq(st.icache_misses, 2);
  ck_assert_uint_eq(st.icache_hits, 2);
  sim_stats_fini(&st);
  stk_kernel_fini(&k);
}
END_TEST

/* Lanes 0-15 take `then`, 16-31 `else`; both reconverge at `join`; `then`
 * runs first. v_cmp@0 (s[8:9] at 4); the divergent branch @4 costs
 * latency.branch 2 + latency.diverge D; then's move reaches join and pops
 * to `else` (1 + R); else's s_branch to join pops to the merged entry
 * (latency.branch 2 + R); s_endpgm after. */
static const char *div_src = "v_cmp_lt_u32 s[8:9], v0, 16\n"
                             "s_cbranch_div s[8:9], then, else, join\n"
                             "else:\n"
                             "v_mov_b32 v4, 2\n"
                             "s_branch join\n"
                             "then:\n"
                             "v_mov_b32 v3, 1\n"
                             "join:\n"
                             "s_endpgm\n";

START_TEST(test_divergence_cost) {
  isa_kernel k;
  kernel_init(&k, div_src, 8);
  /* D = R = 0: branch@4, then@6 (v3 at 10), else@7 (v4 at 11), s_branch@8,
   * s_endpgm@10: 11 */
  const char *free_div[] = {"cu.count=1", "cu.simds=1", "latency.diverge=0", "latency.reconverge=0",
                            NULL};
  sim_stats st = run(free_div, &k, 32, 32, 0);
  ck_assert_uint_eq(st.cycles, 11);
  ck_assert_uint_eq(st.divergent_branches, 1);
  ck_assert_uint_eq(st.reconvergences, 2);
  sim_stats_fini(&st);
  /* D = 3, R = 5: branch@4, then@9 (next 10 + 5), else@15 (v4 at 19),
   * s_branch@16 (next 18 + 5), s_endpgm@23: 24 */
  const char *costly[] = {"cu.count=1", "cu.simds=1", "latency.diverge=3", "latency.reconverge=5",
                          NULL};
  st = run(costly, &k, 32, 32, 0);
  ck_assert_uint_eq(st.cycles, 24);
  /* per source line (line = instruction + 1): the branch is line 2 */
  int found = 0;
  for (uint32_t i = 0; i < st.nlines; i++) {
    ck_assert_uint_eq(st.lines[i].divergent_branches, st.lines[i].line == 2);
    found += st.lines[i].line == 2;
  }
  ck_assert_int_eq(found, 1);
  sim_stats_fini(&st);
  /* functional mode counts them per line too */
  st = run(costly, &k, 32, 32, 1);
  ck_assert_uint_eq(st.divergent_branches, 1);
  ck_assert_uint_eq(st.lines[1].line, 2);
  ck_assert_uint_eq(st.lines[1].divergent_branches, 1);
  sim_stats_fini(&st);
  stk_kernel_fini(&k);
}
END_TEST

/* cu.operand_ports: eight one-wave groups on one SIMD, each a chain of four
 * v_fma (three register reads each; the first has nothing before it to
 * depend on), then s_endpgm. Oldest first, VALU latency 4, one VALU cycle
 * per instruction (wave 32 on 32 lanes), one issue per cycle.
 *   ports 0: the SIMD issues every cycle: 32 fma + 8 s_endpgm = 40 issue
 *            cycles, and the last wave's last fma, 4 cycles before its
 *            s_endpgm, writes v3 2 cycles after the end of issue -> 42.
 *   ports 2: each wave's 3 dependent fma hold the VALU port 2 cycles:
 *            8 x (1 + 3 x 2) = 56 VALU cycles; the s_endpgm issue in the
 *            second cycles (another port), same 2-cycle tail -> 58.
 *   ports 3: three reads fit in one cycle -> 42 again. */
START_TEST(test_operand_ports) {
  isa_kernel k;
  kernel_init(&k, "v_fma_f32 v3, v4, v5, v6\nv_fma_f32 v3, v3, v5, v6\nv_fma_f32 v3, v3, v5, v6\nv_fma_f32 v3, v3, v5, v6\ns_endpgm\n", 8);
  const char *p0[] = {"cu.count=1", "cu.simds=1", "cu.simd_width=32", "latency.valu=4", "cu.scheduler=oldest", NULL};
  const char *p2[] = {"cu.count=1", "cu.simds=1", "cu.simd_width=32", "latency.valu=4", "cu.scheduler=oldest",
                      "cu.operand_ports=2", NULL};
  const char *p3[] = {"cu.count=1", "cu.simds=1", "cu.simd_width=32", "latency.valu=4", "cu.scheduler=oldest",
                      "cu.operand_ports=3", NULL};
  ck_assert_uint_eq(cycles_of(p0, &k, 256, 32), 42);
  ck_assert_uint_eq(cycles_of(p2, &k, 256, 32), 58);
  ck_assert_uint_eq(cycles_of(p3, &k, 256, 32), 42);
  stk_kernel_fini(&k);
}
END_TEST

/* VALU, special-function and scalar issue ports, and multi-issue. */
START_TEST(test_issue_ports) {
  isa_kernel k;
  /* v_sqrt (TRANS) holds the VALU 32/8 = 4 cycles when it runs there:
   * sqrt@0, moves @4-7 (last at 11), s_endpgm@8 -> 11; on a separate unit
   * the moves issue @1-4 (last at 8), s_endpgm@5 -> 8 */
  kernel_init(
      &k,
      "v_sqrt_f32 v3, v4\nv_mov_b32 v5, 1\nv_mov_b32 v6, 1\nv_mov_b32 v7, 1\nv_mov_b32 v8, 1\n"
      "s_endpgm\n",
      10);
  const char *shared[] = {"cu.count=1", "cu.simds=1", "latency.trans=1", NULL};
  const char *separate[] = {"cu.count=1", "cu.simds=1", "latency.trans=1", "cu.trans_separate=true",
                            NULL};
  ck_assert_uint_eq(cycles_of(shared, &k, 32, 32), 11);
  ck_assert_uint_eq(cycles_of(separate, &k, 32, 32), 8);
  stk_kernel_fini(&k);
  /* two waves on two SIMDs of one CU, three scalar moves each: with a scalar
   * ALU per SIMD both finish at 4 (moves @0-2, s_endpgm@3); sharing one per
   * CU, SIMD 0 (lower index first in a cycle) takes it @0-2 and SIMD 1
   * @3-5, s_endpgm@6 -> 7 */
  kernel_init(&k, "s_mov_b32 s8, 1\ns_mov_b32 s9, 1\ns_mov_b32 s10, 1\ns_endpgm\n", 4);
  const char *per_simd[] = {"cu.count=1", NULL};
  const char *per_cu[] = {"cu.count=1", "cu.salu_shared=true", NULL};
  ck_assert_uint_eq(cycles_of(per_simd, &k, 64, 64), 4);
  ck_assert_uint_eq(cycles_of(per_cu, &k, 64, 64), 7);
  stk_kernel_fini(&k);
  /* two waves on one SIMD, a vector move, a scalar move, s_endpgm each.
   * One issue per cycle: A @0-2 (v3 at 4), B @3-5 (v3 at 7) -> 7. Two per
   * cycle on distinct ports: A v_mov@0; A s_mov + B v_mov@1; A s_endpgm +
   * B s_mov@2; B s_endpgm@3 (v3 at 5) -> 5 */
  kernel_init(&k, "v_mov_b32 v3, 1\ns_mov_b32 s8, 1\ns_endpgm\n", 4);
  const char *w1[] = {"cu.count=1", "cu.simds=1", NULL};
  const char *w2[] = {"cu.count=1", "cu.simds=1", "cu.issue_width=2", NULL};
  ck_assert_uint_eq(cycles_of(w1, &k, 64, 64), 7);
  ck_assert_uint_eq(cycles_of(w2, &k, 64, 64), 5);
  stk_kernel_fini(&k);
}
END_TEST

/* Cross-lane moves (the XLANE unit): a result is ready busy - 1 +
 * latency.xlane after issue, busy = cu.xlane_passes (x the VALU passes, 1
 * here). A dependent pair of shuffles, L = 6: first @0 (ready at P - 1 + 6),
 * second @(P - 1 + 6), ready 2 * (P - 1 + 6); s_endpgm issues the cycle
 * after the second. P = 1: 12; P = 3: 16. An independent pair: second @P
 * (the port is busy for P cycles), ready at 2P - 1 + 6: P = 3 -> 11. */
START_TEST(test_xlane_unit) {
  isa_kernel k;
  kernel_init(&k, "v_shfl_xor_b32 v3, v4, 1, 0\nv_shfl_xor_b32 v5, v3, 2, 0\ns_endpgm\n", 8);
  const char *p1[] = {"cu.count=1", "cu.simds=1", "latency.xlane=6", "cu.xlane_passes=1", NULL};
  const char *p3[] = {"cu.count=1", "cu.simds=1", "latency.xlane=6", "cu.xlane_passes=3", NULL};
  ck_assert_uint_eq(cycles_of(p1, &k, 32, 32), 12);
  ck_assert_uint_eq(cycles_of(p3, &k, 32, 32), 16);
  stk_kernel_fini(&k);
  kernel_init(&k, "v_shfl_xor_b32 v3, v4, 1, 0\nv_shfl_xor_b32 v5, v4, 2, 0\ns_endpgm\n", 8);
  ck_assert_uint_eq(cycles_of(p3, &k, 32, 32), 11);
  stk_kernel_fini(&k);
}
END_TEST

/* One-wave work-groups of three independent moves on CUs of one SIMD:
 * alone on a SIMD a wave takes 6 cycles (issue 0-3, the last move lands at
 * 6); two sharing one take 10, three 14 (each issues 4 cycles behind). */
START_TEST(test_dispatch_policy) {
  isa_kernel k;
  kernel_init(&k, "v_mov_b32 v3, 1\nv_mov_b32 v4, 2\nv_mov_b32 v5, 3\ns_endpgm\n", 6);
  /* round_robin puts groups 0 and 1 on CUs 0 and 1; fill puts both on CU 0 */
  const char *rr[] = {"cu.simds=1", "dispatch.policy=round_robin", NULL};
  const char *fill[] = {"cu.simds=1", "dispatch.policy=fill", NULL};
  ck_assert_uint_eq(cycles_of(rr, &k, 64, 32), 6);
  ck_assert_uint_eq(cycles_of(fill, &k, 64, 32), 10);
  /* three groups: CU 0 gets 0 and 2 (10) under round_robin, all three (14) under fill */
  ck_assert_uint_eq(cycles_of(rr, &k, 96, 32), 10);
  ck_assert_uint_eq(cycles_of(fill, &k, 96, 32), 14);
  /* fill moves on once a CU is full (cu.max_workgroups = 2): 0, 1 on CU 0, 2 on CU 1 */
  const char *fill2[] = {"cu.simds=1", "dispatch.policy=fill", "cu.max_workgroups=2", NULL};
  ck_assert_uint_eq(cycles_of(fill2, &k, 96, 32), 10);
  /* 5 cycles per group launch, one at a time: group 0 starts at 5 (done 11),
   * group 1 at 10 (done 16) */
  const char *lat[] = {"cu.simds=1", "dispatch.wg_latency=5", NULL};
  ck_assert_uint_eq(cycles_of(lat, &k, 64, 32), 16);
  /* one group per CU at a time: groups 0 and 1 finish at 6, group 2 goes to
   * CU 0 when its slot frees at 6 and finishes at 12 */
  const char *one[] = {"cu.simds=1", "cu.max_workgroups=1", NULL};
  sim_stats st = run(one, &k, 96, 32, 0);
  ck_assert_uint_eq(st.cycles, 12);
  ck_assert_uint_eq(st.workgroups, 3);
  ck_assert_uint_eq(st.wgs_per_cu, 1);
  sim_stats_fini(&st);
  stk_kernel_fini(&k);
}
END_TEST

START_TEST(test_bad_config) {
  cfg_device c;
  char err[512] = "";
  ck_assert_int_eq(cfg_load(NULL, "teaching", NULL, 0, &c, err, sizeof err), 0);
  ck_assert_int_eq(cfg_set(&c, "icache.line=48", err, sizeof err), -1);
  ck_assert_str_eq(err, "--set icache.line=48: icache.line = 48 must be a power of two");
  ck_assert_int_eq(cfg_set(&c, "icache.bytes=1000", err, sizeof err), -1);
  ck_assert_str_eq(
      err, "--set icache.bytes=1000: icache.bytes = 1000 must be a multiple of icache.line * "
           "icache.assoc = 64");
  ck_assert_int_eq(cfg_set(&c, "dispatch.policy=depth", err, sizeof err), -1);
  ck_assert_str_eq(
      err, "--set: key 'dispatch.policy' = 'depth' is not one of round_robin|fill: Which compute "
           "unit gets the next work-group when several have room (round_robin: "
           "breadth first, the next CU with room after the last one used, like hardware "
           "dispatchers; fill: depth first, the lowest-numbered CU with room)");
  ck_assert_int_eq(cfg_set(&c, "cu.ibuffer_entries=65", err, sizeof err), -1);
  ck_assert_str_eq(
      err, "--set: key 'cu.ibuffer_entries' = '65' is out of range [0, 64]: Instruction buffer "
           "per wave: a wave issues only instructions already fetched into it, and a fetch waits "
           "until the rest of the icache line fits. A taken branch or a reconvergence switch "
           "empties it. 0 = ideal fetch (every instruction ready, no instruction cache)");
  /* the barrier and queued-launch keys: the key, the value and the range */
  ck_assert_int_eq(cfg_set(&c, "latency.barrier=0", err, sizeof err), -1);
  ck_assert_msg(strstr(err, "key 'latency.barrier' = '0' is out of range [1, 10000]"), "%s", err);
  ck_assert_int_eq(cfg_set(&c, "cu.barrier_cycles=-1", err, sizeof err), -1);
  ck_assert_msg(strstr(err, "key 'cu.barrier_cycles' = '-1' is out of range [0, 1000]"), "%s", err);
  ck_assert_int_eq(cfg_set(&c, "icache.prefetch_lines=257", err, sizeof err), -1);
  ck_assert_msg(strstr(err, "key 'icache.prefetch_lines' = '257' is out of range [0, 256]"), "%s",
                err);
  ck_assert_int_eq(cfg_set(&c, "icache.fill_cycles=-1", err, sizeof err), -1);
  ck_assert_msg(strstr(err, "key 'icache.fill_cycles' = '-1' is out of range [0, 100000]"), "%s",
                err);
  ck_assert_int_eq(cfg_set(&c, "cu.barrier_lds_cycles=1001", err, sizeof err), -1);
  ck_assert_msg(strstr(err, "key 'cu.barrier_lds_cycles' = '1001' is out of range [0, 1000]"), "%s",
                err);
  ck_assert_int_eq(cfg_set(&c, "launch_overhead_queued_cycles=-2", err, sizeof err), -1);
  ck_assert_msg(strstr(err, "key 'launch_overhead_queued_cycles' = '-2' is out of range [-1, "),
                "%s", err);
  cfg_fini(&c);
}
END_TEST

/* A work-group of four waves on one SIMD (oldest first) meets a barrier.
 * The oldest wave issues while it can: W0 v_mov@0 s_barrier@1, W1 @2 @3,
 * W2 @4 @5, W3 @6 @7 (arrivals 1, 3, 5, 7). After the release at r the
 * same order repeats (v_mov, s_endpgm per wave) and W3's v_mov issues at
 * r + 6, landing 4 cycles later (VALU latency): cycles = r + 10.
 * Arrivals free (cu.barrier_cycles 0), latency.barrier 1: r = 7 + 1 -> 18.
 * cu.barrier_cycles 3: the unit takes them at 1-4, 4-7, 7-10, 10-13; the
 *   last is taken at 13, latency.barrier 1: r = 14 -> 24;
 *   latency.barrier 10: r = 23 -> 33.
 * Two work-groups of two waves share the CU's unit: G0 = W0, W1 (taken at 4
 *   and 7: released at 8), G1 = W2, W3 (taken at 10 and 13: released at 14,
 *   W2 v_mov@14 s_endpgm@15, W3 v_mov@16, landing at 20) -> 20. */
static const char *barrier_src = "v_mov_b32 v3, 1\n"
                                 "s_barrier\n"
                                 "v_mov_b32 v4, 1\n"
                                 "s_endpgm\n";

START_TEST(test_barrier_unit) {
  isa_kernel k;
  kernel_init(&k, barrier_src, 8);
  const char *free_arrivals[] = {"cu.count=1", "cu.simds=1", NULL};
  const char *unit[] = {"cu.count=1", "cu.simds=1", "cu.barrier_cycles=3", NULL};
  const char *unit_lat[] = {"cu.count=1", "cu.simds=1", "cu.barrier_cycles=3", "latency.barrier=10",
                            NULL};
  ck_assert_uint_eq(cycles_of(free_arrivals, &k, 128, 128), 18);
  ck_assert_uint_eq(cycles_of(unit, &k, 128, 128), 24);
  ck_assert_uint_eq(cycles_of(unit_lat, &k, 128, 128), 33);
  ck_assert_uint_eq(cycles_of(unit, &k, 128, 64), 20);
  stk_kernel_fini(&k);
}
END_TEST

/* The barrier's share of the LDS pipeline (cu.barrier_lds_cycles): the same
 * four waves arrive at 1, 3, 5, 7 and are released at 8 (latency.barrier 1),
 * then issue their broadcast ds_read (one pass, teaching LDS latency 10) at
 * 8, 10, 12, 14 (each followed by its s_endpgm). Free arrivals: the reads
 * start when issued, W3's lands at 14 + 10 = 24. With x cycles per arrival
 * the pipeline is owed them from each arrival on, whole cycles as they
 * accumulate:
 *   x = 3:   free at 4, 7, 10, 13: the reads start at 13, 14, 15, 16 -> 26;
 *   x = 3.5: 3, 4, 3, 4 cycles taken: free at 4, 8, 11, 15: 15 .. 18 -> 28;
 *   x = 4:   free at 5, 9, 13, 17: 17 .. 20 -> 30. */
static const char *barrier_lds_src = "v_mov_b32 v3, 0\n"
                                     "s_barrier\n"
                                     "ds_read_b32 v4, v3\n"
                                     "s_endpgm\n";

START_TEST(test_barrier_lds_share) {
  isa_kernel k;
  kernel_init(&k, barrier_lds_src, 8);
  k.lds_bytes = 256;
  const char *none[] = {"cu.count=1", "cu.simds=1", NULL};
  const char *three[] = {"cu.count=1", "cu.simds=1", "cu.barrier_lds_cycles=3", NULL};
  const char *half[] = {"cu.count=1", "cu.simds=1", "cu.barrier_lds_cycles=3.5", NULL};
  const char *four[] = {"cu.count=1", "cu.simds=1", "cu.barrier_lds_cycles=4", NULL};
  ck_assert_uint_eq(cycles_of(none, &k, 128, 128), 24);
  ck_assert_uint_eq(cycles_of(three, &k, 128, 128), 26);
  ck_assert_uint_eq(cycles_of(half, &k, 128, 128), 28);
  ck_assert_uint_eq(cycles_of(four, &k, 128, 128), 30);
  stk_kernel_fini(&k);
}
END_TEST

int main(void) {
  Suite *s = suite_create("cu");
  TCase *tc = tcase_create("cu");
  tcase_add_test(tc, test_schedulers);
  tcase_add_test(tc, test_idle_skipped);
  tcase_add_test(tc, test_waitmem);
  tcase_add_test(tc, test_barrier_unit);
  tcase_add_test(tc, test_barrier_lds_share);
  tcase_add_test(tc, test_fetch_miss_and_refill);
  tcase_add_test(tc, test_fetch_redirect);
  tcase_add_test(tc, test_divergence_cost);
  tcase_add_test(tc, test_issue_ports);
  tcase_add_test(tc, test_xlane_unit);
  tcase_add_test(tc, test_operand_ports);
  tcase_add_test(tc, test_dispatch_policy);
  tcase_add_test(tc, test_bad_config);
  suite_add_tcase(s, tc);
  return check_run(s);
}
