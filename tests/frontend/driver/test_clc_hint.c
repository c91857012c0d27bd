/* Tests for frontend/clc_hint.c: the OpStrings added to the SPIR-V module
 * for the kernel facts wavesim-legal writes (after the execution modes, new
 * ids from the bound); which kernels have them is tested with wavesim-legal
 * (tests/frontend/legal/facts_*.ll). */
#include <check.h>
#include <stdlib.h>
#include <string.h>

#include "check_run.h"
#include "clc_hint.h"

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

static uint32_t *copy_module(size_t *n) {
  uint32_t *w = malloc(sizeof module);
  ck_assert_ptr_nonnull(w);
  memcpy(w, module, sizeof module);
  *n = NMOD;
  return w;
}

/* Each marker its OpString, in order, any byte but NUL kept (a quoted LLVM
 * name from a SPIR-V module: spaces, quotes); a string of a multiple of four
 * bytes gets a whole word of NULs. */
START_TEST(adds_markers) {
  static const char facts[] =
      FE_CLC_HINT_PREFIX "uc2" FE_CLC_HINT_SUFFIX "\0" FE_CLC_UNIFORM_PREFIX "a \"b\"\0"
                         "abcd"; /* and its NUL */
  size_t n;
  uint32_t *w = copy_module(&n);
  ck_assert_int_eq(fe_clc_add_markers(facts, sizeof facts, &w, &n), 0);
  ck_assert_uint_eq(w[3], 43); /* three new ids */
  size_t at = 15;              /* after the execution mode, before OpSource */
  ck_assert_str_eq(string_at(w, at, 40), FE_CLC_HINT_PREFIX "uc2" FE_CLC_HINT_SUFFIX);
  ck_assert_uint_eq(w[at] >> 16, 2 + 24 / 4 + 1);
  at += w[at] >> 16;
  ck_assert_str_eq(string_at(w, at, 41), FE_CLC_UNIFORM_PREFIX "a \"b\"");
  at += w[at] >> 16;
  ck_assert_str_eq(string_at(w, at, 42), "abcd");
  ck_assert_uint_eq(w[at] >> 16, 4);
  ck_assert_uint_eq(w[at + 3], 0);
  at += w[at] >> 16;
  ck_assert_uint_eq(n, at + 3);
  ck_assert_mem_eq(w + at, module + 15, 3 * sizeof *w); /* OpSource moved intact */
  ck_assert_mem_eq(w + 4, module + 4, 11 * sizeof *w);
  free(w);
}
END_TEST

/* No facts: the module as it was. */
START_TEST(nothing_to_mark) {
  size_t n;
  uint32_t *w = copy_module(&n);
  ck_assert_int_eq(fe_clc_add_markers("", 0, &w, &n), 0);
  ck_assert_uint_eq(n, NMOD);
  ck_assert_mem_eq(w, module, sizeof module);
  free(w);
}
END_TEST

/* fe_clc_mark_uniform_entry_points: one OpString per Kernel entry point
 * (a SPIR-V object compiled with -cl-uniform-work-group-size), after the
 * execution modes; a module without a header untouched */
START_TEST(marks_uniform_entry_points) {
  size_t n;
  uint32_t *w = copy_module(&n);
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

/* A last marker without its NUL is a cut-off file: an error. A module too
 * short to hold a header, or of bound 0, cannot take new ids: left as it is
 * for the SPIR-V reader to reject. The words are unchanged either way. */
START_TEST(bad_input) {
  static const char facts[] = FE_CLC_UNIFORM_PREFIX "k";
  size_t n;
  uint32_t *w = copy_module(&n);
  ck_assert_int_eq(fe_clc_add_markers(facts, sizeof facts - 1, &w, &n), -1);
  ck_assert_uint_eq(n, NMOD);
  ck_assert_mem_eq(w, module, sizeof module);
  w[3] = 0;
  ck_assert_int_eq(fe_clc_add_markers(facts, sizeof facts, &w, &n), 0);
  ck_assert_uint_eq(n, NMOD);
  ck_assert_uint_eq(w[3], 0);
  n = 3;
  ck_assert_int_eq(fe_clc_add_markers(facts, sizeof facts, &w, &n), 0);
  ck_assert_uint_eq(n, 3);
  ck_assert_mem_eq(w, module, 3 * sizeof *w);
  free(w);
}
END_TEST

int main(void) {
  Suite *s = suite_create("clc_hint");
  TCase *tc = tcase_create("core");
  tcase_add_test(tc, adds_markers);
  tcase_add_test(tc, nothing_to_mark);
  tcase_add_test(tc, bad_input);
  tcase_add_test(tc, marks_uniform_entry_points);
  suite_add_tcase(s, tc);
  return check_run(s);
}
