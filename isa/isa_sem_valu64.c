/* Semantics of the 64-bit vector ALU on register pairs (low register first),
 * plus the 32<->64-bit extensions. */
#include <stdint.h>
#include <string.h>

#include "isa_sem.h"

#define VOP1_64(name, expr) ISA_SEM_UNARY(64, name, uint64_t, isa_id64, isa_id64, expr)
#define VOP2_64(name, expr) ISA_SEM_BINARY(64, name, uint64_t, isa_id64, isa_id64, expr)

/* 64-bit value shifted by a 32-bit count (modulo 64) */
#define VSHIFT_64(name, expr)                                                                      \
  isa_status isa_sem_##name(isa_wave *w, const isa_inst *in) {                                     \
    uint32_t n = w->wave_size, b1[ISA_MAX_WAVE];                                                   \
    uint64_t A[ISA_MAX_WAVE], r[ISA_MAX_WAVE];                                                     \
    isa_src64(w, &in->src[0], A);                                                                  \
    const uint32_t *B = isa_src32(w, &in->src[1], b1);                                             \
    ISA_LANES(n, i, {                                                                              \
      uint64_t a = A[i];                                                                           \
      uint32_t b = B[i] & 63;                                                                      \
      r[i] = (expr);                                                                               \
    });                                                                                            \
    isa_dst64(w, in->dst.reg, r);                                                                  \
    return ISA_RUN;                                                                                \
  }

VOP1_64(v_mov_b64, a)
VOP2_64(v_add_u64, a + b)
VOP2_64(v_sub_u64, a - b)
VOP2_64(v_mul_lo_u64, a *b)
VOP2_64(v_and_b64, a &b)
VOP2_64(v_or_b64, a | b)
VOP2_64(v_xor_b64, a ^ b)
/* Division is total, as for 32 bits: x/0 = 0, INT64_MIN/-1 = INT64_MIN. */
static inline uint64_t div_i64(uint64_t a, uint64_t b) {
  if (b == 0) return 0;
  if ((int64_t)a == INT64_MIN && (int64_t)b == -1) return a;
  return (uint64_t)((int64_t)a / (int64_t)b);
}

static inline uint64_t rem_i64(uint64_t a, uint64_t b) {
  if (b == 0 || ((int64_t)a == INT64_MIN && (int64_t)b == -1)) return 0;
  return (uint64_t)((int64_t)a % (int64_t)b);
}

VOP2_64(v_div_i64, div_i64(a, b))
VOP2_64(v_div_u64, b ? a / b : 0)
VOP2_64(v_rem_i64, rem_i64(a, b))
VOP2_64(v_rem_u64, b ? a % b : 0)
VSHIFT_64(v_lshl_b64, a << b)
VSHIFT_64(v_lshr_b64, a >> b)
VSHIFT_64(v_ashr_i64, (uint64_t)((int64_t)a >> b))

isa_status isa_sem_v_sext_i64_i32(isa_wave *w, const isa_inst *in) {
  uint32_t n = w->wave_size, b0[ISA_MAX_WAVE];
  uint64_t r[ISA_MAX_WAVE];
  const uint32_t *A = isa_src32(w, &in->src[0], b0);
  ISA_LANES(n, i, r[i] = (uint64_t)(int64_t)(int32_t)A[i];);
  isa_dst64(w, in->dst.reg, r);
  return ISA_RUN;
}

isa_status isa_sem_v_zext_u64_u32(isa_wave *w, const isa_inst *in) {
  uint32_t n = w->wave_size, b0[ISA_MAX_WAVE];
  uint64_t r[ISA_MAX_WAVE];
  const uint32_t *A = isa_src32(w, &in->src[0], b0);
  ISA_LANES(n, i, r[i] = A[i];);
  isa_dst64(w, in->dst.reg, r);
  return ISA_RUN;
}

isa_status isa_sem_v_cndmask_b64(isa_wave *w, const isa_inst *in) {
  uint32_t n = w->wave_size;
  uint64_t A[ISA_MAX_WAVE], B[ISA_MAX_WAVE], r[ISA_MAX_WAVE];
  isa_src64(w, &in->src[0], A);
  isa_src64(w, &in->src[1], B);
  uint64_t m = isa_sval64(w, &in->src[2]);
  ISA_LANES(n, i, r[i] = ((m >> i) & 1) ? B[i] : A[i];);
  isa_dst64(w, in->dst.reg, r);
  return ISA_RUN;
}

/* 64-bit integer to float32: the host conversion rounds to nearest even, as
 * OpenCL's default convert_float(long) requires (one rounding, no detour
 * through a 32-bit or double intermediate). */
static void cvt_f32_64(isa_wave *w, const isa_inst *in, int sg) {
  uint32_t n = w->wave_size, r[ISA_MAX_WAVE];
  uint64_t A[ISA_MAX_WAVE];
  isa_src64(w, &in->src[0], A);
  for (uint32_t i = 0; i < n; i++) {
    float f = sg ? (float)(int64_t)A[i] : (float)A[i];
    memcpy(&r[i], &f, 4);
  }
  isa_dst32(w, in->dst.reg, r);
}

isa_status isa_sem_v_cvt_f32_i64(isa_wave *w, const isa_inst *in) {
  cvt_f32_64(w, in, 1);
  return ISA_RUN;
}

isa_status isa_sem_v_cvt_f32_u64(isa_wave *w, const isa_inst *in) {
  cvt_f32_64(w, in, 0);
  return ISA_RUN;
}

/* dst = ext64(src0) * ext64(src1) + src2 (64-bit), the fused address step. */
#define VMAD_64(name, EXT)                                                                         \
  isa_status isa_sem_##name(isa_wave *w, const isa_inst *in) {                                     \
    uint32_t n = w->wave_size, b0[ISA_MAX_WAVE], b1[ISA_MAX_WAVE];                                 \
    uint64_t C[ISA_MAX_WAVE], r[ISA_MAX_WAVE];                                                     \
    const uint32_t *A = isa_src32(w, &in->src[0], b0);                                             \
    const uint32_t *B = isa_src32(w, &in->src[1], b1);                                             \
    isa_src64(w, &in->src[2], C);                                                                  \
    ISA_LANES(n, i, r[i] = EXT(A[i]) * EXT(B[i]) + C[i];);                                         \
    isa_dst64(w, in->dst.reg, r);                                                                  \
    return ISA_RUN;                                                                                \
  }
#define SEXT64(x) ((uint64_t)(int64_t)(int32_t)(x))
#define ZEXT64(x) ((uint64_t)(x))
VMAD_64(v_mad_i64_i32, SEXT64)
VMAD_64(v_mad_u64_u32, ZEXT64)
