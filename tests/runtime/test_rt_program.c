/* Programs and kernels through the cl* API: building (success, compile
 * errors with clang's message and line, bad options), program and kernel
 * queries, kernel creation and clSetKernelArg's checks. */
#include <stdlib.h>
#include <string.h>

#include "check_run.h"
#include "rt_test_util.h"

static const char *bad_src = "__kernel void k(__global int *a) {\n"
                             "  int x = 1;\n"
                             "  a[0] = syntax_error_here;\n"
                             "}\n";

START_TEST(build_failure_has_log) {
  rt_test_env();
  rt_env e;
  rt_env_open(&e, 0);
  cl_int err;
  cl_program p = clCreateProgramWithSource(e.ctx, 1, &bad_src, NULL, &err);
  ck_assert_int_eq(err, CL_SUCCESS);
  ck_assert_int_eq(clBuildProgram(p, 1, &e.device, NULL, NULL, NULL), CL_BUILD_PROGRAM_FAILURE);
  cl_build_status st;
  ck_assert_int_eq(
      clGetProgramBuildInfo(p, e.device, CL_PROGRAM_BUILD_STATUS, sizeof st, &st, NULL),
      CL_SUCCESS);
  ck_assert_int_eq(st, CL_BUILD_ERROR);
  char log[4096];
  ck_assert_int_eq(clGetProgramBuildInfo(p, e.device, CL_PROGRAM_BUILD_LOG, sizeof log, log, NULL),
                   CL_SUCCESS);
  ck_assert_msg(strstr(log, "input.cl:3:") && strstr(log, "error:") &&
                    strstr(log, "syntax_error_here"),
                "log: %s", log);
  ck_assert_ptr_null(clCreateKernel(p, "k", &err));
  ck_assert_int_eq(err, CL_INVALID_PROGRAM_EXECUTABLE);
  size_t nk;
  ck_assert_int_eq(clGetProgramInfo(p, CL_PROGRAM_NUM_KERNELS, sizeof nk, &nk, NULL),
                   CL_INVALID_PROGRAM_EXECUTABLE);
  ck_assert_int_eq(clReleaseProgram(p), CL_SUCCESS);
  rt_env_close(&e);
}
END_TEST

START_TEST(build_bad_options) {
  rt_test_env();
  rt_env e;
  rt_env_open(&e, 0);
  cl_int err;
  cl_program p = clCreateProgramWithSource(e.ctx, 1, &rt_src_vadd, NULL, &err);
  ck_assert_int_eq(clBuildProgram(p, 1, &e.device, "-bogus", NULL, NULL), CL_INVALID_BUILD_OPTIONS);
  char buf[1024];
  ck_assert_int_eq(
      clGetProgramBuildInfo(p, e.device, CL_PROGRAM_BUILD_OPTIONS, sizeof buf, buf, NULL),
      CL_SUCCESS);
  ck_assert_str_eq(buf, "-bogus");
  ck_assert_int_eq(clGetProgramBuildInfo(p, e.device, CL_PROGRAM_BUILD_LOG, sizeof buf, buf, NULL),
                   CL_SUCCESS);
  ck_assert_msg(strstr(buf, "unknown build option '-bogus'") != NULL, "log: %s", buf);
  /* the program can still be built with good options */
  ck_assert_int_eq(clBuildProgram(p, 0, NULL, "-DX=1", NULL, NULL), CL_SUCCESS);
  ck_assert_int_eq(clBuildProgram((cl_program)e.q, 0, NULL, "", NULL, NULL), CL_INVALID_PROGRAM);
  ck_assert_int_eq(clBuildProgram(p, 1, NULL, "", NULL, NULL), CL_INVALID_VALUE);
  cl_device_id bad = (cl_device_id)e.ctx;
  ck_assert_int_eq(clBuildProgram(p, 1, &bad, "", NULL, NULL), CL_INVALID_DEVICE);
  ck_assert_int_eq(clReleaseProgram(p), CL_SUCCESS);
  rt_env_close(&e);
}
END_TEST

static void CL_CALLBACK build_cb(cl_program p, void *data) {
  (void)p;
  (*(int *)data)++;
}

