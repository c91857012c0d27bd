/* Fuzz target: the assembler and the one-line instruction parser on text.
 * Whatever assembles must satisfy the instruction invariants of fuzz.h; what
 * does not must come with an error message. */
#include <string.h>

#include "fuzz.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  char *text = malloc(size + 1);
  if (!text) return 0;
  memcpy(text, data, size);
  text[size] = 0; /* the API takes C strings: text ends at the first NUL */

  isa_inst *code = NULL;
  uint32_t ncode = 0;
  char err[256] = "";
  if (isa_assemble(text, &code, &ncode, err, sizeof err) == 0) {
    for (uint32_t i = 0; i < ncode; i++) fuzz_check_inst(&code[i]);
    free(code);
  } else {
    FUZZ_CHECK(err[0] != 0, "isa_assemble failed without a message");
    FUZZ_CHECK(code == NULL && ncode == 0, "failed isa_assemble left output");
  }

  /* the first line alone through the one-instruction parser */
  char *nl = strchr(text, '\n');
  if (nl) *nl = 0;
  isa_inst in;
  err[0] = 0;
  if (isa_parse_inst(text, &in, err, sizeof err) == 0) fuzz_check_inst(&in);
  else FUZZ_CHECK(err[0] != 0, "isa_parse_inst failed without a message");
  free(text);
  return 0;
}
