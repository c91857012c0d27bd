/* Internal to sim/: the device struct, device memory, caches, the memory
 * hierarchy, occupancy and the launch context shared by both executors. */
#ifndef WAVESIM_SIM_INTERNAL_H
#define WAVESIM_SIM_INTERNAL_H

#include <stddef.h>
#include <stdint.h>

#include "sim.h"
#include "sim_watchdog.h"

#define SIM_MEM_BASE 0x100000000ull        /* first device address: never 0, above 32 bits */
#define SIM_MEM_ALIGN 256u                 /* allocation alignment */
#define SIM_MEM_GUARD 4096u                /* unmapped bytes between buffers: overruns fault */
#define SIM_SCRATCH_BASE 0x7f0000000000ull /* private memory lives in its own range */
#define SIM_NEVER UINT64_MAX
#define SIM_LDS_MAX_BANKS 128u /* lds.banks maximum (cfg_schema.def): per-bank counters */

/* ---- caches ----------------------------------------------------------------
 * A set-associative tag array with true LRU. Each line keeps which of its
 * sectors hold data (`valid`, bit i = sector i; one bit for an unsectored
 * line), which are dirty, and the cycle its latest fill arrives (`ready`),
 * so a hit on sectors still being filled waits for the fill: the effect of
 * merging requests into an in-flight miss (MSHR merge). */
typedef struct sim_cache {
  uint32_t nsets, assoc, line_shift;
  uint32_t ways; /* ways in use (<= assoc): a unified L1 gives the rest to shared memory */
  uint64_t rng;  /* nonzero: replace a pseudo-random valid way (xorshift state), not the LRU one */
  uint32_t hash_shift;     /* nonzero: the set is the line number xor-folded in steps of this
                            * many bits, modulo nsets (sim_cache_hash_sets); 0: line % nsets */
  uint64_t *tag;           /* nsets*assoc: line number + 1; 0 is invalid */
  uint64_t *stamp;         /* last use, for LRU */
  uint64_t *ready;         /* cycle the line's latest fill lands */
  uint64_t *valid, *dirty; /* sector masks */
  uint64_t clock;          /* use counter driving the stamps */
} sim_cache;

typedef struct sim_cache_ref {
  int hit;         /* the tag was present (its sectors may not all be) */
  uint64_t *ready; /* the line's fields (hit or newly installed); NULL: not cached */
  uint64_t *valid, *dirty;
  uint64_t victim_dirty; /* dirty sectors of the evicted line (0: nothing to write back) */
  uint64_t victim_addr;
} sim_cache_ref;

/* bytes 0 disables the cache: every access misses and nothing is kept. */
int sim_cache_init(sim_cache *c, uint64_t bytes, uint32_t line, uint32_t assoc);
void sim_cache_fini(sim_cache *c);
/* Look up addr; on a miss with `allocate`, install the line with no valid
 * sectors (evicting the least recently used way). The caller sets sectors
 * valid/dirty through the ref. */
void sim_cache_access(sim_cache *c, uint64_t addr, int allocate, sim_cache_ref *r);
int sim_cache_probe(const sim_cache *c, uint64_t addr);
void sim_cache_invalidate_all(sim_cache *c);
/* Drops sectors `mask` of the line at addr if it is cached (clean copies only:
 * their dirty bits go too). */
void sim_cache_drop(sim_cache *c, uint64_t addr, uint64_t mask);
void sim_cache_set_ways(sim_cache *c, uint32_t ways);
/* Index sets by a hash of the line number (xor of its index-sized bit
 * fields) instead of its low bits, so power-of-two strides spread over all
 * sets instead of a few (what real GPU L1s do: strided columns do not
 * thrash them). Call on an empty cache. */
void sim_cache_hash_sets(sim_cache *c);

/* ---- the memory hierarchy (timing only) ------------------------------------
 * Every resource is a "free at" time: a request takes it at max(arrival,
 * free) and pushes it on by its occupancy, so nothing ticks per cycle and a
 * request costs O(1) (MSHRs: O(log mshrs)). Requests arrive in issue order,
 * which the timing model's event heap keeps nondecreasing in time. */
