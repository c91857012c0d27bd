/* tests/integration/hostapps/build_patterns.c: the program-build patterns of
 * real apps: options with -D/-I and a real header, build logs read the two-call
 * way, binary caching through CL_PROGRAM_BINARIES, kernel and argument info. */
#include <string.h>

#include "hostapp.h"

static const char *kSrc =
    "#include \"hostapp_kernels.h\"\n"
    "#if !defined(__OPENCL_VERSION__) || __OPENCL_VERSION__ < 120\n"
    "#error this kernel needs an OpenCL 1.2 device\n"
    "#endif\n"
    "kernel void blocked(global int *restrict out, const global int *in, local int *tmp,\n"
    "                    int bias) {\n"
    "  size_t l = get_local_id(0);\n"
    "  tmp[l] = in[get_global_id(0)];\n"
    "  barrier(CLK_LOCAL_MEM_FENCE);\n"
    "  out[get_global_id(0)] = hostapp_twice(tmp[BLOCK - 1 - l]) * HOSTAPP_SCALE + bias;\n"
    "}\n"
    "kernel void other(global float4 *v, uint n) { if (get_global_id(0) < n) v[0].x = 1; }\n";

static const char *kBad = "kernel void broken(global int *a) {\n"
                          "  a[0] = undeclared_thing + 1;\n"
                          "}\n";

static char *build_log(cl_program p, cl_device_id d) {
  size_t n = 0;
  CHECK(clGetProgramBuildInfo(p, d, CL_PROGRAM_BUILD_LOG, 0, NULL, &n));
  char *log = malloc(n + 1);
  CHECK(clGetProgramBuildInfo(p, d, CL_PROGRAM_BUILD_LOG, n, log, NULL));
  log[n] = 0;
  EXPECT(n >= 1 && log[n - 1] == 0);
  return log;
}

static void run_blocked(cl_context ctx, cl_command_queue q, cl_program p, const char *tag) {
  cl_int err;
  enum { N = 64, BLOCK = 16 };
  cl_kernel k = clCreateKernel(p, "blocked", &err);
  CHECK_ERR(err);
  cl_int in[N], out[N];
  for (int i = 0; i < N; i++) in[i] = i * 5 - 17;
  cl_mem bi = clCreateBuffer(ctx, CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, sizeof in, in, &err);
  CHECK_ERR(err);
  cl_mem bo = clCreateBuffer(ctx, CL_MEM_WRITE_ONLY, sizeof out, NULL, &err);
  CHECK_ERR(err);
  cl_int bias = 11;
  CHECK(clSetKernelArg(k, 0, sizeof bo, &bo));
  CHECK(clSetKernelArg(k, 1, sizeof bi, &bi));
  CHECK(clSetKernelArg(k, 2, BLOCK * sizeof(cl_int), NULL));
  CHECK(clSetKernelArg(k, 3, sizeof bias, &bias));
  size_t g = N, l = BLOCK;
  CHECK(clEnqueueNDRangeKernel(q, k, 1, NULL, &g, &l, 0, NULL, NULL));
  CHECK(clEnqueueReadBuffer(q, bo, CL_TRUE, 0, sizeof out, out, 0, NULL, NULL));
  for (int i = 0; i < N; i++) {
    int grp = i / BLOCK * BLOCK, li = i % BLOCK;
    int want = 2 * in[grp + BLOCK - 1 - li] * 3 + bias;
    if (out[i] != want) {
      fprintf(stderr, "%s: out[%d] = %d, want %d\n", tag, i, out[i], want);
      exit(1);
    }
  }
  CHECK(clReleaseMemObject(bi));
  CHECK(clReleaseMemObject(bo));
  CHECK(clReleaseKernel(k));
}

