/* Kernel launches end to end through the cl* API (needs the frontend and
 * the device model): results, USE_HOST_PTR in place, faults with a canary,
 * profiling in simulated time, statistics rows, enqueue checks. */
#include <sqlite3.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "check_run.h"
#include "rt_test_util.h"

#define N 256

typedef struct vadd_env {
  rt_env e;
  cl_program p;
  cl_kernel k;
  cl_mem a, b, c;
  int ha[N], hb[N];
} vadd_env;

static void vadd_open(vadd_env *v, int profiling, const char *kernel) {
  rt_env_open(&v->e, profiling);
  v->p = rt_build(&v->e, rt_src_vadd);
  cl_int err;
  v->k = clCreateKernel(v->p, kernel, &err);
  ck_assert_int_eq(err, CL_SUCCESS);
  for (int i = 0; i < N; i++) v->ha[i] = i, v->hb[i] = 1000 * i;
  v->a =
      clCreateBuffer(v->e.ctx, CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, sizeof v->ha, v->ha, &err);
  v->b =
      clCreateBuffer(v->e.ctx, CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, sizeof v->hb, v->hb, &err);
  v->c = clCreateBuffer(v->e.ctx, CL_MEM_WRITE_ONLY, sizeof v->ha, NULL, &err);
  ck_assert_int_eq(err, CL_SUCCESS);
  ck_assert_int_eq(clSetKernelArg(v->k, 0, sizeof v->a, &v->a), CL_SUCCESS);
  ck_assert_int_eq(clSetKernelArg(v->k, 1, sizeof v->b, &v->b), CL_SUCCESS);
  ck_assert_int_eq(clSetKernelArg(v->k, 2, sizeof v->c, &v->c), CL_SUCCESS);
}

static void vadd_close(vadd_env *v) {
  clReleaseMemObject(v->a);
  clReleaseMemObject(v->b);
  clReleaseMemObject(v->c);
  ck_assert_int_eq(clReleaseKernel(v->k), CL_SUCCESS);
  ck_assert_int_eq(clReleaseProgram(v->p), CL_SUCCESS);
  rt_env_close(&v->e);
}

static int db_count(const char *path, const char *sql_where, char *kernel, size_t klen) {
  sqlite3 *db;
  ck_assert_int_eq(sqlite3_open(path, &db), SQLITE_OK);
  char sql[256];
  snprintf(sql, sizeof sql, "SELECT COUNT(*), MAX(kernel) FROM launches %s", sql_where);
  sqlite3_stmt *q;
  ck_assert_int_eq(sqlite3_prepare_v2(db, sql, -1, &q, NULL), SQLITE_OK);
  ck_assert_int_eq(sqlite3_step(q), SQLITE_ROW);
  int n = sqlite3_column_int(q, 0);
  if (kernel)
    snprintf(kernel, klen, "%s",
             sqlite3_column_text(q, 1) ? (const char *)sqlite3_column_text(q, 1) : "");
  sqlite3_finalize(q);
  sqlite3_close(db);
  return n;
}

START_TEST(vadd_end_to_end) {
  const char *db = rt_test_env();
  char report[64];
  snprintf(report, sizeof report, "%s.report", db);
  setenv("WAVESIM_REPORT", report, 1);
  vadd_env v;
  vadd_open(&v, 0, "vadd");
  size_t g = N, l = 64;
  ck_assert_int_eq(clEnqueueNDRangeKernel(v.e.q, v.k, 1, NULL, &g, &l, 0, NULL, NULL), CL_SUCCESS);
  int out[N];
  ck_assert_int_eq(clEnqueueReadBuffer(v.e.q, v.c, CL_TRUE, 0, sizeof out, out, 0, NULL, NULL),
                   CL_SUCCESS);
  for (int i = 0; i < N; i++) ck_assert_int_eq(out[i], 1001 * i);
  ck_assert_int_eq(clFinish(v.e.q), CL_SUCCESS);
  /* one statistics row per launch, written at the launch */
  char kname[64];
  ck_assert_int_eq(db_count(db, "WHERE global_x = 256 AND local_x = 64", kname, sizeof kname), 1);
  ck_assert_str_eq(kname, "vadd");
  ck_assert_int_eq(clEnqueueTask(v.e.q, v.k, 0, NULL, NULL), CL_SUCCESS);
  ck_assert_int_eq(db_count(db, "", NULL, 0), 2);
  FILE *f = fopen(report, "r");
  ck_assert_ptr_nonnull(f);
  char line[512];
  ck_assert_ptr_nonnull(fgets(line, sizeof line, f));
  ck_assert_msg(strncmp(line, "kernel=vadd global=256x1x1 local=64x1x1 cycles=", 47) == 0, "%s",
                line);
  ck_assert_ptr_nonnull(fgets(line, sizeof line, f));
  ck_assert_msg(strncmp(line, "kernel=vadd global=1x1x1 local=1x1x1 ", 37) == 0, "%s", line);
  fclose(f);
  unlink(report);
  vadd_close(&v);
  unlink(db);
}
END_TEST

