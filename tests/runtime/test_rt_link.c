/* Separate compilation through the cl* API: clCompileProgram with embedded
 * headers, clLinkProgram of several objects and libraries, binaries of each
 * kind, and the -cl-kernel-arg-info argument queries with exact values. */
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "check_run.h"
#include "rt_test_util.h"

static cl_program src_prog(rt_env *e, const char *src) {
  cl_int err;
  cl_program p = clCreateProgramWithSource(e->ctx, 1, &src, NULL, &err);
  ck_assert_int_eq(err, CL_SUCCESS);
  return p;
}

static const char *build_log(rt_env *e, cl_program p) {
  static char log[8192];
  log[0] = 0;
  ck_assert_int_eq(clGetProgramBuildInfo(p, e->device, CL_PROGRAM_BUILD_LOG, sizeof log, log, NULL),
                   CL_SUCCESS);
  return log;
}

static cl_program_binary_type bintype(rt_env *e, cl_program p) {
  cl_program_binary_type t = 99;
  ck_assert_int_eq(clGetProgramBuildInfo(p, e->device, CL_PROGRAM_BINARY_TYPE, sizeof t, &t, NULL),
                   CL_SUCCESS);
  return t;
}

/* Runs kernel `name` (one __global uint* argument) over n items. */
static void run_uint(rt_env *e, cl_program p, const char *name, size_t n, cl_uint *out) {
  cl_int err;
  cl_kernel k = clCreateKernel(p, name, &err);
  ck_assert_int_eq(err, CL_SUCCESS);
  cl_mem m = clCreateBuffer(e->ctx, CL_MEM_WRITE_ONLY, n * sizeof *out, NULL, &err);
  ck_assert_int_eq(err, CL_SUCCESS);
  ck_assert_int_eq(clSetKernelArg(k, 0, sizeof m, &m), CL_SUCCESS);
  ck_assert_int_eq(clEnqueueNDRangeKernel(e->q, k, 1, NULL, &n, NULL, 0, NULL, NULL), CL_SUCCESS);
  ck_assert_int_eq(clEnqueueReadBuffer(e->q, m, CL_TRUE, 0, n * sizeof *out, out, 0, NULL, NULL),
                   CL_SUCCESS);
  clReleaseMemObject(m);
  clReleaseKernel(k);
}

/* A program's binary and a new program made from it. */
static cl_program roundtrip(rt_env *e, cl_program p) {
  size_t bs = 0;
  ck_assert_int_eq(clGetProgramInfo(p, CL_PROGRAM_BINARY_SIZES, sizeof bs, &bs, NULL), CL_SUCCESS);
  ck_assert_uint_gt(bs, 0);
  unsigned char *bin = malloc(bs);
  unsigned char *bins[1] = {bin};
  ck_assert_int_eq(clGetProgramInfo(p, CL_PROGRAM_BINARIES, sizeof bins, bins, NULL), CL_SUCCESS);
  cl_int err, bst = 1;
  const unsigned char *cb[1] = {bin};
  cl_program q = clCreateProgramWithBinary(e->ctx, 1, &e->device, &bs, cb, &bst, &err);
  ck_assert_int_eq(err, CL_SUCCESS);
  ck_assert_int_eq(bst, CL_SUCCESS);
  free(bin);
  return q;
}

static const char *defs_h = "#define SCALE 3u\n";
static const char *api_h = "#include \"inc/a/defs.h\"\nuint scale(uint x);\n";
static const char *lib_src = "#include \"api.h\"\nuint scale(uint x) { return SCALE * x; }\n";
static const char *main_src = "#include \"api.h\"\n"
                              "__kernel void k(__global uint *o) {\n"
                              "  uint i = (uint)get_global_id(0);\n"
                              "  o[i] = scale(i) + 1u;\n"
                              "}\n";

/* Compiles lib_src and main_src with the two headers (one in a subdirectory,
 * included from the other). */
static void compile_pair(rt_env *e, cl_program *lib, cl_program *kmain, const char *opts) {
  cl_program hdrs[2] = {src_prog(e, defs_h), src_prog(e, api_h)};
  const char *names[2] = {"inc/a/defs.h", "api.h"};
  *lib = src_prog(e, lib_src);
  *kmain = src_prog(e, main_src);
  ck_assert_int_eq(clCompileProgram(*lib, 0, NULL, opts, 2, hdrs, names, NULL, NULL), CL_SUCCESS);
  ck_assert_int_eq(clCompileProgram(*kmain, 1, &e->device, opts, 2, hdrs, names, NULL, NULL),
                   CL_SUCCESS);
  clReleaseProgram(hdrs[0]);
  clReleaseProgram(hdrs[1]);
}

