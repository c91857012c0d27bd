/* Semantics of the memory instructions (global, LDS, scratch, scalar loads):
 * address every active lane first, fault before touching memory, then move data. */
#include "isa_sem.h"

/* Binary search for the last region starting at or below addr. The regions are
 * sorted and disjoint (isa.h), so at most one can contain the access. */
static const isa_region *memmap_find(const isa_memmap *m, uint64_t addr, uint32_t size) {
  if (!m || !m->nregions) return NULL;
  uint32_t lo = 0, hi = m->nregions;
  while (lo < hi) {
    uint32_t mid = lo + (hi - lo) / 2;
    if (m->regions[mid].base <= addr)
      lo = mid + 1;
    else
      hi = mid;
  }
  if (lo == 0) return NULL;
  const isa_region *r = &m->regions[lo - 1];
  uint64_t off = addr - r->base;
  if (off >= r->size || size > r->size - off) return NULL;
  return r;
}

uint8_t *isa_memmap_translate(const isa_memmap *m, uint64_t addr, uint32_t size) {
  const isa_region *r = memmap_find(m, addr, size);
  return r ? r->host + (addr - r->base) : NULL;
}

static inline int region_has(const isa_region *r, uint64_t addr, uint32_t size) {
  uint64_t off = addr - r->base;
  return addr >= r->base && off < r->size && size <= r->size - off;
}

typedef enum atom_op {
  ATOM_NONE,
  ATOM_ADD,
  ATOM_SUB,
  ATOM_XCHG,
  ATOM_CMPXCHG,
  ATOM_MIN_I,
  ATOM_MAX_I,
  ATOM_MIN_U,
  ATOM_MAX_U,
  ATOM_AND,
  ATOM_OR,
  ATOM_XOR,
  ATOM_INC,
  ATOM_DEC
} atom_op;

/* cmpxchg follows OpenCL's atomic_cmpxchg(p, cmp, val): src1 is the value
 * compared with memory, src2 the value stored when they are equal. Values are
 * zero-extended to 64 bits; `wide` selects 64-bit signed comparisons (the
 * caller truncates 32-bit results on the store). */
static inline uint64_t atom_apply(atom_op op, uint64_t old, uint64_t v, uint64_t cmp, int wide) {
  int64_t so = wide ? (int64_t)old : (int32_t)(uint32_t)old;
  int64_t sv = wide ? (int64_t)v : (int32_t)(uint32_t)v;
  switch (op) {
  case ATOM_ADD:
    return old + v;
  case ATOM_SUB:
    return old - v;
  case ATOM_XCHG:
    return v;
  case ATOM_CMPXCHG:
    return old == cmp ? v : old;
  case ATOM_MIN_I:
    return sv < so ? v : old;
  case ATOM_MAX_I:
    return sv > so ? v : old;
  case ATOM_MIN_U:
    return v < old ? v : old;
  case ATOM_MAX_U:
    return v > old ? v : old;
  case ATOM_AND:
    return old & v;
  case ATOM_OR:
    return old | v;
  case ATOM_XOR:
    return old ^ v;
  case ATOM_INC:
    return old + 1;
  case ATOM_DEC:
    return old - 1;
  case ATOM_NONE:
    break;
  }
  return old;
}

/* n bytes from s to d: the whole-access sizes as fixed-size copies the
 * compiler inlines (a library call per lane cost more than the access). */
static inline void mem_copy(void *d, const void *s, uint32_t n) {
  switch (n) {
  case 4:
    memcpy(d, s, 4);
    break;
  case 8:
    memcpy(d, s, 8);
    break;
  case 16:
    memcpy(d, s, 16);
    break;
  case 2:
    memcpy(d, s, 2);
    break;
  case 1:
    memcpy(d, s, 1);
    break;
  default:
    memcpy(d, s, n);
  }
}

/* One vector memory instruction in `space`. Loads/stores/atomics are told
 * apart by the opcode's flags; `aop` names the atomic's operation. */
