/* The interconnect of the timing model: one compute unit's link to the L2
 * (an instance per CU, in its memory side, sim_cu_mem.h), one bandwidth
 * queue per direction, which also splits a CU-side block into the L2's
 * lines and sectors. Its downstream port is the L2. */
#ifndef WAVESIM_SIM_NOC_H
#define WAVESIM_SIM_NOC_H

#include "cfg.h"
#include "sim_msg.h"
#include "sim_port.h"
#include "sim_res.h"

typedef struct sim_noc_params {
  double cycles_per_byte; /* 1 / noc.bytes_per_cycle; 0: unlimited */
  uint64_t l2_latency;    /* l2.latency: the provisional answer's round trip */
} sim_noc_params;

typedef struct sim_noc {
  sim_noc_params p;
  /* one "free at" per direction: fills back (in) and written data out
   * (out). The two are separate wires: a copy loop's reads and writes do
   * not share one. */
  sim_res in, out;
  sim_port down;   /* the L2 */
  sim_msgbox *box; /* its CU's outbox (NULL or off: the L2 answers at once) */
} sim_noc;

void sim_noc_params_read(sim_noc_params *p, const cfg_device *cfg);
/* box: the CU's outbox its requests become messages in while it is on
 * (NULL: never; the L2 is called at once). */
void sim_noc_init(sim_noc *n, const sim_noc_params *p, sim_port down, sim_msgbox *box);
void sim_noc_reset(sim_noc *n);

/* The port CU-side components send through (its line and sector are the
 * L2's): books the request's bytes (sectors mask | part) on this link in
 * the request's direction when it leaves the CU (a fill's data, which
 * really crosses on the way back, reserves its slot then: the cycle t the
 * request reaches the L2 side), then sends it on per L2 line, written-whole
 * and written-in-part sectors as separate requests. Latency is part of
 * l2.latency. With the outbox on, the parts are messages stamped t (one
 * CU-side request, sim_msgbox_last; r->posted: nobody waits for the
 * answer) and the answer is the provisional t + l2.latency, the L2's
 * minimum; else the L2 answers at once and this returns the latest answer.
 * 0 when no sector was sent. */
double sim_noc_request(void *noc, const sim_req *r);
sim_port sim_noc_port(sim_noc *n);

#endif
