/* The `wavesim` command (cli/): help (whole and per command), config errors
 * before the program starts, running a program with a per-kernel summary and
 * its exit status passed on, `report` and `configs`. */
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
  ck_assert_str_eq(r.err, "wavesim: unknown command 'frobnicate' (commands: run, report, compile, "
                          "diff, replay, sweep, merge, configs; see wavesim --help)\n");
}
END_TEST

/* the help of one command, from the command table: `help CMD` and `CMD --help` */
START_TEST(help_per_command) {
  cli_result r;
  const char *forms[] = {"help run", "run --help", "run --db x.db -h"};
  for (size_t i = 0; i < sizeof forms / sizeof forms[0]; i++) {
    cli(&r, forms[i]);
    ck_assert_msg(r.status == 0, "%s: status %d", forms[i], r.status);
    ck_assert_msg(strstr(r.out, "wavesim run [options] -- PROGRAM") &&
                      strstr(r.out, "--check LIST"),
                  "%s: %s", forms[i], r.out);
    ck_assert_msg(!strstr(r.out, "wavesim report"), "%s shows other commands", forms[i]);
  }
  cli(&r, "report --help");
  ck_assert_int_eq(r.status, 0);
  ck_assert_ptr_nonnull(strstr(r.out, "wavesim report [--db FILE]"));
  ck_assert_ptr_null(strstr(r.out, "--check LIST"));
  cli(&r, "configs -h");
  ck_assert_int_eq(r.status, 0);
  ck_assert_ptr_nonnull(strstr(r.out, "List the preset device configurations."));
  cli(&r, "help frobnicate");
  ck_assert_int_eq(r.status, 2);
  ck_assert_ptr_nonnull(strstr(r.err, "unknown command 'frobnicate' (commands: run, report"));
  cli(&r, "configs extra");
  ck_assert_int_eq(r.status, 2);
  ck_assert_str_eq(r.err,
                   "wavesim configs: unexpected argument 'extra' (usage: wavesim configs)\n");
  /* after the program's name, --help is the program's */
  cli(&r, "run --db none " WAVESIM_TEST_APP " --help");
  ck_assert_ptr_null(strstr(r.out, "--check LIST"));
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
  /* a database of another program: a launches table without our columns */
  const char *db = temp_db();
  sqlite3 *s = NULL;
  ck_assert_int_eq(sqlite3_open(db, &s), SQLITE_OK);
  ck_assert_int_eq(sqlite3_exec(s,
                                "CREATE TABLE launches (id INTEGER, name TEXT);"
                                "INSERT INTO launches VALUES (1, 'x');",
                                NULL, NULL, NULL),
                   SQLITE_OK);
  sqlite3_close(s);
  char args[256];
  for (int lines = 0; lines < 2; lines++) {
    snprintf(args, sizeof args, "report --db %s%s", db, lines ? " --lines" : "");
    cli(&r, args);
    ck_assert_int_eq(r.status, 1);
    ck_assert_msg(strstr(r.err, "not a wavesim statistics database this version reads: no such "
                                "column") != NULL,
                  "%s", r.err);
  }
  unlink(db);
}
END_TEST

/* cycles of launch `id` in database db */
static long long db_cycles(const char *db, int id) {
  sqlite3 *s = NULL;
  sqlite3_stmt *q = NULL;
  long long c = -1;
  ck_assert_int_eq(sqlite3_open(db, &s), SQLITE_OK);
  ck_assert_int_eq(sqlite3_prepare_v2(s, "SELECT cycles FROM launches WHERE id = ?", -1, &q, NULL),
                   SQLITE_OK);
  sqlite3_bind_int(q, 1, id);
  if (sqlite3_step(q) == SQLITE_ROW) c = sqlite3_column_int64(q, 0);
  sqlite3_finalize(q);
  sqlite3_close(s);
  return c;
}

/* diff of two runs of one program on two configs: launches matched by
 * program, kernel and order, the metrics side by side, unmatched launches
 * named; then every bad input with its message */
