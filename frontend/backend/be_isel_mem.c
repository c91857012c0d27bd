/* Instruction selection for memory (global/constant through 64-bit VGPR-pair
 * addresses, __local through 32-bit LDS offsets, private through scratch
 * offsets), kernel arguments (s_load from the kernarg segment) and work-item
 * builtins (ABI registers and the dispatch packet). */
#include <stdlib.h>
#include <string.h>

#include "be_isel.h"

/* Follow PTRADDs with constant offsets: the memory instruction's immediate
 * offset absorbs them. Returns the base value, IR_NONE when the whole
 * address is a constant (a static __local or private variable). */
static uint32_t mem_base(isel *s, uint32_t p, int64_t *off) {
  *off = 0;
  for (;;) {
    const ir_inst *in = &s->f->insts[p];
    if (s->val[p].cls == VC_CONST) {
      *off += (int64_t)(s->val[p].imm & (isel_is64(in->type) ? ~(uint64_t)0 : 0xffffffffu));
      return IR_NONE;
    }
    if (in->op != IR_PTRADD || s->val[in->opnd[1]].cls != VC_CONST) return p;
    int64_t c = (int64_t)s->val[in->opnd[1]].imm;
    if (!isel_is64(in->type)) c = (int32_t)(uint32_t)c;
    if (c + *off > (1 << 30) || c + *off < -(1 << 30)) return p;
    *off += c;
    p = in->opnd[0];
  }
}

typedef struct mem_addr {
  be_opnd reg;
  int32_t offset;
  uint8_t space;
} mem_addr;

static int mem_address(isel *s, uint32_t p, mem_addr *a) {
  ir_type t = s->f->insts[p].type;
  if (t.base != IR_T_PTR) return isel_fail(s, "memory access through a non-pointer value");
  a->space = t.space;
  if (t.space == IR_AS_GENERIC) /* pass_generic routes every such access */
    return isel_fail(s, "internal compiler error: memory access through a generic pointer left "
                        "after pass_generic");
  int64_t off;
  uint32_t base = mem_base(s, p, &off);
  if (t.space == IR_AS_GLOBAL || t.space == IR_AS_CONSTANT) {
    if (base == IR_NONE) {
      a->reg = be_vr(isel_e1(s, ISA_OP_v_mov_b64, ISA_RF_V, 2, be_imm((uint64_t)off), isel_none, isel_none));
      a->offset = 0;
      return 0;
    }
    a->reg = isel_V2(s, base);
  } else {
    const ir_inst *b = base == IR_NONE ? NULL : &s->f->insts[base];
    uint32_t x;
    uint64_t k;
    int sign;
    if (base == IR_NONE) {
      a->reg = be_vr(isel_e1(s, ISA_OP_v_mov_b32, ISA_RF_V, 1, be_imm(0), isel_none, isel_none));
    } else if (b->op == IR_PTRADD && s->val[b->opnd[0]].cls == VC_CONST &&
               !isel_is_uniform_cls((isel_cls)s->val[base].cls) &&
               isel_scaled_index(s, b->opnd[1], &x, &k, &sign) &&
               off + (int64_t)(int32_t)(uint32_t)s->val[b->opnd[0]].imm < (1 << 30) &&
               off + (int64_t)(int32_t)(uint32_t)s->val[b->opnd[0]].imm > -(1 << 30)) {
      /* a static variable's address plus a scaled index (Bs[k][tx] once a
       * loop over k is unrolled): the variable's offset goes into the
       * instruction, the index register is shared, as GPU compilers address
       * [R + imm] */
      off += (int32_t)(uint32_t)s->val[b->opnd[0]].imm;
      a->reg = isel_scaled32(s, x, k);
    } else {
      a->reg = isel_V(s, base);
    }
    /* __local and private pointer values carry ISA_PTR_BIAS; the instruction
     * takes the LDS or scratch address (32-bit: the sum wraps) */
    off -= ISA_PTR_BIAS;
  }
  a->offset = (int32_t)off;
  return 0;
}

