/* Cross-lane semantics (isa.def "cross-lane"): the sub-group shuffles and
 * whole-wave mode that the backend builds sub-group collectives from. */
#include "isa_sem.h"

/* dst[l] = src0[j(l)] when source lane j is inside the wave and active, else
 * src2[l]. All lanes' sources are read before any lane is written, so dst
 * may be src0. */
static isa_status xlane_move(isa_wave *w, const isa_inst *in, const int64_t *j) {
  uint32_t n = w->wave_size, bf[ISA_MAX_WAVE], r[ISA_MAX_WAVE];
  const uint32_t *src = &w->v[(size_t)in->src[0].reg * n];
  const uint32_t *fb = isa_src32(w, &in->src[2], bf);
  uint64_t exec = w->exec;
  ISA_LANES(n, l, {
    int64_t s = j[l];
    r[l] = s >= 0 && s < (int64_t)n && ((exec >> s) & 1) ? src[s] : fb[l];
  });
  isa_dst32(w, in->dst.reg, r);
  return ISA_RUN;
}

isa_status isa_sem_v_shfl_b32(isa_wave *w, const isa_inst *in) {
  uint32_t bi[ISA_MAX_WAVE];
  int64_t j[ISA_MAX_WAVE];
  const uint32_t *idx = isa_src32(w, &in->src[1], bi);
  ISA_LANES(w->wave_size, l, j[l] = idx[l];);
  return xlane_move(w, in, j);
}

isa_status isa_sem_v_shfl_xor_b32(isa_wave *w, const isa_inst *in) {
  int64_t j[ISA_MAX_WAVE], k = isa_sval32(w, &in->src[1]);
  ISA_LANES(w->wave_size, l, j[l] = (int64_t)l ^ k;);
  return xlane_move(w, in, j);
}

isa_status isa_sem_v_shfl_up_b32(isa_wave *w, const isa_inst *in) {
  int64_t j[ISA_MAX_WAVE], k = isa_sval32(w, &in->src[1]);
  ISA_LANES(w->wave_size, l, j[l] = (int64_t)l - k;);
  return xlane_move(w, in, j);
}

isa_status isa_sem_v_shfl_down_b32(isa_wave *w, const isa_inst *in) {
  int64_t j[ISA_MAX_WAVE], k = isa_sval32(w, &in->src[1]);
  ISA_LANES(w->wave_size, l, j[l] = (int64_t)l + k;);
  return xlane_move(w, in, j);
}

isa_status isa_sem_v_set_inactive_b32(isa_wave *w, const isa_inst *in) {
  uint32_t n = w->wave_size, b0[ISA_MAX_WAVE], b1[ISA_MAX_WAVE];
  const uint32_t *a = isa_src32(w, &in->src[0], b0), *b = isa_src32(w, &in->src[1], b1);
  uint32_t *d = &w->v[(size_t)in->dst.reg * n];
  uint64_t exec = w->exec;
  ISA_LANES(n, l, d[l] = ((exec >> l) & 1) ? a[l] : b[l];);
  return ISA_RUN;
}

isa_status isa_sem_s_wwm_begin(isa_wave *w, const isa_inst *in) {
  isa_sdst64(w, &in->dst, w->exec);
  w->exec = isa_full_mask(w->wave_size);
  return ISA_RUN;
}

isa_status isa_sem_s_wwm_end(isa_wave *w, const isa_inst *in) {
  w->exec = isa_sval64(w, &in->src[0]) & isa_full_mask(w->wave_size);
  return ISA_RUN;
}

isa_status isa_sem_s_wave_barrier(isa_wave *w, const isa_inst *in) {
  (void)w, (void)in;
  return ISA_RUN;
}
