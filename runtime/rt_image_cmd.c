/* Image commands: read, write, copy (image to image, image to buffer and
 * back), fill, map and unmap. Host rows are linear; the device layout may
 * be tiled, so every transfer walks texels through isa_image_texel_offset,
 * and fills convert their colour with isa_image_pack_*. */
#include <stdlib.h>
#include <string.h>

#include "rt.h"

typedef struct rt_icmd {
  rt_cmd base;
  struct _cl_mem *img;   /* retained: the image (the destination for copies into one) */
  struct _cl_mem *other; /* retained: the source image of an image copy, or the buffer */
  size_t origin[3], other_origin[3], region[3];
  uint8_t *host; /* read destination / write source (a map's copy) */
  size_t ystride, zstride;
  size_t boff;       /* buffer offset */
  int to_image;      /* direction */
  uint8_t texel[16]; /* a fill's packed colour */
  rt_image_map *map; /* map/unmap of a tiled image */
} rt_icmd;

static void rt_icmd_fini(rt_cmd *c) {
  rt_icmd *x = (rt_icmd *)c;
  if (x->map && x->to_image) { /* an unmap that never ran owns its copy */
    free(x->map->ptr);
    free(x->map);
  }
  if (x->img) rt_mem_release(x->img);
  if (x->other) rt_mem_release(x->other);
}

static size_t rt_region_texels(const size_t *r) {
  return r[0] * r[1] * r[2];
}

/* The command wrote device bytes [lo, hi) of m's storage: its device's L2
 * keeps part of them (l2.host_write_bytes). */
static void rt_icmd_wrote(rt_cmd *c, struct _cl_mem *m, uint64_t lo, uint64_t hi) {
  struct _cl_device_id *d = c->event->queue->device;
  int di = rt_ctx_index(m->ctx, d);
  if (hi > lo && d->sim && di >= 0) sim_mem_wrote(d->sim, m->addr[di] + lo, hi - lo);
}

/* read (to host), write (from host), image <-> buffer */
static cl_int rt_icmd_host_run(rt_cmd *c, uint64_t *dur) {
  rt_icmd *x = (rt_icmd *)c;
  struct _cl_device_id *d = c->event->queue->device;
  uint8_t *host = x->host;
  size_t bytes = rt_region_texels(x->region) * x->img->img->layout.elem_size;
  if (x->other) host = rt_mem_host(x->other, x->boff, bytes);
  uint64_t lo, hi;
  if (host)
    rt_image_copy_host(x->img, x->origin, x->region, host, x->ystride, x->zstride, x->to_image, &lo,
                       &hi);
  if (host && x->to_image) rt_icmd_wrote(c, x->img, lo, hi);
  if (host && x->other && !x->to_image) rt_icmd_wrote(c, x->other, x->boff, x->boff + bytes);
  /* a buffer on the other side: within device memory; else the host link */
  *dur = x->other ? rt_transfer_ns(d, bytes) : rt_host_transfer_ns(d, bytes);
  return CL_COMPLETE;
}

/* image to image, through a linear copy (the layouts may differ) */
static cl_int rt_icmd_copy_run(rt_cmd *c, uint64_t *dur) {
  rt_icmd *x = (rt_icmd *)c;
  size_t es = x->img->img->layout.elem_size;
  size_t bytes = rt_region_texels(x->region) * es;
  uint8_t *tmp = malloc(bytes ? bytes : 1);
  if (!tmp) return CL_OUT_OF_HOST_MEMORY;
  size_t ys = x->region[0] * es, zs = ys * x->region[1];
  uint64_t lo, hi;
  rt_image_copy_host(x->other, x->other_origin, x->region, tmp, ys, zs, 0, &lo, &hi);
  rt_image_copy_host(x->img, x->origin, x->region, tmp, ys, zs, 1, &lo, &hi);
  free(tmp);
  rt_icmd_wrote(c, x->img, lo, hi);
  *dur = rt_transfer_ns(c->event->queue->device, bytes);
  return CL_COMPLETE;
}

