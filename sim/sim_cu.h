/* Internal to the timing model (sim_timing.c, sim_fetch.c, sim_dispatch.c):
 * resident waves, work-group slots, SIMDs with their issue ports, and the
 * per-launch state the issue loop, instruction fetch and dispatcher share. */
#ifndef WAVESIM_SIM_CU_H
#define WAVESIM_SIM_CU_H

#include "sim_internal.h"

enum { W_FREE, W_ACTIVE, W_BARRIER, W_DONE };
/* why a wave waits, for the stall counters */
enum { WAIT_ISSUE, WAIT_DEP, WAIT_MEM, WAIT_BARRIER, WAIT_FETCH };
/* Issue ports of a SIMD: an instruction takes its class's port for its
 * occupancy (VALU: wave_size/simd_width passes times the class rate), so
 * one of each class issues per cycle at most and a busy VALU does not block
 * a scalar or memory instruction from another wave (cu.issue_width > 1). */
enum {
  SIM_PORT_VALU,
  SIM_PORT_TRANS,
  SIM_PORT_SALU,
  SIM_PORT_SMEM,
  SIM_PORT_VMEM,
  SIM_PORT_LDS,
  SIM_PORT_BRANCH,
  SIM_PORT_COUNT
};

#define SIM_SCC (ISA_MAX_SGPRS + 2) /* scoreboard slot of SCC after the SGPRs */
#define SIM_IBUF_MAX 64             /* cu.ibuffer_entries maximum (cfg_schema.def) */

typedef struct sim_twave {
  isa_wave w;
  uint32_t *vregs, *sregs;
  uint64_t *vready;             /* per VGPR: cycle its pending write lands */
  uint8_t *vmem;                /* per VGPR: that write comes from memory */
  uint64_t sready[SIM_SCC + 1]; /* SGPRs, then SCC */
  uint8_t smem[SIM_SCC + 1];
  uint64_t next_issue, mem_done, start, age;
  /* when every memory instruction issued so far completes (loads too):
   * what s_waitmem waits for */
  uint64_t mem_all;
  uint64_t reg_ready; /* cached: earliest issue from registers, fetch and next_issue */
  uint32_t slot, wi, simd;
  uint32_t sidx;      /* its index in the SIMD's waves[], rdy[], rport[] */
  uint32_t lane;      /* timeline trace only: its lane on the SIMD */
  uint64_t bar_start; /* timeline trace only: cycle it reached a barrier */
  uint8_t state, wait, reg_why, port;
  /* instruction buffer (sim_fetch.c): ib_count instructions from w.pc on,
   * fetched or in flight, their ready cycles in a ring from ib_head */
  uint32_t fetch_pc, ib_head, ib_count;
  uint32_t fetch_need; /* entries the next fetch needs free (0: past the code) */
  uint64_t ib_ready[SIM_IBUF_MAX];
  sim_wd_wave wd;   /* the watchdog's count and snapshot (sim_watchdog.c) */
  uint32_t stop_pc; /* pc of the barrier it waits at or the s_endpgm it ended at */
  uint32_t jump_pc; /* pc of its last taken branch (ISA_NO_PC: none) */
} sim_twave;

typedef struct sim_tslot { /* a resident work-group's place on a CU */
  uint32_t cu, nwaves, live, arrived;
  int busy;
  uint64_t bar_last; /* when the CU's barrier unit took the latest arrival at the pending barrier */
  uint64_t gid[3], lsz[3];
  uint64_t start; /* cycle the work-group's waves started */
  uint8_t *lds, *scratch;
  sim_twave *waves;
} sim_tslot;

typedef struct sim_simd {
  sim_twave **waves; /* resident, oldest first */
  /* parallel to waves[], what the scheduler scans each cycle, kept compact
   * so the scan does not touch the large wave structs: each wave's cached
   * ready cycle (SIM_NEVER while not W_ACTIVE) and its next issue port */
  uint64_t *rdy;
  uint8_t *rport;
  uint32_t n, rr;
  sim_twave *greedy; /* gto: the wave that issued last */
  uint64_t wake, last_issue;
  uint64_t own[SIM_PORT_COUNT];   /* this SIMD's ports: cycle each is free */
  uint64_t *port[SIM_PORT_COUNT]; /* own[], or the CU's shared scalar ALU */
} sim_simd;

