/* The executor core both modes share (sim_functional.c, sim_timing.c): one
 * instruction of one wave executed, its fault, out-of-bounds note, watchdog
 * and observers handled, and counted; and the hook table through which
 * observers (the correctness checks, the timeline trace) see a launch. The
 * modes decide when a wave steps; this decides what a step is. */
#ifndef WAVESIM_SIM_EXEC_H
#define WAVESIM_SIM_EXEC_H

#include "sim_internal.h"

/* The counters the core counts each step into, a CU's own (sim_cu.h; one
 * for the whole launch in functional mode): the stats.def rows of groups
 * `cu` and `memsys` (the bytes its lanes request), added into the launch's
 * statistics in CU order at the end (integer sums: the order cannot change
 * them). */
typedef struct sim_cu_stats {
#define SIM_STATS_GROUP_cu SIM_STATS_YES
#define SIM_STATS_GROUP_memsys SIM_STATS_YES
#include "stats_fields.h"
#undef SIM_STATS_GROUP_cu
#undef SIM_STATS_GROUP_memsys
} sim_cu_stats;

/* Adds counters cs into st. */
void sim_cu_stats_collect(const sim_cu_stats *cs, sim_stats *st);

/* What the core and the observers know of a wave, wherever its executor
 * keeps it: set when the wave is placed, read at every step. */
typedef struct sim_xwave {
  isa_wave *w;
  sim_wd_wave *wd;
  const uint64_t *gid, *lsz; /* its work-group's id and size */
  uint32_t slot;             /* its work-group's place (the checks' slot) */
  uint32_t wi;               /* its index in the work-group */
} sim_xwave;

/* One observer's hooks, each optional (NULL: not interested). `self` is
 * the observer's own state. The first three fire in both modes; the rest
 * are the timing model's timeline (cycles since dispatch; cu, simd and
 * slot numbered within the device, the CU and the CU). */
typedef struct sim_hooks {
  /* work-group gid starts in `slot` */
  void (*group)(void *self, uint32_t slot, const uint64_t gid[3], const uint64_t lsz[3]);
  /* wave x executed the instruction at pc without fault (x->w->access: what it touched) */
  void (*step)(void *self, const sim_xwave *x, uint32_t pc);
  /* the work-group in `slot` leaves a barrier */
  void (*barrier)(void *self, uint32_t slot);
  /* a wave starts on SIMD simd of CU cu at t: returns its tag (the timeline's
   * lane), handed back to the wave's later events */
  uint32_t (*wave_begin)(void *self, uint32_t cu, uint32_t simd, uint64_t t);
  /* the wave waited at a barrier from start until it could issue again at end */
  void (*wave_barrier)(void *self, uint32_t cu, uint32_t simd, uint32_t tag, uint64_t start,
                       uint64_t end);
  /* the wave lived from start to end (wg_slot: its work-group's place on the CU) */
  void (*wave_end)(void *self, uint32_t cu, uint32_t simd, uint32_t tag, uint64_t start,
                   uint64_t end, uint32_t wg_slot, uint32_t wi, const uint64_t gid[3]);
  /* work-group gid held wg_slot of cu from start to end */
  void (*workgroup)(void *self, uint32_t cu, uint32_t wg_slot, uint64_t start, uint64_t end,
                    const uint64_t gid[3]);
} sim_hooks;

typedef struct sim_observer {
  const sim_hooks *h;
  void *self;
} sim_observer;

#define SIM_EXEC_OBSERVERS 4 /* checks, timeline, and room for capture */

typedef struct sim_exec {
  sim_ctx *c;
  sim_observer obs[SIM_EXEC_OBSERVERS];
  uint32_t nobs;
  /* The mode's say on a watchdog finding `what` for wave x (NULL: every
   * finding stops the launch): 1 stops it. Timing mode lets a spinning wave
   * go on while another could still release it (sim_wd_timing). */
  int (*wd_stops)(void *mode, const sim_xwave *x, int what);
  void *mode;
} sim_exec;

/* The observers built into sim/ (sim_check.c: the correctness checks). */
extern const sim_hooks sim_check_hooks;

/* The core for launch c, with the observers the launch asks for (the
 * checks when c->chk, the timeline when c->l->trace). */
void sim_exec_init(sim_exec *x, sim_ctx *c);

/* Executes wave xw's next instruction and counts it into cs and the per-pc
 * counters pcs (the counting context's own: sim_internal.h): returns the
 * isa_step status, or ISA_FAULTED when the launch stops (a fault, or the
 * watchdog: the message is in c->err). The instruction that stops the
 * launch is not counted. */
isa_status sim_exec_step(sim_exec *x, const sim_xwave *xw, sim_cu_stats *cs, sim_pc_counts *pcs);

/* The observers' hooks: each one that has `hook` is called with `args`. */
#define SIM_EXEC_NOTIFY(x, hook, ...)                                                              \
  do {                                                                                             \
    for (uint32_t sim_o_ = 0; sim_o_ < (x)->nobs; sim_o_++)                                        \
      if ((x)->obs[sim_o_].h->hook) (x)->obs[sim_o_].h->hook((x)->obs[sim_o_].self, __VA_ARGS__);  \
  } while (0)

/* wave_begin of the observers that have it: the tag of the last (0: none). */
static inline uint32_t sim_exec_wave_begin(const sim_exec *x, uint32_t cu, uint32_t simd,
                                           uint64_t t) {
  uint32_t tag = 0;
  for (uint32_t i = 0; i < x->nobs; i++)
    if (x->obs[i].h->wave_begin) tag = x->obs[i].h->wave_begin(x->obs[i].self, cu, simd, t);
  return tag;
}

#endif
