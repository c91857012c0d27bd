/* Tests for isa/isa_image.c: formats, linear and tiled layout, format conversion and
 * sampling against hand-computed values from the OpenCL C 1.2 specification (8.2, 8.3). */
#define CL_TARGET_OPENCL_VERSION 120
#include <CL/cl.h>
#include <check.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "check_run.h"
#include "isa_image.h"

static float fbits(uint32_t u) {
  float f;
  memcpy(&f, &u, sizeof f);
  return f;
}

static uint32_t ubits(float f) {
  uint32_t u;
  memcpy(&u, &f, sizeof u);
  return u;
}

static isa_image_desc desc(uint32_t type, uint32_t order, uint32_t dtype, uint32_t w, uint32_t h,
                           uint32_t depth, uint32_t layers) {
  isa_image_desc d;
  memset(&d, 0, sizeof d);
  d.data = 0x1000;
  ck_assert_uint_ne(isa_image_layout(&d, type, order, dtype, w, h, depth, layers, 0, 0), 0);
  return d;
}

/* ---- formats -------------------------------------------------------------------------------- */

START_TEST(descriptor_abi) {
  ck_assert_uint_eq(sizeof(isa_image_desc), ISA_IMAGE_DESC_BYTES);
  ck_assert_uint_eq(offsetof(isa_image_desc, type), ISA_IMAGE_OFF_TYPE);
  ck_assert_uint_eq(offsetof(isa_image_desc, elem_size), ISA_IMAGE_OFF_ELEM_SIZE);
  ck_assert_uint_eq(offsetof(isa_image_desc, row_pitch), ISA_IMAGE_OFF_ROW_PITCH);
  ck_assert_uint_eq(offsetof(isa_image_desc, slice_pitch), ISA_IMAGE_OFF_SLICE_PITCH);
  ck_assert_uint_eq(offsetof(isa_image_desc, tile_h_log2), ISA_IMAGE_OFF_TILE_H);
  /* the sampler word is OpenCL C's CLK_* bits */
  ck_assert_uint_eq(ISA_SAMPLER_ADDR_MIRRORED_REPEAT | ISA_SAMPLER_NORMALIZED, 9);
}
END_TEST

START_TEST(format_table) {
  const uint32_t(*f)[2];
  size_t n = isa_image_formats(&f);
  ck_assert_uint_eq(n, 12 * 5 + 4 * 2 + 6 * 2 + 3);
  /* the full profile's required minimum comes first */
  static const uint32_t req[][2] = {
      {CL_RGBA, CL_UNORM_INT8},     {CL_RGBA, CL_UNORM_INT16},    {CL_RGBA, CL_SIGNED_INT8},
      {CL_RGBA, CL_SIGNED_INT16},   {CL_RGBA, CL_SIGNED_INT32},   {CL_RGBA, CL_UNSIGNED_INT8},
      {CL_RGBA, CL_UNSIGNED_INT16}, {CL_RGBA, CL_UNSIGNED_INT32}, {CL_RGBA, CL_HALF_FLOAT},
      {CL_RGBA, CL_FLOAT},          {CL_BGRA, CL_UNORM_INT8}};
  for (size_t r = 0; r < sizeof req / sizeof req[0]; r++) {
    size_t i = 0;
    while (i < n && !(f[i][0] == req[r][0] && f[i][1] == req[r][1])) i++;
    ck_assert_msg(i < 16, "required format %zu at %zu", r, i);
  }
  for (size_t i = 0; i < n; i++) {
    ck_assert_uint_ne(isa_image_elem_size(f[i][0], f[i][1]), 0);
    for (size_t j = 0; j < i; j++) ck_assert(f[i][0] != f[j][0] || f[i][1] != f[j][1]);
  }
  ck_assert_uint_eq(isa_image_elem_size(CL_RGBA, CL_FLOAT), 16);
  ck_assert_uint_eq(isa_image_elem_size(CL_RGBA, CL_UNORM_INT8), 4);
  ck_assert_uint_eq(isa_image_elem_size(CL_RG, CL_HALF_FLOAT), 4);
  ck_assert_uint_eq(isa_image_elem_size(CL_RA, CL_SIGNED_INT32), 8);
  ck_assert_uint_eq(isa_image_elem_size(CL_R, CL_UNSIGNED_INT32), 4);
  ck_assert_uint_eq(isa_image_elem_size(CL_A, CL_SNORM_INT16), 2);
  ck_assert_uint_eq(isa_image_elem_size(CL_LUMINANCE, CL_UNORM_INT16), 2);
  ck_assert_uint_eq(isa_image_elem_size(CL_INTENSITY, CL_FLOAT), 4);
  ck_assert_uint_eq(isa_image_elem_size(CL_ARGB, CL_SIGNED_INT8), 4);
  ck_assert_uint_eq(isa_image_elem_size(CL_RGB, CL_UNORM_SHORT_565), 2);
  ck_assert_uint_eq(isa_image_elem_size(CL_RGB, CL_UNORM_SHORT_555), 2);
  ck_assert_uint_eq(isa_image_elem_size(CL_RGB, CL_UNORM_INT_101010), 4);
  /* pairs table 5.7 does not allow */
  ck_assert_uint_eq(isa_image_elem_size(CL_INTENSITY, CL_SIGNED_INT8), 0);
  ck_assert_uint_eq(isa_image_elem_size(CL_LUMINANCE, CL_UNSIGNED_INT32), 0);
  ck_assert_uint_eq(isa_image_elem_size(CL_BGRA, CL_UNORM_INT16), 0);
  ck_assert_uint_eq(isa_image_elem_size(CL_ARGB, CL_FLOAT), 0);
  ck_assert_uint_eq(isa_image_elem_size(CL_RGB, CL_UNORM_INT8), 0);
  ck_assert_uint_eq(isa_image_elem_size(CL_RGBA, CL_UNORM_SHORT_565), 0);
  ck_assert_uint_eq(isa_image_elem_size(0, 0), 0);
}
END_TEST

/* ---- layout --------------------------------------------------------------------------------- */

