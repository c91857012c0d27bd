/* tests/integration/hostapps/reduce_app.c: a benchmark-style app: multi-pass
 * reduction with __local scratch sized from the device, a non-blocking map,
 * NULL local sizes with awkward global sizes, 3-D ranges and a kernel with
 * reqd_work_group_size. */
#include <string.h>

#include "hostapp.h"

static const char *kSrc =
    "kernel void reduce(global const uint *in, global uint *out, local uint *scratch, uint n) {\n"
    "  uint gid = get_global_id(0), lid = get_local_id(0), ls = get_local_size(0);\n"
    "  scratch[lid] = gid < n ? in[gid] : 0;\n"
    "  barrier(CLK_LOCAL_MEM_FENCE);\n"
    "  for (uint s = ls / 2; s > 0; s >>= 1) {\n"
    "    if (lid < s) scratch[lid] += scratch[lid + s];\n"
    "    barrier(CLK_LOCAL_MEM_FENCE);\n"
    "  }\n"
    "  if (lid == 0) out[get_group_id(0)] = scratch[0];\n"
    "}\n"
    "kernel void idx3(global int *o) {\n"
    "  size_t x = get_global_id(0), y = get_global_id(1), z = get_global_id(2);\n"
    "  size_t w = get_global_size(0), h = get_global_size(1);\n"
    "  o[(z * h + y) * w + x] = (int)(x + 10 * y + 100 * z + 1000 * get_local_size(0));\n"
    "}\n"
    "__attribute__((reqd_work_group_size(8, 1, 1)))\n"
    "kernel void fixed(global int *o) { o[get_global_id(0)] = (int)get_local_size(0); }\n";

