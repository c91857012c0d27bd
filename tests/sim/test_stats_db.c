/* The statistics database: a launch written and read back through the
 * sqlite3 API (every kind of column and the line rows), visible to an
 * independent connection, ids increasing, schema version checked. */
#include <check.h>
#include <sqlite3.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "check_run.h"
#include "sim_internal.h"

static char path[64];

static void setup(void) {
  snprintf(path, sizeof path, "/tmp/wavesim_db_XXXXXX");
  int fd = mkstemp(path);
  ck_assert_int_ge(fd, 0);
  close(fd);
  unlink(path);
}

static sim_stats sample(void) {
  sim_stats s;
  memset(&s, 0, sizeof s);
  snprintf(s.kernel, sizeof s.kernel, "vadd");
  snprintf(s.config, sizeof s.config, "teaching");
  snprintf(s.limiter, sizeof s.limiter, "vgprs");
  s.work_dim = 1;
  s.global_size[0] = 1024, s.local_size[0] = 64;
  s.global_size[1] = s.global_size[2] = s.local_size[1] = s.local_size[2] = 1;
  s.cycles = 123456789012ull;
  s.time_ns = 61.5;
  s.inst[ISA_UNIT_VALU] = 7;
  s.inst[ISA_UNIT_VMEM] = 3;
  s.inst[ISA_UNIT_BARRIER] = 1;
  s.achieved_occupancy = 0.25;
  s.l2_misses = 42;
  s.dram_write_bytes = 4096;
  s.dram_row_hits = 17;
  s.l1_mshr_stall_cycles = 99;
  s.nlines = 2;
  s.lines = calloc(2, sizeof *s.lines);
  s.lines[0] = (sim_line_stats){3, 10, 5, 1, 2, 0, 0};
  s.lines[1] = (sim_line_stats){9, 20, 0, 0, 4, 0, 7};
  s.ndiags = 1;
  s.diags = calloc(1, sizeof *s.diags);
  snprintf(s.diags[0].kind, sizeof s.diags[0].kind, "race_local");
  s.diags[0].line = 9;
  s.diags[0].other_line = 3;
  s.diags[0].message = strdup("kernel 'vadd': data race on __local memory: ...");
  return s;
}

static int64_t q_int(sqlite3 *db, const char *sql) {
  sqlite3_stmt *q;
  ck_assert_int_eq(sqlite3_prepare_v2(db, sql, -1, &q, NULL), SQLITE_OK);
  ck_assert_int_eq(sqlite3_step(q), SQLITE_ROW);
  int64_t v = sqlite3_column_int64(q, 0);
  sqlite3_finalize(q);
  return v;
}

