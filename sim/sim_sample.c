/* Sampled timing: which groups of a launch are timed in detail, the
 * fast-forward of the others, and the extrapolation (sim_sample.h has the
 * layout). Why it works without draining the device: the dispatcher skips a
 * block in zero simulated time, so the group after it takes the slot the
 * first skipped one would have taken and the device stays in its steady
 * state; skipping whole rounds keeps the launch's last partial round in the
 * same phase as in a full run, so its tail is timed, not guessed. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "sim_memsys.h"
#include "sim_sample.h"

/* Two-sided 95 % quantiles of Student's t with 1..30 degrees of freedom
 * (beyond: the normal 1.96). */
static double sim_t95(uint32_t dof) {
  static const double t[30] = {12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306,
                               2.262,  2.228, 2.201, 2.179, 2.160, 2.145, 2.131, 2.120,
                               2.110,  2.101, 2.093, 2.086, 2.080, 2.074, 2.069, 2.064,
                               2.060,  2.056, 2.052, 2.048, 2.045, 2.042};
  return dof >= 1 && dof <= 30 ? t[dof - 1] : 1.96;
}

/* sample.warm_l2: a fast-forwarded group's global accesses go through the
 * L2's tag arrays, untimed and uncounted, so the detailed window after a
 * skipped block finds the lines (and the dirty ones, which a streaming
 * kernel's misses must write back) a full run would: the home partition's
 * line, and, as sim_l2 does for a far request, a clean copy in the
 * partition of the CU the group would have run on (any one: dispatch
 * spreads them; without the copies the windows' evictions were 41 % dirty
 * instead of a full run's 33 % on a streaming kernel); for image
 * instructions every texel. Evicted dirty lines vanish: their write-back
 * belongs to the skipped time. */
static void sim_sample_warm_range(sim_l2 *l2, uint32_t near, uint64_t lo, uint64_t hi, int dirty) {
  uint64_t line = l2->p.line, sector = l2->p.sector;
  for (uint64_t b = lo / line * line; b <= hi; b += line) {
    uint64_t s0 = (lo > b ? lo - b : 0) / sector, s1 = (hi < b + line ? hi - b : line - 1) / sector;
    uint64_t mask = (s1 - s0 >= 63 ? ~0ull : (2ull << (s1 - s0)) - 1) << s0;
    sim_cache_ref r;
    uint32_t home = sim_l2_slice(l2, b) % l2->p.nparts;
    if (near != home) {
      sim_cache_access(&l2->tags[near], b, 1, &r);
      if (r.valid) *r.valid |= mask, *r.ready = 0;
    }
    if (dirty) /* a write leaves no stale copy elsewhere */
      for (uint32_t p = 0; p < l2->p.nparts; p++)
        if (p != home && p != near) sim_cache_drop(&l2->tags[p], b, mask);
    sim_cache_access(&l2->tags[home], b, 1, &r);
    if (!r.valid) continue;
    *r.valid |= mask;
    if (dirty) *r.dirty |= mask;
    *r.ready = 0;
  }
}

static void sim_sample_warm(void *self, const sim_xwave *x, uint32_t pc) {
  sim_sample *s = self;
  const sim_ctx *c = s->f.c;
  const isa_wave *w = x->w;
  const isa_access *a = &w->access;
  if (c->dec[pc].unit != ISA_UNIT_VMEM || a->space != ISA_SPACE_GLOBAL || !a->mask) return;
  sim_l2 *l2 = &c->d->mem.l2;
  /* the partition of the CU the group would have run on (any: dispatch
   * spreads them), which keeps clean copies of far lines as in sim_l2 */
  uint64_t g = x->gid[0] + c->ngroups[0] * (x->gid[1] + c->ngroups[1] * x->gid[2]);
  uint32_t near = (uint32_t)(g % (uint64_t)c->d->cfg.cu_count) % l2->p.nparts;
  const isa_tex_access *t = w->tex;
  if ((isa_ops[c->k->code[pc].op].flags & ISA_F_IMAGE) && t) {
    /* an image instruction: every texel it touched, as the texture path
     * requests them (isa_access holds only each lane's first) */
    for (uint32_t i = 0; i < c->wave_size; i++)
      for (uint32_t k = 0; (t->mask >> i & 1) && k < t->ntaps[i]; k++)
        sim_sample_warm_range(l2, near, t->addr[i][k], t->addr[i][k] + t->size - 1,
                              t->kind == ISA_F_STORE);
    return;
  }
  int dirty = (a->kind & (ISA_F_STORE | ISA_F_ATOMIC)) != 0;
  for (uint32_t i = 0; i < c->wave_size; i++)
    if (a->mask >> i & 1)
      sim_sample_warm_range(l2, near, a->addr[i], a->addr[i] + (a->size ? a->size : 1) - 1, dirty);
}

static const sim_hooks sim_sample_warm_hooks = {.step = sim_sample_warm};

