/* The compiler driver behind fe.h: OpenCL C or SPIR-V -> IR (fe_front) ->
 * passes and backend (be_compile) -> isa_program, with one build log. */
#include <spirv/unified1/spirv.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "backend/be.h"
#include "clc_hint.h"
#include "fe.h"
#include "fe_cache.h"
#include "fe_front.h"
#include "spv_reader.h"

/* Failed source builds remembered for the compiler's lifetime, by compile
 * cache key: programs such as CLBlast retry a build that failed at every
 * call (hundreds of times, seconds of clang each), and a build's outcome is
 * a function of its key. A ring; the oldest is forgotten first. */
#define FE_FAILED_MAX 32
typedef struct fe_failed {
  fe_cache_key key;
  fe_status st;
  char *log; /* NULL: slot unused */
} fe_failed;

/* The compiler object holds the tool paths, the compile cache and the failed
 * builds (callers serialize builds: the runtime holds its lock). */
struct fe_compiler {
  char *clang, *llvm_spirv, *opt, *llvm_link, *legal, *spirv_link;
  char *tmpdir;    /* NULL: /tmp */
  int legal_stats; /* fe_host.legal_stats */
  fe_cache *cache; /* NULL only when out of memory: builds just compile */
  fe_failed failed[FE_FAILED_MAX];
  unsigned failed_next;
  uint64_t failed_hits;
};

static fe_clc_tools fe_tools(const fe_compiler *c) {
  fe_clc_tools t = {.clang = c->clang,
                    .llvm_spirv = c->llvm_spirv,
                    .opt = c->opt,
                    .llvm_link = c->llvm_link,
                    .legal = c->legal,
                    .spirv_link = c->spirv_link,
                    .tmpdir = c->tmpdir,
                    .legal_stats = c->legal_stats};
  return t;
}

/* A copy of the host's path when it gives one, else of the default. */
static char *fe_path(const char *given, const char *def) {
  return strdup(given && *given ? given : def);
}

/* llvm-link of the same LLVM as opt: opt's path with "opt" replaced by
 * "llvm-link" in its file name (/usr/bin/opt-14 -> /usr/bin/llvm-link-14). */
static char *fe_llvm_link_path(const char *opt) {
  const char *base = opt ? strrchr(opt, '/') : NULL;
  base = base ? base + 1 : opt;
  if (!base || strncmp(base, "opt", 3))
    return strdup("llvm-link");
  size_t dl = (size_t)(base - opt), n = dl + strlen("llvm-link") + strlen(base + 3) + 1;
  char *p = malloc(n);
  if (p)
    snprintf(p, n, "%.*sllvm-link%s", (int)dl, opt, base + 3);
  return p;
}

fe_compiler *fe_compiler_create(const fe_host *host) {
  static const fe_host none = {0};
  if (!host) host = &none;
  fe_compiler *c = calloc(1, sizeof *c);
  if (!c)
    return NULL;
  fe_clc_tools t = fe_front_default_tools();
  c->clang = fe_path(host->clang, t.clang);
  c->llvm_spirv = fe_path(host->llvm_spirv, t.llvm_spirv);
  c->opt = fe_path(host->opt, t.opt);
  c->legal = fe_path(host->legal, t.legal);
  c->llvm_link =
      host->llvm_link && *host->llvm_link ? strdup(host->llvm_link) : fe_llvm_link_path(c->opt);
  c->spirv_link = fe_path(host->spirv_link, t.spirv_link);
  int tmp_ok = !host->tmpdir || !*host->tmpdir || (c->tmpdir = strdup(host->tmpdir));
  c->legal_stats = host->legal_stats;
  if (!c->clang || !c->llvm_spirv || !c->opt || !c->llvm_link || !c->legal || !c->spirv_link ||
      !tmp_ok) {
    fe_compiler_destroy(c); /* the runtime reports NULL as out of memory */
    return NULL;
  }
  t = fe_tools(c);
  c->cache = fe_cache_open(&t, host->cache_dir);
  return c;
}

void fe_compiler_destroy(fe_compiler *c) {
  if (!c)
    return;
  free(c->clang);
  free(c->llvm_spirv);
  free(c->opt);
  free(c->legal);
  free(c->llvm_link);
  free(c->spirv_link);
  free(c->tmpdir);
  fe_cache_close(c->cache);
  for (unsigned i = 0; i < FE_FAILED_MAX; i++) free(c->failed[i].log);
  free(c);
}

