/* The memory hierarchy of the timing model as a composition of components,
 * each with its parameters, state and a port to the next:
 *
 *   CU ─┬─ sim_l1 (per CU) ──┬── sim_wcb (per CU) ──┐
 *       │                    └──────────────────────┼── sim_noc (per-CU links) ── sim_l2 ──
 * sim_dram ├─ sim_scache (per CU) ─────────────────────┘ └─ sim_lds (per CU; may share the L1's
 * pipeline)
 *
 * This file only builds and wires them and forwards the timing model's
 * calls; no component knows another's fields. */
#ifndef WAVESIM_SIM_MEMSYS_H
#define WAVESIM_SIM_MEMSYS_H

#include <stddef.h>

#include "sim_dram.h"
#include "sim_l1.h"
#include "sim_l2.h"
#include "sim_lds.h"
#include "sim_noc.h"
#include "sim_scache.h"
#include "sim_tex.h"
#include "sim_wcb.h"

typedef struct sim_memsys {
  sim_dram dram;
  sim_l2 l2;
  sim_noc noc;
  sim_wcb wcb;
  sim_l1 l1;
  sim_scache scache;
  sim_lds lds;
  sim_tex tex;
  /* issue cycle of the latest global/scalar memory instruction: the
   * launch-end flush of the write-combining buffers is booked as of it */
  uint64_t last_issue;
} sim_memsys;

/* Builds every component from the config. m must not move afterwards (the
 * ports point into it). -1 with a message: out of memory. */
int sim_memsys_init(sim_memsys *m, const cfg_device *cfg, char *err, size_t errlen);
void sim_memsys_fini(sim_memsys *m);

/* Queues drain and DRAM rows close (the device was idle); cache contents stay. */
void sim_memsys_reset(sim_memsys *m);
/* The caches that invalidate at kernel boundaries (l1/scache.invalidate_on_launch) do. */
void sim_memsys_invalidate(sim_memsys *m);
/* Launch start: queues drain and DRAM rows close (the device was idle),
 * cache contents stay; the L1 gives `lds_bytes` per CU to shared memory
 * when unified with it; then the caches that invalidate at kernel
 * boundaries do. */
void sim_memsys_launch_start(sim_memsys *m, uint64_t lds_bytes);
/* Launch end at t: buffered stores drain. Returns when the last is acknowledged (t if none). */
uint64_t sim_memsys_launch_end(sim_memsys *m, uint64_t t);

/* A vector (global or scratch) access of CU cu issued at `now`: see sim_l1_access. */
uint64_t sim_memsys_vector(sim_memsys *m, uint32_t cu, uint64_t now, const isa_access *a,
                           uint32_t *nreq);
/* An image instruction of CU cu issued at `now` with texels t: see sim_tex_access. */
uint64_t sim_memsys_image(sim_memsys *m, uint32_t cu, uint64_t now, const isa_tex_access *t,
                          uint32_t *nreq);
/* A scalar load of CU cu issued at `now` (its first lane's address). */
uint64_t sim_memsys_scalar(sim_memsys *m, uint32_t cu, uint64_t now, const isa_access *a);
/* An LDS access of CU cu issued at `now`: see sim_lds_access. */
uint64_t sim_memsys_lds(sim_memsys *m, uint32_t cu, uint64_t now, const isa_access *a,
                        int combinable, uint64_t *conflict);
/* CU cu's LDS pipeline busy for `cycles` from `now` (barrier arrivals). */
void sim_memsys_lds_occupy(sim_memsys *m, uint32_t cu, uint64_t now, uint64_t cycles);
/* Zeroes every component's counters (reset does too). */
void sim_memsys_clear_stats(sim_memsys *m);
/* The launch's counters of every component (zeroed at launch start) into st. */
void sim_memsys_collect(const sim_memsys *m, sim_stats *st);
/* The host wrote [addr, addr + size) between launches (sim_l2_host_write). */
void sim_memsys_host_write(sim_memsys *m, uint64_t addr, uint64_t size);

#endif