/* Non-uniform work-groups: global 65 with local 64 on wave32 runs two
 * groups, the second of one work-item: 2 + 1 waves (the second group's one
 * wave with one lane active), not 4; the same launch with local 65 is
 * refused by uniform programs only (tests/api/api_cl30.c checks every id). */
START_TEST(nonuniform_partial_group_waves) {
  const char *db = rt_test_env();
  char report[64];
  snprintf(report, sizeof report, "%s.report", db);
  setenv("WAVESIM_REPORT", report, 1);
  rt_env e;
  rt_env_open(&e, 0);
  const char *src = "kernel void k(global uint *o) {\n"
                    "  o[get_global_id(0)] = get_local_size(0) * 1000 + get_local_id(0);\n"
                    "}\n";
  cl_int err;
  cl_program p = clCreateProgramWithSource(e.ctx, 1, &src, NULL, &err);
  ck_assert_int_eq(clBuildProgram(p, 1, &e.device, "-cl-std=CL3.0", NULL, NULL), CL_SUCCESS);
  cl_kernel k = clCreateKernel(p, "k", &err);
  cl_mem b = clCreateBuffer(e.ctx, CL_MEM_READ_WRITE, 65 * sizeof(cl_uint), NULL, &err);
  ck_assert_int_eq(clSetKernelArg(k, 0, sizeof b, &b), CL_SUCCESS);
  size_t g = 65, l = 64;
  ck_assert_int_eq(clEnqueueNDRangeKernel(e.q, k, 1, NULL, &g, &l, 0, NULL, NULL), CL_SUCCESS);
  cl_uint out[65];
  ck_assert_int_eq(clEnqueueReadBuffer(e.q, b, CL_TRUE, 0, sizeof out, out, 0, NULL, NULL),
                   CL_SUCCESS);
  for (int i = 0; i < 64; i++) ck_assert_uint_eq(out[i], 64000 + (cl_uint)i);
  ck_assert_uint_eq(out[64], 1000);
  FILE *f = fopen(report, "r");
  ck_assert_ptr_nonnull(f);
  char line[512];
  ck_assert_ptr_nonnull(fgets(line, sizeof line, f));
  fclose(f);
  ck_assert_msg(strstr(line, "global=65x1x1 local=64x1x1 ") != NULL, "%s", line);
  ck_assert_msg(strstr(line, " waves=3 ") != NULL, "%s", line);
  unlink(report);
  clReleaseMemObject(b);
  clReleaseKernel(k);
  clReleaseProgram(p);
  rt_env_close(&e);
  unlink(db);
}
END_TEST

/* _i = 1 also moves the automatic local size's target
 * (dispatch.auto_workgroup_size, default 256) */
START_TEST(use_host_ptr_in_place) {
  const char *db = rt_test_env();
  if (_i) setenv("WAVESIM_SET", "dispatch.auto_workgroup_size=64", 1);
  rt_env e;
  rt_env_open(&e, 0);
  cl_program p = rt_build(&e, rt_src_vadd);
  cl_int err;
  cl_kernel k = clCreateKernel(p, "vadd", &err);
  int *a = malloc(N * sizeof(int)), *b = malloc(N * sizeof(int)), *c = calloc(N, sizeof(int));
  for (int i = 0; i < N; i++) a[i] = i, b[i] = 2 * i;
  cl_mem ma = clCreateBuffer(e.ctx, CL_MEM_USE_HOST_PTR, N * sizeof(int), a, &err);
  cl_mem mb = clCreateBuffer(e.ctx, CL_MEM_USE_HOST_PTR, N * sizeof(int), b, &err);
  cl_mem mc = clCreateBuffer(e.ctx, CL_MEM_USE_HOST_PTR, N * sizeof(int), c, &err);
  clSetKernelArg(k, 0, sizeof ma, &ma);
  clSetKernelArg(k, 1, sizeof mb, &mb);
  clSetKernelArg(k, 2, sizeof mc, &mc);
  size_t g = N;
  /* no local size: the runtime picks one */
  ck_assert_int_eq(clEnqueueNDRangeKernel(e.q, k, 1, NULL, &g, NULL, 0, NULL, NULL), CL_SUCCESS);
  ck_assert_int_eq(clFinish(e.q), CL_SUCCESS);
  for (int i = 0; i < N; i++) ck_assert_int_eq(c[i], 3 * i); /* no read needed */
  ck_assert_int_eq(db_count(db, _i ? "WHERE local_x = 64" : "WHERE local_x = 256", NULL, 0), 1);
  clReleaseMemObject(ma);
  clReleaseMemObject(mb);
  clReleaseMemObject(mc);
  clReleaseKernel(k);
  clReleaseProgram(p);
  free(a), free(b), free(c);
  rt_env_close(&e);
  unlink(db);
  unsetenv("WAVESIM_SET");
}
END_TEST

