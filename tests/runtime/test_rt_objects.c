/* Contexts, queues, buffers, transfers and events through the cl* API:
 * creation, queries, reference counts and every invalid-argument path. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "check_run.h"
#include "rt_test_util.h"

START_TEST(context_create_and_errors) {
  rt_test_env();
  rt_env e;
  rt_env_open(&e, 0);
  cl_int err;
  cl_context_properties props[] = {CL_CONTEXT_PLATFORM, (cl_context_properties)e.platform, 0};
  cl_context c = clCreateContext(props, 1, &e.device, NULL, NULL, &err);
  ck_assert_int_eq(err, CL_SUCCESS);
  cl_uint u;
  ck_assert_int_eq(clGetContextInfo(c, CL_CONTEXT_NUM_DEVICES, sizeof u, &u, NULL), CL_SUCCESS);
  ck_assert_uint_eq(u, 1);
  cl_context_properties got[3];
  size_t sz;
  ck_assert_int_eq(clGetContextInfo(c, CL_CONTEXT_PROPERTIES, sizeof got, got, &sz), CL_SUCCESS);
  ck_assert_uint_eq(sz, sizeof got);
  ck_assert_int_eq(got[1], (cl_context_properties)e.platform);
  ck_assert_int_eq(clRetainContext(c), CL_SUCCESS);
  ck_assert_int_eq(clGetContextInfo(c, CL_CONTEXT_REFERENCE_COUNT, sizeof u, &u, NULL), CL_SUCCESS);
  ck_assert_uint_eq(u, 2);
  ck_assert_int_eq(clReleaseContext(c), CL_SUCCESS);
  ck_assert_int_eq(clReleaseContext(c), CL_SUCCESS);
  /* errors */
  ck_assert_ptr_null(clCreateContext(NULL, 0, &e.device, NULL, NULL, &err));
  ck_assert_int_eq(err, CL_INVALID_VALUE);
  ck_assert_ptr_null(clCreateContext(NULL, 1, NULL, NULL, NULL, &err));
  ck_assert_int_eq(err, CL_INVALID_VALUE);
  cl_device_id bad = (cl_device_id)e.q;
  ck_assert_ptr_null(clCreateContext(NULL, 1, &bad, NULL, NULL, &err));
  ck_assert_int_eq(err, CL_INVALID_DEVICE);
  int data;
  ck_assert_ptr_null(clCreateContext(NULL, 1, &e.device, NULL, &data, &err));
  ck_assert_int_eq(err, CL_INVALID_VALUE);
  cl_context_properties badp[] = {CL_CONTEXT_PLATFORM, (cl_context_properties)e.ctx, 0};
  ck_assert_ptr_null(clCreateContext(badp, 1, &e.device, NULL, NULL, &err));
  ck_assert_int_eq(err, CL_INVALID_PLATFORM);
  cl_context_properties unk[] = {0x9999, 1, 0};
  ck_assert_ptr_null(clCreateContext(unk, 1, &e.device, NULL, NULL, &err));
  ck_assert_int_eq(err, CL_INVALID_PROPERTY);
  ck_assert_ptr_null(clCreateContextFromType(NULL, CL_DEVICE_TYPE_CPU, NULL, NULL, &err));
  ck_assert_int_eq(err, CL_DEVICE_NOT_FOUND);
  c = clCreateContextFromType(NULL, CL_DEVICE_TYPE_DEFAULT, NULL, NULL, &err);
  ck_assert_int_eq(err, CL_SUCCESS);
  ck_assert_int_eq(clReleaseContext(c), CL_SUCCESS);
  ck_assert_int_eq(clReleaseContext(NULL), CL_INVALID_CONTEXT);
  ck_assert_int_eq(clRetainContext((cl_context)e.q), CL_INVALID_CONTEXT);
  rt_env_close(&e);
}
END_TEST

