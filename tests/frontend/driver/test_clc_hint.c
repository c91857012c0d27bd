/* Tests for frontend/clc_hint.c: which kernels' vec_type_hint clang's
 * metadata marks unsigned, and the OpStrings added to the SPIR-V module for
 * them (after the execution modes, new ids from the bound). */
#include <check.h>
#include <stdlib.h>
#include <string.h>

#include "check_run.h"
#include "clc_hint.h"

static const char ir[] =
    "define dso_local spir_kernel void @uc2(i32 addrspace(1)* %o) #0 !vec_type_hint !7 {\n"
    "  ret void\n"
    "}\n"
    "define dso_local spir_kernel void @i8(i32 addrspace(1)* %o) #0 !vec_type_hint !8 {\n"
    "  ret void\n"
    "}\n"
    "define dso_local spir_kernel void @f4(i32 addrspace(1)* %o) #0 !vec_type_hint !9 {\n"
    "  ret void\n"
    "}\n"
    "define dso_local spir_kernel void @ui(i32 addrspace(1)* %o) #0 !vec_type_hint !10 {\n"
    "  ret void\n"
    "}\n"
    "define spir_func void @helper() #1 !vec_type_hint !7 {\n" /* not a kernel */
    "  ret void\n"
    "}\n"
    "!7 = !{<2 x i8> undef, i32 0}\n"
    "!8 = !{<8 x i32> undef, i32 1}\n"
    "!9 = !{<4 x float> undef, i32 0}\n"
    "!10 = !{i32 undef, i32 0}\n";

/* header (bound 40), OpCapability Kernel, OpEntryPoint Kernel %1 "k",
 * OpExecutionMode %1 VecTypeHint 131072, OpSource OpenCL_C 102000 */
static const uint32_t module[] = {
    0x07230203, 0x00010200,    0, 40, 0,      2u << 16 | 17, 6, 4u << 16 | 15, 6, 1,
    0x0000006b, 4u << 16 | 16, 1, 30, 131072, 3u << 16 | 3,  3, 102000,
};
#define NMOD (sizeof module / sizeof *module)

/* The string of the OpString at words[at], checking its id. */
static const char *string_at(const uint32_t *w, size_t at, uint32_t id) {
  ck_assert_uint_eq(w[at] & 0xffffu, 7);
  ck_assert_uint_eq(w[at + 1], id);
  return (const char *)(w + at + 2);
}

START_TEST(marks_unsigned_kernels) {
  uint32_t *w = malloc(sizeof module);
  memcpy(w, module, sizeof module);
  size_t n = NMOD;
  ck_assert_int_eq(fe_clc_mark_unsigned_hints(ir, strlen(ir), &w, &n), 0);
  ck_assert_uint_eq(w[3], 42); /* two new ids */
  size_t at = 15;              /* after the execution mode, before OpSource */
  ck_assert_str_eq(string_at(w, at, 40), FE_CLC_HINT_PREFIX "uc2" FE_CLC_HINT_SUFFIX);
  at += w[at] >> 16;
  ck_assert_str_eq(string_at(w, at, 41), FE_CLC_HINT_PREFIX "ui" FE_CLC_HINT_SUFFIX);
  at += w[at] >> 16;
  ck_assert_uint_eq(n, at + 3);
  ck_assert_mem_eq(w + at, module + 15, 3 * sizeof *w); /* OpSource moved intact */
  ck_assert_mem_eq(w + 4, module + 4, 11 * sizeof *w);
  free(w);
}
END_TEST

START_TEST(nothing_to_mark) {
  const char *signed_only = "define spir_kernel void @k() !vec_type_hint !1 {\n}\n"
                            "!1 = !{<2 x i16> undef, i32 1}\n";
  const char *inputs[] = {"", signed_only, "!1 = !{<2 x i16> undef, i32 0}\n"};
  for (size_t i = 0; i < sizeof inputs / sizeof *inputs; i++) {
    uint32_t *w = malloc(sizeof module);
    memcpy(w, module, sizeof module);
    size_t n = NMOD;
    ck_assert_int_eq(fe_clc_mark_unsigned_hints(inputs[i], strlen(inputs[i]), &w, &n), 0);
    ck_assert_uint_eq(n, NMOD);
    ck_assert_mem_eq(w, module, sizeof module);
    free(w);
  }
}
END_TEST

/* A module too short to hold a header cannot take new ids: an error, the
 * words left as they were. */
