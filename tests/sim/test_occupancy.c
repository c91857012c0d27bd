/* Occupancy: resident work-groups per CU equal the analytic minimum over
 * wave slots, VGPRs, SGPRs, LDS and the work-group limit, with the binding
 * limiter named; work-groups that cannot fit are refused with the reason. */
#include <check.h>
#include <string.h>

#include "check_run.h"
#include "sim_internal.h"

static cfg_device load(const char *name) {
  cfg_device c;
  char err[512];
  ck_assert_msg(cfg_load(NULL, name, NULL, 0, &c, err, sizeof err) == 0, "%s", err);
  return c;
}

static void expect(const cfg_device *c, uint64_t items, uint32_t v, uint32_t s, uint32_t lds,
                   uint32_t wgs, uint32_t wps, const char *limiter) {
  sim_occupancy o;
  char err[512] = "";
  ck_assert_msg(sim_occupancy_compute(c, items, v, s, lds, &o, err, sizeof err) == 0, "%s", err);
  ck_assert_uint_eq(o.wgs_per_cu, wgs);
  ck_assert_uint_eq(o.waves_per_simd, wps);
  ck_assert_str_eq(o.limiter, limiter);
  /* the result is the minimum of the individual limits */
  uint32_t m = UINT32_MAX;
  for (int i = 0; i < 5; i++) m = o.limit[i] < m ? o.limit[i] : m;
  ck_assert_uint_eq(m, wgs);
}

START_TEST(test_teaching_limits) {
  cfg_device c = load("teaching"); /* 2 SIMDs x 4 slots, 128 VGPRs/SIMD, 512 SGPRs, 16 KiB LDS, 4 WGs */
  expect(&c, 128, 8, 16, 0, 2, 4, "wave_slots");  /* 4 waves: 8 slots / 4 */
  expect(&c, 64, 50, 16, 0, 2, 2, "vgprs");       /* 52 allocated: 2 waves/SIMD, 4 per CU, 2 WGs */
  expect(&c, 32, 8, 16, 5000, 3, 4, "lds");       /* 5120 allocated: 16384 / 5120 = 3 */
  expect(&c, 32, 8, 16, 0, 4, 4, "workgroups");   /* 8 slots but max 4 work-groups */
  char err[256];
  ck_assert_int_eq(cfg_set(&c, "cu.sgprs_per_simd=256", err, sizeof err), 0);
  expect(&c, 64, 8, 100, 0, 2, 2, "sgprs");       /* 104 allocated: 256/104 = 2 per SIMD */
  cfg_fini(&c);
}
END_TEST

START_TEST(test_h100_limits) {
  cfg_device c = load("h100");
  expect(&c, 256, 40, 20, 0, 6, 12, "vgprs");   /* 512/40 = 12 waves/SIMD, 48 per SM, 8 per WG */
  expect(&c, 256, 32, 20, 0, 8, 16, "wave_slots");
  expect(&c, 64, 16, 20, 40000, 5, 16, "lds");  /* 233472 / 40064 */
  expect(&c, 32, 16, 20, 0, 32, 16, "workgroups");
  cfg_fini(&c);
}
END_TEST

/* The analytic minimum with allocation granules and the ABI's registers:
 * each case's expected values worked out in its comment (teaching base: wave
 * 32, 2 SIMDs of 4 slots, 128 wave-wide VGPRs and 512 SGPRs per SIMD, 16 KiB
 * of LDS, at most 4 work-groups). */
typedef struct occ_case {
  const char *sets[5];
  uint64_t items;
  uint32_t v, s, lds;
  uint32_t valloc, salloc, ldsalloc, wps, wgs;
  const char *limiter;
} occ_case;

