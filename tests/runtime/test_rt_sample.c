/* Sampled timing (WAVESIM_SAMPLE, sim/sim_sample.c) end to end: buffers
 * bit-identical to a fully timed run (atomics, __local memory and barriers,
 * images), the estimate within its error bound, the sampled columns of the
 * statistics database, a small launch timed in full, and the bad settings'
 * errors. A platform reads the environment once, so each run of a pair is a
 * child process of its own. */
#include <sqlite3.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "check_run.h"
#include "rt_test_util.h"

/* Two CUs: a round is 64 groups of 64 work-items, so 4096 groups are 64
 * rounds, sampled from 8 rounds on. */
#define SETS "cu.count=2;sample.min_rounds=8"
#define GROUPS 4096
#define LOCAL 64
#define ITEMS (GROUPS * LOCAL)
#define IMG 512

static const char *src =
    "kernel void hist(global const uint *in, global uint *bins) {\n"
    "  uint v = in[get_global_id(0)];\n"
    "  atomic_inc(&bins[v & 63]);\n"
    "  atomic_max(&bins[64], v);\n"
    "}\n"
    "kernel void reduce(global const float *in, global float *out) {\n"
    "  local float t[64];\n"
    "  uint l = get_local_id(0);\n"
    "  t[l] = in[get_global_id(0)] * 1.5f;\n"
    "  barrier(CLK_LOCAL_MEM_FENCE);\n"
    "  for (uint s = 32; s > 0; s >>= 1) {\n"
    "    if (l < s) t[l] += t[l + s];\n"
    "    barrier(CLK_LOCAL_MEM_FENCE);\n"
    "  }\n"
    "  if (l == 0) out[get_group_id(0)] = t[0];\n"
    "}\n"
    "kernel void blur(read_only image2d_t img, global float4 *out) {\n"
    "  const sampler_t s = CLK_NORMALIZED_COORDS_FALSE | CLK_ADDRESS_CLAMP_TO_EDGE |\n"
    "                      CLK_FILTER_NEAREST;\n"
    "  int x = get_global_id(0), y = get_global_id(1);\n"
    "  float4 a = read_imagef(img, s, (int2)(x, y)), b = read_imagef(img, s, (int2)(x + 1, y));\n"
    "  out[y * get_global_size(0) + x] = a * 0.75f + b * 0.25f;\n"
    "}\n";

enum { CASE_HIST, CASE_REDUCE, CASE_BLUR, CASE_SMALL };

/* In the child: runs case `which` and writes its output buffer to `out`.
 * 0 on success; failures say why on stderr. */
static int child_run(int which, const char *out) {
  rt_env e;
  rt_env_open(&e, 0);
  cl_program p = rt_build(&e, src);
  cl_int err;
  const char *names[] = {"hist", "reduce", "blur", "reduce"};
  cl_kernel k = clCreateKernel(p, names[which], &err);
  if (err != CL_SUCCESS) return fprintf(stderr, "clCreateKernel: %d\n", err), 1;
  size_t items = which == CASE_SMALL ? 4 * LOCAL : ITEMS;
  size_t obytes = which == CASE_HIST   ? 65 * sizeof(cl_uint)
                  : which == CASE_BLUR ? (size_t)IMG * IMG * 4 * sizeof(float)
                                       : items / LOCAL * sizeof(float);
  cl_mem in = NULL, o = clCreateBuffer(e.ctx, CL_MEM_READ_WRITE, obytes, NULL, &err);
  uint8_t *host = calloc(1, which == CASE_BLUR ? obytes : items * 4);
  if (which == CASE_BLUR) {
    float *px = (float *)host;
    for (size_t i = 0; i < (size_t)IMG * IMG * 4; i++) px[i] = (float)((i * 7919) % 1000) / 7.0f;
    cl_image_format f = {CL_RGBA, CL_FLOAT};
    cl_image_desc d = {
        .image_type = CL_MEM_OBJECT_IMAGE2D, .image_width = IMG, .image_height = IMG};
    in = clCreateImage(e.ctx, CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, &f, &d, host, &err);
  } else {
    uint32_t *v = (uint32_t *)host;
    for (size_t i = 0; i < items; i++) v[i] = (uint32_t)(i * 2654435761u) % 100003u;
    if (which != CASE_HIST)
      for (size_t i = 0; i < items; i++) ((float *)host)[i] = (float)v[i] / 1024.0f;
    in = clCreateBuffer(e.ctx, CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, items * 4, host, &err);
  }
  if (err != CL_SUCCESS) return fprintf(stderr, "input: %d\n", err), 1;
  cl_uint zero = 0;
  clEnqueueFillBuffer(e.q, o, &zero, sizeof zero, 0, obytes, 0, NULL, NULL);
  clSetKernelArg(k, 0, sizeof in, &in);
  clSetKernelArg(k, 1, sizeof o, &o);
  size_t g2[2] = {IMG, IMG}, l2[2] = {8, 8}, g1 = items, l1 = LOCAL;
  err = which == CASE_BLUR ? clEnqueueNDRangeKernel(e.q, k, 2, NULL, g2, l2, 0, NULL, NULL)
                           : clEnqueueNDRangeKernel(e.q, k, 1, NULL, &g1, &l1, 0, NULL, NULL);
  if (err != CL_SUCCESS) return fprintf(stderr, "launch: %d\n", err), 1;
  uint8_t *res = malloc(obytes);
  err = clEnqueueReadBuffer(e.q, o, CL_TRUE, 0, obytes, res, 0, NULL, NULL);
  if (err != CL_SUCCESS) return fprintf(stderr, "read: %d\n", err), 1;
  FILE *f = fopen(out, "wb");
  if (!f || fwrite(res, 1, obytes, f) != obytes)
    return fprintf(stderr, "cannot write %s\n", out), 1;
  fclose(f);
  free(res);
  free(host);
  clReleaseMemObject(in);
  clReleaseMemObject(o);
  clReleaseKernel(k);
  clReleaseProgram(p);
  rt_env_close(&e);
  return 0;
}

