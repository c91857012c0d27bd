/* tests/integration/hostapps/threads.c: two host threads, each with its own
 * queue on one shared context, enqueueing kernels concurrently. */
#include <pthread.h>
#include <string.h>
#include <time.h>

#include "hostapp.h"

static const char *kSrc = "kernel void axpb(global int *v, int a, int b) {\n"
                          "  size_t i = get_global_id(0);\n"
                          "  v[i] = a * v[i] + b;\n"
                          "}\n";

typedef struct worker {
  cl_context ctx;
  cl_device_id dev;
  cl_program prog; /* shared; each thread makes its own kernel */
  int id;
  int ok;
} worker;

enum { N = 2048, ITERS = 20 };

static void *work(void *arg) {
  worker *w = arg;
  cl_int err;
  cl_command_queue q = clCreateCommandQueue(w->ctx, w->dev, 0, &err);
  CHECK_ERR(err);
  cl_kernel k = clCreateKernel(w->prog, "axpb", &err);
  CHECK_ERR(err);
  cl_int *h = malloc(N * sizeof *h), *want = malloc(N * sizeof *want);
  for (int i = 0; i < N; i++) h[i] = want[i] = i + w->id * 100000;
  cl_mem buf = clCreateBuffer(w->ctx, CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR, N * sizeof *h, h,
                              &err);
  CHECK_ERR(err);
  size_t g = N;
  for (int it = 0; it < ITERS; it++) {
    cl_int a = it % 2 ? -1 : 2, b = w->id * 7 + it;
    CHECK(clSetKernelArg(k, 0, sizeof buf, &buf));
    CHECK(clSetKernelArg(k, 1, sizeof a, &a));
    CHECK(clSetKernelArg(k, 2, sizeof b, &b));
    cl_event e;
    CHECK(clEnqueueNDRangeKernel(q, k, 1, NULL, &g, NULL, 0, NULL, &e));
    if (it % 5 == 0) CHECK(clWaitForEvents(1, &e));
    CHECK(clReleaseEvent(e));
    for (int i = 0; i < N; i++) want[i] = a * want[i] + b;
  }
  CHECK(clEnqueueReadBuffer(q, buf, CL_TRUE, 0, N * sizeof *h, h, 0, NULL, NULL));
  w->ok = memcmp(h, want, N * sizeof *h) == 0;
  if (!w->ok) fprintf(stderr, "thread %d: wrong results\n", w->id);
  CHECK(clReleaseMemObject(buf));
  CHECK(clReleaseKernel(k));
  CHECK(clFinish(q));
  CHECK(clReleaseCommandQueue(q));
  free(h), free(want);
  return NULL;
}

typedef struct releaser {
  cl_event gate;
  int done;
} releaser;

/* Completes the user event from another thread while main() is blocked in
 * clWaitForEvents (the pattern of apps that feed a device from I/O threads). */
static void *open_gate(void *arg) {
  releaser *r = arg;
  struct timespec ts = {0, 50 * 1000 * 1000};
  nanosleep(&ts, NULL);
  r->done = 1;
  CHECK(clSetUserEventStatus(r->gate, CL_COMPLETE));
  return NULL;
}

int main(void) {
  cl_platform_id plat;
  cl_device_id dev;
  cl_int err;
  CHECK(clGetPlatformIDs(1, &plat, NULL));
  CHECK(clGetDeviceIDs(plat, CL_DEVICE_TYPE_DEFAULT, 1, &dev, NULL));
  cl_context ctx = clCreateContext(NULL, 1, &dev, NULL, NULL, &err);
  CHECK_ERR(err);
  cl_program prog = clCreateProgramWithSource(ctx, 1, &kSrc, NULL, &err);
  CHECK_ERR(err);
  CHECK(clBuildProgram(prog, 1, &dev, NULL, NULL, NULL));
  for (int round = 0; round < 3; round++) {
    worker w[2];
    pthread_t t[2];
    for (int i = 0; i < 2; i++) {
      w[i] = (worker){ctx, dev, prog, i + round * 2, 0};
      EXPECT(pthread_create(&t[i], NULL, work, &w[i]) == 0);
    }
    for (int i = 0; i < 2; i++) EXPECT(pthread_join(t[i], NULL) == 0);
    for (int i = 0; i < 2; i++) EXPECT(w[i].ok);
  }
  /* A launch gated by a user event: the app drops its kernel, program and
   * buffer handles right after enqueueing (the command must keep them), and
   * another thread opens the gate while this one waits. */
  cl_command_queue q = clCreateCommandQueue(ctx, dev, 0, &err);
  CHECK_ERR(err);
  cl_event gate = clCreateUserEvent(ctx, &err);
  CHECK_ERR(err);
  cl_kernel k = clCreateKernel(prog, "axpb", &err);
  CHECK_ERR(err);
  cl_int init[64], res[64];
  for (int i = 0; i < 64; i++) init[i] = i;
  cl_mem buf = clCreateBuffer(ctx, CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR, sizeof init, init,
                              &err);
  CHECK_ERR(err);
  cl_int a = 3, b = -4;
  CHECK(clSetKernelArg(k, 0, sizeof buf, &buf));
  CHECK(clSetKernelArg(k, 1, sizeof a, &a));
  CHECK(clSetKernelArg(k, 2, sizeof b, &b));
  size_t g = 64;
  cl_event kev, rev;
  CHECK(clEnqueueNDRangeKernel(q, k, 1, NULL, &g, NULL, 1, &gate, &kev));
  CHECK(clEnqueueReadBuffer(q, buf, CL_FALSE, 0, sizeof res, res, 1, &kev, &rev));
  CHECK(clReleaseKernel(k));
  CHECK(clReleaseMemObject(buf));
  CHECK(clReleaseProgram(prog));
  CHECK(clFlush(q));
  releaser r = {gate, 0};
  pthread_t t;
  EXPECT(pthread_create(&t, NULL, open_gate, &r) == 0);
  CHECK(clWaitForEvents(1, &rev));
  EXPECT(r.done);
  EXPECT(pthread_join(t, NULL) == 0);
  for (int i = 0; i < 64; i++) EXPECT_EQ(res[i], 3 * i - 4);
  CHECK(clReleaseEvent(kev));
  CHECK(clReleaseEvent(rev));
  CHECK(clReleaseEvent(gate));
  CHECK(clReleaseCommandQueue(q));
  CHECK(clReleaseContext(ctx));
  printf("threads: PASS\n");
  return 0;
}
