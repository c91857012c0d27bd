/* Ownership of compiled kernels and programs: everything an isa_kernel or
 * isa_program points to is heap memory they own. */
#include <stdlib.h>
#include <string.h>

#include "isa.h"

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
  free(k->const_data);
  free(k->const_relocs);
  for (uint32_t i = 0; i < k->nprintf; i++) {
    if (k->printf_fmts) free(k->printf_fmts[i]);
    if (k->printf_layouts) free(k->printf_layouts[i]);
  }
  free(k->printf_fmts);
  free(k->printf_layouts);
  memset(k, 0, sizeof *k);
}

void isa_program_destroy(isa_program *p) {
  if (!p) return;
  for (uint32_t i = 0; p->kernels && i < p->nkernels; i++) isa_kernel_fini(&p->kernels[i]);
  free(p->kernels);
  free(p);
}
