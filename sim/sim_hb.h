/* Happens-before through atomics for the race check (sim_check.c): the
 * OpenCL 2.x memory model's synchronizes-with, kept as sparse vector clocks. */
#ifndef WAVESIM_SIM_HB_H
#define WAVESIM_SIM_HB_H

#include <stddef.h>
#include <stdint.h>

/* Vector-clock entries kept at most (about 16 bytes each): past them the
 * race check stops and says so rather than grow without bound. */
#define SIM_HB_MAX_ENTRIES (1u << 22)

/* A work-item is (linear work-group index, local linear item index). Each
 * has a clock its accesses record (sim_hb_clock): 1 until it first releases,
 * then advanced by every release and every work-group barrier after it
 * first synchronised. An access by X at clock t happens before the current
 * point of Y when Y has acquired (through atomics, and barriers of its own
 * group) X's clock t or later, or X's work-group's barrier count past the
 * access's. Only items and locations that synchronise get any state, so a
 * kernel without ordered atomics or fences never creates one (sim_check.c
 * does not even create the sim_hb). Everything is a function of the order
 * the simulator reports events in, which the simulated order fixes. */
typedef struct sim_hb sim_hb;

/* For nslots resident work-groups at once, sub-groups of wave_size items;
 * NULL when out of memory. */
sim_hb *sim_hb_create(uint32_t nslots, uint32_t wave_size, size_t max_entries);
void sim_hb_destroy(sim_hb *h);

/* Work-group `group` starts in `slot`: its barriers have passed nothing on
 * yet, and the group that ran there before has ended (what its items
 * acquired is dropped: only resident items hold vector clocks). */
void sim_hb_group(sim_hb *h, uint32_t slot, uint32_t group);
/* The group in `slot` left a barrier with a global fence: what each of its
 * items acquired before it is acquired by all of them after it. 0, or -1
 * (out of memory or past max_entries: sim_hb_full says which). */
int sim_hb_barrier(sim_hb *h, uint32_t slot);

/* The clock an access by item (group, item) records now (>= 1). */
uint32_t sim_hb_clock(const sim_hb *h, uint32_t group, uint32_t item);
/* Whether an access by (og, oi) at clock ot, after `obar` barriers with a
 * global fence of its group (UINT32_MAX: do not compare barriers, as for
 * __local memory, whose barriers sim_check.c orders itself), happens before
 * the current point of item (group, item) of the group in slot. */
int sim_hb_before(const sim_hb *h, uint32_t slot, uint32_t group, uint32_t item, uint32_t og,
                  uint32_t oi, uint32_t ot, uint32_t obar);

/* Item (group, item) in slot, after `bar` barriers with a global fence of
 * its group, made an atomic access to location `loc` (an address key) with
 * modifier `sync` (isa_inst.sync; 0: relaxed at device scope): it read the
 * location, and stored to it when `writes` (a failed compare-exchange does
 * not). 0 or -1 as sim_hb_barrier. */
int sim_hb_atomic(sim_hb *h, uint32_t slot, uint32_t group, uint32_t item, uint64_t loc,
                  uint8_t sync, int writes, uint32_t bar);
/* ... executed a fence (atomic_work_item_fence) with modifier `sync`. */
int sim_hb_fence(sim_hb *h, uint32_t slot, uint32_t group, uint32_t item, uint8_t sync,
                 uint32_t bar);

/* Vector-clock entries held now; whether a -1 was for max_entries (1) or
 * for host memory (0). */
size_t sim_hb_entries(const sim_hb *h);
int sim_hb_full(const sim_hb *h);

#endif
