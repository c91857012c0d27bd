/* How the memory components of the timing model talk: a request (one block
 * of sectors, its kind and arrival time) and the port a component sends it
 * through, a pointer to the next component's request function. sim_memsys
 * wires the ports; a component knows only the port it was given, so a new
 * level (a texture cache, a second L2) is one more component in between. */
#ifndef WAVESIM_SIM_PORT_H
#define WAVESIM_SIM_PORT_H

#include <stdint.h>

#include "sim.h"

typedef enum sim_req_kind {
  SIM_REQ_READ,          /* a fill: the data comes back */
  SIM_REQ_WRITE,         /* sectors `mask` written whole (no fetch), sectors `part` in part */
  SIM_REQ_WRITE_PARTIAL, /* sectors written in part: a missing one is fetched first
                          * under l2.partial_write_fill */
  SIM_REQ_ATOMIC,        /* `steps` serialized atomic-unit operations on the fetched line */
} sim_req_kind;

typedef struct sim_req {
  uint64_t addr;   /* the block's first byte */
  uint64_t mask;   /* its sectors the request carries (bit i: bytes [i*sector, (i+1)*sector)) */
  uint64_t part;   /* SIM_REQ_WRITE: sectors written only in part, sent along with `mask` */
  uint32_t block;  /* bytes of the block (the sender's line) */
  uint32_t sector; /* bytes per mask bit */
  uint32_t cu;     /* the compute unit it comes from */
  uint32_t steps;  /* SIM_REQ_ATOMIC: serialized operations at the atomic unit */
  uint32_t lanes;  /* SIM_REQ_ATOMIC: lane operations to count (a block split over several
                    * receiver lines counts them with its first part only) */
  uint8_t kind;    /* sim_req_kind */
  uint8_t posted;  /* nobody waits for the answer (an eviction's write-back) */
  double t;        /* cycle it arrives at the receiver */
} sim_req;

/* A receiver's request function: returns the cycle the sender is done with
 * the request (its data back, or the write accepted). It counts into its
 * own statistics. */
typedef double (*sim_req_fn)(void *to, const sim_req *r);

typedef struct sim_port {
  sim_req_fn fn;
  void *to;
  uint32_t line, sector; /* the granule the receiver (or the level beyond a link) keeps */
} sim_port;

static inline double sim_port_send(const sim_port *p, const sim_req *r) {
  return p->fn(p->to, r);
}

#endif
