/* Loop code generation on real OpenCL C: loops are rotated and unrolled
 * (with a run-time remainder), the copies rotation leaves on the back edge
 * are coalesced away, branches are threaded, and the constant steps of an
 * unrolled counter are folded — checked on the ISA and by running it. */
#include <check.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "be.h"
#include "be_testlib.h"
#include "check_run.h"
#include "fe_front.h"
#include "isa.h"

static isa_program *build(const char *src) { return tb_build_cl_ok(src, tb_target()); }
#define run tb_run_ok

/* The innermost loop: the last backward branch and its target. */
typedef struct loop_span {
  uint32_t head, latch; /* pcs: first instruction, the backward branch */
} loop_span;

static loop_span last_loop(const isa_kernel *k) {
  loop_span s = {ISA_NO_PC, ISA_NO_PC};
  for (uint32_t pc = 0; pc < k->ncode; pc++) {
    const isa_inst *in = &k->code[pc];
    if ((isa_opcode)in->op != ISA_OP_s_cbranch_scc1 &&
        (isa_opcode)in->op != ISA_OP_s_cbranch_scc0 && (isa_opcode)in->op != ISA_OP_s_branch &&
        (isa_opcode)in->op != ISA_OP_s_cbranch_div)
      continue;
    if (in->target[0] <= pc) s = (loop_span){in->target[0], pc};
  }
  return s;
}

static uint32_t count_op(const isa_kernel *k, loop_span s, isa_opcode op) {
  uint32_t n = 0;
  for (uint32_t pc = s.head; pc <= s.latch && pc < k->ncode; pc++)
    n += (isa_opcode)k->code[pc].op == op;
  return n;
}

static uint32_t count_moves(const isa_kernel *k, loop_span s) {
  return count_op(k, s, ISA_OP_v_mov_b32) + count_op(k, s, ISA_OP_s_mov_b32) +
         count_op(k, s, ISA_OP_v_mov_b64) + count_op(k, s, ISA_OP_s_mov_b64);
}

/* No branch side leads to a block that only jumps on (emission threads
 * branches through those), except a divergent branch's reconvergence point,
 * which lanes must reach. */
static void assert_no_forwarder_targets(const isa_kernel *k) {
  for (uint32_t pc = 0; pc < k->ncode; pc++) {
    const isa_inst *in = &k->code[pc];
    isa_opcode op = (isa_opcode)in->op;
    int div = op == ISA_OP_s_cbranch_div;
    if (!div && op != ISA_OP_s_branch && op != ISA_OP_s_cbranch_scc0 && op != ISA_OP_s_cbranch_scc1)
      continue;
    for (int t = 0; t < (div ? 2 : 1); t++) {
      uint32_t to = in->target[t];
      int is_rpc = 0;
      for (uint32_t q = 0; q < k->ncode; q++)
        is_rpc |= (isa_opcode)k->code[q].op == ISA_OP_s_cbranch_div && k->code[q].target[2] == to;
      ck_assert_msg(to >= k->ncode || is_rpc || (isa_opcode)k->code[to].op != ISA_OP_s_branch,
                    "%s: branch at %u goes to a bare s_branch at %u", k->name, pc, to);
    }
  }
}

/* A constant trip count: unrolled 32 times (FE_CLC_UNROLL_FLAGS' size budget), one
 * counter step, no copies, and a single backward conditional branch closing
 * the loop. */
