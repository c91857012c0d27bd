/* SPIR-V programs from producers other than wavesim's own pipeline, through
 * clCreateProgramWithIL: hand-written assembly (tests/api/il/NAME.spvasm,
 * assembled with spirv-as at build time: a kernel without llvm-spirv's
 * wrapper, OpenCL.std extended instructions, structured and unstructured
 * control flow, specialization constants, SPIR-V 1.0 decoration groups, the 1.1-1.4
 * instructions llvm-spirv 14 never writes) and clang + llvm-spirv
 * output at -O0 and -O2 (il/clang_kernel.cl). Every result is checked against the host's; every bad
 * input (bad magic, truncated module, a version past 1.5, an unsupported capability, a module the
 * validator rejects, an unknown SpecId, a wrong spec constant size) against its error code and
 * message. usage: il_program PLATFORM-NAME-SUBSTRING DIR (DIR holds the .spv files); exit 0 when
 * every check passes, 1 otherwise (each failure printed). */
#define CL_TARGET_OPENCL_VERSION 220
#include <CL/cl.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define N 64 /* work-items of each run */

typedef struct t_env {
  cl_context ctx;
  cl_device_id dev;
  cl_command_queue q;
  const char *dir;
  int checks, failures;
} t_env;

#define CHECK(e, cond, ...)                                                                        \
  do {                                                                                             \
    (e)->checks++;                                                                                 \
    if (!(cond)) {                                                                                 \
      (e)->failures++;                                                                             \
      fprintf(stderr, "il_program:%d: FAIL: ", __LINE__);                                          \
      fprintf(stderr, __VA_ARGS__);                                                                \
      fputc('\n', stderr);                                                                         \
    }                                                                                              \
  } while (0)

/* DIR/name's bytes (malloc'd, *len), or NULL (reported). */
static uint32_t *load(t_env *e, const char *name, size_t *len) {
  char path[1024];
  snprintf(path, sizeof path, "%s/%s", e->dir, name);
  FILE *f = fopen(path, "rb");
  uint32_t *w = NULL;
  long n = -1;
  if (f && !fseek(f, 0, SEEK_END) && (n = ftell(f)) > 0 && !fseek(f, 0, SEEK_SET) &&
      (w = malloc((size_t)n)) && fread(w, 1, (size_t)n, f) != (size_t)n) {
    free(w);
    w = NULL;
  }
  if (f) fclose(f);
  CHECK(e, w, "cannot read %s", path);
  *len = w ? (size_t)n : 0;
  return w;
}

/* The program of `len` bytes of il, built: its status into *st, the build
 * log (malloc'd) into *log; NULL when clCreateProgramWithIL fails. */
static cl_program build(t_env *e, const void *il, size_t len, cl_int *st, char **log) {
  cl_int err;
  *log = NULL;
  cl_program p = clCreateProgramWithIL(e->ctx, il, len, &err);
  CHECK(e, p && err == CL_SUCCESS, "clCreateProgramWithIL: %d", err);
  if (!p) return NULL;
  *st = clBuildProgram(p, 1, &e->dev, "", NULL, NULL);
  size_t n = 0;
  clGetProgramBuildInfo(p, e->dev, CL_PROGRAM_BUILD_LOG, 0, NULL, &n);
  *log = calloc(n + 1, 1);
  if (*log) clGetProgramBuildInfo(p, e->dev, CL_PROGRAM_BUILD_LOG, n, *log, NULL);
  return p;
}

/* Kernel `name` of p run over N work-items with args (buffers of bytes[k]
 * bytes initialised from data[k], or a by-value scalar when bytes[k] is 0
 * and size[k] its size), the buffers read back into data[k]. */
static void run(t_env *e, cl_program p, const char *name, unsigned nargs, void **data,
                const size_t *bytes, const size_t *size) {
  cl_int err;
  cl_kernel k = clCreateKernel(p, name, &err);
  CHECK(e, k, "clCreateKernel(%s): %d", name, err);
  if (!k) return;
  cl_mem m[8] = {0};
  for (unsigned a = 0; a < nargs; a++) {
    if (bytes[a]) {
      m[a] =
          clCreateBuffer(e->ctx, CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR, bytes[a], data[a], &err);
      CHECK(e, m[a], "clCreateBuffer: %d", err);
      err = clSetKernelArg(k, a, sizeof m[a], &m[a]);
    } else
      err = clSetKernelArg(k, a, size[a], data[a]);
    CHECK(e, err == CL_SUCCESS, "clSetKernelArg(%s, %u): %d", name, a, err);
  }
  size_t global = N;
  err = clEnqueueNDRangeKernel(e->q, k, 1, NULL, &global, NULL, 0, NULL, NULL);
  CHECK(e, err == CL_SUCCESS, "clEnqueueNDRangeKernel(%s): %d", name, err);
  for (unsigned a = 0; a < nargs; a++)
    if (m[a]) {
      err = clEnqueueReadBuffer(e->q, m[a], CL_TRUE, 0, bytes[a], data[a], 0, NULL, NULL);
      CHECK(e, err == CL_SUCCESS, "clEnqueueReadBuffer: %d", err);
      clReleaseMemObject(m[a]);
    }
  clReleaseKernel(k);
}

/* One module of DIR: built, then (when it builds) its kernels run and
 * their results checked by `check`; `file` names it in every message. */
typedef void il_check(t_env *e, cl_program p, const char *file);

static void run_module(t_env *e, const char *file, il_check *check) {
  size_t len;
  uint32_t *w = load(e, file, &len);
  cl_int st;
  char *log;
  cl_program p = w ? build(e, w, len, &st, &log) : NULL;
  free(w);
  if (!p) return;
  CHECK(e, st == CL_SUCCESS, "%s: build %d: %s", file, st, log ? log : "");
  if (st == CL_SUCCESS) check(e, p, file);
  free(log);
  clReleaseProgram(p);
}

static uint32_t fbits(float f) {
  uint32_t b;
  memcpy(&b, &f, sizeof b);
  return b;
}

/* vadd.spv's kernel run and its sums checked; `what` names the module. */
static void check_vadd(t_env *e, cl_program p, const char *what) {
  float a[N], b[N], c[N];
  for (int i = 0; i < N; i++) a[i] = 0.5f * (float)i, b[i] = 3.0f - (float)i, c[i] = -1.0f;
  void *data[] = {a, b, c};
  size_t bytes[] = {sizeof a, sizeof b, sizeof c}, size[3] = {0};
  run(e, p, "vadd", 3, data, bytes, size);
  for (int i = 0; i < N; i++)
    CHECK(e, c[i] == a[i] + b[i], "%s: vadd[%d] = %g, want %g", what, i, c[i], a[i] + b[i]);
}

