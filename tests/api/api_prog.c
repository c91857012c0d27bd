/* OpenCL 1.2 API conformance: programs (source, binary, build, compile,
 * link, queries), kernels (creation, arguments, queries, argument info) and
 * launches (NDRange rules, tasks, native kernels). */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "api.h"

static const char *const api_src =
    "__kernel void add(__global const uint *a, __global uint *b, uint k) {\n"
    "  size_t i = get_global_id(0);\n"
    "  b[i] = a[i] + k;\n"
    "}\n"
    "__kernel __attribute__((reqd_work_group_size(4, 1, 1))) void fixed(__global int *o) {\n"
    "  o[get_global_id(0)] = (int)get_local_size(0);\n"
    "}\n"
    "__kernel void loc(__global int *o, __local int *l) {\n"
    "  l[get_local_id(0)] = (int)get_local_id(0) + 1;\n"
    "  barrier(CLK_LOCAL_MEM_FENCE);\n"
    "  o[get_global_id(0)] = l[0];\n"
    "}\n"
    "__kernel void info(__global const uint *a, __constant float *c, __local uchar4 *l,\n"
    "                   volatile __global int *v, __global float *restrict r, int s,\n"
    "                   float4 f) {\n"
    "  if (s < 0) r[0] = c[0] + f.x + (float)a[0] + (float)l[0].x + (float)v[0];\n"
    "}\n";

static void CL_CALLBACK api_build_notify(cl_program p, void *data) {
  (void)p;
  ++*(int *)data;
}

static cl_build_status api_status(api *t, cl_program p) {
  cl_build_status s = 99;
  clGetProgramBuildInfo(p, t->dev, CL_PROGRAM_BUILD_STATUS, sizeof s, &s, NULL);
  return s;
}

static cl_program_binary_type api_bintype(api *t, cl_program p) {
  cl_program_binary_type b = 99;
  clGetProgramBuildInfo(p, t->dev, CL_PROGRAM_BINARY_TYPE, sizeof b, &b, NULL);
  return b;
}

static cl_program api_source(api *t, const char *src) {
  cl_int e;
  cl_program p = clCreateProgramWithSource(t->ctx, 1, &src, NULL, &e);
  CHECK_ERR(e, CL_SUCCESS);
  return p;
}

/* A program's binary and a new program made from it. */
static cl_program api_roundtrip(api *t, cl_program p) {
  size_t bs = 0;
  CHECK_ERR(clGetProgramInfo(p, CL_PROGRAM_BINARY_SIZES, sizeof bs, &bs, NULL), CL_SUCCESS);
  CHECK(bs > 0);
  if (!bs) return NULL;
  unsigned char *bin = malloc(bs);
  unsigned char *bins[1] = {bin};
  CHECK_ERR(clGetProgramInfo(p, CL_PROGRAM_BINARIES, sizeof bins, bins, NULL), CL_SUCCESS);
  cl_int e, bst = 1;
  const unsigned char *cb[1] = {bin};
  cl_program q = clCreateProgramWithBinary(t->ctx, 1, &t->dev, &bs, cb, &bst, &e);
  CHECK_ERR(e, CL_SUCCESS);
  CHECK_ERR(bst, CL_SUCCESS);
  free(bin);
  return q;
}

/* Runs kernel `name` of p over n uints (out[i] expected from the kernel). */
static int api_run_uint(api *t, cl_program p, const char *name, cl_uint n, cl_uint *out) {
  cl_int e;
  cl_kernel k = clCreateKernel(p, name, &e);
  CHECK_ERR(e, CL_SUCCESS);
  if (!k) return -1;
  cl_mem b = clCreateBuffer(t->ctx, CL_MEM_WRITE_ONLY, n * sizeof *out, NULL, &e);
  CHECK_ERR(clSetKernelArg(k, 0, sizeof b, &b), CL_SUCCESS);
  size_t g = n;
  CHECK_ERR(clEnqueueNDRangeKernel(t->q, k, 1, NULL, &g, NULL, 0, NULL, NULL), CL_SUCCESS);
  CHECK_ERR(clEnqueueReadBuffer(t->q, b, CL_TRUE, 0, n * sizeof *out, out, 0, NULL, NULL),
            CL_SUCCESS);
  clReleaseMemObject(b);
  clReleaseKernel(k);
  return 0;
}

static void api_compile_link(api *t) {
  static const char *lib_src = "#include \"twice.h\"\n"
                               "uint twice(uint x) { return TWICE_FACTOR * x; }\n";
  static const char *hdr_src = "#define TWICE_FACTOR 2u\nuint twice(uint x);\n";
  static const char *main_src = "#include \"twice.h\"\n"
                                "__kernel void k(__global uint *o) {\n"
                                "  uint i = (uint)get_global_id(0);\n"
                                "  o[i] = twice(i) + 1u;\n"
                                "}\n";
  cl_int e;
  int notified = 0;
  cl_program hdr = api_source(t, hdr_src);
  cl_program lib = api_source(t, lib_src);
  cl_program kmain = api_source(t, main_src);
  const char *names[1] = {"twice.h"};
  CHECK_NOT_POCL(clCompileProgram(lib, 0, NULL, "", 1, NULL, names, NULL, NULL), CL_INVALID_VALUE,
                 "PoCL reads a NULL input_headers array");
  CHECK_NOT_POCL(clCompileProgram(lib, 0, NULL, "", 1, &hdr, NULL, NULL, NULL), CL_INVALID_VALUE,
                 "PoCL reads a NULL header_include_names array");
  CHECK_ERR(clCompileProgram(lib, 1, NULL, "", 0, NULL, NULL, NULL, NULL), CL_INVALID_VALUE);
  CHECK_ERR(clCompileProgram(lib, 0, NULL, "", 0, NULL, NULL, NULL, &e), CL_INVALID_VALUE);
  CHECK_ERR(clCompileProgram(lib, 0, NULL, "-no-such-option", 1, &hdr, names, NULL, NULL),
            CL_INVALID_COMPILER_OPTIONS);
  CHECK_BAD(clCompileProgram(WRONG(cl_program, t->q), 0, NULL, "", 0, NULL, NULL, NULL, NULL),
            CL_INVALID_PROGRAM);
  /* Without the header the include fails. */
  CHECK_ERR(clCompileProgram(lib, 0, NULL, "", 0, NULL, NULL, NULL, NULL),
            CL_COMPILE_PROGRAM_FAILURE);
  CHECK(api_status(t, lib) == CL_BUILD_ERROR);
  CHECK_ERR(clCompileProgram(lib, 1, &t->dev, "", 1, &hdr, names, api_build_notify, &notified),
            CL_SUCCESS);
  CHECK(notified == 1);
  CHECK(api_status(t, lib) == CL_BUILD_SUCCESS);
  CHECK(api_bintype(t, lib) == CL_PROGRAM_BINARY_TYPE_COMPILED_OBJECT);
  CHECK_ERR(clCompileProgram(kmain, 0, NULL, "-DUNUSED=1", 1, &hdr, names, NULL, NULL), CL_SUCCESS);
  clCreateKernel(kmain, "k", &e); /* compiled, not linked */
  CHECK_ERR_POCL(e, CL_INVALID_PROGRAM_EXECUTABLE,
                 "PoCL answers CL_INVALID_KERNEL_NAME for a compiled, unlinked program");

  /* Link errors. */
  cl_program both[2] = {kmain, lib};
  clLinkProgram(t->ctx, 0, NULL, "", 0, both, NULL, NULL, &e);
  CHECK_ERR(e, CL_INVALID_VALUE);
  clLinkProgram(t->ctx, 0, NULL, "", 2, NULL, NULL, NULL, &e);
  CHECK_ERR(e, CL_INVALID_VALUE);
  clLinkProgram(t->ctx, 0, NULL, "", 2, both, NULL, &e, &e);
  CHECK_ERR(e, CL_INVALID_VALUE);
  clLinkProgram(t->ctx, 1, NULL, "", 2, both, NULL, NULL, &e);
  CHECK_ERR(e, CL_INVALID_VALUE);
  CHECK_BAD((clLinkProgram(WRONG(cl_context, t->q), 0, NULL, "", 2, both, NULL, NULL, &e), e),
            CL_INVALID_CONTEXT);
  cl_program badp[2] = {kmain, WRONG(cl_program, t->q)};
  CHECK_BAD((clLinkProgram(t->ctx, 0, NULL, "", 2, badp, NULL, NULL, &e), e), CL_INVALID_PROGRAM);
  clLinkProgram(t->ctx, 0, NULL, "-no-such-option", 2, both, NULL, NULL, &e);
  CHECK_ERR(e, CL_INVALID_LINKER_OPTIONS);
  cl_program uncompiled = api_source(t, main_src);
  cl_program withsrc[2] = {uncompiled, lib};
  clLinkProgram(t->ctx, 0, NULL, "", 2, withsrc, NULL, NULL, &e);
  CHECK_ERR(e, CL_INVALID_OPERATION);
  clReleaseProgram(uncompiled);
  /* An unresolved call: the main program alone. */
  cl_program lone = clLinkProgram(t->ctx, 0, NULL, "", 1, &kmain, NULL, NULL, &e);
  CHECK_ERR(e, CL_LINK_PROGRAM_FAILURE);
  if (lone) {
    CHECK(api_status(t, lone) == CL_BUILD_ERROR);
    clReleaseProgram(lone);
  }

  /* The real link: a kernel calling a function of another compiled program. */
  notified = 0;
  cl_program exe = clLinkProgram(t->ctx, 1, &t->dev, "", 2, both, api_build_notify, &notified, &e);
  CHECK_ERR(e, CL_SUCCESS);
  CHECK(notified == 1);
  if (exe) {
    CHECK(api_bintype(t, exe) == CL_PROGRAM_BINARY_TYPE_EXECUTABLE);
    cl_uint out[64];
    if (!api_run_uint(t, exe, "k", 64, out)) CHECK(out[0] == 1 && out[5] == 11 && out[63] == 127);
    clReleaseProgram(exe);
  }

  /* A library, linked into an executable, and binaries of each kind. */
  cl_program lib2 = clLinkProgram(t->ctx, 0, NULL, "-create-library -enable-link-options", 1, &lib,
                                  NULL, NULL, &e);
  CHECK_ERR_POCL(e, CL_SUCCESS, "PoCL rejects -enable-link-options");
  if (!lib2) lib2 = clLinkProgram(t->ctx, 0, NULL, "-create-library", 1, &lib, NULL, NULL, &e);
  CHECK_ERR_POCL(e, CL_SUCCESS, "PoCL rejects -create-library");
  if (lib2) {
    CHECK(api_bintype(t, lib2) == CL_PROGRAM_BINARY_TYPE_LIBRARY);
    cl_program lib3 = api_roundtrip(t, lib2);
    cl_program obj2 = api_roundtrip(t, kmain);
    if (lib3 && obj2) {
      CHECK(api_bintype(t, lib3) == CL_PROGRAM_BINARY_TYPE_LIBRARY);
      CHECK(api_bintype(t, obj2) == CL_PROGRAM_BINARY_TYPE_COMPILED_OBJECT);
      cl_program pair[2] = {obj2, lib3};
      cl_program exe2 =
          clLinkProgram(t->ctx, 0, NULL, "-cl-fast-relaxed-math", 2, pair, NULL, NULL, &e);
      CHECK_ERR_POCL(e, CL_SUCCESS, "PoCL rejects the link option -cl-fast-relaxed-math");
      if (!exe2) exe2 = clLinkProgram(t->ctx, 0, NULL, "", 2, pair, NULL, NULL, &e);
      if (exe2) {
        cl_uint out[8];
        if (!api_run_uint(t, exe2, "k", 8, out)) CHECK(out[3] == 7);
        cl_program exe3 = api_roundtrip(t, exe2);
        if (exe3) {
          CHECK(api_bintype(t, exe3) == CL_PROGRAM_BINARY_TYPE_EXECUTABLE);
          CHECK_ERR(clBuildProgram(exe3, 0, NULL, NULL, NULL, NULL), CL_SUCCESS);
          if (!api_run_uint(t, exe3, "k", 8, out)) CHECK(out[7] == 15);
          clReleaseProgram(exe3);
        }
        clReleaseProgram(exe2);
      }
    }
    if (lib3) clReleaseProgram(lib3);
    if (obj2) clReleaseProgram(obj2);
    clReleaseProgram(lib2);
  }
  clReleaseProgram(hdr);
  clReleaseProgram(lib);
  clReleaseProgram(kmain);
}

