/* `wavesim run`: an unmodified OpenCL program with wavesim as its only
 * platform (a private ICD vendors directory, the options passed down as
 * WAVESIM_* variables), then the summary of the launches it made. */
#include <errno.h>
#include <limits.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "cfg.h"
#include "cli.h"
#include "cli_runopts.h"

const char cli_run_details[] =
    "run options:\n"
    "  --config NAME|FILE   device config: a preset name (see `wavesim configs`) or\n"
    "                       a YAML file (default: the preset 'default'); repeat it\n"
    "                       (or give NAME,NAME) for one device per config\n"
    "  --set KEY=VALUE      override one config key, e.g. --set cu.count=8 (repeatable)\n"
    "  --db FILE            statistics database (default: $WAVESIM_DB, else\n"
    "                       ./wavesim-stats.db); launches are appended, one\n"
    "                       transaction per kernel; 'none' keeps no database\n"
    "                       (the summary is still printed)\n"
    "  --mode timing|functional\n"
    "                       functional skips the timing model: results and an\n"
    "                       issue-bound cycle estimate (no stalls, no memory model)\n"
    "  --threads N          host threads that simulate the compute units (default:\n"
    "                       the host's cores)\n"
    "  --sample             sampled timing: a launch of many work-groups (at least\n"
    "                       sample.min_rounds device-fulls) times a few windows of\n"
    "                       them in detail and runs the rest functionally; cycles\n"
    "                       are then an estimate with an error bound (buffers stay\n"
    "                       exact; timing mode only, off with --check or --trace)\n"
    "  --check LIST         correctness checks, comma-separated: races (data races\n"
    "                       on __local and global memory), uninit (reads of\n"
    "                       __local/private bytes nobody wrote), all (both),\n"
    "                       benign (also same-value write-write races), fatal (a\n"
    "                       report fails the launch, an out-of-bounds access\n"
    "                       faults it), oob-fatal (only the latter; by default\n"
    "                       such an access is reported and reads zeros / is\n"
    "                       dropped, as on GPUs); reports go to stderr\n"
    "  --quiet              print neither the summary nor the progress line (on a\n"
    "                       terminal, a launch running over 3 s shows one on stderr:\n"
    "                       work-groups done, cycles, rate, time left)\n"
    "  --lines              after the summary, print each launch's hottest source lines\n"
    "  --top N              source lines per launch for --lines (default 10, 0: all)\n"
    "  --trace FILE         write a timeline of work-groups, waves and barriers as\n"
    "                       Chrome trace-event JSON (open in ui.perfetto.dev or\n"
    "                       chrome://tracing; timing mode only)\n"
    "\n"
    "environment (set by `wavesim run`; usable directly with OCL_ICD_VENDORS):\n"
    "  WAVESIM_CONFIG       preset name or YAML path; several, comma-separated:\n"
    "                       one device each\n"
    "  WAVESIM_SET          overrides, \"key=value;key=value\"\n"
    "  WAVESIM_MODE         timing (default) or functional\n"
    "  WAVESIM_SAMPLE       1: sampled timing (what --sample sets), 0: full timing\n"
    "  WAVESIM_THREADS      host threads that simulate the compute units (what\n"
    "                       --threads sets)\n"
    "  WAVESIM_CHECK        correctness checks (what --check sets)\n"
    "  WAVESIM_DB           statistics database path ('none' disables it)\n"
    "  WAVESIM_REPORT       also append a one-line summary per launch to this file\n"
    "  WAVESIM_TRACE        timeline trace file (what --trace sets)\n"
    "  WAVESIM_PROGRESS     seconds before a launch shows its progress line on a\n"
    "                       terminal (default 3, 0: at once), or off (what --quiet sets)\n"
    "  WAVESIM_CONFIG_DIR   where presets are looked up\n"
    "  OCL_ICD_VENDORS      the ICD loader's vendors directory (wavesim run points it\n"
    "                       at a temporary one holding wavesim.icd)\n";

