/* The timing executor's issue loop: SIMDs issuing ready wave instructions
 * through per-class issue ports with a register scoreboard, the wave
 * schedulers (oldest, round robin, greedy-then-oldest), divergence costs,
 * barriers and wave retirement. Instructions execute (sim_exec_step, the
 * core functional mode shares) when they issue: timing decides when, never
 * what. Time advances from event to event
 * (SIMD wake-ups and work-group slots freeing, in one heap), never through
 * idle cycles. Each CU's state and counters are its own (sim_cu.h);
 * instruction fetch is in sim_fetch.c, the dispatcher in sim_dispatch.c. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sim_pool.h"
#include "sim_sample.h"
#include "sim_timing.h"

/* ---- events ------------------------------------------------------------------- */
/* A SIMD keeps at most one live heap entry: its earliest wake-up. */
static void sim_wake(sim_cu *cu, sim_simd *sd, uint32_t s, uint64_t t) {
  if (t < sd->wake) {
    sd->wake = t;
    sim_cu_push(cu, t, s);
  }
}

/* The CU stops at its first fault (its message is in cu->err): the
 * boundary reports the launch's earliest. */
static void sim_cu_fault(sim_cu *cu, uint64_t now) {
  if (!cu->faulted) cu->faulted = 1, cu->fault_t = now;
}

/* ---- readiness ---------------------------------------------------------------- */
static uint64_t sim_regs_ready(const sim_twave *tw, const isa_regref *r, uint64_t t, uint8_t *why) {
  for (uint32_t j = 0; j < r->count; j++) {
    uint32_t x = r->reg + j;
    uint64_t ready = r->file == ISA_RF_V ? tw->vready[x] : tw->sready[x];
    if (ready > t)
      t = ready, *why = (r->file == ISA_RF_V ? tw->vmem[x] : tw->smem[x]) ? WAIT_MEM : WAIT_DEP;
  }
  return t;
}

/* Earliest cycle wave tw's next instruction has its operands, is in the
 * instruction buffer and has its own in-order issue slot, and why it waits;
 * cached in the wave because it changes only when this wave issues or
 * leaves a barrier. */
static void sim_refresh_ready(const sim_timing *T, sim_twave *tw) {
  uint64_t t = tw->next_issue;
  uint8_t why = tw->wait;
  uint32_t pc = tw->w.pc;
  tw->port = SIM_PORT_BRANCH;
  if (pc < T->c->k->ncode) { /* else isa_step reports the bad pc */
    const sim_decoded *d = &T->c->dec[pc];
    for (uint32_t i = 0; i < d->rs.nreads; i++) t = sim_regs_ready(tw, &d->rs.reads[i], t, &why);
    /* destinations too: a write must not overtake an older pending write */
    for (uint32_t i = 0; i < d->rs.nwrites; i++) t = sim_regs_ready(tw, &d->rs.writes[i], t, &why);
    if ((d->rs.reads_scc || d->rs.writes_scc) && tw->sready[SIM_SCC] > t)
      t = tw->sready[SIM_SCC], why = WAIT_DEP;
    uint64_t f = sim_fetch_ready(T, tw);
    if (f > t) t = f, why = WAIT_FETCH;
    tw->port = T->unit_port[d->unit];
  }
  tw->reg_ready = t;
  tw->reg_why = why;
}

/* Copy tw's readiness into its SIMD's scan arrays (after a refresh or a
 * state change). */
static inline void sim_sched_sync(const sim_twave *tw) {
  sim_simd *sd = tw->sd;
  sd->rdy[tw->sidx] = tw->state == W_ACTIVE ? tw->reg_ready : SIM_NEVER;
  sd->rport[tw->sidx] = tw->port;
}

static void sim_set_ready(sim_twave *tw, const isa_regset *rs, uint64_t t, uint8_t from_mem) {
  for (uint32_t i = 0; i < rs->nwrites; i++) {
    const isa_regref *r = &rs->writes[i];
    for (uint32_t j = 0; j < r->count; j++) {
      uint32_t x = r->reg + j;
      if (r->file == ISA_RF_V)
        tw->vready[x] = t, tw->vmem[x] = from_mem;
      else
        tw->sready[x] = t, tw->smem[x] = from_mem;
    }
  }
  if (rs->writes_scc) tw->sready[SIM_SCC] = t, tw->smem[SIM_SCC] = 0;
}