/* vadd.spvasm with its version word set to 1.0 .. 1.5 (each builds and
 * adds) and 1.6 (refused, saying which versions it takes), and written
 * big-endian (read all the same); CL_PROGRAM_IL
 * gives back the module's bytes, and nothing for a source program. */
static void t_versions(t_env *e) {
  size_t len;
  uint32_t *w = load(e, "vadd.spv", &len);
  if (!w) return;
  for (unsigned minor = 0; minor <= 6; minor++) {
    w[1] = 0x00010000u | minor << 8;
    cl_int st;
    char *log;
    cl_program p = build(e, w, len, &st, &log);
    if (!p) continue;
    if (minor == 6) {
      CHECK(e, st == CL_BUILD_PROGRAM_FAILURE, "SPIR-V 1.6 built (%d)", st);
      CHECK(e,
            log && strstr(log, "unsupported SPIR-V version 1.6 (version word 0x00010600): this "
                               "device takes SPIR-V 1.0 to 1.5"),
            "SPIR-V 1.6 log: %s", log ? log : "");
    } else {
      char what[16];
      snprintf(what, sizeof what, "SPIR-V 1.%u", minor);
      CHECK(e, st == CL_SUCCESS, "%s: build %d: %s", what, st, log ? log : "");
      if (st == CL_SUCCESS) check_vadd(e, p, what);
      size_t n = 0;
      CHECK(e, clGetProgramInfo(p, CL_PROGRAM_IL, 0, NULL, &n) == CL_SUCCESS && n == len,
            "CL_PROGRAM_IL size %zu, want %zu", n, len);
      uint32_t *back = malloc(len);
      CHECK(e,
            back && clGetProgramInfo(p, CL_PROGRAM_IL, len, back, NULL) == CL_SUCCESS &&
                !memcmp(back, w, len),
            "CL_PROGRAM_IL differs from the module given");
      free(back);
    }
    free(log);
    clReleaseProgram(p);
  }
  /* the same module written big-endian (SPIR-V allows either order) */
  w[1] = 0x00010000u;
  for (size_t k = 0; k < len / 4; k++)
    w[k] = (w[k] >> 24) | ((w[k] >> 8) & 0xFF00u) | ((w[k] << 8) & 0xFF0000u) | (w[k] << 24);
  cl_int bst;
  char *blog;
  cl_program bp = build(e, w, len, &bst, &blog);
  if (bp) {
    CHECK(e, bst == CL_SUCCESS, "big-endian module: build %d: %s", bst, blog ? blog : "");
    if (bst == CL_SUCCESS) check_vadd(e, bp, "big-endian module");
    free(blog);
    clReleaseProgram(bp);
  }
  free(w);
  const char *src = "kernel void k(global int *o) { o[0] = 1; }";
  cl_int err;
  cl_program p = clCreateProgramWithSource(e->ctx, 1, &src, NULL, &err);
  size_t n = 99;
  CHECK(e, p && clGetProgramInfo(p, CL_PROGRAM_IL, 0, NULL, &n) == CL_SUCCESS && n == 0,
        "CL_PROGRAM_IL of a source program: size %zu, want 0", n);
  uint32_t v = 0;
  CHECK(e, p && clSetProgramSpecializationConstant(p, 1, 4, &v) == CL_INVALID_PROGRAM,
        "clSetProgramSpecializationConstant on a source program is not CL_INVALID_PROGRAM");
  if (p) clReleaseProgram(p);
}

/* extinst.spvasm: OpenCL.std's sqrt, fabs, fmax, fma, fmin, s_abs, s_min. */
static void t_extinst(t_env *e, cl_program p, const char *file) {
  float x[N], out[4 * N];
  int32_t n[N], iout[2 * N];
  for (int i = 0; i < N; i++) {
    int k = i % 13;
    x[i] = (float)(k * k) * (i & 1 ? -1.0f : 1.0f) + (i % 5 == 0 ? 0.5f : 0.0f);
    n[i] = (i - N / 2) * 3;
  }
  void *data[] = {x, out, n, iout};
  size_t bytes[] = {sizeof x, sizeof out, sizeof n, sizeof iout}, size[4] = {0};
  run(e, p, "ext", 4, data, bytes, size);
  for (int i = 0; i < N; i++) {
    float want[4] = {sqrtf(fabsf(x[i])), fmaxf(x[i], 1.5f), fmaf(x[i], 2.0f, 0.25f),
                     fminf(x[i], -2.0f)};
    for (int j = 0; j < 4; j++)
      CHECK(e, fbits(out[4 * i + j]) == fbits(want[j]), "%s: out[%d] = %a, want %a (x %a)", file,
            4 * i + j, out[4 * i + j], want[j], x[i]);
    int32_t ia = n[i] < 0 ? -n[i] : n[i], im = n[i] < 7 ? n[i] : 7;
    CHECK(e, iout[2 * i] == ia && iout[2 * i + 1] == im, "%s: n %d: s_abs %d s_min %d", file, n[i],
          iout[2 * i], iout[2 * i + 1]);
  }
}

/* float nearest to v rounded towards +inf (the host rounds to nearest) */
static float to_float_rtp(int32_t v) {
  float f = (float)v;
  return (double)f < (double)v ? nextafterf(f, INFINITY) : f;
}

/* decogroup.spvasm: decorations reaching their targets through
 * OpDecorationGroup / OpGroupDecorate / OpGroupMemberDecorate. */
static void t_decogroup(t_env *e, cl_program p, const char *file) {
  int32_t out[4 * N], v[N], s[2] = {7, 1000};
  int64_t l[N];
  for (int i = 0; i < N; i++) {
    v[i] = 16777217 + 5 * i * (i & 1 ? -1 : 1) * 1000;
    l[i] = i % 3 == 0 ? 5000000000LL * (i & 1 ? -1 : 1) : (int64_t)i * 1000003 - 7;
  }
  void *data[] = {out, v, l, s};
  size_t bytes[] = {sizeof out, sizeof v, sizeof l, sizeof s}, size[4] = {0};
  run(e, p, "dg", 4, data, bytes, size);
  for (int i = 0; i < N; i++) {
    int64_t sat = l[i] > INT32_MAX ? INT32_MAX : l[i] < INT32_MIN ? INT32_MIN : l[i];
    uint32_t want[4] = {fbits(to_float_rtp(v[i])), fbits(to_float_rtp(-v[i])), (uint32_t)sat,
                        (uint32_t)(1000 + i)};
    for (int j = 0; j < 4; j++)
      CHECK(e, (uint32_t)out[4 * i + j] == want[j], "%s: out[%d] = %#x, want %#x", file, 4 * i + j,
            (uint32_t)out[4 * i + j], want[j]);
  }
}

