/* Double-precision ops (isa_sem_f64.c): exact IEEE results on VGPR pairs,
 * NaN-aware compares, saturating conversions, unit/operand metadata, and every
 * math op within OpenCL's double ulp bounds against long double references. */
#include <check.h>
#include <float.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "check_run.h"
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

/* distance in ulps of double a from the (more precise) reference r; a NaN or infinity
 * must match exactly */
static double ulps(double a, long double r) {
  if (isnan(a) || isnan((double)r)) return isnan(a) && isnan((double)r) ? 0 : 1e9;
  if (isinf(a) || isinf((double)r)) return a == (double)r ? 0 : 1e9;
  double rd = (double)r;
  double u = rd == 0 ? DBL_TRUE_MIN : nextafter(fabs(rd), INFINITY) - fabs(rd);
  return (double)fabsl((long double)a - r) / u;
}

/* a reproducible value in [lo, hi] (xorshift); with lo > 0 spread evenly in log scale */
static double pick(uint64_t *s, double lo, double hi) {
  *s ^= *s << 13;
  *s ^= *s >> 7;
  *s ^= *s << 17;
  double u = (double)(*s >> 11) / 0x1p53;
  if (lo > 0) return exp2(log2(lo) + u * (log2(hi) - log2(lo)));
  return lo + u * (hi - lo);
}

static long double ref_exp10(long double x) {
  return powl(10.0L, x);
}

typedef struct f64_math_case {
  const char *op;
  long double (*ref1)(long double);
  long double (*ref2)(long double, long double);
  double lo, hi, lo2, hi2; /* argument ranges */
  double bound;            /* OpenCL 1.2 table 7.2, double */
} f64_math_case;

/* Each double math op on 20,000 arguments over its domain (log-spread where positive,
 * so denormals and huge values are reached) against the long double function: the
 * worst error must be within OpenCL's bound for double. */
START_TEST(test_f64_math_ulp_bounds) {
  static const f64_math_case cases[] = {
      {"v_cbrt_f64", cbrtl, NULL, 0x1p-1074, DBL_MAX, 0, 0, 2},
      {"v_cbrt_f64", cbrtl, NULL, -8.0, 8.0, 0, 0, 2},
      {"v_sqrt_f64", sqrtl, NULL, 0x1p-1074, DBL_MAX, 0, 0, 0.5},
      {"v_exp_f64", expl, NULL, -745.0, 709.0, 0, 0, 3},
      {"v_exp2_f64", exp2l, NULL, -1074.0, 1023.0, 0, 0, 3},
      {"v_exp10_f64", ref_exp10, NULL, -323.0, 308.0, 0, 0, 3},
      {"v_expm1_f64", expm1l, NULL, -40.0, 709.0, 0, 0, 3},
      {"v_log_f64", logl, NULL, 0x1p-1074, DBL_MAX, 0, 0, 3},
      {"v_log2_f64", log2l, NULL, 0x1p-1074, DBL_MAX, 0, 0, 3},
      {"v_log10_f64", log10l, NULL, 0x1p-1074, DBL_MAX, 0, 0, 3},
      {"v_log1p_f64", log1pl, NULL, -0.999, 1e300, 0, 0, 2},
      {"v_sin_f64", sinl, NULL, -1e5, 1e5, 0, 0, 4},
      {"v_cos_f64", cosl, NULL, -1e5, 1e5, 0, 0, 4},
      {"v_tan_f64", tanl, NULL, -1e5, 1e5, 0, 0, 4},
      {"v_asin_f64", asinl, NULL, -1.0, 1.0, 0, 0, 4},
      {"v_acos_f64", acosl, NULL, -1.0, 1.0, 0, 0, 4},
      {"v_atan_f64", atanl, NULL, -1e20, 1e20, 0, 0, 4},
      {"v_sinh_f64", sinhl, NULL, -710.0, 710.0, 0, 0, 4},
      {"v_cosh_f64", coshl, NULL, -710.0, 710.0, 0, 0, 4},
      {"v_tanh_f64", tanhl, NULL, -20.0, 20.0, 0, 0, 4},
      {"v_asinh_f64", asinhl, NULL, -1e300, 1e300, 0, 0, 4},
      {"v_acosh_f64", acoshl, NULL, 1.0, 1e300, 0, 0, 4},
      {"v_atanh_f64", atanhl, NULL, -1.0, 1.0, 0, 0, 4},
      {"v_erf_f64", erfl, NULL, -6.0, 6.0, 0, 0, 16},
      {"v_erfc_f64", erfcl, NULL, -6.0, 27.0, 0, 0, 16},
      {"v_tgamma_f64", tgammal, NULL, 0x1p-20, 171.0, 0, 0, 16},
      {"v_atan2_f64", NULL, atan2l, -1e10, 1e10, -1e10, 1e10, 6},
      {"v_pow_f64", NULL, powl, 1e-3, 1e3, -100.0, 100.0, 16},
      {"v_hypot_f64", NULL, hypotl, -1e300, 1e300, -1e300, 1e300, 4},
  };
  tw *t = tw_new(32, ALL32, 0);
  char text[64], fails[2048] = "";
  size_t fl = 0;
  for (size_t c = 0; c < sizeof cases / sizeof cases[0]; c++) {
    const f64_math_case *m = &cases[c];
    uint64_t s = 0x2545f4914f6cdd1dull + c;
    double worst = 0, wx = 0, wy = 0;
    snprintf(text, sizeof text, m->ref2 ? "%s v[6:7], v[2:3], v[4:5]" : "%s v[6:7], v[2:3]", m->op);
    for (int k = 0; k < 20000 / 32; k++) {
      double x[32], y[32];
      for (unsigned l = 0; l < 32; l++) {
        x[l] = pick(&s, m->lo, m->hi);
        y[l] = m->ref2 ? pick(&s, m->lo2, m->hi2) : 0;
        setd(t, 2, l, x[l]);
        setd(t, 4, l, y[l]);
      }
      ck_assert_int_eq(tw_exec(t, text), ISA_RUN);
      for (unsigned l = 0; l < 32; l++) {
        long double r = m->ref2 ? m->ref2(x[l], y[l]) : m->ref1(x[l]);
        double e = ulps(getd(t, 6, l), r);
        if (e > worst) worst = e, wx = x[l], wy = y[l];
      }
    }
    if (worst > m->bound && fl < sizeof fails - 128)
      fl += (size_t)snprintf(fails + fl, sizeof fails - fl, " %s(%a, %a) %.2f ulp > %g;", m->op, wx,
                             wy, worst, m->bound);
  }
  tw_free(t);
  ck_assert_msg(!fl, "over OpenCL's double bound:%s", fails);
}
END_TEST

static Suite *suite(void) {
  Suite *s = suite_create("isa_f64");
  TCase *tc = tcase_create("core");
  tcase_add_test(tc, test_f64_arith);
  tcase_add_test(tc, test_f64_compares_nan);
  tcase_add_test(tc, test_f64_conversions);
  tcase_add_test(tc, test_f64_metadata);
  tcase_add_test(tc, test_f64_math_ulp_bounds);
  suite_add_tcase(s, tc);
  return s;
}

int main(void) {
  return check_run(suite());
}
