/* wavesim-legal: private-address-space globals. clang gives an initialised
 * private aggregate a private-space global, which llvm-spirv 14 would emit at
 * module scope with the Function storage class (an invalid module): one only
 * ever copied from becomes __constant data, any other a per-function alloca
 * holding the initial value (legal.c's header says more). */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <llvm-c/Core.h>
#include <llvm-c/DebugInfo.h>

#include "legal_internal.h"

/* ---- private globals -> per-function allocas ------------------------------ */

int lg_is_private_global(LLVMValueRef g) {
  size_t n = 0;
  const char *name = LLVMGetValueName2(g, &n);
  if (n >= 5 && !strncmp(name, "llvm.", 5)) return 0; /* llvm.used and friends */
  return LLVMGetPointerAddressSpace(LLVMTypeOf(g)) == 0;
}

/* Whether every user of v is a constant with no live user (what a rewrite
 * leaves behind: dead constants are never printed but keep v used). */
int lg_only_dead_users(LLVMValueRef v, int depth) {
  for (LLVMUseRef u = LLVMGetFirstUse(v); u; u = LLVMGetNextUse(u)) {
    LLVMValueRef w = LLVMGetUser(u);
    if (depth > 16 || !LLVMIsAConstantExpr(w) || !lg_only_dead_users(w, depth + 1)) return 0;
  }
  return 1;
}

/* Whether constant v reaches a private global. */
static int lg_refs_private(LLVMValueRef v, int depth) {
  if (depth > 64) return 0;
  if (LLVMIsAGlobalVariable(v)) return lg_is_private_global(v);
  if (LLVMIsAGlobalValue(v) || !LLVMIsAConstantExpr(v)) return 0;
  for (int i = 0, n = LLVMGetNumOperands(v); i < n; i++)
    if (lg_refs_private(LLVMGetOperand(v, (unsigned)i), depth + 1)) return 1;
  return 0;
}

/* Stores the constant c into ptr element by element (aggregates through
 * GEPs), so no aggregate constant store reaches the translator; *budget
 * bounds the count. Undefined parts are left alone. */
static int lg_store_init(lg_ctx *x, LLVMValueRef ptr, LLVMValueRef c, unsigned *budget) {
  if (LLVMIsAUndefValue(c)) return 0;
  LLVMTypeRef t = LLVMTypeOf(c);
  LLVMTypeKind k = LLVMGetTypeKind(t);
  if (k != LLVMStructTypeKind && k != LLVMArrayTypeKind) {
    if (!*budget) return -1;
    --*budget;
    LLVMBuildStore(x->b, c, ptr);
    return 0;
  }
  unsigned n = k == LLVMStructTypeKind ? LLVMCountStructElementTypes(t) : LLVMGetArrayLength(t);
  LLVMTypeRef i32 = LLVMInt32TypeInContext(x->c);
  for (unsigned e = 0; e < n; e++) {
    LLVMTypeRef et =
        k == LLVMStructTypeKind ? LLVMStructGetTypeAtIndex(t, e) : LLVMGetElementType(t);
    LLVMValueRef ec = LLVMIsAConstantAggregateZero(c)    ? LLVMConstNull(et)
                      : LLVMIsAConstantDataSequential(c) ? LLVMGetElementAsConstant(c, e)
                                                         : LLVMGetOperand(c, e);
    LLVMValueRef idx[2] = {LLVMConstInt(i32, 0, 0), LLVMConstInt(i32, e, 0)};
    LLVMValueRef p = LLVMBuildInBoundsGEP2(x->b, t, ptr, idx, 2, "");
    if (lg_store_init(x, p, ec, budget)) return -1;
  }
  return 0;
}

/* The alloca standing for private global g in fn (made on first use, at the
 * entry, initialised there). */
typedef struct lg_slot {
  LLVMValueRef g, a;
} lg_slot;

static LLVMValueRef lg_slot_for(lg_ctx *x, LLVMValueRef fn, LLVMValueRef g, lg_slot *s,
                                unsigned *ns, unsigned cap) {
  for (unsigned i = 0; i < *ns; i++)
    if (s[i].g == g) return s[i].a;
  if (*ns == cap) return NULL;
  LLVMBasicBlockRef entry = LLVMGetEntryBasicBlock(fn);
  LLVMValueRef first = LLVMGetFirstInstruction(entry);
  lg_at(x, first);
  LLVMTypeRef vt = LLVMGetElementType(LLVMTypeOf(g));
  LLVMValueRef a = LLVMBuildAlloca(x->b, vt, "");
  LLVMSetAlignment(a, LLVMGetAlignment(g) ? LLVMGetAlignment(g) : 16);
  LLVMValueRef init = LLVMGetInitializer(g);
  unsigned budget = LG_MAX_STORES;
  if (init) {
    LLVMValueRef f = lg_fold(x, init, 0);
    if (!f || lg_store_init(x, a, f, &budget)) return NULL;
  }
  s[*ns].g = g, s[*ns].a = a;
  ++*ns;
  x->privatised++;
  return a;
}

