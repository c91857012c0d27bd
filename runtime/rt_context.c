/* Contexts: creation with property validation, queries, reference counting
 * and destructor callbacks (their queues: rt_queue.c). */
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
  /* Every object of the context held a reference to it, so all are gone:
   * the destructor callbacks run now, newest first (OpenCL 3.0 5.4), outside
   * the lock since they may call the API. */
  for (rt_dtor *d = c->dtors; d;) {
    rt_dtor *n = d->next;
    d->fn.ctx(c, d->data);
    free(d);
    d = n;
  }
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

CL_API_ENTRY cl_int CL_API_CALL clSetContextDestructorCallback(cl_context c, rt_ctx_cb fn,
                                                               void *data) {
  if (!RT_VALID(c, RT_MAGIC_CONTEXT)) return CL_INVALID_CONTEXT;
  if (!fn) return CL_INVALID_VALUE;
  return rt_dtor_push(&c->dtors, (rt_dtor){.fn.ctx = fn, .data = data});
}
