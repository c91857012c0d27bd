/* Double-precision ops (isa_sem_f64.c): exact IEEE results on VGPR pairs,
 * NaN-aware compares, saturating conversions and unit/operand metadata. */
#include <check.h>
#include <math.h>
#include <stdint.h>
#include <string.h>

#include "isa_test_util.h"

#define ALL32 0xffffffffull

static void setd(tw *t, unsigned reg, unsigned lane, double d) {
  uint64_t x;
  memcpy(&x, &d, 8);
  *tw_v(t, reg, lane) = (uint32_t)x;
  *tw_v(t, reg + 1, lane) = (uint32_t)(x >> 32);
}

static uint64_t getu(tw *t, unsigned reg, unsigned lane) {
  return *tw_v(t, reg, lane) | (uint64_t)*tw_v(t, reg + 1, lane) << 32;
}

static double getd(tw *t, unsigned reg, unsigned lane) {
  uint64_t x = getu(t, reg, lane);
  double d;
  memcpy(&d, &x, 8);
  return d;
}

START_TEST(test_f64_arith) {
  tw *t = tw_new(32, ALL32, 0);
  setd(t, 2, 0, 0.1);
  setd(t, 4, 0, 0.2);
  setd(t, 2, 1, 1.0);
  setd(t, 4, 1, 3.0);
  ck_assert_int_eq(tw_exec(t, "v_add_f64 v[6:7], v[2:3], v[4:5]"), ISA_RUN);
  ck_assert_uint_eq(getu(t, 6, 0), 0x3fd3333333333334ull); /* 0.30000000000000004 */
  ck_assert_int_eq(tw_exec(t, "v_div_f64 v[6:7], v[2:3], v[4:5]"), ISA_RUN);
  ck_assert_uint_eq(getu(t, 6, 1), 0x3fd5555555555555ull); /* 1/3 correctly rounded */
  ck_assert_int_eq(tw_exec(t, "v_sqrt_f64 v[6:7], 0x4000000000000000"), ISA_RUN); /* sqrt(2) */
  ck_assert_uint_eq(getu(t, 6, 5), 0x3ff6a09e667f3bcdull);
  /* fma rounds once: 0.1*3 - 0.3 in double is the product's rounding error */
  setd(t, 8, 0, -0.30000000000000004);
  setd(t, 4, 0, 3.0);
  ck_assert_int_eq(tw_exec(t, "v_fma_f64 v[6:7], v[2:3], v[4:5], v[8:9]"), ISA_RUN);
  ck_assert(getd(t, 6, 0) == fma(0.1, 3.0, -0.30000000000000004));
  ck_assert(getd(t, 6, 0) != 0.0);
  ck_assert_int_eq(tw_exec(t, "v_floor_f64 v[6:7], 0xc004000000000000"), ISA_RUN); /* -2.5 */
  ck_assert(getd(t, 6, 3) == -3.0);
  ck_assert_int_eq(tw_exec(t, "v_rndne_f64 v[6:7], 0xc004000000000000"), ISA_RUN);
  ck_assert(getd(t, 6, 3) == -2.0);
  ck_assert_int_eq(tw_exec(t, "v_ldexp_f64 v[6:7], 0x3ff0000000000000, 1023"), ISA_RUN);
  ck_assert(getd(t, 6, 0) == ldexp(1.0, 1023));
  tw_free(t);
}
END_TEST

START_TEST(test_f64_compares_nan) {
  tw *t = tw_new(32, ALL32, 0);
  for (unsigned l = 0; l < 32; l++) setd(t, 2, l, (double)l);
  setd(t, 2, 3, NAN);
  ck_assert_int_eq(tw_exec(t, "v_cmp_olt_f64 s[8:9], v[2:3], 0x4010000000000000"), ISA_RUN); /* < 4.0 */
  ck_assert_uint_eq(tw_s64(t, 8), 0x7u);                                                        /* 0,1,2 */
  ck_assert_int_eq(tw_exec(t, "v_cmp_ult_f64 s[8:9], v[2:3], 0x4010000000000000"), ISA_RUN);
  ck_assert_uint_eq(tw_s64(t, 8), 0xfu); /* NaN lane 3 too */
  ck_assert_int_eq(tw_exec(t, "v_cmp_u_f64 s[8:9], v[2:3], v[2:3]"), ISA_RUN);
  ck_assert_uint_eq(tw_s64(t, 8), 0x8u);
  ck_assert_int_eq(tw_exec(t, "v_cmp_une_f64 s[8:9], v[2:3], v[2:3]"), ISA_RUN);
  ck_assert_uint_eq(tw_s64(t, 8), 0x8u);
  ck_assert_int_eq(tw_exec(t, "v_cmp_oeq_f64 s[8:9], v[2:3], v[2:3]"), ISA_RUN);
  ck_assert_uint_eq(tw_s64(t, 8), 0xfffffff7u);
  tw_free(t);
}
END_TEST

