/* The dispatcher of the timing model: places work-groups on compute units as
 * occupancy allows, by dispatch.policy (round_robin: breadth first, like
 * hardware; fill: depth first), one at a time at dispatch.wg_latency cycles
 * each, spreads a group's waves over the CU's SIMDs, and owns the storage of
 * the resident work-group slots. Slots free through events in the timing
 * model's heap, and a busy dispatcher wakes through an event of its own, so
 * groups are placed, and their waves start, in time order: a wave never
 * claims a CU's shared ports (instruction fetch) ahead of waves already
 * running there. */
#include <stdlib.h>
#include <string.h>

#include "sim_cu.h"

int sim_dispatch_init(sim_timing *T) {
  uint32_t per = T->c->occ.wgs_per_cu;
  T->slots = calloc((size_t)T->ncu * per, sizeof *T->slots);
  T->cu_wgs = calloc(T->ncu, sizeof *T->cu_wgs);
  T->fill = T->cfg->dispatch_policy == CFG_DISPATCH_POLICY_FILL;
  T->dispatch_lat_q = (uint64_t)(T->cfg->dispatch_wg_latency * SIM_DISPATCH_Q + 0.5);
  T->dispatch_free_q = 0;
  T->dispatch_wake = SIM_NEVER;
  T->dispatch_id = T->nsimd + T->ncu * per;
  return T->slots && T->cu_wgs ? 0 : -1;
}

static int sim_slot_alloc(sim_timing *T, sim_tslot *sl) {
  sim_ctx *c = T->c;
  uint32_t n = c->wave_size, w = T->wpg;
  size_t scratch_wave = (size_t)c->k->private_bytes * n;
  sl->waves = calloc(w, sizeof *sl->waves);
  sl->lds = calloc(c->lds_total ? c->lds_total : 1, 1);
  sl->scratch = scratch_wave ? calloc(scratch_wave * w, 1) : NULL;
  if (!sl->waves || !sl->lds || (scratch_wave && !sl->scratch)) return -1;
  for (uint32_t i = 0; i < w; i++) {
    sim_twave *tw = &sl->waves[i];
    tw->vregs = calloc((size_t)c->nvgprs * n, sizeof *tw->vregs);
    tw->sregs = calloc(c->nsgprs, sizeof *tw->sregs);
    tw->vready = calloc(c->nvgprs, sizeof *tw->vready);
    tw->vmem = calloc(c->nvgprs, 1);
    if (!tw->vregs || !tw->sregs || !tw->vready || !tw->vmem) return -1;
  }
  return 0;
}

static void sim_slot_release(sim_timing *T, sim_tslot *sl) {
  for (uint32_t i = 0; sl->waves && i < T->wpg; i++) {
    free(sl->waves[i].vregs);
    free(sl->waves[i].sregs);
    free(sl->waves[i].vready);
    free(sl->waves[i].vmem);
    sim_wd_wave_fini(&sl->waves[i].wd);
  }
  free(sl->waves);
  free(sl->lds);
  free(sl->scratch);
}

void sim_dispatch_fini(sim_timing *T) {
  for (size_t i = 0; T->slots && i < (size_t)T->ncu * T->c->occ.wgs_per_cu; i++)
    sim_slot_release(T, &T->slots[i]);
  free(T->slots);
  free(T->cu_wgs);
}

/* Place the next pending work-group on `cu`, its launch starting at s (in
 * 1/SIM_DISPATCH_Q cycles). */
static void sim_place(sim_timing *T, uint32_t cu, uint64_t start_q) {
  sim_ctx *c = T->c;
  uint32_t per = c->occ.wgs_per_cu, k;
  for (k = 0; k < per && T->slots[cu * per + k].busy; k++) {
  }
  uint32_t si = cu * per + k;
  sim_tslot *sl = &T->slots[si];
  if (!sl->waves && sim_slot_alloc(T, sl) != 0) {
    T->oom = 1;
    return;
  }
  /* the dispatcher launches one group at a time; the slot is taken from
   * the launch's start, the waves start in the cycle the launch ends */
  T->dispatch_free_q = start_q + T->dispatch_lat_q;
  uint64_t t = (T->dispatch_free_q + SIM_DISPATCH_Q - 1) / SIM_DISPATCH_Q;
  sim_group_coords(c, T->next_group++, sl->gid, sl->lsz);
  sl->nwaves = sl->live = sim_group_waves(c, sl->lsz);
  sl->arrived = 0;
  sl->bar_last = 0;
  sl->busy = 1;
  sl->cu = cu;
  sl->start = t;
  T->cu_wgs[cu]++;
  c->st->workgroups++;
  c->st->waves += sl->nwaves;
  memset(sl->lds, 0, c->lds_total);
  size_t scratch_wave = (size_t)c->k->private_bytes * c->wave_size;
  if (sl->scratch) memset(sl->scratch, 0, scratch_wave * sl->nwaves);
  if (c->chk) sim_check_group(c->chk, si, sl->gid, sl->lsz);
  for (uint32_t i = 0; i < sl->nwaves; i++) {
    sim_twave *tw = &sl->waves[i];
    /* the SIMD of this CU with the fewest resident waves (lowest index on ties) */
    uint32_t best = cu * T->nsimd_cu;
    for (uint32_t s = best + 1; s < (cu + 1) * T->nsimd_cu; s++)
      if (T->simds[s].n < T->simds[best].n) best = s;
    uint64_t saddr = SIM_SCRATCH_BASE + ((uint64_t)si * T->wpg + i) * scratch_wave;
    sim_wave_setup(c, &tw->w, sl->gid, sl->lsz, i, tw->vregs, tw->sregs, sl->lds,
                   sl->scratch ? sl->scratch + scratch_wave * i : NULL, saddr);
    tw->slot = si;
    tw->wi = i;
    sim_wave_join(T, tw, best, t);
  }
}

void sim_dispatch(sim_timing *T, uint64_t t) {
  uint32_t per = T->c->occ.wgs_per_cu;
  if (T->dispatch_wake == t) T->dispatch_wake = SIM_NEVER; /* this is its event */
  while (!T->oom && T->next_group < T->c->total_groups) {
    uint32_t cu = UINT32_MAX;
    for (uint32_t k = 0; k < T->ncu && cu == UINT32_MAX; k++) {
      uint32_t x = T->fill ? k : (T->next_cu + k) % T->ncu;
      if (T->cu_wgs[x] < per) cu = x;
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
  sim_tslot *sl = &T->slots[si];
  sl->busy = 0;
  T->cu_wgs[sl->cu]--;
  sim_dispatch(T, t);
}
