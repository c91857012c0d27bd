/* Tests for frontend/clc_conv.c: which builtins keep `convergent`, and the
 * rewrite of opt's textual IR (calls and declarations of the others move to
 * attribute groups without it; barriers, defined functions and groups other
 * references share are left as they were). */
#include <check.h>
#include <stdlib.h>
#include <string.h>

#include "check_run.h"
#include "clc_conv.h"

static int local(const char *n) {
  return fe_clc_builtin_is_local(n, strlen(n));
}

START_TEST(builtin_classes) {
  ck_assert(local("_Z3fmafff"));
  ck_assert(local("_Z13get_global_idj"));
  ck_assert(local("_Z6vload4mPU3AS1Kf"));
  ck_assert(local("_Z10atomic_addPU3AS1Vii")); /* atomics do not wait for other work-items */
  ck_assert(!local("_Z7barrierj"));
  ck_assert(!local("_Z18work_group_barrierj"));
  ck_assert(!local("_Z20work_group_reduce_addi"));
  ck_assert(!local("_Z19sub_group_broadcastij"));
  ck_assert(!local("_Z21async_work_group_copyPU3AS3fPU3AS1Kfm9ocl_event"));
  ck_assert(!local("_Z17wait_group_eventsiP9ocl_event"));
  ck_assert(!local("_Z9mem_fencej"));
  ck_assert(!local("_Z22atomic_work_item_fencej12memory_order12memory_scope"));
  ck_assert(!local("printf"));  /* not mangled: unknown */
  ck_assert(!local("_Z99fma")); /* length past the end */
  ck_assert(!local("_Zfoo"));
  ck_assert(!local("llvm.fma.f32"));
}
END_TEST

static const char module[] =
    "define spir_kernel void @k(float addrspace(1)* %o, float %a) #0 {\n"
    "entry:\n"
    "  %g = call spir_func i64 @_Z13get_global_idj(i32 0) #3\n"
    "  %f = tail call spir_func float @_Z3fmafff(float %a, float %a, float %a) #3, !dbg !7\n"
    "  call spir_func void @_Z7barrierj(i32 1) #4\n"
    "  %h = call spir_func float @helper(float %f) #3\n"
    "  %s = call spir_func float @_Z4sqrtf(float %f) #5\n"
    "  ret void\n"
    "}\n"
    "define spir_func float @helper(float %x) #1 {\n"
    "  ret float %x\n"
    "}\n"
    "declare spir_func i64 @_Z13get_global_idj(i32 noundef) local_unnamed_addr #1\n"
    "declare spir_func float @_Z3fmafff(float noundef, float noundef, float noundef) #1\n"
    "declare spir_func void @_Z7barrierj(i32 noundef) #2\n"
    "declare spir_func float @_Z4sqrtf(float noundef) #5\n"
    "attributes #0 = { convergent norecurse nounwind \"uniform-work-group-size\"=\"true\" }\n"
    "attributes #1 = { convergent nounwind readnone willreturn \"frame-pointer\"=\"none\" }\n"
    "attributes #2 = { convergent nounwind }\n"
    "attributes #3 = { convergent nounwind readnone willreturn }\n"
    "attributes #4 = { convergent nounwind }\n"
    "attributes #5 = { convergent }\n";

static const char expected[] =
    "define spir_kernel void @k(float addrspace(1)* %o, float %a) #0 {\n"
    "entry:\n"
    "  %g = call spir_func i64 @_Z13get_global_idj(i32 0) #6\n"
    "  %f = tail call spir_func float @_Z3fmafff(float %a, float %a, float %a) #6, !dbg !7\n"
    "  call spir_func void @_Z7barrierj(i32 1) #4\n"
    "  %h = call spir_func float @helper(float %f) #3\n"
    "  %s = call spir_func float @_Z4sqrtf(float %f)\n"
    "  ret void\n"
    "}\n"
    "define spir_func float @helper(float %x) #1 {\n"
    "  ret float %x\n"
    "}\n"
    "declare spir_func i64 @_Z13get_global_idj(i32 noundef) local_unnamed_addr #7\n"
    "declare spir_func float @_Z3fmafff(float noundef, float noundef, float noundef) #7\n"
    "declare spir_func void @_Z7barrierj(i32 noundef) #2\n"
    "declare spir_func float @_Z4sqrtf(float noundef)\n"
    "attributes #0 = { convergent norecurse nounwind \"uniform-work-group-size\"=\"true\" }\n"
    "attributes #1 = { convergent nounwind readnone willreturn \"frame-pointer\"=\"none\" }\n"
    "attributes #2 = { convergent nounwind }\n"
    "attributes #3 = { convergent nounwind readnone willreturn }\n"
    "attributes #4 = { convergent nounwind }\n"
    "attributes #5 = { convergent }\n"
    "attributes #6 = { nounwind readnone willreturn }\n"
    "attributes #7 = { nounwind readnone willreturn \"frame-pointer\"=\"none\" }\n";

START_TEST(rewrite_module) {
  size_t n = 0;
  char *out = fe_clc_drop_convergent(module, strlen(module), &n);
  ck_assert_ptr_nonnull(out);
  ck_assert_str_eq(out, expected);
  ck_assert_uint_eq(n, strlen(expected));
  free(out);
}
END_TEST

START_TEST(rewrite_nothing_to_do) {
  const char *m = "declare void @llvm.foo() #0\nattributes #0 = { nounwind }\n";
  size_t n = 0;
  char *out = fe_clc_drop_convergent(m, strlen(m), &n);
  ck_assert_str_eq(out, m);
  free(out);
  out = fe_clc_drop_convergent("", 0, &n);
  ck_assert_str_eq(out, "");
  ck_assert_uint_eq(n, 0);
  free(out);
}
END_TEST

int main(void) {
  Suite *s = suite_create("clc_conv");
  TCase *tc = tcase_create("core");
  tcase_add_test(tc, builtin_classes);
  tcase_add_test(tc, rewrite_module);
  tcase_add_test(tc, rewrite_nothing_to_do);
  suite_add_tcase(s, tc);
  return check_run(s);
}
