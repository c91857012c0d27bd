/* `wavesim diff A.db B.db`: what a config (or code) change did, launch by
 * launch. Launches are matched by program (the hash of the source text they
 * were built from; none for SPIR-V programs), kernel name and order: the
 * k-th launch of kernel K from program P in A pairs with the k-th in B.
 * Each pair prints the headline metrics side by side (cycles, stall
 * breakdown, occupancy, hit rates, bank conflicts, DRAM traffic; --all:
 * every numeric column that differs) and the source lines whose cost
 * (wave instructions + stall cycles, as in `report --lines`) moved most.
 * Columns are read by name from each row, so databases of older schema
 * versions compare too (a metric a file lacks prints "-"). */
#include <math.h>
#include <sqlite3.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "stats.h"

#define CLI_DIFF_TOP 5

/* A launch row: its columns by name. */
typedef struct cli_row {
  long long id;
  char key[160]; /* program hash | kernel */
  int ncols;
  char **names;
  char **text;    /* NULL: SQL NULL */
  double *num;    /* numeric columns' values */
  int *isnum;     /* the column is an integer or real */
  long long hash; /* sources.hash; 0 when none */
  int matched;
} cli_row;

typedef struct cli_db {
  const char *path;
  sqlite3 *db;
  cli_row *rows;
  int n;
} cli_db;

static void cli_rows_free(cli_db *d) {
  for (int i = 0; i < d->n; i++) {
    cli_row *r = &d->rows[i];
    for (int c = 0; c < r->ncols; c++) {
      free(r->names[c]);
      free(r->text[c]);
    }
    free(r->names);
    free(r->text);
    free(r->num);
    free(r->isnum);
  }
  free(d->rows);
  if (d->db) sqlite3_close(d->db);
}

static char *cli_dup(const char *s) {
  if (!s) return NULL;
  size_t n = strlen(s) + 1;
  char *p = malloc(n);
  if (p) memcpy(p, s, n);
  return p;
}

/* The value of column `name` of r: 1 and *v when it is there and numeric. */
static int cli_num(const cli_row *r, const char *name, double *v) {
  for (int c = 0; c < r->ncols; c++)
    if (strcmp(r->names[c], name) == 0) {
      if (!r->isnum[c]) return 0;
      *v = r->num[c];
      return 1;
    }
  return 0;
}

static const char *cli_text(const cli_row *r, const char *name) {
  for (int c = 0; c < r->ncols; c++)
    if (strcmp(r->names[c], name) == 0) return r->text[c] ? r->text[c] : "";
  return "";
}

