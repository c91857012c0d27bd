/* The correctness checks (sim/sim_check.c) on hand-made programs for the
 * teaching config (wave32): planted __local and global races, benign
 * same-value writes, uninitialised __local and private reads, fatal, the
 * switch's parser, and correctly synchronised programs reporting nothing, in
 * both executors. Line numbers are instruction index + 1. */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check_run.h"
#include "sim_tkernel.h"

static void kernel_init(isa_kernel *k, const char *name, const char *text, uint32_t nvgprs,
                        uint32_t lds, uint32_t kernarg, uint32_t private_bytes) {
  stk_kernel_init(k, name, text, nvgprs, 16);
  k->source_file = (char *)"k.cl";
  k->lds_bytes = lds;
  k->kernarg_bytes = kernarg;
  k->private_bytes = private_bytes;
}

static sim_device *dev(void) { return stk_device("teaching", NULL); }

/* Runs k over `global` items in groups of `local` with checks `flags` in
 * mode `functional`; kernarg: one buffer address. Returns the stats (the
 * caller finis them); *status gets sim_run's result. */
static sim_stats run(const isa_kernel *k, uint64_t global, uint64_t local, int functional,
                     uint32_t flags, sim_status *status, char *err, size_t errlen) {
  sim_device *d = dev();
  uint64_t buf = sim_mem_alloc(d, 1024, NULL);
  sim_launch l;
  memset(&l, 0, sizeof l);
  l.kernel = k;
  l.kernarg = (const uint8_t *)&buf;
  l.work_dim = 1;
  l.global_size[0] = global;
  l.local_size[0] = local;
  l.global_size[1] = l.global_size[2] = l.local_size[1] = l.local_size[2] = 1;
  l.functional_only = functional;
  l.checks = flags;
  sim_stats st;
  err[0] = 0;
  *status = sim_run(d, &l, &st, err, errlen);
  sim_device_destroy(d);
  return st;
}

static sim_stats run_ok(const isa_kernel *k, uint64_t global, uint64_t local, int functional,
                        uint32_t flags) {
  char err[512];
  sim_status s;
  sim_stats st = run(k, global, local, functional, flags, &s, err, sizeof err);
  ck_assert_msg(s == SIM_OK, "status %d: %s", s, err);
  return st;
}

/* k runs in both modes with checks `flags` and reports nothing. */
static void expect_quiet(const isa_kernel *k, uint64_t global, uint64_t local, uint32_t flags) {
  for (int mode = 0; mode < 2; mode++) {
    sim_stats st = run_ok(k, global, local, mode, flags);
    ck_assert_msg(st.ndiags == 0, "mode %d: %s", mode, st.ndiags ? st.diags[0].message : "");
    sim_stats_fini(&st);
  }
}

/* t[lid] = lid; [barrier;] out[gid] = t[(lid + 1) % 64] */
static const char *rotate_fmt = "v_lshl_b32 v3, v0, 2\n"
                                "ds_write_b32 v3, v0\n"
                                "%s"
                                "v_add_u32 v4, v0, 1\n"
                                "v_and_b32 v4, v4, 63\n"
                                "v_lshl_b32 v4, v4, 2\n"
                                "ds_read_b32 v5, v4\n"
                                "s_load_b64 s[8:9], s[0:1]\n"
                                "s_mul_i32 s14, s4, 64\n"
                                "v_add_u32 v6, s14, v0\n"
                                "v_lshl_b32 v6, v6, 2\n"
                                "v_mov_b32 v7, 0\n"
                                "v_add_u64 v[8:9], s[8:9], v[6:7]\n"
                                "global_store_b32 v[8:9], v5\n"
                                "s_endpgm\n";

START_TEST(test_barrier_orders_lds) {
  char src[1024];
  snprintf(src, sizeof src, rotate_fmt, "s_barrier\n");
  isa_kernel k;
  kernel_init(&k, "rotate", src, 10, 256, 8, 0);
  expect_quiet(&k, 256, 64, SIM_CHECK_RACES | SIM_CHECK_UNINIT | SIM_CHECK_BENIGN);
  stk_kernel_fini(&k);
}
END_TEST

