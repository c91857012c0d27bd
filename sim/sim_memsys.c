/* The memory hierarchy's CU side: setup and per-launch reset, the coalescer
 * (lines and sectors), per-CU L1 with MSHRs and its write policy, the scalar
 * cache, the CU-to-L2 links, and LDS banks. L2 slices: sim_l2.c; DRAM:
 * sim_dram.c. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sim_internal.h"

static uint32_t sim_bits(uint64_t x) {
  return (uint32_t)__builtin_popcountll(x);
}

int sim_memsys_init(sim_memsys *m, const cfg_device *cfg, char *err, size_t errlen) {
  memset(m, 0, sizeof *m);
  m->cfg = cfg;
  m->ncu = (uint32_t)cfg->cu_count;
  m->l1_line = (uint32_t)cfg->l1_line;
  m->l1_sector = cfg->l1_sector ? (uint32_t)cfg->l1_sector : m->l1_line;
  m->l1_bpc = (uint32_t)cfg->l1_bytes_per_cycle;
  m->l1_write_back = cfg->l1_write_policy == CFG_L1_WRITE_POLICY_WRITE_BACK;
  m->nmshr = (uint32_t)cfg->l1_mshrs;
  m->l2_line = (uint32_t)cfg->l2_line;
  m->l2_sector = cfg->l2_sector ? (uint32_t)cfg->l2_sector : m->l2_line;
  m->nslices = (uint32_t)cfg->l2_slices;
  for (m->slice_bits = 1; (1ull << m->slice_bits) < m->nslices; m->slice_bits++) {
  }
  m->nunits = cfg->l2_atomic_units ? (uint32_t)cfg->l2_atomic_units : m->nslices;
  m->unit_granule = cfg->l2_atomic_granule ? (uint32_t)cfg->l2_atomic_granule : m->l2_line;
  m->nchan = (uint32_t)cfg->dram_channels;
  m->nbanks = (uint32_t)cfg->dram_banks;
  m->row_open_policy = cfg->dram_row_policy == CFG_DRAM_ROW_POLICY_OPEN;
  /* a queue's occupancy per byte: bandwidths split evenly over slices/channels */
  m->noc_cycles_per_byte = cfg->noc_bytes_per_cycle ? 1.0 / (double)cfg->noc_bytes_per_cycle : 0;
  m->slice_cycles_per_byte = (double)m->nslices / (double)cfg->l2_bytes_per_cycle;
  m->slice_write_cycles_per_byte = cfg->l2_write_bytes_per_cycle
                                       ? (double)m->nslices / (double)cfg->l2_write_bytes_per_cycle
                                       : m->slice_cycles_per_byte;
  m->chan_cycles_per_byte = (double)m->nchan / cfg_dram_bytes_per_cycle(cfg);
  m->write_backlog = (double)cfg->dram_write_queue * m->l2_line * m->chan_cycles_per_byte;
  size_t nb = (size_t)m->nchan * m->nbanks;
  m->l1 = calloc(m->ncu, sizeof *m->l1);
  m->scache = calloc(m->ncu, sizeof *m->scache);
  m->l1_port_free = calloc(m->ncu, sizeof *m->l1_port_free);
  m->lds_free = calloc(m->ncu, sizeof *m->lds_free);
  m->mshr = calloc((size_t)m->ncu * (m->nmshr ? m->nmshr : 1), sizeof *m->mshr);
  m->mshr_n = calloc(m->ncu, sizeof *m->mshr_n);
  m->noc_free = calloc(m->ncu, sizeof *m->noc_free);
  m->noc_wr_free = calloc(m->ncu, sizeof *m->noc_wr_free);
  m->slice_free = calloc(m->nslices, sizeof *m->slice_free);
  m->slice_reqs = calloc(m->nslices, sizeof *m->slice_reqs);
  m->unit_free = calloc(m->nunits, sizeof *m->unit_free);
  m->chan_free = calloc(m->nchan, sizeof *m->chan_free);
  m->wq_free = calloc(m->nchan, sizeof *m->wq_free);
  m->bank_free = calloc(nb, sizeof *m->bank_free);
  m->open_row = calloc(nb, sizeof *m->open_row);
  m->win_idx = calloc(m->nchan, sizeof *m->win_idx);
  m->win_busy = calloc((size_t)m->nchan * (SIM_DRAM_WIN_SUB + 1), sizeof *m->win_busy);
  m->win_rho = calloc(m->nchan, sizeof *m->win_rho);
  int want_cov = (cfg->l2_partial_write_fill || cfg->l1_write_combine_lines) && m->l1_sector <= 64;
  if (want_cov)
    m->cov = calloc((size_t)ISA_MAX_WAVE * 2 * (m->l1_line / m->l1_sector), sizeof *m->cov);
  int bad = !m->l1 || !m->scache || !m->l1_port_free || !m->lds_free || !m->mshr || !m->mshr_n ||
            !m->noc_free || !m->noc_wr_free || !m->slice_free || !m->slice_reqs || !m->chan_free ||
            !m->wq_free || !m->bank_free || !m->open_row || !m->unit_free || !m->win_idx ||
            !m->win_busy || !m->win_rho || (want_cov && !m->cov) || sim_wcb_init(m) != 0;
  for (uint32_t i = 0; !bad && i < m->ncu; i++)
    bad = sim_cache_init(&m->l1[i], (uint64_t)cfg->l1_bytes, m->l1_line, (uint32_t)cfg->l1_assoc) !=
              0 ||
          sim_cache_init(&m->scache[i], (uint64_t)cfg->scache_bytes, (uint32_t)cfg->scache_line,
                         (uint32_t)cfg->scache_assoc) != 0;
  for (uint32_t i = 0; !bad && i < m->ncu; i++)
    if (cfg->l1_replacement == CFG_L1_REPLACEMENT_RANDOM)
      m->l1[i].rng = 0x9e3779b97f4a7c15ull ^ ((uint64_t)i << 32 | 1u); /* fixed seed per CU */
  for (uint32_t i = 0; !bad && i < m->ncu && cfg->l1_set_hash; i++) sim_cache_hash_sets(&m->l1[i]);
  m->nparts = (uint32_t)cfg->l2_partitions;
  m->l2 = bad ? NULL : calloc(m->nparts, sizeof *m->l2);
  bad = bad || !m->l2;
  for (uint32_t i = 0; !bad && i < m->nparts; i++)
    bad = sim_cache_init(&m->l2[i], (uint64_t)cfg->l2_bytes / m->nparts, m->l2_line,
                         (uint32_t)cfg->l2_assoc) != 0;
  if (bad) {
    snprintf(err, errlen, "out of memory allocating the cache tag arrays and memory queues");
    sim_memsys_fini(m);
    return -1;
  }
  return 0;
}

