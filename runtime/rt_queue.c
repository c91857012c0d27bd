/* Command queues: creation, queries, reference counting, clFlush/clFinish, and
 * the submission and ordering of their commands (commands run at enqueue unless
 * a wait list holds them back; out-of-order queues let later ready commands
 * pass held ones, barriers excepted), markers and barriers. */
#include <stdlib.h>
#include <string.h>

#include "rt.h"

/* ---- command queues ------------------------------------------------------ */

static cl_command_queue rt_queue_new(cl_context ctx, cl_device_id dev,
                                     cl_command_queue_properties props,
                                     const cl_queue_properties *list, cl_uint nlist,
                                     cl_int *errcode_ret) {
  if (!RT_VALID(ctx, RT_MAGIC_CONTEXT)) {
    rt_err(errcode_ret, CL_INVALID_CONTEXT);
    return NULL;
  }
  cl_int e = rt_device_check(dev);
  if (e == CL_SUCCESS && rt_ctx_index(ctx, dev) < 0) e = CL_INVALID_DEVICE;
  if (e != CL_SUCCESS) {
    rt_err(errcode_ret, e);
    return NULL;
  }
  const cl_command_queue_properties known =
      CL_QUEUE_PROFILING_ENABLE | CL_QUEUE_OUT_OF_ORDER_EXEC_MODE_ENABLE;
  if (props & ~(known | CL_QUEUE_ON_DEVICE | CL_QUEUE_ON_DEVICE_DEFAULT)) {
    rt_err(errcode_ret, CL_INVALID_VALUE);
    return NULL;
  }
  if (props & ~known) { /* device-side queues are OpenCL 2.0 */
    rt_err(errcode_ret, CL_INVALID_QUEUE_PROPERTIES);
    return NULL;
  }
  struct _cl_command_queue *q = calloc(1, sizeof *q);
  if (!q) {
    rt_err(errcode_ret, CL_OUT_OF_HOST_MEMORY);
    return NULL;
  }
  q->dispatch = &rt_dispatch;
  q->magic = RT_MAGIC_QUEUE;
  q->refs = 1;
  q->ctx = ctx;
  q->device = dev;
  q->props = props;
  for (cl_uint i = 0; i < nlist && i < 3; i++) q->prop_list[i] = list[i];
  q->nprop_list = nlist;
  rt_context_retain(ctx);
  rt_lock();
  q->next = ctx->queues;
  ctx->queues = q;
  rt_unlock();
  rt_err(errcode_ret, CL_SUCCESS);
  return q;
}

CL_API_ENTRY cl_command_queue CL_API_CALL clCreateCommandQueue(cl_context ctx, cl_device_id dev,
                                                               cl_command_queue_properties props,
                                                               cl_int *errcode_ret) {
  return rt_queue_new(ctx, dev, props, NULL, 0, errcode_ret);
}

CL_API_ENTRY cl_command_queue CL_API_CALL clCreateCommandQueueWithProperties(
    cl_context ctx, cl_device_id dev, const cl_queue_properties *props, cl_int *errcode_ret) {
  cl_command_queue_properties flags = 0;
  cl_uint n = 0;
  if (props) {
    for (const cl_queue_properties *p = props; *p; p += 2) {
      if (p[0] == CL_QUEUE_PROPERTIES) {
        flags = (cl_command_queue_properties)p[1];
      } else if (p[0] == CL_QUEUE_SIZE) {
        rt_err(errcode_ret, CL_INVALID_QUEUE_PROPERTIES); /* device queues only */
        return NULL;
      } else {
        rt_err(errcode_ret, CL_INVALID_VALUE);
        return NULL;
      }
    }
  }
  cl_queue_properties list[3] = {CL_QUEUE_PROPERTIES, (cl_queue_properties)flags, 0};
  if (props) n = 3;
  return rt_queue_new(ctx, dev, flags, list, n, errcode_ret);
}

CL_API_ENTRY cl_int CL_API_CALL clRetainCommandQueue(cl_command_queue q) {
  if (!RT_VALID(q, RT_MAGIC_QUEUE)) return CL_INVALID_COMMAND_QUEUE;
  rt_lock();
  q->refs++;
  rt_unlock();
  return CL_SUCCESS;
}

CL_API_ENTRY cl_int CL_API_CALL clFinish(cl_command_queue q);

