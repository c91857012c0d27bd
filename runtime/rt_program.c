/* Program objects: creation from OpenCL C source, SPIR-V or our "binary"
 * (the source with a header, so programs that cache binaries work),
 * clBuildProgram through the frontend, and the program queries. */
#include <stdlib.h>
#include <string.h>

#include "rt.h"

/* Our "binary": a header line, the build options the program was built with
 * and a NUL, then the source and a NUL. Version 1 had the source only. The
 * options travel with it because apps rebuild a cached binary without them
 * (-D and -I must still apply). */
#define RT_BINARY_MAGIC "wavesim-program-source 2\n"
#define RT_BINARY_MAGIC_V1 "wavesim-program-source 1\n"
/* Compiled objects, libraries and executables linked from them carry LLVM
 * bitcode instead (see rt_program_from_bc for the layout). */
#define RT_BINARY_BC_MAGIC "wavesim-program-bitcode 1\n"

/* The device's OpenCL version as the __OPENCL_VERSION__ macro: drivers define
 * it (clang does not for SPIR targets) and kernels test it with #if. Matches
 * CL_DEVICE_VERSION ("OpenCL 1.2 ...") in rt_platform.c. */
#define RT_OPENCL_VERSION_DEFINE "-D__OPENCL_VERSION__=120"

/* The options a build compiles with: a binary keeps those it was made with. */
static const char *rt_program_compile_options(const struct _cl_program *p) {
  if (p->bin_options) return p->bin_options;
  return p->options ? p->options : "";
}

static struct _cl_program *rt_program_new(cl_context ctx, cl_int *errcode_ret) {
  struct _cl_program *p = calloc(1, sizeof *p);
  if (!p) {
    rt_err(errcode_ret, CL_OUT_OF_HOST_MEMORY);
    return NULL;
  }
  p->dispatch = &rt_dispatch;
  p->magic = RT_MAGIC_PROGRAM;
  p->refs = 1;
  p->ctx = ctx;
  p->status = CL_BUILD_NONE;
  rt_context_retain(ctx);
  rt_err(errcode_ret, CL_SUCCESS);
  return p;
}

CL_API_ENTRY cl_program CL_API_CALL clCreateProgramWithSource(cl_context ctx, cl_uint count,
                                                              const char **strings,
                                                              const size_t *lengths,
                                                              cl_int *errcode_ret) {
  if (!RT_VALID(ctx, RT_MAGIC_CONTEXT)) {
    rt_err(errcode_ret, CL_INVALID_CONTEXT);
    return NULL;
  }
  if (count == 0 || !strings) {
    rt_err(errcode_ret, CL_INVALID_VALUE);
    return NULL;
  }
  size_t total = 0;
  for (cl_uint i = 0; i < count; i++) {
    if (!strings[i]) {
      rt_err(errcode_ret, CL_INVALID_VALUE);
      return NULL;
    }
    total += lengths && lengths[i] ? lengths[i] : strlen(strings[i]);
  }
  char *src = malloc(total + 1);
  if (!src) {
    rt_err(errcode_ret, CL_OUT_OF_HOST_MEMORY);
    return NULL;
  }
  size_t at = 0;
  for (cl_uint i = 0; i < count; i++) {
    size_t n = lengths && lengths[i] ? lengths[i] : strlen(strings[i]);
    memcpy(src + at, strings[i], n);
    at += n;
  }
  src[at] = 0;
  struct _cl_program *p = rt_program_new(ctx, errcode_ret);
  if (!p) {
    free(src);
    return NULL;
  }
  p->source = src;
  return p;
}

CL_API_ENTRY cl_program CL_API_CALL clCreateProgramWithIL(cl_context ctx, const void *il,
                                                          size_t length, cl_int *errcode_ret) {
  if (!RT_VALID(ctx, RT_MAGIC_CONTEXT)) {
    rt_err(errcode_ret, CL_INVALID_CONTEXT);
    return NULL;
  }
  if (!il || length < 20 || length % 4 || *(const uint32_t *)il != 0x07230203u) {
    rt_err(errcode_ret, CL_INVALID_VALUE); /* not a SPIR-V module */
    return NULL;
  }
  uint32_t *words = malloc(length);
  if (!words) {
    rt_err(errcode_ret, CL_OUT_OF_HOST_MEMORY);
    return NULL;
  }
  memcpy(words, il, length);
  struct _cl_program *p = rt_program_new(ctx, errcode_ret);
  if (!p) {
    free(words);
    return NULL;
  }
  p->il = words;
  p->il_words = length / 4;
  return p;
}

