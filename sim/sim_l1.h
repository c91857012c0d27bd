/* A compute unit's vector L1 in the timing model (an instance per CU, in
 * its memory side, sim_cu_mem.h): its memory pipeline
 * (lines in order at l1.bytes_per_cycle), tag array, MSHRs, write policy,
 * and the path of global atomics past it. Its downstream ports are the
 * write-combining buffer (stores of a write-through L1, when configured)
 * and the link to the L2. */
#ifndef WAVESIM_SIM_L1_H
#define WAVESIM_SIM_L1_H

#include "cfg.h"
#include "isa.h"
#include "sim_cache.h"
#include "sim_msg.h"
#include "sim_port.h"
#include "sim_res.h"
#include "sim_wcb.h"

typedef struct sim_l1_params {
  uint64_t bytes;
  uint32_t line, sector, assoc;
  uint32_t bytes_per_cycle;
  uint64_t latency;
  uint32_t mshrs;         /* 0: unlimited */
  int write_back;         /* l1.write_policy write_back */
  int random_replacement; /* l1.replacement random */
  int set_hash;           /* l1.set_hash */
  int invalidate_on_launch;
  int fill_partial;     /* l2.partial_write_fill: stores tell whole sectors from parts */
  int track_partial;    /* per-byte coverage of stores is tracked (sectors <= 64 bytes) */
  int unified_with_lds; /* l1.unified_with_lds: shared memory's carve-out takes ways */
  uint64_t min_lds_carveout;
} sim_l1_params;

/* Its counters: the stats.def rows of group `l1` (stats_group.h). */
typedef struct sim_l1_stats {
#define SIM_STATS_GROUP_l1 SIM_STATS_YES
#include "stats_fields.h"
#undef SIM_STATS_GROUP_l1
} sim_l1_stats;

typedef struct sim_l1 {
  sim_l1_stats stats; /* this launch's; zeroed by reset */
  sim_l1_params p;
  uint32_t cu; /* the compute unit it belongs to (its requests' sender) */
  sim_cache tags;
  sim_pipe pipe; /* when its memory pipeline takes the next line */
  sim_heap mshr; /* the cycles its outstanding fills return */
  uint64_t *cov; /* scratch: per coalesced line and sector, the bytes a store writes */
  sim_wcb *wcb;  /* NULL: stores go straight to the link */
  sim_port down; /* the link to the L2 (line/sector: the L2's) */
  /* its CU's outbox (NULL: none): the requests behind its MSHRs and line
   * fill times, which the merge makes real (sim_msg.h) */
  sim_msgbox *box;
} sim_l1;

void sim_l1_params_read(sim_l1_params *p, const cfg_device *cfg);
/* CU cu's L1; wcb: the buffer stores go through (NULL or one with no
 * entries: none); box: the CU's outbox its link sends into (NULL: none).
 * -1: out of memory (sim_l1_fini cleans up). */
int sim_l1_init(sim_l1 *l1, const sim_l1_params *p, uint32_t cu, sim_wcb *wcb, sim_port down,
                sim_msgbox *box);
void sim_l1_fini(sim_l1 *l1);
void sim_l1_reset(sim_l1 *l1);
/* Its memory pipeline (which the CU's LDS may share). */
sim_pipe *sim_l1_pipe(sim_l1 *l1);
/* A launch whose work-groups need `lds_bytes` of shared memory per CU:
 * under l1.unified_with_lds the carve-out comes out of the L1's ways (what
 * NVIDIA's unified L1/shared memory does per kernel). */
void sim_l1_carve_out(sim_l1 *l1, uint64_t lds_bytes);
/* Launch start under l1.invalidate_on_launch: the previous kernel's
 * release would have written a write-back L1's dirty sectors to the L2;
 * they are sent now, at cycle 0, so their traffic is counted rather than
 * lost. Then the L1 is emptied. */
void sim_l1_launch_invalidate(sim_l1 *l1);

/* A vector (global or scratch) access of its CU issued at `now`. Returns
 * the cycle its last line completes; counts hits, misses, sectors and the
 * coalesced line requests (*nreq). */
uint64_t sim_l1_access(sim_l1 *l1, uint64_t now, const isa_access *a, uint32_t *nreq);

/* The same, also giving the line lookups of a load that hit and missed
 * (the texture path counts its own share). */
uint64_t sim_l1_access_counted(sim_l1 *l1, uint64_t now, const isa_access *a, uint32_t *nreq,
                               uint32_t *hits, uint32_t *misses);

#endif
