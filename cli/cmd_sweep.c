/* `wavesim sweep`: the points of a parameter sweep as commands, one
 * `wavesim run` per point with its own database (or, over a captured
 * launch, one `wavesim replay` per point), for an engine that already
 * schedules jobs: GNU parallel on one machine (pipe the lines into it) or,
 * with --slurm, a Slurm array job script for a cluster. Every point's config
 * is checked here, so a typo fails before any job starts; `wavesim merge`
 * then combines the databases, one column per swept key. */
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "capture.h"
#include "cfg.h"
#include "cli.h"
#include "cli_runopts.h"

#define CLI_SWEEP_MAX_KEYS 16
#define CLI_SWEEP_MAX_VALUES 256
#define CLI_SWEEP_MAX_POINTS 100000

const char cli_sweep_details[] =
    "sweep options:\n"
    "  --set KEY=V1,V2,...  a swept key and its values (repeatable: every\n"
    "                       combination is a point)\n"
    "  --db-dir DIR         where each point's database goes (DIR/point-N.db)\n"
    "  --config NAME|FILE   the config every point starts from (default: 'default')\n"
    "  --mode timing|functional\n"
    "  --slurm              print a Slurm array job script instead of the commands\n"
    "  --replay DIR/launch-N  sweep a captured launch (wavesim run --capture):\n"
    "                       one `wavesim replay` per point instead of a program run;\n"
    "                       the points start from its config unless --config is given\n"
    "Run the commands with GNU parallel (wavesim sweep ... | parallel -j 8) or\n"
    "submit the script (sbatch), then: wavesim merge --db all.db DIR/point-*.db\n";

typedef struct cli_sweep_key {
  char name[128];
  char *values[CLI_SWEEP_MAX_VALUES];
  size_t n;
  char *buf;
} cli_sweep_key;

/* s as one shell word: as is when it is plain, else single-quoted. */
static void cli_shell_word(FILE *out, const char *s) {
  int plain = *s != 0;
  for (const char *p = s; *p && plain; p++)
    plain = strchr("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_-.,/=:+@%",
                   *p) != NULL;
  if (plain) {
    fputs(s, out);
    return;
  }
  fputc('\'', out);
  for (; *s; s++) {
    if (*s == '\'')
      fputs("'\\''", out);
    else
      fputc(*s, out);
  }
  fputc('\'', out);
}

/* The command of point `index` (its values chosen by mixed-radix digits of
 * index): `wavesim run ... -- APP` or, over a capture, `wavesim replay ...
 * DIR/launch-N` (config NULL: the capture's own). */
static void cli_sweep_command(FILE *out, const char *self, const char *config, const char *mode,
                              const char *dir, const cli_sweep_key *keys, size_t nkeys,
                              size_t index, char **app, const char *replay) {
  cli_shell_word(out, self);
  fputs(replay ? " replay --quiet" : " run --quiet", out);
  if (config) {
    fputs(" --config ", out);
    cli_shell_word(out, config);
  }
  if (mode) fprintf(out, " --mode %s", mode);
  size_t rest = index;
  for (size_t k = 0; k < nkeys; k++) {
    char set[512];
    snprintf(set, sizeof set, "%.127s=%.380s", keys[k].name, keys[k].values[rest % keys[k].n]);
    rest /= keys[k].n;
    fputs(" --set ", out);
    cli_shell_word(out, set);
  }
  char db[PATH_MAX + 32];
  snprintf(db, sizeof db, "%s/point-%zu.db", dir, index);
  fputs(" --db ", out);
  cli_shell_word(out, db);
  if (replay) {
    fputc(' ', out);
    cli_shell_word(out, replay);
    return;
  }
  fputs(" --", out);
  for (char **a = app; *a; a++) {
    fputc(' ', out);
    cli_shell_word(out, *a);
  }
}

static void cli_sweep_free(cli_sweep_key *keys, size_t n) {
  for (size_t k = 0; k < n; k++) free(keys[k].buf);
}

