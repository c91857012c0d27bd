/* The per-instruction dispatch of the SPIR-V reader: one table from opcode to
 * lowering handler (the handlers live in the file owning their family). */
#include <spirv/unified1/OpenCL.std.h>
#include <spirv/unified1/spirv.h>
#include <stdlib.h>
#include <string.h>

#include "spv_internal.h"
#include "spv_tables.h"

#define W(k) spv_word(m, i, (k))

static void spv_unsupported(spv_fn *x, uint32_t i, const char *hint) {
  spv_mod *m = x->m;
  const char *n = spv_op_name(m->ins[i].op);
  spv_error(m, x->line, "unsupported SPIR-V instruction %s%s%s%s; not implemented yet",
            n ? n : "(unknown opcode)", hint ? " (" : "", hint ? hint : "", hint ? ")" : "");
}

static const char *spv_hint(uint16_t op) {
  switch (op) {
  case SpvOpImageSampleImplicitLod:
  case SpvOpImageFetch:
  case SpvOpImageGather:
    return "not an OpenCL image access";
  case SpvOpEnqueueKernel:
    return "enqueue_kernel";
  default:
    return NULL;
  }
}

/* ---- handlers of the instructions that only steer the reader -------------- */
static void spv_h_line(spv_fn *x, uint32_t i, uint32_t arg) {
  (void)arg;
  spv_mod *m = x->m;
  x->line = W(2);
}

static void spv_h_no_line(spv_fn *x, uint32_t i, uint32_t arg) {
  (void)i, (void)arg;
  x->line = 0;
}

/* OpNop, lifetimes, merges, names and decorations: nothing to lower */
static void spv_h_nothing(spv_fn *x, uint32_t i, uint32_t arg) {
  (void)x, (void)i, (void)arg;
}

static void spv_h_ext_inst(spv_fn *x, uint32_t i, uint32_t arg) {
  (void)arg;
  spv_mod *m = x->m;
  uint32_t set = W(3);
  if (set < m->bound && m->ids[set].ext == 2)
    return; /* OpenCL.DebugInfo.100: line info comes from OpLine */
  if (set < m->bound && m->ids[set].ext == 1) {
    if (W(4) == OpenCLstd_Prefetch) /* prefetch is only a cache hint: nothing */
      return;
    spv_lower_clstd(x, i);
    return;
  }
  spv_error(m, x->line, "unsupported extended instruction set '%s'; not implemented yet",
            set < m->bound && m->ids[set].str ? m->ids[set].str : "?");
}

/* families whose lowering entry points take no table argument */
static void spv_h_generic_sem(spv_fn *x, uint32_t i, uint32_t arg) {
  (void)arg, spv_generic_ptr_mem_semantics(x, i);
}
static void spv_h_convert(spv_fn *x, uint32_t i, uint32_t arg) {
  (void)arg, spv_convert(x, i);
}
static void spv_h_bitcast(spv_fn *x, uint32_t i, uint32_t arg) {
  (void)arg, spv_bitcast(x, i);
}
static void spv_h_async_copy(spv_fn *x, uint32_t i, uint32_t arg) {
  (void)arg, spv_async_copy(x, i);
}
static void spv_h_wait_events(spv_fn *x, uint32_t i, uint32_t arg) {
  (void)arg, spv_wait_events(x, i);
}

/* ---- the table ------------------------------------------------------------- */
typedef struct spv_handler {
  void (*fn)(spv_fn *x, uint32_t i, uint32_t arg);
  uint32_t arg; /* an ir_op, ir_pred or ir_atomic, as the handler says */
} spv_handler;

#define H(opc, f, a) [SpvOp##opc] = {spv_h_##f, (uint32_t)(a)}
/* Every opcode a function body may hold that the reader lowers; the rest are
 * reported as unsupported. Indexed by SpvOp. */
