/* Buffer commands: read, write, copy (linear and rectangular), fill, map,
 * unmap (of images too: rt_image_cmd.c) and migrate. Device memory lives in this process, so each
 * is a memcpy timed by a simple bandwidth model. */
#include <stdlib.h>
#include <string.h>

#include "rt.h"

typedef struct rt_xfer {
  rt_cmd base;
  struct _cl_mem *src, *dst; /* retained; either may be NULL (host side) */
  size_t src_off, dst_off, size;
  void *host; /* read destination / write source */
  /* rectangles: origins are byte offsets already folded into *_off */
  size_t region[3];
  size_t src_row, src_slice, dst_row, dst_slice;
  int rect;
  uint8_t pattern[128];
  size_t pattern_size;
} rt_xfer;

static void rt_xfer_fini(rt_cmd *c) {
  rt_xfer *x = (rt_xfer *)c;
  if (x->src) rt_mem_release(x->src);
  if (x->dst) rt_mem_release(x->dst);
}

static uint8_t *rt_xfer_ptr(struct _cl_mem *m, void *host, size_t off, size_t size) {
  return m ? rt_mem_host(m, off, size) : (uint8_t *)host + off;
}

/* The command wrote m's bytes [off, off + size) on its queue's device: its
 * L2 keeps part of them (l2.host_write_bytes). Commands run under the lock. */
static void rt_xfer_wrote(rt_cmd *c, struct _cl_mem *m, size_t off, size_t size) {
  struct _cl_device_id *d = c->event->queue->device;
  int di = rt_ctx_index(m->ctx, d);
  if (d->sim && di >= 0) sim_mem_wrote(d->sim, m->addr[di] + off, size);
}

static cl_int rt_xfer_copy_run(rt_cmd *c, uint64_t *dur) {
  rt_xfer *x = (rt_xfer *)c;
  struct _cl_device_id *d = c->event->queue->device;
  size_t total;
  if (!x->rect) {
    total = x->size;
    uint8_t *s = rt_xfer_ptr(x->src, x->host, x->src_off, total);
    uint8_t *t = rt_xfer_ptr(x->dst, x->host, x->dst_off, total);
    /* A USE_HOST_PTR buffer read into its own host memory is the same bytes. */
    if (s && t && s != t) memmove(t, s, total);
    if (x->dst) rt_xfer_wrote(c, x->dst, x->dst_off, total);
  } else {
    total = x->region[0] * x->region[1] * x->region[2];
    for (size_t z = 0; z < x->region[2]; z++)
      for (size_t y = 0; y < x->region[1]; y++) {
        size_t so = x->src_off + z * x->src_slice + y * x->src_row;
        size_t to = x->dst_off + z * x->dst_slice + y * x->dst_row;
        uint8_t *s = rt_xfer_ptr(x->src, x->host, so, x->region[0]);
        uint8_t *t = rt_xfer_ptr(x->dst, x->host, to, x->region[0]);
        if (s && t && s != t) memmove(t, s, x->region[0]);
        if (x->dst) rt_xfer_wrote(c, x->dst, to, x->region[0]);
      }
  }
  /* A host pointer on either side means the bytes crossed the host link. */
  *dur = x->src && x->dst ? rt_transfer_ns(d, total) : rt_host_transfer_ns(d, total);
  return CL_COMPLETE;
}

static cl_int rt_xfer_fill_run(rt_cmd *c, uint64_t *dur) {
  rt_xfer *x = (rt_xfer *)c;
  uint8_t *t = rt_mem_host(x->dst, x->dst_off, x->size);
  if (t)
    for (size_t i = 0; i < x->size; i += x->pattern_size)
      memcpy(t + i, x->pattern, x->pattern_size);
  rt_xfer_wrote(c, x->dst, x->dst_off, x->size);
  *dur = rt_transfer_ns(c->event->queue->device, x->size);
  return CL_COMPLETE;
}

static cl_int rt_xfer_nop_run(rt_cmd *c, uint64_t *dur) {
  (void)c;
  *dur = 0;
  return CL_COMPLETE;
}

/* Checks the queue, a buffer of its context and the wait list. */
static cl_int rt_check_q_mem(cl_command_queue q, cl_mem m, cl_uint n, const cl_event *list) {
  if (!RT_VALID(q, RT_MAGIC_QUEUE)) return CL_INVALID_COMMAND_QUEUE;
  if (!RT_VALID(m, RT_MAGIC_MEM) || m->img)
    return CL_INVALID_MEM_OBJECT; /* images: rt_image_cmd.c */
  if (m->ctx != q->ctx) return CL_INVALID_CONTEXT;
  return rt_check_wait_list(q->ctx, n, list);
}

