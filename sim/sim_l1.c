/* A compute unit's vector L1: the memory pipeline taking a wave's
 * coalesced lines in order, the tag array with MSHRs (merging into fills in
 * flight), write-through (optionally combined) or write-back stores, and
 * global atomics, which pass the L1 to execute at the L2. */
#include <stdlib.h>
#include <string.h>

#include "sim_coalesce.h"
#include "sim_l1.h"

/* l1.replacement random: a fixed seed per CU, so runs repeat exactly */
#define SIM_L1_RANDOM_SEED 0x9e3779b97f4a7c15ull

void sim_l1_params_read(sim_l1_params *p, const cfg_device *cfg) {
  memset(p, 0, sizeof *p);
  p->bytes = (uint64_t)cfg->l1_bytes;
  p->line = (uint32_t)cfg->l1_line;
  p->sector = cfg->l1_sector ? (uint32_t)cfg->l1_sector : p->line;
  p->assoc = (uint32_t)cfg->l1_assoc;
  p->bytes_per_cycle = (uint32_t)cfg->l1_bytes_per_cycle;
  p->latency = (uint64_t)cfg->l1_latency;
  p->mshrs = (uint32_t)cfg->l1_mshrs;
  p->write_back = cfg->l1_write_policy == CFG_L1_WRITE_POLICY_WRITE_BACK;
  p->random_replacement = cfg->l1_replacement == CFG_L1_REPLACEMENT_RANDOM;
  p->set_hash = cfg->l1_set_hash != 0;
  p->invalidate_on_launch = cfg->l1_invalidate_on_launch != 0;
  p->fill_partial = cfg->l2_partial_write_fill != 0;
  /* coverage is needed to tell partial sectors (l2.partial_write_fill) or
   * to combine stores (l1.write_combine_lines); a bit per byte of a sector */
  p->track_partial = !p->write_back &&
                     (cfg->l2_partial_write_fill || cfg->l1_write_combine_lines) && p->sector <= 64;
  p->unified_with_lds = cfg->l1_unified_with_lds != 0;
  p->min_lds_carveout = (uint64_t)cfg->l1_min_lds_carveout;
}

int sim_l1_init(sim_l1 *l1, const sim_l1_params *p, uint32_t cu, sim_wcb *wcb, sim_port down,
                sim_msgbox *box) {
  memset(l1, 0, sizeof *l1);
  l1->p = *p;
  l1->cu = cu;
  l1->box = box;
  l1->down = down;
  l1->wcb = wcb && sim_wcb_active(wcb) ? wcb : NULL;
  if (p->track_partial)
    l1->cov = calloc((size_t)ISA_MAX_WAVE * 2 * (p->line / p->sector), sizeof *l1->cov);
  if ((p->track_partial && !l1->cov) || sim_cache_init(&l1->tags, p->bytes, p->line, p->assoc) ||
      sim_heap_init(&l1->mshr, p->mshrs)) {
    sim_l1_fini(l1);
    return -1;
  }
  if (p->random_replacement)
    sim_cache_seed_random(&l1->tags, SIM_L1_RANDOM_SEED ^ ((uint64_t)cu << 32 | 1u));
  if (p->set_hash) sim_cache_hash_sets(&l1->tags);
  return 0;
}

void sim_l1_fini(sim_l1 *l1) {
  sim_cache_fini(&l1->tags);
  sim_heap_fini(&l1->mshr);
  free(l1->cov);
  memset(l1, 0, sizeof *l1);
}

void sim_l1_reset(sim_l1 *l1) {
  memset(&l1->stats, 0, sizeof l1->stats);
  l1->pipe.free = 0;
  l1->mshr.n = 0;
  sim_cache_clear_ready(&l1->tags);
}

sim_pipe *sim_l1_pipe(sim_l1 *l1) {
  return &l1->pipe;
}

void sim_l1_carve_out(sim_l1 *l1, uint64_t lds) {
  const sim_l1_params *p = &l1->p;
  if (!p->unified_with_lds || p->bytes == 0) return;
  if (lds < p->min_lds_carveout) lds = p->min_lds_carveout;
  uint64_t ways = lds >= p->bytes ? 1 : (uint64_t)p->assoc * (p->bytes - lds) / p->bytes;
  sim_cache_set_ways(&l1->tags, (uint32_t)ways);
}

