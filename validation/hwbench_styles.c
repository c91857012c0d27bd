/* hwbench's plain-style families (gemm, gemv, dconv, tensor, memdep,
 * gramschmidt): kernels written the way public benchmark suites and course
 * code write them (global accumulation without restrict, one work-item per
 * row or column, direct convolutions from global memory, many short
 * launches), measured to find what the model misses on code nobody here
 * tuned (issue #23). Included by hwbench.c after the helpers these use, like
 * hwbench_micro.c, so hwbench still builds with one gcc command. */

/* Small-integer float matrices make every summation order exact; alpha and
 * beta are powers of two for the same reason. */
#define GEMM_ALPHA 2.0f
#define GEMM_BETA 0.5f

/* gemm: ia = 0 global accumulation, 1 the same with restrict, 2 private
 * accumulator; ib = work-group width (height = 256 / width). */
static int prep_gemm(hb_state *s, const hb_case *c) {
  const size_t n = pick(s, 64, 256, 512, 1024), lx = (size_t)c->ib, ly = 256 / lx;
  if (build(s, "gemm.cl", NULL)) return -1;
  float *a = int_floats(n * n, 111, -2, 2), *b = int_floats(n * n, 112, -2, 2);
  float *c0 = int_floats(n * n, 113, -4, 4);
  for (size_t i = 0; i < n * n; ++i) c0[i] *= 2.0f; /* even: beta * c stays exact */
  int ba = buffer(s, n * n * 4, a, 0), bb = buffer(s, n * n * 4, b, 0);
  int bc = buffer(s, n * n * 4, c0, 1); /* C accumulates: re-uploaded before each launch */
  static const char *const names[] = {"gemm_global", "gemm_restrict", "gemm_private"};
  cl_kernel k = ba < 0 || bb < 0 || bc < 0 ? NULL : launch(s, 0, names[c->ia], 2, n, n, lx, ly);
  if (!k || arg_mem(k, 0, s, ba) || arg_mem(k, 1, s, bb) || arg_mem(k, 2, s, bc) ||
      arg_f32(k, 3, GEMM_ALPHA) || arg_f32(k, 4, GEMM_BETA) || arg_i32(k, 5, (int32_t)n)) {
    free(a), free(b), free(c0);
    return -1;
  }
  float *ref = xmalloc(n * n * 4);
  for (size_t i = 0; i < n; ++i)
    for (size_t j = 0; j < n; ++j) {
      float acc = 0.0f;
      for (size_t kk = 0; kk < n; ++kk) acc += a[i * n + kk] * b[kk * n + j];
      ref[i * n + j] = GEMM_ALPHA * acc + GEMM_BETA * c0[i * n + j];
    }
  free(a), free(b), free(c0);
  set_ref(s, bc, ref, n * n, CMP_F32);
  s->bytes_moved = (double)n * n * 16;
  s->flops = 2.0 * n * n * n;
  snprintf(s->notes, sizeof s->notes, "N=%zu wg=%zux%zu", n, lx, ly);
  return 0;
}

/* gemv: ia = 0 row, 1 row with global accumulation, 2 column, 3 column with
 * global accumulation. */
static int prep_gemv(hb_state *s, const hb_case *c) {
  const size_t n = pick(s, 256, 2048, 4096, 8192), wg = 256;
  if (build(s, "gemv.cl", NULL)) return -1;
  float *a = int_floats(n * n, 121, -2, 2), *x = int_floats(n, 122, -2, 2);
  int ba = buffer(s, n * n * 4, a, 0), bx = buffer(s, n * 4, x, 0), by = buffer(s, n * 4, NULL, 0);
  static const char *const names[] = {"gemv_row", "gemv_row_global", "gemv_col", "gemv_col_global"};
  cl_kernel k = ba < 0 || bx < 0 || by < 0 ? NULL : launch(s, 0, names[c->ia], 1, n, 1, wg, 1);
  if (!k || arg_mem(k, 0, s, ba) || arg_mem(k, 1, s, bx) || arg_mem(k, 2, s, by) ||
      arg_i32(k, 3, (int32_t)n)) {
    free(a), free(x);
    return -1;
  }
  float *ref = xmalloc(n * 4);
  for (size_t i = 0; i < n; ++i) {
    float acc = 0.0f;
    for (size_t j = 0; j < n; ++j) acc += (c->ia < 2 ? a[i * n + j] : a[j * n + i]) * x[j];
    ref[i] = acc;
  }
  free(a), free(x);
  set_ref(s, by, ref, n, CMP_F32);
  s->bytes_moved = (double)n * n * 4;
  s->flops = 2.0 * n * n;
  snprintf(s->notes, sizeof s->notes, "N=%zu %s", n, c->ia < 2 ? "row_walk" : "column_walk");
  return 0;
}

