/* The statistics database (SQLite, WAL mode while open): one row per launch
 * in `launches`, per-source-line counters in `line_stats`, the program
 * sources in `sources`, one transaction per launch so a killed process loses
 * at most the launch in flight; sim_statsdb_close checkpoints and leaves no
 * -wal/-shm file.
 *
 * Schema (version SIM_STATSDB_VERSION = 4; docs/STATS.md has every column):
 *   schema_version(version INTEGER)              -- one row
 *   launches(id INTEGER PRIMARY KEY, recorded_at TEXT, then the STAT rows of
 *            stats.def in order: kernel ... reconvergences, inst_<unit> per
 *            isa_unit, inst_total, source_id REFERENCES sources(id))
 *   sources(id INTEGER PRIMARY KEY, hash INTEGER, bytes INTEGER, text TEXT)
 *            -- one row per distinct program source (FNV-1a 64 hash + text)
 *   line_stats(launch_id REFERENCES launches(id), line, the LINE_STAT rows of
 *              stats.def, PRIMARY KEY(launch_id, line))
 *   diagnostics(launch_id REFERENCES launches(id), seq, kind TEXT, line,
 *               other_line, message TEXT, PRIMARY KEY(launch_id, seq))
 *              -- the correctness checks' reports (WAVESIM_CHECK) and the
 *              out-of-bounds reports (kinds oob_*), in order;
 *              created on open when missing: an additive table, readers of
 *              version 3 ignore it, so it added no version
 *
 * Older files are upgraded in place, nothing is rewritten: version 1 (no
 * sources) gets the table and column, versions 1 to 3 get the version 3
 * and 4 columns (those of stats.def with since >= 3; NULL in their old
 * rows). */
#include <sqlite3.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sim_internal.h"

struct sim_statsdb {
  sqlite3 *db;
};

/* The launches and line_stats columns are the rows of stats.def, in its
 * order: the CREATE, the additive upgrade and the INSERT are all generated
 * from it. A column cannot claim a schema newer than the one written. */
#define SIM_DB_SINCE_CHECK(name, since)                                                            \
  _Static_assert((since) >= 1 && (since) <= SIM_STATSDB_VERSION,                                   \
                 "stats.def: column " #name " claims a schema version this file does not write; "  \
                 "bump SIM_STATSDB_VERSION in stats.h");
#define STAT(group, field, ctype, sql, since, unit, doc) SIM_DB_SINCE_CHECK(field, since)
#define STAT_TEXT(group, field, size, since, unit, doc) SIM_DB_SINCE_CHECK(field, since)
#define STAT_XYZ(group, field, column, since, unit, doc) SIM_DB_SINCE_CHECK(column, since)
#define STAT_UNITS(group, field, column, since, unit, doc) SIM_DB_SINCE_CHECK(column, since)
#define STAT_DERIVED(group, column, sql, since, unit, doc) SIM_DB_SINCE_CHECK(column, since)
#define LINE_STAT(group, field, since, unit, doc) SIM_DB_SINCE_CHECK(field, since)
#include "stats.def"

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

#define SQLTYPE_I "INTEGER"
#define SQLTYPE_R "REAL"
#define SQLTYPE_T "TEXT"
#define SQLTYPE_SOURCE_REF "INTEGER REFERENCES sources(id)"

/* Appends PREFIX NAME[ TYPE] SUFFIX for every launches column (lines == 0)
 * or line_stats column (lines == 1, after launch_id and line) of stats.def
 * added in schema version since_min or later (1: all), skipping those the
 * file already has when `db` is given; returns the new length. */
