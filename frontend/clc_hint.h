/* clc_hint: the signedness of vec_type_hint, which SPIR-V's VecTypeHint
 * execution mode drops, carried from clang's metadata into the module. */
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

#endif
