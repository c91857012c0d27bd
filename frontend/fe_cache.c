/* The compile cache behind fe_build: key derivation (SHA-256 over source,
 * options, target and compiler identity) and atomic entry files on disk. */
#define _GNU_SOURCE /* dladdr */
#include <dlfcn.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "fe_cache.h"

/* Why SHA-256: the key must make collisions negligible (a collision would run
 * the wrong kernel silently); a 256-bit cryptographic hash settles that with
 * ~100 lines and no dependency, and hashing a few KiB of source costs
 * microseconds next to a clang run. */
typedef struct fe_sha {
  uint32_t h[8];
  uint8_t block[64];
  size_t fill;
  uint64_t total;
} fe_sha;

static const uint32_t sha_k[64] = {
  0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5,
  0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174,
  0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
  0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967,
  0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
  0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
  0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
  0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2,
};

static uint32_t ror(uint32_t x, unsigned n) { return x >> n | x << (32 - n); }

static void sha_block(fe_sha *s, const uint8_t *p) {
  uint32_t w[64];
  for (int i = 0; i < 16; i++)
    w[i] = (uint32_t)p[4 * i] << 24 | (uint32_t)p[4 * i + 1] << 16 | (uint32_t)p[4 * i + 2] << 8 |
           p[4 * i + 3];
  for (int i = 16; i < 64; i++) {
    uint32_t s0 = ror(w[i - 15], 7) ^ ror(w[i - 15], 18) ^ (w[i - 15] >> 3);
    uint32_t s1 = ror(w[i - 2], 17) ^ ror(w[i - 2], 19) ^ (w[i - 2] >> 10);
    w[i] = w[i - 16] + s0 + w[i - 7] + s1;
  }
  uint32_t a = s->h[0], b = s->h[1], c = s->h[2], d = s->h[3];
  uint32_t e = s->h[4], f = s->h[5], g = s->h[6], h = s->h[7];
  for (int i = 0; i < 64; i++) {
    uint32_t t1 = h + (ror(e, 6) ^ ror(e, 11) ^ ror(e, 25)) + ((e & f) ^ (~e & g)) + sha_k[i] + w[i];
    uint32_t t2 = (ror(a, 2) ^ ror(a, 13) ^ ror(a, 22)) + ((a & b) ^ (a & c) ^ (b & c));
    h = g;
    g = f;
    f = e;
    e = d + t1;
    d = c;
    c = b;
    b = a;
    a = t1 + t2;
  }
  s->h[0] += a, s->h[1] += b, s->h[2] += c, s->h[3] += d;
  s->h[4] += e, s->h[5] += f, s->h[6] += g, s->h[7] += h;
}

static void sha_init(fe_sha *s) {
  static const uint32_t iv[8] = {0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a,
                                 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19};
  memcpy(s->h, iv, sizeof iv);
  s->fill = 0;
  s->total = 0;
}

static void sha_update(fe_sha *s, const void *data, size_t len) {
  const uint8_t *p = data;
  s->total += len;
  while (len) {
    size_t n = 64 - s->fill < len ? 64 - s->fill : len;
    memcpy(s->block + s->fill, p, n);
    s->fill += n;
    p += n;
    len -= n;
    if (s->fill == 64) {
      sha_block(s, s->block);
      s->fill = 0;
    }
  }
}

static void sha_final(fe_sha *s, uint8_t out[32]) {
  uint64_t bits = s->total * 8;
  uint8_t pad = 0x80;
  sha_update(s, &pad, 1);
  pad = 0;
  while (s->fill != 56) sha_update(s, &pad, 1);
  uint8_t len[8];
  for (int i = 0; i < 8; i++) len[i] = (uint8_t)(bits >> (56 - 8 * i));
  sha_update(s, len, 8);
  for (int i = 0; i < 8; i++)
    for (int j = 0; j < 4; j++) out[4 * i + j] = (uint8_t)(s->h[i] >> (24 - 8 * j));
}

void fe_sha256(const void *data, size_t len, uint8_t digest[32]) {
  fe_sha s;
  sha_init(&s);
  sha_update(&s, data, len);
  sha_final(&s, digest);
}

/* Fields go in length-prefixed (or fixed-width) so that no two different
 * field sequences hash the same byte stream. */
static void hash_u64(fe_sha *s, uint64_t v) {
  uint8_t b[8];
  for (int i = 0; i < 8; i++) b[i] = (uint8_t)(v >> (8 * i));
  sha_update(s, b, 8);
}

