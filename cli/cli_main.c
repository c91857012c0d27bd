/* The `wavesim` command: a table of subcommands, each in its own file
 * (cmd_*.c); `wavesim --help` and `wavesim help COMMAND` are made from the
 * table, so a new command is one row and one file. */
#include <stdio.h>
#include <string.h>

#include "cli.h"

static const cli_cmd cli_cmds[] = {
    {"run", CLI_RUN_SYNOPSIS,
     "Run PROGRAM with wavesim as its only OpenCL platform, then print a\n"
     "per-kernel summary (cycles, time, instructions, occupancy, LDS bank\n"
     "conflicts, cache hit rates, DRAM traffic). Exits with PROGRAM's status.",
     cli_run_details, cli_cmd_run},
    {"report", CLI_REPORT_SYNOPSIS,
     "Print the summary of every launch recorded in a statistics database\n"
     "(--launch: only launch N); --lines adds each launch's hottest source\n"
     "lines (instructions, stall cycles, LDS conflicts, memory requests, text).",
     NULL, cli_cmd_report},
    {"compile", CLI_COMPILE_SYNOPSIS,
     "Build an OpenCL C file for each preset without a host program and print,\n"
     "per kernel, its ISA under the source lines, VGPR/SGPR/LDS/scratch use,\n"
     "occupancy with its limiter (and what would lift it), and the LDS bank\n"
     "conflicts of each LDS access whose address is affine in the work-item id.",
     cli_compile_details, cli_cmd_compile},
    {"diff", CLI_DIFF_SYNOPSIS,
     "Compare two statistics databases launch by launch (matched by program,\n"
     "kernel and order): cycles, stalls, occupancy, hit rates, bank conflicts,\n"
     "DRAM traffic (--all: every statistic that differs) and the source lines\n"
     "whose cost moved most (--top N of them, default 5, 0: all); --by order\n"
     "pairs the k-th launches whatever their kernels (two versions of one).",
     NULL, cli_cmd_diff},
    {"replay", CLI_REPLAY_SYNOPSIS,
     "Run one launch captured by `wavesim run --capture DIR` alone, on its own\n"
     "config or another (--config, --set), and check that every buffer and\n"
     "image it had ends as in the captured run.",
     cli_replay_details, cli_cmd_replay},
    {"sweep", CLI_SWEEP_SYNOPSIS,
     "Print one `wavesim run` command per point of a parameter sweep (every\n"
     "combination of the --set values, each point its own database), for GNU\n"
     "parallel, or with --slurm a Slurm array job script; every point's config\n"
     "is checked first.",
     cli_sweep_details, cli_cmd_sweep},
    {"merge", CLI_MERGE_SYNOPSIS,
     "Combine statistics databases (a sweep's points) into a new one: every\n"
     "launch with its line statistics and source, a source_db column and one\n"
     "column per config key the inputs set.",
     cli_merge_details, cli_cmd_merge},
    {"configs", CLI_CONFIGS_SYNOPSIS, "List the preset device configurations.", NULL,
     cli_cmd_configs},
};
#define CLI_NCMDS (sizeof cli_cmds / sizeof cli_cmds[0])

/* text, each line indented by `indent` spaces */
static void cli_indented(FILE *f, const char *text, int indent) {
  while (*text) {
    size_t n = strcspn(text, "\n");
    fprintf(f, "%*s%.*s\n", indent, "", (int)n, text);
    text += n + (text[n] == '\n');
  }
}

/* Help for every command (cmd NULL) or one. */
static void cli_usage(FILE *f, const cli_cmd *cmd) {
  fputs("wavesim: a cycle-approximate GPU simulator for unmodified OpenCL programs\n\nusage:\n", f);
  for (size_t i = 0; i < CLI_NCMDS; i++) {
    if (cmd && cmd != &cli_cmds[i]) continue;
    fprintf(f, "  %s\n", cli_cmds[i].synopsis);
    cli_indented(f, cli_cmds[i].summary, 6);
  }
  if (!cmd) fputs("  wavesim help [COMMAND]   (or wavesim --help, wavesim COMMAND --help)\n", f);
  for (size_t i = 0; i < CLI_NCMDS; i++)
    if ((!cmd || cmd == &cli_cmds[i]) && cli_cmds[i].details)
      fprintf(f, "\n%s", cli_cmds[i].details);
}

static const cli_cmd *cli_find(const char *name) {
  for (size_t i = 0; i < CLI_NCMDS; i++)
    if (strcmp(cli_cmds[i].name, name) == 0) return &cli_cmds[i];
  return NULL;
}

static int cli_unknown(const char *name) {
  fprintf(stderr, "wavesim: unknown command '%s' (commands:", name);
  for (size_t i = 0; i < CLI_NCMDS; i++) fprintf(stderr, "%s %s", i ? "," : "", cli_cmds[i].name);
  fprintf(stderr, "; see wavesim --help)\n");
  return 2;
}

void cli_help(FILE *f, const char *name) {
  cli_usage(f, cli_find(name));
}

int cli_is_help(const char *a) {
  return strcmp(a, "--help") == 0 || strcmp(a, "-h") == 0;
}

int main(int argc, char **argv) {
  if (argc < 2) {
    cli_usage(stderr, NULL);
    return 2;
  }
  if (cli_is_help(argv[1]) || strcmp(argv[1], "help") == 0) {
    const cli_cmd *c = argc > 2 ? cli_find(argv[2]) : NULL;
    if (argc > 2 && !c) return cli_unknown(argv[2]);
    cli_usage(stdout, c);
    return 0;
  }
  const cli_cmd *c = cli_find(argv[1]);
  if (!c) return cli_unknown(argv[1]);
  return c->run(argc - 2, argv + 2);
}
