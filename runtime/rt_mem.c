/* Memory objects: buffers and sub-buffers in simulated device memory (a
 * CL_MEM_USE_HOST_PTR buffer's device bytes are the user's memory), flag
 * validation, queries, destructor callbacks, the storage images share. */
#include <stdlib.h>
#include <string.h>

#include "rt.h"

#define RT_MEM_RW_FLAGS (CL_MEM_READ_WRITE | CL_MEM_WRITE_ONLY | CL_MEM_READ_ONLY)
#define RT_MEM_HOST_FLAGS (CL_MEM_HOST_WRITE_ONLY | CL_MEM_HOST_READ_ONLY | CL_MEM_HOST_NO_ACCESS)
#define RT_MEM_PTR_FLAGS (CL_MEM_USE_HOST_PTR | CL_MEM_ALLOC_HOST_PTR | CL_MEM_COPY_HOST_PTR)

static int rt_popcount(cl_mem_flags f) {
  int n = 0;
  for (; f; f &= f - 1) n++;
  return n;
}

/* The access and host-access flag groups each allow at most one flag. */
static cl_int rt_check_flag_groups(cl_mem_flags flags) {
  if (flags & ~(cl_mem_flags)(RT_MEM_RW_FLAGS | RT_MEM_HOST_FLAGS | RT_MEM_PTR_FLAGS))
    return CL_INVALID_VALUE;
  if (rt_popcount(flags & RT_MEM_RW_FLAGS) > 1) return CL_INVALID_VALUE;
  if (rt_popcount(flags & RT_MEM_HOST_FLAGS) > 1) return CL_INVALID_VALUE;
  return CL_SUCCESS;
}

uint64_t rt_transfer_ns(struct _cl_device_id *d, size_t bytes) {
  /* A simple bandwidth model: GB/s is bytes per nanosecond. */
  return (uint64_t)((double)bytes / d->cfg->dram_bandwidth_gbs + 0.5);
}

uint64_t rt_host_transfer_ns(struct _cl_device_id *d, size_t bytes) {
  /* Across the host link: a fixed latency, then its bandwidth. */
  return (uint64_t)d->cfg->host_link_latency_ns +
         (uint64_t)((double)bytes / d->cfg->host_link_bandwidth_gbs + 0.5);
}

void *rt_mem_host(struct _cl_mem *m, size_t offset, size_t size) {
  /* Every device of the context maps the same bytes: ask the first. */
  return sim_mem_host(m->ctx->devices[0]->sim, m->addr[0] + offset, size ? size : 1);
}

cl_int rt_mem_check_flags(cl_mem_flags flags) {
  cl_int e = rt_check_flag_groups(flags);
  if (e == CL_SUCCESS && (flags & CL_MEM_USE_HOST_PTR) &&
      (flags & (CL_MEM_ALLOC_HOST_PTR | CL_MEM_COPY_HOST_PTR)))
    e = CL_INVALID_VALUE;
  return e;
}

/* The smallest CL_DEVICE_MAX_MEM_ALLOC_SIZE among the context's devices: a
 * buffer must fit on each of them. */
uint64_t rt_mem_max_alloc(struct _cl_context *ctx) {
  uint64_t m = UINT64_MAX;
  for (cl_uint i = 0; i < ctx->ndev; i++) {
    cl_ulong v = 0;
    clGetDeviceInfo(ctx->devices[i], CL_DEVICE_MAX_MEM_ALLOC_SIZE, sizeof v, &v, NULL);
    if (v < m) m = v;
  }
  return m;
}

/* Frees a buffer's mappings: the other devices' first, then the first
 * device's, which owns the bytes (unless they are the user's). */
void rt_mem_storage_free(struct _cl_context *ctx, const uint64_t *addr) {
  for (cl_uint i = ctx->ndev; i-- > 0;)
    if (addr[i]) sim_mem_free(ctx->devices[i]->sim, addr[i]);
}

