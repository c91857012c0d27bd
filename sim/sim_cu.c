/* The compute-unit component of the timing model: builds and frees one CU's
 * SIMDs, work-group slots and fetch state, and hands its counters to the
 * launch's statistics. What a CU does each cycle is in sim_timing.c. */
#include <stdlib.h>
#include <string.h>

#include "sim_cu.h"

int sim_cu_init(sim_cu *cu, const sim_ctx *c, uint32_t id, sim_cu_mem *mem, sim_pc_counts *pc,
                uint32_t nsimd, uint32_t nslots, uint32_t cap, int salu_shared, int tex) {
  memset(cu, 0, sizeof *cu);
  cu->id = id;
  int bad = sim_ctx_fork(&cu->cx, c, &cu->err, &cu->oob);
  cu->spin_err = calloc(c->errlen ? c->errlen : 1, 1);
  if (bad || !cu->spin_err || sim_heap_init(&cu->events, 64) != 0) return -1;
  cu->mem = mem;
  cu->pc = pc;
  cu->nsimd = nsimd;
  cu->nslots = nslots;
  cu->simds = calloc(nsimd, sizeof *cu->simds);
  cu->slots = calloc(nslots ? nslots : 1, sizeof *cu->slots);
  cu->wave_store = calloc((size_t)nsimd * cap, sizeof *cu->wave_store);
  cu->rdy_store = calloc((size_t)nsimd * cap, sizeof *cu->rdy_store);
  cu->rport_store = calloc((size_t)nsimd * cap, 1);
  cu->tex = tex ? calloc(1, sizeof *cu->tex) : NULL;
  if (!cu->simds || !cu->slots || !cu->wave_store || !cu->rdy_store || !cu->rport_store ||
      (tex && !cu->tex))
    return -1;
  for (uint32_t s = 0; s < nsimd; s++) {
    sim_simd *sd = &cu->simds[s];
    sd->waves = cu->wave_store + (size_t)s * cap;
    sd->rdy = cu->rdy_store + (size_t)s * cap;
    sd->rport = cu->rport_store + (size_t)s * cap;
    sd->wake = SIM_NEVER;
    sd->last_issue = SIM_NEVER;
    for (int k = 0; k < SIM_PORT_COUNT; k++) sd->port[k] = &sd->own[k];
    if (salu_shared) sd->port[SIM_PORT_SALU] = &cu->salu;
  }
  for (uint32_t k = 0; k < nslots; k++) cu->slots[k].cu = id, cu->slots[k].id = id * nslots + k;
  return 0;
}

int sim_cu_slot_alloc(const sim_ctx *c, sim_tslot *sl, uint32_t wpg) {
  uint32_t n = c->wave_size;
  size_t scratch_wave = (size_t)c->k->private_bytes * n;
  sl->waves = calloc(wpg, sizeof *sl->waves);
  sl->lds = calloc(c->lds_total ? c->lds_total : 1, 1);
  sl->scratch = scratch_wave ? calloc(scratch_wave * wpg, 1) : NULL;
  if (!sl->waves || !sl->lds || (scratch_wave && !sl->scratch)) return -1;
  for (uint32_t i = 0; i < wpg; i++) {
    sim_twave *tw = &sl->waves[i];
    tw->vregs = calloc((size_t)c->nvgprs * n, sizeof *tw->vregs);
    tw->sregs = calloc(c->nsgprs, sizeof *tw->sregs);
    tw->vready = calloc(c->nvgprs, sizeof *tw->vready);
    tw->vmem = calloc(c->nvgprs, 1);
    if (!tw->vregs || !tw->sregs || !tw->vready || !tw->vmem) return -1;
  }
  return 0;
}

static void sim_cu_slot_free(sim_tslot *sl, uint32_t wpg) {
  for (uint32_t i = 0; sl->waves && i < wpg; i++) {
    free(sl->waves[i].vregs);
    free(sl->waves[i].sregs);
    free(sl->waves[i].vready);
    free(sl->waves[i].vmem);
    sim_wd_wave_fini(&sl->waves[i].wd);
  }
  free(sl->waves);
  free(sl->lds);
  free(sl->scratch);
}

void sim_cu_fini(sim_cu *cu, uint32_t wpg) {
  for (uint32_t k = 0; cu->slots && k < cu->nslots; k++) sim_cu_slot_free(&cu->slots[k], wpg);
  sim_cache_fini(&cu->icache);
  free(cu->slots);
  free(cu->simds);
  free(cu->wave_store);
  free(cu->rdy_store);
  free(cu->rport_store);
  free(cu->tex);
  free(cu->err);
  free(cu->spin_err);
  free(cu->placed);
  sim_oob_notes_fini(&cu->oob);
  sim_heap_fini(&cu->events);
  memset(cu, 0, sizeof *cu);
}
