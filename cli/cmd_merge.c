/* `wavesim merge --db OUT IN.db...`: one database from many (the points of
 * a sweep, runs on several machines). Every launch is copied with its
 * per-line statistics, diagnostics and program source (sources shared by
 * hash and text), renumbered in input order; each row gains `source_db`
 * (the file it came from) and one column per config key any input's
 * `overrides` names (quoted, e.g. "cu.count"), holding that row's value, so
 * a sweep's statistic against its keys is one SELECT. Inputs of older
 * schema versions merge by column name; a newer one is refused. */
#include <sqlite3.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "stats.h"

#define CLI_MERGE_MAX_KEYS 64

const char cli_merge_details[] =
    "merge: OUT must not exist; it gets every launch of the inputs, in order, with\n"
    "a source_db column and one column per --set key the inputs ran with, e.g.\n"
    "  sqlite3 all.db 'SELECT \"cu.count\", kernel, cycles FROM launches'\n";

typedef struct cli_merge {
  sqlite3 *db;
  char keys[CLI_MERGE_MAX_KEYS][128];
  size_t nkeys;
  char err[1024];
} cli_merge;

static int cli_exec(cli_merge *m, const char *sql) {
  char *e = NULL;
  if (sqlite3_exec(m->db, sql, NULL, NULL, &e) != SQLITE_OK) {
    snprintf(m->err, sizeof m->err, "%s", e ? e : sqlite3_errmsg(m->db));
    sqlite3_free(e);
    return -1;
  }
  return 0;
}

/* The keys of "k=v;k=v" in s, each added once to m->keys. */
static int cli_merge_keys(cli_merge *m, const char *s) {
  while (s && *s) {
    size_t n = strcspn(s, ";"), k = strcspn(s, "=");
    if (k < n && k > 0) {
      size_t j = 0;
      while (j < m->nkeys && !(strlen(m->keys[j]) == k && strncmp(m->keys[j], s, k) == 0)) j++;
      if (j == m->nkeys) {
        if (m->nkeys == CLI_MERGE_MAX_KEYS || k >= sizeof m->keys[0]) {
          snprintf(m->err, sizeof m->err, "more than %d distinct config keys in the inputs",
                   CLI_MERGE_MAX_KEYS);
          return -1;
        }
        snprintf(m->keys[m->nkeys++], sizeof m->keys[0], "%.*s", (int)k, s);
      }
    }
    s += n + (s[n] == ';');
  }
  return 0;
}

/* A comma-separated list of the columns `tab` of schema `sch` shares with
 * main.tab, less `skip` (the table's own key columns). */
static int cli_common_cols(cli_merge *m, const char *sch, const char *tab, const char *skip,
                           char *out, size_t len) {
  char sql[256];
  snprintf(sql, sizeof sql,
           "SELECT s.name FROM pragma_table_info('%s', '%s') s "
           "JOIN pragma_table_info('%s', 'main') d ON d.name = s.name ORDER BY s.cid",
           tab, sch, tab);
  sqlite3_stmt *q = NULL;
  if (sqlite3_prepare_v2(m->db, sql, -1, &q, NULL) != SQLITE_OK) {
    snprintf(m->err, sizeof m->err, "%s", sqlite3_errmsg(m->db));
    return -1;
  }
  size_t used = 0;
  out[0] = 0;
  while (sqlite3_step(q) == SQLITE_ROW) {
    const char *c = (const char *)sqlite3_column_text(q, 0);
    char pad[160];
    snprintf(pad, sizeof pad, ",%s,", c);
    if (strstr(skip, pad)) continue;
    used +=
        (size_t)snprintf(out + used, len > used ? len - used : 0, "%s\"%s\"", used ? "," : "", c);
  }
  sqlite3_finalize(q);
  if (used >= len) {
    snprintf(m->err, sizeof m->err, "too many columns in %s", tab);
    return -1;
  }
  return 0;
}

