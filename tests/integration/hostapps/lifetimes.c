/* tests/integration/hostapps/lifetimes.c: the reference-counting habits of
 * real apps and language bindings: handles dropped in "wrong" orders while
 * work is pending, callbacks that release their event or enqueue more work,
 * and info queries with short buffers. */
#include <string.h>

#include "hostapp.h"

static const char *kSrc = "kernel void addk(global int *v, int k) { v[get_global_id(0)] += k; }\n";

typedef struct chain {
  cl_command_queue q;
  cl_kernel k;
  cl_mem buf;
  int calls[3]; /* per status: CL_COMPLETE(0), CL_RUNNING(1), CL_SUBMITTED(2) */
  int enqueued;
} chain;

static void CL_CALLBACK on_status(cl_event e, cl_int status, void *data) {
  chain *c = data;
  if (status >= 0 && status <= 2) c->calls[status]++;
  if (status == CL_COMPLETE) CHECK(clReleaseEvent(e)); /* fire and forget */
}

/* Enqueues a follow-up launch from inside a completion callback. */
static void CL_CALLBACK enqueue_more(cl_event e, cl_int status, void *data) {
  (void)e;
  chain *c = data;
  EXPECT_EQ(status, CL_COMPLETE);
  size_t g = 16;
  cl_int k = 100;
  CHECK(clSetKernelArg(c->k, 1, sizeof k, &k));
  CHECK(clEnqueueNDRangeKernel(c->q, c->k, 1, NULL, &g, NULL, 0, NULL, NULL));
  CHECK(clFlush(c->q));
  c->enqueued = 1;
}

int main(void) {
  cl_platform_id plat;
  cl_device_id dev;
  cl_int err;
  CHECK(clGetPlatformIDs(1, &plat, NULL));
  CHECK(clGetDeviceIDs(plat, CL_DEVICE_TYPE_ALL, 1, &dev, NULL));

  /* Short and exact buffers for string queries. */
  char small[4];
  size_t need = 0;
  EXPECT_EQ(clGetPlatformInfo(plat, CL_PLATFORM_NAME, sizeof small, small, NULL),
            CL_INVALID_VALUE);
  CHECK(clGetDeviceInfo(dev, CL_DEVICE_NAME, 0, NULL, &need));
  char *exact = malloc(need);
  CHECK(clGetDeviceInfo(dev, CL_DEVICE_NAME, need, exact, NULL));
  EXPECT(strlen(exact) == need - 1);
  EXPECT_EQ(clGetDeviceInfo(dev, CL_DEVICE_NAME, need - 1, exact, NULL), CL_INVALID_VALUE);
  free(exact);
  cl_platform_id dplat = NULL;
  CHECK(clGetDeviceInfo(dev, CL_DEVICE_PLATFORM, sizeof dplat, &dplat, NULL));
  EXPECT(dplat == plat);
  EXPECT_EQ(clGetDeviceInfo(dev, 0x7fff, sizeof need, &need, NULL), CL_INVALID_VALUE);

  cl_context ctx = clCreateContext(NULL, 1, &dev, NULL, NULL, &err);
  CHECK_ERR(err);
  cl_command_queue q = clCreateCommandQueue(ctx, dev, 0, &err);
  CHECK_ERR(err);
  cl_program prog = clCreateProgramWithSource(ctx, 1, &kSrc, NULL, &err);
  CHECK_ERR(err);
  CHECK(clBuildProgram(prog, 0, NULL, NULL, NULL, NULL));
  cl_kernel k = clCreateKernel(prog, "addk", &err);
  CHECK_ERR(err);
  cl_int init[16] = {0};
  cl_mem buf = clCreateBuffer(ctx, CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR, sizeof init, init,
                              &err);
  CHECK_ERR(err);
  cl_uint crefs = 0;
  CHECK(clGetContextInfo(ctx, CL_CONTEXT_REFERENCE_COUNT, sizeof crefs, &crefs, NULL));
  EXPECT(crefs >= 1);

  /* Bindings often destroy the context wrapper first: everything else must
   * keep working because each object holds its context. */
  CHECK(clReleaseContext(ctx));
  CHECK(clReleaseProgram(prog));
  cl_int one = 1;
  size_t g = 16;
  CHECK(clSetKernelArg(k, 0, sizeof buf, &buf));
  CHECK(clSetKernelArg(k, 1, sizeof one, &one));

  /* Callbacks on every status; the CL_COMPLETE one releases the event. */
  chain c = {q, k, buf, {0, 0, 0}, 0};
  cl_event e;
  CHECK(clEnqueueNDRangeKernel(q, k, 1, NULL, &g, NULL, 0, NULL, &e));
  EXPECT_EQ(clSetEventCallback(e, CL_QUEUED, on_status, &c), CL_INVALID_VALUE);
  EXPECT_EQ(clSetEventCallback(e, CL_COMPLETE, NULL, &c), CL_INVALID_VALUE);
  CHECK(clSetEventCallback(e, CL_SUBMITTED, on_status, &c));
  CHECK(clSetEventCallback(e, CL_RUNNING, on_status, &c));
  /* Last: after it the app no longer owns `e` (the callback releases it, maybe
   * right here if the command is already done). */
  CHECK(clSetEventCallback(e, CL_COMPLETE, on_status, &c));
  CHECK(clFinish(q));
  EXPECT(c.calls[0] == 1 && c.calls[1] == 1 && c.calls[2] == 1);

  /* A callback that enqueues more work on the same queue. */
  cl_event e2;
  CHECK(clEnqueueNDRangeKernel(q, k, 1, NULL, &g, NULL, 0, NULL, &e2));
  CHECK(clSetEventCallback(e2, CL_COMPLETE, enqueue_more, &c));
  CHECK(clWaitForEvents(1, &e2));
  CHECK(clReleaseEvent(e2));
  CHECK(clFinish(q));
  EXPECT_EQ(c.enqueued, 1);

  /* A buffer released while a non-blocking read of it is pending. */
  cl_int out[16];
  cl_event rd;
  CHECK(clEnqueueReadBuffer(q, buf, CL_FALSE, 0, sizeof out, out, 0, NULL, &rd));
  CHECK(clReleaseMemObject(buf));
  CHECK(clReleaseKernel(k));
  CHECK(clWaitForEvents(1, &rd));
  for (int i = 0; i < 16; i++) EXPECT_EQ(out[i], 102);
  /* The queue still answers for its context after the app released it. */
  cl_context qctx = NULL;
  CHECK(clGetCommandQueueInfo(q, CL_QUEUE_CONTEXT, sizeof qctx, &qctx, NULL));
  EXPECT(qctx == ctx);
  cl_command_queue eq = NULL;
  CHECK(clGetEventInfo(rd, CL_EVENT_COMMAND_QUEUE, sizeof eq, &eq, NULL));
  EXPECT(eq == q);
  /* The event outlives its queue. */
  CHECK(clReleaseCommandQueue(q));
  cl_int st;
  CHECK(clGetEventInfo(rd, CL_EVENT_COMMAND_EXECUTION_STATUS, sizeof st, &st, NULL));
  EXPECT_EQ(st, CL_COMPLETE);
  CHECK(clReleaseEvent(rd));
  printf("lifetimes: PASS\n");
  return 0;
}