START_TEST(queue_create_and_errors) {
  rt_test_env();
  rt_env e;
  rt_env_open(&e, 0);
  cl_int err;
  ck_assert_ptr_null(clCreateCommandQueue(NULL, e.device, 0, &err));
  ck_assert_int_eq(err, CL_INVALID_CONTEXT);
  ck_assert_ptr_null(clCreateCommandQueue(e.ctx, NULL, 0, &err));
  ck_assert_int_eq(err, CL_INVALID_DEVICE);
  ck_assert_ptr_null(clCreateCommandQueue(e.ctx, e.device, 1u << 20, &err));
  ck_assert_int_eq(err, CL_INVALID_VALUE);
  ck_assert_ptr_null(clCreateCommandQueue(e.ctx, e.device, CL_QUEUE_ON_DEVICE, &err));
  ck_assert_int_eq(err, CL_INVALID_QUEUE_PROPERTIES);
  cl_queue_properties props[] = {CL_QUEUE_PROPERTIES, CL_QUEUE_PROFILING_ENABLE, 0};
  cl_command_queue q = clCreateCommandQueueWithProperties(e.ctx, e.device, props, &err);
  ck_assert_int_eq(err, CL_SUCCESS);
  cl_command_queue_properties qp;
  ck_assert_int_eq(clGetCommandQueueInfo(q, CL_QUEUE_PROPERTIES, sizeof qp, &qp, NULL), CL_SUCCESS);
  ck_assert_uint_eq(qp, CL_QUEUE_PROFILING_ENABLE);
  cl_context qc;
  ck_assert_int_eq(clGetCommandQueueInfo(q, CL_QUEUE_CONTEXT, sizeof qc, &qc, NULL), CL_SUCCESS);
  ck_assert_ptr_eq(qc, e.ctx);
  cl_queue_properties size_prop[] = {CL_QUEUE_SIZE, 16, 0};
  ck_assert_ptr_null(clCreateCommandQueueWithProperties(e.ctx, e.device, size_prop, &err));
  ck_assert_int_eq(err, CL_INVALID_QUEUE_PROPERTIES);
  ck_assert_int_eq(clFinish(q), CL_SUCCESS);
  ck_assert_int_eq(clFlush(q), CL_SUCCESS);
  ck_assert_int_eq(clReleaseCommandQueue(q), CL_SUCCESS);
  ck_assert_int_eq(clFinish((cl_command_queue)e.ctx), CL_INVALID_COMMAND_QUEUE);
  ck_assert_int_eq(clReleaseCommandQueue(NULL), CL_INVALID_COMMAND_QUEUE);
  rt_env_close(&e);
}
END_TEST

START_TEST(buffer_flags_and_errors) {
  rt_test_env();
  rt_env e;
  rt_env_open(&e, 0);
  cl_int err;
  int host[16] = {0};
  cl_mem m =
      clCreateBuffer(e.ctx, CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, sizeof host, host, &err);
  ck_assert_int_eq(err, CL_SUCCESS);
  cl_mem_flags f;
  ck_assert_int_eq(clGetMemObjectInfo(m, CL_MEM_FLAGS, sizeof f, &f, NULL), CL_SUCCESS);
  ck_assert_uint_eq(f, CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR);
  size_t sz;
  ck_assert_int_eq(clGetMemObjectInfo(m, CL_MEM_SIZE, sizeof sz, &sz, NULL), CL_SUCCESS);
  ck_assert_uint_eq(sz, sizeof host);
  ck_assert_int_eq(clReleaseMemObject(m), CL_SUCCESS);
  m = clCreateBuffer(e.ctx, 0, 64, NULL, &err); /* default READ_WRITE */
  ck_assert_int_eq(clGetMemObjectInfo(m, CL_MEM_FLAGS, sizeof f, &f, NULL), CL_SUCCESS);
  ck_assert_uint_eq(f, CL_MEM_READ_WRITE);
  ck_assert_int_eq(clReleaseMemObject(m), CL_SUCCESS);

  struct {
    cl_mem_flags flags;
    size_t size;
    void *ptr;
    cl_int want;
  } bad[] = {
      {CL_MEM_READ_WRITE, 0, NULL, CL_INVALID_BUFFER_SIZE},
      {CL_MEM_READ_WRITE, (size_t)1 << 50, NULL, CL_INVALID_BUFFER_SIZE},
      {CL_MEM_USE_HOST_PTR, 64, NULL, CL_INVALID_HOST_PTR},
      {CL_MEM_COPY_HOST_PTR, 64, NULL, CL_INVALID_HOST_PTR},
      {CL_MEM_READ_WRITE, 64, host, CL_INVALID_HOST_PTR},
      {CL_MEM_READ_ONLY | CL_MEM_WRITE_ONLY, 64, NULL, CL_INVALID_VALUE},
      {CL_MEM_USE_HOST_PTR | CL_MEM_COPY_HOST_PTR, 64, host, CL_INVALID_VALUE},
      {CL_MEM_USE_HOST_PTR | CL_MEM_ALLOC_HOST_PTR, 64, host, CL_INVALID_VALUE},
      {CL_MEM_HOST_READ_ONLY | CL_MEM_HOST_NO_ACCESS, 64, NULL, CL_INVALID_VALUE},
      {(cl_mem_flags)1 << 40, 64, NULL, CL_INVALID_VALUE},
  };
  for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
    err = 0;
    ck_assert_ptr_null(clCreateBuffer(e.ctx, bad[i].flags, bad[i].size, bad[i].ptr, &err));
    ck_assert_msg(err == bad[i].want, "case %zu: got %d want %d", i, err, bad[i].want);
  }
  ck_assert_ptr_null(clCreateBuffer(NULL, 0, 64, NULL, &err));
  ck_assert_int_eq(err, CL_INVALID_CONTEXT);
  ck_assert_int_eq(clReleaseMemObject((cl_mem)e.ctx), CL_INVALID_MEM_OBJECT);
  rt_env_close(&e);
}
END_TEST