static float dconv_c3(int a, int b, int c) {
  return 0.125f * (float)(a + 2 * b - c);
}

/* dconv: ia = 0 2-D 3x3, 1 3-D 3x3x3 looping over z, 2 3-D one voxel per
 * work-item. Border outputs are not written (the buffer starts zeroed). */
static int prep_dconv(hb_state *s, const hb_case *c) {
  if (build(s, "dconv.cl", NULL)) return -1;
  if (c->ia == 0) {
    const size_t w = pick(s, 128, 2048, 4096, 8192), h = w;
    float *in = int_floats(w * h, 131, 0, 7), *zero = xmalloc(w * h * 4);
    memset(zero, 0, w * h * 4);
    int bi = buffer(s, w * h * 4, in, 0), bo = buffer(s, w * h * 4, zero, 0);
    free(zero);
    cl_kernel k = bi < 0 || bo < 0 ? NULL : launch(s, 0, "conv2d_3x3", 2, w, h, 32, 8);
    if (!k || arg_mem(k, 0, s, bi) || arg_mem(k, 1, s, bo) || arg_i32(k, 2, (int32_t)w) ||
        arg_i32(k, 3, (int32_t)h)) {
      free(in);
      return -1;
    }
    static const float wt[9] = {0.25f, -0.5f, 0.125f, 0.5f, 1.0f, -0.25f, -0.125f, 0.75f, 0.5f};
    float *ref = xmalloc(w * h * 4);
    memset(ref, 0, w * h * 4);
    for (size_t y = 1; y + 1 < h; ++y)
      for (size_t x = 1; x + 1 < w; ++x) {
        float acc = 0.0f;
        for (int dy = -1; dy <= 1; ++dy)
          for (int dx = -1; dx <= 1; ++dx)
            acc += wt[(dy + 1) * 3 + dx + 1] * in[(y + (size_t)dy) * w + x + (size_t)dx];
        ref[y * w + x] = acc;
      }
    free(in);
    set_ref(s, bo, ref, w * h, CMP_F32);
    s->bytes_moved = (double)w * h * 8;
    s->flops = (double)w * h * 18;
    snprintf(s->notes, sizeof s->notes, "W=%zu H=%zu taps=9 wg=32x8", w, h);
    return 0;
  }
  const size_t nx = pick(s, 32, 128, 256, 512), ny = nx, nz = nx, nv = nx * ny * nz;
  float *in = int_floats(nv, 132, 0, 7), *zero = xmalloc(nv * 4);
  memset(zero, 0, nv * 4);
  int bi = buffer(s, nv * 4, in, 0), bo = buffer(s, nv * 4, zero, 0);
  free(zero);
  cl_kernel k = bi < 0 || bo < 0 ? NULL
                : c->ia == 1     ? launch(s, 0, "conv3d_loop", 2, nx, ny, 32, 8)
                                 : launch(s, 0, "conv3d_flat", 2, nx, ny * nz, 32, 8);
  if (!k || arg_mem(k, 0, s, bi) || arg_mem(k, 1, s, bo) || arg_i32(k, 2, (int32_t)nx) ||
      arg_i32(k, 3, (int32_t)ny) || arg_i32(k, 4, (int32_t)nz)) {
    free(in);
    return -1;
  }
  float *ref = xmalloc(nv * 4);
  memset(ref, 0, nv * 4);
  for (size_t z = 1; z + 1 < nz; ++z)
    for (size_t y = 1; y + 1 < ny; ++y)
      for (size_t x = 1; x + 1 < nx; ++x) {
        const size_t i = (z * ny + y) * nx + x;
        float acc = 0.0f;
        for (int dz = -1; dz <= 1; ++dz)
          for (int dy = -1; dy <= 1; ++dy)
            for (int dx = -1; dx <= 1; ++dx)
              acc += dconv_c3(dx + 1, dy + 1, dz + 1) *
                     in[i + (size_t)((long)dz * (long)(nx * ny) + (long)dy * (long)nx + dx)];
        ref[i] = acc;
      }
  free(in);
  set_ref(s, bo, ref, nv, CMP_F32);
  s->bytes_moved = (double)nv * 8;
  s->flops = (double)nv * 54;
  snprintf(s->notes, sizeof s->notes, "N=%zux%zux%zu taps=27 wg=32x8 %s", nx, ny, nz,
           c->ia == 1 ? "z_loop" : "one_voxel_per_item");
  return 0;
}

