/* Several devices in one platform (WAVESIM_CONFIG=a,b): device answers per
 * config, contexts of several devices, shared buffers, per-device builds and
 * binaries, statistics rows per device, profiling across device timelines. */
#include <sqlite3.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "check_run.h"
#include "rt_test_util.h"

#define N 256

/* Two-stage kernels: stage one on device A, stage two on device B. */
static const char *src_stages =
    "__kernel void add(__global const int *a, __global const int *b, __global int *c) {\n"
    "  size_t i = get_global_id(0);\n"
    "  c[i] = a[i] + b[i];\n"
    "}\n"
    "__kernel void twice(__global const int *c, __global int *d, int k) {\n"
    "  size_t i = get_global_id(0);\n"
    "  d[i] = 2 * c[i] + k;\n"
    "}\n";

typedef struct md_env {
  cl_platform_id plat;
  cl_device_id dev[2];
  cl_context ctx;
  cl_command_queue q[2];
} md_env;

/* Platform, both devices, one context and a queue per device (after
 * rt_test_env). */
static void md_open(md_env *m, const char *configs, cl_command_queue_properties props) {
  setenv("WAVESIM_CONFIG", configs, 1);
  cl_int err;
  cl_uint n = 0;
  ck_assert_int_eq(clGetPlatformIDs(1, &m->plat, NULL), CL_SUCCESS);
  ck_assert_int_eq(clGetDeviceIDs(m->plat, CL_DEVICE_TYPE_ALL, 2, m->dev, &n), CL_SUCCESS);
  ck_assert_uint_eq(n, 2);
  m->ctx = clCreateContext(NULL, 2, m->dev, NULL, NULL, &err);
  ck_assert_int_eq(err, CL_SUCCESS);
  for (int i = 0; i < 2; i++) {
    m->q[i] = clCreateCommandQueue(m->ctx, m->dev[i], props, &err);
    ck_assert_int_eq(err, CL_SUCCESS);
  }
}

static void md_close(md_env *m) {
  for (int i = 0; i < 2; i++) ck_assert_int_eq(clReleaseCommandQueue(m->q[i]), CL_SUCCESS);
  ck_assert_int_eq(clReleaseContext(m->ctx), CL_SUCCESS);
}

static cl_program md_build(md_env *m, const char *src, cl_uint ndev, const cl_device_id *devs) {
  cl_int err;
  cl_program p = clCreateProgramWithSource(m->ctx, 1, &src, NULL, &err);
  ck_assert_int_eq(err, CL_SUCCESS);
  err = clBuildProgram(p, ndev, devs, "", NULL, NULL);
  ck_assert_int_eq(err, CL_SUCCESS);
  return p;
}

static cl_build_status md_status(cl_program p, cl_device_id d) {
  cl_build_status st = 0;
  ck_assert_int_eq(clGetProgramBuildInfo(p, d, CL_PROGRAM_BUILD_STATUS, sizeof st, &st, NULL),
                   CL_SUCCESS);
  return st;
}

START_TEST(devices_one_per_config) {
  rt_test_env();
  setenv("WAVESIM_CONFIG", " h100 , gcn ", 1); /* spaces around entries are ignored */
  cl_platform_id plat;
  cl_device_id d[4];
  cl_uint n = 0;
  ck_assert_int_eq(clGetPlatformIDs(1, &plat, NULL), CL_SUCCESS);
  ck_assert_int_eq(clGetDeviceIDs(plat, CL_DEVICE_TYPE_GPU, 4, d, &n), CL_SUCCESS);
  ck_assert_uint_eq(n, 2);
  ck_assert_ptr_ne(d[0], d[1]);
  ck_assert_str_eq(rt_dev_str(d[0], CL_DEVICE_NAME), "NVIDIA H100 80GB HBM3 (wavesim model)");
  ck_assert_str_eq(rt_dev_str(d[1], CL_DEVICE_NAME), "wavesim GCN-like GPU");
  ck_assert_uint_eq(rt_dev_uint(d[0], CL_DEVICE_MAX_COMPUTE_UNITS), 132);
  ck_assert_uint_eq(rt_dev_uint(d[1], CL_DEVICE_MAX_COMPUTE_UNITS), 64);
  /* Only as many as asked for; the default device is the first. */
  cl_device_id one = NULL;
  ck_assert_int_eq(clGetDeviceIDs(plat, CL_DEVICE_TYPE_ALL, 1, &one, &n), CL_SUCCESS);
  ck_assert_uint_eq(n, 2);
  ck_assert_ptr_eq(one, d[0]);
  ck_assert_int_eq(clGetDeviceIDs(plat, CL_DEVICE_TYPE_DEFAULT, 4, d + 2, &n), CL_SUCCESS);
  ck_assert_uint_eq(n, 1);
  ck_assert_ptr_eq(d[2], d[0]);
  cl_platform_id back = NULL;
  ck_assert_int_eq(clGetDeviceInfo(d[1], CL_DEVICE_PLATFORM, sizeof back, &back, NULL), CL_SUCCESS);
  ck_assert_ptr_eq(back, plat);
}
END_TEST

