/* For `wavesim compile`: which LDS instructions address an affine function
 * of the work-item's local id, found by abstract interpretation of the ISA,
 * and the passes such an access takes per wave on a preset's LDS.
 *
 * Each register holds, at each point, one of: nothing known yet (bottom);
 * base + cx*lid.x + cy*lid.y + cz*lid.z with constant coefficients and a
 * base that is a constant or some value common to the wave's active lanes
 * (a kernel argument, a uniform loop counter); or varying (anything else).
 * The ring operations (add, sub, mul by a constant, shift left by a
 * constant, mad) keep the form modulo 2^32, which is all an LDS address
 * uses (32-bit, wrapping). Where control flow joins, equal forms stay;
 * forms with the same coefficients and different bases keep the
 * coefficients with an unknown base, which is uniform where the paths were
 * taken by the whole wave (scalar branches); at the reconvergence point of
 * a divergent branch (s_cbranch_div/pred target[2]) a vector register
 * written inside the branch's region is varying unless its base is a
 * constant (the same function of the id on every path), since lanes arrive from different paths
 * (or, leaving a loop, from different iterations). SGPRs are uniform by construction. The lattice
 * is three levels high, so the fixed point is reached quickly. */
#include <stdlib.h>
#include <string.h>

#include "compile.h"
#include "sim_lds.h"

enum { AFF_BOTTOM, AFF_FORM, AFF_VARYING };

typedef struct aff {
  uint8_t kind;       /* AFF_* */
  uint8_t base_known; /* AFF_FORM: base is the constant `base`; else uniform, unknown */
  /* a 64-bit value zero/sign-extended from a 32-bit one that depends on the
   * local id: the form holds modulo 2^32 only, so only ring operations and
   * 32-bit reads may use it */
  uint8_t low32;
  uint8_t wide;        /* written as a 64-bit value (a pair's low half) */
  uint32_t base, c[3]; /* modulo 2^32: all an LDS address uses */
} aff;

#define AFF_NREGS (ISA_MAX_VGPRS + ISA_MAX_SGPRS)
typedef struct aff_state {
  aff r[AFF_NREGS]; /* VGPRs, then SGPRs */
} aff_state;

static const aff aff_varying = {.kind = AFF_VARYING};
static const aff aff_uniform = {.kind = AFF_FORM};

static aff aff_const(uint32_t v) {
  return (aff){.kind = AFF_FORM, .base_known = 1, .base = v};
}

static int aff_has_lid(const aff *a) {
  return a->c[0] || a->c[1] || a->c[2];
}

static int aff_equal(const aff *a, const aff *b) {
  return a->kind == b->kind &&
         (a->kind != AFF_FORM ||
          (a->base_known == b->base_known && a->low32 == b->low32 && a->wide == b->wide &&
           (!a->base_known || a->base == b->base) && !memcmp(a->c, b->c, sizeof a->c)));
}

/* The join of two facts at a control-flow merge. */
static aff aff_join(const aff *a, const aff *b) {
  if (a->kind == AFF_BOTTOM) return *b;
  if (b->kind == AFF_BOTTOM) return *a;
  if (a->kind == AFF_VARYING || b->kind == AFF_VARYING || memcmp(a->c, b->c, sizeof a->c))
    return aff_varying;
  aff r = *a;
  r.low32 |= b->low32;
  r.wide &= b->wide;
  if (!(a->base_known && b->base_known && a->base == b->base)) {
    r.base_known = 0;
    r.base = 0;
  }
  return r;
}

static aff aff_add(const aff *a, const aff *b, int sub) {
  if (a->kind != AFF_FORM || b->kind != AFF_FORM) return aff_varying;
  aff r = {.kind = AFF_FORM, .low32 = a->low32 | b->low32};
  r.base_known = a->base_known && b->base_known;
  r.base = r.base_known ? (sub ? a->base - b->base : a->base + b->base) : 0;
  for (int d = 0; d < 3; d++) r.c[d] = sub ? a->c[d] - b->c[d] : a->c[d] + b->c[d];
  return r;
}

static aff aff_mul(const aff *a, const aff *b) {
  if (a->kind != AFF_FORM || b->kind != AFF_FORM) return aff_varying;
  /* one side must be a known constant unless neither depends on the id */
  const aff *k = b->base_known && !aff_has_lid(b) ? b : a->base_known && !aff_has_lid(a) ? a : NULL;
  if (!k) return aff_has_lid(a) || aff_has_lid(b) ? aff_varying : aff_uniform;
  const aff *x = k == b ? a : b;
  aff r = *x;
  r.base = x->base * k->base;
  for (int d = 0; d < 3; d++) r.c[d] = x->c[d] * k->base;
  return r;
}