START_TEST(compile_headers_and_link) {
  rt_test_env();
  rt_env e;
  rt_env_open(&e, 0);
  ck_assert_uint_eq(rt_dev_uint(e.device, CL_DEVICE_LINKER_AVAILABLE), CL_TRUE);
  cl_program lib, kmain;
  compile_pair(&e, &lib, &kmain, "");
  ck_assert_int_eq(bintype(&e, lib), CL_PROGRAM_BINARY_TYPE_COMPILED_OBJECT);
  cl_build_status st;
  ck_assert_int_eq(
      clGetProgramBuildInfo(kmain, e.device, CL_PROGRAM_BUILD_STATUS, sizeof st, &st, NULL),
      CL_SUCCESS);
  ck_assert_int_eq(st, CL_BUILD_SUCCESS);
  cl_int err;
  ck_assert_ptr_null(clCreateKernel(kmain, "k", &err));
  ck_assert_int_eq(err, CL_INVALID_PROGRAM_EXECUTABLE);
  cl_program both[2] = {kmain, lib};
  cl_program exe = clLinkProgram(e.ctx, 0, NULL, NULL, 2, both, NULL, NULL, &err);
  ck_assert_int_eq(err, CL_SUCCESS);
  ck_assert_int_eq(bintype(&e, exe), CL_PROGRAM_BINARY_TYPE_EXECUTABLE);
  char names[64];
  ck_assert_int_eq(clGetProgramInfo(exe, CL_PROGRAM_KERNEL_NAMES, sizeof names, names, NULL),
                   CL_SUCCESS);
  ck_assert_str_eq(names, "k");
  cl_uint out[16];
  run_uint(&e, exe, "k", 16, out);
  for (cl_uint i = 0; i < 16; i++) ck_assert_uint_eq(out[i], 3 * i + 1);
  clReleaseProgram(exe);
  clReleaseProgram(lib);
  clReleaseProgram(kmain);
  rt_env_close(&e);
}
END_TEST

START_TEST(compile_errors) {
  rt_test_env();
  rt_env e;
  rt_env_open(&e, 0);
  cl_program hdr = src_prog(&e, defs_h);
  cl_program p = src_prog(&e, "#include \"defs.h\"\nuint f(void) { return SCALE; }\n");
  const char *bad_name[1] = {"../defs.h"};
  ck_assert_int_eq(clCompileProgram(p, 0, NULL, "-bogus", 1, &hdr, bad_name, NULL, NULL),
                   CL_INVALID_COMPILER_OPTIONS);
  ck_assert_pstr_eq(build_log(&e, p),
                    "error: unknown build option '-bogus' (supported: -D, -I, -cl-std=, -w, "
                    "-Werror, -cl-opt-disable and the OpenCL 1.2 -cl-* options)\n");
  ck_assert_int_eq(clCompileProgram(p, 0, NULL, "", 1, &hdr, bad_name, NULL, NULL),
                   CL_COMPILE_PROGRAM_FAILURE);
  ck_assert_pstr_eq(build_log(&e, p),
                    "error: embedded header name '../defs.h' is not a relative path inside the "
                    "include directory (no leading '/', no '.' or '..' parts)\n");
  ck_assert_int_eq(clCompileProgram(p, 0, NULL, "", 0, NULL, NULL, NULL, NULL),
                   CL_COMPILE_PROGRAM_FAILURE);
  ck_assert_ptr_nonnull(
      strstr(build_log(&e, p), "input.cl:1:10: fatal error: 'defs.h' file not found"));
  ck_assert_int_eq(bintype(&e, p), CL_PROGRAM_BINARY_TYPE_NONE);
  const char *good_name[1] = {"defs.h"};
  ck_assert_int_eq(clCompileProgram(p, 0, NULL, "", 1, &hdr, good_name, NULL, NULL), CL_SUCCESS);
  ck_assert_int_eq(bintype(&e, p), CL_PROGRAM_BINARY_TYPE_COMPILED_OBJECT);
  /* Headers must be programs with source; only source programs compile. */
  ck_assert_int_eq(clCompileProgram(p, 0, NULL, "", 1, (cl_program *)&e.q, good_name, NULL, NULL),
                   CL_INVALID_PROGRAM);
  cl_program lib2 = clLinkProgram(e.ctx, 0, NULL, "-create-library", 1, &p, NULL, NULL, NULL);
  ck_assert_ptr_nonnull(lib2);
  ck_assert_int_eq(clCompileProgram(lib2, 0, NULL, "", 0, NULL, NULL, NULL, NULL),
                   CL_INVALID_OPERATION);
  clReleaseProgram(lib2);
  clReleaseProgram(p);
  clReleaseProgram(hdr);
  rt_env_close(&e);
}
END_TEST

