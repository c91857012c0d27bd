/* Happens-before through atomics (sim_hb.h): per-item sparse vector clocks,
 * per-location release clocks and per-slot barrier clocks, by the rules of
 * the OpenCL C 2.x memory model (release sequences, fences, scopes). */
#include "sim_hb.h"

#include <stdlib.h>
#include <string.h>

#include "isa.h"

/* One component of a vector clock: a work-item (group << 32 | item) and the
 * clock of its that is known, or a work-group (group << 32 | HB_GROUP) and
 * the barriers with a global fence it had passed. Sorted by key. */
#define HB_GROUP UINT32_MAX
#define HB_MIXED UINT32_MAX /* releasers of several groups or waves */

typedef struct hb_ent {
  uint64_t key;
  uint32_t c;
} hb_ent;

typedef struct hb_vc {
  hb_ent *e;
  uint32_t n, cap;
} hb_vc;

typedef struct hb_item {
  uint64_t key;
  uint32_t clock; /* what its accesses record now */
  uint32_t slot;
  uint8_t fence;       /* a release fence is pending: its next atomic store releases `fvc` */
  uint8_t fence_scope; /* isa_scope of that fence */
  uint8_t pend_need;   /* the scope an acquire fence needs to take `pend` (0: nothing pending) */
  hb_vc vc;            /* what it acquired */
  hb_vc fvc;           /* its pending release fence's clock */
  hb_vc pend;          /* releases its relaxed atomic reads saw, for a later acquire fence */
} hb_item;

typedef struct hb_loc {
  uint64_t key;
  uint8_t scope;        /* narrowest scope of the releases in `vc` (0: none yet) */
  uint32_t group, wave; /* of the releasers, HB_MIXED for several */
  hb_vc vc;             /* the release sequence's clock: what an acquire of it takes */
} hb_loc;

typedef struct hb_slot {
  hb_vc gvc;         /* what the group's barriers passed to all its items */
  uint32_t *members; /* items of the group with state */
  uint32_t n, cap;
} hb_slot;

/* open addressing on 64-bit keys to index + 1 */
typedef struct hb_map {
  uint32_t *t;
  size_t cap; /* a power of two, or 0 */
} hb_map;

struct sim_hb {
  uint32_t nslots, wave;
  hb_slot *slots;
  hb_item *items;
  uint32_t nitems, capitems;
  hb_loc *locs;
  uint32_t nlocs, caplocs;
  hb_map imap, lmap;
  size_t entries, max_entries;
  int full;
  hb_vc tmp, snap; /* scratch */
};

/* ---- vector clocks ------------------------------------------------------------- */
static int hb_reserve(hb_vc *v, uint32_t need) {
  if (need <= v->cap) return 0;
  uint32_t cap = v->cap ? v->cap : 4;
  while (cap < need) cap *= 2;
  hb_ent *e = realloc(v->e, (size_t)cap * sizeof *e);
  if (!e) return -1;
  v->e = e, v->cap = cap;
  return 0;
}

/* The index of key's entry in v (sorted by key), or where it would go. */
static uint32_t hb_vc_find(const hb_vc *v, uint64_t key) {
  uint32_t lo = 0, hi = v->n;
  while (lo < hi) {
    uint32_t m = (lo + hi) / 2;
    if (v->e[m].key < key)
      lo = m + 1;
    else
      hi = m;
  }
  return lo;
}

static uint32_t hb_get(const hb_vc *v, uint64_t key) {
  uint32_t lo = hb_vc_find(v, key);
  return lo < v->n && v->e[lo].key == key ? v->e[lo].c : 0;
}

/* v's entry for key becomes at least c; counted against h's budget when v is
 * not scratch */
static int hb_set(sim_hb *h, hb_vc *v, uint64_t key, uint32_t c, int count) {
  uint32_t lo = hb_vc_find(v, key);
  if (lo < v->n && v->e[lo].key == key) {
    if (v->e[lo].c < c) v->e[lo].c = c;
    return 0;
  }
  if (count && h->entries + 1 > h->max_entries) return h->full = 1, -1;
  if (hb_reserve(v, v->n + 1)) return -1;
  memmove(&v->e[lo + 1], &v->e[lo], (size_t)(v->n - lo) * sizeof *v->e);
  v->e[lo] = (hb_ent){key, c};
  v->n++;
  if (count) h->entries++;
  return 0;
}

