/* Backend tests on real OpenCL C: clang -> SPIR-V -> IR (the reader) -> our
 * passes and backend, then executed on isa_step and compared with C. */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "be.h"
#include "be_testlib.h"
#include "fe_front.h"
#include "isa.h"

static isa_program *build(const char *src, fe_target t) {
  fe_clc_tools tools = fe_front_default_tools();
  fe_sb log = {0};
  ir_module *m = NULL;
  fe_status st = fe_front_source(&tools, src, "", &m, &log);
  char *l = fe_sb_take(&log);
  ck_assert_msg(st == FE_OK, "front end failed: %s", l ? l : "");
  free(l);
  isa_program *p = NULL;
  char err[512];
  int rc = be_compile(m, &t, &p, err, sizeof err);
  ck_assert_msg(rc == 0, "backend failed: %s", err);
  ir_module_free(m);
  return p;
}

static void run(const isa_kernel *k, tb_launch *l) {
  char err[256];
  ck_assert_msg(tb_run(k, l, err, sizeof err) == 0, "%s: %s", k->name, err);
}

START_TEST(test_cl_private_array_and_switch) {
  isa_program *p = build("__kernel void pa(__global int *out, int n) {\n"
                         "  int arr[8];\n"
                         "  for (int k = 0; k < 8; k++) arr[k] = k * n + (int)get_local_id(0);\n"
                         "  out[get_global_id(0)] = arr[(n + get_local_id(0)) & 7];\n"
                         "}\n"
                         "__kernel void sw(__global int *out, int sel) {\n"
                         "  int r;\n"
                         "  switch (sel + (int)(get_global_id(0) & 1)) {\n"
                         "  case 0: r = 10; break;\n"
                         "  case 1: r = 20; break;\n"
                         "  case 7: r = 70; break;\n"
                         "  default: r = -1;\n"
                         "  }\n"
                         "  out[get_global_id(0)] = r;\n"
                         "}\n",
                         tb_target());
  int32_t out[40];
  tb_launch l = {.wave_size = 32, .local_size = 40, .groups = 1, .nbufs = 1};
  l.bufs[0] = (uint8_t *)out, l.sizes[0] = sizeof out, l.args[0] = TB_BUF | 0, l.args[1] = 3;
  run(&p->kernels[0], &l);
  for (int i = 0; i < 40; i++) ck_assert_int_eq(out[i], ((3 + i) & 7) * 3 + i);
  l.args[1] = 6;
  run(&p->kernels[1], &l);
  for (int i = 0; i < 40; i++) ck_assert_int_eq(out[i], (i & 1) ? 70 : -1);
  l.args[1] = 0;
  run(&p->kernels[1], &l);
  for (int i = 0; i < 40; i++) ck_assert_int_eq(out[i], (i & 1) ? 20 : 10);
  isa_program_destroy(p);
}
END_TEST

static int32_t mix_ref(int i, const uint8_t *b, int16_t s) {
  int acc = 0;
  for (int k = 0; k < i; k++) {
    if ((k & 3) == 1) continue;
    acc += b[k] * s;
    if (acc > 5000) break;
  }
  return acc + (i % 7) - (i / 3);
}

START_TEST(test_cl_divergent_loops) {
  isa_program *p = build("__kernel void mix(__global int *out, __global const uchar *b, short s) {\n"
                         "  int i = get_global_id(0);\n"
                         "  int acc = 0;\n"
                         "  for (int k = 0; k < i; k++) {\n"
                         "    if ((k & 3) == 1) continue;\n"
                         "    acc += b[k] * s;\n"
                         "    if (acc > 5000) break;\n"
                         "  }\n"
                         "  out[i] = acc + (i % 7) - (i / 3);\n"
                         "}\n",
                         tb_target());
  int32_t out[100];
  uint8_t b[100];
  for (int i = 0; i < 100; i++) b[i] = (uint8_t)(i * 37 + 11);
  tb_launch l = {.wave_size = 64, .local_size = 50, .groups = 2, .nbufs = 2};
  l.bufs[0] = (uint8_t *)out, l.sizes[0] = sizeof out, l.bufs[1] = b, l.sizes[1] = sizeof b;
  l.args[0] = TB_BUF | 0, l.args[1] = TB_BUF | 1, l.args[2] = 7;
  run(&p->kernels[0], &l);
  for (int i = 0; i < 100; i++) ck_assert_int_eq(out[i], mix_ref(i, b, 7));
  isa_program_destroy(p);
}
END_TEST