START_TEST(diff_two_runs) {
  char a[64], b[64], args[512];
  snprintf(a, sizeof a, "%s", temp_db());
  snprintf(b, sizeof b, "%s", temp_db());
  cli_result r;
  snprintf(args, sizeof args, "run --quiet --db %s --set cu.count=2 -- %s", a, WAVESIM_TEST_APP);
  cli(&r, args);
  ck_assert_int_eq(r.status, 0);
  snprintf(args, sizeof args, "run --quiet --db %s --set cu.count=8 -- %s", b, WAVESIM_TEST_APP);
  cli(&r, args);
  ck_assert_int_eq(r.status, 0);
  snprintf(args, sizeof args, "diff %s %s", a, b);
  cli(&r, args);
  ck_assert_msg(r.status == 0, "%s", r.err);
  char cyc[128];
  snprintf(cyc, sizeof cyc, "  %-26s %16lld %16lld", "cycles", db_cycles(a, 1), db_cycles(b, 1));
  const char *want[] = {"A#1 ~ B#1: vadd (global 1024x1x1, local",
                        "A#2 ~ B#2: vadd",
                        cyc,
                        "  stall: memory",
                        "  L2 hit rate",
                        "  occupancy limiter",
                        "2 matched by program, kernel and order"};
  for (size_t i = 0; i < sizeof want / sizeof want[0]; i++)
    ck_assert_msg(strstr(r.out, want[i]) != NULL, "diff lacks '%s':\n%s", want[i], r.out);
  ck_assert_ptr_null(strstr(r.out, "only in"));
  /* two more launches in B: named as B's alone */
  snprintf(args, sizeof args, "run --quiet --db %s -- %s", b, WAVESIM_TEST_APP);
  cli(&r, args);
  snprintf(args, sizeof args, "diff %s %s --top 0", a, b);
  cli(&r, args);
  ck_assert_int_eq(r.status, 0);
  ck_assert_msg(strstr(r.out, "only in B (") && strstr(r.out, "): #3 vadd") &&
                    strstr(r.out, "): #4 vadd"),
                "%s", r.out);
  /* --by order: the k-th launches pair whatever they run */
  snprintf(args, sizeof args, "diff %s %s --by order", a, b);
  cli(&r, args);
  ck_assert_int_eq(r.status, 0);
  ck_assert_msg(strstr(r.out, "A#2 ~ B#2: vadd") && strstr(r.out, "2 matched by order"), "%s",
                r.out);
  snprintf(args, sizeof args, "diff %s %s --by name", a, b);
  cli(&r, args);
  ck_assert_int_eq(r.status, 2);
  ck_assert_ptr_nonnull(strstr(r.err, "--by name: use 'kernel'"));
  /* a database against itself: nothing moved */
  snprintf(args, sizeof args, "diff --all %s %s", a, a);
  cli(&r, args);
  ck_assert_int_eq(r.status, 0);
  ck_assert_msg(strstr(r.out, "every statistic is the same") &&
                    strstr(r.out, "no source line's cost changed"),
                "%s", r.out);
  /* bad inputs */
  cli(&r, "diff only-one.db");
  ck_assert_int_eq(r.status, 2);
  ck_assert_str_eq(r.err, "wavesim diff: two databases needed (usage: wavesim diff A.db B.db "
                          "[--all] [--top N] [--by kernel|order])\n");
  snprintf(args, sizeof args, "diff %s /nonexistent/b.db", a);
  cli(&r, args);
  ck_assert_int_eq(r.status, 1);
  ck_assert_str_eq(r.err, "wavesim diff: /nonexistent/b.db: no such statistics database\n");
  snprintf(args, sizeof args, "diff %s %s --frob", a, b);
  cli(&r, args);
  ck_assert_int_eq(r.status, 2);
  ck_assert_ptr_nonnull(strstr(r.err, "unknown option '--frob'"));
  snprintf(args, sizeof args, "diff %s %s --top x", a, b);
  cli(&r, args);
  ck_assert_int_eq(r.status, 2);
  ck_assert_ptr_nonnull(strstr(r.err, "--top x: expected a count"));
  /* not a database at all, and one of a newer schema */
  FILE *f = fopen(b, "w");
  ck_assert_ptr_nonnull(f);
  fputs("not sqlite, just text long enough to be looked at as a header....\n", f);
  fclose(f);
  snprintf(args, sizeof args, "diff %s %s", a, b);
  cli(&r, args);
  ck_assert_int_eq(r.status, 1);
  ck_assert_msg(strstr(r.err, "not a wavesim statistics database") ||
                    strstr(r.err, "file is not a database"),
                "%s", r.err);
  unlink(b);
  sqlite3 *s = NULL;
  ck_assert_int_eq(sqlite3_open(b, &s), SQLITE_OK);
  ck_assert_int_eq(sqlite3_exec(s,
                                "CREATE TABLE schema_version(version INTEGER);"
                                "INSERT INTO schema_version VALUES (99);"
                                "CREATE TABLE launches(id INTEGER PRIMARY KEY, kernel TEXT);",
                                NULL, NULL, NULL),
                   SQLITE_OK);
  sqlite3_close(s);
  cli(&r, args);
  ck_assert_int_eq(r.status, 1);
  ck_assert_msg(strstr(r.err, "schema version 99, newer than this wavesim reads") != NULL, "%s",
                r.err);
  unlink(a);
  unlink(b);
}
END_TEST

