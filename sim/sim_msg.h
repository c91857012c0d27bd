/* Timed messages between a compute unit and the shared L2: each CU's
 * outbox (the requests its link sends, stamped (t, cu, seq)), the CU-side
 * requests and pending memory operations waiting for their answers, and
 * the merge that delivers every CU's messages to the L2 at a quantum
 * boundary in that canonical order.
 *
 * Why: the L2 and DRAM keep "free at" reservations, so the order requests
 * reach them decides the cycles. Sent at the quantum boundary in (t, cu,
 * seq) order, they see requests in global arrival order, not in the order
 * the host happened to simulate the CUs; and a CU touches only its own
 * state and outbox inside a quantum, which is what running CUs on separate
 * host threads (issue #34 step 3) needs.
 *
 * Inside a quantum a CU-side component gets a provisional answer P =
 * arrival + l2.latency, the L2's minimum round trip (it never answers
 * earlier: sim_l2_request). The merge replaces it with the real answer R:
 * in the L1's MSHRs and a cache line whose fill time is still P (the
 * request's watch), and in the pending operation (a wave's memory
 * instruction) the request belongs to, whose completion becomes its
 * provisional one + max over its requests of (R - P). The quantum is at
 * most l2.latency, so R >= t + l2.latency >= the quantum's end: no answer
 * is needed inside the quantum that sent it. */
#ifndef WAVESIM_SIM_MSG_H
#define WAVESIM_SIM_MSG_H

#include <stddef.h>

#include "sim_cache.h"
#include "sim_port.h"
#include "sim_res.h"

#define SIM_MSG_NONE UINT32_MAX
/* The kind of the operation that drains a CU's write-combining buffer at
 * launch end (owner NULL); the kinds below it are the owner's. */
#define SIM_MSG_END 0xffu

/* One request of a CU's link to the L2 (one L2 line), as it waits in the
 * outbox. */
typedef struct sim_msg {
  uint64_t t;   /* cycle it reaches the L2 side (q.t) */
  uint32_t cu;  /* the CU that sent it */
  uint32_t req; /* its CU-side request (sim_msg_req index in the sender's box) */
  uint64_t seq; /* the sender's message counter: ties at equal t and cu */
  sim_req q;
} sim_msg;

/* A CU-side request: one call of the link (a line of the L1 or scalar
 * cache), sent as one message per L2 line it touches. */
typedef struct sim_msg_req {
  uint64_t p;    /* its provisional answer */
  uint64_t r;    /* the latest real answer of its messages so far */
  uint32_t left; /* its messages not yet answered */
  uint32_t op;   /* the pending operation waiting for it, or SIM_MSG_NONE */
  uint32_t next; /* free list */
  /* the watch: the line (of `tags`) whose fill time the sender set to
   * `ready` from P; patched to ready + (R - P) if it still holds that */
  sim_cache *tags;
  uint64_t line, ready;
  sim_heap *mshr; /* an L1's MSHRs, whose entry with id (index + 1) holds P */
  /* operations that hit the watched line while its fill was in flight
   * (MSHR merges): they wait for this request too (sim_msg_dep chain) */
  uint32_t deps;
  int posted; /* nobody waits for its answer */
} sim_msg_req;

/* A memory instruction of a wave waiting for the answers of its requests. */
typedef struct sim_msg_op {
  void *owner;    /* what the resolve callback is told about (the wave) */
  uint32_t pc;    /* the instruction */
  uint32_t kind;  /* the owner's (sim_timing: what the answer completes) */
  uint64_t prov;  /* completion the CU side computed from provisional answers */
  uint64_t delta; /* max over its answered requests of (R - P) */
  uint64_t rmax;  /* max over its answered requests of R */
  uint32_t left;  /* requests it waits for */
  uint32_t next;  /* free list */
} sim_msg_op;

/* A link between a request and an operation merging into its fill. */
typedef struct sim_msg_dep {
  uint32_t op, next;
} sim_msg_dep;

