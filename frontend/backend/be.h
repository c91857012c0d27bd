/* The compiler's middle and back end: an IR module from the SPIR-V reader in,
 * register-allocated wavefront kernels out. Runs the passes (inlining,
 * simplification, uniformity, reconvergence) then instruction selection and
 * register allocation. */
#ifndef WAVESIM_BE_H
#define WAVESIM_BE_H

#include <stddef.h>

#include "fe_target.h"
#include "ir.h"
#include "isa.h"

/* Compiles every kernel of `m` (which it may modify). Returns 0, or -1 with
 * "file:line: what (how to fix)" in err for unsupported features. */
int be_compile(ir_module *m, const fe_target *t, isa_program **out, char *err, size_t errlen);

/* Same, but also renders the IR after passes (ir_text) and the ISA listing
 * (isa_text) for golden tests; either pointer may be NULL. Caller frees. */
int be_compile_dump(ir_module *m, const fe_target *t, isa_program **out, char **ir_text,
                    char **isa_text, char *err, size_t errlen);

#endif
