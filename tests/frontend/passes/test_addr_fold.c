/* Address folding (passes/addr_fold.c) on real OpenCL C: the constants of
 * unrolled copies' indices end in the memory instructions' offsets, with one
 * shared address register, where that is exact; and the cases where it is
 * not (an unsigned 32-bit index that wraps, into a 64-bit address) keep
 * their arithmetic. Every kernel is also run and its results checked. */
#include <check.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "be.h"
#include "be_testlib.h"
#include "check_run.h"
#include "isa.h"

static isa_program *build(const char *src) { return tb_build_cl_ok(src, tb_target()); }
#define run tb_run_ok

/* Instructions with opcode op: how many, how many distinct address
 * registers, and the sorted set of offsets (up to 16). */
typedef struct mem_use {
  uint32_t n, nregs, noffs;
  int32_t offs[16];
} mem_use;

static mem_use uses_of(const isa_kernel *k, isa_opcode op) {
  mem_use u = {0};
  uint32_t regs[64];
  for (uint32_t pc = 0; pc < k->ncode; pc++) {
    const isa_inst *in = &k->code[pc];
    if ((isa_opcode)in->op != op) continue;
    u.n++;
    uint32_t r = in->src[0].reg, seen = 0;
    for (uint32_t i = 0; i < u.nregs; i++) seen |= regs[i] == r;
    if (!seen && u.nregs < 64) regs[u.nregs++] = r;
    if (u.noffs < 16) u.offs[u.noffs++] = in->offset;
  }
  for (uint32_t i = 1; i < u.noffs; i++) /* insertion sort */
    for (uint32_t j = i; j > 0 && u.offs[j - 1] > u.offs[j]; j--) {
      int32_t t = u.offs[j];
      u.offs[j] = u.offs[j - 1];
      u.offs[j - 1] = t;
    }
  return u;
}

/* One group of 64 work-items of k(out, in). */
static void run_out_in(const isa_kernel *k, float *out, uint32_t out_bytes, const float *in,
                       uint32_t in_bytes) {
  tb_launch l = {.wave_size = 32, .local_size = 64, .groups = 1, .nbufs = 2};
  l.bufs[0] = (uint8_t *)out, l.sizes[0] = out_bytes;
  l.bufs[1] = (uint8_t *)(uintptr_t)in, l.sizes[1] = in_bytes;
  l.args[0] = TB_BUF | 0, l.args[1] = TB_BUF | 1;
  run(k, &l);
}

/* __local window read at lid + j, j = 0..7 (a loop fully unrolled): eight
 * ds_reads through one register at offsets 0, 4, ... 28 (uint arithmetic:
 * exact because LDS addresses are 32-bit). */
START_TEST(test_fold_local_window) {
  isa_program *p = build("__kernel void win(__global float *out, __global const float *in) {\n"
                         "  __local float t[64 + 8];\n"
                         "  uint lid = get_local_id(0);\n"
                         "  t[lid] = in[lid];\n"
                         "  if (lid < 8) t[64 + lid] = in[64 + lid];\n"
                         "  barrier(CLK_LOCAL_MEM_FENCE);\n"
                         "  float acc = 0.0f;\n"
                         "  for (uint j = 0; j < 8; j++) acc += t[lid + j] * (float)(j + 1);\n"
                         "  out[lid] = acc;\n"
                         "}\n");
  const isa_kernel *k = &p->kernels[0];
  mem_use u = uses_of(k, ISA_OP_ds_read_b32);
  ck_assert_uint_eq(u.n, 8);
  ck_assert_uint_eq(u.nregs, 1);
  for (uint32_t j = 0; j < 8; j++) ck_assert_int_eq(u.offs[j], (int32_t)(4 * j));
  float in[72], out[64];
  for (int i = 0; i < 72; i++) in[i] = (float)(i * 7 % 13) - 3.0f;
  run_out_in(k, out, sizeof out, in, sizeof in);
  for (int g = 0; g < 64; g++) {
    float acc = 0.0f;
    for (int j = 0; j < 8; j++) acc += in[g + j] * (float)(j + 1);
    ck_assert_float_eq(out[g], acc);
  }
  isa_program_destroy(p);
}
END_TEST

