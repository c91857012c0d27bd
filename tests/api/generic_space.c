/* The generic address space (OpenCL C 2.0 and 3.0), checked against values
 * computed here: neither PoCL nor Oclgrind on this system has generic
 * pointers (CL_DEVICE_GENERIC_ADDRESS_SPACE_SUPPORT false), so the host is
 * the oracle. Each kernel has work-items of one wave pointing into
 * different spaces (__global, __local, private):
 *   gmix    a pointer chosen per lane, stored in a private array and read
 *           back, dereferenced, written through, classified by
 *           to_global/to_local/to_private and get_fence;
 *   gstatic helpers taking generic pointers, called with each space (each
 *           call resolves statically once inlined);
 *   gvec    float4 and struct accesses through per-lane generic pointers;
 *   gatom   C11 atomics (fetch_add on int, fetch_max on long) through
 *           generic pointers into __local or __global memory per lane;
 *   gloop   a pointer carried around a loop (a phi of all three spaces),
 *           read as char, null generic pointers through to_*.
 * usage: generic_space PLATFORM-NAME-SUBSTRING BUILD-OPTIONS; exit 0 when
 * every buffer matches, 1 otherwise (the first difference printed). */
#define CL_TARGET_OPENCL_VERSION 120
#include <CL/cl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "host_build.h"

#define G 256 /* work-items of every launch */
#define L 64  /* work-group size */

static const char *kernels =
    "__kernel void gmix(__global int *out, __global const int *in) {\n"
    "  __local int tile[64];\n"
    "  int priv[4];\n"
    "  int lid = get_local_id(0), gid = get_global_id(0);\n"
    "  tile[lid] = in[gid] * 3;\n"
    "  for (int k = 0; k < 4; k++) priv[k] = gid * 10 + k;\n"
    "  barrier(CLK_LOCAL_MEM_FENCE);\n"
    "  int *p;\n"
    "  int sel = gid % 3;\n"
    "  if (sel == 0)\n"
    "    p = (int *)&in[gid];\n"
    "  else if (sel == 1)\n"
    "    p = &tile[lid ^ 1];\n"
    "  else\n"
    "    p = &priv[gid & 3];\n"
    "  int *arr[2];\n"
    "  arr[gid & 1] = p;\n"
    "  arr[(gid & 1) ^ 1] = &priv[0];\n"
    "  int *q = arr[gid & 1];\n"
    "  out[gid * 4 + 0] = *q;\n"
    "  out[gid * 4 + 1] = (to_local(q) != 0) + 2 * (to_global(q) != 0) + 4 * (to_private(q) != "
    "0);\n"
    "  out[gid * 4 + 2] = get_fence(q);\n"
    "  if (sel == 2) *q += 5;\n"
    "  out[gid * 4 + 3] = priv[gid & 3];\n"
    "}\n"
    "typedef struct { int a; float b; long c; } S;\n"
    "int sum3(int *p) { return p[0] + p[1] + p[2]; }\n"
    "void bump(S *s, int k) { s->a += k; s->b *= 2.0f; s->c -= k; }\n"
    "__kernel void gstatic(__global int *out, __global int *g) {\n"
    "  __local int l[128];\n"
    "  int pr[3];\n"
    "  int lid = get_local_id(0), gid = get_global_id(0);\n"
    "  l[lid] = lid + 1; l[lid + 64] = 2 * lid;\n"
    "  pr[0] = gid; pr[1] = -gid; pr[2] = 7;\n"
    "  barrier(CLK_LOCAL_MEM_FENCE);\n"
    "  out[gid] = sum3(&g[gid]) * 100 + sum3(&l[lid]) * 10 + sum3(pr);\n"
    "}\n"
    "__kernel void gvec(__global float4 *out, __global float4 *g, __global S *gs) {\n"
    "  __local float4 l[64];\n"
    "  __local S ls[64];\n"
    "  float4 pv = (float4)(1.0f, 2.0f, 3.0f, 4.0f) * (float)get_global_id(0);\n"
    "  S ps = {1, 0.5f, 100};\n"
    "  int lid = get_local_id(0), gid = get_global_id(0);\n"
    "  l[lid] = g[gid] + 1.0f;\n"
    "  ls[lid].a = lid; ls[lid].b = 1.5f; ls[lid].c = 1000 + lid;\n"
    "  barrier(CLK_LOCAL_MEM_FENCE);\n"
    "  int m = gid % 3;\n"
    "  float4 *v = m == 0 ? (float4 *)&g[gid] : m == 1 ? (float4 *)&l[lid ^ 3] : (float4 *)&pv;\n"
    "  S *s = m == 0 ? (S *)&gs[gid] : m == 1 ? (S *)&ls[lid] : (S *)&ps;\n"
    "  bump(s, gid);\n"
    "  *v = *v * 2.0f + (float4)(s->a, s->b, (float)s->c, 0.0f);\n"
    "  out[gid] = *v;\n"
    "  barrier(CLK_LOCAL_MEM_FENCE);\n"
    "  out[256 + gid] = m == 1 ? (float4)(ls[lid].a, ls[lid].b, (float)ls[lid].c, 0) : "
    "(float4)(0);\n"
    "}\n"
    "__kernel void gatom(__global int *cnt, __global long *lc) {\n"
    "  __local int lcount;\n"
    "  __local long l64;\n"
    "  int lid = get_local_id(0), gid = get_global_id(0);\n"
    "  if (lid == 0) { lcount = 0; l64 = 0; }\n"
    "  barrier(CLK_LOCAL_MEM_FENCE);\n"
    "  volatile atomic_int *p = (gid & 1) ? (volatile atomic_int *)&lcount : (volatile atomic_int "
    "*)&cnt[gid & 6];\n"
    "  int old = atomic_fetch_add_explicit(p, gid, memory_order_relaxed, "
    "memory_scope_work_group);\n"
    "  volatile atomic_long *q = (gid & 2) ? (volatile atomic_long *)&l64 : (volatile atomic_long "
    "*)&lc[1];\n"
    "  atomic_fetch_max(q, (long)gid << 33);\n"
    "  barrier(CLK_LOCAL_MEM_FENCE);\n"
    "  if (lid == 0) { cnt[16 + get_group_id(0)] = lcount; lc[2 + get_group_id(0)] = l64; }\n"
    "  (void)old;\n"
    "}\n"
    "__kernel void gloop(__global int *out, __global int *g, int n) {\n"
    "  __local int l[64];\n"
    "  int pr[8];\n"
    "  int lid = get_local_id(0), gid = get_global_id(0);\n"
    "  l[lid] = lid * 3;\n"
    "  for (int k = 0; k < 8; k++) pr[k] = k * gid;\n"
    "  barrier(CLK_LOCAL_MEM_FENCE);\n"
    "  int *p = &pr[0];\n"
    "  int s = 0;\n"
    "  for (int k = 0; k < n; k++) {\n"
    "    s += *p;\n"
    "    p = (k + gid) % 3 == 0 ? (int *)&l[(lid + k) % 64] : (k + gid) % 3 == 1 ? (int *)&g[(gid "
    "+ k) % 256] : (int *)&pr[k % 8];\n"
    "  }\n"
    "  char *c = (char *)p;\n"
    "  out[gid] = s * 256 + c[0];\n"
    "  int *np = 0;\n"
    "  out[256 + gid] = (to_global(np) == 0) + 2 * (to_local(np) == 0) + 4 * (np == 0) + 8 * "
    "(to_private(p) != 0 ? 1 : 0);\n"
    "}\n";

