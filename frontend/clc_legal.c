/* clc_legal: the textual LLVM IR rewrites that keep llvm-spirv 14 from
 * rejecting valid OpenCL C (what each one answers: clc_legal.h). */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "clc_legal.h"
#include "clc_text.h"

static void lg_puts(clc_text *b, const char *s) {
  clc_text_put(b, s, strlen(s));
}

/* The first occurrence of w (length wl) in [s, s + n), or NULL. */
static const char *lg_find(const char *s, size_t n, const char *w, size_t wl) {
  for (const char *q = s; wl <= n && q <= s + n - wl; q++) {
    q = memchr(q, w[0], (size_t)(s + n - wl - q) + 1);
    if (!q) return NULL;
    if (!memcmp(q, w, wl)) return q;
  }
  return NULL;
}

static int lg_namechar(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '-' ||
         c == '$' || c == '.' || c == '_';
}

/* Length of the value or global name starting at s (after its sigil). */
static size_t lg_name_len(const char *s, const char *e) {
  if (s < e && *s == '"') {
    const char *q = memchr(s + 1, '"', (size_t)(e - s - 1));
    return q ? (size_t)(q + 1 - s) : 0;
  }
  size_t k = 0;
  while (s + k < e && lg_namechar(s[k])) k++;
  return k;
}

/* ---- scalar constants: `<1 x S> <S V>` read as little-endian bytes -------- */

/* Byte size of a first-class scalar type name at s (i8..i64, half, float,
 * double), 0 if none; *fp says whether it is floating point. */
static size_t lg_scalar(const char *s, const char *e, size_t *len, int *fp) {
  static const struct {
    const char *name;
    size_t size;
    int fp;
  } t[] = {{"i8", 1, 0},   {"i16", 2, 0},   {"i32", 4, 0},   {"i64", 8, 0},
           {"half", 2, 1}, {"float", 4, 1}, {"double", 8, 1}};
  for (size_t i = 0; i < sizeof t / sizeof t[0]; i++) {
    size_t n = strlen(t[i].name);
    if ((size_t)(e - s) > n && !memcmp(s, t[i].name, n) && !lg_namechar(s[n])) {
      *len = n, *fp = t[i].fp;
      return t[i].size;
    }
  }
  return 0;
}

/* The bits of constant V of type S (size bytes, fp) at s: LLVM prints
 * integers in decimal, half as 0xHhhhh, float and double as a decimal that
 * round-trips or as the double's bits in 0x hex (a float's value widened). */
static int lg_const_bits(const char *s, size_t n, size_t size, int fp, uint64_t *bits) {
  char tmp[64];
  if (n == 0 || n >= sizeof tmp) return -1;
  memcpy(tmp, s, n);
  tmp[n] = 0;
  char *end = NULL;
  if (!fp) {
    if (tmp[0] == '-') {
      long long v = strtoll(tmp, &end, 10);
      *bits = (uint64_t)v;
    } else {
      *bits = strtoull(tmp, &end, 10);
    }
    if (*end) return -1;
  } else if (size == 2) {
    if (n != 7 || tmp[0] != '0' || tmp[1] != 'x' || tmp[2] != 'H') return -1;
    *bits = strtoull(tmp + 3, &end, 16);
    if (*end) return -1;
  } else {
    double d;
    if (tmp[0] == '0' && tmp[1] == 'x') {
      uint64_t u = strtoull(tmp + 2, &end, 16);
      if (*end || n != 18) return -1;
      memcpy(&d, &u, 8);
    } else {
      d = strtod(tmp, &end);
      if (*end) return -1;
    }
    if (size == 8) {
      memcpy(bits, &d, 8);
    } else {
      float f = (float)d; /* exact: LLVM prints a float's own value */
      uint32_t u;
      memcpy(&u, &f, 4);
      *bits = u;
    }
  }
  if (size < 8) *bits &= (UINT64_C(1) << (8 * size)) - 1;
  return 0;
}

/* Rewrites `bitcast (<1 x S> <S V> to <N x E>)` starting at q (its "bitcast
 * (") into b and returns the length consumed, or 0 if it is another form. */
