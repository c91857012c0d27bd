/* wavesim-legal: legalises an LLVM 14 module for llvm-spirv 14 as IR (through
 * LLVM's C API), whatever the spelling of the constructs it rewrites.
 *
 * Run by frontend/clc.c as a child process (LLVM stays out of the host
 * process and a crash stays contained) after clang and after opt:
 *   wavesim-legal [--facts FACTS] IN.ll|IN.bc OUT.ll
 * Exit 0: OUT.ll written (and with --facts, FACTS: what SPIR-V cannot say
 * about the kernels, legal_facts.c). Exit 1: a construct the SPIR-V
 * translator cannot take and that this tool cannot rewrite; stderr names it
 * with its source position and line (input.cl in the working directory),
 * never a stack dump. Exit 2: bad usage, unreadable input, unwritable output.
 *
 * What it rewrites, each keeping the program's meaning exactly:
 *  - `<1 x T>` vectors, which llvm-spirv aborts on ("Unsupported vector type
 *    with the size of: 1"), become their T everywhere: clang emits them for
 *    a one-element ext_vector_type (`typedef float float1
 *    __attribute__((ext_vector_type(1)))`) in locals, parameters, returns,
 *    struct fields and arrays, and LLVM's constant folder spells every
 *    constant scalar-to-vector bitcast (`as_char4(7u)`) as a bitcast of one.
 *    Every type is mapped to its scalarised type (recursively: pointers,
 *    arrays, vectors of pointers, function types; a struct holding one
 *    becomes a new struct type); globals and functions whose type changes
 *    are rebuilt (a function's blocks move to the new one, its arguments
 *    remapped; an intrinsic gets the name of its scalar overload); every
 *    instruction that mentions such a type is rebuilt with the new types,
 *    an index into the vector dropped from a GEP; every constant is rebuilt
 *    in its new type, a numeric one evaluated to its little-endian bytes
 *    (the device's byte order). A <1 x T> has T's size and alignment in the
 *    SPIR data layouts (checked per type against the module's layout: a
 *    layout that disagrees is reported), so no memory layout moves.
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
#include <llvm-c/Target.h>

#include "legal_dot.h"
#include "legal_internal.h"

/* The builder placed before instruction `at`, with at's source position, so
 * what it builds keeps the line the ISA listing and fault reports show. */
void lg_at(lg_ctx *x, LLVMValueRef at) {
  LLVMPositionBuilderBefore(x->b, at);
  LLVMSetCurrentDebugLocation2(x->b, LLVMInstructionGetDebugLoc(at));
}

/* ---- a pointer map --------------------------------------------------------- */

#define LG_YES ((void *)(uintptr_t)1)
#define LG_NO ((void *)(uintptr_t)2)

static size_t lg_slot_of(const lg_map *m, const void *k) {
  uint64_t h = (uint64_t)(uintptr_t)k * 0x9E3779B97F4A7C15ull;
  size_t i = (size_t)(h >> 32) & (m->cap - 1);
  while (m->key[i] && m->key[i] != k) i = (i + 1) & (m->cap - 1);
  return i;
}

static void *lg_get(const lg_map *m, const void *k) {
  if (!m->cap) return NULL;
  size_t i = lg_slot_of(m, k);
  return m->key[i] ? m->val[i] : NULL;
}

/* k -> v (v not NULL); 0, or -1 (reported) when memory runs out. */
static int lg_put(lg_ctx *x, lg_map *m, const void *k, void *v) {
  if (2 * (m->n + 1) > m->cap) {
    lg_map g = {calloc(m->cap ? 2 * m->cap : 64, sizeof(void *)),
                calloc(m->cap ? 2 * m->cap : 64, sizeof(void *)), m->cap ? 2 * m->cap : 64, 0};
    if (!g.key || !g.val) {
      free(g.key);
      free(g.val);
      x->errors++;
      fprintf(stderr, "error: wavesim-legal: out of memory\n");
      return -1;
    }
    for (size_t i = 0; i < m->cap; i++)
      if (m->key[i]) {
        size_t j = lg_slot_of(&g, m->key[i]);
        g.key[j] = m->key[i], g.val[j] = m->val[i], g.n++;
      }
    free(m->key);
    free(m->val);
    *m = g;
  }
  size_t i = lg_slot_of(m, k);
  if (!m->key[i]) m->n++;
  m->key[i] = k, m->val[i] = v;
  return 0;
}

static void lg_map_fini(lg_map *m) {
  free(m->key);
  free(m->val);
  *m = (lg_map){0};
}

/* ---- types ---------------------------------------------------------------- */

static int lg_is_vec1(LLVMTypeRef t) {
  return LLVMGetTypeKind(t) == LLVMVectorTypeKind && LLVMGetVectorSize(t) == 1;
}

/* The named structs one lg_type_has_vec1 query has entered. */
typedef struct lg_walk {
  LLVMTypeRef *s;
  size_t n, cap;
  int oom;
} lg_walk;

/* A depth-first search for a <1 x T> reachable from t (through elements,
 * fields, pointees, parameters); a named struct already entered on this
 * search answers no (its own search answers for it), so recursive types end. */
static int lg_walk_has1(lg_ctx *x, LLVMTypeRef t, lg_walk *w) {
  switch (LLVMGetTypeKind(t)) {
  case LLVMVectorTypeKind:
    return LLVMGetVectorSize(t) == 1 || lg_walk_has1(x, LLVMGetElementType(t), w);
  case LLVMArrayTypeKind:
  case LLVMPointerTypeKind:
    return lg_walk_has1(x, LLVMGetElementType(t), w);
  case LLVMStructTypeKind: {
    int named = !LLVMIsLiteralStruct(t);
    if (named) {
      void *known = lg_get(&x->has1, t);
      if (known) return known == LG_YES;
      for (size_t i = 0; i < w->n; i++)
        if (w->s[i] == t) return 0;
      if (w->n == w->cap) {
        LLVMTypeRef *ns = realloc(w->s, (w->cap = w->cap ? 2 * w->cap : 16) * sizeof *ns);
        if (!ns) {
          w->oom = 1;
          return 0;
        }
        w->s = ns;
      }
      w->s[w->n++] = t;
    }
    for (unsigned i = 0, n = LLVMCountStructElementTypes(t); i < n; i++)
      if (lg_walk_has1(x, LLVMStructGetTypeAtIndex(t, i), w)) {
        if (named) lg_put(x, &x->has1, t, LG_YES);
        return 1;
      }
    return 0;
  }
  case LLVMFunctionTypeKind: {
    if (lg_walk_has1(x, LLVMGetReturnType(t), w)) return 1;
    unsigned n = LLVMCountParamTypes(t);
    LLVMTypeRef *ps = malloc((n ? n : 1) * sizeof *ps);
    int r = 0;
    if (!ps) {
      w->oom = 1;
      return 0;
    }
    LLVMGetParamTypes(t, ps);
    for (unsigned i = 0; i < n && !r; i++) r = lg_walk_has1(x, ps[i], w);
    free(ps);
    return r;
  }
  default:
    return 0;
  }
}

