/* The library options that come from the environment, resolved here (and
 * only in runtime/ and cli/): the compiler's tools, cache and temporary
 * directory, and the presets' directory. The libraries read no environment. */
#ifndef WAVESIM_RT_OPTS_H
#define WAVESIM_RT_OPTS_H

#include <stddef.h>

#include "fe.h"

/* The compiler's host options: WAVESIM_CLANG, WAVESIM_LLVM_SPIRV,
 * WAVESIM_OPT, WAVESIM_LEGAL, WAVESIM_SPIRV_LINK, WAVESIM_LLVM_LINK (each a
 * tool's path; unset or empty: the configured one), the compile cache
 * (WAVESIM_CACHE=off|0|no|false: none; else $WAVESIM_CACHE_DIR, else
 * $XDG_CACHE_HOME/wavesim when that is absolute, else $HOME/.cache/wavesim),
 * TMPDIR, and WAVESIM_LEGAL_STATS (set: wavesim-legal's counts in the build
 * log). The strings point into the environment and into cache_buf (the
 * cache directory when it is composed; "" when it does not fit: no cache). */
void rt_opts_fe_host(fe_host *h, char *cache_buf, size_t len);

/* A compiler made with rt_opts_fe_host's options; NULL when out of memory. */
fe_compiler *rt_opts_compiler_create(void);

/* WAVESIM_CONFIG_DIR, or NULL when unset or empty (the configured one). */
const char *rt_opts_config_dir(void);

#endif
