/* The host side the matrix-multiply examples share (matmul.c, matmul_steps.c):
 * inputs, one launch of a C = A x B kernel and its check against the host. */
#ifndef WAVESIM_EX_MATMUL_H
#define WAVESIM_EX_MATMUL_H

#include "ex_util.h"

/* The work-group edge every kernel run here is written for (16 x 16). */
#define EX_MATMUL_TILE 16

/* Builds `source`, runs its kernel `kernel(A, B, C, uint n)` once over an
 * n x n NDRange (n = args->size, a multiple of EX_MATMUL_TILE) in
 * EX_MATMUL_TILE^2 work-groups, compares C with the host's product (exact:
 * the inputs make every order of summation agree), dumps C when asked and
 * prints "<kernel>: PASS" or "FAIL". `prog` names the program in messages.
 * Returns the exit status main should return. */
int ex_matmul_run(const char *prog, const char *source, const char *kernel, const ex_args *args);

#endif
