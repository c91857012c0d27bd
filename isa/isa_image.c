/* Images (isa_image.h): the supported formats, texel layout (linear and tiled),
 * OpenCL C format conversion and sampler addressing/filtering (OpenCL C 1.2 8.2, 8.3). */
#include "isa_image.h"

#include <math.h>
#include <string.h>

#include "isa_sem.h"

/* The OpenCL API values the descriptor holds (cl.h's); isa/ does not depend
 * on the OpenCL headers, tests/isa/test_isa_image.c checks these against them. */
enum {
  CL_R = 0x10B0,
  CL_A = 0x10B1,
  CL_RG = 0x10B2,
  CL_RA = 0x10B3,
  CL_RGB = 0x10B4,
  CL_RGBA = 0x10B5,
  CL_BGRA = 0x10B6,
  CL_ARGB = 0x10B7,
  CL_INTENSITY = 0x10B8,
  CL_LUMINANCE = 0x10B9,
  CL_SNORM_INT8 = 0x10D0,
  CL_SNORM_INT16 = 0x10D1,
  CL_UNORM_INT8 = 0x10D2,
  CL_UNORM_INT16 = 0x10D3,
  CL_UNORM_SHORT_565 = 0x10D4,
  CL_UNORM_SHORT_555 = 0x10D5,
  CL_UNORM_INT_101010 = 0x10D6,
  CL_SIGNED_INT8 = 0x10D7,
  CL_SIGNED_INT16 = 0x10D8,
  CL_SIGNED_INT32 = 0x10D9,
  CL_UNSIGNED_INT8 = 0x10DA,
  CL_UNSIGNED_INT16 = 0x10DB,
  CL_UNSIGNED_INT32 = 0x10DC,
  CL_HALF_FLOAT = 0x10DD,
  CL_FLOAT = 0x10DE,
  CL_MEM_OBJECT_IMAGE2D = 0x10F1,
  CL_MEM_OBJECT_IMAGE3D = 0x10F2,
  CL_MEM_OBJECT_IMAGE2D_ARRAY = 0x10F3,
  CL_MEM_OBJECT_IMAGE1D = 0x10F4,
  CL_MEM_OBJECT_IMAGE1D_ARRAY = 0x10F5,
  CL_MEM_OBJECT_IMAGE1D_BUFFER = 0x10F6,
};

/* ---- formats ------------------------------------------------------------------------------ */

#define ALL_TYPES(o)                                                                               \
  {o, CL_UNORM_INT8}, {o, CL_UNORM_INT16}, {o, CL_SNORM_INT8}, {o, CL_SNORM_INT16},                \
      {o, CL_SIGNED_INT8}, {o, CL_SIGNED_INT16}, {o, CL_SIGNED_INT32}, {o, CL_UNSIGNED_INT8},      \
      {o, CL_UNSIGNED_INT16}, {o, CL_UNSIGNED_INT32}, {o, CL_HALF_FLOAT}, {                        \
    o, CL_FLOAT                                                                                    \
  }
#define FLOAT_TYPES(o)                                                                             \
  {o, CL_UNORM_INT8}, {o, CL_UNORM_INT16}, {o, CL_SNORM_INT8}, {o, CL_SNORM_INT16},                \
      {o, CL_HALF_FLOAT}, {                                                                        \
    o, CL_FLOAT                                                                                    \
  }
#define BYTE_TYPES(o)                                                                              \
  {o, CL_UNORM_INT8}, {o, CL_SNORM_INT8}, {o, CL_SIGNED_INT8}, {                                   \
    o, CL_UNSIGNED_INT8                                                                            \
  }

/* The pairs OpenCL 1.2's table 5.7 allows, the full profile's required
 * minimum (CL_RGBA, CL_BGRA UNORM_INT8) first as clGetSupportedImageFormats
 * conventionally lists it. CL_Rx/RGx/RGBx and sRGB are not offered. */
