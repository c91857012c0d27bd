/* The `wavesim` command: help, config errors before the program starts,
 * running a program with a per-kernel summary and its exit status passed
 * on, `report` and `configs`. */
#include <check.h>
#include <signal.h>
#include <sqlite3.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "check_run.h"

typedef struct cli_result {
  int status;
  char out[16384], err[16384];
} cli_result;

static void slurp(const char *path, char *buf, size_t len) {
  FILE *f = fopen(path, "r");
  size_t n = f ? fread(buf, 1, len - 1, f) : 0;
  buf[n] = 0;
  if (f) fclose(f);
  unlink(path);
}

/* Runs `wavesim ARGS` through the shell, capturing both streams. */
static void cli(cli_result *r, const char *args) {
  char out[] = "/tmp/wavesim-cli-out-XXXXXX", err[] = "/tmp/wavesim-cli-err-XXXXXX";
  close(mkstemp(out));
  close(mkstemp(err));
  char cmd[4096];
  snprintf(cmd, sizeof cmd, "%s %s >%s 2>%s", WAVESIM_TEST_CLI, args, out, err);
  int st = system(cmd);
  ck_assert(WIFEXITED(st));
  r->status = WEXITSTATUS(st);
  slurp(out, r->out, sizeof r->out);
  slurp(err, r->err, sizeof r->err);
}

static const char *temp_db(void) {
  static char db[64];
  snprintf(db, sizeof db, "/tmp/wavesim-cli-db-XXXXXX");
  close(mkstemp(db));
  unlink(db);
  return db;
}

START_TEST(help) {
  cli_result r;
  cli(&r, "--help");
  ck_assert_int_eq(r.status, 0);
  const char *want[] = {"wavesim run [options] -- PROGRAM",
                        "wavesim report",
                        "wavesim configs",
                        "--config NAME|FILE",
                        "--set KEY=VALUE",
                        "--db FILE",
                        "--mode",
                        "--check LIST",
                        "WAVESIM_CHECK",
                        "WAVESIM_CONFIG",
                        "WAVESIM_SET",
                        "WAVESIM_DB",
                        "WAVESIM_MODE",
                        "OCL_ICD_VENDORS"};
  for (size_t i = 0; i < sizeof want / sizeof want[0]; i++)
    ck_assert_msg(strstr(r.out, want[i]) != NULL, "help lacks '%s'", want[i]);
  cli(&r, "");
  ck_assert_int_eq(r.status, 2);
  cli(&r, "frobnicate");
  ck_assert_int_eq(r.status, 2);
  ck_assert_str_eq(r.err, "wavesim: unknown command 'frobnicate' (commands: run, report, configs; "
                          "see wavesim --help)\n");
}
END_TEST

START_TEST(config_errors_before_running) {
  cli_result r;
  cli(&r, "run --config nope -- echo should-not-run");
  ck_assert_int_eq(r.status, 2);
  ck_assert_str_eq(r.out, "");
  ck_assert_msg(strncmp(r.err, "wavesim: unknown config 'nope'", 30) == 0, "%s", r.err);
  cli(&r, "run --set cu.cuont=3 -- echo should-not-run");
  ck_assert_int_eq(r.status, 2);
  ck_assert_msg(strstr(r.err, "did you mean 'cu.count'") != NULL, "%s", r.err);
  /* a YAML file with a bad key: file:line */
  char yaml[] = "/tmp/wavesim-cli-cfg-XXXXXX";
  int fd = mkstemp(yaml);
  const char *text = "extends: default\ncu:\n  cuont: 3\n";
  ck_assert_int_eq(write(fd, text, strlen(text)), (ssize_t)strlen(text));
  close(fd);
  char args[256];
  snprintf(args, sizeof args, "run --config %s -- true", yaml);
  cli(&r, args);
  unlink(yaml);
  ck_assert_int_eq(r.status, 2);
  char where[128];
  snprintf(where, sizeof where, "%s:3", yaml);
  ck_assert_msg(strstr(r.err, where) != NULL, "%s", r.err);
  cli(&r, "run --mode fast -- true");
  ck_assert_int_eq(r.status, 2);
  ck_assert_str_eq(r.err, "wavesim run: --mode fast: use 'timing' or 'functional'\n");
  cli(&r, "run --check races,speed -- echo should-not-run");
  ck_assert_int_eq(r.status, 2);
  ck_assert_str_eq(r.out, "");
  ck_assert_str_eq(r.err,
                   "wavesim run: --check races,speed: unknown check 'speed' (valid: races, "
                   "uninit, all, benign, fatal, oob-fatal, none; separate several with commas)\n");
  cli(&r, "run --config");
  ck_assert_int_eq(r.status, 2);
  cli(&r, "run");
  ck_assert_int_eq(r.status, 2);
  ck_assert_msg(strstr(r.err, "no program given") != NULL, "%s", r.err);
}
END_TEST

