/* The backend driver: runs the passes on every kernel, lays out kernel
 * arguments, then instruction selection, register allocation and emission;
 * renders the IR and ISA text for golden tests. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "be_internal.h"

static char *be_strdup(const char *s) {
  s = s ? s : "";
  size_t n = strlen(s) + 1;
  char *d = malloc(n);
  if (d) memcpy(d, s, n);
  return d;
}

/* Growable text for the listings. */
typedef struct be_text {
  char *p;
  size_t n, cap;
} be_text;

static void be_puts(be_text *t, const char *s) {
  size_t l = strlen(s);
  if (t->n + l + 1 > t->cap) {
    t->cap = (t->n + l + 1) * 2;
    char *q = realloc(t->p, t->cap);
    if (!q) abort();
    t->p = q;
  }
  memcpy(t->p + t->n, s, l + 1);
  t->n += l;
}

/* The program-scope __constant data of a module, laid out once. */
typedef struct be_consts {
  uint8_t *bytes;
  uint32_t size;
  uint32_t *offsets;
  uint32_t n;
  const ir_module *m; /* for the printf table */
} be_consts;

/* Kernel argument layout: in order, each aligned to its size (rounded up to
 * a power of two, at most 16); pointers take 8 bytes. */
static int be_layout_args(const ir_function *f, const be_consts *c, isa_kernel *k) {
  k->nargs = f->nparams;
  k->args = calloc(f->nparams ? f->nparams : 1, sizeof(isa_arg));
  uint32_t off = 0;
  for (uint32_t p = 0; p < f->nparams; p++) {
    const ir_param *prm = &f->params[p];
    isa_arg *a = &k->args[p];
    a->name = be_strdup(prm->name);
    a->type_name = be_strdup(prm->type_name);
    uint32_t size;
    if (prm->is_sampler) {
      a->kind = ISA_ARG_SAMPLER;
      size = 8;
    } else if (prm->type.base == IR_T_PTR && !prm->by_value_size) {
      a->kind = prm->type.space == IR_AS_LOCAL    ? ISA_ARG_LOCAL_PTR
                : prm->type.space == IR_AS_CONSTANT ? ISA_ARG_CONST_PTR
                                                    : ISA_ARG_GLOBAL_PTR;
      size = 8;
    } else {
      a->kind = ISA_ARG_VALUE;
      size = prm->by_value_size ? prm->by_value_size : ir_type_bytes(prm->type);
      if (!size) size = 4;
    }
    uint32_t align = 1;
    while (align < size && align < 16) align *= 2;
    off = (off + align - 1) / align * align;
    a->size = size;
    a->align = align;
    a->offset = off;
    off += size;
  }
  /* program-scope __constant data: a hidden 8-byte slot after the user args
   * (not in args[]) that the runtime fills with the blob's device address */
  int uses = 0;
  for (uint32_t i = 0; i < f->ninsts && !uses; i++)
    uses = f->insts[i].block != IR_NONE && f->insts[i].op == IR_CONST_VAR;
  if (uses && c->size) {
    off = (off + 7) & ~7u;
    k->const_arg_offset = off;
    k->const_bytes = c->size;
    k->const_data = malloc(c->size);
    if (k->const_data) memcpy(k->const_data, c->bytes, c->size);
    off += 8;
  }
  int rc = be_printf_layout(f, c->m, k, &off);
  k->kernarg_bytes = (off + 7) & ~7u;
  return rc;
}

/* The program's constant blob: every ir_module.consts entry at its alignment. */
static int be_consts_build(const ir_module *m, be_consts *c) {
  memset(c, 0, sizeof *c);
  c->m = m;
  if (!m->nconsts) return 0;
  c->offsets = calloc(m->nconsts, sizeof(uint32_t));
  uint32_t off = 0;
  for (uint32_t k = 0; k < m->nconsts; k++) {
    uint32_t al = m->consts[k].align ? m->consts[k].align : 4;
    off = (off + al - 1) / al * al;
    c->offsets[k] = off;
    off += m->consts[k].size;
  }
  c->size = (off + 15) & ~15u;
  c->bytes = calloc(c->size ? c->size : 1, 1);
  if (!c->offsets || !c->bytes) return -1;
  for (uint32_t k = 0; k < m->nconsts; k++)
    if (m->consts[k].size) memcpy(c->bytes + c->offsets[k], m->consts[k].bytes, m->consts[k].size);
  c->n = m->nconsts;
  return 0;
}

