/* Semantics of the scalar ALU: one uniform result per wave in SGPRs or SCC.
 * Shift counts are taken modulo the operand width, as for the vector ALU. */
#include "isa_sem.h"

#define SOP1_32(name, expr)                                                                        \
  isa_status isa_sem_##name(isa_wave *w, const isa_inst *in) {                                     \
    uint32_t a = isa_sval32(w, &in->src[0]);                                                       \
    isa_sdst32(w, &in->dst, (expr));                                                               \
    return ISA_RUN;                                                                                \
  }

#define SOP2_32(name, expr)                                                                        \
  isa_status isa_sem_##name(isa_wave *w, const isa_inst *in) {                                     \
    uint32_t a = isa_sval32(w, &in->src[0]);                                                       \
    uint32_t b = isa_sval32(w, &in->src[1]);                                                       \
    isa_sdst32(w, &in->dst, (expr));                                                               \
    return ISA_RUN;                                                                                \
  }

#define SOP1_64(name, expr)                                                                        \
  isa_status isa_sem_##name(isa_wave *w, const isa_inst *in) {                                     \
    uint64_t a = isa_sval64(w, &in->src[0]);                                                       \
    isa_sdst64(w, &in->dst, (expr));                                                               \
    return ISA_RUN;                                                                                \
  }

#define SOP2_64(name, expr)                                                                        \
  isa_status isa_sem_##name(isa_wave *w, const isa_inst *in) {                                     \
    uint64_t a = isa_sval64(w, &in->src[0]);                                                       \
    uint64_t b = isa_sval64(w, &in->src[1]);                                                       \
    isa_sdst64(w, &in->dst, (expr));                                                               \
    return ISA_RUN;                                                                                \
  }

/* 64-bit value shifted by a 32-bit count */
#define SSHIFT_64(name, expr)                                                                      \
  isa_status isa_sem_##name(isa_wave *w, const isa_inst *in) {                                     \
    uint64_t a = isa_sval64(w, &in->src[0]);                                                       \
    uint32_t b = isa_sval32(w, &in->src[1]) & 63;                                                  \
    isa_sdst64(w, &in->dst, (expr));                                                               \
    return ISA_RUN;                                                                                \
  }

#define SCMP_32(name, expr)                                                                        \
  isa_status isa_sem_##name(isa_wave *w, const isa_inst *in) {                                     \
    uint32_t a = isa_sval32(w, &in->src[0]);                                                       \
    uint32_t b = isa_sval32(w, &in->src[1]);                                                       \
    w->scc = (expr) ? 1 : 0;                                                                       \
    return ISA_RUN;                                                                                \
  }

#define SCMP_64(name, expr)                                                                        \
  isa_status isa_sem_##name(isa_wave *w, const isa_inst *in) {                                     \
    uint64_t a = isa_sval64(w, &in->src[0]);                                                       \
    uint64_t b = isa_sval64(w, &in->src[1]);                                                       \
    w->scc = (expr) ? 1 : 0;                                                                       \
    return ISA_RUN;                                                                                \
  }

#define I32(x) ((int32_t)(x))
#define I64(x) ((int64_t)(x))

SOP1_32(s_mov_b32, a)
SOP1_64(s_mov_b64, a)
SOP2_32(s_add_u32, a + b)
SOP2_32(s_sub_u32, a - b)
SOP2_32(s_mul_i32, a *b)
SOP2_32(s_and_b32, a &b)
SOP2_32(s_or_b32, a | b)
SOP2_32(s_xor_b32, a ^ b)
SOP1_32(s_not_b32, ~a)
SOP2_32(s_lshl_b32, a << (b & 31))
SOP2_32(s_lshr_b32, a >> (b & 31))
SOP2_32(s_ashr_i32, (uint32_t)(I32(a) >> (b & 31)))
SOP2_32(s_min_i32, I32(a) < I32(b) ? a : b)
SOP2_32(s_min_u32, a < b ? a : b)
SOP2_32(s_max_i32, I32(a) > I32(b) ? a : b)
SOP2_32(s_max_u32, a > b ? a : b)
SOP2_64(s_add_u64, a + b)
SOP2_64(s_sub_u64, a - b)
SOP2_64(s_mul_u64, a *b)
SOP2_64(s_and_b64, a &b)
SOP2_64(s_or_b64, a | b)
SOP2_64(s_xor_b64, a ^ b)
SOP2_64(s_andn2_b64, a & ~b)
SOP1_64(s_not_b64, ~a)
SSHIFT_64(s_lshl_b64, a << b)
SSHIFT_64(s_lshr_b64, a >> b)
SSHIFT_64(s_ashr_i64, (uint64_t)(I64(a) >> b))

isa_status isa_sem_s_sext_i64_i32(isa_wave *w, const isa_inst *in) {
  isa_sdst64(w, &in->dst, (uint64_t)(int64_t)I32(isa_sval32(w, &in->src[0])));
  return ISA_RUN;
}

isa_status isa_sem_s_zext_u64_u32(isa_wave *w, const isa_inst *in) {
  isa_sdst64(w, &in->dst, isa_sval32(w, &in->src[0]));
  return ISA_RUN;
}

SCMP_32(s_cmp_eq_u32, a == b)
SCMP_32(s_cmp_ne_u32, a != b)
SCMP_32(s_cmp_lt_i32, I32(a) < I32(b))
SCMP_32(s_cmp_le_i32, I32(a) <= I32(b))
SCMP_32(s_cmp_gt_i32, I32(a) > I32(b))
SCMP_32(s_cmp_ge_i32, I32(a) >= I32(b))
SCMP_32(s_cmp_lt_u32, a < b)
SCMP_32(s_cmp_le_u32, a <= b)
SCMP_32(s_cmp_gt_u32, a > b)
SCMP_32(s_cmp_ge_u32, a >= b)
SCMP_64(s_cmp_eq_u64, a == b)
SCMP_64(s_cmp_ne_u64, a != b)
SCMP_64(s_cmp_lt_i64, I64(a) < I64(b))
SCMP_64(s_cmp_le_i64, I64(a) <= I64(b))
SCMP_64(s_cmp_gt_i64, I64(a) > I64(b))
SCMP_64(s_cmp_ge_i64, I64(a) >= I64(b))
SCMP_64(s_cmp_lt_u64, a < b)
SCMP_64(s_cmp_le_u64, a <= b)
SCMP_64(s_cmp_gt_u64, a > b)
SCMP_64(s_cmp_ge_u64, a >= b)

SOP2_32(s_cselect_b32, w->scc ? a : b)
SOP2_64(s_cselect_b64, w->scc ? a : b)

isa_status isa_sem_s_getexec_b64(isa_wave *w, const isa_inst *in) {
  isa_sdst64(w, &in->dst, w->exec);
  return ISA_RUN;
}