START_TEST(test_cl_local_and_atomics) {
  isa_program *p = build("__kernel void lb(__global float *out, __global const float *in) {\n"
                         "  __local float tile[64];\n"
                         "  size_t l = get_local_id(0);\n"
                         "  tile[l] = in[get_global_id(0)];\n"
                         "  barrier(CLK_LOCAL_MEM_FENCE);\n"
                         "  out[get_global_id(0)] = tile[63 - l] + (float)get_group_id(0) + (float)get_local_size(0);\n"
                         "}\n"
                         "__kernel void at(__global int *counter, __global int *minv, __local int *scratch) {\n"
                         "  int old = atomic_add(counter, 1);\n"
                         "  atomic_min(minv, old);\n"
                         "  atomic_inc(&counter[1]);\n"
                         "  atomic_cmpxchg(&counter[2], 0, old + 100);\n"
                         "  scratch[get_local_id(0)] = old;\n"
                         "  barrier(CLK_LOCAL_MEM_FENCE);\n"
                         "  atomic_xchg(&scratch[63 - get_local_id(0)], old);\n"
                         "  atomic_or(&counter[3], 1 << (get_local_id(0) & 7));\n"
                         "}\n",
                         tb_target());
  float in[128], out[128];
  for (int i = 0; i < 128; i++) in[i] = (float)i * 0.25f;
  tb_launch l = {.wave_size = 32, .local_size = 64, .groups = 2, .nbufs = 2};
  l.bufs[0] = (uint8_t *)out, l.sizes[0] = sizeof out, l.bufs[1] = (uint8_t *)in, l.sizes[1] = sizeof in;
  l.args[0] = TB_BUF | 0, l.args[1] = TB_BUF | 1;
  run(&p->kernels[0], &l);
  for (int g = 0; g < 2; g++)
    for (int i = 0; i < 64; i++) ck_assert_float_eq(out[g * 64 + i], in[g * 64 + 63 - i] + (float)g + 64.0f);
  const isa_kernel *k = &p->kernels[1];
  ck_assert_uint_eq(k->args[2].kind, ISA_ARG_LOCAL_PTR);
  int32_t cnt[4] = {0, 0, 0, 0}, mn[1] = {1000};
  tb_launch a = {.wave_size = 32, .local_size = 64, .groups = 2, .nbufs = 2, .lds_dynamic = 256};
  a.bufs[0] = (uint8_t *)cnt, a.sizes[0] = sizeof cnt, a.bufs[1] = (uint8_t *)mn, a.sizes[1] = sizeof mn;
  a.args[0] = TB_BUF | 0, a.args[1] = TB_BUF | 1, a.args[2] = k->lds_bytes;
  run(k, &a);
  ck_assert_int_eq(cnt[0], 128);
  ck_assert_int_eq(cnt[1], 128);
  ck_assert_int_eq(cnt[2], 100); /* lane 0 of the first wave ran first with old 0 */
  ck_assert_int_eq(cnt[3], 0xff);
  ck_assert_int_eq(mn[0], 0);
  isa_program_destroy(p);
}
END_TEST

START_TEST(test_cl_helpers_vectors_structs) {
  isa_program *p = build("typedef struct { float x; int n; char tag; } item_t;\n"
                         "float square(float v) { return v * v; }\n"
                         "float4 scale4(float4 v, float s) { return v * s; }\n"
                         "__kernel void hc(__global float *out, __global const float4 *in, float s, item_t pr) {\n"
                         "  size_t i = get_global_id(0);\n"
                         "  float4 v = scale4(in[i], s);\n"
                         "  out[i] = square(v.x) + v.w + pr.x * (float)pr.n + (float)pr.tag;\n"
                         "}\n",
                         tb_target());
  float in[4 * 16], out[16];
  for (int i = 0; i < 64; i++) in[i] = (float)i;
  const isa_kernel *k = &p->kernels[0];
  ck_assert_uint_eq(k->args[3].kind, ISA_ARG_VALUE);
  ck_assert_uint_eq(k->args[3].size, 12);
  ck_assert_uint_eq(k->args[3].offset, 32); /* 12 bytes, aligned to 16 */
  tb_launch l = {.wave_size = 32, .local_size = 16, .groups = 1, .nbufs = 2};
  l.bufs[0] = (uint8_t *)out, l.sizes[0] = sizeof out, l.bufs[1] = (uint8_t *)in, l.sizes[1] = sizeof in;
  float s = 0.5f, px = 1.5f;
  uint32_t sb, pxb;
  memcpy(&sb, &s, 4);
  memcpy(&pxb, &px, 4);
  l.args[0] = TB_BUF | 0, l.args[1] = TB_BUF | 1, l.args[2] = sb;
  l.args[3] = pxb | (uint64_t)4 << 32; /* x = 1.5, n = 4; tag in the next word */
  run(k, &l);
  for (int i = 0; i < 16; i++) {
    float x = in[4 * i] * s, w = in[4 * i + 3] * s;
    ck_assert_float_eq(out[i], x * x + w + 1.5f * 4.0f + 0.0f);
  }
  isa_program_destroy(p);
}
END_TEST

Suite *be_cl_suite(void);
Suite *be_cl_suite(void) {
  Suite *s = suite_create("backend_cl");
  TCase *tc = tcase_create("kernels");
  tcase_set_timeout(tc, 60);
  tcase_add_test(tc, test_cl_private_array_and_switch);
  tcase_add_test(tc, test_cl_divergent_loops);
  tcase_add_test(tc, test_cl_local_and_atomics);
  tcase_add_test(tc, test_cl_helpers_vectors_structs);
  suite_add_tcase(s, tc);
  return s;
}

int main(void) {
  SRunner *sr = srunner_create(be_cl_suite());
  srunner_run_all(sr, CK_NORMAL);
  int nf = srunner_ntests_failed(sr);
  srunner_free(sr);
  return nf ? EXIT_FAILURE : EXIT_SUCCESS;
}