enum { SIM_L2_READ, SIM_L2_WRITE, SIM_L2_WRITE_PARTIAL, SIM_L2_ATOMIC };

typedef struct sim_memsys {
  const cfg_device *cfg;
  uint32_t ncu;
  sim_cache *l1, *scache; /* per CU */
  sim_cache *l2;          /* one tag array per partition; slices split only its bandwidth */
  uint32_t nparts;        /* l2.partitions */
  uint64_t *l1_port_free; /* per CU: when its memory pipeline takes the next line */
  uint64_t *lds_free;     /* per CU: when its LDS takes the next pass */
  /* L1 */
  uint32_t l1_line, l1_sector, l1_bpc, l1_write_back;
  uint64_t *cov; /* l2.partial_write_fill: per coalesced line and sector, the bytes a store
                  * writes (ISA_MAX_WAVE * 2 lines x line/sector); NULL: not tracked */
  /* l1.write_combine_lines (sim_wcb.c): per CU nwcb entries of a line address + 1 (0: free),
   * its insertion order and per sector the bytes written; nwcb 0: off */
  uint32_t nwcb;
  uint64_t *wcb_line, *wcb_seq, *wcb_cov, *wcb_clock;
  uint32_t nmshr;   /* per CU; 0 = unlimited */
  uint64_t *mshr;   /* ncu * nmshr release cycles, one min-heap per CU */
  uint32_t *mshr_n; /* entries in each heap */
  /* interconnect: one link per CU */
  /* each CU's link to the L2, one "free at" per direction: fills back
   * (noc_free) and written data out (noc_wr_free) */
  double *noc_free, *noc_wr_free, noc_cycles_per_byte; /* 0: unlimited */
  /* L2 */
  uint32_t l2_line, l2_sector, nslices, slice_bits;
  double *slice_free, slice_cycles_per_byte, slice_write_cycles_per_byte;
  /* l2.fluid_slices: the issue time of the memory instruction being
   * simulated; a slice books no idle time before it (see sim_l2_slice_take) */
  uint64_t now;
  uint64_t *slice_reqs; /* requests per slice this launch */
  /* L2 atomic units (sim_atomic.c): address granules hashed onto them */
  uint32_t nunits, unit_granule;
  double *unit_free;
  /* DRAM */
  uint32_t nchan, nbanks, row_open_policy;
  double *chan_free, chan_cycles_per_byte;
  double write_backlog; /* dram.write_queue as cycles of a channel's queue; 0: unbounded */
  double *wq_free;      /* per channel: when its queued writes would have drained */
  double *bank_free;    /* nchan * nbanks */
  uint64_t *open_row;   /* nchan * nbanks: row + 1, 0 = none open */
  /* controller queueing (dram.queue_cycles; sim_dram.c): per channel the
   * current sub-window's index, a ring of the transfer cycles that arrived
   * in it and in the SIM_DRAM_WIN_SUB before, and their utilization */
  uint64_t *win_idx;
  double *win_busy, *win_rho; /* win_busy: nchan * (SIM_DRAM_WIN_SUB + 1) */
} sim_memsys;

/* dram.queue_window is measured as a moving sum of this many sub-windows,
 * so the utilization moves smoothly instead of jumping once a window */
#define SIM_DRAM_WIN_SUB 8u

int sim_memsys_init(sim_memsys *m, const cfg_device *cfg, char *err, size_t errlen);
void sim_memsys_fini(sim_memsys *m);
/* Launch start: queues drain and DRAM rows close (the device was idle),
 * cache contents stay. */
void sim_memsys_reset_queues(sim_memsys *m);
/* l1/scache.invalidate_on_launch: empties those caches (after the launch's
 * L1 carve-out is set) */
void sim_memsys_launch_invalidate(sim_memsys *m, sim_stats *st);

/* The unique `line`-byte lines the active lanes touch, in first-touch
 * order, and per line the mask of `sector`-byte sectors touched (sector ==
 * line: one bit). Returns the count (at most ISA_MAX_WAVE * 2). */
uint32_t sim_coalesce(const isa_access *a, uint32_t line, uint32_t sector, uint64_t *lines,
                      uint64_t *masks);