static rt_xfer *rt_xfer_new(cl_command_queue q, cl_command_type type, cl_uint n,
                            const cl_event *list, struct _cl_mem *src, struct _cl_mem *dst) {
  rt_xfer *x = (rt_xfer *)rt_cmd_new(sizeof *x, q, type, n, list);
  if (!x) return NULL;
  x->base.run = rt_xfer_copy_run;
  x->base.fini = rt_xfer_fini;
  if (src) rt_mem_retain(src);
  if (dst) rt_mem_retain(dst);
  x->src = src;
  x->dst = dst;
  return x;
}

CL_API_ENTRY cl_int CL_API_CALL clEnqueueReadBuffer(cl_command_queue q, cl_mem m, cl_bool blocking,
                                                    size_t off, size_t size, void *ptr, cl_uint n,
                                                    const cl_event *list, cl_event *event) {
  cl_int e = rt_check_q_mem(q, m, n, list);
  if (e != CL_SUCCESS) return e;
  if (!ptr || size == 0 || off > m->size || size > m->size - off) return CL_INVALID_VALUE;
  if (m->flags & (CL_MEM_HOST_WRITE_ONLY | CL_MEM_HOST_NO_ACCESS)) return CL_INVALID_OPERATION;
  rt_xfer *x = rt_xfer_new(q, CL_COMMAND_READ_BUFFER, n, list, m, NULL);
  if (!x) return CL_OUT_OF_HOST_MEMORY;
  x->src_off = off;
  x->size = size;
  x->host = ptr;
  return rt_submit(q, &x->base, event, blocking);
}

CL_API_ENTRY cl_int CL_API_CALL clEnqueueWriteBuffer(cl_command_queue q, cl_mem m, cl_bool blocking,
                                                     size_t off, size_t size, const void *ptr,
                                                     cl_uint n, const cl_event *list,
                                                     cl_event *event) {
  cl_int e = rt_check_q_mem(q, m, n, list);
  if (e != CL_SUCCESS) return e;
  if (!ptr || size == 0 || off > m->size || size > m->size - off) return CL_INVALID_VALUE;
  if (m->flags & (CL_MEM_HOST_READ_ONLY | CL_MEM_HOST_NO_ACCESS)) return CL_INVALID_OPERATION;
  rt_xfer *x = rt_xfer_new(q, CL_COMMAND_WRITE_BUFFER, n, list, NULL, m);
  if (!x) return CL_OUT_OF_HOST_MEMORY;
  x->dst_off = off;
  x->size = size;
  x->host = (void *)ptr; /* only read from */
  return rt_submit(q, &x->base, event, blocking);
}

CL_API_ENTRY cl_int CL_API_CALL clEnqueueCopyBuffer(cl_command_queue q, cl_mem src, cl_mem dst,
                                                    size_t src_off, size_t dst_off, size_t size,
                                                    cl_uint n, const cl_event *list,
                                                    cl_event *event) {
  cl_int e = rt_check_q_mem(q, src, n, list);
  if (e == CL_SUCCESS) e = rt_check_q_mem(q, dst, 0, NULL);
  if (e != CL_SUCCESS) return e;
  if (size == 0 || src_off > src->size || size > src->size - src_off || dst_off > dst->size ||
      size > dst->size - dst_off)
    return CL_INVALID_VALUE;
  if (src->addr[0] + src_off < dst->addr[0] + dst_off + size &&
      dst->addr[0] + dst_off < src->addr[0] + src_off + size)
    return CL_MEM_COPY_OVERLAP;
  rt_xfer *x = rt_xfer_new(q, CL_COMMAND_COPY_BUFFER, n, list, src, dst);
  if (!x) return CL_OUT_OF_HOST_MEMORY;
  x->src_off = src_off;
  x->dst_off = dst_off;
  x->size = size;
  return rt_submit(q, &x->base, event, 0);
}

