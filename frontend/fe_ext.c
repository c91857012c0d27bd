/* fe_ext: the rows of fe_ext.def as a table, with their device conditions. */
#include "fe_ext.h"

#include <stdio.h>
#include <string.h>

/* The `on` column: when a device has the row. */
static int fe_ext_on_ALWAYS(const fe_target *t) {
  (void)t;
  return 1;
}
static int fe_ext_on_FP64(const fe_target *t) {
  return t->fp64 != 0;
}
static int fe_ext_on_IMAGES(const fe_target *t) {
  return t->images != 0;
}

const fe_ext fe_ext_table[] = {
#define FE_EXT(kind, name, major, minor, patch, on, clang)                                         \
  {#name, (uint32_t)(major) << 22 | (uint32_t)(minor) << 12 | (uint32_t)(patch), FE_EXT_##kind,    \
   FE_EXT_CLANG_##clang, fe_ext_on_##on},
#include "fe_ext.def"
#undef FE_EXT
};
const size_t fe_ext_count = sizeof fe_ext_table / sizeof fe_ext_table[0];

size_t fe_ext_names(const fe_target *t, fe_ext_kind kind, char *buf, size_t cap) {
  size_t n = 0;
  if (cap) buf[0] = 0;
  for (size_t i = 0; i < fe_ext_count; i++) {
    const fe_ext *e = &fe_ext_table[i];
    if (e->kind != kind || !e->on(t)) continue;
    int w =
        snprintf(n < cap ? buf + n : NULL, n < cap ? cap - n : 0, "%s%s", n ? " " : "", e->name);
    n += (size_t)w;
  }
  return n;
}