static void hash_bytes(fe_sha *s, const void *p, size_t n) {
  hash_u64(s, n);
  sha_update(s, p, n);
}

static void hash_str(fe_sha *s, const char *str) {
  if (!str) {
    hash_u64(s, UINT64_MAX); /* NULL differs from "" */
    return;
  }
  hash_bytes(s, str, strlen(str));
}

/* Identity of a file: path, size, mtime (ns), inode. 0, or -1 if missing. */
static int hash_file_id(fe_sha *s, const char *path) {
  struct stat st;
  if (!path || !*path || stat(path, &st) != 0) return -1;
  hash_str(s, path);
  hash_u64(s, (uint64_t)st.st_size);
  hash_u64(s, (uint64_t)st.st_mtim.tv_sec);
  hash_u64(s, (uint64_t)st.st_mtim.tv_nsec);
  hash_u64(s, (uint64_t)st.st_ino);
  return 0;
}

struct fe_cache {
  char *dir;         /* NULL: cache off */
  int tools_ok;      /* clang, llvm-spirv, opt and wavesim-legal all found */
  uint8_t self[32];  /* wavesim's own compiler identity */
  uint8_t tools[32]; /* the external tools' identity */
  fe_cache_stats stats;
};

/* The binary this code was linked into (the ICD library, a test or a tool):
 * a rebuilt wavesim has a new size/mtime, so stale entries are never read. */
static void self_identity(uint8_t out[32]) {
  fe_sha s;
  sha_init(&s);
  hash_str(&s, "wavesim-fe-cache");
  hash_u64(&s, FE_CACHE_VERSION);
  hash_u64(&s, ISA_SERIAL_VERSION);
  hash_u64(&s, ISA_OP_COUNT);
  Dl_info info;
  int found = 0;
  if (dladdr((void *)&self_identity, &info) && info.dli_fname && info.dli_fname[0] == '/')
    found = hash_file_id(&s, info.dli_fname) == 0;
  if (!found) {
    char exe[4096];
    ssize_t n = readlink("/proc/self/exe", exe, sizeof exe - 1);
    if (n > 0) {
      exe[n] = 0;
      found = hash_file_id(&s, exe) == 0;
    }
  }
  /* neither: fall back on the build time of this file, still per-build */
  if (!found) hash_str(&s, __DATE__ " " __TIME__);
  sha_final(&s, out);
}

fe_cache *fe_cache_open(const fe_clc_tools *tools, const char *dir) {
  fe_cache *c = calloc(1, sizeof *c);
  if (!c) return NULL;
  if (!dir || !*dir) return c;
  if (!(c->dir = strdup(dir))) return c; /* out of memory: builds just compile */
  self_identity(c->self);
  fe_sha s;
  sha_init(&s);
  c->tools_ok = tools && hash_file_id(&s, tools->clang) == 0 &&
                hash_file_id(&s, tools->llvm_spirv) == 0 && hash_file_id(&s, tools->opt) == 0 &&
                hash_file_id(&s, tools->legal) == 0;
  sha_final(&s, c->tools);
  return c;
}

void fe_cache_close(fe_cache *c) {
  if (!c) return;
  free(c->dir);
  free(c);
}

const char *fe_cache_dir(const fe_cache *c) { return c ? c->dir : NULL; }

void fe_cache_get_stats(const fe_cache *c, fe_cache_stats *out) {
  if (c)
    *out = c->stats;
  else
    memset(out, 0, sizeof *out);
}

static void hash_target(fe_sha *s, const fe_target *t) {
  if (!t) {
    hash_u64(s, 0);
    return;
  }
  hash_u64(s, 1);
  hash_u64(s, t->wave_size);
  hash_u64(s, t->max_vgprs);
  hash_u64(s, t->max_sgprs);
  hash_u64(s, t->sched_vgprs);
  hash_u64(s, (uint64_t)(t->constant_vector_loads != 0));
  hash_u64(s, (uint64_t)(t->fp64 != 0));
  hash_u64(s, (uint64_t)(t->images != 0));
  hash_str(s, t->extensions);
}

/* Options with whitespace runs collapsed and trimmed: "-DX=1  -w " and
 * "-DX=1 -w" build the same thing. Order is kept (later -D wins). */
