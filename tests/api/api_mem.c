/* OpenCL 1.2 API conformance: buffers, sub-buffers, destructor callbacks and
 * the buffer commands (read/write/copy, rectangles, fill, map, migrate). */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "api.h"

static cl_mem api_buf(api *t, cl_mem_flags f, size_t size, void *host, cl_int want) {
  cl_int e = 1;
  cl_mem m = clCreateBuffer(t->ctx, f, size, host, &e);
  CHECK_ERR(e, want);
  CHECK((m != NULL) == (want == CL_SUCCESS));
  return m;
}

static void CL_CALLBACK api_dtor(cl_mem m, void *data) {
  (void)m;
  int *order = data;
  /* records the call order: the later-registered callback writes first */
  order[order[0] + 1] = order[0] == 0 ? 2 : 1;
  order[0]++;
}

void api_mem(api *t) {
  static char host[4096];
  api_buf(t, (cl_mem_flags)1 << 40, 64, NULL, CL_INVALID_VALUE);
  api_buf(t, CL_MEM_READ_ONLY | CL_MEM_WRITE_ONLY, 64, NULL, CL_INVALID_VALUE);
  api_buf(t, CL_MEM_READ_WRITE | CL_MEM_READ_ONLY, 64, NULL, CL_INVALID_VALUE);
  api_buf(t, CL_MEM_USE_HOST_PTR | CL_MEM_ALLOC_HOST_PTR, 64, host, CL_INVALID_VALUE);
  api_buf(t, CL_MEM_USE_HOST_PTR | CL_MEM_COPY_HOST_PTR, 64, host, CL_INVALID_VALUE);
  api_buf(t, CL_MEM_HOST_READ_ONLY | CL_MEM_HOST_WRITE_ONLY, 64, NULL, CL_INVALID_VALUE);
  api_buf(t, CL_MEM_HOST_NO_ACCESS | CL_MEM_HOST_WRITE_ONLY, 64, NULL, CL_INVALID_VALUE);
  api_buf(t, CL_MEM_READ_WRITE, 0, NULL, CL_INVALID_BUFFER_SIZE);
  cl_ulong maxalloc = api_dev_ulong(t, CL_DEVICE_MAX_MEM_ALLOC_SIZE, sizeof(cl_ulong));
  if (maxalloc < SIZE_MAX)
    api_buf(t, CL_MEM_READ_WRITE, (size_t)maxalloc + 1, NULL, CL_INVALID_BUFFER_SIZE);
  api_buf(t, CL_MEM_COPY_HOST_PTR, 64, NULL, CL_INVALID_HOST_PTR);
  api_buf(t, CL_MEM_USE_HOST_PTR, 64, NULL, CL_INVALID_HOST_PTR);
  api_buf(t, CL_MEM_READ_WRITE, 64, host, CL_INVALID_HOST_PTR);
  cl_int e;
  CHECK_BAD((clCreateBuffer(WRONG(cl_context, t->q), 0, 64, NULL, &e), e), CL_INVALID_CONTEXT);

  /* Queries; default flags are CL_MEM_READ_WRITE. */
  cl_mem m = api_buf(t, 0, 4096, NULL, CL_SUCCESS);
  cl_mem_flags f = 0;
  CHECK_ERR(clGetMemObjectInfo(m, CL_MEM_FLAGS, sizeof f, &f, NULL), CL_SUCCESS);
  CHECK(f == CL_MEM_READ_WRITE);
  size_t sz = 0;
  CHECK_ERR(clGetMemObjectInfo(m, CL_MEM_SIZE, sizeof sz, &sz, NULL), CL_SUCCESS);
  CHECK(sz == 4096);
  cl_mem_object_type ty = 0;
  CHECK_ERR(clGetMemObjectInfo(m, CL_MEM_TYPE, sizeof ty, &ty, NULL), CL_SUCCESS);
  CHECK(ty == CL_MEM_OBJECT_BUFFER);
  cl_context c = NULL;
  CHECK_ERR(clGetMemObjectInfo(m, CL_MEM_CONTEXT, sizeof c, &c, NULL), CL_SUCCESS);
  CHECK(c == t->ctx);
  void *hp = (void *)1;
  CHECK_ERR(clGetMemObjectInfo(m, CL_MEM_HOST_PTR, sizeof hp, &hp, NULL), CL_SUCCESS);
  CHECK(hp == NULL);
  CHECK_ERR(clGetMemObjectInfo(m, 0x7fff, sizeof sz, &sz, NULL), CL_INVALID_VALUE);
  CHECK_ERR(clGetMemObjectInfo(m, CL_MEM_SIZE, 1, &sz, NULL), CL_INVALID_VALUE);
  CHECK_BAD(clGetMemObjectInfo(WRONG(cl_mem, t->q), CL_MEM_SIZE, sizeof sz, &sz, NULL),
            CL_INVALID_MEM_OBJECT);
  CHECK_BAD(clRetainMemObject(WRONG(cl_mem, t->q)), CL_INVALID_MEM_OBJECT);
  CHECK_BAD(clReleaseMemObject(WRONG(cl_mem, t->q)), CL_INVALID_MEM_OBJECT);

  /* Sub-buffers. */
  cl_uint align_bits = (cl_uint)api_dev_ulong(t, CL_DEVICE_MEM_BASE_ADDR_ALIGN, sizeof(cl_uint));
  size_t al = align_bits / 8 ? align_bits / 8 : 128;
  cl_buffer_region r = {al, 256};
  cl_mem s = clCreateSubBuffer(m, 0, CL_BUFFER_CREATE_TYPE_REGION, &r, &e);
  CHECK_ERR(e, CL_SUCCESS);
  if (s) {
    cl_mem parent = NULL;
    CHECK_ERR(clGetMemObjectInfo(s, CL_MEM_ASSOCIATED_MEMOBJECT, sizeof parent, &parent, NULL),
              CL_SUCCESS);
    CHECK(parent == m);
    size_t off = 0;
    CHECK_ERR(clGetMemObjectInfo(s, CL_MEM_OFFSET, sizeof off, &off, NULL), CL_SUCCESS);
    CHECK(off == al);
    CHECK_ERR(clGetMemObjectInfo(s, CL_MEM_FLAGS, sizeof f, &f, NULL), CL_SUCCESS);
    CHECK(f == CL_MEM_READ_WRITE);
    /* A sub-buffer of a sub-buffer is not allowed. */
    cl_buffer_region r0 = {0, 64};
    clCreateSubBuffer(s, 0, CL_BUFFER_CREATE_TYPE_REGION, &r0, &e);
    CHECK_ERR(e, CL_INVALID_MEM_OBJECT);
    clReleaseMemObject(s);
  }
  clCreateSubBuffer(m, 0, 0x7777, &r, &e);
  CHECK_ERR(e, CL_INVALID_VALUE);
  clCreateSubBuffer(m, 0, CL_BUFFER_CREATE_TYPE_REGION, NULL, &e);
  CHECK_ERR(e, CL_INVALID_VALUE);
  cl_buffer_region big = {al, 4096};
  clCreateSubBuffer(m, 0, CL_BUFFER_CREATE_TYPE_REGION, &big, &e);
  CHECK_ERR(e, CL_INVALID_VALUE);
  cl_buffer_region zero = {0, 0};
  clCreateSubBuffer(m, 0, CL_BUFFER_CREATE_TYPE_REGION, &zero, &e);
  CHECK_ERR(e, CL_INVALID_BUFFER_SIZE);
  cl_buffer_region mis = {1, 64};
  clCreateSubBuffer(m, 0, CL_BUFFER_CREATE_TYPE_REGION, &mis, &e);
  CHECK_ERR(e, CL_MISALIGNED_SUB_BUFFER_OFFSET);
  clCreateSubBuffer(m, CL_MEM_USE_HOST_PTR, CL_BUFFER_CREATE_TYPE_REGION, &r, &e);
  CHECK_ERR(e, CL_INVALID_VALUE);
  CHECK_BAD((clCreateSubBuffer(WRONG(cl_mem, t->q), 0, CL_BUFFER_CREATE_TYPE_REGION, &r, &e), e),
            CL_INVALID_MEM_OBJECT);
  cl_mem wo = api_buf(t, CL_MEM_WRITE_ONLY | CL_MEM_HOST_NO_ACCESS, 4096, NULL, CL_SUCCESS);
  clCreateSubBuffer(wo, CL_MEM_READ_ONLY, CL_BUFFER_CREATE_TYPE_REGION, &r, &e);
  CHECK_ERR(e, CL_INVALID_VALUE);
  clCreateSubBuffer(wo, CL_MEM_READ_WRITE, CL_BUFFER_CREATE_TYPE_REGION, &r, &e);
  CHECK_ERR(e, CL_INVALID_VALUE);
  clCreateSubBuffer(wo, CL_MEM_HOST_READ_ONLY, CL_BUFFER_CREATE_TYPE_REGION, &r, &e);
  CHECK_ERR_POCL(e, CL_INVALID_VALUE,
                 "PoCL lets a sub-buffer widen a CL_MEM_HOST_NO_ACCESS parent's host access");
  s = clCreateSubBuffer(wo, 0, CL_BUFFER_CREATE_TYPE_REGION, &r, &e);
  CHECK_ERR(e, CL_SUCCESS);
  if (s) { /* inherits the parent's flags */
    CHECK_ERR(clGetMemObjectInfo(s, CL_MEM_FLAGS, sizeof f, &f, NULL), CL_SUCCESS);
    CHECK(f == (CL_MEM_WRITE_ONLY | CL_MEM_HOST_NO_ACCESS));
    clReleaseMemObject(s);
  }
  clReleaseMemObject(wo);

  /* USE_HOST_PTR: CL_MEM_HOST_PTR is the pointer, a sub-buffer's is offset. */
  cl_mem u = api_buf(t, CL_MEM_USE_HOST_PTR, sizeof host, host, CL_SUCCESS);
  CHECK_ERR(clGetMemObjectInfo(u, CL_MEM_HOST_PTR, sizeof hp, &hp, NULL), CL_SUCCESS);
  CHECK(hp == host);
  s = clCreateSubBuffer(u, 0, CL_BUFFER_CREATE_TYPE_REGION, &r, &e);
  CHECK_ERR(e, CL_SUCCESS);
  if (s) {
    CHECK_ERR(clGetMemObjectInfo(s, CL_MEM_HOST_PTR, sizeof hp, &hp, NULL), CL_SUCCESS);
    CHECK(hp == host + al);
    CHECK_ERR(clGetMemObjectInfo(s, CL_MEM_FLAGS, sizeof f, &f, NULL), CL_SUCCESS);
    CHECK(f & CL_MEM_USE_HOST_PTR);
    clReleaseMemObject(s);
  }
  clReleaseMemObject(u);

  /* Destructor callbacks run in reverse order of registration. */
  int order[3] = {0, 0, 0};
  cl_mem dm = api_buf(t, 0, 64, NULL, CL_SUCCESS);
  CHECK_ERR(clSetMemObjectDestructorCallback(dm, NULL, NULL), CL_INVALID_VALUE);
  CHECK_BAD(clSetMemObjectDestructorCallback(WRONG(cl_mem, t->q), api_dtor, order),
            CL_INVALID_MEM_OBJECT);
  CHECK_ERR(clSetMemObjectDestructorCallback(dm, api_dtor, order), CL_SUCCESS);
  CHECK_ERR(clSetMemObjectDestructorCallback(dm, api_dtor, order), CL_SUCCESS);
  cl_uint refs = 0;
  CHECK_ERR(clRetainMemObject(dm), CL_SUCCESS);
  CHECK_ERR(clGetMemObjectInfo(dm, CL_MEM_REFERENCE_COUNT, sizeof refs, &refs, NULL), CL_SUCCESS);
  CHECK(refs == 2);
  CHECK_ERR(clReleaseMemObject(dm), CL_SUCCESS);
  CHECK_ERR(clReleaseMemObject(dm), CL_SUCCESS);
  clFinish(t->q);
  CHECK(order[0] == 2);
  clReleaseMemObject(m);
}

