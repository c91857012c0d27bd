/* A global-memory access for the memory tests: lanes [0, n) each touch
 * `size` bytes at base + lane * stride, as one wave's instruction would. */
#ifndef WAVESIM_TEST_SIM_ACCESS_H
#define WAVESIM_TEST_SIM_ACCESS_H

#include <stdint.h>
#include <string.h>

#include "isa.h"

static inline isa_access acc(uint64_t base, uint32_t n, uint64_t stride, uint8_t size,
                             uint8_t kind) {
  isa_access a;
  memset(&a, 0, sizeof a);
  a.space = ISA_SPACE_GLOBAL;
  a.size = size;
  a.kind = kind;
  a.mask = n >= 64 ? ~0ull : ((1ull << n) - 1);
  for (uint32_t i = 0; i < n; i++) a.addr[i] = base + i * stride;
  return a;
}

#endif
