/* The shared L2: address-hashed slices, each a bandwidth queue with the hit
 * latency, sector fills from DRAM, write-back of dirty sectors, and atomics
 * executed by the L2's atomic units (sim_atomic.c maps addresses to them). */
#include "sim_internal.h"

static uint64_t sim_ceil(double x) {
  uint64_t t = (uint64_t)x;
  return (double)t < x ? t + 1 : t;
}

uint32_t sim_l2_slice(const sim_memsys *m, uint64_t addr) {
  if (m->nslices == 1) return 0;
  uint64_t x = addr / m->l2_line, h = 0, low = (1ull << m->slice_bits) - 1;
  if (m->nslices == 1u << m->slice_bits) {
    /* xor-fold the line number in slice_bits chunks: a power-of-two stride
     * changes higher chunks, which the fold brings down to the low bits;
     * consecutive lines take every slice once per nslices lines */
    for (; x; x >>= m->slice_bits) h ^= x & low;
    return (uint32_t)h;
  }
  /* Any other count: a fold of slice_bits chunks has 2^slice_bits values,
   * which no mapping spreads evenly (80 slices: 48 would take two values,
   * 32 one, a 25 % hot spot on a stream). xor-shifting the line number by
   * 7-bit steps keeps consecutive lines consecutive in the low bits (a
   * stream hits every slice equally), brings a power-of-two stride's bits
   * down, and the modulo then sees a nearly uniform value. */
  h = (x ^ (x >> 7) ^ (x >> 14) ^ (x >> 21)) & 0xffffffffu;
  return (uint32_t)(h % m->nslices);
}

/* Dirty sectors of an evicted line go to DRAM when the victim leaves its
 * slice at t. Under dram.write_queue the channel's controller takes it only
 * once its write queue has room; the queue drains at the channel's rate
 * (wq_free: when the writes queued so far would have crossed it), apart from
 * the reads, which a controller serves first and which would otherwise make
 * every write wait for all of them. Returns when the victim could leave,
 * which holds up the slice (t when there is room or the queue is unbounded). */
static double sim_l2_writeback(sim_memsys *m, uint64_t addr, uint64_t dirty, double t,
                               sim_stats *st) {
  uint32_t bytes = (uint32_t)__builtin_popcountll(dirty) * m->l2_sector;
  uint64_t at = addr + (uint64_t)__builtin_ctzll(dirty) * m->l2_sector;
  if (m->write_backlog > 0) {
    uint32_t c, b;
    uint64_t row;
    sim_dram_map(m, at, &c, &b, &row);
    if (m->wq_free[c] - m->write_backlog > t) t = m->wq_free[c] - m->write_backlog;
    m->wq_free[c] =
        (m->wq_free[c] > t ? m->wq_free[c] : t) + (double)bytes * m->chan_cycles_per_byte;
  }
  sim_dram_access(m, at, bytes, t, st);
  st->dram_write_bytes += bytes;
  return t;
}

/* Holds slice s from `from` until `to` (a write-back waiting for a buffer
 * entry): the slice's later requests start that much later. */
static void sim_l2_slice_stall(sim_memsys *m, uint32_t s, double from, double to) {
  if (to > from) m->slice_free[s] += to - from;
}

/* Slice s takes a request for sectors `mask` arriving at t: counted, then
 * queued behind the slice's earlier bytes. Returns when it starts. */