static const uint32_t formats[][2] = {
    ALL_TYPES(CL_RGBA),
    BYTE_TYPES(CL_BGRA),
    ALL_TYPES(CL_R),
    ALL_TYPES(CL_A),
    ALL_TYPES(CL_RG),
    ALL_TYPES(CL_RA),
    BYTE_TYPES(CL_ARGB),
    FLOAT_TYPES(CL_INTENSITY),
    FLOAT_TYPES(CL_LUMINANCE),
    {CL_RGB, CL_UNORM_SHORT_565},
    {CL_RGB, CL_UNORM_SHORT_555},
    {CL_RGB, CL_UNORM_INT_101010},
};

size_t isa_image_formats(const uint32_t (**out)[2]) {
  *out = formats;
  return sizeof formats / sizeof formats[0];
}

static int supported(uint32_t order, uint32_t dtype) {
  for (size_t i = 0; i < sizeof formats / sizeof formats[0]; i++)
    if (formats[i][0] == order && formats[i][1] == dtype) return 1;
  return 0;
}

/* Stored channels in memory order, each naming the read_image component
 * (0..3 = x..w) it maps to; INTENSITY/LUMINANCE's one channel is spread by
 * unpack. */
typedef struct chan_map {
  uint32_t n;
  uint8_t comp[4];
} chan_map;

static chan_map order_map(uint32_t order) {
  switch (order) {
  case CL_R:
  case CL_INTENSITY:
  case CL_LUMINANCE:
    return (chan_map){1, {0}};
  case CL_A:
    return (chan_map){1, {3}};
  case CL_RG:
    return (chan_map){2, {0, 1}};
  case CL_RA:
    return (chan_map){2, {0, 3}};
  case CL_RGBA:
    return (chan_map){4, {0, 1, 2, 3}};
  case CL_BGRA:
    return (chan_map){4, {2, 1, 0, 3}};
  case CL_ARGB:
    return (chan_map){4, {3, 0, 1, 2}};
  default:
    return (chan_map){0, {0}};
  }
}

static int packed_type(uint32_t dtype) {
  return dtype == CL_UNORM_SHORT_565 || dtype == CL_UNORM_SHORT_555 || dtype == CL_UNORM_INT_101010;
}

static uint32_t chan_bytes(uint32_t dtype) {
  switch (dtype) {
  case CL_SNORM_INT8:
  case CL_UNORM_INT8:
  case CL_SIGNED_INT8:
  case CL_UNSIGNED_INT8:
    return 1;
  case CL_SNORM_INT16:
  case CL_UNORM_INT16:
  case CL_SIGNED_INT16:
  case CL_UNSIGNED_INT16:
  case CL_HALF_FLOAT:
    return 2;
  case CL_SIGNED_INT32:
  case CL_UNSIGNED_INT32:
  case CL_FLOAT:
    return 4;
  default:
    return 0;
  }
}

uint32_t isa_image_elem_size(uint32_t order, uint32_t dtype) {
  if (!supported(order, dtype)) return 0;
  if (packed_type(dtype)) return dtype == CL_UNORM_INT_101010 ? 4 : 2;
  return order_map(order).n * chan_bytes(dtype);
}

enum { FAM_F, FAM_I, FAM_U };

static int type_family(uint32_t dtype) {
  switch (dtype) {
  case CL_SIGNED_INT8:
  case CL_SIGNED_INT16:
  case CL_SIGNED_INT32:
    return FAM_I;
  case CL_UNSIGNED_INT8:
  case CL_UNSIGNED_INT16:
  case CL_UNSIGNED_INT32:
    return FAM_U;
  default:
    return FAM_F;
  }
}

int isa_image_family(uint32_t dtype) {
  int f = type_family(dtype);
  return f == FAM_I ? ISA_IMAGE_INT : f == FAM_U ? ISA_IMAGE_UINT : ISA_IMAGE_FLOAT;
}

/* ---- layout ------------------------------------------------------------------------------- */

static int is_1d_type(uint32_t type) {
  return type == CL_MEM_OBJECT_IMAGE1D || type == CL_MEM_OBJECT_IMAGE1D_ARRAY ||
         type == CL_MEM_OBJECT_IMAGE1D_BUFFER;
}