/* A buffer beside the faulting kernel's whose contents must survive its
 * out-of-bounds accesses, and the check that they did. */
static cl_mem canary_create(vadd_env *v, int val[N]) {
  cl_int err;
  for (int i = 0; i < N; i++) val[i] = 0x5a5a0000 + i;
  cl_mem m = clCreateBuffer(v->e.ctx, CL_MEM_COPY_HOST_PTR, N * sizeof val[0], val, &err);
  ck_assert_int_eq(err, CL_SUCCESS);
  return m;
}

static void canary_check(vadd_env *v, cl_mem canary, const int val[N]) {
  int got[N];
  ck_assert_int_eq(clEnqueueReadBuffer(v->e.q, canary, CL_TRUE, 0, sizeof got, got, 0, NULL, NULL),
                   CL_SUCCESS);
  for (int i = 0; i < N; i++) ck_assert_int_eq(got[i], val[i]);
}

START_TEST(fault_sets_event_status) {
  const char *db = rt_test_env();
  setenv("WAVESIM_CHECK", "oob-fatal", 1); /* out-of-bounds accesses fault */
  vadd_env v;
  vadd_open(&v, 0, "oob");
  int canary_val[N];
  cl_mem canary = canary_create(&v, canary_val);
  size_t g = 64, l = 64;
  cl_event ev;
  rt_stderr_begin();
  ck_assert_int_eq(clEnqueueNDRangeKernel(v.e.q, v.k, 1, NULL, &g, &l, 0, NULL, &ev), CL_SUCCESS);
  ck_assert_int_eq(clWaitForEvents(1, &ev), CL_EXEC_STATUS_ERROR_FOR_EVENTS_IN_WAIT_LIST);
  ck_assert_int_eq(clFinish(v.e.q), CL_EXEC_STATUS_ERROR_FOR_EVENTS_IN_WAIT_LIST);
  const char *msg = rt_stderr_end();
  cl_int st;
  ck_assert_int_eq(clGetEventInfo(ev, CL_EVENT_COMMAND_EXECUTION_STATUS, sizeof st, &st, NULL),
                   CL_SUCCESS);
  ck_assert_int_eq(st, CL_OUT_OF_RESOURCES);
  ck_assert_msg(strncmp(msg, "wavesim: ", 9) == 0 && strstr(msg, "oob") &&
                    strstr(msg, "work-item") && strstr(msg, ":7"),
                "message: %s", msg);
  canary_check(&v, canary, canary_val);
  ck_assert_int_ne(access(db, F_OK), 0); /* faulted launches are not recorded */
  clReleaseEvent(ev);
  clReleaseMemObject(canary);
  vadd_close(&v);
}
END_TEST

/* By default an out-of-bounds store is dropped and reported once per
 * kernel and source line (two launches, one report on stderr and one
 * `diagnostics` row), the launch completes and other buffers are intact. */
START_TEST(oob_reported_by_default) {
  const char *db = rt_test_env();
  vadd_env v;
  vadd_open(&v, 0, "oob");
  int canary_val[N];
  cl_mem canary = canary_create(&v, canary_val);
  size_t g = 64, l = 64;
  rt_stderr_begin();
  for (int rep = 0; rep < 2; rep++)
    ck_assert_int_eq(clEnqueueNDRangeKernel(v.e.q, v.k, 1, NULL, &g, &l, 0, NULL, NULL),
                     CL_SUCCESS);
  ck_assert_int_eq(clFinish(v.e.q), CL_SUCCESS);
  const char *msg = rt_stderr_end();
  const char *want = "wavesim: kernel 'oob': out-of-bounds global store of 4 bytes at 0x";
  const char *first = strstr(msg, want);
  ck_assert_msg(first && !strstr(first + 1, want), "message: %s", msg);
  ck_assert_msg(strstr(msg, "by work-item (0,0,0) at input.cl:7 (3072 bytes past the end of the "
                            "1024-byte buffer at 0x") &&
                    strstr(msg, "; the store was dropped out of bounds, as GPUs do"),
                "message: %s", msg);
  canary_check(&v, canary, canary_val);
  ck_assert_int_eq(db_count(db, "WHERE kernel = 'oob'", NULL, 0), 2);
  sqlite3 *s;
  ck_assert_int_eq(sqlite3_open(db, &s), SQLITE_OK);
  sqlite3_stmt *q;
  ck_assert_int_eq(
      sqlite3_prepare_v2(s, "SELECT kind, line, message FROM diagnostics", -1, &q, NULL),
      SQLITE_OK);
  ck_assert_int_eq(sqlite3_step(q), SQLITE_ROW);
  ck_assert_str_eq((const char *)sqlite3_column_text(q, 0), "oob_global");
  ck_assert_int_eq(sqlite3_column_int(q, 1), 7);
  ck_assert_ptr_nonnull(
      strstr((const char *)sqlite3_column_text(q, 2), "the store was dropped out of bounds"));
  ck_assert_int_eq(sqlite3_step(q), SQLITE_DONE); /* once, not once per launch */
  sqlite3_finalize(q);
  sqlite3_close(s);
  clReleaseMemObject(canary);
  vadd_close(&v);
}
END_TEST

