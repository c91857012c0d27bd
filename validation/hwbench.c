/* hwbench: one portable OpenCL 1.2 host program that runs the calibration cases
 * (validation/hwref) and the whole-kernel suite (validation/kernels), times them
 * with profiling events, checks each against a CPU reference and prints CSV rows.
 *
 * It uses nothing but the OpenCL API, so the same binary runs on a real GPU
 * driver, on PoCL and on wavesim (selected with --platform or OCL_ICD_VENDORS).
 * Build alone: gcc -O2 -std=c11 validation/hwbench.c -lOpenCL -lm */
#define CL_TARGET_OPENCL_VERSION 210 /* 1.2 calls, and clCreateProgramWithIL for --il */
#define CL_USE_DEPRECATED_OPENCL_1_2_APIS
#define _POSIX_C_SOURCE 200809L
#include <CL/cl.h>
#include <ctype.h>
#include <fnmatch.h>
#include <math.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

enum { SC_TINY, SC_SMALL, SC_MEDIUM, SC_LARGE };
static const char *const scale_names[] = {"tiny", "small", "medium", "large"};

#define HB_MAX_BUF 12
#define HB_MAX_LAUNCH 400 /* gramschmidt: 3 per column */
#define HB_MAX_PROG 2

enum { CMP_U32, CMP_F32 };

typedef struct hb_env {
  cl_context ctx;
  cl_command_queue q;
  cl_device_id dev;
  const char *kdirs[8];
  int nkdirs;
  int scale;
  cl_ulong local_mem;
  int verbose;
  const char *il_dir; /* --il: programs as SPIR-V files made beforehand (no OpenCL C compiler) */
  int print_builds;   /* --print-builds: prepare each case, print its builds, run nothing */
} hb_env;

typedef struct hb_launch {
  cl_kernel k;
  cl_uint dim;
  size_t g[3], l[3];
} hb_launch;

/* Everything one case owns between prepare and cleanup. */
typedef struct hb_state {
  hb_env *env;
  cl_program prog[HB_MAX_PROG];
  int nprog;
  cl_mem buf[HB_MAX_BUF];
  void *init[HB_MAX_BUF]; /* host copy re-uploaded before each launch, or NULL */
  size_t bytes[HB_MAX_BUF];
  int nbuf;
  hb_launch ln[HB_MAX_LAUNCH];
  int nln;
  int out;       /* buffer compared with ref */
  void *ref;     /* expected values (owned) */
  size_t ref_n;  /* number of elements compared */
  size_t stride; /* compare out[i * stride] with ref[i] */
  int cmp;       /* CMP_U32 or CMP_F32 */
  double tol_abs, tol_rel;
  double bytes_moved, flops;
  char notes[256];
  char skip[160]; /* non-empty: the case cannot run on this device */
  /* pointer chase: each launch starts where the previous one ended */
  int chase;
  uint32_t chase_start, chase_steps;
  uint32_t *chase_next;
} hb_state;

typedef struct hb_case {
  const char *family, *variant;
  int (*prepare)(hb_state *s, const struct hb_case *c);
  int ia, ib; /* per-case parameters */
} hb_case;

static int fail(const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  fputs("hwbench: ", stderr);
  vfprintf(stderr, fmt, ap);
  fputc('\n', stderr);
  va_end(ap);
  return -1;
}

static size_t pick(const hb_state *s, size_t tiny, size_t small, size_t medium, size_t large) {
  const size_t v[4] = {tiny, small, medium, large};
  return v[s->env->scale];
}

/* splitmix64: deterministic inputs on every platform. */
static uint64_t rng_next(uint64_t *st) {
  uint64_t z = (*st += 0x9E3779B97F4A7C15ull);
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  return z ^ (z >> 31);
}

static void *xmalloc(size_t n) {
  void *p = malloc(n ? n : 1);
  if (!p) {
    fprintf(stderr, "hwbench: out of host memory (%zu bytes)\n", n);
    exit(2);
  }
  return p;
}

static char *read_kernel_file(const hb_env *e, const char *file) {
  for (int d = 0; d < e->nkdirs; ++d) {
    char path[1024];
    snprintf(path, sizeof path, "%s/%s", e->kdirs[d], file);
    FILE *f = fopen(path, "rb");
    if (!f) continue;
    fseek(f, 0, SEEK_END);
    long n = ftell(f);
    fseek(f, 0, SEEK_SET);
    char *src = xmalloc((size_t)n + 1);
    size_t got = fread(src, 1, (size_t)n, f);
    fclose(f);
    src[got] = 0;
    return src;
  }
  fail("kernel file %s not found in any --kernels directory", file);
  return NULL;
}

/* The SPIR-V file --il reads for kernel file `file` built with `opts`:
 * DIR/FILE.HASH.spv, HASH the FNV-1a of opts (what --print-builds lists). */
static void il_path(const hb_env *e, const char *file, const char *opts, char *out, size_t n) {
  uint32_t h = 2166136261u;
  for (const char *p = opts; *p; ++p) h = (h ^ (uint8_t)*p) * 16777619u;
  snprintf(out, n, "%s/%s.%08x.spv", e->il_dir ? e->il_dir : ".", file, h);
}

static cl_program program_from_il(hb_state *s, const char *file, const char *opts) {
  char path[1024];
  il_path(s->env, file, opts, path, sizeof path);
  FILE *f = fopen(path, "rb");
  if (!f) {
    fail("%s not found: make it from %s with \"%s\" (scripts/bench_threads does)", path, file,
         opts);
    return NULL;
  }
  fseek(f, 0, SEEK_END);
  long n = ftell(f);
  fseek(f, 0, SEEK_SET);
  char *il = xmalloc((size_t)n);
  size_t got = fread(il, 1, (size_t)n, f);
  fclose(f);
  cl_int err;
  cl_program p = clCreateProgramWithIL(s->env->ctx, il, got, &err);
  free(il);
  if (err != CL_SUCCESS) {
    fail("clCreateProgramWithIL(%s): %d", path, err);
    return NULL;
  }
  return p;
}

static int build(hb_state *s, const char *file, const char *defines) {
  if (s->nprog == HB_MAX_PROG) return fail("too many programs in one case");
  char opts[512];
  snprintf(opts, sizeof opts, "-cl-std=CL1.2 %s", defines ? defines : "");
  if (s->env->print_builds) {
    char path[1024];
    il_path(s->env, file, opts, path, sizeof path);
    printf("%s\t%s\t%s\n", file, opts, strrchr(path, '/') + 1);
  }
  cl_int err;
  cl_program p;
  if (s->env->il_dir) {
    p = program_from_il(s, file, opts);
    if (!p) return -1;
    opts[0] = 0; /* the defines are in the SPIR-V already */
  } else {
    char *src = read_kernel_file(s->env, file);
    if (!src) return -1;
    const char *srcs[1] = {src};
    p = clCreateProgramWithSource(s->env->ctx, 1, srcs, NULL, &err);
    free(src);
    if (err != CL_SUCCESS) return fail("clCreateProgramWithSource(%s): %d", file, err);
  }
  err = clBuildProgram(p, 1, &s->env->dev, opts, NULL, NULL);
  if (err != CL_SUCCESS) {
    size_t n = 0;
    clGetProgramBuildInfo(p, s->env->dev, CL_PROGRAM_BUILD_LOG, 0, NULL, &n);
    char *log = xmalloc(n + 1);
    clGetProgramBuildInfo(p, s->env->dev, CL_PROGRAM_BUILD_LOG, n, log, NULL);
    log[n] = 0;
    fprintf(stderr, "%s\n", log);
    free(log);
    clReleaseProgram(p);
    return fail("clBuildProgram(%s, \"%s\"): %d", file, opts, err);
  }
  s->prog[s->nprog++] = p;
  return 0;
}

/* A device buffer; init (copied, may be NULL) is uploaded now, and before
 * every launch as well when reset is set. Returns the buffer index. */
