/* The image instructions (isa/isa_sem_image.c) on one wave: descriptors and texels in a
 * memory map, load/sample/store results, access records and taps, exec masks, faults. */
#define CL_TARGET_OPENCL_VERSION 120
#include <CL/cl.h>
#include <check.h>
#include <math.h>
#include <string.h>

#include "check_run.h"
#include "isa_test_util.h"

/* region A: descriptors at 0x2000 + 64 k, texels from 0x2100; region B: other texels */
enum { BASE_A = 0x2000, SIZE_A = 0x1000, BASE_B = 0x8000, SIZE_B = 0x100 };
enum { D_RGBA8 = 0x2000, D_RF_TILED = 0x2040, D_U16_ARRAY = 0x2080, D_SPARE = 0x20c0 };

typedef struct gmem {
  uint8_t a[SIZE_A], b[SIZE_B];
  isa_region r[2];
  isa_memmap map;
} gmem;

static uint8_t *at(gmem *g, uint64_t addr) {
  return addr >= BASE_B ? g->b + (addr - BASE_B) : g->a + (addr - BASE_A);
}

static isa_image_desc put_desc(gmem *g, uint64_t where, uint32_t type, uint32_t order,
                               uint32_t dtype, uint32_t w, uint32_t h, uint32_t layers,
                               uint32_t tile, uint64_t data) {
  isa_image_desc d;
  memset(&d, 0, sizeof d);
  d.data = data;
  ck_assert_uint_ne(isa_image_layout(&d, type, order, dtype, w, h, 1, layers, tile, tile), 0);
  memcpy(at(g, where), &d, sizeof d);
  return d;
}

/* RGBA8 4x4 at 0x2100: texel (x, y) = (16x, 16y, x + y, 255); R float 4x2 in 2x2
 * tiles at 0x2200: x + 10y; RGBA u16 1D array, 4 texels x 2 layers, at 0x2300. */
static void gmem_init(gmem *g, tw *t) {
  memset(g, 0, sizeof *g);
  g->r[0] = (isa_region){BASE_A, SIZE_A, g->a};
  g->r[1] = (isa_region){BASE_B, SIZE_B, g->b};
  g->map = (isa_memmap){g->r, 2};
  t->w.global = &g->map;
  isa_image_desc d =
      put_desc(g, D_RGBA8, CL_MEM_OBJECT_IMAGE2D, CL_RGBA, CL_UNORM_INT8, 4, 4, 1, 0, 0x2100);
  for (uint32_t y = 0; y < 4; y++)
    for (uint32_t x = 0; x < 4; x++) {
      uint8_t *p = at(g, d.data + isa_image_texel_offset(&d, x, y, 0));
      p[0] = (uint8_t)(16 * x), p[1] = (uint8_t)(16 * y), p[2] = (uint8_t)(x + y), p[3] = 255;
    }
  d = put_desc(g, D_RF_TILED, CL_MEM_OBJECT_IMAGE2D, CL_R, CL_FLOAT, 4, 2, 1, 1, 0x2200);
  for (uint32_t y = 0; y < 2; y++)
    for (uint32_t x = 0; x < 4; x++) {
      float v = (float)(x + 10 * y);
      memcpy(at(g, d.data + isa_image_texel_offset(&d, x, y, 0)), &v, 4);
    }
  put_desc(g, D_U16_ARRAY, CL_MEM_OBJECT_IMAGE1D_ARRAY, CL_RGBA, CL_UNSIGNED_INT16, 4, 1, 2, 0,
           0x2300);
}

static void set_s64(tw *t, unsigned reg, uint64_t v) {
  t->s[reg] = (uint32_t)v;
  t->s[reg + 1] = (uint32_t)(v >> 32);
}

/* Executes one instruction with `exec` active. */
static isa_status exec_with(tw *t, uint64_t exec, const char *inst) {
  t->w.exec = exec;
  return tw_exec(t, inst);
}

/* lane i: int coords (i % 4, i / 4, 99, 0) in v4..v7 */
static void grid_coords(tw *t) {
  for (uint32_t i = 0; i < t->w.wave_size; i++) {
    *tw_v(t, 4, i) = i % 4;
    *tw_v(t, 5, i) = i / 4;
    *tw_v(t, 6, i) = 99;
    *tw_v(t, 7, i) = 0;
  }
}