/* l2.host_write_bytes: the uploads of a and b (CL_MEM_COPY_HOST_PTR) and a
 * fill of d pass through the L2. Three launches of vadd, each into an
 * output of its own: over two buffers nothing wrote (the cold baseline),
 * over a and b (their 2 x 8 lines of the default preset's 128 bytes are
 * L2 hits), over d and an unwritten buffer (8 more hits); with the key at
 * 0, all three count the same. */
static void l2_counts(const char *db, int id, long long *hits, long long *misses) {
  sqlite3 *s;
  ck_assert_int_eq(sqlite3_open(db, &s), SQLITE_OK);
  char sql[128];
  snprintf(sql, sizeof sql, "SELECT l2_hits, l2_misses FROM launches WHERE id = %d", id);
  sqlite3_stmt *q;
  ck_assert_int_eq(sqlite3_prepare_v2(s, sql, -1, &q, NULL), SQLITE_OK);
  ck_assert_int_eq(sqlite3_step(q), SQLITE_ROW);
  *hits = sqlite3_column_int64(q, 0);
  *misses = sqlite3_column_int64(q, 1);
  sqlite3_finalize(q);
  sqlite3_close(s);
}

static void vadd_launch(vadd_env *v, cl_mem x, cl_mem y, cl_mem z) {
  ck_assert_int_eq(clSetKernelArg(v->k, 0, sizeof x, &x), CL_SUCCESS);
  ck_assert_int_eq(clSetKernelArg(v->k, 1, sizeof y, &y), CL_SUCCESS);
  ck_assert_int_eq(clSetKernelArg(v->k, 2, sizeof z, &z), CL_SUCCESS);
  size_t g = N, l = 64;
  ck_assert_int_eq(clEnqueueNDRangeKernel(v->e.q, v->k, 1, NULL, &g, &l, 0, NULL, NULL),
                   CL_SUCCESS);
}

START_TEST(uploads_pass_through_l2) {
  /* one configuration per process: the runtime reads WAVESIM_SET once */
  const int on = _i;
  const char *db = rt_test_env();
  setenv("WAVESIM_SET", on ? "l2.host_write_bytes=1MiB" : "l2.host_write_bytes=0", 1);
  vadd_env v;
  vadd_open(&v, 0, "vadd");
  cl_mem fresh[5], d;
  cl_int err;
  for (int i = 0; i < 5; i++) {
    fresh[i] = clCreateBuffer(v.e.ctx, CL_MEM_READ_WRITE, sizeof v.ha, NULL, &err);
    ck_assert_int_eq(err, CL_SUCCESS);
  }
  d = clCreateBuffer(v.e.ctx, CL_MEM_READ_WRITE, sizeof v.ha, NULL, &err);
  ck_assert_int_eq(err, CL_SUCCESS);
  const int seven = 7;
  ck_assert_int_eq(
      clEnqueueFillBuffer(v.e.q, d, &seven, sizeof seven, 0, sizeof v.ha, 0, NULL, NULL),
      CL_SUCCESS);
  vadd_launch(&v, fresh[0], fresh[1], fresh[2]);
  vadd_launch(&v, v.a, v.b, v.c);
  vadd_launch(&v, d, fresh[3], fresh[4]);
  int out[N];
  ck_assert_int_eq(clEnqueueReadBuffer(v.e.q, fresh[4], CL_TRUE, 0, sizeof out, out, 0, NULL, NULL),
                   CL_SUCCESS);
  for (int i = 0; i < N; i++) ck_assert_int_eq(out[i], 7);
  long long hits[3], misses[3];
  for (int k = 0; k < 3; k++) l2_counts(db, k + 1, &hits[k], &misses[k]);
  const long long lines = (long long)(N * sizeof(int) / 128);
  ck_assert_int_eq(hits[1] - hits[0], on ? 2 * lines : 0);
  ck_assert_int_eq(misses[0] - misses[1], on ? 2 * lines : 0);
  ck_assert_int_eq(hits[2] - hits[0], on ? lines : 0);
  ck_assert_int_eq(misses[0] - misses[2], on ? lines : 0);
  for (int i = 0; i < 5; i++) clReleaseMemObject(fresh[i]);
  clReleaseMemObject(d);
  vadd_close(&v);
  unlink(db);
  unsetenv("WAVESIM_SET");
}
END_TEST