START_TEST(transfers) {
  rt_test_env();
  rt_env e;
  rt_env_open(&e, 0);
  cl_int err;
  int src[64], dst[64];
  for (int i = 0; i < 64; i++) src[i] = i * 3;
  cl_mem a = clCreateBuffer(e.ctx, CL_MEM_READ_WRITE, sizeof src, NULL, &err);
  cl_mem b = clCreateBuffer(e.ctx, CL_MEM_READ_WRITE, sizeof src, NULL, &err);
  ck_assert_int_eq(clEnqueueWriteBuffer(e.q, a, CL_TRUE, 0, sizeof src, src, 0, NULL, NULL),
                   CL_SUCCESS);
  ck_assert_int_eq(clEnqueueCopyBuffer(e.q, a, b, 16, 0, 64, 0, NULL, NULL), CL_SUCCESS);
  memset(dst, 0, sizeof dst);
  ck_assert_int_eq(clEnqueueReadBuffer(e.q, b, CL_TRUE, 0, 64, dst, 0, NULL, NULL), CL_SUCCESS);
  for (int i = 0; i < 16; i++) ck_assert_int_eq(dst[i], (i + 4) * 3);
  int pat = 0x01020304;
  ck_assert_int_eq(clEnqueueFillBuffer(e.q, b, &pat, 4, 8, 16, 0, NULL, NULL), CL_SUCCESS);
  ck_assert_int_eq(clEnqueueReadBuffer(e.q, b, CL_TRUE, 0, 32, dst, 0, NULL, NULL), CL_SUCCESS);
  ck_assert_int_eq(dst[1], 15);
  ck_assert_int_eq(dst[2], pat);
  ck_assert_int_eq(dst[5], pat);
  ck_assert_int_eq(dst[6], 30);
  /* map: the pointer is the buffer's bytes */
  int *p =
      clEnqueueMapBuffer(e.q, a, CL_TRUE, CL_MAP_READ | CL_MAP_WRITE, 4, 8, 0, NULL, NULL, &err);
  ck_assert_int_eq(err, CL_SUCCESS);
  ck_assert_int_eq(p[0], 3);
  p[1] = 777;
  cl_uint maps;
  ck_assert_int_eq(clGetMemObjectInfo(a, CL_MEM_MAP_COUNT, sizeof maps, &maps, NULL), CL_SUCCESS);
  ck_assert_uint_eq(maps, 1);
  ck_assert_int_eq(clEnqueueUnmapMemObject(e.q, a, p, 0, NULL, NULL), CL_SUCCESS);
  ck_assert_int_eq(clEnqueueUnmapMemObject(e.q, a, p, 0, NULL, NULL), CL_INVALID_VALUE);
  ck_assert_int_eq(clEnqueueReadBuffer(e.q, a, CL_TRUE, 8, 4, dst, 0, NULL, NULL), CL_SUCCESS);
  ck_assert_int_eq(dst[0], 777);
  /* rectangles: a 4x4 int matrix, copy the 2x2 block at (1,1) */
  size_t bo[3] = {4, 1, 0}, ho[3] = {0, 0, 0}, reg[3] = {8, 2, 1};
  int blk[4] = {0};
  ck_assert_int_eq(
      clEnqueueReadBufferRect(e.q, a, CL_TRUE, bo, ho, reg, 16, 0, 8, 0, blk, 0, NULL, NULL),
      CL_SUCCESS);
  ck_assert_int_eq(blk[0], 5 * 3);
  ck_assert_int_eq(blk[1], 6 * 3);
  ck_assert_int_eq(blk[2], 9 * 3);
  ck_assert_int_eq(blk[3], 10 * 3);
  /* errors */
  ck_assert_int_eq(clEnqueueReadBuffer(e.q, a, CL_TRUE, 0, sizeof src + 4, dst, 0, NULL, NULL),
                   CL_INVALID_VALUE);
  ck_assert_int_eq(clEnqueueReadBuffer(e.q, a, CL_TRUE, 0, 4, NULL, 0, NULL, NULL),
                   CL_INVALID_VALUE);
  ck_assert_int_eq(clEnqueueReadBuffer(e.q, (cl_mem)e.q, CL_TRUE, 0, 4, dst, 0, NULL, NULL),
                   CL_INVALID_MEM_OBJECT);
  ck_assert_int_eq(clEnqueueReadBuffer(NULL, a, CL_TRUE, 0, 4, dst, 0, NULL, NULL),
                   CL_INVALID_COMMAND_QUEUE);
  ck_assert_int_eq(clEnqueueReadBuffer(e.q, a, CL_TRUE, 0, 4, dst, 1, NULL, NULL),
                   CL_INVALID_EVENT_WAIT_LIST);
  ck_assert_int_eq(clEnqueueCopyBuffer(e.q, a, a, 0, 8, 16, 0, NULL, NULL), CL_MEM_COPY_OVERLAP);
  ck_assert_int_eq(clEnqueueFillBuffer(e.q, a, &pat, 3, 0, 12, 0, NULL, NULL), CL_INVALID_VALUE);
  ck_assert_int_eq(clEnqueueFillBuffer(e.q, a, &pat, 4, 2, 12, 0, NULL, NULL), CL_INVALID_VALUE);
  cl_mem ro = clCreateBuffer(e.ctx, CL_MEM_HOST_WRITE_ONLY, 16, NULL, &err);
  ck_assert_int_eq(clEnqueueReadBuffer(e.q, ro, CL_TRUE, 0, 4, dst, 0, NULL, NULL),
                   CL_INVALID_OPERATION);
  ck_assert_int_eq(clReleaseMemObject(ro), CL_SUCCESS);
  ck_assert_int_eq(clReleaseMemObject(a), CL_SUCCESS);
  ck_assert_int_eq(clReleaseMemObject(b), CL_SUCCESS);
  rt_env_close(&e);
}
END_TEST