CL_API_ENTRY cl_int CL_API_CALL clReleaseCommandQueue(cl_command_queue q) {
  if (!RT_VALID(q, RT_MAGIC_QUEUE)) return CL_INVALID_COMMAND_QUEUE;
  rt_lock();
  if (q->refs > 1) {
    q->refs--;
    rt_unlock();
    return CL_SUCCESS;
  }
  rt_unlock();
  /* The last release flushes (spec) and here also waits: the queue must not
   * vanish under commands that still wait on user events. */
  clFinish(q);
  rt_lock();
  q->refs--;
  struct _cl_context *ctx = q->ctx;
  struct _cl_command_queue **pp = &ctx->queues;
  while (*pp && *pp != q) pp = &(*pp)->next;
  if (*pp) *pp = q->next;
  q->magic = RT_MAGIC_DEAD;
  rt_unlock();
  free(q);
  rt_context_release(ctx);
  return CL_SUCCESS;
}

CL_API_ENTRY cl_int CL_API_CALL clGetCommandQueueInfo(cl_command_queue q,
                                                      cl_command_queue_info param, size_t size,
                                                      void *value, size_t *size_ret) {
  if (!RT_VALID(q, RT_MAGIC_QUEUE)) return CL_INVALID_COMMAND_QUEUE;
  switch (param) {
  case CL_QUEUE_CONTEXT:
    RT_INFO_VAL(cl_context, q->ctx);
  case CL_QUEUE_DEVICE:
    RT_INFO_VAL(cl_device_id, q->device);
  case CL_QUEUE_REFERENCE_COUNT:
    RT_INFO_VAL(cl_uint, q->refs);
  case CL_QUEUE_PROPERTIES:
    RT_INFO_VAL(cl_command_queue_properties, q->props);
  case CL_QUEUE_PROPERTIES_ARRAY:
    return rt_info(size, value, size_ret, q->prop_list,
                   q->nprop_list * sizeof(cl_queue_properties));
  default:
    return CL_INVALID_VALUE;
  }
}

CL_API_ENTRY cl_int CL_API_CALL clSetCommandQueueProperty(cl_command_queue q,
                                                          cl_command_queue_properties props,
                                                          cl_bool enable,
                                                          cl_command_queue_properties *old) {
  if (!RT_VALID(q, RT_MAGIC_QUEUE)) return CL_INVALID_COMMAND_QUEUE;
  if (props & ~(cl_command_queue_properties)(CL_QUEUE_PROFILING_ENABLE |
                                             CL_QUEUE_OUT_OF_ORDER_EXEC_MODE_ENABLE))
    return CL_INVALID_VALUE;
  rt_lock();
  if (old) *old = q->props;
  if (enable)
    q->props |= props;
  else
    q->props &= ~props;
  rt_unlock();
  return CL_SUCCESS;
}

CL_API_ENTRY cl_int CL_API_CALL clFlush(cl_command_queue q) {
  if (!RT_VALID(q, RT_MAGIC_QUEUE)) return CL_INVALID_COMMAND_QUEUE;
  rt_drain();
  return CL_SUCCESS;
}

/* Waits until the queue is empty. Commands run at enqueue, so only those
 * held back by unfinished user events can still be waiting. Returns
 * CL_EXEC_STATUS_ERROR_FOR_EVENTS_IN_WAIT_LIST once after a command failed
 * (a kernel fault, not a command skipped for a failed wait list) so programs
 * that only check clFinish notice. */
CL_API_ENTRY cl_int CL_API_CALL clFinish(cl_command_queue q) {
  if (!RT_VALID(q, RT_MAGIC_QUEUE)) return CL_INVALID_COMMAND_QUEUE;
  struct _cl_platform_id *p = rt_platform_get();
  rt_lock();
  rt_drain();
  while (q->head) pthread_cond_wait(&p->cond, &p->lock);
  int failed = q->failed;
  q->failed = 0;
  rt_host_observe(q->last_end); /* the host has seen the queue's last command end */
  rt_unlock();
  return failed ? CL_EXEC_STATUS_ERROR_FOR_EVENTS_IN_WAIT_LIST : CL_SUCCESS;
}

/* ---- commands ------------------------------------------------------------ */