/* Embedded headers in subdirectories, -enable-link-options alone, and the
 * argument info of a kernel compiled with -cl-kernel-arg-info and linked. */
#define API_POCL_LINK_INFO "PoCL keeps no argument info through clLinkProgram"
static void api_link_more(api *t) {
  static const char *inner = "#define BASE 5u\n";
  static const char *outer = "#include \"sub/dir/inner.h\"\n"
                             "typedef uint myuint;\n"
                             "uint add_base(uint x);\n";
  static const char *fn_src = "#include \"outer.h\"\nuint add_base(uint x) { return x + BASE; }\n";
  static const char *k_src =
      "#include \"outer.h\"\n"
      "__kernel void k(__global uint *o, const volatile __global myuint *cv) {\n"
      "  uint i = (uint)get_global_id(0);\n"
      "  o[i] = add_base(i) + (cv ? cv[0] : 0u);\n"
      "}\n";
  cl_int e;
  cl_program hdrs[2] = {api_source(t, inner), api_source(t, outer)};
  const char *names[2] = {"sub/dir/inner.h", "outer.h"};
  cl_program fn = api_source(t, fn_src), kp = api_source(t, k_src);
  CHECK_ERR(clCompileProgram(fn, 0, NULL, "", 2, hdrs, names, NULL, NULL), CL_SUCCESS);
  CHECK_ERR(clCompileProgram(kp, 0, NULL, "-cl-kernel-arg-info", 2, hdrs, names, NULL, NULL),
            CL_SUCCESS);
  cl_program both[2] = {kp, fn};
  clLinkProgram(t->ctx, 0, NULL, "-enable-link-options", 2, both, NULL, NULL, &e);
  CHECK_ERR_POCL(e, CL_INVALID_LINKER_OPTIONS,
                 "PoCL accepts -enable-link-options without -create-library");
  cl_program exe = clLinkProgram(t->ctx, 0, NULL, "", 2, both, NULL, NULL, &e);
  CHECK_ERR(e, CL_SUCCESS);
  if (exe) {
    cl_kernel k = clCreateKernel(exe, "k", &e);
    CHECK_ERR(e, CL_SUCCESS);
    if (k) {
      cl_mem none = NULL;
      CHECK_ERR(clSetKernelArg(k, 1, sizeof none, &none), CL_SUCCESS);
      char buf[64] = "";
      CHECK_ERR_POCL(clGetKernelArgInfo(k, 1, CL_KERNEL_ARG_TYPE_NAME, sizeof buf, buf, NULL),
                     CL_SUCCESS, API_POCL_LINK_INFO);
      CHECK_POCL(!strcmp(buf, "myuint*"), API_POCL_LINK_INFO);
      cl_kernel_arg_type_qualifier q = 0;
      CHECK_ERR_POCL(clGetKernelArgInfo(k, 1, CL_KERNEL_ARG_TYPE_QUALIFIER, sizeof q, &q, NULL),
                     CL_SUCCESS, API_POCL_LINK_INFO);
      CHECK_POCL(q == (CL_KERNEL_ARG_TYPE_CONST | CL_KERNEL_ARG_TYPE_VOLATILE), API_POCL_LINK_INFO);
      CHECK_ERR_POCL(clGetKernelArgInfo(k, 0, CL_KERNEL_ARG_NAME, sizeof buf, buf, NULL),
                     CL_SUCCESS, API_POCL_LINK_INFO);
      CHECK_POCL(!strcmp(buf, "o"), API_POCL_LINK_INFO);
      cl_mem b = clCreateBuffer(t->ctx, CL_MEM_WRITE_ONLY, 4 * sizeof(cl_uint), NULL, &e);
      CHECK_ERR(clSetKernelArg(k, 0, sizeof b, &b), CL_SUCCESS);
      size_t g = 4;
      cl_uint out[4] = {0, 0, 0, 0};
      CHECK_ERR(clEnqueueNDRangeKernel(t->q, k, 1, NULL, &g, NULL, 0, NULL, NULL), CL_SUCCESS);
      CHECK_ERR(clEnqueueReadBuffer(t->q, b, CL_TRUE, 0, sizeof out, out, 0, NULL, NULL),
                CL_SUCCESS);
      CHECK(out[0] == 5 && out[3] == 8);
      clReleaseMemObject(b);
      clReleaseKernel(k);
    }
    clReleaseProgram(exe);
  }
  /* Built without -cl-kernel-arg-info: OpenCL 1.2 (5.7.3) makes all of the
   * argument info unavailable (2.0 keeps the address and access qualifiers). */
  cl_program plain = api_build(t, "__kernel void p(__global uint *o) { o[0] = 1u; }\n", "");
  if (plain) {
    cl_kernel k = clCreateKernel(plain, "p", &e);
    char buf[64];
    cl_kernel_arg_type_qualifier q = 0;
    cl_kernel_arg_address_qualifier aq = 0;
    cl_kernel_arg_access_qualifier acc = 0;
    CHECK_ERR(clGetKernelArgInfo(k, 0, CL_KERNEL_ARG_TYPE_NAME, sizeof buf, buf, NULL),
              CL_KERNEL_ARG_INFO_NOT_AVAILABLE);
    CHECK_ERR(clGetKernelArgInfo(k, 0, CL_KERNEL_ARG_TYPE_QUALIFIER, sizeof q, &q, NULL),
              CL_KERNEL_ARG_INFO_NOT_AVAILABLE);
    CHECK_ERR(clGetKernelArgInfo(k, 0, CL_KERNEL_ARG_NAME, sizeof buf, buf, NULL),
              CL_KERNEL_ARG_INFO_NOT_AVAILABLE);
    CHECK_ERR(clGetKernelArgInfo(k, 0, CL_KERNEL_ARG_ADDRESS_QUALIFIER, sizeof aq, &aq, NULL),
              CL_KERNEL_ARG_INFO_NOT_AVAILABLE);
    CHECK_ERR(clGetKernelArgInfo(k, 0, CL_KERNEL_ARG_ACCESS_QUALIFIER, sizeof acc, &acc, NULL),
              CL_KERNEL_ARG_INFO_NOT_AVAILABLE);
    clReleaseKernel(k);
    clReleaseProgram(plain);
  }
  clReleaseProgram(fn);
  clReleaseProgram(kp);
  clReleaseProgram(hdrs[0]);
  clReleaseProgram(hdrs[1]);
}

