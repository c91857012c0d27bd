/* Copy coalescing for the phi copies isel leaves at the end of blocks, in
 * two steps, before register allocation, on virtual registers.
 * 1. Local: "x = op ...; ...; d = mov x" becomes "d = op ..." when x's other
 *    uses (if any) all lie between the two and d is neither read nor written
 *    in between (so d's old value is dead from the op on). The same folds the
 *    moves that gather wide-store data into a register tuple, so the op
 *    writes its part of the tuple directly.
 * 2. Global: "d = mov x" anywhere (typically on a split loop back edge or a
 *    loop exit, where the value x is also live out of the loop) merges d and
 *    x into one register when their live ranges do not interfere, judged on
 *    block liveness refined instruction by instruction. */
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

static void co_local(be_func *bf) {
  uint32_t n = bf->nvregs ? bf->nvregs : 1;
  uint32_t *defs = NULL, *uses = NULL;
  uint32_t mark = fe_oom_keep(BE_OOM(bf), &defs);
  defs = fe_xcalloc(BE_OOM(bf), n, sizeof(uint32_t));
  uses = fe_xcalloc(BE_OOM(bf), n, sizeof(uint32_t));
  fe_oom_pop(BE_OOM(bf), mark); /* nothing below allocates */
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
      /* a whole-kernel register (be_vreg.whole) is shared by all its uses:
       * it never takes over another value's role */
      if (d == x || dv->fixed >= 0 || xv->fixed >= 0 || dv->file != xv->file || dsize != xv->size ||
          dv->whole || xv->whole)
        continue;
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

/* Whether d and x interfere: one is written where the other is live after
 * the write (the copy d = x itself, and any other copy between the two, write
 * the value the other already holds, so they do not count). Partial writes
 * (a tuple part) keep the destination live before them. */
static int co_interfere(const be_func *bf, const be_live *L, uint32_t d, uint32_t x) {
  uint32_t W = L->words;
  for (uint32_t b = 0; b < bf->nblocks; b++) {
    if (bf->dom.rpo_num[b] == IR_NONE) continue;
    int ld = be_bit_test(&L->out[(size_t)b * W], d), lx = be_bit_test(&L->out[(size_t)b * W], x);
    const be_mblock *mb = &bf->blocks[b];
    for (uint32_t j = mb->n; j-- > 0;) {
      const be_mi *mi = &mb->code[j];
      if (mi->dst.kind == BE_O_VREG && (mi->dst.reg == d || mi->dst.reg == x)) {
        int to_d = mi->dst.reg == d;
        uint32_t other = to_d ? x : d;
        int same = co_is_move(mi) && !mi->dst.sub && mi->src[0].kind == BE_O_VREG && mi->src[0].reg == other &&
                   !mi->src[0].sub;
        if ((to_d ? lx : ld) && !same) return 1;
        if (!mi->dst.sub) {
          if (to_d) ld = 0;
          else lx = 0;
        }
      }
      for (int k = 0; k < 3; k++) {
        if (mi->src[k].kind != BE_O_VREG) continue;
        if (mi->src[k].reg == d) ld = 1;
        if (mi->src[k].reg == x) lx = 1;
      }
    }
  }
  return 0;
}

static void co_global(be_func *bf) {
  be_live L = {0};
  uint32_t mark = fe_oom_push(BE_OOM(bf), be_live_unwind, &L);
  be_liveness(bf, &L);
  uint32_t W = L.words;
  uint64_t *rs = be_region_sgprs(bf, &L);
  fe_oom_pop(BE_OOM(bf), mark); /* nothing below allocates */
  for (uint32_t b = 0; b < bf->nblocks; b++) {
    if (bf->dom.rpo_num[b] == IR_NONE) continue;
    be_mblock *mb = &bf->blocks[b];
    for (uint32_t j = 0; j < mb->n; j++) {
      be_mi *cp = &mb->code[j];
      if (!co_is_move(cp) || cp->dst.kind != BE_O_VREG || cp->src[0].kind != BE_O_VREG || cp->dst.sub ||
          cp->src[0].sub)
        continue;
      uint32_t d = cp->dst.reg, x = cp->src[0].reg;
      const be_vreg *dv = &bf->vregs[d], *xv = &bf->vregs[x];
      if (d == x || dv->fixed >= 0 || xv->fixed >= 0 || dv->file != xv->file || dv->size != xv->size ||
          dv->whole || xv->whole)
        continue;
      /* an SGPR live in a divergent region counts as live all over it (see
       * be_region_sgprs): two there are taken to overlap */
      int shared_region = 0;
      for (uint32_t r = 0; r < bf->nblocks && !shared_region && dv->file == ISA_RF_S; r++)
        shared_region = be_bit_test(&rs[(size_t)r * W], d) && be_bit_test(&rs[(size_t)r * W], x);
      if (shared_region || co_interfere(bf, &L, d, x)) continue;
      /* merge x into d: rename, unite the live sets, drop the copy */
      for (uint32_t q = 0; q < bf->nblocks; q++) {
        be_mblock *m = &bf->blocks[q];
        for (uint32_t i = 0; i < m->n; i++) {
          if (m->code[i].dst.kind == BE_O_VREG && m->code[i].dst.reg == x) m->code[i].dst.reg = d;
          for (int k = 0; k < 3; k++)
            if (m->code[i].src[k].kind == BE_O_VREG && m->code[i].src[k].reg == x) m->code[i].src[k].reg = d;
        }
      }
      for (uint32_t q = 0; q < bf->nblocks; q++) {
        uint64_t *sets[3] = {&L.in[(size_t)q * W], &L.out[(size_t)q * W], &rs[(size_t)q * W]};
        for (int t = 0; t < 3; t++)
          if (be_bit_test(sets[t], x)) {
            be_bit_clr(sets[t], x);
            be_bit_set(sets[t], d);
          }
      }
      for (uint32_t q = j + 1; q < mb->n; q++) mb->code[q - 1] = mb->code[q];
      mb->n--;
      j--;
    }
  }
  /* merging can leave moves of a register to itself */
  for (uint32_t b = 0; b < bf->nblocks; b++) {
    be_mblock *mb = &bf->blocks[b];
    uint32_t o = 0;
    for (uint32_t j = 0; j < mb->n; j++) {
      const be_mi *mi = &mb->code[j];
      if (co_is_move(mi) && mi->dst.kind == BE_O_VREG && mi->src[0].kind == BE_O_VREG &&
          mi->dst.reg == mi->src[0].reg && mi->dst.sub == mi->src[0].sub)
        continue;
      mb->code[o++] = *mi;
    }
    mb->n = o;
  }
  free(rs);
  be_live_fini(&L);
}

void be_coalesce(be_func *bf) {
  co_local(bf);
  co_global(bf);
}
