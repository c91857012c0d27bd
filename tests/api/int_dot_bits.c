/* cl_khr_integer_dot_product and cl_khr_extended_bit_ops: the device queries
 * and every builtin of both extensions, each sign combination and integer
 * type (scalars and vectors), on edge inputs (bytes 0x00 0x01 0x7f 0x80 0x81
 * 0xfe 0xff, INT_MIN/INT_MAX accumulators, accumulators one below, at and one
 * past each saturation boundary; bitfields with count 0, offset + count equal
 * to the width, and out-of-range offsets and counts) and random ones,
 * compared with values computed here. Debian's PoCL has neither extension,
 * so the host is the oracle. Built from OpenCL C 1.2 and 3.0 source, and from
 * a SPIR-V module made by plain clang + llvm-spirv 14 (mangled builtin calls,
 * the Shader capability) through clCreateProgramWithIL, and from one written
 * by hand (int_dot_bits_widths.spvasm: 8-, 16- and 64-bit results, 64- and
 * 16-bit bitfield offsets, a vector bit reverse).
 * usage: int_dot_bits PLATFORM-NAME-SUBSTRING IL-FILE WIDTHS-FILE; exit 0 when every
 * result matches, 1 otherwise (the first differences printed). */
#define CL_TARGET_OPENCL_VERSION 300
#include <CL/cl.h>
#include <CL/cl_ext.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "host_platform.h"

#define N 1024 /* work-items per launch */

typedef struct t {
  cl_device_id dev;
  cl_context ctx;
  cl_command_queue q;
  int fails, checks;
  uint64_t state; /* xorshift */
} t;

static uint32_t rnd(t *s) {
  s->state ^= s->state << 13;
  s->state ^= s->state >> 7;
  s->state ^= s->state << 17;
  return (uint32_t)(s->state >> 11);
}

static void fail(t *s, const char *fmt, const char *what, long long a, long long b) {
  if (s->fails++ < 12) {
    fprintf(stderr, "FAIL %s: ", what);
    fprintf(stderr, fmt, a, b);
    fputc('\n', stderr);
  }
}

#define CHECK(s, cond, what)                                                                       \
  do {                                                                                             \
    (s)->checks++;                                                                                 \
    if (!(cond)) fail((s), "%lld %lld", (what), __LINE__, 0);                                      \
  } while (0)

static cl_program build(t *s, const char *src, const char *opts) {
  cl_int err;
  cl_program p = clCreateProgramWithSource(s->ctx, 1, &src, NULL, &err);
  if (!err) err = clBuildProgram(p, 1, &s->dev, opts, NULL, NULL);
  if (err) {
    char log[16384] = "";
    clGetProgramBuildInfo(p, s->dev, CL_PROGRAM_BUILD_LOG, sizeof log - 1, log, NULL);
    fprintf(stderr, "build (%s) failed (%d):\n%s\n", opts, err, log);
    s->fails++;
    clReleaseProgram(p);
    return NULL;
  }
  return p;
}

/* Runs kernel `name` over N items with buffer arguments bufs[k] of sizes[k]
 * bytes (in: host data copied in; the last one is read back into it). */
static int launch(t *s, cl_program p, const char *name, unsigned nb, void **bufs,
                  const size_t *sizes) {
  cl_int err;
  cl_kernel k = clCreateKernel(p, name, &err);
  if (err) {
    fprintf(stderr, "clCreateKernel(%s): %d\n", name, err);
    return s->fails++, -1;
  }
  cl_mem m[8];
  for (unsigned i = 0; i < nb; i++) {
    m[i] =
        clCreateBuffer(s->ctx, CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR, sizes[i], bufs[i], &err);
    if (!err) err = clSetKernelArg(k, i, sizeof m[i], &m[i]);
    if (err) return fprintf(stderr, "buffer %u of %s: %d\n", i, name, err), s->fails++, -1;
  }
  size_t g = N;
  err = clEnqueueNDRangeKernel(s->q, k, 1, NULL, &g, NULL, 0, NULL, NULL);
  if (!err)
    err = clEnqueueReadBuffer(s->q, m[nb - 1], CL_TRUE, 0, sizes[nb - 1], bufs[nb - 1], 0, NULL,
                              NULL);
  for (unsigned i = 0; i < nb; i++) clReleaseMemObject(m[i]);
  clReleaseKernel(k);
  if (err) return fprintf(stderr, "running %s: %d\n", name, err), s->fails++, -1;
  return 0;
}

