/* The launch watchdog (sim/sim_watchdog.c) and barrier misuse: endless
 * loops, the instruction and host-time limits, early returns before a
 * barrier, each with its exact message in both modes; finite kernels that
 * spin for a while are left alone. */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check_run.h"
#include "sim_tkernel.h"

static void kernel_init(isa_kernel *k, const char *name, const char *text, uint32_t kernarg) {
  stk_kernel_init(k, name, text, 8, 16);
  k->kernarg_bytes = kernarg;
}

static sim_device *dev(const char *set) {
  const char *sets[2] = {set, NULL};
  return stk_device("teaching", sets);
}

/* Runs k over `global` work-items in groups of `local` with a zeroed
 * 4-byte flag buffer as its argument; returns the status, message in err,
 * and (insts_out) the wave instructions counted. */
static sim_status run_counted(sim_device *d, const isa_kernel *k, uint64_t global, uint64_t local,
                              int functional, char *err, size_t errlen, uint32_t *flag_out,
                              uint64_t *insts_out) {
  uint64_t flag = sim_mem_alloc(d, 4, NULL);
  memset(sim_mem_host(d, flag, 4), 0, 4);
  sim_launch l;
  memset(&l, 0, sizeof l);
  l.kernel = k;
  l.kernarg = (const uint8_t *)&flag;
  l.work_dim = 1;
  l.global_size[0] = global;
  l.local_size[0] = local;
  l.global_size[1] = l.global_size[2] = l.local_size[1] = l.local_size[2] = 1;
  l.functional_only = functional;
  sim_stats st;
  err[0] = 0;
  sim_status s = sim_run(d, &l, &st, err, errlen);
  if (flag_out) memcpy(flag_out, sim_mem_host(d, flag, 4), 4);
  if (insts_out) {
    *insts_out = 0;
    for (int u = 0; u < ISA_UNIT_COUNT; u++) *insts_out += st.inst[u];
  }
  sim_stats_fini(&st);
  sim_mem_free(d, flag);
  return s;
}

static sim_status run(sim_device *d, const isa_kernel *k, uint64_t global, uint64_t local,
                      int functional, char *err, size_t errlen, uint32_t *flag_out) {
  return run_counted(d, k, global, local, functional, err, errlen, flag_out, NULL);
}

/* while (flag[0] == 0) {} */
static const char *spin_src = "s_load_b64 s[8:9], s[0:1]\n"
                              "loop:\n"
                              "s_load_b32 s10, s[8:9]\n"
                              "s_cmp_eq_u32 s10, 0\n"
                              "s_cbranch_scc1 loop\n"
                              "s_endpgm\n";

START_TEST(test_spin_stops) {
  isa_kernel k;
  kernel_init(&k, "spin", spin_src, 8);
  /* the state first repeats after the snapshot at 65536 instructions, which
   * (1 + 3 per iteration) falls after a branch: pc 1 = line 2. Timing mode
   * names the wave that was first found repeating in the quantum at whose
   * boundary every wave spins (sim_wd_timing_stuck) */
  const char *expect[2] = {
      "kernel 'spin' stopped: work-item (0,0,0) is in an endless loop at test.cl:2 (its state "
      "repeats and nothing writes memory); limits.spin_detect=0 turns this check off",
      "kernel 'spin' stopped: work-item (0,0,0) is in an endless loop at test.cl:2 (its state "
      "repeats and nothing writes memory); limits.spin_detect=0 turns this check off"};
  for (int mode = 0; mode < 2; mode++) {
    sim_device *d = dev(NULL);
    char err[1024];
    ck_assert_int_eq(run(d, &k, 128, 64, mode, err, sizeof err, NULL), SIM_FAULT);
    ck_assert_str_eq(err, expect[mode]);
    sim_device_destroy(d);
  }
  stk_kernel_fini(&k);
}
END_TEST

/* Wave 1 of each group waits at a barrier that wave 0, spinning, never
 * reaches: timing mode counts the waiting wave as stuck too. */
static const char *spin_barrier_src = "s_load_b64 s[8:9], s[0:1]\n"
                                      "v_readfirstlane_b32 s12, v0\n"
                                      "s_cmp_eq_u32 s12, 0\n"
                                      "s_cbranch_scc0 bar\n"
                                      "loop:\n"
                                      "s_load_b32 s10, s[8:9]\n"
                                      "s_cmp_eq_u32 s10, 0\n"
                                      "s_cbranch_scc1 loop\n"
                                      "bar:\n"
                                      "s_barrier\n"
                                      "s_endpgm\n";

START_TEST(test_spin_with_barrier_stops) {
  isa_kernel k;
  kernel_init(&k, "spinbar", spin_barrier_src, 8);
  for (int mode = 0; mode < 2; mode++) {
    sim_device *d = dev(NULL);
    char err[1024];
    ck_assert_int_eq(run(d, &k, 64, 64, mode, err, sizeof err, NULL), SIM_FAULT);
    ck_assert_str_eq(err, "kernel 'spinbar' stopped: work-item (0,0,0) is in an endless loop at "
                          "test.cl:5 (its state repeats and nothing writes memory); "
                          "limits.spin_detect=0 turns this check off");
    sim_device_destroy(d);
  }
  stk_kernel_fini(&k);
}
END_TEST

