/* Binary serialization of whole compiled programs (isa_program), used by the
 * compiler's on-disk cache; code travels as isa_encode words. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "isa.h"

/* Format (all integers little endian, whatever the host byte order):
 *
 *   "WSIMPRG\0"  8-byte magic
 *   u32 ISA_SERIAL_VERSION   bump on any layout change (or isa_encode change)
 *   u32 ISA_OP_COUNT         opcode numbering changes whenever isa.def does
 *   per segment (ISA_NSEGS, in isa_segkind order):
 *     u32 size, u8 has_data; if 1: size bytes
 *     u32 nrelocs; per relocation: u32 at, u8 seg
 *   u32 nprintf; per site: str format, str layout
 *   u32 nkernels
 *   per kernel:
 *     str name, str source_file
 *     u32 nvgprs, nsgprs, lds_bytes, private_bytes, kernarg_bytes
 *     u32 reqd_wg_size[3], u32 uniform_wg, str attributes
 *     u32 nargs; per arg: str name, str type_name, u8 kind, u32 size, offset, align,
 *       u32 type_qual, u8 access
 *     u32 ncode, u32 nwords, u32 words[nwords]   (isa_encode of each instruction)
 *     u8 has_lines; if 1: u32 line[ncode]
 *     u32 nhidden; per hidden argument: u8 kind, u32 offset
 *   u64 FNV-1a 64 checksum of every byte before it
 *
 * str: u32 length then the bytes (no NUL), or length 0xFFFFFFFF for NULL, so
 * NULL and "" survive the round trip. */
#define ISA_SERIAL_MAGIC "WSIMPRG"
#define ISA_SERIAL_NULLSTR 0xFFFFFFFFu

typedef struct ser_buf {
  uint8_t *p;
  size_t len, cap;
  int oom;
} ser_buf;

static void put_bytes(ser_buf *b, const void *src, size_t n) {
  if (b->oom) return;
  if (b->len + n > b->cap) {
    size_t cap = b->cap ? b->cap : 256;
    while (cap < b->len + n) cap *= 2;
    uint8_t *np = realloc(b->p, cap);
    if (!np) {
      b->oom = 1;
      return;
    }
    b->p = np;
    b->cap = cap;
  }
  if (n) memcpy(b->p + b->len, src, n);
  b->len += n;
}

static void put_u8(ser_buf *b, uint8_t v) { put_bytes(b, &v, 1); }

static void put_u32(ser_buf *b, uint32_t v) {
  uint8_t x[4] = {(uint8_t)v, (uint8_t)(v >> 8), (uint8_t)(v >> 16), (uint8_t)(v >> 24)};
  put_bytes(b, x, 4);
}

static void put_u64(ser_buf *b, uint64_t v) {
  put_u32(b, (uint32_t)v);
  put_u32(b, (uint32_t)(v >> 32));
}

static void put_str(ser_buf *b, const char *s) {
  if (!s) {
    put_u32(b, ISA_SERIAL_NULLSTR);
    return;
  }
  size_t n = strlen(s);
  put_u32(b, (uint32_t)n);
  put_bytes(b, s, n);
}

static uint64_t fnv1a64(const uint8_t *p, size_t n) {
  uint64_t h = 0xcbf29ce484222325ull;
  for (size_t i = 0; i < n; i++) h = (h ^ p[i]) * 0x100000001b3ull;
  return h;
}