/* -I DIR, relative to the application's working directory (piglit passes
 * "-I ."), and -IDIR: #include "..." finds headers there (5.6.4.1). */
static void api_include_dirs(api *t) {
  mkdir("api_inc", 0755); /* under the test's working directory (ctest's) */
  FILE *f = fopen("api_inc/api_inc_test.h", "w");
  CHECK(f != NULL);
  if (!f) return;
  fputs("#define API_INC_VALUE 41u\n", f);
  fclose(f);
  static const char *src =
      "#include \"api_inc_test.h\"\n"
      "__kernel void k(__global uint *o) { o[get_global_id(0)] = API_INC_VALUE; }\n";
  static const char *opts[] = {"-I api_inc", "-Iapi_inc", "-I ./api_inc/"};
  for (size_t i = 0; i < sizeof opts / sizeof *opts; i++) {
    cl_program p = api_build(t, src, opts[i]);
    cl_uint out[4] = {0};
    if (p && !api_run_uint(t, p, "k", 4, out)) CHECK(out[3] == 41);
    if (p) clReleaseProgram(p);
  }
}

void api_program(api *t) {
  cl_int e;
  api_include_dirs(t);
  const char *srcs[2] = {api_src, NULL};
  clCreateProgramWithSource(t->ctx, 0, srcs, NULL, &e);
  CHECK_ERR(e, CL_INVALID_VALUE);
  CHECK_NOT_POCL((clCreateProgramWithSource(t->ctx, 1, NULL, NULL, &e), e), CL_INVALID_VALUE,
                 "PoCL dereferences a NULL strings array");
  CHECK_NOT_POCL((clCreateProgramWithSource(t->ctx, 2, srcs, NULL, &e), e), CL_INVALID_VALUE,
                 "PoCL dereferences a NULL entry of strings");
  CHECK_BAD((clCreateProgramWithSource(WRONG(cl_context, t->q), 1, srcs, NULL, &e), e),
            CL_INVALID_CONTEXT);

  /* Two strings with lengths: the second one's length 0 means NUL-terminated. */
  const char *parts[2] = {"__kernel void a(__global int *o) { o[0] = 1; }XXXX", "\n"};
  size_t lens[2] = {46, 0};
  cl_program p = clCreateProgramWithSource(t->ctx, 2, parts, lens, &e);
  CHECK_ERR(e, CL_SUCCESS);
  char text[128] = "";
  size_t sz = 0;
  CHECK_ERR(clGetProgramInfo(p, CL_PROGRAM_SOURCE, sizeof text, text, &sz), CL_SUCCESS);
  CHECK(sz == 48 && !strcmp(text, "__kernel void a(__global int *o) { o[0] = 1; }\n"));
  CHECK(api_status(t, p) == CL_BUILD_NONE);
  CHECK(api_bintype(t, p) == CL_PROGRAM_BINARY_TYPE_NONE);
  CHECK_ERR(clGetProgramInfo(p, CL_PROGRAM_NUM_KERNELS, sizeof sz, &sz, NULL),
            CL_INVALID_PROGRAM_EXECUTABLE);
  CHECK_ERR(clGetProgramInfo(p, CL_PROGRAM_KERNEL_NAMES, sizeof text, text, NULL),
            CL_INVALID_PROGRAM_EXECUTABLE);
  clCreateKernel(p, "a", &e);
  CHECK_ERR(e, CL_INVALID_PROGRAM_EXECUTABLE);
  cl_uint nk;
  CHECK_ERR(clCreateKernelsInProgram(p, 0, NULL, &nk), CL_INVALID_PROGRAM_EXECUTABLE);

  /* Build errors. */
  int notified = 0;
  CHECK_ERR(clBuildProgram(p, 1, NULL, NULL, NULL, NULL), CL_INVALID_VALUE);
  CHECK_ERR(clBuildProgram(p, 0, &t->dev, NULL, NULL, NULL), CL_INVALID_VALUE);
  CHECK_ERR(clBuildProgram(p, 0, NULL, NULL, NULL, &e), CL_INVALID_VALUE);
  cl_device_id wd = WRONG(cl_device_id, t->q);
  CHECK_BAD(clBuildProgram(p, 1, &wd, NULL, NULL, NULL), CL_INVALID_DEVICE);
  CHECK_BAD(clBuildProgram(WRONG(cl_program, t->q), 0, NULL, NULL, NULL, NULL), CL_INVALID_PROGRAM);
  CHECK_ERR(clBuildProgram(p, 0, NULL, "-cl-no-such-thing", NULL, NULL), CL_INVALID_BUILD_OPTIONS);
  CHECK_ERR(clBuildProgram(p, 1, &t->dev, "-cl-std=CL1.2", api_build_notify, &notified),
            CL_SUCCESS);
  CHECK(notified == 1);
  CHECK(api_status(t, p) == CL_BUILD_SUCCESS);
  CHECK(api_bintype(t, p) == CL_PROGRAM_BINARY_TYPE_EXECUTABLE);
  CHECK_ERR(clGetProgramBuildInfo(p, t->dev, CL_PROGRAM_BUILD_OPTIONS, sizeof text, text, NULL),
            CL_SUCCESS);
  CHECK(!strcmp(text, "-cl-std=CL1.2"));
  CHECK_BAD(clGetProgramBuildInfo(p, WRONG(cl_device_id, t->q), CL_PROGRAM_BUILD_STATUS,
                                  sizeof text, text, NULL),
            CL_INVALID_DEVICE);
  CHECK_ERR(clGetProgramBuildInfo(p, t->dev, 0x7fff, sizeof text, text, NULL), CL_INVALID_VALUE);
  CHECK_BAD(clGetProgramBuildInfo(WRONG(cl_program, t->q), t->dev, CL_PROGRAM_BUILD_STATUS,
                                  sizeof text, text, NULL),
            CL_INVALID_PROGRAM);
  size_t nks = 0;
  CHECK_ERR(clGetProgramInfo(p, CL_PROGRAM_NUM_KERNELS, sizeof nks, &nks, NULL), CL_SUCCESS);
  CHECK(nks == 1);
  CHECK_ERR(clGetProgramInfo(p, CL_PROGRAM_KERNEL_NAMES, sizeof text, text, NULL), CL_SUCCESS);
  CHECK(!strcmp(text, "a"));
  cl_uint nd = 0;
  CHECK_ERR(clGetProgramInfo(p, CL_PROGRAM_NUM_DEVICES, sizeof nd, &nd, NULL), CL_SUCCESS);
  CHECK(nd == 1);
  cl_device_id pd = NULL;
  CHECK_ERR(clGetProgramInfo(p, CL_PROGRAM_DEVICES, sizeof pd, &pd, NULL), CL_SUCCESS);
  CHECK(pd == t->dev);
  cl_context pc = NULL;
  CHECK_ERR(clGetProgramInfo(p, CL_PROGRAM_CONTEXT, sizeof pc, &pc, NULL), CL_SUCCESS);
  CHECK(pc == t->ctx);
  CHECK_ERR(clGetProgramInfo(p, 0x7fff, sizeof pc, &pc, NULL), CL_INVALID_VALUE);
  CHECK_ERR(clGetProgramInfo(p, CL_PROGRAM_CONTEXT, 1, &pc, NULL), CL_INVALID_VALUE);
  CHECK_ERR(clRetainProgram(p), CL_SUCCESS);
  cl_uint pr = 0;
  CHECK_ERR(clGetProgramInfo(p, CL_PROGRAM_REFERENCE_COUNT, sizeof pr, &pr, NULL), CL_SUCCESS);
  CHECK(pr == 2);
  CHECK_ERR(clReleaseProgram(p), CL_SUCCESS);
  CHECK_BAD(clRetainProgram(WRONG(cl_program, t->q)), CL_INVALID_PROGRAM);
  CHECK_BAD(clReleaseProgram(WRONG(cl_program, t->q)), CL_INVALID_PROGRAM);

  /* A kernel object attached: rebuilding is CL_INVALID_OPERATION. */
  cl_kernel k = clCreateKernel(p, "a", &e);
  CHECK_ERR(e, CL_SUCCESS);
  CHECK_ERR(clBuildProgram(p, 0, NULL, NULL, NULL, NULL), CL_INVALID_OPERATION);
  clReleaseKernel(k);

  /* Binaries. */
  cl_program b = api_roundtrip(t, p);
  if (b) {
    /* A binary holds no source to compile (5.6.3: CL_INVALID_OPERATION),
     * though ours carries it inside; it needs clBuildProgram before kernels
     * (5.6.2, 5.7.1; PoCL agrees). */
    CHECK_ERR(clCompileProgram(b, 0, NULL, NULL, 0, NULL, NULL, NULL, NULL), CL_INVALID_OPERATION);
    cl_kernel bk = clCreateKernel(b, "a", &e);
    CHECK_ERR(e, CL_INVALID_PROGRAM_EXECUTABLE);
    CHECK_ERR(clBuildProgram(b, 0, NULL, NULL, NULL, NULL), CL_SUCCESS);
    bk = clCreateKernel(b, "a", &e);
    CHECK_ERR(e, CL_SUCCESS);
    if (bk) clReleaseKernel(bk);
    clReleaseProgram(b);
  }
  size_t one = 4;
  const unsigned char *junk[1] = {(const unsigned char *)"junk"};
  cl_int bst = 0;
  clCreateProgramWithBinary(t->ctx, 1, &t->dev, &one, junk, &bst, &e);
  CHECK_ERR(e, CL_INVALID_BINARY);
  CHECK_ERR(bst, CL_INVALID_BINARY);
  clCreateProgramWithBinary(t->ctx, 0, &t->dev, &one, junk, NULL, &e);
  CHECK_ERR(e, CL_INVALID_VALUE);
  clCreateProgramWithBinary(t->ctx, 1, &t->dev, NULL, junk, NULL, &e);
  CHECK_ERR(e, CL_INVALID_VALUE);
  CHECK_NOT_POCL((clCreateProgramWithBinary(t->ctx, 1, &t->dev, &one, NULL, NULL, &e), e),
                 CL_INVALID_VALUE, "PoCL dereferences a NULL binaries array");
  size_t zero = 0;
  clCreateProgramWithBinary(t->ctx, 1, &t->dev, &zero, junk, NULL, &e);
  CHECK_ERR(e, CL_INVALID_VALUE);
  CHECK_BAD((clCreateProgramWithBinary(t->ctx, 1, &wd, &one, junk, NULL, &e), e),
            CL_INVALID_DEVICE);
  clReleaseProgram(p);

  /* A build error: log, status, and CL_BUILD_PROGRAM_FAILURE. */
  cl_program bad = api_source(t, "__kernel void b(__global int *o) { o[0] = undefined_name; }\n");
  CHECK_ERR(clBuildProgram(bad, 0, NULL, NULL, NULL, NULL), CL_BUILD_PROGRAM_FAILURE);
  CHECK(api_status(t, bad) == CL_BUILD_ERROR);
  char log[4096] = "";
  CHECK_ERR(clGetProgramBuildInfo(bad, t->dev, CL_PROGRAM_BUILD_LOG, sizeof log, log, NULL),
            CL_SUCCESS);
  CHECK(strstr(log, "undefined_name") != NULL);
  clReleaseProgram(bad);

  /* Every build option of the spec is accepted. */
  static const char *const opts[] = {
      "-D FOO=1 -DBAR -I.",
      "-cl-std=CL1.1",
      "-cl-opt-disable",
      "-cl-mad-enable",
      "-cl-no-signed-zeros",
      "-cl-unsafe-math-optimizations",
      "-cl-finite-math-only",
      "-cl-fast-relaxed-math",
      "-cl-denorms-are-zero",
      "-w",
      "-Werror",
      "-cl-kernel-arg-info",
      "-cl-single-precision-constant",
      "-cl-strict-aliasing",
      "-g",
  };
  for (size_t i = 0; i < sizeof opts / sizeof opts[0]; i++) {
    cl_program o = api_source(t, "__kernel void a(__global float *o) { o[0] = 1.0f; }\n");
    cl_int be = clBuildProgram(o, 0, NULL, opts[i], NULL, NULL);
    if (be != CL_SUCCESS) printf("option '%s':\n", opts[i]);
    CHECK_ERR(be, CL_SUCCESS);
    clReleaseProgram(o);
  }
  api_compile_link(t);
  api_link_more(t);
}