/* Whether t is or reaches a <1 x T>. A search that answers no has explored
 * every named struct it entered to the end: none of them reaches one. */
static int lg_type_has_vec1(lg_ctx *x, LLVMTypeRef t) {
  LLVMTypeKind k = LLVMGetTypeKind(t);
  if (k != LLVMVectorTypeKind && k != LLVMArrayTypeKind && k != LLVMPointerTypeKind &&
      k != LLVMStructTypeKind && k != LLVMFunctionTypeKind)
    return 0;
  lg_walk w = {0};
  int r = lg_walk_has1(x, t, &w);
  if (w.oom) {
    x->errors++;
    fprintf(stderr, "error: wavesim-legal: out of memory\n");
  } else if (!r)
    for (size_t i = 0; i < w.n; i++) lg_put(x, &x->has1, w.s[i], LG_NO);
  free(w.s);
  return r;
}

/* A <1 x T> is rewritten as T in memory too (struct fields, arrays, allocas),
 * which keeps every offset only where the data layout gives both the same
 * size and alignment: the SPIR layouts do (a vector width they do not list
 * is naturally aligned, as T is), but the module's own layout decides. */
static void lg_layout_check(lg_ctx *x, LLVMTypeRef v, LLVMTypeRef t) {
  LLVMTargetDataRef td = LLVMGetModuleDataLayout(x->m);
  unsigned long long sv = LLVMABISizeOfType(td, v), st = LLVMABISizeOfType(td, t);
  unsigned av = LLVMABIAlignmentOfType(td, v), at = LLVMABIAlignmentOfType(td, t);
  if (sv == st && av == at && LLVMStoreSizeOfType(td, v) == LLVMStoreSizeOfType(td, t)) return;
  char *vs = LLVMPrintTypeToString(v), *ts = LLVMPrintTypeToString(t);
  x->errors++;
  fprintf(stderr,
          "error: the module's data layout gives %s (size %llu, alignment %u) another size or "
          "alignment than %s (size %llu, alignment %u): scalarising it would move data in "
          "memory (please report the kernel and its target)\n",
          vs, sv, av, ts, st, at);
  LLVMDisposeMessage(vs);
  LLVMDisposeMessage(ts);
}

/* t with every <1 x T> replaced by its T, at every depth (t itself when it
 * has none). A named struct holding one becomes a new named struct (its name
 * made unique by LLVM); recursive ones through the map entry made first. */
static LLVMTypeRef lg_map_type(lg_ctx *x, LLVMTypeRef t) {
  if (!lg_type_has_vec1(x, t)) return t;
  LLVMTypeRef r = lg_get(&x->types, t);
  if (r) return r;
  switch (LLVMGetTypeKind(t)) {
  case LLVMVectorTypeKind: {
    LLVMTypeRef e = lg_map_type(x, LLVMGetElementType(t));
    if (LLVMGetVectorSize(t) == 1) {
      lg_layout_check(x, t, LLVMGetElementType(t));
      r = e;
    } else
      r = LLVMVectorType(e, LLVMGetVectorSize(t));
    break;
  }
  case LLVMArrayTypeKind:
    r = LLVMArrayType(lg_map_type(x, LLVMGetElementType(t)), LLVMGetArrayLength(t));
    break;
  case LLVMPointerTypeKind:
    r = LLVMPointerType(lg_map_type(x, LLVMGetElementType(t)), LLVMGetPointerAddressSpace(t));
    break;
  case LLVMStructTypeKind: {
    unsigned n = LLVMCountStructElementTypes(t);
    LLVMTypeRef *el = malloc((n ? n : 1) * sizeof *el);
    if (!el) return t; /* out of memory: left as it is, reported by the final check */
    if (!LLVMIsLiteralStruct(t)) {
      const char *name = LLVMGetStructName(t);
      r = LLVMStructCreateNamed(x->c, name ? name : "");
      if (lg_put(x, &x->types, t, r)) {
        free(el);
        return t;
      }
    }
    for (unsigned i = 0; i < n; i++) el[i] = lg_map_type(x, LLVMStructGetTypeAtIndex(t, i));
    if (r)
      LLVMStructSetBody(r, el, n, LLVMIsPackedStruct(t));
    else
      r = LLVMStructTypeInContext(x->c, el, n, LLVMIsPackedStruct(t));
    free(el);
    break;
  }
  case LLVMFunctionTypeKind: {
    unsigned n = LLVMCountParamTypes(t);
    LLVMTypeRef *ps = malloc((n ? n : 1) * sizeof *ps);
    if (!ps) return t;
    LLVMGetParamTypes(t, ps);
    for (unsigned i = 0; i < n; i++) ps[i] = lg_map_type(x, ps[i]);
    r = LLVMFunctionType(lg_map_type(x, LLVMGetReturnType(t)), ps, n, LLVMIsFunctionVarArg(t));
    free(ps);
    break;
  }
  default:
    return t;
  }
  lg_put(x, &x->types, t, r);
  return r;
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

/* Whether constant v mentions a <1 x T> in its type or in any operand, at
 * any depth (a global or function: in its type, never its initialiser). */
static int lg_const_has_vec1(lg_ctx *x, LLVMValueRef v, int depth) {
  if (depth > 64) return 0;
  if (lg_type_has_vec1(x, LLVMTypeOf(v))) return 1;
  if (!LLVMIsAConstantExpr(v) && !LLVMIsAConstantVector(v) && !LLVMIsAConstantStruct(v) &&
      !LLVMIsAConstantArray(v))
    return 0;
  for (int i = 0, n = LLVMGetNumOperands(v); i < n; i++)
    if (lg_const_has_vec1(x, LLVMGetOperand(v, (unsigned)i), depth + 1)) return 1;
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


/* The struct index k of a GEP (a constant, or a splat of one in a GEP on a
 * vector of pointers); -1 when it is neither. */
static long long lg_field_index(LLVMValueRef k) {
  if (LLVMIsAConstantDataVector(k)) k = LLVMGetElementAsConstant(k, 0);
  if (LLVMIsAConstantVector(k)) k = LLVMGetOperand(k, 0);
  return k && LLVMIsAConstantInt(k) ? (long long)LLVMConstIntGetZExtValue(k) : -1;
}

/* 1 when the last index of GEP g (an instruction or a constant expression)
 * steps into a <1 x T>, so addresses its only element, the T; 0 when no index
 * does; -1 for one this tool cannot follow. Nothing indexes into a T, so a
 * <1 x T> is only ever stepped into by the last index. */
static int lg_gep_into_vec1(LLVMValueRef g) {
  unsigned n = (unsigned)LLVMGetNumOperands(g); /* the pointer, then the indices */
  LLVMTypeRef cur = LLVMGetGEPSourceElementType(g);
  for (unsigned k = 2; k < n; k++) {
    if (lg_is_vec1(cur)) return k == n - 1 ? 1 : -1;
    switch (LLVMGetTypeKind(cur)) {
    case LLVMStructTypeKind: {
      long long f = lg_field_index(LLVMGetOperand(g, k));
      if (f < 0 || f >= LLVMCountStructElementTypes(cur)) return -1;
      cur = LLVMStructGetTypeAtIndex(cur, (unsigned)f);
      break;
    }
    case LLVMArrayTypeKind:
    case LLVMVectorTypeKind:
      cur = LLVMGetElementType(cur);
      break;
    default:
      return -1;
    }
  }
  return 0; /* (a GEP may point at a <1 x T>: its result type says so) */
}

/* Constant expression v rebuilt in its scalarised type from its folded
 * operands (a <1 x T> operand replaced by its scalar, a global by its
 * rebuilt self), or NULL for an opcode not in the tables above. */
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
  LLVMTypeRef t = lg_map_type(x, LLVMTypeOf(v));
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
  case LLVMGetElementPtr: {
    int into = lg_gep_into_vec1(v), inb = LLVMIsInBounds(v);
    if (into < 0) return NULL;
    LLVMTypeRef st = lg_map_type(x, LLVMGetGEPSourceElementType(v));
    unsigned ni = n - 1 - (unsigned)into;
    LLVMValueRef r =
        inb ? LLVMConstInBoundsGEP2(st, o[0], o + 1, ni) : LLVMConstGEP2(st, o[0], o + 1, ni);
    if (!into || LLVMIsNull(o[n - 1])) return r;
    /* element k of a <1 x T> sits k T's on: a GEP over T says the same */
    LLVMTypeRef et = LLVMGetElementType(LLVMTypeOf(r));
    return inb ? LLVMConstInBoundsGEP2(et, r, o + n - 1, 1) : LLVMConstGEP2(et, r, o + n - 1, 1);
  }
  default:
    return NULL;
  }
}

