/* Images in the SPIR-V reader: OpTypeImage/Sampler/SampledImage as IR leaves,
 * OpConstantSampler, and read_image/write_image/get_image_* lowered to IR_IMAGE_*. */
#include <spirv/unified1/spirv.h>
#include <stdlib.h>

#include "isa_image.h"
#include "spv_internal.h"

#define W(k) spv_word(m, i, (k))

/* CL_SIGNED_INT8..CL_SIGNED_INT32 (cl.h), the signed integer data types */
#define SPV_CL_SIGNED_INT8 0x10D7u
/* SPIR-V's ImageChannelDataType/Order count from 0; OpenCL's from these
 * (llvm-spirv adds them back after OpImageQueryFormat/Order) */
#define SPV_CL_DTYPE_BASE 0x10D0u
#define SPV_CL_ORDER_BASE 0x10B0u
/* a family that only the image's format can tell: SPIR-V before 1.4 does not
 * say whether an integer read_image/write_image is read_imagei or _ui */
#define SPV_FAM_INT_ANY 3

/* ---- types ------------------------------------------------------------------ */
void spv_image_type(spv_mod *m, uint32_t i, spv_type *t) {
  switch (m->ins[i].op) {
  case SpvOpTypeImage:
    /* the descriptor's device address */
    t->tk = SPV_T_INT;
    t->width = 64;
    t->size = t->align = 8;
    t->img = SPV_IMG_IMAGE;
    t->dim = (uint8_t)W(3);
    t->arrayed = (uint8_t)W(5);
    t->access = m->ins[i].nw > 9 ? (uint8_t)W(9) : SpvAccessQualifierReadOnly;
    if (t->dim != SpvDim1D && t->dim != SpvDim2D && t->dim != SpvDim3D && t->dim != SpvDimBuffer)
      spv_error(m, 0,
                "unsupported image dimensionality %u (OpenCL images are 1D, 2D, 3D or buffer)",
                t->dim);
    else if (W(6))
      spv_error(m, 0,
                "unsupported multisampled image (cl_khr_gl_msaa_sharing); not implemented yet");
    else if (W(4) == 1)
      spv_error(m, 0, "unsupported depth image (cl_khr_depth_images); not implemented yet");
    break;
  case SpvOpTypeSampler: /* the sampler word */
    t->tk = SPV_T_INT;
    t->width = 32;
    t->size = t->align = 4;
    t->img = SPV_IMG_SAMPLER;
    break;
  default: { /* OpTypeSampledImage: image and sampler leaves */
    spv_type *it = spv_type_of(m, W(2), 0);
    if (!it) return;
    if (it->img != SPV_IMG_IMAGE) {
      spv_error(m, 0, "malformed SPIR-V: OpTypeSampledImage of a non-image type");
      return;
    }
    t->tk = SPV_T_STRUCT;
    t->img = SPV_IMG_SAMPLED;
    t->elem = W(2);
    t->dim = it->dim;
    t->arrayed = it->arrayed;
    t->access = it->access;
    t->size = 16;
    t->align = 8;
    t->nleaves = 2;
    t->leaves = fe_xcalloc(m->oom, 2, sizeof(spv_leaf));
    t->leaves[0] = (spv_leaf){0, SPV_IRT(IR_T_I64)};
    t->leaves[1] = (spv_leaf){8, SPV_IRT(IR_T_I32)};
    break;
  }
  }
}

uint32_t spv_sampler_word(spv_mod *m, uint32_t i) {
  /* SPIR-V addressing None..RepeatMirrored = 0..4; CLK_ADDRESS_* = 2 * that */
  uint32_t addr = W(3), norm = W(4), filter = W(5);
  if (addr > SpvSamplerAddressingModeRepeatMirrored || norm > 1 ||
      filter > SpvSamplerFilterModeLinear) {
    spv_error(m, 0, "malformed SPIR-V: OpConstantSampler operands %u %u %u", addr, norm, filter);
    return 0;
  }
  return addr * 2 | norm | (filter ? ISA_SAMPLER_FILTER_LINEAR : ISA_SAMPLER_FILTER_NEAREST);
}

/* ---- operands --------------------------------------------------------------- */
/* The image type of value `id` (an image or a sampled image), or NULL with an
 * error set. */
