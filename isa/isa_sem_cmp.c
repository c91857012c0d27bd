/* Semantics of the vector compares: one bit per lane into an SGPR pair, with
 * bits only for active lanes (an inactive lane reads as false). */
#include <math.h>

#include "isa_sem.h"

/* Pack one 0/1 byte per lane into a lane mask, eight lanes per multiply: the
 * constant moves byte j's low bit to bit 56+j without carries, so the lane
 * loops above stay plain byte stores that vectorize. */
static inline uint64_t pack_lanes(const uint8_t *c, uint32_t n) {
  uint64_t m = 0;
  uint32_t k = 0;
  for (; k + 8 <= n; k += 8) {
    uint64_t x;
    memcpy(&x, c + k, 8);
    m |= ((x * 0x0102040810204080ull) >> 56) << k;
  }
  for (; k < n; k++) m |= (uint64_t)c[k] << k;
  return m;
}

static inline void cmp_store(isa_wave *w, const isa_inst *in, uint64_t m) {
  isa_sdst64(w, &in->dst, m & w->exec);
}

#define VCMP32(name, type, expr)                                                                   \
  isa_status isa_sem_##name(isa_wave *w, const isa_inst *in) {                                     \
    uint32_t n = w->wave_size, b0[ISA_MAX_WAVE], b1[ISA_MAX_WAVE];                                 \
    const uint32_t *A = isa_src32(w, &in->src[0], b0);                                             \
    const uint32_t *B = isa_src32(w, &in->src[1], b1);                                             \
    uint8_t c[ISA_MAX_WAVE];                                                                       \
    ISA_LANES(n, i, {                                                                              \
      type a = (type)A[i], b = (type)B[i];                                                         \
      c[i] = (expr) ? 1 : 0;                                                                       \
    });                                                                                            \
    cmp_store(w, in, pack_lanes(c, n));                                                            \
    return ISA_RUN;                                                                                \
  }

#define VCMP64(name, type, expr)                                                                   \
  isa_status isa_sem_##name(isa_wave *w, const isa_inst *in) {                                     \
    uint32_t n = w->wave_size;                                                                     \
    uint64_t A[ISA_MAX_WAVE], B[ISA_MAX_WAVE];                                                     \
    isa_src64(w, &in->src[0], A);                                                                  \
    isa_src64(w, &in->src[1], B);                                                                  \
    uint8_t c[ISA_MAX_WAVE];                                                                       \
    ISA_LANES(n, i, {                                                                              \
      type a = (type)A[i], b = (type)B[i];                                                         \
      c[i] = (expr) ? 1 : 0;                                                                       \
    });                                                                                            \
    cmp_store(w, in, pack_lanes(c, n));                                                            \
    return ISA_RUN;                                                                                \
  }

/* Float compares: ordered ones are false when either input is NaN (C's
 * relational operators already are); unordered ones are their negations. */
#define VCMPF(name, expr)                                                                          \
  isa_status isa_sem_##name(isa_wave *w, const isa_inst *in) {                                     \
    uint32_t n = w->wave_size, b0[ISA_MAX_WAVE], b1[ISA_MAX_WAVE];                                 \
    const uint32_t *A = isa_src32(w, &in->src[0], b0);                                             \
    const uint32_t *B = isa_src32(w, &in->src[1], b1);                                             \
    uint8_t c[ISA_MAX_WAVE];                                                                       \
    ISA_LANES(n, i, {                                                                              \
      float a = isa_f(A[i]), b = isa_f(B[i]);                                                      \
      c[i] = (expr) ? 1 : 0;                                                                       \
    });                                                                                            \
    cmp_store(w, in, pack_lanes(c, n));                                                            \
    return ISA_RUN;                                                                                \
  }

VCMP32(v_cmp_eq_u32, uint32_t, a == b)
VCMP32(v_cmp_ne_u32, uint32_t, a != b)
VCMP32(v_cmp_lt_i32, int32_t, a < b)
VCMP32(v_cmp_le_i32, int32_t, a <= b)
VCMP32(v_cmp_gt_i32, int32_t, a > b)
VCMP32(v_cmp_ge_i32, int32_t, a >= b)
VCMP32(v_cmp_lt_u32, uint32_t, a < b)
VCMP32(v_cmp_le_u32, uint32_t, a <= b)
VCMP32(v_cmp_gt_u32, uint32_t, a > b)
VCMP32(v_cmp_ge_u32, uint32_t, a >= b)
VCMP64(v_cmp_eq_u64, uint64_t, a == b)
VCMP64(v_cmp_ne_u64, uint64_t, a != b)
VCMP64(v_cmp_lt_i64, int64_t, a < b)
VCMP64(v_cmp_le_i64, int64_t, a <= b)
VCMP64(v_cmp_gt_i64, int64_t, a > b)
VCMP64(v_cmp_ge_i64, int64_t, a >= b)
VCMP64(v_cmp_lt_u64, uint64_t, a < b)
VCMP64(v_cmp_le_u64, uint64_t, a <= b)
VCMP64(v_cmp_gt_u64, uint64_t, a > b)
VCMP64(v_cmp_ge_u64, uint64_t, a >= b)
VCMPF(v_cmp_oeq_f32, a == b)
VCMPF(v_cmp_one_f32, a<b || a> b)
VCMPF(v_cmp_olt_f32, a < b)
VCMPF(v_cmp_ole_f32, a <= b)
VCMPF(v_cmp_ogt_f32, a > b)
VCMPF(v_cmp_oge_f32, a >= b)
VCMPF(v_cmp_ueq_f32, !(a < b || a > b))
VCMPF(v_cmp_une_f32, !(a == b))
VCMPF(v_cmp_ult_f32, !(a >= b))
VCMPF(v_cmp_ule_f32, !(a > b))
VCMPF(v_cmp_ugt_f32, !(a <= b))
VCMPF(v_cmp_uge_f32, !(a < b))
VCMPF(v_cmp_o_f32, !isnan(a) && !isnan(b))
VCMPF(v_cmp_u_f32, isnan(a) || isnan(b))