/* ---- kernels -------------------------------------------------------------- */

static void api_arg_info(api *t, cl_kernel k, cl_uint i, const char *type, const char *name,
                         cl_kernel_arg_address_qualifier aq, cl_kernel_arg_type_qualifier tq) {
  char buf[128] = "";
  CHECK_ERR(clGetKernelArgInfo(k, i, CL_KERNEL_ARG_TYPE_NAME, sizeof buf, buf, NULL), CL_SUCCESS);
  if (strcmp(buf, type)) printf("arg %u type name '%s', want '%s'\n", i, buf, type);
  CHECK(!strcmp(buf, type));
  CHECK_ERR(clGetKernelArgInfo(k, i, CL_KERNEL_ARG_NAME, sizeof buf, buf, NULL), CL_SUCCESS);
  CHECK(!strcmp(buf, name));
  cl_kernel_arg_address_qualifier a = 0;
  CHECK_ERR(clGetKernelArgInfo(k, i, CL_KERNEL_ARG_ADDRESS_QUALIFIER, sizeof a, &a, NULL),
            CL_SUCCESS);
  CHECK(a == aq);
  cl_kernel_arg_access_qualifier acc = 0;
  CHECK_ERR(clGetKernelArgInfo(k, i, CL_KERNEL_ARG_ACCESS_QUALIFIER, sizeof acc, &acc, NULL),
            CL_SUCCESS);
  CHECK(acc == CL_KERNEL_ARG_ACCESS_NONE);
  cl_kernel_arg_type_qualifier q = 99;
  CHECK_ERR(clGetKernelArgInfo(k, i, CL_KERNEL_ARG_TYPE_QUALIFIER, sizeof q, &q, NULL), CL_SUCCESS);
  if (q != tq)
    printf("arg %u type qualifier %#llx, want %#llx\n", i, (unsigned long long)q,
           (unsigned long long)tq);
  CHECK(q == tq);
}

/* CL_KERNEL_ATTRIBUTES: each attribute as written inside __attribute__((...)),
 * whitespace removed, several separated by a space (5.7.3). vec_type_hint
 * keeps the unsigned types, which SPIR-V's VecTypeHint cannot say (the
 * compiler takes them from clang's metadata: frontend/legal/legal_facts.c). */
static void api_kernel_attributes(api *t) {
  static const char *src =
      "__kernel __attribute__((work_group_size_hint(8, 4, 1))) void hint(__global int *o) {\n"
      "  o[0] = 1;\n"
      "}\n"
      "__kernel __attribute__((vec_type_hint(float4))) void vth(__global int *o) { o[0] = 2; }\n"
      "__kernel __attribute__((vec_type_hint(short2))) void vths(__global int *o) { o[0] = 3; }\n"
      "__kernel __attribute__((reqd_work_group_size(2, 1, 1)))\n"
      "__attribute__((vec_type_hint(long))) void both(__global int *o) { o[0] = 4; }\n"
      "__kernel void none(__global int *o) { o[0] = 5; }\n"
      "#define H(T, N) __kernel __attribute__((vec_type_hint(T))) void N(__global int *o) { *o = 6; }\n"
      "H(char2, c2) H(uchar2, uc2) H(short4, s4) H(ushort4, us4) H(int8, i8) H(uint8, ui8)\n"
      "H(long16, l16) H(ulong16, ul16) H(uint, ui) H(uchar, uc)\n"
      "#ifdef cl_khr_fp64\n"
      "#pragma OPENCL EXTENSION cl_khr_fp64 : enable\n"
      "H(double2, d2)\n"
      "#endif\n";
  static const struct {
    const char *kernel, *want[2];
  } cases[] = {
      {"hint", {"work_group_size_hint(8,4,1)"}},
      {"vth", {"vec_type_hint(float4)"}},
      {"vths", {"vec_type_hint(short2)"}},
      {"both", {"reqd_work_group_size(2,1,1)", "vec_type_hint(long)"}},
      {"none", {NULL}},
      {"c2", {"vec_type_hint(char2)"}},
      {"uc2", {"vec_type_hint(uchar2)"}},
      {"s4", {"vec_type_hint(short4)"}},
      {"us4", {"vec_type_hint(ushort4)"}},
      {"i8", {"vec_type_hint(int8)"}},
      {"ui8", {"vec_type_hint(uint8)"}},
      {"l16", {"vec_type_hint(long16)"}},
      {"ul16", {"vec_type_hint(ulong16)"}},
      {"ui", {"vec_type_hint(uint)"}},
      {"uc", {"vec_type_hint(uchar)"}},
      {"d2", {"vec_type_hint(double2)"}}, /* last: only with cl_khr_fp64 */
  };
  char ext[4096] = "";
  clGetDeviceInfo(t->dev, CL_DEVICE_EXTENSIONS, sizeof ext, ext, NULL);
  size_t ncases = sizeof cases / sizeof *cases - (strstr(ext, "cl_khr_fp64") ? 0 : 1);
  cl_program p = api_build(t, src, NULL);
  if (!p) return;
  for (size_t c = 0; c < ncases; c++) {
    cl_int e;
    cl_kernel k = clCreateKernel(p, cases[c].kernel, &e);
    CHECK_ERR(e, CL_SUCCESS);
    char buf[256] = "?";
    size_t sz = 0;
    CHECK_ERR(clGetKernelInfo(k, CL_KERNEL_ATTRIBUTES, sizeof buf, buf, &sz), CL_SUCCESS);
    CHECK(sz == strlen(buf) + 1);
    const char *const *w = cases[c].want;
    if (!w[0]) {
      CHECK(buf[0] == 0);
    } else if (!w[1]) {
      if (strcmp(buf, w[0]) && !t->pocl)
        printf("%s: CL_KERNEL_ATTRIBUTES '%s', want '%s'\n", cases[c].kernel, buf, w[0]);
      CHECK_POCL(strcmp(buf, w[0]) == 0, "PoCL reports no attributes in CL_KERNEL_ATTRIBUTES");
    } else { /* two attributes, in either order, one space between */
      char ab[256], ba[256];
      snprintf(ab, sizeof ab, "%s %s", w[0], w[1]);
      snprintf(ba, sizeof ba, "%s %s", w[1], w[0]);
      CHECK_POCL(strcmp(buf, ab) == 0 || strcmp(buf, ba) == 0,
                 "PoCL reports no attributes in CL_KERNEL_ATTRIBUTES");
    }
    clReleaseKernel(k);
  }
  clReleaseProgram(p);
}

