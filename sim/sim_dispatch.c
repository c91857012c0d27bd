/* The dispatcher of the timing model: places work-groups on compute units as
 * occupancy allows, by dispatch.policy (round_robin: breadth first, like
 * hardware; fill: depth first), and spreads a group's waves over the CU's
 * SIMDs (each CU owns its work-group slots, sim_cu.h).
 *
 * Why it works at quantum boundaries: the CUs of a quantum run alone, on
 * any host threads, so a CU whose slot frees during the quantum cannot ask
 * a device-wide dispatcher which group comes next. At each boundary the
 * dispatcher therefore hands every CU the groups its slots may take during
 * the quantum (dispatch queue of dq_depth), and the CU places them itself
 * as its slots free. The same happens with one thread, so the cycles are
 * the same for any thread count.
 *
 * The dispatcher launches one group every dispatch.wg_latency cycles. It is
 * modelled as each CU's launch port: round_robin serves the CUs in turn, so
 * each CU's port takes a group every ncu x wg_latency cycles, its phase
 * offset by its index (CU k's first group starts at k x wg_latency: the
 * breadth-first fill of a device-wide dispatcher, to the cycle); fill
 * serves one CU at a time, so its port takes one every wg_latency, CU k's
 * first after the k x wgs_per_cu groups of the CUs before it. Under an
 * even load (every CU freeing slots at the same rate) this is the
 * device-wide dispatcher's throughput; it differs when a few CUs free
 * bursts of slots while the others are busy (they wait for their share).
 *
 * A placed group's waves join their SIMDs when it starts, an event of the
 * CU (sim_dispatch_group_start): one placed at a boundary ahead of its
 * start must not claim the CU's fetch port before waves already running.
 *
 * A slot that frees while its CU holds no group waits for the next
 * boundary, which places a group there as if it had been handed one
 * (starting at the boundary at the earliest). What a CU did not place
 * comes back at the boundary and is handed out again, least first, so
 * groups start roughly in order and none waits on a busy CU at the tail. */
#include <stdlib.h>
#include <string.h>

#include "sim_sample.h"
#include "sim_timing.h"

int sim_dispatch_init(sim_timing *T) {
  uint32_t per = T->c->occ.wgs_per_cu;
  T->fill = T->cfg->dispatch_policy == CFG_DISPATCH_POLICY_FILL;
  T->dispatch_lat_q = (uint64_t)(T->cfg->dispatch_wg_latency * SIM_DISPATCH_Q + 0.5);
  T->dispatch_gap_q = T->fill ? T->dispatch_lat_q : T->dispatch_lat_q * T->ncu;
  /* the groups a CU can start within one quantum; a slot that frees
   * beyond them would start after the quantum anyway, which the boundary
   * gives it to the cycle */
  uint64_t q = T->quantum * SIM_DISPATCH_Q;
  uint64_t depth = T->dispatch_gap_q ? (q + T->dispatch_gap_q - 1) / T->dispatch_gap_q + 1 : per;
  T->dq_depth = (uint32_t)(depth < per ? depth : per);
  if (!T->dq_depth) T->dq_depth = 1;
  for (uint32_t k = 0; k < T->ncu; k++) {
    sim_cu *u = &T->cus[k];
    u->dq = calloc(T->dq_depth, sizeof *u->dq);
    if (!u->dq) return -1;
    u->dq_n = u->dq_head = 0;
    u->port_q = (T->fill ? (uint64_t)k * per : k) * T->dispatch_lat_q;
  }
  return 0;
}

void sim_dispatch_fini(sim_timing *T) {
  free(T->ret);
  T->ret = NULL;
  for (uint32_t k = 0; T->cus && k < T->ncu; k++) {
    free(T->cus[k].dq);
    T->cus[k].dq = NULL;
  }
}

/* Place group g on CU u in its first free slot, which freed at `freed`;
 * its waves start no earlier than `earliest`. */
