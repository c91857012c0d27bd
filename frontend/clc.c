/* clc: runs clang -cc1 (OpenCL C -> LLVM bitcode), opt (a safe cleanup pass
 * list) and llvm-spirv (bitcode -> SPIR-V) in a private temp directory. */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

#include "clc.h"

#define CLC_MAX_ARGS 512

typedef struct clc_argv {
  char *v[CLC_MAX_ARGS + 1];
  int n;
  int overflow;
} clc_argv;

static void clc_push(clc_argv *a, const char *s) {
  if (a->n >= CLC_MAX_ARGS) {
    a->overflow = 1;
    return;
  }
  a->v[a->n++] = strdup(s);
  a->v[a->n] = NULL;
}

/* "-cl-ext=-all,+ext1,+ext2" for a space-separated extension list (caller
 * frees; NULL on allocation failure). */
static char *clc_ext_flag(const char *extensions) {
  const char *list = extensions ? extensions : "";
  size_t cap = strlen("-cl-ext=-all") + 2 * strlen(list) + 2;
  char *out = malloc(cap);
  if (!out) return NULL;
  size_t n = (size_t)snprintf(out, cap, "-cl-ext=-all");
  for (const char *p = list; *p;) {
    while (*p == ' ') p++;
    size_t len = strcspn(p, " ");
    if (len) n += (size_t)snprintf(out + n, cap - n, ",+%.*s", (int)len, p);
    p += len;
  }
  return out;
}

static void clc_argv_fini(clc_argv *a) {
  for (int i = 0; i < a->n; i++)
    free(a->v[i]);
  a->n = 0;
}

/* Splits the option string like a shell would for words: whitespace separates,
 * single/double quotes group, backslash escapes. No expansion of any kind. */
static int clc_split(const char *s, clc_argv *out, fe_sb *log) {
  size_t len = s ? strlen(s) : 0;
  char *word = malloc(len + 1);
  if (!word)
    return -1;
  size_t i = 0;
  while (s && s[i]) {
    while (s[i] == ' ' || s[i] == '\t' || s[i] == '\n' || s[i] == '\r')
      i++;
    if (!s[i])
      break;
    size_t w = 0;
    char quote = 0;
    while (s[i] && (quote || !(s[i] == ' ' || s[i] == '\t' || s[i] == '\n' || s[i] == '\r'))) {
      char c = s[i++];
      if (quote) {
        if (c == quote)
          quote = 0;
        else if (c == '\\' && quote == '"' && s[i])
          word[w++] = s[i++];
        else
          word[w++] = c;
      } else if (c == '"' || c == '\'') {
        quote = c;
      } else if (c == '\\' && s[i]) {
        word[w++] = s[i++];
      } else {
        word[w++] = c;
      }
    }
    if (quote) {
      fe_sb_printf(log, "error: build options: unterminated %c quote (close it or remove it)\n",
                   quote);
      free(word);
      return -1;
    }
    word[w] = 0;
    clc_push(out, word);
  }
  free(word);
  if (out->overflow) {
    fe_sb_printf(log, "error: build options: more than %d words\n", CLC_MAX_ARGS);
    return -1;
  }
  return 0;
}

typedef struct clc_opts {
  clc_argv clang; /* flags passed through to clang -cc1 */
  const char *std;
  int opt_disable;
} clc_opts;

/* -cl-* options of the OpenCL 1.2 spec that clang -cc1 understands itself. */
static const char *const clc_cl_passthrough[] = {
  "-cl-mad-enable", "-cl-fast-relaxed-math", "-cl-finite-math-only",
  "-cl-unsafe-math-optimizations", "-cl-no-signed-zeros", "-cl-single-precision-constant",
  "-cl-fp32-correctly-rounded-divide-sqrt", "-cl-kernel-arg-info",
  "-cl-uniform-work-group-size",
};
/* Accepted and ignored: harmless hints clang -cc1 has no flag for (or warns
 * about in CL 1.2). */
static const char *const clc_cl_ignored[] = {
  "-cl-denorms-are-zero", "-cl-strict-aliasing", "-cl-no-subgroup-ifp",
  "-g", /* line tables are always emitted (for fault reports) */
};
static const char *const clc_std_ok[] = {"CL1.0", "CL1.1", "CL1.2", "CL2.0", "CL3.0"};

static int clc_in(const char *s, const char *const *list, size_t n) {
  for (size_t i = 0; i < n; i++)
    if (!strcmp(s, list[i]))
      return 1;
  return 0;
}

#define CLC_COUNT(a) (sizeof(a) / sizeof((a)[0]))