void sim_memsys_fini(sim_memsys *m) {
  for (uint32_t i = 0; m->l1 && i < m->ncu; i++) sim_cache_fini(&m->l1[i]);
  for (uint32_t i = 0; m->scache && i < m->ncu; i++) sim_cache_fini(&m->scache[i]);
  for (uint32_t i = 0; m->l2 && i < m->nparts; i++) sim_cache_fini(&m->l2[i]);
  free(m->l2);
  free(m->l1);
  free(m->scache);
  free(m->l1_port_free);
  free(m->lds_free);
  free(m->cov);
  sim_wcb_fini(m);
  free(m->mshr);
  free(m->mshr_n);
  free(m->noc_free);
  free(m->noc_wr_free);
  free(m->slice_free);
  free(m->slice_reqs);
  free(m->unit_free);
  free(m->chan_free);
  free(m->wq_free);
  free(m->bank_free);
  free(m->open_row);
  free(m->win_idx);
  free(m->win_busy);
  free(m->win_rho);
  memset(m, 0, sizeof *m);
}

static void sim_cache_clear_ready(sim_cache *c) {
  size_t n = (size_t)c->nsets * c->assoc;
  if (n) memset(c->ready, 0, n * sizeof *c->ready);
}

void sim_memsys_reset_queues(sim_memsys *m) {
  size_t nb = (size_t)m->nchan * m->nbanks;
  memset(m->l1_port_free, 0, m->ncu * sizeof *m->l1_port_free);
  memset(m->lds_free, 0, m->ncu * sizeof *m->lds_free);
  memset(m->mshr_n, 0, m->ncu * sizeof *m->mshr_n);
  memset(m->noc_free, 0, m->ncu * sizeof *m->noc_free);
  memset(m->noc_wr_free, 0, m->ncu * sizeof *m->noc_wr_free);
  memset(m->slice_free, 0, m->nslices * sizeof *m->slice_free);
  memset(m->slice_reqs, 0, m->nslices * sizeof *m->slice_reqs);
  memset(m->unit_free, 0, m->nunits * sizeof *m->unit_free);
  memset(m->chan_free, 0, m->nchan * sizeof *m->chan_free);
  memset(m->wq_free, 0, m->nchan * sizeof *m->wq_free);
  memset(m->bank_free, 0, nb * sizeof *m->bank_free);
  /* an idle DRAM controller closes its rows (refresh would anyway) */
  memset(m->open_row, 0, nb * sizeof *m->open_row);
  /* ... and its queues are empty: no utilization history */
  memset(m->win_idx, 0, m->nchan * sizeof *m->win_idx);
  memset(m->win_busy, 0, (size_t)m->nchan * (SIM_DRAM_WIN_SUB + 1) * sizeof *m->win_busy);
  memset(m->win_rho, 0, m->nchan * sizeof *m->win_rho);
  /* each launch counts cycles from 0; fills in flight at the end of the
   * last one have landed by now */
  for (uint32_t i = 0; i < m->nparts; i++) sim_cache_clear_ready(&m->l2[i]);
  for (uint32_t i = 0; i < m->ncu; i++) {
    sim_cache_clear_ready(&m->l1[i]);
    sim_cache_clear_ready(&m->scache[i]);
  }
}