/* A sampler_t argument builds; clSetKernelArg checks its size and sampler. */
static void api_sampler_arg(api *t) {
  static const char *src = "__kernel void s(__global int *o, sampler_t smp, int v) { o[0] = v; }\n";
  cl_program p = api_build(t, src, NULL);
  if (!p) return;
  cl_int e;
  cl_kernel k = clCreateKernel(p, "s", &e);
  CHECK_ERR(e, CL_SUCCESS);
  cl_uint na = 0;
  CHECK_ERR(clGetKernelInfo(k, CL_KERNEL_NUM_ARGS, sizeof na, &na, NULL), CL_SUCCESS);
  CHECK(na == 3);
  cl_sampler none = NULL;
  cl_int bad = clSetKernelArg(k, 1, sizeof none, &none);
  CHECK_POCL(bad == CL_INVALID_SAMPLER || bad == CL_INVALID_ARG_VALUE,
             "PoCL accepts a NULL cl_sampler");
  CHECK_ERR(clSetKernelArg(k, 1, sizeof none + 1, &none), CL_INVALID_ARG_SIZE);
  cl_sampler smp = clCreateSampler(t->ctx, CL_FALSE, CL_ADDRESS_CLAMP, CL_FILTER_NEAREST, &e);
  CHECK_ERR(e, CL_SUCCESS);
  CHECK_ERR(clSetKernelArg(k, 1, sizeof smp, &smp), CL_SUCCESS);
  CHECK_BAD(clSetKernelArg(k, 1, sizeof(cl_sampler), &t->q), CL_INVALID_SAMPLER);
  CHECK_ERR(clSetKernelArg(k, 1, sizeof smp, &smp), CL_SUCCESS);
  int v = 7;
  CHECK_ERR(clSetKernelArg(k, 2, sizeof v, &v), CL_SUCCESS);
  /* a kernel with a sampler argument runs */
  cl_mem o = clCreateBuffer(t->ctx, CL_MEM_READ_WRITE, sizeof(int), NULL, &e);
  CHECK_ERR(clSetKernelArg(k, 0, sizeof o, &o), CL_SUCCESS);
  size_t g = 1;
  CHECK_ERR(clEnqueueNDRangeKernel(t->q, k, 1, NULL, &g, NULL, 0, NULL, NULL), CL_SUCCESS);
  int r = 0;
  CHECK_ERR(clEnqueueReadBuffer(t->q, o, CL_TRUE, 0, sizeof r, &r, 0, NULL, NULL), CL_SUCCESS);
  CHECK(r == 7);
  clReleaseMemObject(o);
  if (smp) clReleaseSampler(smp);
  clReleaseKernel(k);
  clReleaseProgram(p);
}

/* Image arguments' info: type name, the global address space and the access
 * qualifier (read_only when none is written, 6.13.14). */
static void api_image_arg_info(api *t) {
  if (!api_dev_ulong(t, CL_DEVICE_IMAGE_SUPPORT, sizeof(cl_bool))) return;
  static const char *src =
      "#pragma OPENCL EXTENSION cl_khr_3d_image_writes : enable\n"
      "__kernel void im(read_only image2d_t a, write_only image3d_t b, image1d_buffer_t c,\n"
      "                 __read_only image2d_array_t d, sampler_t s, __global float4 *o) {\n"
      "  o[0] = read_imagef(a, s, (int2)(0, 0)) + read_imagef(c, 0) + read_imagef(d, s, (float4)(0));\n"
      "  write_imagef(b, (int4)(0), o[1]);\n"
      "}\n";
  cl_program p = api_build(t, src, "-cl-kernel-arg-info");
  if (!p) return;
  cl_int e;
  cl_kernel k = clCreateKernel(p, "im", &e);
  CHECK_ERR(e, CL_SUCCESS);
  static const char *const types[] = {"image2d_t", "image3d_t", "image1d_buffer_t", "image2d_array_t",
                                      "sampler_t", "float4*"};
  static const cl_kernel_arg_access_qualifier acc[] = {
      CL_KERNEL_ARG_ACCESS_READ_ONLY, CL_KERNEL_ARG_ACCESS_WRITE_ONLY, CL_KERNEL_ARG_ACCESS_READ_ONLY,
      CL_KERNEL_ARG_ACCESS_READ_ONLY, CL_KERNEL_ARG_ACCESS_NONE,       CL_KERNEL_ARG_ACCESS_NONE};
  for (cl_uint i = 0; k && i < 6; i++) {
    char buf[64] = "";
    CHECK_ERR(clGetKernelArgInfo(k, i, CL_KERNEL_ARG_TYPE_NAME, sizeof buf, buf, NULL), CL_SUCCESS);
    if (strcmp(buf, types[i])) printf("arg %u type name '%s', want '%s'\n", i, buf, types[i]);
    CHECK(!strcmp(buf, types[i]));
    cl_kernel_arg_access_qualifier a = 0;
    CHECK_ERR(clGetKernelArgInfo(k, i, CL_KERNEL_ARG_ACCESS_QUALIFIER, sizeof a, &a, NULL), CL_SUCCESS);
    if (a != acc[i]) printf("arg %u access qualifier %#x, want %#x\n", i, (unsigned)a, (unsigned)acc[i]);
    CHECK(a == acc[i]);
    if (i < 4) {
      cl_kernel_arg_address_qualifier q = 0;
      CHECK_ERR(clGetKernelArgInfo(k, i, CL_KERNEL_ARG_ADDRESS_QUALIFIER, sizeof q, &q, NULL), CL_SUCCESS);
      CHECK(q == CL_KERNEL_ARG_ADDRESS_GLOBAL);
    }
  }
  cl_kernel_arg_access_qualifier past = 0;
  CHECK_BAD(clGetKernelArgInfo(k, 6, CL_KERNEL_ARG_ACCESS_QUALIFIER, sizeof past, &past, NULL),
            CL_INVALID_ARG_INDEX);
  if (k) clReleaseKernel(k);
  clReleaseProgram(p);
}

/* Every __local variable and __local argument starts at a multiple of the
 * largest type's size (long16: 128 bytes), whatever its own type (6.2.5). */
static void api_local_alignment(api *t) {
  static const char *src =
      "__kernel void la(__global ulong *o, __local char *a, __local char *b) {\n"
      "  __local char c[3];\n"
      "  __local char d[200];\n"
      "  size_t i = get_local_id(0);\n"
      "  c[i % 3] = 1; d[i] = 2; a[i % 3] = 3; b[i] = 4;\n"
      "  barrier(CLK_LOCAL_MEM_FENCE);\n"
      "  if (i == 0) {\n"
      "    o[0] = (ulong)a; o[1] = (ulong)b; o[2] = (ulong)c; o[3] = (ulong)d;\n"
      "    o[4] = (ulong)(c[0] + d[1] + a[2] + b[3]);\n"
      "  }\n"
      "}\n";
  cl_program p = api_build(t, src, NULL);
  if (!p) return;
  cl_int e;
  cl_kernel k = clCreateKernel(p, "la", &e);
  CHECK_ERR(e, CL_SUCCESS);
  cl_mem o = clCreateBuffer(t->ctx, CL_MEM_READ_WRITE, 5 * sizeof(cl_ulong), NULL, &e);
  CHECK_ERR(clSetKernelArg(k, 0, sizeof o, &o), CL_SUCCESS);
  CHECK_ERR(clSetKernelArg(k, 1, 3, NULL), CL_SUCCESS);
  CHECK_ERR(clSetKernelArg(k, 2, 40, NULL), CL_SUCCESS);
  size_t g = 8, l = 8;
  CHECK_ERR(clEnqueueNDRangeKernel(t->q, k, 1, NULL, &g, &l, 0, NULL, NULL), CL_SUCCESS);
  cl_ulong r[5] = {1, 1, 1, 1, 0};
  CHECK_ERR(clEnqueueReadBuffer(t->q, o, CL_TRUE, 0, sizeof r, r, 0, NULL, NULL), CL_SUCCESS);
  for (int i = 0; i < 4; i++) CHECK(r[i] % 128 == 0);
  CHECK(r[4] == 10);
  /* The work-group's __local bytes: at least what it asked for. */
  cl_ulong lm = 0;
  CHECK_ERR(clGetKernelWorkGroupInfo(k, t->dev, CL_KERNEL_LOCAL_MEM_SIZE, sizeof lm, &lm, NULL),
            CL_SUCCESS);
  CHECK(lm >= 3 + 200 + 3 + 40);
  clReleaseMemObject(o);
  clReleaseKernel(k);
  clReleaseProgram(p);
}

