/* The hot-source-lines report of `wavesim report --lines` and `wavesim run
 * --lines`: line_stats of each launch joined with the program source text
 * stored in the statistics database (schema: sim/stats_db.c). */
#include <sqlite3.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"

void cli_source_line(const char *text, long long n, char *buf, size_t len) {
  buf[0] = 0;
  if (!text || n < 1) return;
  const char *p = text;
  for (long long i = 1; i < n; i++) {
    p = strchr(p, '\n');
    if (!p) return;
    p++;
  }
  while (*p == ' ' || *p == '\t') p++;
  size_t l = strcspn(p, "\r\n");
  if (l > CLI_SRC_WIDTH) {
    snprintf(buf, len, "%.*s...", CLI_SRC_WIDTH - 3, p);
  } else {
    snprintf(buf, len, "%.*s", (int)l, p);
  }
}

/* The rows of one launch, hottest first: each issued instruction costs at
 * least one issue cycle, so "hot" is instructions plus stall cycles. */
static int cli_launch_lines(FILE *out, sqlite3 *db, long long id, const char *text, int top,
                            char *err, size_t errlen) {
  sqlite3_stmt *q = NULL;
  if (sqlite3_prepare_v2(db,
                         "SELECT line, insts, stall_cycles, lds_conflict_cycles, mem_requests "
                         "FROM line_stats WHERE launch_id = ? "
                         "ORDER BY insts + stall_cycles DESC, line LIMIT ?",
                         -1, &q, NULL) != SQLITE_OK) {
    snprintf(err, errlen, "reading line_stats: %s", sqlite3_errmsg(db));
    return -1;
  }
  sqlite3_bind_int64(q, 1, id);
  sqlite3_bind_int(q, 2, top > 0 ? top : -1);
  int rows = 0;
  while (sqlite3_step(q) == SQLITE_ROW) {
    if (rows++ == 0)
      fprintf(out, "  %6s %12s %12s %9s %9s  %s\n", "line", "wave-insts", "stall-cyc", "lds-conf",
              "mem-reqs", text ? "source" : "(source not recorded)");
    char src[CLI_SRC_WIDTH + 8];
    long long line = sqlite3_column_int64(q, 0);
    cli_source_line(text, line, src, sizeof src);
    fprintf(out, "  %6lld %12lld %12lld %9lld %9lld  %s\n", line,
            (long long)sqlite3_column_int64(q, 1), (long long)sqlite3_column_int64(q, 2),
            (long long)sqlite3_column_int64(q, 3), (long long)sqlite3_column_int64(q, 4), src);
  }
  sqlite3_finalize(q);
  if (rows == 0) fprintf(out, "  (no per-line statistics: the kernel has no line information)\n");
  return 0;
}

int cli_report_lines(FILE *out, const char *path, int64_t after_id, int64_t last_id, int top,
                     char *err, size_t errlen) {
  if (access(path, F_OK) != 0) return 0; /* cli_report already said so */
  sqlite3 *db = cli_db_open(path, err, errlen);
  if (!db) return -1;
  /* version 1 files have no sources: their lines print without text */
  static const char *const sql[] = {
      "SELECT l.id, l.kernel, s.text FROM launches l LEFT JOIN sources s ON s.id = l.source_id "
      "WHERE l.id > ? AND (? = 0 OR l.id <= ?) ORDER BY l.id",
      "SELECT id, kernel, NULL FROM launches WHERE id > ? AND (? = 0 OR id <= ?) ORDER BY id"};
  sqlite3_stmt *q = cli_db_launches(db, path, sql, 2, after_id, last_id, err, errlen);
  if (!q) {
    sqlite3_close(db);
    return -1;
  }
  int n = 0, rc = 0;
  while (rc == 0 && sqlite3_step(q) == SQLITE_ROW) {
    long long id = sqlite3_column_int64(q, 0);
    const char *kernel = (const char *)sqlite3_column_text(q, 1);
    const char *text = (const char *)sqlite3_column_text(q, 2);
    fprintf(out, "\nlaunch %lld: %s, hottest source lines%s\n", id, kernel ? kernel : "?",
            top > 0 ? "" : " (all)");
    rc = cli_launch_lines(out, db, id, text, top, err, errlen);
    n++;
  }
  sqlite3_finalize(q);
  sqlite3_close(db);
  return rc ? -1 : n;
}
