/* The SPIR-V reader's public entry: a SPIR-V module (as llvm-spirv emits for
 * OpenCL C) in, an IR module out, or errors naming file:line. */
#ifndef WAVESIM_SPV_READER_H
#define WAVESIM_SPV_READER_H

#include <stddef.h>
#include <stdint.h>

#include "fe_strbuf.h"
#include "ir.h"

/* IR conventions of the reader's output (what passes and backend may rely on):
 *
 * Module: kernels first, in OpEntryPoint order, named by the entry point
 *   (llvm-spirv's wrapper function is skipped: the kernel body is the function
 *   it calls). Then helper functions (is_kernel 0) that some body calls;
 *   IR_CALL aux indexes ir_module.fns. ir_module_free frees the struct too.
 * Entry block bb0 (the SPIR-V entry block itself): first the IR_PARAMs in
 *   order (aux = parameter index), then everything hoisted: deduplicated
 *   IR_CONSTs (line 0), IR_UNDEFs, IR_ALLOCAs, IR_LOCAL_VARs, IR_CONST_VARs and
 *   the prologue loads of by-value aggregate kernel arguments; then the code.
 * Kernel parameters: one ir_param per OpenCL argument.
 *   __global/__constant/__local pointer: PTR(space), by_value_size 0.
 *   scalar by value: that type, by_value_size = its bytes.
 *   vector or struct by value: PTR(IR_AS_CONSTANT) to the argument's bytes,
 *     by_value_size = bytes (OpenCL layout, float3 = 16); vector leaves are
 *     loaded in the prologue, struct members through ptradd+load.
 *   type_name: spelled from SPIR-V types ("float*", "float4", "struct S"):
 *     SPIR-V has no signedness, so uint reads "int"; no address qualifier.
 * Helper parameters: one IR param per scalar leaf (a float4 is 4 params); an
 *   aggregate return becomes a trailing PTR(private) param "sret" (callee
 *   stores, caller allocas and loads); f->ret is then VOID.
 * Values: vectors/structs/arrays are split into scalar leaves; a vector
 *   load/store is one IR_LOAD/IR_STORE per component at ptradd(base, k*size),
 *   the first with the access's alignment (e.g. 16), the others with the
 *   alignment their offset implies, so the backend can re-merge them.
 * Bools: IR_T_BOOL (comparisons, logical and/or/xor/not on i1); int<->bool
 *   goes through select/icmp as SPIR-V writes it.
 * Work-item builtins: emitted where used, one instruction per call
 *   (global_id/local_id/group_id/global_size/local_size/num_groups/
 *   global_offset, aux = dim, I64; work_dim I32). A run-time dim becomes all
 *   three plus an icmp/select chain (out-of-range dims yield dim 0's value).
 * Memory: OpVariable Function -> IR_ALLOCA (imm bytes, aux align) in bb0.
 *   Workgroup variables -> one IR_LOCAL_VAR per function that uses them
 *   (imm bytes, aux align, name = the variable's, e.g. "k.tile", unique per
 *   variable); OpenCL 1.2 only declares them in kernels. A kernel calling a
 *   kernel gets the callee's copies too: pass_inline merges the copies of one
 *   variable (by name) and hoists them to the caller's entry block, so the
 *   variable is one object of the caller's work-group. Initialized
 *   UniformConstant variables -> ir_module.consts[k] and IR_CONST_VAR aux = k.
 *   Access chains -> IR_PTRADD with an I64 byte offset (constant parts
 *   folded; index sext to I64 * size).
 *   memcpy (OpCopyMemorySized, constant size) -> loads/stores of the widest
 *   chunks the alignment allows. Generic pointers keep their operand's space.
 * Conversions (spv_convert.c), per scalar leaf:
 *   int <-> int: IR_SEXT/ZEXT/TRUNC (same size: value kept); _sat
 *     (OpSatConvert*, SaturatedConversion on OpS/UConvert) clamps in 64 bits
 *     with SMAX/SMIN/UMIN, then truncates. A rounding mode on an int <-> int
 *     conversion has no effect and is dropped.
 *   float/double -> int: IR_FPTOSI/FPTOUI truncate, saturate and map NaN to 0
 *     (so _sat needs no more for 32/64-bit results); rte/rtp/rtn first round
 *     in the source type (IR_MATH rint/ceil/floor); 8/16-bit results go
 *     through a 32-bit conversion, then clamp (_sat) or truncate; 64-bit
 *     results from float go through double (exact).
 *   to float/double without a mode, or rte: one IR_SITOFP/UITOFP/FPEXT/
 *     FPTRUNC (round to nearest even; exact where it can be). Modes on exact
 *     conversions (float -> double, <= 32-bit int -> double) are dropped.
 *   rtz/rtp/rtn to float from double or a <= 32-bit int: the value exact in
 *     a double d, f = FPTRUNC(d), then IR_MATH nextafter one ulp toward the
 *     mode when FPEXT(f) lies on the wrong side of d (select).
 *   rtz/rtp/rtn from a 64-bit int to float/double: the magnitude m as u64
 *     converted (nearest even) to r; r converted back (FPTOUI, and r >= 2^64)
 *     says whether r > m or r < m; the bit pattern of r -+ 1 is the
 *     neighbour toward m; negative inputs swap rtp/rtn and get IR_FNEG.
 * Shifts: the count is resized to the value's type and masked (width-1).
 * Atomics: IR_ATOMIC type = value type, opnd (ptr, value) or for CMPXCHG
 *   (ptr, new value, expected); atomic_inc/dec are ADD/SUB of 1 (IR_A_INC/DEC
 *   are never emitted); atomic load is a plain IR_LOAD, atomic store and
 *   atomic_flag_clear an XCHG whose result is unused (the checkers see an
 *   atomic access), atomic_flag_test_and_set an XCHG with 1 compared with 0;
 *   compare-exchange weak is the strong one. An atomic (or atomic load,
 *   store, flag operation) whose semantics release, at work-group scope or
 *   wider, is preceded by an IR_FENCE with IR_FENCE_WAIT, one that acquires
 *   is followed by one; OpMemoryBarrier sets IR_FENCE_WAIT likewise. The
 *   results need nothing more: the model performs each memory instruction
 *   whole, in one order, so every order and scope holds.
 * Barriers: IR_BARRIER / IR_FENCE aux = CLK flags (1 local, 2 global, 4 image),
 *   IR_FENCE also IR_FENCE_WAIT (ir.h) when it orders.
 * Control flow: OpSwitch becomes a chain of icmp eq + cbr blocks, in case
 *   order, appended after the function's blocks; a cbr whose targets are one
 *   block becomes br. Phis list one operand per IR predecessor.
 * Math: OpenCL.std sqrt/rsqrt/fabs/fmin/fmax/exp/exp2/log/log2/sin/cos/pow/
 *   floor/ceil/trunc/rint/fmod/native_recip -> IR_MATH (native_/half_ variants
 *   share the op); fma and mad -> IR_FMA; min/max/abs/clamp/mix/mul_hi/mad24
 *   -> integer and float IR ops; vloadn/vstoren -> scalar loads/stores.
 *   sinpi/cospi/tanpi/asinpi/acospi/atanpi/atan2pi/lgamma/powr (and half_/native_powr) ->
 *   their own IR_MATH ops (powr is never IR_M_POW); pown/rootn -> IR_MATH with the I32 n as
 *   second operand; ilogb -> IR_MATH of I32 type on a float operand; nan(code) -> and/or on
 *   the integer code and a bitcast (a quiet NaN carrying the code's mantissa bits);
 *   fmax_common/fmin_common -> IR_M_FMAX/FMIN. Builtins with a pointer result (modf, frexp,
 *   lgamma_r, remquo): per element, the returned value and the stored one are separate
 *   instructions (frexp: FREXP_MANT + FREXP_EXP, lgamma_r: LGAMMA + LGAMMA_SIGN, remquo:
 *   REMAINDER + REMQUO_Q, modf: TRUNC stored and copysign(x - trunc, x) returned) and the
 *   stored one is an IR_STORE through the pointer operand at ptradd(p, k*size).
 * Lines: every instruction carries the line of the preceding OpLine in its
 *   block (0 when none); ir_inst.name comes from OpName (in name_pool). */