START_TEST(test_lds_race) {
  char src[1024];
  snprintf(src, sizeof src, rotate_fmt, "");
  isa_kernel k;
  kernel_init(&k, "rotate", src, 10, 256, 8, 0);
  for (int mode = 0; mode < 2; mode++) {
    sim_stats st = run_ok(&k, 64, 64, mode, SIM_CHECK_RACES);
    ck_assert_uint_eq(st.ndiags, 1);
    ck_assert_str_eq(st.diags[0].kind, "race_local");
    ck_assert_str_eq(st.diags[0].message,
                     "kernel 'rotate': data race on __local memory: work-item (1,0,0) wrote at "
                     "k.cl:2, work-item (0,0,0) read 4 bytes at local offset 4 at k.cl:6 with no "
                     "barrier between");
    ck_assert_uint_eq(st.diags[0].line, 6);
    ck_assert_uint_eq(st.diags[0].other_line, 2);
    sim_stats_fini(&st);
  }
  stk_kernel_fini(&k);
}
END_TEST

/* out[lid] = value: every group writes the same bytes */
static const char *shared_fmt = "s_load_b64 s[8:9], s[0:1]\n"
                                "v_lshl_b32 v3, v0, 2\n"
                                "v_mov_b32 v4, 0\n"
                                "v_add_u64 v[6:7], s[8:9], v[3:4]\n"
                                "s_mul_i32 s14, s4, 64\n"
                                "v_add_u32 v5, %s, v0\n"
                                "global_store_b32 v[6:7], v5\n"
                                "s_endpgm\n";

START_TEST(test_global_race_between_groups) {
  char src[1024];
  snprintf(src, sizeof src, shared_fmt, "s14"); /* the value is the global id */
  isa_kernel k;
  kernel_init(&k, "shared", src, 10, 0, 8, 0);
  for (int mode = 0; mode < 2; mode++) {
    sim_stats st = run_ok(&k, 128, 64, mode, SIM_CHECK_RACES);
    ck_assert_uint_eq(st.ndiags, 1);
    ck_assert_str_eq(st.diags[0].kind, "race_global");
    /* both executors run group 0's store before group 1's */
    ck_assert_str_eq(st.diags[0].message,
                     "kernel 'shared': data race on global buffer 0x100000000 + offset 0 (a "
                     "1024-byte buffer): work-group (0,0,0) work-item (0,0,0) wrote at k.cl:7, "
                     "work-group (1,0,0) work-item (64,0,0) wrote 4 bytes there at k.cl:7 within "
                     "one launch");
    sim_stats_fini(&st);
  }
  stk_kernel_fini(&k);
}
END_TEST

START_TEST(test_benign_only_when_asked) {
  char src[1024];
  snprintf(src, sizeof src, shared_fmt, "0"); /* every group stores lid: the same values */
  isa_kernel k;
  kernel_init(&k, "same", src, 10, 0, 8, 0);
  for (int mode = 0; mode < 2; mode++) {
    sim_stats st = run_ok(&k, 128, 64, mode, SIM_CHECK_RACES | SIM_CHECK_UNINIT);
    ck_assert_uint_eq(st.ndiags, 0);
    sim_stats_fini(&st);
    st = run_ok(&k, 128, 64, mode, SIM_CHECK_RACES | SIM_CHECK_BENIGN);
    ck_assert_uint_eq(st.ndiags, 1);
    ck_assert_str_eq(st.diags[0].kind, "benign_race_global");
    ck_assert_msg(strstr(st.diags[0].message, "benign data race (both wrote the same value)"), "%s",
                  st.diags[0].message);
    sim_stats_fini(&st);
  }
  stk_kernel_fini(&k);
}
END_TEST

/* each work-item stores its id as a word, then its low byte over the
 * word's first byte: every group writes the same values to out[0..255] */
