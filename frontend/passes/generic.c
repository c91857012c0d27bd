/* Pass: the generic address space (OpenCL 2.0), as GPU compilers handle it.
 * The reader turns OpPtrCastToGeneric/OpGenericCastToPtr into pointer
 * bitcasts between a named space and IR_AS_GENERIC. Run after inlining:
 *
 * 1. Inference. Each generic pointer gets the set of spaces it may point
 *    into: a cast from a named space gives that space, ptradd its base's,
 *    phi and select the union of their operands', a null constant or undef
 *    none; anything else (a pointer loaded from memory, an integer cast to a
 *    pointer) may point anywhere.
 * 2. An access (load, store, atomic) through a generic pointer with one
 *    possible space goes through a copy of its address computation in that
 *    space (casts dropped, ptradds/phis/selects rebuilt): the same
 *    instructions as if the program had named the space, at no extra cost.
 * 3. Any other access is routed per lane, as a flat instruction does on AMD
 *    hardware: the address's high word (isa.h, ISA_APERTURE_*) picks the
 *    __local, private or global path, one branch per possible space, each
 *    with the ordinary instruction of its space, joined by a phi. A wave
 *    whose lanes are mixed runs every path its lanes need, with the lanes
 *    of that path (exec-masked); a path no lane takes is skipped or, when
 *    short, issued with no lanes (be_predicate), so the timing model and the
 *    checkers see each lane's access in its real space. Atomics have no
 *    private path (OpenCL defines atomics on __global and __local memory
 *    only): a private address then takes the global path and faults.
 * 4. Remaining casts become aperture arithmetic: a __local or private
 *    pointer value v (32-bit) becomes v == 0 ? 0 : aperture << 32 | v (null
 *    stays null), and back its low word; __global and __constant pointers
 *    are already flat addresses. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "isa.h"
#include "pass.h"

enum {
  GEN_P = 1u << IR_AS_PRIVATE,
  GEN_G = 1u << IR_AS_GLOBAL,
  GEN_C = 1u << IR_AS_CONSTANT,
  GEN_L = 1u << IR_AS_LOCAL,
  GEN_ANY = GEN_P | GEN_G | GEN_L,
};

typedef struct gen_ctx {
  ir_function *f;
  uint8_t *mask;  /* per instruction: possible spaces (GEN_*) of a generic pointer */
  uint32_t *copy; /* per instruction: its copy in the one space, IR_NONE when none yet */
} gen_ctx;

static int gen_is_generic(const ir_function *f, uint32_t v) {
  ir_type t = f->insts[v].type;
  return t.base == IR_T_PTR && t.space == IR_AS_GENERIC;
}

static uint8_t gen_transfer(const gen_ctx *g, uint32_t v) {
  const ir_inst *in = &g->f->insts[v];
  switch ((ir_op)in->op) {
  case IR_BITCAST: {
    ir_type st = g->f->insts[in->opnd[0]].type;
    if (st.base != IR_T_PTR) return GEN_ANY;
    return st.space == IR_AS_GENERIC ? g->mask[in->opnd[0]] : (uint8_t)(1u << st.space);
  }
  case IR_PTRADD:
    return g->mask[in->opnd[0]];
  case IR_PHI: {
    uint8_t m = 0;
    for (uint32_t k = 0; k < in->nopnd; k++) m |= g->mask[in->opnd[k]];
    return m;
  }
  case IR_SELECT:
    return g->mask[in->opnd[1]] | g->mask[in->opnd[2]];
  case IR_CONST:
    return in->imm ? GEN_ANY : 0;
  case IR_UNDEF:
    return 0;
  default:
    return GEN_ANY;
  }
}

static void gen_infer(gen_ctx *g) {
  ir_function *f = g->f;
  for (int changed = 1; changed;) {
    changed = 0;
    for (uint32_t b = 0; b < f->nblocks; b++)
      for (uint32_t k = 0; k < f->blocks[b].ninsts; k++) {
        uint32_t v = f->blocks[b].insts[k];
        if (!gen_is_generic(f, v)) continue;
        uint8_t m = g->mask[v] | gen_transfer(g, v);
        if (m != g->mask[v]) g->mask[v] = m, changed = 1;
      }
  }
}

