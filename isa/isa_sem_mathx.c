/* Extra math functions used by the float/double semantics (isa_mathx.h: the *pi family, powr,
 * pown, rootn, lgamma_r, frexp, ilogb, remquo's quotient, cbrt) and the semantics of their ops. */
#include <float.h>
#include <limits.h>
#include <math.h>

#include "isa_mathx.h"
#include "isa_sem.h"

/* pi as a double-double: PI_HI is M_PI, PI_LO the next 53 bits */
#define MX_PI_HI 0x1.921fb54442d18p+1
#define MX_PI_LO 0x1.1a62633145c07p-53

/* pi * r as hi + lo, exact to ~106 bits (fma gives the product's rounding error) */
static void mx_mul_pi(double r, double *hi, double *lo) {
  *hi = r * MX_PI_HI;
  *lo = fma(r, MX_PI_HI, -*hi) + r * MX_PI_LO;
}

/* sin, cos, tan of pi * r for r in [0, 0.25]: libm on the head, first-order correction for
 * the tail (sin(h + l) = sin h + l cos h, tan(h + l) = tan h + l (1 + tan^2 h)) */
static double mx_sinpi_small(double r) {
  double h, l;
  mx_mul_pi(r, &h, &l);
  return sin(h) + l * cos(h);
}

static double mx_cospi_small(double r) {
  double h, l;
  mx_mul_pi(r, &h, &l);
  return cos(h) - l * sin(h);
}

static double mx_tanpi_small(double r) {
  double h, l;
  mx_mul_pi(r, &h, &l);
  double t = tan(h);
  return t + l * (1.0 + t * t);
}

/* Every reduction step below is exact: fmod is, and each subtraction has operands within a
 * factor of two of each other (Sterbenz). */
double isa_mx_sinpi(double x) {
  if (isnan(x)) return x + x;
  if (isinf(x)) return NAN;
  double r = fmod(fabs(x), 2.0), s = 1.0; /* sinpi(r + 1) = -sinpi(r) */
  if (r >= 1.0) {
    r -= 1.0;
    s = -1.0;
  }
  if (r > 0.5) r = 1.0 - r; /* sinpi(1 - r) = sinpi(r) */
  double v = s * (r <= 0.25 ? mx_sinpi_small(r) : mx_cospi_small(0.5 - r));
  if (v == 0.0) v = 0.0; /* integers: +0, then the sign of x */
  return signbit(x) ? -v : v;
}

double isa_mx_cospi(double x) {
  if (isnan(x)) return x + x;
  if (isinf(x)) return NAN;
  double r = fmod(fabs(x), 2.0), s = 1.0;
  if (r > 1.0) r = 2.0 - r; /* cospi(2 - r) = cospi(r) */
  if (r > 0.5) {            /* cospi(1 - r) = -cospi(r); r = 0.5 itself stays +0 */
    r = 1.0 - r;
    s = -1.0;
  }
  return s * (r <= 0.25 ? mx_cospi_small(r) : mx_sinpi_small(0.5 - r));
}

double isa_mx_tanpi(double x) {
  if (isnan(x)) return x + x;
  if (isinf(x)) return NAN;
  double r = fmod(fabs(x), 2.0), v;
  int odd = r >= 1.0; /* the parity of floor(|x|) picks the signs at the exact points */
  if (odd) r -= 1.0;
  if (r == 0.0) {
    v = odd ? -0.0 : 0.0;
  } else if (r == 0.5) {
    v = odd ? -INFINITY : INFINITY;
  } else {
    int neg = r > 0.5; /* tanpi(1 - r) = -tanpi(r) */
    if (neg) r = 1.0 - r;
    v = r <= 0.25 ? mx_tanpi_small(r) : 1.0 / mx_tanpi_small(0.5 - r);
    if (neg) v = -v;
  }
  return signbit(x) ? -v : v;
}

