/* A compute unit of the timing model, as one component: its SIMDs with
 * their resident waves, scan arrays and issue ports, its work-group slots,
 * shared scalar ALU, barrier unit, instruction fetch (icache, fetch port)
 * and its counters, for one launch; and its memory side (sim_cu_mem.h: L1,
 * scalar cache, LDS, texture unit, write-combining buffer, link), which the
 * device keeps across launches; and its own events and executor context.
 * Inside a quantum a CU touches only its own state and its outbox, so the
 * CUs of a quantum can run on any host threads in any order (sim_timing.c).
 * The device around it (sim_timing.h) is the CUs plus the dispatcher and
 * the shared L2 and DRAM (sim_memsys.h). */
#ifndef WAVESIM_SIM_CU_H
#define WAVESIM_SIM_CU_H

#include "sim_exec.h"

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
  sim_xwave x; /* what the executor core knows of it (sim_exec.h): its slot, its index in the
                  work-group, ...; set when the dispatcher places it */
  uint32_t *vregs, *sregs;
  uint64_t *vready;             /* per VGPR: cycle its pending write lands */
  uint8_t *vmem;                /* per VGPR: that write comes from memory */
  uint64_t sready[SIM_SCC + 1]; /* SGPRs, then SCC */
  uint8_t smem[SIM_SCC + 1];
  uint64_t next_issue, mem_done, start;
  /* when every memory instruction issued so far completes (loads too):
   * what s_waitmem waits for */
  uint64_t mem_all;
  uint64_t reg_ready;   /* cached: earliest issue from registers, fetch and next_issue */
  uint32_t simd;        /* its SIMD's index in the CU (the SIMD's event id) */
  struct sim_simd *sd;  /* that SIMD */
  struct sim_tslot *sl; /* its work-group's slot */
  struct sim_cu *cu;    /* the CU both are on */
  uint32_t sidx;        /* its index in the SIMD's waves[], rdy[], rport[] */
  uint32_t lane;        /* its tag from the observers' wave_begin (the timeline's lane) */
  uint64_t bar_start;   /* timeline trace only: cycle it reached a barrier */
  uint8_t state, wait, reg_why, port;
  /* instruction buffer (sim_fetch.c): ib_count instructions from w.pc on,
   * fetched or in flight, their ready cycles in a ring from ib_head */
  uint32_t fetch_pc, ib_head, ib_count;
  uint32_t fetch_need; /* entries the next fetch needs free (0: past the code) */
  uint64_t ib_ready[SIM_IBUF_MAX];
  sim_wd_wave wd;   /* the watchdog's count and snapshot (sim_watchdog.c) */
  uint32_t stop_pc; /* pc of the barrier it waits at or the s_endpgm it ended at */
  uint32_t jump_pc; /* pc of its last taken branch (ISA_NO_PC: none) */
  /* memory instructions waiting for the L2's answers (sim_msg.h): their
   * destinations are not ready, s_waitmem waits (waitmem), and a wave that
   * ended (at end_at) retires when the last resolves */
  uint32_t npending;
  uint8_t waitmem;
  uint64_t end_at;
} sim_twave;

