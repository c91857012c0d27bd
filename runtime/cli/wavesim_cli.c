/* The `wavesim` command: `run` an unmodified OpenCL program on the simulated
 * device (through a private ICD vendors directory), `report` a database, list
 * `configs`. */
#include <dirent.h>
#include <errno.h>
#include <limits.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "cfg.h"
#include "cli.h"
#include "sim_check.h"

#define CLI_MAX_SETS 256
#define CLI_LIB_NAME "libwavesim.so"

static void cli_usage(FILE *f) {
  fputs("wavesim: a cycle-approximate GPU simulator for unmodified OpenCL programs\n"
        "\n"
        "usage:\n"
        "  wavesim run [options] -- PROGRAM [ARGS...]\n"
        "      Run PROGRAM with wavesim as its only OpenCL platform, then print a\n"
        "      per-kernel summary (cycles, time, instructions, occupancy, LDS bank\n"
        "      conflicts, cache hit rates, DRAM traffic). Exits with PROGRAM's status.\n"
        "  wavesim report [--db FILE] [--lines] [--top N] [--launch N]\n"
        "      Print the summary of every launch recorded in a statistics database\n"
        "      (--launch: only launch N); --lines adds each launch's hottest source\n"
        "      lines (instructions, stall cycles, LDS conflicts, memory requests, text).\n"
        "  wavesim configs\n"
        "      List the preset device configurations.\n"
        "  wavesim --help\n"
        "\n"
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
        "  --quiet              do not print the summary\n"
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
        "  WAVESIM_CHECK        correctness checks (what --check sets)\n"
        "  WAVESIM_DB           statistics database path ('none' disables it)\n"
        "  WAVESIM_REPORT       also append a one-line summary per launch to this file\n"
        "  WAVESIM_TRACE        timeline trace file (what --trace sets)\n"
        "  WAVESIM_CONFIG_DIR   where presets are looked up\n"
        "  OCL_ICD_VENDORS      the ICD loader's vendors directory (wavesim run points it\n"
        "                       at a temporary one holding wavesim.icd)\n",
        f);
}

/* snprintf for paths: -1 when the result did not fit. */
static int cli_fmt(char *out, size_t len, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  int n = vsnprintf(out, len, fmt, ap);
  va_end(ap);
  return n < 0 || (size_t)n >= len ? -1 : 0;
}

static int cli_is_file(const char *p) {
  struct stat st;
  return stat(p, &st) == 0 && S_ISREG(st.st_mode);
}

static int cli_is_dir(const char *p) {
  struct stat st;
  return stat(p, &st) == 0 && S_ISDIR(st.st_mode);
}

/* Directory holding this executable, from /proc/self/exe. */
static int cli_exe_dir(char *buf, size_t len) {
  ssize_t n = readlink("/proc/self/exe", buf, len - 1);
  if (n <= 0) return -1;
  buf[n] = 0;
  char *slash = strrchr(buf, '/');
  if (!slash) return -1;
  *slash = 0;
  return 0;
}

/* libwavesim.so: next to the executable (build tree), in ../<libdir> (an
 * install), else the paths fixed at configure time. */
static int cli_find_library(char *out, size_t len) {
  char dir[PATH_MAX];
  if (cli_exe_dir(dir, sizeof dir) == 0) {
    if (cli_fmt(out, len, "%s/%s", dir, CLI_LIB_NAME) == 0 && cli_is_file(out)) return 0;
    if (cli_fmt(out, len, "%s/../%s/%s", dir, WAVESIM_LIBDIR_REL, CLI_LIB_NAME) == 0 &&
        cli_is_file(out)) {
      char real[PATH_MAX];
      if (realpath(out, real)) cli_fmt(out, len, "%s", real);
      return 0;
    }
  }
  const char *fixed[] = {WAVESIM_ICD_BUILD_PATH, WAVESIM_ICD_INSTALL_PATH};
  for (size_t i = 0; i < 2; i++) {
    snprintf(out, len, "%s", fixed[i]);
    if (cli_is_file(out)) return 0;
  }
  return -1;
}

/* Presets live in WAVESIM_CONFIG_DIR, else the source tree, else the
 * installed share/wavesim/configs (exported so the library agrees). */
static const char *cli_config_dir(char *buf, size_t len) {
  const char *env = getenv("WAVESIM_CONFIG_DIR");
  if (env && *env) return env;
  if (cli_is_dir(WAVESIM_CONFIG_SOURCE_DIR)) return WAVESIM_CONFIG_SOURCE_DIR;
  char dir[PATH_MAX];
  if (cli_exe_dir(dir, sizeof dir) == 0) {
    if (cli_fmt(buf, len, "%s/../share/wavesim/configs", dir) == 0 && cli_is_dir(buf)) return buf;
  }
  return WAVESIM_CONFIG_INSTALL_DIR;
}

