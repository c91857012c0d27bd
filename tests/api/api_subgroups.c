/* The sub-group queries (cl_khr_subgroups / OpenCL 2.1+): clGetKernelSubGroupInfo
 * with every CL_KERNEL_* name and its error codes, CL_DEVICE_MAX_NUM_SUB_GROUPS
 * and CL_DEVICE_SUB_GROUP_INDEPENDENT_FORWARD_PROGRESS, checked against the
 * wave size W given on the command line and against what a kernel reports
 * from inside (get_sub_group_size, get_max_sub_group_size, get_num_sub_groups).
 * usage: api_subgroups PLATFORM-NAME-SUBSTRING W [ROTATE.spv]; W 0: the device
 * has no sub-groups (PoCL here): the queries must fail with
 * CL_INVALID_OPERATION. ROTATE.spv (subgroup_rotate.spvasm assembled): a
 * module using OpGroupNonUniformRotateKHR as producers other than clang 14
 * write it, loaded with clCreateProgramWithIL and its results checked. Every
 * sub-group builtin is checked in non-uniform launches (1-D and 2-D, the
 * last groups smaller) against values computed here.
 * Exit 0 when every check passes (each failure printed). */
#define CL_TARGET_OPENCL_VERSION 300
#include <CL/cl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "host_platform.h"