/* ---- waves joining and leaving ------------------------------------------------- */
void sim_wave_join(sim_timing *T, sim_cu *cu, sim_twave *tw, uint32_t simd, uint64_t t) {
  sim_ctx *c = T->c;
  memset(tw->vready, 0, c->nvgprs * sizeof *tw->vready);
  memset(tw->vmem, 0, c->nvgprs);
  memset(tw->sready, 0, sizeof tw->sready);
  memset(tw->smem, 0, sizeof tw->smem);
  tw->next_issue = tw->start = t;
  tw->mem_done = tw->mem_all = 0;
  tw->npending = 0;
  tw->waitmem = 0;
  tw->simd = simd;
  tw->cu = cu;
  tw->sd = &cu->simds[simd];
  tw->state = W_ACTIVE;
  tw->wait = WAIT_ISSUE;
  sim_wd_wave_start(&c->wd, &tw->wd);
  tw->jump_pc = ISA_NO_PC;
  tw->lane = sim_exec_wave_begin(&cu->x, cu->id, simd, t);
  sim_fetch_start(T, tw, t);
  sim_refresh_ready(T, tw);
  sim_simd *sd = tw->sd;
  if (sd->n == 0) sd->last_issue = SIM_NEVER; /* an empty SIMD was idle, not stalled */
  tw->sidx = sd->n;
  sd->waves[sd->n++] = tw;
  sim_sched_sync(tw);
  sim_wake(cu, sd, simd, t);
}

/* The work-group's waves leave the barrier: latency.barrier after the CU's
 * barrier unit took the last arrival (and after now, when the last wave to
 * be waited for ended instead of arriving). */
static void sim_release_barrier(sim_timing *T, sim_tslot *sl, uint64_t now) {
  uint64_t go = (sl->bar_last > now ? sl->bar_last : now) + (uint64_t)T->cfg->lat_barrier;
  sl->bar_last = 0;
  sim_cu *cu = sl->waves[0].cu;
  SIM_EXEC_NOTIFY(&cu->x, barrier, sl->id);
  for (uint32_t i = 0; i < sl->nwaves; i++) {
    sim_twave *tw = &sl->waves[i];
    if (tw->state != W_BARRIER) continue;
    tw->state = W_ACTIVE;
    if (tw->next_issue < go) tw->next_issue = go;
    tw->wait = WAIT_BARRIER;
    SIM_EXEC_NOTIFY(&cu->x, wave_barrier, sl->cu, tw->simd, tw->lane, tw->bar_start,
                    tw->next_issue);
    sim_refresh_ready(T, tw);
    sim_sched_sync(tw);
    sim_wake(cu, tw->sd, tw->simd, tw->reg_ready);
  }
  sl->arrived = 0;
}

/* A wave of the work-group waits at a barrier that another, ended, never
 * reached: a fault naming the first of each (sim_barrier_return_message). */
static void sim_barrier_misuse(sim_timing *T, sim_cu *cu, const sim_tslot *sl, uint64_t now) {
  uint32_t bar = sl->nwaves, end = sl->nwaves;
  for (uint32_t i = 0; i < sl->nwaves; i++) {
    if (sl->waves[i].state == W_BARRIER && bar == sl->nwaves) bar = i;
    if (sl->waves[i].state == W_DONE && end == sl->nwaves) end = i;
  }
  (void)T;
  sim_barrier_return_message(&cu->cx, sl->gid, sl->lsz, bar, 0, sl->waves[bar].stop_pc, end, 0,
                             sl->waves[end].stop_pc, sl->waves[end].jump_pc);
  sim_cu_fault(cu, now);
}

/* Wave tw, ended at tw->end_at, has every memory operation resolved: it
 * retires once its last results and memory operations land, and its
 * work-group's slot frees with the group's last wave. */
static void sim_wave_retire(sim_timing *T, sim_twave *tw) {
  sim_ctx *c = T->c;
  uint64_t done = tw->end_at + 1;
  if (tw->mem_done > done) done = tw->mem_done;
  for (uint32_t r = 0; r < c->nvgprs; r++)
    if (tw->vready[r] > done) done = tw->vready[r];
  for (uint32_t r = 0; r <= SIM_SCC; r++)
    if (tw->sready[r] > done) done = tw->sready[r];
  sim_cu *cu = tw->cu;
  cu->wave_cycles += done - tw->start;
  if (done > cu->end) cu->end = done;
  sim_tslot *sl = tw->sl;
  if (tw->mem_done < done) tw->mem_done = done; /* reused below as the wave's end */
  uint32_t per = c->occ.wgs_per_cu;
  SIM_EXEC_NOTIFY(&cu->x, wave_end, sl->cu, tw->simd, tw->lane, tw->start, done,
                  tw->x.slot - sl->cu * per, tw->x.wi, sl->gid);
  if (sl->live) return;
  for (uint32_t k = 0; k < sl->nwaves; k++)
    if (sl->waves[k].npending) return; /* that wave retires last */
  uint64_t wg_end = 0;
  for (uint32_t k = 0; k < sl->nwaves; k++)
    if (sl->waves[k].mem_done > wg_end) wg_end = sl->waves[k].mem_done;
  SIM_EXEC_NOTIFY(&cu->x, workgroup, sl->cu, sl->id - sl->cu * per, sl->start, wg_end, sl->gid);
  /* the slot's resources free when its last stores land, an event of its
   * CU's own so that the CU places its next group in time order */
  sim_cu_push(cu, wg_end, cu->nsimd + (sl->id - sl->cu * per));
}

/* Wave tw ended at now: it leaves its SIMD, and retires now or, with
 * memory operations still waiting for the L2's answers, when they resolve. */
