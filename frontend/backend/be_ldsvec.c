/* LDS load widening: ds_read_b32s of one block that read consecutive words
 * from one base register (As[ty][k], As[ty][k+1] ... once a loop over k is
 * unrolled) become one ds_read_b128 (four words) or ds_read_b64 (two) when
 * the address is provably aligned to the wider access, as NVIDIA's compiler
 * turns them into LDS.128/LDS.64 (validation/data/kernels_sass: matmul_tiled
 * reads its A tile with LDS.128). Fewer LDS instructions issue, which is what
 * bounds a tiled kernel whose warps all feed on shared memory. Runs after
 * copy coalescing, before scheduling, on virtual registers. */
#include <stdlib.h>

#include "be_internal.h"

/* Instructions looked ahead for the rest of a group. */
#define LV_WINDOW 96
/* Alignment beyond this is never needed. */
#define LV_MAX_ALIGN 16u

typedef struct lv_def {
  uint32_t block, index; /* the vreg's only definition */
  uint32_t ndefs;
} lv_def;

typedef struct lv_ctx {
  be_func *bf;
  lv_def *defs;
  uint32_t n; /* vregs with an entry in defs (the widened ones come after) */
} lv_ctx;

static uint32_t lv_imm_align(uint64_t imm) {
  uint32_t v = (uint32_t)imm;
  if (!v) return LV_MAX_ALIGN;
  uint32_t a = v & -v;
  return a > LV_MAX_ALIGN ? LV_MAX_ALIGN : a;
}

static uint32_t lv_min(uint32_t a, uint32_t b) {
  return a < b ? a : b;
}

static uint32_t lv_align(const lv_ctx *c, be_opnd o, int depth);

/* Known power-of-two alignment (in bytes, up to 16) of a 32-bit vreg's
 * value, from its single definition's arithmetic. */
static uint32_t lv_align_reg(const lv_ctx *c, uint32_t v, int depth) {
  const be_func *bf = c->bf;
  if (depth > 8 || v >= c->n || c->defs[v].ndefs != 1 || bf->vregs[v].size != 1 ||
      bf->vregs[v].fixed >= 0)
    return 1;
  const be_mi *mi = &bf->blocks[c->defs[v].block].code[c->defs[v].index];
  if (mi->dst.sub) return 1;
  switch (mi->op) {
  case ISA_OP_v_mov_b32:
    return lv_align(c, mi->src[0], depth + 1);
  case ISA_OP_v_lshl_b32: {
    if (mi->src[1].kind != BE_O_IMM) return 1;
    uint64_t sh = mi->src[1].imm & 31;
    uint64_t a = (uint64_t)lv_align(c, mi->src[0], depth + 1) << sh;
    return a > LV_MAX_ALIGN ? LV_MAX_ALIGN : (uint32_t)a;
  }
  case ISA_OP_v_mul_lo_u32: {
    uint64_t a = (uint64_t)lv_align(c, mi->src[0], depth + 1) * lv_align(c, mi->src[1], depth + 1);
    return a > LV_MAX_ALIGN ? LV_MAX_ALIGN : (uint32_t)a;
  }
  case ISA_OP_v_mad_u32: {
    uint64_t a = (uint64_t)lv_align(c, mi->src[0], depth + 1) * lv_align(c, mi->src[1], depth + 1);
    return lv_min(a > LV_MAX_ALIGN ? LV_MAX_ALIGN : (uint32_t)a,
                  lv_align(c, mi->src[2], depth + 1));
  }
  case ISA_OP_v_add_u32:
  case ISA_OP_v_sub_u32:
  case ISA_OP_v_or_b32:
    /* (an or of aligned values is aligned; or-as-add of an offset too) */
    return lv_min(lv_align(c, mi->src[0], depth + 1), lv_align(c, mi->src[1], depth + 1));
  case ISA_OP_v_and_b32: {
    uint32_t a = lv_align(c, mi->src[0], depth + 1), b = lv_align(c, mi->src[1], depth + 1);
    return a > b ? a : b;
  }
  default:
    return 1;
  }
}

static uint32_t lv_align(const lv_ctx *c, be_opnd o, int depth) {
  if (o.kind == BE_O_IMM) return lv_imm_align(o.imm);
  if (o.kind != BE_O_VREG || o.sub) return 1;
  return lv_align_reg(c, o.reg, depth);
}

/* Does mi end the stretch in which a later LDS read may move up to an
 * earlier one? (an LDS write or atomic, a barrier, control flow) */
static int lv_fence(const be_mi *mi) {
  const isa_opinfo *o = &isa_ops[mi->op];
  if (o->unit == ISA_UNIT_BARRIER || o->unit == ISA_UNIT_BRANCH ||
      (o->flags & (ISA_F_BRANCH | ISA_F_END)))
    return 1;
  return o->unit == ISA_UNIT_LDS && (o->flags & (ISA_F_STORE | ISA_F_ATOMIC));
}

static int lv_reads(const be_mi *mi, uint32_t v) {
  for (int k = 0; k < 3; k++)
    if (mi->src[k].kind == BE_O_VREG && mi->src[k].reg == v) return 1;
  return mi->dst.kind == BE_O_VREG && mi->dst.reg == v && mi->dst.sub;
}

static int lv_writes(const be_mi *mi, uint32_t v) {
  return mi->dst.kind == BE_O_VREG && mi->dst.reg == v;
}

static int lv_plain_read(const be_mi *mi) {
  return mi->op == ISA_OP_ds_read_b32 && mi->dst.kind == BE_O_VREG && !mi->dst.sub &&
         mi->src[0].kind == BE_O_VREG && !mi->src[0].sub;
}

