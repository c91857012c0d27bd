/* The memory side of one compute unit in the timing model, as one
 * component: its link to the L2, write-combining buffer, vector L1, scalar
 * cache, LDS and texture unit, one instance each with its own state and
 * counters, wired to each other:
 *
 *   tex ── l1 ──┬── wcb ──┐
 *               └─────────┼── link ── (the device's L2, sim_memsys.h)
 *   scache ───────────────┘
 *   lds (on its own pipeline, or the L1's under lds.shares_l1_port)
 *
 * It lives as long as the device: the caches keep their contents across
 * launches, while the rest of the CU (sim_cu.h) is built per launch and
 * reaches this part through its `mem` pointer and the sim_memsys_* calls. */
#ifndef WAVESIM_SIM_CU_MEM_H
#define WAVESIM_SIM_CU_MEM_H

#include "sim_l1.h"
#include "sim_lds.h"
#include "sim_noc.h"
#include "sim_scache.h"
#include "sim_tex.h"
#include "sim_wcb.h"

/* The components' parameters, read once from the config for every CU. */
typedef struct sim_cu_mem_params {
  sim_noc_params noc;
  sim_wcb_params wcb;
  sim_l1_params l1;
  sim_scache_params scache;
  sim_lds_params lds;
  sim_tex_params tex;
  int lds_shares_l1_port; /* lds.shares_l1_port */
} sim_cu_mem_params;

typedef struct sim_cu_mem {
  uint32_t id;    /* its CU's index */
  sim_msgbox box; /* its outbox to the L2 and pending operations (sim_msg.h) */
  sim_noc link;
  sim_wcb wcb;
  sim_l1 l1;
  sim_scache scache;
  sim_lds lds;
  sim_tex tex;
} sim_cu_mem;

void sim_cu_mem_params_read(sim_cu_mem_params *p, const cfg_device *cfg);
/* CU id's memory side, its link sending to `l2` (the L2's request port). m
 * must not move afterwards (the components point at each other). -1: out
 * of memory (sim_cu_mem_fini cleans up). */
int sim_cu_mem_init(sim_cu_mem *m, const sim_cu_mem_params *p, uint32_t id, sim_port l2);
void sim_cu_mem_fini(sim_cu_mem *m);
/* Queues drain and counters zero (the device was idle); cache contents
 * stay. msgs: the link's requests become messages (a timing launch) or are
 * answered at once. */
void sim_cu_mem_reset(sim_cu_mem *m, int msgs);
/* Launch start: the L1 gives `lds_bytes` to shared memory when unified
 * with it; then the caches that invalidate at kernel boundaries do
 * (l1/scache.invalidate_on_launch; a write-back L1 sends its dirty sectors
 * first). */
void sim_cu_mem_launch_start(sim_cu_mem *m, uint64_t lds_bytes);
/* The caches that invalidate at kernel boundaries do (as at launch start). */
void sim_cu_mem_invalidate(sim_cu_mem *m);
/* Zeroes its components' counters. */
void sim_cu_mem_clear_stats(sim_cu_mem *m);
/* Adds its components' counters (every stats.def row of groups l1,
 * scalar_cache, lds and texture) into st. */
void sim_cu_mem_collect(const sim_cu_mem *m, sim_stats *st);

#endif
