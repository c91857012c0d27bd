/* The work-group collective functions (work_group_reduce/scan_*, broadcast,
 * any/all: OpGroup* with Workgroup scope), lowered as GPUs run them: each
 * sub-group combines its work-items with the cross-lane operations, the
 * sub-groups' results meet in a __local scratch array between two barriers,
 * and every sub-group combines those with one more sub-group operation. The
 * order of combination is fixed (lanes, then sub-groups), so float results
 * are deterministic. docs/ARCHITECTURE.md "Sub-groups". */
#include <spirv/unified1/spirv.h>

#include "spv_internal.h"

#define W(k) spv_word(m, i, (k))

/* The scratch entries (8 bytes each): one per sub-group of the largest
 * work-group a preset may have (cu.max_workgroup_size <= 4096) at the
 * smallest wave size (32). */
enum { WG_SCRATCH_ENTRIES = 4096 / 32 };

static uint32_t wg_scratch(spv_fn *x) {
  if (!x->wg_scratch) {
    ir_type lp = {IR_T_PTR, IR_AS_LOCAL};
    uint32_t r = spv_emit_entry(x, IR_LOCAL_VAR, lp, 0, NULL);
    x->f->insts[r].imm = WG_SCRATCH_ENTRIES * 8;
    x->f->insts[r].aux = 8;
    x->wg_scratch = r + 1;
  }
  return x->wg_scratch - 1;
}

static uint32_t wg_slot(spv_fn *x, uint32_t idx) { /* &scratch[idx], idx an I32 */
  ir_type i64 = SPV_IRT(IR_T_I64), lp = {IR_T_PTR, IR_AS_LOCAL};
  uint32_t off = spv_op2(x, IR_MUL, i64, spv_op1(x, IR_ZEXT, i64, idx), spv_kconst(x, i64, 8));
  return spv_op2(x, IR_PTRADD, lp, wg_scratch(x), off);
}

static void wg_barrier(spv_fn *x) {
  uint32_t r = spv_emit(x, IR_BARRIER, SPV_IRT(IR_T_VOID), 0, NULL);
  x->f->insts[r].aux = 1; /* CLK_LOCAL_MEM_FENCE */
}

static uint32_t wg_cmp(spv_fn *x, ir_pred p, uint32_t a, uint32_t b) {
  uint32_t r = spv_op2(x, IR_ICMP, SPV_IRT(IR_T_BOOL), a, b);
  x->f->insts[r].aux = p;
  return r;
}

/* Ends the current block with a branch to `to` (cond IR_NONE) or a
 * conditional one to t / f. */
static void wg_br(spv_fn *x, uint32_t cond, uint32_t t, uint32_t f) {
  ir_function *fn = x->f;
  uint32_t b = x->block;
  if (cond == IR_NONE) {
    spv_emit(x, IR_BR, SPV_IRT(IR_T_VOID), 0, NULL);
    fn->blocks[b].succ[0] = t;
    fn->blocks[b].nsucc = 1;
  } else {
    spv_emit(x, IR_CBR, SPV_IRT(IR_T_VOID), 1, &cond);
    fn->blocks[b].succ[0] = t;
    fn->blocks[b].succ[1] = f;
    fn->blocks[b].nsucc = 2;
  }
}

/* if (cond) scratch[idx] = v; */
static void wg_store_if(spv_fn *x, uint32_t cond, uint32_t idx, uint32_t v) {
  ir_function *f = x->f;
  uint32_t then = ir_add_block(f), join = ir_add_block(f);
  wg_br(x, cond, then, join);
  x->block = then;
  uint32_t o[2] = {wg_slot(x, idx), v};
  uint32_t st = spv_emit(x, IR_STORE, SPV_IRT(IR_T_VOID), 2, o);
  f->insts[st].aux = 8;
  wg_br(x, IR_NONE, join, 0);
  x->block = join;
}

/* The identity of comb on t (ir.h IR_SG_*; -0.0 for a float sum). */
static uint32_t wg_identity(spv_fn *x, uint32_t comb, ir_type t) {
  int wide = t.base == IR_T_I64 || t.base == IR_T_F64;
  uint64_t top = wide ? (uint64_t)1 << 63 : (uint64_t)1 << 31,
           ones = wide ? ~(uint64_t)0 : 0xffffffffu;
  uint64_t v = 0;
  switch (comb) {
  case IR_FADD:
    v = top;
    break;
  case IR_SMIN:
    v = top - 1;
    break;
  case IR_SMAX:
    v = top;
    break;
  case IR_UMIN:
    v = ones;
    break;
  case IR_SG_FMIN:
    v = wide ? 0x7ff0000000000000u : 0x7f800000u;
    break;
  case IR_SG_FMAX:
    v = wide ? 0xfff0000000000000u : 0xff800000u;
    break;
  default:
    v = 0;
    break; /* ADD, UMAX */
  }
  return spv_kconst(x, t, v);
}

