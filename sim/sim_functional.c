/* Functional-only execution: each work-group's waves run back to back
 * through the executor core (sim_exec_step, shared with the timing model)
 * until a barrier or the end; barriers release when every live wave
 * arrived. The speed path: no timing, only instruction counts. Sampled
 * timing (sim_sample.c) fast-forwards its skipped groups through the same
 * per-group runner. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sim_sample.h"

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
  c->st->workgroups++;
  c->st->waves += nw;
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

sim_status sim_run_functional(sim_ctx *c) {
  sim_fexec f;
  sim_status rc = SIM_OK;
  if (sim_fexec_init(&f, c) != 0)
    rc = SIM_BAD_LAUNCH;
  else
    for (uint64_t g = 0; g < c->total_groups && rc == SIM_OK; g++) {
      rc = sim_fexec_group(&f, g, 0);
      sim_progress_tick(&c->prog, 1, 0);
    }
  sim_fexec_fini(&f);
  return rc;
}