/* tensor: ia = 0 doitgen (A[r][q][s] W[s][p]), 1 inner (strided lanes), 2
 * outer (contiguous lanes, strided steps). */
static int prep_tensor(hb_state *s, const hb_case *c) {
  if (build(s, "tensor.cl", NULL)) return -1;
  /* doitgen: np = nq = nr = ns = d; inner: NA*NB = ab, NC, ND; outer: NA, NB, NC, ND */
  const size_t d = pick(s, 32, 64, 128, 128);
  size_t na, nb, nc, nd, tn, vn, on, gx, gy;
  if (c->ia == 0) {
    na = d, nb = d, nc = d, nd = d; /* r, q, s, p */
    tn = d * d * d, vn = d * d, on = d * d * d, gx = d, gy = d * d;
  } else if (c->ia == 1) {
    na = 1, nb = pick(s, 64, 1024, 1024, 1024), nc = pick(s, 32, 128, 256, 256);
    nd = pick(s, 16, 64, 128, 128);
    tn = nb * nc * nd, vn = nd, on = nb * nc, gx = nc, gy = nb;
  } else {
    na = pick(s, 4, 32, 64, 64), nb = 64, nc = pick(s, 16, 64, 128, 128), nd = 64;
    tn = na * nb * nc * nd, vn = nb, on = na * nc * nd, gx = nd, gy = na * nc;
  }
  float *t = int_floats(tn, 141, -2, 2), *v = int_floats(vn, 142, -2, 2);
  int bt = buffer(s, tn * 4, t, 0), bv = buffer(s, vn * 4, v, 0), bo = buffer(s, on * 4, NULL, 0);
  static const char *const names[] = {"tensor_doitgen", "tensor_inner", "tensor_outer"};
  cl_kernel k = bt < 0 || bv < 0 || bo < 0 ? NULL : launch(s, 0, names[c->ia], 2, gx, gy, 32, 8);
  int e = !k || arg_mem(k, 0, s, bt) || arg_mem(k, 1, s, bv) || arg_mem(k, 2, s, bo);
  if (!e && c->ia == 0)
    e = arg_i32(k, 3, (int32_t)d) || arg_i32(k, 4, (int32_t)d) || arg_i32(k, 5, (int32_t)d);
  else if (!e && c->ia == 1)
    e = arg_i32(k, 3, (int32_t)nc) || arg_i32(k, 4, (int32_t)nd);
  else if (!e)
    e = arg_i32(k, 3, (int32_t)nb) || arg_i32(k, 4, (int32_t)nc) || arg_i32(k, 5, (int32_t)nd);
  if (e) {
    free(t), free(v);
    return -1;
  }
  float *ref = xmalloc(on * 4);
  if (c->ia == 0) /* t = A[rq][s], v = W[s][p] */
    for (size_t rq = 0; rq < d * d; ++rq)
      for (size_t p = 0; p < d; ++p) {
        float acc = 0.0f;
        for (size_t q = 0; q < d; ++q) acc += t[rq * d + q] * v[q * d + p];
        ref[rq * d + p] = acc;
      }
  else if (c->ia == 1)
    for (size_t i = 0; i < nb * nc; ++i) {
      float acc = 0.0f;
      for (size_t j = 0; j < nd; ++j) acc += t[i * nd + j] * v[j];
      ref[i] = acc;
    }
  else
    for (size_t a = 0; a < na; ++a)
      for (size_t cc = 0; cc < nc; ++cc)
        for (size_t dd = 0; dd < nd; ++dd) {
          float acc = 0.0f;
          for (size_t b = 0; b < nb; ++b) acc += t[((a * nb + b) * nc + cc) * nd + dd] * v[b];
          ref[(a * nc + cc) * nd + dd] = acc;
        }
  free(t), free(v);
  set_ref(s, bo, ref, on, CMP_F32);
  s->bytes_moved = (double)(tn + on) * 4;
  s->flops = c->ia == 0 ? 2.0 * (double)d * d * d * d : 2.0 * (double)tn;
  snprintf(s->notes, sizeof s->notes, "dims=%zux%zux%zux%zu wg=32x8", na, nb, nc, nd);
  return 0;
}

