/* A tiny wave driver for the ISA tests: one wave, its registers and memory,
 * code assembled from text, run until it ends, faults or hits a barrier. */
#ifndef WAVESIM_ISA_TEST_UTIL_H
#define WAVESIM_ISA_TEST_UTIL_H

#include "isa.h"

typedef struct tw {
  isa_wave w;
  isa_kernel k;
  uint32_t *v; /* ISA_MAX_VGPRS * wave_size */
  uint32_t s[ISA_MAX_SGPRS];
  uint8_t lds[1024];
  uint8_t *scratch;
  isa_tex_access tex; /* image instructions' texels (w.tex) */
  unsigned steps; /* instructions executed by tw_run */
} tw;

/* A wave of `wave_size` lanes with `exec` active, zeroed registers, 1 KiB LDS
 * and `scratch_per_lane` bytes of scratch per lane. */
tw *tw_new(uint32_t wave_size, uint64_t exec, uint32_t scratch_per_lane);
void tw_free(tw *t);
/* Assemble `text` as the wave's code (check-fails with the assembler's error). */
void tw_load(tw *t, const char *text);
/* Restart at pc 0 with `exec` and run until END/BARRIER/FAULTED or max_steps. */
isa_status tw_run(tw *t, uint64_t exec, unsigned max_steps);
/* Execute one instruction given as text with the current exec. */
isa_status tw_exec(tw *t, const char *inst);
/* VGPR reg of lane, and float views. */
uint32_t *tw_v(tw *t, unsigned reg, unsigned lane);
void tw_setf(tw *t, unsigned reg, unsigned lane, float f);
float tw_getf(tw *t, unsigned reg, unsigned lane);
uint64_t tw_s64(tw *t, unsigned reg);

#endif
