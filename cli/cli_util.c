/* Helpers the commands share: paths (the library, the presets, absolute
 * names) and option values. */
#include <errno.h>
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cli.h"

/* snprintf for paths: -1 when the result did not fit. */
int cli_fmt(char *out, size_t len, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  int n = vsnprintf(out, len, fmt, ap);
  va_end(ap);
  return n < 0 || (size_t)n >= len ? -1 : 0;
}

int cli_is_file(const char *p) {
  struct stat st;
  return stat(p, &st) == 0 && S_ISREG(st.st_mode);
}

int cli_is_dir(const char *p) {
  struct stat st;
  return stat(p, &st) == 0 && S_ISDIR(st.st_mode);
}

/* Directory holding this executable, from /proc/self/exe. */
static int cli_exe_dir(char *buf, size_t len) {
  ssize_t n = readlink("/proc/self/exe", buf, len - 1);
  if (n <= 0) return -1;
  buf[n] = 0;
  char *slash = strrchr(buf, '/');
  if (!slash) return -1;
  *slash = 0;
  return 0;
}

/* libwavesim.so: next to the executable (build tree), in ../<libdir> (an
 * install), else the paths fixed at configure time. */
int cli_find_library(char *out, size_t len) {
  char dir[PATH_MAX];
  if (cli_exe_dir(dir, sizeof dir) == 0) {
    if (cli_fmt(out, len, "%s/%s", dir, CLI_LIB_NAME) == 0 && cli_is_file(out)) return 0;
    if (cli_fmt(out, len, "%s/../%s/%s", dir, WAVESIM_LIBDIR_REL, CLI_LIB_NAME) == 0 &&
        cli_is_file(out)) {
      char real[PATH_MAX];
      if (realpath(out, real)) cli_fmt(out, len, "%s", real);
      return 0;
    }
  }
  const char *fixed[] = {WAVESIM_ICD_BUILD_PATH, WAVESIM_ICD_INSTALL_PATH};
  for (size_t i = 0; i < 2; i++) {
    snprintf(out, len, "%s", fixed[i]);
    if (cli_is_file(out)) return 0;
  }
  return -1;
}

/* Presets live in WAVESIM_CONFIG_DIR, else the source tree, else the
 * installed share/wavesim/configs (exported for the runtime of the program
 * a command starts). */
const char *cli_config_dir(char *buf, size_t len) {
  const char *env = getenv("WAVESIM_CONFIG_DIR");
  if (env && *env) return env;
  if (cli_is_dir(WAVESIM_CONFIG_SOURCE_DIR)) return WAVESIM_CONFIG_SOURCE_DIR;
  char dir[PATH_MAX];
  if (cli_exe_dir(dir, sizeof dir) == 0) {
    if (cli_fmt(buf, len, "%s/../share/wavesim/configs", dir) == 0 && cli_is_dir(buf)) return buf;
  }
  return WAVESIM_CONFIG_INSTALL_DIR;
}

void cli_export_config_dir(void) {
  char buf[PATH_MAX];
  const char *d = cli_config_dir(buf, sizeof buf);
  setenv("WAVESIM_CONFIG_DIR", d, 0);
}

int cli_absolute(const char *path, char *out, size_t len) {
  if (path[0] == '/') {
    snprintf(out, len, "%s", path);
    return 0;
  }
  char cwd[PATH_MAX];
  if (!getcwd(cwd, sizeof cwd)) return -1;
  return cli_fmt(out, len, "%s/%s", cwd, path);
}

char *cli_strdup(const char *s) {
  size_t n = strlen(s) + 1;
  char *p = malloc(n);
  if (p) memcpy(p, s, n);
  return p;
}

int cli_self(char *out, size_t len) {
  ssize_t n = readlink("/proc/self/exe", out, len - 1);
  if (n <= 0) return -1;
  out[n] = 0;
  return 0;
}

/* A count option's value: a decimal integer >= min, else -1. */
long long cli_count(const char *v, long long min) {
  char *end = NULL;
  errno = 0;
  long long x = strtoll(v, &end, 10);
  if (!*v || *end || errno || x < min) return -1;
  return x;
}

/* Value of "--opt VALUE" or "--opt=VALUE" at argv[*i]; NULL if not this opt. */
const char *cli_opt(int argc, char **argv, int *i, const char *opt, int *missing) {
  size_t l = strlen(opt);
  if (strncmp(argv[*i], opt, l) != 0) return NULL;
  if (argv[*i][l] == '=') return argv[*i] + l + 1;
  if (argv[*i][l] != 0) return NULL;
  if (*i + 1 >= argc) {
    *missing = 1;
    return NULL;
  }
  return argv[++*i];
}

/* A private vendors directory whose only ICD is wavesim: the program sees
 * wavesim as its one platform whatever else is installed. */
int cli_make_vendors(const char *lib, char *dir, size_t len, char *icd, size_t icdlen) {
  const char *tmp = getenv("TMPDIR");
  if (cli_fmt(dir, len, "%s/wavesim-vendors-XXXXXX", tmp && *tmp ? tmp : "/tmp") != 0 ||
      !mkdtemp(dir))
    return -1;
  if (cli_fmt(icd, icdlen, "%s/wavesim.icd", dir) != 0) {
    rmdir(dir);
    return -1;
  }
  FILE *f = fopen(icd, "w");
  if (!f) {
    rmdir(dir);
    return -1;
  }
  fprintf(f, "%s\n", lib);
  return fclose(f);
}

/* Removes the private vendors directory, and the throw-away database (with
 * SQLite's side files) when one was made inside it. */
void cli_remove_vendors(const char *dir, const char *icd, const char *db) {
  unlink(icd);
  if (db) {
    static const char *const side[] = {"", "-wal", "-shm", "-journal"};
    char f[PATH_MAX + 16];
    for (size_t k = 0; k < sizeof side / sizeof side[0]; k++)
      if (cli_fmt(f, sizeof f, "%s%s", db, side[k]) == 0) unlink(f);
  }
  rmdir(dir);
}