int main(void) {
  cl_platform_id plat;
  cl_device_id dev;
  cl_int err;
  CHECK(clGetPlatformIDs(1, &plat, NULL));
  CHECK(clGetDeviceIDs(plat, CL_DEVICE_TYPE_ALL, 1, &dev, NULL));
  cl_context ctx = clCreateContext(NULL, 1, &dev, NULL, NULL, &err);
  CHECK_ERR(err);
  cl_command_queue q = clCreateCommandQueue(ctx, dev, 0, &err);
  CHECK_ERR(err);
  cl_program prog = clCreateProgramWithSource(ctx, 1, &kSrc, NULL, &err);
  CHECK_ERR(err);
  CHECK(clBuildProgram(prog, 1, &dev, "-cl-fast-relaxed-math", NULL, NULL));
  cl_kernel kr = clCreateKernel(prog, "reduce", &err);
  CHECK_ERR(err);

  /* Local size: a power of two within the kernel's limit and local memory. */
  size_t kwg;
  cl_ulong lmem, klmem;
  CHECK(clGetKernelWorkGroupInfo(kr, dev, CL_KERNEL_WORK_GROUP_SIZE, sizeof kwg, &kwg, NULL));
  CHECK(clGetDeviceInfo(dev, CL_DEVICE_LOCAL_MEM_SIZE, sizeof lmem, &lmem, NULL));
  CHECK(clGetKernelWorkGroupInfo(kr, dev, CL_KERNEL_LOCAL_MEM_SIZE, sizeof klmem, &klmem, NULL));
  size_t ls = 1;
  while (ls * 2 <= kwg && ls * 2 <= 256 && (ls * 2) * sizeof(cl_uint) + klmem <= lmem) ls *= 2;
  const cl_uint n = 100003;
  cl_uint *data = malloc(n * sizeof *data);
  cl_ulong want = 0;
  for (cl_uint i = 0; i < n; i++) {
    data[i] = (i * 2654435761u) >> 20;
    want += data[i];
  }
  cl_mem a = clCreateBuffer(ctx, CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR, n * sizeof *data, data,
                            &err);
  CHECK_ERR(err);
  cl_mem b = clCreateBuffer(ctx, CL_MEM_READ_WRITE, n * sizeof *data, NULL, &err);
  CHECK_ERR(err);
  cl_uint cur = n;
  cl_mem in = a, out = b;
  int passes = 0;
  while (cur > 1) {
    size_t groups = (cur + ls - 1) / ls, g = groups * ls;
    CHECK(clSetKernelArg(kr, 0, sizeof in, &in));
    CHECK(clSetKernelArg(kr, 1, sizeof out, &out));
    CHECK(clSetKernelArg(kr, 2, ls * sizeof(cl_uint), NULL));
    CHECK(clSetKernelArg(kr, 3, sizeof cur, &cur));
    CHECK(clEnqueueNDRangeKernel(q, kr, 1, NULL, &g, &ls, 0, NULL, NULL));
    cur = (cl_uint)groups;
    cl_mem t = in;
    in = out;
    out = t;
    passes++;
  }
  cl_event mev;
  cl_uint *res = clEnqueueMapBuffer(q, in, CL_FALSE, CL_MAP_READ, 0, sizeof(cl_uint), 0, NULL,
                                    &mev, &err);
  CHECK_ERR(err);
  CHECK(clWaitForEvents(1, &mev));
  printf("reduce: local %zu, %d passes, sum %u\n", ls, passes, res[0]);
  EXPECT_EQ(res[0], (cl_uint)want);
  CHECK(clEnqueueUnmapMemObject(q, in, res, 0, NULL, NULL));
  CHECK(clReleaseEvent(mev));

  /* NULL local sizes with prime / odd global sizes in 1-D and 3-D. */
  cl_kernel k3 = clCreateKernel(prog, "idx3", &err);
  CHECK_ERR(err);
  size_t g3[3] = {7, 5, 3};
  cl_mem o3 = clCreateBuffer(ctx, CL_MEM_READ_WRITE, 7 * 5 * 3 * sizeof(cl_int), NULL, &err);
  CHECK_ERR(err);
  CHECK(clSetKernelArg(k3, 0, sizeof o3, &o3));
  CHECK(clEnqueueNDRangeKernel(q, k3, 3, NULL, g3, NULL, 0, NULL, NULL));
  cl_int r3[105];
  CHECK(clEnqueueReadBuffer(q, o3, CL_TRUE, 0, sizeof r3, r3, 0, NULL, NULL));
  int lsz0 = r3[0] / 1000;
  EXPECT(lsz0 >= 1 && 7 % lsz0 == 0);
  for (int z = 0; z < 3; z++)
    for (int y = 0; y < 5; y++)
      for (int x = 0; x < 7; x++)
        EXPECT_EQ(r3[(z * 5 + y) * 7 + x], x + 10 * y + 100 * z + 1000 * lsz0);
  size_t l3[3] = {7, 5, 1};
  CHECK(clEnqueueNDRangeKernel(q, k3, 3, NULL, g3, l3, 0, NULL, NULL));
  CHECK(clEnqueueReadBuffer(q, o3, CL_TRUE, 0, sizeof r3, r3, 0, NULL, NULL));
  EXPECT_EQ(r3[104], 6 + 40 + 200 + 7000);

  /* reqd_work_group_size: reported, used for a NULL local size, enforced. */
  cl_kernel kf = clCreateKernel(prog, "fixed", &err);
  CHECK_ERR(err);
  size_t cwg[3];
  CHECK(clGetKernelWorkGroupInfo(kf, dev, CL_KERNEL_COMPILE_WORK_GROUP_SIZE, sizeof cwg, cwg,
                                 NULL));
  EXPECT(cwg[0] == 8 && cwg[1] == 1 && cwg[2] == 1);
  cl_mem of = clCreateBuffer(ctx, CL_MEM_READ_WRITE, 64 * sizeof(cl_int), NULL, &err);
  CHECK_ERR(err);
  CHECK(clSetKernelArg(kf, 0, sizeof of, &of));
  size_t g64 = 64, l8 = 8, l16 = 16;
  CHECK(clEnqueueNDRangeKernel(q, kf, 1, NULL, &g64, &l8, 0, NULL, NULL));
  EXPECT_EQ(clEnqueueNDRangeKernel(q, kf, 1, NULL, &g64, &l16, 0, NULL, NULL),
            CL_INVALID_WORK_GROUP_SIZE);
  cl_int rf[64];
  CHECK(clEnqueueReadBuffer(q, of, CL_TRUE, 0, sizeof rf, rf, 0, NULL, NULL));
  for (int i = 0; i < 64; i++) EXPECT_EQ(rf[i], 8);

  CHECK(clReleaseMemObject(of));
  CHECK(clReleaseMemObject(o3));
  CHECK(clReleaseMemObject(a));
  CHECK(clReleaseMemObject(b));
  CHECK(clReleaseKernel(kf));
  CHECK(clReleaseKernel(k3));
  CHECK(clReleaseKernel(kr));
  CHECK(clReleaseProgram(prog));
  CHECK(clReleaseCommandQueue(q));
  CHECK(clReleaseContext(ctx));
  free(data);
  printf("reduce_app: PASS\n");
  return 0;
}
