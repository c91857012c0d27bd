/* The wavesim command: a table of subcommands (cli_main.c), one file each
 * (cmd_*.c; compile's analysis and reports in compile_*.c, compile.h), the
 * helpers they share (cli_util.c; run, sweep and replay's options in
 * cli_runopts.c) and the database readers behind the summaries
 * (db_summary.c, db_lines.c). */
#ifndef WAVESIM_CLI_H
#define WAVESIM_CLI_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

/* A subcommand: `wavesim NAME ARGS...` calls run(argc, argv) with the
 * arguments after NAME and exits with what it returns (2: bad usage). */
typedef struct cli_cmd {
  const char *name;
  const char *synopsis; /* one line: how it is called */
  const char *summary;  /* what it does, a few lines of up to 72 columns */
  const char *details;  /* its options and environment for --help, or NULL */
  int (*run)(int argc, char **argv);
} cli_cmd;

#define CLI_LIB_NAME "libwavesim.so"
#define CLI_DEFAULT_TOP 10 /* source lines per launch for --lines */
#define CLI_RUN_SYNOPSIS "wavesim run [options] -- PROGRAM [ARGS...]"
#define CLI_REPORT_SYNOPSIS "wavesim report [--db FILE] [--lines] [--top N] [--launch N]"
#define CLI_CONFIGS_SYNOPSIS "wavesim configs"
#define CLI_SWEEP_SYNOPSIS                                                                         \
  "wavesim sweep --set KEY=V1,V2,... [--set ...] --db-dir DIR [--config NAME] [--slurm]\n"         \
  "                (-- PROGRAM [ARGS...] | --replay DIR/launch-N)"
#define CLI_REPLAY_SYNOPSIS                                                                        \
  "wavesim replay DIR/launch-N [--config NAME|FILE] [--set KEY=VALUE]... [--db FILE]"
#define CLI_MERGE_SYNOPSIS "wavesim merge --db OUT IN.db..."
#define CLI_DIFF_SYNOPSIS "wavesim diff A.db B.db [--all] [--top N] [--by kernel|order]"
#define CLI_SRC_WIDTH 64 /* columns of source text shown per line */
#define CLI_COMPILE_SYNOPSIS                                                                       \
  "wavesim compile FILE.cl [-D..] [-I..] [--config NAME].. [--kernel K] [--local X,Y,Z]\n"         \
  "                  [--format text|json]"

/* The commands (cmd_*.c). */
int cli_cmd_run(int argc, char **argv);
int cli_cmd_report(int argc, char **argv);
int cli_cmd_configs(int argc, char **argv);
int cli_cmd_diff(int argc, char **argv);
int cli_cmd_sweep(int argc, char **argv);
int cli_cmd_merge(int argc, char **argv);
int cli_cmd_replay(int argc, char **argv);
int cli_cmd_compile(int argc, char **argv);
/* cli_main.c: prints the help of command `name` (the table's), for its
 * --help option; cli_is_help: a is --help or -h. */
void cli_help(FILE *f, const char *name);
int cli_is_help(const char *a);
/* The commands' options (and run's environment), for --help. */
extern const char cli_run_details[], cli_sweep_details[], cli_merge_details[], cli_replay_details[],
    cli_compile_details[];

/* cli_util.c */
/* snprintf for paths: -1 when the result did not fit. */
int cli_fmt(char *out, size_t len, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
int cli_is_file(const char *p);
int cli_is_dir(const char *p);
/* libwavesim.so: next to the executable (build tree), in ../<libdir> (an
 * install), else the paths fixed at configure time. -1: not found. */
int cli_find_library(char *out, size_t len);
/* The presets' directory: WAVESIM_CONFIG_DIR, else the source tree, else the
 * installed share/wavesim/configs. */
const char *cli_config_dir(char *buf, size_t len);
/* Exports that directory as WAVESIM_CONFIG_DIR for the runtime of a program
 * the command starts (the command passes it to cfg_load itself). */
void cli_export_config_dir(void);
/* path made absolute against the working directory. -1: too long or no cwd. */
int cli_absolute(const char *path, char *out, size_t len);
/* A copy of s (NULL when out of memory). */
char *cli_strdup(const char *s);
/* The path of this executable (/proc/self/exe). -1: unknown. */
int cli_self(char *out, size_t len);
/* A private vendors directory (under TMPDIR) whose only ICD is the library
 * `lib`: a program pointed at it sees wavesim as its one platform. -1 with
 * errno when it cannot be made. */
int cli_make_vendors(const char *lib, char *dir, size_t len, char *icd, size_t icdlen);
/* Removes it, and a throw-away database made inside it (db, with SQLite's
 * side files; NULL: none). */
void cli_remove_vendors(const char *dir, const char *icd, const char *db);
/* A count option's value: a decimal integer >= min, else -1. */
long long cli_count(const char *v, long long min);
/* Value of "--opt VALUE" or "--opt=VALUE" at argv[*i] (moving *i past a
 * separate value); NULL if argv[*i] is not this option, with *missing set
 * when it is but the value is missing. */
const char *cli_opt(int argc, char **argv, int *i, const char *opt, int *missing);

/* db_summary.c, db_lines.c */
/* Copies line `n` (1-based) of text into buf, leading blanks dropped and
 * cut to CLI_SRC_WIDTH with "..."; "" when the text has fewer lines. */
void cli_source_line(const char *text, long long n, char *buf, size_t len);
struct sqlite3;
struct sqlite3_stmt;
/* The database at path opened read-only, or NULL with a message in err. */
struct sqlite3 *cli_db_open(const char *path, char *err, size_t errlen);
/* The first of sql[0..nsql) this database can prepare (older schema
 * versions lack columns), with its three parameters bound to the launch
 * range (id > after_id and, unless last_id is 0, id <= last_id); NULL with
 * a message in err when none can. */
struct sqlite3_stmt *cli_db_launches(struct sqlite3 *db, const char *path, const char *const *sql,
                                     size_t nsql, int64_t after_id, int64_t last_id, char *err,
                                     size_t errlen);
/* Highest launch id in the database, 0 if it is missing or empty, -1 with a
 * message in err when it cannot be read. */
int64_t cli_db_last_id(const char *path, char *err, size_t errlen);

/* Prints one row per launch with after_id < id <= last_id (last_id 0: no
 * upper bound) to out, then a total line naming the database (kept 0: a
 * throw-away one, --db none). Returns the number of launches
 * printed, or -1 with a message in err. */
int cli_report(FILE *out, const char *path, int kept, int64_t after_id, int64_t last_id, char *err,
               size_t errlen);

/* For the same launches, the `top` hottest source lines of each (0: all):
 * line, wave instructions, stall cycles, LDS conflict cycles, memory
 * requests and the line's source text (db_lines.c). Returns the number of
 * launches printed, or -1 with a message in err. */
int cli_report_lines(FILE *out, const char *path, int64_t after_id, int64_t last_id, int top,
                     char *err, size_t errlen);

#endif