/* Group 1 spins until group 0 has counted to 100000 and set the flag: a
 * finite kernel whose waiting wave repeats its state for a long time. In
 * timing mode both groups run at once and the watchdog must wait for the
 * counting wave; in functional mode group 0 finishes first. */
static const char *handoff_src = "s_load_b64 s[8:9], s[0:1]\n"
                                 "s_cmp_eq_u32 s4, 0\n"
                                 "s_cbranch_scc0 wait\n"
                                 "s_mov_b32 s10, 0\n"
                                 "count:\n"
                                 "s_add_u32 s10, s10, 1\n"
                                 "s_cmp_lt_u32 s10, 100000\n"
                                 "s_cbranch_scc1 count\n"
                                 "v_mov_b32 v3, 1\n"
                                 "v_mov_b32 v4, s8\n"
                                 "v_mov_b32 v5, s9\n"
                                 "global_store_b32 v[4:5], v3\n"
                                 "s_endpgm\n"
                                 "wait:\n"
                                 "s_load_b32 s11, s[8:9]\n"
                                 "s_cmp_eq_u32 s11, 0\n"
                                 "s_cbranch_scc1 wait\n"
                                 "s_endpgm\n";

START_TEST(test_finite_spin_not_stopped) {
  isa_kernel k;
  kernel_init(&k, "handoff", handoff_src, 8);
  for (int mode = 0; mode < 2; mode++) {
    sim_device *d = dev(NULL);
    char err[1024];
    uint32_t flag = 0;
    ck_assert_msg(run(d, &k, 64, 32, mode, err, sizeof err, &flag) == SIM_OK, "%s", err);
    ck_assert_uint_eq(flag, 1);
    sim_device_destroy(d);
  }
  stk_kernel_fini(&k);
}
END_TEST

/* A counter that never reaches its bound (it wraps before): the state
 * changes every iteration, so only the instruction limit stops it. */
static const char *count_src = "s_mov_b32 s10, 0\n"
                               "loop:\n"
                               "s_add_u32 s10, s10, 1\n"
                               "s_cmp_ne_u32 s10, 0\n"
                               "s_cbranch_scc1 loop\n"
                               "s_endpgm\n";

START_TEST(test_instruction_limit) {
  isa_kernel k;
  kernel_init(&k, "count", count_src, 8);
  for (int mode = 0; mode < 2; mode++) {
    sim_device *d = dev("limits.wave_instructions=100000");
    char err[1024];
    ck_assert_int_eq(run(d, &k, 32, 32, mode, err, sizeof err, NULL), SIM_FAULT);
    ck_assert_str_eq(err, "kernel 'count' stopped: a wave executed 100000 instructions "
                          "(limits.wave_instructions); work-item (0,0,0) was at test.cl:2; if the "
                          "kernel is meant to run this long raise it with --set "
                          "limits.wave_instructions=N (or WAVESIM_SET), 0 turns it off");
    sim_device_destroy(d);
  }
  stk_kernel_fini(&k);
}
END_TEST

/* Both modes step through one executor core (sim_exec.c): the instruction
 * that stops the launch is not counted, so a lone wave stopped at the
 * limit counts one fewer than the limit in either mode. */
START_TEST(test_limit_counts_alike) {
  isa_kernel k;
  kernel_init(&k, "count", count_src, 8);
  for (int mode = 0; mode < 2; mode++) {
    sim_device *d = dev("limits.wave_instructions=1000");
    char err[1024];
    uint64_t insts = 0;
    ck_assert_int_eq(run_counted(d, &k, 1, 1, mode, err, sizeof err, NULL, &insts), SIM_FAULT);
    ck_assert_ptr_nonnull(strstr(err, "a wave executed 1000 instructions"));
    ck_assert_uint_eq(insts, 999);
    sim_device_destroy(d);
  }
  stk_kernel_fini(&k);
}
END_TEST

START_TEST(test_host_seconds_limit) {
  isa_kernel k;
  kernel_init(&k, "count", count_src, 8);
  for (int mode = 0; mode < 2; mode++) {
    cfg_device c;
    char err[1024];
    const char *sets[2] = {"limits.wave_instructions=0", "limits.launch_seconds=0.001"};
    ck_assert_msg(cfg_load(NULL, "teaching", sets, 2, &c, err, sizeof err) == 0, "%s", err);
    sim_device *d = sim_device_create(&c, err, sizeof err);
    cfg_fini(&c);
    ck_assert_int_eq(run(d, &k, 32, 32, mode, err, sizeof err, NULL), SIM_FAULT);
    ck_assert_msg(strncmp(err,
                          "kernel 'count' stopped: the launch ran longer than 0.001 host seconds "
                          "(limits.launch_seconds); work-item (0,0,0) was at test.cl:",
                          119) == 0,
                  "%s", err);
    ck_assert_ptr_nonnull(strstr(err, "raise it with --set limits.launch_seconds=N (or "
                                      "WAVESIM_SET), 0 turns it off"));
    sim_device_destroy(d);
  }
  stk_kernel_fini(&k);
}
END_TEST

