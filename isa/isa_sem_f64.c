/* Semantics of the double-precision (cl_khr_fp64) ops on VGPR pairs: IEEE
 * binary64 arithmetic, compares into lane masks, conversions, libm math. */
#include <math.h>
#include <stdint.h>

#include "isa_sem.h"

static inline double d_of(uint64_t x) {
  double d;
  memcpy(&d, &x, sizeof d);
  return d;
}

static inline uint64_t u_of(double d) {
  uint64_t x;
  memcpy(&x, &d, sizeof x);
  return x;
}

#define DOP1(name, expr) ISA_SEM_UNARY(64, name, double, d_of, u_of, expr)
#define DOP2(name, expr) ISA_SEM_BINARY(64, name, double, d_of, u_of, expr)

DOP2(v_add_f64, a + b)
DOP2(v_sub_f64, a - b)
DOP2(v_mul_f64, a *b)
DOP2(v_div_f64, a / b)
DOP2(v_min_f64, fmin(a, b))
DOP2(v_max_f64, fmax(a, b))
DOP1(v_sqrt_f64, sqrt(a))
DOP1(v_rsq_f64, 1.0 / sqrt(a))
DOP1(v_rcp_f64, 1.0 / a)
DOP1(v_floor_f64, floor(a))
DOP1(v_ceil_f64, ceil(a))
DOP1(v_trunc_f64, trunc(a))
DOP1(v_rndne_f64, nearbyint(a)) /* the default rounding mode is to nearest even */
DOP1(v_round_f64, round(a))
DOP2(v_fmod_f64, fmod(a, b))
DOP2(v_remainder_f64, remainder(a, b))
DOP2(v_copysign_f64, copysign(a, b))
DOP2(v_fdim_f64, fdim(a, b))
DOP2(v_nextafter_f64, nextafter(a, b))
DOP1(v_logb_f64, logb(a))
DOP1(v_exp_f64, exp(a))
DOP1(v_exp2_f64, exp2(a))
DOP1(v_exp10_f64, pow(10.0, a)) /* exp10 is a GNU extension; pow is within 3 ulp */
DOP1(v_expm1_f64, expm1(a))
DOP1(v_log_f64, log(a))
DOP1(v_log2_f64, log2(a))
DOP1(v_log10_f64, log10(a))
DOP1(v_log1p_f64, log1p(a))
DOP1(v_sin_f64, sin(a))
DOP1(v_cos_f64, cos(a))
DOP1(v_tan_f64, tan(a))
DOP1(v_asin_f64, asin(a))
DOP1(v_acos_f64, acos(a))
DOP1(v_atan_f64, atan(a))
DOP2(v_atan2_f64, atan2(a, b))
DOP1(v_sinh_f64, sinh(a))
DOP1(v_cosh_f64, cosh(a))
DOP1(v_tanh_f64, tanh(a))
DOP1(v_asinh_f64, asinh(a))
DOP1(v_acosh_f64, acosh(a))
DOP1(v_atanh_f64, atanh(a))
DOP2(v_pow_f64, pow(a, b))
DOP2(v_hypot_f64, hypot(a, b))
DOP1(v_erf_f64, erf(a))
DOP1(v_erfc_f64, erfc(a))
DOP1(v_tgamma_f64, tgamma(a))

isa_status isa_sem_v_fma_f64(isa_wave *w, const isa_inst *in) {
  uint32_t n = w->wave_size;
  uint64_t A[ISA_MAX_WAVE], B[ISA_MAX_WAVE], C[ISA_MAX_WAVE], r[ISA_MAX_WAVE];
  isa_src64(w, &in->src[0], A);
  isa_src64(w, &in->src[1], B);
  isa_src64(w, &in->src[2], C);
  ISA_LANES(n, i, r[i] = u_of(fma(d_of(A[i]), d_of(B[i]), d_of(C[i]))););
  isa_dst64(w, in->dst.reg, r);
  return ISA_RUN;
}

isa_status isa_sem_v_ldexp_f64(isa_wave *w, const isa_inst *in) {
  uint32_t n = w->wave_size, b1[ISA_MAX_WAVE];
  uint64_t A[ISA_MAX_WAVE], r[ISA_MAX_WAVE];
  isa_src64(w, &in->src[0], A);
  const uint32_t *B = isa_src32(w, &in->src[1], b1);
  ISA_LANES(n, i, r[i] = u_of(ldexp(d_of(A[i]), (int32_t)B[i])););
  isa_dst64(w, in->dst.reg, r);
  return ISA_RUN;
}

/* ---- compares: ordered ones are false on NaN, unordered their negations -- */
#define DCMP(name, expr)                                                                           \
  isa_status isa_sem_##name(isa_wave *w, const isa_inst *in) {                                     \
    uint32_t n = w->wave_size;                                                                     \
    uint64_t A[ISA_MAX_WAVE], B[ISA_MAX_WAVE], m = 0;                                              \
    isa_src64(w, &in->src[0], A);                                                                  \
    isa_src64(w, &in->src[1], B);                                                                  \
    for (uint32_t i = 0; i < n; i++) {                                                             \
      double a = d_of(A[i]), b = d_of(B[i]);                                                       \
      m |= (uint64_t)((expr) ? 1 : 0) << i;                                                        \
    }                                                                                              \
    isa_sdst64(w, &in->dst, m & w->exec);                                                          \
    return ISA_RUN;                                                                                \
  }

