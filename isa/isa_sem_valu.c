/* Semantics of the 32-bit integer vector ALU: each call runs every lane of
 * the wave in a flat loop over lane arrays; results land in active lanes only. */
#include <limits.h>

#include "isa_sem.h"

#define VOP1(name, expr) ISA_SEM_UNARY(32, name, uint32_t, isa_id32, isa_id32, expr)
#define VOP2(name, expr) ISA_SEM_BINARY(32, name, uint32_t, isa_id32, isa_id32, expr)

#define I32(x) ((int32_t)(x))

/* Division is total: x/0 = 0, INT_MIN/-1 = INT_MIN, and the remainders match. */
static inline uint32_t div_i32(uint32_t a, uint32_t b) {
  if (b == 0) return 0;
  if (I32(a) == INT_MIN && I32(b) == -1) return a;
  return (uint32_t)(I32(a) / I32(b));
}

static inline uint32_t rem_i32(uint32_t a, uint32_t b) {
  if (b == 0 || (I32(a) == INT_MIN && I32(b) == -1)) return 0;
  return (uint32_t)(I32(a) % I32(b));
}

VOP1(v_mov_b32, a)
VOP1(v_bcnt_b32, (uint32_t)__builtin_popcount(a))
VOP1(v_clz_b32, a ? (uint32_t)__builtin_clz(a) : 32u)
VOP1(v_ctz_b32, a ? (uint32_t)__builtin_ctz(a) : 32u)
VOP2(v_add_u32, a + b)
VOP2(v_sub_u32, a - b)
VOP2(v_mul_lo_u32, a *b)
VOP2(v_mul_hi_u32, (uint32_t)(((uint64_t)a * b) >> 32))
VOP2(v_mul_hi_i32, (uint32_t)((uint64_t)((int64_t)I32(a) * I32(b)) >> 32))
VOP2(v_div_i32, div_i32(a, b))
VOP2(v_div_u32, b ? a / b : 0)
VOP2(v_rem_i32, rem_i32(a, b))
VOP2(v_rem_u32, b ? a % b : 0)
VOP2(v_and_b32, a &b)
VOP2(v_or_b32, a | b)
VOP2(v_xor_b32, a ^ b)
VOP1(v_not_b32, ~a)
VOP2(v_lshl_b32, a << (b & 31))
VOP2(v_lshr_b32, a >> (b & 31))
VOP2(v_ashr_i32, (uint32_t)(I32(a) >> (b & 31)))
VOP2(v_min_i32, I32(a) < I32(b) ? a : b)
VOP2(v_max_i32, I32(a) > I32(b) ? a : b)
VOP2(v_min_u32, a < b ? a : b)
VOP2(v_max_u32, a > b ? a : b)

isa_status isa_sem_v_mad_u32(isa_wave *w, const isa_inst *in) {
  uint32_t n = w->wave_size, b0[ISA_MAX_WAVE], b1[ISA_MAX_WAVE], b2[ISA_MAX_WAVE], r[ISA_MAX_WAVE];
  const uint32_t *A = isa_src32(w, &in->src[0], b0);
  const uint32_t *B = isa_src32(w, &in->src[1], b1);
  const uint32_t *C = isa_src32(w, &in->src[2], b2);
  ISA_LANES(n, i, r[i] = A[i] * B[i] + C[i];);
  isa_dst32(w, in->dst.reg, r);
  return ISA_RUN;
}

isa_status isa_sem_v_cndmask_b32(isa_wave *w, const isa_inst *in) {
  uint32_t n = w->wave_size, b0[ISA_MAX_WAVE], b1[ISA_MAX_WAVE], r[ISA_MAX_WAVE];
  const uint32_t *A = isa_src32(w, &in->src[0], b0);
  const uint32_t *B = isa_src32(w, &in->src[1], b1);
  uint64_t m = isa_sval64(w, &in->src[2]);
  ISA_LANES(n, i, r[i] = ((m >> i) & 1) ? B[i] : A[i];);
  isa_dst32(w, in->dst.reg, r);
  return ISA_RUN;
}

/* With no active lane there is no first one; lane 0 keeps it deterministic. */
isa_status isa_sem_v_readfirstlane_b32(isa_wave *w, const isa_inst *in) {
  uint32_t lane = w->exec ? (uint32_t)__builtin_ctzll(w->exec) : 0;
  isa_sdst32(w, &in->dst, w->v[(size_t)in->src[0].reg * w->wave_size + lane]);
  return ISA_RUN;
}

/* Spill-slot lanes (isa.def): the lane number is taken modulo the wave size
 * so a bad one cannot write outside the register. */
isa_status isa_sem_v_writelane_b32(isa_wave *w, const isa_inst *in) {
  uint32_t lane = isa_sval32(w, &in->src[1]) % w->wave_size;
  w->v[(size_t)in->dst.reg * w->wave_size + lane] = isa_sval32(w, &in->src[0]);
  return ISA_RUN;
}

isa_status isa_sem_v_readlane_b32(isa_wave *w, const isa_inst *in) {
  uint32_t lane = isa_sval32(w, &in->src[1]) % w->wave_size;
  isa_sdst32(w, &in->dst, w->v[(size_t)in->src[0].reg * w->wave_size + lane]);
  return ISA_RUN;
}