/* ---- coalescer ----------------------------------------------------------- */
uint32_t sim_coalesce(const isa_access *a, uint32_t line, uint32_t sector, uint64_t *lines,
                      uint64_t *masks) {
  uint32_t n = 0, last = 0;
  uint64_t mask = a->mask;
  uint64_t lmask = ~(uint64_t)(line - 1);
  while (mask) {
    unsigned i = (unsigned)__builtin_ctzll(mask);
    mask &= mask - 1;
    uint64_t b = a->addr[i], e = a->addr[i] + a->size - 1;
    for (uint64_t l = b & lmask;; l += line) {
      uint64_t lo = b > l ? (b - l) / sector : 0;
      uint64_t hi = e < l + line - 1 ? (e - l) / sector : (line - 1) / sector;
      /* bits lo..hi; 2 << 63 wraps to 0 and the subtraction still gives them */
      uint64_t bits = (2ull << hi) - (1ull << lo);
      if (!(last < n && lines[last] == l)) { /* neighbouring lanes mostly share a line */
        for (last = 0; last < n && lines[last] != l; last++) {
        }
        if (last == n) lines[n] = l, masks[n++] = 0;
      }
      masks[last] |= bits;
      if (l == (e & lmask)) break;
    }
  }
  return n;
}

void sim_coalesce_partial(const isa_access *a, uint32_t line, uint32_t sector,
                          const uint64_t *lines, uint32_t n, uint64_t *cov, uint64_t *partial) {
  uint32_t spl = line / sector, last = 0;
  uint64_t lmask = ~(uint64_t)(line - 1), full = sector == 64 ? ~0ull : (1ull << sector) - 1;
  memset(cov, 0, (size_t)n * spl * sizeof *cov);
  for (uint64_t mask = a->mask; mask; mask &= mask - 1) {
    unsigned i = (unsigned)__builtin_ctzll(mask);
    uint64_t b = a->addr[i], e = b + a->size; /* [b, e) */
    for (uint64_t p = b; p < e;) {
      uint64_t l = p & lmask, s0 = p - (p - l) % sector, se = s0 + sector;
      uint64_t q = e < se ? e : se;
      if (!(last < n && lines[last] == l))
        for (last = 0; last < n && lines[last] != l; last++) {
        }
      if (last < n) {
        uint64_t lo = p - s0, k = q - p;
        cov[(size_t)last * spl + (s0 - l) / sector] |= (k == 64 ? ~0ull : ((1ull << k) - 1)) << lo;
      }
      p = q;
    }
  }
  for (uint32_t i = 0; i < n; i++) {
    partial[i] = 0;
    for (uint32_t s = 0; s < spl; s++) {
      uint64_t c = cov[(size_t)i * spl + s];
      if (c && c != full) partial[i] |= 1ull << s;
    }
  }
}

