/* Occupancy: resident work-groups per CU equal the analytic minimum over
 * wave slots, VGPRs, SGPRs, LDS and the work-group limit, with the binding
 * limiter named; work-groups that cannot fit are refused with the reason. */
#include <check.h>
#include <string.h>

#include "sim_internal.h"

static cfg_device load(const char *name) {
  cfg_device c;
  char err[512];
  ck_assert_msg(cfg_load(name, NULL, 0, &c, err, sizeof err) == 0, "%s", err);
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
  cfg_fini(&c);
}
END_TEST

int main(void) {
  Suite *s = suite_create("occupancy");
  TCase *tc = tcase_create("occupancy");
  tcase_add_test(tc, test_teaching_limits);
  tcase_add_test(tc, test_h100_limits);
  tcase_add_test(tc, test_refusals);
  suite_add_tcase(s, tc);
  SRunner *r = srunner_create(s);
  srunner_run_all(r, CK_NORMAL);
  int failed = srunner_ntests_failed(r);
  srunner_free(r);
  return failed ? 1 : 0;
}
