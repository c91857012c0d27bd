/* rt_opts: the environment variables the libraries once read themselves,
 * read here and passed down as options (fe_host, cfg_load's presets). */
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rt_opts.h"

/* WAVESIM_CACHE's words for "no cache". */
static int rt_opts_off(const char *v) {
  return v && (!strcmp(v, "off") || !strcmp(v, "0") || !strcmp(v, "no") || !strcmp(v, "false"));
}

static const char *rt_opts_cache_dir(char *buf, size_t len) {
  buf[0] = 0;
  if (rt_opts_off(getenv("WAVESIM_CACHE"))) return NULL;
  const char *e = getenv("WAVESIM_CACHE_DIR");
  if (e && *e) return e;
  const char *base = getenv("XDG_CACHE_HOME"), *suffix = "/wavesim";
  if (!base || base[0] != '/') { /* XDG: relative values are to be ignored */
    base = getenv("HOME");
    suffix = "/.cache/wavesim";
  }
  if (!base || !*base) return NULL;
  int n = snprintf(buf, len, "%s%s", base, suffix);
  return n > 0 && (size_t)n < len ? buf : NULL;
}

void rt_opts_fe_host(fe_host *h, char *cache_buf, size_t len) {
  memset(h, 0, sizeof *h);
  h->clang = getenv("WAVESIM_CLANG");
  h->llvm_spirv = getenv("WAVESIM_LLVM_SPIRV");
  h->opt = getenv("WAVESIM_OPT");
  h->legal = getenv("WAVESIM_LEGAL");
  h->spirv_link = getenv("WAVESIM_SPIRV_LINK");
  h->llvm_link = getenv("WAVESIM_LLVM_LINK");
  h->cache_dir = rt_opts_cache_dir(cache_buf, len);
  h->tmpdir = getenv("TMPDIR");
  h->legal_stats = getenv("WAVESIM_LEGAL_STATS") != NULL;
}

fe_compiler *rt_opts_compiler_create(void) {
  char buf[PATH_MAX];
  fe_host h;
  rt_opts_fe_host(&h, buf, sizeof buf);
  return fe_compiler_create(&h);
}

const char *rt_opts_config_dir(void) {
  const char *d = getenv("WAVESIM_CONFIG_DIR");
  return d && *d ? d : NULL;
}
