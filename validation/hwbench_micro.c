/* hwbench's microbenchmarks of one mechanism each (store, l2fit, tilecopy,
 * scatter, bcast, gather, ldsw and alu families): their prepare functions, apart
 * from the calibration cases and the whole-kernel suite in hwbench.c.
 * Included by hwbench.c after the helpers these use, not compiled on its
 * own, so that hwbench still builds with one command on any machine
 * (gcc -O2 -std=c11 validation/hwbench.c -lOpenCL -lm). */
/* store: kernel store of store.cl. ia = bytes per store (4..32), ib = stride in
 * elements (1: whole sectors; 32/ia: a part of one sector each), with
 * ib | STORE_L2 for the variants whose footprint (16 MB) stays in the L2
 * across the warm-up and timed launches (2..16 MB); the others write 16..128 MB. */
#define STORE_L2 0x100
#define STORE_MERGE 0x200 /* kernel store_merge: whole sectors from 8 warps' parts */
static int prep_store(hb_state *s, const hb_case *c) {
  const int l2 = (c->ib & STORE_L2) != 0, merge = c->ib & STORE_MERGE, stride = c->ib & 0xff;
  const int w = c->ia;
  const size_t items = l2 ? pick(s, 1u << 12, 1u << 19, 1u << 19, 1u << 19)
                          : pick(s, 1u << 12, 1u << 22, 1u << 24, 1u << 24);
  const size_t elems = items * (size_t)stride, bytes = elems * (size_t)w;
  char defs[32];
  snprintf(defs, sizeof defs, "-DW=%d", w);
  if (build(s, "store.cl", defs)) return -1;
  int bo = buffer(s, bytes, NULL, 0);
  if (bo < 0) return -1;
  cl_kernel k = launch(s, 0, merge ? "store_merge" : "store", 1, items, 1, 256, 1);
  if (!k || arg_mem(k, 0, s, bo) ||
      (!merge && (arg_u32(k, 1, (uint32_t)stride) || arg_u32(k, 2, (uint32_t)(elems - 1)))))
    return -1;
  /* Verify the first word of 256 elements written, spread over the range
   * (store_merge: word 256 q holds work-item 256 q, lane 0 of its group). */
  const size_t samples = merge && items / 256 < 256 ? items / 256 : 256;
  const size_t step = merge ? items / samples / 256 * 256 : items / samples;
  uint32_t *ref = xmalloc(samples * 4);
  for (size_t si = 0; si < samples; ++si) ref[si] = (uint32_t)(si * step);
  s->stride = step * (size_t)stride * (size_t)(w / 4);
  set_ref(s, bo, ref, samples, CMP_U32);
  s->bytes_moved = (double)items * w;
  snprintf(s->notes, sizeof s->notes,
           "items=%zu bytes_per_store=%d stride_bytes=%d%s footprint=%zuMB", items, w, stride * w,
           merge ? " merged_by_8_warps" : "", bytes >> 20);
  return 0;
}

/* ------------------------------------------------------------------ l2fit family */

/* l2fit: ia MB read (ib 0: kernel rd, its output stays zero) or copied into a second buffer (ib 1:
 * kernel cp, footprint 2 ia MB) by L2FIT_LAUNCHES launches in a row; the
 * time is their sum. Footprints around the L2's 50 MB show how much of it
 * a stream keeps from launch to launch. */
