/* The statistics database (SQLite, WAL mode while open): one row per launch
 * in `launches`, per-source-line counters in `line_stats`, the program
 * sources in `sources`, one transaction per launch so a killed process loses
 * at most the launch in flight; sim_statsdb_close checkpoints and leaves no
 * -wal/-shm file.
 *
 * Schema (version 3; docs/STATS.md has the meaning of every column):
 *   schema_version(version INTEGER)              -- one row
 *   launches(id INTEGER PRIMARY KEY, recorded_at TEXT, kernel TEXT, config TEXT,
 *            functional_only, work_dim, global_x/y/z, local_x/y/z, cycles,
 *            time_ns REAL, workgroups, waves, inst_<unit> per isa_unit,
 *            inst_total, thread_insts, waves_per_simd, wgs_per_cu, limiter TEXT,
 *            achieved_occupancy REAL, vgprs, sgprs, lds_bytes, private_bytes,
 *            stall_dependency, stall_memory, stall_barrier, stall_issue,
 *            divergent_branches, lds_accesses, lds_bank_conflict_cycles,
 *            l1_hits, l1_misses, l2_hits, l2_misses, scalar_cache_hits,
 *            scalar_cache_misses, dram_read_bytes, dram_write_bytes,
 *            global_load_bytes, global_store_bytes,
 *            source_id REFERENCES sources(id),        -- NULL: source unknown
 *            the memory-hierarchy columns of SIM_LAUNCH_COLUMNS_V3)
 *   sources(id INTEGER PRIMARY KEY, hash INTEGER, bytes INTEGER, text TEXT)
 *            -- one row per distinct program source (FNV-1a 64 hash + text)
 *   line_stats(launch_id REFERENCES launches(id), line, insts, stall_cycles,
 *              lds_conflict_cycles, mem_requests, divergent_branches (version 3),
 *              PRIMARY KEY(launch_id, line))
 *   diagnostics(launch_id REFERENCES launches(id), seq, kind TEXT, line,
 *               other_line, message TEXT, PRIMARY KEY(launch_id, seq))
 *              -- the correctness checks' reports (WAVESIM_CHECK), in order;
 *              created on open when missing: an additive table, readers of
 *              version 3 ignore it, so the version stays 3
 *
 * Older files are upgraded in place, nothing is rewritten: version 1 (no
 * sources) gets the table and column, versions 1 and 2 get the version 3
 * columns (NULL in their old rows). */
#include <sqlite3.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sim_internal.h"

#define SIM_STATSDB_VERSION 3

struct sim_statsdb {
  sqlite3 *db;
};

/* Every launches column with its SQL type and the value it stores: the one
 * list the CREATE and the INSERT are both generated from. I: integer,
 * R: real, T: text. The per-unit columns are added from sim_unit_names. */
#define SIM_LAUNCH_COLUMNS(X)                                             \
  X(kernel, T, s->kernel)                                                 \
  X(config, T, s->config)                                                 \
  X(functional_only, I, s->functional_only)                               \
  X(work_dim, I, s->work_dim)                                             \
  X(global_x, I, s->global_size[0])                                       \
  X(global_y, I, s->global_size[1])                                       \
  X(global_z, I, s->global_size[2])                                       \
  X(local_x, I, s->local_size[0])                                         \
  X(local_y, I, s->local_size[1])                                         \
  X(local_z, I, s->local_size[2])                                         \
  X(cycles, I, s->cycles)                                                 \
  X(time_ns, R, s->time_ns)                                               \
  X(workgroups, I, s->workgroups)                                         \
  X(waves, I, s->waves)                                                   \
  X(thread_insts, I, s->thread_insts)                                     \
  X(waves_per_simd, I, s->waves_per_simd)                                 \
  X(wgs_per_cu, I, s->wgs_per_cu)                                         \
  X(limiter, T, s->limiter)                                               \
  X(achieved_occupancy, R, s->achieved_occupancy)                         \
  X(vgprs, I, s->vgprs)                                                   \
  X(sgprs, I, s->sgprs)                                                   \
  X(lds_bytes, I, s->lds_bytes)                                           \
  X(private_bytes, I, s->private_bytes)                                   \
  X(stall_dependency, I, s->stall_dependency)                             \
  X(stall_memory, I, s->stall_memory)                                     \
  X(stall_barrier, I, s->stall_barrier)                                   \
  X(stall_issue, I, s->stall_issue)                                       \
  X(divergent_branches, I, s->divergent_branches)                         \
  X(lds_accesses, I, s->lds_accesses)                                     \
  X(lds_bank_conflict_cycles, I, s->lds_bank_conflict_cycles)             \
  X(l1_hits, I, s->l1_hits)                                               \
  X(l1_misses, I, s->l1_misses)                                           \
  X(l2_hits, I, s->l2_hits)                                               \
  X(l2_misses, I, s->l2_misses)                                           \
  X(scalar_cache_hits, I, s->scalar_cache_hits)                           \
  X(scalar_cache_misses, I, s->scalar_cache_misses)                       \
  X(dram_read_bytes, I, s->dram_read_bytes)                               \
  X(dram_write_bytes, I, s->dram_write_bytes)                             \
  X(global_load_bytes, I, s->global_load_bytes)                           \
  X(global_store_bytes, I, s->global_store_bytes)                         \
  SIM_LAUNCH_COLUMNS_V3(X)