START_TEST(devices_bad_entry_names_it) {
  rt_test_env();
  setenv("WAVESIM_CONFIG", "default,nope", 1);
  cl_platform_id plat;
  cl_device_id d;
  cl_uint n = 7;
  rt_stderr_begin();
  ck_assert_int_eq(clGetPlatformIDs(1, &plat, NULL), CL_SUCCESS);
  const char *err = rt_stderr_end();
  ck_assert_msg(strstr(err, "wavesim: WAVESIM_CONFIG entry 2 (nope): unknown config 'nope'"),
                "got: %s", err);
  /* No device at all rather than fewer than asked for. */
  ck_assert_int_eq(clGetDeviceIDs(plat, CL_DEVICE_TYPE_ALL, 1, &d, &n), CL_DEVICE_NOT_FOUND);
  ck_assert_uint_eq(n, 0);
}
END_TEST

START_TEST(devices_empty_list) {
  rt_test_env();
  setenv("WAVESIM_CONFIG", " , ,", 1);
  cl_platform_id plat;
  rt_stderr_begin();
  ck_assert_int_eq(clGetPlatformIDs(1, &plat, NULL), CL_SUCCESS);
  const char *err = rt_stderr_end();
  ck_assert_str_eq(err,
                   "wavesim: WAVESIM_CONFIG names no config (use e.g. 'default' or 'h100,gcn')\n");
}
END_TEST

START_TEST(devices_too_many) {
  rt_test_env();
  setenv("WAVESIM_CONFIG",
         "teaching,teaching,teaching,teaching,teaching,teaching,teaching,"
         "teaching,teaching,teaching,teaching,teaching,teaching,teaching,"
         "teaching,teaching,teaching",
         1);
  cl_platform_id plat;
  cl_uint n = 9;
  rt_stderr_begin();
  ck_assert_int_eq(clGetPlatformIDs(1, &plat, NULL), CL_SUCCESS);
  ck_assert_int_eq(clGetDeviceIDs(plat, CL_DEVICE_TYPE_ALL, 0, NULL, &n), CL_DEVICE_NOT_FOUND);
  const char *err = rt_stderr_end();
  ck_assert_str_eq(err, "wavesim: WAVESIM_CONFIG names more than 16 configs (one device each)\n");
}
END_TEST

START_TEST(context_of_two_devices) {
  md_env m;
  rt_test_env();
  md_open(&m, "h100,gcn", 0);
  cl_uint nd = 0;
  cl_device_id got[4];
  size_t sz = 0;
  ck_assert_int_eq(clGetContextInfo(m.ctx, CL_CONTEXT_NUM_DEVICES, sizeof nd, &nd, NULL),
                   CL_SUCCESS);
  ck_assert_uint_eq(nd, 2);
  ck_assert_int_eq(clGetContextInfo(m.ctx, CL_CONTEXT_DEVICES, sizeof got, got, &sz), CL_SUCCESS);
  ck_assert_uint_eq(sz, 2 * sizeof(cl_device_id));
  ck_assert_ptr_eq(got[0], m.dev[0]);
  ck_assert_ptr_eq(got[1], m.dev[1]);
  /* Duplicates are ignored (spec); from type: every GPU. */
  cl_int err;
  cl_device_id dup[3] = {m.dev[1], m.dev[1], m.dev[0]};
  cl_context c2 = clCreateContext(NULL, 3, dup, NULL, NULL, &err);
  ck_assert_int_eq(err, CL_SUCCESS);
  ck_assert_int_eq(clGetContextInfo(c2, CL_CONTEXT_DEVICES, sizeof got, got, &sz), CL_SUCCESS);
  ck_assert_uint_eq(sz, 2 * sizeof(cl_device_id));
  ck_assert_ptr_eq(got[0], m.dev[1]);
  clReleaseContext(c2);
  cl_context c3 = clCreateContextFromType(NULL, CL_DEVICE_TYPE_GPU, NULL, NULL, &err);
  ck_assert_int_eq(err, CL_SUCCESS);
  ck_assert_int_eq(clGetContextInfo(c3, CL_CONTEXT_NUM_DEVICES, sizeof nd, &nd, NULL), CL_SUCCESS);
  ck_assert_uint_eq(nd, 2);
  /* A queue's device must belong to its context. */
  cl_context c4 = clCreateContext(NULL, 1, &m.dev[0], NULL, NULL, &err);
  ck_assert_int_eq(err, CL_SUCCESS);
  ck_assert_ptr_null(clCreateCommandQueue(c4, m.dev[1], 0, &err));
  ck_assert_int_eq(err, CL_INVALID_DEVICE);
  clReleaseContext(c4);
  clReleaseContext(c3);
  md_close(&m);
}
END_TEST

