/* The extra math functions (isa_sem_mathx.c): the exact special values of OpenCL 1.2 section
 * 7.5.1, accuracy against long double references, and the ops' wiring and int results. */
#include <check.h>
#include <float.h>
#include <limits.h>
#include <math.h>
#include <stdint.h>
#include <string.h>

#include "check_run.h"
#include "isa_mathx.h"
#include "isa_test_util.h"

#define ALL32 0xffffffffull

/* same value and same sign (so +0 and -0 differ); NaN equals NaN */
static int same(double a, double b) {
  if (isnan(a) || isnan(b)) return isnan(a) && isnan(b);
  return a == b && signbit(a) == signbit(b);
}

#define CK_SAME(got, want)                                                                         \
  do {                                                                                             \
    double g_ = (got), w_ = (want);                                                                \
    ck_assert_msg(same(g_, w_), "%s = %a, want %a", #got, g_, w_);                                 \
  } while (0)

/* distance in ulps of double a from the (more precise) reference r */
static double ulps(double a, long double r) {
  if (isinf(a) || isnan(a)) return isinf(a) && a == r ? 0 : 1e9;
  double rd = (double)r;
  double u = rd == 0 ? DBL_TRUE_MIN : nextafter(fabs(rd), INFINITY) - fabs(rd);
  return (double)fabsl((long double)a - r) / u;
}

/* a reproducible spread of values: xorshift, scaled into [-m, m] */
static double rnd(uint64_t *s, double m) {
  *s ^= *s << 13;
  *s ^= *s >> 7;
  *s ^= *s << 17;
  return ((double)(*s >> 11) / 0x1p53 * 2.0 - 1.0) * m;
}

START_TEST(test_pi_exact_points) {
  /* sinpi: +-0 kept; +n -> +0, -n -> -0 (odd and even n alike) */
  CK_SAME(isa_mx_sinpi(0.0), 0.0);
  CK_SAME(isa_mx_sinpi(-0.0), -0.0);
  CK_SAME(isa_mx_sinpi(1.0), 0.0);
  CK_SAME(isa_mx_sinpi(2.0), 0.0);
  CK_SAME(isa_mx_sinpi(-1.0), -0.0);
  CK_SAME(isa_mx_sinpi(-2.0), -0.0);
  CK_SAME(isa_mx_sinpi(0x1p60), 0.0);
  CK_SAME(isa_mx_sinpi(0.5), 1.0);
  CK_SAME(isa_mx_sinpi(1.5), -1.0);
  CK_SAME(isa_mx_sinpi(-0.5), -1.0);
  CK_SAME(isa_mx_sinpi(8388609.5), -1.0); /* sinpi(n + 0.5) = (-1)^n */
  CK_SAME(isa_mx_sinpi(4503599627370495.5), -1.0);
  CK_SAME(isa_mx_sinpi(0x1p-1074), 3 * 0x1p-1074); /* pi * the least denormal, rounded */
  ck_assert(isnan(isa_mx_sinpi(INFINITY)) && isnan(isa_mx_sinpi(-INFINITY)));
  /* cospi: cospi(+-0) = 1, cospi(n + 0.5) = +0, cospi(n) = +-1 */
  CK_SAME(isa_mx_cospi(0.0), 1.0);
  CK_SAME(isa_mx_cospi(-0.0), 1.0);
  CK_SAME(isa_mx_cospi(0.5), 0.0);
  CK_SAME(isa_mx_cospi(-0.5), 0.0);
  CK_SAME(isa_mx_cospi(1.5), 0.0);
  CK_SAME(isa_mx_cospi(-2.5), 0.0);
  CK_SAME(isa_mx_cospi(8388609.5), 0.0);
  CK_SAME(isa_mx_cospi(1.0), -1.0);
  CK_SAME(isa_mx_cospi(-3.0), -1.0);
  CK_SAME(isa_mx_cospi(0x1p60), 1.0);
  ck_assert(isnan(isa_mx_cospi(INFINITY)));
  /* tanpi: copysign(0, n) for even n, copysign(0, -n) for odd n; +inf at n + 0.5 for even n,
   * -inf for odd n */
  CK_SAME(isa_mx_tanpi(0.0), 0.0);
  CK_SAME(isa_mx_tanpi(-0.0), -0.0);
  CK_SAME(isa_mx_tanpi(2.0), 0.0);
  CK_SAME(isa_mx_tanpi(-2.0), -0.0);
  CK_SAME(isa_mx_tanpi(1.0), -0.0);
  CK_SAME(isa_mx_tanpi(-1.0), 0.0);
  CK_SAME(isa_mx_tanpi(8388609.0), -0.0);
  CK_SAME(isa_mx_tanpi(0.5), INFINITY);
  CK_SAME(isa_mx_tanpi(1.5), -INFINITY);
  CK_SAME(isa_mx_tanpi(-0.5), -INFINITY); /* n = -1, odd */
  CK_SAME(isa_mx_tanpi(-1.5), INFINITY);  /* n = -2, even */
  CK_SAME(isa_mx_tanpi(0.25), 1.0);
  CK_SAME(isa_mx_tanpi(-0.75), 1.0);
  ck_assert(isnan(isa_mx_tanpi(-INFINITY)));
  ck_assert(isnan(isa_mx_tanpi(NAN)));
}
END_TEST

START_TEST(test_pi_inverse_exact_points) {
  CK_SAME(isa_mx_asinpi(1.0), 0.5);
  CK_SAME(isa_mx_asinpi(-1.0), -0.5);
  CK_SAME(isa_mx_asinpi(-0.0), -0.0);
  ck_assert(isnan(isa_mx_asinpi(1.5)));
  CK_SAME(isa_mx_acospi(1.0), 0.0);
  CK_SAME(isa_mx_acospi(-1.0), 1.0);
  CK_SAME(isa_mx_atanpi(INFINITY), 0.5);
  CK_SAME(isa_mx_atanpi(-INFINITY), -0.5);
  CK_SAME(isa_mx_atanpi(-0.0), -0.0);
  CK_SAME(isa_mx_atan2pi(0.0, -0.0), 1.0);
  CK_SAME(isa_mx_atan2pi(-0.0, -0.0), -1.0);
  CK_SAME(isa_mx_atan2pi(0.0, 0.0), 0.0);
  CK_SAME(isa_mx_atan2pi(-0.0, 3.0), -0.0);
  CK_SAME(isa_mx_atan2pi(2.0, -INFINITY), 1.0);
  CK_SAME(isa_mx_atan2pi(-2.0, -INFINITY), -1.0);
  CK_SAME(isa_mx_atan2pi(INFINITY, 5.0), 0.5);
  CK_SAME(isa_mx_atan2pi(-3.0, 0.0), -0.5);
  CK_SAME(isa_mx_atan2pi(INFINITY, INFINITY), 0.25);
  CK_SAME(isa_mx_atan2pi(-INFINITY, INFINITY), -0.25);
  CK_SAME(isa_mx_atan2pi(INFINITY, -INFINITY), 0.75);
  CK_SAME(isa_mx_atan2pi(-INFINITY, -INFINITY), -0.75);
}
END_TEST

/* sinpi (f 0), cospi (1), tanpi (2) in long double, on an exactly reduced argument in
 * [0, 0.25] (near the zeros and poles pi * r itself would cost the reference its accuracy) */
static long double ref_pi(double x, int f) {
  const long double pil = 3.141592653589793238462643383279502884L;
  long double r = fmodl(fabsl((long double)x), f == 2 ? 1.0L : 2.0L), s = 1;
  if (f != 1 && x < 0) s = -s;
  if (f == 2 && r == 0.5L) /* the pole: +inf after an even integer part, -inf after an odd */
    return s * (fmodl(floorl(fabsl((long double)x)), 2.0L) == 1 ? -INFINITY : INFINITY);
  if (f == 0 && r >= 1) r -= 1, s = -s;
  if (f == 1 && r > 1) r = 2 - r;
  if (r > 0.5L) r = 1 - r, s = f == 0 ? s : -s;
  if (f == 2) return s * (r <= 0.25L ? tanl(pil * r) : 1 / tanl(pil * (0.5L - r)));
  int sine = (f == 0) == (r <= 0.25L);
  long double a = r <= 0.25L ? r : 0.5L - r;
  return s * (sine ? sinl(pil * a) : cosl(pil * a));
}

START_TEST(test_pi_accuracy) {
  /* against sinl/cosl/tanl of the exactly reduced argument in long double: the claim of
   * isa_mathx.h is ~2 ulp; the OpenCL bounds are 4 (sinpi, cospi) and 6 (tanpi) */
  uint64_t s = 0x9e3779b97f4a7c15ull;
  double worst[3] = {0, 0, 0};
  for (int k = 0; k < 200000; k++) {
    double x = rnd(&s, k & 1 ? 8.0 : 0x1p40);
    if (k % 7 == 0) x = ldexp(x, -(k % 900)); /* tiny arguments, denormals included */
    long double sn = ref_pi(x, 0), cs = ref_pi(x, 1), tn = ref_pi(x, 2);
    double e[3] = {ulps(isa_mx_sinpi(x), sn), ulps(isa_mx_cospi(x), cs), ulps(isa_mx_tanpi(x), tn)};
    for (int j = 0; j < 3; j++)
      if (e[j] > worst[j]) worst[j] = e[j];
  }
  ck_assert_msg(worst[0] <= 2.0 && worst[1] <= 2.0 && worst[2] <= 3.0,
                "sinpi %.2f cospi %.2f tanpi %.2f ulp", worst[0], worst[1], worst[2]);
}
END_TEST

START_TEST(test_powr_pown_rootn) {
  /* powr's own special cases (7.5.1) */
  CK_SAME(isa_mx_powr(2.0, 0.0), 1.0);
  CK_SAME(isa_mx_powr(0.0, -3.0), INFINITY);
  CK_SAME(isa_mx_powr(-0.0, -3.0), INFINITY);
  CK_SAME(isa_mx_powr(0.0, -INFINITY), INFINITY);
  CK_SAME(isa_mx_powr(-0.0, 3.0), 0.0);
  CK_SAME(isa_mx_powr(1.0, 1e300), 1.0);
  ck_assert(isnan(isa_mx_powr(-1.0, 2.0)));
  ck_assert(isnan(isa_mx_powr(-INFINITY, 2.0)));
  ck_assert(isnan(isa_mx_powr(0.0, 0.0)));
  ck_assert(isnan(isa_mx_powr(-0.0, -0.0)));
  ck_assert(isnan(isa_mx_powr(INFINITY, 0.0)));
  ck_assert(isnan(isa_mx_powr(1.0, INFINITY)));
  ck_assert(isnan(isa_mx_powr(1.0, -INFINITY)));
  ck_assert(isnan(isa_mx_powr(NAN, 0.0)));
  ck_assert(isnan(isa_mx_powr(1.0, NAN)));
  CK_SAME(isa_mx_powr(INFINITY, -2.0), 0.0);
  CK_SAME(isa_mx_powr(INFINITY, 0.5), INFINITY);
  CK_SAME(isa_mx_powr(4.0, 0.5), 2.0);
  /* pown */
  CK_SAME(isa_mx_pown(NAN, 0), 1.0);
  CK_SAME(isa_mx_pown(-0.0, -3), -INFINITY);
  CK_SAME(isa_mx_pown(-0.0, -2), INFINITY);
  CK_SAME(isa_mx_pown(-0.0, 3), -0.0);
  CK_SAME(isa_mx_pown(-2.0, 3), -8.0);
  CK_SAME(isa_mx_pown(2.0, INT_MIN), 0.0);
  CK_SAME(isa_mx_pown(-1.0, INT_MAX), -1.0);
  /* rootn */
  ck_assert(isnan(isa_mx_rootn(5.0, 0)));
  ck_assert(isnan(isa_mx_rootn(-8.0, 2)));
  ck_assert(isnan(isa_mx_rootn(-INFINITY, -4)));
  ck_assert(isnan(isa_mx_rootn(NAN, 3)));
  CK_SAME(isa_mx_rootn(-8.0, 3), -2.0);
  CK_SAME(isa_mx_rootn(-0.0, 3), -0.0);
  CK_SAME(isa_mx_rootn(-0.0, 2), 0.0);
  CK_SAME(isa_mx_rootn(-0.0, -3), -INFINITY);
  CK_SAME(isa_mx_rootn(-0.0, -2), INFINITY);
  CK_SAME(isa_mx_rootn(0.0, -3), INFINITY);
  CK_SAME(isa_mx_rootn(-INFINITY, 3), -INFINITY);
  CK_SAME(isa_mx_rootn(-INFINITY, -3), -0.0);
  CK_SAME(isa_mx_rootn(INFINITY, -2), 0.0);
  CK_SAME(isa_mx_rootn(-645.23139610626504, 1), -645.23139610626504);
  CK_SAME(isa_mx_rootn(1024.0, -10), 0.5);
  ck_assert(ulps(isa_mx_rootn(-3.0, INT_MIN + 1), -expl(-logl(3.0L) / 2147483647.0L)) <= 1.0);
  /* large |ln x| / n: the case plain double pow(x, 1.0 / n) gets ~250 ulp wrong */
  uint64_t s = 12345;
  double worst = 0;
  for (int k = 0; k < 100000; k++) {
    double x = ldexp(fabs(rnd(&s, 1.0)) + 0.5, (k % 2040) - 1020);
    long double lx = x;
    double e = fmax(ulps(isa_mx_rootn(x, 5), powl(lx, 0.2L)),
                    ulps(isa_mx_rootn(-x, 7), -powl(lx, 1.0L / 7)));
    e = fmax(e, ulps(isa_mx_rootn(x, -3), 1.0L / cbrtl(lx)));
    e = fmax(e, ulps(isa_mx_rootn(x, 3), cbrtl(lx)));
    e = fmax(e, ulps(isa_mx_rootn(x, 2), sqrtl(lx)));
    e = fmax(e, ulps(isa_mx_rootn(x, -1), 1.0L / lx));
    if (e > worst) worst = e;
  }
  /* the long double references carry 11 more bits: only the final rounding remains */
  ck_assert_msg(worst <= 1.0, "rootn %.2f ulp", worst);
}
END_TEST

START_TEST(test_int_results) {
  ck_assert_int_eq(isa_mx_ilogb(0.0), INT_MIN);
  ck_assert_int_eq(isa_mx_ilogb(-0.0), INT_MIN);
  ck_assert_int_eq(isa_mx_ilogb(NAN), INT_MAX);
  ck_assert_int_eq(isa_mx_ilogb(-INFINITY), INT_MAX);
  ck_assert_int_eq(isa_mx_ilogb(0x1p-1074), -1074);
  ck_assert_int_eq(isa_mx_ilogb(-1000.0), 9);
  ck_assert_int_eq(isa_mx_ilogb((double)0x1p-149f), -149);
  CK_SAME(isa_mx_frexp_mant(-0.0), -0.0);
  ck_assert_int_eq(isa_mx_frexp_exp(-0.0), 0);
  CK_SAME(isa_mx_frexp_mant(-INFINITY), -INFINITY);
  ck_assert_int_eq(isa_mx_frexp_exp(INFINITY), 0);
  ck_assert(isnan(isa_mx_frexp_mant(NAN)));
  ck_assert_int_eq(isa_mx_frexp_exp(NAN), 0);
  CK_SAME(isa_mx_frexp_mant(-3.0), -0.75);
  ck_assert_int_eq(isa_mx_frexp_exp(-3.0), 2);
  CK_SAME(isa_mx_frexp_mant(0x1p-1074), 0.5);
  ck_assert_int_eq(isa_mx_frexp_exp(0x1p-1074), -1073);
  /* lgamma_r's sign: negative on (-1, 0), (-3, -2) ...; -1 for -0 */
  ck_assert_int_eq(isa_mx_lgamma_sign(-0.5), -1);
  ck_assert_int_eq(isa_mx_lgamma_sign(-1.5), 1);
  ck_assert_int_eq(isa_mx_lgamma_sign(-2.5), -1);
  ck_assert_int_eq(isa_mx_lgamma_sign(3.0), 1);
  ck_assert_int_eq(isa_mx_lgamma_sign(-0.0), -1);
  CK_SAME(isa_mx_lgamma(1.0), 0.0);
  CK_SAME(isa_mx_lgamma(-2.0), INFINITY);
  ck_assert(fabs(isa_mx_lgamma(-0.5) - 1.2655121234846454) < 1e-15);
}
END_TEST

START_TEST(test_remquo_quotient) {
  ck_assert_int_eq(isa_mx_remquo_q(7.0, 2.0), 4); /* 3.5 rounds to even 4 */
  ck_assert_int_eq(isa_mx_remquo_q(5.0, 2.0), 2); /* 2.5 rounds to even 2 */
  ck_assert_int_eq(isa_mx_remquo_q(-7.0, 2.0), -4);
  ck_assert_int_eq(isa_mx_remquo_q(7.0, -2.0), -4);
  ck_assert_int_eq(isa_mx_remquo_q(-7.0, -2.0), 4);
  ck_assert_int_eq(isa_mx_remquo_q(1000.0, 3.0), 333 & 127);
  ck_assert_int_eq(isa_mx_remquo_q(255.5, 1.0), 0); /* 256 & 127 after rounding up */
  ck_assert_int_eq(isa_mx_remquo_q(-200.0, 1.0), -(200 & 127));
  ck_assert_int_eq(isa_mx_remquo_q(DBL_MAX, 0x1p1020), 16); /* 16 - 2^-49 rounds to 16 */
  ck_assert_int_eq(isa_mx_remquo_q(DBL_MAX, DBL_MAX / 3), 3);
  ck_assert_int_eq(isa_mx_remquo_q(0x1p-1070, 0x1p-1074), 16);
  ck_assert_int_eq(isa_mx_remquo_q(3.0 * 0x1p-1074, 0x1p-1073), 2); /* 1.5 rounds to 2 */
  ck_assert_int_eq(isa_mx_remquo_q(3.0, INFINITY), 0);
  ck_assert_int_eq(isa_mx_remquo_q(INFINITY, 3.0), 0);
  ck_assert_int_eq(isa_mx_remquo_q(3.0, 0.0), 0);
  ck_assert_int_eq(isa_mx_remquo_q(NAN, 3.0), 0);
  /* the quotient agrees with remainder(): x - q * y == remainder(x, y) for small quotients */
  uint64_t s = 99;
  for (int k = 0; k < 100000; k++) {
    double x = rnd(&s, 100.0), y = rnd(&s, 3.0);
    int32_t q = isa_mx_remquo_q(x, y);
    double q_exact = nearbyint(x / y);
    if (fabs(x / y) < 60.0 && fabs(x / y - trunc(x / y) - 0.5) > 1e-9)
      ck_assert_msg(q == (int32_t)q_exact, "remquo(%a, %a): %d, want %g", x, y, q, q_exact);
  }
}
END_TEST

/* cbrt: exact special values and cubes; over random bit patterns of every finite double
 * (denormals and huge values included) within 0.5 ulp plus the reference's own error */
START_TEST(test_cbrt) {
  CK_SAME(isa_mx_cbrt(0.0), 0.0);
  CK_SAME(isa_mx_cbrt(-0.0), -0.0);
  CK_SAME(isa_mx_cbrt(INFINITY), INFINITY);
  CK_SAME(isa_mx_cbrt(-INFINITY), -INFINITY);
  ck_assert(isnan(isa_mx_cbrt(NAN)));
  CK_SAME(isa_mx_cbrt(27.0), 3.0);
  CK_SAME(isa_mx_cbrt(-0.125), -0.5);
  CK_SAME(isa_mx_cbrt(0x1p-1074), 0x1p-358); /* the least denormal */
  CK_SAME(isa_mx_cbrt(-0x1p-1071), -0x1p-357);
  CK_SAME(isa_mx_cbrt(0x1p1023), 0x1p341);
  CK_SAME(isa_mx_cbrt(1e300), 1e100);
  ck_assert(ulps(isa_mx_cbrt(DBL_MAX), cbrtl(DBL_MAX)) <= 0.5);
  uint64_t s = 0x1234567887654321ull;
  double worst = 0, wx = 0;
  for (int k = 0; k < 300000; k++) {
    s ^= s << 13;
    s ^= s >> 7;
    s ^= s << 17;
    uint64_t b = k % 3 ? s : s & 0x800fffffffffffffull; /* every third a denormal */
    double x;
    memcpy(&x, &b, sizeof x);
    if (!isfinite(x)) continue;
    double e = ulps(isa_mx_cbrt(x), cbrtl((long double)x));
    if (e > worst) worst = e, wx = x;
  }
  ck_assert_msg(worst <= 0.501, "cbrt %.4f ulp at %a", worst, wx);
}
END_TEST

/* the ops: float forms round the double helpers once; int results land in one VGPR */
START_TEST(test_ops) {
  tw *t = tw_new(32, ALL32, 0);
  tw_setf(t, 1, 0, 1.0f);
  tw_setf(t, 1, 1, -2.5f);
  tw_setf(t, 1, 2, 0.0f);
  tw_setf(t, 1, 3, 1.0f / 3.0f);
  ck_assert_int_eq(tw_exec(t, "v_sinpi_f32 v2, v1"), ISA_RUN);
  ck_assert_uint_eq(*tw_v(t, 2, 0), 0); /* +0 */
  ck_assert(tw_getf(t, 2, 1) == -1.0f);
  ck_assert(tw_getf(t, 2, 3) == (float)isa_mx_sinpi(1.0f / 3.0f));
  ck_assert_int_eq(tw_exec(t, "v_frexp_exp_f32 v3, v1"), ISA_RUN);
  ck_assert_int_eq((int32_t)*tw_v(t, 3, 1), 2);
  ck_assert_int_eq(tw_exec(t, "v_ilogb_f32 v3, v1"), ISA_RUN);
  ck_assert_int_eq((int32_t)*tw_v(t, 3, 2), INT_MIN);
  ck_assert_int_eq(tw_exec(t, "v_pown_f32 v3, v1, -3"), ISA_RUN);
  ck_assert(tw_getf(t, 3, 1) == -0.064f);
  ck_assert_int_eq(tw_exec(t, "v_remquo_q_f32 v3, 0x40e00000, v1"), ISA_RUN);
  ck_assert_int_eq((int32_t)*tw_v(t, 3, 1), -3); /* 7.0 / -2.5 = -2.8 */
  /* doubles: v[4:5] = -8, int results in v6 */
  for (unsigned l = 0; l < 32; l++) {
    *tw_v(t, 4, l) = 0;
    *tw_v(t, 5, l) = 0xc0200000u;
  }
  ck_assert_int_eq(tw_exec(t, "v_rootn_f64 v[8:9], v[4:5], 3"), ISA_RUN);
  ck_assert_uint_eq(*tw_v(t, 9, 7), 0xc0000000u); /* -2.0 */
  ck_assert_uint_eq(*tw_v(t, 8, 7), 0);
  ck_assert_int_eq(tw_exec(t, "v_frexp_exp_f64 v6, v[4:5]"), ISA_RUN);
  ck_assert_int_eq((int32_t)*tw_v(t, 6, 5), 4);
  ck_assert_int_eq(tw_exec(t, "v_lgamma_sign_f64 v6, v[4:5]"), ISA_RUN);
  ck_assert_int_eq((int32_t)*tw_v(t, 6, 5), 1);
  ck_assert_int_eq(tw_exec(t, "v_remquo_q_f64 v6, v[4:5], 0x4000000000000000"), ISA_RUN);
  ck_assert_int_eq((int32_t)*tw_v(t, 6, 0), -4);
  tw_free(t);
  ck_assert_int_eq(isa_ops[ISA_OP_v_rootn_f64].kind[2], ISA_OK_A);
  ck_assert_int_eq(isa_ops[ISA_OP_v_ilogb_f64].kind[0], ISA_OK_V);
  ck_assert_int_eq(isa_ops[ISA_OP_v_sinpi_f32].unit, ISA_UNIT_TRANS);
  ck_assert_int_eq(isa_ops[ISA_OP_v_sinpi_f64].unit, ISA_UNIT_FP64);
}
END_TEST

static Suite *suite(void) {
  Suite *s = suite_create("isa_mathx");
  TCase *tc = tcase_create("core");
  tcase_set_timeout(tc, 60);
  tcase_add_test(tc, test_pi_exact_points);
  tcase_add_test(tc, test_pi_inverse_exact_points);
  tcase_add_test(tc, test_pi_accuracy);
  tcase_add_test(tc, test_powr_pown_rootn);
  tcase_add_test(tc, test_int_results);
  tcase_add_test(tc, test_remquo_quotient);
  tcase_add_test(tc, test_cbrt);
  tcase_add_test(tc, test_ops);
  suite_add_tcase(s, tc);
  return s;
}

int main(void) {
  return check_run(suite());
}
