/* The timing launch: the device as the timing model sees it during one
 * launch, the compute units (sim_cu.h) plus what stays device-wide: the
 * dispatcher, the event heap that orders every CU's SIMD wake-ups and
 * slot releases, and the shared memory side (L2, DRAM) the CUs reach
 * through sim_memsys_* (sim_memsys.h), each with its own memory side.
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
  sim_cu *cus;        /* ncu of them */
  sim_simd **simd_at; /* per device-wide SIMD index (an event id): that SIMD of its CU */
  /* events: id a SIMD (< nsimd: CU id / nsimd_cu, SIMD id % nsimd_cu),
   * nsimd + a work-group slot that frees (CU id * wgs_per_cu + its slot), or
   * the dispatcher (dispatch_id). One heap for the device, ordered by (cycle,
   * id): at equal cycles every SIMD of every CU before any slot release, and
   * both before the dispatcher. */
  sim_heap events;
  uint64_t next_group, age, end;
  /* the quantum (sim_msg.h): events before qend run, then the CUs'
   * messages stamped before it reach the L2 */
  uint64_t quantum, qend;
  uint32_t valu_passes, issue_width;
  cfg_cu_scheduler sched; /* cu.scheduler */
  uint8_t unit_port[ISA_UNIT_COUNT];
  uint32_t unit_busy[ISA_UNIT_COUNT]; /* cycles an instruction holds its port */
  int faulted, oom;
  sim_exec x; /* the executor core and its observers (checks, timeline) */
  /* instruction fetch (sim_fetch.c); ib_entries 0: ideal fetch, the rest unused */
  uint32_t ib_entries, fetch_per_cycle;
  uint32_t *pc_addr;   /* per pc: byte address of the instruction */
  uint32_t *blk_end;   /* per pc: first pc starting in a later icache line */
  uint32_t code_lines; /* icache lines the kernel's code spans */
  /* dispatcher (sim_dispatch.c) */
  uint32_t next_cu;         /* round_robin: where the search for room starts */
  int fill;                 /* dispatch.policy fill */
  uint64_t dispatch_lat_q;  /* dispatch.wg_latency in 1/SIM_DISPATCH_Q cycles */
  uint64_t dispatch_free_q; /* when the dispatcher can start the next launch, same unit */
  uint64_t dispatch_wake;   /* cycle of its pending heap event, or SIM_NEVER */
  uint32_t dispatch_id;     /* its heap id: nsimd + every work-group slot */
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
/* Queues event `id` at cycle t (out of memory: T->oom). */
void sim_event_push(sim_timing *T, uint64_t t, uint32_t id);
/* Wave tw (set up by the dispatcher) joins SIMD `simd` and can issue from t. */
void sim_wave_join(sim_timing *T, sim_twave *tw, uint32_t simd, uint64_t t);

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
 * for wave x (sim_exec.wd_stops; mode: the sim_timing): 1 stops the launch. */
int sim_wd_timing(void *mode, const sim_xwave *x, int what);

/* sim_dispatch.c */
/* The dispatcher's state for this launch (it allocates nothing). */
void sim_dispatch_init(sim_timing *T);
/* Place pending work-groups on CUs with room, as of cycle t. */
void sim_dispatch(sim_timing *T, uint64_t t);
/* The event of slot si (pushed when its work-group's last wave retired)
 * popped at t: its resources free and the dispatcher places what now fits. */
void sim_dispatch_slot_free(sim_timing *T, uint32_t si, uint64_t t);

#endif