START_TEST(link_errors) {
  rt_test_env();
  rt_env e;
  rt_env_open(&e, 0);
  cl_program lib, kmain;
  compile_pair(&e, &lib, &kmain, "");
  cl_program both[2] = {kmain, lib};
  cl_int err;
  ck_assert_ptr_null(clLinkProgram(e.ctx, 0, NULL, "-bogus", 2, both, NULL, NULL, &err));
  ck_assert_int_eq(err, CL_INVALID_LINKER_OPTIONS);
  ck_assert_ptr_null(
      clLinkProgram(e.ctx, 0, NULL, "-enable-link-options", 2, both, NULL, NULL, &err));
  ck_assert_int_eq(err, CL_INVALID_LINKER_OPTIONS);
  ck_assert_ptr_null(clLinkProgram(e.ctx, 0, NULL, "-cl-opt-disable", 2, both, NULL, NULL, &err));
  ck_assert_int_eq(err, CL_INVALID_LINKER_OPTIONS);
  /* An executable built from source is not a link input. */
  cl_program built = rt_build(&e, rt_src_vadd);
  cl_program mixed[2] = {kmain, built};
  ck_assert_ptr_null(clLinkProgram(e.ctx, 0, NULL, "", 2, mixed, NULL, NULL, &err));
  ck_assert_int_eq(err, CL_INVALID_OPERATION);
  /* The kernel alone: scale() is never defined. */
  cl_program lone = clLinkProgram(e.ctx, 0, NULL, "", 1, &kmain, NULL, NULL, &err);
  ck_assert_int_eq(err, CL_LINK_PROGRAM_FAILURE);
  ck_assert_ptr_nonnull(lone);
  cl_build_status st;
  ck_assert_int_eq(
      clGetProgramBuildInfo(lone, e.device, CL_PROGRAM_BUILD_STATUS, sizeof st, &st, NULL),
      CL_SUCCESS);
  ck_assert_int_eq(st, CL_BUILD_ERROR);
  ck_assert_msg(strstr(build_log(&e, lone),
                       "input.cl:4: error: call to undefined function 'scale' (an OpenCL builtin "
                       "we do not implement, or a function declared but never defined)") != NULL,
                "log: %s", build_log(&e, lone));
  clReleaseProgram(lone);
  /* A symbol defined twice. */
  cl_program lib_b = src_prog(&e, "uint scale(uint x) { return x; }\n");
  ck_assert_int_eq(clCompileProgram(lib_b, 0, NULL, "", 0, NULL, NULL, NULL, NULL), CL_SUCCESS);
  cl_program dup[3] = {kmain, lib, lib_b};
  cl_program twice = clLinkProgram(e.ctx, 0, NULL, "", 3, dup, NULL, NULL, &err);
  ck_assert_int_eq(err, CL_LINK_PROGRAM_FAILURE);
  ck_assert_msg(strstr(build_log(&e, twice),
                       "error: Linking globals named 'scale': symbol multiply defined!") != NULL,
                "log: %s", build_log(&e, twice));
  ck_assert_msg(strstr(build_log(&e, twice), "error: linking the programs failed (llvm-link "
                                             "exit 1; the messages above name the symbol)\n"),
                "log: %s", build_log(&e, twice));
  clReleaseProgram(twice);
  clReleaseProgram(lib_b);
  clReleaseProgram(built);
  clReleaseProgram(lib);
  clReleaseProgram(kmain);
  rt_env_close(&e);
}
END_TEST