START_TEST(program_info) {
  rt_test_env();
  rt_env e;
  rt_env_open(&e, 0);
  cl_int err;
  const char *parts[2] = {rt_src_vadd, rt_src_args};
  cl_program p = clCreateProgramWithSource(e.ctx, 2, parts, NULL, &err);
  ck_assert_int_eq(err, CL_SUCCESS);
  int called = 0;
  ck_assert_int_eq(clBuildProgram(p, 0, NULL, NULL, build_cb, &called), CL_SUCCESS);
  ck_assert_int_eq(called, 1);
  size_t nk, sz;
  ck_assert_int_eq(clGetProgramInfo(p, CL_PROGRAM_NUM_KERNELS, sizeof nk, &nk, NULL), CL_SUCCESS);
  ck_assert_uint_eq(nk, 3);
  char names[256];
  ck_assert_int_eq(clGetProgramInfo(p, CL_PROGRAM_KERNEL_NAMES, sizeof names, names, NULL),
                   CL_SUCCESS);
  ck_assert_ptr_nonnull(strstr(names, "vadd"));
  ck_assert_ptr_nonnull(strstr(names, "oob"));
  ck_assert_ptr_nonnull(strstr(names, "withlocal"));
  ck_assert_int_eq(clGetProgramInfo(p, CL_PROGRAM_SOURCE, 0, NULL, &sz), CL_SUCCESS);
  ck_assert_uint_eq(sz, strlen(rt_src_vadd) + strlen(rt_src_args) + 1);
  cl_uint nd;
  ck_assert_int_eq(clGetProgramInfo(p, CL_PROGRAM_NUM_DEVICES, sizeof nd, &nd, NULL), CL_SUCCESS);
  ck_assert_uint_eq(nd, 1);
  cl_device_id d;
  ck_assert_int_eq(clGetProgramInfo(p, CL_PROGRAM_DEVICES, sizeof d, &d, NULL), CL_SUCCESS);
  ck_assert_ptr_eq(d, e.device);
  cl_context c;
  ck_assert_int_eq(clGetProgramInfo(p, CL_PROGRAM_CONTEXT, sizeof c, &c, NULL), CL_SUCCESS);
  ck_assert_ptr_eq(c, e.ctx);
  cl_uint refs;
  ck_assert_int_eq(clGetProgramInfo(p, CL_PROGRAM_REFERENCE_COUNT, sizeof refs, &refs, NULL),
                   CL_SUCCESS);
  ck_assert_uint_eq(refs, 1);
  /* binaries round-trip */
  size_t bsz;
  ck_assert_int_eq(clGetProgramInfo(p, CL_PROGRAM_BINARY_SIZES, sizeof bsz, &bsz, NULL),
                   CL_SUCCESS);
  ck_assert_uint_gt(bsz, sz);
  unsigned char *bin = malloc(bsz);
  ck_assert_int_eq(clGetProgramInfo(p, CL_PROGRAM_BINARIES, sizeof bin, &bin, NULL), CL_SUCCESS);
  cl_int bst;
  const unsigned char *cbin = bin;
  cl_program p2 = clCreateProgramWithBinary(e.ctx, 1, &e.device, &bsz, &cbin, &bst, &err);
  ck_assert_int_eq(err, CL_SUCCESS);
  ck_assert_int_eq(bst, CL_SUCCESS);
  ck_assert_int_eq(clBuildProgram(p2, 0, NULL, NULL, NULL, NULL), CL_SUCCESS);
  ck_assert_int_eq(clReleaseProgram(p2), CL_SUCCESS);
  bin[0] = 'X';
  ck_assert_ptr_null(clCreateProgramWithBinary(e.ctx, 1, &e.device, &bsz, &cbin, &bst, &err));
  ck_assert_int_eq(err, CL_INVALID_BINARY);
  free(bin);
  /* kernels */
  cl_kernel ks[3];
  cl_uint n;
  ck_assert_int_eq(clCreateKernelsInProgram(p, 3, ks, &n), CL_SUCCESS);
  ck_assert_uint_eq(n, 3);
  ck_assert_int_eq(clBuildProgram(p, 0, NULL, NULL, NULL, NULL), CL_INVALID_OPERATION);
  for (int i = 0; i < 3; i++) ck_assert_int_eq(clReleaseKernel(ks[i]), CL_SUCCESS);
  ck_assert_int_eq(clCreateKernelsInProgram(p, 1, ks, &n), CL_INVALID_VALUE);
  /* errors */
  ck_assert_ptr_null(clCreateProgramWithSource(e.ctx, 0, parts, NULL, &err));
  ck_assert_int_eq(err, CL_INVALID_VALUE);
  ck_assert_ptr_null(clCreateProgramWithSource(NULL, 1, parts, NULL, &err));
  ck_assert_int_eq(err, CL_INVALID_CONTEXT);
  ck_assert_int_eq(clGetProgramInfo(p, 0x7777, 0, NULL, NULL), CL_INVALID_VALUE);
  ck_assert_int_eq(clReleaseProgram(p), CL_SUCCESS);
  rt_env_close(&e);
}
END_TEST

