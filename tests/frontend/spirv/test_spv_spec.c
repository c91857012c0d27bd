/* Tests for frontend/spirv/spv_spec.c: the size a SpecId takes, setting
 * values, freezing specialization constants, and the build-time evaluation
 * of OpSpecConstantOp, edge cases included (results SPIR-V leaves undefined
 * fold to 0; float to integer conversions saturate, NaN to 0, as the
 * device converts). Modules are written word by word here. */
#include <check.h>
#include <math.h>
#include <spirv/unified1/spirv.h>
#include <stdlib.h>
#include <string.h>

#include "fe.h"

/* A module under construction: the header, then instructions. */
typedef struct mod {
  uint32_t w[512];
  size_t n;
} mod;

enum { T_BOOL = 1, T_I8, T_I32, T_I64, T_F32, T_F64, FIRST_FREE };

static void ins(mod *m, SpvOp op, unsigned nw, const uint32_t *words) {
  m->w[m->n++] = (uint32_t)((nw + 1) << 16) | op;
  for (unsigned k = 0; k < nw; k++) m->w[m->n++] = words[k];
}

/* The header and the scalar types every case uses. */
static void begin(mod *m) {
  uint32_t h[5] = {SpvMagicNumber, 0x00010000u, 0, 4096, 0};
  memcpy(m->w, h, sizeof h);
  m->n = 5;
  ins(m, SpvOpTypeBool, 1, (uint32_t[]){T_BOOL});
  ins(m, SpvOpTypeInt, 3, (uint32_t[]){T_I8, 8, 0});
  ins(m, SpvOpTypeInt, 3, (uint32_t[]){T_I32, 32, 0});
  ins(m, SpvOpTypeInt, 3, (uint32_t[]){T_I64, 64, 0});
  ins(m, SpvOpTypeFloat, 2, (uint32_t[]){T_F32, 32});
  ins(m, SpvOpTypeFloat, 2, (uint32_t[]){T_F64, 64});
}

static uint32_t k32(mod *m, uint32_t id, uint32_t type, uint32_t v) {
  ins(m, SpvOpConstant, 3, (uint32_t[]){type, id, v});
  return id;
}

static uint32_t k64(mod *m, uint32_t id, uint32_t type, uint64_t v) {
  ins(m, SpvOpConstant, 4, (uint32_t[]){type, id, (uint32_t)v, (uint32_t)(v >> 32)});
  return id;
}

static uint32_t f32(float f) {
  uint32_t b;
  memcpy(&b, &f, 4);
  return b;
}

static uint64_t f64(double d) {
  uint64_t b;
  memcpy(&b, &d, 8);
  return b;
}

/* The specialised module's definition of `id`: its opcode and value
 * (OpConstantTrue/False: 1/0). Fails the test when absent. */
static SpvOp find(const uint32_t *w, size_t n, uint32_t id, uint64_t *v) {
  for (size_t at = 5; at < n;) {
    uint32_t wc = w[at] >> 16;
    SpvOp op = (SpvOp)(w[at] & 0xFFFF);
    ck_assert_uint_gt(wc, 0);
    if (op == SpvOpDecorate) ck_assert_uint_ne(w[at + 2], SpvDecorationSpecId);
    ck_assert(op != SpvOpSpecConstant && op != SpvOpSpecConstantTrue &&
              op != SpvOpSpecConstantFalse && op != SpvOpSpecConstantComposite);
    if ((op == SpvOpConstant || op == SpvOpConstantTrue || op == SpvOpConstantFalse ||
         op == SpvOpSpecConstantOp) &&
        w[at + 2] == id) {
      *v = op == SpvOpConstant       ? w[at + 3] | (wc == 5 ? (uint64_t)w[at + 4] << 32 : 0)
           : op == SpvOpConstantTrue ? 1
                                     : 0;
      return op;
    }
    at += wc;
  }
  ck_abort_msg("id %u not defined", id);
  return SpvOpNop;
}

/* One OpSpecConstantOp: opcode, result type, operand ids, expected bits. */
typedef struct opcase {
  SpvOp opc;
  uint32_t rt;
  unsigned nop;
  uint32_t a, b, c;
  uint64_t want;
} opcase;