/* Allocates the storage on the context's first device and maps the same
 * bytes into every other device, so a kernel on any device of the context
 * reads what another wrote (caller holds the lock). Returns 0 or -1. */
int rt_mem_storage_alloc(struct _cl_context *ctx, size_t size, void *use_host, uint64_t *addr) {
  addr[0] = sim_mem_alloc(ctx->devices[0]->sim, size, use_host);
  if (!addr[0]) return -1;
  void *bytes = sim_mem_host(ctx->devices[0]->sim, addr[0], size);
  for (cl_uint i = 1; i < ctx->ndev; i++) {
    addr[i] = sim_mem_alloc(ctx->devices[i]->sim, size, bytes);
    if (!addr[i]) {
      rt_mem_storage_free(ctx, addr);
      return -1;
    }
  }
  return 0;
}

struct _cl_mem *rt_mem_new(struct _cl_context *ctx, cl_mem_flags flags, size_t size) {
  struct _cl_mem *m = calloc(1, sizeof *m);
  if (!m) return NULL;
  m->dispatch = &rt_dispatch;
  m->magic = RT_MAGIC_MEM;
  m->refs = 1;
  m->ctx = ctx;
  m->flags = flags;
  m->size = size;
  rt_context_retain(ctx);
  return m;
}

CL_API_ENTRY cl_mem CL_API_CALL clCreateBuffer(cl_context ctx, cl_mem_flags flags, size_t size,
                                               void *host_ptr, cl_int *errcode_ret) {
  if (!RT_VALID(ctx, RT_MAGIC_CONTEXT)) {
    rt_err(errcode_ret, CL_INVALID_CONTEXT);
    return NULL;
  }
  cl_int e = rt_check_flag_groups(flags);
  if (e == CL_SUCCESS && (flags & CL_MEM_USE_HOST_PTR) &&
      (flags & (CL_MEM_ALLOC_HOST_PTR | CL_MEM_COPY_HOST_PTR)))
    e = CL_INVALID_VALUE;
  if (e == CL_SUCCESS && (size == 0 || size > rt_mem_max_alloc(ctx))) e = CL_INVALID_BUFFER_SIZE;
  int wants_ptr = (flags & (CL_MEM_USE_HOST_PTR | CL_MEM_COPY_HOST_PTR)) != 0;
  if (e == CL_SUCCESS && wants_ptr != (host_ptr != NULL)) e = CL_INVALID_HOST_PTR;
  if (e != CL_SUCCESS) {
    rt_err(errcode_ret, e);
    return NULL;
  }
  if (!(flags & RT_MEM_RW_FLAGS)) flags |= CL_MEM_READ_WRITE;
  struct _cl_mem *m = rt_mem_new(ctx, flags, size);
  if (!m) {
    rt_err(errcode_ret, CL_OUT_OF_HOST_MEMORY);
    return NULL;
  }
  rt_lock();
  int rc =
      rt_mem_storage_alloc(ctx, size, (flags & CL_MEM_USE_HOST_PTR) ? host_ptr : NULL, m->addr);
  rt_unlock();
  if (rc != 0) {
    rt_context_release(ctx);
    free(m);
    rt_err(errcode_ret, CL_MEM_OBJECT_ALLOCATION_FAILURE);
    return NULL;
  }
  if (flags & CL_MEM_USE_HOST_PTR) m->host_ptr = host_ptr;
  if (flags & CL_MEM_COPY_HOST_PTR) {
    void *dst = rt_mem_host(m, 0, size);
    if (dst) memcpy(dst, host_ptr, size);
    /* the upload passes through each device's L2 (l2.host_write_bytes) */
    rt_lock();
    for (cl_uint i = 0; i < ctx->ndev; i++)
      if (ctx->devices[i]->sim) sim_mem_wrote(ctx->devices[i]->sim, m->addr[i], size);
    rt_unlock();
  }
  rt_err(errcode_ret, CL_SUCCESS);
  return m;
}

