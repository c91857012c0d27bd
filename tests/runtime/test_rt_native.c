/* Runtime tests for clEnqueueNativeKernel (host functions in queue order,
 * buffer handles replaced by host pointers), out-of-order queues, and the 1.2
 * launch rules added with the API conformance work (reqd_work_group_size
 * with a NULL local size, clEnqueueTask's command type), and host-link
 * transfer timing in the profiling timeline. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "check_run.h"
#include "rt_test_util.h"

typedef struct nat_args {
  int *buf;  /* a cl_mem at enqueue, a host pointer when the function runs */
  int *sub;  /* a sub-buffer: points at its origin inside the parent */
  int *none; /* a NULL entry of mem_list stays NULL */
  int value;
} nat_args;

static void CL_CALLBACK nat_fn(void *p) {
  nat_args *a = p;
  a->buf[0] = a->value;
  a->sub[0] = a->value + 1;
  a->buf[1] = a->none == NULL;
}

START_TEST(native_kernel_runs_in_order) {
  rt_test_env();
  rt_env e;
  rt_env_open(&e, 1);
  ck_assert(rt_dev_ulong(e.device, CL_DEVICE_EXECUTION_CAPABILITIES) & CL_EXEC_NATIVE_KERNEL);
  cl_int err;
  cl_mem m = clCreateBuffer(e.ctx, 0, 1024, NULL, &err);
  cl_buffer_region r = {512, 256};
  cl_mem s = clCreateSubBuffer(m, 0, CL_BUFFER_CREATE_TYPE_REGION, &r, &err);
  ck_assert_int_eq(err, CL_SUCCESS);
  nat_args a = {(int *)(void *)m, (int *)(void *)s, NULL, 41};
  cl_mem mems[3] = {m, s, NULL};
  const void *locs[3] = {&a.buf, &a.sub, &a.none};
  cl_event u = clCreateUserEvent(e.ctx, &err), ev;
  ck_assert_int_eq(clEnqueueNativeKernel(e.q, nat_fn, &a, sizeof a, 3, mems, locs, 1, &u, &ev),
                   CL_SUCCESS);
  a.value = 0; /* copied at enqueue */
  cl_int st = 0;
  clGetEventInfo(ev, CL_EVENT_COMMAND_EXECUTION_STATUS, sizeof st, &st, NULL);
  ck_assert_int_eq(st, CL_QUEUED); /* held back by the user event */
  clSetUserEventStatus(u, CL_COMPLETE);
  int out[2] = {0, 0}, sub = 0;
  ck_assert_int_eq(clEnqueueReadBuffer(e.q, m, CL_TRUE, 0, sizeof out, out, 0, NULL, NULL),
                   CL_SUCCESS);
  ck_assert_int_eq(clEnqueueReadBuffer(e.q, m, CL_TRUE, 512, sizeof sub, &sub, 0, NULL, NULL),
                   CL_SUCCESS);
  ck_assert_int_eq(out[0], 41);
  ck_assert_int_eq(out[1], 1);
  ck_assert_int_eq(sub, 42);
  cl_command_type ct = 0;
  clGetEventInfo(ev, CL_EVENT_COMMAND_TYPE, sizeof ct, &ct, NULL);
  ck_assert_int_eq(ct, CL_COMMAND_NATIVE_KERNEL);
  /* A location outside the args block. */
  int outside;
  const void *bad[1] = {&outside};
  ck_assert_int_eq(clEnqueueNativeKernel(e.q, nat_fn, &a, sizeof a, 1, mems, bad, 0, NULL, NULL),
                   CL_INVALID_VALUE);
  clReleaseEvent(ev);
  clReleaseEvent(u);
  clReleaseMemObject(s);
  clReleaseMemObject(m);
  rt_env_close(&e);
}
END_TEST

