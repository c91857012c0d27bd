/* Semantics of the image instructions (isa.def's image_*): the descriptor read through the
 * wave's memory map, texels through isa_image.c, accesses reported for the timing model. */
#include "isa_image.h"
#include "isa_sem.h"

_Static_assert(sizeof(isa_image_desc) == ISA_IMAGE_DESC_BYTES, "descriptor ABI");
_Static_assert(offsetof(isa_image_desc, tile_h_log2) == ISA_IMAGE_OFF_TILE_H, "descriptor ABI");

static uint32_t first_lane(uint64_t exec) {
  return (uint32_t)__builtin_ctzll(exec);
}

/* Reads the descriptor at src0 + offset and checks it describes an image
 * isa_image_layout would lay out (the runtime's only way to make one), so a
 * wrong pointer faults here with a clear message instead of reading
 * garbage texels. Pitches may exceed the packed ones, never undercut them. */
static isa_status img_desc(isa_wave *w, const isa_inst *in, isa_image_desc *d) {
  uint64_t a = isa_sval64(w, &in->src[0]) + (uint64_t)(int64_t)in->offset;
  const uint8_t *p = isa_memmap_translate(w->global, a, ISA_IMAGE_DESC_BYTES);
  if (!p)
    return isa_mem_fault(w, ISA_FAULT_IMAGE_DESC, first_lane(w->exec), a, ISA_IMAGE_DESC_BYTES);
  memcpy(d, p, sizeof *d); /* little-endian fields at the ISA_IMAGE_OFF_* offsets */
  isa_image_desc c;
  memset(&c, 0, sizeof c);
  if (!isa_image_layout(&c, d->type, d->order, d->dtype, d->width, d->height, d->depth,
                        d->array_size, d->tile_w_log2, d->tile_h_log2) ||
      c.elem_size != d->elem_size || c.height != d->height || c.depth != d->depth ||
      c.array_size != d->array_size || c.tile_w_log2 != d->tile_w_log2 ||
      c.tile_h_log2 != d->tile_h_log2 || d->row_pitch < c.row_pitch ||
      d->slice_pitch < c.slice_pitch)
    return isa_mem_fault(w, ISA_FAULT_IMAGE_BAD_DESC, first_lane(w->exec), a, ISA_IMAGE_DESC_BYTES);
  return ISA_RUN;
}

static const void *img_fetch(void *ctx, uint64_t addr, uint32_t size) {
  return isa_memmap_translate((const isa_memmap *)ctx, addr, size);
}

/* Starts the access records of an image instruction: nothing touched yet.
 * Returns the texel record: the wave's, or `own` when it has none. */
static isa_tex_access *img_begin(isa_wave *w, uint8_t kind, int sampled, isa_tex_access *own) {
  isa_tex_access *t = w->tex ? w->tex : own;
  w->access.space = ISA_SPACE_GLOBAL;
  w->access.kind = kind;
  w->access.size = 0;
  w->access.mask = 0;
  t->kind = kind;
  t->size = 0;
  t->mask = 0;
  t->filtered = 0;
  t->sampled = (uint8_t)sampled;
  t->taps = 0;
  memset(t->ntaps, 0, sizeof t->ntaps);
  return t;
}

/* The _i and _u forms both read and write an integer format by its own
 * signedness (isa_image_family). On a float format (normalized, half, float)
 * they are the _f forms on the registers' bits, as GPU hardware does (the
 * descriptor's format decides the conversion, the instruction only names the
 * register type) and PoCL too: read_imageui of a CL_FLOAT texel gives its
 * raw bits, write_imageui stores them; undefined in OpenCL, and relied on by
 * programs that keep doubles in float images. _f on an integer format keeps
 * its family (undefined: zeros). */
static int img_family(const isa_image_desc *d, int family) {
  int own = isa_image_family(d->dtype);
  return own == ISA_IMAGE_FLOAT || family != ISA_IMAGE_FLOAT ? own : family;
}

/* image_load_* (sampled 0: int coordinates in src1) and image_sample_*
 * (sampler word src1, float coordinates in src2). Every lane is read before
 * any register is written, so a fault leaves the destination as it was. */
static isa_status img_read(isa_wave *w, const isa_inst *in, int family, int sampled) {
  uint32_t n = w->wave_size;
  uint64_t exec = w->exec, mask = 0;
  isa_tex_access own, *tex = img_begin(w, ISA_F_LOAD, sampled, &own);
  if (!exec) return ISA_RUN; /* a predicated-off instruction reads nothing */
  isa_image_desc d;
  if (img_desc(w, in, &d) != ISA_RUN) return ISA_FAULTED;
  family = img_family(&d, family);
  uint32_t sampler = sampled ? isa_sval32(w, &in->src[1]) : 0;
  const uint32_t *C = &w->v[(size_t)in->src[sampled ? 2 : 1].reg * n];
  uint32_t r[4][ISA_MAX_WAVE];
  memset(r, 0, sizeof r);
  w->access.size = tex->size = (uint8_t)d.elem_size;
  tex->filtered = sampled && family == ISA_IMAGE_FLOAT && (sampler & ISA_SAMPLER_FILTER_LINEAR);
  for (uint32_t i = 0; i < n; i++) {
    if (!((exec >> i) & 1)) continue;
    uint32_t c[4] = {C[i], C[n + i], C[2 * n + i], C[3 * n + i]}, out[4], nt = 0;
    uint64_t fa = 0;
    if (isa_image_read(&d, family, sampler, !sampled, c, img_fetch, (void *)w->global, out,
                       tex->addr[i], &nt, &fa)) {
      if (isa_mem_oob(w, ISA_FAULT_GLOBAL_OOB, i, fa, d.elem_size) != ISA_RUN) return ISA_FAULTED;
      memset(out, 0, sizeof out); /* a texel outside device memory reads zeros */
      nt = 0;
    }
    tex->ntaps[i] = (uint8_t)nt;
    tex->taps += nt;
    if (nt) {
      mask |= (uint64_t)1 << i;
      w->access.addr[i] = tex->addr[i][0];
    }
    for (int k = 0; k < 4; k++) r[k][i] = out[k];
  }
  w->access.mask = tex->mask = mask;
  for (uint32_t k = 0; k < 4; k++) isa_dst32(w, in->dst.reg + k, r[k]);
  return ISA_RUN;
}