START_TEST(test_loop_constant_trip_unrolled) {
  isa_program *p =
      build("__kernel void chain(__global float *out, float a, float b) {\n"
            "  float x0 = (float)get_global_id(0), x1 = x0 + 0.5f;\n"
            "  for (int i = 0; i < 64; i++) { x0 = fma(x0, a, b); x1 = fma(x1, a, b); }\n"
            "  out[get_global_id(0)] = x0 + x1;\n"
            "}\n");
  const isa_kernel *k = &p->kernels[0];
  loop_span s = last_loop(k);
  ck_assert_uint_ne(s.latch, ISA_NO_PC);
  ck_assert_uint_eq(count_op(k, s, ISA_OP_v_fma_f32), 64);
  ck_assert_uint_eq(count_moves(k, s), 0);
  ck_assert_uint_eq(count_op(k, s, ISA_OP_s_add_u32), 1);
  ck_assert_uint_eq(count_op(k, s, ISA_OP_s_branch), 0);
  ck_assert_int_eq(k->code[s.latch].op, ISA_OP_s_cbranch_scc1);
  /* 64 fma + counter + compare + branch */
  ck_assert_uint_eq(s.latch - s.head + 1, 67);
  float out[64];
  tb_launch l = {.wave_size = 32, .local_size = 64, .groups = 1, .nbufs = 1};
  l.bufs[0] = (uint8_t *)out, l.sizes[0] = sizeof out, l.args[0] = TB_BUF | 0;
  float a = 0.5f, b = 0.25f;
  uint32_t ab, bb;
  memcpy(&ab, &a, 4);
  memcpy(&bb, &b, 4);
  l.args[1] = ab, l.args[2] = bb;
  run(k, &l);
  for (int g = 0; g < 64; g++) {
    float x0 = (float)g, x1 = x0 + 0.5f;
    for (int i = 0; i < 64; i++) {
      x0 = fmaf(x0, a, b);
      x1 = fmaf(x1, a, b);
    }
    ck_assert_float_eq(out[g], x0 + x1);
  }
  isa_program_destroy(p);
}
END_TEST

/* A private array indexed only by fully unrolled loops (scan's serial part):
 * after unrolling every index is a constant, so the array lives in
 * registers, with no scratch memory and no scratch instruction, and the
 * running sums come out right. */
START_TEST(test_unrolled_private_array_in_registers) {
  isa_program *p = build("__kernel void ser(__global const uint *in, __global uint *out) {\n"
                         "  const uint g = get_global_id(0);\n"
                         "  uint v[8], run = 0;\n"
                         "  for (uint k = 0; k < 8; ++k) { run += in[g * 8 + k]; v[k] = run; }\n"
                         "  for (uint k = 0; k < 8; ++k) out[g * 8 + k] = v[k] + run;\n"
                         "}\n");
  const isa_kernel *k = &p->kernels[0];
  ck_assert_uint_eq(k->private_bytes, 0);
  for (uint32_t pc = 0; pc < k->ncode; pc++)
    ck_assert_int_ne(isa_ops[k->code[pc].op].unit, ISA_UNIT_SCRATCH);
  uint32_t in[64 * 8], out[64 * 8];
  for (int i = 0; i < 64 * 8; i++) in[i] = (uint32_t)(i * 7 % 13);
  tb_launch l = {.wave_size = 32, .local_size = 64, .groups = 1, .nbufs = 2};
  l.bufs[0] = (uint8_t *)in, l.sizes[0] = sizeof in, l.args[0] = TB_BUF | 0;
  l.bufs[1] = (uint8_t *)out, l.sizes[1] = sizeof out, l.args[1] = TB_BUF | 1;
  run(k, &l);
  for (int g = 0; g < 64; g++) {
    uint32_t v[8], r = 0;
    for (int j = 0; j < 8; j++) v[j] = r += in[g * 8 + j];
    for (int j = 0; j < 8; j++) ck_assert_uint_eq(out[g * 8 + j], v[j] + r);
  }
  isa_program_destroy(p);
}
END_TEST

/* A run-time trip count: remainder iterations first, then the 8-way body;
 * every count from 0 to 16 (none, remainder only, one body pass, both) gives the exact sum. */
START_TEST(test_loop_runtime_trip_remainder) {
  isa_program *p = build("__kernel void dot(__global int *out, __global const int *x, int n) {\n"
                         "  int g = get_global_id(0), acc = g;\n"
                         "  for (int k = 0; k < n; k++) acc += x[k] * (k + g);\n"
                         "  out[g] = acc;\n"
                         "}\n");
  const isa_kernel *k = &p->kernels[0];
  loop_span s = last_loop(k);
  /* unrolled 8 times: LLVM's partial-unroll size threshold binds first */
  ck_assert_uint_eq(count_op(k, s, ISA_OP_global_load_b32), 8);
  assert_no_forwarder_targets(k);
  int32_t x[16], out[40];
  for (int i = 0; i < 16; i++) x[i] = i * 3 - 7;
  for (int n = 0; n <= 16; n++) {
    tb_launch l = {.wave_size = 32, .local_size = 40, .groups = 1, .nbufs = 2};
    l.bufs[0] = (uint8_t *)out, l.sizes[0] = sizeof out, l.bufs[1] = (uint8_t *)x,
    l.sizes[1] = sizeof x;
    l.args[0] = TB_BUF | 0, l.args[1] = TB_BUF | 1, l.args[2] = (uint64_t)n;
    run(k, &l);
    for (int g = 0; g < 40; g++) {
      int acc = g;
      for (int kk = 0; kk < n; kk++) acc += x[kk] * (kk + g);
      ck_assert_msg(out[g] == acc, "n=%d g=%d: %d, want %d", n, g, out[g], acc);
    }
  }
  isa_program_destroy(p);
}
END_TEST