rt_cmd *rt_cmd_new(size_t size, struct _cl_command_queue *q, cl_command_type type, cl_uint nwait,
                   const cl_event *wait) {
  rt_cmd *c = calloc(1, size);
  if (!c) return NULL;
  if (nwait) {
    c->wait = malloc(nwait * sizeof *c->wait);
    if (!c->wait) {
      free(c);
      return NULL;
    }
  }
  rt_lock();
  c->event = rt_event_new(q->ctx, q, type);
  if (!c->event) {
    rt_unlock();
    free(c->wait);
    free(c);
    return NULL;
  }
  for (cl_uint i = 0; i < nwait; i++) {
    c->wait[i] = wait[i];
    wait[i]->refs++;
  }
  c->nwait = nwait;
  rt_unlock();
  return c;
}

static int rt_cmd_ready(const rt_cmd *c) {
  for (cl_uint i = 0; i < c->nwait; i++)
    if (c->wait[i]->status > CL_COMPLETE) return 0;
  return 1;
}

/* Runs one command that has left its queue, advancing the device timeline.
 * Timestamps (simulated ns, one time base for the host and every device):
 * QUEUED is the host clock at enqueue; wavesim hands a command to its device
 * as soon as its wait list is complete, so SUBMIT is the latest END among
 * its wait list (a user event ends when the host sets it), or QUEUED; START
 * is when the device is free after SUBMIT (it idles until then, so a command
 * waiting on another device's event starts after that event's END). */
static void rt_cmd_execute(struct _cl_command_queue *q, rt_cmd *c) {
  struct _cl_event *e = c->event;
  struct _cl_device_id *d = q->device;
  int dep_failed = 0;
  uint64_t submit = e->t_queued;
  for (cl_uint i = 0; i < c->nwait; i++) {
    if (c->wait[i]->status < 0) dep_failed = 1;
    if (c->wait[i]->t_end > submit) submit = c->wait[i]->t_end;
  }
  e->t_submit = submit;
  rt_event_set_status(e, CL_SUBMITTED);
  if (d->now_ns < submit) d->now_ns = submit;
  e->t_start = d->now_ns;
  rt_event_set_status(e, CL_RUNNING);
  uint64_t dur = 0;
  cl_int st = dep_failed ? CL_EXEC_STATUS_ERROR_FOR_EVENTS_IN_WAIT_LIST : c->run(c, &dur);
  d->now_ns += dur;
  e->t_end = d->now_ns;
  if (e->t_end > q->last_end) q->last_end = e->t_end;
  /* A command that did not run because its wait list failed is reported by
   * its event only (5.9); clFinish reports the queue's own faults. */
  if (st < 0 && !dep_failed) q->failed = 1;
  rt_event_set_status(e, st < 0 ? st : CL_COMPLETE);
}

static void rt_cmd_free(rt_cmd *c) {
  for (cl_uint i = 0; i < c->nwait; i++) rt_event_release_internal(c->wait[i]);
  if (c->fini) c->fini(c);
  free(c->wait);
  rt_event_release_internal(c->event);
  free(c);
}

void rt_cmd_discard(rt_cmd *c) {
  rt_cmd_free(c);
}

/* Whether command c of queue q may start. In order: only the head. Out of
 * order: any command whose wait list is satisfied, except that a barrier
 * (and a marker without a wait list, which waits for everything before it)
 * starts only at the head, and nothing behind a barrier overtakes it. */
static int rt_cmd_may_start(const struct _cl_command_queue *q, const rt_cmd *c) {
  if (!rt_cmd_ready(c)) return 0;
  if (c == q->head) return 1;
  if (!(q->props & CL_QUEUE_OUT_OF_ORDER_EXEC_MODE_ENABLE)) return 0;
  cl_command_type t = c->event->type;
  if (t == CL_COMMAND_BARRIER || (t == CL_COMMAND_MARKER && c->nwait == 0)) return 0;
  for (const rt_cmd *b = q->head; b != c; b = b->next)
    if (b->event->type == CL_COMMAND_BARRIER) return 0;
  return 1;
}

/* One pass over every queue; restarts after each command because callbacks
 * may create or release queues and contexts. The running command stays at
 * the head of its queue (so clFinish keeps waiting) and the queue is marked
 * busy so that a callback's enqueue cannot overtake it. */