void api_kernel(api *t) {
  cl_int e;
  api_kernel_attributes(t);
  api_sampler_arg(t);
  api_image_arg_info(t);
  api_local_alignment(t);
  cl_program p = api_build(t, api_src, "-cl-kernel-arg-info");
  if (!p) return;
  clCreateKernel(p, NULL, &e);
  CHECK_ERR(e, CL_INVALID_VALUE);
  clCreateKernel(p, "nosuch", &e);
  CHECK_ERR(e, CL_INVALID_KERNEL_NAME);
  CHECK_BAD((clCreateKernel(WRONG(cl_program, t->q), "add", &e), e), CL_INVALID_PROGRAM);
  cl_uint nk = 0;
  CHECK_ERR(clCreateKernelsInProgram(p, 0, NULL, &nk), CL_SUCCESS);
  CHECK(nk == 4);
  cl_kernel ks[4];
  CHECK_ERR(clCreateKernelsInProgram(p, 1, ks, NULL), CL_INVALID_VALUE);
  CHECK_ERR(clCreateKernelsInProgram(p, 4, ks, NULL), CL_SUCCESS);
  for (int i = 0; i < 4; i++) clReleaseKernel(ks[i]);

  cl_kernel k = clCreateKernel(p, "add", &e);
  CHECK_ERR(e, CL_SUCCESS);
  char buf[256];
  CHECK_ERR(clGetKernelInfo(k, CL_KERNEL_FUNCTION_NAME, sizeof buf, buf, NULL), CL_SUCCESS);
  CHECK(!strcmp(buf, "add"));
  cl_uint na = 0;
  CHECK_ERR(clGetKernelInfo(k, CL_KERNEL_NUM_ARGS, sizeof na, &na, NULL), CL_SUCCESS);
  CHECK(na == 3);
  cl_program kp = NULL;
  CHECK_ERR(clGetKernelInfo(k, CL_KERNEL_PROGRAM, sizeof kp, &kp, NULL), CL_SUCCESS);
  CHECK(kp == p);
  cl_context kc = NULL;
  CHECK_ERR(clGetKernelInfo(k, CL_KERNEL_CONTEXT, sizeof kc, &kc, NULL), CL_SUCCESS);
  CHECK(kc == t->ctx);
  CHECK_ERR(clRetainKernel(k), CL_SUCCESS);
  cl_uint kr = 0;
  CHECK_ERR(clGetKernelInfo(k, CL_KERNEL_REFERENCE_COUNT, sizeof kr, &kr, NULL), CL_SUCCESS);
  CHECK(kr == 2);
  CHECK_ERR(clReleaseKernel(k), CL_SUCCESS);
  CHECK_ERR(clGetKernelInfo(k, 0x7fff, sizeof kr, &kr, NULL), CL_INVALID_VALUE);
  CHECK_ERR(clGetKernelInfo(k, CL_KERNEL_FUNCTION_NAME, 2, buf, NULL), CL_INVALID_VALUE);
  CHECK_BAD(clGetKernelInfo(WRONG(cl_kernel, t->q), CL_KERNEL_NUM_ARGS, sizeof na, &na, NULL),
            CL_INVALID_KERNEL);
  CHECK_BAD(clRetainKernel(WRONG(cl_kernel, t->q)), CL_INVALID_KERNEL);
  CHECK_BAD(clReleaseKernel(WRONG(cl_kernel, t->q)), CL_INVALID_KERNEL);

  /* Arguments. */
  cl_mem m = clCreateBuffer(t->ctx, 0, 256, NULL, &e);
  cl_uint u = 3;
  CHECK_ERR(clSetKernelArg(k, 3, sizeof u, &u), CL_INVALID_ARG_INDEX);
  CHECK_ERR(clSetKernelArg(k, 2, 2, &u), CL_INVALID_ARG_SIZE);
  CHECK_ERR(clSetKernelArg(k, 2, sizeof u, NULL), CL_INVALID_ARG_VALUE);
  CHECK_ERR(clSetKernelArg(k, 0, 4, &m), CL_INVALID_ARG_SIZE);
  cl_mem notmem = WRONG(cl_mem, t->q);
  CHECK_BAD(clSetKernelArg(k, 0, sizeof notmem, &notmem), CL_INVALID_MEM_OBJECT);
  CHECK_BAD(clSetKernelArg(WRONG(cl_kernel, t->q), 0, sizeof m, &m), CL_INVALID_KERNEL);
  CHECK_ERR(clSetKernelArg(k, 0, sizeof m, &m), CL_SUCCESS);
  CHECK_ERR(clSetKernelArg(k, 1, sizeof(cl_mem), NULL), CL_SUCCESS); /* a NULL buffer */
  CHECK_ERR(clSetKernelArg(k, 2, sizeof u, &u), CL_SUCCESS);
  cl_kernel kl = clCreateKernel(p, "loc", &e);
  CHECK_ERR(clSetKernelArg(kl, 1, 16, &u), CL_INVALID_ARG_VALUE);
  CHECK_ERR(clSetKernelArg(kl, 1, 0, NULL), CL_INVALID_ARG_SIZE);
  CHECK_ERR(clSetKernelArg(kl, 1, 64, NULL), CL_SUCCESS);

  /* Work-group info. */
  size_t wg = 0, cwg[3] = {9, 9, 9};
  CHECK_ERR(clGetKernelWorkGroupInfo(k, t->dev, CL_KERNEL_WORK_GROUP_SIZE, sizeof wg, &wg, NULL),
            CL_SUCCESS);
  CHECK(wg >= 1 && wg <= api_dev_ulong(t, CL_DEVICE_MAX_WORK_GROUP_SIZE, sizeof(size_t)));
  CHECK_ERR(clGetKernelWorkGroupInfo(k, NULL, CL_KERNEL_WORK_GROUP_SIZE, sizeof wg, &wg, NULL),
            CL_SUCCESS); /* one device: NULL is allowed */
  CHECK_ERR(
      clGetKernelWorkGroupInfo(k, t->dev, CL_KERNEL_COMPILE_WORK_GROUP_SIZE, sizeof cwg, cwg, NULL),
      CL_SUCCESS);
  CHECK(cwg[0] == 0 && cwg[1] == 0 && cwg[2] == 0);
  cl_kernel kf = clCreateKernel(p, "fixed", &e);
  CHECK_ERR(clGetKernelWorkGroupInfo(kf, t->dev, CL_KERNEL_COMPILE_WORK_GROUP_SIZE, sizeof cwg, cwg,
                                     NULL),
            CL_SUCCESS);
  CHECK(cwg[0] == 4 && cwg[1] == 1 && cwg[2] == 1);
  CHECK_ERR(clGetKernelInfo(kf, CL_KERNEL_ATTRIBUTES, sizeof buf, buf, NULL), CL_SUCCESS);
  CHECK_POCL(strstr(buf, "reqd_work_group_size(4,1,1)") != NULL,
             "PoCL reports no attributes in CL_KERNEL_ATTRIBUTES");
  size_t pm = 0;
  CHECK_ERR(clGetKernelWorkGroupInfo(k, t->dev, CL_KERNEL_PREFERRED_WORK_GROUP_SIZE_MULTIPLE,
                                     sizeof pm, &pm, NULL),
            CL_SUCCESS);
  CHECK(pm >= 1);
  cl_ulong lm = 0;
  CHECK_ERR(clGetKernelWorkGroupInfo(kl, t->dev, CL_KERNEL_LOCAL_MEM_SIZE, sizeof lm, &lm, NULL),
            CL_SUCCESS);
  CHECK(lm >= 64);
  CHECK_ERR(clGetKernelWorkGroupInfo(k, t->dev, CL_KERNEL_PRIVATE_MEM_SIZE, sizeof lm, &lm, NULL),
            CL_SUCCESS);
  size_t gws[3];
  CHECK_ERR(clGetKernelWorkGroupInfo(k, t->dev, CL_KERNEL_GLOBAL_WORK_SIZE, sizeof gws, gws, NULL),
            CL_INVALID_VALUE); /* not a custom device nor a built-in kernel */
  CHECK_BAD(clGetKernelWorkGroupInfo(k, WRONG(cl_device_id, t->q), CL_KERNEL_WORK_GROUP_SIZE,
                                     sizeof wg, &wg, NULL),
            CL_INVALID_DEVICE);
  CHECK_ERR(clGetKernelWorkGroupInfo(k, t->dev, 0x7fff, sizeof wg, &wg, NULL), CL_INVALID_VALUE);
  CHECK_BAD(clGetKernelWorkGroupInfo(WRONG(cl_kernel, t->q), t->dev, CL_KERNEL_WORK_GROUP_SIZE,
                                     sizeof wg, &wg, NULL),
            CL_INVALID_KERNEL);

  /* Argument info (built with -cl-kernel-arg-info). */
  cl_kernel ki = clCreateKernel(p, "info", &e);
  CHECK_ERR(e, CL_SUCCESS);
  if (ki) {
    api_arg_info(t, ki, 0, "uint*", "a", CL_KERNEL_ARG_ADDRESS_GLOBAL, CL_KERNEL_ARG_TYPE_CONST);
    api_arg_info(t, ki, 1, "float*", "c", CL_KERNEL_ARG_ADDRESS_CONSTANT, CL_KERNEL_ARG_TYPE_CONST);
    api_arg_info(t, ki, 2, "uchar4*", "l", CL_KERNEL_ARG_ADDRESS_LOCAL, CL_KERNEL_ARG_TYPE_NONE);
    api_arg_info(t, ki, 3, "int*", "v", CL_KERNEL_ARG_ADDRESS_GLOBAL, CL_KERNEL_ARG_TYPE_VOLATILE);
    api_arg_info(t, ki, 4, "float*", "r", CL_KERNEL_ARG_ADDRESS_GLOBAL,
                 CL_KERNEL_ARG_TYPE_RESTRICT);
    api_arg_info(t, ki, 5, "int", "s", CL_KERNEL_ARG_ADDRESS_PRIVATE, CL_KERNEL_ARG_TYPE_NONE);
    api_arg_info(t, ki, 6, "float4", "f", CL_KERNEL_ARG_ADDRESS_PRIVATE, CL_KERNEL_ARG_TYPE_NONE);
    CHECK_ERR(clGetKernelArgInfo(ki, 7, CL_KERNEL_ARG_NAME, sizeof buf, buf, NULL),
              CL_INVALID_ARG_INDEX);
    CHECK_ERR(clGetKernelArgInfo(ki, 0, 0x7fff, sizeof buf, buf, NULL), CL_INVALID_VALUE);
    CHECK_ERR(clGetKernelArgInfo(ki, 0, CL_KERNEL_ARG_NAME, 1, buf, NULL), CL_INVALID_VALUE);
    clReleaseKernel(ki);
  }
  CHECK_BAD(
      clGetKernelArgInfo(WRONG(cl_kernel, t->q), 0, CL_KERNEL_ARG_NAME, sizeof buf, buf, NULL),
      CL_INVALID_KERNEL);
  clReleaseKernel(kf);
  clReleaseKernel(kl);
  clReleaseKernel(k);
  clReleaseMemObject(m);
  clReleaseProgram(p);
}

