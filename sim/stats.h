/* Per-launch statistics: plain counters filled by the device model in its
 * hot loop and written to SQLite (stats_db.c) once per kernel. */
#ifndef WAVESIM_STATS_H
#define WAVESIM_STATS_H

#include <stdint.h>

#include "isa.h"

/* Counters attributed to one source line of the kernel. */
typedef struct sim_line_stats {
  uint32_t line;
  uint64_t insts;           /* wave instructions issued */
  uint64_t stall_cycles;    /* cycles waves waited on this line's operands */
  uint64_t lds_conflict_cycles;
  uint64_t mem_requests;    /* cache-line/sector requests after coalescing */
  /* compute unit (issue #4) */
  uint64_t divergent_branches; /* branches of this line that split their wave */
} sim_line_stats;

/* One report of the correctness checks (sim_check.h), in the order found. */
typedef struct sim_diag {
  char kind[24];       /* race_local, race_global, benign_race_local, benign_race_global,
                          uninit_local, uninit_private */
  uint32_t line;       /* the source line of the access that found it (0: unknown) */
  uint32_t other_line; /* the earlier access's line (races), else the same line */
  char *message;       /* the full text, without the "wavesim: " prefix */
} sim_diag;

typedef struct sim_stats {
  char kernel[128];
  char config[128];         /* config name */
  int functional_only;
  uint32_t work_dim;
  uint64_t global_size[3], local_size[3];
  uint64_t cycles;          /* device cycles from first dispatch to last wave end */
  double time_ns;           /* cycles / clock */
  uint64_t workgroups, waves;
  uint64_t inst[ISA_UNIT_COUNT]; /* wave instructions issued, by unit */
  uint64_t thread_insts;    /* work-item instructions (active lanes summed) */
  /* occupancy */
  uint32_t waves_per_simd;  /* resident-wave limit per SIMD for this kernel */
  uint32_t wgs_per_cu;      /* resident work-group limit per CU */
  char limiter[16];         /* "wave_slots", "vgprs", "sgprs", "lds", "workgroups" */
  double achieved_occupancy;/* mean resident waves / wave slots, over busy cycles */
  uint32_t vgprs, sgprs, lds_bytes, private_bytes;
  /* stalls and units */
  uint64_t stall_dependency, stall_memory, stall_barrier, stall_issue;
  uint64_t divergent_branches;
  /* LDS */
  uint64_t lds_accesses, lds_bank_conflict_cycles;
  /* memory hierarchy */
  uint64_t l1_hits, l1_misses, l2_hits, l2_misses;
  uint64_t scalar_cache_hits, scalar_cache_misses;
  uint64_t dram_read_bytes, dram_write_bytes;
  uint64_t global_load_bytes, global_store_bytes; /* requested by lanes */
  /* per source line; owned by the stats object */
  sim_line_stats *lines;
  uint32_t nlines;
  /* the program source the lines refer to, stored (deduplicated) by
   * sim_statsdb_write; set by the caller, not owned, NULL if unknown */
  const char *source_text;
  /* ---- compute unit (issue #4: instruction fetch, divergence) ---- */
  uint64_t icache_hits, icache_misses; /* instruction fetches (one icache line each) */
  uint64_t stall_fetch;     /* SIMD idle cycles whose next wave waited for its instructions */
  uint64_t reconvergences;  /* reconvergence-stack pops (paths switched or merged) */
  /* ---- memory hierarchy detail (issue #4 part 3; docs/STATS.md) ---- */
  uint64_t l1_load_sectors, l1_store_sectors; /* sectors vector loads / stores touch after coalescing */
  uint64_t l1_mshr_merges;       /* L1 load hits on sectors still being filled (merged into an MSHR) */
  uint64_t l1_mshr_stall_cycles; /* cycles CU memory pipelines waited for a free MSHR */
  uint64_t l2_read_sectors;      /* L2 sectors requested by fills (L1 and scalar-cache misses) */
  uint64_t l2_write_sectors;     /* L2 sectors written by stores, L1 write-backs and atomics */
  uint64_t l2_slice_max_requests;/* requests at the busiest L2 slice */
  uint64_t l2_far_requests;      /* requests that went on to a home slice in another partition */
  uint64_t l2_atomic_ops;        /* lane atomic operations executed at L2 */
  uint64_t l2_atomic_cycles;     /* atomic-unit busy cycles (operations x l2.atomic_cycles, rounded up) */
  uint64_t dram_row_hits, dram_row_misses;
  /* The timing model's own work, not stored: events it handled (SIMD
   * wake-ups, dispatches, slots freed). Cycles where every wave waits are
   * skipped, so this follows the instructions issued, not the cycles. */
  uint64_t sim_events;
  /* ---- correctness checks (sim_launch.checks; owned by the stats object) ---- */
  sim_diag *diags;     /* the first SIM_CHECK_MAX_REPORTS reports */
  uint32_t ndiags;
  uint64_t diags_more; /* reports found beyond those kept */
} sim_stats;

void sim_stats_fini(sim_stats *s);

/* The statistics database. */
typedef struct sim_statsdb sim_statsdb;
/* Opens (creating the schema if needed) in WAL mode. */
sim_statsdb *sim_statsdb_open(const char *path, char *err, unsigned errlen);
/* One transaction per kernel launch; returns the launch id (>0) or -1. */
int64_t sim_statsdb_write(sim_statsdb *db, const sim_stats *s, char *err, unsigned errlen);
/* Checkpoints the WAL into the file and leaves it in rollback-journal mode
 * (no -wal/-shm beside it) unless another connection still has it open. */
void sim_statsdb_close(sim_statsdb *db);

#endif
