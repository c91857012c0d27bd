/* One kernel launch: checks against the device's limits, occupancy, the
 * dispatch packet and kernarg segment in device memory, wave setup, fault
 * reports; then hands over to the functional or the timing executor. */
#include <inttypes.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "sim_internal.h"

static uint64_t sim_align(uint64_t x, uint64_t g) {
  return g ? (x + g - 1) / g * g : x;
}

static const char *const sim_limiter_names[5] = {"wave_slots", "vgprs", "sgprs", "lds",
                                                 "workgroups"};

const char *sim_limiter_name(unsigned which) {
  return which < 5 ? sim_limiter_names[which] : NULL;
}

int sim_occupancy_compute(const cfg_device *c, uint64_t wg_items, uint32_t vgprs, uint32_t sgprs,
                          uint32_t lds_bytes, sim_occupancy *o, char *err, size_t errlen) {
  memset(o, 0, sizeof *o);
  uint64_t ws = (uint64_t)c->wave_size;
  if (wg_items == 0 || wg_items > (uint64_t)c->cu_max_wg_size) {
    snprintf(err, errlen,
             "work-group of %" PRIu64 " work-items exceeds cu.max_workgroup_size = %" PRId64
             "; pick a smaller local size",
             wg_items, c->cu_max_wg_size);
    return -1;
  }
  if (vgprs > (uint64_t)c->cu_max_vgprs) {
    snprintf(err, errlen, "kernel uses %u VGPRs per wave but cu.max_vgprs_per_wave = %" PRId64,
             vgprs, c->cu_max_vgprs);
    return -1;
  }
  if (sgprs > (uint64_t)c->cu_max_sgprs) {
    snprintf(err, errlen, "kernel uses %u SGPRs per wave but cu.max_sgprs_per_wave = %" PRId64,
             sgprs, c->cu_max_sgprs);
    return -1;
  }
  if (lds_bytes > (uint64_t)c->lds_max_per_wg) {
    snprintf(err, errlen,
             "work-group needs %u bytes of __local memory but lds.max_per_workgroup = %" PRId64
             " (CL_DEVICE_LOCAL_MEM_SIZE); shrink the __local arrays or arguments",
             lds_bytes, c->lds_max_per_wg);
    return -1;
  }
  o->waves_per_wg = (uint32_t)((wg_items + ws - 1) / ws);
  /* a wave holds at least the registers the ABI fills at launch (local ids in
   * v0-v2; kernarg and dispatch pointers and group ids in s0-s6), whatever
   * the kernel declares; allocation rounds up to the granule */
  uint32_t vmin = vgprs > ISA_ABI_VGPR_FIRST_FREE ? vgprs : ISA_ABI_VGPR_FIRST_FREE;
  uint32_t smin = sgprs > ISA_ABI_SGPR_FIRST_FREE ? sgprs : ISA_ABI_SGPR_FIRST_FREE;
  o->vgprs_alloc = (uint32_t)sim_align(vmin, (uint64_t)c->cu_vgpr_granule);
  o->sgprs_alloc = (uint32_t)sim_align(smin, (uint64_t)c->cu_sgpr_granule);
  o->lds_alloc = (uint32_t)sim_align(lds_bytes, (uint64_t)c->lds_granule);
  uint64_t slots = (uint64_t)c->cu_wave_slots;
  uint64_t vw = (uint64_t)c->cu_vgprs_per_simd / ws / o->vgprs_alloc;
  uint64_t sw = (uint64_t)c->cu_sgprs_per_simd / o->sgprs_alloc;
  uint64_t simds = (uint64_t)c->cu_simds, wpg = o->waves_per_wg;
  uint64_t lim[5] = {simds * slots / wpg, simds * vw / wpg, simds * sw / wpg,
                     o->lds_alloc ? (uint64_t)c->lds_bytes_per_cu / o->lds_alloc : UINT32_MAX,
                     (uint64_t)c->cu_max_wgs};
  uint64_t best = UINT64_MAX;
  int which = 0;
  for (int i = 0; i < 5; i++) {
    o->limit[i] = lim[i] > UINT32_MAX ? UINT32_MAX : (uint32_t)lim[i];
    if (lim[i] < best) best = lim[i], which = i;
  }
  uint64_t wps = slots < vw ? slots : vw;
  if (sw < wps) wps = sw;
  o->waves_per_simd = (uint32_t)wps;
  o->wgs_per_cu = (uint32_t)best;
  o->limiter = sim_limiter_names[which];
  if (best == 0 && which == SIM_LIM_LDS) {
    snprintf(
        err, errlen,
        "a work-group needing %u bytes of __local memory takes %u bytes in lds.granule = %" PRId64
        "-byte granules, more than lds.bytes_per_cu = %" PRId64 "; use a smaller lds.granule",
        lds_bytes, o->lds_alloc, c->lds_granule, c->lds_bytes_per_cu);
    return -1;
  }
  if (best == 0) {
    snprintf(err, errlen,
             "a work-group of %" PRIu64 " work-items (%u waves) does not fit on a compute unit: "
             "with %u VGPRs and %u SGPRs per wave a SIMD holds %" PRIu64 " waves, %" PRIu64
             " SIMDs hold %" PRIu64 " (limited by %s); use a smaller work-group or fewer registers",
             wg_items, o->waves_per_wg, o->vgprs_alloc, o->sgprs_alloc, wps, simds, wps * simds,
             o->limiter);
    return -1;
  }
  return 0;
}

