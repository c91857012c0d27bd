/* clrun: the kernel-corpus harness. Runs one OpenCL C file described by its
 * "// RUN:" header comments on the first platform and dumps every buffer.
 *
 * Usage:
 *   clrun FILE.cl OUT.bin                 run, write all buffers' bytes to OUT.bin
 *   clrun --compare FILE.cl REF.bin GOT.bin
 *                                         compare two dumps element by element
 *   clrun --expect-build-fail FILE.cl     exit 0 iff the build fails with a log
 *                                         containing every "// BUILD-ERROR: text"
 *   clrun --ref REF.cl OPTS FILE.cl OUT.bin
 *                                         run FILE's RUN lines (same kernels, buffers
 *                                         and inputs) on REF.cl's source instead,
 *                                         built with FILE's opts less any -cl-std=
 *                                         plus OPTS: an independent reference for a
 *                                         feature the oracle lacks (corpus_test.sh,
 *                                         "// REF: emulated")
 *
 * Spec (one "// RUN:" line per launch, run in order over the same buffers):
 *   // RUN: kernel=NAME global=X[,Y[,Z]] [local=X[,Y[,Z]]] [offset=X[,Y[,Z]]]
 *   //      [opts=-DN=4] [tol=2ulp] [atol=1e-6] args=ARG ARG ...
 * (continuation lines start with "// +" and append to the previous RUN line.)
 *   // SOURCE: NAME.cl
 * builds NAME.cl (beside FILE) instead of FILE's own text: a variant of another
 * corpus file (other sizes, -D switches in opts=) that keeps its own RUN, REF,
 * CHECK and EXPECT lines without a second copy of the kernels.
 * ARG is one of
 *   name:buf:TYPE:COUNT:FILL   a buffer (declared once; later uses may say name:buf)
 *   name:local:TYPE:COUNT      a __local argument of COUNT elements
 *   name:TYPE:VALUE            a by-value scalar
 *   name:val:TYPE:COUNT:FILL   a by-value argument of COUNT elements' bytes (a struct
 *                              or vector), filled as a buffer would be
 *   name:img:KIND:FORMAT:SIZE:FILL  an image (declared once; later uses say name:img):
 *                              KIND 1d 1dbuf 1darr 2d 2darr 3d; FORMAT ORDER_DTYPE with ORDER
 *                              r rg rgba bgra and DTYPE unorm8 unorm16 snorm8 snorm16 sint8
 *                              sint16 sint32 uint8 uint16 uint32 half float; SIZE WxHxD (arrays:
 *                              the last is the layer count); FILL as for buffers, of the
 *                              channel type (uchar for unorm8, ushort for half...). Dumped
 *                              (clEnqueueReadImage) and compared like a buffer of that type
 *   name:sampler:NORM:ADDR:FILTER  a sampler: NORM 0/1, ADDR none edge clamp repeat mirror,
 *                              FILTER nearest linear
 * TYPE: char uchar short ushort int uint long ulong float double (needs cl_khr_fp64;
 *   double NaNs compare equal whatever their payload, tol applies as for float)
 * FILL: zero | iota | const(V) | rand(LO,HI) | nanmix(LO,HI) (floats, doubles: every
 *   7th element NaN, every 11th +inf, every 13th -inf, every 17th -0.0)
 *   | edge(LO,HI): rand(LO,HI) with every 5th element an edge value of the type, cycling
 *   (shifted per buffer) through NaN, +-inf, +-0.0, denormals, +-max, +-min normal, +-1 for
 *   floats and doubles, and MIN, MAX, 0, -1, 1, MIN+1, MAX-1, 0x55.. for integers.
 * On a mismatch --compare prints a line for every differing buffer (so a file of many
 * kernels names each failing one) and, for the first, the RUN kernels, the element, the
 * work-item it belongs to and the input values for that work-item of every buffer of the
 * kernels using the differing one, assuming the layout the corpus
 * uses: a buffer of C = k * G elements (G = the first RUN's global size, linearised
 * x-fastest) holds k consecutive elements per work-item, element e belonging to item e/k.
 * Inputs come from a fixed-seed xorshift PRNG so every platform sees the same
 * bytes. tol=Nulp lets float buffers differ by N units in the last place (NaNs
 * must be NaN on both sides), atol=X lets them differ by X absolutely (for
 * results of cancellation); without either the comparison is byte for byte. */
#define CL_TARGET_OPENCL_VERSION 120
#include <CL/cl.h>
#include <ctype.h>
#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_BUFS 128 /* generated builtin files give each kernel its own outputs */
#define MAX_ARGS 24
#define MAX_RUNS 32 /* validation/data/probes/xlane.cl runs 9 kernels twice */

typedef enum {
  T_CHAR, T_UCHAR, T_SHORT, T_USHORT, T_INT, T_UINT, T_LONG, T_ULONG, T_FLOAT, T_DOUBLE, T_NTYPES
} ctype_t;
static const char *const type_names[T_NTYPES] = {"char", "uchar", "short", "ushort", "int",
                                                 "uint", "long",  "ulong", "float", "double"};
static const size_t type_sizes[T_NTYPES] = {1, 1, 2, 2, 4, 4, 8, 8, 4, 8};

typedef struct buf_spec {
  char name[64];
  ctype_t type;
  size_t count;
  char fill[64];
  unsigned char *host;
  cl_mem mem;
  /* images: is_image, the object type, format and size (w, h, d/layers) */
  int is_image;
  cl_mem_object_type itype;
  cl_image_format fmt;
  size_t isize[3];
  cl_mem under; /* a 1D buffer image's buffer */
} buf_spec;

