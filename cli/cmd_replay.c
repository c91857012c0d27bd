/* `wavesim replay DIR/launch-N`: one captured launch (WAVESIM_CAPTURE,
 * `wavesim run --capture`; format in docs/CAPTURE.md) run alone, on its own
 * config or another (--config, --set), through the real runtime: the host
 * program wavesim-replay (replay_host.c) runs it with the ICD loader pointed
 * at wavesim, as `wavesim run` runs any program, and checks that every buffer
 * and image ends as in the captured run, since a kernel's results do not
 * depend on the timing model. A sweep over a capture costs one launch per
 * point, not one run of the whole program. */
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "capture.h"
#include "cfg.h"
#include "cli.h"
#include "cli_runopts.h"

#define CLI_REPLAY_HOST "wavesim-replay"

const char cli_replay_details[] =
    "replay options:\n"
    "  --config NAME|FILE   run on this config instead of the captured one\n"
    "  --set KEY=VALUE      override a key (after the captured overrides; repeatable)\n"
    "  --db FILE            statistics database (default ./wavesim-stats.db; 'none')\n"
    "  --mode timing|functional, --check LIST, --threads N, --quiet   as for run\n"
    "Exit status 0 when every output equals the captured run's, 1 when one\n"
    "differs or the launch fails, 2 for a bad capture or option.\n";

/* wavesim-replay: next to this executable (build tree and install), else
 * where it is installed. */
static int cli_find_replay_host(char *out, size_t len) {
  char self[PATH_MAX];
  if (cli_self(self, sizeof self) == 0) {
    char *slash = strrchr(self, '/');
    if (slash) *slash = 0;
    if (cli_fmt(out, len, "%s/%s", self, CLI_REPLAY_HOST) == 0 && cli_is_file(out)) return 0;
  }
  snprintf(out, len, "%s", WAVESIM_REPLAY_INSTALL_PATH);
  return cli_is_file(out) ? 0 : -1;
}

