/* Backend tests on real OpenCL C: clang -> SPIR-V -> IR (the reader) -> our
 * passes and backend, then executed on isa_step and compared with C. */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "be.h"
#include "be_testlib.h"
#include "check_run.h"
#include "fe_front.h"
#include "isa.h"

#define build tb_build_cl_ok
#define run tb_run_ok

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

/* Host reference of test_cl_sgpr_spill_loop's kernel. */
static uint32_t spill_ref(uint32_t i, const uint32_t *in, uint32_t a, uint32_t b, int n) {
  uint32_t u[12], acc = 0;
  for (uint32_t k = 0; k < 12; k++) u[k] = (a * (2 * k + 1)) ^ (b + k);
  for (int j = 0; j < n; j++) {
    uint32_t x = in[(i + (uint32_t)j * 5) % 64], t = 0;
    for (uint32_t k = 0; k < 12; k++) t += (x ^ u[k]) >> (k & 7);
    if (x & 1)
      t ^= u[3] * x + u[11];
    else
      t += u[5] ^ u[7];
    acc = acc * 33 + t;
  }
  return acc;
}

/* Twelve uniform values live across a loop holding a divergent branch, with
 * 16 SGPRs (9 beyond the ABI's): they are spilled to VGPR lanes and read
 * back on both sides of the branch and in every trip; the results are the
 * host's, in waves of 32 lanes with lanes switched off. */