static size_t sim_db_columns(char *sql, size_t cap, size_t n, int lines, const char *prefix,
                             int types, const char *suffix, int since_min, sqlite3 *db) {
#define SIM_DB_COL(is_line, name, type, since)                                                     \
  if (lines == (is_line) && (since) >= since_min &&                                                \
      !(db && sim_db_has_column(db, lines ? "line_stats" : "launches", name)))                     \
    n += (size_t)snprintf(sql + n, cap - n, "%s%s%s%s%s", prefix, name, types ? " " : "",          \
                          types ? (type) : "", suffix);
#define STAT(group, field, ctype, sql_, since, unit, doc)                                          \
  SIM_DB_COL(0, #field, SQLTYPE_##sql_, since)
#define STAT_TEXT(group, field, size, since, unit, doc) SIM_DB_COL(0, #field, SQLTYPE_T, since)
#define STAT_XYZ(group, field, column, since, unit, doc)                                           \
  SIM_DB_COL(0, #column "_x", SQLTYPE_I, since)                                                    \
  SIM_DB_COL(0, #column "_y", SQLTYPE_I, since) SIM_DB_COL(0, #column "_z", SQLTYPE_I, since)
#define STAT_UNITS(group, field, column, since, unit, doc)                                         \
  for (int u = 0; u < ISA_UNIT_COUNT; u++) {                                                       \
    char name[64];                                                                                 \
    snprintf(name, sizeof name, #column "_%s", sim_unit_names[u]);                                 \
    SIM_DB_COL(0, name, SQLTYPE_I, since)                                                          \
  }
#define STAT_DERIVED(group, column, sql_, since, unit, doc)                                        \
  SIM_DB_COL(0, #column, SQLTYPE_##sql_, since)
#define LINE_STAT(group, field, since, unit, doc) SIM_DB_COL(1, #field, SQLTYPE_I, since)
#include "stats.def"
#undef SIM_DB_COL
  return n;
}

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

/* Tables in the order every version created them (the launches and
 * line_stats columns from stats.def). */
static int sim_db_create(sqlite3 *db, char *err, unsigned errlen) {
  char sql[8192];
  size_t n = (size_t)snprintf(sql, sizeof sql,
                              "CREATE TABLE IF NOT EXISTS launches(id INTEGER PRIMARY KEY, "
                              "recorded_at TEXT DEFAULT CURRENT_TIMESTAMP");
  n = sim_db_columns(sql, sizeof sql, n, 0, ", ", 1, "", 1, NULL);
  snprintf(sql + n, sizeof sql - n, ");");
  if (sim_db_exec(db, sql, err, errlen) != 0 ||
      sim_db_exec(db,
                  "CREATE TABLE IF NOT EXISTS sources(id INTEGER PRIMARY KEY, hash INTEGER NOT "
                  "NULL, bytes INTEGER NOT NULL, text TEXT NOT NULL);"
                  "CREATE INDEX IF NOT EXISTS sources_by_hash ON sources(hash);",
                  err, errlen) != 0)
    return -1;
  n = (size_t)snprintf(sql, sizeof sql,
                       "CREATE TABLE IF NOT EXISTS line_stats(launch_id INTEGER NOT NULL "
                       "REFERENCES launches(id), line INTEGER NOT NULL");
  n = sim_db_columns(sql, sizeof sql, n, 1, ", ", 1, "", 1, NULL);
  snprintf(sql + n, sizeof sql - n, ", PRIMARY KEY(launch_id, line));");
  if (sim_db_exec(db, sql, err, errlen) != 0) return -1;
  return sim_db_exec(db,
                     "CREATE TABLE IF NOT EXISTS diagnostics(launch_id INTEGER NOT NULL REFERENCES "
                     "launches(id), seq INTEGER NOT NULL, kind TEXT NOT NULL, line INTEGER, "
                     "other_line INTEGER, message TEXT NOT NULL, PRIMARY KEY(launch_id, seq));"
                     "CREATE TABLE IF NOT EXISTS schema_version(version INTEGER NOT NULL);",
                     err, errlen);
}

sim_statsdb *sim_statsdb_open(const char *path, char *err, unsigned errlen) {
  sqlite3 *db = NULL;
  if (sqlite3_open(path, &db) != SQLITE_OK) {
    snprintf(err, errlen, "stats database %s: cannot open: %s", path,
             db ? sqlite3_errmsg(db) : "out of memory");
    sqlite3_close(db);
    return NULL;
  }
  sqlite3_busy_timeout(db, 5000); /* several processes may write one database */
  if (sim_db_exec(db, "PRAGMA journal_mode=WAL;", err, errlen) != 0 ||
      sim_db_exec(db, "BEGIN IMMEDIATE;", err, errlen) != 0 || sim_db_create(db, err, errlen) != 0)
    goto fail;
  sqlite3_stmt *q = NULL;
  int version = 0, have = 0;
  if (sqlite3_prepare_v2(db, "SELECT version FROM schema_version LIMIT 1;", -1, &q, NULL) !=
      SQLITE_OK) {
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
  if (have && version >= 2 && version <= SIM_STATSDB_VERSION) {
    /* additive upgrade: the columns of versions 3 and 4 (4: the sampled
     * timing's), only those missing: a file may have been made "version 2"
     * from a newer one by dropping some of them, and a file written before
     * a column joined its version's list lacks that one */
    char sql[4096];
    size_t n =
        sim_db_columns(sql, sizeof sql, 0, 0, "ALTER TABLE launches ADD COLUMN ", 1, ";", 3, db);
    n = sim_db_columns(sql, sizeof sql, n, 1, "ALTER TABLE line_stats ADD COLUMN ", 1, ";", 3, db);
    snprintf(sql + n, sizeof sql - n, "UPDATE schema_version SET version = %d;",
             SIM_STATSDB_VERSION);
    /* an up-to-date file is opened without writing to it */
    if ((version < SIM_STATSDB_VERSION || n > 0) && sim_db_exec(db, sql, err, errlen) != 0)
      goto fail;
    version = SIM_STATSDB_VERSION;
  }
  if (have && version != SIM_STATSDB_VERSION) {
    snprintf(
        err, errlen,
        "stats database %s has schema version %d but this wavesim writes version %d; use a new "
        "file",
        path, version, SIM_STATSDB_VERSION);
    goto fail;
  }
  if (!have) {
    char sql[96];
    snprintf(sql, sizeof sql, "INSERT INTO schema_version(version) VALUES (%d);",
             SIM_STATSDB_VERSION);
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
  if (sqlite3_step(q) == SQLITE_DONE)
    id = (int64_t)sqlite3_last_insert_rowid(db);
  else
    sim_db_err(db, "inserting the program source", err, errlen);
  sqlite3_finalize(q);
  return id;
}

int64_t sim_statsdb_write(sim_statsdb *sdb, const sim_stats *s, char *err, unsigned errlen) {
  sqlite3 *db = sdb->db;
  char sql[8192], vals[2048];
  size_t n = (size_t)snprintf(sql, sizeof sql, "INSERT INTO launches(");
  n = sim_db_columns(sql, sizeof sql, n, 0, "", 0, ", ", 1, NULL);
  size_t m = (size_t)snprintf(vals, sizeof vals, "?"); /* one more ? per column after the first */
  for (size_t i = 0; i + 2 < n && m < sizeof vals; i++)
    if (sql[i] == ',') m += (size_t)snprintf(vals + m, sizeof vals - m, ", ?");
  n -= 2; /* the last ", " */
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
#define BIND_I(expr) sqlite3_bind_int64(q, col++, (sqlite3_int64)(expr))
#define BIND_R(expr) sqlite3_bind_double(q, col++, (double)(expr))
#define BIND_T(expr) sqlite3_bind_text(q, col++, (expr), -1, SQLITE_TRANSIENT)
#define BIND_SOURCE_REF(expr)                                                                      \
  ((expr) > 0 ? sqlite3_bind_int64(q, col++, (sqlite3_int64)(expr)) : sqlite3_bind_null(q, col++))
/* the columns stats.def computes rather than copies */
#define SIM_DB_DERIVED_inst_total total
#define SIM_DB_DERIVED_source_id source_id
#define STAT(group, field, ctype, sql_, since, unit, doc) BIND_##sql_(s->field);
#define STAT_TEXT(group, field, size, since, unit, doc) BIND_T(s->field);
#define STAT_XYZ(group, field, column, since, unit, doc)                                           \
  BIND_I(s->field[0]);                                                                             \
  BIND_I(s->field[1]);                                                                             \
  BIND_I(s->field[2]);
#define STAT_UNITS(group, field, column, since, unit, doc)                                         \
  for (int u = 0; u < ISA_UNIT_COUNT; u++) BIND_I(s->field[u]);
#define STAT_DERIVED(group, column, sql_, since, unit, doc) BIND_##sql_(SIM_DB_DERIVED_##column);
#include "stats.def"
  if (sqlite3_step(q) != SQLITE_DONE) {
    sim_db_err(db, "inserting the launch row", err, errlen);
    goto fail;
  }
  int64_t id = (int64_t)sqlite3_last_insert_rowid(db);
  n = (size_t)snprintf(sql, sizeof sql, "INSERT INTO line_stats(launch_id, line");
  n = sim_db_columns(sql, sizeof sql, n, 1, ", ", 0, "", 1, NULL);
  n += (size_t)snprintf(sql + n, sizeof sql - n, ") VALUES (?");
  for (size_t i = 0, end = n; i < end; i++) /* one more ? per comma of the column list */
    if (sql[i] == ',') n += (size_t)snprintf(sql + n, sizeof sql - n, ", ?");
  snprintf(sql + n, sizeof sql - n, ");");
  if (sqlite3_prepare_v2(db, sql, -1, &ql, NULL) != SQLITE_OK) {
    sim_db_err(db, "preparing line rows", err, errlen);
    goto fail;
  }
  for (uint32_t i = 0; i < s->nlines; i++) {
    const sim_line_stats *l = &s->lines[i];
    sqlite3_reset(ql);
    sqlite3_bind_int64(ql, 1, id);
    sqlite3_bind_int64(ql, 2, l->line);
    col = 3;
#define LINE_STAT(group, field, since, unit, doc)                                                  \
  sqlite3_bind_int64(ql, col++, (sqlite3_int64)l->field);
#include "stats.def"
    if (sqlite3_step(ql) != SQLITE_DONE) {
      sim_db_err(db, "inserting a line row", err, errlen);
      goto fail;
    }
  }
  sqlite3_finalize(ql);
  ql = NULL;
  if (s->ndiags) {
    if (sqlite3_prepare_v2(
            db,
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
