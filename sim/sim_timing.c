/* The timing executor: a dispatcher placing work-groups on compute units as
 * occupancy allows, SIMDs issuing one ready wave instruction per cycle with
 * a register scoreboard, unit occupancy, the memory hierarchy and barriers.
 * Instructions execute (isa_step) when they issue: timing decides when, never
 * what. Time advances from event to event (SIMD wake-ups in a heap), never
 * through idle cycles. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sim_internal.h"
#include "trace.h"

enum { W_FREE, W_ACTIVE, W_BARRIER, W_DONE };
enum { WAIT_ISSUE, WAIT_DEP, WAIT_MEM, WAIT_BARRIER };

#define SIM_SCC (ISA_MAX_SGPRS + 2) /* scoreboard slot of SCC after the SGPRs */

typedef struct sim_twave {
  isa_wave w;
  uint32_t *vregs, *sregs;
  uint64_t *vready;              /* per VGPR: cycle its pending write lands */
  uint8_t *vmem;                 /* per VGPR: that write comes from memory */
  uint64_t sready[SIM_SCC + 1];  /* SGPRs, then SCC */
  uint8_t smem[SIM_SCC + 1];
  uint64_t next_issue, mem_done, start, age;
  uint64_t reg_ready;            /* cached: earliest issue from registers and next_issue */
  uint32_t slot, wi, simd;
  uint32_t lane;                 /* timeline trace only: its lane on the SIMD */
  uint64_t bar_start;            /* timeline trace only: cycle it reached a barrier */
  uint8_t state, wait, reg_why, uses_valu;
} sim_twave;

typedef struct sim_tslot { /* a resident work-group's place on a CU */
  uint32_t cu, nwaves, live, arrived;
  int busy;
  uint64_t gid[3], lsz[3];
  uint64_t start; /* cycle the work-group was placed */
  uint8_t *lds, *scratch;
  sim_twave *waves;
} sim_tslot;

typedef struct sim_simd {
  sim_twave **waves; /* resident, oldest first */
  uint32_t n, rr;
  uint64_t wake, last_issue, valu_free;
} sim_simd;

typedef struct sim_hent {
  uint64_t t;
  uint32_t simd;
} sim_hent;

typedef struct sim_timing {
  sim_ctx *c;
  const cfg_device *cfg;
  sim_memsys *mem;
  uint32_t ncu, nsimd_cu, wpg;
  sim_tslot *slots; /* ncu * wgs_per_cu */
  uint32_t *cu_wgs; /* resident work-groups per CU */
  sim_simd *simds;  /* ncu * nsimd_cu */
  sim_twave **simd_store;
  sim_hent *heap;
  size_t nheap, capheap;
  uint64_t next_group, age, end, wave_cycles;
  uint32_t valu_passes;
  int faulted, oom;
  struct trace_writer *trace; /* the launch's timeline, or NULL (the common case) */
} sim_timing;

/* ---- event heap ordered by (time, simd) for determinism -------------------- */
static int sim_hless(const sim_hent *a, const sim_hent *b) {
  return a->t < b->t || (a->t == b->t && a->simd < b->simd);
}

static void sim_hpush(sim_timing *T, uint64_t t, uint32_t s) {
  if (T->nheap == T->capheap) {
    size_t cap = T->capheap ? T->capheap * 2 : 256;
    sim_hent *h = realloc(T->heap, cap * sizeof *h);
    if (!h) {
      T->oom = 1;
      return;
    }
    T->heap = h, T->capheap = cap;
  }
  size_t i = T->nheap++;
  T->heap[i] = (sim_hent){t, s};
  while (i && sim_hless(&T->heap[i], &T->heap[(i - 1) / 2])) {
    sim_hent x = T->heap[i];
    T->heap[i] = T->heap[(i - 1) / 2];
    T->heap[(i - 1) / 2] = x;
    i = (i - 1) / 2;
  }
}