/* Every use of vreg `from` becomes component k of vreg `to`. */
static void lv_rename(be_func *bf, uint32_t from, uint32_t to, unsigned k) {
  for (uint32_t b = 0; b < bf->nblocks; b++)
    for (uint32_t j = 0; j < bf->blocks[b].n; j++) {
      be_mi *mi = &bf->blocks[b].code[j];
      for (int q = 0; q < 3; q++)
        if (mi->src[q].kind == BE_O_VREG && mi->src[q].reg == from && !mi->src[q].sub) {
          mi->src[q].reg = to;
          mi->src[q].sub = (uint8_t)(k + 1);
        }
    }
}

/* Tries to widen the read at code[j] with the reads of the next words:
 * `words` 4 or 2. Returns 1 when it did (the group's other reads are marked
 * in `dead`). */
static int lv_group(const lv_ctx *c, uint32_t b, uint32_t j, unsigned words, uint8_t *dead) {
  be_func *bf = c->bf;
  const lv_def *defs = c->defs;
  be_mblock *mb = &bf->blocks[b];
  const be_mi *first = &mb->code[j];
  uint32_t base = first->src[0].reg;
  int32_t off = first->offset;
  uint32_t bytes = 4u * words;
  if (((uint32_t)off & (bytes - 1)) || lv_align_reg(c, base, 0) < bytes) return 0;
  uint32_t member[4] = {j, UINT32_MAX, UINT32_MAX, UINT32_MAX};
  unsigned found = 1;
  uint32_t end = j + LV_WINDOW < mb->n ? j + LV_WINDOW : mb->n;
  for (uint32_t q = j + 1; q < end && found < words; q++) {
    const be_mi *mi = &mb->code[q];
    if (lv_fence(mi) || lv_writes(mi, base)) break;
    if (dead[q] || !lv_plain_read(mi) || mi->src[0].reg != base) continue;
    int64_t d = (int64_t)mi->offset - off;
    if (d <= 0 || d >= (int64_t)bytes || (d & 3) || member[d / 4] != UINT32_MAX) continue;
    member[d / 4] = q;
    found++;
  }
  if (found < words) return 0;
  /* each loaded value: defined only here, and not read between the group's
   * first read and its own (that would be a value from an earlier iteration) */
  for (unsigned w = 0; w < words; w++) {
    uint32_t d = mb->code[member[w]].dst.reg;
    if (d >= c->n || defs[d].ndefs != 1 || bf->vregs[d].size != 1) return 0;
    for (uint32_t q = j; q < member[w]; q++)
      if (lv_reads(&mb->code[q], d)) return 0;
  }
  uint32_t wide = be_new_vreg(bf, ISA_RF_V, (uint8_t)words);
  mb = &bf->blocks[b]; /* be_new_vreg may move the vreg table, not the code */
  uint32_t dsts[4];
  for (unsigned w = 0; w < words; w++) dsts[w] = mb->code[member[w]].dst.reg;
  be_mi *mi = &mb->code[j];
  mi->op = words == 4 ? ISA_OP_ds_read_b128 : ISA_OP_ds_read_b64;
  mi->dst = be_vr(wide);
  for (unsigned w = 1; w < words; w++) dead[member[w]] = 1;
  for (unsigned w = 0; w < words; w++) lv_rename(bf, dsts[w], wide, w);
  return 1;
}

void be_lds_widen(be_func *bf) {
  uint32_t nv = bf->nvregs ? bf->nvregs : 1;
  lv_def *defs = NULL;
  uint8_t *dead = NULL;
  uint32_t mark = fe_oom_keep(BE_OOM(bf), &defs);
  fe_oom_keep(BE_OOM(bf), &dead);
  defs = fe_xcalloc(BE_OOM(bf), nv, sizeof *defs);
  if (!defs) return; /* only with no fe_oom */
  lv_ctx c = {bf, defs, bf->nvregs};
  for (uint32_t b = 0; b < bf->nblocks; b++)
    for (uint32_t j = 0; j < bf->blocks[b].n; j++) {
      const be_mi *mi = &bf->blocks[b].code[j];
      if (mi->dst.kind != BE_O_VREG) continue;
      lv_def *d = &defs[mi->dst.reg];
      d->ndefs++;
      d->block = b, d->index = j;
    }
  for (uint32_t b = 0; b < bf->nblocks; b++) {
    be_mblock *mb = &bf->blocks[b];
    dead = fe_xcalloc(BE_OOM(bf), mb->n ? mb->n : 1, 1);
    if (!dead) break;
    int any = 0;
    for (uint32_t j = 0; j < mb->n; j++) {
      if (dead[j] || !lv_plain_read(&mb->code[j])) continue;
      if (lv_group(&c, b, j, 4, dead) || lv_group(&c, b, j, 2, dead)) any = 1;
      mb = &bf->blocks[b];
    }
    if (any) {
      uint32_t n = 0;
      for (uint32_t j = 0; j < mb->n; j++)
        if (!dead[j]) mb->code[n++] = mb->code[j];
      mb->n = n;
    }
    free(dead);
    dead = NULL;
    /* definitions moved within this block: refresh their indices */
    for (uint32_t j = 0; any && j < mb->n; j++)
      if (mb->code[j].dst.kind == BE_O_VREG && mb->code[j].dst.reg < nv)
        defs[mb->code[j].dst.reg].index = j;
  }
  fe_oom_pop(BE_OOM(bf), mark);
  free(defs);
}