START_TEST(spec_constant_ops_fold) {
  mod m;
  begin(&m);
  uint32_t i7 = k32(&m, 100, T_I32, 7), i3 = k32(&m, 101, T_I32, 3), im7 = k32(&m, 102, T_I32, -7u),
           im3 = k32(&m, 103, T_I32, -3u), imin = k32(&m, 104, T_I32, 0x80000000u),
           im1 = k32(&m, 105, T_I32, 0xFFFFFFFFu), i0 = k32(&m, 106, T_I32, 0),
           i32 = k32(&m, 107, T_I32, 32), b8 = k32(&m, 108, T_I8, 0xFF);
  uint32_t fnan = k32(&m, 110, T_F32, 0x7FC00000u), fbig = k32(&m, 111, T_F32, f32(1e10f)),
           fm1 = k32(&m, 112, T_F32, f32(-1.0f)), fm75 = k32(&m, 113, T_F32, f32(-7.5f)),
           f2 = k32(&m, 114, T_F32, f32(2.0f)), fhalf = k32(&m, 115, T_F32, f32(0.1f));
  uint32_t l = k64(&m, 120, T_I64, (1ull << 24) + 1), d3 = k64(&m, 121, T_F64, f64(3.0));
  ins(&m, SpvOpConstantTrue, 2, (uint32_t[]){T_BOOL, 130});
  ins(&m, SpvOpConstantFalse, 2, (uint32_t[]){T_BOOL, 131});
  const opcase cases[] = {
      {SpvOpIAdd, T_I32, 2, i7, im3, 0, 4},
      {SpvOpISub, T_I32, 2, i3, i7, 0, (uint32_t)-4},
      {SpvOpIMul, T_I32, 2, imin, im1, 0, 0x80000000u},
      {SpvOpUDiv, T_I32, 2, i7, i0, 0, 0},    /* by zero: undefined, 0 */
      {SpvOpSDiv, T_I32, 2, imin, im1, 0, 0}, /* overflows: undefined, 0 */
      {SpvOpSDiv, T_I32, 2, im7, i3, 0, (uint32_t)-2},
      {SpvOpSRem, T_I32, 2, im7, i3, 0, (uint32_t)-1}, /* the dividend's sign */
      {SpvOpSMod, T_I32, 2, im7, i3, 0, 2},            /* the divisor's sign */
      {SpvOpSMod, T_I32, 2, i7, im3, 0, (uint32_t)-2},
      {SpvOpUMod, T_I32, 2, i7, i3, 0, 1},
      {SpvOpShiftLeftLogical, T_I32, 2, i7, i32, 0, 0}, /* by the width: undefined, 0 */
      {SpvOpShiftLeftLogical, T_I32, 2, i7, i3, 0, 56},
      {SpvOpShiftRightArithmetic, T_I32, 2, im7, i3, 0, (uint32_t)-1},
      {SpvOpShiftRightLogical, T_I32, 2, imin, i3, 0, 0x10000000u},
      {SpvOpNot, T_I32, 1, i0, 0, 0, 0xFFFFFFFFu},
      {SpvOpSNegate, T_I32, 1, i7, 0, 0, (uint32_t)-7},
      {SpvOpSConvert, T_I32, 1, b8, 0, 0, 0xFFFFFFFFu},
      {SpvOpUConvert, T_I32, 1, b8, 0, 0, 0xFF},
      {SpvOpUConvert, T_I8, 1, i7, 0, 0, 7},
      {SpvOpSLessThan, T_BOOL, 2, im7, i3, 0, 1},
      {SpvOpULessThan, T_BOOL, 2, im7, i3, 0, 0},
      {SpvOpIEqual, T_BOOL, 2, i7, i7, 0, 1},
      {SpvOpLogicalNot, T_BOOL, 1, 130, 0, 0, 0},
      {SpvOpLogicalOr, T_BOOL, 2, 130, 131, 0, 1},
      {SpvOpSelect, T_I32, 3, 131, i7, i3, 3},
      {SpvOpConvertFToS, T_I32, 1, fnan, 0, 0, 0},              /* NaN: 0 */
      {SpvOpConvertFToS, T_I32, 1, fbig, 0, 0, 0x7FFFFFFFu},    /* saturates */
      {SpvOpConvertFToU, T_I32, 1, fm1, 0, 0, 0},               /* saturates */
      {SpvOpConvertFToS, T_I32, 1, fm75, 0, 0, (uint32_t)-7},   /* toward zero */
      {SpvOpConvertSToF, T_F32, 1, l, 0, 0, f32(16777216.0f)},  /* rounded once */
      {SpvOpFMod, T_F32, 2, fm75, f2, 0, f32(0.5f)},            /* the divisor's sign */
      {SpvOpFRem, T_F32, 2, fm75, f2, 0, f32(-1.5f)},           /* the dividend's sign */
      {SpvOpFAdd, T_F32, 2, fhalf, fhalf, 0, f32(0.1f + 0.1f)}, /* in float */
      {SpvOpFNegate, T_F32, 1, f2, 0, 0, f32(-2.0f)},
      {SpvOpFConvert, T_F64, 1, fhalf, 0, 0, f64((double)0.1f)},
      {SpvOpFMul, T_F64, 2, d3, d3, 0, f64(9.0)},
  };
  size_t ncases = sizeof cases / sizeof cases[0];
  for (size_t k = 0; k < ncases; k++) {
    uint32_t words[6] = {cases[k].rt, 200 + (uint32_t)k, cases[k].opc,
                         cases[k].a,  cases[k].b,        cases[k].c};
    ins(&m, SpvOpSpecConstantOp, 3 + cases[k].nop, words);
  }
  size_t n = 0;
  uint32_t *o = fe_spirv_specialize(m.w, m.n, NULL, 0, &n);
  ck_assert_ptr_nonnull(o);
  ck_assert_uint_le(n, m.n); /* scalars only: no new constants */
  for (size_t k = 0; k < ncases; k++) {
    uint64_t v = 0;
    SpvOp op = find(o, n, 200 + (uint32_t)k, &v);
    ck_assert_msg(op != SpvOpSpecConstantOp, "case %zu (opcode %d) not folded", k, cases[k].opc);
    ck_assert_msg(v == cases[k].want, "case %zu (opcode %d): 0x%llx, want 0x%llx", k, cases[k].opc,
                  (unsigned long long)v, (unsigned long long)cases[k].want);
  }
  free(o);
}
END_TEST