int main(int argc, char **argv) {
  EXPECT(argc == 2); /* argv[1]: the directory holding hostapp_kernels.h */
  cl_platform_id plat;
  cl_device_id dev;
  cl_int err;
  CHECK(clGetPlatformIDs(1, &plat, NULL));
  CHECK(clGetDeviceIDs(plat, CL_DEVICE_TYPE_ALL, 1, &dev, NULL));
  cl_context ctx = clCreateContext(NULL, 1, &dev, NULL, NULL, &err);
  CHECK_ERR(err);
  cl_command_queue q = clCreateCommandQueue(ctx, dev, 0, &err);
  CHECK_ERR(err);

  /* ---- build with options and an #include'd header ---- */
  char opts[1024];
  snprintf(opts, sizeof opts, "-cl-mad-enable -DBLOCK=16 -I%s -cl-kernel-arg-info", argv[1]);
  cl_program p = clCreateProgramWithSource(ctx, 1, &kSrc, NULL, &err);
  CHECK_ERR(err);
  err = clBuildProgram(p, 1, &dev, opts, NULL, NULL);
  if (err != CL_SUCCESS) {
    char *log = build_log(p, dev);
    fprintf(stderr, "build failed (%d):\n%s\n", err, log);
    return 1;
  }
  cl_build_status bst;
  CHECK(clGetProgramBuildInfo(p, dev, CL_PROGRAM_BUILD_STATUS, sizeof bst, &bst, NULL));
  EXPECT_EQ(bst, CL_BUILD_SUCCESS);
  size_t on = 0;
  CHECK(clGetProgramBuildInfo(p, dev, CL_PROGRAM_BUILD_OPTIONS, 0, NULL, &on));
  char *got_opts = malloc(on);
  CHECK(clGetProgramBuildInfo(p, dev, CL_PROGRAM_BUILD_OPTIONS, on, got_opts, NULL));
  EXPECT(strcmp(got_opts, opts) == 0);
  free(got_opts);
  free(build_log(p, dev));
  size_t nk = 0;
  CHECK(clGetProgramInfo(p, CL_PROGRAM_NUM_KERNELS, sizeof nk, &nk, NULL));
  EXPECT_EQ(nk, 2);
  char names[256];
  CHECK(clGetProgramInfo(p, CL_PROGRAM_KERNEL_NAMES, sizeof names, names, NULL));
  EXPECT(strstr(names, "blocked") && strstr(names, "other") && strchr(names, ';'));
  run_blocked(ctx, q, p, "source build");

  /* ---- kernel info and argument info ---- */
  cl_kernel k = clCreateKernel(p, "blocked", &err);
  CHECK_ERR(err);
  char fname[64];
  size_t fn_n = 0;
  CHECK(clGetKernelInfo(k, CL_KERNEL_FUNCTION_NAME, sizeof fname, fname, &fn_n));
  EXPECT(strcmp(fname, "blocked") == 0 && fn_n == 8);
  cl_uint nargs = 0;
  CHECK(clGetKernelInfo(k, CL_KERNEL_NUM_ARGS, sizeof nargs, &nargs, NULL));
  EXPECT_EQ(nargs, 4);
  cl_context kctx;
  CHECK(clGetKernelInfo(k, CL_KERNEL_CONTEXT, sizeof kctx, &kctx, NULL));
  EXPECT(kctx == ctx);
  size_t an = 0;
  CHECK(clGetKernelInfo(k, CL_KERNEL_ATTRIBUTES, 0, NULL, &an));
  EXPECT(an >= 1);
  const char *want_names[4] = {"out", "in", "tmp", "bias"};
  const char *want_types[4] = {"int*", "int*", "int*", "int"};
  cl_kernel_arg_address_qualifier want_aq[4] = {
      CL_KERNEL_ARG_ADDRESS_GLOBAL, CL_KERNEL_ARG_ADDRESS_GLOBAL, CL_KERNEL_ARG_ADDRESS_LOCAL,
      CL_KERNEL_ARG_ADDRESS_PRIVATE};
  for (cl_uint i = 0; i < 4; i++) {
    char buf[64];
    CHECK(clGetKernelArgInfo(k, i, CL_KERNEL_ARG_NAME, sizeof buf, buf, NULL));
    if (strcmp(buf, want_names[i])) {
      fprintf(stderr, "arg %u name '%s', want '%s'\n", i, buf, want_names[i]);
      return 1;
    }
    CHECK(clGetKernelArgInfo(k, i, CL_KERNEL_ARG_TYPE_NAME, sizeof buf, buf, NULL));
    if (strcmp(buf, want_types[i])) {
      fprintf(stderr, "arg %u type '%s', want '%s'\n", i, buf, want_types[i]);
      return 1;
    }
    cl_kernel_arg_address_qualifier aq;
    CHECK(clGetKernelArgInfo(k, i, CL_KERNEL_ARG_ADDRESS_QUALIFIER, sizeof aq, &aq, NULL));
    EXPECT_EQ(aq, want_aq[i]);
    cl_kernel_arg_access_qualifier acc;
    CHECK(clGetKernelArgInfo(k, i, CL_KERNEL_ARG_ACCESS_QUALIFIER, sizeof acc, &acc, NULL));
    EXPECT_EQ(acc, CL_KERNEL_ARG_ACCESS_NONE);
  }
  cl_kernel_arg_type_qualifier tq0, tq1;
  CHECK(clGetKernelArgInfo(k, 0, CL_KERNEL_ARG_TYPE_QUALIFIER, sizeof tq0, &tq0, NULL));
  CHECK(clGetKernelArgInfo(k, 1, CL_KERNEL_ARG_TYPE_QUALIFIER, sizeof tq1, &tq1, NULL));
  /* `global int *restrict out`, `const global int *in` */
  printf("type qualifiers: out=%#llx in=%#llx\n", (unsigned long long)tq0,
         (unsigned long long)tq1);
  EXPECT(tq0 == CL_KERNEL_ARG_TYPE_RESTRICT);
  EXPECT(tq1 == CL_KERNEL_ARG_TYPE_CONST);
  EXPECT_EQ(clGetKernelArgInfo(k, 4, CL_KERNEL_ARG_NAME, 0, NULL, &an), CL_INVALID_ARG_INDEX);
  cl_kernel k2 = clCreateKernel(p, "other", &err);
  CHECK_ERR(err);
  char tn[64];
  CHECK(clGetKernelArgInfo(k2, 0, CL_KERNEL_ARG_TYPE_NAME, sizeof tn, tn, NULL));
  EXPECT(strcmp(tn, "float4*") == 0);
  CHECK(clGetKernelArgInfo(k2, 1, CL_KERNEL_ARG_TYPE_NAME, sizeof tn, tn, NULL));
  EXPECT(strcmp(tn, "uint") == 0);
  CHECK(clReleaseKernel(k2));
  /* Wrong argument sizes and indices get the 1.2 error codes. */
  cl_int v = 0;
  cl_mem mnull = NULL;
  EXPECT_EQ(clSetKernelArg(k, 3, 2, &v), CL_INVALID_ARG_SIZE);
  EXPECT_EQ(clSetKernelArg(k, 9, sizeof v, &v), CL_INVALID_ARG_INDEX);
  EXPECT_EQ(clSetKernelArg(k, 2, 64, &v), CL_INVALID_ARG_VALUE);
  EXPECT_EQ(clSetKernelArg(k, 2, 0, NULL), CL_INVALID_ARG_SIZE);
  CHECK(clSetKernelArg(k, 0, sizeof mnull, &mnull)); /* a NULL buffer is allowed */
  EXPECT_EQ(clCreateKernel(p, "nonexistent", &err), NULL);
  EXPECT_EQ(err, CL_INVALID_KERNEL_NAME);
  /* A rebuild while kernels exist is refused. */
  EXPECT_EQ(clBuildProgram(p, 1, &dev, opts, NULL, NULL), CL_INVALID_OPERATION);
  CHECK(clReleaseKernel(k));

  /* ---- binary caching: query sizes, fetch, recreate, build, run ---- */
  cl_uint pnd = 0;
  CHECK(clGetProgramInfo(p, CL_PROGRAM_NUM_DEVICES, sizeof pnd, &pnd, NULL));
  EXPECT_EQ(pnd, 1);
  size_t *bsizes = malloc(pnd * sizeof *bsizes);
  CHECK(clGetProgramInfo(p, CL_PROGRAM_BINARY_SIZES, pnd * sizeof *bsizes, bsizes, NULL));
  EXPECT(bsizes[0] > 0);
  unsigned char **bins = malloc(pnd * sizeof *bins);
  bins[0] = malloc(bsizes[0]);
  CHECK(clGetProgramInfo(p, CL_PROGRAM_BINARIES, pnd * sizeof *bins, bins, NULL));
  CHECK(clReleaseProgram(p));
  cl_int bstatus = -1;
  cl_program pb = clCreateProgramWithBinary(ctx, 1, &dev, bsizes,
                                            (const unsigned char **)bins, &bstatus, &err);
  CHECK_ERR(err);
  EXPECT_EQ(bstatus, CL_SUCCESS);
  /* Apps build cached binaries with no options (or the same ones). */
  err = clBuildProgram(pb, 1, &dev, NULL, NULL, NULL);
  if (err != CL_SUCCESS) {
    char *log = build_log(pb, dev);
    fprintf(stderr, "binary build failed (%d):\n%s\n", err, log);
    return 1;
  }
  cl_program_binary_type bt;
  CHECK(clGetProgramBuildInfo(pb, dev, CL_PROGRAM_BINARY_TYPE, sizeof bt, &bt, NULL));
  EXPECT_EQ(bt, CL_PROGRAM_BINARY_TYPE_EXECUTABLE);
  run_blocked(ctx, q, pb, "binary build");
  CHECK(clReleaseProgram(pb));
  /* A corrupted binary is rejected. */
  const unsigned char junk[16] = "not a binary!!!";
  size_t jl = sizeof junk;
  const unsigned char *jp = junk;
  cl_program pj = clCreateProgramWithBinary(ctx, 1, &dev, &jl, &jp, &bstatus, &err);
  EXPECT(pj == NULL && err == CL_INVALID_BINARY && bstatus == CL_INVALID_BINARY);
  free(bins[0]), free(bins), free(bsizes);

  /* ---- build failure, log queried the two-call way ---- */
  cl_program bad = clCreateProgramWithSource(ctx, 1, &kBad, NULL, &err);
  CHECK_ERR(err);
  err = clBuildProgram(bad, 1, &dev, NULL, NULL, NULL);
  EXPECT_EQ(err, CL_BUILD_PROGRAM_FAILURE);
  CHECK(clGetProgramBuildInfo(bad, dev, CL_PROGRAM_BUILD_STATUS, sizeof bst, &bst, NULL));
  EXPECT_EQ(bst, CL_BUILD_ERROR);
  char *log = build_log(bad, dev);
  EXPECT(strstr(log, "undeclared_thing") != NULL);
  free(log);
  EXPECT_EQ(clCreateKernel(bad, "broken", &err), NULL);
  EXPECT_EQ(err, CL_INVALID_PROGRAM_EXECUTABLE);
  EXPECT_EQ(clGetProgramInfo(bad, CL_PROGRAM_NUM_KERNELS, sizeof nk, &nk, NULL),
            CL_INVALID_PROGRAM_EXECUTABLE);
  CHECK(clReleaseProgram(bad));
  /* A bad option is reported as CL_INVALID_BUILD_OPTIONS. */
  cl_program po = clCreateProgramWithSource(ctx, 1, &kSrc, NULL, &err);
  CHECK_ERR(err);
  EXPECT_EQ(clBuildProgram(po, 1, &dev, "-cl-no-such-option", NULL, NULL),
            CL_INVALID_BUILD_OPTIONS);
  CHECK(clReleaseProgram(po));

  CHECK(clReleaseCommandQueue(q));
  CHECK(clReleaseContext(ctx));
  printf("build_patterns: PASS\n");
  return 0;
}