static void sim_place(sim_timing *T, sim_cu *u, uint64_t g, uint64_t freed, uint64_t earliest) {
  sim_ctx *c = T->c;
  uint32_t k;
  for (k = 0; k < u->nslots && u->slots[k].busy; k++) {
  }
  sim_tslot *sl = &u->slots[k];
  if (!sl->waves && sim_cu_slot_alloc(c, sl, T->wpg) != 0) {
    u->oom = 1;
    return;
  }
  /* the launch takes the CU's port from s; the waves start in the cycle
   * it ends */
  uint64_t s = freed * SIM_DISPATCH_Q;
  if (s < u->port_q) s = u->port_q;
  u->port_q = s + T->dispatch_gap_q;
  uint64_t t = (s + T->dispatch_lat_q + SIM_DISPATCH_Q - 1) / SIM_DISPATCH_Q;
  if (t < earliest) t = earliest;
  if (T->sample) { /* sampled timing: when each group started (sim_sample_fit) */
    if (u->nplaced == u->capplaced) {
      uint32_t cap = u->capplaced ? u->capplaced * 2 : 16;
      uint64_t(*v)[2] = realloc(u->placed, cap * sizeof *v);
      if (!v) {
        u->oom = 1;
        return;
      }
      u->placed = v, u->capplaced = cap;
    }
    u->placed[u->nplaced][0] = g;
    u->placed[u->nplaced++][1] = t;
  }
  sim_group_coords(c, g, sl->gid, sl->lsz);
  sl->nwaves = sl->live = sim_group_waves(c, sl->lsz);
  sl->arrived = 0;
  sl->bar_last = 0;
  sl->busy = 1;
  sl->start = t;
  for (uint32_t i = 0; i < sl->nwaves; i++) sl->waves[i].state = W_FREE; /* not started yet */
  u->wgs++;
  u->placed_groups++;
  u->placed_waves += sl->nwaves;
  /* its waves join their SIMDs when it starts, an event of the CU's: a
   * group placed ahead (at a boundary) must not claim the CU's fetch port
   * before waves already running there refetch */
  sim_cu_push(u, t, u->nsimd + u->nslots + k);
}

void sim_dispatch_group_start(sim_timing *T, sim_cu *u, uint32_t slot, uint64_t t) {
  sim_ctx *c = T->c;
  sim_tslot *sl = &u->slots[slot];
  uint32_t si = sl->id;
  memset(sl->lds, 0, c->lds_total);
  size_t scratch_wave = (size_t)c->k->private_bytes * c->wave_size;
  if (sl->scratch) memset(sl->scratch, 0, scratch_wave * sl->nwaves);
  SIM_EXEC_NOTIFY(&u->x, group, si, sl->gid, sl->lsz);
  for (uint32_t i = 0; i < sl->nwaves; i++) {
    sim_twave *tw = &sl->waves[i];
    /* the SIMD of this CU with the fewest resident waves (lowest index on ties) */
    uint32_t best = 0;
    for (uint32_t s2 = 1; s2 < u->nsimd; s2++)
      if (u->simds[s2].n < u->simds[best].n) best = s2;
    uint64_t saddr = SIM_SCRATCH_BASE + ((uint64_t)si * T->wpg + i) * scratch_wave;
    sim_wave_setup(c, &tw->w, sl->gid, sl->lsz, i, tw->vregs, tw->sregs, sl->lds,
                   sl->scratch ? sl->scratch + scratch_wave * i : NULL, saddr);
    tw->w.tex = u->tex; /* the CU's texel record, not the launch's */
    tw->sl = sl;
    tw->x = (sim_xwave){&tw->w, &tw->wd, sl->gid, sl->lsz, si, i};
    sim_wave_join(T, u, tw, best, t);
  }
}

/* The next group not yet handed to a CU, or UINT64_MAX when none is left:
 * the least of those handed back, else a new one (a sampled launch
 * fast-forwards the blocks it skips here). */
static uint64_t sim_take(sim_timing *T) {
  if (T->ret_head < T->nret) return T->ret[T->ret_head++];
  if (T->next_group < T->c->total_groups && T->sample &&
      sim_sample_next(T->sample, &T->next_group) != SIM_OK) {
    T->faulted = 1;
    return UINT64_MAX;
  }
  return T->next_group < T->c->total_groups ? T->next_group++ : UINT64_MAX;
}

static int sim_u64_cmp(const void *a, const void *b) {
  uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
  return x < y ? -1 : x > y;
}