START_TEST(test_f64_conversions) {
  tw *t = tw_new(32, ALL32, 0);
  setd(t, 2, 0, NAN);
  setd(t, 2, 1, 3e9);
  setd(t, 2, 2, -3e9);
  setd(t, 2, 3, -2.75);
  setd(t, 2, 4, 1e30);
  ck_assert_int_eq(tw_exec(t, "v_cvt_i32_f64 v4, v[2:3]"), ISA_RUN);
  ck_assert_uint_eq(*tw_v(t, 4, 0), 0);
  ck_assert_uint_eq(*tw_v(t, 4, 1), 0x7fffffffu);
  ck_assert_uint_eq(*tw_v(t, 4, 2), 0x80000000u);
  ck_assert_uint_eq(*tw_v(t, 4, 3), (uint32_t)-2);
  ck_assert_int_eq(tw_exec(t, "v_cvt_u32_f64 v4, v[2:3]"), ISA_RUN);
  ck_assert_uint_eq(*tw_v(t, 4, 1), 3000000000u);
  ck_assert_uint_eq(*tw_v(t, 4, 2), 0);
  ck_assert_int_eq(tw_exec(t, "v_cvt_i64_f64 v[6:7], v[2:3]"), ISA_RUN);
  ck_assert_uint_eq(getu(t, 6, 0), 0);
  ck_assert_uint_eq(getu(t, 6, 2), (uint64_t)-3000000000ll);
  ck_assert_uint_eq(getu(t, 6, 4), 0x7fffffffffffffffull);
  ck_assert_int_eq(tw_exec(t, "v_cvt_u64_f64 v[6:7], v[2:3]"), ISA_RUN);
  ck_assert_uint_eq(getu(t, 6, 4), UINT64_MAX);
  ck_assert_uint_eq(getu(t, 6, 3), 0);
  /* 2^53 + 1 rounds to even; f32 <-> f64 */
  ck_assert_int_eq(tw_exec(t, "v_cvt_f64_i64 v[6:7], 0x20000000000001"), ISA_RUN);
  ck_assert(getd(t, 6, 0) == 9007199254740992.0);
  ck_assert_int_eq(tw_exec(t, "v_cvt_f64_u32 v[6:7], 0xffffffff"), ISA_RUN);
  ck_assert(getd(t, 6, 0) == 4294967295.0);
  ck_assert_int_eq(tw_exec(t, "v_cvt_f64_f32 v[6:7], 0x3dcccccd"), ISA_RUN); /* 0.1f */
  ck_assert(getd(t, 6, 0) == (double)0.1f);
  ck_assert_int_eq(tw_exec(t, "v_cvt_f32_f64 v8, 0x3fb999999999999a"), ISA_RUN); /* 0.1 */
  ck_assert_uint_eq(*tw_v(t, 8, 0), 0x3dcccccdu);
  tw_free(t);
}
END_TEST

START_TEST(test_f64_metadata) {
  ck_assert_int_eq(isa_ops[ISA_OP_v_add_f64].unit, ISA_UNIT_FP64);
  ck_assert_int_eq(isa_ops[ISA_OP_v_cmp_olt_f64].unit, ISA_UNIT_FP64);
  ck_assert_int_eq(isa_ops[ISA_OP_v_fma_f64].kind[3], ISA_OK_A2);
  ck_assert_int_eq(isa_ops[ISA_OP_v_cvt_f32_f64].kind[0], ISA_OK_V);
  ck_assert_int_eq(isa_ops[ISA_OP_v_ldexp_f64].kind[2], ISA_OK_A);
}
END_TEST

static Suite *suite(void) {
  Suite *s = suite_create("isa_f64");
  TCase *tc = tcase_create("core");
  tcase_add_test(tc, test_f64_arith);
  tcase_add_test(tc, test_f64_compares_nan);
  tcase_add_test(tc, test_f64_conversions);
  tcase_add_test(tc, test_f64_metadata);
  suite_add_tcase(s, tc);
  return s;
}

int main(void) {
  SRunner *sr = srunner_create(suite());
  srunner_run_all(sr, CK_NORMAL);
  int failed = srunner_ntests_failed(sr);
  srunner_free(sr);
  return failed ? 1 : 0;
}
