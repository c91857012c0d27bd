/* wavesim-legal: legalises an LLVM 14 module for llvm-spirv 14 as IR (through
 * LLVM's C API), whatever the spelling of the constructs it rewrites.
 *
 * Run by frontend/clc.c as a child process (LLVM stays out of the host
 * process and a crash stays contained) after clang and after opt:
 *   wavesim-legal IN.ll|IN.bc OUT.ll
 * Exit 0: OUT.ll written. Exit 1: a construct the SPIR-V translator cannot
 * take and that this tool cannot rewrite; stderr names it with its source
 * position and line (input.cl in the working directory), never a stack dump.
 *
 * What it rewrites, each keeping the program's meaning exactly:
 *  - `<1 x T>` vectors: LLVM's constant folder spells every constant
 *    scalar-to-vector bitcast (`as_char4(7u)`) as a bitcast of a one-element
 *    vector, at any depth of a constant expression (`as_uint(as_char4(K))`,
 *    an element of a vector literal); llvm-spirv aborts on the type
 *    ("Unsupported vector type with the size of: 1"). Every constant that
 *    mentions the type, in instruction operands and global initialisers, is
 *    evaluated to its little-endian bytes (the device's byte order) and
 *    rebuilt in its own type. An instruction whose own type is `<1 x T>`
 *    (bitcast, insert/extractelement) becomes its scalar equivalent.
 *  - globals of the private (default) address space, which llvm-spirv emits
 *    as module-scope variables of Function storage, which SPIR-V forbids:
 *    clang's home for the constant part of a private aggregate initialiser.
 *    Each function that uses one gets its own copy, an alloca at its entry
 *    initialised element by element from the initialiser; the constant
 *    expressions that reach the global become instructions on the alloca.
 *    Those read only by memcpy (the usual case) move instead to the constant
 *    address space (addrspace(2), UniformConstant), their memcpys reading
 *    from there: no copy in scratch memory.
 *  - `select i1 %c, <N x T>`, a scalar condition on vectors (OpSelect allows
 *    it only from SPIR-V 1.4 on): the condition is splat to <N x i1>.
 *  - `add|sub|mul` on i1 or <N x i1> (the loop unroller's arithmetic on a
 *    counter's low bit; SPIR-V has no integer arithmetic on booleans and
 *    llvm-spirv aborts): the equal xor (add, sub) and and (mul).
 *  - calls of the integer dot product builtins, which llvm-spirv 14 would
 *    translate without their signedness: SPIR-V friendly calls (legal_dot.c).
 * Anything still mentioning `<1 x T>` or a private global afterwards is
 * reported (exit 1) rather than handed to the translator. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <llvm-c/Analysis.h>
#include <llvm-c/Core.h>
#include <llvm-c/DebugInfo.h>
#include <llvm-c/IRReader.h>

#include "legal_dot.h"

/* Everything one run needs; no globals. */
typedef struct lg_ctx {
  LLVMContextRef c;
  LLVMModuleRef m;
  LLVMBuilderRef b;
  int errors;
  unsigned folded, scalarised, privatised, constants, selects, bool_ops;
} lg_ctx;

/* The most bytes one constant may fold through (a 16 x double vector is 128). */
#define LG_MAX_BYTES 1024
/* The most constructs one run reports. */
#define LG_MAX_REPORTS 8
/* The most scalar stores one private global's initialiser may become. */
#define LG_MAX_STORES 4096

/* The builder placed before instruction `at`, with at's source position, so
 * what it builds keeps the line the ISA listing and fault reports show. */
static void lg_at(lg_ctx *x, LLVMValueRef at) {
  LLVMPositionBuilderBefore(x->b, at);
  LLVMSetCurrentDebugLocation2(x->b, LLVMInstructionGetDebugLoc(at));
}

/* ---- types ---------------------------------------------------------------- */

static int lg_is_vec1(LLVMTypeRef t) {
  return LLVMGetTypeKind(t) == LLVMVectorTypeKind && LLVMGetVectorSize(t) == 1;
}