/* A bitcode binary after its magic line: the kind ('o' object, 'l' library,
 * 'e' executable), the -cl-kernel-arg-info flag ('0'/'1'), '\n', bitcode. */
static struct _cl_program *rt_program_from_bc(cl_context ctx, const char *b, size_t len,
                                              cl_int *errcode_ret) {
  cl_program_binary_type type = b[0] == 'o'   ? CL_PROGRAM_BINARY_TYPE_COMPILED_OBJECT
                                : b[0] == 'l' ? CL_PROGRAM_BINARY_TYPE_LIBRARY
                                : b[0] == 'e' ? CL_PROGRAM_BINARY_TYPE_EXECUTABLE
                                              : CL_PROGRAM_BINARY_TYPE_NONE;
  if (type == CL_PROGRAM_BINARY_TYPE_NONE || (b[1] != '0' && b[1] != '1') || b[2] != '\n' ||
      len == 3) {
    rt_err(errcode_ret, CL_INVALID_BINARY);
    return NULL;
  }
  void *bc = malloc(len - 3);
  if (!bc) {
    rt_err(errcode_ret, CL_OUT_OF_HOST_MEMORY);
    return NULL;
  }
  memcpy(bc, b + 3, len - 3);
  struct _cl_program *p = rt_program_new(ctx, errcode_ret);
  if (!p) {
    free(bc);
    return NULL;
  }
  p->bc = bc;
  p->bc_len = len - 3;
  p->bintype = type;
  p->arg_info = b[1] == '1';
  /* An object or library is ready to link as created; an executable still
   * needs clBuildProgram, as for every binary. */
  if (type != CL_PROGRAM_BINARY_TYPE_EXECUTABLE) p->status = CL_BUILD_SUCCESS;
  return p;
}

CL_API_ENTRY cl_program CL_API_CALL clCreateProgramWithBinary(
    cl_context ctx, cl_uint ndev, const cl_device_id *devs, const size_t *lengths,
    const unsigned char **binaries, cl_int *binary_status, cl_int *errcode_ret) {
  if (!RT_VALID(ctx, RT_MAGIC_CONTEXT)) {
    rt_err(errcode_ret, CL_INVALID_CONTEXT);
    return NULL;
  }
  if (ndev != 1 || !devs || !lengths || !binaries) {
    rt_err(errcode_ret,
           ndev == 0 || !devs || !lengths || !binaries ? CL_INVALID_VALUE : CL_INVALID_DEVICE);
    return NULL;
  }
  if (devs[0] != ctx->device) {
    rt_err(errcode_ret, CL_INVALID_DEVICE);
    return NULL;
  }
  size_t mlen = strlen(RT_BINARY_MAGIC);
  if (!binaries[0] || lengths[0] == 0) {
    if (binary_status) binary_status[0] = CL_INVALID_VALUE;
    rt_err(errcode_ret, CL_INVALID_VALUE);
    return NULL;
  }
  const char *bin = (const char *)binaries[0];
  size_t blen = strlen(RT_BINARY_BC_MAGIC);
  if (lengths[0] >= blen + 3 && memcmp(bin, RT_BINARY_BC_MAGIC, blen) == 0) {
    struct _cl_program *p = rt_program_from_bc(ctx, bin + blen, lengths[0] - blen, errcode_ret);
    if (binary_status) binary_status[0] = p ? CL_SUCCESS : CL_INVALID_BINARY;
    return p;
  }
  int v2 = lengths[0] >= mlen && memcmp(bin, RT_BINARY_MAGIC, mlen) == 0;
  int v1 = lengths[0] >= mlen && memcmp(bin, RT_BINARY_MAGIC_V1, mlen) == 0;
  const char *opts = NULL;
  const char *src = bin + mlen;
  size_t len = v1 || v2 ? lengths[0] - mlen : 0;
  if (v2) { /* options, NUL, source */
    const char *nul = memchr(src, 0, len);
    if (nul) {
      opts = src;
      len -= (size_t)(nul + 1 - src);
      src = nul + 1;
    }
  }
  if ((!v1 && !v2) || (v2 && !opts)) {
    if (binary_status) binary_status[0] = CL_INVALID_BINARY;
    rt_err(errcode_ret, CL_INVALID_BINARY);
    return NULL;
  }
  if (len && src[len - 1] == 0) len--;
  if (len == 0) { /* clCreateProgramWithSource reads a zero length as "NUL-terminated" */
    src = "";
    len = 0;
  }
  cl_program p = clCreateProgramWithSource(ctx, 1, &src, len ? &len : NULL, errcode_ret);
  if (p) {
    p->bin_options = rt_strdup(opts ? opts : "");
    if (!p->bin_options) {
      clReleaseProgram(p);
      p = NULL;
      rt_err(errcode_ret, CL_OUT_OF_HOST_MEMORY);
    }
  }
  if (p) p->bintype = CL_PROGRAM_BINARY_TYPE_EXECUTABLE;
  if (binary_status) binary_status[0] = p ? CL_SUCCESS : CL_INVALID_BINARY;
  return p;
}