typedef enum { A_BUF, A_LOCAL, A_SCALAR, A_VAL, A_SAMPLER } akind_t;
typedef struct arg_spec {
  akind_t kind;
  int buf;      /* A_BUF: index into bufs */
  ctype_t type; /* A_LOCAL, A_SCALAR */
  size_t count; /* A_LOCAL */
  unsigned char value[8];
  unsigned char *bytes; /* A_VAL: count elements of type */
  cl_bool norm;         /* A_SAMPLER */
  cl_addressing_mode addr;
  cl_filter_mode filter;
} arg_spec;

typedef struct run_spec {
  char kernel[128];
  cl_uint dims;
  size_t global[3], local[3], offset[3];
  int has_local, has_offset;
  arg_spec args[MAX_ARGS];
  unsigned nargs;
} run_spec;

typedef struct spec {
  buf_spec bufs[MAX_BUFS];
  unsigned nbufs;
  run_spec runs[MAX_RUNS];
  unsigned nruns;
  char opts[1024];
  unsigned tol_ulp;
  int has_tol;
  double atol; /* absolute float tolerance, for results with cancellation */
  char build_errors[8][256];
  unsigned nbuild_errors;
  const char *file;
} spec;

static void die(const char *fmt, const char *a, const char *b) {
  fprintf(stderr, "clrun: ");
  fprintf(stderr, fmt, a ? a : "", b ? b : "");
  fprintf(stderr, "\n");
  exit(2);
}

static int parse_type(const char *s, ctype_t *t) {
  for (int i = 0; i < T_NTYPES; i++)
    if (!strcmp(s, type_names[i])) {
      *t = (ctype_t)i;
      return 0;
    }
  return -1;
}

static unsigned parse_dims(const char *s, size_t out[3]) {
  unsigned n = 0;
  while (*s && n < 3) {
    char *end;
    out[n++] = strtoull(s, &end, 0);
    if (*end == ',') end++;
    s = end;
  }
  return n;
}

static char *read_file(const char *path, size_t *len) {
  FILE *f = fopen(path, "rb");
  if (!f) die("cannot open %s", path, NULL);
  fseek(f, 0, SEEK_END);
  long n = ftell(f);
  fseek(f, 0, SEEK_SET);
  char *p = malloc((size_t)n + 1);
  if (fread(p, 1, (size_t)n, f) != (size_t)n) die("cannot read %s", path, NULL);
  p[n] = 0;
  fclose(f);
  if (len) *len = (size_t)n;
  return p;
}

static void store_scalar(ctype_t t, const char *v, unsigned char *out) {
  if (t == T_FLOAT) {
    float f = strtof(v, NULL);
    memcpy(out, &f, 4);
    return;
  }
  if (t == T_DOUBLE) {
    double d = strtod(v, NULL);
    memcpy(out, &d, 8);
    return;
  }
  uint64_t x = (uint64_t)strtoll(v, NULL, 0);
  memcpy(out, &x, type_sizes[t]); /* little endian: low bytes first */
}

static void fill_buf(buf_spec *b, unsigned index);

/* name:img:KIND:FORMAT:SIZE:FILL (see the header) */
static void parse_image(spec *sp, arg_spec *a, char **f, unsigned nf) {
  a->kind = A_BUF;
  for (unsigned b = 0; b < sp->nbufs; b++)
    if (!strcmp(sp->bufs[b].name, f[0])) {
      a->buf = (int)b;
      return;
    }
  if (nf != 6) die("image '%s' first use needs name:img:KIND:FORMAT:SIZE:FILL (%s)", f[0], sp->file);
  if (sp->nbufs >= MAX_BUFS) die("too many buffers in %s", sp->file, NULL);
  buf_spec *b = &sp->bufs[sp->nbufs];
  memset(b, 0, sizeof *b);
  snprintf(b->name, sizeof b->name, "%s", f[0]);
  b->is_image = 1;
  static const struct { const char *n; cl_mem_object_type t; } kinds[] = {
      {"1d", CL_MEM_OBJECT_IMAGE1D},        {"1dbuf", CL_MEM_OBJECT_IMAGE1D_BUFFER},
      {"1darr", CL_MEM_OBJECT_IMAGE1D_ARRAY}, {"2d", CL_MEM_OBJECT_IMAGE2D},
      {"2darr", CL_MEM_OBJECT_IMAGE2D_ARRAY}, {"3d", CL_MEM_OBJECT_IMAGE3D}};
  for (size_t k = 0; k < sizeof kinds / sizeof kinds[0]; k++)
    if (!strcmp(f[2], kinds[k].n)) b->itype = kinds[k].t;
  if (!b->itype) die("unknown image kind '%s' in %s", f[2], sp->file);
  static const struct { const char *n; cl_channel_order o; unsigned ch; } orders[] = {
      {"r", CL_R, 1}, {"rg", CL_RG, 2}, {"rgba", CL_RGBA, 4}, {"bgra", CL_BGRA, 4}};
  static const struct { const char *n; cl_channel_type t; ctype_t c; } dtypes[] = {
      {"unorm8", CL_UNORM_INT8, T_UCHAR},     {"unorm16", CL_UNORM_INT16, T_USHORT},
      {"snorm8", CL_SNORM_INT8, T_CHAR},      {"snorm16", CL_SNORM_INT16, T_SHORT},
      {"sint8", CL_SIGNED_INT8, T_CHAR},      {"sint16", CL_SIGNED_INT16, T_SHORT},
      {"sint32", CL_SIGNED_INT32, T_INT},     {"uint8", CL_UNSIGNED_INT8, T_UCHAR},
      {"uint16", CL_UNSIGNED_INT16, T_USHORT}, {"uint32", CL_UNSIGNED_INT32, T_UINT},
      {"half", CL_HALF_FLOAT, T_USHORT},      {"float", CL_FLOAT, T_FLOAT}};
  char ord[16] = "";
  const char *us = strchr(f[3], '_');
  if (!us || (size_t)(us - f[3]) >= sizeof ord) die("bad image format '%s' in %s", f[3], sp->file);
  memcpy(ord, f[3], (size_t)(us - f[3]));
  unsigned ch = 0;
  for (size_t k = 0; k < sizeof orders / sizeof orders[0]; k++)
    if (!strcmp(ord, orders[k].n)) b->fmt.image_channel_order = orders[k].o, ch = orders[k].ch;
  int found = 0;
  for (size_t k = 0; k < sizeof dtypes / sizeof dtypes[0]; k++)
    if (!strcmp(us + 1, dtypes[k].n)) b->fmt.image_channel_data_type = dtypes[k].t, b->type = dtypes[k].c, found = 1;
  if (!ch || !found) die("bad image format '%s' in %s", f[3], sp->file);
  b->isize[0] = b->isize[1] = b->isize[2] = 1;
  unsigned nd = 0;
  for (char *p = f[4]; *p && nd < 3;) {
    char *end;
    b->isize[nd++] = strtoull(p, &end, 10);
    p = *end == 'x' ? end + 1 : end;
  }
  b->count = b->isize[0] * b->isize[1] * b->isize[2] * ch;
  snprintf(b->fill, sizeof b->fill, "%s", f[5]);
  a->buf = (int)sp->nbufs++;
}