/* opcode by space (global, lds, scratch) and access: u8 i8 u16 i16 b32 b64 */
static const isa_opcode mem_load_ops[3][6] = {
  {ISA_OP_global_load_u8, ISA_OP_global_load_i8, ISA_OP_global_load_u16, ISA_OP_global_load_i16,
   ISA_OP_global_load_b32, ISA_OP_global_load_b64},
  {ISA_OP_ds_read_u8, ISA_OP_ds_read_i8, ISA_OP_ds_read_u16, ISA_OP_ds_read_i16, ISA_OP_ds_read_b32,
   ISA_OP_ds_read_b64},
  {ISA_OP_scratch_load_u8, ISA_OP_scratch_load_i8, ISA_OP_scratch_load_u16, ISA_OP_scratch_load_i16,
   ISA_OP_scratch_load_b32, ISA_OP_scratch_load_b64},
};
static const isa_opcode mem_store_ops[3][4] = {
  {ISA_OP_global_store_b8, ISA_OP_global_store_b16, ISA_OP_global_store_b32, ISA_OP_global_store_b64},
  {ISA_OP_ds_write_b8, ISA_OP_ds_write_b16, ISA_OP_ds_write_b32, ISA_OP_ds_write_b64},
  {ISA_OP_scratch_store_b8, ISA_OP_scratch_store_b16, ISA_OP_scratch_store_b32, ISA_OP_scratch_store_b64},
};

static int mem_space_index(uint8_t space) {
  return space == IR_AS_LOCAL ? 1 : space == IR_AS_PRIVATE ? 2 : 0;
}

static int mem_size_index(isel *s, ir_type t, int *idx) {
  switch ((ir_base)t.base) {
  case IR_T_I8: *idx = 0; return 0;
  case IR_T_I16: *idx = 1; return 0;
  case IR_T_I32:
  case IR_T_F32: *idx = 2; return 0;
  case IR_T_I64:
  case IR_T_F64: *idx = 3; return 0;
  case IR_T_PTR: *idx = isel_is64(t) ? 3 : 2; return 0;
  default: return isel_fail(s, "memory access of this type (%u) is not supported", t.base);
  }
}

/* ---- wide accesses ------------------------------------------------------------
 * The reader splits vectors into per-component accesses at base + k*size, the
 * first carrying the vector's alignment. A run of 2 or 4 such 4-byte accesses
 * (or 2 8-byte ones) off the same base, in one block, whose first access is
 * aligned to the run's width becomes one b64/b128 access. Loads are hoisted to
 * the first member and stores sunk to the last, so nothing between may touch
 * memory that could overlap: only accesses through the same base at provably
 * disjoint constant offsets are let through (atomics, barriers, fences end a
 * run). Merged loads define the members as 32-bit views (sub = component + 1)
 * of the wide register. */
typedef struct mem_run {
  uint32_t n;      /* members, 0 when no merge */
  uint32_t idx[4]; /* IR instructions by address: base + off + k*esize */
  uint32_t last;   /* member selected last (stores are emitted there) */
  unsigned esize;  /* bytes per member: 4 or 8 */
} mem_run;

static unsigned mem_elem_size(const ir_inst *in, const ir_function *f) {
  ir_type t = in->op == IR_LOAD ? in->type : f->insts[in->opnd[1]].type;
  switch ((ir_base)t.base) {
  case IR_T_I32:
  case IR_T_F32: return 4;
  case IR_T_I64:
  case IR_T_F64: return 8;
  case IR_T_PTR: return isel_is64(t) ? 8 : 4;
  default: return 0;
  }
}

/* IR access j's claim by another run's leader (vbool holds the leader for
 * stores; a defined value marks a hoisted load). */
static int mem_claimed(const isel *s, uint32_t j, uint32_t leader) {
  if (s->f->insts[j].op == IR_LOAD) return s->val[j].cls != VC_NONE;
  return s->val[j].vbool != IR_NONE && s->val[j].vbool != leader;
}

