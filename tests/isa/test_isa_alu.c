/* ALU semantics with exact values: scalar, 32/64-bit vector integer, float,
 * compares, conversions, and exec masking (inactive lanes untouched). */
#include <check.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "check_run.h"
#include "isa_test_util.h"

#define ALL32 0xffffffffull
#define ALL64 (~0ull)

/* Run `op vD, vA, vB` on lane 0 with the given inputs and return vD. */
static uint32_t vop2(tw *t, const char *op, uint32_t a, uint32_t b) {
  char text[128];
  *tw_v(t, 10, 0) = a;
  *tw_v(t, 11, 0) = b;
  snprintf(text, sizeof text, "%s v12, v10, v11", op);
  ck_assert_int_eq(tw_exec(t, text), ISA_RUN);
  return *tw_v(t, 12, 0);
}

static uint32_t vop1(tw *t, const char *op, uint32_t a) {
  char text[128];
  *tw_v(t, 10, 0) = a;
  snprintf(text, sizeof text, "%s v12, v10", op);
  ck_assert_int_eq(tw_exec(t, text), ISA_RUN);
  return *tw_v(t, 12, 0);
}

static uint32_t fbits(float f) {
  uint32_t u;
  memcpy(&u, &f, 4);
  return u;
}

static float bitsf(uint32_t u) {
  float f;
  memcpy(&f, &u, 4);
  return f;
}

static uint32_t fop2(tw *t, const char *op, float a, float b) {
  return vop2(t, op, fbits(a), fbits(b));
}
static uint32_t fop1(tw *t, const char *op, float a) {
  return vop1(t, op, fbits(a));
}

START_TEST(test_int32_edges) {
  tw *t = tw_new(32, 1, 0);
  ck_assert_uint_eq(vop2(t, "v_add_u32", 0xffffffffu, 2), 1);
  ck_assert_uint_eq(vop2(t, "v_sub_u32", 1, 2), 0xffffffffu);
  ck_assert_uint_eq(vop2(t, "v_mul_lo_u32", 0x10000, 0x10001), 0x10000);
  ck_assert_uint_eq(vop2(t, "v_mul_hi_u32", 0xffffffffu, 0xffffffffu), 0xfffffffeu);
  ck_assert_uint_eq(vop2(t, "v_mul_hi_i32", (uint32_t)-2, 3), 0xffffffffu);
  ck_assert_uint_eq(vop2(t, "v_div_i32", (uint32_t)INT32_MIN, (uint32_t)-1), (uint32_t)INT32_MIN);
  ck_assert_uint_eq(vop2(t, "v_rem_i32", (uint32_t)INT32_MIN, (uint32_t)-1), 0);
  ck_assert_uint_eq(vop2(t, "v_div_i32", 7, 0), 0);
  ck_assert_uint_eq(vop2(t, "v_rem_i32", 7, 0), 0);
  ck_assert_uint_eq(vop2(t, "v_div_u32", 7, 0), 0);
  ck_assert_uint_eq(vop2(t, "v_rem_u32", 7, 0), 0);
  ck_assert_uint_eq(vop2(t, "v_div_i32", (uint32_t)-7, 2), (uint32_t)-3);
  ck_assert_uint_eq(vop2(t, "v_rem_i32", (uint32_t)-7, 2), (uint32_t)-1);
  ck_assert_uint_eq(vop2(t, "v_div_u32", 0xfffffff0u, 16), 0x0fffffffu);
  ck_assert_uint_eq(vop2(t, "v_rem_u32", 17, 5), 2);
  ck_assert_uint_eq(vop2(t, "v_lshl_b32", 1, 33), 2); /* count mod 32 */
  ck_assert_uint_eq(vop2(t, "v_lshl_b32", 1, 32), 1);
  ck_assert_uint_eq(vop2(t, "v_lshr_b32", 0x80000000u, 63), 1);
  ck_assert_uint_eq(vop2(t, "v_ashr_i32", 0x80000000u, 31), 0xffffffffu);
  ck_assert_uint_eq(vop2(t, "v_ashr_i32", 0x80000000u, 36), 0xf8000000u);
  ck_assert_uint_eq(vop2(t, "v_min_i32", (uint32_t)-1, 1), (uint32_t)-1);
  ck_assert_uint_eq(vop2(t, "v_min_u32", (uint32_t)-1, 1), 1);
  ck_assert_uint_eq(vop2(t, "v_max_i32", (uint32_t)-1, 1), 1);
  ck_assert_uint_eq(vop2(t, "v_max_u32", (uint32_t)-1, 1), 0xffffffffu);
  ck_assert_uint_eq(vop2(t, "v_and_b32", 0xf0f0, 0xff00), 0xf000);
  ck_assert_uint_eq(vop2(t, "v_or_b32", 0xf0f0, 0xff00), 0xfff0);
  ck_assert_uint_eq(vop2(t, "v_xor_b32", 0xf0f0, 0xff00), 0x0ff0);
  ck_assert_uint_eq(vop1(t, "v_not_b32", 0), 0xffffffffu);
  ck_assert_uint_eq(vop1(t, "v_mov_b32", 42), 42);
  *tw_v(t, 10, 0) = 3;
  *tw_v(t, 11, 0) = 5;
  ck_assert_int_eq(tw_exec(t, "v_mad_u32 v12, v10, v11, 0xfffffff0"), ISA_RUN);
  ck_assert_uint_eq(*tw_v(t, 12, 0), (uint32_t)(15 - 16));
  tw_free(t);
}
END_TEST