static void cli_export_config_dir(void) {
  char buf[PATH_MAX];
  const char *d = cli_config_dir(buf, sizeof buf);
  setenv("WAVESIM_CONFIG_DIR", d, 0);
}

static int cli_absolute(const char *path, char *out, size_t len) {
  if (path[0] == '/') {
    snprintf(out, len, "%s", path);
    return 0;
  }
  char cwd[PATH_MAX];
  if (!getcwd(cwd, sizeof cwd)) return -1;
  return cli_fmt(out, len, "%s/%s", cwd, path);
}

static int cli_configs(void) {
  char buf[PATH_MAX];
  const char *dir = cli_config_dir(buf, sizeof buf);
  DIR *d = opendir(dir);
  if (!d) {
    fprintf(stderr, "wavesim: cannot list presets in %s: %s (set WAVESIM_CONFIG_DIR)\n", dir,
            strerror(errno));
    return 2;
  }
  char *names[128];
  size_t n = 0;
  struct dirent *de;
  while ((de = readdir(d)) && n < 128) {
    size_t l = strlen(de->d_name);
    if (l > 5 && strcmp(de->d_name + l - 5, ".yaml") == 0) names[n++] = strdup(de->d_name);
  }
  closedir(d);
  for (size_t i = 1; i < n; i++) /* sort: a handful of names */
    for (size_t j = i; j > 0 && strcmp(names[j - 1], names[j]) > 0; j--) {
      char *t = names[j];
      names[j] = names[j - 1];
      names[j - 1] = t;
    }
  printf("presets in %s:\n", dir);
  for (size_t i = 0; i < n; i++) {
    char path[PATH_MAX], line[256] = "";
    cli_fmt(path, sizeof path, "%s/%s", dir, names[i]);
    FILE *f = fopen(path, "r");
    /* The first comment line describes the preset. */
    if (f) {
      while (fgets(line, sizeof line, f))
        if (line[0] == '#') break;
      fclose(f);
    }
    char *desc = line[0] == '#' ? line + 1 : line;
    while (*desc == ' ') desc++;
    desc[strcspn(desc, "\n")] = 0;
    names[i][strlen(names[i]) - 5] = 0;
    printf("  %-12s %s\n", names[i], desc);
    free(names[i]);
  }
  return 0;
}

#define CLI_REPORT_USAGE "wavesim report [--db FILE] [--lines] [--top N] [--launch N]"
#define CLI_DEFAULT_TOP 10

/* A count option's value: a decimal integer >= min, else -1. */
static long long cli_count(const char *v, long long min) {
  char *end = NULL;
  errno = 0;
  long long x = strtoll(v, &end, 10);
  if (!*v || *end || errno || x < min) return -1;
  return x;
}

/* Value of "--opt VALUE" or "--opt=VALUE" at argv[*i]; NULL if not this opt. */
static const char *cli_opt(int argc, char **argv, int *i, const char *opt, int *missing);

static int cli_report_cmd(int argc, char **argv) {
  const char *db = "wavesim-stats.db";
  int lines = 0;
  long long top = CLI_DEFAULT_TOP, launch = 0;
  for (int i = 0; i < argc; i++) {
    int missing = 0;
    const char *v;
    if ((v = cli_opt(argc, argv, &i, "--db", &missing))) {
      db = v;
    } else if (strcmp(argv[i], "--lines") == 0) {
      lines = 1;
    } else if ((v = cli_opt(argc, argv, &i, "--top", &missing))) {
      if ((top = cli_count(v, 0)) < 0) {
        fprintf(stderr, "wavesim report: --top %s: expected a count (0 shows every line)\n", v);
        return 2;
      }
    } else if ((v = cli_opt(argc, argv, &i, "--launch", &missing))) {
      if ((launch = cli_count(v, 1)) < 0) {
        fprintf(stderr,
                "wavesim report: --launch %s: expected a launch number (1, 2, ...; the # "
                "column of the summary)\n",
                v);
        return 2;
      }
    } else {
      fprintf(stderr, "wavesim report: %s '%s' (usage: " CLI_REPORT_USAGE ")\n",
              missing ? "missing value for" : "unknown argument", argv[i]);
      return 2;
    }
  }
  char err[1024];
  int64_t last = cli_db_last_id(db, err, sizeof err);
  if (last < 0) {
    fprintf(stderr, "wavesim: %s\n", err);
    return 1;
  }
  if (launch > last) {
    fprintf(stderr, "wavesim report: --launch %lld: %s has %lld launch%s\n", launch, db,
            (long long)last, last == 1 ? "" : "es");
    return 1;
  }
  int64_t after = launch ? launch - 1 : 0;
  if (cli_report(stdout, db, after, launch, err, sizeof err) < 0 ||
      (lines && cli_report_lines(stdout, db, after, launch, (int)top, err, sizeof err) < 0)) {
    fprintf(stderr, "wavesim: %s\n", err);
    return 1;
  }
  return 0;
}

