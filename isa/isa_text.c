/* Text forms of instructions: the disassembler, the one-line parser that reads
 * exactly what it prints, and the listing assembler with labels. Operand
 * shapes come from isa_ops[].kind; there is no per-opcode code here. */
#include <ctype.h>
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "isa.h"

/* ---- disassembly ---------------------------------------------------------- */
typedef struct strbuf {
  char *p;
  size_t len, pos; /* pos counts what would have been written */
} strbuf;

static void sb_printf(strbuf *b, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  size_t room = b->pos < b->len ? b->len - b->pos : 0;
  int k = vsnprintf(room ? b->p + b->pos : NULL, room, fmt, ap);
  va_end(ap);
  if (k > 0) b->pos += (size_t)k;
}

static void print_operand(strbuf *b, const isa_operand *o, unsigned width) {
  char f = o->file == ISA_RF_V ? 'v' : 's';
  if (o->file == ISA_RF_IMM) {
    if (o->imm < 10)
      sb_printf(b, "%llu", (unsigned long long)o->imm);
    else
      sb_printf(b, "0x%llx", (unsigned long long)o->imm);
  } else if (width <= 1) {
    sb_printf(b, "%c%u", f, o->reg);
  } else {
    sb_printf(b, "%c[%u:%u]", f, o->reg, o->reg + width - 1);
  }
}

/* The sync modifier's text (isa.h): "sync:ORDER.SCOPE", ORDER one of rlx,
 * acq, rel, ar (acq_rel or seq_cst), SCOPE an ISA_SCOPES name. */
static const char *const sync_orders[4] = {"rlx", "acq", "rel", "ar"};
#define ISA_SCOPE_TEXT(name, text) text,
static const char *const sync_scopes[ISA_SCOPE_COUNT] = {"?", ISA_SCOPES(ISA_SCOPE_TEXT)};
#undef ISA_SCOPE_TEXT

static int parse_sync(const char *t, uint8_t *sync) {
  const char *dot = strchr(t, '.');
  if (!dot) return -1;
  for (unsigned o = 0; o < 4; o++) {
    size_t n = strlen(sync_orders[o]);
    if ((size_t)(dot - t) != n || strncmp(t, sync_orders[o], n) != 0) continue;
    for (unsigned sc = 1; sc < ISA_SCOPE_COUNT; sc++)
      if (strcmp(dot + 1, sync_scopes[sc]) == 0) return *sync = ISA_SYNC(o, sc), 0;
  }
  return -1;
}

size_t isa_disasm(const isa_inst *in, char *buf, size_t len) {
  strbuf b = {buf, len, 0};
  if (len) buf[0] = 0;
  if (in->op >= ISA_OP_COUNT) {
    sb_printf(&b, "<bad opcode %u>", in->op);
    return b.pos;
  }
  isa_opcode op = (isa_opcode)in->op;
  sb_printf(&b, "%s", isa_ops[op].name);
  const char *sep = " ";
  for (unsigned k = 0; k < 4; k++) {
    const isa_operand *o = k == 0 ? &in->dst : &in->src[k - 1];
    if (isa_ops[op].kind[k] == ISA_OK_N || o->file == ISA_RF_NONE) continue;
    sb_printf(&b, "%s", sep);
    print_operand(&b, o, isa_operand_width(op, k));
    sep = ", ";
  }
  if (in->offset != 0) {
    sb_printf(&b, "%soffset:%d", sep, in->offset);
    sep = ", ";
  }
  if (in->sync) {
    isa_scope sc = ISA_SYNC_SCOPE_OF(in->sync);
    sb_printf(&b, "%ssync:%s.%s", sep, sync_orders[in->sync & 3u],
              sc < ISA_SCOPE_COUNT ? sync_scopes[sc] : "?");
    sep = ", ";
  }
  for (unsigned t = 0; t < isa_num_targets(op); t++) {
    sb_printf(&b, "%s@%u", sep, in->target[t]);
    sep = ", ";
  }
  return b.pos;
}

/* ---- parsing --------------------------------------------------------------- */
typedef struct label {
  const char *name;
  size_t len;
  uint32_t index;
} label;

typedef struct labels {
  label *v;
  uint32_t n;
} labels;

static int perr(char *err, size_t errlen, const char *fmt, ...) {
  if (err && errlen) {
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(err, errlen, fmt, ap);
    va_end(ap);
  }
  return -1;
}

static const char *skip_ws(const char *p) {
  while (*p == ' ' || *p == '\t') p++;
  return p;
}

static int is_ident_start(int c) {
  return isalpha(c) || c == '_' || c == '.';
}
static int is_ident(int c) {
  return isalnum(c) || c == '_' || c == '.';
}

