/* `wavesim compile`: builds an OpenCL C file as clBuildProgram would for
 * each preset, without a host program, and reports per kernel its ISA with
 * source lines, resources, occupancy (and what limits it) and the static
 * LDS bank conflicts (compile_print.c prints, compile_affine.c analyses). */
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "compile.h"
#include "fe.h"
#include "rt_opts.h"
#include "rt_target.h"

#define CLI_COMPILE_MAX_SETS 256

const char cli_compile_details[] =
    "compile options:\n"
    "  -DNAME[=VALUE], -IDIR, -cl-..., -w, -Werror\n"
    "                       build options, as a host program passes them to\n"
    "                       clBuildProgram (-D X and -I X work too); FILE's own\n"
    "                       directory is searched for #include last\n"
    "  --options STRING     more build options, passed on as they are\n"
    "  --config NAME|FILE   a preset (see `wavesim configs`) or a YAML file; repeat\n"
    "                       it (or give NAME,NAME) to report on several (default:\n"
    "                       $WAVESIM_CONFIG, else 'default')\n"
    "  --set KEY=VALUE      override one config key (repeatable), as for run\n"
    "  --kernel NAME        report only this kernel\n"
    "  --local X[,Y[,Z]]    the work-group size occupancy and LDS conflicts assume\n"
    "                       for kernels without reqd_work_group_size (default: the\n"
    "                       preset's dispatch.auto_workgroup_size, one-dimensional,\n"
    "                       what the runtime aims at for a NULL local size)\n"
    "  --spirv OUT.spv      also write the SPIR-V module the build made of FILE (for\n"
    "                       the first preset), which clCreateProgramWithIL builds on a\n"
    "                       machine without an OpenCL C compiler (scripts/bench_threads)\n"
    "  --format text|json   text (default): per kernel and preset, the ISA listing\n"
    "                       under its source lines, then resources, occupancy and\n"
    "                       LDS conflicts; json: an array of one object per kernel\n"
    "                       per preset (fields in README.md, 'wavesim compile')\n"
    "exit status: 0 built, 1 the build failed (its log on stderr, as\n"
    "clBuildProgram gives it), 2 bad usage, file or config\n";

typedef struct cli_compile_opts {
  const char *file;
  char *options; /* build options joined */
  size_t options_len;
  char config_list[4096];
  const char *sets[CLI_COMPILE_MAX_SETS];
  size_t nsets;
  const char *kernel;
  uint32_t local[3];
  int have_local;
  int json;
  const char *spirv; /* --spirv: where the SPIR-V module goes */
} cli_compile_opts;

static int cli_compile_usage(const char *fmt, const char *arg) {
  fprintf(stderr, "wavesim compile: ");
  fprintf(stderr, fmt, arg);
  fprintf(stderr, " (see wavesim compile --help)\n");
  return -1;
}

/* Appends one build option (shell-quoting is not needed: the frontend
 * splits on spaces, as clBuildProgram's option string is split). */
static int cli_compile_add(cli_compile_opts *o, const char *a, const char *b) {
  size_t need = o->options_len + strlen(a) + (b ? strlen(b) : 0) + 2;
  char *n = realloc(o->options, need + 1);
  if (!n) return -1;
  o->options = n;
  o->options_len +=
      (size_t)sprintf(n + o->options_len, "%s%s%s", o->options_len ? " " : "", a, b ? b : "");
  return 0;
}

/* --local X[,Y[,Z]]: each a positive count. */
static int cli_parse_local(const char *v, uint32_t local[3]) {
  char buf[64];
  if (strlen(v) >= sizeof buf) return -1;
  snprintf(buf, sizeof buf, "%s", v);
  local[0] = local[1] = local[2] = 1;
  int d = 0;
  char *save = NULL;
  for (char *t = strtok_r(buf, ",", &save); t; t = strtok_r(NULL, ",", &save), d++) {
    long long x = cli_count(t, 1);
    if (d > 2 || x < 0 || x > 65536) return -1;
    local[d] = (uint32_t)x;
  }
  return d ? 0 : -1;
}