/* A 2-D __local window, t[ty + j][tx + i] for j, i = 0..2 (both loops fully
 * unrolled): clang writes each row as ptradd(row base, j * 40) and adds the
 * column to that, so the row constant sits inside the chain. The rows' bases
 * give their constants up and the columns' repeated index arithmetic merges:
 * nine ds_reads through one register, at j * 40 + i * 4. */
START_TEST(test_fold_local_2d_window) {
  isa_program *p =
      build("__kernel void win2(__global float *out, __global const float *in) {\n"
            "  __local float t[10][10];\n"
            "  int tx = get_local_id(0) % 8, ty = get_local_id(0) / 8;\n"
            "  for (int k = get_local_id(0); k < 100; k += 64) t[k / 10][k % 10] = in[k];\n"
            "  barrier(CLK_LOCAL_MEM_FENCE);\n"
            "  float acc = 0.0f;\n"
            "  for (int j = 0; j < 3; j++)\n"
            "    for (int i = 0; i < 3; i++) acc += t[ty + j][tx + i] * (float)(3 * j + i + 1);\n"
            "  out[get_local_id(0)] = acc;\n"
            "}\n");
  const isa_kernel *k = &p->kernels[0];
  mem_use u = uses_of(k, ISA_OP_ds_read_b32);
  ck_assert_uint_eq(u.n, 9);
  ck_assert_uint_eq(u.nregs, 1);
  /* relative to the first read: the register may hold the window's pointer
   * value, whose ISA_PTR_BIAS (isa.h) the offsets then take back out */
  for (uint32_t j = 0; j < 3; j++)
    for (uint32_t i = 0; i < 3; i++)
      ck_assert_int_eq(u.offs[3 * j + i] - u.offs[0], (int32_t)(40 * j + 4 * i));
  ck_assert(u.offs[0] == 0 || u.offs[0] == -(int32_t)ISA_PTR_BIAS);
  float in[100], out[64];
  for (int q = 0; q < 100; q++) in[q] = (float)(q * 7 % 13) - 3.0f;
  run_out_in(k, out, sizeof out, in, sizeof in);
  for (int g = 0; g < 64; g++) {
    float acc = 0.0f;
    for (int j = 0; j < 3; j++)
      for (int i = 0; i < 3; i++) acc += in[(g / 8 + j) * 10 + g % 8 + i] * (float)(3 * j + i + 1);
    ck_assert_float_eq(out[g], acc);
  }
  isa_program_destroy(p);
}
END_TEST

/* A signed index (nsw adds, from clang through SPIR-V's NoSignedWrap): the
 * 64-bit global loads of in[i + j] share one address with offsets 0..12,
 * and the __constant taps f[j] one scalar address with offsets 0..12. */