/* spv14.spvasm's kernels in program p (built, or compiled and linked:
 * `how` says which in messages) run and checked against the module's
 * header, LocalSizeId as the kernel's reqd_work_group_size. */
static void check_spv14(t_env *e, cl_program p, const char *how) {
  uint32_t out[8 * N] = {0}, in[N];
  for (int i = 0; i < N; i++) in[i] = (uint32_t)(i * 37 % 211);
  void *data[] = {out, in};
  size_t bytes[] = {sizeof out, sizeof in}, size[2] = {0};
  run(e, p, "t", 2, data, bytes, size);
  for (int i = 0; i < N; i++) {
    uint32_t x = in[i],
             want[8] = {1, i != 0, (uint32_t)i, 4 + 16, x + 7, x < 100 ? x : 5, 3 * x, x};
    for (int j = 0; j < 8; j++)
      CHECK(e, out[8 * i + j] == want[j], "spv14 (%s): out[%d] = %u, want %u", how, 8 * i + j,
            out[8 * i + j], want[j]);
  }
  cl_int err;
  cl_kernel k = clCreateKernel(p, "sized", &err);
  size_t reqd[3] = {0, 0, 0};
  if (k)
    clGetKernelWorkGroupInfo(k, e->dev, CL_KERNEL_COMPILE_WORK_GROUP_SIZE, sizeof reqd, reqd, NULL);
  CHECK(e, reqd[0] == 8 && reqd[1] == 2 && reqd[2] == 1,
        "spv14 (%s): LocalSizeId gave reqd_work_group_size (%zu,%zu,%zu), want (8,2,1)", how,
        reqd[0], reqd[1], reqd[2]);
  if (k) clReleaseKernel(k);
}

/* vadd.spv (kernel "vadd") built with `options`: the status, or -1 when
 * clCreateProgramWithIL fails; *pp the program (caller releases). */
static cl_int build_opts(t_env *e, const uint32_t *w, size_t len, const char *options,
                         cl_program *pp) {
  cl_int err;
  *pp = clCreateProgramWithIL(e->ctx, w, len, &err);
  CHECK(e, *pp && err == CL_SUCCESS, "clCreateProgramWithIL: %d", err);
  return *pp ? clBuildProgram(*pp, 1, &e->dev, options, NULL, NULL) : -1;
}

/* clBuildProgram's options on a SPIR-V program, as for source: an unknown
 * one is CL_INVALID_BUILD_OPTIONS, -cl-uniform-work-group-size refuses a
 * non-uniform launch, the others build; argument info stays unavailable
 * (OpenCL 3.0: only source programs built with -cl-kernel-arg-info). */
static void t_options(t_env *e) {
  size_t len;
  uint32_t *w = load(e, "vadd.spv", &len);
  if (!w) return;
  static const struct {
    const char *opts;
    cl_int build, nonuniform; /* clBuildProgram's status; a 100/64 launch's */
  } cases[] = {
      {"", CL_SUCCESS, CL_SUCCESS},
      {"-cl-uniform-work-group-size", CL_SUCCESS, CL_INVALID_WORK_GROUP_SIZE},
      {"-cl-std=CL3.0 -cl-uniform-work-group-size -cl-mad-enable", CL_SUCCESS,
       CL_INVALID_WORK_GROUP_SIZE},
      {"-cl-opt-disable -cl-kernel-arg-info -D N=4 -DM -I /tmp -cl-std=CL3.0 -w", CL_SUCCESS,
       CL_SUCCESS},
      {"-D -cl-uniform-work-group-size", CL_SUCCESS, CL_SUCCESS}, /* a macro's name */
      {"-cl-no-such-option", CL_INVALID_BUILD_OPTIONS, 0},
      {"-cl-std=CL9.9", CL_INVALID_BUILD_OPTIONS, 0},
  };
  cl_int err;
  cl_mem m = clCreateBuffer(e->ctx, CL_MEM_READ_WRITE, 128 * sizeof(float), NULL, &err);
  for (size_t c = 0; c < sizeof cases / sizeof cases[0]; c++) {
    cl_program p;
    cl_int st = build_opts(e, w, len, cases[c].opts, &p);
    CHECK(e, st == cases[c].build, "options '%s': clBuildProgram %d, want %d", cases[c].opts, st,
          cases[c].build);
    if (st == CL_INVALID_BUILD_OPTIONS) {
      char log[1024] = "";
      clGetProgramBuildInfo(p, e->dev, CL_PROGRAM_BUILD_LOG, sizeof log, log, NULL);
      const char *word = strchr(cases[c].opts, ' ') ? NULL : cases[c].opts;
      CHECK(e, word && strstr(log, word), "options '%s': the log names it: %s", cases[c].opts, log);
    }
    cl_kernel k = st == CL_SUCCESS ? clCreateKernel(p, "vadd", &err) : NULL;
    if (k) {
      for (cl_uint a = 0; a < 3; a++) clSetKernelArg(k, a, sizeof m, &m);
      size_t g = 100, l = 64, gu = 128;
      err = clEnqueueNDRangeKernel(e->q, k, 1, NULL, &g, &l, 0, NULL, NULL);
      CHECK(e, err == cases[c].nonuniform, "options '%s': a 100/64 launch %d, want %d",
            cases[c].opts, err, cases[c].nonuniform);
      err = clEnqueueNDRangeKernel(e->q, k, 1, NULL, &gu, &l, 0, NULL, NULL);
      CHECK(e, err == CL_SUCCESS, "options '%s': a 128/64 launch %d", cases[c].opts, err);
      char name[64];
      err = clGetKernelArgInfo(k, 0, CL_KERNEL_ARG_NAME, sizeof name, name, NULL);
      CHECK(e, err == CL_KERNEL_ARG_INFO_NOT_AVAILABLE, "options '%s': arg info %d", cases[c].opts,
            err);
      clReleaseKernel(k);
    }
    if (p) clReleaseProgram(p);
  }
  CHECK(e, clFinish(e->q) == CL_SUCCESS, "clFinish");
  clReleaseMemObject(m);
  free(w);
}

/* clCompileProgram on SPIR-V programs (OpenCL 3.0): vadd.spv compiled to an
 * object, linked with a source program's object, both kernels run and
 * checked; a bad option is CL_INVALID_COMPILER_OPTIONS;
 * -cl-uniform-work-group-size reaches the linked kernel; spv14.spv (SPIR-V
 * 1.4, which llvm-spirv 14 cannot translate back to LLVM: the object stays
 * SPIR-V) compiled, linked alone and checked as t_spv14 checks it built. */
