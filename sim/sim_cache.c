/* A set-associative cache tag array with true LRU (or pseudo-random)
 * replacement, per-line sector valid and dirty masks and fill times; no
 * data (values live in device memory). */
#include <stdlib.h>
#include <string.h>

#include "sim_cache.h"

static uint32_t sim_log2(uint32_t x) {
  uint32_t s = 0;
  while ((1u << s) < x) s++;
  return s;
}

int sim_cache_init(sim_cache *c, uint64_t bytes, uint32_t line, uint32_t assoc) {
  memset(c, 0, sizeof *c);
  c->line_shift = sim_log2(line);
  c->assoc = assoc;
  c->ways = assoc;
  if (bytes == 0) return 0; /* disabled: nsets 0 */
  c->nsets = (uint32_t)(bytes / line / assoc);
  size_t n = (size_t)c->nsets * assoc;
  c->tag = calloc(n, sizeof *c->tag);
  c->stamp = calloc(n, sizeof *c->stamp);
  c->ready = calloc(n, sizeof *c->ready);
  c->valid = calloc(n, sizeof *c->valid);
  c->dirty = calloc(n, sizeof *c->dirty);
  c->tok = calloc(n, sizeof *c->tok);
  if (!c->tag || !c->stamp || !c->ready || !c->valid || !c->dirty || !c->tok) {
    sim_cache_fini(c);
    return -1;
  }
  return 0;
}

void sim_cache_hash_sets(sim_cache *c) {
  c->hash_shift = c->nsets > 1 ? sim_log2(c->nsets) : 0;
}

/* The first way of the line's set. */
static size_t sim_cache_base(const sim_cache *c, uint64_t line) {
  uint64_t x = line;
  if (c->hash_shift)
    for (uint64_t hi = line >> c->hash_shift; hi; hi >>= c->hash_shift) x ^= hi;
  return (size_t)(x % c->nsets) * c->assoc;
}

void sim_cache_fini(sim_cache *c) {
  free(c->tag);
  free(c->stamp);
  free(c->ready);
  free(c->valid);
  free(c->dirty);
  free(c->tok);
  memset(c, 0, sizeof *c);
}

/* Restricts the cache to its first `ways` ways (1..assoc); lines in the ways
 * taken away are dropped (they become shared memory: a write-through L1 has
 * nothing dirty to lose, and the simulator keeps no data in caches). */
void sim_cache_set_ways(sim_cache *c, uint32_t ways) {
  if (ways < 1) ways = 1;
  if (ways > c->assoc) ways = c->assoc;
  for (uint32_t s = 0; s < c->nsets && ways < c->ways; s++)
    for (uint32_t w = ways; w < c->ways; w++) {
      size_t i = (size_t)s * c->assoc + w;
      c->tag[i] = 0, c->valid[i] = 0, c->dirty[i] = 0, c->stamp[i] = 0, c->tok[i] = 0;
    }
  c->ways = ways;
}

void sim_cache_invalidate_all(sim_cache *c) {
  size_t n = (size_t)c->nsets * c->assoc;
  if (!n) return;
  memset(c->tag, 0, n * sizeof *c->tag);
  memset(c->valid, 0, n * sizeof *c->valid);
  memset(c->dirty, 0, n * sizeof *c->dirty);
  memset(c->tok, 0, n * sizeof *c->tok);
}

void sim_cache_drop(sim_cache *c, uint64_t addr, uint64_t mask) {
  if (!c->nsets) return;
  uint64_t line = addr >> c->line_shift;
  size_t base = sim_cache_base(c, line);
  for (uint32_t w = 0; w < c->assoc; w++)
    if (c->tag[base + w] == line + 1) {
      c->valid[base + w] &= ~mask;
      c->dirty[base + w] &= ~mask;
      return;
    }
}

int sim_cache_probe(const sim_cache *c, uint64_t addr) {
  return sim_cache_find(c, addr) != (size_t)-1;
}

size_t sim_cache_find(const sim_cache *c, uint64_t addr) {
  if (!c->nsets) return (size_t)-1;
  uint64_t line = addr >> c->line_shift;
  size_t base = sim_cache_base(c, line);
  for (uint32_t w = 0; w < c->assoc; w++)
    if (c->tag[base + w] == line + 1) return base + w;
  return (size_t)-1;
}

void sim_cache_access(sim_cache *c, uint64_t addr, int allocate, sim_cache_ref *r) {
  r->hit = 0;
  r->ready = NULL;
  r->valid = r->dirty = NULL;
  r->tok = NULL;
  r->victim_dirty = 0;
  r->victim_addr = 0;
  if (!c->nsets) return;
  uint64_t line = addr >> c->line_shift;
  size_t base = sim_cache_base(c, line);
  size_t victim = base;
  for (uint32_t w = 0; w < c->ways; w++) {
    size_t i = base + w;
    if (c->tag[i] == line + 1) {
      c->stamp[i] = ++c->clock;
      r->hit = 1;
      r->ready = &c->ready[i];
      r->valid = &c->valid[i];
      r->dirty = &c->dirty[i];
      r->tok = &c->tok[i];
      return;
    }
    /* invalid ways first (stamp 0 and tag 0), then the least recently used */
    if (c->tag[victim] != 0 && (c->tag[i] == 0 || c->stamp[i] < c->stamp[victim])) victim = i;
  }
  if (!allocate) return;
  if (c->rng && c->tag[victim]) {
    /* every way valid: a pseudo-random one, deterministic per cache. Unlike
     * LRU, a cyclic sweep slightly larger than the cache still keeps part
     * of its lines, as measured on real GPU L1s. */
    c->rng ^= c->rng << 13, c->rng ^= c->rng >> 7, c->rng ^= c->rng << 17;
    victim = base + (size_t)(c->rng % c->ways);
  }
  if (c->tag[victim] && c->dirty[victim]) {
    r->victim_dirty = c->dirty[victim];
    r->victim_addr = (c->tag[victim] - 1) << c->line_shift;
  }
  c->tag[victim] = line + 1;
  c->stamp[victim] = ++c->clock;
  c->valid[victim] = 0;
  c->dirty[victim] = 0;
  c->ready[victim] = 0;
  c->tok[victim] = 0;
  r->tok = &c->tok[victim];
  r->ready = &c->ready[victim];
  r->valid = &c->valid[victim];
  r->dirty = &c->dirty[victim];
}

void sim_cache_clear_ready(sim_cache *c) {
  size_t n = (size_t)c->nsets * c->assoc;
  if (n) memset(c->ready, 0, n * sizeof *c->ready);
  if (n) memset(c->tok, 0, n * sizeof *c->tok);
}

void sim_cache_seed_random(sim_cache *c, uint64_t seed) {
  c->rng = seed;
}

int sim_cache_line(const sim_cache *c, size_t i, uint64_t *addr, uint64_t *dirty) {
  if (i >= (size_t)c->nsets * c->assoc) return 0;
  *addr = c->tag[i] ? (c->tag[i] - 1) << c->line_shift : 0;
  *dirty = c->tag[i] ? c->dirty[i] : 0;
  return 1;
}

int sim_cache_allocated(const sim_cache *c) {
  return c->tag != NULL;
}
