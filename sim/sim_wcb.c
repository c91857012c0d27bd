/* The write-combining buffer in front of a write-through L1
 * (l1.write_combine_lines): a compute unit's few line entries, each with
 * the bytes written so far in every sector. Stores of a line already held
 * merge into it; a line whose sectors are all whole leaves at once; the
 * oldest entry leaves when a new line needs room. So the eight waves of a
 * naive transpose's work-group, each writing 4 bytes of the same 32-byte
 * sectors, reach the L2 as one request per sector only while their lines
 * fit in the buffer: 8 lines per wave do, 32 do not (the H100's scatter
 * measurements: validation/data/h100_scatter.csv). */
#include <stdlib.h>
#include <string.h>

#include "sim_wcb.h"

void sim_wcb_params_read(sim_wcb_params *p, const cfg_device *cfg) {
  memset(p, 0, sizeof *p);
  p->line = (uint32_t)cfg->l1_line;
  p->sector = cfg->l1_sector ? (uint32_t)cfg->l1_sector : p->line;
  p->fill_partial = cfg->l2_partial_write_fill != 0;
  p->ack_cycles = (uint64_t)cfg->l1_latency + (uint64_t)cfg->l2_latency;
  int write_through = cfg->l1_write_policy != CFG_L1_WRITE_POLICY_WRITE_BACK;
  p->entries = write_through && p->sector <= 64 ? (uint32_t)cfg->l1_write_combine_lines : 0;
}

int sim_wcb_init(sim_wcb *w, const sim_wcb_params *p, uint32_t cu, sim_port down) {
  memset(w, 0, sizeof *w);
  w->p = *p;
  w->cu = cu;
  w->down = down;
  if (!p->entries) return 0;
  size_t n = p->entries, spl = p->line / p->sector;
  w->line = calloc(n, sizeof *w->line);
  w->seq = calloc(n, sizeof *w->seq);
  w->cov = calloc(n * spl, sizeof *w->cov);
  if (!w->line || !w->seq || !w->cov) {
    sim_wcb_fini(w);
    return -1;
  }
  return 0;
}

void sim_wcb_fini(sim_wcb *w) {
  free(w->line);
  free(w->seq);
  free(w->cov);
  memset(w, 0, sizeof *w);
}

uint64_t sim_store_send(const sim_port *down, uint32_t cu, uint64_t addr, uint32_t block,
                        uint32_t sector, uint64_t whole, uint64_t part, int fill_partial,
                        uint64_t t) {
  if (!fill_partial) whole |= part, part = 0;
  sim_req r = {.addr = addr,
               .mask = whole,
               .part = part,
               .block = block,
               .sector = sector,
               .cu = cu,
               .kind = SIM_REQ_WRITE,
               .t = (double)t};
  return (uint64_t)sim_port_send(down, &r);
}

int sim_wcb_active(const sim_wcb *w) {
  return w->p.entries != 0;
}

static uint64_t sim_wcb_full(const sim_wcb *w) {
  return w->p.sector >= 64 ? ~0ull : (1ull << w->p.sector) - 1;
}

/* Sends the line at addr with per-sector byte coverage cov to the L2. */
static uint64_t sim_wcb_send(sim_wcb *w, uint64_t addr, const uint64_t *cov, uint64_t t,
                             int posted) {
  uint32_t spl = w->p.line / w->p.sector;
  uint64_t whole = 0, part = 0, full = sim_wcb_full(w);
  for (uint32_t s = 0; s < spl; s++) {
    if (cov[s] == full)
      whole |= 1ull << s;
    else if (cov[s])
      part |= 1ull << s;
  }
  if (!w->p.fill_partial) whole |= part, part = 0;
  sim_req r = {.addr = addr,
               .mask = whole,
               .part = part,
               .block = w->p.line,
               .sector = w->p.sector,
               .cu = w->cu,
               .kind = SIM_REQ_WRITE,
               .posted = (uint8_t)posted,
               .t = (double)t};
  return (uint64_t)sim_port_send(&w->down, &r);
}

uint64_t sim_wcb_store(sim_wcb *w, uint64_t addr, const uint64_t *cov, uint64_t t) {
  uint32_t n = w->p.entries, spl = w->p.line / w->p.sector;
  uint64_t *lines = w->line, *seq = w->seq, *covs = w->cov, full = sim_wcb_full(w);
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
    return sim_wcb_send(w, addr, merged, t, 0);
  }
  int e = hit;
  if (e < 0) {
    if (empty >= 0) {
      e = empty;
    } else { /* room for the new line: the oldest leaves */
      e = oldest;
      sim_wcb_send(w, lines[e] - 1, covs + (size_t)e * spl, t, 1);
    }
    lines[e] = addr + 1;
    seq[e] = ++w->clock;
  }
  memcpy(covs + (size_t)e * spl, merged, spl * sizeof *merged);
  /* done, for the wave, when an acknowledgement sent now would be back: a
   * store waits no longer or shorter for being combined than when sent */
  return t + w->p.ack_cycles;
}

uint64_t sim_wcb_flush(sim_wcb *w, uint64_t t) {
  uint64_t done = t;
  uint32_t n = w->p.entries, spl = n ? w->p.line / w->p.sector : 0;
  uint64_t *lines = w->line, *seq = w->seq;
  /* oldest first, as the buffer would drain them */
  for (;;) {
    int e = -1;
    for (uint32_t i = 0; i < n; i++)
      if (lines[i] && (e < 0 || seq[i] < seq[e])) e = (int)i;
    if (e < 0) break;
    uint64_t d = sim_wcb_send(w, lines[e] - 1, w->cov + (size_t)e * spl, t, 0);
    lines[e] = 0;
    if (d > done) done = d;
  }
  return done;
}