/* comb(a, b) as IR */
static uint32_t wg_combine(spv_fn *x, uint32_t comb, ir_type t, uint32_t a, uint32_t b) {
  if (comb == IR_SG_FMIN || comb == IR_SG_FMAX) {
    uint32_t r = spv_op2(x, IR_MATH, t, a, b);
    x->f->insts[r].aux = comb == IR_SG_FMIN ? IR_M_FMIN : IR_M_FMAX;
    return r;
  }
  return spv_op2(x, (ir_op)comb, t, a, b);
}

/* The combination, by every sub-group, of scratch[0 .. n) (n an I32):
 * lane l folds scratch[l], scratch[l + W], ... into the identity, then one
 * sub-group reduction. */
static uint32_t wg_fold(spv_fn *x, ir_type t, uint32_t comb, uint32_t n) {
  ir_function *f = x->f;
  ir_type i32 = SPV_IRT(IR_T_I32);
  uint32_t lid = spv_sg_lid(x), w = spv_sg_w(x), id = wg_identity(x, comb, t);
  uint32_t pre = x->block, head = ir_add_block(f), body = ir_add_block(f), done = ir_add_block(f);
  wg_br(x, IR_NONE, head, 0);
  x->block = head;
  uint32_t pi = spv_emit(x, IR_PHI, i32, 0, NULL), pt = spv_emit(x, IR_PHI, t, 0, NULL);
  wg_br(x, wg_cmp(x, IR_P_ULT, pi, n), body, done);
  x->block = body;
  uint32_t ld = spv_op1(x, IR_LOAD, t, wg_slot(x, pi));
  f->insts[ld].aux = 8;
  uint32_t nt = wg_combine(x, comb, t, pt, ld), ni = spv_op2(x, IR_ADD, i32, pi, w);
  uint32_t end = x->block;
  wg_br(x, IR_NONE, head, 0);
  uint32_t phis[2] = {pi, pt}, ins[2][2] = {{lid, ni}, {id, nt}};
  for (int k = 0; k < 2; k++) {
    ir_inst *in = &f->insts[phis[k]];
    in->opnd = fe_xcalloc(f->oom, 2, sizeof(uint32_t));
    in->phi_block = fe_xcalloc(f->oom, 2, sizeof(uint32_t));
    in->opnd[0] = ins[k][0], in->phi_block[0] = pre;
    in->opnd[1] = ins[k][1], in->phi_block[1] = end;
    in->nopnd = 2;
  }
  x->block = done;
  return spv_sg(x, t, IR_SG_AUX(IR_SG_REDUCE, comb, 0), pt, IR_NONE);
}

static uint32_t wg_sgid(spv_fn *x) {
  return spv_op2(x, IR_UDIV, SPV_IRT(IR_T_I32), spv_sg_lin(x), spv_sg_w(x));
}

uint32_t spv_wg_reduce(spv_fn *x, ir_type t, uint32_t comb, uint32_t v) {
  ir_type i32 = SPV_IRT(IR_T_I32);
  uint32_t s = spv_sg(x, t, IR_SG_AUX(IR_SG_REDUCE, comb, 0), v, IR_NONE);
  uint32_t zero = spv_kconst(x, i32, 0);
  wg_store_if(x, wg_cmp(x, IR_P_EQ, spv_sg_lid(x), zero), wg_sgid(x), s);
  wg_barrier(x);
  uint32_t w = spv_sg_w(x), one = spv_kconst(x, i32, 1);
  uint32_t nsg =
      spv_op2(x, IR_UDIV, i32,
              spv_op2(x, IR_ADD, i32, spv_sg_total(x), spv_op2(x, IR_SUB, i32, w, one)), w);
  uint32_t r = wg_fold(x, t, comb, nsg);
  wg_barrier(x); /* the scratch is free again for the next collective */
  return r;
}

/* Inclusive / exclusive scan: the sub-group's scan, plus the combination of
 * the earlier sub-groups' totals (each sub-group's last work-item stores
 * its inclusive result). */
