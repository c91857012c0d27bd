/* Fuzz target: the whole compiler on a SPIR-V module, entered the way the
 * runtime does for clCreateProgramWithIL + clBuildProgram (fe_build_spirv). */
#include <string.h>

#include "fe.h"
#include "fe_front.h"
#include "fuzz.h"

/* The bytes as clCreateProgramWithIL takes them: a module it would reject
 * (too short, not whole words, no SPIR-V magic in either byte order) never
 * reaches the compiler, so those inputs only exercise the reader alone
 * (fe_front_spirv). Every other input is specialised (fe_spirv_specialize,
 * with a value for SpecIds 0 to 3) and runs fe_build_spirv as rt_build_one
 * does: reader, IR validation, passes, backend. The compiler object is NULL, which skips
 * only the compile cache (the fuzzer must not write cache entries). With
 * WAVESIM_FUZZ_FRONT=1 only the reader runs (faster, for reader work). */
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  size_t nw = size / 4;
  uint32_t *w = malloc((nw ? nw : 1) * sizeof *w);
  if (!w) return 0;
  if (nw) memcpy(w, data, nw * 4);
  const char *front = getenv("WAVESIM_FUZZ_FRONT");
  int il_ok = size >= 20 && size % 4 == 0 && (w[0] == 0x07230203u || w[0] == 0x03022307u);
  if (il_ok && !(front && *front == '1')) {
    fe_target t = {
        .wave_size = 32, .max_vgprs = 128, .max_sgprs = 104, .sched_vgprs = 64, .fp64 = 1};
    isa_program *p = NULL;
    char *log = NULL;
    fe_spec_value vals[] = {{0, 4, 3}, {1, 1, 1}, {2, 8, 5}, {3, 2, 9}};
    size_t ns = 0;
    uint32_t *sw = fe_spirv_specialize(w, nw, vals, 4, &ns);
    /* it grows a module (vector results become component constants), by
     * less than 21 times plus a constant (spv_spec.c, SPC_GROWTH) */
    FUZZ_CHECK(sw && ns <= 21 * nw + 4096, "fe_spirv_specialize grew the module past its bound "
                                           "or failed");
    free(w);
    w = sw, nw = ns;
    fe_status st = fe_build_spirv(NULL, w, nw, NULL, &t, &p, &log);
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