/* The origin-0 region of an image for clEnqueueReadImage/WriteImage. */
static void image_region(const buf_spec *b, size_t region[3]) {
  region[0] = b->isize[0];
  region[1] = b->itype == CL_MEM_OBJECT_IMAGE1D || b->itype == CL_MEM_OBJECT_IMAGE1D_BUFFER ? 1 : b->isize[1];
  region[2] = b->itype == CL_MEM_OBJECT_IMAGE3D || b->itype == CL_MEM_OBJECT_IMAGE2D_ARRAY ? b->isize[2] : 1;
}

static void parse_arg(spec *sp, run_spec *r, char *tok) {
  if (r->nargs >= MAX_ARGS) die("too many args in %s", sp->file, NULL);
  arg_spec *a = &r->args[r->nargs++];
  memset(a, 0, sizeof *a);
  char *f[6] = {0};
  unsigned nf = 0;
  char *save = NULL;
  /* split on ':' but keep FILL's parentheses intact (they hold no ':') */
  for (char *p = strtok_r(tok, ":", &save); p && nf < 6; p = strtok_r(NULL, ":", &save)) f[nf++] = p;
  if (nf >= 2 && !strcmp(f[1], "img")) {
    parse_image(sp, a, f, nf);
  } else if (nf == 5 && !strcmp(f[1], "sampler")) {
    static const char *const addrs[] = {"none", "edge", "clamp", "repeat", "mirror"};
    static const cl_addressing_mode addr_v[] = {CL_ADDRESS_NONE, CL_ADDRESS_CLAMP_TO_EDGE, CL_ADDRESS_CLAMP,
                                                CL_ADDRESS_REPEAT, CL_ADDRESS_MIRRORED_REPEAT};
    a->kind = A_SAMPLER;
    a->norm = f[2][0] == '1' ? CL_TRUE : CL_FALSE;
    a->addr = (cl_addressing_mode)0;
    for (int k = 0; k < 5; k++)
      if (!strcmp(f[3], addrs[k])) a->addr = addr_v[k];
    if (!a->addr) die("unknown addressing mode '%s' in %s", f[3], sp->file);
    if (strcmp(f[4], "nearest") && strcmp(f[4], "linear")) die("unknown filter '%s' in %s", f[4], sp->file);
    a->filter = strcmp(f[4], "linear") ? CL_FILTER_NEAREST : CL_FILTER_LINEAR;
  } else if (nf >= 2 && !strcmp(f[1], "buf")) {
    a->kind = A_BUF;
    for (unsigned b = 0; b < sp->nbufs; b++)
      if (!strcmp(sp->bufs[b].name, f[0])) {
        a->buf = (int)b;
        return;
      }
    if (nf != 5) die("buffer '%s' first use needs name:buf:TYPE:COUNT:FILL (%s)", f[0], sp->file);
    if (sp->nbufs >= MAX_BUFS) die("too many buffers in %s", sp->file, NULL);
    buf_spec *b = &sp->bufs[sp->nbufs];
    snprintf(b->name, sizeof b->name, "%s", f[0]);
    if (parse_type(f[2], &b->type)) die("unknown type '%s' in %s", f[2], sp->file);
    b->count = strtoull(f[3], NULL, 0);
    snprintf(b->fill, sizeof b->fill, "%s", f[4]);
    a->buf = (int)sp->nbufs++;
  } else if (nf == 4 && !strcmp(f[1], "local")) {
    a->kind = A_LOCAL;
    if (parse_type(f[2], &a->type)) die("unknown type '%s' in %s", f[2], sp->file);
    a->count = strtoull(f[3], NULL, 0);
  } else if (nf == 5 && !strcmp(f[1], "val")) {
    a->kind = A_VAL;
    buf_spec v = {0};
    if (parse_type(f[2], &v.type)) die("unknown type '%s' in %s", f[2], sp->file);
    v.count = a->count = strtoull(f[3], NULL, 0);
    a->type = v.type;
    snprintf(v.fill, sizeof v.fill, "%s", f[4]);
    fill_buf(&v, MAX_BUFS + sp->nruns * MAX_ARGS + r->nargs); /* a seed no buffer uses */
    a->bytes = v.host;
  } else if (nf == 3) {
    a->kind = A_SCALAR;
    if (parse_type(f[1], &a->type)) die("unknown type '%s' in %s", f[1], sp->file);
    store_scalar(a->type, f[2], a->value);
  } else {
    die("bad argument '%s' in %s", f[0], sp->file);
  }
}

