/* Helpers shared by the runtime tests (see rt_test_util.h). */
#include "rt_test_util.h"

#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

const char *rt_src_vadd =
    "__kernel void vadd(__global const int *a, __global const int *b, __global int *c) {\n"
    "  size_t i = get_global_id(0);\n"
    "  c[i] = a[i] + b[i];\n"
    "}\n"
    "__kernel void oob(__global const int *a, __global const int *b, __global int *c) {\n"
    "  size_t i = get_global_id(0);\n"
    "  c[i + 1024] = a[i] + b[i];\n"
    "}\n";

const char *rt_src_args =
    "__kernel void withlocal(__global int *out, __local float *tmp, int n, float4 s) {\n"
    "  tmp[get_local_id(0)] = s.x;\n"
    "  barrier(CLK_LOCAL_MEM_FENCE);\n"
    "  if (get_global_id(0) == 0) out[0] = n + (int)tmp[0];\n"
    "}\n";

const char *rt_test_env(void) {
  static char db[64];
  snprintf(db, sizeof db, "/tmp/wavesim-rt-test-XXXXXX");
  int fd = mkstemp(db);
  ck_assert_int_ge(fd, 0);
  close(fd);
  unlink(db); /* the runtime creates it at the first launch */
  setenv("WAVESIM_DB", db, 1);
  unsetenv("WAVESIM_CONFIG");
  unsetenv("WAVESIM_SET");
  unsetenv("WAVESIM_MODE");
  unsetenv("WAVESIM_SAMPLE");
  unsetenv("WAVESIM_CHECK");
  unsetenv("WAVESIM_REPORT");
  return db;
}

void rt_env_open(rt_env *e, int profiling) {
  cl_int err;
  ck_assert_int_eq(clGetPlatformIDs(1, &e->platform, NULL), CL_SUCCESS);
  ck_assert_int_eq(clGetDeviceIDs(e->platform, CL_DEVICE_TYPE_GPU, 1, &e->device, NULL),
                   CL_SUCCESS);
  e->ctx = clCreateContext(NULL, 1, &e->device, NULL, NULL, &err);
  ck_assert_int_eq(err, CL_SUCCESS);
  e->q = clCreateCommandQueue(e->ctx, e->device, profiling ? CL_QUEUE_PROFILING_ENABLE : 0, &err);
  ck_assert_int_eq(err, CL_SUCCESS);
}

void rt_env_close(rt_env *e) {
  ck_assert_int_eq(clReleaseCommandQueue(e->q), CL_SUCCESS);
  ck_assert_int_eq(clReleaseContext(e->ctx), CL_SUCCESS);
}

cl_program rt_build(rt_env *e, const char *src) {
  cl_int err;
  cl_program p = clCreateProgramWithSource(e->ctx, 1, &src, NULL, &err);
  ck_assert_int_eq(err, CL_SUCCESS);
  err = clBuildProgram(p, 1, &e->device, "", NULL, NULL);
  if (err != CL_SUCCESS) {
    char log[8192] = "";
    clGetProgramBuildInfo(p, e->device, CL_PROGRAM_BUILD_LOG, sizeof log, log, NULL);
    ck_abort_msg("build failed (%d):\n%s", err, log);
  }
  return p;
}

static int rt_saved_stderr = -1;
static char rt_stderr_path[64];

void rt_stderr_begin(void) {
  fflush(stderr);
  snprintf(rt_stderr_path, sizeof rt_stderr_path, "/tmp/wavesim-rt-stderr-XXXXXX");
  int fd = mkstemp(rt_stderr_path);
  ck_assert_int_ge(fd, 0);
  rt_saved_stderr = dup(2);
  dup2(fd, 2);
  close(fd);
}

const char *rt_stderr_end(void) {
  static char buf[8192];
  fflush(stderr);
  dup2(rt_saved_stderr, 2);
  close(rt_saved_stderr);
  FILE *f = fopen(rt_stderr_path, "r");
  size_t n = f ? fread(buf, 1, sizeof buf - 1, f) : 0;
  buf[n] = 0;
  if (f) fclose(f);
  unlink(rt_stderr_path);
  return buf;
}

cl_uint rt_dev_uint(cl_device_id d, cl_device_info p) {
  cl_uint v = 0;
  ck_assert_int_eq(clGetDeviceInfo(d, p, sizeof v, &v, NULL), CL_SUCCESS);
  return v;
}

cl_ulong rt_dev_ulong(cl_device_id d, cl_device_info p) {
  cl_ulong v = 0;
  ck_assert_int_eq(clGetDeviceInfo(d, p, sizeof v, &v, NULL), CL_SUCCESS);
  return v;
}

size_t rt_dev_size(cl_device_id d, cl_device_info p) {
  size_t v = 0;
  ck_assert_int_eq(clGetDeviceInfo(d, p, sizeof v, &v, NULL), CL_SUCCESS);
  return v;
}

const char *rt_dev_str(cl_device_id d, cl_device_info p) {
  static char buf[1024];
  ck_assert_int_eq(clGetDeviceInfo(d, p, sizeof buf, buf, NULL), CL_SUCCESS);
  return buf;
}