static isa_status mem_exec(isa_wave *w, const isa_inst *in, isa_space space, atom_op aop) {
  uint32_t n = w->wave_size;
  /* the lanes of the wave (exec has none above them; the mask keeps the
   * loops below, which visit set bits, from going past them regardless) */
  uint64_t exec = w->exec & (n >= 64 ? ~0ull : (1ull << n) - 1);
  uint32_t flags = isa_ops[in->op].flags;
  uint32_t size = isa_access_size((isa_opcode)in->op);
  uint8_t *host[ISA_MAX_WAVE];
  /* bytes of each lane's access inside memory: size, fewer when an access
   * that straddles a bound goes on past it (isa_wave.oob_ignore) */
  uint32_t part[ISA_MAX_WAVE];
  int atomic = (flags & ISA_F_ATOMIC) != 0;
  isa_access *acc = &w->access;
  acc->space = (uint8_t)space;
  acc->size = (uint8_t)size;
  acc->kind = (uint8_t)(flags & (ISA_F_LOAD | ISA_F_STORE | ISA_F_ATOMIC));
  acc->mask = w->exec;
  acc->cas_failed = 0;

  const uint32_t *va = &w->v[(size_t)in->src[0].reg * n];
  /* The LDS's 4-byte loads and stores (tiled kernels' inner loops) in one
   * pass when every lane is in bounds, as they are unless the kernel has a
   * bug; otherwise the general path below redoes it and reports the lane. */
  if (space == ISA_SPACE_LDS && size == 4 && !atomic) {
    uint32_t off = (uint32_t)in->offset, limit = w->lds_size, ok = 1;
    for (uint64_t m = exec; m && ok; m &= m - 1) {
      uint32_t i = (uint32_t)__builtin_ctzll(m), a = va[i] + off;
      ok = (uint64_t)a + 4 <= limit;
      acc->addr[i] = a;
    }
    if (ok && (flags & ISA_F_LOAD)) {
      uint32_t *d = &w->v[(size_t)in->dst.reg * n];
      for (uint64_t m = exec; m; m &= m - 1) {
        uint32_t i = (uint32_t)__builtin_ctzll(m);
        memcpy(&d[i], w->lds + acc->addr[i], 4);
      }
      return ISA_RUN;
    }
    if (ok && (flags & ISA_F_STORE)) {
      const uint32_t *sv = &w->v[(size_t)in->src[1].reg * n];
      for (uint64_t m = exec; m; m &= m - 1) {
        uint32_t i = (uint32_t)__builtin_ctzll(m);
        memcpy(w->lds + acc->addr[i], &sv[i], 4);
      }
      return ISA_RUN;
    }
  }

  /* address phase: every active lane must be in bounds before any data moves */
  if (space == ISA_SPACE_GLOBAL) {
    const uint32_t *vh = va + n;
    const isa_region *last = NULL;
    for (uint64_t m = exec; m; m &= m - 1) {
      uint32_t i = (uint32_t)__builtin_ctzll(m);
      uint64_t a = (va[i] | (uint64_t)vh[i] << 32) + (uint64_t)(int64_t)in->offset;
      acc->addr[i] = a;
      if (!last || !region_has(last, a, size)) {
        const isa_region *r = memmap_find(w->global, a, size);
        if (!r) {
          if (isa_mem_oob(w, ISA_FAULT_GLOBAL_OOB, i, a, size) != ISA_RUN) return ISA_FAULTED;
          /* the bytes inside a buffer are accessed, as on GPUs (their page is
           * mapped); the rest read as zeros and are written nowhere. An
           * atomic is all or nothing. Out of the access record either way. */
          const isa_region *h = atomic ? NULL : memmap_find(w->global, a, 1);
          host[i] = h ? h->host + (a - h->base) : NULL;
          part[i] = h ? (uint32_t)(h->base + h->size - a) : 0;
          acc->mask &= ~((uint64_t)1 << i);
          continue;
        }
        last = r;
      }
      host[i] = last->host + (a - last->base);
      part[i] = size;
    }
  } else {
    int lds = space == ISA_SPACE_LDS;
    uint64_t limit = lds ? w->lds_size : w->scratch_per_lane;
    for (uint64_t m = exec; m; m &= m - 1) {
      uint32_t i = (uint32_t)__builtin_ctzll(m);
      /* LDS and scratch addresses are 32-bit: register + offset wraps, so the
       * compiler may move a constant out of an index into the offset (the
       * sum is the same modulo 2^32) */
      uint32_t a = va[i] + (uint32_t)in->offset;
      if ((uint64_t)a + size > limit) {
        if (isa_mem_oob(w, lds ? ISA_FAULT_LDS_OOB : ISA_FAULT_SCRATCH_OOB, i, (uint64_t)a, size) !=
            ISA_RUN)
          return ISA_FAULTED;
        /* as for global memory: the bytes below the bound are accessed */
        part[i] = a < limit && !atomic ? (uint32_t)(limit - a) : 0;
        acc->mask &= ~((uint64_t)1 << i);
        if (!part[i]) {
          host[i] = NULL;
          continue;
        }
      } else {
        part[i] = size;
      }
      uint64_t off = a;
      if (lds) {
        acc->addr[i] = off;
        host[i] = w->lds + off;
      } else {
        /* real GPUs interleave scratch by dword so that lanes' copies of one
         * variable are adjacent; the timing model sees that layout */
        acc->addr[i] = w->scratch_base + (off / 4) * n * 4 + i * 4 + off % 4;
        host[i] = w->scratch + (size_t)i * w->scratch_per_lane + off;
      }
    }
  }

  /* data phase; multi-register data is little-endian across registers */
  if (flags & ISA_F_LOAD) {
    uint32_t nreg = size <= 4 ? 1 : size / 4;
    uint32_t *d = &w->v[(size_t)in->dst.reg * n];
    if (size == 4) { /* the common load: one register per lane, no extension */
      for (uint64_t m = exec; m; m &= m - 1) {
        uint32_t i = (uint32_t)__builtin_ctzll(m), t = 0;
        if (host[i] && part[i] == 4)
          memcpy(&t, host[i], 4);
        else if (host[i])
          memcpy(&t, host[i], part[i]); /* straddles a bound: the bytes inside */
        d[i] = t;
      }
      return ISA_RUN;
    }
    for (uint64_t m = exec; m; m &= m - 1) {
      uint32_t i = (uint32_t)__builtin_ctzll(m);
      uint32_t t[4] = {0, 0, 0, 0};
      if (host[i]) mem_copy(t, host[i], part[i]);
      if (flags & ISA_F_SEXT) t[0] = size == 1 ? (uint32_t)(int8_t)t[0] : (uint32_t)(int16_t)t[0];
      for (uint32_t k = 0; k < nreg; k++) d[k * n + i] = t[k];
    }
  } else if (flags & ISA_F_STORE) {
    uint32_t nreg = size <= 4 ? 1 : size / 4;
    const uint32_t *s = &w->v[(size_t)in->src[1].reg * n];
    for (uint64_t m = exec; m; m &= m - 1) {
      uint32_t i = (uint32_t)__builtin_ctzll(m);
      uint32_t t[4];
      for (uint32_t k = 0; k < nreg; k++) t[k] = s[k * n + i];
      if (host[i]) mem_copy(host[i], t, part[i]);
    }
  } else {
    /* atomics: lane order makes colliding lanes deterministic; 64-bit data
     * is a register pair (low word in the first register) */
    int wide = size == 8;
    const uint32_t *sv = in->src[1].file == ISA_RF_V ? &w->v[(size_t)in->src[1].reg * n] : NULL;
    const uint32_t *sc = in->src[2].file == ISA_RF_V ? &w->v[(size_t)in->src[2].reg * n] : NULL;
    uint32_t *d = &w->v[(size_t)in->dst.reg * n];
    for (uint64_t m = exec; m; m &= m - 1) {
      uint32_t i = (uint32_t)__builtin_ctzll(m);
      if (!host[i]) { /* out of bounds: no memory changes, 0 returned */
        d[i] = 0;
        if (wide) d[n + i] = 0;
        continue;
      }
      uint64_t old = 0, v = 0, c = 0;
      if (sv) v = sv[i] | (wide ? (uint64_t)sv[n + i] << 32 : 0);
      if (sc) c = sc[i] | (wide ? (uint64_t)sc[n + i] << 32 : 0);
      memcpy(&old, host[i], size);
      /* cmpxchg: src1 is the comparator, src2 the value stored */
      uint64_t nv =
          aop == ATOM_CMPXCHG ? atom_apply(aop, old, c, v, wide) : atom_apply(aop, old, v, 0, wide);
      memcpy(host[i], &nv, size);
      if (aop == ATOM_CMPXCHG && old != v) acc->cas_failed |= 1ull << i; /* v: the comparator */
      d[i] = (uint32_t)old;
      if (wide) d[n + i] = (uint32_t)(old >> 32);
    }
  }
  return ISA_RUN;
}

