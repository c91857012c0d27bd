/* Commands and events: the queues (commands run at enqueue unless a wait
 * list holds them back; out-of-order queues let later ready commands pass
 * held ones, barriers excepted), event status and simulated-time profiling,
 * callbacks, user events, markers, barriers and clWaitForEvents. */
#include <stdlib.h>
#include <string.h>

#include "rt.h"

/* Called with the lock held. A callback may release the event (apps release
 * it in its own CL_COMPLETE callback) or register more callbacks on it, so
 * the event is held for the duration and the walk restarts after each call. */
static void rt_fire_callbacks(struct _cl_event *e) {
  if (!e->callbacks) return;
  e->refs++;
  rt_event_callback **pp = &e->callbacks;
  while (*pp) {
    rt_event_callback *cb = *pp;
    /* Status counts down: QUEUED 3, SUBMITTED 2, RUNNING 1, COMPLETE 0, errors < 0. */
    if (e->status <= cb->when) {
      *pp = cb->next;
      cb->fn(e, e->status < 0 ? e->status : cb->when, cb->data);
      free(cb);
      pp = &e->callbacks;
    } else {
      pp = &cb->next;
    }
  }
  rt_event_release_internal(e);
}

static void rt_set_status(struct _cl_event *e, cl_int status) {
  e->status = status;
  rt_fire_callbacks(e);
  pthread_cond_broadcast(&rt_platform_get()->cond);
}

void rt_event_release_internal(struct _cl_event *e) {
  rt_lock();
  if (--e->refs > 0) {
    rt_unlock();
    return;
  }
  e->magic = RT_MAGIC_DEAD;
  rt_unlock();
  while (e->callbacks) {
    rt_event_callback *n = e->callbacks->next;
    free(e->callbacks);
    e->callbacks = n;
  }
  if (e->queue) clReleaseCommandQueue(e->queue);
  rt_context_release(e->ctx);
  free(e);
}

static struct _cl_event *rt_event_new(struct _cl_context *ctx, struct _cl_command_queue *q,
                                      cl_command_type type) {
  struct _cl_event *e = calloc(1, sizeof *e);
  if (!e) return NULL;
  e->dispatch = &rt_dispatch;
  e->magic = RT_MAGIC_EVENT;
  e->refs = 1;
  e->ctx = ctx;
  e->type = type;
  rt_context_retain(ctx);
  if (q) {
    clRetainCommandQueue(q);
    e->queue = q;
    e->status = CL_QUEUED;
    e->t_queued = e->t_submit = q->ctx->platform->host_ns; /* enqueued at host time */
  } else {
    e->status = CL_SUBMITTED; /* user events start submitted (spec) */
  }
  return e;
}

cl_int rt_check_wait_list(struct _cl_context *ctx, cl_uint n, const cl_event *list) {
  if ((n > 0) != (list != NULL)) return CL_INVALID_EVENT_WAIT_LIST;
  for (cl_uint i = 0; i < n; i++) {
    if (!RT_VALID(list[i], RT_MAGIC_EVENT)) return CL_INVALID_EVENT_WAIT_LIST;
    if (ctx && list[i]->ctx != ctx) return CL_INVALID_CONTEXT;
  }
  return CL_SUCCESS;
}

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
  rt_set_status(e, CL_SUBMITTED);
  if (d->now_ns < submit) d->now_ns = submit;
  e->t_start = d->now_ns;
  rt_set_status(e, CL_RUNNING);
  uint64_t dur = 0;
  cl_int st = dep_failed ? CL_EXEC_STATUS_ERROR_FOR_EVENTS_IN_WAIT_LIST : c->run(c, &dur);
  d->now_ns += dur;
  e->t_end = d->now_ns;
  if (e->t_end > q->last_end) q->last_end = e->t_end;
  /* A command that did not run because its wait list failed is reported by
   * its event only (5.9); clFinish reports the queue's own faults. */
  if (st < 0 && !dep_failed) q->failed = 1;
  rt_set_status(e, st < 0 ? st : CL_COMPLETE);
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

/* ---- the cl* event API ---------------------------------------------------- */

CL_API_ENTRY cl_int CL_API_CALL clRetainEvent(cl_event e) {
  if (!RT_VALID(e, RT_MAGIC_EVENT)) return CL_INVALID_EVENT;
  rt_lock();
  e->refs++;
  rt_unlock();
  return CL_SUCCESS;
}

CL_API_ENTRY cl_int CL_API_CALL clReleaseEvent(cl_event e) {
  if (!RT_VALID(e, RT_MAGIC_EVENT)) return CL_INVALID_EVENT;
  rt_event_release_internal(e);
  return CL_SUCCESS;
}

