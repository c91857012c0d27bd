/* rt_opts.c: the environment variables the runtime and the command resolve
 * for the libraries (the compiler's tools, cache, TMPDIR, legaliser stats,
 * the presets' directory), with the precedence README documents, and a
 * platform whose presets come from WAVESIM_CONFIG_DIR. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "check_run.h"
#include "rt_opts.h"
#include "rt_test_util.h"

START_TEST(cache_dir_precedence) {
  char buf[256];
  fe_host h;
  unsetenv("WAVESIM_CACHE");
  setenv("WAVESIM_CACHE_DIR", "/a/b", 1);
  setenv("XDG_CACHE_HOME", "/xdg", 1);
  rt_opts_fe_host(&h, buf, sizeof buf);
  ck_assert_str_eq(h.cache_dir, "/a/b");
  unsetenv("WAVESIM_CACHE_DIR");
  rt_opts_fe_host(&h, buf, sizeof buf);
  ck_assert_str_eq(h.cache_dir, "/xdg/wavesim");
  setenv("XDG_CACHE_HOME", "relative", 1); /* the XDG spec says ignore it */
  setenv("HOME", "/home/u", 1);
  rt_opts_fe_host(&h, buf, sizeof buf);
  ck_assert_str_eq(h.cache_dir, "/home/u/.cache/wavesim");
  unsetenv("HOME");
  rt_opts_fe_host(&h, buf, sizeof buf);
  ck_assert_ptr_null(h.cache_dir);
  setenv("WAVESIM_CACHE_DIR", "/a/b", 1);
  const char *off[] = {"off", "0", "no", "false"};
  for (size_t i = 0; i < 4; i++) {
    setenv("WAVESIM_CACHE", off[i], 1);
    rt_opts_fe_host(&h, buf, sizeof buf);
    ck_assert_ptr_null(h.cache_dir);
  }
  setenv("WAVESIM_CACHE", "on", 1);
  rt_opts_fe_host(&h, buf, sizeof buf);
  ck_assert_str_eq(h.cache_dir, "/a/b");
  /* a composed directory that does not fit: no cache rather than a cut path */
  unsetenv("WAVESIM_CACHE_DIR");
  setenv("XDG_CACHE_HOME", "/a-rather-long-cache-home", 1);
  rt_opts_fe_host(&h, buf, 8);
  ck_assert_ptr_null(h.cache_dir);
}
END_TEST

START_TEST(tools_tmpdir_stats) {
  char buf[256];
  fe_host h;
  const char *vars[] = {"WAVESIM_CLANG", "WAVESIM_LLVM_SPIRV", "WAVESIM_OPT",
                        "WAVESIM_LEGAL", "WAVESIM_SPIRV_LINK", "WAVESIM_LLVM_LINK",
                        "TMPDIR",        "WAVESIM_LEGAL_STATS"};
  for (size_t i = 0; i < sizeof vars / sizeof vars[0]; i++) unsetenv(vars[i]);
  rt_opts_fe_host(&h, buf, sizeof buf);
  ck_assert_ptr_null(h.clang);
  ck_assert_ptr_null(h.llvm_link);
  ck_assert_ptr_null(h.tmpdir);
  ck_assert_int_eq(h.legal_stats, 0);
  for (size_t i = 0; i < sizeof vars / sizeof vars[0]; i++) setenv(vars[i], vars[i], 1);
  rt_opts_fe_host(&h, buf, sizeof buf);
  ck_assert_str_eq(h.clang, "WAVESIM_CLANG");
  ck_assert_str_eq(h.llvm_spirv, "WAVESIM_LLVM_SPIRV");
  ck_assert_str_eq(h.opt, "WAVESIM_OPT");
  ck_assert_str_eq(h.legal, "WAVESIM_LEGAL");
  ck_assert_str_eq(h.spirv_link, "WAVESIM_SPIRV_LINK");
  ck_assert_str_eq(h.llvm_link, "WAVESIM_LLVM_LINK");
  ck_assert_str_eq(h.tmpdir, "TMPDIR");
  ck_assert_int_eq(h.legal_stats, 1);
}
END_TEST

/* The compiler the platform makes follows the environment: a clang that is
 * not there fails the build saying which variable names it. */
START_TEST(platform_compiler_from_env) {
  rt_test_env();
  setenv("WAVESIM_CLANG", "/nonexistent/clang", 1);
  rt_env e;
  rt_env_open(&e, 0);
  const char *src = "__kernel void k(__global int *o) { o[0] = 1; }\n";
  cl_int err;
  cl_program p = clCreateProgramWithSource(e.ctx, 1, &src, NULL, &err);
  ck_assert_int_eq(err, CL_SUCCESS);
  ck_assert_int_eq(clBuildProgram(p, 0, NULL, "", NULL, NULL), CL_BUILD_PROGRAM_FAILURE);
  char log[2048];
  ck_assert_int_eq(clGetProgramBuildInfo(p, e.device, CL_PROGRAM_BUILD_LOG, sizeof log, log, NULL),
                   CL_SUCCESS);
  ck_assert_msg(strstr(log, "/nonexistent/clang") && strstr(log, "WAVESIM_CLANG"), "%s", log);
  clReleaseProgram(p);
  rt_env_close(&e);
}
END_TEST

/* WAVESIM_CONFIG_DIR: the platform looks presets up there, and an unknown
 * config's message names that directory. */
START_TEST(platform_config_dir_from_env) {
  rt_test_env();
  char dir[] = "/tmp/wavesim-rt-opts-XXXXXX", path[128];
  ck_assert_ptr_nonnull(mkdtemp(dir));
  snprintf(path, sizeof path, "%s/mine.yaml", dir);
  FILE *f = fopen(path, "w");
  ck_assert_ptr_nonnull(f);
  fputs("cu:\n  count: 3\n", f);
  fclose(f);
  setenv("WAVESIM_CONFIG_DIR", dir, 1);
  setenv("WAVESIM_CONFIG", "mine", 1);
  cl_platform_id pl;
  cl_device_id d;
  ck_assert_int_eq(clGetPlatformIDs(1, &pl, NULL), CL_SUCCESS);
  ck_assert_int_eq(clGetDeviceIDs(pl, CL_DEVICE_TYPE_ALL, 1, &d, NULL), CL_SUCCESS);
  cl_uint cus = 0;
  ck_assert_int_eq(clGetDeviceInfo(d, CL_DEVICE_MAX_COMPUTE_UNITS, sizeof cus, &cus, NULL),
                   CL_SUCCESS);
  ck_assert_uint_eq(cus, 3);
  unlink(path);
  rmdir(dir);
}
END_TEST

int main(void) {
  Suite *s = suite_create("rt_opts");
  TCase *tc = tcase_create("opts");
  tcase_set_timeout(tc, 120);
  tcase_add_test(tc, cache_dir_precedence);
  tcase_add_test(tc, tools_tmpdir_stats);
  tcase_add_test(tc, platform_compiler_from_env);
  tcase_add_test(tc, platform_config_dir_from_env);
  suite_add_tcase(s, tc);
  return check_run(s);
}
