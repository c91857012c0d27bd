/* clc: runs clang -cc1 (OpenCL C -> LLVM bitcode), opt (a safe cleanup pass
 * list) and llvm-spirv (bitcode -> SPIR-V) in a private temp directory. */
#define _GNU_SOURCE /* posix_spawn_file_actions_addchdir_np (glibc 2.29) */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

#include "clc.h"
#include "clc_conv.h"
#include "clc_hint.h"
#include "fe_ext.h"

#define CLC_MAX_ARGS 512

typedef struct clc_argv {
  char *v[CLC_MAX_ARGS + 1];
  int n;
  int overflow;
  int oom; /* an argument could not be copied: clc_run refuses to run it */
} clc_argv;

static void clc_push(clc_argv *a, const char *s) {
  if (a->n >= CLC_MAX_ARGS) {
    a->overflow = 1;
    return;
  }
  char *d = strdup(s);
  if (!d) {
    a->oom = 1;
    return;
  }
  a->v[a->n++] = d;
  a->v[a->n] = NULL;
}

/* clang's view of the device (fe_ext.def): "-cl-ext=-all,+a,+b" for the
 * extensions and features clang knows by name, "-Dname=1" for those it
 * does not, pushed onto *a for the OpenCL C version `std` the program asks
 * for ("": 1.2). -all first: clang otherwise predefines every extension for
 * SPIR targets, and `#ifdef cl_khr_fp64` code must take its float path on a
 * device without doubles. clang refuses a build where the two names of one
 * capability disagree ("options cl_khr_fp64 and __opencl_c_fp64 are set to
 * different values"): their rows carry the same condition. */