static void t_compile_link(t_env *e) {
  size_t len, len14;
  uint32_t *w = load(e, "vadd.spv", &len), *w14 = load(e, "spv14.spv", &len14);
  cl_int err;
  cl_program il = w ? clCreateProgramWithIL(e->ctx, w, len, &err) : NULL;
  cl_program il14 = w14 ? clCreateProgramWithIL(e->ctx, w14, len14, &err) : NULL;
  static const char *src = "__kernel void twice(__global float *a) {\n"
                           "  a[get_global_id(0)] *= 2.0f;\n"
                           "}\n";
  cl_program cs = clCreateProgramWithSource(e->ctx, 1, &src, NULL, &err);
  if (!il || !il14 || !cs) {
    CHECK(e, 0, "clCreateProgramWith*: %d", err);
    goto out;
  }
  err = clCompileProgram(il, 1, &e->dev, "-cl-no-such-option", 0, NULL, NULL, NULL, NULL);
  CHECK(e, err == CL_INVALID_COMPILER_OPTIONS, "compile with a bad option: %d", err);
  err = clCompileProgram(il, 1, &e->dev, "", 0, NULL, NULL, NULL, NULL);
  CHECK(e, err == CL_SUCCESS, "clCompileProgram(vadd.spv): %d", err);
  cl_program_binary_type bt = 0;
  clGetProgramBuildInfo(il, e->dev, CL_PROGRAM_BINARY_TYPE, sizeof bt, &bt, NULL);
  CHECK(e, bt == CL_PROGRAM_BINARY_TYPE_COMPILED_OBJECT, "vadd.spv compiled: binary type %u",
        (unsigned)bt);
  CHECK(e, clCompileProgram(cs, 1, &e->dev, "", 0, NULL, NULL, NULL, NULL) == CL_SUCCESS,
        "clCompileProgram(source)");
  cl_program objs[2] = {il, cs};
  cl_program exe = clLinkProgram(e->ctx, 1, &e->dev, "", 2, objs, NULL, NULL, &err);
  CHECK(e, exe && err == CL_SUCCESS, "clLinkProgram(vadd.spv, source): %d", err);
  if (exe) {
    float a[N], b[N], c[N];
    for (int i = 0; i < N; i++) a[i] = (float)i * 0.5f, b[i] = (float)(N - i), c[i] = 0;
    void *data[] = {a, b, c};
    size_t bytes[] = {sizeof a, sizeof b, sizeof c}, size[3] = {0};
    run(e, exe, "vadd", 3, data, bytes, size);
    run(e, exe, "twice", 1, data + 2, bytes + 2, size);
    for (int i = 0; i < N; i++)
      CHECK(e, c[i] == 2.0f * ((float)i * 0.5f + (float)(N - i)), "linked: c[%d] = %g", i,
            (double)c[i]);
    clReleaseProgram(exe);
  }
  /* -cl-uniform-work-group-size reaches the linked kernels, whatever their
   * names: vadd.spv's, and its copy with the kernel named "v+dd" (a name LLVM
   * IR quotes); without it a non-uniform launch runs */
  uint32_t *wq = malloc(len);
  cl_program ilq = NULL;
  if (wq) {
    memcpy(wq, w, len);
    char *at = (char *)wq, *end = at + len - 5;
    for (; at <= end; at++)
      if (!memcmp(at, "vadd", 5)) memcpy(at, "v+dd", 4);
    ilq = clCreateProgramWithIL(e->ctx, wq, len, &err);
  }
  CHECK(e, ilq, "clCreateProgramWithIL(v+dd): %d", err);
  static const char *const uopts[] = {"-cl-uniform-work-group-size", ""};
  for (int q = 0; q < 2 && ilq; q++)
    for (int u = 0; u < 2; u++) {
      cl_program obj = q ? ilq : il;
      const char *kn = q ? "v+dd" : "vadd";
      err = clCompileProgram(obj, 1, &e->dev, uopts[u], 0, NULL, NULL, NULL, NULL);
      CHECK(e, err == CL_SUCCESS, "clCompileProgram(%s, '%s'): %d", kn, uopts[u], err);
      cl_program ux = clLinkProgram(e->ctx, 1, &e->dev, "", 1, &obj, NULL, NULL, &err);
      cl_kernel k = ux ? clCreateKernel(ux, kn, &err) : NULL;
      CHECK(e, k != NULL, "linked %s ('%s'): %d", kn, uopts[u], err);
      if (k) {
        cl_mem m = clCreateBuffer(e->ctx, CL_MEM_READ_WRITE, 128 * sizeof(float), NULL, &err);
        for (cl_uint a = 0; a < 3; a++) clSetKernelArg(k, a, sizeof m, &m);
        size_t g = 100, l = 64, gu = 128;
        err = clEnqueueNDRangeKernel(e->q, k, 1, NULL, &g, &l, 0, NULL, NULL);
        CHECK(e, err == (u == 0 ? CL_INVALID_WORK_GROUP_SIZE : CL_SUCCESS),
              "linked %s ('%s'): a 100/64 launch %d", kn, uopts[u], err);
        err = clEnqueueNDRangeKernel(e->q, k, 1, NULL, &gu, &l, 0, NULL, NULL);
        CHECK(e, err == CL_SUCCESS, "linked %s ('%s'): a 128/64 launch %d", kn, uopts[u], err);
        clFinish(e->q);
        clReleaseMemObject(m);
        clReleaseKernel(k);
      }
      if (ux) clReleaseProgram(ux);
    }
  if (ilq) clReleaseProgram(ilq);
  free(wq);
  err = clCompileProgram(il14, 1, &e->dev, "", 0, NULL, NULL, NULL, NULL);
  char log[4096] = "";
  clGetProgramBuildInfo(il14, e->dev, CL_PROGRAM_BUILD_LOG, sizeof log, log, NULL);
  CHECK(e, err == CL_SUCCESS, "clCompileProgram(spv14.spv): %d: %s", err, log);
  cl_program x14 = clLinkProgram(e->ctx, 1, &e->dev, "", 1, &il14, NULL, NULL, &err);
  log[0] = 0;
  if (x14) clGetProgramBuildInfo(x14, e->dev, CL_PROGRAM_BUILD_LOG, sizeof log, log, NULL);
  CHECK(e, x14 && err == CL_SUCCESS, "clLinkProgram(spv14.spv): %d: %s", err, log);
  if (x14 && err == CL_SUCCESS) check_spv14(e, x14, "compiled and linked");
  if (x14) clReleaseProgram(x14);
out:
  if (il) clReleaseProgram(il);
  if (il14) clReleaseProgram(il14);
  if (cs) clReleaseProgram(cs);
  free(w);
  free(w14);
}

