/* The compiler's content-addressed on-disk cache: SHA-256 keys over everything
 * a build depends on, entries holding the serialized program and build log. */
#ifndef WAVESIM_FE_CACHE_H
#define WAVESIM_FE_CACHE_H

#include <stddef.h>
#include <stdint.h>

#include "clc.h"
#include "fe.h"

/* Bump when the entry layout or the meaning of a key changes. Compiler code
 * changes need no bump: the key holds the identity (path, size, mtime) of the
 * binary the compiler runs from, so any rebuild of wavesim misses. */
#define FE_CACHE_VERSION 1u

typedef struct fe_cache fe_cache;
typedef struct fe_cache_key {
  uint8_t b[32]; /* SHA-256 */
} fe_cache_key;

/* The cache in `dir` (NULL or "": off; fe_host.cache_dir, which the
 * runtime resolves from WAVESIM_CACHE, WAVESIM_CACHE_DIR, XDG_CACHE_HOME and
 * HOME), with the tools fingerprinted now. Never fails: a disabled cache is
 * a non-NULL object whose lookups miss and stores do nothing. NULL only when
 * out of memory. */
fe_cache *fe_cache_open(const fe_clc_tools *tools, const char *dir);
void fe_cache_close(fe_cache *c);
/* The directory in use, or NULL when the cache is off. */
const char *fe_cache_dir(const fe_cache *c);

/* Key of an OpenCL C build; -1 when the build must not be cached (cache off,
 * a tool missing, or the source #includes files whose contents the key
 * cannot see). */
int fe_cache_key_source(const fe_cache *c, const char *source, const char *options,
                        const fe_target *target, fe_cache_key *key);
/* Key of a SPIR-V build (no external tools involved). */
int fe_cache_key_spirv(const fe_cache *c, const uint32_t *words, size_t nwords,
                       const fe_target *target, fe_cache_key *key);

/* 1 and the program and its build log (both heap) on a hit; 0 on a miss or an
 * unreadable/corrupt entry (which a later store replaces). */
int fe_cache_lookup(fe_cache *c, const fe_cache_key *key, isa_program **out, char **log);
/* Best effort: writes atomically (temp file + rename); failures only count. */
void fe_cache_store(fe_cache *c, const fe_cache_key *key, const isa_program *prog,
                    const char *log);

void fe_cache_get_stats(const fe_cache *c, fe_cache_stats *out);

/* SHA-256 of a byte string (exposed for tests against FIPS 180-2 vectors). */
void fe_sha256(const void *data, size_t len, uint8_t digest[32]);

#endif