/* ---- dot products ----------------------------------------------------------------- */

static const char dot_src[] =
    "kernel void dots(global const uint *a, global const uint *b, global const int *acc,\n"
    "                 global int *o) {\n"
    "  size_t i = get_global_id(0);\n"
    "  uint x = a[i], y = b[i];\n"
    "  uchar4 ux = as_uchar4(x), uy = as_uchar4(y);\n"
    "  char4 sx = as_char4(x), sy = as_char4(y);\n"
    "  const global int *c = acc + 4 * i;\n"
    "  global int *r = o + 20 * i;\n"
    "  r[0] = (int)dot(ux, uy); r[1] = dot(sx, sy); r[2] = dot(ux, sy); r[3] = dot(sx, uy);\n"
    "  r[4] = (int)dot_acc_sat(ux, uy, (uint)c[0]); r[5] = dot_acc_sat(sx, sy, c[1]);\n"
    "  r[6] = dot_acc_sat(ux, sy, c[2]); r[7] = dot_acc_sat(sx, uy, c[3]);\n"
    "  r[8] = (int)dot_4x8packed_uu_uint(x, y); r[9] = dot_4x8packed_ss_int(x, y);\n"
    "  r[10] = dot_4x8packed_us_int(x, y); r[11] = dot_4x8packed_su_int(x, y);\n"
    "  r[12] = (int)dot_acc_sat_4x8packed_uu_uint(x, y, (uint)c[0]);\n"
    "  r[13] = dot_acc_sat_4x8packed_ss_int(x, y, c[1]);\n"
    "  r[14] = dot_acc_sat_4x8packed_us_int(x, y, c[2]);\n"
    "  r[15] = dot_acc_sat_4x8packed_su_int(x, y, c[3]);\n"
    "  /* the vectors straight from memory */\n"
    "  const global uchar4 *ua = (const global uchar4 *)a, *ub = (const global uchar4 *)b;\n"
    "  const global char4 *sa = (const global char4 *)a, *sb = (const global char4 *)b;\n"
    "  r[16] = (int)dot(ua[i], ub[i]); r[17] = dot(sa[i], sb[i]);\n"
    "  r[18] = dot_acc_sat(ua[i], sb[i], c[2]); r[19] = dot_acc_sat(sa[i], ub[i], c[3]);\n"
    "}\n";

/* the exact dot product of x's and y's bytes, each signed when sx / sy */
static int64_t dot4(uint32_t x, uint32_t y, int sx, int sy) {
  int64_t r = 0;
  for (unsigned k = 0; k < 4; k++) {
    int64_t p = (x >> (8 * k)) & 0xff, q = (y >> (8 * k)) & 0xff;
    if (sx && p > 127) p -= 256;
    if (sy && q > 127) q -= 256;
    r += p * q;
  }
  return r;
}

static int32_t sat_s(int64_t v) {
  return (int32_t)(v > INT32_MAX ? INT32_MAX : v < INT32_MIN ? INT32_MIN : v);
}
static int32_t sat_u(int64_t v) {
  return (int32_t)(uint32_t)(v > UINT32_MAX ? UINT32_MAX : v);
}

/* byte patterns at the signed and unsigned edges */
static const uint8_t edge_bytes[] = {0x00, 0x01, 0x7f, 0x80, 0x81, 0xfe, 0xff};