/* Per-lane trip counts (a divergent rotated, unrolled loop) and a uniform
 * loop nested in a divergent branch (its SGPR counter must not share a
 * register with values of the other side). */
START_TEST(test_loop_divergent_and_nested) {
  isa_program *p = build("__kernel void dl(__global int *out, __global const int *x, int n) {\n"
                         "  int g = get_global_id(0), acc = 0, other = n * 5;\n"
                         "  for (int i = 0; i < g % 7 + n; i++) acc += x[i & 15] ^ i;\n"
                         "  if (g & 1) {\n"
                         "    for (int j = 0; j < n; j++) acc += j * other;\n"
                         "  } else {\n"
                         "    for (int j = n; j > 0; j--) other += x[j & 15];\n"
                         "    acc -= other;\n"
                         "  }\n"
                         "  out[g] = acc;\n"
                         "}\n");
  assert_no_forwarder_targets(&p->kernels[0]);
  int32_t x[16], out[70];
  for (int i = 0; i < 16; i++) x[i] = i * i - 30;
  for (int n = 0; n <= 6; n++) {
    tb_launch l = {.wave_size = 32, .local_size = 70, .groups = 1, .nbufs = 2};
    l.bufs[0] = (uint8_t *)out, l.sizes[0] = sizeof out, l.bufs[1] = (uint8_t *)x,
    l.sizes[1] = sizeof x;
    l.args[0] = TB_BUF | 0, l.args[1] = TB_BUF | 1, l.args[2] = (uint64_t)n;
    run(&p->kernels[0], &l);
    for (int g = 0; g < 70; g++) {
      int acc = 0, other = n * 5;
      for (int i = 0; i < g % 7 + n; i++) acc += x[i & 15] ^ i;
      if (g & 1) {
        for (int j = 0; j < n; j++) acc += j * other;
      } else {
        for (int j = n; j > 0; j--) other += x[j & 15];
        acc -= other;
      }
      ck_assert_msg(out[g] == acc, "n=%d g=%d: %d, want %d", n, g, out[g], acc);
    }
  }
  isa_program_destroy(p);
}
END_TEST

/* Builtin calls do not stop run-time unrolling (clang makes every OpenCL call
 * convergent; clc_conv.c clears it on builtins that do not synchronize), a
 * barrier does: that loop keeps one barrier per iteration. Both run right
 * for every trip count 0..12. */
