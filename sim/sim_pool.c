/* The host thread pool of sim_pool.h. A job is published by bumping a
 * generation number; workers wait for it spinning briefly (a quantum's job
 * is often tens of microseconds, shorter than a sleep and wake-up) and then
 * on a condition variable, so idle workers cost no CPU. Items are handed
 * out by an atomic counter. */
#include "sim_pool.h"

#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <unistd.h>

/* Polls of a shared word before a worker or the caller blocks. */
#define SIM_POOL_SPIN 4000

struct sim_pool {
  uint32_t n;
  pthread_t *th;
  pthread_mutex_t mu;
  pthread_cond_t go, done;
  /* the job: generation, function, context, items */
  atomic_uint gen;
  sim_pool_fn fn;
  void *ctx;
  uint32_t count;
  atomic_uint next;    /* the next item to hand out */
  atomic_uint working; /* threads still inside the current job */
  atomic_int quit;
  int sleeping_caller; /* guarded by mu */
};

typedef struct sim_pool_arg {
  sim_pool *p;
  uint32_t worker;
} sim_pool_arg;

static inline void sim_pool_relax(void) {
#if defined(__x86_64__) || defined(__i386__)
  __builtin_ia32_pause();
#endif
}

static void sim_pool_items(sim_pool *p, uint32_t worker) {
  for (;;) {
    uint32_t i = atomic_fetch_add_explicit(&p->next, 1, memory_order_relaxed);
    if (i >= p->count) return;
    p->fn(p->ctx, i, worker);
  }
}

static void *sim_pool_main(void *v) {
  sim_pool_arg a = *(sim_pool_arg *)v;
  free(v);
  sim_pool *p = a.p;
  unsigned seen = 0;
  for (;;) {
    unsigned g;
    int spins = 0;
    while ((g = atomic_load_explicit(&p->gen, memory_order_acquire)) == seen &&
           !atomic_load(&p->quit)) {
      if (++spins < SIM_POOL_SPIN) {
        sim_pool_relax();
        continue;
      }
      pthread_mutex_lock(&p->mu);
      while (atomic_load(&p->gen) == seen && !atomic_load(&p->quit))
        pthread_cond_wait(&p->go, &p->mu);
      pthread_mutex_unlock(&p->mu);
    }
    if (atomic_load(&p->quit)) return NULL;
    seen = g;
    sim_pool_items(p, a.worker);
    if (atomic_fetch_sub_explicit(&p->working, 1, memory_order_acq_rel) == 1) {
      pthread_mutex_lock(&p->mu);
      if (p->sleeping_caller) pthread_cond_signal(&p->done);
      pthread_mutex_unlock(&p->mu);
    }
  }
}

uint32_t sim_pool_host_cores(void) {
  long n = sysconf(_SC_NPROCESSORS_ONLN);
  return n > 0 ? (uint32_t)n : 1;
}

sim_pool *sim_pool_new(uint32_t n) {
  if (n < 2) return NULL;
  sim_pool *p = calloc(1, sizeof *p);
  if (!p) return NULL;
  p->th = calloc(n - 1, sizeof *p->th);
  if (!p->th || pthread_mutex_init(&p->mu, NULL) != 0) {
    free(p->th);
    free(p);
    return NULL;
  }
  pthread_cond_init(&p->go, NULL);
  pthread_cond_init(&p->done, NULL);
  atomic_init(&p->gen, 0);
  atomic_init(&p->next, 0);
  atomic_init(&p->working, 0);
  atomic_init(&p->quit, 0);
  p->n = 1;
  for (uint32_t i = 1; i < n; i++) {
    sim_pool_arg *a = malloc(sizeof *a);
    if (!a) break;
    *a = (sim_pool_arg){p, i};
    if (pthread_create(&p->th[i - 1], NULL, sim_pool_main, a) != 0) {
      free(a);
      break;
    }
    p->n++;
  }
  if (p->n < 2) { /* no thread could start: run alone */
    sim_pool_free(p);
    return NULL;
  }
  return p;
}

void sim_pool_free(sim_pool *p) {
  if (!p) return;
  pthread_mutex_lock(&p->mu);
  atomic_store(&p->quit, 1);
  pthread_cond_broadcast(&p->go);
  pthread_mutex_unlock(&p->mu);
  for (uint32_t i = 1; i < p->n; i++) pthread_join(p->th[i - 1], NULL);
  pthread_cond_destroy(&p->go);
  pthread_cond_destroy(&p->done);
  pthread_mutex_destroy(&p->mu);
  free(p->th);
  free(p);
}

uint32_t sim_pool_size(const sim_pool *p) {
  return p ? p->n : 1;
}

void sim_pool_run(sim_pool *p, sim_pool_fn fn, void *ctx, uint32_t count) {
  if (!p) {
    for (uint32_t i = 0; i < count; i++) fn(ctx, i, 0);
    return;
  }
  p->fn = fn;
  p->ctx = ctx;
  p->count = count;
  atomic_store_explicit(&p->next, 0, memory_order_relaxed);
  atomic_store_explicit(&p->working, p->n - 1, memory_order_relaxed);
  pthread_mutex_lock(&p->mu);
  atomic_fetch_add_explicit(&p->gen, 1, memory_order_release);
  pthread_cond_broadcast(&p->go);
  pthread_mutex_unlock(&p->mu);
  sim_pool_items(p, 0);
  int spins = 0;
  while (atomic_load_explicit(&p->working, memory_order_acquire) != 0) {
    if (++spins < SIM_POOL_SPIN) {
      sim_pool_relax();
      continue;
    }
    pthread_mutex_lock(&p->mu);
    p->sleeping_caller = 1;
    while (atomic_load(&p->working) != 0) pthread_cond_wait(&p->done, &p->mu);
    p->sleeping_caller = 0;
    pthread_mutex_unlock(&p->mu);
  }
}
