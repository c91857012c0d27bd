/* OpenCL 1.2 API conformance: picks the platform named on the command line
 * (wavesim, or PoCL for comparison), runs every section, prints a summary.
 * Also the platform, device, context and command-queue sections. */
#include <stdlib.h>
#include <string.h>

#include "api.h"

const char *api_err_name(cl_int e) {
  switch (e) {
#define E(x)                                                                                       \
  case x:                                                                                          \
    return #x;
    E(CL_SUCCESS)
    E(CL_DEVICE_NOT_FOUND) E(CL_DEVICE_NOT_AVAILABLE) E(CL_COMPILER_NOT_AVAILABLE) E(
        CL_MEM_OBJECT_ALLOCATION_FAILURE) E(CL_OUT_OF_RESOURCES) E(CL_OUT_OF_HOST_MEMORY)
        E(CL_PROFILING_INFO_NOT_AVAILABLE) E(CL_MEM_COPY_OVERLAP) E(CL_IMAGE_FORMAT_MISMATCH) E(
            CL_IMAGE_FORMAT_NOT_SUPPORTED) E(CL_BUILD_PROGRAM_FAILURE) E(CL_MAP_FAILURE)
            E(CL_MISALIGNED_SUB_BUFFER_OFFSET) E(CL_EXEC_STATUS_ERROR_FOR_EVENTS_IN_WAIT_LIST) E(
                CL_COMPILE_PROGRAM_FAILURE) E(CL_LINKER_NOT_AVAILABLE) E(CL_LINK_PROGRAM_FAILURE)
                E(CL_DEVICE_PARTITION_FAILED) E(CL_KERNEL_ARG_INFO_NOT_AVAILABLE) E(
                    CL_INVALID_VALUE) E(CL_INVALID_DEVICE_TYPE) E(CL_INVALID_PLATFORM)
                    E(CL_INVALID_DEVICE) E(CL_INVALID_CONTEXT) E(CL_INVALID_QUEUE_PROPERTIES) E(
                        CL_INVALID_COMMAND_QUEUE) E(CL_INVALID_HOST_PTR) E(CL_INVALID_MEM_OBJECT)
                        E(CL_INVALID_IMAGE_FORMAT_DESCRIPTOR) E(CL_INVALID_IMAGE_SIZE) E(
                            CL_INVALID_SAMPLER) E(CL_INVALID_BINARY) E(CL_INVALID_BUILD_OPTIONS)
                            E(CL_INVALID_PROGRAM) E(CL_INVALID_PROGRAM_EXECUTABLE) E(
                                CL_INVALID_KERNEL_NAME) E(CL_INVALID_KERNEL_DEFINITION)
                                E(CL_INVALID_KERNEL) E(CL_INVALID_ARG_INDEX) E(CL_INVALID_ARG_VALUE)
                                    E(CL_INVALID_ARG_SIZE) E(CL_INVALID_KERNEL_ARGS) E(
                                        CL_INVALID_WORK_DIMENSION) E(CL_INVALID_WORK_GROUP_SIZE)
                                        E(CL_INVALID_WORK_ITEM_SIZE) E(CL_INVALID_GLOBAL_OFFSET)
                                            E(CL_INVALID_EVENT_WAIT_LIST) E(CL_INVALID_EVENT)
                                                E(CL_INVALID_OPERATION) E(CL_INVALID_GL_OBJECT) E(
                                                    CL_INVALID_BUFFER_SIZE) E(CL_INVALID_MIP_LEVEL)
                                                    E(CL_INVALID_GLOBAL_WORK_SIZE)
                                                        E(CL_INVALID_PROPERTY) E(
                                                            CL_INVALID_IMAGE_DESCRIPTOR)
                                                            E(CL_INVALID_COMPILER_OPTIONS) E(
                                                                CL_INVALID_LINKER_OPTIONS)
                                                                E(CL_INVALID_DEVICE_PARTITION_COUNT)
#undef E
                                                                    default
        : return "(unknown code)";
  }
}