/* The program of il file `file`, compiled (NULL, reported, on failure). */
static cl_program compile_il(t_env *e, const char *file) {
  size_t len;
  uint32_t *w = load(e, file, &len);
  cl_int err;
  cl_program p = w ? clCreateProgramWithIL(e->ctx, w, len, &err) : NULL;
  free(w);
  if (!p) return NULL;
  err = clCompileProgram(p, 1, &e->dev, "", 0, NULL, NULL, NULL, NULL);
  char log[4096] = "";
  clGetProgramBuildInfo(p, e->dev, CL_PROGRAM_BUILD_LOG, sizeof log, log, NULL);
  CHECK(e, err == CL_SUCCESS, "clCompileProgram(%s): %d: %s", file, err, log);
  if (err == CL_SUCCESS) return p;
  clReleaseProgram(p);
  return NULL;
}

/* clLinkProgram of progs[0..n) with `options`: the program and its status
 * (*err), its log into log[0..cap). */
static cl_program link_log(t_env *e, const char *options, cl_uint n, const cl_program *progs,
                           cl_int *err, char *log, size_t cap) {
  cl_program p = clLinkProgram(e->ctx, 1, &e->dev, options, n, progs, NULL, NULL, err);
  log[0] = 0;
  if (p) clGetProgramBuildInfo(p, e->dev, CL_PROGRAM_BUILD_LOG, cap, log, NULL);
  return p;
}

/* link_lib's scale(x) with the source object's bias. */
static uint32_t link_scale(uint32_t x) {
  static const uint32_t table[4] = {3, 5, 7, 11};
  return x * table[x & 3] + x + 100;
}

/* main_k, lib_k and src_k of a linked program, checked (`how` in messages);
 * src_k only when `with_src`. */
static void check_link(t_env *e, cl_program p, int with_lib_k, int with_src, const char *how) {
  uint32_t in[N], out[N];
  for (int i = 0; i < N; i++) in[i] = (uint32_t)(i * 7919 % 1000), out[i] = 0;
  void *data[] = {out, in};
  size_t bytes[] = {sizeof out, sizeof in}, size[2] = {0};
  run(e, p, "main_k", 2, data, bytes, size);
  for (int i = 0; i < N; i++)
    CHECK(e, out[i] == link_scale(in[i]), "%s: main_k out[%d] = %u, want %u", how, i, out[i],
          link_scale(in[i]));
  if (with_lib_k) {
    run(e, p, "lib_k", 1, data, bytes, size);
    for (int i = 0; i < N; i++)
      CHECK(e, out[i] == link_scale((uint32_t)i), "%s: lib_k out[%d] = %u, want %u", how, i, out[i],
            link_scale((uint32_t)i));
  }
  if (with_src) {
    run(e, p, "src_k", 1, data, bytes, size);
    for (int i = 0; i < N; i++)
      CHECK(e, out[i] == 2 * link_scale((uint32_t)i), "%s: src_k out[%d] = %u, want %u", how, i,
            out[i], 2 * link_scale((uint32_t)i));
  }
}

/* Separate compilation across producers: link_lib.spv (SPIR-V 1.4: exports
 * scale, imports bias), link_main.spv (1.0: imports scale) and a source
 * object (defines bias, calls scale) compiled, then linked: all three into
 * an executable (each kernel checked against the host); without the source
 * object or without the library the link fails naming the missing symbol;
 * an object given twice fails naming the kernel it defines twice; an
 * importing object with a capability the device lacks fails its compile;
 * -create-library of link_lib and the source (imports resolved) and of
 * link_lib alone (bias left for a later link), each then linked with
 * link_main; link_lib's object through CL_PROGRAM_BINARIES and
 * clCreateProgramWithBinary, linked again. */
static void t_link(t_env *e) {
  static const char *src = "uint scale(uint x);\n"
                           "uint bias(uint x) { return x + 100u; }\n"
                           "__kernel void src_k(__global uint *o) {\n"
                           "  uint i = (uint)get_global_id(0);\n"
                           "  o[i] = scale(i) * 2u;\n"
                           "}\n";
  cl_int err;
  cl_program lib = compile_il(e, "link_lib.spv"), mainp = compile_il(e, "link_main.spv");
  cl_program cs = clCreateProgramWithSource(e->ctx, 1, &src, NULL, &err);
  CHECK(e, cs && clCompileProgram(cs, 1, &e->dev, "", 0, NULL, NULL, NULL, NULL) == CL_SUCCESS,
        "clCompileProgram(source with bias)");
  if (!lib || !mainp || !cs) goto out;
  char log[8192];
  cl_program all[3] = {mainp, lib, cs};
  cl_program exe = link_log(e, "", 3, all, &err, log, sizeof log);
  CHECK(e, exe && err == CL_SUCCESS, "link (main, lib, source): %d: %s", err, log);
  if (exe && err == CL_SUCCESS) check_link(e, exe, 1, 1, "link (main, lib, source)");
  if (exe) clReleaseProgram(exe);
  /* a missing definition: the link fails naming it */
  static const struct {
    cl_uint n;
    const char *symbol;
  } missing[] = {{2, "\"bias\""}, {1, "\"scale\""}};
  for (int k = 0; k < 2; k++) {
    exe = link_log(e, "", missing[k].n, all, &err, log, sizeof log);
    CHECK(e,
          err == CL_LINK_PROGRAM_FAILURE && strstr(log, "Unresolved external reference to") &&
              strstr(log, missing[k].symbol),
          "link of %u objects: %d, log without %s: %s", missing[k].n, err, missing[k].symbol, log);
    if (exe) clReleaseProgram(exe);
  }
  /* an object twice: its kernel defined twice, named */
  cl_program twice[4] = {mainp, lib, lib, cs};
  exe = link_log(e, "", 4, twice, &err, log, sizeof log);
  CHECK(e,
        err == CL_LINK_PROGRAM_FAILURE && strstr(log, "\"lib_k\"") &&
            strstr(log, "already defined"),
        "link with link_lib twice: %d: %s", err, log);
  if (exe) clReleaseProgram(exe);
  /* an object that imports is checked alone as far as it can be: a
   * capability the device lacks (link_main's Int64 made NamedBarrier) fails
   * the compile naming it */
  size_t len;
  uint32_t *w = load(e, "link_main.spv", &len);
  int patched = 0;
  for (size_t at = 5; w && at < len / 4 && (w[at] >> 16); at += w[at] >> 16)
    if (w[at] == (2u << 16 | 17 /* OpCapability */) && w[at + 1] == 11 /* Int64 */)
      w[at + 1] = 59 /* NamedBarrier */, patched = 1;
  CHECK(e, patched, "link_main.spv has no OpCapability Int64 to patch");
  cl_program bad = patched ? clCreateProgramWithIL(e->ctx, w, len, &err) : NULL;
  if (bad) {
    err = clCompileProgram(bad, 1, &e->dev, "", 0, NULL, NULL, NULL, NULL);
    clGetProgramBuildInfo(bad, e->dev, CL_PROGRAM_BUILD_LOG, sizeof log, log, NULL);
    CHECK(e,
          err == CL_COMPILE_PROGRAM_FAILURE &&
              strstr(log, "unsupported SPIR-V capability NamedBarrier"),
          "compile of an importing module with NamedBarrier: %d: %s", err, log);
    clReleaseProgram(bad);
  }
  free(w);
  /* libraries: with bias resolved, and with it left for the next link */
  for (int k = 0; k < 2; k++) {
    cl_program libin[2] = {lib, cs};
    cl_program l = link_log(e, "-create-library", k ? 1 : 2, libin, &err, log, sizeof log);
    cl_program_binary_type bt = 0;
    if (l) clGetProgramBuildInfo(l, e->dev, CL_PROGRAM_BINARY_TYPE, sizeof bt, &bt, NULL);
    CHECK(e, l && err == CL_SUCCESS && bt == CL_PROGRAM_BINARY_TYPE_LIBRARY,
          "-create-library (%s): %d, type %u: %s", k ? "lib" : "lib, source", err, (unsigned)bt,
          log);
    if (!l) continue;
    cl_program two[2] = {mainp, l};
    exe = link_log(e, "", 2, two, &err, log, sizeof log);
    if (k == 0) {
      CHECK(e, exe && err == CL_SUCCESS, "link (main, library): %d: %s", err, log);
      if (exe && err == CL_SUCCESS) check_link(e, exe, 1, 1, "link (main, library)");
    } else {
      CHECK(e, err == CL_LINK_PROGRAM_FAILURE && strstr(log, "\"bias\""),
            "link (main, library without bias): %d: %s", err, log);
    }
    if (exe) clReleaseProgram(exe);
    clReleaseProgram(l);
  }
  /* the compiled SPIR-V object as a binary, and back */
  size_t bsize = 0;
  clGetProgramInfo(lib, CL_PROGRAM_BINARY_SIZES, sizeof bsize, &bsize, NULL);
  unsigned char *bin = bsize ? malloc(bsize) : NULL;
  if (bin) clGetProgramInfo(lib, CL_PROGRAM_BINARIES, sizeof bin, &bin, NULL);
  cl_int bst = 0;
  const unsigned char *cbin = bin;
  cl_program fromb =
      bin ? clCreateProgramWithBinary(e->ctx, 1, &e->dev, &bsize, &cbin, &bst, &err) : NULL;
  CHECK(e, fromb && err == CL_SUCCESS && bst == CL_SUCCESS,
        "link_lib object through CL_PROGRAM_BINARIES (%zu bytes): %d, %d", bsize, err, bst);
  if (fromb) {
    cl_program again[3] = {mainp, fromb, cs};
    exe = link_log(e, "", 3, again, &err, log, sizeof log);
    CHECK(e, exe && err == CL_SUCCESS, "link (main, lib from binary, source): %d: %s", err, log);
    if (exe && err == CL_SUCCESS) check_link(e, exe, 1, 1, "link (lib from binary)");
    if (exe) clReleaseProgram(exe);
    clReleaseProgram(fromb);
  }
  free(bin);
out:
  if (lib) clReleaseProgram(lib);
  if (mainp) clReleaseProgram(mainp);
  if (cs) clReleaseProgram(cs);
}

