/* Which atomics' returned values are dead: the no-return form a vendor
 * compiler would emit, which the timing model lets the wave go past. */
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