/* memdep: ia = 0 update with p == q (alias), 1 update with p != q
 * (distinct), 2 global accumulator reading a new line per step (rmw). */
static int prep_memdep(hb_state *s, const hb_case *c) {
  const int iters = 64;
  const size_t n = c->ia == 2 ? pick(s, 1u << 10, 1u << 18, 1u << 20, 1u << 20)
                              : pick(s, 1u << 12, 1u << 20, 1u << 22, 1u << 22);
  const float fa = 0.5f, fb = 1.0f;
  if (build(s, "memdep.cl", NULL)) return -1;
  float *ref = xmalloc(n * 4);
  if (c->ia < 2) {
    float *p = int_floats(n, 151, -8, 8);
    int bp = buffer(s, n * 4, p, c->ia == 0), bq = c->ia == 0 ? bp : buffer(s, n * 4, NULL, 0);
    cl_kernel k = bp < 0 || bq < 0 ? NULL : launch(s, 0, "memdep_update", 1, n, 1, 256, 1);
    if (!k || arg_mem(k, 0, s, bp) || arg_mem(k, 1, s, bq) || arg_i32(k, 2, iters) ||
        arg_f32(k, 3, fa) || arg_f32(k, 4, fb)) {
      free(p), free(ref);
      return -1;
    }
    for (size_t i = 0; i < n; ++i) {
      float x = p[i];
      for (int it = 0; it < (c->ia == 0 ? iters : 1); ++it) x = x * fa + fb; /* x/2 + 1: exact */
      ref[i] = x;
    }
    free(p);
    set_ref(s, bq, ref, n, CMP_F32);
    s->bytes_moved = (double)n * 8;
  } else {
    float *p = int_floats(n * (size_t)iters, 152, -8, 8), *q = int_floats(n, 153, -8, 8);
    int bp = buffer(s, n * (size_t)iters * 4, p, 0), bq = buffer(s, n * 4, q, 1);
    cl_kernel k = bp < 0 || bq < 0 ? NULL : launch(s, 0, "memdep_rmw", 1, n, 1, 256, 1);
    if (!k || arg_mem(k, 0, s, bp) || arg_mem(k, 1, s, bq) || arg_i32(k, 2, iters) ||
        arg_i32(k, 3, (int32_t)n)) {
      free(p), free(q), free(ref);
      return -1;
    }
    for (size_t i = 0; i < n; ++i) {
      float x = q[i];
      for (int it = 0; it < iters; ++it) x += p[(size_t)it * n + i];
      ref[i] = x;
    }
    free(p), free(q);
    set_ref(s, bq, ref, n, CMP_F32);
    s->bytes_moved = (double)n * (iters + 2) * 4;
  }
  snprintf(s->notes, sizeof s->notes, "items=%zu iters=%d %s", n, iters,
           c->ia == 0   ? "p_is_q"
           : c->ia == 1 ? "p_not_q"
                        : "accumulate_q_read_new_p_line");
  return 0;
}

/* gramschmidt: 3 launches per column of an M x M matrix (M = N), one group
 * of 256 work-items each, as the benchmark suites launch them. */
