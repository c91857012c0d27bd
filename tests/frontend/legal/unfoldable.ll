; A one-element vector this tool has no rewrite for (a load of <1 x float> through a pointer,
; which no OpenCL C source produces today): the tool fails (exit 1) naming the construct, the
; source position and the source line, never the translator's abort.
; SOURCE: kernel void f(global float *o, float *p) {
; SOURCE:   o[0] = *p;
; SOURCE: }
; ERROR: input.cl:2:3: error: a one-element vector (<1 x T>) value is not supported by the SPIR-V translator
; ERROR:   2 |   o[0] = *p;
target datalayout = "e-p:32:32-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024"
target triple = "spir-unknown-unknown"
@x = addrspace(1) global i32 0
define spir_func void @f(float* %p) !dbg !6 {
  %t = bitcast float* %p to <1 x float>*, !dbg !9
  %v = load <1 x float>, <1 x float>* %t, !dbg !9
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