static void sim_wave_end(sim_timing *T, sim_twave *tw, uint64_t now) {
  tw->state = W_DONE;
  tw->end_at = now;
  sim_simd *sd = tw->sd;
  uint32_t i = tw->sidx, rest = sd->n - i - 1;
  memmove(&sd->waves[i], &sd->waves[i + 1], rest * sizeof sd->waves[0]);
  memmove(&sd->rdy[i], &sd->rdy[i + 1], rest * sizeof sd->rdy[0]);
  memmove(&sd->rport[i], &sd->rport[i + 1], rest * sizeof sd->rport[0]);
  sd->n--;
  for (uint32_t k = i; k < sd->n; k++) sd->waves[k]->sidx = k;
  if (sd->rr > i) sd->rr--;
  if (sd->greedy == tw) sd->greedy = NULL;
  sim_tslot *sl = tw->sl;
  if (--sl->live && sl->arrived)
    sim_barrier_misuse(T, tw->cu, sl, now); /* others wait at a barrier this wave never reached */
  if (!tw->npending) sim_wave_retire(T, tw);
}

/* ---- memory operations waiting for the L2 (sim_msg.h) ---------------------------- */
enum { SIM_OP_LOAD, SIM_OP_STORE }; /* what the answer completes: registers, or mem_done */

static void sim_op_begin(sim_twave *tw) {
  sim_msgbox_op_begin(&tw->cu->mem->box);
}

/* The memory instruction at pc has its CU-side completion `done`; returns
 * 1 when it waits for the merge (its results are not ready until then). */
static int sim_op_end(sim_twave *tw, uint32_t pc, uint32_t kind, uint64_t done) {
  if (sim_msgbox_op_end(&tw->cu->mem->box, tw, pc, kind, done) == SIM_MSG_NONE) return 0;
  tw->npending++;
  return 1;
}

/* The merge answered operation op's last request (applied by its CU, ctx,
 * at the start of the next quantum: sim_cu_quantum): its real completion
 * is the provisional one moved by its latest answer's lateness. The
 * wave's results land then; it can issue again from the boundary (qstart)
 * at the earliest (nothing ran past it before the merge). */
static void sim_op_resolved(void *ctx, const sim_msg_op *op) {
  sim_cu *cu = ctx;
  sim_timing *T = cu->T;
  const uint64_t qend = T->qstart; /* the boundary that answered it */
  if (op->kind == SIM_MSG_END) {   /* the CU's launch-end drain */
    if (op->rmax > cu->end) cu->end = op->rmax;
    return;
  }
  sim_twave *tw = op->owner;
  uint64_t real = op->prov + op->delta;
  if (real < qend) cu->late_answers++;
  if (op->kind == SIM_OP_LOAD)
    sim_set_ready(tw, &T->c->dec[op->pc].rs, real, 1);
  else if (real > tw->mem_done)
    tw->mem_done = real;
  if (real > tw->mem_all) tw->mem_all = real;
  tw->npending--;
  if (tw->state == W_DONE) {
    if (!tw->npending) sim_wave_retire(T, tw);
    return;
  }
  if (!tw->npending && tw->waitmem) { /* its s_waitmem can go now */
    tw->waitmem = 0;
    tw->next_issue = tw->mem_all > qend ? tw->mem_all : qend;
  }
  sim_refresh_ready(T, tw);
  sim_sched_sync(tw);
  if (tw->state == W_ACTIVE)
    sim_wake(tw->cu, tw->sd, tw->simd, tw->reg_ready > qend ? tw->reg_ready : qend);
}

