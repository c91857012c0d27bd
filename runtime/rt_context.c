/* Contexts and command queues: creation with property validation, queries,
 * reference counting, clFlush/clFinish. */
#include <stdlib.h>
#include <string.h>

#include "rt.h"

/* Parses context properties: only CL_CONTEXT_PLATFORM (ours) is known. */
static cl_int rt_context_props(const cl_context_properties *props, cl_context_properties *out,
                               cl_uint *nout) {
  *nout = 0;
  if (!props) return CL_SUCCESS;
  int seen = 0;
  for (const cl_context_properties *p = props; *p; p += 2) {
    if (p[0] == CL_CONTEXT_PLATFORM) {
      if (seen) return CL_INVALID_PROPERTY;
      seen = 1;
      cl_platform_id plat = (cl_platform_id)p[1];
      if (!RT_VALID(plat, RT_MAGIC_PLATFORM)) return CL_INVALID_PLATFORM;
    } else if (p[0] == CL_CONTEXT_INTEROP_USER_SYNC) {
      /* accepted: there is no interop to synchronise */
    } else {
      return CL_INVALID_PROPERTY;
    }
  }
  out[0] = CL_CONTEXT_PLATFORM;
  out[1] = (cl_context_properties)rt_platform_get();
  out[2] = 0;
  *nout = 3;
  return CL_SUCCESS;
}

/* devs: checked devices of this platform (duplicates are ignored, spec). */
static cl_context rt_context_new(const cl_context_properties *props, cl_uint ndev,
                                 const cl_device_id *devs, rt_ctx_notify notify, void *data,
                                 cl_int *errcode_ret) {
  struct _cl_platform_id *p = rt_platform_get();
  struct _cl_context *c = calloc(1, sizeof *c);
  if (!c) {
    rt_err(errcode_ret, CL_OUT_OF_HOST_MEMORY);
    return NULL;
  }
  cl_int e = rt_context_props(props, c->props, &c->nprops);
  if (e != CL_SUCCESS) {
    free(c);
    rt_err(errcode_ret, e);
    return NULL;
  }
  c->dispatch = &rt_dispatch;
  c->magic = RT_MAGIC_CONTEXT;
  c->refs = 1;
  c->platform = p;
  for (cl_uint i = 0; i < ndev; i++)
    if (rt_ctx_index(c, devs[i]) < 0) c->devices[c->ndev++] = devs[i];
  c->notify = notify;
  c->notify_data = data;
  rt_lock();
  c->next = p->contexts;
  p->contexts = c;
  rt_unlock();
  rt_err(errcode_ret, CL_SUCCESS);
  return c;
}

CL_API_ENTRY cl_context CL_API_CALL clCreateContext(const cl_context_properties *props,
                                                    cl_uint ndev, const cl_device_id *devs,
                                                    rt_ctx_notify notify, void *data,
                                                    cl_int *errcode_ret) {
  if (!devs || ndev == 0 || (!notify && data)) {
    rt_err(errcode_ret, CL_INVALID_VALUE);
    return NULL;
  }
  for (cl_uint i = 0; i < ndev; i++) {
    cl_int e = rt_device_check(devs[i]);
    if (e != CL_SUCCESS) {
      rt_err(errcode_ret, e);
      return NULL;
    }
  }
  return rt_context_new(props, ndev, devs, notify, data, errcode_ret);
}

CL_API_ENTRY cl_context CL_API_CALL clCreateContextFromType(const cl_context_properties *props,
                                                            cl_device_type type,
                                                            rt_ctx_notify notify, void *data,
                                                            cl_int *errcode_ret) {
  if (!notify && data) {
    rt_err(errcode_ret, CL_INVALID_VALUE);
    return NULL;
  }
  cl_device_id d[RT_MAX_DEVICES];
  cl_uint n = 0;
  cl_int e = clGetDeviceIDs(NULL, type, RT_MAX_DEVICES, d, &n);
  if (e != CL_SUCCESS) {
    rt_err(errcode_ret, e);
    return NULL;
  }
  return rt_context_new(props, n, d, notify, data, errcode_ret);
}

void rt_context_retain(struct _cl_context *c) {
  rt_lock();
  c->refs++;
  rt_unlock();
}

void rt_context_release(struct _cl_context *c) {
  rt_lock();
  if (--c->refs > 0) {
    rt_unlock();
    return;
  }
  struct _cl_context **pp = &c->platform->contexts;
  while (*pp && *pp != c) pp = &(*pp)->next;
  if (*pp) *pp = c->next;
  c->magic = RT_MAGIC_DEAD;
  rt_unlock();
  free(c);
}

CL_API_ENTRY cl_int CL_API_CALL clRetainContext(cl_context c) {
  if (!RT_VALID(c, RT_MAGIC_CONTEXT)) return CL_INVALID_CONTEXT;
  rt_context_retain(c);
  return CL_SUCCESS;
}

CL_API_ENTRY cl_int CL_API_CALL clReleaseContext(cl_context c) {
  if (!RT_VALID(c, RT_MAGIC_CONTEXT)) return CL_INVALID_CONTEXT;
  rt_context_release(c);
  return CL_SUCCESS;
}

CL_API_ENTRY cl_int CL_API_CALL clGetContextInfo(cl_context c, cl_context_info param, size_t size,
                                                 void *value, size_t *size_ret) {
  if (!RT_VALID(c, RT_MAGIC_CONTEXT)) return CL_INVALID_CONTEXT;
  switch (param) {
  case CL_CONTEXT_REFERENCE_COUNT:
    RT_INFO_VAL(cl_uint, c->refs);
  case CL_CONTEXT_NUM_DEVICES:
    RT_INFO_VAL(cl_uint, c->ndev);
  case CL_CONTEXT_DEVICES:
    return rt_info(size, value, size_ret, c->devices, c->ndev * sizeof(cl_device_id));
  case CL_CONTEXT_PROPERTIES:
    return rt_info(size, value, size_ret, c->props, c->nprops * sizeof(cl_context_properties));
  default:
    return CL_INVALID_VALUE;
  }
}

CL_API_ENTRY cl_int CL_API_CALL clSetContextDestructorCallback(
    cl_context c, void(CL_CALLBACK *fn)(cl_context, void *), void *data) {
  (void)data;
  if (!RT_VALID(c, RT_MAGIC_CONTEXT)) return CL_INVALID_CONTEXT;
  if (!fn) return CL_INVALID_VALUE;
  return CL_INVALID_OPERATION; /* an OpenCL 3.0 entry point; the device reports 1.2 */
}

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
