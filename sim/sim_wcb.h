/* The write-combining buffer in front of a write-through L1
 * (l1.write_combine_lines): one compute unit's (an instance per CU, in its
 * memory side, sim_cu_mem.h), a few line entries with the bytes written so
 * far in every sector. Its downstream port is the CU's link to the L2. */
#ifndef WAVESIM_SIM_WCB_H
#define WAVESIM_SIM_WCB_H

#include "cfg.h"
#include "sim_port.h"

typedef struct sim_wcb_params {
  uint32_t entries;      /* l1.write_combine_lines; 0: no buffer */
  uint32_t line, sector; /* the L1's */
  int fill_partial;      /* l2.partial_write_fill: sectors written in part travel as such */
  uint64_t ack_cycles;   /* l1.latency + l2.latency: a buffered store's acknowledgement */
} sim_wcb_params;

typedef struct sim_wcb {
  sim_wcb_params p;
  uint32_t cu; /* the compute unit it belongs to (its requests' sender) */
  /* `entries` slots: line address + 1 (0: free), insertion order, and per
   * sector the bytes written (a bit per byte) */
  uint64_t *line, *seq, *cov;
  uint64_t clock; /* the next insertion number */
  sim_port down;
} sim_wcb;

/* The buffer exists only in front of a write-through L1 whose sectors a
 * bit mask can cover (at most 64 bytes). */
void sim_wcb_params_read(sim_wcb_params *p, const cfg_device *cfg);
/* CU cu's buffer. -1: out of memory. */
int sim_wcb_init(sim_wcb *w, const sim_wcb_params *p, uint32_t cu, sim_port down);
void sim_wcb_fini(sim_wcb *w);
/* Whether it buffers anything (entries configured for a write-through L1). */
int sim_wcb_active(const sim_wcb *w);

/* A store of the L1 line at addr whose bytes per sector are cov[] (line /
 * sector words), at t: merged into the CU's buffer or sent; returns its
 * acknowledgement (for a buffered one, when it would come were the line
 * sent now). A line it evicts for room is posted (nobody waits for it). */
uint64_t sim_wcb_store(sim_wcb *w, uint64_t addr, const uint64_t *cov, uint64_t t);
/* Launch end: the buffered lines go to the L2 at t, oldest first; returns
 * the last acknowledgement (t when the buffer was empty). */
uint64_t sim_wcb_flush(sim_wcb *w, uint64_t t);

/* Sends a store's sectors written whole (`whole`) and in part (`part`) of
 * the `block`-byte line at addr through `down` at t. Without
 * l2.partial_write_fill (fill_partial 0) the L2 treats both alike, so they
 * go as one request. Shared by the L1 and this buffer. */
uint64_t sim_store_send(const sim_port *down, uint32_t cu, uint64_t addr, uint32_t block,
                        uint32_t sector, uint64_t whole, uint64_t part, int fill_partial,
                        uint64_t t);

#endif