START_TEST(profiling_in_simulated_time) {
  const char *db = rt_test_env();
  vadd_env v;
  vadd_open(&v, 1, "vadd");
  size_t g = N, l = 64;
  cl_event ev[3];
  int out[N];
  ck_assert_int_eq(clEnqueueNDRangeKernel(v.e.q, v.k, 1, NULL, &g, &l, 0, NULL, &ev[0]),
                   CL_SUCCESS);
  ck_assert_int_eq(clEnqueueNDRangeKernel(v.e.q, v.k, 1, NULL, &g, &l, 0, NULL, &ev[1]),
                   CL_SUCCESS);
  ck_assert_int_eq(clEnqueueReadBuffer(v.e.q, v.c, CL_FALSE, 0, sizeof out, out, 0, NULL, &ev[2]),
                   CL_SUCCESS);
  ck_assert_int_eq(clWaitForEvents(3, ev), CL_SUCCESS);
  cl_ulong prev_end = 0;
  for (int i = 0; i < 3; i++) {
    cl_ulong t[4];
    cl_profiling_info what[4] = {CL_PROFILING_COMMAND_QUEUED, CL_PROFILING_COMMAND_SUBMIT,
                                 CL_PROFILING_COMMAND_START, CL_PROFILING_COMMAND_END};
    for (int j = 0; j < 4; j++)
      ck_assert_int_eq(clGetEventProfilingInfo(ev[i], what[j], sizeof t[j], &t[j], NULL),
                       CL_SUCCESS);
    ck_assert_uint_le(t[0], t[1]);
    ck_assert_uint_le(t[1], t[2]);
    ck_assert_uint_le(t[2], t[3]);
    ck_assert_uint_ge(t[2], prev_end); /* in order on one device timeline */
    prev_end = t[3];
    if (i < 2) {
      /* END - START is the kernel's simulated time from the statistics */
      sqlite3 *s;
      ck_assert_int_eq(sqlite3_open(db, &s), SQLITE_OK);
      char sql[128];
      snprintf(sql, sizeof sql,
               "SELECT time_ns, cycles FROM launches ORDER BY id LIMIT 1 OFFSET %d", i);
      sqlite3_stmt *q;
      ck_assert_int_eq(sqlite3_prepare_v2(s, sql, -1, &q, NULL), SQLITE_OK);
      ck_assert_int_eq(sqlite3_step(q), SQLITE_ROW);
      double ns = sqlite3_column_double(q, 0);
      ck_assert_int_gt(sqlite3_column_int64(q, 1), 0);
      ck_assert_uint_eq(t[3] - t[2], (cl_ulong)(ns + 0.5));
      sqlite3_finalize(q);
      sqlite3_close(s);
    }
  }
  ck_assert_int_eq(clGetEventProfilingInfo(ev[0], 0x7777, sizeof prev_end, &prev_end, NULL),
                   CL_INVALID_VALUE);
  for (int i = 0; i < 3; i++) clReleaseEvent(ev[i]);
  vadd_close(&v);
  unlink(db);
}
END_TEST

/* A launch enqueued while the device still runs the one before it costs
 * launch_overhead_queued_cycles; one enqueued after clFinish (an idle
 * device) costs launch_overhead_cycles. B and C do the same work on the
 * same warm caches, so their times differ by exactly the two overheads'
 * difference: 4000 cycles at the default preset's 1500 MHz. */
START_TEST(queued_launch_overhead) {
  const char *db = rt_test_env();
  setenv("WAVESIM_SET", "launch_overhead_cycles=5000;launch_overhead_queued_cycles=1000", 1);
  vadd_env v;
  vadd_open(&v, 1, "vadd");
  size_t g = N, l = 64;
  cl_event ev[3];
  ck_assert_int_eq(clEnqueueNDRangeKernel(v.e.q, v.k, 1, NULL, &g, &l, 0, NULL, &ev[0]),
                   CL_SUCCESS);
  ck_assert_int_eq(clFinish(v.e.q), CL_SUCCESS);
  ck_assert_int_eq(clEnqueueNDRangeKernel(v.e.q, v.k, 1, NULL, &g, &l, 0, NULL, &ev[1]),
                   CL_SUCCESS);
  ck_assert_int_eq(clEnqueueNDRangeKernel(v.e.q, v.k, 1, NULL, &g, &l, 0, NULL, &ev[2]),
                   CL_SUCCESS);
  ck_assert_int_eq(clFinish(v.e.q), CL_SUCCESS);
  cl_ulong t[3][2];
  for (int i = 0; i < 3; i++) {
    ck_assert_int_eq(
        clGetEventProfilingInfo(ev[i], CL_PROFILING_COMMAND_START, sizeof t[i][0], &t[i][0], NULL),
        CL_SUCCESS);
    ck_assert_int_eq(
        clGetEventProfilingInfo(ev[i], CL_PROFILING_COMMAND_END, sizeof t[i][1], &t[i][1], NULL),
        CL_SUCCESS);
    clReleaseEvent(ev[i]);
  }
  cl_ulong b = t[1][1] - t[1][0], c = t[2][1] - t[2][0];
  ck_assert_uint_eq(t[2][0], t[1][1]); /* C started when B ended */
  ck_assert_uint_gt(b, c);
  ck_assert_int_le(llabs((long long)(b - c) - 2667), 1); /* 4000 cycles / 1.5 GHz */
  vadd_close(&v);
  unlink(db);
}
END_TEST