START_TEST(use_host_ptr_and_sub_buffers) {
  rt_test_env();
  rt_env e;
  rt_env_open(&e, 0);
  cl_int err;
  int *host = calloc(256, sizeof(int));
  cl_mem m = clCreateBuffer(e.ctx, CL_MEM_USE_HOST_PTR, 256 * sizeof(int), host, &err);
  ck_assert_int_eq(err, CL_SUCCESS);
  void *hp;
  ck_assert_int_eq(clGetMemObjectInfo(m, CL_MEM_HOST_PTR, sizeof hp, &hp, NULL), CL_SUCCESS);
  ck_assert_ptr_eq(hp, host);
  int v = 42;
  ck_assert_int_eq(clEnqueueWriteBuffer(e.q, m, CL_TRUE, 8, 4, &v, 0, NULL, NULL), CL_SUCCESS);
  ck_assert_int_eq(host[2], 42); /* device bytes are the user's */
  int *mp = clEnqueueMapBuffer(e.q, m, CL_TRUE, CL_MAP_READ, 0, 16, 0, NULL, NULL, &err);
  ck_assert_ptr_eq(mp, host);
  ck_assert_int_eq(clEnqueueUnmapMemObject(e.q, m, mp, 0, NULL, NULL), CL_SUCCESS);
  cl_buffer_region r = {128, 64};
  cl_mem sub = clCreateSubBuffer(m, CL_MEM_READ_ONLY, CL_BUFFER_CREATE_TYPE_REGION, &r, &err);
  ck_assert_int_eq(err, CL_SUCCESS);
  host[32] = 99;
  int got = 0;
  ck_assert_int_eq(clEnqueueReadBuffer(e.q, sub, CL_TRUE, 0, 4, &got, 0, NULL, NULL), CL_SUCCESS);
  ck_assert_int_eq(got, 99);
  cl_mem parent;
  ck_assert_int_eq(
      clGetMemObjectInfo(sub, CL_MEM_ASSOCIATED_MEMOBJECT, sizeof parent, &parent, NULL),
      CL_SUCCESS);
  ck_assert_ptr_eq(parent, m);
  cl_buffer_region mis = {4, 64}, big = {128, 4096};
  ck_assert_ptr_null(clCreateSubBuffer(m, 0, CL_BUFFER_CREATE_TYPE_REGION, &mis, &err));
  ck_assert_int_eq(err, CL_MISALIGNED_SUB_BUFFER_OFFSET);
  ck_assert_ptr_null(clCreateSubBuffer(m, 0, CL_BUFFER_CREATE_TYPE_REGION, &big, &err));
  ck_assert_int_eq(err, CL_INVALID_VALUE);
  ck_assert_int_eq(clReleaseMemObject(m), CL_SUCCESS); /* the sub-buffer keeps it alive */
  ck_assert_int_eq(clEnqueueReadBuffer(e.q, sub, CL_TRUE, 0, 4, &got, 0, NULL, NULL), CL_SUCCESS);
  ck_assert_int_eq(clReleaseMemObject(sub), CL_SUCCESS);
  free(host);
  rt_env_close(&e);
}
END_TEST