static int buffer(hb_state *s, size_t bytes, const void *init, int reset) {
  if (s->nbuf == HB_MAX_BUF) return fail("too many buffers in one case");
  cl_int err;
  cl_mem m = clCreateBuffer(s->env->ctx, CL_MEM_READ_WRITE, bytes, NULL, &err);
  if (err != CL_SUCCESS) return fail("clCreateBuffer(%zu bytes): %d", bytes, err);
  if (init) {
    err = clEnqueueWriteBuffer(s->env->q, m, CL_TRUE, 0, bytes, init, 0, NULL, NULL);
    if (err != CL_SUCCESS) {
      clReleaseMemObject(m);
      return fail("clEnqueueWriteBuffer: %d", err);
    }
  }
  int i = s->nbuf++;
  s->buf[i] = m;
  s->bytes[i] = bytes;
  if (reset && init) {
    s->init[i] = xmalloc(bytes);
    memcpy(s->init[i], init, bytes);
  }
  return i;
}

/* Appends one kernel launch (of program prog) to the case's timed sequence. */
static cl_kernel launch(hb_state *s, int prog, const char *name, cl_uint dim, size_t g0, size_t g1,
                        size_t l0, size_t l1) {
  if (s->nln == HB_MAX_LAUNCH) {
    fail("too many launches in one case");
    return NULL;
  }
  cl_int err;
  cl_kernel k = clCreateKernel(s->prog[prog], name, &err);
  if (err != CL_SUCCESS) {
    fail("clCreateKernel(%s): %d", name, err);
    return NULL;
  }
  hb_launch *l = &s->ln[s->nln++];
  l->k = k;
  l->dim = dim;
  l->g[0] = g0, l->g[1] = g1, l->g[2] = 1;
  l->l[0] = l0, l->l[1] = l1, l->l[2] = 1;
  return k;
}

static int arg_mem(cl_kernel k, cl_uint i, const hb_state *s, int b) {
  cl_int err = clSetKernelArg(k, i, sizeof(cl_mem), &s->buf[b]);
  return err == CL_SUCCESS ? 0 : fail("clSetKernelArg(%u, buffer): %d", i, err);
}
static int arg_raw(cl_kernel k, cl_uint i, size_t n, const void *v) {
  cl_int err = clSetKernelArg(k, i, n, v);
  return err == CL_SUCCESS ? 0 : fail("clSetKernelArg(%u): %d", i, err);
}
static int arg_u32(cl_kernel k, cl_uint i, uint32_t v) {
  return arg_raw(k, i, 4, &v);
}
static int arg_i32(cl_kernel k, cl_uint i, int32_t v) {
  return arg_raw(k, i, 4, &v);
}
static int arg_f32(cl_kernel k, cl_uint i, float v) {
  return arg_raw(k, i, 4, &v);
}

static void set_ref(hb_state *s, int out, void *ref, size_t n, int cmp) {
  s->out = out;
  s->ref = ref;
  s->ref_n = n;
  s->cmp = cmp;
  if (!s->stride) s->stride = 1;
}

/* ---------------------------------------------------------------- hwref cases */

/* stream: ia = 0 vecadd, 1 saxpy, 2 copy float, 3 copy float4. */
static int prep_stream(hb_state *s, const hb_case *c) {
  const size_t n = pick(s, 1u << 16, 1u << 24, 1u << 25, 1u << 27);
  const int vec = c->ia == 3 ? 4 : 1;
  char defs[32];
  snprintf(defs, sizeof defs, "-DVEC=%d", vec);
  if (build(s, "stream.cl", defs)) return -1;
  float *a = xmalloc(n * 4), *b = xmalloc(n * 4), *ref = xmalloc(n * 4);
  uint64_t st = 1;
  for (size_t i = 0; i < n; ++i) {
    a[i] = (float)(rng_next(&st) >> 40) * 0x1p-20f;
    b[i] = (float)(rng_next(&st) >> 40) * 0x1p-22f;
  }
  const float alpha = 1.75f;
  int ba = buffer(s, n * 4, a, 0), bo = buffer(s, n * 4, NULL, 0), bb = -1;
  if (ba < 0 || bo < 0) goto bad;
  if (c->ia <= 1 && (bb = buffer(s, n * 4, b, 0)) < 0) goto bad;
  static const char *const names[] = {"vecadd", "saxpy", "copy", "copy"};
  const size_t items = n / (size_t)vec;
  cl_kernel k = launch(s, 0, names[c->ia], 1, items, 1, 256, 1);
  if (!k) goto bad;
  int e = 0;
  if (c->ia == 0) {
    e = arg_mem(k, 0, s, ba) | arg_mem(k, 1, s, bb) | arg_mem(k, 2, s, bo) | arg_u32(k, 3, n);
    for (size_t i = 0; i < n; ++i) ref[i] = a[i] + b[i];
  } else if (c->ia == 1) {
    e = arg_f32(k, 0, alpha) | arg_mem(k, 1, s, ba) | arg_mem(k, 2, s, bb) | arg_mem(k, 3, s, bo) |
        arg_u32(k, 4, n);
    for (size_t i = 0; i < n; ++i) ref[i] = alpha * a[i] + b[i];
    s->tol_rel = 1e-6; /* a * x + y may be contracted to an fma */
  } else {
    e = arg_mem(k, 0, s, ba) | arg_mem(k, 1, s, bo) | arg_u32(k, 2, items);
    memcpy(ref, a, n * 4);
  }
  if (e) goto bad;
  set_ref(s, bo, ref, n, CMP_F32);
  s->bytes_moved = (double)n * (c->ia <= 1 ? 12 : 8);
  s->flops = (double)n * (c->ia == 0 ? 1 : c->ia == 1 ? 2 : 0);
  free(a), free(b);
  return 0;
bad:
  free(a), free(b), free(ref);
  return -1;
}

/* bank: ia = stride. */
static int prep_bank(hb_state *s, const hb_case *c) {
  const size_t items = pick(s, 1u << 10, 1u << 17, 1u << 20, 1u << 22);
  const int size = 8192, iters = 256, wg = 256;
  if (build(s, "bank.cl", "-DSIZE=8192 -DITERS=256 -DWG=256")) return -1;
  int bo = buffer(s, items * 4, NULL, 0);
  if (bo < 0) return -1;
  cl_kernel k = launch(s, 0, "bank", 1, items, 1, (size_t)wg, 1);
  if (!k || arg_mem(k, 0, s, bo) || arg_i32(k, 1, c->ia) || arg_i32(k, 2, 0)) return -1;
  float *ref = xmalloc(items * 4);
  for (size_t i = 0; i < items; ++i) {
    const int lid = (int)(i % (size_t)wg);
    const int base = (lid * c->ia) % size;
    const float cc = (float)(lid & 15) * 0.0625f + 0.0625f;
    float v = (float)(base & 7) * 0.125f, acc = 0.0f;
    for (int it = 0; it < iters; ++it) v = acc = fmaf(v, 0.5f, cc);
    ref[i] = acc;
  }
  set_ref(s, bo, ref, items, CMP_F32);
  s->bytes_moved = (double)items * iters * 8;
  s->flops = (double)items * iters * 2;
  snprintf(s->notes, sizeof s->notes, "stride=%d bytes=__local_traffic local_arr=%dB iters=%d",
           c->ia, size * 4, iters);
  return 0;
}

/* A pointer chain through `nodes` 128-byte lines (32 words each; word 0 of
 * node i holds the word index of the next node), visiting every node in one
 * random cycle (Sattolo's algorithm), so each step depends on the last and
 * no prefetcher can guess it. */
static uint32_t *chase_cycle(size_t nodes, uint64_t seed) {
  uint32_t *next = xmalloc(nodes * 32 * 4), *perm = xmalloc(nodes * 4);
  memset(next, 0, nodes * 32 * 4);
  uint64_t st = seed;
  for (size_t i = 0; i < nodes; ++i) perm[i] = (uint32_t)i;
  for (size_t i = nodes - 1; i > 0; --i) {
    size_t j = (size_t)(rng_next(&st) % i);
    uint32_t t = perm[i];
    perm[i] = perm[j], perm[j] = t;
  }
  for (size_t i = 0; i < nodes; ++i) next[i * 32] = perm[i] * 32;
  free(perm);
  return next;
}

