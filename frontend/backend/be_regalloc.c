/* Register allocation: liveness over the machine CFG, live intervals on the
 * reverse-post-order layout (hulls, so loops are covered by the back-edge
 * liveness), linear scan with aligned pairs and the ABI registers pre-colored,
 * VGPR spilling to scratch, SGPR spilling to lanes of VGPRs (v_writelane /
 * v_readlane, as AMD's compiler does). SGPRs are written for the whole wave,
 * so an SGPR live anywhere inside a divergent region is kept live over the
 * whole region (the other side of the branch runs in between). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "be_internal.h"

typedef struct ra_iv {
  int64_t start, end;
} ra_iv;

static void ra_ext(ra_iv *iv, int64_t p) {
  if (p < iv->start) iv->start = p;
  if (p > iv->end) iv->end = p;
}

/* Live intervals on the layout; bstart/bend get each block's position range. */
static ra_iv *ra_intervals(const be_func *bf, const be_live *L, int64_t *bstart, int64_t *bend) {
  uint32_t W = L->words;
  ra_iv *iv = fe_xmalloc(BE_OOM(bf), (bf->nvregs ? bf->nvregs : 1) * sizeof(ra_iv));
  uint32_t mark = fe_oom_keep(BE_OOM(bf), &iv); /* the caller frees it */
  for (uint32_t v = 0; v < bf->nvregs; v++) iv[v] = (ra_iv){INT64_MAX, -1};
  int64_t pos = 0;
  for (uint32_t r = 0; r < bf->dom.nrpo; r++) {
    uint32_t b = bf->dom.rpo[r];
    const be_mblock *mb = &bf->blocks[b];
    bstart[b] = pos;
    for (uint32_t j = 0; j < mb->n; j++, pos++) {
      const be_mi *mi = &mb->code[j];
      for (int k = 0; k < 3; k++)
        if (mi->src[k].kind == BE_O_VREG) ra_ext(&iv[mi->src[k].reg], pos);
      if (mi->dst.kind == BE_O_VREG) ra_ext(&iv[mi->dst.reg], pos);
    }
    bend[b] = pos; /* one past; also the "end of block" point for live-out */
    pos++;
    for (uint32_t v = 0; v < bf->nvregs; v++) {
      if (be_bit_test(&L->in[(size_t)b * W], v)) ra_ext(&iv[v], bstart[b]);
      if (be_bit_test(&L->out[(size_t)b * W], v)) ra_ext(&iv[v], bend[b]);
    }
  }
  /* SGPRs across divergent regions (be_region_sgprs says which) */
  uint64_t *rs = be_region_sgprs(bf, L);
  for (uint32_t b = 0; b < bf->nblocks; b++) {
    const uint8_t *reg = bf->uni.region ? bf->uni.region[b] : NULL;
    if (!reg) continue;
    int64_t lo = INT64_MAX, hi = -1;
    for (uint32_t x = 0; x < bf->nblocks; x++)
      if (reg[x] && bf->dom.rpo_num[x] != IR_NONE) {
        if (bstart[x] < lo) lo = bstart[x];
        if (bend[x] > hi) hi = bend[x];
      }
    if (hi < 0) continue;
    for (uint32_t v = 0; v < bf->nvregs; v++)
      if (be_bit_test(&rs[(size_t)b * W], v)) {
        ra_ext(&iv[v], lo);
        ra_ext(&iv[v], hi);
      }
  }
  fe_oom_pop(BE_OOM(bf), mark);
  free(rs);
  /* ABI registers hold their values from the start; a VGPR of SGPR spill
   * slots is live everywhere: its lanes are written and read whatever exec
   * is, so no other value may have its register anywhere */
  for (uint32_t v = 0; v < bf->nvregs; v++) {
    if (bf->vregs[v].fixed >= 0 && iv[v].end >= 0) iv[v].start = 0;
    if (bf->vregs[v].whole) iv[v] = (ra_iv){0, pos};
  }
  return iv;
}

typedef struct ra_sort {
  uint32_t v;
  int64_t start;
} ra_sort;
static int ra_cmp(const void *a, const void *b) {
  const ra_sort *x = a, *y = b;
  if (x->start != y->start) return x->start < y->start ? -1 : 1;
  return x->v < y->v ? -1 : x->v > y->v;
}

/* Spill-everywhere rewrite of VGPR vreg v: a reload before each use and a
 * store after each def, through short-lived temporaries. */