/* Constant v in its scalarised type (lg_map_type): every <1 x T> folded
 * away, each rebuilt global replaced; the same value. NULL when some part
 * cannot be rebuilt. A <1 x T> constant becomes its T. */
LLVMValueRef lg_fold(lg_ctx *x, LLVMValueRef v, int depth) {
  if (depth > 64) return NULL;
  if (LLVMIsAGlobalValue(v)) {
    LLVMValueRef r = lg_get(&x->globals, v);
    return r ? r : lg_type_has_vec1(x, LLVMTypeOf(v)) ? NULL : v;
  }
  if (!lg_const_has_vec1(x, v, 0)) return v;
  LLVMTypeRef t = LLVMTypeOf(v), mt = lg_map_type(x, t);
  LLVMTypeKind k = LLVMGetTypeKind(t);
  if (LLVMIsAUndefValue(v)) return LLVMIsPoison(v) ? LLVMGetPoison(mt) : LLVMGetUndef(mt);
  if (LLVMIsAConstantAggregateZero(v) || LLVMIsAConstantPointerNull(v)) return LLVMConstNull(mt);
  if (lg_is_vec1(t)) {
    LLVMTypeRef et = LLVMGetElementType(t);
    uint8_t b[LG_MAX_BYTES];
    unsigned s = lg_scalar_bytes(et);
    if (s && !lg_bytes(x, v, b, s, 0)) return lg_from_bytes(x, et, b);
    if (LLVMIsAConstantVector(v)) return lg_fold(x, LLVMGetOperand(v, 0), depth + 1);
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
    if (r && lg_const_has_vec1(x, r, 0) && lg_numeric_bytes(LLVMTypeOf(r))) {
      uint8_t b[LG_MAX_BYTES];
      r = lg_bytes(x, r, b, lg_numeric_bytes(LLVMTypeOf(r)), 0)
              ? NULL
              : lg_from_bytes(x, LLVMTypeOf(r), b);
    }
    if (r) x->folded++;
    return r && !lg_const_has_vec1(x, r, 0) ? r : NULL;
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
      r = k == LLVMStructTypeKind  ? LLVMConstNamedStruct(mt, el, n)
          : k == LLVMArrayTypeKind ? LLVMConstArray(LLVMGetElementType(mt), el, n)
                                   : LLVMConstVector(el, n);
    free(el);
    return r;
  }
  return NULL;
}

/* ---- diagnostics ---------------------------------------------------------- */

/* "input.cl:L:C: error: WHAT" and the source line, for instruction i (or the
 * function's name when it has no debug location). */