CL_API_ENTRY cl_int CL_API_CALL clRetainProgram(cl_program p) {
  if (!RT_VALID(p, RT_MAGIC_PROGRAM)) return CL_INVALID_PROGRAM;
  rt_lock();
  p->refs++;
  rt_unlock();
  return CL_SUCCESS;
}

/* Program-scope __constant data: every kernel of a program carries the same
 * blob (isa_kernel.const_data); one device copy serves all their launches. */
static void rt_program_const_free(struct _cl_program *p) {
  if (p->const_addr) sim_mem_free(p->ctx->device->sim, p->const_addr);
  p->const_addr = 0;
}

static int rt_program_const_upload(struct _cl_program *p) {
  for (uint32_t i = 0; i < p->prog->nkernels; i++) {
    const isa_kernel *k = &p->prog->kernels[i];
    if (!k->const_bytes) continue;
    sim_device *sim = p->ctx->device->sim;
    p->const_addr = sim_mem_alloc(sim, k->const_bytes, NULL);
    void *host = p->const_addr ? sim_mem_host(sim, p->const_addr, k->const_bytes) : NULL;
    if (!host) return -1;
    memcpy(host, k->const_data, k->const_bytes);
    return 0;
  }
  return 0;
}

void rt_program_release_internal(struct _cl_program *p) {
  rt_lock();
  if (--p->refs > 0) {
    rt_unlock();
    return;
  }
  p->magic = RT_MAGIC_DEAD;
  rt_unlock();
  free(p->source);
  free(p->il);
  free(p->options);
  free(p->bin_options);
  free(p->log);
  free(p->kernel_names);
  free(p->bc);
  rt_program_const_free(p);
  if (p->prog) isa_program_destroy(p->prog);
  rt_context_release(p->ctx);
  free(p);
}

CL_API_ENTRY cl_int CL_API_CALL clReleaseProgram(cl_program p) {
  if (!RT_VALID(p, RT_MAGIC_PROGRAM)) return CL_INVALID_PROGRAM;
  rt_program_release_internal(p);
  return CL_SUCCESS;
}

static cl_int rt_check_devices(struct _cl_program *p, cl_uint ndev, const cl_device_id *devs) {
  if ((ndev > 0) != (devs != NULL)) return CL_INVALID_VALUE;
  for (cl_uint i = 0; i < ndev; i++)
    if (devs[i] != p->ctx->device) return CL_INVALID_DEVICE;
  return CL_SUCCESS;
}

/* Whether an option string holds the word -cl-kernel-arg-info: the OpenCL 1.2
 * rule for when argument names, type names and qualifiers are available. */
static int rt_has_arg_info(const char *options) {
  static const char word[] = "-cl-kernel-arg-info";
  for (const char *p = options; p && (p = strstr(p, word)); p += sizeof word - 1) {
    char after = p[sizeof word - 1];
    if ((p == options || p[-1] == ' ' || p[-1] == '\t') &&
        (after == 0 || after == ' ' || after == '\t'))
      return 1;
  }
  return 0;
}

/* Drops what a previous build, compile or link left (caller holds the lock). */
static void rt_program_reset(struct _cl_program *p) {
  free(p->log);
  free(p->kernel_names);
  p->kernel_names = NULL;
  p->log = NULL;
  rt_program_const_free(p);
  if (p->prog) isa_program_destroy(p->prog);
  p->prog = NULL;
}

