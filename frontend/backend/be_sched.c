/* Pre-allocation instruction scheduling: within each straight-line region of
 * a block (between barriers and branches), a latency-driven list scheduler
 * moves long-latency loads and the address arithmetic feeding them ahead of
 * the arithmetic that waits on earlier loads. The ISA issues in order, so
 * without this an unrolled loop would keep only one iteration's loads in
 * flight; GPU compilers schedule the same way. Like them it watches register
 * pressure: once the VGPRs of the values the region has defined and not yet
 * finished using would pass the target's sched_vgprs (a wave's share of the
 * registers at full occupancy), it prefers instructions that free as many as
 * they take. NVIDIA's compiler, scheduling for occupancy, interleaves two or
 * three iterations of an unrolled nbody loop, not all eight
 * (validation/data/kernels_sass); a single warp's in-order issue makes that
 * choice the kernel's speed. */
#include <stdlib.h>
#include <string.h>

#include "be_internal.h"

/* Regions longer than this are scheduled in consecutive windows (the
 * dependence test is quadratic in the region length). */
#define SCHED_WINDOW 384
/* At most this many registers of loaded values waiting for their first use
 * before the scheduler prefers other work: hoisting every load of a long
 * body would raise register pressure (and spill) for little gain. */
#define SCHED_MAX_PENDING 24

static int sc_fence(const be_mi *mi) {
  const isa_opinfo *o = &isa_ops[mi->op];
  return o->unit == ISA_UNIT_BRANCH || o->unit == ISA_UNIT_BARRIER ||
         (o->flags & (ISA_F_BRANCH | ISA_F_END | ISA_F_EXEC | ISA_F_ORDER));
}

/* Issue-to-result latency the scheduler assumes, in cycles: it orders by
 * the latency-weighted path to the region's end and fills the cycles an
 * instruction would wait with independent work, so the values are those of
 * a typical GPU (arithmetic 4, an SFU op with its fix-ups ~40, LDS ~30,
 * global memory hundreds). */
static uint32_t sc_latency(const be_mi *mi) {
  const isa_opinfo *o = &isa_ops[mi->op];
  switch ((isa_unit)o->unit) {
  case ISA_UNIT_VMEM:
  case ISA_UNIT_SCRATCH:
    return 200;
  case ISA_UNIT_SMEM:
    return 100;
  case ISA_UNIT_IDIV:
    return 100;
  case ISA_UNIT_TRANS:
    return 40;
  case ISA_UNIT_LDS:
    return 30;
  case ISA_UNIT_FP64:
  case ISA_UNIT_XLANE:
    return 8;
  default:
    return 4;
  }
}

static int sc_is_load(const be_mi *mi) {
  uint32_t f = isa_ops[mi->op].flags;
  return (f & ISA_F_LOAD) && mi->dst.kind == BE_O_VREG;
}

static int sc_reads(const be_mi *mi, uint32_t v) {
  for (int k = 0; k < 3; k++)
    if (mi->src[k].kind == BE_O_VREG && mi->src[k].reg == v) return 1;
  /* a partial write keeps the rest of the destination: it reads it too */
  return mi->dst.kind == BE_O_VREG && mi->dst.sub && mi->dst.reg == v;
}

/* Must a (earlier) stay before b (later)? */
static int sc_depends(const be_mi *a, const be_mi *b) {
  if (a->dst.kind == BE_O_VREG &&
      (sc_reads(b, a->dst.reg) || (b->dst.kind == BE_O_VREG && b->dst.reg == a->dst.reg)))
    return 1; /* read after write, write after write */
  if (b->dst.kind == BE_O_VREG && sc_reads(a, b->dst.reg)) return 1; /* write after read */
  uint32_t fa = isa_ops[a->op].flags, fb = isa_ops[b->op].flags;
  if (((fa & ISA_F_WSCC) && (fb & (ISA_F_WSCC | ISA_F_RSCC))) ||
      ((fb & ISA_F_WSCC) && (fa & ISA_F_RSCC)))
    return 1;
  /* memory: loads pass loads, nothing passes a store or an atomic of the
   * same memory; __local (LDS) and the rest never alias, so a tile's global
   * loads move ahead of the LDS stores of earlier ones (atomics stay put:
   * they may order other memory for other work-items) */
  if (!(fa & ISA_F_MEM) || !(fb & ISA_F_MEM) || ((fa & ISA_F_LOAD) && (fb & ISA_F_LOAD))) return 0;
  int lds_a = isa_ops[a->op].unit == ISA_UNIT_LDS, lds_b = isa_ops[b->op].unit == ISA_UNIT_LDS;
  return lds_a == lds_b || ((fa | fb) & ISA_F_ATOMIC) != 0;
}