static int prep_gramschmidt(hb_state *s, const hb_case *c) {
  (void)c;
  const size_t m = pick(s, 8, 64, 128, 128), n = m, wg = 256;
  if (3 * n > HB_MAX_LAUNCH) return fail("gramschmidt: %zu launches > HB_MAX_LAUNCH", 3 * n);
  if (build(s, "gramschmidt.cl", NULL)) return -1;
  /* diagonally dominant: well conditioned, so float Q is close to the reference */
  float *a = int_floats(m * n, 161, -2, 2);
  for (size_t i = 0; i < m && i < n; ++i) a[i * n + i] += 16.0f;
  int ba = buffer(s, m * n * 4, a, 1), br = buffer(s, n * n * 4, NULL, 0);
  int bq = buffer(s, m * n * 4, NULL, 0);
  if (ba < 0 || br < 0 || bq < 0) {
    free(a);
    return -1;
  }
  static const char *const names[] = {"gs_norm", "gs_scale", "gs_update"};
  for (size_t k = 0; k < n; ++k)
    for (int step = 0; step < 3; ++step) {
      const size_t items = step == 0   ? wg
                           : step == 1 ? (m + wg - 1) / wg * wg
                                       : (n + wg - 1) / wg * wg;
      cl_kernel kk = launch(s, 0, names[step], 1, items, 1, wg, 1);
      int e = !kk || arg_mem(kk, 0, s, ba) || arg_mem(kk, 1, s, br);
      if (!e && step == 0)
        e = arg_i32(kk, 2, (int32_t)k) || arg_i32(kk, 3, (int32_t)m) || arg_i32(kk, 4, (int32_t)n);
      else if (!e)
        e = arg_mem(kk, 2, s, bq) || arg_i32(kk, 3, (int32_t)k) || arg_i32(kk, 4, (int32_t)m) ||
            arg_i32(kk, 5, (int32_t)n);
      if (e) {
        free(a);
        return -1;
      }
    }
  /* the same algorithm on the host, in float */
  float *r = xmalloc(n * n * 4), *q = xmalloc(m * n * 4);
  for (size_t k = 0; k < n; ++k) {
    float nrm = 0.0f;
    for (size_t i = 0; i < m; ++i) nrm += a[i * n + k] * a[i * n + k];
    r[k * n + k] = sqrtf(nrm);
    for (size_t i = 0; i < m; ++i) q[i * n + k] = a[i * n + k] / r[k * n + k];
    for (size_t j = k + 1; j < n; ++j) {
      float acc = 0.0f;
      for (size_t i = 0; i < m; ++i) acc += q[i * n + k] * a[i * n + j];
      r[k * n + j] = acc;
      for (size_t i = 0; i < m; ++i) a[i * n + j] -= q[i * n + k] * acc;
    }
  }
  free(a), free(r);
  set_ref(s, bq, q, m * n, CMP_F32);
  s->tol_abs = 1e-4; /* sqrt, division and contraction round differently per device */
  s->bytes_moved = (double)m * n * 4 * 2;
  s->flops = 4.0 * (double)m * n * n;
  snprintf(s->notes, sizeof s->notes, "M=N=%zu wg=%zu", m, wg);
  return 0;
}

/* stchain: ia = STCH_STORE (store every step) | STCH_L1 (8 rows: L1 hits),
 * ib = warps per SM: 1 (132 groups of 32), 8 (132 of 256), 16 (264 of
 * 256) or 64 (1056 of 256). */
