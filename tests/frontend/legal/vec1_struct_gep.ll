; A struct holding <1 x float> and an array of <1 x i8>: rebuilt as a new struct type; a
; global of it with its initialiser, constant GEPs into it (one stepping into the vector),
; a function returning it through sret and taking it byval (the type attributes name the
; new type), GEPs through its fields.
; CHECK-NOT: <1 x
; CHECK: %struct.S.0 = type { float, i32, [2 x i8] }
; CHECK: @g = addrspace(1) global %struct.S.0 { float 1.500000e+00, i32 7, [2 x i8] c"\01\02" }, align 4
; CHECK: define spir_func void @mk(%struct.S.0* noalias sret(%struct.S.0) align 4 %r, float %x, %struct.S.0* byval(%struct.S.0) align 4 %in) {
; CHECK: %c = getelementptr inbounds %struct.S.0, %struct.S.0* %in, i32 0, i32 2, i32 1
; CHECK: %cv = load i8, i8* %c, align 1
; CHECK: %gv = load float, float addrspace(1)* getelementptr inbounds (%struct.S.0, %struct.S.0 addrspace(1)* @g, i32 0, i32 0), align 4
; CHECK: %gi = load i32, i32 addrspace(1)* getelementptr inbounds (%struct.S.0, %struct.S.0 addrspace(1)* @g, i32 0, i32 1), align 4
; CHECK: call spir_func void @mk(%struct.S.0* sret(%struct.S.0) align 4 %s, float %f, %struct.S.0* byval(%struct.S.0) align 4 %s)
target datalayout = "e-p:32:32-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024"
target triple = "spir-unknown-unknown"
%struct.S = type { <1 x float>, i32, [2 x <1 x i8>] }
@g = addrspace(1) global %struct.S { <1 x float> <float 1.5>, i32 7, [2 x <1 x i8>] [<1 x i8> <i8 1>, <1 x i8> <i8 2>] }, align 4
define spir_func void @mk(%struct.S* noalias sret(%struct.S) align 4 %r, <1 x float> %x, %struct.S* byval(%struct.S) align 4 %in) {
  %a = getelementptr inbounds %struct.S, %struct.S* %r, i32 0, i32 0
  %gv = load float, float addrspace(1)* getelementptr inbounds (%struct.S, %struct.S addrspace(1)* @g, i32 0, i32 0, i32 0), align 4
  %gs = insertelement <1 x float> undef, float %gv, i32 0
  %xs = fadd <1 x float> %x, %gs
  store <1 x float> %xs, <1 x float>* %a, align 4
  %c = getelementptr inbounds %struct.S, %struct.S* %in, i32 0, i32 2, i32 1
  %cv = load <1 x i8>, <1 x i8>* %c, align 1
  %d = getelementptr inbounds %struct.S, %struct.S* %r, i32 0, i32 2, i32 0
  store <1 x i8> %cv, <1 x i8>* %d, align 1
  %b = getelementptr inbounds %struct.S, %struct.S* %r, i32 0, i32 1
  %gi = load i32, i32 addrspace(1)* getelementptr inbounds (%struct.S, %struct.S addrspace(1)* @g, i32 0, i32 1), align 4
  store i32 %gi, i32* %b, align 4
  ret void
}
define spir_kernel void @k(%struct.S addrspace(1)* %o, float %f) {
  %s = alloca %struct.S, align 4
  %x = insertelement <1 x float> undef, float %f, i32 0
  call spir_func void @mk(%struct.S* sret(%struct.S) align 4 %s, <1 x float> %x, %struct.S* byval(%struct.S) align 4 %s)
  %v = load %struct.S, %struct.S* %s, align 4
  store %struct.S %v, %struct.S addrspace(1)* %o, align 4
  ret void
}