static void parse_run(spec *sp, char *line) {
  if (sp->nruns >= MAX_RUNS) die("too many RUN lines in %s", sp->file, NULL);
  run_spec *r = &sp->runs[sp->nruns++];
  memset(r, 0, sizeof *r);
  int in_args = 0;
  char *save = NULL;
  for (char *tok = strtok_r(line, " \t", &save); tok; tok = strtok_r(NULL, " \t", &save)) {
    if (!strncmp(tok, "kernel=", 7)) {
      snprintf(r->kernel, sizeof r->kernel, "%s", tok + 7);
    } else if (!strncmp(tok, "global=", 7)) {
      r->dims = parse_dims(tok + 7, r->global);
    } else if (!strncmp(tok, "local=", 6)) {
      parse_dims(tok + 6, r->local);
      r->has_local = 1;
    } else if (!strncmp(tok, "offset=", 7)) {
      parse_dims(tok + 7, r->offset);
      r->has_offset = 1;
    } else if (!strncmp(tok, "opts=", 5)) {
      strncat(sp->opts, " ", sizeof sp->opts - strlen(sp->opts) - 1);
      strncat(sp->opts, tok + 5, sizeof sp->opts - strlen(sp->opts) - 1);
    } else if (!strncmp(tok, "tol=", 4)) {
      sp->tol_ulp = (unsigned)strtoul(tok + 4, NULL, 10);
      sp->has_tol = 1;
    } else if (!strncmp(tok, "atol=", 5)) {
      sp->atol = strtod(tok + 5, NULL);
      sp->has_tol = 1;
    } else if (!strncmp(tok, "args=", 5)) {
      in_args = 1;
      if (tok[5]) parse_arg(sp, r, tok + 5);
    } else if (in_args) {
      /* strtok_r state is per-call; parse_arg uses its own */
      char copy[256];
      snprintf(copy, sizeof copy, "%s", tok);
      parse_arg(sp, r, copy);
    } else {
      die("unknown RUN field '%s' in %s", tok, sp->file);
    }
  }
  if (!r->kernel[0] || !r->dims) die("RUN line needs kernel= and global= (%s)%s", sp->file, "");
}

static void parse_spec(spec *sp, const char *src) {
  char line[4096] = "";
  int have = 0;
  for (const char *p = src; *p;) {
    const char *e = strchr(p, '\n');
    size_t n = e ? (size_t)(e - p) : strlen(p);
    char cur[2048];
    snprintf(cur, sizeof cur, "%.*s", (int)(n < sizeof cur - 1 ? n : sizeof cur - 1), p);
    if (!strncmp(cur, "// +", 4) && have) {
      strncat(line, " ", sizeof line - strlen(line) - 1);
      strncat(line, cur + 4, sizeof line - strlen(line) - 1);
    } else {
      if (have) parse_run(sp, line);
      have = 0;
      if (!strncmp(cur, "// RUN:", 7)) {
        snprintf(line, sizeof line, "%s", cur + 7);
        have = 1;
      } else if (!strncmp(cur, "// BUILD-ERROR:", 15) && sp->nbuild_errors < 8) {
        const char *t = cur + 15;
        while (*t == ' ') t++;
        snprintf(sp->build_errors[sp->nbuild_errors++], 256, "%.255s", t);
      }
    }
    p = e ? e + 1 : p + n;
  }
  if (have) parse_run(sp, line);
}

/* ---- deterministic fills ---- */
static uint64_t rng_next(uint64_t *s) {
  uint64_t x = *s;
  x ^= x << 13;
  x ^= x >> 7;
  x ^= x << 17;
  return *s = x;
}

/* The k-th edge value of type t (k cycles), written to dst. */
static void edge_value(ctype_t t, unsigned k, unsigned char *dst) {
  static const float fe[] = {NAN,         INFINITY,    -INFINITY, -0.0f, 0.0f,     1e-45f,
                             -1.17549421e-38f, 3.40282347e38f, -3.40282347e38f, 1.17549435e-38f,
                             -1.17549435e-38f, 1.0f,        -1.0f,     0.5f};
  static const double de[] = {NAN,     INFINITY, -INFINITY, -0.0,    0.0,
                              4.9406564584124654e-324, -2.2250738585072009e-308,
                              1.7976931348623157e308,  -1.7976931348623157e308,
                              2.2250738585072014e-308, -2.2250738585072014e-308, 1.0, -1.0, 0.5};
  size_t es = type_sizes[t];
  if (t == T_FLOAT) {
    memcpy(dst, &fe[k % (sizeof fe / sizeof fe[0])], 4);
    return;
  }
  if (t == T_DOUBLE) {
    memcpy(dst, &de[k % (sizeof de / sizeof de[0])], 8);
    return;
  }
  int sgn = t == T_CHAR || t == T_SHORT || t == T_INT || t == T_LONG;
  uint64_t mask = es == 8 ? ~0ull : (1ull << (8 * es)) - 1;
  uint64_t smin = 1ull << (8 * es - 1), smax = smin - 1;
  uint64_t min = sgn ? smin : 0, max = sgn ? smax : mask;
  uint64_t vals[8] = {min, max, 0, mask /* -1 */, 1, min + 1, max - 1, 0x5555555555555555ull};
  uint64_t x = vals[k % 8] & mask;
  memcpy(dst, &x, es);
}