/* The one space a mask allows (__constant only when nothing else), or -1. */
static int gen_single(uint8_t m) {
  if (m == GEN_C) return IR_AS_CONSTANT;
  m &= (uint8_t)~GEN_C;
  if (m == 0) return IR_AS_GLOBAL; /* only null: the access faults as it would */
  if (m == GEN_G || (m == (GEN_G | GEN_C))) return IR_AS_GLOBAL;
  if (m == GEN_L) return IR_AS_LOCAL;
  if (m == GEN_P) return IR_AS_PRIVATE;
  return -1;
}

static uint32_t gen_index(const ir_function *f, uint32_t v) {
  const ir_block *b = &f->blocks[f->insts[v].block];
  for (uint32_t k = 0; k < b->ninsts; k++)
    if (b->insts[k] == v) return k;
  return b->ninsts;
}

/* A new instruction right after v (after the block's phis when v is one). */
static uint32_t gen_after(ir_function *f, uint32_t v, ir_op op, ir_type t, uint32_t n) {
  uint32_t id = pass_new_inst(f, op, t, n);
  uint32_t b = f->insts[v].block, pos = gen_index(f, v) + 1;
  while (pos < f->blocks[b].ninsts && f->insts[f->blocks[b].insts[pos]].op == IR_PHI) pos++;
  f->insts[id].line = f->insts[v].line;
  pass_insert(f, b, pos, id);
  return id;
}

/* v's address computation in space sp (step 2). Every generic value it
 * reaches has a mask within {sp} (masks are unions of their operands'). */
static uint32_t gen_copy(gen_ctx *g, uint32_t v, ir_space sp) {
  ir_function *f = g->f;
  if (!gen_is_generic(f, v)) return v;
  if (g->copy[v] != IR_NONE) return g->copy[v];
  ir_type t = {IR_T_PTR, (uint8_t)sp};
  ir_op op = (ir_op)f->insts[v].op;
  uint32_t r;
  switch (op) {
  case IR_BITCAST: {
    uint32_t s = f->insts[v].opnd[0];
    r = gen_is_generic(f, s) ? gen_copy(g, s, sp) : s;
    if (f->insts[r].type.space != sp) { /* a __constant object read as global */
      uint32_t c = gen_after(f, v, IR_BITCAST, t, 1);
      f->insts[c].opnd[0] = r;
      r = c;
    }
    break;
  }
  case IR_PTRADD:
  case IR_SELECT: {
    r = gen_after(f, v, op, t, f->insts[v].nopnd);
    g->copy[v] = r;
    for (uint32_t k = 0; k < f->insts[v].nopnd; k++) {
      uint32_t o = f->insts[v].opnd[k];
      uint32_t c =
          (op == IR_PTRADD && k == 1) || (op == IR_SELECT && k == 0) ? o : gen_copy(g, o, sp);
      f->insts[r].opnd[k] = c;
    }
    break;
  }
  case IR_PHI: {
    uint32_t n = f->insts[v].nopnd, b = f->insts[v].block;
    r = pass_new_inst(f, IR_PHI, t, n);
    f->insts[r].line = f->insts[v].line;
    pass_insert(f, b, 0, r);
    g->copy[v] = r; /* before the operands: a loop's phi reaches itself */
    for (uint32_t k = 0; k < n; k++) {
      uint32_t c = gen_copy(g, f->insts[v].opnd[k], sp);
      f->insts[r].opnd[k] = c;
      f->insts[r].phi_block[k] = f->insts[v].phi_block[k];
    }
    break;
  }
  default: /* a null constant or undef */
    r = gen_after(f, v, (ir_op)f->insts[v].op, t, 0);
    f->insts[r].imm = 0;
    break;
  }
  g->copy[v] = r;
  return r;
}

/* An instruction appended to block b (callers add the terminator last). */
static uint32_t gen_emit(ir_function *f, uint32_t b, ir_op op, ir_type t, uint32_t a0, uint32_t a1,
                         uint32_t line) {
  uint32_t o[2] = {a0, a1};
  uint32_t id = ir_append(f, b, op, t, ir_ops[op].nmin, o);
  f->insts[id].line = line;
  return id;
}