/* The run led by access i (a load or store), or n = 0. */
static void mem_find_run(isel *s, uint32_t i, mem_run *r) {
  const ir_function *f = s->f;
  const ir_inst *in = &f->insts[i];
  r->n = 0;
  unsigned es = mem_elem_size(in, f);
  uint32_t align = in->aux;
  if (in->op == IR_LOAD && in->imm) return; /* an atomic load */
  uint32_t want = es == 4 ? (align >= 16 ? 4 : align >= 8 ? 2 : 0) : es == 8 && align >= 16 ? 2 : 0;
  if (!want) return;
  ir_type pt = f->insts[in->opnd[0]].type;
  int64_t off0;
  uint32_t base = mem_base(s, in->opnd[0], &off0);
  const ir_block *bb = &f->blocks[in->block];
  uint32_t pos = 0;
  while (pos < bb->ninsts && bb->insts[pos] != i) pos++;
  uint32_t idx[4] = {i, IR_NONE, IR_NONE, IR_NONE}, lastpos[4] = {pos, 0, 0, 0};
  int64_t span = (int64_t)(want * es);
  /* bounded: a run's members sit close together, and isel stays linear */
  for (uint32_t q = pos + 1; q < bb->ninsts && q < pos + 256; q++) {
    uint32_t j = bb->insts[q];
    const ir_inst *x = &f->insts[j];
    /* an atomic load (sync set) stays one access: the race check reads its order */
    if (x->op == IR_ATOMIC || x->op == IR_BARRIER || x->op == IR_FENCE || x->op == IR_CALL ||
        (x->op == IR_LOAD && x->imm))
      break;
    if (x->op != IR_LOAD && x->op != IR_STORE) continue;
    int same_kind = x->op == in->op;
    int64_t o;
    ir_type xt = f->insts[x->opnd[0]].type;
    uint32_t xb = xt.space == pt.space ? mem_base(s, x->opnd[0], &o) : IR_NONE - 1;
    if (xb != base) { /* IR_NONE == IR_NONE: both absolute addresses in one space */
      if (in->op == IR_LOAD && x->op == IR_LOAD) continue; /* loads never conflict */
      break;
    }
    unsigned xs = mem_elem_size(x, f);
    int64_t d = o - off0;
    if (same_kind && xs == es && d > 0 && d < span && d % es == 0 && idx[d / es] == IR_NONE &&
        !mem_claimed(s, j, i)) {
      idx[d / es] = j;
      lastpos[d / es] = q;
      uint32_t k = 1;
      while (k < want && idx[k] != IR_NONE) k++;
      if (k == want) break;
      continue;
    }
    if (in->op == IR_LOAD && x->op == IR_LOAD) continue;
    /* a store among loads, or any access among stores: only when disjoint */
    int64_t xsz = xs ? xs : 16;
    if (o + xsz > off0 && o < off0 + span) break;
  }
  uint32_t n = 1;
  while (n < want && idx[n] != IR_NONE) n++;
  if (n == 3) n = 2;
  if (n < 2 || (es == 4 && n == 2 && align < 8)) return;
  r->n = n;
  r->esize = es;
  r->last = i;
  uint32_t lp = pos;
  for (uint32_t k = 0; k < n; k++) {
    r->idx[k] = idx[k];
    if (lastpos[k] > lp) {
      lp = lastpos[k];
      r->last = idx[k];
    }
  }
}

static isa_opcode mem_wide_op(int load, uint8_t space, unsigned bytes) {
  static const isa_opcode ld[3][2] = {{ISA_OP_global_load_b64, ISA_OP_global_load_b128},
                                      {ISA_OP_ds_read_b64, ISA_OP_ds_read_b128},
                                      {ISA_OP_scratch_load_b64, ISA_OP_scratch_load_b128}};
  static const isa_opcode st[3][2] = {{ISA_OP_global_store_b64, ISA_OP_global_store_b128},
                                      {ISA_OP_ds_write_b64, ISA_OP_ds_write_b128},
                                      {ISA_OP_scratch_store_b64, ISA_OP_scratch_store_b128}};
  return (load ? ld : st)[mem_space_index(space)][bytes == 16];
}

