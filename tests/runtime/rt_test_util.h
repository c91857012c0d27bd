/* Helpers shared by the runtime tests: environment for a fresh platform,
 * the one device, a context and queue, programs built from source. */
#ifndef WAVESIM_RT_TEST_UTIL_H
#define WAVESIM_RT_TEST_UTIL_H

#define CL_TARGET_OPENCL_VERSION 300
#define CL_USE_DEPRECATED_OPENCL_1_1_APIS
#define CL_USE_DEPRECATED_OPENCL_1_2_APIS
#include <CL/cl.h>
#include <check.h>

/* Each Check test runs in a fresh forked child, so the platform (created at
 * the first cl* call) sees the environment the test sets up first. This
 * points WAVESIM_DB at a new temporary file (returned, static storage) and
 * clears the other WAVESIM_* variables. */
const char *rt_test_env(void);

typedef struct rt_env {
  cl_platform_id platform;
  cl_device_id device;
  cl_context ctx;
  cl_command_queue q;
} rt_env;

/* Platform, device, context and a queue (with profiling when asked). */
void rt_env_open(rt_env *e, int profiling);
void rt_env_close(rt_env *e);

/* Builds `src`; asserts success (printing the log otherwise). */
cl_program rt_build(rt_env *e, const char *src);

/* Redirects stderr to a temporary file until rt_stderr_end, which returns
 * what was written (static buffer). */
void rt_stderr_begin(void);
const char *rt_stderr_end(void);

/* Device-info helpers. */
cl_uint rt_dev_uint(cl_device_id d, cl_device_info p);
cl_ulong rt_dev_ulong(cl_device_id d, cl_device_info p);
size_t rt_dev_size(cl_device_id d, cl_device_info p);
const char *rt_dev_str(cl_device_id d, cl_device_info p); /* static buffer */

/* The kernels the tests share (OpenCL C). */
extern const char *rt_src_vadd;
extern const char *rt_src_args;

#endif