/* Whether t is or contains (through aggregates and pointees) a <1 x T>. */
static int lg_type_has_vec1(LLVMTypeRef t, int depth) {
  if (depth > 16) return 0; /* recursive struct types through pointers */
  switch (LLVMGetTypeKind(t)) {
  case LLVMVectorTypeKind:
    return LLVMGetVectorSize(t) == 1;
  case LLVMArrayTypeKind:
  case LLVMPointerTypeKind:
    return lg_type_has_vec1(LLVMGetElementType(t), depth + 1);
  case LLVMStructTypeKind:
    for (unsigned i = 0, n = LLVMCountStructElementTypes(t); i < n; i++)
      if (lg_type_has_vec1(LLVMStructGetTypeAtIndex(t, i), depth + 1)) return 1;
    return 0;
  case LLVMFunctionTypeKind: {
    if (lg_type_has_vec1(LLVMGetReturnType(t), depth + 1)) return 1;
    unsigned n = LLVMCountParamTypes(t);
    LLVMTypeRef ps[64];
    if (n > 64) return 0;
    LLVMGetParamTypes(t, ps);
    for (unsigned i = 0; i < n; i++)
      if (lg_type_has_vec1(ps[i], depth + 1)) return 1;
    return 0;
  }
  default:
    return 0;
  }
}

/* Byte size of a scalar int/fp type, 0 for anything else (i1, pointers). */
static unsigned lg_scalar_bytes(LLVMTypeRef t) {
  switch (LLVMGetTypeKind(t)) {
  case LLVMIntegerTypeKind: {
    unsigned w = LLVMGetIntTypeWidth(t);
    return w % 8 == 0 && w <= 64 ? w / 8 : 0;
  }
  case LLVMHalfTypeKind:
    return 2;
  case LLVMFloatTypeKind:
    return 4;
  case LLVMDoubleTypeKind:
    return 8;
  default:
    return 0;
  }
}

/* Byte size of a "numeric" type (scalar or vector of scalars), 0 otherwise. */
static unsigned lg_numeric_bytes(LLVMTypeRef t) {
  if (LLVMGetTypeKind(t) == LLVMVectorTypeKind)
    return LLVMGetVectorSize(t) * lg_scalar_bytes(LLVMGetElementType(t));
  return lg_scalar_bytes(t);
}

/* ---- constants ------------------------------------------------------------ */

/* Whether constant v (not a global) mentions a <1 x T> in its type or in any
 * operand, at any depth. */
static int lg_const_has_vec1(LLVMValueRef v, int depth) {
  if (depth > 64 || LLVMIsAGlobalValue(v)) return 0;
  if (lg_type_has_vec1(LLVMTypeOf(v), 0)) return 1;
  if (!LLVMIsAConstantExpr(v) && !LLVMIsAConstantVector(v) && !LLVMIsAConstantStruct(v) &&
      !LLVMIsAConstantArray(v))
    return 0;
  for (int i = 0, n = LLVMGetNumOperands(v); i < n; i++)
    if (lg_const_has_vec1(LLVMGetOperand(v, (unsigned)i), depth + 1)) return 1;
  return 0;
}

/* The little-endian bytes of numeric constant v (size = its byte size) into
 * out; 0 on success, -1 for a constant that is not plain numbers (an
 * address, a shuffle). Undefined elements read as zero (any value is theirs). */