/* old_builtin.spvasm: older llvm-spirv's imported UniformConstant builtin
 * and a decoration group decorated before it is declared. */
static void t_old_builtin(t_env *e, cl_program p, const char *file) {
  uint32_t a[N], b[N], c[N] = {0};
  for (int i = 0; i < N; i++) a[i] = (uint32_t)(i * 7 + 3), b[i] = (uint32_t)(100 - i);
  void *data[] = {a, b, c};
  size_t bytes[] = {sizeof a, sizeof b, sizeof c}, size[3] = {0};
  run(e, p, "mad_id", 3, data, bytes, size);
  for (int i = 0; i < N; i++)
    CHECK(e, c[i] == a[i] * b[i] + (uint32_t)i, "%s: c[%d] = %u", file, i, c[i]);
}

/* control.spvasm: the structured and the unstructured kernel. */
static void t_control(t_env *e, cl_program p, const char *file) {
  uint32_t n[N], o1[N], o2[N];
  for (int i = 0; i < N; i++) n[i] = (uint32_t)(i * 7 % 41);
  void *d1[] = {o1, n}, *d2[] = {o2, n};
  size_t bytes[] = {sizeof o1, sizeof n}, size[2] = {0};
  run(e, p, "structured", 2, d1, bytes, size);
  run(e, p, "unstructured", 2, d2, bytes, size);
  for (int i = 0; i < N; i++) {
    uint32_t s = 0, u = 0;
    for (uint32_t k = 0; k < n[i]; k++) s += k * k;
    for (uint32_t k = 0; k < n[i] && u <= 1000; k++) u += k * k;
    uint32_t want = s > 100 ? s - 100 : 2 * s;
    CHECK(e, o1[i] == want, "%s: structured: n %u: %u, want %u", file, n[i], o1[i], want);
    CHECK(e, o2[i] == u, "%s: unstructured: n %u: %u, want %u", file, n[i], o2[i], u);
  }
}

/* spec.spvasm: out[0..14] with the default values, then with values set
 * (one set twice: the last wins); each error of
 * clSetProgramSpecializationConstant. */