static void ra_spill(be_func *bf, uint32_t v) {
  be_vreg *vr = &bf->vregs[v];
  uint32_t sz = vr->size;
  uint32_t slot = (bf->private_bytes + 4 * sz - 1) / (4 * sz) * (4 * sz);
  bf->private_bytes = slot + 4 * sz;
  vr->spill_slot = slot;
  isa_opcode ld = sz == 4 ? ISA_OP_scratch_load_b128 : sz == 2 ? ISA_OP_scratch_load_b64 : ISA_OP_scratch_load_b32;
  isa_opcode st = sz == 4 ? ISA_OP_scratch_store_b128 : sz == 2 ? ISA_OP_scratch_store_b64 : ISA_OP_scratch_store_b32;
  for (uint32_t b = 0; b < bf->nblocks; b++) {
    be_mblock old = bf->blocks[b];
    be_mblock nb = {0};
    uint32_t mark = fe_oom_keep(BE_OOM(bf), &old.code); /* blocks[b] is the new code */
    bf->blocks[b] = nb;
    for (uint32_t j = 0; j < old.n; j++) {
      be_mi mi = old.code[j];
      int uses = 0;
      for (int k = 0; k < 3; k++) uses |= mi.src[k].kind == BE_O_VREG && mi.src[k].reg == v;
      if (uses) {
        uint32_t t = be_new_vreg(bf, ISA_RF_V, (uint8_t)sz), z = be_new_vreg(bf, ISA_RF_V, 1);
        bf->vregs[t].no_spill = bf->vregs[z].no_spill = 1;
        be_mi *m = be_emit(bf, b, ISA_OP_v_mov_b32, mi.line);
        m->dst = be_vr(z);
        m->src[0] = be_imm(0);
        m = be_emit(bf, b, ld, mi.line);
        m->dst = be_vr(t);
        m->src[0] = be_vr(z);
        m->offset = (int32_t)slot;
        for (int k = 0; k < 3; k++)
          if (mi.src[k].kind == BE_O_VREG && mi.src[k].reg == v) mi.src[k].reg = t;
      }
      uint32_t d = UINT32_MAX;
      if (mi.dst.kind == BE_O_VREG && mi.dst.reg == v) {
        d = be_new_vreg(bf, ISA_RF_V, (uint8_t)sz);
        bf->vregs[d].no_spill = 1;
        mi.dst.reg = d;
      }
      *be_emit(bf, b, (isa_opcode)mi.op, mi.line) = mi;
      if (d != UINT32_MAX) {
        uint32_t z = be_new_vreg(bf, ISA_RF_V, 1);
        bf->vregs[z].no_spill = 1;
        be_mi *m = be_emit(bf, b, ISA_OP_v_mov_b32, mi.line);
        m->dst = be_vr(z);
        m->src[0] = be_imm(0);
        m = be_emit(bf, b, st, mi.line);
        m->src[0] = be_vr(z);
        m->src[1] = be_vr(d);
        m->offset = (int32_t)slot;
      }
    }
    fe_oom_pop(BE_OOM(bf), mark);
    free(old.code);
  }
}

/* Spill-everywhere rewrite of SGPR vreg v into lanes of a VGPR: a
 * v_readlane into a short-lived SGPR before each use, a v_writelane after
 * each def (of the registers the def writes: a pair may be written by
 * halves). A slot VGPR gives one lane per SGPR, as many lanes as the wave has;
 * its register counts toward the kernel's VGPRs, so occupancy shows the cost. */
