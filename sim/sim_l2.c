/* The shared L2: address-hashed slices, each a bandwidth queue with the hit
 * latency, partitions (near copies of far lines), sector fills from DRAM,
 * write-back of dirty sectors, atomics executed by the atomic units, and
 * host writes between launches. */
#include <stdlib.h>
#include <string.h>

#include "sim_l2.h"

void sim_l2_params_read(sim_l2_params *p, const cfg_device *cfg) {
  memset(p, 0, sizeof *p);
  p->bytes = (uint64_t)cfg->l2_bytes;
  p->line = (uint32_t)cfg->l2_line;
  p->sector = cfg->l2_sector ? (uint32_t)cfg->l2_sector : p->line;
  p->assoc = (uint32_t)cfg->l2_assoc;
  p->nslices = (uint32_t)cfg->l2_slices;
  for (p->slice_bits = 1; (1ull << p->slice_bits) < p->nslices; p->slice_bits++) {
  }
  p->nparts = (uint32_t)cfg->l2_partitions;
  /* a slice's occupancy per byte: the bandwidth splits evenly over slices */
  p->slice_cycles_per_byte = (double)p->nslices / (double)cfg->l2_bytes_per_cycle;
  p->slice_write_cycles_per_byte = cfg->l2_write_bytes_per_cycle
                                       ? (double)p->nslices / (double)cfg->l2_write_bytes_per_cycle
                                       : p->slice_cycles_per_byte;
  p->request_cycles = cfg->l2_request_cycles;
  p->partial_write_cycles = cfg->l2_partial_write_cycles;
  p->latency = (uint64_t)cfg->l2_latency;
  p->far_cycles = (uint64_t)cfg->l2_far_cycles;
  p->nunits = cfg->l2_atomic_units ? (uint32_t)cfg->l2_atomic_units : p->nslices;
  p->unit_granule = cfg->l2_atomic_granule ? (uint32_t)cfg->l2_atomic_granule : p->line;
  p->atomic_cycles = cfg->l2_atomic_cycles;
  p->host_write_bytes = (uint64_t)cfg->l2_host_write_bytes;
}

int sim_l2_init(sim_l2 *l2, const sim_l2_params *p, sim_port down) {
  memset(l2, 0, sizeof *l2);
  l2->p = *p;
  l2->down = down;
  l2->slice = calloc(p->nslices, sizeof *l2->slice);
  l2->slice_reqs = calloc(p->nslices, sizeof *l2->slice_reqs);
  l2->unit = calloc(p->nunits, sizeof *l2->unit);
  l2->tags = calloc(p->nparts, sizeof *l2->tags);
  int bad = !l2->slice || !l2->slice_reqs || !l2->unit || !l2->tags;
  for (uint32_t i = 0; !bad && i < p->nparts; i++)
    bad = sim_cache_init(&l2->tags[i], p->bytes / p->nparts, p->line, p->assoc) != 0;
  if (bad) {
    sim_l2_fini(l2);
    return -1;
  }
  return 0;
}

void sim_l2_fini(sim_l2 *l2) {
  for (uint32_t i = 0; l2->tags && i < l2->p.nparts; i++) sim_cache_fini(&l2->tags[i]);
  free(l2->tags);
  free(l2->slice);
  free(l2->slice_reqs);
  free(l2->unit);
  memset(l2, 0, sizeof *l2);
}

void sim_l2_reset(sim_l2 *l2) {
  memset(&l2->stats, 0, sizeof l2->stats);
  memset(l2->slice, 0, l2->p.nslices * sizeof *l2->slice);
  memset(l2->slice_reqs, 0, l2->p.nslices * sizeof *l2->slice_reqs);
  memset(l2->unit, 0, l2->p.nunits * sizeof *l2->unit);
  /* each launch counts cycles from 0 */
  for (uint32_t i = 0; i < l2->p.nparts; i++) sim_cache_clear_ready(&l2->tags[i]);
}

uint32_t sim_l2_slice(const sim_l2 *l2, uint64_t addr) {
  const sim_l2_params *p = &l2->p;
  if (p->nslices == 1) return 0;
  uint64_t x = addr / p->line, h = 0, low = (1ull << p->slice_bits) - 1;
  if (p->nslices == 1u << p->slice_bits) {
    /* xor-fold the line number in slice_bits chunks: a power-of-two stride
     * changes higher chunks, which the fold brings down to the low bits;
     * consecutive lines take every slice once per nslices lines */
    for (; x; x >>= p->slice_bits) h ^= x & low;
    return (uint32_t)h;
  }
  /* Any other count: a fold of slice_bits chunks has 2^slice_bits values,
   * which no mapping spreads evenly (80 slices: 48 would take two values,
   * 32 one, a 25 % hot spot on a stream). xor-shifting the line number by
   * 7-bit steps keeps consecutive lines consecutive in the low bits (a
   * stream hits every slice equally), brings a power-of-two stride's bits
   * down, and the modulo then sees a nearly uniform value. */
  h = (x ^ (x >> 7) ^ (x >> 14) ^ (x >> 21)) & 0xffffffffu;
  return (uint32_t)(h % p->nslices);
}

