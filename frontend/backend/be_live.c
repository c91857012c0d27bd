/* Block-level liveness of virtual registers over the machine CFG (the IR's
 * blocks), shared by copy coalescing and register allocation. */
#include <stdlib.h>
#include <string.h>

#include "be_internal.h"

void be_liveness(const be_func *bf, be_live *L) {
  uint32_t nb = bf->nblocks, W = (bf->nvregs + 63) / 64;
  L->words = W ? W : 1;
  W = L->words;
  fe_oom *o = BE_OOM(bf);
  L->in = L->out = NULL; /* the caller's cleanup frees these on an unwind */
  uint64_t *use = NULL, *def = NULL, *tmp = NULL;
  uint32_t mark = fe_oom_keep(o, &use);
  fe_oom_keep(o, &def);
  fe_oom_keep(o, &tmp);
  L->in = fe_xcalloc(o, (size_t)nb * W, 8);
  L->out = fe_xcalloc(o, (size_t)nb * W, 8);
  use = fe_xcalloc(o, (size_t)nb * W, 8);
  def = fe_xcalloc(o, (size_t)nb * W, 8);
  tmp = fe_xmalloc(o, W * 8);
  fe_oom_pop(o, mark);
  for (uint32_t b = 0; b < nb; b++) {
    const be_mblock *mb = &bf->blocks[b];
    for (uint32_t j = 0; j < mb->n; j++) {
      const be_mi *mi = &mb->code[j];
      for (int k = 0; k < 3; k++)
        if (mi->src[k].kind == BE_O_VREG && !be_bit_test(&def[b * W], mi->src[k].reg))
          be_bit_set(&use[b * W], mi->src[k].reg);
      if (mi->dst.kind == BE_O_VREG) be_bit_set(&def[b * W], mi->dst.reg);
    }
  }
  int changed = 1;
  while (changed) {
    changed = 0;
    for (uint32_t r = bf->dom.nrpo; r-- > 0;) {
      uint32_t b = bf->dom.rpo[r];
      const ir_block *ib = &bf->f->blocks[b];
      memset(tmp, 0, W * 8);
      for (uint32_t s = 0; s < ib->nsucc; s++)
        for (uint32_t w = 0; w < W; w++) tmp[w] |= L->in[(size_t)ib->succ[s] * W + w];
      memcpy(&L->out[(size_t)b * W], tmp, W * 8);
      for (uint32_t w = 0; w < W; w++) {
        uint64_t x = use[(size_t)b * W + w] | (tmp[w] & ~def[(size_t)b * W + w]);
        if (x != L->in[(size_t)b * W + w]) {
          L->in[(size_t)b * W + w] = x;
          changed = 1;
        }
      }
    }
  }
  free(tmp);
  free(use);
  free(def);
}

void be_live_unwind(void *L) {
  be_live_fini(L);
}

void be_live_fini(be_live *L) {
  free(L->in);
  free(L->out);
  L->in = L->out = NULL;
}

uint64_t *be_region_sgprs(const be_func *bf, const be_live *L) {
  uint32_t W = L->words;
  uint64_t *rs = fe_xcalloc(BE_OOM(bf), (size_t)bf->nblocks * W, 8); /* caller frees */
  for (uint32_t r = 0; r < bf->nblocks; r++) {
    const uint8_t *reg = bf->uni.region ? bf->uni.region[r] : NULL;
    if (!reg) continue;
    uint64_t *sr = &rs[(size_t)r * W];
    for (uint32_t x = 0; x < bf->nblocks; x++)
      if (reg[x])
        for (uint32_t w = 0; w < W; w++)
          sr[w] |= L->in[(size_t)x * W + w] | L->out[(size_t)x * W + w];
    for (uint32_t v = 0; v < bf->nvregs; v++)
      if (bf->vregs[v].file != ISA_RF_S) be_bit_clr(sr, v);
  }
  return rs;
}