static void CL_CALLBACK count_cb(cl_event ev, cl_int status, void *data) {
  (void)ev;
  int *n = data;
  n[0]++;
  n[1] = status;
}

static void CL_CALLBACK dtor_cb(cl_mem m, void *data) {
  (void)m;
  (*(int *)data)++;
}

START_TEST(events_user_markers_callbacks) {
  rt_test_env();
  rt_env e;
  rt_env_open(&e, 1);
  cl_int err;
  cl_event user = clCreateUserEvent(e.ctx, &err);
  ck_assert_int_eq(err, CL_SUCCESS);
  cl_int st;
  ck_assert_int_eq(clGetEventInfo(user, CL_EVENT_COMMAND_EXECUTION_STATUS, sizeof st, &st, NULL),
                   CL_SUCCESS);
  ck_assert_int_eq(st, CL_SUBMITTED);
  int src[4] = {1, 2, 3, 4}, dst[4] = {0};
  cl_mem m = clCreateBuffer(e.ctx, 0, sizeof src, NULL, &err);
  int dtor = 0;
  ck_assert_int_eq(clSetMemObjectDestructorCallback(m, dtor_cb, &dtor), CL_SUCCESS);
  cl_event w, r;
  ck_assert_int_eq(clEnqueueWriteBuffer(e.q, m, CL_FALSE, 0, sizeof src, src, 1, &user, &w),
                   CL_SUCCESS);
  ck_assert_int_eq(clEnqueueReadBuffer(e.q, m, CL_FALSE, 0, sizeof dst, dst, 0, NULL, &r),
                   CL_SUCCESS);
  int calls[2] = {0, 99};
  ck_assert_int_eq(clSetEventCallback(r, CL_COMPLETE, count_cb, calls), CL_SUCCESS);
  /* held back by the user event, and the read behind it (in order) */
  ck_assert_int_eq(clGetEventInfo(r, CL_EVENT_COMMAND_EXECUTION_STATUS, sizeof st, &st, NULL),
                   CL_SUCCESS);
  ck_assert_int_eq(st, CL_QUEUED);
  ck_assert_int_eq(dst[3], 0);
  ck_assert_int_eq(calls[0], 0);
  ck_assert_int_eq(clSetUserEventStatus(user, CL_COMPLETE), CL_SUCCESS);
  ck_assert_int_eq(clSetUserEventStatus(user, CL_COMPLETE), CL_INVALID_OPERATION);
  ck_assert_int_eq(clWaitForEvents(1, &r), CL_SUCCESS);
  ck_assert_int_eq(dst[3], 4);
  ck_assert_int_eq(calls[0], 1);
  ck_assert_int_eq(calls[1], CL_COMPLETE);
  /* a callback set after completion runs at once */
  ck_assert_int_eq(clSetEventCallback(r, CL_SUBMITTED, count_cb, calls), CL_SUCCESS);
  ck_assert_int_eq(calls[0], 2);
  cl_command_type ct;
  ck_assert_int_eq(clGetEventInfo(r, CL_EVENT_COMMAND_TYPE, sizeof ct, &ct, NULL), CL_SUCCESS);
  ck_assert_uint_eq(ct, CL_COMMAND_READ_BUFFER);
  /* a failed user event fails the commands waiting on it */
  cl_event user2 = clCreateUserEvent(e.ctx, &err);
  cl_event mk;
  ck_assert_int_eq(clEnqueueMarkerWithWaitList(e.q, 1, &user2, &mk), CL_SUCCESS);
  ck_assert_int_eq(clSetUserEventStatus(user2, -5), CL_SUCCESS);
  ck_assert_int_eq(clWaitForEvents(1, &mk), CL_EXEC_STATUS_ERROR_FOR_EVENTS_IN_WAIT_LIST);
  ck_assert_int_eq(clGetEventInfo(mk, CL_EVENT_COMMAND_EXECUTION_STATUS, sizeof st, &st, NULL),
                   CL_SUCCESS);
  ck_assert_int_eq(st, CL_EXEC_STATUS_ERROR_FOR_EVENTS_IN_WAIT_LIST);
  /* the marker's event reports it; clFinish does not (5.13 lists no
   * execution status among its errors; a kernel fault still shows there) */
  ck_assert_int_eq(clFinish(e.q), CL_SUCCESS);
  cl_event bar;
  ck_assert_int_eq(clEnqueueBarrierWithWaitList(e.q, 0, NULL, &bar), CL_SUCCESS);
  ck_assert_int_eq(clWaitForEvents(1, &bar), CL_SUCCESS);
  /* profiling of a user event is not available */
  cl_ulong t;
  ck_assert_int_eq(clGetEventProfilingInfo(user, CL_PROFILING_COMMAND_START, sizeof t, &t, NULL),
                   CL_PROFILING_INFO_NOT_AVAILABLE);
  ck_assert_int_eq(clWaitForEvents(0, NULL), CL_INVALID_VALUE);
  ck_assert_int_eq(clSetEventCallback(r, 77, count_cb, calls), CL_INVALID_VALUE);
  ck_assert_int_eq(clSetUserEventStatus(r, CL_COMPLETE), CL_INVALID_EVENT);
  ck_assert_int_eq(clReleaseEvent((cl_event)m), CL_INVALID_EVENT);
  cl_event all[] = {user, user2, w, r, mk, bar};
  for (int i = 0; i < 6; i++) ck_assert_int_eq(clReleaseEvent(all[i]), CL_SUCCESS);
  ck_assert_int_eq(clReleaseMemObject(m), CL_SUCCESS);
  ck_assert_int_eq(dtor, 1);
  rt_env_close(&e);
}
END_TEST

static Suite *suite(void) {
  Suite *s = suite_create("rt_objects");
  TCase *tc = tcase_create("core");
  tcase_set_timeout(tc, 30);
  tcase_add_test(tc, context_create_and_errors);
  tcase_add_test(tc, queue_create_and_errors);
  tcase_add_test(tc, buffer_flags_and_errors);
  tcase_add_test(tc, transfers);
  tcase_add_test(tc, use_host_ptr_and_sub_buffers);
  tcase_add_test(tc, events_user_markers_callbacks);
  suite_add_tcase(s, tc);
  return s;
}

int main(void) {
  return check_run(suite());
}