void sim_group_coords(const sim_ctx *c, uint64_t g, uint64_t gid[3], uint64_t lsz[3]) {
  gid[0] = g % c->ngroups[0];
  gid[1] = g / c->ngroups[0] % c->ngroups[1];
  gid[2] = g / (c->ngroups[0] * c->ngroups[1]);
  for (int d = 0; d < 3; d++) {
    uint64_t ls = c->l->local_size[d], rest = c->l->global_size[d] - gid[d] * ls;
    lsz[d] = rest < ls ? rest : ls;
  }
}

uint32_t sim_group_waves(const sim_ctx *c, const uint64_t lsz[3]) {
  uint64_t items = lsz[0] * lsz[1] * lsz[2];
  return (uint32_t)((items + c->wave_size - 1) / c->wave_size);
}

void sim_wave_setup(const sim_ctx *c, isa_wave *w, const uint64_t gid[3], const uint64_t lsz[3],
                    uint32_t wi, uint32_t *vregs, uint32_t *sregs, uint8_t *lds, uint8_t *scratch,
                    uint64_t scratch_addr) {
  uint32_t n = c->wave_size;
  memset(vregs, 0, (size_t)c->nvgprs * n * sizeof *vregs);
  memset(sregs, 0, (size_t)c->nsgprs * sizeof *sregs);
  memset(w, 0, offsetof(isa_wave, access));
  w->kernel = c->k;
  w->wave_size = n;
  w->v = vregs;
  w->s = sregs;
  w->global = &c->memmap;
  w->tex = c->tex;
  w->oob_ignore = !(c->l->checks & SIM_CHECK_OOB_FAULT);
  w->oob.kind = ISA_FAULT_NONE;
  w->lds = lds;
  w->lds_size = c->lds_total;
  w->scratch = scratch;
  w->scratch_base = scratch_addr;
  w->scratch_per_lane = c->k->private_bytes;
  sregs[ISA_ABI_SGPR_KERNARG] = (uint32_t)c->kernarg_addr;
  sregs[ISA_ABI_SGPR_KERNARG + 1] = (uint32_t)(c->kernarg_addr >> 32);
  sregs[ISA_ABI_SGPR_DISPATCH] = (uint32_t)c->dispatch_addr;
  sregs[ISA_ABI_SGPR_DISPATCH + 1] = (uint32_t)(c->dispatch_addr >> 32);
  for (int d = 0; d < 3; d++) sregs[ISA_ABI_SGPR_GROUP_ID + d] = (uint32_t)gid[d];
  uint64_t items = lsz[0] * lsz[1] * lsz[2], first = (uint64_t)wi * n, exec = 0;
  uint32_t *lx = &vregs[(ISA_ABI_VGPR_LOCAL_ID + 0) * n],
           *ly = &vregs[(ISA_ABI_VGPR_LOCAL_ID + 1) * n],
           *lz = &vregs[(ISA_ABI_VGPR_LOCAL_ID + 2) * n];
  for (uint32_t i = 0; i < n && first + i < items; i++) {
    uint64_t idx = first + i;
    exec |= (uint64_t)1 << i;
    lx[i] = (uint32_t)(idx % lsz[0]);
    ly[i] = (uint32_t)(idx / lsz[0] % lsz[1]);
    lz[i] = (uint32_t)(idx / (lsz[0] * lsz[1]));
  }
  isa_wave_start(w, exec);
}

void sim_item_id(const sim_ctx *c, const uint64_t gid[3], const uint64_t lsz[3], uint32_t wi,
                 uint32_t lane, uint64_t gl[3]) {
  uint64_t idx = (uint64_t)wi * c->wave_size + lane;
  uint64_t lid[3] = {idx % lsz[0], idx / lsz[0] % lsz[1], idx / (lsz[0] * lsz[1])};
  for (int d = 0; d < 3; d++)
    gl[d] = gid[d] * c->l->local_size[d] + lid[d] + c->l->global_offset[d];
}

void sim_source_where(const sim_ctx *c, uint32_t pc, char *buf, size_t len) {
  uint32_t line = c->k->line && pc < c->k->ncode ? c->k->line[pc] : 0;
  if (line)
    snprintf(buf, len, "%s:%u", c->k->source_file ? c->k->source_file : "<kernel>", line);
  else
    snprintf(buf, len, "instruction %u", pc);
}

