/* The message boundary between the compute units and the shared L2: each
 * CU's outbox, its open requests and pending operations, and the merge at
 * a quantum boundary that sends every CU's messages to the L2 in (t, cu,
 * seq) order and resolves what their answers complete. */
#include <stdlib.h>
#include <string.h>

#include "sim_msg.h"

void sim_msgbox_init(sim_msgbox *b, uint32_t cu, uint64_t latency) {
  memset(b, 0, sizeof *b);
  b->cu = cu;
  b->latency = latency;
  b->cur_op = b->last = SIM_MSG_NONE;
  b->freereq = b->freeop = b->freedep = SIM_MSG_NONE;
}

void sim_msgbox_fini(sim_msgbox *b) {
  free(b->out);
  free(b->req);
  free(b->op);
  free(b->dep);
  free(b->done);
  memset(b, 0, sizeof *b);
}

void sim_msgbox_reset(sim_msgbox *b, int on) {
  b->on = on;
  b->seq = 0;
  b->nout = 0;
  b->nreq = b->nop = b->ndep = 0;
  b->freereq = b->freeop = b->freedep = SIM_MSG_NONE;
  b->cur_op = b->last = SIM_MSG_NONE;
  b->pending = 0;
  b->ndone = 0;
  b->oom = 0;
}

/* Grows array *a of *cap elements of `size` bytes to hold n + 1. */
static int sim_msg_grow(void **a, size_t *cap, size_t n, size_t size) {
  if (n < *cap) return 0;
  size_t c = *cap ? *cap * 2 : 64;
  void *p = realloc(*a, c * size);
  if (!p) return -1;
  *a = p, *cap = c;
  return 0;
}

/* A slot of a free-listed pool (requests, operations, dependencies). */
#define SIM_MSG_ALLOC(b, arr, n, cap, freel, out)                                                  \
  do {                                                                                             \
    if ((b)->freel != SIM_MSG_NONE) {                                                              \
      (out) = (b)->freel;                                                                          \
      (b)->freel = (b)->arr[out].next;                                                             \
    } else {                                                                                       \
      size_t cap_ = (b)->cap;                                                                      \
      if (sim_msg_grow((void **)&(b)->arr, &cap_, (b)->n, sizeof *(b)->arr) != 0) {                \
        (b)->oom = 1;                                                                              \
        (out) = SIM_MSG_NONE;                                                                      \
        break;                                                                                     \
      }                                                                                            \
      (b)->cap = (uint32_t)cap_;                                                                   \
      (out) = (b)->n++;                                                                            \
    }                                                                                              \
  } while (0)

uint32_t sim_msgbox_req_open(sim_msgbox *b, uint64_t p, int posted) {
  uint32_t i;
  SIM_MSG_ALLOC(b, req, nreq, capreq, freereq, i);
  b->last = i;
  if (i == SIM_MSG_NONE) return i;
  sim_msg_req *r = &b->req[i];
  memset(r, 0, sizeof *r);
  r->p = p;
  r->op = posted ? SIM_MSG_NONE : b->cur_op;
  r->posted = posted;
  r->deps = SIM_MSG_NONE;
  if (r->op != SIM_MSG_NONE) b->op[r->op].left++;
  return i;
}

void sim_msgbox_send(sim_msgbox *b, uint32_t req, const sim_req *q) {
  if (req == SIM_MSG_NONE) return;
  if (sim_msg_grow((void **)&b->out, &b->capout, b->nout, sizeof *b->out) != 0) {
    b->oom = 1;
    return;
  }
  b->out[b->nout++] =
      (sim_msg){.t = (uint64_t)q->t, .cu = b->cu, .req = req, .seq = b->seq++, .q = *q};
  b->req[req].left++;
}

uint32_t sim_msgbox_last(const sim_msgbox *b) {
  return b->last;
}

void sim_msgbox_watch(sim_msgbox *b, uint32_t req, sim_cache *tags, uint64_t line, uint64_t ready,
                      sim_heap *mshr) {
  if (req == SIM_MSG_NONE) return;
  sim_msg_req *r = &b->req[req];
  if (tags) r->tags = tags, r->line = line, r->ready = ready;
  if (mshr) r->mshr = mshr;
}

void sim_msgbox_join(sim_msgbox *b, uint32_t tok) {
  if (!tok || b->cur_op == SIM_MSG_NONE) return;
  uint32_t req = tok - 1, d;
  sim_msg_req *r = &b->req[req];
  /* once per operation and request: the chain's head is the latest joiner */
  if (r->op == b->cur_op || (r->deps != SIM_MSG_NONE && b->dep[r->deps].op == b->cur_op)) return;
  SIM_MSG_ALLOC(b, dep, ndep, capdep, freedep, d);
  if (d == SIM_MSG_NONE) return;
  b->dep[d] = (sim_msg_dep){b->cur_op, b->req[req].deps};
  b->req[req].deps = d;
  b->op[b->cur_op].left++;
}

void sim_msgbox_op_begin(sim_msgbox *b) {
  if (!b->on) return;
  uint32_t i;
  SIM_MSG_ALLOC(b, op, nop, capop, freeop, i);
  if (i == SIM_MSG_NONE) return;
  memset(&b->op[i], 0, sizeof b->op[i]);
  b->cur_op = i;
}

