/* The instruction info table, expanded from isa.def; plus small queries on it
 * shared by the codec, the text forms and the simulator. */
#include <string.h>

#include "isa.h"

const isa_opinfo isa_ops[ISA_OP_COUNT] = {
#define ISA_OP(name, unit, d, s0, s1, s2, flags) \
  [ISA_OP_##name] = {#name, ISA_UNIT_##unit, {ISA_OK_##d, ISA_OK_##s0, ISA_OK_##s1, ISA_OK_##s2}, (flags)},
#include "isa.def"
#undef ISA_OP
};

unsigned isa_access_size(isa_opcode op) {
  uint32_t f = isa_ops[op].flags;
  if (!(f & ISA_F_MEM) || (f & ISA_F_IMAGE)) return 0;
  if (f & ISA_F_SZ1) return 1;
  if (f & ISA_F_SZ2) return 2;
  if (f & ISA_F_SZ8) return 8;
  if (f & ISA_F_SZ16) return 16;
  if (op == ISA_OP_s_load_b64) return 8;
  return 4;
}

const isa_kernel *isa_program_find(const isa_program *p, const char *name) {
  for (uint32_t i = 0; p && i < p->nkernels; i++)
    if (strcmp(p->kernels[i].name, name) == 0) return &p->kernels[i];
  return NULL;
}
