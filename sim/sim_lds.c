/* A compute unit's LDS in the timing model: bank conflicts and
 * broadcast, atomics' read-modify-write passes, and the data pipeline the
 * accesses (and barrier arrivals) take turns on. */
#include <string.h>

#include "sim.h"
#include "sim_lds.h"

void sim_lds_params_read(sim_lds_params *p, const cfg_device *cfg) {
  memset(p, 0, sizeof *p);
  p->banks = (uint32_t)cfg->lds_banks;
  p->bank_width = (uint32_t)cfg->lds_bank_width;
  p->phase_bytes = (uint32_t)cfg->lds_phase_bytes;
  p->broadcast = cfg->lds_broadcast;
  p->atomic_passes = (uint32_t)cfg->lds_atomic_passes;
  p->atomic_combine = cfg->lds_atomic_combine;
  p->latency = (uint64_t)cfg->lds_latency;
}

void sim_lds_init(sim_lds *l, const sim_lds_params *p) {
  memset(l, 0, sizeof *l);
  l->p = *p;
  l->pipe = &l->own;
}

void sim_lds_reset(sim_lds *l) {
  memset(&l->stats, 0, sizeof l->stats);
  l->own.free = 0;
}

void sim_lds_share_pipe(sim_lds *l, sim_pipe *pipe) {
  l->pipe = pipe;
}

uint32_t sim_lds_cost(const sim_lds_params *p, const isa_access *a, int combinable,
                      uint32_t *ideal) {
  uint32_t n;
  if (a->kind & ISA_F_ATOMIC) {
    /* read-modify-write passes; lanes on one word serialize unless the
     * hardware combines them, which it does only for the no-return form */
    n = sim_lds_atomic_passes(a, p->banks, p->bank_width, p->atomic_combine && combinable, ideal);
    n *= p->atomic_passes;
    *ideal *= p->atomic_passes;
  } else {
    n = sim_lds_passes(a, p->banks, p->bank_width, p->broadcast, p->phase_bytes, ideal);
  }
  return n ? n : 1;
}

uint64_t sim_lds_access(sim_lds *l, uint64_t now, const isa_access *a, int combinable,
                        uint64_t *conflict) {
  const sim_lds_params *p = &l->p;
  uint32_t ideal = 0, n = sim_lds_cost(p, a, combinable, &ideal);
  uint64_t start = sim_pipe_take(l->pipe, now, n);
  l->stats.lds_accesses++;
  *conflict = n > ideal ? n - ideal : 0;
  l->stats.lds_bank_conflict_cycles += *conflict;
  return start + n - 1 + p->latency;
}

void sim_lds_occupy(sim_lds *l, uint64_t now, uint64_t cycles) {
  sim_pipe_take(l->pipe, now, cycles);
}

/* The passes of the active lanes in `mask`, served together: the most
 * distinct bank words any one bank serves (or every access when broadcast
 * is off); *need gets the passes their bytes need without conflicts.
 * Equal words fall in one bank, so a word is looked for only among its
 * bank's earlier words (a list per bank): linear in the lanes when they
 * spread over the banks, where a search of every earlier word was
 * quadratic (the hottest function of LDS-tiled kernels). */