/* OpenCL leaves a barrier that some work-items never reach undefined; GPUs
 * may hang or release it early. Either way the kernel is wrong, so both
 * executors report it instead of releasing the barrier. */
void sim_barrier_return_message(const sim_ctx *c, const uint64_t gid[3], const uint64_t lsz[3],
                                uint32_t bar_wi, uint32_t bar_lane, uint32_t bar_pc,
                                uint32_t end_wi, uint32_t end_lane, uint32_t end_pc,
                                uint32_t end_jump) {
  uint64_t a[3], b[3];
  char wa[300], wb[300], wj[340] = "";
  sim_item_id(c, gid, lsz, bar_wi, bar_lane, a);
  sim_item_id(c, gid, lsz, end_wi, end_lane, b);
  sim_source_where(c, bar_pc, wa, sizeof wa);
  sim_source_where(c, end_pc, wb, sizeof wb);
  /* compilers send every return to one s_endpgm: the branch that led there
   * is where the early return was */
  if (end_jump != ISA_NO_PC) {
    char j[300];
    sim_source_where(c, end_jump, j, sizeof j);
    if (strcmp(j, wb) != 0) snprintf(wj, sizeof wj, " (after the branch at %s)", j);
  }
  snprintf(c->err, c->errlen,
           "kernel '%s' faulted: barrier at %s reached by work-item (%" PRIu64 ",%" PRIu64
           ",%" PRIu64 ") but work-item (%" PRIu64 ",%" PRIu64 ",%" PRIu64
           ") of the same work-group returned at %s%s without reaching it; every work-item must "
           "reach each barrier (remove the early return or move it after the barrier)",
           c->k->name, wa, a[0], a[1], a[2], b[0], b[1], b[2], wb, wj);
}

static const char *sim_access_verb(const isa_wave *w) {
  if (w->access.space == ISA_SPACE_SCALAR) return "scalar load";
  if (w->access.kind & ISA_F_STORE) return "store";
  if (w->access.kind & ISA_F_ATOMIC) return "atomic";
  return "load";
}

/* What fault f of wave w did and how to fix it, for the fault message and
 * the out-of-bounds report alike. */
static void sim_fault_describe(const sim_ctx *c, const isa_wave *w, const isa_fault *f, char *what,
                               size_t whatlen, char *hint, size_t hintlen) {
  hint[0] = 0;
  const isa_inst *fin = f->pc < c->k->ncode ? &c->k->code[f->pc] : NULL;
  const char *op = fin ? isa_ops[fin->op].name : "?";
  switch (f->kind) {
  case ISA_FAULT_IMAGE_DESC:
    snprintf(what, whatlen,
             "%s with an image descriptor address 0x%" PRIx64 " that no buffer contains", op,
             f->addr);
    snprintf(hint, hintlen, " (pass an image object for the image argument)");
    break;
  case ISA_FAULT_IMAGE_BAD_DESC:
    snprintf(what, whatlen, "%s with an invalid image descriptor at 0x%" PRIx64, op, f->addr);
    snprintf(hint, hintlen,
             " (its type, format, sizes, tiling or pitches describe no image: the address is not "
             "an image object's descriptor)");
    break;
  case ISA_FAULT_GLOBAL_OOB: {
    if (fin && (isa_ops[fin->op].flags & ISA_F_IMAGE)) { /* a texel, not the descriptor */
      uint64_t desc = (w->s[fin->src[0].reg] | (uint64_t)w->s[fin->src[0].reg + 1] << 32) +
                      (uint64_t)(int64_t)fin->offset;
      snprintf(what, whatlen, "%s %s of a %u-byte texel at 0x%" PRIx64 " outside device memory", op,
               (isa_ops[fin->op].flags & ISA_F_STORE) ? "write" : "read", f->size, f->addr);
      snprintf(hint, hintlen,
               " (the image descriptor at 0x%" PRIx64 " places its texels where no buffer is: "
               "was the image released?)",
               desc);
      break;
    }
    snprintf(what, whatlen, "out-of-bounds global %s of %u bytes at 0x%" PRIx64, sim_access_verb(w),
             f->size, f->addr);
    int inside = 0;
    const sim_buffer *b = sim_mem_find(c->d, f->addr, &inside);
    if (b && !inside && f->addr - b->base < b->size + SIM_MEM_GUARD)
      snprintf(hint, hintlen,
               " (%" PRIu64 " bytes past the end of the %" PRIu64 "-byte buffer at 0x%" PRIx64
               "; check the index against the buffer size)",
               f->addr - (b->base + b->size), b->size, b->base);
    else if (b && inside)
      snprintf(hint, hintlen,
               " (the access runs past the end of the %" PRIu64 "-byte buffer at 0x%" PRIx64
               "; check the index against the buffer size)",
               b->size, b->base);
    else
      snprintf(hint, hintlen,
               " (no buffer contains this address; check the index against the buffer size)");
    break;
  }
  case ISA_FAULT_LDS_OOB:
  case ISA_FAULT_SCRATCH_OOB: {
    int lds = f->kind == ISA_FAULT_LDS_OOB;
    snprintf(what, whatlen, "out-of-bounds %s %s of %u bytes at offset %" PRIu64,
             lds ? "__local" : "private", sim_access_verb(w), f->size, f->addr);
    /* a pointer value is the address plus ISA_PTR_BIAS (isa.h), so a null
     * pointer plus a small offset lands just below 2^32 */
    uint64_t past_null = f->addr - ((1ull << 32) - ISA_PTR_BIAS);
    if (f->addr < (1ull << 32) && past_null < ISA_PTR_BIAS)
      snprintf(hint, hintlen, " (through a null pointer, %" PRIu64 " bytes past it)", past_null);
    else if (lds)
      snprintf(hint, hintlen, " (the work-group has %u bytes of __local memory)", c->lds_total);
    else
      snprintf(hint, hintlen, " (each work-item has %u bytes of private memory)",
               c->k->private_bytes);
    break;
  }
  case ISA_FAULT_MISALIGNED:
    snprintf(what, whatlen, "misaligned %s of %u bytes at 0x%" PRIx64, sim_access_verb(w), f->size,
             f->addr);
    break;
  case ISA_FAULT_DIVERGENT_BARRIER:
    snprintf(what, whatlen, "barrier inside divergent control flow");
    snprintf(hint, hintlen,
             " (every work-item of a work-group must reach the same barrier; move it out of the "
             "branch)");
    break;
  case ISA_FAULT_STACK_OVERFLOW:
    snprintf(what, whatlen, "divergent branches nested deeper than %d", ISA_SIMT_DEPTH);
    break;
  case ISA_FAULT_BAD_PC:
    snprintf(what, whatlen, "jump to instruction %" PRIu64 " outside the kernel's %u", f->addr,
             c->k->ncode);
    break;
  default:
    snprintf(what, whatlen, "fault %u", f->kind);
    break;
  }
}