/* libm's result (<= 1 ulp) divided by M_PI (within half an ulp of pi): under 2 ulp */
double isa_mx_asinpi(double x) {
  return asin(x) / MX_PI_HI;
}
double isa_mx_acospi(double x) {
  return acos(x) / MX_PI_HI;
}
double isa_mx_atanpi(double x) {
  return atan(x) / MX_PI_HI;
}

double isa_mx_atan2pi(double y, double x) {
  if (isinf(x) && isinf(y)) return copysign(x > 0 ? 0.25 : 0.75, y); /* 3pi/4 rounds */
  return atan2(y, x) / MX_PI_HI;
}

double isa_mx_powr(double x, double y) {
  if (isnan(x) || isnan(y)) return x + y;
  if (x < 0.0) return NAN;
  if (x == 0.0) { /* either zero: powr(+-0, y) */
    if (y == 0.0) return NAN;
    return y < 0.0 ? INFINITY : 0.0;
  }
  if (isinf(x)) {
    if (y == 0.0) return NAN;
    return y < 0.0 ? 0.0 : INFINITY;
  }
  if (x == 1.0) return isinf(y) ? NAN : 1.0;
  return pow(x, y);
}

/* pow's special cases for an integral y are exactly pown's (pow(NaN, 0) = 1) */
double isa_mx_pown(double x, int32_t n) {
  return pow(x, (double)n);
}

/* x^(1/n) in long double: 1/n is inexact and its error is multiplied by ln|x| (up to 745),
 * which would cost up to ~250 ulp in double; the 11 extra bits of the x87 format (and far
 * more of binary128 elsewhere) absorb it. */
double isa_mx_rootn(double x, int32_t n) {
  if (n == 0 || isnan(x)) return isnan(x) ? x + x : NAN;
  int odd = n & 1;
  if (x < 0.0 && !odd) return NAN;
  if (x == 0.0) {
    if (n > 0) return odd ? x : 0.0;
    return odd ? copysign(INFINITY, x) : INFINITY;
  }
  long double ax = fabsl((long double)x);
  /* the common roots from their own (correctly rounded or long double) functions */
  long double r = n == 1    ? ax
                  : n == 2  ? sqrtl(ax)
                  : n == 3  ? cbrtl(ax)
                  : n == -1 ? 1.0L / ax
                            : powl(ax, 1.0L / (long double)n);
  return copysign((double)r, x);
}

double isa_mx_cbrt(double x) {
  if (x == 0.0 || !isfinite(x)) return x + x; /* +-0 and +-inf themselves, NaN quieted */
  int e;
  double m = frexp(fabs(x), &e);           /* |x| = m 2^e, m in [0.5, 1), exact for denormals too */
  int q = e >= 0 ? e / 3 : -((2 - e) / 3); /* floor(e / 3) */
  double a = ldexp(m, e - 3 * q);          /* in [0.5, 4): cbrt(|x|) = cbrt(a) 2^q */
  double y = cbrt(a);
  /* y^3 - a exactly enough: y^2 and y^2 * y as head + tail (fma gives each rounding error);
   * y3h - a is exact (Sterbenz: y3h is within a few ulp of a) */
  double y2h = y * y, y2l = fma(y, y, -y2h);
  double y3h = y2h * y, y3l = fma(y2h, y, -y3h) + y2l * y;
  double r = (y3h - a) + y3l;
  y -= r / (3.0 * y2h); /* Newton: the correction is a few ulp, its own error ~2^-50 of it */
  return copysign(ldexp(y, q), x); /* 2^q with q >= -358: the scaling is exact */
}

double isa_mx_lgamma(double x) {
  int s;
  return lgamma_r(x, &s);
}

int32_t isa_mx_lgamma_sign(double x) {
  int s;
  (void)lgamma_r(x, &s);
  return s;
}

double isa_mx_frexp_mant(double x) {
  int e;
  return isfinite(x) ? frexp(x, &e) : x + x;
}

