/* The device object: its own copy of the config, device memory and the
 * memory hierarchy whose cache contents persist across launches (the
 * shared L2 and DRAM, and each compute unit's memory side). */
#include <stdio.h>
#include <stdlib.h>

#include "sim_internal.h"

sim_device *sim_device_create(const cfg_device *cfg, char *err, size_t errlen) {
  char msg[512];
  if (cfg_validate(cfg, NULL, msg, sizeof msg) != 0) {
    snprintf(err, errlen, "invalid device config %s: %s", cfg->source ? cfg->source : "", msg);
    return NULL;
  }
  sim_device *d = calloc(1, sizeof *d);
  if (!d || cfg_copy(&d->cfg, cfg) != 0) {
    snprintf(err, errlen, "out of memory creating the device");
    if (d) cfg_fini(&d->cfg);
    free(d);
    return NULL;
  }
  d->next_addr = SIM_MEM_BASE;
  if (sim_memsys_init(&d->mem, &d->cfg, err, errlen) != 0) {
    cfg_fini(&d->cfg);
    free(d);
    return NULL;
  }
  uint32_t ncu = (uint32_t)d->cfg.cu_count;
  sim_cu_mem_params p;
  sim_cu_mem_params_read(&p, &d->cfg);
  d->cu_mem = calloc(ncu, sizeof *d->cu_mem);
  int bad = !d->cu_mem;
  for (uint32_t i = 0; !bad && i < ncu; i++)
    bad = sim_cu_mem_init(&d->cu_mem[i], &p, i, sim_memsys_l2_port(&d->mem)) != 0;
  if (bad) {
    snprintf(err, errlen, "out of memory allocating the cache tag arrays and memory queues");
    sim_device_destroy(d);
    return NULL;
  }
  return d;
}

void sim_device_destroy(sim_device *d) {
  if (!d) return;
  for (uint32_t i = 0; i < d->nbufs; i++)
    if (d->bufs[i].owned) free(d->bufs[i].host);
  free(d->bufs);
  free(d->regions);
  for (uint32_t i = 0; d->cu_mem && i < (uint32_t)d->cfg.cu_count; i++)
    sim_cu_mem_fini(&d->cu_mem[i]);
  free(d->cu_mem);
  sim_memsys_fini(&d->mem);
  cfg_fini(&d->cfg);
  free(d);
}

const cfg_device *sim_device_config(const sim_device *d) {
  return &d->cfg;
}
