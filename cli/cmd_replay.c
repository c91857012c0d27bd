/* `wavesim replay DIR/launch-N`: one captured launch (WAVESIM_CAPTURE,
 * `wavesim run --capture`; format in docs/CAPTURE.md) run alone, on its own
 * config or another (--config, --set), through the real runtime (the ICD
 * loader and libwavesim.so, as a host program would), then checked: every
 * buffer and image it had must hold what the captured run left, since a
 * kernel's results do not depend on the timing model. A sweep over a capture
 * costs one launch per point, not one run of the whole program. */
#define CL_TARGET_OPENCL_VERSION 300
#include <CL/cl.h>
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cfg.h"
#include "cli.h"
#include "isa_image.h"
#include "sim_check.h"

#define CLI_REPLAY_MAX_ARGS 256
#define CLI_REPLAY_VERSION 1 /* the capture format this wavesim reads (rt_capture.c) */

const char cli_replay_details[] =
    "replay options:\n"
    "  --config NAME|FILE   run on this config instead of the captured one\n"
    "  --set KEY=VALUE      override a key (after the captured overrides; repeatable)\n"
    "  --db FILE            statistics database (default ./wavesim-stats.db; 'none')\n"
    "  --mode timing|functional, --check LIST, --quiet   as for run\n"
    "Exit status 0 when every output equals the captured run's, 1 when one\n"
    "differs or the launch fails, 2 for a bad capture or option.\n";

typedef struct cli_carg {
  char kind[16]; /* value local sampler null same buffer image */
  size_t size;   /* value, local, buffer: bytes */
  unsigned same, word;
  unsigned type, order, dtype;
  size_t w, h, d, layers;
  char in[64], out[64];
  cl_mem mem;
} cli_carg;

typedef struct cli_cap {
  char dir[PATH_MAX];
  char kernel[256], pkind[16], pfile[64], options[4096], config[256], overrides[1024];
  cl_uint dims;
  size_t global[3], local[3], offset[3];
  unsigned nspec, spec_id[64], spec_size[64];
  unsigned long long spec_bits[64];
  cli_carg args[CLI_REPLAY_MAX_ARGS];
  unsigned nargs;
  int failed; /* the captured launch failed: no outputs */
} cli_cap;

