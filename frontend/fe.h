/* The compiler's public face: OpenCL C source (or SPIR-V) in, wavefront
 * program out, with a build log. Used by runtime/ at clBuildProgram. */
#ifndef WAVESIM_FE_H
#define WAVESIM_FE_H

#include <stddef.h>
#include <stdint.h>

#include "fe_target.h"
#include "isa.h"

typedef struct fe_compiler fe_compiler;

/* What the compiler takes from its host. The library reads no environment:
 * the runtime (rt_platform.c) and the command (cli/) resolve WAVESIM_CLANG,
 * WAVESIM_LLVM_SPIRV, WAVESIM_OPT, WAVESIM_LEGAL, WAVESIM_SPIRV_LINK,
 * WAVESIM_LLVM_LINK, the cache's variables, TMPDIR and WAVESIM_LEGAL_STATS
 * (runtime/rt_opts.c) and pass them here; a test passes what it needs. */
typedef struct fe_host {
  /* tool paths; NULL or "": the one found at configure time (llvm_link:
   * opt's path with "opt" replaced by "llvm-link", /usr/bin/opt-14 ->
   * /usr/bin/llvm-link-14) */
  const char *clang, *llvm_spirv, *opt, *legal, *spirv_link, *llvm_link;
  const char *cache_dir; /* the compile cache's directory; NULL or "": no cache */
  const char *tmpdir;    /* where the tools' private directory goes; NULL or "": /tmp */
  int legal_stats;       /* wavesim-legal's rewrite counts added to each build log
                          * (such builds are not cached) */
} fe_host;

/* A compiler for `host` (NULL: every default, no cache); the strings are
 * copied. Never fails but for memory (NULL); a missing tool is reported by
 * fe_build. */
fe_compiler *fe_compiler_create(const fe_host *host);
void fe_compiler_destroy(fe_compiler *c);

typedef enum fe_status {
  FE_OK = 0,
  FE_BUILD_FAILED,   /* compile error or unsupported feature: see log */
  FE_INVALID_OPTIONS,/* an option the compiler does not accept: see log */
  FE_INTERNAL,       /* tool missing or our own bug: see log */
} fe_status;

/* Compile OpenCL C `source` with user `options` (-D, -I, -cl-std=, -w, -Werror,
 * -cl-* passed through). On success *out holds every kernel of the program.
 * *log (malloc'd) holds clang's diagnostics and ours; errors name file:line
 * and say how to fix them. Running out of memory anywhere in the compiler is
 * a failed build (FE_BUILD_FAILED, "out of memory while compiling kernel
 * 'K' (...)" in the log), never an abort; *log is NULL only when not even
 * that message could be allocated. */
fe_status fe_build(fe_compiler *c, const char *source, const char *options,
                   const fe_target *target, isa_program **out, char **log);

/* The SPIR-V versions fe_build_spirv reads (the header's version word):
 * 1.0 to 1.5, each checked by SPIRV-Tools' validator with its own rules; the
 * runtime's CL_DEVICE_IL_VERSION and CL_DEVICE_ILS_WITH_VERSION list exactly
 * these. Our own compiler emits 1.2 (clc.c passes --spirv-max-version=1.2). */
#define FE_SPIRV_VERSION_MIN 0x00010000u
#define FE_SPIRV_VERSION_MAX 0x00010500u

/* Program-scope data one program may hold in each address space (__constant,
 * __global: one program-level segment each, isa_program.segs); the runtime
 * reports it as CL_DEVICE_MAX_GLOBAL_VARIABLE_SIZE. */
#define FE_MAX_SEGMENT_BYTES (16u << 20)

/* Same from a SPIR-V module already in memory, with clBuildProgram's
 * `options` (NULL: none) checked as for source: an unknown one is
 * FE_INVALID_OPTIONS; -cl-uniform-work-group-size makes every kernel ask
 * for uniform work-groups; the rest have nothing to change in a module. */
fe_status fe_build_spirv(fe_compiler *c, const uint32_t *words, size_t nwords, const char *options,
                         const fe_target *target, isa_program **out, char **log);

/* SPIR-V specialization constants (spirv/spv_spec.c), for
 * clSetProgramSpecializationConstant. One value set for SpecId `id`: its
 * size in bytes and its bits (little-endian, zero-extended; a boolean is
 * true when not zero). */
typedef struct fe_spec_value {
  uint32_t id, size;
  uint64_t bits;
} fe_spec_value;

/* The size in bytes a value for SpecId `id` of the module must have (1 for a
 * boolean, else the constant's width), or 0 when no scalar specialization
 * constant has that SpecId. */
uint32_t fe_spirv_spec_size(const uint32_t *words, size_t nwords, uint32_t id);

/* The module with the values set (a later one for the same SpecId wins) and
 * every specialization constant frozen into a constant, what fe_build_spirv
 * is given for an IL program (malloc'd, *nout words, little-endian whichever
 * order the module was written in); NULL when memory runs out. A malformed
 * module is copied for the reader to report. */