START_TEST(layout_linear) {
  isa_image_desc d;
  memset(&d, 0, sizeof d);
  d.data = 0x4000;
  ck_assert_uint_eq(
      isa_image_layout(&d, CL_MEM_OBJECT_IMAGE2D, CL_RGBA, CL_UNORM_INT8, 5, 3, 9, 9, 0, 0), 60);
  ck_assert_uint_eq(d.data, 0x4000); /* untouched */
  ck_assert_uint_eq(d.width, 5);
  ck_assert_uint_eq(d.height, 3);
  ck_assert_uint_eq(d.depth, 1);
  ck_assert_uint_eq(d.array_size, 1);
  ck_assert_uint_eq(d.elem_size, 4);
  ck_assert_uint_eq(d.row_pitch, 20);
  ck_assert_uint_eq(d.type, CL_MEM_OBJECT_IMAGE2D);
  ck_assert_uint_eq(d.order, CL_RGBA);
  ck_assert_uint_eq(d.dtype, CL_UNORM_INT8);
  ck_assert_uint_eq(isa_image_texel_offset(&d, 2, 1, 0), 28);

  ck_assert_uint_eq(
      isa_image_layout(&d, CL_MEM_OBJECT_IMAGE2D_ARRAY, CL_RGBA, CL_UNORM_INT8, 5, 3, 9, 4, 0, 0),
      240);
  ck_assert_uint_eq(d.slice_pitch, 60);
  ck_assert_uint_eq(d.depth, 1);
  ck_assert_uint_eq(d.array_size, 4);
  ck_assert_uint_eq(isa_image_texel_offset(&d, 1, 2, 3), 3 * 60 + 2 * 20 + 4);

  ck_assert_uint_eq(isa_image_layout(&d, CL_MEM_OBJECT_IMAGE3D, CL_R, CL_FLOAT, 4, 2, 3, 7, 0, 0),
                    96);
  ck_assert_uint_eq(d.row_pitch, 16);
  ck_assert_uint_eq(d.slice_pitch, 32);
  ck_assert_uint_eq(d.array_size, 1);
  ck_assert_uint_eq(isa_image_texel_offset(&d, 3, 1, 2), 64 + 16 + 12);

  /* 1D array: y is the layer, a layer is one row */
  ck_assert_uint_eq(
      isa_image_layout(&d, CL_MEM_OBJECT_IMAGE1D_ARRAY, CL_RG, CL_UNORM_INT16, 7, 9, 9, 3, 2, 2),
      84);
  ck_assert_uint_eq(d.height, 1);
  ck_assert_uint_eq(d.row_pitch, 28);
  ck_assert_uint_eq(d.slice_pitch, 28);
  ck_assert_uint_eq(d.tile_w_log2, 0); /* 1D types are never tiled */
  ck_assert_uint_eq(isa_image_texel_offset(&d, 2, 1, 0), 36);

  ck_assert_uint_eq(
      isa_image_layout(&d, CL_MEM_OBJECT_IMAGE1D, CL_RGBA, CL_FLOAT, 10, 9, 9, 9, 3, 3), 160);
  ck_assert_uint_eq(d.tile_w_log2 | d.tile_h_log2, 0);
  ck_assert_uint_eq(isa_image_texel_offset(&d, 9, 0, 0), 144);
  ck_assert_uint_eq(
      isa_image_layout(&d, CL_MEM_OBJECT_IMAGE1D_BUFFER, CL_R, CL_UNSIGNED_INT8, 33, 1, 1, 1, 0, 0),
      33);

  /* refused: unsupported format, empty image, not an image type */
  ck_assert_uint_eq(
      isa_image_layout(&d, CL_MEM_OBJECT_IMAGE2D, CL_RGB, CL_UNORM_INT8, 4, 4, 1, 1, 0, 0), 0);
  ck_assert_uint_eq(
      isa_image_layout(&d, CL_MEM_OBJECT_IMAGE2D, CL_R, CL_UNORM_INT8, 0, 4, 1, 1, 0, 0), 0);
  ck_assert_uint_eq(
      isa_image_layout(&d, CL_MEM_OBJECT_BUFFER, CL_R, CL_UNORM_INT8, 4, 4, 1, 1, 0, 0), 0);
}
END_TEST

START_TEST(layout_tiled) {
  isa_image_desc d;
  memset(&d, 0, sizeof d);
  /* 10 x 5 RGBA8 in 4 x 2 tiles: 3 x 3 tiles of 32 bytes */
  ck_assert_uint_eq(
      isa_image_layout(&d, CL_MEM_OBJECT_IMAGE2D, CL_RGBA, CL_UNORM_INT8, 10, 5, 1, 1, 2, 1), 288);
  ck_assert_uint_eq(d.row_pitch, 96);
  ck_assert_uint_eq(d.slice_pitch, 288);
  ck_assert_uint_eq(d.tile_w_log2, 2);
  ck_assert_uint_eq(d.tile_h_log2, 1);
  ck_assert_uint_eq(isa_image_texel_offset(&d, 0, 0, 0), 0);
  ck_assert_uint_eq(isa_image_texel_offset(&d, 3, 0, 0), 12);
  ck_assert_uint_eq(isa_image_texel_offset(&d, 0, 1, 0), 16);
  ck_assert_uint_eq(isa_image_texel_offset(&d, 4, 0, 0), 32);
  ck_assert_uint_eq(isa_image_texel_offset(&d, 5, 3, 0), 96 + 32 + (1 * 4 + 1) * 4);
  ck_assert_uint_eq(isa_image_texel_offset(&d, 9, 4, 0), 192 + 64 + 4);
  /* every texel has its own slot inside the allocation */
  uint8_t seen[288] = {0};
  for (uint32_t y = 0; y < 5; y++)
    for (uint32_t x = 0; x < 10; x++) {
      uint64_t o = isa_image_texel_offset(&d, x, y, 0);
      ck_assert_uint_lt(o, 288);
      ck_assert_uint_eq(o % 4, 0);
      ck_assert(!seen[o]);
      seen[o] = 1;
    }
  /* 3D: 4 x 4 x 2 R8 in 2 x 2 tiles */
  ck_assert_uint_eq(
      isa_image_layout(&d, CL_MEM_OBJECT_IMAGE3D, CL_R, CL_UNORM_INT8, 4, 4, 2, 1, 1, 1), 32);
  ck_assert_uint_eq(d.row_pitch, 8);
  ck_assert_uint_eq(d.slice_pitch, 16);
  ck_assert_uint_eq(isa_image_texel_offset(&d, 3, 2, 1), 16 + 8 + 4 + 1);
  /* 2D array, tiles per layer */
  ck_assert_uint_eq(
      isa_image_layout(&d, CL_MEM_OBJECT_IMAGE2D_ARRAY, CL_R, CL_FLOAT, 3, 3, 1, 2, 1, 1),
      2 * 4 * 16);
  ck_assert_uint_eq(isa_image_texel_offset(&d, 2, 2, 1), 64 + 32 + 16);
}
END_TEST

/* ---- conversion ----------------------------------------------------------------------------- */

static void unpack_f(uint32_t order, uint32_t dtype, const void *texel, float out[4]) {
  isa_image_desc d = desc(CL_MEM_OBJECT_IMAGE2D, order, dtype, 1, 1, 1, 1);
  isa_image_unpack_f(&d, texel, out);
}

static uint32_t pack_f1(uint32_t dtype, float f) { /* CL_R, first channel's bits */
  isa_image_desc d = desc(CL_MEM_OBJECT_IMAGE2D, CL_R, dtype, 1, 1, 1, 1);
  float in[4] = {f, 7.0f, 7.0f, 7.0f};
  uint8_t t[4] = {0, 0, 0, 0};
  isa_image_pack_f(&d, in, t);
  return (uint32_t)t[0] | (uint32_t)t[1] << 8 | (uint32_t)t[2] << 16 | (uint32_t)t[3] << 24;
}

static float unpack_f1(uint32_t dtype, uint32_t raw) {
  uint8_t t[4] = {(uint8_t)raw, (uint8_t)(raw >> 8), (uint8_t)(raw >> 16), (uint8_t)(raw >> 24)};
  float out[4];
  unpack_f(CL_R, dtype, t, out);
  ck_assert(out[1] == 0.0f && out[2] == 0.0f && out[3] == 1.0f);
  return out[0];
}

