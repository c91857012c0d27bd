/* tests/integration/hostapps/misc_api.c: the rest of the 1.2 API real apps
 * lean on: rectangular transfers, markers and barriers, out-of-order queues,
 * global offsets, vector/struct/char by-value args, __constant args,
 * USE_HOST_PTR maps, context callbacks, and error codes for bad calls. */
#include <string.h>

#include "hostapp.h"

static const char *kSrc =
    "typedef struct { int a; float b; short c; char d; } params;\n"
    /* (uint)i: 64-bit urem is not supported by wavesim's backend yet (reported). */
    "kernel void args(global float4 *out, float4 v, params p, char c, short s, ulong u,\n"
    "                 constant int *tab, uchar2 uc) {\n"
    "  size_t i = get_global_id(0);\n"
    "  out[i] = v * (float)(p.a + tab[(uint)i % 4]) + (float4)(p.b, p.c, p.d, c + s + (int)u)\n"
    "           + (float4)(uc.x, uc.y, 0, 0);\n"
    "}\n"
    "kernel void offs(global int *o) {\n"
    "  size_t x = get_global_id(0), y = get_global_id(1);\n"
    "  o[y * get_global_size(0) + x - get_global_offset(0) - get_global_offset(1) *\n"
    "    get_global_size(0)] = (int)(x * 100 + y);\n"
    "}\n"
    "kernel void add1(global int *o) { o[get_global_id(0)] += 1; }\n";

typedef struct {
  cl_int a;
  cl_float b;
  cl_short c;
  cl_char d;
} params;

static void CL_CALLBACK ctx_notify(const char *err, const void *pi, size_t cb, void *ud) {
  (void)pi, (void)cb;
  fprintf(stderr, "context notify: %s\n", err);
  (*(int *)ud)++;
}