#define MEM(name, space)                                                                           \
  isa_status isa_sem_##name(isa_wave *w, const isa_inst *in) {                                     \
    return mem_exec(w, in, space, ATOM_NONE);                                                      \
  }
#define ATOMIC(name, space, aop)                                                                   \
  isa_status isa_sem_##name(isa_wave *w, const isa_inst *in) {                                     \
    return mem_exec(w, in, space, aop);                                                            \
  }

MEM(global_load_u8, ISA_SPACE_GLOBAL)
MEM(global_load_i8, ISA_SPACE_GLOBAL)
MEM(global_load_u16, ISA_SPACE_GLOBAL)
MEM(global_load_i16, ISA_SPACE_GLOBAL)
MEM(global_load_b32, ISA_SPACE_GLOBAL)
MEM(global_load_b64, ISA_SPACE_GLOBAL)
MEM(global_load_b128, ISA_SPACE_GLOBAL)
MEM(global_store_b8, ISA_SPACE_GLOBAL)
MEM(global_store_b16, ISA_SPACE_GLOBAL)
MEM(global_store_b32, ISA_SPACE_GLOBAL)
MEM(global_store_b64, ISA_SPACE_GLOBAL)
MEM(global_store_b128, ISA_SPACE_GLOBAL)
ATOMIC(global_atomic_add_u32, ISA_SPACE_GLOBAL, ATOM_ADD)
ATOMIC(global_atomic_sub_u32, ISA_SPACE_GLOBAL, ATOM_SUB)
ATOMIC(global_atomic_xchg_b32, ISA_SPACE_GLOBAL, ATOM_XCHG)
ATOMIC(global_atomic_cmpxchg_b32, ISA_SPACE_GLOBAL, ATOM_CMPXCHG)
ATOMIC(global_atomic_min_i32, ISA_SPACE_GLOBAL, ATOM_MIN_I)
ATOMIC(global_atomic_max_i32, ISA_SPACE_GLOBAL, ATOM_MAX_I)
ATOMIC(global_atomic_min_u32, ISA_SPACE_GLOBAL, ATOM_MIN_U)
ATOMIC(global_atomic_max_u32, ISA_SPACE_GLOBAL, ATOM_MAX_U)
ATOMIC(global_atomic_and_b32, ISA_SPACE_GLOBAL, ATOM_AND)
ATOMIC(global_atomic_or_b32, ISA_SPACE_GLOBAL, ATOM_OR)
ATOMIC(global_atomic_xor_b32, ISA_SPACE_GLOBAL, ATOM_XOR)
ATOMIC(global_atomic_inc_u32, ISA_SPACE_GLOBAL, ATOM_INC)
ATOMIC(global_atomic_dec_u32, ISA_SPACE_GLOBAL, ATOM_DEC)
ATOMIC(global_atomic_add_u64, ISA_SPACE_GLOBAL, ATOM_ADD)
ATOMIC(global_atomic_sub_u64, ISA_SPACE_GLOBAL, ATOM_SUB)
ATOMIC(global_atomic_xchg_b64, ISA_SPACE_GLOBAL, ATOM_XCHG)
ATOMIC(global_atomic_cmpxchg_b64, ISA_SPACE_GLOBAL, ATOM_CMPXCHG)
ATOMIC(global_atomic_min_i64, ISA_SPACE_GLOBAL, ATOM_MIN_I)
ATOMIC(global_atomic_max_i64, ISA_SPACE_GLOBAL, ATOM_MAX_I)
ATOMIC(global_atomic_min_u64, ISA_SPACE_GLOBAL, ATOM_MIN_U)
ATOMIC(global_atomic_max_u64, ISA_SPACE_GLOBAL, ATOM_MAX_U)
ATOMIC(global_atomic_and_b64, ISA_SPACE_GLOBAL, ATOM_AND)
ATOMIC(global_atomic_or_b64, ISA_SPACE_GLOBAL, ATOM_OR)
ATOMIC(global_atomic_xor_b64, ISA_SPACE_GLOBAL, ATOM_XOR)
ATOMIC(global_atomic_inc_u64, ISA_SPACE_GLOBAL, ATOM_INC)
ATOMIC(global_atomic_dec_u64, ISA_SPACE_GLOBAL, ATOM_DEC)