/* Reads every launch of d (ids in order) with its program's hash. */
static int cli_diff_load(cli_db *d, char *err, size_t errlen) {
  d->db = cli_db_open(d->path, err, errlen);
  if (!d->db) return -1;
  sqlite3_stmt *v = NULL;
  long long version = 0;
  if (sqlite3_prepare_v2(d->db, "SELECT version FROM schema_version", -1, &v, NULL) == SQLITE_OK &&
      sqlite3_step(v) == SQLITE_ROW)
    version = sqlite3_column_int64(v, 0);
  sqlite3_finalize(v);
  if (version > SIM_STATSDB_VERSION) {
    snprintf(err, errlen,
             "%s: statistics database schema version %lld, newer than this wavesim reads "
             "(%d); use the wavesim that wrote it",
             d->path, version, SIM_STATSDB_VERSION);
    return -1;
  }
  static const char *const sql[] = {
      "SELECT l.*, s.hash AS diff_source_hash FROM launches l LEFT JOIN sources s "
      "ON s.id = l.source_id WHERE l.id > ? AND (? = 0 OR l.id <= ?) ORDER BY l.id",
      "SELECT *, NULL AS diff_source_hash FROM launches WHERE id > ? AND (? = 0 OR id <= ?) "
      "ORDER BY id"};
  sqlite3_stmt *q = cli_db_launches(d->db, d->path, sql, 2, 0, 0, err, errlen);
  if (!q) return -1;
  int cap = 0;
  while (sqlite3_step(q) == SQLITE_ROW) {
    if (d->n == cap) {
      cap = cap ? cap * 2 : 16;
      cli_row *nr = realloc(d->rows, (size_t)cap * sizeof *nr);
      if (!nr) break;
      d->rows = nr;
    }
    cli_row *r = &d->rows[d->n++];
    memset(r, 0, sizeof *r);
    r->ncols = sqlite3_column_count(q);
    r->names = calloc((size_t)r->ncols, sizeof *r->names);
    r->text = calloc((size_t)r->ncols, sizeof *r->text);
    r->num = calloc((size_t)r->ncols, sizeof *r->num);
    r->isnum = calloc((size_t)r->ncols, sizeof *r->isnum);
    if (!r->names || !r->text || !r->num || !r->isnum) {
      r->ncols = 0;
      break;
    }
    for (int c = 0; c < r->ncols; c++) {
      int t = sqlite3_column_type(q, c);
      r->names[c] = cli_dup(sqlite3_column_name(q, c));
      r->text[c] = cli_dup((const char *)sqlite3_column_text(q, c));
      r->isnum[c] = t == SQLITE_INTEGER || t == SQLITE_FLOAT;
      r->num[c] = sqlite3_column_double(q, c);
      if (!r->names[c]) r->names[c] = cli_dup("?");
    }
    double id = 0;
    cli_num(r, "id", &id);
    r->id = (long long)id;
    for (int c = 0; c < r->ncols; c++)
      if (strcmp(r->names[c], "diff_source_hash") == 0 && r->isnum[c])
        r->hash = sqlite3_column_int64(q, c);
    snprintf(r->key, sizeof r->key, "%llx|%s", (unsigned long long)r->hash, cli_text(r, "kernel"));
  }
  sqlite3_finalize(q);
  return 0;
}

/* The position of r among the launches of d with its key (0 for the first). */
static int cli_order(const cli_db *d, int i) {
  int k = 0;
  for (int j = 0; j < i; j++) k += strcmp(d->rows[j].key, d->rows[i].key) == 0;
  return k;
}

/* a headline metric: a column, or a rate of two (hits / (hits + misses)) */
typedef struct cli_metric {
  const char *label, *col, *miss; /* miss: the rate's other column */
  int pct;                        /* print as a percentage (rates, occupancy) */
} cli_metric;

static const cli_metric cli_metrics[] = {
    {"cycles", "cycles", NULL, 0},
    {"time (us)", "time_ns", NULL, 0},
    {"wave instructions", "inst_total", NULL, 0},
    {"stall: dependency", "stall_dependency", NULL, 0},
    {"stall: memory", "stall_memory", NULL, 0},
    {"stall: barrier", "stall_barrier", NULL, 0},
    {"stall: issue", "stall_issue", NULL, 0},
    {"stall: fetch", "stall_fetch", NULL, 0},
    {"achieved occupancy", "achieved_occupancy", NULL, 1},
    {"waves per SIMD (limit)", "waves_per_simd", NULL, 0},
    {"L1 hit rate", "l1_hits", "l1_misses", 1},
    {"L2 hit rate", "l2_hits", "l2_misses", 1},
    {"scalar cache hit rate", "scalar_cache_hits", "scalar_cache_misses", 1},
    {"LDS bank-conflict cycles", "lds_bank_conflict_cycles", NULL, 0},
    {"L1 MSHR stall cycles", "l1_mshr_stall_cycles", NULL, 0},
    {"DRAM read bytes", "dram_read_bytes", NULL, 0},
    {"DRAM write bytes", "dram_write_bytes", NULL, 0},
};

static int cli_metric_value(const cli_row *r, const cli_metric *m, double *v) {
  double a;
  if (!cli_num(r, m->col, &a)) return 0;
  if (!strcmp(m->col, "time_ns")) a /= 1000.0;
  if (m->miss) {
    double b;
    if (!cli_num(r, m->miss, &b) || a + b == 0) return 0;
    a = a / (a + b);
  }
  *v = a;
  return 1;
}

