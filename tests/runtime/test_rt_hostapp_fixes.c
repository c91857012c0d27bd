/* Regression tests for runtime bugs real host programs found (the programs
 * are in tests/integration/hostapps): binary caching, event callbacks that
 * release their event, the __OPENCL_VERSION__ macro. */
#include <stdlib.h>
#include <string.h>

#include "check_run.h"
#include "rt_test_util.h"

/* Uses a -D macro and a plain (C99) `inline` helper, as headers often do. */
static const char *src_opts = "inline int twice(int x) { return 2 * x; }\n"
                              "kernel void put(global int *a) { a[0] = twice(VAL); }\n";

static cl_int run_put(rt_env *e, cl_program p) {
  cl_int err, out = -1;
  cl_kernel k = clCreateKernel(p, "put", &err);
  ck_assert_int_eq(err, CL_SUCCESS);
  cl_mem m = clCreateBuffer(e->ctx, CL_MEM_READ_WRITE, sizeof out, NULL, &err);
  ck_assert_int_eq(clSetKernelArg(k, 0, sizeof m, &m), CL_SUCCESS);
  size_t g = 1;
  ck_assert_int_eq(clEnqueueNDRangeKernel(e->q, k, 1, NULL, &g, NULL, 0, NULL, NULL), CL_SUCCESS);
  ck_assert_int_eq(clEnqueueReadBuffer(e->q, m, CL_TRUE, 0, sizeof out, &out, 0, NULL, NULL),
                   CL_SUCCESS);
  clReleaseMemObject(m);
  clReleaseKernel(k);
  return out;
}

static unsigned char *get_binary(cl_program p, size_t *len) {
  ck_assert_int_eq(clGetProgramInfo(p, CL_PROGRAM_BINARY_SIZES, sizeof *len, len, NULL),
                   CL_SUCCESS);
  ck_assert_uint_gt(*len, 0);
  unsigned char *bin = malloc(*len);
  ck_assert_int_eq(clGetProgramInfo(p, CL_PROGRAM_BINARIES, sizeof bin, &bin, NULL), CL_SUCCESS);
  return bin;
}

/* Bug: the binary held the source only, so rebuilding a cached binary
 * without the original -D/-I options failed. */