static int mem_load_wide(isel *s, const mem_run *r) {
  mem_addr a;
  if (mem_address(s, s->f->insts[r->idx[0]].opnd[0], &a)) return -1;
  unsigned regs = r->n * r->esize / 4;
  uint32_t d = isel_nv(s, ISA_RF_V, (uint8_t)regs);
  be_mi *mi = isel_e(s, mem_wide_op(1, a.space, regs * 4));
  mi->dst = be_vr(d);
  mi->src[0] = a.reg;
  mi->offset = a.offset;
  for (uint32_t k = 0; k < r->n; k++) {
    uint32_t j = r->idx[k];
    if (r->esize == 4) {
      isel_def(s, j, VC_V1, d);
      s->val[j].sub = (uint8_t)(k + 1);
    } else if (k == 0) {
      isel_def(s, j, VC_V2, d); /* the low pair: 64-bit uses read registers 0-1 */
    } else {
      /* the high pair gets its own register: 64-bit values split into halves
       * assume sub 1/2 */
      be_opnd hi = be_vr(d);
      hi.sub = 3;
      isel_def(s, j, VC_V2, isel_e1(s, ISA_OP_v_mov_b64, ISA_RF_V, 2, hi, isel_none, isel_none));
    }
  }
  return 0;
}

static uint32_t mem_sload(isel *s, uint32_t base, int wide, uint32_t off) {
  uint32_t d = isel_nv(s, ISA_RF_S, wide ? 2 : 1);
  be_mi *mi = isel_e(s, wide ? ISA_OP_s_load_b64 : ISA_OP_s_load_b32);
  mi->dst = be_vr(d);
  mi->src[0] = be_vr(base);
  mi->offset = (int32_t)off;
  return d;
}

int isel_load(isel *s, uint32_t i) {
  const ir_inst *in = &s->f->insts[i];
  if (s->val[i].cls != VC_NONE) return 0; /* defined by a wide load of its run */
  mem_run run;
  mem_find_run(s, i, &run);
  if (run.n) return mem_load_wide(s, &run);
  mem_addr a;
  int sz = 0;
  if (mem_size_index(s, in->type, &sz)) return -1;
  /* __constant data at a uniform address goes through the scalar (constant)
   * cache, one load per wave, as AMD's s_load does, unless the target reads
   * it with vector loads (NVIDIA's LDG.E.CONSTANT); only __constant memory,
   * because the scalar cache does not see the kernel's own vector stores */
  if (s->f->insts[in->opnd[0]].type.space == IR_AS_CONSTANT && sz >= 2 &&
      !(s->bf->t && s->bf->t->constant_vector_loads)) {
    int64_t off;
    uint32_t base = mem_base(s, in->opnd[0], &off);
    if (base != IR_NONE && s->val[base].cls == VC_S2 && off >= 0 && off < (1 << 20)) {
      uint32_t d = mem_sload(s, s->val[base].reg, sz == 3, (uint32_t)off);
      isel_def(s, i, sz == 3 ? VC_S2 : VC_S1, d);
      return 0;
    }
  }
  if (mem_address(s, in->opnd[0], &a)) return -1;
  static const int col[4] = {0, 2, 4, 5};
  isa_opcode op = mem_load_ops[mem_space_index(a.space)][col[sz]];
  int wide = sz == 3;
  uint32_t d = isel_nv(s, ISA_RF_V, wide ? 2 : 1);
  be_mi *mi = isel_e(s, op);
  mi->dst = be_vr(d);
  mi->src[0] = a.reg;
  mi->offset = a.offset;
  mi->sync = (uint8_t)in->imm;
  isel_def(s, i, wide ? VC_V2 : VC_V1, d);
  return 0;
}

/* The wide store of run r, at its last member: the data is the register a
 * merged load left when the members store its components in order (a copy),
 * otherwise a fresh tuple filled by moves (be_coalesce folds them into the
 * defining instructions). */