START_TEST(convert_normalized) {
  /* reads: correctly rounded x / 255.0f, snorm max(-1, x / 127.0f) */
  ck_assert(unpack_f1(CL_UNORM_INT8, 0) == 0.0f);
  ck_assert(unpack_f1(CL_UNORM_INT8, 255) == 1.0f);
  ck_assert(unpack_f1(CL_UNORM_INT8, 1) == 1.0f / 255.0f);
  ck_assert_uint_eq(ubits(unpack_f1(CL_UNORM_INT8, 128)), 0x3f008081); /* 128/255 rounded */
  ck_assert(unpack_f1(CL_UNORM_INT16, 65535) == 1.0f);
  ck_assert(unpack_f1(CL_UNORM_INT16, 32768) == 32768.0f / 65535.0f);
  ck_assert(unpack_f1(CL_SNORM_INT8, 127) == 1.0f);
  ck_assert(unpack_f1(CL_SNORM_INT8, 0x81) == -1.0f);
  ck_assert(unpack_f1(CL_SNORM_INT8, 0x80) == -1.0f); /* -128/127 clamped */
  ck_assert(unpack_f1(CL_SNORM_INT8, 0xff) == -1.0f / 127.0f);
  ck_assert(unpack_f1(CL_SNORM_INT16, 0x8000) == -1.0f);
  ck_assert(unpack_f1(CL_SNORM_INT16, 0x7fff) == 1.0f);
  ck_assert(unpack_f1(CL_SNORM_INT16, 2) == 2.0f / 32767.0f);

  /* writes: convert_<t>_sat_rte(f * max) with the product rounded to float first */
  ck_assert_uint_eq(pack_f1(CL_UNORM_INT8, 1.0f), 255);
  ck_assert_uint_eq(pack_f1(CL_UNORM_INT8, 0.5f), 128);            /* 127.5 -> even */
  ck_assert_uint_eq(pack_f1(CL_UNORM_INT8, fbits(0x3c20a0a1)), 2); /* 2.5 -> 2 */
  ck_assert_uint_eq(pack_f1(CL_UNORM_INT8, fbits(0x3bc0c0c1)), 2); /* 1.5 -> 2 */
  ck_assert_uint_eq(pack_f1(CL_UNORM_INT8, fbits(0x3b008081)), 0); /* 0.5 -> 0 */
  ck_assert_uint_eq(pack_f1(CL_UNORM_INT8, 0.2f), 51);
  ck_assert_uint_eq(pack_f1(CL_UNORM_INT8, 2.0f), 255); /* saturate */
  ck_assert_uint_eq(pack_f1(CL_UNORM_INT8, -0.5f), 0);
  ck_assert_uint_eq(pack_f1(CL_UNORM_INT8, INFINITY), 255);
  ck_assert_uint_eq(pack_f1(CL_UNORM_INT8, -INFINITY), 0);
  ck_assert_uint_eq(pack_f1(CL_UNORM_INT8, NAN), 0);
  ck_assert_uint_eq(pack_f1(CL_UNORM_INT16, 0.5f), 32768);
  ck_assert_uint_eq(pack_f1(CL_UNORM_INT16, 1.5f), 65535);
  ck_assert_uint_eq(pack_f1(CL_UNORM_INT16, NAN), 0);
  ck_assert_uint_eq(pack_f1(CL_SNORM_INT8, -1.0f), 0x81);
  ck_assert_uint_eq(pack_f1(CL_SNORM_INT8, -2.0f), 0x80); /* -128 */
  ck_assert_uint_eq(pack_f1(CL_SNORM_INT8, 0.5f), 64);    /* 63.5 -> even */
  ck_assert_uint_eq(pack_f1(CL_SNORM_INT8, -0.5f), 0xc0); /* -63.5 -> -64 */
  ck_assert_uint_eq(pack_f1(CL_SNORM_INT8, 3.0f), 127);
  ck_assert_uint_eq(pack_f1(CL_SNORM_INT8, NAN), 0);
  ck_assert_uint_eq(pack_f1(CL_SNORM_INT16, -1.0f), 0x8001);
  ck_assert_uint_eq(pack_f1(CL_SNORM_INT16, -7.0f), 0x8000);
  ck_assert_uint_eq(pack_f1(CL_SNORM_INT16, 0.5f), 16384); /* 16383.5 -> even */

  /* round trips: every unorm8 / snorm8 code comes back */
  for (uint32_t x = 0; x < 256; x++) {
    ck_assert_uint_eq(pack_f1(CL_UNORM_INT8, unpack_f1(CL_UNORM_INT8, x)), x);
    if (x != 0x80) ck_assert_uint_eq(pack_f1(CL_SNORM_INT8, unpack_f1(CL_SNORM_INT8, x)), x);
  }
  for (uint32_t x = 0; x < 65536; x += 257)
    ck_assert_uint_eq(pack_f1(CL_UNORM_INT16, unpack_f1(CL_UNORM_INT16, x)), x);
}
END_TEST

START_TEST(convert_half_float) {
  ck_assert(unpack_f1(CL_HALF_FLOAT, 0x3c00) == 1.0f);
  ck_assert(unpack_f1(CL_HALF_FLOAT, 0xc000) == -2.0f);
  ck_assert(unpack_f1(CL_HALF_FLOAT, 0x0001) == 0x1p-24f);
  ck_assert(unpack_f1(CL_HALF_FLOAT, 0x7bff) == 65504.0f);
  ck_assert(isinf(unpack_f1(CL_HALF_FLOAT, 0xfc00)) && unpack_f1(CL_HALF_FLOAT, 0xfc00) < 0);
  ck_assert(isnan(unpack_f1(CL_HALF_FLOAT, 0x7e00)));
  ck_assert_uint_eq(pack_f1(CL_HALF_FLOAT, 1.0f), 0x3c00);
  ck_assert_uint_eq(pack_f1(CL_HALF_FLOAT, 1.0f + 0x1p-11f), 0x3c00);     /* tie -> even */
  ck_assert_uint_eq(pack_f1(CL_HALF_FLOAT, 1.0f + 3 * 0x1p-11f), 0x3c02); /* tie -> even */
  ck_assert_uint_eq(pack_f1(CL_HALF_FLOAT, 1.0f + 0x1p-12f), 0x3c00);
  ck_assert_uint_eq(pack_f1(CL_HALF_FLOAT, 65519.0f), 0x7bff);
  ck_assert_uint_eq(pack_f1(CL_HALF_FLOAT, 65520.0f), 0x7c00); /* rounds past the max: inf */
  ck_assert_uint_eq(pack_f1(CL_HALF_FLOAT, -1e9f), 0xfc00);
  ck_assert_uint_eq(pack_f1(CL_HALF_FLOAT, 0x1p-25f), 0x0000); /* tie with 0 -> even */
  ck_assert_uint_eq(pack_f1(CL_HALF_FLOAT, 0x1.8p-25f), 0x0001);
  ck_assert_uint_eq(pack_f1(CL_HALF_FLOAT, NAN) & 0x7e00, 0x7e00);
  ck_assert_uint_eq(pack_f1(CL_FLOAT, -0.0f), 0x80000000u);
  ck_assert_uint_eq(pack_f1(CL_FLOAT, fbits(0x7fc00123)), 0x7fc00123u); /* bits as they are */
  ck_assert_uint_eq(ubits(unpack_f1(CL_FLOAT, 0x00000001)), 1);         /* denormals kept */
}
END_TEST