static int lg_bytes(lg_ctx *x, LLVMValueRef v, uint8_t *out, unsigned size, int depth) {
  LLVMTypeRef t = LLVMTypeOf(v);
  if (depth > 64 || size == 0 || size > LG_MAX_BYTES || lg_numeric_bytes(t) != size) return -1;
  if (LLVMIsAUndefValue(v) || LLVMIsAConstantAggregateZero(v) || LLVMIsNull(v)) {
    memset(out, 0, size);
    return 0;
  }
  if (LLVMGetTypeKind(t) == LLVMVectorTypeKind) {
    unsigned n = LLVMGetVectorSize(t), es = size / n;
    for (unsigned i = 0; i < n; i++) {
      LLVMValueRef e = LLVMIsAConstantDataVector(v) ? LLVMGetElementAsConstant(v, i)
                       : LLVMIsAConstantVector(v)   ? LLVMGetOperand(v, i)
                                                    : NULL;
      if (!e) break; /* a constant expression of vector type: below */
      if (lg_bytes(x, e, out + i * es, es, depth + 1)) return -1;
      if (i + 1 == n) return 0;
    }
  }
  if (LLVMIsAConstantInt(v)) {
    unsigned long long u = LLVMConstIntGetZExtValue(v);
    for (unsigned i = 0; i < size; i++) out[i] = (uint8_t)(u >> (8 * i));
    return 0;
  }
  if (LLVMIsAConstantFP(v)) { /* its exact bits: the bitcast folds to an integer */
    LLVMValueRef bits = LLVMConstBitCast(v, LLVMIntTypeInContext(x->c, size * 8));
    return LLVMIsAConstantInt(bits) ? lg_bytes(x, bits, out, size, depth + 1) : -1;
  }
  if (!LLVMIsAConstantExpr(v)) return -1;
  switch (LLVMGetConstOpcode(v)) {
  case LLVMBitCast:
    return lg_bytes(x, LLVMGetOperand(v, 0), out, size, depth + 1);
  case LLVMExtractElement: {
    LLVMValueRef vec = LLVMGetOperand(v, 0), idx = LLVMGetOperand(v, 1);
    unsigned vs = lg_numeric_bytes(LLVMTypeOf(vec)), n = LLVMGetVectorSize(LLVMTypeOf(vec));
    uint8_t buf[LG_MAX_BYTES];
    if (!LLVMIsAConstantInt(idx) || lg_bytes(x, vec, buf, vs, depth + 1)) return -1;
    unsigned long long k = LLVMConstIntGetZExtValue(idx);
    if (k >= n)
      memset(out, 0, size); /* poison: any value */
    else
      memcpy(out, buf + k * size, size);
    return 0;
  }
  case LLVMInsertElement: {
    LLVMValueRef vec = LLVMGetOperand(v, 0), e = LLVMGetOperand(v, 1), idx = LLVMGetOperand(v, 2);
    unsigned n = LLVMGetVectorSize(t), es = size / n;
    if (!LLVMIsAConstantInt(idx) || lg_bytes(x, vec, out, size, depth + 1)) return -1;
    unsigned long long k = LLVMConstIntGetZExtValue(idx);
    return k < n ? lg_bytes(x, e, out + k * es, es, depth + 1) : 0;
  }
  default:
    return -1;
  }
}

/* The constant of numeric type t whose bytes are b; NULL if t is not numeric. */
static LLVMValueRef lg_from_bytes(lg_ctx *x, LLVMTypeRef t, const uint8_t *b) {
  if (LLVMGetTypeKind(t) == LLVMVectorTypeKind) {
    unsigned n = LLVMGetVectorSize(t), es = lg_scalar_bytes(LLVMGetElementType(t));
    LLVMValueRef el[256];
    if (!es || n > 256) return NULL;
    for (unsigned i = 0; i < n; i++)
      if (!(el[i] = lg_from_bytes(x, LLVMGetElementType(t), b + i * es))) return NULL;
    return LLVMConstVector(el, n);
  }
  unsigned size = lg_scalar_bytes(t);
  if (!size) return NULL;
  unsigned long long u = 0;
  for (unsigned i = 0; i < size; i++) u |= (unsigned long long)b[i] << (8 * i);
  LLVMValueRef k = LLVMConstInt(LLVMIntTypeInContext(x->c, size * 8), u, 0);
  /* int -> fp bitcast of a constant folds to the exact ConstantFP */
  return LLVMGetTypeKind(t) == LLVMIntegerTypeKind ? k : LLVMConstBitCast(k, t);
}

/* LLVM's constant constructors by opcode: a constant expression is rebuilt
 * from its folded operands through these, and LLVM folds it as it does. */
static const struct {
  LLVMOpcode op;
  LLVMValueRef (*cast)(LLVMValueRef, LLVMTypeRef);
} lg_casts[] = {
    {LLVMTrunc, LLVMConstTrunc},       {LLVMZExt, LLVMConstZExt},
    {LLVMSExt, LLVMConstSExt},         {LLVMFPTrunc, LLVMConstFPTrunc},
    {LLVMFPExt, LLVMConstFPExt},       {LLVMUIToFP, LLVMConstUIToFP},
    {LLVMSIToFP, LLVMConstSIToFP},     {LLVMFPToUI, LLVMConstFPToUI},
    {LLVMFPToSI, LLVMConstFPToSI},     {LLVMPtrToInt, LLVMConstPtrToInt},
    {LLVMIntToPtr, LLVMConstIntToPtr}, {LLVMAddrSpaceCast, LLVMConstAddrSpaceCast},
};
static const struct {
  LLVMOpcode op;
  LLVMValueRef (*bin)(LLVMValueRef, LLVMValueRef);
} lg_bins[] = {
    {LLVMAdd, LLVMConstAdd},   {LLVMSub, LLVMConstSub},   {LLVMMul, LLVMConstMul},
    {LLVMUDiv, LLVMConstUDiv}, {LLVMSDiv, LLVMConstSDiv}, {LLVMURem, LLVMConstURem},
    {LLVMSRem, LLVMConstSRem}, {LLVMShl, LLVMConstShl},   {LLVMLShr, LLVMConstLShr},
    {LLVMAShr, LLVMConstAShr}, {LLVMAnd, LLVMConstAnd},   {LLVMOr, LLVMConstOr},
    {LLVMXor, LLVMConstXor},   {LLVMFAdd, LLVMConstFAdd}, {LLVMFSub, LLVMConstFSub},
    {LLVMFMul, LLVMConstFMul}, {LLVMFDiv, LLVMConstFDiv}, {LLVMFRem, LLVMConstFRem},
};

