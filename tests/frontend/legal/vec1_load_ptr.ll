; A load and a store of <1 x float> through a pointer cast from float* (an OpenCL C
; as_type of a private pointer spells it): both become float accesses of the original
; pointer, the cast disappears, and the source position stays on the new instructions.
; SOURCE: kernel void f(global float *o, float *p) {
; SOURCE:   o[0] = *p;
; SOURCE: }
; CHECK-NOT: <1 x
; CHECK: %v = load float, float* %p, align 4, !dbg
; CHECK: %w = fadd float %v, %v, !dbg
; CHECK: store float %w, float* %p, align 4, !dbg
target datalayout = "e-p:32:32-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024"
target triple = "spir-unknown-unknown"
define spir_func void @f(float* %p) !dbg !6 {
  %t = bitcast float* %p to <1 x float>*, !dbg !9
  %v = load <1 x float>, <1 x float>* %t, align 4, !dbg !9
  %w = fadd <1 x float> %v, %v, !dbg !9
  store <1 x float> %w, <1 x float>* %t, align 4, !dbg !9
  ret void
}
!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!3}
!0 = distinct !DICompileUnit(language: DW_LANG_C99, file: !1, producer: "clang", isOptimized: false, runtimeVersion: 0, emissionKind: LineTablesOnly)
!1 = !DIFile(filename: "input.cl", directory: ".")
!3 = !{i32 2, !"Debug Info Version", i32 3}
!6 = distinct !DISubprogram(name: "f", scope: !1, file: !1, line: 1, type: !7, scopeLine: 1, spFlags: DISPFlagDefinition, unit: !0)
!7 = !DISubroutineType(types: !8)
!8 = !{}
!9 = !DILocation(line: 2, column: 3, scope: !6)