/* The build log for the caller. A log that dropped text for lack of memory
 * fails the build (a lost error or warning must not pass silently): the
 * program is discarded and the log says why. NULL only when not even that
 * message fits in memory. */
static char *fe_take_log(fe_sb *lb, fe_status *st, isa_program **out) {
  int oom = lb->oom;
  char *s = fe_sb_take(lb);
  if (s && !oom) return s;
  free(s);
  if (out && *out) {
    isa_program_destroy(*out);
    *out = NULL;
  }
  if (*st == FE_OK) *st = FE_BUILD_FAILED;
  return strdup("error: out of memory while compiling the program (writing the build log); free "
                "host memory or build fewer programs at once\n");
}

/* Runs the backend on a module from the front half and owns its freeing. */
static fe_status fe_back(ir_module *m, const fe_target *target, isa_program **out,
                         char **ir_text, char **isa_text, fe_sb *log) {
  char err[1024] = "";
  int rc = (ir_text || isa_text) ? be_compile_dump(m, target, out, ir_text, isa_text, err, sizeof err)
                                 : be_compile(m, target, out, err, sizeof err);
  ir_module_free(m);
  if (rc) {
    fe_sb_printf(log, "%s%s", err[0] ? err : "error: code generation failed",
                 err[0] && err[strlen(err) - 1] == '\n' ? "" : "\n");
    return FE_BUILD_FAILED;
  }
  return FE_OK;
}

/* One "kernel_arg_type.<kernel>.<t0>,<t1>,...," OpString (llvm-spirv's
 * --preserve-ocl-kernel-arg-type-metadata-through-string): the list after
 * "<prefix><kernel>." when the kernel name matches, else NULL. */
static const char *fe_arg_list(const char *str, const char *prefix, const char *kernel) {
  size_t pl = strlen(prefix), kl = strlen(kernel);
  if (strncmp(str, prefix, pl) || strncmp(str + pl, kernel, kl) || str[pl + kl] != '.')
    return NULL;
  return str + pl + kl + 1;
}

static uint32_t fe_qual_bits(const char *q, size_t len) {
  uint32_t bits = 0;
  for (size_t i = 0; i < len;) {
    while (i < len && q[i] == ' ')
      i++;
    size_t w = i;
    while (w < len && q[w] != ' ')
      w++;
    size_t n = w - i;
    if (n == 5 && !strncmp(q + i, "const", 5))
      bits |= 1u; /* CL_KERNEL_ARG_TYPE_CONST */
    else if (n == 8 && !strncmp(q + i, "restrict", 8))
      bits |= 2u; /* CL_KERNEL_ARG_TYPE_RESTRICT */
    else if (n == 8 && !strncmp(q + i, "volatile", 8))
      bits |= 4u; /* CL_KERNEL_ARG_TYPE_VOLATILE */
    else if (n == 4 && !strncmp(q + i, "pipe", 4))
      bits |= 8u; /* CL_KERNEL_ARG_TYPE_PIPE */
    i = w;
  }
  return bits;
}

/* Splits a "a,b,c," list into exactly k->nargs fields; 0 when it matches. */
static int fe_split_list(const char *list, uint32_t nargs, const char **start, size_t *len) {
  const char *p = list;
  for (uint32_t i = 0; i < nargs; i++) {
    const char *comma = strchr(p, ',');
    if (!comma)
      return -1;
    start[i] = p;
    len[i] = (size_t)(comma - p);
    p = comma + 1;
  }
  return *p ? -1 : 0;
}

/* Gives each kernel argument clang's spelling of its type ("uint*",
 * "uchar4*", typedef names) and its qualifiers, from the OpStrings the
 * translator keeps; SPIR-V types alone lose signedness and qualifiers. */