/* SpecIds: their sizes (1 for a boolean), values set (the last set of one
 * SpecId wins, a boolean true when not zero), defaults kept, a composite of
 * them, an OpSpecConstantOp over a set one, an unknown SpecId and a module
 * cut short answering 0. */
START_TEST(spec_ids_set_and_freeze) {
  mod m;
  begin(&m);
  ins(&m, SpvOpDecorate, 3, (uint32_t[]){300, SpvDecorationSpecId, 1});
  ins(&m, SpvOpDecorate, 3, (uint32_t[]){301, SpvDecorationSpecId, 2});
  ins(&m, SpvOpDecorate, 3, (uint32_t[]){302, SpvDecorationSpecId, 3});
  ins(&m, SpvOpDecorate, 3, (uint32_t[]){303, SpvDecorationSpecId, 4});
  ins(&m, SpvOpSpecConstant, 3, (uint32_t[]){T_I32, 300, 7});
  ins(&m, SpvOpSpecConstantTrue, 2, (uint32_t[]){T_BOOL, 301});
  ins(&m, SpvOpSpecConstant, 4, (uint32_t[]){T_I64, 302, 1, 2});
  ins(&m, SpvOpSpecConstantFalse, 2, (uint32_t[]){T_BOOL, 303});
  k32(&m, 304, T_I32, 10);
  ins(&m, SpvOpSpecConstantOp, 5, (uint32_t[]){T_I32, 305, SpvOpIAdd, 300, 304});
  ins(&m, SpvOpSpecConstantComposite, 4, (uint32_t[]){T_I32 /* any type */, 306, 300, 305});
  ck_assert_uint_eq(fe_spirv_spec_size(m.w, m.n, 1), 4);
  ck_assert_uint_eq(fe_spirv_spec_size(m.w, m.n, 2), 1);
  ck_assert_uint_eq(fe_spirv_spec_size(m.w, m.n, 3), 8);
  ck_assert_uint_eq(fe_spirv_spec_size(m.w, m.n, 4), 1);
  ck_assert_uint_eq(fe_spirv_spec_size(m.w, m.n, 5), 0);      /* no such SpecId */
  ck_assert_uint_eq(fe_spirv_spec_size(m.w, 4, 1), 0);        /* no header */
  ck_assert_uint_eq(fe_spirv_spec_size(m.w, m.n - 30, 2), 0); /* cut before its constant */
  fe_spec_value vals[] = {{1, 4, 99}, {2, 1, 0}, {1, 4, 20}, {4, 1, 0x80}};
  size_t n = 0;
  uint32_t *o = fe_spirv_specialize(m.w, m.n, vals, 4, &n);
  ck_assert_ptr_nonnull(o);
  uint64_t v;
  ck_assert_int_eq(find(o, n, 300, &v), SpvOpConstant);
  ck_assert_uint_eq(v, 20);
  ck_assert_int_eq(find(o, n, 301, &v), SpvOpConstantFalse);
  ck_assert_int_eq(find(o, n, 302, &v), SpvOpConstant);
  ck_assert_uint_eq(v, 0x200000001ull); /* the default */
  ck_assert_int_eq(find(o, n, 303, &v), SpvOpConstantTrue);
  ck_assert_int_eq(find(o, n, 305, &v), SpvOpConstant);
  ck_assert_uint_eq(v, 30);
  free(o);
  /* a big-endian module reads the same */
  mod be = m;
  for (size_t k = 0; k < be.n; k++)
    be.w[k] =
        (m.w[k] >> 24) | ((m.w[k] >> 8) & 0xFF00u) | ((m.w[k] << 8) & 0xFF0000u) | (m.w[k] << 24);
  ck_assert_uint_eq(fe_spirv_spec_size(be.w, be.n, 3), 8);
  o = fe_spirv_specialize(be.w, be.n, vals, 4, &n);
  ck_assert_ptr_nonnull(o);
  ck_assert_uint_eq(o[0], SpvMagicNumber);
  ck_assert_int_eq(find(o, n, 300, &v), SpvOpConstant);
  ck_assert_uint_eq(v, 20);
  free(o);
}
END_TEST