static int cli_merge_one(cli_merge *m, const char *path) {
  char sql[20480], cols[8192];
  sqlite3_stmt *q = NULL;
  /* ATTACH takes the file name as a value */
  if (sqlite3_prepare_v2(m->db, "ATTACH DATABASE ? AS src", -1, &q, NULL) != SQLITE_OK) goto sqlerr;
  sqlite3_bind_text(q, 1, path, -1, SQLITE_STATIC);
  int rc = sqlite3_step(q);
  sqlite3_finalize(q);
  q = NULL;
  if (rc != SQLITE_DONE) goto sqlerr;
  long long version = -1;
  if (sqlite3_prepare_v2(m->db, "SELECT version FROM src.schema_version", -1, &q, NULL) ==
          SQLITE_OK &&
      sqlite3_step(q) == SQLITE_ROW)
    version = sqlite3_column_int64(q, 0);
  sqlite3_finalize(q);
  q = NULL;
  if (version < 1) {
    snprintf(m->err, sizeof m->err, "not a wavesim statistics database (no schema_version)");
    goto detach;
  }
  if (version > SIM_STATSDB_VERSION) {
    snprintf(m->err, sizeof m->err,
             "schema version %lld, newer than this wavesim reads (%d); use the wavesim that "
             "wrote it",
             version, SIM_STATSDB_VERSION);
    goto detach;
  }
  if (cli_exec(m, "BEGIN;") != 0) goto detach;
  /* sources: shared when the text is the same; map the input's ids to ours */
  int have_sources =
      sqlite3_prepare_v2(m->db, "SELECT 1 FROM src.sources LIMIT 0", -1, &q, NULL) == SQLITE_OK;
  sqlite3_finalize(q);
  q = NULL;
  if (cli_exec(m, "CREATE TEMP TABLE IF NOT EXISTS map_src(old INTEGER PRIMARY KEY, new INTEGER);"
                  "DELETE FROM map_src;"
                  "CREATE TEMP TABLE IF NOT EXISTS map_launch(old INTEGER PRIMARY KEY, new "
                  "INTEGER);"
                  "DELETE FROM map_launch;") != 0)
    goto detach;
  if (have_sources &&
      cli_exec(m, "INSERT INTO main.sources(hash, bytes, text) SELECT s.hash, s.bytes, s.text "
                  "FROM src.sources s WHERE NOT EXISTS (SELECT 1 FROM main.sources d "
                  "WHERE d.hash = s.hash AND d.text = s.text) ORDER BY s.id;"
                  "INSERT INTO map_src SELECT s.id, (SELECT MIN(d.id) FROM main.sources d "
                  "WHERE d.hash = s.hash AND d.text = s.text) FROM src.sources s;") != 0)
    goto detach;
  /* launches, renumbered after ours, with their source and file */
  if (cli_common_cols(m, "src", "launches", ",id,source_id,", cols, sizeof cols) != 0) goto detach;
  if (cli_exec(m, "INSERT INTO map_launch(old) SELECT id FROM src.launches ORDER BY id;") != 0)
    goto detach;
  snprintf(sql, sizeof sql,
           "UPDATE map_launch SET new = (SELECT IFNULL(MAX(id), 0) FROM main.launches) + "
           "(SELECT COUNT(*) FROM map_launch m2 WHERE m2.old <= map_launch.old);"
           "INSERT INTO main.launches(id, %s, source_id, source_db) SELECT m.new, %s, "
           "(SELECT new FROM map_src WHERE old = l.source_id), ? FROM src.launches l "
           "JOIN map_launch m ON m.old = l.id ORDER BY l.id;",
           cols, cols);
  /* the statement with the file name bound: run the two parts apart */
  char *second = strstr(sql, "INSERT INTO main.launches");
  second[-1] = 0;
  if (cli_exec(m, sql) != 0) goto detach;
  if (sqlite3_prepare_v2(m->db, second, -1, &q, NULL) != SQLITE_OK) goto sqlerr;
  sqlite3_bind_text(q, 1, path, -1, SQLITE_STATIC);
  rc = sqlite3_step(q);
  sqlite3_finalize(q);
  q = NULL;
  if (rc != SQLITE_DONE) goto sqlerr;
  /* per-line statistics and diagnostics follow their launch */
  const char *const tabs[] = {"line_stats", "diagnostics"};
  for (size_t t = 0; t < 2; t++) {
    if (cli_common_cols(m, "src", tabs[t], ",launch_id,", cols, sizeof cols) != 0) goto detach;
    if (!cols[0]) continue; /* an old file without the table */
    snprintf(sql, sizeof sql,
             "INSERT INTO main.%s(launch_id, %s) SELECT m.new, %s FROM src.%s x "
             "JOIN map_launch m ON m.old = x.launch_id;",
             tabs[t], cols, cols, tabs[t]);
    if (cli_exec(m, sql) != 0) goto detach;
  }
  /* the keys this file's launches ran with */
  int have_over = sqlite3_prepare_v2(m->db, "SELECT DISTINCT overrides FROM src.launches", -1, &q,
                                     NULL) == SQLITE_OK;
  while (have_over && sqlite3_step(q) == SQLITE_ROW)
    if (cli_merge_keys(m, (const char *)sqlite3_column_text(q, 0)) != 0) {
      sqlite3_finalize(q);
      goto detach;
    }
  sqlite3_finalize(q);
  q = NULL;
  if (cli_exec(m, "COMMIT;") != 0) goto detach;
  return cli_exec(m, "DETACH DATABASE src;");
sqlerr:
  snprintf(m->err, sizeof m->err, "%s", sqlite3_errmsg(m->db));
  sqlite3_finalize(q);
detach:
  sqlite3_exec(m->db, "ROLLBACK;", NULL, NULL, NULL);
  sqlite3_exec(m->db, "DETACH DATABASE src;", NULL, NULL, NULL);
  return -1;
}

