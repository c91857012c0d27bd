/* The coalescer: the lines and sectors a wave's memory access touches
 * (what every cache component receives from the compute unit), and the
 * atomic operations its lanes need per line. */
#ifndef WAVESIM_SIM_COALESCE_H
#define WAVESIM_SIM_COALESCE_H

#include "isa.h"

/* The unique `line`-byte lines the active lanes touch, in first-touch
 * order, and per line the mask of `sector`-byte sectors touched (sector ==
 * line: one bit). Returns the count (at most ISA_MAX_WAVE * 2). */
uint32_t sim_coalesce(const isa_access *a, uint32_t line, uint32_t sector, uint64_t *lines,
                      uint64_t *masks);
/* For the n lines sim_coalesce found, the sectors (of at most 64 bytes) the
 * active lanes write only in part, into partial[]; cov gets per line and
 * sector the bytes written (n * line / sector words). */
void sim_coalesce_partial(const isa_access *a, uint32_t line, uint32_t sector,
                          const uint64_t *lines, uint32_t n, uint64_t *cov, uint64_t *partial);

/* The L2 atomic-unit operations one instruction's lanes on the line at
 * line_addr need: per `sector`, lanes on distinct addresses share an
 * operation and lanes on one address take one each. *lanes gets the lanes on
 * the line. */
uint32_t sim_atomic_ops(const isa_access *a, uint64_t line_addr, uint32_t line, uint32_t sector,
                        uint32_t *lanes);

#endif