/* ---- issue -------------------------------------------------------------------- */
static void sim_issue(sim_timing *T, sim_twave *tw, uint64_t now, uint8_t why) {
  sim_ctx *c = T->c;
  const cfg_device *cfg = T->cfg;
  sim_cu_stats *st = &tw->cu->stats;
  sim_pc_counts *pcs = tw->cu->pc;
  sim_simd *sd = tw->sd;
  uint32_t pc = tw->w.pc;
  if (sd->last_issue != SIM_NEVER && now > sd->last_issue + 1) {
    uint64_t gap = now - sd->last_issue - 1;
    uint64_t *cat[] = {&st->stall_issue, &st->stall_dependency, &st->stall_memory,
                       &st->stall_barrier, &st->stall_fetch};
    *cat[why] += gap;
    if (pc < c->k->ncode) pcs->stall[pc] += gap;
  }
  sd->last_issue = now;
  uint32_t sp = tw->w.sp;
  isa_status s = sim_exec_step(&tw->cu->x, &tw->x, st, pcs);
  if (s == ISA_FAULTED) { /* a fault or a runaway wave: the message is in its CU's err */
    sim_cu_fault(tw->cu, now);
    return;
  }
  const sim_decoded *d = &c->dec[pc];
  tw->next_issue = now + 1;
  tw->wait = WAIT_ISSUE;
  uint64_t busy = T->unit_busy[d->unit];
  *sd->port[T->unit_port[d->unit]] = now + busy + d->extra_issue * busy;
  const isa_access *a = &tw->w.access;
  switch (d->unit) {
  case ISA_UNIT_VALU:
    sim_set_ready(tw, &d->rs, now + busy - 1 + (uint64_t)cfg->lat_valu, 0);
    break;
  case ISA_UNIT_VALU64:
    sim_set_ready(tw, &d->rs, now + busy - 1 + (uint64_t)cfg->lat_valu64, 0);
    break;
  case ISA_UNIT_IDIV:
    sim_set_ready(tw, &d->rs, now + busy - 1 + (uint64_t)cfg->lat_idiv, 0);
    break;
  case ISA_UNIT_TRANS:
    sim_set_ready(tw, &d->rs, now + busy - 1 + (uint64_t)cfg->lat_trans, 0);
    break;
  case ISA_UNIT_FP64:
    sim_set_ready(tw, &d->rs, now + busy - 1 + (uint64_t)cfg->lat_fp64, 0);
    break;
  case ISA_UNIT_XLANE:
    sim_set_ready(tw, &d->rs, now + busy - 1 + (uint64_t)cfg->lat_xlane, 0);
    break;
  case ISA_UNIT_SALU:
    sim_set_ready(tw, &d->rs, now + (uint64_t)cfg->lat_salu, 0);
    break;
  case ISA_UNIT_SMEM: {
    sim_op_begin(tw);
    uint64_t done = sim_memsys_scalar(T->mem, tw->cu->mem, now, a);
    if (sim_op_end(tw, pc, SIM_OP_LOAD, done)) {
      sim_set_ready(tw, &d->rs, SIM_NEVER, 1);
      break;
    }
    sim_set_ready(tw, &d->rs, done, 1);
    if (done > tw->mem_all) tw->mem_all = done;
    break;
  }
  case ISA_UNIT_VMEM:
  case ISA_UNIT_SCRATCH: {
    uint32_t nreq = 0;
    uint64_t done;
    const isa_tex_access *tex = tw->w.tex;
    sim_op_begin(tw);
    if ((isa_ops[c->k->code[pc].op].flags & ISA_F_IMAGE) && tex) { /* the texture path */
      done = tex->mask ? sim_memsys_image(T->mem, tw->cu->mem, now, tex, &nreq) : now + 1;
      pcs->tex_taps[pc] += tex->taps;
    } else {
      done = a->mask ? sim_memsys_vector(T->mem, tw->cu->mem, now, a, &nreq) : now + 1;
    }
    pcs->mem_req[pc] += nreq;
    /* a store, or an atomic whose old value nobody reads (the no-return
     * form): the wave goes on and only its retirement waits */
    int posted = (a->kind & ISA_F_STORE) || d->noret;
    if (sim_op_end(tw, pc, posted ? SIM_OP_STORE : SIM_OP_LOAD, done)) {
      if (!posted) sim_set_ready(tw, &d->rs, SIM_NEVER, 1);
      break;
    }
    if (done > tw->mem_all) tw->mem_all = done;
    if (posted) {
      if (done > tw->mem_done) tw->mem_done = done;
    } else {
      sim_set_ready(tw, &d->rs, done, 1);
    }
    break;
  }
  case ISA_UNIT_LDS: {
    uint64_t conflict;
    uint64_t done =
        sim_memsys_lds(T->mem, tw->cu->mem, now, a,
                       d->noret && sim_lds_atomic_combinable(c->k->code[pc].op), &conflict);
    pcs->lds_conflict[pc] += conflict;
    if (done > tw->mem_all) tw->mem_all = done;
    if ((a->kind & ISA_F_STORE) || d->noret) {
      if (done > tw->mem_done) tw->mem_done = done;
    } else {
      sim_set_ready(tw, &d->rs, done, 1);
    }
    break;
  }
  case ISA_UNIT_BRANCH:
    if (s == ISA_RUN && tw->w.pc != pc + 1) tw->jump_pc = pc;
    /* a divergent branch saves exec and pushes the paths whichever side runs
     * first; a uniform one costs the redirect only when taken */
    if (tw->w.diverged) {
      tw->next_issue = now + (uint64_t)cfg->lat_branch + (uint64_t)cfg->lat_diverge;
    } else if (s == ISA_RUN && tw->w.pc != pc + 1) {
      tw->next_issue = now + (uint64_t)cfg->lat_branch;
    }
    break;
  case ISA_UNIT_BARRIER:
    /* a fence: nothing issues before the wave's memory work is done (with
     * operations waiting for the L2's answers: until they resolve) */
    if (c->k->code[pc].op == ISA_OP_s_waitmem && tw->npending)
      tw->next_issue = SIM_NEVER, tw->wait = WAIT_MEM, tw->waitmem = 1;
    else if (c->k->code[pc].op == ISA_OP_s_waitmem && tw->mem_all > tw->next_issue)
      tw->next_issue = tw->mem_all, tw->wait = WAIT_MEM;
    break;
  default:
    break;
  }
  /* reaching a reconvergence point pops the stack: the wave switches to the
   * other path or continues with the merged mask (never on the branch that
   * just diverged, which only pushes) */
  if (tw->w.sp < sp && !tw->w.diverged) {
    uint32_t pops = sp - tw->w.sp;
    st->reconvergences += pops;
    tw->next_issue += (uint64_t)pops * (uint64_t)cfg->lat_reconverge;
  }
  if (s != ISA_END) sim_fetch_issued(T, tw, pc, now);
  tw->stop_pc = pc;
  sim_refresh_ready(T, tw);
  if (s == ISA_END) {
    sim_wave_end(T, tw, now);
    return;
  }
  if (s == ISA_BARRIER) {
    sim_tslot *sl = tw->sl;
    tw->state = W_BARRIER;
    tw->bar_start = now;
    /* NVIDIA's SM takes one warp's arrival every ~2 cycles, all its blocks'
     * barriers through one unit (validation/data/probes: a lone block's
     * barrier costs ~12 + 2 x warps cycles, 8 resident blocks ~2 per warp) */
    if (cfg->cu_barrier_cycles > 0) {
      uint64_t *bu = &tw->cu->bar, at = now > *bu ? now : *bu;
      *bu = at + (uint64_t)cfg->cu_barrier_cycles;
      if (*bu > sl->bar_last) sl->bar_last = *bu;
    }
    /* ... and each arrival takes part of a slot of the LDS pipeline, which
     * barriers share with the shared-memory instructions (the probes' tree
     * step: 24 LDS accesses and 8 arrivals per block step take 28.7 cycles,
     * the accesses alone 24.2) */
    if (cfg->cu_barrier_lds_cycles > 0) {
      double *owed = &tw->cu->bar_lds;
      *owed += cfg->cu_barrier_lds_cycles;
      uint64_t whole = (uint64_t)*owed;
      if (whole) {
        *owed -= (double)whole;
        sim_memsys_lds_occupy(T->mem, tw->cu->mem, now, whole);
      }
    }
    if (sl->live < sl->nwaves)
      sim_barrier_misuse(T, tw->cu, sl, now); /* a wave ended before it */
    else if (++sl->arrived == sl->live)
      sim_release_barrier(T, sl, now);
  }
  sim_sched_sync(tw);
}

