/* Internal to backend/: the instruction selector's state and operand helpers,
 * shared by be_isel.c (arithmetic, control) and be_isel_mem.c (memory,
 * arguments, work-item builtins). */
#ifndef WAVESIM_BE_ISEL_H
#define WAVESIM_BE_ISEL_H

#include "be_internal.h"

/* Where an IR value lives after selection. */
typedef enum isel_cls {
  VC_NONE,
  VC_CONST, /* no register: imm (constants, undef, static __local/private offsets) */
  VC_S1,    /* SGPR */
  VC_S2,    /* SGPR pair */
  VC_V1,    /* VGPR */
  VC_V2,    /* VGPR pair */
  VC_SBOOL, /* uniform bool: 0/1 in an SGPR */
  VC_MASK,  /* divergent bool: lane mask in an SGPR pair, valid in its block */
  VC_VBOOL, /* divergent bool: 0/1 per lane in a VGPR (phis, cross-block) */
} isel_cls;

typedef struct isel_val {
  uint8_t cls;   /* isel_cls */
  uint8_t sub;   /* for S1/V1: 0 whole register, 1/2 low/high half of a pair */
  uint32_t reg;
  uint32_t vbool; /* VC_MASK used in other blocks: its VC_VBOOL copy, or IR_NONE */
  uint32_t block; /* defining block */
  uint64_t imm;
  /* a uniform value's VGPR copy (32- and 64-bit) made for memory operands
   * in block vcopy_block: later accesses in that block share it */
  uint32_t vcopy[2], vcopy_block;
  /* this 32-bit value times sidx_k as a 32-bit byte offset (LDS and private
   * addresses), made in block sidx_block: the unrolled copies of a loop
   * body indexing with the same value share it (isel_scaled32) */
  uint32_t sidx_reg, sidx_block;
  uint64_t sidx_k;
} isel_val;

typedef struct isel {
  be_func *bf;
  const ir_function *f;
  isa_kernel *k;
  isel_val *val;
  uint8_t *cross; /* divergent bool used outside its block */
  uint8_t *defer; /* uniform compare whose only use is its block's branch:
                     selected at the branch, straight into SCC */
  uint32_t cur, line;
  uint32_t kernarg, dispatch, gid[3], lid[3]; /* ABI vregs */
} isel;

int isel_fail(isel *s, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
int isel_is64(ir_type t);
unsigned isel_bits(ir_type t);
uint32_t isel_nv(isel *s, uint8_t file, uint8_t size);
be_mi *isel_e(isel *s, isa_opcode op);
/* emit `op` with a fresh destination of the given file/size; returns it */
uint32_t isel_e1(isel *s, isa_opcode op, uint8_t file, uint8_t size, be_opnd a, be_opnd b, be_opnd c);
void isel_def(isel *s, uint32_t v, isel_cls cls, uint32_t reg);
void isel_def_const(isel *s, uint32_t v, uint64_t imm);

be_opnd isel_A(isel *s, uint32_t v);
be_opnd isel_A2(isel *s, uint32_t v);
be_opnd isel_B(isel *s, uint32_t v);
be_opnd isel_B2(isel *s, uint32_t v);
be_opnd isel_V(isel *s, uint32_t v);
be_opnd isel_V2(isel *s, uint32_t v);
be_opnd isel_S2(isel *s, uint32_t v);
be_opnd isel_mask(isel *s, uint32_t v);
/* 8/16-bit value v zero- or sign-extended to 32 bits, as a VALU (vec) or SALU
 * operand; wider values unchanged */
be_opnd isel_ext(isel *s, uint32_t v, unsigned bits, int sign, int vec);
extern const be_opnd isel_none;

/* A byte offset of the form ext64(x) * C, ext64(x) << C or ext64(x): x, the
 * multiplier and whether the extension is signed (be_isel.c). */
int isel_scaled_index(isel *s, uint32_t o, uint32_t *x, uint64_t *scale, int *sign);
/* x * k as a 32-bit VGPR offset, made once per block */
be_opnd isel_scaled32(isel *s, uint32_t x, uint64_t k);
int isel_is_uniform_cls(isel_cls c);

/* be_isel_mem.c */
int isel_load(isel *s, uint32_t i);
int isel_store(isel *s, uint32_t i);
int isel_atomic(isel *s, uint32_t i);
int isel_param(isel *s, uint32_t i);
int isel_const_var(isel *s, uint32_t i);
int isel_builtin(isel *s, uint32_t i);

/* The VALU opcode combining two values of type t for a sub-group reduction
 * or scan (comb: an ir_op or IR_SG_FMIN/FMAX); ISA_OP_COUNT when there is
 * none. 64-bit integer min/max have no one opcode: the compare that picks
 * the result is returned and *pred64 set to its ir_pred (else -1). */
isa_opcode isel_combine_op(uint32_t comb, ir_type t, int *pred64);

/* be_isel_xlane.c: IR_SUBGROUP */
int isel_subgroup(isel *s, uint32_t i);

/* be_isel_image.c: the IR_IMAGE_* ops */
int isel_image(isel *s, uint32_t i);

/* be_isel_bits.c: IR_BFE_U, IR_BFE_S, IR_BFI, IR_DOT4 */
int isel_bitops(isel *s, uint32_t i);

/* be_isel_printf.c */
int isel_printf_buf(isel *s, uint32_t i);

#endif
