/* The memory hierarchy's timing: coalescer, per-CU L1 and scalar caches,
 * the shared L2 and DRAM as bandwidth queues with latencies, LDS banks. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sim_internal.h"

int sim_memsys_init(sim_memsys *m, const cfg_device *cfg, char *err, size_t errlen) {
  memset(m, 0, sizeof *m);
  m->cfg = cfg;
  m->ncu = (uint32_t)cfg->cu_count;
  m->l1 = calloc(m->ncu, sizeof *m->l1);
  m->scache = calloc(m->ncu, sizeof *m->scache);
  m->l1_port_free = calloc(m->ncu, sizeof *m->l1_port_free);
  m->lds_free = calloc(m->ncu, sizeof *m->lds_free);
  int bad = !m->l1 || !m->scache || !m->l1_port_free || !m->lds_free;
  for (uint32_t i = 0; !bad && i < m->ncu; i++)
    bad = sim_cache_init(&m->l1[i], (uint64_t)cfg->l1_bytes, (uint32_t)cfg->l1_line,
                         (uint32_t)cfg->l1_assoc) != 0 ||
          sim_cache_init(&m->scache[i], (uint64_t)cfg->scache_bytes, (uint32_t)cfg->scache_line,
                         (uint32_t)cfg->scache_assoc) != 0;
  if (!bad)
    bad = sim_cache_init(&m->l2, (uint64_t)cfg->l2_bytes, (uint32_t)cfg->l2_line,
                         (uint32_t)cfg->l2_assoc) != 0;
  if (bad) {
    snprintf(err, errlen, "out of memory allocating the cache tag arrays");
    sim_memsys_fini(m);
    return -1;
  }
  /* a line costs ceil(line / bytes_per_cycle) cycles of a CU's memory pipeline */
  m->l1_cycles_per_line =
      (uint32_t)((cfg->l1_line + cfg->l1_bytes_per_cycle - 1) / cfg->l1_bytes_per_cycle);
  m->l2_cycles_per_line = (double)cfg->l1_line / (double)cfg->l2_bytes_per_cycle;
  m->dram_cycles_per_line = (double)cfg->l2_line / cfg_dram_bytes_per_cycle(cfg);
  return 0;
}

void sim_memsys_fini(sim_memsys *m) {
  for (uint32_t i = 0; m->l1 && i < m->ncu; i++) sim_cache_fini(&m->l1[i]);
  for (uint32_t i = 0; m->scache && i < m->ncu; i++) sim_cache_fini(&m->scache[i]);
  sim_cache_fini(&m->l2);
  free(m->l1);
  free(m->scache);
  free(m->l1_port_free);
  free(m->lds_free);
  memset(m, 0, sizeof *m);
}

static void sim_cache_clear_ready(sim_cache *c) {
  size_t n = (size_t)c->nsets * c->assoc;
  if (n) memset(c->ready, 0, n * sizeof *c->ready);
}

void sim_memsys_reset_queues(sim_memsys *m) {
  memset(m->l1_port_free, 0, m->ncu * sizeof *m->l1_port_free);
  memset(m->lds_free, 0, m->ncu * sizeof *m->lds_free);
  m->l2_free = m->dram_free = 0;
  /* each launch counts cycles from 0; fills in flight at the end of the
   * last one have landed by now */
  sim_cache_clear_ready(&m->l2);
  for (uint32_t i = 0; i < m->ncu; i++) {
    sim_cache_clear_ready(&m->l1[i]);
    sim_cache_clear_ready(&m->scache[i]);
  }
}

uint32_t sim_coalesce(const isa_access *a, uint32_t line, uint64_t *lines) {
  uint32_t n = 0;
  uint64_t mask = a->mask, last = UINT64_MAX;
  uint64_t lmask = ~(uint64_t)(line - 1);
  while (mask) {
    unsigned i = (unsigned)__builtin_ctzll(mask);
    mask &= mask - 1;
    uint64_t first = a->addr[i] & lmask, end = (a->addr[i] + a->size - 1) & lmask;
    for (uint64_t l = first;; l += line) {
      if (l != last) {
        uint32_t k = 0;
        while (k < n && lines[k] != l) k++;
        if (k == n) lines[n++] = l;
        last = l;
      }
      if (l == end) break;
    }
  }
  return n;
}

static uint64_t sim_ceil(double x) {
  uint64_t t = (uint64_t)x;
  return (double)t < x ? t + 1 : t;
}

/* Write a dirty L2 victim back: it takes a DRAM transfer slot. */
static void sim_dram_writeback(sim_memsys *m, double at, sim_stats *st) {
  double begin = at > m->dram_free ? at : m->dram_free;
  m->dram_free = begin + m->dram_cycles_per_line;
  st->dram_write_bytes += (uint64_t)m->cfg->l2_line;
}

/* One line request reaching L2 at `t`, occupying it `occupy` line slots.
 * Returns the cycle the data is back at the requester. */
