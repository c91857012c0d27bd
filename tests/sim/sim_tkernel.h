/* Test support for tests/sim: kernels assembled from ISA text (line = index
 * + 1) and devices loaded from a preset with --set overrides. */
#ifndef WAVESIM_TESTS_SIM_TKERNEL_H
#define WAVESIM_TESTS_SIM_TKERNEL_H

#include "sim_internal.h"

/* Assemble `text` into k named `name`, its source file "test.cl", each
 * instruction on its own line (index + 1); nvgprs/nsgprs declared. Other
 * fields (LDS, kernarg, private bytes) are zero: the caller sets them. */
void stk_kernel_init(isa_kernel *k, const char *name, const char *text, uint32_t nvgprs,
                     uint32_t nsgprs);
void stk_kernel_fini(isa_kernel *k);

/* The preset `name` with the NULL-terminated overrides `sets` (NULL: none). */
sim_device *stk_device(const char *name, const char *const *sets);

#endif
