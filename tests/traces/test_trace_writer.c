/* The Chrome trace writer (traces/trace_chrome.c): the exact JSON of a
 * small launch, lanes reused once a wave has ended, the file valid after
 * every launch, and the bad-input paths. */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "check_run.h"
#include "trace.h"

static char path[64];

static const char *slurp(void) {
  static char buf[1 << 16];
  FILE *f = fopen(path, "r");
  ck_assert_ptr_nonnull(f);
  size_t n = fread(buf, 1, sizeof buf - 1, f);
  fclose(f);
  buf[n] = 0;
  return buf;
}

static trace_writer *open_temp_detail(trace_detail d) {
  snprintf(path, sizeof path, "/tmp/wavesim_trace_XXXXXX");
  int fd = mkstemp(path);
  ck_assert_int_ge(fd, 0);
  close(fd);
  char err[256];
  trace_writer *t = trace_open(path, d, err, sizeof err);
  ck_assert_msg(t != NULL, "%s", err);
  return t;
}

static trace_writer *open_temp(void) {
  return open_temp_detail(TRACE_FULL);
}

#define HEAD "{\"traceEvents\":[\n"
#define TAIL "\n],\"displayTimeUnit\":\"ns\",\"otherData\":{\"generator\":\"wavesim\"}}\n"