static int fails, checks;
#define CHECK(cond)                                                                                \
  do {                                                                                             \
    checks++;                                                                                      \
    if (!(cond))                                                                                   \
      fails++, fprintf(stderr, "api_subgroups:%d: check failed: %s\n", __LINE__, #cond);           \
  } while (0)

static const char *src = "kernel void info(global uint *o) {\n"
                         "  if (get_global_id(0) + get_global_id(1) == 0) {\n"
                         "    o[0] = get_max_sub_group_size(); o[1] = get_num_sub_groups();\n"
                         "  }\n"
                         "  o[2 + get_sub_group_id()] = get_sub_group_size();\n"
                         "}\n";

static size_t min_sz(size_t a, size_t b) {
  return a < b ? a : b;
}

/* The rotate module over one sub-group of W work-items: out[2l] = the value
 * (the local id) of work-item (l + 5) mod W, out[2l + 1] the same within
 * clusters of 4. */
static void il_rotate(cl_context ctx, cl_device_id dev, cl_command_queue q, const char *path,
                      size_t W) {
  FILE *f = fopen(path, "rb");
  CHECK(f != NULL);
  if (!f) return;
  static unsigned char il[1 << 16];
  size_t n = fread(il, 1, sizeof il, f);
  fclose(f);
  cl_int err;
  cl_program p = clCreateProgramWithIL(ctx, il, n, &err);
  CHECK(err == CL_SUCCESS);
  CHECK(clBuildProgram(p, 1, &dev, "", NULL, NULL) == CL_SUCCESS);
  cl_kernel k = clCreateKernel(p, "rot", &err);
  CHECK(err == CL_SUCCESS);
  cl_uint out[128] = {0};
  cl_mem m = clCreateBuffer(ctx, CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR, sizeof out, out, &err);
  clSetKernelArg(k, 0, sizeof m, &m);
  CHECK(clEnqueueNDRangeKernel(q, k, 1, NULL, &W, &W, 0, NULL, NULL) == CL_SUCCESS);
  CHECK(clEnqueueReadBuffer(q, m, CL_TRUE, 0, sizeof out, out, 0, NULL, NULL) == CL_SUCCESS);
  for (size_t l = 0; l < W; l++) {
    CHECK(out[2 * l] == (l + 5) % W);
    CHECK(out[2 * l + 1] == ((l + 5) & 3) + (l & ~(size_t)3));
  }
  clReleaseMemObject(m);
  clReleaseKernel(k);
  clReleaseProgram(p);
}

/* Every sub-group builtin in non-uniform launches (OpenCL C 3.0, 6.15.2 and
 * cl_khr_subgroup_ballot), checked against the host for each work-item of
 * the full and the last, smaller work-groups: get_sub_group_size and
 * get_num_sub_groups follow the group as it runs, get_max_sub_group_size and
 * get_enqueued_num_sub_groups (and the ge/gt masks' range, below the
 * maximum sub-group size) the enqueued local size, as do
 * CL_KERNEL_MAX_SUB_GROUP_SIZE_FOR_NDRANGE and _SUB_GROUP_COUNT_FOR_NDRANGE
 * for that local size; a reduction, a scan, a broadcast from the last
 * work-item and a ballot over the smaller sub-groups too. */
static const char *nu_src =
    "kernel void nu(global uint *o) {\n"
    "  global uint *r = o + get_global_linear_id() * NUF;\n"
    "  r[0] = get_sub_group_size(); r[1] = get_max_sub_group_size();\n"
    "  r[2] = get_num_sub_groups(); r[3] = get_enqueued_num_sub_groups();\n"
    "  r[4] = get_sub_group_id(); r[5] = get_sub_group_local_id();\n"
    "  uint4 m[5] = {get_sub_group_eq_mask(), get_sub_group_ge_mask(), get_sub_group_gt_mask(),\n"
    "                get_sub_group_le_mask(), get_sub_group_lt_mask()};\n"
    "  for (int i = 0; i < 5; i++) r[6 + 2 * i] = m[i].x, r[7 + 2 * i] = m[i].y;\n"
    "  uint lin = get_local_linear_id();\n"
    "  r[16] = sub_group_reduce_add(lin); r[17] = sub_group_scan_exclusive_add(1u);\n"
    "  r[18] = sub_group_broadcast(lin, get_sub_group_size() - 1);\n"
    "  r[19] = sub_group_ballot_bit_count(sub_group_ballot(1));\n"
    "}\n";

enum { NUF = 20 }; /* the values nu writes per work-item */

static void nonuniform(cl_context ctx, cl_device_id dev, cl_command_queue q, size_t W) {
  static const struct {
    cl_uint dims;
    size_t g[2], l[2];
  } cases[] = {{1, {100, 1}, {64, 1}}, {1, {130, 1}, {96, 1}}, {2, {10, 7}, {4, 4}}};
  cl_int err;
  cl_program p = clCreateProgramWithSource(ctx, 1, &nu_src, NULL, &err);
  char opts[64];
  snprintf(opts, sizeof opts, "-cl-std=CL3.0 -DNUF=%d", NUF);
  CHECK(clBuildProgram(p, 1, &dev, opts, NULL, NULL) == CL_SUCCESS);
  cl_kernel k = clCreateKernel(p, "nu", &err);
  CHECK(err == CL_SUCCESS);
  if (err != CL_SUCCESS) return;
  for (size_t c = 0; c < sizeof cases / sizeof cases[0]; c++) {
    const size_t *G = cases[c].g, *L = cases[c].l, items = G[0] * G[1];
    size_t enq = L[0] * L[1], r = 0;
    CHECK(clGetKernelSubGroupInfo(k, dev, CL_KERNEL_MAX_SUB_GROUP_SIZE_FOR_NDRANGE,
                                  cases[c].dims * sizeof(size_t), L, sizeof r, &r,
                                  NULL) == CL_SUCCESS);
    CHECK(r == min_sz(W, enq));
    CHECK(clGetKernelSubGroupInfo(k, dev, CL_KERNEL_SUB_GROUP_COUNT_FOR_NDRANGE,
                                  cases[c].dims * sizeof(size_t), L, sizeof r, &r,
                                  NULL) == CL_SUCCESS);
    CHECK(r == (enq + W - 1) / W);
    cl_uint *host = calloc(items * NUF, sizeof *host);
    cl_mem m = clCreateBuffer(ctx, CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR,
                              items * NUF * sizeof *host, host, &err);
    clSetKernelArg(k, 0, sizeof m, &m);
    CHECK(clEnqueueNDRangeKernel(q, k, cases[c].dims, NULL, G, L, 0, NULL, NULL) == CL_SUCCESS);
    CHECK(clEnqueueReadBuffer(q, m, CL_TRUE, 0, items * NUF * sizeof *host, host, 0, NULL, NULL) ==
          CL_SUCCESS);
    int bad = 0;
    for (size_t y = 0; y < G[1]; y++)
      for (size_t x = 0; x < G[0]; x++) {
        /* this group's actual size and the work-item's local linear id */
        size_t ax = min_sz(L[0], G[0] - x / L[0] * L[0]), ay = min_sz(L[1], G[1] - y / L[1] * L[1]);
        size_t n = ax * ay, lin = (y % L[1]) * ax + x % L[0], id = lin / W, lid = lin % W;
        size_t max = min_sz(W, enq);
        uint64_t eq = (uint64_t)1 << lid, lt = eq - 1, le = lt | eq;
        uint64_t range = max == 64 ? ~(uint64_t)0 : ((uint64_t)1 << max) - 1;
        uint64_t masks[5] = {eq, range & ~lt, range & ~le, le, lt};
        cl_uint want[NUF] = {
            (cl_uint)min_sz(W, n - id * W), (cl_uint)max, (cl_uint)((n + W - 1) / W),
            (cl_uint)((enq + W - 1) / W),   (cl_uint)id,  (cl_uint)lid};
        for (int i = 0; i < 5; i++)
          want[6 + 2 * i] = (cl_uint)masks[i], want[7 + 2 * i] = (cl_uint)(masks[i] >> 32);
        /* collectives over this sub-group's work-items, ids id*W .. +size */
        size_t size = min_sz(W, n - id * W), first = id * W;
        want[16] = (cl_uint)(size * first + size * (size - 1) / 2);
        want[17] = (cl_uint)lid;
        want[18] = (cl_uint)(first + size - 1);
        want[19] = (cl_uint)size;
        const cl_uint *got = host + (y * G[0] + x) * NUF;
        for (int f = 0; f < NUF; f++)
          if (got[f] != want[f] && bad++ < 4)
            fprintf(stderr, "  case %zu work-item (%zu,%zu) field %d: got %u, want %u\n", c, x, y,
                    f, got[f], want[f]);
      }
    CHECK(bad == 0);
    free(host);
    clReleaseMemObject(m);
  }
  clReleaseKernel(k);
  clReleaseProgram(p);
}

/* A kernel that requires a sub-group size (clang's
 * intel_reqd_sub_group_size, SPIR-V SubgroupSize): W builds, reports the
 * attribute and runs with sub-groups of W; any other size fails to build
 * with a log naming the attribute and both sizes (it would compute
 * something else with this device's waves). */
static void reqd_size(cl_context ctx, cl_device_id dev, cl_command_queue q, size_t W) {
  for (int good = 1; good >= 0; good--) {
    size_t want = good ? W : W / 2;
    char text[512];
    snprintf(text, sizeof text,
             "__attribute__((intel_reqd_sub_group_size(%zu)))\n"
             "kernel void rs(global uint *o) { o[get_global_id(0)] = get_sub_group_size(); }\n",
             want);
    const char *t = text;
    cl_int err;
    cl_program p = clCreateProgramWithSource(ctx, 1, &t, NULL, &err);
    cl_int b = clBuildProgram(p, 1, &dev, "-cl-std=CL3.0", NULL, NULL);
    char log[4096] = "";
    clGetProgramBuildInfo(p, dev, CL_PROGRAM_BUILD_LOG, sizeof log, log, NULL);
    if (!good) {
      char sizes[128];
      snprintf(sizes, sizeof sizes, "requires sub-groups of %zu work-items", want);
      CHECK(b == CL_BUILD_PROGRAM_FAILURE);
      CHECK(strstr(log, sizes) && strstr(log, "intel_reqd_sub_group_size"));
      clReleaseProgram(p);
      continue;
    }
    CHECK(b == CL_SUCCESS);
    cl_kernel k = clCreateKernel(p, "rs", &err);
    CHECK(err == CL_SUCCESS);
    char attr[256] = "", exp[64];
    clGetKernelInfo(k, CL_KERNEL_ATTRIBUTES, sizeof attr, attr, NULL);
    snprintf(exp, sizeof exp, "intel_reqd_sub_group_size(%zu)", W);
    CHECK(strstr(attr, exp) != NULL);
    size_t n = 2 * W, r = 1;
    CHECK(clGetKernelSubGroupInfo(k, dev, CL_KERNEL_COMPILE_NUM_SUB_GROUPS, 0, NULL, sizeof r, &r,
                                  NULL) == CL_SUCCESS &&
          r == 0);
    cl_mem o = clCreateBuffer(ctx, CL_MEM_READ_WRITE, n * sizeof(cl_uint), NULL, &err);
    clSetKernelArg(k, 0, sizeof o, &o);
    CHECK(clEnqueueNDRangeKernel(q, k, 1, NULL, &n, &n, 0, NULL, NULL) == CL_SUCCESS);
    cl_uint got[128] = {0};
    clEnqueueReadBuffer(q, o, CL_TRUE, 0, n * sizeof(cl_uint), got, 0, NULL, NULL);
    for (size_t i = 0; i < n && i < 128; i++) CHECK(got[i] == W);
    clReleaseMemObject(o);
    clReleaseKernel(k);
    clReleaseProgram(p);
  }
}

/* C11 atomics at memory_scope_sub_group on __global and __local counters
 * (the scope is the wave's: the model performs each atomic whole, so every
 * scope gives the exact count), with a sub_group_barrier ordering a plain
 * store before a sub-group-scope acquire load in the same sub-group. */
static void sg_scope_atomics(cl_context ctx, cl_device_id dev, cl_command_queue q, size_t W) {
  static const char *text =
      "kernel void sa(global atomic_int *g, global int *o) {\n"
      "  local atomic_int l;\n"
      "  if (get_local_id(0) == 0) atomic_init(&l, 0);\n"
      "  barrier(CLK_LOCAL_MEM_FENCE);\n"
      "  atomic_fetch_add_explicit(g, 1, memory_order_relaxed, memory_scope_sub_group);\n"
      "  int old = atomic_fetch_add_explicit(&l, 2, memory_order_acq_rel, "
      "memory_scope_sub_group);\n"
      "  barrier(CLK_LOCAL_MEM_FENCE);\n"
      "  o[get_global_id(0)] = (old & 1) + atomic_load_explicit(&l, memory_order_acquire,\n"
      "                                                       memory_scope_sub_group);\n"
      "}\n";
  cl_int err;
  cl_program p = clCreateProgramWithSource(ctx, 1, &text, NULL, &err);
  cl_int b = clBuildProgram(p, 1, &dev, "-cl-std=CL3.0", NULL, NULL);
  CHECK(b == CL_SUCCESS);
  if (b != CL_SUCCESS) {
    char log[4096] = "";
    clGetProgramBuildInfo(p, dev, CL_PROGRAM_BUILD_LOG, sizeof log, log, NULL);
    fprintf(stderr, "%s\n", log);
    clReleaseProgram(p);
    return;
  }
  cl_kernel k = clCreateKernel(p, "sa", &err);
  size_t local = 2 * W + 3, n = 3 * local; /* a partial last sub-group in each group */
  cl_int zero = 0;
  cl_mem g =
      clCreateBuffer(ctx, CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR, sizeof zero, &zero, &err);
  cl_mem o = clCreateBuffer(ctx, CL_MEM_READ_WRITE, n * sizeof(cl_int), NULL, &err);
  clSetKernelArg(k, 0, sizeof g, &g);
  clSetKernelArg(k, 1, sizeof o, &o);
  CHECK(clEnqueueNDRangeKernel(q, k, 1, NULL, &n, &local, 0, NULL, NULL) == CL_SUCCESS);
  cl_int total = -1, got[1024];
  clEnqueueReadBuffer(q, g, CL_TRUE, 0, sizeof total, &total, 0, NULL, NULL);
  clEnqueueReadBuffer(q, o, CL_TRUE, 0, n * sizeof(cl_int), got, 0, NULL, NULL);
  CHECK(total == (cl_int)n);
  for (size_t i = 0; i < n && i < 1024; i++) CHECK(got[i] == (cl_int)(2 * local));
  clReleaseMemObject(g);
  clReleaseMemObject(o);
  clReleaseKernel(k);
  clReleaseProgram(p);
}

int main(int argc, char **argv) {
  if (argc != 3 && argc != 4)
    return fprintf(stderr, "usage: api_subgroups PLATFORM W [ROTATE.spv]\n"), 2;
  size_t W = (size_t)atoi(argv[2]);
  cl_platform_id plat = host_platform("api_subgroups", argv[1]);
  if (!plat) return 1;
  cl_device_id dev;
  cl_int err = clGetDeviceIDs(plat, CL_DEVICE_TYPE_ALL, 1, &dev, NULL);
  CHECK(err == CL_SUCCESS);
  cl_context ctx = clCreateContext(NULL, 1, &dev, NULL, NULL, &err);
  cl_command_queue q = clCreateCommandQueueWithProperties(ctx, dev, NULL, &err);
  cl_program p = clCreateProgramWithSource(ctx, 1, &src, NULL, &err);
  /* the kernel needs sub-groups to build; without them the queries still
   * take a kernel: use a plain one */
  static const char *plain = "kernel void info(global uint *o) { o[0] = 0; }\n";
  if (clBuildProgram(p, 1, &dev, "-cl-std=CL3.0", NULL, NULL) != CL_SUCCESS) {
    CHECK(W == 0); /* a device with sub-groups must build it */
    clReleaseProgram(p);
    p = clCreateProgramWithSource(ctx, 1, &plain, NULL, &err);
    CHECK(clBuildProgram(p, 1, &dev, "", NULL, NULL) == CL_SUCCESS);
  }
  cl_kernel k = clCreateKernel(p, "info", &err);
  CHECK(err == CL_SUCCESS);
  size_t wg = 0, r = 0, rs = 0, in[3] = {10, 7, 1};
  clGetKernelWorkGroupInfo(k, dev, CL_KERNEL_WORK_GROUP_SIZE, sizeof wg, &wg, NULL);
  cl_uint maxsg = 0;
  cl_bool ifp = CL_TRUE;
  cl_int e1 = clGetDeviceInfo(dev, CL_DEVICE_MAX_NUM_SUB_GROUPS, sizeof maxsg, &maxsg, NULL);
  cl_int e2 = clGetDeviceInfo(dev, CL_DEVICE_SUB_GROUP_INDEPENDENT_FORWARD_PROGRESS, sizeof ifp,
                              &ifp, NULL);
  CHECK(e1 == CL_SUCCESS && e2 == CL_SUCCESS);
  if (W == 0) {
    CHECK(maxsg == 0);
    CHECK(clGetKernelSubGroupInfo(k, dev, CL_KERNEL_MAX_NUM_SUB_GROUPS, 0, NULL, sizeof r, &r,
                                  NULL) == CL_INVALID_OPERATION);
  } else {
    size_t devwg = 0;
    clGetDeviceInfo(dev, CL_DEVICE_MAX_WORK_GROUP_SIZE, sizeof devwg, &devwg, NULL);
    CHECK(maxsg == (devwg + W - 1) / W);
    CHECK(ifp == CL_FALSE);
    /* the NDRange queries, for local sizes of 1, 2 and 3 dimensions */
    for (unsigned dims = 1; dims <= 3; dims++) {
      size_t n = in[0] * (dims > 1 ? in[1] : 1) * (dims > 2 ? in[2] : 1);
      CHECK(clGetKernelSubGroupInfo(k, dev, CL_KERNEL_MAX_SUB_GROUP_SIZE_FOR_NDRANGE,
                                    dims * sizeof(size_t), in, sizeof r, &r, &rs) == CL_SUCCESS);
      CHECK(r == min_sz(n, W) && rs == sizeof r);
      CHECK(clGetKernelSubGroupInfo(k, dev, CL_KERNEL_SUB_GROUP_COUNT_FOR_NDRANGE,
                                    dims * sizeof(size_t), in, sizeof r, &r, NULL) == CL_SUCCESS);
      CHECK(r == (n + W - 1) / W);
    }
    size_t big[2] = {W * 3 + 5, 2};
    CHECK(clGetKernelSubGroupInfo(k, dev, CL_KERNEL_SUB_GROUP_COUNT_FOR_NDRANGE, sizeof big, big,
                                  sizeof r, &r, NULL) == CL_SUCCESS);
    CHECK(r == (big[0] * 2 + W - 1) / W);
    CHECK(clGetKernelSubGroupInfo(k, dev, CL_KERNEL_MAX_NUM_SUB_GROUPS, 0, NULL, sizeof r, &r,
                                  NULL) == CL_SUCCESS);
    CHECK(r == (wg + W - 1) / W);
    CHECK(clGetKernelSubGroupInfo(k, NULL, CL_KERNEL_COMPILE_NUM_SUB_GROUPS, 0, NULL, sizeof r, &r,
                                  NULL) == CL_SUCCESS);
    CHECK(r == 0);
    /* local size for a count: count * W work-items in x, 0s when too many */
    size_t cnt = 2, out3[3] = {9, 9, 9}, out1 = 9;
    CHECK(clGetKernelSubGroupInfo(k, dev, CL_KERNEL_LOCAL_SIZE_FOR_SUB_GROUP_COUNT, sizeof cnt,
                                  &cnt, sizeof out3, out3, &rs) == CL_SUCCESS);
    CHECK(out3[0] == 2 * W && out3[1] == 1 && out3[2] == 1 && rs == sizeof out3);
    CHECK(clGetKernelSubGroupInfo(k, dev, CL_KERNEL_LOCAL_SIZE_FOR_SUB_GROUP_COUNT, sizeof cnt,
                                  &cnt, sizeof out1, &out1, &rs) == CL_SUCCESS);
    CHECK(out1 == 2 * W && rs == sizeof out1);
    cnt = wg / W + 1;
    CHECK(clGetKernelSubGroupInfo(k, dev, CL_KERNEL_LOCAL_SIZE_FOR_SUB_GROUP_COUNT, sizeof cnt,
                                  &cnt, sizeof out3, out3, NULL) == CL_SUCCESS);
    CHECK(out3[0] == 0 && out3[1] == 0 && out3[2] == 0);
    /* errors: bad input sizes, a NULL input, a short output, an unknown name,
     * not a kernel, not a device */
    size_t zero[2] = {4, 0};
    CHECK(clGetKernelSubGroupInfo(k, dev, CL_KERNEL_SUB_GROUP_COUNT_FOR_NDRANGE, 4 * sizeof(size_t),
                                  big, sizeof r, &r, NULL) == CL_INVALID_VALUE);
    CHECK(clGetKernelSubGroupInfo(k, dev, CL_KERNEL_SUB_GROUP_COUNT_FOR_NDRANGE, 3, big, sizeof r,
                                  &r, NULL) == CL_INVALID_VALUE);
    CHECK(clGetKernelSubGroupInfo(k, dev, CL_KERNEL_MAX_SUB_GROUP_SIZE_FOR_NDRANGE, sizeof(size_t),
                                  NULL, sizeof r, &r, NULL) == CL_INVALID_VALUE);
    CHECK(clGetKernelSubGroupInfo(k, dev, CL_KERNEL_MAX_SUB_GROUP_SIZE_FOR_NDRANGE, sizeof zero,
                                  zero, sizeof r, &r, NULL) == CL_INVALID_VALUE);
    CHECK(clGetKernelSubGroupInfo(k, dev, CL_KERNEL_MAX_NUM_SUB_GROUPS, 0, NULL, 2, &r, NULL) ==
          CL_INVALID_VALUE);
    CHECK(clGetKernelSubGroupInfo(k, dev, CL_KERNEL_LOCAL_SIZE_FOR_SUB_GROUP_COUNT, sizeof cnt,
                                  &cnt, 4 * sizeof(size_t), out3, NULL) == CL_INVALID_VALUE);
    CHECK(clGetKernelSubGroupInfo(k, dev, CL_KERNEL_LOCAL_SIZE_FOR_SUB_GROUP_COUNT, 2 * sizeof cnt,
                                  in, sizeof out3, out3, NULL) == CL_INVALID_VALUE);
    CHECK(clGetKernelSubGroupInfo(k, dev, 0x12345, 0, NULL, sizeof r, &r, NULL) ==
          CL_INVALID_VALUE);
    CHECK(clGetKernelSubGroupInfo(NULL, dev, CL_KERNEL_MAX_NUM_SUB_GROUPS, 0, NULL, sizeof r, &r,
                                  NULL) == CL_INVALID_KERNEL);
    CHECK(clGetKernelSubGroupInfo(k, (cl_device_id)(void *)ctx, CL_KERNEL_MAX_NUM_SUB_GROUPS, 0,
                                  NULL, sizeof r, &r, NULL) == CL_INVALID_DEVICE);
    /* what the kernel sees agrees with the queries: a 10x7 group */
    cl_mem m = clCreateBuffer(ctx, CL_MEM_READ_WRITE, 64 * sizeof(cl_uint), NULL, &err);
    cl_uint host[64] = {0};
    clEnqueueWriteBuffer(q, m, CL_TRUE, 0, sizeof host, host, 0, NULL, NULL);
    clSetKernelArg(k, 0, sizeof m, &m);
    size_t gsz[2] = {10, 7};
    CHECK(clEnqueueNDRangeKernel(q, k, 2, NULL, gsz, in, 0, NULL, NULL) == CL_SUCCESS);
    CHECK(clEnqueueReadBuffer(q, m, CL_TRUE, 0, sizeof host, host, 0, NULL, NULL) == CL_SUCCESS);
    size_t n = 70, nsg = (n + W - 1) / W;
    CHECK(host[0] == min_sz(n, W) && host[1] == nsg);
    for (size_t s = 0; s < nsg; s++) CHECK(host[2 + s] == min_sz(W, n - s * W));
    clReleaseMemObject(m);
    nonuniform(ctx, dev, q, W);
    reqd_size(ctx, dev, q, W);
    sg_scope_atomics(ctx, dev, q, W);
    if (argc == 4) il_rotate(ctx, dev, q, argv[3], W);
  }
  clReleaseKernel(k);
  clReleaseProgram(p);
  clReleaseCommandQueue(q);
  clReleaseContext(ctx);
  printf("api_subgroups: %d checks, %d failed\n", checks, fails);
  return fails != 0;
}