CL_API_ENTRY cl_int CL_API_CALL clEnqueueFillBuffer(cl_command_queue q, cl_mem m,
                                                    const void *pattern, size_t psize, size_t off,
                                                    size_t size, cl_uint n, const cl_event *list,
                                                    cl_event *event) {
  cl_int e = rt_check_q_mem(q, m, n, list);
  if (e != CL_SUCCESS) return e;
  if (!pattern || psize == 0 || psize > 128 || (psize & (psize - 1)) || off % psize ||
      size % psize || off > m->size || size > m->size - off)
    return CL_INVALID_VALUE;
  rt_xfer *x = rt_xfer_new(q, CL_COMMAND_FILL_BUFFER, n, list, NULL, m);
  if (!x) return CL_OUT_OF_HOST_MEMORY;
  x->base.run = rt_xfer_fill_run;
  x->dst_off = off;
  x->size = size;
  memcpy(x->pattern, pattern, psize);
  x->pattern_size = psize;
  return rt_submit(q, &x->base, event, 0);
}

/* ---- rectangles ---------------------------------------------------------- */

/* Applies the default pitches and checks that the rectangle fits in `limit`
 * bytes (SIZE_MAX for host memory). Returns the byte offset of the origin. */
static cl_int rt_rect(const size_t *origin, const size_t *region, size_t *row, size_t *slice,
                      size_t limit, size_t *off) {
  if (*row == 0) *row = region[0];
  if (*slice == 0) *slice = region[1] * *row;
  if (*row < region[0] || *slice < region[1] * *row) return CL_INVALID_VALUE;
  if (*slice % *row) return CL_INVALID_VALUE;
  *off = origin[2] * *slice + origin[1] * *row + origin[0];
  size_t last = (origin[2] + region[2] - 1) * *slice + (origin[1] + region[1] - 1) * *row +
                origin[0] + region[0];
  return last > limit ? CL_INVALID_VALUE : CL_SUCCESS;
}

static cl_int rt_rect_region(const size_t *region) {
  return !region || region[0] == 0 || region[1] == 0 || region[2] == 0 ? CL_INVALID_VALUE
                                                                       : CL_SUCCESS;
}

static cl_int rt_enqueue_host_rect(cl_command_queue q, cl_mem m, int read, cl_bool blocking,
                                   const size_t *borigin, const size_t *horigin,
                                   const size_t *region, size_t brow, size_t bslice, size_t hrow,
                                   size_t hslice, void *ptr, cl_uint n, const cl_event *list,
                                   cl_event *event) {
  cl_int e = rt_check_q_mem(q, m, n, list);
  if (e != CL_SUCCESS) return e;
  if (!ptr || !borigin || !horigin || rt_rect_region(region) != CL_SUCCESS) return CL_INVALID_VALUE;
  size_t boff, hoff;
  if (rt_rect(borigin, region, &brow, &bslice, m->size, &boff) != CL_SUCCESS ||
      rt_rect(horigin, region, &hrow, &hslice, SIZE_MAX, &hoff) != CL_SUCCESS)
    return CL_INVALID_VALUE;
  rt_xfer *x = rt_xfer_new(q, read ? CL_COMMAND_READ_BUFFER_RECT : CL_COMMAND_WRITE_BUFFER_RECT, n,
                           list, read ? m : NULL, read ? NULL : m);
  if (!x) return CL_OUT_OF_HOST_MEMORY;
  x->rect = 1;
  memcpy(x->region, region, sizeof x->region);
  x->host = ptr;
  x->src_off = read ? boff : hoff;
  x->dst_off = read ? hoff : boff;
  x->src_row = read ? brow : hrow;
  x->src_slice = read ? bslice : hslice;
  x->dst_row = read ? hrow : brow;
  x->dst_slice = read ? hslice : bslice;
  return rt_submit(q, &x->base, event, blocking);
}

CL_API_ENTRY cl_int CL_API_CALL clEnqueueReadBufferRect(cl_command_queue q, cl_mem m,
                                                        cl_bool blocking, const size_t *borigin,
                                                        const size_t *horigin, const size_t *region,
                                                        size_t brow, size_t bslice, size_t hrow,
                                                        size_t hslice, void *ptr, cl_uint n,
                                                        const cl_event *list, cl_event *event) {
  if (RT_VALID(m, RT_MAGIC_MEM) && (m->flags & (CL_MEM_HOST_WRITE_ONLY | CL_MEM_HOST_NO_ACCESS)))
    return CL_INVALID_OPERATION;
  return rt_enqueue_host_rect(q, m, 1, blocking, borigin, horigin, region, brow, bslice, hrow,
                              hslice, ptr, n, list, event);
}