START_TEST(convert_integer) {
  isa_image_desc s8 = desc(CL_MEM_OBJECT_IMAGE2D, CL_RGBA, CL_SIGNED_INT8, 1, 1, 1, 1);
  isa_image_desc s16 = desc(CL_MEM_OBJECT_IMAGE2D, CL_RG, CL_SIGNED_INT16, 1, 1, 1, 1);
  isa_image_desc s32 = desc(CL_MEM_OBJECT_IMAGE2D, CL_R, CL_SIGNED_INT32, 1, 1, 1, 1);
  isa_image_desc u8 = desc(CL_MEM_OBJECT_IMAGE2D, CL_RGBA, CL_UNSIGNED_INT8, 1, 1, 1, 1);
  isa_image_desc u16 = desc(CL_MEM_OBJECT_IMAGE2D, CL_RA, CL_UNSIGNED_INT16, 1, 1, 1, 1);
  isa_image_desc u32 = desc(CL_MEM_OBJECT_IMAGE2D, CL_A, CL_UNSIGNED_INT32, 1, 1, 1, 1);
  uint8_t t[16];
  int32_t iv[4];
  uint32_t uv[4];

  int32_t in8[4] = {200, -200, -5, 127};
  isa_image_pack_i(&s8, in8, t);
  ck_assert(t[0] == 127 && t[1] == 0x80 && t[2] == 0xfb && t[3] == 127);
  isa_image_unpack_i(&s8, t, iv);
  ck_assert(iv[0] == 127 && iv[1] == -128 && iv[2] == -5 && iv[3] == 127);

  int32_t in16[4] = {40000, -40000, 9, 9};
  isa_image_pack_i(&s16, in16, t);
  ck_assert(t[0] == 0xff && t[1] == 0x7f && t[2] == 0x00 && t[3] == 0x80);
  isa_image_unpack_i(&s16, t, iv);
  ck_assert(iv[0] == 32767 && iv[1] == -32768 && iv[2] == 0 && iv[3] == 1);

  int32_t in32[4] = {INT32_MIN, 1, 2, 3};
  isa_image_pack_i(&s32, in32, t);
  isa_image_unpack_i(&s32, t, iv);
  ck_assert(iv[0] == INT32_MIN && iv[1] == 0 && iv[2] == 0 && iv[3] == 1);

  uint32_t inu[4] = {300, 255, 0, 0xffffffffu};
  isa_image_pack_u(&u8, inu, t);
  ck_assert(t[0] == 255 && t[1] == 255 && t[2] == 0 && t[3] == 255);
  isa_image_pack_u(&u16, inu, t); /* RA: r then a */
  ck_assert(t[0] == 0x2c && t[1] == 0x01 && t[2] == 0xff && t[3] == 0xff);
  uint32_t big[4] = {70000, 0, 0, 70000};
  isa_image_pack_u(&u16, big, t);
  isa_image_unpack_u(&u16, t, uv);
  ck_assert(uv[0] == 65535 && uv[1] == 0 && uv[2] == 0 && uv[3] == 65535);
  isa_image_pack_u(&u32, inu, t); /* CL_A stores w */
  isa_image_unpack_u(&u32, t, uv);
  ck_assert(uv[0] == 0 && uv[1] == 0 && uv[2] == 0 && uv[3] == 0xffffffffu);

  /* the wrong family is undefined in OpenCL; here zeros */
  float f[4];
  memset(t, 0x55, sizeof t);
  isa_image_unpack_f(&s8, t, f);
  ck_assert(f[0] == 0.0f && f[3] == 0.0f);
  isa_image_unpack_u(&s8, t, uv);
  ck_assert(uv[0] == 0 && uv[3] == 0);
  isa_image_desc un8 = desc(CL_MEM_OBJECT_IMAGE2D, CL_RGBA, CL_UNORM_INT8, 1, 1, 1, 1);
  isa_image_pack_i(&un8, in8, t);
  ck_assert(t[0] == 0 && t[1] == 0 && t[2] == 0 && t[3] == 0 && t[4] == 0x55);
}
END_TEST

START_TEST(channel_orders) {
  static const uint8_t raw[4] = {10, 20, 30, 40};
  static const struct {
    uint32_t order;
    float want[4]; /* in units of 1/255, -1: the constant 1.0 */
  } cases[] = {
      {CL_R, {10, 0, 0, -1}},           {CL_A, {0, 0, 0, 10}},
      {CL_RG, {10, 20, 0, -1}},         {CL_RA, {10, 0, 0, 20}},
      {CL_RGBA, {10, 20, 30, 40}},      {CL_BGRA, {30, 20, 10, 40}},
      {CL_ARGB, {20, 30, 40, 10}},      {CL_INTENSITY, {10, 10, 10, 10}},
      {CL_LUMINANCE, {10, 10, 10, -1}},
  };
  for (size_t c = 0; c < sizeof cases / sizeof cases[0]; c++) {
    isa_image_desc d = desc(CL_MEM_OBJECT_IMAGE2D, cases[c].order, CL_UNORM_INT8, 1, 1, 1, 1);
    float out[4];
    isa_image_unpack_f(&d, raw, out);
    for (int k = 0; k < 4; k++) {
      float w = cases[c].want[k] < 0 ? 1.0f : cases[c].want[k] / 255.0f;
      ck_assert_msg(out[k] == w, "order %#x comp %d: %g, want %g", cases[c].order, k, out[k], w);
    }
    /* writing what was read gives the bytes back (INTENSITY/LUMINANCE: x) */
    uint8_t back[4] = {0, 0, 0, 0};
    isa_image_pack_f(&d, out, back);
    ck_assert_int_eq(memcmp(back, raw, d.elem_size), 0);
  }
  /* integer reads map the same way, with 1 for a missing alpha */
  isa_image_desc d = desc(CL_MEM_OBJECT_IMAGE2D, CL_ARGB, CL_UNSIGNED_INT8, 1, 1, 1, 1);
  uint32_t uv[4];
  isa_image_unpack_u(&d, raw, uv);
  ck_assert(uv[0] == 20 && uv[1] == 30 && uv[2] == 40 && uv[3] == 10);
  d = desc(CL_MEM_OBJECT_IMAGE2D, CL_RG, CL_SIGNED_INT8, 1, 1, 1, 1);
  int32_t iv[4];
  isa_image_unpack_i(&d, raw, iv);
  ck_assert(iv[0] == 10 && iv[1] == 20 && iv[2] == 0 && iv[3] == 1);
  /* BGRA write order */
  d = desc(CL_MEM_OBJECT_IMAGE2D, CL_BGRA, CL_UNORM_INT8, 1, 1, 1, 1);
  float in[4] = {1.0f, 0.0f, 0.5f, 0.2f};
  uint8_t t[4];
  isa_image_pack_f(&d, in, t);
  ck_assert(t[0] == 128 && t[1] == 0 && t[2] == 255 && t[3] == 51);
}
END_TEST

