/* clc_hint: what SPIR-V cannot say about a kernel -- the signedness of
 * vec_type_hint (its VecTypeHint execution mode drops it) and whether it
 * needs uniform work-groups -- carried from clang's output into the module
 * as OpStrings: their spelling, and their insertion. */
#ifndef WAVESIM_CLC_HINT_H
#define WAVESIM_CLC_HINT_H

#include <stddef.h>
#include <stdint.h>

/* The OpString that marks kernel K's integer vec_type_hint as unsigned is
 * FE_CLC_HINT_PREFIX "K" FE_CLC_HINT_SUFFIX (the form of llvm-spirv's
 * "kernel_arg_type.K.<types>," strings); the SPIR-V reader adds the `u`. */
#define FE_CLC_HINT_PREFIX "vec_type_hint."
#define FE_CLC_HINT_SUFFIX ".unsigned"

/* The OpString FE_CLC_UNIFORM_PREFIX "K" marks kernel K as built for
 * uniform work-groups only: clang's "uniform-work-group-size"="true"
 * attribute, which it sets for OpenCL C 1.x and for -cl-uniform-work-group-size
 * and which SPIR-V cannot express. A kernel without it (OpenCL C 2.0/3.0, or
 * SPIR-V from elsewhere) may be launched with a global size that is not a
 * multiple of the local size. */
#define FE_CLC_UNIFORM_PREFIX "uniform_work_group_size."

/* wavesim-legal --facts (frontend/legal/legal_facts.c) writes these markers,
 * each NUL-terminated: a kernel's name may hold any byte but NUL. */

/* Adds one OpString per marker of facts[0..n) (each NUL-terminated) to the
 * SPIR-V module *words (realloc'd, *nwords updated; new ids from the
 * module's bound), after the sections an OpString may not precede. Returns 0
 * (a module without a header or with bound 0 is left for the SPIR-V reader
 * to reject), or -1 when out of memory or when the last marker lacks its NUL
 * (*words unchanged). */
int fe_clc_add_markers(const char *facts, size_t n, uint32_t **words, size_t *nwords);

/* Adds such an OpString for every Kernel entry point of the module (a
 * SPIR-V object compiled with -cl-uniform-work-group-size); 0, or -1 when
 * out of memory (*words unchanged). */
int fe_clc_mark_uniform_entry_points(uint32_t **words, size_t *nwords);

#endif