/* Source k of mi as a vreg when it is one and no earlier source names the
 * same vreg (a value read twice by one instruction is one use), else
 * UINT32_MAX. */
static uint32_t sc_src_once(const be_mi *mi, int k) {
  if (mi->src[k].kind != BE_O_VREG) return UINT32_MAX;
  for (int q = 0; q < k; q++)
    if (mi->src[q].kind == BE_O_VREG && mi->src[q].reg == mi->src[k].reg) return UINT32_MAX;
  return mi->src[k].reg;
}

/* Register pressure of the region being scheduled: the VGPRs and SGPRs of
 * values it defined whose readers in the region are not all scheduled yet.
 * SGPRs matter too: compares hoisted ahead of their selects each hold a
 * lane mask in an SGPR pair, and SGPRs do not spill. */
typedef struct sc_press {
  uint32_t budget;  /* VGPRs: the target's sched_vgprs; 0: not tracked */
  uint32_t sbudget; /* SGPRs: half the target's max_sgprs */
  int32_t *def_of;  /* vreg -> index of its scheduled definition in the region, or -1 */
  uint32_t *left;   /* per region instruction: readers of its value not yet scheduled */
  int32_t live, slive;
} sc_press;

/* Registers of one file an instruction adds to the live set if scheduled now. */
typedef struct sc_delta_t {
  int32_t v, s;
} sc_delta_t;

static void sc_clear_defs(const be_mi *in, uint32_t n, int32_t *def_of) {
  for (uint32_t i = 0; i < n; i++) {
    for (int k = 0; k < 3; k++)
      if (in[i].src[k].kind == BE_O_VREG) def_of[in[i].src[k].reg] = -1;
    if (in[i].dst.kind == BE_O_VREG) def_of[in[i].dst.reg] = -1;
  }
}

/* Counts each value's readers in the original order (a redefinition ends
 * the previous value's readers). Leaves p->budget 0 when out of memory. */
static void sc_press_init(sc_press *p, const be_func *bf, const be_mi *in, uint32_t n) {
  *p = (sc_press){.budget = bf->t ? bf->t->sched_vgprs : 0};
  if (!p->budget) return;
  p->sbudget = bf->t->max_sgprs ? bf->t->max_sgprs / 2 : 32;
  p->def_of = fe_xmalloc(BE_OOM(bf), (bf->nvregs ? bf->nvregs : 1) * sizeof *p->def_of);
  p->left = fe_xcalloc(BE_OOM(bf), n, sizeof *p->left);
  if (!p->def_of || !p->left) {
    p->budget = 0;
    return;
  }
  sc_clear_defs(in, n, p->def_of);
  for (uint32_t j = 0; j < n; j++) {
    for (int k = 0; k < 3; k++) {
      uint32_t r = sc_src_once(&in[j], k);
      if (r != UINT32_MAX && p->def_of[r] >= 0) p->left[p->def_of[r]]++;
    }
    if (in[j].dst.kind == BE_O_VREG && !in[j].dst.sub) p->def_of[in[j].dst.reg] = (int32_t)j;
  }
  sc_clear_defs(in, n, p->def_of);
}

/* Registers instruction j adds to the live set if scheduled now: its
 * destination, less the sources whose last unscheduled reader it is. */
static sc_delta_t sc_delta(const sc_press *p, const be_func *bf, const be_mi *in, uint32_t j) {
  sc_delta_t d = {0, 0};
  const be_mi *mi = &in[j];
  if (mi->dst.kind == BE_O_VREG && !mi->dst.sub) {
    const be_vreg *r = &bf->vregs[mi->dst.reg];
    *(r->file == ISA_RF_V ? &d.v : &d.s) += (int32_t)r->size;
  }
  for (int k = 0; k < 3; k++) {
    uint32_t r = sc_src_once(mi, k);
    if (r == UINT32_MAX) continue;
    int32_t di = p->def_of[r];
    if (di >= 0 && p->left[di] == 1)
      *(bf->vregs[r].file == ISA_RF_V ? &d.v : &d.s) -= (int32_t)bf->vregs[r].size;
  }
  return d;
}

static int sc_fits(const sc_press *p, sc_delta_t d) {
  return p->live + d.v <= (int32_t)p->budget && p->slive + d.s <= (int32_t)p->sbudget;
}

