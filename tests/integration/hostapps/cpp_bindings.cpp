// tests/integration/hostapps/cpp_bindings.cpp: a host program in the style of
// apps written against the Khronos C++ bindings (opencl.hpp or cl2.hpp).
#ifndef HOSTAPP_USE_CL2
#define CL_HPP_TARGET_OPENCL_VERSION 120
#define CL_HPP_MINIMUM_OPENCL_VERSION 120
#define CL_HPP_ENABLE_EXCEPTIONS
#include <CL/opencl.hpp>
#else
// Target 3.0 with a run-time check of the platform's version (the bindings
// pick clCreateCommandQueue or ...WithProperties from CL_PLATFORM_VERSION).
// Minimum 110, not 120: the installed header only defines the helper that
// check needs (getContextPlatformVersion) when the minimum is below 1.2.
#define CL_HPP_TARGET_OPENCL_VERSION 300
#define CL_HPP_MINIMUM_OPENCL_VERSION 110
#define CL_HPP_ENABLE_EXCEPTIONS
#include <CL/cl2.hpp>
#endif
#include <cstdio>
#include <numeric>
#include <string>
#include <vector>

static const char *kSource = R"CLC(
kernel void saxpy(float a, global const float *x, global float *y) {
  size_t i = get_global_id(0);
  y[i] = a * x[i] + y[i];
}
kernel void scale_int(global int *v, int k, uint n) {
  size_t i = get_global_id(0);
  if (i < n) v[i] *= k;
}
)CLC";

static int fail(const char *what) {
  std::fprintf(stderr, "cpp_bindings: FAIL: %s\n", what);
  return 1;
}

