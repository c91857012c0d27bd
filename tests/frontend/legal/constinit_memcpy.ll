; clang's constant part of a partly constant private initialiser (`S s = {n, 2.0f, {3, ...}}`),
; read only by memcpy: moved to the constant address space, the memcpy reading from there
; (its alignments and !tbaa.struct, which guides SROA's split of the copy, kept).
; CHECK: @constinit = private addrspace(2) constant [2 x i32] [i32 3, i32 4], align 4
; CHECK: call void @llvm.memcpy.p0i8.p2i8.i32(i8* align 4 %d, i8 addrspace(2)* align 4 bitcast ([2 x i32] addrspace(2)* @constinit to i8 addrspace(2)*), i32 8, i1 false)
; CHECK: i32 8, i1 false), !tbaa.struct !
; CHECK-NOT: call void @llvm.memcpy.p0i8.p0i8
target datalayout = "e-p:32:32-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024"
target triple = "spir-unknown-unknown"
@constinit = private global [2 x i32] [i32 3, i32 4], align 4
define spir_func void @f(i8* %d) {
  call void @llvm.memcpy.p0i8.p0i8.i32(i8* align 4 %d, i8* align 4 bitcast ([2 x i32]* @constinit to i8*), i32 8, i1 false), !tbaa.struct !1
  ret void
}
declare void @llvm.memcpy.p0i8.p0i8.i32(i8* noalias nocapture writeonly, i8* noalias nocapture readonly, i32, i1 immarg)
!1 = !{i64 0, i64 4, !2, i64 4, i64 4, !2}
!2 = !{!3, !3, i64 0}
!3 = !{!"int", !4, i64 0}
!4 = !{!"omnipotent char", !5, i64 0}
!5 = !{!"Simple C/C++ TBAA"}