/* -I paths are made absolute because clang runs inside the temp directory. */
static void clc_push_include(clc_argv *a, const char *dir) {
  if (dir[0] == '/') {
    clc_push(a, "-I");
    clc_push(a, dir);
    return;
  }
  char cwd[PATH_MAX];
  if (!getcwd(cwd, sizeof cwd)) {
    clc_push(a, "-I");
    clc_push(a, dir);
    return;
  }
  size_t n = strlen(cwd) + strlen(dir) + 2;
  char *p = malloc(n);
  if (!p)
    return;
  snprintf(p, n, "%s/%s", cwd, dir);
  clc_push(a, "-I");
  clc_push(a, p);
  free(p);
}

static fe_status clc_parse_options(const char *options, clc_opts *o, fe_sb *log) {
  clc_argv w = {0};
  fe_status st = FE_OK;
  if (clc_split(options, &w, log)) {
    clc_argv_fini(&w);
    return FE_INVALID_OPTIONS;
  }
  for (int i = 0; i < w.n && st == FE_OK; i++) {
    const char *a = w.v[i];
    if (!strcmp(a, "-D") || !strcmp(a, "-I")) {
      if (i + 1 >= w.n) {
        fe_sb_printf(log, "error: build option '%s' needs an argument (e.g. %s NAME)\n", a, a);
        st = FE_INVALID_OPTIONS;
        break;
      }
      if (a[1] == 'D') {
        clc_push(&o->clang, "-D");
        clc_push(&o->clang, w.v[++i]);
      } else {
        clc_push_include(&o->clang, w.v[++i]);
      }
    } else if (!strncmp(a, "-D", 2)) {
      clc_push(&o->clang, a);
    } else if (!strncmp(a, "-I", 2)) {
      clc_push_include(&o->clang, a + 2);
    } else if (!strncmp(a, "-cl-std=", 8)) {
      if (!clc_in(a + 8, clc_std_ok, CLC_COUNT(clc_std_ok))) {
        fe_sb_printf(log, "error: build option '%s': unknown OpenCL C version (use -cl-std=CL1.2"
                          " or CL1.0, CL1.1, CL2.0, CL3.0)\n", a);
        st = FE_INVALID_OPTIONS;
      } else {
        o->std = a + 8;
        clc_push(&o->clang, a);
      }
    } else if (!strcmp(a, "-w") || !strcmp(a, "-Werror")) {
      clc_push(&o->clang, a);
    } else if (!strcmp(a, "-cl-opt-disable")) {
      o->opt_disable = 1;
    } else if (clc_in(a, clc_cl_passthrough, CLC_COUNT(clc_cl_passthrough))) {
      clc_push(&o->clang, a);
    } else if (clc_in(a, clc_cl_ignored, CLC_COUNT(clc_cl_ignored))) {
      /* accepted, no effect on our target */
    } else {
      fe_sb_printf(log, "error: unknown build option '%s' (supported: -D, -I, -cl-std=, -w, "
                        "-Werror, -cl-opt-disable and the OpenCL 1.2 -cl-* options)\n", a);
      st = FE_INVALID_OPTIONS;
    }
  }
  if (o->clang.overflow) {
    fe_sb_printf(log, "error: build options: too many options\n");
    st = FE_INVALID_OPTIONS;
  }
  clc_argv_fini(&w);
  return st;
}

/* Runs argv[0] with cwd `dir`, stdout+stderr into the file `out_path`.
 * Returns the exit status, or -1 (errno-style text in log) if it could not run. */
static int clc_run(char *const *argv, const char *dir, const char *out_path, fe_sb *log) {
  int fd = open(out_path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0600);
  if (fd < 0) {
    fe_sb_printf(log, "error: cannot create %s: %s\n", out_path, strerror(errno));
    return -1;
  }
  pid_t pid = fork();
  if (pid < 0) {
    fe_sb_printf(log, "error: cannot start %s: %s\n", argv[0], strerror(errno));
    close(fd);
    return -1;
  }
  if (pid == 0) {
    /* child: only async-signal-safe calls until exec */
    int nul = open("/dev/null", O_RDONLY);
    if (nul >= 0)
      dup2(nul, 0);
    dup2(fd, 1);
    dup2(fd, 2);
    if (chdir(dir) != 0)
      _exit(126);
    execv(argv[0], argv);
    static const char msg[] = "exec failed\n";
    ssize_t wr = write(2, msg, sizeof msg - 1);
    (void)wr;
    _exit(127);
  }
  close(fd);
  int status = 0;
  while (waitpid(pid, &status, 0) < 0) {
    if (errno != EINTR) {
      fe_sb_printf(log, "error: waiting for %s: %s\n", argv[0], strerror(errno));
      return -1;
    }
  }
  if (WIFEXITED(status))
    return WEXITSTATUS(status);
  fe_sb_printf(log, "error: %s was killed by signal %d\n", argv[0],
               WIFSIGNALED(status) ? WTERMSIG(status) : 0);
  return -1;
}