/* A kernel on device A writes a buffer that a kernel on device B reads (the
 * wait list crosses queues of different devices); sub-buffers and host
 * transfers on either queue see the same bytes. */
START_TEST(buffer_shared_across_devices) {
  md_env m;
  rt_test_env();
  md_open(&m, "h100,gcn", CL_QUEUE_PROFILING_ENABLE);
  cl_program p = md_build(&m, src_stages, 0, NULL);
  ck_assert_int_eq(md_status(p, m.dev[0]), CL_BUILD_SUCCESS);
  ck_assert_int_eq(md_status(p, m.dev[1]), CL_BUILD_SUCCESS);
  cl_int err;
  cl_kernel add = clCreateKernel(p, "add", &err);
  cl_kernel twice = clCreateKernel(p, "twice", &err);
  ck_assert_int_eq(err, CL_SUCCESS);
  int ha[N], hb[N], out[N];
  for (int i = 0; i < N; i++) ha[i] = i, hb[i] = 100 * i;
  cl_mem a = clCreateBuffer(m.ctx, CL_MEM_COPY_HOST_PTR, sizeof ha, ha, &err);
  cl_mem b = clCreateBuffer(m.ctx, CL_MEM_READ_ONLY, sizeof hb, NULL, &err);
  cl_mem c = clCreateBuffer(m.ctx, CL_MEM_READ_WRITE, sizeof ha, NULL, &err);
  cl_mem d = clCreateBuffer(m.ctx, CL_MEM_READ_WRITE, sizeof ha, NULL, &err);
  ck_assert_int_eq(err, CL_SUCCESS);
  /* Written through device B's queue, read by a kernel on device A. */
  cl_event wb, e1, e2;
  ck_assert_int_eq(clEnqueueWriteBuffer(m.q[1], b, CL_FALSE, 0, sizeof hb, hb, 0, NULL, &wb),
                   CL_SUCCESS);
  clSetKernelArg(add, 0, sizeof a, &a);
  clSetKernelArg(add, 1, sizeof b, &b);
  clSetKernelArg(add, 2, sizeof c, &c);
  int k = 7;
  clSetKernelArg(twice, 0, sizeof c, &c);
  clSetKernelArg(twice, 1, sizeof d, &d);
  clSetKernelArg(twice, 2, sizeof k, &k);
  size_t g = N;
  ck_assert_int_eq(clEnqueueNDRangeKernel(m.q[0], add, 1, NULL, &g, NULL, 1, &wb, &e1), CL_SUCCESS);
  ck_assert_int_eq(clEnqueueNDRangeKernel(m.q[1], twice, 1, NULL, &g, NULL, 1, &e1, &e2),
                   CL_SUCCESS);
  ck_assert_int_eq(clEnqueueReadBuffer(m.q[1], d, CL_TRUE, 0, sizeof out, out, 1, &e2, NULL),
                   CL_SUCCESS);
  for (int i = 0; i < N; i++) ck_assert_int_eq(out[i], 2 * (101 * i) + 7);
  /* A sub-buffer of c read on device A's queue. */
  cl_buffer_region r = {128 * sizeof(int), 16 * sizeof(int)};
  cl_mem sub = clCreateSubBuffer(c, 0, CL_BUFFER_CREATE_TYPE_REGION, &r, &err);
  ck_assert_int_eq(err, CL_SUCCESS);
  int part[16];
  ck_assert_int_eq(clEnqueueReadBuffer(m.q[0], sub, CL_TRUE, 0, sizeof part, part, 0, NULL, NULL),
                   CL_SUCCESS);
  for (int i = 0; i < 16; i++) ck_assert_int_eq(part[i], 101 * (128 + i));
  /* Profiling: the kernel on B was handed over when the kernel on A ended
   * (its wait list), and B started no earlier. */
  cl_ulong a_end, b_q, b_sub, b_start, b_end;
  clGetEventProfilingInfo(e1, CL_PROFILING_COMMAND_END, sizeof a_end, &a_end, NULL);
  clGetEventProfilingInfo(e2, CL_PROFILING_COMMAND_QUEUED, sizeof b_q, &b_q, NULL);
  clGetEventProfilingInfo(e2, CL_PROFILING_COMMAND_SUBMIT, sizeof b_sub, &b_sub, NULL);
  clGetEventProfilingInfo(e2, CL_PROFILING_COMMAND_START, sizeof b_start, &b_start, NULL);
  clGetEventProfilingInfo(e2, CL_PROFILING_COMMAND_END, sizeof b_end, &b_end, NULL);
  ck_assert_uint_eq(b_q, 0); /* the host had not waited for anything yet */
  ck_assert_uint_gt(a_end, 0);
  ck_assert_uint_eq(b_sub, a_end);
  ck_assert_uint_eq(b_start, a_end); /* device B was idle until then */
  ck_assert_uint_gt(b_end, b_start);
  clReleaseEvent(wb);
  clReleaseEvent(e1);
  clReleaseEvent(e2);
  clReleaseMemObject(sub);
  clReleaseMemObject(a);
  clReleaseMemObject(b);
  clReleaseMemObject(c);
  clReleaseMemObject(d);
  clReleaseKernel(add);
  clReleaseKernel(twice);
  clReleaseProgram(p);
  md_close(&m);
}
END_TEST