/* Constant expression v (reaching private globals) as instructions before
 * `at`, the globals replaced by fn's allocas; NULL for an opcode not handled. */
static LLVMValueRef lg_materialise(lg_ctx *x, LLVMValueRef fn, LLVMValueRef v, LLVMValueRef at,
                                   lg_slot *s, unsigned *ns, unsigned cap) {
  if (LLVMIsAGlobalVariable(v) && lg_is_private_global(v)) return lg_slot_for(x, fn, v, s, ns, cap);
  if (!LLVMIsAConstantExpr(v) || !lg_refs_private(v, 0)) return v;
  LLVMOpcode op = LLVMGetConstOpcode(v);
  unsigned n = (unsigned)LLVMGetNumOperands(v);
  LLVMValueRef ops[16];
  if (n > 16) return NULL;
  for (unsigned i = 0; i < n; i++)
    if (!(ops[i] = lg_materialise(x, fn, LLVMGetOperand(v, i), at, s, ns, cap))) return NULL;
  lg_at(x, at);
  LLVMTypeRef t = LLVMTypeOf(v);
  switch (op) {
  case LLVMBitCast:
  case LLVMAddrSpaceCast:
  case LLVMPtrToInt:
  case LLVMIntToPtr:
  case LLVMTrunc:
  case LLVMZExt:
  case LLVMSExt:
    return LLVMBuildCast(x->b, op, ops[0], t, "");
  case LLVMGetElementPtr: {
    LLVMTypeRef st = LLVMGetGEPSourceElementType(v);
    return LLVMBuildInBoundsGEP2(x->b, st, ops[0], ops + 1, n - 1, "");
  }
  case LLVMAdd:
  case LLVMSub:
  case LLVMMul:
  case LLVMAnd:
  case LLVMOr:
  case LLVMXor:
    return LLVMBuildBinOp(x->b, op, ops[0], ops[1], "");
  default:
    return NULL;
  }
}

void lg_privatise(lg_ctx *x, LLVMValueRef fn) {
  lg_slot s[64];
  unsigned ns = 0;
  for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(fn); bb; bb = LLVMGetNextBasicBlock(bb))
    for (LLVMValueRef i = LLVMGetFirstInstruction(bb); i; i = LLVMGetNextInstruction(i)) {
      int phi = LLVMGetInstructionOpcode(i) == LLVMPHI;
      for (int k = 0, n = LLVMGetNumOperands(i); k < n; k++) {
        LLVMValueRef op = LLVMGetOperand(i, (unsigned)k);
        if (!op || !LLVMIsAConstant(op) || !lg_refs_private(op, 0)) continue;
        /* a phi's operand is computed at the end of its incoming block */
        LLVMValueRef at =
            phi ? LLVMGetBasicBlockTerminator(LLVMGetIncomingBlock(i, (unsigned)k)) : i;
        LLVMValueRef r = lg_materialise(x, fn, op, at, s, &ns, 64);
        if (r)
          LLVMSetOperand(i, (unsigned)k, r);
        else
          lg_report(x, i, fn, "a private-address-space global used in this form");
      }
    }
}

/* ---- memcpy-only private globals -> the constant address space ----------- */

/* user, when it is a call of an llvm.memcpy intrinsic; else NULL. */
static LLVMValueRef lg_memcpy_of(LLVMValueRef user) {
  if (!LLVMIsACallInst(user)) return NULL;
  LLVMValueRef callee = LLVMGetCalledValue(user);
  size_t n = 0;
  const char *name = callee && LLVMIsAFunction(callee) ? LLVMGetValueName2(callee, &n) : "";
  return n > 12 && !strncmp(name, "llvm.memcpy.", 12) ? user : NULL;
}

/* Whether every use of private global g is as the source of a memcpy
 * (through a bitcast constant used only so): clang's constant part of a
 * private aggregate initialiser, which can live in constant memory. */
int lg_memcpy_only(LLVMValueRef g) {
  if (!LLVMGetInitializer(g)) return 0;
  int any = 0;
  for (LLVMUseRef u = LLVMGetFirstUse(g); u; u = LLVMGetNextUse(u)) {
    LLVMValueRef c = LLVMGetUser(u);
    if (!LLVMIsAConstantExpr(c) || LLVMGetConstOpcode(c) != LLVMBitCast) return 0;
    for (LLVMUseRef v = LLVMGetFirstUse(c); v; v = LLVMGetNextUse(v)) {
      LLVMValueRef call = lg_memcpy_of(LLVMGetUser(v));
      if (!call || LLVMGetNumArgOperands(call) != 4 || LLVMGetOperand(call, 1) != c ||
          LLVMGetOperand(call, 0) == c)
        return 0;
      any = 1;
    }
  }
  return any;
}

