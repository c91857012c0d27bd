/* Extra math functions behind the OpenCL builtins libm lacks or gets wrong for OpenCL (sinpi,
 * powr, rootn, remquo's 7-bit quotient, ilogb's OpenCL constants ...), for isa_sem_mathx.c. */
#ifndef WAVESIM_ISA_MATHX_H
#define WAVESIM_ISA_MATHX_H

#include <stdint.h>

/* Each takes and returns doubles; the float semantics convert exactly in and round once out,
 * which keeps them within the float bounds (the double results are within ~2 double ulp).
 * Special values follow OpenCL 1.2 section 7.5.1 exactly. */

/* sin(pi x), cos(pi x), tan(pi x): x reduced mod 2 exactly, so integers and half-integers
 * give exact 0, +-1 and +-inf; sinpi(n) is +0 for n > 0 and -0 for n < 0; cospi(n + 0.5) is
 * +0; tanpi(n) is copysign(0, n) for even and copysign(0, -n) for odd n. */
double isa_mx_sinpi(double x);
double isa_mx_cospi(double x);
double isa_mx_tanpi(double x);
/* asin(x) / pi, acos(x) / pi, atan(x) / pi, atan2(y, x) / pi (atan2pi(+-inf, +-inf) exact) */
double isa_mx_asinpi(double x);
double isa_mx_acospi(double x);
double isa_mx_atanpi(double x);
double isa_mx_atan2pi(double y, double x);
/* powr: pow restricted to x >= 0 with its own special cases (NaN for x < 0, 0^0, inf^0,
 * 1^inf); pown: x^n (pown(x, 0) = 1 even for NaN); rootn: x^(1/n) (NaN for n = 0 and for
 * x < 0 with even n; odd roots of negatives are negative) */
double isa_mx_powr(double x, double y);
double isa_mx_pown(double x, int32_t n);
double isa_mx_rootn(double x, int32_t n);
/* cbrt: libm's first guess polished by one Newton step on an exact (fma) residual in a
 * range-reduced argument, so within 0.5 ulp plus ~2^-40 (libm alone reaches 2.2 ulp;
 * OpenCL allows 2); +-0, +-inf and NaN pass through, denormals are scaled exactly. */
double isa_mx_cbrt(double x);
/* ln|gamma(x)| and the sign of gamma(x) (+1 / -1; at poles as lgamma_r: -1 for -0 only) */
double isa_mx_lgamma(double x);
int32_t isa_mx_lgamma_sign(double x);
/* frexp's mantissa and exponent (0 for zero, infinities and NaN) */
double isa_mx_frexp_mant(double x);
int32_t isa_mx_frexp_exp(double x);
/* ilogb with OpenCL's FP_ILOGB0 = INT_MIN and FP_ILOGBNAN = INT_MAX (also for infinities) */
int32_t isa_mx_ilogb(double x);
/* remquo's quotient: the low 7 bits of the magnitude of the integer nearest x / y (ties to
 * even, as remainder), negated when x / y is negative; 0 when the remainder is NaN. */
int32_t isa_mx_remquo_q(double x, double y);

#endif
