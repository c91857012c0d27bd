/* Program objects: creation from OpenCL C source, SPIR-V or our "binary"
 * (the source with a header, so programs that cache binaries work),
 * clBuildProgram through the frontend, and the program queries. */
#include <stdlib.h>
#include <string.h>

#include "rt.h"
#include "rt_opts.h"
#include "rt_target.h"

/* Our "binary": a header line, the build options the program was built with
 * and a NUL, then the source and a NUL. Version 1 had the source only. The
 * options travel with it because apps rebuild a cached binary without them
 * (-D and -I must still apply). */
#define RT_BINARY_MAGIC "wavesim-program-source 2\n"
#define RT_BINARY_MAGIC_V1 "wavesim-program-source 1\n"
/* Compiled objects, libraries and executables linked from them carry LLVM
 * bitcode, or SPIR-V where an IL program's object went in, instead (see
 * rt_bin for the layout; the magic keeps its name for either). */
#define RT_BINARY_BC_MAGIC "wavesim-program-bitcode 1\n"

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
  p->devmask = (uint32_t)((1ull << ctx->ndev) - 1); /* every device of the context */
  for (cl_uint i = 0; i < RT_MAX_DEVICES; i++) p->dev[i].status = CL_BUILD_NONE;
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
  /* the magic number in either byte order (a big-endian module is turned
   * around at the build: fe_spirv_specialize) */
  uint32_t magic = il && length >= 4 ? *(const uint32_t *)il : 0;
  if (!il || length < 20 || length % 4 || (magic != 0x07230203u && magic != 0x03022307u)) {
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

/* One binary handed to clCreateProgramWithBinary, parsed. */
typedef struct rt_bin {
  int is_bc;
  /* an object: after its magic line, the kind ('o' object, 'l' library,
   * 'e' executable), the -cl-kernel-arg-info flag ('0'/'1'), '\n', then
   * LLVM bitcode or (an IL program's) SPIR-V, which fe_link tells apart */
  cl_program_binary_type type;
  int arg_info;
  const void *bc;
  size_t bc_len;
  /* source: the options (NULL for version 1) and the source text */
  const char *opts;
  const char *src;
  size_t src_len;
} rt_bin;

static cl_int rt_bin_parse(const char *bin, size_t length, rt_bin *out) {
  memset(out, 0, sizeof *out);
  size_t blen = strlen(RT_BINARY_BC_MAGIC);
  if (length >= blen + 3 && memcmp(bin, RT_BINARY_BC_MAGIC, blen) == 0) {
    const char *b = bin + blen;
    size_t len = length - blen;
    out->is_bc = 1;
    out->type = b[0] == 'o'   ? CL_PROGRAM_BINARY_TYPE_COMPILED_OBJECT
                : b[0] == 'l' ? CL_PROGRAM_BINARY_TYPE_LIBRARY
                : b[0] == 'e' ? CL_PROGRAM_BINARY_TYPE_EXECUTABLE
                              : CL_PROGRAM_BINARY_TYPE_NONE;
    if (out->type == CL_PROGRAM_BINARY_TYPE_NONE || (b[1] != '0' && b[1] != '1') || b[2] != '\n' ||
        len == 3)
      return CL_INVALID_BINARY;
    out->arg_info = b[1] == '1';
    out->bc = b + 3;
    out->bc_len = len - 3;
    return CL_SUCCESS;
  }
  size_t mlen = strlen(RT_BINARY_MAGIC);
  int v2 = length >= mlen && memcmp(bin, RT_BINARY_MAGIC, mlen) == 0;
  int v1 = length >= mlen && memcmp(bin, RT_BINARY_MAGIC_V1, mlen) == 0;
  const char *src = bin + mlen;
  size_t len = v1 || v2 ? length - mlen : 0;
  if (v2) { /* options, NUL, source */
    const char *nul = memchr(src, 0, len);
    if (nul) {
      out->opts = src;
      len -= (size_t)(nul + 1 - src);
      src = nul + 1;
    }
  }
  if ((!v1 && !v2) || (v2 && !out->opts)) return CL_INVALID_BINARY;
  if (len && src[len - 1] == 0) len--;
  out->src = src;
  out->src_len = len;
  return CL_SUCCESS;
}

/* Source binaries of one program must carry the same source and options:
 * the program keeps one source and builds it for each device. */
static int rt_bin_same_source(const rt_bin *a, const rt_bin *b) {
  return a->src_len == b->src_len && memcmp(a->src, b->src, a->src_len) == 0 &&
         strcmp(a->opts ? a->opts : "", b->opts ? b->opts : "") == 0;
}

CL_API_ENTRY cl_program CL_API_CALL clCreateProgramWithBinary(
    cl_context ctx, cl_uint ndev, const cl_device_id *devs, const size_t *lengths,
    const unsigned char **binaries, cl_int *binary_status, cl_int *errcode_ret) {
  if (!RT_VALID(ctx, RT_MAGIC_CONTEXT)) {
    rt_err(errcode_ret, CL_INVALID_CONTEXT);
    return NULL;
  }
  if (ndev == 0 || !devs || !lengths || !binaries) {
    rt_err(errcode_ret, CL_INVALID_VALUE);
    return NULL;
  }
  uint32_t mask = 0;
  int idx[RT_MAX_DEVICES];
  for (cl_uint i = 0; i < ndev; i++) {
    int at = RT_VALID(devs[i], RT_MAGIC_DEVICE) ? rt_ctx_index(ctx, devs[i]) : -1;
    if (at < 0 || (mask & (1u << at))) {
      rt_err(errcode_ret, CL_INVALID_DEVICE);
      return NULL;
    }
    mask |= 1u << at;
    idx[i] = at;
  }
  rt_bin bins[RT_MAX_DEVICES];
  cl_int e = CL_SUCCESS;
  for (cl_uint i = 0; i < ndev; i++) {
    cl_int bs = !binaries[i] || lengths[i] == 0
                    ? CL_INVALID_VALUE
                    : rt_bin_parse((const char *)binaries[i], lengths[i], &bins[i]);
    if (bs == CL_SUCCESS && i > 0 &&
        (bins[i].is_bc != bins[0].is_bc ||
         (!bins[i].is_bc && !rt_bin_same_source(&bins[0], &bins[i]))))
      bs = CL_INVALID_BINARY;
    if (binary_status) binary_status[i] = bs;
    if (bs != CL_SUCCESS && e != CL_INVALID_VALUE) e = bs;
  }
  if (e != CL_SUCCESS) {
    rt_err(errcode_ret, e);
    return NULL;
  }
  struct _cl_program *p = rt_program_new(ctx, errcode_ret);
  if (!p) return NULL;
  p->devmask = mask;
  int oom = 0;
  if (bins[0].is_bc) {
    for (cl_uint i = 0; i < ndev; i++) {
      rt_prog_dev *pd = &p->dev[idx[i]];
      pd->bc = malloc(bins[i].bc_len);
      if (!pd->bc) {
        oom = 1;
        break;
      }
      memcpy(pd->bc, bins[i].bc, bins[i].bc_len);
      pd->bc_len = bins[i].bc_len;
      pd->bintype = bins[i].type;
      p->arg_info |= bins[i].arg_info;
      /* An object or library is ready to link as created; an executable
       * still needs clBuildProgram, as for every binary. */
      if (pd->bintype != CL_PROGRAM_BINARY_TYPE_EXECUTABLE) pd->status = CL_BUILD_SUCCESS;
    }
  } else {
    p->source = malloc(bins[0].src_len + 1);
    p->bin_options = rt_strdup(bins[0].opts ? bins[0].opts : "");
    if (p->source && p->bin_options) {
      memcpy(p->source, bins[0].src, bins[0].src_len);
      p->source[bins[0].src_len] = 0;
      for (cl_uint i = 0; i < ndev; i++) p->dev[idx[i]].bintype = CL_PROGRAM_BINARY_TYPE_EXECUTABLE;
    } else {
      oom = 1;
    }
  }
  if (oom) {
    rt_program_release_internal(p);
    rt_err(errcode_ret, CL_OUT_OF_HOST_MEMORY);
    return NULL;
  }
  return p;
}

CL_API_ENTRY cl_int CL_API_CALL clRetainProgram(cl_program p) {
  if (!RT_VALID(p, RT_MAGIC_PROGRAM)) return CL_INVALID_PROGRAM;
  rt_lock();
  p->refs++;
  rt_unlock();
  return CL_SUCCESS;
}

/* Program-level segments: one copy per (program, device) serves every
 * launch of every kernel of the program there. */
static void rt_program_segments_free(struct _cl_program *p, cl_uint i) {
  for (int sg = 0; sg < ISA_NSEGS; sg++) {
    if (p->dev[i].seg_addr[sg]) sim_mem_free(p->ctx->devices[i]->sim, p->dev[i].seg_addr[sg]);
    p->dev[i].seg_addr[sg] = 0;
  }
  p->dev[i].segs_placed = 0;
}

cl_int rt_program_segments(struct _cl_program *p, cl_uint i) {
  rt_lock();
  rt_prog_dev *pd = &p->dev[i];
  if (pd->segs_placed || !pd->prog) {
    rt_unlock();
    return CL_SUCCESS;
  }
  sim_device *sim = p->ctx->devices[i]->sim;
  const isa_program *prog = pd->prog;
  const char *why = NULL;
  for (int sg = 0; sg < ISA_NSEGS && !why; sg++) {
    const isa_segment *seg = &prog->segs[sg];
    if (!seg->size) continue;
    pd->seg_addr[sg] = sim_mem_alloc(sim, seg->size, NULL);
    void *host = pd->seg_addr[sg] ? sim_mem_host(sim, pd->seg_addr[sg], seg->size) : NULL;
    if (!host)
      why = "no device memory left for the program's segments";
    else
      memcpy(host, seg->data, seg->size);
  }
  /* pointers inside the data hold offsets into their target's segment */
  for (int sg = 0; sg < ISA_NSEGS && !why; sg++) {
    const isa_segment *seg = &prog->segs[sg];
    uint8_t *h = seg->size ? sim_mem_host(sim, pd->seg_addr[sg], seg->size) : NULL;
    for (uint32_t q = 0; q < seg->nrelocs && !why; q++) {
      const isa_reloc *rl = &seg->relocs[q];
      if (!h || rl->at > seg->size || seg->size - rl->at < 8 || rl->seg >= ISA_NSEGS) {
        why = "a relocation outside its segment (corrupt program binary)";
        break;
      }
      uint64_t v = 0;
      for (int b = 0; b < 8; b++) v |= (uint64_t)h[rl->at + b] << (8 * b);
      v += pd->seg_addr[rl->seg];
      for (int b = 0; b < 8; b++) h[rl->at + b] = (uint8_t)(v >> (8 * b));
    }
  }
  if (why) {
    rt_program_segments_free(p, i);
    rt_unlock();
    fprintf(stderr, "wavesim: program-scope variables on %s: %s\n", p->ctx->devices[i]->config_name,
            why);
    return CL_OUT_OF_RESOURCES;
  }
  pd->segs_placed = 1;
  rt_unlock();
  return CL_SUCCESS;
}

/* Drops what a previous build, compile or link left on device i (caller
 * holds the lock). */
static void rt_program_reset(struct _cl_program *p, cl_uint i) {
  rt_prog_dev *pd = &p->dev[i];
  free(pd->log);
  pd->log = NULL;
  rt_program_segments_free(p, i);
  if (pd->prog) isa_program_destroy(pd->prog);
  pd->prog = NULL;
  sim_oob_seen_fini(&pd->oob_seen); /* its keys point into the program */
}

void rt_program_release_internal(struct _cl_program *p) {
  rt_lock();
  if (--p->refs > 0) {
    rt_unlock();
    return;
  }
  p->magic = RT_MAGIC_DEAD;
  for (cl_uint i = 0; i < p->ctx->ndev; i++) {
    rt_program_reset(p, i);
    free(p->dev[i].bc);
  }
  rt_unlock();
  free(p->source);
  free(p->il);
  free(p->spec);
  free(p->options);
  free(p->bin_options);
  free(p->kernel_names);
  rt_context_release(p->ctx);
  free(p);
}

CL_API_ENTRY cl_int CL_API_CALL clReleaseProgram(cl_program p) {
  if (!RT_VALID(p, RT_MAGIC_PROGRAM)) return CL_INVALID_PROGRAM;
  rt_program_release_internal(p);
  return CL_SUCCESS;
}

/* The devices a build, compile or link applies to, as a mask over context
 * indices: those listed (each must be one of `allowed`), or all of them. */
static cl_int rt_device_mask(const struct _cl_context *ctx, uint32_t allowed, cl_uint ndev,
                             const cl_device_id *devs, uint32_t *mask) {
  if ((ndev > 0) != (devs != NULL)) return CL_INVALID_VALUE;
  *mask = ndev ? 0 : allowed;
  for (cl_uint i = 0; i < ndev; i++) {
    int at = RT_VALID(devs[i], RT_MAGIC_DEVICE) ? rt_ctx_index(ctx, devs[i]) : -1;
    if (at < 0 || !(allowed & (1u << at))) return CL_INVALID_DEVICE;
    *mask |= 1u << at;
  }
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

/* The first device (context order) with a built executable, or -1. */
static int rt_program_first_built(const struct _cl_program *p) {
  for (cl_uint i = 0; i < p->ctx->ndev; i++)
    if ((p->devmask & (1u << i)) && p->dev[i].prog) return (int)i;
  return -1;
}

/* Kernel names come from the first device built (every device builds the
 * same source, so they agree). */
static void rt_program_names(struct _cl_program *p) {
  free(p->kernel_names);
  p->kernel_names = NULL;
  int at = rt_program_first_built(p);
  if (at < 0) return;
  const isa_program *prog = p->dev[at].prog;
  for (uint32_t i = 0; i < prog->nkernels; i++)
    rt_strcat(&p->kernel_names, "%s%s", i ? ";" : "", prog->kernels[i].name);
  if (!p->kernel_names) p->kernel_names = rt_strdup("");
}

/* Installs an executable built for device i (its segments are placed at
 * the first launch: rt_program_segments). Returns CL_SUCCESS. */
static cl_int rt_program_install(struct _cl_program *p, cl_uint i, isa_program *prog) {
  rt_prog_dev *pd = &p->dev[i];
  pd->prog = prog;
  pd->status = CL_BUILD_SUCCESS;
  pd->bintype = CL_PROGRAM_BINARY_TYPE_EXECUTABLE;
  return CL_SUCCESS;
}

static fe_compiler *rt_compiler(struct _cl_platform_id *plat) {
  /* made at platform set-up; again here only if memory ran out then */
  if (!plat->compiler) plat->compiler = rt_opts_compiler_create();
  return plat->compiler;
}

/* Builds program p for context device i (caller holds the lock). */
static cl_int rt_build_one(struct _cl_program *p, cl_uint i, fe_compiler *fc) {
  rt_prog_dev *pd = &p->dev[i];
  const fe_target *target = &p->ctx->devices[i]->target;
  rt_program_reset(p, i);
  pd->status = CL_BUILD_IN_PROGRESS;
  isa_program *prog = NULL;
  char *log = NULL;
  fe_status st;
  if (!fc) {
    st = FE_INTERNAL;
    log = rt_strdup("wavesim: cannot create the OpenCL C compiler (out of memory)\n");
  } else if (pd->bc && !p->source && !p->il) {
    /* From an object binary (bitcode or SPIR-V): the object, library or
     * linked executable is linked alone (link options do not apply to
     * clBuildProgram). */
    void *bc = NULL;
    size_t bc_len = 0;
    const void *in[1] = {pd->bc};
    st = fe_link(fc, in, &pd->bc_len, 1, 0, target, &bc, &bc_len, &prog, &log);
    if (st == FE_OK) {
      free(pd->bc);
      pd->bc = bc;
      pd->bc_len = bc_len;
    }
  } else if (p->il) {
    /* specialised (the values set, every specialization constant frozen):
     * p->il stays the module the application gave (CL_PROGRAM_IL) */
    size_t nw = 0;
    free(pd->bc); /* an IL program compiled before is built afresh */
    pd->bc = NULL;
    pd->bc_len = 0;
    uint32_t *w = fe_spirv_specialize(p->il, p->il_words, p->spec, p->nspec, &nw);
    if (w) {
      st = fe_build_spirv(fc, w, nw, rt_program_compile_options(p), target, &prog, &log);
      free(w);
    } else {
      st = FE_INTERNAL;
      log = rt_strdup("wavesim: out of memory specialising the SPIR-V module\n");
    }
  } else {
    char *opts = NULL;
    free(pd->bc); /* a source program compiled before is built afresh */
    pd->bc = NULL;
    pd->bc_len = 0;
    rt_strcat(&opts, "%s %s", rt_target_build_prefix(), rt_program_compile_options(p));
    if (!opts) {
      st = FE_INTERNAL;
      log = rt_strdup("wavesim: out of memory composing the build options\n");
    } else {
      st = fe_build(fc, p->source, opts, target, &prog, &log);
      free(opts);
    }
  }
  pd->log = log ? log : rt_strdup("");
  if (st == FE_OK && prog) return rt_program_install(p, i, prog);
  if (prog) isa_program_destroy(prog);
  pd->status = CL_BUILD_ERROR;
  if (!pd->bc) pd->bintype = CL_PROGRAM_BINARY_TYPE_NONE;
  return st == FE_INVALID_OPTIONS ? CL_INVALID_BUILD_OPTIONS : CL_BUILD_PROGRAM_FAILURE;
}

CL_API_ENTRY cl_int CL_API_CALL clBuildProgram(cl_program p, cl_uint ndev, const cl_device_id *devs,
                                               const char *options,
                                               void(CL_CALLBACK *notify)(cl_program, void *),
                                               void *data) {
  if (!RT_VALID(p, RT_MAGIC_PROGRAM)) return CL_INVALID_PROGRAM;
  uint32_t mask;
  cl_int e = rt_device_mask(p->ctx, p->devmask, ndev, devs, &mask);
  if (e != CL_SUCCESS) return e;
  if (!notify && data) return CL_INVALID_VALUE;
  struct _cl_platform_id *plat = p->ctx->platform;
  rt_lock();
  if (p->nkernels_live) {
    rt_unlock();
    return CL_INVALID_OPERATION; /* kernels exist: the spec forbids a rebuild */
  }
  fe_compiler *fc = rt_compiler(plat);
  free(p->options);
  p->options = rt_strdup(options ? options : "");
  /* SPIR-V carries no OpenCL C argument info; bitcode keeps its own flag. */
  if (p->il)
    p->arg_info = 0;
  else if (p->source)
    p->arg_info = rt_has_arg_info(rt_program_compile_options(p));
  /* Each listed device builds for its own target; the first failure's code
   * is returned, every device keeps its own status and log. */
  for (cl_uint i = 0; i < p->ctx->ndev; i++) {
    if (!(mask & (1u << i))) continue;
    cl_int ei = rt_build_one(p, i, fc);
    if (e == CL_SUCCESS) e = ei;
  }
  rt_program_names(p);
  rt_unlock();
  if (notify) notify(p, data);
  return e;
}

/* clCompileProgram keeps the compiled object per device: clang's bitcode for
 * a source program (the embedded headers written under their include
 * names), the specialised SPIR-V module for an IL program (fe.h says why). */
CL_API_ENTRY cl_int CL_API_CALL clCompileProgram(cl_program p, cl_uint ndev,
                                                 const cl_device_id *devs, const char *options,
                                                 cl_uint nheaders, const cl_program *headers,
                                                 const char **header_names,
                                                 void(CL_CALLBACK *notify)(cl_program, void *),
                                                 void *data) {
  if (!RT_VALID(p, RT_MAGIC_PROGRAM)) return CL_INVALID_PROGRAM;
  if ((nheaders > 0) != (headers != NULL) || (nheaders > 0) != (header_names != NULL))
    return CL_INVALID_VALUE;
  uint32_t mask;
  cl_int e = rt_device_mask(p->ctx, p->devmask, ndev, devs, &mask);
  if (e != CL_SUCCESS) return e;
  if (!notify && data) return CL_INVALID_VALUE;
  for (cl_uint i = 0; i < nheaders; i++) {
    if (!RT_VALID(headers[i], RT_MAGIC_PROGRAM)) return CL_INVALID_PROGRAM;
    if (!headers[i]->source || !header_names[i]) return CL_INVALID_VALUE;
  }
  /* Programs created from source or IL (OpenCL 3.0: the headers are
   * ignored for IL): our binaries carry the source (bin_options set), but to
   * the application they hold no source. */
  if ((!p->source && !p->il) || p->bin_options) return CL_INVALID_OPERATION;
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
  free(p->options);
  p->options = rt_strdup(options ? options : "");
  p->arg_info = p->il ? 0 : rt_has_arg_info(options); /* as clBuildProgram */
  char *opts = NULL;
  rt_strcat(&opts, "%s %s", rt_target_build_prefix(), options ? options : "");
  for (cl_uint i = 0; i < p->ctx->ndev; i++) {
    if (!(mask & (1u << i))) continue;
    rt_prog_dev *pd = &p->dev[i];
    rt_program_reset(p, i);
    free(pd->bc);
    pd->bc = NULL;
    pd->bc_len = 0;
    pd->bintype = CL_PROGRAM_BINARY_TYPE_NONE;
    pd->status = CL_BUILD_IN_PROGRESS;
    char *log = NULL;
    fe_status st = FE_INTERNAL;
    if (!fc || !opts) {
      log = rt_strdup("wavesim: out of memory starting the compiler\n");
    } else if (p->il) {
      /* specialised as for clBuildProgram, then kept as a SPIR-V object */
      size_t nw = 0;
      uint32_t *w = fe_spirv_specialize(p->il, p->il_words, p->spec, p->nspec, &nw);
      if (w)
        st = fe_compile_spirv_object(fc, w, nw, options, &p->ctx->devices[i]->target, &pd->bc,
                                     &pd->bc_len, &log);
      else
        log = rt_strdup("wavesim: out of memory specialising the SPIR-V module\n");
      free(w);
    } else {
      st = fe_compile_object(fc, p->source, opts, hdrs, nheaders, &p->ctx->devices[i]->target,
                             &pd->bc, &pd->bc_len, &log);
    }
    pd->log = log ? log : rt_strdup("");
    if (st == FE_OK) {
      pd->status = CL_BUILD_SUCCESS;
      pd->bintype = CL_PROGRAM_BINARY_TYPE_COMPILED_OBJECT;
    } else {
      pd->status = CL_BUILD_ERROR;
      if (e == CL_SUCCESS)
        e = st == FE_INVALID_OPTIONS ? CL_INVALID_COMPILER_OPTIONS : CL_COMPILE_PROGRAM_FAILURE;
    }
  }
  rt_program_names(p);
  free(opts);
  free(hdrs);
  rt_unlock();
  if (notify) notify(p, data);
  return e;
}

/* Links device i of `out` from the inputs' objects for that device, bitcode
 * or SPIR-V (caller holds the lock). */
static cl_int rt_link_one(struct _cl_program *out, cl_uint i, fe_compiler *fc, cl_uint nprog,
                          const cl_program *progs, int library) {
  const void *bcs[64];
  size_t lens[64];
  const void **bcv = nprog <= 64 ? bcs : calloc(nprog, sizeof *bcv);
  size_t *lenv = nprog <= 64 ? lens : calloc(nprog, sizeof *lenv);
  cl_int e = CL_SUCCESS;
  if (!bcv || !lenv) e = CL_OUT_OF_HOST_MEMORY;
  for (cl_uint j = 0; e == CL_SUCCESS && j < nprog; j++) {
    const rt_prog_dev *in = &progs[j]->dev[i];
    if (!in->bc || (in->bintype != CL_PROGRAM_BINARY_TYPE_COMPILED_OBJECT &&
                    in->bintype != CL_PROGRAM_BINARY_TYPE_LIBRARY))
      e = CL_INVALID_OPERATION; /* not a compiled object or library for this device */
    bcv[j] = in->bc;
    lenv[j] = in->bc_len;
  }
  if (e == CL_SUCCESS) {
    rt_prog_dev *pd = &out->dev[i];
    isa_program *prog = NULL;
    char *log = NULL;
    fe_status st = fe_link(fc, bcv, lenv, nprog, library, &out->ctx->devices[i]->target, &pd->bc,
                           &pd->bc_len, library ? NULL : &prog, &log);
    pd->log = log ? log : rt_strdup("");
    if (st != FE_OK) {
      if (prog) isa_program_destroy(prog);
      pd->status = CL_BUILD_ERROR;
      e = CL_LINK_PROGRAM_FAILURE;
    } else if (library) {
      pd->status = CL_BUILD_SUCCESS;
      pd->bintype = CL_PROGRAM_BINARY_TYPE_LIBRARY;
    } else {
      e = rt_program_install(out, i, prog);
    }
  }
  if (bcv != bcs) free((void *)bcv);
  if (lenv != lens) free(lenv);
  return e;
}

/* clLinkProgram: llvm-link over the inputs' bitcode, or spirv-link when any
 * input is an IL program's SPIR-V object (fe_link), then (unless
 * -create-library) the usual lowering to an executable; per device. */
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
  uint32_t mask;
  cl_int e = rt_device_mask(ctx, (1u << ctx->ndev) - 1, ndev, devs, &mask);
  if (e != CL_SUCCESS) {
    rt_err(errcode_ret, e);
    return NULL;
  }
  for (cl_uint i = 0; i < nprog; i++) {
    if (!RT_VALID(progs[i], RT_MAGIC_PROGRAM) || progs[i]->ctx != ctx) {
      rt_err(errcode_ret, CL_INVALID_PROGRAM);
      return NULL;
    }
  }
  int arg_info = 0;
  struct _cl_program *out = rt_program_new(ctx, &e); /* locks itself: made before rt_lock */
  rt_lock();
  for (cl_uint i = 0; i < nprog; i++) arg_info |= progs[i]->arg_info;
  int library = 0;
  char *log = NULL;
  if (e == CL_SUCCESS && fe_link_options(options, &library, &log) != FE_OK)
    e = CL_INVALID_LINKER_OPTIONS;
  free(log);
  fe_compiler *fc = out && e == CL_SUCCESS ? rt_compiler(ctx->platform) : NULL;
  if (out && e == CL_SUCCESS && !fc) e = CL_OUT_OF_HOST_MEMORY;
  if (out && fc) {
    out->devmask = mask;
    out->options = rt_strdup(options ? options : "");
    out->arg_info = arg_info;
    /* A link failure keeps the program (its logs say why); other errors
     * (not an object for some device, out of memory) do not. */
    for (cl_uint i = 0; i < ctx->ndev; i++) {
      if (!(mask & (1u << i))) continue;
      cl_int ei = rt_link_one(out, i, fc, nprog, progs, library);
      if (e == CL_SUCCESS || (e == CL_LINK_PROGRAM_FAILURE && ei != CL_SUCCESS)) e = ei;
    }
    rt_program_names(out);
  }
  rt_unlock();
  if (out && e != CL_SUCCESS && e != CL_LINK_PROGRAM_FAILURE) {
    clReleaseProgram(out);
    out = NULL;
  }
  rt_err(errcode_ret, e);
  if (out && notify) notify(out, data);
  return out;
}

/* The size of device i's CL_PROGRAM_BINARIES entry (0: none): bitcode or
 * SPIR-V for objects, libraries and executables linked from them, else the
 * source with its options once built. */
static size_t rt_binary_size(const struct _cl_program *p, cl_uint i) {
  const rt_prog_dev *pd = &p->dev[i];
  if (pd->bc && pd->bintype != CL_PROGRAM_BINARY_TYPE_NONE)
    return strlen(RT_BINARY_BC_MAGIC) + 3 + pd->bc_len;
  if (p->source && pd->prog)
    return strlen(RT_BINARY_MAGIC) + strlen(rt_program_compile_options(p)) + 1 + strlen(p->source) +
           1;
  return 0;
}

static void rt_binary_write(const struct _cl_program *p, cl_uint i, unsigned char *dst) {
  const rt_prog_dev *pd = &p->dev[i];
  size_t size = rt_binary_size(p, i);
  if (pd->bc && pd->bintype != CL_PROGRAM_BINARY_TYPE_NONE) {
    size_t m = strlen(RT_BINARY_BC_MAGIC);
    memcpy(dst, RT_BINARY_BC_MAGIC, m);
    dst[m] = pd->bintype == CL_PROGRAM_BINARY_TYPE_COMPILED_OBJECT ? 'o'
             : pd->bintype == CL_PROGRAM_BINARY_TYPE_LIBRARY       ? 'l'
                                                                   : 'e';
    dst[m + 1] = p->arg_info ? '1' : '0';
    dst[m + 2] = '\n';
    memcpy(dst + m + 3, pd->bc, pd->bc_len);
  } else if (size) {
    const char *bin_opts = rt_program_compile_options(p);
    size_t m = strlen(RT_BINARY_MAGIC), o = strlen(bin_opts) + 1;
    memcpy(dst, RT_BINARY_MAGIC, m);
    memcpy(dst + m, bin_opts, o);
    memcpy(dst + m + o, p->source, size - m - o);
  }
}

unsigned char *rt_program_binary(const struct _cl_program *p, cl_uint di, size_t *len) {
  *len = rt_binary_size(p, di);
  unsigned char *b = *len ? malloc(*len) : NULL;
  if (b) rt_binary_write(p, di, b);
  return b;
}

CL_API_ENTRY cl_int CL_API_CALL clGetProgramInfo(cl_program p, cl_program_info param, size_t size,
                                                 void *value, size_t *size_ret) {
  if (!RT_VALID(p, RT_MAGIC_PROGRAM)) return CL_INVALID_PROGRAM;
  /* Per-device answers are in the order of CL_PROGRAM_DEVICES. */
  cl_device_id devs[RT_MAX_DEVICES];
  size_t sizes[RT_MAX_DEVICES];
  cl_uint at[RT_MAX_DEVICES], n = 0;
  for (cl_uint i = 0; i < p->ctx->ndev; i++) {
    if (!(p->devmask & (1u << i))) continue;
    devs[n] = p->ctx->devices[i];
    sizes[n] = rt_binary_size(p, i);
    at[n++] = i;
  }
  switch (param) {
  case CL_PROGRAM_REFERENCE_COUNT:
    RT_INFO_VAL(cl_uint, p->refs);
  case CL_PROGRAM_CONTEXT:
    RT_INFO_VAL(cl_context, p->ctx);
  case CL_PROGRAM_NUM_DEVICES:
    RT_INFO_VAL(cl_uint, n);
  case CL_PROGRAM_DEVICES:
    return rt_info(size, value, size_ret, devs, n * sizeof *devs);
  case CL_PROGRAM_SOURCE:
    return rt_info_str(size, value, size_ret, p->source);
  case CL_PROGRAM_IL:
    return rt_info(size, value, size_ret, p->il, p->il_words * 4);
  case CL_PROGRAM_BINARY_SIZES:
    return rt_info(size, value, size_ret, sizes, n * sizeof *sizes);
  case CL_PROGRAM_BINARIES: {
    /* value is an array of n pointers; a NULL entry skips that device. */
    if (value && size < n * sizeof(unsigned char *)) return CL_INVALID_VALUE;
    for (cl_uint j = 0; value && j < n; j++) {
      unsigned char *dst = ((unsigned char **)value)[j];
      if (dst) rt_binary_write(p, at[j], dst);
    }
    if (size_ret) *size_ret = n * sizeof(unsigned char *);
    return CL_SUCCESS;
  }
  case CL_PROGRAM_NUM_KERNELS: {
    int b = rt_program_first_built(p);
    if (b < 0) return CL_INVALID_PROGRAM_EXECUTABLE;
    RT_INFO_VAL(size_t, p->dev[b].prog->nkernels);
  }
  case CL_PROGRAM_KERNEL_NAMES:
    if (rt_program_first_built(p) < 0) return CL_INVALID_PROGRAM_EXECUTABLE;
    return rt_info_str(size, value, size_ret, p->kernel_names);
  default:
    return CL_INVALID_VALUE;
  }
}

CL_API_ENTRY cl_int CL_API_CALL clGetProgramBuildInfo(cl_program p, cl_device_id d,
                                                      cl_program_build_info param, size_t size,
                                                      void *value, size_t *size_ret) {
  if (!RT_VALID(p, RT_MAGIC_PROGRAM)) return CL_INVALID_PROGRAM;
  int at = RT_VALID(d, RT_MAGIC_DEVICE) ? rt_ctx_index(p->ctx, d) : -1;
  if (at < 0 || !(p->devmask & (1u << at))) return CL_INVALID_DEVICE;
  const rt_prog_dev *pd = &p->dev[at];
  switch (param) {
  case CL_PROGRAM_BUILD_STATUS:
    RT_INFO_VAL(cl_build_status, pd->status);
  case CL_PROGRAM_BUILD_OPTIONS:
    return rt_info_str(size, value, size_ret, p->options);
  case CL_PROGRAM_BUILD_LOG:
    return rt_info_str(size, value, size_ret, pd->log);
  case CL_PROGRAM_BINARY_TYPE:
    RT_INFO_VAL(cl_program_binary_type, pd->bintype);
  case CL_PROGRAM_BUILD_GLOBAL_VARIABLE_TOTAL_SIZE:
    /* the __global segment's bytes (0 before a successful build) */
    RT_INFO_VAL(size_t, pd->prog ? pd->prog->segs[ISA_SEG_GLOBAL].size : 0);
  default:
    return CL_INVALID_VALUE;
  }
}

CL_API_ENTRY cl_int CL_API_CALL
clSetProgramReleaseCallback(cl_program p, void(CL_CALLBACK *fn)(cl_program, void *), void *data) {
  (void)fn, (void)data;
  return RT_VALID(p, RT_MAGIC_PROGRAM) ? CL_INVALID_OPERATION : CL_INVALID_PROGRAM;
}

/* OpenCL 2.2: the value SpecId `id` takes at the program's next build. The
 * size must be the constant's (1 for a boolean); the module is checked,
 * not changed (fe_spirv_specialize applies the values at each build). */
CL_API_ENTRY cl_int CL_API_CALL clSetProgramSpecializationConstant(cl_program p, cl_uint id,
                                                                   size_t size, const void *value) {
  if (!RT_VALID(p, RT_MAGIC_PROGRAM) || !p->il) return CL_INVALID_PROGRAM; /* not from IL */
  uint32_t want = fe_spirv_spec_size(p->il, p->il_words, id);
  if (!want) return CL_INVALID_SPEC_ID;
  if (!value || size != want) return CL_INVALID_VALUE;
  fe_spec_value v = {id, want, 0};
  for (uint32_t k = 0; k < want; k++) v.bits |= (uint64_t)((const uint8_t *)value)[k] << (8 * k);
  rt_lock();
  size_t k = 0;
  while (k < p->nspec && p->spec[k].id != id) k++;
  if (k == p->nspec) {
    fe_spec_value *ns = realloc(p->spec, (p->nspec + 1) * sizeof *ns);
    if (!ns) {
      rt_unlock();
      return CL_OUT_OF_HOST_MEMORY;
    }
    p->spec = ns;
    p->nspec++;
  }
  p->spec[k] = v;
  rt_unlock();
  return CL_SUCCESS;
}