static int cli_parse_compile(int argc, char **argv, cli_compile_opts *o) {
  for (int i = 0; i < argc; i++) {
    int missing = 0;
    const char *v, *a = argv[i];
    if (cli_is_help(a)) {
      cli_help(stdout, "compile");
      return 1;
    } else if ((!strcmp(a, "-D") || !strcmp(a, "-I")) && i + 1 < argc) {
      if (cli_compile_add(o, a, NULL) || cli_compile_add(o, argv[++i], NULL)) return -1;
    } else if (!strcmp(a, "-D") || !strcmp(a, "-I")) {
      return cli_compile_usage("missing value for '%s'", a);
    } else if (!strncmp(a, "-D", 2) || !strncmp(a, "-I", 2) || !strncmp(a, "-cl-", 4) ||
               !strcmp(a, "-w") || !strcmp(a, "-Werror")) {
      if (cli_compile_add(o, a, NULL)) return -1;
    } else if ((v = cli_opt(argc, argv, &i, "--options", &missing))) {
      if (*v && cli_compile_add(o, v, NULL)) return -1;
    } else if ((v = cli_opt(argc, argv, &i, "--config", &missing))) {
      size_t used = strlen(o->config_list);
      if (!*v || used + strlen(v) + 2 > sizeof o->config_list)
        return cli_compile_usage("--config '%s': expected a preset name or a YAML file", v);
      snprintf(o->config_list + used, sizeof o->config_list - used, "%s%s", used ? "," : "", v);
    } else if ((v = cli_opt(argc, argv, &i, "--set", &missing))) {
      if (o->nsets == CLI_COMPILE_MAX_SETS)
        return cli_compile_usage("too many --set options (%s)", v);
      if (!strchr(v, '='))
        return cli_compile_usage("--set %s: expected KEY=VALUE (e.g. --set cu.count=8)", v);
      o->sets[o->nsets++] = v;
    } else if ((v = cli_opt(argc, argv, &i, "--kernel", &missing))) {
      o->kernel = v;
    } else if ((v = cli_opt(argc, argv, &i, "--local", &missing))) {
      if (cli_parse_local(v, o->local) != 0)
        return cli_compile_usage("--local %s: expected X[,Y[,Z]], each from 1 to 65536", v);
      o->have_local = 1;
    } else if ((v = cli_opt(argc, argv, &i, "--spirv", &missing))) {
      o->spirv = v;
    } else if ((v = cli_opt(argc, argv, &i, "--format", &missing))) {
      if (strcmp(v, "text") != 0 && strcmp(v, "json") != 0)
        return cli_compile_usage("--format %s: use 'text' or 'json'", v);
      o->json = !strcmp(v, "json");
    } else if (missing) {
      return cli_compile_usage("missing value for '%s'", a);
    } else if (a[0] == '-' && a[1]) {
      return cli_compile_usage("unknown option '%s'", a);
    } else if (o->file) {
      return cli_compile_usage("one FILE at a time ('%s' is a second)", a);
    } else {
      o->file = a;
    }
  }
  if (!o->file) return cli_compile_usage("no FILE.cl given%s", "");
  return 0;
}

/* The whole file (NUL-terminated, malloc'd), or NULL with errno set. */
static char *cli_slurp(const char *path, size_t *len) {
  FILE *f = fopen(path, "rb");
  if (!f) return NULL;
  char *buf = NULL;
  size_t n = 0, cap = 0;
  for (;;) {
    if (n + 4096 + 1 > cap) {
      cap = cap ? cap * 2 : 65536;
      char *nb = realloc(buf, cap);
      if (!nb) {
        free(buf);
        fclose(f);
        errno = ENOMEM;
        return NULL;
      }
      buf = nb;
    }
    size_t got = fread(buf + n, 1, cap - n - 1, f);
    n += got;
    if (got == 0) break;
  }
  int bad = ferror(f);
  fclose(f);
  if (bad) {
    free(buf);
    errno = EIO;
    return NULL;
  }
  buf[n] = 0;
  *len = n;
  return buf;
}

/* Splits a copy of text into lines[1..n] (lines[0] unused). */
static char **cli_lines(const char *text, uint32_t *n, char **copy) {
  size_t count = 1;
  for (const char *p = text; *p; p++) count += *p == '\n';
  char **lines = calloc(count + 1, sizeof *lines);
  *copy = strdup(text);
  if (!lines || !*copy) {
    free(lines);
    free(*copy);
    return NULL;
  }
  uint32_t at = 0;
  char *p = *copy;
  while (*p) {
    lines[++at] = p;
    char *nl = strchr(p, '\n');
    if (!nl) break;
    *nl = 0;
    if (nl > p && nl[-1] == '\r') nl[-1] = 0;
    p = nl + 1;
  }
  *n = at;
  return lines;
}

