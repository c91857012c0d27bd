/* Per-launch statistics: plain counters filled by the device model in its
 * hot loop and written to SQLite (stats_db.c) once per kernel. */
#ifndef WAVESIM_STATS_H
#define WAVESIM_STATS_H

#include <stdint.h>

#include "isa.h"

/* The version of the database schema stats_db.c writes (docs/STATS.md);
 * every column of stats.def was added at or before it. */
#define SIM_STATSDB_VERSION 4

/* Counters attributed to one source line of the kernel (LINE_STAT rows of
 * stats.def). */
typedef struct sim_line_stats {
  uint32_t line;
#define LINE_STAT(group, field, since, unit, doc) uint64_t field;
#include "stats.def"
} sim_line_stats;

/* One report of the correctness checks (sim_check.h), in the order found. */
typedef struct sim_diag {
  char kind[24];       /* race_local, race_global, benign_race_local, benign_race_global,
                          uninit_local, uninit_private, checks_stopped; oob_global,
                          oob_local, oob_private (sim_oob_report, without checks too) */
  uint32_t line;       /* the source line of the access that found it (0: unknown) */
  uint32_t other_line; /* the earlier access's line (races), else the same line */
  char *message;       /* the full text, without the "wavesim: " prefix */
} sim_diag;

/* One launch's statistics: the counters are the rows of stats.def (its
 * comments say what each one means); the rest are the owned tables written
 * beside the launch row. */
typedef struct sim_stats {
#define STAT(group, field, ctype, sql, since, unit, doc) ctype field;
#define STAT_TEXT(group, field, size, since, unit, doc) char field[size];
#define STAT_XYZ(group, field, column, since, unit, doc) uint64_t field[3];
#define STAT_UNITS(group, field, column, since, unit, doc) uint64_t field[ISA_UNIT_COUNT];
#define STAT_HIDDEN(group, field, ctype, doc) ctype field;
#include "stats.def"
  /* per source line (line_stats); owned by the stats object */
  sim_line_stats *lines;
  uint32_t nlines;
  /* the program source the lines refer to, stored (deduplicated) by
   * sim_statsdb_write; set by the caller, not owned, NULL if unknown */
  const char *source_text;
  /* ---- correctness checks (sim_launch.checks; owned by the stats object) ---- */
  sim_diag *diags; /* the first SIM_CHECK_MAX_REPORTS reports */
  uint32_t ndiags;
  uint64_t diags_more; /* reports found beyond those kept */
} sim_stats;

void sim_stats_fini(sim_stats *s);
/* Appends a diagnostic (kind, lines, message copied) to s->diags, or counts
 * it in diags_more past the first SIM_CHECK_MAX_REPORTS. Out of memory:
 * dropped (a diagnostic must not fail the launch). */
void sim_stats_add_diag(sim_stats *s, const char *kind, uint32_t line, uint32_t other_line,
                        const char *msg);

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