#define L2FIT_LAUNCHES 4
static int prep_l2fit(hb_state *s, const hb_case *c) {
  const size_t mb = s->env->scale == SC_TINY ? 1 : (size_t)c->ia, items = mb << 16;
  const int copy = c->ib != 0;
  if (build(s, "l2fit.cl", "")) return -1;
  float *a = xmalloc(items * 16), *ref = NULL;
  for (size_t i = 0; i < items * 4; ++i) a[i] = (float)(i & 1023) * 0.25f;
  const size_t groups = items / 256;
  float *zero = copy ? NULL : calloc(groups, 4);
  int bi = buffer(s, items * 16, a, 0), bo = buffer(s, copy ? items * 16 : groups * 4, zero, 0);
  free(zero);
  if (bi < 0 || bo < 0) goto bad;
  for (int l = 0; l < L2FIT_LAUNCHES; ++l) {
    cl_kernel k = launch(s, 0, copy ? "cp" : "rd", 1, items, 1, 256, 1);
    if (!k || arg_mem(k, 0, s, bi) || arg_mem(k, 1, s, bo) || (!copy && arg_f32(k, 2, 4096.0f)))
      goto bad;
  }
  if (copy) {
    ref = a, a = NULL;
    set_ref(s, bo, ref, items * 4, CMP_F32);
  } else {
    ref = calloc(groups, 4); /* never written */
    set_ref(s, bo, ref, groups, CMP_F32);
  }
  free(a);
  s->bytes_moved = (double)items * 16 * (copy ? 2 : 1) * L2FIT_LAUNCHES;
  snprintf(s->notes, sizeof s->notes, "%s footprint=%zuMB", copy ? "copy" : "read",
           mb * (copy ? 2 : 1));
  return 0;
bad:
  free(a), free(ref);
  return -1;
}

/* ------------------------------------------------------------------ tilecopy family */

/* tilecopy: tile_rd (ia 0) or tile_wr (ia 1) of tilecopy.cl over the
 * transpose family's matrix with ib x (256 / ib) groups: the tiled
 * transposes' global reads or writes without the other side. */
static int prep_tilecopy(hb_state *s, const hb_case *c) {
  const size_t w = pick(s, 128, 4096, 4096, 8192), h = pick(s, 64, 2048, 4096, 8192);
  const size_t tx = (size_t)c->ib, ty = 256 / tx, gx = w / tx;
  if (build(s, "tilecopy.cl", NULL)) return -1;
  float *in = int_floats(w * h, 27, -1000, 1000);
  int bi = buffer(s, w * h * 4, in, 0), bo = buffer(s, w * h * 4, NULL, 0);
  cl_kernel k =
      bi < 0 || bo < 0 ? NULL : launch(s, 0, c->ia ? "tile_wr" : "tile_rd", 2, w, h, tx, ty);
  if (!k || arg_mem(k, 0, s, bi) || arg_mem(k, 1, s, bo) || arg_i32(k, 2, (int32_t)w)) {
    free(in);
    return -1;
  }
  float *ref = xmalloc(w * h * 4);
  for (size_t y = 0; y < h; ++y)
    for (size_t x = 0; x < w; ++x) {
      const size_t flat = ((y / ty) * gx + x / tx) * 256 + (y % ty) * tx + x % tx;
      if (c->ia)
        ref[y * w + x] = in[flat];
      else
        ref[flat] = in[y * w + x];
    }
  free(in);
  set_ref(s, bo, ref, w * h, CMP_F32);
  s->bytes_moved = (double)w * h * 8;
  snprintf(s->notes, sizeof s->notes, "%s W=%zu H=%zu groups=%zux%zu",
           c->ia ? "tile_write" : "tile_read", w, h, tx, ty);
  return 0;
}

/* ------------------------------------------------------------------ scatter family */

/* scatter: kernel scatter_wr (ib 0), scatter_rd (ib 1) or scatter_wr16 (ib
 * 2: 16x16 groups) of scatter.cl over an H-column matrix (ia = H, clamped so
 * W >= 32) of a fixed element count: the strided write or the strided read
 * of a naive transpose on its own. */