/* What would lift occupancy's limiter: the nearest change of the binding
 * resource (or the work-group size) that lets a compute unit hold more
 * work-groups, found by asking sim_occupancy_compute itself. */
static void cli_compile_lift(cli_compile_item *it) {
  const cfg_device *c = it->cfg;
  const isa_kernel *k = it->k;
  const sim_occupancy *o = &it->occ;
  uint64_t items = (uint64_t)it->local[0] * it->local[1] * it->local[2];
  uint32_t simds = (uint32_t)c->cu_simds, slots = (uint32_t)c->cu_wave_slots;
  uint32_t have = o->wgs_per_cu;
  sim_occupancy t;
  char err[512];
  const char *lim = o->limiter;
  if (!strcmp(lim, "vgprs") || !strcmp(lim, "sgprs")) {
    int v = !strcmp(lim, "vgprs");
    uint32_t g = (uint32_t)(v ? c->cu_vgpr_granule : c->cu_sgpr_granule);
    uint32_t alloc = v ? o->vgprs_alloc : o->sgprs_alloc;
    uint32_t floor = v ? ISA_ABI_VGPR_FIRST_FREE : ISA_ABI_SGPR_FIRST_FREE;
    for (uint32_t r = alloc > g ? alloc - g : 0; r >= floor && r > 0; r = r > g ? r - g : 0) {
      if (sim_occupancy_compute(c, items, v ? r : k->nvgprs, v ? k->nsgprs : r, k->lds_bytes, &t,
                                err, sizeof err) == 0 &&
          t.wgs_per_cu > have) {
        snprintf(it->lift, sizeof it->lift,
                 "%s: %u %s allocated per wave -> %u would allow %u work-groups per CU "
                 "(%u waves/SIMD; then limited by %s)",
                 v ? "registers" : "scalar registers", alloc, v ? "VGPRs" : "SGPRs", r,
                 t.wgs_per_cu, t.wgs_per_cu * t.waves_per_wg / simds, t.limiter);
        return;
      }
      if (r <= g) break;
    }
    snprintf(it->lift, sizeof it->lift, "%s: fewer would not fit another work-group",
             v ? "registers" : "scalar registers");
  } else if (!strcmp(lim, "lds")) {
    uint32_t g = (uint32_t)c->lds_granule;
    for (uint32_t b = o->lds_alloc > g ? o->lds_alloc - g : 0;; b = b > g ? b - g : 0) {
      if (sim_occupancy_compute(c, items, k->nvgprs, k->nsgprs, b, &t, err, sizeof err) == 0 &&
          t.wgs_per_cu > have) {
        snprintf(it->lift, sizeof it->lift,
                 "LDS: %u bytes allocated per work-group -> %u would allow %u work-groups per CU "
                 "(then limited by %s)",
                 o->lds_alloc, b, t.wgs_per_cu, t.limiter);
        return;
      }
      if (b == 0) break;
    }
    snprintf(it->lift, sizeof it->lift, "LDS: less would not fit another work-group");
  } else if (!strcmp(lim, "workgroups")) {
    /* cu.max_workgroups binds: bigger work-groups fill more slots */
    for (uint64_t n = items * 2; n <= (uint64_t)c->cu_max_wg_size; n *= 2)
      if (sim_occupancy_compute(c, n, k->nvgprs, k->nsgprs, k->lds_bytes, &t, err, sizeof err) ==
              0 &&
          (uint64_t)t.wgs_per_cu * t.waves_per_wg > (uint64_t)have * o->waves_per_wg) {
        snprintf(it->lift, sizeof it->lift,
                 "work-groups per CU (cu.max_workgroups = %u): work-groups of %llu "
                 "work-items would keep %u waves per CU instead of %u",
                 have, (unsigned long long)n, t.wgs_per_cu * t.waves_per_wg,
                 have * o->waves_per_wg);
        return;
      }
    snprintf(it->lift, sizeof it->lift,
             "work-groups per CU: larger work-groups would not keep more waves");
  } else {
    uint32_t used = have * o->waves_per_wg;
    if (used >= simds * slots)
      snprintf(it->lift, sizeof it->lift,
               "wave slots: every slot holds a wave (%u per SIMD), the hardware's most", slots);
    else
      snprintf(it->lift, sizeof it->lift,
               "wave slots: %u work-groups of %u waves fill %u of %u slots per CU; a work-group "
               "of waves dividing %u would fill them",
               have, o->waves_per_wg, used, simds * slots, simds * slots);
  }
}

