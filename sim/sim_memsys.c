/* The memory hierarchy's device-wide side: builds the L2 and DRAM from the
 * config and wires them (L2 -> DRAM), and forwards each CU's calls to its
 * memory side (sim_cu_mem.h), whose links send to the L2. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sim_internal.h"
#include "stats_group.h"

int sim_memsys_init(sim_memsys *m, const cfg_device *cfg, char *err, size_t errlen) {
  memset(m, 0, sizeof *m);
  sim_dram_params dp;
  sim_l2_params l2p;
  sim_dram_params_read(&dp, cfg);
  sim_l2_params_read(&l2p, cfg);
  /* from the DRAM up, so each component's downstream exists when it is built */
  int bad = sim_dram_init(&m->dram, &dp) != 0;
  bad = bad || sim_l2_init(&m->l2, &l2p, (sim_port){sim_dram_request, &m->dram, 0, 0}) != 0;
  if (bad) {
    snprintf(err, errlen, "out of memory allocating the cache tag arrays and memory queues");
    sim_memsys_fini(m);
    return -1;
  }
  return 0;
}

void sim_memsys_fini(sim_memsys *m) {
  free(m->boxes);
  sim_msg_merge_fini(&m->merge);
  /* each fini accepts a component that was never built (all zero) */
  sim_l2_fini(&m->l2);
  sim_dram_fini(&m->dram);
}

sim_port sim_memsys_l2_port(sim_memsys *m) {
  return (sim_port){sim_l2_request, &m->l2, m->l2.p.line, m->l2.p.sector};
}

void sim_memsys_clear_stats(sim_memsys *m, sim_cu_mem *cus, uint32_t ncu) {
  for (uint32_t i = 0; i < ncu; i++) sim_cu_mem_clear_stats(&cus[i]);
  memset(&m->l2.stats, 0, sizeof m->l2.stats);
  memset(&m->dram.stats, 0, sizeof m->dram.stats);
}

void sim_memsys_reset(sim_memsys *m, sim_cu_mem *cus, uint32_t ncu) {
  for (uint32_t i = 0; i < ncu; i++) sim_cu_mem_reset(&cus[i], 0);
  sim_l2_reset(&m->l2);
  sim_dram_reset(&m->dram);
}

void sim_memsys_invalidate(sim_memsys *m, sim_cu_mem *cus, uint32_t ncu) {
  (void)m;
  for (uint32_t i = 0; i < ncu; i++) sim_cu_mem_invalidate(&cus[i]);
}

int sim_memsys_launch_start(sim_memsys *m, sim_cu_mem *cus, uint32_t ncu, uint64_t lds_bytes,
                            int msgs) {
  sim_memsys_reset(m, cus, ncu);
  if (msgs && m->nbox != ncu) {
    sim_msgbox **b = realloc(m->boxes, ncu * sizeof *b);
    if (!b) return -1;
    m->boxes = b, m->nbox = ncu;
  }
  m->merge.messages = m->merge.merges = 0; /* counted per launch */
  for (uint32_t i = 0; msgs && i < ncu; i++) {
    m->boxes[i] = &cus[i].box;
    sim_msgbox_reset(&cus[i].box, 1);
  }
  /* CU by CU: a write-back L1's dirty sectors reach the L2 in CU order (as
   * messages at cycle 0, which the first merge sends in that order) */
  for (uint32_t i = 0; i < ncu; i++) sim_cu_mem_launch_start(&cus[i], lds_bytes);
  return 0;
}

uint64_t sim_memsys_launch_end(sim_memsys *m, sim_cu_mem *cus, uint32_t ncu, uint64_t t) {
  (void)m;
  uint64_t done = t;
  for (uint32_t i = 0; i < ncu; i++) {
    sim_msgbox_op_begin(&cus[i].box);
    uint64_t d = sim_wcb_flush(&cus[i].wcb, t);
    if (sim_msgbox_op_end(&cus[i].box, NULL, 0, SIM_MSG_END, d) == SIM_MSG_NONE && d > done)
      done = d;
  }
  return done;
}

uint64_t sim_memsys_quantum(const sim_memsys *m) {
  return m->l2.p.latency ? m->l2.p.latency : 1;
}

