/* clc_conv: drops `convergent` from the OpenCL C builtins that do not
 * synchronize work-items, on opt's textual IR between inlining and the loop
 * passes (clc.c). Why: see clc_conv.h. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "clc_conv.h"
#include "clc_text.h"

/* Builtins that synchronize or exchange data between work-items (OpenCL C
 * 6.12.8 barriers and fences, 6.12.10 async copies, 6.13.15 work-group and
 * sub-group functions, the Intel sub-group extensions) and SPIR-V's own
 * builtin spellings: these keep `convergent`. Matched as name prefixes. */
static const char *const conv_sync_prefixes[] = {
    "barrier",          "work_group_",
    "sub_group_",       "intel_sub_group",
    "async_work_group", "wait_group_events",
    "mem_fence",        "read_mem_fence",
    "write_mem_fence",  "atomic_work_item_fence",
    "__spirv_",
};

int fe_clc_builtin_is_local(const char *name, size_t len) {
  if (len < 3 || name[0] != '_' || name[1] != 'Z') return 0;
  size_t i = 2, l = 0;
  while (i < len && name[i] >= '0' && name[i] <= '9' && l < 4096)
    l = l * 10 + (size_t)(name[i++] - '0');
  if (i == 2 || l == 0 || l > len - i) return 0;
  const char *base = name + i;
  for (size_t p = 0; p < sizeof conv_sync_prefixes / sizeof conv_sync_prefixes[0]; p++) {
    size_t pl = strlen(conv_sync_prefixes[p]);
    if (l >= pl && !memcmp(base, conv_sync_prefixes[p], pl)) return 0;
  }
  return 1;
}

/* A function name after '@' at s[0..e): unquoted names end at '('. */
static size_t conv_name_len(const char *s, const char *e) {
  size_t k = 0;
  while (s + k < e && s[k] != '(' && s[k] != ' ' && s[k] != '"') k++;
  return s + k < e && s[k] == '(' ? k : 0;
}

/* The callee of a `call` or the function of a `declare` on line [s, e):
 * *name and *nlen, and the line offset just past its (. 0 if none. */
static size_t conv_callee(const char *s, const char *e, const char **name, size_t *nlen) {
  const char *at = NULL;
  if (clc_text_starts(s, e, "declare ")) {
    at = memchr(s, '@', (size_t)(e - s));
  } else {
    for (const char *q = s; q + 6 <= e; q++)
      if (!memcmp(q, "call ", 5) && (q == s || q[-1] == ' ')) {
        at = memchr(q, '@', (size_t)(e - q));
        /* the callee is the first global after `call`; a `(` before it
         * is an indirect call through a typed pointer: leave it */
        const char *par = memchr(q, '(', (size_t)(e - q));
        if (par && at && par < at) at = NULL;
        break;
      }
  }
  if (!at) return 0;
  size_t k = conv_name_len(at + 1, e);
  if (!k) return 0;
  *name = at + 1, *nlen = k;
  return (size_t)(at + 1 + k + 1 - s);
}

/* The first function-attribute reference " #<digits>" on [s+from, e):
 * its digits' offset and length, or 0. Arguments never contain '#'. */
static size_t conv_attr_ref(const char *s, const char *e, size_t from, size_t *dlen) {
  for (const char *q = s + from; q + 2 < e; q++) {
    if (q[0] != ' ' || q[1] != '#' || q[2] < '0' || q[2] > '9') continue;
    size_t k = 0;
    while (q + 2 + k < e && q[2 + k] >= '0' && q[2 + k] <= '9') k++;
    *dlen = k;
    return (size_t)(q + 2 - s);
  }
  return 0;
}

static long conv_num(const char *s, size_t n) {
  long v = 0;
  for (size_t i = 0; i < n && v < 100000000; i++) v = v * 10 + (s[i] - '0');
  return v;
}

/* `attributes #N = { ... }` on [s, e): N, or -1. */
static long conv_group_id(const char *s, const char *e) {
  if (!clc_text_starts(s, e, "attributes #")) return -1;
  const char *d = s + 12;
  size_t k = 0;
  while (d + k < e && d[k] >= '0' && d[k] <= '9') k++;
  return k ? conv_num(d, k) : -1;
}

/* Offset of the unquoted attribute word `convergent` in group line [s, e), or 0. */
static size_t conv_word(const char *s, const char *e) {
  int quoted = 0;
  const size_t wl = 10;
  for (const char *q = s; q < e; q++) {
    if (*q == '"') quoted = !quoted;
    if (!quoted && q > s && q[-1] == ' ' && (size_t)(e - q) > wl && !memcmp(q, "convergent", wl) &&
        (q[wl] == ' ' || q[wl] == '}'))
      return (size_t)(q - s);
  }
  return 0;
}

typedef struct conv_line {
  const char *s, *e;
} conv_line;

typedef struct conv_state {
  conv_line *lines;
  size_t nlines;
  const char **names; /* the local builtins declared in the module */
  size_t *name_len, nnames;
  long *group_line; /* group id -> line index of its definition, or -1 */
  long *group_new;  /* group id -> id of its copy without convergent, -1: none yet, -2: no
                     * need (no convergent), -3: nothing else in it (the reference goes) */
  long ngroups, next_id;
} conv_state;

static int conv_is_local_decl(const conv_state *st, const char *name, size_t n) {
  for (size_t i = 0; i < st->nnames; i++)
    if (st->name_len[i] == n && !memcmp(st->names[i], name, n)) return 1;
  return 0;
}

