/* Pass: constant parts of address offsets moved into a PTRADD of their own,
 * which the backend folds into the memory instruction's immediate offset.
 *
 * Why: an unrolled loop reads p[i + j], p[i + j + 1], p[i + j + 2] ...; each
 * copy's byte offset is ext(i + j + k) * size, a separate add, extension and
 * multiply per access. Written as (p + ext(i + j) * size) + k * size, the
 * variable part is one value shared by every copy (hash-consed here, within
 * the block) and the constant goes into the load's offset field, as GPU
 * compilers do.
 *
 * When it is exact: __local and private addresses are 32 bits wide and the
 * hardware adds register and offset modulo 2^32 (isa_sem_mem.c), so any
 * integer expression of adds, subtracts, constant multiplies and shifts and
 * extensions may be split modulo 2^32. Global and constant addresses are 64
 * bits: a 64-bit add or multiply splits exactly, but a constant moves out of
 * sext(a + c) only when the add cannot wrap as signed (IR_NSW), and out of
 * zext(a + c) only when it cannot wrap as unsigned (IR_NUW); then the
 * extension is pushed to the leaves (sext(a + b) = sext(a) + sext(b)).
 * Equal pure instructions of a block become one (the first) on the way.
 * Preconditions: valid SSA. Runs before simplify, whose dead-code removal
 * drops what the rewrite leaves unused. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "pass.h"

enum { AF_MOD32, AF_EXACT };            /* address arithmetic of the space */
enum { AF_EXT_NONE, AF_SEXT, AF_ZEXT }; /* extension applied to the value */
#define AF_MAX_DEPTH 8                  /* bounds the walk over shared subexpressions */
#define AF_MAX_OFFSET (1 << 30)         /* what the backend folds into one offset */

/* Hash-consing of the pure instructions of one block, so that the variable
 * parts of the copies' offsets become one value. */
typedef struct af_slot {
  uint16_t op;
  ir_type type;
  uint32_t a, b, id; /* id == 0 and op == 0: empty (value 0 is never a key) */
} af_slot;

typedef struct af {
  ir_function *f;
  uint32_t block, pos; /* new instructions go before blocks[block].insts[pos] */
  uint32_t line;
  af_slot *tab;
  uint32_t cap, used;
  /* constants by (type, bits), found or created in the entry block */
  af_slot *ktab;
  uint32_t kcap, kused;
} af;

static uint32_t af_hash(uint16_t op, ir_type t, uint64_t a, uint32_t b) {
  uint64_t h =
      op * 0x9e3779b97f4a7c15ull ^ (uint64_t)(t.base | t.space << 8) * 0xc2b2ae3d27d4eb4full;
  h ^= a * 0x165667b19e3779f9ull;
  h ^= (uint64_t)b * 0x27d4eb2f165667c5ull;
  return (uint32_t)(h ^ h >> 29);
}

static int af_same(const af_slot *s, uint16_t op, ir_type t, uint32_t a, uint32_t b) {
  return s->op == op && s->type.base == t.base && s->type.space == t.space && s->a == a &&
         s->b == b;
}

static void af_tab_put(fe_oom *o, af_slot **tab, uint32_t *cap, uint32_t *used, af_slot v);

/* An allocation failure unwinds with *tab still the old table (freed by
 * pass_addr_fold's cleanup). */
static void af_tab_grow(fe_oom *o, af_slot **tab, uint32_t *cap, uint32_t *used) {
  uint32_t oc = *cap;
  af_slot *old = *tab;
  *cap = oc ? oc * 2 : 64;
  *tab = fe_xcalloc(o, *cap, sizeof(af_slot));
  *used = 0;
  for (uint32_t i = 0; i < oc; i++)
    if (old[i].id || old[i].op) af_tab_put(o, tab, cap, used, old[i]);
  free(old);
}