START_TEST(run_prints_summary) {
  const char *db = temp_db();
  cli_result r;
  char args[512];
  snprintf(args, sizeof args, "run --db %s --set cu.count=4 -- %s", db, WAVESIM_TEST_APP);
  cli(&r, args);
  ck_assert_msg(r.status == 0, "status %d, stderr: %s", r.status, r.err);
  ck_assert_str_eq(r.out, "platform: wavesim\nrt_cli_app: ok\n");
  const char *want[] = {"kernel",    "cycles",
                        "time(us)",  "wave-insts",
                        "occupancy", "lds-conf",
                        "L1-hit",    "L2-hit",
                        "DRAM",      "vadd",
                        "1024",      "128",
                        "total",     "wavesim: 2 kernel launches, config "};
  for (size_t i = 0; i < sizeof want / sizeof want[0]; i++)
    ck_assert_msg(strstr(r.err, want[i]) != NULL, "summary lacks '%s':\n%s", want[i], r.err);
  /* a second run appends, and its summary shows only its own launches */
  snprintf(args, sizeof args, "run --quiet --db %s -- %s 3", db, WAVESIM_TEST_APP);
  cli(&r, args);
  ck_assert_int_eq(r.status, 3); /* the program's exit status */
  ck_assert_str_eq(r.err, "");
  snprintf(args, sizeof args, "report --db %s", db);
  cli(&r, args);
  ck_assert_int_eq(r.status, 0);
  ck_assert_msg(strstr(r.out, "wavesim: 4 kernel launches") != NULL, "%s", r.out);
  sqlite3 *s;
  ck_assert_int_eq(sqlite3_open(db, &s), SQLITE_OK);
  sqlite3_stmt *q;
  ck_assert_int_eq(
      sqlite3_prepare_v2(s, "SELECT COUNT(*) FROM launches WHERE kernel='vadd'", -1, &q, NULL),
      SQLITE_OK);
  ck_assert_int_eq(sqlite3_step(q), SQLITE_ROW);
  ck_assert_int_eq(sqlite3_column_int(q, 0), 4);
  sqlite3_finalize(q);
  sqlite3_close(s);
  unlink(db);
}
END_TEST

/* --sample: a launch of enough rounds (here one CU holding one group: a
 * round is one group, 8 groups are 8 rounds) is sampled, and the summary
 * says so with the estimate's bound, as `wavesim report` does later; the
 * program's second launch (4 groups of the runtime's 256) is timed in full. */