typedef struct {
  int a;
  float b;
  int64_t c;
} gs_t; /* the kernels' struct S: OpenCL layout, 16 bytes */

typedef struct {
  cl_context ctx;
  cl_command_queue q;
  cl_program prog;
  int bad;
} gs_env;

static void check_int(gs_env *e, const char *k, const char *buf, int i, long long want,
                      long long got) {
  if (want == got || e->bad++) return;
  fprintf(stderr, "generic_space: %s: %s[%d] = %lld, want %lld\n", k, buf, i, got, want);
}

static void check_float(gs_env *e, const char *k, const char *buf, int i, float want, float got) {
  if (want == got || e->bad++) return;
  fprintf(stderr, "generic_space: %s: %s[%d] = %g, want %g\n", k, buf, i, got, want);
}

static cl_mem buf(gs_env *e, void *host, size_t bytes) {
  cl_int err;
  cl_mem m = clCreateBuffer(e->ctx, CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR, bytes, host, &err);
  if (err) fprintf(stderr, "generic_space: clCreateBuffer failed (%d)\n", err), e->bad++;
  return m;
}

/* Runs kernel k over G work-items in groups of L with the buffers (and an
 * int, when n >= 0), then reads the buffers back. */
static void launch(gs_env *e, const char *k, cl_mem *b, void **host, size_t *bytes, int nb, int n) {
  cl_int err;
  cl_kernel kern = clCreateKernel(e->prog, k, &err);
  if (err) {
    fprintf(stderr, "generic_space: clCreateKernel(%s) failed (%d)\n", k, err);
    e->bad++;
    return;
  }
  for (int i = 0; i < nb; i++) clSetKernelArg(kern, (cl_uint)i, sizeof(cl_mem), &b[i]);
  if (n >= 0) clSetKernelArg(kern, (cl_uint)nb, sizeof n, &n);
  size_t gsz = G, lsz = L;
  err = clEnqueueNDRangeKernel(e->q, kern, 1, NULL, &gsz, &lsz, 0, NULL, NULL);
  if (err)
    fprintf(stderr, "generic_space: %s: clEnqueueNDRangeKernel failed (%d)\n", k, err), e->bad++;
  for (int i = 0; i < nb; i++)
    clEnqueueReadBuffer(e->q, b[i], CL_TRUE, 0, bytes[i], host[i], 0, NULL, NULL);
  for (int i = 0; i < nb; i++) clReleaseMemObject(b[i]);
  clReleaseKernel(kern);
}