/* Installs a built executable: its __constant data and kernel names. Returns
 * CL_SUCCESS or CL_OUT_OF_RESOURCES (program left without an executable). */
static cl_int rt_program_install(struct _cl_program *p, isa_program *prog) {
  p->prog = prog;
  if (rt_program_const_upload(p)) {
    rt_program_const_free(p);
    rt_strcat(&p->log, "wavesim: no device memory left for the program's __constant data\n");
    isa_program_destroy(prog);
    p->prog = NULL;
    p->status = CL_BUILD_ERROR;
    return CL_OUT_OF_RESOURCES;
  }
  p->status = CL_BUILD_SUCCESS;
  p->bintype = CL_PROGRAM_BINARY_TYPE_EXECUTABLE;
  for (uint32_t i = 0; i < prog->nkernels; i++)
    rt_strcat(&p->kernel_names, "%s%s", i ? ";" : "", prog->kernels[i].name);
  if (!p->kernel_names) p->kernel_names = rt_strdup("");
  return CL_SUCCESS;
}

static fe_compiler *rt_compiler(struct _cl_platform_id *plat) {
  if (!plat->compiler) plat->compiler = fe_compiler_create();
  return plat->compiler;
}

CL_API_ENTRY cl_int CL_API_CALL clBuildProgram(cl_program p, cl_uint ndev, const cl_device_id *devs,
                                               const char *options,
                                               void(CL_CALLBACK *notify)(cl_program, void *),
                                               void *data) {
  if (!RT_VALID(p, RT_MAGIC_PROGRAM)) return CL_INVALID_PROGRAM;
  cl_int e = rt_check_devices(p, ndev, devs);
  if (e != CL_SUCCESS) return e;
  if (!notify && data) return CL_INVALID_VALUE;
  struct _cl_platform_id *plat = p->ctx->platform;
  struct _cl_device_id *d = p->ctx->device;
  rt_lock();
  if (p->nkernels_live) {
    rt_unlock();
    return CL_INVALID_OPERATION; /* kernels exist: the spec forbids a rebuild */
  }
  fe_compiler *fc = rt_compiler(plat);
  rt_program_reset(p);
  free(p->options);
  p->options = rt_strdup(options ? options : "");
  p->status = CL_BUILD_IN_PROGRESS;
  isa_program *prog = NULL;
  char *log = NULL;
  fe_status st;
  if (!fc) {
    st = FE_INTERNAL;
    log = rt_strdup("wavesim: cannot create the OpenCL C compiler (out of memory)\n");
  } else if (p->bc && !p->source) {
    /* From a bitcode binary: the object, library or linked executable is
     * linked alone (link options do not apply to clBuildProgram). */
    void *bc = NULL;
    size_t bc_len = 0;
    const void *in[1] = {p->bc};
    st = fe_link(fc, in, &p->bc_len, 1, 0, &d->target, &bc, &bc_len, &prog, &log);
    if (st == FE_OK) {
      free(p->bc);
      p->bc = bc;
      p->bc_len = bc_len;
    }
  } else if (p->il) {
    p->arg_info = 0; /* SPIR-V carries no OpenCL C argument info */
    st = fe_build_spirv(fc, p->il, p->il_words, &d->target, &prog, &log);
  } else {
    char *opts = NULL;
    free(p->bc); /* a source program compiled before is built afresh */
    p->bc = NULL;
    p->bc_len = 0;
    p->arg_info = rt_has_arg_info(rt_program_compile_options(p));
    rt_strcat(&opts, "%s %s", RT_OPENCL_VERSION_DEFINE, rt_program_compile_options(p));
    if (!opts) {
      st = FE_INTERNAL;
      log = rt_strdup("wavesim: out of memory composing the build options\n");
    } else {
      st = fe_build(fc, p->source, opts, &d->target, &prog, &log);
      free(opts);
    }
  }
  p->log = log ? log : rt_strdup("");
  if (st == FE_OK && prog) {
    e = rt_program_install(p, prog);
  } else {
    if (prog) isa_program_destroy(prog);
    p->status = CL_BUILD_ERROR;
    if (!p->bc) p->bintype = CL_PROGRAM_BINARY_TYPE_NONE;
    e = st == FE_INVALID_OPTIONS ? CL_INVALID_BUILD_OPTIONS : CL_BUILD_PROGRAM_FAILURE;
  }
  rt_unlock();
  if (notify) notify(p, data);
  return e;
}