/* Inputs: the first items all-edge bytes, the rest random; the accumulators
 * cycle through the extremes and the values one below, at and one past each
 * combination's saturation boundary for this item's product. */
static void dot_inputs(t *s, uint32_t *a, uint32_t *b, int32_t *acc) {
  for (unsigned i = 0; i < N; i++) {
    if (i < 7 * 7) {
      uint8_t p = edge_bytes[i % 7], q = edge_bytes[i / 7];
      a[i] = p * 0x01010101u;
      b[i] = (uint32_t)q | (uint32_t)p << 8 | (uint32_t)edge_bytes[(i + 3) % 7] << 16 |
             (uint32_t)q << 24;
    } else {
      a[i] = rnd(s);
      b[i] = rnd(s);
    }
    for (unsigned k = 0; k < 4; k++) {
      int sx = k == 1 || k == 3, sy = k == 1 || k == 2; /* uu, ss, us, su */
      int64_t d = dot4(a[i], b[i], sx, sy);
      int64_t v;
      switch ((i + k) % 8) {
      case 0:
        v = k == 0 ? 0 : INT32_MIN;
        break;
      case 1:
        v = k == 0 ? (int64_t)UINT32_MAX : INT32_MAX;
        break;
      case 2:
        v = (k == 0 ? (int64_t)UINT32_MAX : INT32_MAX) - d - 1;
        break;
      case 3:
        v = (k == 0 ? (int64_t)UINT32_MAX : INT32_MAX) - d;
        break;
      case 4:
        v = (k == 0 ? (int64_t)UINT32_MAX : INT32_MAX) - d + 1;
        break;
      case 5:
        v = k == 0 ? 0 : (int64_t)INT32_MIN - d + (int64_t)(i % 3) - 1;
        break;
      default:
        v = (int32_t)rnd(s);
        break;
      }
      /* wrapped into the accumulator's type: out-of-range boundary
       * candidates (a product that cannot reach it) become other values */
      acc[4 * i + k] = (int32_t)(uint32_t)v;
    }
  }
}

/* results first..stride-1 of each item's stride (the IL kernel has no plain
 * dot(), so its first four are not written) */
static void dot_check(t *s, const char *how, const uint32_t *a, const uint32_t *b,
                      const int32_t *acc, const int32_t *o, unsigned stride, unsigned first) {
  for (unsigned i = 0; i < N; i++) {
    const int32_t *c = acc + 4 * i;
    int64_t uu = dot4(a[i], b[i], 0, 0), ss = dot4(a[i], b[i], 1, 1);
    int64_t us = dot4(a[i], b[i], 0, 1), su = dot4(a[i], b[i], 1, 0);
    int32_t want[20] = {
        (int32_t)uu,
        (int32_t)ss,
        (int32_t)us,
        (int32_t)su,
        sat_u(uu + (uint32_t)c[0]),
        sat_s(ss + c[1]),
        sat_s(us + c[2]),
        sat_s(su + c[3]),
        (int32_t)uu,
        (int32_t)ss,
        (int32_t)us,
        (int32_t)su,
        sat_u(uu + (uint32_t)c[0]),
        sat_s(ss + c[1]),
        sat_s(us + c[2]),
        sat_s(su + c[3]),
        (int32_t)uu,
        (int32_t)ss,
        sat_s(us + c[2]),
        sat_s(su + c[3]),
    };
    for (unsigned k = first; k < stride; k++) {
      s->checks++;
      if (o[stride * i + k] != want[k]) {
        char what[160];
        snprintf(what, sizeof what, "%s item %u result %u (a %08x b %08x acc %d)", how, i, k, a[i],
                 b[i], c[k % 4]);
        fail(s, "got %lld, want %lld", what, o[stride * i + k], want[k]);
      }
    }
  }
}