/* Any other operation: uniform when every input is uniform (and exact), else varying. */
static aff aff_opaque(const aff *in, int n) {
  for (int i = 0; i < n; i++)
    if (in[i].kind != AFF_FORM || aff_has_lid(&in[i]) || in[i].low32) return aff_varying;
  return aff_uniform;
}

static aff *aff_reg(aff_state *s, const isa_operand *o) {
  if (o->file == ISA_RF_V && o->reg < ISA_MAX_VGPRS) return &s->r[o->reg];
  if (o->file == ISA_RF_S && o->reg < ISA_MAX_SGPRS) return &s->r[ISA_MAX_VGPRS + o->reg];
  return NULL;
}

/* Source operand `k` of `in` as a fact (a literal is a constant). */
static aff aff_src(aff_state *s, const isa_inst *in, unsigned k) {
  const isa_operand *o = &in->src[k];
  if (o->file == ISA_RF_IMM) return aff_const((uint32_t)o->imm);
  aff *r = aff_reg(s, o);
  if (!r) return aff_varying;
  if (o->file == ISA_RF_S && r->kind != AFF_FORM) return aff_uniform;
  aff v = *r;
  /* a pair whose low half a 32-bit operation wrote: its high half is
   * unknown, the form holds modulo 2^32 */
  if (o->file == ISA_RF_V && v.kind == AFF_FORM && !v.wide &&
      isa_operand_width((isa_opcode)in->op, k + 1) == 2)
    v.low32 = 1;
  return v;
}

/* 32-bit result: exact, so the 64-bit caveat goes. */
static aff aff_w32(aff r) {
  r.low32 = 0;
  r.wide = 0;
  return r;
}

/* The effect of one instruction on the state. */
static void aff_step(aff_state *s, const isa_inst *in) {
  isa_regset rs;
  isa_inst_regs(in, &rs);
  if (!rs.nwrites) return;
  aff a = aff_src(s, in, 0), b = aff_src(s, in, 1), c = aff_src(s, in, 2), r;
  aff ins[3] = {a, b, c};
  unsigned nsrc = 0;
  for (unsigned k = 0; k < 3; k++) nsrc += isa_operand_width((isa_opcode)in->op, k + 1) ? 1 : 0;
  int is32 = isa_operand_width((isa_opcode)in->op, 0) == 1;
  switch ((isa_opcode)in->op) {
  case ISA_OP_s_mov_b32:
  case ISA_OP_s_mov_b64:
  case ISA_OP_v_mov_b32:
  case ISA_OP_v_mov_b64:
    r = a;
    break;
  case ISA_OP_s_add_u32:
  case ISA_OP_s_add_u64:
  case ISA_OP_v_add_u32:
  case ISA_OP_v_add_u64:
    r = aff_add(&a, &b, 0);
    break;
  case ISA_OP_s_sub_u32:
  case ISA_OP_s_sub_u64:
  case ISA_OP_v_sub_u32:
  case ISA_OP_v_sub_u64:
    r = aff_add(&a, &b, 1);
    break;
  case ISA_OP_s_mul_i32:
  case ISA_OP_s_mul_u64:
  case ISA_OP_v_mul_lo_u32:
  case ISA_OP_v_mul_lo_u64:
    r = aff_mul(&a, &b);
    break;
  case ISA_OP_v_mad_u32:
  case ISA_OP_v_mad_u64_u32: {
    /* v_mad_u64_u32 multiplies 32-bit sources into a 64-bit sum: modulo
     * 2^32 the same form */
    aff m = aff_mul(&a, &b);
    r = aff_add(&m, &c, 0);
    if ((isa_opcode)in->op == ISA_OP_v_mad_u64_u32 && (aff_has_lid(&a) || aff_has_lid(&b)))
      r.low32 = 1;
    break;
  }
  case ISA_OP_s_lshl_b32:
  case ISA_OP_s_lshl_b64:
  case ISA_OP_v_lshl_b32:
  case ISA_OP_v_lshl_b64:
    if (b.kind == AFF_FORM && b.base_known && !aff_has_lid(&b)) {
      unsigned sh = b.base & (is32 ? 31u : 63u);
      aff k = aff_const(sh < 32 ? 1u << sh : 0u);
      r = aff_mul(&a, &k);
    } else {
      r = aff_opaque(ins, 2);
    }
    break;
  case ISA_OP_s_zext_u64_u32:
  case ISA_OP_v_zext_u64_u32:
  case ISA_OP_s_sext_i64_i32:
  case ISA_OP_v_sext_i64_i32:
    /* the low half is the source; the high half follows from it only
     * where the source does not depend on the id */
    r = a;
    if (r.kind == AFF_FORM && aff_has_lid(&r)) r.low32 = 1;
    break;
  case ISA_OP_v_writelane_b32: /* one lane changes, the others keep theirs */
    r = aff_varying;
    break;
  case ISA_OP_v_cndmask_b32:
  case ISA_OP_v_cndmask_b64:
    /* the lane mask may differ per lane: only equal sources are known */
    r = aff_equal(&a, &b) ? a : aff_varying;
    break;
  default:
    r = isa_ops[in->op].flags & ISA_F_MEM ? aff_varying : aff_opaque(ins, (int)nsrc);
    break;
  }
  /* every register written starts unknown (loads' tuples, a pair's high half) */
  for (unsigned w = 0; w < rs.nwrites; w++)
    for (unsigned i = 0; i < rs.writes[w].count; i++) {
      isa_operand o = {.file = rs.writes[w].file, .reg = (uint16_t)(rs.writes[w].reg + i)};
      aff *d = aff_reg(s, &o);
      if (d) *d = o.file == ISA_RF_S ? aff_uniform : aff_varying;
    }
  aff *d = aff_reg(s, &in->dst);
  if (!d) return;
  if (r.kind == AFF_BOTTOM) r = aff_varying;
  if (in->dst.file == ISA_RF_S && (r.kind != AFF_FORM || aff_has_lid(&r))) r = aff_uniform;
  if (is32) {
    r = aff_w32(r);
  } else {
    r.wide = 1;
  }
  *d = r;
}

