/* `wavesim compile`'s parts: the command (cmd_compile.c), its text and JSON
 * reports (compile_print.c) and the static LDS analysis (compile_affine.c). */
#ifndef WAVESIM_CLI_COMPILE_H
#define WAVESIM_CLI_COMPILE_H

#include <stdint.h>
#include <stdio.h>

#include "cfg.h"
#include "isa.h"
#include "sim.h"

/* An LDS instruction's address as a function of the local id, modulo 2^32:
 * base + coef[0]*x + coef[1]*y + coef[2]*z (the instruction's offset
 * included). */
typedef struct cli_lds_addr {
  uint8_t lds;        /* an LDS instruction */
  uint8_t affine;     /* its address is affine in the local id */
  uint8_t base_known; /* the uniform part is a constant; else a runtime value, taken as 0 */
  uint32_t base, coef[3];
} cli_lds_addr;

/* out[pc] for every pc of k (k->ncode entries). Returns 0, or -1 when
 * memory runs out. */
int cli_affine_lds(const isa_kernel *k, cli_lds_addr *out);

/* LDS passes of one such instruction per wave of a work-group of size
 * local[] on config cfg, as the timing model counts them (sim_lds_cost):
 * the worst wave's passes and their conflict-free minimum, and the range
 * over the work-group's waves. */
typedef struct cli_lds_cost {
  uint32_t passes, ideal;
  uint32_t passes_min, passes_max;
} cli_lds_cost;
void cli_lds_degree(const cli_lds_addr *a, const isa_inst *in, const cfg_device *cfg,
                    const uint32_t local[3], cli_lds_cost *out);

/* One kernel on one preset: what the reports print. */
typedef struct cli_compile_item {
  const char *preset; /* the --config name */
  const cfg_device *cfg;
  const isa_kernel *k;
  const char *file;         /* the source file, for the listing's source lines */
  const char *const *lines; /* its lines, 1-based (lines[0] unused) */
  uint32_t nlines;
  uint32_t local[3];      /* the work-group size occupancy assumes */
  const char *local_from; /* where it came from */
  int occ_ok;             /* occupancy computed; else occ_err says why not */
  sim_occupancy occ;
  char occ_err[512];
  char lift[512];               /* what would lift the limiter */
  const cli_lds_addr *lds;      /* per pc */
  const cli_lds_cost *lds_cost; /* per pc (affine LDS instructions) */
} cli_compile_item;

void cli_compile_text(FILE *f, const cli_compile_item *it);
/* One JSON object; `first` says whether a comma goes before it. */
void cli_compile_json(FILE *f, const cli_compile_item *it, int first);

#endif
