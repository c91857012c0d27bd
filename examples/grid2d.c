/* grid2d: the large-grid kernels public GPU benchmark suites time over an
 * N x N matrix (PolyBench's 2dconv and jacobi-2d, CLBlast's gemv): a direct
 * 2-D convolution with a 5x5 filter, one 5-point stencil step, and a
 * matrix-vector product (a work-item per row), each checked against a CPU
 * reference. `grid2d N [conv|stencil|matvec]` runs one (default: all three;
 * --dump writes the last one's output);
 * at N = 4096 the first two are 65536 work-groups, what sampled timing
 * (--sample) is for. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ex_util.h"

#define TILE 16
#define FW 5

static const char *kSource =
    "__kernel void conv(__global const float *in, __global float *out,\n"
    "                   __constant float *w, int n) {\n"
    "  int x = get_global_id(0), y = get_global_id(1);\n"
    "  float s = 0.0f;\n"
    "  for (int j = 0; j < 5; j++)\n"
    "    for (int i = 0; i < 5; i++) {\n"
    "      int xx = clamp(x + i - 2, 0, n - 1), yy = clamp(y + j - 2, 0, n - 1);\n"
    "      s += w[j * 5 + i] * in[yy * n + xx];\n"
    "    }\n"
    "  out[y * n + x] = s;\n"
    "}\n"
    "__kernel void stencil(__global const float *in, __global float *out, int n) {\n"
    "  int x = get_global_id(0), y = get_global_id(1);\n"
    "  float c = in[y * n + x];\n"
    "  if (x == 0 || y == 0 || x == n - 1 || y == n - 1) { out[y * n + x] = c; return; }\n"
    "  out[y * n + x] = 0.2f * (c + in[y * n + x - 1] + in[y * n + x + 1] +\n"
    "                           in[(y - 1) * n + x] + in[(y + 1) * n + x]);\n"
    "}\n"
    "__kernel void matvec(__global const float *a, __global const float *v,\n"
    "                     __global float *out, int n) {\n"
    "  int r = get_global_id(0);\n"
    "  if (r >= n) return;\n"
    "  float s = 0.0f;\n"
    "  for (int c = 0; c < n; c++) s += a[(size_t)r * n + c] * v[c];\n"
    "  out[r] = s;\n"
    "}\n";

static size_t compare(const char *what, const float *got, const float *want, size_t n) {
  size_t bad = 0;
  for (size_t i = 0; i < n; i++)
    if (!(fabsf(got[i] - want[i]) <= 1e-4f * (1.0f + fabsf(want[i])))) {
      if (bad < 5) fprintf(stderr, "%s: [%zu] = %g, expected %g\n", what, i, got[i], want[i]);
      bad++;
    }
  return bad;
}

static int clampi(int v, int lo, int hi) {
  return v < lo ? lo : v > hi ? hi : v;
}

/* Runs kernel `name` over the n x n input `in` (and `w`: the filter or the
 * vector), output into `out`. 0 or nonzero after a message. */
static int run(ex_cl *cl, const char *name, int n, const float *in, const float *w, size_t wn,
               float *out, size_t outn) {
  cl_int err;
  cl_kernel k = clCreateKernel(cl->program, name, &err);
  EX_CHECK(err, "clCreateKernel");
  size_t nn = (size_t)n * n;
  cl_mem din = clCreateBuffer(cl->context, CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR,
                              nn * sizeof *in, (void *)in, &err);
  EX_CHECK(err, "clCreateBuffer(in)");
  cl_mem dout = clCreateBuffer(cl->context, CL_MEM_WRITE_ONLY, outn * sizeof *out, NULL, &err);
  EX_CHECK(err, "clCreateBuffer(out)");
  cl_mem dw = NULL;
  if (w) {
    dw = clCreateBuffer(cl->context, CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, wn * sizeof *w,
                        (void *)w, &err);
    EX_CHECK(err, "clCreateBuffer(w)");
  }
  int a = 0;
  EX_CHECK(clSetKernelArg(k, a++, sizeof din, &din), "clSetKernelArg");
  if (strcmp(name, "matvec") == 0) EX_CHECK(clSetKernelArg(k, a++, sizeof dw, &dw), "arg");
  EX_CHECK(clSetKernelArg(k, a++, sizeof dout, &dout), "clSetKernelArg");
  if (strcmp(name, "conv") == 0) EX_CHECK(clSetKernelArg(k, a++, sizeof dw, &dw), "arg");
  EX_CHECK(clSetKernelArg(k, a++, sizeof n, &n), "clSetKernelArg(n)");
  if (strcmp(name, "matvec") == 0) {
    size_t g = ((size_t)n + 255) / 256 * 256, l = 256;
    EX_CHECK(clEnqueueNDRangeKernel(cl->queue, k, 1, NULL, &g, &l, 0, NULL, NULL), "launch");
  } else {
    size_t g[2] = {(size_t)n, (size_t)n}, l[2] = {TILE, TILE};
    EX_CHECK(clEnqueueNDRangeKernel(cl->queue, k, 2, NULL, g, l, 0, NULL, NULL), "launch");
  }
  EX_CHECK(clEnqueueReadBuffer(cl->queue, dout, CL_TRUE, 0, outn * sizeof *out, out, 0, NULL,
                               NULL),
           "clEnqueueReadBuffer");
  clReleaseMemObject(din);
  clReleaseMemObject(dout);
  if (dw) clReleaseMemObject(dw);
  clReleaseKernel(k);
  return 0;
}