/* 2D, 2D array and 3D images share one formula: tiles of tw x th texels in
 * row-major order, texels row-major inside a tile. Linear is the 1 x 1 tile,
 * so the tile byte size is the texel size and the pitches are the plain
 * ones; 1D types use it with 1 x 1 tiles too. */
uint64_t isa_image_layout(isa_image_desc *d, uint32_t type, uint32_t order, uint32_t dtype,
                          uint32_t width, uint32_t height, uint32_t depth, uint32_t array_size,
                          uint32_t tile_w_log2, uint32_t tile_h_log2) {
  uint32_t es = isa_image_elem_size(order, dtype);
  int is2d = type == CL_MEM_OBJECT_IMAGE2D || type == CL_MEM_OBJECT_IMAGE2D_ARRAY ||
             type == CL_MEM_OBJECT_IMAGE3D;
  if (!es || (!is2d && !is_1d_type(type)) || tile_w_log2 > 15 || tile_h_log2 > 15) return 0;
  if (!is2d) tile_w_log2 = tile_h_log2 = 0;
  if (type != CL_MEM_OBJECT_IMAGE2D && type != CL_MEM_OBJECT_IMAGE2D_ARRAY &&
      type != CL_MEM_OBJECT_IMAGE3D)
    height = 1;
  if (type != CL_MEM_OBJECT_IMAGE3D) depth = 1;
  if (type != CL_MEM_OBJECT_IMAGE1D_ARRAY && type != CL_MEM_OBJECT_IMAGE2D_ARRAY) array_size = 1;
  if (!width || !height || !depth || !array_size) return 0;
  uint64_t tw = (uint64_t)1 << tile_w_log2, th = (uint64_t)1 << tile_h_log2;
  uint64_t tiles_x = (width + tw - 1) >> tile_w_log2, tiles_y = (height + th - 1) >> tile_h_log2;
  d->type = type;
  d->order = order;
  d->dtype = dtype;
  d->width = width;
  d->height = height;
  d->depth = depth;
  d->array_size = array_size;
  d->elem_size = es;
  d->row_pitch = tiles_x * tw * th * es;
  d->slice_pitch = tiles_y * d->row_pitch; /* 1D array: one row per layer */
  d->tile_w_log2 = tile_w_log2;
  d->tile_h_log2 = tile_h_log2;
  return d->slice_pitch * depth * array_size;
}

uint64_t isa_image_texel_offset(const isa_image_desc *d, uint32_t x, uint32_t y, uint32_t z) {
  if (d->type == CL_MEM_OBJECT_IMAGE1D_ARRAY)
    return (uint64_t)y * d->slice_pitch + x * d->elem_size;
  uint32_t wl = d->tile_w_log2, hl = d->tile_h_log2;
  uint64_t tile = (uint64_t)d->elem_size << (wl + hl);
  uint64_t in_tile = ((uint64_t)(y & ((1u << hl) - 1)) << wl) + (x & ((1u << wl) - 1));
  return (uint64_t)z * d->slice_pitch + (uint64_t)(y >> hl) * d->row_pitch + (x >> wl) * tile +
         in_tile * d->elem_size;
}

/* ---- conversion --------------------------------------------------------------------------- */

/* convert_<int>_sat_rte(x) for the range [lo, hi] (both below 2^31): NaN
 * gives 0, ties go to even. Done by hand so that no floating-point
 * environment state (the rounding mode) matters. */
static int32_t sat_rte(float x, float lo, float hi) {
  if (isnan(x)) return 0;
  if (x <= lo) return (int32_t)lo;
  if (x >= hi) return (int32_t)hi;
  float r = floorf(x), fr = x - r; /* exact: |x| < 2^31 and floor keeps the exponent */
  int32_t i = (int32_t)r;
  if (fr > 0.5f || (fr == 0.5f && (i & 1))) i++;
  return i;
}

static uint32_t load_le(const uint8_t *p, uint32_t bytes) {
  uint32_t v = 0;
  for (uint32_t i = 0; i < bytes; i++) v |= (uint32_t)p[i] << (8 * i);
  return v;
}