/* Unsigned or negative integer (decimal or 0x hex), or a float with an 'f'
 * suffix for 32-bit literals. `tok` is NUL-terminated and trimmed. */
static int parse_literal(const char *tok, unsigned width, uint64_t *out) {
  size_t n = strlen(tok);
  if (n == 0) return -1;
  char *end;
  int is_hex = (tok[0] == '0' && (tok[1] == 'x' || tok[1] == 'X'));
  if (!is_hex && n > 1 && (tok[n - 1] == 'f' || tok[n - 1] == 'F') && strpbrk(tok, ".eE")) {
    if (width != 1) return -1; /* no 64-bit float operations take literals */
    errno = 0;
    float f = strtof(tok, &end);
    if (end != tok + n - 1 || errno) return -1;
    uint32_t bits;
    memcpy(&bits, &f, 4);
    *out = bits;
    return 0;
  }
  errno = 0;
  if (tok[0] == '-') {
    long long v = strtoll(tok, &end, 0);
    if (*end || errno || end == tok + 1) return -1;
    if (width == 1 && v < INT32_MIN) return -1;
    *out = width == 1 ? (uint32_t)(int32_t)v : (uint64_t)v;
    return 0;
  }
  if (!isdigit((unsigned char)tok[0])) return -1;
  unsigned long long v = strtoull(tok, &end, 0);
  if (*end || errno) return -1;
  if (width == 1 && v > UINT32_MAX) return -1;
  *out = v;
  return 0;
}

static int parse_uint(const char *p, const char **end, unsigned long *v) {
  if (!isdigit((unsigned char)*p)) return -1;
  char *e;
  errno = 0;
  *v = strtoul(p, &e, 10);
  if (errno) return -1;
  *end = e;
  return 0;
}

/* A register operand: vN, sN, v[a:b], s[a:b]. Returns 1 if tok looks like a
 * register (even a malformed one, reported in err), 0 if not a register. */
static int parse_register(const char *tok, isa_operand *o, unsigned *width, char *err,
                          size_t errlen, int *bad) {
  *bad = 0;
  if (tok[0] != 'v' && tok[0] != 's') return 0;
  if (!isdigit((unsigned char)tok[1]) && tok[1] != '[') return 0;
  o->file = tok[0] == 'v' ? ISA_RF_V : ISA_RF_S;
  unsigned long lo, hi;
  const char *p = tok + 1, *e;
  if (*p == '[') {
    if (parse_uint(p + 1, &e, &lo) || *e != ':' || parse_uint(e + 1, &e, &hi) || *e != ']' ||
        e[1] != 0 || hi < lo) {
      *bad = 1;
      perr(err, errlen, "malformed register tuple '%s' (write %c[first:last])", tok, tok[0]);
      return 1;
    }
  } else {
    if (parse_uint(p, &e, &lo) || *e) {
      *bad = 1;
      perr(err, errlen, "malformed register '%s'", tok);
      return 1;
    }
    hi = lo;
  }
  unsigned long max = o->file == ISA_RF_V ? ISA_MAX_VGPRS : ISA_MAX_SGPRS;
  if (hi >= max) {
    *bad = 1;
    perr(err, errlen, "register '%s' out of range (%c0..%c%lu)", tok, tok[0], tok[0], max - 1);
    return 1;
  }
  o->reg = (uint16_t)lo;
  *width = (unsigned)(hi - lo + 1);
  return 1;
}

static const char *kind_desc(uint8_t kind) {
  switch (kind) {
  case ISA_OK_V:
    return "a VGPR";
  case ISA_OK_V2:
    return "a VGPR pair v[n:n+1]";
  case ISA_OK_V4:
    return "a VGPR quad v[n:n+3]";
  case ISA_OK_D:
    return "VGPR data";
  case ISA_OK_S:
    return "an SGPR";
  case ISA_OK_S2:
    return "an SGPR pair s[n:n+1]";
  case ISA_OK_A:
    return "a VGPR, SGPR or 32-bit literal";
  case ISA_OK_A2:
    return "a VGPR pair, SGPR pair or 64-bit literal";
  case ISA_OK_B:
    return "an SGPR or 32-bit literal";
  case ISA_OK_B2:
    return "an SGPR pair or 64-bit literal";
  default:
    return "nothing";
  }
}

static int parse_operand(const char *name, isa_opcode op, unsigned k, const char *tok,
                         isa_operand *o, char *err, size_t errlen) {
  uint8_t kind = isa_ops[op].kind[k];
  unsigned want = isa_operand_width(op, k), got = 0;
  int bad;
  char sub[160];
  if (parse_register(tok, o, &got, sub, sizeof sub, &bad)) {
    if (bad) return perr(err, errlen, "%s: operand %u: %s", name, k + 1, sub);
    if (got != want)
      return perr(err, errlen, "%s: operand %u '%s': expected %s", name, k + 1, tok,
                  kind_desc(kind));
    return 0;
  }
  if (parse_literal(tok, want, &o->imm) == 0) {
    o->file = ISA_RF_IMM;
    return 0;
  }
  return perr(err, errlen, "%s: operand %u '%s': expected %s", name, k + 1, tok, kind_desc(kind));
}

