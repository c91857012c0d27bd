/* Facts about instruction shapes derived from the operand kinds in isa.def:
 * operand widths, branch-target counts, validation and register read/write sets. */
#include <stdarg.h>
#include <stdio.h>

#include "isa.h"

unsigned isa_num_targets(isa_opcode op) {
  if (op == ISA_OP_s_cbranch_div || op == ISA_OP_s_cbranch_pred) return 3;
  return (isa_ops[op].flags & ISA_F_BRANCH) ? 1 : 0;
}

unsigned isa_operand_width(isa_opcode op, unsigned slot) {
  switch (isa_ops[op].kind[slot]) {
  case ISA_OK_N:
    return 0;
  case ISA_OK_V2:
  case ISA_OK_S2:
  case ISA_OK_A2:
  case ISA_OK_B2:
    return 2;
  case ISA_OK_V4:
    return 4;
  case ISA_OK_D: {
    unsigned sz = isa_access_size(op);
    return sz <= 4 ? 1 : sz / 4;
  }
  default:
    return 1;
  }
}

static int fail(char *err, size_t errlen, const char *fmt, ...) {
  if (err && errlen) {
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(err, errlen, fmt, ap);
    va_end(ap);
  }
  return -1;
}

static const char *const slot_name[4] = {"dst", "src0", "src1", "src2"};

int isa_inst_check(const isa_inst *in, char *err, size_t errlen) {
  if (in->op >= ISA_OP_COUNT)
    return fail(err, errlen, "opcode %u is not in isa.def (%d opcodes)", in->op, ISA_OP_COUNT);
  isa_opcode op = (isa_opcode)in->op;
  const isa_opinfo *info = &isa_ops[op];
  for (unsigned k = 0; k < 4; k++) {
    const isa_operand *o = k == 0 ? &in->dst : &in->src[k - 1];
    uint8_t kind = info->kind[k];
    unsigned width = isa_operand_width(op, k);
    int v_ok = kind == ISA_OK_V || kind == ISA_OK_V2 || kind == ISA_OK_V4 || kind == ISA_OK_D ||
               kind == ISA_OK_A || kind == ISA_OK_A2;
    int s_ok = kind == ISA_OK_S || kind == ISA_OK_S2 || kind == ISA_OK_A || kind == ISA_OK_A2 ||
               kind == ISA_OK_B || kind == ISA_OK_B2;
    int imm_ok = kind == ISA_OK_A || kind == ISA_OK_A2 || kind == ISA_OK_B || kind == ISA_OK_B2;
    switch (o->file) {
    case ISA_RF_NONE:
      if (kind != ISA_OK_N)
        return fail(err, errlen, "%s: %s operand is missing", info->name, slot_name[k]);
      break;
    case ISA_RF_V:
      if (!v_ok) return fail(err, errlen, "%s: %s cannot be a VGPR", info->name, slot_name[k]);
      if (o->reg + width > ISA_MAX_VGPRS)
        return fail(err, errlen, "%s: %s v%u..v%u is past the last VGPR (v%d)", info->name,
                    slot_name[k], o->reg, o->reg + width - 1, ISA_MAX_VGPRS - 1);
      break;
    case ISA_RF_S:
      if (!s_ok) return fail(err, errlen, "%s: %s cannot be an SGPR", info->name, slot_name[k]);
      if (o->reg + width > ISA_MAX_SGPRS)
        return fail(err, errlen, "%s: %s s%u..s%u is past the last SGPR (s%d)", info->name,
                    slot_name[k], o->reg, o->reg + width - 1, ISA_MAX_SGPRS - 1);
      break;
    case ISA_RF_IMM:
      if (!imm_ok) return fail(err, errlen, "%s: %s cannot be a literal", info->name, slot_name[k]);
      if (width == 1 && o->imm > UINT32_MAX)
        return fail(err, errlen, "%s: %s literal 0x%llx does not fit in 32 bits", info->name,
                    slot_name[k], (unsigned long long)o->imm);
      break;
    default:
      return fail(err, errlen, "%s: %s has bad register file %u", info->name, slot_name[k],
                  o->file);
    }
  }
  if (in->offset != 0 && !(info->flags & ISA_F_MEM))
    return fail(err, errlen, "%s: only memory instructions take an offset", info->name);
  if (in->sync) {
    /* atomics, vector loads (an atomic load) and fences carry one */
    int mem = (info->flags & (ISA_F_ATOMIC | ISA_F_LOAD)) && !(info->flags & ISA_F_IMAGE) &&
              info->unit != ISA_UNIT_SMEM;
    if (!mem && op != ISA_OP_s_waitmem)
      return fail(err, errlen, "%s: only atomics, vector loads and s_waitmem take a sync modifier",
                  info->name);
    isa_scope sc = ISA_SYNC_SCOPE_OF(in->sync);
    if ((in->sync & ~(ISA_SYNC(ISA_SYNC_ACQ | ISA_SYNC_REL, 7))) || sc == ISA_SCOPE_NONE ||
        sc >= ISA_SCOPE_COUNT)
      return fail(err, errlen,
                  "%s: bad sync modifier 0x%x (order bits 0-1, scope 1-%d in bits 3-5)", info->name,
                  in->sync, ISA_SCOPE_COUNT - 1);
    if (op == ISA_OP_s_waitmem && !(in->sync & (ISA_SYNC_ACQ | ISA_SYNC_REL)))
      return fail(err, errlen, "s_waitmem: a relaxed fence orders nothing (give acq, rel or ar)");
  }
  unsigned nt = isa_num_targets(op);
  for (unsigned t = 0; t < 3; t++) {
    if (t < nt && in->target[t] == ISA_NO_PC)
      return fail(err, errlen, "%s: needs %u branch target%s", info->name, nt, nt > 1 ? "s" : "");
    if (t >= nt && in->target[t] != ISA_NO_PC)
      return fail(err, errlen, "%s: takes %u branch target%s, target[%u] is set", info->name, nt,
                  nt == 1 ? "" : "s", t);
  }
  return 0;
}

void isa_inst_regs(const isa_inst *in, isa_regset *rs) {
  isa_opcode op = (isa_opcode)in->op;
  rs->nreads = rs->nwrites = 0;
  rs->reads_scc = (isa_ops[op].flags & ISA_F_RSCC) ? 1 : 0;
  rs->writes_scc = (isa_ops[op].flags & ISA_F_WSCC) ? 1 : 0;
  if (in->dst.file == ISA_RF_V || in->dst.file == ISA_RF_S)
    rs->writes[rs->nwrites++] =
        (isa_regref){in->dst.file, (uint8_t)isa_operand_width(op, 0), in->dst.reg};
  for (unsigned k = 0; k < 3; k++) {
    const isa_operand *o = &in->src[k];
    if (o->file == ISA_RF_V || o->file == ISA_RF_S)
      rs->reads[rs->nreads++] =
          (isa_regref){o->file, (uint8_t)isa_operand_width(op, k + 1), o->reg};
  }
}