static void ra_sspill(be_func *bf, uint32_t v) {
  uint32_t sz = bf->vregs[v].size;
  uint32_t lanes = bf->t->wave_size ? bf->t->wave_size : 32;
  if (bf->sslot_used == 0 || bf->sslot_used + sz > lanes) {
    bf->sslot_vreg = be_new_vreg(bf, ISA_RF_V, 1);
    bf->vregs[bf->sslot_vreg].no_spill = 1;
    bf->vregs[bf->sslot_vreg].whole = 1;
    bf->sslot_used = 0;
  }
  uint32_t slot = bf->sslot_vreg, lane = bf->sslot_used;
  bf->sslot_used += sz;
  bf->vregs[v].spill_slot = lane;
  for (uint32_t b = 0; b < bf->nblocks; b++) {
    be_mblock old = bf->blocks[b];
    uint32_t mark = fe_oom_keep(BE_OOM(bf), &old.code); /* blocks[b] is the new code */
    bf->blocks[b] = (be_mblock){0};
    for (uint32_t j = 0; j < old.n; j++) {
      be_mi mi = old.code[j];
      int uses = 0;
      for (int k = 0; k < 3; k++) uses |= mi.src[k].kind == BE_O_VREG && mi.src[k].reg == v;
      if (uses) {
        uint32_t t = be_new_vreg(bf, ISA_RF_S, (uint8_t)sz);
        bf->vregs[t].no_spill = 1;
        for (uint32_t r = 0; r < sz; r++) {
          be_mi *m = be_emit(bf, b, ISA_OP_v_readlane_b32, mi.line);
          m->dst = be_vr(t);
          m->dst.sub = (uint8_t)(sz > 1 ? r + 1 : 0);
          m->src[0] = be_vr(slot);
          m->src[1] = be_imm(lane + r);
        }
        for (int k = 0; k < 3; k++)
          if (mi.src[k].kind == BE_O_VREG && mi.src[k].reg == v) mi.src[k].reg = t;
      }
      uint32_t d = UINT32_MAX, first = 0, count = sz;
      if (mi.dst.kind == BE_O_VREG && mi.dst.reg == v) {
        d = be_new_vreg(bf, ISA_RF_S, (uint8_t)sz);
        bf->vregs[d].no_spill = 1;
        mi.dst.reg = d;
        if (mi.dst.sub) first = mi.dst.sub - 1u, count = be_slot_width((isa_opcode)mi.op, 0);
      }
      *be_emit(bf, b, (isa_opcode)mi.op, mi.line) = mi;
      for (uint32_t r = first; d != UINT32_MAX && r < first + count; r++) {
        be_mi *m = be_emit(bf, b, ISA_OP_v_writelane_b32, mi.line);
        m->dst = be_vr(slot);
        m->src[0] = be_vr(d);
        m->src[0].sub = (uint8_t)(sz > 1 ? r + 1 : 0);
        m->src[1] = be_imm(lane + r);
      }
    }
    fe_oom_pop(BE_OOM(bf), mark);
    free(old.code);
  }
}

/* One linear-scan attempt. Returns 0 when everything got a register, 1 when
 * VGPRs were marked for spilling (rewrite and retry), -1 on error. */
