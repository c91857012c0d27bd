/* Each compute unit's scalar cache: a tag array whose misses fetch the
 * whole line from the L2 over the CU's link. */
#include <stdlib.h>
#include <string.h>

#include "sim_scache.h"

void sim_scache_params_read(sim_scache_params *p, const cfg_device *cfg) {
  memset(p, 0, sizeof *p);
  p->ncu = (uint32_t)cfg->cu_count;
  p->bytes = (uint64_t)cfg->scache_bytes;
  p->line = (uint32_t)cfg->scache_line;
  p->assoc = (uint32_t)cfg->scache_assoc;
  p->latency = (uint64_t)cfg->lat_smem;
  p->invalidate_on_launch = cfg->scache_invalidate_on_launch != 0;
}

int sim_scache_init(sim_scache *s, const sim_scache_params *p, sim_port down) {
  memset(s, 0, sizeof *s);
  s->p = *p;
  s->down = down;
  s->tags = calloc(p->ncu, sizeof *s->tags);
  int bad = !s->tags;
  for (uint32_t i = 0; !bad && i < p->ncu; i++)
    bad = sim_cache_init(&s->tags[i], p->bytes, p->line, p->assoc) != 0;
  if (bad) {
    sim_scache_fini(s);
    return -1;
  }
  return 0;
}

void sim_scache_fini(sim_scache *s) {
  for (uint32_t i = 0; s->tags && i < s->p.ncu; i++) sim_cache_fini(&s->tags[i]);
  free(s->tags);
  memset(s, 0, sizeof *s);
}

void sim_scache_reset(sim_scache *s) {
  memset(&s->stats, 0, sizeof s->stats);
  for (uint32_t i = 0; i < s->p.ncu; i++) sim_cache_clear_ready(&s->tags[i]);
}

void sim_scache_launch_invalidate(sim_scache *s) {
  for (uint32_t i = 0; s->p.invalidate_on_launch && i < s->p.ncu; i++)
    sim_cache_invalidate_all(&s->tags[i]);
}

uint64_t sim_scache_load(sim_scache *s, uint32_t cu, uint64_t now, uint64_t addr) {
  uint64_t lat = s->p.latency;
  sim_cache_ref r;
  sim_cache_access(&s->tags[cu], addr, 1, &r);
  if (r.hit) {
    s->stats.scalar_cache_hits++;
    return now + lat > *r.ready ? now + lat : *r.ready;
  }
  s->stats.scalar_cache_misses++;
  /* the whole line comes from the L2 over the CU's link */
  uint32_t sl = s->p.line;
  sim_req q = {.addr = addr & ~(uint64_t)(sl - 1),
               .mask = 1,
               .block = sl,
               .sector = sl,
               .cu = cu,
               .kind = SIM_REQ_READ,
               .t = (double)now,
               .issue = now};
  uint64_t t = (uint64_t)sim_port_send(&s->down, &q) + lat;
  if (r.ready) *r.ready = t, *r.valid = 1;
  return t;
}