/* latency: ia = working set in KB. */
static int prep_latency(hb_state *s, const hb_case *c) {
  const size_t ws = (size_t)c->ia * 1024, nodes = ws / 128, words = ws / 4;
  const uint32_t steps = (uint32_t)pick(s, 256, 8192, 8192, 65536);
  if (build(s, "latency.cl", "-DLAT=1")) return -1;
  uint32_t *next = chase_cycle(nodes, 42);
  int bn = buffer(s, words * 4, next, 0), bo = buffer(s, 4, NULL, 0);
  if (bn < 0 || bo < 0) {
    free(next);
    return -1;
  }
  cl_kernel k = launch(s, 0, "chase", 1, 1, 1, 1, 1);
  if (!k || arg_mem(k, 0, s, bn) || arg_mem(k, 1, s, bo) || arg_u32(k, 2, 0) ||
      arg_i32(k, 3, (int32_t)steps)) {
    free(next);
    return -1;
  }
  s->chase = 1;
  s->chase_next = next;
  s->chase_steps = steps;
  s->chase_start = 0;
  s->out = bo;
  s->bytes_moved = (double)steps * 4;
  snprintf(s->notes, sizeof s->notes, "ws=%d%s nodes=%zu steps=%u stride=128B",
           c->ia >= 1024 ? c->ia / 1024 : c->ia, c->ia >= 1024 ? "MB" : "KB", nodes, steps);
  return 0;
}

/* occupancy: ia = accumulators, ib = pad KB. */
static int prep_occupancy(hb_state *s, const hb_case *c) {
  const size_t items = pick(s, 1u << 10, 1u << 19, 1u << 19, 1u << 21);
  const int fmas = (int)pick(s, 64, 1024, 16384, 16384), wg = 64, acc = c->ia;
  char defs[128];
  snprintf(defs, sizeof defs, "-DPAD_BYTES=%d -DACC=%d -DFMAS=%d -DWG=%d", c->ib * 1024, acc, fmas,
           wg);
  if (build(s, "occupancy.cl", defs)) return -1;
  int bo = buffer(s, items * 4, NULL, 0);
  if (bo < 0) return -1;
  const float a = 0.9990234375f, b = 0.0009765625f;
  cl_kernel k = launch(s, 0, "occupancy", 1, items, 1, (size_t)wg, 1);
  if (!k || arg_mem(k, 0, s, bo) || arg_f32(k, 1, a) || arg_f32(k, 2, b)) return -1;
  cl_ulong lmem = 0;
  clGetKernelWorkGroupInfo(k, s->env->dev, CL_KERNEL_LOCAL_MEM_SIZE, sizeof lmem, &lmem, NULL);
  if (lmem > s->env->local_mem) {
    snprintf(s->skip, sizeof s->skip, "local mem %llu B > device %llu B", (unsigned long long)lmem,
             (unsigned long long)s->env->local_mem);
    return 0;
  }
  /* Verify a sample of 256 work-items spread over the range. */
  const size_t samples = 256, stride = items / samples;
  float *ref = xmalloc(samples * 4);
  for (size_t si = 0; si < samples; ++si) {
    const size_t gid = si * stride;
    const int lid = (int)(gid % (size_t)wg);
    const float x = (float)(gid & 1023) * (1.0f / 1024.0f);
    float xs[8] = {0};
    for (int j = 0; j < acc; ++j) xs[j] = x + 0.125f * (float)j;
    for (int i = 0; i < fmas / acc; ++i)
      for (int j = 0; j < acc; ++j) xs[j] = fmaf(xs[j], a, b);
    float r = xs[0];
    for (int j = 1; j < acc; ++j) r += xs[j];
    ref[si] = r + (float)((lid + 1) % wg);
  }
  s->stride = stride;
  s->tol_rel = 1e-6;
  set_ref(s, bo, ref, samples, CMP_F32);
  s->bytes_moved = (double)items * 4;
  s->flops = (double)items * fmas * 2;
  snprintf(s->notes, sizeof s->notes, "local_pad=%dB acc=%d fmas_per_item=%d verified_sample=%zu",
           c->ib * 1024, acc, fmas, samples);
  return 0;
}

/* ---------------------------------------------------------- whole-kernel suite */

/* Small integers as floats: every variant's sums are exact whatever the order. */
static float *int_floats(size_t n, uint64_t seed, int lo, int hi) {
  float *v = xmalloc(n * 4);
  for (size_t i = 0; i < n; ++i)
    v[i] = (float)(lo + (int)(rng_next(&seed) % (uint64_t)(hi - lo + 1)));
  return v;
}

/* matmul: ia = 0 naive, 1 tiled, 2 register-blocked 2x2, 3 register-blocked 4x4. */
static int prep_matmul(hb_state *s, const hb_case *c) {
  const size_t n = pick(s, 64, 256, 512, 2048);
  if (build(s, "matmul.cl", NULL)) return -1;
  float *a = int_floats(n * n, 11, -2, 2), *b = int_floats(n * n, 12, -2, 2);
  int ba = buffer(s, n * n * 4, a, 0), bb = buffer(s, n * n * 4, b, 0);
  int bc = buffer(s, n * n * 4, NULL, 0);
  static const char *const names[] = {"matmul_naive", "matmul_tiled", "matmul_rb2x2",
                                      "matmul_rb4x4"};
  const size_t div = c->ia == 3 ? 4 : c->ia == 2 ? 2 : 1;
  cl_kernel k =
      ba < 0 || bb < 0 || bc < 0 ? NULL : launch(s, 0, names[c->ia], 2, n / div, n / div, 16, 16);
  if (!k || arg_mem(k, 0, s, ba) || arg_mem(k, 1, s, bb) || arg_mem(k, 2, s, bc) ||
      arg_i32(k, 3, (int32_t)n)) {
    free(a), free(b);
    return -1;
  }
  float *ref = xmalloc(n * n * 4);
  for (size_t i = 0; i < n; ++i) {
    float *row = ref + i * n;
    for (size_t j = 0; j < n; ++j) row[j] = 0.0f;
    for (size_t k2 = 0; k2 < n; ++k2) {
      const float av = a[i * n + k2];
      for (size_t j = 0; j < n; ++j) row[j] += av * b[k2 * n + j];
    }
  }
  free(a), free(b);
  set_ref(s, bc, ref, n * n, CMP_F32);
  s->bytes_moved = (double)n * n * 12;
  s->flops = 2.0 * n * n * n;
  snprintf(s->notes, sizeof s->notes, "N=%zu", n);
  return 0;
}

/* transpose: ia = 0 naive, 1 tiled, 2 tiled + padded, 3 16x16 tiles (one element each),
 * 4 16x16 tiles + padded. */
static int prep_transpose(hb_state *s, const hb_case *c) {
  const size_t w = pick(s, 128, 4096, 4096, 8192), h = pick(s, 64, 2048, 4096, 8192);
  if (build(s, "transpose.cl", c->ia == 2 || c->ia == 4 ? "-DPAD=1" : "-DPAD=0")) return -1;
  float *in = int_floats(w * h, 21, -1000, 1000);
  int bi = buffer(s, w * h * 4, in, 0), bo = buffer(s, w * h * 4, NULL, 0);
  cl_kernel k = bi < 0 || bo < 0 ? NULL
                : c->ia == 0     ? launch(s, 0, "transpose_naive", 2, w, h, 32, 8)
                : c->ia >= 3     ? launch(s, 0, "transpose_tile16", 2, w, h, 16, 16)
                                 : launch(s, 0, "transpose_tiled", 2, w, h / 4, 32, 8);
  if (!k || arg_mem(k, 0, s, bi) || arg_mem(k, 1, s, bo) || arg_i32(k, 2, (int32_t)w) ||
      arg_i32(k, 3, (int32_t)h)) {
    free(in);
    return -1;
  }
  float *ref = xmalloc(w * h * 4);
  for (size_t y = 0; y < h; ++y)
    for (size_t x = 0; x < w; ++x) ref[x * h + y] = in[y * w + x];
  free(in);
  set_ref(s, bo, ref, w * h, CMP_F32);
  s->bytes_moved = (double)w * h * 8;
  snprintf(s->notes, sizeof s->notes, "W=%zu H=%zu", w, h);
  return 0;
}

