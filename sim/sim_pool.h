/* A pool of host threads that runs the items of a job (the compute units
 * of one quantum, sim_timing.c) and returns when every item is done. The
 * caller is worker 0 and takes items too; workers take the next item in
 * turn, so which thread runs an item varies from run to run: what an item
 * does must depend only on the item (each CU touches only its own state)
 * and on per-worker scratch whose contents are combined order-free
 * (integer sums). That is what keeps results identical for any count. */
#ifndef WAVESIM_SIM_POOL_H
#define WAVESIM_SIM_POOL_H

#include <stdint.h>

typedef struct sim_pool sim_pool;

/* Runs item `item` of the job on worker `worker` (0 .. size - 1). */
typedef void (*sim_pool_fn)(void *ctx, uint32_t item, uint32_t worker);

/* A pool of n workers (the caller and n - 1 threads). NULL when n < 2 or
 * the threads cannot be made: the caller then runs jobs alone. */
sim_pool *sim_pool_new(uint32_t n);
void sim_pool_free(sim_pool *p);
/* Workers, the caller included (1 for NULL). */
uint32_t sim_pool_size(const sim_pool *p);
/* fn(ctx, i, worker) for every i in [0, count); returns when all are done
 * (p NULL: in order on the caller). */
void sim_pool_run(sim_pool *p, sim_pool_fn fn, void *ctx, uint32_t count);

/* The host's online processors (at least 1): the default thread count. */
uint32_t sim_pool_host_cores(void);

#endif