/* clBuildProgram with a device list builds for those only; a launch on a
 * device without a build fails with a message naming the device. */
START_TEST(program_built_for_listed_devices) {
  md_env m;
  rt_test_env();
  md_open(&m, "default,gcn", 0);
  cl_program p = md_build(&m, src_stages, 1, &m.dev[1]);
  ck_assert_int_eq(md_status(p, m.dev[0]), CL_BUILD_NONE);
  ck_assert_int_eq(md_status(p, m.dev[1]), CL_BUILD_SUCCESS);
  cl_int err;
  cl_kernel kn = clCreateKernel(p, "twice", &err);
  ck_assert_int_eq(err, CL_SUCCESS);
  size_t wg = 0;
  ck_assert_int_eq(
      clGetKernelWorkGroupInfo(kn, NULL, CL_KERNEL_WORK_GROUP_SIZE, sizeof wg, &wg, NULL),
      CL_SUCCESS); /* NULL: the kernel's one device */
  ck_assert_int_eq(
      clGetKernelWorkGroupInfo(kn, m.dev[0], CL_KERNEL_WORK_GROUP_SIZE, sizeof wg, &wg, NULL),
      CL_INVALID_DEVICE);
  cl_mem buf = clCreateBuffer(m.ctx, CL_MEM_READ_WRITE, 64 * sizeof(int), NULL, &err);
  int k = 1;
  clSetKernelArg(kn, 0, sizeof buf, &buf);
  clSetKernelArg(kn, 1, sizeof buf, &buf);
  clSetKernelArg(kn, 2, sizeof k, &k);
  size_t g = 64;
  rt_stderr_begin();
  err = clEnqueueNDRangeKernel(m.q[0], kn, 1, NULL, &g, NULL, 0, NULL, NULL);
  const char *msg = rt_stderr_end();
  ck_assert_int_eq(err, CL_INVALID_PROGRAM_EXECUTABLE);
  ck_assert_str_eq(msg, "wavesim: clEnqueueNDRangeKernel(twice): the program was not built for "
                        "this queue's device (default); list it in clBuildProgram's devices or "
                        "pass none\n");
  ck_assert_int_eq(clEnqueueNDRangeKernel(m.q[1], kn, 1, NULL, &g, NULL, 0, NULL, NULL),
                   CL_SUCCESS);
  ck_assert_int_eq(clFinish(m.q[1]), CL_SUCCESS);
  /* Binaries: one entry per program device, empty where nothing is built. */
  size_t sizes[2] = {99, 99}, sz = 0;
  ck_assert_int_eq(clGetProgramInfo(p, CL_PROGRAM_BINARY_SIZES, sizeof sizes, sizes, &sz),
                   CL_SUCCESS);
  ck_assert_uint_eq(sz, 2 * sizeof(size_t));
  ck_assert_uint_eq(sizes[0], 0);
  ck_assert_uint_gt(sizes[1], 0);
  /* A device that is not the program's. */
  clReleaseKernel(kn);
  clReleaseMemObject(buf);
  clReleaseProgram(p);
  md_close(&m);
}
END_TEST

