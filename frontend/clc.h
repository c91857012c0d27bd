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
  const char *spirv_link;               /* SPIRV-Tools' linker: links with SPIR-V objects */
  const char *legal;                    /* wavesim-legal (frontend/legal/legal.c) */
  const fe_target *target;              /* device features; NULL: clang's defaults */
  int no_unroll;                        /* loops are not unrolled (fe.c's retry) */
  int minimal;                          /* the minimal pipeline, as -cl-opt-disable (fe.c's
                                         * last retry) */
  const char *tmpdir;                   /* the private directory's parent; NULL: /tmp */
  int legal_stats;                      /* wavesim-legal --stats: its counts in the log */
} fe_clc_tools;

/* The stable name clang's diagnostics use for the program source. */
#define FE_CLC_SOURCE_NAME "input.cl"

/* The opt pass lists, run as three opt processes with clc_conv.c's rewrite
 * after the first: every call to a function with a body inlined (as GPU
 * compilers do; the threshold below is unbounded in practice), then clang's
 * output cleaned up without ever creating odd integer widths (i3, i33 ...)
 * that llvm-spirv 14 rejects (InvalidBitWidth); then, once the builtins that
 * do not synchronize are no longer convergent (LLVM unrolls no loop by a
 * run-time count while it calls a convergent function, and clang makes every
 * OpenCL call convergent), loops treated as GPU compilers do: loop-invariant
 * code hoisted, loops rotated (test at the bottom) and unrolled until the
 * body reaches a size budget (LLVM cost units; at most 64 copies). Loops
 * with a constant trip count get the larger budget (300), loops whose trip
 * count is only known at run time the smaller one (150, with a prologue for
 * the remainder), in a process of their own since the budget is an opt
 * flag: what NVIDIA's compiler does to the same sources
 * (validation/data/kernels_sass: nbody's tiled 64-trip loop 8 times, as here;
 * its run-time loop over all bodies 4 times, as here; matmul's small
 * run-time loop 16 times, here 8; a lone FFMA chain 256 times, here 32).
 * LICM runs again once loops are rotated (only then is a store in the body
 * known to run on every iteration, which promoting a loop-invariant location
 * to a register needs: gemm's `C[i * N + j] += ...` with restrict pointers),
 * and GVN forwards a stored value to the loads of the same address that
 * follow it (the same statement without restrict: the store stays, the
 * reload goes): what NVIDIA's compiler does (validation/data/styles_sass
 * gemm.sass, gemv.sass), where wavesim reloaded the element every iteration.
 * SROA runs again after the full unrolling: a private array indexed by the
 * unrolled counter (scan's per-item `uint v[8]`) then has only constant
 * indices and lives in registers, as in NVIDIA's code, not in scratch.
 * The backend's coalescer folds the loop-carried copies that rotation leaves
 * on the back edge (be_coalesce.c) and its scheduler overlaps the unrolled
 * iterations' loads (be_sched.c). */
#define FE_CLC_OPT_PASSES                                                                  \
  "cgscc(inline),function(sroa,mem2reg,early-cse,instsimplify,simplifycfg)"
#define FE_CLC_INLINE_FLAGS {"-inline-threshold=100000"}
#define FE_CLC_OPT_LOOP_PASSES                                                             \
  "function(loop-mssa(licm,loop-rotate,licm),gvn,loop-unroll<O2;no-runtime>,sroa,instsimplify,simplifycfg)"
#define FE_CLC_OPT_RUNTIME_UNROLL_PASSES "function(loop-unroll<O2;runtime>,instsimplify,simplifycfg)"
#define FE_CLC_OPT_LOOP_PASSES_NO_UNROLL                                                   \
  "function(loop-mssa(licm,loop-rotate,licm),gvn,instsimplify,simplifycfg)"
#define FE_CLC_UNROLL_FLAGS                                                                \
  {"-unroll-allow-partial", "-unroll-partial-threshold=300", "-unroll-max-count=64"}
#define FE_CLC_RUNTIME_UNROLL_FLAGS                                                        \
  {"-unroll-allow-partial", "-unroll-partial-threshold=150", "-unroll-max-count=64",        \
   "-unroll-runtime", "-unroll-runtime-epilog=false"}
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

/* Checks clBuildProgram's options for a SPIR-V program as for source (an
 * unknown one is FE_INVALID_OPTIONS, message in log); *uniform_wg set for
 * -cl-uniform-work-group-size. The others have nothing to act on in a
 * module: -D, -I and -cl-std= shape OpenCL C source; -cl-opt-disable turns
 * off LLVM's optimisation, which a module has been through or not before it
 * came; the math flags are clang's. */
fe_status fe_clc_il_options(const char *options, int *uniform_wg, fe_sb *log);

/* Checks clLinkProgram's options; *create_library set for -create-library.
 * FE_INVALID_OPTIONS (message in log) for any other option. */
fe_status fe_clc_link_options(const char *options, int *create_library, fe_sb *log);

/* llvm-link of n bitcode modules into *bc; unless `library`, then opt and
 * llvm-spirv into *words and *nwords as fe_clc_compile does (caller frees). */
fe_status fe_clc_link(const fe_clc_tools *tools, const void *const *bcs, const size_t *lens,
                      size_t n, int library, void **bc, size_t *bc_len, uint32_t **words,
                      size_t *nwords, fe_sb *log);

/* spirv-link of n SPIR-V modules (one version: fe.c raises them to the
 * latest) into *words and *nwords (caller frees). With `library`
 * (-create-library) imports may stay unresolved and every export is kept;
 * otherwise an unresolved import fails the link, spirv-link's message
 * naming the symbol. */
fe_status fe_clc_spirv_link(const fe_clc_tools *tools, const uint32_t *const *mods,
                            const size_t *nwords_in, size_t n, int library, uint32_t **words,
                            size_t *nwords, fe_sb *log);

#endif