CL_API_ENTRY cl_int CL_API_CALL clEnqueueWriteBufferRect(
    cl_command_queue q, cl_mem m, cl_bool blocking, const size_t *borigin, const size_t *horigin,
    const size_t *region, size_t brow, size_t bslice, size_t hrow, size_t hslice, const void *ptr,
    cl_uint n, const cl_event *list, cl_event *event) {
  if (RT_VALID(m, RT_MAGIC_MEM) && (m->flags & (CL_MEM_HOST_READ_ONLY | CL_MEM_HOST_NO_ACCESS)))
    return CL_INVALID_OPERATION;
  return rt_enqueue_host_rect(q, m, 0, blocking, borigin, horigin, region, brow, bslice, hrow,
                              hslice, (void *)ptr, n, list, event);
}

/* Whether two rectangles of one memory overlap. Within one buffer (equal
 * pitches, checked before) they overlap when their extents meet in every
 * dimension; sub-buffers of one parent are compared by the byte spans the
 * rectangles cover, which may report overlap for interleaved rows. */
static int rt_rect_overlap(const struct _cl_mem *src, const struct _cl_mem *dst, const size_t *so,
                           const size_t *dorg, const size_t *region, size_t row, size_t slice,
                           size_t soff, size_t doff) {
  if (src == dst) {
    for (int i = 0; i < 3; i++)
      if (so[i] + region[i] <= dorg[i] || dorg[i] + region[i] <= so[i]) return 0;
    return 1;
  }
  const struct _cl_mem *sp = src->parent ? src->parent : src;
  const struct _cl_mem *dp = dst->parent ? dst->parent : dst;
  if (sp != dp) return 0;
  uint64_t span = (region[2] - 1) * slice + (region[1] - 1) * row + region[0];
  uint64_t s0 = src->addr[0] + soff, d0 = dst->addr[0] + doff;
  return s0 < d0 + span && d0 < s0 + span;
}

CL_API_ENTRY cl_int CL_API_CALL clEnqueueCopyBufferRect(cl_command_queue q, cl_mem src, cl_mem dst,
                                                        const size_t *sorigin,
                                                        const size_t *dorigin, const size_t *region,
                                                        size_t srow, size_t sslice, size_t drow,
                                                        size_t dslice, cl_uint n,
                                                        const cl_event *list, cl_event *event) {
  cl_int e = rt_check_q_mem(q, src, n, list);
  if (e == CL_SUCCESS) e = rt_check_q_mem(q, dst, 0, NULL);
  if (e != CL_SUCCESS) return e;
  if (!sorigin || !dorigin || rt_rect_region(region) != CL_SUCCESS) return CL_INVALID_VALUE;
  size_t soff, doff;
  if (rt_rect(sorigin, region, &srow, &sslice, src->size, &soff) != CL_SUCCESS ||
      rt_rect(dorigin, region, &drow, &dslice, dst->size, &doff) != CL_SUCCESS)
    return CL_INVALID_VALUE;
  if (src == dst && (srow != drow || sslice != dslice)) return CL_INVALID_VALUE;
  if (rt_rect_overlap(src, dst, sorigin, dorigin, region, srow, sslice, soff, doff))
    return CL_MEM_COPY_OVERLAP;
  rt_xfer *x = rt_xfer_new(q, CL_COMMAND_COPY_BUFFER_RECT, n, list, src, dst);
  if (!x) return CL_OUT_OF_HOST_MEMORY;
  x->rect = 1;
  memcpy(x->region, region, sizeof x->region);
  x->src_off = soff;
  x->dst_off = doff;
  x->src_row = srow;
  x->src_slice = sslice;
  x->dst_row = drow;
  x->dst_slice = dslice;
  return rt_submit(q, &x->base, event, 0);
}

/* ---- map, unmap, migrate ------------------------------------------------- */

cl_int rt_map_check(cl_map_flags flags, cl_mem_flags mem_flags, int bad_range) {
  if ((flags & ~(cl_map_flags)(CL_MAP_READ | CL_MAP_WRITE | CL_MAP_WRITE_INVALIDATE_REGION)) ||
      ((flags & CL_MAP_WRITE_INVALIDATE_REGION) && (flags & (CL_MAP_READ | CL_MAP_WRITE))) ||
      bad_range)
    return CL_INVALID_VALUE;
  if (((flags & CL_MAP_READ) && (mem_flags & (CL_MEM_HOST_WRITE_ONLY | CL_MEM_HOST_NO_ACCESS))) ||
      ((flags & (CL_MAP_WRITE | CL_MAP_WRITE_INVALIDATE_REGION)) &&
       (mem_flags & (CL_MEM_HOST_READ_ONLY | CL_MEM_HOST_NO_ACCESS))))
    return CL_INVALID_OPERATION;
  return CL_SUCCESS;
}

