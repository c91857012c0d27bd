/* Functional-only execution: each work-group's waves run back to back
 * through the executor core (sim_exec_step, shared with the timing model)
 * until a barrier or the end; barriers release when every live wave
 * arrived. The speed path: no timing, only instruction counts. Sampled
 * timing (sim_sample.c) fast-forwards its skipped groups through the same
 * per-group runner.
 *
 * A launch runs its groups in batches of SIM_FBATCH on the host threads
 * (sim_pool.h), each worker with its own executor, counters and context
 * (error text, out-of-bounds notes): every group of a batch runs, then the
 * batch's first fault by group index stops the launch and its notes are
 * reported in group order. The batches do not depend on the thread count,
 * so neither do the counters, the reports or a fault's message. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sim_pool.h"
#include "sim_sample.h"

/* Groups per batch: enough to keep 16 workers busy, few enough that a
 * launch that faults early stops soon. */
#define SIM_FBATCH 256u

int sim_fexec_init(sim_fexec *f, sim_ctx *c) {
  memset(f, 0, sizeof *f);
  f->c = c;
  uint32_t n = c->wave_size, maxw = c->occ.waves_per_wg;
  size_t vsz = (size_t)c->nvgprs * n, scratch_wave = (size_t)c->k->private_bytes * n;
  f->waves = calloc(maxw, sizeof *f->waves);
  f->vregs = calloc(vsz * maxw, sizeof *f->vregs);
  f->sregs = calloc((size_t)c->nsgprs * maxw, sizeof *f->sregs);
  f->state = calloc(maxw, 1);              /* 0 running, 1 at barrier, 2 ended */
  f->stop = calloc(maxw, sizeof *f->stop); /* pc of the barrier or s_endpgm it stopped at */
  f->jump = calloc(maxw, sizeof *f->jump); /* pc of its last taken branch */
  f->wdw = calloc(maxw, sizeof *f->wdw);
  f->xw = calloc(maxw, sizeof *f->xw);
  f->lds = calloc(c->lds_total ? c->lds_total : 1, 1);
  f->scratch = scratch_wave ? calloc(scratch_wave * maxw, 1) : NULL;
  sim_exec_init(&f->x, c);
  if (!f->waves || !f->vregs || !f->sregs || !f->state || !f->stop || !f->jump || !f->wdw ||
      !f->xw || !f->lds || (scratch_wave && !f->scratch)) {
    strncpy(c->err, "out of memory for the functional executor", c->errlen);
    return -1;
  }
  return 0;
}

sim_status sim_fexec_group(sim_fexec *f, uint64_t g, uint32_t slot) {
  sim_ctx *c = f->c;
  uint32_t n = c->wave_size;
  size_t vsz = (size_t)c->nvgprs * n, scratch_wave = (size_t)c->k->private_bytes * n;
  uint64_t gid[3], lsz[3];
  sim_group_coords(c, g, gid, lsz);
  uint32_t nw = sim_group_waves(c, lsz);
  memset(f->lds, 0, c->lds_total);
  if (f->scratch) memset(f->scratch, 0, scratch_wave * nw);
  for (uint32_t i = 0; i < nw; i++) {
    sim_wave_setup(c, &f->waves[i], gid, lsz, i, f->vregs + vsz * i,
                   f->sregs + (size_t)c->nsgprs * i, f->lds,
                   f->scratch ? f->scratch + scratch_wave * i : NULL,
                   SIM_SCRATCH_BASE + (uint64_t)i * scratch_wave);
    f->state[i] = 0;
    sim_wd_wave_start(&c->wd, &f->wdw[i]);
    f->jump[i] = ISA_NO_PC;
    f->xw[i] = (sim_xwave){&f->waves[i], &f->wdw[i], gid, lsz, slot, i};
  }
  SIM_EXEC_NOTIFY(&f->x, group, slot, gid, lsz);
  f->ngroups++;
  f->nwaves += nw;
  uint32_t ended = 0;
  while (ended < nw) {
    for (uint32_t i = 0; i < nw; i++) {
      if (f->state[i]) continue;
      isa_wave *w = &f->waves[i];
      for (;;) {
        uint32_t pc = w->pc;
        isa_status s = sim_exec_step(&f->x, &f->xw[i], &f->cs, &c->pc);
        if (s == ISA_FAULTED) return SIM_FAULT; /* a fault or a runaway wave: c->err says */
        if (s == ISA_RUN) {
          if (w->pc != pc + 1) f->jump[i] = pc;
          continue;
        }
        f->stop[i] = pc;
        if (s == ISA_BARRIER)
          f->state[i] = 1;
        else
          f->state[i] = 2, ended++;
        break;
      }
    }
    /* everyone live is at the barrier (or ended): release, unless a wave
     * ended without reaching it */
    uint32_t bar = nw, end = nw;
    for (uint32_t i = 0; i < nw; i++) {
      if (f->state[i] == 1 && bar == nw) bar = i;
      if (f->state[i] == 2 && end == nw) end = i;
    }
    if (bar < nw && end < nw) {
      sim_barrier_return_message(c, gid, lsz, bar, 0, f->stop[bar], end, 0, f->stop[end],
                                 f->jump[end]);
      return SIM_FAULT;
    }
    int released = 0;
    for (uint32_t i = 0; i < nw; i++)
      if (f->state[i] == 1) f->state[i] = 0, released = 1;
    if (released) SIM_EXEC_NOTIFY(&f->x, barrier, slot);
  }
  return SIM_OK;
}