int isa_program_serialize(const isa_program *prog, uint8_t **buf, size_t *len) {
  *buf = NULL;
  *len = 0;
  if (!prog || (prog->nkernels && !prog->kernels)) return -1;
  ser_buf b = {0};
  put_bytes(&b, ISA_SERIAL_MAGIC, 8);
  put_u32(&b, ISA_SERIAL_VERSION);
  put_u32(&b, ISA_OP_COUNT);
  for (int sg = 0; sg < ISA_NSEGS; sg++) {
    const isa_segment *seg = &prog->segs[sg];
    if ((seg->size && !seg->data) || (seg->nrelocs && !seg->relocs)) goto fail;
    put_u32(&b, seg->size);
    put_u8(&b, seg->data ? 1 : 0);
    if (seg->data) put_bytes(&b, seg->data, seg->size);
    put_u32(&b, seg->nrelocs);
    for (uint32_t q = 0; q < seg->nrelocs; q++) {
      put_u32(&b, seg->relocs[q].at);
      put_u8(&b, seg->relocs[q].seg);
    }
  }
  if (prog->nprintf && (!prog->printf_fmts || !prog->printf_layouts)) goto fail;
  put_u32(&b, prog->nprintf);
  for (uint32_t p = 0; p < prog->nprintf; p++) {
    put_str(&b, prog->printf_fmts[p]);
    put_str(&b, prog->printf_layouts[p]);
  }
  put_u32(&b, prog->nkernels);
  for (uint32_t ki = 0; ki < prog->nkernels; ki++) {
    const isa_kernel *k = &prog->kernels[ki];
    put_str(&b, k->name);
    put_str(&b, k->source_file);
    put_u32(&b, k->nvgprs);
    put_u32(&b, k->nsgprs);
    put_u32(&b, k->lds_bytes);
    put_u32(&b, k->private_bytes);
    put_u32(&b, k->kernarg_bytes);
    for (int d = 0; d < 3; d++) put_u32(&b, k->reqd_wg_size[d]);
    put_u32(&b, k->uniform_wg);
    put_str(&b, k->attributes);
    if (k->nargs && !k->args) goto fail;
    put_u32(&b, k->nargs);
    for (uint32_t a = 0; a < k->nargs; a++) {
      put_str(&b, k->args[a].name);
      put_str(&b, k->args[a].type_name);
      put_u8(&b, k->args[a].kind);
      put_u32(&b, k->args[a].size);
      put_u32(&b, k->args[a].offset);
      put_u32(&b, k->args[a].align);
      put_u32(&b, k->args[a].type_qual);
      put_u8(&b, k->args[a].access);
    }
    if (k->ncode && !k->code) goto fail;
    put_u32(&b, k->ncode);
    size_t nwords_at = b.len;
    put_u32(&b, 0); /* patched below */
    uint32_t nwords = 0;
    for (uint32_t i = 0; i < k->ncode; i++) {
      uint32_t w[ISA_MAX_INST_WORDS];
      size_t n = isa_encode(&k->code[i], w, ISA_MAX_INST_WORDS);
      if (n == 0) goto fail; /* malformed instruction: nothing sane to store */
      for (size_t j = 0; j < n; j++) put_u32(&b, w[j]);
      nwords += (uint32_t)n;
    }
    if (!b.oom)
      for (int j = 0; j < 4; j++) b.p[nwords_at + j] = (uint8_t)(nwords >> (8 * j));
    put_u8(&b, k->line ? 1 : 0);
    for (uint32_t i = 0; k->line && i < k->ncode; i++) put_u32(&b, k->line[i]);
    if (k->nhidden && !k->hidden) goto fail;
    put_u32(&b, k->nhidden);
    for (uint32_t h = 0; h < k->nhidden; h++) {
      put_u8(&b, k->hidden[h].kind);
      put_u32(&b, k->hidden[h].offset);
    }
  }
  if (b.oom) goto fail;
  put_u64(&b, fnv1a64(b.p, b.len));
  if (b.oom) goto fail;
  *buf = b.p;
  *len = b.len;
  return 0;
fail:
  free(b.p);
  return -1;
}

/* ---- reading ------------------------------------------------------------ */
typedef struct ser_rd {
  const uint8_t *p;
  size_t len, pos;
  char *err;
  size_t errlen;
  int failed;
} ser_rd;