/* Kernels whose attribute group says "uniform-work-group-size"="true" (clang:
 * OpenCL C 1.x or -cl-uniform-work-group-size) get the uniform marker; a
 * "false" group, a helper function and a kernel without attributes do not. */
START_TEST(marks_uniform_kernels) {
  static const char uir[] =
      "define dso_local spir_kernel void @a(i32 addrspace(1)* %o) local_unnamed_addr #0 "
      "!kernel_arg_addr_space !3 {\n"
      "}\n"
      "define dso_local spir_kernel void @b(void (i32)* %f) #1 {\n"
      "}\n"
      "define dso_local spir_kernel void @c(i32 %x) #12 !kernel_arg_type !5 {\n"
      "}\n"
      "define spir_func void @h() #0 {\n"
      "}\n"
      "define dso_local spir_kernel void @d() {\n"
      "}\n"
      "attributes #0 = { convergent \"uniform-work-group-size\"=\"true\" }\n"
      "attributes #1 = { convergent \"uniform-work-group-size\"=\"false\" }\n"
      "attributes #12 = { nounwind \"uniform-work-group-size\"=\"true\" }\n";
  uint32_t *w = malloc(sizeof module);
  memcpy(w, module, sizeof module);
  size_t n = NMOD;
  ck_assert_int_eq(fe_clc_mark_uniform_wg(uir, strlen(uir), &w, &n), 0);
  ck_assert_uint_eq(w[3], 42);
  size_t at = 15;
  ck_assert_str_eq(string_at(w, at, 40), FE_CLC_UNIFORM_PREFIX "a");
  at += w[at] >> 16;
  ck_assert_str_eq(string_at(w, at, 41), FE_CLC_UNIFORM_PREFIX "c");
  at += w[at] >> 16;
  ck_assert_uint_eq(n, at + 3);
  free(w);
  /* nothing uniform, or no module header: unchanged */
  const char *none = "define spir_kernel void @k() #1 {\n}\n"
                     "attributes #1 = { \"uniform-work-group-size\"=\"false\" }\n";
  w = malloc(sizeof module);
  memcpy(w, module, sizeof module);
  n = NMOD;
  ck_assert_int_eq(fe_clc_mark_uniform_wg(none, strlen(none), &w, &n), 0);
  ck_assert_uint_eq(n, NMOD);
  ck_assert_mem_eq(w, module, sizeof module);
  n = 1;
  ck_assert_int_eq(fe_clc_mark_uniform_wg(uir, strlen(uir), &w, &n), 0);
  ck_assert_uint_eq(n, 1);
  free(w);
}
END_TEST

/* fe_clc_mark_uniform_entry_points: one OpString per Kernel entry point
 * (a SPIR-V object compiled with -cl-uniform-work-group-size), after the
 * execution modes; a module without a header untouched */
START_TEST(marks_uniform_entry_points) {
  uint32_t *w = malloc(sizeof module);
  memcpy(w, module, sizeof module);
  size_t n = NMOD;
  ck_assert_int_eq(fe_clc_mark_uniform_entry_points(&w, &n), 0);
  ck_assert_uint_eq(w[3], 41);
  ck_assert_str_eq(string_at(w, 15, 40), FE_CLC_UNIFORM_PREFIX "k");
  ck_assert_uint_eq(n, NMOD + (w[15] >> 16));
  ck_assert_mem_eq(w + n - 3, module + 15, 3 * sizeof *w); /* OpSource moved intact */
  n = 3;
  ck_assert_int_eq(fe_clc_mark_uniform_entry_points(&w, &n), 0);
  ck_assert_uint_eq(n, 3);
  free(w);
}
END_TEST

START_TEST(bad_module) {
  uint32_t *w = malloc(3 * sizeof *w);
  memcpy(w, module, 3 * sizeof *w);
  size_t n = 3;
  ck_assert_int_eq(fe_clc_mark_unsigned_hints(ir, strlen(ir), &w, &n), -1);
  ck_assert_uint_eq(n, 3);
  ck_assert_mem_eq(w, module, 3 * sizeof *w);
  free(w);
}
END_TEST

int main(void) {
  Suite *s = suite_create("clc_hint");
  TCase *tc = tcase_create("core");
  tcase_add_test(tc, marks_unsigned_kernels);
  tcase_add_test(tc, nothing_to_mark);
  tcase_add_test(tc, bad_module);
  tcase_add_test(tc, marks_uniform_kernels);
  tcase_add_test(tc, marks_uniform_entry_points);
  suite_add_tcase(s, tc);
  return check_run(s);
}