void sim_fault_message(const sim_ctx *c, const isa_wave *w, const uint64_t gid[3],
                       const uint64_t lsz[3], uint32_t wi) {
  const isa_fault *f = &w->fault;
  uint64_t gl[3];
  sim_item_id(c, gid, lsz, wi, f->lane, gl);
  char what[256], where[300], hint[256];
  sim_fault_describe(c, w, f, what, sizeof what, hint, sizeof hint);
  sim_source_where(c, f->pc, where, sizeof where);
  snprintf(c->err, c->errlen,
           "kernel '%s' faulted: %s by work-item (%" PRIu64 ",%" PRIu64 ",%" PRIu64 ") at %s%s",
           c->k->name, what, gl[0], gl[1], gl[2], where, hint);
}

void sim_oob_seen_fini(sim_oob_seen *s) {
  free(s->keys);
  s->keys = NULL;
  s->n = s->cap = 0;
}

/* Whether (kernel, key) was reported already (read only: a CU's thread may
 * ask while the set does not change). */
static int sim_oob_seen_has(const sim_oob_seen *s, const void *kernel, uint32_t key) {
  for (size_t i = 0; i < s->n; i++)
    if (s->keys[i].kernel == kernel && s->keys[i].line == key) return 1;
  return 0;
}

/* 1 when (kernel, key) was reported already; records it if not. Out of
 * memory: 1 (quiet rather than repeated). */
static int sim_oob_seen_add(sim_oob_seen *s, const void *kernel, uint32_t key) {
  if (sim_oob_seen_has(s, kernel, key)) return 1;
  if (s->n == s->cap) {
    size_t cap = s->cap ? s->cap * 2 : 16;
    struct sim_oob_key *k = realloc(s->keys, cap * sizeof *k);
    if (!k) return 1;
    s->keys = k, s->cap = cap;
  }
  s->keys[s->n].kernel = kernel;
  s->keys[s->n].line = key;
  s->n++;
  return 0;
}