static double sim_l2_slice_take(sim_memsys *m, uint32_t s, uint64_t mask, uint64_t t, int kind,
                                sim_stats *st) {
  if (++m->slice_reqs[s] > st->l2_slice_max_requests) st->l2_slice_max_requests = m->slice_reqs[s];
  uint32_t nsec = (uint32_t)__builtin_popcountll(mask);
  if (kind == SIM_L2_READ)
    st->l2_read_sectors += nsec;
  else
    st->l2_write_sectors += nsec;
  double start = (double)t > m->slice_free[s] ? (double)t : m->slice_free[s];
  /* written bytes take the slice longer than read ones (l2.write_bytes_per_cycle) */
  double per_byte = kind == SIM_L2_WRITE || kind == SIM_L2_WRITE_PARTIAL
                        ? m->slice_write_cycles_per_byte
                        : m->slice_cycles_per_byte;
  double cost = m->cfg->l2_request_cycles + (double)nsec * m->l2_sector * per_byte;
  /* merging part of a sector is a read-modify-write of the slice's data */
  if (kind == SIM_L2_WRITE_PARTIAL) cost += m->cfg->l2_partial_write_cycles;
  if (m->cfg->l2_fluid_slices && (double)t > m->slice_free[s]) {
    /* The request arrives after the slice's backlog has drained, but it is
     * simulated now, when its warp issued (it waited for an MSHR or the
     * link since). Requests issued after it may arrive before it; a single
     * "free at" set to its arrival would queue them behind an idle slice
     * (validation/ANALYSIS.md, gather family). Its work joins the backlog
     * as of the issue time instead: later arrivals queue behind the work,
     * never behind the gap. */
    double from = (double)m->now > m->slice_free[s] ? (double)m->now : m->slice_free[s];
    m->slice_free[s] = from + cost;
    return start;
  }
  m->slice_free[s] = start + cost;
  return start;
}

/* A request's part at its home slice s (partition s % l2.partitions): slice
 * bandwidth, the tag lookup, DRAM fills and write-backs, atomics. */
static uint64_t sim_l2_home(sim_memsys *m, uint32_t s, uint64_t addr, uint64_t mask, uint64_t t,
                            int kind, uint32_t steps, sim_stats *st) {
  const cfg_device *c = m->cfg;
  /* the slice moves the sectors' bytes; an atomic then queues at its atomic
   * unit (below), which the slice does not wait for */
  double start = sim_l2_slice_take(m, s, mask, t, kind, st);
  uint64_t lat = (uint64_t)c->l2_latency;
  sim_cache_ref r;
  sim_cache_access(&m->l2[s % m->nparts], addr, 1, &r);
  if (r.victim_dirty) {
    double go = sim_l2_writeback(m, r.victim_addr, r.victim_dirty, start, st);
    sim_l2_slice_stall(m, s, start, go);
    start = go;
  }
  uint64_t done = sim_ceil(start) + lat;
  uint64_t missing = r.valid ? mask & ~*r.valid : mask;
  /* sectors found present may still be on their way from DRAM */
  if ((mask & ~missing) && *r.ready > done) done = *r.ready;
  if (!missing) {
    st->l2_hits++;
  } else {
    st->l2_misses++;
    /* whole-sector stores need nothing from DRAM; a store of part of a
     * sector does under l2.partial_write_fill (only such requests are
     * SIM_L2_WRITE_PARTIAL) */
    if (kind != SIM_L2_WRITE) {
      uint32_t bytes = (uint32_t)__builtin_popcountll(missing) * m->l2_sector;
      double end = sim_dram_access(m, addr + (uint64_t)__builtin_ctzll(missing) * m->l2_sector,
                                   bytes, start, st);
      st->dram_read_bytes += bytes;
      uint64_t fill = sim_ceil(end) + lat + (uint64_t)c->dram_latency;
      if (fill > done) done = fill;
    }
  }
  if (r.valid) {
    *r.valid |= mask;
    if (kind != SIM_L2_READ) *r.dirty |= mask;
    if (*r.ready < done) *r.ready = done;
  }
  if (kind != SIM_L2_ATOMIC) return done;
  /* the unit takes the operations in arrival order once the line's data is
   * at the slice (done - lat: the hit, or the fill landing), each
   * l2.atomic_cycles; the result travels back in the latency's other half */
  uint32_t u = sim_atomic_unit(m, addr);
  double at = (double)(done - lat), ustart = at > m->unit_free[u] ? at : m->unit_free[u];
  m->unit_free[u] = ustart + (double)steps * c->l2_atomic_cycles;
  return sim_ceil(m->unit_free[u]) + lat;
}

/* Drops the copies of sectors `mask` of addr held away from home in every
 * partition but `keep` (the writer's, which its own write updates). */
static void sim_l2_drop_copies(sim_memsys *m, uint32_t home, uint32_t keep, uint64_t addr,
                               uint64_t mask) {
  for (uint32_t p = 0; p < m->nparts; p++)
    if (p != home && p != keep) sim_cache_drop(&m->l2[p], addr, mask);
}