int32_t isa_mx_frexp_exp(double x) {
  int e = 0;
  if (isfinite(x) && x != 0.0) (void)frexp(x, &e);
  return e;
}

int32_t isa_mx_ilogb(double x) {
  if (x == 0.0) return INT_MIN;
  if (!isfinite(x)) return INT_MAX;
  return ilogb(x);
}

/* |x| mod 128|y| (exact), then the quotient's 7 bits one at a time: each step subtracts
 * 2^k |y| from a value in [2^k |y|, 2^(k+1) |y|), exactly. Then round to nearest even. */
int32_t isa_mx_remquo_q(double x, double y) {
  if (isnan(x) || isnan(y) || isinf(x) || y == 0.0) return 0;
  double ax = fabs(x), ay = fabs(y), big = ay * 128.0;
  double r = isinf(big) ? ax : fmod(ax, big); /* 128|y| overflowing means |x| < it */
  uint32_t q = 0;
  for (int k = 6; k >= 0; k--) {
    double t = ay * (double)(1u << k); /* may overflow to inf: then r < t */
    if (r >= t) {
      r -= t;
      q |= 1u << k;
    }
  }
  /* r in [0, |y|): round up past the half (ties to even); 2r would overflow for big y */
  int up = ay < 0x1p-1020 ? (r + r > ay || (r + r == ay && (q & 1)))
                          : (r > 0.5 * ay || (r == 0.5 * ay && (q & 1)));
  q = (q + (uint32_t)up) & 127u;
  return signbit(x) != signbit(y) ? -(int32_t)q : (int32_t)q;
}

/* ---- semantics: raw register words in A[i] (B[i]), result words out ---------------------- */
static inline double mx_d(uint64_t x) {
  double d;
  memcpy(&d, &x, sizeof d);
  return d;
}

static inline uint64_t mx_u(double d) {
  uint64_t x;
  memcpy(&x, &d, sizeof x);
  return x;
}

/* float results: the double helper's value rounded once */
static inline uint32_t mx_f(double d) {
  return isa_u((float)d);
}

/* one source of width W0 (32 or 64), result of width WD */
#define MX_SEM1(name, W0, WD, expr)                                                                \
  isa_status isa_sem_##name(isa_wave *w, const isa_inst *in) {                                     \
    uint32_t n = w->wave_size;                                                                     \
    uint##W0##_t b0[ISA_MAX_WAVE];                                                                 \
    uint##WD##_t r[ISA_MAX_WAVE];                                                                  \
    const uint##W0##_t *A = ISA_SEM_SRC##W0(w, &in->src[0], b0);                                   \
    ISA_LANES(n, i, r[i] = (expr););                                                               \
    isa_dst##WD(w, in->dst.reg, r);                                                                \
    return ISA_RUN;                                                                                \
  }

/* two sources of widths W0 and W1 (pown/rootn: a 32-bit n after a double) */
#define MX_SEM2(name, W0, W1, WD, expr)                                                            \
  isa_status isa_sem_##name(isa_wave *w, const isa_inst *in) {                                     \
    uint32_t n = w->wave_size;                                                                     \
    uint##W0##_t b0[ISA_MAX_WAVE];                                                                 \
    uint##W1##_t b1[ISA_MAX_WAVE];                                                                 \
    uint##WD##_t r[ISA_MAX_WAVE];                                                                  \
    const uint##W0##_t *A = ISA_SEM_SRC##W0(w, &in->src[0], b0);                                   \
    const uint##W1##_t *B = ISA_SEM_SRC##W1(w, &in->src[1], b1);                                   \
    ISA_LANES(n, i, r[i] = (expr););                                                               \
    isa_dst##WD(w, in->dst.reg, r);                                                                \
    return ISA_RUN;                                                                                \
  }

#define FA isa_f(A[i])
#define FB isa_f(B[i])
#define DA mx_d(A[i])
#define DB mx_d(B[i])

