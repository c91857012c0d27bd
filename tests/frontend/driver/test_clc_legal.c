/* Tests for frontend/clc_legal.c: each rewrite on the exact form clang or
 * opt produces it, and forms it must leave alone. */
#include <check.h>
#include <stdlib.h>
#include <string.h>

#include "check_run.h"
#include "clc_legal.h"

static char *legal(const char *ir, fe_clc_legal_counts *c) {
  size_t n = 0;
  char *out = fe_clc_legalize(ir, strlen(ir), &n, c);
  ck_assert_ptr_nonnull(out);
  ck_assert_uint_eq(n, strlen(out));
  return out;
}

/* clang's partly constant private initialiser (`S s = {n, 2.0f, {3, ...}}`) */
START_TEST(constinit_global_moves_to_constant_space) {
  static const char in[] =
      "@constinit = private global [2 x i32] [i32 3, i32 4], align 4\n"
      "define spir_func void @f(i8* %d) {\n"
      "  call void @llvm.memcpy.p0i8.p0i8.i64(i8* align 4 %d, i8* align 4 bitcast ([2 x i32]* "
      "@constinit to i8*), i64 8, i1 false), !tbaa.struct !1\n"
      "  ret void\n"
      "}\n"
      "declare void @llvm.memcpy.p0i8.p0i8.i64(i8* noalias nocapture writeonly, i8* noalias "
      "nocapture readonly, i64, i1 immarg)\n";
  fe_clc_legal_counts c;
  char *out = legal(in, &c);
  ck_assert_str_eq(
      out, "@constinit = private addrspace(2) constant [2 x i32] [i32 3, i32 4], align 4\n"
           "define spir_func void @f(i8* %d) {\n"
           "  call void @llvm.memcpy.p0i8.p2i8.i64(i8* align 4 %d, i8 addrspace(2)* align 4 "
           "bitcast ([2 x i32] addrspace(2)* @constinit to i8 addrspace(2)*), i64 8, i1 false), "
           "!tbaa.struct !1\n"
           "  ret void\n"
           "}\n"
           "declare void @llvm.memcpy.p0i8.p0i8.i64(i8* noalias nocapture writeonly, i8* noalias "
           "nocapture readonly, i64, i1 immarg)\n"
           "declare void @llvm.memcpy.p0i8.p2i8.i64(i8* noalias nocapture writeonly, i8 "
           "addrspace(2)* noalias nocapture readonly, i64, i1 immarg)\n");
  ck_assert_uint_eq(c.globals, 1);
  ck_assert_uint_eq(c.memcpys, 1);
  free(out);
}
END_TEST

/* a private-space global with any other use (a load, a store, a pointer
 * taken) stays; so do globals of other address spaces and declarations */
START_TEST(other_globals_stay) {
  static const char in[] =
      "@g = private global [2 x i32] [i32 3, i32 4], align 4\n"
      "@c = private unnamed_addr addrspace(2) constant [2 x i32] [i32 1, i32 2], align 4\n"
      "@e = external global i32\n"
      "define spir_func i32 @f(i8* %d) {\n"
      "  call void @llvm.memcpy.p0i8.p0i8.i64(i8* align 4 %d, i8* align 4 bitcast ([2 x i32]* "
      "@g to i8*), i64 8, i1 false)\n"
      "  %v = load i32, i32* getelementptr inbounds ([2 x i32], [2 x i32]* @g, i64 0, i64 1)\n"
      "  ret i32 %v\n"
      "}\n";
  fe_clc_legal_counts c;
  char *out = legal(in, &c);
  ck_assert_str_eq(out, in);
  ck_assert_uint_eq(c.globals + c.memcpys + c.bitcasts + c.selects + c.bool_ops, 0);
  free(out);
}
END_TEST

/* `as_char4(7u)`, `as_ushort2(1.0f)`, `as_float2(1.0)`, a half, a negative */
START_TEST(one_element_vector_bitcasts_fold) {
  static const char in[] =
      "  store <4 x i8> bitcast (<1 x i32> <i32 7> to <4 x i8>), <4 x i8> addrspace(1)* %p\n"
      "  store <2 x i16> bitcast (<1 x float> <float 1.000000e+00> to <2 x i16>), <2 x i16>* %q\n"
      "  store <2 x float> bitcast (<1 x double> <double 1.000000e+00> to <2 x float>), <2 x "
      "float>* %r\n"
      "  store <2 x i8> bitcast (<1 x half> <half 0xH3C00> to <2 x i8>), <2 x i8>* %s\n"
      "  store <2 x i32> bitcast (<1 x i64> <i64 -3> to <2 x i32>), <2 x i32>* %t\n"
      "  store <2 x float> bitcast (<1 x double> <double 0x7FF8000000000001> to <2 x float>), "
      "<2 x float>* %u\n";
  fe_clc_legal_counts c;
  char *out = legal(in, &c);
  ck_assert_str_eq(
      out, "  store <4 x i8> <i8 7, i8 0, i8 0, i8 0>, <4 x i8> addrspace(1)* %p\n"
           "  store <2 x i16> <i16 0, i16 16256>, <2 x i16>* %q\n"
           "  store <2 x float> bitcast (<2 x i32> <i32 0, i32 1072693248> to <2 x float>), <2 x "
           "float>* %r\n"
           "  store <2 x i8> <i8 0, i8 60>, <2 x i8>* %s\n"
           "  store <2 x i32> <i32 -3, i32 -1>, <2 x i32>* %t\n"
           "  store <2 x float> bitcast (<2 x i32> <i32 1, i32 2146959360> to <2 x float>), <2 x "
           "float>* %u\n");
  ck_assert_uint_eq(c.bitcasts, 6);
  free(out);
}
END_TEST