static void test_dots(t *s, cl_program p, const char *how, const char *kernel, unsigned stride,
                      unsigned first) {
  uint32_t *a = malloc(N * 4), *b = malloc(N * 4);
  int32_t *acc = malloc(N * 16), *o = calloc((size_t)N * stride, 4);
  dot_inputs(s, a, b, acc);
  void *bufs[4] = {a, b, acc, o};
  size_t sizes[4] = {N * 4, N * 4, N * 16, (size_t)N * stride * 4};
  if (launch(s, p, kernel, 4, bufs, sizes) == 0) dot_check(s, how, a, b, acc, o, stride, first);
  free(a), free(b), free(acc), free(o);
}

/* ---- bit operations --------------------------------------------------------------- */

/* one kernel per scalar type and one per vector type, each item with its own
 * offset and count */
#define BITS_KERNEL(T)                                                                             \
  "kernel void bits_" #T "(global const " #T " *x, global const " #T " *y,\n"                      \
  "    global const uint *off, global const uint *cnt, global " #T " *o) {\n"                      \
  "  size_t i = get_global_id(0);\n"                                                               \
  "  o[4 * i] = bitfield_insert(x[i], y[i], off[i], cnt[i]);\n"                                    \
  "  o[4 * i + 1] = as_" #T "(bitfield_extract_signed(x[i], off[i], cnt[i]));\n"                   \
  "  o[4 * i + 2] = as_" #T "(bitfield_extract_unsigned(x[i], off[i], cnt[i]));\n"                 \
  "  o[4 * i + 3] = bit_reverse(x[i]);\n"                                                          \
  "}\n"

static const char bits_src[] = BITS_KERNEL(char) BITS_KERNEL(uchar) BITS_KERNEL(short)
    BITS_KERNEL(ushort) BITS_KERNEL(int) BITS_KERNEL(uint) BITS_KERNEL(long) BITS_KERNEL(ulong)
        BITS_KERNEL(char16) BITS_KERNEL(uchar2) BITS_KERNEL(short4) BITS_KERNEL(ushort8)
            BITS_KERNEL(int2) BITS_KERNEL(uint4) BITS_KERNEL(long4) BITS_KERNEL(ulong2);

static const struct {
  const char *kernel;
  unsigned bytes, lanes, sgn;
} bits_types[] = {
    {"bits_char", 1, 1, 1},   {"bits_uchar", 1, 1, 0},  {"bits_short", 2, 1, 1},
    {"bits_ushort", 2, 1, 0}, {"bits_int", 4, 1, 1},    {"bits_uint", 4, 1, 0},
    {"bits_long", 8, 1, 1},   {"bits_ulong", 8, 1, 0},  {"bits_char16", 1, 16, 1},
    {"bits_uchar2", 1, 2, 0}, {"bits_short4", 2, 4, 1}, {"bits_ushort8", 2, 8, 0},
    {"bits_int2", 4, 2, 1},   {"bits_uint4", 4, 4, 0},  {"bits_long4", 8, 4, 1},
    {"bits_ulong2", 8, 2, 0},
};

static uint64_t get_el(const uint8_t *p, unsigned bytes) {
  uint64_t v = 0;
  memcpy(&v, p, bytes); /* little-endian host, as the device */
  return v;
}

/* The documented clamp (isa.def): offset' = min(offset, w), count' =
 * min(count, w - offset'); in-range uses are the extension's definition. */
static void bits_ref(unsigned w, uint64_t x, uint64_t y, uint32_t off, uint32_t cnt,
                     uint64_t out[4]) {
  uint64_t all = w == 64 ? ~0ull : (1ull << w) - 1;
  uint32_t o = off < w ? off : w, c = cnt < w - o ? cnt : w - o;
  uint64_t field = c == 64 ? ~0ull : (1ull << c) - 1, mask = c ? field << o : 0;
  out[0] = ((x & ~mask) | ((o < 64 ? y << o : 0) & mask)) & all;
  uint64_t f = c ? (x & mask) >> o : 0;
  out[2] = f;
  out[1] = (c && (f >> (c - 1)) & 1 ? f | ~field : f) & all;
  uint64_t r = 0;
  for (unsigned k = 0; k < w; k++) r |= ((x >> k) & 1) << (w - 1 - k);
  out[3] = r;
}