/* what `wavesim run` takes of the shared options (cli_runopts.h) */
#define CLI_RUN_TAKES                                                                              \
  (CLI_RO_CONFIG_LIST | CLI_RO_SET | CLI_RO_DB | CLI_RO_MODE | CLI_RO_CHECK | CLI_RO_QUIET |       \
   CLI_RO_SAMPLE | CLI_RO_THREADS | CLI_RO_LINES | CLI_RO_TRACE | CLI_RO_CAPTURE | CLI_RO_PROGRAM)

int cli_cmd_run(int argc, char **argv) {
  cli_runopts o;
  int parsed = cli_runopts_parse("run", CLI_RUN_TAKES, argc, argv, &o);
  if (parsed != 0) return parsed < 0 ? 2 : 0; /* 1: --help was printed */
  if (!o.program) {
    fprintf(stderr, "wavesim run: no program given (usage: " CLI_RUN_SYNOPSIS ")\n");
    return 2;
  }
  /* the presets' directory: exported for the program's runtime, passed to cfg_load here */
  cli_export_config_dir();
  char dirbuf[PATH_MAX];
  const char *presets = cli_config_dir(dirbuf, sizeof dirbuf);

  /* Check the config here, so a typo fails now with file:line, not inside
   * the program's first clGetDeviceIDs. */
  const char *config = o.config[0] ? o.config : getenv("WAVESIM_CONFIG");
  if (!config || !*config) config = "default";
  /* Without --set, overrides already in WAVESIM_SET apply (and are checked). */
  char envsets[4096] = "";
  const char *env = getenv("WAVESIM_SET");
  if (o.nsets == 0 && env && *env) {
    snprintf(envsets, sizeof envsets, "%s", env);
    for (char *t = strtok(envsets, ";\n"); t && o.nsets < CLI_MAX_SETS; t = strtok(NULL, ";\n")) {
      while (*t == ' ') t++;
      if (*t) o.sets[o.nsets++] = t;
    }
  }
  /* Each entry of a comma-separated list is one device (as the library reads it). */
  char err[1024], names[4096];
  snprintf(names, sizeof names, "%s", config);
  char *save = NULL;
  for (char *name = strtok_r(names, ",", &save); name; name = strtok_r(NULL, ",", &save)) {
    while (*name == ' ') name++;
    size_t n = strlen(name);
    while (n && name[n - 1] == ' ') name[--n] = 0;
    if (!*name) continue;
    cfg_device cfg;
    if (cfg_load(presets, name, o.sets, o.nsets, &cfg, err, sizeof err) != 0) {
      fprintf(stderr, "wavesim: %s\n", err);
      return 2;
    }
    cfg_fini(&cfg);
  }

  char lib[PATH_MAX];
  if (cli_find_library(lib, sizeof lib) != 0) {
    fprintf(stderr,
            "wavesim: cannot find %s next to this executable or at %s; rebuild or "
            "reinstall wavesim\n",
            CLI_LIB_NAME, WAVESIM_ICD_INSTALL_PATH);
    return 2;
  }
  char vdir[PATH_MAX], icd[PATH_MAX + 16];
  if (cli_make_vendors(lib, vdir, sizeof vdir, icd, sizeof icd) != 0) {
    fprintf(stderr, "wavesim: cannot create a temporary vendors directory: %s (set TMPDIR)\n",
            strerror(errno));
    return 2;
  }
  /* --db, else the environment's WAVESIM_DB, else ./wavesim-stats.db; 'none'
   * keeps nothing: the summary is read from a database in the private
   * vendors directory, removed with it */
  const char *dbname = o.db ? o.db : getenv("WAVESIM_DB");
  const int keep_db = !dbname || strcmp(dbname, "none") != 0;
  if (!dbname || !*dbname) dbname = "wavesim-stats.db";
  char db[PATH_MAX];
  int64_t before = -1;
  if (keep_db ? cli_absolute(dbname, db, sizeof db) != 0
              : cli_fmt(db, sizeof db, "%s/stats.db", vdir) != 0)
    snprintf(err, sizeof err, "cannot resolve the database path: %s", strerror(errno));
  else
    before = cli_db_last_id(db, err, sizeof err);
  if (before < 0) {
    fprintf(stderr, "wavesim: %s\n", err);
    cli_remove_vendors(vdir, icd, keep_db ? NULL : db);
    return 2;
  }

  setenv("OCL_ICD_VENDORS", vdir, 1);
  setenv("OPENCL_VENDOR_PATH", vdir, 1); /* the Khronos loader's name for it */
  setenv("WAVESIM_CONFIG", config, 1);
  setenv("WAVESIM_DB", db, 1);
  if (o.mode) setenv("WAVESIM_MODE", o.mode, 1);
  if (o.check) setenv("WAVESIM_CHECK", o.check, 1);
  if (o.quiet) setenv("WAVESIM_PROGRESS", "off", 1);
  if (o.sample) setenv("WAVESIM_SAMPLE", "1", 1);
  if (o.threads) setenv("WAVESIM_THREADS", o.threads, 1);
  char trace[PATH_MAX];
  if (o.trace) {
    if (cli_absolute(o.trace, trace, sizeof trace) != 0) {
      fprintf(stderr, "wavesim: cannot resolve the trace path: %s\n", strerror(errno));
      cli_remove_vendors(vdir, icd, keep_db ? NULL : db);
      return 2;
    }
    setenv("WAVESIM_TRACE", trace, 1);
  }
  if (o.trace_detail) setenv("WAVESIM_TRACE_DETAIL", o.trace_detail, 1);
  if (o.capture) {
    char cap[PATH_MAX];
    if (cli_absolute(o.capture, cap, sizeof cap) != 0) {
      fprintf(stderr, "wavesim: cannot resolve the capture directory: %s\n", strerror(errno));
      cli_remove_vendors(vdir, icd, keep_db ? NULL : db);
      return 2;
    }
    setenv("WAVESIM_CAPTURE", cap, 1);
  }
  if (o.nsets) {
    char *joined = cli_runopts_sets(&o);
    if (joined) setenv("WAVESIM_SET", joined, 1);
    free(joined);
  }

  fflush(NULL);
  pid_t pid = fork();
  if (pid < 0) {
    fprintf(stderr, "wavesim: fork: %s\n", strerror(errno));
    cli_remove_vendors(vdir, icd, keep_db ? NULL : db);
    return 2;
  }
  if (pid == 0) {
    execvp(o.program[0], o.program);
    fprintf(stderr, "wavesim: cannot run '%s': %s\n", o.program[0], strerror(errno));
    _exit(127);
  }
  /* Ctrl-C goes to the program; we stay to report what it finished. */
  struct sigaction ign = {0}, old_int, old_quit;
  ign.sa_handler = SIG_IGN;
  sigaction(SIGINT, &ign, &old_int);
  sigaction(SIGQUIT, &ign, &old_quit);
  int status = 0;
  while (waitpid(pid, &status, 0) < 0 && errno == EINTR) {
  }
  sigaction(SIGINT, &old_int, NULL);
  sigaction(SIGQUIT, &old_quit, NULL);

  int rc;
  if (WIFEXITED(status)) {
    rc = WEXITSTATUS(status);
  } else {
    rc = 128 + (WIFSIGNALED(status) ? WTERMSIG(status) : 0);
    fprintf(stderr, "wavesim: %s was killed by signal %d\n", o.program[0],
            WIFSIGNALED(status) ? WTERMSIG(status) : 0);
  }
  if (!o.quiet) {
    fflush(stdout);
    if (cli_report(stderr, db, keep_db, before, 0, err, sizeof err) < 0)
      fprintf(stderr, "wavesim: %s\n", err);
  }
  if (o.lines && cli_report_lines(stderr, db, before, 0, (int)o.top, err, sizeof err) < 0)
    fprintf(stderr, "wavesim: %s\n", err);
  if (o.trace && !o.quiet)
    fprintf(stderr, "wavesim: timeline in %s (open in https://ui.perfetto.dev)\n", trace);
  cli_remove_vendors(vdir, icd, keep_db ? NULL : db);
  return rc;
}