static void af_tab_put(fe_oom *o, af_slot **tab, uint32_t *cap, uint32_t *used, af_slot v) {
  if ((*used + 1) * 2 > *cap) af_tab_grow(o, tab, cap, used);
  uint32_t m = *cap - 1, h = af_hash(v.op, v.type, v.a, v.b) & m;
  while ((*tab)[h].id || (*tab)[h].op) {
    if (af_same(&(*tab)[h], v.op, v.type, v.a, v.b)) return; /* keep the earliest */
    h = (h + 1) & m;
  }
  (*tab)[h] = v;
  (*used)++;
}

static uint32_t af_tab_get(const af_slot *tab, uint32_t cap, uint16_t op, ir_type t, uint32_t a,
                           uint32_t b) {
  if (!cap) return IR_NONE;
  uint32_t m = cap - 1, h = af_hash(op, t, a, b) & m;
  while (tab[h].id || tab[h].op) {
    if (af_same(&tab[h], op, t, a, b)) return tab[h].id;
    h = (h + 1) & m;
  }
  return IR_NONE;
}

static int af_hashable(ir_op op) {
  switch (op) {
  case IR_ADD:
  case IR_SUB:
  case IR_MUL:
  case IR_SHL:
  case IR_ZEXT:
  case IR_SEXT:
  case IR_PTRADD:
    return 1;
  default:
    return 0;
  }
}

static void af_remember(af *c, uint32_t id) {
  const ir_inst *in = &c->f->insts[id];
  af_slot s = {in->op, in->type, in->opnd[0], in->nopnd > 1 ? in->opnd[1] : IR_NONE, id};
  af_tab_put(c->f->oom, &c->tab, &c->cap, &c->used, s);
}

static unsigned af_bits(ir_type t) {
  return t.base == IR_T_I32 ? 32 : t.base == IR_T_I64 ? 64 : 0;
}

/* The constant `v` of type t (i32 or i64), one instruction per value. */
static uint32_t af_const(af *c, ir_type t, uint64_t v) {
  if (af_bits(t) == 32) v &= 0xffffffffu;
  uint32_t lo = (uint32_t)v, hi = (uint32_t)(v >> 32);
  uint32_t id = af_tab_get(c->ktab, c->kcap, IR_CONST, t, lo, hi);
  if (id != IR_NONE) return id;
  id = pass_new_inst(c->f, IR_CONST, t, 0);
  c->f->insts[id].imm = v;
  uint32_t pos = 0; /* after the entry's IR_PARAMs, like the reader's constants */
  while (pos < c->f->blocks[0].ninsts && c->f->insts[c->f->blocks[0].insts[pos]].op == IR_PARAM)
    pos++;
  pass_insert(c->f, 0, pos, id);
  if (c->block == 0) c->pos++;
  af_slot s = {IR_CONST, t, lo, hi, id};
  af_tab_put(c->f->oom, &c->ktab, &c->kcap, &c->kused, s);
  return id;
}

/* op(a, b) of type t: an equal instruction earlier in the block, or a new
 * one placed before the instruction being rewritten. */
static uint32_t af_emit(af *c, ir_op op, ir_type t, uint32_t a, uint32_t b) {
  uint32_t id = af_tab_get(c->tab, c->cap, op, t, a, b);
  if (id != IR_NONE) return id;
  uint32_t n = b == IR_NONE ? 1 : 2;
  id = pass_new_inst(c->f, op, t, n);
  ir_inst *in = &c->f->insts[id];
  in->opnd[0] = a;
  if (n == 2) in->opnd[1] = b;
  in->line = c->line;
  pass_insert(c->f, c->block, c->pos++, id);
  af_remember(c, id);
  return id;
}

/* A value split as v + k (v == IR_NONE: the value is k). */
typedef struct af_split {
  uint32_t v;
  int64_t k;
} af_split;

static int64_t af_norm(int mode, int64_t k) {
  return mode == AF_MOD32 ? (int64_t)(int32_t)(uint32_t)(uint64_t)k : k;
}