static void rd_fail(ser_rd *r, const char *what) {
  if (r->failed) return;
  r->failed = 1;
  if (r->err && r->errlen)
    snprintf(r->err, r->errlen, "serialized program: %s at byte %zu of %zu", what, r->pos, r->len);
}

static int rd_need(ser_rd *r, size_t n, const char *what) {
  if (r->failed) return 0;
  if (r->len - r->pos < n) {
    char msg[128];
    snprintf(msg, sizeof msg, "truncated (%s needs %zu more bytes)", what, n);
    rd_fail(r, msg);
    return 0;
  }
  return 1;
}

static uint8_t get_u8(ser_rd *r, const char *what) {
  if (!rd_need(r, 1, what)) return 0;
  return r->p[r->pos++];
}

static uint32_t get_u32(ser_rd *r, const char *what) {
  if (!rd_need(r, 4, what)) return 0;
  const uint8_t *q = r->p + r->pos;
  r->pos += 4;
  return (uint32_t)q[0] | (uint32_t)q[1] << 8 | (uint32_t)q[2] << 16 | (uint32_t)q[3] << 24;
}

static char *get_str(ser_rd *r, const char *what) {
  uint32_t n = get_u32(r, what);
  if (r->failed || n == ISA_SERIAL_NULLSTR) return NULL;
  if (!rd_need(r, n, what)) return NULL;
  char *s = malloc((size_t)n + 1);
  if (!s) {
    rd_fail(r, "out of memory");
    return NULL;
  }
  memcpy(s, r->p + r->pos, n);
  s[n] = 0;
  r->pos += n;
  if (memchr(s, 0, n)) rd_fail(r, "string holds a NUL byte");
  return s;
}

/* A count of items each at least `min_bytes` long must fit in what is left;
 * rejects absurd counts from corrupt input before allocating for them. */
static uint32_t get_count(ser_rd *r, size_t min_bytes, const char *what) {
  uint32_t n = get_u32(r, what);
  if (!r->failed && (uint64_t)n * min_bytes > r->len - r->pos) {
    char msg[128];
    snprintf(msg, sizeof msg, "%s %u exceeds the remaining data", what, n);
    rd_fail(r, msg);
    return 0;
  }
  return n;
}

static void *rd_calloc(ser_rd *r, size_t n, size_t size) {
  if (r->failed || n == 0) return NULL;
  void *p = calloc(n, size);
  if (!p) rd_fail(r, "out of memory");
  return p;
}