uint32_t sim_l2_atomic_unit(const sim_l2 *l2, uint64_t addr) {
  if (l2->p.nunits == 1) return 0;
  /* xor-fold the granule number in 16-bit chunks (a power-of-two stride
   * still changes the low bits), then modulo: consecutive granules take
   * consecutive units even when the count is not a power of two */
  uint64_t x = addr / l2->p.unit_granule, h = 0;
  for (; x; x >>= 16) h ^= x & 0xffff;
  return (uint32_t)(h % l2->p.nunits);
}

/* The dirty sectors of an evicted line go to DRAM when the victim leaves
 * its slice at t. Returns when it could leave (the DRAM's write queue took
 * it), which holds up the slice. */
static double sim_l2_writeback(sim_l2 *l2, const sim_cache_ref *r, double t) {
  sim_req w = {.addr = r->victim_addr,
               .mask = r->victim_dirty,
               .block = l2->p.line,
               .sector = l2->p.sector,
               .kind = SIM_REQ_WRITE,
               .t = t};
  return sim_port_send(&l2->down, &w);
}

/* Slice s takes a request for sectors `mask` arriving at t: counted, then
 * queued behind the slice's earlier bytes. Requests reach the L2 in arrival
 * order (the merge of the CUs' messages, sim_msg.h), so one "free at" per
 * slice is their queue. Returns when it starts. */
static double sim_l2_slice_take(sim_l2 *l2, uint32_t s, uint64_t mask, uint64_t t, int kind) {
  const sim_l2_params *p = &l2->p;
  if (++l2->slice_reqs[s] > l2->stats.l2_slice_max_requests)
    l2->stats.l2_slice_max_requests = l2->slice_reqs[s];
  uint32_t nsec = (uint32_t)__builtin_popcountll(mask);
  if (kind == SIM_REQ_READ)
    l2->stats.l2_read_sectors += nsec;
  else
    l2->stats.l2_write_sectors += nsec;
  /* written bytes take the slice longer than read ones (l2.write_bytes_per_cycle) */
  double per_byte = kind == SIM_REQ_WRITE || kind == SIM_REQ_WRITE_PARTIAL
                        ? p->slice_write_cycles_per_byte
                        : p->slice_cycles_per_byte;
  double cost = p->request_cycles + (double)nsec * p->sector * per_byte;
  /* merging part of a sector is a read-modify-write of the slice's data */
  if (kind == SIM_REQ_WRITE_PARTIAL) cost += p->partial_write_cycles;
  sim_res *sl = &l2->slice[s];
  return sim_res_take(sl, (double)t, cost);
}

/* A request's part at its home slice s (partition s % l2.partitions): slice
 * bandwidth, the tag lookup, DRAM fills and write-backs, atomics. */
static uint64_t sim_l2_home(sim_l2 *l2, uint32_t s, const sim_req *q, uint64_t t) {
  const sim_l2_params *p = &l2->p;
  uint64_t addr = q->addr, mask = q->mask;
  int kind = q->kind;
  /* the slice moves the sectors' bytes; an atomic then queues at its atomic
   * unit (below), which the slice does not wait for */
  double start = sim_l2_slice_take(l2, s, mask, t, kind);
  uint64_t lat = p->latency;
  sim_cache_ref r;
  sim_cache_access(&l2->tags[s % p->nparts], addr, 1, &r);
  if (r.victim_dirty) {
    /* a write-back waiting for room in the write queue holds the slice:
     * its later requests start that much later */
    double go = sim_l2_writeback(l2, &r, start);
    if (go > start) l2->slice[s].free += go - start;
    start = go;
  }
  uint64_t done = sim_ceil(start) + lat;
  uint64_t missing = r.valid ? mask & ~*r.valid : mask;
  /* sectors found present may still be on their way from DRAM */
  if ((mask & ~missing) && *r.ready > done) done = *r.ready;
  if (!missing) {
    l2->stats.l2_hits++;
  } else {
    l2->stats.l2_misses++;
    /* whole-sector stores need nothing from DRAM; a store of part of a
     * sector does under l2.partial_write_fill (only such requests are
     * SIM_REQ_WRITE_PARTIAL) */
    if (kind != SIM_REQ_WRITE) {
      sim_req f = {.addr = addr,
                   .mask = missing,
                   .block = p->line,
                   .sector = p->sector,
                   .cu = q->cu,
                   .kind = SIM_REQ_READ,
                   .t = start};
      uint64_t fill = (uint64_t)sim_port_send(&l2->down, &f) + lat;
      if (fill > done) done = fill;
    }
  }
  if (r.valid) {
    *r.valid |= mask;
    if (kind != SIM_REQ_READ) *r.dirty |= mask;
    if (*r.ready < done) *r.ready = done;
  }
  if (kind != SIM_REQ_ATOMIC) return done;
  /* the unit takes the operations in arrival order once the line's data is
   * at the slice (done - lat: the hit, or the fill landing), each
   * l2.atomic_cycles; the result travels back in the latency's other half */
  sim_res *u = &l2->unit[sim_l2_atomic_unit(l2, addr)];
  sim_res_take(u, (double)(done - lat), (double)q->steps * p->atomic_cycles);
  return sim_ceil(u->free) + lat;
}

