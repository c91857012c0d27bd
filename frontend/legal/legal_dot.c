/* wavesim-legal's rewrite of the cl_khr_integer_dot_product builtins into the
 * SPIR-V friendly calls llvm-spirv 14 turns into SPV_KHR_integer_dot_product
 * instructions (OpSDot, OpUDot, OpSUDot and their AccSat forms).
 *
 * Why: llvm-spirv 14 translates dot(char4/uchar4, ...) into OpDot, a float
 * instruction, dropping the operands' signedness (the four sign combinations
 * become one, and spirv-val rejects it), and leaves dot_acc_sat and the packed
 * forms as calls. Calling `__spirv_{S,U,SU}Dot[AccSat]KHR` instead makes it
 * emit the exact instruction, the PackedVectorFormat operand included (the
 * trailing constant 0 of the packed forms). The mixed forms take the signed
 * operand first, so the `us` builtins swap theirs. */
#include <string.h>

#include <llvm-c/Core.h>
#include <llvm-c/DebugInfo.h>

#include "legal_dot.h"

/* Each builtin and its SPIR-V friendly replacement (int_dot.def). */
static const struct {
  const char *from, *to;
  int swap, packed;
} ld_map[] = {
#define INT_DOT(builtin, spirv, sign, sat, swap, packed) {#builtin, #spirv, swap, packed},
#include "../int_dot.def"
#undef INT_DOT
};

#define LD_MAX_ARGS 4

/* The declaration `name` with the parameter types of `args` (plus an i32
 * when packed) returning i32, with old's attributes (readnone: opt may still
 * move or merge the calls when this runs before it). */
static LLVMValueRef ld_callee(LLVMModuleRef m, LLVMValueRef old, const char *name,
                              LLVMTypeRef *params, unsigned n) {
  LLVMValueRef f = LLVMGetNamedFunction(m, name);
  if (f) return f;
  LLVMTypeRef ret = LLVMGetReturnType(LLVMGlobalGetValueType(old));
  f = LLVMAddFunction(m, name, LLVMFunctionType(ret, params, n, 0));
  LLVMSetFunctionCallConv(f, LLVMGetFunctionCallConv(old));
  unsigned na = LLVMGetAttributeCountAtIndex(old, LLVMAttributeFunctionIndex);
  LLVMAttributeRef at[64];
  if (na <= 64) {
    LLVMGetAttributesAtIndex(old, LLVMAttributeFunctionIndex, at);
    for (unsigned k = 0; k < na; k++) LLVMAddAttributeAtIndex(f, LLVMAttributeFunctionIndex, at[k]);
  }
  return f;
}

unsigned lg_int_dot_rewrite(LLVMModuleRef m, LLVMBuilderRef b) {
  unsigned done = 0;
  LLVMTypeRef i32 = LLVMInt32TypeInContext(LLVMGetModuleContext(m));
  for (size_t k = 0; k < sizeof ld_map / sizeof ld_map[0]; k++) {
    LLVMValueRef old = LLVMGetNamedFunction(m, ld_map[k].from);
    if (!old || LLVMGetFirstBasicBlock(old)) continue; /* absent, or the program's own */
    LLVMValueRef f = NULL;
    for (LLVMUseRef u = LLVMGetFirstUse(old), nx; u; u = nx) {
      nx = LLVMGetNextUse(u);
      LLVMValueRef call = LLVMGetUser(u);
      if (!LLVMIsACallInst(call) || LLVMGetCalledValue(call) != old) continue;
      unsigned n = LLVMGetNumArgOperands(call);
      if (n < 2 || n + (unsigned)ld_map[k].packed > LD_MAX_ARGS) continue; /* not the builtin */
      LLVMValueRef args[LD_MAX_ARGS];
      LLVMTypeRef params[LD_MAX_ARGS];
      for (unsigned a = 0; a < n; a++) args[a] = LLVMGetOperand(call, a);
      if (ld_map[k].swap) {
        LLVMValueRef t = args[0];
        args[0] = args[1];
        args[1] = t;
      }
      if (ld_map[k].packed) args[n++] = LLVMConstInt(i32, 0, 0); /* PackedVectorFormat4x8Bit */
      for (unsigned a = 0; a < n; a++) params[a] = LLVMTypeOf(args[a]);
      if (!f) f = ld_callee(m, old, ld_map[k].to, params, n);
      LLVMPositionBuilderBefore(b, call);
      LLVMValueRef nc = LLVMBuildCall2(b, LLVMGlobalGetValueType(f), f, args, n, "");
      LLVMSetInstructionCallConv(nc, LLVMGetFunctionCallConv(f));
      LLVMInstructionSetDebugLoc(nc, LLVMInstructionGetDebugLoc(call));
      LLVMReplaceAllUsesWith(call, nc);
      LLVMInstructionEraseFromParent(call);
      done++;
    }
    if (!LLVMGetFirstUse(old)) LLVMDeleteFunction(old);
  }
  return done;
}
