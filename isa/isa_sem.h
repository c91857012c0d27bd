/* Internal to isa/: the semantic prototypes (one per isa.def entry, so a
 * missing semantic is a link error) and the lane-array operand helpers. */
#ifndef WAVESIM_ISA_SEM_H
#define WAVESIM_ISA_SEM_H

#include <string.h>

#include "isa.h"

typedef isa_status (*isa_sem_fn)(isa_wave *w, const isa_inst *in);

#define ISA_OP(name, unit, d, s0, s1, s2, flags)                                                   \
  isa_status isa_sem_##name(isa_wave *w, const isa_inst *in);
#include "isa.def"
#undef ISA_OP

/* binary16 <-> float (isa_sem_half.c), shared with the image formats
 * (isa_image.c): half bits of f rounded to nearest even, and the exact float
 * of the half in the low 16 bits of h. */
uint32_t isa_half_of_f32_rte(float f);
float isa_f32_of_half(uint32_t h);

/* The texel an unsampled image access (read_image* without sampler,
 * write_image*) at int32 coordinates c (x, y, z/layer; isa_image.h) names,
 * as isa_image_texel_offset takes it, in xyz; coordinates the image type
 * does not use are ignored. Returns 0 when out of range (isa_image.c). */
int isa_image_texel_coords(const isa_image_desc *d, const int32_t c[3], uint32_t xyz[3]);

/* Reconvergence-stack update for s_cbranch_div (isa_simt.c). */
/* pred: the taken side runs (with no lanes) even when no lane takes it. */
isa_status isa_simt_branch(isa_wave *w, uint64_t cond, const uint32_t target[3], int pred);

/* Run `body` for every lane index `i` below n. Wave sizes 64 and 32 get loops
 * with a constant trip count, which the compiler vectorizes without
 * remainder handling; other sizes take the generic loop. */
#define ISA_LANES(n, i, ...)                                                                       \
  do {                                                                                             \
    if ((n) == 64) {                                                                               \
      for (uint32_t i = 0; i < 64; i++) {                                                          \
        __VA_ARGS__                                                                                \
      }                                                                                            \
    } else if ((n) == 32) {                                                                        \
      for (uint32_t i = 0; i < 32; i++) {                                                          \
        __VA_ARGS__                                                                                \
      }                                                                                            \
    } else {                                                                                       \
      for (uint32_t i = 0; i < (n); i++) {                                                         \
        __VA_ARGS__                                                                                \
      }                                                                                            \
    }                                                                                              \
  } while (0)

static inline uint64_t isa_full_mask(uint32_t wave_size) {
  return wave_size >= 64 ? ~(uint64_t)0 : (((uint64_t)1 << wave_size) - 1);
}

static inline float isa_f(uint32_t x) {
  float f;
  memcpy(&f, &x, sizeof f);
  return f;
}

static inline uint32_t isa_u(float f) {
  uint32_t x;
  memcpy(&x, &f, sizeof x);
  return x;
}

/* 32-bit vector source (kind A/V): a VGPR is read in place, an SGPR or a
 * literal is broadcast into buf. Returns the lane array. */
static inline const uint32_t *isa_src32(const isa_wave *w, const isa_operand *o, uint32_t *buf) {
  uint32_t n = w->wave_size;
  if (o->file == ISA_RF_V) return &w->v[(size_t)o->reg * n];
  uint32_t x = o->file == ISA_RF_S ? w->s[o->reg] : (uint32_t)o->imm;
  ISA_LANES(n, i, buf[i] = x;);
  return buf;
}

/* 64-bit vector source (kind A2/V2) into buf: pairs are (low, high). */
static inline void isa_src64(const isa_wave *w, const isa_operand *o, uint64_t *buf) {
  uint32_t n = w->wave_size;
  if (o->file == ISA_RF_V) {
    const uint32_t *lo = &w->v[(size_t)o->reg * n], *hi = lo + n;
    ISA_LANES(n, i, buf[i] = lo[i] | (uint64_t)hi[i] << 32;);
    return;
  }
  uint64_t x = o->file == ISA_RF_S ? (w->s[o->reg] | (uint64_t)w->s[o->reg + 1] << 32) : o->imm;
  ISA_LANES(n, i, buf[i] = x;);
}

/* Scalar sources (kinds B, B2, S, S2). */
static inline uint32_t isa_sval32(const isa_wave *w, const isa_operand *o) {
  if (o->file == ISA_RF_S) return w->s[o->reg];
  if (o->file == ISA_RF_V)
    return w->v[(size_t)o->reg * w->wave_size]; /* not produced by the codec */
  return (uint32_t)o->imm;
}

static inline uint64_t isa_sval64(const isa_wave *w, const isa_operand *o) {
  if (o->file == ISA_RF_S) return w->s[o->reg] | (uint64_t)w->s[o->reg + 1] << 32;
  return o->imm;
}

static inline void isa_sdst32(isa_wave *w, const isa_operand *o, uint32_t x) {
  w->s[o->reg] = x;
}

static inline void isa_sdst64(isa_wave *w, const isa_operand *o, uint64_t x) {
  w->s[o->reg] = (uint32_t)x;
  w->s[o->reg + 1] = (uint32_t)(x >> 32);
}