static size_t lg_bitcast1(const char *q, const char *e, clc_text *b) {
  const char *p = q + strlen("bitcast (<1 x ");
  size_t sl, el;
  int sfp, efp;
  size_t ssize = lg_scalar(p, e, &sl, &sfp);
  if (!ssize || !clc_text_starts(p + sl, e, "> <")) return 0;
  p += sl + 3;
  if ((size_t)(e - p) <= sl || memcmp(p, q + strlen("bitcast (<1 x "), sl) || p[sl] != ' ')
    return 0;
  p += sl + 1;
  const char *v = p;
  while (p < e && *p != '>') p++;
  uint64_t bits;
  if (p >= e || lg_const_bits(v, (size_t)(p - v), ssize, sfp, &bits)) return 0;
  p++;
  if (!clc_text_starts(p, e, " to <")) return 0;
  p += 5;
  char *nend = NULL;
  unsigned long nel = strtoul(p, &nend, 10);
  if (nend == p || nel < 2 || nel > 16) return 0;
  p = nend;
  if (!clc_text_starts(p, e, " x ")) return 0;
  p += 3;
  const char *et = p;
  size_t esize = lg_scalar(p, e, &el, &efp);
  if (!esize || esize * nel != ssize || !clc_text_starts(p + el, e, ">)")) return 0;
  p += el + 2;
  /* elements as integers of the element's width; a floating-point element
   * type goes through a same-count vector bitcast, which keeps NaN payloads */
  char ity[8];
  snprintf(ity, sizeof ity, "i%zu", esize * 8);
  if (efp) {
    char head[40];
    snprintf(head, sizeof head, "bitcast (<%lu x %s> ", nel, ity);
    lg_puts(b, head);
  }
  clc_text_put(b, "<", 1);
  for (unsigned long i = 0; i < nel; i++) {
    uint64_t u = esize == 8 ? bits : (bits >> (8 * esize * i)) & ((UINT64_C(1) << (8 * esize)) - 1);
    int64_t sv = esize == 8 ? (int64_t)u
                            : (int64_t)(u ^ (UINT64_C(1) << (8 * esize - 1))) -
                                  (int64_t)(UINT64_C(1) << (8 * esize - 1));
    char el_txt[48];
    snprintf(el_txt, sizeof el_txt, "%s%s %lld", i ? ", " : "", ity, (long long)sv);
    lg_puts(b, el_txt);
  }
  clc_text_put(b, ">", 1);
  if (efp) {
    char tail[40];
    snprintf(tail, sizeof tail, " to <%lu x %.*s>)", nel, (int)el, et);
    lg_puts(b, tail);
  }
  return (size_t)(p - q);
}

/* ---- private-space constant-initialiser globals ------------------------- */

typedef struct lg_global {
  const char *name; /* after '@' */
  size_t len;
  size_t line;
  size_t kw; /* offset of "global "/"constant " in the line */
  int uses, ok_uses;
} lg_global;

typedef struct lg_line {
  const char *s, *e;
} lg_line;

/* A definition `@N = ... global|constant T INIT` in the default address
 * space with an initialiser: its keyword offset, else 0. */
static size_t lg_private_global(const char *s, const char *e, size_t *nlen) {
  if (s >= e || *s != '@') return 0;
  size_t k = lg_name_len(s + 1, e);
  if (!k || !clc_text_starts(s + 1 + k, e, " = ")) return 0;
  *nlen = k;
  for (const char *w = s + 1 + k + 3; w < e;) {
    const char *we = w;
    while (we < e && *we != ' ') we++;
    size_t wl = (size_t)(we - w);
    if ((wl == 6 && !memcmp(w, "global", 6)) || (wl == 8 && !memcmp(w, "constant", 8)))
      return (size_t)(w - s);
    if ((wl >= 9 && !memcmp(w, "addrspace", 9)) || (wl == 8 && !memcmp(w, "external", 8)) ||
        (wl == 11 && !memcmp(w, "extern_weak", 11)) ||
        (wl >= 12 && !memcmp(w, "thread_local", 12)) ||
        (wl == 22 && !memcmp(w, "externally_initialized", 22)))
      return 0;
    w = we + 1;
  }
  return 0;
}

