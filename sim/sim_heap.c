/* The min-heap of sim_res.h: binary, array-backed, ordered by (t, id). */
#include <stdlib.h>

#include "sim_res.h"

/* (t, id) as one 96-bit number: a compare without branches, which the
 * event loop's unpredictable orders made expensive. */
static inline int sim_hless(const sim_hent *a, const sim_hent *b) {
  return ((unsigned __int128)a->t << 32 | a->id) < ((unsigned __int128)b->t << 32 | b->id);
}

int sim_heap_init(sim_heap *h, size_t cap) {
  h->n = 0;
  h->cap = cap;
  h->e = cap ? malloc(cap * sizeof *h->e) : NULL;
  return cap && !h->e ? -1 : 0;
}

void sim_heap_fini(sim_heap *h) {
  free(h->e);
  h->e = NULL;
  h->n = h->cap = 0;
}

/* Both sifts move a hole instead of swapping: one store per level. Any
 * correct heap pops the same sequence (entries equal in (t, id) are
 * indistinguishable), so the layout's details cannot change a cycle. */
int sim_heap_push(sim_heap *h, uint64_t t, uint32_t id) {
  if (h->n == h->cap) {
    size_t cap = h->cap ? h->cap * 2 : 256;
    sim_hent *e = realloc(h->e, cap * sizeof *e);
    if (!e) return -1;
    h->e = e, h->cap = cap;
  }
  sim_hent x = {t, id};
  size_t i = h->n++;
  while (i && sim_hless(&x, &h->e[(i - 1) / 2])) { /* sift up */
    h->e[i] = h->e[(i - 1) / 2];
    i = (i - 1) / 2;
  }
  h->e[i] = x;
  return 0;
}

sim_hent sim_heap_pop(sim_heap *h) {
  sim_hent top = h->e[0];
  sim_hent x = h->e[--h->n];
  size_t n = h->n, i = 0;
  for (;;) { /* sift down: the smaller child moves up into the hole */
    size_t l = 2 * i + 1;
    if (l >= n) break;
    if (l + 1 < n && sim_hless(&h->e[l + 1], &h->e[l])) l++;
    if (!sim_hless(&h->e[l], &x)) break;
    h->e[i] = h->e[l];
    i = l;
  }
  if (n) h->e[i] = x;
  return top;
}
