; A one-element vector this tool has no rewrite for: a reduction intrinsic on <1 x i32>
; (its scalar overload would not be a reduction; no OpenCL C source produces it today).
; The tool fails (exit 1) naming the construct, the source position and the source line,
; never the translator's abort.
; SOURCE: kernel void f(global int *o, int1 v) {
; SOURCE:   o[0] = reduce(v);
; SOURCE: }
; ERROR: input.cl:2:10: error: a one-element vector (<1 x T>) value in this form is not supported by the SPIR-V translator
; ERROR:   2 |   o[0] = reduce(v);
target datalayout = "e-p:32:32-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024"
target triple = "spir-unknown-unknown"
declare i32 @llvm.vector.reduce.add.v1i32(<1 x i32>)
define spir_func i32 @f(<1 x i32> %v) !dbg !6 {
  %r = call i32 @llvm.vector.reduce.add.v1i32(<1 x i32> %v), !dbg !9
  ret i32 %r
}
!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!3}
!0 = distinct !DICompileUnit(language: DW_LANG_C99, file: !1, producer: "clang", isOptimized: false, runtimeVersion: 0, emissionKind: LineTablesOnly)
!1 = !DIFile(filename: "input.cl", directory: ".")
!3 = !{i32 2, !"Debug Info Version", i32 3}
!6 = distinct !DISubprogram(name: "f", scope: !1, file: !1, line: 1, type: !7, scopeLine: 1, spFlags: DISPFlagDefinition, unit: !0)
!7 = !DISubroutineType(types: !8)
!8 = !{}
!9 = !DILocation(line: 2, column: 10, scope: !6)
