/* Sub-group collectives (be_isel_xlane.c) on real OpenCL C: when the
 * whole-wave set-up is left out (every lane provably active) and when it is
 * kept, and that both lowerings give the same, exact results on isa_step. */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "be.h"
#include "be_testlib.h"
#include "check_run.h"
#include "fe_front.h"
#include "isa.h"

/* Occurrences of instruction `op` in kernel `name`'s part of an ISA listing. */
static int count_in(const char *text, const char *name, const char *op) {
  char head[128];
  snprintf(head, sizeof head, "kernel %s:", name);
  const char *a = strstr(text, head);
  ck_assert_msg(a != NULL, "no kernel %s in\n%s", name, text);
  const char *b = strstr(a + strlen(head), "\nkernel ");
  size_t len = strlen(op);
  int n = 0;
  for (const char *q = strstr(a, op); q && (!b || q < b); q = strstr(q + len, op))
    n += q[-1] == ' ' && (q[len] == ' ' || q[len] == '\n');
  return n;
}

/* src built with options for wave size W: the program, and its listing in *text. */
static isa_program *build_dump(const char *src, const char *opts, uint32_t W, char **text) {
  fe_clc_tools tools = fe_front_default_tools();
  fe_sb log = {0};
  ir_module *m = NULL;
  fe_status st = fe_front_source(&tools, src, opts, &m, &log);
  ck_assert_msg(st == FE_OK, "front end failed: %s", log.s ? log.s : "");
  fe_sb_fini(&log);
  isa_program *p = NULL;
  char err[512];
  fe_target t = tb_target();
  t.wave_size = W;
  ck_assert_msg(be_compile_dump(m, &t, &p, NULL, text, err, sizeof err) == 0, "backend: %s", err);
  ir_module_free(m);
  return p;
}

static const isa_kernel *kernel(const isa_program *p, const char *name) {
  for (uint32_t i = 0; i < p->nkernels; i++)
    if (!strcmp(p->kernels[i].name, name)) return &p->kernels[i];
  ck_abort_msg("no kernel %s", name);
  return NULL;
}

/* full: every lane active (groups of 64 = whole waves of 32 or 64, uniform
 * groups, uniform control flow). odd: groups of 48 leave a partial wave.
 * div: a collective under a divergent branch, and one after a divergent
 * return (the returned lanes are off until the kernel's end). */
static const char *kSrc =
    "#define BODY                                                              \\\n"
    "  size_t g = get_global_id(0);                                            \\\n"
    "  int x = in[g];                                                          \\\n"
    "  o[g * 6] = sub_group_reduce_add(x);                                     \\\n"
    "  o[g * 6 + 1] = sub_group_scan_inclusive_max(x);                         \\\n"
    "  o[g * 6 + 2] = sub_group_scan_exclusive_add(x);                         \\\n"
    "  o[g * 6 + 3] = sub_group_clustered_reduce_min(x, 4);                    \\\n"
    "  long w = sub_group_reduce_max((long)x * 100000);                        \\\n"
    "  o[g * 6 + 4] = (int)(w >> 8);                                           \\\n"
    "  o[g * 6 + 5] = as_int(sub_group_scan_inclusive_add((float)x * 0.37f));\n"
    "__attribute__((reqd_work_group_size(64, 1, 1)))\n"
    "kernel void full(global const int *in, global int *o) { BODY }\n"
    "__attribute__((reqd_work_group_size(48, 1, 1)))\n"
    "kernel void odd(global const int *in, global int *o) { BODY }\n"
    "__attribute__((reqd_work_group_size(64, 1, 1)))\n"
    "kernel void div(global const int *in, global int *o) {\n"
    "  size_t g = get_global_id(0);\n"
    "  int x = in[g];\n"
    "  if (x & 1) o[g * 6] = sub_group_non_uniform_reduce_add(x);\n"
    "  if (x % 3 == 0) return;\n"
    "  o[g * 6 + 1] = sub_group_non_uniform_reduce_add(x);\n"
    "}\n";