typedef struct run_row {
  long long cycles, workgroups, detailed, simulated;
  int sampled;
  double bound;
} run_row;

/* Runs case `which` in a child with WAVESIM_SAMPLE=sample; its output bytes
 * into *buf (malloc'd, *len) and its launch row into *row. */
static void run(int which, int sample, uint8_t **buf, size_t *len, run_row *row) {
  const char *db = rt_test_env();
  char out[96];
  snprintf(out, sizeof out, "%s.out", db);
  setenv("WAVESIM_SET", SETS, 1);
  setenv("WAVESIM_SAMPLE", sample ? "1" : "0", 1);
  fflush(NULL);
  pid_t pid = fork();
  ck_assert_int_ge(pid, 0);
  if (pid == 0) _exit(child_run(which, out));
  int st = 0;
  ck_assert_int_eq(waitpid(pid, &st, 0), pid);
  ck_assert_msg(WIFEXITED(st) && WEXITSTATUS(st) == 0, "case %d sample %d failed", which, sample);
  FILE *f = fopen(out, "rb");
  ck_assert_ptr_nonnull(f);
  fseek(f, 0, SEEK_END);
  *len = (size_t)ftell(f);
  rewind(f);
  *buf = malloc(*len);
  ck_assert_uint_eq(fread(*buf, 1, *len, f), *len);
  fclose(f);
  unlink(out);
  sqlite3 *d;
  sqlite3_stmt *q;
  ck_assert_int_eq(sqlite3_open(db, &d), SQLITE_OK);
  ck_assert_int_eq(sqlite3_prepare_v2(d,
                                      "SELECT cycles, workgroups, sampled, sample_detailed_groups, "
                                      "sample_simulated_cycles, sample_error_bound FROM launches",
                                      -1, &q, NULL),
                   SQLITE_OK);
  ck_assert_int_eq(sqlite3_step(q), SQLITE_ROW);
  row->cycles = sqlite3_column_int64(q, 0);
  row->workgroups = sqlite3_column_int64(q, 1);
  row->sampled = sqlite3_column_int(q, 2);
  row->detailed = sqlite3_column_int64(q, 3);
  row->simulated = sqlite3_column_int64(q, 4);
  row->bound = sqlite3_column_double(q, 5);
  ck_assert_int_eq(sqlite3_step(q), SQLITE_DONE); /* one launch */
  sqlite3_finalize(q);
  sqlite3_close(d);
  unlink(db);
}

/* Sampled and full runs write the same bytes; the sampled row says how it
 * was timed. */