static void api_report(api *t, const char *file, int line, const char *expr, int ok,
                       const char *got, const char *want, const char *pocl_why) {
  t->checks++;
  const char *base = strrchr(file, '/');
  base = base ? base + 1 : file;
  if (ok) return;
  if (t->wavesim_gap && !t->pocl) {
    t->gaps++;
    printf("KNOWN-GAP (wavesim) %s:%d: %s gave %s, the spec says %s: %s\n", base, line, expr, got,
           want, t->wavesim_gap);
    return;
  }
  if (pocl_why && t->pocl) {
    t->diverged++;
    printf("KNOWN-DIVERGENT (pocl) %s:%d: %s gave %s, the spec says %s: %s\n", base, line, expr,
           got, want, pocl_why);
    return;
  }
  t->fails++;
  printf("FAIL %s:%d: %s gave %s, the spec says %s\n", base, line, expr, got, want);
}

void api_diverge(api *t, const char *file, int line, const char *expr, const char *why) {
  const char *base = strrchr(file, '/');
  t->checks++;
  t->diverged++;
  printf("KNOWN-DIVERGENT (pocl) %s:%d: %s not run: %s\n", base ? base + 1 : file, line, expr, why);
}

void api_check_err(api *t, const char *file, int line, const char *expr, cl_int got, cl_int want,
                   const char *pocl_why) {
  char g[64], w[64];
  snprintf(g, sizeof g, "%s (%d)", api_err_name(got), got);
  snprintf(w, sizeof w, "%s (%d)", api_err_name(want), want);
  api_report(t, file, line, expr, got == want, g, w, pocl_why);
}

void api_check_true(api *t, const char *file, int line, const char *expr, int ok,
                    const char *pocl_why) {
  api_report(t, file, line, expr, ok, "false", "true", pocl_why);
}

cl_program api_build(api *t, const char *src, const char *options) {
  cl_int e;
  cl_program p = clCreateProgramWithSource(t->ctx, 1, &src, NULL, &e);
  CHECK_ERR(e, CL_SUCCESS);
  if (!p) return NULL;
  e = clBuildProgram(p, 1, &t->dev, options, NULL, NULL);
  CHECK_ERR(e, CL_SUCCESS);
  if (e != CL_SUCCESS) {
    char log[8192] = "";
    clGetProgramBuildInfo(p, t->dev, CL_PROGRAM_BUILD_LOG, sizeof log, log, NULL);
    printf("build log:\n%s\n", log);
    clReleaseProgram(p);
    return NULL;
  }
  return p;
}

cl_ulong api_dev_ulong(api *t, cl_device_info param, size_t size) {
  cl_ulong v = 0; /* little-endian: smaller answers land in the low bytes */
  if (clGetDeviceInfo(t->dev, param, size, &v, NULL) != CL_SUCCESS) return 0;
  return v;
}

/* ---- platform and device ------------------------------------------------ */