static void test_bits(t *s, cl_program p, const char *how) {
  for (size_t ty = 0; ty < sizeof bits_types / sizeof bits_types[0]; ty++) {
    unsigned by = bits_types[ty].bytes, lanes = bits_types[ty].lanes, w = 8 * by;
    size_t ne = (size_t)N * lanes;
    uint8_t *x = malloc(ne * by), *y = malloc(ne * by), *o = calloc(ne * 4, by);
    uint32_t *off = malloc(N * 4), *cnt = malloc(N * 4);
    for (size_t e = 0; e < ne * by; e++) {
      x[e] = (uint8_t)rnd(s);
      y[e] = (uint8_t)rnd(s);
    }
    for (unsigned i = 0; i < N; i++) {
      uint32_t r = rnd(s) % (w + 1), q = rnd(s) % (w + 1 - r);
      switch (i % 10) { /* the edges, then in-range fields, then out of range */
      case 0:
        off[i] = r, cnt[i] = 0;
        break;
      case 1:
        off[i] = 0, cnt[i] = w;
        break;
      case 2:
        off[i] = w - 1, cnt[i] = 1;
        break;
      case 3:
        off[i] = r, cnt[i] = w - r;
        break;
      case 4:
        off[i] = w, cnt[i] = 0;
        break;
      case 5:
        off[i] = r, cnt[i] = r + q + 1 + rnd(s) % 100;
        break;
      case 6:
        off[i] = w + rnd(s) % 3, cnt[i] = rnd(s) % 70;
        break;
      case 7:
        off[i] = 0xffffffffu, cnt[i] = 0xffffffffu;
        break;
      default:
        off[i] = r, cnt[i] = q;
        break;
      }
    }
    void *bufs[5] = {x, y, off, cnt, o};
    size_t sizes[5] = {ne * by, ne * by, N * 4, N * 4, ne * 4 * by};
    if (launch(s, p, bits_types[ty].kernel, 5, bufs, sizes) == 0) {
      for (unsigned i = 0; i < N; i++)
        for (unsigned l = 0; l < lanes; l++) {
          uint64_t want[4];
          size_t e = (size_t)i * lanes + l;
          bits_ref(w, get_el(x + e * by, by), get_el(y + e * by, by), off[i], cnt[i], want);
          for (unsigned f = 0; f < 4; f++) {
            /* o holds 4 vectors per item: function f, component l */
            uint64_t got = get_el(o + (((size_t)i * 4 + f) * lanes + l) * by, by);
            s->checks++;
            if (got != want[f]) {
              char what[200];
              snprintf(what, sizeof what,
                       "%s %s item %u lane %u function %u (x %llx y %llx off %u cnt %u)", how,
                       bits_types[ty].kernel, i, l, f, (unsigned long long)get_el(x + e * by, by),
                       (unsigned long long)get_el(y + e * by, by), off[i], cnt[i]);
              fail(s, "got %llx, want %llx", what, (long long)got, (long long)want[f]);
            }
          }
        }
    }
    free(x), free(y), free(o), free(off), free(cnt);
  }
}

/* ---- queries ------------------------------------------------------------------------ */