uint32_t sim_msgbox_op_end(sim_msgbox *b, void *owner, uint32_t pc, uint32_t kind, uint64_t prov) {
  uint32_t i = b->cur_op;
  b->cur_op = SIM_MSG_NONE;
  if (i == SIM_MSG_NONE) return i;
  sim_msg_op *o = &b->op[i];
  if (!o->left) { /* every line hit or was answered by the CU side alone */
    o->next = b->freeop;
    b->freeop = i;
    return SIM_MSG_NONE;
  }
  o->owner = owner, o->pc = pc, o->kind = kind, o->prov = prov;
  b->pending++;
  return i;
}

int sim_msgbox_busy(const sim_msgbox *b) {
  return b->nout != 0 || b->pending != 0;
}

uint64_t sim_msgbox_first(const sim_msgbox *b) {
  uint64_t t = UINT64_MAX;
  for (size_t i = 0; i < b->nout; i++)
    if (b->out[i].t < t) t = b->out[i].t;
  return t;
}

void sim_msg_merge_fini(sim_msg_merge *g) {
  free(g->m);
  memset(g, 0, sizeof *g);
}

/* The canonical order: arrival, then CU, then the CU's own sequence. */
static int sim_msg_cmp(const void *pa, const void *pb) {
  const sim_msg *a = pa, *b = pb;
  if (a->t != b->t) return a->t < b->t ? -1 : 1;
  if (a->cu != b->cu) return a->cu < b->cu ? -1 : 1;
  return a->seq < b->seq ? -1 : a->seq > b->seq;
}

/* Operation o of box b has one answer more (delta R - P, answer R). */
static void sim_msg_op_answer(sim_msgbox *b, uint32_t o, uint64_t delta, uint64_t r,
                              sim_msg_resolve_fn resolve, void *ctx) {
  sim_msg_op *op = &b->op[o];
  if (delta > op->delta) op->delta = delta;
  if (r > op->rmax) op->rmax = r;
  if (--op->left) return;
  b->pending--;
  resolve(ctx, op);
  op->next = b->freeop;
  b->freeop = o;
}

/* Request i of box b has all its answers, the latest r. */
static void sim_msg_req_done(sim_msgbox *b, uint32_t i, sim_msg_resolve_fn resolve, void *ctx) {
  sim_msg_req *q = &b->req[i];
  uint64_t r = q->r, delta = r > q->p ? r - q->p : 0;
  if (q->tags) {
    /* the line's fill time, if it is still the one this request set */
    size_t w = sim_cache_find(q->tags, q->line);
    if (w != (size_t)-1 && q->tags->tok[w] == i + 1) {
      if (q->tags->ready[w] == q->ready) q->tags->ready[w] = q->ready + delta;
      q->tags->tok[w] = 0;
    }
  }
  if (q->mshr) sim_heap_delay(q->mshr, i + 1, r, 0);
  uint32_t op = q->op, d = q->deps;
  q->next = b->freereq;
  b->freereq = i;
  if (op != SIM_MSG_NONE) sim_msg_op_answer(b, op, delta, r, resolve, ctx);
  while (d != SIM_MSG_NONE) {
    uint32_t next = b->dep[d].next;
    sim_msg_op_answer(b, b->dep[d].op, delta, r, resolve, ctx);
    b->dep[d].next = b->freedep;
    b->freedep = d;
    d = next;
  }
}

uint64_t sim_msg_merge_run(sim_msg_merge *g, sim_msgbox *const *boxes, uint32_t nbox, uint64_t qend,
                           const sim_port *l2, sim_msg_resolve_fn resolve, void *ctx) {
  size_t n = 0;
  for (uint32_t k = 0; k < nbox; k++) {
    sim_msgbox *b = boxes[k];
    size_t keep = 0;
    for (size_t i = 0; i < b->nout; i++) {
      if (b->out[i].t >= qend) { /* its own quantum's merge takes it */
        b->out[keep++] = b->out[i];
        continue;
      }
      if (sim_msg_grow((void **)&g->m, &g->cap, n, sizeof *g->m) != 0) {
        g->oom = 1;
        return 0;
      }
      g->m[n++] = b->out[i];
    }
    b->nout = keep;
  }
  if (!n) return 0;
  g->merges++;
  g->messages += n;
  qsort(g->m, n, sizeof *g->m, sim_msg_cmp);
  uint64_t last = 0;
  for (size_t i = 0; i < n; i++) {
    const sim_msg *m = &g->m[i];
    uint64_t r = (uint64_t)sim_port_send(l2, &m->q);
    if (r > last) last = r;
    sim_msgbox *b = boxes[m->cu];
    sim_msg_req *q = &b->req[m->req];
    if (r > q->r) q->r = r;
    if (--q->left) continue;
    if (sim_msg_grow((void **)&b->done, &b->capdone, b->ndone, sizeof *b->done) != 0) {
      g->oom = 1;
      return 0;
    }
    b->done[b->ndone++] = m->req;
  }
  for (uint32_t k = 0; resolve && k < nbox; k++) sim_msgbox_apply(boxes[k], resolve, ctx);
  return last;
}

void sim_msgbox_apply(sim_msgbox *b, sim_msg_resolve_fn resolve, void *ctx) {
  for (size_t i = 0; i < b->ndone; i++) sim_msg_req_done(b, b->done[i], resolve, ctx);
  b->ndone = 0;
}