static uint32_t gen_const(ir_function *f, ir_type t, uint64_t bits) {
  uint32_t id = pass_new_inst(f, IR_CONST, t, 0);
  f->insts[id].imm = bits;
  uint32_t pos = 0; /* after the parameters, which come first */
  while (pos < f->blocks[0].ninsts && f->insts[f->blocks[0].insts[pos]].op == IR_PARAM) pos++;
  pass_insert(f, 0, pos, id);
  return id;
}

/* The address in space sp of generic pointer p (whose I64 view is a), in b. */
static uint32_t gen_narrow(ir_function *f, uint32_t b, uint32_t p, uint32_t a, ir_space sp,
                           uint32_t line) {
  ir_type t = {IR_T_PTR, (uint8_t)sp};
  if (sp == IR_AS_GLOBAL) return gen_emit(f, b, IR_BITCAST, t, p, 0, line);
  uint32_t lo = gen_emit(f, b, IR_TRUNC, (ir_type){IR_T_I32, 0}, a, 0, line);
  return gen_emit(f, b, IR_BITCAST, t, lo, 0, line);
}

static void gen_term(ir_function *f, uint32_t b, uint32_t s0, uint32_t s1, uint32_t cond,
                     uint32_t line) {
  ir_block *bb = &f->blocks[b];
  if (s1 == IR_NONE) {
    gen_emit(f, b, IR_BR, (ir_type){IR_T_VOID, 0}, 0, 0, line);
    bb = &f->blocks[b];
    bb->nsucc = 1, bb->succ[0] = s0;
  } else {
    gen_emit(f, b, IR_CBR, (ir_type){IR_T_VOID, 0}, cond, 0, line);
    bb = &f->blocks[b];
    bb->nsucc = 2, bb->succ[0] = s0, bb->succ[1] = s1;
  }
}

/* Access m (a load, store or atomic, not in any block) replayed in block b
 * through pointer q; branches to join; its value (IR_NONE when void). */
static uint32_t gen_access(ir_function *f, uint32_t m, uint32_t b, uint32_t q, uint32_t join) {
  uint32_t r = pass_new_inst(f, (ir_op)f->insts[m].op, f->insts[m].type, f->insts[m].nopnd);
  ir_inst *nm = &f->insts[r], *om = &f->insts[m];
  nm->line = om->line, nm->aux = om->aux, nm->imm = om->imm, nm->name = om->name;
  for (uint32_t k = 0; k < om->nopnd; k++) nm->opnd[k] = om->opnd[k];
  nm->opnd[0] = q;
  pass_insert(f, b, f->blocks[b].ninsts, r);
  gen_term(f, b, join, IR_NONE, 0, om->line);
  return f->insts[r].type.base == IR_T_VOID ? IR_NONE : r;
}

/* Routes access m (removed from its block) per lane over spaces sp[0..n),
 * the last the fallback: from block b an if / else-if chain on the high word
 * hi, one arm per space, every arm ending in join; the arms' values and
 * blocks go to val/from (step 3). */
static void gen_route(ir_function *f, uint32_t m, uint32_t b, uint32_t p, uint32_t a, uint32_t hi,
                      const ir_space *sp, uint32_t n, uint32_t join, uint32_t *val,
                      uint32_t *from) {
  uint32_t line = f->insts[m].line;
  for (uint32_t k = 0; k + 1 < n; k++) {
    uint32_t arm = ir_add_block(f), next = ir_add_block(f);
    uint32_t ap = gen_const(f, (ir_type){IR_T_I32, 0},
                            sp[k] == IR_AS_LOCAL ? ISA_APERTURE_LOCAL_HI : ISA_APERTURE_PRIVATE_HI);
    uint32_t c = gen_emit(f, b, IR_ICMP, (ir_type){IR_T_BOOL, 0}, hi, ap, line);
    f->insts[c].aux = IR_P_EQ;
    gen_term(f, b, arm, next, c, line);
    val[k] = gen_access(f, m, arm, gen_narrow(f, arm, p, a, sp[k], line), join);
    from[k] = arm;
    b = next;
  }
  /* the last space needs no test */
  val[n - 1] = gen_access(f, m, b, gen_narrow(f, b, p, a, sp[n - 1], line), join);
  from[n - 1] = b;
}

/* Splits block b before index pos: the instructions from pos on move to a
 * new block, which takes b's successors (their phis renamed); returns it. */