START_TEST(packed_rgb) {
  float out[4];
  uint8_t t[4] = {0x10, 0x84, 0, 0}; /* 0x8410: r 16, g 32, b 16 */
  unpack_f(CL_RGB, CL_UNORM_SHORT_565, t, out);
  ck_assert(out[0] == 16.0f / 31.0f && out[1] == 32.0f / 63.0f && out[2] == 16.0f / 31.0f &&
            out[3] == 1.0f);
  unpack_f(CL_RGB, CL_UNORM_SHORT_555, t, out); /* bit 15 unused: r 1, g 0, b 16 */
  ck_assert(out[0] == 1.0f / 31.0f && out[1] == 0.0f && out[2] == 16.0f / 31.0f);
  uint8_t t32[4] = {0x00, 0x00, 0xf0, 0xff}; /* top two bits unused, r = 0x3ff */
  unpack_f(CL_RGB, CL_UNORM_INT_101010, t32, out);
  ck_assert(out[0] == 1.0f && out[1] == 0.0f && out[2] == 0.0f && out[3] == 1.0f);

  isa_image_desc d = desc(CL_MEM_OBJECT_IMAGE2D, CL_RGB, CL_UNORM_SHORT_565, 1, 1, 1, 1);
  float in[4] = {1.0f, 0.5f, -3.0f, 0.0f};
  isa_image_pack_f(&d, in, t); /* r 31, g 31.5 -> 32, b 0 */
  ck_assert(t[0] == 0x00 && t[1] == 0xfc);
  d = desc(CL_MEM_OBJECT_IMAGE2D, CL_RGB, CL_UNORM_SHORT_555, 1, 1, 1, 1);
  float in2[4] = {0.5f, 2.0f, NAN, 0.0f};
  isa_image_pack_f(&d, in2, t); /* r 15.5 -> 16, g 31, b 0 */
  ck_assert(t[0] == 0xe0 && t[1] == 0x43);
  d = desc(CL_MEM_OBJECT_IMAGE2D, CL_RGB, CL_UNORM_INT_101010, 1, 1, 1, 1);
  float in3[4] = {1.0f, 0.0f, 0.5f, 0.0f};
  isa_image_pack_f(&d, in3, t32); /* 0x3ff00200 */
  ck_assert(t32[0] == 0x00 && t32[1] == 0x02 && t32[2] == 0xf0 && t32[3] == 0x3f);
}
END_TEST

/* ---- sampling ------------------------------------------------------------------------------- */

typedef struct mem {
  uint64_t base;
  uint8_t bytes[4096];
} mem;

static const void *fetch(void *ctx, uint64_t addr, uint32_t size) {
  mem *m = ctx;
  if (addr < m->base || addr + size > m->base + sizeof m->bytes) return NULL;
  return m->bytes + (addr - m->base);
}

/* An image of CL_R float texels, value(x, y, z) written through the layout. */
static isa_image_desc r_image(mem *m, uint32_t type, uint32_t w, uint32_t h, uint32_t dz,
                              uint32_t tw, uint32_t th,
                              float (*value)(uint32_t, uint32_t, uint32_t)) {
  isa_image_desc d;
  memset(&d, 0, sizeof d);
  memset(m, 0, sizeof *m);
  m->base = 0x10000;
  d.data = 0x10000;
  uint32_t depth = type == CL_MEM_OBJECT_IMAGE3D ? dz : 1, layers = dz;
  ck_assert_uint_ne(isa_image_layout(&d, type, CL_R, CL_FLOAT, w, h, depth, layers, tw, th), 0);
  for (uint32_t z = 0; z < dz; z++)
    for (uint32_t y = 0; y < h; y++)
      for (uint32_t x = 0; x < w; x++) {
        float v = value(x, y, z), in[4] = {v, 0, 0, 0};
        uint64_t o = type == CL_MEM_OBJECT_IMAGE1D_ARRAY ? isa_image_texel_offset(&d, x, z, 0)
                                                         : isa_image_texel_offset(&d, x, y, z);
        isa_image_pack_f(&d, in, m->bytes + o);
      }
  return d;
}

static float v1d(uint32_t x, uint32_t y, uint32_t z) {
  (void)y, (void)z;
  return 10.0f * (float)(x + 1); /* 10 20 30 40 */
}
static float v2d(uint32_t x, uint32_t y, uint32_t z) {
  (void)z;
  return (float)(x + 10 * y);
}
static float v3d(uint32_t x, uint32_t y, uint32_t z) {
  return (float)(x + 2 * y + 4 * z);
}
static float vlayer(uint32_t x, uint32_t y, uint32_t z) {
  return (float)(x + 100 * (y + z));
}

typedef struct sres {
  float v[4];
  uint32_t ntaps;
  uint64_t taps[ISA_IMAGE_MAX_TAPS];
} sres;

static sres sample(mem *m, const isa_image_desc *d, uint32_t sampler, float x, float y, float z) {
  uint32_t c[4] = {ubits(x), ubits(y), ubits(z), 0}, out[4];
  sres r;
  uint64_t fa = 0;
  ck_assert_int_eq(
      isa_image_read(d, ISA_IMAGE_FLOAT, sampler, 0, c, fetch, m, out, r.taps, &r.ntaps, &fa), 0);
  for (int k = 0; k < 4; k++) r.v[k] = fbits(out[k]);
  return r;
}

static float s1(mem *m, const isa_image_desc *d, uint32_t sampler, float x) {
  return sample(m, d, sampler, x, 0, 0).v[0];
}

#define NEAREST ISA_SAMPLER_FILTER_NEAREST
#define LINEAR ISA_SAMPLER_FILTER_LINEAR
#define NORM ISA_SAMPLER_NORMALIZED
#define EDGE ISA_SAMPLER_ADDR_CLAMP_TO_EDGE
#define CLAMP ISA_SAMPLER_ADDR_CLAMP
#define NONE ISA_SAMPLER_ADDR_NONE
#define REPEAT ISA_SAMPLER_ADDR_REPEAT
#define MIRROR ISA_SAMPLER_ADDR_MIRRORED_REPEAT

