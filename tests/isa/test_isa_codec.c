/* Round trips over every opcode of isa.def: encode/decode and disasm/parse,
 * with register and literal operands chosen from each operand kind. */
#include <check.h>
#include <stdio.h>
#include <string.h>

#include "check_run.h"
#include "isa.h"

#define NVARIANTS 4

static void assert_inst_eq(const isa_inst *a, const isa_inst *b, const char *what) {
  const char *name = isa_ops[a->op].name;
  ck_assert_msg(a->op == b->op, "%s %s: op %u != %u", what, name, a->op, b->op);
  for (unsigned k = 0; k < 4; k++) {
    const isa_operand *x = k ? &a->src[k - 1] : &a->dst, *y = k ? &b->src[k - 1] : &b->dst;
    ck_assert_msg(x->file == y->file, "%s %s: operand %u file %u != %u", what, name, k, x->file,
                  y->file);
    ck_assert_msg(x->reg == y->reg, "%s %s: operand %u reg %u != %u", what, name, k, x->reg,
                  y->reg);
    ck_assert_msg(x->imm == y->imm, "%s %s: operand %u imm %llx != %llx", what, name, k,
                  (unsigned long long)x->imm, (unsigned long long)y->imm);
  }
  ck_assert_msg(a->offset == b->offset, "%s %s: offset %d != %d", what, name, a->offset, b->offset);
  ck_assert_msg(a->sync == b->sync, "%s %s: sync 0x%x != 0x%x", what, name, a->sync, b->sync);
  for (unsigned t = 0; t < 3; t++)
    ck_assert_msg(a->target[t] == b->target[t], "%s %s: target %u", what, name, t);
}

/* Variant 0: registers everywhere (V for A kinds); 1: literals where allowed;
 * 2: SGPRs for A kinds and the highest registers; 3: small literals, offsets.
 * Variants 1-3 put a sync modifier on the instructions that take one. */
static void build(isa_opcode op, unsigned variant, isa_inst *in) {
  memset(in, 0, sizeof *in);
  in->op = (uint16_t)op;
  for (unsigned t = 0; t < 3; t++) in->target[t] = ISA_NO_PC;
  for (unsigned k = 0; k < 4; k++) {
    isa_operand *o = k ? &in->src[k - 1] : &in->dst;
    uint8_t kind = isa_ops[op].kind[k];
    unsigned width = isa_operand_width(op, k);
    int vreg = kind == ISA_OK_V || kind == ISA_OK_V2 || kind == ISA_OK_V4 || kind == ISA_OK_D;
    int sreg = kind == ISA_OK_S || kind == ISA_OK_S2;
    int any = kind == ISA_OK_A || kind == ISA_OK_A2;
    int scal = kind == ISA_OK_B || kind == ISA_OK_B2;
    if (kind == ISA_OK_N) continue;
    if ((variant == 1 || variant == 3) && (any || scal)) {
      o->file = ISA_RF_IMM;
      if (variant == 3)
        o->imm = 7 + k;
      else
        o->imm = width == 2 ? 0x123456789abcdef0ull + k : 0xdeadbeefu + k;
    } else if (vreg || (any && variant != 2)) {
      o->file = ISA_RF_V;
      o->reg = (uint16_t)(variant == 2 ? ISA_MAX_VGPRS - width * (k + 1) : 4 * k + 3);
    } else if (sreg || any || scal) {
      o->file = ISA_RF_S;
      o->reg = (uint16_t)(variant == 2 ? ISA_MAX_SGPRS - width * (k + 1) : 2 * k + 8);
    }
  }
  if (isa_ops[op].flags & ISA_F_MEM) in->offset = variant == 0 ? 0 : variant == 1 ? -16 : 4096;
  static const uint8_t syncs[4] = {0, ISA_SYNC(ISA_SYNC_ACQ | ISA_SYNC_REL, ISA_SCOPE_ALL),
                                   ISA_SYNC(ISA_SYNC_ACQ, ISA_SCOPE_ITEM),
                                   ISA_SYNC(0, ISA_SCOPE_SUBGROUP)};
  uint32_t fl = isa_ops[op].flags;
  if (((fl & (ISA_F_ATOMIC | ISA_F_LOAD)) && !(fl & ISA_F_IMAGE) &&
       isa_ops[op].unit != ISA_UNIT_SMEM) ||
      (op == ISA_OP_s_waitmem && variant != 3))
    in->sync = syncs[variant];
  for (unsigned t = 0; t < isa_num_targets(op); t++) in->target[t] = 12 + 3 * t + variant;
}