static void cli_value(char *buf, size_t len, int have, double v, int pct) {
  if (!have)
    snprintf(buf, len, "-");
  else if (pct)
    snprintf(buf, len, "%.1f%%", v * 100.0);
  else if (v == floor(v) && fabs(v) < 1e15)
    snprintf(buf, len, "%.0f", v);
  else
    snprintf(buf, len, "%.3f", v);
}

static void cli_change(char *buf, size_t len, int ha, double a, int hb, double b, int pct) {
  if (!ha || !hb)
    buf[0] = 0;
  else if (a == b)
    snprintf(buf, len, "=");
  else if (pct)
    snprintf(buf, len, "%+.1f pt", (b - a) * 100.0);
  else if (a == 0)
    snprintf(buf, len, "new");
  else
    snprintf(buf, len, "%+.1f%%", (b - a) / a * 100.0);
}

static void cli_metric_line(FILE *out, const char *label, int ha, double a, int hb, double b,
                            int pct) {
  char va[32], vb[32], ch[32];
  cli_value(va, sizeof va, ha, a, pct);
  cli_value(vb, sizeof vb, hb, b, pct);
  cli_change(ch, sizeof ch, ha, a, hb, b, pct);
  fprintf(out, "  %-26s %16s %16s  %s\n", label, va, vb, ch);
}

/* the source text of a launch (NULL when not recorded): the caller frees it */
static char *cli_source(sqlite3 *db, long long id) {
  sqlite3_stmt *q = NULL;
  char *text = NULL;
  if (sqlite3_prepare_v2(db,
                         "SELECT s.text FROM launches l JOIN sources s ON s.id = l.source_id "
                         "WHERE l.id = ?",
                         -1, &q, NULL) == SQLITE_OK) {
    sqlite3_bind_int64(q, 1, id);
    if (sqlite3_step(q) == SQLITE_ROW) text = cli_dup((const char *)sqlite3_column_text(q, 0));
  }
  sqlite3_finalize(q);
  return text;
}

/* The `top` lines whose cost moved most between launch ia of A and ib of B
 * (a line missing on one side costs 0 there). */
static void cli_diff_lines(FILE *out, cli_db *a, long long ia, cli_db *b, long long ib, int top) {
  /* both files' line_stats, merged by line in C: small tables */
  typedef struct {
    long long line, ca, cb;
  } cli_line;
  cli_line *lines = NULL;
  int n = 0, cap = 0;
  cli_db *side[2] = {a, b};
  long long ids[2] = {ia, ib};
  for (int s = 0; s < 2; s++) {
    sqlite3_stmt *q = NULL;
    if (sqlite3_prepare_v2(side[s]->db,
                           "SELECT line, insts + stall_cycles FROM line_stats WHERE launch_id = ?",
                           -1, &q, NULL) != SQLITE_OK)
      continue;
    sqlite3_bind_int64(q, 1, ids[s]);
    while (sqlite3_step(q) == SQLITE_ROW) {
      long long line = sqlite3_column_int64(q, 0), cost = sqlite3_column_int64(q, 1);
      int k = 0;
      while (k < n && lines[k].line != line) k++;
      if (k == n) {
        if (n == cap) {
          cap = cap ? cap * 2 : 32;
          cli_line *nl = realloc(lines, (size_t)cap * sizeof *nl);
          if (!nl) break;
          lines = nl;
        }
        lines[n++] = (cli_line){line, 0, 0};
      }
      if (s == 0)
        lines[k].ca = cost;
      else
        lines[k].cb = cost;
    }
    sqlite3_finalize(q);
  }
  /* most moved first (by |change|, then line) */
  for (int i = 1; i < n; i++)
    for (int j = i; j > 0; j--) {
      long long dj = llabs(lines[j].cb - lines[j].ca),
                dp = llabs(lines[j - 1].cb - lines[j - 1].ca);
      if (dj < dp || (dj == dp && lines[j].line > lines[j - 1].line)) break;
      cli_line t = lines[j];
      lines[j] = lines[j - 1];
      lines[j - 1] = t;
    }
  int shown = 0;
  char *text = cli_source(a->db, ia);
  for (int i = 0; i < n && (top == 0 || shown < top); i++) {
    if (lines[i].ca == lines[i].cb) continue;
    if (shown++ == 0)
      fprintf(out,
              "  source lines whose cost (wave instructions + stall cycles) moved most:\n"
              "  %6s %14s %14s %12s  %s\n",
              "line", "A", "B", "change", text ? "source" : "(source not recorded)");
    char src[CLI_SRC_WIDTH + 8] = "";
    cli_source_line(text, lines[i].line, src, sizeof src);
    fprintf(out, "  %6lld %14lld %14lld %+12lld  %s\n", lines[i].line, lines[i].ca, lines[i].cb,
            lines[i].cb - lines[i].ca, src);
  }
  if (!shown) fprintf(out, "  no source line's cost changed\n");
  free(text);
  free(lines);
}

