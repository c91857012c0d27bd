/* Device memory: a bump-allocated address space from SIM_MEM_BASE with
 * 256-byte alignment and unmapped guard gaps, mirrored as an isa_memmap. */
#include <stdlib.h>
#include <string.h>

#include "sim_internal.h"

static uint64_t sim_align_up(uint64_t x, uint64_t a) { return (x + a - 1) / a * a; }

/* Addresses are never reused, so a stale pointer into a freed buffer faults
 * instead of silently reading its successor; 2^64 bytes of address space
 * outlast any program. */
uint64_t sim_mem_alloc(sim_device *d, uint64_t size, void *host_ptr) {
  if (size == 0 || size > (uint64_t)d->cfg.dram_bytes - d->used_bytes) return 0;
  if (d->nbufs == d->cap) {
    uint32_t cap = d->cap ? d->cap * 2 : 16;
    sim_buffer *b = realloc(d->bufs, cap * sizeof *b);
    if (!b) return 0;
    d->bufs = b;
    isa_region *r = realloc(d->regions, cap * sizeof *r);
    if (!r) return 0;
    d->regions = r;
    d->cap = cap;
  }
  uint8_t *host = host_ptr;
  if (!host) {
    /* calloc: fresh device memory reads as zeros, deterministically */
    host = calloc(1, (size_t)size);
    if (!host) return 0;
  }
  uint64_t base = sim_align_up(d->next_addr, SIM_MEM_ALIGN);
  d->next_addr = sim_align_up(base + size, SIM_MEM_ALIGN) + SIM_MEM_GUARD;
  d->used_bytes += size;
  d->bufs[d->nbufs] = (sim_buffer){base, size, host, host_ptr == NULL};
  d->regions[d->nbufs] = (isa_region){base, size, host};
  d->nbufs++;
  return base;
}

static int sim_mem_index(const sim_device *d, uint64_t addr) {
  uint32_t lo = 0, hi = d->nbufs; /* first buffer with base > addr */
  while (lo < hi) {
    uint32_t mid = (lo + hi) / 2;
    if (d->bufs[mid].base <= addr) lo = mid + 1;
    else hi = mid;
  }
  return (int)lo - 1;
}

void sim_mem_free(sim_device *d, uint64_t addr) {
  int i = sim_mem_index(d, addr);
  if (i < 0 || d->bufs[i].base != addr) return;
  if (d->bufs[i].owned) free(d->bufs[i].host);
  d->used_bytes -= d->bufs[i].size;
  uint32_t rest = d->nbufs - (uint32_t)i - 1;
  memmove(&d->bufs[i], &d->bufs[i + 1], rest * sizeof d->bufs[0]);
  memmove(&d->regions[i], &d->regions[i + 1], rest * sizeof d->regions[0]);
  d->nbufs--;
}

void *sim_mem_host(sim_device *d, uint64_t addr, uint64_t size) {
  int i = sim_mem_index(d, addr);
  if (i < 0) return NULL;
  const sim_buffer *b = &d->bufs[i];
  if (addr - b->base > b->size || size > b->size - (addr - b->base)) return NULL;
  return b->host + (addr - b->base);
}

const sim_buffer *sim_mem_find(const sim_device *d, uint64_t addr, int *inside) {
  int i = sim_mem_index(d, addr);
  if (i < 0) {
    *inside = 0;
    return NULL;
  }
  *inside = addr - d->bufs[i].base < d->bufs[i].size;
  return &d->bufs[i];
}

void sim_mem_wrote(sim_device *d, uint64_t addr, uint64_t size) {
  sim_memsys_host_write(&d->mem, addr, size);
}
