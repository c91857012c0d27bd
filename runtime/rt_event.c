/* Events: status and simulated-time profiling, callbacks, reference counting,
 * user events and clWaitForEvents (commands and their queues: rt_queue.c). */
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

void rt_event_set_status(struct _cl_event *e, cl_int status) {
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

struct _cl_event *rt_event_new(struct _cl_context *ctx, struct _cl_command_queue *q,
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
  rt_event_set_status(e, status);
  rt_drain();
  rt_unlock();
  return CL_SUCCESS;
}