/* Where a memcpy call on [s, e) has its second argument: the offset of
 * "i8* " after the first top-level comma of `@llvm.memcpy.p<D>i8.p0i8.i<W>(`,
 * with *p0 the offset of the "p0i8" to rename. 0 if the line is not one. */
static size_t lg_memcpy_src(const char *s, const char *e, size_t *p0) {
  static const char call[] = "call void @llvm.memcpy.p";
  const char *c = lg_find(s, (size_t)(e - s), call, sizeof call - 1);
  if (!c) return 0;
  c += sizeof call - 1;
  while (c < e && *c >= '0' && *c <= '9') c++;
  if (!clc_text_starts(c, e, "i8.p0i8.i")) return 0;
  *p0 = (size_t)(c + 3 - s);
  const char *a = memchr(c, '(', (size_t)(e - c));
  if (!a) return 0;
  int depth = 0;
  for (const char *q = a + 1; q < e; q++) {
    if (*q == '(' || *q == '[' || *q == '{' || *q == '<')
      depth++;
    else if (*q == ')' || *q == ']' || *q == '}' || *q == '>')
      depth--;
    else if (*q == ',' && depth == 0)
      return clc_text_starts(q, e, ", i8* ") ? (size_t)(q + 2 - s) : 0;
    if (depth < 0) return 0;
  }
  return 0;
}

/* The use of @g at offset at of line [s, e) is `i8* [align N ]bitcast (T*
 * @g to i8*)` as a memcpy's source: the offsets of that argument's "i8* ",
 * of the bitcast's "* @g" and of its " to i8*)". 0 if it is another use. */
static int lg_memcpy_use(const char *s, const char *e, size_t at, size_t glen, size_t *arg,
                         size_t *p0, size_t *star, size_t *to) {
  *arg = lg_memcpy_src(s, e, p0);
  if (!*arg || at < 2 || memcmp(s + at - 2, "* ", 2)) return 0;
  if (!clc_text_starts(s + at + 1 + glen, e, " to i8*)")) return 0;
  const char *p = s + *arg + 4;
  if (clc_text_starts(p, e, "align ")) {
    p += 6;
    while (p < e && *p >= '0' && *p <= '9') p++;
    p++;
  }
  if (!clc_text_starts(p, e, "bitcast (")) return 0;
  /* the pointee type runs from after "bitcast (" to the "* @g": no other
   * "@", so this is the bitcast of this argument */
  for (const char *q = p; q < s + at; q++)
    if (*q == '@' || *q == ',') return 0;
  *star = at - 2;
  *to = at + 1 + glen;
  return 1;
}

/* Each occurrence of "@name" as a whole token on [s, e), from offset from. */
static size_t lg_find_global(const char *s, const char *e, size_t from, const lg_global *g) {
  for (const char *q = s + from; q + 1 + g->len <= e; q++) {
    q = memchr(q, '@', (size_t)(e - q));
    if (!q) return (size_t)-1;
    if ((size_t)(e - q) >= 1 + g->len && !memcmp(q + 1, g->name, g->len) &&
        (q + 1 + g->len == e || !lg_namechar(q[1 + g->len]) || g->name[0] == '"'))
      return (size_t)(q - s);
  }
  return (size_t)-1;
}

typedef struct lg_state {
  lg_line *lines;
  size_t nlines;
  lg_global *globals;
  size_t nglobals;
  char (*decls)[64]; /* memcpy variants the rewrite needs declared */
  size_t ndecls;
  int select_names_free; /* no "__wsl" in the module: the select temporaries' prefix is free */
} lg_state;

