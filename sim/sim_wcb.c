/* The write-combining buffer in front of a write-through L1
 * (l1.write_combine_lines): per compute unit a few line entries, each with
 * the bytes written so far in every sector. Stores of a line already held
 * merge into it; a line whose sectors are all whole leaves at once; the
 * oldest entry leaves when a new line needs room. So the eight waves of a
 * naive transpose's work-group, each writing 4 bytes of the same 32-byte
 * sectors, reach the L2 as one request per sector only while their lines
 * fit in the buffer: 8 lines per wave do, 32 do not (the H100's scatter
 * measurements: validation/data/h100_scatter.csv). */
#include <stdlib.h>
#include <string.h>

#include "sim_internal.h"

int sim_wcb_init(sim_memsys *m) {
  m->nwcb = (uint32_t)m->cfg->l1_write_combine_lines;
  if (!m->nwcb || m->l1_write_back) {
    m->nwcb = 0;
    return 0;
  }
  size_t n = (size_t)m->ncu * m->nwcb, spl = m->l1_line / m->l1_sector;
  m->wcb_line = calloc(n, sizeof *m->wcb_line);
  m->wcb_seq = calloc(n, sizeof *m->wcb_seq);
  m->wcb_cov = calloc(n * spl, sizeof *m->wcb_cov);
  m->wcb_clock = calloc(m->ncu, sizeof *m->wcb_clock);
  return m->wcb_line && m->wcb_seq && m->wcb_cov && m->wcb_clock ? 0 : -1;
}

void sim_wcb_fini(sim_memsys *m) {
  free(m->wcb_line);
  free(m->wcb_seq);
  free(m->wcb_cov);
  free(m->wcb_clock);
}

static uint64_t sim_wcb_full(const sim_memsys *m) {
  return m->l1_sector >= 64 ? ~0ull : (1ull << m->l1_sector) - 1;
}

/* Sends the line at addr with per-sector byte coverage cov to the L2. */
static uint64_t sim_wcb_send(sim_memsys *m, uint32_t cu, uint64_t addr, const uint64_t *cov,
                             uint64_t t, sim_stats *st) {
  uint32_t spl = m->l1_line / m->l1_sector;
  uint64_t whole = 0, part = 0, full = sim_wcb_full(m);
  for (uint32_t s = 0; s < spl; s++) {
    if (cov[s] == full)
      whole |= 1ull << s;
    else if (cov[s])
      part |= 1ull << s;
  }
  return sim_store_send(m, cu, addr, whole, part, t, st);
}

uint64_t sim_wcb_store(sim_memsys *m, uint32_t cu, uint64_t addr, const uint64_t *cov, uint64_t t,
                       sim_stats *st) {
  uint32_t n = m->nwcb, spl = m->l1_line / m->l1_sector;
  uint64_t *lines = m->wcb_line + (size_t)cu * n, *seq = m->wcb_seq + (size_t)cu * n;
  uint64_t *covs = m->wcb_cov + (size_t)cu * n * spl, full = sim_wcb_full(m);
  int hit = -1, empty = -1, oldest = -1;
  for (uint32_t i = 0; i < n && hit < 0; i++) {
    if (lines[i] == addr + 1)
      hit = (int)i;
    else if (!lines[i] && empty < 0)
      empty = (int)i;
    else if (lines[i] && (oldest < 0 || seq[i] < seq[oldest]))
      oldest = (int)i;
  }
  uint64_t merged[64];
  const uint64_t *held = hit >= 0 ? covs + (size_t)hit * spl : NULL;
  int whole = 1;
  for (uint32_t s = 0; s < spl; s++) {
    merged[s] = cov[s] | (held ? held[s] : 0);
    whole = whole && merged[s] == full;
  }
  if (whole) { /* nothing left to combine: the line goes now, its entry frees */
    if (hit >= 0) lines[hit] = 0;
    return sim_wcb_send(m, cu, addr, merged, t, st);
  }
  int e = hit;
  if (e < 0) {
    if (empty >= 0) {
      e = empty;
    } else { /* room for the new line: the oldest leaves */
      e = oldest;
      sim_wcb_send(m, cu, lines[e] - 1, covs + (size_t)e * spl, t, st);
    }
    lines[e] = addr + 1;
    seq[e] = ++m->wcb_clock[cu];
  }
  memcpy(covs + (size_t)e * spl, merged, spl * sizeof *merged);
  /* done, for the wave, when an acknowledgement sent now would be back: a
   * store waits no longer or shorter for being combined than when sent */
  return t + (uint64_t)m->cfg->l1_latency + (uint64_t)m->cfg->l2_latency;
}

uint64_t sim_wcb_flush(sim_memsys *m, uint64_t t, sim_stats *st) {
  uint64_t done = t;
  uint32_t n = m->nwcb, spl = m->nwcb ? m->l1_line / m->l1_sector : 0;
  for (uint32_t cu = 0; cu < m->ncu && n; cu++) {
    uint64_t *lines = m->wcb_line + (size_t)cu * n, *seq = m->wcb_seq + (size_t)cu * n;
    /* oldest first, as the buffer would drain them */
    for (;;) {
      int e = -1;
      for (uint32_t i = 0; i < n; i++)
        if (lines[i] && (e < 0 || seq[i] < seq[e])) e = (int)i;
      if (e < 0) break;
      uint64_t d =
          sim_wcb_send(m, cu, lines[e] - 1, m->wcb_cov + ((size_t)cu * n + e) * spl, t, st);
      lines[e] = 0;
      if (d > done) done = d;
    }
  }
  return done;
}