static void fill_buf(buf_spec *b, unsigned index) {
  size_t es = type_sizes[b->type];
  b->host = calloc(b->count ? b->count : 1, es);
  uint64_t seed = 0x9E3779B97F4A7C15ull ^ ((uint64_t)(index + 1) * 0x100000001B3ull);
  double lo = 0, hi = 0, cval = 0;
  int kind; /* 0 zero 1 iota 2 const 3 rand 4 nanmix 5 edge */
  if (!strcmp(b->fill, "zero")) kind = 0;
  else if (!strcmp(b->fill, "iota")) kind = 1;
  else if (sscanf(b->fill, "const(%lf)", &cval) == 1) kind = 2;
  else if (sscanf(b->fill, "rand(%lf,%lf)", &lo, &hi) == 2) kind = 3;
  else if (sscanf(b->fill, "nanmix(%lf,%lf)", &lo, &hi) == 2) kind = 4;
  else if (sscanf(b->fill, "edge(%lf,%lf)", &lo, &hi) == 2) kind = 5;
  else die("unknown fill '%s' for buffer %s", b->fill, b->name);
  for (size_t i = 0; i < b->count; i++) {
    unsigned char *dst = b->host + i * es;
    double v = 0;
    int64_t iv = 0;
    if (kind == 1) v = (double)i, iv = (int64_t)i;
    if (kind == 2) v = cval, iv = (int64_t)cval;
    if (kind >= 3) {
      uint64_t r = rng_next(&seed);
      if (b->type == T_FLOAT || b->type == T_DOUBLE)
        v = lo + (hi - lo) * ((double)(r >> 11) / 9007199254740992.0);
      else if (hi - lo >= 9.2e18) iv = (int64_t)r; /* a (nearly) full 64-bit range: the span
                                                      would overflow int64, so take all bits */
      else iv = (int64_t)lo + (int64_t)(r % (uint64_t)((int64_t)hi - (int64_t)lo + 1));
    }
    if (kind == 5 && i % 5 == 2) {
      edge_value(b->type, (unsigned)(i / 5 + index * 3), dst);
      continue;
    }
    if (b->type == T_FLOAT) {
      float f = (float)v;
      if (kind == 4) {
        if (i % 7 == 3) f = NAN;
        else if (i % 11 == 5) f = INFINITY;
        else if (i % 13 == 6) f = -INFINITY;
        else if (i % 17 == 8) f = -0.0f;
      }
      memcpy(dst, &f, 4);
    } else if (b->type == T_DOUBLE) {
      if (kind == 4) {
        if (i % 7 == 3) v = NAN;
        else if (i % 11 == 5) v = INFINITY;
        else if (i % 13 == 6) v = -INFINITY;
        else if (i % 17 == 8) v = -0.0;
      }
      memcpy(dst, &v, 8);
    } else {
      memcpy(dst, &iv, es);
    }
  }
}

/* ---- running ---- */
static void check(cl_int err, const char *what) {
  if (err != CL_SUCCESS) {
    char num[32];
    snprintf(num, sizeof num, "%d", (int)err);
    die("%s failed with %s", what, num);
  }
}