MEM(ds_read_u8, ISA_SPACE_LDS)
MEM(ds_read_i8, ISA_SPACE_LDS)
MEM(ds_read_u16, ISA_SPACE_LDS)
MEM(ds_read_i16, ISA_SPACE_LDS)
MEM(ds_read_b32, ISA_SPACE_LDS)
MEM(ds_read_b64, ISA_SPACE_LDS)
MEM(ds_read_b128, ISA_SPACE_LDS)
MEM(ds_write_b8, ISA_SPACE_LDS)
MEM(ds_write_b16, ISA_SPACE_LDS)
MEM(ds_write_b32, ISA_SPACE_LDS)
MEM(ds_write_b64, ISA_SPACE_LDS)
MEM(ds_write_b128, ISA_SPACE_LDS)
ATOMIC(ds_atomic_add_u32, ISA_SPACE_LDS, ATOM_ADD)
ATOMIC(ds_atomic_sub_u32, ISA_SPACE_LDS, ATOM_SUB)
ATOMIC(ds_atomic_xchg_b32, ISA_SPACE_LDS, ATOM_XCHG)
ATOMIC(ds_atomic_cmpxchg_b32, ISA_SPACE_LDS, ATOM_CMPXCHG)
ATOMIC(ds_atomic_min_i32, ISA_SPACE_LDS, ATOM_MIN_I)
ATOMIC(ds_atomic_max_i32, ISA_SPACE_LDS, ATOM_MAX_I)
ATOMIC(ds_atomic_min_u32, ISA_SPACE_LDS, ATOM_MIN_U)
ATOMIC(ds_atomic_max_u32, ISA_SPACE_LDS, ATOM_MAX_U)
ATOMIC(ds_atomic_and_b32, ISA_SPACE_LDS, ATOM_AND)
ATOMIC(ds_atomic_or_b32, ISA_SPACE_LDS, ATOM_OR)
ATOMIC(ds_atomic_xor_b32, ISA_SPACE_LDS, ATOM_XOR)
ATOMIC(ds_atomic_inc_u32, ISA_SPACE_LDS, ATOM_INC)
ATOMIC(ds_atomic_dec_u32, ISA_SPACE_LDS, ATOM_DEC)
ATOMIC(ds_atomic_add_u64, ISA_SPACE_LDS, ATOM_ADD)
ATOMIC(ds_atomic_sub_u64, ISA_SPACE_LDS, ATOM_SUB)
ATOMIC(ds_atomic_xchg_b64, ISA_SPACE_LDS, ATOM_XCHG)
ATOMIC(ds_atomic_cmpxchg_b64, ISA_SPACE_LDS, ATOM_CMPXCHG)
ATOMIC(ds_atomic_min_i64, ISA_SPACE_LDS, ATOM_MIN_I)
ATOMIC(ds_atomic_max_i64, ISA_SPACE_LDS, ATOM_MAX_I)
ATOMIC(ds_atomic_min_u64, ISA_SPACE_LDS, ATOM_MIN_U)
ATOMIC(ds_atomic_max_u64, ISA_SPACE_LDS, ATOM_MAX_U)
ATOMIC(ds_atomic_and_b64, ISA_SPACE_LDS, ATOM_AND)
ATOMIC(ds_atomic_or_b64, ISA_SPACE_LDS, ATOM_OR)
ATOMIC(ds_atomic_xor_b64, ISA_SPACE_LDS, ATOM_XOR)
ATOMIC(ds_atomic_inc_u64, ISA_SPACE_LDS, ATOM_INC)
ATOMIC(ds_atomic_dec_u64, ISA_SPACE_LDS, ATOM_DEC)