static uint32_t wg_scan(spv_fn *x, ir_type t, uint32_t comb, uint32_t v, int excl) {
  ir_type i32 = SPV_IRT(IR_T_I32);
  uint32_t in = spv_sg(x, t, IR_SG_AUX(IR_SG_SCAN_INCL, comb, 0), v, IR_NONE);
  uint32_t ex = excl ? spv_sg(x, t, IR_SG_AUX(IR_SG_SCAN_EXCL, comb, 0), v, IR_NONE) : in;
  uint32_t w = spv_sg_w(x), sgid = wg_sgid(x), one = spv_kconst(x, i32, 1);
  uint32_t left = spv_op2(x, IR_SUB, i32, spv_sg_total(x), spv_op2(x, IR_MUL, i32, sgid, w));
  uint32_t last = spv_op2(x, IR_SUB, i32, spv_op2(x, IR_UMIN, i32, w, left), one);
  wg_store_if(x, wg_cmp(x, IR_P_EQ, spv_sg_lid(x), last), sgid, in);
  wg_barrier(x);
  uint32_t before = wg_fold(x, t, comb, sgid);
  wg_barrier(x);
  return wg_combine(x, comb, t, before, ex);
}

void spv_wg_arith(spv_fn *x, uint32_t i, uint32_t comb) {
  spv_mod *m = x->m;
  uint32_t gop = W(4);
  if (spv_val(x, W(5), x->a) != 1 || m->failed) return;
  ir_type t = spv_rtype(x, x->a[0]);
  if (t.base != IR_T_I32 && t.base != IR_T_I64 && t.base != IR_T_F32 && t.base != IR_T_F64) {
    spv_error(m, x->line,
              "work-group collective functions take int, uint, long, ulong, float or double");
    return;
  }
  uint32_t r;
  if (gop == SpvGroupOperationReduce)
    r = spv_wg_reduce(x, t, comb, x->a[0]);
  else if (gop == SpvGroupOperationInclusiveScan || gop == SpvGroupOperationExclusiveScan)
    r = wg_scan(x, t, comb, x->a[0], gop == SpvGroupOperationExclusiveScan);
  else {
    spv_error(m, x->line, "unsupported group operation %u of a work-group function", gop);
    return;
  }
  spv_set(x, W(2), &r, 1);
}

/* work_group_broadcast(x, local id [, y [, z]]): the work-item named stores
 * its value, every work-item loads it between two barriers. */
void spv_wg_broadcast(spv_fn *x, uint32_t i) {
  spv_mod *m = x->m;
  ir_type i32 = SPV_IRT(IR_T_I32), i64 = SPV_IRT(IR_T_I64);
  uint32_t n = spv_val(x, W(5), x->c);
  if (spv_val(x, W(4), x->a) != 1 || n < 1 || n > 3 || m->failed) {
    if (!m->failed) spv_error(m, x->line, "malformed SPIR-V: work_group_broadcast operands");
    return;
  }
  ir_type t = spv_rtype(x, x->a[0]);
  /* the named work-item's local linear id, in 64 bits (size_t ids) */
  uint32_t target = spv_kconst(x, i64, 0);
  for (uint32_t k = n; k-- > 0;) {
    uint32_t id = x->c[k];
    if (spv_rtype(x, id).base != IR_T_I64) id = spv_resize(x, id, i64, 0);
    uint32_t sz = spv_emit(x, IR_LOCAL_SIZE, i64, 0, NULL);
    x->f->insts[sz].aux = k;
    target = k == n - 1 ? id : spv_op2(x, IR_ADD, i64, id, spv_op2(x, IR_MUL, i64, sz, target));
  }
  uint32_t me = spv_op1(x, IR_ZEXT, i64, spv_sg_lin(x));
  uint32_t v = x->a[0];
  int logical = t.base == IR_T_BOOL;
  if (logical) v = spv_b2i(x, v), t = i32;
  wg_store_if(x, wg_cmp(x, IR_P_EQ, me, target), spv_kconst(x, i32, 0), v);
  wg_barrier(x);
  uint32_t r = spv_op1(x, IR_LOAD, t, wg_slot(x, spv_kconst(x, i32, 0)));
  x->f->insts[r].aux = 8;
  wg_barrier(x);
  if (logical) r = spv_i2b(x, r);
  spv_set(x, W(2), &r, 1);
}