static int run_file(spec *sp, const char *src, const char *out, int expect_fail) {
  cl_platform_id plat;
  cl_device_id dev;
  cl_int err;
  check(clGetPlatformIDs(1, &plat, NULL), "clGetPlatformIDs");
  check(clGetDeviceIDs(plat, CL_DEVICE_TYPE_ALL, 1, &dev, NULL), "clGetDeviceIDs");
  cl_context ctx = clCreateContext(NULL, 1, &dev, NULL, NULL, &err);
  check(err, "clCreateContext");
  cl_command_queue q = clCreateCommandQueue(ctx, dev, 0, &err);
  check(err, "clCreateCommandQueue");
  cl_program prog = clCreateProgramWithSource(ctx, 1, &src, NULL, &err);
  check(err, "clCreateProgramWithSource");
  cl_int berr = clBuildProgram(prog, 1, &dev, sp->opts, NULL, NULL);
  if (berr != CL_SUCCESS || expect_fail) {
    size_t n = 0;
    clGetProgramBuildInfo(prog, dev, CL_PROGRAM_BUILD_LOG, 0, NULL, &n);
    char *log = calloc(n + 1, 1);
    clGetProgramBuildInfo(prog, dev, CL_PROGRAM_BUILD_LOG, n, log, NULL);
    int rc = 1;
    if (!expect_fail) {
      fprintf(stderr, "clrun: %s: build failed (%d):\n%s\n", sp->file, (int)berr, log);
    } else if (berr == CL_SUCCESS) {
      fprintf(stderr, "clrun: %s: build succeeded but a build error was expected\n", sp->file);
    } else {
      rc = 0;
      for (unsigned i = 0; i < sp->nbuild_errors && !rc; i++)
        if (!strstr(log, sp->build_errors[i])) {
          fprintf(stderr, "clrun: %s: build log lacks \"%s\":\n%s\n", sp->file, sp->build_errors[i], log);
          rc = 1;
        }
      if (!rc) printf("%s: build failed as expected:\n%s\n", sp->file, log);
    }
    free(log);
    clReleaseProgram(prog);
    clReleaseCommandQueue(q);
    clReleaseContext(ctx);
    return rc;
  }
  for (unsigned b = 0; b < sp->nbufs; b++) {
    buf_spec *bs = &sp->bufs[b];
    size_t bytes = bs->count * type_sizes[bs->type];
    if (bs->is_image) {
      cl_image_desc d;
      memset(&d, 0, sizeof d);
      d.image_type = bs->itype;
      size_t region[3];
      image_region(bs, region);
      d.image_width = region[0];
      d.image_height = bs->itype == CL_MEM_OBJECT_IMAGE1D_ARRAY ? 1 : region[1];
      d.image_depth = bs->itype == CL_MEM_OBJECT_IMAGE3D ? region[2] : 1;
      d.image_array_size = bs->itype == CL_MEM_OBJECT_IMAGE1D_ARRAY   ? region[1]
                           : bs->itype == CL_MEM_OBJECT_IMAGE2D_ARRAY ? region[2]
                                                                      : 1;
      if (bs->itype == CL_MEM_OBJECT_IMAGE1D_BUFFER) {
        bs->under = clCreateBuffer(ctx, CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR, bytes, bs->host, &err);
        check(err, "clCreateBuffer (under a 1D buffer image)");
        d.buffer = bs->under;
        bs->mem = clCreateImage(ctx, CL_MEM_READ_WRITE, &bs->fmt, &d, NULL, &err);
      } else {
        bs->mem = clCreateImage(ctx, CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR, &bs->fmt, &d, bs->host, &err);
      }
      check(err, "clCreateImage");
      continue;
    }
    bs->mem = clCreateBuffer(ctx, CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR, bytes ? bytes : 4, bs->host, &err);
    check(err, "clCreateBuffer");
  }
  for (unsigned ri = 0; ri < sp->nruns; ri++) {
    run_spec *r = &sp->runs[ri];
    cl_kernel k = clCreateKernel(prog, r->kernel, &err);
    if (err) die("clCreateKernel(%s) failed in %s", r->kernel, sp->file);
    cl_sampler samplers[MAX_ARGS] = {0}; /* released after the launch */
    for (unsigned a = 0; a < r->nargs; a++) {
      arg_spec *as = &r->args[a];
      if (as->kind == A_SAMPLER) {
        samplers[a] = clCreateSampler(ctx, as->norm, as->addr, as->filter, &err);
        check(err, "clCreateSampler");
        err = clSetKernelArg(k, a, sizeof samplers[a], &samplers[a]);
      } else if (as->kind == A_BUF) err = clSetKernelArg(k, a, sizeof(cl_mem), &sp->bufs[as->buf].mem);
      else if (as->kind == A_LOCAL) err = clSetKernelArg(k, a, as->count * type_sizes[as->type], NULL);
      else if (as->kind == A_VAL)
        err = clSetKernelArg(k, a, as->count * type_sizes[as->type], as->bytes);
      else err = clSetKernelArg(k, a, type_sizes[as->type], as->value);
      check(err, "clSetKernelArg");
    }
    check(clEnqueueNDRangeKernel(q, k, r->dims, r->has_offset ? r->offset : NULL, r->global,
                                 r->has_local ? r->local : NULL, 0, NULL, NULL),
          "clEnqueueNDRangeKernel");
    check(clFinish(q), "clFinish");
    clReleaseKernel(k);
    for (unsigned a = 0; a < r->nargs; a++)
      if (samplers[a]) clReleaseSampler(samplers[a]);
  }
  FILE *f = fopen(out, "wb");
  if (!f) die("cannot write %s", out, NULL);
  for (unsigned b = 0; b < sp->nbufs; b++) {
    buf_spec *bs = &sp->bufs[b];
    size_t bytes = bs->count * type_sizes[bs->type];
    if (bs->is_image) {
      size_t origin[3] = {0, 0, 0}, region[3];
      image_region(bs, region);
      check(clEnqueueReadImage(q, bs->mem, CL_TRUE, origin, region, 0, 0, bs->host, 0, NULL, NULL),
            "clEnqueueReadImage");
    } else {
      check(clEnqueueReadBuffer(q, bs->mem, CL_TRUE, 0, bytes, bs->host, 0, NULL, NULL), "clEnqueueReadBuffer");
    }
    fwrite(bs->host, 1, bytes, f);
    clReleaseMemObject(bs->mem);
    if (bs->under) clReleaseMemObject(bs->under);
  }
  fclose(f);
  clReleaseProgram(prog);
  clReleaseCommandQueue(q);
  clReleaseContext(ctx);
  return 0;
}

/* ---- comparing ---- */
static void show(ctype_t t, const unsigned char *p, char *buf, size_t n) {
  int64_t s = 0;
  uint64_t u = 0;
  memcpy(&u, p, type_sizes[t]);
  switch (t) {
  case T_CHAR: s = (int8_t)u; break;
  case T_SHORT: s = (int16_t)u; break;
  case T_INT: s = (int32_t)u; break;
  case T_LONG: s = (int64_t)u; break;
  default: break;
  }
  if (t == T_FLOAT) {
    float f;
    memcpy(&f, p, 4);
    snprintf(buf, n, "%.9g (0x%08" PRIx64 ")", f, u);
  } else if (t == T_DOUBLE) {
    double d;
    memcpy(&d, p, 8);
    snprintf(buf, n, "%.17g (0x%016" PRIx64 ")", d, u);
  } else if (t == T_CHAR || t == T_SHORT || t == T_INT || t == T_LONG) {
    snprintf(buf, n, "%" PRId64, s);
  } else {
    snprintf(buf, n, "%" PRIu64, u);
  }
}

