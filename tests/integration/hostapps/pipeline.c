/* tests/integration/hostapps/pipeline.c: a multi-kernel pipeline in the style
 * of simulation codes: ping-pong buffers, copies, maps, sub-buffers, fills,
 * events (lists, user events, callbacks, profiling) and lifetime rules. */
#include <stdatomic.h>
#include <string.h>
#include <time.h>

#include "hostapp.h"

static const char *kSrc =
    "kernel void smooth(global const float *in, global float *out, uint n) {\n"
    "  uint i = get_global_id(0);\n"
    "  if (i >= n) return;\n"
    "  float l = i > 0 ? in[i - 1] : in[i];\n"
    "  float r = i + 1 < n ? in[i + 1] : in[i];\n"
    "  out[i] = 0.25f * l + 0.5f * in[i] + 0.25f * r;\n"
    "}\n"
    "kernel void add_source(global float *v, float s, uint at) {\n"
    "  if (get_global_id(0) == 0) v[at] += s;\n"
    "}\n"
    "kernel void scale(global int *v, int k) { v[get_global_id(0)] *= k; }\n";

typedef struct cb_state {
  int calls;
  cl_int status;
} cb_state;

static void CL_CALLBACK on_complete(cl_event e, cl_int status, void *data) {
  (void)e;
  cb_state *s = data;
  s->calls++;
  s->status = status;
}

static void CL_CALLBACK on_mem_destroy(cl_mem m, void *data) {
  (void)m;
  atomic_fetch_add((atomic_int *)data, 1); /* may run on the runtime's own thread */
}

/* The callback's count once it reaches `want` or about a second has passed:
 * the specification lets an implementation delete a released memory object
 * (and call its destructor callbacks) later, once the commands that used it
 * are done, on a thread of its own (PoCL does). */
static int wait_count(atomic_int *n, int want) {
  for (int i = 0; i < 1000 && atomic_load(n) < want; i++)
    nanosleep(&(struct timespec){0, 1000000}, NULL);
  return atomic_load(n);
}

static void cpu_smooth(const float *in, float *out, unsigned n) {
  for (unsigned i = 0; i < n; i++) {
    float l = i > 0 ? in[i - 1] : in[i];
    float r = i + 1 < n ? in[i + 1] : in[i];
    out[i] = 0.25f * l + 0.5f * in[i] + 0.25f * r;
  }
}

