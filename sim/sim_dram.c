/* DRAM: channels interleaved by address, each a bandwidth queue, and banks
 * with an open row (open-page policy) or none (closed-page policy). */
#include "sim_internal.h"

void sim_dram_map(const sim_memsys *m, uint64_t addr, uint32_t *chan, uint32_t *bank,
                  uint64_t *row) {
  uint64_t il = (uint64_t)m->cfg->dram_interleave, chunk = addr / il;
  *chan = (uint32_t)(chunk % m->nchan);
  /* the address within the channel: its chunks packed together */
  uint64_t caddr = chunk / m->nchan * il + addr % il;
  uint64_t rid = caddr / (uint64_t)m->cfg->dram_row_bytes;
  *bank = (uint32_t)(rid % m->nbanks);
  *row = rid / m->nbanks;
}

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
    ready += miss / 2; /* activate only; tRP ~ tRCD, the precharge followed the last access */
  } else if (m->open_row[bi] == row + 1) {
    st->dram_row_hits++;
  } else {
    st->dram_row_misses++;
    ready += miss;
    m->open_row[bi] = row + 1;
  }
  double end = (bus > ready ? bus : ready) + xfer;
  m->bank_free[bi] = end;
  return end;
}
