/* Functional-only execution: each work-group's waves run back to back
 * through the executor core (sim_exec_step, shared with the timing model)
 * until a barrier or the end; barriers release when every live wave
 * arrived. The speed path: no timing, only instruction counts. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sim_exec.h"

sim_status sim_run_functional(sim_ctx *c) {
  uint32_t n = c->wave_size, maxw = c->occ.waves_per_wg;
  size_t vsz = (size_t)c->nvgprs * n, scratch_wave = (size_t)c->k->private_bytes * n;
  isa_wave *waves = calloc(maxw, sizeof *waves);
  uint32_t *vregs = calloc(vsz * maxw, sizeof *vregs);
  uint32_t *sregs = calloc((size_t)c->nsgprs * maxw, sizeof *sregs);
  uint8_t *state = calloc(maxw, 1);            /* 0 running, 1 at barrier, 2 ended */
  uint32_t *stop = calloc(maxw, sizeof *stop); /* pc of the barrier or s_endpgm it stopped at */
  uint32_t *jump = calloc(maxw, sizeof *jump); /* pc of its last taken branch */
  sim_wd_wave *wdw = calloc(maxw, sizeof *wdw);
  sim_xwave *xw = calloc(maxw, sizeof *xw);
  uint8_t *lds = calloc(c->lds_total ? c->lds_total : 1, 1);
  uint8_t *scratch = scratch_wave ? calloc(scratch_wave * maxw, 1) : NULL;
  sim_status rc = SIM_OK;
  if (!waves || !vregs || !sregs || !state || !stop || !jump || !wdw || !xw || !lds ||
      (scratch_wave && !scratch)) {
    rc = SIM_BAD_LAUNCH;
    strncpy(c->err, "out of memory for the functional executor", c->errlen);
    goto out;
  }
  sim_stats *st = c->st;
  sim_exec x;
  sim_exec_init(&x, c);
  sim_cu_stats cs = {0}; /* the launch's, as if on one CU */
  for (uint64_t g = 0; g < c->total_groups && rc == SIM_OK; g++) {
    uint64_t gid[3], lsz[3];
    sim_group_coords(c, g, gid, lsz);
    uint32_t nw = sim_group_waves(c, lsz);
    memset(lds, 0, c->lds_total);
    if (scratch) memset(scratch, 0, scratch_wave * nw);
    for (uint32_t i = 0; i < nw; i++) {
      sim_wave_setup(c, &waves[i], gid, lsz, i, vregs + vsz * i, sregs + (size_t)c->nsgprs * i, lds,
                     scratch ? scratch + scratch_wave * i : NULL,
                     SIM_SCRATCH_BASE + (uint64_t)i * scratch_wave);
      state[i] = 0;
      sim_wd_wave_start(&c->wd, &wdw[i]);
      jump[i] = ISA_NO_PC;
      xw[i] = (sim_xwave){&waves[i], &wdw[i], gid, lsz, 0, i};
    }
    SIM_EXEC_NOTIFY(&x, group, 0, gid, lsz);
    st->workgroups++;
    st->waves += nw;
    uint32_t ended = 0;
    while (ended < nw && rc == SIM_OK) {
      for (uint32_t i = 0; i < nw && rc == SIM_OK; i++) {
        if (state[i]) continue;
        isa_wave *w = &waves[i];
        for (;;) {
          uint32_t pc = w->pc;
          isa_status s = sim_exec_step(&x, &xw[i], &cs, &c->pc);
          if (s == ISA_FAULTED) { /* a fault or a runaway wave: the message is in c->err */
            rc = SIM_FAULT;
            break;
          }
          if (s == ISA_RUN) {
            if (w->pc != pc + 1) jump[i] = pc;
            continue;
          }
          stop[i] = pc;
          if (s == ISA_BARRIER)
            state[i] = 1;
          else
            state[i] = 2, ended++;
          break;
        }
      }
      /* everyone live is at the barrier (or ended): release, unless a wave
       * ended without reaching it */
      uint32_t bar = nw, end = nw;
      for (uint32_t i = 0; i < nw; i++) {
        if (state[i] == 1 && bar == nw) bar = i;
        if (state[i] == 2 && end == nw) end = i;
      }
      if (rc == SIM_OK && bar < nw && end < nw) {
        sim_barrier_return_message(c, gid, lsz, bar, 0, stop[bar], end, 0, stop[end], jump[end]);
        rc = SIM_FAULT;
      }
      int released = 0;
      for (uint32_t i = 0; i < nw; i++)
        if (state[i] == 1) state[i] = 0, released = 1;
      if (released) SIM_EXEC_NOTIFY(&x, barrier, 0);
    }
    sim_progress_tick(&c->prog, 1, 0);
  }
  sim_cu_stats_collect(&cs, st);
out:
  free(waves);
  free(vregs);
  free(sregs);
  free(state);
  free(stop);
  free(jump);
  for (uint32_t i = 0; wdw && i < maxw; i++) sim_wd_wave_fini(&wdw[i]);
  free(wdw);
  free(xw);
  free(lds);
  free(scratch);
  return rc;
}