/* clCompileProgram keeps clang's bitcode as the compiled object; the
 * embedded headers are written under their include names for clang. */
CL_API_ENTRY cl_int CL_API_CALL clCompileProgram(cl_program p, cl_uint ndev,
                                                 const cl_device_id *devs, const char *options,
                                                 cl_uint nheaders, const cl_program *headers,
                                                 const char **header_names,
                                                 void(CL_CALLBACK *notify)(cl_program, void *),
                                                 void *data) {
  if (!RT_VALID(p, RT_MAGIC_PROGRAM)) return CL_INVALID_PROGRAM;
  if ((nheaders > 0) != (headers != NULL) || (nheaders > 0) != (header_names != NULL))
    return CL_INVALID_VALUE;
  cl_int e = rt_check_devices(p, ndev, devs);
  if (e != CL_SUCCESS) return e;
  if (!notify && data) return CL_INVALID_VALUE;
  for (cl_uint i = 0; i < nheaders; i++) {
    if (!RT_VALID(headers[i], RT_MAGIC_PROGRAM)) return CL_INVALID_PROGRAM;
    if (!headers[i]->source || !header_names[i]) return CL_INVALID_VALUE;
  }
  if (!p->source) return CL_INVALID_OPERATION; /* only programs created from source */
  fe_header *hdrs = calloc(nheaders ? nheaders : 1, sizeof *hdrs);
  if (!hdrs) return CL_OUT_OF_HOST_MEMORY;
  for (cl_uint i = 0; i < nheaders; i++)
    hdrs[i] = (fe_header){.name = header_names[i], .source = headers[i]->source};
  rt_lock();
  if (p->nkernels_live) {
    rt_unlock();
    free(hdrs);
    return CL_INVALID_OPERATION;
  }
  fe_compiler *fc = rt_compiler(p->ctx->platform);
  rt_program_reset(p);
  free(p->bc);
  p->bc = NULL;
  p->bc_len = 0;
  p->bintype = CL_PROGRAM_BINARY_TYPE_NONE;
  free(p->options);
  p->options = rt_strdup(options ? options : "");
  p->arg_info = rt_has_arg_info(options);
  p->status = CL_BUILD_IN_PROGRESS;
  char *opts = NULL, *log = NULL;
  fe_status st = FE_INTERNAL;
  rt_strcat(&opts, "%s %s", RT_OPENCL_VERSION_DEFINE, options ? options : "");
  if (!fc || !opts) {
    log = rt_strdup("wavesim: out of memory starting the compiler\n");
  } else {
    st = fe_compile_object(fc, p->source, opts, hdrs, nheaders, &p->ctx->device->target, &p->bc,
                           &p->bc_len, &log);
  }
  free(opts);
  free(hdrs);
  p->log = log ? log : rt_strdup("");
  if (st == FE_OK) {
    p->status = CL_BUILD_SUCCESS;
    p->bintype = CL_PROGRAM_BINARY_TYPE_COMPILED_OBJECT;
    e = CL_SUCCESS;
  } else {
    p->status = CL_BUILD_ERROR;
    e = st == FE_INVALID_OPTIONS ? CL_INVALID_COMPILER_OPTIONS : CL_COMPILE_PROGRAM_FAILURE;
  }
  rt_unlock();
  if (notify) notify(p, data);
  return e;
}

/* clLinkProgram: llvm-link over the inputs' bitcode, then (unless
 * -create-library) the usual lowering to an executable. */