void rt_drain(void) {
  struct _cl_platform_id *p = rt_platform_get();
  rt_lock();
restart:
  for (struct _cl_context *ctx = p->contexts; ctx; ctx = ctx->next) {
    for (struct _cl_command_queue *q = ctx->queues; q; q = q->next) {
      if (q->busy) continue;
      rt_cmd *c = q->head, *prev = NULL;
      while (c && !rt_cmd_may_start(q, c)) {
        prev = c;
        c = c->next;
      }
      if (!c) continue;
      q->busy = 1;
      rt_cmd_execute(q, c);
      /* Unlink; commands enqueued by callbacks went to the tail meanwhile. */
      if (prev)
        prev->next = c->next;
      else
        q->head = c->next;
      if (q->tail == c) q->tail = prev;
      q->busy = 0;
      rt_cmd_free(c);
      pthread_cond_broadcast(&p->cond);
      goto restart;
    }
  }
  rt_unlock();
}

cl_int rt_submit(struct _cl_command_queue *q, rt_cmd *c, cl_event *event_out, int blocking) {
  struct _cl_platform_id *p = rt_platform_get();
  rt_lock();
  struct _cl_event *e = c->event;
  e->refs++; /* ours until we return */
  if (q->tail)
    q->tail->next = c;
  else
    q->head = c;
  q->tail = c;
  if (event_out) {
    e->refs++;
    *event_out = e;
  }
  rt_drain();
  while (blocking && e->status > CL_COMPLETE) pthread_cond_wait(&p->cond, &p->lock);
  if (blocking) rt_host_observe(e->t_end);
  cl_int st = e->status;
  rt_unlock();
  rt_event_release_internal(e);
  return blocking && st < 0 ? CL_EXEC_STATUS_ERROR_FOR_EVENTS_IN_WAIT_LIST : CL_SUCCESS;
}

/* ---- markers, barriers ---------------------------------------------------- */

static cl_int rt_nop_run(rt_cmd *c, uint64_t *dur) {
  (void)c;
  *dur = 0;
  return CL_COMPLETE;
}

/* Every command of an in-order queue already waits for the ones before it,
 * so markers and barriers only add their wait list; in an out-of-order queue
 * rt_cmd_may_start gives them their ordering. */
static cl_int rt_enqueue_sync(cl_command_queue q, cl_command_type type, cl_uint n,
                              const cl_event *list, cl_event *event) {
  if (!RT_VALID(q, RT_MAGIC_QUEUE)) return CL_INVALID_COMMAND_QUEUE;
  cl_int e = rt_check_wait_list(q->ctx, n, list);
  if (e != CL_SUCCESS) return e;
  rt_cmd *c = rt_cmd_new(sizeof *c, q, type, n, list);
  if (!c) return CL_OUT_OF_HOST_MEMORY;
  c->run = rt_nop_run;
  return rt_submit(q, c, event, 0);
}

CL_API_ENTRY cl_int CL_API_CALL clEnqueueMarkerWithWaitList(cl_command_queue q, cl_uint n,
                                                            const cl_event *list, cl_event *event) {
  return rt_enqueue_sync(q, CL_COMMAND_MARKER, n, list, event);
}

CL_API_ENTRY cl_int CL_API_CALL clEnqueueBarrierWithWaitList(cl_command_queue q, cl_uint n,
                                                             const cl_event *list,
                                                             cl_event *event) {
  return rt_enqueue_sync(q, CL_COMMAND_BARRIER, n, list, event);
}

CL_API_ENTRY cl_int CL_API_CALL clEnqueueMarker(cl_command_queue q, cl_event *event) {
  if (!event) return CL_INVALID_VALUE;
  return rt_enqueue_sync(q, CL_COMMAND_MARKER, 0, NULL, event);
}

CL_API_ENTRY cl_int CL_API_CALL clEnqueueBarrier(cl_command_queue q) {
  return rt_enqueue_sync(q, CL_COMMAND_BARRIER, 0, NULL, NULL);
}

CL_API_ENTRY cl_int CL_API_CALL clEnqueueWaitForEvents(cl_command_queue q, cl_uint n,
                                                       const cl_event *list) {
  if (n == 0 || !list) return CL_INVALID_VALUE;
  cl_int e = rt_enqueue_sync(q, CL_COMMAND_BARRIER, n, list, NULL);
  return e == CL_INVALID_EVENT_WAIT_LIST ? CL_INVALID_EVENT : e;
}
