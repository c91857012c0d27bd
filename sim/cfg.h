/* Device configuration: the struct generated from cfg_schema.def, the YAML
 * loader (with `extends:` and --set overrides) and preset lookup. */
#ifndef WAVESIM_CFG_H
#define WAVESIM_CFG_H

#include <stddef.h>
#include <stdint.h>

/* One C enum per ENUM key, from its CFG_VALUES_<field> list in the schema:
 * cfg_dram_row_policy holds CFG_DRAM_ROW_POLICY_OPEN, ..._CLOSED (0, 1, ...
 * in schema order), so the model switches on values, never on text. */
#define CFG_ENUM_CONST(name, text) CFG_##name,
#define CFG_ENUM_TYPE_INT(field)
#define CFG_ENUM_TYPE_FLOAT(field)
#define CFG_ENUM_TYPE_BOOL(field)
#define CFG_ENUM_TYPE_STR(field)
#define CFG_ENUM_TYPE_ENUM(field)                                                                  \
  typedef enum cfg_##field{CFG_VALUES_##field(CFG_ENUM_CONST)} cfg_##field;
#define CFG_KEY(key, field, type, unit, def, min, max, doc) CFG_ENUM_TYPE_##type(field)
#include "cfg_schema.def"
#undef CFG_KEY

#define CFG_FIELD_INT(field) int64_t field;
#define CFG_FIELD_FLOAT(field) double field;
#define CFG_FIELD_BOOL(field) int field;
#define CFG_FIELD_STR(field) char *field;
#define CFG_FIELD_ENUM(field) cfg_##field field;

typedef struct cfg_device {
#define CFG_KEY(key, field, type, unit, def, min, max, doc) CFG_FIELD_##type(field)
#include "cfg_schema.def"
#undef CFG_KEY
  char *source; /* file the config came from, or "<defaults>" */
} cfg_device;

/* Schema defaults. */
void cfg_defaults(cfg_device *c);
void cfg_fini(cfg_device *c);
int cfg_copy(cfg_device *dst, const cfg_device *src);

/* Load `name_or_path`: a path to a YAML file, or a preset name looked up in
 * the presets directory `presets` (NULL or "": the one fixed at configure
 * time; the runtime and the command pass $WAVESIM_CONFIG_DIR, the library
 * reads no environment). `sets` are "key=value" overrides applied last.
 * Returns 0, or -1 with "file:line: message (did you mean 'x'?)" in err. */
int cfg_load(const char *presets, const char *name_or_path, const char *const *sets, size_t nsets,
             cfg_device *out, char *err, size_t errlen);

/* Same as cfg_load from YAML text in memory (`len` bytes, no NUL needed);
 * `name` stands for the file in messages and the source field, and relative
 * `extends:` paths resolve against its directory (else presets). */
int cfg_load_string(const char *presets, const char *yaml, size_t len, const char *name,
                    const char *const *sets, size_t nsets, cfg_device *out, char *err,
                    size_t errlen);

/* Apply one "key=value" override. */
int cfg_set(cfg_device *c, const char *assignment, char *err, size_t errlen);

/* ---- the key table (added with the loader) ------------------------------
 * One entry per CFG_KEY in cfg_schema.def, in schema order: for --help
 * listings, the doc generator and the runtime's device queries. */
typedef enum cfg_type { CFG_INT, CFG_FLOAT, CFG_BOOL, CFG_STR, CFG_ENUM } cfg_type;

/* Room for the longest ENUM value text with its NUL (a longer one in the
 * schema fails to compile). */
#define CFG_ENUM_TEXT_MAX 32

typedef struct cfg_keyinfo {
  const char *key;   /* dotted YAML key, "cu.simds" */
  cfg_type type;
  const char *unit;
  const char *def;   /* the default as written in the schema (ENUM: its text) */
  double min, max;   /* INT and FLOAT only */
  const char *doc;
  size_t offset;     /* of the field in cfg_device */
  /* ENUM only: the values' texts, indexed by the C enum's value (an ENUM
   * field is stored as an int-sized enum) */
  const char (*values)[CFG_ENUM_TEXT_MAX];
  size_t nvalues;
} cfg_keyinfo;

const cfg_keyinfo *cfg_keys(size_t *n);
/* The entry for a dotted key, or NULL. */
const cfg_keyinfo *cfg_find_key(const char *key);
/* The known key closest to a misspelt one (edit distance), or NULL. */
const char *cfg_suggest_key(const char *key);
/* Why key was retired (CFG_RETIRED in cfg_schema.def), or NULL if it was not. */
const char *cfg_retired_key(const char *key);
/* Set one key from its text form, checking type and range. Returns 0, or -1
 * with "key 'x' = 'v' is out of range [a, b]: doc" (no file prefix) in err. */
int cfg_set_key(cfg_device *c, const char *key, const char *value, char *err, size_t errlen);
/* The current value of a key as text. Returns 0, or -1 for an unknown key. */
int cfg_get(const cfg_device *c, const char *key, char *buf, size_t len);
/* Cross-key constraints (wave_size 32 or 64, simd_width divides wave_size,
 * power-of-two line sizes, ...). Returns 0, or -1 with a message naming
 * the keys; *bad_key (if not NULL) gets the offending key. */
int cfg_validate(const cfg_device *c, const char **bad_key, char *err, size_t errlen);
/* Write every key as "key: value" lines (a loadable YAML file). Returns the
 * length it needed (like snprintf). */
size_t cfg_dump(const cfg_device *c, char *buf, size_t len);
/* Bytes per core cycle that dram.bandwidth_gbs gives at clock_mhz. */
double cfg_dram_bytes_per_cycle(const cfg_device *c);

#endif