static void t_gmix(gs_env *e) {
  static int out[G * 4], in[G];
  for (int i = 0; i < G; i++) in[i] = (i * 37) % 2001 - 1000;
  memset(out, 0, sizeof out);
  cl_mem b[2] = {buf(e, out, sizeof out), buf(e, in, sizeof in)};
  void *h[2] = {out, in};
  size_t s[2] = {sizeof out, sizeof in};
  launch(e, "gmix", b, h, s, 2, -1);
  for (int gid = 0; gid < G; gid++) {
    int lid = gid % L, sel = gid % 3, priv[4], v, cls, fence;
    for (int k = 0; k < 4; k++) priv[k] = gid * 10 + k;
    if (sel == 0)
      v = in[gid], cls = 2, fence = 2; /* CLK_GLOBAL_MEM_FENCE */
    else if (sel == 1)
      v = in[gid - lid + (lid ^ 1)] * 3, cls = 1, fence = 1;
    else
      v = priv[gid & 3], cls = 4, fence = 2; /* private: the global fence, as get_fence gives */
    if (sel == 2) priv[gid & 3] += 5;
    int want[4] = {v, cls, fence, priv[gid & 3]};
    for (int k = 0; k < 4; k++) check_int(e, "gmix", "out", gid * 4 + k, want[k], out[gid * 4 + k]);
  }
}

static int lval(int i) {
  return i < L ? i + 1 : 2 * (i - L);
} /* gstatic's l[] */

static void t_gstatic(gs_env *e) {
  static int out[G], g[G + 2];
  for (int i = 0; i < G + 2; i++) g[i] = i * 3 - 100;
  memset(out, 0, sizeof out);
  cl_mem b[2] = {buf(e, out, sizeof out), buf(e, g, sizeof g)};
  void *h[2] = {out, g};
  size_t s[2] = {sizeof out, sizeof g};
  launch(e, "gstatic", b, h, s, 2, -1);
  for (int gid = 0; gid < G; gid++) {
    int lid = gid % L;
    int sg = g[gid] + g[gid + 1] + g[gid + 2], sl = lval(lid) + lval(lid + 1) + lval(lid + 2);
    check_int(e, "gstatic", "out", gid, sg * 100 + sl * 10 + 7, out[gid]);
  }
}

static void t_gvec(gs_env *e) {
  static float out[2 * G * 4], g[G * 4], g0[G * 4];
  static gs_t gs[G], gs0[G];
  for (int i = 0; i < G; i++) {
    float v[4] = {(float)i, i + 0.5f, (float)-i, 2.0f};
    memcpy(&g[i * 4], v, sizeof v);
    gs[i] = (gs_t){i, 0.25f * (float)i, -i};
  }
  memcpy(g0, g, sizeof g);
  memcpy(gs0, gs, sizeof gs);
  memset(out, 0, sizeof out);
  cl_mem b[3] = {buf(e, out, sizeof out), buf(e, g, sizeof g), buf(e, gs, sizeof gs)};
  void *h[3] = {out, g, gs};
  size_t s[3] = {sizeof out, sizeof g, sizeof gs};
  launch(e, "gvec", b, h, s, 3, -1);
  for (int gid = 0; gid < G; gid++) {
    int lid = gid % L, m = gid % 3;
    float v[4];
    gs_t st;
    if (m == 0)
      memcpy(v, &g0[gid * 4], sizeof v), st = gs0[gid];
    else if (m == 1) {
      int o = gid - lid + (lid ^ 3); /* l[lid ^ 3] = g[that work-item] + 1 */
      for (int k = 0; k < 4; k++) v[k] = g0[o * 4 + k] + 1.0f;
      st = (gs_t){lid, 1.5f, 1000 + lid};
    } else {
      for (int k = 0; k < 4; k++) v[k] = (float)(k + 1) * (float)gid;
      st = (gs_t){1, 0.5f, 100};
    }
    st.a += gid, st.b *= 2.0f, st.c -= gid;
    float add[4] = {(float)st.a, st.b, (float)st.c, 0.0f};
    for (int k = 0; k < 4; k++) v[k] = v[k] * 2.0f + add[k];
    for (int k = 0; k < 4; k++) check_float(e, "gvec", "out", gid * 4 + k, v[k], out[gid * 4 + k]);
    float tail[4] = {0, 0, 0, 0};
    if (m == 1) tail[0] = (float)st.a, tail[1] = st.b, tail[2] = (float)st.c;
    for (int k = 0; k < 4; k++)
      check_float(e, "gvec", "out", (G + gid) * 4 + k, tail[k], out[(G + gid) * 4 + k]);
    if (m == 0) {
      for (int k = 0; k < 4; k++) check_float(e, "gvec", "g", gid * 4 + k, v[k], g[gid * 4 + k]);
      check_int(e, "gvec", "gs.a", gid, st.a, gs[gid].a);
      check_float(e, "gvec", "gs.b", gid, st.b, gs[gid].b);
      check_int(e, "gvec", "gs.c", gid, st.c, gs[gid].c);
    } else {
      for (int k = 0; k < 4; k++)
        check_float(e, "gvec", "g", gid * 4 + k, g0[gid * 4 + k], g[gid * 4 + k]);
      check_int(e, "gvec", "gs.a", gid, gs0[gid].a, gs[gid].a);
    }
  }
}