/* ext(value) in type t as an instruction (the value itself when ext is none). */
static uint32_t af_extended(af *c, uint32_t v, int ext, ir_type t) {
  if (ext == AF_EXT_NONE) return v;
  return af_emit(c, ext == AF_SEXT ? IR_SEXT : IR_ZEXT, t, v, IR_NONE);
}

static af_split af_split_value(af *c, uint32_t v, int mode, int ext, uint32_t need, ir_type t,
                               int depth);

/* Whether the constant may move out of `in` under extension `ext` (or, with
 * no extension, when the caller needs the flags `need` on every step). */
static int af_may_split(const ir_inst *in, int mode, int ext, uint32_t need) {
  if (mode == AF_MOD32) return 1;
  uint32_t flag = ext == AF_SEXT ? IR_NSW : ext == AF_ZEXT ? IR_NUW : need;
  return !flag || (in->aux & flag) != 0;
}

/* a + b or a - b of the parts, either of which may be absent (zero). */
static uint32_t af_combine(af *c, ir_op op, ir_type t, uint32_t a, uint32_t b) {
  if (b == IR_NONE) return a;
  if (a == IR_NONE) return op == IR_ADD ? b : af_emit(c, IR_SUB, t, af_const(c, t, 0), b);
  return af_emit(c, op, t, a, b);
}

/* Splits ext(v), a value of type t (ext applied when not none), into a
 * variable part of type t plus a constant. Parts without a constant are left
 * as they are (no instruction is created for them). */
