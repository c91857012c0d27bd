/* Semantics of the float32 vector ALU and the special-function unit: IEEE
 * single precision, round to nearest even, denormals kept (no fast-math). */
#include <math.h>

#include "isa_sem.h"

#define FOP1(name, expr) ISA_SEM_UNARY(32, name, float, isa_f, isa_u, expr)
#define FOP2(name, expr) ISA_SEM_BINARY(32, name, float, isa_f, isa_u, expr)

/* int/float conversions on raw bits */
#define XOP1(name, expr)                                                                           \
  isa_status isa_sem_##name(isa_wave *w, const isa_inst *in) {                                     \
    uint32_t n = w->wave_size, b0[ISA_MAX_WAVE], r[ISA_MAX_WAVE];                                  \
    const uint32_t *A = isa_src32(w, &in->src[0], b0);                                             \
    ISA_LANES(n, i, {                                                                              \
      uint32_t a = A[i];                                                                           \
      r[i] = (expr);                                                                               \
    });                                                                                            \
    isa_dst32(w, in->dst.reg, r);                                                                  \
    return ISA_RUN;                                                                                \
  }

/* OpenCL's convert_int_sat_rtz: truncate, clamp to the range, NaN -> 0. */
static inline uint32_t cvt_i32(float f) {
  if (f != f) return 0;
  if (f >= 2147483648.0f) return 0x7fffffffu;
  if (f <= -2147483648.0f) return 0x80000000u;
  return (uint32_t)(int32_t)f;
}

static inline uint32_t cvt_u32(float f) {
  if (!(f > -1.0f)) return 0; /* NaN, negatives; (-1, 0) truncates to 0 below */
  if (f >= 4294967296.0f) return 0xffffffffu;
  return (uint32_t)f;
}

/* exp10f is a GNU extension; powf(10, x) is within exp10's 3 ulp bound */
static inline float exp10f_(float a) {
  return powf(10.0f, a);
}

FOP2(v_add_f32, a + b)
FOP2(v_sub_f32, a - b)
FOP2(v_mul_f32, a *b)
FOP2(v_min_f32, fminf(a, b))
FOP2(v_max_f32, fmaxf(a, b))
FOP1(v_floor_f32, floorf(a))
FOP1(v_ceil_f32, ceilf(a))
FOP1(v_trunc_f32, truncf(a))
FOP1(v_rndne_f32, rintf(a))
XOP1(v_cvt_f32_i32, isa_u((float)(int32_t)a))
XOP1(v_cvt_f32_u32, isa_u((float)a))
XOP1(v_cvt_i32_f32, cvt_i32(isa_f(a)))
XOP1(v_cvt_u32_f32, cvt_u32(isa_f(a)))
FOP2(v_div_f32, a / b)
FOP1(v_sqrt_f32, sqrtf(a))
FOP1(v_rsq_f32, 1.0f / sqrtf(a))
FOP1(v_rcp_f32, 1.0f / a)
FOP1(v_exp_f32, expf(a))
FOP1(v_exp2_f32, exp2f(a))
FOP1(v_log_f32, logf(a))
FOP1(v_log2_f32, log2f(a))
FOP1(v_sin_f32, sinf(a))
FOP1(v_cos_f32, cosf(a))
FOP2(v_fmod_f32, fmodf(a, b))
FOP2(v_pow_f32, powf(a, b))
FOP1(v_tan_f32, tanf(a))
FOP1(v_asin_f32, asinf(a))
FOP1(v_acos_f32, acosf(a))
FOP1(v_atan_f32, atanf(a))
FOP2(v_atan2_f32, atan2f(a, b))
FOP1(v_sinh_f32, sinhf(a))
FOP1(v_cosh_f32, coshf(a))
FOP1(v_tanh_f32, tanhf(a))
FOP1(v_exp10_f32, exp10f_(a))
FOP1(v_log10_f32, log10f(a))
FOP1(v_log1p_f32, log1pf(a))
FOP1(v_expm1_f32, expm1f(a))
FOP1(v_cbrt_f32, cbrtf(a))
FOP2(v_hypot_f32, hypotf(a, b))
FOP1(v_asinh_f32, asinhf(a))
FOP1(v_acosh_f32, acoshf(a))
FOP1(v_atanh_f32, atanhf(a))
FOP2(v_fdim_f32, fdimf(a, b))
FOP2(v_copysign_f32, copysignf(a, b))
FOP1(v_round_f32, roundf(a))
FOP1(v_logb_f32, logbf(a))
FOP2(v_remainder_f32, remainderf(a, b))
FOP2(v_nextafter_f32, nextafterf(a, b))
FOP2(v_ldexp_f32, ldexpf(a, (int)(int32_t)isa_u(b)))
FOP1(v_erf_f32, erff(a))
FOP1(v_erfc_f32, erfcf(a))
FOP1(v_tgamma_f32, tgammaf(a))

/* The lanes' fused multiply-adds. fmaf is a libm call per lane unless the
 * compiler may use the FMA instruction; a clone built for FMA hosts
 * (chosen once, at load) does the wave in a few vector instructions. Both
 * round once, exactly as IEEE 754 fusedMultiplyAdd: the results are the
 * same bits. */
__attribute__((target_clones("fma", "default"))) static void
fma_lanes(uint32_t n, const uint32_t *A, const uint32_t *B, const uint32_t *C, uint32_t *r) {
  ISA_LANES(n, i, r[i] = isa_u(fmaf(isa_f(A[i]), isa_f(B[i]), isa_f(C[i]))););
}

isa_status isa_sem_v_fma_f32(isa_wave *w, const isa_inst *in) {
  uint32_t n = w->wave_size, b0[ISA_MAX_WAVE], b1[ISA_MAX_WAVE], b2[ISA_MAX_WAVE], r[ISA_MAX_WAVE];
  const uint32_t *A = isa_src32(w, &in->src[0], b0);
  const uint32_t *B = isa_src32(w, &in->src[1], b1);
  const uint32_t *C = isa_src32(w, &in->src[2], b2);
  fma_lanes(n, A, B, C, r);
  isa_dst32(w, in->dst.reg, r);
  return ISA_RUN;
}
