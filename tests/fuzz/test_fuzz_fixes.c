/* Exact-value tests for the bugs the fuzzers found and the additive API they
 * needed: decode rejects surplus branch-target words, cfg_dump quotes strings
 * so its output loads back, cfg_load_string reports errors with its name. */
#include <check.h>
#include <stdlib.h>
#include <string.h>

#include "cfg.h"
#include "check_run.h"
#include "isa.h"

START_TEST(test_decode_rejects_surplus_target) {
  isa_inst in;
  ck_assert_int_eq(isa_parse_inst("s_endpgm", &in, NULL, 0), 0);
  uint32_t w[4];
  size_t n = isa_encode(&in, w, 4);
  ck_assert_uint_eq(n, 1);
  /* the same instruction claiming one target word that holds ISA_NO_PC */
  w[0] |= 1u << 19;
  w[1] = ISA_NO_PC;
  isa_inst out;
  ck_assert_uint_eq(isa_decode(w, 2, &out), 0);
  /* a branch with its one target still decodes */
  ck_assert_int_eq(isa_parse_inst("s_branch @7", &in, NULL, 0), 0);
  n = isa_encode(&in, w, 4);
  ck_assert_uint_eq(n, 2);
  ck_assert_uint_eq(isa_decode(w, n, &out), 2);
  ck_assert_uint_eq(out.target[0], 7);
}
END_TEST

START_TEST(test_dump_quotes_strings) {
  static const char yaml[] = "name: \"a \\\"q\\\" \\\\ b\\n\\tc\\x01\\u2028\"\n";
  cfg_device c, back;
  char err[512] = "";
  ck_assert_int_eq(
      cfg_load_string(NULL, yaml, strlen(yaml), "mem.yaml", NULL, 0, &c, err, sizeof err), 0);
  ck_assert_str_eq(c.name, "a \"q\" \\ b\n\tc\x01\xe2\x80\xa8");
  ck_assert_str_eq(c.source, "mem.yaml");
  size_t need = cfg_dump(&c, NULL, 0);
  char *d = malloc(need + 1);
  ck_assert_uint_eq(cfg_dump(&c, d, need + 1), need);
  ck_assert(strncmp(d, "name: \"a \\\"q\\\" \\\\ b\\n\\tc\\x01\\L\"\n", 32) == 0);
  ck_assert_int_eq(cfg_load_string(NULL, d, need, "dump.yaml", NULL, 0, &back, err, sizeof err), 0);
  ck_assert_str_eq(back.name, c.name);
  free(d);
  cfg_fini(&c);
  cfg_fini(&back);
}
END_TEST

START_TEST(test_load_string_errors) {
  cfg_device c;
  char err[512] = "";
  static const char bad[] = "cu:\n  cout: 4\n";
  ck_assert_int_eq(
      cfg_load_string(NULL, bad, strlen(bad), "mem.yaml", NULL, 0, &c, err, sizeof err), -1);
  ck_assert_str_eq(err, "mem.yaml:2: unknown key 'cu.cout' (did you mean 'cu.count'?)");
  static const char ok[] = "extends: teaching\ncu.count: 3\n";
  const char *sets[] = {"cu.simds=2"};
  ck_assert_int_eq(cfg_load_string(NULL, ok, strlen(ok), "mem.yaml", sets, 1, &c, err, sizeof err),
                   0);
  ck_assert_int_eq(c.cu_count, 3);
  ck_assert_int_eq(c.cu_simds, 2);
  cfg_fini(&c);
  static const char syn[] = "a: [1\n";
  ck_assert_int_eq(
      cfg_load_string(NULL, syn, strlen(syn), "mem.yaml", NULL, 0, &c, err, sizeof err), -1);
  ck_assert(strncmp(err, "mem.yaml:", 9) == 0);
}
END_TEST

int main(void) {
  Suite *s = suite_create("fuzz_fixes");
  TCase *tc = tcase_create("core");
  tcase_add_test(tc, test_decode_rejects_surplus_target);
  tcase_add_test(tc, test_dump_quotes_strings);
  tcase_add_test(tc, test_load_string_errors);
  suite_add_tcase(s, tc);
  return check_run(s);
}