/* The second (first) wave of a 64-item group returns while the other waits
 * at the barrier. */
static const char *early_src = "v_readfirstlane_b32 s10, v0\n"
                               "s_cmp_ge_u32 s10, 32\n"
                               "s_cbranch_scc1 done\n"
                               "s_barrier\n"
                               "done:\n"
                               "s_endpgm\n";
static const char *early0_src = "v_readfirstlane_b32 s10, v0\n"
                                "s_cmp_lt_u32 s10, 32\n"
                                "s_cbranch_scc1 done\n"
                                "s_barrier\n"
                                "done:\n"
                                "s_endpgm\n";

START_TEST(test_early_return_before_barrier) {
  isa_kernel k, k0;
  kernel_init(&k, "early", early_src, 8);
  kernel_init(&k0, "early", early0_src, 8);
  for (int mode = 0; mode < 2; mode++) {
    sim_device *d = dev(NULL);
    char err[1024];
    ck_assert_int_eq(run(d, &k, 128, 64, mode, err, sizeof err, NULL), SIM_FAULT);
    ck_assert_str_eq(err, "kernel 'early' faulted: barrier at test.cl:4 reached by work-item "
                          "(0,0,0) but work-item (32,0,0) of the same work-group returned at "
                          "test.cl:5 (after the branch at test.cl:3) without reaching it; every "
                          "work-item must reach each barrier "
                          "(remove the early return or move it after the barrier)");
    ck_assert_int_eq(run(d, &k0, 128, 64, mode, err, sizeof err, NULL), SIM_FAULT);
    ck_assert_str_eq(err, "kernel 'early' faulted: barrier at test.cl:4 reached by work-item "
                          "(32,0,0) but work-item (0,0,0) of the same work-group returned at "
                          "test.cl:5 (after the branch at test.cl:3) without reaching it; every "
                          "work-item must reach each barrier "
                          "(remove the early return or move it after the barrier)");
    /* the device is still usable: a group that is one wave passes its barrier */
    ck_assert_msg(run(d, &k, 32, 32, mode, err, sizeof err, NULL) == SIM_OK, "%s", err);
    sim_device_destroy(d);
  }
  stk_kernel_fini(&k);
  stk_kernel_fini(&k0);
}
END_TEST

START_TEST(test_limit_keys_checked) {
  cfg_device c;
  char err[512];
  const char *bad[] = {"limits.wave_instructions=-1", "limits.launch_seconds=-2",
                       "limits.spin_detect=maybe"};
  const char *msg[] = {
      "--set: key 'limits.wave_instructions' = '-1' is out of range [0, 1000000000000000]: Most "
      "instructions one wave may execute in a launch",
      "--set: key 'limits.launch_seconds' = '-2' is out of range [0, 1e+06]: Host wall-clock "
      "seconds a launch may take",
      "--set: key 'limits.spin_detect' = 'maybe' is not a boolean; use true or false: Stop a "
      "launch stuck in an endless loop"};
  for (int i = 0; i < 3; i++) {
    const char *sets[1] = {bad[i]};
    ck_assert_int_ne(cfg_load(NULL, "teaching", sets, 1, &c, err, sizeof err), 0);
    ck_assert_msg(strncmp(err, msg[i], strlen(msg[i])) == 0, "%s", err);
  }
  ck_assert_int_eq(cfg_load(NULL, "teaching", NULL, 0, &c, err, sizeof err), 0);
  ck_assert_int_eq(c.limits_wave_instructions, 1000000000);
  ck_assert(c.limits_launch_seconds == 0);
  ck_assert_int_eq(c.limits_spin_detect, 1);
  cfg_fini(&c);
}
END_TEST

static Suite *suite(void) {
  Suite *s = suite_create("watchdog");
  TCase *tc = tcase_create("core");
  tcase_set_timeout(tc, 60);
  tcase_add_test(tc, test_spin_stops);
  tcase_add_test(tc, test_spin_with_barrier_stops);
  tcase_add_test(tc, test_finite_spin_not_stopped);
  tcase_add_test(tc, test_instruction_limit);
  tcase_add_test(tc, test_limit_counts_alike);
  tcase_add_test(tc, test_host_seconds_limit);
  tcase_add_test(tc, test_early_return_before_barrier);
  tcase_add_test(tc, test_limit_keys_checked);
  suite_add_tcase(s, tc);
  return s;
}

int main(void) {
  return check_run(suite());
}