static void t_spec(t_env *e) {
  size_t len;
  uint32_t *w = load(e, "spec.spv", &len);
  if (!w) return;
  for (int set = 0; set < 2; set++) {
    cl_int err;
    cl_program p = clCreateProgramWithIL(e->ctx, w, len, &err);
    CHECK(e, p, "spec: clCreateProgramWithIL %d", err);
    if (!p) continue;
    uint32_t u1 = 20, u1_first = 99;
    uint8_t t = 0, f = 1;
    float fl = -2.25f;
    uint64_t l = 0x123456789abcdef0ull;
    uint16_t sh = 5;
    if (set) {
      CHECK(e, clSetProgramSpecializationConstant(p, 1, 4, &u1_first) == CL_SUCCESS, "set 1");
      CHECK(e, clSetProgramSpecializationConstant(p, 1, 4, &u1) == CL_SUCCESS, "set 1 again");
      CHECK(e, clSetProgramSpecializationConstant(p, 2, 1, &t) == CL_SUCCESS, "set 2");
      CHECK(e, clSetProgramSpecializationConstant(p, 3, 1, &f) == CL_SUCCESS, "set 3");
      CHECK(e, clSetProgramSpecializationConstant(p, 4, 4, &fl) == CL_SUCCESS, "set 4");
      CHECK(e, clSetProgramSpecializationConstant(p, 5, 8, &l) == CL_SUCCESS, "set 5");
      CHECK(e, clSetProgramSpecializationConstant(p, 6, 2, &sh) == CL_SUCCESS, "set 6");
    } else {
      /* the errors, none of which changes a value */
      CHECK(e, clSetProgramSpecializationConstant(p, 99, 4, &u1) == CL_INVALID_SPEC_ID,
            "unknown SpecId 99 is not CL_INVALID_SPEC_ID");
      CHECK(e, clSetProgramSpecializationConstant(p, 1, 8, &l) == CL_INVALID_VALUE,
            "an 8-byte value for a 4-byte constant is not CL_INVALID_VALUE");
      CHECK(e, clSetProgramSpecializationConstant(p, 2, 4, &u1) == CL_INVALID_VALUE,
            "a 4-byte value for a boolean is not CL_INVALID_VALUE");
      CHECK(e, clSetProgramSpecializationConstant(p, 6, 4, &u1) == CL_INVALID_VALUE,
            "a 4-byte value for a 2-byte constant is not CL_INVALID_VALUE");
      CHECK(e, clSetProgramSpecializationConstant(p, 1, 4, NULL) == CL_INVALID_VALUE,
            "a NULL value is not CL_INVALID_VALUE");
      CHECK(e, clSetProgramSpecializationConstant(NULL, 1, 4, &u1) == CL_INVALID_PROGRAM,
            "a NULL program is not CL_INVALID_PROGRAM");
    }
    cl_int st = clBuildProgram(p, 1, &e->dev, "", NULL, NULL);
    char log[4096] = "";
    clGetProgramBuildInfo(p, e->dev, CL_PROGRAM_BUILD_LOG, sizeof log, log, NULL);
    CHECK(e, st == CL_SUCCESS, "spec (set %d): build %d: %s", set, st, log);
    uint32_t out[N];
    memset(out, 0xAB, sizeof out);
    void *data[] = {out};
    size_t bytes[] = {sizeof out}, size[1] = {0};
    if (st == CL_SUCCESS) run(e, p, "spec", 1, data, bytes, size);
    uint32_t i1 = set ? 20 : 7, b2 = set ? 0 : 1, b3 = set ? 1 : 0;
    float fv = set ? -2.25f : 1.5f;
    uint64_t lv = set ? l : 1ull << 32;
    uint32_t shv = set ? 5 : 3;
    uint32_t want[15] = {i1,
                         b2,
                         b3,
                         fbits(fv),
                         (uint32_t)lv,
                         (uint32_t)(lv >> 32),
                         i1 + 10,
                         b2 ? i1 : 10,
                         fbits(fv * 2.0f),
                         (int32_t)i1 < 10,
                         shv,
                         i1,
                         i1 + 10,
                         42,
                         i1 + 10};
    for (int k = 0; k < 15 && st == CL_SUCCESS; k++)
      CHECK(e, out[k] == want[k], "spec (set %d): out[%d] = 0x%x, want 0x%x", set, k, out[k],
            want[k]);
    clReleaseProgram(p);
  }
  free(w);
}

/* spec_vector.spvasm: vector OpSpecConstantOps with the default values and
 * with values set, each slot computed here as the .spvasm describes. */
static void t_spec_vector(t_env *e) {
  size_t len;
  uint32_t *w = load(e, "spec_vector.spv", &len);
  if (!w) return;
  for (int set = 0; set < 2; set++) {
    cl_int err;
    cl_program p = clCreateProgramWithIL(e->ctx, w, len, &err);
    CHECK(e, p, "spec_vector: clCreateProgramWithIL %d", err);
    if (!p) continue;
    uint32_t a = set ? 0xFFFFFFF0u : 5, b = set ? 40 : 7;
    float f = set ? -3.25f : 1.5f;
    uint8_t s = set ? 0 : 1;
    if (set) {
      CHECK(e, clSetProgramSpecializationConstant(p, 1, 4, &a) == CL_SUCCESS, "set 1");
      CHECK(e, clSetProgramSpecializationConstant(p, 2, 4, &b) == CL_SUCCESS, "set 2");
      CHECK(e, clSetProgramSpecializationConstant(p, 3, 4, &f) == CL_SUCCESS, "set 3");
      CHECK(e, clSetProgramSpecializationConstant(p, 4, 1, &s) == CL_SUCCESS, "set 4");
    }
    cl_int st = clBuildProgram(p, 1, &e->dev, "", NULL, NULL);
    char log[4096] = "";
    clGetProgramBuildInfo(p, e->dev, CL_PROGRAM_BUILD_LOG, sizeof log, log, NULL);
    CHECK(e, st == CL_SUCCESS, "spec_vector (set %d): build %d: %s", set, st, log);
    uint32_t out[N];
    memset(out, 0, sizeof out);
    void *data[] = {out};
    size_t bytes[] = {sizeof out}, size[1] = {0};
    if (st == CL_SUCCESS) run(e, p, "t", 1, data, bytes, size);
    uint32_t va[4] = {a, b, 3, 4}, vb[4] = {10, 20, 30, 40}, want[9][4];
    float ff = f * f;
    for (int k = 0; k < 4; k++) {
      want[0][k] = va[k] + vb[k];
      want[1][k] = want[0][k] << (k + 1);
      want[2][k] = va[k] < vb[k] ? want[0][k] : vb[k];
      want[4][k] = k == 2 ? a * b : vb[k];
      want[5][k] = s ? va[k] : vb[k];
      want[7][k] = va[k] < vb[k];
      want[8][k] = 0;
    }
    uint32_t shuf[4] = {want[1][3], want[1][2], want[0][1], want[0][0]};
    memcpy(want[3], shuf, sizeof shuf);
    uint32_t cvt[4] = {(uint32_t)(int32_t)ff, 6, fbits(ff), fbits(6.25f)};
    memcpy(want[6], cvt, sizeof cvt);
    want[8][0] = shuf[1];
    for (int k = 0; k < 33 && st == CL_SUCCESS; k++)
      CHECK(e, out[k] == want[k / 4][k % 4], "spec_vector (set %d): slot %d.%d = 0x%x, want 0x%x",
            set, k / 4, k % 4, out[k], want[k / 4][k % 4]);
    clReleaseProgram(p);
  }
  free(w);
}

/* The clang + llvm-spirv modules (-O0, -O2: SPIR-V 1.4, llvm-spirv 14's
 * default) run `mix`. */
static void t_clang(t_env *e, cl_program p, const char *file) {
  float x[N], out[N], k = 0.75f;
  int32_t n[N];
  for (int i = 0; i < N; i++) x[i] = (float)(i % 9) - 4.0f, n[i] = (i * 5) % 23 - 11;
  void *data[] = {x, n, out, &k};
  size_t bytes[] = {sizeof x, sizeof n, sizeof out, 0}, size[] = {0, 0, 0, sizeof k};
  run(e, p, "mix", 4, data, bytes, size);
  for (int i = 0; i < N; i++) {
    float acc = 0.0f;
    for (int j = 0; j <= (n[i] & 7); j++) acc += x[i] * (float)j;
    float want = n[i] > 0 ? acc + k : acc - k;
    CHECK(e, out[i] == want, "%s: out[%d] = %g, want %g", file, i, out[i], want);
  }
}