START_TEST(test_loop_runtime_builtins_vs_barrier) {
  isa_program *p = build(
      "__kernel void chains(__global float *out, float a, float b, int n) {\n"
      "  float x = get_global_id(0) * 0.25f, y = x + 1.0f;\n"
      "  for (int i = 0; i < n; i++) { x = fma(x, a, b); y = fmax(y * a, b); }\n"
      "  out[get_global_id(0)] = x + y;\n"
      "}\n"
      "__kernel void sync(__global int *out, int n) {\n"
      "  __local int t[32];\n"
      "  int l = get_local_id(0), acc = 0;\n"
      "  for (int i = 0; i < n; i++) {\n"
      "    t[l] = l * i;\n"
      "    barrier(CLK_LOCAL_MEM_FENCE);\n"
      "    acc += t[(l + 1) % 32];\n"
      "    barrier(CLK_LOCAL_MEM_FENCE);\n"
      "  }\n"
      "  out[l] = acc;\n"
      "}\n");
  const isa_kernel *kc = isa_program_find(p, "chains"), *ks = isa_program_find(p, "sync");
  loop_span s = last_loop(kc);
  ck_assert_uint_ge(count_op(kc, s, ISA_OP_v_fma_f32), 4);
  loop_span t = last_loop(ks);
  ck_assert_uint_eq(count_op(ks, t, ISA_OP_s_barrier_local), 2);
  for (int n = 0; n <= 12; n++) {
    float out[32];
    const float a = 0.75f, b = 0.125f;
    tb_launch l = {.wave_size = 32, .local_size = 32, .groups = 1, .nbufs = 1};
    l.bufs[0] = (uint8_t *)out, l.sizes[0] = sizeof out;
    uint32_t ab[2];
    memcpy(&ab[0], &a, 4);
    memcpy(&ab[1], &b, 4);
    l.args[0] = TB_BUF | 0, l.args[1] = ab[0], l.args[2] = ab[1], l.args[3] = (uint64_t)n;
    run(kc, &l);
    for (int g = 0; g < 32; g++) {
      float x = g * 0.25f, y = x + 1.0f;
      for (int i = 0; i < n; i++) x = fmaf(x, a, b), y = fmaxf(y * a, b);
      ck_assert_msg(out[g] == x + y, "n=%d g=%d: %g, want %g", n, g, out[g], x + y);
    }
    int32_t iout[32];
    tb_launch m = {.wave_size = 32, .local_size = 32, .groups = 1, .nbufs = 1};
    m.bufs[0] = (uint8_t *)iout, m.sizes[0] = sizeof iout;
    m.args[0] = TB_BUF | 0, m.args[1] = (uint64_t)n;
    run(ks, &m);
    for (int g = 0; g < 32; g++) {
      int acc = 0;
      for (int i = 0; i < n; i++) acc += ((g + 1) % 32) * i;
      ck_assert_msg(iout[g] == acc, "n=%d g=%d: %d, want %d", n, g, iout[g], acc);
    }
  }
  isa_program_destroy(p);
}
END_TEST

/* The scheduler's register budget (fe_target.sched_vgprs): an unrolled loop
 * of independent float4 loads and rsqrt chains interleaves every iteration
 * without one, and keeps fewer values live (fewer VGPRs) within one; both
 * compute the same sums. */
START_TEST(test_sched_register_budget) {
  static const char src[] =
      "__kernel void s(__global const float4 *p, __global float *out) {\n"
      "  float a = 0.0f;\n"
      "  const int g = get_global_id(0);\n"
      "  for (int j = 0; j < 64; j++) {\n"
      "    float4 q = p[j + g];\n"
      "    a += rsqrt(q.x * q.x + q.y * q.y + q.z * q.z + 1.0f) * q.w;\n"
      "  }\n"
      "  out[g] = a;\n"
      "}\n";
  fe_target t = tb_target();
  isa_program *wide = tb_build_cl_ok(src, t);
  t.sched_vgprs = 16;
  isa_program *lean = tb_build_cl_ok(src, t);
  const isa_kernel *kw = &wide->kernels[0], *kl = &lean->kernels[0];
  ck_assert_msg(kl->nvgprs < kw->nvgprs, "budget 16: %u VGPRs, no budget: %u", kl->nvgprs, kw->nvgprs);
  float in[4 * 96], ow[32], ol[32];
  for (int i = 0; i < 4 * 96; i++) in[i] = (float)((i * 7) % 13) * 0.25f - 1.0f;
  for (int v = 0; v < 2; v++) {
    tb_launch l = {.wave_size = 32, .local_size = 32, .groups = 1, .nbufs = 2};
    l.bufs[0] = (uint8_t *)in, l.sizes[0] = sizeof in;
    l.bufs[1] = (uint8_t *)(v ? ol : ow), l.sizes[1] = sizeof ow;
    l.args[0] = TB_BUF | 0, l.args[1] = TB_BUF | 1;
    run(v ? kl : kw, &l);
  }
  for (int g = 0; g < 32; g++) ck_assert_float_eq(ow[g], ol[g]);
  isa_program_destroy(wide);
  isa_program_destroy(lean);
}
END_TEST

/* The unroll budget depends on the trip count: a body the size of nbody's
 * (a float4 load, an rsqrt, a dozen FMAs) is unrolled 8 times when the trip
 * count is a constant and 4 times when it is known only at run time, as
 * NVIDIA's compiler does (validation/data/kernels_sass/nbody.sass); every
 * run-time count 0..9 gives the exact sums. */
