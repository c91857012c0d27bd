/* Shared declarations of the fuzz targets: the libFuzzer entry point and the
 * invariant checks (a failed check aborts so the fuzzer records a crasher). */
#ifndef WAVESIM_FUZZ_H
#define WAVESIM_FUZZ_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include "isa.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* An invariant of the parser under test: violated means a bug to fix. This
 * is test code, so aborting is what the fuzzer needs to see. */
#define FUZZ_CHECK(cond, ...)                                                  \
  do {                                                                         \
    if (!(cond)) {                                                             \
      fprintf(stderr, "%s:%d: fuzz invariant failed: %s: ", __FILE__, __LINE__, \
              #cond);                                                          \
      fprintf(stderr, __VA_ARGS__);                                            \
      fputc('\n', stderr);                                                     \
      abort();                                                                 \
    }                                                                          \
  } while (0)

/* Field-wise equality of two instructions (registers only when the operand
 * is a register, literals only when it is a literal). */
static inline int fuzz_inst_equal(const isa_inst *a, const isa_inst *b) {
  if (a->op != b->op || a->offset != b->offset) return 0;
  for (unsigned k = 0; k < 4; k++) {
    const isa_operand *x = k ? &a->src[k - 1] : &a->dst, *y = k ? &b->src[k - 1] : &b->dst;
    if (x->file != y->file) return 0;
    if ((x->file == ISA_RF_V || x->file == ISA_RF_S) && x->reg != y->reg) return 0;
    if (x->file == ISA_RF_IMM && x->imm != y->imm) return 0;
  }
  for (unsigned t = 0; t < 3; t++)
    if (a->target[t] != b->target[t]) return 0;
  return 1;
}

/* The invariants every well-formed instruction satisfies, whichever parser
 * produced it: it checks, encode/decode round-trips exactly, and the
 * disassembly parses back to the same instruction. */
static inline void fuzz_check_inst(const isa_inst *in) {
  char err[256] = "";
  FUZZ_CHECK(isa_inst_check(in, err, sizeof err) == 0, "accepted instruction fails check: %s", err);
  uint32_t w[ISA_MAX_INST_WORDS];
  size_t n = isa_encode(in, w, ISA_MAX_INST_WORDS);
  FUZZ_CHECK(n > 0, "checked instruction op %u does not encode", in->op);
  isa_inst back;
  FUZZ_CHECK(isa_decode(w, n, &back) == n, "encoding of op %u does not decode", in->op);
  FUZZ_CHECK(fuzz_inst_equal(in, &back), "encode/decode changed op %u", in->op);
  char text[256];
  size_t len = isa_disasm(in, text, sizeof text);
  FUZZ_CHECK(len < sizeof text, "disassembly of op %u is %zu chars", in->op, len);
  isa_inst parsed;
  FUZZ_CHECK(isa_parse_inst(text, &parsed, err, sizeof err) == 0, "'%s' does not parse: %s", text,
             err);
  FUZZ_CHECK(fuzz_inst_equal(in, &parsed), "'%s' parses to a different instruction", text);
}

#endif