/* what `wavesim sweep` takes of the shared options (cli_runopts.h) */
#define CLI_SWEEP_TAKES                                                                            \
  (CLI_RO_CONFIG | CLI_RO_SET_VALUES | CLI_RO_DB_DIR | CLI_RO_MODE | CLI_RO_SLURM |                \
   CLI_RO_PROGRAM | CLI_RO_REPLAY)

/* The swept keys of the --set options, each with its values; 0, or -1 said. */
static int cli_sweep_keys(const cli_runopts *o, cli_sweep_key *keys, size_t *nkeys) {
  for (size_t s = 0; s < o->nsets; s++) {
    const char *v = o->sets[s], *eq = strchr(v, '=');
    if (*nkeys == CLI_SWEEP_MAX_KEYS) {
      fprintf(stderr, "wavesim sweep: more than %d swept keys\n", CLI_SWEEP_MAX_KEYS);
      return -1;
    }
    cli_sweep_key *k = &keys[*nkeys];
    snprintf(k->name, sizeof k->name, "%.*s", (int)(eq - v), v);
    for (size_t j = 0; j < *nkeys; j++)
      if (strcmp(keys[j].name, k->name) == 0) {
        fprintf(stderr,
                "wavesim sweep: --set %s: key swept twice (give its values once, "
                "comma-separated)\n",
                k->name);
        return -1;
      }
    k->buf = cli_strdup(eq + 1);
    k->n = 0;
    if (!k->buf) {
      fprintf(stderr, "wavesim sweep: out of memory\n");
      return -1;
    }
    ++*nkeys;
    for (char *save = NULL, *t = strtok_r(k->buf, ",", &save); t; t = strtok_r(NULL, ",", &save))
      if (*t && k->n < CLI_SWEEP_MAX_VALUES) k->values[k->n++] = t;
    if (k->n == 0) {
      fprintf(stderr, "wavesim sweep: --set %s: no values\n", v);
      return -1;
    }
  }
  return 0;
}