/* The ready wave SIMD sd issues from next under the configured policy, or
 * NULL with *earliest lowered to the first cycle one could be ready. A
 * wave is ready when its own readiness and then its issue port allow. */
static sim_twave *sim_pick(const sim_timing *T, sim_simd *sd, uint64_t now, uint64_t *earliest) {
  if (T->sched == CFG_CU_SCHEDULER_GTO && sd->greedy) {
    uint32_t i = sd->greedy->sidx;
    uint64_t t = sd->rdy[i], p = *sd->port[sd->rport[i]];
    if (p > t) t = p;
    if (t <= now) return sd->greedy; /* greedy: stay with the wave until it stalls */
    if (t < *earliest) *earliest = t;
  }
  uint32_t n = sd->n, start = T->sched == CFG_CU_SCHEDULER_ROUND_ROBIN && sd->rr < n ? sd->rr : 0;
  for (uint32_t k = 0; k < n; k++) {
    uint32_t i = start + k < n ? start + k : start + k - n;
    uint64_t t = sd->rdy[i];
    if (t > now && t >= *earliest) continue; /* the port can only make it later */
    uint64_t p = *sd->port[sd->rport[i]];
    if (p > t) t = p;
    if (t <= now) {
      sd->rr = i + 1;
      return sd->waves[i];
    }
    if (t < *earliest) *earliest = t;
  }
  return NULL;
}

/* One SIMD at cycle `now`: issue up to cu.issue_width instructions from
 * distinct ready waves (distinct ports: an issue takes its port at least
 * until the next cycle); returns when to look again. */
static uint64_t sim_simd_step(sim_timing *T, sim_cu *cu, sim_simd *sd, uint64_t now) {
  if (sd->n == 0) return SIM_NEVER;
  if (sd->last_issue != SIM_NEVER && now <= sd->last_issue) return sd->last_issue + 1;
  uint32_t issued = 0;
  uint64_t earliest = SIM_NEVER;
  while (issued < T->issue_width && sd->n && !cu->faulted) {
    earliest = SIM_NEVER;
    sim_twave *tw = sim_pick(T, sd, now, &earliest);
    if (!tw) break;
    /* what held it up: its own readiness, or its port */
    uint8_t why = *sd->port[tw->port] > tw->reg_ready ? WAIT_ISSUE : tw->reg_why;
    sd->greedy = tw;
    sim_issue(T, tw, now, why);
    issued++;
  }
  return issued ? now + 1 : earliest;
}

/* ---- the launch ------------------------------------------------------------------ */
/* One CU's events before the quantum's end, in (cycle, id) order, on any
 * host thread (worker: whose per-pc counters it counts into). It touches
 * only its own state and outbox: what needs another CU waits for the
 * boundary. */