/* reduction: ia = 0 interleaved, 1 sequential, 2 first add + unrolled,
 * 3 grid-stride (1024 groups, then one). Passes repeat until one value is
 * left; the time is their sum. */
static int prep_reduction(hb_state *s, const hb_case *c) {
  const size_t n = pick(s, 100000, 1u << 22, 1u << 24, 1u << 26), wg = 256;
  if (build(s, "reduction.cl", "-DWG=256")) return -1;
  static const char *const names[] = {"reduce_interleaved", "reduce_sequential", "reduce_firstadd",
                                      "reduce_gridstride"};
  const size_t per = c->ia == 2 ? 2 * wg : wg, stride_groups = 1024;
  float *in = int_floats(n, 31, 0, 3);
  double sum = 0;
  for (size_t i = 0; i < n; ++i) sum += in[i];
  int src = buffer(s, n * 4, in, 0);
  free(in);
  if (src < 0) return -1;
  size_t len = n;
  int passes = 0;
  do {
    size_t groups = (len + per - 1) / per;
    if (c->ia == 3) groups = len > stride_groups * wg ? stride_groups : 1;
    int dst = buffer(s, groups * 4, NULL, 0);
    cl_kernel k = dst < 0 ? NULL : launch(s, 0, names[c->ia], 1, groups * wg, 1, wg, 1);
    if (!k || arg_mem(k, 0, s, src) || arg_mem(k, 1, s, dst) || arg_u32(k, 2, (uint32_t)len))
      return -1;
    src = dst;
    len = groups;
    ++passes;
  } while (len > 1);
  float *ref = xmalloc(4);
  ref[0] = (float)sum;
  set_ref(s, src, ref, 1, CMP_F32);
  s->bytes_moved = (double)n * 4;
  s->flops = (double)n;
  snprintf(s->notes, sizeof s->notes, "n=%zu passes=%d", n, passes);
  return 0;
}

/* histogram: ia = 0 global atomics, 1 local atomics then merge. */
static int prep_histogram(hb_state *s, const hb_case *c) {
  const size_t n = pick(s, 1u << 14, 1u << 23, 1u << 24, 1u << 26);
  if (build(s, "histogram.cl", NULL)) return -1;
  uint32_t *in = xmalloc(n * 4), *ref = xmalloc(256 * 4), zero[256] = {0};
  memset(ref, 0, 256 * 4);
  uint64_t st = 41;
  /* Skewed bytes (the sum of two uniform nibbles times 8, plus noise): the
   * hot bins contend like real image data does. */
  for (size_t i = 0; i < n; ++i) {
    uint64_t r = rng_next(&st);
    in[i] = (uint32_t)(((r & 15) + ((r >> 4) & 15)) * 8 + ((r >> 8) & 7)) & 255;
    ref[in[i]]++;
  }
  int bi = buffer(s, n * 4, in, 0), bb = buffer(s, 256 * 4, zero, 1);
  free(in);
  cl_kernel k = bi < 0 || bb < 0 ? NULL
                : c->ia == 0     ? launch(s, 0, "hist_global", 1, n, 1, 256, 1)
                                 : launch(s, 0, "hist_local", 1, n / 16, 1, 256, 1);
  if (!k || arg_mem(k, 0, s, bi) || arg_mem(k, 1, s, bb) || arg_u32(k, 2, (uint32_t)n)) {
    free(ref);
    return -1;
  }
  set_ref(s, bb, ref, 256, CMP_U32);
  s->bytes_moved = (double)n * 4;
  snprintf(s->notes, sizeof s->notes, "n=%zu bins=256", n);
  return 0;
}

/* stencil: ia = 0 naive, 1 local tile. */
static int prep_stencil(hb_state *s, const hb_case *c) {
  const size_t w = pick(s, 128, 2048, 4096, 8192), h = pick(s, 64, 2048, 4096, 8192);
  if (build(s, "stencil.cl", NULL)) return -1;
  float *in = int_floats(w * h, 51, 0, 7);
  int bi = buffer(s, w * h * 4, in, 0), bo = buffer(s, w * h * 4, NULL, 0);
  cl_kernel k = bi < 0 || bo < 0
                    ? NULL
                    : launch(s, 0, c->ia ? "stencil_tiled" : "stencil_naive", 2, w, h, 32, 8);
  if (!k || arg_mem(k, 0, s, bi) || arg_mem(k, 1, s, bo) || arg_i32(k, 2, (int32_t)w) ||
      arg_i32(k, 3, (int32_t)h)) {
    free(in);
    return -1;
  }
  float *ref = xmalloc(w * h * 4);
  for (size_t y = 0; y < h; ++y)
    for (size_t x = 0; x < w; ++x) {
      const size_t i = y * w + x;
      ref[i] = (x == 0 || y == 0 || x == w - 1 || y == h - 1)
                   ? in[i]
                   : 0.5f * in[i] + 0.125f * (in[i - w] + in[i + w] + in[i - 1] + in[i + 1]);
    }
  free(in);
  set_ref(s, bo, ref, w * h, CMP_F32);
  s->bytes_moved = (double)w * h * 8;
  s->flops = (double)w * h * 6;
  snprintf(s->notes, sizeof s->notes, "W=%zu H=%zu", w, h);
  return 0;
}

/* conv1d: ia = 0 global filter, 1 constant filter, 2 local tile. */
static int prep_conv1d(hb_state *s, const hb_case *c) {
  const size_t n = pick(s, 10000, 1u << 19, 1u << 22, 1u << 24), taps = 33, wg = 256;
  if (build(s, "conv1d.cl", "-DK=33 -DWG=256")) return -1;
  float *in = int_floats(n + taps - 1, 61, 0, 7), *f = int_floats(taps, 62, -2, 2);
  int bi = buffer(s, (n + taps - 1) * 4, in, 0), bf = buffer(s, taps * 4, f, 0);
  int bo = buffer(s, n * 4, NULL, 0);
  static const char *const names[] = {"conv_global", "conv_constant", "conv_tiled"};
  const size_t items = (n + wg - 1) / wg * wg;
  cl_kernel k = bi < 0 || bf < 0 || bo < 0 ? NULL : launch(s, 0, names[c->ia], 1, items, 1, wg, 1);
  if (!k || arg_mem(k, 0, s, bi) || arg_mem(k, 1, s, bf) || arg_mem(k, 2, s, bo) ||
      arg_u32(k, 3, (uint32_t)n)) {
    free(in), free(f);
    return -1;
  }
  float *ref = xmalloc(n * 4);
  for (size_t i = 0; i < n; ++i) {
    float acc = 0.0f;
    for (size_t j = 0; j < taps; ++j) acc += in[i + j] * f[j];
    ref[i] = acc;
  }
  free(in), free(f);
  set_ref(s, bo, ref, n, CMP_F32);
  s->bytes_moved = (double)n * 8;
  s->flops = (double)n * taps * 2;
  snprintf(s->notes, sizeof s->notes, "n=%zu taps=%zu", n, taps);
  return 0;
}