MX_SEM1(v_sinpi_f32, 32, 32, mx_f(isa_mx_sinpi(FA)))
MX_SEM1(v_cospi_f32, 32, 32, mx_f(isa_mx_cospi(FA)))
MX_SEM1(v_tanpi_f32, 32, 32, mx_f(isa_mx_tanpi(FA)))
MX_SEM1(v_asinpi_f32, 32, 32, mx_f(isa_mx_asinpi(FA)))
MX_SEM1(v_acospi_f32, 32, 32, mx_f(isa_mx_acospi(FA)))
MX_SEM1(v_atanpi_f32, 32, 32, mx_f(isa_mx_atanpi(FA)))
MX_SEM2(v_atan2pi_f32, 32, 32, 32, mx_f(isa_mx_atan2pi(FA, FB)))
MX_SEM2(v_powr_f32, 32, 32, 32, mx_f(isa_mx_powr(FA, FB)))
MX_SEM2(v_pown_f32, 32, 32, 32, mx_f(isa_mx_pown(FA, (int32_t)B[i])))
MX_SEM2(v_rootn_f32, 32, 32, 32, mx_f(isa_mx_rootn(FA, (int32_t)B[i])))
MX_SEM1(v_lgamma_f32, 32, 32, mx_f(isa_mx_lgamma(FA)))
MX_SEM1(v_lgamma_sign_f32, 32, 32, (uint32_t)isa_mx_lgamma_sign(FA))
MX_SEM1(v_frexp_mant_f32, 32, 32, mx_f(isa_mx_frexp_mant(FA)))
MX_SEM1(v_frexp_exp_f32, 32, 32, (uint32_t)isa_mx_frexp_exp(FA))
MX_SEM1(v_ilogb_f32, 32, 32, (uint32_t)isa_mx_ilogb(FA))
MX_SEM2(v_remquo_q_f32, 32, 32, 32, (uint32_t)isa_mx_remquo_q(FA, FB))

MX_SEM1(v_sinpi_f64, 64, 64, mx_u(isa_mx_sinpi(DA)))
MX_SEM1(v_cospi_f64, 64, 64, mx_u(isa_mx_cospi(DA)))
MX_SEM1(v_tanpi_f64, 64, 64, mx_u(isa_mx_tanpi(DA)))
MX_SEM1(v_asinpi_f64, 64, 64, mx_u(isa_mx_asinpi(DA)))
MX_SEM1(v_acospi_f64, 64, 64, mx_u(isa_mx_acospi(DA)))
MX_SEM1(v_atanpi_f64, 64, 64, mx_u(isa_mx_atanpi(DA)))
MX_SEM2(v_atan2pi_f64, 64, 64, 64, mx_u(isa_mx_atan2pi(DA, DB)))
MX_SEM2(v_powr_f64, 64, 64, 64, mx_u(isa_mx_powr(DA, DB)))
MX_SEM2(v_pown_f64, 64, 32, 64, mx_u(isa_mx_pown(DA, (int32_t)B[i])))
MX_SEM2(v_rootn_f64, 64, 32, 64, mx_u(isa_mx_rootn(DA, (int32_t)B[i])))
MX_SEM1(v_lgamma_f64, 64, 64, mx_u(isa_mx_lgamma(DA)))
MX_SEM1(v_cbrt_f64, 64, 64, mx_u(isa_mx_cbrt(DA)))
MX_SEM1(v_lgamma_sign_f64, 64, 32, (uint32_t)isa_mx_lgamma_sign(DA))
MX_SEM1(v_frexp_mant_f64, 64, 64, mx_u(isa_mx_frexp_mant(DA)))
MX_SEM1(v_frexp_exp_f64, 64, 32, (uint32_t)isa_mx_frexp_exp(DA))
MX_SEM1(v_ilogb_f64, 64, 32, (uint32_t)isa_mx_ilogb(DA))
MX_SEM2(v_remquo_q_f64, 64, 64, 32, (uint32_t)isa_mx_remquo_q(DA, DB))
