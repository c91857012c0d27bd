/* `wavesim report`: the summary (and hot source lines) of the launches a
 * statistics database holds. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"

int cli_cmd_report(int argc, char **argv) {
  const char *db = "wavesim-stats.db";
  int lines = 0;
  long long top = CLI_DEFAULT_TOP, launch = 0;
  for (int i = 0; i < argc; i++) {
    int missing = 0;
    const char *v;
    if (cli_is_help(argv[i])) {
      cli_help(stdout, "report");
      return 0;
    } else if ((v = cli_opt(argc, argv, &i, "--db", &missing))) {
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
      fprintf(stderr, "wavesim report: %s '%s' (usage: " CLI_REPORT_SYNOPSIS ")\n",
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
  if (cli_report(stdout, db, 1, after, launch, err, sizeof err) < 0 ||
      (lines && cli_report_lines(stdout, db, after, launch, (int)top, err, sizeof err) < 0)) {
    fprintf(stderr, "wavesim: %s\n", err);
    return 1;
  }
  return 0;
}