/* Added in version 3 (the memory hierarchy of issue #4): older files get
 * them by ALTER TABLE. */
#define SIM_LAUNCH_COLUMNS_V3(X)                                                                   \
  X(l1_load_sectors, I, s->l1_load_sectors)                                                        \
  X(l1_store_sectors, I, s->l1_store_sectors)                                                      \
  X(l1_mshr_merges, I, s->l1_mshr_merges)                                                          \
  X(l1_mshr_stall_cycles, I, s->l1_mshr_stall_cycles)                                              \
  X(l2_read_sectors, I, s->l2_read_sectors)                                                        \
  X(l2_write_sectors, I, s->l2_write_sectors)                                                      \
  X(l2_slice_max_requests, I, s->l2_slice_max_requests)                                            \
  X(l2_far_requests, I, s->l2_far_requests)                                                        \
  X(l2_atomic_ops, I, s->l2_atomic_ops)                                                            \
  X(l2_atomic_cycles, I, s->l2_atomic_cycles)                                                      \
  X(dram_row_hits, I, s->dram_row_hits)                                                            \
  X(dram_row_misses, I, s->dram_row_misses)                                                        \
  /* the compute unit (issue #4): instruction fetch and divergence */                              \
  X(icache_hits, I, s->icache_hits)                                                                \
  X(icache_misses, I, s->icache_misses)                                                            \
  X(stall_fetch, I, s->stall_fetch)                                                                \
  X(reconvergences, I, s->reconvergences)

#define SQLTYPE_I "INTEGER"
#define SQLTYPE_R "REAL"
#define SQLTYPE_T "TEXT"

static void sim_db_err(sqlite3 *db, const char *what, char *err, unsigned errlen) {
  snprintf(err, errlen, "stats database: %s: %s", what, db ? sqlite3_errmsg(db) : "out of memory");
}

static int sim_db_exec(sqlite3 *db, const char *sql, char *err, unsigned errlen) {
  char *msg = NULL;
  if (sqlite3_exec(db, sql, NULL, NULL, &msg) != SQLITE_OK) {
    snprintf(err, errlen, "stats database: %s (in: %.60s...)", msg ? msg : "error", sql);
    sqlite3_free(msg);
    return -1;
  }
  return 0;
}

static int sim_db_create(sqlite3 *db, char *err, unsigned errlen) {
  char sql[8192];
  size_t n = (size_t)snprintf(sql, sizeof sql,
                              "CREATE TABLE IF NOT EXISTS launches(id INTEGER PRIMARY KEY, "
                              "recorded_at TEXT DEFAULT CURRENT_TIMESTAMP");
#define X(name, type, expr) n += (size_t)snprintf(sql + n, sizeof sql - n, ", " #name " " SQLTYPE_##type);
  SIM_LAUNCH_COLUMNS(X)
#undef X
  for (int u = 0; u < ISA_UNIT_COUNT; u++)
    n += (size_t)snprintf(sql + n, sizeof sql - n, ", inst_%s INTEGER", sim_unit_names[u]);
  snprintf(sql + n, sizeof sql - n,
           ", inst_total INTEGER, source_id INTEGER REFERENCES sources(id));");
  if (sim_db_exec(db, sql, err, errlen) != 0) return -1;
  return sim_db_exec(db,
                     "CREATE TABLE IF NOT EXISTS sources(id INTEGER PRIMARY KEY, hash INTEGER NOT "
                     "NULL, bytes INTEGER NOT NULL, text TEXT NOT NULL);"
                     "CREATE INDEX IF NOT EXISTS sources_by_hash ON sources(hash);"
                     "CREATE TABLE IF NOT EXISTS line_stats(launch_id INTEGER NOT NULL REFERENCES "
                     "launches(id), line INTEGER NOT NULL, insts INTEGER, stall_cycles INTEGER, "
                     "lds_conflict_cycles INTEGER, mem_requests INTEGER, divergent_branches INTEGER, "
                     "PRIMARY KEY(launch_id, line));"
                     "CREATE TABLE IF NOT EXISTS diagnostics(launch_id INTEGER NOT NULL REFERENCES "
                     "launches(id), seq INTEGER NOT NULL, kind TEXT NOT NULL, line INTEGER, "
                     "other_line INTEGER, message TEXT NOT NULL, PRIMARY KEY(launch_id, seq));"
                     "CREATE TABLE IF NOT EXISTS schema_version(version INTEGER NOT NULL);",
                     err, errlen);
}

