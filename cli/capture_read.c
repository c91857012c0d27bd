/* Reading a launch capture (docs/CAPTURE.md): capture.txt and the files it
 * names. Shared by `wavesim replay` (which checks the capture and takes its
 * config) and the host program that runs it (replay_host.c). */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "capture.h"

void *cli_slurp(const char *dir, const char *name, size_t *n, char *err, size_t errlen) {
  char path[PATH_MAX + 80];
  snprintf(path, sizeof path, "%s/%s", dir, name);
  FILE *f = fopen(path, "rb");
  if (!f) {
    snprintf(err, errlen, "%.400s: %s (a damaged capture?)", path, strerror(errno));
    return NULL;
  }
  fseek(f, 0, SEEK_END);
  long len = ftell(f);
  fseek(f, 0, SEEK_SET);
  void *b = malloc(len > 0 ? (size_t)len : 1);
  if (!b || (len > 0 && fread(b, 1, (size_t)len, f) != (size_t)len)) {
    snprintf(err, errlen, "%.400s: cannot read it", path);
    free(b);
    fclose(f);
    return NULL;
  }
  fclose(f);
  *n = (size_t)len;
  return b;
}

int cli_cap_read(cli_cap *c, char *err, size_t errlen) {
  char path[PATH_MAX + 32];
  snprintf(path, sizeof path, "%s/capture.txt", c->dir);
  FILE *f = fopen(path, "r");
  if (!f) {
    snprintf(err, errlen,
             "%.400s: %s (give the directory of one captured launch, e.g. DIR/launch-0001)", path,
             strerror(errno));
    return -1;
  }
  char line[8192];
  int n = 0, rc = 0, have_kernel = 0;
  while (rc == 0 && fgets(line, sizeof line, f)) {
    n++;
    line[strcspn(line, "\n")] = 0;
    char *val = strchr(line, ' ');
    const char *v = val ? val + 1 : "";
    if (val) *val = 0;
    unsigned i, version;
    if (n == 1) {
      if (strcmp(line, "wavesim-capture") != 0 || sscanf(v, "%u", &version) != 1) {
        snprintf(err, errlen,
                 "%.400s: not a wavesim capture (its first line is not 'wavesim-capture N')", path);
        rc = -1;
      } else if (version != CLI_REPLAY_VERSION) {
        snprintf(err, errlen,
                 "%.400s: capture format version %u; this wavesim reads version %d (capture it "
                 "again with this wavesim)",
                 path, version, CLI_REPLAY_VERSION);
        rc = -1;
      }
    } else if (!strcmp(line, "kernel")) {
      snprintf(c->kernel, sizeof c->kernel, "%s", v);
      have_kernel = 1;
    } else if (!strcmp(line, "program")) {
      if (sscanf(v, "%15s %63s", c->pkind, c->pfile) != 2) rc = -1;
    } else if (!strcmp(line, "options")) {
      snprintf(c->options, sizeof c->options, "%s", v);
    } else if (!strcmp(line, "spec")) {
      if (c->nspec == 64 || sscanf(v, "%u %u %llx", &c->spec_id[c->nspec], &c->spec_size[c->nspec],
                                   &c->spec_bits[c->nspec]) != 3)
        rc = -1;
      else
        c->nspec++;
    } else if (!strcmp(line, "config")) {
      snprintf(c->config, sizeof c->config, "%s", v);
      char *hash = strchr(c->config, '#'); /* a repeated device's "#2" */
      if (hash) *hash = 0;
    } else if (!strcmp(line, "overrides")) {
      snprintf(c->overrides, sizeof c->overrides, "%s", v);
    } else if (!strcmp(line, "work_dim")) {
      if (sscanf(v, "%u", &c->dims) != 1 || c->dims < 1 || c->dims > 3) rc = -1;
    } else if (!strcmp(line, "global") || !strcmp(line, "local") || !strcmp(line, "offset")) {
      size_t *x = line[0] == 'g' ? c->global : line[0] == 'l' ? c->local : c->offset;
      if (sscanf(v, "%zu %zu %zu", &x[0], &x[1], &x[2]) != 3) rc = -1;
    } else if (!strcmp(line, "arg")) {
      char kind[16] = "";
      int used = 0;
      if (sscanf(v, "%u %15s %n", &i, kind, &used) < 2 || i >= CLI_REPLAY_MAX_ARGS) {
        rc = -1;
        continue;
      }
      cli_carg *a = &c->args[i];
      snprintf(a->kind, sizeof a->kind, "%s", kind);
      const char *r = v + used;
      int ok =
          !strcmp(kind, "null") ||
          (!strcmp(kind, "value") && sscanf(r, "%zu %63s", &a->size, a->in) == 2) ||
          (!strcmp(kind, "local") && sscanf(r, "%zu", &a->size) == 1) ||
          (!strcmp(kind, "sampler") && sscanf(r, "%u", &a->word) == 1) ||
          (!strcmp(kind, "same") && sscanf(r, "%u", &a->same) == 1 && a->same < i) ||
          (!strcmp(kind, "buffer") && sscanf(r, "%zu %63s %63s", &a->size, a->in, a->out) == 3) ||
          (!strcmp(kind, "image") &&
           sscanf(r, "%u %u %u %zu %zu %zu %zu %63s %63s", &a->type, &a->order, &a->dtype, &a->w,
                  &a->h, &a->d, &a->layers, a->in, a->out) == 9);
      if (!ok) rc = -1;
      if (i + 1 > c->nargs) c->nargs = i + 1;
    } else if (line[0]) {
      rc = -1;
    }
    if (rc != 0 && !err[0])
      snprintf(err, errlen, "%.400s:%d: cannot read '%.200s %.400s' (a damaged capture?)", path, n,
               line, v);
  }
  fclose(f);
  if (rc == 0 && (n == 0 || !have_kernel || !c->pfile[0] || !c->dims)) {
    snprintf(err, errlen, "%.400s: %s", path,
             n == 0 ? "empty (not a wavesim capture)"
                    : "incomplete: no kernel, program or work_dim line (a damaged capture?)");
    rc = -1;
  }
  for (unsigned i = 0; rc == 0 && i < c->nargs; i++)
    if (!c->args[i].kind[0]) {
      snprintf(err, errlen, "%.400s: argument %u is missing (a damaged capture?)", path, i);
      rc = -1;
    }
  snprintf(path, sizeof path, "%s/FAILED", c->dir);
  c->failed = access(path, F_OK) == 0;
  return rc;
}