/* Modules refused: at clCreateProgramWithIL (no magic number, a length
 * that is not whole words or shorter than the header) or at the build, with
 * a log saying why (a truncated module, an unsupported capability, a Vulkan
 * shader, a module the validator rejects). */
static void t_bad(t_env *e) {
  size_t len;
  uint32_t *w = load(e, "vadd.spv", &len);
  if (!w) return;
  cl_int err = 0;
  w[0] ^= 1;
  CHECK(e, !clCreateProgramWithIL(e->ctx, w, len, &err) && err == CL_INVALID_VALUE,
        "a bad magic number: %d, want CL_INVALID_VALUE", err);
  w[0] ^= 1;
  CHECK(e, !clCreateProgramWithIL(e->ctx, w, len - 2, &err) && err == CL_INVALID_VALUE,
        "a length of part words: %d, want CL_INVALID_VALUE", err);
  CHECK(e, !clCreateProgramWithIL(e->ctx, w, 16, &err) && err == CL_INVALID_VALUE,
        "a module shorter than its header: %d, want CL_INVALID_VALUE", err);
  CHECK(e, !clCreateProgramWithIL(e->ctx, NULL, len, &err) && err == CL_INVALID_VALUE,
        "a NULL module: %d, want CL_INVALID_VALUE", err);
  cl_int st;
  char *log;
  cl_program p = build(e, w, len / 8 * 4, &st, &log); /* half, whole words */
  if (p) {
    CHECK(e, st == CL_BUILD_PROGRAM_FAILURE, "a truncated module built (%d)", st);
    CHECK(e, log && strstr(log, "error: invalid SPIR-V"), "truncated module log: %s",
          log ? log : "");
    uint32_t v = 1;
    CHECK(e, clSetProgramSpecializationConstant(p, 1, 4, &v) == CL_INVALID_SPEC_ID,
          "a SpecId of a truncated module is not CL_INVALID_SPEC_ID");
    free(log);
    clReleaseProgram(p);
  }
  free(w);
  struct {
    const char *file, *want;
  } bad[] = {
      {"bad_capability.spv", "unsupported SPIR-V capability NamedBarrier; not implemented yet"},
      {"shader.spv", "unsupported entry point execution model GLCompute (5)"},
      {"invalid.spv", "invalid SPIR-V module: Expected int scalar or vector type as operand: "
                      "IAdd operand index 2"},
      {"spec_undef.spv", "unsupported SPIR-V instruction OpSpecConstantOp OpIAdd (%8) used in "
                         "code: only one on constant numbers, vectors and composites is "
                         "evaluated"},
  };
  for (size_t k = 0; k < sizeof bad / sizeof bad[0]; k++) {
    w = load(e, bad[k].file, &len);
    p = w ? build(e, w, len, &st, &log) : NULL;
    if (p) {
      CHECK(e, st == CL_BUILD_PROGRAM_FAILURE, "%s built (%d)", bad[k].file, st);
      CHECK(e, log && strstr(log, bad[k].want), "%s: log: %s", bad[k].file, log ? log : "");
      free(log);
      clReleaseProgram(p);
    }
    free(w);
  }
  /* an opcode OpSpecConstantOp does not allow (spirv-as refuses to write
   * one: spec_vector.spv's IMul made OpDot), named */
  w = load(e, "spec_vector.spv", &len);
  int patched = 0;
  for (size_t at = 5; w && at < len / 4 && (w[at] >> 16); at += w[at] >> 16)
    if ((w[at] & 0xFFFF) == 52 /* OpSpecConstantOp */ && w[at + 3] == 132 /* OpIMul */)
      w[at + 3] = 148 /* OpDot */, patched = 1;
  CHECK(e, patched, "spec_vector.spv has no OpSpecConstantOp IMul to patch");
  p = patched ? build(e, w, len, &st, &log) : NULL;
  if (p) {
    CHECK(e, st == CL_BUILD_PROGRAM_FAILURE, "OpSpecConstantOp OpDot built (%d)", st);
    CHECK(e, log && strstr(log, "computes OpDot, which SPIR-V does not allow in OpSpecConstantOp"),
          "OpSpecConstantOp OpDot: log: %s", log ? log : "");
    free(log);
    clReleaseProgram(p);
  }
  free(w);
}

int main(int argc, char **argv) {
  if (argc != 3) {
    fprintf(stderr, "usage: il_program PLATFORM-NAME-SUBSTRING DIR\n");
    return 2;
  }
  cl_platform_id plats[8];
  cl_uint np = 0;
  clGetPlatformIDs(8, plats, &np);
  t_env e = {.dir = argv[2]};
  for (cl_uint i = 0; i < np && !e.ctx; i++) {
    char name[256] = "";
    clGetPlatformInfo(plats[i], CL_PLATFORM_NAME, sizeof name, name, NULL);
    if (!strstr(name, argv[1]) || clGetDeviceIDs(plats[i], CL_DEVICE_TYPE_ALL, 1, &e.dev, NULL))
      continue;
    e.ctx = clCreateContext(NULL, 1, &e.dev, NULL, NULL, NULL);
  }
  if (!e.ctx) {
    fprintf(stderr, "il_program: no platform named like '%s' with a device\n", argv[1]);
    return 1;
  }
  e.q = clCreateCommandQueueWithProperties(e.ctx, e.dev, NULL, NULL);
  if (!e.q) {
    fprintf(stderr, "il_program: no command queue\n");
    return 1;
  }
  /* the modules that build, each run and checked */
  static const struct {
    const char *file;
    il_check *check;
  } modules[] = {
      {"extinst.spv", t_extinst},     {"control.spv", t_control},
      {"decogroup.spv", t_decogroup}, {"old_builtin.spv", t_old_builtin},
      {"spv14.spv", check_spv14},         {"clang_O0.spv", t_clang},
      {"clang_O2.spv", t_clang},
  };
  t_versions(&e);
  for (size_t m = 0; m < sizeof modules / sizeof modules[0]; m++)
    run_module(&e, modules[m].file, modules[m].check);
  t_spec(&e);
  t_spec_vector(&e);
  t_options(&e);
  t_compile_link(&e);
  t_link(&e);
  t_bad(&e);
  clReleaseCommandQueue(e.q);
  clReleaseContext(e.ctx);
  printf("il_program: %d checks, %d failed\n", e.checks, e.failures);
  return e.failures ? 1 : 0;
}