static int mem_store_wide(isel *s, const mem_run *r) {
  mem_addr a;
  if (mem_address(s, s->f->insts[r->idx[0]].opnd[0], &a)) return -1;
  unsigned regs = r->n * r->esize / 4;
  be_opnd data = isel_none;
  if (r->esize == 4) {
    const isel_val *v0 = &s->val[s->f->insts[r->idx[0]].opnd[1]];
    int copy = v0->cls == VC_V1 && v0->sub && (v0->sub - 1) % regs == 0 &&
               s->bf->vregs[v0->reg].size >= v0->sub - 1 + regs;
    for (uint32_t k = 1; k < r->n && copy; k++) {
      const isel_val *v = &s->val[s->f->insts[r->idx[k]].opnd[1]];
      copy = v->cls == VC_V1 && v->reg == v0->reg && v->sub == v0->sub + k;
    }
    if (copy) {
      data = be_vr(v0->reg);
      data.sub = v0->sub;
    }
  }
  if (data.kind == BE_O_NONE) {
    uint32_t q = isel_nv(s, ISA_RF_V, (uint8_t)regs);
    s->bf->vregs[q].no_spill = 1; /* written piecewise: spilling stores whole registers */
    for (uint32_t k = 0; k < r->n; k++) {
      uint32_t v = s->f->insts[r->idx[k]].opnd[1];
      be_mi *mi = isel_e(s, r->esize == 8 ? ISA_OP_v_mov_b64 : ISA_OP_v_mov_b32);
      mi->src[0] = r->esize == 8 ? isel_A2(s, v) : isel_A(s, v);
      mi->dst = be_vr(q);
      mi->dst.sub = (uint8_t)(k * r->esize / 4 + 1);
    }
    data = be_vr(q);
  }
  be_mi *mi = isel_e(s, mem_wide_op(0, a.space, regs * 4));
  mi->src[0] = a.reg;
  mi->src[1] = data;
  mi->offset = a.offset;
  return 0;
}

int isel_store(isel *s, uint32_t i) {
  const ir_inst *in = &s->f->insts[i];
  /* Stores have no value: their val slot records run membership (vbool =
   * leader; cls VC_CONST = emitted with the run at its last member). */
  if (s->val[i].vbool != IR_NONE) {
    if (s->val[i].cls == VC_CONST) return 0;
    mem_run run;
    mem_find_run(s, s->val[i].vbool, &run);
    if (run.n && run.last == i) return mem_store_wide(s, &run);
    return isel_fail(s, "internal compiler error: merged store run changed (please report)");
  }
  mem_run run;
  mem_find_run(s, i, &run);
  if (run.n) {
    for (uint32_t k = 0; k < run.n; k++) {
      s->val[run.idx[k]].vbool = i;
      if (run.idx[k] != run.last) s->val[run.idx[k]].cls = VC_CONST;
    }
    if (run.last == i) return mem_store_wide(s, &run);
    return 0;
  }
  uint32_t v = in->opnd[1];
  mem_addr a;
  int sz = 0;
  if (mem_size_index(s, s->f->insts[v].type, &sz) || mem_address(s, in->opnd[0], &a)) return -1;
  be_opnd data = sz == 3 ? isel_V2(s, v) : isel_V(s, v);
  be_mi *mi = isel_e(s, mem_store_ops[mem_space_index(a.space)][sz]);
  mi->src[0] = a.reg;
  mi->src[1] = data;
  mi->offset = a.offset;
  return 0;
}