static int be_kernel(ir_function *f, const fe_target *t, const char *file, const be_consts *c, isa_kernel *k,
                     be_text *irt, be_text *isat, char *err, size_t errlen) {
  if (pass_addr_fold(f, err, errlen) || pass_div_const(f, err, errlen) ||
      pass_simplify(f, err, errlen) || pass_normalize_cfg(f, err, errlen))
    return -1;
  be_func bf;
  memset(&bf, 0, sizeof bf);
  bf.f = f;
  bf.t = t;
  bf.file = file;
  bf.err = err;
  bf.errlen = errlen;
  bf.const_offsets = c->offsets;
  bf.nconsts = c->n;
  if (pass_dom_compute(f, &bf.dom, err, errlen) || pass_uniformity_compute(f, &bf.dom, &bf.uni, err, errlen)) {
    be_func_fini(&bf);
    return -1;
  }
  if (irt) {
    char *s = ir_print_function(f);
    if (s) be_puts(irt, s);
    free(s);
  }
  k->name = be_strdup(f->name);
  k->source_file = be_strdup(file);
  memcpy(k->reqd_wg_size, f->reqd_wg_size, sizeof k->reqd_wg_size);
  k->attributes = be_strdup(f->attributes);
  int rc = be_layout_args(f, c, k);
  if (rc) snprintf(err, errlen, "%s: out of memory laying out kernel '%s'", file, k->name);
  if (!rc) rc = be_isel(&bf, k);
  if (!rc) be_coalesce(&bf);
  if (!rc) be_lds_widen(&bf);
  if (!rc) be_schedule(&bf);
  if (!rc) rc = be_regalloc(&bf, k);
#ifndef NDEBUG
  if (!rc) {
    char msg[256];
    if (be_regalloc_verify(&bf, msg, sizeof msg)) {
      snprintf(err, errlen, "%s: internal compiler error in kernel '%s': register allocation: %s (please report)",
               file, k->name, msg);
      rc = -1;
    }
  }
#endif
  if (!rc) rc = be_emit_kernel(&bf, k);
  if (!rc) be_predicate(k);
  k->lds_bytes = bf.lds_bytes;
  k->private_bytes = (bf.private_bytes + 3) & ~3u;
  if (!rc && isat) {
    char line[256];
    snprintf(line, sizeof line, "kernel %s: vgprs %u sgprs %u lds %u private %u kernarg %u\n", k->name, k->nvgprs,
             k->nsgprs, k->lds_bytes, k->private_bytes, k->kernarg_bytes);
    be_puts(isat, line);
    if (k->const_bytes) {
      snprintf(line, sizeof line, "  constant data %u bytes, address at kernarg offset %u\n", k->const_bytes,
               k->const_arg_offset);
      be_puts(isat, line);
    }
    for (uint32_t a = 0; a < k->nargs; a++) {
      snprintf(line, sizeof line, "  arg %u %s: kind %u size %u offset %u align %u\n", a, k->args[a].name,
               k->args[a].kind, k->args[a].size, k->args[a].offset, k->args[a].align);
      be_puts(isat, line);
    }
    for (uint32_t i = 0; i < k->ncode; i++) {
      char dis[160];
      isa_disasm(&k->code[i], dis, sizeof dis);
      snprintf(line, sizeof line, "%4u  %s\n", i, dis);
      be_puts(isat, line);
    }
  }
  be_func_fini(&bf);
  return rc;
}

int be_compile_dump(ir_module *m, const fe_target *t, isa_program **out, char **ir_text, char **isa_text, char *err,
                    size_t errlen) {
  if (out) *out = NULL;
  if (ir_text) *ir_text = NULL;
  if (isa_text) *isa_text = NULL;
  if (errlen) err[0] = 0;
  if (pass_inline(m, err, errlen)) return -1;
  const char *file = m->source_file ? m->source_file : "<source>";
  isa_program *p = calloc(1, sizeof *p);
  p->kernels = calloc(m->nfns ? m->nfns : 1, sizeof(isa_kernel));
  be_text irt = {0}, isat = {0};
  be_consts consts;
  int rc = be_consts_build(m, &consts);
  if (rc) snprintf(err, errlen, "%s: out of memory laying out __constant data", file);
  for (uint32_t i = 0; i < m->nfns && !rc; i++) {
    if (!m->fns[i].is_kernel) continue;
    rc = be_kernel(&m->fns[i], t, file, &consts, &p->kernels[p->nkernels], ir_text ? &irt : NULL,
                   isa_text ? &isat : NULL, err, errlen);
    p->nkernels++;
  }
  free(consts.bytes);
  free(consts.offsets);
  if (rc) {
    isa_program_destroy(p);
    free(irt.p);
    free(isat.p);
    return -1;
  }
  if (ir_text) *ir_text = irt.p ? irt.p : be_strdup("");
  else free(irt.p);
  if (isa_text) *isa_text = isat.p ? isat.p : be_strdup("");
  else free(isat.p);
  if (out)
    *out = p;
  else
    isa_program_destroy(p);
  return 0;
}

int be_compile(ir_module *m, const fe_target *t, isa_program **out, char *err, size_t errlen) {
  return be_compile_dump(m, t, out, NULL, NULL, err, errlen);
}