void lg_report(lg_ctx *x, LLVMValueRef i, LLVMValueRef fn, const char *what) {
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

/* ---- <1 x T> in instructions, functions, globals ------------------------- */

/* One function's rewrite: each rewritten value whose type changed -> its
 * rewrite (a value whose type stayed is replaced in place at once); the
 * instructions rewritten, erased at the end; the phis, filled at the end
 * (their incoming values may come later in the walk). */
typedef struct lg_fn {
  LLVMValueRef fn;
  lg_map vals;
  LLVMValueRef *old, *phis; /* phis: pairs (old, new) */
  size_t nold, cold, nphis, cphis;
  int unreachable; /* walking a block no path from the entry reaches */
} lg_fn;

/* A NUL-terminated copy of the n bytes at s (an LLVM name), or NULL. */
static char *lg_strndup(const char *s, size_t n) {
  char *r = malloc(n + 1);
  if (r) {
    memcpy(r, s, n);
    r[n] = 0;
  }
  return r;
}

static int lg_push(LLVMValueRef **a, size_t *n, size_t *cap, LLVMValueRef v) {
  if (*n == *cap) {
    LLVMValueRef *na = realloc(*a, (*cap = *cap ? 2 * *cap : 64) * sizeof *na);
    if (!na) return -1;
    *a = na;
  }
  (*a)[(*n)++] = v;
  return 0;
}

/* Value v as the rewritten code sees it: a constant folded, a rewritten
 * value's rewrite; NULL when v's type changed but it has no rewrite (yet). */
static LLVMValueRef lg_val(lg_ctx *x, lg_fn *f, LLVMValueRef v) {
  if (LLVMIsAConstant(v)) return lg_fold(x, v, 0);
  LLVMValueRef r = lg_get(&f->vals, v);
  if (r) return r;
  if (!lg_type_has_vec1(x, LLVMTypeOf(v))) return v;
  /* an unreachable block may use a value defined after it in the walk (no
   * dominance to order them): never executed, any value will do */
  return f->unreachable ? LLVMGetUndef(lg_map_type(x, LLVMTypeOf(v))) : NULL;
}

/* Whether instruction i has, produces or carries a type with a <1 x T> (its
 * result, an operand, an alloca's, GEP's or call's own type). */
static int lg_inst_has_vec1(lg_ctx *x, LLVMValueRef i) {
  if (lg_type_has_vec1(x, LLVMTypeOf(i))) return 1;
  switch (LLVMGetInstructionOpcode(i)) {
  case LLVMAlloca:
    if (lg_type_has_vec1(x, LLVMGetAllocatedType(i))) return 1;
    break;
  case LLVMGetElementPtr:
    if (lg_type_has_vec1(x, LLVMGetGEPSourceElementType(i))) return 1;
    break;
  case LLVMCall:
    if (lg_type_has_vec1(x, LLVMGetCalledFunctionType(i))) return 1;
    break;
  default:
    break;
  }
  for (int k = 0, n = LLVMGetNumOperands(i); k < n; k++) {
    LLVMValueRef op = LLVMGetOperand(i, (unsigned)k);
    if (op && !LLVMIsABasicBlock(op) && lg_type_has_vec1(x, LLVMTypeOf(op))) return 1;
  }
  return 0;
}

/* The attributes of function or call `from` at every index onto `to`, each
 * type attribute (sret, byval, elementtype...) naming the scalarised type. */
static void lg_copy_attrs(lg_ctx *x, LLVMValueRef from, LLVMValueRef to, int call,
                          unsigned nparams) {
  for (unsigned long long k = 0; k <= nparams + 1ull; k++) {
    LLVMAttributeIndex ai =
        k == 0 ? (LLVMAttributeIndex)LLVMAttributeFunctionIndex : (LLVMAttributeIndex)(k - 1);
    unsigned na =
        call ? LLVMGetCallSiteAttributeCount(from, ai) : LLVMGetAttributeCountAtIndex(from, ai);
    LLVMAttributeRef *at = na ? malloc(na * sizeof *at) : NULL;
    if (!at) continue;
    if (call)
      LLVMGetCallSiteAttributes(from, ai, at);
    else
      LLVMGetAttributesAtIndex(from, ai, at);
    for (unsigned j = 0; j < na; j++) {
      LLVMAttributeRef a = at[j];
      if (LLVMIsTypeAttribute(a))
        a = LLVMCreateTypeAttribute(x->c, LLVMGetEnumAttributeKind(a),
                                    lg_map_type(x, LLVMGetTypeAttributeValue(a)));
      if (call)
        LLVMAddCallSiteAttribute(to, ai, a);
      else
        LLVMAddAttributeAtIndex(to, ai, a);
    }
    free(at);
  }
}

/* The metadata of instruction `from` but its location (!tbaa, !range...) onto
 * `to`: they say the same of the scalar. */
static void lg_copy_md(lg_ctx *x, LLVMValueRef from, LLVMValueRef to) {
  size_t nmd = 0;
  LLVMValueMetadataEntry *md = LLVMInstructionGetAllMetadataOtherThanDebugLoc(from, &nmd);
  for (unsigned k = 0; k < nmd; k++)
    LLVMSetMetadata(to, LLVMValueMetadataEntriesGetKind(md, k),
                    LLVMMetadataAsValue(x->c, LLVMValueMetadataEntriesGetMetadata(md, k)));
  if (md) LLVMDisposeValueMetadataEntries(md);
}

/* The same memory access attributes on load or store `to` as on `from`. */
static void lg_copy_access(LLVMValueRef from, LLVMValueRef to) {
  LLVMSetAlignment(to, LLVMGetAlignment(from));
  LLVMSetVolatile(to, LLVMGetVolatile(from));
  if (LLVMGetOrdering(from) != LLVMAtomicOrderingNotAtomic) {
    LLVMSetOrdering(to, LLVMGetOrdering(from));
    LLVMSetAtomicSingleThread(to, LLVMIsAtomicSingleThread(from));
  }
}

/* GEP i in the scalarised types: an index into a <1 x T> is dropped (it
 * picks the only element) or, when not zero, becomes a GEP over T. */
static LLVMValueRef lg_gep_inst(lg_ctx *x, LLVMValueRef i, LLVMValueRef *o, unsigned n) {
  int into = lg_gep_into_vec1(i), inb = LLVMIsInBounds(i);
  if (into < 0) return NULL;
  LLVMTypeRef st = lg_map_type(x, LLVMGetGEPSourceElementType(i));
  unsigned ni = n - 1 - (unsigned)into;
  LLVMValueRef r = inb ? LLVMBuildInBoundsGEP2(x->b, st, o[0], o + 1, ni, "")
                       : LLVMBuildGEP2(x->b, st, o[0], o + 1, ni, "");
  if (!into || LLVMIsNull(o[n - 1])) return r;
  LLVMTypeRef et = LLVMGetElementType(LLVMTypeOf(r));
  return inb ? LLVMBuildInBoundsGEP2(x->b, et, r, o + n - 1, 1, "")
             : LLVMBuildGEP2(x->b, et, r, o + n - 1, 1, "");
}

/* shufflevector i element by element: its operands or its result may now
 * be scalars (a <1 x T> each), which no shufflevector takes. */
static LLVMValueRef lg_shuffle(lg_ctx *x, LLVMValueRef i, LLVMValueRef *o, LLVMTypeRef t) {
  unsigned n0 = LLVMGetVectorSize(LLVMTypeOf(LLVMGetOperand(i, 0)));
  unsigned nm = LLVMGetNumMaskElements(i);
  LLVMTypeRef i32 = LLVMInt32TypeInContext(x->c), et = nm == 1 ? t : LLVMGetElementType(t);
  LLVMValueRef r = LLVMGetUndef(t);
  for (unsigned j = 0; j < nm; j++) {
    int m = LLVMGetMaskValue(i, j);
    LLVMValueRef e = LLVMGetUndef(et);
    if (m != LLVMGetUndefMaskElem()) {
      LLVMValueRef src = (unsigned)m < n0 ? o[0] : o[1];
      unsigned k = (unsigned)m < n0 ? (unsigned)m : (unsigned)m - n0;
      e = n0 == 1 ? src : LLVMBuildExtractElement(x->b, src, LLVMConstInt(i32, k, 0), "");
    }
    if (nm == 1) return e;
    r = LLVMBuildInsertElement(x->b, r, e, LLVMConstInt(i32, j, 0), "");
  }
  return r;
}

/* insertvalue through several indices, one level at a time (the C API
 * builds one index per instruction). */
static LLVMValueRef lg_insert_value(lg_ctx *x, LLVMValueRef agg, LLVMValueRef v,
                                    const unsigned *idx, unsigned n) {
  if (n == 1) return LLVMBuildInsertValue(x->b, agg, v, idx[0], "");
  LLVMValueRef in = LLVMBuildExtractValue(x->b, agg, idx[0], "");
  return LLVMBuildInsertValue(x->b, agg, lg_insert_value(x, in, v, idx + 1, n - 1), idx[0], "");
}

/* The wrap flags of binary operator i (1 nsw, 2 nuw, 4 exact), read from its
 * printed form: LLVM 14's C API has no getter for them. */
static unsigned lg_wrap_flags(LLVMValueRef i) {
  char *s = LLVMPrintValueToString(i);
  const char *p = s ? strstr(s, "= ") : NULL;
  unsigned f = 0;
  if (p) {
    p += 2;
    p += strcspn(p, " "); /* the opcode */
    for (;;) {
      while (*p == ' ') p++;
      size_t w = strcspn(p, " ");
      if (w == 3 && !strncmp(p, "nsw", 3))
        f |= 1;
      else if (w == 3 && !strncmp(p, "nuw", 3))
        f |= 2;
      else if (w == 5 && !strncmp(p, "exact", 5))
        f |= 4;
      else
        break;
      p += w;
    }
  }
  LLVMDisposeMessage(s);
  return f;
}

/* Binary operator i (opcode op) on a, b, keeping its nsw (else nuw) or exact
 * flag where the C API has a builder for it: address folding
 * (frontend/passes/addr_fold.c) relies on nsw; fast-math flags, which the
 * C API can neither read nor set here, go (dropping one only defines more). */
static LLVMValueRef lg_binop(lg_ctx *x, LLVMValueRef i, LLVMOpcode op, LLVMValueRef a,
                             LLVMValueRef b) {
  unsigned f = op == LLVMAdd || op == LLVMSub || op == LLVMMul || op == LLVMUDiv || op == LLVMSDiv
                   ? lg_wrap_flags(i)
                   : 0;
  if (op == LLVMAdd && f & 1) return LLVMBuildNSWAdd(x->b, a, b, "");
  if (op == LLVMAdd && f & 2) return LLVMBuildNUWAdd(x->b, a, b, "");
  if (op == LLVMSub && f & 1) return LLVMBuildNSWSub(x->b, a, b, "");
  if (op == LLVMSub && f & 2) return LLVMBuildNUWSub(x->b, a, b, "");
  if (op == LLVMMul && f & 1) return LLVMBuildNSWMul(x->b, a, b, "");
  if (op == LLVMMul && f & 2) return LLVMBuildNUWMul(x->b, a, b, "");
  if (op == LLVMUDiv && f & 4) return LLVMBuildExactUDiv(x->b, a, b, "");
  if (op == LLVMSDiv && f & 4) return LLVMBuildExactSDiv(x->b, a, b, "");
  return LLVMBuildBinOp(x->b, op, a, b, "");
}

/* Instruction i rebuilt before itself in the scalarised types from its
 * rewritten operands o (n of them; a phi's come at the end), or NULL for one
 * this tool has no rewrite for. The result may be an existing value (the
 * element a <1 x T> insertelement put in). */
static LLVMValueRef lg_rewrite_inst(lg_ctx *x, lg_fn *f, LLVMValueRef i, LLVMValueRef *o,
                                    unsigned n) {
  LLVMOpcode op = LLVMGetInstructionOpcode(i);
  LLVMTypeRef t = lg_map_type(x, LLVMTypeOf(i));
  LLVMValueRef r = NULL;
  for (size_t k = 0; k < sizeof lg_casts / sizeof lg_casts[0]; k++)
    if (lg_casts[k].op == op) return LLVMBuildCast(x->b, op, o[0], t, "");
  for (size_t k = 0; k < sizeof lg_bins / sizeof lg_bins[0]; k++)
    if (lg_bins[k].op == op) return lg_binop(x, i, op, o[0], o[1]);
  switch (op) {
  case LLVMBitCast:
    return LLVMTypeOf(o[0]) == t ? o[0] : LLVMBuildBitCast(x->b, o[0], t, "");
  case LLVMFNeg:
    return LLVMBuildFNeg(x->b, o[0], "");
  case LLVMFreeze:
    return LLVMBuildFreeze(x->b, o[0], "");
  case LLVMICmp:
    return LLVMBuildICmp(x->b, LLVMGetICmpPredicate(i), o[0], o[1], "");
  case LLVMFCmp:
    return LLVMBuildFCmp(x->b, LLVMGetFCmpPredicate(i), o[0], o[1], "");
  case LLVMSelect:
    return LLVMBuildSelect(x->b, o[0], o[1], o[2], "");
  case LLVMExtractElement: /* an index past the only element reads poison: the element will do */
    return lg_is_vec1(LLVMTypeOf(LLVMGetOperand(i, 0)))
               ? o[0]
               : LLVMBuildExtractElement(x->b, o[0], o[1], "");
  case LLVMInsertElement:
    return lg_is_vec1(LLVMTypeOf(i)) ? o[1] : LLVMBuildInsertElement(x->b, o[0], o[1], o[2], "");
  case LLVMShuffleVector:
    return lg_shuffle(x, i, o, t);
  case LLVMExtractValue: {
    const unsigned *idx = LLVMGetIndices(i);
    r = o[0];
    for (unsigned k = 0, ni = LLVMGetNumIndices(i); k < ni; k++)
      r = LLVMBuildExtractValue(x->b, r, idx[k], "");
    return r;
  }
  case LLVMInsertValue:
    return lg_insert_value(x, o[0], o[1], LLVMGetIndices(i), LLVMGetNumIndices(i));
  case LLVMAlloca: {
    LLVMTypeRef at = lg_map_type(x, LLVMGetAllocatedType(i));
    r = LLVMIsAConstantInt(o[0]) && LLVMConstIntGetZExtValue(o[0]) == 1
            ? LLVMBuildAlloca(x->b, at, "")
            : LLVMBuildArrayAlloca(x->b, at, o[0], "");
    LLVMSetAlignment(r, LLVMGetAlignment(i));
    return r;
  }
  case LLVMLoad:
    r = LLVMBuildLoad2(x->b, t, o[0], "");
    lg_copy_access(i, r);
    lg_copy_md(x, i, r);
    return r;
  case LLVMStore:
    r = LLVMBuildStore(x->b, o[0], o[1]);
    lg_copy_access(i, r);
    lg_copy_md(x, i, r);
    return r;
  case LLVMGetElementPtr:
    return lg_gep_inst(x, i, o, n);
  case LLVMPHI:
    r = LLVMBuildPhi(x->b, t, "");
    if (lg_push(&f->phis, &f->nphis, &f->cphis, i) || lg_push(&f->phis, &f->nphis, &f->cphis, r))
      return NULL;
    return r;
  case LLVMCall: {
    unsigned na = LLVMGetNumArgOperands(i);
    r = LLVMBuildCall2(x->b, lg_map_type(x, LLVMGetCalledFunctionType(i)), o[n - 1], o, na, "");
    LLVMSetInstructionCallConv(r, LLVMGetInstructionCallConv(i));
    LLVMSetTailCall(r, LLVMIsTailCall(i));
    lg_copy_attrs(x, i, r, 1, na);
    lg_copy_md(x, i, r);
    return r;
  }
  case LLVMRet:
    return n ? LLVMBuildRet(x->b, o[0]) : LLVMBuildRetVoid(x->b);
  default: /* atomics on pointers to <1 x T>, terminators: nothing OpenCL C makes */
    return NULL;
  }
}

/* The blocks of fn in reverse post-order from the entry (each definition
 * before its uses outside phis), then those no path reaches; *nreach: how
 * many are reached. NULL when memory runs out. */
static LLVMBasicBlockRef *lg_block_order(lg_ctx *x, LLVMValueRef fn, unsigned *n,
                                         unsigned *nreach) {
  unsigned nb = LLVMCountBasicBlocks(fn), np = 0, sp = 0;
  LLVMBasicBlockRef *all = malloc(nb * sizeof *all), *post = malloc(nb * sizeof *post);
  LLVMBasicBlockRef *stack = malloc(nb * sizeof *stack);
  unsigned *next = malloc(nb * sizeof *next);
  lg_map seen = {0};
  if (!all || !post || !stack || !next) goto fail;
  LLVMGetBasicBlocks(fn, all);
  stack[sp] = all[0], next[sp++] = 0;
  if (lg_put(x, &seen, all[0], LG_YES)) goto fail;
  while (sp) {
    LLVMBasicBlockRef bb = stack[sp - 1];
    LLVMValueRef term = LLVMGetBasicBlockTerminator(bb);
    unsigned ns = term ? LLVMGetNumSuccessors(term) : 0;
    if (next[sp - 1] < ns) {
      LLVMBasicBlockRef s = LLVMGetSuccessor(term, next[sp - 1]++);
      if (lg_get(&seen, s)) continue;
      if (lg_put(x, &seen, s, LG_YES)) goto fail;
      stack[sp] = s, next[sp++] = 0;
    } else
      post[np++] = stack[--sp];
  }
  *nreach = np;
  for (unsigned k = 0; k < np / 2; k++) {
    LLVMBasicBlockRef t = post[k];
    post[k] = post[np - 1 - k], post[np - 1 - k] = t;
  }
  for (unsigned k = 0; k < nb; k++)
    if (!lg_get(&seen, all[k])) post[np++] = all[k];
  *n = np;
  free(all);
  free(stack);
  free(next);
  lg_map_fini(&seen);
  return post;
fail:
  free(all);
  free(post);
  free(stack);
  free(next);
  lg_map_fini(&seen);
  x->errors++;
  fprintf(stderr, "error: wavesim-legal: out of memory\n");
  return NULL;
}

/* Rewrites every instruction of f->fn (its arguments already mapped) that
 * mentions a <1 x T>; the others have their constant operands folded in
 * place (a constant of an unchanged type may still spell one). 0, or -1
 * after reporting an instruction it has no rewrite for (the function is
 * then left half rewritten: nothing is erased, nothing is written). */
static int lg_vec1_body(lg_ctx *x, lg_fn *f) {
  unsigned nb = 0, nreach = 0;
  LLVMBasicBlockRef *order = lg_block_order(x, f->fn, &nb, &nreach);
  if (!order) return -1;
  int rc = 0;
  for (unsigned k = 0; k < nb && !rc; k++) {
    f->unreachable = k >= nreach;
    for (LLVMValueRef i = LLVMGetFirstInstruction(order[k]), nx; i && !rc; i = nx) {
      nx = LLVMGetNextInstruction(i);
      int phi = LLVMGetInstructionOpcode(i) == LLVMPHI;
      if (!lg_inst_has_vec1(x, i)) {
        for (int j = 0, n = LLVMGetNumOperands(i); j < n; j++) {
          LLVMValueRef op = LLVMGetOperand(i, (unsigned)j);
          if (!op || !LLVMIsAConstant(op) || !lg_const_has_vec1(x, op, 0)) continue;
          LLVMValueRef r = lg_fold(x, op, 0);
          if (r) LLVMSetOperand(i, (unsigned)j, r);
        }
        continue;
      }
      unsigned n = (unsigned)LLVMGetNumOperands(i);
      LLVMValueRef *o = malloc((n ? n : 1) * sizeof *o), r = NULL;
      unsigned j = 0;
      for (; o && !phi && j < n; j++) {
        LLVMValueRef op = LLVMGetOperand(i, j);
        if (!(o[j] = LLVMIsABasicBlock(op) ? op : lg_val(x, f, op))) break;
      }
      lg_at(x, i);
      if (o && (phi || j == n)) r = lg_rewrite_inst(x, f, i, o, n);
      free(o);
      if (!r || lg_push(&f->old, &f->nold, &f->cold, i)) {
        lg_report(x, i, f->fn, "a one-element vector (<1 x T>) value in this form");
        rc = -1;
        break;
      }
      x->scalarised++;
      size_t len = 0;
      const char *name = LLVMGetValueName2(i, &len);
      if (len && LLVMIsAInstruction(r) && !LLVMGetValueName2(r, &(size_t){0})[0]) {
        char *keep = lg_strndup(name, len);
        LLVMSetValueName2(i, "", 0);
        if (keep) LLVMSetValueName2(r, keep, len);
        free(keep);
      }
      if (LLVMGetTypeKind(LLVMTypeOf(i)) == LLVMVoidTypeKind) continue;
      if (LLVMTypeOf(r) == LLVMTypeOf(i))
        LLVMReplaceAllUsesWith(i, r);
      else if (lg_put(x, &f->vals, i, r))
        rc = -1;
    }
  }
  free(order);
  /* the phis' incoming values, every one rewritten by now */
  for (size_t k = 0; !rc && k < f->nphis; k += 2) {
    LLVMValueRef op = f->phis[k], np = f->phis[k + 1];
    for (unsigned j = 0, n = LLVMCountIncoming(op); j < n && !rc; j++) {
      LLVMValueRef v = lg_val(x, f, LLVMGetIncomingValue(op, j));
      LLVMBasicBlockRef bb = LLVMGetIncomingBlock(op, j);
      if (v)
        LLVMAddIncoming(np, &v, &bb, 1);
      else {
        lg_report(x, op, f->fn, "a one-element vector (<1 x T>) value in this form");
        rc = -1;
      }
    }
  }
  if (rc) {
    x->vec1_failed = 1;
    return rc;
  }
  /* the old instructions go: first their operands, so none uses another */
  for (size_t k = 0; k < f->nold; k++)
    for (int j = 0, n = LLVMGetNumOperands(f->old[k]); j < n; j++) {
      LLVMValueRef op = LLVMGetOperand(f->old[k], (unsigned)j);
      if (op && (LLVMIsAInstruction(op) || LLVMIsAArgument(op)))
        LLVMSetOperand(f->old[k], (unsigned)j, LLVMGetUndef(LLVMTypeOf(op)));
    }
  for (size_t k = 0; k < f->nold; k++) {
    if (LLVMGetFirstUse(f->old[k])) { /* a user outside the rewrite: a bug here */
      lg_report(x, f->old[k], f->fn, "a one-element vector (<1 x T>) value used in this form");
      x->vec1_failed = 1;
      return -1;
    }
    LLVMInstructionEraseFromParent(f->old[k]);
  }
  return 0;
}

/* Rewrites fn's body; old: the function fn replaces (its blocks move to fn,
 * its arguments become fn's), or NULL. */
static void lg_vec1_function(lg_ctx *x, LLVMValueRef fn, LLVMValueRef old) {
  lg_fn f = {.fn = fn};
  if (old) {
    for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(old), nx; bb; bb = nx) {
      nx = LLVMGetNextBasicBlock(bb);
      LLVMRemoveBasicBlockFromParent(bb);
      LLVMAppendExistingBasicBlock(fn, bb);
    }
    for (unsigned k = 0, n = LLVMCountParams(old); k < n; k++) {
      LLVMValueRef a = LLVMGetParam(old, k), na = LLVMGetParam(fn, k);
      size_t len = 0;
      const char *name = LLVMGetValueName2(a, &len);
      LLVMSetValueName2(na, name, len);
      if (LLVMTypeOf(a) == LLVMTypeOf(na))
        LLVMReplaceAllUsesWith(a, na);
      else if (lg_put(x, &f.vals, a, na))
        return;
    }
  }
  if (LLVMGetFirstBasicBlock(fn)) lg_vec1_body(x, &f);
  lg_map_fini(&f.vals);
  free(f.old);
  free(f.phis);
}