START_TEST(run_sampled_summary) {
  const char *db = temp_db();
  cli_result r;
  char args[768];
  snprintf(args, sizeof args,
           "run --sample --db %s --set cu.count=1 --set cu.max_workgroups=1 --set "
           "sample.min_rounds=4 --set sample.windows=2 --set sample.window_rounds=1 -- %s",
           db, WAVESIM_TEST_APP);
  cli(&r, args);
  ck_assert_msg(r.status == 0, "status %d, stderr: %s", r.status, r.err);
  ck_assert_msg(strstr(r.err, "(sampled \u00b1") != NULL, "summary lacks 'sampled':\n%s", r.err);
  snprintf(args, sizeof args, "report --db %s", db);
  cli(&r, args);
  ck_assert_int_eq(r.status, 0);
  ck_assert_msg(strstr(r.out, "(sampled \u00b1") != NULL, "%s", r.out);
  sqlite3 *s;
  ck_assert_int_eq(sqlite3_open(db, &s), SQLITE_OK);
  sqlite3_stmt *q;
  ck_assert_int_eq(sqlite3_prepare_v2(s,
                                      "SELECT group_concat(workgroups || ':' || sampled || ':' || "
                                      "sample_detailed_groups) FROM launches",
                                      -1, &q, NULL),
                   SQLITE_OK);
  ck_assert_int_eq(sqlite3_step(q), SQLITE_ROW);
  ck_assert_str_eq((const char *)sqlite3_column_text(q, 0), "8:1:4,4:0:0");
  sqlite3_finalize(q);
  /* one-group windows: their rate runs to the next group's placement, so
   * the skipped groups cost time (the estimate exceeds what was simulated) */
  ck_assert_int_eq(sqlite3_prepare_v2(s,
                                      "SELECT cycles > sample_simulated_cycles + 1000 FROM "
                                      "launches WHERE sampled = 1",
                                      -1, &q, NULL),
                   SQLITE_OK);
  ck_assert_int_eq(sqlite3_step(q), SQLITE_ROW);
  ck_assert_int_eq(sqlite3_column_int(q, 0), 1);
  sqlite3_finalize(q);
  sqlite3_close(s);
  unlink(db);
}
END_TEST

/* --db none: the summary is printed all the same, and no database is left
 * behind, neither in the working directory nor in TMPDIR. */
START_TEST(run_without_db) {
  char dir[] = "/tmp/wavesim-cli-nodb-XXXXXX", tmp[] = "/tmp/wavesim-cli-tmp-XXXXXX";
  ck_assert_ptr_nonnull(mkdtemp(dir));
  ck_assert_ptr_nonnull(mkdtemp(tmp));
  cli_result r;
  char args[1024];
  /* cli() prefixes the command and redirects the last one: run that in the
   * empty directories */
  snprintf(args, sizeof args, "--help >/dev/null; cd %s && TMPDIR=%s %s run --db none -- %s", dir,
           tmp, WAVESIM_TEST_CLI, WAVESIM_TEST_APP);
  cli(&r, args);
  ck_assert_msg(r.status == 0, "status %d, stderr: %s", r.status, r.err);
  ck_assert_msg(strstr(r.err, "wavesim: 2 kernel launches, config ") != NULL, "%s", r.err);
  ck_assert_msg(strstr(r.err, "vadd") != NULL, "%s", r.err);
  ck_assert_int_eq(rmdir(dir), 0); /* empty: no wavesim-stats.db */
  ck_assert_int_eq(rmdir(tmp), 0); /* empty: the private database went too */
}
END_TEST

/* Repeated --config: one device per config, named in the summary; a bad
 * entry fails before the program runs. */
START_TEST(run_several_configs) {
  const char *db = temp_db();
  cli_result r;
  char args[512];
  snprintf(args, sizeof args, "run --db %s --config teaching --config gcn -- %s", db,
           WAVESIM_TEST_APP);
  cli(&r, args);
  ck_assert_msg(r.status == 0, "status %d, stderr: %s", r.status, r.err);
  /* rt_cli_app uses the first GPU: both launches ran on 'teaching'. */
  ck_assert_msg(strstr(r.err, "wavesim: 2 kernel launches, config teaching, ") != NULL, "%s",
                r.err);
  unlink(db);
  snprintf(args, sizeof args, "run --db %s --config teaching --config nope -- echo no", db);
  cli(&r, args);
  ck_assert_int_eq(r.status, 2);
  ck_assert_str_eq(r.out, "");
  ck_assert_msg(strncmp(r.err, "wavesim: unknown config 'nope'", 30) == 0, "%s", r.err);
  cli(&r, "run --config '' -- echo no");
  ck_assert_int_eq(r.status, 2);
  ck_assert_str_eq(r.err, "wavesim run: --config '': expected a preset name or a YAML file\n");
}
END_TEST