static void sim_cu_quantum(void *ctx, uint32_t i, uint32_t worker) {
  sim_timing *T = ctx;
  sim_cu *cu = &T->cus[i];
  const uint64_t qend = T->qend;
  cu->pc = &T->wpc[worker];
  sim_msgbox_apply(&cu->mem->box, sim_op_resolved, cu); /* the last merge's answers */
  while (!cu->faulted && !cu->oom && cu->events.n && cu->events.e[0].t < qend) {
    sim_hent e = sim_heap_pop(&cu->events);
    cu->events_n++;
    cu->now = e.t;
    if (e.id >= cu->nsimd + cu->nslots) {
      sim_dispatch_group_start(T, cu, e.id - cu->nsimd - cu->nslots, e.t);
      continue;
    }
    if (e.id >= cu->nsimd) {
      sim_dispatch_slot_free(T, cu, e.id - cu->nsimd, e.t);
      continue;
    }
    sim_simd *sd = &cu->simds[e.id];
    if (sd->wake != e.t) continue; /* superseded by an earlier wake-up */
    sd->wake = SIM_NEVER;
    uint64_t next = sim_simd_step(T, cu, sd, e.t);
    if (next != SIM_NEVER) sim_wake(cu, sd, e.id, next);
  }
}

/* (cycle, group) order of sampled placements */
static int sim_placed_cmp(const void *a, const void *b) {
  const uint64_t *x = a, *y = b;
  if (x[1] != y[1]) return x[1] < y[1] ? -1 : 1;
  return x[0] < y[0] ? -1 : x[0] > y[0];
}

/* What the CUs did in the quantum, taken in in CU order (integer sums and
 * maxima, and choices by (cycle, CU)): counters, the progress line,
 * out-of-bounds notes, the watchdog's write count, the sampled groups'
 * placements (in (cycle, group) order), their latest retirement; then the
 * launch's first fault, or a launch that can never finish. Returns 1 when
 * the launch stops. */
static int sim_take_in(sim_timing *T) {
  sim_ctx *c = T->c;
  sim_cu *fault = NULL, *spin = NULL;
  uint64_t writes = T->wd_writes;
  uint32_t nplaced = 0;
  for (uint32_t k = 0; k < T->ncu; k++) {
    sim_cu *u = &T->cus[k];
    c->st->sim_events += u->events_n;
    c->st->sim_late_answers += u->late_answers;
    c->st->workgroups += u->placed_groups;
    c->st->waves += u->placed_waves;
    for (uint64_t g = 0; g < u->groups_done; g++) sim_progress_tick(&c->prog, 1, T->qend);
    u->events_n = u->placed_groups = u->placed_waves = u->groups_done = u->late_answers = 0;
    sim_oob_flush(c, &u->oob);
    writes += u->cx.wd.writes - T->wd_writes;
    if (u->end > T->end) T->end = u->end;
    if (u->oom) T->oom = 1;
    if (u->faulted && (!fault || u->fault_t < fault->fault_t)) fault = u;
    if (u->spin && (!spin || u->spin_t < spin->spin_t)) spin = u;
    nplaced += u->nplaced;
  }
  sim_progress_tick(&c->prog, 0, T->qend);
  T->wd_writes = writes;
  for (uint32_t k = 0; k < T->ncu; k++) T->cus[k].cx.wd.writes = writes;
  if (nplaced) {
    uint64_t(*v)[2] = malloc(nplaced * sizeof *v);
    if (!v) {
      T->oom = 1;
      return 1;
    }
    uint32_t n = 0;
    for (uint32_t k = 0; k < T->ncu; k++) {
      sim_cu *u = &T->cus[k];
      if (u->nplaced) memcpy(v + n, u->placed, u->nplaced * sizeof *v);
      n += u->nplaced;
      u->nplaced = 0;
    }
    qsort(v, n, sizeof *v, sim_placed_cmp);
    for (uint32_t i = 0; i < n; i++) sim_sample_fit(T->sample, v[i][0], v[i][1]);
    free(v);
  }
  if (T->oom) return 1;
  if (fault) {
    snprintf(c->err, c->errlen, "%s", fault->err);
    if (fault->fault_t > T->end) T->end = fault->fault_t;
    T->faulted = 1;
    return 1;
  }
  if (spin) {
    if (sim_wd_timing_stuck(T)) {
      snprintf(c->err, c->errlen, "%s", spin->spin_err);
      if (spin->spin_t > T->end) T->end = spin->spin_t;
      T->faulted = 1;
      return 1;
    }
    for (uint32_t k = 0; k < T->ncu; k++) T->cus[k].spin = 0;
  }
  return 0;
}

/* The earliest event of any CU or queued message (UINT64_MAX: none); the
 * boundary itself while answers wait for their CUs to apply them. */
static uint64_t sim_next_time(const sim_timing *T) {
  if (sim_memsys_answered(T->mem)) return T->qstart;
  uint64_t next = sim_memsys_msgs_first(T->mem);
  for (uint32_t k = 0; k < T->ncu; k++) {
    const sim_heap *h = &T->cus[k].events;
    if (h->n && h->e[0].t < next) next = h->e[0].t;
  }
  return next;
}