START_TEST(nearest_1d) {
  mem m;
  isa_image_desc d = r_image(&m, CL_MEM_OBJECT_IMAGE1D, 4, 1, 1, 0, 0, v1d);
  /* unnormalized: i = floor(u), then the addressing mode */
  ck_assert(s1(&m, &d, NEAREST | EDGE, -3.0f) == 10.0f);
  ck_assert(s1(&m, &d, NEAREST | EDGE, 2.7f) == 30.0f);
  ck_assert(s1(&m, &d, NEAREST | EDGE, 4.0f) == 40.0f);
  ck_assert(s1(&m, &d, NEAREST | EDGE, 1e30f) == 40.0f);
  ck_assert(s1(&m, &d, NEAREST | CLAMP, 3.99f) == 40.0f);
  sres b = sample(&m, &d, NEAREST | CLAMP, -0.5f, 0, 0); /* floor -1: border */
  ck_assert(b.v[0] == 0.0f && b.v[3] == 1.0f && b.ntaps == 0);
  ck_assert(s1(&m, &d, NEAREST | CLAMP, 4.0f) == 0.0f);
  ck_assert(s1(&m, &d, NEAREST | NONE, 1.0f) == 20.0f);
  ck_assert(s1(&m, &d, NEAREST | NONE, -1.0f) == 10.0f); /* undefined: clamps here */
  /* normalized: u = s * width */
  ck_assert(s1(&m, &d, NORM | NEAREST | EDGE, 0.3f) == 20.0f);
  ck_assert(s1(&m, &d, NORM | NEAREST | EDGE, 1.0f) == 40.0f);
  ck_assert(s1(&m, &d, NORM | NEAREST | EDGE, -0.1f) == 10.0f);
  ck_assert(s1(&m, &d, NORM | NEAREST | CLAMP, 1.0f) == 0.0f);
  ck_assert(s1(&m, &d, NORM | NEAREST | CLAMP, -0.01f) == 0.0f);
  ck_assert(s1(&m, &d, NORM | NEAREST | CLAMP, 0.99f) == 40.0f);
  /* REPEAT: u = (s - floor(s)) * w, i = floor(u), i > w - 1 wraps */
  ck_assert(s1(&m, &d, NORM | NEAREST | REPEAT, 1.3f) == 20.0f);
  ck_assert(s1(&m, &d, NORM | NEAREST | REPEAT, -0.1f) == 40.0f);
  ck_assert(s1(&m, &d, NORM | NEAREST | REPEAT, 2.0f) == 10.0f);
  ck_assert(s1(&m, &d, NORM | NEAREST | REPEAT, -1e-9f) == 10.0f); /* s - floor(s) rounds to 1 */
  ck_assert(s1(&m, &d, NORM | NEAREST | REPEAT, -1e-7f) == 40.0f);
  /* MIRRORED_REPEAT: s' = |s - 2 rint(s / 2)|, u = s' w, i = min(floor(u), w - 1) */
  ck_assert(s1(&m, &d, NORM | NEAREST | MIRROR, 1.3f) == 30.0f);
  ck_assert(s1(&m, &d, NORM | NEAREST | MIRROR, -0.3f) == 20.0f);
  ck_assert(s1(&m, &d, NORM | NEAREST | MIRROR, 0.9f) == 40.0f);
  ck_assert(s1(&m, &d, NORM | NEAREST | MIRROR, 1.0f) == 40.0f); /* rint(0.5) = 0 */
  ck_assert(s1(&m, &d, NORM | NEAREST | MIRROR, 2.25f) == 20.0f);
  ck_assert(s1(&m, &d, NORM | NEAREST | MIRROR, 1.75f) == 20.0f);
  ck_assert(s1(&m, &d, NORM | NEAREST | MIRROR, -1.75f) == 20.0f);
  /* normalized NONE: u = s * w, in range as CLAMP_TO_EDGE */
  ck_assert(s1(&m, &d, NORM | NEAREST | NONE, 0.6f) == 30.0f);
  /* REPEAT / MIRRORED_REPEAT need normalized coordinates (undefined otherwise): the edge here */
  ck_assert(s1(&m, &d, NEAREST | REPEAT, 5.0f) == 40.0f);
  ck_assert(s1(&m, &d, NEAREST | MIRROR, -2.0f) == 10.0f);
  sres t = sample(&m, &d, NEAREST | EDGE, 2.5f, 0, 0);
  ck_assert(t.ntaps == 1 && t.taps[0] == 0x10000 + 8);
}
END_TEST

START_TEST(linear_1d) {
  mem m;
  isa_image_desc d = r_image(&m, CL_MEM_OBJECT_IMAGE1D, 4, 1, 1, 0, 0, v1d);
  /* i0 = floor(u - 0.5), i1 = i0 + 1, a = frac(u - 0.5): (1 - a) T[i0] + a T[i1] */
  ck_assert(s1(&m, &d, LINEAR | EDGE, 1.5f) == 20.0f);
  ck_assert(s1(&m, &d, LINEAR | EDGE, 1.75f) == 22.5f);
  ck_assert(s1(&m, &d, LINEAR | EDGE, 0.25f) == 10.0f);
  ck_assert(s1(&m, &d, LINEAR | EDGE, 4.0f) == 40.0f);
  ck_assert(s1(&m, &d, LINEAR | NONE, 2.0f) == 25.0f);
  /* CLAMP: the texel outside is the border colour (0, 0, 0, 1 for CL_R) */
  sres b = sample(&m, &d, LINEAR | CLAMP, 0.25f, 0, 0);
  ck_assert(b.v[0] == 7.5f && b.v[3] == 1.0f && b.ntaps == 1 && b.taps[0] == 0x10000);
  ck_assert(s1(&m, &d, LINEAR | CLAMP, 4.25f) == 10.0f);
  ck_assert(s1(&m, &d, NORM | LINEAR | CLAMP, 1.0f) == 20.0f);
  /* normalized CLAMP_TO_EDGE */
  ck_assert(s1(&m, &d, NORM | LINEAR | EDGE, 0.4375f) == 22.5f);
  /* REPEAT: i0 < 0 wraps to w + i0, i1 > w - 1 wraps to i1 - w */
  sres r = sample(&m, &d, NORM | LINEAR | REPEAT, 0.0625f, 0, 0);
  ck_assert(r.v[0] == 17.5f && r.ntaps == 2 && r.taps[0] == 0x10000 + 12 && r.taps[1] == 0x10000);
  ck_assert(s1(&m, &d, NORM | LINEAR | REPEAT, 0.9375f) == 32.5f);
  ck_assert(s1(&m, &d, NORM | LINEAR | REPEAT, 1.9375f) == 32.5f);
  ck_assert(s1(&m, &d, NORM | LINEAR | REPEAT, -0.9375f) == 17.5f);
  /* MIRRORED_REPEAT: i0 = max(i0, 0), i1 = min(i1, w - 1) */
  ck_assert(s1(&m, &d, NORM | LINEAR | MIRROR, 1.0625f) == 40.0f);
  ck_assert(s1(&m, &d, NORM | LINEAR | MIRROR, -0.0625f) == 10.0f);
  ck_assert(s1(&m, &d, NORM | LINEAR | MIRROR, 0.375f) == 20.0f);
  ck_assert(s1(&m, &d, NORM | LINEAR | MIRROR, -0.4375f) == 22.5f);
  ck_assert(s1(&m, &d, NORM | LINEAR | MIRROR, 1.5625f) == 22.5f); /* mirrors to 0.4375 */
  ck_assert(s1(&m, &d, NORM | LINEAR | NONE, 0.4375f) == 22.5f);
  ck_assert(s1(&m, &d, LINEAR | REPEAT, 1.75f) == 22.5f); /* unnormalized: as CLAMP_TO_EDGE */
  ck_assert(s1(&m, &d, LINEAR | MIRROR, 0.25f) == 10.0f);
}
END_TEST