START_TEST(one_launch_exact) {
  trace_writer *t = open_temp();
  ck_assert_str_eq(slurp(), HEAD TAIL); /* valid before any launch */
  trace_launch l = {.kernel = "k\"q",
                    .start_us = 1.0,
                    .clock_mhz = 1000,
                    .dispatch_cycles = 10,
                    .cus = 2,
                    .simds_per_cu = 2,
                    .global = {64, 1, 1},
                    .local = {32, 1, 1}};
  uint64_t gid[3] = {0, 0, 0};
  trace_wave_end(t, 0, 0, 0, 0, 1, 0, 0, gid); /* outside a launch: ignored */
  trace_launch_begin(t, &l);
  ck_assert_uint_eq(trace_wave_begin(t, 1, 1, 0), 0);
  ck_assert_uint_eq(trace_wave_begin(t, 1, 1, 0), 1); /* lane 0 is busy */
  trace_barrier(t, 1, 1, 1, 5, 8);
  trace_wave_end(t, 1, 1, 1, 0, 20, 0, 1, gid);
  trace_wave_end(t, 1, 1, 0, 0, 10, 0, 0, gid);
  ck_assert_uint_eq(trace_wave_begin(t, 1, 1, 12), 0); /* lane 0 free since 10 */
  trace_workgroup(t, 1, 0, 0, 20, gid);
  trace_wave_end(t, 9, 1, 0, 0, 1, 0, 0, gid); /* no such CU: ignored */
  char err[256] = "";
  ck_assert_int_eq(trace_launch_end(t, 50, err, sizeof err), 0);
  trace_counts c;
  trace_get_counts(t, &c);
  ck_assert_uint_eq(c.launches, 1);
  ck_assert_uint_eq(c.waves, 2);
  ck_assert_uint_eq(c.workgroups, 1);
  ck_assert_uint_eq(c.barriers, 1);
  const char *want = HEAD
      "{\"name\":\"process_name\",\"ph\":\"M\",\"pid\":0,\"tid\":0,\"args\":{\"name\":\"device\"}},"
      "\n"
      "{\"name\":\"process_sort_index\",\"ph\":\"M\",\"pid\":0,\"tid\":0,\"args\":{\"sort_index\":"
      "0}},\n"
      "{\"name\":\"thread_name\",\"ph\":\"M\",\"pid\":0,\"tid\":0,\"args\":{\"name\":\"kernel "
      "launches\"}},\n"
      "{\"name\":\"thread_sort_index\",\"ph\":\"M\",\"pid\":0,\"tid\":0,\"args\":{\"sort_index\":0}"
      "},\n"
      "{\"name\":\"process_name\",\"ph\":\"M\",\"pid\":2,\"tid\":0,\"args\":{\"name\":\"CU 1\"}},\n"
      "{\"name\":\"process_sort_index\",\"ph\":\"M\",\"pid\":2,\"tid\":0,\"args\":{\"sort_index\":"
      "2}},\n"
      "{\"name\":\"thread_name\",\"ph\":\"M\",\"pid\":2,\"tid\":1,\"args\":{\"name\":\"work-group "
      "slot 0\"}},\n"
      "{\"name\":\"thread_sort_index\",\"ph\":\"M\",\"pid\":2,\"tid\":1,\"args\":{\"sort_index\":1}"
      "},\n"
      "{\"name\":\"thread_name\",\"ph\":\"M\",\"pid\":2,\"tid\":2000,\"args\":{\"name\":\"SIMD 1 "
      "wave lane 0\"}},\n"
      "{\"name\":\"thread_sort_index\",\"ph\":\"M\",\"pid\":2,\"tid\":2000,\"args\":{\"sort_"
      "index\":2000}},\n"
      "{\"name\":\"thread_name\",\"ph\":\"M\",\"pid\":2,\"tid\":2001,\"args\":{\"name\":\"SIMD 1 "
      "wave lane 1\"}},\n"
      "{\"name\":\"thread_sort_index\",\"ph\":\"M\",\"pid\":2,\"tid\":2001,\"args\":{\"sort_"
      "index\":2001}},\n"
      "{\"name\":\"k\\\"q\",\"cat\":\"launch\",\"ph\":\"X\",\"ts\":1.0000,\"dur\":0.0500,\"pid\":0,"
      "\"tid\":0,"
      "\"args\":{\"cycles\":50,\"global\":[64,1,1],\"local\":[32,1,1]}},\n"
      "{\"name\":\"k\\\"q\",\"cat\":\"workgroup\",\"ph\":\"X\",\"ts\":1.0100,\"dur\":0.0200,"
      "\"pid\":2,\"tid\":1,"
      "\"args\":{\"start_cycle\":0,\"end_cycle\":20,\"group\":[0,0,0],\"wg_slot\":0}},\n"
      "{\"name\":\"k\\\"q\",\"cat\":\"wave\",\"ph\":\"X\",\"ts\":1.0100,\"dur\":0.0100,\"pid\":2,"
      "\"tid\":2000,"
      "\"args\":{\"start_cycle\":0,\"end_cycle\":10,\"group\":[0,0,0],\"wg_slot\":0,\"simd\":1,"
      "\"lane\":0,\"wave\":0}},\n"
      "{\"name\":\"k\\\"q\",\"cat\":\"wave\",\"ph\":\"X\",\"ts\":1.0100,\"dur\":0.0200,\"pid\":2,"
      "\"tid\":2001,"
      "\"args\":{\"start_cycle\":0,\"end_cycle\":20,\"group\":[0,0,0],\"wg_slot\":0,\"simd\":1,"
      "\"lane\":1,\"wave\":1}},\n"
      "{\"name\":\"barrier\",\"cat\":\"barrier\",\"ph\":\"X\",\"ts\":1.0150,\"dur\":0.0030,\"pid\":"
      "2,\"tid\":2001,"
      "\"args\":{\"start_cycle\":5,\"end_cycle\":8,\"simd\":1,\"lane\":1}}" TAIL;
  ck_assert_str_eq(slurp(), want);
  /* a second launch appends before the closing brackets; names are not repeated */
  l.start_us = 2.0;
  trace_launch_begin(t, &l);
  trace_launch_end(t, 7, err, sizeof err);
  char want2[1 << 14];
  snprintf(want2, sizeof want2,
           "%.*s,\n{\"name\":\"k\\\"q\",\"cat\":\"launch\",\"ph\":\"X\",\"ts\":2.0000,"
           "\"dur\":0.0070,\"pid\":0,\"tid\":0,\"args\":{\"cycles\":7,\"global\":[64,1,1],"
           "\"local\":[32,1,1]}}" TAIL,
           (int)(strlen(want) - strlen(TAIL)), want);
  ck_assert_str_eq(slurp(), want2);
  ck_assert_int_eq(trace_close(t, err, sizeof err), 0);
  ck_assert_str_eq(slurp(), want2);
  unlink(path);
}
END_TEST