static void store_le(uint8_t *p, uint32_t bytes, uint32_t v) {
  for (uint32_t i = 0; i < bytes; i++) p[i] = (uint8_t)(v >> (8 * i));
}

/* The packed RGB types: bit position and width of r, g, b. */
static void packed_fields(uint32_t dtype, uint32_t sh[3], uint32_t bits[3]) {
  if (dtype == CL_UNORM_SHORT_565) {
    sh[0] = 11, sh[1] = 5, sh[2] = 0, bits[0] = 5, bits[1] = 6, bits[2] = 5;
  } else if (dtype == CL_UNORM_SHORT_555) {
    sh[0] = 10, sh[1] = 5, sh[2] = 0, bits[0] = bits[1] = bits[2] = 5;
  } else { /* CL_UNORM_INT_101010 */
    sh[0] = 20, sh[1] = 10, sh[2] = 0, bits[0] = bits[1] = bits[2] = 10;
  }
}

/* sign extension of the low `bits` bits, without implementation-defined casts */
static int32_t sext(uint32_t raw, uint32_t bits) {
  uint32_t m = 1u << (bits - 1);
  return (int32_t)((raw & ((m << 1) - 1)) ^ m) - (int32_t)m;
}

/* One stored channel to float (normalized, half and float types). */
static float chan_to_f(uint32_t dtype, uint32_t raw) {
  switch (dtype) {
  case CL_UNORM_INT8:
    return (float)raw / 255.0f;
  case CL_UNORM_INT16:
    return (float)raw / 65535.0f;
  case CL_SNORM_INT8:
    return fmaxf(-1.0f, (float)sext(raw, 8) / 127.0f);
  case CL_SNORM_INT16:
    return fmaxf(-1.0f, (float)sext(raw, 16) / 32767.0f);
  case CL_HALF_FLOAT:
    return isa_f32_of_half(raw);
  default:
    return isa_f(raw); /* CL_FLOAT */
  }
}

static uint32_t chan_of_f(uint32_t dtype, float f) {
  switch (dtype) {
  case CL_UNORM_INT8:
    return (uint32_t)sat_rte(f * 255.0f, 0.0f, 255.0f);
  case CL_UNORM_INT16:
    return (uint32_t)sat_rte(f * 65535.0f, 0.0f, 65535.0f);
  case CL_SNORM_INT8:
    return (uint32_t)sat_rte(f * 127.0f, -128.0f, 127.0f);
  case CL_SNORM_INT16:
    return (uint32_t)sat_rte(f * 32767.0f, -32768.0f, 32767.0f);
  case CL_HALF_FLOAT:
    return isa_half_of_f32_rte(f);
  default:
    return isa_u(f);
  }
}

static int32_t chan_to_i(uint32_t dtype, uint32_t raw) {
  if (dtype == CL_SIGNED_INT8) return sext(raw, 8);
  if (dtype == CL_SIGNED_INT16) return sext(raw, 16);
  int32_t v;
  memcpy(&v, &raw, sizeof v);
  return v;
}

static uint32_t chan_of_i(uint32_t dtype, int32_t v) {
  int32_t lo = dtype == CL_SIGNED_INT8 ? -128 : dtype == CL_SIGNED_INT16 ? -32768 : INT32_MIN;
  int32_t hi = dtype == CL_SIGNED_INT8 ? 127 : dtype == CL_SIGNED_INT16 ? 32767 : INT32_MAX;
  return (uint32_t)(v < lo ? lo : v > hi ? hi : v);
}

static uint32_t chan_of_u(uint32_t dtype, uint32_t v) {
  uint32_t hi = dtype == CL_UNSIGNED_INT8 ? 255u : dtype == CL_UNSIGNED_INT16 ? 65535u : UINT32_MAX;
  return v > hi ? hi : v;
}

/* The raw bits of the stored channels, in memory order, and their count. */
static void unpack_raw(const isa_image_desc *d, const void *texel, uint32_t raw[4], uint32_t *n) {
  chan_map m = order_map(d->order);
  uint32_t cb = chan_bytes(d->dtype);
  const uint8_t *p = texel;
  for (uint32_t c = 0; c < m.n; c++) raw[c] = load_le(p + c * cb, cb);
  *n = m.n;
}