static char *clc_read_file(const char *path, size_t *len) {
  FILE *f = fopen(path, "rb");
  if (!f)
    return NULL;
  size_t cap = 4096, n = 0;
  char *buf = malloc(cap + 1);
  while (buf) {
    size_t r = fread(buf + n, 1, cap - n, f);
    n += r;
    if (n < cap)
      break;
    cap *= 2;
    char *nb = realloc(buf, cap + 1);
    if (!nb) {
      free(buf);
      buf = NULL;
    }
    buf = nb;
  }
  fclose(f);
  if (buf)
    buf[n] = 0;
  *len = n;
  return buf;
}

/* Appends a tool's output to the log with the temp directory path removed, so
 * messages read "input.cl:3:5: error: ..." whatever the temp name was. */
static void clc_log_output(const char *path, const char *tmpdir, fe_sb *log) {
  size_t len = 0;
  char *text = clc_read_file(path, &len);
  if (!text)
    return;
  size_t dl = strlen(tmpdir);
  const char *p = text;
  while (*p) {
    const char *hit = strstr(p, tmpdir);
    if (!hit) {
      fe_sb_append(log, p, strlen(p));
      break;
    }
    fe_sb_append(log, p, (size_t)(hit - p));
    p = hit + dl;
    if (*p == '/')
      p++;
  }
  free(text);
}

static int clc_tool_ok(const char *path, const char *what, const char *env, fe_sb *log) {
  if (path && access(path, X_OK) == 0)
    return 1;
  fe_sb_printf(log, "error: %s not found or not executable at '%s' (install it or set %s to "
                    "its path)\n", what, path ? path : "", env);
  return 0;
}

static void clc_cleanup(const char *dir) {
  static const char *const files[] = {FE_CLC_SOURCE_NAME, "x.bc", "y.bc", "x.spv",
                                      "clang.log", "opt.log", "spirv.log"};
  char path[1200];
  for (size_t i = 0; i < CLC_COUNT(files); i++) {
    snprintf(path, sizeof path, "%s/%s", dir, files[i]);
    unlink(path);
  }
  rmdir(dir);
}