static uint64_t sim_ceil(double x) {
  uint64_t t = (uint64_t)x;
  return (double)t < x ? t + 1 : t;
}

/* ---- the link from a CU to the L2 ----------------------------------------
 * Bytes are charged when the request leaves the CU (a fill's data, which
 * really crosses on the way back, reserves its slot then): the cycle the
 * request reaches the L2 side. Latency is part of l2.latency. */
/* The CU's link to the L2 in one direction: `out` for the data a store,
 * write-back or atomic carries to the L2, else the fill coming back (booked
 * when the request leaves, as the slices are). The two directions are
 * separate wires: a copy loop's reads and writes do not share one. */
static uint64_t sim_noc(sim_memsys *m, uint32_t cu, uint64_t t, uint64_t bytes, int out) {
  if (m->noc_cycles_per_byte == 0) return t;
  double *free_at = out ? &m->noc_wr_free[cu] : &m->noc_free[cu];
  double start = (double)t > *free_at ? (double)t : *free_at;
  *free_at = start + (double)bytes * m->noc_cycles_per_byte;
  return sim_ceil(start);
}

/* Sends sectors `mask` (of `sector` bytes) of the `block`-byte block at addr
 * to the L2, split by L2 line and converted to L2 sectors. Returns the
 * latest completion. */
static uint64_t sim_to_l2(sim_memsys *m, uint32_t cu, uint64_t addr, uint32_t block, uint64_t mask,
                          uint32_t sector, uint64_t t, int kind, uint32_t steps, sim_stats *st) {
  uint32_t l2 = m->l2_line, s2 = m->l2_sector;
  uint64_t done = 0;
  for (uint64_t base = addr & ~(uint64_t)(l2 - 1); base < addr + block; base += l2) {
    uint64_t out = 0;
    if (sector == s2 && block <= l2) {
      out = mask << ((addr - base) / s2);
    } else {
      for (uint64_t mk = mask; mk; mk &= mk - 1) {
        uint64_t b = addr + (uint64_t)__builtin_ctzll(mk) * sector, e = b + sector;
        if (e <= base || b >= base + l2) continue;
        if (b < base) b = base;
        if (e > base + l2) e = base + l2;
        for (uint64_t k = (b - base) / s2; k <= (e - 1 - base) / s2; k++) out |= 1ull << k;
      }
    }
    if (!out) continue;
    uint64_t d = sim_l2_request(m, cu, base, out, t, kind, steps, st);
    if (d > done) done = d;
  }
  return done;
}

/* ---- MSHRs: per CU a min-heap of the cycles their fills return ---------- */
/* A miss at t needs a free MSHR: when all are busy the CU's memory pipeline
 * waits for the earliest fill (whose entry is then reused). Returns the
 * cycle the miss can go. */
static uint64_t sim_mshr_acquire(sim_memsys *m, uint32_t cu, uint64_t t, sim_stats *st) {
  if (!m->nmshr || m->mshr_n[cu] < m->nmshr) return t;
  uint64_t *h = m->mshr + (size_t)cu * m->nmshr;
  uint32_t n = --m->mshr_n[cu];
  uint64_t top = h[0];
  if (top > t) st->l1_mshr_stall_cycles += top - t, t = top;
  h[0] = h[n]; /* sift down */
  for (uint32_t i = 0;;) {
    uint32_t l = 2 * i + 1, r = l + 1, s = i;
    if (l < n && h[l] < h[s]) s = l;
    if (r < n && h[r] < h[s]) s = r;
    if (s == i) break;
    uint64_t x = h[i];
    h[i] = h[s], h[s] = x, i = s;
  }
  return t;
}

