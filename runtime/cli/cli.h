/* The wavesim command's parts: the per-kernel summary and the hot source
 * lines read back from the statistics database (cli_report.c, cli_lines.c)
 * and the command line (wavesim_cli.c). */
#ifndef WAVESIM_CLI_H
#define WAVESIM_CLI_H

#include <stdint.h>
#include <stdio.h>

/* Highest launch id in the database, 0 if it is missing or empty, -1 with a
 * message in err when it cannot be read. */
int64_t cli_db_last_id(const char *path, char *err, size_t errlen);

/* Prints one row per launch with after_id < id <= last_id (last_id 0: no
 * upper bound) to out, then a total line. Returns the number of launches
 * printed, or -1 with a message in err. */
int cli_report(FILE *out, const char *path, int64_t after_id, int64_t last_id, char *err,
               size_t errlen);

/* For the same launches, the `top` hottest source lines of each (0: all):
 * line, wave instructions, stall cycles, LDS conflict cycles, memory
 * requests and the line's source text (cli_lines.c). Returns the number of
 * launches printed, or -1 with a message in err. */
int cli_report_lines(FILE *out, const char *path, int64_t after_id, int64_t last_id, int top,
                     char *err, size_t errlen);

#endif