/* Places per-stored-channel values v[] into out[4] with the read mapping
 * (missing components 0, alpha `one`). */
#define PLACE(d, v, out, zero, one)                                                                \
  do {                                                                                             \
    chan_map m_ = order_map((d)->order);                                                           \
    out[0] = out[1] = out[2] = (zero);                                                             \
    out[3] = (one);                                                                                \
    if ((d)->order == CL_INTENSITY) {                                                              \
      out[0] = out[1] = out[2] = out[3] = v[0];                                                    \
    } else if ((d)->order == CL_LUMINANCE) {                                                       \
      out[0] = out[1] = out[2] = v[0];                                                             \
    } else {                                                                                       \
      for (uint32_t c_ = 0; c_ < m_.n; c_++) out[m_.comp[c_]] = v[c_];                             \
    }                                                                                              \
  } while (0)

void isa_image_unpack_f(const isa_image_desc *d, const void *texel, float out[4]) {
  if (!supported(d->order, d->dtype) || type_family(d->dtype) != FAM_F) {
    out[0] = out[1] = out[2] = out[3] = 0.0f;
    return;
  }
  if (packed_type(d->dtype)) {
    uint32_t sh[3], bits[3], v = load_le(texel, d->dtype == CL_UNORM_INT_101010 ? 4 : 2);
    packed_fields(d->dtype, sh, bits);
    for (int c = 0; c < 3; c++)
      out[c] = (float)((v >> sh[c]) & ((1u << bits[c]) - 1)) / (float)((1u << bits[c]) - 1);
    out[3] = 1.0f;
    return;
  }
  uint32_t raw[4], n;
  float v[4];
  unpack_raw(d, texel, raw, &n);
  for (uint32_t c = 0; c < n; c++) v[c] = chan_to_f(d->dtype, raw[c]);
  PLACE(d, v, out, 0.0f, 1.0f);
}

void isa_image_unpack_i(const isa_image_desc *d, const void *texel, int32_t out[4]) {
  if (!supported(d->order, d->dtype) || type_family(d->dtype) != FAM_I) {
    out[0] = out[1] = out[2] = out[3] = 0;
    return;
  }
  uint32_t raw[4], n;
  int32_t v[4];
  unpack_raw(d, texel, raw, &n);
  for (uint32_t c = 0; c < n; c++) v[c] = chan_to_i(d->dtype, raw[c]);
  PLACE(d, v, out, 0, 1);
}

void isa_image_unpack_u(const isa_image_desc *d, const void *texel, uint32_t out[4]) {
  if (!supported(d->order, d->dtype) || type_family(d->dtype) != FAM_U) {
    out[0] = out[1] = out[2] = out[3] = 0;
    return;
  }
  uint32_t raw[4], n;
  unpack_raw(d, texel, raw, &n);
  PLACE(d, raw, out, 0u, 1u);
}

/* Writes each stored channel from its component (INTENSITY/LUMINANCE: x);
 * `conv` turns component c of the input into the stored bits. */
#define PACK(d, texel, conv)                                                                       \
  do {                                                                                             \
    chan_map m_ = order_map((d)->order);                                                           \
    uint32_t cb_ = chan_bytes((d)->dtype);                                                         \
    for (uint32_t c_ = 0; c_ < m_.n; c_++) {                                                       \
      uint32_t comp_ = m_.comp[c_];                                                                \
      store_le((uint8_t *)(texel) + c_ * cb_, cb_, conv(comp_));                                   \
    }                                                                                              \
  } while (0)

void isa_image_pack_f(const isa_image_desc *d, const float in[4], void *texel) {
  uint32_t es = isa_image_elem_size(d->order, d->dtype);
  if (!es) return;
  if (type_family(d->dtype) != FAM_F) {
    memset(texel, 0, es);
    return;
  }
  if (packed_type(d->dtype)) {
    uint32_t sh[3], bits[3], v = 0;
    packed_fields(d->dtype, sh, bits);
    for (int c = 0; c < 3; c++) {
      float mx = (float)((1u << bits[c]) - 1);
      v |= (uint32_t)sat_rte(in[c] * mx, 0.0f, mx) << sh[c];
    }
    store_le(texel, es, v);
    return;
  }
#define CONV_F(c) chan_of_f(d->dtype, in[c])
  PACK(d, texel, CONV_F);
#undef CONV_F
}

