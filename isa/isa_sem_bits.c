/* Semantics of the extended bit operations (bitfield extract/insert masks,
 * bit reverse) and the 4x8-bit dot products of isa.def's last VALU section. */
#include <stdint.h>

#include "isa_sem.h"

#define VOP1(name, expr) ISA_SEM_UNARY(32, name, uint32_t, isa_id32, isa_id32, expr)
#define VOP2(name, expr) ISA_SEM_BINARY(32, name, uint32_t, isa_id32, isa_id32, expr)

/* A three-source 32-bit VALU op: r = f(a, b, c) per lane, active lanes written. */
#define VOP3(name, f)                                                                              \
  isa_status isa_sem_##name(isa_wave *w, const isa_inst *in) {                                     \
    uint32_t n = w->wave_size, b0[ISA_MAX_WAVE], b1[ISA_MAX_WAVE], b2[ISA_MAX_WAVE];               \
    uint32_t r[ISA_MAX_WAVE];                                                                      \
    const uint32_t *A = isa_src32(w, &in->src[0], b0);                                             \
    const uint32_t *B = isa_src32(w, &in->src[1], b1);                                             \
    const uint32_t *C = isa_src32(w, &in->src[2], b2);                                             \
    ISA_LANES(n, i, r[i] = f(A[i], B[i], C[i]););                                                  \
    isa_dst32(w, in->dst.reg, r);                                                                  \
    return ISA_RUN;                                                                                \
  }

/* c' one bits from bit o', with o' = min(o, 32), c' = min(c, 32 - o') (isa.def). */
static inline uint32_t bf_mask(uint32_t c, uint32_t o) {
  uint32_t oc = o < 32 ? o : 32;
  uint32_t cc = c < 32 - oc ? c : 32 - oc;
  if (cc == 0) return 0;
  return (cc == 32 ? ~0u : ((1u << cc) - 1)) << oc;
}

static inline uint32_t bfe_u(uint32_t x, uint32_t o, uint32_t c) {
  uint32_t m = bf_mask(c, o);
  return m ? (x & m) >> __builtin_ctz(m) : 0;
}

static inline uint32_t bfe_i(uint32_t x, uint32_t o, uint32_t c) {
  uint32_t m = bf_mask(c, o);
  if (!m) return 0;
  uint32_t lo = (uint32_t)__builtin_ctz(m), width = (uint32_t)__builtin_popcount(m);
  uint32_t f = (x & m) >> lo, sign = 1u << (width - 1);
  return (f ^ sign) - sign; /* sign-extends from bit width - 1, modulo 2^32 */
}

static inline uint32_t bfi(uint32_t m, uint32_t ins, uint32_t base) {
  return (m & ins) | (~m & base);
}

static inline uint32_t bfrev(uint32_t x) {
  x = (x >> 16) | (x << 16);
  x = ((x & 0xff00ff00u) >> 8) | ((x & 0x00ff00ffu) << 8);
  x = ((x & 0xf0f0f0f0u) >> 4) | ((x & 0x0f0f0f0fu) << 4);
  x = ((x & 0xccccccccu) >> 2) | ((x & 0x33333333u) << 2);
  return ((x & 0xaaaaaaaau) >> 1) | ((x & 0x55555555u) << 1);
}

VOP3(v_bfe_u32, bfe_u)
VOP3(v_bfe_i32, bfe_i)
VOP2(v_bfm_b32, bf_mask(a, b))
VOP3(v_bfi_b32, bfi)
VOP1(v_bfrev_b32, bfrev(a))

/* The exact sum of the four byte products: bytes of a signed when sa, of b
 * when sb. |sum| <= 4 * 128 * 128, so int32 holds it. */
static inline int32_t dot4(uint32_t a, uint32_t b, int sa, int sb) {
  int32_t s = 0;
  for (unsigned k = 0; k < 4; k++) {
    uint32_t x = (a >> (8 * k)) & 0xffu, y = (b >> (8 * k)) & 0xffu;
    int32_t xs = sa ? (int32_t)(int8_t)x : (int32_t)x, ys = sb ? (int32_t)(int8_t)y : (int32_t)y;
    s += xs * ys;
  }
  return s;
}

static inline uint32_t sat_i32(int64_t v) {
  return (uint32_t)(v > INT32_MAX ? INT32_MAX : v < INT32_MIN ? INT32_MIN : v);
}

static inline uint32_t dot_ss(uint32_t a, uint32_t b, uint32_t c) {
  return c + (uint32_t)dot4(a, b, 1, 1);
}
static inline uint32_t dot_uu(uint32_t a, uint32_t b, uint32_t c) {
  return c + (uint32_t)dot4(a, b, 0, 0);
}
static inline uint32_t dot_su(uint32_t a, uint32_t b, uint32_t c) {
  return c + (uint32_t)dot4(a, b, 1, 0);
}
static inline uint32_t dot_ss_sat(uint32_t a, uint32_t b, uint32_t c) {
  return sat_i32((int64_t)(int32_t)c + dot4(a, b, 1, 1));
}
static inline uint32_t dot_uu_sat(uint32_t a, uint32_t b, uint32_t c) {
  uint64_t v = (uint64_t)c + (uint64_t)dot4(a, b, 0, 0); /* the unsigned sum is >= 0 */
  return v > UINT32_MAX ? UINT32_MAX : (uint32_t)v;
}
static inline uint32_t dot_su_sat(uint32_t a, uint32_t b, uint32_t c) {
  return sat_i32((int64_t)(int32_t)c + dot4(a, b, 1, 0));
}

VOP3(v_dot4_i32_i8, dot_ss)
VOP3(v_dot4_u32_u8, dot_uu)
VOP3(v_dot4_i32_iu8, dot_su)
VOP3(v_dot4_sat_i32_i8, dot_ss_sat)
VOP3(v_dot4_sat_u32_u8, dot_uu_sat)
VOP3(v_dot4_sat_i32_iu8, dot_su_sat)