START_TEST(reqd_size_needs_local_size) {
  rt_test_env();
  rt_env e;
  rt_env_open(&e, 0);
  cl_program p = rt_build(&e, "__kernel __attribute__((reqd_work_group_size(4, 1, 1)))\n"
                              "void fixed(__global int *o) { o[get_global_id(0)] = 1; }\n");
  cl_int err;
  cl_kernel k = clCreateKernel(p, "fixed", &err);
  cl_mem m = clCreateBuffer(e.ctx, 0, 64, NULL, &err);
  clSetKernelArg(k, 0, sizeof m, &m);
  size_t g = 8, l = 4;
  rt_stderr_begin();
  ck_assert_int_eq(clEnqueueNDRangeKernel(e.q, k, 1, NULL, &g, NULL, 0, NULL, NULL),
                   CL_INVALID_WORK_GROUP_SIZE);
  const char *msg = rt_stderr_end();
  ck_assert_msg(strstr(msg, "wavesim: clEnqueueNDRangeKernel(fixed): the kernel has "
                            "reqd_work_group_size: pass that local size (OpenCL 1.2 does not "
                            "allow NULL here)") != NULL,
                "%s", msg);
  cl_event ev;
  ck_assert_int_eq(clEnqueueNDRangeKernel(e.q, k, 1, NULL, &g, &l, 0, NULL, &ev), CL_SUCCESS);
  cl_command_type ct = 0;
  clGetEventInfo(ev, CL_EVENT_COMMAND_TYPE, sizeof ct, &ct, NULL);
  ck_assert_int_eq(ct, CL_COMMAND_NDRANGE_KERNEL);
  clReleaseEvent(ev);
  clReleaseMemObject(m);
  clReleaseKernel(k);
  clReleaseProgram(p);
  rt_env_close(&e);
}
END_TEST

static cl_int ev_status(cl_event e) {
  cl_int s = 99;
  clGetEventInfo(e, CL_EVENT_COMMAND_EXECUTION_STATUS, sizeof s, &s, NULL);
  return s;
}

/* Out of order: a ready command passes one held by a user event; a barrier
 * holds everything behind it; a marker without a wait list waits for all. */
START_TEST(out_of_order_queue) {
  rt_test_env();
  rt_env e;
  rt_env_open(&e, 0);
  cl_int err;
  cl_command_queue oq =
      clCreateCommandQueue(e.ctx, e.device, CL_QUEUE_OUT_OF_ORDER_EXEC_MODE_ENABLE, &err);
  ck_assert_int_eq(err, CL_SUCCESS);
  cl_mem m = clCreateBuffer(e.ctx, 0, 64, NULL, &err);
  int one = 1, two = 2;
  cl_event u = clCreateUserEvent(e.ctx, &err), held, free_ev, mk, bar, after;
  ck_assert_int_eq(clEnqueueWriteBuffer(oq, m, CL_FALSE, 0, 4, &one, 1, &u, &held), CL_SUCCESS);
  ck_assert_int_eq(clEnqueueWriteBuffer(oq, m, CL_FALSE, 4, 4, &two, 0, NULL, &free_ev),
                   CL_SUCCESS);
  ck_assert_int_eq(ev_status(free_ev), CL_COMPLETE); /* passed the held write */
  ck_assert_int_eq(ev_status(held), CL_QUEUED);
  ck_assert_int_eq(clEnqueueMarkerWithWaitList(oq, 0, NULL, &mk), CL_SUCCESS);
  ck_assert_int_eq(clEnqueueBarrierWithWaitList(oq, 0, NULL, &bar), CL_SUCCESS);
  ck_assert_int_eq(clEnqueueWriteBuffer(oq, m, CL_FALSE, 8, 4, &two, 0, NULL, &after), CL_SUCCESS);
  ck_assert_int_eq(ev_status(mk), CL_QUEUED);
  ck_assert_int_eq(ev_status(bar), CL_QUEUED);
  ck_assert_int_eq(ev_status(after), CL_QUEUED); /* behind the barrier */
  clSetUserEventStatus(u, CL_COMPLETE);
  ck_assert_int_eq(clFinish(oq), CL_SUCCESS);
  ck_assert_int_eq(ev_status(held), CL_COMPLETE);
  ck_assert_int_eq(ev_status(mk), CL_COMPLETE);
  ck_assert_int_eq(ev_status(after), CL_COMPLETE);
  int out[3] = {0, 0, 0};
  clEnqueueReadBuffer(oq, m, CL_TRUE, 0, sizeof out, out, 0, NULL, NULL);
  ck_assert_int_eq(out[0], 1);
  ck_assert_int_eq(out[2], 2);
  /* The same sequence on an in-order queue: nothing passes the held write. */
  cl_event u2 = clCreateUserEvent(e.ctx, &err), h2, f2;
  clEnqueueWriteBuffer(e.q, m, CL_FALSE, 0, 4, &one, 1, &u2, &h2);
  clEnqueueWriteBuffer(e.q, m, CL_FALSE, 4, 4, &two, 0, NULL, &f2);
  ck_assert_int_eq(ev_status(f2), CL_QUEUED);
  clSetUserEventStatus(u2, CL_COMPLETE);
  clFinish(e.q);
  ck_assert_int_eq(ev_status(f2), CL_COMPLETE);
  cl_event evs[] = {u, held, free_ev, mk, bar, after, u2, h2, f2};
  for (size_t i = 0; i < sizeof evs / sizeof evs[0]; i++) clReleaseEvent(evs[i]);
  clReleaseMemObject(m);
  clReleaseCommandQueue(oq);
  rt_env_close(&e);
}
END_TEST

