/* Internal to backend/: the machine IR between instruction selection and
 * final emission — ISA instructions over virtual registers, grouped in the
 * IR's blocks, plus the shared helpers of isel, regalloc and emission. */
#ifndef WAVESIM_BE_INTERNAL_H
#define WAVESIM_BE_INTERNAL_H

#include <stddef.h>
#include <stdint.h>

#include "be.h"
#include "isa.h"
#include "passes/pass.h"

/* An operand before register allocation. */
typedef enum be_okind {
  BE_O_NONE,
  BE_O_VREG, /* virtual register `reg`; sub k+1 views it from its register k (halves of
              * a pair, components or the high pair of a quad), sized by the slot */
  BE_O_IMM,
} be_okind;

typedef struct be_opnd {
  uint8_t kind; /* be_okind */
  uint8_t sub;  /* 0: whole vreg, k+1: view from register k (1/2: low/high half of a pair) */
  uint32_t reg;
  uint64_t imm;
} be_opnd;

typedef struct be_vreg {
  uint8_t file;  /* ISA_RF_S or ISA_RF_V */
  uint8_t size;  /* registers: 1, 2 or 4 (wide memory data) */
  int16_t fixed; /* ABI register it must live in, or -1 */
  int16_t phys;  /* allocation result */
  uint32_t spill_slot; /* byte offset in private memory once spilled, or UINT32_MAX */
  uint8_t no_spill;    /* spill code's own temporaries */
  uint8_t whole;       /* live over the whole kernel: a VGPR holding SGPR spill slots */
} be_vreg;

typedef struct be_mi {
  uint16_t op; /* isa_opcode */
  be_opnd dst, src[3];
  int32_t offset;
  uint8_t sync;       /* isa_inst.sync: an atomic's or fence's order and scope */
  uint32_t target[3]; /* IR block numbers; target[2] of s_cbranch_div too */
  uint32_t line;
} be_mi;

typedef struct be_mblock {
  be_mi *code;
  uint32_t n, cap;
} be_mblock;

typedef struct be_func {
  const ir_function *f;
  const fe_target *t;
  const char *file;
  pass_dom dom;
  pass_uniformity uni;
  be_vreg *vregs;
  uint32_t nvregs, vcap;
  be_mblock *blocks; /* one per IR block */
  uint32_t nblocks;
  uint32_t *order; /* layout: IR blocks in reverse post-order */
  uint32_t norder;
  uint32_t private_bytes;
  uint32_t lds_bytes;
  /* SGPR spill slots (be_regalloc.c): the VGPR whose lanes are being
   * handed out and how many are taken (0: none yet, take a new VGPR) */
  uint32_t sslot_vreg, sslot_used;
  const uint32_t *const_offsets; /* byte offset of ir_module.consts[k] in its segment */
  const uint8_t *const_segs;     /* isa_segkind of ir_module.consts[k] */
  /* whole-wave temporaries of the sub-group operations (be_isel_xlane.c):
   * two VGPR pairs no other value ever gets; wwm_made 0 until first used */
  uint32_t wwm_acc, wwm_tmp;
  uint8_t wwm_made;
  uint32_t nconsts;
  char *err;
  size_t errlen;
} be_func;

/* Where the backend's allocation failures unwind to (fe_oom.h; armed by
 * be_compile_dump). */
#define BE_OOM(bf) ((bf)->f->oom)

/* vregs and code (be_mir.c) */
uint32_t be_new_vreg(be_func *bf, uint8_t file, uint8_t size);
be_mi *be_emit(be_func *bf, uint32_t block, isa_opcode op, uint32_t line);
be_opnd be_vr(uint32_t reg);
be_opnd be_vr_half(uint32_t reg, unsigned hi);
be_opnd be_imm(uint64_t imm);
void be_func_fini(be_func *bf);
/* Registers an operand slot of op spans (1/2/4), or 0 for kind N. */
unsigned be_slot_width(isa_opcode op, unsigned slot);

/* instruction selection (be_isel.c): fills bf->blocks; -1 with bf->err set */
int be_isel(be_func *bf, isa_kernel *k);

/* Block-level liveness (be_live.c): bit sets of vregs, `words` 64-bit
 * words per block. */
typedef struct be_live {
  uint32_t words;
  uint64_t *in, *out; /* per block */
} be_live;
void be_liveness(const be_func *bf, be_live *L);
void be_live_fini(be_live *L);
/* be_live_fini as an fe_oom cleanup (callers register their be_live). */
void be_live_unwind(void *L);
/* Per block with a divergent branch, the SGPRs live anywhere in its region
 * (nblocks * words; zero for other blocks): an SGPR is written for the whole
 * wave, so inside a divergent region it must be treated as live all over the
 * region (the other side of the branch runs in between). Caller frees. */
uint64_t *be_region_sgprs(const be_func *bf, const be_live *L);
static inline int be_bit_test(const uint64_t *s, uint32_t v) { return (int)((s[v >> 6] >> (v & 63)) & 1); }
static inline void be_bit_set(uint64_t *s, uint32_t v) { s[v >> 6] |= (uint64_t)1 << (v & 63); }
static inline void be_bit_clr(uint64_t *s, uint32_t v) { s[v >> 6] &= ~((uint64_t)1 << (v & 63)); }

/* consecutive LDS word reads widened to ds_read_b64/b128 (be_ldsvec.c) */
void be_lds_widen(be_func *bf);
/* copy coalescing of phi moves (be_coalesce.c) */
void be_coalesce(be_func *bf);

/* pre-allocation list scheduling within straight-line regions (be_sched.c) */
void be_schedule(be_func *bf);

/* register allocation (be_regalloc.c): assigns vreg->phys, inserts spill code;
 * returns the number of VGPRs/SGPRs used through k */
int be_regalloc(be_func *bf, isa_kernel *k);
/* Checks an allocation against exact per-instruction liveness (for tests and
 * debug builds): 0, or -1 naming the two values sharing a register. */
int be_regalloc_verify(const be_func *bf, char *err, size_t errlen);

/* emission (be_emit.c): layout, branch resolution, listing */
int be_emit_kernel(be_func *bf, isa_kernel *k);
/* short if-bodies run predicated, as vendor compilers' code does (be_predicate.c) */
void be_predicate(isa_kernel *k);

/* The hidden argument that binds segment `seg` (isa_segkind). */
static inline isa_hidden_kind be_seg_hidden(uint8_t seg) {
  return seg == ISA_SEG_GLOBAL ? ISA_HIDDEN_GLOBAL_SEGMENT : ISA_HIDDEN_CONSTANT_SEGMENT;
}

#endif