static void hash_options(fe_sha *s, const char *options) {
  const char *p = options ? options : "";
  size_t n = strlen(p);
  char *norm = malloc(n + 1);
  if (!norm) {
    hash_str(s, p);
    return;
  }
  size_t k = 0;
  int space = 0;
  for (; *p; p++) {
    if (*p == ' ' || *p == '\t' || *p == '\n' || *p == '\r') {
      space = 1;
      continue;
    }
    if (space && k) norm[k++] = ' ';
    space = 0;
    norm[k++] = *p;
  }
  norm[k] = 0;
  hash_str(s, norm);
  free(norm);
}

/* Whether the source has a #include: the included files' contents are not in
 * the key, so such builds are never cached. */
static int has_include(const char *src) {
  for (const char *p = strchr(src, '#'); p; p = strchr(p + 1, '#')) {
    const char *q = p + 1;
    while (*q == ' ' || *q == '\t') q++;
    if (!strncmp(q, "include", 7)) return 1;
  }
  return 0;
}

int fe_cache_key_source(const fe_cache *c, const char *source, const char *options,
                        const fe_target *target, fe_cache_key *key) {
  if (!c || !c->dir || !c->tools_ok || !source || has_include(source)) return -1;
  fe_sha s;
  sha_init(&s);
  hash_str(&s, "opencl-c");
  sha_update(&s, c->self, 32);
  sha_update(&s, c->tools, 32);
  hash_options(&s, options);
  hash_target(&s, target);
  hash_str(&s, source);
  sha_final(&s, key->b);
  return 0;
}

int fe_cache_key_spirv(const fe_cache *c, const uint32_t *words, size_t nwords,
                       const fe_target *target, fe_cache_key *key) {
  if (!c || !c->dir || (!words && nwords)) return -1;
  fe_sha s;
  sha_init(&s);
  hash_str(&s, "spir-v");
  sha_update(&s, c->self, 32);
  hash_target(&s, target);
  hash_u64(&s, nwords);
  for (size_t i = 0; i < nwords; i++) {
    uint8_t b[4] = {(uint8_t)words[i], (uint8_t)(words[i] >> 8), (uint8_t)(words[i] >> 16),
                    (uint8_t)(words[i] >> 24)};
    sha_update(&s, b, 4);
  }
  sha_final(&s, key->b);
  return 0;
}

/* ---- entries ---------------------------------------------------------------
 * <dir>/<64 hex digits of the key>.wsc:
 *   "WSIMCACH" magic, u32 FE_CACHE_VERSION, the 32-byte key,
 *   u32 log length, log bytes, u64 program length, isa_program_serialize bytes,
 *   32-byte SHA-256 of everything before it. All integers little endian. */
#define FE_CACHE_MAGIC "WSIMCACH"
#define FE_CACHE_MAX_ENTRY (512u << 20) /* refuse absurd sizes from corrupt files */

static char *entry_path(const fe_cache *c, const fe_cache_key *key, const char *suffix) {
  size_t n = strlen(c->dir) + 1 + 64 + strlen(suffix) + 1;
  char *p = malloc(n);
  if (!p) return NULL;
  size_t k = (size_t)snprintf(p, n, "%s/", c->dir);
  for (int i = 0; i < 32; i++) k += (size_t)snprintf(p + k, n - k, "%02x", key->b[i]);
  snprintf(p + k, n - k, "%s", suffix);
  return p;
}

static uint64_t rd_le(const uint8_t *p, int n) {
  uint64_t v = 0;
  for (int i = n - 1; i >= 0; i--) v = v << 8 | p[i];
  return v;
}

static void wr_le(uint8_t *p, uint64_t v, int n) {
  for (int i = 0; i < n; i++) p[i] = (uint8_t)(v >> (8 * i));
}

/* Parses a whole entry file; 0 with heap program and log, or -1. */
static int parse_entry(const uint8_t *b, size_t len, const fe_cache_key *key, isa_program **out,
                       char **log) {
  uint8_t sum[32];
  if (len < 8 + 4 + 32 + 4 + 8 + 32 || memcmp(b, FE_CACHE_MAGIC, 8) != 0 ||
      rd_le(b + 8, 4) != FE_CACHE_VERSION || memcmp(b + 12, key->b, 32) != 0)
    return -1;
  fe_sha256(b, len - 32, sum);
  if (memcmp(sum, b + len - 32, 32) != 0) return -1;
  size_t pos = 44, body = len - 32;
  uint64_t loglen = rd_le(b + pos, 4);
  pos += 4;
  if (loglen > body - pos || body - pos - loglen < 8) return -1;
  const uint8_t *logp = b + pos;
  pos += loglen;
  uint64_t plen = rd_le(b + pos, 8);
  pos += 8;
  if (plen != body - pos) return -1;
  char err[256];
  if (isa_program_deserialize(b + pos, plen, out, err, sizeof err) != 0) return -1;
  *log = malloc(loglen + 1);
  if (!*log) {
    isa_program_destroy(*out);
    *out = NULL;
    return -1;
  }
  memcpy(*log, logp, loglen);
  (*log)[loglen] = 0;
  return 0;
}

