/* Out-of-memory unwinding for the compiler (fe_oom.h): the allocators that
 * jump to the compile's armed target, and the cleanup stack they run. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fe_oom.h"

uint32_t fe_oom_push(fe_oom *o, void (*fn)(void *), void *obj) {
  if (!o) return 0;
  uint32_t mark = o->ncleanups;
  /* the stack is sized for the deepest nesting the compiler has (a few
   * entries per level); were it full, the cleanup would only leak */
  if (o->ncleanups < FE_OOM_MAX_CLEANUPS) o->cleanups[o->ncleanups++] = (fe_oom_cleanup){fn, obj};
  return mark;
}

uint32_t fe_oom_keep(fe_oom *o, void *slot) {
  return fe_oom_push(o, NULL, slot);
}

void fe_oom_pop(fe_oom *o, uint32_t mark) {
  if (o && mark < o->ncleanups) o->ncleanups = mark;
}

void fe_oom_raise(fe_oom *o) {
  if (!o) return;
  o->hit = 1;
  if (!o->at) return;
  while (o->ncleanups) {
    fe_oom_cleanup c = o->cleanups[--o->ncleanups];
    if (c.fn) {
      c.fn(c.obj);
    } else {
      void **slot = c.obj;
      free(*slot);
      *slot = NULL;
    }
  }
  longjmp(*o->at, 1);
}

void *fe_xmalloc(fe_oom *o, size_t n) {
  void *p = malloc(n ? n : 1);
  if (!p) fe_oom_raise(o);
  return p;
}

void *fe_xcalloc(fe_oom *o, size_t n, size_t size) {
  void *p = calloc(n ? n : 1, size ? size : 1);
  if (!p) fe_oom_raise(o);
  return p;
}

void *fe_xrealloc(fe_oom *o, void *p, size_t n) {
  void *q = realloc(p, n ? n : 1);
  if (!q) fe_oom_raise(o);
  return q;
}

char *fe_xstrdup(fe_oom *o, const char *s) {
  size_t n = strlen(s) + 1;
  char *d = fe_xmalloc(o, n);
  if (d) memcpy(d, s, n);
  return d;
}

void fe_oom_message(const fe_oom *o, char *err, size_t errlen) {
  if (o->kernel)
    snprintf(err, errlen,
             "out of memory while compiling kernel '%s' (%s); free host memory or "
             "build fewer programs at once",
             o->kernel, o->phase ? o->phase : "compiler");
  else
    snprintf(err, errlen,
             "out of memory while compiling the program (%s); free host memory or "
             "build fewer programs at once",
             o->phase ? o->phase : "compiler");
}
