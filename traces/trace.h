/* Timeline traces: a buffered writer of Chrome trace-event JSON (viewable in
 * Perfetto or chrome://tracing) that the timing model feeds with lifetimes. */
#ifndef WAVESIM_TRACE_H
#define WAVESIM_TRACE_H

#include <stddef.h>
#include <stdint.h>

/* Layout of the file (docs/STATS.md, "Timeline traces"):
 *   pid 0 "device": tid 0 carries one event per kernel launch;
 *   pid 1+cu "CU <cu>": tid TRACE_TID_WG+slot carries the work-groups that
 *   occupied resident work-group slot `slot`; tid TRACE_TID_SIMD*(simd+1)+lane
 *   carries the waves of SIMD `simd`. Waves resident on one SIMD overlap in
 *   time, and trace viewers need the events of one thread to nest, so each
 *   SIMD has as many "lanes" (threads, sorted together under the SIMD) as it
 *   ever held waves at once. In full detail barrier waits nest inside their
 *   wave's event; compact (the default) folds them into the wave's args
 *   ("barriers": count, "barrier_wait_cycles": cycles summed), so the file
 *   grows with work-groups and waves, not with barriers executed.
 * Timestamps are simulated microseconds of the device timeline. */
enum { TRACE_TID_WG = 1, TRACE_TID_SIMD = 1000 };

typedef enum trace_detail { TRACE_COMPACT, TRACE_FULL } trace_detail;

typedef struct trace_writer trace_writer;

/* Creates (truncates) path and writes the JSON header; `detail` says whether
 * barrier waits are events of their own (TRACE_FULL) or folded into their
 * wave's (TRACE_COMPACT). NULL with a message in err when the file cannot be
 * written. */
trace_writer *trace_open(const char *path, trace_detail detail, char *err, size_t errlen);
/* "compact" or "full" into *d; -1 for anything else. */
int trace_detail_parse(const char *s, trace_detail *d);
/* Writes what is pending and closes; returns 0 or -1 with err. */
int trace_close(trace_writer *t, char *err, size_t errlen);

typedef struct trace_launch {
  const char *kernel;
  double start_us;          /* device time of the launch start */
  double clock_mhz;         /* converts cycles to microseconds */
  uint64_t dispatch_cycles; /* cycles before the first work-group starts (launch overhead) */
  uint32_t cus, simds_per_cu;
  uint64_t global[3], local[3];
} trace_launch;

/* A launch's events are collected between begin and end, then written in
 * timestamp order by trace_launch_end together with the launch's own event
 * of `cycles` cycles. After it returns the file is complete, valid JSON (the
 * closing brackets are rewritten after each launch), so a program that never
 * calls trace_close, or dies later, leaves a usable trace. */
void trace_launch_begin(trace_writer *t, const trace_launch *l);
int trace_launch_end(trace_writer *t, uint64_t cycles, char *err, size_t errlen);
/* Writes buffered bytes to the file (trace_launch_end does this itself). */
int trace_flush(trace_writer *t, char *err, size_t errlen);

/* A wave placed on SIMD `simd` (within `cu`) at `cycle`: returns its lane,
 * the lowest one whose previous wave had ended by then. Pass the lane back
 * to trace_wave_end and trace_barrier. */
uint32_t trace_wave_begin(trace_writer *t, uint32_t cu, uint32_t simd, uint64_t cycle);
/* Wave `wave` of work-group gid (resident in work-group slot `wg_slot`)
 * lived from start to end (cycles since dispatch). */
void trace_wave_end(trace_writer *t, uint32_t cu, uint32_t simd, uint32_t lane, uint64_t start,
                    uint64_t end, uint32_t wg_slot, uint32_t wave, const uint64_t gid[3]);
/* The wave waited at a barrier from `start` until it could issue again at
 * `end` (compact: added to the wave's counts, written with its event). */
void trace_barrier(trace_writer *t, uint32_t cu, uint32_t simd, uint32_t lane, uint64_t start,
                   uint64_t end);
/* Work-group gid occupied slot `wg_slot` of `cu` from start to end. */
void trace_workgroup(trace_writer *t, uint32_t cu, uint32_t wg_slot, uint64_t start, uint64_t end,
                     const uint64_t gid[3]);

/* Events written so far, by kind (for tests and summaries). */
typedef struct trace_counts {
  uint64_t launches, workgroups, waves, barriers;
} trace_counts;
void trace_get_counts(const trace_writer *t, trace_counts *c);

#endif