static void cli_diff_pair(FILE *out, cli_db *a, const cli_row *ra, cli_db *b, const cli_row *rb,
                          int all, int top) {
  double ga[3] = {0}, la[3] = {0};
  const char *ax[] = {"global_x", "global_y", "global_z", "local_x", "local_y", "local_z"};
  for (int i = 0; i < 3; i++) {
    cli_num(ra, ax[i], &ga[i]);
    cli_num(ra, ax[3 + i], &la[i]);
  }
  const char *oa = cli_text(ra, "overrides"), *ob = cli_text(rb, "overrides");
  fprintf(out,
          "\nA#%lld ~ B#%lld: %s (global %.0fx%.0fx%.0f, local %.0fx%.0fx%.0f), config %s%s%s%s -> "
          "%s%s%s%s\n",
          ra->id, rb->id, cli_text(ra, "kernel"), ga[0], ga[1], ga[2], la[0], la[1], la[2],
          cli_text(ra, "config"), *oa ? " (" : "", oa, *oa ? ")" : "", cli_text(rb, "config"),
          *ob ? " (" : "", ob, *ob ? ")" : "");
  fprintf(out, "  %-26s %16s %16s  %s\n", "", "A", "B", "change");
  if (!all) {
    for (size_t i = 0; i < sizeof cli_metrics / sizeof cli_metrics[0]; i++) {
      const cli_metric *m = &cli_metrics[i];
      double va = 0, vb = 0;
      int ha = cli_metric_value(ra, m, &va), hb = cli_metric_value(rb, m, &vb);
      cli_metric_line(out, m->label, ha, va, hb, vb, m->pct);
    }
    const char *lima = cli_text(ra, "limiter"), *limb = cli_text(rb, "limiter");
    fprintf(out, "  %-26s %16s %16s  %s\n", "occupancy limiter", lima, limb,
            strcmp(lima, limb) ? "changed" : "=");
  } else { /* every numeric column either side has, where they differ */
    int shown = 0;
    for (int c = 0; c < ra->ncols; c++) {
      const char *name = ra->names[c];
      if (!strcmp(name, "id") || !strcmp(name, "source_id") || !strcmp(name, "diff_source_hash"))
        continue;
      double va = 0, vb = 0;
      int ha = cli_num(ra, name, &va), hb = cli_num(rb, name, &vb);
      if ((!ha && !hb) || (ha && hb && va == vb)) continue;
      cli_metric_line(out, name, ha, va, hb, vb, 0);
      shown++;
    }
    for (int c = 0; c < rb->ncols; c++) { /* columns only B's schema has */
      int in_a = 0;
      for (int k = 0; k < ra->ncols && !in_a; k++) in_a = strcmp(ra->names[k], rb->names[c]) == 0;
      if (!in_a && rb->isnum[c]) {
        cli_metric_line(out, rb->names[c], 0, 0, 1, rb->num[c], 0);
        shown++;
      }
    }
    if (!shown) fprintf(out, "  every statistic is the same\n");
  }
  cli_diff_lines(out, a, ra->id, b, rb->id, top);
}