static const char nbody_src[] =
    "float3 f(float4 pi, float4 pj, float3 a) {\n"
    "  float3 r = pj.xyz - pi.xyz;\n"
    "  float inv = rsqrt(r.x * r.x + r.y * r.y + r.z * r.z + 0.01f);\n"
    "  return a + r * (pj.w * inv * inv * inv);\n"
    "}\n"
    "__kernel void rt(__global const float4 *p, __global float4 *o, int n) {\n"
    "  int i = get_global_id(0);\n"
    "  float4 pi = p[i];\n"
    "  float3 a = (float3)(0.0f);\n"
    "  for (int j = 0; j < n; j++) a = f(pi, p[j], a);\n"
    "  o[i] = (float4)(a, 0.0f);\n"
    "}\n"
    "__kernel void ct(__global const float4 *p, __global float4 *o, int n) {\n"
    "  int i = get_global_id(0);\n"
    "  float4 pi = p[i];\n"
    "  float3 a = (float3)(0.0f);\n"
    "  for (int j = 0; j < 64; j++) a = f(pi, p[j], a);\n"
    "  o[i] = (float4)(a, 0.0f);\n"
    "}\n";

START_TEST(test_unroll_budget_by_trip_count) {
  isa_program *p = build(nbody_src);
  const isa_kernel *rt = isa_program_find(p, "rt"), *ct = isa_program_find(p, "ct");
  ck_assert_uint_eq(count_op(rt, last_loop(rt), ISA_OP_v_rsq_f32), 4);
  ck_assert_uint_eq(count_op(ct, last_loop(ct), ISA_OP_v_rsq_f32), 8);
  float pos[4 * 32], out[4 * 32];
  for (int i = 0; i < 4 * 32; i++) pos[i] = (float)((i * 13) % 11) * 0.5f - 2.0f;
  for (int n = 0; n <= 9; n++) {
    tb_launch l = {.wave_size = 32, .local_size = 32, .groups = 1, .nbufs = 2};
    l.bufs[0] = (uint8_t *)pos, l.sizes[0] = sizeof pos, l.bufs[1] = (uint8_t *)out,
    l.sizes[1] = sizeof out;
    l.args[0] = TB_BUF | 0, l.args[1] = TB_BUF | 1, l.args[2] = (uint64_t)n;
    run(rt, &l);
    for (int i = 0; i < 32; i++) {
      float a[3] = {0, 0, 0};
      for (int j = 0; j < n; j++) {
        float r[3];
        for (int c = 0; c < 3; c++) r[c] = pos[4 * j + c] - pos[4 * i + c];
        /* rsqrt's rounding and the contractions are the compiler's: compare
         * to 1e-4 relative */
        float inv = 1.0f / sqrtf(r[0] * r[0] + r[1] * r[1] + r[2] * r[2] + 0.01f);
        float sc = pos[4 * j + 3] * inv * inv * inv;
        for (int c = 0; c < 3; c++) a[c] += r[c] * sc;
      }
      for (int c = 0; c < 3; c++)
        ck_assert_msg(fabsf(out[4 * i + c] - a[c]) <= 1e-4f * (1.0f + fabsf(a[c])),
                      "n=%d body %d comp %d: %g, want %g", n, i, c, out[4 * i + c], a[c]);
    }
  }
  isa_program_destroy(p);
}
END_TEST

/* Under a register budget the scheduler fills an rsqrt's latency with the
 * other bodies' arithmetic instead of placing its reader right behind it
 * (NVIDIA interleaves two or three bodies of nbody's unrolled loop). */
START_TEST(test_sched_fills_latency) {
  fe_target t = tb_target();
  t.sched_vgprs = 32;
  isa_program *p = tb_build_cl_ok(nbody_src, t);
  const isa_kernel *k = isa_program_find(p, "ct");
  loop_span s = last_loop(k);
  uint32_t nrsq = 0, close = 0;
  for (uint32_t pc = s.head; pc <= s.latch; pc++) {
    const isa_inst *in = &k->code[pc];
    if ((isa_opcode)in->op != ISA_OP_v_rsq_f32) continue;
    nrsq++;
    uint32_t d = in->dst.reg, q = pc + 1;
    for (; q <= s.latch; q++) {
      const isa_inst *u = &k->code[q];
      int reads = 0;
      for (int j = 0; j < 3; j++) reads |= u->src[j].file == ISA_RF_V && u->src[j].reg == d;
      if (reads) break;
    }
    close += q - pc < 4;
  }
  ck_assert_uint_eq(nrsq, 8);
  ck_assert_msg(close <= 2, "%u of 8 rsqrt results read within 3 instructions", close);
  isa_program_destroy(p);
}
END_TEST

