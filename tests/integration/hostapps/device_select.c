/* tests/integration/hostapps/device_select.c: device discovery the way real
 * apps do it: walk platforms/devices, parse versions, pick local sizes. */
#include <string.h>

#include "hostapp.h"

static char *dev_str(cl_device_id d, cl_device_info what) {
  size_t n = 0;
  CHECK(clGetDeviceInfo(d, what, 0, NULL, &n));
  EXPECT(n >= 1);
  char *s = malloc(n);
  CHECK(clGetDeviceInfo(d, what, n, s, NULL));
  EXPECT(s[n - 1] == 0 && strlen(s) == n - 1);
  return s;
}

static const char *kSrc = "kernel void inc(global int *a) { a[get_global_id(0)] += 1; }\n"
                          "kernel void fill(global int *a, int v) { a[get_global_id(0)] = v; }\n";

int main(void) {
  cl_uint np = 0;
  CHECK(clGetPlatformIDs(0, NULL, &np));
  EXPECT(np >= 1);
  cl_platform_id *plats = malloc(np * sizeof *plats);
  CHECK(clGetPlatformIDs(np, plats, NULL));
  cl_platform_id chosen_p = NULL;
  cl_device_id chosen_d = NULL;
  for (cl_uint i = 0; i < np; i++) {
    char name[256], vendor[256], ver[256], prof[64];
    size_t ext_n = 0;
    CHECK(clGetPlatformInfo(plats[i], CL_PLATFORM_NAME, sizeof name, name, NULL));
    CHECK(clGetPlatformInfo(plats[i], CL_PLATFORM_VENDOR, sizeof vendor, vendor, NULL));
    CHECK(clGetPlatformInfo(plats[i], CL_PLATFORM_VERSION, sizeof ver, ver, NULL));
    CHECK(clGetPlatformInfo(plats[i], CL_PLATFORM_PROFILE, sizeof prof, prof, NULL));
    CHECK(clGetPlatformInfo(plats[i], CL_PLATFORM_EXTENSIONS, 0, NULL, &ext_n));
    int maj = 0, min = 0;
    EXPECT(sscanf(ver, "OpenCL %d.%d", &maj, &min) == 2);
    EXPECT(maj >= 1);
    EXPECT(strcmp(prof, "FULL_PROFILE") == 0 || strcmp(prof, "EMBEDDED_PROFILE") == 0);
    printf("platform %u: %s / %s / %s\n", i, name, vendor, ver);
    cl_uint nall = 0, ngpu = 0, ndef = 0;
    CHECK(clGetDeviceIDs(plats[i], CL_DEVICE_TYPE_ALL, 0, NULL, &nall));
    cl_int e = clGetDeviceIDs(plats[i], CL_DEVICE_TYPE_GPU, 0, NULL, &ngpu);
    EXPECT(e == CL_SUCCESS || e == CL_DEVICE_NOT_FOUND);
    if (e == CL_DEVICE_NOT_FOUND) EXPECT_EQ(ngpu, 0);
    CHECK(clGetDeviceIDs(plats[i], CL_DEVICE_TYPE_DEFAULT, 0, NULL, &ndef));
    EXPECT_EQ(ndef, 1);
    cl_device_id *devs = malloc(nall * sizeof *devs);
    CHECK(clGetDeviceIDs(plats[i], CL_DEVICE_TYPE_ALL, nall, devs, NULL));
    for (cl_uint j = 0; j < nall; j++) {
      cl_device_type t;
      cl_uint dims, cus;
      size_t maxwg;
      cl_ulong lmem, gmem, maxalloc;
      cl_bool avail, compiler;
      CHECK(clGetDeviceInfo(devs[j], CL_DEVICE_TYPE, sizeof t, &t, NULL));
      CHECK(clGetDeviceInfo(devs[j], CL_DEVICE_MAX_WORK_ITEM_DIMENSIONS, sizeof dims, &dims,
                            NULL));
      EXPECT(dims >= 3);
      size_t *sizes = malloc(dims * sizeof *sizes);
      size_t sret = 0;
      CHECK(clGetDeviceInfo(devs[j], CL_DEVICE_MAX_WORK_ITEM_SIZES, dims * sizeof *sizes, sizes,
                            &sret));
      EXPECT_EQ(sret, dims * sizeof *sizes);
      CHECK(clGetDeviceInfo(devs[j], CL_DEVICE_MAX_WORK_GROUP_SIZE, sizeof maxwg, &maxwg, NULL));
      EXPECT(maxwg >= 1 && sizes[0] >= 1 && sizes[0] <= maxwg);
      CHECK(clGetDeviceInfo(devs[j], CL_DEVICE_MAX_COMPUTE_UNITS, sizeof cus, &cus, NULL));
      CHECK(clGetDeviceInfo(devs[j], CL_DEVICE_LOCAL_MEM_SIZE, sizeof lmem, &lmem, NULL));
      EXPECT(lmem >= 16 * 1024); /* the 1.2 full-profile minimum is 32 KiB; be lenient */
      CHECK(clGetDeviceInfo(devs[j], CL_DEVICE_GLOBAL_MEM_SIZE, sizeof gmem, &gmem, NULL));
      CHECK(clGetDeviceInfo(devs[j], CL_DEVICE_MAX_MEM_ALLOC_SIZE, sizeof maxalloc, &maxalloc,
                            NULL));
      EXPECT(maxalloc <= gmem && maxalloc >= 1024 * 1024);
      CHECK(clGetDeviceInfo(devs[j], CL_DEVICE_AVAILABLE, sizeof avail, &avail, NULL));
      CHECK(clGetDeviceInfo(devs[j], CL_DEVICE_COMPILER_AVAILABLE, sizeof compiler, &compiler,
                            NULL));
      char *dname = dev_str(devs[j], CL_DEVICE_NAME);
      char *dver = dev_str(devs[j], CL_DEVICE_VERSION);
      char *cver = dev_str(devs[j], CL_DEVICE_OPENCL_C_VERSION);
      char *drv = dev_str(devs[j], CL_DRIVER_VERSION);
      char *ext = dev_str(devs[j], CL_DEVICE_EXTENSIONS);
      char *dprof = dev_str(devs[j], CL_DEVICE_PROFILE);
      int dmaj = 0, dmin = 0, cmaj = 0, cmin = 0;
      EXPECT(sscanf(dver, "OpenCL %d.%d", &dmaj, &dmin) == 2);
      EXPECT(sscanf(cver, "OpenCL C %d.%d", &cmaj, &cmin) == 2);
      EXPECT(dmaj * 10 + dmin >= 12);
      EXPECT(strlen(drv) > 0);
      /* Apps search the extension string with strstr. */
      int has_fp64 = strstr(ext, "cl_khr_fp64") != NULL;
      int has_gatomics = strstr(ext, "cl_khr_global_int32_base_atomics") != NULL;
      printf("  device %u: %s type=%#llx cus=%u maxwg=%zu sizes=%zux%zux%zu lmem=%llu "
             "ver=%d.%d C=%d.%d fp64=%d atomics=%d avail=%d compiler=%d\n",
             j, dname, (unsigned long long)t, cus, maxwg, sizes[0], sizes[1], sizes[2],
             (unsigned long long)lmem, dmaj, dmin, cmaj, cmin, has_fp64, has_gatomics, avail,
             compiler);
      if (!chosen_d && avail && compiler) {
        chosen_d = devs[j];
        chosen_p = plats[i];
      }
      free(sizes), free(dname), free(dver), free(cver), free(drv), free(ext), free(dprof);
    }
    free(devs);
  }
  EXPECT(chosen_d != NULL);

  /* clCreateContextFromType with the platform property, as most samples do. */
  cl_context_properties props[] = {CL_CONTEXT_PLATFORM, (cl_context_properties)chosen_p, 0};
  cl_int err;
  cl_context ctx = clCreateContextFromType(props, CL_DEVICE_TYPE_ALL, NULL, NULL, &err);
  CHECK_ERR(err);
  cl_uint ndev = 0;
  CHECK(clGetContextInfo(ctx, CL_CONTEXT_NUM_DEVICES, sizeof ndev, &ndev, NULL));
  EXPECT(ndev >= 1);
  size_t psz = 0;
  CHECK(clGetContextInfo(ctx, CL_CONTEXT_PROPERTIES, 0, NULL, &psz));
  EXPECT_EQ(psz, sizeof props);
  cl_context_properties back[3];
  CHECK(clGetContextInfo(ctx, CL_CONTEXT_PROPERTIES, sizeof back, back, NULL));
  EXPECT(back[0] == CL_CONTEXT_PLATFORM && back[1] == props[1] && back[2] == 0);
  cl_device_id d;
  CHECK(clGetContextInfo(ctx, CL_CONTEXT_DEVICES, sizeof d, &d, NULL));
  /* The deprecated 1.x queue constructor. */
  cl_command_queue q = clCreateCommandQueue(ctx, d, 0, &err);
  CHECK_ERR(err);
  cl_program prog = clCreateProgramWithSource(ctx, 1, &kSrc, NULL, &err);
  CHECK_ERR(err);
  CHECK(clBuildProgram(prog, 0, NULL, NULL, NULL, NULL));
  cl_kernel kinc = clCreateKernel(prog, "inc", &err);
  CHECK_ERR(err);
  cl_kernel kfill = clCreateKernel(prog, "fill", &err);
  CHECK_ERR(err);

  /* Choose the local size from the kernel's limit and its preferred multiple. */
  size_t kwg = 0, mult = 0, cwg[3] = {1, 1, 1};
  cl_ulong klmem = 0, kpmem = 0;
  CHECK(clGetKernelWorkGroupInfo(kinc, d, CL_KERNEL_WORK_GROUP_SIZE, sizeof kwg, &kwg, NULL));
  CHECK(clGetKernelWorkGroupInfo(kinc, d, CL_KERNEL_PREFERRED_WORK_GROUP_SIZE_MULTIPLE,
                                 sizeof mult, &mult, NULL));
  CHECK(clGetKernelWorkGroupInfo(kinc, d, CL_KERNEL_COMPILE_WORK_GROUP_SIZE, sizeof cwg, cwg,
                                 NULL));
  CHECK(clGetKernelWorkGroupInfo(kinc, d, CL_KERNEL_LOCAL_MEM_SIZE, sizeof klmem, &klmem, NULL));
  CHECK(clGetKernelWorkGroupInfo(kinc, d, CL_KERNEL_PRIVATE_MEM_SIZE, sizeof kpmem, &kpmem,
                                 NULL));
  /* The same query with a NULL device is allowed when the kernel has one device. */
  size_t kwg2 = 0;
  CHECK(clGetKernelWorkGroupInfo(kinc, NULL, CL_KERNEL_WORK_GROUP_SIZE, sizeof kwg2, &kwg2, NULL));
  EXPECT_EQ(kwg2, kwg);
  EXPECT(kwg >= 1 && mult >= 1);
  EXPECT(cwg[0] == 0 && cwg[1] == 0 && cwg[2] == 0);
  size_t local = mult;
  while (local * 2 <= kwg && local * 2 <= 256) local *= 2;
  if (local > kwg) local = kwg;
  size_t n = local * 37;
  printf("chosen local size %zu (kernel max %zu, multiple %zu), global %zu\n", local, kwg, mult,
         n);
  cl_mem buf = clCreateBuffer(ctx, CL_MEM_READ_WRITE, n * sizeof(cl_int), NULL, &err);
  CHECK_ERR(err);
  cl_int v = 41;
  CHECK(clSetKernelArg(kfill, 0, sizeof buf, &buf));
  CHECK(clSetKernelArg(kfill, 1, sizeof v, &v));
  CHECK(clSetKernelArg(kinc, 0, sizeof buf, &buf));
  CHECK(clEnqueueNDRangeKernel(q, kfill, 1, NULL, &n, &local, 0, NULL, NULL));
  CHECK(clEnqueueNDRangeKernel(q, kinc, 1, NULL, &n, &local, 0, NULL, NULL));
  /* A task (1.x): one work-item. */
  CHECK(clEnqueueTask(q, kinc, 0, NULL, NULL));
  cl_int *out = malloc(n * sizeof *out);
  CHECK(clEnqueueReadBuffer(q, buf, CL_TRUE, 0, n * sizeof *out, out, 0, NULL, NULL));
  for (size_t i = 0; i < n; i++) EXPECT_EQ(out[i], i == 0 ? 43 : 42);
  /* A local size above the kernel's limit is refused: 2-D, each dimension
   * within CL_DEVICE_MAX_WORK_ITEM_SIZES, the product over the kernel's limit. */
  size_t too_big[2] = {kwg, 2}, gbig[2] = {kwg, 2};
  EXPECT_EQ(clEnqueueNDRangeKernel(q, kinc, 2, NULL, gbig, too_big, 0, NULL, NULL),
            CL_INVALID_WORK_GROUP_SIZE);
  /* Over CL_DEVICE_MAX_WORK_ITEM_SIZES in one dimension: either code is allowed. */
  size_t l1 = kwg * 2, g1 = kwg * 2;
  cl_int e1 = clEnqueueNDRangeKernel(q, kinc, 1, NULL, &g1, &l1, 0, NULL, NULL);
  EXPECT(e1 == CL_INVALID_WORK_GROUP_SIZE || e1 == CL_INVALID_WORK_ITEM_SIZE);
  /* A global size that is not a multiple of the local size (1.2 rule). */
  size_t g_odd = local + 1;
  if (local > 1)
    EXPECT_EQ(clEnqueueNDRangeKernel(q, kinc, 1, NULL, &g_odd, &local, 0, NULL, NULL),
              CL_INVALID_WORK_GROUP_SIZE);
  CHECK(clFinish(q));
  free(out);
  CHECK(clReleaseMemObject(buf));
  CHECK(clReleaseKernel(kinc));
  CHECK(clReleaseKernel(kfill));
  CHECK(clReleaseProgram(prog));
  CHECK(clReleaseCommandQueue(q));
  CHECK(clReleaseContext(ctx));
  free(plats);
  printf("device_select: PASS\n");
  return 0;
}
