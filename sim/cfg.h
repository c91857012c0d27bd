/* Device configuration: the struct generated from cfg_schema.def, the YAML
 * loader (with `extends:` and --set overrides) and preset lookup. */
#ifndef WAVESIM_CFG_H
#define WAVESIM_CFG_H

#include <stddef.h>
#include <stdint.h>

#define CFG_T_INT int64_t
#define CFG_T_FLOAT double
#define CFG_T_BOOL int
#define CFG_T_STR char *
#define CFG_T_ENUM char *

typedef struct cfg_device {
#define CFG_KEY(key, field, type, unit, def, min, max, doc) CFG_T_##type field;
#include "cfg_schema.def"
#undef CFG_KEY
  char *source; /* file the config came from, or "<defaults>" */
} cfg_device;

/* Schema defaults. */
void cfg_defaults(cfg_device *c);
void cfg_fini(cfg_device *c);
int cfg_copy(cfg_device *dst, const cfg_device *src);

/* Load `name_or_path`: a path to a YAML file, or a preset name looked up in
 * the configs directory (WAVESIM_CONFIG_DIR, else the installed/source one).
 * `sets` are "key=value" overrides applied last. Returns 0, or -1 with
 * "file:line: message (did you mean 'x'?)" in err. */
int cfg_load(const char *name_or_path, const char *const *sets, size_t nsets,
             cfg_device *out, char *err, size_t errlen);

/* Apply one "key=value" override. */
int cfg_set(cfg_device *c, const char *assignment, char *err, size_t errlen);

#endif