START_TEST(test_load) {
  for (uint32_t ws = 32; ws <= 64; ws += 32) {
    tw *t = tw_new(ws, ws == 64 ? ~0ull : 0xffffffffull, 0);
    gmem g;
    gmem_init(&g, t);
    set_s64(t, 2, D_RGBA8);
    grid_coords(t);
    ck_assert_int_eq(tw_exec(t, "image_load_f v[8:11], s[2:3], v[4:7]"), ISA_RUN);
    for (uint32_t i = 0; i < ws; i++) {
      uint32_t x = i % 4, y = i / 4;
      if (y < 4) {
        ck_assert(tw_getf(t, 8, i) == (float)(16 * x) / 255.0f);
        ck_assert(tw_getf(t, 9, i) == (float)(16 * y) / 255.0f);
        ck_assert(tw_getf(t, 10, i) == (float)(x + y) / 255.0f);
        ck_assert(tw_getf(t, 11, i) == 1.0f);
        ck_assert_uint_eq(t->w.access.addr[i], 0x2100 + 4 * (4 * y + x));
        ck_assert_uint_eq(t->w.tex->ntaps[i], 1);
        ck_assert_uint_eq(t->w.tex->addr[i][0], t->w.access.addr[i]);
      } else { /* out of range: the border colour, no memory */
        for (unsigned r = 8; r < 12; r++) ck_assert_uint_eq(*tw_v(t, r, i), 0);
        ck_assert_uint_eq(t->w.tex->ntaps[i], 0);
      }
    }
    ck_assert_uint_eq(t->w.access.space, ISA_SPACE_GLOBAL);
    ck_assert_uint_eq(t->w.access.kind, ISA_F_LOAD);
    ck_assert_uint_eq(t->w.access.size, 4);
    ck_assert_uint_eq(t->w.access.mask, 0xffff);
    ck_assert_uint_eq(t->w.tex->mask, 0xffff);
    ck_assert_uint_eq(t->w.tex->kind, ISA_F_LOAD);
    ck_assert_uint_eq(t->w.tex->filtered, 0);
    ck_assert_uint_eq(t->w.tex->sampled, 0);
    uint32_t sum = 0;
    for (unsigned i = 0; i < 16; i++) sum += t->w.tex->ntaps[i];
    ck_assert_uint_eq(t->w.tex->taps, sum); /* the total the texture unit takes */
    /* the integer families on a float format read the bits of the float
     * value (undefined in OpenCL; what GPUs and PoCL do) */
    ck_assert_int_eq(tw_exec(t, "image_load_u v[8:11], s[2:3], v[4:7]"), ISA_RUN);
    ck_assert(tw_getf(t, 8, 5) == 16.0f / 255.0f);
    ck_assert_uint_eq(*tw_v(t, 11, 5), 0x3f800000u);
    /* the offset moves the descriptor address: the R float image (x + 10y, 1 for alpha) */
    ck_assert_int_eq(tw_exec(t, "image_load_f v[8:11], s[2:3], v[4:7], offset:64"), ISA_RUN);
    ck_assert(tw_getf(t, 8, 7) == 13.0f && tw_getf(t, 9, 7) == 0.0f && tw_getf(t, 11, 7) == 1.0f);
    ck_assert(tw_getf(t, 8, 8) == 0.0f && tw_getf(t, 11, 8) == 1.0f); /* y = 2: border */
    ck_assert_uint_eq(t->w.access.mask, 0xff);
    tw_free(t);
  }
}
END_TEST

