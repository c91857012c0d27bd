/* wavesim-legal's rewrite of the integer dot product builtins (legal_dot.c),
 * called by legal.c's main before its own rewrites. */
#ifndef WAVESIM_LEGAL_DOT_H
#define WAVESIM_LEGAL_DOT_H

#include <llvm-c/Core.h>

/* Every call of a cl_khr_integer_dot_product builtin in m becomes the
 * SPIR-V friendly call llvm-spirv 14 translates into the exact
 * SPV_KHR_integer_dot_product instruction; returns how many. */
unsigned lg_int_dot_rewrite(LLVMModuleRef m, LLVMBuilderRef b);

#endif