/* For the n lines sim_coalesce found, the sectors (of at most 64 bytes) the
 * active lanes write only in part, into partial[]; cov is scratch of
 * n * line / sector words. */
void sim_coalesce_partial(const isa_access *a, uint32_t line, uint32_t sector,
                          const uint64_t *lines, uint32_t n, uint64_t *cov, uint64_t *partial);

/* A vector (global or scratch) access issued by CU `cu` at `now`. Returns
 * the cycle its last line completes; counts hits, misses, sectors, DRAM
 * bytes and the coalesced line requests (*nreq). */
uint64_t sim_mem_vector(sim_memsys *m, uint32_t cu, uint64_t now, const isa_access *a,
                        sim_stats *st, uint32_t *nreq);
/* Sends the sectors of the L1 line at addr that a store writes whole
 * (`whole`) and in part (`part`) over CU cu's link to the L2 at t; returns
 * the acknowledgement. */
uint64_t sim_store_send(sim_memsys *m, uint32_t cu, uint64_t addr, uint64_t whole, uint64_t part,
                        uint64_t t, sim_stats *st);
/* sim_wcb.c: the write-combining buffer (m->nwcb entries per CU). */
int sim_wcb_init(sim_memsys *m);
void sim_wcb_fini(sim_memsys *m);
/* A store of the L1 line at addr whose bytes per sector are cov[] (line /
 * sector words), at t: merged into the CU's buffer or sent; returns its
 * acknowledgement (for a buffered one, when it would come were the line
 * sent now: l1.latency + l2.latency). */
uint64_t sim_wcb_store(sim_memsys *m, uint32_t cu, uint64_t addr, const uint64_t *cov, uint64_t t,
                       sim_stats *st);
/* Launch end: every CU's buffered lines go to the L2 at t; returns the last
 * acknowledgement (t when the buffers were empty). */
uint64_t sim_wcb_flush(sim_memsys *m, uint64_t t, sim_stats *st);
/* A scalar load through the CU's scalar cache. */
uint64_t sim_mem_scalar(sim_memsys *m, uint32_t cu, uint64_t now, const isa_access *a,
                        sim_stats *st);

/* sim_l2.c: the slice an L2 line address maps to (xor-fold of its line
 * number, then modulo the slice count). */
uint32_t sim_l2_slice(const sim_memsys *m, uint64_t addr);
/* One request from compute unit `cu` for the L2 sectors `mask` of the line
 * at `addr`, arriving at cycle t: SIM_L2_READ (a fill), SIM_L2_WRITE (sectors written whole, no
 * fetch), SIM_L2_WRITE_PARTIAL (sectors written in part: a missing one is
 * fetched first under l2.partial_write_fill) or SIM_L2_ATOMIC (`steps` serialized atomic-unit steps
 * on the fetched line). Returns the cycle the data or acknowledgement is back. */
uint64_t sim_l2_request(sim_memsys *m, uint32_t cu, uint64_t addr, uint64_t mask, uint64_t t,
                        int kind, uint32_t steps, sim_stats *st);

/* sim_atomic.c: the L2 atomic-unit operations one instruction's lanes on the
 * line at line_addr need: per `sector`, lanes on distinct addresses share an
 * operation and lanes on one address take one each. *lanes gets the lanes on
 * the line. */
uint32_t sim_atomic_ops(const isa_access *a, uint64_t line_addr, uint32_t line, uint32_t sector,
                        uint32_t *lanes);
/* The host (or a copy engine) wrote [addr, addr + size) between launches:
 * lines the L2 holds are written in place and up to l2.host_write_bytes of
 * the others taken in at home, clean (sim_l2.c). A dirty line this evicts
 * went to DRAM during the transfer, outside any launch's counts. */
void sim_l2_host_write(sim_memsys *m, uint64_t addr, uint64_t size);

/* The atomic unit that serves addr (l2.atomic_units, l2.atomic_granule). */
uint32_t sim_atomic_unit(const sim_memsys *m, uint64_t addr);
/* LDS passes of an atomic: as sim_lds_passes, but lanes on one word take a
 * pass each unless `combine` (then they share one). */