static void test_queries(t *s) {
  char ext[4096] = "";
  clGetDeviceInfo(s->dev, CL_DEVICE_EXTENSIONS, sizeof ext, ext, NULL);
  CHECK(s, strstr(ext, "cl_khr_integer_dot_product") != NULL, "CL_DEVICE_EXTENSIONS names dot");
  CHECK(s, strstr(ext, "cl_khr_extended_bit_ops") != NULL, "CL_DEVICE_EXTENSIONS names bit ops");
  cl_device_integer_dot_product_capabilities_khr caps = 0;
  size_t got = 0;
  CHECK(s,
        clGetDeviceInfo(s->dev, CL_DEVICE_INTEGER_DOT_PRODUCT_CAPABILITIES_KHR, sizeof caps, &caps,
                        &got) == CL_SUCCESS,
        "CL_DEVICE_INTEGER_DOT_PRODUCT_CAPABILITIES_KHR");
  CHECK(s, got == sizeof caps, "capabilities size");
  CHECK(s,
        caps == (CL_DEVICE_INTEGER_DOT_PRODUCT_INPUT_4x8BIT_PACKED_KHR |
                 CL_DEVICE_INTEGER_DOT_PRODUCT_INPUT_4x8BIT_KHR),
        "capabilities: both input forms");
  cl_device_info props[2] = {
      CL_DEVICE_INTEGER_DOT_PRODUCT_ACCELERATION_PROPERTIES_8BIT_KHR,
      CL_DEVICE_INTEGER_DOT_PRODUCT_ACCELERATION_PROPERTIES_4x8BIT_PACKED_KHR};
  for (int k = 0; k < 2; k++) {
    cl_device_integer_dot_product_acceleration_properties_khr a;
    memset(&a, 0, sizeof a);
    CHECK(s, clGetDeviceInfo(s->dev, props[k], sizeof a, &a, &got) == CL_SUCCESS,
          "acceleration properties");
    CHECK(s, got == sizeof a, "acceleration properties size");
    CHECK(s,
          a.signed_accelerated && a.unsigned_accelerated && a.mixed_signedness_accelerated &&
              a.accumulating_saturating_signed_accelerated &&
              a.accumulating_saturating_unsigned_accelerated &&
              a.accumulating_saturating_mixed_signedness_accelerated,
          "every form accelerated (one v_dot4 each)");
    CHECK(s, clGetDeviceInfo(s->dev, props[k], sizeof a - 1, &a, NULL) == CL_INVALID_VALUE,
          "a short buffer is CL_INVALID_VALUE");
  }
}

/* ---- the SPIR-V module of plain llvm-spirv 14 --------------------------------------- */

/* The SPIR-V module at path, built for the device; NULL (and a failure) when
 * it does not read or build. */
static cl_program load_il(t *s, const char *path) {
  FILE *f = fopen(path, "rb");
  if (!f) {
    fprintf(stderr, "FAIL cannot read %s\n", path);
    s->fails++;
    return NULL;
  }
  static uint8_t il[1 << 20];
  size_t n = fread(il, 1, sizeof il, f);
  fclose(f);
  cl_int err;
  cl_program p = clCreateProgramWithIL(s->ctx, il, n, &err);
  if (!err) err = clBuildProgram(p, 1, &s->dev, "", NULL, NULL);
  if (err) {
    char log[16384] = "";
    clGetProgramBuildInfo(p, s->dev, CL_PROGRAM_BUILD_LOG, sizeof log - 1, log, NULL);
    fprintf(stderr, "FAIL %s did not build (%d):\n%s\n", path, err, log);
    s->fails++;
    if (p) clReleaseProgram(p);
    return NULL;
  }
  return p;
}

static void test_il(t *s, const char *path) {
  cl_program p = load_il(s, path);
  if (!p) return;
  test_dots(s, p, "IL", "il_dots", 16, 4);
  /* the uint kernel only: the bits test's kernel table is by name */
  uint32_t *x = malloc(N * 4), *y = malloc(N * 4), *off = malloc(N * 4), *cnt = malloc(N * 4);
  uint32_t *o = calloc(N * 4, 4);
  for (unsigned i = 0; i < N; i++) {
    x[i] = rnd(s), y[i] = rnd(s);
    off[i] = i % 7 == 0 ? 32 : rnd(s) % 33;
    cnt[i] = i % 5 == 0 ? 32 - off[i] : rnd(s) % 40;
  }
  void *bufs[5] = {x, y, off, cnt, o};
  size_t sizes[5] = {N * 4, N * 4, N * 4, N * 4, N * 16};
  if (launch(s, p, "il_bits_uint", 5, bufs, sizes) == 0)
    for (unsigned i = 0; i < N; i++) {
      uint64_t want[4];
      bits_ref(32, x[i], y[i], off[i], cnt[i], want);
      for (unsigned k = 0; k < 4; k++) {
        s->checks++;
        if (o[4 * i + k] != (uint32_t)want[k])
          fail(s, "got %llx, want %llx", "IL il_bits_uint", o[4 * i + k], (long long)want[k]);
      }
    }
  free(x), free(y), free(off), free(cnt), free(o);
  clReleaseProgram(p);
}

