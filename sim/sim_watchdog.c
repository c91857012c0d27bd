/* The launch watchdog: stops runaway kernels. Per wave it counts
 * instructions against limits.wave_instructions, reads the host clock
 * against limits.launch_seconds, and finds endless loops exactly: a wave
 * whose complete state repeats while nothing in the launch wrote memory
 * (limits.spin_detect). Both executors call it after every instruction. */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "sim_timing.h"

/* Snapshot layout: exec (2 words), scc, sp, the SIMT stack (4 words per
 * entry, those at and above sp zero, the top entry's pc zero since w->pc
 * holds it), the SGPRs, the VGPRs. */
#define WD_HDR 4u
#define WD_STACK (4u * ISA_SIMT_DEPTH)

static double wd_now(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

void sim_wd_init(sim_watchdog *wd, const cfg_device *cfg, uint32_t nvgprs, uint32_t nsgprs,
                 uint32_t wave_size) {
  memset(wd, 0, sizeof *wd);
  wd->limit = cfg->limits_wave_instructions > 0 ? (uint64_t)cfg->limits_wave_instructions : 0;
  wd->seconds = cfg->limits_launch_seconds;
  wd->spin = cfg->limits_spin_detect;
  wd->nsgprs = nsgprs;
  wd->nvwords = (size_t)nvgprs * wave_size;
  if (wd->seconds > 0) wd->start = wd_now();
}

static uint64_t wd_min(uint64_t a, uint64_t b) {
  return a < b ? a : b;
}

/* When sim_wd_check must next run on the counter alone. */
static uint64_t wd_next(const sim_watchdog *wd, const sim_wd_wave *ww) {
  uint64_t n = UINT64_MAX;
  if (wd->limit) n = wd->limit;
  if (wd->spin) n = wd_min(n, ww->snap_next);
  if (wd->seconds > 0) n = wd_min(n, ww->insts + SIM_WD_CLOCK_EVERY);
  return n;
}

void sim_wd_wave_start(const sim_watchdog *wd, sim_wd_wave *ww) {
  ww->insts = 0;
  ww->snap_next = SIM_WD_FIRST;
  ww->snap_writes = 0;
  ww->snap_pc = ISA_NO_PC;
  ww->diff = 0;
  ww->spinning = 0;
  ww->next = wd_next(wd, ww);
}

void sim_wd_wave_fini(sim_wd_wave *ww) {
  free(ww->snap);
  ww->snap = NULL;
}

/* Word i of the wave's state in snapshot layout (i below WD_HDR + WD_STACK). */
static uint32_t wd_word(const isa_wave *w, uint32_t i) {
  switch (i) {
  case 0:
    return (uint32_t)w->exec;
  case 1:
    return (uint32_t)(w->exec >> 32);
  case 2:
    return w->scc;
  case 3:
    return w->sp;
  default:
    break;
  }
  uint32_t e = (i - WD_HDR) / 4, f = (i - WD_HDR) % 4;
  if (e >= w->sp) return 0;
  const isa_simt_entry *s = &w->stack[e];
  switch (f) {
  case 0:
    return e + 1 == w->sp ? 0 : s->pc;
  case 1:
    return s->rpc;
  case 2:
    return (uint32_t)s->mask;
  default:
    return (uint32_t)(s->mask >> 32);
  }
}

static size_t wd_first_diff(const uint32_t *a, const uint32_t *b, size_t n) {
  size_t i = 0;
  while (i < n && a[i] == b[i]) i++;
  return i;
}

static void wd_snapshot(const sim_watchdog *wd, sim_wd_wave *ww, const isa_wave *w) {
  if (!ww->snap) {
    ww->snap = malloc((WD_HDR + WD_STACK + wd->nsgprs + wd->nvwords) * sizeof *ww->snap);
    if (!ww->snap) return; /* no memory: this wave goes unwatched; the limit still holds */
  }
  for (uint32_t i = 0; i < WD_HDR + WD_STACK; i++) ww->snap[i] = wd_word(w, i);
  memcpy(ww->snap + WD_HDR + WD_STACK, w->s, wd->nsgprs * sizeof *w->s);
  memcpy(ww->snap + WD_HDR + WD_STACK + wd->nsgprs, w->v, wd->nvwords * sizeof *w->v);
  ww->snap_pc = w->pc;
  ww->snap_writes = wd->writes;
  ww->spinning = 0;
}

/* Whether the wave's state equals the snapshot (its pc does). */
static int wd_same(const sim_watchdog *wd, sim_wd_wave *ww, const isa_wave *w) {
  const uint32_t *sn = ww->snap;
  uint32_t hs = WD_HDR + WD_STACK;
  size_t d = ww->diff; /* where a loop's state usually changes: its counter */
  if (d < hs) {
    if (wd_word(w, (uint32_t)d) != sn[d]) return 0;
  } else if (d < hs + wd->nsgprs) {
    if (w->s[d - hs] != sn[d]) return 0;
  } else if (w->v[d - hs - wd->nsgprs] != sn[d]) {
    return 0;
  }
  uint32_t n = WD_HDR + 4 * (w->sp <= ISA_SIMT_DEPTH ? w->sp : ISA_SIMT_DEPTH);
  for (uint32_t i = 0; i < n; i++)
    if (wd_word(w, i) != sn[i]) return ww->diff = i, 0;
  size_t i = wd_first_diff(w->s, sn + hs, wd->nsgprs);
  if (i < wd->nsgprs) return ww->diff = (uint32_t)(hs + i), 0;
  i = wd_first_diff(w->v, sn + hs + wd->nsgprs, wd->nvwords);
  if (i < wd->nvwords) return ww->diff = (uint32_t)(hs + wd->nsgprs + i), 0;
  return 1;
}

int sim_wd_check(sim_watchdog *wd, sim_wd_wave *ww, const isa_wave *w) {
  if (ww->insts >= ww->next) {
    if (wd->limit && ww->insts >= wd->limit) return SIM_WD_LIMIT;
    if (wd->seconds > 0 && wd_now() - wd->start > wd->seconds) return SIM_WD_TIME;
    int snapped = 0;
    if (wd->spin && ww->insts >= ww->snap_next) {
      wd_snapshot(wd, ww, w);
      ww->snap_next = ww->insts + wd_min(ww->insts, SIM_WD_MAX_PERIOD);
      snapped = 1;
    }
    ww->next = wd_next(wd, ww);
    if (snapped) return SIM_WD_GO;
  }
  if (ww->snap && w->pc == ww->snap_pc && wd->writes == ww->snap_writes && !ww->spinning &&
      wd_same(wd, ww, w))
    return SIM_WD_REPEAT;
  return SIM_WD_GO;
}

/* An instruction the compiler gave no line (a loop's back edge, say) is
 * reported at the next instruction with a line inside the innermost loop
 * around it (up to the first backward branch after it that jumps to or
 * before it: the back edge, which has the loop's line), else the nearest
 * one before it. */
static uint32_t wd_line_pc(const sim_ctx *c, uint32_t pc) {
  const isa_kernel *k = c->k;
  if (!k->line || pc >= k->ncode || k->line[pc]) return pc;
  uint32_t lo = 0, hi = pc;
  for (uint32_t p = pc; p < k->ncode && hi == pc; p++) {
    const isa_inst *in = &k->code[p];
    for (unsigned t = 0; t < isa_num_targets((isa_opcode)in->op); t++)
      if (in->target[t] <= pc && in->target[t] != ISA_NO_PC) lo = in->target[t], hi = p;
  }
  for (uint32_t p = pc + 1; p <= hi && p < k->ncode; p++)
    if (k->line[p]) return p;
  for (uint32_t p = pc + 1; p-- > lo;)
    if (k->line[p]) return p;
  for (uint32_t p = lo; p-- > 0;)
    if (k->line[p]) return p;
  return pc;
}

void sim_wd_message(const sim_ctx *c, int what, const isa_wave *w, const uint64_t gid[3],
                    const uint64_t lsz[3], uint32_t wi) {
  uint64_t exec = w->exec ? w->exec : w->stack[0].mask, gl[3];
  sim_item_id(c, gid, lsz, wi, exec ? (uint32_t)__builtin_ctzll(exec) : 0, gl);
  char where[300];
  sim_source_where(c, wd_line_pc(c, w->pc), where, sizeof where);
  const char *name = c->k->name;
  if (what == SIM_WD_REPEAT)
    snprintf(c->err, c->errlen,
             "kernel '%s' stopped: work-item (%" PRIu64 ",%" PRIu64 ",%" PRIu64
             ") is in an endless loop at %s (its state repeats and nothing writes memory); "
             "limits.spin_detect=0 turns this check off",
             name, gl[0], gl[1], gl[2], where);
  else if (what == SIM_WD_LIMIT)
    snprintf(c->err, c->errlen,
             "kernel '%s' stopped: a wave executed %" PRIu64
             " instructions (limits.wave_instructions); work-item (%" PRIu64 ",%" PRIu64 ",%" PRIu64
             ") was at %s; if the kernel is meant to run this long raise it with --set "
             "limits.wave_instructions=N (or WAVESIM_SET), 0 turns it off",
             name, c->wd.limit, gl[0], gl[1], gl[2], where);
  else
    snprintf(c->err, c->errlen,
             "kernel '%s' stopped: the launch ran longer than %g host seconds "
             "(limits.launch_seconds); work-item (%" PRIu64 ",%" PRIu64 ",%" PRIu64
             ") was at %s; if the kernel is meant to run this long raise it with --set "
             "limits.launch_seconds=N (or WAVESIM_SET), 0 turns it off",
             name, c->wd.seconds, gl[0], gl[1], gl[2], where);
}

/* Timing mode, at a quantum's boundary: whether the launch can never
 * finish. Every resident wave either repeats its state with no write since
 * its snapshot (so, no one writing, each goes round its loop for ever) or
 * waits at a barrier that such a wave of its group holds up; and no
 * work-group can still start: none is left, or every CU is full and no
 * slot is about to free. The write count is the launch's as of this
 * boundary (T->wd_writes), which each CU's own count started from. */
int sim_wd_timing_stuck(const sim_timing *T) {
  const sim_ctx *c = T->c;
  uint32_t per = c->occ.wgs_per_cu;
  int full = 1;
  for (uint32_t cu = 0; cu < T->ncu; cu++)
    if (T->cus[cu].wgs < per) full = 0;
  if (sim_dispatch_pending(T) && !full) return 0;
  for (uint32_t cu = 0; cu < T->ncu; cu++) {
    const sim_cu *u = &T->cus[cu];
    if (u->events.n && u->events.e[0].t < T->qend)
      return 0; /* it stopped at its noted wave: its quantum is not over */
    for (uint32_t k = 0; k < per; k++) {
      const sim_tslot *sl = &u->slots[k];
      if (!sl->busy) continue;
      if (sl->live == 0) return 0; /* its slot frees: another group may start */
      for (uint32_t i = 0; i < sl->nwaves; i++) {
        const sim_twave *tw = &sl->waves[i];
        if (tw->state == W_DONE || tw->state == W_BARRIER) continue;
        if (!tw->wd.spinning || tw->wd.snap_writes != T->wd_writes) return 0;
      }
    }
  }
  return 1;
}

/* A repeating wave goes on: whether it is stuck depends on every other
 * CU, which only the boundary sees; its CU notes the first such wave of
 * the quantum, with the message that would stop the launch. */
int sim_wd_timing(void *mode, const sim_xwave *x, int what) {
  if (what != SIM_WD_REPEAT) return 1;
  sim_cu *cu = mode;
  x->wd->spinning = 1;
  if (!cu->spin) {
    cu->spin = 1;
    cu->spin_t = cu->now;
    sim_wd_message(&cu->cx, what, x->w, x->gid, x->lsz, x->wi);
    memcpy(cu->spin_err, cu->err, cu->cx.errlen);
    cu->err[0] = 0;
  }
  return 0;
}
