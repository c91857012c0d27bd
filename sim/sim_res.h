/* The timing model's two scheduling primitives: a reservation (a resource
 * busy until a time) and a min-heap of timed entries. */
#ifndef WAVESIM_SIM_RES_H
#define WAVESIM_SIM_RES_H

#include <stddef.h>
#include <stdint.h>

/* ---- reservations ------------------------------------------------------------
 * A link, an L2 slice, a DRAM channel, an atomic unit or an LDS pipeline is
 * "free at" a time: a request takes it at max(arrival, free) and moves that
 * on by its occupancy. Nothing ticks per cycle, so a request costs O(1).
 * sim_res counts fractional cycles (bandwidths of bytes per cycle that do
 * not divide a request); sim_pipe whole ones. */
typedef struct sim_res {
  double free;
} sim_res;

/* Takes r at t for occ cycles; returns the cycle the request starts. */
static inline double sim_res_take(sim_res *r, double t, double occ) {
  double start = t > r->free ? t : r->free;
  r->free = start + occ;
  return start;
}

typedef struct sim_pipe {
  uint64_t free;
} sim_pipe;

static inline uint64_t sim_pipe_take(sim_pipe *p, uint64_t t, uint64_t occ) {
  uint64_t start = t > p->free ? t : p->free;
  p->free = start + occ;
  return start;
}

/* The first whole cycle at or after x. */
static inline uint64_t sim_ceil(double x) {
  uint64_t t = (uint64_t)x;
  return (double)t < x ? t + 1 : t;
}

/* ---- min-heap ordered by (t, id) -----------------------------------------------
 * The timing model's events (id: what wakes) and each CU's MSHRs (the
 * cycles their fills return; id 0). Ties break on id, so the order, and
 * with it every cycle count, is deterministic. */
typedef struct sim_hent {
  uint64_t t;
  uint32_t id;
} sim_hent;

typedef struct sim_heap {
  sim_hent *e;
  size_t n, cap;
} sim_heap;

/* cap entries allocated up front (0: none until the first push). -1: out of memory. */
int sim_heap_init(sim_heap *h, size_t cap);
void sim_heap_fini(sim_heap *h);
/* Adds an entry, growing the storage when full. -1: out of memory (nothing added). */
int sim_heap_push(sim_heap *h, uint64_t t, uint32_t id);
/* Removes and returns the least entry; the heap must not be empty. */
sim_hent sim_heap_pop(sim_heap *h);
/* The entry with id `id` (the first found; 0 matches none) moves to a
 * later time t and takes id `to`: a provisional time made real (an L1
 * MSHR's fill, sim_msg.h). Returns 0 when no entry has that id. */
int sim_heap_delay(sim_heap *h, uint32_t id, uint64_t t, uint32_t to);

#endif
