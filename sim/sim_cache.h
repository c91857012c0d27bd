/* The timing model's cache tag array: set-associative, true LRU (or
 * pseudo-random) replacement, sector valid/dirty masks and fill times; no
 * data (values live in device memory). Every cache component (L1, scalar
 * cache, L2 partitions) is built on it. */
#ifndef WAVESIM_SIM_CACHE_H
#define WAVESIM_SIM_CACHE_H

#include <stddef.h>
#include <stdint.h>

/* A set-associative tag array with true LRU. Each line keeps which of its
 * sectors hold data (`valid`, bit i = sector i; one bit for an unsectored
 * line), which are dirty, and the cycle its latest fill arrives (`ready`),
 * so a hit on sectors still being filled waits for the fill: the effect of
 * merging requests into an in-flight miss (MSHR merge). */
typedef struct sim_cache {
  uint32_t nsets, assoc, line_shift;
  uint32_t ways; /* ways in use (<= assoc): a unified L1 gives the rest to shared memory */
  uint64_t rng;  /* nonzero: replace a pseudo-random valid way (xorshift state), not the LRU one */
  uint32_t hash_shift;     /* nonzero: the set is the line number xor-folded in steps of this
                            * many bits, modulo nsets (sim_cache_hash_sets); 0: line % nsets */
  uint64_t *tag;           /* nsets*assoc: line number + 1; 0 is invalid */
  uint64_t *stamp;         /* last use, for LRU */
  uint64_t *ready;         /* cycle the line's latest fill lands */
  uint64_t *valid, *dirty; /* sector masks */
  /* per line: 1 + the CU-side request (sim_msg.h) whose provisional fill
   * time `ready` holds until the merge patches it; 0: none */
  uint32_t *tok;
  uint64_t clock;          /* use counter driving the stamps */
} sim_cache;

typedef struct sim_cache_ref {
  int hit;         /* the tag was present (its sectors may not all be) */
  uint64_t *ready; /* the line's fields (hit or newly installed); NULL: not cached */
  uint64_t *valid, *dirty;
  uint32_t *tok;
  uint64_t victim_dirty; /* dirty sectors of the evicted line (0: nothing to write back) */
  uint64_t victim_addr;
} sim_cache_ref;

/* bytes 0 disables the cache: every access misses and nothing is kept. */
int sim_cache_init(sim_cache *c, uint64_t bytes, uint32_t line, uint32_t assoc);
void sim_cache_fini(sim_cache *c);
/* Look up addr; on a miss with `allocate`, install the line with no valid
 * sectors (evicting the least recently used way). The caller sets sectors
 * valid/dirty through the ref. */
void sim_cache_access(sim_cache *c, uint64_t addr, int allocate, sim_cache_ref *r);
int sim_cache_probe(const sim_cache *c, uint64_t addr);
/* The way holding addr's line, without touching the replacement state;
 * (size_t)-1 when absent. */
size_t sim_cache_find(const sim_cache *c, uint64_t addr);
void sim_cache_invalidate_all(sim_cache *c);
/* Drops sectors `mask` of the line at addr if it is cached (clean copies only:
 * their dirty bits go too). */
void sim_cache_drop(sim_cache *c, uint64_t addr, uint64_t mask);
void sim_cache_set_ways(sim_cache *c, uint32_t ways);
/* Index sets by a hash of the line number (xor of its index-sized bit
 * fields) instead of its low bits, so power-of-two strides spread over all
 * sets instead of a few (what real GPU L1s do: strided columns do not
 * thrash them). Call on an empty cache. */
void sim_cache_hash_sets(sim_cache *c);

/* Launch start: each launch counts cycles from 0, so fills in flight at
 * the end of the last one have landed. */
void sim_cache_clear_ready(sim_cache *c);

/* Whether its tag array is allocated (0 for a zeroed struct, a disabled cache). */
int sim_cache_allocated(const sim_cache *c);
/* l1.replacement random: replace a pseudo-random valid way, from this
 * (nonzero) xorshift state. */
void sim_cache_seed_random(sim_cache *c, uint64_t seed);
/* Way i of the tag array (0 <= i < sets x ways): its line's address and
 * dirty sectors (0 for an invalid way). Returns 0 past the last way. */
int sim_cache_line(const sim_cache *c, size_t i, uint64_t *addr, uint64_t *dirty);

#endif