/* nbody: ia = 0 naive, 1 local tile; ib = work-group size (tile size). */
static int prep_nbody(hb_state *s, const hb_case *c) {
  const size_t n = pick(s, 256, 4096, 8192, 16384), wg = (size_t)c->ib;
  char defs[32];
  snprintf(defs, sizeof defs, "-DWG=%zu", wg);
  if (build(s, "nbody.cl", defs)) return -1;
  float *pos = xmalloc(n * 16);
  uint64_t st = 71;
  for (size_t i = 0; i < n; ++i) {
    for (int d = 0; d < 3; ++d) pos[i * 4 + d] = (float)(rng_next(&st) >> 40) * 0x1p-21f - 4.0f;
    pos[i * 4 + 3] = 0.5f + (float)(rng_next(&st) >> 40) * 0x1p-24f;
  }
  int bp = buffer(s, n * 16, pos, 0), ba = buffer(s, n * 16, NULL, 0);
  cl_kernel k =
      bp < 0 || ba < 0 ? NULL : launch(s, 0, c->ia ? "nbody_tiled" : "nbody_naive", 1, n, 1, wg, 1);
  if (!k || arg_mem(k, 0, s, bp) || arg_mem(k, 1, s, ba) || arg_i32(k, 2, (int32_t)n)) {
    free(pos);
    return -1;
  }
  float *ref = xmalloc(n * 16);
  double scale = 0;
  for (size_t i = 0; i < n; ++i) {
    double a[3] = {0, 0, 0};
    for (size_t j = 0; j < n; ++j) {
      double r[3], d2 = 0.01;
      for (int d = 0; d < 3; ++d) {
        r[d] = (double)pos[j * 4 + d] - (double)pos[i * 4 + d];
        d2 += r[d] * r[d];
      }
      const double inv = 1.0 / sqrt(d2), sc = pos[j * 4 + 3] * inv * inv * inv;
      for (int d = 0; d < 3; ++d) a[d] += r[d] * sc;
    }
    for (int d = 0; d < 3; ++d) {
      ref[i * 4 + d] = (float)a[d];
      if (fabs(a[d]) > scale) scale = fabs(a[d]);
    }
    ref[i * 4 + 3] = 0.0f;
  }
  free(pos);
  /* rsqrt is approximate (a few ulp) and n terms are summed in float. */
  s->tol_abs = 1e-4 * scale;
  s->tol_rel = 1e-3;
  set_ref(s, ba, ref, n * 4, CMP_F32);
  s->bytes_moved = (double)n * 32;
  s->flops = 20.0 * n * n;
  snprintf(s->notes, sizeof s->notes, "n=%zu wg=%zu", n, wg);
  return 0;
}

/* conv2d: ia = 0 naive, 1 local tile; 5x5 filter in __constant. */
static int prep_conv2d(hb_state *s, const hb_case *c) {
  const size_t w = pick(s, 64, 1024, 2048, 4096), h = w, r = 2, fw = 2 * r + 1;
  if (build(s, "conv2d.cl", NULL)) return -1;
  float *in = int_floats(w * h, 91, 0, 7), *f = int_floats(fw * fw, 92, -2, 2);
  int bi = buffer(s, w * h * 4, in, 0), bf = buffer(s, fw * fw * 4, f, 0);
  int bo = buffer(s, w * h * 4, NULL, 0);
  cl_kernel k = bi < 0 || bf < 0 || bo < 0
                    ? NULL
                    : launch(s, 0, c->ia ? "conv2d_tiled" : "conv2d_naive", 2, w, h, 16, 16);
  if (!k || arg_mem(k, 0, s, bi) || arg_mem(k, 1, s, bf) || arg_mem(k, 2, s, bo) ||
      arg_i32(k, 3, (int32_t)w) || arg_i32(k, 4, (int32_t)h)) {
    free(in), free(f);
    return -1;
  }
  float *ref = xmalloc(w * h * 4);
  for (size_t y = 0; y < h; ++y)
    for (size_t x = 0; x < w; ++x) {
      float acc = 0.0f;
      for (size_t j = 0; j < fw; ++j) {
        const long yy = (long)(y + j) - (long)r;
        const size_t cy = yy < 0 ? 0 : yy >= (long)h ? h - 1 : (size_t)yy;
        for (size_t i = 0; i < fw; ++i) {
          const long xx = (long)(x + i) - (long)r;
          const size_t cx = xx < 0 ? 0 : xx >= (long)w ? w - 1 : (size_t)xx;
          acc += f[j * fw + i] * in[cy * w + cx];
        }
      }
      ref[y * w + x] = acc;
    }
  free(in), free(f);
  set_ref(s, bo, ref, w * h, CMP_F32);
  s->bytes_moved = (double)w * h * 8;
  s->flops = (double)w * h * fw * fw * 2;
  snprintf(s->notes, sizeof s->notes, "W=%zu H=%zu taps=%zu", w, h, fw * fw);
  return 0;
}

/* scan: ia = ALGO (0 Hillis-Steele, 1 Blelloch, 2 serial 8 per item + Blelloch). */
static int prep_scan(hb_state *s, const hb_case *c) {
  const size_t n = pick(s, 100000, 1u << 20, 1u << 24, 1u << 26), wg = 256;
  const size_t chunk = c->ia == 0 ? wg : c->ia == 1 ? 2 * wg : 8 * wg;
  char defs[64];
  snprintf(defs, sizeof defs, "-DALGO=%d -DWG=256", c->ia);
  if (build(s, "scan.cl", defs)) return -1;
  uint32_t *in = xmalloc(n * 4), *ref = xmalloc(n * 4);
  uint64_t st = 81;
  uint32_t run = 0;
  for (size_t i = 0; i < n; ++i) {
    in[i] = (uint32_t)(rng_next(&st) & 15);
    ref[i] = run += in[i];
  }
  int level_in[8], level_out[8], level_sums[8];
  size_t level_n[8];
  int nlev = 0, src = buffer(s, n * 4, in, 0);
  free(in);
  size_t len = n;
  /* Down: scan each level's chunks, the chunk totals form the next level. */
  for (;;) {
    if (src < 0 || nlev == 8) goto bad;
    const size_t groups = (len + chunk - 1) / chunk;
    int out = buffer(s, len * 4, NULL, 0), sums = buffer(s, groups * 4, NULL, 0);
    cl_kernel k = out < 0 || sums < 0 ? NULL : launch(s, 0, "scan_block", 1, groups * wg, 1, wg, 1);
    if (!k || arg_mem(k, 0, s, src) || arg_mem(k, 1, s, out) || arg_mem(k, 2, s, sums) ||
        arg_u32(k, 3, (uint32_t)len))
      goto bad;
    level_in[nlev] = src, level_out[nlev] = out, level_sums[nlev] = sums, level_n[nlev] = len;
    ++nlev;
    if (groups == 1) break;
    src = sums;
    len = groups;
  }
  /* Up: level L's output (the scanned sums of level L-1) offsets level L-1. */
  for (int l = nlev - 2; l >= 0; --l) {
    const size_t groups = (level_n[l] + chunk - 1) / chunk;
    cl_kernel k = launch(s, 0, "add_offsets", 1, groups * wg, 1, wg, 1);
    if (!k || arg_mem(k, 0, s, level_out[l]) || arg_mem(k, 1, s, level_out[l + 1]) ||
        arg_u32(k, 2, (uint32_t)level_n[l]))
      goto bad;
  }
  (void)level_in, (void)level_sums;
  set_ref(s, level_out[0], ref, n, CMP_U32);
  s->bytes_moved = (double)n * 8;
  s->flops = (double)n;
  snprintf(s->notes, sizeof s->notes, "n=%zu chunk=%zu levels=%d", n, chunk, nlev);
  return 0;
bad:
  free(ref);
  return -1;
}

/* atomics: 32-bit atomic adds by contention level (validation/kernels/atomics.cl).
 * ia indexes atomic_variants. Work-item g (local id for __local) updates word
 * ((g >> shift) & mask) * scale, iters times. */
typedef struct atomic_variant {
  int local;    /* __local counters (one set per 256-item group) */
  int ret, inc; /* result used (RET) / atomic_inc (INC) */
  uint32_t shift, mask, scale;
  size_t items, iters; /* at --scale small; medium runs 4x, large 16x the iterations */
} atomic_variant;

static const atomic_variant atomic_variants[] = {
    /* global: counters in the L2 */
    {0, 0, 0, 0, 0, 1, 1u << 17, 64},            /* 0 same: every work-item, one address */
    {0, 0, 1, 0, 0, 1, 1u << 17, 64},            /* 1 same, atomic_inc */
    {0, 1, 0, 0, 0, 1, 1u << 17, 64},            /* 2 same, result used */
    {0, 0, 0, 5, 0xffffffffu, 32, 1u << 17, 64}, /* 3 one address (and line) per warp */
    {0, 0, 0, 2, 255, 1, 1u << 17, 64},          /* 4 4 lanes per address, 256 addresses */
    {0, 0, 0, 0, 31, 1, 1u << 17, 64},           /* 5 32 addresses: one line, all warps */
    {0, 0, 0, 0, 1023, 1, 1u << 17, 64},         /* 6 1024 addresses: 32 lines */
    {0, 0, 0, 0, 0xffffffffu, 1, 1u << 17, 256}, /* 7 one address per work-item */
    {0, 1, 0, 0, 0xffffffffu, 1, 1u << 17, 128}, /* 8 one per work-item, result used */
    /* local: counters in the LDS */
    {1, 0, 0, 0, 0, 1, 1u << 16, 512},   /* 9 same: the whole group, one address */
    {1, 1, 0, 0, 0, 1, 1u << 16, 512},   /* 10 same, result used */
    {1, 0, 0, 5, 255, 1, 1u << 16, 512}, /* 11 one address per warp */
    {1, 0, 0, 2, 63, 1, 1u << 16, 512},  /* 12 4 lanes per address */
    {1, 0, 0, 0, 31, 1, 1u << 16, 512},  /* 13 32 addresses (distinct banks) */
    {1, 0, 0, 0, 255, 1, 1u << 16, 512}, /* 14 one address per work-item */
};