/* one SQL value of db as text ("" for none) */
static void db_text(const char *db, const char *sql, char *out, size_t len) {
  sqlite3 *s = NULL;
  sqlite3_stmt *q = NULL;
  out[0] = 0;
  ck_assert_int_eq(sqlite3_open(db, &s), SQLITE_OK);
  ck_assert_msg(sqlite3_prepare_v2(s, sql, -1, &q, NULL) == SQLITE_OK, "%s: %s", sql,
                sqlite3_errmsg(s));
  if (sqlite3_step(q) == SQLITE_ROW && sqlite3_column_text(q, 0))
    snprintf(out, len, "%s", (const char *)sqlite3_column_text(q, 0));
  sqlite3_finalize(q);
  sqlite3_close(s);
}

/* sweep prints one run per point (every combination), the commands run as
 * printed, merge makes one database with a column per key; --slurm; bad inputs */
START_TEST(sweep_and_merge) {
  char dir[] = "/tmp/wavesim-sweep-XXXXXX";
  ck_assert_ptr_nonnull(mkdtemp(dir));
  char args[4096], pts[64], got[256];
  snprintf(pts, sizeof pts, "%s/pts", dir);
  cli_result r;
  snprintf(args, sizeof args, "sweep --set cu.count=2,4 --set lds.banks=16,32 --db-dir %s -- %s",
           pts, WAVESIM_TEST_APP);
  cli(&r, args);
  ck_assert_msg(r.status == 0, "%s", r.err);
  int lines = 0;
  for (const char *p = r.out; (p = strchr(p, '\n')); p++) lines++;
  ck_assert_int_eq(lines, 4);
  char want[512];
  snprintf(want, sizeof want,
           " run --quiet --config default --set cu.count=4 --set lds.banks=32 "
           "--db %s/point-3.db -- %s\n",
           pts, WAVESIM_TEST_APP);
  ck_assert_msg(strstr(r.out, want) != NULL, "%s", r.out);
  /* run the points as printed */
  char script[128];
  snprintf(script, sizeof script, "%s/points.sh", dir);
  FILE *f = fopen(script, "w");
  ck_assert_ptr_nonnull(f);
  fputs(r.out, f);
  fclose(f);
  snprintf(args, sizeof args, "sh %s > /dev/null 2>&1", script);
  ck_assert_int_eq(system(args), 0);
  char all[128];
  snprintf(all, sizeof all, "%s/all.db", dir);
  snprintf(args, sizeof args,
           "merge --db %s %s/point-0.db %s/point-1.db %s/point-2.db %s/point-3.db", all, pts, pts,
           pts, pts);
  cli(&r, args);
  ck_assert_msg(r.status == 0, "%s", r.err);
  ck_assert_msg(strstr(r.out, "8 launches from 4 databases") &&
                    strstr(r.out, "key columns \"cu.count\", \"lds.banks\""),
                "%s", r.out);
  db_text(all, "SELECT COUNT(*) FROM launches WHERE \"cu.count\" = 4 AND \"lds.banks\" = 32", got,
          sizeof got);
  ck_assert_str_eq(got, "2");
  db_text(all, "SELECT COUNT(*) FROM sources", got, sizeof got);
  ck_assert_str_eq(got, "1"); /* one program, shared */
  db_text(all, "SELECT COUNT(DISTINCT launch_id) FROM line_stats", got, sizeof got);
  ck_assert_str_eq(got, "8");
  db_text(all, "SELECT source_db FROM launches WHERE id = 8", got, sizeof got);
  ck_assert_msg(strstr(got, "/pts/point-3.db") != NULL, "%s", got);
  db_text(all, "SELECT MIN(id) || '-' || MAX(id) FROM launches", got, sizeof got);
  ck_assert_str_eq(got, "1-8");
  /* merge's bad inputs */
  cli(&r, args);
  ck_assert_int_eq(r.status, 1);
  ck_assert_ptr_nonnull(strstr(r.err, "exists; merge writes a new database"));
  unlink(all);
  snprintf(args, sizeof args, "merge --db %s %s/nothere.db", all, pts);
  cli(&r, args);
  ck_assert_int_eq(r.status, 1);
  ck_assert_ptr_nonnull(strstr(r.err, "nothere.db: no such statistics database"));
  snprintf(args, sizeof args, "merge --db %s %s", all, script); /* a shell script */
  cli(&r, args);
  ck_assert_int_eq(r.status, 1);
  ck_assert_msg(strstr(r.err, "points.sh: ") != NULL, "%s", r.err);
  ck_assert_int_ne(access(all, F_OK), 0); /* nothing half-made left */
  cli(&r, "merge --db x.db");
  ck_assert_int_eq(r.status, 2);
  ck_assert_ptr_nonnull(strstr(r.err, "no input databases"));
  /* --slurm: an array job of the same commands */
  snprintf(args, sizeof args, "sweep --set cu.count=2,4 --db-dir %s --slurm -- %s 'a b'", pts,
           WAVESIM_TEST_APP);
  cli(&r, args);
  ck_assert_int_eq(r.status, 0);
  ck_assert_msg(strstr(r.out, "#SBATCH --array=0-1\n") && strstr(r.out, "  1) ") &&
                    strstr(r.out, " -- " WAVESIM_TEST_APP " 'a b' ;;\n") && strstr(r.out, "esac\n"),
                "%s", r.out);
  /* sweep's bad inputs: each point's config is checked first */
  const struct {
    const char *args, *err;
  } bad[] = {
      {"sweep --db-dir /tmp -- true", "no --set KEY=V1,V2,... to sweep"},
      {"sweep --set cu.count=2 -- true", "no --db-dir"},
      {"sweep --set cu.count=2 --db-dir /tmp",
       "no program (-- PROGRAM) or captured launch (--replay DIR/launch-N) given"},
      {"sweep --set cu.count --db-dir /tmp -- true", "expected KEY=V1,V2,..."},
      {"sweep --set cu.count=2 --set cu.count=4 --db-dir /tmp -- true", "key swept twice"},
      {"sweep --set cu.count=2,x --db-dir /tmp -- true", "point 1: --set: key 'cu.count' = 'x'"},
      {"sweep --set cu.cont=2 --db-dir /tmp -- true", "point 0: "},
      {"sweep --set cu.count=2 --db-dir /nonexistent/a/b -- true", "cannot create it"},
      {"sweep --frob --db-dir /tmp -- true", "unknown option '--frob'"},
  };
  for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
    cli(&r, bad[i].args);
    ck_assert_msg(r.status == 2 && strstr(r.err, bad[i].err), "%s: status %d, %s", bad[i].args,
                  r.status, r.err);
  }
  snprintf(args, sizeof args, "rm -rf %s", dir);
  ck_assert_int_eq(system(args), 0);
}
END_TEST