/* Successors of pc (up to 3). */
static unsigned aff_succ(const isa_kernel *k, uint32_t pc, uint32_t out[3]) {
  const isa_inst *in = &k->code[pc];
  uint32_t f = isa_ops[in->op].flags;
  unsigned n = 0;
  if (f & ISA_F_END) return 0;
  if (f & ISA_F_BRANCH) {
    unsigned nt = isa_num_targets((isa_opcode)in->op);
    if (in->op == ISA_OP_s_cbranch_div || in->op == ISA_OP_s_cbranch_pred) nt = 2;
    for (unsigned t = 0; t < nt; t++)
      if (in->target[t] < k->ncode) out[n++] = in->target[t];
    if (in->op == ISA_OP_s_cbranch_scc0 || in->op == ISA_OP_s_cbranch_scc1)
      if (pc + 1 < k->ncode) out[n++] = pc + 1;
    return n;
  }
  if (pc + 1 < k->ncode) out[n++] = pc + 1;
  return n;
}

/* Marks in written[] (VGPR bitmaps, per reconvergence pc) the VGPRs written
 * between divergent branch pc and its reconvergence point. */
static int aff_regions(const isa_kernel *k, uint64_t (*written)[ISA_MAX_VGPRS / 64]) {
  uint32_t n = k->ncode;
  uint8_t *seen = malloc(n);
  uint32_t *stack = malloc((size_t)n * sizeof *stack);
  if (!seen || !stack) {
    free(seen);
    free(stack);
    return -1;
  }
  for (uint32_t pc = 0; pc < n; pc++) {
    const isa_inst *br = &k->code[pc];
    if (br->op != ISA_OP_s_cbranch_div && br->op != ISA_OP_s_cbranch_pred) continue;
    uint32_t rec = br->target[2], sp = 0;
    if (rec >= n) continue;
    memset(seen, 0, n);
    for (int t = 0; t < 2; t++)
      if (br->target[t] < n && br->target[t] != rec && !seen[br->target[t]]) {
        seen[br->target[t]] = 1;
        stack[sp++] = br->target[t];
      }
    while (sp) {
      uint32_t x = stack[--sp], succ[3];
      isa_regset rs;
      isa_inst_regs(&k->code[x], &rs);
      for (unsigned w = 0; w < rs.nwrites; w++)
        if (rs.writes[w].file == ISA_RF_V)
          for (unsigned i = 0; i < rs.writes[w].count; i++) {
            unsigned v = rs.writes[w].reg + i;
            if (v < ISA_MAX_VGPRS) written[rec][v / 64] |= 1ull << (v % 64);
          }
      unsigned ns = aff_succ(k, x, succ);
      for (unsigned j = 0; j < ns; j++)
        if (succ[j] != rec && !seen[succ[j]]) {
          seen[succ[j]] = 1;
          stack[sp++] = succ[j];
        }
    }
  }
  free(seen);
  free(stack);
  return 0;
}