/* The components of vector constant `id` in the specialised module (an
 * OpConstantComposite of scalar constants): their count; fails the test
 * when it is not one. */
static unsigned findvec(const uint32_t *w, size_t n, uint32_t id, uint64_t *v) {
  for (size_t at = 5; at < n; at += w[at] >> 16) {
    ck_assert_uint_gt(w[at] >> 16, 0);
    if ((w[at] & 0xFFFF) != SpvOpConstantComposite || w[at + 2] != id) continue;
    unsigned nc = (w[at] >> 16) - 3;
    for (unsigned k = 0; k < nc; k++) {
      SpvOp op = find(w, n, w[at + 3 + k], &v[k]);
      ck_assert_msg(op != SpvOpSpecConstantOp, "component %u of %u not folded", k, id);
    }
    return nc;
  }
  ck_abort_msg("vector %u not defined (not folded?)", id);
  return 0;
}

enum { T_V2I32 = 40, T_V4I32, T_V4BOOL, T_V2F32, T_F16, T_V2F16, T_V2I8, T_S, T_V2BOOL };

/* OpSpecConstantOp on vectors, evaluated component by component with the
 * scalar evaluator (IAdd, comparisons, Select with a vector and a scalar
 * condition, conversions to half with its rounding and range), the shape
 * operations (VectorShuffle with an undefined component, CompositeExtract
 * and CompositeInsert through a struct, Bitcast between a vector and a
 * scalar), a fold over a fold, and a set SpecId in a vector composite. The
 * module grows: vector results get component constants under new ids. */