fe_status fe_clc_compile(const fe_clc_tools *tools, const char *source, const char *options,
                         uint32_t **words, size_t *nwords, fe_sb *log) {
  *words = NULL;
  *nwords = 0;
  clc_opts o = {0};
  fe_status st = clc_parse_options(options, &o, log);
  if (st != FE_OK) {
    clc_argv_fini(&o.clang);
    return st;
  }
  if (!clc_tool_ok(tools->clang, "clang", "WAVESIM_CLANG", log) ||
      !clc_tool_ok(tools->opt, "opt", "WAVESIM_OPT", log) ||
      !clc_tool_ok(tools->llvm_spirv, "llvm-spirv", "WAVESIM_LLVM_SPIRV", log)) {
    clc_argv_fini(&o.clang);
    return FE_INTERNAL;
  }
  const char *tmp = getenv("TMPDIR");
  char dir[1024];
  if (strlen(tmp && *tmp ? tmp : "/tmp") > sizeof dir - 32) {
    fe_sb_printf(log, "error: TMPDIR is too long (use a shorter path)\n");
    clc_argv_fini(&o.clang);
    return FE_INTERNAL;
  }
  snprintf(dir, sizeof dir, "%s/wavesim-clc-XXXXXX", tmp && *tmp ? tmp : "/tmp");
  if (!mkdtemp(dir)) {
    fe_sb_printf(log, "error: cannot create a temporary directory under %s: %s (set TMPDIR)\n",
                 tmp && *tmp ? tmp : "/tmp", strerror(errno));
    clc_argv_fini(&o.clang);
    return FE_INTERNAL;
  }
  char path[1200], logp[1200];
  snprintf(path, sizeof path, "%s/%s", dir, FE_CLC_SOURCE_NAME);
  FILE *f = fopen(path, "wb");
  size_t slen = source ? strlen(source) : 0;
  if (!f || fwrite(source ? source : "", 1, slen, f) != slen) {
    fe_sb_printf(log, "error: cannot write %s: %s\n", path, strerror(errno));
    if (f)
      fclose(f);
    st = FE_INTERNAL;
    goto done;
  }
  fclose(f);

  /* 1. clang: OpenCL C -> bitcode. */
  clc_argv a = {0};
  clc_push(&a, tools->clang);
  const char *fixed[] = {"-cc1", "-triple", "spir64-unknown-unknown", "-finclude-default-header",
                         "-emit-llvm-bc", "-O0", "-disable-O0-optnone",
                         /* OpenCL C code puts plain `inline` functions in headers; with C99
                          * semantics -O0 emits no body for them (an undefined call). */
                         "-fgnu89-inline",
                         "-debug-info-kind=line-tables-only", "-dwarf-version=4",
                         "-main-file-name", FE_CLC_SOURCE_NAME};
  for (size_t i = 0; i < CLC_COUNT(fixed); i++)
    clc_push(&a, fixed[i]);
  if (!o.std)
    clc_push(&a, "-cl-std=CL1.2");
  /* clang predefines every extension macro (cl_khr_fp64, __IMAGE_SUPPORT__...)
   * for SPIR targets; advertise only the device's, so `#ifdef cl_khr_fp64`
   * code takes its float path on a device without doubles. */
  if (tools->target) {
    char *ext = clc_ext_flag(tools->target->extensions);
    if (ext) {
      clc_push(&a, ext);
      free(ext);
    }
    clc_push(&a, "-U__IMAGE_SUPPORT__");
  }
  for (int i = 0; i < o.clang.n; i++)
    clc_push(&a, o.clang.v[i]);
  clc_push(&a, FE_CLC_SOURCE_NAME);
  clc_push(&a, "-o");
  clc_push(&a, "x.bc");
  snprintf(logp, sizeof logp, "%s/clang.log", dir);
  int rc = clc_run(a.v, dir, logp, log);
  clc_argv_fini(&a);
  clc_log_output(logp, dir, log);
  if (rc != 0) {
    if (rc > 0)
      fe_sb_printf(log, "error: OpenCL C compilation failed (see the messages above)\n");
    st = rc > 0 ? FE_BUILD_FAILED : FE_INTERNAL;
    goto done;
  }

  /* 2. opt, then 3. llvm-spirv; if the SPIR-V translator rejects optimized
   * bitcode, retry from the minimal mem2reg pipeline. */
  const char *pipelines[2] = {o.opt_disable ? FE_CLC_OPT_FALLBACK : FE_CLC_OPT_PASSES,
                              FE_CLC_OPT_FALLBACK};
  int npipe = o.opt_disable ? 1 : 2;
  for (int p = 0; p < npipe; p++) {
    char passes[256];
    snprintf(passes, sizeof passes, "-passes=%s", pipelines[p]);
    clc_push(&a, tools->opt);
    clc_push(&a, passes);
    if (p == 0 && !o.opt_disable) {
      clc_push(&a, FE_CLC_UNROLL_ALLOW_PARTIAL);
      clc_push(&a, FE_CLC_UNROLL_COUNT);
    }
    clc_push(&a, "x.bc");
    clc_push(&a, "-o");
    clc_push(&a, "y.bc");
    snprintf(logp, sizeof logp, "%s/opt.log", dir);
    rc = clc_run(a.v, dir, logp, log);
    clc_argv_fini(&a);
    if (rc != 0) {
      clc_log_output(logp, dir, log);
      fe_sb_printf(log, "error: internal: opt -passes=%s failed (exit %d)\n", pipelines[p], rc);
      st = FE_INTERNAL;
      goto done;
    }
    clc_push(&a, tools->llvm_spirv);
    clc_push(&a, "--spirv-max-version=1.2"); /* 1.4 adds decorations we ignore but
                                                 whose interface rules it breaks */
    clc_push(&a, "y.bc");
    clc_push(&a, "-o");
    clc_push(&a, "x.spv");
    snprintf(logp, sizeof logp, "%s/spirv.log", dir);
    rc = clc_run(a.v, dir, logp, log);
    clc_argv_fini(&a);
    if (rc == 0)
      break;
    if (p + 1 == npipe) {
      clc_log_output(logp, dir, log);
      fe_sb_printf(log, "error: llvm-spirv could not translate the program (exit %d); the "
                        "messages above name the construct\n", rc);
      st = rc > 0 ? FE_BUILD_FAILED : FE_INTERNAL;
      goto done;
    }
  }

  snprintf(path, sizeof path, "%s/x.spv", dir);
  size_t len = 0;
  char *bin = clc_read_file(path, &len);
  if (!bin || len % 4 || len == 0) {
    fe_sb_printf(log, "error: internal: llvm-spirv produced no valid SPIR-V file\n");
    free(bin);
    st = FE_INTERNAL;
    goto done;
  }
  *words = (uint32_t *)(void *)bin; /* malloc'd, suitably aligned */
  *nwords = len / 4;

done:
  clc_argv_fini(&o.clang);
  clc_cleanup(dir);
  return st;
}