void api_platform_device(api *t) {
  cl_uint n = 0;
  CHECK_ERR(clGetPlatformIDs(0, NULL, NULL), CL_INVALID_VALUE);
  cl_platform_id pl;
  CHECK_ERR(clGetPlatformIDs(0, &pl, &n), CL_INVALID_VALUE);

  char buf[1024];
  size_t sz = 0;
  CHECK_ERR(clGetPlatformInfo(t->plat, CL_PLATFORM_VERSION, sizeof buf, buf, &sz), CL_SUCCESS);
  CHECK(strncmp(buf, "OpenCL ", 7) == 0);
  CHECK(sz == strlen(buf) + 1);
  CHECK_ERR(clGetPlatformInfo(t->plat, CL_PLATFORM_PROFILE, sizeof buf, buf, NULL), CL_SUCCESS);
  CHECK(!strcmp(buf, "FULL_PROFILE") || !strcmp(buf, "EMBEDDED_PROFILE"));
  CHECK_ERR(clGetPlatformInfo(t->plat, CL_PLATFORM_VERSION, 2, buf, NULL), CL_INVALID_VALUE);
  CHECK_ERR(clGetPlatformInfo(t->plat, 0x7fff, sizeof buf, buf, NULL), CL_INVALID_VALUE);
  CHECK_BAD(
      clGetPlatformInfo(WRONG(cl_platform_id, t->ctx), CL_PLATFORM_NAME, sizeof buf, buf, NULL),
      CL_INVALID_PLATFORM);

  cl_device_id d;
  CHECK_ERR(clGetDeviceIDs(t->plat, CL_DEVICE_TYPE_ALL, 0, NULL, NULL), CL_INVALID_VALUE);
  CHECK_ERR(clGetDeviceIDs(t->plat, CL_DEVICE_TYPE_ALL, 0, &d, NULL), CL_INVALID_VALUE);
  CHECK_ERR_POCL(clGetDeviceIDs(t->plat, (cl_device_type)1 << 20, 1, &d, NULL),
                 CL_INVALID_DEVICE_TYPE, "PoCL answers an unknown device type with no devices");
  CHECK_ERR(clGetDeviceIDs(t->plat, CL_DEVICE_TYPE_CUSTOM, 1, &d, &n), CL_DEVICE_NOT_FOUND);
  CHECK_BAD(clGetDeviceIDs(WRONG(cl_platform_id, t->ctx), CL_DEVICE_TYPE_ALL, 1, &d, NULL),
            CL_INVALID_PLATFORM);
  CHECK_ERR(clGetDeviceIDs(t->plat, CL_DEVICE_TYPE_DEFAULT, 1, &d, &n), CL_SUCCESS);
  CHECK(n >= 1);

  CHECK_ERR(clGetDeviceInfo(t->dev, CL_DEVICE_VERSION, sizeof buf, buf, &sz), CL_SUCCESS);
  CHECK(strncmp(buf, "OpenCL ", 7) == 0 && sz == strlen(buf) + 1);
  CHECK_ERR(clGetDeviceInfo(t->dev, CL_DEVICE_OPENCL_C_VERSION, sizeof buf, buf, NULL), CL_SUCCESS);
  CHECK(strncmp(buf, "OpenCL C ", 9) == 0);
  /* 4.2: "OpenCL C<space><major.minor><space><vendor-specific information>". */
  int cmaj = 0, cmin = 0, cend = 0;
  CHECK(sscanf(buf, "OpenCL C %d.%d%n", &cmaj, &cmin, &cend) == 2 && buf[cend] == ' ');
  CHECK_ERR(clGetDeviceInfo(t->dev, CL_DEVICE_NAME, 1, buf, NULL), CL_INVALID_VALUE);
  CHECK_ERR(clGetDeviceInfo(t->dev, 0x7fff, sizeof buf, buf, NULL), CL_INVALID_VALUE);
  CHECK_BAD(clGetDeviceInfo(WRONG(cl_device_id, t->ctx), CL_DEVICE_NAME, sizeof buf, buf, NULL),
            CL_INVALID_DEVICE);
  cl_platform_id dp = NULL;
  CHECK_ERR(clGetDeviceInfo(t->dev, CL_DEVICE_PLATFORM, sizeof dp, &dp, NULL), CL_SUCCESS);
  CHECK(dp == t->plat);
  CHECK(api_dev_ulong(t, CL_DEVICE_MAX_COMPUTE_UNITS, sizeof(cl_uint)) >= 1);
  CHECK(api_dev_ulong(t, CL_DEVICE_MAX_WORK_ITEM_DIMENSIONS, sizeof(cl_uint)) >= 3);
  CHECK(api_dev_ulong(t, CL_DEVICE_MAX_WORK_GROUP_SIZE, sizeof(size_t)) >= 1);
  CHECK(api_dev_ulong(t, CL_DEVICE_MEM_BASE_ADDR_ALIGN, sizeof(cl_uint)) >= 8 * 16);
  CHECK(api_dev_ulong(t, CL_DEVICE_MAX_MEM_ALLOC_SIZE, sizeof(cl_ulong)) >= 128u << 20 ||
        api_dev_ulong(t, CL_DEVICE_MAX_MEM_ALLOC_SIZE, sizeof(cl_ulong)) * 4 >=
            api_dev_ulong(t, CL_DEVICE_GLOBAL_MEM_SIZE, sizeof(cl_ulong)));
  CHECK(api_dev_ulong(t, CL_DEVICE_LOCAL_MEM_SIZE, sizeof(cl_ulong)) >= 32768);
  CHECK(api_dev_ulong(t, CL_DEVICE_MAX_PARAMETER_SIZE, sizeof(size_t)) >= 1024);
  CHECK(api_dev_ulong(t, CL_DEVICE_PRINTF_BUFFER_SIZE, sizeof(size_t)) >= 1024 * 1024);
  CHECK(api_dev_ulong(t, CL_DEVICE_COMPILER_AVAILABLE, sizeof(cl_bool)) == CL_TRUE);
  CHECK(api_dev_ulong(t, CL_DEVICE_LINKER_AVAILABLE, sizeof(cl_bool)) == CL_TRUE);
  CHECK(api_dev_ulong(t, CL_DEVICE_EXECUTION_CAPABILITIES, sizeof(cl_device_exec_capabilities)) &
        CL_EXEC_KERNEL);
  CHECK(api_dev_ulong(t, CL_DEVICE_QUEUE_PROPERTIES, sizeof(cl_command_queue_properties)) &
        CL_QUEUE_PROFILING_ENABLE);
  CHECK(api_dev_ulong(t, CL_DEVICE_AVAILABLE, sizeof(cl_bool)) == CL_TRUE);
  size_t items[3] = {0, 0, 0};
  CHECK_ERR(clGetDeviceInfo(t->dev, CL_DEVICE_MAX_WORK_ITEM_SIZES, sizeof items, items, &sz),
            CL_SUCCESS);
  CHECK(sz == sizeof items && items[0] >= 1 && items[1] >= 1 && items[2] >= 1);
  cl_device_id parent = (cl_device_id)1;
  CHECK_ERR(clGetDeviceInfo(t->dev, CL_DEVICE_PARENT_DEVICE, sizeof parent, &parent, NULL),
            CL_SUCCESS);
  CHECK(parent == NULL);
  CHECK_ERR(clGetDeviceInfo(t->dev, CL_DEVICE_REFERENCE_COUNT, sizeof(cl_uint), buf, NULL),
            CL_SUCCESS);

  /* Root devices: retain/release succeed and change nothing. */
  CHECK_ERR(clRetainDevice(t->dev), CL_SUCCESS);
  CHECK_ERR(clReleaseDevice(t->dev), CL_SUCCESS);
  CHECK_BAD(clRetainDevice(WRONG(cl_device_id, t->ctx)), CL_INVALID_DEVICE);
  CHECK_BAD(clReleaseDevice(WRONG(cl_device_id, t->ctx)), CL_INVALID_DEVICE);
  /* Partitioning: a property list the device does not support is
   * CL_INVALID_VALUE, or CL_DEVICE_PARTITION_FAILED... when it does. */
  cl_uint maxsub = (cl_uint)api_dev_ulong(t, CL_DEVICE_PARTITION_MAX_SUB_DEVICES, sizeof(cl_uint));
  if (maxsub == 0) {
    cl_device_partition_property pp[] = {CL_DEVICE_PARTITION_EQUALLY, 1, 0};
    cl_device_id sub;
    CHECK_ERR(clCreateSubDevices(t->dev, pp, 1, &sub, NULL), CL_INVALID_VALUE);
  }
  cl_device_partition_property bad[] = {0x7777, 1, 0};
  cl_device_id sub;
  CHECK_ERR(clCreateSubDevices(t->dev, bad, 1, &sub, NULL), CL_INVALID_VALUE);
  CHECK_BAD(clCreateSubDevices(WRONG(cl_device_id, t->ctx), bad, 1, &sub, NULL), CL_INVALID_DEVICE);

  CHECK_ERR(clUnloadPlatformCompiler(t->plat), CL_SUCCESS);
  CHECK(clGetExtensionFunctionAddressForPlatform(t->plat, "clNoSuchFunctionXYZ") == NULL);
}

