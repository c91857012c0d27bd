/* cli_runopts: one parser for the options run, sweep and replay share, so
 * an option means and checks the same in each (cli_runopts.h). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "cli_runopts.h"
#include "sim_check.h"
#include "trace.h"

/* A flag option (no value) of the command: 1 when `a` is one. */
static int cli_ro_flag(unsigned takes, const char *a, cli_runopts *o) {
  if ((takes & CLI_RO_QUIET) && (!strcmp(a, "--quiet") || !strcmp(a, "-q"))) return o->quiet = 1;
  if ((takes & CLI_RO_SAMPLE) && !strcmp(a, "--sample")) return o->sample = 1;
  if ((takes & CLI_RO_LINES) && !strcmp(a, "--lines")) return o->lines = 1;
  if ((takes & CLI_RO_SLURM) && !strcmp(a, "--slurm")) return o->slurm = 1;
  return 0;
}

static int cli_ro_config(const char *cmd, unsigned takes, const char *v, cli_runopts *o) {
  size_t used = takes & CLI_RO_CONFIG_LIST ? strlen(o->config) : 0;
  if (!*v || used + strlen(v) + 2 > sizeof o->config) {
    fprintf(stderr, "wavesim %s: --config '%s': %s\n", cmd, v,
            *v ? "the config list is too long" : "expected a preset name or a YAML file");
    return -1;
  }
  snprintf(o->config + used, sizeof o->config - used, "%s%s", used ? "," : "", v);
  return 0;
}

static int cli_ro_set(const char *cmd, unsigned takes, const char *v, cli_runopts *o) {
  if (o->nsets == CLI_MAX_SETS) {
    fprintf(stderr, "wavesim %s: more than %d --set options\n", cmd, CLI_MAX_SETS);
    return -1;
  }
  const char *eq = strchr(v, '=');
  if ((takes & CLI_RO_SET_VALUES) && (!eq || eq == v || !eq[1])) {
    fprintf(stderr, "wavesim %s: --set %s: expected KEY=V1,V2,... (e.g. --set cu.count=4,8,16)\n",
            cmd, v);
    return -1;
  }
  if (!eq) {
    fprintf(stderr, "wavesim %s: --set %s: expected KEY=VALUE (e.g. --set cu.count=8)\n", cmd, v);
    return -1;
  }
  o->sets[o->nsets++] = v;
  return 0;
}

/* An option with a value: 1 taken, 0 not one of the command's, -1 bad
 * (said). *missing: it is one, but its value is missing. */
static int cli_ro_value(const char *cmd, unsigned takes, int argc, char **argv, int *i,
                        cli_runopts *o, int *missing) {
  const char *v;
  if ((takes & (CLI_RO_CONFIG | CLI_RO_CONFIG_LIST)) &&
      (v = cli_opt(argc, argv, i, "--config", missing)))
    return cli_ro_config(cmd, takes, v, o) ? -1 : 1;
  if ((takes & (CLI_RO_SET | CLI_RO_SET_VALUES)) && (v = cli_opt(argc, argv, i, "--set", missing)))
    return cli_ro_set(cmd, takes, v, o) ? -1 : 1;
  if ((takes & CLI_RO_DB) && (v = cli_opt(argc, argv, i, "--db", missing))) return o->db = v, 1;
  if ((takes & CLI_RO_DB_DIR) && (v = cli_opt(argc, argv, i, "--db-dir", missing)))
    return o->db_dir = v, 1;
  if ((takes & CLI_RO_MODE) && (v = cli_opt(argc, argv, i, "--mode", missing))) {
    if (strcmp(v, "timing") != 0 && strcmp(v, "functional") != 0) {
      fprintf(stderr, "wavesim %s: --mode %s: use 'timing' or 'functional'\n", cmd, v);
      return -1;
    }
    return o->mode = v, 1;
  }
  if ((takes & CLI_RO_CHECK) && (v = cli_opt(argc, argv, i, "--check", missing))) {
    uint32_t bits = 0;
    char cerr[256];
    if (sim_check_parse(v, &bits, cerr, sizeof cerr) != 0) {
      fprintf(stderr, "wavesim %s: --check %s: %s\n", cmd, v, cerr);
      return -1;
    }
    return o->check = v, 1;
  }
  if ((takes & CLI_RO_THREADS) && (v = cli_opt(argc, argv, i, "--threads", missing))) {
    if (cli_count(v, 1) < 0) {
      fprintf(stderr,
              "wavesim %s: --threads %s: expected a positive number of host threads (e.g. "
              "--threads 4)\n",
              cmd, v);
      return -1;
    }
    return o->threads = v, 1;
  }
  if ((takes & CLI_RO_LINES) && (v = cli_opt(argc, argv, i, "--top", missing))) {
    if ((o->top = cli_count(v, 0)) < 0) {
      fprintf(stderr, "wavesim %s: --top %s: expected a count (0 shows every line)\n", cmd, v);
      return -1;
    }
    return 1;
  }
  if ((takes & CLI_RO_TRACE) && (v = cli_opt(argc, argv, i, "--trace-detail", missing))) {
    trace_detail d;
    if (trace_detail_parse(v, &d) != 0) {
      fprintf(stderr, "wavesim %s: --trace-detail %s: use 'compact' or 'full'\n", cmd, v);
      return -1;
    }
    return o->trace_detail = v, 1;
  }
  if ((takes & CLI_RO_TRACE) && (v = cli_opt(argc, argv, i, "--trace", missing)))
    return o->trace = v, 1;
  if ((takes & CLI_RO_CAPTURE) && (v = cli_opt(argc, argv, i, "--capture", missing)))
    return o->capture = v, 1;
  if ((takes & CLI_RO_REPLAY) && (v = cli_opt(argc, argv, i, "--replay", missing)))
    return o->replay = v, 1;
  return 0;
}

int cli_runopts_parse(const char *cmd, unsigned takes, int argc, char **argv, cli_runopts *o) {
  memset(o, 0, sizeof *o);
  o->top = CLI_DEFAULT_TOP;
  int i = 0, options = 1;
  for (; i < argc; i++) {
    const char *a = argv[i];
    if (options && !strcmp(a, "--")) {
      options = 0;
      if (takes & CLI_RO_PROGRAM) {
        i++;
        break;
      }
      continue;
    }
    if (!options || a[0] != '-') { /* an operand */
      if (takes & CLI_RO_PROGRAM) break;
      if (o->operand) {
        fprintf(stderr, "wavesim %s: extra argument '%s' (see wavesim %s --help)\n", cmd, a, cmd);
        return -1;
      }
      o->operand = a;
      continue;
    }
    if (cli_is_help(a)) {
      cli_help(stdout, cmd);
      return 1;
    }
    if (cli_ro_flag(takes, a, o)) continue;
    int missing = 0, r = cli_ro_value(cmd, takes, argc, argv, &i, o, &missing);
    if (r < 0) return -1;
    if (missing || r == 0) {
      fprintf(stderr, "wavesim %s: %s '%s' (see wavesim %s --help)\n", cmd,
              missing ? "missing value for" : "unknown option", a, cmd);
      return -1;
    }
  }
  if ((takes & CLI_RO_PROGRAM) && i < argc) o->program = argv + i;
  return 0;
}

char *cli_runopts_sets(const cli_runopts *o) {
  size_t len = 1;
  for (size_t i = 0; i < o->nsets; i++) len += strlen(o->sets[i]) + 1;
  char *joined = calloc(1, len);
  for (size_t i = 0; joined && i < o->nsets; i++) {
    if (i) strcat(joined, ";");
    strcat(joined, o->sets[i]);
  }
  return joined;
}