uint32_t *fe_spirv_specialize(const uint32_t *words, size_t nwords, const fe_spec_value *vals,
                              size_t nvals, size_t *nout);

/* The SPIR-V module fe_build's first attempt makes of source for target
 * (clang, opt, the legalizer, llvm-spirv): what clCreateProgramWithIL of it
 * then builds without an OpenCL C compiler (`wavesim compile --spirv`).
 * *words malloc'd; the log as fe_build's. */
fe_status fe_source_spirv(fe_compiler *c, const char *source, const char *options,
                          const fe_target *target, uint32_t **words, size_t *nwords, char **log);

/* For golden tests and `wavesim disasm`: the program's kernels as text
 * (IR after passes when `ir` is set, else the ISA listing). Caller frees. */
char *fe_dump(fe_compiler *c, const char *source, const char *options,
              const fe_target *target, int ir, char **log);

/* ---- additions: the compile cache (fe_cache.c) ------------------------------
 * fe_build and fe_build_spirv look successful builds up in, and store them to,
 * a content-addressed directory, fe_host.cache_dir (which the runtime and the
 * command resolve: $WAVESIM_CACHE_DIR, else $XDG_CACHE_HOME/wavesim, else
 * ~/.cache/wavesim; WAVESIM_CACHE=off disables it). */
typedef struct fe_cache_stats {
  uint64_t hits;           /* builds answered from the cache */
  uint64_t misses;         /* cacheable builds that compiled */
  uint64_t stores;         /* entries written */
  uint64_t store_failures; /* entries that could not be written (build unaffected) */
  uint64_t corrupt;        /* unreadable or corrupt entries ignored */
  /* source builds that failed before in this compiler object, answered with
   * the same status and log without compiling (in memory only; needs a key,
   * so not with the cache off or a source that #includes) */
  uint64_t failed_hits;
} fe_cache_stats;

void fe_compiler_cache_stats(const fe_compiler *c, fe_cache_stats *out);

/* ---- additions: separate compilation and linking (clCompileProgram,
 * clLinkProgram). A source program's compiled object or library is clang's
 * LLVM bitcode (before any optimization); an IL program's is its SPIR-V
 * module (specialised), since llvm-spirv 14 cannot translate every version
 * the device takes (1.4's instructions, for one) back to LLVM. Linking
 * bitcode alone runs llvm-link over the objects, then the usual opt,
 * llvm-spirv and backend; linking with any SPIR-V object lowers the
 * bitcode ones together to SPIR-V, raises every module to the latest
 * version among them and runs SPIRV-Tools' linker (spirv-link), the result
 * read as clBuildProgram reads a module. Not cached (executables built by
 * fe_build still are). llvm-link is found next to opt (opt-14 ->
 * llvm-link-14) or at fe_host.llvm_link ($WAVESIM_LLVM_LINK); spirv-link at
 * its configured path or fe_host.spirv_link ($WAVESIM_SPIRV_LINK). */
typedef struct fe_header {
  const char *name;   /* as written in #include "name"; may contain '/' */
  const char *source;
} fe_header;

/* OpenCL C -> bitcode object (*bc malloc'd). FE_INVALID_OPTIONS for a bad
 * option, FE_BUILD_FAILED for a compile error (log says which). */
fe_status fe_compile_object(fe_compiler *c, const char *source, const char *options,
                            const fe_header *hdrs, size_t nhdrs, const fe_target *target,
                            void **bc, size_t *bc_len, char **log);

/* clCompileProgram of a SPIR-V program (already specialised): `options`
 * checked as fe_build_spirv does, the module read as a build would (its
 * errors reported here; one that imports a function or variable is only
 * checked up to SPIRV-Tools' validator, its bodies coming at the link), and
 * kept as the object (*obj malloc'd, *obj_len bytes), with
 * -cl-uniform-work-group-size marked on each kernel (clc_hint.h). */
fe_status fe_compile_spirv_object(fe_compiler *c, const uint32_t *words, size_t nwords,
                                  const char *options, const fe_target *target, void **obj,
                                  size_t *obj_len, char **log);

/* Checks link options (FE_INVALID_OPTIONS with a log message for a bad one);
 * *create_library is set for -create-library. */
fe_status fe_link_options(const char *options, int *create_library, char **log);

/* Links n objects/libraries, bitcode or SPIR-V (fe_compile_spirv_object).
 * With `library` only *bc (the linked library) is produced; otherwise also
 * *out, the executable, whose kernels carry clang's argument type names and
 * qualifiers. *bc is the linked bitcode, or the linked SPIR-V module when
 * any input was SPIR-V, either way (programs keep it for
 * CL_PROGRAM_BINARIES, and a later link or build takes it as an input). */
fe_status fe_link(fe_compiler *c, const void *const *bcs, const size_t *lens, size_t n,
                  int library, const fe_target *target, void **bc, size_t *bc_len,
                  isa_program **out, char **log);

#endif