static int prep_atomics(hb_state *s, const hb_case *c) {
  const atomic_variant *v = &atomic_variants[c->ia];
  const size_t wg = 256, lwords = 256;
  const size_t items = pick(s, v->local ? 512 : 1024, v->items, v->items, v->items);
  const size_t iters = pick(s, 4, v->iters, v->iters * 4, v->iters * 16);
  char defs[64];
  snprintf(defs, sizeof defs, "%s%s", v->ret ? "-DRET=1 " : "", v->inc ? "-DINC=1" : "");
  if (build(s, "atomics.cl", defs)) return -1;
  /* counters: one set per group (local) or the words the items reach (global) */
  const size_t span = v->local ? wg : items;
  size_t words = 0;
  for (size_t g = 0; g < span; ++g) {
    const size_t w = (size_t)(((uint32_t)g >> v->shift) & v->mask) * v->scale + 1;
    if (w > words) words = w;
  }
  uint32_t *cnt = xmalloc(words * 4);
  memset(cnt, 0, words * 4);
  for (size_t g = 0; g < span; ++g)
    cnt[(size_t)(((uint32_t)g >> v->shift) & v->mask) * v->scale] += (uint32_t)iters;
  size_t n = words;
  uint32_t *ref = cnt, *zero = NULL;
  if (v->local) { /* every group writes its lwords counters */
    n = items / wg * lwords;
    ref = xmalloc(n * 4);
    for (size_t i = 0; i < n; ++i) ref[i] = i % lwords < words ? cnt[i % lwords] : 0;
    free(cnt);
  } else {
    zero = xmalloc(n * 4);
    memset(zero, 0, n * 4);
  }
  int bc = buffer(s, n * 4, zero, 1), bs = buffer(s, items * 4, NULL, 0);
  free(zero);
  cl_kernel k = bc < 0 || bs < 0
                    ? NULL
                    : launch(s, 0, v->local ? "atom_local" : "atom_global", 1, items, 1, wg, 1);
  if (!k || arg_mem(k, 0, s, bc) || arg_mem(k, 1, s, bs) || arg_u32(k, 2, v->shift) ||
      arg_u32(k, 3, v->mask) || arg_u32(k, 4, v->scale) || arg_u32(k, 5, (uint32_t)iters)) {
    free(ref);
    return -1;
  }
  set_ref(s, bc, ref, n, CMP_U32);
  size_t distinct = 0; /* addresses one group (local) or the whole grid (global) updates */
  for (size_t i = 0; i < words; ++i) distinct += ref[i] != 0;
  s->bytes_moved = (double)items * (double)iters * 4;
  snprintf(s->notes, sizeof s->notes, "atomics=%zu addresses=%zu%s%s shift=%u mask=0x%x iters=%zu",
           items * iters, distinct, v->local ? "_per_group" : "", v->ret ? " result_used" : "",
           v->shift, v->mask, iters);
  return 0;
}

/* launch: an (almost) empty kernel with launch_shapes[ia] work-groups: the
 * fixed cost of a launch, then the cost per work-group (132 = one per SM on
 * an H100; 8448 of 256 = 8 rounds of 8 per SM). The work-group sizes 32..1024
 * at equal group counts and equal item counts tell a cost per group from a
 * cost per warp (32 one-warp groups fill an SM: 33792 of them are 8 rounds). */
static const struct {
  size_t groups, wg;
} launch_shapes[] = {{1, 256},    {132, 256},   {1056, 256}, {8448, 256},  {8448, 32},
                     {33792, 32}, {135168, 32}, {33792, 64}, {2112, 1024}, {8448, 1024}};

static int prep_launch(hb_state *s, const hb_case *c) {
  const size_t groups = launch_shapes[c->ia].groups, wg = launch_shapes[c->ia].wg;
  if (build(s, "launch.cl", "")) return -1;
  uint32_t *ref = xmalloc(groups * 4);
  for (size_t g = 0; g < groups; ++g) ref[g] = (uint32_t)g + 1u;
  int b = buffer(s, groups * 4, NULL, 0);
  cl_kernel k = b < 0 ? NULL : launch(s, 0, "touch", 1, groups * wg, 1, wg, 1);
  if (!k || arg_mem(k, 0, s, b)) {
    free(ref);
    return -1;
  }
  set_ref(s, b, ref, groups, CMP_U32);
  s->bytes_moved = (double)groups * 4;
  snprintf(s->notes, sizeof s->notes, "groups=%zu wg=%zu", groups, wg);
  return 0;
}

/* launch/busy_wgN: kernel busy of launch.cl over the same items at ia work-items
 * per group (2^19 items x 512 fmas at the small scale: ~8 us of issue on an H100). */
static int prep_launch_busy(hb_state *s, const hb_case *c) {
  const size_t items = pick(s, 1u << 12, 1u << 19, 1u << 21, 1u << 23), wg = (size_t)c->ia;
  const int iters = 128;
  if (build(s, "launch.cl", "")) return -1;
  int bo = buffer(s, items * 4, NULL, 0);
  if (bo < 0) return -1;
  const float a = 0.9990234375f, b = 0.0009765625f;
  cl_kernel k = launch(s, 0, "busy", 1, items, 1, wg, 1);
  if (!k || arg_mem(k, 0, s, bo) || arg_f32(k, 1, a) || arg_f32(k, 2, b) || arg_i32(k, 3, iters))
    return -1;
  const size_t samples = 256, stride = items / samples;
  float *ref = xmalloc(samples * 4);
  for (size_t si = 0; si < samples; ++si) {
    const float x = (float)((si * stride) & 1023) * (1.0f / 1024.0f);
    float xs[4] = {x, x + 0.125f, x + 0.25f, x + 0.375f};
    for (int i = 0; i < iters; ++i)
      for (int j = 0; j < 4; ++j) xs[j] = fmaf(xs[j], a, b);
    ref[si] = (xs[0] + xs[1]) + (xs[2] + xs[3]);
  }
  s->stride = stride;
  s->tol_rel = 1e-6;
  set_ref(s, bo, ref, samples, CMP_F32);
  s->bytes_moved = (double)items * 4;
  s->flops = (double)items * iters * 8;
  snprintf(s->notes, sizeof s->notes, "items=%zu wg=%zu fmas_per_item=%d", items, wg, iters * 4);
  return 0;
}

/* the microbenchmark families (store, l2fit, tilecopy, scatter, bcast, gather, ldsw, alu) */
#include "hwbench_micro.c"

/* the plain-style families (gemm, gemv, dconv, tensor, memdep, gramschmidt) */
#include "hwbench_styles.c"

static const hb_case cases[] = {
#include "hwbench_cases.def"
};
#define NCASES (sizeof cases / sizeof cases[0])

/* ------------------------------------------------------------------ runner */

static void state_free(hb_state *s) {
  for (int i = 0; i < s->nln; ++i) clReleaseKernel(s->ln[i].k);
  for (int i = 0; i < s->nbuf; ++i) {
    clReleaseMemObject(s->buf[i]);
    free(s->init[i]);
  }
  for (int i = 0; i < s->nprog; ++i) clReleaseProgram(s->prog[i]);
  free(s->ref);
  free(s->chase_next);
}

static uint32_t chase_cpu(const hb_state *s, uint32_t p) {
  for (uint32_t i = 0; i < s->chase_steps; ++i) p = s->chase_next[p];
  return p;
}

