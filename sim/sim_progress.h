/* The progress line of a long launch: on a terminal's stderr, once a launch
 * has run for a while, one line refreshed in place (kernel, work-groups
 * done/total, simulated cycles, rate, time left), erased when it ends.
 * State lives in the launch context (sim_ctx.prog); the executors call
 * sim_progress_tick, which reads the clock only every `stride` calls. What
 * it shows never feeds back into the simulation: cycles stay deterministic. */
#ifndef WAVESIM_SIM_PROGRESS_H
#define WAVESIM_SIM_PROGRESS_H

#include <stddef.h>
#include <stdint.h>

typedef struct sim_progress {
  int fd;                  /* where the line goes; -1: off */
  int timing;              /* timing mode: cycles are simulated time, else not shown */
  int shown;               /* the line is on the terminal now (to erase at the end) */
  uint32_t countdown;      /* ticks until the next look at the clock; 0: off */
  uint32_t stride;         /* ticks between looks, adapted to about 50 ms apart */
  uint64_t done, total;    /* work-groups finished, in the launch */
  double start, last_look; /* seconds (CLOCK_MONOTONIC) */
  double last_draw;        /* when the line was last drawn; 0: never */
  double after;            /* seconds of launch before the line first appears */
  char kernel[40];
} sim_progress;

/* Arms p for a launch of `total` work-groups of `kernel` when `on` and fd is
 * a terminal (pipes, files and CI logs never get the line); `after`: seconds
 * before the line appears (0: at the first look). Otherwise p stays off and
 * every tick costs one test. */
void sim_progress_begin(sim_progress *p, int on, double after, int fd, const char *kernel,
                        uint64_t total, int timing);

/* The slow half of a tick: the clock, and the line when it is due. */
void sim_progress_look(sim_progress *p, uint64_t cycles);

/* Called by the executors: once per event (timing) or work-group
 * (functional); group_done: a work-group finished; cycles: simulated time
 * now (timing mode). */
static inline void sim_progress_tick(sim_progress *p, int group_done, uint64_t cycles) {
  p->done += (uint64_t)group_done;
  if (p->countdown && --p->countdown == 0) sim_progress_look(p, cycles);
}

/* The launch finished or faulted: the line, if shown, is erased so that the
 * next output (a summary, a fault message) starts on a clean line. */
void sim_progress_end(sim_progress *p);

/* The text of the line (no "\r", no erase) for p at `now` seconds, into buf:
 * exposed for the unit test. */
void sim_progress_format(const sim_progress *p, uint64_t cycles, double now, char *buf, size_t len);

#endif