/* llvm-link is looked for next to opt unless WAVESIM_LLVM_LINK names it. */
START_TEST(missing_linker) {
  rt_test_env();
  setenv("WAVESIM_LLVM_LINK", "/nonexistent/llvm-link-14", 1);
  rt_env e;
  rt_env_open(&e, 0);
  cl_program lib, kmain;
  compile_pair(&e, &lib, &kmain, "");
  cl_program both[2] = {kmain, lib};
  cl_int err;
  cl_program exe = clLinkProgram(e.ctx, 0, NULL, "", 2, both, NULL, NULL, &err);
  ck_assert_int_eq(err, CL_LINK_PROGRAM_FAILURE);
  ck_assert_str_eq(build_log(&e, exe),
                   "error: llvm-link not found or not executable at '/nonexistent/llvm-link-14' "
                   "(install it or set WAVESIM_LLVM_LINK to its path)\n");
  clReleaseProgram(exe);
  clReleaseProgram(lib);
  clReleaseProgram(kmain);
  rt_env_close(&e);
}
END_TEST

START_TEST(libraries_and_binaries) {
  rt_test_env();
  rt_env e;
  rt_env_open(&e, 0);
  cl_program lib, kmain;
  compile_pair(&e, &lib, &kmain, "");
  cl_int err;
  cl_program library =
      clLinkProgram(e.ctx, 0, NULL, "-create-library -enable-link-options -cl-no-signed-zeros", 1,
                    &lib, NULL, NULL, &err);
  ck_assert_int_eq(err, CL_SUCCESS);
  ck_assert_int_eq(bintype(&e, library), CL_PROGRAM_BINARY_TYPE_LIBRARY);
  size_t nk;
  ck_assert_int_eq(clGetProgramInfo(library, CL_PROGRAM_NUM_KERNELS, sizeof nk, &nk, NULL),
                   CL_INVALID_PROGRAM_EXECUTABLE);
  /* Object and library through binaries, then linked. */
  cl_program lib_bin = roundtrip(&e, library);
  cl_program obj_bin = roundtrip(&e, kmain);
  ck_assert_int_eq(bintype(&e, lib_bin), CL_PROGRAM_BINARY_TYPE_LIBRARY);
  ck_assert_int_eq(bintype(&e, obj_bin), CL_PROGRAM_BINARY_TYPE_COMPILED_OBJECT);
  cl_program pair[2] = {obj_bin, lib_bin};
  cl_program exe =
      clLinkProgram(e.ctx, 0, NULL, "-cl-fast-relaxed-math", 2, pair, NULL, NULL, &err);
  ck_assert_int_eq(err, CL_SUCCESS);
  cl_uint out[8];
  run_uint(&e, exe, "k", 8, out);
  ck_assert_uint_eq(out[7], 22);
  /* The linked executable through a binary: built again, same results. */
  cl_program exe_bin = roundtrip(&e, exe);
  ck_assert_int_eq(bintype(&e, exe_bin), CL_PROGRAM_BINARY_TYPE_EXECUTABLE);
  ck_assert_ptr_null(clCreateKernel(exe_bin, "k", &err));
  ck_assert_int_eq(err, CL_INVALID_PROGRAM_EXECUTABLE);
  ck_assert_int_eq(clBuildProgram(exe_bin, 0, NULL, NULL, NULL, NULL), CL_SUCCESS);
  run_uint(&e, exe_bin, "k", 8, out);
  ck_assert_uint_eq(out[5], 16);
  /* A corrupt bitcode binary kind. */
  static const char bad[] = "wavesim-program-bitcode 1\nx0\nBC";
  const unsigned char *bb[1] = {(const unsigned char *)bad};
  size_t bl = sizeof bad - 1;
  cl_int bst = 0;
  ck_assert_ptr_null(clCreateProgramWithBinary(e.ctx, 1, &e.device, &bl, bb, &bst, &err));
  ck_assert_int_eq(err, CL_INVALID_BINARY);
  ck_assert_int_eq(bst, CL_INVALID_BINARY);
  clReleaseProgram(exe_bin);
  clReleaseProgram(exe);
  clReleaseProgram(obj_bin);
  clReleaseProgram(lib_bin);
  clReleaseProgram(library);
  clReleaseProgram(lib);
  clReleaseProgram(kmain);
  rt_env_close(&e);
}
END_TEST

static const char *info_src =
    "typedef float myfloat;\n"
    "__kernel void info(__global const uint *a, __constant float *c, __local uchar4 *l,\n"
    "                   volatile __global int *v, __global float *restrict r, int s,\n"
    "                   float4 f, myfloat g, const volatile __global ulong *cv) {\n"
    "  if (s < 0) r[0] = c[0] + f.x + (float)a[0] + (float)l[0].x + (float)v[0] + g +\n"
    "                    (float)cv[0];\n"
    "}\n";