static const occ_case occ_cases[] = {
    /* 33 VGPRs -> 48 in granules of 16: 128/48 = 2 waves per SIMD, 4 per CU,
     * 2 work-groups of 2 waves (granule 4 would allow 128/36 = 3) */
    {{"cu.vgpr_granule=16"}, 64, 33, 16, 0, 48, 16, 0, 2, 2, "vgprs"},
    /* 32 VGPRs fit the granule: 4 per SIMD, tied with the slots (first listed wins) */
    {{"cu.vgpr_granule=16"}, 64, 32, 16, 0, 32, 16, 0, 4, 4, "wave_slots"},
    /* 33 SGPRs -> 64 in granules of 32: 200/64 = 3 per SIMD, 6 per CU, 3 groups */
    {{"cu.sgprs_per_simd=200", "cu.sgpr_granule=32"}, 64, 8, 33, 0, 8, 64, 0, 3, 3, "sgprs"},
    /* 4100 bytes -> 6144 in granules of 2048: 16384/6144 = 2 (unrounded: 3) */
    {{"lds.granule=2048"}, 32, 8, 16, 4100, 8, 16, 6144, 4, 2, "lds"},
    /* exactly 4 granules of 1024: 16384/4096 = 4, tied with the work-group limit */
    {{"lds.granule=1024"}, 32, 8, 16, 4096, 8, 16, 4096, 4, 4, "lds"},
    /* a kernel declaring 1 VGPR still holds the ABI's v0-v2: 16/3 = 5 per SIMD */
    {{"cu.max_vgprs_per_wave=16", "cu.vgprs_per_simd=512", "cu.vgpr_granule=1", "cu.wave_slots_per_simd=8",
      "cu.max_workgroups=32"},
     32, 1, 16, 0, 3, 16, 0, 5, 10, "vgprs"},
    /* and 0 SGPRs the ABI's s0-s6: 16/7 = 2 per SIMD, 4 per CU (tied with 4 work-groups) */
    {{"cu.max_sgprs_per_wave=16", "cu.sgprs_per_simd=16", "cu.sgpr_granule=1"}, 32, 8, 0, 0, 8, 7, 0, 2, 4, "sgprs"},
};

START_TEST(test_granules_table) {
  for (size_t i = 0; i < sizeof occ_cases / sizeof occ_cases[0]; i++) {
    const occ_case *t = &occ_cases[i];
    size_t n = 0;
    while (n < 5 && t->sets[n]) n++;
    cfg_device c;
    char err[512] = "";
    ck_assert_msg(cfg_load(NULL, "teaching", t->sets, n, &c, err, sizeof err) == 0, "%s", err);
    sim_occupancy o;
    ck_assert_msg(sim_occupancy_compute(&c, t->items, t->v, t->s, t->lds, &o, err, sizeof err) == 0, "%s", err);
    ck_assert_msg(o.vgprs_alloc == t->valloc && o.sgprs_alloc == t->salloc && o.lds_alloc == t->ldsalloc,
                  "case %zu: allocated %u/%u/%u", i, o.vgprs_alloc, o.sgprs_alloc, o.lds_alloc);
    ck_assert_msg(o.waves_per_simd == t->wps && o.wgs_per_cu == t->wgs, "case %zu: %u waves/SIMD, %u groups", i,
                  o.waves_per_simd, o.wgs_per_cu);
    ck_assert_msg(strcmp(o.limiter, t->limiter) == 0, "case %zu: limiter %s", i, o.limiter);
    cfg_fini(&c);
  }
}
END_TEST

static void refuse(const cfg_device *c, uint64_t items, uint32_t v, uint32_t s, uint32_t lds,
                   const char *msg) {
  sim_occupancy o;
  char err[512] = "";
  ck_assert_int_eq(sim_occupancy_compute(c, items, v, s, lds, &o, err, sizeof err), -1);
  ck_assert_str_eq(err, msg);
}

START_TEST(test_refusals) {
  cfg_device c = load("teaching");
  refuse(&c, 512, 8, 16, 0,
         "work-group of 512 work-items exceeds cu.max_workgroup_size = 256; pick a smaller local size");
  refuse(&c, 32, 8, 16, 9000,
         "work-group needs 9000 bytes of __local memory but lds.max_per_workgroup = 8192 "
         "(CL_DEVICE_LOCAL_MEM_SIZE); shrink the __local arrays or arguments");
  refuse(&c, 32, 129, 16, 0, "kernel uses 129 VGPRs per wave but cu.max_vgprs_per_wave = 128");
  refuse(&c, 32, 8, 105, 0, "kernel uses 105 SGPRs per wave but cu.max_sgprs_per_wave = 104");
  refuse(&c, 256, 128, 16, 0,
         "a work-group of 256 work-items (8 waves) does not fit on a compute unit: with 128 VGPRs "
         "and 16 SGPRs per wave a SIMD holds 1 waves, 2 SIMDs hold 2 (limited by vgprs); use a "
         "smaller work-group or fewer registers");
  char err[256];
  ck_assert_int_eq(cfg_set(&c, "lds.granule=32768", err, sizeof err), 0);
  refuse(&c, 32, 8, 16, 100,
         "a work-group needing 100 bytes of __local memory takes 32768 bytes in lds.granule = 32768-byte "
         "granules, more than lds.bytes_per_cu = 16384; use a smaller lds.granule");
  cfg_fini(&c);
}
END_TEST

int main(void) {
  Suite *s = suite_create("occupancy");
  TCase *tc = tcase_create("occupancy");
  tcase_add_test(tc, test_teaching_limits);
  tcase_add_test(tc, test_h100_limits);
  tcase_add_test(tc, test_refusals);
  tcase_add_test(tc, test_granules_table);
  suite_add_tcase(s, tc);
  return check_run(s);
}