START_TEST(functional_mode_estimated_time) {
  const char *db = rt_test_env();
  setenv("WAVESIM_MODE", "functional", 1);
  vadd_env v;
  vadd_open(&v, 1, "vadd");
  size_t g = N;
  cl_event ev;
  ck_assert_int_eq(clEnqueueNDRangeKernel(v.e.q, v.k, 1, NULL, &g, NULL, 0, NULL, &ev), CL_SUCCESS);
  int out[N];
  ck_assert_int_eq(clEnqueueReadBuffer(v.e.q, v.c, CL_TRUE, 0, sizeof out, out, 0, NULL, NULL),
                   CL_SUCCESS);
  for (int i = 0; i < N; i++) ck_assert_int_eq(out[i], 1001 * i);
  cl_ulong s, e;
  clGetEventProfilingInfo(ev, CL_PROFILING_COMMAND_START, sizeof s, &s, NULL);
  clGetEventProfilingInfo(ev, CL_PROFILING_COMMAND_END, sizeof e, &e, NULL);
  /* no timing model, but a nonzero issue-bound estimate so END > START */
  ck_assert_uint_gt(e, s);
  ck_assert_int_eq(db_count(db, "WHERE functional_only = 1 AND cycles > 0", NULL, 0), 1);
  clReleaseEvent(ev);
  vadd_close(&v);
  unlink(db);
}
END_TEST

START_TEST(enqueue_checks) {
  rt_test_env();
  setenv("WAVESIM_DB", "none", 1);
  vadd_env v;
  vadd_open(&v, 0, "vadd");
  size_t g[3] = {N, 1, 1}, l[3] = {64, 1, 1}, odd = 100, big = 4096, zero = 0;
  cl_command_queue q = v.e.q;
  rt_stderr_begin();
  ck_assert_int_eq(clEnqueueNDRangeKernel(q, v.k, 0, NULL, g, l, 0, NULL, NULL),
                   CL_INVALID_WORK_DIMENSION);
  ck_assert_int_eq(clEnqueueNDRangeKernel(q, v.k, 4, NULL, g, l, 0, NULL, NULL),
                   CL_INVALID_WORK_DIMENSION);
  ck_assert_int_eq(clEnqueueNDRangeKernel(q, v.k, 1, NULL, NULL, l, 0, NULL, NULL),
                   CL_INVALID_GLOBAL_WORK_SIZE);
  ck_assert_int_eq(clEnqueueNDRangeKernel(q, v.k, 1, NULL, &zero, NULL, 0, NULL, NULL),
                   CL_INVALID_GLOBAL_WORK_SIZE);
  ck_assert_int_eq(clEnqueueNDRangeKernel(q, v.k, 1, NULL, &odd, l, 0, NULL, NULL),
                   CL_INVALID_WORK_GROUP_SIZE);
  ck_assert_int_eq(clEnqueueNDRangeKernel(q, v.k, 1, NULL, &big, &big, 0, NULL, NULL),
                   CL_INVALID_WORK_ITEM_SIZE);
  ck_assert_int_eq(clEnqueueNDRangeKernel(q, NULL, 1, NULL, g, l, 0, NULL, NULL),
                   CL_INVALID_KERNEL);
  ck_assert_int_eq(clEnqueueNDRangeKernel(NULL, v.k, 1, NULL, g, l, 0, NULL, NULL),
                   CL_INVALID_COMMAND_QUEUE);
  ck_assert_int_eq(clEnqueueNDRangeKernel(q, v.k, 1, NULL, g, l, 1, NULL, NULL),
                   CL_INVALID_EVENT_WAIT_LIST);
  cl_int err;
  cl_kernel fresh = clCreateKernel(v.p, "vadd", &err);
  ck_assert_int_eq(clEnqueueNDRangeKernel(q, fresh, 1, NULL, g, l, 0, NULL, NULL),
                   CL_INVALID_KERNEL_ARGS);
  const char *msg = rt_stderr_end();
  ck_assert_msg(strstr(msg, "wavesim: clEnqueueNDRangeKernel(vadd): global size 100 is not a "
                            "multiple of local size 64 in dimension 0") != NULL,
                "%s", msg);
  ck_assert_msg(strstr(msg, "argument 0 (a) is not set") != NULL, "%s", msg);
  clReleaseKernel(fresh);
  /* __local arguments beyond the device's LDS */
  cl_program pa = rt_build(&v.e, rt_src_args);
  cl_kernel ka = clCreateKernel(pa, "withlocal", &err);
  int n = 1;
  cl_float4 s4 = {{2, 0, 0, 0}};
  clSetKernelArg(ka, 0, sizeof v.c, &v.c);
  clSetKernelArg(ka, 1, (size_t)rt_dev_ulong(v.e.device, CL_DEVICE_LOCAL_MEM_SIZE) + 16, NULL);
  clSetKernelArg(ka, 2, sizeof n, &n);
  clSetKernelArg(ka, 3, sizeof s4, &s4);
  rt_stderr_begin();
  ck_assert_int_eq(clEnqueueNDRangeKernel(q, ka, 1, NULL, l, l, 0, NULL, NULL),
                   CL_OUT_OF_RESOURCES);
  msg = rt_stderr_end();
  ck_assert_msg(strstr(msg, "lds.max_per_workgroup") != NULL, "%s", msg);
  /* and within it: the kernel runs and sees n and s.x */
  clSetKernelArg(ka, 1, 64 * sizeof(float), NULL);
  ck_assert_int_eq(clEnqueueNDRangeKernel(q, ka, 1, NULL, l, l, 0, NULL, NULL), CL_SUCCESS);
  int out = 0;
  ck_assert_int_eq(clEnqueueReadBuffer(q, v.c, CL_TRUE, 0, sizeof out, &out, 0, NULL, NULL),
                   CL_SUCCESS);
  ck_assert_int_eq(out, 3);
  clReleaseKernel(ka);
  clReleaseProgram(pa);
  vadd_close(&v);
}
END_TEST