START_TEST(test_broadcast_sources_and_lanes) {
  tw *t = tw_new(64, ALL64, 0);
  for (unsigned i = 0; i < 64; i++) *tw_v(t, 3, i) = i;
  t->s[8] = 1000;
  ck_assert_int_eq(tw_exec(t, "v_add_u32 v5, v3, s8"), ISA_RUN);
  ck_assert_int_eq(tw_exec(t, "v_mul_lo_u32 v6, 3, v3"), ISA_RUN);
  for (unsigned i = 0; i < 64; i++) {
    ck_assert_uint_eq(*tw_v(t, 5, i), 1000 + i);
    ck_assert_uint_eq(*tw_v(t, 6, i), 3 * i);
  }
  /* dst aliasing a source */
  ck_assert_int_eq(tw_exec(t, "v_sub_u32 v3, 100, v3"), ISA_RUN);
  ck_assert_uint_eq(*tw_v(t, 3, 63), 37);
  /* readfirstlane picks the lowest active lane */
  t->w.exec = 0xf0;
  ck_assert_int_eq(tw_exec(t, "v_readfirstlane_b32 s9, v5"), ISA_RUN);
  ck_assert_uint_eq(t->s[9], 1004);
  /* SGPR spill slots: writelane writes its one lane even outside exec (an
   * SGPR is the whole wave's), leaves the others; readlane reads it back */
  t->s[10] = 0xabcd;
  ck_assert_int_eq(tw_exec(t, "v_writelane_b32 v5, s10, 2"), ISA_RUN);
  ck_assert_uint_eq(*tw_v(t, 5, 2), 0xabcd);
  ck_assert_uint_eq(*tw_v(t, 5, 1), 1001);
  ck_assert_uint_eq(*tw_v(t, 5, 3), 1003);
  t->w.exec = 0;
  ck_assert_int_eq(tw_exec(t, "v_readlane_b32 s11, v5, 2"), ISA_RUN);
  ck_assert_uint_eq(t->s[11], 0xabcd);
  ck_assert_int_eq(tw_exec(t, "v_readlane_b32 s11, v5, 63"), ISA_RUN);
  ck_assert_uint_eq(t->s[11], 1063);
  /* cndmask takes src1 where the mask bit is set */
  t->w.exec = ALL64;
  t->s[20] = 0x5;
  t->s[21] = 0x80000000u;
  ck_assert_int_eq(tw_exec(t, "v_cndmask_b32 v7, 11, 22, s[20:21]"), ISA_RUN);
  ck_assert_uint_eq(*tw_v(t, 7, 0), 22);
  ck_assert_uint_eq(*tw_v(t, 7, 1), 11);
  ck_assert_uint_eq(*tw_v(t, 7, 2), 22);
  ck_assert_uint_eq(*tw_v(t, 7, 62), 11);
  ck_assert_uint_eq(*tw_v(t, 7, 63), 22);
  tw_free(t);
}
END_TEST