static cl_int rt_icmd_fill_run(rt_cmd *c, uint64_t *dur) {
  rt_icmd *x = (rt_icmd *)c;
  size_t es = x->img->img->layout.elem_size;
  uint8_t *row = malloc(x->region[0] * es);
  if (!row) return CL_OUT_OF_HOST_MEMORY;
  for (size_t i = 0; i < x->region[0]; i++) memcpy(row + i * es, x->texel, es);
  uint64_t lo, hi;
  rt_image_copy_host(x->img, x->origin, x->region, row, 0, 0, 1, &lo, &hi); /* one row, reused */
  free(row);
  rt_icmd_wrote(c, x->img, lo, hi);
  *dur = rt_transfer_ns(c->event->queue->device, rt_region_texels(x->region) * es);
  return CL_COMPLETE;
}

/* map of a tiled image: the region into its linear copy (unless the map
 * only writes); unmap: back into the image if it was mapped for writing */
static cl_int rt_icmd_map_run(rt_cmd *c, uint64_t *dur) {
  rt_icmd *x = (rt_icmd *)c;
  rt_image_map *mp = x->map;
  *dur = 0;
  if (!mp) return CL_COMPLETE; /* linear: the pointer is the image's own bytes */
  size_t bytes = rt_region_texels(mp->region) * x->img->img->layout.elem_size;
  uint64_t lo, hi;
  if (x->to_image) { /* unmap */
    if (mp->write) {
      rt_image_copy_host(x->img, mp->origin, mp->region, mp->ptr, mp->row, mp->slice, 1, &lo, &hi);
      rt_icmd_wrote(c, x->img, lo, hi);
      *dur = rt_host_transfer_ns(c->event->queue->device, bytes);
    }
    free(mp->ptr);
    free(mp);
    x->map = NULL;
  } else if (x->host) { /* map for reading */
    rt_image_copy_host(x->img, mp->origin, mp->region, mp->ptr, mp->row, mp->slice, 0, &lo, &hi);
    *dur = rt_host_transfer_ns(c->event->queue->device, bytes);
  }
  return CL_COMPLETE;
}

/* ---- checks -------------------------------------------------------------- */

/* The queue, an image of its context that its device can use, the wait list. */
static cl_int rt_check_q_img(cl_command_queue q, cl_mem m, cl_uint n, const cl_event *list) {
  if (!RT_VALID(q, RT_MAGIC_QUEUE)) return CL_INVALID_COMMAND_QUEUE;
  if (!RT_VALID(m, RT_MAGIC_MEM) || !m->img) return CL_INVALID_MEM_OBJECT;
  if (m->ctx != q->ctx) return CL_INVALID_CONTEXT;
  cl_int e = rt_check_wait_list(q->ctx, n, list);
  if (e != CL_SUCCESS) return e;
  if (!q->device->cfg->image_support) return CL_INVALID_OPERATION;
  if (!rt_image_fits(q->device, m->img)) return CL_INVALID_IMAGE_SIZE;
  return CL_SUCCESS;
}

/* origin/region inside the image, with the unused dimensions 0 and 1. */
static cl_int rt_check_region(const rt_image *im, const size_t *origin, const size_t *region) {
  if (!origin || !region) return CL_INVALID_VALUE;
  size_t ext[3];
  rt_image_extent(im, ext);
  for (int i = 0; i < 3; i++)
    if (region[i] == 0 || origin[i] > ext[i] || region[i] > ext[i] - origin[i])
      return CL_INVALID_VALUE;
  return CL_SUCCESS;
}

/* Host pitches of a read/write/map region: defaults applied, rules
 * checked; ys/zs: the strides between the walk's rows (y) and slices (z).
 * A 1D array's layers (its y) are slice_pitch apart. */