DCMP(v_cmp_oeq_f64, a == b)
DCMP(v_cmp_one_f64, a < b || a > b)
DCMP(v_cmp_olt_f64, a < b)
DCMP(v_cmp_ole_f64, a <= b)
DCMP(v_cmp_ogt_f64, a > b)
DCMP(v_cmp_oge_f64, a >= b)
DCMP(v_cmp_ueq_f64, !(a < b || a > b))
DCMP(v_cmp_une_f64, !(a == b))
DCMP(v_cmp_ult_f64, !(a >= b))
DCMP(v_cmp_ule_f64, !(a > b))
DCMP(v_cmp_ugt_f64, !(a <= b))
DCMP(v_cmp_uge_f64, !(a < b))
DCMP(v_cmp_o_f64, !isnan(a) && !isnan(b))
DCMP(v_cmp_u_f64, isnan(a) || isnan(b))

/* ---- conversions ----------------------------------------------------------- */
/* OpenCL's convert_<int>_sat_rtz: truncate, clamp to the range, NaN -> 0. */
static inline uint32_t cvt_i32_d(double d) {
  if (d != d) return 0;
  if (d >= 2147483648.0) return 0x7fffffffu;
  if (d <= -2147483649.0) return 0x80000000u;
  return (uint32_t)(int32_t)d;
}

static inline uint32_t cvt_u32_d(double d) {
  if (!(d > -1.0)) return 0; /* NaN, negatives; (-1, 0) truncates to 0 below */
  if (d >= 4294967296.0) return 0xffffffffu;
  return (uint32_t)d;
}

static inline uint64_t cvt_i64_d(double d) {
  if (d != d) return 0;
  if (d >= 9223372036854775808.0) return (uint64_t)INT64_MAX;
  if (d < -9223372036854775808.0) return (uint64_t)INT64_MIN;
  return (uint64_t)(int64_t)d;
}

static inline uint64_t cvt_u64_d(double d) {
  if (!(d > -1.0)) return 0;
  if (d >= 18446744073709551616.0) return UINT64_MAX;
  return (uint64_t)d;
}

/* 32-bit source, double result */
#define DFROM32(name, expr)                                                                        \
  isa_status isa_sem_##name(isa_wave *w, const isa_inst *in) {                                     \
    uint32_t n = w->wave_size, b0[ISA_MAX_WAVE];                                                   \
    uint64_t r[ISA_MAX_WAVE];                                                                      \
    const uint32_t *A = isa_src32(w, &in->src[0], b0);                                             \
    ISA_LANES(n, i, {                                                                              \
      uint32_t a = A[i];                                                                           \
      r[i] = u_of(expr);                                                                           \
    });                                                                                            \
    isa_dst64(w, in->dst.reg, r);                                                                  \
    return ISA_RUN;                                                                                \
  }

/* double source, 32-bit result */
#define DTO32(name, expr)                                                                          \
  isa_status isa_sem_##name(isa_wave *w, const isa_inst *in) {                                     \
    uint32_t n = w->wave_size, r[ISA_MAX_WAVE];                                                    \
    uint64_t A[ISA_MAX_WAVE];                                                                      \
    isa_src64(w, &in->src[0], A);                                                                  \
    ISA_LANES(n, i, {                                                                              \
      double a = d_of(A[i]);                                                                       \
      r[i] = (expr);                                                                               \
    });                                                                                            \
    isa_dst32(w, in->dst.reg, r);                                                                  \
    return ISA_RUN;                                                                                \
  }

/* 64-bit source (raw bits in a), 64-bit result bits */
#define D64TO64(name, expr)                                                                        \
  isa_status isa_sem_##name(isa_wave *w, const isa_inst *in) {                                     \
    uint32_t n = w->wave_size;                                                                     \
    uint64_t A[ISA_MAX_WAVE], r[ISA_MAX_WAVE];                                                     \
    isa_src64(w, &in->src[0], A);                                                                  \
    ISA_LANES(n, i, {                                                                              \
      uint64_t a = A[i];                                                                           \
      r[i] = (expr);                                                                               \
    });                                                                                            \
    isa_dst64(w, in->dst.reg, r);                                                                  \
    return ISA_RUN;                                                                                \
  }

DFROM32(v_cvt_f64_f32, (double)isa_f(a))
DFROM32(v_cvt_f64_i32, (double)(int32_t)a)
DFROM32(v_cvt_f64_u32, (double)a)
DTO32(v_cvt_f32_f64, isa_u((float)a))
DTO32(v_cvt_i32_f64, cvt_i32_d(a))
DTO32(v_cvt_u32_f64, cvt_u32_d(a))
D64TO64(v_cvt_f64_i64, u_of((double)(int64_t)a))
D64TO64(v_cvt_f64_u64, u_of((double)a))
D64TO64(v_cvt_i64_f64, cvt_i64_d(d_of(a)))
D64TO64(v_cvt_u64_f64, cvt_u64_d(d_of(a)))