static uint64_t sim_l2_access(sim_memsys *m, uint64_t addr, uint64_t t, int write, int fetch,
                              double occupy, sim_stats *st) {
  double start = (double)t > m->l2_free ? (double)t : m->l2_free;
  m->l2_free = start + m->l2_cycles_per_line * occupy;
  uint64_t s = sim_ceil(start);
  uint64_t lat = (uint64_t)m->cfg->l2_latency;
  sim_cache_ref r;
  sim_cache_access(&m->l2, addr, 1, write, &r);
  if (r.evicted_dirty) sim_dram_writeback(m, start, st);
  if (r.hit) {
    st->l2_hits++;
    uint64_t done = s + lat;
    return done > *r.ready ? done : *r.ready;
  }
  st->l2_misses++;
  if (write && !fetch) { /* write-allocate without a fill: the line is written whole (byte masks) */
    if (r.ready) *r.ready = s + lat;
    return s + lat;
  }
  double begin = start > m->dram_free ? start : m->dram_free;
  m->dram_free = begin + m->dram_cycles_per_line;
  st->dram_read_bytes += (uint64_t)m->cfg->l2_line;
  uint64_t done = sim_ceil(begin + m->dram_cycles_per_line) + lat + (uint64_t)m->cfg->dram_latency;
  if (r.ready) *r.ready = done;
  return done;
}

uint64_t sim_mem_vector(sim_memsys *m, uint32_t cu, uint64_t now, const isa_access *a,
                        sim_stats *st, uint32_t *nreq) {
  uint64_t lines[ISA_MAX_WAVE * 2];
  uint32_t line = (uint32_t)m->cfg->l1_line;
  uint32_t n = sim_coalesce(a, line, lines);
  *nreq = n;
  uint64_t t0 = now > m->l1_port_free[cu] ? now : m->l1_port_free[cu];
  m->l1_port_free[cu] = t0 + (uint64_t)n * m->l1_cycles_per_line;
  uint64_t done = now + 1;
  uint64_t l1lat = (uint64_t)m->cfg->l1_latency;
  for (uint32_t i = 0; i < n; i++) {
    uint64_t ts = t0 + (uint64_t)i * m->l1_cycles_per_line, t;
    if (a->kind & ISA_F_ATOMIC) {
      /* atomics execute at L2; lanes hitting one line serialize there */
      uint32_t lanes = 0;
      for (uint64_t mk = a->mask; mk; mk &= mk - 1) {
        unsigned k = (unsigned)__builtin_ctzll(mk);
        if ((a->addr[k] & ~(uint64_t)(line - 1)) == lines[i]) lanes++;
      }
      t = sim_l2_access(m, lines[i], ts, 1, 1, lanes ? lanes : 1, st);
    } else if (a->kind & ISA_F_STORE) {
      /* write-through, no-allocate L1; write-back L2 */
      t = sim_l2_access(m, lines[i], ts, 1, 0, 1, st);
    } else {
      sim_cache_ref r;
      sim_cache_access(&m->l1[cu], lines[i], 1, 0, &r);
      if (r.hit) {
        st->l1_hits++;
        t = ts + l1lat > *r.ready ? ts + l1lat : *r.ready;
      } else {
        st->l1_misses++;
        t = sim_l2_access(m, lines[i], ts, 0, 1, 1, st);
        if (r.ready) *r.ready = t;
      }
    }
    if (t > done) done = t;
  }
  return done;
}

uint64_t sim_mem_scalar(sim_memsys *m, uint32_t cu, uint64_t now, const isa_access *a, sim_stats *st) {
  uint64_t lat = (uint64_t)m->cfg->lat_smem;
  sim_cache_ref r;
  sim_cache_access(&m->scache[cu], a->addr[0], 1, 0, &r);
  if (r.hit) {
    st->scalar_cache_hits++;
    return now + lat > *r.ready ? now + lat : *r.ready;
  }
  st->scalar_cache_misses++;
  uint64_t t = sim_l2_access(m, a->addr[0], now, 0, 1, 1, st) + lat;
  if (r.ready) *r.ready = t;
  return t;
}

uint32_t sim_lds_passes(const isa_access *a, uint32_t banks, uint32_t bank_width, int broadcast,
                        uint32_t *ideal) {
  /* word[k] lists the distinct bank words each lane touches; per bank we
   * count distinct words (or every access when broadcast is off) */
  uint64_t words[ISA_MAX_WAVE * 16];
  uint32_t nw = 0, bytes = 0;
  for (uint64_t mk = a->mask; mk; mk &= mk - 1) {
    unsigned i = (unsigned)__builtin_ctzll(mk);
    uint64_t first = a->addr[i] / bank_width, last = (a->addr[i] + a->size - 1) / bank_width;
    for (uint64_t w = first; w <= last && nw < ISA_MAX_WAVE * 16; w++) words[nw++] = w;
    bytes += a->size;
  }
  uint32_t per_bank[128] = {0};
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
  uint32_t need = (bytes + per_pass - 1) / per_pass;
  if (ideal) *ideal = need < worst ? need : worst;
  return worst;
}