/* Reports kernel k of prog on one preset. */
static int cli_compile_kernel(const cli_compile_opts *o, const char *preset, const cfg_device *cfg,
                              const isa_kernel *k, const char *const *lines, uint32_t nlines,
                              int *first) {
  cli_compile_item it = {
      .preset = preset, .cfg = cfg, .k = k, .file = o->file, .lines = lines, .nlines = nlines};
  if (k->reqd_wg_size[0]) {
    for (int d = 0; d < 3; d++) it.local[d] = k->reqd_wg_size[d] ? k->reqd_wg_size[d] : 1;
    it.local_from = "reqd_work_group_size";
  } else if (o->have_local) {
    memcpy(it.local, o->local, sizeof it.local);
    it.local_from = "--local";
  } else {
    it.local[0] = (uint32_t)cfg->dispatch_auto_wg_size;
    if (it.local[0] > (uint32_t)cfg->cu_max_wg_size) it.local[0] = (uint32_t)cfg->cu_max_wg_size;
    it.local[1] = it.local[2] = 1;
    it.local_from = "dispatch.auto_workgroup_size";
  }
  uint64_t items = (uint64_t)it.local[0] * it.local[1] * it.local[2];
  it.occ_ok = sim_occupancy_compute(cfg, items, k->nvgprs, k->nsgprs, k->lds_bytes, &it.occ,
                                    it.occ_err, sizeof it.occ_err) == 0;
  if (it.occ_ok) cli_compile_lift(&it);
  uint32_t n = k->ncode ? k->ncode : 1;
  cli_lds_addr *lds = calloc(n, sizeof *lds);
  cli_lds_cost *cost = calloc(n, sizeof *cost);
  if (!lds || !cost || cli_affine_lds(k, lds) != 0) {
    free(lds);
    free(cost);
    fprintf(stderr, "wavesim compile: out of memory analysing kernel '%s'\n", k->name);
    return -1;
  }
  if (items <= (uint64_t)cfg->cu_max_wg_size)
    for (uint32_t pc = 0; pc < k->ncode; pc++)
      if (lds[pc].affine) cli_lds_degree(&lds[pc], &k->code[pc], cfg, it.local, &cost[pc]);
  it.lds = lds;
  it.lds_cost = cost;
  if (o->json)
    cli_compile_json(stdout, &it, *first);
  else
    cli_compile_text(stdout, &it);
  *first = 0;
  free(lds);
  free(cost);
  return 0;
}

/* --spirv: the SPIR-V module of the program for target, into o->spirv
 * (a failed build says nothing here: fe_build's log follows). 0, or -1
 * with the reason on stderr. */
static int cli_compile_write_spirv(const cli_compile_opts *o, fe_compiler *fc, const char *source,
                                   const char *options, const fe_target *target) {
  uint32_t *words = NULL;
  size_t n = 0;
  char *log = NULL;
  fe_status st = fe_source_spirv(fc, source, options, target, &words, &n, &log);
  free(log);
  if (st != FE_OK) return 0;
  FILE *f = fopen(o->spirv, "wb");
  int bad = !f || fwrite(words, 4, n, f) != n;
  if (f && fclose(f) != 0) bad = 1;
  free(words);
  if (bad) {
    fprintf(stderr, "wavesim compile: cannot write --spirv %s: %s\n", o->spirv, strerror(errno));
    return -1;
  }
  return 0;
}

/* Builds the program for one preset and reports its kernels. Returns 0, 1
 * (the build failed) or 2 (bad config, kernel or options). */