/* Build status and log per device: doubles build on the device with fp64
 * and fail on the one without. Binaries round-trip for both devices. */
START_TEST(program_status_and_binaries_per_device) {
  md_env m;
  rt_test_env();
  md_open(&m, "h100,teaching", 0);
  const char *src = "__kernel void dbl(__global double *x) { x[0] = x[0] * 2.0; }\n";
  cl_int err;
  cl_program p = clCreateProgramWithSource(m.ctx, 1, &src, NULL, &err);
  ck_assert_int_eq(clBuildProgram(p, 0, NULL, "", NULL, NULL), CL_BUILD_PROGRAM_FAILURE);
  ck_assert_int_eq(md_status(p, m.dev[0]), CL_BUILD_SUCCESS);
  ck_assert_int_eq(md_status(p, m.dev[1]), CL_BUILD_ERROR);
  char log[4096] = "";
  ck_assert_int_eq(clGetProgramBuildInfo(p, m.dev[1], CL_PROGRAM_BUILD_LOG, sizeof log, log, NULL),
                   CL_SUCCESS);
  ck_assert_msg(strstr(log, "error"), "log: %s", log);
  ck_assert_int_eq(clGetProgramBuildInfo(p, m.dev[0], CL_PROGRAM_BUILD_LOG, sizeof log, log, NULL),
                   CL_SUCCESS);
  ck_assert_ptr_null(strstr(log, "error"));
  cl_uint nd = 0;
  ck_assert_int_eq(clGetProgramInfo(p, CL_PROGRAM_NUM_DEVICES, sizeof nd, &nd, NULL), CL_SUCCESS);
  ck_assert_uint_eq(nd, 2);
  clReleaseProgram(p);

  /* A program built for both: binaries for both, then rebuilt from them. */
  cl_program q = md_build(&m, src_stages, 0, NULL);
  size_t sizes[2] = {0, 0};
  ck_assert_int_eq(clGetProgramInfo(q, CL_PROGRAM_BINARY_SIZES, sizeof sizes, sizes, NULL),
                   CL_SUCCESS);
  ck_assert_uint_gt(sizes[0], 0);
  ck_assert_uint_eq(sizes[0], sizes[1]);
  unsigned char *bins[2] = {malloc(sizes[0]), malloc(sizes[1])};
  ck_assert_int_eq(clGetProgramInfo(q, CL_PROGRAM_BINARIES, sizeof(bins[0]), bins, NULL),
                   CL_INVALID_VALUE); /* room for one pointer, two devices */
  size_t sz = 0;
  ck_assert_int_eq(clGetProgramInfo(q, CL_PROGRAM_BINARIES, sizeof bins, bins, &sz), CL_SUCCESS);
  ck_assert_uint_eq(sz, sizeof bins);
  cl_int bst[2] = {1, 1};
  const unsigned char *cb[2] = {bins[0], bins[1]};
  cl_program r = clCreateProgramWithBinary(m.ctx, 2, m.dev, sizes, cb, bst, &err);
  ck_assert_int_eq(err, CL_SUCCESS);
  ck_assert_int_eq(bst[0], CL_SUCCESS);
  ck_assert_int_eq(bst[1], CL_SUCCESS);
  ck_assert_int_eq(clBuildProgram(r, 0, NULL, NULL, NULL, NULL), CL_SUCCESS);
  ck_assert_int_eq(md_status(r, m.dev[1]), CL_BUILD_SUCCESS);
  /* From one device's binary: the program has that device only. */
  cl_program one = clCreateProgramWithBinary(m.ctx, 1, &m.dev[1], sizes, cb, bst, &err);
  ck_assert_int_eq(err, CL_SUCCESS);
  ck_assert_int_eq(clGetProgramInfo(one, CL_PROGRAM_NUM_DEVICES, sizeof nd, &nd, NULL), CL_SUCCESS);
  ck_assert_uint_eq(nd, 1);
  cl_build_status st;
  ck_assert_int_eq(
      clGetProgramBuildInfo(one, m.dev[0], CL_PROGRAM_BUILD_STATUS, sizeof st, &st, NULL),
      CL_INVALID_DEVICE);
  ck_assert_int_eq(clBuildProgram(one, 1, &m.dev[0], NULL, NULL, NULL), CL_INVALID_DEVICE);
  /* Two devices' source binaries must agree. */
  static const char other[] = "wavesim-program-source 2\n\0__kernel void z(void) {}\n";
  size_t lens[2] = {sizes[0], sizeof other - 1};
  const unsigned char *mixed[2] = {bins[0], (const unsigned char *)other};
  ck_assert_ptr_null(clCreateProgramWithBinary(m.ctx, 2, m.dev, lens, mixed, bst, &err));
  ck_assert_int_eq(err, CL_INVALID_BINARY);
  ck_assert_int_eq(bst[0], CL_SUCCESS);
  ck_assert_int_eq(bst[1], CL_INVALID_BINARY);
  clReleaseProgram(one);
  clReleaseProgram(r);
  clReleaseProgram(q);
  free(bins[0]);
  free(bins[1]);
  md_close(&m);
}
END_TEST

