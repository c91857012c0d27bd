/* Test support for tests/sim (sim_tkernel.h): the kernel and device set-up
 * every executor test shares. Failures are Check assertions. */
#include <check.h>
#include <stdlib.h>
#include <string.h>

#include "sim_tkernel.h"

void stk_kernel_init(isa_kernel *k, const char *name, const char *text, uint32_t nvgprs,
                     uint32_t nsgprs) {
  memset(k, 0, sizeof *k);
  char err[256] = "";
  ck_assert_msg(isa_assemble(text, &k->code, &k->ncode, err, sizeof err) == 0, "%s", err);
  k->name = (char *)name;
  k->source_file = (char *)"test.cl";
  k->line = calloc(k->ncode, sizeof *k->line);
  ck_assert_ptr_nonnull(k->line);
  for (uint32_t i = 0; i < k->ncode; i++) k->line[i] = i + 1; /* line = instruction index + 1 */
  k->nvgprs = nvgprs;
  k->nsgprs = nsgprs;
}

void stk_kernel_fini(isa_kernel *k) {
  free(k->code);
  free(k->line);
}

sim_device *stk_device(const char *name, const char *const *sets) {
  size_t n = 0;
  while (sets && sets[n]) n++;
  cfg_device c;
  char err[512];
  ck_assert_msg(cfg_load(NULL, name, sets, n, &c, err, sizeof err) == 0, "%s", err);
  sim_device *d = sim_device_create(&c, err, sizeof err);
  ck_assert_msg(d != NULL, "%s", err);
  cfg_fini(&c);
  return d;
}
