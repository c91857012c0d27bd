/* Tests for frontend/fe.c: the public fe_build / fe_build_spirv / fe_dump
 * entry points, their status codes and build logs. */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "check_run.h"
#include "fe.h"
#include "fe_front.h"

static const fe_target target = {.wave_size = 32, .max_vgprs = 256, .max_sgprs = 104, .fp64 = 1};

START_TEST(build_ok_and_log_empty) {
  fe_compiler *c = fe_compiler_create(NULL);
  isa_program *p = NULL;
  char *log = NULL;
  fe_status st = fe_build(c, "__kernel void k(__global int *o) { o[get_global_id(0)] = 7; }\n", "",
                          &target, &p, &log);
  ck_assert_msg(st == FE_OK, "log: %s", log);
  ck_assert_ptr_nonnull(p);
  ck_assert_ptr_nonnull(isa_program_find(p, "k"));
  ck_assert_str_eq(log, "");
  isa_program_destroy(p);
  free(log);
  fe_compiler_destroy(c);
}
END_TEST

START_TEST(build_errors) {
  fe_compiler *c = fe_compiler_create(NULL);
  isa_program *p = NULL;
  char *log = NULL;
  fe_status st = fe_build(c, "__kernel void k(__global int *o) {\n  o[0] = nope;\n}\n", "",
                          &target, &p, &log);
  ck_assert_int_eq(st, FE_BUILD_FAILED);
  ck_assert_ptr_null(p);
  ck_assert_msg(strstr(log, "input.cl:2:10: error: use of undeclared identifier 'nope'"), "%s", log);
  free(log);
  st = fe_build(c, "__kernel void k(void) {}\n", "-O3", &target, &p, &log);
  ck_assert_int_eq(st, FE_INVALID_OPTIONS);
  ck_assert_msg(strstr(log, "unknown build option '-O3'"), "%s", log);
  free(log);
  uint32_t junk[8] = {0x07230203u, 0x00010000u, 0, 100, 0, 0xffffffffu, 1, 2};
  st = fe_build_spirv(c, junk, 8, NULL, &target, &p, &log);
  ck_assert_int_eq(st, FE_BUILD_FAILED);
  ck_assert_ptr_null(p);
  ck_assert_msg(strstr(log, "<spirv>: error: invalid SPIR-V"), "%s", log);
  free(log);
  fe_compiler_destroy(c);
}
END_TEST

START_TEST(missing_tool_is_internal) {
  fe_host h = {.clang = "/nonexistent/clang"};
  fe_compiler *c = fe_compiler_create(&h);
  isa_program *p = NULL;
  char *log = NULL;
  fe_status st = fe_build(c, "__kernel void k(void) {}\n", "", &target, &p, &log);
  ck_assert_int_eq(st, FE_INTERNAL);
  ck_assert_msg(strstr(log, "error: clang not found or not executable at '/nonexistent/clang' "
                            "(install it or set WAVESIM_CLANG to its path)"), "%s", log);
  free(log);
  fe_compiler_destroy(c);
}
END_TEST

/* A loop over the work dimensions unrolled 8 times keeps more uniform values
 * live than the target has SGPRs: they are spilled to VGPR lanes, so the
 * optimised build succeeds the first time (no retry without unrolling, no
 * note in the log), and with only 12 SGPRs too. */