static void read_kernel(ser_rd *r, isa_kernel *k) {
  k->name = get_str(r, "kernel name");
  k->source_file = get_str(r, "source file name");
  k->nvgprs = get_u32(r, "nvgprs");
  k->nsgprs = get_u32(r, "nsgprs");
  k->lds_bytes = get_u32(r, "lds_bytes");
  k->private_bytes = get_u32(r, "private_bytes");
  k->kernarg_bytes = get_u32(r, "kernarg_bytes");
  for (int d = 0; d < 3; d++) k->reqd_wg_size[d] = get_u32(r, "reqd_wg_size");
  k->uniform_wg = get_u32(r, "uniform_wg") != 0;
  k->attributes = get_str(r, "kernel attributes");
  uint32_t nargs = get_count(r, 25, "argument count");
  k->args = rd_calloc(r, nargs, sizeof *k->args);
  if (r->failed) return;
  k->nargs = nargs;
  for (uint32_t a = 0; a < nargs && !r->failed; a++) {
    isa_arg *g = &k->args[a];
    g->name = get_str(r, "argument name");
    g->type_name = get_str(r, "argument type name");
    g->kind = get_u8(r, "argument kind");
    g->size = get_u32(r, "argument size");
    g->offset = get_u32(r, "argument offset");
    g->align = get_u32(r, "argument align");
    g->type_qual = get_u32(r, "argument type qualifiers");
    g->access = get_u8(r, "argument access qualifier");
    if (!r->failed && g->access > ISA_ACCESS_READ_WRITE) rd_fail(r, "bad argument access qualifier");
    if (!r->failed && g->kind > ISA_ARG_IMAGE) rd_fail(r, "bad argument kind");
  }
  uint32_t ncode = get_count(r, 4, "instruction count");
  uint32_t nwords = get_count(r, 4, "code word count");
  if (r->failed) return;
  if (nwords < ncode) {
    rd_fail(r, "fewer code words than instructions");
    return;
  }
  k->code = rd_calloc(r, ncode, sizeof *k->code);
  uint32_t *words = rd_calloc(r, nwords, sizeof *words);
  for (uint32_t i = 0; i < nwords && !r->failed; i++) words[i] = get_u32(r, "code word");
  size_t at = 0;
  for (uint32_t i = 0; i < ncode && !r->failed; i++) {
    size_t n = isa_decode(words + at, nwords - at, &k->code[i]);
    if (n == 0) {
      char msg[96];
      snprintf(msg, sizeof msg, "undecodable instruction %u of kernel '%s'", i,
               k->name ? k->name : "");
      rd_fail(r, msg);
    }
    at += n;
  }
  free(words);
  if (!r->failed && at != nwords) rd_fail(r, "code words left over after the last instruction");
  if (r->failed) return;
  k->ncode = ncode;
  uint8_t has_lines = get_u8(r, "line table flag");
  if (has_lines > 1) rd_fail(r, "bad line table flag");
  if (has_lines && !r->failed) {
    if (!rd_need(r, (size_t)ncode * 4, "line table")) return;
    k->line = malloc(ncode ? (size_t)ncode * sizeof *k->line : 1);
    if (!k->line) {
      rd_fail(r, "out of memory");
      return;
    }
    for (uint32_t i = 0; i < ncode; i++) k->line[i] = get_u32(r, "line");
  }
  uint32_t nh = get_count(r, 5, "hidden argument count");
  k->hidden = rd_calloc(r, nh, sizeof *k->hidden);
  if (r->failed) return;
  k->nhidden = nh;
  for (uint32_t h = 0; h < nh && !r->failed; h++) {
    isa_hidden_arg *ha = &k->hidden[h];
    ha->kind = get_u8(r, "hidden argument kind");
    ha->offset = get_u32(r, "hidden argument offset");
    if (r->failed) return;
    if (ha->kind >= ISA_HIDDEN_COUNT) {
      rd_fail(r, "bad hidden argument kind");
      return;
    }
    /* the runtime writes the slot: keep it inside the kernarg segment */
    uint32_t bytes = isa_hidden_bytes(ha->kind);
    if (ha->offset > k->kernarg_bytes || k->kernarg_bytes - ha->offset < bytes) {
      rd_fail(r, "hidden argument slot outside the kernarg segment");
      return;
    }
    for (uint32_t o = 0; o < h; o++)
      if (k->hidden[o].kind == ha->kind) {
        rd_fail(r, "hidden argument kind listed twice");
        return;
      }
  }
}