/* The name of intrinsic `name`'s overload on T where it names one on
 * <1 x T> (".v1f32" -> ".f32", ".p0v1f32" -> ".p0f32"; not ".v16f32"),
 * written to out (as long as name); 0, or -1 for one whose scalar form
 * would not compute the same (reductions and other whole-vector intrinsics). */
static int lg_intrinsic_name(const char *name, size_t n, char *out) {
  static const char *const whole[] = {"llvm.vector.", "llvm.masked.", "llvm.experimental.",
                                      "llvm.matrix."};
  for (size_t k = 0; k < sizeof whole / sizeof whole[0]; k++)
    if (!strncmp(name, whole[k], strlen(whole[k]))) return -1;
  size_t o = 0;
  for (size_t i = 0; i < n; i++) {
    /* "v1" starts a type where it follows '.' or a pointer's "pN" */
    size_t j = i;
    while (j > 0 && name[j - 1] >= '0' && name[j - 1] <= '9') j--;
    int starts = i > 0 && (name[i - 1] == '.' || (j < i && j > 1 && name[j - 1] == 'p'));
    if (starts && i + 2 < n && name[i] == 'v' && name[i + 1] == '1' &&
        !(name[i + 2] >= '0' && name[i + 2] <= '9')) {
      i++; /* drop "v1" */
      continue;
    }
    out[o++] = name[i];
  }
  out[o] = 0;
  return 0;
}