/* The id to use instead of group `id`, creating its copy on first need. */
static long conv_map(conv_state *st, long id) {
  if (id < 0 || id >= st->ngroups || st->group_line[id] < 0) return id;
  if (st->group_new[id] == -1) {
    const conv_line *l = &st->lines[st->group_line[id]];
    size_t w = conv_word(l->s, l->e);
    if (!w) {
      st->group_new[id] = -2;
    } else {
      const char *o = memchr(l->s, '{', (size_t)(l->e - l->s)), *c = l->s + w + 10;
      int alone = o && l->s + w == o + 2 && c + 2 <= l->e && !memcmp(c, " }", 2);
      st->group_new[id] = alone ? -3 : st->next_id++;
    }
  }
  return st->group_new[id] == -2 ? id : st->group_new[id];
}

static int conv_scan(conv_state *st, const char *ir, size_t n) {
  size_t cap = 256;
  st->lines = malloc(cap * sizeof *st->lines);
  if (!st->lines) return -1;
  long maxid = -1;
  for (const char *s = ir, *end = ir + n; s < end;) {
    const char *e = memchr(s, '\n', (size_t)(end - s));
    if (!e) e = end;
    if (st->nlines == cap) {
      conv_line *nl = realloc(st->lines, 2 * cap * sizeof *nl);
      if (!nl) return -1;
      st->lines = nl, cap *= 2;
    }
    st->lines[st->nlines++] = (conv_line){s, e};
    long g = conv_group_id(s, e);
    if (g > maxid) maxid = g;
    s = e < end ? e + 1 : end;
  }
  st->ngroups = maxid + 1;
  st->next_id = maxid + 1;
  st->group_line = malloc((size_t)(st->ngroups + 1) * sizeof(long));
  st->group_new = malloc((size_t)(st->ngroups + 1) * sizeof(long));
  st->names = malloc((st->nlines + 1) * sizeof *st->names);
  st->name_len = malloc((st->nlines + 1) * sizeof *st->name_len);
  if (!st->group_line || !st->group_new || !st->names || !st->name_len) return -1;
  for (long g = 0; g < st->ngroups; g++) st->group_line[g] = -1, st->group_new[g] = -1;
  for (size_t i = 0; i < st->nlines; i++) {
    const conv_line *l = &st->lines[i];
    long g = conv_group_id(l->s, l->e);
    if (g >= 0) st->group_line[g] = (long)i;
    const char *name;
    size_t nl;
    if (clc_text_starts(l->s, l->e, "declare ") && conv_callee(l->s, l->e, &name, &nl) &&
        fe_clc_builtin_is_local(name, nl))
      st->names[st->nnames] = name, st->name_len[st->nnames++] = nl;
  }
  return 0;
}

static void conv_emit(conv_state *st, clc_text *b) {
  for (size_t i = 0; i < st->nlines; i++) {
    const conv_line *l = &st->lines[i];
    const char *name;
    size_t nl, dl = 0, from = conv_callee(l->s, l->e, &name, &nl);
    size_t at = from && conv_is_local_decl(st, name, nl) ? conv_attr_ref(l->s, l->e, from, &dl) : 0;
    long id = at ? conv_num(l->s + at, dl) : -1, nid = at ? conv_map(st, id) : -1;
    if (at && nid == -3) { /* drop " #N" */
      clc_text_put(b, l->s, at - 2);
      clc_text_put(b, l->s + at + dl, (size_t)(l->e - (l->s + at + dl)));
    } else if (at && nid != id) {
      char num[24];
      int k = snprintf(num, sizeof num, "%ld", nid);
      clc_text_put(b, l->s, at);
      clc_text_put(b, num, (size_t)k);
      clc_text_put(b, l->s + at + dl, (size_t)(l->e - (l->s + at + dl)));
    } else {
      clc_text_put(b, l->s, (size_t)(l->e - l->s));
    }
    clc_text_put(b, "\n", 1);
  }
  /* the copies, in id order so the output is deterministic */
  for (long id = st->ngroups; id < st->next_id; id++)
    for (long g = 0; g < st->ngroups; g++) {
      if (st->group_new[g] != id) continue;
      const conv_line *l = &st->lines[st->group_line[g]];
      size_t w = conv_word(l->s, l->e), eq = 0, skip = 10 + (l->s[w + 10] == ' ');
      while (l->s + eq < l->e && l->s[eq] != '=') eq++;
      char head[40];
      int k = snprintf(head, sizeof head, "attributes #%ld ", id);
      clc_text_put(b, head, (size_t)k);
      clc_text_put(b, l->s + eq, w - eq);
      clc_text_put(b, l->s + w + skip, (size_t)(l->e - (l->s + w + skip)));
      clc_text_put(b, "\n", 1);
    }
}

char *fe_clc_drop_convergent(const char *ir, size_t n, size_t *outn) {
  conv_state st = {0};
  clc_text b = {0};
  if (conv_scan(&st, ir, n) == 0)
    conv_emit(&st, &b);
  else
    b.oom = 1;
  clc_text_put(&b, "", 0); /* an empty module is an empty string, not NULL */
  free(st.lines);
  free(st.names);
  free(st.name_len);
  free(st.group_line);
  free(st.group_new);
  if (b.oom) {
    free(b.p);
    return NULL;
  }
  *outn = b.n;
  return b.p;
}
