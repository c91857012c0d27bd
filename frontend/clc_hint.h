/* clc_hint: what SPIR-V cannot say about a kernel -- the signedness of
 * vec_type_hint (its VecTypeHint execution mode drops it) and whether it
 * needs uniform work-groups -- carried from clang's output into the module
 * as OpStrings. */
#ifndef WAVESIM_CLC_HINT_H
#define WAVESIM_CLC_HINT_H

#include <stddef.h>
#include <stdint.h>

/* The OpString that marks kernel K's integer vec_type_hint as unsigned is
 * FE_CLC_HINT_PREFIX "K" FE_CLC_HINT_SUFFIX (the form of llvm-spirv's
 * "kernel_arg_type.K.<types>," strings); the SPIR-V reader adds the `u`. */
#define FE_CLC_HINT_PREFIX "vec_type_hint."
#define FE_CLC_HINT_SUFFIX ".unsigned"

/* Finds the kernels of the textual LLVM IR module ir[0..n) whose
 * !vec_type_hint metadata names an unsigned integer type (clang writes
 * `!{<2 x i8> undef, i32 0}`: the i32 is 1 for a signed integer) and adds one
 * marking OpString per such kernel to the SPIR-V module *words (realloc'd,
 * *nwords updated; new ids from the module's bound). Returns 0, or -1 when
 * out of memory or the module's header is malformed (*words is unchanged). */
int fe_clc_mark_unsigned_hints(const char *ir, size_t n, uint32_t **words, size_t *nwords);

/* The OpString FE_CLC_UNIFORM_PREFIX "K" marks kernel K as built for
 * uniform work-groups only: clang's "uniform-work-group-size"="true"
 * attribute, which it sets for OpenCL C 1.x and for -cl-uniform-work-group-size
 * and which SPIR-V cannot express. A kernel without it (OpenCL C 2.0/3.0, or
 * SPIR-V from elsewhere) may be launched with a global size that is not a
 * multiple of the local size. */
#define FE_CLC_UNIFORM_PREFIX "uniform_work_group_size."

/* Adds one such OpString per kernel of the textual LLVM IR module ir[0..n)
 * whose attribute group says "uniform-work-group-size"="true". Returns 0
 * (a module too short for its header is left for the SPIR-V reader to
 * reject), or -1 when out of memory (*words is unchanged). */
int fe_clc_mark_uniform_wg(const char *ir, size_t n, uint32_t **words, size_t *nwords);

/* Adds such an OpString for every Kernel entry point of the module (a
 * SPIR-V object compiled with -cl-uniform-work-group-size); 0, or -1 when
 * out of memory (*words unchanged). */
int fe_clc_mark_uniform_entry_points(uint32_t **words, size_t *nwords);

#endif