/* ---- contexts and queues ------------------------------------------------- */

static void CL_CALLBACK api_ctx_notify(const char *err, const void *pi, size_t cb, void *data) {
  (void)err, (void)pi, (void)cb, (void)data;
}

/* The order context destructor callbacks ran in: each appends its tag. */
typedef struct ctx_dtor_log {
  char order[8];
  cl_context seen;
} ctx_dtor_log;
typedef struct ctx_dtor_tag {
  ctx_dtor_log *log;
  char tag;
} ctx_dtor_tag;
static void CL_CALLBACK api_ctx_dtor(cl_context c, void *data) {
  const ctx_dtor_tag *d = data;
  size_t n = strlen(d->log->order);
  if (n + 1 < sizeof d->log->order) d->log->order[n] = d->tag;
  d->log->seen = c;
}

/* clSetContextDestructorCallback (OpenCL 3.0): callbacks run newest first,
 * once the context and every object made in it are released. */
static void api_context_dtor(api *t) {
  cl_int e = 0;
  cl_context_properties props[] = {CL_CONTEXT_PLATFORM, (cl_context_properties)t->plat, 0};
  cl_context c = clCreateContext(props, 1, &t->dev, NULL, NULL, &e);
  CHECK_ERR(e, CL_SUCCESS);
  if (!c) return;
  ctx_dtor_log log = {0};
  ctx_dtor_tag one = {&log, '1'}, two = {&log, '2'};
  CHECK_ERR(clSetContextDestructorCallback(c, NULL, NULL), CL_INVALID_VALUE);
  CHECK_BAD(clSetContextDestructorCallback(WRONG(cl_context, t->q), api_ctx_dtor, &one),
            CL_INVALID_CONTEXT);
  CHECK_ERR(clSetContextDestructorCallback(c, api_ctx_dtor, &one), CL_SUCCESS);
  CHECK_ERR(clSetContextDestructorCallback(c, api_ctx_dtor, &two), CL_SUCCESS);
  cl_mem b = clCreateBuffer(c, CL_MEM_READ_WRITE, 64, NULL, &e);
  CHECK_ERR(e, CL_SUCCESS);
  CHECK_ERR(clReleaseContext(c), CL_SUCCESS);
  CHECK(log.order[0] == 0); /* the buffer still holds the context */
  if (b) CHECK_ERR(clReleaseMemObject(b), CL_SUCCESS);
  CHECK(strcmp(log.order, "21") == 0 && log.seen == c);
}