typedef struct sim_tslot { /* a resident work-group's place on a CU */
  uint32_t cu;             /* its CU's index */
  uint32_t id;             /* device-wide: CU index * wgs_per_cu + its place on the CU */
  uint32_t nwaves, live, arrived;
  int busy;
  uint64_t bar_last; /* when the CU's barrier unit took the latest arrival at the pending barrier */
  uint64_t gid[3], lsz[3];
  uint64_t start; /* cycle the work-group's waves started */
  uint64_t freed; /* cycle it last freed (0: never used) */
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

typedef struct sim_cu {
  uint32_t id;
  sim_cu_mem *mem;   /* its memory side (sim_cu_mem.h): the device's, which outlives the launch */
  sim_pc_counts *pc; /* the per-pc counters it counts into (sim_internal.h): the launch's */
  uint32_t nsimd, nslots;
  sim_simd *simds;  /* cu.simds */
  sim_tslot *slots; /* occupancy's wgs_per_cu; a slot's storage is made at its first use */
  uint32_t wgs;     /* resident work-groups */
  uint64_t salu;    /* its shared scalar ALU (cu.salu_shared): cycle it is free */
  uint64_t bar;     /* when its barrier unit takes the next arrival (cu.barrier_cycles) */
  double bar_lds; /* barrier time owed to the LDS pipeline, under a cycle (cu.barrier_lds_cycles) */
  /* instruction fetch (sim_fetch.c) */
  sim_cache icache;     /* set up at its first fetch */
  uint64_t fetch_free;  /* fetch slots taken, in 1/fetch_per_cycle cycles */
  uint64_t pf_last;     /* arrival of the last line its prefetches requested */
  uint64_t wave_cycles; /* cycles its waves were resident, summed */
  sim_cu_stats stats;
  /* the texels of its latest image instruction (each step's consumers read
   * it at once, so one per CU is enough); NULL when the kernel has none */
  isa_tex_access *tex;
  /* its events, in (cycle, id) order: SIMD wake-ups (id: the SIMD's index),
   * slots freeing (nsimd + the slot's index) and groups starting (nsimd +
   * nslots + the slot's index) */
  sim_heap events;
  /* the executor core as this CU runs it, with a context of its own (a
   * copy of the launch's): its own error text, its view of the watchdog's
   * launch-wide write count, and its out-of-bounds notes, all taken in at
   * the quantum's boundary (sim_timing.c) */
  sim_exec x;
  sim_ctx cx;
  char *err;
  sim_oob_notes oob;
  int faulted, oom;
  uint64_t fault_t; /* cycle of its fault */
  /* a wave of it repeated its state with nothing written (the watchdog):
   * the first such this quantum, its cycle and message, for the boundary's
   * check whether the launch can still finish */
  int spin;
  uint64_t spin_t;
  char *spin_err;
  struct sim_timing *T; /* the launch it belongs to */
  uint64_t end;         /* latest cycle a wave of it retired */
  uint64_t now;         /* cycle of the event it is handling */
  /* its share of the dispatcher (sim_dispatch.c, which owns dq): the
   * groups handed to it at boundaries, placed as its slots free, and when
   * its launch port is next free (1/SIM_DISPATCH_Q cycles) */
  uint64_t *dq;
  uint32_t dq_n, dq_head;
  uint64_t port_q;
  /* counted during a quantum, taken in at its boundary */
  uint64_t events_n, groups_done, placed_groups, placed_waves, late_answers;
  uint64_t (*placed)[2]; /* sampled launches: (group, cycle) of each placement */
  uint32_t nplaced, capplaced;
  /* backing of the SIMDs' scan arrays */
  sim_twave **wave_store;
  uint64_t *rdy_store;
  uint8_t *rport_store;
} sim_cu;

/* CU `id` of launch c, whose memory side is mem and per-pc counters pc, with nsimd SIMDs of `cap`
 * wave places each and nslots work-group slots; salu_shared: its SIMDs share one scalar ALU
 * port; tex: the kernel has image instructions. Its context is a copy of c's with its own error
 * text and out-of-bounds notes. -1: out of memory (sim_cu_fini cleans up). */
int sim_cu_init(sim_cu *cu, const sim_ctx *c, uint32_t id, sim_cu_mem *mem, sim_pc_counts *pc,
                uint32_t nsimd, uint32_t nslots, uint32_t cap, int salu_shared, int tex);
void sim_cu_fini(sim_cu *cu, uint32_t wpg);
/* Storage of slot sl for work-groups of up to wpg waves of launch c (at its
 * first use). -1: out of memory. */
int sim_cu_slot_alloc(const sim_ctx *c, sim_tslot *sl, uint32_t wpg);

#endif