START_TEST(test_masking) {
  for (unsigned ws = 32; ws <= 64; ws += 32) {
    tw *t = tw_new(ws, 0, 0);
    for (unsigned i = 0; i < ws; i++) {
      *tw_v(t, 1, i) = 0xdead0000u + i;
      *tw_v(t, 2, i) = 0xbeef0000u + i;
      *tw_v(t, 3, i) = 0xcafe0000u + i;
      *tw_v(t, 4, i) = i;
    }
    t->w.exec = 0xa5a5a5a5a5a5a5a5ull & (ws == 32 ? ALL32 : ALL64);
    ck_assert_int_eq(tw_exec(t, "v_add_u32 v1, v4, 1"), ISA_RUN);
    ck_assert_int_eq(tw_exec(t, "v_mov_b64 v[2:3], 0x1122334455667788"), ISA_RUN);
    ck_assert_int_eq(tw_exec(t, "v_cmp_ge_u32 s[10:11], v4, 0"), ISA_RUN);
    for (unsigned i = 0; i < ws; i++) {
      int on = (t->w.exec >> i) & 1;
      ck_assert_uint_eq(*tw_v(t, 1, i), on ? i + 1 : 0xdead0000u + i);
      ck_assert_uint_eq(*tw_v(t, 2, i), on ? 0x55667788u : 0xbeef0000u + i);
      ck_assert_uint_eq(*tw_v(t, 3, i), on ? 0x11223344u : 0xcafe0000u + i);
    }
    /* a compare that is true everywhere still reports only active lanes */
    ck_assert_uint_eq(tw_s64(t, 10), t->w.exec);
    tw_free(t);
  }
}
END_TEST

START_TEST(test_scalar_alu) {
  tw *t = tw_new(32, ALL32, 0);
  t->s[10] = 0xfffffffeu;
  ck_assert_int_eq(tw_exec(t, "s_add_u32 s11, s10, 3"), ISA_RUN);
  ck_assert_uint_eq(t->s[11], 1);
  ck_assert_int_eq(tw_exec(t, "s_ashr_i32 s12, s10, 33"), ISA_RUN);
  ck_assert_uint_eq(t->s[12], 0xffffffffu);
  ck_assert_int_eq(tw_exec(t, "s_lshl_b32 s12, 3, 34"), ISA_RUN);
  ck_assert_uint_eq(t->s[12], 12);
  ck_assert_int_eq(tw_exec(t, "s_min_i32 s12, s10, 0"), ISA_RUN);
  ck_assert_uint_eq(t->s[12], 0xfffffffeu);
  ck_assert_int_eq(tw_exec(t, "s_max_u32 s12, s10, 0"), ISA_RUN);
  ck_assert_uint_eq(t->s[12], 0xfffffffeu);
  ck_assert_int_eq(tw_exec(t, "s_mul_i32 s12, s10, s10"), ISA_RUN);
  ck_assert_uint_eq(t->s[12], 4);
  ck_assert_int_eq(tw_exec(t, "s_mov_b64 s[20:21], 0xffffffff00000001"), ISA_RUN);
  ck_assert_int_eq(tw_exec(t, "s_add_u64 s[22:23], s[20:21], 0xffffffff"), ISA_RUN);
  ck_assert_uint_eq(tw_s64(t, 22), 0x0000000000000000ull);
  ck_assert_int_eq(tw_exec(t, "s_mul_u64 s[22:23], s[20:21], 2"), ISA_RUN);
  ck_assert_uint_eq(tw_s64(t, 22), 0xfffffffe00000002ull);
  ck_assert_int_eq(tw_exec(t, "s_andn2_b64 s[22:23], s[20:21], 1"), ISA_RUN);
  ck_assert_uint_eq(tw_s64(t, 22), 0xffffffff00000000ull);
  ck_assert_int_eq(tw_exec(t, "s_ashr_i64 s[22:23], s[20:21], 68"), ISA_RUN);
  ck_assert_uint_eq(tw_s64(t, 22), 0xfffffffff0000000ull);
  ck_assert_int_eq(tw_exec(t, "s_lshr_b64 s[22:23], s[20:21], 32"), ISA_RUN);
  ck_assert_uint_eq(tw_s64(t, 22), 0xffffffffull);
  ck_assert_int_eq(tw_exec(t, "s_lshl_b64 s[22:23], 1, 63"), ISA_RUN);
  ck_assert_uint_eq(tw_s64(t, 22), 0x8000000000000000ull);
  ck_assert_int_eq(tw_exec(t, "s_not_b64 s[22:23], 0"), ISA_RUN);
  ck_assert_uint_eq(tw_s64(t, 22), ~0ull);
  ck_assert_int_eq(tw_exec(t, "s_sext_i64_i32 s[22:23], s10"), ISA_RUN);
  ck_assert_uint_eq(tw_s64(t, 22), (uint64_t)-2);
  ck_assert_int_eq(tw_exec(t, "s_zext_u64_u32 s[22:23], s10"), ISA_RUN);
  ck_assert_uint_eq(tw_s64(t, 22), 0xfffffffeull);
  /* compares and select through SCC */
  ck_assert_int_eq(tw_exec(t, "s_cmp_lt_i32 s10, 0"), ISA_RUN);
  ck_assert_uint_eq(t->w.scc, 1);
  ck_assert_int_eq(tw_exec(t, "s_cselect_b32 s12, 5, 6"), ISA_RUN);
  ck_assert_uint_eq(t->s[12], 5);
  ck_assert_int_eq(tw_exec(t, "s_cmp_lt_u32 s10, 0"), ISA_RUN);
  ck_assert_uint_eq(t->w.scc, 0);
  ck_assert_int_eq(tw_exec(t, "s_cselect_b64 s[12:13], 5, 0x600000000"), ISA_RUN);
  ck_assert_uint_eq(tw_s64(t, 12), 0x600000000ull);
  ck_assert_int_eq(tw_exec(t, "s_cmp_gt_i64 s[20:21], 0"), ISA_RUN);
  ck_assert_uint_eq(t->w.scc, 0);
  ck_assert_int_eq(tw_exec(t, "s_cmp_gt_u64 s[20:21], 0"), ISA_RUN);
  ck_assert_uint_eq(t->w.scc, 1);
  ck_assert_int_eq(tw_exec(t, "s_cmp_eq_u64 s[20:21], 0xffffffff00000001"), ISA_RUN);
  ck_assert_uint_eq(t->w.scc, 1);
  t->w.exec = 0x8001;
  ck_assert_int_eq(tw_exec(t, "s_getexec_b64 s[24:25]"), ISA_RUN);
  ck_assert_uint_eq(tw_s64(t, 24), 0x8001);
  tw_free(t);
}
END_TEST