/* A 5x5 filter over a __local tile with the taps in __constant, read by
 * vector loads (the h100 preset's constant_vector_loads): after the
 * barrier only loads can start, and the scheduler takes the LDS read that
 * lets the next FMA of the chain issue rather than hoisting all 25 taps
 * (this kernel: 36 VGPRs without that rule), so the kernel fits
 * the 32-register budget NVIDIA's compiler also meets (30). */
START_TEST(test_sched_loads_that_unblock) {
  static const char src[] =
      "__kernel void c2(__global const float *in, __constant float *f, __global float *out) {\n"
      "  __local float t[20][20];\n"
      "  const int tx = get_local_id(0) % 16, ty = get_local_id(0) / 16;\n"
      "  for (int k = ty * 16 + tx; k < 400; k += 256) t[k / 20][k % 20] = in[k];\n"
      "  barrier(CLK_LOCAL_MEM_FENCE);\n"
      "  float acc = 0.0f;\n"
      "  for (int j = 0; j < 5; ++j)\n"
      "    for (int i = 0; i < 5; ++i) acc += f[j * 5 + i] * t[ty + j][tx + i];\n"
      "  out[ty * 16 + tx] = acc;\n"
      "}\n";
  fe_target t = tb_target();
  t.sched_vgprs = 32;
  t.constant_vector_loads = 1;
  isa_program *p = tb_build_cl_ok(src, t);
  const isa_kernel *k = &p->kernels[0];
  ck_assert_msg(k->nvgprs <= 32, "%u VGPRs", k->nvgprs);
  float in[400], fl[25], out[256];
  for (int i = 0; i < 400; i++) in[i] = (float)((i * 7) % 13) - 6.0f;
  for (int i = 0; i < 25; i++) fl[i] = (float)(i % 5) - 2.0f;
  tb_launch l = {.wave_size = 32, .local_size = 256, .groups = 1, .nbufs = 3};
  l.bufs[0] = (uint8_t *)in, l.sizes[0] = sizeof in;
  l.bufs[1] = (uint8_t *)fl, l.sizes[1] = sizeof fl;
  l.bufs[2] = (uint8_t *)out, l.sizes[2] = sizeof out;
  l.args[0] = TB_BUF | 0, l.args[1] = TB_BUF | 1, l.args[2] = TB_BUF | 2;
  run(k, &l);
  for (int y = 0; y < 16; y++)
    for (int x = 0; x < 16; x++) {
      float acc = 0.0f;
      for (int j = 0; j < 5; j++)
        for (int i = 0; i < 5; i++) acc += fl[j * 5 + i] * in[(y + j) * 20 + x + i];
      ck_assert_float_eq(out[y * 16 + x], acc);
    }
  isa_program_destroy(p);
}
END_TEST

/* First pc of op at or after `from` (k->ncode when none). */
static uint32_t first_op(const isa_kernel *k, uint32_t from, isa_opcode op) {
  uint32_t pc = from;
  while (pc < k->ncode && (isa_opcode)k->code[pc].op != op) pc++;
  return pc;
}

/* __local and __global memory never alias: a tile's four global loads all
 * issue before the LDS stores of the first (NVIDIA: 4 LDG then 4 STS), so
 * their latencies overlap. A global store still keeps a later global load
 * behind it, and an LDS atomic keeps later global loads behind it. */
/* Short if-bodies become s_cbranch_pred (be_predicate.c): the tree step's
 * read-add-write is predicated; a body longer than BE_PRED_MAX (8) and an if
 * with an else keep s_cbranch_div. Results are checked. */
