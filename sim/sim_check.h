/* The opt-in correctness checks of a launch (`wavesim run --check`,
 * WAVESIM_CHECK): data races on __local and global memory, uninitialised
 * reads of __local and private memory. Shadow state and reports. */
#ifndef WAVESIM_SIM_CHECK_H
#define WAVESIM_SIM_CHECK_H

#include <stddef.h>
#include <stdint.h>

#include "isa.h"

/* sim_launch.checks bits */
enum {
  SIM_CHECK_RACES = 1u << 0,  /* conflicting accesses with no barrier between / across groups */
  SIM_CHECK_UNINIT = 1u << 1, /* reads of __local / private bytes nobody wrote */
  SIM_CHECK_BENIGN = 1u << 2, /* also report write-write races that store the same value */
  SIM_CHECK_FATAL = 1u << 3,  /* any report fails the launch (after it ran) */
  /* an out-of-bounds access faults the kernel at once; without it the
   * access is reported (sim_oob_report) and goes on as GPUs do: loads read
   * zeros, stores and atomics outside every buffer are dropped */
  SIM_CHECK_OOB_FAULT = 1u << 4,
};
/* The bits that need the checks' shadow state (sim_check_create). */
#define SIM_CHECK_SHADOW (SIM_CHECK_RACES | SIM_CHECK_UNINIT)

/* Reports stored per launch (more are counted, not kept). */
#define SIM_CHECK_MAX_REPORTS 20u

/* Parses a comma-separated list of check names (races, uninit, all, benign,
 * fatal, oob-fatal; "none" or "" for nothing) into SIM_CHECK_* bits: fatal
 * also makes out-of-bounds accesses fault, oob-fatal does only that. Returns 0, or -1
 * with a message naming the bad entry and the valid ones. */
int sim_check_parse(const char *list, uint32_t *flags, char *err, size_t errlen);

struct sim_ctx;
typedef struct sim_check sim_check;

/* State for launch c with `nslots` places a work-group can run in at once
 * (the functional executor: 1; the timing model: one per resident slot).
 * NULL when out of memory. */
sim_check *sim_check_create(struct sim_ctx *c, uint32_t nslots, uint32_t flags);
void sim_check_destroy(sim_check *k);
/* Work-group `gid` starts in slot `slot`: its __local and private memory
 * are new (nothing written), its barrier count restarts. */
void sim_check_group(sim_check *k, uint32_t slot, const uint64_t gid[3], const uint64_t lsz[3]);
/* The work-group in `slot` left a barrier: accesses before it are ordered
 * before those after it. */
void sim_check_barrier(sim_check *k, uint32_t slot);
/* Wave `wi` of the group in `slot` executed the instruction at `pc`; when it
 * was a memory instruction, w->access says what it touched. */
void sim_check_step(sim_check *k, uint32_t slot, const isa_wave *w, uint32_t wi, uint32_t pc);
/* Reports found so far (unique per pair of source lines and kind). */
uint64_t sim_check_reports(const sim_check *k);

#endif