uint64_t sim_l2_request(sim_memsys *m, uint32_t cu, uint64_t addr, uint64_t mask, uint64_t t,
                        int kind, uint32_t steps, sim_stats *st) {
  uint32_t s = sim_l2_slice(m, addr), home = s % m->nparts, near = cu % m->nparts;
  if (near == home) {
    if (kind != SIM_L2_READ) sim_l2_drop_copies(m, home, home, addr, mask);
    return sim_l2_home(m, s, addr, mask, t, kind, steps, st);
  }
  /* Away from home: the sibling slice in the CU's own partition keeps a
   * clean copy. A read it holds whole is served there; anything else goes
   * on to the home slice, and the answer (or the written data) refreshes
   * the copy. */
  uint32_t ns = s - home + near;
  sim_cache_ref r;
  sim_cache_access(&m->l2[near], addr, 1, &r);
  if (r.victim_dirty) {
    /* the copy's slice evicts a line homed there: the request waits with it */
    double go = sim_l2_writeback(m, r.victim_addr, r.victim_dirty, (double)t, st);
    if (m->slice_free[ns] < go) m->slice_free[ns] = go;
    t = sim_ceil(go);
  }
  if (kind == SIM_L2_READ && r.valid && !(mask & ~*r.valid)) {
    double start = sim_l2_slice_take(m, ns, mask, t, kind, st);
    st->l2_hits++;
    uint64_t done = sim_ceil(start) + (uint64_t)m->cfg->l2_latency;
    return done > *r.ready ? done : *r.ready;
  }
  /* the request crosses to the other half and its answer (data or
   * acknowledgement) crosses back. The home slice is booked at t, as a near
   * request issued then would be: its one "free at" time takes requests in
   * issue order, and booking far ones l2.far_cycles / 2 later would queue
   * near ones issued after them behind them while the slice idles
   * (validation/ANALYSIS.md, gather family). */
  st->l2_far_requests++;
  uint64_t done =
      sim_l2_home(m, s, addr, mask, t, kind, steps, st) + (uint64_t)m->cfg->l2_far_cycles;
  if (r.valid) {
    if (kind == SIM_L2_READ || kind == SIM_L2_WRITE) {
      *r.valid |= mask;
      if (*r.ready < done) *r.ready = done;
    } else {
      *r.valid &= ~mask; /* a partial write or an atomic leaves no whole copy */
    }
  }
  if (kind != SIM_L2_READ) sim_l2_drop_copies(m, home, near, addr, mask);
  return done;
}

void sim_l2_host_write(sim_memsys *m, uint64_t addr, uint64_t size) {
  const uint64_t keep_bytes = (uint64_t)m->cfg->l2_host_write_bytes;
  if (!keep_bytes || !size) return;
  const uint64_t first = addr / m->l2_line, n = (addr + size - 1) / m->l2_line - first + 1;
  const uint32_t spl = m->l2_line / m->l2_sector;
  const uint64_t all = spl >= 64 ? ~0ull : (1ull << spl) - 1;
  uint64_t keep = keep_bytes / m->l2_line;
  if (keep > n) keep = n;
  for (uint64_t i = 0; i < n; i++) {
    const uint64_t a = (first + i) * m->l2_line;
    const uint32_t home = sim_l2_slice(m, a) % m->nparts;
    /* the sectors the transfer covers: all but at its first and last line */
    const uint64_t lo = addr > a ? addr - a : 0;
    const uint64_t hi = addr + size < a + m->l2_line ? addr + size - a : m->l2_line;
    const uint32_t s0 = (uint32_t)(lo / m->l2_sector), s1 = (uint32_t)((hi - 1) / m->l2_sector);
    const uint64_t mask = (all >> (spl - 1 - s1 + s0)) << s0;
    /* a line the L2 holds, at home or as a copy, is written in place; of
     * the others, line i is taken in at home when the even spread of `keep`
     * over n steps past it */
    for (uint32_t p = 0; p < m->nparts; p++) {
      if (!sim_cache_probe(&m->l2[p], a) && (p != home || (i + 1) * keep / n == i * keep / n))
        continue;
      sim_cache_ref r;
      sim_cache_access(&m->l2[p], a, 1, &r);
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
