/* legal_facts.c: what SPIR-V cannot say about a kernel, read from the module
 * through LLVM's C API and written for clc.c as the marker strings of
 * clc_hint.h; and clang's uniform work-group attribute set on every kernel.
 *
 * Two facts are lost in translation: the signedness of vec_type_hint (the
 * VecTypeHint execution mode keeps only the width; clang's !vec_type_hint
 * metadata node is {<k x iB> undef, i32 signed}) and clang's
 * "uniform-work-group-size"="true" function attribute (OpenCL C 1.x and
 * -cl-uniform-work-group-size), which SPIR-V has no word for. Read from the
 * module rather than its text, a kernel is a kernel whatever its name's
 * spelling (a quoted @"name" from a SPIR-V module) and its attributes are
 * its own, not a numbered group's. */
#include <stdio.h>
#include <string.h>

#include "clc_hint.h"
#include "legal_internal.h"

static const char lg_uniform_attr[] = "uniform-work-group-size";
#define LG_UNIFORM_LEN (sizeof lg_uniform_attr - 1)

/* A kernel defined here (not declared): the functions llvm-spirv makes entry
 * points of. */
static int lg_is_kernel(LLVMValueRef fn) {
  return LLVMGetFunctionCallConv(fn) == LLVMSPIRKERNELCallConv && !LLVMIsDeclaration(fn);
}

/* fn's !vec_type_hint metadata names an unsigned integer type (scalar or
 * vector): its second operand, the signedness, is 0. */
static int lg_unsigned_hint(LLVMContextRef c, LLVMValueRef fn) {
  unsigned kind = LLVMGetMDKindIDInContext(c, "vec_type_hint", 13);
  size_t n = 0;
  LLVMValueMetadataEntry *md = LLVMGlobalCopyAllMetadata(fn, &n);
  int yes = 0;
  for (unsigned k = 0; k < n && !yes; k++) {
    if (LLVMValueMetadataEntriesGetKind(md, k) != kind) continue;
    LLVMValueRef node = LLVMMetadataAsValue(c, LLVMValueMetadataEntriesGetMetadata(md, k));
    if (!LLVMIsAMDNode(node) || LLVMGetMDNodeNumOperands(node) != 2) continue;
    LLVMValueRef ops[2];
    LLVMGetMDNodeOperands(node, ops);
    if (!ops[0] || !ops[1] || !LLVMIsAConstantInt(ops[1])) continue;
    LLVMTypeRef t = LLVMTypeOf(ops[0]);
    if (LLVMGetTypeKind(t) == LLVMVectorTypeKind) t = LLVMGetElementType(t);
    yes = LLVMGetTypeKind(t) == LLVMIntegerTypeKind && LLVMConstIntGetZExtValue(ops[1]) == 0;
  }
  if (md) LLVMDisposeValueMetadataEntries(md);
  return yes;
}

/* fn says "uniform-work-group-size"="true". */
static int lg_uniform(LLVMValueRef fn) {
  LLVMAttributeRef a = LLVMGetStringAttributeAtIndex(fn, LLVMAttributeFunctionIndex,
                                                     lg_uniform_attr, LG_UNIFORM_LEN);
  unsigned len = 0;
  const char *v = a ? LLVMGetStringAttributeValue(a, &len) : NULL;
  return v && len == 4 && !memcmp(v, "true", 4);
}

/* "<prefix><name><suffix>" and its NUL to f. */
static int lg_put_marker(FILE *f, const char *prefix, const char *name, size_t len,
                         const char *suffix) {
  return fputs(prefix, f) < 0 || fwrite(name, 1, len, f) != len || fputs(suffix, f) < 0 ||
                 fputc(0, f) == EOF
             ? -1
             : 0;
}

int lg_facts_write(LLVMContextRef c, LLVMModuleRef m, const char *path) {
  FILE *f = fopen(path, "wb");
  int bad = !f;
  for (LLVMValueRef fn = LLVMGetFirstFunction(m); fn && !bad; fn = LLVMGetNextFunction(fn)) {
    size_t len = 0;
    const char *name = LLVMGetValueName2(fn, &len);
    /* a name with a NUL cannot be an OpEntryPoint's (a NUL-terminated
     * literal): llvm-spirv gives such a kernel no name we could mark */
    if (!lg_is_kernel(fn) || !len || memchr(name, 0, len)) continue;
    if (lg_unsigned_hint(c, fn))
      bad = lg_put_marker(f, FE_CLC_HINT_PREFIX, name, len, FE_CLC_HINT_SUFFIX);
    if (!bad && lg_uniform(fn)) bad = lg_put_marker(f, FE_CLC_UNIFORM_PREFIX, name, len, "");
  }
  if (f && fclose(f)) bad = 1;
  if (bad) fprintf(stderr, "error: wavesim-legal: cannot write the kernel facts to %s\n", path);
  return bad ? -1 : 0;
}
