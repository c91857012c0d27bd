/* Golden disassembly, the parser's and assembler's error messages, and
 * listings with labels and comments. */
#include <check.h>
#include <stdlib.h>
#include <string.h>

#include "check_run.h"
#include "isa.h"

static void roundtrip_golden(const char *text) {
  isa_inst in;
  char err[256] = "", out[256];
  ck_assert_msg(isa_parse_inst(text, &in, err, sizeof err) == 0, "%s: %s", text, err);
  isa_disasm(&in, out, sizeof out);
  ck_assert_str_eq(out, text);
}

START_TEST(test_golden) {
  roundtrip_golden("v_add_f32 v5, v3, s8");
  roundtrip_golden("v_add_u64 v[4:5], v[2:3], 0x10");
  roundtrip_golden("global_load_b32 v4, v[6:7], offset:16");
  roundtrip_golden("global_store_b128 v[6:7], v[8:11], offset:-32");
  roundtrip_golden("s_cbranch_div s[10:11], @12, @15, @20");
  roundtrip_golden("s_load_b64 s[8:9], s[0:1], offset:8");
  roundtrip_golden("v_cndmask_b32 v1, 0, 0xffffffff, s[4:5]");
  roundtrip_golden("v_cmp_lt_i32 s[2:3], v0, 9");
  roundtrip_golden("s_branch @0");
  roundtrip_golden("s_endpgm");
  roundtrip_golden("ds_atomic_cmpxchg_b32 v1, v2, v3, v4");
  roundtrip_golden("image_load_f v[8:11], s[2:3], v[4:7]");
  roundtrip_golden("image_sample_u v[8:11], s[2:3], 0x22, v[4:7], offset:64");
  roundtrip_golden("image_sample_f v[0:3], s[10:11], s5, v[4:7]");
  roundtrip_golden("image_store_i s[2:3], v[4:7], v[12:15]");
}
END_TEST

START_TEST(test_literal_forms) {
  isa_inst in;
  ck_assert_int_eq(isa_parse_inst("v_mov_b32 v1, -1", &in, NULL, 0), 0);
  ck_assert_uint_eq(in.src[0].imm, 0xffffffffu);
  ck_assert_int_eq(isa_parse_inst("v_mov_b64 v[2:3], -2", &in, NULL, 0), 0);
  ck_assert_uint_eq(in.src[0].imm, 0xfffffffffffffffeull);
  ck_assert_int_eq(isa_parse_inst("v_mov_b32 v1, 1.5f", &in, NULL, 0), 0);
  ck_assert_uint_eq(in.src[0].imm, 0x3fc00000u);
  ck_assert_int_eq(isa_parse_inst("v_mov_b32 v1, 0XFF", &in, NULL, 0), 0);
  ck_assert_uint_eq(in.src[0].imm, 255);
  ck_assert_int_eq(isa_parse_inst("  s_mov_b32   s7 ,  123  ", &in, NULL, 0), 0);
  ck_assert_uint_eq(in.src[0].imm, 123);
  ck_assert_uint_eq(in.dst.reg, 7);
}
END_TEST

static void parse_fails(const char *text, const char *msg) {
  isa_inst in;
  char err[256] = "";
  ck_assert_msg(isa_parse_inst(text, &in, err, sizeof err) == -1, "'%s' parsed", text);
  ck_assert_str_eq(err, msg);
}

START_TEST(test_parse_errors) {
  parse_fails("", "expected an instruction");
  parse_fails("v_frob v1", "unknown mnemonic 'v_frob'");
  parse_fails("v_add_u32 v1, v2", "v_add_u32: expected 3 operands, got 2");
  parse_fails("v_add_u32 v1, v2, v3, v4", "v_add_u32: unexpected operand 'v4' (takes 3 operands)");
  parse_fails("v_add_u32 v1, v2,", "v_add_u32: trailing ','");
  parse_fails("v_add_u32 v1, , v2", "v_add_u32: empty operand 2");
  parse_fails("v_add_u32 s1, v2, v3", "v_add_u32: dst cannot be an SGPR");
  parse_fails("v_add_u32 5, v2, v3", "v_add_u32: dst cannot be a literal");
  parse_fails("v_add_u32 v1, v2, x3",
              "v_add_u32: operand 3 'x3': expected a VGPR, SGPR or 32-bit literal");
  parse_fails("v_add_u32 v1, v2, 0x100000000",
              "v_add_u32: operand 3 '0x100000000': expected a VGPR, SGPR or 32-bit literal");
  parse_fails("v_add_u32 v256, v2, v3",
              "v_add_u32: operand 1: register 'v256' out of range (v0..v255)");
  parse_fails("s_mov_b32 s104, 1", "s_mov_b32: operand 1: register 's104' out of range (s0..s103)");
  parse_fails("v_add_u64 v[4:6], v[2:3], 1",
              "v_add_u64: operand 1 'v[4:6]': expected a VGPR pair v[n:n+1]");
  parse_fails("v_add_u64 v[4:], v[2:3], 1",
              "v_add_u64: operand 1: malformed register tuple 'v[4:]' (write v[first:last])");
  parse_fails("v_add_u32 v1x, v2, v3", "v_add_u32: operand 1: malformed register 'v1x'");
  parse_fails("s_mov_b64 s[2:3], 1.5f",
              "s_mov_b64: operand 2 '1.5f': expected an SGPR pair or 64-bit literal");
  parse_fails("v_add_u32 v1, v2, v3, offset:4",
              "v_add_u32: only memory instructions take an offset");
  parse_fails("global_load_b32 v1, v[2:3], offset:x", "global_load_b32: bad offset 'offset:x'");
  parse_fails("s_branch", "s_branch: expected 1 branch target");
  parse_fails("s_cbranch_div s[2:3], @1, @2", "s_cbranch_div: expected 3 branch targets");
  parse_fails("s_branch @x", "s_branch: bad branch target '@x' (write @index or a label)");
  parse_fails("s_branch 5", "s_branch: bad branch target '5' (write @index or a label)");
  parse_fails("s_branch loop", "s_branch: unknown label 'loop'");
  parse_fails("s_endpgm @3", "s_endpgm: unexpected operand '@3' (takes 0 operands)");
}
END_TEST