START_TEST(kernels_and_args) {
  rt_test_env();
  rt_env e;
  rt_env_open(&e, 0);
  cl_int err;
  cl_program p = rt_build(&e, rt_src_args);
  ck_assert_ptr_null(clCreateKernel(p, "nosuch", &err));
  ck_assert_int_eq(err, CL_INVALID_KERNEL_NAME);
  ck_assert_ptr_null(clCreateKernel(p, NULL, &err));
  ck_assert_int_eq(err, CL_INVALID_VALUE);
  cl_kernel k = clCreateKernel(p, "withlocal", &err);
  ck_assert_int_eq(err, CL_SUCCESS);
  char name[64];
  ck_assert_int_eq(clGetKernelInfo(k, CL_KERNEL_FUNCTION_NAME, sizeof name, name, NULL),
                   CL_SUCCESS);
  ck_assert_str_eq(name, "withlocal");
  cl_uint na;
  ck_assert_int_eq(clGetKernelInfo(k, CL_KERNEL_NUM_ARGS, sizeof na, &na, NULL), CL_SUCCESS);
  ck_assert_uint_eq(na, 4);
  cl_program kp;
  ck_assert_int_eq(clGetKernelInfo(k, CL_KERNEL_PROGRAM, sizeof kp, &kp, NULL), CL_SUCCESS);
  ck_assert_ptr_eq(kp, p);
  /* Built without -cl-kernel-arg-info: OpenCL 1.2 keeps all argument info
   * back (test_rt_link checks it with the option). */
  cl_kernel_arg_address_qualifier aq;
  ck_assert_int_eq(clGetKernelArgInfo(k, 1, CL_KERNEL_ARG_ADDRESS_QUALIFIER, sizeof aq, &aq, NULL),
                   CL_KERNEL_ARG_INFO_NOT_AVAILABLE);
  ck_assert_int_eq(clGetKernelArgInfo(k, 2, CL_KERNEL_ARG_NAME, sizeof name, name, NULL),
                   CL_KERNEL_ARG_INFO_NOT_AVAILABLE);
  ck_assert_int_eq(clGetKernelArgInfo(k, 2, CL_KERNEL_ARG_TYPE_NAME, sizeof name, name, NULL),
                   CL_KERNEL_ARG_INFO_NOT_AVAILABLE);
  cl_kernel_arg_type_qualifier tq;
  ck_assert_int_eq(clGetKernelArgInfo(k, 2, CL_KERNEL_ARG_TYPE_QUALIFIER, sizeof tq, &tq, NULL),
                   CL_KERNEL_ARG_INFO_NOT_AVAILABLE);
  ck_assert_int_eq(clGetKernelArgInfo(k, 9, CL_KERNEL_ARG_NAME, sizeof name, name, NULL),
                   CL_INVALID_ARG_INDEX);

  cl_mem m = clCreateBuffer(e.ctx, 0, 64, NULL, &err);
  int n = 5;
  cl_float4 s4 = {{1, 2, 3, 4}};
  /* clSetKernelArg checks */
  ck_assert_int_eq(clSetKernelArg(k, 4, sizeof n, &n), CL_INVALID_ARG_INDEX);
  ck_assert_int_eq(clSetKernelArg(k, 0, 4, &m), CL_INVALID_ARG_SIZE);
  cl_mem notmem = (cl_mem)e.q;
  ck_assert_int_eq(clSetKernelArg(k, 0, sizeof notmem, &notmem), CL_INVALID_MEM_OBJECT);
  ck_assert_int_eq(clSetKernelArg(k, 1, 64, &n), CL_INVALID_ARG_VALUE);
  ck_assert_int_eq(clSetKernelArg(k, 1, 0, NULL), CL_INVALID_ARG_SIZE);
  ck_assert_int_eq(clSetKernelArg(k, 2, 8, &n), CL_INVALID_ARG_SIZE);
  ck_assert_int_eq(clSetKernelArg(k, 2, sizeof n, NULL), CL_INVALID_ARG_VALUE);
  ck_assert_int_eq(clSetKernelArg(NULL, 2, sizeof n, &n), CL_INVALID_KERNEL);
  /* good ones */
  ck_assert_int_eq(clSetKernelArg(k, 0, sizeof m, &m), CL_SUCCESS);
  ck_assert_int_eq(clSetKernelArg(k, 0, sizeof m, NULL), CL_SUCCESS); /* NULL buffer */
  ck_assert_int_eq(clSetKernelArg(k, 0, sizeof m, &m), CL_SUCCESS);
  ck_assert_int_eq(clSetKernelArg(k, 1, 256, NULL), CL_SUCCESS);
  ck_assert_int_eq(clSetKernelArg(k, 2, sizeof n, &n), CL_SUCCESS);
  ck_assert_int_eq(clSetKernelArg(k, 3, sizeof s4, &s4), CL_SUCCESS);

  size_t wg, mult;
  ck_assert_int_eq(
      clGetKernelWorkGroupInfo(k, e.device, CL_KERNEL_WORK_GROUP_SIZE, sizeof wg, &wg, NULL),
      CL_SUCCESS);
  ck_assert_uint_ge(wg, 64);
  ck_assert_uint_le(wg, rt_dev_size(e.device, CL_DEVICE_MAX_WORK_GROUP_SIZE));
  ck_assert_int_eq(clGetKernelWorkGroupInfo(k, NULL, CL_KERNEL_PREFERRED_WORK_GROUP_SIZE_MULTIPLE,
                                            sizeof mult, &mult, NULL),
                   CL_SUCCESS);
  ck_assert_uint_eq(mult, 32); /* wave_size of the default preset */
  cl_ulong lds;
  ck_assert_int_eq(
      clGetKernelWorkGroupInfo(k, e.device, CL_KERNEL_LOCAL_MEM_SIZE, sizeof lds, &lds, NULL),
      CL_SUCCESS);
  ck_assert_uint_ge(lds, 256); /* static __local (if any), then 256 for tmp */
  size_t cwg[3];
  ck_assert_int_eq(clGetKernelWorkGroupInfo(k, e.device, CL_KERNEL_COMPILE_WORK_GROUP_SIZE,
                                            sizeof cwg, cwg, NULL),
                   CL_SUCCESS);
  ck_assert_uint_eq(cwg[0], 0);
  ck_assert_int_eq(
      clGetKernelWorkGroupInfo(k, e.device, CL_KERNEL_GLOBAL_WORK_SIZE, sizeof cwg, cwg, NULL),
      CL_INVALID_VALUE);
  ck_assert_int_eq(clReleaseKernel(k), CL_SUCCESS);
  ck_assert_int_eq(clReleaseMemObject(m), CL_SUCCESS);
  ck_assert_int_eq(clReleaseProgram(p), CL_SUCCESS);
  rt_env_close(&e);
}
END_TEST

static Suite *suite(void) {
  Suite *s = suite_create("rt_program");
  TCase *tc = tcase_create("core");
  tcase_set_timeout(tc, 60);
  tcase_add_test(tc, build_failure_has_log);
  tcase_add_test(tc, build_bad_options);
  tcase_add_test(tc, program_info);
  tcase_add_test(tc, kernels_and_args);
  suite_add_tcase(s, tc);
  return s;
}

int main(void) {
  return check_run(suite());
}
