/* Fuzz target: the binary instruction decoder. The input is a stream of
 * little-endian words; every instruction that decodes must re-encode to the
 * same words and survive a disassemble/parse round trip. */
#include <string.h>

#include "fuzz.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  size_t nw = size / 4;
  uint32_t *w = malloc((nw ? nw : 1) * sizeof *w);
  if (!w) return 0;
  if (nw) memcpy(w, data, nw * 4);
  for (size_t i = 0; i < nw;) {
    isa_inst in;
    memset(&in, 0xA5, sizeof in); /* decode must not leave parts unset */
    size_t n = isa_decode(w + i, nw - i, &in);
    if (n == 0) {
      i++; /* not an instruction here: resynchronize on the next word */
      continue;
    }
    FUZZ_CHECK(n <= nw - i && n <= ISA_MAX_INST_WORDS, "decode consumed %zu of %zu words", n,
               nw - i);
    fuzz_check_inst(&in);
    uint32_t re[ISA_MAX_INST_WORDS];
    size_t m = isa_encode(&in, re, ISA_MAX_INST_WORDS);
    FUZZ_CHECK(m == n && memcmp(re, w + i, n * 4) == 0,
               "op %u: re-encoding differs from the input (%zu vs %zu words)", in.op, m, n);
    i += n;
  }
  free(w);
  return 0;
}