static int fe_apply_arg_info(isa_program *prog, const uint32_t *words, size_t nwords) {
  for (size_t at = 5; at < nwords;) {
    uint32_t wc = words[at] >> 16, op = words[at] & 0xffffu;
    if (wc == 0 || at + wc > nwords) return 0;
    if (op == 59 /* OpFunction: no OpString after the debug section */) return 0;
    if (op == 7 /* OpString */ && wc > 2) {
      size_t bytes = (wc - 2) * 4;
      const char *str = (const char *)(words + at + 2);
      if (memchr(str, 0, bytes)) {
        for (uint32_t k = 0; k < prog->nkernels; k++) {
          isa_kernel *kn = &prog->kernels[k];
          const char *types = fe_arg_list(str, "kernel_arg_type.", kn->name);
          const char *quals = fe_arg_list(str, "kernel_arg_type_qual.", kn->name);
          if ((!types && !quals) || !kn->nargs)
            continue;
          const char **st = calloc(kn->nargs, sizeof *st);
          size_t *ln = calloc(kn->nargs, sizeof *ln);
          int oom = !st || !ln;
          if (st && ln && !fe_split_list(types ? types : quals, kn->nargs, st, ln)) {
            for (uint32_t i = 0; i < kn->nargs; i++) {
              if (quals) {
                kn->args[i].type_qual = fe_qual_bits(st[i], ln[i]);
                continue;
              }
              char *name = malloc(ln[i] + 1);
              if (!name) {
                oom = 1;
                continue;
              }
              memcpy(name, st[i], ln[i]);
              name[ln[i]] = 0;
              free(kn->args[i].type_name);
              kn->args[i].type_name = name;
            }
          }
          free(st);
          free(ln);
          if (oom) return -1;
        }
      }
    }
    at += wc;
  }
  return 0;
}

/* SPIR-V -> isa_program with the argument info applied. */
static fe_status fe_spirv_to_isa(const uint32_t *words, size_t nwords, const fe_target *target,
                                 isa_program **out, fe_sb *log) {
  ir_module *m = NULL;
  fe_status st = fe_front_spirv(words, nwords, &m, log);
  if (st == FE_OK)
    st = fe_back(m, target, out, NULL, NULL, log);
  if (st == FE_OK && *out && fe_apply_arg_info(*out, words, nwords)) {
    isa_program_destroy(*out);
    *out = NULL;
    fe_sb_printf(log, "error: out of memory while compiling the program (kernel argument "
                      "information); free host memory or build fewer programs at once\n");
    st = FE_BUILD_FAILED;
  }
  return st;
}

/* Produces the program's SPIR-V again with t's settings (fe_to_isa_retry). */
typedef fe_status (*fe_recompile_fn)(const fe_clc_tools *t, void *arg, uint32_t **words,
                                     size_t *nwords, fe_sb *log);

/* One retry of fe_to_isa_retry: the program compiled again with t's
 * settings, then the backend on it; on success *words is replaced. */
static int fe_rebuild(fe_clc_tools *t, fe_recompile_fn again, void *arg, const fe_target *plain,
                      isa_program **out, uint32_t **words, size_t *nwords, fe_sb *log) {
  uint32_t *w2 = NULL;
  size_t n2 = 0;
  fe_status st = again(t, arg, &w2, &n2, log);
  if (st == FE_OK) st = fe_spirv_to_isa(w2, n2, plain, out, log);
  if (st != FE_OK) {
    free(w2);
    return 0;
  }
  free(*words);
  *words = w2, *nwords = n2;
  return 1;
}

/* The backend on SPIR-V from the optimizing pipeline. When it fails (a
 * register limit spilling cannot meet: too few registers for one
 * instruction's operands, or the VGPRs that spill slots and scratch
 * addresses need) it tries again with less ambition, as vendor compilers do under register
 * pressure: first without the scheduler's register budget (its order can lengthen uniform values'
 * lives), then from a program compiled without loop unrolling (unrolled loops keep more values
 * live), last from the minimal pipeline. If one of those builds, the first failure stays in the log
 * as a note (a warning for the minimal pipeline). *words may be replaced (caller frees). */