void api_context_queue(api *t) {
  cl_int e = 0;
  cl_context c;
  cl_context_properties props[] = {CL_CONTEXT_PLATFORM, (cl_context_properties)t->plat, 0};
  c = clCreateContext(props, 0, &t->dev, NULL, NULL, &e);
  CHECK_ERR(e, CL_INVALID_VALUE);
  CHECK(c == NULL);
  c = clCreateContext(props, 1, NULL, NULL, NULL, &e);
  CHECK_ERR(e, CL_INVALID_VALUE);
  c = clCreateContext(props, 1, &t->dev, NULL, &e, &e);
  CHECK_ERR(e, CL_INVALID_VALUE);
  cl_device_id wrongdev = WRONG(cl_device_id, t->q);
  CHECK_BAD((c = clCreateContext(NULL, 1, &wrongdev, NULL, NULL, &e), e), CL_INVALID_DEVICE);
  cl_context_properties badprop[] = {0x7777, 0, 0};
  c = clCreateContext(badprop, 1, &t->dev, NULL, NULL, &e);
  CHECK_ERR_POCL(e, CL_INVALID_PROPERTY,
                 "PoCL skips unknown property names instead of rejecting them");
  if (c) clReleaseContext(c);
  cl_context_properties twice[] = {CL_CONTEXT_PLATFORM, (cl_context_properties)t->plat,
                                   CL_CONTEXT_PLATFORM, (cl_context_properties)t->plat, 0};
  c = clCreateContext(twice, 1, &t->dev, NULL, NULL, &e);
  CHECK_ERR_POCL(e, CL_INVALID_PROPERTY, "PoCL accepts a property given twice");
  if (c) clReleaseContext(c);
  c = clCreateContext(props, 1, &t->dev, api_ctx_notify, &e, &e);
  CHECK_ERR(e, CL_SUCCESS);
  if (c) {
    cl_uint refs = 0, ndev = 0;
    CHECK_ERR(clRetainContext(c), CL_SUCCESS);
    CHECK_ERR(clGetContextInfo(c, CL_CONTEXT_REFERENCE_COUNT, sizeof refs, &refs, NULL),
              CL_SUCCESS);
    CHECK(refs == 2);
    CHECK_ERR(clReleaseContext(c), CL_SUCCESS);
    CHECK_ERR(clGetContextInfo(c, CL_CONTEXT_NUM_DEVICES, sizeof ndev, &ndev, NULL), CL_SUCCESS);
    CHECK(ndev == 1);
    cl_device_id d = NULL;
    CHECK_ERR(clGetContextInfo(c, CL_CONTEXT_DEVICES, sizeof d, &d, NULL), CL_SUCCESS);
    CHECK(d == t->dev);
    cl_context_properties got[8] = {0};
    size_t sz = 0;
    CHECK_ERR(clGetContextInfo(c, CL_CONTEXT_PROPERTIES, sizeof got, got, &sz), CL_SUCCESS);
    CHECK(sz == sizeof props && got[0] == CL_CONTEXT_PLATFORM &&
          got[1] == (cl_context_properties)t->plat && got[2] == 0);
    CHECK_ERR(clGetContextInfo(c, 0x7fff, sizeof d, &d, NULL), CL_INVALID_VALUE);
    CHECK_ERR(clGetContextInfo(c, CL_CONTEXT_DEVICES, 1, &d, NULL), CL_INVALID_VALUE);
    CHECK_ERR(clReleaseContext(c), CL_SUCCESS);
  }
  api_context_dtor(t);
  CHECK_BAD(clRetainContext(WRONG(cl_context, t->q)), CL_INVALID_CONTEXT);
  CHECK_BAD(clReleaseContext(WRONG(cl_context, t->q)), CL_INVALID_CONTEXT);
  cl_uint refs;
  CHECK_BAD(clGetContextInfo(WRONG(cl_context, t->q), CL_CONTEXT_REFERENCE_COUNT, sizeof refs,
                             &refs, NULL),
            CL_INVALID_CONTEXT);

  c = clCreateContextFromType(props, (cl_device_type)1 << 20, NULL, NULL, &e);
  CHECK_ERR_POCL(e, CL_INVALID_DEVICE_TYPE,
                 "PoCL answers an unknown device type with CL_DEVICE_NOT_FOUND");
  c = clCreateContextFromType(props, CL_DEVICE_TYPE_CUSTOM, NULL, NULL, &e);
  CHECK_ERR(e, CL_DEVICE_NOT_FOUND);
  c = clCreateContextFromType(props, CL_DEVICE_TYPE_ALL, NULL, &e, &e);
  CHECK_ERR(e, CL_INVALID_VALUE);
  c = clCreateContextFromType(props, CL_DEVICE_TYPE_ALL, NULL, NULL, &e);
  CHECK_ERR(e, CL_SUCCESS);
  if (c) clReleaseContext(c);

  /* Queues. */
  cl_command_queue q;
  CHECK_BAD((q = clCreateCommandQueue(WRONG(cl_context, t->q), t->dev, 0, &e), e),
            CL_INVALID_CONTEXT);
  CHECK_BAD((q = clCreateCommandQueue(t->ctx, WRONG(cl_device_id, t->q), 0, &e), e),
            CL_INVALID_DEVICE);
  q = clCreateCommandQueue(t->ctx, t->dev, (cl_command_queue_properties)1 << 20, &e);
  CHECK_ERR(e, CL_INVALID_VALUE);
  q = clCreateCommandQueue(t->ctx, t->dev, CL_QUEUE_PROFILING_ENABLE, &e);
  CHECK_ERR(e, CL_SUCCESS);
  if (q) {
    cl_command_queue_properties qp = 0;
    CHECK_ERR(clGetCommandQueueInfo(q, CL_QUEUE_PROPERTIES, sizeof qp, &qp, NULL), CL_SUCCESS);
    CHECK(qp == CL_QUEUE_PROFILING_ENABLE);
    cl_context qc = NULL;
    CHECK_ERR(clGetCommandQueueInfo(q, CL_QUEUE_CONTEXT, sizeof qc, &qc, NULL), CL_SUCCESS);
    CHECK(qc == t->ctx);
    cl_device_id qd = NULL;
    CHECK_ERR(clGetCommandQueueInfo(q, CL_QUEUE_DEVICE, sizeof qd, &qd, NULL), CL_SUCCESS);
    CHECK(qd == t->dev);
    CHECK_ERR(clRetainCommandQueue(q), CL_SUCCESS);
    cl_uint qr = 0;
    CHECK_ERR(clGetCommandQueueInfo(q, CL_QUEUE_REFERENCE_COUNT, sizeof qr, &qr, NULL), CL_SUCCESS);
    CHECK(qr == 2);
    CHECK_ERR(clReleaseCommandQueue(q), CL_SUCCESS);
    CHECK_ERR(clGetCommandQueueInfo(q, 0x7fff, sizeof qr, &qr, NULL), CL_INVALID_VALUE);
    CHECK_ERR(clGetCommandQueueInfo(q, CL_QUEUE_CONTEXT, 1, &qc, NULL), CL_INVALID_VALUE);
    CHECK_ERR(clFlush(q), CL_SUCCESS);
    CHECK_ERR(clFinish(q), CL_SUCCESS);
    CHECK_ERR(clReleaseCommandQueue(q), CL_SUCCESS);
  }
  cl_command_queue_properties devq = (cl_command_queue_properties)api_dev_ulong(
      t, CL_DEVICE_QUEUE_PROPERTIES, sizeof(cl_command_queue_properties));
  if (devq & CL_QUEUE_OUT_OF_ORDER_EXEC_MODE_ENABLE) {
    q = clCreateCommandQueue(t->ctx, t->dev, CL_QUEUE_OUT_OF_ORDER_EXEC_MODE_ENABLE, &e);
    CHECK_ERR(e, CL_SUCCESS);
    if (q) clReleaseCommandQueue(q);
  } else {
    q = clCreateCommandQueue(t->ctx, t->dev, CL_QUEUE_OUT_OF_ORDER_EXEC_MODE_ENABLE, &e);
    CHECK_ERR(e, CL_INVALID_QUEUE_PROPERTIES);
  }
  CHECK_BAD(clRetainCommandQueue(WRONG(cl_command_queue, t->ctx)), CL_INVALID_COMMAND_QUEUE);
  CHECK_BAD(clReleaseCommandQueue(WRONG(cl_command_queue, t->ctx)), CL_INVALID_COMMAND_QUEUE);
  CHECK_BAD(clFlush(WRONG(cl_command_queue, t->ctx)), CL_INVALID_COMMAND_QUEUE);
  CHECK_BAD(clFinish(WRONG(cl_command_queue, t->ctx)), CL_INVALID_COMMAND_QUEUE);
  cl_uint qr;
  CHECK_BAD(clGetCommandQueueInfo(WRONG(cl_command_queue, t->ctx), CL_QUEUE_REFERENCE_COUNT,
                                  sizeof qr, &qr, NULL),
            CL_INVALID_COMMAND_QUEUE);
}