static uint32_t gen_split(ir_function *f, uint32_t b, uint32_t pos) {
  uint32_t c = ir_add_block(f);
  for (uint32_t k = pos; k < f->blocks[b].ninsts; k++) {
    uint32_t id = f->blocks[b].insts[k];
    pass_insert(f, c, f->blocks[c].ninsts, id);
  }
  ir_block *bb = &f->blocks[b], *cb = &f->blocks[c];
  bb->ninsts = pos;
  cb->nsucc = bb->nsucc, cb->succ[0] = bb->succ[0], cb->succ[1] = bb->succ[1];
  bb->nsucc = 0, bb->succ[0] = bb->succ[1] = IR_NONE;
  for (uint32_t s = 0; s < cb->nsucc; s++)
    if (s == 0 || cb->succ[1] != cb->succ[0]) pass_phi_rename_pred(f, cb->succ[s], b, c);
  return c;
}

/* Step 3 for access m through generic pointer p with possible spaces mask. */
static void gen_expand(gen_ctx *g, uint32_t m, uint8_t mask) {
  ir_function *f = g->f;
  uint32_t b = f->insts[m].block, pos = gen_index(f, m), line = f->insts[m].line;
  uint32_t join = gen_split(f, b, pos + 1), nopnd = f->insts[m].nopnd;
  pass_delete(f, m); /* from b's tail; its record stays as the template */
  f->insts[m].nopnd = nopnd;
  uint32_t p = f->insts[m].opnd[0];
  ir_space sp[3];
  uint32_t n = 0;
  int atomic = f->insts[m].op == IR_ATOMIC;
  if (mask & GEN_L) sp[n++] = IR_AS_LOCAL;
  if ((mask & GEN_P) && !atomic) sp[n++] = IR_AS_PRIVATE;
  sp[n++] = IR_AS_GLOBAL; /* __global, __constant and anything unexpected */
  ir_type i64 = {IR_T_I64, 0}, i32 = {IR_T_I32, 0};
  uint32_t a = gen_emit(f, b, IR_BITCAST, i64, p, 0, line);
  uint32_t hi = gen_emit(f, b, IR_TRUNC, i32,
                         gen_emit(f, b, IR_LSHR, i64, a, gen_const(f, i64, 32), line), 0, line);
  uint32_t val[3], from[3];
  gen_route(f, m, b, p, a, hi, sp, n, join, val, from);
  if (f->insts[m].type.base != IR_T_VOID) {
    uint32_t ph = pass_new_inst(f, IR_PHI, f->insts[m].type, n);
    f->insts[ph].line = line;
    for (uint32_t k = 0; k < n; k++)
      f->insts[ph].opnd[k] = val[k], f->insts[ph].phi_block[k] = from[k];
    pass_insert(f, join, 0, ph);
    pass_replace_uses(f, m, ph);
  }
}

/* Step 4: address-space cast v (a pointer bitcast with a generic side)
 * becomes arithmetic on the aperture. */