/* ---- the instructions by hand: other result widths, 64/16-bit offsets -------------- */

static int64_t sat64s(uint64_t acc, int64_t d) {
  int64_t a = (int64_t)acc;
  if (d > 0 && a > INT64_MAX - d) return INT64_MAX;
  if (d < 0 && a < INT64_MIN - d) return INT64_MIN;
  return a + d;
}

static int64_t clamp64(int64_t v, int64_t lo, int64_t hi) {
  return v < lo ? lo : v > hi ? hi : v;
}

static uint32_t rev16(uint32_t v) {
  uint32_t r = 0;
  for (unsigned k = 0; k < 16; k++) r |= ((v >> k) & 1u) << (15 - k);
  return r;
}

static void test_widths(t *s, const char *path) {
  cl_program p = load_il(s, path);
  if (!p) return;
  uint32_t *a = malloc(N * 4), *b = malloc(N * 4);
  int32_t *acc32 = malloc(N * 16);
  uint64_t *acc = malloc(N * 8), *o = calloc(N * 8, 8);
  dot_inputs(s, a, b, acc32);
  for (unsigned i = 0; i < N; i++) {
    static const uint64_t base[8] = {(uint64_t)INT64_MAX,
                                     (uint64_t)INT64_MIN,
                                     ~0ull,
                                     0x7ff0,
                                     0xffffffffffff8000ull,
                                     0x70,
                                     0x80,
                                     0};
    uint64_t off = i % 8 == 1 || i % 8 == 2 ? (uint64_t) - (int64_t)(i % 5) : i % 32;
    acc[i] = i % 8 == 7 ? (uint64_t)rnd(s) << 32 | rnd(s) : base[i % 8] + off;
  }
  void *bufs[4] = {a, b, acc, o};
  size_t sizes[4] = {N * 4, N * 4, N * 8, N * 64};
  if (launch(s, p, "widths", 4, bufs, sizes) == 0)
    for (unsigned i = 0; i < N; i++) {
      int64_t uu = dot4(a[i], b[i], 0, 0), ss = dot4(a[i], b[i], 1, 1), su = dot4(a[i], b[i], 1, 0);
      uint64_t c = acc[i];
      uint64_t want[8] = {
          (uint64_t)ss,
          (uint16_t)uu,
          (uint64_t)sat64s(c, su),
          (uint64_t)sat64s(c, ss),
          c > ~0ull - (uint64_t)uu ? ~0ull : c + (uint64_t)uu,
          (uint64_t)clamp64((int16_t)c + ss, INT16_MIN, INT16_MAX),
          (uint64_t)clamp64((uint8_t)c + uu, 0, UINT8_MAX),
          (uint64_t)clamp64((int8_t)c + su, INT8_MIN, INT8_MAX),
      };
      for (unsigned k = 0; k < 8; k++) {
        s->checks++;
        if (o[8 * i + k] != want[k]) {
          char what[160];
          snprintf(what, sizeof what, "widths item %u result %u (a %08x b %08x acc %016llx)", i, k,
                   a[i], b[i], (unsigned long long)c);
          fail(s, "got %llx, want %llx", what, (long long)o[8 * i + k], (long long)want[k]);
        }
      }
    }
  free(a), free(b), free(acc32), free(acc), free(o);
  uint64_t *x = malloc(N * 8), *y = malloc(N * 8), *oc = malloc(N * 8), *ob = calloc(N * 3, 8);
  for (unsigned i = 0; i < N; i++) {
    x[i] = (uint64_t)rnd(s) << 32 | rnd(s);
    y[i] = (uint64_t)rnd(s) << 32 | rnd(s);
    static const uint64_t oc_edge[6] = {64,
                                        64ull << 32,
                                        63ull << 32 | 1,
                                        70ull << 32 | 5,
                                        0xffffffffull << 32 | 0xffffffffull,
                                        0x10010ull << 32 | 0x10008};
    oc[i] = i % 8 < 6 ? oc_edge[i % 8] : (uint64_t)(rnd(s) % 65) << 32 | rnd(s) % 65;
  }
  void *bb[4] = {x, y, oc, ob};
  size_t bs[4] = {N * 8, N * 8, N * 8, N * 24};
  if (launch(s, p, "bits64", 4, bb, bs) == 0)
    for (unsigned i = 0; i < N; i++) {
      uint64_t w0[4], w1[4];
      bits_ref(64, x[i], y[i], (uint32_t)(oc[i] >> 32), (uint32_t)oc[i], w0);
      bits_ref(64, x[i], 0, (uint16_t)(oc[i] >> 32), (uint16_t)oc[i], w1);
      uint64_t want[3] = {w0[0], w1[1],
                          rev16(x[i] & 0xffff) | (uint64_t)rev16((x[i] >> 16) & 0xffff) << 16};
      for (unsigned k = 0; k < 3; k++) {
        s->checks++;
        if (ob[3 * i + k] != want[k]) {
          char what[160];
          snprintf(what, sizeof what, "bits64 item %u result %u (x %016llx y %016llx oc %016llx)",
                   i, k, (unsigned long long)x[i], (unsigned long long)y[i],
                   (unsigned long long)oc[i]);
          fail(s, "got %llx, want %llx", what, (long long)ob[3 * i + k], (long long)want[k]);
        }
      }
    }
  free(x), free(y), free(oc), free(ob);
  clReleaseProgram(p);
}

