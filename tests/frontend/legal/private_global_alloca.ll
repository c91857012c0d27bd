; A private-address-space global with other uses (a load through a constant GEP, a store, a
; memcpy) cannot be a module constant: each function gets an alloca initialised at its entry;
; globals of other address spaces and declarations stay.
; CHECK-NOT: @g =
; CHECK: alloca [2 x i32], align 4
; CHECK: store i32 3, i32* %
; CHECK: store i32 4, i32* %
; CHECK: @c = private unnamed_addr addrspace(2) constant [2 x i32] [i32 1, i32 2], align 4
target datalayout = "e-p:32:32-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024"
target triple = "spir-unknown-unknown"
@g = private global [2 x i32] [i32 3, i32 4], align 4
@c = private unnamed_addr addrspace(2) constant [2 x i32] [i32 1, i32 2], align 4
define spir_func i32 @f(i8* %d) {
  call void @llvm.memcpy.p0i8.p0i8.i32(i8* align 4 %d, i8* align 4 bitcast ([2 x i32]* @g to i8*), i32 8, i1 false)
  store i32 9, i32* getelementptr inbounds ([2 x i32], [2 x i32]* @g, i32 0, i32 0)
  %v = load i32, i32* getelementptr inbounds ([2 x i32], [2 x i32]* @g, i32 0, i32 1)
  %w = load i32, i32 addrspace(2)* getelementptr inbounds ([2 x i32], [2 x i32] addrspace(2)* @c, i32 0, i32 1)
  %s = add i32 %v, %w
  ret i32 %s
}
declare void @llvm.memcpy.p0i8.p0i8.i32(i8* noalias nocapture writeonly, i8* noalias nocapture readonly, i32, i1 immarg)