static fe_status fe_to_isa_retry(fe_clc_tools *t, uint32_t **words, size_t *nwords,
                                 const fe_target *target, isa_program **out, fe_sb *log,
                                 fe_recompile_fn again, void *arg) {
  fe_sb first = {0}, second = {0}, *keep = &first;
  fe_status st = fe_spirv_to_isa(*words, *nwords, target, out, &first);
  fe_target plain = *target;
  plain.sched_vgprs = 0;
  const char *how = NULL;
  if (st == FE_BUILD_FAILED && target->sched_vgprs) {
    if (fe_spirv_to_isa(*words, *nwords, &plain, out, &second) == FE_OK)
      how = "without the scheduler's register budget";
    fe_sb_fini(&second);
    second = (fe_sb){0};
  }
  if (st == FE_BUILD_FAILED && !how && !t->no_unroll) {
    t->no_unroll = 1;
    if (fe_rebuild(t, again, arg, &plain, out, words, nwords, &second))
      how = "without loop unrolling";
  }
  /* last: the minimal pipeline (what -cl-opt-disable runs), for a program
   * the optimised SPIR-V of which our reader rejects (a translator output
   * no legalisation in frontend/legal/legal.c covers yet): a valid kernel builds, and
   * the log warns that its code and cycles are not what an optimising
   * compiler gives */
  int warn = 0;
  if (st == FE_BUILD_FAILED && !how && !t->minimal) {
    fe_sb_fini(&second);
    second = (fe_sb){0};
    t->minimal = 1;
    if (fe_rebuild(t, again, arg, &plain, out, words, nwords, &second)) {
      how = "from the minimal pipeline (mem2reg only), so its code and cycle counts are those "
            "of unoptimised code (please report the kernel)";
      warn = 1;
    }
  }
  if (how) {
    char *msg = fe_sb_take(&first);
    if (msg)
      fe_sb_printf(log, "%s: built %s; as first compiled: %s", warn ? "warning" : "note", how, msg);
    else
      log->oom = 1; /* a dropped message fails the build (fe_take_log) */
    free(msg);
    st = FE_OK;
    keep = &second;
  }
  char *msg = fe_sb_take(keep);
  if (msg)
    fe_sb_append(log, msg, strlen(msg));
  else
    log->oom = 1;
  free(msg);
  fe_sb_fini(&first);
  fe_sb_fini(&second);
  return st;
}

typedef struct fe_src_args {
  const char *source, *options;
} fe_src_args;

static fe_status fe_recompile_source(const fe_clc_tools *t, void *arg, uint32_t **words,
                                     size_t *nwords, fe_sb *log) {
  const fe_src_args *a = arg;
  return fe_clc_compile(t, a->source, a->options, words, nwords, log);
}

typedef struct fe_link_args {
  const void *const *bcs;
  const size_t *lens;
  size_t n;
} fe_link_args;

static fe_status fe_recompile_link(const fe_clc_tools *t, void *arg, uint32_t **words,
                                   size_t *nwords, fe_sb *log) {
  const fe_link_args *a = arg;
  void *bc = NULL;
  size_t bc_len = 0;
  fe_status st = fe_clc_link(t, a->bcs, a->lens, a->n, 0, &bc, &bc_len, words, nwords, log);
  free(bc); /* the same linked bitcode as the first time */
  return st;
}

void fe_compiler_cache_stats(const fe_compiler *c, fe_cache_stats *out) {
  fe_cache_get_stats(c ? c->cache : NULL, out);
  out->failed_hits = c ? c->failed_hits : 0;
}

/* A remembered failure of `key`: its status, and a copy of its log. */
static int fe_failed_lookup(fe_compiler *c, const fe_cache_key *key, fe_status *st, char **log) {
  for (unsigned i = 0; i < FE_FAILED_MAX; i++) {
    const fe_failed *f = &c->failed[i];
    if (f->log && !memcmp(f->key.b, key->b, sizeof key->b)) {
      *log = strdup(f->log);
      if (!*log) return 0; /* out of memory: just compile again */
      *st = f->st;
      c->failed_hits++;
      return 1;
    }
  }
  return 0;
}

/* Only a verdict on the source and options is remembered, not FE_INTERNAL (a
 * tool that could not run, out of memory: another try may succeed). */
static void fe_failed_store(fe_compiler *c, const fe_cache_key *key, fe_status st,
                            const char *log) {
  if (st != FE_BUILD_FAILED && st != FE_INVALID_OPTIONS) return;
  char *copy = strdup(log ? log : "");
  if (!copy) return;
  fe_failed *f = &c->failed[c->failed_next];
  c->failed_next = (c->failed_next + 1) % FE_FAILED_MAX;
  free(f->log);
  f->key = *key;
  f->st = st;
  f->log = copy;
}