static int lg_scan(lg_state *st, const char *ir, size_t n) {
  size_t cap = 256;
  st->lines = malloc(cap * sizeof *st->lines);
  if (!st->lines) return -1;
  for (const char *s = ir, *end = ir + n; s < end;) {
    const char *e = memchr(s, '\n', (size_t)(end - s));
    if (!e) e = end;
    if (st->nlines == cap) {
      lg_line *nl = realloc(st->lines, 2 * cap * sizeof *nl);
      if (!nl) return -1;
      st->lines = nl, cap *= 2;
    }
    st->lines[st->nlines++] = (lg_line){s, e};
    s = e < end ? e + 1 : end;
  }
  st->globals = malloc((st->nlines + 1) * sizeof *st->globals);
  st->decls = malloc((st->nlines + 1) * sizeof *st->decls);
  if (!st->globals || !st->decls) return -1;
  for (size_t i = 0; i < st->nlines; i++) {
    size_t nl, kw = lg_private_global(st->lines[i].s, st->lines[i].e, &nl);
    if (kw)
      st->globals[st->nglobals++] =
          (lg_global){.name = st->lines[i].s + 1, .len = nl, .line = i, .kw = kw};
  }
  /* a global moves only when every use is a memcpy source */
  for (size_t gi = 0; gi < st->nglobals; gi++) {
    lg_global *g = &st->globals[gi];
    for (size_t i = 0; i < st->nlines; i++) {
      const char *s = st->lines[i].s, *e = st->lines[i].e;
      for (size_t at = lg_find_global(s, e, i == g->line ? 1 + g->len : 0, g); at != (size_t)-1;
           at = lg_find_global(s, e, at + 1, g)) {
        size_t arg, p0, star, to;
        g->uses++;
        g->ok_uses += lg_memcpy_use(s, e, at, g->len, &arg, &p0, &star, &to);
      }
    }
  }
  st->select_names_free = !lg_find(ir, n, "__wsl", 5);
  return 0;
}

static const lg_global *lg_moved(const lg_state *st, const char *s, const char *e, size_t at) {
  for (size_t gi = 0; gi < st->nglobals; gi++) {
    const lg_global *g = &st->globals[gi];
    if (g->uses && g->uses == g->ok_uses && (size_t)(e - s) >= at + 1 + g->len &&
        !memcmp(s + at + 1, g->name, g->len) &&
        ((size_t)(e - s) == at + 1 + g->len || !lg_namechar(s[at + 1 + g->len]) ||
         g->name[0] == '"'))
      return g;
  }
  return NULL;
}

/* The memcpy variant reading from addrspace(2) that line [s, e) calls,
 * given its "p0i8" offset: "llvm.memcpy.p<D>i8.p2i8.i<W>". */
static void lg_note_decl(lg_state *st, const char *s, const char *e, size_t p0) {
  const char *name = s + p0;
  while (name > s && name[-1] != '@') name--;
  const char *ne = s + p0;
  while (ne < e && *ne != '(') ne++;
  char d[64];
  int k = snprintf(d, sizeof d, "%.*s", (int)(ne - name), name);
  if (k <= 0 || (size_t)k >= sizeof d) return;
  d[s + p0 - name + 1] = '2';
  for (size_t i = 0; i < st->ndecls; i++)
    if (!strcmp(st->decls[i], d)) return;
  memcpy(st->decls[st->ndecls++], d, sizeof d);
}

/* Copies [r, at) into b with its one-element-vector bitcasts folded (a
 * folded expression may run on past at, up to e). */
static void lg_copy_folding(const char *r, const char *at, const char *e, clc_text *b,
                            fe_clc_legal_counts *c) {
  while (r < at) {
    const char *bc = lg_find(r, (size_t)(at - r), "bitcast (<1 x ", 14);
    if (!bc) {
      clc_text_put(b, r, (size_t)(at - r));
      return;
    }
    clc_text_put(b, r, (size_t)(bc - r));
    size_t used = lg_bitcast1(bc, e, b);
    if (used)
      c->bitcasts++;
    else
      clc_text_put(b, bc, used = 1);
    r = bc + used;
  }
}

/* One line with its moved globals' memcpys and its one-element-vector
 * bitcasts rewritten. */
static void lg_rewrite_line(lg_state *st, const char *s, const char *e, clc_text *b,
                            fe_clc_legal_counts *c) {
  size_t arg = 0, p0 = 0, star = 0, to = 0;
  const lg_global *mg = NULL;
  for (const char *q = s; q < e && (q = memchr(q, '@', (size_t)(e - q))); q++) {
    const lg_global *g = lg_moved(st, s, e, (size_t)(q - s));
    if (g && lg_memcpy_use(s, e, (size_t)(q - s), g->len, &arg, &p0, &star, &to)) {
      mg = g;
      break;
    }
  }
  size_t cut[4] = {mg ? p0 + 1 : 0, mg ? arg + 2 : 0, mg ? star : 0, mg ? to + 6 : 0};
  const char *ins[4] = {"2", " addrspace(2)", " addrspace(2)", " addrspace(2)"};
  if (mg) {
    c->memcpys++;
    lg_note_decl(st, s, e, p0);
  }
  /* p0i8 -> p2i8 replaces one character; the others insert */
  const char *q = s;
  for (int k = 0; k < 4 && mg; k++) {
    const char *at = s + cut[k];
    lg_copy_folding(q, at, e, b, c);
    lg_puts(b, ins[k]);
    q = at + (k == 0);
  }
  lg_copy_folding(q, e, e, b, c);
}