static LLVMValueRef lg_fold(lg_ctx *x, LLVMValueRef v, int depth);

/* Constant expression v rebuilt from its folded operands (a <1 x T> operand
 * replaced by its scalar), or NULL for an opcode not in the tables above. */
static LLVMValueRef lg_rebuild(lg_ctx *x, LLVMValueRef v, int depth) {
  LLVMOpcode op = LLVMGetConstOpcode(v);
  unsigned n = (unsigned)LLVMGetNumOperands(v);
  LLVMValueRef o[16];
  int was1[16];
  if (n > 16) return NULL;
  for (unsigned i = 0; i < n; i++) {
    was1[i] = lg_is_vec1(LLVMTypeOf(LLVMGetOperand(v, i)));
    if (!(o[i] = lg_fold(x, LLVMGetOperand(v, i), depth + 1))) return NULL;
  }
  LLVMTypeRef t = LLVMTypeOf(v);
  if (lg_is_vec1(t)) t = LLVMGetElementType(t);
  for (size_t k = 0; k < sizeof lg_casts / sizeof lg_casts[0]; k++)
    if (lg_casts[k].op == op) return lg_casts[k].cast(o[0], t);
  for (size_t k = 0; k < sizeof lg_bins / sizeof lg_bins[0]; k++)
    if (lg_bins[k].op == op) return lg_bins[k].bin(o[0], o[1]);
  switch (op) {
  case LLVMBitCast:
    return LLVMTypeOf(o[0]) == t ? o[0] : LLVMConstBitCast(o[0], t);
  case LLVMICmp:
    return LLVMConstICmp(LLVMGetICmpPredicate(v), o[0], o[1]);
  case LLVMFCmp:
    return LLVMConstFCmp(LLVMGetFCmpPredicate(v), o[0], o[1]);
  case LLVMSelect:
    return LLVMConstSelect(o[0], o[1], o[2]);
  case LLVMExtractElement:
    return was1[0] ? o[0] : LLVMConstExtractElement(o[0], o[1]);
  case LLVMInsertElement:
    return was1[0] ? o[1] : LLVMConstInsertElement(o[0], o[1], o[2]);
  case LLVMGetElementPtr:
    return LLVMConstGEP2(LLVMGetGEPSourceElementType(v), o[0], o + 1, n - 1);
  default:
    return NULL;
  }
}

/* Constant v with every <1 x T> folded away (the same value, v's own type),
 * or NULL when some part cannot be folded. A <1 x T>-typed v becomes its
 * scalar (type T): only callers that scalarise the user ask for that. */