void sim_oob_report(sim_ctx *c, isa_wave *w, const uint64_t gid[3], const uint64_t lsz[3],
                    uint32_t wi, uint32_t pc) {
  isa_fault f = w->oob;
  w->oob.kind = ISA_FAULT_NONE;
  f.pc = pc;
  uint32_t line = c->k->line && pc < c->k->ncode ? c->k->line[pc] : 0;
  uint32_t key = line ? line : 0x80000000u | pc;
  sim_oob_seen *seen = c->l->oob_seen ? c->l->oob_seen : &c->oob_seen;
  sim_oob_notes *defer = c->oob_defer;
  if (defer) { /* a CU's note: the first of its line in this CU's quantum */
    if (sim_oob_seen_has(defer->seen, c->k, key)) return;
    for (size_t i = 0; i < defer->n; i++)
      if (defer->v[i].key == key) return;
  } else if (sim_oob_seen_add(seen, c->k, key)) {
    return;
  }
  uint64_t gl[3];
  sim_item_id(c, gid, lsz, wi, f.lane, gl);
  char what[256], where[300], hint[256], msg[1024];
  sim_fault_describe(c, w, &f, what, sizeof what, hint, sizeof hint);
  sim_source_where(c, pc, where, sizeof where);
  int store = (w->access.kind & (ISA_F_STORE | ISA_F_ATOMIC)) != 0;
  snprintf(msg, sizeof msg,
           "kernel '%s': %s by work-item (%" PRIu64 ",%" PRIu64 ",%" PRIu64 ") at %s%s; %s, as "
           "GPUs do (reported once per source line; WAVESIM_CHECK=oob-fatal faults instead)",
           c->k->name, what, gl[0], gl[1], gl[2], where, hint,
           store ? "the store was dropped out of bounds" : "the load read zeros out of bounds");
  const char *kind = f.kind == ISA_FAULT_LDS_OOB       ? "oob_local"
                     : f.kind == ISA_FAULT_SCRATCH_OOB ? "oob_private"
                                                       : "oob_global";
  if (!defer) {
    sim_stats_add_diag(c->st, kind, line, line, msg);
    return;
  }
  if (defer->n == defer->cap) {
    size_t cap = defer->cap ? defer->cap * 2 : 8;
    sim_oob_note *v = realloc(defer->v, cap * sizeof *v);
    if (!v) return; /* out of memory: the note is lost, never the launch */
    defer->v = v, defer->cap = cap;
  }
  char *copy = malloc(strlen(msg) + 1);
  if (!copy) return;
  strcpy(copy, msg);
  uint64_t g = gid[0] + c->ngroups[0] * (gid[1] + c->ngroups[1] * gid[2]);
  defer->v[defer->n] = (sim_oob_note){key, line, kind, copy, g, defer->n};
  defer->n++;
}

void sim_oob_flush(sim_ctx *c, sim_oob_notes *n) {
  sim_oob_seen *seen = c->l->oob_seen ? c->l->oob_seen : &c->oob_seen;
  for (size_t i = 0; i < n->n; i++) {
    sim_oob_note *o = &n->v[i];
    if (!sim_oob_seen_add(seen, c->k, o->key))
      sim_stats_add_diag(c->st, o->kind, o->line, o->line, o->msg);
    free(o->msg);
  }
  n->n = 0;
}

static int sim_oob_note_cmp(const void *a, const void *b) {
  const sim_oob_note *x = *(const sim_oob_note *const *)a, *y = *(const sim_oob_note *const *)b;
  if (x->group != y->group) return x->group < y->group ? -1 : 1;
  return x->seq < y->seq ? -1 : x->seq > y->seq;
}

int sim_oob_flush_by_group(sim_ctx *c, sim_oob_notes *const *lists, uint32_t nn) {
  size_t n = 0;
  for (uint32_t i = 0; i < nn; i++) n += lists[i]->n;
  if (!n) return 0;
  sim_oob_note **all = malloc(n * sizeof *all);
  if (!all) {
    for (uint32_t i = 0; i < nn; i++) sim_oob_flush(c, lists[i]);
    return -1;
  }
  size_t k = 0;
  for (uint32_t i = 0; i < nn; i++)
    for (size_t j = 0; j < lists[i]->n; j++) all[k++] = &lists[i]->v[j];
  qsort(all, n, sizeof *all, sim_oob_note_cmp);
  sim_oob_seen *seen = c->l->oob_seen ? c->l->oob_seen : &c->oob_seen;
  for (size_t i = 0; i < n; i++)
    if (!sim_oob_seen_add(seen, c->k, all[i]->key))
      sim_stats_add_diag(c->st, all[i]->kind, all[i]->line, all[i]->line, all[i]->msg);
  for (uint32_t i = 0; i < nn; i++) {
    for (size_t j = 0; j < lists[i]->n; j++) free(lists[i]->v[j].msg);
    lists[i]->n = 0;
  }
  free(all);
  return 0;
}

void sim_oob_notes_fini(sim_oob_notes *n) {
  for (size_t i = 0; i < n->n; i++) free(n->v[i].msg);
  free(n->v);
  *n = (sim_oob_notes){0};
}

int sim_pc_counts_alloc(sim_pc_counts *p, uint32_t n) {
  if (!n) n = 1;
  int bad = 0;
#define SIM_PC_ALLOC(f) bad |= !(p->f = calloc(n, sizeof *p->f));
  SIM_PC_COUNT_FIELDS(SIM_PC_ALLOC)
#undef SIM_PC_ALLOC
  return bad ? -1 : 0;
}

void sim_pc_counts_free(sim_pc_counts *p) {
#define SIM_PC_FREE(f) free(p->f);
  SIM_PC_COUNT_FIELDS(SIM_PC_FREE)
#undef SIM_PC_FREE
  *p = (sim_pc_counts){0};
}