/* Value of "--opt VALUE" or "--opt=VALUE" at argv[*i]; NULL if not this opt. */
static const char *cli_opt(int argc, char **argv, int *i, const char *opt, int *missing) {
  size_t l = strlen(opt);
  if (strncmp(argv[*i], opt, l) != 0) return NULL;
  if (argv[*i][l] == '=') return argv[*i] + l + 1;
  if (argv[*i][l] != 0) return NULL;
  if (*i + 1 >= argc) {
    *missing = 1;
    return NULL;
  }
  return argv[++*i];
}

typedef struct cli_run_opts {
  char config[4096]; /* --config values joined with ',' ("" when none) */
  const char *db, *mode, *check;
  const char *sets[CLI_MAX_SETS];
  size_t nsets;
  int quiet, lines, sample;
  long long top;
  const char *trace;
  char **app;
} cli_run_opts;

static int cli_parse_run(int argc, char **argv, cli_run_opts *o) {
  int i = 0;
  for (; i < argc; i++) {
    int missing = 0;
    const char *v;
    if (strcmp(argv[i], "--") == 0) {
      i++;
      break;
    }
    if (argv[i][0] != '-') break;
    if ((v = cli_opt(argc, argv, &i, "--config", &missing))) {
      size_t used = strlen(o->config);
      if (!*v || used + strlen(v) + 2 > sizeof o->config) {
        fprintf(stderr, "wavesim run: --config '%s': %s\n", v,
                *v ? "the config list is too long" : "expected a preset name or a YAML file");
        return -1;
      }
      snprintf(o->config + used, sizeof o->config - used, "%s%s", used ? "," : "", v);
    } else if ((v = cli_opt(argc, argv, &i, "--set", &missing))) {
      if (o->nsets == CLI_MAX_SETS) {
        fprintf(stderr, "wavesim run: more than %d --set options\n", CLI_MAX_SETS);
        return -1;
      }
      if (!strchr(v, '=')) {
        fprintf(stderr, "wavesim run: --set %s: expected KEY=VALUE (e.g. --set cu.count=8)\n", v);
        return -1;
      }
      o->sets[o->nsets++] = v;
    } else if ((v = cli_opt(argc, argv, &i, "--db", &missing))) {
      o->db = v;
    } else if ((v = cli_opt(argc, argv, &i, "--mode", &missing))) {
      if (strcmp(v, "timing") != 0 && strcmp(v, "functional") != 0) {
        fprintf(stderr, "wavesim run: --mode %s: use 'timing' or 'functional'\n", v);
        return -1;
      }
      o->mode = v;
    } else if ((v = cli_opt(argc, argv, &i, "--check", &missing))) {
      uint32_t bits = 0;
      char cerr[256];
      if (sim_check_parse(v, &bits, cerr, sizeof cerr) != 0) {
        fprintf(stderr, "wavesim run: --check %s: %s\n", v, cerr);
        return -1;
      }
      o->check = v;
    } else if (strcmp(argv[i], "--quiet") == 0 || strcmp(argv[i], "-q") == 0) {
      o->quiet = 1;
    } else if (strcmp(argv[i], "--sample") == 0) {
      o->sample = 1;
    } else if (strcmp(argv[i], "--sample") == 0) {
      o->sample = 1;
    } else if (strcmp(argv[i], "--lines") == 0) {
      o->lines = 1;
    } else if ((v = cli_opt(argc, argv, &i, "--top", &missing))) {
      if ((o->top = cli_count(v, 0)) < 0) {
        fprintf(stderr, "wavesim run: --top %s: expected a count (0 shows every line)\n", v);
        return -1;
      }
    } else if ((v = cli_opt(argc, argv, &i, "--trace", &missing))) {
      o->trace = v;
    } else if (strcmp(argv[i], "--help") == 0 || strcmp(argv[i], "-h") == 0) {
      cli_usage(stdout);
      exit(0);
    } else {
      fprintf(stderr, "wavesim run: %s '%s' (see wavesim --help)\n",
              missing ? "missing value for" : "unknown option", argv[i]);
      return -1;
    }
    if (missing) {
      fprintf(stderr, "wavesim run: missing value for '%s'\n", argv[i]);
      return -1;
    }
  }
  if (i >= argc) {
    fprintf(stderr, "wavesim run: no program given (usage: wavesim run [options] -- PROGRAM "
                    "[ARGS...])\n");
    return -1;
  }
  o->app = argv + i;
  return 0;
}