void isa_image_pack_i(const isa_image_desc *d, const int32_t in[4], void *texel) {
  uint32_t es = isa_image_elem_size(d->order, d->dtype);
  if (!es) return;
  if (type_family(d->dtype) != FAM_I) {
    memset(texel, 0, es);
    return;
  }
#define CONV_I(c) chan_of_i(d->dtype, in[c])
  PACK(d, texel, CONV_I);
#undef CONV_I
}

void isa_image_pack_u(const isa_image_desc *d, const uint32_t in[4], void *texel) {
  uint32_t es = isa_image_elem_size(d->order, d->dtype);
  if (!es) return;
  if (type_family(d->dtype) != FAM_U) {
    memset(texel, 0, es);
    return;
  }
#define CONV_U(c) chan_of_u(d->dtype, in[c])
  PACK(d, texel, CONV_U);
#undef CONV_U
}

/* ---- sampling ----------------------------------------------------------------------------- */

/* (int)f for coordinates already floored; NaN reads texel 0 (the spec leaves
 * it undefined) and huge values stay far outside any image (< 2^24 texels)
 * without overflowing. */
static int32_t coord_int(float f) {
  if (isnan(f)) return 0;
  if (f >= 0x1p30f) return 1 << 30;
  if (f <= -0x1p30f) return -(1 << 30);
  return (int32_t)f;
}

static float frac(float x) {
  return x - floorf(x);
}

/* One axis of a sampled read: the texel indices i0 (nearest: the only one)
 * and i1, and the weight a of i1 (linear), per OpenCL C 8.2's formulas.
 * Indices outside [0, size) (CLAMP only) read the border colour. */
typedef struct axis {
  int32_t i0, i1;
  float a;
} axis;

static int32_t clampi(int32_t x, int32_t lo, int32_t hi) {
  return x < lo ? lo : x > hi ? hi : x;
}

static axis sample_axis(float s, uint32_t size, uint32_t sampler, int linear) {
  int32_t n = (int32_t)size;
  uint32_t mode = sampler & ISA_SAMPLER_ADDR_MASK;
  int norm = sampler & ISA_SAMPLER_NORMALIZED;
  axis ax = {0, 0, 0.0f};
  /* REPEAT and MIRRORED_REPEAT need normalized coordinates; with
   * unnormalized ones (undefined in OpenCL) they clamp to the edge. */
  if (norm && mode == ISA_SAMPLER_ADDR_REPEAT) {
    float u = (s - floorf(s)) * (float)size;
    if (!linear) {
      ax.i0 = coord_int(floorf(u));
      if (ax.i0 > n - 1) ax.i0 -= n;
      ax.i0 = clampi(ax.i0, 0, n - 1); /* NaN/inf s */
      return ax;
    }
    ax.i0 = coord_int(floorf(u - 0.5f));
    ax.i1 = ax.i0 + 1;
    if (ax.i0 < 0) ax.i0 += n;
    if (ax.i1 > n - 1) ax.i1 -= n;
    ax.i0 = clampi(ax.i0, 0, n - 1);
    ax.i1 = clampi(ax.i1, 0, n - 1);
    ax.a = frac(u - 0.5f);
    return ax;
  }
  if (norm && mode == ISA_SAMPLER_ADDR_MIRRORED_REPEAT) {
    float sp = 2.0f * rintf(0.5f * s);
    sp = fabsf(s - sp);
    float u = sp * (float)size;
    if (!linear) {
      ax.i0 = clampi(coord_int(floorf(u)), 0, n - 1);
      return ax;
    }
    ax.i0 = coord_int(floorf(u - 0.5f));
    ax.i1 = ax.i0 + 1;
    ax.i0 = clampi(ax.i0, 0, n - 1);
    ax.i1 = clampi(ax.i1, 0, n - 1);
    ax.a = frac(u - 0.5f);
    return ax;
  }
  float u = norm ? s * (float)size : s;
  /* CLAMP keeps one texel of border on each side; CLAMP_TO_EDGE, NONE (and
   * the unnormalized repeats) clamp to the image. */
  int32_t lo = mode == ISA_SAMPLER_ADDR_CLAMP ? -1 : 0,
          hi = mode == ISA_SAMPLER_ADDR_CLAMP ? n : n - 1;
  if (!linear) {
    ax.i0 = clampi(coord_int(floorf(u)), lo, hi);
    return ax;
  }
  int32_t f = coord_int(floorf(u - 0.5f));
  ax.i0 = clampi(f, lo, hi);
  ax.i1 = clampi(f + 1, lo, hi);
  ax.a = frac(u - 0.5f);
  return ax;
}