int main() {
  try {
    std::vector<cl::Platform> platforms;
    cl::Platform::get(&platforms);
    if (platforms.empty()) return fail("no platforms");
    cl::Platform plat = platforms[0];
    std::string pname = plat.getInfo<CL_PLATFORM_NAME>();
    std::printf("platform: %s (%s)\n", pname.c_str(), plat.getInfo<CL_PLATFORM_VERSION>().c_str());

    // Apps often ask for a GPU first and fall back to the default device.
    cl_context_properties props[] = {CL_CONTEXT_PLATFORM, (cl_context_properties)plat(), 0};
    cl::Context ctx;
    try {
      ctx = cl::Context(CL_DEVICE_TYPE_GPU, props);
    } catch (const cl::Error &) {
      ctx = cl::Context(CL_DEVICE_TYPE_DEFAULT, props);
    }
    std::vector<cl::Device> devs = ctx.getInfo<CL_CONTEXT_DEVICES>();
    if (devs.empty()) return fail("context has no devices");
    cl::Device dev = devs[0];
    std::printf("device: %s, CUs %u, max wg %zu\n", dev.getInfo<CL_DEVICE_NAME>().c_str(),
                dev.getInfo<CL_DEVICE_MAX_COMPUTE_UNITS>(),
                dev.getInfo<CL_DEVICE_MAX_WORK_GROUP_SIZE>());
    std::vector<size_t> wis = dev.getInfo<CL_DEVICE_MAX_WORK_ITEM_SIZES>();
    if (wis.size() != dev.getInfo<CL_DEVICE_MAX_WORK_ITEM_DIMENSIONS>())
      return fail("MAX_WORK_ITEM_SIZES length");

    cl::CommandQueue queue(ctx, dev, CL_QUEUE_PROFILING_ENABLE);

    cl::Program program(ctx, std::string(kSource), true);
    std::string log = program.getBuildInfo<CL_PROGRAM_BUILD_LOG>(dev);
    (void)log;

    const size_t n = 4096;
    std::vector<float> x(n), y(n);
    for (size_t i = 0; i < n; i++) {
      x[i] = (float)i * 0.5f;
      y[i] = (float)(n - i);
    }
    // Buffers built from iterators (copies the host data in).
    cl::Buffer bx(ctx, x.begin(), x.end(), true);
    cl::Buffer by(ctx, y.begin(), y.end(), false);

    auto saxpy = cl::KernelFunctor<cl_float, cl::Buffer, cl::Buffer>(program, "saxpy");
    cl::Event ev = saxpy(cl::EnqueueArgs(queue, cl::NDRange(n)), 2.0f, bx, by);
    ev.wait();
    cl_ulong t0 = ev.getProfilingInfo<CL_PROFILING_COMMAND_START>();
    cl_ulong t1 = ev.getProfilingInfo<CL_PROFILING_COMMAND_END>();
    if (t1 < t0) return fail("profiling end before start");

    std::vector<float> out(n);
    cl::copy(queue, by, out.begin(), out.end());
    for (size_t i = 0; i < n; i++) {
      float want = 2.0f * x[i] + y[i];
      if (out[i] != want) {
        std::fprintf(stderr, "saxpy[%zu] = %g, want %g\n", i, out[i], want);
        return fail("saxpy result");
      }
    }

    // cl::Kernel with setArg and a local size chosen from the kernel's limit.
    cl::Kernel scale(program, "scale_int");
    size_t kwg = scale.getWorkGroupInfo<CL_KERNEL_WORK_GROUP_SIZE>(dev);
    size_t local = kwg >= 64 ? 64 : 1;
    const cl_uint m = 1000;
    size_t global = (m + local - 1) / local * local;
    std::vector<cl_int> iv(m);
    std::iota(iv.begin(), iv.end(), -500);
    cl::Buffer bi(ctx, CL_MEM_READ_WRITE, m * sizeof(cl_int));
    queue.enqueueWriteBuffer(bi, CL_TRUE, 0, m * sizeof(cl_int), iv.data());
    scale.setArg(0, bi);
    scale.setArg(1, 3);
    scale.setArg(2, m);
    queue.enqueueNDRangeKernel(scale, cl::NullRange, cl::NDRange(global), cl::NDRange(local));
    // Map for reading, check, unmap.
    cl_int *p = (cl_int *)queue.enqueueMapBuffer(bi, CL_TRUE, CL_MAP_READ, 0, m * sizeof(cl_int));
    for (cl_uint i = 0; i < m; i++)
      if (p[i] != 3 * iv[i]) return fail("scale_int mapped result");
    queue.enqueueUnmapMemObject(bi, p);

    // Map for writing, then run again and read with cl::copy.
    p = (cl_int *)queue.enqueueMapBuffer(bi, CL_TRUE, CL_MAP_WRITE_INVALIDATE_REGION, 0,
                                         m * sizeof(cl_int));
    for (cl_uint i = 0; i < m; i++) p[i] = (cl_int)i;
    queue.enqueueUnmapMemObject(bi, p);
    auto scalef = cl::KernelFunctor<cl::Buffer, cl_int, cl_uint>(scale);
    scalef(cl::EnqueueArgs(queue, cl::NDRange(global), cl::NDRange(local)), bi, -2, m);
    std::vector<cl_int> back(m);
    cl::copy(queue, bi, back.begin(), back.end());
    for (cl_uint i = 0; i < m; i++)
      if (back[i] != -2 * (cl_int)i) return fail("scale_int after map-write");

    // Kernel info through the bindings.
    if (scale.getInfo<CL_KERNEL_FUNCTION_NAME>() != "scale_int") return fail("kernel name");
    if (scale.getInfo<CL_KERNEL_NUM_ARGS>() != 3) return fail("kernel num args");
    std::vector<cl::Kernel> all;
    program.createKernels(&all);
    if (all.size() != 2) return fail("createKernels count");
    queue.finish();

    // Defaults: the bindings' default context/queue (DEFAULT device type).
    cl::Context dctx = cl::Context::getDefault();
    cl::CommandQueue dq = cl::CommandQueue::getDefault();
    std::vector<cl_int> src(256);
    std::iota(src.begin(), src.end(), 1);
    cl::Buffer dbuf(dq, src.begin(), src.end(), false);  // copies through the queue
    cl::Program dprog(dctx, std::vector<std::string>{kSource});
    dprog.build("-DUNUSED=1 -cl-mad-enable");
    cl::KernelFunctor<cl::Buffer, cl_int, cl_uint> dscale(dprog, "scale_int");
    dscale(cl::EnqueueArgs(cl::NDRange(256)), dbuf, 5, 256u);  // default queue
    std::vector<cl_int> dres(256);
    cl::enqueueReadBuffer(dbuf, CL_TRUE, 0, 256 * sizeof(cl_int), dres.data());
    for (size_t i = 0; i < 256; i++)
      if (dres[i] != 5 * src[i]) return fail("default-queue scale");
    // Fill with a typed pattern, user events, callbacks.
    dq.enqueueFillBuffer(dbuf, (cl_int)-7, 0, 256 * sizeof(cl_int));
    cl::UserEvent gate(dctx);
    std::vector<cl::Event> waits{gate};
    cl::Event done;
    dq.enqueueReadBuffer(dbuf, CL_FALSE, 0, 256 * sizeof(cl_int), dres.data(), &waits, &done);
    int called = 0;
    done.setCallback(
        CL_COMPLETE, [](cl_event, cl_int, void *d) { ++*(int *)d; }, &called);
    dq.flush();
    gate.setStatus(CL_COMPLETE);
    done.wait();
    dq.finish();
    if (called != 1) return fail("event callback count");
    for (size_t i = 0; i < 256; i++)
      if (dres[i] != -7) return fail("typed fill");

    // Build errors surface as cl::BuildError with the log attached.
    bool threw = false;
    try {
      cl::Program bad(dctx, std::string("kernel void k(global int *a) { a[0] = nope; }"), true);
    } catch (const cl::BuildError &be) {
      threw = be.err() == CL_BUILD_PROGRAM_FAILURE && !be.getBuildLog().empty() &&
              be.getBuildLog()[0].second.find("nope") != std::string::npos;
    }
    if (!threw) return fail("BuildError with log");
  } catch (const cl::Error &e) {
    std::fprintf(stderr, "cpp_bindings: cl::Error %s (%d)\n", e.what(), e.err());
    return 1;
  }
  std::printf("cpp_bindings: PASS\n");
  return 0;
}
