/* Fuzz target: the SPIR-V reader (fe_front_spirv: parse, spirv-val, lower to
 * IR, validate the IR) on the input bytes as little-endian words. With
 * WAVESIM_FUZZ_FULL=1 in the environment the whole compiler runs instead
 * (fe_build_spirv), passes and backend included. */
#include <string.h>

#include "fe.h"
#include "fe_front.h"
#include "fuzz.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  size_t nw = size / 4;
  uint32_t *w = malloc((nw ? nw : 1) * sizeof *w);
  if (!w) return 0;
  if (nw) memcpy(w, data, nw * 4);
  const char *full = getenv("WAVESIM_FUZZ_FULL");
  if (full && *full == '1') {
    fe_target t = {.wave_size = 32, .max_vgprs = 128, .max_sgprs = 104, .fp64 = 1};
    isa_program *p = NULL;
    char *log = NULL;
    fe_status st = fe_build_spirv(NULL, w, nw, &t, &p, &log);
    FUZZ_CHECK(log != NULL, "fe_build_spirv returned no log");
    if (st == FE_OK) {
      FUZZ_CHECK(p != NULL, "FE_OK without a program");
      isa_program_destroy(p);
    } else {
      FUZZ_CHECK(p == NULL && log[0], "failed build (status %d) without a message", st);
    }
    free(log);
  } else {
    ir_module *m = NULL;
    fe_sb log = {0};
    fe_status st = fe_front_spirv(w, nw, &m, &log);
    if (st == FE_OK) {
      FUZZ_CHECK(m != NULL, "FE_OK without a module");
      ir_module_free(m);
    } else {
      FUZZ_CHECK(m == NULL && log.s && log.s[0], "failed read (status %d) without a message", st);
    }
    fe_sb_fini(&log);
  }
  free(w);
  return 0;
}
