/* Program sources in the statistics database (sim/stats_db.c): one sources
 * row per distinct text, launches pointing at it, NULL when unknown, and the
 * in-place upgrade of a version 1 file. */
#include <check.h>
#include <sqlite3.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "check_run.h"
#include "sim.h"

static char path[64];

static void temp_path(void) {
  snprintf(path, sizeof path, "/tmp/wavesim_src_XXXXXX");
  int fd = mkstemp(path);
  ck_assert_int_ge(fd, 0);
  close(fd);
  unlink(path);
}

static long long q_int(sqlite3 *db, const char *sql) {
  sqlite3_stmt *q = NULL;
  ck_assert_msg(sqlite3_prepare_v2(db, sql, -1, &q, NULL) == SQLITE_OK, "%s: %s", sql,
                sqlite3_errmsg(db));
  ck_assert_int_eq(sqlite3_step(q), SQLITE_ROW);
  long long v = sqlite3_column_type(q, 0) == SQLITE_NULL ? -1 : sqlite3_column_int64(q, 0);
  sqlite3_finalize(q);
  return v;
}

static int64_t write_launch(sim_statsdb *db, const char *source) {
  sim_stats s;
  memset(&s, 0, sizeof s);
  snprintf(s.kernel, sizeof s.kernel, "k");
  s.source_text = source;
  char err[256] = "";
  int64_t id = sim_statsdb_write(db, &s, err, sizeof err);
  ck_assert_msg(id > 0, "%s", err);
  return id;
}

START_TEST(sources_deduplicated) {
  temp_path();
  char err[256];
  sim_statsdb *db = sim_statsdb_open(path, err, sizeof err);
  ck_assert_msg(db != NULL, "%s", err);
  static const char a[] = "__kernel void k() {\n}\n";
  char a_copy[sizeof a]; /* same text at another address: found by content */
  memcpy(a_copy, a, sizeof a);
  ck_assert_int_eq(write_launch(db, a), 1);
  ck_assert_int_eq(write_launch(db, a_copy), 2);
  ck_assert_int_eq(write_launch(db, "other"), 3);
  ck_assert_int_eq(write_launch(db, NULL), 4);
  sim_statsdb_close(db);
  sqlite3 *raw;
  ck_assert_int_eq(sqlite3_open(path, &raw), SQLITE_OK);
  ck_assert_int_eq(q_int(raw, "SELECT count(*) FROM sources"), 2);
  ck_assert_int_eq(q_int(raw, "SELECT source_id FROM launches WHERE id = 1"), 1);
  ck_assert_int_eq(q_int(raw, "SELECT source_id FROM launches WHERE id = 2"), 1);
  ck_assert_int_eq(q_int(raw, "SELECT source_id FROM launches WHERE id = 3"), 2);
  ck_assert_int_eq(q_int(raw, "SELECT source_id FROM launches WHERE id = 4"), -1);
  ck_assert_int_eq(q_int(raw, "SELECT bytes FROM sources WHERE id = 1"), (long long)strlen(a));
  /* FNV-1a 64 of "other", stored as a signed 64-bit integer */
  ck_assert_int_eq(q_int(raw, "SELECT hash FROM sources WHERE id = 2"),
                   (long long)0x0a24ad61c2562a55ull);
  sqlite3_stmt *q;
  ck_assert_int_eq(sqlite3_prepare_v2(raw, "SELECT text FROM sources WHERE id = 1", -1, &q, NULL),
                   SQLITE_OK);
  ck_assert_int_eq(sqlite3_step(q), SQLITE_ROW);
  ck_assert_str_eq((const char *)sqlite3_column_text(q, 0), a);
  sqlite3_finalize(q);
  sqlite3_close(raw);
  unlink(path);
}
END_TEST

START_TEST(version1_upgraded_in_place) {
  temp_path();
  char err[256];
  sim_statsdb *db = sim_statsdb_open(path, err, sizeof err);
  ck_assert_msg(db != NULL, "%s", err);
  write_launch(db, "src");
  sim_statsdb_close(db);
  /* make it a version 1 file: no sources table, no source_id column */
  sqlite3 *raw;
  ck_assert_int_eq(sqlite3_open(path, &raw), SQLITE_OK);
  ck_assert_int_eq(sqlite3_exec(raw,
                                "ALTER TABLE launches DROP COLUMN source_id; DROP TABLE sources;"
                                "UPDATE schema_version SET version = 1;",
                                NULL, NULL, NULL),
                   SQLITE_OK);
  db = sim_statsdb_open(path, err, sizeof err);
  ck_assert_msg(db != NULL, "%s", err);
  ck_assert_int_eq(write_launch(db, "src"), 2);
  sim_statsdb_close(db);
  /* upgraded through version 2 to the current version 4 (memory, CU and sampling columns) */
  ck_assert_int_eq(q_int(raw, "SELECT version FROM schema_version"), 4);
  ck_assert_int_eq(q_int(raw, "SELECT count(*) FROM launches"), 2);
  ck_assert_int_eq(q_int(raw, "SELECT source_id FROM launches WHERE id = 1"), -1);
  ck_assert_int_eq(q_int(raw, "SELECT source_id FROM launches WHERE id = 2"), 1);
  sqlite3_close(raw);
  unlink(path);
}
END_TEST

int main(void) {
  Suite *s = suite_create("trace_sources");
  TCase *tc = tcase_create("core");
  tcase_add_test(tc, sources_deduplicated);
  tcase_add_test(tc, version1_upgraded_in_place);
  suite_add_tcase(s, tc);
  return check_run(s);
}