/* image_store_*: src1 int coordinates, src2 the channels. Out-of-range
 * lanes write nothing (undefined in OpenCL); every other lane's texel must
 * be mapped before any byte is written; colliding lanes land in lane order. */
static isa_status img_write(isa_wave *w, const isa_inst *in, int family) {
  uint32_t n = w->wave_size;
  uint64_t exec = w->exec, mask = 0;
  isa_tex_access own, *tex = img_begin(w, ISA_F_STORE, 0, &own);
  if (!exec) return ISA_RUN;
  isa_image_desc d;
  if (img_desc(w, in, &d) != ISA_RUN) return ISA_FAULTED;
  family = img_family(&d, family);
  const uint32_t *C = &w->v[(size_t)in->src[1].reg * n];
  const uint32_t *V = &w->v[(size_t)in->src[2].reg * n];
  uint8_t *host[ISA_MAX_WAVE];
  w->access.size = tex->size = (uint8_t)d.elem_size;
  for (uint32_t i = 0; i < n; i++) {
    if (!((exec >> i) & 1)) continue;
    int32_t c[3] = {(int32_t)C[i], (int32_t)C[n + i], (int32_t)C[2 * n + i]};
    uint32_t xyz[3];
    if (!isa_image_texel_coords(&d, c, xyz)) continue;
    uint64_t a = d.data + isa_image_texel_offset(&d, xyz[0], xyz[1], xyz[2]);
    host[i] = isa_memmap_translate(w->global, a, d.elem_size);
    if (!host[i]) {
      if (isa_mem_oob(w, ISA_FAULT_GLOBAL_OOB, i, a, d.elem_size) != ISA_RUN) return ISA_FAULTED;
      continue; /* dropped */
    }
    uint32_t v[4] = {V[i], V[n + i], V[2 * n + i], V[3 * n + i]};
    uint8_t *t = tex->texel[i];
    if (family == ISA_IMAGE_FLOAT) {
      float f[4];
      memcpy(f, v, sizeof f);
      isa_image_pack_f(&d, f, t);
    } else if (family == ISA_IMAGE_INT) {
      int32_t s[4];
      memcpy(s, v, sizeof s);
      isa_image_pack_i(&d, s, t);
    } else {
      isa_image_pack_u(&d, v, t);
    }
    tex->ntaps[i] = 1;
    tex->taps++;
    tex->addr[i][0] = w->access.addr[i] = a;
    mask |= (uint64_t)1 << i;
  }
  for (uint32_t i = 0; i < n; i++)
    if ((mask >> i) & 1) memcpy(host[i], tex->texel[i], d.elem_size);
  w->access.mask = tex->mask = mask;
  return ISA_RUN;
}

isa_status isa_sem_image_load_f(isa_wave *w, const isa_inst *in) {
  return img_read(w, in, ISA_IMAGE_FLOAT, 0);
}
isa_status isa_sem_image_load_i(isa_wave *w, const isa_inst *in) {
  return img_read(w, in, ISA_IMAGE_INT, 0);
}
isa_status isa_sem_image_load_u(isa_wave *w, const isa_inst *in) {
  return img_read(w, in, ISA_IMAGE_UINT, 0);
}
isa_status isa_sem_image_sample_f(isa_wave *w, const isa_inst *in) {
  return img_read(w, in, ISA_IMAGE_FLOAT, 1);
}
isa_status isa_sem_image_sample_i(isa_wave *w, const isa_inst *in) {
  return img_read(w, in, ISA_IMAGE_INT, 1);
}
isa_status isa_sem_image_sample_u(isa_wave *w, const isa_inst *in) {
  return img_read(w, in, ISA_IMAGE_UINT, 1);
}
isa_status isa_sem_image_store_f(isa_wave *w, const isa_inst *in) {
  return img_write(w, in, ISA_IMAGE_FLOAT);
}
isa_status isa_sem_image_store_i(isa_wave *w, const isa_inst *in) {
  return img_write(w, in, ISA_IMAGE_INT);
}
isa_status isa_sem_image_store_u(isa_wave *w, const isa_inst *in) {
  return img_write(w, in, ISA_IMAGE_UINT);
}