/* ---- main ------------------------------------------------------------------ */

static int api_pick(api *t) {
  cl_platform_id ps[16];
  cl_uint n = 0;
  if (clGetPlatformIDs(16, ps, &n) != CL_SUCCESS || n == 0) {
    printf("no OpenCL platform found (check OCL_ICD_VENDORS)\n");
    return -1;
  }
  for (cl_uint i = 0; i < n && i < 16; i++) {
    char name[256] = "";
    clGetPlatformInfo(ps[i], CL_PLATFORM_NAME, sizeof name, name, NULL);
    if (strstr(name, t->want)) {
      t->plat = ps[i];
      t->pocl = strstr(name, "Portable Computing Language") != NULL;
      printf("platform: %s\n", name);
      break;
    }
  }
  if (!t->plat) {
    printf("no platform whose name contains '%s'\n", t->want);
    return -1;
  }
  if (clGetDeviceIDs(t->plat, CL_DEVICE_TYPE_ALL, 1, &t->dev, NULL) != CL_SUCCESS) {
    printf("the platform has no device\n");
    return -1;
  }
  cl_int e;
  t->ctx = clCreateContext(NULL, 1, &t->dev, NULL, NULL, &e);
  if (!t->ctx) return -1;
  t->q = clCreateCommandQueue(t->ctx, t->dev, CL_QUEUE_PROFILING_ENABLE, &e);
  return t->q ? 0 : -1;
}

