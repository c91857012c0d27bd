/* Small helpers shared by the cl* entry points: the clGet*Info copy-out rule
 * and string building. */
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "rt.h"

cl_int rt_info(size_t size, void *value, size_t *size_ret, const void *src, size_t src_size) {
  if (value) {
    if (size < src_size) return CL_INVALID_VALUE;
    if (src_size) memcpy(value, src, src_size);
  }
  if (size_ret) *size_ret = src_size;
  return CL_SUCCESS;
}

cl_int rt_info_str(size_t size, void *value, size_t *size_ret, const char *s) {
  if (!s) s = "";
  return rt_info(size, value, size_ret, s, strlen(s) + 1);
}

char *rt_strdup(const char *s) {
  if (!s) return NULL;
  size_t n = strlen(s) + 1;
  char *d = malloc(n);
  if (d) memcpy(d, s, n);
  return d;
}

void rt_strcat(char **s, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  int add = vsnprintf(NULL, 0, fmt, ap);
  va_end(ap);
  if (add < 0) return;
  size_t old = *s ? strlen(*s) : 0;
  char *n = realloc(*s, old + (size_t)add + 1);
  if (!n) return;
  va_start(ap, fmt);
  vsnprintf(n + old, (size_t)add + 1, fmt, ap);
  va_end(ap);
  *s = n;
}

cl_int rt_dtor_push(rt_dtor **list, rt_dtor d) {
  rt_dtor *n = malloc(sizeof *n);
  if (!n) return CL_OUT_OF_HOST_MEMORY;
  *n = d;
  rt_lock();
  n->next = *list;
  *list = n;
  rt_unlock();
  return CL_SUCCESS;
}