void sim_pc_counts_add(sim_pc_counts *dst, const sim_pc_counts *src, uint32_t n) {
  for (uint32_t i = 0; i < n; i++) {
#define SIM_PC_ADD(f) dst->f[i] += src->f[i];
    SIM_PC_COUNT_FIELDS(SIM_PC_ADD)
#undef SIM_PC_ADD
  }
}

static int sim_regs_overlap(const isa_regref *a, const isa_regref *b) {
  return a->file == b->file && a->reg < b->reg + b->count && b->reg < a->reg + a->count;
}

/* cu.operand_ports: a VALU instruction reading more registers than the
 * ports deliver per cycle takes extra issue cycles when it reads what the
 * instruction before it (in program order: the wave's previous issue on
 * straight-line code) writes, since no operand can come from a reuse
 * cache then (NVIDIA sets .reuse only across independent neighbours). */
static void sim_mark_operand_ports(sim_ctx *c) {
  const cfg_device *cfg = &c->d->cfg;
  uint32_t ports = (uint32_t)cfg->cu_operand_ports;
  if (!ports) return;
  for (uint32_t pc = 1; pc < c->k->ncode; pc++) {
    sim_decoded *d = &c->dec[pc];
    if (d->unit != ISA_UNIT_VALU || d->rs.nreads <= ports) continue;
    const isa_regset *prev = &c->dec[pc - 1].rs;
    int dep = 0;
    for (unsigned i = 0; i < d->rs.nreads; i++)
      for (unsigned j = 0; j < prev->nwrites; j++)
        dep |= sim_regs_overlap(&d->rs.reads[i], &prev->writes[j]);
    if (dep) d->extra_issue = (uint8_t)((d->rs.nreads + ports - 1) / ports - 1);
  }
}

/* Decode each instruction's register sets and check them against the
 * kernel's declared register counts: a bad count would corrupt memory. */
static int sim_decode(sim_ctx *c) {
  const isa_kernel *k = c->k;
  c->dec = calloc(k->ncode ? k->ncode : 1, sizeof *c->dec);
  if (!c->dec) return snprintf(c->err, c->errlen, "out of memory"), -1;
  for (uint32_t pc = 0; pc < k->ncode; pc++) {
    const isa_inst *in = &k->code[pc];
    if (in->op >= ISA_OP_COUNT) {
      snprintf(c->err, c->errlen, "kernel '%s': instruction %u has invalid opcode %u", k->name, pc,
               in->op);
      return -1;
    }
    isa_inst_regs(in, &c->dec[pc].rs);
    c->dec[pc].unit = isa_ops[in->op].unit;
    c->dec[pc].writes = (isa_ops[in->op].flags & (ISA_F_STORE | ISA_F_ATOMIC)) != 0;
    const isa_regset *rs = &c->dec[pc].rs;
    for (unsigned i = 0; i < (unsigned)rs->nreads + rs->nwrites; i++) {
      const isa_regref *r = i < rs->nreads ? &rs->reads[i] : &rs->writes[i - rs->nreads];
      uint32_t ns = k->nsgprs > ISA_ABI_SGPR_FIRST_FREE ? k->nsgprs : ISA_ABI_SGPR_FIRST_FREE;
      uint32_t limit = r->file == ISA_RF_V ? c->nvgprs : ns;
      if ((uint32_t)r->reg + r->count > limit) {
        snprintf(c->err, c->errlen,
                 "kernel '%s': instruction %u (%s) uses %c%u but the kernel declares %u %cGPRs",
                 k->name, pc, isa_ops[in->op].name, r->file == ISA_RF_V ? 'v' : 's',
                 r->reg + r->count - 1, limit, r->file == ISA_RF_V ? 'V' : 'S');
        return -1;
      }
    }
  }
  for (uint32_t pc = 0; pc < k->ncode && !c->tex; pc++)
    if (isa_ops[k->code[pc].op].flags & ISA_F_IMAGE) {
      c->tex = calloc(1, sizeof *c->tex);
      if (!c->tex) return snprintf(c->err, c->errlen, "out of memory"), -1;
    }
  sim_mark_operand_ports(c);
  if (sim_atomic_mark_noret(k, c->dec) != 0)
    return snprintf(c->err, c->errlen, "out of memory"), -1;
  return 0;
}

static void sim_put64(uint8_t *p, uint64_t x) {
  for (int i = 0; i < 8; i++) p[i] = (uint8_t)(x >> (8 * i));
}

static sim_status sim_bad(sim_ctx *c, const char *msg) {
  snprintf(c->err, c->errlen, "kernel '%s': %s", c->k ? c->k->name : "?", msg);
  return SIM_BAD_LAUNCH;
}