void sim_memsys_merge(sim_memsys *m, uint64_t qend) {
  sim_port l2 = sim_memsys_l2_port(m);
  sim_msg_merge_run(&m->merge, m->boxes, m->nbox, qend, &l2, NULL, NULL);
}

int sim_memsys_answered(const sim_memsys *m) {
  for (uint32_t i = 0; i < m->nbox; i++)
    if (sim_msgbox_answered(m->boxes[i])) return 1;
  return 0;
}

int sim_memsys_msgs_busy(const sim_memsys *m) {
  int busy = 0;
  for (uint32_t i = 0; i < m->nbox; i++) {
    if (m->boxes[i]->oom) return -1;
    busy |= sim_msgbox_busy(m->boxes[i]);
  }
  return m->merge.oom ? -1 : busy;
}

void sim_memsys_msgs_off(sim_memsys *m) {
  for (uint32_t i = 0; i < m->nbox; i++) sim_msgbox_reset(m->boxes[i], 0);
}

uint64_t sim_memsys_msgs_first(const sim_memsys *m) {
  uint64_t t = UINT64_MAX;
  for (uint32_t i = 0; i < m->nbox; i++) {
    uint64_t f = sim_msgbox_first(m->boxes[i]);
    if (f < t) t = f;
  }
  return t;
}

uint64_t sim_memsys_vector(sim_memsys *m, sim_cu_mem *cu, uint64_t now, const isa_access *a,
                           uint32_t *nreq) {
  (void)m;
  return sim_l1_access(&cu->l1, now, a, nreq);
}

uint64_t sim_memsys_image(sim_memsys *m, sim_cu_mem *cu, uint64_t now, const isa_tex_access *t,
                          uint32_t *nreq) {
  (void)m;
  return sim_tex_access(&cu->tex, now, t, nreq);
}

uint64_t sim_memsys_scalar(sim_memsys *m, sim_cu_mem *cu, uint64_t now, const isa_access *a) {
  (void)m;
  return sim_scache_load(&cu->scache, now, a->addr[0]);
}

uint64_t sim_memsys_lds(sim_memsys *m, sim_cu_mem *cu, uint64_t now, const isa_access *a,
                        int combinable, uint64_t *conflict) {
  (void)m;
  return sim_lds_access(&cu->lds, now, a, combinable, conflict);
}

void sim_memsys_lds_occupy(sim_memsys *m, sim_cu_mem *cu, uint64_t now, uint64_t cycles) {
  (void)m;
  sim_lds_occupy(&cu->lds, now, cycles);
}

void sim_memsys_host_write(sim_memsys *m, uint64_t addr, uint64_t size) {
  sim_l2_host_write(&m->l2, addr, size);
}

/* The components' counters into the launch's statistics: the CUs' groups
 * summed from zero in CU order, the L2's and DRAM's copied from their
 * owners (stats_group.h). */
void sim_memsys_collect(const sim_memsys *m, const sim_cu_mem *cus, uint32_t ncu, sim_stats *st) {
#define SIM_STATS_GROUP_l1 SIM_STATS_YES
#define SIM_STATS_GROUP_scalar_cache SIM_STATS_YES
#define SIM_STATS_GROUP_lds SIM_STATS_YES
#define SIM_STATS_GROUP_texture SIM_STATS_YES
#define STAT(group, field, ctype, sql, since, unit, doc) SIM_STATS_IF(group, st->field = 0;)
#include "stats.def"
#undef SIM_STATS_GROUP_l1
#undef SIM_STATS_GROUP_scalar_cache
#undef SIM_STATS_GROUP_lds
#undef SIM_STATS_GROUP_texture
  for (uint32_t i = 0; i < ncu; i++) sim_cu_mem_collect(&cus[i], st);
#define SIM_STATS_GROUP_l2 SIM_STATS_YES
#define SIM_STATS_GROUP_dram SIM_STATS_YES
#define OWNER_l2 m->l2.stats
#define OWNER_dram m->dram.stats
#define STAT(group, field, ctype, sql, since, unit, doc)                                           \
  SIM_STATS_IF(group, st->field = OWNER_##group.field;)
#include "stats.def"
#undef OWNER_l2
#undef OWNER_dram
#undef SIM_STATS_GROUP_l2
#undef SIM_STATS_GROUP_dram
}