static void clc_push_ext(clc_argv *a, const fe_target *t, const char *std) {
  /* For SPIR targets in 3.0, clang 14's opencl-c-base.h defines
   * __opencl_c_read_write_images itself and then declares the read_write
   * overloads, which its own checks reject unless the feature is set: set
   * it for 3.0 so the header parses (not a reported feature: fe_ext.def).
   * opencl-c.h declares the other image builtins unguarded, so on a device
   * without images clang must be given __opencl_c_images too for the header
   * to parse; the kernel's view is then undone (clc_no_images_header) and
   * a kernel that uses images fails in the backend, naming them (be.c). */
  int cl30 = !strcmp(std, "CL3.0");
  const char *img = !cl30       ? ""
                    : t->images ? ",+__opencl_c_read_write_images"
                                : ",+__opencl_c_read_write_images,+__opencl_c_images";
  size_t cap = strlen("-cl-ext=-all") + strlen(img) + 1;
  for (size_t i = 0; i < fe_ext_count; i++) cap += strlen(fe_ext_table[i].name) + 2;
  char *flag = malloc(cap);
  if (!flag) {
    a->oom = 1;
    return;
  }
  size_t n = (size_t)snprintf(flag, cap, "-cl-ext=-all%s", img);
  for (size_t i = 0; i < fe_ext_count; i++) {
    const fe_ext *e = &fe_ext_table[i];
    if (e->clang == FE_EXT_CLANG_CL_EXT && e->on(t))
      n += (size_t)snprintf(flag + n, cap - n, ",+%s", e->name);
  }
  clc_push(a, flag);
  for (size_t i = 0; i < fe_ext_count; i++) {
    const fe_ext *e = &fe_ext_table[i];
    if (e->clang != FE_EXT_CLANG_DEFINE || !e->on(t)) continue;
    snprintf(flag, cap, "-D%s=1", e->name);
    clc_push(a, flag);
  }
  free(flag);
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
  char std[8];    /* -cl-std's version ("CL3.0"), "" when not given: a copy, since the
                   * split option words are freed after parsing */
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
        snprintf(o->std, sizeof o->std, "%s", a + 8);
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

extern char **environ; /* the host's environment, passed to the tools */

static int clc_wait(pid_t pid, const char *argv0, fe_sb *log);

/* Runs argv[0] with cwd `dir`, stdout+stderr into the file `out_path`.
 * Returns the exit status, or -1 (errno-style text in log) if it could not run. */
static int clc_run(const clc_argv *a, const char *dir, const char *out_path, fe_sb *log) {
  char *const *argv = a->v;
  if (a->oom) {
    fe_sb_printf(log,
                 "error: out of memory while compiling the program (starting %s); free host "
                 "memory or build fewer programs at once\n",
                 argv[0] ? argv[0] : "a tool");
    return -1;
  }
  int fd = open(out_path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0600);
  if (fd < 0) {
    fe_sb_printf(log, "error: cannot create %s: %s\n", out_path, strerror(errno));
    return -1;
  }
  /* posix_spawn, not fork + exec: no code of ours runs in the child (a
   * library must not leave a forked copy of the host process behind on a
   * failed exec), and glibc reports a failed chdir or exec as the error */
  posix_spawn_file_actions_t fa;
  int err = posix_spawn_file_actions_init(&fa);
  if (!err) {
    int e2 = posix_spawn_file_actions_addopen(&fa, 0, "/dev/null", O_RDONLY, 0);
    if (!e2) e2 = posix_spawn_file_actions_adddup2(&fa, fd, 1);
    if (!e2) e2 = posix_spawn_file_actions_adddup2(&fa, fd, 2);
    if (!e2) e2 = posix_spawn_file_actions_addchdir_np(&fa, dir);
    pid_t pid = 0;
    if (!e2) e2 = posix_spawn(&pid, argv[0], &fa, NULL, argv, environ);
    posix_spawn_file_actions_destroy(&fa);
    err = e2;
    if (!err) {
      close(fd);
      return clc_wait(pid, argv[0], log);
    }
  }
  fe_sb_printf(log, "error: cannot start %s: %s\n", argv[0], strerror(err));
  close(fd);
  return -1;
}

/* Waits for child `pid` (argv0 for messages): its exit status, or -1. */
static int clc_wait(pid_t pid, const char *argv0, fe_sb *log) {
  int status = 0;
  while (waitpid(pid, &status, 0) < 0) {
    if (errno != EINTR) {
      fe_sb_printf(log, "error: waiting for %s: %s\n", argv0, strerror(errno));
      return -1;
    }
  }
  if (WIFEXITED(status))
    return WEXITSTATUS(status);
  fe_sb_printf(log, "error: %s was killed by signal %d\n", argv0,
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

/* The lines of a tool's failure output that say what failed (errors,
 * failed assertions), without the crash's stack dump; at most 4. */
static void clc_log_reason(const char *text, fe_sb *log) {
  int kept = 0;
  for (const char *p = text; *p && kept < 4;) {
    size_t n = strcspn(p, "\n");
    const char *hit = NULL;
    for (const char *w = p; w < p + n && !hit; w++)
      if (!strncmp(w, "error", 5) || !strncmp(w, "ERROR", 5) || !strncmp(w, "Assertion", 9))
        hit = w;
    if (hit) {
      fe_sb_printf(log, "  %.*s\n", (int)n, p);
      kept++;
    }
    p += n + (p[n] == '\n');
  }
}

static int clc_tool_ok(const char *path, const char *what, const char *env, fe_sb *log) {
  if (path && access(path, X_OK) == 0)
    return 1;
  fe_sb_printf(log, "error: %s not found or not executable at '%s' (install it or set %s to "
                    "its path)\n", what, path ? path : "", env);
  return 0;
}

/* Removes the temp directory and everything under it (embedded headers may
 * sit in subdirectories). Symlinks are never followed: we made none. */
static void clc_rmtree(const char *path) {
  struct stat st;
  if (lstat(path, &st) != 0)
    return;
  if (S_ISDIR(st.st_mode)) {
    DIR *d = opendir(path);
    if (d) {
      struct dirent *e;
      while ((e = readdir(d))) {
        if (!strcmp(e->d_name, ".") || !strcmp(e->d_name, ".."))
          continue;
        size_t n = strlen(path) + strlen(e->d_name) + 2;
        char *sub = malloc(n);
        if (!sub)
          continue;
        snprintf(sub, n, "%s/%s", path, e->d_name);
        clc_rmtree(sub);
        free(sub);
      }
      closedir(d);
    }
    rmdir(path);
  } else {
    unlink(path);
  }
}

/* Creates the private temp directory; 0 on success. */
static int clc_mkdtemp(const char *tmp, char *dir, size_t cap, fe_sb *log) {
  const char *base = tmp && *tmp ? tmp : "/tmp";
  if (strlen(base) > cap - 32 || cap < 64) {
    fe_sb_printf(log, "error: TMPDIR is too long (use a shorter path)\n");
    return -1;
  }
  snprintf(dir, cap, "%s/wavesim-clc-XXXXXX", base);
  if (!mkdtemp(dir)) {
    fe_sb_printf(log, "error: cannot create a temporary directory under %s: %s (set TMPDIR)\n",
                 base, strerror(errno));
    return -1;
  }
  return 0;
}

static int clc_write_file(const char *path, const void *data, size_t len, fe_sb *log) {
  FILE *f = fopen(path, "wb");
  if (!f || fwrite(data, 1, len, f) != len) {
    fe_sb_printf(log, "error: cannot write %s: %s\n", path, strerror(errno));
    if (f)
      fclose(f);
    return -1;
  }
  if (fclose(f) != 0) {
    fe_sb_printf(log, "error: cannot write %s: %s\n", path, strerror(errno));
    return -1;
  }
  return 0;
}

/* An embedded header name must stay inside the include directory: relative,
 * no empty, "." or ".." components. */
static int clc_header_name_ok(const char *name) {
  if (!name || !*name || name[0] == '/')
    return 0;
  for (const char *p = name; *p;) {
    size_t len = strcspn(p, "/");
    if (len == 0 || (len == 1 && p[0] == '.') || (len == 2 && p[0] == '.' && p[1] == '.'))
      return 0;
    p += len;
    if (*p == '/')
      p++;
    else
      break;
  }
  return name[strlen(name) - 1] != '/';
}

/* Writes the embedded headers under dir/hdr (making subdirectories). */
static fe_status clc_write_headers(const char *dir, const fe_header *hdrs, size_t nhdrs,
                                   fe_sb *log) {
  char path[PATH_MAX];
  snprintf(path, sizeof path, "%s/hdr", dir);
  if (mkdir(path, 0700) != 0) {
    fe_sb_printf(log, "error: cannot create %s: %s\n", path, strerror(errno));
    return FE_INTERNAL;
  }
  for (size_t i = 0; i < nhdrs; i++) {
    if (!clc_header_name_ok(hdrs[i].name)) {
      fe_sb_printf(log, "error: embedded header name '%s' is not a relative path inside the "
                        "include directory (no leading '/', no '.' or '..' parts)\n",
                   hdrs[i].name ? hdrs[i].name : "");
      return FE_BUILD_FAILED;
    }
    if ((size_t)snprintf(path, sizeof path, "%s/hdr/%s", dir, hdrs[i].name) >= sizeof path) {
      fe_sb_printf(log, "error: embedded header name '%s' is too long\n", hdrs[i].name);
      return FE_BUILD_FAILED;
    }
    /* mkdir -p of every parent inside hdr/ */
    size_t root = strlen(dir) + 5;
    for (char *s = path + root; (s = strchr(s, '/')); s++) {
      *s = 0;
      int bad = mkdir(path, 0700) != 0 && errno != EEXIST;
      *s = '/';
      if (bad) {
        fe_sb_printf(log, "error: cannot create the directory of header '%s': %s\n",
                     hdrs[i].name, strerror(errno));
        return FE_INTERNAL;
      }
    }
    const char *src = hdrs[i].source ? hdrs[i].source : "";
    if (clc_write_file(path, src, strlen(src), log))
      return FE_INTERNAL;
  }
  return FE_OK;
}

/* cl_khr_subgroup_rotate's functions, which clang 14's opencl-c.h does not
 * declare: force-included when the device has the extension. The calls stay
 * calls to undefined functions through llvm-spirv; the SPIR-V reader lowers
 * them (spv_group.c, spv_rotate_call) to sub-group shuffles. */
static const char clc_rotate_header[] =
    "#define cl_khr_subgroup_rotate 1\n"
    "#define __WAVESIM_ROT(T)                                                          \\\n"
    "  T __attribute__((overloadable, convergent)) sub_group_rotate(T, int);         \\\n"
    "  T __attribute__((overloadable, convergent)) sub_group_clustered_rotate(T, int, uint);\n"
    "__WAVESIM_ROT(char) __WAVESIM_ROT(uchar) __WAVESIM_ROT(short) __WAVESIM_ROT(ushort)\n"
    "__WAVESIM_ROT(int) __WAVESIM_ROT(uint) __WAVESIM_ROT(long) __WAVESIM_ROT(ulong)\n"
    "__WAVESIM_ROT(float)\n"
    "#ifdef cl_khr_fp64\n"
    "__WAVESIM_ROT(double)\n"
    "#endif\n"
    "#undef __WAVESIM_ROT\n";
#define CLC_ROTATE_HEADER "wavesim_subgroup_rotate.h"

/* A device without images, OpenCL C 2.0 and 3.0: clang 14's headers define
 * the image feature macros themselves (2.0: both, as core features; 3.0:
 * read_write, and __opencl_c_images comes from -cl-ext, clc_push_ext), so
 * `#ifdef __opencl_c_images` would say true. Force-included after
 * opencl-c.h, this says false, as CL_DEVICE_OPENCL_C_FEATURES does; with
 * -U__opencl_c_images (before the header) it also keeps opencl-c.h from
 * defining cl_khr_depth_images in 3.0. */
static const char clc_no_images_header[] = "#undef __opencl_c_images\n"
                                           "#undef __opencl_c_read_write_images\n"
                                           "#undef cl_khr_depth_images\n";
#define CLC_NO_IMAGES_HEADER "wavesim_no_images.h"

/* Writes header text into dir/name and has clang force-include it. */
static int clc_push_header(clc_argv *a, const char *dir, const char *name, const char *text,
                           size_t len, fe_sb *log) {
  char hp[PATH_MAX];
  snprintf(hp, sizeof hp, "%s/%s", dir, name);
  if (clc_write_file(hp, text, len, log)) return -1;
  clc_push(a, "-include");
  clc_push(a, name);
  return 0;
}

/* Whether the space-separated extension list names ext. */
static int clc_has_ext(const char *list, const char *ext) {
  size_t n = strlen(ext);
  for (const char *p = list ? strstr(list, ext) : NULL; p; p = strstr(p + 1, ext))
    if ((p == list || p[-1] == ' ') && (p[n] == ' ' || !p[n])) return 1;
  return 0;
}

/* 1. clang: dir/input.cl -> dir/c.ll (textual), with the embedded headers' directory
 * (if any) searched first for #include "...". */
static fe_status clc_clang(const fe_clc_tools *tools, const char *dir, const clc_opts *o,
                           int with_headers, fe_sb *log) {
  char logp[PATH_MAX];
  clc_argv a = {0};
  clc_push(&a, tools->clang);
  const char *fixed[] = {"-cc1", "-triple", "spir64-unknown-unknown", "-finclude-default-header",
                         /* -O2 without running LLVM's passes: clang then marks no
                          * function noinline, so opt can inline helpers (and SROA their
                          * vector and struct results into registers); opt runs our own
                          * pass list below */
                         "-emit-llvm", "-O2", "-disable-llvm-passes",
                         /* OpenCL C code puts plain `inline` functions in headers; with C99
                          * semantics -O0 emits no body for them (an undefined call). */
                         "-fgnu89-inline", "-debug-info-kind=line-tables-only", "-dwarf-version=4",
                         "-main-file-name", FE_CLC_SOURCE_NAME};
  for (size_t i = 0; i < CLC_COUNT(fixed); i++)
    clc_push(&a, fixed[i]);
  if (!o->std[0])
    clc_push(&a, "-cl-std=CL1.2");
  /* clang predefines every extension macro (cl_khr_fp64, __IMAGE_SUPPORT__...)
   * for SPIR targets; advertise only the device's (clc_push_ext). */
  if (tools->target) {
    clc_push_ext(&a, tools->target, o->std);
    int cl2x = !strcmp(o->std, "CL2.0") || !strcmp(o->std, "CL3.0");
    if (!tools->target->images) {
      clc_push(&a, "-U__IMAGE_SUPPORT__");
      if (cl2x) clc_push(&a, "-U__opencl_c_images");
    }
    if ((!tools->target->images && cl2x &&
         clc_push_header(&a, dir, CLC_NO_IMAGES_HEADER, clc_no_images_header,
                         sizeof clc_no_images_header - 1, log)) ||
        (clc_has_ext(tools->target->extensions, "cl_khr_subgroup_rotate") &&
         clc_push_header(&a, dir, CLC_ROTATE_HEADER, clc_rotate_header,
                         sizeof clc_rotate_header - 1, log))) {
      clc_argv_fini(&a);
      return FE_INTERNAL;
    }
  }
  if (with_headers) {
    clc_push(&a, "-I");
    clc_push(&a, "hdr");
  }
  for (int i = 0; i < o->clang.n; i++)
    clc_push(&a, o->clang.v[i]);
  clc_push(&a, FE_CLC_SOURCE_NAME);
  clc_push(&a, "-o");
  clc_push(&a, "c.ll");
  snprintf(logp, sizeof logp, "%s/clang.log", dir);
  int rc = clc_run(&a, dir, logp, log);
  clc_argv_fini(&a);
  clc_log_output(logp, dir, log);
  if (rc != 0) {
    if (rc > 0)
      fe_sb_printf(log, "error: OpenCL C compilation failed (see the messages above)\n");
    return rc > 0 ? FE_BUILD_FAILED : FE_INTERNAL;
  }
  return FE_OK;
}

/* dir/in (LLVM IR, text or bitcode) -> dir/out (text), legalised for
 * llvm-spirv by wavesim-legal (frontend/legal/legal.c, a child process like
 * the other tools), with the kernels' facts in dir/facts when facts is not
 * NULL (clc_hint.h). A construct it can neither rewrite nor let through
 * fails the build with its message (source position and line). */
static fe_status clc_legalize_file(const fe_clc_tools *tools, const char *dir, const char *in,
                                   const char *out, const char *facts, fe_sb *log) {
  char logp[PATH_MAX];
  size_t n = 0;
  clc_argv a = {0};
  clc_push(&a, tools->legal);
  if (facts) {
    clc_push(&a, "--facts");
    clc_push(&a, facts);
  }
  if (tools->legal_stats) clc_push(&a, "--stats");
  clc_push(&a, in);
  clc_push(&a, out);
  snprintf(logp, sizeof logp, "%s/legal.log", dir);
  int rc = clc_run(&a, dir, logp, log);
  clc_argv_fini(&a);
  if (rc != 0) {
    char *text = clc_read_file(logp, &n);
    /* exit 1 is a diagnosed construct (its message as is); anything else a
     * crash or an internal failure: its reason lines, never a stack dump */
    if (text && rc == 1)
      fe_sb_append(log, text, strlen(text));
    else if (text)
      clc_log_reason(text, log);
    free(text);
    fe_sb_printf(log,
                   "error: the program cannot be legalised for the SPIR-V translator "
                   "(wavesim-legal exit %d; the messages above name the construct)\n",
                   rc);
    return rc == 1 ? FE_BUILD_FAILED : FE_INTERNAL;
  }
  if (tools->legal_stats) { /* the counts it printed, for whoever asked */
    char *text = clc_read_file(logp, &n);
    if (text) fe_sb_append(log, text, strlen(text));
    free(text);
  }
  return FE_OK;
}

/* One opt run in dir: `in` -> `out` (textual IR with -S when `text`). */
static fe_status clc_opt(const fe_clc_tools *tools, const char *dir, const char *pipeline,
                         const char *const *flags, size_t nflags, const char *in, const char *out,
                         int text, fe_sb *log) {
  char passes[256], logp[PATH_MAX];
  clc_argv a = {0};
  snprintf(passes, sizeof passes, "-passes=%s", pipeline);
  clc_push(&a, tools->opt);
  clc_push(&a, passes);
  for (size_t u = 0; u < nflags; u++) clc_push(&a, flags[u]);
  if (text) clc_push(&a, "-S");
  clc_push(&a, in);
  clc_push(&a, "-o");
  clc_push(&a, out);
  snprintf(logp, sizeof logp, "%s/opt.log", dir);
  int rc = clc_run(&a, dir, logp, log);
  clc_argv_fini(&a);
  if (rc != 0) {
    clc_log_output(logp, dir, log);
    fe_sb_printf(log, "error: internal: opt -passes=%s failed (exit %d)\n", pipeline, rc);
    return FE_INTERNAL;
  }
  return FE_OK;
}

/* The optimizing opt pipeline: inlining and clean-up, then the builtins that
 * do not synchronize made non-convergent (clc_conv.h), then the loop passes:
 * constant trip counts, then run-time ones (in -> x.ll -> x2.ll -> x3.bc ->
 * y.ll). */
static fe_status clc_opt_full(const fe_clc_tools *tools, const char *dir, const char *in,
                              fe_sb *log) {
  static const char *const inl[] = FE_CLC_INLINE_FLAGS, *const unroll[] = FE_CLC_UNROLL_FLAGS;
  fe_status st = clc_opt(tools, dir, FE_CLC_OPT_PASSES, inl, CLC_COUNT(inl), in, "x.ll", 1, log);
  if (st != FE_OK) return st;
  char path[PATH_MAX];
  size_t n = 0, m = 0;
  snprintf(path, sizeof path, "%s/x.ll", dir);
  char *ir = clc_read_file(path, &n), *out = ir ? fe_clc_drop_convergent(ir, n, &m) : NULL;
  free(ir);
  snprintf(path, sizeof path, "%s/x2.ll", dir);
  if (!out || clc_write_file(path, out, m, log)) {
    if (!out) fe_sb_printf(log, "error: internal: cannot read or rewrite opt's output x.ll\n");
    free(out);
    return FE_INTERNAL;
  }
  free(out);
  if (tools->no_unroll)
    return clc_opt(tools, dir, FE_CLC_OPT_LOOP_PASSES_NO_UNROLL, NULL, 0, "x2.ll", "y.ll", 1, log);
  st = clc_opt(tools, dir, FE_CLC_OPT_LOOP_PASSES, unroll, CLC_COUNT(unroll), "x2.ll", "x3.bc", 0, log);
  if (st != FE_OK) return st;
  static const char *const rt[] = FE_CLC_RUNTIME_UNROLL_FLAGS;
  return clc_opt(tools, dir, FE_CLC_OPT_RUNTIME_UNROLL_PASSES, rt, CLC_COUNT(rt), "x3.bc", "y.ll",
                 1, log);
}

/* 2. opt, then 3. llvm-spirv: dir/in -> SPIR-V words; if the translator
 * rejects optimized bitcode, retry from the minimal mem2reg pipeline. opt's
 * last output is legalised (frontend/legal/legal.c: its passes can make the forms it
 * fixes, e.g. simplifycfg a select on vectors) and turned into bitcode. */
static fe_status clc_lower(const fe_clc_tools *tools, const char *dir, const char *in,
                           int opt_disable, uint32_t **words, size_t *nwords, fe_sb *log) {
  char path[PATH_MAX], logp[PATH_MAX];
  clc_argv a = {0};
  fe_sb first = {0};
  int npipe = opt_disable ? 1 : 2;
  for (int p = 0; p < npipe; p++) {
    fe_status st = p == 0 && !opt_disable
                       ? clc_opt_full(tools, dir, in, log)
                       : clc_opt(tools, dir, FE_CLC_OPT_FALLBACK, NULL, 0, in, "y.ll", 1, log);
    if (st == FE_OK) st = clc_legalize_file(tools, dir, "y.ll", "y2.ll", "y2.facts", log);
    if (st == FE_OK) st = clc_opt(tools, dir, "verify", NULL, 0, "y2.ll", "y.bc", 0, log);
    if (st != FE_OK) {
      fe_sb_fini(&first);
      return st;
    }
    clc_push(&a, tools->llvm_spirv);
    /* 1.3 for the sub-group instructions (OpGroupNonUniform*), which raise
     * the module's version only when used; 1.4 adds decorations we ignore
     * but whose interface rules it breaks */
    clc_push(&a, "--spirv-max-version=1.3");
    /* clang's kernel_arg_type / kernel_arg_type_qual metadata as OpStrings:
     * SPIR-V integers are signless, so only these keep "uint*" and const. */
    clc_push(&a, "--preserve-ocl-kernel-arg-type-metadata-through-string");
    /* LLVM's nsw/nuw flags as NoSignedWrap/NoUnsignedWrap decorations: address
     * folding (passes/addr_fold.c) needs them to move the constant of
     * sext(i + 1) out of a 64-bit address. The integer dot products as
     * SPV_KHR_integer_dot_product instructions (frontend/legal/legal_dot.c
     * makes them SPIR-V friendly calls), and OpBitField* / OpBitReverse under
     * SPV_KHR_bit_instructions (without it llvm-spirv declares them with the
     * Shader capability). */
    clc_push(&a, "--spirv-ext=+SPV_KHR_no_integer_wrap_decoration,+SPV_KHR_integer_dot_product,"
                 "+SPV_KHR_bit_instructions");
    clc_push(&a, "y.bc");
    clc_push(&a, "-o");
    clc_push(&a, "x.spv");
    snprintf(logp, sizeof logp, "%s/spirv.log", dir);
    /* the optimised attempt's failure is kept aside: if the minimal pipeline
     * then translates, it becomes a warning, not an error in a good build */
    int rc = clc_run(&a, dir, logp, p + 1 < npipe ? &first : log);
    clc_argv_fini(&a);
    if (rc == 0) {
      if (p > 0) {
        char *why = fe_sb_take(&first);
        fe_sb_printf(log, "warning: llvm-spirv could not translate the optimised program, so "
                          "it was built from the minimal pipeline (mem2reg only): its code and "
                          "cycle counts are those of unoptimised code (please report the kernel); "
                          "the translator said:\n");
        if (why)
          clc_log_reason(why, log);
        else
          log->oom = 1; /* the build fails with an out-of-memory message */
        free(why);
      }
      break;
    }
    if (p + 1 == npipe) {
      fe_sb_fini(&first);
      size_t tl = 0;
      char *text = clc_read_file(logp, &tl);
      /* a crash's stack dump names no construct: only its reason lines */
      if (text && strstr(text, "Stack dump"))
        clc_log_reason(text, log);
      else
        clc_log_output(logp, dir, log);
      free(text);
      fe_sb_printf(log,
                   "error: llvm-spirv could not translate the program (exit %d); the "
                   "messages above name the construct\n",
                   rc);
      return rc > 0 ? FE_BUILD_FAILED : FE_INTERNAL;
    }
    clc_log_output(logp, dir, &first);
  }
  snprintf(path, sizeof path, "%s/x.spv", dir);
  size_t len = 0;
  char *bin = clc_read_file(path, &len);
  if (!bin || len % 4 || len == 0) {
    fe_sb_printf(log, "error: internal: llvm-spirv produced no valid SPIR-V file\n");
    free(bin);
    return FE_INTERNAL;
  }
  *words = (uint32_t *)(void *)bin; /* malloc'd, suitably aligned */
  *nwords = len / 4;
  /* VecTypeHint keeps no signedness and SPIR-V no uniform work-group
   * attribute: wavesim-legal said which kernels have them (clc_hint.h) */
  snprintf(path, sizeof path, "%s/y2.facts", dir);
  size_t fn = 0;
  char *facts = clc_read_file(path, &fn);
  int bad = !facts || fe_clc_add_markers(facts, fn, words, nwords);
  free(facts);
  if (bad) {
    fe_sb_printf(log,
                 "error: internal: could not add the kernel facts of %s (vec_type_hint's "
                 "signedness, uniform work-groups) to the SPIR-V module (out of memory or "
                 "disk?)\n",
                 path);
    free(*words);
    *words = NULL;
    *nwords = 0;
    return FE_INTERNAL;
  }
  return FE_OK;
}

/* The front half both compile entry points share: options parsed into *o,
 * the tools checked (opt and llvm-spirv only when `lower` follows), a private
 * temp directory `dir` holding the source and the embedded headers, and clang
 * run there (c.ll), legalised into in.ll. On failure nothing is left to clean up but o->clang. */
static fe_status clc_front(const fe_clc_tools *tools, const char *source, const char *options,
                           const fe_header *hdrs, size_t nhdrs, int lower, clc_opts *o,
                           char *dir, size_t dirlen, fe_sb *log) {
  fe_status st = clc_parse_options(options, o, log);
  if (st != FE_OK) return st;
  if (!clc_tool_ok(tools->clang, "clang", "WAVESIM_CLANG", log) ||
      !clc_tool_ok(tools->opt, "opt", "WAVESIM_OPT", log) ||
      !clc_tool_ok(tools->legal, "wavesim-legal", "WAVESIM_LEGAL", log) ||
      (lower && !clc_tool_ok(tools->llvm_spirv, "llvm-spirv", "WAVESIM_LLVM_SPIRV", log)))
    return FE_INTERNAL;
  if (clc_mkdtemp(tools->tmpdir, dir, dirlen, log)) {
    dir[0] = 0; /* nothing was created: nothing to remove */
    return FE_INTERNAL;
  }
  char path[PATH_MAX];
  snprintf(path, sizeof path, "%s/%s", dir, FE_CLC_SOURCE_NAME);
  if (clc_write_file(path, source ? source : "", source ? strlen(source) : 0, log))
    st = FE_INTERNAL;
  if (st == FE_OK && nhdrs)
    st = clc_write_headers(dir, hdrs, nhdrs, log);
  if (st == FE_OK)
    st = clc_clang(tools, dir, o, nhdrs > 0, log);
  /* clang's own output already holds one form llvm-spirv mistranslates (a
   * private initialiser's constant global), which opt would spread into
   * forms no rewrite recognises: legalised before opt sees it */
  if (st == FE_OK) st = clc_legalize_file(tools, dir, "c.ll", "in.ll", NULL, log);
  return st;
}

fe_status fe_clc_compile(const fe_clc_tools *tools, const char *source, const char *options,
                         uint32_t **words, size_t *nwords, fe_sb *log) {
  *words = NULL;
  *nwords = 0;
  clc_opts o = {0};
  char dir[1024] = "";
  fe_status st = clc_front(tools, source, options, NULL, 0, 1, &o, dir, sizeof dir, log);
  if (st == FE_OK)
    st = clc_lower(tools, dir, "in.ll", o.opt_disable || tools->minimal, words, nwords, log);
  clc_argv_fini(&o.clang);
  if (dir[0]) clc_rmtree(dir);
  return st;
}

fe_status fe_clc_compile_bc(const fe_clc_tools *tools, const char *source, const char *options,
                            const fe_header *hdrs, size_t nhdrs, void **bc, size_t *bc_len,
                            fe_sb *log) {
  *bc = NULL;
  *bc_len = 0;
  clc_opts o = {0};
  char dir[1024] = "";
  fe_status st = clc_front(tools, source, options, hdrs, nhdrs, 0, &o, dir, sizeof dir, log);
  if (st == FE_OK) /* the object is bitcode, as llvm-link and the program binary keep it */
    st = clc_opt(tools, dir, "verify", NULL, 0, "in.ll", "x.bc", 0, log);
  if (st == FE_OK) {
    char path[PATH_MAX];
    snprintf(path, sizeof path, "%s/x.bc", dir);
    *bc = clc_read_file(path, bc_len);
    if (!*bc || *bc_len == 0) {
      fe_sb_printf(log, "error: internal: clang produced no bitcode file\n");
      free(*bc);
      *bc = NULL;
      st = FE_INTERNAL;
    }
  }
  clc_argv_fini(&o.clang);
  if (dir[0]) clc_rmtree(dir);
  return st;
}

/* Link options of the OpenCL 1.2 spec (5.6.5.2). The math ones only promise
 * the compiler may assume them; the objects were compiled already, so they
 * are accepted without effect. */
static const char *const clc_link_math[] = {
  "-cl-denorms-are-zero", "-cl-no-signed-zeros", "-cl-unsafe-math-optimizations",
  "-cl-finite-math-only", "-cl-fast-relaxed-math", "-cl-no-subgroup-ifp",
};

fe_status fe_clc_il_options(const char *options, int *uniform_wg, fe_sb *log) {
  clc_opts o = {0};
  fe_status st = clc_parse_options(options, &o, log);
  *uniform_wg = 0;
  for (int i = 0; st == FE_OK && i < o.clang.n; i++)
    if (!strcmp(o.clang.v[i], "-cl-uniform-work-group-size") &&
        (i == 0 || strcmp(o.clang.v[i - 1], "-D")))
      *uniform_wg = 1;
  clc_argv_fini(&o.clang);
  return st;
}

fe_status fe_clc_link_options(const char *options, int *create_library, fe_sb *log) {
  clc_argv w = {0};
  *create_library = 0;
  if (clc_split(options, &w, log)) {
    clc_argv_fini(&w);
    return FE_INVALID_OPTIONS;
  }
  fe_status st = FE_OK;
  int enable = 0;
  for (int i = 0; i < w.n && st == FE_OK; i++) {
    if (!strcmp(w.v[i], "-create-library")) {
      *create_library = 1;
    } else if (!strcmp(w.v[i], "-enable-link-options")) {
      enable = 1;
    } else if (!clc_in(w.v[i], clc_link_math, CLC_COUNT(clc_link_math))) {
      fe_sb_printf(log, "error: unknown link option '%s' (supported: -create-library, "
                        "-enable-link-options, -cl-denorms-are-zero, -cl-no-signed-zeros, "
                        "-cl-unsafe-math-optimizations, -cl-finite-math-only, "
                        "-cl-fast-relaxed-math)\n", w.v[i]);
      st = FE_INVALID_OPTIONS;
    }
  }
  if (st == FE_OK && enable && !*create_library) {
    fe_sb_printf(log, "error: link option '-enable-link-options' is only valid with "
                      "-create-library\n");
    st = FE_INVALID_OPTIONS;
  }
  clc_argv_fini(&w);
  return st;
}

fe_status fe_clc_link(const fe_clc_tools *tools, const void *const *bcs, const size_t *lens,
                      size_t n, int library, void **bc, size_t *bc_len, uint32_t **words,
                      size_t *nwords, fe_sb *log) {
  *bc = NULL;
  *bc_len = 0;
  if (words)
    *words = NULL;
  if (nwords) *nwords = 0;
  if (!clc_tool_ok(tools->llvm_link, "llvm-link", "WAVESIM_LLVM_LINK", log) ||
      (!library && (!clc_tool_ok(tools->opt, "opt", "WAVESIM_OPT", log) ||
                    !clc_tool_ok(tools->legal, "wavesim-legal", "WAVESIM_LEGAL", log) ||
                    !clc_tool_ok(tools->llvm_spirv, "llvm-spirv", "WAVESIM_LLVM_SPIRV", log))))
    return FE_INTERNAL;
  if (n == 0 || n > CLC_MAX_ARGS - 8) {
    fe_sb_printf(log, "error: link: %zu input programs (1 to %d)\n", n, CLC_MAX_ARGS - 8);
    return FE_INTERNAL;
  }
  char dir[1024], path[PATH_MAX], logp[PATH_MAX];
  if (clc_mkdtemp(tools->tmpdir, dir, sizeof dir, log)) return FE_INTERNAL;
  fe_status st = FE_OK;
  clc_argv a = {0};
  clc_push(&a, tools->llvm_link);
  for (size_t i = 0; i < n && st == FE_OK; i++) {
    char name[32];
    snprintf(name, sizeof name, "in%zu.bc", i);
    snprintf(path, sizeof path, "%s/%s", dir, name);
    if (clc_write_file(path, bcs[i], lens[i], log))
      st = FE_INTERNAL;
    clc_push(&a, name);
  }
  clc_push(&a, "-o");
  clc_push(&a, "x.bc");
  if (st == FE_OK) {
    snprintf(logp, sizeof logp, "%s/link.log", dir);
    int rc = clc_run(&a, dir, logp, log);
    if (rc != 0) {
      clc_log_output(logp, dir, log);
      fe_sb_printf(log, "error: linking the programs failed (llvm-link exit %d; the messages "
                        "above name the symbol)\n", rc);
      st = rc > 0 ? FE_BUILD_FAILED : FE_INTERNAL;
    }
  }
  clc_argv_fini(&a);
  if (st == FE_OK) {
    snprintf(path, sizeof path, "%s/x.bc", dir);
    *bc = clc_read_file(path, bc_len);
    if (!*bc || *bc_len == 0) {
      fe_sb_printf(log, "error: internal: llvm-link produced no bitcode file\n");
      free(*bc);
      *bc = NULL;
      st = FE_INTERNAL;
    }
  }
  if (st == FE_OK && !library)
    st = clc_lower(tools, dir, "x.bc", tools->minimal, words, nwords, log);
  if (st != FE_OK) {
    free(*bc);
    *bc = NULL;
    *bc_len = 0;
  }
  clc_rmtree(dir);
  return st;
}

fe_status fe_clc_spirv_link(const fe_clc_tools *tools, const uint32_t *const *mods,
                            const size_t *nwords_in, size_t n, int library, uint32_t **words,
                            size_t *nwords, fe_sb *log) {
  *words = NULL;
  *nwords = 0;
  if (!clc_tool_ok(tools->spirv_link, "spirv-link", "WAVESIM_SPIRV_LINK", log)) return FE_INTERNAL;
  if (n == 0 || n > CLC_MAX_ARGS - 8) {
    fe_sb_printf(log, "error: link: %zu input programs (1 to %d)\n", n, CLC_MAX_ARGS - 8);
    return FE_INTERNAL;
  }
  char dir[1024], path[PATH_MAX], logp[PATH_MAX];
  if (clc_mkdtemp(tools->tmpdir, dir, sizeof dir, log)) return FE_INTERNAL;
  fe_status st = FE_OK;
  clc_argv a = {0};
  clc_push(&a, tools->spirv_link);
  /* a library keeps its exports and may import what a later link brings */
  if (library) {
    clc_push(&a, "--create-library");
    clc_push(&a, "--allow-partial-linkage");
  }
  for (size_t i = 0; i < n && st == FE_OK; i++) {
    char name[32];
    snprintf(name, sizeof name, "in%zu.spv", i);
    snprintf(path, sizeof path, "%s/%s", dir, name);
    if (clc_write_file(path, mods[i], nwords_in[i] * sizeof *mods[i], log)) st = FE_INTERNAL;
    clc_push(&a, name);
  }
  clc_push(&a, "-o");
  clc_push(&a, "x.spv");
  if (st == FE_OK) {
    snprintf(logp, sizeof logp, "%s/link.log", dir);
    int rc = clc_run(&a, dir, logp, log);
    if (rc != 0) {
      clc_log_output(logp, dir, log);
      fe_sb_printf(log,
                   "error: linking the programs failed (spirv-link %s %d; the messages "
                   "above name the symbol or the mismatch)\n",
                   rc > 0 ? "exit" : "status", rc);
      st = rc > 0 ? FE_BUILD_FAILED : FE_INTERNAL;
    }
  }
  clc_argv_fini(&a);
  if (st == FE_OK) {
    snprintf(path, sizeof path, "%s/x.spv", dir);
    size_t len = 0;
    char *bin = clc_read_file(path, &len);
    if (!bin || len % 4 || len == 0) {
      fe_sb_printf(log, "error: internal: spirv-link produced no valid SPIR-V file\n");
      free(bin);
      st = FE_INTERNAL;
    } else {
      *words = (uint32_t *)(void *)bin; /* malloc'd, suitably aligned */
      *nwords = len / 4;
    }
  }
  clc_rmtree(dir);
  return st;
}