START_TEST(test_encode_decode_every_opcode) {
  for (int op = 0; op < ISA_OP_COUNT; op++)
    for (unsigned v = 0; v < NVARIANTS; v++) {
      isa_inst in, out;
      build((isa_opcode)op, v, &in);
      char err[256] = "";
      ck_assert_msg(isa_inst_check(&in, err, sizeof err) == 0, "%s: %s", isa_ops[op].name, err);
      uint32_t words[ISA_MAX_INST_WORDS];
      size_t n = isa_encode(&in, words, ISA_MAX_INST_WORDS);
      ck_assert_msg(n >= 1, "encode %s variant %u failed", isa_ops[op].name, v);
      ck_assert_uint_eq(isa_encode(&in, words, n - 1), 0); /* too little room */
      memset(&out, 0xab, sizeof out);
      ck_assert_uint_eq(isa_decode(words, n, &out), n);
      assert_inst_eq(&in, &out, "decode");
      /* every proper prefix is rejected as truncated */
      for (size_t m = 0; m < n; m++) ck_assert_uint_eq(isa_decode(words, m, &out), 0);
    }
}
END_TEST

START_TEST(test_disasm_parse_every_opcode) {
  for (int op = 0; op < ISA_OP_COUNT; op++)
    for (unsigned v = 0; v < NVARIANTS; v++) {
      isa_inst in, out;
      build((isa_opcode)op, v, &in);
      char text[256], text2[256], err[256] = "";
      size_t n = isa_disasm(&in, text, sizeof text);
      ck_assert_uint_eq(n, strlen(text));
      ck_assert_msg(isa_parse_inst(text, &out, err, sizeof err) == 0, "parse '%s': %s", text, err);
      assert_inst_eq(&in, &out, text);
      isa_disasm(&out, text2, sizeof text2);
      ck_assert_str_eq(text, text2);
    }
}
END_TEST

/* A stream of instructions decodes back in sequence (variable length). */
START_TEST(test_stream) {
  uint32_t words[ISA_OP_COUNT * ISA_MAX_INST_WORDS];
  size_t n = 0;
  for (int op = 0; op < ISA_OP_COUNT; op++) {
    isa_inst in;
    build((isa_opcode)op, (unsigned)op % NVARIANTS, &in);
    n += isa_encode(&in, words + n, sizeof words / sizeof *words - n);
  }
  size_t pos = 0;
  for (int op = 0; op < ISA_OP_COUNT; op++) {
    isa_inst in, out;
    build((isa_opcode)op, (unsigned)op % NVARIANTS, &in);
    size_t used = isa_decode(words + pos, n - pos, &out);
    ck_assert_uint_gt(used, 0);
    assert_inst_eq(&in, &out, "stream");
    pos += used;
  }
  ck_assert_uint_eq(pos, n);
}
END_TEST

START_TEST(test_encoding_layout) {
  /* v_add_f32 v5, v3, s8: header + 3 register words */
  isa_inst in;
  ck_assert_int_eq(isa_parse_inst("v_add_f32 v5, v3, s8", &in, NULL, 0), 0);
  uint32_t w[ISA_MAX_INST_WORDS];
  ck_assert_uint_eq(isa_encode(&in, w, ISA_MAX_INST_WORDS), 4);
  ck_assert_uint_eq(w[0], ISA_OP_v_add_f32 | ISA_RF_V << 10 | ISA_RF_V << 12 | ISA_RF_S << 14);
  ck_assert_uint_eq(w[1], 5);
  ck_assert_uint_eq(w[2], 3);
  ck_assert_uint_eq(w[3], 8);
  /* 64-bit literal takes two words; offset one; targets one each */
  ck_assert_int_eq(isa_parse_inst("v_add_u64 v[4:5], v[2:3], 0x100000010", &in, NULL, 0), 0);
  ck_assert_uint_eq(isa_encode(&in, w, ISA_MAX_INST_WORDS), 5);
  ck_assert_uint_eq(w[3], 0x10);
  ck_assert_uint_eq(w[4], 1);
  ck_assert_int_eq(isa_parse_inst("global_load_b32 v4, v[6:7], offset:-4", &in, NULL, 0), 0);
  ck_assert_uint_eq(isa_encode(&in, w, ISA_MAX_INST_WORDS), 4);
  ck_assert_uint_eq(w[0] >> 18 & 1, 1);
  ck_assert_uint_eq(w[3], 0xfffffffcu);
  ck_assert_int_eq(isa_parse_inst("s_cbranch_div s[10:11], @12, @15, @20", &in, NULL, 0), 0);
  ck_assert_uint_eq(isa_encode(&in, w, ISA_MAX_INST_WORDS), 5);
  ck_assert_uint_eq(w[0] >> 19 & 3, 3);
  ck_assert_uint_eq(w[4], 20);
}
END_TEST

