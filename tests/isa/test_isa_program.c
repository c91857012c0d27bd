/* Kernel/program ownership (isa_kernel_fini, isa_program_destroy) and lookup;
 * leaks show up under the sanitizer build. */
#include <check.h>
#include <stdlib.h>
#include <string.h>

#include "check_run.h"
#include "isa.h"

static char *dup(const char *s) {
  char *p = malloc(strlen(s) + 1);
  strcpy(p, s);
  return p;
}

static isa_program *make_program(void) {
  isa_program *p = calloc(1, sizeof *p);
  p->nkernels = 2;
  p->kernels = calloc(2, sizeof *p->kernels);
  const char *names[2] = {"vecadd", "reduce"};
  for (unsigned i = 0; i < 2; i++) {
    isa_kernel *k = &p->kernels[i];
    k->name = dup(names[i]);
    k->source_file = dup("prog.cl");
    ck_assert_int_eq(isa_assemble("s_nop\ns_endpgm\n", &k->code, &k->ncode, NULL, 0), 0);
    k->line = calloc(k->ncode, sizeof *k->line);
    k->nargs = 2;
    k->args = calloc(2, sizeof *k->args);
    k->args[0] = (isa_arg){dup("a"), dup("float*"), ISA_ARG_GLOBAL_PTR, 8, 0, 8, 0, ISA_ACCESS_NONE};
    k->args[1] = (isa_arg){dup("n"), dup("int"), ISA_ARG_VALUE, 4, 8, 4, 0, ISA_ACCESS_NONE};
  }
  return p;
}

START_TEST(test_find_and_destroy) {
  isa_program *p = make_program();
  ck_assert_ptr_eq(isa_program_find(p, "reduce"), &p->kernels[1]);
  ck_assert_ptr_eq(isa_program_find(p, "vecadd"), &p->kernels[0]);
  ck_assert_ptr_null(isa_program_find(p, "nope"));
  ck_assert_ptr_null(isa_program_find(NULL, "vecadd"));
  isa_program_destroy(p);
  isa_program_destroy(NULL);
}
END_TEST

START_TEST(test_kernel_fini_resets) {
  isa_program *p = make_program();
  isa_kernel_fini(&p->kernels[0]);
  ck_assert_ptr_null(p->kernels[0].code);
  ck_assert_uint_eq(p->kernels[0].ncode, 0);
  ck_assert_uint_eq(p->kernels[0].nargs, 0);
  isa_kernel_fini(&p->kernels[0]); /* idempotent */
  isa_kernel_fini(NULL);
  isa_program_destroy(p);
}
END_TEST

static Suite *suite(void) {
  Suite *s = suite_create("isa_program");
  TCase *tc = tcase_create("core");
  tcase_add_test(tc, test_find_and_destroy);
  tcase_add_test(tc, test_kernel_fini_resets);
  suite_add_tcase(s, tc);
  return s;
}

int main(void) {
  return check_run(suite());
}