/* indexed by ir_atomic, in its order, ADD to DEC */
_Static_assert(IR_A_ADD == 0 && IR_A_DEC == 12, "ir_atomic changed: update the atomic tables");
static const isa_opcode mem_atomic_ops[2][13] = {
  {ISA_OP_global_atomic_add_u32, ISA_OP_global_atomic_sub_u32, ISA_OP_global_atomic_xchg_b32,
   ISA_OP_global_atomic_cmpxchg_b32, ISA_OP_global_atomic_min_i32, ISA_OP_global_atomic_max_i32,
   ISA_OP_global_atomic_min_u32, ISA_OP_global_atomic_max_u32, ISA_OP_global_atomic_and_b32,
   ISA_OP_global_atomic_or_b32, ISA_OP_global_atomic_xor_b32, ISA_OP_global_atomic_inc_u32,
   ISA_OP_global_atomic_dec_u32},
  {ISA_OP_ds_atomic_add_u32, ISA_OP_ds_atomic_sub_u32, ISA_OP_ds_atomic_xchg_b32, ISA_OP_ds_atomic_cmpxchg_b32,
   ISA_OP_ds_atomic_min_i32, ISA_OP_ds_atomic_max_i32, ISA_OP_ds_atomic_min_u32, ISA_OP_ds_atomic_max_u32,
   ISA_OP_ds_atomic_and_b32, ISA_OP_ds_atomic_or_b32, ISA_OP_ds_atomic_xor_b32, ISA_OP_ds_atomic_inc_u32,
   ISA_OP_ds_atomic_dec_u32},
};
static const isa_opcode mem_atomic64_ops[2][13] = {
  {ISA_OP_global_atomic_add_u64, ISA_OP_global_atomic_sub_u64, ISA_OP_global_atomic_xchg_b64,
   ISA_OP_global_atomic_cmpxchg_b64, ISA_OP_global_atomic_min_i64, ISA_OP_global_atomic_max_i64,
   ISA_OP_global_atomic_min_u64, ISA_OP_global_atomic_max_u64, ISA_OP_global_atomic_and_b64,
   ISA_OP_global_atomic_or_b64, ISA_OP_global_atomic_xor_b64, ISA_OP_global_atomic_inc_u64,
   ISA_OP_global_atomic_dec_u64},
  {ISA_OP_ds_atomic_add_u64, ISA_OP_ds_atomic_sub_u64, ISA_OP_ds_atomic_xchg_b64, ISA_OP_ds_atomic_cmpxchg_b64,
   ISA_OP_ds_atomic_min_i64, ISA_OP_ds_atomic_max_i64, ISA_OP_ds_atomic_min_u64, ISA_OP_ds_atomic_max_u64,
   ISA_OP_ds_atomic_and_b64, ISA_OP_ds_atomic_or_b64, ISA_OP_ds_atomic_xor_b64, ISA_OP_ds_atomic_inc_u64,
   ISA_OP_ds_atomic_dec_u64},
};

int isel_atomic(isel *s, uint32_t i) {
  const ir_inst *in = &s->f->insts[i];
  if (in->aux > IR_A_DEC) return isel_fail(s, "unknown atomic operation %u", in->aux);
  unsigned bits = isel_bits(in->type);
  if (bits != 32 && bits != 64)
    return isel_fail(s, "atomics on %u-bit values are not supported (use 32- or 64-bit integers)", bits);
  int wide = bits == 64;
  be_opnd (*data)(isel *, uint32_t) = wide ? isel_V2 : isel_V;
  mem_addr a;
  if (mem_address(s, in->opnd[0], &a)) return -1;
  if (a.space == IR_AS_PRIVATE || a.space == IR_AS_CONSTANT)
    return isel_fail(
        s, "atomics on private or __constant memory are not supported (OpenCL C defines "
           "atomics on __global and __local objects only; a generic pointer here was traced "
           "to a private or __constant one: make the object __local or __global)");
  isa_opcode op = (wide ? mem_atomic64_ops : mem_atomic_ops)[a.space == IR_AS_LOCAL][in->aux];
  be_opnd v1 = isel_none, v2 = isel_none;
  if (in->aux == IR_A_CMPXCHG) {
    if (in->nopnd < 3) return isel_fail(s, "atomic_cmpxchg needs a comparator");
    v1 = data(s, in->opnd[2]); /* compared with memory */
    v2 = data(s, in->opnd[1]); /* stored when equal */
  } else if (in->aux != IR_A_INC && in->aux != IR_A_DEC) {
    if (in->nopnd < 2) return isel_fail(s, "atomic operation without a value");
    v1 = data(s, in->opnd[1]);
  }
  uint32_t d = isel_nv(s, ISA_RF_V, wide ? 2 : 1);
  be_mi *mi = isel_e(s, op);
  mi->dst = be_vr(d);
  mi->src[0] = a.reg;
  mi->src[1] = v1;
  mi->src[2] = v2;
  mi->offset = a.offset;
  mi->sync = (uint8_t)in->imm;
  isel_def(s, i, wide ? VC_V2 : VC_V1, d);
  return 0;
}

/* A program-scope variable: its segment's device address from the hidden
 * argument binding it, plus the variable's offset in the segment. */
