/* DRAM: channels interleaved by address, each a bandwidth queue with the
 * controller's load-dependent queueing and a write queue, and banks with an
 * open row (open-page policy) or none (closed-page policy). */
#include <stdlib.h>
#include <string.h>

#include "sim_dram.h"

void sim_dram_params_read(sim_dram_params *p, const cfg_device *cfg) {
  memset(p, 0, sizeof *p);
  p->nchan = (uint32_t)cfg->dram_channels;
  p->nbanks = (uint32_t)cfg->dram_banks;
  p->open_rows = cfg->dram_row_policy == CFG_DRAM_ROW_POLICY_OPEN;
  p->channel_hash = cfg->dram_channel_hash != 0;
  p->interleave = (uint64_t)cfg->dram_interleave;
  p->row_bytes = (uint64_t)cfg->dram_row_bytes;
  p->row_miss_cycles = (double)cfg->dram_row_miss_cycles;
  p->latency = (uint64_t)cfg->dram_latency;
  p->chan_cycles_per_byte = (double)p->nchan / cfg_dram_bytes_per_cycle(cfg);
  /* the write queue holds whole L2 lines */
  p->write_backlog =
      (double)cfg->dram_write_queue * (uint32_t)cfg->l2_line * p->chan_cycles_per_byte;
  p->queue_cycles = cfg->dram_queue_cycles;
  p->queue_window = (double)cfg->dram_queue_window;
  p->queue_max_util = cfg->dram_queue_max_util;
}

int sim_dram_init(sim_dram *d, const sim_dram_params *p) {
  memset(d, 0, sizeof *d);
  d->p = *p;
  size_t nb = (size_t)p->nchan * p->nbanks;
  d->chan = calloc(p->nchan, sizeof *d->chan);
  d->wq_free = calloc(p->nchan, sizeof *d->wq_free);
  d->bank_free = calloc(nb, sizeof *d->bank_free);
  d->open_row = calloc(nb, sizeof *d->open_row);
  d->win_idx = calloc(p->nchan, sizeof *d->win_idx);
  d->win_busy = calloc((size_t)p->nchan * (SIM_DRAM_WIN_SUB + 1), sizeof *d->win_busy);
  d->win_rho = calloc(p->nchan, sizeof *d->win_rho);
  if (!d->chan || !d->wq_free || !d->bank_free || !d->open_row || !d->win_idx || !d->win_busy ||
      !d->win_rho) {
    sim_dram_fini(d);
    return -1;
  }
  return 0;
}

void sim_dram_fini(sim_dram *d) {
  free(d->chan);
  free(d->wq_free);
  free(d->bank_free);
  free(d->open_row);
  free(d->win_idx);
  free(d->win_busy);
  free(d->win_rho);
  memset(d, 0, sizeof *d);
}

void sim_dram_reset(sim_dram *d) {
  memset(&d->stats, 0, sizeof d->stats);
  size_t nc = d->p.nchan, nb = nc * d->p.nbanks;
  memset(d->chan, 0, nc * sizeof *d->chan);
  memset(d->wq_free, 0, nc * sizeof *d->wq_free);
  memset(d->bank_free, 0, nb * sizeof *d->bank_free);
  /* an idle DRAM controller closes its rows (refresh would anyway) */
  memset(d->open_row, 0, nb * sizeof *d->open_row);
  /* ... and its queues are empty: no utilization history */
  memset(d->win_idx, 0, nc * sizeof *d->win_idx);
  memset(d->win_busy, 0, nc * (SIM_DRAM_WIN_SUB + 1) * sizeof *d->win_busy);
  memset(d->win_rho, 0, nc * sizeof *d->win_rho);
}

void sim_dram_map(const sim_dram *d, uint64_t addr, uint32_t *chan, uint32_t *bank, uint64_t *row) {
  const sim_dram_params *p = &d->p;
  uint64_t il = p->interleave, chunk = addr / il;
  *chan = (uint32_t)(chunk % p->nchan);
  if (p->channel_hash) {
    /* rotate each run of nchan chunks by a hash of the run's number: a run
     * still covers every channel once (the channel address below stays
     * unique), but a stride that keeps hitting the same residues, like a
     * power of two against 80 channels, lands on all of them */
    uint64_t g = chunk / p->nchan;
    g = (g ^ (g >> 31)) * 0x9e3779b97f4a7c15ull;
    g ^= g >> 29;
    *chan = (uint32_t)((chunk + g % p->nchan) % p->nchan);
  }
  /* the address within the channel: its chunks packed together */
  uint64_t caddr = chunk / p->nchan * il + addr % il;
  uint64_t rid = caddr / p->row_bytes;
  *bank = (uint32_t)(rid % p->nbanks);
  *row = rid / p->nbanks;
}