static int sim_db_has_column(sqlite3 *db, const char *table, const char *name) {
  sqlite3_stmt *q = NULL;
  int have = 0;
  if (sqlite3_prepare_v2(db, "SELECT 1 FROM pragma_table_info(?) WHERE name = ?;", -1, &q, NULL) ==
      SQLITE_OK) {
    sqlite3_bind_text(q, 1, table, -1, SQLITE_STATIC);
    sqlite3_bind_text(q, 2, name, -1, SQLITE_STATIC);
    have = sqlite3_step(q) == SQLITE_ROW;
  }
  sqlite3_finalize(q);
  return have;
}

sim_statsdb *sim_statsdb_open(const char *path, char *err, unsigned errlen) {
  sqlite3 *db = NULL;
  if (sqlite3_open(path, &db) != SQLITE_OK) {
    snprintf(err, errlen, "stats database %s: cannot open: %s", path, db ? sqlite3_errmsg(db) : "out of memory");
    sqlite3_close(db);
    return NULL;
  }
  sqlite3_busy_timeout(db, 5000); /* several processes may write one database */
  if (sim_db_exec(db, "PRAGMA journal_mode=WAL;", err, errlen) != 0 ||
      sim_db_exec(db, "BEGIN IMMEDIATE;", err, errlen) != 0 || sim_db_create(db, err, errlen) != 0)
    goto fail;
  sqlite3_stmt *q = NULL;
  int version = 0, have = 0;
  if (sqlite3_prepare_v2(db, "SELECT version FROM schema_version LIMIT 1;", -1, &q, NULL) != SQLITE_OK) {
    sim_db_err(db, "reading schema_version", err, errlen);
    goto fail;
  }
  if (sqlite3_step(q) == SQLITE_ROW) have = 1, version = sqlite3_column_int(q, 0);
  sqlite3_finalize(q);
  if (have && version == 1) { /* additive upgrade: sources came in version 2 */
    if (sim_db_exec(db,
                    "ALTER TABLE launches ADD COLUMN source_id INTEGER REFERENCES sources(id);"
                    "UPDATE schema_version SET version = 2;",
                    err, errlen) != 0)
      goto fail;
    version = 2;
  }
  if (have && (version == 2 || version == 3)) { /* additive upgrade: the version 3 columns */
    /* only those missing: a file may have been made "version 2" from a
     * newer one by dropping some of them, and a version 3 file written
     * before a column joined the list lacks that one */
    char sql[4096];
    size_t n = 0;
#define X(name, type, expr)                                                                       \
  if (!sim_db_has_column(db, "launches", #name))                                                  \
    n += (size_t)snprintf(sql + n, sizeof sql - n,                                                \
                          "ALTER TABLE launches ADD COLUMN " #name " " SQLTYPE_##type ";");
    SIM_LAUNCH_COLUMNS_V3(X)
#undef X
    if (!sim_db_has_column(db, "line_stats", "divergent_branches"))
      n += (size_t)snprintf(sql + n, sizeof sql - n,
                            "ALTER TABLE line_stats ADD COLUMN divergent_branches INTEGER;");
    snprintf(sql + n, sizeof sql - n, "UPDATE schema_version SET version = 3;");
    /* an up-to-date version 3 file is opened without writing to it */
    if ((version == 2 || n > 0) && sim_db_exec(db, sql, err, errlen) != 0) goto fail;
    version = 3;
  }
  if (have && version != SIM_STATSDB_VERSION) {
    snprintf(err, errlen,
             "stats database %s has schema version %d but this wavesim writes version %d; use a new "
             "file",
             path, version, SIM_STATSDB_VERSION);
    goto fail;
  }
  if (!have) {
    char sql[96];
    snprintf(sql, sizeof sql, "INSERT INTO schema_version(version) VALUES (%d);", SIM_STATSDB_VERSION);
    if (sim_db_exec(db, sql, err, errlen) != 0) goto fail;
  }
  if (sim_db_exec(db, "COMMIT;", err, errlen) != 0) goto fail;
  sim_statsdb *s = calloc(1, sizeof *s);
  if (!s) {
    snprintf(err, errlen, "stats database: out of memory");
    goto fail;
  }
  s->db = db;
  return s;
fail:
  sqlite3_close(db);
  return NULL;
}

/* FNV-1a, 64 bits: finds a stored source without comparing every text. */
static uint64_t sim_db_hash(const char *s) {
  uint64_t h = 0xcbf29ce484222325ull;
  for (; *s; s++) h = (h ^ (uint8_t)*s) * 0x100000001b3ull;
  return h;
}

/* The id of the sources row holding `text`, inserted if new; -1 on error. */
static int64_t sim_db_source(sqlite3 *db, const char *text, char *err, unsigned errlen) {
  sqlite3_int64 hash = (sqlite3_int64)sim_db_hash(text);
  sqlite3_stmt *q = NULL;
  int64_t id = -1;
  if (sqlite3_prepare_v2(db, "SELECT id FROM sources WHERE hash = ? AND text = ?;", -1, &q, NULL) !=
      SQLITE_OK) {
    sim_db_err(db, "looking up the program source", err, errlen);
    return -1;
  }
  sqlite3_bind_int64(q, 1, hash);
  sqlite3_bind_text(q, 2, text, -1, SQLITE_STATIC);
  if (sqlite3_step(q) == SQLITE_ROW) id = sqlite3_column_int64(q, 0);
  sqlite3_finalize(q);
  if (id > 0) return id;
  if (sqlite3_prepare_v2(db, "INSERT INTO sources(hash, bytes, text) VALUES (?, ?, ?);", -1, &q,
                         NULL) != SQLITE_OK) {
    sim_db_err(db, "preparing the program source row", err, errlen);
    return -1;
  }
  sqlite3_bind_int64(q, 1, hash);
  sqlite3_bind_int64(q, 2, (sqlite3_int64)strlen(text));
  sqlite3_bind_text(q, 3, text, -1, SQLITE_STATIC);
  if (sqlite3_step(q) == SQLITE_DONE) id = (int64_t)sqlite3_last_insert_rowid(db);
  else sim_db_err(db, "inserting the program source", err, errlen);
  sqlite3_finalize(q);
  return id;
}

int64_t sim_statsdb_write(sim_statsdb *sdb, const sim_stats *s, char *err, unsigned errlen) {
  sqlite3 *db = sdb->db;
  char sql[8192], vals[2048];
  size_t n = (size_t)snprintf(sql, sizeof sql, "INSERT INTO launches(source_id, inst_total");
  size_t m = (size_t)snprintf(vals, sizeof vals, "?, ?");
#define X(name, type, expr)                                       \
  n += (size_t)snprintf(sql + n, sizeof sql - n, ", " #name);     \
  m += (size_t)snprintf(vals + m, sizeof vals - m, ", ?");
  SIM_LAUNCH_COLUMNS(X)
#undef X
  for (int u = 0; u < ISA_UNIT_COUNT; u++) {
    n += (size_t)snprintf(sql + n, sizeof sql - n, ", inst_%s", sim_unit_names[u]);
    m += (size_t)snprintf(vals + m, sizeof vals - m, ", ?");
  }
  snprintf(sql + n, sizeof sql - n, ") VALUES (%s);", vals);
  if (sim_db_exec(db, "BEGIN IMMEDIATE;", err, errlen) != 0) return -1;
  sqlite3_stmt *q = NULL, *ql = NULL;
  int64_t source_id = 0;
  if (s->source_text && (source_id = sim_db_source(db, s->source_text, err, errlen)) < 0) goto fail;
  if (sqlite3_prepare_v2(db, sql, -1, &q, NULL) != SQLITE_OK) {
    sim_db_err(db, "preparing the launch row", err, errlen);
    goto fail;
  }
  int col = 1;
  uint64_t total = 0;
  for (int u = 0; u < ISA_UNIT_COUNT; u++) total += s->inst[u];
  if (source_id > 0) sqlite3_bind_int64(q, col, (sqlite3_int64)source_id);
  else sqlite3_bind_null(q, col);
  col++;
  sqlite3_bind_int64(q, col++, (sqlite3_int64)total);
#define BIND_I(expr) sqlite3_bind_int64(q, col++, (sqlite3_int64)(expr))
#define BIND_R(expr) sqlite3_bind_double(q, col++, (double)(expr))
#define BIND_T(expr) sqlite3_bind_text(q, col++, (expr), -1, SQLITE_TRANSIENT)
#define X(name, type, expr) BIND_##type(expr);
  SIM_LAUNCH_COLUMNS(X)
#undef X
  for (int u = 0; u < ISA_UNIT_COUNT; u++) BIND_I(s->inst[u]);
  if (sqlite3_step(q) != SQLITE_DONE) {
    sim_db_err(db, "inserting the launch row", err, errlen);
    goto fail;
  }
  int64_t id = (int64_t)sqlite3_last_insert_rowid(db);
  if (sqlite3_prepare_v2(db,
                         "INSERT INTO line_stats(launch_id, line, insts, stall_cycles, "
                         "lds_conflict_cycles, mem_requests, divergent_branches) "
                         "VALUES (?, ?, ?, ?, ?, ?, ?);",
                         -1, &ql, NULL) != SQLITE_OK) {
    sim_db_err(db, "preparing line rows", err, errlen);
    goto fail;
  }
  for (uint32_t i = 0; i < s->nlines; i++) {
    const sim_line_stats *l = &s->lines[i];
    sqlite3_reset(ql);
    sqlite3_bind_int64(ql, 1, id);
    sqlite3_bind_int64(ql, 2, l->line);
    sqlite3_bind_int64(ql, 3, (sqlite3_int64)l->insts);
    sqlite3_bind_int64(ql, 4, (sqlite3_int64)l->stall_cycles);
    sqlite3_bind_int64(ql, 5, (sqlite3_int64)l->lds_conflict_cycles);
    sqlite3_bind_int64(ql, 6, (sqlite3_int64)l->mem_requests);
    sqlite3_bind_int64(ql, 7, (sqlite3_int64)l->divergent_branches);
    if (sqlite3_step(ql) != SQLITE_DONE) {
      sim_db_err(db, "inserting a line row", err, errlen);
      goto fail;
    }
  }
  sqlite3_finalize(ql);
  ql = NULL;
  if (s->ndiags) {
    if (sqlite3_prepare_v2(db,
                           "INSERT INTO diagnostics(launch_id, seq, kind, line, other_line, message) "
                           "VALUES (?, ?, ?, ?, ?, ?);",
                           -1, &ql, NULL) != SQLITE_OK) {
      sim_db_err(db, "preparing diagnostic rows", err, errlen);
      goto fail;
    }
    for (uint32_t i = 0; i < s->ndiags; i++) {
      const sim_diag *g = &s->diags[i];
      sqlite3_reset(ql);
      sqlite3_bind_int64(ql, 1, id);
      sqlite3_bind_int64(ql, 2, i);
      sqlite3_bind_text(ql, 3, g->kind, -1, SQLITE_STATIC);
      sqlite3_bind_int64(ql, 4, g->line);
      sqlite3_bind_int64(ql, 5, g->other_line);
      sqlite3_bind_text(ql, 6, g->message ? g->message : "", -1, SQLITE_STATIC);
      if (sqlite3_step(ql) != SQLITE_DONE) {
        sim_db_err(db, "inserting a diagnostic row", err, errlen);
        goto fail;
      }
    }
  }
  sqlite3_finalize(q);
  sqlite3_finalize(ql);
  if (sim_db_exec(db, "COMMIT;", err, errlen) != 0) {
    sim_db_exec(db, "ROLLBACK;", err, errlen);
    return -1;
  }
  return id;
fail:
  sqlite3_finalize(q);
  sqlite3_finalize(ql);
  char ignore[64];
  sim_db_exec(db, "ROLLBACK;", ignore, sizeof ignore);
  return -1;
}

/* Leaves the file self-contained: the write-ahead log is checkpointed into
 * it and the file is switched back to a rollback journal, so no -wal or
 * -shm file stays beside it and read-only readers need none (the next
 * sim_statsdb_open turns WAL on again). Both steps need every other
 * connection gone: while another process still has the file open they fail
 * at once (no busy wait) and are left to the last one to close. Crash safety
 * is unaffected: until here every launch was committed in WAL mode. */
void sim_statsdb_close(sim_statsdb *db) {
  if (!db) return;
  sqlite3_busy_timeout(db->db, 0);
  sqlite3_exec(db->db, "PRAGMA wal_checkpoint(TRUNCATE);", NULL, NULL, NULL);
  sqlite3_exec(db->db, "PRAGMA journal_mode=DELETE;", NULL, NULL, NULL);
  sqlite3_close(db->db);
  free(db);
}