/* a constant it cannot read (a nested expression) is left for the translator */
START_TEST(unknown_bitcast_forms_stay) {
  static const char in[] =
      "  store <2 x i32> bitcast (<1 x i64> <i64 ptrtoint (i32* @x to i64)> to <2 x i32>), <2 "
      "x i32>* %t\n"
      "  %a = bitcast <4 x i8> %v to i32\n";
  fe_clc_legal_counts c;
  char *out = legal(in, &c);
  ck_assert_str_eq(out, in);
  ck_assert_uint_eq(c.bitcasts, 0);
  free(out);
}
END_TEST

START_TEST(vector_select_condition_is_splat) {
  static const char in[] =
      "  %r = select i1 %c, <4 x float> %a, <4 x float> <float 1.0, float 2.0, float 3.0, float "
      "4.0>, !dbg !9\n"
      "  %5 = select fast i1 true, <3 x i32> %x, <3 x i32> %y\n"
      "  %s = select i1 %c, float %f, float %g\n"
      "  %v = select <2 x i1> %m, <2 x i64> %p, <2 x i64> %q\n";
  fe_clc_legal_counts c;
  char *out = legal(in, &c);
  ck_assert_str_eq(out, "  %__wsl.c0 = insertelement <4 x i1> undef, i1 %c, i32 0\n"
                        "  %__wsl.s0 = shufflevector <4 x i1> %__wsl.c0, <4 x i1> undef, <4 x i32> "
                        "zeroinitializer\n"
                        "  %r = select <4 x i1> %__wsl.s0, <4 x float> %a, <4 x float> <float 1.0, "
                        "float 2.0, float 3.0, float 4.0>, !dbg !9\n"
                        "  %__wsl.c1 = insertelement <3 x i1> undef, i1 true, i32 0\n"
                        "  %__wsl.s1 = shufflevector <3 x i1> %__wsl.c1, <3 x i1> undef, <3 x i32> "
                        "zeroinitializer\n"
                        "  %5 = select fast <3 x i1> %__wsl.s1, <3 x i32> %x, <3 x i32> %y\n"
                        "  %s = select i1 %c, float %f, float %g\n"
                        "  %v = select <2 x i1> %m, <2 x i64> %p, <2 x i64> %q\n");
  ck_assert_uint_eq(c.selects, 2);
  free(out);
}
END_TEST

START_TEST(boolean_arithmetic_becomes_logic) {
  static const char in[] = "  %6 = add i1 %5, true\n"
                           "  %7 = sub nuw i1 %5, %6\n"
                           "  %8 = mul <4 x i1> %a, %b\n"
                           "  %9 = add i32 %x, 1\n"
                           "  %10 = add <4 x i8> %p, %q\n";
  fe_clc_legal_counts c;
  char *out = legal(in, &c);
  ck_assert_str_eq(out, "  %6 = xor i1 %5, true\n"
                        "  %7 = xor i1 %5, %6\n"
                        "  %8 = and <4 x i1> %a, %b\n"
                        "  %9 = add i32 %x, 1\n"
                        "  %10 = add <4 x i8> %p, %q\n");
  ck_assert_uint_eq(c.bool_ops, 3);
  free(out);
}
END_TEST

START_TEST(empty_and_unterminated) {
  fe_clc_legal_counts c;
  char *out = legal("", &c);
  ck_assert_str_eq(out, "");
  free(out);
  out = legal("  %6 = add i1 %5, true", &c);
  ck_assert_str_eq(out, "  %6 = xor i1 %5, true\n");
  free(out);
}
END_TEST

static Suite *suite(void) {
  Suite *s = suite_create("clc_legal");
  TCase *tc = tcase_create("core");
  tcase_add_test(tc, constinit_global_moves_to_constant_space);
  tcase_add_test(tc, other_globals_stay);
  tcase_add_test(tc, one_element_vector_bitcasts_fold);
  tcase_add_test(tc, unknown_bitcast_forms_stay);
  tcase_add_test(tc, vector_select_condition_is_splat);
  tcase_add_test(tc, boolean_arithmetic_becomes_logic);
  tcase_add_test(tc, empty_and_unterminated);
  suite_add_tcase(s, tc);
  return s;
}

int main(void) {
  return check_run(suite());
}
