/* Sampled timing (--sample / WAVESIM_SAMPLE): the plan of which work-groups
 * of a large launch the timing model times in detail and which it
 * fast-forwards through the functional executor, the throughput measured in
 * the detailed windows, and the launch's estimated cycles with its error
 * bound. Also the functional executor's per-group runner both use. */
#ifndef WAVESIM_SIM_SAMPLE_H
#define WAVESIM_SIM_SAMPLE_H

#include "sim_exec.h"

/* sim_functional.c: one work-group at a time, run to its end through the
 * executor core (no timing), with buffers for the largest group. */
typedef struct sim_fexec {
  sim_ctx *c;
  sim_exec x;
  sim_cu_stats cs;          /* what its groups counted, added by sim_fexec_fini */
  uint64_t ngroups, nwaves; /* the groups it ran and their waves, likewise */
  isa_wave *waves;
  uint32_t *vregs, *sregs, *stop, *jump;
  uint8_t *state, *lds, *scratch;
  sim_wd_wave *wdw;
  sim_xwave *xw;
} sim_fexec;

/* -1: out of memory (the message in c->err). */
int sim_fexec_init(sim_fexec *f, sim_ctx *c);
/* Runs work-group g (linear index) in the checks' slot `slot`: SIM_OK, or
 * SIM_FAULT with the message in c->err. */
sim_status sim_fexec_group(sim_fexec *f, uint64_t g, uint32_t slot);
/* Adds its counters into c->st and frees it. */
void sim_fexec_fini(sim_fexec *f);

/* The layout of a sampled launch, in rounds (a round: the groups the device
 * holds at once, CUs x wgs_per_cu), in dispatch order:
 *   [warm-up][window 0][skip 1][window 1] ... [skip m][window m + the rest]
 * Windows 0..m-1 are measured; the last one also holds the partial round
 * and the drain, timed in detail like a full run's. */
typedef struct sim_sample {
  int on;               /* this launch is sampled */
  uint64_t round;       /* groups per round */
  uint64_t warm, win;   /* groups in the warm-up and in each window */
  uint32_t m;           /* measured windows (= skipped blocks) */
  uint64_t *skip_start; /* per block b = 1..m (index b-1): its first group */
  uint64_t *skip_len;   /* its groups, whole rounds */
  double *fit;          /* per measured window: sums n, i, t, i*i, i*t of (index in the
                           window, cycle placed) over its groups, for the slope */
  uint64_t
      *t_after; /* per measured window: cycle the first group after its skipped block started */
  uint32_t next_skip; /* blocks done */
  uint64_t skipped;   /* groups fast-forwarded so far */
  sim_fexec f;
} sim_sample;

/* Plans launch c's sampling (off unless c->l->sample, the launch is timed,
 * has enough rounds by the sample.* keys and no checks or trace watch it);
 * the reason it is off goes nowhere: st->sampled says. -1: out of memory. */
int sim_sample_init(sim_sample *s, sim_ctx *c);
/* The dispatcher is about to hand out group *g: fast-forwards the skipped
 * block starting there (advancing *g past it). SIM_FAULT when a
 * fast-forwarded group faulted (the message in c->err). */
sim_status sim_sample_next(sim_sample *s, uint64_t *g);
/* Group g started at cycle t: noted when it falls in a measured window
 * (or is the first after a skipped block, which ends the window before).
 * The dispatcher notes the placements of a quantum in (cycle, group)
 * order, so the sums come out the same whichever host thread placed them. */
void sim_sample_fit(sim_sample *s, uint64_t g, uint64_t t);
/* The launch ended at cycle `end` (before the overhead): fills the sampled
 * columns of c->st and returns the estimated end. */
uint64_t sim_sample_finish(sim_sample *s, uint64_t end);
void sim_sample_fini(sim_sample *s);

#endif
