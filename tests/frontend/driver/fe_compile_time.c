/* fe_compile_time: times fe_build of each OpenCL C file given (one new
 * compiler object per file, like a new process), for docs/PERFORMANCE.md's
 * compile-time numbers: fe_compile_time FILE.cl... (not a test). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "fe.h"

static double now_ms(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}

int main(int argc, char **argv) {
  fe_target t = {.wave_size = 32, .max_vgprs = 256, .max_sgprs = 104, .fp64 = 1};
  double total = 0;
  int failed = 0, hits = 0;
  static char src[1 << 20];
  for (int i = 1; i < argc; i++) {
    FILE *f = fopen(argv[i], "rb");
    if (!f) {
      fprintf(stderr, "fe_compile_time: cannot open %s\n", argv[i]);
      return 2;
    }
    size_t n = fread(src, 1, sizeof src - 1, f);
    src[n] = 0;
    fclose(f);
    double t0 = now_ms();
    /* the cache WAVESIM_CACHE_DIR names, if any (docs/PERFORMANCE.md times it
     * cold and warm); the library reads no environment itself */
    fe_host h = {.cache_dir = getenv("WAVESIM_CACHE_DIR")};
    fe_compiler *c = fe_compiler_create(&h);
    isa_program *p = NULL;
    char *log = NULL;
    fe_status st = fe_build(c, src, "", &t, &p, &log);
    fe_cache_stats s;
    fe_compiler_cache_stats(c, &s);
    isa_program_destroy(p);
    free(log);
    fe_compiler_destroy(c);
    double ms = now_ms() - t0;
    total += ms;
    failed += st != FE_OK;
    hits += (int)s.hits;
    printf("%8.2f ms  %s%s%s\n", ms, s.hits ? "hit  " : "miss ", argv[i],
           st == FE_OK ? "" : "  (build failed)");
  }
  printf("%8.2f ms  total for %d files (%d hits, %d failed builds)\n", total, argc - 1, hits,
         failed);
  return 0;
}