START_TEST(test_word_then_byte) {
  isa_kernel k;
  kernel_init(&k, "mixed",
              "s_load_b64 s[8:9], s[0:1]\n"
              "v_lshl_b32 v3, v0, 2\n"
              "v_mov_b32 v4, 0\n"
              "v_add_u64 v[6:7], s[8:9], v[3:4]\n"
              "global_store_b32 v[6:7], v0\n"
              "global_store_b8 v[6:7], v0\n"
              "s_endpgm\n",
              10, 0, 8, 0);
  for (int mode = 0; mode < 2; mode++) {
    sim_stats st = run_ok(&k, 128, 64, mode, SIM_CHECK_RACES | SIM_CHECK_UNINIT);
    ck_assert_msg(st.ndiags == 0, "mode %d: %s", mode, st.ndiags ? st.diags[0].message : "");
    sim_stats_fini(&st);
    st = run_ok(&k, 128, 64, mode, SIM_CHECK_RACES | SIM_CHECK_BENIGN);
    /* either executor runs group 0's stores before group 1's (the timing
     * model runs each CU's quantum alone, in CU order, with the checks on),
     * so group 1's word store meets group 0's byte first */
    ck_assert_uint_eq(st.ndiags, 1);
    for (uint32_t i = 0; i < st.ndiags; i++) {
      ck_assert_str_eq(st.diags[i].kind, "benign_race_global");
      ck_assert_msg(strstr(st.diags[i].message, "wrote 1 byte there") ||
                        strstr(st.diags[i].message, "wrote 4 bytes there"),
                    "%s", st.diags[i].message);
    }
    if (mode) {
      ck_assert_uint_eq(st.diags[0].line, 5);
      ck_assert_uint_eq(st.diags[0].other_line, 6);
    }
    sim_stats_fini(&st);
  }
  stk_kernel_fini(&k);
}
END_TEST

START_TEST(test_fatal_fails_launch) {
  char src[1024];
  snprintf(src, sizeof src, shared_fmt, "s14");
  isa_kernel k;
  kernel_init(&k, "shared", src, 10, 0, 8, 0);
  char err[512];
  sim_status s;
  sim_stats st = run(&k, 128, 64, 1, SIM_CHECK_RACES | SIM_CHECK_FATAL, &s, err, sizeof err);
  ck_assert_int_eq(s, SIM_FAULT);
  ck_assert_str_eq(err, "kernel 'shared' failed its checks: 1 report(s) above (WAVESIM_CHECK has "
                        "'fatal')");
  ck_assert_uint_eq(st.ndiags, 1);
  sim_stats_fini(&st);
  stk_kernel_fini(&k);
}
END_TEST

/* lanes below 16 write t[lid]; after a barrier every lane reads t[lid] */
static const char *half_src = "v_lshl_b32 v3, v0, 2\n"
                              "v_cmp_lt_u32 s[10:11], v0, 16\n"
                              "s_cbranch_div s[10:11], then, join, join\n"
                              "then:\n"
                              "ds_write_b32 v3, v0\n"
                              "join:\n"
                              "s_barrier\n"
                              "ds_read_b32 v5, v3\n"
                              "s_endpgm\n";

START_TEST(test_uninit_local) {
  isa_kernel k;
  kernel_init(&k, "half", half_src, 8, 128, 0, 0);
  for (int mode = 0; mode < 2; mode++) {
    sim_stats st = run_ok(&k, 32, 32, mode, SIM_CHECK_UNINIT);
    ck_assert_uint_eq(st.ndiags, 1);
    ck_assert_str_eq(st.diags[0].kind, "uninit_local");
    ck_assert_str_eq(
        st.diags[0].message,
        "kernel 'half': work-item (16,0,0) read 4 bytes of __local memory at offset 64 "
        "that no work-item wrote, at k.cl:6");
    sim_stats_fini(&st);
  }
  stk_kernel_fini(&k);
}
END_TEST

START_TEST(test_uninit_private) {
  isa_kernel k;
  kernel_init(&k, "priv",
              "v_mov_b32 v3, 0\n"
              "scratch_store_b32 v3, v0\n"
              "scratch_load_b32 v4, v3\n"
              "scratch_load_b32 v5, v3, offset:4\n"
              "s_endpgm\n",
              8, 0, 0, 16);
  for (int mode = 0; mode < 2; mode++) {
    sim_stats st = run_ok(&k, 64, 64, mode, SIM_CHECK_UNINIT);
    ck_assert_uint_eq(st.ndiags, 1);
    ck_assert_str_eq(st.diags[0].kind, "uninit_private");
    ck_assert_str_eq(st.diags[0].message,
                     "kernel 'priv': work-item (0,0,0) read 4 bytes of private memory at offset 4 "
                     "that it never wrote, at k.cl:4");
    sim_stats_fini(&st);
  }
  stk_kernel_fini(&k);
}
END_TEST