/* `  %r = select [flags] i1 C, <N x T> ...`: the offset of "i1 C", its
 * length, N and the name span; 0 if the line is not a select on vectors. */
static size_t lg_vector_select(const char *s, const char *e, size_t *clen, unsigned long *nel) {
  const char *p = s;
  while (p < e && *p == ' ') p++;
  if (p >= e || *p != '%') return 0;
  size_t k = lg_name_len(p + 1, e);
  if (!k) return 0;
  p += 1 + k;
  if (!clc_text_starts(p, e, " = select ")) return 0;
  p += 10;
  static const char *const flags[] = {"nnan ",     "ninf ", "nsz ",     "arcp ",
                                      "contract ", "afn ",  "reassoc ", "fast "};
  for (int again = 1; again;) {
    again = 0;
    for (size_t f = 0; f < sizeof flags / sizeof flags[0]; f++)
      if (clc_text_starts(p, e, flags[f])) p += strlen(flags[f]), again = 1;
  }
  if (!clc_text_starts(p, e, "i1 ")) return 0;
  const char *c = p, *v = p + 3;
  size_t vl;
  if (*v == '%') {
    vl = 1 + lg_name_len(v + 1, e);
    if (vl == 1) return 0;
  } else if (clc_text_starts(v, e, "true,") || clc_text_starts(v, e, "false,")) {
    vl = *v == 't' ? 4 : 5;
  } else {
    return 0;
  }
  p = v + vl;
  if (!clc_text_starts(p, e, ", <")) return 0;
  char *nend = NULL;
  *nel = strtoul(p + 3, &nend, 10);
  if (nend == p + 3 || *nel < 2 || !clc_text_starts(nend, e, " x ")) return 0;
  *clen = (size_t)(p - c);
  return (size_t)(c - s);
}

/* `  %r = add|sub|mul [nuw] [nsw] i1|<N x i1> ...`: the offset of the
 * opcode and the length up to the type, *op the boolean operation with the
 * same result (add and sub are xor modulo 2, mul is and); 0 if not one. */
static size_t lg_bool_arith(const char *s, const char *e, size_t *len, const char **op) {
  const char *p = s;
  while (p < e && *p == ' ') p++;
  if (p >= e || *p != '%') return 0;
  size_t k = lg_name_len(p + 1, e);
  if (!k || !clc_text_starts(p + 1 + k, e, " = ")) return 0;
  const char *o = p + 1 + k + 3, *q;
  if (clc_text_starts(o, e, "add ") || clc_text_starts(o, e, "sub "))
    *op = "xor ";
  else if (clc_text_starts(o, e, "mul "))
    *op = "and ";
  else
    return 0;
  q = o + 4;
  while (clc_text_starts(q, e, "nuw ") || clc_text_starts(q, e, "nsw ")) q += 4;
  if (clc_text_starts(q, e, "i1 ")) {
    *len = (size_t)(q - o);
    return (size_t)(o - s);
  }
  if (*q != '<') return 0;
  char *nend = NULL;
  strtoul(q + 1, &nend, 10);
  if (nend == q + 1 || !clc_text_starts(nend, e, " x i1> ")) return 0;
  *len = (size_t)(q - o);
  return (size_t)(o - s);
}