static uint32_t sim_lds_phase(const isa_access *a, uint64_t mask, uint32_t banks,
                              uint32_t bank_width, int broadcast, uint32_t *need) {
  enum { CAP = ISA_MAX_WAVE * 16, NONE = 0xffff };
  uint64_t words[CAP]; /* the distinct words counted, each on its bank's list */
  uint16_t next[CAP], head[SIM_LDS_MAX_BANKS];
  uint32_t per_bank[SIM_LDS_MAX_BANKS];
  for (uint32_t b = 0; b < banks; b++) head[b] = NONE, per_bank[b] = 0;
  uint32_t seen = 0, nw = 0, bytes = 0, worst = 0;
  /* shifts and masks where the widths are powers of two (every preset):
   * a division per lane cost more than the rest of the loop */
  int pow2 = !(bank_width & (bank_width - 1)) && !(banks & (banks - 1));
  uint32_t wshift = (uint32_t)__builtin_ctz(bank_width), bmask = banks - 1;
  for (uint64_t mk = mask; mk; mk &= mk - 1) {
    unsigned i = (unsigned)__builtin_ctzll(mk);
    uint64_t lo = a->addr[i], hi = lo + a->size - 1;
    uint64_t first = pow2 ? lo >> wshift : lo / bank_width;
    uint64_t last = pow2 ? hi >> wshift : hi / bank_width;
    for (uint64_t w = first; w <= last && seen < CAP; w++, seen++) {
      uint32_t b = pow2 ? (uint32_t)w & bmask : (uint32_t)(w % banks);
      uint32_t j = head[b];
      if (broadcast)
        while (j != NONE && words[j] != w) j = next[j];
      if (broadcast && j != NONE) continue; /* served by the same pass */
      words[nw] = w;
      next[nw] = head[b];
      head[b] = (uint16_t)nw++;
      if (++per_bank[b] > worst) worst = per_bank[b];
    }
    bytes += a->size;
  }
  uint32_t per_pass = banks * bank_width;
  *need = (bytes + per_pass - 1) / per_pass;
  return worst;
}

uint32_t sim_lds_passes(const isa_access *a, uint32_t banks, uint32_t bank_width, int broadcast,
                        uint32_t phase_bytes, uint32_t *ideal) {
  /* lanes per phase: all of them unless the wave's request is wider */
  uint32_t lanes = ISA_MAX_WAVE;
  if (phase_bytes && a->size && phase_bytes / a->size < lanes)
    lanes = phase_bytes / a->size ? phase_bytes / a->size : 1;
  uint32_t total = 0, best = 0;
  for (uint32_t lo = 0; lo < ISA_MAX_WAVE; lo += lanes) {
    uint64_t group = lanes >= 64 ? ~0ull : ((1ull << lanes) - 1) << lo;
    uint64_t mask = a->mask & group;
    if (!mask) continue;
    uint32_t need, worst = sim_lds_phase(a, mask, banks, bank_width, broadcast, &need);
    /* a phase takes a pass even when every lane of it broadcasts */
    total += worst ? worst : 1;
    uint32_t least = need < worst ? need : worst;
    best += least ? least : 1;
  }
  if (ideal) *ideal = best;
  return total;
}

int sim_lds_atomic_combinable(uint16_t op) {
  /* increments: what ATOMS.POPC.INC implements (NVIDIA's compiler uses it
   * for adds of 1; an add of another value is taken as one too) */
  return op == ISA_OP_ds_atomic_add_u32 || op == ISA_OP_ds_atomic_inc_u32 ||
         op == ISA_OP_ds_atomic_add_u64 || op == ISA_OP_ds_atomic_inc_u64;
}

uint32_t sim_lds_atomic_passes(const isa_access *a, uint32_t banks, uint32_t bank_width,
                               int combine, uint32_t *ideal) {
  /* a read-modify-write per lane: lanes on one word serialize (each needs
   * the previous one's result) unless the hardware combines them (no-return
   * increments on NVIDIA: ATOMS.POPC.INC adds the lane count once) */
  uint64_t words[ISA_MAX_WAVE * 16];
  uint32_t nw = 0, per_bank[SIM_LDS_MAX_BANKS] = {0}, worst = 0, distinct = 0;
  for (uint64_t mk = a->mask; mk; mk &= mk - 1) {
    unsigned i = (unsigned)__builtin_ctzll(mk);
    uint64_t first = a->addr[i] / bank_width, last = (a->addr[i] + a->size - 1) / bank_width;
    for (uint64_t w = first; w <= last && nw < ISA_MAX_WAVE * 16; w++) {
      int dup = 0;
      for (uint32_t j = 0; j < nw && !dup; j++) dup = words[j] == w;
      words[nw++] = w;
      if (dup && combine) continue;
      distinct += !dup;
      uint32_t b = (uint32_t)(w % banks);
      if (++per_bank[b] > worst) worst = per_bank[b];
    }
  }
  /* without conflicts the lanes' words need ceil(words / banks) passes */
  uint32_t need = (distinct + banks - 1) / banks;
  if (ideal) *ideal = need < worst ? need : worst;
  return worst;
}