/* A global value's section and every metadata attachment, copied to its
 * replacement (a function or variable rebuilt with scalarised types). */
static void lg_copy_section_md(LLVMValueRef from, LLVMValueRef to) {
  const char *sec = LLVMGetSection(from);
  if (sec && *sec) LLVMSetSection(to, sec);
  size_t nmd = 0;
  LLVMValueMetadataEntry *md = LLVMGlobalCopyAllMetadata(from, &nmd);
  for (unsigned k = 0; k < nmd; k++)
    LLVMGlobalSetMetadata(to, LLVMValueMetadataEntriesGetKind(md, k),
                          LLVMValueMetadataEntriesGetMetadata(md, k));
  if (md) LLVMDisposeValueMetadataEntries(md);
}

/* The function standing for fn in the scalarised types (its attributes,
 * linkage and metadata the same), added to the module; NULL for an
 * intrinsic with no scalar form (its calls are then reported). */
static LLVMValueRef lg_new_function(lg_ctx *x, LLVMValueRef fn) {
  LLVMTypeRef ft = lg_map_type(x, LLVMGlobalGetValueType(fn));
  size_t n = 0;
  const char *name = LLVMGetValueName2(fn, &n);
  char *keep = malloc(n + 1);
  if (!keep) return NULL;
  LLVMValueRef nf = NULL;
  if (LLVMGetIntrinsicID(fn)) {
    if (!lg_intrinsic_name(name, n, keep) && LLVMLookupIntrinsicID(keep, strlen(keep))) {
      nf = LLVMGetNamedFunction(x->m, keep);
      if (nf && LLVMGlobalGetValueType(nf) != ft) nf = NULL;
      if (!nf) nf = LLVMAddFunction(x->m, keep, ft);
    }
    free(keep);
    return nf;
  }
  memcpy(keep, name, n);
  keep[n] = 0;
  LLVMSetValueName2(fn, "", 0);
  nf = LLVMAddFunction(x->m, keep, ft);
  free(keep);
  LLVMSetLinkage(nf, LLVMGetLinkage(fn));
  LLVMSetVisibility(nf, LLVMGetVisibility(fn));
  LLVMSetFunctionCallConv(nf, LLVMGetFunctionCallConv(fn));
  LLVMSetUnnamedAddress(nf, LLVMGetUnnamedAddress(fn));
  LLVMSetAlignment(nf, LLVMGetAlignment(fn));
  if (LLVMGetGC(fn)) LLVMSetGC(nf, LLVMGetGC(fn));
  lg_copy_attrs(x, fn, nf, 0, LLVMCountParams(fn));
  lg_copy_section_md(fn, nf);
  return nf;
}