static void check_info(cl_program p) {
  static const char *const types[] = {"uint*", "float*", "uchar4*", "int*",  "float*",
                                      "int",   "float4", "myfloat", "ulong*"};
  static const char *const names[] = {"a", "c", "l", "v", "r", "s", "f", "g", "cv"};
  static const cl_kernel_arg_type_qualifier quals[] = {CL_KERNEL_ARG_TYPE_CONST,
                                                       CL_KERNEL_ARG_TYPE_CONST,
                                                       CL_KERNEL_ARG_TYPE_NONE,
                                                       CL_KERNEL_ARG_TYPE_VOLATILE,
                                                       CL_KERNEL_ARG_TYPE_RESTRICT,
                                                       CL_KERNEL_ARG_TYPE_NONE,
                                                       CL_KERNEL_ARG_TYPE_NONE,
                                                       CL_KERNEL_ARG_TYPE_NONE,
                                                       CL_KERNEL_ARG_TYPE_CONST |
                                                           CL_KERNEL_ARG_TYPE_VOLATILE};
  static const cl_kernel_arg_address_qualifier aqs[] = {
      CL_KERNEL_ARG_ADDRESS_GLOBAL,  CL_KERNEL_ARG_ADDRESS_CONSTANT, CL_KERNEL_ARG_ADDRESS_LOCAL,
      CL_KERNEL_ARG_ADDRESS_GLOBAL,  CL_KERNEL_ARG_ADDRESS_GLOBAL,   CL_KERNEL_ARG_ADDRESS_PRIVATE,
      CL_KERNEL_ARG_ADDRESS_PRIVATE, CL_KERNEL_ARG_ADDRESS_PRIVATE,  CL_KERNEL_ARG_ADDRESS_GLOBAL};
  cl_int err;
  cl_kernel k = clCreateKernel(p, "info", &err);
  ck_assert_int_eq(err, CL_SUCCESS);
  for (cl_uint i = 0; i < 9; i++) {
    char buf[64];
    ck_assert_int_eq(clGetKernelArgInfo(k, i, CL_KERNEL_ARG_TYPE_NAME, sizeof buf, buf, NULL),
                     CL_SUCCESS);
    ck_assert_str_eq(buf, types[i]);
    ck_assert_int_eq(clGetKernelArgInfo(k, i, CL_KERNEL_ARG_NAME, sizeof buf, buf, NULL),
                     CL_SUCCESS);
    ck_assert_str_eq(buf, names[i]);
    cl_kernel_arg_type_qualifier q = 99;
    ck_assert_int_eq(clGetKernelArgInfo(k, i, CL_KERNEL_ARG_TYPE_QUALIFIER, sizeof q, &q, NULL),
                     CL_SUCCESS);
    ck_assert_uint_eq(q, quals[i]);
    cl_kernel_arg_address_qualifier aq = 0;
    ck_assert_int_eq(
        clGetKernelArgInfo(k, i, CL_KERNEL_ARG_ADDRESS_QUALIFIER, sizeof aq, &aq, NULL),
        CL_SUCCESS);
    ck_assert_uint_eq(aq, aqs[i]);
    cl_kernel_arg_access_qualifier acc = 0;
    ck_assert_int_eq(
        clGetKernelArgInfo(k, i, CL_KERNEL_ARG_ACCESS_QUALIFIER, sizeof acc, &acc, NULL),
        CL_SUCCESS);
    ck_assert_uint_eq(acc, CL_KERNEL_ARG_ACCESS_NONE);
  }
  clReleaseKernel(k);
}

/* Counts the files of the compile cache directory (at any depth); with
 * `remove` deletes them and the directories too. */
static int count_files(const char *dir, int remove) {
  DIR *d = opendir(dir);
  if (!d) return 0;
  int n = 0;
  struct dirent *de;
  while ((de = readdir(d))) {
    if (de->d_name[0] == '.') continue;
    char sub[512];
    snprintf(sub, sizeof sub, "%s/%s", dir, de->d_name);
    DIR *s = opendir(sub);
    if (s) {
      closedir(s);
      n += count_files(sub, remove);
    } else {
      n++;
      if (remove) unlink(sub);
    }
  }
  closedir(d);
  if (remove) rmdir(dir);
  return n;
}