static int64_t float_ordered(uint32_t b) {
  return (b & 0x80000000u) ? -(int64_t)(b & 0x7fffffffu) : (int64_t)b;
}

/* Prints the context of a mismatch at element e of buffer bi: the kernels, the
 * work-item (under the layout assumption in the header comment) and, for that
 * item, every buffer's input values (regenerated from the fills) and both results. */
static void explain(spec *sp, unsigned bi, size_t e, const unsigned char *ref, const unsigned char *got) {
  fprintf(stderr, "  kernel%s:", sp->nruns > 1 ? "s" : "");
  for (unsigned r = 0; r < sp->nruns; r++) fprintf(stderr, " %s", sp->runs[r].kernel);
  fprintf(stderr, "\n");
  if (!sp->nruns) return;
  const run_spec *r0 = &sp->runs[0];
  size_t g = 1;
  for (unsigned d = 0; d < r0->dims; d++) g *= r0->global[d];
  const buf_spec *bs = &sp->bufs[bi];
  if (!g || bs->count % g) {
    fprintf(stderr, "  (buffer '%s' has %zu elements, not a multiple of the %zu work-items: no "
                    "work-item mapping)\n", bs->name, bs->count, g);
    return;
  }
  size_t wi = e / (bs->count / g), id[3] = {0, 0, 0}, rest = wi;
  for (unsigned d = 0; d < r0->dims; d++) {
    id[d] = rest % r0->global[d] + (r0->has_offset ? r0->offset[d] : 0);
    rest /= r0->global[d];
  }
  fprintf(stderr, "  work-item: linear %zu, global id (%zu,%zu,%zu) (assuming element e of a "
                  "buffer with k elements per item belongs to item e/k)\n", wi, id[0], id[1], id[2]);
  /* only the buffers of the kernels that use this one (a file may hold many kernels) */
  int used[MAX_BUFS] = {0};
  for (unsigned ri = 0; ri < sp->nruns; ri++) {
    const run_spec *r = &sp->runs[ri];
    int uses = 0;
    for (unsigned a = 0; a < r->nargs; a++)
      uses |= r->args[a].kind == A_BUF && r->args[a].buf == (int)bi;
    for (unsigned a = 0; a < r->nargs && uses; a++)
      if (r->args[a].kind == A_BUF) used[r->args[a].buf] = 1;
  }
  size_t off = 0;
  for (unsigned b = 0; b < sp->nbufs; b++) {
    buf_spec *x = &sp->bufs[b];
    size_t es = type_sizes[x->type];
    if (x->count % g || !used[b]) {
      off += x->count * es;
      continue;
    }
    size_t k = x->count / g;
    fill_buf(x, b); /* the inputs every platform started from */
    fprintf(stderr, "  %s (%s, fill %s) elements %zu..%zu:\n", x->name, type_names[x->type], x->fill,
            wi * k, wi * k + k - 1);
    for (size_t j = wi * k; j < wi * k + k && j < wi * k + 16; j++) {
      char si[64], sr[64], sg[64];
      show(x->type, x->host + j * es, si, sizeof si);
      show(x->type, ref + off + j * es, sr, sizeof sr);
      show(x->type, got + off + j * es, sg, sizeof sg);
      fprintf(stderr, "    [%zu] input %s  reference %s  got %s%s\n", j, si, sr, sg,
              memcmp(ref + off + j * es, got + off + j * es, es) ? "  <-- differs" : "");
    }
    if (k > 16) fprintf(stderr, "    ... (%zu more)\n", k - 16);
    free(x->host);
    x->host = NULL;
    off += x->count * es;
  }
}