START_TEST(binary_keeps_build_options) {
  rt_test_env();
  rt_env e;
  rt_env_open(&e, 0);
  cl_int err;
  cl_program p = clCreateProgramWithSource(e.ctx, 1, &src_opts, NULL, &err);
  ck_assert_int_eq(clBuildProgram(p, 1, &e.device, "-DVAL=21", NULL, NULL), CL_SUCCESS);
  ck_assert_int_eq(run_put(&e, p), 42);
  size_t len;
  unsigned char *bin = get_binary(p, &len);
  ck_assert_int_eq(clReleaseProgram(p), CL_SUCCESS);

  cl_int bst = -1;
  const unsigned char *bp = bin;
  cl_program pb = clCreateProgramWithBinary(e.ctx, 1, &e.device, &len, &bp, &bst, &err);
  ck_assert_int_eq(err, CL_SUCCESS);
  ck_assert_int_eq(bst, CL_SUCCESS);
  ck_assert_int_eq(clBuildProgram(pb, 1, &e.device, NULL, NULL, NULL), CL_SUCCESS);
  ck_assert_int_eq(run_put(&e, pb), 42);
  /* The rebuilt program's binary is the same again (caches stay stable). */
  size_t len2;
  unsigned char *bin2 = get_binary(pb, &len2);
  ck_assert_uint_eq(len2, len);
  ck_assert_int_eq(memcmp(bin, bin2, len), 0);
  /* CL_PROGRAM_BUILD_OPTIONS reports what the app passed this time. */
  char opts[64];
  ck_assert_int_eq(
      clGetProgramBuildInfo(pb, e.device, CL_PROGRAM_BUILD_OPTIONS, sizeof opts, opts, NULL),
      CL_SUCCESS);
  ck_assert_str_eq(opts, "");
  ck_assert_int_eq(clReleaseProgram(pb), CL_SUCCESS);
  free(bin2);

  /* A version-2 binary cut before the options' NUL is invalid. */
  size_t cut = strlen("wavesim-program-source 2\n") + 3;
  bst = 0;
  ck_assert_ptr_null(clCreateProgramWithBinary(e.ctx, 1, &e.device, &cut, &bp, &bst, &err));
  ck_assert_int_eq(err, CL_INVALID_BINARY);
  ck_assert_int_eq(bst, CL_INVALID_BINARY);
  /* Version 1 (source only) still loads. */
  const char *v1 = "wavesim-program-source 1\nkernel void put(global int *a) { a[0] = 5; }\n";
  size_t v1len = strlen(v1) + 1;
  const unsigned char *v1p = (const unsigned char *)v1;
  cl_program p1 = clCreateProgramWithBinary(e.ctx, 1, &e.device, &v1len, &v1p, &bst, &err);
  ck_assert_int_eq(err, CL_SUCCESS);
  ck_assert_int_eq(clBuildProgram(p1, 0, NULL, NULL, NULL, NULL), CL_SUCCESS);
  ck_assert_int_eq(run_put(&e, p1), 5);
  ck_assert_int_eq(clReleaseProgram(p1), CL_SUCCESS);
  /* Junk, empty and NULL binaries. */
  const unsigned char junk[] = "wavesim-program-source 9\nxx";
  const unsigned char *jp = junk;
  size_t jl = sizeof junk;
  ck_assert_ptr_null(clCreateProgramWithBinary(e.ctx, 1, &e.device, &jl, &jp, &bst, &err));
  ck_assert_int_eq(err, CL_INVALID_BINARY);
  jl = 0;
  ck_assert_ptr_null(clCreateProgramWithBinary(e.ctx, 1, &e.device, &jl, &jp, &bst, &err));
  ck_assert_int_eq(err, CL_INVALID_VALUE);
  ck_assert_int_eq(bst, CL_INVALID_VALUE);
  ck_assert_ptr_null(clCreateProgramWithBinary(e.ctx, 1, &e.device, &len, NULL, &bst, &err));
  ck_assert_int_eq(err, CL_INVALID_VALUE);
  free(bin);
  rt_env_close(&e);
}
END_TEST

/* Bug: __OPENCL_VERSION__ (the device's version, which drivers define) was
 * missing, so kernels guarded with `#if __OPENCL_VERSION__ < 120` failed. */
START_TEST(opencl_version_macro) {
  rt_test_env();
  rt_env e;
  rt_env_open(&e, 0);
  const char *src = "#ifndef __OPENCL_VERSION__\n#error no version\n#endif\n"
                    "kernel void put(global int *a) {\n"
                    "  a[0] = twice(__OPENCL_VERSION__ * 1000 + __OPENCL_C_VERSION__) / 2;\n"
                    "}\n"
                    "int twice(int x) { return 2 * x; }\n";
  const char *parts[2] = {"int twice(int x);\n", src};
  cl_int err;
  cl_program p = clCreateProgramWithSource(e.ctx, 2, parts, NULL, &err);
  ck_assert_int_eq(clBuildProgram(p, 1, &e.device, "-DUNUSED", NULL, NULL), CL_SUCCESS);
  ck_assert_int_eq(run_put(&e, p), 310120); /* an OpenCL 3.1 device, OpenCL C 1.2 by default */
  /* The app's options are reported as given, without the runtime's define. */
  char opts[64];
  ck_assert_int_eq(
      clGetProgramBuildInfo(p, e.device, CL_PROGRAM_BUILD_OPTIONS, sizeof opts, opts, NULL),
      CL_SUCCESS);
  ck_assert_str_eq(opts, "-DUNUSED");
  ck_assert_int_eq(clReleaseProgram(p), CL_SUCCESS);
  rt_env_close(&e);
}
END_TEST

typedef struct cb_log {
  int release_calls, plain_calls, nested_calls;
} cb_log;

static void CL_CALLBACK cb_release(cl_event e, cl_int st, void *data) {
  ck_assert_int_eq(st, CL_COMPLETE);
  ((cb_log *)data)->release_calls++;
  ck_assert_int_eq(clReleaseEvent(e), CL_SUCCESS);
}