/* A write from the host takes host_link.latency_ns + bytes / bandwidth; a
 * device-to-device copy of the same size only bytes / dram.bandwidth_gbs. */
START_TEST(host_link_timing) {
  rt_test_env();
  setenv("WAVESIM_SET",
         "host_link.bandwidth_gbs=10;host_link.latency_ns=500;"
         "dram.bandwidth_gbs=1000",
         1);
  rt_env e;
  rt_env_open(&e, 1);
  enum { BYTES = 1000000 };
  static unsigned char host[BYTES];
  cl_int err;
  cl_mem a = clCreateBuffer(e.ctx, 0, BYTES, NULL, &err);
  cl_mem b = clCreateBuffer(e.ctx, 0, BYTES, NULL, &err);
  cl_event w, c;
  ck_assert_int_eq(clEnqueueWriteBuffer(e.q, a, CL_TRUE, 0, BYTES, host, 0, NULL, &w), CL_SUCCESS);
  ck_assert_int_eq(clEnqueueCopyBuffer(e.q, a, b, 0, 0, BYTES, 0, NULL, &c), CL_SUCCESS);
  clFinish(e.q);
  cl_ulong ws, we, cs, ce;
  clGetEventProfilingInfo(w, CL_PROFILING_COMMAND_START, sizeof ws, &ws, NULL);
  clGetEventProfilingInfo(w, CL_PROFILING_COMMAND_END, sizeof we, &we, NULL);
  clGetEventProfilingInfo(c, CL_PROFILING_COMMAND_START, sizeof cs, &cs, NULL);
  clGetEventProfilingInfo(c, CL_PROFILING_COMMAND_END, sizeof ce, &ce, NULL);
  ck_assert_uint_eq(we - ws, 500 + BYTES / 10);
  ck_assert_uint_eq(ce - cs, BYTES / 1000);
  ck_assert_uint_ge(cs, we); /* one device timeline */
  clReleaseEvent(w);
  clReleaseEvent(c);
  clReleaseMemObject(a);
  clReleaseMemObject(b);
  rt_env_close(&e);
}
END_TEST

int main(void) {
  Suite *s = suite_create("rt_native");
  TCase *tc = tcase_create("native");
  tcase_set_timeout(tc, 120);
  tcase_add_test(tc, native_kernel_runs_in_order);
  tcase_add_test(tc, reqd_size_needs_local_size);
  tcase_add_test(tc, out_of_order_queue);
  tcase_add_test(tc, host_link_timing);
  suite_add_tcase(s, tc);
  return check_run(s);
}