static int prep_scatter(hb_state *s, const hb_case *c) {
  const size_t n = pick(s, 1u << 12, 1u << 23, 1u << 24, 1u << 25);
  const size_t h = (size_t)c->ia < n / 32 ? (size_t)c->ia : n / 32, w = n / h;
  const int rd = c->ib == 1;
  if (build(s, "scatter.cl", "")) return -1;
  float *in = rd ? int_floats(n, 23, -1000, 1000) : NULL;
  int bi = rd ? buffer(s, n * 4, in, 0) : 0, bo = buffer(s, n * 4, NULL, 0);
  cl_kernel k = bi < 0 || bo < 0 ? NULL
                : rd             ? launch(s, 0, "scatter_rd", 2, w, h, 32, 8)
                : c->ib == 2     ? launch(s, 0, "scatter_wr16", 2, w, h, 16, 16)
                                 : launch(s, 0, "scatter_wr", 2, w, h, 32, 8);
  if (!k || (rd ? arg_mem(k, 0, s, bi) || arg_mem(k, 1, s, bo) || arg_i32(k, 2, (int32_t)w) ||
                      arg_i32(k, 3, (int32_t)h)
                : arg_mem(k, 0, s, bo) || arg_i32(k, 1, (int32_t)h))) {
    free(in);
    return -1;
  }
  float *ref = xmalloc(n * 4);
  for (size_t y = 0; y < h; ++y)
    for (size_t x = 0; x < w; ++x) {
      if (rd)
        ref[y * w + x] = in[x * h + y];
      else
        ref[x * h + y] = (float)(x ^ y);
    }
  free(in);
  set_ref(s, bo, ref, n, CMP_F32);
  s->bytes_moved = (double)n * (rd ? 8 : 4);
  snprintf(s->notes, sizeof s->notes, "%s W=%zu H=%zu stride_bytes=%zu groups=%s",
           rd ? "strided_read" : "strided_write", w, h, h * 4, c->ib == 2 ? "16x16" : "32x8");
  return 0;
}

/* ------------------------------------------------------------------ bcast family */

/* bcast: ia one-warp groups follow one random cycle over a 4 MB working set
 * (Sattolo, as the latency case), all from node 0 (ib 0) or group g from
 * node 997 g (ib 1). */
static int prep_bcast(hb_state *s, const hb_case *c) {
  const size_t nodes = (4u << 20) / 128, words = nodes * 32, groups = (size_t)c->ia;
  const int steps = (int)pick(s, 64, 4096, 8192, 8192);
  const uint32_t spread = c->ib ? 997 : 0;
  if (build(s, "bcast.cl", "")) return -1;
  uint32_t *next = chase_cycle(nodes, 43);
  int bn = buffer(s, words * 4, next, 0), bo = buffer(s, groups * 4, NULL, 0);
  cl_kernel k = bn < 0 || bo < 0 ? NULL : launch(s, 0, "chase_all", 1, groups * 32, 1, 32, 1);
  if (!k || arg_mem(k, 0, s, bn) || arg_mem(k, 1, s, bo) || arg_u32(k, 2, spread) ||
      arg_i32(k, 3, steps)) {
    free(next);
    return -1;
  }
  uint32_t *ref = xmalloc(groups * 4);
  for (size_t g = 0; g < groups; ++g) {
    uint32_t p = (uint32_t)((g * spread) % nodes * 32);
    for (int i = 0; i < steps; ++i) p = next[p];
    ref[g] = p;
  }
  free(next);
  set_ref(s, bo, ref, groups, CMP_U32);
  s->bytes_moved = (double)groups * steps * 4;
  snprintf(s->notes, sizeof s->notes, "groups=%zu steps=%d %s ws=4MB", groups, steps,
           spread ? "different_lines" : "same_line");
  return 0;
}

/* ------------------------------------------------------------------ gather family */

/* gather: ia warps per SM (1 .. 64, as groups of up to 8 warps, 132 SMs'
 * worth), or GATHER_G1024 + N: N groups of 32 warps (one per SM on N SMs,
 * to tell a per-SM limit from a GPU-wide one); ib = working set in MB.
 * Every lane chases its own position in one random cycle (gather.cl). */