static int cli_compile_preset(const cli_compile_opts *o, fe_compiler *fc, const char *preset,
                              const char *source, const char *options, const char *const *lines,
                              uint32_t nlines, int *first) {
  cfg_device cfg;
  char err[1024];
  char dirbuf[PATH_MAX];
  const char *presets = cli_config_dir(dirbuf, sizeof dirbuf);
  if (cfg_load(presets, preset, o->sets, o->nsets, &cfg, err, sizeof err) != 0) {
    fprintf(stderr, "wavesim compile: %s\n", err);
    return 2;
  }
  fe_target target;
  char exts[RT_EXT_BYTES];
  if (rt_target_init(&target, &cfg, exts, sizeof exts, err, sizeof err) != 0) {
    fprintf(stderr, "wavesim compile: %s\n", err);
    cfg_fini(&cfg);
    return 2;
  }
  if (o->spirv && *first && cli_compile_write_spirv(o, fc, source, options, &target) != 0) {
    cfg_fini(&cfg);
    return 2;
  }
  isa_program *prog = NULL;
  char *log = NULL;
  fe_status st = fe_build(fc, source, options, &target, &prog, &log);
  /* the build log as clBuildProgram's CL_PROGRAM_BUILD_LOG holds it
   * (warnings of a successful build too) */
  if (log && *log) fputs(log, stderr);
  free(log);
  int rc = 0;
  if (st != FE_OK || !prog) {
    fprintf(stderr, "wavesim compile: %s: clBuildProgram would fail for preset '%s' with %s\n",
            o->file, preset,
            st == FE_INVALID_OPTIONS ? "CL_INVALID_BUILD_OPTIONS" : "CL_BUILD_PROGRAM_FAILURE");
    rc = st == FE_INVALID_OPTIONS ? 2 : 1;
  } else if (o->kernel && !isa_program_find(prog, o->kernel)) {
    fprintf(stderr, "wavesim compile: %s has no kernel '%s' (kernels:", o->file, o->kernel);
    for (uint32_t i = 0; i < prog->nkernels; i++)
      fprintf(stderr, "%s %s", i ? "," : "", prog->kernels[i].name);
    fprintf(stderr, ")\n");
    rc = 2;
  } else {
    if (prog->nkernels == 0 && !o->json) printf("%s: no kernels\n", o->file);
    for (uint32_t i = 0; i < prog->nkernels && rc == 0; i++)
      if (!o->kernel || !strcmp(prog->kernels[i].name, o->kernel))
        if (cli_compile_kernel(o, preset, &cfg, &prog->kernels[i], lines, nlines, first) != 0)
          rc = 2;
  }
  if (prog) isa_program_destroy(prog);
  cfg_fini(&cfg);
  return rc;
}

int cli_cmd_compile(int argc, char **argv) {
  cli_compile_opts o = {0};
  int parsed = cli_parse_compile(argc, argv, &o);
  if (parsed != 0) {
    free(o.options);
    return parsed < 0 ? 2 : 0; /* 1: --help was printed */
  }
  size_t len = 0;
  char *source = cli_slurp(o.file, &len);
  if (!source) {
    fprintf(stderr, "wavesim compile: cannot read %s: %s\n", o.file, strerror(errno));
    free(o.options);
    return 2;
  }
  /* FILE's directory last on the include path, where clang would look */
  char dir[PATH_MAX];
  const char *slash = strrchr(o.file, '/');
  if (slash)
    snprintf(dir, sizeof dir, "-I%.*s", (int)(slash - o.file + 1), o.file);
  else
    snprintf(dir, sizeof dir, "-I.");
  char *options = NULL;
  size_t olen =
      strlen(rt_target_build_prefix()) + (o.options ? strlen(o.options) : 0) + strlen(dir) + 3;
  if ((options = malloc(olen)))
    snprintf(options, olen, "%s %s %s", rt_target_build_prefix(), o.options ? o.options : "", dir);
  char *copy = NULL;
  uint32_t nlines = 0;
  char **lines = options ? cli_lines(source, &nlines, &copy) : NULL;
  if (!lines) {
    fprintf(stderr, "wavesim compile: out of memory\n");
    free(options);
    free(source);
    free(o.options);
    return 2;
  }
  const char *config = o.config_list[0] ? o.config_list : getenv("WAVESIM_CONFIG");
  if (!config || !*config) config = "default";
  char names[4096];
  snprintf(names, sizeof names, "%s", config);
  fe_compiler *fc = rt_opts_compiler_create(); /* the environment's tools and cache */
  int rc = 0, first = 1;
  if (o.json) printf("[");
  char *save = NULL;
  for (char *name = strtok_r(names, ",", &save); name && rc == 0;
       name = strtok_r(NULL, ",", &save)) {
    while (*name == ' ') name++;
    if (*name)
      rc = cli_compile_preset(&o, fc, name, source, options, (const char *const *)lines, nlines,
                              &first);
  }
  if (o.json) printf("%s]\n", first ? "" : "\n");
  fe_compiler_destroy(fc);
  free(lines);
  free(copy);
  free(options);
  free(source);
  free(o.options);
  return rc;
}