static spv_type *img_type(spv_fn *x, uint32_t id, int want_sampled) {
  spv_mod *m = x->m;
  spv_type *t = id < m->bound ? spv_type_of(m, m->ids[id].type, x->line) : NULL;
  if (!t) return NULL;
  if (t->img != (want_sampled ? SPV_IMG_SAMPLED : SPV_IMG_IMAGE)) {
    spv_error(m, x->line, "malformed SPIR-V: %%%u is not %s", id,
              want_sampled ? "a sampled image" : "an image");
    return NULL;
  }
  return t;
}

/* Coordinates x, y, z/layer of value `id` as three I32 (as_float 0) or F32
 * leaves (unused ones 0); int coordinates of a sampled read become float
 * (exact: image sizes are below 2^24). 0, or -1 with an error set. */
static int img_coords(spv_fn *x, uint32_t id, int as_float, uint32_t c[3]) {
  spv_mod *m = x->m;
  uint32_t n = spv_val(x, id, x->b);
  if (!n) return -1;
  ir_type i32 = SPV_IRT(IR_T_I32), f32 = SPV_IRT(IR_T_F32);
  for (uint32_t k = 0; k < 3; k++) {
    if (k >= n) {
      c[k] = as_float ? spv_kconst(x, f32, 0) : spv_kconst(x, i32, 0);
      continue;
    }
    uint32_t v = x->b[k];
    ir_type t = x->f->insts[v].type;
    if (t.base == IR_T_F32 && as_float) {
      c[k] = v;
    } else if (t.base == IR_T_I32 && as_float && x->f->insts[v].op == IR_CONST) {
      c[k] = spv_fconst(x, f32, (double)(int32_t)(uint32_t)x->f->insts[v].imm); /* exact */
    } else if (t.base == IR_T_I32) {
      c[k] = as_float ? spv_op1(x, IR_SITOFP, f32, v) : v;
    } else {
      spv_error(m, x->line,
                "unsupported image coordinate type (read_image/write_image take int%s coordinates)",
                as_float ? " or float" : "");
      return -1;
    }
  }
  return 0;
}

/* The family a read's result or a write's data type gives: float vectors
 * ISA_IMAGE_FLOAT, integer ones ISA_IMAGE_INT/UINT when the image operands
 * say SignExtend/ZeroExtend (SPIR-V 1.4), else SPV_FAM_INT_ANY. -1 on error. */
static int img_family(spv_fn *x, ir_type t, uint32_t operands) {
  if (t.base == IR_T_F32) return ISA_IMAGE_FLOAT;
  if (t.base == IR_T_I32) {
    if (operands & SpvImageOperandsSignExtendMask) return ISA_IMAGE_INT;
    if (operands & SpvImageOperandsZeroExtendMask) return ISA_IMAGE_UINT;
    return SPV_FAM_INT_ANY;
  }
  if (t.base == IR_T_F16)
    spv_error(x->m, x->line,
              "unsupported read_imageh/write_imageh (half images need cl_khr_fp16, "
              "which wavesim does not support); use read_imagef/write_imagef");
  else
    spv_error(x->m, x->line,
              "malformed SPIR-V: image texel of a type other than float4, int4 or uint4");
  return -1;
}

static uint32_t img_query(spv_fn *x, uint32_t desc, uint32_t off) {
  uint32_t r = spv_emit(x, IR_IMAGE_QUERY, SPV_IRT(IR_T_I32), 1, &desc);
  x->f->insts[r].aux = off;
  return r;
}

/* One image read of a known family: channel 0 is the op, 1..3 IMAGE_CHANs. */
static void img_read1(spv_fn *x, ir_op op, int family, ir_type t, const uint32_t *o, uint32_t n,
                      uint32_t out[4]) {
  uint32_t r = spv_emit(x, op, t, n, o);
  x->f->insts[r].aux = (uint32_t)family;
  out[0] = r;
  for (uint32_t k = 1; k < 4; k++) {
    out[k] = spv_emit(x, IR_IMAGE_CHAN, t, 1, &r);
    x->f->insts[out[k]].aux = k;
  }
}

/* An integer read or write whose signedness only the format knows: the _i
 * and _u instructions both follow the format's signedness (isa_image_family),
 * so the _i form serves either (out: the channels of a read; NULL for a
 * write). */
static void img_int_any(spv_fn *x, ir_op op, ir_type t, const uint32_t *o, uint32_t n,
                        uint32_t out[4]) {
  if (out)
    img_read1(x, op, ISA_IMAGE_INT, t, o, n, out);
  else
    x->f->insts[spv_emit(x, op, SPV_IRT(IR_T_VOID), n, o)].aux = ISA_IMAGE_INT;
}