int cli_cmd_diff(int argc, char **argv) {
  const char *files[2] = {NULL, NULL};
  int nfiles = 0, all = 0, by_order = 0;
  long long top = CLI_DIFF_TOP;
  for (int i = 0; i < argc; i++) {
    int missing = 0;
    const char *v;
    if (cli_is_help(argv[i])) {
      cli_help(stdout, "diff");
      return 0;
    } else if (strcmp(argv[i], "--all") == 0) {
      all = 1;
    } else if ((v = cli_opt(argc, argv, &i, "--by", &missing))) {
      if (strcmp(v, "kernel") && strcmp(v, "order")) {
        fprintf(stderr,
                "wavesim diff: --by %s: use 'kernel' (program, kernel and order, the "
                "default) or 'order' (the k-th launch of each, whatever its kernel)\n",
                v);
        return 2;
      }
      by_order = v[0] == 'o';
    } else if ((v = cli_opt(argc, argv, &i, "--top", &missing))) {
      if ((top = cli_count(v, 0)) < 0) {
        fprintf(stderr, "wavesim diff: --top %s: expected a count (0 shows every line)\n", v);
        return 2;
      }
    } else if (argv[i][0] == '-' || nfiles == 2 || missing) {
      fprintf(stderr, "wavesim diff: %s '%s' (usage: " CLI_DIFF_SYNOPSIS ")\n",
              missing             ? "missing value for"
              : argv[i][0] == '-' ? "unknown option"
                                  : "extra argument",
              argv[i]);
      return 2;
    } else {
      files[nfiles++] = argv[i];
    }
  }
  if (nfiles != 2) {
    fprintf(stderr, "wavesim diff: two databases needed (usage: " CLI_DIFF_SYNOPSIS ")\n");
    return 2;
  }
  cli_db d[2] = {{.path = files[0]}, {.path = files[1]}};
  char err[1024];
  int rc = 0;
  for (int s = 0; s < 2 && rc == 0; s++) {
    if (!cli_is_file(d[s].path)) {
      snprintf(err, sizeof err, "%s: no such statistics database", d[s].path);
      rc = -1;
    } else {
      rc = cli_diff_load(&d[s], err, sizeof err);
    }
  }
  if (rc != 0) {
    fprintf(stderr, "wavesim diff: %s\n", err);
    cli_rows_free(&d[0]);
    cli_rows_free(&d[1]);
    return 1;
  }
  for (int s = 0; by_order && s < 2; s++)
    for (int i = 0; i < d[s].n; i++) d[s].rows[i].key[0] = 0;
  int pairs = 0;
  for (int i = 0; i < d[0].n; i++) {
    int k = cli_order(&d[0], i);
    for (int j = 0; j < d[1].n; j++)
      if (!d[1].rows[j].matched && strcmp(d[0].rows[i].key, d[1].rows[j].key) == 0 &&
          cli_order(&d[1], j) == k) {
        d[0].rows[i].matched = d[1].rows[j].matched = 1;
        cli_diff_pair(stdout, &d[0], &d[0].rows[i], &d[1], &d[1].rows[j], all, (int)top);
        pairs++;
        break;
      }
  }
  for (int s = 0; s < 2; s++)
    for (int i = 0; i < d[s].n; i++)
      if (!d[s].rows[i].matched)
        printf("\nonly in %s (%s): #%lld %s\n", s ? "B" : "A", d[s].path, d[s].rows[i].id,
               cli_text(&d[s].rows[i], "kernel"));
  printf("\nA = %s (%d launch%s), B = %s (%d launch%s): %d matched by %s\n", d[0].path, d[0].n,
         d[0].n == 1 ? "" : "es", d[1].path, d[1].n, d[1].n == 1 ? "" : "es", pairs,
         by_order ? "order" : "program, kernel and order");
  cli_rows_free(&d[0]);
  cli_rows_free(&d[1]);
  return 0;
}