#define GATHER_G1024 1000
static int prep_gather(hb_state *s, const hb_case *c) {
  const int groups_of_1024 = c->ia >= GATHER_G1024;
  const size_t nodes = (size_t)c->ib * (1u << 20) / 128, words = nodes * 32;
  const size_t wpg = groups_of_1024 ? 32 : c->ia < 8 ? (size_t)c->ia : 8, wg = wpg * 32;
  const size_t items =
      groups_of_1024 ? (size_t)(c->ia - GATHER_G1024) * 1024 : (size_t)132 * (size_t)c->ia * 32;
  const int steps = (int)pick(s, 8, 256, 512, 1024);
  if (build(s, "gather.cl", "")) return -1;
  uint32_t *next = chase_cycle(nodes, 44);
  int bn = buffer(s, words * 4, next, 0), bo = buffer(s, items * 4, NULL, 0);
  cl_kernel k = bn < 0 || bo < 0 ? NULL : launch(s, 0, "gather_chase", 1, items, 1, wg, 1);
  if (!k || arg_mem(k, 0, s, bn) || arg_mem(k, 1, s, bo) || arg_u32(k, 2, (uint32_t)nodes) ||
      arg_i32(k, 3, steps)) {
    free(next);
    return -1;
  }
  uint32_t *ref = xmalloc(items * 4);
  for (size_t g = 0; g < items; ++g) {
    uint32_t p = (uint32_t)((uint64_t)g * 7919u % nodes) * 32u;
    for (int i = 0; i < steps; ++i) p = next[p];
    ref[g] = p;
  }
  free(next);
  set_ref(s, bo, ref, items, CMP_U32);
  s->bytes_moved = (double)items * steps * 32; /* one 32-byte sector per lane and step */
  snprintf(s->notes, sizeof s->notes, "warps_per_sm=%d ws=%dMB steps=%d groups=%zu wg=%zu",
           groups_of_1024 ? 32 : c->ia, c->ib, steps, items / wg, wg);
  return 0;
}

/* ------------------------------------------------------------------ ldsw family */

/* ldsw: ia = floats per __local element (1, 2, 4: 4-, 8-, 16-byte loads),
 * ib = shift (2^ib consecutive work-items read one element). The loads'
 * pass count per warp is what differs; everything else is the same. */
static int prep_ldsw(hb_state *s, const hb_case *c) {
  const size_t items = pick(s, 2048, 1u << 18, 1u << 20, 1u << 22), wg = 256;
  const int iters = 64, vec = c->ia, shift = c->ib;
  char defs[64];
  snprintf(defs, sizeof defs, "-DVEC=%d -DITERS=%d -DWG=%zu", vec, iters, wg);
  if (build(s, "ldsw.cl", defs)) return -1;
  int bo = buffer(s, items * 4, NULL, 0);
  if (bo < 0) return -1;
  cl_kernel k = launch(s, 0, "ldsw", 1, items, 1, wg, 1);
  if (!k || arg_mem(k, 0, s, bo) || arg_i32(k, 1, shift) || arg_i32(k, 2, 0)) return -1;
  /* every load of a work-item sees v = (e & 7) / 8 (its elements are 64
   * apart), so each component gains 4 v^2 per iteration: all exact */
  float *ref = xmalloc(items * 4);
  for (size_t i = 0; i < items; ++i) {
    const int e = ((int)(i % wg) >> shift) & 63;
    const float v = (float)(e & 7) * 0.125f;
    float acc = 0.0f;
    for (int it = 0; it < 4 * iters; ++it) acc = fmaf(v, v, acc);
    ref[i] = acc * (float)vec;
  }
  set_ref(s, bo, ref, items, CMP_F32);
  s->bytes_moved = (double)items * iters * 8 * 4 * vec;
  snprintf(s->notes, sizeof s->notes,
           "bytes_per_load=%d lanes_per_element=%d loads_per_item=%d bytes=__local_traffic",
           4 * vec, 1 << shift, 8 * iters);
  return 0;
}

/* ------------------------------------------------------------------ alu family */

