/* The modeled device's public face: memory, kernel launches (timed or
 * functional only), and the statistics of each launch. */
#ifndef WAVESIM_SIM_H
#define WAVESIM_SIM_H

#include <stddef.h>
#include <stdint.h>

#include "cfg.h"
#include "isa.h"
#include "sim_check.h"
#include "stats.h"

typedef struct sim_device sim_device;
struct trace_writer; /* traces/trace.h */

/* The device keeps its own copy of the config. err gets what went wrong. */
sim_device *sim_device_create(const cfg_device *cfg, char *err, size_t errlen);
void sim_device_destroy(sim_device *d);
const cfg_device *sim_device_config(const sim_device *d);

/* Device memory. Allocation returns a device address (never 0), or 0 when
 * the device memory size from the config is exhausted. With host_ptr set the
 * buffer's bytes live in the user's memory (CL_MEM_USE_HOST_PTR): kernels
 * read and write it in place. */
uint64_t sim_mem_alloc(sim_device *d, uint64_t size, void *host_ptr);
void sim_mem_free(sim_device *d, uint64_t addr);
/* Host pointer to device bytes [addr, addr+size), NULL if not inside one buffer. */
void *sim_mem_host(sim_device *d, uint64_t addr, uint64_t size);

/* A transfer wrote device bytes [addr, addr+size) between launches (host
 * write, copy, fill): the L2 keeps what l2.host_write_bytes says of it. */
void sim_mem_wrote(sim_device *d, uint64_t addr, uint64_t size);

/* The (kernel, source line) pairs whose out-of-bounds accesses were
 * reported already (sim_launch.oob_seen): each is reported once. */
typedef struct sim_oob_seen {
  struct sim_oob_key {
    const void *kernel; /* the isa_kernel */
    uint32_t line;      /* its source line, or 0x80000000 | pc without one */
  } * keys;
  size_t n, cap;
} sim_oob_seen;
void sim_oob_seen_fini(sim_oob_seen *s);

typedef struct sim_launch {
  const isa_kernel *kernel;
  const uint8_t *kernarg; /* kernel->kernarg_bytes bytes, laid out by the runtime */
  uint32_t dyn_lds_bytes; /* __local pointer arguments, after kernel->lds_bytes */
  uint32_t work_dim;
  uint64_t global_size[3];
  uint64_t local_size[3]; /* never 0: the runtime picks one when the user did not */
  uint64_t global_offset[3];
  int queued;             /* submitted while the device was busy: launch_overhead_queued_cycles */
  int functional_only;    /* skip the timing model: results, counts, and an issue-bound
                            cycle estimate (see sim_launch.c) */
  int sample;             /* timing mode: time a sample of a large launch's work-groups in
                            detail, fast-forward the rest (sim_sample.h, sample.* keys) */
  uint32_t checks;        /* SIM_CHECK_* bits (sim_check.h): races, uninitialised reads,
                             out-of-bounds faults; 0 off */
  sim_oob_seen *oob_seen; /* caller-owned, kept across launches so each out-of-bounds
                             (kernel, line) is reported once; NULL: once per launch */
  struct trace_writer *trace; /* timing mode: record work-group, wave and barrier lifetimes
                                 between the caller's trace_launch_begin/end; NULL: off */
  int progress;               /* a progress line on stderr when it is a terminal
                                 (sim_progress.h); 0 off */
  double progress_after;      /* seconds into the launch before that line appears */
  uint32_t threads;           /* timing mode: host threads that simulate the compute units
                                 (0 or 1: the caller's alone); the results are the same for
                                 any count (sim_timing.c) */
} sim_launch;

typedef enum sim_status {
  SIM_OK = 0,
  SIM_FAULT,     /* kernel fault: message names kernel, work-item, source line */
  SIM_BAD_LAUNCH,/* resources exceed the device (e.g. LDS): message says which */
} sim_status;

/* Run one launch to completion. Fills stats (also on fault, partially). */
sim_status sim_run(sim_device *d, const sim_launch *l, sim_stats *stats, char *err, size_t errlen);

/* The fixed cycles launch l costs on a device configured by cfg (idle or
 * queued behind earlier work). */
uint64_t sim_launch_overhead(const cfg_device *cfg, const sim_launch *l);

/* ---- occupancy (sim_launch.c) --------------------------------------------------
 * Exported for `wavesim compile`, which reports what a launch would get. */
typedef struct sim_occupancy {
  uint32_t waves_per_wg;
  uint32_t vgprs_alloc, sgprs_alloc, lds_alloc; /* after granularity */
  uint32_t waves_per_simd;                      /* min(slots, vgpr limit, sgpr limit) */
  uint32_t wgs_per_cu;                          /* min over all limits */
  uint32_t limit[5];                            /* work-groups per CU allowed by each limiter */
  const char *limiter;                          /* name of the binding limit */
} sim_occupancy;

enum { SIM_LIM_WAVE_SLOTS, SIM_LIM_VGPRS, SIM_LIM_SGPRS, SIM_LIM_LDS, SIM_LIM_WORKGROUPS };
/* The name of limit `which` (SIM_LIM_*) as sim_occupancy.limiter and the
 * statistics' `limiter` column give it; NULL past the last. */
const char *sim_limiter_name(unsigned which);

/* Occupancy of a work-group of `wg_items` work-items using the given
 * resources. Returns 0, or -1 with the reason the work-group cannot run at
 * all (SIM_BAD_LAUNCH). */
int sim_occupancy_compute(const cfg_device *c, uint64_t wg_items, uint32_t vgprs, uint32_t sgprs,
                          uint32_t lds_bytes, sim_occupancy *o, char *err, size_t errlen);

#endif
