/* validation/data/probes/texlat.c: texture-hit against L1-hit latency. One
 * work-item chases indices through a 4 KB (L1-resident) CL_R/UINT32 image,
 * with a sampler (img) and without (imgns), and through a buffer of the same
 * values (buf); per dependent read = the difference of 101000 and 1000
 * steps / 100000 (best of 5). Picks the NVIDIA platform when there is one.
 *   gcc -O2 -std=c11 texlat.c -o texlat -lOpenCL && ./texlat
 * Output on the H100: h100_texlat.txt; configs/h100.yaml's texture.* come from it. */
#define CL_TARGET_OPENCL_VERSION 120
#include <CL/cl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
static const char *src =
"__kernel void img(read_only image2d_t im, sampler_t s, int steps, __global uint *out) {\n"
"  uint i = 0;\n"
"  for (int k = 0; k < steps; k++) i = read_imageui(im, s, (int2)(i & 63, i >> 6)).x;\n"
"  out[0] = i;\n}\n"
"__kernel void imgns(read_only image2d_t im, int steps, __global uint *out) {\n"
"  uint i = 0;\n"
"  for (int k = 0; k < steps; k++) i = read_imageui(im, (int2)(i & 63, i >> 6)).x;\n"
"  out[0] = i;\n}\n"
"__kernel void buf(__global const uint *b, int steps, __global uint *out) {\n"
"  uint i = 0;\n"
"  for (int k = 0; k < steps; k++) i = b[i];\n"
"  out[0] = i;\n}\n";
#define CK(x) do { cl_int e_ = (x); if (e_) { fprintf(stderr, "%s: %d\n", #x, e_); exit(1); } } while (0)
int main(void) {
  cl_uint np; cl_platform_id ps[8]; CK(clGetPlatformIDs(8, ps, &np));
  cl_platform_id p = ps[0];
  for (cl_uint k = 0; k < np; k++) { char n[256]; clGetPlatformInfo(ps[k], CL_PLATFORM_NAME, 256, n, NULL); if (strstr(n, "NVIDIA")) p = ps[k]; }
  cl_device_id d; CK(clGetDeviceIDs(p, CL_DEVICE_TYPE_GPU, 1, &d, NULL));
  char dn[256]; clGetDeviceInfo(d, CL_DEVICE_NAME, 256, dn, NULL); cl_uint mhz; clGetDeviceInfo(d, CL_DEVICE_MAX_CLOCK_FREQUENCY, 4, &mhz, NULL);
  printf("device %s, %u MHz\n", dn, mhz);
  cl_int e; cl_context c = clCreateContext(NULL, 1, &d, NULL, NULL, &e); CK(e);
  cl_command_queue q = clCreateCommandQueue(c, d, CL_QUEUE_PROFILING_ENABLE, &e); CK(e);
  cl_program pr = clCreateProgramWithSource(c, 1, &src, NULL, &e); CK(e);
  if (clBuildProgram(pr, 1, &d, "", NULL, NULL)) { char log[8192]; clGetProgramBuildInfo(pr, d, CL_PROGRAM_BUILD_LOG, 8192, log, NULL); fprintf(stderr, "%s\n", log); return 1; }
  enum { W = 64, H = 16, N = W * H }; /* 4 KB */
  cl_uint v[N];
  for (int i = 0; i < N; i++) v[i] = (cl_uint)((i + 33 * 32 + 1) % N); /* one cycle of all N */
  cl_image_format f = {CL_R, CL_UNSIGNED_INT32};
  cl_mem im = clCreateImage2D(c, CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, &f, W, H, 0, v, &e); CK(e);
  cl_mem b = clCreateBuffer(c, CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, sizeof v, v, &e); CK(e);
  cl_mem o = clCreateBuffer(c, CL_MEM_READ_WRITE, 16, NULL, &e); CK(e);
  cl_sampler s = clCreateSampler(c, CL_FALSE, CL_ADDRESS_NONE, CL_FILTER_NEAREST, &e); CK(e);
  const char *names[] = {"img", "imgns", "buf"};
  for (int kk = 0; kk < 3; kk++) {
    cl_kernel k = clCreateKernel(pr, names[kk], &e); CK(e);
    double ns[2];
    int steps[2] = {1000, 101000};
    for (int r = 0; r < 2; r++) {
      int a = 0;
      CK(clSetKernelArg(k, a++, sizeof(cl_mem), kk == 2 ? &b : &im));
      if (kk == 0) CK(clSetKernelArg(k, a++, sizeof s, &s));
      CK(clSetKernelArg(k, a++, sizeof(int), &steps[r]));
      CK(clSetKernelArg(k, a++, sizeof o, &o));
      double best = 1e30;
      for (int rep = 0; rep < 5; rep++) {
        size_t g = 1; cl_event ev;
        CK(clEnqueueNDRangeKernel(q, k, 1, NULL, &g, &g, 0, NULL, &ev)); CK(clFinish(q));
        cl_ulong t0, t1; clGetEventProfilingInfo(ev, CL_PROFILING_COMMAND_START, 8, &t0, NULL); clGetEventProfilingInfo(ev, CL_PROFILING_COMMAND_END, 8, &t1, NULL);
        if (t1 - t0 < best) best = (double)(t1 - t0);
        clReleaseEvent(ev);
      }
      ns[r] = best;
    }
    double per = (ns[1] - ns[0]) / 100000.0;
    printf("%-6s %.3f ns per dependent read = %.1f cycles at %u MHz\n", names[kk], per, per * mhz / 1000.0, mhz);
  }
  return 0;
}
