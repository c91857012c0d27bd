/* Which OpenCL C builtin calls are convergent. clang marks every function
 * and call of OpenCL C `convergent` (any function might contain a barrier),
 * and LLVM will not unroll a loop by a run-time count while it holds a
 * convergent call. The builtins are declarations, so nothing can prove them
 * free of barriers; this pass knows which builtins synchronize work-items
 * and drops `convergent` from the calls and declarations of all the others
 * (fma, sqrt, get_global_id, vload4 ...), as a GPU vendor's compiler, which
 * knows its builtins, does. */
#ifndef WAVESIM_CLC_CONV_H
#define WAVESIM_CLC_CONV_H

#include <stddef.h>

/* 1 when `name` (an LLVM function name, Itanium-mangled as OpenCL builtins
 * are: _Z<length><name><types>) is an OpenCL C builtin that neither
 * synchronizes nor communicates between work-items. Unmangled names and
 * unknown spellings give 0 (they keep `convergent`). */
int fe_clc_builtin_is_local(const char *name, size_t len);

/* Rewrites the textual LLVM IR module ir[0..n): every declaration of, and
 * call to, a function that is declared (not defined) in the module and for
 * which fe_clc_builtin_is_local holds refers to an attribute group without
 * `convergent` (new groups are appended). Returns a malloc'd NUL-terminated
 * copy (*outn its length), or NULL when out of memory. */
char *fe_clc_drop_convergent(const char *ir, size_t n, size_t *outn);

#endif
