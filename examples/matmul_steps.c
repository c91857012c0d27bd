/* matmul_steps: the matrix multiply of docs/TUTORIAL.md in four steps, one
 * kernel each in matmul_steps.cl (naive, tiled, transposed, padded), which
 * the build embeds (embed_cl.cmake) so that the program and `wavesim compile`
 * read the same file; the host side is ex_matmul.c, shared with matmul.c.
 * usage: matmul_steps [naive|tiled|transposed|padded] [N] [--dump FILE] */
#include <stdio.h>
#include <string.h>

#include "ex_matmul.h"
#include "matmul_steps_cl.h"

int main(int argc, char **argv) {
  static const char *const steps[] = {"naive", "tiled", "transposed", "padded"};
  ex_args args;
  if (ex_parse_args(argc, argv, 64, &args)) return 2;
  const char *step = args.mode ? args.mode : "tiled";
  for (size_t i = 0; i < sizeof steps / sizeof steps[0]; i++)
    if (strcmp(step, steps[i]) == 0)
      return ex_matmul_run("matmul_steps", kMatmulSteps, step, &args);
  fprintf(stderr, "matmul_steps: unknown step '%s' (naive, tiled, transposed or padded)\n", step);
  return 2;
}
