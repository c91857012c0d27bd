/* Atomics in the timing model: which atomics' returned values are dead (the
 * no-return form), L2 atomic-unit operations and their unit, LDS atomic passes. */
#include <stdlib.h>
#include <string.h>

#include "sim_internal.h"

/* ---- dead returned values ------------------------------------------------
 * Vendor compilers emit a no-return atomic (NVIDIA REDG, ATOMS.POPC.INC; AMD
 * without glc) when the old value is never read. Our ISA has only returning
 * forms, so the result's liveness is recovered here: a value is dead when no
 * path from the instruction reads a register of it before overwriting it.
 * Per-lane CFG paths are the original CFG's (lanes follow their own paths
 * through divergent code), so ordinary liveness over the branch targets is
 * exact per lane. */

static int sim_reads(const isa_regset *rs, uint16_t reg) {
  for (unsigned i = 0; i < rs->nreads; i++)
    if (rs->reads[i].file == ISA_RF_V && reg >= rs->reads[i].reg &&
        reg < rs->reads[i].reg + rs->reads[i].count)
      return 1;
  return 0;
}

static int sim_writes(const isa_regset *rs, uint16_t reg) {
  for (unsigned i = 0; i < rs->nwrites; i++)
    if (rs->writes[i].file == ISA_RF_V && reg >= rs->writes[i].reg &&
        reg < rs->writes[i].reg + rs->writes[i].count)
      return 1;
  return 0;
}

/* Successors of pc in the CFG: fall-through and branch targets (for
 * s_cbranch_div the taken and not-taken paths; its third target is the
 * reconvergence point, reached through them). Returns the count. */
static unsigned sim_succ(const isa_kernel *k, uint32_t pc, uint32_t out[3]) {
  const isa_inst *in = &k->code[pc];
  uint32_t fl = isa_ops[in->op].flags;
  if (fl & ISA_F_END) return 0;
  unsigned nt = isa_num_targets((isa_opcode)in->op), n = 0;
  if (nt == 3) nt = 2;
  for (unsigned i = 0; i < nt; i++)
    if (in->target[i] < k->ncode) out[n++] = in->target[i];
  /* unconditional jumps have one target and no fall-through */
  if (!((fl & ISA_F_BRANCH) && (in->op == ISA_OP_s_branch || nt == 2)) && pc + 1 < k->ncode)
    out[n++] = pc + 1;
  return n;
}

/* Whether VGPR reg may be read on some path starting at `from` before it is
 * written. seen/stack: ncode entries of scratch. */
static int sim_live_from(const isa_kernel *k, const sim_decoded *dec, uint32_t from, uint16_t reg,
                         uint8_t *seen, uint32_t *stack) {
  memset(seen, 0, k->ncode);
  uint32_t sp = 0;
  stack[sp++] = from;
  seen[from] = 1;
  while (sp) {
    uint32_t pc = stack[--sp];
    if (sim_reads(&dec[pc].rs, reg)) return 1;
    if (sim_writes(&dec[pc].rs, reg)) continue;
    uint32_t nx[3];
    unsigned n = sim_succ(k, pc, nx);
    for (unsigned i = 0; i < n; i++)
      if (!seen[nx[i]]) seen[nx[i]] = 1, stack[sp++] = nx[i];
  }
  return 0;
}

int sim_atomic_mark_noret(const isa_kernel *k, sim_decoded *dec) {
  uint8_t *seen = NULL;
  uint32_t *stack = NULL;
  for (uint32_t pc = 0; pc < k->ncode; pc++) {
    const isa_regset *rs = &dec[pc].rs;
    if (!(isa_ops[k->code[pc].op].flags & ISA_F_ATOMIC) || rs->nwrites != 1 ||
        rs->writes[0].file != ISA_RF_V)
      continue;
    if (!seen) {
      seen = malloc(k->ncode);
      stack = malloc(k->ncode * sizeof *stack);
      if (!seen || !stack) {
        free(seen), free(stack);
        return -1;
      }
    }
    int live = 0;
    uint32_t nx[3];
    unsigned n = sim_succ(k, pc, nx);
    for (unsigned r = 0; r < rs->writes[0].count && !live; r++)
      for (unsigned i = 0; i < n && !live; i++)
        live = sim_live_from(k, dec, nx[i], (uint16_t)(rs->writes[0].reg + r), seen, stack);
    dec[pc].noret = (uint8_t)!live;
  }
  free(seen), free(stack);
  return 0;
}