static sim_status sim_prepare(sim_ctx *c) {
  const sim_launch *l = c->l;
  const isa_kernel *k = c->k;
  const cfg_device *cfg = &c->d->cfg;
  char msg[768];
  if (l->work_dim < 1 || l->work_dim > 3) return sim_bad(c, "work_dim must be 1, 2 or 3");
  for (int d = 0; d < 3; d++) {
    if (l->local_size[d] == 0 || l->global_size[d] == 0) {
      snprintf(msg, sizeof msg, "global and local sizes must be non-zero (dimension %d)", d);
      return sim_bad(c, msg);
    }
    if (k->reqd_wg_size[0] && l->local_size[d] != k->reqd_wg_size[d]) {
      snprintf(msg, sizeof msg,
               "local size (%" PRIu64 ",%" PRIu64 ",%" PRIu64
               ") differs from reqd_work_group_size(%u,%u,%u)",
               l->local_size[0], l->local_size[1], l->local_size[2], k->reqd_wg_size[0],
               k->reqd_wg_size[1], k->reqd_wg_size[2]);
      return sim_bad(c, msg);
    }
    c->ngroups[d] = (l->global_size[d] + l->local_size[d] - 1) / l->local_size[d];
  }
  c->total_groups = c->ngroups[0] * c->ngroups[1] * c->ngroups[2];
  if (k->kernarg_bytes && !l->kernarg) return sim_bad(c, "kernel arguments missing");
  c->wave_size = (uint32_t)cfg->wave_size;
  c->nvgprs = k->nvgprs > ISA_ABI_VGPR_FIRST_FREE ? k->nvgprs : ISA_ABI_VGPR_FIRST_FREE;
  c->nsgprs = ISA_MAX_SGPRS + 2; /* SGPRs are cheap; keep room for any pair */
  uint64_t lds = (uint64_t)k->lds_bytes + l->dyn_lds_bytes;
  c->lds_total = lds > UINT32_MAX ? UINT32_MAX : (uint32_t)lds;
  uint64_t items = l->local_size[0] * l->local_size[1] * l->local_size[2];
  if (sim_occupancy_compute(cfg, items, k->nvgprs, k->nsgprs, c->lds_total, &c->occ, msg,
                            sizeof msg))
    return sim_bad(c, msg);
  if (sim_decode(c) != 0) return SIM_BAD_LAUNCH;
  if (sim_pc_counts_alloc(&c->pc, k->ncode) != 0) return sim_bad(c, "out of memory");
  /* the dispatch packet and the kernarg segment live in device memory */
  c->dispatch_addr = sim_mem_alloc(c->d, ISA_DISPATCH_BYTES, NULL);
  c->kernarg_addr = k->kernarg_bytes ? sim_mem_alloc(c->d, k->kernarg_bytes, NULL) : 0;
  if (!c->dispatch_addr || (k->kernarg_bytes && !c->kernarg_addr))
    return sim_bad(c, "device memory exhausted (dram.bytes) placing the kernel arguments");
  uint8_t *p = sim_mem_host(c->d, c->dispatch_addr, ISA_DISPATCH_BYTES);
  p[0] = (uint8_t)l->work_dim;
  for (int d = 0; d < 3; d++) {
    sim_put64(p + ISA_DISPATCH_GLOBAL_SIZE + 8 * d, l->global_size[d]);
    sim_put64(p + ISA_DISPATCH_LOCAL_SIZE + 8 * d, l->local_size[d]);
    sim_put64(p + ISA_DISPATCH_GLOBAL_OFFSET + 8 * d, l->global_offset[d]);
    sim_put64(p + ISA_DISPATCH_NUM_GROUPS + 8 * d, c->ngroups[d]);
  }
  if (k->kernarg_bytes)
    memcpy(sim_mem_host(c->d, c->kernarg_addr, k->kernarg_bytes), l->kernarg, k->kernarg_bytes);
  c->memmap.regions = c->d->regions;
  c->memmap.nregions = c->d->nbufs;
  sim_wd_init(&c->wd, cfg, c->nvgprs, c->nsgprs, c->wave_size);
  return SIM_OK;
}

int sim_ctx_fork(sim_ctx *dst, const sim_ctx *c, char **err, sim_oob_notes *oob) {
  *dst = *c;
  *err = calloc(c->errlen ? c->errlen : 1, 1);
  dst->err = *err;
  dst->oob_defer = oob;
  oob->seen = c->l->oob_seen ? c->l->oob_seen : &c->oob_seen;
  return *err ? 0 : -1;
}

uint32_t sim_launch_threads(const sim_ctx *c, uint32_t most) {
  uint32_t n = c->l->threads ? c->l->threads : 1;
  if (n > most) n = most;
  if (n <= 1 || c->chk || c->l->trace) return 1;
  for (uint32_t pc = 0; pc < c->k->ncode; pc++)
    if ((isa_ops[c->k->code[pc].op].flags & ISA_F_ATOMIC) && c->dec[pc].unit == ISA_UNIT_VMEM)
      return 1;
  return n;
}

uint64_t sim_launch_overhead(const cfg_device *cfg, const sim_launch *l) {
  if (l->queued && cfg->launch_overhead_queued >= 0) return (uint64_t)cfg->launch_overhead_queued;
  return (uint64_t)cfg->launch_overhead;
}