START_TEST(test_predicate_short_bodies) {
  isa_program *p =
      build("__kernel void t(__global float *o, __global const int *c) {\n"
            "  __local float s[128];\n"
            "  int l = get_local_id(0);\n"
            "  s[l] = l; s[l + 64] = 1.0f;\n"
            "  barrier(CLK_LOCAL_MEM_FENCE);\n"
            "  if (l < 16) s[l] += s[l + 64];\n"
            "  barrier(CLK_LOCAL_MEM_FENCE);\n"
            "  float v = s[l];\n"
            "  if (l > c[0]) {\n"
            "    v = v * v + 1.0f; v = v * v + 2.0f; v = v * v + 3.0f; v = v * v + 4.0f;\n"
            "    v = v * v + 5.0f; v = v * v + 6.0f; v = v * v + 7.0f; v = v * v + 8.0f;\n"
            "    v = v * v + 9.0f;\n"
            "  }\n"
            "  o[l] = v;\n"
            "  if (l & 1) o[l + 64] = 1.0f; else o[l + 64] = 2.0f;\n"
            "}\n");
  const isa_kernel *k = &p->kernels[0];
  uint32_t pred = 0, div = 0;
  for (uint32_t pc = 0; pc < k->ncode; pc++) {
    if ((isa_opcode)k->code[pc].op == ISA_OP_s_cbranch_pred) {
      pred++;
      /* the body is the next few instructions, ending at the join */
      ck_assert_uint_eq(k->code[pc].target[0], pc + 1);
      ck_assert_uint_eq(k->code[pc].target[1], k->code[pc].target[2]);
      ck_assert_uint_le(k->code[pc].target[2] - pc - 1, 8);
    }
    if ((isa_opcode)k->code[pc].op == ISA_OP_s_cbranch_div) div++;
  }
  ck_assert_uint_eq(pred, 1);
  ck_assert_uint_eq(div, 2);
  float o[128];
  int c[1] = {40};
  tb_launch l = {.wave_size = 32, .local_size = 64, .groups = 1, .nbufs = 2};
  l.bufs[0] = (uint8_t *)o, l.sizes[0] = sizeof o;
  l.bufs[1] = (uint8_t *)c, l.sizes[1] = sizeof c;
  l.args[0] = TB_BUF | 0, l.args[1] = TB_BUF | 1;
  run(k, &l);
  for (int i = 0; i < 64; i++) {
    float v = (float)i + (i < 16 ? 1.0f : 0.0f);
    if (i > 40)
      for (int j = 1; j <= 9; j++) v = v * v + (float)j;
    ck_assert_msg(o[i] == v, "o[%d] = %g, want %g", i, o[i], v);
    ck_assert_float_eq(o[i + 64], (i & 1) ? 1.0f : 2.0f);
  }
  isa_program_destroy(p);
}
END_TEST