/* Instruction j is scheduled: its reads and its definition update the state. */
static void sc_press_take(sc_press *p, const be_func *bf, const be_mi *in, uint32_t j) {
  sc_delta_t d = sc_delta(p, bf, in, j);
  p->live += d.v;
  p->slive += d.s;
  for (int k = 0; k < 3; k++) {
    uint32_t r = sc_src_once(&in[j], k);
    if (r != UINT32_MAX && p->def_of[r] >= 0) p->left[p->def_of[r]]--;
  }
  if (in[j].dst.kind == BE_O_VREG && !in[j].dst.sub) p->def_of[in[j].dst.reg] = (int32_t)j;
}

/* Whether scheduling j leaves one of its dependents with nothing else to
 * wait for. */
static int sc_unblocks(const uint8_t *dep, const uint32_t *npred, uint32_t n, uint32_t j) {
  for (uint32_t c = j + 1; c < n; c++)
    if (dep[(size_t)j * n + c] && npred[c] == 1) return 1;
  return 0;
}

/* Schedules code[lo, hi) in place. */
static void sc_region(be_func *bf, be_mi *code, uint32_t lo, uint32_t hi) {
  uint32_t n = hi - lo;
  if (n < 3) return;
  fe_oom *o = BE_OOM(bf);
  be_mi *in = NULL;
  uint8_t *dep = NULL, *done = NULL, *waiting = NULL, *unb = NULL;
  uint32_t *npred = NULL, *prio = NULL;
  uint64_t *ready_at = NULL;
  sc_press press = {0};
  uint32_t mark = fe_oom_keep(o, &in);
  fe_oom_keep(o, &dep);
  fe_oom_keep(o, &done);
  fe_oom_keep(o, &waiting);
  fe_oom_keep(o, &unb);
  fe_oom_keep(o, &npred);
  fe_oom_keep(o, &prio);
  fe_oom_keep(o, &ready_at);
  fe_oom_keep(o, &press.def_of);
  fe_oom_keep(o, &press.left);
  in = fe_xmalloc(o, n * sizeof *in);
  dep = fe_xcalloc(o, (size_t)n * n, 1); /* dep[i*n+j]: j waits for i */
  npred = fe_xcalloc(o, n, sizeof(uint32_t));
  prio = fe_xcalloc(o, n, sizeof(uint32_t));
  done = fe_xcalloc(o, n, 1);
  waiting = fe_xcalloc(o, n, 1);
  unb = fe_xcalloc(o, n, 1);
  ready_at = fe_xcalloc(o, n, sizeof *ready_at);
  /* out of memory: the region keeps its order (scheduling only speeds it up) */
  if (!in || !dep || !npred || !prio || !done || !waiting || !unb || !ready_at) goto out;
  memcpy(in, code + lo, n * sizeof *in);
  for (uint32_t j = 0; j < n; j++)
    for (uint32_t i = 0; i < j; i++)
      if (sc_depends(&in[i], &in[j])) {
        dep[(size_t)i * n + j] = 1;
        npred[j]++;
      }
  /* priority: the latency-weighted longest path to the end of the region */
  for (uint32_t i = n; i-- > 0;) {
    uint32_t best = 0;
    for (uint32_t j = i + 1; j < n; j++)
      if (dep[(size_t)i * n + j] && prio[j] > best) best = prio[j];
    prio[i] = best + sc_latency(&in[i]);
  }
  /* registers of loaded values whose first use is not yet scheduled */
  uint32_t pending = 0;
  sc_press_init(&press, bf, in, n);
  /* loads waiting for a use take at most half the budget: the rest is for
   * the arithmetic that consumes them */
  uint32_t max_pending =
      press.budget && press.budget / 2 < SCHED_MAX_PENDING ? press.budget / 2 : SCHED_MAX_PENDING;
  /* an estimated issue cycle: each instruction is ready `latency` after its
   * last predecessor issued, and the scheduler picks among the ready ones
   * first, so a consumer does not sit right behind its producer while other
   * work could hide the wait */
  uint64_t now = 0;
  for (uint32_t k = 0; k < n; k++) {
    /* loads wait while their pending results fill max_pending registers,
     * or (under a budget) while they would leave less than a quarter of it
     * to the arithmetic that consumes them, unless nothing else can go */
    int32_t room = press.budget ? (int32_t)press.budget - (int32_t)press.budget / 4 - press.live : 0;
    int hold_loads = 0;
    for (uint32_t j = 0; j < n && !hold_loads; j++)
      hold_loads = !done[j] && !npred[j] && !sc_is_load(&in[j]);
    int full = pending >= max_pending;
    for (uint32_t j = 0; j < n && !full && press.budget && press.live < (int32_t)press.budget; j++)
      full = !done[j] && !npred[j] && sc_is_load(&in[j]) && sc_delta(&press, bf, in, j).v > room;
    /* only loads can go and the registers are short: take one that lets a
     * consumer issue (the LDS read the next FMA of a chain waits for), not
     * the longest-latency one whose value would sit in a register until the
     * chain reaches it (conv2d's 25 filter taps, NVIDIA keeps ~12 ahead) */
    int unblocking_only = 0;
    if (!hold_loads && full && press.budget)
      for (uint32_t j = 0; j < n; j++) { /* once per step: the two choices below read unb */
        unb[j] = !done[j] && !npred[j] && sc_unblocks(dep, npred, n, j);
        unblocking_only |= unb[j];
      }
    hold_loads = hold_loads && full;
    /* the estimated clock steers the choice only while the values in
     * flight fit the budget: filling every wait with independent work is
     * what raises register pressure (and without a budget, which the retry
     * after an allocation failure uses, it is off) */
    int timed = press.budget && press.live < (int32_t)press.budget && press.slive < (int32_t)press.sbudget;
    uint64_t t = UINT64_MAX;
    for (uint32_t j = 0; j < n && timed; j++)
      if (!done[j] && !npred[j] && !(hold_loads && sc_is_load(&in[j])) &&
          !(unblocking_only && !unb[j]) && ready_at[j] < t)
        t = ready_at[j];
    if (!timed) t = UINT64_MAX;
    else if (t < now) t = now;
    uint32_t pick = UINT32_MAX, pick_free = UINT32_MAX, free_any = UINT32_MAX;
    for (uint32_t j = 0; j < n; j++) {
      if (done[j] || npred[j] || (hold_loads && sc_is_load(&in[j]))) continue;
      if (unblocking_only && !unb[j]) continue;
      sc_delta_t dj = press.budget ? sc_delta(&press, bf, in, j) : (sc_delta_t){0, 0};
      int free = press.budget && dj.v <= 0 && dj.s <= 0;
      if (free && (free_any == UINT32_MAX || prio[j] > prio[free_any])) free_any = j;
      if (ready_at[j] > t) continue;
      if (pick == UINT32_MAX || prio[j] > prio[pick]) pick = j; /* ties: the earlier one */
      if (free && (pick_free == UINT32_MAX || prio[j] > prio[pick_free])) pick_free = j;
    }
    /* over the budget: the most urgent ready instruction that frees what it
     * takes, else the most urgent one at all (waiting for it beats spilling) */
    if (press.budget && !sc_fits(&press, sc_delta(&press, bf, in, pick))) {
      if (pick_free != UINT32_MAX) pick = pick_free;
      else if (free_any != UINT32_MAX) pick = free_any;
    }
    t = ready_at[pick] > now ? ready_at[pick] : now;
    now = t + 1;
    for (uint32_t j = 0; j < n; j++)
      if (dep[(size_t)pick * n + j] && ready_at[j] < t + sc_latency(&in[pick]))
        ready_at[j] = t + sc_latency(&in[pick]);
    if (press.budget) sc_press_take(&press, bf, in, pick);
    done[pick] = 1;
    code[lo + k] = in[pick];
    for (uint32_t j = 0; j < n; j++)
      if (dep[(size_t)pick * n + j]) npred[j]--;
    /* the first reader of a waiting load result releases it */
    for (uint32_t i = 0; i < n; i++)
      if (waiting[i] && sc_reads(&in[pick], in[i].dst.reg)) {
        waiting[i] = 0;
        pending -= bf->vregs[in[i].dst.reg].size;
      }
    if (sc_is_load(&in[pick])) {
      waiting[pick] = 1;
      pending += bf->vregs[in[pick].dst.reg].size;
    }
  }
out:
  fe_oom_pop(o, mark);
  free(waiting);
  free(unb);
  free(ready_at);
  free(press.def_of);
  free(press.left);
  free(in);
  free(dep);
  free(npred);
  free(prio);
  free(done);
}

void be_schedule(be_func *bf) {
  for (uint32_t b = 0; b < bf->nblocks; b++) {
    be_mblock *mb = &bf->blocks[b];
    uint32_t lo = 0;
    for (uint32_t j = 0; j <= mb->n; j++) {
      if (j < mb->n && !sc_fence(&mb->code[j]) && j - lo < SCHED_WINDOW) continue;
      sc_region(bf, mb->code, lo, j);
      lo = j < mb->n && sc_fence(&mb->code[j]) ? j + 1 : j;
    }
  }
}