static cl_int rt_host_pitches(const rt_image *im, const size_t *region, size_t *row, size_t *slice,
                              size_t *ys, size_t *zs) {
  size_t es = im->layout.elem_size;
  if (*row == 0) *row = region[0] * es;
  if (*row < region[0] * es) return CL_INVALID_VALUE;
  switch (im->type) {
  case CL_MEM_OBJECT_IMAGE1D_ARRAY:
    if (*slice == 0) *slice = *row;
    if (*slice < *row) return CL_INVALID_VALUE;
    *ys = *slice;
    *zs = 0;
    return CL_SUCCESS;
  case CL_MEM_OBJECT_IMAGE2D_ARRAY:
  case CL_MEM_OBJECT_IMAGE3D:
    if (*slice == 0) *slice = *row * region[1];
    if (*slice < *row * region[1]) return CL_INVALID_VALUE;
    *ys = *row;
    *zs = *slice;
    return CL_SUCCESS;
  default: /* 1D, 1D buffer and 2D images have no slices */
    if (*slice != 0) return CL_INVALID_VALUE;
    *ys = *row;
    *zs = 0;
    return CL_SUCCESS;
  }
}

static rt_icmd *rt_icmd_new(cl_command_queue q, cl_command_type type, cl_uint n,
                            const cl_event *list, struct _cl_mem *img, struct _cl_mem *other) {
  rt_icmd *x = (rt_icmd *)rt_cmd_new(sizeof *x, q, type, n, list);
  if (!x) return NULL;
  x->base.run = rt_icmd_host_run;
  x->base.fini = rt_icmd_fini;
  rt_mem_retain(img);
  x->img = img;
  if (other) rt_mem_retain(other);
  x->other = other;
  return x;
}

/* ---- read / write -------------------------------------------------------- */

static cl_int rt_enqueue_rw_image(cl_command_queue q, cl_mem m, int write, cl_bool blocking,
                                  const size_t *origin, const size_t *region, size_t row,
                                  size_t slice, void *ptr, cl_uint n, const cl_event *list,
                                  cl_event *event) {
  cl_int e = rt_check_q_img(q, m, n, list);
  if (e != CL_SUCCESS) return e;
  size_t ys, zs;
  if (!ptr || rt_check_region(m->img, origin, region) != CL_SUCCESS ||
      rt_host_pitches(m->img, region, &row, &slice, &ys, &zs) != CL_SUCCESS)
    return CL_INVALID_VALUE;
  cl_mem_flags deny = write ? CL_MEM_HOST_READ_ONLY | CL_MEM_HOST_NO_ACCESS
                            : CL_MEM_HOST_WRITE_ONLY | CL_MEM_HOST_NO_ACCESS;
  if (m->flags & deny) return CL_INVALID_OPERATION;
  rt_icmd *x =
      rt_icmd_new(q, write ? CL_COMMAND_WRITE_IMAGE : CL_COMMAND_READ_IMAGE, n, list, m, NULL);
  if (!x) return CL_OUT_OF_HOST_MEMORY;
  memcpy(x->origin, origin, sizeof x->origin);
  memcpy(x->region, region, sizeof x->region);
  x->host = ptr;
  x->ystride = ys;
  x->zstride = zs;
  x->to_image = write;
  return rt_submit(q, &x->base, event, blocking);
}

CL_API_ENTRY cl_int CL_API_CALL clEnqueueReadImage(cl_command_queue q, cl_mem m, cl_bool blocking,
                                                   const size_t *origin, const size_t *region,
                                                   size_t row, size_t slice, void *ptr, cl_uint n,
                                                   const cl_event *list, cl_event *event) {
  return rt_enqueue_rw_image(q, m, 0, blocking, origin, region, row, slice, ptr, n, list, event);
}

CL_API_ENTRY cl_int CL_API_CALL clEnqueueWriteImage(cl_command_queue q, cl_mem m, cl_bool blocking,
                                                    const size_t *origin, const size_t *region,
                                                    size_t row, size_t slice, const void *ptr,
                                                    cl_uint n, const cl_event *list,
                                                    cl_event *event) {
  return rt_enqueue_rw_image(q, m, 1, blocking, origin, region, row, slice, (void *)ptr, n, list,
                             event);
}

/* ---- copies -------------------------------------------------------------- */