START_TEST(test_round_trip) {
  char err[256] = "";
  sim_statsdb *db = sim_statsdb_open(path, err, sizeof err);
  ck_assert_msg(db != NULL, "%s", err);
  sim_stats s = sample();
  ck_assert_int_eq(sim_statsdb_write(db, &s, err, sizeof err), 1);
  /* an independent connection sees the committed launch while ours is open */
  sqlite3 *raw;
  ck_assert_int_eq(sqlite3_open(path, &raw), SQLITE_OK);
  ck_assert_int_eq(q_int(raw, "SELECT count(*) FROM launches"), 1);
  sqlite3_stmt *q;
  ck_assert_int_eq(sqlite3_prepare_v2(raw,
                                      "SELECT kernel, config, cycles, time_ns, inst_valu, inst_vmem, "
                                      "inst_barrier, inst_total, limiter, achieved_occupancy, "
                                      "l2_misses, dram_write_bytes, global_x, local_x FROM launches",
                                      -1, &q, NULL),
                   SQLITE_OK);
  ck_assert_int_eq(sqlite3_step(q), SQLITE_ROW);
  ck_assert_str_eq((const char *)sqlite3_column_text(q, 0), "vadd");
  ck_assert_str_eq((const char *)sqlite3_column_text(q, 1), "teaching");
  ck_assert_int_eq(sqlite3_column_int64(q, 2), 123456789012ll);
  ck_assert_double_eq(sqlite3_column_double(q, 3), 61.5);
  ck_assert_int_eq(sqlite3_column_int64(q, 4), 7);
  ck_assert_int_eq(sqlite3_column_int64(q, 5), 3);
  ck_assert_int_eq(sqlite3_column_int64(q, 6), 1);
  ck_assert_int_eq(sqlite3_column_int64(q, 7), 11);
  ck_assert_str_eq((const char *)sqlite3_column_text(q, 8), "vgprs");
  ck_assert_double_eq(sqlite3_column_double(q, 9), 0.25);
  ck_assert_int_eq(sqlite3_column_int64(q, 10), 42);
  ck_assert_int_eq(sqlite3_column_int64(q, 11), 4096);
  ck_assert_int_eq(sqlite3_column_int64(q, 12), 1024);
  ck_assert_int_eq(sqlite3_column_int64(q, 13), 64);
  sqlite3_finalize(q);
  ck_assert_int_eq(q_int(raw, "SELECT count(*) FROM line_stats WHERE launch_id = 1"), 2);
  ck_assert_int_eq(q_int(raw, "SELECT stall_cycles FROM line_stats WHERE launch_id = 1 AND line = 3"), 5);
  ck_assert_int_eq(q_int(raw, "SELECT mem_requests FROM line_stats WHERE launch_id = 1 AND line = 9"), 4);
  ck_assert_int_eq(q_int(raw, "SELECT version FROM schema_version"), 4);
  ck_assert_int_eq(q_int(raw, "SELECT count(*) FROM diagnostics WHERE launch_id = 1 AND seq = 0 "
                              "AND kind = 'race_local' AND line = 9 AND other_line = 3 AND message "
                              "LIKE 'kernel ''vadd'': data race%'"),
                   1);
  ck_assert_int_eq(q_int(raw, "SELECT dram_row_hits FROM launches"), 17);
  ck_assert_int_eq(q_int(raw, "SELECT l1_mshr_stall_cycles FROM launches"), 99);
  ck_assert_int_eq(sqlite3_prepare_v2(raw, "PRAGMA journal_mode", -1, &q, NULL), SQLITE_OK);
  ck_assert_int_eq(sqlite3_step(q), SQLITE_ROW);
  ck_assert_str_eq((const char *)sqlite3_column_text(q, 0), "wal");
  sqlite3_finalize(q);
  sim_statsdb_close(db);
  /* reopening keeps the data and appends */
  db = sim_statsdb_open(path, err, sizeof err);
  ck_assert_msg(db != NULL, "%s", err);
  ck_assert_int_eq(sim_statsdb_write(db, &s, err, sizeof err), 2);
  sim_statsdb_close(db);
  ck_assert_int_eq(q_int(raw, "SELECT count(*) FROM launches"), 2);
  ck_assert_int_eq(q_int(raw, "SELECT count(*) FROM line_stats"), 4);
  /* a database from another schema version is refused */
  ck_assert_int_eq(sqlite3_exec(raw, "UPDATE schema_version SET version = 99", NULL, NULL, NULL), SQLITE_OK);
  sqlite3_close(raw);
  ck_assert_ptr_null(sim_statsdb_open(path, err, sizeof err));
  char expect[256];
  snprintf(expect, sizeof expect,
           "stats database %s has schema version 99 but this wavesim writes version 4; use a new file", path);
  ck_assert_str_eq(err, expect);
  ck_assert_ptr_null(sim_statsdb_open("/nonexistent/dir/x.db", err, sizeof err));
  ck_assert_str_eq(err, "stats database /nonexistent/dir/x.db: cannot open: unable to open database file");
  sim_stats_fini(&s);
  unlink(path);
}
END_TEST

static int side_file(const char *suffix) {
  char f[96];
  snprintf(f, sizeof f, "%s%s", path, suffix);
  return access(f, F_OK) == 0;
}

/* Closing checkpoints: the file is left alone, in rollback-journal mode (so
 * read-only readers make no side files either) with every launch in it;
 * reopening turns WAL on again. With another connection open, closing
 * neither waits nor fails, and the file stays in WAL mode. */
