/* The memory hierarchy as a composition: builds each component from the
 * config, wires their ports (L1 and scalar cache -> link -> L2 -> DRAM,
 * stores through the write-combining buffer), and forwards the timing
 * model's calls. */
#include <stdio.h>
#include <string.h>

#include "sim_internal.h"
#include "stats_group.h"

static sim_port sim_memsys_port(sim_req_fn fn, void *to, uint32_t line, uint32_t sector) {
  return (sim_port){fn, to, line, sector};
}

int sim_memsys_init(sim_memsys *m, const cfg_device *cfg, char *err, size_t errlen) {
  memset(m, 0, sizeof *m);
  sim_dram_params dp;
  sim_l2_params l2p;
  sim_noc_params np;
  sim_wcb_params wp;
  sim_l1_params l1p;
  sim_scache_params sp;
  sim_lds_params lp;
  sim_tex_params tp;
  sim_dram_params_read(&dp, cfg);
  sim_l2_params_read(&l2p, cfg);
  sim_noc_params_read(&np, cfg);
  sim_wcb_params_read(&wp, cfg);
  sim_l1_params_read(&l1p, cfg);
  sim_scache_params_read(&sp, cfg);
  sim_lds_params_read(&lp, cfg);
  sim_tex_params_read(&tp, cfg);
  /* from the DRAM up, so each component's downstream exists when it is built */
  int bad = sim_dram_init(&m->dram, &dp) != 0;
  bad = bad || sim_l2_init(&m->l2, &l2p, sim_memsys_port(sim_dram_request, &m->dram, 0, 0)) != 0;
  bad = bad || sim_noc_init(&m->noc, &np,
                            sim_memsys_port(sim_l2_request, &m->l2, l2p.line, l2p.sector)) != 0;
  bad = bad || sim_wcb_init(&m->wcb, &wp, sim_noc_port(&m->noc)) != 0;
  bad = bad || sim_l1_init(&m->l1, &l1p, &m->wcb, sim_noc_port(&m->noc)) != 0;
  bad = bad || sim_scache_init(&m->scache, &sp, sim_noc_port(&m->noc)) != 0;
  bad = bad || sim_lds_init(&m->lds, &lp) != 0;
  bad = bad || sim_tex_init(&m->tex, &tp, &m->l1) != 0;
  if (bad) {
    snprintf(err, errlen, "out of memory allocating the cache tag arrays and memory queues");
    sim_memsys_fini(m);
    return -1;
  }
  /* NVIDIA's shared memory and L1 take turns on one data pipeline */
  for (uint32_t cu = 0; cfg->lds_shares_l1_port && cu < lp.ncu; cu++)
    sim_lds_share_pipe(&m->lds, cu, sim_l1_pipe(&m->l1, cu));
  return 0;
}

void sim_memsys_fini(sim_memsys *m) {
  /* each fini accepts a component that was never built (all zero) */
  sim_tex_fini(&m->tex);
  sim_lds_fini(&m->lds);
  sim_scache_fini(&m->scache);
  sim_l1_fini(&m->l1);
  sim_wcb_fini(&m->wcb);
  sim_noc_fini(&m->noc);
  sim_l2_fini(&m->l2);
  sim_dram_fini(&m->dram);
}

void sim_memsys_clear_stats(sim_memsys *m) {
  memset(&m->l1.stats, 0, sizeof m->l1.stats);
  memset(&m->scache.stats, 0, sizeof m->scache.stats);
  memset(&m->lds.stats, 0, sizeof m->lds.stats);
  memset(&m->tex.stats, 0, sizeof m->tex.stats);
  memset(&m->l2.stats, 0, sizeof m->l2.stats);
  memset(&m->dram.stats, 0, sizeof m->dram.stats);
}

void sim_memsys_reset(sim_memsys *m) {
  sim_l1_reset(&m->l1);
  sim_lds_reset(&m->lds);
  sim_tex_reset(&m->tex);
  sim_scache_reset(&m->scache);
  sim_noc_reset(&m->noc);
  sim_l2_reset(&m->l2);
  sim_dram_reset(&m->dram);
  m->last_issue = 0;
}

void sim_memsys_invalidate(sim_memsys *m) {
  sim_l1_launch_invalidate(&m->l1);
  sim_scache_launch_invalidate(&m->scache);
}

void sim_memsys_launch_start(sim_memsys *m, uint64_t lds_bytes) {
  sim_memsys_reset(m);
  sim_l1_carve_out(&m->l1, lds_bytes);
  sim_memsys_invalidate(m);
}

uint64_t sim_memsys_launch_end(sim_memsys *m, uint64_t t) {
  return sim_wcb_flush(&m->wcb, t, m->last_issue);
}

uint64_t sim_memsys_vector(sim_memsys *m, uint32_t cu, uint64_t now, const isa_access *a,
                           uint32_t *nreq) {
  m->last_issue = now;
  return sim_l1_access(&m->l1, cu, now, a, nreq);
}

uint64_t sim_memsys_image(sim_memsys *m, uint32_t cu, uint64_t now, const isa_tex_access *t,
                          uint32_t *nreq) {
  m->last_issue = now;
  return sim_tex_access(&m->tex, cu, now, t, nreq);
}

uint64_t sim_memsys_scalar(sim_memsys *m, uint32_t cu, uint64_t now, const isa_access *a) {
  m->last_issue = now;
  return sim_scache_load(&m->scache, cu, now, a->addr[0]);
}

uint64_t sim_memsys_lds(sim_memsys *m, uint32_t cu, uint64_t now, const isa_access *a,
                        int combinable, uint64_t *conflict) {
  return sim_lds_access(&m->lds, cu, now, a, combinable, conflict);
}

void sim_memsys_lds_occupy(sim_memsys *m, uint32_t cu, uint64_t now, uint64_t cycles) {
  sim_lds_occupy(&m->lds, cu, now, cycles);
}

void sim_memsys_host_write(sim_memsys *m, uint64_t addr, uint64_t size) {
  sim_l2_host_write(&m->l2, addr, size);
}

/* Each component's counters into the launch's statistics: every stats.def
 * row of an owned group, copied from its owner (stats_group.h). */
void sim_memsys_collect(const sim_memsys *m, sim_stats *st) {
#define SIM_STATS_GROUP_l1 SIM_STATS_YES
#define SIM_STATS_GROUP_scalar_cache SIM_STATS_YES
#define SIM_STATS_GROUP_lds SIM_STATS_YES
#define SIM_STATS_GROUP_texture SIM_STATS_YES
#define SIM_STATS_GROUP_l2 SIM_STATS_YES
#define SIM_STATS_GROUP_dram SIM_STATS_YES
  /* the component that owns each of those groups */
#define OWNER_l1 m->l1.stats
#define OWNER_scalar_cache m->scache.stats
#define OWNER_lds m->lds.stats
#define OWNER_texture m->tex.stats
#define OWNER_l2 m->l2.stats
#define OWNER_dram m->dram.stats
#define STAT(group, field, ctype, sql, since, unit, doc)                                           \
  SIM_STATS_IF(group, st->field = OWNER_##group.field;)
#include "stats.def"
#undef OWNER_l1
#undef OWNER_scalar_cache
#undef OWNER_lds
#undef OWNER_texture
#undef OWNER_l2
#undef OWNER_dram
#undef SIM_STATS_GROUP_l1
#undef SIM_STATS_GROUP_scalar_cache
#undef SIM_STATS_GROUP_lds
#undef SIM_STATS_GROUP_texture
#undef SIM_STATS_GROUP_l2
#undef SIM_STATS_GROUP_dram
}