/* Issue #24: a runaway kernel or an early return before a barrier fails its
 * event with the exact message in bounded time, in both modes (_i 0:
 * functional, 1: timing); the program then runs a long but finite kernel
 * and releases everything. */
static const char *runaway_src =
    "__kernel void spin(__global volatile int *flag, __global int *out) {\n"
    "  while (flag[0] == 0) {\n"
    "  }\n"
    "  out[get_global_id(0)] = 1;\n"
    "}\n"
    "__kernel void count(__global volatile int *flag, __global int *out) {\n"
    "  int i = 0;\n"
    "  while (flag[0] != 7) i++;\n"
    "  out[get_global_id(0)] = i;\n"
    "}\n"
    "__kernel void early(__global volatile int *flag, __global int *out) {\n"
    "  __local int tmp[64];\n"
    "  int l = get_local_id(0);\n"
    "  if (l >= 32) return;\n"
    "  tmp[l] = l;\n"
    "  barrier(CLK_LOCAL_MEM_FENCE);\n"
    "  out[get_global_id(0)] = tmp[31 - l];\n"
    "}\n"
    "__kernel void finite(__global volatile int *flag, __global int *out) {\n"
    "  int acc = 0;\n"
    "  for (int i = 0; i < 20000; i++) acc += flag[0] + 1;\n"
    "  out[get_global_id(0)] = acc;\n"
    "}\n";

static const char *run_failing(rt_env *e, cl_program p, const char *name, cl_mem flag, cl_mem out,
                               size_t g, size_t l) {
  cl_int err;
  cl_kernel k = clCreateKernel(p, name, &err);
  ck_assert_int_eq(err, CL_SUCCESS);
  ck_assert_int_eq(clSetKernelArg(k, 0, sizeof flag, &flag), CL_SUCCESS);
  ck_assert_int_eq(clSetKernelArg(k, 1, sizeof out, &out), CL_SUCCESS);
  cl_event ev;
  rt_stderr_begin();
  ck_assert_int_eq(clEnqueueNDRangeKernel(e->q, k, 1, NULL, &g, &l, 0, NULL, &ev), CL_SUCCESS);
  ck_assert_int_eq(clWaitForEvents(1, &ev), CL_EXEC_STATUS_ERROR_FOR_EVENTS_IN_WAIT_LIST);
  ck_assert_int_eq(clFinish(e->q), CL_EXEC_STATUS_ERROR_FOR_EVENTS_IN_WAIT_LIST);
  const char *msg = rt_stderr_end();
  cl_int st;
  ck_assert_int_eq(clGetEventInfo(ev, CL_EVENT_COMMAND_EXECUTION_STATUS, sizeof st, &st, NULL),
                   CL_SUCCESS);
  ck_assert_int_lt(st, 0);
  ck_assert_int_eq(clReleaseEvent(ev), CL_SUCCESS);
  ck_assert_int_eq(clReleaseKernel(k), CL_SUCCESS);
  return msg;
}

