/* clc_hint: vec_type_hint's signedness from clang's textual LLVM IR, carried
 * into the translated SPIR-V module as OpStrings (see clc_hint.h). */
#include "clc_hint.h"

#include <stdlib.h>
#include <string.h>

#include "clc_text.h"

/* SPIR-V opcodes of the sections an OpString may not precede (2.4 Logical
 * Layout): capabilities, extensions, imports, memory model, entry points,
 * execution modes; OpString itself, so the new ones follow the others. */
static int hint_before_strings(uint32_t op) {
  return op == 17 /* OpCapability */ || op == 10 /* OpExtension */ ||
         op == 11 /* OpExtInstImport */ || op == 14 /* OpMemoryModel */ ||
         op == 15 /* OpEntryPoint */ || op == 16 /* OpExecutionMode */ ||
         op == 331 /* OpExecutionModeId */ || op == 7 /* OpString */;
}

/* The next line of [*s, e): returns its start, *s moves past its newline. */
static const char *hint_line(const char **s, const char *e, const char **end) {
  const char *l = *s, *nl = memchr(l, '\n', (size_t)(e - l));
  *end = nl ? nl : e;
  *s = nl ? nl + 1 : e;
  return l;
}

static const char *hint_find(const char *s, const char *e, const char *w) {
  size_t n = strlen(w);
  for (; (size_t)(e - s) >= n; s++)
    if (!memcmp(s, w, n)) return s;
  return NULL;
}

/* 1 when the metadata line "!N = !{<k x iB> undef, i32 0}" (or "!{iB undef,
 * i32 0}") is an unsigned integer hint; *id gets N. */
static int hint_unsigned_node(const char *l, const char *e, unsigned long *id) {
  if (l >= e || *l != '!' || l + 1 >= e || l[1] < '0' || l[1] > '9') return 0;
  char *p;
  *id = strtoul(l + 1, &p, 10);
  const char *q = p;
  if (!clc_text_starts(q, e, " = !{")) return 0;
  q += 5;
  if (clc_text_starts(q, e, "<")) { /* a vector: skip "<k x " */
    const char *x = hint_find(q, e, " x ");
    if (!x) return 0;
    q = x + 3;
  }
  if (!clc_text_starts(q, e, "i") || q + 1 >= e || q[1] < '0' || q[1] > '9') return 0;
  const char *tail = hint_find(q, e, " undef, i32 0}");
  return tail && tail + 14 == e;
}

/* The kernel name of a "define ... spir_kernel ... @name(" line, or NULL. */
static const char *hint_kernel(const char *l, const char *e, size_t *len) {
  if (!clc_text_starts(l, e, "define ") || !hint_find(l, e, " spir_kernel ")) return NULL;
  const char *at = hint_find(l, e, " @");
  if (!at) return NULL;
  const char *name = at + 2, *paren = memchr(name, '(', (size_t)(e - name));
  if (!paren || *name == '"') return NULL; /* kernel names are C identifiers */
  *len = (size_t)(paren - name);
  return name;
}

/* Appends the OpString "<prefix><name[0..nl)><suffix>" with id (*bound)++
 * to add. */
static void hint_put_string(clc_text *add, uint32_t *bound, const char *prefix, const char *name,
                            size_t nl, const char *suffix) {
  size_t pl = strlen(prefix), sl = strlen(suffix), slen = pl + nl + sl;
  uint32_t wc = (uint32_t)(2 + (slen + 4) / 4); /* the NUL and padding included */
  uint32_t w[2] = {wc << 16 | 7u /* OpString */, (*bound)++};
  char *str = calloc(((size_t)wc - 2) * 4, 1);
  if (!str) {
    add->oom = 1;
    return;
  }
  memcpy(str, prefix, pl);
  memcpy(str + pl, name, nl);
  memcpy(str + pl + nl, suffix, sl);
  clc_text_put(add, (const char *)w, sizeof w);
  clc_text_put(add, str, ((size_t)wc - 2) * 4);
  free(str);
}

/* Inserts the OpStrings in add (ids below bound) into the module, after the
 * sections that precede OpString (2.4 Logical Layout); frees add. 0, or -1
 * when out of memory (*words unchanged). */
static int hint_insert(clc_text *add, uint32_t bound, uint32_t **words, size_t *nwords) {
  if (add->oom || !bound) {
    free(add->p);
    return -1;
  }
  if (!add->n) return 0;
  size_t at = 5;
  while (at < *nwords) {
    uint32_t wc = (*words)[at] >> 16;
    if (wc == 0 || at + wc > *nwords || !hint_before_strings((*words)[at] & 0xffffu)) break;
    at += wc;
  }
  size_t nadd = add->n / 4;
  uint32_t *nw = realloc(*words, (*nwords + nadd) * sizeof *nw);
  if (!nw) {
    free(add->p);
    return -1;
  }
  memmove(nw + at + nadd, nw + at, (*nwords - at) * sizeof *nw);
  memcpy(nw + at, add->p, add->n);
  nw[3] = bound;
  free(add->p);
  *words = nw;
  *nwords += nadd;
  return 0;
}