/* Quantum after quantum: at its start (the boundary) the dispatcher hands
 * groups to the CUs; every CU runs its events before its end, on the host
 * threads; then, at the boundary, what they did is taken in and their
 * messages stamped before it reach the L2 in (t, cu, seq) order, whose
 * answers resolve waves' operations (pushing their wake-ups at the
 * boundary or later). A quantum with nothing in it is skipped: the next
 * ends on the grid of T->quantum after the earliest event or message.
 * Runs until no event, message, pending operation or group is left (or a
 * fault). The CUs see nothing of each other inside a quantum, and every
 * boundary step runs on one thread in CU order, so the thread count
 * cannot change a cycle. */
static void sim_run_quanta(sim_timing *T) {
  const uint64_t q = T->quantum;
  while (!T->faulted && !T->oom) {
    sim_dispatch_boundary(T);
    if (T->faulted || T->oom) return;
    uint64_t next = sim_next_time(T);
    if (next == UINT64_MAX) {
      int busy = sim_memsys_msgs_busy(T->mem);
      if (busy < 0) {
        T->oom = 1;
      } else if (busy || sim_dispatch_pending(T)) {
        snprintf(T->c->err, T->c->errlen, "kernel '%s': timing model left %s (a bug)",
                 T->c->k->name, busy ? "memory operations unanswered" : "work-groups unplaced");
        T->faulted = 1;
      }
      return;
    }
    uint64_t qend = next / q * q + q;
    if (qend > T->qend) T->qend = qend;
    sim_pool_run(T->pool, sim_cu_quantum, T, T->ncu);
    if (sim_take_in(T)) return;
    sim_memsys_merge(T->mem, T->qend);
    if (sim_memsys_msgs_busy(T->mem) < 0) {
      T->oom = 1;
      return;
    }
    T->qstart = T->qend;
  }
}

static void sim_ports_init(sim_timing *T) {
  const cfg_device *cfg = T->cfg;
  uint32_t p = T->valu_passes;
  for (int u = 0; u < ISA_UNIT_COUNT; u++) T->unit_busy[u] = 1;
  T->unit_port[ISA_UNIT_VALU] = T->unit_port[ISA_UNIT_VALU64] = SIM_PORT_VALU;
  T->unit_port[ISA_UNIT_IDIV] = T->unit_port[ISA_UNIT_FP64] = SIM_PORT_VALU;
  /* NVIDIA's SHFL is a memory-I/O instruction beside LDS/STS; AMD's DPP a VALU op */
  T->unit_port[ISA_UNIT_XLANE] =
      cfg->cu_xlane_pipe == CFG_CU_XLANE_PIPE_LDS ? SIM_PORT_LDS : SIM_PORT_VALU;
  T->unit_port[ISA_UNIT_TRANS] = cfg->cu_trans_separate ? SIM_PORT_TRANS : SIM_PORT_VALU;
  T->unit_port[ISA_UNIT_SALU] = SIM_PORT_SALU;
  T->unit_port[ISA_UNIT_SMEM] = SIM_PORT_SMEM;
  T->unit_port[ISA_UNIT_VMEM] = T->unit_port[ISA_UNIT_SCRATCH] = SIM_PORT_VMEM;
  T->unit_port[ISA_UNIT_LDS] = SIM_PORT_LDS;
  T->unit_port[ISA_UNIT_BRANCH] = T->unit_port[ISA_UNIT_BARRIER] = SIM_PORT_BRANCH;
  T->unit_busy[ISA_UNIT_VALU] = p;
  T->unit_busy[ISA_UNIT_VALU64] = p * (uint32_t)cfg->cu_valu64_passes;
  T->unit_busy[ISA_UNIT_IDIV] = p * (uint32_t)cfg->cu_idiv_passes;
  T->unit_busy[ISA_UNIT_FP64] = p * (uint32_t)cfg->cu_fp64_passes;
  T->unit_busy[ISA_UNIT_XLANE] = p * (uint32_t)cfg->cu_xlane_passes;
  T->unit_busy[ISA_UNIT_TRANS] = (uint32_t)(cfg->wave_size / cfg->cu_trans_width);
}