static void *cli_slurp(const char *dir, const char *name, size_t *n, char *err, size_t errlen) {
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

/* Reads DIR/capture.txt into c. -1 with a message naming the line. */
static int cli_cap_read(cli_cap *c, char *err, size_t errlen) {
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
  c->failed = cli_is_file(path);
  return rc;
}

#define CL_TRY(call, what)                                                                         \
  do {                                                                                             \
    cl_int e_ = (call);                                                                            \
    if (e_ != CL_SUCCESS) {                                                                        \
      fprintf(stderr, "wavesim replay: %s failed (OpenCL error %d)\n", what, (int)e_);             \
      goto out;                                                                                    \
    }                                                                                              \
  } while (0)

static cl_mem_object_type cli_image_desc(const cli_carg *a, cl_image_desc *d) {
  memset(d, 0, sizeof *d);
  d->image_type = a->type;
  d->image_width = a->w;
  d->image_height = a->h;
  d->image_depth = a->d;
  d->image_array_size = a->layers;
  return a->type;
}

/* Runs the launch through the ICD loader (the environment already points it
 * at wavesim) and compares its outputs. 0: all equal; 1: a difference or
 * failure (said). */
static int cli_replay_run(cli_cap *c) {
  int rc = 1;
  char err[1024] = "";
  cl_platform_id plat;
  cl_device_id dev;
  cl_context ctx = NULL;
  cl_command_queue q = NULL;
  cl_program prog = NULL;
  cl_kernel k = NULL;
  cl_sampler samplers[CLI_REPLAY_MAX_ARGS] = {0};
  void *pbytes = NULL;
  size_t plen = 0;
  cl_int e;
  CL_TRY(clGetPlatformIDs(1, &plat, NULL), "clGetPlatformIDs (is the config valid?)");
  CL_TRY(clGetDeviceIDs(plat, CL_DEVICE_TYPE_ALL, 1, &dev, NULL), "clGetDeviceIDs");
  ctx = clCreateContext(NULL, 1, &dev, NULL, NULL, &e);
  CL_TRY(e, "clCreateContext");
  q = clCreateCommandQueueWithProperties(ctx, dev, NULL, &e);
  CL_TRY(e, "clCreateCommandQueue");
  if (!(pbytes = cli_slurp(c->dir, c->pfile, &plen, err, sizeof err))) {
    fprintf(stderr, "wavesim replay: %s\n", err);
    goto out;
  }
  if (!strcmp(c->pkind, "binary")) {
    const unsigned char *b = pbytes;
    prog = clCreateProgramWithBinary(ctx, 1, &dev, &plen, &b, NULL, &e);
  } else {
    prog = clCreateProgramWithIL(ctx, pbytes, plen, &e);
    for (unsigned i = 0; e == CL_SUCCESS && i < c->nspec; i++)
      e = clSetProgramSpecializationConstant(prog, c->spec_id[i], c->spec_size[i],
                                             &c->spec_bits[i]);
  }
  CL_TRY(e, "creating the program from the capture");
  if (clBuildProgram(prog, 1, &dev, c->options, NULL, NULL) != CL_SUCCESS) {
    char log[16384] = "";
    clGetProgramBuildInfo(prog, dev, CL_PROGRAM_BUILD_LOG, sizeof log, log, NULL);
    fprintf(stderr, "wavesim replay: the program does not build on this config:\n%s\n", log);
    goto out;
  }
  k = clCreateKernel(prog, c->kernel, &e);
  CL_TRY(e, "clCreateKernel");
  for (unsigned i = 0; i < c->nargs; i++) {
    cli_carg *a = &c->args[i];
    size_t n = 0;
    void *in = NULL;
    if (!strcmp(a->kind, "value") || !strcmp(a->kind, "buffer") || !strcmp(a->kind, "image")) {
      if (!(in = cli_slurp(c->dir, a->in, &n, err, sizeof err))) {
        fprintf(stderr, "wavesim replay: %s\n", err);
        goto out;
      }
    }
    if (!strcmp(a->kind, "value")) {
      e = clSetKernelArg(k, i, n, in);
    } else if (!strcmp(a->kind, "local")) {
      e = clSetKernelArg(k, i, a->size, NULL);
    } else if (!strcmp(a->kind, "null")) {
      e = clSetKernelArg(k, i, sizeof(cl_mem), NULL);
    } else if (!strcmp(a->kind, "sampler")) {
      unsigned ad = a->word & ISA_SAMPLER_ADDR_MASK;
      cl_addressing_mode am = ad == ISA_SAMPLER_ADDR_CLAMP_TO_EDGE     ? CL_ADDRESS_CLAMP_TO_EDGE
                              : ad == ISA_SAMPLER_ADDR_CLAMP           ? CL_ADDRESS_CLAMP
                              : ad == ISA_SAMPLER_ADDR_REPEAT          ? CL_ADDRESS_REPEAT
                              : ad == ISA_SAMPLER_ADDR_MIRRORED_REPEAT ? CL_ADDRESS_MIRRORED_REPEAT
                                                                       : CL_ADDRESS_NONE;
      cl_sampler_properties props[] = {CL_SAMPLER_NORMALIZED_COORDS,
                                       (a->word & ISA_SAMPLER_NORMALIZED) != 0,
                                       CL_SAMPLER_ADDRESSING_MODE,
                                       am,
                                       CL_SAMPLER_FILTER_MODE,
                                       (a->word & ISA_SAMPLER_FILTER_LINEAR) ? CL_FILTER_LINEAR
                                                                             : CL_FILTER_NEAREST,
                                       0};
      samplers[i] = clCreateSamplerWithProperties(ctx, props, &e);
      if (e == CL_SUCCESS) e = clSetKernelArg(k, i, sizeof(cl_sampler), &samplers[i]);
    } else if (!strcmp(a->kind, "same")) {
      e = clSetKernelArg(k, i, sizeof(cl_mem), &c->args[a->same].mem);
    } else if (!strcmp(a->kind, "buffer")) {
      a->mem = clCreateBuffer(ctx, CL_MEM_READ_WRITE | (n ? CL_MEM_COPY_HOST_PTR : 0), n ? n : 1,
                              n ? in : NULL, &e);
      if (e == CL_SUCCESS) e = clSetKernelArg(k, i, sizeof(cl_mem), &a->mem);
    } else { /* image: a 1D buffer image gets its buffer first */
      cl_image_format fmt = {a->order, a->dtype};
      cl_image_desc d;
      cl_mem_object_type t = cli_image_desc(a, &d);
      cl_mem buf = NULL;
      if (t == CL_MEM_OBJECT_IMAGE1D_BUFFER) {
        buf = clCreateBuffer(ctx, CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR, n, in, &e);
        d.buffer = buf;
        a->mem = e == CL_SUCCESS ? clCreateImage(ctx, CL_MEM_READ_WRITE, &fmt, &d, NULL, &e) : NULL;
        if (buf) clReleaseMemObject(buf); /* the image keeps it */
      } else {
        a->mem = clCreateImage(ctx, CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR, &fmt, &d, in, &e);
      }
      if (e == CL_SUCCESS) e = clSetKernelArg(k, i, sizeof(cl_mem), &a->mem);
    }
    free(in);
    if (e != CL_SUCCESS) {
      fprintf(stderr, "wavesim replay: argument %u (%s) cannot be set (OpenCL error %d)\n", i,
              a->kind, (int)e);
      goto out;
    }
  }
  e = clEnqueueNDRangeKernel(q, k, c->dims, c->offset, c->global, c->local, 0, NULL, NULL);
  if (e == CL_SUCCESS) e = clFinish(q);
  if (e != CL_SUCCESS) {
    fprintf(stderr,
            "wavesim replay: kernel '%s' failed (OpenCL error %d; the messages above say "
            "why)\n",
            c->kernel, (int)e);
    goto out;
  }
  if (c->failed) {
    printf("wavesim replay: the captured launch had failed, so there are no outputs to compare\n");
    rc = 0;
    goto out;
  }
  rc = 0;
  unsigned compared = 0;
  for (unsigned i = 0; i < c->nargs; i++) {
    cli_carg *a = &c->args[i];
    if (!a->mem) continue;
    size_t n = 0;
    void *want = cli_slurp(c->dir, a->out, &n, err, sizeof err);
    void *got = want ? malloc(n ? n : 1) : NULL;
    if (!want || !got) {
      fprintf(stderr, "wavesim replay: %s\n", err[0] ? err : "out of memory");
      free(want);
      rc = 1;
      continue;
    }
    if (!strcmp(a->kind, "buffer")) {
      e = clEnqueueReadBuffer(q, a->mem, CL_TRUE, 0, n, got, 0, NULL, NULL);
    } else {
      size_t origin[3] = {0, 0, 0};
      size_t region[3] = {a->w,
                          a->type == CL_MEM_OBJECT_IMAGE1D_ARRAY ? a->layers
                          : a->h                                 ? a->h
                                                                 : 1,
                          a->type == CL_MEM_OBJECT_IMAGE2D_ARRAY ? a->layers
                          : a->d                                 ? a->d
                                                                 : 1};
      e = clEnqueueReadImage(q, a->mem, CL_TRUE, origin, region, 0, 0, got, 0, NULL, NULL);
    }
    size_t at = 0;
    while (e == CL_SUCCESS && at < n && ((unsigned char *)got)[at] == ((unsigned char *)want)[at])
      at++;
    if (e != CL_SUCCESS) {
      printf("wavesim replay: argument %u: cannot read it back (OpenCL error %d)\n", i, (int)e);
      rc = 1;
    } else if (at < n) {
      printf("wavesim replay: argument %u (%s, %zu bytes) differs from the captured run's, first "
             "at byte %zu: captured 0x%02x, replayed 0x%02x\n",
             i, a->kind, n, at, ((unsigned char *)want)[at], ((unsigned char *)got)[at]);
      rc = 1;
    }
    compared++;
    free(want);
    free(got);
  }
  if (rc == 0)
    printf("wavesim replay: %s: %u output%s equal the captured run's\n", c->kernel, compared,
           compared == 1 ? "" : "s");
out:
  for (unsigned i = 0; i < c->nargs; i++) {
    if (c->args[i].mem) clReleaseMemObject(c->args[i].mem);
    if (samplers[i]) clReleaseSampler(samplers[i]);
  }
  free(pbytes);
  if (k) clReleaseKernel(k);
  if (prog) clReleaseProgram(prog);
  if (q) clReleaseCommandQueue(q);
  if (ctx) clReleaseContext(ctx);
  return rc;
}

static int cli_replay(int argc, char **argv, cli_cap *c) {
  const char *config = NULL, *db = NULL, *mode = NULL, *check = NULL, *dir = NULL;
  char sets[4096] = "";
  int quiet = 0;
  for (int i = 0; i < argc; i++) {
    int missing = 0;
    const char *v;
    if (cli_is_help(argv[i])) {
      cli_help(stdout, "replay");
      return 0;
    } else if ((v = cli_opt(argc, argv, &i, "--config", &missing))) {
      config = v;
    } else if ((v = cli_opt(argc, argv, &i, "--set", &missing))) {
      if (!strchr(v, '=')) {
        fprintf(stderr, "wavesim replay: --set %s: expected KEY=VALUE\n", v);
        return 2;
      }
      size_t u = strlen(sets);
      snprintf(sets + u, sizeof sets - u, "%s%s", u ? ";" : "", v);
    } else if ((v = cli_opt(argc, argv, &i, "--db", &missing))) {
      db = v;
    } else if ((v = cli_opt(argc, argv, &i, "--mode", &missing))) {
      if (strcmp(v, "timing") && strcmp(v, "functional")) {
        fprintf(stderr, "wavesim replay: --mode %s: use 'timing' or 'functional'\n", v);
        return 2;
      }
      mode = v;
    } else if ((v = cli_opt(argc, argv, &i, "--check", &missing))) {
      uint32_t bits;
      char cerr[256];
      if (sim_check_parse(v, &bits, cerr, sizeof cerr) != 0) {
        fprintf(stderr, "wavesim replay: --check %s: %s\n", v, cerr);
        return 2;
      }
      check = v;
    } else if (strcmp(argv[i], "--quiet") == 0 || strcmp(argv[i], "-q") == 0) {
      quiet = 1;
    } else if (argv[i][0] == '-' || missing || dir) {
      fprintf(stderr, "wavesim replay: %s '%s' (usage: " CLI_REPLAY_SYNOPSIS ")\n",
              missing ? "missing value for"
              : dir   ? "extra argument"
                      : "unknown option",
              argv[i]);
      return 2;
    } else {
      dir = argv[i];
    }
  }
  if (!dir) {
    fprintf(stderr, "wavesim replay: no capture given (usage: " CLI_REPLAY_SYNOPSIS ")\n");
    return 2;
  }
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
  cli_export_config_dir();
  const char *cfgname = config ? config : c->config[0] ? c->config : "default";
  {
    const char *list[256];
    size_t nl = 0;
    char tmp[8192];
    snprintf(tmp, sizeof tmp, "%s", all);
    for (char *s = NULL, *t = strtok_r(tmp, ";", &s); t && nl < 256; t = strtok_r(NULL, ";", &s))
      list[nl++] = t;
    cfg_device cfg;
    if (cfg_load(cfgname, list, nl, &cfg, err, sizeof err) != 0) {
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
  if (mode) setenv("WAVESIM_MODE", mode, 1);
  if (check) setenv("WAVESIM_CHECK", check, 1);
  unsetenv("WAVESIM_CAPTURE"); /* a replay is not captured again */
  int rc = cli_replay_run(c);
  if (!quiet && before >= 0) {
    fflush(stdout);
    if (cli_report(stderr, dbpath, keep, before, 0, err, sizeof err) < 0)
      fprintf(stderr, "wavesim: %s\n", err);
  }
  cli_remove_vendors(vdir, icd, keep ? NULL : dbpath);
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