fe_status fe_build(fe_compiler *c, const char *source, const char *options,
                   const fe_target *target, isa_program **out, char **log) {
  fe_sb lb = {0};
  fe_status st;
  *out = NULL;
  fe_cache_key key;
  /* a build that shows wavesim-legal's counts must run to show them */
  int cacheable =
      c && !c->legal_stats && fe_cache_key_source(c->cache, source, options, target, &key) == 0;
  if (cacheable && fe_failed_lookup(c, &key, &st, log)) return st;
  if (cacheable && fe_cache_lookup(c->cache, &key, out, log))
    return FE_OK;
  if (!c) {
    fe_sb_printf(&lb, "error: internal: no compiler object\n");
    st = FE_INTERNAL;
  } else {
    fe_clc_tools t = fe_tools(c);
    t.target = target;
    uint32_t *words = NULL;
    size_t nwords = 0;
    st = fe_clc_compile(&t, source, options, &words, &nwords, &lb);
    fe_src_args a = {source, options};
    if (st == FE_OK)
      st = fe_to_isa_retry(&t, &words, &nwords, target, out, &lb, fe_recompile_source, &a);
    free(words);
  }
  *log = fe_take_log(&lb, &st, out);
  if (cacheable && st == FE_OK)
    fe_cache_store(c->cache, &key, *out, *log);
  else if (cacheable && *log)
    fe_failed_store(c, &key, st, *log);
  return st;
}

fe_status fe_source_spirv(fe_compiler *c, const char *source, const char *options,
                          const fe_target *target, uint32_t **words, size_t *nwords, char **log) {
  fe_sb lb = {0};
  fe_status st = FE_INTERNAL;
  *words = NULL;
  *nwords = 0;
  if (!c) {
    fe_sb_printf(&lb, "error: internal: no compiler object\n");
  } else {
    fe_clc_tools t = fe_tools(c);
    t.target = target;
    st = fe_clc_compile(&t, source, options, words, nwords, &lb);
  }
  *log = fe_take_log(&lb, &st, NULL);
  if (st != FE_OK) {
    free(*words);
    *words = NULL;
    *nwords = 0;
  }
  return st;
}

/* Every kernel of prog asks for uniform work-groups (a SPIR-V program built
 * with -cl-uniform-work-group-size); done after the cache, which keeps the
 * module's own program whatever the options. */
static void fe_uniform_wg(isa_program *prog) {
  for (uint32_t i = 0; prog && i < prog->nkernels; i++) prog->kernels[i].uniform_wg = 1;
}

fe_status fe_build_spirv(fe_compiler *c, const uint32_t *words, size_t nwords, const char *options,
                         const fe_target *target, isa_program **out, char **log) {
  fe_sb lb = {0};
  *out = NULL;
  int uniform = 0;
  fe_status st = options && *options ? fe_clc_il_options(options, &uniform, &lb) : FE_OK;
  if (st != FE_OK) {
    *log = fe_take_log(&lb, &st, out);
    return st;
  }
  fe_cache_key key;
  int cacheable = c && fe_cache_key_spirv(c->cache, words, nwords, target, &key) == 0;
  if (cacheable && fe_cache_lookup(c->cache, &key, out, log)) {
    if (uniform) fe_uniform_wg(*out);
    fe_sb_fini(&lb);
    return FE_OK;
  }
  st = fe_spirv_to_isa(words, nwords, target, out, &lb);
  *log = fe_take_log(&lb, &st, out);
  if (cacheable && st == FE_OK)
    fe_cache_store(c->cache, &key, *out, *log);
  if (st == FE_OK && uniform) fe_uniform_wg(*out);
  return st;
}

char *fe_dump(fe_compiler *c, const char *source, const char *options,
              const fe_target *target, int ir, char **log) {
  fe_sb lb = {0};
  ir_module *m = NULL;
  char *text = NULL;
  if (c) {
    fe_clc_tools t = fe_tools(c);
    if (fe_front_source(&t, source, options, &m, &lb) == FE_OK) {
      isa_program *prog = NULL;
      char *ir_text = NULL, *isa_text = NULL;
      if (fe_back(m, target, &prog, ir ? &ir_text : NULL, ir ? NULL : &isa_text, &lb) == FE_OK)
        text = ir ? ir_text : isa_text;
      else
        free(ir ? ir_text : isa_text);
      if (prog)
        isa_program_destroy(prog);
    }
  }
  if (lb.oom) {
    free(text);
    text = NULL;
  }
  fe_status st = text ? FE_OK : FE_BUILD_FAILED;
  if (log)
    *log = fe_take_log(&lb, &st, NULL);
  else
    fe_sb_fini(&lb);
  return text;
}