static void CL_CALLBACK cb_plain(cl_event e, cl_int st, void *data) {
  (void)e;
  ck_assert_int_eq(st, CL_COMPLETE);
  ((cb_log *)data)->plain_calls++;
}

static void CL_CALLBACK cb_nested(cl_event e, cl_int st, void *data) {
  (void)st;
  ((cb_log *)data)->nested_calls++;
  /* Registered on a complete event from inside a callback: runs at once. */
  ck_assert_int_eq(clSetEventCallback(e, CL_COMPLETE, cb_plain, data), CL_SUCCESS);
}

/* Bug: a callback that dropped the last reference to its event (the
 * "fire and forget" pattern) freed the event while the runtime was still
 * walking its callback list (use after free; the ASan run catches it). */
START_TEST(callback_may_release_its_event) {
  rt_test_env();
  rt_env e;
  rt_env_open(&e, 0);
  cl_int err;
  cb_log log = {0, 0, 0};
  cl_event u = clCreateUserEvent(e.ctx, &err);
  ck_assert_int_eq(err, CL_SUCCESS);
  ck_assert_int_eq(clSetEventCallback(u, CL_COMPLETE, cb_plain, &log), CL_SUCCESS);
  ck_assert_int_eq(clSetEventCallback(u, CL_COMPLETE, cb_release, &log), CL_SUCCESS);
  ck_assert_int_eq(clSetEventCallback(u, CL_COMPLETE, cb_plain, &log), CL_SUCCESS);
  ck_assert_int_eq(log.plain_calls, 0);
  ck_assert_int_eq(clSetUserEventStatus(u, CL_COMPLETE), CL_SUCCESS); /* frees u */
  ck_assert_int_eq(log.release_calls, 1);
  ck_assert_int_eq(log.plain_calls, 2);

  /* Already complete: clSetEventCallback calls it at once, which releases it. */
  cl_event v = clCreateUserEvent(e.ctx, &err);
  ck_assert_int_eq(clSetUserEventStatus(v, CL_COMPLETE), CL_SUCCESS);
  ck_assert_int_eq(clSetEventCallback(v, CL_COMPLETE, cb_release, &log), CL_SUCCESS);
  ck_assert_int_eq(log.release_calls, 2);

  /* A callback that registers another on the same event. */
  cl_event w = clCreateUserEvent(e.ctx, &err);
  ck_assert_int_eq(clSetEventCallback(w, CL_COMPLETE, cb_nested, &log), CL_SUCCESS);
  ck_assert_int_eq(clSetUserEventStatus(w, CL_COMPLETE), CL_SUCCESS);
  ck_assert_int_eq(log.nested_calls, 1);
  ck_assert_int_eq(log.plain_calls, 3);
  cl_uint refs = 0;
  ck_assert_int_eq(clGetEventInfo(w, CL_EVENT_REFERENCE_COUNT, sizeof refs, &refs, NULL),
                   CL_SUCCESS);
  ck_assert_uint_eq(refs, 1); /* the runtime's hold during the callbacks is gone */
  /* Bad registrations. */
  ck_assert_int_eq(clSetEventCallback(w, CL_QUEUED, cb_plain, &log), CL_INVALID_VALUE);
  ck_assert_int_eq(clSetEventCallback(w, CL_COMPLETE, NULL, &log), CL_INVALID_VALUE);
  ck_assert_int_eq(clSetEventCallback(NULL, CL_COMPLETE, cb_plain, &log), CL_INVALID_EVENT);
  ck_assert_int_eq(clReleaseEvent(w), CL_SUCCESS);
  rt_env_close(&e);
}
END_TEST

static Suite *suite(void) {
  Suite *s = suite_create("rt_hostapp_fixes");
  TCase *tc = tcase_create("core");
  tcase_set_timeout(tc, 60);
  tcase_add_test(tc, binary_keeps_build_options);
  tcase_add_test(tc, callback_may_release_its_event);
  tcase_add_test(tc, opencl_version_macro);
  suite_add_tcase(s, tc);
  return s;
}

int main(void) {
  return check_run(suite());
}