CL_API_ENTRY cl_int CL_API_CALL clEnqueueCopyImage(cl_command_queue q, cl_mem src, cl_mem dst,
                                                   const size_t *src_origin,
                                                   const size_t *dst_origin, const size_t *region,
                                                   cl_uint n, const cl_event *list,
                                                   cl_event *event) {
  cl_int e = rt_check_q_img(q, src, n, list);
  if (e == CL_SUCCESS) e = rt_check_q_img(q, dst, 0, NULL);
  if (e != CL_SUCCESS) return e;
  const cl_image_format *sf = &src->img->format, *df = &dst->img->format;
  if (sf->image_channel_order != df->image_channel_order ||
      sf->image_channel_data_type != df->image_channel_data_type)
    return CL_IMAGE_FORMAT_MISMATCH;
  if (rt_check_region(src->img, src_origin, region) != CL_SUCCESS ||
      rt_check_region(dst->img, dst_origin, region) != CL_SUCCESS)
    return CL_INVALID_VALUE;
  if (src->addr[0] == dst->addr[0]) { /* one storage: the regions must not meet */
    int meet = 1;
    for (int i = 0; i < 3; i++)
      if (src_origin[i] + region[i] <= dst_origin[i] || dst_origin[i] + region[i] <= src_origin[i])
        meet = 0;
    if (meet) return CL_MEM_COPY_OVERLAP;
  }
  rt_icmd *x = rt_icmd_new(q, CL_COMMAND_COPY_IMAGE, n, list, dst, src);
  if (!x) return CL_OUT_OF_HOST_MEMORY;
  x->base.run = rt_icmd_copy_run;
  memcpy(x->origin, dst_origin, sizeof x->origin);
  memcpy(x->other_origin, src_origin, sizeof x->other_origin);
  memcpy(x->region, region, sizeof x->region);
  return rt_submit(q, &x->base, event, 0);
}

/* image <-> buffer: the buffer side holds the region's texels packed, rows
 * then slices (5.3.6). */
static cl_int rt_enqueue_image_buffer(cl_command_queue q, cl_mem img, cl_mem buf, int to_image,
                                      const size_t *origin, const size_t *region, size_t boff,
                                      cl_uint n, const cl_event *list, cl_event *event) {
  cl_int e = rt_check_q_img(q, img, n, list);
  if (e != CL_SUCCESS) return e;
  if (!RT_VALID(buf, RT_MAGIC_MEM) || buf->img) return CL_INVALID_MEM_OBJECT;
  if (buf->ctx != q->ctx) return CL_INVALID_CONTEXT;
  if (rt_check_region(img->img, origin, region) != CL_SUCCESS) return CL_INVALID_VALUE;
  size_t es = img->img->layout.elem_size;
  size_t bytes = rt_region_texels(region) * es;
  if (boff > buf->size || bytes > buf->size - boff) return CL_INVALID_VALUE;
  /* a 1D buffer image over this very buffer: the byte ranges must not meet */
  if (img->parent == buf) {
    size_t ilo = origin[0] * es, ihi = ilo + region[0] * es;
    if (ilo < boff + bytes && boff < ihi) return CL_MEM_COPY_OVERLAP;
  }
  rt_icmd *x =
      rt_icmd_new(q, to_image ? CL_COMMAND_COPY_BUFFER_TO_IMAGE : CL_COMMAND_COPY_IMAGE_TO_BUFFER,
                  n, list, img, buf);
  if (!x) return CL_OUT_OF_HOST_MEMORY;
  memcpy(x->origin, origin, sizeof x->origin);
  memcpy(x->region, region, sizeof x->region);
  x->boff = boff;
  x->ystride = region[0] * es;
  x->zstride = x->ystride * region[1];
  x->to_image = to_image;
  return rt_submit(q, &x->base, event, 0);
}

CL_API_ENTRY cl_int CL_API_CALL clEnqueueCopyImageToBuffer(cl_command_queue q, cl_mem src,
                                                           cl_mem dst, const size_t *src_origin,
                                                           const size_t *region, size_t dst_offset,
                                                           cl_uint n, const cl_event *list,
                                                           cl_event *event) {
  return rt_enqueue_image_buffer(q, src, dst, 0, src_origin, region, dst_offset, n, list, event);
}