START_TEST(test_sched_loads_pass_lds_stores) {
  isa_program *p = build("__kernel void t(__global const float *a, __global float *o) {\n"
                         "  __local float s[256];\n"
                         "  __local int n;\n"
                         "  int l = get_local_id(0);\n"
                         "  if (l == 0) n = 0;\n"
                         "  barrier(CLK_LOCAL_MEM_FENCE);\n"
                         "  s[l] = a[4 * l];\n"
                         "  s[l + 64] = a[4 * l + 1];\n"
                         "  s[l + 128] = a[4 * l + 2];\n"
                         "  s[l + 192] = a[4 * l + 3];\n"
                         "  barrier(CLK_LOCAL_MEM_FENCE);\n"
                         "  o[l] = s[(l + 1) % 64] + s[l + 128];\n"
                         "  float x = a[l + 1];\n"
                         "  atomic_inc(&n);\n"
                         "  float y = a[l + 2];\n"
                         "  o[l + 64] = x + y;\n"
                         "}\n");
  const isa_kernel *k = &p->kernels[0];
  uint32_t bar = first_op(k, 0, ISA_OP_s_barrier_local),
           bar2 = first_op(k, bar + 1, ISA_OP_s_barrier_local);
  ck_assert_uint_lt(bar2, k->ncode);
  uint32_t loads = 0, last_load = 0, first_write = first_op(k, bar + 1, ISA_OP_ds_write_b32);
  for (uint32_t pc = bar + 1; pc < bar2; pc++)
    if ((isa_opcode)k->code[pc].op == ISA_OP_global_load_b32) loads++, last_load = pc;
  ck_assert_uint_eq(loads, 4);
  ck_assert_uint_lt(last_load, first_write);
  /* after the second barrier: store o[l], load a[l + 1], atomic, load a[l + 2] */
  uint32_t st = first_op(k, bar2, ISA_OP_global_store_b32),
           ld = first_op(k, bar2, ISA_OP_global_load_b32);
  ck_assert_uint_lt(st, ld);
  uint32_t at = bar2;
  while (at < k->ncode && !(isa_ops[k->code[at].op].flags & ISA_F_ATOMIC)) at++;
  ck_assert_uint_lt(at, k->ncode);
  ck_assert_uint_gt(first_op(k, ld + 1, ISA_OP_global_load_b32), at);
  /* and the results are right */
  float a[260], o[128];
  for (int i = 0; i < 260; i++) a[i] = (float)i;
  tb_launch l = {.wave_size = 32, .local_size = 64, .groups = 1, .nbufs = 2};
  l.bufs[0] = (uint8_t *)a, l.sizes[0] = sizeof a;
  l.bufs[1] = (uint8_t *)o, l.sizes[1] = sizeof o;
  l.args[0] = TB_BUF | 0, l.args[1] = TB_BUF | 1;
  run(k, &l);
  for (int i = 0; i < 64; i++) {
    ck_assert_float_eq(o[i], a[4 * ((i + 1) % 64)] + a[4 * i + 2]);
    ck_assert_float_eq(o[i + 64], a[i + 1] + a[i + 2]);
  }
  isa_program_destroy(p);
}
END_TEST

/* x * a + b in one v_mad_u32 (IMAD), wrapping like the two operations */
START_TEST(test_integer_mad) {
  isa_program *p = build("__kernel void h(__global uint *out, uint a, uint b) {\n"
                         "  uint x = get_global_id(0) * 0x9E3779B9u;\n"
                         "  for (int i = 0; i < 16; i++) x = x * a + b;\n"
                         "  out[get_global_id(0)] = x;\n"
                         "}\n");
  const isa_kernel *k = &p->kernels[0];
  ck_assert_uint_ge(count_op(k, (loop_span){0, k->ncode - 1}, ISA_OP_v_mad_u32), 16);
  ck_assert_uint_eq(count_op(k, (loop_span){0, k->ncode - 1}, ISA_OP_v_add_u32), 0);
  uint32_t out[32];
  const uint32_t a = 0x01000193u, b = 0x811C9DC5u;
  tb_launch l = {.wave_size = 32, .local_size = 32, .groups = 1, .nbufs = 1};
  l.bufs[0] = (uint8_t *)out, l.sizes[0] = sizeof out;
  l.args[0] = TB_BUF | 0, l.args[1] = a, l.args[2] = b;
  run(k, &l);
  for (uint32_t g = 0; g < 32; g++) {
    uint32_t x = g * 0x9E3779B9u;
    for (int i = 0; i < 16; i++) x = x * a + b;
    ck_assert_uint_eq(out[g], x);
  }
  isa_program_destroy(p);
}
END_TEST

Suite *be_loops_suite(void);
Suite *be_loops_suite(void) {
  Suite *s = suite_create("backend_loops");
  TCase *tc = tcase_create("loops");
  tcase_set_timeout(tc, 60);
  tcase_add_test(tc, test_loop_constant_trip_unrolled);
  tcase_add_test(tc, test_loop_runtime_trip_remainder);
  tcase_add_test(tc, test_loop_divergent_and_nested);
  tcase_add_test(tc, test_loop_runtime_builtins_vs_barrier);
  tcase_add_test(tc, test_sched_register_budget);
  tcase_add_test(tc, test_unroll_budget_by_trip_count);
  tcase_add_test(tc, test_sched_fills_latency);
  tcase_add_test(tc, test_sched_loads_that_unblock);
  tcase_add_test(tc, test_sched_loads_pass_lds_stores);
  tcase_add_test(tc, test_predicate_short_bodies);
  tcase_add_test(tc, test_integer_mad);
  tcase_add_test(tc, test_unrolled_private_array_in_registers);
  suite_add_tcase(s, tc);
  return s;
}

int main(void) {
  return check_run(be_loops_suite());
}