/* The global variable standing for g in the scalarised type, added to the
 * module (its initialiser comes once every global has its replacement). */
static LLVMValueRef lg_new_global(lg_ctx *x, LLVMValueRef g) {
  LLVMTypeRef vt = lg_map_type(x, LLVMGlobalGetValueType(g));
  LLVMValueRef ng =
      LLVMAddGlobalInAddressSpace(x->m, vt, "", LLVMGetPointerAddressSpace(LLVMTypeOf(g)));
  size_t n = 0;
  const char *name = LLVMGetValueName2(g, &n);
  char *keep = lg_strndup(name, n);
  LLVMSetValueName2(g, "", 0);
  if (keep) LLVMSetValueName2(ng, keep, n);
  free(keep);
  LLVMSetLinkage(ng, LLVMGetLinkage(g));
  LLVMSetVisibility(ng, LLVMGetVisibility(g));
  LLVMSetGlobalConstant(ng, LLVMIsGlobalConstant(g));
  LLVMSetThreadLocalMode(ng, LLVMGetThreadLocalMode(g));
  LLVMSetExternallyInitialized(ng, LLVMIsExternallyInitialized(g));
  LLVMSetUnnamedAddress(ng, LLVMGetUnnamedAddress(g));
  /* an implicit alignment is the type's preferred one: kept explicit, the
   * old type's, so the data sits where it did */
  LLVMSetAlignment(ng, LLVMGetAlignment(g)
                           ? LLVMGetAlignment(g)
                           : LLVMPreferredAlignmentOfGlobal(LLVMGetModuleDataLayout(x->m), g));
  lg_copy_section_md(g, ng);
  return ng;
}

/* The whole <1 x T> rewrite: replacements for the globals and functions
 * whose type has one, every initialiser folded, every body rewritten, then
 * the replaced globals and functions deleted. */
