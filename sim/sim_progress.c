/* The progress line of a long launch (sim_progress.h): when to look at the
 * clock, when to draw, and what the line says. */
#include "sim_progress.h"

#include <inttypes.h>
#include <stdio.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

/* Looks at the clock about this often, and redraws at most this often. */
#define SIM_PROGRESS_LOOK_S 0.05
#define SIM_PROGRESS_DRAW_S 0.5
#define SIM_PROGRESS_STRIDE_MAX (1u << 20)

static double sim_progress_now(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

void sim_progress_begin(sim_progress *p, int on, double after, int fd, const char *kernel,
                        uint64_t total, int timing) {
  memset(p, 0, sizeof *p);
  p->fd = -1;
  if (!on || fd < 0 || !isatty(fd)) return;
  p->fd = fd;
  p->timing = timing;
  p->total = total;
  p->after = after > 0 ? after : 0;
  p->stride = p->countdown = 1; /* the first tick looks; the stride then adapts */
  p->start = p->last_look = sim_progress_now();
  snprintf(p->kernel, sizeof p->kernel, "%s", kernel ? kernel : "");
}

/* 1234567 -> "1.23M": the line stays short whatever the scale. */
static void sim_progress_si(double v, char *buf, size_t len) {
  static const char unit[] = " kMGTP";
  int u = 0;
  while (v >= 999.5 && u < 5) v /= 1000, u++;
  if (u == 0)
    snprintf(buf, len, "%.0f", v);
  else
    snprintf(buf, len, "%.*f%c", v < 9.995 ? 2 : v < 99.95 ? 1 : 0, v, unit[u]);
}

static void sim_progress_duration(double s, char *buf, size_t len) {
  uint64_t t = (uint64_t)(s + 0.5);
  if (t >= 3600)
    snprintf(buf, len, "%" PRIu64 "h%02" PRIu64 "m", t / 3600, t / 60 % 60);
  else if (t >= 60)
    snprintf(buf, len, "%" PRIu64 "m%02" PRIu64 "s", t / 60, t % 60);
  else
    snprintf(buf, len, "%" PRIu64 "s", t);
}

void sim_progress_format(const sim_progress *p, uint64_t cycles, double now, char *buf,
                         size_t len) {
  double el = now - p->start;
  char rate[24], cyc[24], left[48];
  /* the rate of what the mode advances: simulated cycles, or work-groups */
  double amount = p->timing ? (double)cycles : (double)p->done;
  sim_progress_si(el > 0 ? amount / el : 0, rate, sizeof rate);
  if (p->done && p->done <= p->total)
    sim_progress_duration(el * (double)(p->total - p->done) / (double)p->done, left, sizeof left);
  else
    snprintf(left, sizeof left, "?");
  if (p->timing) {
    sim_progress_si((double)cycles, cyc, sizeof cyc);
    snprintf(buf, len,
             "wavesim: %s: %" PRIu64 "/%" PRIu64 " work-groups, %s cycles, %s cycles/s, %s left",
             p->kernel, p->done, p->total, cyc, rate, left);
  } else {
    snprintf(buf, len, "wavesim: %s: %" PRIu64 "/%" PRIu64 " work-groups, %s groups/s, %s left",
             p->kernel, p->done, p->total, rate, left);
  }
}

static void sim_progress_write(sim_progress *p, const char *s, size_t n) {
  /* a terminal that stops taking output (closed, hung up) ends the line,
   * never the launch */
  if (write(p->fd, s, n) != (ssize_t)n) p->countdown = 0, p->shown = 0;
}

void sim_progress_look(sim_progress *p, uint64_t cycles) {
  double now = sim_progress_now(), since = now - p->last_look;
  p->last_look = now;
  /* keep looks about SIM_PROGRESS_LOOK_S apart whatever a tick costs */
  if (since < SIM_PROGRESS_LOOK_S / 2 && p->stride < SIM_PROGRESS_STRIDE_MAX)
    p->stride *= 2;
  else if (since > SIM_PROGRESS_LOOK_S * 2 && p->stride > 1)
    p->stride /= 2;
  p->countdown = p->stride;
  if (now - p->start < p->after) return;
  if (p->last_draw && now - p->last_draw < SIM_PROGRESS_DRAW_S) return;
  p->last_draw = now;
  char line[160];
  /* "\r" returns to the line's start and ESC[K clears what a longer
   * earlier line left behind */
  line[0] = '\r';
  sim_progress_format(p, cycles, now, line + 1, sizeof line - 5);
  size_t n = strlen(line);
  memcpy(line + n, "\033[K", 4);
  p->shown = 1;
  sim_progress_write(p, line, n + 3);
}

void sim_progress_end(sim_progress *p) {
  if (p->shown) sim_progress_write(p, "\r\033[K", 4);
  p->shown = 0;
  p->countdown = 0;
}