/* every lane adds 1 to one __local counter (zeroed by lane 0 before a
 * barrier) and one global counter; then reads it after a barrier */
START_TEST(test_atomics_no_report) {
  isa_kernel k;
  kernel_init(&k, "count",
              "v_mov_b32 v3, 0\n"
              "v_mov_b32 v4, 1\n"
              "v_cmp_eq_u32 s[10:11], v0, 0\n"
              "s_cbranch_div s[10:11], then, join, join\n"
              "then:\n"
              "ds_write_b32 v3, v3\n"
              "join:\n"
              "s_barrier\n"
              "ds_atomic_add_u32 v5, v3, v4\n"
              "s_load_b64 s[8:9], s[0:1]\n"
              "v_mov_b32 v6, s8\n"
              "v_mov_b32 v7, s9\n"
              "global_atomic_add_u32 v5, v[6:7], v4\n"
              "s_barrier\n"
              "ds_read_b32 v5, v3\n"
              "s_endpgm\n",
              10, 128, 8, 0);
  expect_quiet(&k, 256, 64, SIM_CHECK_RACES | SIM_CHECK_UNINIT | SIM_CHECK_BENIGN);
  stk_kernel_fini(&k);
}
END_TEST

START_TEST(test_parse) {
  uint32_t f = 99;
  char err[256];
  ck_assert_int_eq(sim_check_parse("races", &f, err, sizeof err), 0);
  ck_assert_uint_eq(f, SIM_CHECK_RACES);
  ck_assert_int_eq(sim_check_parse("all,benign", &f, err, sizeof err), 0);
  ck_assert_uint_eq(f, SIM_CHECK_RACES | SIM_CHECK_UNINIT | SIM_CHECK_BENIGN);
  ck_assert_int_eq(sim_check_parse(" uninit , fatal ", &f, err, sizeof err), 0);
  ck_assert_uint_eq(f, SIM_CHECK_UNINIT | SIM_CHECK_FATAL | SIM_CHECK_OOB_FAULT);
  ck_assert_int_eq(sim_check_parse("fatal", &f, err, sizeof err), 0);
  ck_assert_uint_eq(f, SIM_CHECK_RACES | SIM_CHECK_UNINIT | SIM_CHECK_FATAL | SIM_CHECK_OOB_FAULT);
  /* out-of-bounds faults alone: no shadow state (cheap) */
  ck_assert_int_eq(sim_check_parse("oob-fatal", &f, err, sizeof err), 0);
  ck_assert_uint_eq(f, SIM_CHECK_OOB_FAULT);
  ck_assert_int_eq(sim_check_parse("none", &f, err, sizeof err), 0);
  ck_assert_uint_eq(f, 0);
  ck_assert_int_eq(sim_check_parse("races,raeces", &f, err, sizeof err), -1);
  ck_assert_str_eq(err,
                   "unknown check 'raeces' (valid: races, uninit, all, benign, fatal, oob-fatal, "
                   "none; separate several with commas)");
}
END_TEST

int main(void) {
  Suite *s = suite_create("check");
  TCase *tc = tcase_create("check");
  tcase_add_test(tc, test_barrier_orders_lds);
  tcase_add_test(tc, test_lds_race);
  tcase_add_test(tc, test_global_race_between_groups);
  tcase_add_test(tc, test_benign_only_when_asked);
  tcase_add_test(tc, test_word_then_byte);
  tcase_add_test(tc, test_fatal_fails_launch);
  tcase_add_test(tc, test_uninit_local);
  tcase_add_test(tc, test_uninit_private);
  tcase_add_test(tc, test_atomics_no_report);
  tcase_add_test(tc, test_parse);
  suite_add_tcase(s, tc);
  return check_run(s);
}