/* ---- buffer commands --------------------------------------------------- */

void api_transfer(api *t) {
  enum { N = 1024 };
  cl_int e;
  unsigned char in[N], out[N];
  for (int i = 0; i < N; i++) in[i] = (unsigned char)(i * 7 + 1);
  cl_mem m = api_buf(t, 0, N, NULL, CL_SUCCESS);
  cl_mem m2 = api_buf(t, 0, N, NULL, CL_SUCCESS);
  cl_event bogus = WRONG(cl_event, m);
  cl_event ev = NULL;

  /* Write/read bounds, NULL pointers, wait lists. */
  CHECK_ERR(clEnqueueWriteBuffer(t->q, m, CL_TRUE, 0, N, in, 0, NULL, NULL), CL_SUCCESS);
  CHECK_ERR(clEnqueueReadBuffer(t->q, m, CL_TRUE, 0, N, out, 0, NULL, NULL), CL_SUCCESS);
  CHECK(memcmp(in, out, N) == 0);
  CHECK_ERR(clEnqueueReadBuffer(t->q, m, CL_TRUE, 1, N, out, 0, NULL, NULL), CL_INVALID_VALUE);
  CHECK_ERR(clEnqueueReadBuffer(t->q, m, CL_TRUE, N + 1, 1, out, 0, NULL, NULL), CL_INVALID_VALUE);
  CHECK_ERR_POCL(clEnqueueReadBuffer(t->q, m, CL_TRUE, 0, 0, out, 0, NULL, NULL), CL_INVALID_VALUE,
                 "PoCL accepts a zero-size read");
  CHECK_ERR(clEnqueueReadBuffer(t->q, m, CL_TRUE, 0, N, NULL, 0, NULL, NULL), CL_INVALID_VALUE);
  CHECK_ERR(clEnqueueWriteBuffer(t->q, m, CL_TRUE, 0, N + 1, in, 0, NULL, NULL), CL_INVALID_VALUE);
  CHECK_ERR(clEnqueueWriteBuffer(t->q, m, CL_TRUE, 0, N, NULL, 0, NULL, NULL), CL_INVALID_VALUE);
  CHECK_ERR(clEnqueueReadBuffer(t->q, m, CL_TRUE, 0, N, out, 1, NULL, NULL),
            CL_INVALID_EVENT_WAIT_LIST);
  CHECK_BAD(clEnqueueReadBuffer(t->q, m, CL_TRUE, 0, N, out, 0, &bogus, NULL),
            CL_INVALID_EVENT_WAIT_LIST);
  CHECK_BAD(clEnqueueReadBuffer(t->q, m, CL_TRUE, 0, N, out, 1, &bogus, NULL),
            CL_INVALID_EVENT_WAIT_LIST);
  CHECK_BAD(clEnqueueReadBuffer(WRONG(cl_command_queue, m), m, CL_TRUE, 0, N, out, 0, NULL, NULL),
            CL_INVALID_COMMAND_QUEUE);
  CHECK_BAD(clEnqueueReadBuffer(t->q, WRONG(cl_mem, t->q), CL_TRUE, 0, N, out, 0, NULL, NULL),
            CL_INVALID_MEM_OBJECT);
  CHECK_BAD(clEnqueueWriteBuffer(t->q, WRONG(cl_mem, t->q), CL_TRUE, 0, N, in, 0, NULL, NULL),
            CL_INVALID_MEM_OBJECT);
  /* Host access flags. */
  cl_mem hwo = api_buf(t, CL_MEM_HOST_WRITE_ONLY, N, NULL, CL_SUCCESS);
  cl_mem hro = api_buf(t, CL_MEM_HOST_READ_ONLY, N, NULL, CL_SUCCESS);
  CHECK_ERR(clEnqueueReadBuffer(t->q, hwo, CL_TRUE, 0, N, out, 0, NULL, NULL),
            CL_INVALID_OPERATION);
  CHECK_ERR(clEnqueueWriteBuffer(t->q, hro, CL_TRUE, 0, N, in, 0, NULL, NULL),
            CL_INVALID_OPERATION);
  size_t o3[3] = {0, 0, 0}, r3[3] = {4, 4, 1};
  CHECK_ERR(clEnqueueReadBufferRect(t->q, hwo, CL_TRUE, o3, o3, r3, 0, 0, 0, 0, out, 0, NULL, NULL),
            CL_INVALID_OPERATION);
  CHECK_ERR(clEnqueueWriteBufferRect(t->q, hro, CL_TRUE, o3, o3, r3, 0, 0, 0, 0, in, 0, NULL, NULL),
            CL_INVALID_OPERATION);
  clEnqueueMapBuffer(t->q, hwo, CL_TRUE, CL_MAP_READ, 0, N, 0, NULL, NULL, &e);
  CHECK_ERR(e, CL_INVALID_OPERATION);
  clEnqueueMapBuffer(t->q, hro, CL_TRUE, CL_MAP_WRITE, 0, N, 0, NULL, NULL, &e);
  CHECK_ERR(e, CL_INVALID_OPERATION);
  clReleaseMemObject(hwo);
  clReleaseMemObject(hro);

  /* A queue of another context. */
  cl_context c2 = clCreateContext(NULL, 1, &t->dev, NULL, NULL, &e);
  cl_command_queue q2 = c2 ? clCreateCommandQueue(c2, t->dev, 0, &e) : NULL;
  if (q2) {
    CHECK_ERR(clEnqueueReadBuffer(q2, m, CL_TRUE, 0, N, out, 0, NULL, NULL), CL_INVALID_CONTEXT);
    cl_event ue = clCreateUserEvent(t->ctx, &e);
    CHECK_ERR(clEnqueueMarkerWithWaitList(q2, 1, &ue, NULL), CL_INVALID_CONTEXT);
    clSetUserEventStatus(ue, CL_COMPLETE);
    clReleaseEvent(ue);
    clReleaseCommandQueue(q2);
  }
  if (c2) clReleaseContext(c2);

  /* Copy: bounds, overlap (also between sub-buffers of one parent). */
  CHECK_ERR(clEnqueueCopyBuffer(t->q, m, m2, 0, 0, N, 0, NULL, &ev), CL_SUCCESS);
  CHECK_ERR(clWaitForEvents(1, &ev), CL_SUCCESS);
  cl_command_type ct = 0;
  CHECK_ERR(clGetEventInfo(ev, CL_EVENT_COMMAND_TYPE, sizeof ct, &ct, NULL), CL_SUCCESS);
  CHECK(ct == CL_COMMAND_COPY_BUFFER);
  clReleaseEvent(ev);
  memset(out, 0, N);
  CHECK_ERR(clEnqueueReadBuffer(t->q, m2, CL_TRUE, 0, N, out, 0, NULL, NULL), CL_SUCCESS);
  CHECK(memcmp(in, out, N) == 0);
  CHECK_ERR(clEnqueueCopyBuffer(t->q, m, m2, 1, 0, N, 0, NULL, NULL), CL_INVALID_VALUE);
  CHECK_ERR(clEnqueueCopyBuffer(t->q, m, m2, 0, 1, N, 0, NULL, NULL), CL_INVALID_VALUE);
  CHECK_ERR(clEnqueueCopyBuffer(t->q, m, m2, 0, 0, 0, 0, NULL, NULL), CL_INVALID_VALUE);
  CHECK_ERR(clEnqueueCopyBuffer(t->q, m, m, 0, 8, 16, 0, NULL, NULL), CL_MEM_COPY_OVERLAP);
  CHECK_ERR(clEnqueueCopyBuffer(t->q, m, m, 0, 16, 16, 0, NULL, NULL), CL_SUCCESS);
  CHECK_BAD(clEnqueueCopyBuffer(t->q, m, WRONG(cl_mem, t->q), 0, 0, 4, 0, NULL, NULL),
            CL_INVALID_MEM_OBJECT);
  cl_uint align_bits = (cl_uint)api_dev_ulong(t, CL_DEVICE_MEM_BASE_ADDR_ALIGN, sizeof(cl_uint));
  size_t al = align_bits / 8;
  if (al && 2 * al < N) {
    cl_buffer_region ra = {0, 2 * al}, rb = {al, al};
    cl_mem sa = clCreateSubBuffer(m, 0, CL_BUFFER_CREATE_TYPE_REGION, &ra, &e);
    cl_mem sb = clCreateSubBuffer(m, 0, CL_BUFFER_CREATE_TYPE_REGION, &rb, &e);
    if (sa && sb) {
      CHECK_ERR(clEnqueueCopyBuffer(t->q, sa, sb, al, 0, 8, 0, NULL, NULL), CL_MEM_COPY_OVERLAP);
      CHECK_ERR(clEnqueueCopyBuffer(t->q, sa, sb, 0, 0, 8, 0, NULL, NULL), CL_SUCCESS);
    }
    if (sa) clReleaseMemObject(sa);
    if (sb) clReleaseMemObject(sb);
  }
  clFinish(t->q);
  CHECK_ERR(clEnqueueWriteBuffer(t->q, m, CL_TRUE, 0, N, in, 0, NULL, NULL), CL_SUCCESS);

  /* Rectangles: a 4x3 block at (2,1) of a 16-byte-pitch buffer. */
  size_t bo[3] = {2, 1, 0}, ho[3] = {0, 0, 0}, reg[3] = {4, 3, 1};
  unsigned char rect[12] = {0};
  CHECK_ERR(
      clEnqueueReadBufferRect(t->q, m, CL_TRUE, bo, ho, reg, 16, 0, 4, 0, rect, 0, NULL, NULL),
      CL_SUCCESS);
  int rect_ok = 1;
  for (int y = 0; y < 3; y++)
    for (int x = 0; x < 4; x++)
      if (rect[y * 4 + x] != in[(1 + y) * 16 + 2 + x]) rect_ok = 0;
  CHECK(rect_ok);
  size_t reg0[3] = {4, 0, 1};
  CHECK_ERR(
      clEnqueueReadBufferRect(t->q, m, CL_TRUE, bo, ho, reg0, 16, 0, 4, 0, rect, 0, NULL, NULL),
      CL_INVALID_VALUE);
  CHECK_ERR(clEnqueueReadBufferRect(t->q, m, CL_TRUE, bo, ho, reg, 3, 0, 4, 0, rect, 0, NULL, NULL),
            CL_INVALID_VALUE); /* row pitch below region[0] */
  CHECK_ERR(
      clEnqueueReadBufferRect(t->q, m, CL_TRUE, bo, ho, reg, 16, 0, 3, 0, rect, 0, NULL, NULL),
      CL_INVALID_VALUE); /* host row pitch below region[0] */
  CHECK_ERR(
      clEnqueueReadBufferRect(t->q, m, CL_TRUE, bo, ho, reg, 16, 40, 4, 0, rect, 0, NULL, NULL),
      CL_INVALID_VALUE); /* slice pitch below region[1] * row pitch */
  CHECK_ERR(
      clEnqueueReadBufferRect(t->q, m, CL_TRUE, bo, ho, reg, 16, 50, 4, 0, rect, 0, NULL, NULL),
      CL_INVALID_VALUE); /* slice pitch not a multiple of row pitch */
  size_t far[3] = {0, 0, 1};
  CHECK_ERR(
      clEnqueueReadBufferRect(t->q, m, CL_TRUE, far, ho, reg, 16, N, 4, 0, rect, 0, NULL, NULL),
      CL_INVALID_VALUE); /* out of bounds */
  CHECK_ERR(
      clEnqueueReadBufferRect(t->q, m, CL_TRUE, bo, ho, reg, 16, 0, 4, 0, NULL, 0, NULL, NULL),
      CL_INVALID_VALUE);
  unsigned char wr[12];
  for (int i = 0; i < 12; i++) wr[i] = (unsigned char)(200 + i);
  CHECK_ERR(
      clEnqueueWriteBufferRect(t->q, m2, CL_TRUE, bo, ho, reg, 16, 0, 4, 0, wr, 0, NULL, NULL),
      CL_SUCCESS);
  CHECK_ERR(clEnqueueReadBuffer(t->q, m2, CL_TRUE, 0, N, out, 0, NULL, NULL), CL_SUCCESS);
  CHECK(out[16 + 2] == 200 && out[3 * 16 + 5] == 211 && out[16 + 1] == in[16 + 1]);
  size_t so[3] = {0, 0, 0}, dst[3] = {0, 8, 0};
  CHECK_ERR(clEnqueueCopyBufferRect(t->q, m, m2, so, dst, reg, 16, 0, 16, 0, 0, NULL, NULL),
            CL_SUCCESS);
  CHECK_ERR(clEnqueueReadBuffer(t->q, m2, CL_TRUE, 0, N, out, 0, NULL, NULL), CL_SUCCESS);
  CHECK(out[8 * 16] == in[0] && out[10 * 16 + 3] == in[2 * 16 + 3]);
  CHECK_ERR(clEnqueueCopyBufferRect(t->q, m, m, so, dst, reg, 16, 0, 32, 0, 0, NULL, NULL),
            CL_INVALID_VALUE); /* same buffer, different pitches */
  size_t ov[3] = {1, 1, 0};
  CHECK_ERR(clEnqueueCopyBufferRect(t->q, m, m, so, ov, reg, 16, 0, 16, 0, 0, NULL, NULL),
            CL_MEM_COPY_OVERLAP);
  CHECK_ERR(clEnqueueCopyBufferRect(t->q, m, m, so, dst, reg, 16, 0, 16, 0, 0, NULL, NULL),
            CL_SUCCESS);

  /* Fill. */
  cl_uint pat = 0xa1b2c3d4;
  CHECK_ERR(clEnqueueFillBuffer(t->q, m2, &pat, 4, 16, 64, 0, NULL, NULL), CL_SUCCESS);
  CHECK_ERR(clEnqueueReadBuffer(t->q, m2, CL_TRUE, 0, N, out, 0, NULL, NULL), CL_SUCCESS);
  cl_uint w0, w1;
  memcpy(&w0, out + 16, 4);
  memcpy(&w1, out + 76, 4);
  CHECK(w0 == pat && w1 == pat && out[80] != 0xd4);
  CHECK_ERR(clEnqueueFillBuffer(t->q, m2, NULL, 4, 0, 64, 0, NULL, NULL), CL_INVALID_VALUE);
  CHECK_ERR(clEnqueueFillBuffer(t->q, m2, &pat, 0, 0, 64, 0, NULL, NULL), CL_INVALID_VALUE);
  CHECK_ERR(clEnqueueFillBuffer(t->q, m2, &pat, 3, 0, 63, 0, NULL, NULL), CL_INVALID_VALUE);
  static const unsigned char p256[256];
  CHECK_ERR(clEnqueueFillBuffer(t->q, m2, p256, 256, 0, 256, 0, NULL, NULL), CL_INVALID_VALUE);
  CHECK_ERR(clEnqueueFillBuffer(t->q, m2, &pat, 4, 2, 64, 0, NULL, NULL), CL_INVALID_VALUE);
  CHECK_ERR(clEnqueueFillBuffer(t->q, m2, &pat, 4, 0, 62, 0, NULL, NULL), CL_INVALID_VALUE);
  CHECK_ERR(clEnqueueFillBuffer(t->q, m2, &pat, 4, N - 4, 8, 0, NULL, NULL), CL_INVALID_VALUE);

  /* Map / unmap. */
  unsigned char *p =
      clEnqueueMapBuffer(t->q, m, CL_TRUE, CL_MAP_READ | CL_MAP_WRITE, 64, 128, 0, NULL, NULL, &e);
  CHECK_ERR(e, CL_SUCCESS);
  if (p) {
    CHECK(p[0] == in[64]);
    p[1] = 0x5a;
    CHECK_ERR(clEnqueueUnmapMemObject(t->q, m, p, 0, NULL, &ev), CL_SUCCESS);
    CHECK_ERR(clWaitForEvents(1, &ev), CL_SUCCESS);
    CHECK_ERR(clGetEventInfo(ev, CL_EVENT_COMMAND_TYPE, sizeof ct, &ct, NULL), CL_SUCCESS);
    CHECK(ct == CL_COMMAND_UNMAP_MEM_OBJECT);
    clReleaseEvent(ev);
    CHECK_ERR(clEnqueueReadBuffer(t->q, m, CL_TRUE, 65, 1, out, 0, NULL, NULL), CL_SUCCESS);
    CHECK(out[0] == 0x5a);
  }
  p = clEnqueueMapBuffer(t->q, m, CL_TRUE, (cl_map_flags)1 << 20, 0, 64, 0, NULL, NULL, &e);
  CHECK_ERR_POCL(e, CL_INVALID_VALUE, "PoCL ignores unknown map flags");
  if (p) clEnqueueUnmapMemObject(t->q, m, p, 0, NULL, NULL);
  p = clEnqueueMapBuffer(t->q, m, CL_TRUE, CL_MAP_READ | CL_MAP_WRITE_INVALIDATE_REGION, 0, 64, 0,
                         NULL, NULL, &e);
  CHECK_ERR_POCL(e, CL_INVALID_VALUE,
                 "PoCL accepts CL_MAP_WRITE_INVALIDATE_REGION together with CL_MAP_READ");
  if (p) clEnqueueUnmapMemObject(t->q, m, p, 0, NULL, NULL);
  clEnqueueMapBuffer(t->q, m, CL_TRUE, CL_MAP_READ, 0, N + 1, 0, NULL, NULL, &e);
  CHECK_ERR(e, CL_INVALID_VALUE);
  clEnqueueMapBuffer(t->q, m, CL_TRUE, CL_MAP_READ, 0, 0, 0, NULL, NULL, &e);
  CHECK_ERR(e, CL_INVALID_VALUE);
  CHECK_BAD(
      (clEnqueueMapBuffer(t->q, WRONG(cl_mem, t->q), CL_TRUE, CL_MAP_READ, 0, 4, 0, NULL, NULL, &e),
       e),
      CL_INVALID_MEM_OBJECT);
  CHECK_ERR(clEnqueueUnmapMemObject(t->q, m, in, 0, NULL, NULL), CL_INVALID_VALUE);
  CHECK_BAD(clEnqueueUnmapMemObject(t->q, WRONG(cl_mem, t->q), in, 0, NULL, NULL),
            CL_INVALID_MEM_OBJECT);

  /* Migrate. */
  cl_mem both[2] = {m, m2};
  CHECK_ERR(clEnqueueMigrateMemObjects(t->q, 2, both, CL_MIGRATE_MEM_OBJECT_HOST, 0, NULL, &ev),
            CL_SUCCESS);
  CHECK_ERR(clWaitForEvents(1, &ev), CL_SUCCESS);
  CHECK_ERR(clGetEventInfo(ev, CL_EVENT_COMMAND_TYPE, sizeof ct, &ct, NULL), CL_SUCCESS);
  CHECK(ct == CL_COMMAND_MIGRATE_MEM_OBJECTS);
  clReleaseEvent(ev);
  CHECK_ERR(clEnqueueMigrateMemObjects(t->q, 0, both, 0, 0, NULL, NULL), CL_INVALID_VALUE);
  CHECK_ERR(clEnqueueMigrateMemObjects(t->q, 2, NULL, 0, 0, NULL, NULL), CL_INVALID_VALUE);
  CHECK_ERR(
      clEnqueueMigrateMemObjects(t->q, 2, both, (cl_mem_migration_flags)1 << 20, 0, NULL, NULL),
      CL_INVALID_VALUE);
  cl_mem badm[1] = {WRONG(cl_mem, t->q)};
  CHECK_BAD(clEnqueueMigrateMemObjects(t->q, 1, badm, 0, 0, NULL, NULL), CL_INVALID_MEM_OBJECT);
  CHECK_ERR(clFinish(t->q), CL_SUCCESS);
  clReleaseMemObject(m);
  clReleaseMemObject(m2);
}