/* One timed launch: untimed resets first, then every kernel of the sequence;
 * the time is the sum of their START..END spans. */
static int run_once(hb_state *s, double *us) {
  cl_command_queue q = s->env->q;
  for (int i = 0; i < s->nbuf; ++i)
    if (s->init[i] && clEnqueueWriteBuffer(q, s->buf[i], CL_TRUE, 0, s->bytes[i], s->init[i], 0,
                                           NULL, NULL) != CL_SUCCESS)
      return fail("reset upload failed");
  if (s->chase && arg_u32(s->ln[0].k, 2, s->chase_start)) return -1;
  double total = 0;
  cl_event ev[HB_MAX_LAUNCH];
  for (int i = 0; i < s->nln; ++i) {
    const hb_launch *l = &s->ln[i];
    cl_int err = clEnqueueNDRangeKernel(q, l->k, l->dim, NULL, l->g, l->l, 0, NULL, &ev[i]);
    if (err != CL_SUCCESS) {
      for (int j = 0; j < i; ++j) clReleaseEvent(ev[j]);
      return fail("clEnqueueNDRangeKernel (launch %d): %d", i, err);
    }
  }
  cl_int err = clFinish(q);
  for (int i = 0; i < s->nln; ++i) {
    cl_ulong t0 = 0, t1 = 0;
    cl_int st = CL_COMPLETE;
    clGetEventInfo(ev[i], CL_EVENT_COMMAND_EXECUTION_STATUS, sizeof st, &st, NULL);
    clGetEventProfilingInfo(ev[i], CL_PROFILING_COMMAND_START, sizeof t0, &t0, NULL);
    clGetEventProfilingInfo(ev[i], CL_PROFILING_COMMAND_END, sizeof t1, &t1, NULL);
    clReleaseEvent(ev[i]);
    if (st < 0) err = st;
    total += (double)(t1 - t0) * 1e-3;
    if (s->env->verbose > 1) { /* -v -v: each launch's START..END span */
      char name[64] = "";
      clGetKernelInfo(s->ln[i].k, CL_KERNEL_FUNCTION_NAME, sizeof name, name, NULL);
      fprintf(stderr, "hwbench: launch %d %s %.3f us\n", i, name, (double)(t1 - t0) * 1e-3);
    }
  }
  if (err != CL_SUCCESS) return fail("kernel execution failed: %d", err);
  *us = total;
  if (s->chase) {
    uint32_t end;
    if (clEnqueueReadBuffer(q, s->buf[s->out], CL_TRUE, 0, 4, &end, 0, NULL, NULL) != CL_SUCCESS)
      return fail("clEnqueueReadBuffer failed");
    if (end != chase_cpu(s, s->chase_start))
      return fail("pointer chase from %u ended at %u, expected %u", s->chase_start, end,
                  chase_cpu(s, s->chase_start));
    s->chase_start = end;
  }
  return 0;
}

/* Returns 1 when the output matches the reference, 0 when not, -1 on error. */
static int verify(hb_state *s, char *msg, size_t msgn) {
  if (s->chase) return 1; /* checked after every launch */
  void *got = xmalloc(s->bytes[s->out]);
  if (clEnqueueReadBuffer(s->env->q, s->buf[s->out], CL_TRUE, 0, s->bytes[s->out], got, 0, NULL,
                          NULL) != CL_SUCCESS) {
    free(got);
    return fail("clEnqueueReadBuffer failed");
  }
  size_t bad = 0, first = 0;
  double gv = 0, rv = 0;
  for (size_t i = 0; i < s->ref_n; ++i) {
    const size_t j = i * s->stride;
    int ok;
    double g, r;
    if (s->cmp == CMP_U32) {
      g = ((const uint32_t *)got)[j], r = ((const uint32_t *)s->ref)[i];
      ok = g == r;
    } else {
      g = ((const float *)got)[j], r = ((const float *)s->ref)[i];
      ok = fabs(g - r) <= s->tol_abs + s->tol_rel * fabs(r);
    }
    if (!ok && bad++ == 0) first = j, gv = g, rv = r;
  }
  free(got);
  if (bad)
    snprintf(msg, msgn, "%zu mismatches; first at %zu: got %.9g expected %.9g", bad, first, gv, rv);
  return bad == 0;
}

static int cmp_double(const void *a, const void *b) {
  const double x = *(const double *)a, y = *(const double *)b;
  return (x > y) - (x < y);
}

static void csv_row(const hb_case *c, const hb_env *e, size_t g, size_t l, double med, double mn,
                    double mx, const char *verdict, double bytes, double flops, const char *notes) {
  char clean[320];
  snprintf(clean, sizeof clean, "%s", notes);
  for (char *p = clean; *p; ++p)
    if (*p == ',' || *p == '\n') *p = ';';
  if (g)
    printf("%s,%s,%s,%zu,%zu,%.3f,%.3f,%.3f,%s,%.0f,%.0f,%s\n", c->family, c->variant,
           scale_names[e->scale], g, l, med, mn, mx, verdict, bytes, flops, clean);
  else
    printf("%s,%s,%s,,,%.3f,%.3f,%.3f,%s,%.0f,%.0f,%s\n", c->family, c->variant,
           scale_names[e->scale], med, mn, mx, verdict, bytes, flops, clean);
  fflush(stdout);
}

/* Runs one case; returns 0 on PASS/SKIP, 1 on FAIL or ERROR. */
static int run_case(hb_env *e, const hb_case *c, int warmup, int runs) {
  hb_state s;
  memset(&s, 0, sizeof s);
  s.env = e;
  if (e->verbose)
    fprintf(stderr, "hwbench: %s/%s (%s)\n", c->family, c->variant, scale_names[e->scale]);
  int rc = c->prepare(&s, c);
  if (e->print_builds) { /* its builds are printed: nothing runs */
    state_free(&s);
    return rc != 0;
  }
  if (rc == 0 && s.skip[0]) {
    csv_row(c, e, 0, 0, 0, 0, 0, "SKIP", 0, 0, s.skip);
    state_free(&s);
    return 0;
  }
  const size_t g = s.nln ? s.ln[0].g[0] * s.ln[0].g[1] : 0;
  const size_t l = s.nln ? s.ln[0].l[0] * s.ln[0].l[1] : 0;
  double *t = xmalloc(sizeof(double) * (size_t)(runs > 0 ? runs : 1));
  for (int i = 0; rc == 0 && i < warmup; ++i) {
    double us;
    rc = run_once(&s, &us);
  }
  for (int i = 0; rc == 0 && i < runs; ++i) rc = run_once(&s, &t[i]);
  if (rc != 0) {
    csv_row(c, e, g, l, 0, 0, 0, "ERROR", 0, 0, "see stderr");
    free(t);
    state_free(&s);
    return 1;
  }
  char msg[200] = "";
  const int ok = verify(&s, msg, sizeof msg);
  qsort(t, (size_t)runs, sizeof *t, cmp_double);
  const double med = runs % 2 ? t[runs / 2] : 0.5 * (t[runs / 2 - 1] + t[runs / 2]);
  char notes[512];
  if (s.chase)
    snprintf(notes, sizeof notes, "ns_per_load=%.2f %s", med * 1e3 / s.chase_steps, s.notes);
  else
    snprintf(notes, sizeof notes, "%s%s%s", s.notes, ok == 1 ? "" : " ", ok == 1 ? "" : msg);
  if (s.nln > 1) {
    size_t len = strlen(notes);
    snprintf(notes + len, sizeof notes - len, " launches=%d", s.nln);
  }
  csv_row(c, e, g, l, med, t[0], t[runs - 1],
          ok == 1   ? "PASS"
          : ok == 0 ? "FAIL"
                    : "ERROR",
          s.bytes_moved, s.flops, notes);
  if (ok != 1)
    fprintf(stderr, "hwbench: %s/%s: verification failed: %s\n", c->family, c->variant, msg);
  free(t);
  state_free(&s);
  return ok == 1 ? 0 : 1;
}

static int contains_ci(const char *hay, const char *needle) {
  for (; *hay; ++hay) {
    size_t i = 0;
    while (needle[i] && hay[i] &&
           tolower((unsigned char)hay[i]) == tolower((unsigned char)needle[i]))
      ++i;
    if (!needle[i]) return 1;
  }
  return !*needle;
}