START_TEST(test_decode_rejects_garbage) {
  isa_inst out;
  uint32_t w[4] = {ISA_OP_COUNT, 0, 0, 0};
  ck_assert_uint_eq(isa_decode(w, 4, &out), 0); /* opcode past the table */
  w[0] = ISA_OP_s_nop | 1u << 29;
  ck_assert_uint_eq(isa_decode(w, 4, &out), 0); /* reserved bits */
  w[0] = ISA_OP_s_nop | (uint32_t)ISA_SYNC(ISA_SYNC_ACQ, ISA_SCOPE_GROUP) << 21;
  ck_assert_uint_eq(isa_decode(w, 4, &out), 0); /* a sync modifier where none is taken */
  w[0] = ISA_OP_s_waitmem | (uint32_t)ISA_SYNC(ISA_SYNC_ACQ, ISA_SCOPE_GROUP) << 21;
  ck_assert_uint_eq(isa_decode(w, 4, &out), 1);
  ck_assert_uint_eq(out.sync, ISA_SYNC(ISA_SYNC_ACQ, ISA_SCOPE_GROUP));
  w[0] = ISA_OP_s_waitmem | 7u << 24; /* scope 7: none such */
  ck_assert_uint_eq(isa_decode(w, 4, &out), 0);
  w[0] = ISA_OP_s_nop | ISA_RF_V << 10;
  ck_assert_uint_eq(isa_decode(w, 4, &out), 0); /* operand on an op without one */
  w[0] = ISA_OP_v_mov_b32 | ISA_RF_S << 10 | ISA_RF_V << 12;
  ck_assert_uint_eq(isa_decode(w, 4, &out), 0); /* SGPR dst for a V kind */
  w[0] = ISA_OP_v_mov_b32 | ISA_RF_V << 10 | ISA_RF_V << 12;
  w[1] = 256;
  ck_assert_uint_eq(isa_decode(w, 4, &out), 0); /* v256 */
  w[1] = 1;
  ck_assert_uint_eq(isa_decode(w, 4, &out), 3);
  w[0] |= 1u << 18; /* offset on a non-memory op */
  w[3] = 4;
  ck_assert_uint_eq(isa_decode(w, 4, &out), 0);
  w[0] = ISA_OP_s_branch; /* branch without its target */
  ck_assert_uint_eq(isa_decode(w, 4, &out), 0);
  w[0] = ISA_OP_global_load_b32 | ISA_RF_V << 10 | ISA_RF_V << 12 | 1u << 18;
  w[3] = 0; /* explicit zero offset is not canonical */
  ck_assert_uint_eq(isa_decode(w, 4, &out), 0);
  ck_assert_uint_eq(isa_decode(w, 0, &out), 0);
}
END_TEST