static void sim_mshr_hold(sim_memsys *m, uint32_t cu, uint64_t until) {
  if (!m->nmshr) return;
  uint64_t *h = m->mshr + (size_t)cu * m->nmshr;
  uint32_t i = m->mshr_n[cu]++;
  h[i] = until;
  while (i && h[i] < h[(i - 1) / 2]) { /* sift up */
    uint64_t x = h[i];
    h[i] = h[(i - 1) / 2], h[(i - 1) / 2] = x, i = (i - 1) / 2;
  }
}

/* ---- L1 ------------------------------------------------------------------ */
static void sim_l1_writeback(sim_memsys *m, uint32_t cu, const sim_cache_ref *r, uint64_t t,
                             sim_stats *st) {
  if (!r->victim_dirty) return;
  uint64_t at = sim_noc(m, cu, t, (uint64_t)sim_bits(r->victim_dirty) * m->l1_sector, 1);
  sim_to_l2(m, cu, r->victim_addr, m->l1_line, r->victim_dirty, m->l1_sector, at, SIM_L2_WRITE, 0,
            st);
}

/* A load of sectors `mask` of the L1 line at addr entering the pipeline at
 * *t (moved on when it waits for an MSHR). Returns when its data is back. */
static uint64_t sim_l1_load(sim_memsys *m, uint32_t cu, uint64_t addr, uint64_t mask, uint64_t *t,
                            sim_stats *st) {
  sim_cache_ref r;
  sim_cache_access(&m->l1[cu], addr, 1, &r);
  uint64_t missing = r.valid ? mask & ~*r.valid : mask;
  uint64_t hit_at = *t + (uint64_t)m->cfg->l1_latency;
  if (!missing) {
    st->l1_hits++;
    if (*r.ready > *t) st->l1_mshr_merges++; /* its sectors are still being filled */
    return hit_at > *r.ready ? hit_at : *r.ready;
  }
  st->l1_misses++;
  *t = sim_mshr_acquire(m, cu, *t, st);
  sim_l1_writeback(m, cu, &r, *t, st);
  uint64_t at = sim_noc(m, cu, *t, (uint64_t)sim_bits(missing) * m->l1_sector, 0);
  uint64_t fill = sim_to_l2(m, cu, addr, m->l1_line, missing, m->l1_sector, at, SIM_L2_READ, 0, st);
  sim_mshr_hold(m, cu, fill);
  uint64_t done = fill;
  if (r.valid) {
    /* sectors it found present may still be in flight from an older fill */
    if ((mask & ~missing) && *r.ready > done) done = *r.ready;
    *r.valid |= missing;
    if (*r.ready < fill) *r.ready = fill;
  }
  return done;
}

/* A store under write_back: allocate without fetching (stores write whole
 * sectors' bytes under byte masks), dirty until evicted. */
static uint64_t sim_l1_store_back(sim_memsys *m, uint32_t cu, uint64_t addr, uint64_t mask,
                                  uint64_t t, sim_stats *st) {
  sim_cache_ref r;
  sim_cache_access(&m->l1[cu], addr, 1, &r);
  if (!r.valid) /* no L1: straight through */
    return sim_to_l2(m, cu, addr, m->l1_line, mask, m->l1_sector,
                     sim_noc(m, cu, t, (uint64_t)sim_bits(mask) * m->l1_sector, 1), SIM_L2_WRITE, 0,
                     st);
  sim_l1_writeback(m, cu, &r, t, st);
  *r.valid |= mask;
  *r.dirty |= mask;
  return t + (uint64_t)m->cfg->l1_latency;
}

uint64_t sim_store_send(sim_memsys *m, uint32_t cu, uint64_t addr, uint64_t whole, uint64_t part,
                        uint64_t t, sim_stats *st) {
  /* whole sectors and sectors written in part travel together; the L2
   * treats them apart (a part may need the rest of its sector first, and
   * takes the slice longer) */
  uint64_t at = sim_noc(m, cu, t, (uint64_t)sim_bits(whole | part) * m->l1_sector, 1), td = 0;
  if (!m->cfg->l2_partial_write_fill) whole |= part, part = 0;
  if (whole) td = sim_to_l2(m, cu, addr, m->l1_line, whole, m->l1_sector, at, SIM_L2_WRITE, 0, st);
  if (part) {
    uint64_t tp =
        sim_to_l2(m, cu, addr, m->l1_line, part, m->l1_sector, at, SIM_L2_WRITE_PARTIAL, 0, st);
    if (tp > td) td = tp;
  }
  return td;
}