static int ra_scan(be_func *bf, const ra_iv *iv, uint8_t *spill, const char *kname) {
  uint32_t limit[2] = {bf->t->max_vgprs ? bf->t->max_vgprs : ISA_MAX_VGPRS,
                       bf->t->max_sgprs ? bf->t->max_sgprs : ISA_MAX_SGPRS};
  if (limit[0] > ISA_MAX_VGPRS) limit[0] = ISA_MAX_VGPRS;
  if (limit[1] > ISA_MAX_SGPRS) limit[1] = ISA_MAX_SGPRS;
  int64_t busy[2][ISA_MAX_VGPRS];
  uint32_t owner[2][ISA_MAX_VGPRS];
  for (int f = 0; f < 2; f++)
    for (int r = 0; r < ISA_MAX_VGPRS; r++) {
      busy[f][r] = -1;
      owner[f][r] = UINT32_MAX;
    }
  ra_sort *ord = fe_xmalloc(BE_OOM(bf), (bf->nvregs ? bf->nvregs : 1) *
                                            sizeof(ra_sort)); /* the last allocation */
  uint32_t n = 0;
  for (uint32_t v = 0; v < bf->nvregs; v++) {
    bf->vregs[v].phys = -1;
    if (iv[v].end < 0) continue;
    if (bf->vregs[v].fixed >= 0) {
      int f = bf->vregs[v].file == ISA_RF_S;
      for (uint32_t k = 0; k < bf->vregs[v].size; k++) {
        busy[f][bf->vregs[v].fixed + k] = iv[v].end;
        owner[f][bf->vregs[v].fixed + k] = v;
      }
      bf->vregs[v].phys = bf->vregs[v].fixed;
      continue;
    }
    ord[n++] = (ra_sort){v, iv[v].start};
  }
  qsort(ord, n, sizeof *ord, ra_cmp);
  int spilled = 0;
  for (uint32_t i = 0; i < n; i++) {
    uint32_t v = ord[i].v;
    be_vreg *vr = &bf->vregs[v];
    int f = vr->file == ISA_RF_S;
    uint32_t sz = vr->size, found = UINT32_MAX;
    for (uint32_t r = 0; r + sz <= limit[f] && found == UINT32_MAX; r += sz) {
      int ok = 1;
      for (uint32_t k = 0; k < sz && ok; k++) ok = busy[f][r + k] < iv[v].start;
      if (ok) found = r;
    }
    if (found == UINT32_MAX) {
      /* spill the spillable interval (this one or an active one) ending last:
       * VGPRs to scratch, SGPRs to VGPR lanes (ra_sspill) */
      uint32_t victim = vr->no_spill ? UINT32_MAX : v;
      int64_t vend = victim == UINT32_MAX ? -1 : iv[v].end;
      for (uint32_t r = 0; r < limit[f]; r++) {
        uint32_t o = owner[f][r];
        if (o == UINT32_MAX || busy[f][r] < iv[v].start || bf->vregs[o].no_spill ||
            bf->vregs[o].fixed >= 0)
          continue;
        if (iv[o].end > vend) {
          victim = o;
          vend = iv[o].end;
        }
      }
      if (victim == UINT32_MAX) {
        if (f)
          snprintf(bf->err, bf->errlen,
                   "%s: kernel '%s' cannot be register-allocated within %u SGPRs even with SGPR "
                   "spilling (one instruction's operands and the ABI registers need more: raise "
                   "the device's max_sgprs)",
                   bf->file, kname, limit[1]);
        else
          snprintf(
              bf->err, bf->errlen,
              "%s: kernel '%s' cannot be register-allocated within %u VGPRs even with spilling "
              "(raise the device's max_vgprs)",
              bf->file, kname, limit[0]);
        free(ord);
        return -1;
      }
      spill[victim] = 1;
      spilled = 1;
      if (victim == v) continue;
      /* take over the victim's registers */
      found = (uint32_t)bf->vregs[victim].phys;
      for (uint32_t k = 0; k < bf->vregs[victim].size; k++) busy[f][found + k] = -1;
      bf->vregs[victim].phys = -1;
      if (sz > bf->vregs[victim].size || (found % sz)) continue; /* allocated in the next round */
    }
    vr->phys = (int16_t)found;
    for (uint32_t k = 0; k < sz; k++) {
      busy[f][found + k] = iv[v].end;
      owner[f][found + k] = v;
    }
  }
  free(ord);
  return spilled;
}

int be_regalloc(be_func *bf, isa_kernel *k) {
  for (int round = 0; round < 64; round++) {
    fe_oom *o = BE_OOM(bf);
    be_live L = {0};
    int64_t *bs = NULL, *be = NULL;
    ra_iv *iv = NULL;
    uint8_t *spill = NULL;
    uint32_t mark = fe_oom_push(o, be_live_unwind, &L);
    fe_oom_keep(o, &bs);
    fe_oom_keep(o, &be);
    fe_oom_keep(o, &iv);
    fe_oom_keep(o, &spill);
    be_liveness(bf, &L);
    bs = fe_xmalloc(o, (bf->nblocks + 1) * sizeof(int64_t));
    be = fe_xmalloc(o, (bf->nblocks + 1) * sizeof(int64_t));
    iv = ra_intervals(bf, &L, bs, be);
    spill = fe_xcalloc(o, bf->nvregs ? bf->nvregs : 1, 1);
    int rc = ra_scan(bf, iv, spill, k->name ? k->name : "?");
    fe_oom_pop(o, mark);
    mark = fe_oom_keep(o, &spill); /* ra_spill emits */
    uint32_t nv = bf->nvregs;
    free(iv);
    free(bs);
    free(be);
    be_live_fini(&L);
    if (rc <= 0) {
      fe_oom_pop(o, mark);
      free(spill);
      if (rc < 0) return -1;
      uint32_t hv = ISA_ABI_VGPR_FIRST_FREE, hs = ISA_ABI_SGPR_FIRST_FREE;
      for (uint32_t v = 0; v < bf->nvregs; v++) {
        if (bf->vregs[v].phys < 0) continue;
        uint32_t top = (uint32_t)bf->vregs[v].phys + bf->vregs[v].size;
        if (bf->vregs[v].file == ISA_RF_V && top > hv) hv = top;
        if (bf->vregs[v].file == ISA_RF_S && top > hs) hs = top;
      }
      k->nvgprs = hv;
      k->nsgprs = hs;
      return 0;
    }
    for (uint32_t v = 0; v < nv; v++)
      if (spill[v]) {
        if (bf->vregs[v].file == ISA_RF_S)
          ra_sspill(bf, v);
        else
          ra_spill(bf, v);
      }
    fe_oom_pop(o, mark);
    free(spill);
  }
  snprintf(bf->err, bf->errlen,
           "%s: kernel '%s': register allocation did not converge (please report)", bf->file,
           k->name ? k->name : "?");
  return -1;
}

