/* If-conversion of short branch bodies, as vendor compilers do it: NVIDIA's
 * predicates the few instructions of `if (tid < d) s[tid] += s[tid + d];`
 * (validation/data/kernels_sass/reduction.sass) and AMD's drops the
 * exec-zero skip before bodies shorter than a dozen instructions. A warp
 * whose lanes all skip such a body still issues it, and its LDS and memory
 * instructions still take their pipeline slots (validation/data/probes:
 * the tree step costs the same when one warp of eight has lanes in it).
 * Rewrites s_cbranch_div into s_cbranch_pred where the taken side is such a
 * body; results are unchanged, since a body run with no lanes writes
 * nothing. */
#include "be_internal.h"

/* The longest body converted; NVIDIA's bodies in the whole-kernel families
 * are 4-6 instructions, LLVM AMDGPU's skip threshold is 12. */
#define BE_PRED_MAX 8

/* Whether instruction in does nothing when no lane is active: vector work
 * whose results are VGPRs or memory lanes, never SGPRs, SCC or control. */
static int be_pred_safe(const isa_inst *in) {
  const isa_opinfo *o = &isa_ops[in->op];
  switch (o->unit) {
  case ISA_UNIT_VALU:
  case ISA_UNIT_VALU64:
  case ISA_UNIT_IDIV:
  case ISA_UNIT_TRANS:
  case ISA_UNIT_FP64:
  case ISA_UNIT_VMEM:
  case ISA_UNIT_LDS:
  case ISA_UNIT_SCRATCH:
    break;
  default:
    return 0;
  }
  if (o->flags & (ISA_F_BRANCH | ISA_F_END | ISA_F_WSCC)) return 0;
  /* writes its lane whatever exec is (an SGPR spill slot) */
  if (in->op == ISA_OP_v_writelane_b32 || in->op == ISA_OP_v_set_inactive_b32) return 0;
  uint8_t d = o->kind[0];
  return d == ISA_OK_N || d == ISA_OK_V || d == ISA_OK_V2 || d == ISA_OK_V4 || d == ISA_OK_D;
}

void be_predicate(isa_kernel *k) {
  for (uint32_t pc = 0; pc < k->ncode; pc++) {
    isa_inst *br = &k->code[pc];
    if (br->op != ISA_OP_s_cbranch_div) continue;
    uint32_t body = br->target[0], join = br->target[2];
    /* an if without else whose body follows the branch and ends at the join
     * (falling into it, or with a jump to it) */
    if (br->target[1] != join || body != pc + 1 || join <= body || join > k->ncode) continue;
    uint32_t end = join;
    for (uint32_t i = body; i < join; i++)
      if (k->code[i].op == ISA_OP_s_branch) {
        end = i;
        break;
      }
    if (end != join && k->code[end].target[0] != join) continue;
    if (end - body == 0 || end - body > BE_PRED_MAX) continue;
    int ok = 1;
    for (uint32_t i = body; i < end && ok; i++) ok = be_pred_safe(&k->code[i]);
    if (ok) br->op = ISA_OP_s_cbranch_pred;
  }
}