/* The program-level part: segments and printf sites. */
static void read_program(ser_rd *r, isa_program *p) {
  for (int sg = 0; sg < ISA_NSEGS && !r->failed; sg++) {
    isa_segment *seg = &p->segs[sg];
    uint32_t size = get_u32(r, "segment size");
    uint8_t has_data = get_u8(r, "segment data flag");
    if (r->failed) return;
    if (has_data > 1 || (!has_data && size)) {
      rd_fail(r, "bad segment data flag");
      return;
    }
    if (has_data) {
      if (!rd_need(r, size, "segment data")) return;
      seg->data = malloc(size ? size : 1);
      if (!seg->data) {
        rd_fail(r, "out of memory");
        return;
      }
      memcpy(seg->data, r->p + r->pos, size);
      r->pos += size;
      seg->size = size;
    }
    uint32_t nrel = get_count(r, 5, "segment relocation count");
    seg->relocs = rd_calloc(r, nrel, sizeof *seg->relocs);
    if (r->failed) return;
    seg->nrelocs = nrel;
    for (uint32_t q = 0; q < nrel && !r->failed; q++) {
      seg->relocs[q].at = get_u32(r, "relocation offset");
      seg->relocs[q].seg = get_u8(r, "relocation target segment");
      /* the runtime rewrites 8 bytes there: keep them inside the data */
      if (!r->failed && (seg->relocs[q].at > size || size - seg->relocs[q].at < 8))
        rd_fail(r, "relocation outside the segment's data");
      if (!r->failed && seg->relocs[q].seg >= ISA_NSEGS)
        rd_fail(r, "bad relocation target segment");
    }
  }
  uint32_t np = get_count(r, 8, "printf site count");
  if (r->failed || !np) return;
  p->printf_fmts = calloc(np, sizeof(char *));
  p->printf_layouts = calloc(np, sizeof(char *));
  if (!p->printf_fmts || !p->printf_layouts) {
    rd_fail(r, "out of memory");
    return;
  }
  p->nprintf = np;
  for (uint32_t i = 0; i < np && !r->failed; i++) {
    p->printf_fmts[i] = get_str(r, "printf format");
    p->printf_layouts[i] = get_str(r, "printf layout");
  }
}

int isa_program_deserialize(const uint8_t *buf, size_t len, isa_program **out, char *err,
                            size_t errlen) {
  *out = NULL;
  if (err && errlen) err[0] = 0;
  ser_rd r = {.p = buf, .len = buf ? len : 0, .err = err, .errlen = errlen};
  if (!rd_need(&r, 8, "magic")) return -1;
  if (memcmp(buf, ISA_SERIAL_MAGIC, 8) != 0) {
    rd_fail(&r, "bad magic (not a wavesim program)");
    return -1;
  }
  r.pos = 8;
  uint32_t version = get_u32(&r, "format version");
  if (!r.failed && version != ISA_SERIAL_VERSION) {
    char msg[96];
    snprintf(msg, sizeof msg, "format version %u, this wavesim reads %u", version,
             (unsigned)ISA_SERIAL_VERSION);
    rd_fail(&r, msg);
    return -1;
  }
  uint32_t nops = get_u32(&r, "opcode count");
  if (!r.failed && nops != ISA_OP_COUNT) {
    rd_fail(&r, "written with a different instruction set (isa.def changed)");
    return -1;
  }
  /* the checksum covers everything before the last 8 bytes */
  if (!r.failed && len >= r.pos + 12) {
    const uint8_t *t = buf + len - 8;
    uint64_t want = 0;
    for (int i = 7; i >= 0; i--) want = want << 8 | t[i];
    if (fnv1a64(buf, len - 8) != want) {
      r.pos = len - 8;
      rd_fail(&r, "checksum mismatch (corrupt data)");
      return -1;
    }
    r.len = len - 8;
  } else {
    rd_need(&r, 12, "kernel count and checksum");
    return -1;
  }
  isa_program *p = calloc(1, sizeof *p);
  if (!p) {
    rd_fail(&r, "out of memory");
    return -1;
  }
  read_program(&r, p);
  uint32_t nk = get_count(&r, 60, "kernel count");
  p->kernels = nk && !r.failed ? calloc(nk, sizeof *p->kernels) : NULL;
  if (nk && !r.failed && !p->kernels) rd_fail(&r, "out of memory");
  if (!r.failed) p->nkernels = nk;
  for (uint32_t i = 0; i < nk && !r.failed; i++) read_kernel(&r, &p->kernels[i]);
  if (!r.failed && r.pos != r.len) rd_fail(&r, "trailing bytes after the last kernel");
  if (r.failed) {
    isa_program_destroy(p);
    return -1;
  }
  *out = p;
  return 0;
}