START_TEST(spec_vector_ops_fold) {
  mod m;
  begin(&m);
  ins(&m, SpvOpTypeVector, 3, (uint32_t[]){T_V2I32, T_I32, 2});
  ins(&m, SpvOpTypeVector, 3, (uint32_t[]){T_V4I32, T_I32, 4});
  ins(&m, SpvOpTypeVector, 3, (uint32_t[]){T_V4BOOL, T_BOOL, 4});
  ins(&m, SpvOpTypeVector, 3, (uint32_t[]){T_V2F32, T_F32, 2});
  ins(&m, SpvOpTypeFloat, 2, (uint32_t[]){T_F16, 16});
  ins(&m, SpvOpTypeVector, 3, (uint32_t[]){T_V2F16, T_F16, 2});
  ins(&m, SpvOpTypeVector, 3, (uint32_t[]){T_V2I8, T_I8, 2});
  ins(&m, SpvOpTypeStruct, 3, (uint32_t[]){T_S, T_V2F32, T_I32});
  ins(&m, SpvOpTypeVector, 3, (uint32_t[]){T_V2BOOL, T_BOOL, 2});
  ins(&m, SpvOpDecorate, 3, (uint32_t[]){109, SpvDecorationSpecId, 9});
  k32(&m, 100, T_I32, 1), k32(&m, 101, T_I32, 2), k32(&m, 102, T_I32, 3);
  k32(&m, 103, T_I32, 0xFFFFFFFFu), k32(&m, 104, T_I32, 10), k32(&m, 105, T_I32, 20);
  k32(&m, 106, T_I32, 30), k32(&m, 107, T_I32, 99), k32(&m, 108, T_I32, 0x1234);
  ins(&m, SpvOpSpecConstant, 3, (uint32_t[]){T_I32, 109, 4}); /* set to 5 below */
  k32(&m, 110, T_F32, f32(1.5f)), k32(&m, 111, T_F32, f32(70000.0f));
  k32(&m, 112, T_F32, f32(1e-7f)), k32(&m, 113, T_F32, f32(65519.0f));
  k32(&m, 114, T_F16, 0x3C00); /* 1.0 */
  ins(&m, SpvOpConstantTrue, 2, (uint32_t[]){T_BOOL, 115});
  ins(&m, SpvOpConstantFalse, 2, (uint32_t[]){T_BOOL, 116});
  ins(&m, SpvOpConstantComposite, 6, (uint32_t[]){T_V4I32, 120, 100, 101, 102, 103});
  ins(&m, SpvOpConstantComposite, 6, (uint32_t[]){T_V4I32, 121, 104, 105, 106, 100});
  ins(&m, SpvOpConstantComposite, 4, (uint32_t[]){T_V2F32, 122, 110, 111});
  ins(&m, SpvOpConstantComposite, 4, (uint32_t[]){T_V2F32, 123, 112, 113});
  ins(&m, SpvOpConstantComposite, 4, (uint32_t[]){T_S, 124, 122, 108});
  ins(&m, SpvOpConstantComposite, 4, (uint32_t[]){T_V2I32, 125, 100, 101});
  ins(&m, SpvOpSpecConstantComposite, 4, (uint32_t[]){T_V2I32, 126, 109, 108});
  ins(&m, SpvOpConstantComposite, 4, (uint32_t[]){T_V2F16, 127, 114, 114});
  ins(&m, SpvOpSpecConstantOp, 5, (uint32_t[]){T_V4I32, 200, SpvOpIAdd, 120, 121});
  ins(&m, SpvOpSpecConstantOp, 5, (uint32_t[]){T_V4BOOL, 201, SpvOpSLessThan, 120, 121});
  ins(&m, SpvOpSpecConstantOp, 6, (uint32_t[]){T_V4I32, 202, SpvOpSelect, 201, 120, 121});
  ins(&m, SpvOpSpecConstantOp, 6, (uint32_t[]){T_V4I32, 203, SpvOpSelect, 116, 120, 121});
  ins(&m, SpvOpSpecConstantOp, 9,
      (uint32_t[]){T_V4I32, 204, SpvOpVectorShuffle, 120, 121, 7, 0, 0xFFFFFFFFu, 2});
  ins(&m, SpvOpSpecConstantOp, 5, (uint32_t[]){T_I32, 205, SpvOpCompositeExtract, 200, 2});
  ins(&m, SpvOpSpecConstantOp, 6, (uint32_t[]){T_V4I32, 206, SpvOpCompositeInsert, 107, 120, 1});
  ins(&m, SpvOpSpecConstantOp, 6, (uint32_t[]){T_F32, 207, SpvOpCompositeExtract, 124, 0, 1});
  ins(&m, SpvOpSpecConstantOp, 7, (uint32_t[]){T_S, 208, SpvOpCompositeInsert, 110, 124, 0, 1});
  ins(&m, SpvOpSpecConstantOp, 4, (uint32_t[]){T_I64, 209, SpvOpBitcast, 125});
  ins(&m, SpvOpSpecConstantOp, 4, (uint32_t[]){T_V2I32, 210, SpvOpBitcast, 209});
  ins(&m, SpvOpSpecConstantOp, 4, (uint32_t[]){T_V2F16, 211, SpvOpFConvert, 122});
  ins(&m, SpvOpSpecConstantOp, 4, (uint32_t[]){T_V2F16, 212, SpvOpFConvert, 123});
  ins(&m, SpvOpSpecConstantOp, 5, (uint32_t[]){T_V2F16, 213, SpvOpFAdd, 127, 127});
  ins(&m, SpvOpSpecConstantOp, 4, (uint32_t[]){T_V2I8, 214, SpvOpUConvert, 126});
  ins(&m, SpvOpSpecConstantOp, 4, (uint32_t[]){T_V2F32, 215, SpvOpConvertSToF, 125});
  ins(&m, SpvOpSpecConstantOp, 5, (uint32_t[]){T_V2F32, 216, SpvOpFMul, 215, 122});
  ins(&m, SpvOpSpecConstantOp, 5, (uint32_t[]){T_V2I32, 217, SpvOpIMul, 126, 125});
  fe_spec_value set = {9, 4, 5};
  size_t n = 0;
  uint32_t *o = fe_spirv_specialize(m.w, m.n, &set, 1, &n);
  ck_assert_ptr_nonnull(o);
  ck_assert_uint_gt(o[3], m.w[3]); /* component constants under new ids */
  const struct {
    uint32_t id;
    unsigned n;
    uint64_t v[4];
  } want[] = {
      {200, 4, {11, 22, 33, 0}},
      {201, 4, {1, 1, 1, 1}}, /* -1 < 1 signed */
      {202, 4, {1, 2, 3, 0xFFFFFFFFu}},
      {203, 4, {10, 20, 30, 1}},
      {204, 4, {1, 1, 0, 3}}, /* 0xFFFFFFFF: undefined, 0 */
      {206, 4, {1, 99, 3, 0xFFFFFFFFu}},
      {210, 2, {1, 2}},
      {211, 2, {0x3E00, 0x7C00}}, /* 1.5; 70000 past the largest half: inf */
      {212, 2, {0x0002, 0x7BFF}}, /* a subnormal; 65519 rounds down to 65504 */
      {213, 2, {0x4000, 0x4000}}, /* 1 + 1 in half */
      {214, 2, {5, 0x34}},        /* the SpecId set; truncated */
      {216, 2, {f32(1.5f), f32(140000.0f)}},
      {217, 2, {5, 0x2468}},
  };
  for (size_t k = 0; k < sizeof want / sizeof want[0]; k++) {
    uint64_t v[16];
    ck_assert_uint_eq(findvec(o, n, want[k].id, v), want[k].n);
    for (unsigned c = 0; c < want[k].n; c++)
      ck_assert_msg(v[c] == want[k].v[c], "%%%u[%u] = 0x%llx, want 0x%llx", want[k].id, c,
                    (unsigned long long)v[c], (unsigned long long)want[k].v[c]);
  }
  uint64_t v;
  ck_assert_int_eq(find(o, n, 205, &v), SpvOpConstant);
  ck_assert_uint_eq(v, 33);
  ck_assert_int_eq(find(o, n, 207, &v), SpvOpConstant);
  ck_assert_uint_eq(v, f32(70000.0f));
  ck_assert_int_eq(find(o, n, 209, &v), SpvOpConstant);
  ck_assert_uint_eq(v, 0x200000001ull);
  /* the struct with {1.5, 1.5} as its vector: a new vector under a new id */
  uint32_t comp = 0, member = 0;
  for (size_t at = 5; at < n; at += o[at] >> 16)
    if ((o[at] & 0xFFFF) == SpvOpConstantComposite && o[at + 2] == 208)
      comp = o[at + 3], member = o[at + 4];
  ck_assert_uint_ge(comp, m.w[3]);
  ck_assert_uint_eq(member, 108);
  uint64_t sv[16];
  ck_assert_uint_eq(findvec(o, n, comp, sv), 2);
  ck_assert_uint_eq(sv[0], f32(1.5f));
  ck_assert_uint_eq(sv[1], f32(1.5f));
  free(o);
}
END_TEST

int main(void) {
  Suite *s = suite_create("spv_spec");
  TCase *tc = tcase_create("spec");
  tcase_add_test(tc, spec_constant_ops_fold);
  tcase_add_test(tc, spec_ids_set_and_freeze);
  tcase_add_test(tc, spec_vector_ops_fold);
  suite_add_tcase(s, tc);
  SRunner *sr = srunner_create(s);
  srunner_run_all(sr, CK_NORMAL);
  int failed = srunner_ntests_failed(sr);
  srunner_free(sr);
  return failed ? 1 : 0;
}