typedef struct sim_timing {
  sim_ctx *c;
  const cfg_device *cfg;
  sim_memsys *mem;
  uint32_t ncu, nsimd_cu, nsimd, wpg;
  sim_tslot *slots; /* ncu * wgs_per_cu */
  uint32_t *cu_wgs; /* resident work-groups per CU */
  sim_simd *simds;  /* ncu * nsimd_cu */
  sim_twave **simd_store;
  uint64_t *rdy_store;
  uint8_t *rport_store;
  uint64_t *cu_salu;  /* per CU: its shared scalar ALU (cu.salu_shared) */
  uint64_t *cu_bar;   /* per CU: when its barrier unit takes the next arrival (cu.barrier_cycles) */
  double *cu_bar_lds; /* per CU: barrier time owed to the LDS pipeline, under a cycle
                         (cu.barrier_lds_cycles) */
  /* events: id a SIMD (< nsimd), nsimd + a work-group slot that frees, or
   * the dispatcher (dispatch_id) */
  sim_heap events;
  uint64_t next_group, age, end, wave_cycles;
  uint32_t valu_passes, issue_width;
  cfg_cu_scheduler sched; /* cu.scheduler */
  uint8_t unit_port[ISA_UNIT_COUNT];
  uint32_t unit_busy[ISA_UNIT_COUNT]; /* cycles an instruction holds its port */
  int faulted, oom;
  struct trace_writer *trace; /* the launch's timeline, or NULL (the common case) */
  /* instruction fetch (sim_fetch.c); ib_entries 0: ideal fetch, the rest unused */
  uint32_t ib_entries, fetch_per_cycle;
  uint32_t *pc_addr;    /* per pc: byte address of the instruction */
  uint32_t *blk_end;    /* per pc: first pc starting in a later icache line */
  sim_cache *icache;    /* per CU, set up at its first fetch */
  uint64_t *fetch_free; /* per CU: fetch slots taken, in 1/fetch_per_cycle cycles */
  uint64_t *pf_last;    /* per CU: arrival of the last line its prefetches requested */
  uint32_t code_lines;  /* icache lines the kernel's code spans */
  /* dispatcher (sim_dispatch.c) */
  uint32_t next_cu;         /* round_robin: where the search for room starts */
  int fill;                 /* dispatch.policy fill */
  uint64_t dispatch_lat_q;  /* dispatch.wg_latency in 1/SIM_DISPATCH_Q cycles */
  uint64_t dispatch_free_q; /* when the dispatcher can start the next launch, same unit */
  uint64_t dispatch_wake;   /* cycle of its pending heap event, or SIM_NEVER */
  uint32_t dispatch_id;     /* its heap id: nsimd + every work-group slot */
} sim_timing;

/* Fixed-point unit of the dispatcher's clock (fractional wg_latency). */
#define SIM_DISPATCH_Q 4096u

/* sim_timing.c */
/* Queues event `id` at cycle t (out of memory: T->oom). */
void sim_event_push(sim_timing *T, uint64_t t, uint32_t id);
/* Wave tw (set up by the dispatcher) joins SIMD `simd` and can issue from t. */
void sim_wave_join(sim_timing *T, sim_twave *tw, uint32_t simd, uint64_t t);

/* sim_fetch.c */
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

/* sim_watchdog.c: act on sim_wd_step's finding `what` for wave tw at now;
 * 1 when the launch stops (T->faulted, the message in c->err). */
int sim_wd_timing(sim_timing *T, sim_twave *tw, int what, uint64_t now);

/* sim_dispatch.c */
int sim_dispatch_init(sim_timing *T);
void sim_dispatch_fini(sim_timing *T);
/* Place pending work-groups on CUs with room, as of cycle t. */
void sim_dispatch(sim_timing *T, uint64_t t);
/* The event of slot si (pushed when its work-group's last wave retired)
 * popped at t: its resources free and the dispatcher places what now fits. */
void sim_dispatch_slot_free(sim_timing *T, uint32_t si, uint64_t t);

#endif
