/* DRAM in the timing model: channels interleaved by address, each a
 * bandwidth queue with its controller's load-dependent queueing and a
 * write queue, and banks with an open row (open-page policy) or none. */
#ifndef WAVESIM_SIM_DRAM_H
#define WAVESIM_SIM_DRAM_H

#include "cfg.h"
#include "sim_port.h"
#include "sim_res.h"

/* dram.queue_window is measured as a moving sum of this many sub-windows,
 * so the utilization moves smoothly instead of jumping once a window */
#define SIM_DRAM_WIN_SUB 8u

typedef struct sim_dram_params {
  uint32_t nchan, nbanks;
  int open_rows;    /* dram.row_policy open */
  int channel_hash; /* dram.channel_hash */
  uint64_t interleave, row_bytes;
  double row_miss_cycles;      /* dram.row_miss_cycles (tRP + tRCD) */
  uint64_t latency;            /* dram.latency */
  double chan_cycles_per_byte; /* channels split the bandwidth evenly */
  double write_backlog;        /* dram.write_queue as cycles of a channel's queue; 0: unbounded */
  double queue_cycles, queue_window, queue_max_util;
} sim_dram_params;

/* Its counters: the stats.def rows of group `dram` (stats_group.h). */
typedef struct sim_dram_stats {
#define SIM_STATS_GROUP_dram SIM_STATS_YES
#include "stats_fields.h"
#undef SIM_STATS_GROUP_dram
} sim_dram_stats;

typedef struct sim_dram {
  sim_dram_stats stats; /* this launch's; zeroed by reset */
  sim_dram_params p;
  sim_res *chan;      /* per channel: its data bus */
  double *wq_free;    /* per channel: when its queued writes would have drained */
  double *bank_free;  /* nchan * nbanks */
  uint64_t *open_row; /* nchan * nbanks: row + 1, 0 = none open */
  /* controller queueing (dram.queue_cycles): per channel the current
   * sub-window's index, a ring of the transfer cycles that arrived in it
   * and in the SIM_DRAM_WIN_SUB before, and their utilization */
  uint64_t *win_idx;
  double *win_busy, *win_rho; /* win_busy: nchan * (SIM_DRAM_WIN_SUB + 1) */
} sim_dram;

void sim_dram_params_read(sim_dram_params *p, const cfg_device *cfg);
int sim_dram_init(sim_dram *d, const sim_dram_params *p); /* -1: out of memory */
void sim_dram_fini(sim_dram *d);
/* An idle device: queues empty, rows closed, no utilization history. */
void sim_dram_reset(sim_dram *d);

/* The channel, bank and row of a device address. */
void sim_dram_map(const sim_dram *d, uint64_t addr, uint32_t *chan, uint32_t *bank, uint64_t *row);
/* A transfer of `bytes` at addr (within one L2 line) requested at t.
 * Returns the (fractional) cycle its data has crossed the channel; counts
 * row hits and misses. */
double sim_dram_access(sim_dram *d, uint64_t addr, uint32_t bytes, double t);

/* The port the L2 sends through: SIM_REQ_READ fetches sectors `mask` of
 * the block (returns when the data is back: the transfer plus
 * dram.latency, in whole cycles); SIM_REQ_WRITE writes them back (returns
 * when the write queue took them: t, or later when it was full). */
double sim_dram_request(void *dram, const sim_req *r);

#endif