CL_API_ENTRY cl_program CL_API_CALL clLinkProgram(cl_context ctx, cl_uint ndev,
                                                  const cl_device_id *devs, const char *options,
                                                  cl_uint nprog, const cl_program *progs,
                                                  void(CL_CALLBACK *notify)(cl_program, void *),
                                                  void *data, cl_int *errcode_ret) {
  if (!RT_VALID(ctx, RT_MAGIC_CONTEXT)) {
    rt_err(errcode_ret, CL_INVALID_CONTEXT);
    return NULL;
  }
  if (nprog == 0 || !progs || (!notify && data) || (ndev > 0) != (devs != NULL)) {
    rt_err(errcode_ret, CL_INVALID_VALUE);
    return NULL;
  }
  for (cl_uint i = 0; i < ndev; i++) {
    if (devs[i] != ctx->device) {
      rt_err(errcode_ret, CL_INVALID_DEVICE);
      return NULL;
    }
  }
  for (cl_uint i = 0; i < nprog; i++) {
    if (!RT_VALID(progs[i], RT_MAGIC_PROGRAM) || progs[i]->ctx != ctx) {
      rt_err(errcode_ret, CL_INVALID_PROGRAM);
      return NULL;
    }
  }
  const void **bcs = calloc(nprog, sizeof *bcs);
  size_t *lens = calloc(nprog, sizeof *lens);
  if (!bcs || !lens) {
    free(bcs);
    free(lens);
    rt_err(errcode_ret, CL_OUT_OF_HOST_MEMORY);
    return NULL;
  }
  int arg_info = 0;
  cl_int e = CL_SUCCESS;
  struct _cl_program *out = rt_program_new(ctx, &e); /* locks itself: made before rt_lock */
  rt_lock();
  for (cl_uint i = 0; i < nprog; i++) {
    const struct _cl_program *in = progs[i];
    if (!in->bc || (in->bintype != CL_PROGRAM_BINARY_TYPE_COMPILED_OBJECT &&
                    in->bintype != CL_PROGRAM_BINARY_TYPE_LIBRARY))
      e = CL_INVALID_OPERATION; /* not a compiled object or library */
    bcs[i] = in->bc;
    lens[i] = in->bc_len;
    arg_info |= in->arg_info;
  }
  int library = 0;
  char *log = NULL;
  if (e == CL_SUCCESS && fe_link_options(options, &library, &log) != FE_OK)
    e = CL_INVALID_LINKER_OPTIONS;
  free(log);
  log = NULL;
  fe_compiler *fc = out && e == CL_SUCCESS ? rt_compiler(ctx->platform) : NULL;
  if (out && e == CL_SUCCESS && !fc) e = CL_OUT_OF_HOST_MEMORY;
  if (out && fc) {
    out->options = rt_strdup(options ? options : "");
    out->arg_info = arg_info;
    isa_program *prog = NULL;
    fe_status st = fe_link(fc, bcs, lens, nprog, library, &ctx->device->target, &out->bc,
                           &out->bc_len, library ? NULL : &prog, &log);
    out->log = log ? log : rt_strdup("");
    if (st != FE_OK) {
      if (prog) isa_program_destroy(prog);
      out->status = CL_BUILD_ERROR;
      e = CL_LINK_PROGRAM_FAILURE;
    } else if (library) {
      out->status = CL_BUILD_SUCCESS;
      out->bintype = CL_PROGRAM_BINARY_TYPE_LIBRARY;
    } else {
      e = rt_program_install(out, prog);
    }
  }
  rt_unlock();
  free(bcs);
  free(lens);
  if (out && e != CL_SUCCESS && e != CL_LINK_PROGRAM_FAILURE) {
    clReleaseProgram(out);
    out = NULL;
  }
  rt_err(errcode_ret, e);
  if (out && notify) notify(out, data);
  return out;
}