int main(void) {
  cl_platform_id plat;
  cl_device_id dev;
  cl_int err;
  CHECK(clGetPlatformIDs(1, &plat, NULL));
  CHECK(clGetDeviceIDs(plat, CL_DEVICE_TYPE_ALL, 1, &dev, NULL));
  int notes = 0;
  cl_context_properties props[] = {CL_CONTEXT_PLATFORM, (cl_context_properties)plat, 0};
  cl_context ctx = clCreateContext(props, 1, &dev, ctx_notify, &notes, &err);
  CHECK_ERR(err);
  cl_command_queue q = clCreateCommandQueue(ctx, dev, 0, &err);
  CHECK_ERR(err);
  cl_program prog = clCreateProgramWithSource(ctx, 1, &kSrc, NULL, &err);
  CHECK_ERR(err);
  CHECK(clBuildProgram(prog, 1, &dev, NULL, NULL, NULL));

  /* ---- by-value vector, struct, small scalars; __constant table ---- */
  cl_kernel ka = clCreateKernel(prog, "args", &err);
  CHECK_ERR(err);
  const size_t n = 8;
  cl_mem out = clCreateBuffer(ctx, CL_MEM_WRITE_ONLY, n * sizeof(cl_float4), NULL, &err);
  CHECK_ERR(err);
  cl_int tabv[4] = {1, 2, 3, 4};
  cl_mem tab = clCreateBuffer(ctx, CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, sizeof tabv, tabv,
                              &err);
  CHECK_ERR(err);
  cl_float4 v = {{1.5f, -2.0f, 0.25f, 3.0f}};
  params pr = {10, 0.5f, -3, 7};
  cl_char c = -5;
  cl_short s = 300;
  cl_ulong u = 1000;
  cl_uchar2 uc = {{200, 9}};
  CHECK(clSetKernelArg(ka, 0, sizeof out, &out));
  CHECK(clSetKernelArg(ka, 1, sizeof v, &v));
  CHECK(clSetKernelArg(ka, 2, sizeof pr, &pr));
  CHECK(clSetKernelArg(ka, 3, sizeof c, &c));
  CHECK(clSetKernelArg(ka, 4, sizeof s, &s));
  CHECK(clSetKernelArg(ka, 5, sizeof u, &u));
  CHECK(clSetKernelArg(ka, 6, sizeof tab, &tab));
  CHECK(clSetKernelArg(ka, 7, sizeof uc, &uc));
  CHECK(clEnqueueNDRangeKernel(q, ka, 1, NULL, &n, NULL, 0, NULL, NULL));
  cl_float4 res[8];
  CHECK(clEnqueueReadBuffer(q, out, CL_TRUE, 0, sizeof res, res, 0, NULL, NULL));
  for (size_t i = 0; i < n; i++) {
    float f = (float)(pr.a + tabv[i % 4]);
    float want[4] = {v.s[0] * f + pr.b + 200, v.s[1] * f + pr.c + 9, v.s[2] * f + pr.d,
                     v.s[3] * f + (float)(c + s + (int)u)};
    for (int j = 0; j < 4; j++)
      if (res[i].s[j] != want[j]) {
        fprintf(stderr, "args[%zu].s%d = %g, want %g\n", i, j, res[i].s[j], want[j]);
        return 1;
      }
  }

  /* ---- 2-D launch with a global offset ---- */
  cl_kernel ko = clCreateKernel(prog, "offs", &err);
  CHECK_ERR(err);
  size_t g2[2] = {16, 8}, off2[2] = {3, 5}, l2[2] = {4, 2};
  cl_mem ob = clCreateBuffer(ctx, CL_MEM_READ_WRITE, 16 * 8 * sizeof(cl_int), NULL, &err);
  CHECK_ERR(err);
  CHECK(clSetKernelArg(ko, 0, sizeof ob, &ob));
  CHECK(clEnqueueNDRangeKernel(q, ko, 2, off2, g2, l2, 0, NULL, NULL));
  cl_int o2[128];
  CHECK(clEnqueueReadBuffer(q, ob, CL_TRUE, 0, sizeof o2, o2, 0, NULL, NULL));
  for (int y = 0; y < 8; y++)
    for (int x = 0; x < 16; x++) EXPECT_EQ(o2[y * 16 + x], (x + 3) * 100 + (y + 5));

  /* ---- rectangular transfers: a 4x3 block of a 16x8 int matrix ---- */
  cl_int host[128], blk[12], back[128];
  for (int i = 0; i < 128; i++) host[i] = i;
  CHECK(clEnqueueWriteBuffer(q, ob, CL_TRUE, 0, sizeof host, host, 0, NULL, NULL));
  size_t borig[3] = {2 * sizeof(cl_int), 1, 0}, horig[3] = {0, 0, 0};
  size_t region[3] = {4 * sizeof(cl_int), 3, 1};
  CHECK(clEnqueueReadBufferRect(q, ob, CL_TRUE, borig, horig, region, 16 * sizeof(cl_int), 0,
                                4 * sizeof(cl_int), 0, blk, 0, NULL, NULL));
  for (int r = 0; r < 3; r++)
    for (int k = 0; k < 4; k++) EXPECT_EQ(blk[r * 4 + k], (r + 1) * 16 + 2 + k);
  for (int i = 0; i < 12; i++) blk[i] = -1 - i;
  size_t worig[3] = {10 * sizeof(cl_int), 4, 0};
  CHECK(clEnqueueWriteBufferRect(q, ob, CL_TRUE, worig, horig, region, 16 * sizeof(cl_int), 0, 0,
                                 0, blk, 0, NULL, NULL));
  /* and a device-side rect copy of that block into a second buffer */
  cl_mem ob2 = clCreateBuffer(ctx, CL_MEM_READ_WRITE, sizeof host, NULL, &err);
  CHECK_ERR(err);
  CHECK(clEnqueueFillBuffer(q, ob2, &(cl_int){0}, sizeof(cl_int), 0, sizeof host, 0, NULL, NULL));
  size_t dorig[3] = {0, 0, 0};
  CHECK(clEnqueueCopyBufferRect(q, ob, ob2, worig, dorig, region, 16 * sizeof(cl_int), 0,
                                16 * sizeof(cl_int), 0, 0, NULL, NULL));
  CHECK(clEnqueueReadBuffer(q, ob, CL_TRUE, 0, sizeof back, back, 0, NULL, NULL));
  for (int y = 0; y < 8; y++)
    for (int x = 0; x < 16; x++) {
      int in = x >= 10 && x < 14 && y >= 4 && y < 7;
      EXPECT_EQ(back[y * 16 + x], in ? -1 - ((y - 4) * 4 + (x - 10)) : y * 16 + x);
    }
  CHECK(clEnqueueReadBuffer(q, ob2, CL_TRUE, 0, sizeof back, back, 0, NULL, NULL));
  for (int y = 0; y < 8; y++)
    for (int x = 0; x < 16; x++)
      EXPECT_EQ(back[y * 16 + x], x < 4 && y < 3 ? -1 - (y * 4 + x) : 0);

  /* ---- out-of-order queue ordered by events, markers and barriers ---- */
  cl_command_queue_properties qp = 0;
  CHECK(clGetDeviceInfo(dev, CL_DEVICE_QUEUE_PROPERTIES, sizeof qp, &qp, NULL));
  cl_command_queue oq = clCreateCommandQueue(
      ctx, dev, qp & CL_QUEUE_OUT_OF_ORDER_EXEC_MODE_ENABLE, &err);
  CHECK_ERR(err);
  cl_kernel k1 = clCreateKernel(prog, "add1", &err);
  CHECK_ERR(err);
  cl_int zero[64] = {0};
  cl_mem cb = clCreateBuffer(ctx, CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR, sizeof zero, zero,
                             &err);
  CHECK_ERR(err);
  CHECK(clSetKernelArg(k1, 0, sizeof cb, &cb));
  size_t g64 = 64;
  cl_event e1, e2, mk;
  CHECK(clEnqueueNDRangeKernel(oq, k1, 1, NULL, &g64, NULL, 0, NULL, &e1));
  CHECK(clEnqueueNDRangeKernel(oq, k1, 1, NULL, &g64, NULL, 1, &e1, &e2));
  CHECK(clEnqueueBarrierWithWaitList(oq, 0, NULL, NULL));
  CHECK(clEnqueueNDRangeKernel(oq, k1, 1, NULL, &g64, NULL, 0, NULL, NULL));
  CHECK(clEnqueueMarkerWithWaitList(oq, 0, NULL, &mk));
  CHECK(clWaitForEvents(1, &mk));
  cl_int st;
  CHECK(clGetEventInfo(e2, CL_EVENT_COMMAND_EXECUTION_STATUS, sizeof st, &st, NULL));
  EXPECT_EQ(st, CL_COMPLETE);
  cl_int cres[64];
  CHECK(clEnqueueReadBuffer(oq, cb, CL_TRUE, 0, sizeof cres, cres, 0, NULL, NULL));
  for (int i = 0; i < 64; i++) EXPECT_EQ(cres[i], 3);
  /* The 1.1 marker/barrier entry points (PoCL lacks clEnqueueWaitForEvents). */
  cl_event m11;
  CHECK(clEnqueueMarker(q, &m11));
  CHECK(clEnqueueBarrier(q));
  CHECK(clFinish(q));
  cl_uint erefs = 0;
  cl_context ectx = NULL;
  CHECK(clGetEventInfo(m11, CL_EVENT_REFERENCE_COUNT, sizeof erefs, &erefs, NULL));
  CHECK(clGetEventInfo(m11, CL_EVENT_CONTEXT, sizeof ectx, &ectx, NULL));
  EXPECT(erefs >= 1 && ectx == ctx);
  CHECK(clReleaseEvent(m11));
  CHECK(clReleaseEvent(e1));
  CHECK(clReleaseEvent(e2));
  CHECK(clReleaseEvent(mk));

  /* ---- USE_HOST_PTR: kernel writes land in the app's memory after a map ---- */
  cl_int *mine = calloc(64, sizeof *mine);
  cl_mem hb = clCreateBuffer(ctx, CL_MEM_READ_WRITE | CL_MEM_USE_HOST_PTR, 64 * sizeof *mine, mine,
                             &err);
  CHECK_ERR(err);
  CHECK(clSetKernelArg(k1, 0, sizeof hb, &hb));
  CHECK(clEnqueueNDRangeKernel(q, k1, 1, NULL, &g64, NULL, 0, NULL, NULL));
  cl_int *mp = clEnqueueMapBuffer(q, hb, CL_TRUE, CL_MAP_READ, 0, 64 * sizeof *mine, 0, NULL,
                                  NULL, &err);
  CHECK_ERR(err);
  EXPECT(mp == mine); /* real drivers hand back the host pointer */
  for (int i = 0; i < 64; i++) EXPECT_EQ(mine[i], 1);
  CHECK(clEnqueueUnmapMemObject(q, hb, mp, 0, NULL, NULL));
  void *hp = NULL;
  CHECK(clGetMemObjectInfo(hb, CL_MEM_HOST_PTR, sizeof hp, &hp, NULL));
  EXPECT(hp == mine);
  CHECK(clFinish(q));

  /* ---- errors apps rely on ---- */
  EXPECT(clCreateBuffer(ctx, CL_MEM_READ_WRITE, 0, NULL, &err) == NULL);
  EXPECT_EQ(err, CL_INVALID_BUFFER_SIZE);
  EXPECT(clCreateBuffer(ctx, CL_MEM_USE_HOST_PTR, 64, NULL, &err) == NULL);
  EXPECT_EQ(err, CL_INVALID_HOST_PTR);
  EXPECT(clCreateBuffer(ctx, CL_MEM_READ_ONLY | CL_MEM_WRITE_ONLY, 64, NULL, &err) == NULL);
  EXPECT_EQ(err, CL_INVALID_VALUE);
  EXPECT_EQ(clEnqueueReadBuffer(q, cb, CL_TRUE, 0, sizeof cres + 4, cres, 0, NULL, NULL),
            CL_INVALID_VALUE);
  EXPECT_EQ(clEnqueueReadBuffer(q, NULL, CL_TRUE, 0, 4, cres, 0, NULL, NULL),
            CL_INVALID_MEM_OBJECT);
  EXPECT_EQ(clEnqueueNDRangeKernel(q, k1, 0, NULL, &g64, NULL, 0, NULL, NULL),
            CL_INVALID_WORK_DIMENSION);
  /* (A NULL wait list with a nonzero count crashes PoCL: not checked here.) */
  EXPECT_EQ(clWaitForEvents(0, NULL), CL_INVALID_VALUE);
  cl_kernel unset = clCreateKernel(prog, "add1", &err);
  CHECK_ERR(err);
  EXPECT_EQ(clEnqueueNDRangeKernel(q, unset, 1, NULL, &g64, NULL, 0, NULL, NULL),
            CL_INVALID_KERNEL_ARGS);
  CHECK(clReleaseKernel(unset));

  CHECK(clReleaseMemObject(hb));
  free(mine);
  CHECK(clReleaseMemObject(cb));
  CHECK(clReleaseMemObject(ob));
  CHECK(clReleaseMemObject(ob2));
  CHECK(clReleaseMemObject(out));
  CHECK(clReleaseMemObject(tab));
  CHECK(clReleaseKernel(k1));
  CHECK(clReleaseKernel(ka));
  CHECK(clReleaseKernel(ko));
  CHECK(clReleaseProgram(prog));
  CHECK(clReleaseCommandQueue(oq));
  CHECK(clReleaseCommandQueue(q));
  CHECK(clReleaseContext(ctx));
  EXPECT_EQ(notes, 0);
  printf("misc_api: PASS\n");
  return 0;
}