int isel_const_var(isel *s, uint32_t i) {
  const ir_inst *in = &s->f->insts[i];
  const isa_hidden_arg *h = in->aux < s->bf->nconsts
                                ? isa_kernel_hidden(s->k, be_seg_hidden(s->bf->const_segs[in->aux]))
                                : NULL;
  if (!h)
    return isel_fail(s, "internal compiler error: program-scope variable %u has no segment",
                     in->aux);
  uint32_t d = mem_sload(s, s->kernarg, 1, h->offset);
  uint32_t off = s->bf->const_offsets[in->aux];
  if (off) d = isel_e1(s, ISA_OP_s_add_u64, ISA_RF_S, 2, be_vr(d), be_imm(off), isel_none);
  isel_def(s, i, VC_S2, d);
  return 0;
}

int isel_param(isel *s, uint32_t i) {
  const ir_inst *in = &s->f->insts[i];
  if (in->aux >= s->k->nargs) return isel_fail(s, "internal compiler error: parameter %u out of range", in->aux);
  const isa_arg *arg = &s->k->args[in->aux];
  const ir_param *prm = &s->f->params[in->aux];
  if (prm->type.base == IR_T_PTR && prm->by_value_size) {
    /* by-value aggregate: a __constant pointer to its bytes in the kernarg
     * segment (the reader loads the members through it) */
    uint32_t d = isel_e1(s, ISA_OP_s_add_u64, ISA_RF_S, 2, be_vr(s->kernarg), be_imm(arg->offset), isel_none);
    if (s->bf->uni.divergent[i]) {
      isel_def(s, i, VC_V2, isel_e1(s, ISA_OP_v_mov_b64, ISA_RF_V, 2, be_vr(d), isel_none, isel_none));
      return 0;
    }
    isel_def(s, i, VC_S2, d);
    return 0;
  }
  int wide = isel_is64(in->type) && arg->size == 8;
  uint32_t off = arg->offset & ~3u, shift = (arg->offset & 3u) * 8;
  uint32_t d = mem_sload(s, s->kernarg, wide, off);
  if (shift) d = isel_e1(s, ISA_OP_s_lshr_b32, ISA_RF_S, 1, be_vr(d), be_imm(shift), isel_none);
  isel_cls c = in->type.base == IR_T_BOOL ? VC_SBOOL : wide ? VC_S2 : VC_S1;
  if (s->bf->uni.divergent[i]) {
    /* only through temporal divergence; keep the class the uses expect */
    uint32_t v = isel_e1(s, wide ? ISA_OP_v_mov_b64 : ISA_OP_v_mov_b32, ISA_RF_V, wide ? 2 : 1, be_vr(d), isel_none,
                         isel_none);
    isel_def(s, i, wide ? VC_V2 : VC_V1, v);
    return 0;
  }
  isel_def(s, i, c, d);
  return 0;
}