/* Functional mode does not model time, but programs divide by profiling
 * durations, so it reports an issue-bound lower estimate instead of 0: every
 * wave instruction spread evenly over all SIMDs at one issue per cycle, a
 * vector instruction holding its SIMD wave_size/simd_width cycles, plus the
 * launch overhead. Timing mode is the number to trust. */
static uint64_t sim_functional_estimate(const cfg_device *cfg, const sim_launch *l,
                                        const sim_stats *st) {
  uint64_t passes = (uint64_t)(cfg->wave_size / cfg->cu_simd_width);
  if (passes == 0) passes = 1;
  uint64_t work = 0;
  for (int u = 0; u < ISA_UNIT_COUNT; u++) {
    int vector = u == ISA_UNIT_VALU || u == ISA_UNIT_VALU64 || u == ISA_UNIT_IDIV ||
                 u == ISA_UNIT_TRANS || u == ISA_UNIT_FP64 || u == ISA_UNIT_XLANE;
    work += st->inst[u] * (vector ? passes : 1);
  }
  uint64_t simds = (uint64_t)(cfg->cu_count * cfg->cu_simds);
  return sim_launch_overhead(cfg, l) + (work + simds - 1) / simds;
}

sim_status sim_run(sim_device *d, const sim_launch *l, sim_stats *st, char *err, size_t errlen) {
  memset(st, 0, sizeof *st);
  if (!l || !l->kernel) {
    snprintf(err, errlen, "sim_run: no kernel");
    return SIM_BAD_LAUNCH;
  }
  const isa_kernel *k = l->kernel;
  snprintf(st->kernel, sizeof st->kernel, "%s", k->name ? k->name : "");
  snprintf(st->config, sizeof st->config, "%s", d->cfg.name ? d->cfg.name : "");
  st->functional_only = l->functional_only;
  st->work_dim = l->work_dim;
  for (int i = 0; i < 3; i++)
    st->global_size[i] = l->global_size[i], st->local_size[i] = l->local_size[i];
  st->vgprs = k->nvgprs;
  st->sgprs = k->nsgprs;
  st->lds_bytes = k->lds_bytes + l->dyn_lds_bytes;
  st->private_bytes = k->private_bytes;
  sim_ctx c = {.d = d, .l = l, .k = k, .st = st, .err = err, .errlen = errlen};
  sim_status s = sim_prepare(&c);
  if (s == SIM_OK) {
    st->waves_per_simd = c.occ.waves_per_simd;
    st->wgs_per_cu = c.occ.wgs_per_cu;
    snprintf(st->limiter, sizeof st->limiter, "%s", c.occ.limiter);
    if (l->checks & SIM_CHECK_SHADOW) {
      /* one place per resident work-group: the timing model's slots */
      uint64_t slots = l->functional_only ? 1 : (uint64_t)d->cfg.cu_count * c.occ.wgs_per_cu;
      c.chk = sim_check_create(&c, (uint32_t)slots, l->checks);
      if (!c.chk) s = sim_bad(&c, "out of memory for the correctness checks (WAVESIM_CHECK)");
    }
    sim_progress_begin(&c.prog, l->progress, l->progress_after, STDERR_FILENO, k->name,
                       c.total_groups, !l->functional_only);
    if (s == SIM_OK) s = l->functional_only ? sim_run_functional(&c) : sim_run_timing(&c);
    sim_progress_end(&c.prog);
    /* the checks' reports are diagnostics; with `fatal` a launch that ran
     * to the end fails after the fact */
    uint64_t nrep = sim_check_reports(c.chk);
    if (s == SIM_OK && nrep && (l->checks & SIM_CHECK_FATAL))
      s = SIM_FAULT, snprintf(err, errlen,
                              "kernel '%s' failed its checks: %" PRIu64
                              " report(s) above (WAVESIM_CHECK has 'fatal')",
                              k->name, nrep);
    sim_check_destroy(c.chk);
    c.chk = NULL;
    sim_oob_seen_fini(&c.oob_seen);
    if (s == SIM_OK || s == SIM_FAULT) {
      sim_stats_fold_lines(st, k, c.pc.insts, c.pc.stall, c.pc.lds_conflict, c.pc.mem_req);
      sim_stats_fold_pc(st, k, c.pc.divergent, offsetof(sim_line_stats, divergent_branches));
      sim_stats_fold_pc(st, k, c.pc.tex_taps, offsetof(sim_line_stats, tex_taps));
    }
    if (l->functional_only) st->cycles = sim_functional_estimate(&d->cfg, l, st);
    st->time_ns = (double)st->cycles * 1000.0 / d->cfg.clock_mhz;
  }
  if (c.kernarg_addr) sim_mem_free(d, c.kernarg_addr);
  if (c.dispatch_addr) sim_mem_free(d, c.dispatch_addr);
  free(c.dec);
  free(c.tex);
  sim_pc_counts_free(&c.pc);
  return s;
}