/* One column per key, each row's value from its overrides (NULL where the
 * row did not set the key; numbers stored as numbers). */
static int cli_merge_columns(cli_merge *m) {
  for (size_t k = 0; k < m->nkeys; k++) {
    char sql[512];
    snprintf(sql, sizeof sql, "ALTER TABLE launches ADD COLUMN \"%s\";", m->keys[k]);
    if (cli_exec(m, sql) != 0) return -1;
  }
  sqlite3_stmt *q = NULL, *u = NULL;
  if (sqlite3_prepare_v2(m->db, "SELECT id, overrides FROM launches WHERE overrides <> ''", -1, &q,
                         NULL) != SQLITE_OK)
    goto err;
  while (sqlite3_step(q) == SQLITE_ROW) {
    long long id = sqlite3_column_int64(q, 0);
    const char *s = (const char *)sqlite3_column_text(q, 1);
    while (s && *s) {
      size_t n = strcspn(s, ";"), k = strcspn(s, "=");
      if (k < n) {
        char sql[512], val[512];
        snprintf(sql, sizeof sql, "UPDATE launches SET \"%.*s\" = ? WHERE id = ?", (int)k, s);
        snprintf(val, sizeof val, "%.*s", (int)(n - k - 1), s + k + 1);
        if (sqlite3_prepare_v2(m->db, sql, -1, &u, NULL) != SQLITE_OK) goto err;
        char *end = NULL;
        double d = strtod(val, &end);
        if (*val && end && !*end && d == (double)(long long)d)
          sqlite3_bind_int64(u, 1, (long long)d);
        else if (*val && end && !*end)
          sqlite3_bind_double(u, 1, d);
        else
          sqlite3_bind_text(u, 1, val, -1, SQLITE_TRANSIENT);
        sqlite3_bind_int64(u, 2, id);
        if (sqlite3_step(u) != SQLITE_DONE) goto err;
        sqlite3_finalize(u);
        u = NULL;
      }
      s += n + (s[n] == ';');
    }
  }
  sqlite3_finalize(q);
  return 0;
err:
  snprintf(m->err, sizeof m->err, "%s", sqlite3_errmsg(m->db));
  sqlite3_finalize(q);
  sqlite3_finalize(u);
  return -1;
}