/* What the CUs were handed and did not place comes back, in group order:
 * a CU holds groups for one quantum only, so none waits on a CU whose
 * slots stay busy while another has room. -1: out of memory. */
static int sim_hand_back(sim_timing *T) {
  uint32_t n = 0;
  for (uint32_t k = 0; k < T->ncu; k++) n += T->cus[k].dq_n;
  n += T->nret - T->ret_head;
  if (n > T->capret) {
    uint64_t *r = malloc(n * sizeof *r);
    if (!r) return -1;
    if (T->nret > T->ret_head) memcpy(r, T->ret + T->ret_head, (T->nret - T->ret_head) * sizeof *r);
    free(T->ret);
    T->ret = r, T->capret = n;
  } else if (T->nret > T->ret_head && T->ret_head) {
    memmove(T->ret, T->ret + T->ret_head, (T->nret - T->ret_head) * sizeof *T->ret);
  }
  T->nret -= T->ret_head;
  T->ret_head = 0;
  for (uint32_t k = 0; k < T->ncu; k++) {
    sim_cu *u = &T->cus[k];
    for (; u->dq_n; u->dq_n--) {
      T->ret[T->nret++] = u->dq[u->dq_head];
      u->dq_head = (u->dq_head + 1) % T->dq_depth;
    }
  }
  if (T->nret > 1) qsort(T->ret, T->nret, sizeof *T->ret, sim_u64_cmp);
  return 0;
}

static uint64_t sim_dq_pop(sim_timing *T, sim_cu *u) {
  uint64_t g = u->dq[u->dq_head];
  u->dq_head = (u->dq_head + 1) % T->dq_depth;
  u->dq_n--;
  return g;
}

/* The first free slot of u (the one sim_place takes), or NULL. */
static const sim_tslot *sim_free_slot(const sim_cu *u) {
  for (uint32_t k = 0; k < u->nslots; k++)
    if (!u->slots[k].busy) return &u->slots[k];
  return NULL;
}

/* The CU that gets the next group for a free slot (NULL: every CU is
 * full): round_robin the first with room from next_cu on, fill the first. */
static sim_cu *sim_room(sim_timing *T) {
  uint32_t per = T->c->occ.wgs_per_cu;
  for (uint32_t k = 0; k < T->ncu; k++) {
    sim_cu *u = &T->cus[T->fill ? k : (T->next_cu + k) % T->ncu];
    if (u->wgs < per) return u;
  }
  return NULL;
}

void sim_dispatch_boundary(sim_timing *T) {
  if (sim_hand_back(T) != 0) {
    T->oom = 1;
    return;
  }
  /* free slots first, one group at a time */
  sim_cu *u;
  while (!T->faulted && (u = sim_room(T)) && !u->oom) {
    uint64_t g = sim_take(T);
    if (g == UINT64_MAX) return; /* nothing left anywhere */
    sim_place(T, u, g, sim_free_slot(u)->freed, T->qstart);
    T->next_cu = u->id + 1 < T->ncu ? u->id + 1 : 0;
  }
  /* then each CU's hand for the quantum, one group per CU in turn */
  for (int handed = 1; handed && !T->faulted;) {
    handed = 0;
    for (uint32_t k = 0; k < T->ncu; k++) {
      u = &T->cus[T->fill ? k : (T->next_cu + k) % T->ncu];
      if (u->dq_n >= T->dq_depth) continue;
      uint64_t g = sim_take(T);
      if (g == UINT64_MAX) return;
      u->dq[(u->dq_head + u->dq_n++) % T->dq_depth] = g;
      handed = 1;
    }
  }
}

void sim_dispatch_slot_free(sim_timing *T, sim_cu *u, uint32_t slot, uint64_t t) {
  sim_tslot *sl = &u->slots[slot];
  sl->busy = 0;
  sl->freed = t;
  u->wgs--;
  u->groups_done++;
  if (u->dq_n) sim_place(T, u, sim_dq_pop(T, u), t, 0);
}

int sim_dispatch_pending(const sim_timing *T) {
  if (T->next_group < T->c->total_groups || T->ret_head < T->nret) return 1;
  for (uint32_t k = 0; k < T->ncu; k++)
    if (T->cus[k].dq_n) return 1;
  return 0;
}