void sim_fexec_fini(sim_fexec *f) {
  if (!f->c) return;
  sim_cu_stats_collect(&f->cs, f->c->st);
  f->c->st->workgroups += f->ngroups;
  f->c->st->waves += f->nwaves;
  free(f->waves);
  free(f->vregs);
  free(f->sregs);
  free(f->state);
  free(f->stop);
  free(f->jump);
  for (uint32_t i = 0; f->wdw && i < f->c->occ.waves_per_wg; i++) sim_wd_wave_fini(&f->wdw[i]);
  free(f->wdw);
  free(f->xw);
  free(f->lds);
  free(f->scratch);
  memset(f, 0, sizeof *f);
}

/* One host thread's share of a functional launch. */
typedef struct sim_fworker {
  sim_fexec f;
  sim_ctx cx; /* the launch's context with its own error text, notes and counters */
  sim_oob_notes oob;
  char *err;           /* cx.err */
  char *fault;         /* the message of its first fault in the batch */
  isa_tex_access *tex; /* cx.tex when the kernel has image instructions (worker 0: the launch's) */
  uint64_t fault_g;    /* that group (UINT64_MAX: none) */
} sim_fworker;

typedef struct sim_fbatch {
  sim_fworker *w;
  uint64_t first; /* the batch's first group */
} sim_fbatch;

/* Group first + i on worker `worker`: every group of the batch runs, so
 * what the launch did does not depend on which worker ran what. */
static void sim_fgroup(void *ctx, uint32_t i, uint32_t worker) {
  sim_fbatch *b = ctx;
  sim_fworker *w = &b->w[worker];
  uint64_t g = b->first + i;
  if (sim_fexec_group(&w->f, g, 0) != SIM_OK && g < w->fault_g) {
    w->fault_g = g;
    memcpy(w->fault, w->err, w->cx.errlen);
  }
}

/* Worker w's counters into the launch's (add: its per-pc set is whole). */
static void sim_fworker_fini(sim_fworker *w, sim_ctx *c, int worker0, int add) {
  sim_fexec_fini(&w->f);
  if (!worker0) {
    if (add) sim_pc_counts_add(&c->pc, &w->cx.pc, c->k->ncode);
    sim_pc_counts_free(&w->cx.pc);
  }
  sim_oob_notes_fini(&w->oob);
  free(w->err);
  free(w->fault);
  free(w->tex);
}

sim_status sim_run_functional(sim_ctx *c) {
  uint32_t n =
      sim_launch_threads(c, c->total_groups < SIM_FBATCH ? (uint32_t)c->total_groups : SIM_FBATCH);
  sim_fworker *w = calloc(n, sizeof *w);
  sim_status rc = w ? SIM_OK : SIM_BAD_LAUNCH;
  for (uint32_t k = 0; w && k < n && rc == SIM_OK; k++) {
    sim_fworker *x = &w[k];
    int bad = sim_ctx_fork(&x->cx, c, &x->err, &x->oob);
    x->fault = calloc(c->errlen ? c->errlen : 1, 1);
    /* the texels of its waves' latest image instruction: its own */
    if (k && c->tex && !(x->cx.tex = x->tex = calloc(1, sizeof *x->tex))) bad = 1;
    if (bad || !x->fault || (k && sim_pc_counts_alloc(&x->cx.pc, c->k->ncode) != 0) ||
        sim_fexec_init(&x->f, &x->cx) != 0)
      rc = SIM_BAD_LAUNCH;
  }
  if (rc != SIM_OK) snprintf(c->err, c->errlen, "out of memory for the functional executor");
  sim_pool *pool = rc == SIM_OK ? sim_pool_new(n) : NULL;
  sim_oob_notes *lists[256];
  for (uint64_t first = 0; rc == SIM_OK && first < c->total_groups; first += SIM_FBATCH) {
    uint64_t left = c->total_groups - first;
    uint32_t count = left < SIM_FBATCH ? (uint32_t)left : SIM_FBATCH;
    for (uint32_t k = 0; k < n; k++) w[k].fault_g = UINT64_MAX;
    sim_fbatch b = {w, first};
    sim_pool_run(pool, sim_fgroup, &b, count);
    /* the batch's notes in group order, then its first fault */
    uint32_t nl = 0;
    for (uint32_t k = 0; k < n && nl < 256; k++) lists[nl++] = &w[k].oob;
    sim_oob_flush_by_group(c, lists, nl);
    for (uint32_t g = 0; g < count; g++) sim_progress_tick(&c->prog, 1, 0);
    sim_fworker *f = NULL;
    for (uint32_t k = 0; k < n; k++)
      if (w[k].fault_g != UINT64_MAX && (!f || w[k].fault_g < f->fault_g)) f = &w[k];
    if (f) {
      snprintf(c->err, c->errlen, "%s", f->fault);
      rc = SIM_FAULT;
    }
  }
  sim_pool_free(pool);
  for (uint32_t k = 0; w && k < n; k++) sim_fworker_fini(&w[k], c, k == 0, rc != SIM_BAD_LAUNCH);
  free(w);
  return rc;
}