START_TEST(bilinear_2d) {
  mem m;
  for (uint32_t tiled = 0; tiled < 2; tiled++) {
    isa_image_desc d = r_image(&m, CL_MEM_OBJECT_IMAGE2D, 3, 3, 1, tiled, tiled, v2d);
    /* (1.25, 1.75): i 0..1 a 0.75, j 1..2 b 0.25 */
    sres r = sample(&m, &d, LINEAR | EDGE, 1.25f, 1.75f, 0);
    ck_assert(r.v[0] == 13.25f && r.v[1] == 0.0f && r.v[3] == 1.0f);
    ck_assert_uint_eq(r.ntaps, 4); /* T(i0,j0), T(i1,j0), T(i0,j1), T(i1,j1) */
    ck_assert_uint_eq(r.taps[0], d.data + isa_image_texel_offset(&d, 0, 1, 0));
    ck_assert_uint_eq(r.taps[1], d.data + isa_image_texel_offset(&d, 1, 1, 0));
    ck_assert_uint_eq(r.taps[2], d.data + isa_image_texel_offset(&d, 0, 2, 0));
    ck_assert_uint_eq(r.taps[3], d.data + isa_image_texel_offset(&d, 1, 2, 0));
    if (!tiled) ck_assert_uint_eq(r.taps[3], 0x10000 + 4 * (1 + 3 * 2));
    /* normalized REPEAT at (0, 0): the four corners wrap */
    ck_assert(sample(&m, &d, NORM | LINEAR | REPEAT, 0.0f, 0.0f, 0).v[0] == 11.0f);
    /* MIRRORED_REPEAT at (0, 0): texel (0, 0) four times */
    ck_assert(sample(&m, &d, NORM | LINEAR | MIRROR, 0.0f, 0.0f, 0).v[0] == 0.0f);
    /* CLAMP at (3, 0): T(2, -1) and T(3, *) are border */
    sres b = sample(&m, &d, LINEAR | CLAMP, 3.0f, 0.0f, 0);
    ck_assert(b.v[0] == 0.5f && b.v[3] == 1.0f && b.ntaps == 1);
    /* nearest, normalized */
    ck_assert(sample(&m, &d, NORM | NEAREST | EDGE, 0.5f, 0.9f, 0).v[0] == 21.0f);
    ck_assert(sample(&m, &d, NORM | NEAREST | REPEAT, -0.2f, 1.4f, 0).v[0] == 12.0f);
  }
}
END_TEST

START_TEST(trilinear_3d) {
  mem m;
  isa_image_desc d = r_image(&m, CL_MEM_OBJECT_IMAGE3D, 2, 2, 2, 1, 1, v3d);
  sres r = sample(&m, &d, LINEAR | EDGE, 1.0f, 1.0f, 1.0f);
  ck_assert(r.v[0] == 3.5f && r.ntaps == 8);
  for (uint32_t t = 0; t < 8; t++) /* i fastest, then j, then k */
    ck_assert_uint_eq(r.taps[t],
                      d.data + isa_image_texel_offset(&d, t & 1, (t >> 1) & 1, (t >> 2) & 1));
  /* a 0.25, b 0.75, c 0 (k0 = 1, k1 clamps to 1): the trilinear blend of a linear function */
  ck_assert(sample(&m, &d, LINEAR | EDGE, 0.75f, 1.25f, 1.5f).v[0] == 5.75f);
  ck_assert(sample(&m, &d, NORM | LINEAR | EDGE, 0.375f, 0.625f, 0.75f).v[0] == 5.75f);
  ck_assert(sample(&m, &d, NORM | NEAREST | EDGE, 0.9f, 0.1f, 0.6f).v[0] == 5.0f);
  /* CLAMP in depth: half the weight on the border */
  ck_assert(sample(&m, &d, LINEAR | CLAMP, 0.5f, 0.5f, 2.0f).v[0] == 2.0f);
}
END_TEST

START_TEST(array_layers) {
  mem m;
  /* 2D array, 2 x 1 texels, 4 layers: layer = clamp(rint(z), 0, 3), never normalized */
  isa_image_desc d = r_image(&m, CL_MEM_OBJECT_IMAGE2D_ARRAY, 2, 1, 4, 0, 0, vlayer);
  static const struct {
    float z, want;
  } c[] = {{1.5f, 200}, {2.5f, 200}, {0.5f, 0}, {-3.0f, 0}, {7.2f, 300}, {2.49f, 200}, {3.5f, 300}};
  for (size_t i = 0; i < sizeof c / sizeof c[0]; i++) {
    ck_assert_msg(sample(&m, &d, NEAREST | EDGE, 0.0f, 0.0f, c[i].z).v[0] == c[i].want, "z %g",
                  c[i].z);
    ck_assert(sample(&m, &d, NORM | NEAREST | EDGE, 0.0f, 0.0f, c[i].z).v[0] == c[i].want);
  }
  ck_assert(sample(&m, &d, NORM | LINEAR | REPEAT, 0.0f, 0.5f, 1.0f).v[0] == 100.5f);
  /* 1D array: y is the layer */
  d = r_image(&m, CL_MEM_OBJECT_IMAGE1D_ARRAY, 2, 1, 3, 0, 0, vlayer);
  sres r = sample(&m, &d, NEAREST | EDGE, 1.0f, 1.5f, 0.0f);
  ck_assert(r.v[0] == 201.0f && r.taps[0] == 0x10000 + 2 * 8 + 4);
  ck_assert(sample(&m, &d, LINEAR | EDGE, 1.0f, 0.4f, 9.0f).v[0] == 0.5f);
}
END_TEST

START_TEST(unsampled_reads) {
  mem m;
  isa_image_desc d = r_image(&m, CL_MEM_OBJECT_IMAGE2D, 3, 3, 1, 1, 1, v2d);
  uint32_t c[4] = {1, 2, 0, 0}, out[4], ntaps;
  uint64_t taps[ISA_IMAGE_MAX_TAPS], fa;
  /* int coordinates, sampler ignored */
  ck_assert_int_eq(isa_image_read(&d, ISA_IMAGE_FLOAT, NORM | LINEAR | REPEAT, 1, c, fetch, &m, out,
                                  taps, &ntaps, &fa),
                   0);
  ck_assert(fbits(out[0]) == 21.0f && fbits(out[3]) == 1.0f && ntaps == 1);
  ck_assert_uint_eq(taps[0], d.data + isa_image_texel_offset(&d, 1, 2, 0));
  /* out of range: border colour, no memory read */
  static const int32_t bad[][2] = {{3, 0}, {0, 3}, {-1, 0}, {0, -5}};
  for (size_t i = 0; i < 4; i++) {
    c[0] = (uint32_t)bad[i][0], c[1] = (uint32_t)bad[i][1];
    ck_assert_int_eq(
        isa_image_read(&d, ISA_IMAGE_FLOAT, 0, 1, c, fetch, &m, out, taps, &ntaps, &fa), 0);
    ck_assert(fbits(out[0]) == 0.0f && fbits(out[3]) == 1.0f && ntaps == 0);
  }
  /* 2D array: the layer out of range is the border too */
  d = r_image(&m, CL_MEM_OBJECT_IMAGE2D_ARRAY, 2, 1, 4, 0, 0, vlayer);
  uint32_t c2[4] = {1, 0, 3, 0};
  ck_assert_int_eq(isa_image_read(&d, ISA_IMAGE_FLOAT, 0, 1, c2, fetch, &m, out, taps, &ntaps, &fa),
                   0);
  ck_assert(fbits(out[0]) == 301.0f);
  c2[2] = 4;
  ck_assert_int_eq(isa_image_read(&d, ISA_IMAGE_FLOAT, 0, 1, c2, fetch, &m, out, taps, &ntaps, &fa),
                   0);
  ck_assert(fbits(out[0]) == 0.0f && ntaps == 0);
}
END_TEST

