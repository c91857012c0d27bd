/* The launch capture format (docs/CAPTURE.md, written by
 * runtime/rt_capture.c) as `wavesim replay` and its host program
 * `wavesim-replay` read it. */
#ifndef WAVESIM_CLI_CAPTURE_H
#define WAVESIM_CLI_CAPTURE_H

#include <limits.h>
#include <stddef.h>

#define CLI_REPLAY_MAX_ARGS 256
#define CLI_REPLAY_VERSION 1 /* the capture format this wavesim reads (rt_capture.c) */

typedef struct cli_carg {
  char kind[16]; /* value local sampler null same buffer image */
  size_t size;   /* value, local, buffer: bytes */
  unsigned same, word;
  unsigned type, order, dtype;
  size_t w, h, d, layers;
  char in[64], out[64];
  void *mem; /* the replay's cl_mem */
} cli_carg;

typedef struct cli_cap {
  char dir[PATH_MAX];
  char kernel[256], pkind[16], pfile[64], options[4096], config[256], overrides[1024];
  unsigned dims;
  size_t global[3], local[3], offset[3];
  unsigned nspec, spec_id[64], spec_size[64];
  unsigned long long spec_bits[64];
  cli_carg args[CLI_REPLAY_MAX_ARGS];
  unsigned nargs;
  int failed; /* the captured launch failed: no outputs */
} cli_cap;

/* DIR/name's bytes (malloc'd, *n of them), or NULL with a message in err. */
void *cli_slurp(const char *dir, const char *name, size_t *n, char *err, size_t errlen);
/* Reads c->dir/capture.txt into c. -1 with a message naming the file and line. */
int cli_cap_read(cli_cap *c, char *err, size_t errlen);
/* Whether the data files capture.txt names are there and as long as it
 * says (a value's and a buffer's SIZE; an image's in and out files equal),
 * before anything runs. -1 with a message naming the file. */
int cli_cap_check_files(const cli_cap *c, char *err, size_t errlen);

#endif