int main(int argc, char **argv) {
  ex_args args;
  if (ex_parse_args(argc, argv, 1024, &args)) return 2;
  int n = (int)args.size;
  const char *only = args.mode;
  if (n < TILE || n % TILE || n > 16384) {
    fprintf(stderr, "grid2d: N = %d: use a multiple of %d up to 16384\n", n, TILE);
    return 2;
  }
  if (only && strcmp(only, "conv") && strcmp(only, "stencil") && strcmp(only, "matvec")) {
    fprintf(stderr, "grid2d: '%s': run one of conv, stencil, matvec (default: all)\n", only);
    return 2;
  }
  size_t nn = (size_t)n * n;
  float *in = malloc(nn * sizeof *in), *out = malloc(nn * sizeof *out);
  float *want = malloc(nn * sizeof *want), v[16384], w[FW * FW];
  if (!in || !out || !want) {
    fprintf(stderr, "grid2d: out of host memory for N = %d\n", n);
    return 1;
  }
  unsigned seed = 2024;
  for (size_t i = 0; i < nn; i++) in[i] = (float)(ex_rand(&seed) % 1000) / 500.0f - 1.0f;
  for (int i = 0; i < n; i++) v[i] = (float)(ex_rand(&seed) % 1000) / 1000.0f;
  for (int i = 0; i < FW * FW; i++) w[i] = (float)(i % 7) / 10.0f - 0.3f;
  ex_cl cl;
  if (ex_open(&cl, 0)) return 1;
  if (ex_build(&cl, kSource, "") != CL_SUCCESS) return 1;
  size_t bad = 0, last = 0; /* floats of the last kernel's output, for --dump */
  if (!only || !strcmp(only, "conv")) {
    if (run(&cl, "conv", n, in, w, FW * FW, out, nn)) return 1;
    for (int y = 0; y < n; y++)
      for (int x = 0; x < n; x++) {
        float s = 0.0f;
        for (int j = 0; j < FW; j++)
          for (int i = 0; i < FW; i++)
            s += w[j * FW + i] * in[(size_t)clampi(y + j - 2, 0, n - 1) * n +
                                    clampi(x + i - 2, 0, n - 1)];
        want[(size_t)y * n + x] = s;
      }
    bad += compare("conv", out, want, nn);
    last = nn;
  }
  if (!only || !strcmp(only, "stencil")) {
    if (run(&cl, "stencil", n, in, NULL, 0, out, nn)) return 1;
    for (int y = 0; y < n; y++)
      for (int x = 0; x < n; x++) {
        size_t i = (size_t)y * n + x;
        want[i] = (x == 0 || y == 0 || x == n - 1 || y == n - 1)
                      ? in[i]
                      : 0.2f * (in[i] + in[i - 1] + in[i + 1] + in[i - n] + in[i + n]);
      }
    bad += compare("stencil", out, want, nn);
    last = nn;
  }
  if (!only || !strcmp(only, "matvec")) {
    if (run(&cl, "matvec", n, in, v, (size_t)n, out, (size_t)n)) return 1;
    for (int r = 0; r < n; r++) {
      float s = 0.0f;
      for (int c = 0; c < n; c++) s += in[(size_t)r * n + c] * v[c];
      want[r] = s;
    }
    bad += compare("matvec", out, want, (size_t)n);
    last = (size_t)n;
  }
  if (args.dump_path && ex_dump(args.dump_path, out, last * sizeof *out)) return 1;
  free(in);
  free(out);
  free(want);
  ex_close(&cl);
  return ex_report("grid2d", bad);
}
