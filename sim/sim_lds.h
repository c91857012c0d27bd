/* The LDS (shared memory) of a compute unit in the timing model (an
 * instance per CU, in its memory side, sim_cu_mem.h): its banks (conflicts
 * and broadcast, atomics), and its data pipeline, which
 * NVIDIA's shared memory shares with the L1 (lds.shares_l1_port). */
#ifndef WAVESIM_SIM_LDS_H
#define WAVESIM_SIM_LDS_H

#include "cfg.h"
#include "isa.h"
#include "sim.h"
#include "sim_res.h"

#define SIM_LDS_MAX_BANKS 128u /* lds.banks maximum (cfg_schema.def): per-bank counters */

typedef struct sim_lds_params {
  uint32_t banks, bank_width, phase_bytes;
  int broadcast;          /* lds.broadcast */
  uint32_t atomic_passes; /* lds.atomic_passes: passes per read-modify-write */
  int atomic_combine;     /* lds.atomic_combine */
  uint64_t latency;
} sim_lds_params;

/* Its counters: the stats.def rows of group `lds` (stats_group.h). */
typedef struct sim_lds_stats {
#define SIM_STATS_GROUP_lds SIM_STATS_YES
#include "stats_fields.h"
#undef SIM_STATS_GROUP_lds
} sim_lds_stats;

typedef struct sim_lds {
  sim_lds_stats stats; /* this launch's; zeroed by reset */
  sim_lds_params p;
  sim_pipe own;   /* its data pipeline */
  sim_pipe *pipe; /* the pipeline it uses (its own or the L1's); set by init: l must not move */
} sim_lds;

void sim_lds_params_read(sim_lds_params *p, const cfg_device *cfg);
void sim_lds_init(sim_lds *l, const sim_lds_params *p);
void sim_lds_reset(sim_lds *l);
/* The LDS takes turns on `pipe` (its CU's L1's) instead of its own. */
void sim_lds_share_pipe(sim_lds *l, sim_pipe *pipe);

/* A wave's LDS access at `now`: passes for its bank conflicts (an
 * atomic's read-modify-writes, lanes on one word combined when the
 * hardware would: `combinable`, a no-return increment, and
 * lds.atomic_combine) through its pipeline. Returns the cycle its data is
 * back; *conflict gets the passes beyond the conflict-free minimum. */
uint64_t sim_lds_access(sim_lds *l, uint64_t now, const isa_access *a, int combinable,
                        uint64_t *conflict);
/* The passes access `a` takes on an LDS with parameters p (at least 1), as
 * sim_lds_access counts them; *ideal gets the conflict-free minimum. Also
 * what `wavesim compile` reports for the addresses it can work out. */
uint32_t sim_lds_cost(const sim_lds_params *p, const isa_access *a, int combinable,
                      uint32_t *ideal);
/* `cycles` of its pipeline taken at `now` by something else (barrier arrivals). */
void sim_lds_occupy(sim_lds *l, uint64_t now, uint64_t cycles);

/* LDS passes an access needs: the most distinct bank words any one bank
 * serves (identical words broadcast when `broadcast`), at least 1 when any
 * lane is active. With phase_bytes (lds.phase_bytes; 0: none) a wave whose
 * lanes each ask for `size` bytes is served in groups of phase_bytes / size
 * consecutive lanes, one after another, each taking at least a pass.
 * *ideal gets the passes the bytes need without conflicts (at least one
 * per phase). */
uint32_t sim_lds_passes(const isa_access *a, uint32_t banks, uint32_t bank_width, int broadcast,
                        uint32_t phase_bytes, uint32_t *ideal);
/* LDS passes of an atomic: as sim_lds_passes, but lanes on one word take a
 * pass each unless `combine` (then they share one). */
uint32_t sim_lds_atomic_passes(const isa_access *a, uint32_t banks, uint32_t bank_width,
                               int combine, uint32_t *ideal);
/* Whether lds.atomic_combine applies to opcode op (the increments). */
int sim_lds_atomic_combinable(uint16_t op);

#endif