START_TEST(build_spills_sgprs) {
  static const char src[] =
      "__kernel void geom(__global uint *out) {\n"
      "  uint d = get_work_dim();\n"
      "  size_t lin = 0, stride = 1;\n"
      "  for (uint k = 0; k < d; k++) {\n"
      "    lin += (get_global_id(k) - get_global_offset(k)) * stride;\n"
      "    stride *= get_global_size(k);\n"
      "  }\n"
      "  out[lin] = get_num_groups(0) * 10000 + get_num_groups(1) * 100 + get_num_groups(2) +\n"
      "             get_local_size(0) * get_local_size(1) * get_local_size(2);\n"
      "}\n";
  fe_compiler *c = fe_compiler_create(NULL);
  isa_program *p = NULL;
  char *log = NULL;
  fe_status st = fe_build(c, src, "", &target, &p, &log);
  ck_assert_msg(st == FE_OK, "log: %s", log);
  ck_assert_msg(!log || !strstr(log, "note:"), "%s", log);
  ck_assert_uint_le(p->kernels[0].nsgprs, target.max_sgprs);
  isa_program_destroy(p);
  free(log);
  fe_target tiny = target;
  tiny.max_sgprs = 12;
  st = fe_build(c, src, "", &tiny, &p, &log);
  ck_assert_msg(st == FE_OK, "log: %s", log);
  ck_assert_msg(!log || !strstr(log, "note:"), "%s", log);
  ck_assert_uint_le(p->kernels[0].nsgprs, 12);
  int spills = 0;
  for (uint32_t pc = 0; pc < p->kernels[0].ncode; pc++)
    spills += p->kernels[0].code[pc].op == ISA_OP_v_writelane_b32;
  ck_assert_int_gt(spills, 0);
  isa_program_destroy(p);
  free(log);
  fe_compiler_destroy(c);
}
END_TEST

/* Valid OpenCL C that llvm-spirv 14 used to reject or crash on (vector
 * selects on a scalar condition, constant as_type to a vector, partly
 * constant private initialisers, the unroller's boolean arithmetic) builds
 * through the optimising pipeline, with and without -cl-opt-disable, and
 * with nothing in the log (no fallback to the minimal pipeline). */
START_TEST(toolchain_forms_build_optimised) {
  static const char *const srcs[] = {
      "__kernel void k(__global float4 *a, __global float4 *o, int c) {\n"
      "  int i = get_global_id(0);\n"
      "  float4 x = a[i], y = a[i + 1], r;\n"
      "  if (c > i) r = x; else r = y;\n"
      "  o[i] = (c & 1) ? r * 2.0f : y;\n"
      "}\n",
      "__kernel void k(__global char4 *o, __global float2 *f) {\n"
      "  o[get_global_id(0)] = as_char4(7u);\n"
      "  f[get_global_id(0)] = as_float2(0x3f80000040000000ul);\n"
      "}\n",
      "typedef struct { int a; float b; int c[16]; } S;\n"
      "S mk(int n) { S s = {n, 2.0f, {3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18}};"
      " return s; }\n"
      "__kernel void k(__global int *o, int n) {\n"
      "  S s = mk(n);\n"
      "  o[get_global_id(0)] = s.c[3] + s.c[n & 15] + s.a;\n"
      "}\n",
      "__kernel void k(__global const int8 *a, __global const int8 *b, __global int8 *o, int n) {\n"
      "  int i = get_global_id(0);\n"
      "  int8 acc = 0;\n"
      "  for (int k = 0; k < n; k++) acc += (k & 1) ? a[i] : b[i];\n"
      "  o[i] = acc;\n"
      "}\n",
  };
  fe_compiler *c = fe_compiler_create(NULL);
  for (size_t i = 0; i < sizeof srcs / sizeof srcs[0]; i++)
    for (int od = 0; od < 2; od++) {
      isa_program *p = NULL;
      char *log = NULL;
      fe_status st = fe_build(c, srcs[i], od ? "-cl-opt-disable" : "", &target, &p, &log);
      ck_assert_msg(st == FE_OK && !strcmp(log, ""), "source %zu%s: status %d, log: %s", i,
                    od ? " (-cl-opt-disable)" : "", (int)st, log);
      isa_program_destroy(p);
      free(log);
    }
  fe_compiler_destroy(c);
}
END_TEST

/* A tool stand-in: a shell script in a fresh temp directory (*dir) that
 * prints `out` and exits with `rc`; its path in script. */
static void fake_tool(char *dir, char *script, size_t cap, const char *out, int rc) {
  ck_assert_ptr_nonnull(mkdtemp(dir));
  snprintf(script, cap, "%s/tool.sh", dir);
  FILE *f = fopen(script, "w");
  ck_assert_ptr_nonnull(f);
  fprintf(f, "#!/bin/sh\nprintf '%s'\nexit %d\n", out, rc);
  fclose(f);
  ck_assert_int_eq(chmod(script, 0700), 0);
}

