/* fe_front: chains clc (OpenCL C -> SPIR-V) and the SPIR-V reader, then
 * validates every function of the resulting IR. */
#include <stdlib.h>

#include "fe_front.h"
#include "spv_reader.h"

fe_clc_tools fe_front_default_tools(void) {
  fe_clc_tools t = {.clang = WAVESIM_CLANG,
                    .llvm_spirv = WAVESIM_LLVM_SPIRV,
                    .opt = WAVESIM_OPT,
                    .legal = WAVESIM_LEGAL,
                    .spirv_link = WAVESIM_SPIRV_LINK};
  return t;
}

fe_status fe_front_spirv(const uint32_t *words, size_t nwords, ir_module **out, fe_sb *log) {
  *out = NULL;
  ir_module *m = spv_read(words, nwords, log);
  if (!m)
    return FE_BUILD_FAILED;
  for (uint32_t i = 0; i < m->nfns; i++) {
    char err[512];
    int rc = ir_validate(&m->fns[i], err, sizeof err);
    if (rc == -2) {
      fe_sb_printf(log,
                   "error: out of memory while compiling kernel '%s' (validating the IR); "
                   "free host memory or build fewer programs at once\n",
                   m->fns[i].name ? m->fns[i].name : "?");
      ir_module_free(m);
      return FE_BUILD_FAILED;
    }
    if (rc) {
      fe_sb_printf(log, "error: internal compiler error: %s (please report this with the "
                        "kernel source)\n", err);
      ir_module_free(m);
      return FE_INTERNAL;
    }
  }
  *out = m;
  return FE_OK;
}

fe_status fe_front_source(const fe_clc_tools *tools, const char *source, const char *options,
                          ir_module **out, fe_sb *log) {
  *out = NULL;
  uint32_t *words = NULL;
  size_t nwords = 0;
  fe_status st = fe_clc_compile(tools, source, options, &words, &nwords, log);
  if (st == FE_OK)
    st = fe_front_spirv(words, nwords, out, log);
  free(words);
  return st;
}