START_TEST(border_colours) {
  mem m;
  memset(&m, 0xff, sizeof m);
  m.base = 0x10000;
  static const struct {
    uint32_t order, dtype;
    int family;
    uint32_t want[4];
  } c[] = {
      {CL_RGBA, CL_UNORM_INT8, ISA_IMAGE_FLOAT, {0, 0, 0, 0}},
      {CL_BGRA, CL_UNORM_INT8, ISA_IMAGE_FLOAT, {0, 0, 0, 0}},
      {CL_A, CL_FLOAT, ISA_IMAGE_FLOAT, {0, 0, 0, 0}},
      {CL_RA, CL_HALF_FLOAT, ISA_IMAGE_FLOAT, {0, 0, 0, 0}},
      {CL_INTENSITY, CL_UNORM_INT16, ISA_IMAGE_FLOAT, {0, 0, 0, 0}},
      {CL_R, CL_SNORM_INT8, ISA_IMAGE_FLOAT, {0, 0, 0, 0x3f800000}},
      {CL_RG, CL_FLOAT, ISA_IMAGE_FLOAT, {0, 0, 0, 0x3f800000}},
      {CL_LUMINANCE, CL_UNORM_INT8, ISA_IMAGE_FLOAT, {0, 0, 0, 0x3f800000}},
      {CL_RGB, CL_UNORM_SHORT_565, ISA_IMAGE_FLOAT, {0, 0, 0, 0x3f800000}},
      {CL_RGBA, CL_UNSIGNED_INT8, ISA_IMAGE_UINT, {0, 0, 0, 0}},
      {CL_R, CL_UNSIGNED_INT32, ISA_IMAGE_UINT, {0, 0, 0, 1}},
      {CL_RG, CL_SIGNED_INT16, ISA_IMAGE_INT, {0, 0, 0, 1}},
  };
  for (size_t i = 0; i < sizeof c / sizeof c[0]; i++) {
    isa_image_desc d;
    memset(&d, 0, sizeof d);
    d.data = 0x10000;
    ck_assert_uint_ne(
        isa_image_layout(&d, CL_MEM_OBJECT_IMAGE2D, c[i].order, c[i].dtype, 2, 2, 1, 1, 0, 0), 0);
    uint32_t xy[4] = {ubits(-1.0f), ubits(0.5f), 0, 0}, out[4], ntaps;
    uint64_t taps[ISA_IMAGE_MAX_TAPS], fa;
    ck_assert_int_eq(
        isa_image_read(&d, c[i].family, NEAREST | CLAMP, 0, xy, fetch, &m, out, taps, &ntaps, &fa),
        0);
    ck_assert_msg(memcmp(out, c[i].want, sizeof out) == 0 && ntaps == 0, "case %zu", i);
  }
}
END_TEST

START_TEST(integer_sampling) {
  mem m;
  memset(&m, 0, sizeof m);
  m.base = 0x10000;
  isa_image_desc d;
  memset(&d, 0, sizeof d);
  d.data = 0x10000;
  ck_assert_uint_ne(
      isa_image_layout(&d, CL_MEM_OBJECT_IMAGE2D, CL_RGBA, CL_SIGNED_INT16, 2, 1, 1, 1, 0, 0), 0);
  int32_t t0[4] = {-5, 6, 7, 8}, t1[4] = {100, 200, 300, 400};
  isa_image_pack_i(&d, t0, m.bytes);
  isa_image_pack_i(&d, t1, m.bytes + 8);
  /* read_imagei with a LINEAR sampler (undefined in OpenCL): nearest here */
  uint32_t xy[4] = {ubits(0.9f), ubits(0.0f), 0, 0}, out[4], ntaps;
  uint64_t taps[ISA_IMAGE_MAX_TAPS], fa;
  ck_assert_int_eq(
      isa_image_read(&d, ISA_IMAGE_INT, LINEAR | EDGE, 0, xy, fetch, &m, out, taps, &ntaps, &fa),
      0);
  ck_assert(out[0] == (uint32_t)-5 && out[3] == 8 && ntaps == 1);
  xy[0] = ubits(1.2f);
  ck_assert_int_eq(
      isa_image_read(&d, ISA_IMAGE_INT, NEAREST | EDGE, 0, xy, fetch, &m, out, taps, &ntaps, &fa),
      0);
  ck_assert(out[0] == 100 && out[2] == 300 && taps[0] == 0x10008);
}
END_TEST

START_TEST(fetch_fault) {
  mem m;
  isa_image_desc d = r_image(&m, CL_MEM_OBJECT_IMAGE2D, 3, 3, 1, 0, 0, v2d);
  d.data = 0x90000; /* not in `m` */
  uint32_t xy[4] = {ubits(1.25f), ubits(1.75f), 0, 0}, out[4], ntaps;
  uint64_t taps[ISA_IMAGE_MAX_TAPS], fa = 0;
  ck_assert_int_eq(
      isa_image_read(&d, ISA_IMAGE_FLOAT, LINEAR | EDGE, 0, xy, fetch, &m, out, taps, &ntaps, &fa),
      -1);
  ck_assert_uint_eq(fa, 0x90000 + 4 * 3);
  uint32_t ic[4] = {2, 2, 0, 0};
  ck_assert_int_eq(isa_image_read(&d, ISA_IMAGE_FLOAT, 0, 1, ic, fetch, &m, out, taps, &ntaps, &fa),
                   -1);
  ck_assert_uint_eq(fa, 0x90000 + 4 * 8);
}
END_TEST

START_TEST(nan_coordinates) {
  mem m;
  isa_image_desc d = r_image(&m, CL_MEM_OBJECT_IMAGE2D, 3, 3, 1, 0, 0, v2d);
  static const uint32_t samplers[] = {NEAREST | EDGE,          LINEAR | CLAMP,
                                      NORM | LINEAR | REPEAT,  NORM | LINEAR | MIRROR,
                                      NORM | NEAREST | REPEAT, NORM | NEAREST | MIRROR};
  for (size_t i = 0; i < sizeof samplers / sizeof samplers[0]; i++) {
    /* undefined in OpenCL; must stay in memory and finite */
    sres r = sample(&m, &d, samplers[i], NAN, INFINITY, 0);
    ck_assert(r.ntaps <= 4 && isfinite(r.v[0]));
    r = sample(&m, &d, samplers[i], -INFINITY, 1e30f, 0);
    ck_assert(r.ntaps <= 4 && isfinite(r.v[0]));
  }
}
END_TEST

static Suite *suite(void) {
  Suite *s = suite_create("isa_image");
  TCase *tc = tcase_create("core");
  tcase_add_test(tc, descriptor_abi);
  tcase_add_test(tc, format_table);
  tcase_add_test(tc, layout_linear);
  tcase_add_test(tc, layout_tiled);
  tcase_add_test(tc, convert_normalized);
  tcase_add_test(tc, convert_half_float);
  tcase_add_test(tc, convert_integer);
  tcase_add_test(tc, channel_orders);
  tcase_add_test(tc, packed_rgb);
  tcase_add_test(tc, nearest_1d);
  tcase_add_test(tc, linear_1d);
  tcase_add_test(tc, bilinear_2d);
  tcase_add_test(tc, trilinear_3d);
  tcase_add_test(tc, array_layers);
  tcase_add_test(tc, unsampled_reads);
  tcase_add_test(tc, border_colours);
  tcase_add_test(tc, integer_sampling);
  tcase_add_test(tc, fetch_fault);
  tcase_add_test(tc, nan_coordinates);
  suite_add_tcase(s, tc);
  return s;
}

int main(void) {
  return check_run(suite());
}