fe_status fe_compile_object(fe_compiler *c, const char *source, const char *options,
                            const fe_header *hdrs, size_t nhdrs, const fe_target *target,
                            void **bc, size_t *bc_len, char **log) {
  fe_sb lb = {0};
  fe_status st = FE_INTERNAL;
  *bc = NULL;
  *bc_len = 0;
  if (!c) {
    fe_sb_printf(&lb, "error: internal: no compiler object\n");
  } else {
    fe_clc_tools t = fe_tools(c);
    t.target = target;
    st = fe_clc_compile_bc(&t, source, options, hdrs, nhdrs, bc, bc_len, &lb);
  }
  *log = fe_take_log(&lb, &st, NULL);
  if (st != FE_OK) {
    free(*bc);
    *bc = NULL;
    *bc_len = 0;
  }
  return st;
}

/* Whether the module declares an import (LinkageAttributes ... Import): a
 * function or variable only a link defines. */
static int fe_spirv_imports(const uint32_t *w, size_t n) {
  for (size_t at = 5, wc; at < n && (wc = w[at] >> 16) && at + wc <= n; at += wc)
    if ((w[at] & 0xFFFF) == SpvOpDecorate && wc >= 5 &&
        w[at + 2] == SpvDecorationLinkageAttributes && w[at + wc - 1] == SpvLinkageTypeImport)
      return 1;
  return 0;
}

fe_status fe_compile_spirv_object(fe_compiler *c, const uint32_t *words, size_t nwords,
                                  const char *options, const fe_target *target, void **obj,
                                  size_t *obj_len, char **log) {
  fe_sb lb = {0};
  *obj = NULL;
  *obj_len = 0;
  int uniform = 0;
  (void)c;
  fe_status st = options && *options ? fe_clc_il_options(options, &uniform, &lb) : FE_OK;
  /* read as clBuildProgram reads it: a module it cannot build fails here
   * with the reader's message, not later at the link; one that imports
   * what another object defines is checked as far as it can be alone */
  isa_program *prog = NULL;
  if (st == FE_OK && fe_spirv_imports(words, nwords))
    st = spv_check(words, nwords, &lb) ? FE_BUILD_FAILED : FE_OK;
  else if (st == FE_OK)
    st = fe_spirv_to_isa(words, nwords, target, &prog, &lb);
  if (prog) isa_program_destroy(prog);
  uint32_t *w = st == FE_OK ? malloc(nwords * sizeof *w) : NULL;
  if (st == FE_OK && !w) {
    fe_sb_printf(&lb, "error: out of memory keeping the compiled SPIR-V object\n");
    st = FE_BUILD_FAILED;
  }
  if (w) {
    memcpy(w, words, nwords * sizeof *w);
    size_t n = nwords;
    if (uniform && fe_clc_mark_uniform_entry_points(&w, &n)) {
      fe_sb_printf(&lb, "error: out of memory marking the kernels for uniform work-groups\n");
      st = FE_BUILD_FAILED;
    }
    *obj = w, *obj_len = n * sizeof *w;
  }
  *log = fe_take_log(&lb, &st, NULL);
  if (st != FE_OK) {
    free(*obj);
    *obj = NULL;
    *obj_len = 0;
  }
  return st;
}

/* A compiled object or library is SPIR-V (an IL program's) or LLVM
 * bitcode (a source program's): told apart by SPIR-V's magic number. */
static int fe_object_is_spirv(const void *obj, size_t len) {
  uint32_t magic = 0;
  if (len >= 20 && len % 4 == 0) memcpy(&magic, obj, 4);
  return magic == SpvMagicNumber;
}

/* fe_link when any input is a SPIR-V object: the bitcode ones linked and
 * lowered to SPIR-V together (fe_clc_link), every module raised to the
 * latest version among them, then spirv-link; the executable is read from
 * the linked module, which is also *out_mod (CL_PROGRAM_BINARIES). */