START_TEST(test_sample) {
  tw *t = tw_new(32, 0xffffffffull, 0);
  gmem g;
  gmem_init(&g, t);
  set_s64(t, 6, D_RF_TILED);
  t->s[5] = ISA_SAMPLER_FILTER_LINEAR | ISA_SAMPLER_ADDR_CLAMP_TO_EDGE;
  /* lane i: (1.5 + i / 4, 1.0): x blends nothing, y half of rows 0 and 1 */
  for (uint32_t i = 0; i < 32; i++) {
    tw_setf(t, 4, i, 1.5f + 0.25f * (float)(i % 4));
    tw_setf(t, 5, i, 1.0f);
    tw_setf(t, 6, i, 0.0f);
  }
  ck_assert_int_eq(tw_exec(t, "image_sample_f v[8:11], s[6:7], s5, v[4:7]"), ISA_RUN);
  /* lane 0: taps (1,0) (2,0) (1,1) (2,1): 0.5 * 1 + 0.5 * 11 */
  ck_assert(tw_getf(t, 8, 0) == 6.0f && tw_getf(t, 11, 0) == 1.0f);
  ck_assert(tw_getf(t, 8, 1) == 6.25f); /* a = 0.25 */
  ck_assert(tw_getf(t, 8, 3) == 6.75f);
  ck_assert_uint_eq(t->w.tex->ntaps[0], 4);
  /* 2x2 tiles of 16 bytes, 2 tiles per row */
  ck_assert_uint_eq(t->w.tex->addr[0][0], 0x2200 + 4);
  ck_assert_uint_eq(t->w.tex->addr[0][1], 0x2200 + 16);
  ck_assert_uint_eq(t->w.tex->addr[0][2], 0x2200 + 12);
  ck_assert_uint_eq(t->w.tex->addr[0][3], 0x2200 + 24);
  ck_assert_uint_eq(t->w.access.addr[0], 0x2204);
  ck_assert_uint_eq(t->w.access.mask, 0xffffffffu);
  ck_assert_uint_eq(t->w.tex->filtered, 1);
  ck_assert_uint_eq(t->w.tex->sampled, 1);
  ck_assert_uint_eq(t->w.tex->taps, 32 * 4); /* bilinear, every tap inside */
  /* the sampler as a literal: nearest, normalized */
  for (uint32_t i = 0; i < 32; i++) tw_setf(t, 4, i, 0.3f), tw_setf(t, 5, i, 0.75f);
  ck_assert_int_eq(tw_exec(t, "image_sample_f v[8:11], s[6:7], 0x13, v[4:7]"), ISA_RUN);
  ck_assert(tw_getf(t, 8, 0) == 11.0f); /* u = 1.2, v = 1.5 */
  ck_assert_uint_eq(t->w.tex->ntaps[0], 1);
  ck_assert_uint_eq(t->w.tex->filtered, 0);
  tw_free(t);
}
END_TEST