/* Moves memcpy-only private global g to addrspace(2) (UniformConstant) and
 * its memcpys to the intrinsic that reads from there
 * (llvm.memcpy.p0i8.p2i8.iN), keeping the operands' attributes (alignment). */
void lg_to_constant(lg_ctx *x, LLVMValueRef g) {
  LLVMTypeRef vt = LLVMGetElementType(LLVMTypeOf(g));
  LLVMValueRef ng = LLVMAddGlobalInAddressSpace(x->m, vt, "", 2);
  LLVMSetInitializer(ng, LLVMGetInitializer(g));
  LLVMSetGlobalConstant(ng, 1);
  LLVMSetLinkage(ng, LLVMPrivateLinkage);
  LLVMSetUnnamedAddress(ng, LLVMGetUnnamedAddress(g));
  LLVMSetAlignment(ng, LLVMGetAlignment(g));
  LLVMTypeRef i8p2 = LLVMPointerType(LLVMInt8TypeInContext(x->c), 2);
  LLVMValueRef src = LLVMConstBitCast(ng, i8p2);
  /* the calls first: rewriting them changes the use lists being walked */
  unsigned ncalls = 0, cap = 0;
  LLVMValueRef *calls = NULL;
  for (LLVMUseRef u = LLVMGetFirstUse(g); u; u = LLVMGetNextUse(u))
    for (LLVMUseRef v = LLVMGetFirstUse(LLVMGetUser(u)); v; v = LLVMGetNextUse(v)) {
      if (ncalls == cap) {
        LLVMValueRef *nb = realloc(calls, (cap = cap ? 2 * cap : 8) * sizeof *nb);
        if (!nb) {
          free(calls);
          return; /* left as it is: the final check reports it */
        }
        calls = nb;
      }
      calls[ncalls++] = LLVMGetUser(v);
    }
  for (unsigned ci = 0; ci < ncalls; ci++) {
    LLVMValueRef call = calls[ci];
    LLVMValueRef args[4] = {LLVMGetOperand(call, 0), src, LLVMGetOperand(call, 2),
                            LLVMGetOperand(call, 3)};
    LLVMTypeRef lt = LLVMTypeOf(args[2]);
    char fname[64];
    snprintf(fname, sizeof fname, "llvm.memcpy.p0i8.p2i8.i%u", LLVMGetIntTypeWidth(lt));
    LLVMTypeRef ps[4] = {LLVMTypeOf(args[0]), i8p2, lt, LLVMInt1TypeInContext(x->c)};
    LLVMTypeRef ft = LLVMFunctionType(LLVMVoidTypeInContext(x->c), ps, 4, 0);
    LLVMValueRef fn = LLVMGetNamedFunction(x->m, fname);
    if (!fn) fn = LLVMAddFunction(x->m, fname, ft);
    lg_at(x, call);
    LLVMValueRef nc = LLVMBuildCall2(x->b, ft, fn, args, 4, "");
    for (unsigned a = 1; a <= 2; a++) { /* align, noalias of the two pointers */
      LLVMAttributeRef at[16];
      unsigned na = LLVMGetCallSiteAttributeCount(call, a);
      if (na > 16) continue;
      LLVMGetCallSiteAttributes(call, a, at);
      for (unsigned k = 0; k < na; k++) LLVMAddCallSiteAttribute(nc, a, at[k]);
    }
    /* its metadata too: !tbaa.struct guides SROA's split of the copy */
    size_t nmd = 0;
    LLVMValueMetadataEntry *md = LLVMInstructionGetAllMetadataOtherThanDebugLoc(call, &nmd);
    for (unsigned k = 0; k < nmd; k++)
      LLVMSetMetadata(nc, LLVMValueMetadataEntriesGetKind(md, k),
                      LLVMMetadataAsValue(x->c, LLVMValueMetadataEntriesGetMetadata(md, k)));
    if (md) LLVMDisposeValueMetadataEntries(md);
    LLVMInstructionEraseFromParent(call);
  }
  free(calls);
  /* the now dead bitcast constants still use g: replacing g rebuilds them on
   * the new global (dead too, never printed), so g can go */
  LLVMReplaceAllUsesWith(g, LLVMConstAddrSpaceCast(ng, LLVMTypeOf(g)));
  size_t n = 0;
  const char *name = LLVMGetValueName2(g, &n);
  char *keep = malloc(n + 1);
  if (keep) {
    memcpy(keep, name, n);
    keep[n] = 0;
  }
  LLVMDeleteGlobal(g);
  if (keep) LLVMSetValueName2(ng, keep, n);
  free(keep);
  x->constants++;
}