/* compact: no barrier events; each wave carries its barriers and wait */
START_TEST(compact_folds_barriers) {
  trace_writer *t = open_temp_detail(TRACE_COMPACT);
  trace_launch l = {.kernel = "k",
                    .start_us = 0,
                    .clock_mhz = 1000,
                    .cus = 1,
                    .simds_per_cu = 1,
                    .global = {64, 1, 1},
                    .local = {64, 1, 1}};
  uint64_t gid[3] = {0, 0, 0};
  trace_launch_begin(t, &l);
  uint32_t a = trace_wave_begin(t, 0, 0, 0), b = trace_wave_begin(t, 0, 0, 0);
  trace_barrier(t, 0, 0, a, 5, 8);
  trace_barrier(t, 0, 0, a, 10, 17);
  trace_barrier(t, 0, 0, b, 6, 8);
  trace_wave_end(t, 0, 0, a, 0, 20, 0, 0, gid);
  trace_wave_end(t, 0, 0, b, 0, 21, 0, 1, gid);
  uint32_t c = trace_wave_begin(t, 0, 0, 30); /* a lane reused: its counts start over */
  ck_assert_uint_eq(c, a);
  trace_wave_end(t, 0, 0, c, 30, 40, 0, 0, gid);
  char err[256] = "";
  ck_assert_int_eq(trace_launch_end(t, 50, err, sizeof err), 0);
  trace_counts n;
  trace_get_counts(t, &n);
  ck_assert_uint_eq(n.barriers, 3);
  ck_assert_uint_eq(n.waves, 3);
  const char *got = slurp();
  ck_assert_ptr_null(strstr(got, "\"cat\":\"barrier\""));
  ck_assert_msg(
      strstr(got, "\"lane\":0,\"wave\":0,\"barriers\":2,\"barrier_wait_cycles\":10}") &&
          strstr(got, "\"lane\":1,\"wave\":1,\"barriers\":1,\"barrier_wait_cycles\":2}") &&
          strstr(got, "\"end_cycle\":40,\"group\":[0,0,0],\"wg_slot\":0,\"simd\":0,"
                      "\"lane\":0,\"wave\":0,\"barriers\":0,"),
      "%s", got);
  ck_assert_int_eq(trace_close(t, err, sizeof err), 0);
  trace_detail d;
  ck_assert_int_eq(trace_detail_parse("full", &d), 0);
  ck_assert_int_eq(d, TRACE_FULL);
  ck_assert_int_eq(trace_detail_parse("compact", &d), 0);
  ck_assert_int_eq(d, TRACE_COMPACT);
  ck_assert_int_eq(trace_detail_parse("verbose", &d), -1);
  unlink(path);
}
END_TEST

START_TEST(bad_paths) {
  char err[256];
  ck_assert_ptr_null(trace_open("/nonexistent/dir/t.json", TRACE_COMPACT, err, sizeof err));
  ck_assert_str_eq(err, "trace /nonexistent/dir/t.json: cannot open for writing: No such file or "
                        "directory (check that the directory exists)");
  ck_assert_int_eq(trace_close(NULL, err, sizeof err), 0);
  /* a launch left open is finished by close, with 0 cycles */
  trace_writer *t = open_temp();
  trace_launch l = {.kernel = "k", .clock_mhz = 0, .cus = 1, .simds_per_cu = 1};
  trace_launch_begin(t, &l);
  ck_assert_int_eq(trace_close(t, err, sizeof err), 0);
  ck_assert_ptr_nonnull(
      strstr(slurp(), "\"cat\":\"launch\",\"ph\":\"X\",\"ts\":0.0000,\"dur\":0.0000"));
  unlink(path);
}
END_TEST

int main(void) {
  Suite *s = suite_create("trace_writer");
  TCase *tc = tcase_create("core");
  tcase_add_test(tc, one_launch_exact);
  tcase_add_test(tc, compact_folds_barriers);
  tcase_add_test(tc, bad_paths);
  suite_add_tcase(s, tc);
  return check_run(s);
}