START_TEST(test_store_and_reload) {
  tw *t = tw_new(32, 0xffffffffull, 0);
  gmem g;
  gmem_init(&g, t);
  set_s64(t, 8, D_U16_ARRAY);
  grid_coords(t); /* x = i % 4, layer = i / 4: lanes 8.. are past the 2 layers */
  for (uint32_t i = 0; i < 32; i++) {
    *tw_v(t, 12, i) = i;
    *tw_v(t, 13, i) = 70000;
    *tw_v(t, 14, i) = 0;
    *tw_v(t, 15, i) = 7;
  }
  ck_assert_int_eq(tw_exec(t, "image_store_u s[8:9], v[4:7], v[12:15]"), ISA_RUN);
  for (uint32_t i = 0; i < 8; i++) {
    const uint8_t *p = at(&g, 0x2300 + 32 * (i / 4) + 8 * (i % 4));
    static const uint8_t rest[6] = {0xff, 0xff, 0, 0, 7, 0};
    ck_assert(p[0] == i && p[1] == 0 && memcmp(p + 2, rest, 6) == 0);
    ck_assert_int_eq(memcmp(t->w.tex->texel[i], p, 8), 0);
  }
  ck_assert_uint_eq(at(&g, 0x2340)[0], 0); /* nothing past the image */
  ck_assert_uint_eq(t->w.access.kind, ISA_F_STORE);
  ck_assert_uint_eq(t->w.access.size, 8);
  ck_assert_uint_eq(t->w.access.mask, 0xff);
  ck_assert_uint_eq(t->w.access.addr[5], 0x2300 + 32 + 8);
  ck_assert_uint_eq(t->w.tex->kind, ISA_F_STORE);
  ck_assert_uint_eq(t->w.tex->ntaps[5], 1);
  ck_assert_uint_eq(t->w.tex->ntaps[9], 0);
  /* read back, then sample with a nearest sampler (layer rint(1.5) = 2 clamps to 1) */
  for (uint32_t i = 0; i < 32; i++) *tw_v(t, 16, i) = 0xdead;
  ck_assert_int_eq(tw_exec(t, "image_load_u v[16:19], s[8:9], v[4:7]"), ISA_RUN);
  ck_assert_uint_eq(*tw_v(t, 16, 6), 6);
  ck_assert_uint_eq(*tw_v(t, 17, 6), 65535);
  ck_assert_uint_eq(*tw_v(t, 19, 6), 7);
  ck_assert_uint_eq(*tw_v(t, 16, 9), 0); /* border: RGBA has alpha, (0, 0, 0, 0) */
  ck_assert_uint_eq(*tw_v(t, 19, 9), 0);
  for (uint32_t i = 0; i < 32; i++) {
    tw_setf(t, 4, i, 2.5f);
    tw_setf(t, 5, i, 1.5f);
  }
  ck_assert_int_eq(tw_exec(t, "image_sample_u v[16:19], s[8:9], 0x12, v[4:7]"), ISA_RUN);
  ck_assert_uint_eq(*tw_v(t, 16, 0), 6);
  /* the _i form on an unsigned format reads it as unsigned (the format decides) */
  ck_assert_int_eq(tw_exec(t, "image_sample_i v[16:19], s[8:9], 0x12, v[4:7]"), ISA_RUN);
  ck_assert_uint_eq(*tw_v(t, 16, 0), 6);

  /* write_imagef rounds and saturates: (0.5, 1.5, -1, NaN) -> 128, 255, 0, 0 */
  set_s64(t, 2, D_RGBA8);
  grid_coords(t);
  for (uint32_t i = 0; i < 32; i++) {
    tw_setf(t, 12, i, 0.5f);
    tw_setf(t, 13, i, 1.5f);
    tw_setf(t, 14, i, -1.0f);
    tw_setf(t, 15, i, NAN);
  }
  ck_assert_int_eq(exec_with(t, 0x5, "image_store_f s[2:3], v[4:7], v[12:15]"), ISA_RUN);
  const uint8_t *p0 = at(&g, 0x2100), *p1 = at(&g, 0x2104), *p2 = at(&g, 0x2108);
  ck_assert(p0[0] == 128 && p0[1] == 255 && p0[2] == 0 && p0[3] == 0);
  ck_assert(p1[0] == 16 && p1[3] == 255); /* lane 1 inactive */
  ck_assert(p2[0] == 128);
  ck_assert_uint_eq(t->w.access.mask, 0x5);
  tw_free(t);
}
END_TEST

/* read_imagei/ui and write_imagei/ui on a CL_FLOAT image move raw bits (a
 * double kept as two float texels survives, NaN payloads included); the
 * border colour and a missing alpha are the float values' bits. */
START_TEST(test_float_format_bits) {
  tw *t = tw_new(32, 0xffffffffull, 0);
  gmem g;
  gmem_init(&g, t);
  set_s64(t, 2, D_RF_TILED);
  grid_coords(t);
  for (uint32_t i = 0; i < 32; i++) *tw_v(t, 12, i) = 0x7fa00000u + i; /* signalling NaNs */
  ck_assert_int_eq(tw_exec(t, "image_store_u s[2:3], v[4:7], v[12:15]"), ISA_RUN);
  isa_image_desc d;
  memcpy(&d, at(&g, D_RF_TILED), sizeof d);
  uint32_t bits;
  memcpy(&bits, at(&g, d.data + isa_image_texel_offset(&d, 3, 1, 0)), 4);
  ck_assert_uint_eq(bits, 0x7fa00000u + 7);
  for (int k = 0; k < 2; k++) {
    ck_assert_int_eq(tw_exec(t, k ? "image_load_i v[16:19], s[2:3], v[4:7]"
                                  : "image_load_u v[16:19], s[2:3], v[4:7]"),
                     ISA_RUN);
    ck_assert_uint_eq(*tw_v(t, 16, 7), 0x7fa00000u + 7);
    ck_assert_uint_eq(*tw_v(t, 17, 7), 0);           /* R: g and b are 0 */
    ck_assert_uint_eq(*tw_v(t, 19, 7), 0x3f800000u); /* alpha 1.0f */
    ck_assert_uint_eq(*tw_v(t, 16, 8), 0);           /* y = 2: border (0, 0, 0, 1.0f) */
    ck_assert_uint_eq(*tw_v(t, 19, 8), 0x3f800000u);
  }
  /* a double in an RG/FLOAT texel (a sparse-matrix benchmark's layout):
   * its two words come back whole, NaN-like low words included */
  put_desc(&g, D_SPARE, CL_MEM_OBJECT_IMAGE2D, CL_RG, CL_FLOAT, 4, 4, 1, 0, 0x2400);
  set_s64(t, 2, D_SPARE);
  for (uint32_t i = 0; i < 32; i++) {
    double dv = -1.0 / 3.0 * (double)(i + 1);
    uint64_t db;
    memcpy(&db, &dv, sizeof db);
    if (i == 5) db = 0x7ff0000000000001ull; /* a signalling NaN double */
    *tw_v(t, 12, i) = (uint32_t)db;
    *tw_v(t, 13, i) = (uint32_t)(db >> 32);
  }
  ck_assert_int_eq(tw_exec(t, "image_store_u s[2:3], v[4:7], v[12:15]"), ISA_RUN);
  ck_assert_int_eq(tw_exec(t, "image_load_u v[16:19], s[2:3], v[4:7]"), ISA_RUN);
  for (uint32_t i = 0; i < 16; i++) { /* the 4 x 4 texels */
    ck_assert_uint_eq(*tw_v(t, 16, i), *tw_v(t, 12, i));
    ck_assert_uint_eq(*tw_v(t, 17, i), *tw_v(t, 13, i));
    ck_assert_uint_eq(*tw_v(t, 18, i), 0);
    ck_assert_uint_eq(*tw_v(t, 19, i), 0x3f800000u);
  }
  tw_free(t);
}
END_TEST