uint32_t sim_lds_atomic_passes(const isa_access *a, uint32_t banks, uint32_t bank_width,
                               int combine, uint32_t *ideal);
/* Whether lds.atomic_combine applies to opcode op (the increments). */
int sim_lds_atomic_combinable(uint16_t op);

/* sim_dram.c: the channel, bank and row of a device address. */
void sim_dram_map(const sim_memsys *m, uint64_t addr, uint32_t *chan, uint32_t *bank,
                  uint64_t *row);
/* A DRAM transfer of `bytes` at addr (within one L2 line) requested at t.
 * Returns the (fractional) cycle its data has crossed the channel; counts
 * row hits and misses. */
double sim_dram_access(sim_memsys *m, uint64_t addr, uint32_t bytes, double t, sim_stats *st);

/* LDS passes an access needs: the most distinct bank words any one bank
 * serves (identical words broadcast when `broadcast`), at least 1 when any
 * lane is active. With phase_bytes (lds.phase_bytes; 0: none) a wave whose
 * lanes each ask for `size` bytes is served in groups of phase_bytes / size
 * consecutive lanes, one after another, each taking at least a pass.
 * *ideal gets the passes the bytes need without conflicts (at least one
 * per phase). */
uint32_t sim_lds_passes(const isa_access *a, uint32_t banks, uint32_t bank_width, int broadcast,
                        uint32_t phase_bytes, uint32_t *ideal);

/* ---- device memory ----------------------------------------------------------- */
typedef struct sim_buffer {
  uint64_t base, size;
  uint8_t *host;
  int owned; /* host bytes allocated by us (not USE_HOST_PTR) */
} sim_buffer;

struct sim_device {
  cfg_device cfg;
  sim_buffer *bufs; /* sorted by base; parallel to regions */
  isa_region *regions;
  uint32_t nbufs, cap;
  uint64_t next_addr, used_bytes;
  sim_memsys mem;
};

/* The buffer containing addr, or the one just below it (for fault hints); NULL if none. */
const sim_buffer *sim_mem_find(const sim_device *d, uint64_t addr, int *inside);

/* ---- occupancy ----------------------------------------------------------------- */
typedef struct sim_occupancy {
  uint32_t waves_per_wg;
  uint32_t vgprs_alloc, sgprs_alloc, lds_alloc; /* after granularity */
  uint32_t waves_per_simd;                      /* min(slots, vgpr limit, sgpr limit) */
  uint32_t wgs_per_cu;                          /* min over all limits */
  uint32_t limit[5];                            /* work-groups per CU allowed by each limiter */
  const char *limiter;                          /* name of the binding limit */
} sim_occupancy;

enum { SIM_LIM_WAVE_SLOTS, SIM_LIM_VGPRS, SIM_LIM_SGPRS, SIM_LIM_LDS, SIM_LIM_WORKGROUPS };

/* Occupancy of a work-group of `wg_items` work-items using the given
 * resources. Returns 0, or -1 with the reason the work-group cannot run at
 * all (SIM_BAD_LAUNCH). */
int sim_occupancy_compute(const cfg_device *c, uint64_t wg_items, uint32_t vgprs, uint32_t sgprs,
                          uint32_t lds_bytes, sim_occupancy *o, char *err, size_t errlen);

/* ---- a launch in progress (shared by sim_functional.c and sim_timing.c) ------ */
typedef struct sim_decoded {
  isa_regset rs;
  uint8_t unit;
  uint8_t noret; /* an atomic whose returned value no path reads (sim_atomic.c) */
  /* issue cycles on its port beyond the unit's own (cu.operand_ports): a
   * VALU op reading more registers than the ports, dependent on the
   * instruction before it */
  uint8_t extra_issue;
  uint8_t writes; /* a store or atomic: it may write memory (sim_watchdog.c) */
} sim_decoded;