int main(int argc, char **argv) {
  if (argc != 4) {
    fprintf(stderr, "usage: int_dot_bits PLATFORM-NAME-SUBSTRING IL-FILE WIDTHS-FILE\n");
    return 2;
  }
  cl_platform_id plat = host_platform("int_dot_bits", argv[1]);
  if (!plat) return 1;
  t s = {.state = 0x9e3779b97f4a7c15ull};
  cl_int err = clGetDeviceIDs(plat, CL_DEVICE_TYPE_ALL, 1, &s.dev, NULL);
  if (!err) s.ctx = clCreateContext(NULL, 1, &s.dev, NULL, NULL, &err);
  if (!err) s.q = clCreateCommandQueueWithProperties(s.ctx, s.dev, NULL, &err);
  if (err) {
    fprintf(stderr, "int_dot_bits: no device, context or queue (%d)\n", err);
    return 1;
  }
  test_queries(&s);
  const char *stds[2] = {"", "-cl-std=CL3.0"};
  for (int k = 0; k < 2; k++) {
    const char *how = k ? "OpenCL C 3.0" : "OpenCL C 1.2";
    cl_program p = build(&s, dot_src, stds[k]);
    if (p) test_dots(&s, p, how, "dots", 20, 0);
    if (p) clReleaseProgram(p);
    p = build(&s, bits_src, stds[k]);
    if (p) test_bits(&s, p, how);
    if (p) clReleaseProgram(p);
  }
  test_il(&s, argv[2]);
  test_widths(&s, argv[3]);
  clReleaseCommandQueue(s.q);
  clReleaseContext(s.ctx);
  printf("int_dot_bits: %d checks, %d failed\n", s.checks, s.fails);
  return s.fails ? 1 : 0;
}
