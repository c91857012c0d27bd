/* A compute unit's scalar (constant) cache in the timing model (an instance
 * per CU, in its memory side, sim_cu_mem.h): whole lines filled over the
 * CU's link to the L2 (its downstream port). */
#ifndef WAVESIM_SIM_SCACHE_H
#define WAVESIM_SIM_SCACHE_H

#include "cfg.h"
#include "sim_cache.h"
#include "sim_msg.h"
#include "sim_port.h"

typedef struct sim_scache_params {
  uint64_t bytes;
  uint32_t line, assoc;
  uint64_t latency; /* lat_smem: a hit's */
  int invalidate_on_launch;
} sim_scache_params;

/* Its counters: the stats.def rows of group `scalar_cache` (stats_group.h). */
typedef struct sim_scache_stats {
#define SIM_STATS_GROUP_scalar_cache SIM_STATS_YES
#include "stats_fields.h"
#undef SIM_STATS_GROUP_scalar_cache
} sim_scache_stats;

typedef struct sim_scache {
  sim_scache_stats stats; /* this launch's; zeroed by reset */
  sim_scache_params p;
  uint32_t cu; /* the compute unit it belongs to (its requests' sender) */
  sim_cache tags;
  sim_port down; /* the link to the L2 */
  sim_msgbox *box; /* its CU's outbox (NULL: none): line fill times the merge makes real */
} sim_scache;

void sim_scache_params_read(sim_scache_params *p, const cfg_device *cfg);
/* CU cu's scalar cache. -1: out of memory. */
int sim_scache_init(sim_scache *s, const sim_scache_params *p, uint32_t cu, sim_port down,
                    sim_msgbox *box);
void sim_scache_fini(sim_scache *s);
void sim_scache_reset(sim_scache *s);
/* Launch start under scache.invalidate_on_launch: the cache empties. */
void sim_scache_launch_invalidate(sim_scache *s);
/* A scalar load of addr by its CU at `now`; returns when its data is back. */
uint64_t sim_scache_load(sim_scache *s, uint64_t now, uint64_t addr);

#endif