START_TEST(sampled_buffers_bit_identical) {
  uint8_t *full, *smp;
  size_t nf, ns;
  run_row rf, rs;
  run(_i, 0, &full, &nf, &rf);
  run(_i, 1, &smp, &ns, &rs);
  ck_assert_uint_eq(nf, ns);
  ck_assert_msg(memcmp(full, smp, nf) == 0, "case %d: sampled output differs from full timing", _i);
  ck_assert_int_eq(rf.sampled, 0);
  ck_assert_int_eq(rf.detailed, 0);
  ck_assert_int_eq(rs.sampled, 1);
  ck_assert_int_eq(rs.workgroups, GROUPS); /* every group ran */
  ck_assert_int_gt(rs.detailed, 0);
  ck_assert_int_lt(rs.detailed, GROUPS / 2);
  /* the estimate adds the skipped blocks' time to what was simulated */
  ck_assert_int_gt(rs.cycles, rs.simulated);
  ck_assert(rs.bound > 0 && rs.bound < 1);
  double e = (double)(rs.cycles - rf.cycles) / (double)rf.cycles;
  fprintf(stderr,
          "case %d: full %lld, sampled %lld (%lld simulated, %lld of %lld groups): "
          "error %+.2f %%, bound %.2f %%\n",
          _i, rf.cycles, rs.cycles, rs.simulated, rs.detailed, rs.workgroups, 100 * e,
          100 * rs.bound);
  /* these kernels do the same work in every group: the bound holds */
  ck_assert_msg(e <= rs.bound && -e <= rs.bound, "case %d: error %.4f outside the bound %.4f", _i,
                e, rs.bound);
  free(full);
  free(smp);
}
END_TEST

/* A launch of a few rounds is timed in full even when sampling is on. */
START_TEST(small_launch_not_sampled) {
  uint8_t *full, *smp;
  size_t nf, ns;
  run_row rf, rs;
  run(CASE_SMALL, 0, &full, &nf, &rf);
  run(CASE_SMALL, 1, &smp, &ns, &rs);
  ck_assert_int_eq(rs.sampled, 0);
  ck_assert_int_eq(rs.detailed, 0);
  ck_assert_int_eq(rs.cycles, rf.cycles);
  ck_assert_uint_eq(nf, ns);
  ck_assert(memcmp(full, smp, nf) == 0);
  free(full);
  free(smp);
}
END_TEST

static void expect_platform_error(const char *want) {
  rt_stderr_begin();
  cl_platform_id p;
  cl_device_id d;
  ck_assert_int_eq(clGetPlatformIDs(1, &p, NULL), CL_SUCCESS);
  ck_assert_int_eq(clGetDeviceIDs(p, CL_DEVICE_TYPE_ALL, 1, &d, NULL), CL_DEVICE_NOT_FOUND);
  ck_assert_str_eq(rt_stderr_end(), want);
}

START_TEST(bad_sample_value) {
  rt_test_env();
  setenv("WAVESIM_SAMPLE", "yes", 1);
  expect_platform_error("wavesim: WAVESIM_SAMPLE=yes: use 1 (sampled timing of large launches) or "
                        "0 (full timing)\n");
}
END_TEST

/* WAVESIM_THREADS: a count from 1 to 4096; anything else names itself */
START_TEST(bad_threads_value) {
  static const char *const bad[] = {"0", "-2", "two", "4097", "3x"};
  rt_test_env();
  setenv("WAVESIM_THREADS", bad[_i], 1);
  char want[300];
  snprintf(want, sizeof want,
           "wavesim: WAVESIM_THREADS=%s: use a count of host threads from 1 to 4096 (unset: one "
           "per core); the results are the same for any count\n",
           bad[_i]);
  expect_platform_error(want);
}
END_TEST

START_TEST(sample_in_functional_mode) {
  rt_test_env();
  setenv("WAVESIM_SAMPLE", "1", 1);
  setenv("WAVESIM_MODE", "functional", 1);
  expect_platform_error("wavesim: WAVESIM_SAMPLE=1 applies to timing mode only; "
                        "WAVESIM_MODE=functional runs every work-group without timing already: "
                        "drop one of them\n");
}
END_TEST

static Suite *suite(void) {
  Suite *s = suite_create("rt_sample");
  TCase *tc = tcase_create("sample");
  tcase_set_timeout(tc, 300);
  tcase_add_loop_test(tc, sampled_buffers_bit_identical, CASE_HIST, CASE_BLUR + 1);
  tcase_add_test(tc, small_launch_not_sampled);
  tcase_add_test(tc, bad_sample_value);
  tcase_add_test(tc, sample_in_functional_mode);
  tcase_add_loop_test(tc, bad_threads_value, 0, 5);
  suite_add_tcase(s, tc);
  return s;
}

int main(void) {
  return check_run(suite());
}