START_TEST(test_fold_global_signed) {
  isa_program *p = build("__kernel void taps(__global float *out, __global const float *in,\n"
                         "                   __constant float *f) {\n"
                         "  int i = get_global_id(0);\n"
                         "  float acc = 0.0f;\n"
                         "  for (int j = 0; j < 4; j++) acc += in[i + j] * f[j];\n"
                         "  out[i] = acc;\n"
                         "}\n");
  const isa_kernel *k = &p->kernels[0];
  mem_use g = uses_of(k, ISA_OP_global_load_b32);
  ck_assert_uint_eq(g.n, 4);
  ck_assert_uint_eq(g.nregs, 1);
  for (uint32_t j = 0; j < 4; j++) ck_assert_int_eq(g.offs[j], (int32_t)(4 * j));
  mem_use s = uses_of(k, ISA_OP_s_load_b32);
  uint32_t taps = 0;
  for (uint32_t j = 0; j < s.noffs; j++)
    taps += s.offs[j] == 4 || s.offs[j] == 8 || s.offs[j] == 12;
  ck_assert_uint_ge(taps, 3);
  float in[35], f[4] = {0.5f, -1.0f, 2.0f, 0.25f}, out[32];
  for (int i = 0; i < 35; i++) in[i] = (float)(i % 5) + 0.5f;
  tb_launch l = {.wave_size = 32, .local_size = 32, .groups = 1, .nbufs = 3};
  l.bufs[0] = (uint8_t *)out, l.sizes[0] = sizeof out, l.bufs[1] = (uint8_t *)in,
  l.sizes[1] = sizeof in;
  l.bufs[2] = (uint8_t *)f, l.sizes[2] = sizeof f;
  l.args[0] = TB_BUF | 0, l.args[1] = TB_BUF | 1, l.args[2] = TB_BUF | 2;
  run(k, &l);
  for (int g2 = 0; g2 < 32; g2++) {
    float acc = 0.0f;
    for (int j = 0; j < 4; j++) acc += in[g2 + j] * f[j];
    ck_assert_float_eq(out[g2], acc);
  }
  isa_program_destroy(p);
}
END_TEST

/* An unsigned 32-bit index that wraps: (lid + 0xffffffff) + 1 is lid again,
 * so in[k + 1] must read in[lid]. Moving the +1 out of the zero extension
 * would address 16 GiB past the buffer; the fold must not happen for the
 * 64-bit global address, and the loads must keep distinct addresses. The
 * same expression into __local folds (exact modulo 2^32) and reads right. */
START_TEST(test_no_fold_unsigned_wrap) {
  isa_program *p =
      build("__kernel void wrap(__global float *out, __global const float *in, uint m) {\n"
            "  __local float t[32];\n"
            "  uint lid = get_local_id(0);\n"
            "  t[lid] = in[lid] * 2.0f;\n"
            "  barrier(CLK_LOCAL_MEM_FENCE);\n"
            "  uint k = lid + m;\n"
            "  out[lid] = in[k + 1] + t[k + 1];\n"
            "}\n");
  const isa_kernel *k = &p->kernels[0];
  mem_use g = uses_of(k, ISA_OP_global_load_b32);
  for (uint32_t j = 0; j < g.noffs; j++) ck_assert_int_eq(g.offs[j], 0);
  mem_use d = uses_of(k, ISA_OP_ds_read_b32);
  ck_assert_uint_eq(d.n, 1);
  ck_assert_int_eq(d.offs[0], 4);
  float in[32], out[32];
  for (int i = 0; i < 32; i++) in[i] = (float)i + 0.25f;
  tb_launch l = {.wave_size = 32, .local_size = 32, .groups = 1, .nbufs = 2};
  l.bufs[0] = (uint8_t *)out, l.sizes[0] = sizeof out, l.bufs[1] = (uint8_t *)in,
  l.sizes[1] = sizeof in;
  l.args[0] = TB_BUF | 0, l.args[1] = TB_BUF | 1, l.args[2] = 0xffffffffu;
  run(k, &l);
  for (int g2 = 0; g2 < 32; g2++) ck_assert_float_eq(out[g2], in[g2] * 3.0f);
  isa_program_destroy(p);
}
END_TEST

Suite *addr_fold_suite(void);
Suite *addr_fold_suite(void) {
  Suite *s = suite_create("addr_fold");
  TCase *tc = tcase_create("fold");
  tcase_set_timeout(tc, 60);
  tcase_add_test(tc, test_fold_local_window);
  tcase_add_test(tc, test_fold_local_2d_window);
  tcase_add_test(tc, test_fold_global_signed);
  tcase_add_test(tc, test_no_fold_unsigned_wrap);
  suite_add_tcase(s, tc);
  return s;
}

int main(void) {
  return check_run(addr_fold_suite());
}
