/* Machine IR bookkeeping for the backend: virtual registers, per-block
 * instruction lists and operand constructors. */
#include <stdlib.h>
#include <string.h>

#include "be_internal.h"

uint32_t be_new_vreg(be_func *bf, uint8_t file, uint8_t size) {
  if (bf->nvregs == bf->vcap) {
    bf->vcap = bf->vcap ? bf->vcap * 2 : 256;
    bf->vregs = fe_xrealloc(BE_OOM(bf), bf->vregs, bf->vcap * sizeof(be_vreg));
  }
  be_vreg *v = &bf->vregs[bf->nvregs];
  memset(v, 0, sizeof *v);
  v->file = file;
  v->size = size;
  v->fixed = -1;
  v->phys = -1;
  v->spill_slot = UINT32_MAX;
  return bf->nvregs++;
}

be_mi *be_emit(be_func *bf, uint32_t block, isa_opcode op, uint32_t line) {
  be_mblock *mb = &bf->blocks[block];
  if (mb->n == mb->cap) {
    mb->cap = mb->cap ? mb->cap * 2 : 16;
    mb->code = fe_xrealloc(BE_OOM(bf), mb->code, mb->cap * sizeof(be_mi));
  }
  be_mi *mi = &mb->code[mb->n++];
  memset(mi, 0, sizeof *mi);
  mi->op = (uint16_t)op;
  mi->line = line;
  mi->target[0] = mi->target[1] = mi->target[2] = ISA_NO_PC;
  return mi;
}

be_opnd be_vr(uint32_t reg) { return (be_opnd){BE_O_VREG, 0, reg, 0}; }
be_opnd be_vr_half(uint32_t reg, unsigned hi) { return (be_opnd){BE_O_VREG, (uint8_t)(hi ? 2 : 1), reg, 0}; }
be_opnd be_imm(uint64_t imm) { return (be_opnd){BE_O_IMM, 0, 0, imm}; }

unsigned be_slot_width(isa_opcode op, unsigned slot) {
  switch (isa_ops[op].kind[slot]) {
  case ISA_OK_N: return 0;
  case ISA_OK_V2:
  case ISA_OK_S2:
  case ISA_OK_A2:
  case ISA_OK_B2: return 2;
  case ISA_OK_V4: return 4;
  case ISA_OK_D: {
    unsigned sz = isa_access_size(op);
    return sz <= 4 ? 1 : sz / 4;
  }
  default: return 1;
  }
}

void be_func_fini(be_func *bf) {
  for (uint32_t b = 0; b < bf->nblocks; b++) free(bf->blocks[b].code);
  free(bf->blocks);
  free(bf->vregs);
  free(bf->order);
  pass_dom_fini(&bf->dom);
  pass_uniformity_fini(&bf->uni);
  memset(bf, 0, sizeof *bf);
}