/* One CU's outbox and pending requests and operations. */
typedef struct sim_msgbox {
  uint32_t cu;
  int on;           /* messages (a timing launch); off: the link answers at once */
  uint64_t latency; /* l2.latency: P = arrival + this */
  uint64_t seq;
  sim_msg *out;
  size_t nout, capout;
  sim_msg_req *req;
  uint32_t nreq, capreq, freereq;
  sim_msg_op *op;
  uint32_t nop, capop, freeop;
  sim_msg_dep *dep;
  uint32_t ndep, capdep, freedep;
  uint32_t cur_op;  /* the operation requests opened now belong to (SIM_MSG_NONE: none) */
  uint32_t last;    /* the request the latest link call opened (SIM_MSG_NONE: none) */
  uint32_t pending; /* operations open */
  /* requests the last merge answered in full, in merge order, for the CU
   * to apply (sim_msgbox_apply): on its own thread, since what an answer
   * patches (MSHRs, line fill times, waves) is the CU's */
  uint32_t *done;
  size_t ndone, capdone;
  int oom;
} sim_msgbox;

void sim_msgbox_init(sim_msgbox *b, uint32_t cu, uint64_t latency);
void sim_msgbox_fini(sim_msgbox *b);
/* Launch start: empty, numbering from 0, messages on or off. */
void sim_msgbox_reset(sim_msgbox *b, int on);

/* The link: opens a request answered provisionally at p (posted: nobody
 * waits for its answer, as for an eviction's write-back), then queues its
 * messages. sim_msgbox_last gives the latest request to the sender. */
uint32_t sim_msgbox_req_open(sim_msgbox *b, uint64_t p, int posted);
void sim_msgbox_send(sim_msgbox *b, uint32_t req, const sim_req *q);
uint32_t sim_msgbox_last(const sim_msgbox *b);
/* The sender of request `req` set line `line` of tags to `ready` (its
 * provisional fill), and/or holds an MSHR entry for it. */
void sim_msgbox_watch(sim_msgbox *b, uint32_t req, sim_cache *tags, uint64_t line, uint64_t ready,
                      sim_heap *mshr);
/* A hit on a line whose fill is in flight, watched by request tok - 1 (a
 * line's sim_cache tok; 0: none): the current operation waits for that
 * request too. */
void sim_msgbox_join(sim_msgbox *b, uint32_t tok);

/* A memory instruction: its requests (link calls between begin and end)
 * make one pending operation. end returns its index, or SIM_MSG_NONE when
 * it sent nothing and waits for nothing (its CU-side answer is final). */
void sim_msgbox_op_begin(sim_msgbox *b);
uint32_t sim_msgbox_op_end(sim_msgbox *b, void *owner, uint32_t pc, uint32_t kind, uint64_t prov);

/* Whether anything is queued or pending, and the earliest queued message's
 * t (UINT64_MAX when none). */
int sim_msgbox_busy(const sim_msgbox *b);
/* Whether the last merge answered requests the box has not applied yet. */
static inline int sim_msgbox_answered(const sim_msgbox *b) {
  return b->ndone != 0;
}
uint64_t sim_msgbox_first(const sim_msgbox *b);

/* What a merge calls when an operation's last answer is in: real =
 * prov + delta. */
typedef void (*sim_msg_resolve_fn)(void *ctx, const sim_msg_op *op);

/* The merge's scratch (kept across quanta so the loop does not allocate). */
typedef struct sim_msg_merge {
  sim_msg *m;
  size_t cap;
  uint64_t messages, merges; /* counted until its owner zeroes them */
  int oom;
} sim_msg_merge;

void sim_msg_merge_fini(sim_msg_merge *g);
/* The quantum ending at qend: takes every box's messages stamped before
 * qend, orders them by (t, cu, seq) and sends them to the L2 port in that
 * order; a request whose last answer came joins its box's done list. With
 * resolve, every box then applies its list (sim_msgbox_apply) in box
 * order; without, each CU applies its own later. Later messages stay.
 * Returns the latest answer (0: none). -1 in g->oom: out of memory. */
uint64_t sim_msg_merge_run(sim_msg_merge *g, sim_msgbox *const *boxes, uint32_t nbox, uint64_t qend,
                           const sim_port *l2, sim_msg_resolve_fn resolve, void *ctx);
/* The answered requests of the last merge, in merge order: each patches
 * its watch and MSHR entry, and each operation whose last answer came
 * calls resolve(ctx, op). Touches only the box and what its requests
 * point at (the CU's own caches and operations). */
void sim_msgbox_apply(sim_msgbox *b, sim_msg_resolve_fn resolve, void *ctx);

#endif
