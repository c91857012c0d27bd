/* Semantics of the binary16 (half) storage conversions: f16 bits <-> float,
 * double -> f16 under each OpenCL rounding mode, all exact (no libm). */
#include <math.h>
#include <stdint.h>

#include "isa_sem.h"

enum { H_RTE, H_RTZ, H_RTP, H_RTN };

/* binary16 bits of d rounded by mode. Every float is a double, so float
 * sources use this too; the rounding is done once, on the exact value. */
static uint32_t half_of(double d, int mode) {
  uint64_t b;
  memcpy(&b, &d, sizeof b);
  uint32_t sign = (uint32_t)(b >> 63) << 15;
  uint64_t mag = b & ~((uint64_t)1 << 63);
  if (mag > 0x7ff0000000000000ull) /* NaN: quiet, top payload bits kept */
    return sign | 0x7e00u | (uint32_t)((mag >> 42) & 0x1ffu);
  if (mag == 0x7ff0000000000000ull) return sign | 0x7c00u;
  if (mag == 0) return sign;
  double ad = fabs(d);
  int x;
  (void)frexp(ad, &x); /* ad in [2^(x-1), 2^x) */
  int k = x - 1 - 10;  /* quantum 2^k: 11 significant bits, or 2^-24 below the normals */
  if (k < -24) k = -24;
  if (k > 16) k = 16; /* far past the range: m stays finite, the overflow rule decides */
  double m = ldexp(ad, -k), r = floor(m), fr = m - r; /* exact: power-of-two scaling */
  int up = 0;
  switch (mode) {
  case H_RTE: up = fr > 0.5 || (fr == 0.5 && fmod(r, 2.0) != 0.0); break;
  case H_RTZ: up = 0; break;
  case H_RTP: up = fr > 0.0 && !sign; break;
  default: up = fr > 0.0 && sign; break;
  }
  double v = ldexp(r + (up ? 1.0 : 0.0), k);
  if (v > 65504.0) { /* overflow: infinity or the largest finite, toward the mode */
    int inf = mode == H_RTE || (mode == H_RTP && !sign) || (mode == H_RTN && sign);
    return sign | (inf ? 0x7c00u : 0x7bffu);
  }
  if (v < 0x1p-14) return sign | (uint32_t)ldexp(v, 24); /* subnormal (or zero) */
  int e;
  double f = frexp(v, &e); /* v = f * 2^e, f in [0.5, 1) */
  return sign | (uint32_t)(e - 1 + 15) << 10 | ((uint32_t)ldexp(f, 11) & 0x3ffu);
}

/* float bits of the binary16 in the low 16 bits of h */
static uint32_t f32_of_half(uint32_t h) {
  uint32_t sign = (h & 0x8000u) << 16, e = (h >> 10) & 0x1f, mt = h & 0x3ff;
  if (e == 31) return sign | 0x7f800000u | (mt ? 0x400000u | mt << 13 : 0);
  float f = e ? ldexpf((float)(mt | 0x400), (int)e - 25) : ldexpf((float)mt, -24);
  uint32_t u;
  memcpy(&u, &f, sizeof u);
  return sign | u;
}

static inline float h_f(uint32_t u) {
  float f;
  memcpy(&f, &u, sizeof f);
  return f;
}

uint32_t isa_half_of_f32_rte(float f) { return half_of((double)f, H_RTE); }

float isa_f32_of_half(uint32_t h) { return h_f(f32_of_half(h)); }

isa_status isa_sem_v_cvt_f32_f16(isa_wave *w, const isa_inst *in) {
  uint32_t n = w->wave_size, b0[ISA_MAX_WAVE], r[ISA_MAX_WAVE];
  const uint32_t *A = isa_src32(w, &in->src[0], b0);
  ISA_LANES(n, i, r[i] = f32_of_half(A[i]););
  isa_dst32(w, in->dst.reg, r);
  return ISA_RUN;
}

#define H32(name, mode)                                                                            \
  isa_status isa_sem_##name(isa_wave *w, const isa_inst *in) {                                     \
    uint32_t n = w->wave_size, b0[ISA_MAX_WAVE], r[ISA_MAX_WAVE];                                  \
    const uint32_t *A = isa_src32(w, &in->src[0], b0);                                             \
    ISA_LANES(n, i, r[i] = half_of((double)h_f(A[i]), mode););                                    \
    isa_dst32(w, in->dst.reg, r);                                                                  \
    return ISA_RUN;                                                                                \
  }

#define H64(name, mode)                                                                            \
  isa_status isa_sem_##name(isa_wave *w, const isa_inst *in) {                                     \
    uint32_t n = w->wave_size, r[ISA_MAX_WAVE];                                                    \
    uint64_t A[ISA_MAX_WAVE];                                                                      \
    isa_src64(w, &in->src[0], A);                                                                  \
    ISA_LANES(n, i, {                                                                              \
      double d;                                                                                    \
      memcpy(&d, &A[i], sizeof d);                                                                 \
      r[i] = half_of(d, mode);                                                                     \
    });                                                                                            \
    isa_dst32(w, in->dst.reg, r);                                                                  \
    return ISA_RUN;                                                                                \
  }

H32(v_cvt_f16_f32_rte, H_RTE)
H32(v_cvt_f16_f32_rtz, H_RTZ)
H32(v_cvt_f16_f32_rtp, H_RTP)
H32(v_cvt_f16_f32_rtn, H_RTN)
H64(v_cvt_f16_f64_rte, H_RTE)
H64(v_cvt_f16_f64_rtz, H_RTZ)
H64(v_cvt_f16_f64_rtp, H_RTP)
H64(v_cvt_f16_f64_rtn, H_RTN)