/* One operation class of validation/kernels/alu.cl. lat and thr are guesses
 * (cycles per dependent step; issue cycles per warp step on one sub-partition)
 * that only size the chains so that each case runs ~50 us at the small scale. */
enum { ALU_F32, ALU_U32, ALU_F64, ALU_U64 };
typedef struct alu_op {
  const char *name;
  int kind, unroll;
  double lat, thr;
  double a, b; /* kernel arguments (integers: their values) */
  double tol;  /* relative tolerance of the chain sum */
} alu_op;

enum {
  ALU_ffma,
  ALU_ffma_imm,
  ALU_fadd,
  ALU_fmul,
  ALU_imad,
  ALU_ixoradd,
  ALU_i64xoradd,
  ALU_salu,
  ALU_rsq_native,
  ALU_rsq,
  ALU_sqrt_native,
  ALU_sqrt,
  ALU_exp2_native,
  ALU_exp2,
  ALU_sin_native,
  ALU_sin,
  ALU_rcp_native,
  ALU_fdiv,
  ALU_dfma,
  ALU_dadd,
  ALU_udiv,
  ALU_u64div
};
static const alu_op alu_ops[] = {
    [ALU_ffma] = {"ffma", ALU_F32, 16, 4, 1, 0.9990234375, 0.0009765625, 1e-6},
    [ALU_ffma_imm] = {"ffma_imm", ALU_F32, 16, 4, 1, 0.9990234375, 0.0009765625, 1e-6},
    [ALU_fadd] = {"fadd", ALU_F32, 16, 4, 1, 0x1p-20, 0, 1e-6},
    [ALU_fmul] = {"fmul", ALU_F32, 16, 4, 1, 1.0 - 0x1p-20, 0, 1e-6},
    [ALU_imad] = {"imad", ALU_U32, 16, 4, 2, 0x01000193, 0x811C9DC5u, 0},
    [ALU_ixoradd] = {"ixoradd", ALU_U32, 16, 8, 2, 0x5bd1e995, 0x9E3779B9u, 0},
    [ALU_i64xoradd] = {"i64xoradd", ALU_U64, 16, 16, 4, 0x5bd1e995, 0x9E3779B9u, 0},
    [ALU_salu] = {"salu", ALU_U32, 16, 4, 1, 0x01000193, 0x811C9DC5u, 0},
    [ALU_rsq_native] = {"rsq_native", ALU_F32, 16, 16, 8, 0, 0, 1e-3},
    [ALU_rsq] = {"rsq", ALU_F32, 16, 24, 8, 0, 0, 1e-4},
    [ALU_sqrt_native] = {"sqrt_native", ALU_F32, 16, 24, 8, 0, 0, 1e-3},
    [ALU_sqrt] = {"sqrt", ALU_F32, 8, 40, 16, 0, 0, 1e-4},
    [ALU_exp2_native] = {"exp2_native", ALU_F32, 16, 20, 8, 0, 0, 1e-3},
    [ALU_exp2] = {"exp2", ALU_F32, 8, 30, 12, 0, 0, 1e-4},
    [ALU_sin_native] = {"sin_native", ALU_F32, 16, 24, 10, 1, 0, 1e-3},
    [ALU_sin] = {"sin", ALU_F32, 4, 60, 40, 1, 0, 1e-4},
    [ALU_rcp_native] = {"rcp_native", ALU_F32, 16, 16, 8, 0, 0, 1e-3},
    [ALU_fdiv] = {"fdiv", ALU_F32, 8, 60, 20, 1, 0, 1e-3},
    [ALU_dfma] = {"dfma", ALU_F64, 16, 8, 2, 0.9990234375, 0.0009765625, 1e-6},
    [ALU_dadd] = {"dadd", ALU_F64, 16, 8, 2, 0x1p-20, 0, 1e-6},
    [ALU_udiv] = {"udiv", ALU_U32, 8, 60, 20, 4294967295.0, 0, 0},
    [ALU_u64div] = {"u64div", ALU_U64, 4, 300, 100, 18446744073709551615.0, 0, 0},
};