static af_split af_split_value(af *c, uint32_t v, int mode, int ext, uint32_t need, ir_type t,
                               int depth) {
  /* a copy: creating instructions may move f->insts (operand arrays stay) */
  const ir_inst vin = c->f->insts[v];
  const ir_inst *in = &vin;
  af_split leaf = {v, 0};
  if (in->op == IR_CONST) {
    unsigned sb = af_bits(in->type);
    uint64_t imm = in->imm;
    if (ext == AF_SEXT && sb == 32)
      imm = (uint64_t)(int64_t)(int32_t)(uint32_t)imm;
    else if (ext == AF_ZEXT && sb == 32)
      imm &= 0xffffffffu;
    else if (sb == 32 && need == IR_NUW)
      imm &= 0xffffffffu; /* unsigned steps count unsigned */
    else if (sb == 32)
      imm = (uint64_t)(int64_t)(int32_t)(uint32_t)imm;
    return (af_split){IR_NONE, af_norm(mode, (int64_t)imm)};
  }
  if (depth >= AF_MAX_DEPTH) goto keep;
  switch ((ir_op)in->op) {
  case IR_ADD:
  case IR_SUB: {
    if (!af_may_split(in, mode, ext, need)) goto keep;
    uint32_t a = in->opnd[0], b = in->opnd[1];
    ir_type it = ext != AF_EXT_NONE && mode == AF_EXACT ? t : in->type;
    int sub_ext = mode == AF_EXACT ? ext : AF_EXT_NONE;
    af_split sa = af_split_value(c, a, mode, sub_ext, need, it, depth + 1);
    af_split sb = af_split_value(c, b, mode, sub_ext, need, it, depth + 1);
    if (!sa.k && !sb.k) goto keep;
    ir_op op = (ir_op)c->f->insts[v].op;
    af_split r = {af_combine(c, op, it, sa.v, sb.v),
                  af_norm(mode, (int64_t)(op == IR_ADD ? (uint64_t)sa.k + (uint64_t)sb.k
                                                       : (uint64_t)sa.k - (uint64_t)sb.k))};
    if (mode == AF_MOD32 && ext != AF_EXT_NONE && r.v != IR_NONE) r.v = af_extended(c, r.v, ext, t);
    return r;
  }
  case IR_MUL:
  case IR_SHL: {
    if (!af_may_split(in, mode, ext, need)) goto keep;
    uint32_t a = in->opnd[0], kb = in->opnd[1];
    if (c->f->insts[kb].op != IR_CONST) goto keep;
    uint64_t kv = c->f->insts[kb].imm;
    if (in->op == IR_SHL && (kv & 63) >= af_bits(in->type)) goto keep;
    ir_type it = ext != AF_EXT_NONE && mode == AF_EXACT ? t : in->type;
    int sub_ext = mode == AF_EXACT ? ext : AF_EXT_NONE;
    af_split sa = af_split_value(c, a, mode, sub_ext, need, it, depth + 1);
    if (!sa.k) goto keep;
    int64_t mul = in->op == IR_SHL ? (int64_t)((uint64_t)1 << (kv & 63)) : (int64_t)kv;
    if (af_bits(in->type) == 32) {
      /* the multiplier as the wider type sees it */
      int uns = (ext == AF_ZEXT && mode == AF_EXACT) || need == IR_NUW;
      mul = uns ? (int64_t)(uint32_t)mul : (int64_t)(int32_t)(uint32_t)mul;
    }
    af_split r = {IR_NONE, af_norm(mode, (int64_t)((uint64_t)sa.k * (uint64_t)mul))};
    if (sa.v != IR_NONE) {
      uint32_t kk = it.base == c->f->insts[kb].type.base ? kb : af_const(c, it, (uint64_t)mul);
      r.v = af_emit(c, in->op == IR_SHL ? IR_SHL : IR_MUL, it, sa.v,
                    in->op == IR_SHL ? af_const(c, it, kv & 63) : kk);
    }
    if (mode == AF_MOD32 && ext != AF_EXT_NONE && r.v != IR_NONE) r.v = af_extended(c, r.v, ext, t);
    return r;
  }
  case IR_SEXT:
  case IR_ZEXT: {
    if (ext != AF_EXT_NONE || af_bits(c->f->insts[in->opnd[0]].type) != 32 ||
        af_bits(in->type) != 64)
      goto keep;
    int e = in->op == IR_SEXT ? AF_SEXT : AF_ZEXT;
    uint32_t flag = e == AF_SEXT ? IR_NSW : IR_NUW;
    if (mode == AF_EXACT) {
      /* Narrow first: a = a' + k in 32 bits through flagged steps only, and
       * a' a value the program already computes without wrapping (a leaf,
       * or an earlier flagged instruction such as the previous unrolled
       * copy's index): then ext(a) = ext(a') + k, and ext(a') is usually
       * that copy's own extension, so the copies share one address. */
      uint32_t op0 = in->opnd[0], first_new = c->f->ninsts;
      af_split n =
          af_split_value(c, op0, mode, AF_EXT_NONE, flag, c->f->insts[op0].type, depth + 1);
      if (n.k) {
        const ir_inst *ni = n.v == IR_NONE ? NULL : &c->f->insts[n.v];
        int arith =
            ni && (ni->op == IR_ADD || ni->op == IR_SUB || ni->op == IR_MUL || ni->op == IR_SHL);
        if (ni && n.v < first_new && (!arith || (ni->aux & flag))) {
          /* n.k is the exact difference: constants were read as the
           * flagged steps read them (signed for nsw, unsigned for nuw) */
          return (af_split){af_extended(c, n.v, e, in->type), n.k};
        }
      }
    }
    af_split s = af_split_value(c, in->opnd[0], mode, e, 0, in->type, depth + 1);
    if (!s.k) goto keep;
    return s;
  }
  default:
    break;
  }
keep:
  leaf.v = af_extended(c, v, ext, t);
  return leaf;
}

/* p = ptradd(base, off) -> p = ptradd(ptradd(base, off'), k) when off = off' + k.
 * A base that is itself ptradd(b, k0) (a row of a 2-D __local tile, an
 * earlier rewrite's result) gives up its constant too: p = ptradd(ptradd(b,
 * off'), k0 + k), so t[ty + j][tx + i] for every j and i shares one
 * register, t + ty * row + tx * 4, as in NVIDIA's code. Reassociating adds
 * is exact in either width. */