CL_API_ENTRY cl_int CL_API_CALL clEnqueueCopyBufferToImage(cl_command_queue q, cl_mem src,
                                                           cl_mem dst, size_t src_offset,
                                                           const size_t *dst_origin,
                                                           const size_t *region, cl_uint n,
                                                           const cl_event *list, cl_event *event) {
  /* the image is checked first: it is what the call is about */
  if (RT_VALID(q, RT_MAGIC_QUEUE) && RT_VALID(dst, RT_MAGIC_MEM) && dst->img &&
      (!RT_VALID(src, RT_MAGIC_MEM) || src->img))
    return CL_INVALID_MEM_OBJECT;
  return rt_enqueue_image_buffer(q, dst, src, 1, dst_origin, region, src_offset, n, list, event);
}

/* ---- fill ---------------------------------------------------------------- */

CL_API_ENTRY cl_int CL_API_CALL clEnqueueFillImage(cl_command_queue q, cl_mem m, const void *color,
                                                   const size_t *origin, const size_t *region,
                                                   cl_uint n, const cl_event *list,
                                                   cl_event *event) {
  cl_int e = rt_check_q_img(q, m, n, list);
  if (e != CL_SUCCESS) return e;
  if (!color || rt_check_region(m->img, origin, region) != CL_SUCCESS) return CL_INVALID_VALUE;
  rt_icmd *x = rt_icmd_new(q, CL_COMMAND_FILL_IMAGE, n, list, m, NULL);
  if (!x) return CL_OUT_OF_HOST_MEMORY;
  x->base.run = rt_icmd_fill_run;
  memcpy(x->origin, origin, sizeof x->origin);
  memcpy(x->region, region, sizeof x->region);
  /* The colour is float4, int4 or uint4 by the channel type (5.3.5),
   * converted as write_image* would. */
  const isa_image_desc *d = &m->img->layout;
  switch (m->img->format.image_channel_data_type) {
  case CL_SIGNED_INT8:
  case CL_SIGNED_INT16:
  case CL_SIGNED_INT32:
    isa_image_pack_i(d, color, x->texel);
    break;
  case CL_UNSIGNED_INT8:
  case CL_UNSIGNED_INT16:
  case CL_UNSIGNED_INT32:
    isa_image_pack_u(d, color, x->texel);
    break;
  default:
    isa_image_pack_f(d, color, x->texel);
  }
  return rt_submit(q, &x->base, event, 0);
}

/* ---- map / unmap --------------------------------------------------------- */

