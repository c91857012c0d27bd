/* A compute unit's texture unit: throughput in texels per cycle,
 * the texels' lines fetched through its L1 a tap index at a time,
 * and the pipeline's latency beyond the L1's. */
#include <string.h>

#include "sim_tex.h"

void sim_tex_params_read(sim_tex_params *p, const cfg_device *cfg) {
  memset(p, 0, sizeof *p);
  p->taps_per_cycle = cfg->texture_taps_per_cycle;
  p->latency = (uint64_t)cfg->texture_latency;
  p->load_latency = (uint64_t)cfg->texture_load_latency;
}

void sim_tex_init(sim_tex *x, const sim_tex_params *p, sim_l1 *l1) {
  memset(x, 0, sizeof *x);
  x->p = *p;
  x->l1 = l1;
}

void sim_tex_reset(sim_tex *x) {
  memset(&x->stats, 0, sizeof x->stats);
  x->unit.free = 0;
}

uint64_t sim_tex_access(sim_tex *x, uint64_t now, const isa_tex_access *t, uint32_t *nreq) {
  uint32_t taps = t->taps;
  x->stats.tex_instructions++;
  x->stats.tex_taps += taps;
  uint64_t at = now;
  if (x->p.taps_per_cycle > 0) {
    double busy = (double)taps / x->p.taps_per_cycle;
    at = sim_ceil(sim_res_take(&x->unit, (double)now, busy) + busy);
    x->stats.tex_filter_cycles += sim_ceil(busy);
  }
  /* tap k of every lane is one access: the lanes' k-th texels are
   * neighbours, as a wave's addresses are for a buffer */
  *nreq = 0;
  uint64_t done = at + 1;
  for (uint32_t k = 0; k < ISA_IMAGE_MAX_TAPS; k++) {
    isa_access a;
    a.space = ISA_SPACE_GLOBAL;
    a.size = t->size;
    a.kind = t->kind;
    a.mask = 0;
    for (uint64_t mk = t->mask; mk; mk &= mk - 1) {
      unsigned i = (unsigned)__builtin_ctzll(mk);
      if (t->ntaps[i] <= k) continue;
      a.mask |= 1ull << i;
      a.addr[i] = t->addr[i][k];
    }
    if (!a.mask) break;
    uint32_t n, hits, misses;
    uint64_t d = sim_l1_access_counted(x->l1, at, &a, &n, &hits, &misses);
    *nreq += n;
    x->stats.tex_hits += hits;
    x->stats.tex_misses += misses;
    if (d > done) done = d;
  }
  if (!(t->kind & ISA_F_LOAD)) return done;
  return done + (t->sampled ? x->p.latency : x->p.load_latency);
}
