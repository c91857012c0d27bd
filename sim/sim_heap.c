/* The min-heap of sim_res.h: binary, array-backed, ordered by (t, id). */
#include <stdlib.h>

#include "sim_res.h"

static int sim_hless(const sim_hent *a, const sim_hent *b) {
  return a->t < b->t || (a->t == b->t && a->id < b->id);
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

int sim_heap_push(sim_heap *h, uint64_t t, uint32_t id) {
  if (h->n == h->cap) {
    size_t cap = h->cap ? h->cap * 2 : 256;
    sim_hent *e = realloc(h->e, cap * sizeof *e);
    if (!e) return -1;
    h->e = e, h->cap = cap;
  }
  size_t i = h->n++;
  h->e[i] = (sim_hent){t, id};
  while (i && sim_hless(&h->e[i], &h->e[(i - 1) / 2])) { /* sift up */
    sim_hent x = h->e[i];
    h->e[i] = h->e[(i - 1) / 2];
    h->e[(i - 1) / 2] = x;
    i = (i - 1) / 2;
  }
  return 0;
}

static void sim_heap_sift_down(sim_heap *h, size_t i) {
  for (;;) {
    size_t l = 2 * i + 1, r = l + 1, m = i;
    if (l < h->n && sim_hless(&h->e[l], &h->e[m])) m = l;
    if (r < h->n && sim_hless(&h->e[r], &h->e[m])) m = r;
    if (m == i) break;
    sim_hent x = h->e[i];
    h->e[i] = h->e[m];
    h->e[m] = x;
    i = m;
  }
}

sim_hent sim_heap_pop(sim_heap *h) {
  sim_hent top = h->e[0];
  h->e[0] = h->e[--h->n];
  sim_heap_sift_down(h, 0);
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
    sim_heap_sift_down(h, i);
    return 1;
  }
  return 0;
}