uint64_t sim_mem_vector(sim_memsys *m, uint32_t cu, uint64_t now, const isa_access *a,
                        sim_stats *st, uint32_t *nreq) {
  uint64_t lines[ISA_MAX_WAVE * 2], masks[ISA_MAX_WAVE * 2], partial[ISA_MAX_WAVE * 2];
  uint32_t line = m->l1_line, sector = m->l1_sector;
  uint32_t n = sim_coalesce(a, line, sector, lines, masks);
  *nreq = n;
  m->now = now;
  int atomic = (a->kind & ISA_F_ATOMIC) != 0, store = !atomic && (a->kind & ISA_F_STORE);
  int track = store && m->cov && !m->l1_write_back;
  if (track) sim_coalesce_partial(a, line, sector, lines, n, m->cov, partial);
  /* the CU's memory pipeline takes the lines in order, each for
   * ceil(bytes / l1.bytes_per_cycle) cycles; a miss waiting for an MSHR
   * holds up the lines behind it */
  uint64_t t = now > m->l1_port_free[cu] ? now : m->l1_port_free[cu];
  uint64_t done = now + 1;
  for (uint32_t i = 0; i < n; i++) {
    uint32_t nsec = sim_bits(masks[i]);
    uint64_t bytes = (uint64_t)nsec * sector, td;
    uint64_t cost = (bytes + m->l1_bpc - 1) / m->l1_bpc;
    if (atomic) {
      /* global atomics bypass the L1 and execute at the line's L2 slice */
      uint32_t lanes, steps = sim_atomic_ops(a, lines[i], line, m->l2_sector, &lanes);
      st->l2_atomic_ops += lanes;
      st->l2_atomic_cycles += sim_ceil((double)steps * m->cfg->l2_atomic_cycles);
      td = sim_to_l2(m, cu, lines[i], line, masks[i], sector, sim_noc(m, cu, t, bytes, 1),
                     SIM_L2_ATOMIC, steps, st);
    } else if (store) {
      st->l1_store_sectors += nsec;
      if (m->l1_write_back) {
        td = sim_l1_store_back(m, cu, lines[i], masks[i], t, st);
      } else if (m->nwcb && track) {
        td = sim_wcb_store(m, cu, lines[i], m->cov + (size_t)i * (line / sector), t, st);
      } else {
        uint64_t part = track ? partial[i] : 0;
        td = sim_store_send(m, cu, lines[i], masks[i] & ~part, part, t, st);
      }
    } else {
      st->l1_load_sectors += nsec;
      td = sim_l1_load(m, cu, lines[i], masks[i], &t, st);
    }
    if (td > done) done = td;
    t += cost ? cost : 1;
  }
  m->l1_port_free[cu] = t;
  return done;
}

uint64_t sim_mem_scalar(sim_memsys *m, uint32_t cu, uint64_t now, const isa_access *a,
                        sim_stats *st) {
  uint64_t lat = (uint64_t)m->cfg->lat_smem;
  m->now = now;
  sim_cache_ref r;
  sim_cache_access(&m->scache[cu], a->addr[0], 1, &r);
  if (r.hit) {
    st->scalar_cache_hits++;
    return now + lat > *r.ready ? now + lat : *r.ready;
  }
  st->scalar_cache_misses++;
  /* the whole scalar-cache line comes from L2 over the CU's link */
  uint32_t sl = (uint32_t)m->cfg->scache_line;
  uint64_t base = a->addr[0] & ~(uint64_t)(sl - 1);
  uint64_t t =
      sim_to_l2(m, cu, base, sl, 1, sl, sim_noc(m, cu, now, sl, 0), SIM_L2_READ, 0, st) + lat;
  if (r.ready) *r.ready = t, *r.valid = 1;
  return t;
}

