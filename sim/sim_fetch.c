/* Instruction fetch for the timing model: per-wave instruction buffers that
 * a per-CU fetch port fills one icache line at a time through the CU's
 * instruction cache.
 *
 * Event-driven: a fetch is requested only when the wave that owns the buffer
 * issues (an entry frees, or a redirect empties it) or starts, and its
 * completion time is computed at once (fetch port slot, then hit or miss
 * latency), so the wave's next instruction carries a ready cycle like a
 * register operand does and nothing ticks per cycle. A fetch brings the
 * instructions that start in one icache line (an instruction straddling the
 * line's end is fetched with it) and waits until they all fit in the buffer,
 * so a wave refills line by line as it drains. A taken branch or a
 * reconvergence switch (pc not advancing by one) discards the buffered
 * instructions and fetches from the new pc. Instructions are laid out at
 * their encoded sizes (isa_encode words), the kernel's code at address 0 of
 * an instruction space that starts cold at each launch. */
#include <stdlib.h>

#include "sim_timing.h"

int sim_fetch_init(sim_timing *T) {
  const cfg_device *cfg = T->cfg;
  T->ib_entries = (uint32_t)cfg->cu_ibuffer_entries;
  if (!T->ib_entries) return 0;
  T->fetch_per_cycle = (uint32_t)cfg->cu_fetch_per_cycle;
  const isa_kernel *k = T->c->k;
  uint32_t n = k->ncode ? k->ncode : 1;
  T->pc_addr = calloc(n, sizeof *T->pc_addr);
  T->blk_end = calloc(n, sizeof *T->blk_end);
  if (!T->pc_addr || !T->blk_end) return -1;
  uint32_t addr = 0, words[ISA_MAX_INST_WORDS];
  for (uint32_t pc = 0; pc < k->ncode; pc++) {
    T->pc_addr[pc] = addr;
    size_t w = isa_encode(&k->code[pc], words, ISA_MAX_INST_WORDS);
    addr += (uint32_t)sizeof words[0] * (uint32_t)(w ? w : 1); /* 4-byte words */
  }
  uint32_t line = (uint32_t)cfg->icache_line;
  T->code_lines = (addr + line - 1) / line;
  for (uint32_t pc = k->ncode; pc-- > 0;)
    T->blk_end[pc] = pc + 1 < k->ncode && T->pc_addr[pc + 1] / line == T->pc_addr[pc] / line
                         ? T->blk_end[pc + 1]
                         : pc + 1;
  return 0;
}

void sim_fetch_fini(sim_timing *T) {
  free(T->pc_addr);
  free(T->blk_end);
}

/* The sequential prefetcher: after a fetch of line `l` starting at `start`
 * whose line arrives at `ready`, the next icache.prefetch_lines lines the
 * cache lacks are requested too, arriving one per icache.fill_cycles after
 * the CU's previous fill and no sooner than a miss would. Straight-line code
 * then streams in at the fill rate instead of one miss latency per line
 * (validation/data/probes/icache.cl: the H100 runs 8 KB of straight-line
 * code in ~1300 cycles). */
static void sim_fetch_prefetch(sim_timing *T, sim_cu *cu, uint32_t l, uint64_t start,
                               uint64_t ready) {
  const cfg_device *cfg = T->cfg;
  sim_cache *ic = &cu->icache;
  uint32_t line = (uint32_t)cfg->icache_line;
  if (ready > cu->pf_last) cu->pf_last = ready;
  for (uint32_t j = l + 1; j <= l + (uint32_t)cfg->icache_prefetch_lines && j < T->code_lines;
       j++) {
    if (sim_cache_probe(ic, (uint64_t)j * line)) continue;
    sim_cache_ref r;
    sim_cache_access(ic, (uint64_t)j * line, 1, &r);
    uint64_t at = cu->pf_last + (uint64_t)cfg->icache_fill_cycles,
             soonest = start + (uint64_t)cfg->icache_miss_latency;
    cu->pf_last = at > soonest ? at : soonest;
    if (r.ready) *r.ready = cu->pf_last;
  }
}

/* One fetch of the line holding instruction pc for CU cu, requested at t:
 * the cycle its instructions are in the buffer. */
static uint64_t sim_fetch_line(sim_timing *T, sim_cu *cu, uint32_t pc, uint64_t t) {
  const cfg_device *cfg = T->cfg;
  sim_cu_stats *st = &cu->stats;
  /* the port starts fetch_per_cycle fetches a cycle, counted in slots */
  uint64_t f = T->fetch_per_cycle, slot = t * f;
  if (slot < cu->fetch_free) slot = cu->fetch_free;
  cu->fetch_free = slot + 1;
  uint64_t start = slot / f;
  sim_cache *ic = &cu->icache;
  if (!sim_cache_allocated(ic) && cfg->icache_bytes &&
      sim_cache_init(ic, (uint64_t)cfg->icache_bytes, (uint32_t)cfg->icache_line,
                     (uint32_t)cfg->icache_assoc)) {
    cu->oom = 1;
    return start;
  }
  sim_cache_ref r;
  sim_cache_access(ic, T->pc_addr[pc], 1, &r);
  uint64_t ready;
  if (r.hit) {
    st->icache_hits++;
    ready = start + (uint64_t)cfg->icache_latency;
    if (*r.ready > ready) ready = *r.ready; /* a line still arriving: wait for its fill */
  } else {
    st->icache_misses++;
    ready = start + (uint64_t)cfg->icache_miss_latency;
    if (r.ready) *r.ready = ready;
  }
  if (cfg->icache_prefetch_lines && sim_cache_allocated(ic))
    sim_fetch_prefetch(T, cu, T->pc_addr[pc] / (uint32_t)cfg->icache_line, start, ready);
  return ready;
}

/* Entries the fetch at tw->fetch_pc brings: the rest of its line, or the
 * whole buffer when the line holds more (it then arrives in parts). */
static uint32_t sim_fetch_need(const sim_timing *T, const sim_twave *tw) {
  if (tw->fetch_pc >= T->c->k->ncode) return 0;
  uint32_t n = T->blk_end[tw->fetch_pc] - tw->fetch_pc;
  return n < T->ib_entries ? n : T->ib_entries;
}

/* Request fetches, at cycle t, while the rest of the next line fits. */
static void sim_fetch_fill(sim_timing *T, sim_twave *tw, uint64_t t) {
  uint32_t e = T->ib_entries, n;
  while ((n = sim_fetch_need(T, tw)) && e - tw->ib_count >= n) {
    uint64_t ready = sim_fetch_line(T, tw->cu, tw->fetch_pc, t);
    for (uint32_t i = 0; i < n; i++) {
      uint32_t x = tw->ib_head + tw->ib_count++;
      tw->ib_ready[x < e ? x : x - e] = ready;
    }
    tw->fetch_pc += n;
  }
  tw->fetch_need = n;
}

void sim_fetch_start(sim_timing *T, sim_twave *tw, uint64_t t) {
  if (!T->ib_entries) return;
  tw->ib_head = tw->ib_count = 0;
  tw->fetch_pc = tw->w.pc;
  sim_fetch_fill(T, tw, t);
}

void sim_fetch_refill(sim_timing *T, sim_twave *tw, uint32_t pc, uint64_t now) {
  if (tw->w.pc != pc + 1) { /* redirect: what is buffered is the wrong path */
    tw->ib_head = tw->ib_count = 0;
    tw->fetch_pc = tw->w.pc;
  }
  sim_fetch_fill(T, tw, now + 1);
}