static uint32_t sim_bits(uint64_t x) {
  return (uint32_t)__builtin_popcountll(x);
}

/* Sends sectors `mask` of the L1 line at addr to the L2 as `kind` at t. */
static uint64_t sim_l1_send(sim_l1 *l1, uint64_t addr, uint64_t mask, int kind, uint64_t t,
                            int posted) {
  sim_req r = {.addr = addr,
               .mask = mask,
               .block = l1->p.line,
               .sector = l1->p.sector,
               .cu = l1->cu,
               .kind = (uint8_t)kind,
               .posted = (uint8_t)posted,
               .t = (double)t};
  return (uint64_t)sim_port_send(&l1->down, &r);
}

/* The CU-side request the latest send opened (SIM_MSG_NONE: none, or the
 * L2 answered at once). */
static uint32_t sim_l1_last_req(const sim_l1 *l1) {
  return l1->box && l1->box->on ? sim_msgbox_last(l1->box) : SIM_MSG_NONE;
}

/* ---- MSHRs: the cycles their fills return ---------------------------------------- */
/* A miss at t needs a free MSHR: when all are busy the CU's memory pipeline
 * waits for the earliest fill (whose entry is then reused). Returns the
 * cycle the miss can go. */
static uint64_t sim_mshr_acquire(sim_l1 *l1, uint64_t t) {
  sim_heap *h = &l1->mshr;
  if (!l1->p.mshrs || h->n < l1->p.mshrs) return t;
  uint64_t top = sim_heap_pop(h).t;
  if (top > t) l1->stats.l1_mshr_stall_cycles += top - t, t = top;
  return t;
}

/* The entry's id: 1 + the request whose answer it waits for (0: final),
 * so the merge can replace a provisional time with the real one. */
static void sim_mshr_hold(sim_l1 *l1, uint64_t until, uint32_t req) {
  if (!l1->p.mshrs) return;
  sim_heap_push(&l1->mshr, until, req == SIM_MSG_NONE ? 0 : req + 1); /* never grows */
  if (req != SIM_MSG_NONE) sim_msgbox_watch(l1->box, req, NULL, 0, 0, &l1->mshr);
}

/* ---- the tag array ------------------------------------------------------------- */
static void sim_l1_writeback(sim_l1 *l1, const sim_cache_ref *r, uint64_t t) {
  if (r->victim_dirty) sim_l1_send(l1, r->victim_addr, r->victim_dirty, SIM_REQ_WRITE, t, 1);
}

/* A load of sectors `mask` of the L1 line at addr entering the pipeline at
 * *t (moved on when it waits for an MSHR). Returns when its data is back. */
static uint64_t sim_l1_load(sim_l1 *l1, uint64_t addr, uint64_t mask, uint64_t *t) {
  sim_cache_ref r;
  sim_cache_access(&l1->tags, addr, 1, &r);
  uint64_t missing = r.valid ? mask & ~*r.valid : mask;
  uint64_t hit_at = *t + l1->p.latency;
  if (!missing) {
    l1->stats.l1_hits++;
    if (*r.ready > *t) {
      l1->stats.l1_mshr_merges++; /* its sectors are still being filled */
      /* ... by a request whose answer may still be provisional */
      if (l1->box) sim_msgbox_join(l1->box, *r.tok);
    }
    return hit_at > *r.ready ? hit_at : *r.ready;
  }
  l1->stats.l1_misses++;
  *t = sim_mshr_acquire(l1, *t);
  sim_l1_writeback(l1, &r, *t);
  uint64_t fill = sim_l1_send(l1, addr, missing, SIM_REQ_READ, *t, 0);
  uint32_t req = sim_l1_last_req(l1);
  sim_mshr_hold(l1, fill, req);
  uint64_t done = fill;
  if (r.valid) {
    /* sectors it found present may still be in flight from an older fill */
    if ((mask & ~missing) && *r.ready > done) {
      done = *r.ready;
      if (l1->box) sim_msgbox_join(l1->box, *r.tok);
    }
    *r.valid |= missing;
    if (*r.ready < fill) {
      *r.ready = fill;
      /* the merge makes it real (or leaves it when a later fill took over) */
      *r.tok = req == SIM_MSG_NONE ? 0 : req + 1;
      if (req != SIM_MSG_NONE) sim_msgbox_watch(l1->box, req, &l1->tags, addr, fill, NULL);
    }
  }
  return done;
}