/* clang-format off */
static const spv_handler spv_handlers[] = {
    H(Line, line, 0), H(NoLine, no_line, 0), H(Label, label, 0),
    H(Nop, nothing, 0), H(LifetimeStart, nothing, 0), H(LifetimeStop, nothing, 0),
    H(SelectionMerge, nothing, 0), H(LoopMerge, nothing, 0), H(Name, nothing, 0),
    H(Decorate, nothing, 0),
    H(Undef, undef, 0), H(ExtInst, ext_inst, 0),
    /* memory */
    H(Variable, variable, 0), H(Load, load, 0), H(Store, store, 0),
    H(CopyMemory, copy_memory, 0), H(CopyMemorySized, copy_memory, 0), H(SizeOf, size_of, 0),
    H(AccessChain, access_chain, 0), H(InBoundsAccessChain, access_chain, 0),
    H(PtrAccessChain, access_chain, 1), H(InBoundsPtrAccessChain, access_chain, 1),
    /* arithmetic and logic */
    H(IAdd, binop, IR_ADD), H(ISub, binop, IR_SUB), H(IMul, binop, IR_MUL),
    H(SDiv, binop, IR_SDIV), H(UDiv, binop, IR_UDIV), H(SRem, binop, IR_SREM),
    H(UMod, binop, IR_UREM), H(BitwiseAnd, binop, IR_AND), H(LogicalAnd, binop, IR_AND),
    H(BitwiseOr, binop, IR_OR), H(LogicalOr, binop, IR_OR), H(BitwiseXor, binop, IR_XOR),
    H(LogicalNotEqual, binop, IR_XOR), H(FAdd, binop, IR_FADD), H(FSub, binop, IR_FSUB),
    H(FMul, binop, IR_FMUL), H(FDiv, binop, IR_FDIV), H(FRem, binop, IR_FREM),
    H(Not, unop, IR_NOT), H(LogicalNot, unop, IR_NOT), H(SNegate, unop, IR_SUB),
    H(FNegate, unop, IR_FNEG), H(BitCount, bitcount, 0),
    H(ShiftLeftLogical, shift, IR_SHL), H(ShiftRightLogical, shift, IR_LSHR),
    H(ShiftRightArithmetic, shift, IR_ASHR),
    /* extended bit operations and integer dot products (spv_bits.c) */
    H(BitFieldInsert, bitfield, 0), H(BitFieldSExtract, bitfield, 1),
    H(BitFieldUExtract, bitfield, 2), H(BitReverse, bit_reverse, 0),
    H(SDot, int_dot, IR_DOT_SS), H(UDot, int_dot, IR_DOT_UU), H(SUDot, int_dot, IR_DOT_SU),
    H(SDotAccSat, int_dot, IR_DOT_SS | IR_DOT_SAT), H(UDotAccSat, int_dot, IR_DOT_UU | IR_DOT_SAT),
    H(SUDotAccSat, int_dot, IR_DOT_SU | IR_DOT_SAT),
    /* comparisons */
    H(IEqual, icmp, IR_P_EQ), H(LogicalEqual, icmp, IR_P_EQ), H(INotEqual, icmp, IR_P_NE),
    H(SLessThan, icmp, IR_P_SLT), H(SLessThanEqual, icmp, IR_P_SLE),
    H(SGreaterThan, icmp, IR_P_SGT), H(SGreaterThanEqual, icmp, IR_P_SGE),
    H(ULessThan, icmp, IR_P_ULT), H(ULessThanEqual, icmp, IR_P_ULE),
    H(UGreaterThan, icmp, IR_P_UGT), H(UGreaterThanEqual, icmp, IR_P_UGE),
    /* SPIR-V 1.4's pointer comparisons: the addresses as integers */
    H(PtrEqual, icmp, IR_P_EQ), H(PtrNotEqual, icmp, IR_P_NE), H(PtrDiff, ptr_diff, 0),
    H(FOrdEqual, fcmp, IR_P_OEQ), H(FOrdNotEqual, fcmp, IR_P_ONE),
    H(FOrdLessThan, fcmp, IR_P_OLT), H(FOrdLessThanEqual, fcmp, IR_P_OLE),
    H(FOrdGreaterThan, fcmp, IR_P_OGT), H(FOrdGreaterThanEqual, fcmp, IR_P_OGE),
    H(FUnordEqual, fcmp, IR_P_UEQ), H(FUnordNotEqual, fcmp, IR_P_UNE),
    H(FUnordLessThan, fcmp, IR_P_ULT_F), H(FUnordLessThanEqual, fcmp, IR_P_ULE_F),
    H(FUnordGreaterThan, fcmp, IR_P_UGT_F), H(FUnordGreaterThanEqual, fcmp, IR_P_UGE_F),
    H(Ordered, fcmp, IR_P_ORD), H(Unordered, fcmp, IR_P_UNO),
    H(LessOrGreater, fcmp, IR_P_ONE),
    H(IsNan, fclass, 0), H(IsInf, fclass, 0), H(IsFinite, fclass, 0), H(IsNormal, fclass, 0),
    H(SignBitSet, fclass, 0), H(Any, any_all, 0), H(All, any_all, 0), H(Select, select, 0),
    /* conversions (spv_convert.c) */
    H(ConvertFToS, convert, 0), H(ConvertFToU, convert, 0), H(ConvertSToF, convert, 0),
    H(ConvertUToF, convert, 0), H(UConvert, convert, 0), H(SConvert, convert, 0),
    H(FConvert, convert, 0), H(ConvertPtrToU, convert, 0), H(SatConvertSToU, convert, 0),
    H(SatConvertUToS, convert, 0), H(ConvertUToPtr, convert, 0),
    H(PtrCastToGeneric, convert, 0), H(GenericCastToPtr, convert, 0),
    H(GenericCastToPtrExplicit, convert, 0), H(Bitcast, bitcast, 0),
    H(GenericPtrMemSemantics, generic_sem, 0),
    /* composites */
    /* OpCopyLogical (1.4): types that differ only in decorations have the
     * same leaves */
    H(CopyObject, copy_object, 0), H(CopyLogical, copy_object, 0), H(CompositeExtract, composite_extract, 0),
    H(CompositeInsert, composite_insert, 0), H(CompositeConstruct, composite_construct, 0),
    H(VectorShuffle, vector_shuffle, 0), H(VectorExtractDynamic, vector_dynamic, 0),
    H(VectorInsertDynamic, vector_dynamic, 0), H(VectorTimesScalar, vector_times_scalar, 0),
    H(Dot, dot, 0),
    /* control flow */
    H(Phi, phi, 0), H(Branch, branch, 0), H(BranchConditional, branch_conditional, 0),
    H(Switch, switch, 0), H(Return, terminator, IR_RET), H(ReturnValue, return_value, 0),
    H(Unreachable, terminator, IR_UNREACHABLE), H(FunctionCall, call, 0),
    /* barriers, async copies, atomics */
    H(ControlBarrier, control_barrier, 0), H(MemoryBarrier, memory_barrier, 0),
    H(GroupAsyncCopy, async_copy, 0), H(GroupWaitEvents, wait_events, 0),
    /* sub-groups (spv_group.c) */
    H(GroupAll, group_vote, 0), H(GroupAny, group_vote, 1),
    H(GroupNonUniformAll, group_vote, 0), H(GroupNonUniformAny, group_vote, 1),
    H(GroupBroadcast, group_shuffle, IR_SG_SHUFFLE),
    H(GroupIAdd, group_arith, IR_ADD), H(GroupFAdd, group_arith, IR_FADD),
    H(GroupSMin, group_arith, IR_SMIN), H(GroupUMin, group_arith, IR_UMIN),
    H(GroupFMin, group_arith, IR_SG_FMIN), H(GroupSMax, group_arith, IR_SMAX),
    H(GroupUMax, group_arith, IR_UMAX), H(GroupFMax, group_arith, IR_SG_FMAX),
    H(GroupNonUniformIAdd, group_arith, IR_ADD), H(GroupNonUniformFAdd, group_arith, IR_FADD),
    H(GroupNonUniformIMul, group_arith, IR_MUL), H(GroupNonUniformFMul, group_arith, IR_FMUL),
    H(GroupNonUniformSMin, group_arith, IR_SMIN), H(GroupNonUniformUMin, group_arith, IR_UMIN),
    H(GroupNonUniformFMin, group_arith, IR_SG_FMIN), H(GroupNonUniformSMax, group_arith, IR_SMAX),
    H(GroupNonUniformUMax, group_arith, IR_UMAX), H(GroupNonUniformFMax, group_arith, IR_SG_FMAX),
    H(GroupNonUniformBitwiseAnd, group_arith, IR_AND), H(GroupNonUniformBitwiseOr, group_arith, IR_OR),
    H(GroupNonUniformBitwiseXor, group_arith, IR_XOR), H(GroupNonUniformLogicalAnd, group_arith, IR_AND),
    H(GroupNonUniformLogicalOr, group_arith, IR_OR), H(GroupNonUniformLogicalXor, group_arith, IR_XOR),
    H(GroupNonUniformShuffle, group_shuffle, IR_SG_SHUFFLE),
    H(GroupNonUniformBroadcast, group_shuffle, IR_SG_SHUFFLE),
    H(GroupNonUniformBroadcastFirst, group_broadcast_first, 0),
    H(GroupNonUniformRotateKHR, group_rotate, 0), H(GroupNonUniformElect, group_elect, 0), H(GroupNonUniformAllEqual, group_all_equal, 0),
    H(GroupNonUniformBallot, group_ballot, SpvOpGroupNonUniformBallot),
    H(GroupNonUniformInverseBallot, group_ballot, SpvOpGroupNonUniformInverseBallot),
    H(GroupNonUniformBallotBitExtract, group_ballot, SpvOpGroupNonUniformBallotBitExtract),
    H(GroupNonUniformBallotBitCount, group_ballot, SpvOpGroupNonUniformBallotBitCount),
    H(GroupNonUniformBallotFindLSB, group_ballot, SpvOpGroupNonUniformBallotFindLSB),
    H(GroupNonUniformBallotFindMSB, group_ballot, SpvOpGroupNonUniformBallotFindMSB),
    H(GroupNonUniformShuffleXor, group_shuffle, IR_SG_SHUFFLE_XOR),
    H(GroupNonUniformShuffleUp, group_shuffle, IR_SG_SHUFFLE_UP),
    H(GroupNonUniformShuffleDown, group_shuffle, IR_SG_SHUFFLE_DOWN),
    H(AtomicIAdd, atomic, IR_A_ADD), H(AtomicIIncrement, atomic, IR_A_ADD),
    H(AtomicISub, atomic, IR_A_SUB), H(AtomicIDecrement, atomic, IR_A_SUB),
    H(AtomicExchange, atomic, IR_A_XCHG), H(AtomicCompareExchange, atomic, IR_A_CMPXCHG),
    H(AtomicSMin, atomic, IR_A_SMIN), H(AtomicSMax, atomic, IR_A_SMAX),
    H(AtomicUMin, atomic, IR_A_UMIN), H(AtomicUMax, atomic, IR_A_UMAX),
    H(AtomicAnd, atomic, IR_A_AND), H(AtomicOr, atomic, IR_A_OR), H(AtomicXor, atomic, IR_A_XOR),
    H(AtomicLoad, atomic_load, 0), H(AtomicStore, atomic_store, 0),
    H(AtomicCompareExchangeWeak, atomic, IR_A_CMPXCHG),
    H(AtomicFlagTestAndSet, atomic_flag_test_and_set, 0), H(AtomicFlagClear, atomic_flag_clear, 0),
    /* images (spv_image.c) */
    H(SampledImage, sampled_image, 0), H(ImageSampleExplicitLod, image_sample, 0),
    H(ImageRead, image_read, 0), H(ImageWrite, image_write, 0),
    H(ImageQuerySize, image_query, 0), H(ImageQuerySizeLod, image_query, 0),
    H(ImageQueryFormat, image_query, 0), H(ImageQueryOrder, image_query, 0),
    H(ImageQueryLevels, image_query, 0), H(ImageQuerySamples, image_query, 0),
};
/* clang-format on */
#undef H

/* One SPIR-V instruction of a function body. */
void spv_inst(spv_fn *x, uint32_t i) {
  uint16_t op = x->m->ins[i].op;
  if (op < sizeof spv_handlers / sizeof spv_handlers[0] && spv_handlers[op].fn) {
    spv_handlers[op].fn(x, i, spv_handlers[op].arg);
    return;
  }
  spv_unsupported(x, i, spv_hint(op));
}
