/* Division by a constant (passes/div_const.c): the multipliers give the
 * exact quotient for every divisor tried and every edge-case dividend, and a
 * real kernel's 32-bit divisions and remainders by constants compile to no
 * IDIV instruction and compute what C computes. */
#include <check.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "be.h"
#include "be_testlib.h"
#include "check_run.h"
#include "isa.h"
#include "pass.h"

/* Dividends: the edges of both readings of 32 bits, values next to
 * multiples of d, and a fixed pseudo-random spread. */
static uint32_t dividend(uint32_t d, unsigned i) {
  static const uint32_t edge[] = {0u,          1u,          2u,          3u,          0x7ffffffeu,
                                  0x7fffffffu, 0x80000000u, 0x80000001u, 0xfffffffeu, 0xffffffffu};
  const unsigned ne = sizeof edge / sizeof edge[0];
  if (i < ne) return edge[i];
  i -= ne;
  if (i < 12) { /* k*d - 1, k*d, k*d + 1 for k = 1 and the largest multiples */
    const uint64_t k = i < 6 ? 1 : 0xffffffffull / d - (i - 6) / 3;
    return (uint32_t)(k * d + (i % 3) - 1);
  }
  uint32_t s = (i + 1) * 2654435761u ^ d * 40503u;
  s ^= s >> 15, s *= 0x2c1b3c6du, s ^= s >> 12;
  return s;
}

static uint32_t udiv_seq(uint32_t x, uint32_t d) {
  uint32_t m;
  unsigned s;
  if (!pass_udiv_magic(d, &m, &s)) return (uint32_t)(((uint64_t)x * m) >> 32) >> s;
  const uint32_t t = (uint32_t)(((uint64_t)x * m) >> 32);
  return (((x - t) >> 1) + t) >> (s - 1);
}

static int32_t sdiv_seq(int32_t x, uint32_t ad) {
  uint32_t m;
  unsigned s;
  pass_sdiv_magic(ad, &m, &s);
  const int64_t p = (int64_t)x * (int64_t)(uint64_t)m; /* |p| < 2^63 */
  int64_t t = p >> (32 + s);                           /* floor */
  return (int32_t)(t + (x < 0));
}

static const uint32_t big_divisors[] = {641u,        1000u,       6700417u,    65535u,
                                        65537u,      0x10000001u, 0x3fffffffu, 0x55555555u,
                                        0x7ffffffdu, 0x7fffffffu};

START_TEST(test_unsigned_multipliers) {
  for (uint32_t k = 0; k < 2000 + sizeof big_divisors / sizeof big_divisors[0]; k++) {
    const uint32_t d = k < 2000 ? k + 2 : big_divisors[k - 2000];
    if (!(d & (d - 1))) continue; /* powers of two are shifts */
    for (unsigned i = 0; i < 200; i++) {
      const uint32_t x = dividend(d, i);
      if (udiv_seq(x, d) != x / d) ck_abort_msg("%u / %u: %u, not %u", x, d, udiv_seq(x, d), x / d);
    }
  }
  /* 7 needs the 33-bit multiplier, 3 and 5 do not: both forms are used */
  uint32_t m;
  unsigned s;
  ck_assert_int_eq(pass_udiv_magic(7, &m, &s), 1);
  ck_assert_int_eq(pass_udiv_magic(3, &m, &s), 0);
  ck_assert_uint_eq(m, 0xaaaaaaabu);
  ck_assert_uint_eq(s, 1);
}
END_TEST

START_TEST(test_signed_multipliers) {
  for (uint32_t k = 0; k < 2000 + sizeof big_divisors / sizeof big_divisors[0]; k++) {
    const uint32_t ad = k < 2000 ? k + 3 : big_divisors[k - 2000];
    if (!(ad & (ad - 1))) continue;
    for (unsigned i = 0; i < 200; i++) {
      const int32_t x = (int32_t)dividend(ad, i);
      const int32_t want = (int32_t)((int64_t)x / (int64_t)ad);
      if (sdiv_seq(x, ad) != want)
        ck_abort_msg("%d / %u: %d, not %d", x, ad, sdiv_seq(x, ad), want);
    }
  }
  uint32_t m;
  unsigned s;
  pass_sdiv_magic(20, &m, &s); /* what NVIDIA's compiler uses for k / 20 */
  ck_assert_uint_eq(m, 0x66666667u);
  ck_assert_uint_eq(s, 3);
}
END_TEST

