/* A compute unit's link to the L2 (one bandwidth queue per direction),
 * and the split of a CU-side block of sectors into the L2's lines and
 * sectors. */
#include <string.h>

#include "sim_noc.h"

void sim_noc_params_read(sim_noc_params *p, const cfg_device *cfg) {
  p->cycles_per_byte = cfg->noc_bytes_per_cycle ? 1.0 / (double)cfg->noc_bytes_per_cycle : 0;
  p->l2_latency = (uint64_t)cfg->l2_latency;
}

void sim_noc_init(sim_noc *n, const sim_noc_params *p, sim_port down, sim_msgbox *box) {
  memset(n, 0, sizeof *n);
  n->p = *p;
  n->down = down;
  n->box = box;
}

void sim_noc_reset(sim_noc *n) {
  n->in.free = 0;
  n->out.free = 0;
}

sim_port sim_noc_port(sim_noc *n) {
  return (sim_port){sim_noc_request, n, n->down.line, n->down.sector};
}

/* Sends sectors `mask` (of r->sector bytes) of r's block to the L2 at t as
 * `kind`, split by L2 line and converted to L2 sectors. The first part
 * sent carries the atomic's lane count. Returns the latest completion. */
static uint64_t sim_noc_split(sim_noc *n, const sim_req *r, uint64_t mask, int kind, uint64_t t,
                              uint32_t req) {
  uint32_t l2 = n->down.line, s2 = n->down.sector, sector = r->sector, block = r->block;
  uint64_t addr = r->addr, done = 0;
  uint32_t lanes = r->lanes;
  for (uint64_t base = addr & ~(uint64_t)(l2 - 1); base < addr + block; base += l2) {
    uint64_t out = 0;
    if (sector == s2 && block <= l2) {
      out = mask << ((addr - base) / s2);
    } else {
      for (uint64_t mk = mask; mk; mk &= mk - 1) {
        uint64_t b = addr + (uint64_t)__builtin_ctzll(mk) * sector, e = b + sector;
        if (e <= base || b >= base + l2) continue;
        if (b < base) b = base;
        if (e > base + l2) e = base + l2;
        for (uint64_t k = (b - base) / s2; k <= (e - 1 - base) / s2; k++) out |= 1ull << k;
      }
    }
    if (!out) continue;
    sim_req q = {.addr = base,
                 .mask = out,
                 .block = l2,
                 .sector = s2,
                 .cu = r->cu,
                 .steps = r->steps,
                 .lanes = lanes,
                 .kind = (uint8_t)kind,
                 .t = (double)t};
    lanes = 0;
    if (req != SIM_MSG_NONE) {
      sim_msgbox_send(n->box, req, &q);
      continue;
    }
    uint64_t d = (uint64_t)sim_port_send(&n->down, &q);
    if (d > done) done = d;
  }
  return done;
}

double sim_noc_request(void *noc, const sim_req *r) {
  sim_noc *n = noc;
  /* whole sectors and sectors written in part travel together; the L2
   * treats them apart (a part may need the rest of its sector first, and
   * takes the slice longer) */
  uint64_t bytes = (uint64_t)__builtin_popcountll(r->mask | r->part) * r->sector;
  uint64_t t = (uint64_t)r->t;
  if (n->p.cycles_per_byte != 0) {
    sim_res *link = r->kind == SIM_REQ_READ ? &n->in : &n->out;
    t = sim_ceil(sim_res_take(link, (double)t, (double)bytes * n->p.cycles_per_byte));
  }
  uint64_t done = 0;
  uint32_t req = SIM_MSG_NONE;
  if (n->box && n->box->on) {
    /* messages: the L2 answers at the quantum's merge, at the earliest
     * l2.latency after the request reaches it (sim_l2_request) */
    if (!(r->mask | r->part)) {
      n->box->last = SIM_MSG_NONE;
      return 0;
    }
    done = t + n->p.l2_latency;
    req = sim_msgbox_req_open(n->box, done, r->posted);
    if (req == SIM_MSG_NONE) return (double)done; /* out of memory: the box says so */
  }
  if (r->mask) {
    uint64_t d = sim_noc_split(n, r, r->mask, r->kind, t, req);
    if (d > done) done = d;
  }
  if (r->part) {
    uint64_t d = sim_noc_split(n, r, r->part, SIM_REQ_WRITE_PARTIAL, t, req);
    if (d > done) done = d;
  }
  return (double)done;
}