START_TEST(test_exec_mask) {
  tw *t = tw_new(32, 0xffffffffull, 0);
  gmem g;
  gmem_init(&g, t);
  set_s64(t, 2, D_RGBA8);
  grid_coords(t);
  for (uint32_t i = 0; i < 32; i++) *tw_v(t, 8, i) = 0xdead;
  ck_assert_int_eq(exec_with(t, 0x5, "image_load_f v[8:11], s[2:3], v[4:7]"), ISA_RUN);
  ck_assert(tw_getf(t, 8, 2) == 32.0f / 255.0f);
  ck_assert_uint_eq(*tw_v(t, 8, 1), 0xdead);
  ck_assert_uint_eq(*tw_v(t, 8, 3), 0xdead);
  ck_assert_uint_eq(t->w.access.mask, 0x5);
  /* without a texel record (w.tex NULL) the instructions run the same */
  t->w.tex = NULL;
  ck_assert_int_eq(exec_with(t, 0x6, "image_load_f v[8:11], s[2:3], v[4:7]"), ISA_RUN);
  ck_assert(tw_getf(t, 8, 1) == 16.0f / 255.0f);
  ck_assert_int_eq(exec_with(t, 0x6, "image_store_f s[2:3], v[4:7], v[8:11]"), ISA_RUN);
  ck_assert_uint_eq(t->w.access.mask, 0x6);
  ck_assert_uint_eq(t->w.access.addr[2], 0x2108);
  t->w.tex = &t->tex;
  /* no lane active: nothing is read, not even a bad descriptor */
  set_s64(t, 2, 0x3000);
  ck_assert_int_eq(exec_with(t, 0, "image_load_f v[8:11], s[2:3], v[4:7]"), ISA_RUN);
  ck_assert_uint_eq(t->w.access.mask, 0);
  ck_assert_uint_eq(t->w.tex->mask, 0);
  tw_free(t);
}
END_TEST