START_TEST(test_close_checkpoints) {
  char err[256] = "";
  sim_stats s = sample();
  for (int round = 0; round < 2; round++) {
    sim_statsdb *db = sim_statsdb_open(path, err, sizeof err);
    ck_assert_msg(db != NULL, "%s", err);
    ck_assert_int_eq(sim_statsdb_write(db, &s, err, sizeof err), 2 * round + 1);
    ck_assert_int_eq(sim_statsdb_write(db, &s, err, sizeof err), 2 * round + 2);
    ck_assert(side_file("-wal"));
    sim_statsdb_close(db);
    ck_assert_msg(!side_file("-wal"), "round %d: -wal left", round);
    ck_assert_msg(!side_file("-shm"), "round %d: -shm left", round);
    sqlite3 *raw;
    ck_assert_int_eq(sqlite3_open_v2(path, &raw, SQLITE_OPEN_READONLY, NULL), SQLITE_OK);
    ck_assert_int_eq(q_int(raw, "SELECT count(*) FROM launches"), 2 * round + 2);
    ck_assert_int_eq(q_int(raw, "SELECT count(*) FROM line_stats"), 4 * round + 4);
    sqlite3_stmt *q;
    ck_assert_int_eq(sqlite3_prepare_v2(raw, "PRAGMA journal_mode", -1, &q, NULL), SQLITE_OK);
    ck_assert_int_eq(sqlite3_step(q), SQLITE_ROW);
    ck_assert_str_eq((const char *)sqlite3_column_text(q, 0), "delete");
    sqlite3_finalize(q);
    sqlite3_close(raw);
    ck_assert(!side_file("-wal") && !side_file("-shm"));
  }
  /* another connection open: the close leaves the checkpoint to it */
  sim_statsdb *db = sim_statsdb_open(path, err, sizeof err);
  ck_assert_msg(db != NULL, "%s", err);
  sqlite3 *raw;
  ck_assert_int_eq(sqlite3_open(path, &raw), SQLITE_OK);
  ck_assert_int_eq(q_int(raw, "SELECT count(*) FROM launches"), 4);
  ck_assert_int_eq(sim_statsdb_write(db, &s, err, sizeof err), 5);
  sim_statsdb_close(db);
  ck_assert_int_eq(q_int(raw, "SELECT count(*) FROM launches"), 5);
  sqlite3_close(raw);
  sim_stats_fini(&s);
  unlink(path);
}
END_TEST

/* Opens the file at `path` (upgrading it as the simulator does), appends s
 * as launch row `id`, closes it. */
static void write_row(const sim_stats *s, int id) {
  char err[256] = "";
  sim_statsdb *db = sim_statsdb_open(path, err, sizeof err);
  ck_assert_msg(db != NULL, "%s", err);
  ck_assert_int_eq(sim_statsdb_write(db, s, err, sizeof err), id);
  sim_statsdb_close(db);
}

/* A version 2 file (before the memory-hierarchy columns) is upgraded in
 * place: its rows stay, the new columns are NULL in them, new rows fill them. */
START_TEST(test_upgrade_from_v2) {
  sim_stats s = sample();
  write_row(&s, 1);
  sqlite3 *raw;
  ck_assert_int_eq(sqlite3_open(path, &raw), SQLITE_OK);
  const char *v3[] = {"l1_load_sectors", "l1_store_sectors", "l1_mshr_merges",
                      "l1_mshr_stall_cycles", "l2_read_sectors", "l2_write_sectors",
                      "l2_slice_max_requests", "l2_far_requests", "l2_atomic_ops",
                      "l2_atomic_cycles", "dram_row_hits", "dram_row_misses",
                      /* compute unit (issue #4) */
                      "icache_hits", "icache_misses", "stall_fetch", "reconvergences"};
  for (size_t i = 0; i < sizeof v3 / sizeof v3[0]; i++) {
    char sql[128];
    snprintf(sql, sizeof sql, "ALTER TABLE launches DROP COLUMN %s", v3[i]);
    ck_assert_int_eq(sqlite3_exec(raw, sql, NULL, NULL, NULL), SQLITE_OK);
  }
  ck_assert_int_eq(sqlite3_exec(raw, "ALTER TABLE line_stats DROP COLUMN divergent_branches", NULL, NULL, NULL),
                   SQLITE_OK);
  ck_assert_int_eq(sqlite3_exec(raw, "UPDATE schema_version SET version = 2", NULL, NULL, NULL), SQLITE_OK);
  write_row(&s, 2);
  ck_assert_int_eq(q_int(raw, "SELECT version FROM schema_version"), 4);
  ck_assert_int_eq(q_int(raw, "SELECT count(*) FROM launches WHERE dram_row_hits IS NULL"), 1);
  ck_assert_int_eq(q_int(raw, "SELECT dram_row_hits FROM launches WHERE id = 2"), 17);
  ck_assert_int_eq(q_int(raw, "SELECT l2_misses FROM launches WHERE id = 1"), 42);
  sqlite3_close(raw);
  sim_stats_fini(&s);
  unlink(path);
}
END_TEST

