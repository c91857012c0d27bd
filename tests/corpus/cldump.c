/* cldump: prints the IR after passes (with "ir") or the ISA listing of an
 * OpenCL C file, for debugging corpus failures: cldump FILE.cl [ir] [OPTIONS]. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fe.h"

int main(int argc, char **argv) {
  if (argc < 2) {
    fprintf(stderr, "usage: cldump FILE.cl [ir] [OPTIONS]\n");
    return 2;
  }
  FILE *f = fopen(argv[1], "rb");
  if (!f) {
    fprintf(stderr, "cldump: cannot open %s\n", argv[1]);
    return 2;
  }
  static char src[1 << 20];
  size_t n = fread(src, 1, sizeof src - 1, f);
  src[n] = 0;
  fclose(f);
  int ir = argc > 2 && !strcmp(argv[2], "ir");
  fe_target t = {.wave_size = 32, .max_vgprs = 256, .max_sgprs = 104, .fp64 = 0};
  /* the scheduler's register budget, as a device preset gives it (h100: 32) */
  const char *sv = getenv("CLDUMP_SCHED_VGPRS");
  t.sched_vgprs = sv ? (uint32_t)strtoul(sv, NULL, 10) : 0;
  /* __constant data by vector loads, as on a preset with scache.constant_loads false (h100) */
  t.constant_vector_loads = getenv("CLDUMP_CONSTANT_VECTOR") != NULL;
  /* images as on a preset with image.support true (CLDUMP_NO_IMAGES: false) */
  t.images = getenv("CLDUMP_NO_IMAGES") == NULL;
  /* the compile cache ctest points every test at (the library reads no environment) */
  fe_host h = {.cache_dir = getenv("WAVESIM_CACHE_DIR")};
  fe_compiler *c = fe_compiler_create(&h);
  char *log = NULL;
  char *out = fe_dump(c, src, argc > 3 ? argv[3] : "", &t, ir, &log);
  if (log && *log) fprintf(stderr, "%s", log);
  if (out) fputs(out, stdout);
  free(out);
  free(log);
  fe_compiler_destroy(c);
  return out ? 0 : 1;
}