/* Runs the capture `dir` with the options; the exit status. */
static int cli_replay_run(const cli_runopts *o, cli_cap *c, const char *config, const char *db,
                          const char *dir, const char *sets) {
  char err[2048] = "";
  snprintf(c->dir, sizeof c->dir, "%s", dir);
  if (cli_cap_read(c, err, sizeof err) != 0) {
    fprintf(stderr, "wavesim replay: %s\n", err);
    return 2;
  }
  /* the captured config and overrides, then the user's */
  char all[8192];
  snprintf(all, sizeof all, "%s%s%s", config ? "" : c->overrides,
           !config && c->overrides[0] && sets[0] ? ";" : "", sets);
  cli_export_config_dir(); /* for the replay host's runtime */
  char dirbuf[PATH_MAX];
  const char *presets = cli_config_dir(dirbuf, sizeof dirbuf);
  const char *cfgname = config ? config : c->config[0] ? c->config : "default";
  {
    const char *list[256];
    size_t nl = 0;
    char tmp[8192];
    snprintf(tmp, sizeof tmp, "%s", all);
    for (char *s = NULL, *t = strtok_r(tmp, ";", &s); t && nl < 256; t = strtok_r(NULL, ";", &s))
      list[nl++] = t;
    cfg_device cfg;
    if (cfg_load(presets, cfgname, list, nl, &cfg, err, sizeof err) != 0) {
      fprintf(stderr, "wavesim replay: %s\n", err);
      return 2;
    }
    cfg_fini(&cfg);
  }
  char lib[PATH_MAX], vdir[PATH_MAX], icd[PATH_MAX + 16], dbpath[PATH_MAX];
  if (cli_find_library(lib, sizeof lib) != 0 ||
      cli_make_vendors(lib, vdir, sizeof vdir, icd, sizeof icd) != 0) {
    fprintf(stderr, "wavesim replay: cannot find %s or make a vendors directory: %s\n",
            CLI_LIB_NAME, strerror(errno));
    return 2;
  }
  const int keep = !db || strcmp(db, "none") != 0;
  if (keep ? cli_absolute(db ? db : "wavesim-stats.db", dbpath, sizeof dbpath) != 0
           : cli_fmt(dbpath, sizeof dbpath, "%s/stats.db", vdir) != 0) {
    fprintf(stderr, "wavesim replay: cannot resolve the database path\n");
    cli_remove_vendors(vdir, icd, NULL);
    return 2;
  }
  int64_t before = cli_db_last_id(dbpath, err, sizeof err);
  setenv("OCL_ICD_VENDORS", vdir, 1);
  setenv("OPENCL_VENDOR_PATH", vdir, 1);
  setenv("WAVESIM_CONFIG", cfgname, 1);
  setenv("WAVESIM_DB", dbpath, 1);
  if (all[0])
    setenv("WAVESIM_SET", all, 1);
  else
    unsetenv("WAVESIM_SET");
  if (o->mode) setenv("WAVESIM_MODE", o->mode, 1);
  if (o->check) setenv("WAVESIM_CHECK", o->check, 1);
  if (o->threads) setenv("WAVESIM_THREADS", o->threads, 1);
  unsetenv("WAVESIM_CAPTURE"); /* a replay is not captured again */
  char host[PATH_MAX];
  int rc = 2;
  if (cli_find_replay_host(host, sizeof host) != 0) {
    fprintf(stderr,
            "wavesim replay: cannot find %s next to this executable or at %s; rebuild or "
            "reinstall wavesim\n",
            CLI_REPLAY_HOST, WAVESIM_REPLAY_INSTALL_PATH);
  } else {
    fflush(NULL);
    pid_t pid = fork();
    if (pid == 0) {
      char *args[] = {host, c->dir, NULL};
      execv(host, args);
      fprintf(stderr, "wavesim replay: cannot run %s: %s\n", host, strerror(errno));
      _exit(2);
    }
    int status = 0;
    while (pid > 0 && waitpid(pid, &status, 0) < 0 && errno == EINTR) {
    }
    if (pid < 0)
      fprintf(stderr, "wavesim replay: fork: %s\n", strerror(errno));
    else
      rc = WIFEXITED(status) ? WEXITSTATUS(status) : 1;
  }
  if (!o->quiet && before >= 0 && rc != 2) {
    fflush(stdout);
    if (cli_report(stderr, dbpath, keep, before, 0, err, sizeof err) < 0)
      fprintf(stderr, "wavesim: %s\n", err);
  }
  cli_remove_vendors(vdir, icd, keep ? NULL : dbpath);
  return rc;
}

/* what `wavesim replay` takes of the shared options (cli_runopts.h) */
#define CLI_REPLAY_TAKES                                                                           \
  (CLI_RO_CONFIG | CLI_RO_SET | CLI_RO_DB | CLI_RO_MODE | CLI_RO_CHECK | CLI_RO_QUIET |            \
   CLI_RO_THREADS)

static int cli_replay(int argc, char **argv, cli_cap *c) {
  cli_runopts o;
  int parsed = cli_runopts_parse("replay", CLI_REPLAY_TAKES, argc, argv, &o);
  if (parsed != 0) return parsed < 0 ? 2 : 0; /* 1: --help was printed */
  const char *config = o.config[0] ? o.config : NULL, *db = o.db, *dir = o.operand;
  if (!dir) {
    fprintf(stderr, "wavesim replay: no capture given (usage: " CLI_REPLAY_SYNOPSIS ")\n");
    return 2;
  }
  char *sets = cli_runopts_sets(&o);
  if (!sets) {
    fprintf(stderr, "wavesim replay: out of memory\n");
    return 2;
  }
  int rc = cli_replay_run(&o, c, config, db, dir, sets);
  free(sets);
  return rc;
}

int cli_cmd_replay(int argc, char **argv) {
  cli_cap *c = calloc(1, sizeof *c); /* large: its arguments' table */
  if (!c) {
    fprintf(stderr, "wavesim replay: out of memory\n");
    return 2;
  }
  int rc = cli_replay(argc, argv, c);
  free(c);
  return rc;
}