/* The controller's queueing beyond the bus slot. The channel above is a
 * deterministic FIFO: below full bandwidth it never makes a request wait.
 * A real controller does, because its service time varies (a row miss
 * holds its bank for a row cycle, refresh and read/write turnarounds stop
 * the bus, FR-FCFS lets row hits pass older requests) while the requests of
 * many SMs arrive in bursts; Kingman's approximation of such a G/G/1 queue
 * gives a mean wait of dram.queue_cycles * rho / (1 - rho) at utilization
 * rho, at most dram.queue_max_util. rho is the transfer time that arrived at
 * the channel in the last dram.queue_window cycles (a moving sum of
 * SIM_DRAM_WIN_SUB sub-windows before the current one) over that window:
 * 0 on an idle channel, so a lone chain of dependent loads never sees it. */
static double sim_dram_queue_wait(sim_dram *d, uint32_t c, double t, double xfer) {
  const sim_dram_params *p = &d->p;
  if (p->queue_cycles <= 0) return 0;
  const uint32_t ring = SIM_DRAM_WIN_SUB + 1;
  double *h = d->win_busy + (size_t)c * ring;
  double sub = p->queue_window / SIM_DRAM_WIN_SUB;
  uint64_t idx = (uint64_t)(t / sub), cur = d->win_idx[c];
  if (idx > cur) { /* sub-windows passed: clear the slots they reuse */
    for (uint64_t k = 1; k <= idx - cur && k <= ring; k++) h[(cur + k) % ring] = 0;
    d->win_idx[c] = cur = idx;
    double sum = 0;
    for (uint32_t k = 0; k < ring; k++)
      if (k != cur % ring) sum += h[k];
    d->win_rho[c] = sum / p->queue_window;
  }
  h[cur % ring] += xfer; /* a request a little late in time order counts in the current one */
  double rho = d->win_rho[c] < p->queue_max_util ? d->win_rho[c] : p->queue_max_util;
  return p->queue_cycles * rho / (1 - rho);
}

/* The share of dram.row_miss_cycles (tRP + tRCD) that a closed-row access
 * pays: the bank precharged right after its previous access (auto-precharge,
 * off the critical path), so only the activate (tRCD) remains, and DRAM data
 * sheets give tRP ~= tRCD (DDR4, GDDR6, HBM2: both ~14 ns), hence half. */
#define SIM_DRAM_CLOSED_ROW_SHARE 0.5

double sim_dram_access(sim_dram *d, uint64_t addr, uint32_t bytes, double t) {
  const sim_dram_params *p = &d->p;
  uint32_t c, b;
  uint64_t row;
  sim_dram_map(d, addr, &c, &b, &row);
  size_t bi = (size_t)c * p->nbanks + b;
  double xfer = (double)bytes * p->chan_cycles_per_byte;
  /* the channel's data bus counts bandwidth: each transfer takes the next
   * free slot. The bank adds what a row miss costs; other banks' transfers
   * use the bus meanwhile, so activates overlap across banks. */
  double bus = sim_res_take(&d->chan[c], t, xfer);
  double ready = t > d->bank_free[bi] ? t : d->bank_free[bi];
  double miss = p->row_miss_cycles;
  if (!p->open_rows) {
    d->stats.dram_row_misses++;
    ready += miss * SIM_DRAM_CLOSED_ROW_SHARE; /* == miss / 2 exactly (a power of two) */
  } else if (d->open_row[bi] == row + 1) {
    d->stats.dram_row_hits++;
  } else {
    d->stats.dram_row_misses++;
    ready += miss;
    d->open_row[bi] = row + 1;
  }
  double end = (bus > ready ? bus : ready) + xfer;
  d->bank_free[bi] = end;
  return end + sim_dram_queue_wait(d, c, t, xfer);
}

/* Dirty sectors written back at t. Under dram.write_queue the channel's
 * controller takes them only once its write queue has room; the queue
 * drains at the channel's rate (wq_free: when the writes queued so far
 * would have crossed it), apart from the reads, which a controller serves
 * first and which would otherwise make every write wait for all of them.
 * Returns when the queue took them. */
static double sim_dram_write(sim_dram *d, uint64_t at, uint32_t bytes, double t) {
  const sim_dram_params *p = &d->p;
  if (p->write_backlog > 0) {
    uint32_t c, b;
    uint64_t row;
    sim_dram_map(d, at, &c, &b, &row);
    if (d->wq_free[c] - p->write_backlog > t) t = d->wq_free[c] - p->write_backlog;
    d->wq_free[c] =
        (d->wq_free[c] > t ? d->wq_free[c] : t) + (double)bytes * p->chan_cycles_per_byte;
  }
  sim_dram_access(d, at, bytes, t);
  d->stats.dram_write_bytes += bytes;
  return t;
}

double sim_dram_request(void *dram, const sim_req *r) {
  sim_dram *d = dram;
  /* the sectors' bytes, from the first one: a DRAM burst covers them */
  uint32_t bytes = (uint32_t)__builtin_popcountll(r->mask) * r->sector;
  uint64_t at = r->addr + (uint64_t)__builtin_ctzll(r->mask) * r->sector;
  if (r->kind != SIM_REQ_READ) return sim_dram_write(d, at, bytes, r->t);
  double end = sim_dram_access(d, at, bytes, r->t);
  d->stats.dram_read_bytes += bytes;
  return (double)(sim_ceil(end) + d->p.latency);
}