static LLVMValueRef lg_fold(lg_ctx *x, LLVMValueRef v, int depth) {
  if (depth > 64) return NULL;
  if (!lg_const_has_vec1(v, 0)) return v;
  LLVMTypeRef t = LLVMTypeOf(v);
  LLVMTypeKind k = LLVMGetTypeKind(t);
  if (lg_is_vec1(t)) {
    LLVMTypeRef et = LLVMGetElementType(t);
    uint8_t b[LG_MAX_BYTES];
    unsigned s = lg_scalar_bytes(et);
    if (s && !lg_bytes(x, v, b, s, 0)) return lg_from_bytes(x, et, b);
    if (LLVMIsAConstantVector(v)) return lg_fold(x, LLVMGetOperand(v, 0), depth + 1);
    if (LLVMIsAUndefValue(v)) return LLVMGetUndef(et);
    if (LLVMIsAConstantAggregateZero(v)) return LLVMConstNull(et);
    return LLVMIsAConstantExpr(v) ? lg_rebuild(x, v, depth) : NULL;
  }
  if (lg_numeric_bytes(t)) {
    uint8_t b[LG_MAX_BYTES];
    if (!lg_bytes(x, v, b, lg_numeric_bytes(t), 0)) {
      x->folded++;
      return lg_from_bytes(x, t, b);
    }
  }
  if (LLVMIsAConstantExpr(v)) { /* rebuilt; LLVM may spell a <1 x T> again: once more */
    LLVMValueRef r = lg_rebuild(x, v, depth);
    if (r && lg_const_has_vec1(r, 0) && lg_numeric_bytes(LLVMTypeOf(r))) {
      uint8_t b[LG_MAX_BYTES];
      r = lg_bytes(x, r, b, lg_numeric_bytes(LLVMTypeOf(r)), 0)
              ? NULL
              : lg_from_bytes(x, LLVMTypeOf(r), b);
    }
    if (r) x->folded++;
    return r && !lg_const_has_vec1(r, 0) ? r : NULL;
  }
  if ((k == LLVMStructTypeKind && LLVMIsAConstantStruct(v)) ||
      (k == LLVMArrayTypeKind && LLVMIsAConstantArray(v)) ||
      (k == LLVMVectorTypeKind && LLVMIsAConstantVector(v))) {
    unsigned n = (unsigned)LLVMGetNumOperands(v);
    LLVMValueRef *el = malloc((n ? n : 1) * sizeof *el);
    if (!el) return NULL;
    LLVMValueRef r = NULL;
    unsigned i = 0;
    for (; i < n; i++)
      if (!(el[i] = lg_fold(x, LLVMGetOperand(v, i), depth + 1))) break;
    if (i == n)
      r = k == LLVMStructTypeKind  ? LLVMConstNamedStruct(t, el, n)
          : k == LLVMArrayTypeKind ? LLVMConstArray(LLVMGetElementType(t), el, n)
                                   : LLVMConstVector(el, n);
    free(el);
    return r;
  }
  return NULL;
}

/* ---- diagnostics ---------------------------------------------------------- */

/* "input.cl:L:C: error: WHAT" and the source line, for instruction i (or the
 * function's name when it has no debug location). */
static void lg_report(lg_ctx *x, LLVMValueRef i, LLVMValueRef fn, const char *what) {
  /* the first few name the constructs; a long kernel could repeat one per use */
  if (++x->errors > LG_MAX_REPORTS) return;
  unsigned line = i ? LLVMGetDebugLocLine(i) : 0, col = i ? LLVMGetDebugLocColumn(i) : 0;
  unsigned flen = 0;
  const char *file = i && line ? LLVMGetDebugLocFilename(i, &flen) : NULL;
  size_t nlen = 0;
  const char *name = fn ? LLVMGetValueName2(fn, &nlen) : "";
  if (!file) {
    fprintf(stderr,
            "error: in function '%.*s': %s is not supported by the SPIR-V translator "
            "(please report the kernel)\n",
            (int)nlen, name, what);
    return;
  }
  fprintf(stderr,
          "%.*s:%u:%u: error: %s is not supported by the SPIR-V translator (please "
          "report the kernel; rewriting the statement avoids it)\n",
          (int)flen, file, line, col, what);
  char path[512];
  snprintf(path, sizeof path, "%.*s", (int)flen, file);
  FILE *f = fopen(path, "r");
  if (!f) return;
  char buf[1024];
  for (unsigned l = 1; fgets(buf, sizeof buf, f); l++) {
    if (l == line) {
      fprintf(stderr, "  %u | %s%s", line, buf, strchr(buf, '\n') ? "" : "\n");
      break;
    }
  }
  fclose(f);
}

/* ---- <1 x T> in instructions -------------------------------------------- */

/* Folds every constant operand of every instruction that mentions <1 x T>. */
static void lg_fold_operands(lg_ctx *x, LLVMValueRef fn) {
  for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(fn); bb; bb = LLVMGetNextBasicBlock(bb))
    for (LLVMValueRef i = LLVMGetFirstInstruction(bb); i; i = LLVMGetNextInstruction(i))
      for (int k = 0, n = LLVMGetNumOperands(i); k < n; k++) {
        LLVMValueRef op = LLVMGetOperand(i, (unsigned)k);
        if (!op || !LLVMIsAConstant(op) || lg_is_vec1(LLVMTypeOf(op)) || !lg_const_has_vec1(op, 0))
          continue;
        LLVMValueRef r = lg_fold(x, op, 0);
        if (r) LLVMSetOperand(i, (unsigned)k, r);
      }
}

