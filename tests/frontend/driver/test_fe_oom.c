/* Allocation-failure injection for the compiler (frontend/fe_oom.h): every
 * allocation of a compile fails in turn, and each compile must fail cleanly. */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check_run.h"
#include "fe.h"
#include "fe_front.h"

/* The test binary links with -Wl,--wrap=malloc,... (tests/frontend/driver/
 * CMakeLists.txt): every malloc/calloc/realloc/strdup call in the compiler's
 * static libraries (and this file) comes here. --wrap and not a malloc
 * defined here, so that the sanitizer build's allocator stays in charge
 * (its interceptors run under __real_*) and SPIRV-Tools and libstdc++,
 * shared libraries, are never failed (their C++ would throw bad_alloc).
 * Test state, so a file-scope counter is fine. */
void *__real_malloc(size_t n);
void *__real_calloc(size_t n, size_t s);
void *__real_realloc(void *p, size_t n);
char *__real_strdup(const char *s);
void *__wrap_malloc(size_t n);
void *__wrap_calloc(size_t n, size_t s);
void *__wrap_realloc(void *p, size_t n);
char *__wrap_strdup(const char *s);

static int oom_armed;             /* counting (during one compile) */
static unsigned long oom_count;   /* allocations seen since arming */
static unsigned long oom_fail_at; /* 1-based allocation to fail; 0: none */

static int oom_fail(void) {
  return oom_armed && ++oom_count == oom_fail_at;
}
void *__wrap_malloc(size_t n) {
  return oom_fail() ? NULL : __real_malloc(n);
}
void *__wrap_calloc(size_t n, size_t s) {
  return oom_fail() ? NULL : __real_calloc(n, s);
}
void *__wrap_realloc(void *p, size_t n) {
  return oom_fail() ? NULL : __real_realloc(p, n);
}
char *__wrap_strdup(const char *s) {
  return oom_fail() ? NULL : __real_strdup(s);
}

static const fe_target target = {
    .wave_size = 32,
    .max_vgprs = 128,
    .max_sgprs = 104,
    .sched_vgprs = 64,
    .fp64 = 1,
    /* images on: clang 14's opencl-c.h does not parse under CL3.0 without them */
    .images = 1,
    .extensions = "cl_khr_subgroups cl_khr_subgroup_ballot cl_khr_subgroup_clustered_reduce "
                  "cl_khr_subgroup_rotate"};

/* Representative kernels: loops, a helper call kept by -cl-opt-disable,
 * async copies, math builtins, atomics, barriers, printf, sub-group and
 * work-group functions. */
static const char *const kernels[] = {
    "int sq(int x) { return x * x; }\n"
    "__kernel void loops(__global int *o, int n) {\n"
    "  int s = 0;\n"
    "  for (int i = 0; i < n; i++) s += sq(i) ^ (int)get_global_id(0);\n"
    "  o[get_global_id(0)] = s;\n"
    "}\n",
    "__kernel void reduce(__global const float *in, __global float *out, __local float *t) {\n"
    "  size_t l = get_local_id(0);\n"
    "  t[l] = sqrt(fabs(in[get_global_id(0)])) + clamp(in[l], 0.0f, 1.0f);\n"
    "  barrier(CLK_LOCAL_MEM_FENCE);\n"
    "  for (size_t s = get_local_size(0) / 2; s > 0; s >>= 1) {\n"
    "    if (l < s) t[l] += t[l + s];\n"
    "    barrier(CLK_LOCAL_MEM_FENCE);\n"
    "  }\n"
    "  if (l == 0) { out[get_group_id(0)] = t[0]; atomic_inc((__global int *)out + 100); }\n"
    "}\n",
    "__kernel void async(__global const float4 *in, __global float4 *out, __local float4 *t) {\n"
    "  event_t e = async_work_group_copy(t, in + get_group_id(0) * 64, 64, 0);\n"
    "  wait_group_events(1, &e);\n"
    "  out[get_global_id(0)] = t[get_local_id(0)] * 2.0f;\n"
    "  if (get_global_id(0) == 0) printf(\"x %d %f\\n\", (int)get_local_size(0), t[0].x);\n"
    "}\n",
    "__kernel void sg(__global const int *in, __global int *o) {\n"
    "  int x = in[get_global_id(0)];\n"
    "  int s = sub_group_reduce_add(x) + sub_group_scan_exclusive_max(x);\n"
    "  s += sub_group_clustered_reduce_min(x, 4) + sub_group_rotate(x, 3);\n"
    "  s += sub_group_ballot_bit_count(sub_group_ballot(x > 0)) + get_sub_group_local_id();\n"
    "  s += work_group_reduce_add(x) + work_group_scan_inclusive_min(x) + work_group_broadcast(x, "
    "1);\n"
    "  o[get_global_id(0)] = s;\n"
    "}\n",
};
static const char *const options[] = {"-cl-opt-disable", "", "", "-cl-std=CL3.0"};

/* Compiles with allocation `n` failing; returns the allocations the compile
 * made (< n: the failure was never reached and the compile succeeded). */
static unsigned long compile_failing(const uint32_t *w, size_t nw, unsigned long n, int k) {
  isa_program *p = NULL;
  char *log = NULL;
  oom_count = 0;
  oom_fail_at = n;
  oom_armed = 1;
  fe_status st = fe_build_spirv(NULL, w, nw, NULL, &target, &p, &log);
  oom_armed = 0;
  unsigned long seen = oom_count;
  if (n && seen >= n) {
    /* no allocation failure is absorbed: a lost argument type name or log
     * line would be a silently different result */
    ck_assert_msg(st != FE_OK, "kernel %d, allocation %lu: the build succeeded", k, n);
    ck_assert_msg(p == NULL, "kernel %d, allocation %lu: failed build with a program", k, n);
    ck_assert_msg(log && strstr(log, "out of memory"),
                  "kernel %d, allocation %lu: status %d without an out-of-memory message: %s", k, n,
                  st, log ? log : "(null log)");
  } else {
    ck_assert_msg(st == FE_OK, "kernel %d: status %d: %s", k, st, log ? log : "");
  }
  if (p) isa_program_destroy(p);
  free(log);
  return seen;
}

START_TEST(every_allocation_fails_cleanly) {
  int k = _i;
  fe_clc_tools t = fe_front_default_tools();
  t.target = &target;
  uint32_t *w = NULL;
  size_t nw = 0;
  fe_sb log = {0};
  fe_status st = fe_clc_compile(&t, kernels[k], options[k], &w, &nw, &log);
  ck_assert_msg(st == FE_OK, "kernel %d does not compile: %s", k, log.s ? log.s : "");
  fe_sb_fini(&log);
  unsigned long total = compile_failing(w, nw, 0, k);
  ck_assert_uint_gt(total, 10);
  /* every allocation up to 3000, then a stride keeping ~3000 compiles */
  unsigned long stride = total > 3000 ? total / 1500 : 1, tried = 0;
  for (unsigned long n = 1; n <= total; n += n < 3000 ? 1 : stride, tried++)
    compile_failing(w, nw, n, k);
  fprintf(stderr, "kernel %d: %lu allocations, %lu failing compiles\n", k, total, tried);
  free(w);
}
END_TEST

int main(void) {
  Suite *s = suite_create("fe_oom");
  TCase *tc = tcase_create("inject");
  tcase_set_timeout(tc, 120);
  tcase_add_loop_test(tc, every_allocation_fails_cleanly, 0,
                      (int)(sizeof kernels / sizeof *kernels));
  suite_add_tcase(s, tc);
  return check_run(s);
}