static int parse_target(const char *name, const char *tok, const labels *lb, uint32_t *out,
                        char *err, size_t errlen) {
  if (tok[0] == '@') {
    const char *e;
    unsigned long v;
    if (parse_uint(tok + 1, &e, &v) || *e || v >= ISA_NO_PC)
      return perr(err, errlen, "%s: bad branch target '%s' (write @index or a label)", name, tok);
    *out = (uint32_t)v;
    return 0;
  }
  if (!is_ident_start((unsigned char)tok[0]))
    return perr(err, errlen, "%s: bad branch target '%s' (write @index or a label)", name, tok);
  size_t n = strlen(tok);
  for (uint32_t i = 0; lb && i < lb->n; i++)
    if (lb->v[i].len == n && memcmp(lb->v[i].name, tok, n) == 0) {
      *out = lb->v[i].index;
      return 0;
    }
  return perr(err, errlen, "%s: unknown label '%s'", name, tok);
}

static const char *next_token(const char *p, char *tok, size_t toklen, int *toolong) {
  p = skip_ws(p);
  size_t n = 0;
  while (*p && *p != ',') {
    if (n + 1 < toklen)
      tok[n++] = *p;
    else
      *toolong = 1;
    p++;
  }
  while (n && (tok[n - 1] == ' ' || tok[n - 1] == '\t')) n--;
  tok[n] = 0;
  return p;
}

static int parse_inst(const char *text, isa_inst *out, const labels *lb, char *err, size_t errlen) {
  const char *p = skip_ws(text);
  char name[64];
  size_t n = 0;
  while (*p && !isspace((unsigned char)*p) && *p != ',') {
    if (n + 1 >= sizeof name) return perr(err, errlen, "mnemonic too long");
    name[n++] = *p++;
  }
  name[n] = 0;
  if (n == 0) return perr(err, errlen, "expected an instruction");
  int opi = -1;
  for (int i = 0; i < ISA_OP_COUNT; i++)
    if (strcmp(isa_ops[i].name, name) == 0) {
      opi = i;
      break;
    }
  if (opi < 0) return perr(err, errlen, "unknown mnemonic '%s'", name);
  isa_opcode op = (isa_opcode)opi;

  /* split the rest at commas */
  char toks[8][96];
  unsigned ntok = 0;
  p = skip_ws(p);
  while (*p) {
    if (ntok == 8) return perr(err, errlen, "%s: too many operands", name);
    int toolong = 0;
    p = next_token(p, toks[ntok], sizeof toks[ntok], &toolong);
    if (toolong) return perr(err, errlen, "%s: operand %u is too long", name, ntok + 1);
    if (!toks[ntok][0]) return perr(err, errlen, "%s: empty operand %u", name, ntok + 1);
    ntok++;
    if (*p == ',') {
      p++;
      if (!*skip_ws(p)) return perr(err, errlen, "%s: trailing ','", name);
    }
  }

  isa_inst in = {0};
  in.op = (uint16_t)op;
  for (unsigned t = 0; t < 3; t++) in.target[t] = ISA_NO_PC;
  unsigned nops = 0, nt = isa_num_targets(op);
  for (unsigned k = 0; k < 4; k++) nops += isa_ops[op].kind[k] != ISA_OK_N;
  int mem = (isa_ops[op].flags & ISA_F_MEM) != 0;
  unsigned ti = 0;
  for (unsigned k = 0; k < 4; k++) {
    if (isa_ops[op].kind[k] == ISA_OK_N) continue;
    if (ti >= ntok)
      return perr(err, errlen, "%s: expected %u operand%s, got %u", name, nops,
                  nops == 1 ? "" : "s", ntok);
    isa_operand *o = k == 0 ? &in.dst : &in.src[k - 1];
    if (parse_operand(name, op, k, toks[ti], o, err, errlen)) return -1;
    ti++;
  }
  if (ti < ntok && strncmp(toks[ti], "offset:", 7) == 0) {
    if (!mem) return perr(err, errlen, "%s: only memory instructions take an offset", name);
    char *e;
    errno = 0;
    long v = strtol(toks[ti] + 7, &e, 0);
    if (*e || e == toks[ti] + 7 || errno || v < INT32_MIN || v > INT32_MAX)
      return perr(err, errlen, "%s: bad offset '%s'", name, toks[ti]);
    in.offset = (int32_t)v;
    ti++;
  }
  if (ti < ntok && strncmp(toks[ti], "sync:", 5) == 0) {
    if (parse_sync(toks[ti] + 5, &in.sync))
      return perr(err, errlen,
                  "%s: bad sync modifier '%s' (sync:ORDER.SCOPE, ORDER rlx, acq, rel or ar, "
                  "SCOPE wi, sg, wg, dev or all)",
                  name, toks[ti]);
    ti++;
  }
  for (unsigned t = 0; t < nt; t++) {
    if (ti >= ntok)
      return perr(err, errlen, "%s: expected %u branch target%s", name, nt, nt > 1 ? "s" : "");
    if (parse_target(name, toks[ti], lb, &in.target[t], err, errlen)) return -1;
    ti++;
  }
  if (ti < ntok)
    return perr(err, errlen, "%s: unexpected operand '%s' (takes %u operand%s%s)", name, toks[ti],
                nops, nops == 1 ? "" : "s", nt ? " and branch targets" : "");
  if (isa_inst_check(&in, err, errlen)) return -1;
  *out = in;
  return 0;
}

