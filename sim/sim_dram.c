/* DRAM: channels interleaved by address, each a bandwidth queue with the
 * controller's load-dependent queueing, and banks with an open row
 * (open-page policy) or none (closed-page policy). */
#include "sim_internal.h"

void sim_dram_map(const sim_memsys *m, uint64_t addr, uint32_t *chan, uint32_t *bank,
                  uint64_t *row) {
  uint64_t il = (uint64_t)m->cfg->dram_interleave, chunk = addr / il;
  *chan = (uint32_t)(chunk % m->nchan);
  if (m->cfg->dram_channel_hash) {
    /* rotate each run of nchan chunks by a hash of the run's number: a run
     * still covers every channel once (the channel address below stays
     * unique), but a stride that keeps hitting the same residues, like a
     * power of two against 80 channels, lands on all of them */
    uint64_t g = chunk / m->nchan;
    g = (g ^ (g >> 31)) * 0x9e3779b97f4a7c15ull;
    g ^= g >> 29;
    *chan = (uint32_t)((chunk + g % m->nchan) % m->nchan);
  }
  /* the address within the channel: its chunks packed together */
  uint64_t caddr = chunk / m->nchan * il + addr % il;
  uint64_t rid = caddr / (uint64_t)m->cfg->dram_row_bytes;
  *bank = (uint32_t)(rid % m->nbanks);
  *row = rid / m->nbanks;
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
static double sim_dram_queue_wait(sim_memsys *m, uint32_t c, double t, double xfer) {
  const cfg_device *cfg = m->cfg;
  if (cfg->dram_queue_cycles <= 0) return 0;
  const uint32_t ring = SIM_DRAM_WIN_SUB + 1;
  double *h = m->win_busy + (size_t)c * ring;
  double sub = (double)cfg->dram_queue_window / SIM_DRAM_WIN_SUB;
  uint64_t idx = (uint64_t)(t / sub), cur = m->win_idx[c];
  if (idx > cur) { /* sub-windows passed: clear the slots they reuse */
    for (uint64_t k = 1; k <= idx - cur && k <= ring; k++) h[(cur + k) % ring] = 0;
    m->win_idx[c] = cur = idx;
    double sum = 0;
    for (uint32_t k = 0; k < ring; k++)
      if (k != cur % ring) sum += h[k];
    m->win_rho[c] = sum / (double)cfg->dram_queue_window;
  }
  h[cur % ring] += xfer; /* a request a little late in time order counts in the current one */
  double rho = m->win_rho[c] < cfg->dram_queue_max_util ? m->win_rho[c] : cfg->dram_queue_max_util;
  return cfg->dram_queue_cycles * rho / (1 - rho);
}

/* The share of dram.row_miss_cycles (tRP + tRCD) that a closed-row access
 * pays: the bank precharged right after its previous access (auto-precharge,
 * off the critical path), so only the activate (tRCD) remains, and DRAM data
 * sheets give tRP ~= tRCD (DDR4, GDDR6, HBM2: both ~14 ns), hence half. */
#define SIM_DRAM_CLOSED_ROW_SHARE 0.5

double sim_dram_access(sim_memsys *m, uint64_t addr, uint32_t bytes, double t, sim_stats *st) {
  uint32_t c, b;
  uint64_t row;
  sim_dram_map(m, addr, &c, &b, &row);
  size_t bi = (size_t)c * m->nbanks + b;
  double xfer = (double)bytes * m->chan_cycles_per_byte;
  /* the channel's data bus counts bandwidth: each transfer takes the next
   * free slot. The bank adds what a row miss costs; other banks' transfers
   * use the bus meanwhile, so activates overlap across banks. */
  double bus = t > m->chan_free[c] ? t : m->chan_free[c];
  m->chan_free[c] = bus + xfer;
  double ready = t > m->bank_free[bi] ? t : m->bank_free[bi];
  double miss = (double)m->cfg->dram_row_miss_cycles;
  if (!m->row_open_policy) {
    st->dram_row_misses++;
    ready += miss * SIM_DRAM_CLOSED_ROW_SHARE; /* == miss / 2 exactly (a power of two) */
  } else if (m->open_row[bi] == row + 1) {
    st->dram_row_hits++;
  } else {
    st->dram_row_misses++;
    ready += miss;
    m->open_row[bi] = row + 1;
  }
  double end = (bus > ready ? bus : ready) + xfer;
  m->bank_free[bi] = end;
  return end + sim_dram_queue_wait(m, c, t, xfer);
}
