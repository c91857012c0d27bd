/* Instruction selection of the image IR ops: image_load/sample/store_{f,i,u}
 * with their 4-register coordinate and data tuples, and descriptor field loads. */
#include "be_isel.h"
#include "isa_image.h"

static const isa_opcode img_ops[3][3] = {
    /* by IR op (load, sample, store), then family (ISA_IMAGE_FLOAT/INT/UINT) */
    {ISA_OP_image_load_f, ISA_OP_image_load_i, ISA_OP_image_load_u},
    {ISA_OP_image_sample_f, ISA_OP_image_sample_i, ISA_OP_image_sample_u},
    {ISA_OP_image_store_f, ISA_OP_image_store_i, ISA_OP_image_store_u},
};

/* A uniform operand (image descriptor or sampler): its register, or a
 * failure when the analysis found it may differ between work-items. */
static int img_uniform(isel *s, uint32_t v, const char *what) {
  if (s->bf->uni.divergent[v])
    return isel_fail(
        s,
        "the %s of an image access differs between work-items; images and samplers must be "
        "the same for the whole work-group (pass them as kernel arguments, not chosen per "
        "work-item)",
        what);
  return 0;
}

/* Four 32-bit values in a fresh 4-VGPR tuple (vals[k] IR_NONE: 0). */
static be_opnd img_tuple(isel *s, const uint32_t vals[4]) {
  uint32_t q = isel_nv(s, ISA_RF_V, 4);
  s->bf->vregs[q].no_spill = 1; /* written piecewise: spilling stores whole registers */
  for (unsigned k = 0; k < 4; k++) {
    be_mi *mi = isel_e(s, ISA_OP_v_mov_b32);
    mi->src[0] = vals[k] == IR_NONE ? be_imm(0) : isel_A(s, vals[k]);
    mi->dst = be_vr(q);
    mi->dst.sub = (uint8_t)(k + 1);
  }
  return be_vr(q);
}

int isel_image(isel *s, uint32_t i) {
  const ir_inst *in = &s->f->insts[i];
  switch ((ir_op)in->op) {
  case IR_IMAGE_QUERY: {
    if (img_uniform(s, in->opnd[0], "image")) return -1;
    be_opnd desc = isel_S2(s, in->opnd[0]);
    uint32_t d = isel_nv(s, ISA_RF_S, 1);
    be_mi *mi = isel_e(s, ISA_OP_s_load_b32);
    mi->dst = be_vr(d);
    mi->src[0] = desc;
    mi->offset = (int32_t)in->aux;
    if (s->bf->uni.divergent[i]) { /* only through temporal divergence */
      isel_def(s, i, VC_V1,
               isel_e1(s, ISA_OP_v_mov_b32, ISA_RF_V, 1, be_vr(d), isel_none, isel_none));
      return 0;
    }
    isel_def(s, i, VC_S1, d);
    return 0;
  }
  case IR_IMAGE_CHAN: {
    const isel_val *r = &s->val[in->opnd[0]];
    if (r->cls != VC_V1 || in->aux < 1 || in->aux > 3)
      return isel_fail(s, "internal compiler error: image channel %u of a non-image value",
                       in->aux);
    uint32_t reg = r->reg;
    isel_def(s, i, VC_V1, reg);
    s->val[i].sub = (uint8_t)(in->aux + 1);
    return 0;
  }
  default:
    break;
  }
  unsigned row = in->op == IR_IMAGE_LOAD ? 0 : in->op == IR_IMAGE_SAMPLE ? 1 : 2;
  unsigned need = row == 0 ? 4 : row == 1 ? 5 : 8;
  if (in->aux > ISA_IMAGE_UINT || in->nopnd != need)
    return isel_fail(s, "internal compiler error: malformed image operation");
  if (img_uniform(s, in->opnd[0], "image")) return -1;
  if (row == 1 && img_uniform(s, in->opnd[1], "sampler")) return -1;
  const uint32_t *c = in->opnd + (row == 1 ? 2 : 1);
  uint32_t cv[4] = {c[0], c[1], c[2], IR_NONE};
  be_opnd desc = isel_S2(s, in->opnd[0]);
  be_opnd samp = row == 1 ? isel_B(s, in->opnd[1]) : isel_none;
  be_opnd coords = img_tuple(s, cv);
  be_opnd data = row == 2 ? img_tuple(s, in->opnd + 4) : isel_none;
  be_mi *mi = isel_e(s, img_ops[row][in->aux]);
  mi->src[0] = desc;
  if (row == 1) {
    mi->src[1] = samp;
    mi->src[2] = coords;
  } else {
    mi->src[1] = coords;
    mi->src[2] = data;
  }
  if (row != 2) {
    uint32_t d = isel_nv(s, ISA_RF_V, 4);
    mi->dst = be_vr(d);
    isel_def(s, i, VC_V1, d);
    s->val[i].sub = 1;
  }
  return 0;
}