/* ---- L2 atomic units -------------------------------------------------------- */
uint32_t sim_atomic_ops(const isa_access *a, uint64_t line_addr, uint32_t line, uint32_t sector,
                        uint32_t *lanes) {
  /* per sector, lanes on distinct addresses share one operation and lanes
   * on one address take one each: ops = sum over sectors of the largest
   * same-address lane count in it */
  uint64_t addr[ISA_MAX_WAVE];
  uint32_t cnt[ISA_MAX_WAVE], n = 0, nl = 0;
  uint32_t nsec = line / sector, worst[64] = {0};
  for (uint64_t mk = a->mask; mk; mk &= mk - 1) {
    unsigned k = (unsigned)__builtin_ctzll(mk);
    if ((a->addr[k] & ~(uint64_t)(line - 1)) != line_addr) continue;
    nl++;
    uint32_t j = 0;
    while (j < n && addr[j] != a->addr[k]) j++;
    if (j == n) addr[n] = a->addr[k], cnt[n++] = 0;
    uint32_t s = (uint32_t)((a->addr[k] - line_addr) / sector);
    if (s >= nsec || s >= 64) s = 0;
    if (++cnt[j] > worst[s]) worst[s] = cnt[j];
  }
  uint32_t ops = 0;
  for (uint32_t s = 0; s < nsec && s < 64; s++) ops += worst[s];
  *lanes = nl;
  return ops ? ops : 1;
}

uint32_t sim_atomic_unit(const sim_memsys *m, uint64_t addr) {
  if (m->nunits == 1) return 0;
  /* xor-fold the granule number in 16-bit chunks (a power-of-two stride
   * still changes the low bits), then modulo: consecutive granules take
   * consecutive units even when the count is not a power of two */
  uint64_t x = addr / m->unit_granule, h = 0;
  for (; x; x >>= 16) h ^= x & 0xffff;
  return (uint32_t)(h % m->nunits);
}

/* ---- LDS atomics ---------------------------------------------------------- */
int sim_lds_atomic_combinable(uint16_t op) {
  /* increments: what ATOMS.POPC.INC implements (NVIDIA's compiler uses it
   * for adds of 1; an add of another value is taken as one too) */
  return op == ISA_OP_ds_atomic_add_u32 || op == ISA_OP_ds_atomic_inc_u32 ||
         op == ISA_OP_ds_atomic_add_u64 || op == ISA_OP_ds_atomic_inc_u64;
}

uint32_t sim_lds_atomic_passes(const isa_access *a, uint32_t banks, uint32_t bank_width,
                               int combine, uint32_t *ideal) {
  /* a read-modify-write per lane: lanes on one word serialize (each needs
   * the previous one's result) unless the hardware combines them (no-return
   * increments on NVIDIA: ATOMS.POPC.INC adds the lane count once) */
  uint64_t words[ISA_MAX_WAVE * 16];
  uint32_t nw = 0, per_bank[SIM_LDS_MAX_BANKS] = {0}, worst = 0, distinct = 0;
  for (uint64_t mk = a->mask; mk; mk &= mk - 1) {
    unsigned i = (unsigned)__builtin_ctzll(mk);
    uint64_t first = a->addr[i] / bank_width, last = (a->addr[i] + a->size - 1) / bank_width;
    for (uint64_t w = first; w <= last && nw < ISA_MAX_WAVE * 16; w++) {
      int dup = 0;
      for (uint32_t j = 0; j < nw && !dup; j++) dup = words[j] == w;
      words[nw++] = w;
      if (dup && combine) continue;
      distinct += !dup;
      uint32_t b = (uint32_t)(w % banks);
      if (++per_bank[b] > worst) worst = per_bank[b];
    }
  }
  /* without conflicts the lanes' words need ceil(words / banks) passes */
  uint32_t need = (distinct + banks - 1) / banks;
  if (ideal) *ideal = need < worst ? need : worst;
  return worst;
}