START_TEST(runaway_kernels_stop) {
  rt_test_env();
  setenv("WAVESIM_MODE", _i ? "timing" : "functional", 1);
  setenv("WAVESIM_DB", "none", 1);
  setenv("WAVESIM_SET", "limits.wave_instructions=300000", 1);
  rt_env e;
  rt_env_open(&e, 0);
  cl_program p = rt_build(&e, runaway_src);
  cl_int err, zero = 0;
  cl_mem flag = clCreateBuffer(e.ctx, CL_MEM_COPY_HOST_PTR, sizeof zero, &zero, &err);
  cl_mem out = clCreateBuffer(e.ctx, CL_MEM_READ_WRITE, 128 * sizeof(int), NULL, &err);
  ck_assert_int_eq(err, CL_SUCCESS);
  /* either mode names work-item 0: timing mode the wave first found spinning
   * in the quantum at whose boundary every wave spins (sim_wd_timing_stuck) */
  ck_assert_str_eq(run_failing(&e, p, "spin", flag, out, 128, 64),
                   "wavesim: kernel 'spin' stopped: work-item (0,0,0) is in an endless loop at "
                   "input.cl:2 (its state repeats and nothing writes memory); "
                   "limits.spin_detect=0 turns this check off\n");
  ck_assert_str_eq(run_failing(&e, p, "count", flag, out, 64, 64),
                   "wavesim: kernel 'count' stopped: a wave executed 300000 instructions "
                   "(limits.wave_instructions); work-item (0,0,0) was at input.cl:8; if the kernel "
                   "is meant to run this long raise it with --set limits.wave_instructions=N (or "
                   "WAVESIM_SET), 0 turns it off\n");
  ck_assert_str_eq(run_failing(&e, p, "early", flag, out, 128, 64),
                   "wavesim: kernel 'early' faulted: barrier at input.cl:16 reached by work-item "
                   "(0,0,0) but work-item (32,0,0) of the same work-group returned at input.cl:18 "
                   "(after the branch at input.cl:14) without reaching it; every work-item must "
                   "reach each barrier (remove the early return or move it after the barrier)\n");
  cl_kernel k = clCreateKernel(p, "finite", &err);
  ck_assert_int_eq(err, CL_SUCCESS);
  ck_assert_int_eq(clSetKernelArg(k, 0, sizeof flag, &flag), CL_SUCCESS);
  ck_assert_int_eq(clSetKernelArg(k, 1, sizeof out, &out), CL_SUCCESS);
  size_t g = 64, l = 32;
  ck_assert_int_eq(clEnqueueNDRangeKernel(e.q, k, 1, NULL, &g, &l, 0, NULL, NULL), CL_SUCCESS);
  int got[64];
  ck_assert_int_eq(clEnqueueReadBuffer(e.q, out, CL_TRUE, 0, sizeof got, got, 0, NULL, NULL),
                   CL_SUCCESS);
  for (int i = 0; i < 64; i++) ck_assert_int_eq(got[i], 20000);
  ck_assert_int_eq(clReleaseKernel(k), CL_SUCCESS);
  ck_assert_int_eq(clReleaseMemObject(flag), CL_SUCCESS);
  ck_assert_int_eq(clReleaseMemObject(out), CL_SUCCESS);
  ck_assert_int_eq(clReleaseProgram(p), CL_SUCCESS);
  rt_env_close(&e);
}
END_TEST

static Suite *suite(void) {
  Suite *s = suite_create("rt_launch");
  TCase *tc = tcase_create("core");
  tcase_set_timeout(tc, 120);
  tcase_add_test(tc, vadd_end_to_end);
  tcase_add_loop_test(tc, use_host_ptr_in_place, 0, 2);
  tcase_add_test(tc, fault_sets_event_status);
  tcase_add_test(tc, oob_reported_by_default);
  tcase_add_test(tc, profiling_in_simulated_time);
  tcase_add_loop_test(tc, uploads_pass_through_l2, 0, 2);
  tcase_add_test(tc, queued_launch_overhead);
  tcase_add_test(tc, functional_mode_estimated_time);
  tcase_add_test(tc, enqueue_checks);
  tcase_add_test(tc, nonuniform_partial_group_waves);
  tcase_add_loop_test(tc, runaway_kernels_stop, 0, 2);
  suite_add_tcase(s, tc);
  return s;
}

int main(void) {
  return check_run(suite());
}
