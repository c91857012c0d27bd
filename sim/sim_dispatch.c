/* The dispatcher of the timing model: places work-groups on compute units as
 * occupancy allows, by dispatch.policy (round_robin: breadth first, like
 * hardware; fill: depth first), one at a time at dispatch.wg_latency cycles
 * each, and spreads a group's waves over the CU's SIMDs (each CU owns its
 * work-group slots, sim_cu.h). Slots free through events in the timing
 * model's heap, and a busy dispatcher wakes through an event of its own, so
 * groups are placed, and their waves start, in time order: a wave never
 * claims a CU's shared ports (instruction fetch) ahead of waves already
 * running there. */
#include <stdlib.h>
#include <string.h>

#include "sim_sample.h"
#include "sim_timing.h"

void sim_dispatch_init(sim_timing *T) {
  uint32_t per = T->c->occ.wgs_per_cu;
  T->fill = T->cfg->dispatch_policy == CFG_DISPATCH_POLICY_FILL;
  T->dispatch_lat_q = (uint64_t)(T->cfg->dispatch_wg_latency * SIM_DISPATCH_Q + 0.5);
  T->dispatch_free_q = 0;
  T->dispatch_wake = SIM_NEVER;
  T->dispatch_id = T->nsimd + T->ncu * per;
}

/* Place the next pending work-group on `cu`, its launch starting at s (in
 * 1/SIM_DISPATCH_Q cycles). */
static void sim_place(sim_timing *T, uint32_t cu, uint64_t start_q) {
  sim_ctx *c = T->c;
  sim_cu *u = &T->cus[cu];
  uint32_t k;
  for (k = 0; k < u->nslots && u->slots[k].busy; k++) {
  }
  sim_tslot *sl = &u->slots[k];
  uint32_t si = sl->id;
  if (!sl->waves && sim_cu_slot_alloc(c, sl, T->wpg) != 0) {
    T->oom = 1;
    return;
  }
  /* the dispatcher launches one group at a time; the slot is taken from
   * the launch's start, the waves start in the cycle the launch ends */
  T->dispatch_free_q = start_q + T->dispatch_lat_q;
  uint64_t t = (T->dispatch_free_q + SIM_DISPATCH_Q - 1) / SIM_DISPATCH_Q;
  /* sampled timing: a skipped block runs functionally here, in no time */
  if (T->sample && sim_sample_place(T->sample, &T->next_group, t) != SIM_OK) {
    T->faulted = 1;
    return;
  }
  sim_group_coords(c, T->next_group++, sl->gid, sl->lsz);
  sl->nwaves = sl->live = sim_group_waves(c, sl->lsz);
  sl->arrived = 0;
  sl->bar_last = 0;
  sl->busy = 1;
  sl->start = t;
  u->wgs++;
  c->st->workgroups++;
  c->st->waves += sl->nwaves;
  memset(sl->lds, 0, c->lds_total);
  size_t scratch_wave = (size_t)c->k->private_bytes * c->wave_size;
  if (sl->scratch) memset(sl->scratch, 0, scratch_wave * sl->nwaves);
  SIM_EXEC_NOTIFY(&T->x, group, si, sl->gid, sl->lsz);
  for (uint32_t i = 0; i < sl->nwaves; i++) {
    sim_twave *tw = &sl->waves[i];
    /* the SIMD of this CU with the fewest resident waves (lowest index on ties) */
    uint32_t best = 0;
    for (uint32_t s = 1; s < u->nsimd; s++)
      if (u->simds[s].n < u->simds[best].n) best = s;
    uint64_t saddr = SIM_SCRATCH_BASE + ((uint64_t)si * T->wpg + i) * scratch_wave;
    sim_wave_setup(c, &tw->w, sl->gid, sl->lsz, i, tw->vregs, tw->sregs, sl->lds,
                   sl->scratch ? sl->scratch + scratch_wave * i : NULL, saddr);
    tw->w.tex = u->tex; /* the CU's texel record, not the launch's */
    tw->sl = sl;
    tw->x = (sim_xwave){&tw->w, &tw->wd, sl->gid, sl->lsz, si, i};
    sim_wave_join(T, tw, cu * T->nsimd_cu + best, t);
  }
}

void sim_dispatch(sim_timing *T, uint64_t t) {
  uint32_t per = T->c->occ.wgs_per_cu;
  if (T->dispatch_wake == t) T->dispatch_wake = SIM_NEVER; /* this is its event */
  while (!T->oom && T->next_group < T->c->total_groups) {
    uint32_t cu = UINT32_MAX;
    for (uint32_t k = 0; k < T->ncu && cu == UINT32_MAX; k++) {
      uint32_t x = T->fill ? k : (T->next_cu + k) % T->ncu;
      if (T->cus[x].wgs < per) cu = x;
    }
    if (cu == UINT32_MAX) return; /* every CU is full: a slot freeing calls again */
    uint64_t s = t * SIM_DISPATCH_Q;
    if (s < T->dispatch_free_q) s = T->dispatch_free_q;
    if (s >= (t + 1) * SIM_DISPATCH_Q) { /* still launching the previous group */
      if (T->dispatch_wake == SIM_NEVER) {
        T->dispatch_wake = s / SIM_DISPATCH_Q;
        sim_event_push(T, T->dispatch_wake, T->dispatch_id);
      }
      return;
    }
    sim_place(T, cu, s);
    T->next_cu = cu + 1 < T->ncu ? cu + 1 : 0;
  }
}

void sim_dispatch_slot_free(sim_timing *T, uint32_t si, uint64_t t) {
  sim_tslot *sl = sim_slot_at(T, si);
  sl->busy = 0;
  T->cus[sl->cu].wgs--;
  sim_dispatch(T, t);
}