/* The scalar that <1 x T> value v stands for, built before instruction `at`;
 * NULL if v is not one this pass can see through. */
static LLVMValueRef lg_scalar_of(lg_ctx *x, LLVMValueRef v, LLVMValueRef at) {
  if (LLVMIsAConstant(v)) return lg_fold(x, v, 0);
  if (LLVMIsAInstruction(v) && LLVMGetInstructionOpcode(v) == LLVMBitCast) {
    LLVMValueRef src = LLVMGetOperand(v, 0);
    LLVMTypeRef et = LLVMGetElementType(LLVMTypeOf(v));
    if (lg_is_vec1(LLVMTypeOf(src))) return lg_scalar_of(x, src, at);
    lg_at(x, at);
    return LLVMTypeOf(src) == et ? src : LLVMBuildBitCast(x->b, src, et, "");
  }
  if (LLVMIsAInstruction(v) && LLVMGetInstructionOpcode(v) == LLVMInsertElement)
    return LLVMGetOperand(v, 1); /* the only element */
  return NULL;
}

/* Instructions that consume a <1 x T> value: extractelement and bitcast from
 * it take the scalar; then the now unused <1 x T> producers are erased. */
static void lg_scalarise(lg_ctx *x, LLVMValueRef fn) {
  for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(fn); bb; bb = LLVMGetNextBasicBlock(bb))
    for (LLVMValueRef i = LLVMGetFirstInstruction(bb); i; i = LLVMGetNextInstruction(i)) {
      LLVMOpcode op = LLVMGetInstructionOpcode(i);
      if ((op != LLVMExtractElement && op != LLVMBitCast) || LLVMGetNumOperands(i) < 1) continue;
      LLVMValueRef src = LLVMGetOperand(i, 0);
      if (!lg_is_vec1(LLVMTypeOf(src)) || lg_is_vec1(LLVMTypeOf(i))) continue;
      LLVMValueRef s = lg_scalar_of(x, src, i);
      if (!s) continue;
      LLVMValueRef r = s;
      if (op == LLVMBitCast && LLVMTypeOf(s) != LLVMTypeOf(i)) {
        lg_at(x, i);
        r = LLVMBuildBitCast(x->b, s, LLVMTypeOf(i), "");
      }
      LLVMReplaceAllUsesWith(i, r);
      x->scalarised++;
    }
  /* dead <1 x T> producers (and the dead consumers above), to a fixed point */
  for (int changed = 1; changed;) {
    changed = 0;
    for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(fn); bb; bb = LLVMGetNextBasicBlock(bb))
      for (LLVMValueRef i = LLVMGetFirstInstruction(bb), nx; i; i = nx) {
        nx = LLVMGetNextInstruction(i);
        LLVMOpcode op = LLVMGetInstructionOpcode(i);
        int pure = op == LLVMBitCast || op == LLVMExtractElement || op == LLVMInsertElement ||
                   op == LLVMShuffleVector;
        if (pure && !LLVMGetFirstUse(i) &&
            (lg_is_vec1(LLVMTypeOf(i)) || lg_is_vec1(LLVMTypeOf(LLVMGetOperand(i, 0))))) {
          LLVMInstructionEraseFromParent(i);
          changed = 1;
        }
      }
  }
}

/* ---- private globals -> per-function allocas ------------------------------ */

static int lg_is_private_global(LLVMValueRef g) {
  size_t n = 0;
  const char *name = LLVMGetValueName2(g, &n);
  if (n >= 5 && !strncmp(name, "llvm.", 5)) return 0; /* llvm.used and friends */
  return LLVMGetPointerAddressSpace(LLVMTypeOf(g)) == 0;
}

/* Whether every user of v is a constant with no live user (what a rewrite
 * leaves behind: dead constants are never printed but keep v used). */