/* The result of read instruction i (4 channels of its result type). */
static void img_read(spv_fn *x, uint32_t i, ir_op op, const uint32_t *o, uint32_t n,
                     uint32_t operands) {
  spv_mod *m = x->m;
  ir_type *types = spv_tbuf(x);
  if (spv_leaf_types(m, W(1), types, x->line) != 4) {
    if (!m->failed) spv_error(m, x->line, "malformed SPIR-V: image read of a non-4-vector type");
    return;
  }
  int family = img_family(x, types[0], operands);
  if (family < 0) return;
  uint32_t out[4];
  if (family == SPV_FAM_INT_ANY)
    img_int_any(x, op, types[0], o, n, out);
  else
    img_read1(x, op, family, types[0], o, n, out);
  spv_set(x, W(2), out, 4);
}

/* ---- instructions ------------------------------------------------------------ */
void spv_h_sampled_image(spv_fn *x, uint32_t i, uint32_t arg) {
  (void)arg;
  spv_mod *m = x->m;
  uint32_t v[2];
  if (!img_type(x, W(3), 0)) return;
  if (spv_val(x, W(3), x->a) != 1) return;
  v[0] = x->a[0];
  if (spv_val(x, W(4), x->a) != 1) return;
  v[1] = x->a[0];
  spv_set(x, W(2), v, 2);
}

/* read_image*(image, sampler, coord): OpImageSampleExplicitLod with Lod 0 */
void spv_h_image_sample(spv_fn *x, uint32_t i, uint32_t arg) {
  (void)arg;
  spv_mod *m = x->m;
  if (!img_type(x, W(3), 1)) return;
  uint32_t mask = m->ins[i].nw > 5 ? W(5) : 0, w = 6;
  if (mask & SpvImageOperandsLodMask) {
    uint32_t lod = W(w++);
    const spv_id *c = lod < m->bound ? &m->ids[lod] : NULL;
    int zero = c && ((c->kind == SPV_K_CONST && (m->ins[c->ins].op == SpvOpConstantNull ||
                                                 (m->ins[c->ins].op == SpvOpConstant &&
                                                  (spv_word(m, c->ins, 3) & 0x7fffffffu) == 0))));
    if (!zero) {
      spv_error(m, x->line,
                "unsupported read_image with a mip level (cl_khr_mipmap_image); only "
                "level 0 exists");
      return;
    }
  }
  if (mask & ~(uint32_t)(SpvImageOperandsLodMask | SpvImageOperandsSignExtendMask |
                         SpvImageOperandsZeroExtendMask)) {
    spv_error(m, x->line, "unsupported image operands 0x%x on read_image (gradients, offsets)",
              mask);
    return;
  }
  if (spv_val(x, W(3), x->a) != 2) return;
  uint32_t o[5] = {x->a[0], x->a[1]};
  if (img_coords(x, W(4), 1, o + 2)) return;
  img_read(x, i, IR_IMAGE_SAMPLE, o, 5, mask);
}

/* read_image*(image, int coord) without a sampler */
void spv_h_image_read(spv_fn *x, uint32_t i, uint32_t arg) {
  (void)arg;
  spv_mod *m = x->m;
  if (!img_type(x, W(3), 0)) return;
  uint32_t mask = m->ins[i].nw > 5 ? W(5) : 0;
  if (mask & ~(uint32_t)(SpvImageOperandsSignExtendMask | SpvImageOperandsZeroExtendMask)) {
    spv_error(m, x->line, "unsupported image operands 0x%x on read_image", mask);
    return;
  }
  if (spv_val(x, W(3), x->a) != 1) return;
  uint32_t o[4] = {x->a[0]};
  if (img_coords(x, W(4), 0, o + 1)) return;
  img_read(x, i, IR_IMAGE_LOAD, o, 4, mask);
}