static sim_hent sim_hpop(sim_timing *T) {
  sim_hent top = T->heap[0];
  T->heap[0] = T->heap[--T->nheap];
  size_t i = 0;
  for (;;) {
    size_t l = 2 * i + 1, r = l + 1, m = i;
    if (l < T->nheap && sim_hless(&T->heap[l], &T->heap[m])) m = l;
    if (r < T->nheap && sim_hless(&T->heap[r], &T->heap[m])) m = r;
    if (m == i) break;
    sim_hent x = T->heap[i];
    T->heap[i] = T->heap[m];
    T->heap[m] = x;
    i = m;
  }
  return top;
}

static void sim_wake(sim_timing *T, uint32_t s, uint64_t t) {
  if (t < T->simds[s].wake) {
    T->simds[s].wake = t;
    sim_hpush(T, t, s);
  }
}

static void sim_refresh_ready(const sim_timing *T, sim_twave *tw);

/* ---- dispatcher ------------------------------------------------------------- */
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

static void sim_slot_free(sim_timing *T, sim_tslot *sl) {
  for (uint32_t i = 0; sl->waves && i < T->wpg; i++) {
    free(sl->waves[i].vregs);
    free(sl->waves[i].sregs);
    free(sl->waves[i].vready);
    free(sl->waves[i].vmem);
  }
  free(sl->waves);
  free(sl->lds);
  free(sl->scratch);
}

/* Place the next pending work-group on `cu`, its waves able to issue at t. */
static void sim_place(sim_timing *T, uint32_t cu, uint64_t t) {
  sim_ctx *c = T->c;
  uint32_t per = c->occ.wgs_per_cu, k;
  for (k = 0; k < per && T->slots[cu * per + k].busy; k++) {}
  uint32_t si = cu * per + k;
  sim_tslot *sl = &T->slots[si];
  if (!sl->waves && sim_slot_alloc(T, sl) != 0) {
    T->oom = 1;
    return;
  }
  sim_group_coords(c, T->next_group++, sl->gid, sl->lsz);
  sl->nwaves = sl->live = sim_group_waves(c, sl->lsz);
  sl->arrived = 0;
  sl->busy = 1;
  sl->cu = cu;
  sl->start = t;
  T->cu_wgs[cu]++;
  c->st->workgroups++;
  c->st->waves += sl->nwaves;
  memset(sl->lds, 0, c->lds_total);
  size_t scratch_wave = (size_t)c->k->private_bytes * c->wave_size;
  if (sl->scratch) memset(sl->scratch, 0, scratch_wave * sl->nwaves);
  for (uint32_t i = 0; i < sl->nwaves; i++) {
    sim_twave *tw = &sl->waves[i];
    /* the SIMD of this CU with the fewest resident waves (lowest index on ties) */
    uint32_t best = cu * T->nsimd_cu;
    for (uint32_t s = best + 1; s < (cu + 1) * T->nsimd_cu; s++)
      if (T->simds[s].n < T->simds[best].n) best = s;
    uint64_t saddr = SIM_SCRATCH_BASE + ((uint64_t)si * T->wpg + i) * scratch_wave;
    sim_wave_setup(c, &tw->w, sl->gid, sl->lsz, i, tw->vregs, tw->sregs, sl->lds,
                   sl->scratch ? sl->scratch + scratch_wave * i : NULL, saddr);
    memset(tw->vready, 0, c->nvgprs * sizeof *tw->vready);
    memset(tw->vmem, 0, c->nvgprs);
    memset(tw->sready, 0, sizeof tw->sready);
    memset(tw->smem, 0, sizeof tw->smem);
    tw->next_issue = tw->start = t;
    tw->mem_done = 0;
    tw->age = T->age++;
    tw->slot = si;
    tw->wi = i;
    tw->simd = best;
    tw->state = W_ACTIVE;
    tw->wait = WAIT_ISSUE;
    if (T->trace) tw->lane = trace_wave_begin(T->trace, cu, best - cu * T->nsimd_cu, t);
    sim_refresh_ready(T, tw);
    sim_simd *sd = &T->simds[best];
    if (sd->n == 0) sd->last_issue = SIM_NEVER; /* an empty SIMD was idle, not stalled */
    sd->waves[sd->n++] = tw;
    sim_wake(T, best, t);
  }
}