static const char *listing = "; a loop with labels and comments\n"
                             "  s_mov_b32 s7, 0        ; counter\n"
                             "loop:\n"
                             "  s_add_u32 s7, s7, 1\n"
                             "  s_cmp_lt_u32 s7, 10\n"
                             "  s_cbranch_scc1 loop\n"
                             "done: s_endpgm\n"
                             "\n";

START_TEST(test_assemble_labels) {
  isa_inst *code;
  uint32_t n;
  char err[256] = "";
  ck_assert_msg(isa_assemble(listing, &code, &n, err, sizeof err) == 0, "%s", err);
  ck_assert_uint_eq(n, 5);
  ck_assert_uint_eq(code[3].op, ISA_OP_s_cbranch_scc1);
  ck_assert_uint_eq(code[3].target[0], 1);
  ck_assert_uint_eq(code[4].op, ISA_OP_s_endpgm);
  free(code);
  ck_assert_int_eq(isa_assemble("", &code, &n, err, sizeof err), 0);
  ck_assert_uint_eq(n, 0);
  free(code);
  /* forward reference and @N */
  ck_assert_int_eq(
      isa_assemble("s_branch end\ns_nop\nend:\ns_branch @0", &code, &n, err, sizeof err), 0);
  ck_assert_uint_eq(code[0].target[0], 2);
  ck_assert_uint_eq(code[2].target[0], 0);
  free(code);
}
END_TEST

static void assemble_fails(const char *text, const char *msg) {
  isa_inst *code = (isa_inst *)1;
  uint32_t n = 99;
  char err[256] = "";
  ck_assert_int_eq(isa_assemble(text, &code, &n, err, sizeof err), -1);
  ck_assert_str_eq(err, msg);
  ck_assert_ptr_null(code);
  ck_assert_uint_eq(n, 0);
}

START_TEST(test_assemble_errors) {
  assemble_fails("s_nop\n s_frob\n", "line 2: unknown mnemonic 's_frob'");
  assemble_fails("a:\ns_nop\na: s_nop\n", "line 3: label 'a' defined twice");
  assemble_fails("s_nop\n\n  s_branch nowhere ; c\n", "line 3: s_branch: unknown label 'nowhere'");
  assemble_fails("v_add_u32 v1, v2\n", "line 1: v_add_u32: expected 3 operands, got 2");
}
END_TEST

START_TEST(test_disasm_truncates) {
  isa_inst in;
  char buf[8];
  ck_assert_int_eq(isa_parse_inst("v_add_f32 v5, v3, s8", &in, NULL, 0), 0);
  ck_assert_uint_eq(isa_disasm(&in, buf, sizeof buf), strlen("v_add_f32 v5, v3, s8"));
  ck_assert_str_eq(buf, "v_add_f");
  in.op = ISA_OP_COUNT;
  char big[64];
  isa_disasm(&in, big, sizeof big);
  ck_assert_msg(strncmp(big, "<bad opcode", 11) == 0, "%s", big);
}
END_TEST

static Suite *suite(void) {
  Suite *s = suite_create("isa_text");
  TCase *tc = tcase_create("core");
  tcase_add_test(tc, test_golden);
  tcase_add_test(tc, test_literal_forms);
  tcase_add_test(tc, test_parse_errors);
  tcase_add_test(tc, test_assemble_labels);
  tcase_add_test(tc, test_assemble_errors);
  tcase_add_test(tc, test_disasm_truncates);
  suite_add_tcase(s, tc);
  return s;
}

int main(void) {
  return check_run(suite());
}