/* Variants: chains per work-item and warps per SM (132 SMs; 64 is full
 * occupancy). One chain on 1 or 4 warps per SM: latency; 8 chains at full
 * occupancy: throughput; the rest sweep chains and warps for the FMA. */
enum { AV_LAT1, AV_LAT4, AV_THR, AV_OCC1, AV_OCC2, AV_OCC4, AV_W8, AV_W16, AV_W32 };
static const int alu_chains[] = {1, 1, 8, 1, 2, 4, 1, 1, 1};
static const int alu_warps[] = {1, 4, 64, 64, 64, 64, 8, 16, 32};

static float alu_step_f32(int op, float x, float a, float b) {
  switch (op) {
  case ALU_ffma:
  case ALU_ffma_imm:
    return fmaf(x, a, b);
  case ALU_fadd:
    return x + a;
  case ALU_fmul:
    return x * a;
  case ALU_rsq_native:
  case ALU_rsq:
    return 1.0f / sqrtf(x);
  case ALU_sqrt_native:
  case ALU_sqrt:
    return sqrtf(x);
  case ALU_exp2_native:
  case ALU_exp2:
    return exp2f(-x);
  case ALU_sin_native:
  case ALU_sin:
    return sinf(x + a);
  case ALU_rcp_native:
    return 1.0f / x;
  default:
    return a / x; /* ALU_fdiv */
  }
}

/* The sum of one work-item's chains, as the kernel stores it. */
static uint32_t alu_ref(int op, size_t gid, size_t wg, int chains, long steps) {
  const alu_op *o = &alu_ops[op];
  const uint32_t g = (uint32_t)gid;
  uint32_t ru = 0;
  float rf = 0;
  double rd = 0;
  uint64_t rl = 0;
  for (int j = 0; j < chains; ++j) {
    const float seedf = 1.0f + (float)(g & 1023) * (1.0f / 1024.0f) + 0.125f * (float)j;
    const uint32_t seedu = g * 0x9E3779B9u + (uint32_t)j * 0x7F4A7C15u + 1u;
    const uint32_t seeddiv = (g & 1023) + 1 + 3 * (uint32_t)j;
    if (o->kind == ALU_F32) {
      float x = seedf;
      for (long i = 0; i < steps; ++i) x = alu_step_f32(op, x, (float)o->a, (float)o->b);
      rf = j ? rf + x : x;
    } else if (o->kind == ALU_F64) {
      double x = 1.0 + (double)(g & 1023) * (1.0 / 1024.0) + 0.125 * (double)j;
      for (long i = 0; i < steps; ++i) x = op == ALU_dfma ? fma(x, o->a, o->b) : x + o->a;
      rd = j ? rd + x : x;
    } else if (o->kind == ALU_U32) {
      const uint32_t a = (uint32_t)o->a, b = (uint32_t)o->b;
      uint32_t x = op == ALU_udiv   ? seeddiv
                   : op == ALU_salu ? (uint32_t)(gid / wg) * 2u + 1u + (uint32_t)j
                                    : seedu;
      for (long i = 0; i < steps; ++i)
        x = op == ALU_udiv ? a / x : op == ALU_ixoradd ? (x ^ a) + b : x * a + b;
      ru += x;
    } else {
      uint64_t x = op == ALU_u64div ? seeddiv : ((uint64_t)seedu << 32) | (g ^ 0x12345678u);
      for (long i = 0; i < steps; ++i)
        x = op == ALU_u64div ? UINT64_MAX / x : (x ^ 0x5bd1e995u) + 0x9E3779B9u;
      rl += x;
    }
  }
  if (o->kind == ALU_F32 || o->kind == ALU_F64) {
    float f = o->kind == ALU_F32 ? rf : (float)rd;
    memcpy(&ru, &f, 4);
  } else if (o->kind == ALU_U64) {
    ru = (uint32_t)(rl ^ (rl >> 32));
  }
  return ru;
}