int sim_sample_init(sim_sample *s, sim_ctx *c) {
  memset(s, 0, sizeof *s);
  const cfg_device *cfg = &c->d->cfg;
  const sim_launch *l = c->l;
  /* the checks and the timeline watch every group in its timing-model slot;
   * a fast-forwarded one has none, so such launches are timed in full */
  if (!l->sample || l->functional_only || l->checks || l->trace) return 0;
  s->round = (uint64_t)cfg->cu_count * c->occ.wgs_per_cu;
  uint64_t rounds = s->round ? c->total_groups / s->round : 0;
  uint64_t warm = (uint64_t)cfg->sample_warmup_rounds, win = (uint64_t)cfg->sample_window_rounds;
  uint32_t m = (uint32_t)cfg->sample_windows;
  uint64_t detail = warm + (m + 1) * win; /* rounds timed in detail, besides the partial one */
  if (rounds < (uint64_t)cfg->sample_min_rounds || rounds <= detail + m) return 0;
  s->warm = warm * s->round;
  s->win = win * s->round;
  s->m = m;
  s->skip_start = calloc(m, sizeof *s->skip_start);
  s->skip_len = calloc(m, sizeof *s->skip_len);
  s->fit = calloc((size_t)m * 5, sizeof *s->fit);
  s->t_after = calloc(m, sizeof *s->t_after);
  if (!s->skip_start || !s->skip_len || !s->fit || !s->t_after || sim_fexec_init(&s->f, c) != 0)
    return -1;
  if (cfg->sample_warm_l2 && s->f.x.nobs < SIM_EXEC_OBSERVERS)
    s->f.x.obs[s->f.x.nobs++] = (sim_observer){&sim_sample_warm_hooks, s};
  /* the skipped rounds, spread evenly (the earlier blocks one round longer) */
  uint64_t skip = rounds - detail, g = s->warm + s->win;
  for (uint32_t b = 0; b < m; b++) {
    s->skip_start[b] = g;
    s->skip_len[b] = (skip / m + (b < skip % m)) * s->round;
    g += s->skip_len[b] + s->win;
  }
  s->on = 1;
  return 0;
}

sim_status sim_sample_next(sim_sample *s, uint64_t *g) {
  if (!s->on) return SIM_OK;
  if (s->next_skip < s->m && *g == s->skip_start[s->next_skip]) {
    uint32_t b = s->next_skip++;
    /* the checks are off in a sampled launch: every group may use slot 0 */
    for (uint64_t k = 0; k < s->skip_len[b]; k++) {
      if (sim_fexec_group(&s->f, *g + k, 0) != SIM_OK) return SIM_FAULT;
      sim_progress_tick(&s->f.c->prog, 1, 0); /* a skipped group is done too */
    }
    *g += s->skip_len[b];
    s->skipped += s->skip_len[b];
  }
  return SIM_OK;
}

void sim_sample_fit(sim_sample *s, uint64_t g, uint64_t t) {
  if (!s->on || g < s->warm) return;
  /* the first group after skipped block b: measured window b ends here */
  for (uint32_t b = 0; b < s->m; b++)
    if (g == s->skip_start[b] + s->skip_len[b]) s->t_after[b] = t;
  /* the measured window g belongs to, if any */
  for (uint32_t k = 0; k < s->m; k++) {
    uint64_t first = k ? s->skip_start[k - 1] + s->skip_len[k - 1] : s->warm;
    if (g < first) return;
    if (g < first + s->win) {
      /* its index: the window's groups placed before it (CUs place the
       * groups they hold as their slots free, not in group order) */
      double *f = &s->fit[5 * k], i = f[0], x = (double)t;
      f[0] += 1, f[1] += i, f[2] += x, f[3] += i * i, f[4] += i * x;
      return;
    }
  }
}

uint64_t sim_sample_finish(sim_sample *s, uint64_t end) {
  sim_stats *st = s->f.c ? s->f.c->st : NULL;
  if (!s->on || !st) return end;
  /* cycles per group of each measured window: the least-squares slope of
   * the cycle each of its groups was placed at over its index. Placements
   * come in bursts (groups started together finish together); a fit over
   * whole rounds uses every one, where two end points would each land
   * anywhere in a burst */
  double cpg[64], sum = 0;
  uint32_t m = s->m;
  for (uint32_t k = 0; k < m; k++) {
    const double *f = &s->fit[5 * k];
    double den = f[0] * f[3] - f[1] * f[1];
    /* a window of one group (a round of one: a tiny device) has no slope:
     * from its placement to the next group's */
    cpg[k] = den > 0 ? (f[0] * f[4] - f[1] * f[2]) / den
                     : ((double)s->t_after[k] - f[2]) / (double)s->win;
    sum += cpg[k];
  }
  /* block b (between windows b-1 and b; the last window is not measured)
   * at the mean rate of the windows around it */
  double est = 0;
  for (uint32_t b = 0; b < m; b++) {
    double c = b + 1 < m ? (cpg[b] + cpg[b + 1]) / 2 : cpg[b];
    est += (double)s->skip_len[b] * c;
  }
  double mean = sum / m, var = 0;
  for (uint32_t k = 0; k < m; k++) var += (cpg[k] - mean) * (cpg[k] - mean);
  var /= m > 1 ? m - 1 : 1;
  /* the error bound: a 95 % interval of the mean cycles per group over the
   * windows (Student's t, m - 1 degrees of freedom), times the skipped
   * groups, relative to the estimate */
  double half = sim_t95(m - 1) * sqrt(var / m) * (double)s->skipped;
  uint64_t total = end + (uint64_t)(est + 0.5);
  st->sampled = 1;
  st->sample_detailed_groups = s->f.c->total_groups - s->skipped;
  st->sample_simulated_cycles = end;
  st->sample_error_bound = total ? half / (double)total : 0;
  return total;
}

void sim_sample_fini(sim_sample *s) {
  sim_fexec_fini(&s->f);
  free(s->skip_start);
  free(s->skip_len);
  free(s->fit);
  free(s->t_after);
  memset(s, 0, sizeof *s);
}
