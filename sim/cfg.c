/* Device configuration values: the key table expanded from cfg_schema.def,
 * defaults, copies, typed parsing of one key, --set overrides, validation. */
#include <errno.h>
#include <inttypes.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cfg.h"

/* Each ENUM key's value texts, indexed by its C enum (cfg_values_<field>),
 * as char arrays so that the key table can point at its default's text in a
 * constant initializer. cfg_set_key stores an ENUM through an int. */
#define CFG_ENUM_TEXT(name, text) text,
#define CFG_TEXTS_INT(field)
#define CFG_TEXTS_FLOAT(field)
#define CFG_TEXTS_BOOL(field)
#define CFG_TEXTS_STR(field)
#define CFG_TEXTS_ENUM(field)                                                                      \
  static const char cfg_values_##field[][CFG_ENUM_TEXT_MAX] = {CFG_VALUES_##field(CFG_ENUM_TEXT)}; \
  _Static_assert(sizeof(cfg_##field) == sizeof(int), "cfg_" #field " is stored as an int");
#define CFG_KEY(key, field, type, unit, def, min, max, doc) CFG_TEXTS_##type(field)
#include "cfg_schema.def"
#undef CFG_KEY

#define CFG_DEFTEXT_INT(field, def) #def
#define CFG_DEFTEXT_FLOAT(field, def) #def
#define CFG_DEFTEXT_BOOL(field, def) #def
#define CFG_DEFTEXT_STR(field, def) #def
#define CFG_DEFTEXT_ENUM(field, def) cfg_values_##field[CFG_##def]
#define CFG_KEYVALS_INT(field) NULL, 0
#define CFG_KEYVALS_FLOAT(field) NULL, 0
#define CFG_KEYVALS_BOOL(field) NULL, 0
#define CFG_KEYVALS_STR(field) NULL, 0
#define CFG_KEYVALS_ENUM(field)                                                                    \
  cfg_values_##field, sizeof cfg_values_##field / sizeof cfg_values_##field[0]

static const cfg_keyinfo cfg_table[] = {
#define CFG_KEY(key, field, type, unit, def, min, max, doc)                                        \
  {key,                                                                                            \
   CFG_##type,                                                                                     \
   unit,                                                                                           \
   CFG_DEFTEXT_##type(field, def),                                                                 \
   (double)(min),                                                                                  \
   (double)(max),                                                                                  \
   doc,                                                                                            \
   offsetof(cfg_device, field),                                                                    \
   CFG_KEYVALS_##type(field)},
#include "cfg_schema.def"
#undef CFG_KEY
};
#define CFG_NKEYS (sizeof cfg_table / sizeof cfg_table[0])

const cfg_keyinfo *cfg_keys(size_t *n) {
  *n = CFG_NKEYS;
  return cfg_table;
}

const cfg_keyinfo *cfg_find_key(const char *key) {
  for (size_t i = 0; i < CFG_NKEYS; i++)
    if (strcmp(cfg_table[i].key, key) == 0) return &cfg_table[i];
  return NULL;
}

static char *cfg_strdup(const char *s) {
  size_t n = strlen(s) + 1;
  char *d = malloc(n);
  if (d) memcpy(d, s, n);
  return d;
}

#define CFG_DEF_INT(f, d) f = (int64_t)(d)
#define CFG_DEF_FLOAT(f, d) f = (double)(d)
#define CFG_DEF_BOOL(f, d) f = (d) != 0
#define CFG_DEF_STR(f, d) f = cfg_strdup(d)
#define CFG_DEF_ENUM(f, d) f = CFG_##d

void cfg_defaults(cfg_device *c) {
  memset(c, 0, sizeof *c);
#define CFG_KEY(key, field, type, unit, def, min, max, doc) CFG_DEF_##type(c->field, def);
#include "cfg_schema.def"
#undef CFG_KEY
  c->source = cfg_strdup("<defaults>");
}

static int cfg_is_string(cfg_type t) {
  return t == CFG_STR;
}

void cfg_fini(cfg_device *c) {
  for (size_t i = 0; i < CFG_NKEYS; i++) {
    if (!cfg_is_string(cfg_table[i].type)) continue;
    char **p = (char **)((char *)c + cfg_table[i].offset);
    free(*p);
    *p = NULL;
  }
  free(c->source);
  c->source = NULL;
}

int cfg_copy(cfg_device *dst, const cfg_device *src) {
  memcpy(dst, src, sizeof *dst);
  int bad = 0;
  for (size_t i = 0; i < CFG_NKEYS; i++) {
    if (!cfg_is_string(cfg_table[i].type)) continue;
    char **p = (char **)((char *)dst + cfg_table[i].offset);
    if (*p && !(*p = cfg_strdup(*p))) bad = 1;
  }
  if (dst->source && !(dst->source = cfg_strdup(dst->source))) bad = 1;
  return bad ? -1 : 0;
}

/* ---- typed parsing ------------------------------------------------------- */

/* Integers may carry a binary size suffix (K/KiB, M/MiB, G/GiB, T/TiB) so
 * that presets read like data sheets: "48KiB", "50MiB". */
static int cfg_parse_int(const char *v, int64_t *out) {
  errno = 0;
  char *end;
  long long x = strtoll(v, &end, 0);
  if (end == v || errno) return -1;
  while (*end == ' ') end++;
  int64_t mul = 1;
  if (*end) {
    static const struct { const char *s; int64_t m; } suf[] = {
        {"K", 1LL << 10}, {"KiB", 1LL << 10}, {"KB", 1LL << 10}, {"M", 1LL << 20},
        {"MiB", 1LL << 20}, {"MB", 1LL << 20}, {"G", 1LL << 30}, {"GiB", 1LL << 30},
        {"GB", 1LL << 30}, {"T", 1LL << 40}, {"TiB", 1LL << 40}, {"TB", 1LL << 40}};
    size_t i;
    for (i = 0; i < sizeof suf / sizeof suf[0]; i++)
      if (strcmp(end, suf[i].s) == 0) break;
    if (i == sizeof suf / sizeof suf[0]) return -1;
    mul = suf[i].m;
  }
  if (x > INT64_MAX / mul || x < INT64_MIN / mul) return -1;
  *out = (int64_t)x * mul;
  return 0;
}

static int cfg_parse_float(const char *v, double *out) {
  errno = 0;
  char *end;
  double x = strtod(v, &end);
  if (end == v || errno || !isfinite(x)) return -1;
  while (*end == ' ') end++;
  if (*end) return -1;
  *out = x;
  return 0;
}

static int cfg_parse_bool(const char *v, int *out) {
  static const char *const t[] = {"true", "yes", "on", "1"}, *const f[] = {"false", "no", "off", "0"};
  for (int i = 0; i < 4; i++) {
    if (strcmp(v, t[i]) == 0) return *out = 1, 0;
    if (strcmp(v, f[i]) == 0) return *out = 0, 0;
  }
  return -1;
}

/* An ENUM key's values as "a|b|c", for messages. */
static void cfg_enum_list(const cfg_keyinfo *k, char *buf, size_t len) {
  size_t used = 0;
  buf[0] = 0;
  for (size_t i = 0; i < k->nvalues && used < len; i++) {
    int n = snprintf(buf + used, len - used, "%s%s", i ? "|" : "", k->values[i]);
    if (n < 0) break;
    used += (size_t)n;
  }
}

static void cfg_fmt_num(char *buf, size_t len, cfg_type t, double x) {
  if (t == CFG_INT) snprintf(buf, len, "%" PRId64, (int64_t)x);
  else snprintf(buf, len, "%g", x);
}

int cfg_set_key(cfg_device *c, const char *key, const char *value, char *err, size_t errlen) {
  const cfg_keyinfo *k = cfg_find_key(key);
  if (!k) {
    const char *why = cfg_retired_key(key);
    if (why)
      snprintf(err, errlen, "key '%s' %s", key, why);
    else
      snprintf(err, errlen, "unknown key '%s'", key);
    return -1;
  }
  void *field = (char *)c + k->offset;
  char lo[32], hi[32];
  cfg_fmt_num(lo, sizeof lo, k->type, k->min);
  cfg_fmt_num(hi, sizeof hi, k->type, k->max);
  switch (k->type) {
  case CFG_INT: {
    int64_t x;
    if (cfg_parse_int(value, &x) != 0) {
      snprintf(err, errlen, "key '%s' = '%s' is not an integer; expected an integer in [%s, %s]: %s",
               key, value, lo, hi, k->doc);
      return -1;
    }
    if ((double)x < k->min || (double)x > k->max) {
      snprintf(err, errlen, "key '%s' = '%s' is out of range [%s, %s]: %s", key, value, lo, hi, k->doc);
      return -1;
    }
    *(int64_t *)field = x;
    return 0;
  }
  case CFG_FLOAT: {
    double x;
    if (cfg_parse_float(value, &x) != 0) {
      snprintf(err, errlen, "key '%s' = '%s' is not a number; expected a number in [%s, %s]: %s",
               key, value, lo, hi, k->doc);
      return -1;
    }
    if (x < k->min || x > k->max) {
      snprintf(err, errlen, "key '%s' = '%s' is out of range [%s, %s]: %s", key, value, lo, hi, k->doc);
      return -1;
    }
    *(double *)field = x;
    return 0;
  }
  case CFG_BOOL: {
    int x;
    if (cfg_parse_bool(value, &x) != 0) {
      snprintf(err, errlen, "key '%s' = '%s' is not a boolean; use true or false: %s", key, value,
               k->doc);
      return -1;
    }
    *(int *)field = x;
    return 0;
  }
  case CFG_ENUM: {
    for (size_t i = 0; i < k->nvalues; i++)
      if (strcmp(value, k->values[i]) == 0) {
        int x = (int)i;
        memcpy(field, &x, sizeof x);
        return 0;
      }
    char vals[256];
    cfg_enum_list(k, vals, sizeof vals);
    snprintf(err, errlen, "key '%s' = '%s' is not one of %s: %s", key, value, vals, k->doc);
    return -1;
  }
  case CFG_STR: {
    char *d = cfg_strdup(value);
    if (!d) {
      snprintf(err, errlen, "out of memory setting key '%s'", key);
      return -1;
    }
    free(*(char **)field);
    *(char **)field = d;
    return 0;
  }
  }
  return -1;
}

int cfg_get(const cfg_device *c, const char *key, char *buf, size_t len) {
  const cfg_keyinfo *k = cfg_find_key(key);
  if (!k) return -1;
  const void *f = (const char *)c + k->offset;
  switch (k->type) {
  case CFG_INT: snprintf(buf, len, "%" PRId64, *(const int64_t *)f); break;
  case CFG_FLOAT: snprintf(buf, len, "%.17g", *(const double *)f); break;
  case CFG_BOOL: snprintf(buf, len, "%s", *(const int *)f ? "true" : "false"); break;
  case CFG_STR:
    snprintf(buf, len, "%s", *(char *const *)f ? *(char *const *)f : "");
    break;
  case CFG_ENUM: {
    int x;
    memcpy(&x, f, sizeof x);
    snprintf(buf, len, "%s", x >= 0 && (size_t)x < k->nvalues ? k->values[x] : "");
    break;
  }
  }
  return 0;
}

/* Appends to buf like snprintf at offset *used (counting what did not fit). */
static void cfg_put(char *buf, size_t len, size_t *used, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  int n = vsnprintf(buf ? buf + (*used < len ? *used : len) : NULL, *used < len ? len - *used : 0,
                    fmt, ap);
  va_end(ap);
  if (n > 0) *used += (size_t)n;
}

/* A string as a YAML double-quoted scalar, whole (no fixed-size copy), with
 * quotes, backslashes, control characters and the Unicode line breaks escaped
 * so that the dump loads back to the same value. */
static void cfg_put_quoted(char *buf, size_t len, size_t *used, const char *v) {
  cfg_put(buf, len, used, "\"");
  for (const unsigned char *p = (const unsigned char *)v; *p; p++) {
    if (*p == '"' || *p == '\\') cfg_put(buf, len, used, "\\%c", *p);
    else if (*p == '\n') cfg_put(buf, len, used, "\\n");
    else if (*p == '\t') cfg_put(buf, len, used, "\\t");
    else if (*p < 0x20 || *p == 0x7f) cfg_put(buf, len, used, "\\x%02x", *p);
    else if (p[0] == 0xc2 && p[1] == 0x85) cfg_put(buf, len, used, "\\N"), p++;
    else if (p[0] == 0xe2 && p[1] == 0x80 && (p[2] == 0xa8 || p[2] == 0xa9))
      cfg_put(buf, len, used, "\\%c", p[2] == 0xa8 ? 'L' : 'P'), p += 2;
    else if (p[0] == 0xef && p[1] == 0xbb && p[2] == 0xbf) cfg_put(buf, len, used, "\\uFEFF"), p += 2;
    else cfg_put(buf, len, used, "%c", *p);
  }
  cfg_put(buf, len, used, "\"\n");
}

size_t cfg_dump(const cfg_device *c, char *buf, size_t len) {
  size_t used = 0;
  for (size_t i = 0; i < CFG_NKEYS; i++) {
    const cfg_keyinfo *k = &cfg_table[i];
    if (k->type == CFG_STR) {
      const char *v = *(char *const *)((const char *)c + k->offset);
      cfg_put(buf, len, &used, "%s: ", k->key);
      cfg_put_quoted(buf, len, &used, v ? v : "");
      continue;
    }
    char v[512];
    cfg_get(c, k->key, v, sizeof v);
    cfg_put(buf, len, &used, "%s: %s\n", k->key, v);
  }
  return used;
}

/* Split "key=value" and apply it. */
int cfg_set(cfg_device *c, const char *assignment, char *err, size_t errlen) {
  const char *eq = strchr(assignment, '=');
  if (!eq || eq == assignment) {
    snprintf(err, errlen, "--set '%s': expected key=value, e.g. --set lds.banks=64", assignment);
    return -1;
  }
  char key[128];
  size_t n = (size_t)(eq - assignment);
  while (n && assignment[n - 1] == ' ') n--;
  if (n >= sizeof key) n = sizeof key - 1;
  memcpy(key, assignment, n);
  key[n] = 0;
  const char *value = eq + 1;
  while (*value == ' ') value++;
  char msg[512];
  if (!cfg_find_key(key)) {
    const char *s = cfg_suggest_key(key), *why = cfg_retired_key(key);
    if (why)
      snprintf(err, errlen, "--set: key '%s' %s", key, why);
    else if (s)
      snprintf(err, errlen, "--set: unknown key '%s' (did you mean '%s'?)", key, s);
    else snprintf(err, errlen, "--set: unknown key '%s' (docs/CONFIG.md lists the keys)", key);
    return -1;
  }
  char old[512];
  cfg_get(c, key, old, sizeof old);
  if (cfg_set_key(c, key, value, msg, sizeof msg) != 0) {
    snprintf(err, errlen, "--set: %s", msg);
    return -1;
  }
  const char *bad;
  if (cfg_validate(c, &bad, msg, sizeof msg) != 0) {
    snprintf(err, errlen, "--set %s: %s", assignment, msg);
    cfg_set_key(c, key, old, msg, sizeof msg); /* leave the config as it was */
    return -1;
  }
  return 0;
}

/* ---- suggestions ----------------------------------------------------------- */

static size_t cfg_edit_distance(const char *a, const char *b) {
  size_t la = strlen(a), lb = strlen(b);
  if (la > 127 || lb > 127) return (size_t)-1;
  size_t row[128];
  for (size_t j = 0; j <= lb; j++) row[j] = j;
  for (size_t i = 1; i <= la; i++) {
    size_t diag = row[0];
    row[0] = i;
    for (size_t j = 1; j <= lb; j++) {
      size_t up = row[j];
      size_t best = diag + (a[i - 1] != b[j - 1]);
      if (row[j - 1] + 1 < best) best = row[j - 1] + 1;
      if (up + 1 < best) best = up + 1;
      row[j] = best;
      diag = up;
    }
  }
  return row[lb];
}

const char *cfg_retired_key(const char *key) {
  static const struct {
    const char *key, *why;
  } retired[] = {
#define CFG_KEY(key, field, type, unit, def, lo, hi, doc)
#define CFG_RETIRED(key, why) {key, why},
#include "cfg_schema.def"
#undef CFG_RETIRED
#undef CFG_KEY
  };
  for (size_t i = 0; i < sizeof retired / sizeof retired[0]; i++)
    if (strcmp(key, retired[i].key) == 0) return retired[i].why;
  return NULL;
}

const char *cfg_suggest_key(const char *key) {
  const char *best = NULL;
  size_t bestd = (size_t)-1;
  for (size_t i = 0; i < CFG_NKEYS; i++) {
    size_t d = cfg_edit_distance(key, cfg_table[i].key);
    if (d < bestd) bestd = d, best = cfg_table[i].key;
  }
  size_t limit = strlen(key) / 3 + 1;
  return bestd <= limit ? best : NULL;
}

/* ---- cross-key constraints ---------------------------------------------- */

static int cfg_pow2(int64_t x) { return x > 0 && (x & (x - 1)) == 0; }

static int cfg_fail(const char **bad, const char *key, char *err, size_t errlen, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(err, errlen, fmt, ap);
  va_end(ap);
  if (bad) *bad = key;
  return -1;
}

int cfg_validate(const cfg_device *c, const char **bad, char *err, size_t errlen) {
  if (c->wave_size != 32 && c->wave_size != 64)
    return cfg_fail(bad, "wave_size", err, errlen, "wave_size = %" PRId64 " must be 32 or 64", c->wave_size);
  if (c->cu_simd_width > c->wave_size || c->wave_size % c->cu_simd_width)
    return cfg_fail(bad, "cu.simd_width", err, errlen,
                    "cu.simd_width = %" PRId64 " must divide wave_size = %" PRId64, c->cu_simd_width,
                    c->wave_size);
  if (c->cu_trans_width > c->wave_size || c->wave_size % c->cu_trans_width)
    return cfg_fail(bad, "cu.trans_width", err, errlen,
                    "cu.trans_width = %" PRId64 " must divide wave_size = %" PRId64, c->cu_trans_width,
                    c->wave_size);
  const struct { const char *key; int64_t v; } p2[] = {
      {"l1.line", c->l1_line}, {"l2.line", c->l2_line}, {"scache.line", c->scache_line},
      {"lds.bank_width", c->lds_bank_width}, {"lds.granule", c->lds_granule},
      {"image.tile_width", c->image_tile_width}, {"image.tile_height", c->image_tile_height},
      {"image.pitch_alignment", c->image_pitch_alignment},
      {"image.base_address_alignment", c->image_base_address_alignment}};
  for (size_t i = 0; i < sizeof p2 / sizeof p2[0]; i++)
    if (!cfg_pow2(p2[i].v))
      return cfg_fail(bad, p2[i].key, err, errlen, "%s = %" PRId64 " must be a power of two",
                      p2[i].key, p2[i].v);
  const struct { const char *key, *line_key, *assoc_key; int64_t bytes, line, assoc; } caches[] = {
      {"l1.bytes", "l1.line", "l1.assoc", c->l1_bytes, c->l1_line, c->l1_assoc},
      {"l2.bytes", "l2.line", "l2.assoc", c->l2_bytes, c->l2_line, c->l2_assoc},
      {"scache.bytes", "scache.line", "scache.assoc", c->scache_bytes, c->scache_line, c->scache_assoc}};
  for (size_t i = 0; i < 3; i++) {
    if (caches[i].bytes == 0) continue;
    int64_t set_bytes = caches[i].line * caches[i].assoc;
    if (caches[i].bytes % set_bytes)
      return cfg_fail(bad, caches[i].key, err, errlen,
                      "%s = %" PRId64 " must be a multiple of %s * %s = %" PRId64, caches[i].key,
                      caches[i].bytes, caches[i].line_key, caches[i].assoc_key, set_bytes);
  }
  if (c->l2_slices % c->l2_partitions)
    return cfg_fail(bad, "l2.partitions", err, errlen,
                    "l2.partitions = %" PRId64 " must divide l2.slices = %" PRId64
                    " (each partition has the same number of slices)",
                    c->l2_partitions, c->l2_slices);
  if (c->l2_bytes % (c->l2_partitions * c->l2_line * c->l2_assoc))
    return cfg_fail(bad, "l2.partitions", err, errlen,
                    "l2.bytes = %" PRId64
                    " must be a multiple of l2.partitions * l2.line * l2.assoc = %" PRId64
                    " (each partition is a set-associative cache of l2.bytes / l2.partitions)",
                    c->l2_bytes, c->l2_partitions * c->l2_line * c->l2_assoc);
  if (c->l1_bytes && c->l2_bytes && c->l1_line > c->l2_line)
    return cfg_fail(bad, "l1.line", err, errlen,
                    "l1.line = %" PRId64 " must not exceed l2.line = %" PRId64, c->l1_line, c->l2_line);
  if (c->lds_max_per_wg > c->lds_bytes_per_cu)
    return cfg_fail(bad, "lds.max_per_workgroup", err, errlen,
                    "lds.max_per_workgroup = %" PRId64 " exceeds lds.bytes_per_cu = %" PRId64,
                    c->lds_max_per_wg, c->lds_bytes_per_cu);
  int64_t regs_per_wave = c->cu_vgprs_per_simd / c->wave_size;
  if (regs_per_wave < 16)
    return cfg_fail(bad, "cu.vgprs_per_simd", err, errlen,
                    "cu.vgprs_per_simd = %" PRId64 " holds only %" PRId64
                    " wave-wide registers at wave_size %" PRId64 "; at least 16 are needed",
                    c->cu_vgprs_per_simd, regs_per_wave, c->wave_size);
  if (c->cu_max_vgprs > regs_per_wave)
    return cfg_fail(bad, "cu.max_vgprs_per_wave", err, errlen,
                    "cu.max_vgprs_per_wave = %" PRId64 " exceeds the %" PRId64
                    " wave-wide registers of cu.vgprs_per_simd = %" PRId64 " at wave_size %" PRId64,
                    c->cu_max_vgprs, regs_per_wave, c->cu_vgprs_per_simd, c->wave_size);
  if (c->cu_max_sgprs > c->cu_sgprs_per_simd)
    return cfg_fail(bad, "cu.max_sgprs_per_wave", err, errlen,
                    "cu.max_sgprs_per_wave = %" PRId64 " exceeds cu.sgprs_per_simd = %" PRId64,
                    c->cu_max_sgprs, c->cu_sgprs_per_simd);
  /* sectors divide their line into at most 64 parts (one bit each in a mask) */
  const struct { const char *key, *line_key; int64_t sector, line; } sectors[] = {
      {"l1.sector", "l1.line", c->l1_sector, c->l1_line}, {"l2.sector", "l2.line", c->l2_sector, c->l2_line}};
  for (size_t i = 0; i < 2; i++)
    if (sectors[i].sector && (!cfg_pow2(sectors[i].sector) || sectors[i].sector > sectors[i].line ||
                              sectors[i].line / sectors[i].sector > 64))
      return cfg_fail(bad, sectors[i].key, err, errlen,
                      "%s = %" PRId64 " must be 0 or a power of two dividing %s = %" PRId64
                      " into at most 64 sectors",
                      sectors[i].key, sectors[i].sector, sectors[i].line_key, sectors[i].line);
  /* the write-combining buffer tracks each sector's bytes in a 64-bit mask */
  int64_t l1_sector = c->l1_sector ? c->l1_sector : c->l1_line;
  if (c->l1_write_combine_lines && l1_sector > 64)
    return cfg_fail(bad, "l1.write_combine_lines", err, errlen,
                    "l1.write_combine_lines = %" PRId64 " needs L1 sectors of at most 64 bytes"
                    " (l1.sector = %" PRId64 ", l1.line = %" PRId64 "); set l1.sector, e.g. 32",
                    c->l1_write_combine_lines, c->l1_sector, c->l1_line);
  if (c->l1_write_combine_lines && c->l1_write_policy == CFG_L1_WRITE_POLICY_WRITE_BACK)
    return cfg_fail(bad, "l1.write_combine_lines", err, errlen,
                    "l1.write_combine_lines = %" PRId64 " combines a write-through L1's stores;"
                    " a write_back L1 (l1.write_policy) already keeps them: set it to 0",
                    c->l1_write_combine_lines);
  const struct { const char *key; int64_t v; } dram[] = {{"dram.interleave", c->dram_interleave},
                                                         {"dram.row_bytes", c->dram_row_bytes}};
  for (size_t i = 0; i < 2; i++)
    if (!cfg_pow2(dram[i].v) || dram[i].v < c->l2_line)
      return cfg_fail(bad, dram[i].key, err, errlen,
                      "%s = %" PRId64 " must be a power of two of at least l2.line = %" PRId64
                      " (a line never straddles channels or rows)",
                      dram[i].key, dram[i].v, c->l2_line);
  /* the instruction cache (issue #4, compute unit): a tag array like the others */
  if (!cfg_pow2(c->icache_line))
    return cfg_fail(bad, "icache.line", err, errlen, "icache.line = %" PRId64 " must be a power of two",
                    c->icache_line);
  if (c->icache_bytes && c->icache_bytes % (c->icache_line * c->icache_assoc))
    return cfg_fail(bad, "icache.bytes", err, errlen,
                    "icache.bytes = %" PRId64 " must be a multiple of icache.line * icache.assoc = %" PRId64,
                    c->icache_bytes, c->icache_line * c->icache_assoc);
  return 0;
}

double cfg_dram_bytes_per_cycle(const cfg_device *c) {
  return c->dram_bandwidth_gbs * 1e9 / (c->clock_mhz * 1e6);
}