/* ---- launches ------------------------------------------------------------ */

typedef struct api_native_args {
  cl_uint *in;  /* replaced by the buffer's host pointer */
  cl_uint *out; /* likewise */
  cl_uint n, add;
} api_native_args;

static void CL_CALLBACK api_native(void *p) {
  api_native_args *a = p;
  for (cl_uint i = 0; i < a->n; i++) a->out[i] = a->in[i] + a->add;
}

static void api_native_kernels(api *t) {
  cl_int e;
  enum { N = 64 };
  cl_uint in[N], out[N];
  for (int i = 0; i < N; i++) in[i] = (cl_uint)i * 3u;
  cl_mem a = clCreateBuffer(t->ctx, CL_MEM_COPY_HOST_PTR, sizeof in, in, &e);
  cl_mem b = clCreateBuffer(t->ctx, 0, sizeof out, NULL, &e);
  api_native_args args = {(cl_uint *)(void *)a, (cl_uint *)(void *)b, N, 5};
  cl_mem mems[2] = {a, b};
  const void *locs[2] = {&args.in, &args.out};
  cl_device_exec_capabilities caps =
      (cl_device_exec_capabilities)api_dev_ulong(t, CL_DEVICE_EXECUTION_CAPABILITIES, sizeof caps);
  if (!(caps & CL_EXEC_NATIVE_KERNEL)) {
    CHECK_ERR(
        clEnqueueNativeKernel(t->q, api_native, &args, sizeof args, 2, mems, locs, 0, NULL, NULL),
        CL_INVALID_OPERATION);
  } else {
    CHECK_ERR(clEnqueueNativeKernel(t->q, NULL, &args, sizeof args, 2, mems, locs, 0, NULL, NULL),
              CL_INVALID_VALUE);
    CHECK_ERR(
        clEnqueueNativeKernel(t->q, api_native, NULL, sizeof args, 0, NULL, NULL, 0, NULL, NULL),
        CL_INVALID_VALUE);
    CHECK_ERR(clEnqueueNativeKernel(t->q, api_native, &args, 0, 2, mems, locs, 0, NULL, NULL),
              CL_INVALID_VALUE);
    CHECK_ERR(
        clEnqueueNativeKernel(t->q, api_native, &args, sizeof args, 2, NULL, locs, 0, NULL, NULL),
        CL_INVALID_VALUE);
    CHECK_ERR(
        clEnqueueNativeKernel(t->q, api_native, &args, sizeof args, 2, mems, NULL, 0, NULL, NULL),
        CL_INVALID_VALUE);
    CHECK_ERR(
        clEnqueueNativeKernel(t->q, api_native, &args, sizeof args, 0, mems, locs, 0, NULL, NULL),
        CL_INVALID_VALUE);
    cl_mem badm[2] = {a, WRONG(cl_mem, t->q)};
    CHECK_BAD(
        clEnqueueNativeKernel(t->q, api_native, &args, sizeof args, 2, badm, locs, 0, NULL, NULL),
        CL_INVALID_MEM_OBJECT);
    cl_event ev = NULL;
    CHECK_ERR(
        clEnqueueNativeKernel(t->q, api_native, &args, sizeof args, 2, mems, locs, 0, NULL, &ev),
        CL_SUCCESS);
    args.add = 1000; /* the args block was copied at enqueue */
    CHECK_ERR(clEnqueueReadBuffer(t->q, b, CL_TRUE, 0, sizeof out, out, 0, NULL, NULL), CL_SUCCESS);
    CHECK(out[0] == 5 && out[N - 1] == (N - 1) * 3u + 5);
    cl_command_type ct = 0;
    CHECK_ERR(clGetEventInfo(ev, CL_EVENT_COMMAND_TYPE, sizeof ct, &ct, NULL), CL_SUCCESS);
    CHECK(ct == CL_COMMAND_NATIVE_KERNEL);
    cl_int st = 1;
    CHECK_ERR(clGetEventInfo(ev, CL_EVENT_COMMAND_EXECUTION_STATUS, sizeof st, &st, NULL),
              CL_SUCCESS);
    CHECK(st == CL_COMPLETE);
    clReleaseEvent(ev);
  }
  clReleaseMemObject(a);
  clReleaseMemObject(b);
}

/* Work-item sizes for a dimension index known only at run time: 1 for an
 * index of 3 or more (OpenCL C 6.12.1); ids and offsets (0 there) are in the
 * corpus (workitem_dyndim.cl), where PoCL agrees. */
static void api_dyndim_sizes(api *t) {
  static const char *src =
      "__kernel void sz(__global ulong *o, uint d) {\n"
      "  o[0] = get_global_size(d); o[1] = get_local_size(d); o[2] = get_num_groups(d);\n"
      "  o[3] = get_global_size(d - 3); o[4] = get_local_size(d - 3);\n"
      "  o[5] = get_num_groups(d - 3);\n"
      "}\n";
  if (t->pocl) {
    api_diverge(t, __FILE__, __LINE__, "get_local_size(d)",
                "PoCL aborts on get_local_size of a run-time dimension (undefined symbol "
                "_local_size_x in the kernel binary)");
    return;
  }
  cl_program p = api_build(t, src, NULL);
  if (!p) return;
  cl_int e;
  cl_kernel k = clCreateKernel(p, "sz", &e);
  cl_mem o = clCreateBuffer(t->ctx, CL_MEM_READ_WRITE, 6 * sizeof(cl_ulong), NULL, &e);
  cl_uint d = 3;
  CHECK_ERR(clSetKernelArg(k, 0, sizeof o, &o), CL_SUCCESS);
  CHECK_ERR(clSetKernelArg(k, 1, sizeof d, &d), CL_SUCCESS);
  size_t g[3] = {2, 3, 4}, l[3] = {2, 3, 2};
  CHECK_ERR(clEnqueueNDRangeKernel(t->q, k, 3, NULL, g, l, 0, NULL, NULL), CL_SUCCESS);
  cl_ulong r[6] = {0};
  CHECK_ERR(clEnqueueReadBuffer(t->q, o, CL_TRUE, 0, sizeof r, r, 0, NULL, NULL), CL_SUCCESS);
  CHECK(r[3] == 2 && r[4] == 2 && r[5] == 1); /* dimension 0 */
  CHECK(r[0] == 1 && r[1] == 1 && r[2] == 1);
  clReleaseMemObject(o);
  clReleaseKernel(k);
  clReleaseProgram(p);
}

