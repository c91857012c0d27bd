/* Binary encoding of instructions: a header word, then one word per register
 * operand, one or two per literal, the offset and the branch targets. */
#include "isa.h"

/* Header word:
 *
 *  31        29 28    21 20 19 18 17   16 15   14 13   12 11   10 9             0
 * +------------+--------+-----+--+-------+-------+-------+-------+---------------+
 * | reserved 0 |  sync  | nt  |o | f_s2  | f_s1  | f_s0  | f_dst |    opcode     |
 * +------------+--------+-----+--+-------+-------+-------+-------+---------------+
 *
 *   opcode  isa_opcode (10 bits)
 *   f_*     isa_regfile of dst, src0, src1, src2 (NONE, V, S, IMM)
 *   o       an offset word follows the operands
 *   nt      number of branch-target words at the end (0..3)
 *   sync    isa_inst.sync, the memory-model modifier (isa.h)
 *
 * Then, for each operand in order dst, src0, src1, src2:
 *   V or S   one word: the (first) register number
 *   IMM      one word for 32-bit kinds (A, B), two (low, high) for A2, B2
 * then the offset word (two's complement) if o, then nt target words.
 */
enum {
  ENC_OP_BITS = 10,
  ENC_FILE_SHIFT = 10,
  ENC_OFF_BIT = 18,
  ENC_NT_SHIFT = 19,
  ENC_SYNC_SHIFT = 21,
  ENC_RESERVED_SHIFT = 29,
};

_Static_assert(ISA_OP_COUNT <= (1 << ENC_OP_BITS), "opcode field too narrow for isa.def");

static const isa_operand *slot(const isa_inst *in, unsigned k) {
  return k == 0 ? &in->dst : &in->src[k - 1];
}

size_t isa_encode(const isa_inst *in, uint32_t *words, size_t maxwords) {
  if (isa_inst_check(in, NULL, 0) != 0) return 0;
  isa_opcode op = (isa_opcode)in->op;
  uint32_t buf[ISA_MAX_INST_WORDS];
  size_t n = 1;
  uint32_t hdr = in->op;
  for (unsigned k = 0; k < 4; k++) {
    const isa_operand *o = slot(in, k);
    hdr |= (uint32_t)o->file << (ENC_FILE_SHIFT + 2 * k);
    if (o->file == ISA_RF_V || o->file == ISA_RF_S) {
      buf[n++] = o->reg;
    } else if (o->file == ISA_RF_IMM) {
      buf[n++] = (uint32_t)o->imm;
      if (isa_operand_width(op, k) == 2) buf[n++] = (uint32_t)(o->imm >> 32);
    }
  }
  if (in->offset != 0) {
    hdr |= 1u << ENC_OFF_BIT;
    buf[n++] = (uint32_t)in->offset;
  }
  unsigned nt = isa_num_targets(op);
  hdr |= nt << ENC_NT_SHIFT;
  hdr |= (uint32_t)in->sync << ENC_SYNC_SHIFT;
  for (unsigned t = 0; t < nt; t++) buf[n++] = in->target[t];
  buf[0] = hdr;
  if (n > maxwords) return 0;
  for (size_t i = 0; i < n; i++) words[i] = buf[i];
  return n;
}

size_t isa_decode(const uint32_t *words, size_t nwords, isa_inst *out) {
  if (nwords < 1) return 0;
  uint32_t hdr = words[0];
  if (hdr >> ENC_RESERVED_SHIFT) return 0;
  isa_inst in = {0};
  in.op = (uint16_t)(hdr & ((1u << ENC_OP_BITS) - 1));
  if (in.op >= ISA_OP_COUNT) return 0;
  isa_opcode op = (isa_opcode)in.op;
  for (unsigned t = 0; t < 3; t++) in.target[t] = ISA_NO_PC;
  in.sync = (uint8_t)(hdr >> ENC_SYNC_SHIFT);
  size_t n = 1;
  for (unsigned k = 0; k < 4; k++) {
    isa_operand *o = k == 0 ? &in.dst : &in.src[k - 1];
    o->file = (uint8_t)((hdr >> (ENC_FILE_SHIFT + 2 * k)) & 3);
    if (o->file == ISA_RF_V || o->file == ISA_RF_S) {
      if (n >= nwords || words[n] > UINT16_MAX) return 0;
      o->reg = (uint16_t)words[n++];
    } else if (o->file == ISA_RF_IMM) {
      if (n >= nwords) return 0;
      o->imm = words[n++];
      if (isa_operand_width(op, k) == 2) {
        if (n >= nwords) return 0;
        o->imm |= (uint64_t)words[n++] << 32;
      }
    }
  }
  if (hdr & (1u << ENC_OFF_BIT)) {
    if (n >= nwords) return 0;
    in.offset = (int32_t)words[n++];
    if (in.offset == 0) return 0; /* not canonical: the encoder omits zero */
  }
  unsigned nt = (hdr >> ENC_NT_SHIFT) & 3;
  /* exactly the opcode's target count: a surplus target word holding ISA_NO_PC
   * would pass isa_inst_check and then vanish on re-encoding */
  if (nt != isa_num_targets(op) || n + nt > nwords) return 0;
  for (unsigned t = 0; t < nt; t++) in.target[t] = words[n++];
  if (isa_inst_check(&in, NULL, 0) != 0) return 0;
  *out = in;
  return n;
}