static void t_gatom(gs_env *e) {
  static int cnt[20];
  static int64_t lc[6];
  memset(cnt, 0, sizeof cnt);
  memset(lc, 0, sizeof lc);
  cl_mem b[2] = {buf(e, cnt, sizeof cnt), buf(e, lc, sizeof lc)};
  void *h[2] = {cnt, lc};
  size_t s[2] = {sizeof cnt, sizeof lc};
  launch(e, "gatom", b, h, s, 2, -1);
  long long want[20] = {0}, wl[6] = {0};
  for (int gid = 0; gid < G; gid++) {
    if (gid & 1)
      want[16 + gid / L] += gid;
    else
      want[gid & 6] += gid;
    long long v = (long long)gid << 33;
    if (gid & 2)
      wl[2 + gid / L] = v > wl[2 + gid / L] ? v : wl[2 + gid / L];
    else
      wl[1] = v > wl[1] ? v : wl[1];
  }
  for (int i = 0; i < 20; i++) check_int(e, "gatom", "cnt", i, want[i], cnt[i]);
  for (int i = 0; i < 6; i++) check_int(e, "gatom", "lc", i, wl[i], lc[i]);
}

static void t_gloop(gs_env *e) {
  static int out[2 * G], g[G];
  const int n = 7;
  for (int i = 0; i < G; i++) g[i] = 5 * i - 300;
  memset(out, 0, sizeof out);
  cl_mem b[2] = {buf(e, out, sizeof out), buf(e, g, sizeof g)};
  void *h[2] = {out, g};
  size_t s[2] = {sizeof out, sizeof g};
  launch(e, "gloop", b, h, s, 2, n);
  for (int gid = 0; gid < G; gid++) {
    int lid = gid % L, pr[8], s0 = 0, cur = 0, last = 2;
    for (int k = 0; k < 8; k++) pr[k] = k * gid;
    cur = pr[0];
    for (int k = 0; k < n; k++) {
      s0 += cur;
      last = (k + gid) % 3;
      cur = last == 0 ? ((lid + k) % L) * 3 : last == 1 ? g[(gid + k) % G] : pr[k % 8];
    }
    check_int(e, "gloop", "out", gid, s0 * 256 + (signed char)(cur & 0xff), out[gid]);
    check_int(e, "gloop", "out", G + gid, 7 + 8 * (last == 2), out[G + gid]);
  }
}

int main(int argc, char **argv) {
  if (argc < 3) {
    fprintf(stderr, "usage: generic_space PLATFORM-NAME-SUBSTRING BUILD-OPTIONS\n");
    return 2;
  }
  gs_env e = {0};
  cl_device_id dev;
  if (host_build("generic_space", argv[1], kernels, argv[2], &dev, &e.ctx, &e.q, &e.prog)) return 1;
  t_gmix(&e);
  t_gstatic(&e);
  t_gvec(&e);
  t_gatom(&e);
  t_gloop(&e);
  clReleaseProgram(e.prog);
  clReleaseCommandQueue(e.q);
  clReleaseContext(e.ctx);
  if (e.bad)
    fprintf(stderr, "generic_space: %d mismatches (%s)\n", e.bad, argv[2]);
  else
    printf("generic_space: all values match the host's (%s)\n", argv[2]);
  return e.bad != 0;
}
