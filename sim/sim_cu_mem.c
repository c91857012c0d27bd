/* The memory side of one compute unit: builds its components from their
 * parameters, wires them (texture unit -> L1 -> write-combining buffer or
 * link, scalar cache -> link, the LDS on the L1's pipeline when they share
 * one) and adds their counters to a launch's. */
#include <string.h>

#include "sim_cu_mem.h"
#include "stats_group.h"

void sim_cu_mem_params_read(sim_cu_mem_params *p, const cfg_device *cfg) {
  memset(p, 0, sizeof *p);
  sim_noc_params_read(&p->noc, cfg);
  sim_wcb_params_read(&p->wcb, cfg);
  sim_l1_params_read(&p->l1, cfg);
  sim_scache_params_read(&p->scache, cfg);
  sim_lds_params_read(&p->lds, cfg);
  sim_tex_params_read(&p->tex, cfg);
  p->lds_shares_l1_port = cfg->lds_shares_l1_port != 0;
}

int sim_cu_mem_init(sim_cu_mem *m, const sim_cu_mem_params *p, uint32_t id, sim_port l2) {
  memset(m, 0, sizeof *m);
  m->id = id;
  sim_msgbox_init(&m->box, id, p->noc.l2_latency);
  /* from the link up, so each component's downstream exists when it is built */
  sim_noc_init(&m->link, &p->noc, l2, &m->box);
  sim_port link = sim_noc_port(&m->link);
  if (sim_wcb_init(&m->wcb, &p->wcb, id, link) != 0 ||
      sim_l1_init(&m->l1, &p->l1, id, &m->wcb, link, &m->box) != 0 ||
      sim_scache_init(&m->scache, &p->scache, id, link, &m->box) != 0) {
    sim_cu_mem_fini(m);
    return -1;
  }
  sim_lds_init(&m->lds, &p->lds);
  sim_tex_init(&m->tex, &p->tex, &m->l1);
  /* NVIDIA's shared memory and L1 take turns on one data pipeline */
  if (p->lds_shares_l1_port) sim_lds_share_pipe(&m->lds, sim_l1_pipe(&m->l1));
  return 0;
}

void sim_cu_mem_fini(sim_cu_mem *m) {
  /* each fini accepts a component that was never built (all zero) */
  sim_scache_fini(&m->scache);
  sim_l1_fini(&m->l1);
  sim_wcb_fini(&m->wcb);
  sim_msgbox_fini(&m->box);
  memset(m, 0, sizeof *m);
}

void sim_cu_mem_reset(sim_cu_mem *m, int msgs) {
  sim_msgbox_reset(&m->box, msgs);
  sim_l1_reset(&m->l1);
  sim_lds_reset(&m->lds);
  sim_tex_reset(&m->tex);
  sim_scache_reset(&m->scache);
  sim_noc_reset(&m->link);
}

void sim_cu_mem_invalidate(sim_cu_mem *m) {
  sim_l1_launch_invalidate(&m->l1);
  sim_scache_launch_invalidate(&m->scache);
}

void sim_cu_mem_launch_start(sim_cu_mem *m, uint64_t lds_bytes) {
  sim_l1_carve_out(&m->l1, lds_bytes);
  sim_cu_mem_invalidate(m);
}

void sim_cu_mem_clear_stats(sim_cu_mem *m) {
  memset(&m->l1.stats, 0, sizeof m->l1.stats);
  memset(&m->scache.stats, 0, sizeof m->scache.stats);
  memset(&m->lds.stats, 0, sizeof m->lds.stats);
  memset(&m->tex.stats, 0, sizeof m->tex.stats);
}

/* Every stats.def row of an owned group, added from its owner
 * (stats_group.h): integer sums, so the order the CUs are added in cannot
 * change the launch's totals. */
void sim_cu_mem_collect(const sim_cu_mem *m, sim_stats *st) {
#define SIM_STATS_GROUP_l1 SIM_STATS_YES
#define SIM_STATS_GROUP_scalar_cache SIM_STATS_YES
#define SIM_STATS_GROUP_lds SIM_STATS_YES
#define SIM_STATS_GROUP_texture SIM_STATS_YES
  /* the component that owns each of those groups */
#define OWNER_l1 m->l1.stats
#define OWNER_scalar_cache m->scache.stats
#define OWNER_lds m->lds.stats
#define OWNER_texture m->tex.stats
#define STAT(group, field, ctype, sql, since, unit, doc)                                           \
  SIM_STATS_IF(group, st->field += OWNER_##group.field;)
#include "stats.def"
#undef OWNER_l1
#undef OWNER_scalar_cache
#undef OWNER_lds
#undef OWNER_texture
#undef SIM_STATS_GROUP_l1
#undef SIM_STATS_GROUP_scalar_cache
#undef SIM_STATS_GROUP_lds
#undef SIM_STATS_GROUP_texture
}
