/* The options `wavesim run`, `sweep` and `replay` share (--config, --set,
 * --db, --mode, --check, --quiet, ...), parsed by one loop with one message
 * per bad value; each command names the options it takes. */
#ifndef WAVESIM_CLI_RUNOPTS_H
#define WAVESIM_CLI_RUNOPTS_H

#include <stddef.h>

#define CLI_MAX_SETS 256

/* The options a command takes: bits of cli_runopts_parse's `takes`. */
enum {
  CLI_RO_CONFIG = 1u << 0,      /* --config NAME|FILE (the last one given) */
  CLI_RO_CONFIG_LIST = 1u << 1, /* --config repeatable, joined with ',' (one device each) */
  CLI_RO_SET = 1u << 2,         /* --set KEY=VALUE, repeatable */
  CLI_RO_SET_VALUES = 1u << 3,  /* --set KEY=V1,V2,..., repeatable (sweep's) */
  CLI_RO_DB = 1u << 4,          /* --db FILE */
  CLI_RO_DB_DIR = 1u << 5,      /* --db-dir DIR */
  CLI_RO_MODE = 1u << 6,        /* --mode timing|functional */
  CLI_RO_CHECK = 1u << 7,       /* --check LIST (sim_check_parse) */
  CLI_RO_QUIET = 1u << 8,       /* --quiet, -q */
  CLI_RO_SAMPLE = 1u << 9,      /* --sample */
  CLI_RO_THREADS = 1u << 10,    /* --threads N (N >= 1) */
  CLI_RO_LINES = 1u << 11,      /* --lines, --top N */
  CLI_RO_TRACE = 1u << 12,      /* --trace FILE, --trace-detail compact|full */
  CLI_RO_CAPTURE = 1u << 13,    /* --capture DIR */
  CLI_RO_SLURM = 1u << 14,      /* --slurm */
  CLI_RO_REPLAY = 1u << 16,     /* --replay DIR/launch-N (a sweep over a captured launch) */
  /* what follows the options: with CLI_RO_PROGRAM a program and its
   * arguments (from "--" or the first argument that is not an option on;
   * its own --help stays its own), else at most one operand anywhere (a
   * capture), a second being an error */
  CLI_RO_PROGRAM = 1u << 15,
};

typedef struct cli_runopts {
  char config[4096];              /* "" when not given */
  const char *sets[CLI_MAX_SETS]; /* --set values, in order */
  size_t nsets;
  const char *db, *db_dir, *mode, *check, *threads, *trace, *trace_detail, *capture, *replay;
  int quiet, lines, sample, slurm;
  long long top;       /* --top (CLI_DEFAULT_TOP when not given) */
  char **program;      /* CLI_RO_PROGRAM: NULL-terminated; NULL when none */
  const char *operand; /* otherwise: the operand, or NULL */
} cli_runopts;

/* Parses the arguments after the command's name for command `cmd` ("run",
 * "sweep", "replay") taking the options in `takes`. Returns 0, 1 when
 * --help was printed (the command exits 0), or -1 when an option is unknown,
 * lacks its value or has a bad one (said on stderr as "wavesim CMD: ..."). */
int cli_runopts_parse(const char *cmd, unsigned takes, int argc, char **argv, cli_runopts *o);

/* The --set values joined with ';' as WAVESIM_SET takes them (malloc'd;
 * "" when none; NULL when out of memory). */
char *cli_runopts_sets(const cli_runopts *o);

#endif
