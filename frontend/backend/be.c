/* The backend driver: runs the passes on every kernel, lays out kernel
 * arguments, then instruction selection, register allocation and emission;
 * renders the IR and ISA text for golden tests. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "be_internal.h"

static char *be_strdup(fe_oom *o, const char *s) {
  return fe_xstrdup(o, s ? s : "");
}

/* Growable text for the listings. */
typedef struct be_text {
  char *p;
  size_t n, cap;
  fe_oom *oom;
} be_text;

static void be_puts(be_text *t, const char *s) {
  size_t l = strlen(s);
  if (t->n + l + 1 > t->cap) {
    size_t cap = (t->n + l + 1) * 2;
    t->p = fe_xrealloc(t->oom, t->p, cap);
    t->cap = cap;
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
  uint32_t *relocs; /* blob offsets of pointers (isa_kernel.const_relocs) */
  uint32_t nrelocs;
  const ir_module *m; /* for the printf table */
} be_consts;

/* Kernel argument layout: in order, each aligned to its size (rounded up to
 * a power of two, at most 16); pointers take 8 bytes. */
static int be_layout_args(const ir_function *f, const be_consts *c, isa_kernel *k) {
  k->args = fe_xcalloc(f->oom, f->nparams ? f->nparams : 1, sizeof(isa_arg));
  k->nargs = f->nparams;
  uint32_t off = 0;
  for (uint32_t p = 0; p < f->nparams; p++) {
    const ir_param *prm = &f->params[p];
    isa_arg *a = &k->args[p];
    a->name = be_strdup(f->oom, prm->name);
    a->type_name = be_strdup(f->oom, prm->type_name);
    uint32_t size;
    a->access = prm->access;
    if (prm->is_sampler || prm->is_image) {
      a->kind = prm->is_image ? ISA_ARG_IMAGE : ISA_ARG_SAMPLER;
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
    k->const_data = fe_xmalloc(f->oom, c->size);
    memcpy(k->const_data, c->bytes, c->size);
    if (c->nrelocs) {
      k->const_relocs = fe_xmalloc(f->oom, c->nrelocs * sizeof(uint32_t));
      memcpy(k->const_relocs, c->relocs, c->nrelocs * sizeof(uint32_t));
      k->nconst_relocs = c->nrelocs;
    }
    off += 8;
  }
  int rc = be_printf_layout(f, c->m, k, &off);
  k->kernarg_bytes = (off + 7) & ~7u;
  return rc;
}

/* The program's constant blob: every ir_module.consts entry at its alignment. */
static int be_consts_build(const ir_module *m, be_consts *c, fe_oom *o) {
  c->m = m;
  if (!m->nconsts) return 0;
  c->offsets = fe_xcalloc(o, m->nconsts, sizeof(uint32_t)); /* c's owner frees */
  uint32_t off = 0;
  for (uint32_t k = 0; k < m->nconsts; k++) {
    uint32_t al = m->consts[k].align ? m->consts[k].align : 4;
    off = (off + al - 1) / al * al;
    c->offsets[k] = off;
    off += m->consts[k].size;
  }
  c->size = (off + 15) & ~15u;
  c->bytes = fe_xcalloc(o, c->size ? c->size : 1, 1);
  if (!c->offsets || !c->bytes) return -1; /* only with no fe_oom */
  for (uint32_t k = 0; k < m->nconsts; k++)
    if (m->consts[k].size) memcpy(c->bytes + c->offsets[k], m->consts[k].bytes, m->consts[k].size);
  /* pointers between variables: blob-relative now, the runtime adds the
   * blob's device address (the reader checked target and slot bounds) */
  uint32_t nr = 0;
  for (uint32_t k = 0; k < m->nconsts; k++) nr += m->consts[k].nrelocs;
  if (nr) {
    c->relocs = fe_xcalloc(o, nr, sizeof(uint32_t));
    if (!c->relocs) return -1;
  }
  for (uint32_t k = 0; k < m->nconsts; k++)
    for (uint32_t q = 0; q < m->consts[k].nrelocs; q++) {
      const ir_const_reloc *rl = &m->consts[k].relocs[q];
      uint32_t at = c->offsets[k] + rl->at;
      uint64_t v = (uint64_t)c->offsets[rl->target] + (uint64_t)rl->addend;
      for (int b = 0; b < 8; b++) c->bytes[at + b] = (uint8_t)(v >> (8 * b));
      c->relocs[c->nrelocs++] = at;
    }
  c->n = m->nconsts;
  return 0;
}

/* Whether kernel f takes image or sampler arguments or accesses images;
 * *line: the first image access's source line (else the first line known). */
static int be_uses_images(const ir_function *f, uint32_t *line) {
  int uses = 0;
  for (uint32_t p = 0; p < f->nparams; p++)
    uses |= f->params[p].is_image || f->params[p].is_sampler;
  uint32_t first = 0;
  for (uint32_t i = 0; i < f->ninsts; i++) {
    const ir_inst *in = &f->insts[i];
    if (in->block == IR_NONE) continue;
    if (!first && in->line) first = in->line;
    int image = in->op == IR_IMAGE_LOAD || in->op == IR_IMAGE_SAMPLE || in->op == IR_IMAGE_CHAN ||
                in->op == IR_IMAGE_STORE || in->op == IR_IMAGE_QUERY;
    if (image) {
      uses = 1;
      if (in->line) {
        *line = in->line;
        return 1;
      }
    }
  }
  *line = first;
  return uses;
}

static void be_func_unwind(void *bf) {
  be_func_fini(bf);
}

static int be_kernel(ir_function *f, const fe_target *t, const char *file, const be_consts *c, isa_kernel *k,
                     be_text *irt, be_text *isat, char *err, size_t errlen) {
  fe_oom *o = f->oom;
  o->kernel = f->name;
  uint32_t img_line = 0;
  if (t && !t->images && be_uses_images(f, &img_line)) {
    snprintf(err, errlen,
             "%s:%u: error: kernel '%s' uses images or samplers, but the device has no image support "
             "(CL_DEVICE_IMAGE_SUPPORT is false: config key image.support); use a device config with "
             "image.support: true",
             file, img_line, f->name);
    return -1;
  }
  o->phase = "optimization passes";
  if (pass_generic(f, err, errlen) || pass_addr_fold(f, err, errlen) ||
      pass_div_const(f, err, errlen) || pass_simplify(f, err, errlen) ||
      pass_normalize_cfg(f, err, errlen))
    return -1;
  be_func bf;
  memset(&bf, 0, sizeof bf);
  uint32_t mark = fe_oom_push(o, be_func_unwind, &bf);
  bf.f = f;
  bf.t = t;
  bf.file = file;
  bf.err = err;
  bf.errlen = errlen;
  bf.const_offsets = c->offsets;
  bf.nconsts = c->n;
  o->phase = "control-flow analysis";
  if (pass_dom_compute(f, &bf.dom, err, errlen) || pass_uniformity_compute(f, &bf.dom, &bf.uni, err, errlen)) {
    fe_oom_pop(o, mark);
    be_func_fini(&bf);
    return -1;
  }
  if (irt) {
    char *s = ir_print_function(f);
    if (!s) fe_oom_raise(o);
    uint32_t m2 = fe_oom_keep(o, &s);
    be_puts(irt, s);
    fe_oom_pop(o, m2);
    free(s);
  }
  o->phase = "kernel layout";
  k->name = be_strdup(o, f->name);
  k->source_file = be_strdup(o, file);
  memcpy(k->reqd_wg_size, f->reqd_wg_size, sizeof k->reqd_wg_size);
  k->attributes = f->attributes ? be_strdup(o, f->attributes) : NULL;
  int rc = be_layout_args(f, c, k);
  if (rc) snprintf(err, errlen, "%s: out of memory laying out kernel '%s'", file, k->name);
  o->phase = "instruction selection";
  if (!rc) rc = be_isel(&bf, k);
  o->phase = "scheduling";
  if (!rc) be_coalesce(&bf);
  if (!rc) be_lds_widen(&bf);
  if (!rc) be_schedule(&bf);
  o->phase = "register allocation";
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
  o->phase = "code emission";
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
  fe_oom_pop(o, mark);
  be_func_fini(&bf);
  return rc;
}

/* What one backend run owns while it may unwind (be_compile_dump). */
typedef struct be_run {
  ir_module *m;
  const fe_target *t;
  int want_ir, want_isa;
  char *err;
  size_t errlen;
  isa_program *p;
  be_text irt, isat;
  be_consts consts;
  fe_oom oom;
} be_run;

static void be_run_free(be_run *r) {
  if (r->p) isa_program_destroy(r->p);
  r->p = NULL;
  free(r->irt.p);
  free(r->isat.p);
  r->irt.p = r->isat.p = NULL;
  free(r->consts.bytes);
  free(r->consts.offsets);
  free(r->consts.relocs);
  r->consts.bytes = NULL;
  r->consts.offsets = NULL;
  r->consts.relocs = NULL;
}

static void be_run_unwind(void *r) {
  be_run_free(r);
}

/* The passes and the backend over every kernel; -1 with r->err set. */
static int be_run_kernels(be_run *r) {
  ir_module *m = r->m;
  fe_oom *o = &r->oom;
  fe_oom_push(o, be_run_unwind, r);
  o->phase = "inlining";
  if (pass_inline(m, r->err, r->errlen)) return -1;
  const char *file = m->source_file ? m->source_file : "<source>";
  r->p = fe_xcalloc(o, 1, sizeof *r->p);
  r->p->kernels = fe_xcalloc(o, m->nfns ? m->nfns : 1, sizeof(isa_kernel));
  o->phase = "laying out __constant data";
  int rc = be_consts_build(m, &r->consts, o);
  if (rc) snprintf(r->err, r->errlen, "%s: out of memory laying out __constant data", file);
  for (uint32_t i = 0; i < m->nfns && !rc; i++) {
    if (!m->fns[i].is_kernel) continue;
    /* counted first, so that an unwind frees what the kernel got so far */
    isa_kernel *k = &r->p->kernels[r->p->nkernels++];
    rc = be_kernel(&m->fns[i], r->t, file, &r->consts, k, r->want_ir ? &r->irt : NULL,
                   r->want_isa ? &r->isat : NULL, r->err, r->errlen);
  }
  return rc;
}

/* be_run_kernels with r->oom armed: -1 after an allocation failure (the
 * registered cleanups, be_run_free among them, have run). Kept apart so
 * that no local of the function calling setjmp changes before a longjmp. */
static int be_run_armed(be_run *r, int *unwound) {
  jmp_buf at;
  if (setjmp(at)) {
    *unwound = 1;
    return -1;
  }
  r->oom.at = &at;
  int rc = be_run_kernels(r);
  r->oom.at = NULL;
  fe_oom_pop(&r->oom, 0);
  return rc;
}

int be_compile_dump(ir_module *m, const fe_target *t, isa_program **out, char **ir_text, char **isa_text, char *err,
                    size_t errlen) {
  if (out) *out = NULL;
  if (ir_text) *ir_text = NULL;
  if (isa_text) *isa_text = NULL;
  if (errlen) err[0] = 0;
  be_run r;
  memset(&r, 0, sizeof r);
  r.m = m;
  r.t = t;
  r.want_ir = ir_text != NULL;
  r.want_isa = isa_text != NULL;
  r.err = err;
  r.errlen = errlen;
  r.irt.oom = r.isat.oom = &r.oom;
  for (uint32_t i = 0; i < m->nfns; i++) m->fns[i].oom = &r.oom;
  int unwound = 0;
  int rc = be_run_armed(&r, &unwound);
  for (uint32_t i = 0; i < m->nfns; i++) m->fns[i].oom = NULL; /* r.oom dies with this frame */
  if (unwound) {
    char msg[512];
    fe_oom_message(&r.oom, msg, sizeof msg);
    snprintf(err, errlen, "error: %s", msg);
  }
  if (rc) {
    be_run_free(&r);
    return -1;
  }
  free(r.consts.bytes);
  free(r.consts.offsets);
  free(r.consts.relocs);
  /* "" when nothing was printed: a failed strdup leaves NULL, and the
   * caller's NULL check reports it */
  if (ir_text)
    *ir_text = r.irt.p ? r.irt.p : strdup("");
  else
    free(r.irt.p);
  if (isa_text)
    *isa_text = r.isat.p ? r.isat.p : strdup("");
  else
    free(r.isat.p);
  if (out)
    *out = r.p;
  else
    isa_program_destroy(r.p);
  return 0;
}

int be_compile(ir_module *m, const fe_target *t, isa_program **out, char *err, size_t errlen) {
  return be_compile_dump(m, t, out, NULL, NULL, err, errlen);
}