/* dst = max(dst, src) per component, merged through h->tmp */
static int hb_join(sim_hb *h, hb_vc *dst, const hb_vc *src, int count) {
  if (!src->n) return 0;
  if (hb_reserve(&h->tmp, dst->n + src->n)) return -1;
  uint32_t i = 0, j = 0, n = 0;
  while (i < dst->n || j < src->n) {
    if (j == src->n || (i < dst->n && dst->e[i].key < src->e[j].key)) {
      h->tmp.e[n++] = dst->e[i++];
    } else if (i == dst->n || src->e[j].key < dst->e[i].key) {
      h->tmp.e[n++] = src->e[j++];
    } else {
      hb_ent x = dst->e[i++];
      if (src->e[j].c > x.c) x.c = src->e[j].c;
      j++;
      h->tmp.e[n++] = x;
    }
  }
  if (n == dst->n) { /* no new component: the values in place */
    memcpy(dst->e, h->tmp.e, (size_t)n * sizeof *dst->e);
    return 0;
  }
  if (count && h->entries + (n - dst->n) > h->max_entries) return h->full = 1, -1;
  if (count) h->entries += n - dst->n;
  hb_vc t = *dst;
  dst->e = h->tmp.e, dst->cap = h->tmp.cap, dst->n = n;
  h->tmp.e = t.e, h->tmp.cap = t.cap, h->tmp.n = 0;
  return 0;
}

/* ---- maps ---------------------------------------------------------------------- */
static size_t hb_hash(uint64_t key, size_t cap) {
  return (size_t)((key * 0x9e3779b97f4a7c15ull) >> 17) & (cap - 1);
}

/* The index of key (its record's key read through keyof), or UINT32_MAX. */
static uint32_t hb_find(const hb_map *m, uint64_t key, const void *recs, size_t stride) {
  if (!m->cap) return UINT32_MAX;
  for (size_t i = hb_hash(key, m->cap);; i = (i + 1) & (m->cap - 1)) {
    uint32_t x = m->t[i];
    if (!x) return UINT32_MAX;
    if (*(const uint64_t *)((const char *)recs + (size_t)(x - 1) * stride) == key) return x - 1;
  }
}

static int hb_insert(hb_map *m, uint64_t key, uint32_t idx, uint32_t count, const void *recs,
                     size_t stride) {
  if ((size_t)(count + 1) * 2 > m->cap) {
    size_t cap = m->cap ? m->cap * 2 : 64;
    uint32_t *t = calloc(cap, sizeof *t);
    if (!t) return -1;
    for (uint32_t r = 0; r < count; r++) {
      if (r == idx) continue;
      uint64_t k = *(const uint64_t *)((const char *)recs + (size_t)r * stride);
      size_t i = hb_hash(k, cap);
      while (t[i]) i = (i + 1) & (cap - 1);
      t[i] = r + 1;
    }
    free(m->t);
    m->t = t, m->cap = cap;
  }
  size_t i = hb_hash(key, m->cap);
  while (m->t[i]) i = (i + 1) & (m->cap - 1);
  m->t[i] = idx + 1;
  return 0;
}

static uint64_t hb_key(uint32_t group, uint32_t item) {
  return (uint64_t)group << 32 | item;
}

static hb_item *hb_item_find(const sim_hb *h, uint32_t group, uint32_t item) {
  uint32_t i = hb_find(&h->imap, hb_key(group, item), h->items, sizeof *h->items);
  return i == UINT32_MAX ? NULL : &h->items[i];
}

/* The item's state, made (and listed in its slot) on its first synchronisation. */
static hb_item *hb_item_get(sim_hb *h, uint32_t slot, uint32_t group, uint32_t item) {
  hb_item *it = hb_item_find(h, group, item);
  if (it) return it;
  if (h->nitems == h->capitems) {
    uint32_t cap = h->capitems ? h->capitems * 2 : 64;
    hb_item *n = realloc(h->items, (size_t)cap * sizeof *n);
    if (!n) return NULL;
    h->items = n, h->capitems = cap;
  }
  hb_slot *s = &h->slots[slot];
  if (s->n == s->cap) {
    uint32_t cap = s->cap ? s->cap * 2 : 16;
    uint32_t *n = realloc(s->members, (size_t)cap * sizeof *n);
    if (!n) return NULL;
    s->members = n, s->cap = cap;
  }
  uint32_t idx = h->nitems;
  it = &h->items[idx];
  memset(it, 0, sizeof *it);
  it->key = hb_key(group, item);
  it->clock = 1;
  it->slot = slot;
  if (hb_insert(&h->imap, it->key, idx, h->nitems + 1, h->items, sizeof *h->items)) return NULL;
  h->nitems++;
  s->members[s->n++] = idx;
  return it;
}