int fe_clc_mark_unsigned_hints(const char *ir, size_t n, uint32_t **words, size_t *nwords) {
  const char *end = ir + n;
  /* the unsigned hint nodes first: metadata follows the functions */
  unsigned long *ids = NULL;
  size_t nids = 0, cap = 0;
  for (const char *s = ir; s < end;) {
    const char *le, *l = hint_line(&s, end, &le);
    unsigned long id;
    if (!hint_unsigned_node(l, le, &id)) continue;
    if (nids == cap) {
      cap = cap ? cap * 2 : 8;
      unsigned long *ni = realloc(ids, cap * sizeof *ids);
      if (!ni) {
        free(ids);
        return -1;
      }
      ids = ni;
    }
    ids[nids++] = id;
  }
  if (!nids) return 0;
  /* the OpStrings to add, as SPIR-V words */
  clc_text add = {0};
  uint32_t bound = *nwords >= 5 ? (*words)[3] : 0;
  for (const char *s = ir; s < end && bound && !add.oom;) {
    const char *le, *l = hint_line(&s, end, &le);
    size_t nl;
    const char *name = hint_kernel(l, le, &nl), *md = hint_find(l, le, "!vec_type_hint !");
    if (!name || !md) continue;
    unsigned long id = strtoul(md + 16, NULL, 10);
    size_t k = 0;
    while (k < nids && ids[k] != id) k++;
    if (k == nids) continue;
    hint_put_string(&add, &bound, FE_CLC_HINT_PREFIX, name, nl, FE_CLC_HINT_SUFFIX);
  }
  free(ids);
  return hint_insert(&add, bound, words, nwords);
}

/* The attribute group "#N" a define line names after its parameter list
 * (-1 when none). */
static long hint_attr_group(const char *l, const char *e) {
  const char *p = memchr(l, ')', (size_t)(e - l));
  /* the last ')' before the attributes: parameter lists may nest parentheses */
  for (const char *q = p; q && q < e; q = memchr(q + 1, ')', (size_t)(e - q - 1))) p = q;
  for (const char *q = p ? hint_find(p, e, " #") : NULL; q; q = hint_find(q + 2, e, " #"))
    if (q + 2 < e && q[2] >= '0' && q[2] <= '9') return strtol(q + 2, NULL, 10);
  return -1;
}

int fe_clc_mark_uniform_wg(const char *ir, size_t n, uint32_t **words, size_t *nwords) {
  const char *end = ir + n;
  if (*nwords < 5) return 0; /* no module header: the SPIR-V reader says so */
  /* the attribute groups with "uniform-work-group-size"="true" (they follow
   * the functions) */
  long *groups = NULL;
  size_t ng = 0, cap = 0;
  for (const char *s = ir; s < end;) {
    const char *le, *l = hint_line(&s, end, &le);
    if (!clc_text_starts(l, le, "attributes #") ||
        !hint_find(l, le, "\"uniform-work-group-size\"=\"true\""))
      continue;
    if (ng == cap) {
      cap = cap ? cap * 2 : 8;
      long *ng2 = realloc(groups, cap * sizeof *groups);
      if (!ng2) {
        free(groups);
        return -1;
      }
      groups = ng2;
    }
    groups[ng++] = strtol(l + 12, NULL, 10);
  }
  if (!ng) return 0;
  clc_text add = {0};
  uint32_t bound = *nwords >= 5 ? (*words)[3] : 0;
  for (const char *s = ir; s < end && bound && !add.oom;) {
    const char *le, *l = hint_line(&s, end, &le);
    size_t nl;
    const char *name = hint_kernel(l, le, &nl);
    if (!name) continue;
    long g = hint_attr_group(name + nl, le);
    size_t k = 0;
    while (k < ng && groups[k] != g) k++;
    if (k < ng) hint_put_string(&add, &bound, FE_CLC_UNIFORM_PREFIX, name, nl, "");
  }
  free(groups);
  return hint_insert(&add, bound, words, nwords);
}

int fe_clc_mark_uniform_entry_points(uint32_t **words, size_t *nwords) {
  if (*nwords < 5) return 0; /* no module header: the SPIR-V reader says so */
  clc_text add = {0};
  uint32_t bound = (*words)[3];
  for (size_t at = 5, wc; at < *nwords && bound && !add.oom; at += wc) {
    const uint32_t *in = *words + at;
    wc = in[0] >> 16;
    if (!wc || at + wc > *nwords) break; /* malformed: the reader says so */
    if ((in[0] & 0xffffu) != 15u /* OpEntryPoint */ || wc < 4 || in[1] != 6u /* Kernel */) continue;
    const char *name = (const char *)(in + 3);
    size_t nl = strnlen(name, (wc - 3) * 4);
    if (nl < (wc - 3) * 4) hint_put_string(&add, &bound, FE_CLC_UNIFORM_PREFIX, name, nl, "");
  }
  return hint_insert(&add, bound, words, nwords);
}
