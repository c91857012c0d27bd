/* A growable, always NUL-terminated string for build logs, IR text and
 * diagnostics inside the compiler. */
#ifndef WAVESIM_FE_STRBUF_H
#define WAVESIM_FE_STRBUF_H

#include <stddef.h>

typedef struct fe_sb {
  char *s;
  size_t len, cap;
} fe_sb;

void fe_sb_printf(fe_sb *b, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
void fe_sb_append(fe_sb *b, const char *s, size_t n);
/* Hands the string to the caller (never NULL) and resets the buffer. */
char *fe_sb_take(fe_sb *b);
void fe_sb_fini(fe_sb *b);

#endif
