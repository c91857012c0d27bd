/* LDS load widening (be_ldsvec.c) on real OpenCL C: consecutive words read
 * from one provably aligned base become ds_read_b128/b64, a base of unknown
 * alignment or a store in between keeps them apart, and every variant
 * computes the exact result. */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "be.h"
#include "be_testlib.h"
#include "check_run.h"
#include "isa.h"

static uint32_t count_op(const isa_kernel *k, isa_opcode op) {
  uint32_t n = 0;
  for (uint32_t pc = 0; pc < k->ncode; pc++) n += (isa_opcode)k->code[pc].op == op;
  return n;
}

/* Each work-item sums 16 words of its group's row of a __local tile times
 * a weight: row r = lid / 16 starts at byte 64 r (aligned to 16), so the
 * unrolled reads become four ds_read_b128; `shift` moves the window by one
 * word (row start 64 r + 4: nothing provable beyond 4 bytes). */
static const char src[] =
    "__kernel void rows(__global const float *in, __constant float *w, __global float *out,\n"
    "                   int shift) {\n"
    "  __local float t[80];\n"
    "  int l = get_local_id(0);\n"
    "  t[l] = in[l];\n"
    "  if (l < 16) t[64 + l] = in[64 + l];\n"
    "  barrier(CLK_LOCAL_MEM_FENCE);\n"
    "  int r = l / 16;\n"
    "  float acc = 0.0f;\n"
    "  for (int k = 0; k < 16; k++) acc += t[r * 16 + k] * w[k];\n"
    "  out[l] = acc;\n"
    "}\n"
    "__kernel void rows_shifted(__global const float *in, __constant float *w,\n"
    "                           __global float *out, int shift) {\n"
    "  __local float t[80];\n"
    "  int l = get_local_id(0);\n"
    "  t[l] = in[l];\n"
    "  if (l < 16) t[64 + l] = in[64 + l];\n"
    "  barrier(CLK_LOCAL_MEM_FENCE);\n"
    "  int r = l / 16;\n"
    "  float acc = 0.0f;\n"
    "  for (int k = 0; k < 16; k++) acc += t[r * 16 + shift + k] * w[k];\n"
    "  out[l] = acc;\n"
    "}\n"
    "__kernel void interleaved(__global const float *in, __constant float *w,\n"
    "                          __global float *out, int shift) {\n"
    "  __local float t[80];\n"
    "  int l = get_local_id(0);\n"
    "  t[l] = in[l];\n"
    "  barrier(CLK_LOCAL_MEM_FENCE);\n"
    "  int b = (l / 4) * 4;\n"
    "  float x = t[b];\n"
    "  t[b + 1] = x * 2.0f;\n" /* the next word changes between the two reads */
    "  float y = t[b + 1];\n"
    "  out[l] = x + y;\n"
    "}\n";

/* Runs a rows kernel on in (80 floats) and w (16) and checks every lane's
 * sum of its row window, starting `shift` words into the row. */
static void check_rows(const isa_kernel *k, int shift, const float *in, const float *w) {
  float out[64];
  tb_launch l = {.wave_size = 32, .local_size = 64, .groups = 1, .nbufs = 3};
  l.bufs[0] = (uint8_t *)in, l.sizes[0] = 80 * sizeof(float);
  l.bufs[1] = (uint8_t *)w, l.sizes[1] = 16 * sizeof(float);
  l.bufs[2] = (uint8_t *)out, l.sizes[2] = sizeof out;
  l.args[0] = TB_BUF | 0, l.args[1] = TB_BUF | 1, l.args[2] = TB_BUF | 2,
  l.args[3] = (uint64_t)shift;
  tb_run_ok(k, &l);
  for (int lane = 0; lane < 64; lane++) {
    float acc = 0.0f;
    for (int q = 0; q < 16; q++) acc += in[(lane / 16) * 16 + shift + q] * w[q];
    ck_assert_msg(out[lane] == acc, "shift %d lane %d: %g, want %g", shift, lane, out[lane], acc);
  }
}

START_TEST(test_aligned_rows_widen) {
  isa_program *p = tb_build_cl_ok(src, tb_target());
  const isa_kernel *k = isa_program_find(p, "rows");
  ck_assert_ptr_nonnull(k);
  ck_assert_uint_eq(count_op(k, ISA_OP_ds_read_b128), 4);
  ck_assert_uint_eq(count_op(k, ISA_OP_ds_read_b32), 0);
  float in[80], w[16];
  for (int i = 0; i < 80; i++) in[i] = (float)((i * 37) % 23) - 11.0f;
  for (int i = 0; i < 16; i++) w[i] = 0.5f + (float)i;
  check_rows(k, 0, in, w);
  isa_program_destroy(p);
}
END_TEST

START_TEST(test_unknown_alignment_stays_narrow) {
  isa_program *p = tb_build_cl_ok(src, tb_target());
  const isa_kernel *k = isa_program_find(p, "rows_shifted");
  ck_assert_ptr_nonnull(k);
  ck_assert_uint_eq(count_op(k, ISA_OP_ds_read_b128), 0);
  ck_assert_uint_eq(count_op(k, ISA_OP_ds_read_b64), 0);
  float in[80], w[16];
  for (int i = 0; i < 80; i++) in[i] = (float)((i * 29) % 17) - 8.0f;
  for (int i = 0; i < 16; i++) w[i] = 1.0f - 0.25f * (float)i;
  for (int shift = 0; shift < 3; shift++) check_rows(k, shift, in, w);
  isa_program_destroy(p);
}
END_TEST

/* A store to the second word between the reads: they stay two reads, and
 * the second sees the stored value. */
START_TEST(test_store_between_keeps_order) {
  isa_program *p = tb_build_cl_ok(src, tb_target());
  const isa_kernel *k = isa_program_find(p, "interleaved");
  ck_assert_ptr_nonnull(k);
  ck_assert_uint_eq(count_op(k, ISA_OP_ds_read_b64), 0);
  ck_assert_uint_eq(count_op(k, ISA_OP_ds_read_b128), 0);
  float in[80], w[16] = {0}, out[64];
  for (int i = 0; i < 80; i++) in[i] = (float)i + 0.5f;
  tb_launch l = {.wave_size = 32, .local_size = 64, .groups = 1, .nbufs = 3};
  l.bufs[0] = (uint8_t *)in, l.sizes[0] = sizeof in;
  l.bufs[1] = (uint8_t *)w, l.sizes[1] = sizeof w;
  l.bufs[2] = (uint8_t *)out, l.sizes[2] = sizeof out;
  l.args[0] = TB_BUF | 0, l.args[1] = TB_BUF | 1, l.args[2] = TB_BUF | 2;
  tb_run_ok(k, &l);
  for (int i = 0; i < 64; i++) {
    float x = in[(i / 4) * 4];
    ck_assert_msg(out[i] == x + x * 2.0f, "lane %d: %g, want %g", i, out[i], x * 3.0f);
  }
  isa_program_destroy(p);
}
END_TEST

Suite *be_ldsvec_suite(void);
Suite *be_ldsvec_suite(void) {
  Suite *s = suite_create("backend_ldsvec");
  TCase *tc = tcase_create("ldsvec");
  tcase_set_timeout(tc, 60);
  tcase_add_test(tc, test_aligned_rows_widen);
  tcase_add_test(tc, test_unknown_alignment_stays_narrow);
  tcase_add_test(tc, test_store_between_keeps_order);
  suite_add_tcase(s, tc);
  return s;
}

int main(void) {
  return check_run(be_ldsvec_suite());
}
