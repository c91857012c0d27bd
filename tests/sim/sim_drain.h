/* For the tests of the composed memory system (test_sim_l2,
 * test_sim_memsys): each call's counts drain from the components into the
 * test's own sim_stats right after it, so a test can zero its counters
 * between phases and add them up over several devices, as a launch's
 * statistics would. */
#ifndef WAVESIM_TEST_SIM_DRAIN_H
#define WAVESIM_TEST_SIM_DRAIN_H

#include <string.h>

#include "sim_internal.h"

/* The device's CU count: how many memory sides d->cu_mem holds. */
static inline uint32_t ncu(const sim_device *d) {
  return (uint32_t)d->cfg.cu_count;
}

static inline void drain(sim_device *d, sim_stats *st) {
  sim_stats s;
  memset(&s, 0, sizeof s);
  sim_memsys_collect(&d->mem, d->cu_mem, ncu(d), &s);
  uint64_t max = st->l2_slice_max_requests > s.l2_slice_max_requests ? st->l2_slice_max_requests
                                                                     : s.l2_slice_max_requests;
#define STAT(group, field, ctype, sql, since, unit, doc) st->field += s.field;
#include "stats.def"
  st->l2_slice_max_requests = max; /* the busiest slice so far: a maximum, not a sum */
  sim_memsys_clear_stats(&d->mem, d->cu_mem, ncu(d));
}

/* The device idle: every queue drains (sim_memsys_reset). */
static inline void dev_reset(sim_device *d) {
  sim_memsys_reset(&d->mem, d->cu_mem, ncu(d));
}

static inline uint64_t vec(sim_device *d, uint32_t cu, uint64_t now, const isa_access *a,
                           sim_stats *st, uint32_t *nreq) {
  uint64_t t = sim_memsys_vector(&d->mem, &d->cu_mem[cu], now, a, nreq);
  drain(d, st);
  return t;
}

static inline uint64_t scal(sim_device *d, uint32_t cu, uint64_t now, const isa_access *a,
                            sim_stats *st) {
  uint64_t t = sim_memsys_scalar(&d->mem, &d->cu_mem[cu], now, a);
  drain(d, st);
  return t;
}

static inline void inval(sim_device *d, sim_stats *st) {
  sim_memsys_invalidate(&d->mem, d->cu_mem, ncu(d));
  drain(d, st);
}

static inline uint64_t flush(sim_device *d, uint64_t t, sim_stats *st) {
  uint64_t r = sim_memsys_launch_end(&d->mem, d->cu_mem, ncu(d), t);
  drain(d, st);
  return r;
}

#endif
