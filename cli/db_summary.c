/* The per-kernel summary table of `wavesim run` and `wavesim report`, read
 * from the statistics database's launches table (schema: sim/stats_db.c). */
#include <sqlite3.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"

sqlite3 *cli_db_open(const char *path, char *err, size_t errlen) {
  sqlite3 *db = NULL;
  if (sqlite3_open_v2(path, &db, SQLITE_OPEN_READONLY, NULL) != SQLITE_OK) {
    snprintf(err, errlen, "%s: cannot open the statistics database: %s", path,
             db ? sqlite3_errmsg(db) : "out of memory");
    sqlite3_close(db);
    return NULL;
  }
  sqlite3_busy_timeout(db, 5000);
  return db;
}

sqlite3_stmt *cli_db_launches(sqlite3 *db, const char *path, const char *const *sql, size_t nsql,
                              int64_t after_id, int64_t last_id, char *err, size_t errlen) {
  sqlite3_stmt *q = NULL;
  int rc = SQLITE_ERROR;
  for (size_t i = 0; i < nsql && rc != SQLITE_OK; i++)
    rc = sqlite3_prepare_v2(db, sql[i], -1, &q, NULL);
  if (rc != SQLITE_OK) {
    snprintf(err, errlen, "%s: not a wavesim statistics database this version reads: %s", path,
             sqlite3_errmsg(db));
    return NULL;
  }
  sqlite3_bind_int64(q, 1, after_id);
  sqlite3_bind_int64(q, 2, last_id);
  sqlite3_bind_int64(q, 3, last_id);
  return q;
}

static int cli_has_launches(sqlite3 *db) {
  sqlite3_stmt *q = NULL;
  int have = 0;
  if (sqlite3_prepare_v2(db, "SELECT 1 FROM sqlite_master WHERE type='table' AND name='launches'",
                         -1, &q, NULL) == SQLITE_OK)
    have = sqlite3_step(q) == SQLITE_ROW;
  sqlite3_finalize(q);
  return have;
}

/* Whether the launches table has column `name` (older schema versions lack some). */
static int cli_has_column(sqlite3 *db, const char *name) {
  sqlite3_stmt *q = NULL;
  int have = 0;
  if (sqlite3_prepare_v2(db, "SELECT 1 FROM pragma_table_info('launches') WHERE name = ?", -1, &q,
                         NULL) == SQLITE_OK &&
      sqlite3_bind_text(q, 1, name, -1, SQLITE_STATIC) == SQLITE_OK)
    have = sqlite3_step(q) == SQLITE_ROW;
  sqlite3_finalize(q);
  return have;
}

int64_t cli_db_last_id(const char *path, char *err, size_t errlen) {
  if (access(path, F_OK) != 0) return 0;
  sqlite3 *db = cli_db_open(path, err, errlen);
  if (!db) return -1;
  int64_t id = 0;
  if (cli_has_launches(db)) {
    sqlite3_stmt *q = NULL;
    if (sqlite3_prepare_v2(db, "SELECT COALESCE(MAX(id), 0) FROM launches", -1, &q, NULL) !=
        SQLITE_OK) {
      snprintf(err, errlen, "%s: %s", path, sqlite3_errmsg(db));
      id = -1;
    } else if (sqlite3_step(q) == SQLITE_ROW) {
      id = sqlite3_column_int64(q, 0);
    }
    sqlite3_finalize(q);
  }
  sqlite3_close(db);
  return id;
}

static void cli_dims(char *buf, size_t len, sqlite3_stmt *q, int col, int dims) {
  long long x = sqlite3_column_int64(q, col), y = sqlite3_column_int64(q, col + 1),
            z = sqlite3_column_int64(q, col + 2);
  if (dims <= 1)
    snprintf(buf, len, "%lld", x);
  else if (dims == 2)
    snprintf(buf, len, "%lldx%lld", x, y);
  else
    snprintf(buf, len, "%lldx%lldx%lld", x, y, z);
}

static void cli_rate(char *buf, size_t len, long long hits, long long misses) {
  if (hits + misses == 0)
    snprintf(buf, len, "-");
  else
    snprintf(buf, len, "%.1f%%", 100.0 * (double)hits / (double)(hits + misses));
}

static void cli_bytes(char *buf, size_t len, long long b) {
  if (b >= 1ll << 30)
    snprintf(buf, len, "%.1fG", (double)b / (1 << 30));
  else if (b >= 1ll << 20)
    snprintf(buf, len, "%.1fM", (double)b / (1 << 20));
  else if (b >= 1ll << 10)
    snprintf(buf, len, "%.1fK", (double)b / (1 << 10));
  else
    snprintf(buf, len, "%lld", b);
}

/* Whether the ", "-separated list holds `item`. */
static int cli_list_has(const char *list, const char *item) {
  size_t n = strlen(item);
  for (const char *p = list; (p = strstr(p, item)) != NULL; p += n)
    if ((p == list || (p >= list + 2 && p[-2] == ',' && p[-1] == ' ')) &&
        (p[n] == 0 || p[n] == ','))
      return 1;
  return 0;
}