/* The size of DIR/name, or -1 with a message. */
static long long cli_cap_file_size(const cli_cap *c, const char *name, char *err, size_t errlen) {
  char path[PATH_MAX + 80];
  struct stat st;
  snprintf(path, sizeof path, "%s/%s", c->dir, name);
  if (stat(path, &st) != 0) {
    snprintf(err, errlen, "%.400s: %s (a damaged capture?)", path, strerror(errno));
    return -1;
  }
  return (long long)st.st_size;
}

int cli_cap_check_files(const cli_cap *c, char *err, size_t errlen) {
  for (unsigned i = 0; i < c->nargs; i++) {
    const cli_carg *a = &c->args[i];
    int value = !strcmp(a->kind, "value"), buffer = !strcmp(a->kind, "buffer");
    if (!value && !buffer && strcmp(a->kind, "image")) continue;
    long long in = cli_cap_file_size(c, a->in, err, errlen), out = -2;
    if (in < 0) return -1;
    if (!value && !c->failed && (out = cli_cap_file_size(c, a->out, err, errlen)) < 0) return -1;
    const char *name = a->in;
    long long want = value || buffer ? (long long)a->size : in, got = in;
    if (got == want && out >= 0 && out != want) name = a->out, got = out;
    if (got != want) {
      snprintf(err, errlen,
               "%.400s/%s: %lld bytes, but capture.txt says argument %u (%s) has %lld (a damaged "
               "capture?)",
               c->dir, name, got, i, a->kind, want);
      return -1;
    }
  }
  return 0;
}