/* run --capture writes each launch; replay runs one alone on its config or
 * another and checks its outputs; a tampered output, a damaged or foreign
 * capture and bad options each say so */
START_TEST(capture_and_replay) {
  char dir[] = "/tmp/wavesim-capture-XXXXXX";
  ck_assert_ptr_nonnull(mkdtemp(dir));
  char args[1024], path[256];
  cli_result r;
  snprintf(args, sizeof args, "run --quiet --db none --capture %s/cap -- %s", dir,
           WAVESIM_TEST_APP);
  cli(&r, args);
  ck_assert_msg(r.status == 0, "%s", r.err);
  snprintf(path, sizeof path, "%s/cap/launch-0002/capture.txt", dir);
  ck_assert_msg(access(path, F_OK) == 0, "no %s", path);
  const char *configs[] = {"", "--config h100 --set cu.count=4", "--mode functional"};
  for (size_t i = 0; i < 3; i++) {
    snprintf(args, sizeof args, "replay %s/cap/launch-0002 --db none --quiet %s", dir, configs[i]);
    cli(&r, args);
    ck_assert_msg(r.status == 0 && strstr(r.out, "wavesim replay: vadd: 3 outputs equal the "
                                                 "captured run's"),
                  "%s: %d %s %s", configs[i], r.status, r.out, r.err);
  }
  /* a sweep over the capture: one replay per point, ready for a job engine,
   * each point's database recording its override */
  snprintf(args, sizeof args,
           "sweep --set cu.count=2,4 --db-dir %s/pts --replay %s/cap/launch-0002", dir, dir);
  cli(&r, args);
  ck_assert_msg(r.status == 0, "%s", r.err);
  ck_assert_msg(strstr(r.out, " replay --quiet --set cu.count=2 --db ") &&
                    strstr(r.out, "/pts/point-1.db ") && strstr(r.out, "/cap/launch-0002\n"),
                "%s", r.out);
  char *cmds = strdup(r.out);
  for (char *sv = NULL, *line = strtok_r(cmds, "\n", &sv); line; line = strtok_r(NULL, "\n", &sv))
    ck_assert_msg(system(line) == 0, "%s", line);
  free(cmds);
  snprintf(args, sizeof args, "merge --db %s/pts/all.db %s/pts/point-0.db %s/pts/point-1.db", dir,
           dir, dir);
  cli(&r, args);
  ck_assert_msg(r.status == 0 && (strstr(r.out, "key columns \"cu.count\"") ||
                                  strstr(r.err, "key columns \"cu.count\"")),
                "%d %s %s", r.status, r.out, r.err);
  snprintf(args, sizeof args, "sweep --set cu.count=2 --db-dir %s/pts --replay %s/nope -- app", dir,
           dir);
  cli(&r, args);
  ck_assert_int_eq(r.status, 2);
  ck_assert_ptr_nonnull(strstr(r.err, "a program and --replay given: sweep one or the other"));
  snprintf(args, sizeof args, "sweep --set cu.count=2 --db-dir %s/pts --replay %s/nope", dir, dir);
  cli(&r, args);
  ck_assert_int_eq(r.status, 2);
  ck_assert_msg(strstr(r.err, "--replay: ") && strstr(r.err, "nope/capture.txt"), "%s", r.err);
  /* the replay's launch is recorded like any run's, with the summary */
  snprintf(args, sizeof args, "replay %s/cap/launch-0001 --db %s/r.db", dir, dir);
  cli(&r, args);
  ck_assert_int_eq(r.status, 0);
  ck_assert_msg(strstr(r.err, "vadd") && strstr(r.err, "wavesim: 1 kernel launch"), "%s", r.err);
  /* a tampered output */
  snprintf(args, sizeof args,
           "printf '\\377' | dd of=%s/cap/launch-0001/out-2.bin bs=1 seek=5 "
           "conv=notrunc 2>/dev/null",
           dir);
  ck_assert_int_eq(system(args), 0);
  snprintf(args, sizeof args, "replay %s/cap/launch-0001 --db none --quiet", dir);
  cli(&r, args);
  ck_assert_int_eq(r.status, 1);
  ck_assert_msg(strstr(r.out, "argument 2 (buffer, 4096 bytes) differs from the captured run's, "
                              "first at byte 5"),
                "%s", r.out);
  /* damaged and foreign captures, bad options: a data file shorter than
   * capture.txt says, or missing, is found before anything runs */
  static const struct {
    const char *damage, *launch, *err;
  } damaged[] = {
      {"truncate -s 100 %s/cap/launch-0002/in-1.bin", "0002",
       "launch-0002/in-1.bin: 100 bytes, but capture.txt says argument 1 (buffer) has 4096 (a "
       "damaged capture?)"},
      {"rm %s/cap/launch-0001/out-0.bin", "0001",
       "out-0.bin: No such file or directory (a damaged capture?)"},
      {"rm %s/cap/launch-0002/in-0.bin", "0002",
       "in-0.bin: No such file or directory (a damaged capture?)"},
  };
  for (size_t i = 0; i < sizeof damaged / sizeof damaged[0]; i++) {
    snprintf(args, sizeof args, damaged[i].damage, dir);
    ck_assert_int_eq(system(args), 0);
    snprintf(args, sizeof args, "replay %s/cap/launch-%s --db none", dir, damaged[i].launch);
    cli(&r, args);
    ck_assert_msg(r.status == 2 && strstr(r.err, damaged[i].err), "%s: %d %s", damaged[i].damage,
                  r.status, r.err);
  }
  snprintf(args, sizeof args,
           "sed -i 's/^wavesim-capture 1/wavesim-capture 9/' "
           "%s/cap/launch-0002/capture.txt",
           dir);
  ck_assert_int_eq(system(args), 0);
  cli(&r, "replay /nonexistent/launch-0001");
  ck_assert_int_eq(r.status, 2);
  ck_assert_ptr_nonnull(strstr(r.err, "capture.txt: No such file or directory (give the directory "
                                      "of one captured launch"));
  snprintf(args, sizeof args, "replay %s/cap/launch-0002", dir);
  cli(&r, args);
  ck_assert_int_eq(r.status, 2);
  ck_assert_msg(strstr(r.err, "capture format version 9; this wavesim reads version 1"), "%s",
                r.err);
  snprintf(args, sizeof args, "echo 'kernel vadd' > %s/cap/launch-0002/capture.txt", dir);
  ck_assert_int_eq(system(args), 0);
  snprintf(args, sizeof args, "replay %s/cap/launch-0002", dir);
  cli(&r, args);
  ck_assert_int_eq(r.status, 2);
  ck_assert_ptr_nonnull(strstr(r.err, "not a wavesim capture"));
  snprintf(args, sizeof args, "replay %s/cap/launch-0001 --set cu.count=x", dir);
  cli(&r, args);
  ck_assert_int_eq(r.status, 2);
  ck_assert_ptr_nonnull(strstr(r.err, "cu.count"));
  cli(&r, "replay");
  ck_assert_int_eq(r.status, 2);
  ck_assert_ptr_nonnull(strstr(r.err, "no capture given"));
  snprintf(args, sizeof args, "rm -rf %s", dir);
  ck_assert_int_eq(system(args), 0);
}
END_TEST