#define STCH_STORE 1
#define STCH_L1 2
#define STCH_WG1024 4 /* ib = groups of 1024 (32 warps, one group per SM) */
static int prep_stchain(hb_state *s, const hb_case *c) {
  const int store = (c->ia & STCH_STORE) != 0, l1 = (c->ia & STCH_L1) != 0;
  const int big = (c->ia & STCH_WG1024) != 0;
  const int iters = (int)pick(s, 64, 2048, 4096, 4096), rows = l1 ? 8 : 4096;
  const size_t local = big ? 1024 : c->ib == 1 ? 32 : 256;
  /* tiny (the ctest correctness runs): a few groups, not a whole GPU's worth */
  const size_t groups = s->env->scale == SC_TINY ? 4
                        : big                    ? (size_t)c->ib
                        : c->ib <= 8             ? 132
                                                 : 132 * (size_t)c->ib / 8;
  const size_t items = local * groups;
  char defs[32];
  snprintf(defs, sizeof defs, "-DSTORE=%d", store);
  if (build(s, "stchain.cl", defs)) return -1;
  float *b = int_floats((size_t)rows * 32, 171, 0, 3);
  int bb = buffer(s, (size_t)rows * 32 * 4, b, 0), bc = buffer(s, items * 4, NULL, 0);
  cl_kernel k = bb < 0 || bc < 0 ? NULL : launch(s, 0, "stchain", 1, items, 1, local, 1);
  if (!k || arg_mem(k, 0, s, bb) || arg_mem(k, 1, s, bc) || arg_i32(k, 2, iters) ||
      arg_i32(k, 3, rows - 1) || arg_i32(k, 4, 0)) {
    free(b);
    return -1;
  }
  float lane_ref[32];
  for (int lane = 0; lane < 32; ++lane) {
    float acc = 0.0f;
    for (int it = 0; it < iters; ++it) acc = fmaf(acc, 0.5f, b[((it & (rows - 1)) << 5) + lane]);
    lane_ref[lane] = acc;
  }
  free(b);
  float *ref = xmalloc(items * 4);
  for (size_t i = 0; i < items; ++i) ref[i] = lane_ref[i % 32];
  set_ref(s, bc, ref, items, CMP_F32);
  s->bytes_moved = (double)items * iters * 4;
  snprintf(s->notes, sizeof s->notes, "%s rows=%d (%s) warps_per_sm=%d iters=%d groups=%zu wg=%zu",
           store ? "store_each_step" : "address_dependence", rows, l1 ? "L1" : "L2",
           big ? 32 : c->ib, iters, groups, local);
  return 0;
}

/* linestream: ia = K loads in flight per warp | LS_COLUMN (lines 64 apart,
 * a column walk), ib = groups of 256 (8: eight SMs, as a 2048-row GEMV;
 * 132: every SM). */
#define LS_COLUMN 0x100
static int prep_linestream(hb_state *s, const hb_case *c) {
  const int kk = c->ia & 0xff, stride = c->ia & LS_COLUMN ? 64 : 1;
  const int steps = (int)pick(s, 64, 8192, 8192, 8192) / kk;
  const size_t lines = 65536, items = (s->env->scale == SC_TINY ? 4 : (size_t)c->ib) * 256;
  const size_t groups = items / 256; /* 8 MB of lines; tiny: a few groups */
  char defs[32];
  snprintf(defs, sizeof defs, "-DK=%d", kk);
  if (build(s, "linestream.cl", defs)) return -1;
  float *a = int_floats(lines * 32, 181, 0, 3);
  int ba = buffer(s, lines * 32 * 4, a, 0), bo = buffer(s, items * 4, NULL, 0);
  cl_kernel k = ba < 0 || bo < 0 ? NULL : launch(s, 0, "linestream", 1, items, 1, 256, 1);
  if (!k || arg_mem(k, 0, s, ba) || arg_mem(k, 1, s, bo) || arg_i32(k, 2, steps) ||
      arg_i32(k, 3, (int)lines - 1) || arg_i32(k, 4, 0) || arg_i32(k, 5, stride)) {
    free(a);
    return -1;
  }
  float *ref = xmalloc(items * 4);
  const int mask = (int)lines - 1;
  for (size_t g = 0; g < items; ++g) {
    const int lane = (int)(g & 31), w = (int)(g >> 5), start = stride == 1 ? w * 977 : w;
    float sum = 0.0f;
    for (int t = 0; t < steps; ++t) {
      float v = 0.0f;
      for (int i = 0; i < kk; ++i) v += a[(((start + (t * kk + i) * stride) & mask) << 5) + lane];
      sum += v;
    }
    ref[g] = sum;
  }
  free(a);
  set_ref(s, bo, ref, items, CMP_F32);
  s->bytes_moved = (double)items * steps * kk * 4;
  snprintf(
      s->notes, sizeof s->notes,
      "loads_in_flight_per_warp=%d groups=%zu wg=256 steps=%d lines_per_warp=%d footprint=8MB%s",
      kk, groups, steps, steps * kk, stride == 1 ? "" : " column_walk_8KB");
  return 0;
}