CL_API_ENTRY cl_mem CL_API_CALL clCreateBufferWithProperties(cl_context ctx,
                                                             const cl_mem_properties *props,
                                                             cl_mem_flags flags, size_t size,
                                                             void *host_ptr, cl_int *errcode_ret) {
  if (props && props[0] != 0) {
    rt_err(errcode_ret, CL_INVALID_PROPERTY); /* no buffer properties are defined */
    return NULL;
  }
  return clCreateBuffer(ctx, flags, size, host_ptr, errcode_ret);
}

CL_API_ENTRY cl_mem CL_API_CALL clCreateSubBuffer(cl_mem parent, cl_mem_flags flags,
                                                  cl_buffer_create_type type, const void *info,
                                                  cl_int *errcode_ret) {
  if (!RT_VALID(parent, RT_MAGIC_MEM) || parent->img) {
    rt_err(errcode_ret, CL_INVALID_MEM_OBJECT);
    return NULL;
  }
  if (parent->parent || type != CL_BUFFER_CREATE_TYPE_REGION || !info ||
      (flags & RT_MEM_PTR_FLAGS) || rt_check_flag_groups(flags) != CL_SUCCESS) {
    rt_err(errcode_ret, parent->parent ? CL_INVALID_MEM_OBJECT : CL_INVALID_VALUE);
    return NULL;
  }
  /* Access flags must not widen the parent's. */
  if (((parent->flags & CL_MEM_WRITE_ONLY) && (flags & (CL_MEM_READ_WRITE | CL_MEM_READ_ONLY))) ||
      ((parent->flags & CL_MEM_READ_ONLY) && (flags & (CL_MEM_READ_WRITE | CL_MEM_WRITE_ONLY)))) {
    rt_err(errcode_ret, CL_INVALID_VALUE);
    return NULL;
  }
  /* Host access flags must not widen the parent's either. */
  if (((parent->flags & CL_MEM_HOST_WRITE_ONLY) && (flags & CL_MEM_HOST_READ_ONLY)) ||
      ((parent->flags & CL_MEM_HOST_READ_ONLY) && (flags & CL_MEM_HOST_WRITE_ONLY)) ||
      ((parent->flags & CL_MEM_HOST_NO_ACCESS) &&
       (flags & (CL_MEM_HOST_READ_ONLY | CL_MEM_HOST_WRITE_ONLY)))) {
    rt_err(errcode_ret, CL_INVALID_VALUE);
    return NULL;
  }
  const cl_buffer_region *r = info;
  if (r->size == 0) {
    rt_err(errcode_ret, CL_INVALID_BUFFER_SIZE);
    return NULL;
  }
  if (r->origin > parent->size || r->size > parent->size - r->origin) {
    rt_err(errcode_ret, CL_INVALID_VALUE);
    return NULL;
  }
  if (r->origin % 128) { /* CL_DEVICE_MEM_BASE_ADDR_ALIGN is 1024 bits */
    rt_err(errcode_ret, CL_MISALIGNED_SUB_BUFFER_OFFSET);
    return NULL;
  }
  struct _cl_mem *m = calloc(1, sizeof *m);
  if (!m) {
    rt_err(errcode_ret, CL_OUT_OF_HOST_MEMORY);
    return NULL;
  }
  m->dispatch = &rt_dispatch;
  m->magic = RT_MAGIC_MEM;
  m->refs = 1;
  m->ctx = parent->ctx;
  m->flags = (flags & (RT_MEM_RW_FLAGS | RT_MEM_HOST_FLAGS)) ? flags : 0;
  if (!(m->flags & RT_MEM_RW_FLAGS)) m->flags |= parent->flags & RT_MEM_RW_FLAGS;
  if (!(m->flags & RT_MEM_HOST_FLAGS)) m->flags |= parent->flags & RT_MEM_HOST_FLAGS;
  m->flags |= parent->flags & RT_MEM_PTR_FLAGS;
  m->size = r->size;
  m->origin = r->origin;
  for (cl_uint i = 0; i < m->ctx->ndev; i++) m->addr[i] = parent->addr[i] + r->origin;
  if (parent->host_ptr) m->host_ptr = (char *)parent->host_ptr + r->origin;
  m->parent = parent;
  rt_mem_retain(parent);
  rt_context_retain(m->ctx);
  rt_err(errcode_ret, CL_SUCCESS);
  return m;
}