/* alu: ia = operation (ALU_*), ib = variant (AV_*). */
static int prep_alu(hb_state *s, const hb_case *c) {
  const alu_op *o = &alu_ops[c->ia];
  const int chains = alu_chains[c->ib], warps = alu_warps[c->ib], sms = 132;
  const size_t wg = (size_t)(warps * 32 < 256 ? warps * 32 : 256);
  const size_t items = s->env->scale == SC_TINY ? 2 * wg : (size_t)sms * (size_t)warps * 32;
  if (o->kind == ALU_F64) {
    cl_device_fp_config fp64 = 0;
    clGetDeviceInfo(s->env->dev, CL_DEVICE_DOUBLE_FP_CONFIG, sizeof fp64, &fp64, NULL);
    if (!fp64) {
      snprintf(s->skip, sizeof s->skip, "device has no double precision");
      return 0;
    }
  }
  /* Cycles per step of one chain: its latency, or the issue of all chains of
   * the warps that share a sub-partition (4 per SM), whichever is longer. */
  const double per_smsp = warps < 4 ? 1 : warps / 4.0;
  double cyc = per_smsp * chains * o->thr;
  if (cyc < o->lat) cyc = o->lat;
  const double target = (double)pick(s, 0, 100000, 400000, 1600000);
  long iters = (long)(target / cyc / o->unroll + 0.5);
  if (iters < 2) iters = 2;
  const long steps = iters * o->unroll;
  static const char *const kinds[] = {"F32", "U32", "F64", "U64"};
  char defs[160];
  snprintf(defs, sizeof defs, "-DOP_%s -DKIND_%s -DCHAINS=%d -DUNROLL=%d", o->name, kinds[o->kind],
           chains, o->unroll);
  if (build(s, "alu.cl", defs)) return -1;
  int bo = buffer(s, items * 4, NULL, 0);
  cl_kernel k = bo < 0 ? NULL : launch(s, 0, "alu", 1, items, 1, wg, 1);
  if (!k || arg_mem(k, 0, s, bo) || arg_i32(k, 3, (int32_t)iters)) return -1;
  int e = 0;
  if (o->kind == ALU_F32) {
    e = arg_f32(k, 1, (float)o->a) | arg_f32(k, 2, (float)o->b);
  } else if (o->kind == ALU_F64) {
    const double a = o->a, b = o->b;
    e = arg_raw(k, 1, 8, &a) | arg_raw(k, 2, 8, &b);
  } else if (o->kind == ALU_U32) {
    e = arg_u32(k, 1, (uint32_t)o->a) | arg_u32(k, 2, (uint32_t)o->b);
  } else {
    const uint64_t a = c->ia == ALU_u64div ? UINT64_MAX : (uint64_t)o->a, b = (uint64_t)o->b;
    e = arg_raw(k, 1, 8, &a) | arg_raw(k, 2, 8, &b);
  }
  if (e) return -1;
  /* Verify 256 work-items spread over the range (all of them when fewer). */
  const size_t samples = items < 256 ? items : 256, stride = items / samples;
  uint32_t *ref = xmalloc(samples * 4);
  for (size_t si = 0; si < samples; ++si) ref[si] = alu_ref(c->ia, si * stride, wg, chains, steps);
  s->stride = stride;
  s->tol_rel = o->tol;
  set_ref(s, bo, ref, samples, o->kind == ALU_U32 || o->kind == ALU_U64 ? CMP_U32 : CMP_F32);
  s->bytes_moved = (double)items * 4;
  s->flops = (double)items * (double)chains * (double)steps;
  snprintf(s->notes, sizeof s->notes,
           "op=%s chains=%d warps_per_sm=%d steps=%ld unroll=%d ops=items*chains*steps "
           "verified_sample=%zu",
           o->name, chains, warps, steps, o->unroll, samples);
  return 0;
}
