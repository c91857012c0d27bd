/* The runtime through the real ocl-icd loader: OCL_ICD_VENDORS points at
 * the build's vendors directory, so wavesim is the only platform. This test
 * links libOpenCL, not the runtime. */
#define CL_TARGET_OPENCL_VERSION 300
#include <CL/cl.h>
#include <CL/cl_ext.h>
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>

#include "check_run.h"

START_TEST(loader_finds_wavesim) {
  setenv("OCL_ICD_VENDORS", WAVESIM_TEST_VENDORS_DIR, 1);
  setenv("WAVESIM_DB", "none", 1);
  cl_platform_id p[4];
  cl_uint n = 0;
  ck_assert_int_eq(clGetPlatformIDs(4, p, &n), CL_SUCCESS);
  ck_assert_uint_eq(n, 1);
  char buf[256];
  ck_assert_int_eq(clGetPlatformInfo(p[0], CL_PLATFORM_NAME, sizeof buf, buf, NULL), CL_SUCCESS);
  ck_assert_ptr_nonnull(strstr(buf, "wavesim"));
  ck_assert_int_eq(clGetPlatformInfo(p[0], CL_PLATFORM_ICD_SUFFIX_KHR, sizeof buf, buf, NULL),
                   CL_SUCCESS);
  ck_assert_str_eq(buf, "WSIM");
  cl_device_id d;
  ck_assert_int_eq(clGetDeviceIDs(p[0], CL_DEVICE_TYPE_GPU, 1, &d, NULL), CL_SUCCESS);
  ck_assert_int_eq(clGetDeviceInfo(d, CL_DEVICE_VENDOR, sizeof buf, buf, NULL), CL_SUCCESS);
  ck_assert_str_eq(buf, "wavesim project");
  /* calls through the dispatch table reach our objects */
  cl_int err;
  cl_context ctx = clCreateContext(NULL, 1, &d, NULL, NULL, &err);
  ck_assert_int_eq(err, CL_SUCCESS);
  cl_mem m = clCreateBuffer(ctx, 0, 0, NULL, &err);
  ck_assert_ptr_null(m);
  ck_assert_int_eq(err, CL_INVALID_BUFFER_SIZE);
  /* images and samplers through the dispatch table */
  cl_image_format fmt = {CL_RGBA, CL_UNORM_INT8};
  cl_image_desc desc = {0};
  desc.image_type = CL_MEM_OBJECT_IMAGE2D;
  desc.image_width = desc.image_height = 4;
  cl_mem img = clCreateImage(ctx, 0, &fmt, &desc, NULL, &err);
  ck_assert_int_eq(err, CL_SUCCESS);
  ck_assert_int_eq(clReleaseMemObject(img), CL_SUCCESS);
  cl_sampler smp = clCreateSamplerWithProperties(ctx, NULL, &err);
  ck_assert_int_eq(err, CL_SUCCESS);
  ck_assert_int_eq(clReleaseSampler(smp), CL_SUCCESS);
  /* an unsupported feature fails cleanly instead of crashing */
  ck_assert_ptr_null(clCreatePipe(ctx, 0, 4, 4, NULL, &err));
  ck_assert_int_eq(err, CL_INVALID_OPERATION);
  ck_assert_int_eq(clReleaseContext(ctx), CL_SUCCESS);
}
END_TEST

/* A whole program (build, launch, read back) through the loader. */
START_TEST(loader_runs_program) {
  char cmd[1024];
  snprintf(cmd, sizeof cmd, "OCL_ICD_VENDORS=%s WAVESIM_DB=none %s >/dev/null",
           WAVESIM_TEST_VENDORS_DIR, WAVESIM_TEST_APP);
  int st = system(cmd);
  ck_assert(WIFEXITED(st));
  ck_assert_int_eq(WEXITSTATUS(st), 0);
}
END_TEST

static Suite *suite(void) {
  Suite *s = suite_create("rt_icd");
  TCase *tc = tcase_create("core");
  tcase_set_timeout(tc, 120);
  tcase_add_test(tc, loader_finds_wavesim);
  tcase_add_test(tc, loader_runs_program);
  suite_add_tcase(s, tc);
  return s;
}

int main(void) {
  return check_run(suite());
}