static fe_status fe_link_spirv(fe_compiler *c, const void *const *objs, const size_t *lens,
                               size_t n, int library, const fe_target *target, void **out_mod,
                               size_t *out_len, isa_program **out, fe_sb *lb) {
  fe_clc_tools t = fe_tools(c);
  t.target = target;
  const void **bcs = calloc(n, sizeof *bcs);
  size_t *bcl = calloc(n, sizeof *bcl), nbc = 0, nmods = 0;
  uint32_t **mods = calloc(n + 1, sizeof *mods), *lowered = NULL, *linked = NULL;
  size_t *modn = calloc(n + 1, sizeof *modn), nlowered = 0, nlinked = 0;
  fe_status st = FE_OK;
  if (!bcs || !bcl || !mods || !modn) {
    fe_sb_printf(lb, "error: out of memory linking the programs\n");
    st = FE_BUILD_FAILED;
  }
  uint32_t version = 0;
  for (size_t i = 0; st == FE_OK && i < n; i++) {
    if (!fe_object_is_spirv(objs[i], lens[i])) {
      bcs[nbc] = objs[i], bcl[nbc++] = lens[i];
      continue;
    }
    const uint32_t *w = objs[i];
    if (w[1] > version) version = w[1];
  }
  if (st == FE_OK && nbc) {
    void *bc = NULL;
    size_t bc_len = 0;
    st = fe_clc_link(&t, bcs, bcl, nbc, 0, &bc, &bc_len, &lowered, &nlowered, lb);
    free(bc);
    if (st == FE_OK && nlowered >= 5 && lowered[1] > version) version = lowered[1];
  }
  /* every module at one version (spirv-link's rule): the latest */
  for (size_t i = 0; st == FE_OK && i <= n; i++) {
    const uint32_t *w = i < n ? objs[i] : lowered;
    size_t nw = i < n ? lens[i] / 4 : nlowered;
    if (i < n ? !fe_object_is_spirv(objs[i], lens[i]) : !lowered) continue;
    mods[nmods] = spv_link_input(w, nw, version, &modn[nmods]);
    if (!mods[nmods++]) {
      fe_sb_printf(lb, "error: out of memory linking the programs\n");
      st = FE_BUILD_FAILED;
    }
  }
  if (st == FE_OK)
    st = fe_clc_spirv_link(&t, (const uint32_t *const *)mods, modn, nmods, library, &linked,
                           &nlinked, lb);
  if (st == FE_OK && spv_link_output(linked, nlinked)) {
    fe_sb_printf(lb, "error: out of memory linking the programs\n");
    st = FE_BUILD_FAILED;
  }
  if (st == FE_OK && !library) st = fe_spirv_to_isa(linked, nlinked, target, out, lb);
  if (st == FE_OK) {
    *out_mod = linked, *out_len = nlinked * sizeof *linked;
    linked = NULL;
  }
  for (size_t i = 0; mods && i < nmods; i++) free(mods[i]);
  free(mods);
  free(modn);
  free(bcs);
  free(bcl);
  free(lowered);
  free(linked);
  return st;
}

fe_status fe_link_options(const char *options, int *create_library, char **log) {
  fe_sb lb = {0};
  fe_status st = fe_clc_link_options(options, create_library, &lb);
  *log = fe_take_log(&lb, &st, NULL);
  return st;
}

static int fe_link_has_spirv(const void *const *objs, const size_t *lens, size_t n) {
  for (size_t i = 0; i < n; i++)
    if (fe_object_is_spirv(objs[i], lens[i])) return 1;
  return 0;
}

fe_status fe_link(fe_compiler *c, const void *const *bcs, const size_t *lens, size_t n,
                  int library, const fe_target *target, void **bc, size_t *bc_len,
                  isa_program **out, char **log) {
  fe_sb lb = {0};
  fe_status st = FE_INTERNAL;
  *bc = NULL;
  *bc_len = 0;
  if (out)
    *out = NULL;
  if (!c) {
    fe_sb_printf(&lb, "error: internal: no compiler object\n");
  } else if (fe_link_has_spirv(bcs, lens, n)) {
    st = library || out ? fe_link_spirv(c, bcs, lens, n, library, target, bc, bc_len,
                                        library ? NULL : out, &lb)
                        : FE_INTERNAL;
  } else {
    fe_clc_tools t = fe_tools(c);
    t.target = target;
    uint32_t *words = NULL;
    size_t nwords = 0;
    st = fe_clc_link(&t, bcs, lens, n, library, bc, bc_len, library ? NULL : &words,
                     library ? NULL : &nwords, &lb);
    fe_link_args a = {bcs, lens, n};
    if (st == FE_OK && !library)
      st = out ? fe_to_isa_retry(&t, &words, &nwords, target, out, &lb, fe_recompile_link, &a)
               : FE_INTERNAL;
    free(words);
    if (st != FE_OK) {
      free(*bc);
      *bc = NULL;
      *bc_len = 0;
    }
  }
  *log = fe_take_log(&lb, &st, out);
  if (st != FE_OK) {
    free(*bc);
    *bc = NULL;
    *bc_len = 0;
  }
  return st;
}