/* A file written before l2_far_requests joined the launches table gets
 * that column when opened; its row keeps NULL there. */
START_TEST(test_upgrade_v3_missing_column) {
  sim_stats s = sample();
  write_row(&s, 1);
  sqlite3 *raw;
  ck_assert_int_eq(sqlite3_open(path, &raw), SQLITE_OK);
  ck_assert_int_eq(
      sqlite3_exec(raw, "ALTER TABLE launches DROP COLUMN l2_far_requests", NULL, NULL, NULL),
      SQLITE_OK);
  s.l2_far_requests = 9;
  write_row(&s, 2);
  ck_assert_int_eq(q_int(raw, "SELECT version FROM schema_version"), 4);
  ck_assert_int_eq(q_int(raw, "SELECT count(*) FROM launches WHERE l2_far_requests IS NULL"), 1);
  ck_assert_int_eq(q_int(raw, "SELECT l2_far_requests FROM launches WHERE id = 2"), 9);
  sqlite3_close(raw);
  sim_stats_fini(&s);
  unlink(path);
}
END_TEST

/* A version 3 file (before sampled timing) gets the version 4 columns;
 * its rows read NULL there (not sampled), new rows fill them. */
START_TEST(test_upgrade_from_v3) {
  sim_stats s = sample();
  write_row(&s, 1);
  sqlite3 *raw;
  ck_assert_int_eq(sqlite3_open(path, &raw), SQLITE_OK);
  const char *v4[] = {"sampled", "sample_detailed_groups", "sample_simulated_cycles",
                      "sample_error_bound"};
  for (size_t i = 0; i < sizeof v4 / sizeof v4[0]; i++) {
    char sql[128];
    snprintf(sql, sizeof sql, "ALTER TABLE launches DROP COLUMN %s", v4[i]);
    ck_assert_int_eq(sqlite3_exec(raw, sql, NULL, NULL, NULL), SQLITE_OK);
  }
  ck_assert_int_eq(sqlite3_exec(raw, "UPDATE schema_version SET version = 3", NULL, NULL, NULL),
                   SQLITE_OK);
  s.sampled = 1;
  s.sample_detailed_groups = 640;
  s.sample_error_bound = 0.25;
  write_row(&s, 2);
  ck_assert_int_eq(q_int(raw, "SELECT version FROM schema_version"), 4);
  ck_assert_int_eq(q_int(raw, "SELECT count(*) FROM launches WHERE sampled IS NULL"), 1);
  ck_assert_int_eq(q_int(raw, "SELECT sample_detailed_groups FROM launches WHERE id = 2"), 640);
  ck_assert_int_eq(q_int(raw, "SELECT sample_error_bound * 100 FROM launches WHERE id = 2"), 25);
  sqlite3_close(raw);
  sim_stats_fini(&s);
  unlink(path);
}
END_TEST

int main(void) {
  Suite *s = suite_create("stats_db");
  TCase *tc = tcase_create("stats_db");
  tcase_add_checked_fixture(tc, setup, NULL);
  tcase_add_test(tc, test_round_trip);
  tcase_add_test(tc, test_upgrade_from_v2);
  tcase_add_test(tc, test_upgrade_v3_missing_column);
  tcase_add_test(tc, test_upgrade_from_v3);
  tcase_add_test(tc, test_close_checkpoints);
  suite_add_tcase(s, tc);
  return check_run(s);
}