typedef struct sim_ctx {
  sim_device *d;
  const sim_launch *l;
  const isa_kernel *k;
  sim_stats *st;
  isa_memmap memmap;
  uint32_t wave_size;
  uint32_t nvgprs, nsgprs; /* storage per wave (at least the ABI registers) */
  uint32_t lds_total;      /* static + dynamic LDS bytes per work-group */
  uint64_t kernarg_addr, dispatch_addr;
  uint64_t ngroups[3], total_groups;
  sim_occupancy occ;
  sim_decoded *dec; /* per instruction */
  /* the texels of the latest image instruction, shared by every wave (each
   * step's consumers read it at once); NULL when the kernel has none */
  isa_tex_access *tex;
  /* per-pc counters, folded into per-line stats at the end */
  uint64_t *pc_insts, *pc_stall, *pc_lds_conflict, *pc_mem_req;
  char *err;
  size_t errlen;
  uint64_t *pc_divergent; /* per pc: branches that split the wave (issue #4) */
  sim_check *chk;         /* the correctness checks; NULL when off (l->checks == 0) */
  sim_watchdog wd;        /* runaway-kernel limits (sim_watchdog.c) */
} sim_ctx;

/* Linear group index -> group id and its actual size (a partial last group is smaller). */
void sim_group_coords(const sim_ctx *c, uint64_t g, uint64_t gid[3], uint64_t lsz[3]);
/* Number of waves of a group of that size. */
uint32_t sim_group_waves(const sim_ctx *c, const uint64_t lsz[3]);
/* Set up wave `wi` of the group: registers (zeroed), ABI values, exec. */
void sim_wave_setup(const sim_ctx *c, isa_wave *w, const uint64_t gid[3], const uint64_t lsz[3],
                    uint32_t wi, uint32_t *vregs, uint32_t *sregs, uint8_t *lds, uint8_t *scratch,
                    uint64_t scratch_addr);
/* Format the fault of wave w (of group gid, wave index wi) into c->err. */
void sim_fault_message(const sim_ctx *c, const isa_wave *w, const uint64_t gid[3],
                       const uint64_t lsz[3], uint32_t wi);

/* The global id of lane `lane` of wave wi of group gid. */
void sim_item_id(const sim_ctx *c, const uint64_t gid[3], const uint64_t lsz[3], uint32_t wi,
                 uint32_t lane, uint64_t gl[3]);
/* "file:line" of instruction pc, or "instruction N" without line info. */
void sim_source_where(const sim_ctx *c, uint32_t pc, char *buf, size_t len);
/* A work-group's wave reached the barrier at bar_pc while another of its
 * waves had returned (s_endpgm at end_pc, its last taken branch at
 * end_jump, ISA_NO_PC if none) without reaching it: the fault message into
 * c->err. bar_lane/end_lane: a lane of each wave. */
void sim_barrier_return_message(const sim_ctx *c, const uint64_t gid[3], const uint64_t lsz[3],
                                uint32_t bar_wi, uint32_t bar_lane, uint32_t bar_pc,
                                uint32_t end_wi, uint32_t end_lane, uint32_t end_pc,
                                uint32_t end_jump);
/* sim_watchdog.c: why the watchdog stopped wave w (SIM_WD_*), into c->err. */
void sim_wd_message(const sim_ctx *c, int what, const isa_wave *w, const uint64_t gid[3],
                    const uint64_t lsz[3], uint32_t wi);

/* sim_atomic.c: set dec[pc].noret for atomics whose returned value is dead
 * (the no-return form a vendor compiler would emit). -1: out of memory. */
int sim_atomic_mark_noret(const isa_kernel *k, sim_decoded *dec);

sim_status sim_run_functional(sim_ctx *c);
sim_status sim_run_timing(sim_ctx *c);

/* Fold per-pc counters into s->lines (sorted by line, zero lines skipped). */
int sim_stats_fold_lines(sim_stats *s, const isa_kernel *k, const uint64_t *pc_insts,
                         const uint64_t *pc_stall, const uint64_t *pc_lds, const uint64_t *pc_mem);
/* Add per-pc divergent-branch counts to the lines sim_stats_fold_lines made. */
void sim_stats_fold_divergence(sim_stats *s, const isa_kernel *k, const uint64_t *pc_divergent);
/* Names of isa_unit values, for the stats DB columns. */
extern const char *const sim_unit_names[ISA_UNIT_COUNT];

#endif
