/* Semantics of the extended bit operations and the 4x8-bit dot products
 * (isa/isa_sem_bits.c) with exact values: every offset/count edge of the
 * bitfield forms, and each dot product's sign combination at the byte and
 * saturation boundaries. */
#include <check.h>
#include <stdint.h>
#include <stdio.h>

#include "check_run.h"
#include "isa_test_util.h"

/* `op v13, v10, v11, v12` on lane 0 (a two-source op when c is NO_C). */
#define NO_C 0xdeadbeefcafeull
static uint32_t vop(tw *t, const char *op, uint32_t a, uint32_t b, uint64_t c) {
  char text[128];
  *tw_v(t, 10, 0) = a;
  *tw_v(t, 11, 0) = b;
  *tw_v(t, 12, 0) = (uint32_t)c;
  if (c == NO_C)
    snprintf(text, sizeof text, "%s v13, v10, v11", op);
  else
    snprintf(text, sizeof text, "%s v13, v10, v11, v12", op);
  ck_assert_int_eq(tw_exec(t, text), ISA_RUN);
  return *tw_v(t, 13, 0);
}

static uint32_t vop1(tw *t, const char *op, uint32_t a) {
  char text[128];
  *tw_v(t, 10, 0) = a;
  snprintf(text, sizeof text, "%s v13, v10", op);
  ck_assert_int_eq(tw_exec(t, text), ISA_RUN);
  return *tw_v(t, 13, 0);
}

static uint32_t bytes(int8_t b0, int8_t b1, int8_t b2, int8_t b3) {
  return (uint32_t)(uint8_t)b0 | (uint32_t)(uint8_t)b1 << 8 | (uint32_t)(uint8_t)b2 << 16 |
         (uint32_t)(uint8_t)b3 << 24;
}

START_TEST(test_bitfield_extract) {
  tw *t = tw_new(32, 1, 0);
  ck_assert_uint_eq(vop(t, "v_bfe_u32", 0xdeadbeefu, 8, 8), 0xbe);
  ck_assert_uint_eq(vop(t, "v_bfe_i32", 0xdeadbeefu, 8, 8), 0xffffffbeu);
  ck_assert_uint_eq(vop(t, "v_bfe_i32", 0xdeadbeefu, 12, 3), 0x3); /* 011: sign bit clear */
  ck_assert_uint_eq(vop(t, "v_bfe_i32", 0xdeadbeefu, 4, 4), 0xfffffffeu);
  /* count 0: 0 whatever the offset */
  ck_assert_uint_eq(vop(t, "v_bfe_u32", 0xffffffffu, 5, 0), 0);
  ck_assert_uint_eq(vop(t, "v_bfe_i32", 0xffffffffu, 5, 0), 0);
  ck_assert_uint_eq(vop(t, "v_bfe_i32", 0xffffffffu, 32, 0), 0);
  /* offset + count = 32, the whole word and the top bit alone */
  ck_assert_uint_eq(vop(t, "v_bfe_u32", 0x80000001u, 0, 32), 0x80000001u);
  ck_assert_uint_eq(vop(t, "v_bfe_i32", 0x80000001u, 0, 32), 0x80000001u);
  ck_assert_uint_eq(vop(t, "v_bfe_u32", 0x80000000u, 31, 1), 1);
  ck_assert_uint_eq(vop(t, "v_bfe_i32", 0x80000000u, 31, 1), 0xffffffffu);
  ck_assert_uint_eq(vop(t, "v_bfe_i32", 0x40000000u, 1, 30), 0xe0000000u);
  /* out of range (undefined in OpenCL): clamped to the field that fits */
  ck_assert_uint_eq(vop(t, "v_bfe_u32", 0xf0000000u, 28, 100), 0xf);
  ck_assert_uint_eq(vop(t, "v_bfe_i32", 0xf0000000u, 28, 100), 0xffffffffu);
  ck_assert_uint_eq(vop(t, "v_bfe_u32", 0xffffffffu, 33, 4), 0);
  ck_assert_uint_eq(vop(t, "v_bfe_u32", 0xffffffffu, 0xffffffffu, 0xffffffffu), 0);
  tw_free(t);
}
END_TEST