int main(void) {
  cl_platform_id plat;
  cl_device_id dev;
  cl_int err;
  CHECK(clGetPlatformIDs(1, &plat, NULL));
  CHECK(clGetDeviceIDs(plat, CL_DEVICE_TYPE_DEFAULT, 1, &dev, NULL));
  cl_context ctx = clCreateContext(NULL, 1, &dev, NULL, NULL, &err);
  CHECK_ERR(err);
  cl_command_queue q = clCreateCommandQueue(ctx, dev, CL_QUEUE_PROFILING_ENABLE, &err);
  CHECK_ERR(err);
  cl_program prog = clCreateProgramWithSource(ctx, 1, &kSrc, NULL, &err);
  CHECK_ERR(err);
  CHECK(clBuildProgram(prog, 1, &dev, "", NULL, NULL));

  /* clCreateKernelsInProgram, two-call style; find kernels by name. */
  cl_uint nk = 0;
  CHECK(clCreateKernelsInProgram(prog, 0, NULL, &nk));
  EXPECT_EQ(nk, 3);
  cl_kernel ks[3];
  CHECK(clCreateKernelsInProgram(prog, nk, ks, NULL));
  cl_kernel ksmooth = NULL, kadd = NULL, kscale = NULL;
  for (cl_uint i = 0; i < nk; i++) {
    char name[64];
    CHECK(clGetKernelInfo(ks[i], CL_KERNEL_FUNCTION_NAME, sizeof name, name, NULL));
    if (!strcmp(name, "smooth")) ksmooth = ks[i];
    if (!strcmp(name, "add_source")) kadd = ks[i];
    if (!strcmp(name, "scale")) kscale = ks[i];
  }
  EXPECT(ksmooth && kadd && kscale);
  /* Lifetime: the kernels keep the program alive after the app drops it. */
  CHECK(clReleaseProgram(prog));
  cl_program kp = NULL;
  CHECK(clGetKernelInfo(ksmooth, CL_KERNEL_PROGRAM, sizeof kp, &kp, NULL));
  EXPECT(kp == prog);
  cl_uint prefs = 0;
  CHECK(clGetProgramInfo(kp, CL_PROGRAM_REFERENCE_COUNT, sizeof prefs, &prefs, NULL));
  EXPECT(prefs >= 1);

  /* ---- ping-pong for 50 iterations ---- */
  const cl_uint n = 1000;
  const size_t bytes = n * sizeof(float);
  float *h0 = malloc(bytes), *h1 = malloc(bytes), *got = malloc(bytes), *init = malloc(bytes);
  for (cl_uint i = 0; i < n; i++) h0[i] = init[i] = (float)((i * 37) % 101);
  cl_mem a = clCreateBuffer(ctx, CL_MEM_READ_WRITE, bytes, NULL, &err);
  CHECK_ERR(err);
  cl_mem b = clCreateBuffer(ctx, CL_MEM_READ_WRITE, bytes, NULL, &err);
  CHECK_ERR(err);
  /* Non-blocking write, waited on through the kernel's wait list; `init`
   * must stay untouched until it completes (the CPU reference works on h0). */
  cl_event wev;
  CHECK(clEnqueueWriteBuffer(q, a, CL_FALSE, 0, bytes, init, 0, NULL, &wev));
  size_t gsz = n;
  cl_event last = wev;
  for (int it = 0; it < 50; it++) {
    cl_mem src = it % 2 ? b : a, dst = it % 2 ? a : b;
    CHECK(clSetKernelArg(ksmooth, 0, sizeof src, &src));
    CHECK(clSetKernelArg(ksmooth, 1, sizeof dst, &dst));
    CHECK(clSetKernelArg(ksmooth, 2, sizeof n, &n));
    cl_event kev;
    CHECK(clEnqueueNDRangeKernel(q, ksmooth, 1, NULL, &gsz, NULL, 1, &last, &kev));
    CHECK(clReleaseEvent(last));
    float s = 1.0f;
    cl_uint at = (cl_uint)(it * 13) % n;
    CHECK(clSetKernelArg(kadd, 0, sizeof dst, &dst));
    CHECK(clSetKernelArg(kadd, 1, sizeof s, &s));
    CHECK(clSetKernelArg(kadd, 2, sizeof at, &at));
    size_t one = 1;
    CHECK(clEnqueueNDRangeKernel(q, kadd, 1, NULL, &one, NULL, 1, &kev, &last));
    CHECK(clReleaseEvent(kev));
    /* CPU reference */
    cpu_smooth(h0, h1, n);
    h1[at] += s;
    memcpy(h0, h1, bytes);
  }
  /* After 50 (even) iterations the result is in a; read it non-blocking. */
  cl_event rev;
  CHECK(clEnqueueReadBuffer(q, a, CL_FALSE, 0, bytes, got, 1, &last, &rev));
  cl_event both[2] = {last, rev};
  CHECK(clWaitForEvents(2, both));
  cl_int st;
  CHECK(clGetEventInfo(rev, CL_EVENT_COMMAND_EXECUTION_STATUS, sizeof st, &st, NULL));
  EXPECT_EQ(st, CL_COMPLETE);
  for (cl_uint i = 0; i < n; i++)
    if (got[i] != h0[i]) {
      fprintf(stderr, "pingpong[%u] = %.9g, want %.9g\n", i, got[i], h0[i]);
      return 1;
    }
  CHECK(clReleaseEvent(last));
  CHECK(clReleaseEvent(rev));

  /* ---- copy, then map for reading ---- */
  cl_event cev;
  CHECK(clEnqueueCopyBuffer(q, a, b, 0, 0, bytes, 0, NULL, &cev));
  float *mp = clEnqueueMapBuffer(q, b, CL_TRUE, CL_MAP_READ, 0, bytes, 1, &cev, NULL, &err);
  CHECK_ERR(err);
  EXPECT(memcmp(mp, h0, bytes) == 0);
  cl_uint mapc = 0;
  CHECK(clGetMemObjectInfo(b, CL_MEM_MAP_COUNT, sizeof mapc, &mapc, NULL));
  EXPECT_EQ(mapc, 1);
  cl_event uev;
  CHECK(clEnqueueUnmapMemObject(q, b, mp, 0, NULL, &uev));
  CHECK(clWaitForEvents(1, &uev));
  CHECK(clReleaseEvent(uev));
  CHECK(clReleaseEvent(cev));
  /* Partial copy with offsets. */
  CHECK(clEnqueueCopyBuffer(q, a, b, 4 * sizeof(float), 100 * sizeof(float), 10 * sizeof(float),
                            0, NULL, NULL));
  CHECK(clEnqueueReadBuffer(q, b, CL_TRUE, 0, bytes, got, 0, NULL, NULL));
  for (int i = 0; i < 10; i++) EXPECT(got[100 + i] == h0[4 + i]);

  /* ---- map for writing (invalidate), kernel, map for reading ---- */
  const size_t m = 256;
  cl_mem ib = clCreateBuffer(ctx, CL_MEM_READ_WRITE | CL_MEM_ALLOC_HOST_PTR, m * sizeof(cl_int),
                             NULL, &err);
  CHECK_ERR(err);
  cl_int *ip = clEnqueueMapBuffer(q, ib, CL_TRUE, CL_MAP_WRITE_INVALIDATE_REGION, 0,
                                  m * sizeof(cl_int), 0, NULL, NULL, &err);
  CHECK_ERR(err);
  for (size_t i = 0; i < m; i++) ip[i] = (cl_int)i - 100;
  CHECK(clEnqueueUnmapMemObject(q, ib, ip, 0, NULL, NULL));
  cl_int k3 = 3;
  CHECK(clSetKernelArg(kscale, 0, sizeof ib, &ib));
  CHECK(clSetKernelArg(kscale, 1, sizeof k3, &k3));
  CHECK(clEnqueueNDRangeKernel(q, kscale, 1, NULL, &m, NULL, 0, NULL, NULL));
  ip = clEnqueueMapBuffer(q, ib, CL_TRUE, CL_MAP_READ | CL_MAP_WRITE, 0, m * sizeof(cl_int), 0,
                          NULL, NULL, &err);
  CHECK_ERR(err);
  for (size_t i = 0; i < m; i++) EXPECT_EQ(ip[i], 3 * ((cl_int)i - 100));
  CHECK(clEnqueueUnmapMemObject(q, ib, ip, 0, NULL, NULL));
  /* Map with CL_MAP_WRITE of a sub-range at an offset. */
  ip = clEnqueueMapBuffer(q, ib, CL_TRUE, CL_MAP_WRITE, 64 * sizeof(cl_int), 16 * sizeof(cl_int),
                          0, NULL, NULL, &err);
  CHECK_ERR(err);
  for (int i = 0; i < 16; i++) ip[i] = 7000 + i;
  CHECK(clEnqueueUnmapMemObject(q, ib, ip, 0, NULL, NULL));

  /* ---- sub-buffers: kernel on a sub-range ---- */
  cl_uint align_bits = 0;
  CHECK(clGetDeviceInfo(dev, CL_DEVICE_MEM_BASE_ADDR_ALIGN, sizeof align_bits, &align_bits, NULL));
  size_t align = align_bits / 8;
  EXPECT(align >= 4 && align <= m * sizeof(cl_int) / 2);
  cl_buffer_region reg = {align, align};
  cl_mem sub = clCreateSubBuffer(ib, CL_MEM_READ_WRITE, CL_BUFFER_CREATE_TYPE_REGION, &reg, &err);
  CHECK_ERR(err);
  size_t sub_sz = 0, sub_off = 0;
  cl_mem sub_parent = NULL;
  CHECK(clGetMemObjectInfo(sub, CL_MEM_SIZE, sizeof sub_sz, &sub_sz, NULL));
  CHECK(clGetMemObjectInfo(sub, CL_MEM_OFFSET, sizeof sub_off, &sub_off, NULL));
  CHECK(clGetMemObjectInfo(sub, CL_MEM_ASSOCIATED_MEMOBJECT, sizeof sub_parent, &sub_parent,
                           NULL));
  EXPECT(sub_sz == align && sub_off == align && sub_parent == ib);
  cl_int km1 = -1;
  size_t subn = align / sizeof(cl_int);
  CHECK(clSetKernelArg(kscale, 0, sizeof sub, &sub));
  CHECK(clSetKernelArg(kscale, 1, sizeof km1, &km1));
  CHECK(clEnqueueNDRangeKernel(q, kscale, 1, NULL, &subn, NULL, 0, NULL, NULL));
  cl_int *all = malloc(m * sizeof(cl_int));
  CHECK(clEnqueueReadBuffer(q, ib, CL_TRUE, 0, m * sizeof(cl_int), all, 0, NULL, NULL));
  for (size_t i = 0; i < m; i++) {
    cl_int want = 3 * ((cl_int)i - 100);
    if (i >= 64 && i < 80) want = 7000 + (cl_int)(i - 64);
    if (i >= subn && i < 2 * subn) want = -want;
    EXPECT_EQ(all[i], want);
  }
  /* Destructor callbacks run when the last reference goes (the sub-buffer's
   * parent stays alive while the sub-buffer holds it). */
  atomic_int destroyed = 0;
  CHECK(clSetMemObjectDestructorCallback(ib, on_mem_destroy, &destroyed));
  CHECK(clReleaseMemObject(ib));
  CHECK(clFinish(q));
  EXPECT_EQ(atomic_load(&destroyed), 0);
  CHECK(clReleaseMemObject(sub));
  CHECK(clFinish(q));
  EXPECT_EQ(wait_count(&destroyed, 1), 1);

  /* ---- fills with pattern sizes 1..128 ---- */
  const size_t fb_bytes = 1024;
  cl_mem fb = clCreateBuffer(ctx, CL_MEM_READ_WRITE, fb_bytes, NULL, &err);
  CHECK_ERR(err);
  unsigned char pat[128], fbuf[1024];
  for (int i = 0; i < 128; i++) pat[i] = (unsigned char)(i * 7 + 1);
  for (size_t ps = 1; ps <= 128; ps *= 2) {
    CHECK(clEnqueueFillBuffer(q, fb, "\0", 1, 0, fb_bytes, 0, NULL, NULL));
    size_t off = ps * 2, len = ps * 3;
    CHECK(clEnqueueFillBuffer(q, fb, pat, ps, off, len, 0, NULL, NULL));
    CHECK(clEnqueueReadBuffer(q, fb, CL_TRUE, 0, fb_bytes, fbuf, 0, NULL, NULL));
    for (size_t i = 0; i < fb_bytes; i++) {
      unsigned char want = i >= off && i < off + len ? pat[(i - off) % ps] : 0;
      if (fbuf[i] != want) {
        fprintf(stderr, "fill pattern %zu: byte %zu = %u, want %u\n", ps, i, fbuf[i], want);
        return 1;
      }
    }
  }
  /* Bad fills: pattern size 3, offset not a multiple of the pattern size. */
  EXPECT_EQ(clEnqueueFillBuffer(q, fb, pat, 3, 0, 6, 0, NULL, NULL), CL_INVALID_VALUE);
  EXPECT_EQ(clEnqueueFillBuffer(q, fb, pat, 4, 2, 8, 0, NULL, NULL), CL_INVALID_VALUE);
  EXPECT_EQ(clEnqueueFillBuffer(q, fb, pat, 4, 0, 2048, 0, NULL, NULL), CL_INVALID_VALUE);

  /* ---- clGetMemObjectInfo ---- */
  cl_mem_flags fl = 0;
  size_t fsz = 0;
  cl_uint refs = 0;
  cl_context mctx = NULL;
  cl_mem_object_type mt = 0;
  void *hp = (void *)1;
  CHECK(clGetMemObjectInfo(fb, CL_MEM_FLAGS, sizeof fl, &fl, NULL));
  CHECK(clGetMemObjectInfo(fb, CL_MEM_SIZE, sizeof fsz, &fsz, NULL));
  CHECK(clGetMemObjectInfo(fb, CL_MEM_REFERENCE_COUNT, sizeof refs, &refs, NULL));
  CHECK(clGetMemObjectInfo(fb, CL_MEM_CONTEXT, sizeof mctx, &mctx, NULL));
  CHECK(clGetMemObjectInfo(fb, CL_MEM_TYPE, sizeof mt, &mt, NULL));
  CHECK(clGetMemObjectInfo(fb, CL_MEM_HOST_PTR, sizeof hp, &hp, NULL));
  /* The reference count is "immediately stale" (OpenCL 1.2, clGetMemObjectInfo):
   * PoCL drops its finished commands' references from another thread, so in
   * a loaded CI run it read 2 here. wavesim runs commands in the caller's
   * thread, so there the count is exact. */
  char pname[64] = "";
  CHECK(clGetPlatformInfo(plat, CL_PLATFORM_NAME, sizeof pname, pname, NULL));
  EXPECT(fl == CL_MEM_READ_WRITE && fsz == fb_bytes && mctx == ctx);
  EXPECT(strstr(pname, "wavesim") ? refs == 1 : refs >= 1);
  EXPECT(mt == CL_MEM_OBJECT_BUFFER && hp == NULL);

  /* ---- user event gating a kernel; callbacks; profiling ---- */
  cl_event gate = clCreateUserEvent(ctx, &err);
  CHECK_ERR(err);
  cl_int one_i = 1, kk = 5;
  cl_mem gb = clCreateBuffer(ctx, CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR, sizeof one_i, &one_i,
                             &err);
  CHECK_ERR(err);
  CHECK(clSetKernelArg(kscale, 0, sizeof gb, &gb));
  CHECK(clSetKernelArg(kscale, 1, sizeof kk, &kk));
  size_t g1 = 1;
  cl_event gated;
  CHECK(clEnqueueNDRangeKernel(q, kscale, 1, NULL, &g1, NULL, 1, &gate, &gated));
  cb_state cbs = {0, 99};
  CHECK(clSetEventCallback(gated, CL_COMPLETE, on_complete, &cbs));
  CHECK(clFlush(q));
  CHECK(clGetEventInfo(gated, CL_EVENT_COMMAND_EXECUTION_STATUS, sizeof st, &st, NULL));
  EXPECT(st == CL_QUEUED || st == CL_SUBMITTED);
  EXPECT_EQ(cbs.calls, 0);
  /* Changing kernel args after enqueue must not affect the queued launch. */
  cl_int kbad = 1000;
  CHECK(clSetKernelArg(kscale, 1, sizeof kbad, &kbad));
  CHECK(clSetUserEventStatus(gate, CL_COMPLETE));
  CHECK(clWaitForEvents(1, &gated));
  cl_int gres = 0;
  CHECK(clEnqueueReadBuffer(q, gb, CL_TRUE, 0, sizeof gres, &gres, 0, NULL, NULL));
  EXPECT_EQ(gres, 5);
  CHECK(clFinish(q));
  EXPECT_EQ(cbs.calls, 1);
  EXPECT_EQ(cbs.status, CL_COMPLETE);
  cl_ulong tq, ts, tst, te;
  CHECK(clGetEventProfilingInfo(gated, CL_PROFILING_COMMAND_QUEUED, sizeof tq, &tq, NULL));
  CHECK(clGetEventProfilingInfo(gated, CL_PROFILING_COMMAND_SUBMIT, sizeof ts, &ts, NULL));
  CHECK(clGetEventProfilingInfo(gated, CL_PROFILING_COMMAND_START, sizeof tst, &tst, NULL));
  CHECK(clGetEventProfilingInfo(gated, CL_PROFILING_COMMAND_END, sizeof te, &te, NULL));
  EXPECT(tq <= ts && ts <= tst && tst <= te);
  /* Profiling info on a user event is not available. */
  EXPECT_EQ(clGetEventProfilingInfo(gate, CL_PROFILING_COMMAND_END, sizeof te, &te, NULL),
            CL_PROFILING_INFO_NOT_AVAILABLE);
  cl_command_type ct = 0;
  CHECK(clGetEventInfo(gate, CL_EVENT_COMMAND_TYPE, sizeof ct, &ct, NULL));
  EXPECT_EQ(ct, CL_COMMAND_USER);
  CHECK(clGetEventInfo(gated, CL_EVENT_COMMAND_TYPE, sizeof ct, &ct, NULL));
  EXPECT_EQ(ct, CL_COMMAND_NDRANGE_KERNEL);
  cl_command_queue eq = NULL;
  CHECK(clGetEventInfo(gate, CL_EVENT_COMMAND_QUEUE, sizeof eq, &eq, NULL));
  EXPECT(eq == NULL);
  /* A callback registered on a completed event runs right away. */
  cb_state late = {0, 99};
  CHECK(clSetEventCallback(gated, CL_COMPLETE, on_complete, &late));
  EXPECT_EQ(late.calls, 1);
  /* Several profiled events in a row are ordered on the device timeline. */
  cl_event evs[4];
  for (int i = 0; i < 4; i++)
    CHECK(clEnqueueNDRangeKernel(q, kscale, 1, NULL, &g1, NULL, 0, NULL, &evs[i]));
  CHECK(clWaitForEvents(4, evs));
  cl_ulong prev_end = 0;
  for (int i = 0; i < 4; i++) {
    CHECK(clGetEventProfilingInfo(evs[i], CL_PROFILING_COMMAND_START, sizeof tst, &tst, NULL));
    CHECK(clGetEventProfilingInfo(evs[i], CL_PROFILING_COMMAND_END, sizeof te, &te, NULL));
    EXPECT(tst >= prev_end && te >= tst);
    prev_end = te;
    CHECK(clReleaseEvent(evs[i]));
  }
  CHECK(clReleaseEvent(gated));
  CHECK(clReleaseEvent(gate));

  /* Release order the way apps do it: buffers, queue, kernels, context. */
  CHECK(clReleaseMemObject(gb));
  CHECK(clReleaseMemObject(fb));
  CHECK(clReleaseMemObject(a));
  CHECK(clReleaseMemObject(b));
  CHECK(clReleaseCommandQueue(q));
  for (cl_uint i = 0; i < nk; i++) CHECK(clReleaseKernel(ks[i]));
  CHECK(clReleaseContext(ctx));
  free(h0), free(h1), free(got), free(all), free(init);
  printf("pipeline: PASS\n");
  return 0;
}