/* Every divisor kind through clang, the passes and the backend: unsigned
 * (shift, short multiplier, 33-bit multiplier, near 2^31) and signed
 * (positive, negative, powers of two of both signs, near 2^31). */
#define DC_LIST                                                                                    \
  U(3)                                                                                             \
  U(7) U(10) U(20) U(641) U(1000) U(16) U(65537) U(0x7fffffff) S(2) S(-2) S(3) S(-3) S(6) S(7)     \
      S(-7) S(16) S(-16) S(20) S(-20) S(1000) S(0x7fffffff) S(-0x7fffffff)
#define DC_STR2(x) #x
#define DC_STR(x) DC_STR2(x)

START_TEST(test_kernel_divisions) {
#define U(d) +2
#define S(d) +2
  enum { NOUT = 0 DC_LIST };
#undef U
#undef S
  char src[4096];
  snprintf(src, sizeof src,
           "#define U(d) o[k++] = v / (uint)(d); o[k++] = v %% (uint)(d);\n"
           "#define S(d) o[k++] = (uint)(sv / (d)); o[k++] = (uint)(sv %% (d));\n"
           "__kernel void dq(__global const uint *x, __global uint *out) {\n"
           "  const uint g = get_global_id(0), v = x[g];\n"
           "  const int sv = (int)v;\n"
           "  __global uint *o = out + g * %d;\n"
           "  int k = 0;\n"
           "  %s\n"
           "}\n",
           (int)NOUT, DC_STR(DC_LIST));
  isa_program *p = tb_build_cl_ok(src, tb_target());
  const isa_kernel *k = &p->kernels[0];
  for (uint32_t pc = 0; pc < k->ncode; pc++) {
    const isa_opcode op = (isa_opcode)k->code[pc].op;
    ck_assert_msg(op != ISA_OP_v_div_u32 && op != ISA_OP_v_rem_u32 && op != ISA_OP_v_div_i32 &&
                      op != ISA_OP_v_rem_i32,
                  "pc %u is a 32-bit division", pc);
  }
  enum { N = 256 };
  uint32_t *x = malloc(N * 4), *out = malloc((size_t)N * NOUT * 4);
  for (unsigned i = 0; i < N; i++) x[i] = dividend(641, i);
  tb_launch l = {.wave_size = 32, .local_size = 64, .groups = N / 64, .nbufs = 2};
  l.bufs[0] = (uint8_t *)x, l.sizes[0] = N * 4, l.bufs[1] = (uint8_t *)out,
  l.sizes[1] = N * NOUT * 4;
  l.args[0] = TB_BUF | 0, l.args[1] = TB_BUF | 1;
  tb_run_ok(k, &l);
  for (unsigned i = 0; i < N; i++) {
    const uint32_t v = x[i];
    const int32_t sv = (int32_t)v;
    const uint32_t *o = out + (size_t)i * NOUT;
    int j = 0;
#define U(d)                                                                                       \
  ck_assert_msg(o[j] == v / (uint32_t)(d) && o[j + 1] == v % (uint32_t)(d), "%u / %u", v,          \
                (uint32_t)(d));                                                                    \
  j += 2;
#define S(d)                                                                                       \
  ck_assert_msg(o[j] == (uint32_t)(sv / (d)) && o[j + 1] == (uint32_t)(sv % (d)), "%d / %d", sv,   \
                (int)(d));                                                                         \
  j += 2;
    DC_LIST
#undef U
#undef S
  }
  free(x), free(out);
  isa_program_destroy(p);
}
END_TEST

Suite *div_const_suite(void);
Suite *div_const_suite(void) {
  Suite *s = suite_create("div_const");
  TCase *tc = tcase_create("div_const");
  tcase_set_timeout(tc, 60);
  tcase_add_test(tc, test_unsigned_multipliers);
  tcase_add_test(tc, test_signed_multipliers);
  tcase_add_test(tc, test_kernel_divisions);
  suite_add_tcase(s, tc);
  return s;
}

int main(void) {
  return check_run(div_const_suite());
}