MEM(scratch_load_u8, ISA_SPACE_SCRATCH)
MEM(scratch_load_i8, ISA_SPACE_SCRATCH)
MEM(scratch_load_u16, ISA_SPACE_SCRATCH)
MEM(scratch_load_i16, ISA_SPACE_SCRATCH)
MEM(scratch_load_b32, ISA_SPACE_SCRATCH)
MEM(scratch_load_b64, ISA_SPACE_SCRATCH)
MEM(scratch_load_b128, ISA_SPACE_SCRATCH)
MEM(scratch_store_b8, ISA_SPACE_SCRATCH)
MEM(scratch_store_b16, ISA_SPACE_SCRATCH)
MEM(scratch_store_b32, ISA_SPACE_SCRATCH)
MEM(scratch_store_b64, ISA_SPACE_SCRATCH)
MEM(scratch_store_b128, ISA_SPACE_SCRATCH)

/* Scalar loads: one uniform address (SGPR pair + offset), read through the
 * same memory map; reported as lane 0 of a SCALAR access. */
static isa_status smem_load(isa_wave *w, const isa_inst *in, uint32_t size) {
  uint64_t a = isa_sval64(w, &in->src[0]) + (uint64_t)(int64_t)in->offset;
  isa_access *acc = &w->access;
  acc->space = ISA_SPACE_SCALAR;
  acc->size = (uint8_t)size;
  acc->kind = ISA_F_LOAD;
  acc->mask = 1;
  acc->addr[0] = a;
  const uint8_t *p = isa_memmap_translate(w->global, a, size);
  if (!p) {
    if (isa_mem_oob(w, ISA_FAULT_GLOBAL_OOB, 0, a, size) != ISA_RUN) return ISA_FAULTED;
    acc->mask = 0;
    memset(&w->s[in->dst.reg], 0, size); /* reads zeros */
    return ISA_RUN;
  }
  memcpy(&w->s[in->dst.reg], p, size);
  return ISA_RUN;
}

isa_status isa_sem_s_load_b32(isa_wave *w, const isa_inst *in) {
  return smem_load(w, in, 4);
}
isa_status isa_sem_s_load_b64(isa_wave *w, const isa_inst *in) {
  return smem_load(w, in, 8);
}
