/* OpenCL C printf on the host: the per-launch printf buffer, and decoding its
 * records into text printed on stdout, each work-item's lines together. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rt.h"

static uint32_t rd32(const uint8_t *p) {
  uint32_t v;
  memcpy(&v, p, 4);
  return v;
}

static uint64_t rd64(const uint8_t *p) {
  uint64_t v;
  memcpy(&v, p, 8);
  return v;
}

uint64_t rt_printf_begin(sim_device *sim, const isa_kernel *k, uint8_t *kernarg) {
  const isa_hidden_arg *slot = isa_kernel_hidden(k, ISA_HIDDEN_PRINTF_BUFFER);
  if (!slot) return 0;
  uint64_t bytes = ISA_PRINTF_HEADER + RT_PRINTF_BUFFER_BYTES + ISA_PRINTF_SPILL;
  uint64_t addr = sim_mem_alloc(sim, bytes, NULL);
  uint8_t *h = addr ? sim_mem_host(sim, addr, bytes) : NULL;
  if (!h) return 0;
  memset(h, 0, ISA_PRINTF_HEADER);
  uint32_t cap = RT_PRINTF_BUFFER_BYTES;
  memcpy(h + 8, &cap, 4);
  memcpy(kernarg + slot->offset, &addr, 8);
  return addr;
}

/* Growable output text. */
typedef struct pf_text {
  char *p;
  size_t n, cap;
} pf_text;

static void pf_put(pf_text *t, const char *s, size_t n) {
  if (t->n + n + 1 > t->cap) {
    size_t cap = t->cap ? t->cap : 256;
    while (cap < t->n + n + 1) cap *= 2;
    char *q = realloc(t->p, cap);
    if (!q) return;
    t->p = q;
    t->cap = cap;
  }
  memcpy(t->p + t->n, s, n);
  t->n += n;
  t->p[t->n] = 0;
}

/* A NUL-terminated string in device memory (at most 64 KiB), or NULL. */
static const char *pf_devstr(sim_device *sim, uint64_t addr, size_t *len) {
  const char *s = addr ? sim_mem_host(sim, addr, 1) : NULL;
  if (!s) return NULL;
  size_t n = 0;
  while (n < 65536 && sim_mem_host(sim, addr + n, 1) && s[n]) n++;
  *len = n;
  return n < 65536 && sim_mem_host(sim, addr + n, 1) ? s : NULL;
}

/* One conversion of one value (a slot) with the host's snprintf; spec is the
 * user's flags/width/precision, conv the conversion, len the length modifier
 * (0 none, 'H' hh, 'h', 'L' hl, 'l'). */
static void pf_one(sim_device *sim, pf_text *t, const char *spec, char conv, char len, char kind,
                   uint64_t raw) {
  char f[64], out[512];
  int n = 0;
  if (strchr("diouxXc", conv)) {
    uint64_t u = kind == 'i' ? (uint64_t)(int64_t)(int32_t)(uint32_t)raw : raw;
    if (kind == 'f' || kind == 'd') u = 0;
    if (conv == 'c') {
      snprintf(f, sizeof f, "%sc", spec);
      n = snprintf(out, sizeof out, f, (int)(unsigned char)u);
    } else if (conv == 'd' || conv == 'i') {
      long long v = len == 'H' ? (signed char)u : len == 'h' ? (short)u
                    : len == 'l' ? (long long)u : (int)u;
      snprintf(f, sizeof f, "%sll%c", spec, conv);
      n = snprintf(out, sizeof out, f, v);
    } else {
      unsigned long long v = len == 'H' ? (unsigned char)u : len == 'h' ? (unsigned short)u
                             : len == 'l' ? (unsigned long long)u : (unsigned)u;
      snprintf(f, sizeof f, "%sll%c", spec, conv);
      n = snprintf(out, sizeof out, f, v);
    }
  } else if (strchr("fFeEgGaA", conv)) {
    double d;
    if (kind == 'f') {
      float fl;
      uint32_t b = (uint32_t)raw;
      memcpy(&fl, &b, 4);
      d = fl;
    } else {
      memcpy(&d, &raw, 8);
    }
    snprintf(f, sizeof f, "%s%c", spec, conv);
    n = snprintf(out, sizeof out, f, d);
  } else if (conv == 's') {
    size_t sl = 0;
    const char *s = pf_devstr(sim, raw, &sl);
    snprintf(f, sizeof f, "%s.*s", spec);
    if (strchr(spec, '.')) snprintf(f, sizeof f, "%ss", spec); /* user precision wins */
    char *tmp = NULL;
    if (s) {
      tmp = malloc(sl + 1);
      if (tmp) memcpy(tmp, s, sl), tmp[sl] = 0;
    }
    if (strchr(spec, '.'))
      n = snprintf(out, sizeof out, f, tmp ? tmp : "(null)");
    else
      n = snprintf(out, sizeof out, f, (int)(tmp ? sl : 6), tmp ? tmp : "(null)");
    if (n >= (int)sizeof out && tmp && !strchr(spec, '.') && !spec[1]) {
      pf_put(t, tmp, sl); /* long plain %s: no need to bound it */
      n = 0;
    }
    free(tmp);
  } else if (conv == 'p') {
    snprintf(f, sizeof f, "%s#llx", spec);
    n = snprintf(out, sizeof out, f, (unsigned long long)raw);
  }
  if (n > 0) pf_put(t, out, (size_t)n < sizeof out ? (size_t)n : sizeof out - 1);
}