/* Drops the copies of sectors `mask` of addr held away from home in every
 * partition but `keep` (the writer's, which its own write updates). */
static void sim_l2_drop_copies(sim_l2 *l2, uint32_t home, uint32_t keep, uint64_t addr,
                               uint64_t mask) {
  for (uint32_t p = 0; p < l2->p.nparts; p++)
    if (p != home && p != keep) sim_cache_drop(&l2->tags[p], addr, mask);
}

double sim_l2_request(void *to, const sim_req *q) {
  sim_l2 *l2 = to;
  const sim_l2_params *p = &l2->p;
  uint64_t addr = q->addr, mask = q->mask, t = (uint64_t)q->t;
  int kind = q->kind;
  if (kind == SIM_REQ_ATOMIC && q->lanes) {
    l2->stats.l2_atomic_ops += q->lanes;
    l2->stats.l2_atomic_cycles += sim_ceil((double)q->steps * p->atomic_cycles);
  }
  uint32_t s = sim_l2_slice(l2, addr), home = s % p->nparts, near = q->cu % p->nparts;
  if (near == home) {
    if (kind != SIM_REQ_READ) sim_l2_drop_copies(l2, home, home, addr, mask);
    return (double)sim_l2_home(l2, s, q, t);
  }
  /* Away from home: the sibling slice in the CU's own partition keeps a
   * clean copy. A read it holds whole is served there; anything else goes
   * on to the home slice, and the answer (or the written data) refreshes
   * the copy. */
  uint32_t ns = s - home + near;
  sim_cache_ref r;
  sim_cache_access(&l2->tags[near], addr, 1, &r);
  if (r.victim_dirty) {
    /* the copy's slice evicts a line homed there: the request waits with it */
    double go = sim_l2_writeback(l2, &r, (double)t);
    if (l2->slice[ns].free < go) l2->slice[ns].free = go;
    t = sim_ceil(go);
  }
  if (kind == SIM_REQ_READ && r.valid && !(mask & ~*r.valid)) {
    double start = sim_l2_slice_take(l2, ns, mask, t, kind);
    l2->stats.l2_hits++;
    uint64_t done = sim_ceil(start) + p->latency;
    return (double)(done > *r.ready ? done : *r.ready);
  }
  /* the request crosses to the other half and its answer (data or
   * acknowledgement) crosses back. The home slice is booked at t, as a near
   * request issued then would be: its one "free at" time takes requests in
   * issue order, and booking far ones l2.far_cycles / 2 later would queue
   * near ones issued after them behind them while the slice idles
   * (validation/ANALYSIS.md, gather family). */
  l2->stats.l2_far_requests++;
  uint64_t done = sim_l2_home(l2, s, q, t) + p->far_cycles;
  if (r.valid) {
    if (kind == SIM_REQ_READ || kind == SIM_REQ_WRITE) {
      *r.valid |= mask;
      if (*r.ready < done) *r.ready = done;
    } else {
      *r.valid &= ~mask; /* a partial write or an atomic leaves no whole copy */
    }
  }
  if (kind != SIM_REQ_READ) sim_l2_drop_copies(l2, home, near, addr, mask);
  return (double)done;
}

void sim_l2_host_write(sim_l2 *l2, uint64_t addr, uint64_t size) {
  const sim_l2_params *p = &l2->p;
  const uint64_t keep_bytes = p->host_write_bytes;
  if (!keep_bytes || !size) return;
  const uint64_t first = addr / p->line, n = (addr + size - 1) / p->line - first + 1;
  const uint32_t spl = p->line / p->sector;
  const uint64_t all = spl >= 64 ? ~0ull : (1ull << spl) - 1;
  uint64_t keep = keep_bytes / p->line;
  if (keep > n) keep = n;
  for (uint64_t i = 0; i < n; i++) {
    const uint64_t a = (first + i) * p->line;
    const uint32_t home = sim_l2_slice(l2, a) % p->nparts;
    /* the sectors the transfer covers: all but at its first and last line */
    const uint64_t lo = addr > a ? addr - a : 0;
    const uint64_t hi = addr + size < a + p->line ? addr + size - a : p->line;
    const uint32_t s0 = (uint32_t)(lo / p->sector), s1 = (uint32_t)((hi - 1) / p->sector);
    const uint64_t mask = (all >> (spl - 1 - s1 + s0)) << s0;
    /* a line the L2 holds, at home or as a copy, is written in place; of
     * the others, line i is taken in at home when the even spread of `keep`
     * over n steps past it */
    for (uint32_t k = 0; k < p->nparts; k++) {
      if (!sim_cache_probe(&l2->tags[k], a) && (k != home || (i + 1) * keep / n == i * keep / n))
        continue;
      sim_cache_ref r;
      sim_cache_access(&l2->tags[k], a, 1, &r);
      if (r.valid) {
        /* sectors it does not cover keep what they held: a kernel's dirty
         * data beside them is still to be written back */
        *r.valid |= mask;
        *r.dirty &= ~mask;
        *r.ready = 0;
      }
    }
  }
}
