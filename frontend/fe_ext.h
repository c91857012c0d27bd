/* fe_ext: the device's OpenCL extensions and OpenCL C 3.0 features, read
 * from the one table fe_ext.def, for the runtime's queries and the
 * compiler's clang flags. */
#ifndef WAVESIM_FE_EXT_H
#define WAVESIM_FE_EXT_H

#include <stddef.h>
#include <stdint.h>

#include "fe_target.h"

typedef enum fe_ext_kind { FE_EXT_EXTENSION, FE_EXT_FEATURE } fe_ext_kind;
typedef enum fe_ext_clang {
  FE_EXT_CLANG_CL_EXT,
  FE_EXT_CLANG_DEFINE,
  FE_EXT_CLANG_NONE
} fe_ext_clang;

typedef struct fe_ext {
  const char *name;
  uint32_t version; /* cl_version: major << 22 | minor << 12 | patch */
  fe_ext_kind kind;
  fe_ext_clang clang;
  int (*on)(const fe_target *t);
} fe_ext;

/* The rows of fe_ext.def, in its order. */
extern const fe_ext fe_ext_table[];
extern const size_t fe_ext_count;

/* The names of `kind` the target has, space separated, into buf[0..cap)
 * (NUL-terminated, truncated when cap is short). Returns the length the
 * whole list needs, without the NUL. */
size_t fe_ext_names(const fe_target *t, fe_ext_kind kind, char *buf, size_t cap);

#endif
