/* Copy coalescing for the phi copies isel leaves at the end of blocks:
 * "x = op ...; ...; d = mov x" becomes "d = op ..." when x's other uses (if
 * any) all lie between the two and d is neither read nor written in between (so d's old value is dead from
 * the op on). The same folds the moves that gather wide-store data into a
 * register tuple, so the op writes its part of the tuple directly. Runs
 * before register allocation, on virtual registers. */
#include <stdlib.h>

#include "be_internal.h"

static int co_is_move(const be_mi *mi) {
  return mi->op == ISA_OP_s_mov_b32 || mi->op == ISA_OP_s_mov_b64 || mi->op == ISA_OP_v_mov_b32 ||
         mi->op == ISA_OP_v_mov_b64;
}

static int co_refs(const be_mi *mi, uint32_t v) {
  if (mi->dst.kind == BE_O_VREG && mi->dst.reg == v) return 1;
  for (int k = 0; k < 3; k++)
    if (mi->src[k].kind == BE_O_VREG && mi->src[k].reg == v) return 1;
  return 0;
}

void be_coalesce(be_func *bf) {
  uint32_t n = bf->nvregs ? bf->nvregs : 1;
  uint32_t *defs = calloc(n, sizeof(uint32_t)), *uses = calloc(n, sizeof(uint32_t));
  for (uint32_t b = 0; b < bf->nblocks; b++)
    for (uint32_t j = 0; j < bf->blocks[b].n; j++) {
      const be_mi *mi = &bf->blocks[b].code[j];
      if (mi->dst.kind == BE_O_VREG) defs[mi->dst.reg]++;
      for (int k = 0; k < 3; k++)
        if (mi->src[k].kind == BE_O_VREG) uses[mi->src[k].reg]++;
    }
  for (uint32_t b = 0; b < bf->nblocks; b++) {
    be_mblock *mb = &bf->blocks[b];
    for (uint32_t j = 0; j < mb->n; j++) {
      be_mi *cp = &mb->code[j];
      if (!co_is_move(cp) || cp->dst.kind != BE_O_VREG || cp->src[0].kind != BE_O_VREG || cp->src[0].sub) continue;
      uint32_t d = cp->dst.reg, x = cp->src[0].reg;
      const be_vreg *dv = &bf->vregs[d], *xv = &bf->vregs[x];
      /* a move into part of a tuple (wide store data) takes the part's size */
      unsigned dsize = cp->dst.sub ? be_slot_width((isa_opcode)cp->op, 0) : dv->size;
      if (d == x || dv->fixed >= 0 || xv->fixed >= 0 || dv->file != xv->file || dsize != xv->size) continue;
      if (defs[x] != 1) continue;
      /* find x's definition earlier in this block, with no reference to d
       * between; reads of x between are counted: when they are all of x's
       * other uses, x dies at the copy and those reads can take d instead
       * (a loop-carried value that is also used in the loop body) */
      uint32_t k = j, between = 0;
      int ok = 0;
      while (k-- > 0) {
        be_mi *mi = &mb->code[k];
        if (mi->dst.kind == BE_O_VREG && mi->dst.reg == x) {
          ok = 1;
          break;
        }
        if (co_refs(mi, d)) break;
        for (int q = 0; q < 3; q++)
          if (mi->src[q].kind == BE_O_VREG && mi->src[q].reg == x) between++;
      }
      if (uses[x] != 1 + between || (between && (cp->dst.sub || cp->src[0].sub))) continue;
      /* the def must write exactly x (not a view, not a wider destination) */
      if (!ok || (cp->dst.sub && (mb->code[k].dst.sub || be_slot_width((isa_opcode)mb->code[k].op, 0) != xv->size)))
        continue;
      for (uint32_t q = k + 1; between && q < j; q++)
        for (int r = 0; r < 3; r++)
          if (mb->code[q].src[r].kind == BE_O_VREG && mb->code[q].src[r].reg == x)
            mb->code[q].src[r].reg = d;
      mb->code[k].dst.reg = d;
      mb->code[k].dst.sub = cp->dst.sub;
      defs[d]++;
      defs[x] = uses[x] = 0;
      for (uint32_t q = j + 1; q < mb->n; q++) mb->code[q - 1] = mb->code[q];
      mb->n--;
      j--;
    }
  }
  free(defs);
  free(uses);
}