CL_API_ENTRY cl_int CL_API_CALL clWaitForEvents(cl_uint n, const cl_event *list) {
  if (n == 0 || !list) return CL_INVALID_VALUE;
  for (cl_uint i = 0; i < n; i++) {
    if (!RT_VALID(list[i], RT_MAGIC_EVENT)) return CL_INVALID_EVENT;
    if (list[i]->ctx != list[0]->ctx) return CL_INVALID_CONTEXT;
  }
  struct _cl_platform_id *p = rt_platform_get();
  rt_lock();
  rt_drain();
  int failed = 0;
  for (cl_uint i = 0; i < n; i++) {
    while (list[i]->status > CL_COMPLETE) pthread_cond_wait(&p->cond, &p->lock);
    if (list[i]->status < 0) failed = 1;
    rt_host_observe(list[i]->t_end);
  }
  rt_unlock();
  return failed ? CL_EXEC_STATUS_ERROR_FOR_EVENTS_IN_WAIT_LIST : CL_SUCCESS;
}

CL_API_ENTRY cl_int CL_API_CALL clGetEventInfo(cl_event e, cl_event_info param, size_t size,
                                               void *value, size_t *size_ret) {
  if (!RT_VALID(e, RT_MAGIC_EVENT)) return CL_INVALID_EVENT;
  switch (param) {
  case CL_EVENT_COMMAND_QUEUE:
    RT_INFO_VAL(cl_command_queue, e->queue);
  case CL_EVENT_CONTEXT:
    RT_INFO_VAL(cl_context, e->ctx);
  case CL_EVENT_COMMAND_TYPE:
    RT_INFO_VAL(cl_command_type, e->type);
  case CL_EVENT_COMMAND_EXECUTION_STATUS:
    RT_INFO_VAL(cl_int, e->status);
  case CL_EVENT_REFERENCE_COUNT:
    RT_INFO_VAL(cl_uint, e->refs);
  default:
    return CL_INVALID_VALUE;
  }
}

/* Timestamps are simulated nanoseconds (rt_cmd_execute says what each one
 * means): START to END of a kernel is exactly its simulated time. */
CL_API_ENTRY cl_int CL_API_CALL clGetEventProfilingInfo(cl_event e, cl_profiling_info param,
                                                        size_t size, void *value,
                                                        size_t *size_ret) {
  if (!RT_VALID(e, RT_MAGIC_EVENT)) return CL_INVALID_EVENT;
  if (!e->queue || !(e->queue->props & CL_QUEUE_PROFILING_ENABLE) || e->status != CL_COMPLETE)
    return CL_PROFILING_INFO_NOT_AVAILABLE;
  switch (param) {
  case CL_PROFILING_COMMAND_QUEUED:
    RT_INFO_VAL(cl_ulong, e->t_queued);
  case CL_PROFILING_COMMAND_SUBMIT:
    RT_INFO_VAL(cl_ulong, e->t_submit);
  case CL_PROFILING_COMMAND_START:
    RT_INFO_VAL(cl_ulong, e->t_start);
  case CL_PROFILING_COMMAND_END:
  case CL_PROFILING_COMMAND_COMPLETE:
    RT_INFO_VAL(cl_ulong, e->t_end);
  default:
    return CL_INVALID_VALUE;
  }
}

CL_API_ENTRY cl_int CL_API_CALL clSetEventCallback(cl_event e, cl_int when, rt_event_cb fn,
                                                   void *data) {
  if (!RT_VALID(e, RT_MAGIC_EVENT)) return CL_INVALID_EVENT;
  if (!fn || (when != CL_SUBMITTED && when != CL_RUNNING && when != CL_COMPLETE))
    return CL_INVALID_VALUE;
  rt_event_callback *cb = calloc(1, sizeof *cb);
  if (!cb) return CL_OUT_OF_HOST_MEMORY;
  cb->fn = fn;
  cb->data = data;
  cb->when = when;
  rt_lock();
  cb->next = e->callbacks;
  e->callbacks = cb;
  rt_fire_callbacks(e); /* already past that point: call it now */
  rt_unlock();
  return CL_SUCCESS;
}

CL_API_ENTRY cl_event CL_API_CALL clCreateUserEvent(cl_context ctx, cl_int *errcode_ret) {
  if (!RT_VALID(ctx, RT_MAGIC_CONTEXT)) {
    rt_err(errcode_ret, CL_INVALID_CONTEXT);
    return NULL;
  }
  rt_lock();
  struct _cl_event *e = rt_event_new(ctx, NULL, CL_COMMAND_USER);
  rt_unlock();
  rt_err(errcode_ret, e ? CL_SUCCESS : CL_OUT_OF_HOST_MEMORY);
  return e;
}

CL_API_ENTRY cl_int CL_API_CALL clSetUserEventStatus(cl_event e, cl_int status) {
  if (!RT_VALID(e, RT_MAGIC_EVENT) || e->type != CL_COMMAND_USER) return CL_INVALID_EVENT;
  if (status > CL_COMPLETE) return CL_INVALID_VALUE;
  rt_lock();
  if (e->status <= CL_COMPLETE) {
    rt_unlock();
    return CL_INVALID_OPERATION; /* set once only */
  }
  e->t_end = e->ctx->platform->host_ns; /* the host sets it now */
  rt_set_status(e, status);
  rt_drain();
  rt_unlock();
  return CL_SUCCESS;
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