static void lg_vec1_module(lg_ctx *x) {
  LLVMValueRef *olds = NULL;
  size_t nolds = 0, colds = 0;
  for (LLVMValueRef g = LLVMGetFirstGlobal(x->m); g; g = LLVMGetNextGlobal(g)) {
    if (lg_get(&x->fresh, g) || !lg_type_has_vec1(x, LLVMGlobalGetValueType(g))) continue;
    LLVMValueRef ng = lg_new_global(x, g);
    if (lg_put(x, &x->globals, g, ng) || lg_put(x, &x->fresh, ng, ng) ||
        lg_push(&olds, &nolds, &colds, g))
      goto done;
  }
  for (LLVMValueRef fn = LLVMGetFirstFunction(x->m); fn; fn = LLVMGetNextFunction(fn)) {
    if (lg_get(&x->fresh, fn) || !lg_type_has_vec1(x, LLVMGlobalGetValueType(fn))) continue;
    LLVMValueRef nf = lg_new_function(x, fn);
    if (!nf) continue; /* an intrinsic with no scalar form: its calls are reported */
    if (lg_put(x, &x->globals, fn, nf) || lg_put(x, &x->fresh, nf, nf) ||
        lg_push(&olds, &nolds, &colds, fn))
      goto done;
  }
  for (LLVMValueRef g = LLVMGetFirstGlobal(x->m); g; g = LLVMGetNextGlobal(g)) {
    LLVMValueRef into = lg_get(&x->globals, g);
    if (lg_get(&x->fresh, g)) continue;
    LLVMValueRef init = LLVMGetInitializer(g);
    LLVMValueRef f = init ? lg_fold(x, init, 0) : NULL;
    if (f && (into || f != init)) LLVMSetInitializer(into ? into : g, f);
    if (init && !f && into) {
      size_t n = 0;
      const char *name = LLVMGetValueName2(into, &n);
      x->errors++;
      fprintf(stderr,
              "error: the initialiser of '%.*s' holds a one-element vector constant "
              "this legaliser cannot fold (please report the kernel)\n",
              (int)n, name);
    }
  }
  for (size_t k = 0; k < nolds; k++)
    if (LLVMIsAFunction(olds[k])) lg_vec1_function(x, lg_get(&x->globals, olds[k]), olds[k]);
  for (LLVMValueRef fn = LLVMGetFirstFunction(x->m); fn; fn = LLVMGetNextFunction(fn))
    if (!lg_get(&x->fresh, fn) && !lg_get(&x->globals, fn)) lg_vec1_function(x, fn, NULL);
  /* the replaced ones go; a use left (a failed rewrite, reported) keeps
   * working through a cast of the replacement */
  for (size_t k = 0; k < nolds; k++) {
    LLVMValueRef old = olds[k], nw = lg_get(&x->globals, old);
    if (LLVMGetFirstUse(old)) LLVMReplaceAllUsesWith(old, LLVMConstBitCast(nw, LLVMTypeOf(old)));
    if (LLVMIsAFunction(old))
      LLVMDeleteFunction(old);
    else
      LLVMDeleteGlobal(old);
  }
done:
  free(olds);
  /* deleted keys: a later global may be allocated where one was */
  lg_map_fini(&x->globals);
  lg_map_fini(&x->fresh);
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
    if (LLVMGetInitializer(g) && lg_const_has_vec1(x, LLVMGetInitializer(g), 0)) {
      x->errors++;
      fprintf(stderr,
              "error: the initialiser of '%.*s' holds a one-element vector constant "
              "this legaliser cannot fold (please report the kernel)\n",
              (int)n, name);
    }
  }
  /* after a <1 x T> rewrite that stopped (and said where), what it left
   * would only repeat that */
  for (LLVMValueRef fn = LLVMGetFirstFunction(x->m); fn && !x->vec1_failed;
       fn = LLVMGetNextFunction(fn)) {
    if (lg_type_has_vec1(x, LLVMGlobalGetValueType(fn))) {
      lg_report(x, NULL, fn, "a one-element vector (<1 x T>) in a function signature");
      continue;
    }
    for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(fn); bb; bb = LLVMGetNextBasicBlock(bb))
      for (LLVMValueRef i = LLVMGetFirstInstruction(bb); i; i = LLVMGetNextInstruction(i)) {
        int bad = lg_inst_has_vec1(x, i);
        for (int k = 0, n = LLVMGetNumOperands(i); k < n && !bad; k++) {
          LLVMValueRef op = LLVMGetOperand(i, (unsigned)k);
          bad = op && LLVMIsAConstant(op) && lg_const_has_vec1(x, op, 0);
        }
        if (bad) lg_report(x, i, fn, "a one-element vector (<1 x T>) value");
      }
  }
}

int main(int argc, char **argv) {
  const char *facts = NULL;
  int a = 1, stats = 0;
  for (; a < argc - 2; a++) {
    if (!strcmp(argv[a], "--facts") && a + 1 < argc - 2)
      facts = argv[++a];
    else if (!strcmp(argv[a], "--stats")) /* what was rewritten, on stderr */
      stats = 1;
    else
      break;
  }
  if (argc - a != 2) {
    fprintf(stderr, "usage: wavesim-legal [--facts FACTS] [--stats] IN.ll|IN.bc OUT.ll\n");
    return 2;
  }
  const char *in = argv[a], *out = argv[a + 1];
  lg_ctx x = {0};
  x.c = LLVMContextCreate();
  LLVMMemoryBufferRef buf = NULL;
  char *msg = NULL;
  if (LLVMCreateMemoryBufferWithContentsOfFile(in, &buf, &msg)) {
    fprintf(stderr, "error: wavesim-legal: cannot read %s: %s\n", in, msg ? msg : "?");
    LLVMDisposeMessage(msg);
    LLVMContextDispose(x.c);
    return 2;
  }
  if (LLVMParseIRInContext(x.c, buf, &x.m, &msg)) { /* takes buf */
    fprintf(stderr, "error: wavesim-legal: %s is not valid LLVM IR: %s\n", in, msg ? msg : "?");
    LLVMDisposeMessage(msg);
    LLVMContextDispose(x.c);
    return 2;
  }
  x.b = LLVMCreateBuilderInContext(x.c);
  unsigned int_dots = lg_int_dot_rewrite(x.m, x.b);
  lg_vec1_module(&x);
  for (LLVMValueRef g = LLVMGetFirstGlobal(x.m), nx; g; g = nx) {
    nx = LLVMGetNextGlobal(g);
    if (lg_is_private_global(g) && lg_memcpy_only(g)) lg_to_constant(&x, g);
  }
  for (LLVMValueRef fn = LLVMGetFirstFunction(x.m); fn; fn = LLVMGetNextFunction(fn)) {
    if (!LLVMGetFirstBasicBlock(fn)) continue;
    lg_spirv12_forms(&x, fn);
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
  if (!x.errors && !rc && LLVMPrintModuleToFile(x.m, out, &msg)) {
    fprintf(stderr, "error: wavesim-legal: cannot write %s: %s\n", out, msg ? msg : "?");
    LLVMDisposeMessage(msg);
    rc = 2;
  }
  /* the facts of the module as written, after every rewrite */
  if (!x.errors && !rc && facts && lg_facts_write(x.c, x.m, facts)) rc = 2;
  if (stats)
    fprintf(stderr,
            "wavesim-legal: %u constants folded, %u <1 x T> values scalarised, %u private "
            "globals made allocas, %u moved to constant memory, %u vector selects, %u boolean "
            "ops, %u integer dot products\n",
            x.folded, x.scalarised, x.privatised, x.constants, x.selects, x.bool_ops, int_dots);
  LLVMDisposeBuilder(x.b);
  lg_map_fini(&x.types);
  lg_map_fini(&x.has1);
  LLVMDisposeModule(x.m);
  LLVMContextDispose(x.c);
  return x.errors ? 1 : rc;
}
