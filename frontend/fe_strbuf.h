/* A growable, always NUL-terminated string for build logs, IR text and
 * diagnostics inside the compiler. */
#ifndef WAVESIM_FE_STRBUF_H
#define WAVESIM_FE_STRBUF_H

#include <stddef.h>

/* Out of memory is sticky and never fatal: a failed growth sets `oom` and
 * drops that and every later append (a log cannot report into itself);
 * whoever takes the text checks it (fe_sb_take returns NULL). */
typedef struct fe_sb {
  char *s;
  size_t len, cap;
  int oom; /* an append was dropped for lack of memory */
} fe_sb;

void fe_sb_printf(fe_sb *b, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
void fe_sb_append(fe_sb *b, const char *s, size_t n);
/* Hands the string to the caller and resets the buffer; NULL (the partial
 * text freed) when an append was dropped or even "" cannot be allocated. */
char *fe_sb_take(fe_sb *b);
void fe_sb_fini(fe_sb *b);

#endif
