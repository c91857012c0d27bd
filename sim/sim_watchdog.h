/* The launch watchdog (sim_watchdog.c): what it keeps per launch and per
 * wave, and the check both executors make after every instruction. */
#ifndef WAVESIM_SIM_WATCHDOG_H
#define WAVESIM_SIM_WATCHDOG_H

#include <stdint.h>

#include "cfg.h"
#include "isa.h"

/* What sim_wd_step found. */
enum { SIM_WD_GO, SIM_WD_LIMIT, SIM_WD_TIME, SIM_WD_REPEAT };

/* A wave's first state snapshot comes after this many instructions: a
 * kernel's ordinary waves never pay more than a counter increment. */
#define SIM_WD_FIRST (1u << 16)
/* Snapshots follow at doubling counts (Brent's cycle finding) up to this
 * spacing, so a loop of up to this many instructions is recognised within
 * about twice it once it starts repeating. */
#define SIM_WD_MAX_PERIOD (1u << 20)
/* limits.launch_seconds is read against the clock this often per wave. */
#define SIM_WD_CLOCK_EVERY (1u << 16)

typedef struct sim_wd_wave {
  uint64_t insts;       /* instructions this wave executed */
  uint64_t next;        /* insts at which sim_wd_check runs next (SIM_NEVER-like max: never) */
  uint64_t snap_next;   /* insts of the next snapshot */
  uint64_t snap_writes; /* the launch's write count when the snapshot was taken */
  uint32_t snap_pc;     /* pc of the snapshot; ISA_NO_PC: none */
  uint32_t diff;        /* word where the last comparison differed: compared first next time */
  uint32_t *snap;       /* the wave's state at snap_pc, allocated at the first snapshot */
  uint8_t spinning;     /* its state repeated with no write since snap_writes (timing mode) */
} sim_wd_wave;

typedef struct sim_watchdog {
  uint64_t limit;  /* limits.wave_instructions; 0: off */
  double seconds;  /* limits.launch_seconds; 0: off */
  double start;    /* host monotonic seconds at the launch's start */
  int spin;        /* limits.spin_detect */
  uint64_t writes; /* memory-writing instructions the launch executed so far */
  uint32_t nsgprs; /* words of the snapshot that are SGPRs */
  size_t nvwords;  /* ... and VGPR words */
} sim_watchdog;

void sim_wd_init(sim_watchdog *wd, const cfg_device *cfg, uint32_t nvgprs, uint32_t nsgprs,
                 uint32_t wave_size);
/* A wave (re)starts: its counts reset, its snapshot storage stays. */
void sim_wd_wave_start(const sim_watchdog *wd, sim_wd_wave *ww);
void sim_wd_wave_fini(sim_wd_wave *ww);
/* The slow path of sim_wd_step. */
int sim_wd_check(sim_watchdog *wd, sim_wd_wave *ww, const isa_wave *w);

/* After wave w executed one instruction (that wrote memory when `writes`):
 * SIM_WD_GO, or why the launch should stop (SIM_WD_LIMIT, SIM_WD_TIME) or
 * that the wave's state repeated with nothing written (SIM_WD_REPEAT). */
static inline int sim_wd_step(sim_watchdog *wd, sim_wd_wave *ww, const isa_wave *w,
                              uint8_t writes) {
  wd->writes += writes;
  if (++ww->insts < ww->next &&
      (w->pc != ww->snap_pc || wd->writes != ww->snap_writes || ww->spinning))
    return SIM_WD_GO;
  return sim_wd_check(wd, ww, w);
}

#endif
