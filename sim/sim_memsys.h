/* The memory hierarchy of the timing model: the device-wide side (the L2
 * and DRAM) and the calls through which a compute unit reaches memory.
 * Each CU's own memory components (link, write-combining buffer, L1,
 * scalar cache, LDS, texture unit) are its memory side, sim_cu_mem.h,
 * which the device owns one of per CU:
 *
 *   CU i: sim_cu_mem (tex, l1, wcb, scache, lds, link) ─┐
 *   ...                                                 ├── sim_l2 ── sim_dram
 *   CU j: sim_cu_mem ───────────────────────────────────┘
 *
 * A CU's instructions reach memory only through the sim_memsys_* calls
 * below; no component knows another's fields. During a timing launch
 * each CU's link turns its requests into messages in the CU's outbox
 * (sim_msg.h), which sim_memsys_merge delivers to the L2 at each quantum
 * boundary in (t, cu, seq) order. */
#ifndef WAVESIM_SIM_MEMSYS_H
#define WAVESIM_SIM_MEMSYS_H

#include <stddef.h>

#include "sim_cu_mem.h"
#include "sim_dram.h"
#include "sim_l2.h"

typedef struct sim_memsys {
  sim_dram dram;
  sim_l2 l2;
  /* the CUs' outboxes during a timing launch, in CU order (each CU's
   * memory side owns its own), and the merge that delivers them */
  sim_msgbox **boxes;
  uint32_t nbox;
  sim_msg_merge merge;
} sim_memsys;

/* Builds the L2 and DRAM from the config. m must not move afterwards (the
 * ports point into it). -1 with a message: out of memory. */
int sim_memsys_init(sim_memsys *m, const cfg_device *cfg, char *err, size_t errlen);
void sim_memsys_fini(sim_memsys *m);
/* The port the CUs' links send to (the L2's request function). */
sim_port sim_memsys_l2_port(sim_memsys *m);

/* The device-wide calls take every CU's memory side, cus[0..ncu). */
/* Queues drain and DRAM rows close (the device was idle); cache contents stay. */
void sim_memsys_reset(sim_memsys *m, sim_cu_mem *cus, uint32_t ncu);
/* The caches that invalidate at kernel boundaries (l1/scache.invalidate_on_launch) do. */
void sim_memsys_invalidate(sim_memsys *m, sim_cu_mem *cus, uint32_t ncu);
/* Launch start: queues drain and DRAM rows close (the device was idle),
 * cache contents stay; msgs: the CUs' links send messages from now on (a
 * timing launch; -1 when out of memory); each L1 gives `lds_bytes` to
 * shared memory when unified with it; then the caches that invalidate at
 * kernel boundaries do, CU by CU. */
int sim_memsys_launch_start(sim_memsys *m, sim_cu_mem *cus, uint32_t ncu, uint64_t lds_bytes,
                            int msgs);
/* Launch end at t: buffered stores drain, CU by CU. Returns when the last
 * is acknowledged (t if none); with messages on, provisionally: each CU's
 * drain is then a pending operation of kind SIM_MSG_END whose resolution
 * gives the real time. */
uint64_t sim_memsys_launch_end(sim_memsys *m, sim_cu_mem *cus, uint32_t ncu, uint64_t t);
/* The quantum: the shortest L1-miss round trip (l2.latency; at least 1). */
uint64_t sim_memsys_quantum(const sim_memsys *m);
/* The boundary at qend: every CU's messages stamped before it go to the L2
 * in (t, cu, seq) order; the answered requests wait in each CU's outbox
 * for the CU to apply them (sim_msgbox_apply, on its own thread). */
void sim_memsys_merge(sim_memsys *m, uint64_t qend);
/* Whether some CU has answers of the last merge to apply. */
int sim_memsys_answered(const sim_memsys *m);
/* Whether a message or pending operation is left; the earliest queued
 * message's t (UINT64_MAX: none). -1 from busy: out of memory. */
int sim_memsys_msgs_busy(const sim_memsys *m);
/* The timing launch is over: the links answer at once again, and what a
 * faulted launch left unsent is dropped. */
void sim_memsys_msgs_off(sim_memsys *m);
uint64_t sim_memsys_msgs_first(const sim_memsys *m);
/* Zeroes every component's counters (reset does too). */
void sim_memsys_clear_stats(sim_memsys *m, sim_cu_mem *cus, uint32_t ncu);
/* The launch's counters of every component (zeroed at launch start) into
 * st: the CUs' summed in CU order, the L2's and DRAM's. */
void sim_memsys_collect(const sim_memsys *m, const sim_cu_mem *cus, uint32_t ncu, sim_stats *st);
/* The host wrote [addr, addr + size) between launches (sim_l2_host_write). */
void sim_memsys_host_write(sim_memsys *m, uint64_t addr, uint64_t size);

/* A CU's calls, cu being its memory side. */
/* A vector (global or scratch) access issued at `now`: see sim_l1_access. */
uint64_t sim_memsys_vector(sim_memsys *m, sim_cu_mem *cu, uint64_t now, const isa_access *a,
                           uint32_t *nreq);
/* An image instruction issued at `now` with texels t: see sim_tex_access. */
uint64_t sim_memsys_image(sim_memsys *m, sim_cu_mem *cu, uint64_t now, const isa_tex_access *t,
                          uint32_t *nreq);
/* A scalar load issued at `now` (its first lane's address). */
uint64_t sim_memsys_scalar(sim_memsys *m, sim_cu_mem *cu, uint64_t now, const isa_access *a);
/* An LDS access issued at `now`: see sim_lds_access. */
uint64_t sim_memsys_lds(sim_memsys *m, sim_cu_mem *cu, uint64_t now, const isa_access *a,
                        int combinable, uint64_t *conflict);
/* The CU's LDS pipeline busy for `cycles` from `now` (barrier arrivals). */
void sim_memsys_lds_occupy(sim_memsys *m, sim_cu_mem *cu, uint64_t now, uint64_t cycles);

#endif