/* write_image*(image, int coord, data) */
void spv_h_image_write(spv_fn *x, uint32_t i, uint32_t arg) {
  (void)arg;
  spv_mod *m = x->m;
  if (!img_type(x, W(1), 0)) return;
  uint32_t mask = m->ins[i].nw > 4 ? W(4) : 0;
  if (mask & ~(uint32_t)(SpvImageOperandsSignExtendMask | SpvImageOperandsZeroExtendMask)) {
    spv_error(m, x->line, "unsupported image operands 0x%x on write_image (mip levels)", mask);
    return;
  }
  if (spv_val(x, W(1), x->a) != 1) return;
  uint32_t o[8] = {x->a[0]};
  if (img_coords(x, W(2), 0, o + 1)) return;
  if (spv_val(x, W(3), x->a) != 4) {
    if (!m->failed) spv_error(m, x->line, "malformed SPIR-V: write_image data is not a 4-vector");
    return;
  }
  for (int k = 0; k < 4; k++) o[4 + k] = x->a[k];
  int family = img_family(x, x->f->insts[o[4]].type, mask);
  if (family < 0) return;
  if (family == SPV_FAM_INT_ANY) {
    img_int_any(x, IR_IMAGE_STORE, SPV_IRT(IR_T_VOID), o, 8, NULL);
    return;
  }
  uint32_t r = spv_emit(x, IR_IMAGE_STORE, SPV_IRT(IR_T_VOID), 8, o);
  x->f->insts[r].aux = (uint32_t)family;
}

/* get_image_width/height/depth/array_size/dim (OpImageQuerySize[Lod]),
 * get_image_channel_data_type/order (OpImageQueryFormat/Order): loads of the
 * descriptor's fields; OpImageQueryLevels 1 and OpImageQuerySamples 0 (no mip
 * levels, no multisampling). */
void spv_h_image_query(spv_fn *x, uint32_t i, uint32_t arg) {
  (void)arg;
  spv_mod *m = x->m;
  uint16_t op = m->ins[i].op;
  spv_type *it = img_type(x, W(3), 0);
  if (!it) return;
  ir_type types[4];
  uint32_t n = spv_leaf_types(m, W(1), spv_tbuf(x), x->line);
  if (n >= 1 && n <= 4)
    for (uint32_t k = 0; k < n; k++) types[k] = spv_tbuf(x)[k];
  if (!n || n > 4) {
    if (!m->failed) spv_error(m, x->line, "malformed SPIR-V: image query result type");
    return;
  }
  for (uint32_t k = 0; k < n; k++)
    if (types[k].base != IR_T_I32 && types[k].base != IR_T_I64) {
      spv_error(m, x->line, "malformed SPIR-V: image query of a non-integer type");
      return;
    }
  if (spv_val(x, W(3), x->a) != 1) return;
  uint32_t desc = x->a[0], v[4];
  uint32_t fields[4] = {ISA_IMAGE_OFF_WIDTH}, nf = 1;
  if (op == SpvOpImageQuerySize || op == SpvOpImageQuerySizeLod) {
    if (it->dim == SpvDim2D) fields[nf++] = ISA_IMAGE_OFF_HEIGHT;
    if (it->dim == SpvDim3D) {
      fields[nf++] = ISA_IMAGE_OFF_HEIGHT;
      fields[nf++] = ISA_IMAGE_OFF_DEPTH;
    }
    if (it->arrayed) fields[nf++] = ISA_IMAGE_OFF_ARRAY_SIZE;
    if (nf != n) {
      spv_error(m, x->line,
                "malformed SPIR-V: image size query with %u components for a %u-dimensional image",
                n, nf);
      return;
    }
    for (uint32_t k = 0; k < n; k++) v[k] = img_query(x, desc, fields[k]);
  } else if (op == SpvOpImageQueryFormat || op == SpvOpImageQueryOrder) {
    int fmt = op == SpvOpImageQueryFormat;
    uint32_t q = img_query(x, desc, fmt ? ISA_IMAGE_OFF_DTYPE : ISA_IMAGE_OFF_ORDER);
    v[0] = spv_op2(x, IR_SUB, SPV_IRT(IR_T_I32), q,
                   spv_kconst(x, SPV_IRT(IR_T_I32), fmt ? SPV_CL_DTYPE_BASE : SPV_CL_ORDER_BASE));
  } else { /* OpImageQueryLevels, OpImageQuerySamples */
    v[0] = spv_kconst(x, SPV_IRT(IR_T_I32), op == SpvOpImageQueryLevels);
  }
  if (op != SpvOpImageQuerySize && op != SpvOpImageQuerySizeLod && n != 1) {
    spv_error(m, x->line, "malformed SPIR-V: image query result is not a scalar");
    return;
  }
  for (uint32_t k = 0; k < n; k++)
    if (types[k].base == IR_T_I64) v[k] = spv_op1(x, IR_ZEXT, types[k], v[k]);
  spv_set(x, W(2), v, n);
}
