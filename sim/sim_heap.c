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

/* The hole at i moves down until x fits: the smaller child moves up into it. */
static void sim_heap_sift_down(sim_heap *h, size_t i, sim_hent x) {
  size_t n = h->n;
  for (;;) {
    size_t l = 2 * i + 1;
    if (l >= n) break;
    if (l + 1 < n && sim_hless(&h->e[l + 1], &h->e[l])) l++;
    if (!sim_hless(&h->e[l], &x)) break;
    h->e[i] = h->e[l];
    i = l;
  }
  h->e[i] = x;
}

sim_hent sim_heap_pop(sim_heap *h) {
  sim_hent top = h->e[0];
  sim_hent x = h->e[--h->n];
  if (h->n) sim_heap_sift_down(h, 0, x);
  return top;
}

int sim_heap_delay(sim_heap *h, uint32_t id, uint64_t t, uint32_t to) {
  for (size_t i = 0; id && i < h->n; i++) {
    if (h->e[i].id != id) continue;
    if (t < h->e[i].t) t = h->e[i].t; /* never earlier */
    h->e[i] = (sim_hent){t, to};
    while (i && sim_hless(&h->e[i], &h->e[(i - 1) / 2])) { /* a smaller id at an equal t */
      sim_hent x = h->e[i];
      h->e[i] = h->e[(i - 1) / 2];
      h->e[(i - 1) / 2] = x;
      i = (i - 1) / 2;
    }
    sim_heap_sift_down(h, i, h->e[i]);
    return 1;
  }
  return 0;
}
