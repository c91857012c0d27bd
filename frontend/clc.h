/* OpenCL C -> SPIR-V through clang, opt and llvm-spirv run as child
 * processes; user build options are parsed and checked here. */
#ifndef WAVESIM_CLC_H
#define WAVESIM_CLC_H

#include <stddef.h>
#include <stdint.h>

#include "fe.h"
#include "fe_strbuf.h"

typedef struct fe_clc_tools {
  const char *clang, *llvm_spirv, *opt; /* executable paths */
  const fe_target *target;              /* device features; NULL: clang's defaults */
} fe_clc_tools;

/* The stable name clang's diagnostics use for the program source. */
#define FE_CLC_SOURCE_NAME "input.cl"

/* The opt pass list: cleans up clang's -O0 output without ever creating odd
 * integer widths (i3, i33 ...) that llvm-spirv 14 rejects (InvalidBitWidth),
 * then rotates loops into do-while form and unrolls them as GPU compilers do
 * (small constant trip counts fully, others by up to FE_CLC_UNROLL_COUNT):
 * loop overhead costs issue slots on the modeled device just as on a real
 * one, so leaving loops rolled would overstate the time of compute loops. */
#define FE_CLC_OPT_PASSES                                                                          \
  "sroa,mem2reg,early-cse,instsimplify,simplifycfg,loop-mssa(loop-rotate),loop-unroll<O2>,"      \
  "simplifycfg"
#define FE_CLC_UNROLL_ALLOW_PARTIAL "-unroll-allow-partial"
#define FE_CLC_UNROLL_COUNT "-unroll-max-count=4"
#define FE_CLC_OPT_FALLBACK "mem2reg"

/* Compiles `source` with user `options`. On FE_OK *words and *nwords hold the
 * SPIR-V module (caller frees). Diagnostics (clang's verbatim, with the temp
 * path replaced by FE_CLC_SOURCE_NAME) and our messages are appended to log. */
fe_status fe_clc_compile(const fe_clc_tools *tools, const char *source, const char *options,
                         uint32_t **words, size_t *nwords, fe_sb *log);

#endif