START_TEST(test_int64) {
  tw *t = tw_new(32, ALL32, 0);
  *tw_v(t, 2, 0) = 0xffffffffu; /* v[2:3] lane 0 = 0x00000001ffffffff */
  *tw_v(t, 3, 0) = 1;
  *tw_v(t, 2, 1) = 0; /* lane 1 = 0x8000000000000000 */
  *tw_v(t, 3, 1) = 0x80000000u;
  ck_assert_int_eq(tw_exec(t, "v_add_u64 v[4:5], v[2:3], 1"), ISA_RUN);
  ck_assert_uint_eq(*tw_v(t, 4, 0), 0);
  ck_assert_uint_eq(*tw_v(t, 5, 0), 2);
  ck_assert_int_eq(tw_exec(t, "v_sub_u64 v[4:5], 0, v[2:3]"), ISA_RUN);
  ck_assert_uint_eq(*tw_v(t, 4, 0), 1);
  ck_assert_uint_eq(*tw_v(t, 5, 0), 0xfffffffeu);
  ck_assert_int_eq(tw_exec(t, "v_mul_lo_u64 v[4:5], v[2:3], 0x100000001"), ISA_RUN);
  ck_assert_uint_eq(*tw_v(t, 4, 0), 0xffffffffu);
  ck_assert_uint_eq(*tw_v(t, 5, 0), 0);
  ck_assert_int_eq(tw_exec(t, "v_ashr_i64 v[4:5], v[2:3], 127"), ISA_RUN); /* count mod 64 */
  ck_assert_uint_eq(*tw_v(t, 4, 1), 0xffffffffu);
  ck_assert_uint_eq(*tw_v(t, 5, 1), 0xffffffffu);
  ck_assert_int_eq(tw_exec(t, "v_lshr_b64 v[4:5], v[2:3], 63"), ISA_RUN);
  ck_assert_uint_eq(*tw_v(t, 4, 1), 1);
  ck_assert_uint_eq(*tw_v(t, 5, 1), 0);
  ck_assert_int_eq(tw_exec(t, "v_lshl_b64 v[4:5], v[2:3], 4"), ISA_RUN);
  ck_assert_uint_eq(*tw_v(t, 4, 0), 0xfffffff0u);
  ck_assert_uint_eq(*tw_v(t, 5, 0), 0x1f);
  ck_assert_int_eq(tw_exec(t, "v_and_b64 v[4:5], v[2:3], 0xf0000000f"), ISA_RUN);
  ck_assert_uint_eq(*tw_v(t, 4, 0), 0xf);
  ck_assert_uint_eq(*tw_v(t, 5, 0), 1);
  ck_assert_int_eq(tw_exec(t, "v_or_b64 v[4:5], v[2:3], 0x1000000000"), ISA_RUN);
  ck_assert_uint_eq(*tw_v(t, 5, 0), 0x11);
  ck_assert_int_eq(tw_exec(t, "v_xor_b64 v[4:5], v[2:3], -1"), ISA_RUN);
  ck_assert_uint_eq(*tw_v(t, 4, 0), 0);
  ck_assert_uint_eq(*tw_v(t, 5, 0), 0xfffffffeu);
  *tw_v(t, 6, 0) = 0x80000000u;
  ck_assert_int_eq(tw_exec(t, "v_sext_i64_i32 v[4:5], v6"), ISA_RUN);
  ck_assert_uint_eq(*tw_v(t, 5, 0), 0xffffffffu);
  ck_assert_int_eq(tw_exec(t, "v_zext_u64_u32 v[4:5], v6"), ISA_RUN);
  ck_assert_uint_eq(*tw_v(t, 4, 0), 0x80000000u);
  ck_assert_uint_eq(*tw_v(t, 5, 0), 0);
  t->s[30] = 2;
  t->s[31] = 0;
  ck_assert_int_eq(tw_exec(t, "v_cndmask_b64 v[4:5], 7, v[2:3], s[30:31]"), ISA_RUN);
  ck_assert_uint_eq(*tw_v(t, 4, 0), 7);
  ck_assert_uint_eq(*tw_v(t, 5, 0), 0);
  ck_assert_uint_eq(*tw_v(t, 4, 1), 0);
  ck_assert_uint_eq(*tw_v(t, 5, 1), 0x80000000u);
  /* 64-bit compares: signed vs unsigned on lane 1's 0x8000000000000000 */
  t->w.exec = 3;
  ck_assert_int_eq(tw_exec(t, "v_cmp_lt_i64 s[8:9], v[2:3], 0"), ISA_RUN);
  ck_assert_uint_eq(tw_s64(t, 8), 2);
  ck_assert_int_eq(tw_exec(t, "v_cmp_gt_u64 s[8:9], v[2:3], 0x1ffffffff"), ISA_RUN);
  ck_assert_uint_eq(tw_s64(t, 8), 2);
  ck_assert_int_eq(tw_exec(t, "v_cmp_eq_u64 s[8:9], v[2:3], 0x1ffffffff"), ISA_RUN);
  ck_assert_uint_eq(tw_s64(t, 8), 1);
  ck_assert_int_eq(tw_exec(t, "v_cmp_ge_i64 s[8:9], v[2:3], 0x1ffffffff"), ISA_RUN);
  ck_assert_uint_eq(tw_s64(t, 8), 1);
  tw_free(t);
}
END_TEST