/* Check the allocation against exact per-instruction liveness: no two values
 * live at one point share a register (SGPRs over divergent regions too). */
int be_regalloc_verify(const be_func *bf, char *err, size_t errlen) {
  fe_oom *o = BE_OOM(bf);
  be_live L = {0};
  uint64_t *live = NULL, *chk = NULL, *rs = NULL, *extra = NULL;
  uint32_t mark = fe_oom_push(o, be_live_unwind, &L);
  fe_oom_keep(o, &live);
  fe_oom_keep(o, &chk);
  fe_oom_keep(o, &rs);
  fe_oom_keep(o, &extra);
  be_liveness(bf, &L);
  uint32_t W = L.words;
  live = fe_xmalloc(o, W * 8);
  chk = fe_xmalloc(o, W * 8);
  /* SGPRs live anywhere in a divergent region count as live all over it */
  rs = be_region_sgprs(bf, &L);
  extra = fe_xcalloc(o, (size_t)bf->nblocks * W, 8);
  fe_oom_pop(o, mark);
  for (uint32_t r = 0; r < bf->nblocks; r++) {
    const uint8_t *reg = bf->uni.region ? bf->uni.region[r] : NULL;
    for (uint32_t x = 0; reg && x < bf->nblocks; x++)
      if (reg[x])
        for (uint32_t w = 0; w < W; w++) extra[(size_t)x * W + w] |= rs[(size_t)r * W + w];
  }
  free(rs);
  int rc = 0;
  for (uint32_t b = 0; b < bf->nblocks && !rc; b++) {
    if (bf->dom.rpo_num[b] == IR_NONE) continue;
    memcpy(live, &L.out[(size_t)b * W], W * 8);
    const be_mblock *mb = &bf->blocks[b];
    for (uint32_t j = mb->n + 1; j-- > 0 && !rc;) {
      if (j < mb->n) {
        const be_mi *mi = &mb->code[j];
        if (mi->dst.kind == BE_O_VREG) be_bit_clr(live, mi->dst.reg);
        /* the destination must not overlap anything live across it */
        if (mi->dst.kind == BE_O_VREG) be_bit_set(live, mi->dst.reg);
      }
      /* pairwise check of the live set (plus dst) */
      int16_t ownr[2][ISA_MAX_VGPRS];
      uint32_t who[2][ISA_MAX_VGPRS];
      memset(ownr, 0, sizeof ownr);
      for (uint32_t w = 0; w < W; w++) chk[w] = live[w] | extra[(size_t)b * W + w];
      for (uint32_t v = 0; v < bf->nvregs && !rc; v++) {
        if (!be_bit_test(chk, v)) continue;
        const be_vreg *vr = &bf->vregs[v];
        int f = vr->file == ISA_RF_S;
        if (vr->phys < 0) {
          snprintf(err, errlen, "vreg %u live in block %u without a register", v, b);
          rc = -1;
          break;
        }
        for (uint32_t k = 0; k < vr->size; k++) {
          int p = vr->phys + (int)k;
          if (ownr[f][p]) {
            snprintf(err, errlen, "block %u inst %u: vregs %u and %u share %c%d", b, j, who[f][p],
                     v, f ? 's' : 'v', p);
            rc = -1;
            break;
          }
          ownr[f][p] = 1;
          who[f][p] = v;
        }
      }
      if (j < mb->n) {
        const be_mi *mi = &mb->code[j];
        if (mi->dst.kind == BE_O_VREG) be_bit_clr(live, mi->dst.reg);
        for (int k = 0; k < 3; k++)
          if (mi->src[k].kind == BE_O_VREG) be_bit_set(live, mi->src[k].reg);
      }
    }
  }
  free(live);
  free(chk);
  free(extra);
  be_live_fini(&L);
  return rc;
}