int fe_cache_lookup(fe_cache *c, const fe_cache_key *key, isa_program **out, char **log) {
  *out = NULL;
  *log = NULL;
  if (!c || !c->dir) return 0;
  char *path = entry_path(c, key, ".wsc");
  if (!path) return 0;
  int fd = open(path, O_RDONLY | O_CLOEXEC);
  free(path);
  if (fd < 0) {
    c->stats.misses++;
    if (errno != ENOENT) c->stats.corrupt++;
    return 0;
  }
  struct stat st;
  uint8_t *b = NULL;
  int ok = 0;
  if (fstat(fd, &st) == 0 && st.st_size > 0 && (uint64_t)st.st_size <= FE_CACHE_MAX_ENTRY &&
      (b = malloc((size_t)st.st_size))) {
    size_t got = 0, want = (size_t)st.st_size;
    while (got < want) {
      ssize_t n = read(fd, b + got, want - got);
      if (n <= 0) break;
      got += (size_t)n;
    }
    ok = got == want && parse_entry(b, want, key, out, log) == 0;
  }
  free(b);
  close(fd);
  if (ok) {
    c->stats.hits++;
    return 1;
  }
  c->stats.misses++;
  c->stats.corrupt++;
  return 0;
}

/* mkdir -p; 0 when the directory exists afterwards. */
static int make_dirs(const char *dir) {
  struct stat st;
  if (stat(dir, &st) == 0) return S_ISDIR(st.st_mode) ? 0 : -1;
  char *p = strdup(dir);
  if (!p) return -1;
  for (char *q = p + 1; *q; q++) {
    if (*q != '/') continue;
    *q = 0;
    if (mkdir(p, 0700) != 0 && errno != EEXIST) {
      free(p);
      return -1;
    }
    *q = '/';
  }
  int rc = mkdir(p, 0700) != 0 && errno != EEXIST ? -1 : 0;
  free(p);
  return rc;
}

static int write_all(int fd, const uint8_t *p, size_t n) {
  while (n) {
    ssize_t w = write(fd, p, n);
    if (w <= 0) return -1;
    p += w;
    n -= (size_t)w;
  }
  return 0;
}

void fe_cache_store(fe_cache *c, const fe_cache_key *key, const isa_program *prog,
                    const char *log) {
  if (!c || !c->dir || !prog) return;
  uint8_t *pb = NULL;
  size_t plen = 0;
  const char *lg = log ? log : "";
  size_t loglen = strlen(lg);
  if (loglen > UINT32_MAX || isa_program_serialize(prog, &pb, &plen) != 0) {
    c->stats.store_failures++;
    return;
  }
  size_t len = 44 + 4 + loglen + 8 + plen + 32;
  uint8_t *b = malloc(len);
  char *tmp = entry_path(c, key, ".tmp.XXXXXX"), *path = entry_path(c, key, ".wsc");
  int fd = -1, ok = 0;
  if (b && tmp && path) {
    memcpy(b, FE_CACHE_MAGIC, 8);
    wr_le(b + 8, FE_CACHE_VERSION, 4);
    memcpy(b + 12, key->b, 32);
    wr_le(b + 44, loglen, 4);
    memcpy(b + 48, lg, loglen);
    wr_le(b + 48 + loglen, plen, 8);
    memcpy(b + 56 + loglen, pb, plen);
    fe_sha256(b, len - 32, b + len - 32);
    /* the temp file lives in the cache dir so rename is atomic: concurrent
     * readers see the old entry or the whole new one, never a part */
    if (make_dirs(c->dir) == 0 && (fd = mkstemps(tmp, 0)) >= 0) {
      ok = write_all(fd, b, len) == 0;
      ok = close(fd) == 0 && ok;
      ok = ok && rename(tmp, path) == 0;
      if (!ok) unlink(tmp);
    }
  }
  if (ok)
    c->stats.stores++;
  else
    c->stats.store_failures++;
  free(b);
  free(pb);
  free(tmp);
  free(path);
}