START_TEST(test_float) {
  tw *t = tw_new(32, 1, 0);
  float nan = NAN, inf = INFINITY, den = 1e-45f;
  ck_assert_uint_eq(fop2(t, "v_add_f32", 1.5f, 2.25f), fbits(3.75f));
  ck_assert_uint_eq(fop2(t, "v_mul_f32", den, 2.0f), fbits(2.8e-45f)); /* denormals kept */
  ck_assert_uint_eq(fop2(t, "v_sub_f32", 1.0f, 1.0f), 0);
  ck_assert_uint_eq(fop2(t, "v_min_f32", nan, 3.0f), fbits(3.0f));
  ck_assert_uint_eq(fop2(t, "v_max_f32", 3.0f, nan), fbits(3.0f));
  ck_assert_uint_eq(fop2(t, "v_min_f32", -0.0f, 1.0f), fbits(-0.0f));
  ck_assert_uint_eq(fop2(t, "v_div_f32", 1.0f, 3.0f), fbits(1.0f / 3.0f));
  ck_assert_uint_eq(fop2(t, "v_div_f32", 1.0f, 0.0f), fbits(inf));
  ck_assert_uint_eq(fop1(t, "v_sqrt_f32", 2.0f), fbits(sqrtf(2.0f)));
  ck_assert(isnan(bitsf(fop1(t, "v_sqrt_f32", -1.0f))));
  ck_assert_uint_eq(fop1(t, "v_rsq_f32", 4.0f), fbits(0.5f));
  ck_assert_uint_eq(fop1(t, "v_rcp_f32", 4.0f), fbits(0.25f));
  ck_assert_uint_eq(fop1(t, "v_floor_f32", -1.5f), fbits(-2.0f));
  ck_assert_uint_eq(fop1(t, "v_ceil_f32", -1.5f), fbits(-1.0f));
  ck_assert_uint_eq(fop1(t, "v_trunc_f32", -1.5f), fbits(-1.0f));
  ck_assert_uint_eq(fop1(t, "v_rndne_f32", 2.5f), fbits(2.0f));
  ck_assert_uint_eq(fop1(t, "v_rndne_f32", 3.5f), fbits(4.0f));
  ck_assert_uint_eq(fop1(t, "v_exp_f32", 0.0f), fbits(1.0f));
  ck_assert_uint_eq(fop1(t, "v_exp2_f32", 10.0f), fbits(1024.0f));
  ck_assert_uint_eq(fop1(t, "v_log_f32", 1.0f), 0);
  ck_assert_uint_eq(fop1(t, "v_log2_f32", 0.125f), fbits(-3.0f));
  ck_assert_uint_eq(fop1(t, "v_sin_f32", 0.0f), 0);
  ck_assert_uint_eq(fop1(t, "v_cos_f32", 0.0f), fbits(1.0f));
  ck_assert_uint_eq(fop2(t, "v_fmod_f32", 7.5f, 2.0f), fbits(1.5f));
  ck_assert_uint_eq(fop2(t, "v_fmod_f32", -7.5f, 2.0f), fbits(-1.5f));
  ck_assert_uint_eq(fop2(t, "v_pow_f32", 2.0f, 10.0f), fbits(1024.0f));
  /* fma rounds once: (1+2^-12)^2 - 1 keeps the 2^-24 term */
  float a = 1.0f + 0x1p-12f;
  *tw_v(t, 10, 0) = fbits(a);
  ck_assert_int_eq(tw_exec(t, "v_fma_f32 v12, v10, v10, -1.0f"), ISA_RUN);
  ck_assert_uint_eq(*tw_v(t, 12, 0), fbits(0x1p-11f + 0x1p-24f));
  tw_free(t);
}
END_TEST