static int order_has_alpha(uint32_t order) {
  return order == CL_A || order == CL_INTENSITY || order == CL_RA || order == CL_ARGB ||
         order == CL_BGRA || order == CL_RGBA;
}

/* The border colour as the family's bits. */
static void border(const isa_image_desc *d, int family, uint32_t out[4]) {
  out[0] = out[1] = out[2] = out[3] = 0;
  if (!order_has_alpha(d->order)) out[3] = family == ISA_IMAGE_FLOAT ? isa_u(1.0f) : 1u;
}

typedef struct reader {
  const isa_image_desc *d;
  int family;
  isa_image_fetch_fn fetch;
  void *ctx;
  uint64_t *taps;
  uint32_t *ntaps;
  uint64_t *fault_addr;
} reader;

/* Texel (x, y, z) (z: slice or layer; 1D array: y the layer) as the family's
 * bits, or the border colour when outside the image. Returns -1 on a fetch
 * fault. */
/* Whether (x, y, z) (texel()'s convention) lies inside the image. */
static int in_image(const isa_image_desc *d, int32_t x, int32_t y, int32_t z) {
  int a1 = d->type == CL_MEM_OBJECT_IMAGE1D_ARRAY;
  uint32_t h = a1 ? d->array_size : d->height;
  uint32_t zz = d->type == CL_MEM_OBJECT_IMAGE3D         ? d->depth
                : d->type == CL_MEM_OBJECT_IMAGE2D_ARRAY ? d->array_size
                                                         : 1;
  return x >= 0 && y >= 0 && z >= 0 && (uint32_t)x < d->width && (uint32_t)y < h &&
         (uint32_t)z < zz;
}

static int texel(const reader *r, int32_t x, int32_t y, int32_t z, uint32_t out[4]) {
  const isa_image_desc *d = r->d;
  if (!in_image(d, x, y, z)) {
    border(d, r->family, out);
    return 0;
  }
  uint64_t addr = d->data + isa_image_texel_offset(d, (uint32_t)x, (uint32_t)y, (uint32_t)z);
  const void *p = r->fetch(r->ctx, addr, d->elem_size);
  if (!p) {
    *r->fault_addr = addr;
    return -1;
  }
  if (*r->ntaps < ISA_IMAGE_MAX_TAPS) r->taps[(*r->ntaps)++] = addr;
  if (r->family == ISA_IMAGE_FLOAT) {
    float f[4];
    isa_image_unpack_f(d, p, f);
    for (int c = 0; c < 4; c++) out[c] = isa_u(f[c]);
  } else if (r->family == ISA_IMAGE_INT) {
    int32_t v[4];
    isa_image_unpack_i(d, p, v);
    for (int c = 0; c < 4; c++) out[c] = (uint32_t)v[c];
  } else {
    isa_image_unpack_u(d, p, out);
  }
  return 0;
}

/* The number of filtered dimensions and the index of the layer coordinate
 * (-1: none) of an image type. */