int cli_cmd_sweep(int argc, char **argv) {
  cli_sweep_key keys[CLI_SWEEP_MAX_KEYS];
  size_t nkeys = 0;
  int rc = 2;
  cli_runopts o;
  int parsed = cli_runopts_parse("sweep", CLI_SWEEP_TAKES, argc, argv, &o);
  if (parsed != 0) return parsed < 0 ? 2 : 0; /* 1: --help was printed */
  const char *dir = o.db_dir, *config = o.config[0] ? o.config : "default", *mode = o.mode;
  cli_cap *cap = NULL; /* --replay: the captured launch */
  char replay[PATH_MAX];
  /* a capture's points start from its config and overrides, as replay's */
  const char *base[CLI_MAX_SETS];
  size_t nbase = 0;
  char basebuf[1024];
  if (cli_sweep_keys(&o, keys, &nkeys) != 0) goto out;
  if (!nkeys || !dir || (!o.program == !o.replay)) {
    fprintf(stderr, "wavesim sweep: %s (usage: " CLI_SWEEP_SYNOPSIS ")\n",
            !nkeys ? "no --set KEY=V1,V2,... to sweep"
            : !dir ? "no --db-dir for the points' databases"
            : o.program
                ? "a program and --replay given: sweep one or the other"
                : "no program (-- PROGRAM) or captured launch (--replay DIR/launch-N) given");
    goto out;
  }
  if (o.replay) {
    char err[2048] = "";
    if (!(cap = calloc(1, sizeof *cap)) || cli_absolute(o.replay, replay, sizeof replay) != 0) {
      fprintf(stderr, "wavesim sweep: --replay %s: cannot resolve it\n", o.replay);
      goto out;
    }
    snprintf(cap->dir, sizeof cap->dir, "%s", replay);
    if (cli_cap_read(cap, err, sizeof err) != 0) {
      fprintf(stderr, "wavesim sweep: --replay: %s\n", err);
      goto out;
    }
    if (!o.config[0]) {
      config = cap->config[0] ? cap->config : "default";
      snprintf(basebuf, sizeof basebuf, "%s", cap->overrides);
      for (char *sv = NULL, *t = strtok_r(basebuf, ";", &sv); t && nbase < CLI_MAX_SETS - 16;
           t = strtok_r(NULL, ";", &sv))
        base[nbase++] = t;
    }
  }
  size_t points = 1;
  for (size_t k = 0; k < nkeys; k++) {
    if (points > CLI_SWEEP_MAX_POINTS / keys[k].n) {
      fprintf(stderr, "wavesim sweep: more than %d points\n", CLI_SWEEP_MAX_POINTS);
      goto out;
    }
    points *= keys[k].n;
  }
  /* every point's config must load: a bad key or value fails now, not in job 37 */
  char dirbuf[PATH_MAX];
  const char *presets = cli_config_dir(dirbuf, sizeof dirbuf);
  for (size_t p = 0; p < points; p++) {
    const char *sets[CLI_MAX_SETS];
    char setbuf[CLI_SWEEP_MAX_KEYS][512];
    size_t rest = p;
    memcpy(sets, base, nbase * sizeof *sets);
    for (size_t k = 0; k < nkeys; k++) {
      snprintf(setbuf[k], sizeof setbuf[k], "%.127s=%.380s", keys[k].name,
               keys[k].values[rest % keys[k].n]);
      rest /= keys[k].n;
      sets[nbase + k] = setbuf[k];
    }
    cfg_device cfg;
    char err[1024];
    if (cfg_load(presets, config, sets, nbase + nkeys, &cfg, err, sizeof err) != 0) {
      fprintf(stderr, "wavesim sweep: point %zu: %s\n", p, err);
      goto out;
    }
    cfg_fini(&cfg);
  }
  char self[PATH_MAX], absdir[PATH_MAX];
  if (cli_self(self, sizeof self) != 0 || cli_absolute(dir, absdir, sizeof absdir) != 0) {
    fprintf(stderr, "wavesim sweep: cannot resolve paths: %s\n", strerror(errno));
    goto out;
  }
  if (mkdir(absdir, 0777) != 0 && errno != EEXIST) {
    fprintf(stderr, "wavesim sweep: --db-dir %s: cannot create it: %s\n", dir, strerror(errno));
    goto out;
  }
  /* a replay without --config starts from the capture's own config */
  const char *cmd_config = cap && !o.config[0] ? NULL : config;
  if (o.slurm) {
    printf("#!/bin/bash\n"
           "# wavesim sweep: %zu point%s, one array task each; submit with sbatch, then\n"
           "#   %s merge --db %s/all.db %s/point-*.db\n"
           "#SBATCH --job-name=wavesim-sweep\n"
           "#SBATCH --array=0-%zu\n"
           "#SBATCH --output=%s/slurm-%%A_%%a.out\n"
           "#SBATCH --ntasks=1\n",
           points, points == 1 ? "" : "s", self, absdir, absdir, points - 1, absdir);
    printf("case \"$SLURM_ARRAY_TASK_ID\" in\n");
    for (size_t p = 0; p < points; p++) {
      printf("  %zu) ", p);
      cli_sweep_command(stdout, self, cmd_config, mode, absdir, keys, nkeys, p, o.program,
                        cap ? replay : NULL);
      printf(" ;;\n");
    }
    printf("  *) echo \"wavesim sweep: no point $SLURM_ARRAY_TASK_ID\" >&2; exit 2 ;;\nesac\n");
  } else {
    for (size_t p = 0; p < points; p++) {
      cli_sweep_command(stdout, self, cmd_config, mode, absdir, keys, nkeys, p, o.program,
                        cap ? replay : NULL);
      putchar('\n');
    }
  }
  rc = 0;
out:
  free(cap);
  cli_sweep_free(keys, nkeys);
  return rc;
}