START_TEST(run_missing_program_and_signals) {
  const char *db = temp_db();
  cli_result r;
  char args[512];
  snprintf(args, sizeof args, "run --db %s -- /nonexistent/app", db);
  cli(&r, args);
  ck_assert_int_eq(r.status, 127);
  ck_assert_msg(strstr(r.err, "wavesim: cannot run '/nonexistent/app': No such file or directory"),
                "%s", r.err);
  ck_assert_msg(strstr(r.err, "no kernel launches recorded"), "%s", r.err);
  snprintf(args, sizeof args, "run --quiet --db %s -- sh -c 'kill -TERM $$'", db);
  cli(&r, args);
  ck_assert_int_eq(r.status, 128 + 15);
  ck_assert_str_eq(r.err, "wavesim: sh was killed by signal 15\n");
  unlink(db);
}
END_TEST

static int exists(const char *db, const char *suffix) {
  char f[128];
  struct stat st;
  snprintf(f, sizeof f, "%s%s", db, suffix);
  return stat(f, &st) == 0;
}

/* Opens db, checks it, and returns its vadd launch rows that have cycles
 * and line rows. */
static int finished_launches(const char *db) {
  sqlite3 *s;
  ck_assert_int_eq(sqlite3_open(db, &s), SQLITE_OK);
  sqlite3_stmt *q;
  ck_assert_int_eq(sqlite3_prepare_v2(s, "PRAGMA integrity_check", -1, &q, NULL), SQLITE_OK);
  ck_assert_int_eq(sqlite3_step(q), SQLITE_ROW);
  ck_assert_str_eq((const char *)sqlite3_column_text(q, 0), "ok");
  sqlite3_finalize(q);
  ck_assert_int_eq(sqlite3_prepare_v2(s,
                                      "SELECT COUNT(*) FROM launches WHERE kernel='vadd' AND "
                                      "cycles > 0 AND id IN (SELECT launch_id FROM line_stats)",
                                      -1, &q, NULL),
                   SQLITE_OK);
  ck_assert_int_eq(sqlite3_step(q), SQLITE_ROW);
  int n = sqlite3_column_int(q, 0);
  sqlite3_finalize(q);
  sqlite3_close(s);
  return n;
}

/* A program killed between kernels leaves a valid database holding every
 * kernel that finished (one transaction per launch, WAL mode). */
START_TEST(killed_program_keeps_finished_launches) {
  const char *db = temp_db();
  cli_result r;
  char args[512];
  snprintf(args, sizeof args, "run --quiet --db %s -- %s kill", db, WAVESIM_TEST_APP);
  cli(&r, args);
  ck_assert_int_eq(r.status, 128 + 9);
  ck_assert_msg(strstr(r.err, "killed by signal 9"), "%s", r.err);
  ck_assert_int_eq(finished_launches(db), 2);
  unlink(db);
  char side[128]; /* what the killed program left, if the reader did not remove it */
  snprintf(side, sizeof side, "%s-wal", db);
  unlink(side);
  snprintf(side, sizeof side, "%s-shm", db);
  unlink(side);
}
END_TEST

/* Starts rt_cli_app ARG through the ICD loader with WAVESIM_DB=db, its
 * stdout on *out. */
static pid_t start_app(const char *db, const char *arg, int *out) {
  int fds[2];
  ck_assert_int_eq(pipe(fds), 0);
  pid_t pid = fork();
  ck_assert_int_ge(pid, 0);
  if (pid == 0) {
    dup2(fds[1], 1);
    close(fds[0]);
    close(fds[1]);
    setenv("OCL_ICD_VENDORS", WAVESIM_TEST_VENDORS_DIR, 1);
    setenv("WAVESIM_DB", db, 1);
    execl(WAVESIM_TEST_APP, WAVESIM_TEST_APP, arg, (char *)NULL);
    _exit(127);
  }
  close(fds[1]);
  *out = fds[0];
  return pid;
}

/* A program that exits normally, whether or not it released its OpenCL
 * objects, leaves the database self-contained: no -wal or -shm beside it,
 * every launch in it, and no side file appears when it is read. */
