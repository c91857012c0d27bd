/* Internal to sim/: the device struct, device memory, occupancy and the
 * launch context shared by both executors. The memory hierarchy's
 * components have their own headers (sim_memsys.h composes them). */
#ifndef WAVESIM_SIM_INTERNAL_H
#define WAVESIM_SIM_INTERNAL_H

#include <stddef.h>
#include <stdint.h>

#include "sim.h"
#include "sim_memsys.h"
#include "sim_progress.h"
#include "sim_watchdog.h"

#define SIM_MEM_BASE 0x100000000ull        /* first device address: never 0, above 32 bits */
#define SIM_MEM_ALIGN 256u                 /* allocation alignment */
#define SIM_MEM_GUARD 4096u                /* unmapped bytes between buffers: overruns fault */
#define SIM_SCRATCH_BASE 0x7f0000000000ull /* private memory lives in its own range */
#define SIM_NEVER UINT64_MAX

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
  sim_memsys mem;     /* the memory hierarchy's device-wide side: L2, DRAM */
  sim_cu_mem *cu_mem; /* cfg.cu_count: each compute unit's memory side (its caches persist) */
};

/* The buffer containing addr, or the one just below it (for fault hints); NULL if none. */
const sim_buffer *sim_mem_find(const sim_device *d, uint64_t addr, int *inside);

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

/* Per-pc counters of a launch, one entry per instruction of the kernel (6 x
 * 8 bytes each), folded into the per-line statistics at its end. Whoever
 * counts reaches a set through a pointer (a timing CU its sim_cu.pc, the
 * functional executor the launch's), so that compute units stepping on
 * several threads can each count into their own thread's set, added
 * together at the end (sim_pc_counts_add). */
#define SIM_PC_COUNT_FIELDS(X)                                                                     \
  X(insts)        /* instructions executed */                                                      \
  X(stall)        /* issue-gap cycles before them (timing) */                                      \
  X(lds_conflict) /* LDS bank-conflict cycles */                                                   \
  X(mem_req)      /* memory requests (lines) */                                                    \
  X(divergent)    /* branches that split the wave (issue #4) */                                    \
  X(tex_taps)     /* texels image instructions addressed (timing) */
typedef struct sim_pc_counts {
#define SIM_PC_COUNT_FIELD(f) uint64_t *f;
  SIM_PC_COUNT_FIELDS(SIM_PC_COUNT_FIELD)
#undef SIM_PC_COUNT_FIELD
} sim_pc_counts;

/* Out-of-bounds notes a timing CU made during a quantum: running on a host
 * thread of its own it cannot tell which note of a source line is the
 * launch's first, so the notes wait for the quantum's boundary and are
 * reported there in CU order (sim_oob_flush). */
typedef struct sim_oob_note {
  uint32_t key, line;
  const char *kind;
  char *msg;
  uint64_t group, seq; /* its work-group (linear index) and place in its list: the order in
                          which a functional launch's workers' notes are reported */
} sim_oob_note;
typedef struct sim_oob_notes {
  sim_oob_note *v;
  size_t n, cap;
  const struct sim_oob_seen *seen; /* the launch's set, consulted (not changed) by the CU */
} sim_oob_notes;

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
   * step's consumers read it at once) of the functional executor; the timing
   * model gives each CU its own (sim_cu.h). NULL when the kernel has none */
  isa_tex_access *tex;
  sim_pc_counts pc; /* the launch's per-pc counters */
  char *err;
  size_t errlen;
  sim_check *chk;        /* the correctness checks; NULL when off (l->checks == 0) */
  sim_watchdog wd;       /* runaway-kernel limits (sim_watchdog.c) */
  sim_oob_seen oob_seen; /* out-of-bounds lines reported, when l->oob_seen is NULL */
  sim_progress prog;     /* the progress line (sim_progress.h), ticked by the executors */
  /* where out-of-bounds notes go: NULL, reported at once; a timing CU's
   * context points at its own list (sim_oob_flush reports them) */
  sim_oob_notes *oob_defer;
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

/* Wave w's last instruction (at pc) went past a bound and on (isa_wave.oob):
 * reported once per (kernel, source line) into the stats' diagnostics
 * (kinds oob_global, oob_local, oob_private), then the note is cleared. */
void sim_oob_report(sim_ctx *c, isa_wave *w, const uint64_t gid[3], const uint64_t lsz[3],
                    uint32_t wi, uint32_t pc);

/* The notes of n (a timing CU's, made during a quantum) reported as
 * sim_oob_report does, in order; n is emptied. */
void sim_oob_flush(sim_ctx *c, sim_oob_notes *n);
/* The notes of nn lists (a functional launch's workers') reported in
 * (work-group, order made) order, as one thread running the groups in
 * order would; each list is emptied. -1: out of memory (nothing lost: the
 * lists are reported in list order instead). */
int sim_oob_flush_by_group(sim_ctx *c, sim_oob_notes *const *lists, uint32_t nn);
void sim_oob_notes_fini(sim_oob_notes *n);

/* Per-pc counters of n instructions: zeroed storage (-1: out of memory),
 * freed, and src added into dst. */
int sim_pc_counts_alloc(sim_pc_counts *p, uint32_t n);
void sim_pc_counts_free(sim_pc_counts *p);
void sim_pc_counts_add(sim_pc_counts *dst, const sim_pc_counts *src, uint32_t n);

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

/* dst: a copy of launch context c for one CU or worker thread, with an
 * error text of its own (*err, c->errlen bytes, malloc'd) and its
 * out-of-bounds notes deferred to *oob (reported by sim_oob_flush*). -1:
 * out of memory. */
int sim_ctx_fork(sim_ctx *dst, const sim_ctx *c, char **err, sim_oob_notes *oob);

/* Host threads for launch c, at most `most`: l->threads (0: one), one when
 * an observer watches every step in order (the checks, the timeline) or
 * the kernel has global atomics, whose returned values would depend on
 * which thread came first. */
uint32_t sim_launch_threads(const sim_ctx *c, uint32_t most);

sim_status sim_run_functional(sim_ctx *c);
sim_status sim_run_timing(sim_ctx *c);

/* Fold per-pc counters into s->lines (sorted by line, zero lines skipped). */
int sim_stats_fold_lines(sim_stats *s, const isa_kernel *k, const uint64_t *pc_insts,
                         const uint64_t *pc_stall, const uint64_t *pc_lds, const uint64_t *pc_mem);
/* Add per-pc counts to the uint64_t field at byte offset `field` of the
 * lines sim_stats_fold_lines made (offsetof(sim_line_stats, ...)). */
void sim_stats_fold_pc(sim_stats *s, const isa_kernel *k, const uint64_t *pc_counts, size_t field);
/* Names of isa_unit values, for the stats DB columns. */
extern const char *const sim_unit_names[ISA_UNIT_COUNT];

#endif