int isel_builtin(isel *s, uint32_t i) {
  const ir_inst *in = &s->f->insts[i];
  uint32_t d = in->aux;
  int div = s->bf->uni.divergent[i];
  uint32_t r;
  isel_cls c;
  if (in->op == IR_WORK_DIM) {
    r = mem_sload(s, s->dispatch, 0, ISA_DISPATCH_WORK_DIM);
    c = VC_S1;
  } else if (d > 2) {
    /* OpenCL: ids and offsets are 0 and sizes 1 past the dimensions */
    int one = in->op == IR_LOCAL_SIZE || in->op == IR_ENQ_LOCAL_SIZE || in->op == IR_GLOBAL_SIZE ||
              in->op == IR_NUM_GROUPS;
    isel_def_const(s, i, one ? 1 : 0);
    return 0;
  } else {
    switch ((ir_op)in->op) {
    case IR_LOCAL_ID:
      r = isel_e1(s, ISA_OP_v_zext_u64_u32, ISA_RF_V, 2, be_vr(s->lid[d]), isel_none, isel_none);
      c = VC_V2;
      break;
    case IR_GROUP_ID:
      r = isel_e1(s, ISA_OP_s_zext_u64_u32, ISA_RF_S, 2, be_vr(s->gid[d]), isel_none, isel_none);
      c = VC_S2;
      break;
    case IR_ENQ_LOCAL_SIZE:
      r = mem_sload(s, s->dispatch, 1, ISA_DISPATCH_LOCAL_SIZE + 8 * d);
      c = VC_S2;
      break;
    case IR_LOCAL_SIZE:
      r = mem_sload(s, s->dispatch, 1, ISA_DISPATCH_LOCAL_SIZE + 8 * d);
      c = VC_S2;
      if (!s->f->uniform_wg) {
        /* a kernel that may run non-uniform work-groups: the last group of
         * a dimension has min(enqueued, global - group_id * enqueued)
         * work-items, as AMD's device libraries compute it */
        uint32_t gs = mem_sload(s, s->dispatch, 1, ISA_DISPATCH_GLOBAL_SIZE + 8 * d);
        uint32_t g =
            isel_e1(s, ISA_OP_s_zext_u64_u32, ISA_RF_S, 2, be_vr(s->gid[d]), isel_none, isel_none);
        uint32_t t = isel_e1(s, ISA_OP_s_mul_u64, ISA_RF_S, 2, be_vr(g), be_vr(r), isel_none);
        uint32_t rest = isel_e1(s, ISA_OP_s_sub_u64, ISA_RF_S, 2, be_vr(gs), be_vr(t), isel_none);
        be_mi *mi = isel_e(s, ISA_OP_s_cmp_lt_u64);
        mi->src[0] = be_vr(rest);
        mi->src[1] = be_vr(r);
        r = isel_e1(s, ISA_OP_s_cselect_b64, ISA_RF_S, 2, be_vr(rest), be_vr(r), isel_none);
      }
      break;
    case IR_GLOBAL_SIZE: r = mem_sload(s, s->dispatch, 1, ISA_DISPATCH_GLOBAL_SIZE + 8 * d); c = VC_S2; break;
    case IR_NUM_GROUPS: r = mem_sload(s, s->dispatch, 1, ISA_DISPATCH_NUM_GROUPS + 8 * d); c = VC_S2; break;
    case IR_GLOBAL_OFFSET: r = mem_sload(s, s->dispatch, 1, ISA_DISPATCH_GLOBAL_OFFSET + 8 * d); c = VC_S2; break;
    default: { /* IR_GLOBAL_ID = group_id * local_size + global_offset + local_id */
      uint32_t ls = mem_sload(s, s->dispatch, 1, ISA_DISPATCH_LOCAL_SIZE + 8 * d);
      uint32_t go = mem_sload(s, s->dispatch, 1, ISA_DISPATCH_GLOBAL_OFFSET + 8 * d);
      uint32_t g = isel_e1(s, ISA_OP_s_zext_u64_u32, ISA_RF_S, 2, be_vr(s->gid[d]), isel_none, isel_none);
      uint32_t t = isel_e1(s, ISA_OP_s_mul_u64, ISA_RF_S, 2, be_vr(g), be_vr(ls), isel_none);
      uint32_t u = isel_e1(s, ISA_OP_s_add_u64, ISA_RF_S, 2, be_vr(t), be_vr(go), isel_none);
      uint32_t l = isel_e1(s, ISA_OP_v_zext_u64_u32, ISA_RF_V, 2, be_vr(s->lid[d]), isel_none, isel_none);
      r = isel_e1(s, ISA_OP_v_add_u64, ISA_RF_V, 2, be_vr(l), be_vr(u), isel_none);
      c = VC_V2;
      break;
    }
    }
  }
  int is_s = c == VC_S1 || c == VC_S2;
  if (div && is_s) {
    /* uniform source that the analysis made divergent (temporal divergence) */
    r = isel_e1(s, c == VC_S2 ? ISA_OP_v_mov_b64 : ISA_OP_v_mov_b32, ISA_RF_V, c == VC_S2 ? 2 : 1, be_vr(r),
                isel_none, isel_none);
    c = c == VC_S2 ? VC_V2 : VC_V1;
  }
  if (isel_bits(in->type) != 64 && (c == VC_S2 || c == VC_V2)) {
    /* a 32-bit view of a 64-bit builtin */
    isel_def(s, i, c == VC_S2 ? VC_S1 : VC_V1, r);
    s->val[i].sub = 1;
    return 0;
  }
  isel_def(s, i, c, r);
  return 0;
}