CL_API_ENTRY void *CL_API_CALL clEnqueueMapBuffer(cl_command_queue q, cl_mem m, cl_bool blocking,
                                                  cl_map_flags flags, size_t off, size_t size,
                                                  cl_uint n, const cl_event *list, cl_event *event,
                                                  cl_int *errcode_ret) {
  cl_int e = rt_check_q_mem(q, m, n, list);
  if (e == CL_SUCCESS)
    e = rt_map_check(flags, m->flags, size == 0 || off > m->size || size > m->size - off);
  if (e != CL_SUCCESS) {
    rt_err(errcode_ret, e);
    return NULL;
  }
  /* Device memory is host memory (the user's own for USE_HOST_PTR, as the
   * spec requires), so the mapped pointer is the buffer's bytes. */
  void *ptr = rt_mem_host(m, off, size);
  if (!ptr) {
    rt_err(errcode_ret, CL_MAP_FAILURE);
    return NULL;
  }
  rt_xfer *x = rt_xfer_new(q, CL_COMMAND_MAP_BUFFER, n, list, m, NULL);
  if (!x) {
    rt_err(errcode_ret, CL_OUT_OF_HOST_MEMORY);
    return NULL;
  }
  x->base.run = rt_xfer_nop_run;
  rt_lock();
  m->map_count++;
  rt_unlock();
  e = rt_submit(q, &x->base, event, blocking);
  rt_err(errcode_ret, e);
  return e == CL_SUCCESS ? ptr : NULL;
}

CL_API_ENTRY cl_int CL_API_CALL clEnqueueUnmapMemObject(cl_command_queue q, cl_mem m, void *ptr,
                                                        cl_uint n, const cl_event *list,
                                                        cl_event *event) {
  if (RT_VALID(q, RT_MAGIC_QUEUE) && RT_VALID(m, RT_MAGIC_MEM) && m->img)
    return rt_image_unmap(q, m, ptr, n, list, event);
  cl_int e = rt_check_q_mem(q, m, n, list);
  if (e != CL_SUCCESS) return e;
  uint8_t *base = rt_mem_host(m, 0, m->size);
  if (!ptr || !base || (uint8_t *)ptr < base || (uint8_t *)ptr >= base + m->size ||
      m->map_count == 0)
    return CL_INVALID_VALUE;
  rt_xfer *x = rt_xfer_new(q, CL_COMMAND_UNMAP_MEM_OBJECT, n, list, NULL, m);
  if (!x) return CL_OUT_OF_HOST_MEMORY;
  x->base.run = rt_xfer_nop_run;
  rt_lock();
  m->map_count--;
  rt_unlock();
  return rt_submit(q, &x->base, event, 0);
}

CL_API_ENTRY cl_int CL_API_CALL clEnqueueMigrateMemObjects(cl_command_queue q, cl_uint nmem,
                                                           const cl_mem *mems,
                                                           cl_mem_migration_flags flags, cl_uint n,
                                                           const cl_event *list, cl_event *event) {
  if (!RT_VALID(q, RT_MAGIC_QUEUE)) return CL_INVALID_COMMAND_QUEUE;
  if (nmem == 0 || !mems ||
      (flags & ~(cl_mem_migration_flags)(CL_MIGRATE_MEM_OBJECT_HOST |
                                         CL_MIGRATE_MEM_OBJECT_CONTENT_UNDEFINED)))
    return CL_INVALID_VALUE;
  for (cl_uint i = 0; i < nmem; i++) {
    if (!RT_VALID(mems[i], RT_MAGIC_MEM)) return CL_INVALID_MEM_OBJECT;
    if (mems[i]->ctx != q->ctx) return CL_INVALID_CONTEXT;
  }
  cl_int e = rt_check_wait_list(q->ctx, n, list);
  if (e != CL_SUCCESS) return e;
  rt_xfer *x = rt_xfer_new(q, CL_COMMAND_MIGRATE_MEM_OBJECTS, n, list, NULL, NULL);
  if (!x) return CL_OUT_OF_HOST_MEMORY;
  x->base.run = rt_xfer_nop_run; /* one device, one memory: nothing moves */
  return rt_submit(q, &x->base, event, 0);
}