/* Separate compilation per device: compile, link for both, run on each. */
START_TEST(compile_and_link_per_device) {
  md_env m;
  rt_test_env();
  md_open(&m, "h100,gcn", 0);
  cl_int err;
  cl_program obj = clCreateProgramWithSource(m.ctx, 1, &src_stages, NULL, &err);
  ck_assert_int_eq(clCompileProgram(obj, 0, NULL, "", 0, NULL, NULL, NULL, NULL), CL_SUCCESS);
  ck_assert_int_eq(md_status(obj, m.dev[1]), CL_BUILD_SUCCESS);
  cl_program exe = clLinkProgram(m.ctx, 0, NULL, "", 1, &obj, NULL, NULL, &err);
  ck_assert_int_eq(err, CL_SUCCESS);
  cl_kernel kn = clCreateKernel(exe, "twice", &err);
  ck_assert_int_eq(err, CL_SUCCESS);
  int v[4] = {1, 2, 3, 4};
  cl_mem buf = clCreateBuffer(m.ctx, CL_MEM_USE_HOST_PTR, sizeof v, v, &err);
  int k = 0;
  clSetKernelArg(kn, 0, sizeof buf, &buf);
  clSetKernelArg(kn, 1, sizeof buf, &buf);
  clSetKernelArg(kn, 2, sizeof k, &k);
  size_t g = 4;
  for (int i = 0; i < 2; i++)
    ck_assert_int_eq(clEnqueueNDRangeKernel(m.q[i], kn, 1, NULL, &g, NULL, 0, NULL, NULL),
                     CL_SUCCESS);
  ck_assert_int_eq(clFinish(m.q[0]), CL_SUCCESS);
  ck_assert_int_eq(clFinish(m.q[1]), CL_SUCCESS);
  for (int i = 0; i < 4; i++) ck_assert_int_eq(v[i], 4 * (i + 1)); /* doubled on each device */
  /* Linking for a device the object was not compiled for is refused. */
  cl_program obj1 = clCreateProgramWithSource(m.ctx, 1, &src_stages, NULL, &err);
  ck_assert_int_eq(clCompileProgram(obj1, 1, &m.dev[0], "", 0, NULL, NULL, NULL, NULL), CL_SUCCESS);
  ck_assert_ptr_null(clLinkProgram(m.ctx, 1, &m.dev[1], "", 1, &obj1, NULL, NULL, &err));
  ck_assert_int_eq(err, CL_INVALID_OPERATION);
  clReleaseProgram(obj1);
  clReleaseMemObject(buf);
  clReleaseKernel(kn);
  clReleaseProgram(exe);
  clReleaseProgram(obj);
  md_close(&m);
}
END_TEST