static void gen_lower_cast(ir_function *f, uint32_t v) {
  uint32_t s = f->insts[v].opnd[0], line = f->insts[v].line;
  ir_type st = f->insts[s].type, t = f->insts[v].type;
  ir_type i64 = {IR_T_I64, 0}, i32 = {IR_T_I32, 0};
  uint32_t b = f->insts[v].block, pos = gen_index(f, v);
  uint32_t seq[8], n = 0, r;
  int to_generic = t.space == IR_AS_GENERIC;
  ir_space named = (ir_space)(to_generic ? st.space : t.space);
  if (named != IR_AS_LOCAL && named != IR_AS_PRIVATE) return; /* flat already: the bitcast stays */
  if (to_generic) {                                           /* v == 0 ? 0 : hi << 32 | v */
    uint32_t z = seq[n++] = pass_new_inst(f, IR_BITCAST, i64, 1);
    f->insts[z].opnd[0] = s;
    uint32_t ap = gen_const(
        f, i64,
        (uint64_t)(named == IR_AS_LOCAL ? ISA_APERTURE_LOCAL_HI : ISA_APERTURE_PRIVATE_HI) << 32);
    uint32_t zero = gen_const(f, i64, 0);
    uint32_t o = seq[n++] = pass_new_inst(f, IR_OR, i64, 2);
    f->insts[o].opnd[0] = z, f->insts[o].opnd[1] = ap;
    uint32_t c = seq[n++] = pass_new_inst(f, IR_ICMP, (ir_type){IR_T_BOOL, 0}, 2);
    f->insts[c].opnd[0] = z, f->insts[c].opnd[1] = zero, f->insts[c].aux = IR_P_EQ;
    uint32_t sel = seq[n++] = pass_new_inst(f, IR_SELECT, i64, 3);
    f->insts[sel].opnd[0] = c, f->insts[sel].opnd[1] = zero, f->insts[sel].opnd[2] = o;
    r = seq[n++] = pass_new_inst(f, IR_BITCAST, t, 1);
    f->insts[r].opnd[0] = sel;
  } else { /* the low word */
    uint32_t a = seq[n++] = pass_new_inst(f, IR_BITCAST, i64, 1);
    f->insts[a].opnd[0] = s;
    uint32_t lo = seq[n++] = pass_new_inst(f, IR_TRUNC, i32, 1);
    f->insts[lo].opnd[0] = a;
    r = seq[n++] = pass_new_inst(f, IR_BITCAST, t, 1);
    f->insts[r].opnd[0] = lo;
  }
  b = f->insts[v].block, pos = gen_index(f, v);
  for (uint32_t k = 0; k < n; k++) {
    f->insts[seq[k]].line = line;
    pass_insert(f, b, pos + 1 + k, seq[k]);
  }
  pass_replace_uses(f, v, r);
  pass_delete(f, v);
}

static int gen_is_access(const ir_function *f, uint32_t v) {
  ir_op op = (ir_op)f->insts[v].op;
  return (op == IR_LOAD || op == IR_STORE || op == IR_ATOMIC) && f->insts[v].nopnd &&
         gen_is_generic(f, f->insts[v].opnd[0]);
}

int pass_generic(ir_function *f, char *err, size_t errlen) {
  uint32_t n0 = f->ninsts, nacc = 0, any = 0;
  for (uint32_t v = 0; v < n0; v++)
    if (f->insts[v].block != IR_NONE && gen_is_generic(f, v)) any = 1;
  if (!any) return 0;
  gen_ctx g = {f, NULL, NULL};
  uint32_t *acc = NULL;
  uint32_t mark = fe_oom_keep(f->oom, &g.mask);
  fe_oom_keep(f->oom, &g.copy);
  fe_oom_keep(f->oom, &acc);
  g.mask = fe_xcalloc(f->oom, n0 + 1, 1);
  g.copy = fe_xmalloc(f->oom, (n0 + 1) * sizeof(uint32_t));
  acc = fe_xmalloc(f->oom, (n0 + 1) * sizeof(uint32_t));
  for (uint32_t v = 0; v < n0; v++) g.copy[v] = IR_NONE;
  gen_infer(&g);
  for (uint32_t v = 0; v < n0; v++)
    if (f->insts[v].block != IR_NONE && gen_is_access(f, v)) acc[nacc++] = v;
  /* step 2 first: its copies are placed by index in blocks step 3 splits */
  for (uint32_t k = 0; k < nacc; k++) {
    uint32_t m = acc[k], p = f->insts[m].opnd[0];
    int sp = gen_single(g.mask[p]);
    if (sp >= 0) {
      uint32_t c = gen_copy(&g, p, (ir_space)sp);
      f->insts[m].opnd[0] = c;
      acc[k] = IR_NONE;
    }
  }
  for (uint32_t k = 0; k < nacc; k++)
    if (acc[k] != IR_NONE) gen_expand(&g, acc[k], g.mask[f->insts[acc[k]].opnd[0]]);
  uint32_t n1 = f->ninsts;
  for (uint32_t v = 0; v < n1; v++) {
    const ir_inst *in = &f->insts[v];
    if (in->block == IR_NONE || in->op != IR_BITCAST || in->type.base != IR_T_PTR) continue;
    ir_type st = f->insts[in->opnd[0]].type;
    if (st.base == IR_T_PTR && st.space != in->type.space &&
        (st.space == IR_AS_GENERIC || in->type.space == IR_AS_GENERIC))
      gen_lower_cast(f, v);
  }
  fe_oom_pop(f->oom, mark);
  free(g.mask);
  free(g.copy);
  free(acc);
  ir_compute_preds(f);
  return pass_check(f, "generic", err, errlen);
}
