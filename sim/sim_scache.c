/* A compute unit's scalar cache: a tag array whose misses fetch the
 * whole line from the L2 over the CU's link. */
#include <string.h>

#include "sim_scache.h"

void sim_scache_params_read(sim_scache_params *p, const cfg_device *cfg) {
  memset(p, 0, sizeof *p);
  p->bytes = (uint64_t)cfg->scache_bytes;
  p->line = (uint32_t)cfg->scache_line;
  p->assoc = (uint32_t)cfg->scache_assoc;
  p->latency = (uint64_t)cfg->lat_smem;
  p->invalidate_on_launch = cfg->scache_invalidate_on_launch != 0;
}

int sim_scache_init(sim_scache *s, const sim_scache_params *p, uint32_t cu, sim_port down,
                    sim_msgbox *box) {
  memset(s, 0, sizeof *s);
  s->box = box;
  s->p = *p;
  s->cu = cu;
  s->down = down;
  return sim_cache_init(&s->tags, p->bytes, p->line, p->assoc) != 0 ? -1 : 0;
}

void sim_scache_fini(sim_scache *s) {
  sim_cache_fini(&s->tags);
  memset(s, 0, sizeof *s);
}

void sim_scache_reset(sim_scache *s) {
  memset(&s->stats, 0, sizeof s->stats);
  sim_cache_clear_ready(&s->tags);
}

void sim_scache_launch_invalidate(sim_scache *s) {
  if (s->p.invalidate_on_launch) sim_cache_invalidate_all(&s->tags);
}

uint64_t sim_scache_load(sim_scache *s, uint64_t now, uint64_t addr) {
  uint64_t lat = s->p.latency;
  sim_cache_ref r;
  sim_cache_access(&s->tags, addr, 1, &r);
  if (r.hit) {
    s->stats.scalar_cache_hits++;
    /* a line still on its way: the load waits for its request's real answer */
    if (*r.ready > now && s->box) sim_msgbox_join(s->box, *r.tok);
    return now + lat > *r.ready ? now + lat : *r.ready;
  }
  s->stats.scalar_cache_misses++;
  /* the whole line comes from the L2 over the CU's link */
  uint32_t sl = s->p.line;
  sim_req q = {.addr = addr & ~(uint64_t)(sl - 1),
               .mask = 1,
               .block = sl,
               .sector = sl,
               .cu = s->cu,
               .kind = SIM_REQ_READ,
               .t = (double)now};
  uint64_t t = (uint64_t)sim_port_send(&s->down, &q) + lat;
  if (r.ready) {
    *r.ready = t, *r.valid = 1;
    uint32_t req = s->box && s->box->on ? sim_msgbox_last(s->box) : SIM_MSG_NONE;
    *r.tok = req == SIM_MSG_NONE ? 0 : req + 1;
    sim_msgbox_watch(s->box, req, &s->tags, q.addr, t, NULL);
  }
  return t;
}