int main(int argc, char **argv) {
  if (argc < 2) {
    fprintf(stderr, "usage: %s PLATFORM-NAME-SUBSTRING [SECTION]\n", argv[0]);
    return 2;
  }
  setvbuf(stdout, NULL, _IONBF, 0); /* a crash keeps what was printed */
  api t = {.want = argv[1]};
  if (api_pick(&t)) return 1;
  static const struct {
    const char *name;
    void (*fn)(api *);
  } sections[] = {
      {"platform", api_platform_device},
      {"context", api_context_queue},
      {"mem", api_mem},
      {"transfer", api_transfer},
      {"program", api_program},
      {"kernel", api_kernel},
      {"launch", api_launch},
      {"events", api_events},
      {"image", api_image},
      {"multidev", api_multi_device},
      {"cl30", api_cl30},
      {"nonuniform", api_cl30_nonuniform},
      {"imagemacros", api_cl30_images},
  };
  for (size_t i = 0; i < sizeof sections / sizeof sections[0]; i++) {
    if (argc > 2 && strcmp(argv[2], sections[i].name)) continue;
    int before = t.fails;
    sections[i].fn(&t);
    printf("section %s: %s\n", sections[i].name, t.fails == before ? "ok" : "FAILED");
  }
  clReleaseCommandQueue(t.q);
  clReleaseContext(t.ctx);
  printf("%d checks, %d failed, %d known PoCL divergences, %d known wavesim gaps\n", t.checks,
         t.fails, t.diverged, t.gaps);
  return t.fails ? 1 : 0;
}