/* A store under write_back: allocate without fetching (stores write whole
 * sectors' bytes under byte masks), dirty until evicted. */
static uint64_t sim_l1_store_back(sim_l1 *l1, uint64_t addr, uint64_t mask, uint64_t t) {
  sim_cache_ref r;
  sim_cache_access(&l1->tags, addr, 1, &r);
  if (!r.valid) /* no L1: straight through */
    return sim_l1_send(l1, addr, mask, SIM_REQ_WRITE, t, 0);
  sim_l1_writeback(l1, &r, t);
  *r.valid |= mask;
  *r.dirty |= mask;
  return t + l1->p.latency;
}

void sim_l1_launch_invalidate(sim_l1 *l1) {
  if (!l1->p.invalidate_on_launch) return;
  sim_cache *c = &l1->tags;
  uint64_t addr, dirty;
  for (size_t i = 0; l1->p.write_back && sim_cache_line(c, i, &addr, &dirty); i++)
    if (dirty) sim_l1_send(l1, addr, dirty, SIM_REQ_WRITE, 0, 1);
  sim_cache_invalidate_all(c);
}

uint64_t sim_l1_access(sim_l1 *l1, uint64_t now, const isa_access *a, uint32_t *nreq) {
  const sim_l1_params *p = &l1->p;
  uint64_t lines[ISA_MAX_WAVE * 2], masks[ISA_MAX_WAVE * 2], partial[ISA_MAX_WAVE * 2];
  uint32_t line = p->line, sector = p->sector;
  uint32_t n = sim_coalesce(a, line, sector, lines, masks);
  *nreq = n;
  int atomic = (a->kind & ISA_F_ATOMIC) != 0, store = !atomic && (a->kind & ISA_F_STORE);
  int track = store && l1->cov;
  if (track) sim_coalesce_partial(a, line, sector, lines, n, l1->cov, partial);
  /* the CU's memory pipeline takes the lines in order, each for
   * ceil(bytes / l1.bytes_per_cycle) cycles; a miss waiting for an MSHR
   * holds up the lines behind it */
  uint64_t t = now > l1->pipe.free ? now : l1->pipe.free;
  uint64_t done = now + 1;
  for (uint32_t i = 0; i < n; i++) {
    uint32_t nsec = sim_bits(masks[i]);
    uint64_t bytes = (uint64_t)nsec * sector, td;
    uint64_t cost = (bytes + p->bytes_per_cycle - 1) / p->bytes_per_cycle;
    if (atomic) {
      /* global atomics bypass the L1 and execute at the line's L2 slice */
      sim_req r = {.addr = lines[i],
                   .mask = masks[i],
                   .block = line,
                   .sector = sector,
                   .cu = l1->cu,
                   .kind = SIM_REQ_ATOMIC,
                   .t = (double)t};
      r.steps = sim_atomic_ops(a, lines[i], line, l1->down.sector, &r.lanes);
      td = (uint64_t)sim_port_send(&l1->down, &r);
    } else if (store) {
      l1->stats.l1_store_sectors += nsec;
      if (p->write_back) {
        td = sim_l1_store_back(l1, lines[i], masks[i], t);
      } else if (l1->wcb && track) {
        td = sim_wcb_store(l1->wcb, lines[i], l1->cov + (size_t)i * (line / sector), t);
      } else {
        uint64_t part = track ? partial[i] : 0;
        td = sim_store_send(&l1->down, l1->cu, lines[i], line, sector, masks[i] & ~part, part,
                            p->fill_partial, t);
      }
    } else {
      l1->stats.l1_load_sectors += nsec;
      td = sim_l1_load(l1, lines[i], masks[i], &t);
    }
    if (td > done) done = td;
    t += cost ? cost : 1;
  }
  l1->pipe.free = t;
  return done;
}

uint64_t sim_l1_access_counted(sim_l1 *l1, uint64_t now, const isa_access *a, uint32_t *nreq,
                               uint32_t *hits, uint32_t *misses) {
  uint64_t h = l1->stats.l1_hits, m = l1->stats.l1_misses;
  uint64_t done = sim_l1_access(l1, now, a, nreq);
  *hits = (uint32_t)(l1->stats.l1_hits - h);
  *misses = (uint32_t)(l1->stats.l1_misses - m);
  return done;
}