/* Builds a trivial kernel with the tools of `h` (no cache). */
static fe_status build_with(fe_host h, char **log) {
  fe_compiler *c = fe_compiler_create(&h);
  isa_program *p = NULL;
  fe_status st = fe_build(c, "__kernel void k(__global int *o) { o[0] = 1; }\n", "", &target,
                          &p, log);
  ck_assert_ptr_null(p);
  fe_compiler_destroy(c);
  return st;
}

/* fe_host.tmpdir is where the tools' private directory goes (one that
 * cannot hold it fails the build saying where), and legal_stats puts
 * wavesim-legal's counts in the log of every build (never answered from the
 * cache, whose logs would not have them). */
START_TEST(host_tmpdir_and_legal_stats) {
  char *log = NULL;
  ck_assert_int_eq(build_with((fe_host){.tmpdir = "/nonexistent/tmp"}, &log), FE_INTERNAL);
  ck_assert_msg(strstr(log, "error: cannot create a temporary directory under /nonexistent/tmp: "),
                "%s", log);
  free(log);
  char cache[] = "/tmp/wavesim-fe-stats-XXXXXX";
  ck_assert_ptr_nonnull(mkdtemp(cache));
  fe_host h = {.legal_stats = 1, .cache_dir = cache};
  for (int i = 0; i < 2; i++) {
    fe_compiler *c = fe_compiler_create(&h);
    isa_program *p = NULL;
    ck_assert_int_eq(
        fe_build(c, "__kernel void k(__global int *o) { o[0] = 7; }\n", "", &target, &p, &log),
        FE_OK);
    ck_assert_msg(strstr(log, "wavesim-legal: ") && strstr(log, " constants folded, "), "%s", log);
    fe_cache_stats st;
    fe_compiler_cache_stats(c, &st);
    ck_assert_uint_eq(st.hits + st.stores, 0);
    free(log);
    isa_program_destroy(p);
    fe_compiler_destroy(c);
  }
  ck_assert_int_eq(rmdir(cache), 0); /* nothing was stored */
}
END_TEST

/* wavesim-legal missing, diagnosing a construct (exit 1: its message as
 * is), and crashing (its reason lines, never the stack dump). */
START_TEST(legaliser_failures_are_clear) {
  char *log = NULL;
  ck_assert_int_eq(build_with((fe_host){.legal = "/nonexistent/wavesim-legal"}, &log), FE_INTERNAL);
  ck_assert_msg(strstr(log, "error: wavesim-legal not found or not executable at "
                            "'/nonexistent/wavesim-legal' (install it or set WAVESIM_LEGAL to "
                            "its path)"), "%s", log);
  free(log);
  char dir[] = "/tmp/wavesim-fe-legal-XXXXXX", script[96];
  fake_tool(dir, script, sizeof script,
            "input.cl:1:44: error: a one-element vector (<1 x T>) value is not supported\\n", 1);
  ck_assert_int_eq(build_with((fe_host){.legal = script}, &log), FE_BUILD_FAILED);
  ck_assert_msg(strstr(log, "input.cl:1:44: error: a one-element vector (<1 x T>) value is not "
                            "supported\nerror: the program cannot be legalised for the SPIR-V "
                            "translator (wavesim-legal exit 1; the messages above name the "
                            "construct)"), "%s", log);
  free(log);
  unlink(script);
  rmdir(dir);
  char dir2[] = "/tmp/wavesim-fe-legal-XXXXXX";
  fake_tool(dir2, script, sizeof script,
            "LLVM ERROR: boom\\nStack dump:\\n #0 0x00007f00 llvm::sys::PrintStackTrace\\n", 134);
  ck_assert_int_eq(build_with((fe_host){.legal = script}, &log), FE_INTERNAL);
  ck_assert_msg(strstr(log, "  LLVM ERROR: boom\n") && !strstr(log, "PrintStackTrace") &&
                    strstr(log, "(wavesim-legal exit 134;"), "%s", log);
  free(log);
  unlink(script);
  rmdir(dir2);
}
END_TEST

