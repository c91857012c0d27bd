/* fe_sb: the compiler's string builder (logs, IR printing, messages). */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fe_strbuf.h"

/* 0 when `extra` more bytes fit; -1 (and oom set) when they cannot. */
static int fe_sb_reserve(fe_sb *b, size_t extra) {
  if (b->oom) return -1;
  if (b->len + extra + 1 <= b->cap) return 0;
  size_t cap = b->cap ? b->cap : 256;
  while (cap < b->len + extra + 1)
    cap *= 2;
  char *p = realloc(b->s, cap);
  if (!p) {
    b->oom = 1;
    return -1;
  }
  b->s = p;
  b->cap = cap;
  return 0;
}

void fe_sb_append(fe_sb *b, const char *s, size_t n) {
  if (fe_sb_reserve(b, n)) return;
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
  if (fe_sb_reserve(b, (size_t)n)) return;
  va_start(ap, fmt);
  vsnprintf(b->s + b->len, (size_t)n + 1, fmt, ap);
  va_end(ap);
  b->len += (size_t)n;
}

char *fe_sb_take(fe_sb *b) {
  if (!b->s && !fe_sb_reserve(b, 0)) b->s[0] = 0;
  char *s = b->oom ? NULL : b->s;
  if (!s) free(b->s);
  b->s = NULL;
  b->len = b->cap = 0;
  b->oom = 0;
  return s;
}

void fe_sb_fini(fe_sb *b) {
  free(b->s);
  b->s = NULL;
  b->len = b->cap = 0;
  b->oom = 0;
}
