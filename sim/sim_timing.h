/* The timing launch: the device as the timing model sees it during one
 * launch, the compute units (sim_cu.h, each with its own events and memory
 * side) plus what stays device-wide: the dispatcher, the quantum, the host
 * threads, and the shared memory side (L2, DRAM) the CUs reach through
 * their messages (sim_memsys.h, sim_msg.h).
 * Internal to sim_timing.c, sim_fetch.c, sim_dispatch.c and
 * sim_watchdog.c. */
#ifndef WAVESIM_SIM_TIMING_H
#define WAVESIM_SIM_TIMING_H

#include "sim_cu.h"

typedef struct sim_timing {
  sim_ctx *c;
  const cfg_device *cfg;
  sim_memsys *mem;
  uint32_t ncu, nsimd_cu, nsimd, wpg;
  sim_cu *cus; /* ncu of them, each with its own events (sim_cu.h) */
  uint64_t end;
  /* the quantum (sim_msg.h): each CU runs its events before qend alone,
   * then, at the boundary, the CUs' messages stamped before it reach the
   * L2, and the dispatcher and the launch-wide checks take in what the CUs
   * did (sim_run_quanta) */
  uint64_t quantum, qstart, qend;
  uint32_t valu_passes, issue_width;
  cfg_cu_scheduler sched; /* cu.scheduler */
  uint8_t unit_port[ISA_UNIT_COUNT];
  uint32_t unit_busy[ISA_UNIT_COUNT]; /* cycles an instruction holds its port */
  int faulted, oom;
  /* host threads (sim_pool.h): the CUs of a quantum run on them; each
   * worker counts per-pc into its own set (wpc[0] is the launch's) */
  struct sim_pool *pool;
  sim_pc_counts *wpc;
  uint32_t nworkers;
  /* the watchdog's launch-wide count of memory-writing instructions as of
   * the last boundary (each CU counts on from it in its own context) */
  uint64_t wd_writes;
  /* instruction fetch (sim_fetch.c); ib_entries 0: ideal fetch, the rest unused */
  uint32_t ib_entries, fetch_per_cycle;
  uint32_t *pc_addr;   /* per pc: byte address of the instruction */
  uint32_t *blk_end;   /* per pc: first pc starting in a later icache line */
  uint32_t code_lines; /* icache lines the kernel's code spans */
  /* dispatcher (sim_dispatch.c): the groups not yet handed to a CU are
   * next_group on and the returned ones (ascending) */
  uint64_t next_group;
  uint64_t *ret; /* handed back at the last boundary, ascending, from ret_head on */
  uint32_t ret_head, nret, capret;
  uint32_t next_cu;        /* where the next round of handing out starts */
  int fill;                /* dispatch.policy fill */
  uint64_t dispatch_lat_q; /* dispatch.wg_latency in 1/SIM_DISPATCH_Q cycles */
  uint64_t dispatch_gap_q; /* a CU's launch port: between two of its groups, same unit */
  uint32_t dq_depth;       /* groups a CU holds for the quantum */
  /* sampled timing (sim_sample.h): the blocks of groups the dispatcher skips */
  struct sim_sample *sample;
} sim_timing;

/* Work-group slot `si` (device-wide index). */
static inline sim_tslot *sim_slot_at(const sim_timing *T, uint32_t si) {
  uint32_t per = T->c->occ.wgs_per_cu;
  return &T->cus[si / per].slots[si % per];
}

/* Fixed-point unit of the dispatcher's clock (fractional wg_latency). */
#define SIM_DISPATCH_Q 4096u

/* sim_timing.c */
/* Queues event `id` of cu at cycle t (out of memory: cu->oom). */
static inline void sim_cu_push(sim_cu *cu, uint64_t t, uint32_t id) {
  if (sim_heap_push(&cu->events, t, id) != 0) cu->oom = 1;
}
/* Wave tw (set up by the dispatcher) joins SIMD `simd` of cu and can issue from t. */
void sim_wave_join(sim_timing *T, sim_cu *cu, sim_twave *tw, uint32_t simd, uint64_t t);

/* sim_fetch.c */
/* The kernel's code layout (per pc: address, icache line end). -1: out of memory. */
int sim_fetch_init(sim_timing *T);
void sim_fetch_fini(sim_timing *T);
/* A wave starts (empty buffer) at pc 0 at cycle t. */
void sim_fetch_start(sim_timing *T, sim_twave *tw, uint64_t t);
/* Slow path of sim_fetch_issued: a redirect, or a fetch is due. */
void sim_fetch_refill(sim_timing *T, sim_twave *tw, uint32_t pc, uint64_t now);
/* Wave tw issued the instruction at pc at cycle now and moved to w.pc: the
 * instruction leaves the buffer, which refills from the next cycle. */
static inline void sim_fetch_issued(sim_timing *T, sim_twave *tw, uint32_t pc, uint64_t now) {
  uint32_t e = T->ib_entries;
  if (!e) return;
  if (tw->ib_count) {
    tw->ib_head = tw->ib_head + 1 < e ? tw->ib_head + 1 : 0;
    tw->ib_count--;
  }
  if (tw->w.pc != pc + 1 || (tw->fetch_need && e - tw->ib_count >= tw->fetch_need))
    sim_fetch_refill(T, tw, pc, now);
}
/* Cycle the wave's next instruction is in its buffer (0 with ideal fetch). */
static inline uint64_t sim_fetch_ready(const sim_timing *T, const sim_twave *tw) {
  if (!T->ib_entries || !tw->ib_count) return 0; /* empty only past the code: isa_step reports it */
  return tw->ib_ready[tw->ib_head];
}

/* sim_watchdog.c: the timing mode's say on the watchdog's finding `what`
 * for wave x (sim_exec.wd_stops; mode: its sim_cu): 1 stops the launch. A
 * wave that repeats its state goes on, noted in its CU for the boundary. */
int sim_wd_timing(void *mode, const sim_xwave *x, int what);
/* At a boundary where a CU noted such a wave: whether the launch can never
 * finish (every resident wave spins or waits on one that does, and no
 * group can still start). */
int sim_wd_timing_stuck(const sim_timing *T);

/* sim_dispatch.c */
/* The dispatcher's state for this launch: -1 when out of memory. */
int sim_dispatch_init(sim_timing *T);
void sim_dispatch_fini(sim_timing *T);
/* At the boundary that starts the quantum at qstart: groups go to CUs'
 * free slots (starting at qstart at the earliest), and each CU is handed
 * the groups its slots may take during the quantum (what it held unused
 * comes back first). */
void sim_dispatch_boundary(sim_timing *T);
/* The group placed in slot `slot` of cu starts at t (its event): its
 * waves join the CU's SIMDs. */
void sim_dispatch_group_start(sim_timing *T, sim_cu *u, uint32_t slot, uint64_t t);
/* Slot `slot` of cu frees at t (its event, on the CU's thread): the CU
 * places the next group it holds, if any. */
void sim_dispatch_slot_free(sim_timing *T, sim_cu *cu, uint32_t slot, uint64_t t);
/* Whether a group is left to start (in a CU's hands or not yet handed). */
int sim_dispatch_pending(const sim_timing *T);

#endif