/* Runs the two-device workload with its statistics in `db`; returns the
 * child's exit status (each run is a fresh process: a fresh platform). */
static int md_run_child(const char *configs, const char *db) {
  fflush(NULL);
  pid_t pid = fork();
  if (pid == 0) {
    md_env m;
    rt_test_env();
    setenv("WAVESIM_DB", db, 1);
    md_open(&m, configs, 0);
    cl_program p = md_build(&m, src_stages, 0, NULL);
    cl_int err;
    cl_kernel add = clCreateKernel(p, "add", &err);
    cl_mem a = clCreateBuffer(m.ctx, CL_MEM_READ_WRITE, N * sizeof(int), NULL, &err);
    clSetKernelArg(add, 0, sizeof a, &a);
    clSetKernelArg(add, 1, sizeof a, &a);
    clSetKernelArg(add, 2, sizeof a, &a);
    size_t g = N;
    for (int i = 0; i < 2; i++)
      if (clEnqueueNDRangeKernel(m.q[i], add, 1, NULL, &g, NULL, 0, NULL, NULL) != CL_SUCCESS)
        _exit(3);
    clFinish(m.q[0]);
    clFinish(m.q[1]);
    _exit(0);
  }
  int st = 0;
  waitpid(pid, &st, 0);
  return WIFEXITED(st) ? WEXITSTATUS(st) : 100;
}

/* "config|cycles;" for every launch row, in order. */
static void md_rows(const char *db, char *out, size_t len) {
  sqlite3 *s;
  ck_assert_int_eq(sqlite3_open(db, &s), SQLITE_OK);
  sqlite3_stmt *q;
  ck_assert_int_eq(
      sqlite3_prepare_v2(s, "SELECT config, cycles FROM launches ORDER BY id", -1, &q, NULL),
      SQLITE_OK);
  out[0] = 0;
  while (sqlite3_step(q) == SQLITE_ROW) {
    size_t n = strlen(out);
    snprintf(out + n, len - n, "%s|%lld;", (const char *)sqlite3_column_text(q, 0),
             (long long)sqlite3_column_int64(q, 1));
  }
  sqlite3_finalize(q);
  sqlite3_close(s);
}

/* Each statistics row names the device's config ("#2" on a config named
 * twice); the same program and configs give the same cycles. */
START_TEST(stats_rows_name_the_device) {
  char db1[64], db2[80]; /* copies: rt_test_env's buffer is reused in the children */
  snprintf(db1, sizeof db1, "%s", rt_test_env());
  snprintf(db2, sizeof db2, "%s-b", db1);
  ck_assert_int_eq(md_run_child("h100,gcn", db1), 0);
  ck_assert_int_eq(md_run_child("h100,gcn", db2), 0);
  char r1[512], r2[512];
  md_rows(db1, r1, sizeof r1);
  md_rows(db2, r2, sizeof r2);
  ck_assert_msg(strncmp(r1, "h100|", 5) == 0 && strstr(r1, ";gcn|"), "rows: %s", r1);
  ck_assert_str_eq(r1, r2);
  unlink(db1);
  unlink(db2);
  ck_assert_int_eq(md_run_child("teaching,teaching", db1), 0);
  md_rows(db1, r1, sizeof r1);
  ck_assert_msg(strncmp(r1, "teaching|", 9) == 0 && strstr(r1, ";teaching#2|"), "rows: %s", r1);
  unlink(db1);
}
END_TEST

/* QUEUED is the host clock at enqueue, SUBMIT when the wait list completed,
 * START when the device was free: a command gated by a user event that the
 * host sets after waiting for other work is submitted later than queued. */