/* The memory-model modifier: text, encoding and its checks' messages. */
START_TEST(test_sync_modifier) {
  isa_inst in;
  char err[256], text[128];
  ck_assert_int_eq(isa_parse_inst("global_atomic_cmpxchg_b32 v1, v[2:3], v4, v5, sync:ar.dev", &in,
                                  err, sizeof err),
                   0);
  ck_assert_uint_eq(in.sync, ISA_SYNC(ISA_SYNC_ACQ | ISA_SYNC_REL, ISA_SCOPE_DEVICE));
  isa_disasm(&in, text, sizeof text);
  ck_assert_str_eq(text, "global_atomic_cmpxchg_b32 v1, v[2:3], v4, v5, sync:ar.dev");
  uint32_t w[ISA_MAX_INST_WORDS];
  ck_assert_uint_eq(isa_encode(&in, w, ISA_MAX_INST_WORDS), 5);
  ck_assert_uint_eq(w[0] >> 21 & 0xff, in.sync);
  ck_assert_int_eq(isa_parse_inst("ds_read_b32 v1, v2, offset:8, sync:rlx.wg", &in, NULL, 0), 0);
  ck_assert_uint_eq(in.sync, ISA_SYNC(0, ISA_SCOPE_GROUP));
  ck_assert_int_eq(isa_parse_inst("s_waitmem sync:rel.sg", &in, NULL, 0), 0);
  ck_assert_uint_eq(in.sync, ISA_SYNC(ISA_SYNC_REL, ISA_SCOPE_SUBGROUP));
  ck_assert_int_eq(isa_parse_inst("s_waitmem sync:acq.everywhere", &in, err, sizeof err), -1);
  ck_assert_str_eq(err, "s_waitmem: bad sync modifier 'sync:acq.everywhere' (sync:ORDER.SCOPE, "
                        "ORDER rlx, acq, rel or ar, SCOPE wi, sg, wg, dev or all)");
  ck_assert_int_eq(isa_parse_inst("s_waitmem sync:rlx.dev", &in, err, sizeof err), -1);
  ck_assert_str_eq(err, "s_waitmem: a relaxed fence orders nothing (give acq, rel or ar)");
  ck_assert_int_eq(isa_parse_inst("v_add_u32 v1, v2, v3, sync:acq.wg", &in, err, sizeof err), -1);
  ck_assert_str_eq(err, "v_add_u32: only atomics, vector loads and s_waitmem take a sync modifier");
  ck_assert_int_eq(
      isa_parse_inst("global_store_b32 v[2:3], v4, sync:rel.dev", &in, err, sizeof err), -1);
  ck_assert_str_eq(
      err, "global_store_b32: only atomics, vector loads and s_waitmem take a sync modifier");
  ck_assert_int_eq(isa_parse_inst("s_waitmem", &in, NULL, 0), 0);
  in.sync = 0x44; /* bit 2 reserved */
  ck_assert_int_eq(isa_inst_check(&in, err, sizeof err), -1);
  ck_assert_str_eq(err,
                   "s_waitmem: bad sync modifier 0x44 (order bits 0-1, scope 1-5 in bits 3-5)");
  in.sync = ISA_SYNC(ISA_SYNC_ACQ, ISA_SCOPE_NONE);
  ck_assert_int_eq(isa_inst_check(&in, NULL, 0), -1);
}
END_TEST

START_TEST(test_check_messages) {
  isa_inst in;
  char err[256];
  ck_assert_int_eq(isa_parse_inst("v_add_u32 v1, v2, v3", &in, NULL, 0), 0);
  in.dst.file = ISA_RF_S;
  ck_assert_int_eq(isa_inst_check(&in, err, sizeof err), -1);
  ck_assert_str_eq(err, "v_add_u32: dst cannot be an SGPR");
  ck_assert_uint_eq(isa_encode(&in, (uint32_t[ISA_MAX_INST_WORDS]){0}, ISA_MAX_INST_WORDS), 0);
  in.dst.file = ISA_RF_IMM;
  ck_assert_int_eq(isa_inst_check(&in, err, sizeof err), -1);
  ck_assert_str_eq(err, "v_add_u32: dst cannot be a literal");
  in.dst.file = ISA_RF_NONE;
  ck_assert_int_eq(isa_inst_check(&in, err, sizeof err), -1);
  ck_assert_str_eq(err, "v_add_u32: dst operand is missing");
  in.dst.file = ISA_RF_V;
  in.src[1].file = ISA_RF_IMM;
  in.src[1].imm = 0x100000000ull;
  ck_assert_int_eq(isa_inst_check(&in, err, sizeof err), -1);
  ck_assert_str_eq(err, "v_add_u32: src1 literal 0x100000000 does not fit in 32 bits");
  in.src[1].imm = 1;
  in.src[2].file = ISA_RF_V;
  ck_assert_int_eq(isa_inst_check(&in, err, sizeof err), -1);
  ck_assert_str_eq(err, "v_add_u32: src2 cannot be a VGPR");
  in.src[2].file = ISA_RF_NONE;
  in.offset = 4;
  ck_assert_int_eq(isa_inst_check(&in, err, sizeof err), -1);
  ck_assert_str_eq(err, "v_add_u32: only memory instructions take an offset");
  in.offset = 0;
  in.target[1] = 3;
  ck_assert_int_eq(isa_inst_check(&in, err, sizeof err), -1);
  ck_assert_str_eq(err, "v_add_u32: takes 0 branch targets, target[1] is set");
  in.target[1] = ISA_NO_PC;
  in.dst.reg = 255;
  ck_assert_int_eq(isa_inst_check(&in, NULL, 0), 0);
  ck_assert_int_eq(isa_parse_inst("v_add_u64 v[4:5], v[2:3], 1", &in, NULL, 0), 0);
  in.dst.reg = 255;
  ck_assert_int_eq(isa_inst_check(&in, err, sizeof err), -1);
  ck_assert_str_eq(err, "v_add_u64: dst v255..v256 is past the last VGPR (v255)");
  ck_assert_int_eq(isa_parse_inst("s_mov_b64 s[2:3], 1", &in, NULL, 0), 0);
  in.dst.reg = 103;
  ck_assert_int_eq(isa_inst_check(&in, err, sizeof err), -1);
  ck_assert_str_eq(err, "s_mov_b64: dst s103..s104 is past the last SGPR (s103)");
  ck_assert_int_eq(isa_parse_inst("s_cbranch_div s[2:3], @1, @2, @3", &in, NULL, 0), 0);
  in.target[2] = ISA_NO_PC;
  ck_assert_int_eq(isa_inst_check(&in, err, sizeof err), -1);
  ck_assert_str_eq(err, "s_cbranch_div: needs 3 branch targets");
  in.op = ISA_OP_COUNT;
  ck_assert_int_eq(isa_inst_check(&in, err, sizeof err), -1);
  ck_assert_msg(strstr(err, "is not in isa.def") != NULL, "%s", err);
}
END_TEST