START_TEST(normal_exit_leaves_no_side_files) {
  const char *args[] = {"0", "leak"};
  for (int i = 0; i < 2; i++) {
    const char *db = temp_db();
    int out;
    pid_t pid = start_app(db, args[i], &out);
    int st;
    ck_assert_int_eq(waitpid(pid, &st, 0), pid);
    close(out);
    ck_assert_msg(WIFEXITED(st) && WEXITSTATUS(st) == 0, "%s: status %d", args[i], st);
    ck_assert_msg(exists(db, ""), "%s: no database", args[i]);
    ck_assert_msg(!exists(db, "-wal"), "%s: -wal left beside the database", args[i]);
    ck_assert_msg(!exists(db, "-shm"), "%s: -shm left beside the database", args[i]);
    /* read-only, as `wavesim report` reads it: no side files either */
    sqlite3 *s;
    ck_assert_int_eq(sqlite3_open_v2(db, &s, SQLITE_OPEN_READONLY, NULL), SQLITE_OK);
    ck_assert_int_eq(sqlite3_exec(s, "SELECT COUNT(*) FROM launches", NULL, NULL, NULL), SQLITE_OK);
    ck_assert(!exists(db, "-wal") && !exists(db, "-shm"));
    sqlite3_close(s);
    ck_assert_int_eq(finished_launches(db), 2);
    unlink(db);
  }
}
END_TEST

/* SIGKILL from outside between kernels (the program has finished two
 * launches and waits): the write-ahead log is still there, and SQLite
 * recovers every finished launch from it. */
START_TEST(sigkill_between_kernels_keeps_finished_launches) {
  const char *db = temp_db();
  int out;
  pid_t pid = start_app(db, "wait", &out);
  FILE *f = fdopen(out, "r");
  char line[128];
  int ready = 0;
  while (!ready && fgets(line, sizeof line, f)) ready = strcmp(line, "ready\n") == 0;
  fclose(f);
  ck_assert_msg(ready, "rt_cli_app wait did not get ready");
  ck_assert_int_eq(kill(pid, SIGKILL), 0);
  int st;
  ck_assert_int_eq(waitpid(pid, &st, 0), pid);
  ck_assert(WIFSIGNALED(st) && WTERMSIG(st) == SIGKILL);
  ck_assert_msg(exists(db, "-wal"), "the killed program left no -wal: was it checkpointed?");
  ck_assert_int_eq(finished_launches(db), 2);
  unlink(db);
  char side[128];
  snprintf(side, sizeof side, "%s-wal", db);
  unlink(side);
  snprintf(side, sizeof side, "%s-shm", db);
  unlink(side);
}
END_TEST

START_TEST(configs_and_report_errors) {
  cli_result r;
  cli(&r, "configs");
  ck_assert_int_eq(r.status, 0);
  ck_assert_msg(strstr(r.out, "\n  default ") != NULL, "%s", r.out);
  cli(&r, "report --db /nonexistent/x.db");
  ck_assert_int_eq(r.status, 0);
  ck_assert_str_eq(r.out,
                   "wavesim: no kernel launches recorded (/nonexistent/x.db does not exist)\n");
  cli(&r, "report --bogus");
  ck_assert_int_eq(r.status, 2);
}
END_TEST

static Suite *suite(void) {
  Suite *s = suite_create("rt_cli");
  TCase *tc = tcase_create("core");
  tcase_set_timeout(tc, 120);
  tcase_add_test(tc, help);
  tcase_add_test(tc, config_errors_before_running);
  tcase_add_test(tc, run_prints_summary);
  tcase_add_test(tc, run_sampled_summary);
  tcase_add_test(tc, run_without_db);
  tcase_add_test(tc, run_several_configs);
  tcase_add_test(tc, run_missing_program_and_signals);
  tcase_add_test(tc, killed_program_keeps_finished_launches);
  tcase_add_test(tc, normal_exit_leaves_no_side_files);
  tcase_add_test(tc, sigkill_between_kernels_keeps_finished_launches);
  tcase_add_test(tc, configs_and_report_errors);
  suite_add_tcase(s, tc);
  return s;
}

int main(void) {
  return check_run(suite());
}
