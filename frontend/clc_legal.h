/* clc_legal: rewrites textual LLVM IR (clang's, and opt's last output) into
 * forms that llvm-spirv 14 translates into valid SPIR-V 1.2.
 *
 * Each rewrite answers a construct that valid OpenCL C produces but that the
 * translator either crashes on or turns into SPIR-V its own version forbids;
 * all keep the program's meaning exactly:
 *  - private constant-initialiser globals: clang puts the constant part of a
 *    partly constant private aggregate initialiser (`S s = {n, 2.0f, {3, 4,
 *    ...}}`) in a global of the default address space, read only by memcpy;
 *    llvm-spirv makes that a module-scope OpVariable of Function storage,
 *    which SPIR-V forbids. The global moves to the constant address space
 *    (addrspace(2), UniformConstant) and its memcpys read from there.
 *  - `bitcast (<1 x T> <T c> to <N x E>)`: the form LLVM gives every constant
 *    scalar-to-vector bitcast (`as_char4(7u)`); llvm-spirv aborts on the
 *    one-element vector ("Unsupported vector type with the size of: 1"). It
 *    becomes the folded constant vector (little-endian, as the device).
 *  - `select i1 %c, <N x T> %a, <N x T> %b`: the optimiser's form of
 *    `c ? a4 : b4`; a scalar condition on vectors is OpSelect only from
 *    SPIR-V 1.4 on. The condition is splat to `<N x i1>` first.
 *  - `add|sub|mul i1` (and on `<N x i1>`): the loop unroller's arithmetic
 *    on a counter's low bit; SPIR-V has no integer arithmetic on booleans
 *    and llvm-spirv aborts. They become the equal xor (add, sub) and and.
 * Forms the rewrites do not recognise are left as they are (the translator
 * or the validator then reports them). Typed-pointer IR (LLVM 14) only. */
#ifndef WAVESIM_CLC_LEGAL_H
#define WAVESIM_CLC_LEGAL_H

#include <stddef.h>

/* Counts of each rewrite applied (for tests and the build log). */
typedef struct fe_clc_legal_counts {
  unsigned globals; /* globals moved to the constant address space */
  unsigned memcpys; /* memcpy calls redirected to them */
  unsigned bitcasts;
  unsigned selects;
  unsigned bool_ops; /* add/sub/mul on i1 made xor/and */
} fe_clc_legal_counts;

/* Returns a malloc'd NUL-terminated rewrite of the module ir[0..n) (*outn
 * its length) and fills *counts (may be NULL), or NULL when out of memory. */
char *fe_clc_legalize(const char *ir, size_t n, size_t *outn, fe_clc_legal_counts *counts);

#endif