/* ---- LDS ----------------------------------------------------------------- */
/* The passes of the active lanes in `mask`, served together: the most
 * distinct bank words any one bank serves (or every access when broadcast
 * is off); *need gets the passes their bytes need without conflicts. */
static uint32_t sim_lds_phase(const isa_access *a, uint64_t mask, uint32_t banks,
                              uint32_t bank_width, int broadcast, uint32_t *need) {
  /* words lists the distinct bank words each lane touches */
  uint64_t words[ISA_MAX_WAVE * 16];
  uint32_t nw = 0, bytes = 0;
  for (uint64_t mk = mask; mk; mk &= mk - 1) {
    unsigned i = (unsigned)__builtin_ctzll(mk);
    uint64_t first = a->addr[i] / bank_width, last = (a->addr[i] + a->size - 1) / bank_width;
    for (uint64_t w = first; w <= last && nw < ISA_MAX_WAVE * 16; w++) words[nw++] = w;
    bytes += a->size;
  }
  uint32_t per_bank[SIM_LDS_MAX_BANKS] = {0};
  uint32_t worst = 0;
  for (uint32_t i = 0; i < nw; i++) {
    int dup = 0;
    if (broadcast)
      for (uint32_t j = 0; j < i && !dup; j++) dup = words[j] == words[i];
    if (dup) continue;
    uint32_t b = (uint32_t)(words[i] % banks);
    if (++per_bank[b] > worst) worst = per_bank[b];
  }
  uint32_t per_pass = banks * bank_width;
  *need = (bytes + per_pass - 1) / per_pass;
  return worst;
}

uint32_t sim_lds_passes(const isa_access *a, uint32_t banks, uint32_t bank_width, int broadcast,
                        uint32_t phase_bytes, uint32_t *ideal) {
  /* lanes per phase: all of them unless the wave's request is wider */
  uint32_t lanes = ISA_MAX_WAVE;
  if (phase_bytes && a->size && phase_bytes / a->size < lanes)
    lanes = phase_bytes / a->size ? phase_bytes / a->size : 1;
  uint32_t total = 0, best = 0;
  for (uint32_t lo = 0; lo < ISA_MAX_WAVE; lo += lanes) {
    uint64_t group = lanes >= 64 ? ~0ull : ((1ull << lanes) - 1) << lo;
    uint64_t mask = a->mask & group;
    if (!mask) continue;
    uint32_t need, worst = sim_lds_phase(a, mask, banks, bank_width, broadcast, &need);
    /* a phase takes a pass even when every lane of it broadcasts */
    total += worst ? worst : 1;
    uint32_t least = need < worst ? need : worst;
    best += least ? least : 1;
  }
  if (ideal) *ideal = best;
  return total;
}

/* A launch's start on a device that invalidates its per-CU caches at kernel
 * boundaries. The previous kernel's release would have written a write_back
 * L1's dirty sectors to the L2; they are sent now, at cycle 0 of the new
 * launch, so their traffic is counted rather than lost. */
void sim_memsys_launch_invalidate(sim_memsys *m, sim_stats *st) {
  for (uint32_t cu = 0; cu < m->ncu; cu++) {
    sim_cache *c = &m->l1[cu];
    if (m->cfg->l1_invalidate_on_launch) {
      size_t n = (size_t)c->nsets * c->assoc;
      for (size_t i = 0; m->l1_write_back && i < n; i++) {
        if (!c->tag[i] || !c->dirty[i]) continue;
        uint64_t at = sim_noc(m, cu, 0, (uint64_t)sim_bits(c->dirty[i]) * m->l1_sector, 1);
        sim_to_l2(m, cu, (c->tag[i] - 1) << c->line_shift, m->l1_line, c->dirty[i], m->l1_sector,
                  at, SIM_L2_WRITE, 0, st);
      }
      sim_cache_invalidate_all(c);
    }
    if (m->cfg->scache_invalidate_on_launch) sim_cache_invalidate_all(&m->scache[cu]);
  }
}