static int open_device(hb_env *e, const char *want) {
  cl_platform_id plats[16];
  cl_uint np = 0;
  if (clGetPlatformIDs(16, plats, &np) != CL_SUCCESS || np == 0)
    return fail("no OpenCL platform found (check OCL_ICD_VENDORS)");
  for (cl_uint i = 0; i < np; ++i) {
    char name[256] = "";
    clGetPlatformInfo(plats[i], CL_PLATFORM_NAME, sizeof name, name, NULL);
    if (want && !contains_ci(name, want)) continue;
    cl_device_id dev;
    if (clGetDeviceIDs(plats[i], CL_DEVICE_TYPE_GPU, 1, &dev, NULL) != CL_SUCCESS &&
        clGetDeviceIDs(plats[i], CL_DEVICE_TYPE_ALL, 1, &dev, NULL) != CL_SUCCESS)
      continue;
    cl_int err;
    e->dev = dev;
    e->ctx = clCreateContext(NULL, 1, &dev, NULL, NULL, &err);
    if (err != CL_SUCCESS) return fail("clCreateContext: %d", err);
    e->q = clCreateCommandQueue(e->ctx, dev, CL_QUEUE_PROFILING_ENABLE, &err);
    if (err != CL_SUCCESS) return fail("clCreateCommandQueue: %d", err);
    clGetDeviceInfo(dev, CL_DEVICE_LOCAL_MEM_SIZE, sizeof e->local_mem, &e->local_mem, NULL);
    char dname[256] = "", dver[128] = "";
    cl_uint mhz = 0, cus = 0;
    clGetDeviceInfo(dev, CL_DEVICE_NAME, sizeof dname, dname, NULL);
    clGetDeviceInfo(dev, CL_DRIVER_VERSION, sizeof dver, dver, NULL);
    clGetDeviceInfo(dev, CL_DEVICE_MAX_CLOCK_FREQUENCY, sizeof mhz, &mhz, NULL);
    clGetDeviceInfo(dev, CL_DEVICE_MAX_COMPUTE_UNITS, sizeof cus, &cus, NULL);
    fprintf(stderr,
            "hwbench: platform \"%s\", device \"%s\", driver %s, %u CUs, max clock %u MHz\n", name,
            dname, dver, cus, mhz);
    return 0;
  }
  return fail("no platform whose name contains \"%s\" has a device", want ? want : "");
}

static int case_selected(const hb_case *c, const char *filters) {
  if (!filters || !*filters) return 1;
  char full[128];
  snprintf(full, sizeof full, "%s/%s", c->family, c->variant);
  char buf[1024];
  snprintf(buf, sizeof buf, "%s", filters);
  /* "matmul" selects the family, "matmul/naive" one case, globs allowed;
   * "!PAT" drops what PAT matches, and a list of drops alone starts from
   * every case ("!stchain,!linestream": all but the probes). */
  int any_pos = 0, sel = 0, drop = 0;
  for (char *save = NULL, *tok = strtok_r(buf, ",", &save); tok; tok = strtok_r(NULL, ",", &save)) {
    const int neg = tok[0] == '!';
    const char *pat = tok + neg;
    const int hit = fnmatch(pat, full, 0) == 0 || fnmatch(pat, c->family, 0) == 0;
    if (neg)
      drop |= hit;
    else
      any_pos = 1, sel |= hit;
  }
  return (sel || !any_pos) && !drop;
}

static void usage(FILE *f) {
  fputs("usage: hwbench [--platform NAME] [--kernels DIR]... [--scale tiny|small|medium|large]\n"
        "               [--cases PAT[,PAT...]] [--warmup N] [--runs N] [--no-header] [--list] [-v "
        "[-v]]\n"
        "               [--print-builds] [--il DIR]\n"
        "Runs each selected case (warm-up launches, then N timed ones), verifies it against a\n"
        "CPU reference and prints one CSV row: case,variant,scale,global,local,median_us,min_us,\n"
        "max_us,verified,bytes_moved,flops,notes. PAT is a family (matmul), a case\n"
        "(matmul/naive) or a glob (bank/stride*); !PAT drops what PAT selects (alone: from\n"
        "every case). --platform picks the first platform whose\n"
        "name contains NAME (case-insensitive). --kernels directories are searched in order\n"
        "(default: validation/kernels and validation/hwref/kernels). Default runs: 7, or 3 at\n"
        "large scale; default warm-up 1. Exit status 1 if any case failed.\n"
        "--print-builds prepares the selected cases and prints each program build (kernel\n"
        "file, options, SPIR-V file name) instead of running; --il DIR then builds every\n"
        "program from those SPIR-V files in DIR with clCreateProgramWithIL, for a machine\n"
        "without an OpenCL C compiler (scripts/bench_threads).\n",
        f);
}

int main(int argc, char **argv) {
  hb_env e;
  memset(&e, 0, sizeof e);
  e.scale = SC_MEDIUM;
  const char *platform = NULL, *filters = NULL;
  int warmup = 1, runs = -1, header = 1, list = 0;
  for (int i = 1; i < argc; ++i) {
    const char *a = argv[i];
    const int has = i + 1 < argc;
    if (!strcmp(a, "--platform") && has)
      platform = argv[++i];
    else if (!strcmp(a, "--kernels") && has && e.nkdirs < 8)
      e.kdirs[e.nkdirs++] = argv[++i];
    else if (!strcmp(a, "--cases") && has)
      filters = argv[++i];
    else if (!strcmp(a, "--warmup") && has)
      warmup = atoi(argv[++i]);
    else if (!strcmp(a, "--runs") && has)
      runs = atoi(argv[++i]);
    else if (!strcmp(a, "--no-header"))
      header = 0;
    else if (!strcmp(a, "--list"))
      list = 1;
    else if (!strcmp(a, "--il") && has)
      e.il_dir = argv[++i];
    else if (!strcmp(a, "--print-builds"))
      e.print_builds = 1;
    else if (!strcmp(a, "-v"))
      ++e.verbose;
    else if (!strcmp(a, "--scale") && has) {
      const char *v = argv[++i];
      int found = -1;
      for (int k = 0; k < 4; ++k)
        if (!strcmp(v, scale_names[k])) found = k;
      if (found < 0) {
        fprintf(stderr, "hwbench: unknown scale '%s' (use tiny, small, medium or large)\n", v);
        return 2;
      }
      e.scale = found;
    } else if (!strcmp(a, "-h") || !strcmp(a, "--help")) {
      usage(stdout);
      return 0;
    } else {
      fprintf(stderr, "hwbench: unknown or incomplete argument '%s'\n", a);
      usage(stderr);
      return 2;
    }
  }
  if (runs < 0) runs = e.scale == SC_LARGE ? 3 : 7;
  if (runs < 1 || warmup < 0) {
    fprintf(stderr, "hwbench: --runs must be >= 1 and --warmup >= 0\n");
    return 2;
  }
  if (e.nkdirs == 0) {
    e.kdirs[e.nkdirs++] = "validation/kernels";
    e.kdirs[e.nkdirs++] = "validation/hwref/kernels";
  }
  int nsel = 0;
  for (size_t i = 0; i < NCASES; ++i) nsel += case_selected(&cases[i], filters);
  if (nsel == 0) {
    fprintf(stderr, "hwbench: --cases '%s' selects no case (see --list)\n", filters);
    return 2;
  }
  if (list) {
    for (size_t i = 0; i < NCASES; ++i)
      if (case_selected(&cases[i], filters)) printf("%s/%s\n", cases[i].family, cases[i].variant);
    return 0;
  }
  if (open_device(&e, platform)) return 2;
  if (header && !e.print_builds)
    puts("case,variant,scale,global,local,median_us,min_us,max_us,verified,bytes_moved,"
         "flops,notes");
  int failed = 0;
  for (size_t i = 0; i < NCASES; ++i)
    if (case_selected(&cases[i], filters)) failed |= run_case(&e, &cases[i], warmup, runs);
  clReleaseCommandQueue(e.q);
  clReleaseContext(e.ctx);
  return failed ? 1 : 0;
}