/* A private vendors directory whose only ICD is wavesim: the program sees
 * wavesim as its one platform whatever else is installed. */
static int cli_make_vendors(const char *lib, char *dir, size_t len, char *icd, size_t icdlen) {
  const char *tmp = getenv("TMPDIR");
  if (cli_fmt(dir, len, "%s/wavesim-vendors-XXXXXX", tmp && *tmp ? tmp : "/tmp") != 0 ||
      !mkdtemp(dir))
    return -1;
  if (cli_fmt(icd, icdlen, "%s/wavesim.icd", dir) != 0) {
    rmdir(dir);
    return -1;
  }
  FILE *f = fopen(icd, "w");
  if (!f) {
    rmdir(dir);
    return -1;
  }
  fprintf(f, "%s\n", lib);
  return fclose(f);
}

/* Removes the private vendors directory, and the throw-away database (with
 * SQLite's side files) when one was made inside it. */
static void cli_remove_vendors(const char *dir, const char *icd, const char *db) {
  unlink(icd);
  if (db) {
    static const char *const side[] = {"", "-wal", "-shm", "-journal"};
    char f[PATH_MAX + 16];
    for (size_t k = 0; k < sizeof side / sizeof side[0]; k++)
      if (cli_fmt(f, sizeof f, "%s%s", db, side[k]) == 0) unlink(f);
  }
  rmdir(dir);
}

static int cli_run(int argc, char **argv) {
  cli_run_opts o = {.top = CLI_DEFAULT_TOP};
  if (cli_parse_run(argc, argv, &o) != 0) return 2;
  cli_export_config_dir();

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
    if (cfg_load(name, o.sets, o.nsets, &cfg, err, sizeof err) != 0) {
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
  if (o.sample) setenv("WAVESIM_SAMPLE", "1", 1);
  char trace[PATH_MAX];
  if (o.trace) {
    if (cli_absolute(o.trace, trace, sizeof trace) != 0) {
      fprintf(stderr, "wavesim: cannot resolve the trace path: %s\n", strerror(errno));
      cli_remove_vendors(vdir, icd, keep_db ? NULL : db);
      return 2;
    }
    setenv("WAVESIM_TRACE", trace, 1);
  }
  if (o.nsets) {
    char *joined = NULL;
    size_t len = 0;
    for (size_t i = 0; i < o.nsets; i++) len += strlen(o.sets[i]) + 1;
    joined = calloc(1, len + 1);
    for (size_t i = 0; joined && i < o.nsets; i++) {
      if (i) strcat(joined, ";");
      strcat(joined, o.sets[i]);
    }
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
    execvp(o.app[0], o.app);
    fprintf(stderr, "wavesim: cannot run '%s': %s\n", o.app[0], strerror(errno));
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
    fprintf(stderr, "wavesim: %s was killed by signal %d\n", o.app[0],
            WIFSIGNALED(status) ? WTERMSIG(status) : 0);
  }
  if (!o.quiet) {
    fflush(stdout);
    if (cli_report(stderr, db, before, 0, err, sizeof err) < 0)
      fprintf(stderr, "wavesim: %s\n", err);
  }
  if (o.lines && cli_report_lines(stderr, db, before, 0, (int)o.top, err, sizeof err) < 0)
    fprintf(stderr, "wavesim: %s\n", err);
  if (o.trace && !o.quiet)
    fprintf(stderr, "wavesim: timeline in %s (open in https://ui.perfetto.dev)\n", trace);
  cli_remove_vendors(vdir, icd, keep_db ? NULL : db);
  return rc;
}

int main(int argc, char **argv) {
  if (argc < 2) {
    cli_usage(stderr);
    return 2;
  }
  const char *cmd = argv[1];
  if (strcmp(cmd, "--help") == 0 || strcmp(cmd, "-h") == 0 || strcmp(cmd, "help") == 0) {
    cli_usage(stdout);
    return 0;
  }
  if (strcmp(cmd, "run") == 0) return cli_run(argc - 2, argv + 2);
  if (strcmp(cmd, "report") == 0) return cli_report_cmd(argc - 2, argv + 2);
  if (strcmp(cmd, "configs") == 0) return cli_configs();
  fprintf(stderr,
          "wavesim: unknown command '%s' (commands: run, report, configs; see wavesim "
          "--help)\n",
          cmd);
  return 2;
}