START_TEST(test_faults) {
  tw *t = tw_new(32, 0xffffffffull, 0);
  gmem g;
  gmem_init(&g, t);
  grid_coords(t);
  for (uint32_t i = 0; i < 32; i++) *tw_v(t, 8, i) = 0xdead;
  /* descriptor in no region */
  set_s64(t, 2, 0x3000);
  ck_assert_int_eq(exec_with(t, 0xf0, "image_load_f v[8:11], s[2:3], v[4:7]"), ISA_FAULTED);
  ck_assert_uint_eq(t->w.fault.kind, ISA_FAULT_IMAGE_DESC);
  ck_assert_uint_eq(t->w.fault.addr, 0x3000);
  ck_assert_uint_eq(t->w.fault.lane, 4);
  ck_assert_uint_eq(t->w.fault.size, 64);
  /* straddling a region's end */
  set_s64(t, 2, BASE_A + SIZE_A - 32);
  ck_assert_int_eq(exec_with(t, 0xffffffffu, "image_sample_f v[8:11], s[2:3], 0x10, v[4:7]"),
                   ISA_FAULTED);
  ck_assert_uint_eq(t->w.fault.kind, ISA_FAULT_IMAGE_DESC);
  /* a descriptor whose fields describe no image */
  isa_image_desc d;
  memcpy(&d, at(&g, D_RGBA8), sizeof d);
  d.elem_size = 3;
  memcpy(at(&g, D_SPARE), &d, sizeof d);
  set_s64(t, 2, D_SPARE);
  ck_assert_int_eq(tw_exec(t, "image_load_f v[8:11], s[2:3], v[4:7]"), ISA_FAULTED);
  ck_assert_uint_eq(t->w.fault.kind, ISA_FAULT_IMAGE_BAD_DESC);
  ck_assert_uint_eq(t->w.fault.addr, D_SPARE);
  d.elem_size = 4;
  d.row_pitch = 8; /* smaller than a row */
  memcpy(at(&g, D_SPARE), &d, sizeof d);
  ck_assert_int_eq(tw_exec(t, "image_store_f s[2:3], v[4:7], v[8:11]"), ISA_FAULTED);
  ck_assert_uint_eq(t->w.fault.kind, ISA_FAULT_IMAGE_BAD_DESC);
  /* texels past the region: rows from y = 2 lie at 0x3000 */
  d.row_pitch = 16;
  d.data = BASE_A + SIZE_A - 32;
  memcpy(at(&g, D_SPARE), &d, sizeof d);
  ck_assert_int_eq(tw_exec(t, "image_load_f v[8:11], s[2:3], v[4:7]"), ISA_FAULTED);
  ck_assert_uint_eq(t->w.fault.kind, ISA_FAULT_GLOBAL_OOB);
  ck_assert_uint_eq(t->w.fault.lane, 8);
  ck_assert_uint_eq(t->w.fault.addr, BASE_A + SIZE_A);
  ck_assert_uint_eq(t->w.fault.size, 4);
  for (uint32_t i = 0; i < 32; i++) ck_assert_uint_eq(*tw_v(t, 8, i), 0xdead); /* untouched */
  /* a bilinear read faults on its first unmapped tap */
  for (uint32_t i = 0; i < 32; i++) tw_setf(t, 5, i, 2.0f);
  for (uint32_t i = 0; i < 32; i++) tw_setf(t, 4, i, 1.0f);
  ck_assert_int_eq(tw_exec(t, "image_sample_f v[8:11], s[2:3], 0x22, v[4:7]"), ISA_FAULTED);
  ck_assert_uint_eq(t->w.fault.lane, 0);
  ck_assert_uint_eq(t->w.fault.addr, BASE_A + SIZE_A);
  /* a store faults before writing any lane */
  grid_coords(t);
  for (uint32_t i = 0; i < 32; i++) *tw_v(t, 8, i) = 0x42424242;
  ck_assert_int_eq(tw_exec(t, "image_store_u s[2:3], v[4:7], v[8:11]"), ISA_FAULTED);
  ck_assert_uint_eq(t->w.fault.lane, 8);
  d.dtype = CL_UNSIGNED_INT8;
  memcpy(at(&g, D_SPARE), &d, sizeof d);
  ck_assert_int_eq(tw_exec(t, "image_store_u s[2:3], v[4:7], v[8:11]"), ISA_FAULTED);
  ck_assert_uint_eq(t->w.fault.lane, 8);
  ck_assert_uint_eq(at(&g, BASE_A + SIZE_A - 32)[0], 0); /* lanes 0..7 not written */
  tw_free(t);
}
END_TEST

static Suite *suite(void) {
  Suite *s = suite_create("isa_image_ops");
  TCase *tc = tcase_create("core");
  tcase_add_test(tc, test_load);
  tcase_add_test(tc, test_sample);
  tcase_add_test(tc, test_store_and_reload);
  tcase_add_test(tc, test_float_format_bits);
  tcase_add_test(tc, test_exec_mask);
  tcase_add_test(tc, test_faults);
  suite_add_tcase(s, tc);
  return s;
}

int main(void) {
  return check_run(suite());
}