/* A memory fault of the instruction being executed: what, which lane, where
 * and how wide (isa_step fills fault.pc). Returns ISA_FAULTED to pass on. */
static inline isa_status isa_mem_fault(isa_wave *w, isa_fault_kind kind, uint32_t lane,
                                       uint64_t addr, uint32_t size) {
  w->fault.kind = (uint8_t)kind;
  w->fault.lane = lane;
  w->fault.addr = addr;
  w->fault.size = size;
  return ISA_FAULTED;
}

/* An out-of-bounds access by `lane`: a fault (isa_mem_fault) unless the
 * wave goes on past them (isa_wave.oob_ignore), when it notes the access
 * (the instruction's first such lane) and returns ISA_RUN: the caller then
 * reads zeros for the lane, or drops its store. */
static inline isa_status isa_mem_oob(isa_wave *w, isa_fault_kind kind, uint32_t lane, uint64_t addr,
                                     uint32_t size) {
  if (!w->oob_ignore) return isa_mem_fault(w, kind, lane, addr, size);
  if (!w->oob.kind) {
    w->oob.kind = (uint8_t)kind;
    w->oob.lane = lane;
    w->oob.addr = addr;
    w->oob.size = size;
  }
  return ISA_RUN;
}

/* Write a lane array to VGPR reg for the active lanes only. The full-exec
 * case (the common one) is a plain copy. */
static inline void isa_dst32(isa_wave *w, uint32_t reg, const uint32_t *r) {
  uint32_t n = w->wave_size;
  uint32_t *d = &w->v[(size_t)reg * n];
  uint64_t exec = w->exec;
  if (exec == isa_full_mask(n)) {
    memcpy(d, r, n * sizeof *d);
    return;
  }
  ISA_LANES(n, i, d[i] = ((exec >> i) & 1) ? r[i] : d[i];);
}

static inline void isa_dst64(isa_wave *w, uint32_t reg, const uint64_t *r) {
  uint32_t n = w->wave_size;
  uint32_t *lo = &w->v[(size_t)reg * n], *hi = lo + n;
  uint64_t exec = w->exec;
  if (exec == isa_full_mask(n)) {
    ISA_LANES(n, i, {
      lo[i] = (uint32_t)r[i];
      hi[i] = (uint32_t)(r[i] >> 32);
    });
    return;
  }
  ISA_LANES(n, i, {
    int on = (exec >> i) & 1;
    lo[i] = on ? (uint32_t)r[i] : lo[i];
    hi[i] = on ? (uint32_t)(r[i] >> 32) : hi[i];
  });
}


static inline uint32_t isa_id32(uint32_t x) { return x; }
static inline uint64_t isa_id64(uint64_t x) { return x; }

/* The lane loops shared by every one- and two-source ALU semantic: read the
 * sources once into lane arrays, compute `expr` per lane on operands a (and b)
 * of type T (IN turns a register word into T, OUT turns the result back), and
 * write the active lanes. W is the register width (32 or 64). */
#define ISA_SEM_UNARY(W, name, T, IN, OUT, expr)                                                   \
  isa_status isa_sem_##name(isa_wave *w, const isa_inst *in) {                                     \
    uint32_t n = w->wave_size;                                                                     \
    uint##W##_t b0[ISA_MAX_WAVE], r[ISA_MAX_WAVE];                                                 \
    const uint##W##_t *A = ISA_SEM_SRC##W(w, &in->src[0], b0);                                     \
    ISA_LANES(n, i, {                                                                              \
      T a = IN(A[i]);                                                                              \
      r[i] = OUT(expr);                                                                            \
    });                                                                                            \
    isa_dst##W(w, in->dst.reg, r);                                                                 \
    return ISA_RUN;                                                                                \
  }

#define ISA_SEM_BINARY(W, name, T, IN, OUT, expr)                                                  \
  isa_status isa_sem_##name(isa_wave *w, const isa_inst *in) {                                     \
    uint32_t n = w->wave_size;                                                                     \
    uint##W##_t b0[ISA_MAX_WAVE], b1[ISA_MAX_WAVE], r[ISA_MAX_WAVE];                               \
    const uint##W##_t *A = ISA_SEM_SRC##W(w, &in->src[0], b0);                                     \
    const uint##W##_t *B = ISA_SEM_SRC##W(w, &in->src[1], b1);                                     \
    ISA_LANES(n, i, {                                                                              \
      T a = IN(A[i]), b = IN(B[i]);                                                                \
      r[i] = OUT(expr);                                                                            \
    });                                                                                            \
    isa_dst##W(w, in->dst.reg, r);                                                                 \
    return ISA_RUN;                                                                                \
  }

/* source readers with one signature: 32-bit sources may alias a VGPR row,
 * 64-bit ones are always assembled into the buffer */
#define ISA_SEM_SRC32(w, o, buf) isa_src32((w), (o), (buf))
#define ISA_SEM_SRC64(w, o, buf) (isa_src64((w), (o), (buf)), (const uint64_t *)(buf))

#endif