static void sim_fill_cu(sim_timing *T, uint32_t cu, uint64_t t) {
  while (!T->oom && T->cu_wgs[cu] < T->c->occ.wgs_per_cu && T->next_group < T->c->total_groups)
    sim_place(T, cu, t);
}

/* ---- issue -------------------------------------------------------------------- */
static uint64_t sim_regs_ready(const sim_twave *tw, const isa_regref *r, uint64_t t, uint8_t *why) {
  for (uint32_t j = 0; j < r->count; j++) {
    uint32_t x = r->reg + j;
    uint64_t ready = r->file == ISA_RF_V ? tw->vready[x] : tw->sready[x];
    if (ready > t) t = ready, *why = (r->file == ISA_RF_V ? tw->vmem[x] : tw->smem[x]) ? WAIT_MEM : WAIT_DEP;
  }
  return t;
}

static int sim_uses_valu(uint8_t unit) {
  return unit == ISA_UNIT_VALU || unit == ISA_UNIT_VALU64 || unit == ISA_UNIT_IDIV ||
         unit == ISA_UNIT_TRANS || unit == ISA_UNIT_FP64;
}

/* Earliest cycle wave tw's next instruction has its operands (and its own
 * in-order issue slot), and why it waits; cached in the wave because it
 * changes only when this wave issues or leaves a barrier. */
static void sim_refresh_ready(const sim_timing *T, sim_twave *tw) {
  uint64_t t = tw->next_issue;
  uint8_t why = tw->wait;
  uint32_t pc = tw->w.pc;
  tw->uses_valu = 0;
  if (pc < T->c->k->ncode) { /* else isa_step reports the bad pc */
    const sim_decoded *d = &T->c->dec[pc];
    for (uint32_t i = 0; i < d->rs.nreads; i++) t = sim_regs_ready(tw, &d->rs.reads[i], t, &why);
    /* destinations too: a write must not overtake an older pending write */
    for (uint32_t i = 0; i < d->rs.nwrites; i++) t = sim_regs_ready(tw, &d->rs.writes[i], t, &why);
    if ((d->rs.reads_scc || d->rs.writes_scc) && tw->sready[SIM_SCC] > t)
      t = tw->sready[SIM_SCC], why = WAIT_DEP;
    tw->uses_valu = (uint8_t)sim_uses_valu(d->unit);
  }
  tw->reg_ready = t;
  tw->reg_why = why;
}

/* Earliest cycle wave tw can issue: operands, then the SIMD's VALU. */
static uint64_t sim_ready_time(const sim_timing *T, const sim_twave *tw, uint8_t *why) {
  uint64_t t = tw->reg_ready;
  *why = tw->reg_why;
  if (tw->uses_valu && T->simds[tw->simd].valu_free > t) t = T->simds[tw->simd].valu_free, *why = WAIT_ISSUE;
  return t;
}

static void sim_set_ready(sim_twave *tw, const isa_regset *rs, uint64_t t, uint8_t from_mem) {
  for (uint32_t i = 0; i < rs->nwrites; i++) {
    const isa_regref *r = &rs->writes[i];
    for (uint32_t j = 0; j < r->count; j++) {
      uint32_t x = r->reg + j;
      if (r->file == ISA_RF_V) tw->vready[x] = t, tw->vmem[x] = from_mem;
      else tw->sready[x] = t, tw->smem[x] = from_mem;
    }
  }
  if (rs->writes_scc) tw->sready[SIM_SCC] = t, tw->smem[SIM_SCC] = 0;
}

static void sim_release_barrier(sim_timing *T, sim_tslot *sl, uint64_t now) {
  for (uint32_t i = 0; i < sl->nwaves; i++) {
    sim_twave *tw = &sl->waves[i];
    if (tw->state != W_BARRIER) continue;
    tw->state = W_ACTIVE;
    if (tw->next_issue < now + 1) tw->next_issue = now + 1;
    tw->wait = WAIT_BARRIER;
    if (T->trace)
      trace_barrier(T->trace, sl->cu, tw->simd - sl->cu * T->nsimd_cu, tw->lane, tw->bar_start,
                    tw->next_issue);
    sim_refresh_ready(T, tw);
    sim_wake(T, tw->simd, tw->reg_ready);
  }
  sl->arrived = 0;
}