static void type_dims(uint32_t type, int *dims, int *layer) {
  *layer = -1;
  switch (type) {
  case CL_MEM_OBJECT_IMAGE1D_ARRAY:
    *dims = 1, *layer = 1;
    break;
  case CL_MEM_OBJECT_IMAGE2D:
    *dims = 2;
    break;
  case CL_MEM_OBJECT_IMAGE2D_ARRAY:
    *dims = 2, *layer = 2;
    break;
  case CL_MEM_OBJECT_IMAGE3D:
    *dims = 3;
    break;
  default:
    *dims = 1;
    break;
  }
}

/* The coordinates an unsampled access uses (the others 0). */
static void unpacked_coords(const isa_image_desc *d, const int32_t in[3], int32_t c[3]) {
  int dims, layer;
  type_dims(d->type, &dims, &layer);
  c[0] = c[1] = c[2] = 0;
  for (int k = 0; k < dims; k++) c[k] = in[k];
  if (layer >= 0) c[layer] = in[layer];
}

int isa_image_texel_coords(const isa_image_desc *d, const int32_t in[3], uint32_t xyz[3]) {
  int32_t c[3];
  unpacked_coords(d, in, c);
  if (!in_image(d, c[0], c[1], c[2])) return 0;
  for (int k = 0; k < 3; k++) xyz[k] = (uint32_t)c[k];
  return 1;
}

int isa_image_read(const isa_image_desc *d, int family, uint32_t sampler, int int_coord,
                   const uint32_t coord[4], isa_image_fetch_fn fetch, void *ctx, uint32_t out[4],
                   uint64_t taps[ISA_IMAGE_MAX_TAPS], uint32_t *ntaps, uint64_t *fault_addr) {
  reader r = {d, family, fetch, ctx, taps, ntaps, fault_addr};
  int dims, layer;
  type_dims(d->type, &dims, &layer);
  *ntaps = 0;
  int32_t c[3] = {0, 0, 0}; /* x, y, z as texel() takes them */
  if (int_coord) {
    int32_t ic[3] = {(int32_t)coord[0], (int32_t)coord[1], (int32_t)coord[2]};
    unpacked_coords(d, ic, c);
    return texel(&r, c[0], c[1], c[2], out);
  }
  if (layer >= 0) { /* layers: clamp(rint(coord), 0, array_size - 1), never normalized */
    float l = rintf(isa_f(coord[layer]));
    c[layer] = isnan(l) ? 0 : clampi(coord_int(l), 0, (int32_t)d->array_size - 1);
  }
  int linear = family == ISA_IMAGE_FLOAT && (sampler & ISA_SAMPLER_FILTER_LINEAR);
  uint32_t size[3] = {d->width, d->height, d->depth};
  axis ax[3] = {{c[0], c[0], 0.0f}, {c[1], c[1], 0.0f}, {c[2], c[2], 0.0f}};
  for (int k = 0; k < dims; k++) {
    ax[k] = sample_axis(isa_f(coord[k]), size[k], sampler, linear);
    if (!(ax[k].a >= 0.0f && ax[k].a <= 1.0f)) ax[k].a = 0.0f; /* NaN or infinite coordinate */
  }
  if (!linear) return texel(&r, ax[0].i0, ax[1].i0, ax[2].i0, out);
  /* sum over the 2^dims corners: weight (1 - a) for i0, a for i1 per axis,
   * in the spec's term order (i varies fastest) */
  float acc[4] = {0.0f, 0.0f, 0.0f, 0.0f};
  for (int t = 0; t < (1 << dims); t++) {
    int32_t xyz[3];
    float wgt = 1.0f;
    for (int k = 0; k < 3; k++) {
      int hi = k < dims && ((t >> k) & 1);
      xyz[k] = hi ? ax[k].i1 : ax[k].i0;
      if (k < dims) wgt *= hi ? ax[k].a : 1.0f - ax[k].a;
    }
    uint32_t v[4];
    if (texel(&r, xyz[0], xyz[1], xyz[2], v)) return -1;
    for (int ch = 0; ch < 4; ch++) acc[ch] += wgt * isa_f(v[ch]);
  }
  for (int ch = 0; ch < 4; ch++) out[ch] = isa_u(acc[ch]);
  return 0;
}