sim_status sim_run_timing(sim_ctx *c) {
  sim_timing T = {0};
  T.c = c;
  T.cfg = &c->d->cfg;
  T.mem = &c->d->mem;
  T.ncu = (uint32_t)T.cfg->cu_count;
  T.nsimd_cu = (uint32_t)T.cfg->cu_simds;
  T.nsimd = T.ncu * T.nsimd_cu;
  T.wpg = c->occ.waves_per_wg;
  T.valu_passes = (uint32_t)(T.cfg->wave_size / T.cfg->cu_simd_width);
  T.issue_width = (uint32_t)T.cfg->cu_issue_width;
  T.sched = T.cfg->cu_scheduler;
  T.quantum = sim_memsys_quantum(T.mem);
  T.qend = T.quantum;
  T.wd_writes = c->wd.writes;
  sim_sample smp; /* --sample: which groups are fast-forwarded (sim_sample.c) */
  if (sim_sample_init(&smp, c) != 0) T.oom = 1;
  T.sample = smp.on ? &smp : NULL;
  uint32_t wps = c->occ.waves_per_simd;
  /* a SIMD never holds more than wps waves; one work-group may put up to
   * wpg waves on one SIMD when the CU has fewer SIMDs than waves */
  uint32_t cap = wps > T.wpg ? wps : T.wpg;
  cap = cap * 2 + 1;
  sim_status rc = SIM_OK;
  T.cus = calloc(T.ncu, sizeof *T.cus);
  for (uint32_t cu = 0; T.cus && cu < T.ncu && !T.oom; cu++) {
    sim_cu *u = &T.cus[cu];
    if (sim_cu_init(u, c, cu, &c->d->cu_mem[cu], &c->pc, T.nsimd_cu, c->occ.wgs_per_cu, cap,
                    T.cfg->cu_salu_shared, c->tex != NULL)) {
      T.oom = 1;
      break;
    }
    u->T = &T;
    sim_exec_init(&u->x, &u->cx);
    u->x.wd_stops = sim_wd_timing;
    u->x.mode = u;
  }
  if (T.oom || !T.cus || sim_fetch_init(&T) != 0 || sim_dispatch_init(&T) != 0) {
    T.oom = 1;
    goto out;
  }
  /* the host threads, each worker counting per-pc into its own set */
  T.nworkers = sim_launch_threads(c, T.ncu); /* at most one per CU */
  T.pool = sim_pool_new(T.nworkers);
  T.nworkers = sim_pool_size(T.pool);
  T.wpc = calloc(T.nworkers, sizeof *T.wpc);
  if (!T.wpc) {
    T.oom = 1;
    goto out;
  }
  T.wpc[0] = c->pc;
  for (uint32_t w = 1; w < T.nworkers; w++)
    if (sim_pc_counts_alloc(&T.wpc[w], c->k->ncode) != 0) {
      T.oom = 1;
      goto out;
    }
  sim_ports_init(&T);
  /* the shared memory this launch's resident work-groups take per CU; the
   * CUs' links send messages from here on */
  if (sim_memsys_launch_start(T.mem, c->d->cu_mem, T.ncu,
                              (uint64_t)c->occ.wgs_per_cu * c->occ.lds_alloc, 1) != 0) {
    T.oom = 1;
    goto out;
  }
  sim_run_quanta(&T);
  /* stores still in the CUs' write-combining buffers drain before the
   * launch counts as complete: their messages go at the next boundaries,
   * and their answers move the end (sim_op_resolved) */
  for (uint32_t cu = 0; cu < T.ncu; cu++)
    if (T.cus[cu].end > T.end) T.end = T.cus[cu].end;
  T.end = sim_memsys_launch_end(T.mem, c->d->cu_mem, T.ncu, T.end);
  sim_run_quanta(&T); /* (nothing but those messages is left, unless it faulted) */
  sim_memsys_msgs_off(T.mem);
  c->st->sim_messages += T.mem->merge.messages;
  c->st->sim_merges += T.mem->merge.merges;
  /* the memory components count on their own */
  sim_memsys_collect(T.mem, c->d->cu_mem, T.ncu, c->st);
out:
  sim_pool_free(T.pool);
  /* each worker's per-pc counters into the launch's */
  for (uint32_t w = 1; T.wpc && w < T.nworkers; w++) {
    if (!T.oom) sim_pc_counts_add(&c->pc, &T.wpc[w], c->k->ncode);
    sim_pc_counts_free(&T.wpc[w]);
  }
  free(T.wpc);
  /* each CU's counters into the launch's, in CU order */
  uint64_t wave_cycles = 0;
  for (uint32_t cu = 0; T.cus && cu < T.ncu; cu++) {
    sim_cu_stats_collect(&T.cus[cu].stats, c->st);
    wave_cycles += T.cus[cu].wave_cycles;
    if (T.cus[cu].end > T.end) T.end = T.cus[cu].end;
  }
  if (T.oom) {
    snprintf(c->err, c->errlen, "kernel '%s': out of memory in the timing model", c->k->name);
    rc = SIM_BAD_LAUNCH;
  } else if (T.faulted) {
    rc = SIM_FAULT;
  }
  c->st->cycles = sim_sample_finish(&smp, T.end) + sim_launch_overhead(T.cfg, c->l);
  sim_sample_fini(&smp);
  uint64_t slots = (uint64_t)T.nsimd * (uint64_t)T.cfg->cu_wave_slots;
  if (T.end && slots)
    c->st->achieved_occupancy = (double)wave_cycles / ((double)slots * (double)T.end);
  sim_fetch_fini(&T);
  sim_dispatch_fini(&T);
  for (uint32_t cu = 0; T.cus && cu < T.ncu; cu++) sim_cu_fini(&T.cus[cu], T.wpg);
  free(T.cus);
  return rc;
}