static void lg_emit(lg_state *st, clc_text *b, fe_clc_legal_counts *c) {
  unsigned nsel = 0;
  for (size_t i = 0; i < st->nlines; i++) {
    const char *s = st->lines[i].s, *e = st->lines[i].e;
    size_t clen = 0, at = 0;
    unsigned long nel = 0;
    const lg_global *g = NULL;
    for (size_t gi = 0; gi < st->nglobals; gi++)
      if (st->globals[gi].line == i && st->globals[gi].uses &&
          st->globals[gi].uses == st->globals[gi].ok_uses)
        g = &st->globals[gi];
    if (g) { /* "... global T" -> "... addrspace(2) constant T" */
      const char *kw = s + g->kw;
      size_t kl = clc_text_starts(kw, e, "global ") ? 7 : 9;
      clc_text_put(b, s, g->kw);
      lg_puts(b, "addrspace(2) constant ");
      lg_rewrite_line(st, kw + kl, e, b, c);
      clc_text_put(b, "\n", 1);
      c->globals++;
      continue;
    }
    if (st->select_names_free && (at = lg_vector_select(s, e, &clen, &nel))) {
      char line[256];
      const char *cond = s + at + 3;
      int k = snprintf(line, sizeof line,
                       "  %%__wsl.c%u = insertelement <%lu x i1> undef, i1 %.*s, i32 0\n"
                       "  %%__wsl.s%u = shufflevector <%lu x i1> %%__wsl.c%u, <%lu x i1> undef, "
                       "<%lu x i32> zeroinitializer\n",
                       nsel, nel, (int)(clen - 3), cond, nsel, nel, nsel, nel, nel);
      if (k > 0 && (size_t)k < sizeof line) {
        clc_text_put(b, line, (size_t)k);
        clc_text_put(b, s, at);
        k = snprintf(line, sizeof line, "<%lu x i1> %%__wsl.s%u", nel, nsel++);
        clc_text_put(b, line, (size_t)k);
        lg_rewrite_line(st, s + at + clen, e, b, c);
        clc_text_put(b, "\n", 1);
        c->selects++;
        continue;
      }
    }
    const char *op = NULL;
    size_t olen = 0, oat = lg_bool_arith(s, e, &olen, &op);
    if (oat) {
      clc_text_put(b, s, oat);
      lg_puts(b, op);
      lg_rewrite_line(st, s + oat + olen, e, b, c);
      clc_text_put(b, "\n", 1);
      c->bool_ops++;
      continue;
    }
    lg_rewrite_line(st, s, e, b, c);
    clc_text_put(b, "\n", 1);
  }
  for (size_t i = 0; i < st->ndecls; i++) {
    const char *d = st->decls[i];
    char probe[80];
    snprintf(probe, sizeof probe, "@%s(", d);
    int declared = 0;
    for (size_t l = 0; l < st->nlines && !declared; l++)
      declared =
          clc_text_starts(st->lines[l].s, st->lines[l].e, "declare ") &&
          lg_find(st->lines[l].s, (size_t)(st->lines[l].e - st->lines[l].s), probe, strlen(probe));
    if (declared) continue;
    /* "llvm.memcpy.p<D>i8.p2i8.i<W>": the destination's address space D
     * and the length's width W */
    const char *dp = d + strlen("llvm.memcpy.p");
    char dsp[24] = "";
    if (*dp != '0') snprintf(dsp, sizeof dsp, " addrspace(%d)", atoi(dp));
    const char *w = strrchr(d, 'i');
    char line[256];
    int k = snprintf(line, sizeof line,
                     "declare void @%s(i8%s* noalias nocapture writeonly, i8 addrspace(2)* "
                     "noalias nocapture readonly, %s, i1 immarg)\n",
                     d, dsp, w ? w : "i64");
    if (k > 0 && (size_t)k < sizeof line) clc_text_put(b, line, (size_t)k);
  }
}

char *fe_clc_legalize(const char *ir, size_t n, size_t *outn, fe_clc_legal_counts *counts) {
  lg_state st = {0};
  clc_text b = {0};
  fe_clc_legal_counts c = {0};
  if (lg_scan(&st, ir, n) == 0)
    lg_emit(&st, &b, &c);
  else
    b.oom = 1;
  clc_text_put(&b, "", 0);
  free(st.lines);
  free(st.globals);
  free(st.decls);
  if (b.oom) {
    free(b.p);
    return NULL;
  }
  if (counts) *counts = c;
  *outn = b.n;
  return b.p;
}