int cli_report(FILE *out, const char *path, int kept, int64_t after_id, int64_t last_id, char *err,
               size_t errlen) {
  if (access(path, F_OK) != 0) {
    fprintf(out, "wavesim: no kernel launches recorded (%s does not exist)\n", path);
    return 0;
  }
  sqlite3 *db = cli_db_open(path, err, errlen);
  if (!db) return -1;
  if (!cli_has_launches(db)) {
    sqlite3_close(db);
    fprintf(out, "wavesim: no kernel launches recorded in %s\n", path);
    return 0;
  }
  static const char *sql =
      "SELECT id, kernel, work_dim, global_x, global_y, global_z, local_x, local_y, local_z, "
      "cycles, time_ns, inst_total, achieved_occupancy, limiter, waves_per_simd, "
      "lds_bank_conflict_cycles, l1_hits, l1_misses, l2_hits, l2_misses, "
      "dram_read_bytes + dram_write_bytes, functional_only, config, %s "
      "FROM launches WHERE id > ? AND (? = 0 OR id <= ?) ORDER BY id";
  /* files before schema version 4 have no sampled launches */
  char sqlbuf[1024];
  snprintf(sqlbuf, sizeof sqlbuf, sql,
           cli_has_column(db, "sampled") ? "sampled, sample_error_bound" : "0, 0.0");
  const char *sqlp = sqlbuf;
  sqlite3_stmt *q = cli_db_launches(db, path, &sqlp, 1, after_id, last_id, err, errlen);
  if (!q) {
    sqlite3_close(db);
    return -1;
  }
  int rows = 0;
  long long tot_cycles = 0, tot_insts = 0, tot_dram = 0;
  double tot_ns = 0;
  /* The distinct configs, in order of first use (several devices: WAVESIM_CONFIG=a,b). */
  char config[512] = "";
  int nconfigs = 0;
  while (sqlite3_step(q) == SQLITE_ROW) {
    if (rows == 0)
      fprintf(out, "%-4s %-24s %-14s %-10s %12s %11s %12s %-16s %9s %6s %6s %8s\n", "#", "kernel",
              "global", "local", "cycles", "time(us)", "wave-insts", "occupancy", "lds-conf",
              "L1-hit", "L2-hit", "DRAM");
    rows++;
    int dims = sqlite3_column_int(q, 2);
    char g[72], l[72], occ[64], l1[16], l2[16], dram[32];
    cli_dims(g, sizeof g, q, 3, dims);
    cli_dims(l, sizeof l, q, 6, dims);
    const char *lim = (const char *)sqlite3_column_text(q, 13);
    snprintf(occ, sizeof occ, "%.0f%% %d/%s", 100.0 * sqlite3_column_double(q, 12),
             sqlite3_column_int(q, 14), lim && *lim ? lim : "-");
    cli_rate(l1, sizeof l1, sqlite3_column_int64(q, 16), sqlite3_column_int64(q, 17));
    cli_rate(l2, sizeof l2, sqlite3_column_int64(q, 18), sqlite3_column_int64(q, 19));
    long long cycles = sqlite3_column_int64(q, 9), insts = sqlite3_column_int64(q, 11),
              dbytes = sqlite3_column_int64(q, 20);
    double ns = sqlite3_column_double(q, 10);
    cli_bytes(dram, sizeof dram, dbytes);
    const char *name = (const char *)sqlite3_column_text(q, 1);
    const char *cfg = (const char *)sqlite3_column_text(q, 22);
    if (cfg && !cli_list_has(config, cfg)) {
      size_t used = strlen(config);
      snprintf(config + used, sizeof config - used, "%s%s", nconfigs ? ", " : "", cfg);
      nconfigs++;
    }
    /* what kind of number `cycles` is: a functional estimate, a sampled one
     * with its 95 % bound, or (nothing said) fully timed */
    char kind[48] = "";
    if (sqlite3_column_int(q, 21))
      snprintf(kind, sizeof kind, "  (functional)");
    else if (sqlite3_column_int(q, 23))
      snprintf(kind, sizeof kind, "  (sampled \u00b1%.1f %%)",
               100.0 * sqlite3_column_double(q, 24));
    /* the launch id: what `wavesim report --launch N` takes */
    fprintf(out, "%-4lld %-24.24s %-14s %-10s %12lld %11.2f %12lld %-16s %9lld %6s %6s %8s%s\n",
            (long long)sqlite3_column_int64(q, 0), name ? name : "?", g, l, cycles, ns / 1000.0,
            insts, occ, (long long)sqlite3_column_int64(q, 15), l1, l2, dram, kind);
    tot_cycles += cycles;
    tot_insts += insts;
    tot_dram += dbytes;
    tot_ns += ns;
  }
  sqlite3_finalize(q);
  sqlite3_close(db);
  if (rows == 0) {
    fprintf(out, "wavesim: no kernel launches recorded by this run\n");
  } else {
    char dram[32];
    cli_bytes(dram, sizeof dram, tot_dram);
    fprintf(out, "%-4s %-24s %-14s %-10s %12lld %11.2f %12lld %-16s %9s %6s %6s %8s\n", "", "total",
            "", "", tot_cycles, tot_ns / 1000.0, tot_insts, "", "", "", "", dram);
    fprintf(out, "wavesim: %d kernel launch%s, config%s %s, statistics %s%s\n", rows,
            rows == 1 ? "" : "es", nconfigs > 1 ? "s" : "", config[0] ? config : "?",
            kept ? "in " : "not kept (--db none)", kept ? path : "");
  }
  return rows;
}