int cli_cmd_merge(int argc, char **argv) {
  const char *out = NULL;
  const char *in[4096];
  int nin = 0;
  for (int i = 0; i < argc; i++) {
    int missing = 0;
    const char *v;
    if (cli_is_help(argv[i])) {
      cli_help(stdout, "merge");
      return 0;
    } else if ((v = cli_opt(argc, argv, &i, "--db", &missing))) {
      out = v;
    } else if (argv[i][0] == '-' || missing || nin == 4096) {
      fprintf(stderr, "wavesim merge: %s '%s' (usage: " CLI_MERGE_SYNOPSIS ")\n",
              missing       ? "missing value for"
              : nin == 4096 ? "too many inputs at"
                            : "unknown option",
              argv[i]);
      return 2;
    } else {
      in[nin++] = argv[i];
    }
  }
  if (!out || nin == 0) {
    fprintf(stderr, "wavesim merge: %s (usage: " CLI_MERGE_SYNOPSIS ")\n",
            !out ? "no --db OUT" : "no input databases");
    return 2;
  }
  if (cli_is_file(out)) {
    fprintf(stderr, "wavesim merge: %s exists; merge writes a new database (remove it first)\n",
            out);
    return 1;
  }
  for (int k = 0; k < nin; k++)
    if (!cli_is_file(in[k])) {
      fprintf(stderr, "wavesim merge: %s: no such statistics database\n", in[k]);
      return 1;
    }
  char err[1024];
  sim_statsdb *s = sim_statsdb_open(out, err, sizeof err); /* the current schema */
  if (!s) {
    fprintf(stderr, "wavesim merge: %s\n", err);
    return 1;
  }
  sim_statsdb_close(s);
  cli_merge m = {0};
  if (sqlite3_open_v2(out, &m.db, SQLITE_OPEN_READWRITE, NULL) != SQLITE_OK) {
    fprintf(stderr, "wavesim merge: %s: %s\n", out, sqlite3_errmsg(m.db));
    sqlite3_close(m.db);
    return 1;
  }
  /* each input in a transaction of its own (SQLite attaches outside one) */
  int rc = cli_exec(&m, "ALTER TABLE launches ADD COLUMN source_db TEXT;");
  for (int k = 0; rc == 0 && k < nin; k++)
    if ((rc = cli_merge_one(&m, in[k])) != 0) {
      char e[1100];
      snprintf(e, sizeof e, "%s: %s", in[k], m.err);
      snprintf(m.err, sizeof m.err, "%.1000s", e);
    }
  if (rc == 0) rc = cli_exec(&m, "BEGIN;");
  if (rc == 0) rc = cli_merge_columns(&m);
  if (rc == 0) rc = cli_exec(&m, "COMMIT;");
  long long n = 0;
  sqlite3_stmt *q = NULL;
  if (rc == 0 &&
      sqlite3_prepare_v2(m.db, "SELECT COUNT(*) FROM launches", -1, &q, NULL) == SQLITE_OK &&
      sqlite3_step(q) == SQLITE_ROW)
    n = sqlite3_column_int64(q, 0);
  sqlite3_finalize(q);
  sqlite3_close(m.db);
  if (rc != 0) {
    fprintf(stderr, "wavesim merge: %s\n", m.err);
    remove(out);
    return 1;
  }
  printf("wavesim merge: %lld launch%s from %d database%s -> %s", n, n == 1 ? "" : "es", nin,
         nin == 1 ? "" : "s", out);
  for (size_t k = 0; k < m.nkeys; k++) printf("%s\"%s\"", k ? ", " : "; key columns ", m.keys[k]);
  printf("\n");
  return 0;
}