static void af_rewrite(af *c, uint32_t p) {
  const ir_inst *in = &c->f->insts[p];
  uint32_t base = in->opnd[0], off = in->opnd[1];
  const ir_inst *oi = &c->f->insts[off];
  if (oi->op == IR_CONST || af_bits(oi->type) != 64) return;
  ir_type pt = in->type, ot = oi->type; /* read before f->insts may move */
  int mode = pt.space == IR_AS_LOCAL || pt.space == IR_AS_PRIVATE ? AF_MOD32 : AF_EXACT;
  int64_t k0 = 0;
  const ir_inst *bi = &c->f->insts[base];
  if (bi->op == IR_PTRADD && bi->type.space == pt.space) {
    const ir_inst *bk = &c->f->insts[bi->opnd[1]];
    if (bk->op == IR_CONST && af_bits(bk->type) == 64) {
      k0 = (int64_t)bk->imm;
      if (k0 > AF_MAX_OFFSET || k0 < -AF_MAX_OFFSET)
        k0 = 0;
      else
        base = bi->opnd[0];
    }
  }
  c->line = in->line;
  af_split s = af_split_value(c, off, mode, AF_EXT_NONE, 0, ot, 0);
  if (s.k > AF_MAX_OFFSET || s.k < -AF_MAX_OFFSET) return;
  s.k += k0;
  if (!s.k || s.k > AF_MAX_OFFSET || s.k < -AF_MAX_OFFSET) return; /* left as it was */
  uint32_t nb = s.v == IR_NONE ? base : af_emit(c, IR_PTRADD, pt, base, s.v);
  uint32_t kk = af_const(c, ot, (uint64_t)s.k);
  ir_inst *w = &c->f->insts[p];
  w->opnd[0] = nb;
  w->opnd[1] = kk;
}

int pass_addr_fold(ir_function *f, char *err, size_t errlen) {
  af c;
  memset(&c, 0, sizeof c);
  c.f = f;
  uint32_t mark = fe_oom_keep(f->oom, &c.tab);
  fe_oom_keep(f->oom, &c.ktab);
  /* reusable constants: those at the head of the entry block, which dominate
   * every use (simplify may fold an instruction into a constant elsewhere) */
  for (uint32_t i = 0; i < f->blocks[0].ninsts; i++) {
    uint32_t id = f->blocks[0].insts[i];
    const ir_inst *in = &f->insts[id];
    if (in->op == IR_PARAM) continue;
    if (in->op != IR_CONST) break;
    if (!af_bits(in->type)) continue;
    af_slot s = {IR_CONST, in->type, (uint32_t)in->imm, (uint32_t)(in->imm >> 32), id};
    af_tab_put(f->oom, &c.ktab, &c.kcap, &c.kused, s);
  }
  for (uint32_t b = 0; b < f->nblocks; b++) {
    if (c.tab) memset(c.tab, 0, c.cap * sizeof(af_slot));
    c.used = 0;
    c.block = b;
    for (c.pos = 0; c.pos < f->blocks[b].ninsts; c.pos++) {
      uint32_t id = f->blocks[b].insts[c.pos];
      if (f->insts[id].op == IR_PTRADD) af_rewrite(&c, id); /* may insert before c.pos */
      if (!af_hashable((ir_op)f->insts[id].op)) continue;
      /* an equal instruction earlier in the block (the index arithmetic of
       * unrolled copies, repeated by clang per copy) stands for this one */
      const ir_inst *in = &f->insts[id];
      uint32_t dup = af_tab_get(c.tab, c.cap, in->op, in->type, in->opnd[0],
                                in->nopnd > 1 ? in->opnd[1] : IR_NONE);
      if (dup != IR_NONE && dup != id)
        pass_replace_uses(f, id, dup);
      else
        af_remember(&c, id);
    }
  }
  fe_oom_pop(f->oom, mark);
  free(c.tab);
  free(c.ktab);
  return pass_check(f, "addr_fold", err, errlen);
}