/* At a divergent branch's reconvergence point lanes bring their own values
 * of what the branch's region wrote: only forms with a constant base (the
 * same function of the id on every path) stay. */
static void aff_reconverge(aff_state *s, const uint64_t written[ISA_MAX_VGPRS / 64]) {
  for (unsigned v = 0; v < ISA_MAX_VGPRS; v++)
    if ((written[v / 64] >> (v % 64)) & 1 && s->r[v].kind == AFF_FORM && !s->r[v].base_known)
      s->r[v] = aff_varying;
}

/* Joins `from` into a block's entry state; 1 if it changed. */
static int aff_merge(aff_state *into, const aff_state *from, uint8_t *reached) {
  int changed = !*reached;
  *reached = 1;
  for (unsigned i = 0; i < AFF_NREGS; i++) {
    aff j = aff_join(&into->r[i], &from->r[i]);
    if (i >= ISA_MAX_VGPRS && j.kind == AFF_VARYING) j = aff_uniform;
    if (!aff_equal(&j, &into->r[i])) {
      into->r[i] = j;
      changed = 1;
    }
  }
  return changed;
}

static int aff_is_lds(const isa_inst *in) {
  return isa_ops[in->op].unit == ISA_UNIT_LDS && (isa_ops[in->op].flags & ISA_F_MEM);
}

/* The analysis proper over basic blocks (entry states kept per block). */
typedef struct aff_run {
  const isa_kernel *k;
  uint32_t *block;  /* per pc: its block's index if it starts one, else UINT32_MAX */
  uint32_t *start;  /* per block: its first pc */
  aff_state *st;    /* per block: entry state */
  uint8_t *reached; /* per block */
  uint8_t *queued;  /* per block */
  uint32_t *work;   /* blocks to revisit */
  uint64_t (*written)[ISA_MAX_VGPRS / 64]; /* per pc, for reconvergence points */
  aff_state cur;
} aff_run;

static void aff_run_free(aff_run *r) {
  free(r->block);
  free(r->start);
  free(r->st);
  free(r->reached);
  free(r->queued);
  free(r->work);
  free(r->written);
}

/* Block leaders: the entry, branch targets (reconvergence points among
 * them) and what follows a branch. Returns the block count, 0 on no memory. */
static uint32_t aff_blocks(aff_run *r) {
  const isa_kernel *k = r->k;
  uint32_t n = k->ncode, nb = 0;
  r->block = malloc((size_t)n * sizeof *r->block);
  if (!r->block) return 0;
  uint8_t *lead = calloc(n, 1);
  if (!lead) return 0;
  lead[0] = 1;
  for (uint32_t pc = 0; pc < n; pc++) {
    const isa_inst *in = &k->code[pc];
    if (!(isa_ops[in->op].flags & (ISA_F_BRANCH | ISA_F_END))) continue;
    if (pc + 1 < n) lead[pc + 1] = 1;
    for (unsigned t = 0; t < 3; t++)
      if (in->target[t] < n) lead[in->target[t]] = 1;
  }
  for (uint32_t pc = 0; pc < n; pc++) nb += lead[pc];
  r->start = malloc((size_t)nb * sizeof *r->start);
  if (r->start) {
    uint32_t b = 0;
    for (uint32_t pc = 0; pc < n; pc++) {
      r->block[pc] = lead[pc] ? b : UINT32_MAX;
      if (lead[pc]) r->start[b++] = pc;
    }
  }
  free(lead);
  return r->start ? nb : 0;
}

/* Walks block b from its entry state; with `out`, records each LDS
 * instruction's address form instead of propagating. */
static void aff_walk(aff_run *r, uint32_t b, cli_lds_addr *out, uint32_t *nw) {
  const isa_kernel *k = r->k;
  uint32_t pc = r->start[b];
  r->cur = r->st[b];
  aff_reconverge(&r->cur, r->written[pc]);
  for (;; pc++) {
    const isa_inst *in = &k->code[pc];
    if (out && aff_is_lds(in)) {
      aff a = aff_src(&r->cur, in, 0);
      if (a.kind == AFF_FORM) {
        out[pc].affine = 1;
        out[pc].base_known = a.base_known;
        out[pc].base = (a.base_known ? a.base : 0) + (uint32_t)in->offset;
        memcpy(out[pc].coef, a.c, sizeof a.c);
      }
    }
    aff_step(&r->cur, in);
    int ends = (isa_ops[in->op].flags & (ISA_F_BRANCH | ISA_F_END)) || pc + 1 >= k->ncode ||
               r->block[pc + 1] != UINT32_MAX;
    if (!ends) continue;
    if (out) return;
    uint32_t succ[3];
    unsigned ns = aff_succ(k, pc, succ);
    for (unsigned j = 0; j < ns; j++) {
      uint32_t sb = r->block[succ[j]];
      if (aff_merge(&r->st[sb], &r->cur, &r->reached[sb]) && !r->queued[sb]) {
        r->queued[sb] = 1;
        r->work[(*nw)++] = sb;
      }
    }
    return;
  }
}

