/* What the parts of wavesim-legal share (legal.c: the driver, the constant
 * folder, the <1 x T> rewrite, diagnostics; legal_private.c: private-space
 * globals; legal_facts.c: the kernel facts for clc_hint.h). A C11 tool on
 * LLVM 14's C API; see legal.c's header for what it rewrites and why. */
#ifndef WAVESIM_LEGAL_INTERNAL_H
#define WAVESIM_LEGAL_INTERNAL_H

#include <llvm-c/Core.h>
#include <stddef.h>

/* A map from one pointer (an LLVM type or value) to another, by open
 * addressing; a NULL key is a free slot. */
typedef struct lg_map {
  const void **key;
  void **val;
  size_t cap, n; /* cap: 0 or a power of two, at most half full */
} lg_map;

/* Everything one run needs; no globals. */
typedef struct lg_ctx {
  LLVMContextRef c;
  LLVMModuleRef m;
  LLVMBuilderRef b;
  int errors;
  int vec1_failed; /* the <1 x T> rewrite reported what it stopped at */
  /* the <1 x T> rewrite: each type with a <1 x T> -> its scalarised type;
   * named struct -> whether it reaches a <1 x T> (LG_YES/LG_NO); each
   * rebuilt global or function -> its replacement; replacement -> itself */
  lg_map types, has1, globals, fresh;
  unsigned folded, scalarised, privatised, constants, selects, bool_ops;
} lg_ctx;

/* The most bytes one constant may fold through (a 16 x double vector is 128). */
#define LG_MAX_BYTES 1024
/* The most constructs one run reports. */
#define LG_MAX_REPORTS 8
/* The most scalar stores one private global's initialiser may become. */
#define LG_MAX_STORES 4096

/* legal.c: the builder placed before instruction `at`, with at's source
 * position, so what it builds keeps the line the ISA listing and fault
 * reports show */
void lg_at(lg_ctx *x, LLVMValueRef at);
/* legal.c: constant v with every <1 x T> inside folded to its bytes (v itself
 * when there is none); NULL, reported, when it cannot be */
LLVMValueRef lg_fold(lg_ctx *x, LLVMValueRef v, int depth);
/* legal.c: "input.cl:L:C: error: WHAT" and the source line, for instruction i
 * (or the function's name when it has no debug location) */
void lg_report(lg_ctx *x, LLVMValueRef i, LLVMValueRef fn, const char *what);

/* legal_private.c: private-address-space globals (clang's for initialised
 * private aggregates), which llvm-spirv would emit at module scope with the
 * Function storage class */
int lg_is_private_global(LLVMValueRef g);
/* v has no users but dead constant expressions (depth-limited) */
int lg_only_dead_users(LLVMValueRef v, int depth);
/* g is only ever a memcpy source: it can move to the constant space */
int lg_memcpy_only(LLVMValueRef g);
void lg_to_constant(lg_ctx *x, LLVMValueRef g);
/* every private global fn uses becomes an initialised alloca of fn */
void lg_privatise(lg_ctx *x, LLVMValueRef fn);

/* legal_facts.c: the kernels' facts SPIR-V cannot carry, written to path as
 * clc_hint.h's marker strings, each NUL-terminated, in the module's function
 * order (an empty file when there are none); 0, or -1 (reported) when the
 * file cannot be written */
int lg_facts_write(LLVMContextRef c, LLVMModuleRef m, const char *path);

#endif