/* The options run, sweep and replay share (cli/cli_runopts.c): --threads
 * passes WAVESIM_THREADS to the program as --sample passes WAVESIM_SAMPLE,
 * and is checked first; an option another command takes is unknown here;
 * replay takes one capture. */
START_TEST(shared_run_options) {
  cli_result r;
  cli(&r, "run --quiet --db none --threads 3 -- sh -c 'echo threads=$WAVESIM_THREADS'");
  ck_assert_msg(r.status == 0 && strcmp(r.out, "threads=3\n") == 0, "%d %s %s", r.status, r.out,
                r.err);
  const char *bad[] = {"0", "x", "-2", "", "4k"};
  for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
    char args[128], want[200];
    snprintf(args, sizeof args, "run --threads '%s' -- echo should-not-run", bad[i]);
    cli(&r, args);
    ck_assert_int_eq(r.status, 2);
    ck_assert_str_eq(r.out, "");
    snprintf(want, sizeof want,
             "wavesim run: --threads %s: expected a positive number of host threads (e.g. "
             "--threads 4)\n",
             bad[i]);
    ck_assert_str_eq(r.err, want);
  }
  cli(&r, "run --threads");
  ck_assert_int_eq(r.status, 2);
  ck_assert_str_eq(r.err, "wavesim run: missing value for '--threads' (see wavesim run --help)\n");
  cli(&r, "run --help");
  ck_assert_ptr_nonnull(strstr(r.out, "--threads N          host threads that simulate the "
                                      "compute units (default:\n"
                                      "                       the host's cores)"));
  cli(&r, "run --slurm -- true");
  ck_assert_int_eq(r.status, 2);
  ck_assert_str_eq(r.err, "wavesim run: unknown option '--slurm' (see wavesim run --help)\n");
  cli(&r, "sweep --sample --set cu.count=2 --db-dir /tmp -- true");
  ck_assert_int_eq(r.status, 2);
  ck_assert_str_eq(r.err, "wavesim sweep: unknown option '--sample' (see wavesim sweep --help)\n");
  cli(&r, "sweep --mode fast --set cu.count=2 --db-dir /tmp -- true");
  ck_assert_str_eq(r.err, "wavesim sweep: --mode fast: use 'timing' or 'functional'\n");
  cli(&r, "replay a b");
  ck_assert_int_eq(r.status, 2);
  ck_assert_str_eq(r.err, "wavesim replay: extra argument 'b' (see wavesim replay --help)\n");
  cli(&r, "replay --threads 0 a");
  ck_assert_int_eq(r.status, 2);
  ck_assert_ptr_nonnull(strstr(r.err, "wavesim replay: --threads 0: expected a positive number"));
  cli(&r, "replay --check speed a");
  ck_assert_int_eq(r.status, 2);
  ck_assert_ptr_nonnull(strstr(r.err, "wavesim replay: --check speed: unknown check 'speed'"));
}
END_TEST

static Suite *suite(void) {
  Suite *s = suite_create("cli");
  TCase *tc = tcase_create("core");
  tcase_set_timeout(tc, 120);
  tcase_add_test(tc, help);
  tcase_add_test(tc, help_per_command);
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
  tcase_add_test(tc, diff_two_runs);
  tcase_add_test(tc, sweep_and_merge);
  tcase_add_test(tc, capture_and_replay);
  tcase_add_test(tc, shared_run_options);
  suite_add_tcase(s, tc);
  return s;
}

int main(void) {
  return check_run(suite());
}
