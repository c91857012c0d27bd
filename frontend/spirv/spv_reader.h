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
 *   (imm bytes, aux align, name = the variable's, e.g. "k.tile"); OpenCL 1.2
 *   only declares them in kernels. Initialized UniformConstant variables ->
 *   ir_module.consts[k] and IR_CONST_VAR aux = k. Access chains -> IR_PTRADD
 *   with an I64 byte offset (constant parts folded; index sext to I64 * size).
 *   memcpy (OpCopyMemorySized, constant size) -> loads/stores of the widest
 *   chunks the alignment allows. Generic pointers keep their operand's space.
 * Shifts: the count is resized to the value's type and masked (width-1).
 * Atomics: IR_ATOMIC type = value type, opnd (ptr, value) or for CMPXCHG
 *   (ptr, new value, expected); atomic_inc/dec are ADD/SUB of 1 (IR_A_INC/DEC
 *   are never emitted); atomic load/store are plain IR_LOAD/IR_STORE.
 * Barriers: IR_BARRIER / IR_FENCE aux = CLK flags (1 local, 2 global, 4 image).
 * Control flow: OpSwitch becomes a chain of icmp eq + cbr blocks, in case
 *   order, appended after the function's blocks; a cbr whose targets are one
 *   block becomes br. Phis list one operand per IR predecessor.
 * Math: OpenCL.std sqrt/rsqrt/fabs/fmin/fmax/exp/exp2/log/log2/sin/cos/pow/
 *   floor/ceil/trunc/rint/fmod/native_recip -> IR_MATH (native_/half_ variants
 *   share the op); fma and mad -> IR_FMA; min/max/abs/clamp/mix/mul_hi/mad24
 *   -> integer and float IR ops; vloadn/vstoren -> scalar loads/stores.
 * Lines: every instruction carries the line of the preceding OpLine in its
 *   block (0 when none); ir_inst.name comes from OpName (in name_pool). */

/* Parses, validates and lowers `words`. Returns a heap module (free with
 * ir_module_free) or NULL with "file:line: error: ..." lines appended to log.
 * Never crashes on malformed input. */
ir_module *spv_read(const uint32_t *words, size_t nwords, fe_sb *log);

#endif