void api_launch(api *t) {
  cl_int e;
  api_dyndim_sizes(t);
  cl_program p = api_build(t, api_src, NULL);
  if (!p) return;
  enum { N = 256 };
  cl_uint in[N], out[N];
  for (int i = 0; i < N; i++) in[i] = (cl_uint)i;
  cl_mem a = clCreateBuffer(t->ctx, CL_MEM_COPY_HOST_PTR | CL_MEM_READ_ONLY, sizeof in, in, &e);
  cl_mem b = clCreateBuffer(t->ctx, 0, sizeof out, NULL, &e);
  cl_kernel k = clCreateKernel(p, "add", &e);
  size_t g = N, l = 64;
  CHECK_ERR(clEnqueueNDRangeKernel(t->q, k, 1, NULL, &g, &l, 0, NULL, NULL),
            CL_INVALID_KERNEL_ARGS);
  cl_uint add = 7;
  clSetKernelArg(k, 0, sizeof a, &a);
  clSetKernelArg(k, 1, sizeof b, &b);
  CHECK_ERR(clEnqueueNDRangeKernel(t->q, k, 1, NULL, &g, &l, 0, NULL, NULL),
            CL_INVALID_KERNEL_ARGS);
  clSetKernelArg(k, 2, sizeof add, &add);
  CHECK_ERR(clEnqueueNDRangeKernel(t->q, k, 0, NULL, &g, &l, 0, NULL, NULL),
            CL_INVALID_WORK_DIMENSION);
  CHECK_ERR(clEnqueueNDRangeKernel(t->q, k, 4, NULL, &g, &l, 0, NULL, NULL),
            CL_INVALID_WORK_DIMENSION);
  CHECK_NOT_POCL(clEnqueueNDRangeKernel(t->q, k, 1, NULL, NULL, &l, 0, NULL, NULL),
                 CL_INVALID_GLOBAL_WORK_SIZE, "PoCL enqueues a NULL global_work_size");
  size_t g0 = 0;
  CHECK_ERR_POCL(clEnqueueNDRangeKernel(t->q, k, 1, NULL, &g0, NULL, 0, NULL, NULL),
                 CL_INVALID_GLOBAL_WORK_SIZE,
                 "PoCL follows OpenCL 2.1+, where a zero global size is an empty launch");
  size_t huge_off = SIZE_MAX - 8;
  CHECK_NOT_POCL(clEnqueueNDRangeKernel(t->q, k, 1, &huge_off, &g, &l, 0, NULL, NULL),
                 CL_INVALID_GLOBAL_OFFSET,
                 "PoCL does not check offset + global size for overflow and runs the launch");
  size_t l3 = 3;
  CHECK_ERR(clEnqueueNDRangeKernel(t->q, k, 1, NULL, &g, &l3, 0, NULL, NULL),
            CL_INVALID_WORK_GROUP_SIZE); /* 256 is not a multiple of 3 */
  size_t kwg = 0;
  clGetKernelWorkGroupInfo(k, t->dev, CL_KERNEL_WORK_GROUP_SIZE, sizeof kwg, &kwg, NULL);
  size_t items[3] = {0, 0, 0};
  clGetDeviceInfo(t->dev, CL_DEVICE_MAX_WORK_ITEM_SIZES, sizeof items, items, NULL);
  size_t g2[2] = {kwg * 2, 2}, l2[2] = {kwg, 2};
  if (l2[0] <= items[0] && l2[1] <= items[1])
    CHECK_ERR(clEnqueueNDRangeKernel(t->q, k, 2, NULL, g2, l2, 0, NULL, NULL),
              CL_INVALID_WORK_GROUP_SIZE); /* kwg * 2 work-items */
  if (items[2] < kwg) {
    size_t g3[3] = {1, 1, items[2] + 1}, lz[3] = {1, 1, items[2] + 1};
    CHECK_ERR(clEnqueueNDRangeKernel(t->q, k, 3, NULL, g3, lz, 0, NULL, NULL),
              CL_INVALID_WORK_ITEM_SIZE);
  }
  CHECK_BAD(clEnqueueNDRangeKernel(WRONG(cl_command_queue, k), k, 1, NULL, &g, &l, 0, NULL, NULL),
            CL_INVALID_COMMAND_QUEUE);
  CHECK_BAD(clEnqueueNDRangeKernel(t->q, WRONG(cl_kernel, t->q), 1, NULL, &g, &l, 0, NULL, NULL),
            CL_INVALID_KERNEL);
  CHECK_NOT_POCL(clEnqueueNDRangeKernel(t->q, k, 1, NULL, &g, &l, 1, NULL, NULL),
                 CL_INVALID_EVENT_WAIT_LIST, "PoCL reads a NULL event_wait_list of length 1");

  /* Success, with an offset: b[i] = a[i] + 7 for i in [64, 256). */
  size_t off = 64, gs = N - 64;
  CHECK_ERR(clEnqueueFillBuffer(t->q, b, &add, sizeof add, 0, sizeof out, 0, NULL, NULL),
            CL_SUCCESS);
  cl_event ev;
  CHECK_ERR(clEnqueueNDRangeKernel(t->q, k, 1, &off, &gs, &l, 0, NULL, &ev), CL_SUCCESS);
  CHECK_ERR(clEnqueueReadBuffer(t->q, b, CL_TRUE, 0, sizeof out, out, 1, &ev, NULL), CL_SUCCESS);
  CHECK(out[0] == 7 && out[63] == 7 && out[64] == 71 && out[255] == 262);
  cl_command_type ct = 0;
  CHECK_ERR(clGetEventInfo(ev, CL_EVENT_COMMAND_TYPE, sizeof ct, &ct, NULL), CL_SUCCESS);
  CHECK(ct == CL_COMMAND_NDRANGE_KERNEL);
  clReleaseEvent(ev);
  /* No local size: the implementation picks one. */
  CHECK_ERR(clEnqueueNDRangeKernel(t->q, k, 1, NULL, &g, NULL, 0, NULL, NULL), CL_SUCCESS);
  CHECK_ERR(clEnqueueReadBuffer(t->q, b, CL_TRUE, 0, sizeof out, out, 0, NULL, NULL), CL_SUCCESS);
  CHECK(out[0] == 7 && out[255] == 262);

  /* A kernel of another context. */
  cl_context c2 = clCreateContext(NULL, 1, &t->dev, NULL, NULL, &e);
  cl_command_queue q2 = c2 ? clCreateCommandQueue(c2, t->dev, 0, &e) : NULL;
  if (q2) {
    CHECK_ERR(clEnqueueNDRangeKernel(q2, k, 1, NULL, &g, &l, 0, NULL, NULL), CL_INVALID_CONTEXT);
    clReleaseCommandQueue(q2);
  }
  if (c2) clReleaseContext(c2);

  /* reqd_work_group_size(4,1,1). */
  cl_kernel kf = clCreateKernel(p, "fixed", &e);
  clSetKernelArg(kf, 0, sizeof b, &b);
  size_t g8 = 8, l8 = 8, l4 = 4;
  CHECK_ERR(clEnqueueNDRangeKernel(t->q, kf, 1, NULL, &g8, &l8, 0, NULL, NULL),
            CL_INVALID_WORK_GROUP_SIZE);
  CHECK_ERR(clEnqueueNDRangeKernel(t->q, kf, 1, NULL, &g8, &l4, 0, NULL, NULL), CL_SUCCESS);
  /* 1.2: a NULL local size is an error for a kernel with reqd_work_group_size. */
  CHECK_ERR(clEnqueueNDRangeKernel(t->q, kf, 1, NULL, &g8, NULL, 0, NULL, NULL),
            CL_INVALID_WORK_GROUP_SIZE);
  CHECK_ERR(clEnqueueReadBuffer(t->q, b, CL_TRUE, 0, 8 * sizeof *out, out, 0, NULL, NULL),
            CL_SUCCESS);
  CHECK(out[0] == 4 && out[7] == 4);
  CHECK_ERR(clEnqueueTask(t->q, kf, 0, NULL, NULL), CL_INVALID_WORK_GROUP_SIZE);

  /* __local argument; clEnqueueTask runs one work-item. */
  cl_kernel kl = clCreateKernel(p, "loc", &e);
  clSetKernelArg(kl, 0, sizeof b, &b);
  CHECK_ERR(clEnqueueNDRangeKernel(t->q, kl, 1, NULL, &g8, &l4, 0, NULL, NULL),
            CL_INVALID_KERNEL_ARGS);
  clSetKernelArg(kl, 1, 4 * sizeof(cl_int), NULL);
  CHECK_ERR(clEnqueueNDRangeKernel(t->q, kl, 1, NULL, &g8, &l4, 0, NULL, NULL), CL_SUCCESS);
  CHECK_ERR(clEnqueueReadBuffer(t->q, b, CL_TRUE, 0, 8 * sizeof *out, out, 0, NULL, NULL),
            CL_SUCCESS);
  CHECK(out[0] == 1 && out[7] == 1);
  cl_uint zero = 0;
  clEnqueueFillBuffer(t->q, b, &zero, sizeof zero, 0, sizeof out, 0, NULL, NULL);
  CHECK_ERR(clEnqueueTask(t->q, kl, 0, NULL, &ev), CL_SUCCESS);
  CHECK_ERR(clEnqueueReadBuffer(t->q, b, CL_TRUE, 0, 2 * sizeof *out, out, 1, &ev, NULL),
            CL_SUCCESS);
  CHECK(out[0] == 1 && out[1] == 0);
  CHECK_ERR(clGetEventInfo(ev, CL_EVENT_COMMAND_TYPE, sizeof ct, &ct, NULL), CL_SUCCESS);
  CHECK_POCL(ct == CL_COMMAND_TASK, "PoCL reports clEnqueueTask as CL_COMMAND_NDRANGE_KERNEL");
  clReleaseEvent(ev);
  CHECK_BAD(clEnqueueTask(t->q, WRONG(cl_kernel, t->q), 0, NULL, NULL), CL_INVALID_KERNEL);

  api_native_kernels(t);
  CHECK_ERR(clFinish(t->q), CL_SUCCESS);
  clReleaseKernel(kl);
  clReleaseKernel(kf);
  clReleaseKernel(k);
  clReleaseMemObject(a);
  clReleaseMemObject(b);
  clReleaseProgram(p);
}