START_TEST(test_xlane_wwm_only_when_needed) {
  char *text = NULL;
  isa_program *p = build_dump(kSrc, "-cl-std=CL3.0 -cl-uniform-work-group-size", 32, &text);
  /* every lane active: none of the set-up, the same shuffles */
  ck_assert_int_eq(count_in(text, "full", "s_wwm_begin"), 0);
  ck_assert_int_eq(count_in(text, "full", "s_wwm_end"), 0);
  ck_assert_int_eq(count_in(text, "full", "v_set_inactive_b32"), 0);
  /* 5 + 5 + (1 + 5) + 2 steps of 32-bit shuffles, 5 of a 64-bit value's two halves, 5 */
  ck_assert_int_eq(count_in(text, "full", "v_shfl_xor_b32"), 5 + 2 + 2 * 5);
  ck_assert_int_eq(count_in(text, "full", "v_shfl_up_b32"), 5 + 6 + 5);
  /* 48 is not a multiple of 32: the second wave is partial */
  ck_assert_int_eq(count_in(text, "odd", "s_wwm_begin"), 6);
  ck_assert_int_eq(count_in(text, "odd", "v_shfl_xor_b32"), 5 + 2 + 2 * 5);
  /* divergent branch, divergent return: both keep whole-wave mode */
  ck_assert_int_eq(count_in(text, "div", "s_wwm_begin"), 2);
  free(text);
  isa_program_destroy(p);
  /* the same source without uniform work-groups: a last group may be smaller */
  p = build_dump(kSrc, "-cl-std=CL3.0", 32, &text);
  ck_assert_int_eq(count_in(text, "full", "s_wwm_begin"), 6);
  free(text);
  isa_program_destroy(p);
  /* wave64: groups of 64 are one whole wave; 48 leave it partial */
  p = build_dump(kSrc, "-cl-std=CL3.0 -cl-uniform-work-group-size", 64, &text);
  ck_assert_int_eq(count_in(text, "full", "s_wwm_begin"), 0);
  ck_assert_int_eq(count_in(text, "odd", "s_wwm_begin"), 6);
  free(text);
  isa_program_destroy(p);
}
END_TEST

/* Kernel `name` of both builds over 2 groups of `local` work-items on wave
 * size W: the outputs must agree bit for bit (float sums included: the same
 * combination order), and every one was written. */
static void same_results(isa_program *a, isa_program *b, const char *name, uint32_t W,
                         uint32_t local) {
  enum { N = 128 };
  int32_t in[N], oa[6 * N], ob[6 * N];
  for (int i = 0; i < N; i++) in[i] = (int32_t)((i * 7919u) % 2001u) - 1000;
  int32_t *outs[2] = {oa, ob};
  isa_program *ps[2] = {a, b};
  for (int k = 0; k < 2; k++) {
    memset(outs[k], 0x5a, sizeof oa);
    tb_launch l = {.wave_size = W, .local_size = local, .groups = 2, .nbufs = 2};
    l.bufs[0] = (uint8_t *)in, l.sizes[0] = sizeof in;
    l.bufs[1] = (uint8_t *)outs[k], l.sizes[1] = sizeof oa;
    l.args[0] = TB_BUF | 0, l.args[1] = TB_BUF | 1;
    tb_run_ok(kernel(ps[k], name), &l);
  }
  for (uint32_t i = 0; i < 6 * 2 * local; i++)
    ck_assert_msg(oa[i] == ob[i], "%s W=%u: output %u: %d against %d", name, W, i, oa[i], ob[i]);
  /* spot-check the sum and scans against C for the first sub-group */
  int32_t sum = 0, run = 0, mx = INT32_MIN;
  uint32_t n = local < W ? local : W;
  for (uint32_t j = 0; j < n; j++) sum += in[j];
  for (uint32_t j = 0; j < n; j++) {
    mx = in[j] > mx ? in[j] : mx;
    ck_assert_int_eq(oa[6 * j], sum);
    ck_assert_int_eq(oa[6 * j + 1], mx);
    ck_assert_int_eq(oa[6 * j + 2], run);
    run += in[j];
  }
}

START_TEST(test_xlane_full_matches_wwm) {
  for (uint32_t W = 32; W <= 64; W += 32) {
    char *t1 = NULL, *t2 = NULL;
    isa_program *fast = build_dump(kSrc, "-cl-std=CL3.0 -cl-uniform-work-group-size", W, &t1);
    isa_program *wwm = build_dump(kSrc, "-cl-std=CL3.0", W, &t2);
    ck_assert_int_eq(count_in(t1, "full", "s_wwm_begin"), 0);
    ck_assert_int_gt(count_in(t2, "full", "s_wwm_begin"), 0);
    same_results(fast, wwm, "full", W, 64);
    same_results(fast, wwm, "odd", W, 48);
    free(t1);
    free(t2);
    isa_program_destroy(fast);
    isa_program_destroy(wwm);
  }
}
END_TEST

Suite *be_xlane_suite(void);
Suite *be_xlane_suite(void) {
  Suite *s = suite_create("be_xlane");
  TCase *tc = tcase_create("core");
  tcase_set_timeout(tc, 120);
  tcase_add_test(tc, test_xlane_wwm_only_when_needed);
  tcase_add_test(tc, test_xlane_full_matches_wwm);
  suite_add_tcase(s, tc);
  return s;
}

int main(void) {
  return check_run(be_xlane_suite());
}
