/* The executor core: what one instruction of a wave means in either mode
 * (executed, its fault and out-of-bounds note reported, shown to the
 * observers, held to the watchdog, counted), and which observers a launch
 * has. Both executors call sim_exec_step; neither repeats it. */
#include "sim_exec.h"

#include "stats_group.h"
#include "trace.h"

/* The timeline (traces/trace.h) as an observer: its events as they are. */
static uint32_t sim_trace_wave_begin(void *self, uint32_t cu, uint32_t simd, uint64_t t) {
  return trace_wave_begin(self, cu, simd, t);
}
static void sim_trace_barrier(void *self, uint32_t cu, uint32_t simd, uint32_t tag, uint64_t start,
                              uint64_t end) {
  trace_barrier(self, cu, simd, tag, start, end);
}
static void sim_trace_wave_end(void *self, uint32_t cu, uint32_t simd, uint32_t tag, uint64_t start,
                               uint64_t end, uint32_t wg_slot, uint32_t wi, const uint64_t gid[3]) {
  trace_wave_end(self, cu, simd, tag, start, end, wg_slot, wi, gid);
}
static void sim_trace_workgroup(void *self, uint32_t cu, uint32_t wg_slot, uint64_t start,
                                uint64_t end, const uint64_t gid[3]) {
  trace_workgroup(self, cu, wg_slot, start, end, gid);
}
static const sim_hooks sim_trace_hooks = {
    .wave_begin = sim_trace_wave_begin,
    .wave_barrier = sim_trace_barrier,
    .wave_end = sim_trace_wave_end,
    .workgroup = sim_trace_workgroup,
};

void sim_exec_init(sim_exec *x, sim_ctx *c) {
  *x = (sim_exec){.c = c};
  /* checks first: at a shared event they see it before the timeline does */
  if (c->chk) x->obs[x->nobs++] = (sim_observer){&sim_check_hooks, c->chk};
  if (c->l->trace) x->obs[x->nobs++] = (sim_observer){&sim_trace_hooks, c->l->trace};
}

isa_status sim_exec_step(sim_exec *x, const sim_xwave *xw, sim_cu_stats *cs, sim_pc_counts *pcs) {
  sim_ctx *c = x->c;
  isa_wave *w = xw->w;
  uint32_t pc = w->pc;
  uint64_t exec = w->exec;
  isa_status s = isa_step(w);
  if (s == ISA_FAULTED) {
    sim_fault_message(c, w, xw->gid, xw->lsz, xw->wi);
    return ISA_FAULTED;
  }
  if (w->oob.kind) sim_oob_report(c, w, xw->gid, xw->lsz, xw->wi, pc);
  SIM_EXEC_NOTIFY(x, step, xw, pc);
  const sim_decoded *d = &c->dec[pc];
  int wd = sim_wd_step(&c->wd, xw->wd, w, d->writes);
  if (wd != SIM_WD_GO && (!x->wd_stops || x->wd_stops(x->mode, xw, wd))) {
    sim_wd_message(c, wd, w, xw->gid, xw->lsz, xw->wi); /* a runaway wave (sim_watchdog.c) */
    return ISA_FAULTED;
  }
  pcs->insts[pc]++;
  cs->inst[d->unit]++;
  cs->thread_insts += (uint64_t)__builtin_popcountll(exec);
  if (w->diverged) { /* only a branch diverges */
    cs->divergent_branches++;
    pcs->divergent[pc]++;
  }
  const isa_access *a = &w->access;
  if (a->space == ISA_SPACE_GLOBAL && (d->unit == ISA_UNIT_VMEM || d->unit == ISA_UNIT_SCRATCH)) {
    uint64_t bytes = (uint64_t)__builtin_popcountll(a->mask) * a->size;
    if (a->kind & ISA_F_LOAD)
      cs->global_load_bytes += bytes;
    else
      cs->global_store_bytes += bytes;
  }
  return s;
}

/* Every stats.def row of the counters' groups, added. */
void sim_cu_stats_collect(const sim_cu_stats *cs, sim_stats *st) {
#define SIM_STATS_GROUP_cu SIM_STATS_YES
#define SIM_STATS_GROUP_memsys SIM_STATS_YES
#define STAT(group, field, ctype, sql, since, unit, doc)                                           \
  SIM_STATS_IF(group, st->field += cs->field;)
#define STAT_UNITS(group, field, column, since, unit, doc)                                         \
  SIM_STATS_IF(group, for (int u = 0; u < ISA_UNIT_COUNT; u++) st->field[u] += cs->field[u];)
#include "stats.def"
#undef SIM_STATS_GROUP_cu
#undef SIM_STATS_GROUP_memsys
}
