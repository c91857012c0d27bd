/* For the tests of the composed memory system (test_sim_l2,
 * test_sim_memsys): each call's counts drain from the components into the
 * test's own sim_stats right after it, so a test can zero its counters
 * between phases and add them up over several devices, as a launch's
 * statistics would. */
#ifndef WAVESIM_TEST_SIM_DRAIN_H
#define WAVESIM_TEST_SIM_DRAIN_H

#include <string.h>

#include "sim_internal.h"

static inline void drain(sim_memsys *m, sim_stats *st) {
  sim_stats s;
  memset(&s, 0, sizeof s);
  sim_memsys_collect(m, &s);
  uint64_t max = st->l2_slice_max_requests > s.l2_slice_max_requests ? st->l2_slice_max_requests
                                                                     : s.l2_slice_max_requests;
#define STAT(group, field, ctype, sql, since, unit, doc) st->field += s.field;
#include "stats.def"
  st->l2_slice_max_requests = max; /* the busiest slice so far: a maximum, not a sum */
  sim_memsys_clear_stats(m);
}

static inline uint64_t vec(sim_memsys *m, uint32_t cu, uint64_t now, const isa_access *a,
                           sim_stats *st, uint32_t *nreq) {
  uint64_t t = sim_memsys_vector(m, cu, now, a, nreq);
  drain(m, st);
  return t;
}

static inline uint64_t scal(sim_memsys *m, uint32_t cu, uint64_t now, const isa_access *a,
                            sim_stats *st) {
  uint64_t t = sim_memsys_scalar(m, cu, now, a);
  drain(m, st);
  return t;
}

static inline void inval(sim_memsys *m, sim_stats *st) {
  sim_memsys_invalidate(m);
  drain(m, st);
}

static inline uint64_t flush(sim_memsys *m, uint64_t t, sim_stats *st) {
  uint64_t d = sim_memsys_launch_end(m, t);
  drain(m, st);
  return d;
}

#endif
