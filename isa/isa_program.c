/* Ownership of compiled kernels and programs: everything an isa_kernel or
 * isa_program points to is heap memory they own. The hidden-argument table's
 * names and sizes (ISA_HIDDEN_KINDS). */
#include <stdlib.h>
#include <string.h>

#include "isa.h"

static const struct {
  const char *name;
  uint32_t bytes;
} isa_hidden_info[ISA_HIDDEN_COUNT] = {
#define ISA_HIDDEN_ROW(name, text, bytes) {text, bytes},
    ISA_HIDDEN_KINDS(ISA_HIDDEN_ROW)
#undef ISA_HIDDEN_ROW
};

const char *isa_hidden_name(unsigned kind) {
  return kind < ISA_HIDDEN_COUNT ? isa_hidden_info[kind].name : NULL;
}

uint32_t isa_hidden_bytes(unsigned kind) {
  return kind < ISA_HIDDEN_COUNT ? isa_hidden_info[kind].bytes : 0;
}

const isa_hidden_arg *isa_kernel_hidden(const isa_kernel *k, isa_hidden_kind kind) {
  for (uint32_t i = 0; k && k->hidden && i < k->nhidden; i++)
    if (k->hidden[i].kind == kind) return &k->hidden[i];
  return NULL;
}

void isa_kernel_fini(isa_kernel *k) {
  if (!k) return;
  free(k->name);
  free(k->code);
  free(k->line);
  free(k->source_file);
  free(k->attributes);
  for (uint32_t i = 0; k->args && i < k->nargs; i++) {
    free(k->args[i].name);
    free(k->args[i].type_name);
  }
  free(k->args);
  free(k->hidden);
  memset(k, 0, sizeof *k);
}

void isa_program_destroy(isa_program *p) {
  if (!p) return;
  for (uint32_t i = 0; p->kernels && i < p->nkernels; i++) isa_kernel_fini(&p->kernels[i]);
  free(p->kernels);
  for (int s = 0; s < ISA_NSEGS; s++) {
    free(p->segs[s].data);
    free(p->segs[s].relocs);
  }
  for (uint32_t i = 0; i < p->nprintf; i++) {
    if (p->printf_fmts) free(p->printf_fmts[i]);
    if (p->printf_layouts) free(p->printf_layouts[i]);
  }
  free(p->printf_fmts);
  free(p->printf_layouts);
  free(p);
}
