/* clc_text: the growable output text and the prefix test that the textual
 * LLVM IR rewrites (clc_conv.c) share. */
#ifndef WAVESIM_CLC_TEXT_H
#define WAVESIM_CLC_TEXT_H

#include <stdlib.h>
#include <string.h>

/* Always NUL-terminated once written; out of memory sets oom and drops the
 * rest (the rewrite then returns NULL: no abort inside the user's process). */
typedef struct clc_text {
  char *p;
  size_t n, cap;
  int oom;
} clc_text;

static inline void clc_text_put(clc_text *b, const char *s, size_t n) {
  if (b->oom) return;
  if (b->n + n + 1 > b->cap) {
    size_t cap = b->cap ? b->cap : 4096;
    while (cap < b->n + n + 1) cap *= 2;
    char *np = realloc(b->p, cap);
    if (!np) {
      b->oom = 1;
      return;
    }
    b->p = np, b->cap = cap;
  }
  memcpy(b->p + b->n, s, n);
  b->n += n;
  b->p[b->n] = 0;
}

/* 1 when [s, e) starts with w. */
static inline int clc_text_starts(const char *s, const char *e, const char *w) {
  size_t n = strlen(w);
  return (size_t)(e - s) >= n && !memcmp(s, w, n);
}

#endif