START_TEST(profiling_queued_submit_start) {
  md_env m;
  rt_test_env();
  md_open(&m, "default,gcn", CL_QUEUE_PROFILING_ENABLE);
  cl_program p = md_build(&m, src_stages, 0, NULL);
  cl_int err;
  cl_kernel add = clCreateKernel(p, "add", &err);
  cl_mem a = clCreateBuffer(m.ctx, CL_MEM_READ_WRITE, N * sizeof(int), NULL, &err);
  clSetKernelArg(add, 0, sizeof a, &a);
  clSetKernelArg(add, 1, sizeof a, &a);
  clSetKernelArg(add, 2, sizeof a, &a);
  size_t g = N;
  cl_event gate = clCreateUserEvent(m.ctx, &err);
  cl_event gated, first, second;
  ck_assert_int_eq(clEnqueueNDRangeKernel(m.q[1], add, 1, NULL, &g, NULL, 1, &gate, &gated),
                   CL_SUCCESS);
  ck_assert_int_eq(clEnqueueNDRangeKernel(m.q[0], add, 1, NULL, &g, NULL, 0, NULL, &first),
                   CL_SUCCESS);
  ck_assert_int_eq(clEnqueueNDRangeKernel(m.q[0], add, 1, NULL, &g, NULL, 0, NULL, &second),
                   CL_SUCCESS);
  ck_assert_int_eq(clWaitForEvents(1, &second), CL_SUCCESS); /* host clock: second's END */
  ck_assert_int_eq(clSetUserEventStatus(gate, CL_COMPLETE), CL_SUCCESS);
  ck_assert_int_eq(clFinish(m.q[1]), CL_SUCCESS);
  cl_ulong t[3][4];
  cl_event ev[3] = {first, second, gated};
  const cl_profiling_info what[4] = {CL_PROFILING_COMMAND_QUEUED, CL_PROFILING_COMMAND_SUBMIT,
                                     CL_PROFILING_COMMAND_START, CL_PROFILING_COMMAND_END};
  for (int i = 0; i < 3; i++)
    for (int j = 0; j < 4; j++) {
      ck_assert_int_eq(clGetEventProfilingInfo(ev[i], what[j], sizeof t[i][j], &t[i][j], NULL),
                       CL_SUCCESS);
      if (j) ck_assert_uint_le(t[i][j - 1], t[i][j]);
    }
  /* Both on device A, enqueued back to back at host time 0. */
  ck_assert_uint_eq(t[0][0], 0);
  ck_assert_uint_eq(t[1][0], 0);
  ck_assert_uint_eq(t[1][1], 0);
  ck_assert_uint_eq(t[1][2], t[0][3]); /* waits for the device, not for submission */
  /* Gated on device B: queued at 0, submitted when the host set the gate
   * (after waiting for `second`), started at once on the idle device. */
  ck_assert_uint_eq(t[2][0], 0);
  ck_assert_uint_eq(t[2][1], t[1][3]);
  ck_assert_uint_eq(t[2][2], t[1][3]);
  /* A command enqueued now is queued at the host clock (after clFinish). */
  cl_event late;
  ck_assert_int_eq(clEnqueueNDRangeKernel(m.q[0], add, 1, NULL, &g, NULL, 0, NULL, &late),
                   CL_SUCCESS);
  ck_assert_int_eq(clFinish(m.q[0]), CL_SUCCESS);
  cl_ulong lq, ls;
  clGetEventProfilingInfo(late, CL_PROFILING_COMMAND_QUEUED, sizeof lq, &lq, NULL);
  clGetEventProfilingInfo(late, CL_PROFILING_COMMAND_START, sizeof ls, &ls, NULL);
  ck_assert_uint_eq(lq, t[2][3]); /* clFinish(q[1]) saw the gated kernel end */
  ck_assert_uint_eq(ls, lq);      /* device A was idle since second ended */
  cl_event all[4] = {first, second, gated, late};
  for (int i = 0; i < 4; i++) clReleaseEvent(all[i]);
  clReleaseEvent(gate);
  clReleaseMemObject(a);
  clReleaseKernel(add);
  clReleaseProgram(p);
  md_close(&m);
}
END_TEST

static Suite *suite(void) {
  Suite *s = suite_create("rt_multidev");
  TCase *t = tcase_create("multidev");
  tcase_set_timeout(t, 120);
  tcase_add_test(t, devices_one_per_config);
  tcase_add_test(t, devices_bad_entry_names_it);
  tcase_add_test(t, devices_empty_list);
  tcase_add_test(t, devices_too_many);
  tcase_add_test(t, context_of_two_devices);
  tcase_add_test(t, buffer_shared_across_devices);
  tcase_add_test(t, program_built_for_listed_devices);
  tcase_add_test(t, program_status_and_binaries_per_device);
  tcase_add_test(t, compile_and_link_per_device);
  tcase_add_test(t, stats_rows_name_the_device);
  tcase_add_test(t, profiling_queued_submit_start);
  suite_add_tcase(s, t);
  return s;
}

int main(void) {
  return check_run(suite());
}