static hb_loc *hb_loc_get(sim_hb *h, uint64_t loc, int make) {
  uint32_t i = hb_find(&h->lmap, loc, h->locs, sizeof *h->locs);
  if (i != UINT32_MAX || !make) return i == UINT32_MAX ? NULL : &h->locs[i];
  if (h->nlocs == h->caplocs) {
    uint32_t cap = h->caplocs ? h->caplocs * 2 : 64;
    hb_loc *n = realloc(h->locs, (size_t)cap * sizeof *n);
    if (!n) return NULL;
    h->locs = n, h->caplocs = cap;
  }
  hb_loc *l = &h->locs[h->nlocs];
  memset(l, 0, sizeof *l);
  l->key = loc;
  if (hb_insert(&h->lmap, loc, h->nlocs, h->nlocs + 1, h->locs, sizeof *h->locs)) return NULL;
  h->nlocs++;
  return l;
}

/* ---- set-up --------------------------------------------------------------------- */
sim_hb *sim_hb_create(uint32_t nslots, uint32_t wave_size, size_t max_entries) {
  sim_hb *h = calloc(1, sizeof *h);
  if (!h) return NULL;
  h->nslots = nslots ? nslots : 1;
  h->wave = wave_size ? wave_size : 1;
  h->max_entries = max_entries;
  h->slots = calloc(h->nslots, sizeof *h->slots);
  if (!h->slots) return sim_hb_destroy(h), NULL;
  return h;
}

void sim_hb_destroy(sim_hb *h) {
  if (!h) return;
  for (uint32_t s = 0; h->slots && s < h->nslots; s++) {
    free(h->slots[s].gvc.e);
    free(h->slots[s].members);
  }
  for (uint32_t i = 0; i < h->nitems; i++) {
    free(h->items[i].vc.e);
    free(h->items[i].fvc.e);
    free(h->items[i].pend.e);
  }
  for (uint32_t i = 0; i < h->nlocs; i++) free(h->locs[i].vc.e);
  free(h->slots);
  free(h->items);
  free(h->locs);
  free(h->imap.t);
  free(h->lmap.t);
  free(h->tmp.e);
  free(h->snap.e);
  free(h);
}

size_t sim_hb_entries(const sim_hb *h) {
  return h ? h->entries : 0;
}

int sim_hb_full(const sim_hb *h) {
  return h && h->full;
}

void sim_hb_group(sim_hb *h, uint32_t slot, uint32_t group) {
  (void)group;
  hb_slot *s = &h->slots[slot];
  h->entries -= s->gvc.n;
  s->gvc.n = 0;
  /* the group that ran here has ended: its items access nothing more, so
   * what they acquired is not needed (others' clocks name them by key) */
  for (uint32_t m = 0; m < s->n; m++) {
    hb_item *it = &h->items[s->members[m]];
    h->entries -= it->vc.n + it->fvc.n + it->pend.n;
    free(it->vc.e), free(it->fvc.e), free(it->pend.e);
    memset(&it->vc, 0, sizeof it->vc), memset(&it->fvc, 0, sizeof it->fvc);
    memset(&it->pend, 0, sizeof it->pend);
    it->fence = 0, it->pend_need = 0;
  }
  s->n = 0;
}

int sim_hb_barrier(sim_hb *h, uint32_t slot) {
  hb_slot *s = &h->slots[slot];
  for (uint32_t m = 0; m < s->n; m++) {
    hb_item *it = &h->items[s->members[m]];
    if (hb_join(h, &s->gvc, &it->vc, 1) || hb_set(h, &s->gvc, it->key, it->clock, 1)) return -1;
  }
  /* accesses after the barrier are not ordered before the others' by it */
  for (uint32_t m = 0; m < s->n; m++) h->items[s->members[m]].clock++;
  return 0;
}

/* ---- queries -------------------------------------------------------------------- */
uint32_t sim_hb_clock(const sim_hb *h, uint32_t group, uint32_t item) {
  const hb_item *it = hb_item_find(h, group, item);
  return it ? it->clock : 1;
}

int sim_hb_before(const sim_hb *h, uint32_t slot, uint32_t group, uint32_t item, uint32_t og,
                  uint32_t oi, uint32_t ot, uint32_t obar) {
  const hb_item *it = hb_item_find(h, group, item);
  const hb_vc *g = &h->slots[slot].gvc;
  if (!it && !g->n) return 0;
  uint64_t k = hb_key(og, oi), gk = hb_key(og, HB_GROUP);
  uint32_t c = hb_get(g, k), b = obar == UINT32_MAX ? 0 : hb_get(g, gk);
  if (it) {
    uint32_t c2 = hb_get(&it->vc, k), b2 = obar == UINT32_MAX ? 0 : hb_get(&it->vc, gk);
    if (c2 > c) c = c2;
    if (b2 > b) b = b2;
  }
  return (ot && c >= ot) || (obar != UINT32_MAX && obar < b);
}

/* ---- synchronisation ------------------------------------------------------------ */
static isa_scope hb_scope(uint8_t sync) {
  isa_scope s = ISA_SYNC_SCOPE_OF(sync);
  return s == ISA_SCOPE_NONE || s >= ISA_SCOPE_COUNT ? ISA_SCOPE_DEVICE : s;
}

