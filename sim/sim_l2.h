/* The shared L2 of the timing model: address-hashed slices (each a
 * bandwidth queue), partitions with their own tag arrays (a far request
 * crosses between them), the atomic units, and what host transfers leave
 * in it. Its downstream port is the DRAM. */
#ifndef WAVESIM_SIM_L2_H
#define WAVESIM_SIM_L2_H

#include "cfg.h"
#include "sim_cache.h"
#include "sim_port.h"
#include "sim_res.h"

typedef struct sim_l2_params {
  uint64_t bytes;
  uint32_t line, sector, assoc;
  uint32_t nslices, slice_bits, nparts;
  double slice_cycles_per_byte, slice_write_cycles_per_byte; /* bandwidths split over slices */
  double request_cycles, partial_write_cycles;
  uint64_t latency, far_cycles;
  uint32_t nunits, unit_granule; /* l2.atomic_units (0 in the config: one per slice) */
  double atomic_cycles;
  uint64_t host_write_bytes;
} sim_l2_params;

/* Its counters: the stats.def rows of group `l2` (stats_group.h). */
typedef struct sim_l2_stats {
#define SIM_STATS_GROUP_l2 SIM_STATS_YES
#include "stats_fields.h"
#undef SIM_STATS_GROUP_l2
} sim_l2_stats;

typedef struct sim_l2 {
  sim_l2_stats stats; /* this launch's; zeroed by reset */
  sim_l2_params p;
  sim_cache *tags;      /* one tag array per partition; slices split only its bandwidth */
  sim_res *slice;       /* per slice */
  uint64_t *slice_reqs; /* requests per slice this launch */
  sim_res *unit;        /* per atomic unit */
  sim_port down;        /* the DRAM */
} sim_l2;

void sim_l2_params_read(sim_l2_params *p, const cfg_device *cfg);
int sim_l2_init(sim_l2 *l2, const sim_l2_params *p, sim_port down); /* -1: out of memory */
void sim_l2_fini(sim_l2 *l2);
/* Launch start: queues drain; fills in flight at the end of the last launch have landed. */
void sim_l2_reset(sim_l2 *l2);

/* The slice an L2 line address maps to (xor-fold of its line number, then
 * modulo the slice count). */
uint32_t sim_l2_slice(const sim_l2 *l2, uint64_t addr);
/* The atomic unit that serves addr (l2.atomic_units, l2.atomic_granule). */
uint32_t sim_l2_atomic_unit(const sim_l2 *l2, uint64_t addr);

/* The request function of its upstream port: one request from compute
 * unit r->cu for the L2 sectors r->mask of the L2 line at r->addr, arriving
 * at r->t (SIM_REQ_WRITE here carries no `part`: a link splits those off as
 * SIM_REQ_WRITE_PARTIAL). Returns the cycle the data or acknowledgement is
 * back at the compute unit's side. */
double sim_l2_request(void *l2, const sim_req *r);

/* The host (or a copy engine) wrote [addr, addr + size) between launches:
 * lines the L2 holds are written in place and up to l2.host_write_bytes of
 * the others taken in at home, clean. A dirty line this evicts went to DRAM
 * during the transfer, outside any launch's counts. */
void sim_l2_host_write(sim_l2 *l2, uint64_t addr, uint64_t size);

#endif