/* Parses, validates and lowers `words`. Returns a heap module (free with
 * ir_module_free) or NULL with "file:line: error: ..." lines appended to log.
 * Never crashes on malformed input. */
ir_module *spv_read(const uint32_t *words, size_t nwords, fe_sb *log);

/* What a module must pass before any of its functions is read: the header
 * and version, the capabilities, SPIRV-Tools' validator. For an object
 * that imports functions (clCompileProgram), whose bodies only a link
 * brings. 0, or -1 with the error in log. */
int spv_check(const uint32_t *words, size_t nwords, fe_sb *log);

/* The module as an input of spirv-link: at SPIR-V version `version` (it
 * links one version; a module raised past 1.3 gets every module-scope
 * variable in each entry point's interface, as 1.4 requires), without
 * OpLine/OpNoLine (spv_object.c says why); malloc'd, *nout words; NULL when
 * out of memory or shorter than a header. */
/* Each id's result type (0: none) from SPIRV-Tools' parser: *types
 * malloc'd with *bound entries, or NULL for a module it cannot parse
 * (left for the reader to report). -1 only when out of memory. */
int spv_result_types(const uint32_t *words, size_t nwords, uint32_t **types, uint32_t *bound);

/* spirv-link's output (words[0..n)) mended in place where the linking
 * broke a rule (spv_object.c says which). 0, or -1 when out of memory. */
int spv_link_output(uint32_t *words, size_t n);

uint32_t *spv_link_input(const uint32_t *words, size_t nwords, uint32_t version, size_t *nout);

#endif