START_TEST(test_conversions) {
  tw *t = tw_new(32, 1, 0);
  ck_assert_uint_eq(fop1(t, "v_cvt_i32_f32", -1.9f), (uint32_t)-1);
  ck_assert_uint_eq(fop1(t, "v_cvt_i32_f32", 1.9f), 1);
  ck_assert_uint_eq(fop1(t, "v_cvt_i32_f32", 3e9f), 0x7fffffffu);
  ck_assert_uint_eq(fop1(t, "v_cvt_i32_f32", -3e9f), 0x80000000u);
  ck_assert_uint_eq(fop1(t, "v_cvt_i32_f32", -2147483648.0f), 0x80000000u);
  ck_assert_uint_eq(fop1(t, "v_cvt_i32_f32", NAN), 0);
  ck_assert_uint_eq(fop1(t, "v_cvt_i32_f32", INFINITY), 0x7fffffffu);
  ck_assert_uint_eq(fop1(t, "v_cvt_u32_f32", -0.5f), 0);
  ck_assert_uint_eq(fop1(t, "v_cvt_u32_f32", -5.0f), 0);
  ck_assert_uint_eq(fop1(t, "v_cvt_u32_f32", 4294967040.0f), 4294967040u);
  ck_assert_uint_eq(fop1(t, "v_cvt_u32_f32", 5e9f), 0xffffffffu);
  ck_assert_uint_eq(fop1(t, "v_cvt_u32_f32", NAN), 0);
  ck_assert_uint_eq(vop1(t, "v_cvt_f32_i32", (uint32_t)-3), fbits(-3.0f));
  ck_assert_uint_eq(vop1(t, "v_cvt_f32_u32", 0xffffffffu), fbits(4294967296.0f));
  ck_assert_uint_eq(vop1(t, "v_cvt_f32_i32", 16777217), fbits(16777216.0f)); /* nearest even */
  tw_free(t);
}
END_TEST