static void sim_wave_end(sim_timing *T, sim_twave *tw, uint64_t now) {
  sim_ctx *c = T->c;
  /* the wave retires once its last results and memory operations land */
  uint64_t done = now + 1;
  if (tw->mem_done > done) done = tw->mem_done;
  for (uint32_t r = 0; r < c->nvgprs; r++)
    if (tw->vready[r] > done) done = tw->vready[r];
  for (uint32_t r = 0; r <= SIM_SCC; r++)
    if (tw->sready[r] > done) done = tw->sready[r];
  tw->state = W_DONE;
  T->wave_cycles += done - tw->start;
  if (done > T->end) T->end = done;
  sim_simd *sd = &T->simds[tw->simd];
  uint32_t i = 0;
  while (sd->waves[i] != tw) i++;
  memmove(&sd->waves[i], &sd->waves[i + 1], (sd->n - i - 1) * sizeof sd->waves[0]);
  sd->n--;
  if (sd->rr > i) sd->rr--;
  sim_tslot *sl = &T->slots[tw->slot];
  if (tw->mem_done < done) tw->mem_done = done; /* reused below as the wave's end */
  uint32_t per = c->occ.wgs_per_cu;
  if (T->trace)
    trace_wave_end(T->trace, sl->cu, tw->simd - sl->cu * T->nsimd_cu, tw->lane, tw->start, done,
                   tw->slot - sl->cu * per, tw->wi, sl->gid);
  if (--sl->live == 0) {
    uint64_t wg_end = 0;
    for (uint32_t k = 0; k < sl->nwaves; k++)
      if (sl->waves[k].mem_done > wg_end) wg_end = sl->waves[k].mem_done;
    if (T->trace) trace_workgroup(T->trace, sl->cu, tw->slot - sl->cu * per, sl->start, wg_end, sl->gid);
    sl->busy = 0;
    T->cu_wgs[sl->cu]--;
    sim_fill_cu(T, sl->cu, wg_end);
  } else if (sl->arrived == sl->live) {
    sim_release_barrier(T, sl, now); /* ended waves no longer hold the barrier up */
  }
}