/* A translator crash reaches the log as its reason lines, not its stack dump. */
START_TEST(translator_crash_has_no_stack_dump) {
  char dir[] = "/tmp/wavesim-fe-spirv-XXXXXX", script[96], *log = NULL;
  fake_tool(dir, script, sizeof script,
            "llvm-spirv: SPIRVType.h:333: Assertion `CompCount == 2` failed.\\nStack dump:\\n"
            " #0 0x00007f00 llvm::sys::PrintStackTrace\\n", 1);
  ck_assert_int_eq(build_with((fe_host){.llvm_spirv = script}, &log), FE_BUILD_FAILED);
  ck_assert_msg(strstr(log, "  llvm-spirv: SPIRVType.h:333: Assertion `CompCount == 2` failed.\n") &&
                    !strstr(log, "PrintStackTrace") &&
                    strstr(log, "error: llvm-spirv could not translate the program (exit 1)"),
                "%s", log);
  free(log);
  unlink(script);
  rmdir(dir);
}
END_TEST

/* The last retry: when our reader rejects the SPIR-V of the optimising
 * pipeline, with and without unrolling, the program is built from the
 * minimal one and the log warns about it. A wrapper around llvm-spirv
 * plants the rejection: its first two outputs are a bare SPIR-V magic word. */
START_TEST(build_retries_minimal_pipeline) {
  char dir[] = "/tmp/wavesim-fe-driver-XXXXXX", script[64], count[80], text[1024];
  ck_assert_ptr_nonnull(mkdtemp(dir));
  snprintf(script, sizeof script, "%s/spirv.sh", dir);
  snprintf(count, sizeof count, "%s/spirv.sh.count", dir);
  fe_clc_tools real = fe_front_default_tools();
  snprintf(text, sizeof text,
           "#!/bin/sh\n"
           "n=$(cat \"$0.count\" 2>/dev/null || echo 0); n=$((n + 1)); echo $n > \"$0.count\"\n"
           "'%s' \"$@\" || exit $?\n"
           "for a; do out=$a; done\n"
           "if [ $n -le 2 ]; then printf '\\003\\002\\043\\007' > \"$out\"; fi\n",
           real.llvm_spirv);
  FILE *f = fopen(script, "w");
  ck_assert_ptr_nonnull(f);
  fputs(text, f);
  fclose(f);
  ck_assert_int_eq(chmod(script, 0700), 0);
  fe_host h = {.llvm_spirv = script}; /* no cache: the build must run */
  fe_compiler *c = fe_compiler_create(&h);
  isa_program *p = NULL;
  char *log = NULL;
  fe_status st = fe_build(c, "__kernel void k(__global int *o) { o[get_global_id(0)] = 7; }\n", "",
                          &target, &p, &log);
  ck_assert_msg(st == FE_OK, "log: %s", log);
  ck_assert_ptr_nonnull(isa_program_find(p, "k"));
  ck_assert_msg(strstr(log, "warning: built from the minimal pipeline (mem2reg only), so its code "
                            "and cycle counts are those of unoptimised code (please report the "
                            "kernel); as first compiled: <spirv>: error: invalid SPIR-V"),
                "%s", log);
  f = fopen(count, "r");
  int n = 0;
  ck_assert_ptr_nonnull(f);
  ck_assert_int_eq(fscanf(f, "%d", &n), 1);
  fclose(f);
  ck_assert_int_eq(n, 3); /* optimised, without unrolling, minimal */
  isa_program_destroy(p);
  free(log);
  fe_compiler_destroy(c);
  unlink(count);
  unlink(script);
  rmdir(dir);
}
END_TEST

int main(void) {
  Suite *s = suite_create("fe_driver");
  TCase *tc = tcase_create("driver");
  tcase_set_timeout(tc, 120);
  tcase_add_test(tc, build_ok_and_log_empty);
  tcase_add_test(tc, build_errors);
  tcase_add_test(tc, missing_tool_is_internal);
  tcase_add_test(tc, build_spills_sgprs);
  tcase_add_test(tc, legaliser_failures_are_clear);
  tcase_add_test(tc, host_tmpdir_and_legal_stats);
  tcase_add_test(tc, translator_crash_has_no_stack_dump);
  tcase_add_test(tc, toolchain_forms_build_optimised);
  tcase_add_test(tc, build_retries_minimal_pipeline);
  suite_add_tcase(s, tc);
  return check_run(s);
}
