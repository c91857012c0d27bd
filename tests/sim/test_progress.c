/* The progress line (sim/sim_progress.c): drawn only on a terminal (a
 * pseudo-terminal here), after its threshold, refreshed in place with "\r"
 * and an erase, erased at the end; its text in timing and functional mode. */
#define _XOPEN_SOURCE 600
#include <check.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "check_run.h"
#include "sim_progress.h"

typedef struct pty {
  int master, slave;
} pty;

static void pty_open(pty *t) {
  t->master = posix_openpt(O_RDWR | O_NOCTTY);
  ck_assert_int_ge(t->master, 0);
  ck_assert_int_eq(grantpt(t->master), 0);
  ck_assert_int_eq(unlockpt(t->master), 0);
  t->slave = open(ptsname(t->master), O_RDWR | O_NOCTTY);
  ck_assert_int_ge(t->slave, 0);
  /* raw output: the bytes arrive as written (no "\n" -> "\r\n") */
  fcntl(t->master, F_SETFL, O_NONBLOCK);
}

/* What the terminal received so far. */
static size_t pty_read(const pty *t, char *buf, size_t len) {
  size_t n = 0;
  ssize_t r;
  while (n + 1 < len && (r = read(t->master, buf + n, len - 1 - n)) > 0) n += (size_t)r;
  buf[n] = 0;
  return n;
}

static void pty_close(pty *t) {
  close(t->slave);
  close(t->master);
}

static void sleep_s(double s) {
  struct timespec ts = {(time_t)s, (long)((s - (double)(time_t)s) * 1e9)};
  nanosleep(&ts, NULL);
}

static size_t count(const char *hay, const char *needle) {
  size_t n = 0;
  for (const char *p = hay; (p = strstr(p, needle)); p++) n++;
  return n;
}

START_TEST(line_on_a_terminal) {
  pty t;
  pty_open(&t);
  sim_progress p;
  sim_progress_begin(&p, 1, 0, t.slave, "matmul", 8, 1);
  /* two looks at least half a second apart: drawn, then redrawn */
  sim_progress_tick(&p, 1, 1000);
  sleep_s(0.6);
  for (int i = 0; i < 3; i++) sim_progress_tick(&p, 1, 2000);
  sleep_s(0.6);
  for (uint32_t i = 0; i < p.stride + 1; i++) sim_progress_tick(&p, 0, 3000);
  sim_progress_end(&p);
  char out[4096];
  pty_read(&t, out, sizeof out);
  ck_assert_msg(count(out, "\rwavesim: matmul: ") >= 2, "got: %s", out);
  ck_assert_msg(strstr(out, "\rwavesim: matmul: 1/8 work-groups, 1.00k cycles, "), "got: %s", out);
  ck_assert_msg(strstr(out, "4/8 work-groups, 3.00k cycles, "), "got: %s", out);
  ck_assert_msg(strstr(out, " left\033[K"), "got: %s", out);
  /* erased at the end: nothing of it stays on the terminal */
  size_t n = strlen(out);
  ck_assert_msg(n >= 4 && strcmp(out + n - 4, "\r\033[K") == 0, "got: %s", out);
  pty_close(&t);
}
END_TEST

START_TEST(not_on_a_pipe) {
  int fd[2];
  ck_assert_int_eq(pipe(fd), 0);
  sim_progress p;
  sim_progress_begin(&p, 1, 0, fd[1], "k", 4, 1);
  ck_assert_uint_eq(p.countdown, 0); /* off: a tick is one test */
  for (int i = 0; i < 4; i++) sim_progress_tick(&p, 1, 10);
  sim_progress_end(&p);
  close(fd[1]);
  char buf[16];
  ck_assert_int_eq(read(fd[0], buf, sizeof buf), 0);
  close(fd[0]);
}
END_TEST

START_TEST(off_and_threshold) {
  pty t;
  pty_open(&t);
  sim_progress p;
  sim_progress_begin(&p, 0, 0, t.slave, "k", 4, 1); /* WAVESIM_PROGRESS=off, --quiet */
  ck_assert_uint_eq(p.countdown, 0);
  sim_progress_tick(&p, 1, 1);
  sim_progress_end(&p);
  sim_progress_begin(&p, 1, 60, t.slave, "k", 4, 1); /* a launch shorter than the threshold */
  for (int i = 0; i < 1000; i++) sim_progress_tick(&p, 0, (uint64_t)i);
  sim_progress_end(&p);
  char out[256];
  ck_assert_uint_eq(pty_read(&t, out, sizeof out), 0);
  pty_close(&t);
}
END_TEST

START_TEST(text) {
  sim_progress p = {.timing = 1, .done = 25, .total = 100, .start = 10};
  snprintf(p.kernel, sizeof p.kernel, "sgemm");
  char buf[160];
  /* 5 s for a quarter: 15 s left; 2.5M cycles in 5 s */
  sim_progress_format(&p, 2500000, 15, buf, sizeof buf);
  ck_assert_str_eq(buf,
                   "wavesim: sgemm: 25/100 work-groups, 2.50M cycles, 500k cycles/s, 15s left");
  p.done = 1, p.total = 1000;
  sim_progress_format(&p, 123456789012, 130, buf, sizeof buf);
  ck_assert_str_eq(buf, "wavesim: sgemm: 1/1000 work-groups, 123G cycles, 1.03G cycles/s, "
                        "33h18m left");
  p.done = 0;
  sim_progress_format(&p, 0, 10, buf, sizeof buf);
  ck_assert_str_eq(buf, "wavesim: sgemm: 0/1000 work-groups, 0 cycles, 0 cycles/s, ? left");
  /* functional mode has no simulated time: work-groups per second (2 s here) */
  p.timing = 0, p.done = 300, p.total = 400;
  sim_progress_format(&p, 0, 12, buf, sizeof buf);
  ck_assert_str_eq(buf, "wavesim: sgemm: 300/400 work-groups, 150 groups/s, 1s left");
  p.done = 400;
  sim_progress_format(&p, 0, 12, buf, sizeof buf);
  ck_assert_str_eq(buf, "wavesim: sgemm: 400/400 work-groups, 200 groups/s, 0s left");
}
END_TEST

int main(void) {
  Suite *s = suite_create("sim_progress");
  TCase *t = tcase_create("progress");
  tcase_set_timeout(t, 20);
  tcase_add_test(t, line_on_a_terminal);
  tcase_add_test(t, not_on_a_pipe);
  tcase_add_test(t, off_and_threshold);
  tcase_add_test(t, text);
  suite_add_tcase(s, t);
  return check_run(s);
}
