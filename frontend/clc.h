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
  const char *llvm_link;                /* only clLinkProgram's path needs it */
  const fe_target *target;              /* device features; NULL: clang's defaults */
} fe_clc_tools;

/* The stable name clang's diagnostics use for the program source. */
#define FE_CLC_SOURCE_NAME "input.cl"

/* The opt pass list: cleans up clang's -O0 output without ever creating odd
 * integer widths (i3, i33 ...) that llvm-spirv 14 rejects (InvalidBitWidth).
 * Loops are neither rotated nor unrolled: rotation leaves loop-carried values
 * live out of the loop, and the backend's coalescer cannot yet fold the copies
 * that creates, so the result would cost more instructions, not fewer. */
#define FE_CLC_OPT_PASSES "sroa,mem2reg,early-cse,instsimplify,simplifycfg"
#define FE_CLC_OPT_FALLBACK "mem2reg"

/* Compiles `source` with user `options`. On FE_OK *words and *nwords hold the
 * SPIR-V module (caller frees). Diagnostics (clang's verbatim, with the temp
 * path replaced by FE_CLC_SOURCE_NAME) and our messages are appended to log. */
fe_status fe_clc_compile(const fe_clc_tools *tools, const char *source, const char *options,
                         uint32_t **words, size_t *nwords, fe_sb *log);

/* Separate compilation (clCompileProgram): clang only, OpenCL C -> LLVM
 * bitcode (*bc, *bc_len, caller frees), with the embedded headers written
 * under their names into a private directory searched by #include. */
fe_status fe_clc_compile_bc(const fe_clc_tools *tools, const char *source, const char *options,
                            const fe_header *hdrs, size_t nhdrs, void **bc, size_t *bc_len,
                            fe_sb *log);

/* Checks clLinkProgram's options; *create_library set for -create-library.
 * FE_INVALID_OPTIONS (message in log) for any other option. */
fe_status fe_clc_link_options(const char *options, int *create_library, fe_sb *log);

/* llvm-link of n bitcode modules into *bc; unless `library`, then opt and
 * llvm-spirv into *words and *nwords as fe_clc_compile does (caller frees). */
fe_status fe_clc_link(const fe_clc_tools *tools, const void *const *bcs, const size_t *lens,
                      size_t n, int library, void **bc, size_t *bc_len, uint32_t **words,
                      size_t *nwords, fe_sb *log);

#endif