/* The narrowest scope that holds item (group, item) and every releaser of l. */
static isa_scope hb_need(const sim_hb *h, const hb_loc *l, uint32_t group, uint32_t item) {
  if (l->group != group) return ISA_SCOPE_DEVICE;
  if (l->wave != item / h->wave) return ISA_SCOPE_GROUP;
  return ISA_SCOPE_SUBGROUP;
}

/* What a release by `it` publishes: what it acquired, what its group's
 * barriers gave it, its own clock and its group's barrier count. */
static int hb_snapshot(sim_hb *h, hb_item *it, uint32_t bar) {
  h->snap.n = 0;
  if (hb_join(h, &h->snap, &it->vc, 0) || hb_join(h, &h->snap, &h->slots[it->slot].gvc, 0) ||
      hb_set(h, &h->snap, it->key, it->clock, 0))
    return -1;
  if (bar && hb_set(h, &h->snap, (it->key & ~(uint64_t)UINT32_MAX) | HB_GROUP, bar, 0)) return -1;
  return 0;
}

/* l takes the release `v` of item (group, item) at scope sc */
static int hb_publish(sim_hb *h, hb_loc *l, const hb_vc *v, isa_scope sc, uint32_t group,
                      uint32_t item) {
  if (hb_join(h, &l->vc, v, 1)) return -1;
  uint32_t wave = item / h->wave;
  if (!l->scope) {
    l->scope = (uint8_t)sc, l->group = group, l->wave = wave;
    return 0;
  }
  if (sc < l->scope) l->scope = (uint8_t)sc;
  if (l->group != group) l->group = HB_MIXED;
  if (l->wave != wave || l->group == HB_MIXED) l->wave = HB_MIXED;
  return 0;
}

int sim_hb_atomic(sim_hb *h, uint32_t slot, uint32_t group, uint32_t item, uint64_t loc,
                  uint8_t sync, int writes, uint32_t bar) {
  unsigned order = sync & (ISA_SYNC_ACQ | ISA_SYNC_REL);
  isa_scope sc = hb_scope(sync);
  hb_loc *l = hb_loc_get(h, loc, 0);
  hb_item *it = hb_item_find(h, group, item);
  /* the read: an acquire takes the release sequence's clock when both
   * scopes hold both sides; a relaxed read keeps it for an acquire fence */
  if (l && l->scope) {
    isa_scope need = hb_need(h, l, group, item), have = sc < l->scope ? sc : (isa_scope)l->scope;
    if (have >= need) {
      if (!it && !(it = hb_item_get(h, slot, group, item))) return -1;
      if (order & ISA_SYNC_ACQ) {
        if (hb_join(h, &it->vc, &l->vc, 1)) return -1;
      } else {
        if (hb_join(h, &it->pend, &l->vc, 1)) return -1;
        if (need > it->pend_need) it->pend_need = (uint8_t)need;
      }
    }
  }
  if (!writes) return 0;
  /* the store: a release (or one after a release fence) joins the
   * location's release sequence; a relaxed read-modify-write continues it
   * (every atomic store here is an exchange) */
  if (order & ISA_SYNC_REL) {
    if (!it && !(it = hb_item_get(h, slot, group, item))) return -1;
    if (!l && !(l = hb_loc_get(h, loc, 1))) return -1;
    if (hb_snapshot(h, it, bar) || hb_publish(h, l, &h->snap, sc, group, item)) return -1;
    it->clock++;
  } else if (it && it->fence) {
    if (!l && !(l = hb_loc_get(h, loc, 1))) return -1;
    isa_scope fs = (isa_scope)it->fence_scope < sc ? (isa_scope)it->fence_scope : sc;
    if (hb_publish(h, l, &it->fvc, fs, group, item)) return -1;
  }
  return 0;
}

int sim_hb_fence(sim_hb *h, uint32_t slot, uint32_t group, uint32_t item, uint8_t sync,
                 uint32_t bar) {
  isa_scope sc = hb_scope(sync);
  hb_item *it = hb_item_find(h, group, item);
  if ((sync & ISA_SYNC_ACQ) && it && it->pend_need && sc >= it->pend_need &&
      hb_join(h, &it->vc, &it->pend, 1))
    return -1;
  if (sync & ISA_SYNC_REL) {
    if (!it && !(it = hb_item_get(h, slot, group, item))) return -1;
    if (hb_snapshot(h, it, bar)) return -1;
    size_t before = it->fvc.n;
    it->fvc.n = 0;
    h->entries -= before;
    if (hb_join(h, &it->fvc, &h->snap, 1)) return -1;
    it->fence = 1, it->fence_scope = (uint8_t)sc;
    it->clock++;
  }
  return 0;
}