int isa_parse_inst(const char *text, isa_inst *out, char *err, size_t errlen) {
  return parse_inst(text, out, NULL, err, errlen);
}

/* ---- assembling a listing ---------------------------------------------------- */
/* One line split into an optional label and an optional instruction, with the
 * comment removed. */
typedef struct line_parts {
  const char *label;
  size_t label_len;
  char inst[256];
} line_parts;

static int split_line(const char *line, size_t len, line_parts *lp) {
  char buf[512];
  if (len >= sizeof buf) return -1;
  memcpy(buf, line, len);
  buf[len] = 0;
  char *c = strchr(buf, ';');
  if (c) *c = 0;
  const char *p = skip_ws(buf);
  lp->label = NULL;
  lp->label_len = 0;
  if (is_ident_start((unsigned char)*p)) {
    const char *q = p;
    while (is_ident((unsigned char)*q)) q++;
    if (*q == ':') {
      lp->label = line + (p - buf);
      lp->label_len = (size_t)(q - p);
      p = skip_ws(q + 1);
    }
  }
  size_t n = strlen(p);
  while (n && isspace((unsigned char)p[n - 1])) n--;
  if (n >= sizeof lp->inst) return -1;
  memcpy(lp->inst, p, n);
  lp->inst[n] = 0;
  return 0;
}

int isa_assemble(const char *text, isa_inst **code, uint32_t *ncode, char *err, size_t errlen) {
  *code = NULL;
  *ncode = 0;
  labels lb = {NULL, 0};
  uint32_t cap_labels = 0, count = 0;
  line_parts lp;
  char sub[256];
  /* pass 1: labels and instruction count */
  unsigned lineno = 1;
  for (const char *l = text; *l; lineno++) {
    const char *e = strchr(l, '\n');
    size_t len = e ? (size_t)(e - l) : strlen(l);
    if (split_line(l, len, &lp)) {
      free(lb.v);
      return perr(err, errlen, "line %u: line too long", lineno);
    }
    if (lp.label) {
      for (uint32_t i = 0; i < lb.n; i++)
        if (lb.v[i].len == lp.label_len && memcmp(lb.v[i].name, lp.label, lp.label_len) == 0) {
          free(lb.v);
          return perr(err, errlen, "line %u: label '%.*s' defined twice", lineno, (int)lp.label_len,
                      lp.label);
        }
      if (lb.n == cap_labels) {
        cap_labels = cap_labels ? cap_labels * 2 : 16;
        label *nv = realloc(lb.v, cap_labels * sizeof *nv);
        if (!nv) {
          free(lb.v);
          return perr(err, errlen, "out of memory");
        }
        lb.v = nv;
      }
      lb.v[lb.n++] = (label){lp.label, lp.label_len, count};
    }
    if (lp.inst[0]) count++;
    l = e ? e + 1 : l + len;
  }
  isa_inst *out = calloc(count ? count : 1, sizeof *out);
  if (!out) {
    free(lb.v);
    return perr(err, errlen, "out of memory");
  }
  /* pass 2: instructions with labels resolved */
  uint32_t k = 0;
  lineno = 1;
  for (const char *l = text; *l; lineno++) {
    const char *e = strchr(l, '\n');
    size_t len = e ? (size_t)(e - l) : strlen(l);
    split_line(l, len, &lp);
    if (lp.inst[0]) {
      if (parse_inst(lp.inst, &out[k], &lb, sub, sizeof sub)) {
        free(out);
        free(lb.v);
        return perr(err, errlen, "line %u: %s", lineno, sub);
      }
      k++;
    }
    l = e ? e + 1 : l + len;
  }
  free(lb.v);
  *code = out;
  *ncode = count;
  return 0;
}
