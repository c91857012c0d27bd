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

/* Where a module's program-scope variables went: each in its space's
 * program-level segment (isa_program.segs), laid out once per module. */
typedef struct be_consts {
  uint32_t *offsets; /* byte offset of ir_module.consts[k] in its segment */
  uint8_t *segs;     /* isa_segkind of ir_module.consts[k] */
  uint32_t n;
  const ir_module *m;
} be_consts;

/* Appends hidden argument `kind` in an 8-byte-aligned kernarg slot at *off. */
static void be_hidden_add(isa_kernel *k, isa_hidden_kind kind, uint32_t *off) {
  *off = (*off + 7) & ~7u;
  k->hidden[k->nhidden++] = (isa_hidden_arg){(uint8_t)kind, *off};
  *off += isa_hidden_bytes(kind);
}

/* Kernel argument layout: in order, each aligned to its size (rounded up to
 * a power of two, at most 16); pointers take 8 bytes. Then the hidden
 * arguments the kernel uses, in ISA_HIDDEN_KINDS order. */
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
  /* the segments whose variables the kernel names, and printf */
  int uses[ISA_HIDDEN_COUNT] = {0};
  for (uint32_t i = 0; i < f->ninsts; i++) {
    const ir_inst *in = &f->insts[i];
    if (in->block == IR_NONE) continue;
    if (in->op == IR_CONST_VAR && in->aux < c->n) uses[be_seg_hidden(c->segs[in->aux])] = 1;
    if (in->op == IR_PRINTF_BUF && c->m->nprintf) uses[ISA_HIDDEN_PRINTF_BUFFER] = 1;
  }
  k->hidden = fe_xcalloc(f->oom, ISA_HIDDEN_COUNT, sizeof(isa_hidden_arg));
  if (!k->hidden) return -1; /* only with no fe_oom */
  for (int h = 0; h < ISA_HIDDEN_COUNT; h++)
    if (uses[h]) be_hidden_add(k, (isa_hidden_kind)h, &off);
  k->kernarg_bytes = (off + 7) & ~7u;
  return 0;
}

/* The program's segments (into p->segs): every ir_module.consts entry at its
 * alignment in its space's segment, and the printf sites (into p). */
static int be_consts_build(const ir_module *m, be_consts *c, isa_program *p, fe_oom *o) {
  c->m = m;
  if (m->nprintf) {
    p->printf_fmts = fe_xcalloc(o, m->nprintf, sizeof(char *)); /* p's owner frees */
    p->printf_layouts = fe_xcalloc(o, m->nprintf, sizeof(char *));
    if (!p->printf_fmts || !p->printf_layouts) return -1; /* only with no fe_oom */
    p->nprintf = m->nprintf;
    for (uint32_t i = 0; i < m->nprintf; i++) {
      p->printf_fmts[i] = fe_xstrdup(o, m->printf_fmts[i]);
      p->printf_layouts[i] = fe_xstrdup(o, m->printf_layouts[i]);
      if (!p->printf_fmts[i] || !p->printf_layouts[i]) return -1;
    }
  }
  if (!m->nconsts) return 0;
  c->offsets = fe_xcalloc(o, m->nconsts, sizeof(uint32_t)); /* c's owner frees */
  c->segs = fe_xcalloc(o, m->nconsts, 1);
  if (!c->offsets || !c->segs) return -1;
  uint32_t off[ISA_NSEGS] = {0}, nrel[ISA_NSEGS] = {0};
  for (uint32_t k = 0; k < m->nconsts; k++) {
    uint8_t sg = m->consts[k].space == IR_AS_GLOBAL ? ISA_SEG_GLOBAL : ISA_SEG_CONSTANT;
    uint32_t al = m->consts[k].align ? m->consts[k].align : 4;
    off[sg] = (off[sg] + al - 1) / al * al;
    c->segs[k] = sg;
    c->offsets[k] = off[sg];
    off[sg] += m->consts[k].size;
    nrel[sg] += m->consts[k].nrelocs;
  }
  c->n = m->nconsts;
  for (int sg = 0; sg < ISA_NSEGS; sg++) {
    isa_segment *seg = &p->segs[sg];
    seg->size = (off[sg] + 15) & ~15u;
    if (seg->size) seg->data = fe_xcalloc(o, seg->size, 1);
    if (nrel[sg]) seg->relocs = fe_xcalloc(o, nrel[sg], sizeof(isa_reloc));
    if ((seg->size && !seg->data) || (nrel[sg] && !seg->relocs)) return -1;
  }
  for (uint32_t k = 0; k < m->nconsts; k++) {
    isa_segment *seg = &p->segs[c->segs[k]];
    if (m->consts[k].size) memcpy(seg->data + c->offsets[k], m->consts[k].bytes, m->consts[k].size);
    /* pointers between variables: offsets into the target's segment now,
     * the runtime adds that segment's address (the reader checked target
     * and slot bounds) */
    for (uint32_t q = 0; q < m->consts[k].nrelocs; q++) {
      const ir_const_reloc *rl = &m->consts[k].relocs[q];
      uint32_t at = c->offsets[k] + rl->at;
      uint64_t v = (uint64_t)c->offsets[rl->target] + (uint64_t)rl->addend;
      for (int b = 0; b < 8; b++) seg->data[at + b] = (uint8_t)(v >> (8 * b));
      seg->relocs[seg->nrelocs++] = (isa_reloc){at, c->segs[rl->target]};
    }
  }
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
  /* a kernel written for one sub-group size computes something else with
   * another: refuse it rather than run it with this device's waves */
  uint32_t w = t ? t->wave_size : 32;
  if (f->reqd_sg_size && f->reqd_sg_size != w) {
    int other = f->reqd_sg_size == 32 || f->reqd_sg_size == 64;
    snprintf(err, errlen,
             "%s: error: kernel '%s' requires sub-groups of %u work-items "
             "(intel_reqd_sub_group_size / SPIR-V SubgroupSize), but this device's sub-groups "
             "are its waves of %u; %s%u",
             file, f->name, f->reqd_sg_size, w,
             other ? "build it for a device config with wave_size: "
                   : "wavesim's waves (config key wave_size) have 32 or 64 work-items, not ",
             f->reqd_sg_size);
    return -1;
  }
  o->phase = "optimization passes";
  pass_lower_wave_size(f, w);
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
  bf.const_segs = c->segs;
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
  k->uniform_wg = f->uniform_wg != 0;
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
    for (uint32_t h = 0; h < k->nhidden; h++) {
      snprintf(line, sizeof line, "  hidden %s at kernarg offset %u\n",
               isa_hidden_name(k->hidden[h].kind), k->hidden[h].offset);
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
  free(r->consts.offsets);
  free(r->consts.segs);
  r->consts.offsets = NULL;
  r->consts.segs = NULL;
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
  o->phase = "laying out program-scope variables";
  int rc = be_consts_build(m, &r->consts, r->p, o);
  if (rc) snprintf(r->err, r->errlen, "%s: out of memory laying out program-scope variables", file);
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
  free(r.consts.offsets);
  free(r.consts.segs);
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