void rt_mem_retain(struct _cl_mem *m) {
  rt_lock();
  m->refs++;
  rt_unlock();
}

void rt_mem_release(struct _cl_mem *m) {
  rt_lock();
  if (--m->refs > 0) {
    rt_unlock();
    return;
  }
  /* Destructor callbacks run in reverse order of registration (spec): the
   * list is kept newest first. */
  for (rt_dtor *d = m->dtors; d;) {
    rt_dtor *n = d->next;
    d->fn.mem(m, d->data);
    free(d);
    d = n;
  }
  m->magic = RT_MAGIC_DEAD;
  if (m->img) rt_image_free(m);
  if (m->parent)
    rt_mem_release(m->parent);
  else
    rt_mem_storage_free(m->ctx, m->addr);
  rt_unlock();
  rt_context_release(m->ctx);
  free(m);
}

CL_API_ENTRY cl_int CL_API_CALL clRetainMemObject(cl_mem m) {
  if (!RT_VALID(m, RT_MAGIC_MEM)) return CL_INVALID_MEM_OBJECT;
  rt_mem_retain(m);
  return CL_SUCCESS;
}

CL_API_ENTRY cl_int CL_API_CALL clReleaseMemObject(cl_mem m) {
  if (!RT_VALID(m, RT_MAGIC_MEM)) return CL_INVALID_MEM_OBJECT;
  rt_mem_release(m);
  return CL_SUCCESS;
}

CL_API_ENTRY cl_int CL_API_CALL clSetMemObjectDestructorCallback(cl_mem m, rt_mem_cb fn,
                                                                 void *data) {
  if (!RT_VALID(m, RT_MAGIC_MEM)) return CL_INVALID_MEM_OBJECT;
  if (!fn) return CL_INVALID_VALUE;
  return rt_dtor_push(&m->dtors, (rt_dtor){.fn.mem = fn, .data = data});
}

CL_API_ENTRY cl_int CL_API_CALL clGetMemObjectInfo(cl_mem m, cl_mem_info param, size_t size,
                                                   void *value, size_t *size_ret) {
  if (!RT_VALID(m, RT_MAGIC_MEM)) return CL_INVALID_MEM_OBJECT;
  switch (param) {
  case CL_MEM_TYPE:
    RT_INFO_VAL(cl_mem_object_type, m->img ? m->img->type : CL_MEM_OBJECT_BUFFER);
  case CL_MEM_FLAGS:
    RT_INFO_VAL(cl_mem_flags, m->flags);
  case CL_MEM_SIZE:
    RT_INFO_VAL(size_t, m->size);
  case CL_MEM_HOST_PTR:
    RT_INFO_VAL(void *, m->host_ptr);
  case CL_MEM_MAP_COUNT:
    RT_INFO_VAL(cl_uint, m->map_count);
  case CL_MEM_REFERENCE_COUNT:
    RT_INFO_VAL(cl_uint, m->refs);
  case CL_MEM_CONTEXT:
    RT_INFO_VAL(cl_context, m->ctx);
  case CL_MEM_ASSOCIATED_MEMOBJECT:
    RT_INFO_VAL(cl_mem, m->parent);
  case CL_MEM_OFFSET:
    RT_INFO_VAL(size_t, m->origin);
  case CL_MEM_USES_SVM_POINTER:
    RT_INFO_VAL(cl_bool, CL_FALSE);
  default:
    return CL_INVALID_VALUE;
  }
}