START_TEST(test_bitfield_mask_insert_reverse) {
  tw *t = tw_new(32, 1, 0);
  ck_assert_uint_eq(vop(t, "v_bfm_b32", 4, 8, NO_C), 0xf00); /* count, offset */
  ck_assert_uint_eq(vop(t, "v_bfm_b32", 0, 8, NO_C), 0);
  ck_assert_uint_eq(vop(t, "v_bfm_b32", 32, 0, NO_C), 0xffffffffu);
  ck_assert_uint_eq(vop(t, "v_bfm_b32", 1, 31, NO_C), 0x80000000u);
  ck_assert_uint_eq(vop(t, "v_bfm_b32", 8, 28, NO_C), 0xf0000000u); /* clamped */
  ck_assert_uint_eq(vop(t, "v_bfm_b32", 8, 32, NO_C), 0);
  ck_assert_uint_eq(vop(t, "v_bfm_b32", 0xffffffffu, 0xffffffffu, NO_C), 0);
  ck_assert_uint_eq(vop(t, "v_bfi_b32", 0x0ff0u, 0x1234u, 0xabcdu), 0xa23du);
  ck_assert_uint_eq(vop(t, "v_bfi_b32", 0, 0xffffffffu, 0x5555u), 0x5555u);
  ck_assert_uint_eq(vop(t, "v_bfi_b32", 0xffffffffu, 0x1u, 0x5555u), 1);
  ck_assert_uint_eq(vop1(t, "v_bfrev_b32", 1), 0x80000000u);
  ck_assert_uint_eq(vop1(t, "v_bfrev_b32", 0x12345678u), 0x1e6a2c48u);
  ck_assert_uint_eq(vop1(t, "v_bfrev_b32", 0), 0);
  ck_assert_uint_eq(vop1(t, "v_bfrev_b32", 0xffffffffu), 0xffffffffu);
  tw_free(t);
}
END_TEST

START_TEST(test_dot4) {
  tw *t = tw_new(32, 1, 0);
  uint32_t a = bytes(1, -2, 3, -128), b = bytes(127, 5, -1, -128);
  /* signed: 127 - 10 - 3 + 16384; unsigned: bytes 1, 254, 3, 128 times 127, 5, 255, 128 */
  ck_assert_uint_eq(vop(t, "v_dot4_i32_i8", a, b, 10), 16498 + 10);
  ck_assert_uint_eq(vop(t, "v_dot4_u32_u8", a, b, 10), 127 + 1270 + 765 + 16384 + 10);
  /* mixed: a signed, b unsigned: 1*127 - 2*5 + 3*255 - 128*128 */
  ck_assert_uint_eq(vop(t, "v_dot4_i32_iu8", a, b, 10), (uint32_t)(127 - 10 + 765 - 16384 + 10));
  /* extremes: four (-128)^2 = 65536; four 255^2 = 260100; four -128*255 */
  uint32_t m = bytes(-128, -128, -128, -128), ff = 0xffffffffu;
  ck_assert_uint_eq(vop(t, "v_dot4_i32_i8", m, m, 0), 65536);
  ck_assert_uint_eq(vop(t, "v_dot4_u32_u8", ff, ff, 0), 260100);
  ck_assert_uint_eq(vop(t, "v_dot4_i32_iu8", m, ff, 0), (uint32_t)-130560);
  ck_assert_uint_eq(vop(t, "v_dot4_i32_iu8", ff, m, 0), (uint32_t)-512); /* -1 * 128, four times */
  tw_free(t);
}
END_TEST