START_TEST(test_cl_sgpr_spill_loop) {
  fe_target t = tb_target();
  t.max_sgprs = 16;
  isa_program *p = build("#define U(k) uint u##k = (a * (2u * k + 1u)) ^ (b + k);\n"
                         "#define T(k) t += (x ^ u##k) >> (k & 7);\n"
                         "__kernel void sp(__global const uint *in, __global uint *out, uint a,\n"
                         "                 uint b, int n) {\n"
                         "  uint i = get_global_id(0);\n"
                         "  U(0) U(1) U(2) U(3) U(4) U(5) U(6) U(7) U(8) U(9) U(10) U(11)\n"
                         "  uint acc = 0;\n"
                         "  for (int j = 0; j < n; j++) {\n"
                         "    uint x = in[(i + j * 5u) % 64u], t = 0;\n"
                         "    T(0) T(1) T(2) T(3) T(4) T(5) T(6) T(7) T(8) T(9) T(10) T(11)\n"
                         "    if (x & 1u)\n"
                         "      t ^= u3 * x + u11;\n"
                         "    else\n"
                         "      t += u5 ^ u7;\n"
                         "    acc = acc * 33u + t;\n"
                         "  }\n"
                         "  out[i] = acc;\n"
                         "}\n",
                         t);
  const isa_kernel *k = &p->kernels[0];
  ck_assert_uint_le(k->nsgprs, 16);
  uint32_t writes = 0, reads = 0;
  for (uint32_t pc = 0; pc < k->ncode; pc++) {
    writes += k->code[pc].op == ISA_OP_v_writelane_b32;
    reads += k->code[pc].op == ISA_OP_v_readlane_b32;
  }
  ck_assert_uint_gt(writes, 0);
  ck_assert_uint_gt(reads, 0);
  uint32_t in[64], out[48];
  for (uint32_t i = 0; i < 64; i++) in[i] = i * 2654435761u + 12345u;
  tb_launch l = {.wave_size = 32, .local_size = 24, .groups = 2, .nbufs = 2};
  l.bufs[0] = (uint8_t *)in, l.sizes[0] = sizeof in, l.bufs[1] = (uint8_t *)out;
  l.sizes[1] = sizeof out;
  l.args[0] = TB_BUF | 0, l.args[1] = TB_BUF | 1, l.args[2] = 0x9e3779b9u, l.args[3] = 77;
  l.args[4] = 6;
  run(k, &l);
  for (uint32_t i = 0; i < 48; i++) ck_assert_uint_eq(out[i], spill_ref(i, in, 0x9e3779b9u, 77, 6));
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
  a.args[0] = TB_BUF | 0, a.args[1] = TB_BUF | 1;
  a.args[2] = k->lds_bytes + ISA_PTR_BIAS; /* a pointer value, as the runtime writes */
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

/* ---- wide memory accesses ---------------------------------------------------- */

/* Compiles and returns the ISA listing too (caller frees). */
static isa_program *build_listing(const char *src, fe_target t, char **isa_text) {
  fe_clc_tools tools = fe_front_default_tools();
  fe_sb log = {0};
  ir_module *m = NULL;
  fe_status st = fe_front_source(&tools, src, "", &m, &log);
  char *l = fe_sb_take(&log);
  ck_assert_msg(st == FE_OK, "front end failed: %s", l ? l : "");
  free(l);
  isa_program *p = NULL;
  char err[512];
  int rc = be_compile_dump(m, &t, &p, NULL, isa_text, err, sizeof err);
  ck_assert_msg(rc == 0, "backend failed: %s", err);
  ir_module_free(m);
  return p;
}

/* Occurrences of mnemonic `op` as a whole word in the listing. */
static int count_op(const char *text, const char *op) {
  int n = 0;
  size_t len = strlen(op);
  for (const char *q = strstr(text, op); q; q = strstr(q + len, op)) {
    char before = q == text ? ' ' : q[-1], after = q[len];
    n += (before == ' ' || before == '\n' || before == '\t') && (after == ' ' || after == '\n');
  }
  return n;
}

/* The spill code itself (golden): with 12 SGPRs, 5 beyond the ABI's, the
 * argument d and the out pointer (a pair: two lanes) go to lanes of a VGPR
 * after their loads (v_writelane) and come back before their uses
 * (v_readlane); the slot VGPR is counted in the kernel's VGPRs. */
START_TEST(test_cl_sgpr_spill_golden) {
  char *text = NULL;
  fe_target t = tb_target();
  t.max_sgprs = 12;
  isa_program *p =
      build_listing("__kernel void ss(__global uint *out, uint a, uint b, uint c, uint d) {\n"
                    "  uint i = get_global_id(0);\n"
                    "  out[i] = ((i ^ a) + (i ^ b)) * ((i ^ c) + d) + (a * b ^ c * d);\n"
                    "}\n",
                    t, &text);
  ck_assert_msg(tb_golden("golden", "cl_sgpr_spill", text) == 0, "golden cl_sgpr_spill differs");
  ck_assert_int_gt(count_op(text, "v_writelane_b32"), 0);
  ck_assert_int_gt(count_op(text, "v_readlane_b32"), 0);
  uint32_t out[40];
  tb_launch l = {.wave_size = 32, .local_size = 20, .groups = 2, .nbufs = 1};
  l.bufs[0] = (uint8_t *)out, l.sizes[0] = sizeof out, l.args[0] = TB_BUF | 0;
  l.args[1] = 0x12345678u, l.args[2] = 0x9abcdef1u, l.args[3] = 77, l.args[4] = 0xfffffff0u;
  run(&p->kernels[0], &l);
  for (uint32_t i = 0; i < 40; i++) {
    uint32_t a = 0x12345678u, b = 0x9abcdef1u, c = 77, d = 0xfffffff0u;
    ck_assert_uint_eq(out[i], ((i ^ a) + (i ^ b)) * ((i ^ c) + d) + (a * b ^ c * d));
  }
  free(text);
  isa_program_destroy(p);
}
END_TEST

START_TEST(test_cl_wide_float4_global) {
  char *text = NULL;
  isa_program *p = build_listing("__kernel void v4(__global const float4 *a, __global const float4 *b,\n"
                                 "                 __global float4 *c) {\n"
                                 "  size_t i = get_global_id(0);\n"
                                 "  c[i] = a[i] * b[i] + (float4)(1.0f, 2.0f, 3.0f, 4.0f);\n"
                                 "}\n",
                                 tb_target(), &text);
  ck_assert_msg(tb_golden("golden", "cl_float4", text) == 0, "golden cl_float4 differs");
  ck_assert_int_eq(count_op(text, "global_load_b128"), 2);
  ck_assert_int_eq(count_op(text, "global_store_b128"), 1);
  ck_assert_int_eq(count_op(text, "global_load_b32"), 0);
  ck_assert_int_eq(count_op(text, "global_store_b32"), 0);
  ck_assert_int_eq(count_op(text, "v_mov_b32"), 0); /* the adds write the store's quad directly */
  free(text);
  float a[4 * 40], b[4 * 40], c[4 * 40];
  for (int i = 0; i < 160; i++) a[i] = (float)i * 0.5f, b[i] = (float)(i % 7) - 3.0f;
  tb_launch l = {.wave_size = 32, .local_size = 40, .groups = 1, .nbufs = 3};
  l.bufs[0] = (uint8_t *)a, l.sizes[0] = sizeof a, l.bufs[1] = (uint8_t *)b, l.sizes[1] = sizeof b;
  l.bufs[2] = (uint8_t *)c, l.sizes[2] = sizeof c;
  l.args[0] = TB_BUF | 0, l.args[1] = TB_BUF | 1, l.args[2] = TB_BUF | 2;
  run(&p->kernels[0], &l);
  for (int i = 0; i < 160; i++) ck_assert_float_eq(c[i], a[i] * b[i] + (float)(i % 4 + 1));
  isa_program_destroy(p);
}
END_TEST

START_TEST(test_cl_wide_float2_and_swizzle) {
  char *text = NULL;
  isa_program *p = build_listing("__kernel void v2(__global const float2 *a, __global float2 *c) {\n"
                                 "  size_t i = get_global_id(0);\n"
                                 "  c[i] = a[i].yx;\n"
                                 "}\n",
                                 tb_target(), &text);
  ck_assert_msg(tb_golden("golden", "cl_float2", text) == 0, "golden cl_float2 differs");
  ck_assert_int_eq(count_op(text, "global_load_b64"), 1);
  ck_assert_int_eq(count_op(text, "global_store_b64"), 1);
  ck_assert_int_eq(count_op(text, "global_load_b32"), 0);
  ck_assert_int_eq(count_op(text, "global_store_b32"), 0);
  free(text);
  float a[2 * 40], c[2 * 40];
  for (int i = 0; i < 80; i++) a[i] = (float)i + 0.25f;
  tb_launch l = {.wave_size = 32, .local_size = 40, .groups = 1, .nbufs = 2};
  l.bufs[0] = (uint8_t *)a, l.sizes[0] = sizeof a, l.bufs[1] = (uint8_t *)c, l.sizes[1] = sizeof c;
  l.args[0] = TB_BUF | 0, l.args[1] = TB_BUF | 1;
  run(&p->kernels[0], &l);
  for (int i = 0; i < 40; i++) {
    ck_assert_float_eq(c[2 * i], a[2 * i + 1]);
    ck_assert_float_eq(c[2 * i + 1], a[2 * i]);
  }
  isa_program_destroy(p);
}
END_TEST

START_TEST(test_cl_wide_lds_private_struct) {
  char *text = NULL;
  isa_program *p = build_listing("typedef struct { float4 p; int4 q; } rec_t;\n"
                                 "__kernel void lw(__global const float4 *in, __global float4 *out, int k) {\n"
                                 "  __local float4 tile[64];\n"
                                 "  size_t l = get_local_id(0);\n"
                                 "  tile[l] = in[get_global_id(0)];\n"
                                 "  barrier(CLK_LOCAL_MEM_FENCE);\n"
                                 "  float4 arr[4];\n"
                                 "  #pragma unroll 1\n"
                                 "  for (int j = 0; j < 4; j++) arr[j] = tile[(l + j) & 63] * (float)(j + 1);\n"
                                 "  out[get_global_id(0)] = arr[(l + k) & 3];\n"
                                 "}\n"
                                 "__kernel void sc(__global const rec_t *in, __global rec_t *out) {\n"
                                 "  out[get_global_id(0)] = in[get_global_id(0) ^ 1];\n"
                                 "}\n",
                                 tb_target(), &text);
  /* lw (the j loop stays a loop: unroll 1): one access of each kind, 16 bytes per lane */
  ck_assert_int_eq(count_op(text, "ds_write_b128"), 1);
  ck_assert_int_eq(count_op(text, "ds_read_b128"), 1);
  ck_assert_int_eq(count_op(text, "ds_read_b32"), 0);
  ck_assert_int_eq(count_op(text, "scratch_store_b128"), 1);
  ck_assert_int_eq(count_op(text, "scratch_load_b128"), 1);
  ck_assert_int_eq(count_op(text, "scratch_load_b32"), 0);
  ck_assert_int_eq(count_op(text, "global_load_b128"), 1);
  ck_assert_int_eq(count_op(text, "global_store_b128"), 1);
  ck_assert_int_eq(count_op(text, "global_load_b32"), 0);
  /* sc: the reader copies structs in interleaved 8-byte load/store pairs; a
   * store between two loads of different buffers may alias, so they stay b64 */
  ck_assert_int_eq(count_op(text, "global_load_b64"), 4);
  ck_assert_int_eq(count_op(text, "global_store_b64"), 4);
  free(text);
  float in[4 * 64], out[4 * 64];
  for (int i = 0; i < 256; i++) in[i] = (float)i * 0.125f;
  tb_launch l = {.wave_size = 32, .local_size = 64, .groups = 1, .nbufs = 2};
  l.bufs[0] = (uint8_t *)in, l.sizes[0] = sizeof in, l.bufs[1] = (uint8_t *)out, l.sizes[1] = sizeof out;
  l.args[0] = TB_BUF | 0, l.args[1] = TB_BUF | 1, l.args[2] = 3;
  run(&p->kernels[0], &l);
  for (int i = 0; i < 64; i++) {
    int j = (i + 3) & 3;
    for (int c = 0; c < 4; c++) ck_assert_float_eq(out[4 * i + c], in[4 * ((i + j) & 63) + c] * (float)(j + 1));
  }
  uint32_t rin[8 * 32], rout[8 * 32];
  for (int i = 0; i < 256; i++) rin[i] = 0x1000u * (uint32_t)i + 7u;
  tb_launch s = {.wave_size = 32, .local_size = 32, .groups = 1, .nbufs = 2};
  s.bufs[0] = (uint8_t *)rin, s.sizes[0] = sizeof rin, s.bufs[1] = (uint8_t *)rout, s.sizes[1] = sizeof rout;
  s.args[0] = TB_BUF | 0, s.args[1] = TB_BUF | 1;
  run(&p->kernels[1], &s);
  for (int i = 0; i < 32; i++)
    for (int c = 0; c < 8; c++) ck_assert_uint_eq(rout[8 * i + c], rin[8 * (i ^ 1) + c]);
  isa_program_destroy(p);
}
END_TEST

START_TEST(test_cl_wide_double2) {
  fe_target t = tb_target();
  t.fp64 = 1;
  char *text = NULL;
  isa_program *p = build_listing("#pragma OPENCL EXTENSION cl_khr_fp64 : enable\n"
                                 "__kernel void d2(__global const double2 *a, __global double2 *c) {\n"
                                 "  size_t i = get_global_id(0);\n"
                                 "  c[i] = a[i] * 2.0 + (double2)(0.5, -1.0);\n"
                                 "}\n",
                                 t, &text);
  ck_assert_int_eq(count_op(text, "global_load_b128"), 1);
  ck_assert_int_eq(count_op(text, "global_store_b128"), 1);
  ck_assert_int_eq(count_op(text, "global_load_b64"), 0);
  ck_assert_int_eq(count_op(text, "global_store_b64"), 0);
  free(text);
  double a[2 * 32], c[2 * 32];
  for (int i = 0; i < 64; i++) a[i] = (double)i * 1.5 - 7.0;
  tb_launch l = {.wave_size = 32, .local_size = 32, .groups = 1, .nbufs = 2};
  l.bufs[0] = (uint8_t *)a, l.sizes[0] = sizeof a, l.bufs[1] = (uint8_t *)c, l.sizes[1] = sizeof c;
  l.args[0] = TB_BUF | 0, l.args[1] = TB_BUF | 1;
  run(&p->kernels[0], &l);
  for (int i = 0; i < 64; i++) ck_assert_double_eq(c[i], a[i] * 2.0 + (i & 1 ? -1.0 : 0.5));
  isa_program_destroy(p);
}
END_TEST

/* vload4 at an odd float offset is only 4-byte aligned: it must stay four
 * b32 loads (a b128 load there would be misaligned). */
START_TEST(test_cl_wide_unaligned_not_merged) {
  char *text = NULL;
  isa_program *p = build_listing("__kernel void ua(__global const float *in, __global float *out) {\n"
                                 "  size_t i = get_global_id(0);\n"
                                 "  float4 v = vload4(0, in + 4 * i + 1);\n"
                                 "  vstore4(v * 2.0f, 0, out + 4 * i + 1);\n"
                                 "}\n",
                                 tb_target(), &text);
  ck_assert_int_eq(count_op(text, "global_load_b32"), 4);
  ck_assert_int_eq(count_op(text, "global_store_b32"), 4);
  ck_assert_int_eq(count_op(text, "global_load_b64"), 0);
  ck_assert_int_eq(count_op(text, "global_load_b128"), 0);
  ck_assert_int_eq(count_op(text, "global_store_b128"), 0);
  free(text);
  float in[4 * 32 + 4], out[4 * 32 + 4];
  for (int i = 0; i < 132; i++) in[i] = (float)i, out[i] = -1.0f;
  tb_launch l = {.wave_size = 32, .local_size = 32, .groups = 1, .nbufs = 2};
  l.bufs[0] = (uint8_t *)in, l.sizes[0] = sizeof in, l.bufs[1] = (uint8_t *)out, l.sizes[1] = sizeof out;
  l.args[0] = TB_BUF | 0, l.args[1] = TB_BUF | 1;
  run(&p->kernels[0], &l);
  ck_assert_float_eq(out[0], -1.0f);
  for (int i = 1; i < 129; i++) ck_assert_float_eq(out[i], 2.0f * (float)i);
  isa_program_destroy(p);
}
END_TEST

/* __constant data at a uniform address is read with scalar loads (the
 * constant cache); at a divergent address with vector loads. */
/* Uniform __constant loads are s_loads through the scalar cache; with
 * fe_target.constant_vector_loads (NVIDIA: LDG.E.CONSTANT) each of them is a
 * vector load instead, one for one, and the kernel argument stays scalar. */
START_TEST(test_cl_constant_uniform_scalar_load) {
  uint32_t sload[2] = {0, 0}, gload[2] = {0, 0};
  for (int vec = 0; vec < 2; vec++) {
    fe_target t = tb_target();
    t.constant_vector_loads = vec;
    isa_program *p = build("__kernel void cf(__global float *out, __constant float *f, int n) {\n"
                           "  int g = get_global_id(0);\n"
                           "  float acc = f[g & 3];\n"
                           "  for (int j = 0; j < n; j++) acc += f[j] * (float)(g + j);\n"
                           "  out[g] = acc;\n"
                           "}\n",
                           t);
    const isa_kernel *k = &p->kernels[0];
    for (uint32_t pc = 0; pc < k->ncode; pc++) {
      sload[vec] += k->code[pc].op == ISA_OP_s_load_b32;
      gload[vec] += k->code[pc].op == ISA_OP_global_load_b32;
    }
    float f[9], out[64];
    for (int i = 0; i < 9; i++) f[i] = 0.5f * (float)i - 1.0f;
    tb_launch l = {.wave_size = 32, .local_size = 64, .groups = 1, .nbufs = 2};
    l.bufs[0] = (uint8_t *)out, l.sizes[0] = sizeof out, l.bufs[1] = (uint8_t *)f,
    l.sizes[1] = sizeof f;
    l.args[0] = TB_BUF | 0, l.args[1] = TB_BUF | 1, l.args[2] = 9;
    run(k, &l);
    for (int g = 0; g < 64; g++) {
      float acc = f[g & 3];
      for (int j = 0; j < 9; j++) acc += f[j] * (float)(g + j);
      ck_assert_float_eq(out[g], acc);
    }
    isa_program_destroy(p);
  }
  ck_assert_uint_ge(sload[0], 4); /* the unrolled f[j], beyond the kernel arguments */
  ck_assert_uint_eq(gload[0], 1); /* f[g & 3] */
  ck_assert_uint_eq(sload[1], 1); /* n only */
  ck_assert_uint_eq(gload[1] - gload[0], sload[0] - sload[1]);
}
END_TEST

/* The integer dot products and bit operations select one instruction each
 * (bitfield_insert three: v_bfm, v_lshl, v_bfi, as on AMD); a char4 made of
 * a uint's bytes feeds v_dot4 as that uint (no byte repacking); the results
 * match C. OpenCL C 3.0: without a device the extensions' macros come from
 * clang's header only there. */
static int32_t be_dot4(uint32_t x, uint32_t y, int sx, int sy) {
  int32_t r = 0;
  for (int k = 0; k < 4; k++) {
    int32_t p = (int32_t)((x >> (8 * k)) & 0xff), q = (int32_t)((y >> (8 * k)) & 0xff);
    if (sx && p > 127) p -= 256;
    if (sy && q > 127) q -= 256;
    r += p * q;
  }
  return r;
}

START_TEST(test_cl_int_dot_and_bits) {
  const char *src =
      "__kernel void k(__global const uint *a, __global const uint *b, __global int *o) {\n"
      "  uint i = get_global_id(0), x = a[i], y = b[i];\n"
      "  o[4 * i] = dot(as_uchar4(x), as_char4(y));\n"
      "  o[4 * i + 1] = (int)dot_acc_sat_4x8packed_uu_uint(x, y, 0xfffff000u);\n"
      "  o[4 * i + 2] = bitfield_insert((int)x, (int)y, 4, i % 29);\n"
      "  o[4 * i + 3] = bitfield_extract_signed(x, i % 28, 5) ^ (int)bit_reverse(y);\n"
      "}\n";
  fe_clc_tools tools = fe_front_default_tools();
  fe_sb log = {0};
  ir_module *m = NULL;
  fe_status st = fe_front_source(&tools, src, "-cl-std=CL3.0", &m, &log);
  ck_assert_msg(st == FE_OK, "front end failed: %s", log.s ? log.s : "");
  fe_sb_fini(&log);
  isa_program *p = NULL;
  char err[512], *text = NULL;
  fe_target t = tb_target();
  ck_assert_msg(be_compile_dump(m, &t, &p, NULL, &text, err, sizeof err) == 0, "backend: %s", err);
  ir_module_free(m);
  ck_assert_int_eq(count_op(text, "v_dot4_i32_iu8"), 1);
  ck_assert_int_eq(count_op(text, "v_dot4_sat_u32_u8"), 1);
  ck_assert_int_eq(count_op(text, "v_bfm_b32"), 1);
  ck_assert_int_eq(count_op(text, "v_bfi_b32"), 1);
  ck_assert_int_eq(count_op(text, "v_bfe_i32"), 1);
  ck_assert_int_eq(count_op(text, "v_bfrev_b32"), 1);
  ck_assert_msg(count_op(text, "v_or_b32") == 0, "bytes repacked:\n%s", text);
  free(text);
  enum { NI = 40 };
  uint32_t a[NI], b[NI];
  int32_t o[4 * NI];
  for (uint32_t i = 0; i < NI; i++) {
    a[i] = (0x9e3779b9u * (i + 1)) ^ (i % 3 ? 0 : 0x80808080u);
    b[i] = (0x7f4a7c15u * (i + 7)) ^ (i % 4 ? 0 : 0xffffffffu);
  }
  tb_launch l = {.wave_size = 32, .local_size = NI, .groups = 1, .nbufs = 3};
  l.bufs[0] = (uint8_t *)a, l.sizes[0] = sizeof a, l.bufs[1] = (uint8_t *)b, l.sizes[1] = sizeof b;
  l.bufs[2] = (uint8_t *)o, l.sizes[2] = sizeof o;
  l.args[0] = TB_BUF | 0, l.args[1] = TB_BUF | 1, l.args[2] = TB_BUF | 2;
  run(&p->kernels[0], &l);
  for (uint32_t i = 0; i < NI; i++) {
    uint32_t x = a[i], y = b[i], c = i % 29, mask = c ? ((1u << c) - 1) << 4 : 0;
    int64_t uu = (int64_t)be_dot4(x, y, 0, 0) + 0xfffff000u;
    uint32_t f = (x >> (i % 28)) & 31u, rev = 0;
    for (int k = 0; k < 32; k++) rev |= ((y >> k) & 1u) << (31 - k);
    ck_assert_int_eq(o[4 * i], be_dot4(x, y, 0, 1));
    ck_assert_int_eq(o[4 * i + 1], (int32_t)(uu > 0xffffffffll ? 0xffffffffu : (uint32_t)uu));
    ck_assert_int_eq(o[4 * i + 2], (int32_t)((x & ~mask) | ((y << 4) & mask)));
    ck_assert_int_eq(o[4 * i + 3], (int32_t)((f & 16u ? f | ~31u : f) ^ rev));
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
  tcase_add_test(tc, test_cl_wide_float4_global);
  tcase_add_test(tc, test_cl_wide_float2_and_swizzle);
  tcase_add_test(tc, test_cl_wide_lds_private_struct);
  tcase_add_test(tc, test_cl_wide_double2);
  tcase_add_test(tc, test_cl_wide_unaligned_not_merged);
  tcase_add_test(tc, test_cl_constant_uniform_scalar_load);
  tcase_add_test(tc, test_cl_int_dot_and_bits);
  tcase_add_test(tc, test_cl_sgpr_spill_loop);
  tcase_add_test(tc, test_cl_sgpr_spill_golden);
  suite_add_tcase(s, tc);
  return s;
}

int main(void) {
  return check_run(be_cl_suite());
}
