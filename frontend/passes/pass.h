/* The compiler's middle end: IR-to-IR passes (inlining, simplification, CFG
 * normalization) and the analyses the backend needs (dominators, uniformity). */
#ifndef WAVESIM_PASS_H
#define WAVESIM_PASS_H

#include <stddef.h>
#include <stdint.h>

#include "fe_oom.h"
#include "ir.h"

/* ---- small IR editing helpers (pass_util.c) -------------------------------- */
/* A new instruction not yet placed in any block (block = IR_NONE). */
uint32_t pass_new_inst(ir_function *f, ir_op op, ir_type type, uint32_t nopnd);
/* Place instruction `id` in `block` at position `pos` (0 = first). */
void pass_insert(ir_function *f, uint32_t block, uint32_t pos, uint32_t id);
/* Detach `id` from its block and mark it deleted (block = IR_NONE). */
void pass_delete(ir_function *f, uint32_t id);
/* Replace every use of value `from` by `to`. */
void pass_replace_uses(ir_function *f, uint32_t from, uint32_t to);
/* Remove `b` from the operand list of every phi in block `s`. */
void pass_phi_drop_pred(ir_function *f, uint32_t s, uint32_t b);
/* Change phi incoming-block `from` to `to` in every phi of block `s`. */
void pass_phi_rename_pred(ir_function *f, uint32_t s, uint32_t from, uint32_t to);
/* Drop unreachable blocks and renumber the rest (entry stays 0). Recomputes
 * predecessor lists. Returns the number of blocks removed. */
uint32_t pass_remove_unreachable(ir_function *f);
/* Whether an instruction has an effect besides its value. */
int pass_has_side_effect(const ir_inst *in);
/* Use counts per value (caller frees). */
uint32_t *pass_use_counts(const ir_function *f);
/* Debug builds run ir_validate after each pass; 0 or -1 with the message. */
int pass_check(const ir_function *f, const char *pass, char *err, size_t errlen);

/* ---- passes --------------------------------------------------------------- */
/* Inline every IR_CALL into kernels (recursively), then drop non-kernel
 * functions. Copies of one __local variable (IR_LOCAL_VAR of the same name)
 * merge, and every IR_LOCAL_VAR ends in the entry block. -1 with
 * "file:line: recursive call ..." for recursion. */
int pass_inline(ir_module *m, char *err, size_t errlen);
/* Constant folding, copy propagation, dead code, unreachable blocks. */
int pass_simplify(ir_function *f, char *err, size_t errlen);
/* The generic address space (passes/generic.c): accesses through generic
 * pointers traced to one space use that space's instructions; the others are
 * routed per lane by the address's aperture (isa.h); address-space casts
 * become aperture arithmetic. Run after pass_inline, before the others. */
int pass_generic(ir_function *f, char *err, size_t errlen);
/* Constant parts of address offsets moved into a PTRADD of their own
 * (p + ext(i + k) * s -> (p + ext(i) * s) + k * s) where that is exact: modulo
 * 2^32 for __local and private addresses, through nsw/nuw adds for 64-bit
 * ones; a base ptradd(b, k0) gives up k0 too. The variable parts of a
 * block's addresses are hash-consed, and equal pure instructions of a block
 * merged. Run before pass_simplify, which removes what the rewrite leaves
 * dead. */
int pass_addr_fold(ir_function *f, char *err, size_t errlen);
/* 32-bit UDIV/UREM/SDIV/SREM by a constant become a multiply-high and
 * shifts (passes/div_const.c), as GPU compilers emit them; run before
 * pass_simplify. */
int pass_div_const(ir_function *f, char *err, size_t errlen);
/* IR_WAVE_SIZE becomes the constant wave_size (passes/lower_wave_size.c);
 * run first, so the other passes fold the sub-group builtins' arithmetic. */
void pass_lower_wave_size(ir_function *f, uint32_t wave_size);
/* The multipliers div_const uses, for its tests. Unsigned: floor(x / d) =
 * mulhi_u(x, mult) >> shift for every 32-bit x when it returns 0 (2 <= d <
 * 2^31); when it returns 1 the multiplier is mult + 2^32 (add x back).
 * Signed, for |d| = ad >= 3 and not a power of two: floor(x * mult /
 * 2^(32 + shift)) with mult < 2^32 read as unsigned. */
int pass_udiv_magic(uint32_t d, uint32_t *mult, unsigned *shift);
void pass_sdiv_magic(uint32_t ad, uint32_t *mult, unsigned *shift);
/* One exit block (every RET and UNREACHABLE branches to it) and no critical
 * edges (an edge from a block with two successors to one with several
 * predecessors gets its own block). */
int pass_normalize_cfg(ir_function *f, char *err, size_t errlen);

/* ---- analyses ------------------------------------------------------------- */
typedef struct pass_dom {
  uint32_t nblocks;
  uint32_t *rpo;      /* reachable blocks in reverse post-order (nrpo of them) */
  uint32_t nrpo;
  uint32_t *rpo_num;  /* position in rpo per block, IR_NONE if unreachable */
  uint32_t *idom;     /* immediate dominator, IR_NONE for entry/unreachable */
  uint32_t *ipdom;    /* immediate post-dominator, IR_NONE for the exit and for
                         blocks that cannot reach it */
  uint32_t exit;      /* the unique exit block (IR_NONE if none) */
} pass_dom;

/* Cooper-Harvey-Kennedy iterative dominators on the CFG and on the reverse
 * CFG from the exit block. Works for irreducible graphs. */
int pass_dom_compute(const ir_function *f, pass_dom *d, char *err, size_t errlen);
void pass_dom_fini(pass_dom *d);
/* Whether a dominates b (both reachable). */
int pass_dominates(const pass_dom *d, uint32_t a, uint32_t b);

typedef struct pass_uniformity {
  uint8_t *divergent;        /* per value: 1 when lanes may differ */
  uint8_t *divergent_branch; /* per block: its CBR is divergent */
  uint8_t **region;          /* per block with a divergent branch: blocks
                                between it and its ipdom (nblocks flags) */
  uint32_t nblocks, ninsts;
} pass_uniformity;

/* Fixed-point uniformity: data dependence, sync dependence at joins of
 * divergent branches, temporal divergence out of divergent loops. */
int pass_uniformity_compute(const ir_function *f, const pass_dom *d, pass_uniformity *u,
                            char *err, size_t errlen);
void pass_uniformity_fini(pass_uniformity *u);
/* Blocks reachable from b's successors without passing `stop` (flags). */
void pass_region(const ir_function *f, uint32_t b, uint32_t stop, uint8_t *out);

#endif