START_TEST(test_regs_sets) {
  isa_inst in;
  isa_regset rs;
  ck_assert_int_eq(isa_parse_inst("v_add_u64 v[4:5], v[2:3], s[6:7]", &in, NULL, 0), 0);
  isa_inst_regs(&in, &rs);
  ck_assert_uint_eq(rs.nwrites, 1);
  ck_assert_uint_eq(rs.writes[0].file, ISA_RF_V);
  ck_assert_uint_eq(rs.writes[0].reg, 4);
  ck_assert_uint_eq(rs.writes[0].count, 2);
  ck_assert_uint_eq(rs.nreads, 2);
  ck_assert_uint_eq(rs.reads[0].reg, 2);
  ck_assert_uint_eq(rs.reads[1].file, ISA_RF_S);
  ck_assert_uint_eq(rs.reads[1].reg, 6);
  ck_assert_uint_eq(rs.reads[1].count, 2);
  ck_assert_int_eq(isa_parse_inst("global_store_b128 v[6:7], v[8:11]", &in, NULL, 0), 0);
  isa_inst_regs(&in, &rs);
  ck_assert_uint_eq(rs.nwrites, 0);
  ck_assert_uint_eq(rs.nreads, 2);
  ck_assert_uint_eq(rs.reads[1].count, 4);
  ck_assert_int_eq(isa_parse_inst("v_mul_f32 v1, 0x3f800000, v1", &in, NULL, 0), 0);
  isa_inst_regs(&in, &rs);
  ck_assert_uint_eq(rs.nreads, 1); /* literals are not registers */
  ck_assert_uint_eq(rs.reads[0].reg, 1);
  ck_assert_int_eq(isa_parse_inst("s_cmp_lt_i32 s1, 5", &in, NULL, 0), 0);
  isa_inst_regs(&in, &rs);
  ck_assert_uint_eq(rs.writes_scc, 1);
  ck_assert_uint_eq(rs.reads_scc, 0);
  ck_assert_int_eq(isa_parse_inst("s_cselect_b32 s1, s2, 7", &in, NULL, 0), 0);
  isa_inst_regs(&in, &rs);
  ck_assert_uint_eq(rs.reads_scc, 1);
  ck_assert_uint_eq(isa_operand_width(ISA_OP_global_load_b128, 0), 4);
  ck_assert_uint_eq(isa_operand_width(ISA_OP_s_nop, 0), 0);
  ck_assert_uint_eq(isa_num_targets(ISA_OP_s_cbranch_div), 3);
  ck_assert_uint_eq(isa_num_targets(ISA_OP_s_cbranch_scc0), 1);
  ck_assert_uint_eq(isa_num_targets(ISA_OP_s_endpgm), 0);
}
END_TEST

static Suite *suite(void) {
  Suite *s = suite_create("isa_codec");
  TCase *tc = tcase_create("core");
  tcase_add_test(tc, test_encode_decode_every_opcode);
  tcase_add_test(tc, test_disasm_parse_every_opcode);
  tcase_add_test(tc, test_stream);
  tcase_add_test(tc, test_encoding_layout);
  tcase_add_test(tc, test_decode_rejects_garbage);
  tcase_add_test(tc, test_check_messages);
  tcase_add_test(tc, test_sync_modifier);
  tcase_add_test(tc, test_regs_sets);
  suite_add_tcase(s, tc);
  return s;
}

int main(void) {
  return check_run(suite());
}