START_TEST(test_dot4_accumulate_wraps_or_saturates) {
  tw *t = tw_new(32, 1, 0);
  uint32_t m = bytes(-128, -128, -128, -128), one = bytes(1, 0, 0, 0), ff = 0xffffffffu;
  /* plain forms wrap */
  ck_assert_uint_eq(vop(t, "v_dot4_i32_i8", one, one, (uint32_t)INT32_MAX), (uint32_t)INT32_MIN);
  ck_assert_uint_eq(vop(t, "v_dot4_u32_u8", ff, ff, 0xffffffffu), 260099);
  /* saturating: only the final accumulate clamps */
  ck_assert_uint_eq(vop(t, "v_dot4_sat_i32_i8", one, one, (uint32_t)INT32_MAX), INT32_MAX);
  ck_assert_uint_eq(vop(t, "v_dot4_sat_i32_i8", one, one, INT32_MAX - 1), INT32_MAX);
  ck_assert_uint_eq(vop(t, "v_dot4_sat_i32_i8", m, bytes(127, 0, 0, 0), (uint32_t)INT32_MIN),
                    (uint32_t)INT32_MIN);
  ck_assert_uint_eq(vop(t, "v_dot4_sat_i32_i8", m, m, (uint32_t)INT32_MIN),
                    (uint32_t)(INT32_MIN + 65536));
  ck_assert_uint_eq(vop(t, "v_dot4_sat_u32_u8", ff, ff, 0xffffffffu - 260100), 0xffffffffu);
  ck_assert_uint_eq(vop(t, "v_dot4_sat_u32_u8", ff, ff, 0xffffffffu - 260099), 0xffffffffu);
  ck_assert_uint_eq(vop(t, "v_dot4_sat_u32_u8", ff, ff, 0xffffffffu - 260101), 0xfffffffeu);
  ck_assert_uint_eq(vop(t, "v_dot4_sat_u32_u8", 0, 0, 0xffffffffu), 0xffffffffu);
  ck_assert_uint_eq(vop(t, "v_dot4_sat_i32_iu8", m, ff, (uint32_t)INT32_MIN), (uint32_t)INT32_MIN);
  ck_assert_uint_eq(vop(t, "v_dot4_sat_i32_iu8", m, ff, (uint32_t)(INT32_MIN + 130560)),
                    (uint32_t)INT32_MIN);
  ck_assert_uint_eq(vop(t, "v_dot4_sat_i32_iu8", m, ff, (uint32_t)(INT32_MIN + 130561)),
                    (uint32_t)INT32_MIN + 1);
  ck_assert_uint_eq(vop(t, "v_dot4_sat_i32_iu8", bytes(127, 127, 127, 127), ff, INT32_MAX - 5),
                    INT32_MAX);
  tw_free(t);
}
END_TEST

/* Every lane computes its own result; inactive lanes keep theirs. */
START_TEST(test_lanes_and_exec) {
  tw *t = tw_new(64, 0x5, 0);
  for (unsigned l = 0; l < 64; l++) {
    *tw_v(t, 1, l) = 0x01010101u * l;
    *tw_v(t, 2, l) = 0x02020202u;
    *tw_v(t, 3, l) = 77;
  }
  ck_assert_int_eq(tw_exec(t, "v_dot4_u32_u8 v3, v1, v2, 100"), ISA_RUN);
  ck_assert_uint_eq(*tw_v(t, 3, 0), 100);
  ck_assert_uint_eq(*tw_v(t, 3, 1), 77);
  ck_assert_uint_eq(*tw_v(t, 3, 2), 100 + 4 * 2 * 2);
  ck_assert_uint_eq(*tw_v(t, 3, 3), 77);
  tw_free(t);
}
END_TEST

static Suite *suite(void) {
  Suite *s = suite_create("isa_bits");
  TCase *tc = tcase_create("core");
  tcase_add_test(tc, test_bitfield_extract);
  tcase_add_test(tc, test_bitfield_mask_insert_reverse);
  tcase_add_test(tc, test_dot4);
  tcase_add_test(tc, test_dot4_accumulate_wraps_or_saturates);
  tcase_add_test(tc, test_lanes_and_exec);
  suite_add_tcase(s, tc);
  return s;
}

int main(void) {
  return check_run(suite());
}
