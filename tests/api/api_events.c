/* OpenCL 1.2 API conformance: events (queries, user events, callbacks,
 * waits, profiling), markers, barriers and the 1.1 synchronisation calls. */
#include <stdlib.h>
#include <string.h>

#include "api.h"

static void CL_CALLBACK api_ev_cb(cl_event e, cl_int status, void *data) {
  (void)e;
  int *rec = data;
  rec[0]++;
  rec[1] = status;
}

static cl_int api_ev_status(cl_event e) {
  cl_int s = 99;
  clGetEventInfo(e, CL_EVENT_COMMAND_EXECUTION_STATUS, sizeof s, &s, NULL);
  return s;
}

void api_events(api *t) {
  cl_int e;
  enum { N = 4096 };
  static unsigned char in[N], out[N];
  for (int i = 0; i < N; i++) in[i] = (unsigned char)i;
  cl_mem m = clCreateBuffer(t->ctx, 0, N, NULL, &e);

  /* User events: status, queries, errors. */
  CHECK_BAD((clCreateUserEvent(WRONG(cl_context, t->q), &e), e), CL_INVALID_CONTEXT);
  cl_event u = clCreateUserEvent(t->ctx, &e);
  CHECK_ERR(e, CL_SUCCESS);
  CHECK(api_ev_status(u) == CL_SUBMITTED);
  cl_command_type ct = 0;
  CHECK_ERR(clGetEventInfo(u, CL_EVENT_COMMAND_TYPE, sizeof ct, &ct, NULL), CL_SUCCESS);
  CHECK(ct == CL_COMMAND_USER);
  cl_command_queue eq = (cl_command_queue)1;
  CHECK_ERR(clGetEventInfo(u, CL_EVENT_COMMAND_QUEUE, sizeof eq, &eq, NULL), CL_SUCCESS);
  CHECK(eq == NULL);
  cl_context ec = NULL;
  CHECK_ERR(clGetEventInfo(u, CL_EVENT_CONTEXT, sizeof ec, &ec, NULL), CL_SUCCESS);
  CHECK(ec == t->ctx);
  CHECK_ERR(clGetEventInfo(u, 0x7fff, sizeof ec, &ec, NULL), CL_INVALID_VALUE);
  CHECK_ERR(clGetEventInfo(u, CL_EVENT_CONTEXT, 1, &ec, NULL), CL_INVALID_VALUE);
  CHECK_BAD(clGetEventInfo(WRONG(cl_event, t->q), CL_EVENT_CONTEXT, sizeof ec, &ec, NULL),
            CL_INVALID_EVENT);
  cl_ulong ts;
  CHECK_ERR(clGetEventProfilingInfo(u, CL_PROFILING_COMMAND_QUEUED, sizeof ts, &ts, NULL),
            CL_PROFILING_INFO_NOT_AVAILABLE);
  CHECK_ERR(clSetEventCallback(u, CL_COMPLETE, NULL, NULL), CL_INVALID_VALUE);
  CHECK_ERR(clSetEventCallback(u, CL_QUEUED, api_ev_cb, NULL), CL_INVALID_VALUE);
  CHECK_BAD(clSetEventCallback(WRONG(cl_event, t->q), CL_COMPLETE, api_ev_cb, NULL),
            CL_INVALID_EVENT);
  int rec[2] = {0, 99};
  CHECK_ERR(clSetEventCallback(u, CL_COMPLETE, api_ev_cb, rec), CL_SUCCESS);
  CHECK_ERR(clSetUserEventStatus(u, 5), CL_INVALID_VALUE);
  CHECK_BAD(clSetUserEventStatus(WRONG(cl_event, t->q), CL_COMPLETE), CL_INVALID_EVENT);

  /* A command gated by the user event waits for it. */
  cl_event w = NULL, mk = NULL;
  CHECK_ERR(clEnqueueWriteBuffer(t->q, m, CL_FALSE, 0, N, in, 1, &u, &w), CL_SUCCESS);
  CHECK_ERR(clFlush(t->q), CL_SUCCESS);
  CHECK(api_ev_status(w) > CL_COMPLETE);
  CHECK_ERR(clEnqueueMarkerWithWaitList(t->q, 0, NULL, &mk), CL_SUCCESS);
  CHECK(rec[0] == 0);
  CHECK_ERR(clSetUserEventStatus(u, CL_COMPLETE), CL_SUCCESS);
  CHECK_ERR(clSetUserEventStatus(u, CL_COMPLETE), CL_INVALID_OPERATION);
  CHECK_ERR(clWaitForEvents(1, &mk), CL_SUCCESS);
  CHECK(api_ev_status(w) == CL_COMPLETE);
  CHECK(rec[0] == 1 && rec[1] == CL_COMPLETE);
  CHECK_ERR(clGetEventInfo(mk, CL_EVENT_COMMAND_TYPE, sizeof ct, &ct, NULL), CL_SUCCESS);
  CHECK(ct == CL_COMMAND_MARKER);
  /* A callback registered after completion is still called. */
  int rec2[2] = {0, 99};
  CHECK_ERR(clSetEventCallback(w, CL_COMPLETE, api_ev_cb, rec2), CL_SUCCESS);
  clFinish(t->q);
  CHECK(rec2[0] == 1 && rec2[1] == CL_COMPLETE);
  /* Reference counts. */
  CHECK_ERR(clRetainEvent(w), CL_SUCCESS);
  cl_uint er = 0;
  CHECK_ERR(clGetEventInfo(w, CL_EVENT_REFERENCE_COUNT, sizeof er, &er, NULL), CL_SUCCESS);
  CHECK_POCL(er == 2, "PoCL holds internal references to a completed event (the spec calls the "
                      "count immediately stale)");
  CHECK_ERR(clReleaseEvent(w), CL_SUCCESS);
  CHECK_BAD(clRetainEvent(WRONG(cl_event, t->q)), CL_INVALID_EVENT);
  CHECK_BAD(clReleaseEvent(WRONG(cl_event, t->q)), CL_INVALID_EVENT);
  clReleaseEvent(w);
  clReleaseEvent(mk);
  clReleaseEvent(u);

  /* A failed user event: a blocking command waiting on it reports it. */
  u = clCreateUserEvent(t->ctx, &e);
  CHECK_ERR(clSetUserEventStatus(u, -42), CL_SUCCESS);
  CHECK(api_ev_status(u) == -42);
  CHECK_NOT_POCL(clEnqueueReadBuffer(t->q, m, CL_TRUE, 0, N, out, 1, &u, NULL),
                 CL_EXEC_STATUS_ERROR_FOR_EVENTS_IN_WAIT_LIST,
                 "PoCL never returns from a blocking command whose wait list holds a failed event");
  CHECK_ERR(clWaitForEvents(1, &u), CL_EXEC_STATUS_ERROR_FOR_EVENTS_IN_WAIT_LIST);
  clReleaseEvent(u);
  clFinish(t->q);

  /* Commands queued behind a user event that then fails do not run: each
   * ends with CL_EXEC_STATUS_ERROR_FOR_EVENTS_IN_WAIT_LIST, and so does
   * every command waiting on one of them (5.9: "the enqueued command ...
   * terminates"); the queue goes on; clFinish returns (5.13 lists no
   * execution status among its errors). */
  static unsigned char zero[N], got[N];
  CHECK_ERR(clEnqueueWriteBuffer(t->q, m, CL_TRUE, 0, N, zero, 0, NULL, NULL), CL_SUCCESS);
  u = clCreateUserEvent(t->ctx, &e);
  cl_event w1 = NULL, w2 = NULL, w3 = NULL;
  CHECK_ERR(clEnqueueWriteBuffer(t->q, m, CL_FALSE, 0, N, in, 1, &u, &w1), CL_SUCCESS);
  CHECK_ERR(clEnqueueMarkerWithWaitList(t->q, 1, &w1, &w2), CL_SUCCESS);
  CHECK_ERR(clEnqueueFillBuffer(t->q, m, in + 1, 1, 0, N, 1, &w2, &w3), CL_SUCCESS);
  CHECK_ERR(clFlush(t->q), CL_SUCCESS);
  CHECK(api_ev_status(w1) > CL_COMPLETE);
  CHECK_ERR(clSetUserEventStatus(u, -7), CL_SUCCESS);
  CHECK_ERR(clWaitForEvents(1, &w3), CL_EXEC_STATUS_ERROR_FOR_EVENTS_IN_WAIT_LIST);
  cl_event ws[3] = {w1, w2, w3};
  for (int i = 0; i < 3; i++) {
    cl_int st = api_ev_status(ws[i]);
    /* Terminated: a negative status; 1.2 names no code, wavesim gives the
     * one clWaitForEvents and blocking calls return for it. */
    CHECK(st < 0);
    CHECK_POCL(st == CL_EXEC_STATUS_ERROR_FOR_EVENTS_IN_WAIT_LIST,
               "PoCL ends a terminated command with another negative status");
  }
  CHECK_ERR(clWaitForEvents(1, &w1), CL_EXEC_STATUS_ERROR_FOR_EVENTS_IN_WAIT_LIST);
  CHECK_ERR(clFinish(t->q), CL_SUCCESS);
  CHECK_ERR(clEnqueueReadBuffer(t->q, m, CL_TRUE, 0, N, got, 0, NULL, NULL), CL_SUCCESS);
  CHECK(memcmp(got, zero, N) == 0); /* neither the write nor the fill ran */
  clReleaseEvent(w1);
  clReleaseEvent(w2);
  clReleaseEvent(w3);
  clReleaseEvent(u);

  /* clWaitForEvents errors. */
  CHECK_ERR(clWaitForEvents(0, &u), CL_INVALID_VALUE);
  CHECK_ERR(clWaitForEvents(1, NULL), CL_INVALID_VALUE);
  cl_event bogus = WRONG(cl_event, t->q);
  CHECK_BAD(clWaitForEvents(1, &bogus), CL_INVALID_EVENT);
  cl_context c2 = clCreateContext(NULL, 1, &t->dev, NULL, NULL, &e);
  if (c2) {
    cl_event two[2];
    two[0] = clCreateUserEvent(t->ctx, &e);
    two[1] = clCreateUserEvent(c2, &e);
    CHECK_ERR(clWaitForEvents(2, two), CL_INVALID_CONTEXT);
    clSetUserEventStatus(two[0], CL_COMPLETE);
    clSetUserEventStatus(two[1], CL_COMPLETE);
    clReleaseEvent(two[0]);
    clReleaseEvent(two[1]);
    clReleaseContext(c2);
  }

  /* Profiling: QUEUED <= SUBMIT <= START <= END, on a completed command. */
  cl_event pe;
  CHECK_ERR(clEnqueueWriteBuffer(t->q, m, CL_TRUE, 0, N, in, 0, NULL, &pe), CL_SUCCESS);
  cl_ulong tq = 0, tsub = 0, tst = 0, tend = 0;
  CHECK_ERR(clGetEventProfilingInfo(pe, CL_PROFILING_COMMAND_QUEUED, sizeof tq, &tq, NULL),
            CL_SUCCESS);
  CHECK_ERR(clGetEventProfilingInfo(pe, CL_PROFILING_COMMAND_SUBMIT, sizeof tsub, &tsub, NULL),
            CL_SUCCESS);
  CHECK_ERR(clGetEventProfilingInfo(pe, CL_PROFILING_COMMAND_START, sizeof tst, &tst, NULL),
            CL_SUCCESS);
  CHECK_ERR(clGetEventProfilingInfo(pe, CL_PROFILING_COMMAND_END, sizeof tend, &tend, NULL),
            CL_SUCCESS);
  CHECK(tq <= tsub && tsub <= tst && tst <= tend);
  CHECK_ERR(clGetEventProfilingInfo(pe, 0x7fff, sizeof ts, &ts, NULL), CL_INVALID_VALUE);
  CHECK_ERR(clGetEventProfilingInfo(pe, CL_PROFILING_COMMAND_END, 4, &ts, NULL), CL_INVALID_VALUE);
  CHECK_BAD(clGetEventProfilingInfo(WRONG(cl_event, t->q), CL_PROFILING_COMMAND_END, sizeof ts, &ts,
                                    NULL),
            CL_INVALID_EVENT);
  clReleaseEvent(pe);
  cl_command_queue np = clCreateCommandQueue(t->ctx, t->dev, 0, &e);
  CHECK_ERR(clEnqueueWriteBuffer(np, m, CL_TRUE, 0, N, in, 0, NULL, &pe), CL_SUCCESS);
  CHECK_ERR(clGetEventProfilingInfo(pe, CL_PROFILING_COMMAND_END, sizeof ts, &ts, NULL),
            CL_PROFILING_INFO_NOT_AVAILABLE);
  clReleaseEvent(pe);
  /* A command not yet complete has no profiling data. */
  u = clCreateUserEvent(t->ctx, &e);
  CHECK_ERR(clEnqueueWriteBuffer(t->q, m, CL_FALSE, 0, N, in, 1, &u, &pe), CL_SUCCESS);
  CHECK_ERR(clGetEventProfilingInfo(pe, CL_PROFILING_COMMAND_END, sizeof ts, &ts, NULL),
            CL_PROFILING_INFO_NOT_AVAILABLE);
  clSetUserEventStatus(u, CL_COMPLETE);
  CHECK_ERR(clWaitForEvents(1, &pe), CL_SUCCESS);
  clReleaseEvent(pe);
  clReleaseEvent(u);

  /* Markers and barriers. */
  CHECK_ERR(clEnqueueMarkerWithWaitList(t->q, 1, NULL, NULL), CL_INVALID_EVENT_WAIT_LIST);
  CHECK_BAD(clEnqueueMarkerWithWaitList(t->q, 0, &bogus, NULL), CL_INVALID_EVENT_WAIT_LIST);
  CHECK_BAD(clEnqueueMarkerWithWaitList(t->q, 1, &bogus, NULL), CL_INVALID_EVENT_WAIT_LIST);
  CHECK_BAD(clEnqueueBarrierWithWaitList(t->q, 1, &bogus, NULL), CL_INVALID_EVENT_WAIT_LIST);
  CHECK_BAD(clEnqueueMarkerWithWaitList(WRONG(cl_command_queue, m), 0, NULL, NULL),
            CL_INVALID_COMMAND_QUEUE);
  CHECK_BAD(clEnqueueBarrierWithWaitList(WRONG(cl_command_queue, m), 0, NULL, NULL),
            CL_INVALID_COMMAND_QUEUE);
  cl_event be;
  u = clCreateUserEvent(t->ctx, &e);
  CHECK_ERR(clEnqueueBarrierWithWaitList(t->q, 1, &u, &be), CL_SUCCESS);
  CHECK_ERR(clGetEventInfo(be, CL_EVENT_COMMAND_TYPE, sizeof ct, &ct, NULL), CL_SUCCESS);
  CHECK(ct == CL_COMMAND_BARRIER);
  CHECK_ERR(clEnqueueReadBuffer(t->q, m, CL_FALSE, 0, N, out, 0, NULL, &pe), CL_SUCCESS);
  clFlush(t->q);
  CHECK(api_ev_status(pe) > CL_COMPLETE); /* behind the barrier */
  clSetUserEventStatus(u, CL_COMPLETE);
  CHECK_ERR(clWaitForEvents(1, &pe), CL_SUCCESS);
  CHECK(api_ev_status(be) == CL_COMPLETE);
  CHECK(memcmp(in, out, N) == 0);
  clReleaseEvent(pe);
  clReleaseEvent(be);
  clReleaseEvent(u);

  /* OpenCL 1.1 calls kept in 1.2. */
  CHECK_ERR(clEnqueueMarker(t->q, NULL), CL_INVALID_VALUE);
  CHECK_ERR(clEnqueueMarker(t->q, &mk), CL_SUCCESS);
  CHECK_ERR(clWaitForEvents(1, &mk), CL_SUCCESS);
#define API_POCL_NO_WAITFOREVENTS "PoCL does not implement clEnqueueWaitForEvents (it aborts)"
  CHECK_NOT_POCL(clEnqueueWaitForEvents(t->q, 0, NULL), CL_INVALID_VALUE,
                 API_POCL_NO_WAITFOREVENTS);
  CHECK_BAD(clEnqueueWaitForEvents(t->q, 1, &bogus), CL_INVALID_EVENT);
  CHECK_NOT_POCL(clEnqueueWaitForEvents(t->q, 1, &mk), CL_SUCCESS, API_POCL_NO_WAITFOREVENTS);
  CHECK_ERR(clEnqueueBarrier(t->q), CL_SUCCESS);
  CHECK_BAD(clEnqueueBarrier(WRONG(cl_command_queue, m)), CL_INVALID_COMMAND_QUEUE);
  clReleaseEvent(mk);

  /* Out-of-order queue: a barrier still orders, wait lists still gate. */
  cl_command_queue_properties qp = (cl_command_queue_properties)api_dev_ulong(
      t, CL_DEVICE_QUEUE_PROPERTIES, sizeof(cl_command_queue_properties));
  if (qp & CL_QUEUE_OUT_OF_ORDER_EXEC_MODE_ENABLE) {
    cl_command_queue oq = clCreateCommandQueue(
        t->ctx, t->dev, CL_QUEUE_OUT_OF_ORDER_EXEC_MODE_ENABLE | CL_QUEUE_PROFILING_ENABLE, &e);
    CHECK_ERR(e, CL_SUCCESS);
    u = clCreateUserEvent(t->ctx, &e);
    cl_event wa;
    memset(out, 0, N);
    CHECK_ERR(clEnqueueWriteBuffer(oq, m, CL_FALSE, 0, N, out, 1, &u, &wa), CL_SUCCESS);
    CHECK_ERR(clEnqueueBarrierWithWaitList(oq, 0, NULL, NULL), CL_SUCCESS);
    CHECK_ERR(clEnqueueReadBuffer(oq, m, CL_FALSE, 0, N, out, 0, NULL, &pe), CL_SUCCESS);
    clFlush(oq);
    CHECK(api_ev_status(pe) > CL_COMPLETE);
    clSetUserEventStatus(u, CL_COMPLETE);
    CHECK_ERR(clFinish(oq), CL_SUCCESS);
    CHECK(api_ev_status(wa) == CL_COMPLETE && api_ev_status(pe) == CL_COMPLETE);
    clReleaseEvent(wa);
    clReleaseEvent(pe);
    clReleaseEvent(u);
    clReleaseCommandQueue(oq);
  }
  clReleaseCommandQueue(np);
  clReleaseMemObject(m);
}