static void sim_issue(sim_timing *T, sim_twave *tw, uint64_t now, uint8_t why) {
  sim_ctx *c = T->c;
  const cfg_device *cfg = T->cfg;
  sim_stats *st = c->st;
  sim_simd *sd = &T->simds[tw->simd];
  uint32_t pc = tw->w.pc;
  if (sd->last_issue != SIM_NEVER && now > sd->last_issue + 1) {
    uint64_t gap = now - sd->last_issue - 1;
    uint64_t *cat[] = {&st->stall_issue, &st->stall_dependency, &st->stall_memory, &st->stall_barrier};
    *cat[why] += gap;
    if (pc < c->k->ncode) c->pc_stall[pc] += gap;
  }
  sd->last_issue = now;
  uint64_t exec = tw->w.exec;
  isa_status s = isa_step(&tw->w);
  if (s == ISA_FAULTED) {
    sim_tslot *sl = &T->slots[tw->slot];
    sim_fault_message(c, &tw->w, sl->gid, sl->lsz, tw->wi);
    T->faulted = 1;
    if (now > T->end) T->end = now;
    return;
  }
  const sim_decoded *d = &c->dec[pc];
  uint32_t cu = tw->simd / T->nsimd_cu;
  c->pc_insts[pc]++;
  st->inst[d->unit]++;
  st->thread_insts += (uint64_t)__builtin_popcountll(exec);
  st->divergent_branches += tw->w.diverged;
  tw->next_issue = now + 1;
  tw->wait = WAIT_ISSUE;
  const isa_access *a = &tw->w.access;
  uint32_t passes = T->valu_passes;
  switch (d->unit) {
  case ISA_UNIT_VALU:
  case ISA_UNIT_VALU64:
  case ISA_UNIT_IDIV:
  case ISA_UNIT_TRANS:
  case ISA_UNIT_FP64: {
    uint64_t lat = (uint64_t)cfg->lat_valu;
    if (d->unit == ISA_UNIT_FP64) passes *= (uint32_t)cfg->cu_fp64_passes, lat = (uint64_t)cfg->lat_fp64;
    if (d->unit == ISA_UNIT_VALU64) passes *= (uint32_t)cfg->cu_valu64_passes, lat = (uint64_t)cfg->lat_valu64;
    if (d->unit == ISA_UNIT_IDIV) passes *= (uint32_t)cfg->cu_idiv_passes, lat = (uint64_t)cfg->lat_idiv;
    if (d->unit == ISA_UNIT_TRANS)
      passes = (uint32_t)(cfg->wave_size / cfg->cu_trans_width), lat = (uint64_t)cfg->lat_trans;
    sd->valu_free = now + passes;
    sim_set_ready(tw, &d->rs, now + passes - 1 + lat, 0);
    break;
  }
  case ISA_UNIT_SALU: sim_set_ready(tw, &d->rs, now + (uint64_t)cfg->lat_salu, 0); break;
  case ISA_UNIT_SMEM: sim_set_ready(tw, &d->rs, sim_mem_scalar(T->mem, cu, now, a, st), 1); break;
  case ISA_UNIT_VMEM:
  case ISA_UNIT_SCRATCH: {
    uint32_t nreq = 0;
    uint64_t done = a->mask ? sim_mem_vector(T->mem, cu, now, a, st, &nreq) : now + 1;
    c->pc_mem_req[pc] += nreq;
    uint64_t bytes = (uint64_t)__builtin_popcountll(a->mask) * a->size;
    if (a->space == ISA_SPACE_GLOBAL) {
      if (a->kind & ISA_F_LOAD) st->global_load_bytes += bytes;
      else st->global_store_bytes += bytes;
    }
    if (a->kind & ISA_F_STORE) {
      if (done > tw->mem_done) tw->mem_done = done;
    } else {
      sim_set_ready(tw, &d->rs, done, 1);
    }
    break;
  }
  case ISA_UNIT_LDS: {
    uint32_t ideal = 0, p = sim_lds_passes(a, (uint32_t)cfg->lds_banks, (uint32_t)cfg->lds_bank_width,
                                           cfg->lds_broadcast, &ideal);
    if (p == 0) p = 1;
    uint64_t *free_at = &T->mem->lds_free[cu];
    uint64_t start = now > *free_at ? now : *free_at;
    *free_at = start + p;
    uint64_t done = start + p - 1 + (uint64_t)cfg->lds_latency;
    st->lds_accesses++;
    if (p > ideal) {
      st->lds_bank_conflict_cycles += p - ideal;
      c->pc_lds_conflict[pc] += p - ideal;
    }
    if (a->kind & ISA_F_STORE) {
      if (done > tw->mem_done) tw->mem_done = done;
    } else {
      sim_set_ready(tw, &d->rs, done, 1);
    }
    break;
  }
  case ISA_UNIT_BRANCH:
    if (s == ISA_RUN && tw->w.pc != pc + 1) tw->next_issue = now + (uint64_t)cfg->lat_branch;
    break;
  default: break;
  }
  sim_refresh_ready(T, tw);
  if (s == ISA_END) {
    sim_wave_end(T, tw, now);
  } else if (s == ISA_BARRIER) {
    sim_tslot *sl = &T->slots[tw->slot];
    tw->state = W_BARRIER;
    tw->bar_start = now;
    if (++sl->arrived == sl->live) sim_release_barrier(T, sl, now);
  }
}

/* One SIMD at cycle `now`: issue from one ready wave; returns when to look again. */
static uint64_t sim_simd_step(sim_timing *T, uint32_t s, uint64_t now) {
  sim_simd *sd = &T->simds[s];
  if (sd->n == 0) return SIM_NEVER;
  if (sd->last_issue != SIM_NEVER && now <= sd->last_issue) return sd->last_issue + 1;
  uint64_t earliest = SIM_NEVER;
  int rr = T->cfg->cu_scheduler && strcmp(T->cfg->cu_scheduler, "round_robin") == 0;
  for (uint32_t k = 0; k < sd->n; k++) {
    uint32_t i = rr ? (sd->rr + k) % sd->n : k;
    sim_twave *tw = sd->waves[i];
    if (tw->state != W_ACTIVE) continue;
    uint8_t why;
    uint64_t t = sim_ready_time(T, tw, &why);
    if (t <= now) {
      sd->rr = i + 1;
      sim_issue(T, tw, now, why);
      return now + 1;
    }
    if (t < earliest) earliest = t;
  }
  return earliest;
}