START_TEST(test_compares) {
  tw *t = tw_new(32, 0xff, 0);
  /* lanes: 0:(1,2) 1:(2,2) 2:(3,2) 3:(NaN,2) 4:(-1,2) 5..7:(0,0) */
  float A[8] = {1, 2, 3, NAN, -1, 0, 0, 0}, B[8] = {2, 2, 2, 2, 2, 0, 0, 0};
  for (unsigned i = 0; i < 8; i++) {
    tw_setf(t, 1, i, A[i]);
    tw_setf(t, 2, i, B[i]);
  }
  static const struct {
    const char *op;
    uint64_t mask;
  } fc[] = {
      {"v_cmp_oeq_f32", 0xe2}, {"v_cmp_one_f32", 0x15}, {"v_cmp_olt_f32", 0x11},
      {"v_cmp_ole_f32", 0xf3}, {"v_cmp_ogt_f32", 0x04}, {"v_cmp_oge_f32", 0xe6},
      {"v_cmp_ueq_f32", 0xea}, {"v_cmp_une_f32", 0x1d}, {"v_cmp_ult_f32", 0x19},
      {"v_cmp_ule_f32", 0xfb}, {"v_cmp_ugt_f32", 0x0c}, {"v_cmp_uge_f32", 0xee},
      {"v_cmp_o_f32", 0xf7},   {"v_cmp_u_f32", 0x08},
  };
  char text[64];
  for (unsigned k = 0; k < sizeof fc / sizeof fc[0]; k++) {
    snprintf(text, sizeof text, "%s s[4:5], v1, v2", fc[k].op);
    ck_assert_int_eq(tw_exec(t, text), ISA_RUN);
    ck_assert_msg(tw_s64(t, 4) == fc[k].mask, "%s: 0x%llx", fc[k].op,
                  (unsigned long long)tw_s64(t, 4));
  }
  /* integer compares on the same bits: -1.0f is 0xbf800000 (negative as i32) */
  static const struct {
    const char *op;
    uint64_t mask;
  } ic[] = {
      {"v_cmp_lt_i32", 0x11}, {"v_cmp_lt_u32", 0x01}, {"v_cmp_gt_u32", 0x1c},
      {"v_cmp_ge_i32", 0xee}, {"v_cmp_eq_u32", 0xe2}, {"v_cmp_ne_u32", 0x1d},
      {"v_cmp_le_i32", 0xf3}, {"v_cmp_le_u32", 0xe3}, {"v_cmp_gt_i32", 0x0c},
      {"v_cmp_ge_u32", 0xfe},
  };
  for (unsigned k = 0; k < sizeof ic / sizeof ic[0]; k++) {
    snprintf(text, sizeof text, "%s s[4:5], v1, v2", ic[k].op);
    ck_assert_int_eq(tw_exec(t, text), ISA_RUN);
    ck_assert_msg(tw_s64(t, 4) == ic[k].mask, "%s: 0x%llx", ic[k].op,
                  (unsigned long long)tw_s64(t, 4));
  }
  tw_free(t);
}
END_TEST

static Suite *suite(void) {
  Suite *s = suite_create("isa_alu");
  TCase *tc = tcase_create("core");
  tcase_add_test(tc, test_int32_edges);
  tcase_add_test(tc, test_broadcast_sources_and_lanes);
  tcase_add_test(tc, test_masking);
  tcase_add_test(tc, test_scalar_alu);
  tcase_add_test(tc, test_int64);
  tcase_add_test(tc, test_float);
  tcase_add_test(tc, test_conversions);
  tcase_add_test(tc, test_compares);
  suite_add_tcase(s, tc);
  return s;
}

int main(void) {
  return check_run(suite());
}
