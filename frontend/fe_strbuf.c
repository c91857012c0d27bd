/* fe_sb: the compiler's string builder (logs, IR printing, messages). */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fe_strbuf.h"

static void fe_sb_reserve(fe_sb *b, size_t extra) {
  if (b->len + extra + 1 <= b->cap)
    return;
  size_t cap = b->cap ? b->cap : 256;
  while (cap < b->len + extra + 1)
    cap *= 2;
  char *p = realloc(b->s, cap);
  if (!p)
    abort(); /* out of memory: nothing sensible to report into */
  b->s = p;
  b->cap = cap;
}

void fe_sb_append(fe_sb *b, const char *s, size_t n) {
  fe_sb_reserve(b, n);
  memcpy(b->s + b->len, s, n);
  b->len += n;
  b->s[b->len] = 0;
}

void fe_sb_printf(fe_sb *b, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  char tmp[256];
  int n = vsnprintf(tmp, sizeof tmp, fmt, ap);
  va_end(ap);
  if (n < 0)
    return;
  if ((size_t)n < sizeof tmp) {
    fe_sb_append(b, tmp, (size_t)n);
    return;
  }
  fe_sb_reserve(b, (size_t)n);
  va_start(ap, fmt);
  vsnprintf(b->s + b->len, (size_t)n + 1, fmt, ap);
  va_end(ap);
  b->len += (size_t)n;
}

char *fe_sb_take(fe_sb *b) {
  if (!b->s)
    fe_sb_reserve(b, 0), b->s[0] = 0;
  char *s = b->s;
  b->s = NULL;
  b->len = b->cap = 0;
  return s;
}

void fe_sb_fini(fe_sb *b) {
  free(b->s);
  b->s = NULL;
  b->len = b->cap = 0;
}