sim_status sim_run_timing(sim_ctx *c) {
  sim_timing T = {0};
  T.c = c;
  T.cfg = &c->d->cfg;
  T.mem = &c->d->mem;
  T.ncu = (uint32_t)T.cfg->cu_count;
  T.nsimd_cu = (uint32_t)T.cfg->cu_simds;
  T.wpg = c->occ.waves_per_wg;
  T.valu_passes = (uint32_t)(T.cfg->wave_size / T.cfg->cu_simd_width);
  T.trace = c->l->trace;
  uint32_t nsimd = T.ncu * T.nsimd_cu, wps = c->occ.waves_per_simd;
  T.slots = calloc((size_t)T.ncu * c->occ.wgs_per_cu, sizeof *T.slots);
  T.cu_wgs = calloc(T.ncu, sizeof *T.cu_wgs);
  T.simds = calloc(nsimd, sizeof *T.simds);
  /* a SIMD never holds more than wps waves; one work-group may put up to
   * wpg waves on one SIMD when the CU has fewer SIMDs than waves */
  uint32_t cap = wps > T.wpg ? wps : T.wpg;
  cap = cap * 2 + 1;
  T.simd_store = calloc((size_t)nsimd * cap, sizeof *T.simd_store);
  sim_status rc = SIM_OK;
  if (!T.slots || !T.cu_wgs || !T.simds || !T.simd_store) {
    T.oom = 1;
    goto out;
  }
  for (uint32_t s = 0; s < nsimd; s++) {
    T.simds[s].waves = T.simd_store + (size_t)s * cap;
    T.simds[s].wake = SIM_NEVER;
    T.simds[s].last_issue = SIM_NEVER;
  }
  sim_memsys_reset_queues(T.mem);
  /* breadth first: one work-group per CU per round, like a hardware dispatcher */
  for (uint32_t round = 0; round < c->occ.wgs_per_cu && !T.oom; round++)
    for (uint32_t cu = 0; cu < T.ncu && T.next_group < c->total_groups && !T.oom; cu++)
      sim_place(&T, cu, 0);
  while (T.nheap && !T.faulted && !T.oom) {
    sim_hent e = sim_hpop(&T);
    sim_simd *sd = &T.simds[e.simd];
    if (sd->wake != e.t) continue; /* superseded by an earlier wake-up */
    sd->wake = SIM_NEVER;
    uint64_t next = sim_simd_step(&T, e.simd, e.t);
    if (next != SIM_NEVER) sim_wake(&T, e.simd, next);
  }
out:
  if (T.oom) {
    snprintf(c->err, c->errlen, "kernel '%s': out of memory in the timing model", c->k->name);
    rc = SIM_BAD_LAUNCH;
  } else if (T.faulted) {
    rc = SIM_FAULT;
  } else if (T.next_group < c->total_groups) {
    snprintf(c->err, c->errlen, "kernel '%s': timing model stalled with work-groups left (a bug)",
             c->k->name);
    rc = SIM_FAULT;
  }
  c->st->cycles = T.end + (uint64_t)T.cfg->launch_overhead;
  uint64_t slots = (uint64_t)nsimd * (uint64_t)T.cfg->cu_wave_slots;
  if (T.end && slots) c->st->achieved_occupancy = (double)T.wave_cycles / ((double)slots * (double)T.end);
  for (size_t i = 0; T.slots && i < (size_t)T.ncu * c->occ.wgs_per_cu; i++) sim_slot_free(&T, &T.slots[i]);
  free(T.slots);
  free(T.cu_wgs);
  free(T.simds);
  free(T.simd_store);
  free(T.heap);
  return rc;
}