/* Formats one record's arguments per the site's format into t. */
static void pf_format(sim_device *sim, pf_text *t, const char *fmt, const char *layout,
                      const uint8_t *slots, uint32_t nslots) {
  uint32_t si = 0;
  for (const char *p = fmt; *p;) {
    if (*p != '%') {
      const char *q = strchr(p, '%');
      size_t n = q ? (size_t)(q - p) : strlen(p);
      pf_put(t, p, n);
      p += n;
      continue;
    }
    if (p[1] == '%') {
      pf_put(t, "%", 1);
      p += 2;
      continue;
    }
    const char *start = p++;
    char spec[48] = "%";
    size_t sn = 1;
    while (*p && strchr("-+ #0", *p) && sn < 40) spec[sn++] = *p++;
    while (*p >= '0' && *p <= '9' && sn < 40) spec[sn++] = *p++;
    if (*p == '.') {
      spec[sn++] = *p++;
      while (*p >= '0' && *p <= '9' && sn < 40) spec[sn++] = *p++;
    }
    spec[sn] = 0;
    unsigned vec = 1;
    if (*p == 'v') {
      vec = (unsigned)strtoul(p + 1, (char **)&p, 10);
      if (!vec) vec = 1;
    }
    char len = 0;
    if (p[0] == 'h' && p[1] == 'h') len = 'H', p += 2;
    else if (p[0] == 'h' && p[1] == 'l') len = 'L', p += 2;
    else if (p[0] == 'h') len = 'h', p++;
    else if (p[0] == 'l') len = 'l', p++;
    char conv = *p;
    if (!conv || !strchr("diouxXcfFeEgGaAsp", conv)) { /* not a conversion: print as is */
      pf_put(t, start, (size_t)(p - start));
      continue;
    }
    p++;
    for (unsigned c = 0; c < vec; c++) {
      if (si >= nslots) return; /* fewer arguments than conversions */
      if (c) pf_put(t, ",", 1);
      pf_one(sim, t, spec, conv, len, layout[si], rd64(slots + 8 * si));
      si++;
    }
  }
}

typedef struct pf_rec {
  uint64_t wi; /* global linear id */
  uint32_t pos;
} pf_rec;

static int pf_cmp(const void *a, const void *b) {
  const pf_rec *x = a, *y = b;
  if (x->wi != y->wi) return x->wi < y->wi ? -1 : 1;
  return x->pos < y->pos ? -1 : x->pos > y->pos;
}

void rt_printf_end(sim_device *sim, const isa_program *prog, const sim_launch *l, uint64_t addr) {
  if (!addr) return;
  uint64_t bytes = ISA_PRINTF_HEADER + RT_PRINTF_BUFFER_BYTES + ISA_PRINTF_SPILL;
  const uint8_t *h = sim_mem_host(sim, addr, bytes);
  if (!h) return;
  uint32_t used = rd32(h), dropped = rd32(h + 4);
  if (used > RT_PRINTF_BUFFER_BYTES) used = RT_PRINTF_BUFFER_BYTES;
  const uint8_t *a = h + ISA_PRINTF_HEADER;
  /* records are contiguous from 0; one that did not fit went to the spill area */
  uint32_t n = 0, cap = 64;
  pf_rec *r = malloc(cap * sizeof *r);
  for (uint32_t pos = 0; r && pos + ISA_PRINTF_RECORD_HEADER <= used;) {
    uint32_t sz = rd32(a + pos);
    if (sz < ISA_PRINTF_RECORD_HEADER || sz > used - pos) break;
    if (n == cap) {
      pf_rec *q = realloc(r, (cap *= 2) * sizeof *r);
      if (!q) break;
      r = q;
    }
    uint64_t g[3];
    for (int d = 0; d < 3; d++) g[d] = rd32(a + pos + 8 + 4 * d) - l->global_offset[d];
    r[n].wi = g[0] + l->global_size[0] * (g[1] + l->global_size[1] * g[2]);
    r[n++].pos = pos;
    pos += sz;
  }
  if (r) qsort(r, n, sizeof *r, pf_cmp);
  pf_text t = {0};
  for (uint32_t i = 0; r && i < n; i++) {
    const uint8_t *rec = a + r[i].pos;
    uint32_t site = rd32(rec + 4), sz = rd32(rec);
    if (!prog || site >= prog->nprintf) continue;
    uint32_t nslots = (sz - ISA_PRINTF_RECORD_HEADER) / 8;
    const char *layout = prog->printf_layouts[site];
    if (strlen(layout) < nslots) nslots = (uint32_t)strlen(layout);
    pf_format(sim, &t, prog->printf_fmts[site], layout, rec + ISA_PRINTF_RECORD_HEADER, nslots);
  }
  free(r);
  if (t.n) fwrite(t.p, 1, t.n, stdout);
  fflush(stdout);
  free(t.p);
  if (dropped)
    fprintf(stderr,
            "wavesim: kernel '%s': printf buffer full (%u bytes): %u printf records dropped "
            "(print less per launch or split the launch)\n",
            l->kernel->name, RT_PRINTF_BUFFER_BYTES, dropped);
}