static int lg_only_dead_users(LLVMValueRef v, int depth) {
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

static void lg_privatise(lg_ctx *x, LLVMValueRef fn) {
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
static int lg_memcpy_only(LLVMValueRef g) {
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
static void lg_to_constant(lg_ctx *x, LLVMValueRef g) {
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

/* ---- instructions SPIR-V 1.2 has no form for ----------------------------- */

/* `select i1 %c, <N x T> ...` (a scalar condition on vectors is OpSelect
 * only from SPIR-V 1.4 on): the condition splat to <N x i1>. `add|sub|mul`
 * on i1 or <N x i1> (the loop unroller's arithmetic on a counter's low bit;
 * SPIR-V has no integer arithmetic on booleans and llvm-spirv aborts): the
 * equal xor (add, sub) and and (mul). */
static void lg_spirv12_forms(lg_ctx *x, LLVMValueRef fn) {
  LLVMTypeRef i32 = LLVMInt32TypeInContext(x->c);
  for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(fn); bb; bb = LLVMGetNextBasicBlock(bb))
    for (LLVMValueRef i = LLVMGetFirstInstruction(bb), nx; i; i = nx) {
      nx = LLVMGetNextInstruction(i);
      LLVMOpcode op = LLVMGetInstructionOpcode(i);
      LLVMTypeRef t = LLVMTypeOf(i);
      if (op == LLVMSelect && LLVMGetTypeKind(t) == LLVMVectorTypeKind &&
          LLVMGetTypeKind(LLVMTypeOf(LLVMGetOperand(i, 0))) != LLVMVectorTypeKind) {
        unsigned n = LLVMGetVectorSize(t);
        LLVMTypeRef bv = LLVMVectorType(LLVMInt1TypeInContext(x->c), n);
        lg_at(x, i);
        LLVMValueRef c = LLVMBuildInsertElement(x->b, LLVMGetUndef(bv), LLVMGetOperand(i, 0),
                                                LLVMConstInt(i32, 0, 0), "");
        LLVMValueRef sp = LLVMBuildShuffleVector(x->b, c, LLVMGetUndef(bv),
                                                 LLVMConstNull(LLVMVectorType(i32, n)), "");
        LLVMSetOperand(i, 0, sp);
        x->selects++;
        continue;
      }
      LLVMTypeRef et = LLVMGetTypeKind(t) == LLVMVectorTypeKind ? LLVMGetElementType(t) : t;
      if ((op == LLVMAdd || op == LLVMSub || op == LLVMMul) &&
          LLVMGetTypeKind(et) == LLVMIntegerTypeKind && LLVMGetIntTypeWidth(et) == 1) {
        lg_at(x, i);
        LLVMValueRef r = LLVMBuildBinOp(x->b, op == LLVMMul ? LLVMAnd : LLVMXor,
                                        LLVMGetOperand(i, 0), LLVMGetOperand(i, 1), "");
        LLVMReplaceAllUsesWith(i, r);
        LLVMInstructionEraseFromParent(i);
        x->bool_ops++;
      }
    }
}

/* ---- the final check -------------------------------------------------------- */

static void lg_check(lg_ctx *x) {
  for (LLVMValueRef g = LLVMGetFirstGlobal(x->m); g; g = LLVMGetNextGlobal(g)) {
    size_t n = 0;
    const char *name = LLVMGetValueName2(g, &n);
    if (lg_is_private_global(g) && LLVMGetFirstUse(g)) {
      x->errors++;
      fprintf(stderr,
              "error: program-scope variable '%.*s' of the private address space is "
              "used outside a function (SPIR-V has no module-scope private variables; "
              "please report the kernel)\n",
              (int)n, name);
    }
    if (LLVMGetInitializer(g) && lg_const_has_vec1(LLVMGetInitializer(g), 0)) {
      x->errors++;
      fprintf(stderr,
              "error: the initialiser of '%.*s' holds a one-element vector constant "
              "this legaliser cannot fold (please report the kernel)\n",
              (int)n, name);
    }
  }
  for (LLVMValueRef fn = LLVMGetFirstFunction(x->m); fn; fn = LLVMGetNextFunction(fn)) {
    if (lg_type_has_vec1(LLVMGetElementType(LLVMTypeOf(fn)), 0)) {
      lg_report(x, NULL, fn, "a one-element vector (<1 x T>) in a function signature");
      continue;
    }
    for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(fn); bb; bb = LLVMGetNextBasicBlock(bb))
      for (LLVMValueRef i = LLVMGetFirstInstruction(bb); i; i = LLVMGetNextInstruction(i)) {
        int bad = lg_type_has_vec1(LLVMTypeOf(i), 0);
        for (int k = 0, n = LLVMGetNumOperands(i); k < n && !bad; k++) {
          LLVMValueRef op = LLVMGetOperand(i, (unsigned)k);
          bad = op && !LLVMIsABasicBlock(op) &&
                (lg_type_has_vec1(LLVMTypeOf(op), 0) ||
                 (LLVMIsAConstant(op) && lg_const_has_vec1(op, 0)));
        }
        if (bad) lg_report(x, i, fn, "a one-element vector (<1 x T>) value");
      }
  }
}

int main(int argc, char **argv) {
  if (argc != 3) {
    fprintf(stderr, "usage: wavesim-legal IN.ll|IN.bc OUT.ll\n");
    return 2;
  }
  lg_ctx x = {0};
  x.c = LLVMContextCreate();
  LLVMMemoryBufferRef buf = NULL;
  char *msg = NULL;
  if (LLVMCreateMemoryBufferWithContentsOfFile(argv[1], &buf, &msg)) {
    fprintf(stderr, "error: wavesim-legal: cannot read %s: %s\n", argv[1], msg ? msg : "?");
    LLVMDisposeMessage(msg);
    return 2;
  }
  if (LLVMParseIRInContext(x.c, buf, &x.m, &msg)) { /* takes buf */
    fprintf(stderr, "error: wavesim-legal: %s is not valid LLVM IR: %s\n", argv[1],
            msg ? msg : "?");
    LLVMDisposeMessage(msg);
    return 2;
  }
  x.b = LLVMCreateBuilderInContext(x.c);
  unsigned int_dots = lg_int_dot_rewrite(x.m, x.b);
  for (LLVMValueRef g = LLVMGetFirstGlobal(x.m); g; g = LLVMGetNextGlobal(g)) {
    LLVMValueRef init = LLVMGetInitializer(g);
    LLVMValueRef f = init ? lg_fold(&x, init, 0) : NULL;
    if (f && f != init) LLVMSetInitializer(g, f);
  }
  for (LLVMValueRef g = LLVMGetFirstGlobal(x.m), nx; g; g = nx) {
    nx = LLVMGetNextGlobal(g);
    if (lg_is_private_global(g) && lg_memcpy_only(g)) lg_to_constant(&x, g);
  }
  for (LLVMValueRef fn = LLVMGetFirstFunction(x.m); fn; fn = LLVMGetNextFunction(fn)) {
    if (!LLVMGetFirstBasicBlock(fn)) continue;
    lg_spirv12_forms(&x, fn);
    lg_fold_operands(&x, fn);
    lg_scalarise(&x, fn);
    lg_privatise(&x, fn);
  }
  /* the private globals now unused go (their initialisers live in the allocas) */
  for (LLVMValueRef g = LLVMGetFirstGlobal(x.m), nx; g; g = nx) {
    nx = LLVMGetNextGlobal(g);
    if (!lg_is_private_global(g) || !lg_only_dead_users(g, 0)) continue;
    /* the dead constants rebuilt on null (dead still), so g has no user left */
    if (LLVMGetFirstUse(g)) LLVMReplaceAllUsesWith(g, LLVMConstNull(LLVMTypeOf(g)));
    LLVMDeleteGlobal(g);
  }
  lg_check(&x);
  int rc = 0;
  if (!x.errors && LLVMVerifyModule(x.m, LLVMReturnStatusAction, &msg)) {
    fprintf(stderr,
            "error: internal: wavesim-legal produced invalid IR (please report the "
            "kernel): %s\n",
            msg ? msg : "?");
    rc = 1;
  }
  LLVMDisposeMessage(msg);
  msg = NULL;
  if (!x.errors && !rc && LLVMPrintModuleToFile(x.m, argv[2], &msg)) {
    fprintf(stderr, "error: wavesim-legal: cannot write %s: %s\n", argv[2], msg ? msg : "?");
    LLVMDisposeMessage(msg);
    rc = 2;
  }
  if (getenv("WAVESIM_LEGAL_STATS"))
    fprintf(stderr,
            "wavesim-legal: %u constants folded, %u <1 x T> values scalarised, %u private "
            "globals made allocas, %u moved to constant memory, %u vector selects, %u boolean "
            "ops, %u integer dot products\n",
            x.folded, x.scalarised, x.privatised, x.constants, x.selects, x.bool_ops, int_dots);
  LLVMDisposeBuilder(x.b);
  LLVMDisposeModule(x.m);
  LLVMContextDispose(x.c);
  return x.errors ? 1 : rc;
}