CL_API_ENTRY cl_int CL_API_CALL clGetProgramInfo(cl_program p, cl_program_info param, size_t size,
                                                 void *value, size_t *size_ret) {
  if (!RT_VALID(p, RT_MAGIC_PROGRAM)) return CL_INVALID_PROGRAM;
  const char *bin_opts = rt_program_compile_options(p);
  int bc_bin = p->bc && p->bintype != CL_PROGRAM_BINARY_TYPE_NONE;
  size_t bin_size = bc_bin ? strlen(RT_BINARY_BC_MAGIC) + 3 + p->bc_len
                    : p->source && p->prog
                        ? strlen(RT_BINARY_MAGIC) + strlen(bin_opts) + 1 + strlen(p->source) + 1
                        : 0;
  switch (param) {
  case CL_PROGRAM_REFERENCE_COUNT:
    RT_INFO_VAL(cl_uint, p->refs);
  case CL_PROGRAM_CONTEXT:
    RT_INFO_VAL(cl_context, p->ctx);
  case CL_PROGRAM_NUM_DEVICES:
    RT_INFO_VAL(cl_uint, 1);
  case CL_PROGRAM_DEVICES:
    RT_INFO_VAL(cl_device_id, p->ctx->device);
  case CL_PROGRAM_SOURCE:
    return rt_info_str(size, value, size_ret, p->source);
  case CL_PROGRAM_IL:
    return rt_info(size, value, size_ret, p->il, p->il_words * 4);
  case CL_PROGRAM_BINARY_SIZES:
    RT_INFO_VAL(size_t, bin_size);
  case CL_PROGRAM_BINARIES: {
    if (value && size < sizeof(unsigned char *)) return CL_INVALID_VALUE;
    if (value && bc_bin && ((unsigned char **)value)[0]) {
      unsigned char *dst = ((unsigned char **)value)[0];
      size_t m = strlen(RT_BINARY_BC_MAGIC);
      memcpy(dst, RT_BINARY_BC_MAGIC, m);
      dst[m] = p->bintype == CL_PROGRAM_BINARY_TYPE_COMPILED_OBJECT ? 'o'
               : p->bintype == CL_PROGRAM_BINARY_TYPE_LIBRARY       ? 'l'
                                                                    : 'e';
      dst[m + 1] = p->arg_info ? '1' : '0';
      dst[m + 2] = '\n';
      memcpy(dst + m + 3, p->bc, p->bc_len);
    } else if (value && bin_size && ((unsigned char **)value)[0]) {
      unsigned char *dst = ((unsigned char **)value)[0];
      size_t m = strlen(RT_BINARY_MAGIC), o = strlen(bin_opts) + 1;
      memcpy(dst, RT_BINARY_MAGIC, m);
      memcpy(dst + m, bin_opts, o);
      memcpy(dst + m + o, p->source, bin_size - m - o);
    }
    if (size_ret) *size_ret = sizeof(unsigned char *);
    return CL_SUCCESS;
  }
  case CL_PROGRAM_NUM_KERNELS:
    if (!p->prog) return CL_INVALID_PROGRAM_EXECUTABLE;
    RT_INFO_VAL(size_t, p->prog->nkernels);
  case CL_PROGRAM_KERNEL_NAMES:
    if (!p->prog) return CL_INVALID_PROGRAM_EXECUTABLE;
    return rt_info_str(size, value, size_ret, p->kernel_names);
  default:
    return CL_INVALID_VALUE;
  }
}

CL_API_ENTRY cl_int CL_API_CALL clGetProgramBuildInfo(cl_program p, cl_device_id d,
                                                      cl_program_build_info param, size_t size,
                                                      void *value, size_t *size_ret) {
  if (!RT_VALID(p, RT_MAGIC_PROGRAM)) return CL_INVALID_PROGRAM;
  if (d != p->ctx->device) return CL_INVALID_DEVICE;
  switch (param) {
  case CL_PROGRAM_BUILD_STATUS:
    RT_INFO_VAL(cl_build_status, p->status);
  case CL_PROGRAM_BUILD_OPTIONS:
    return rt_info_str(size, value, size_ret, p->options);
  case CL_PROGRAM_BUILD_LOG:
    return rt_info_str(size, value, size_ret, p->log);
  case CL_PROGRAM_BINARY_TYPE:
    RT_INFO_VAL(cl_program_binary_type, p->bintype);
  case CL_PROGRAM_BUILD_GLOBAL_VARIABLE_TOTAL_SIZE:
    RT_INFO_VAL(size_t, 0);
  default:
    return CL_INVALID_VALUE;
  }
}

CL_API_ENTRY cl_int CL_API_CALL
clSetProgramReleaseCallback(cl_program p, void(CL_CALLBACK *fn)(cl_program, void *), void *data) {
  (void)fn, (void)data;
  return RT_VALID(p, RT_MAGIC_PROGRAM) ? CL_INVALID_OPERATION : CL_INVALID_PROGRAM;
}

CL_API_ENTRY cl_int CL_API_CALL clSetProgramSpecializationConstant(cl_program p, cl_uint id,
                                                                   size_t size, const void *value) {
  (void)id, (void)size, (void)value;
  return RT_VALID(p, RT_MAGIC_PROGRAM) ? CL_INVALID_OPERATION : CL_INVALID_PROGRAM;
}