int cli_affine_lds(const isa_kernel *k, cli_lds_addr *out) {
  uint32_t n = k->ncode;
  memset(out, 0, (size_t)n * sizeof *out);
  for (uint32_t pc = 0; pc < n; pc++) out[pc].lds = (uint8_t)aff_is_lds(&k->code[pc]);
  if (!n) return 0;
  aff_run *r = calloc(1, sizeof *r);
  if (!r) return -1;
  r->k = k;
  int rc = -1;
  uint32_t nb = aff_blocks(r);
  if (!nb) goto done;
  r->st = calloc(nb, sizeof *r->st);
  r->reached = calloc(nb, 1);
  r->queued = calloc(nb, 1);
  r->work = malloc((size_t)nb * sizeof *r->work);
  r->written = calloc(n, sizeof *r->written);
  if (!r->st || !r->reached || !r->queued || !r->work || !r->written ||
      aff_regions(k, r->written) != 0)
    goto done;
  /* at entry: the local ids in v0-v2, every SGPR uniform, other VGPRs unknown */
  for (unsigned i = 0; i < AFF_NREGS; i++)
    r->st[0].r[i] = i < ISA_MAX_VGPRS ? aff_varying : aff_uniform;
  for (int d = 0; d < 3; d++) {
    aff *lid = &r->st[0].r[ISA_ABI_VGPR_LOCAL_ID + d];
    *lid = aff_const(0);
    lid->c[d] = 1;
  }
  r->reached[0] = r->queued[0] = 1;
  uint32_t nw = 0;
  r->work[nw++] = 0;
  while (nw) {
    uint32_t b = r->work[--nw];
    r->queued[b] = 0;
    aff_walk(r, b, NULL, &nw);
  }
  for (uint32_t b = 0; b < nb; b++)
    if (r->reached[b]) aff_walk(r, b, out, NULL);
  rc = 0;
done:
  aff_run_free(r);
  free(r);
  return rc;
}

void cli_lds_degree(const cli_lds_addr *a, const isa_inst *in, const cfg_device *cfg,
                    const uint32_t local[3], cli_lds_cost *out) {
  sim_lds_params p;
  sim_lds_params_read(&p, cfg);
  uint32_t ws = (uint32_t)cfg->wave_size;
  uint64_t items = (uint64_t)local[0] * local[1] * local[2];
  uint64_t waves = (items + ws - 1) / ws;
  isa_access acc;
  memset(out, 0, sizeof *out);
  for (uint64_t w = 0; w < waves; w++) {
    memset(&acc, 0, sizeof acc);
    acc.space = ISA_SPACE_LDS;
    acc.size = (uint8_t)isa_access_size((isa_opcode)in->op);
    uint32_t f = isa_ops[in->op].flags;
    acc.kind = (uint8_t)(f & ISA_F_ATOMIC  ? ISA_F_ATOMIC
                         : f & ISA_F_STORE ? ISA_F_STORE
                                           : ISA_F_LOAD);
    /* lanes take consecutive linear local ids, x fastest */
    for (uint32_t l = 0; l < ws; l++) {
      uint64_t id = w * ws + l;
      if (id >= items) break;
      uint32_t x = (uint32_t)(id % local[0]), y = (uint32_t)(id / local[0] % local[1]),
               z = (uint32_t)(id / ((uint64_t)local[0] * local[1]));
      acc.mask |= 1ull << l;
      acc.addr[l] = (uint32_t)(a->base + a->coef[0] * x + a->coef[1] * y + a->coef[2] * z);
    }
    /* an atomic counts as one whose result is used: no lanes combined */
    uint32_t ideal = 0, passes = sim_lds_cost(&p, &acc, 0, &ideal);
    if (w == 0 || passes * (uint64_t)(out->ideal ? out->ideal : 1) >
                      (uint64_t)out->passes * (ideal ? ideal : 1)) {
      out->passes = passes;
      out->ideal = ideal;
    }
    if (w == 0 || passes < out->passes_min) out->passes_min = passes;
    if (w == 0 || passes > out->passes_max) out->passes_max = passes;
  }
}
