/* Test support for the memory components: a config from a preset plus
 * overrides, and a stub downstream port that records every request it gets
 * and answers after a fixed delay, so one component is tested alone. */
#ifndef WAVESIM_TEST_SIM_STUB_H
#define WAVESIM_TEST_SIM_STUB_H

#include <check.h>
#include <string.h>

#include "cfg.h"
#include "sim_port.h"

#define STUB_MAX 256

typedef struct stub {
  sim_req got[STUB_MAX];
  unsigned n;
  double delay; /* answer: arrival + delay */
} stub;

static inline double stub_request(void *to, const sim_req *r) {
  stub *s = to;
  ck_assert_uint_lt(s->n, STUB_MAX);
  s->got[s->n++] = *r;
  return r->t + s->delay;
}

/* A port to s that keeps `line`-byte lines of `sector`-byte sectors. */
static inline sim_port stub_port(stub *s, double delay, uint32_t line, uint32_t sector) {
  memset(s, 0, sizeof *s);
  s->delay = delay;
  return (sim_port){stub_request, s, line, sector};
}

/* The teaching preset with `sets` applied (cfg_fini it after reading params). */
static inline void stub_cfg(cfg_device *c, const char *const *sets, size_t nsets) {
  char err[512];
  ck_assert_msg(cfg_load(NULL, "teaching", sets, nsets, c, err, sizeof err) == 0, "%s", err);
}

#endif