static int compare(spec *sp, const char *a, const char *b) {
  size_t na, nb;
  unsigned char *pa = (unsigned char *)read_file(a, &na), *pb = (unsigned char *)read_file(b, &nb);
  size_t total = 0;
  for (unsigned i = 0; i < sp->nbufs; i++) total += sp->bufs[i].count * type_sizes[sp->bufs[i].type];
  if (na != total || nb != total) {
    fprintf(stderr, "%s: dump sizes %zu (%s) and %zu (%s), expected %zu\n", sp->file, na, a, nb, b, total);
    free(pa);
    free(pb);
    return 1;
  }
  size_t off = 0;
  int bad = 0;
  for (unsigned i = 0; i < sp->nbufs; i++) {
    buf_spec *bs = &sp->bufs[i];
    size_t es = type_sizes[bs->type];
    unsigned maxd = 0;
    int buf_bad = 0;
    for (size_t e = 0; e < bs->count; e++, off += es) {
      const unsigned char *x = pa + off, *y = pb + off;
      if (!memcmp(x, y, es)) continue;
      if (bs->type == T_DOUBLE) {
        double dx, dy;
        uint64_t ux, uy;
        memcpy(&dx, x, 8);
        memcpy(&dy, y, 8);
        memcpy(&ux, x, 8);
        memcpy(&uy, y, 8);
        if (isnan(dx) && isnan(dy)) continue; /* OpenCL leaves NaN payloads open */
        if (sp->has_tol && !isnan(dx) && !isnan(dy)) {
          int64_t ox = (ux >> 63) ? -(int64_t)(ux & ~(1ull << 63)) : (int64_t)ux;
          int64_t oy = (uy >> 63) ? -(int64_t)(uy & ~(1ull << 63)) : (int64_t)uy;
          int64_t d = ox > oy ? ox - oy : oy - ox;
          if (d <= (int64_t)sp->tol_ulp || fabs(dx - dy) <= sp->atol) {
            if ((unsigned)d > maxd) maxd = (unsigned)d;
            continue;
          }
        }
      }
      if (bs->type == T_FLOAT && sp->has_tol) {
        uint32_t ux, uy;
        memcpy(&ux, x, 4);
        memcpy(&uy, y, 4);
        float fx, fy;
        memcpy(&fx, x, 4);
        memcpy(&fy, y, 4);
        if (isnan(fx) && isnan(fy)) continue;
        if (!isnan(fx) && !isnan(fy)) {
          int64_t d = float_ordered(ux) - float_ordered(uy);
          if (d < 0) d = -d;
          if (d <= (int64_t)sp->tol_ulp || fabs((double)fx - (double)fy) <= sp->atol) {
            if ((unsigned)d > maxd) maxd = (unsigned)d;
            continue;
          }
        }
      }
      char sx[64], sy[64];
      show(bs->type, x, sx, sizeof sx);
      show(bs->type, y, sy, sizeof sy);
      fprintf(stderr, "%s: buffer '%s' (%s) first differs at element %zu: reference %s, got %s%s\n", sp->file,
              bs->name, type_names[bs->type], e, sx, sy, sp->has_tol ? " (beyond tolerance)" : "");
      /* the first mismatch is explained; later buffers (a file of many kernels, each with its
       * own outputs) get their one line each, so one run names every failing kernel */
      if (!bad) explain(sp, i, e, pa, pb);
      bad = buf_bad = 1;
      off += (bs->count - e) * es;
      break;
    }
    if (!buf_bad && maxd) printf("%s: buffer '%s' within %u ulp\n", sp->file, bs->name, maxd);
  }
  if (!bad) printf("%s: %u buffers match\n", sp->file, sp->nbufs);
  free(pa);
  free(pb);
  return bad;
}

/* The text of the file a "// SOURCE: NAME" line of `file` names (beside it),
 * or NULL when it has none. */
static char *source_of(const char *file, const char *text) {
  const char *at = strstr(text, "// SOURCE:");
  if (!at || (at != text && at[-1] != '\n')) return NULL;
  at += strlen("// SOURCE:");
  while (*at == ' ') at++;
  size_t n = strcspn(at, " \r\n");
  if (n == 0) die("%s: '// SOURCE:' names no file", file, NULL);
  const char *slash = strrchr(file, '/');
  size_t dir = slash ? (size_t)(slash - file) + 1 : 0;
  char *path = malloc(dir + n + 1);
  if (!path) die("out of memory", NULL, NULL);
  memcpy(path, file, dir);
  memcpy(path + dir, at, n);
  path[dir + n] = 0;
  char *src = read_file(path, NULL);
  free(path);
  return src;
}

int main(int argc, char **argv) {
  static spec sp; /* large; static storage instead of the stack */
  int mode = 0; /* 0 run, 1 compare, 2 expect build fail */
  int ai = 1;
  const char *ref = NULL, *ref_opts = NULL;
  if (argc > 3 && !strcmp(argv[1], "--ref")) ref = argv[2], ref_opts = argv[3], ai = 4;
  if (argc > 1 && !strcmp(argv[1], "--compare")) mode = 1, ai = 2;
  else if (argc > 1 && !strcmp(argv[1], "--expect-build-fail")) mode = 2, ai = 2;
  int need = mode == 1 ? 3 : mode == 2 ? 1 : 2;
  if (argc - ai != need) {
    fprintf(stderr, "usage: clrun FILE.cl OUT.bin | clrun --compare FILE.cl REF.bin GOT.bin | "
                    "clrun --expect-build-fail FILE.cl | clrun --ref REF.cl OPTS FILE.cl OUT.bin\n");
    return 2;
  }
  sp.file = argv[ai];
  char *src = read_file(argv[ai], NULL);
  parse_spec(&sp, src);
  int rc;
  if (mode == 1) {
    rc = compare(&sp, argv[ai + 1], argv[ai + 2]);
  } else {
    if (mode == 0 && !sp.nruns) die("%s has no // RUN: line", sp.file, NULL);
    for (unsigned b = 0; b < sp.nbufs; b++) fill_buf(&sp.bufs[b], b);
    char *build_src = src;
    char *other = source_of(sp.file, src);
    if (other) build_src = other;
    if (ref) { /* the reference source, its options without the language version */
      build_src = read_file(ref, NULL);
      char opts[sizeof sp.opts] = "";
      for (char *tok = strtok(sp.opts, " "); tok; tok = strtok(NULL, " "))
        if (strncmp(tok, "-cl-std=", 8)) {
          strncat(opts, " ", sizeof opts - strlen(opts) - 1);
          strncat(opts, tok, sizeof opts - strlen(opts) - 1);
        }
      strncat(opts, " ", sizeof opts - strlen(opts) - 1);
      strncat(opts, ref_opts, sizeof opts - strlen(opts) - 1);
      memcpy(sp.opts, opts, sizeof sp.opts);
    }
    rc = run_file(&sp, build_src, mode == 2 ? NULL : argv[ai + 1], mode == 2);
    if (build_src != src) free(build_src);
    if (other && other != build_src) free(other);
  }
  free(src); /* LeakSanitizer in the ASan build would fail the run otherwise */
  return rc;
}