START_TEST(arg_info_exact) {
  rt_test_env();
  char cache[] = "/tmp/wavesim-rt-link-cache-XXXXXX";
  ck_assert_ptr_nonnull(mkdtemp(cache));
  setenv("WAVESIM_CACHE_DIR", cache, 1);
  unsetenv("WAVESIM_CACHE");
  rt_env e;
  rt_env_open(&e, 0);
  cl_int err;
  /* Built from source: compiled, then answered from the compile cache. */
  for (int round = 0; round < 2; round++) {
    cl_program p = src_prog(&e, info_src);
    ck_assert_int_eq(clBuildProgram(p, 0, NULL, "-cl-kernel-arg-info", NULL, NULL), CL_SUCCESS);
    check_info(p);
    if (round == 0) ck_assert_int_gt(count_files(cache, 0), 0);
    /* A binary keeps the option, so the info survives it. */
    cl_program b = roundtrip(&e, p);
    ck_assert_int_eq(clBuildProgram(b, 0, NULL, NULL, NULL, NULL), CL_SUCCESS);
    check_info(b);
    clReleaseProgram(b);
    clReleaseProgram(p);
  }
  /* Compiled with the option, then linked; and the linked binary. */
  cl_program obj = src_prog(&e, info_src);
  ck_assert_int_eq(clCompileProgram(obj, 0, NULL, "-cl-kernel-arg-info", 0, NULL, NULL, NULL, NULL),
                   CL_SUCCESS);
  cl_program obj2 = roundtrip(&e, obj);
  cl_program exe = clLinkProgram(e.ctx, 0, NULL, "", 1, &obj2, NULL, NULL, &err);
  ck_assert_int_eq(err, CL_SUCCESS);
  check_info(exe);
  cl_program exe2 = roundtrip(&e, exe);
  ck_assert_int_eq(clBuildProgram(exe2, 0, NULL, NULL, NULL, NULL), CL_SUCCESS);
  check_info(exe2);
  /* Without the option: OpenCL 1.2 makes all argument info unavailable. */
  cl_program plain = src_prog(&e, info_src);
  ck_assert_int_eq(clCompileProgram(plain, 0, NULL, "", 0, NULL, NULL, NULL, NULL), CL_SUCCESS);
  cl_program plain_exe = clLinkProgram(e.ctx, 0, NULL, "", 1, &plain, NULL, NULL, &err);
  ck_assert_int_eq(err, CL_SUCCESS);
  cl_kernel k = clCreateKernel(plain_exe, "info", &err);
  char buf[64];
  ck_assert_int_eq(clGetKernelArgInfo(k, 0, CL_KERNEL_ARG_TYPE_NAME, sizeof buf, buf, NULL),
                   CL_KERNEL_ARG_INFO_NOT_AVAILABLE);
  ck_assert_int_eq(clGetKernelArgInfo(k, 0, CL_KERNEL_ARG_NAME, sizeof buf, buf, NULL),
                   CL_KERNEL_ARG_INFO_NOT_AVAILABLE);
  cl_kernel_arg_address_qualifier aq = 0;
  ck_assert_int_eq(clGetKernelArgInfo(k, 1, CL_KERNEL_ARG_ADDRESS_QUALIFIER, sizeof aq, &aq, NULL),
                   CL_KERNEL_ARG_INFO_NOT_AVAILABLE);
  cl_kernel_arg_type_qualifier tq = 0;
  ck_assert_int_eq(clGetKernelArgInfo(k, 1, CL_KERNEL_ARG_TYPE_QUALIFIER, sizeof tq, &tq, NULL),
                   CL_KERNEL_ARG_INFO_NOT_AVAILABLE);
  clReleaseKernel(k);
  clReleaseProgram(plain_exe);
  clReleaseProgram(plain);
  clReleaseProgram(exe2);
  clReleaseProgram(exe);
  clReleaseProgram(obj2);
  clReleaseProgram(obj);
  rt_env_close(&e);
  count_files(cache, 1);
}
END_TEST

int main(void) {
  Suite *s = suite_create("rt_link");
  TCase *tc = tcase_create("core");
  tcase_set_timeout(tc, 120);
  tcase_add_test(tc, compile_headers_and_link);
  tcase_add_test(tc, compile_errors);
  tcase_add_test(tc, link_errors);
  tcase_add_test(tc, missing_linker);
  tcase_add_test(tc, libraries_and_binaries);
  tcase_add_test(tc, arg_info_exact);
  suite_add_tcase(s, tc);
  return check_run(s);
}