CL_API_ENTRY void *CL_API_CALL clEnqueueMapImage(cl_command_queue q, cl_mem m, cl_bool blocking,
                                                 cl_map_flags flags, const size_t *origin,
                                                 const size_t *region, size_t *row_pitch,
                                                 size_t *slice_pitch, cl_uint n,
                                                 const cl_event *list, cl_event *event,
                                                 cl_int *errcode_ret) {
  cl_int e = rt_check_q_img(q, m, n, list);
  const rt_image *im = e == CL_SUCCESS ? m->img : NULL;
  int sliced =
      im && (im->type == CL_MEM_OBJECT_IMAGE3D || im->type == CL_MEM_OBJECT_IMAGE2D_ARRAY ||
             im->type == CL_MEM_OBJECT_IMAGE1D_ARRAY);
  if (e == CL_SUCCESS)
    e = rt_map_check(flags, m->flags,
                     rt_check_region(im, origin, region) != CL_SUCCESS || !row_pitch ||
                         (sliced && !slice_pitch));
  if (e != CL_SUCCESS) {
    rt_err(errcode_ret, e);
    return NULL;
  }
  const isa_image_desc *d = &im->layout;
  size_t es = d->elem_size;
  uint8_t *ptr;
  size_t row, slice;
  rt_image_map *mp = NULL;
  if (!d->tile_w_log2 && !d->tile_h_log2) {
    /* Linear rows: the pointer is the image's own bytes (a USE_HOST_PTR
     * image's are the user's, as the spec requires). */
    uint8_t *base = rt_mem_host(m, 0, m->size);
    if (!base) {
      rt_err(errcode_ret, CL_MAP_FAILURE);
      return NULL;
    }
    ptr = base +
          isa_image_texel_offset(d, (uint32_t)origin[0], (uint32_t)origin[1], (uint32_t)origin[2]);
    row = d->row_pitch ? d->row_pitch : im->width * es;
    slice = d->slice_pitch;
  } else {
    /* Tiled: a linear copy of the region, written back at unmap. */
    row = region[0] * es;
    slice = im->type == CL_MEM_OBJECT_IMAGE1D_ARRAY ? row : row * region[1];
    mp = calloc(1, sizeof *mp);
    ptr = malloc(rt_region_texels(region) * es);
    if (!mp || !ptr) {
      free(mp);
      free(ptr);
      rt_err(errcode_ret, CL_OUT_OF_HOST_MEMORY);
      return NULL;
    }
    mp->ptr = ptr;
    memcpy(mp->origin, origin, sizeof mp->origin);
    memcpy(mp->region, region, sizeof mp->region);
    mp->row = im->type == CL_MEM_OBJECT_IMAGE1D_ARRAY ? slice : row;
    mp->slice = slice;
    mp->write = (flags & (CL_MAP_WRITE | CL_MAP_WRITE_INVALIDATE_REGION)) != 0;
  }
  rt_icmd *x = rt_icmd_new(q, CL_COMMAND_MAP_IMAGE, n, list, m, NULL);
  if (!x) {
    if (mp) free(mp->ptr);
    free(mp);
    rt_err(errcode_ret, CL_OUT_OF_HOST_MEMORY);
    return NULL;
  }
  x->base.run = rt_icmd_map_run;
  x->map = mp;
  x->host = (flags & CL_MAP_WRITE_INVALIDATE_REGION) ? NULL : ptr; /* non-NULL: copy in */
  rt_lock();
  m->map_count++;
  if (mp) {
    mp->next = m->img->maps;
    m->img->maps = mp;
  }
  rt_unlock();
  *row_pitch = row;
  if (slice_pitch) *slice_pitch = sliced ? slice : 0;
  e = rt_submit(q, &x->base, event, blocking);
  rt_err(errcode_ret, e);
  return e == CL_SUCCESS ? ptr : NULL;
}

cl_int rt_image_unmap(cl_command_queue q, cl_mem m, void *ptr, cl_uint n, const cl_event *list,
                      cl_event *event) {
  if (!RT_VALID(q, RT_MAGIC_QUEUE)) return CL_INVALID_COMMAND_QUEUE;
  if (m->ctx != q->ctx) return CL_INVALID_CONTEXT;
  cl_int e = rt_check_wait_list(q->ctx, n, list);
  if (e != CL_SUCCESS) return e;
  rt_lock();
  rt_image_map **pp = &m->img->maps;
  while (*pp && (*pp)->ptr != ptr) pp = &(*pp)->next;
  rt_image_map *mp = *pp;
  if (!mp) { /* a linear image's own bytes */
    uint8_t *base = rt_mem_host(m, 0, m->size);
    if (!ptr || !base || (uint8_t *)ptr < base || (uint8_t *)ptr >= base + m->size ||
        m->map_count == 0) {
      rt_unlock();
      return CL_INVALID_VALUE;
    }
  }
  rt_icmd *x = rt_icmd_new(q, CL_COMMAND_UNMAP_MEM_OBJECT, n, list, m, NULL);
  if (!x) {
    rt_unlock();
    return CL_OUT_OF_HOST_MEMORY;
  }
  if (mp) *pp = mp->next;
  m->map_count--;
  rt_unlock();
  x->base.run = rt_icmd_map_run;
  x->map = mp;
  x->to_image = 1;
  return rt_submit(q, &x->base, event, 0);
}
